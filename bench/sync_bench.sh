#!/usr/bin/env bash
# Time of `engram-cli sync` beside a floor: plain `git add -A && git commit && git push` of the
# same change, against a bare repository on local disk (no network, so the figures are git's and
# Engram's own work). Cases: nothing to do, and 1,000 changed files (500 new, 500 edited).
# Usage: bash bench/sync_bench.sh [build-dir] [runs]
set -euo pipefail
build="${1:-build}"
runs="${2:-5}"
cli="$(cd "$build" && pwd)/app/engram-cli"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1 LC_ALL=C
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@engram.invalid
export GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@engram.invalid
mkdir -p "$HOME"
# git's automatic gc runs in the foreground, so its time is counted and nothing outlives the bench.
git config --global gc.autoDetach false

ms() { echo $(( $(date +%s%N) / 1000000 )); }

# A vault of 2,000 notes, committed and pushed once.
setup() { # dir remote
    git init -q --bare -b main "$2"
    mkdir -p "$1/notes"
    for i in $(seq 1 2000); do printf '# Note %d\n\nText of note %d.\n' "$i" "$i" > "$1/notes/n$i.md"; done
}
change() { # dir round
    for i in $(seq 1 500); do printf '# New %d\n\nround %d\n' "$i" "$2" > "$1/notes/new-$2-$i.md"; done
    for i in $(seq 1 500); do printf 'edit in round %d\n' "$2" >> "$1/notes/n$i.md"; done
}

setup "$work/engram" "$work/engram.git"
"$cli" sync --vault "$work/engram" --init --remote "$work/engram.git" > /dev/null
setup "$work/plain" "$work/plain.git"
(cd "$work/plain" && git init -q -b main && git remote add origin "$work/plain.git" && git add -A \
    && git commit -qm start && git push -q -u origin main)

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
idle_engram=(); idle_plain=(); busy_engram=(); busy_plain=()
for round in $(seq 1 "$runs"); do
    t=$(ms); "$cli" sync --vault "$work/engram" > /dev/null; idle_engram+=($(( $(ms) - t )))
    t=$(ms); (cd "$work/plain" && git add -A && { git commit -qm x || true; } && git push -q) > /dev/null 2>&1
    idle_plain+=($(( $(ms) - t )))
    change "$work/engram" "$round"; change "$work/plain" "$round"
    t=$(ms); "$cli" sync --vault "$work/engram" > /dev/null; busy_engram+=($(( $(ms) - t )))
    t=$(ms); (cd "$work/plain" && git add -A && git commit -qm x && git push -q) > /dev/null; busy_plain+=($(( $(ms) - t )))
done
printf 'case                      engram-cli sync   floor (git add+commit+push)   (median of %d, ms)\n' "$runs"
printf 'nothing to do             %8s          %8s\n' "$(printf '%s\n' "${idle_engram[@]}" | median)" \
    "$(printf '%s\n' "${idle_plain[@]}" | median)"
printf '1,000 changed files       %8s          %8s\n' "$(printf '%s\n' "${busy_engram[@]}" | median)" \
    "$(printf '%s\n' "${busy_plain[@]}" | median)"
