#!/usr/bin/env bash
# The workbench's CPU while a vault keeps changing, as it does while an agent works: the real
# `engram` (offscreen) on VAULT, a settle, then a note written atomically every N seconds; prints
# the CPU time of the whole process over that stretch (utime + stime from /proc/PID/stat).
#   bench/workbench_cpu.sh --vault DIR [--workbench PATH] [--every 5] [--seconds 120] [--settle 60]
# DIR is written to (notes/cpu-tick-*.md): pass a copy.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
workbench="$here/build/app/workbench/engram"
vault=""; every=5; seconds=120; settle=60
while [ $# -gt 0 ]; do
  case "$1" in
    --vault) vault="$2"; shift 2 ;;
    --workbench) workbench="$2"; shift 2 ;;
    --every) every="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --settle) settle="$2"; shift 2 ;;
    -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
    *) echo "workbench_cpu.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -d "$vault" ] || { echo "workbench_cpu.sh: --vault DIR is required (a copy: it is written to)" >&2; exit 2; }
mkdir -p "$vault/notes"
QT_QPA_PLATFORM=offscreen "$workbench" --vault "$vault" >/dev/null 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
sleep "$settle"
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
hz=$(getconf CLK_TCK)
c0=$(ticks); t0=$(date +%s.%N)
for i in $(seq 1 $((seconds / every))); do
  printf '# Tick %s\n\nThe agent appended turn %s about the heron at the weir.\n' "$i" "$i" > "$vault/notes/.cpu-tick.tmp"
  mv "$vault/notes/.cpu-tick.tmp" "$vault/notes/cpu-tick-$i.md"
  sleep "$every"
done
c1=$(ticks); t1=$(date +%s.%N)
awk -v c="$((c1 - c0))" -v hz="$hz" -v t0="$t0" -v t1="$t1" \
  'BEGIN { cpu = c / hz; wall = t1 - t0; printf "workbench CPU %.1f s over %.1f s (%.0f %% of a core)\n", cpu, wall, 100 * cpu / wall }'
