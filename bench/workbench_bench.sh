#!/usr/bin/env bash
# Workbench responsiveness on a large vault: launch to the window shown and to a usable memory
# list, the longest UI-thread stall while it opens, while 100 notes are written, during a full
# rebuild (below 300k chunks: at 1M a rebuild is ~20 min), idle CPU, and the same probe alone
# (what the machine's load alone does to it).
#   bench/workbench_bench.sh [build-dir]     (CHUNKS=100000 by default; BENCH_VAULT=DIR to reuse one)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$here/build}"
chunks="${CHUNKS:-100000}"
vault="${BENCH_VAULT:-$here/bench/out/vault-$chunks}"
if [ ! -f "$vault/.engram/index.db" ]; then
  rm -rf "$vault"
  python3 "$here/bench/gen_vault.py" "$vault" --chunks "$chunks"
  echo "indexing $vault once with engram-cli…" >&2
  nice "$build/app/engram-cli" index --vault "$vault" >&2
fi
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
bench="$build/bench/workbench_bench"
echo "the probe alone (20 s):"
nice "$bench" --floor-seconds 20
sync
echo "cold start (3 runs):"
for i in 1 2 3; do
  t0=$(date +%s%3N)
  nice "$bench" --vault "$vault" --t0-ms "$t0"
done
echo "open, 100 notes written one every 50 ms, then 30 s idle:"
t0=$(date +%s%3N)
nice "$bench" --vault "$vault" --t0-ms "$t0" --writes 100 --idle-seconds 30
if [ "$chunks" -le 300000 ]; then
  echo "open, then a full rebuild:"
  t0=$(date +%s%3N)
  nice "$bench" --vault "$vault" --t0-ms "$t0" --rebuild
fi
rm -rf "$vault/notes/bench-writes"
