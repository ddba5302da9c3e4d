#!/usr/bin/env bash
# LoCoMo dev at scale: the three dev conversations inside a synthetic vault of N chunks
# (bench/gen_vault.py, seed 42), one index, every question recalled against all of it.
# The synthetic notes and transcripts are distractors, and so are the other two
# conversations (the scorer counts a result from another conversation as covering
# nothing). It measures what locomo_eval.sh cannot: the speed cut-offs that only act in
# large vaults (common query terms left to the vector side) and ranking among 100k chunks.
#   bench/locomo_at_scale.sh [chunks, default 100000] [engram-cli]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
chunks="${1:-100000}"
cli="${2:-$here/build/app/engram-cli}"
locomo="${LOCOMO_DIR:-$here/../shared/bench/locomo-dev}"
out="${BENCH_OUT:-$here/bench/out/locomo-scale}"
base="$out/synthetic-$chunks"
vault="$out/vault-$chunks"
mkdir -p "$out"
[ -d "$base" ] || python3 "$here/bench/gen_vault.py" "$base" --chunks "$chunks" >/dev/null
if [ ! -f "$vault/.engram/index.db" ] || [ "${ENGRAM_BENCH_REINDEX:-0}" = 1 ]; then
  rm -rf "$vault"
  cp -r "$base" "$vault"
  mkdir -p "$vault/corpus"
  cp -r "$locomo"/corpus/conv-* "$vault/corpus/"
  [ -f "${ENGRAM_BENCH_CONFIG:-/nonexistent}" ] && cp "$ENGRAM_BENCH_CONFIG" "$vault/engram.json"
  SECONDS=0
  "$cli" index --vault "$vault" >/dev/null
  echo "indexed $(basename "$vault") in ${SECONDS} s"
fi
"$cli" recall --vault "$vault" --queries "$locomo/queries.jsonl" -k 50 > "$out/run.jsonl"
python3 "$locomo/score_run.py" "$out/run.jsonl" --root "$locomo" --split dev
