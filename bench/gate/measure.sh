#!/usr/bin/env bash
# The gate on questions it was tuned on or not (bench/gate/README.md): each everyday question of a half
# in each LoCoMo dev conversation (its own vault, as bench/locomo_eval.sh indexes them: run that first),
# counting the (question, conversation) pairs that get any result (false accepts), and each dev
# question with evidence of the same half in its own conversation, counting those answered with nothing.
#   bench/gate/measure.sh tuning|held-out|all [engram-cli]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
half="${1:-held-out}"
cli="${2:-$here/build/app/engram-cli}"
locomo="${LOCOMO_DIR:-$here/../shared/bench/locomo-dev}"
vaults="${BENCH_OUT:-$here/bench/out/locomo}/corpus"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
# The n-th question (1-based; comments and blank lines skipped) is in the tuning half when n is odd.
python3 - "$half" "$here/bench/gate/everyday.txt" "$locomo/queries.jsonl" "$tmp" <<'PY'
import json, sys
half, everyday, dev, tmp = sys.argv[1:]
def keep(n):  # n is 1-based
    return half == "all" or (half == "tuning") == (n % 2 == 1)
lines = [l.strip() for l in open(everyday, encoding="utf-8") if l.strip() and not l.startswith("#")]
with open(f"{tmp}/everyday.jsonl", "w") as f:
    for n, q in enumerate(lines, 1):
        if keep(n):
            f.write(json.dumps({"id": f"e{n:03d}", "question": q}) + "\n")
for conv in ("conv-26", "conv-30", "conv-41"):
    with open(f"{tmp}/dev-{conv}.jsonl", "w") as f:
        n = 0
        for line in open(dev, encoding="utf-8"):
            q = json.loads(line)
            if not q.get("evidence"):
                continue
            n += 1
            if q["conversation"] == conv and keep(n):
                f.write(json.dumps({"id": q["id"], "question": q["question"]}) + "\n")
PY
for conv in conv-26 conv-30 conv-41; do
  "$cli" recall --vault "$vaults/$conv" --queries "$tmp/everyday.jsonl" -k 10 2>/dev/null | sed "s/\"id\":\"/\"id\":\"$conv:/" >> "$tmp/everyday-run.jsonl"
  "$cli" recall --vault "$vaults/$conv" --queries "$tmp/dev-$conv.jsonl" -k 10 2>/dev/null >> "$tmp/dev-run.jsonl"
done
python3 - "$tmp" "$half" <<'PY'
import json, sys
tmp, half = sys.argv[1:]
questions = {json.loads(l)["id"]: json.loads(l)["question"] for l in open(f"{tmp}/everyday.jsonl")}
runs = [json.loads(l) for l in open(f"{tmp}/everyday-run.jsonl")]
accepted = [r for r in runs if r["results"]]
dev = [json.loads(l) for l in open(f"{tmp}/dev-run.jsonl")]
silenced = [r["id"] for r in dev if not r["results"]]
partial = sum(1 for r in dev for x in r["results"][:1] if x.get("partial"))
print(f"{half}: everyday false accepts {len(accepted)}/{len(runs)} pairs ({100 * len(accepted) / max(1, len(runs)):.1f} %); "
      f"dev questions with evidence silenced {len(silenced)}/{len(dev)}; dev top result partial {partial}/{len(dev)}")
for r in accepted:
    print("  accepted:", r["id"], questions[r["id"].split(":")[1]])
for i in silenced:
    print("  silenced:", i)
PY
