#!/usr/bin/env python3
"""Sanity checks of a vault written by gen_planted.py.

  python3 bench/hygiene/check.py VAULT [--sample 20] [--seed 1] [--threshold 0.6] [--other VAULT2]

- prints SAMPLE random planted pairs and SAMPLE random background memories to read;
- word-set Jaccard over every generated memory and note body (and every generated chat turn):
  lists each pair above THRESHOLD that is not a planted pair (there should be none);
- with --other (a vault of the other split): how much of this split's vocabulary and of its
  word trigrams also occurs in the other one (the template banks must be disjoint).
"""
import argparse
import json
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from gen_planted import STOP, jaccard, words  # noqa: E402

TURN = re.compile(r'^\*\*([^*]+)\*\* \(D\d+:\d+\): (.*)$')


def body(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if text.startswith("---\n"):
        text = text[text.index("\n---\n", 4) + 5:]
    lines = [line for line in text.strip().splitlines() if not line.startswith("# ")]
    return " ".join(line for line in lines if line.strip())


def units(vault, manifest):
    """(path, line, text) of every generated memory/note body and generated chat turn."""
    corpus = set(manifest.get("corpus", []))
    out = []
    for top in ("memories", "notes", "sessions"):
        for root, _, files in os.walk(os.path.join(vault, top)):
            for name in sorted(files):
                full = os.path.join(root, name)
                rel = os.path.relpath(full, vault)
                if rel in corpus:
                    continue
                if top == "sessions":
                    with open(full, encoding="utf-8") as f:
                        for i, line in enumerate(f, 1):
                            m = TURN.match(line.rstrip("\n"))
                            if m:
                                out.append((rel, i, m.group(2)))
                else:
                    out.append((rel, None, body(full)))
    out.sort(key=lambda u: (u[0], u[1] or 0))
    return out


def near_pairs(items, t):
    """All pairs with Jaccard > t (prefix filtering over a fixed token order)."""
    import math
    import zlib
    sets = [words(x[2]) for x in items]
    df = {}
    for s in sets:
        for tok in s:
            df[tok] = df.get(tok, 0) + 1
    order = lambda tok: (df[tok], zlib.crc32(tok.encode()))  # noqa: E731  rare words first
    index = {}
    found = []
    for i, a in enumerate(sets):
        if not a:
            continue
        toks = sorted(a, key=order)
        prefix = toks[:max(1, len(toks) - math.ceil(t * len(toks)) + 1)]
        seen = set()
        for tok in prefix:
            for j in index.get(tok, ()):
                if j in seen:
                    continue
                seen.add(j)
                if not (t * len(a) <= len(sets[j]) <= len(a) / t):
                    continue
                jac = jaccard(a, sets[j])
                if jac > t:
                    found.append((jac, j, i))
            index.setdefault(tok, []).append(i)
    return sorted(found, reverse=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("vault")
    ap.add_argument("--sample", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threshold", type=float, default=0.6)
    ap.add_argument("--other")
    args = ap.parse_args()
    with open(os.path.join(args.vault, "planted.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    r = random.Random(args.seed)
    pairs = manifest["pairs"]
    planted_files = {p["a"] for p in pairs} | {p["b"] for p in pairs}
    print(f"== {args.vault}: split {manifest['split']}, {manifest['memories']} chunks, {len(pairs)} planted pairs")
    if args.sample:
        print(f"\n== {args.sample} random planted pairs")
        for p in r.sample(pairs, min(args.sample, len(pairs))):
            line = f" (line {p['b_line']})" if "b_line" in p else ""
            print(f"[{p['kind']}/{p['form']}] newer: {'a' if p['newer'] == p['a'] else 'b'}")
            print(f"  a {p['a']}\n    {p['a_text']}")
            print(f"  b {p['b']}{line}\n    {p['b_text']}")
    items = units(args.vault, manifest)
    if args.sample:
        bg = [u for u in items if u[1] is None and u[0] not in planted_files]
        print(f"\n== {args.sample} random background memories (of {len(bg)})")
        for u in r.sample(bg, min(args.sample, len(bg))):
            print(f"  {u[0]}\n    {u[2]}")
    listed = {frozenset((p["a"], p["b"])) for p in pairs}
    near = near_pairs(items, args.threshold)
    bad = []
    for jac, i, j in near:
        a, b = items[i], items[j]
        if a[0] == b[0] or frozenset((a[0], b[0])) in listed:
            continue
        bad.append((jac, a, b))
    print(f"\n== word-set Jaccard > {args.threshold} over {len(items)} generated texts "
          f"(memory and note bodies, generated chat turns): {len(bad)} pairs outside the planted pairs")
    for jac, a, b in bad[:40]:
        print(f"  {jac:.2f}  {a[0]}{':' + str(a[1]) if a[1] else ''}  |  {b[0]}{':' + str(b[1]) if b[1] else ''}\n"
              f"        {a[2]}\n        {b[2]}")
    if args.other:
        with open(os.path.join(args.other, "planted.json"), encoding="utf-8") as f:
            other_manifest = json.load(f)
        other = units(args.other, other_manifest)

        def vocab(us):
            v = set()
            for u in us:
                v |= {w for w in words(u[2]) if w not in STOP and not w.isdigit()}
            return v

        def trigrams(us):
            g = set()
            for u in us:
                toks = re.findall(r"[a-z0-9]+", u[2].lower())
                g |= {" ".join(toks[k:k + 3]) for k in range(len(toks) - 2)}
            return g
        va, vb = vocab(items), vocab(other)
        ga, gb = trigrams(items), trigrams(other)
        shared = sorted(va & vb)
        print(f"\n== vocabulary shared with {args.other}: {len(shared)} of {len(va)} content words "
              f"({100 * len(shared) / max(1, len(va)):.1f} %); word trigrams shared: {len(ga & gb)} of {len(ga)} "
              f"({100 * len(ga & gb) / max(1, len(ga)):.1f} %)")
        print("   shared words: " + " ".join(shared[:300]))
        print("   shared trigrams (sample): " + " | ".join(sorted(ga & gb)[:80]))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
