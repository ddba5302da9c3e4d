#!/usr/bin/env bash
# Regenerates tests/data/golden/recall*.txt (the pinned rankings of tests/data/golden-vault in the
# fast, deep and creative modes) after an intended ranking change. The files are reviewed
# expectations: read `git diff tests/data/golden` against tests/data/golden/README.md before
# committing, and say in the commit message why each changed line is right.
#   scripts/regen-golden.sh [build-dir]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$here/build}"
ninja -C "$build" -j1 tst_golden
ENGRAM_REGEN_GOLDEN=1 QT_QPA_PLATFORM=offscreen "$build/tests/tst_golden" recall_matchesGoldenRanking
git -C "$here" --no-pager diff --stat -- tests/data/golden || true
