#!/usr/bin/env bash
# LoCoMo dev at scale: the three dev conversations inside a synthetic vault of N chunks
# (bench/gen_vault.py, seed 42), one index, every question recalled against all of it.
# The synthetic notes and transcripts are distractors, and so are the other two
# conversations (the scorer counts a result from another conversation as covering
# nothing). It measures what locomo_eval.sh cannot: the speed cut-offs that only act in
# large vaults (common query terms left to the vector side) and ranking among 100k chunks.
#   bench/locomo_at_scale.sh [--chunks N] [--base DIR] [--cli PATH] [--out DIR]
#   bench/locomo_at_scale.sh [chunks] [engram-cli]           (the older positional form)
# --chunks   size of the synthetic vault (default 100000; 1000000 needs ~5 GB of index)
# --base     an existing `gen_vault.py --chunks N --seed 42` output to copy instead of
#            generating one (e.g. /work/big/vault-1m); it is read, never indexed in place
# --out      where the generated vault, the indexed copy and run.jsonl go
#            (default $BENCH_OUT or bench/out/locomo-scale)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
chunks=100000
cli="$here/build/app/engram-cli"
base=""
out="${BENCH_OUT:-$here/bench/out/locomo-scale}"
positional=0
while [ $# -gt 0 ]; do
  case "$1" in
    --chunks) chunks="$2"; shift 2 ;;
    --base) base="$2"; shift 2 ;;
    --cli) cli="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    -*) echo "locomo_at_scale.sh: unknown option $1" >&2; exit 2 ;;
    *)
      case $positional in
        0) chunks="$1" ;;
        1) cli="$1" ;;
        *) echo "locomo_at_scale.sh: unexpected argument $1" >&2; exit 2 ;;
      esac
      positional=$((positional + 1)); shift ;;
  esac
done
case "$chunks" in
  ''|*[!0-9]*) echo "locomo_at_scale.sh: --chunks takes a number, not '$chunks'" >&2; exit 2 ;;
esac
locomo="${LOCOMO_DIR:-$here/../shared/bench/locomo-dev}"
[ -n "$base" ] || base="$out/synthetic-$chunks"
vault="$out/vault-$chunks"
mkdir -p "$out"
if [ ! -d "$base" ]; then
  [ "$base" = "$out/synthetic-$chunks" ] || { echo "locomo_at_scale.sh: no vault at $base" >&2; exit 2; }
  python3 "$here/bench/gen_vault.py" "$base" --chunks "$chunks" >/dev/null
fi
if [ ! -f "$vault/.engram/index.db" ] || [ "${ENGRAM_BENCH_REINDEX:-0}" = 1 ]; then
  rm -rf "$vault"
  cp -r "$base" "$vault"
  rm -rf "$vault/.engram" # a copied index would not be the fresh one this measures
  mkdir -p "$vault/corpus"
  cp -r "$locomo"/corpus/conv-* "$vault/corpus/"
  [ -f "${ENGRAM_BENCH_CONFIG:-/nonexistent}" ] && cp "$ENGRAM_BENCH_CONFIG" "$vault/engram.json"
  SECONDS=0
  "$cli" index --vault "$vault" >/dev/null
  echo "indexed $(basename "$vault") in ${SECONDS} s"
fi
"$cli" recall --vault "$vault" --queries "$locomo/queries.jsonl" -k 50 > "$out/run.jsonl"
python3 "$locomo/score_run.py" "$out/run.jsonl" --root "$locomo" --split dev
