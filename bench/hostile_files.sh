#!/usr/bin/env bash
# Indexing time of hostile files: each file is indexed alone in a fresh vault with
# `engram-cli index`, under a timeout, and the times (CPU and wall seconds) are printed
# slowest first.
# Nothing a file contains may make indexing super-linear; the
# files here are the shapes that once did (heading lines with long runs of spaces,
# `[[a|` repeated, a FIFO) and others of the same family.
#   bench/hostile_files.sh [engram-cli] [timeout-seconds]
# HOSTILE_OUT names the work folder (default bench/out/hostile); HOSTILE_ONLY=name
# runs the cases whose name contains it.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cli="${1:-$here/build/app/engram-cli}"
limit="${2:-120}"
out="${HOSTILE_OUT:-$here/bench/out/hostile}"
rm -rf "$out"
mkdir -p "$out/files"

# The files, written by Python so that their bytes are exact (NULs, lone CRs, invalid UTF-8).
python3 - "$out/files" <<'EOF'
import os, sys
d = sys.argv[1]
def w(name, data):
    with open(os.path.join(d, name), 'wb') as f:
        f.write(data if isinstance(data, bytes) else data.encode())
MB = 1024 * 1024
w('heading-space-runs.md', ''.join('# a%sb%s#\n' % (' ' * 1000, ' ' * 1000) for _ in range(2000)))
w('heading-trailing-spaces.md', ''.join('## x' + ' ' * 3000 + '#' * 3 + ' ' * 3000 + 'y\n' for _ in range(500)))
w('wiki-pipe-open.md', '[[a|' * 100000)
w('wiki-open-7MB.md', '[[' * (int(3.5 * MB)))
w('wiki-hash-open.md', '[[a#' * 500000)
w('wiki-distinct-links.md', ' '.join('[[note %d]]' % i for i in range(300000)))
w('link-open-bracket-7MB.md', '[' * (7 * MB))
w('link-unclosed-paren.md', '[a](' * 1000000)
w('link-bracket-close.md', '[a]' * 1000000)
w('huge-single-line.md', ('lorem ipsum dolor sit amet ' * (7 * MB // 27)))
w('one-very-long-word.md', 'a' * (7 * MB))
w('tiny-lines-1M.md', 'a\n' * 1000000)
w('tiny-paragraphs-1M.md', 'a\n\n' * 1000000)
w('blank-lines-4M.md', '\n' * (4 * MB))
w('spaces-7MB.md', ' ' * (7 * MB))
w('deep-nested-list.md', ''.join('  ' * i + '- item %d\n' % i for i in range(2000)))
w('headings-100k.md', '# \n' * 100000 + '###### h\n' * 100000)
w('headings-with-text-100k.md', ''.join('## heading %d\ntext %d\n' % (i, i) for i in range(100000)))
w('heading-4MB-then-paragraphs.md', '# ' + 'h' * (4 * MB) + '\n\n' + 'word\n\n' * 300000)
w('title-4MB-front-matter.md', '---\ntitle: ' + 't' * (4 * MB) + '\n---\n\n' + 'word\n\n' * 300000)
w('front-matter-deep-list.md', '---\nk: ' + '[' * 200000 + ']' * 200000 + '\n---\nbody\n')
w('front-matter-block-list-300k.md', '---\ntags:\n' + '  - x\n' * 300000 + '---\nbody\n')
w('front-matter-space-runs.md', '---\n' + ''.join('k%d:%sv%s#%s\n' % (i, ' ' * 2000, ' ' * 2000, ' ' * 2000) for i in range(300)) + '---\nbody\n')
w('front-matter-unclosed.md', '---\n' + 'k: v\n' * 500000)
w('front-matter-quotes.md', '---\nk: ' + '"' + '\\"' * 1000000 + '"\n---\nbody\n')
w('fence-unclosed.md', '```\n' + 'code line\n' * 500000)
w('fences-1M.md', '```\n' * 1000000)
w('nul-after-8k.md', 'a' * 9000 + '\0text\0' * 100000)
w('mixed-cr-lf.md', 'one\rtwo\nthree\r\nfour\n\r' * 200000)
w('cr-only.md', 'a paragraph\r\rof text\r' * 300000)
w('sentences-2M.md', 'a. ' * 2000000)
w('bangs-2M.md', '!' * 2000000 + '\n')
w('bold-speakers.md', ''.join('**A%s**: %s\n\n' % (' ' * 50, ' ' * 3000) for _ in range(1000)))
w('plain-turns-200k.md', ''.join('User: q %d\n\nAssistant: a %d\n\n' % (i, i) for i in range(100000)))
w('speaker-headings.md', ''.join('## User\nhi %d\n## Assistant\nho %d\n' % (i, i) for i in range(100000)))
w('stars-7MB.md', '*' * (7 * MB))
w('hashes-line-7MB.md', '#' * (7 * MB))
w('emphasis-runs.md', '_*' * (3 * MB))
w('rule-words.md', ('always never must ' * 200000) + '\n')
w('plain-text-long-line.txt', 'x' * (7 * MB))
w('jsonl-invalid-1M.jsonl', '{\n' * 1000000)
w('jsonl-assistant-100k.jsonl', ''.join('{"type":"assistant","message":{"content":"line %d"}}\n' % i for i in range(100000)))
w('jsonl-deep-array.jsonl', '[' * 500000 + ']' * 500000 + '\n')
w('jsonl-tool-calls-70k.jsonl', ''.join('{"type":"assistant","message":{"content":[{"type":"tool_use","id":"t%d","name":"Bash"}]}}\n' % i for i in range(70000)))
w('jsonl-long-string.jsonl', '{"type":"user","message":{"content":"' + 'x' * (7 * MB) + '"}}\n')
EOF
mkfifo "$out/files/fifo.md"

results="$out/results.tsv"
: > "$results"
for file in "$out/files"/*; do
  name="$(basename "$file")"
  if [ -n "${HOSTILE_ONLY:-}" ] && [[ "$name" != *"$HOSTILE_ONLY"* ]]; then continue; fi
  vault="$out/vaults/${name%.*}"
  mkdir -p "$vault"
  mv "$file" "$vault/$name"
  status=ok
  # Wall and CPU seconds: on a shared machine the CPU time is the steadier figure.
  TIMEFORMAT='%R %U %S'
  { time timeout "$limit" "$cli" index --vault "$vault" > "$out/${name%.*}.log" 2>&1 || status="exit $?"; } 2> "$out/time"
  [ "$status" = "exit 124" ] && status="TIMEOUT after ${limit}s"
  read -r wall user system < "$out/time"
  cpu=$(awk -v u="$user" -v s="$system" 'BEGIN{printf "%.2f", u+s}')
  size=$(stat -c %s "$vault/$name")
  summary="$(head -1 "$out/${name%.*}.log" | cut -c1-90)"
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$cpu" "$wall" "$name" "$size" "$status" "$summary" >> "$results"
done
printf '%7s %7s  %-34s %10s  %s\n' cpu-s wall-s file bytes outcome
sort -t$'\t' -k1,1 -g -r "$results" | while IFS=$'\t' read -r cpu wall name size status summary; do
  printf '%7s %7s  %-34s %10s  %s: %s\n' "$cpu" "$wall" "$name" "$size" "$status" "$summary"
done
