#!/usr/bin/env bash
# Screenshots of every workbench view on the sample vault (docs/sample-vault
# plus two real Claude Code logs from ../shared/samples) into docs/screenshots/.
# Offscreen rendering by default; set QT_QPA_PLATFORM=xcb under xvfb-run for a real X server.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${BUILD_DIR:-$here/build}"
cmake --build "$build" --target workbench_screenshots -j 1
vault="$(mktemp -d)"
trap 'rm -rf "$vault"' EXIT
cp -r "$here/docs/sample-vault/." "$vault/"
samples="$here/../shared/samples/claude-code/projects"
if [ -d "$samples" ]; then
  find "$samples" -name '*.jsonl' | sort | head -n 3 | while read -r log; do
    cp "$log" "$vault/sessions/2026-11-24/$(basename "$log")"
  done
fi
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
export HOME="$vault/.home"   # fresh QSettings: no restored geometry or tab
mkdir -p "$HOME" "$here/docs/screenshots"
"$build/tests/workbench_screenshots" --vault "$vault" --out "$here/docs/screenshots"
ls -1 "$here/docs/screenshots"
