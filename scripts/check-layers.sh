#!/usr/bin/env bash
# Fails on an include against the direction of the layers:
# - a file in engine/<subsystem>/ includes only its own subsystem and those before it in `layers`;
# - app/, model/ and ui/ include no engine internal (the headers in `internal`): front ends go
#   through the Engine facade and the agent services; tests and benchmarks may reach further.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

layers=(core redaction ingest index recall dynamics hygiene cognition vault consolidation agent sync)
# The parts behind the Engine facade (reached through vault/EngineInternals.h) and the SQLite wrapper.
internal=(
    core/Database.h
    index/Embedder.h
    index/IndexStore.h
    index/Indexer.h
    index/VectorIndex.h
    recall/Retriever.h
    dynamics/MemoryDynamics.h
    vault/EngineInternals.h
)

status=0
rank() {
    local i
    for i in "${!layers[@]}"; do [ "${layers[$i]}" = "$1" ] && { echo "$i"; return; }; done
    echo -1
}

for dir in engine/*/; do
    own="$(basename "$dir")"
    own_rank="$(rank "$own")"
    if [ "$own_rank" -lt 0 ]; then
        echo "engine/$own/ is not a known subsystem: add it to the layers in $0"
        status=1
        continue
    fi
    while IFS=: read -r file line include; do
        target="${include%%/*}"
        target_rank="$(rank "$target")"
        if [ "$target_rank" -gt "$own_rank" ]; then
            echo "$file:$line: $own includes $include, a later layer ($target)"
            status=1
        fi
    done < <(grep -nE '^#include "[a-z]+/' "$dir"*.h "$dir"*.cpp 2>/dev/null \
        | sed -E 's/^([^:]+):([0-9]+):#include "([^"]+)".*/\1:\2:\3/')
done

if [ "${#internal[@]}" -gt 0 ]; then
    pattern="$(printf '%s|' "${internal[@]}")"
    while IFS= read -r hit; do
        echo "$hit: a front end includes an engine internal"
        status=1
    done < <(grep -rnE "^#include \"(${pattern%|})\"" app model ui || true)
fi

[ "$status" = 0 ] && echo "layers: every include points down (${layers[*]})"
exit "$status"
