#!/usr/bin/env bash
# Where to draw the line between "relevant" and "nothing": the best absolute match (RelevanceGauge)
# of every answerable LoCoMo dev question in its own conversation, against that of every query in
# tests/data/recall/unrelated-queries.txt in each conversation. Run bench/locomo_eval.sh first (it
# leaves the indexed vaults in bench/out/locomo). Every run line carries each result's "match"; a
# query cut by RelevanceGauge::kRelevant shows 0, so set it to 0 and rebuild to see the whole spread.
#   bench/relevance_threshold.sh [engram-cli]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cli="${1:-$here/build/app/engram-cli}"
locomo="${LOCOMO_DIR:-$here/../shared/bench/locomo-dev}"
out="$here/bench/out/locomo"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
grep -v '^#' "$here/tests/data/recall/unrelated-queries.txt" | python3 -c '
import json, sys
for i, q in enumerate(l.strip() for l in sys.stdin if l.strip()):
    print(json.dumps({"id": "u%02d" % i, "question": q}))' > "$tmp/unrelated.jsonl"
for vault in "$out"/corpus/conv-*; do
  name="$(basename "$vault")"
  "$cli" recall --vault "$vault" --queries "$locomo/queries.jsonl" --id-prefix "$name:" -k 50 2>/dev/null >> "$tmp/dev.jsonl"
  "$cli" recall --vault "$vault" --queries "$tmp/unrelated.jsonl" -k 50 2>/dev/null | sed "s/\"id\":\"/\"id\":\"$name:/" >> "$tmp/unrelated-run.jsonl"
done
python3 - "$tmp/dev.jsonl" "$tmp/unrelated-run.jsonl" <<'PY'
import json, sys
def best(path):
    return sorted((max([r.get("match", 0) for r in j["results"]] or [0]), j["id"]) for j in map(json.loads, open(path)))
dev, unrelated = best(sys.argv[1]), best(sys.argv[2])
print("dev questions, lowest best match:", ", ".join(f"{m:.3f} {i}" for m, i in dev[:8]))
print("unrelated queries, highest best match:", ", ".join(f"{m:.3f} {i}" for m, i in unrelated[::-1][:8]))
print(f"dev: {sum(m > 0 for m, _ in dev)}/{len(dev)} return something; unrelated: {sum(m > 0 for m, _ in unrelated)}/{len(unrelated)}")
PY
