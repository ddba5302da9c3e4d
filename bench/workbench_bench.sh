#!/usr/bin/env bash
# Workbench responsiveness on a 100k-chunk vault: cold start to an interactive
# window, and the longest UI-thread stall during a full re-index.
#   bench/workbench_bench.sh [build-dir]     (CHUNKS=100000 by default)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$here/build}"
chunks="${CHUNKS:-100000}"
vault="${BENCH_VAULT:-$here/bench/out/workbench-vault-$chunks}"
if [ ! -f "$vault/.engram/index.db" ]; then
  rm -rf "$vault"
  python3 "$here/bench/gen_workbench_vault.py" "$vault" --chunks "$chunks"
  echo "indexing $vault once with engram-cli…" >&2
  "$build/app/engram-cli" index --vault "$vault" >&2
fi
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
sync
echo "cold start (3 runs):"
for i in 1 2 3; do
  t0=$(date +%s%3N)
  "$build/bench/workbench_bench" --vault "$vault" --t0-ms "$t0"
done
echo "full re-index with the latency probe:"
t0=$(date +%s%3N)
"$build/bench/workbench_bench" --vault "$vault" --t0-ms "$t0" --reindex
echo "engine data for the views (strengths, graph, tool statistics, ledger) with the latency probe:"
"$build/bench/workbench_bench" --vault "$vault" --insights
