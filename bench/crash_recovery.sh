#!/usr/bin/env bash
# Kills engram-cli index/rebuild/remember at every chosen crash point (as ctest does) and then at
# random moments KILLS times (default 200), and checks after each kill that the next run recovers
# (tests/cli/tst_crashrecovery.cpp; ctest runs only the chosen points: a random kill is a search
# for a moment the list lacks, not a check that may fail at random).
#   bench/crash_recovery.sh [KILLS] [BUILD_DIR]
set -euo pipefail
kills="${1:-200}"
build="${2:-build}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cmake --build "$here/$build" --target tst_crashrecovery engram-cli >/dev/null
ENGRAM_CRASH_KILLS="$kills" QT_QPA_PLATFORM=offscreen "$here/$build/tests/tst_crashrecovery"
