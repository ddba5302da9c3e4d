#!/usr/bin/env bash
# Installs what is missing, builds Engram (GUI and GUI-less), and runs every test.
# This is the README's test command and what .ci/run calls.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"

bash scripts/install-deps.sh

jobs="$(nproc 2>/dev/null || echo 2)"
launcher=()
if command -v ccache >/dev/null 2>&1; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
werror="${ENGRAM_WERROR:-ON}"

echo "== formatting (.clang-format)"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t sources < <(git ls-files '*.cpp' '*.h' | grep -v '^tests/data/')
else
  mapfile -t sources < <(find engine model ui app tests bench -name '*.cpp' -o -name '*.h' | grep -v '^tests/data/')
fi
clang-format --dry-run --Werror "${sources[@]}"

echo "== engine and CLI without any GUI module (ENGRAM_GUI=OFF)"
cmake -S . -B build-nogui -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DENGRAM_GUI=OFF \
  -DENGRAM_WERROR="$werror" -DENGRAM_BUILD_TESTS=OFF -DENGRAM_BUILD_BENCH=OFF "${launcher[@]}" >/dev/null
cmake --build build-nogui -j "$jobs"

echo "== full build"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DENGRAM_WERROR="$werror" "${launcher[@]}" >/dev/null
cmake --build build -j "$jobs"

echo "== tests"
export QT_QPA_PLATFORM=offscreen
ctest --test-dir build --output-on-failure -j "$jobs" "$@"
