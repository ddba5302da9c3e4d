#!/usr/bin/env bash
# LoCoMo dev evaluation in one command: index each conversation as its own
# vault (a copy, so the shared corpus is never written to), run every question
# with `engram-cli recall --queries`, and score the run with the shared scorer.
# ENGRAM_BENCH_CONSOLIDATE=1 consolidates each vault before recall (what
# bench/locomo_eval_consolidated.sh sets); ENGRAM_BENCH_CONFIG may name an
# engram.json to copy into each vault. ENGRAM_BENCH_REVIEW=1 brings the review findings up to date
# before recall (what the workbench does after each index run), so recall orders contradictions and a
# pack drops duplicates as a person's vault would.
# Each result's text is what recall shows (the widened pair, long turns trimmed, lines an earlier
# result showed left out), so R@250t..R@1000t cost what a pack would spend.
#   bench/locomo_eval.sh [engram-cli] [extra recall options...]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cli="${1:-$here/build/app/engram-cli}"
shift || true
locomo="${LOCOMO_DIR:-$here/../shared/bench/locomo-dev}"
out="${BENCH_OUT:-$here/bench/out/locomo}"
rm -rf "$out"
mkdir -p "$out"
: > "$out/run.jsonl"
for conv in "$locomo"/corpus/conv-*; do
  name="$(basename "$conv")"
  vault="$out/corpus/$name"   # keeps "corpus/<conv>/" in the paths the scorer reads
  mkdir -p "$vault"
  cp "$conv"/*.md "$vault/"
  [ -f "${ENGRAM_BENCH_CONFIG:-/nonexistent}" ] && cp "$ENGRAM_BENCH_CONFIG" "$vault/engram.json"
  "$cli" index --vault "$vault" >/dev/null
  if [ "${ENGRAM_BENCH_CONSOLIDATE:-0}" = 1 ]; then "$cli" consolidate --vault "$vault" >/dev/null; fi
  if [ "${ENGRAM_BENCH_REVIEW:-0}" = 1 ]; then "$cli" review --vault "$vault" >/dev/null || true; fi
  "$cli" recall --vault "$vault" --queries "$locomo/queries.jsonl" --id-prefix "$name:" -k 50 "$@" >> "$out/run.jsonl"
done
python3 "$locomo/score_run.py" "$out/run.jsonl" --root "$locomo" --split dev
# Whether trimming kept the answers: the share of dev questions with a short answer (<= 6 words,
# verbatim in its evidence) whose answer is in the text that fits 500 tokens, and how many count.
echo "answer-in-pack@500t (%, questions): $(python3 "$locomo/answer_in_pack.py" "$locomo" dev "$out/run.jsonl" 500)"
