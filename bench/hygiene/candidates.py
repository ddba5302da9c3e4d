#!/usr/bin/env python3
"""How many planted pairs the review's stored rows hold: the bound of what a judge of those rows can find.

  python3 bench/hygiene/candidates.py DIR

Reads DIR/planted.json and the finding index of DIR/.engram/index.db (review_findings: duplicate,
contradiction and related rows) and prints, per planted kind, how many planted pairs are among the stored
rows, and by which stored kind. A judge that is asked about every stored row can find no planted pair
outside them. Python 3 standard library only.
"""
import json
import os
import sqlite3
import sys


def main():
    vault = sys.argv[1]
    with open(os.path.join(vault, "planted.json"), encoding="utf-8") as f:
        planted = json.load(f)
    db = sqlite3.connect("file:%s?mode=ro" % os.path.join(vault, ".engram", "index.db"), uri=True)
    stored = {}
    rows = db.execute("SELECT r.kind, fo.path, fn.path FROM review_findings r "
                      "JOIN chunks o ON o.id = r.older JOIN files fo ON fo.id = o.file_id "
                      "JOIN chunks n ON n.id = r.newer JOIN files fn ON fn.id = n.file_id")
    total = 0
    for kind, a, b in rows:
        total += 1
        stored.setdefault(frozenset((a, b)), set()).add(kind)
    print("stored rows: %d (pairs of files: %d)" % (total, len(stored)))
    for kind in ("duplicate", "contradiction", "none"):
        pairs = [p for p in planted["pairs"] if p["kind"] == kind]
        by = {}
        found = 0
        for p in pairs:
            kinds = stored.get(frozenset((p["a"], p["b"])))
            if kinds:
                found += 1
                for k in kinds:
                    by[k] = by.get(k, 0) + 1
        print("planted %-13s %3d of %3d among stored rows (%.1f %%) by stored kind %s" %
              (kind, found, len(pairs), 100.0 * found / max(1, len(pairs)), json.dumps(by, sort_keys=True)))


if __name__ == "__main__":
    main()
