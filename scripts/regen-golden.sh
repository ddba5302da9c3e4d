#!/usr/bin/env bash
# Regenerates every golden file after an intended change, then shows what changed:
#   tests/data/golden/recall*.txt     rankings of tests/data/golden-vault (tst_golden)
#   tests/data/golden/pack/*.md       engram-cli pack Markdown             (tst_agentsurfaces)
#   tests/data/golden/cli/*.json      engram-cli --json of recall, wake, stats
#   tests/data/golden/mcp/*.response.json   MCP initialize, tools/list and each tool's result
#   tests/data/golden/digests/        consolidation digests and the consolidate --json report
#   tests/data/golden/agents/<client>/<tool>.txt  each tool's result as Claude Code and Codex hand it
#                                     to their model (ctest agents_e2e_*: npm, the real clients)
# The files are reviewed expectations: read the diff (tests/data/golden/README.md says what each
# holds and why the rankings are right) and say in the commit message why each change is right.
#   scripts/regen-golden.sh [build-dir]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$here/build}"
cmake --build "$build" -j2 --target tst_golden tst_agentsurfaces engram-cli
export ENGRAM_REGEN_GOLDEN=1 QT_QPA_PLATFORM=offscreen LC_ALL=C.UTF-8
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
for run in "tst_golden recall_matchesGoldenRanking" "tst_agentsurfaces"; do
  # A case that cannot run (engram-cli failing, a vanished tool) fails even while regenerating.
  if ! "$build/tests/"$run > "$log" 2>&1; then
    grep -E -A12 '^(FAIL|QFATAL)' "$log" || cat "$log"
    echo "regen-golden: ${run%% *} failed while regenerating (above); the other files are written" >&2
    exit 1
  fi
done
# The real agents (tests/agents/e2e.mjs): what each client handed its model, normalised.
if ! ctest --test-dir "$build" -R '^agents_e2e_' --output-on-failure > "$log" 2>&1; then
  tail -40 "$log"
  echo "regen-golden: the agents' end-to-end test failed while regenerating (above)" >&2
  exit 1
fi
cd "$here"
echo "== new or removed golden files"
git status --short --untracked-files=all -- tests/data/golden | grep -v '^ M' || echo "(none)"
echo "== changed golden files"
git --no-pager diff --stat -- tests/data/golden
git --no-pager diff -- tests/data/golden
