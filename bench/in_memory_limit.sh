#!/usr/bin/env bash
# Runs a command inside a memory cgroup limited to LIMIT (default 2G), the way a laptop that gives
# Engram no more than that would: the kernel must then reclaim file pages (SQLite's map, the vector
# file) instead of keeping them resident because nothing else wants the memory. It prints the
# command's own output, then the cgroup's peak charge and how often the limit was hit; a command
# that needs more anonymous memory than the limit is OOM-killed, and that is reported too.
#   bench/in_memory_limit.sh [--limit 2G] -- COMMAND [ARGS...]
# Needs root and a writable memory controller (cgroup v2 /sys/fs/cgroup, or v1
# /sys/fs/cgroup/memory). Start from a fresh index: file pages another cgroup already touched are
# charged there and are not reclaimed on this one's behalf.
set -euo pipefail
limit=2G
while [ $# -gt 0 ]; do
  case "$1" in
    --limit) limit="$2"; shift 2 ;;
    --) shift; break ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || { echo "in_memory_limit.sh: no command given" >&2; exit 2; }

name="engram-bench-$$"
if [ -f /sys/fs/cgroup/cgroup.controllers ] && grep -qw memory /sys/fs/cgroup/cgroup.controllers; then
  group="/sys/fs/cgroup/$name"
  mkdir "$group"
  echo "$limit" > "$group/memory.max"
  echo 0 > "$group/memory.swap.max" 2>/dev/null || true
  peak_file="$group/memory.peak"   # Linux 5.19+; older kernels show only memory.current
  events_file="$group/memory.events"
elif [ -d /sys/fs/cgroup/memory ]; then
  group="/sys/fs/cgroup/memory/$name"
  mkdir "$group"
  bytes=$(numfmt --from=iec "$limit")
  echo "$bytes" > "$group/memory.limit_in_bytes"
  peak_file="$group/memory.max_usage_in_bytes"
  events_file="$group/memory.failcnt"
else
  echo "in_memory_limit.sh: no memory cgroup controller to use here" >&2
  exit 2
fi
cleanup() { rmdir "$group" 2>/dev/null || true; }
trap cleanup EXIT

status=0
bash -c 'echo $$ > "$1/cgroup.procs"; shift; exec "$@"' limit "$group" "$@" || status=$?
echo
echo "memory limit $limit: exit status $status"
[ "$status" = 137 ] && echo "killed: the command needed more memory than the limit (the kernel's OOM killer)"
[ -f "$peak_file" ] && echo "cgroup peak charge: $(( $(cat "$peak_file") / 1048576 )) MiB (page cache included)"
[ -f "$events_file" ] && echo "limit events: $(tr '\n' ' ' < "$events_file")"
exit "$status"
