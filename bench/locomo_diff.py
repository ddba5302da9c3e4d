#!/usr/bin/env python3
"""Per-question difference between two LoCoMo run files: which questions gained or lost evidence
within a token budget, at which rank each evidence turn came in both runs, and what filled the
budget ahead of it in the worse run.
  python3 bench/locomo_diff.py BEFORE.jsonl AFTER.jsonl [--budget 500] [--root LOCOMO] [--show N]
"""
import argparse
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser()
ap.add_argument("before")
ap.add_argument("after")
ap.add_argument("--budget", type=int, default=500)
ap.add_argument("--root", default=os.path.join(here, "..", "..", "shared", "bench", "locomo-dev"))
ap.add_argument("--show", type=int, default=0, help="print the packed results of N losing questions")
args = ap.parse_args()
sys.path.insert(0, args.root)
from metrics import dia_ids_in_text, load_queries  # noqa: E402
from score_run import CONV_IN_PATH  # noqa: E402


def load(path):
    return {json.loads(l)["id"]: json.loads(l)["results"] for l in open(path) if l.strip()}


def covers(res, conv):
    m = CONV_IN_PATH.search(res.get("file", ""))
    if m and m.group(1) != conv:
        return set()
    return dia_ids_in_text(res.get("text", ""))


def analyse(results, conv, evidence):
    left, packed, rank, inpack = args.budget, set(), {}, []
    for i, r in enumerate(results, 1):
        c = covers(r, conv)
        for d in c & evidence:
            rank.setdefault(d, i)
        cost = max(1, len(r.get("text", "")) // 4)
        if cost <= left:
            left -= cost
            packed |= c
            inpack.append((i, cost, r))
    return packed & evidence, rank, inpack


queries = load_queries(os.path.join(args.root, "queries.jsonl"), "dev")
before, after = load(args.before), load(args.after)
cat = {1: "multi", 2: "temp", 3: "open", 4: "single"}
gain = loss = 0.0
shown = 0
for q in queries:
    ev = set(q["evidence"])
    pb, rb, _ = analyse(before.get(q["id"], []), q["conversation"], ev)
    pa, ra, packa = analyse(after.get(q["id"], []), q["conversation"], ev)
    if pb == pa:
        continue
    delta = (len(pa) - len(pb)) / len(ev)
    gain += max(0, delta)
    loss += max(0, -delta)
    turns = " ".join(f"{d}:{rb.get(d, '-')}>{ra.get(d, '-')}{'*' if d in pa else ''}" for d in sorted(ev))
    print(f"{'+' if delta > 0 else '-'}{abs(delta):.2f} {q['id']} {cat[q['category']]:6} {turns}  | {q['question'][:70]}")
    if delta < 0 and shown < args.show:
        shown += 1
        for i, cost, r in packa:
            print(f"     #{i:<2} {cost:4}t {r['file'].split('corpus/')[-1]}:{r['start_line']}-{r['end_line']}  {r['text'][:150]!r}")
print(f"questions: +{gain:.2f} -{loss:.2f} (evidence shares); R@{args.budget}t change {100 * (gain - loss) / len(queries):+.1f}")
