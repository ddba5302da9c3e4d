#!/usr/bin/env bash
# Compression of the consolidation layers on the LoCoMo dev transcripts: copies
# every conversation into a temporary vault under sessions/<conv>/ (the shared
# corpus is never written to), runs `engram-cli consolidate`, and reads the
# ledger (state/consolidation.jsonl).
#   bench/consolidation_compression.sh [engram-cli]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cli="${1:-$here/build/app/engram-cli}"
locomo="${LOCOMO_DIR:-$here/../shared/bench/locomo-dev}"
vault="$(mktemp -d)"
trap 'rm -rf "$vault"' EXIT
for conv in "$locomo"/corpus/conv-*; do
  mkdir -p "$vault/sessions/$(basename "$conv")"
  cp "$conv"/*.md "$vault/sessions/$(basename "$conv")/"
done
"$cli" index --vault "$vault" >/dev/null
/usr/bin/time -f "consolidate: %e s, %M KB" "$cli" consolidate --vault "$vault" >/dev/null
python3 - "$vault/state/consolidation.jsonl" <<'PY'
import json, sys, collections
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
layers = ["session", "daily", "weekly", "fact"]
agg = collections.OrderedDict((l, {"n": 0, "in": 0, "out": 0, "ms": 0}) for l in layers)
for r in rows:
    a = agg[r["layer"]]
    a["n"] += 1; a["in"] += r["tokens_in"]; a["out"] += r["tokens_out"]; a["ms"] += r["elapsed_ms"]
raw = agg["session"]["in"]
print("| layer | digests | tokens in | tokens out | ratio (layer) | ratio (raw → layer) | ms |")
print("|---|---|---|---|---|---|---|")
for l, a in agg.items():
    if a["n"]:
        print(f"| {l} | {a['n']} | {a['in']} | {a['out']} | {a['in'] / a['out']:.1f}× | {raw / a['out']:.1f}× | {a['ms']} |")
PY
