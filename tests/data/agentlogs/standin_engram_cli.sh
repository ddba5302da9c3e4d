#!/bin/sh
# stand-in for `engram-cli hook session-start --format claude`: the pack as Claude Code's SessionStart output
cat > /dev/null
printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"# Engram context pack\n\n## Decisions\n- 2026-11-18: SQLite FTS5 plus hnswlib — Keyword and vector candidates are fused (decisions.md:4)"}}'
