#!/usr/bin/env python3
"""Per-question difference of two LoCoMo dev run files (bench/locomo_eval.sh writes
bench/out/locomo/run.jsonl): which questions a ranking change gained or lost, by R@10 and R@500t,
so that an overall move of a point can be read as a few questions rather than a trend.

  python3 bench/locomo_compare.py BEFORE.jsonl AFTER.jsonl [--root ../shared/bench/locomo-dev]
"""
import argparse
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("before")
ap.add_argument("after")
ap.add_argument("--root", default=os.path.join(here, "..", "..", "shared", "bench", "locomo-dev"))
args = ap.parse_args()
sys.path.insert(0, args.root)
import score_run  # noqa: E402  (the shared scorer: the same covers and costs as the tables)
from metrics import load_queries, score_budget, score_query  # noqa: E402

queries = load_queries(os.path.join(args.root, "queries.jsonl"), "dev")
lines = score_run.load_line_index(args.root)
costs = score_run.load_turn_costs(args.root)


def per_question(path):
    run = {}
    for line in open(path, encoding="utf-8"):
        if line.strip():
            r = json.loads(line)
            run[r["id"]] = r.get("results", [])
    out = {}
    for q in queries:
        results = run.get(q["id"], [])
        covers = [score_run.covers_of(r, q["conversation"], lines) for r in results]
        s = score_query(covers, q["evidence"])
        spent = [score_run.cost_of(r, c, q["conversation"], costs) for r, c in zip(results, covers)]
        s.update(score_budget(covers, spent, q["evidence"]))
        out[q["id"]] = (s["recall@10"], s["recall@500t"])
    return out


before, after = per_question(args.before), per_question(args.after)
gained = lost = 0
for q in queries:
    b, a = before[q["id"]], after[q["id"]]
    if a == b:
        continue
    better = (a[1] - b[1]) + (a[0] - b[0]) > 0
    gained += better
    lost += not better
    print(f"{'+' if better else '-'} {q['id']} {q['category_name']:<12} R@10 {b[0]:.2f} -> {a[0]:.2f}  "
          f"R@500t {b[1]:.2f} -> {a[1]:.2f}  {q['question']}")
print(f"{gained} questions gained, {lost} lost, {len(queries) - gained - lost} unchanged")
