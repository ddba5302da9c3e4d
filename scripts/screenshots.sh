#!/usr/bin/env bash
# Screenshots of the workbench's views into docs/screenshots/.
# Offscreen rendering by default; set QT_QPA_PLATFORM=xcb under xvfb-run for a real X server.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${BUILD_DIR:-$here/build}"
cmake --build "$build" --target workbench_screenshots -j 1
# Screenshots of every workbench view on the sample vault (docs/sample-vault plus two real
# Claude Code logs from ../shared/samples), each run on a fresh copy of it.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
samples="$here/../shared/samples/claude-code/projects"
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
mkdir -p "$here/docs/screenshots"
shoot() { # shoot NAME [workbench_screenshots options...]
  local vault="$work/$1"
  shift
  mkdir -p "$vault"
  cp -r "$here/docs/sample-vault/." "$vault/"
  if [ -d "$samples" ]; then
    find "$samples" -name '*.jsonl' | sort | head -n 3 | while read -r log; do
      cp "$log" "$vault/sessions/2026-11-24/$(basename "$log")"
    done
  fi
  mkdir -p "$vault/.home"
  # A fresh HOME: no restored geometry or tab.
  HOME="$vault/.home" "$build/tests/workbench_screenshots" --vault "$vault" --out "$here/docs/screenshots" "$@"
}
# Every view in the desktop's usual light palette and English; three in a dark palette; two in German.
LANG=C.UTF-8 LC_ALL=C.UTF-8 shoot light
LANG=C.UTF-8 LC_ALL=C.UTF-8 shoot dark --dark --views memories,associations,consolidation --prefix dark-
LANG=de_DE.UTF-8 LC_ALL=de_DE.UTF-8 shoot german --views memories,health --prefix de-
ls -1 "$here/docs/screenshots"
