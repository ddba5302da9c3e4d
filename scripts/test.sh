#!/usr/bin/env bash
# Installs what is missing, builds Engram (GUI and GUI-less), runs every test, runs every
# test again in a build with AddressSanitizer and UndefinedBehaviorSanitizer, and fuzzes.
# This is the README's test command and what .ci/run calls. Arguments go to both ctest runs.
#   ENGRAM_SANITIZE_TESTS=0  skips the sanitizer build (CI never sets it)
#   ENGRAM_MUTATION_SHARES=N runs every Nth mutation (default 36; a share that rotates by day; 0 skips them)
#   ENGRAM_FUZZ_SECONDS=N    seconds per fuzz target (default 30; 0 skips fuzzing; scripts/fuzz.sh 3600 for long runs)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"

bash scripts/install-deps.sh

jobs="$(nproc 2>/dev/null || echo 2)"
launcher=()
if command -v ccache >/dev/null 2>&1; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  # Paths relative to the checkout, and not the build folder's: a clone elsewhere (CI's) reuses what
  # another clone of the same code compiled on this machine (the three builds take ~50 minutes cold
  # on 2 cores).
  export CCACHE_BASEDIR="$here" CCACHE_NOHASHDIR=1
  # The test binaries use precompiled headers (tests/CMakeLists.txt): ccache caches those only so.
  export CCACHE_SLOPPINESS="pch_defines,time_macros,include_file_mtime,include_file_ctime"
fi
# Line tables, not full debug info: a failure's stack still names file and line, and the compiler's
# back end, most of a build, does a third less (a test's object: 8.2 s with -g, 5.8 s with -g1).
# The GUI-less build uses the same flags so the full build reuses its engine objects from ccache.
release_flags="-O2 -g1 -DNDEBUG"
werror="${ENGRAM_WERROR:-ON}"
# Each step says when it starts, so a CI log shows where the time goes (the budget is 30 min).
step() { printf '== %s (at %dm%02ds)\n' "$1" $((SECONDS / 60)) $((SECONDS % 60)); }

step "formatting (.clang-format)"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t sources < <(git ls-files '*.cpp' '*.h' | grep -v '^tests/data/')
else
  mapfile -t sources < <(find engine model ui app tests bench -name '*.cpp' -o -name '*.h' | grep -v '^tests/data/')
fi
clang-format --dry-run --Werror "${sources[@]}"

step "layers (scripts/check-layers.sh)"
bash scripts/check-layers.sh

step "engine and CLI without any GUI module (ENGRAM_GUI=OFF)"
cmake -S . -B build-nogui -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=$release_flags" \
  -DENGRAM_GUI=OFF -DENGRAM_WERROR="$werror" -DENGRAM_BUILD_TESTS=OFF -DENGRAM_BUILD_BENCH=OFF "${launcher[@]}" >/dev/null
cmake --build build-nogui -j "$jobs"

step "full build"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=$release_flags" \
  -DENGRAM_WERROR="$werror" "${launcher[@]}" >/dev/null
cmake --build build -j "$jobs"

step "tests"
export QT_QPA_PLATFORM=offscreen
ctest --test-dir build --output-on-failure -j "$jobs" "$@"

# A rotating share of scripts/mutations.txt: every 36th entry, another share each day, so 36 days go
# through the whole list (by hand: ENGRAM_MUTATE_GUI=ON scripts/mutate.sh). A share is ~6 entries and
# ~4 minutes, most of it building and running the named tests once unchanged. A test that stopped
# biting fails the run on the day its entry's share comes up. ENGRAM_MUTATION_SHARES=0 skips them.
shares="${ENGRAM_MUTATION_SHARES:-36}"
if [ "$shares" != 0 ]; then
  step "mutations (share auto/$shares of scripts/mutations.txt)"
  ENGRAM_MUTATE_GUI=ON bash scripts/mutate.sh --share "auto/$shares"
fi

if [ "${ENGRAM_SANITIZE_TESTS:-1}" != 0 ]; then
  # clang, -O1 and line tables only: the cheapest build that still gives a stack with file and
  # line (clang needs ~40% less CPU than gcc 12 for the same instrumented build).
  step "sanitizer build (AddressSanitizer + UndefinedBehaviorSanitizer, clang)"
  cmake -S . -B build-asan -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" -DENGRAM_SANITIZE=ON -DENGRAM_WERROR="$werror" \
    -DENGRAM_BUILD_BENCH=OFF "${launcher[@]}" >/dev/null
  cmake --build build-asan -j "$jobs"

  step "tests under the sanitizers"
  # Any report ends the process with a failure, so the test that caused it fails. Leaks count
  # too; the few one-time leaks of the system libraries are named in the suppressions file.
  export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:check_initialization_order=1:allow_addr2line=1"
  export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:report_error_type=1"
  export LSAN_OPTIONS="suppressions=$here/scripts/lsan.supp:print_suppressions=0"
  ctest --test-dir build-asan --output-on-failure -j "$jobs" "$@"
  unset ASAN_OPTIONS UBSAN_OPTIONS LSAN_OPTIONS
fi

fuzz_seconds="${ENGRAM_FUZZ_SECONDS:-30}"
if [ -f scripts/fuzz.sh ] && [ "$fuzz_seconds" != 0 ]; then
  step "fuzzing (${fuzz_seconds} s per target)"
  bash scripts/fuzz.sh "$fuzz_seconds"
fi
step "done"
