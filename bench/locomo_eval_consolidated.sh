#!/usr/bin/env bash
# LoCoMo dev evaluation with the consolidated layer: index each conversation as its own
# vault (a copy, so the shared corpus is never written to), consolidate it
# (session, daily, weekly digests and facts beside the raw transcripts), run
# every question with `engram-cli recall --queries`, and score the run.
# Digest items quote turns verbatim with their (Dn:m) markers, so the scorer
# credits a digest with the turns it holds. ENGRAM_BENCH_CONFIG may name an
# engram.json (e.g. a mode with layerWeights) to copy into each vault.
#   bench/locomo_eval_consolidated.sh [engram-cli] [extra recall options...]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export ENGRAM_BENCH_CONSOLIDATE=1
export BENCH_OUT="${BENCH_OUT:-$here/bench/out/locomo-consolidated}"
exec "$here/bench/locomo_eval.sh" "$@"
