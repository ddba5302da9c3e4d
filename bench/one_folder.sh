#!/usr/bin/env bash
# A vault whose files all sit in one folder: N small notes (one short line each) in inbox/.
# Prints, for `engram-cli index`: the full index, a second run that finds nothing changed (the
# scan and comparison alone), a run after one file changed, and `engram-cli index PATH` of that
# file; each with wall seconds, CPU seconds and peak RSS (MiB).
#   bench/one_folder.sh N [work-dir] [engram-cli]
# The work folder (default bench/out/one-folder-N) is deleted first and left for inspection.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
count="${1:?number of files}"
work="${2:-$here/bench/out/one-folder-$count}"
cli="${3:-$here/build/app/engram-cli}"
rm -rf "$work"
mkdir -p "$work/vault/inbox"

start=$(date +%s.%N)
python3 - "$work/vault/inbox" "$count" <<'EOF'
import os, sys
folder, n = sys.argv[1], int(sys.argv[2])
words = ['river', 'lamp', 'copper', 'orchard', 'signal', 'harbor', 'maple', 'violet', 'quartz', 'ember']
for i in range(n):
    with open(os.path.join(folder, 'n%07d.md' % i), 'w') as f:
        f.write('note %d about %s and %s, token%d\n' % (i, words[i % 10], words[(i // 10) % 10], i))
EOF
echo "files: $count in one folder, written in $(echo "$(date +%s.%N) - $start" | bc) s"

measure() { # label, then the command
  local label="$1"
  shift
  /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" > "$work/out" 2> "$work/err" || {
    echo "$label: failed"
    cat "$work/err"
    exit 1
  }
  read -r wall user sys rss < "$work/time"
  printf '%-28s wall %8.2f s  cpu %8.2f s  peak RSS %6d MiB  | %s\n' "$label" "$wall" \
    "$(echo "$user + $sys" | bc)" "$((rss / 1024))" "$(head -1 "$work/out")"
}

measure "full index" "$cli" index --vault "$work/vault"
measure "nothing changed" "$cli" index --vault "$work/vault"
middle="inbox/n$(printf '%07d' $((count / 2))).md"
echo "changed again: zebracorn" >> "$work/vault/$middle"
measure "one file changed" "$cli" index --vault "$work/vault"
echo "changed once more: quagmirefish" >> "$work/vault/$middle"
measure "index PATH of that file" "$cli" index --vault "$work/vault" "$middle"
measure "recall of its word" "$cli" recall --vault "$work/vault" quagmirefish
grep -q "$middle" "$work/out" || { echo "recall did not find $middle"; exit 1; }
du -sh "$work/vault/.engram" | sed 's/^/index on disk: /'
