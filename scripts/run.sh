#!/usr/bin/env bash
# Installs what is missing, builds Engram and starts the workbench on the
# default vault (or on the vault given: scripts/run.sh --vault DIR).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"

bash scripts/install-deps.sh
launcher=()
if command -v ccache >/dev/null 2>&1; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "${launcher[@]}" >/dev/null
cmake --build build -j "$(nproc 2>/dev/null || echo 2)" --target engram engram-cli

if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
  echo "engram: no display found; starting under Xvfb (set DISPLAY to use your own)" >&2
  exec xvfb-run -a -s "-screen 0 1600x1000x24" ./build/app/workbench/engram "$@"
fi
exec ./build/app/workbench/engram "$@"
