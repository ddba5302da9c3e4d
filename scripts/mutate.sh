#!/usr/bin/env bash
# Mutation check: applies each single-line change of scripts/mutations.txt, one at a time, to a
# copy of the sources, rebuilds only the tests the entry names, runs them and expects them to
# fail. Prints CAUGHT or MISSED per mutation, a total and the elapsed time; exits 1 if any
# mutation is missed, does not apply or does not build.
#
#   scripts/mutate.sh [filter]          filter: only the entries whose file, lines or tests contain it
#                                       (or match it as a regular expression: 'JournalMerge|QueryTime')
#   scripts/mutate.sh --share K/N [filter]
#                                       only every N-th entry from the K-th (0 <= K < N): the share
#                                       scripts/test.sh runs on each CI run; K "auto" takes the day
#                                       (days since 1970 modulo N), so N days go through the whole list
#   scripts/mutate.sh --lines A-B [filter]
#                                       only the entries that start on lines A to B of mutations.txt
#                                       (a section just written: --lines 656-900; "A-" runs to the end);
#                                       combines with --share and a filter
#   scripts/mutate.sh --check [filter]  builds and runs nothing: says which entries no longer apply (their
#                                       "from" line is gone from the file, or occurs twice) and exits 1 if
#                                       any; ctest runs it (mutation_list_applies), so a reworded line fails
#                                       the plain test suite, not the day its share comes up
#
# The working tree is never changed: the tracked (and new, unignored) files are copied into
# build-mutate/src and built in build-mutate/src/build (its own build dir, so a normal build is
# not disturbed; the relative layout lets ccache share objects with ./build). The copied file is
# restored after each mutation, also on Ctrl-C.
#
# mutations.txt: entries separated by blank lines; '#' starts a comment line. Each entry:
#   file: engine/dynamics/DecayPolicy.h
#   from:     static constexpr double kDailyLoss = 0.02;
#   to:       static constexpr double kDailyLoss = 0.03;
#   tests: ^tst_decay$
# After "from:" and "to:" comes one space, then the line exactly (its indentation included).
# "from" must occur exactly once in the file. "tests" is a ctest regex; the tests it selects are
# the targets rebuilt. Optional "why:" says which documented rule the mutation breaks.
# Environment: ENGRAM_MUTATE_GUI=ON builds the GUI too (for mutations caught by GUI tests).
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
list="$here/scripts/mutations.txt"
root="$here/build-mutate"
src="$root/src"
build="$src/build"
share_index=0; share_count=1
first_line=1; last_line=0 # 0: to the end
check=0
while [ $# -gt 0 ]; do
  case "$1" in
    --check) check=1; shift ;;
    --share)
      share="${2:-}"
      share_count="${share#*/}"
      share_index="${share%%/*}"
      [[ "$share_count" =~ ^[1-9][0-9]*$ ]] || { echo "--share K/N: N is a positive number, not '$share_count'"; exit 2; }
      [ "$share_index" = auto ] && share_index=$(( $(date -u +%s) / 86400 % share_count ))
      [[ "$share_index" =~ ^[0-9]+$ ]] && [ "$share_index" -lt "$share_count" ] ||
        { echo "--share K/N: K is auto or 0 to $((share_count - 1)), not '$share_index'"; exit 2; }
      shift 2 ;;
    --lines)
      [[ "${2:-}" =~ ^([0-9]+)-([0-9]*)$ ]] || { echo "--lines A-B: line numbers, not '${2:-}'"; exit 2; }
      first_line="${BASH_REMATCH[1]}"; last_line="${BASH_REMATCH[2]:-0}"
      shift 2 ;;
    *) break ;;
  esac
done
filter="${1:-}"
start=$(date +%s)
# Paths relative to the checkout and the same flags as scripts/test.sh's build, so ccache gives
# this copy the objects ./build compiled (a cold engine is ~10 minutes on 2 cores; from ccache,
# seconds).
if command -v ccache >/dev/null 2>&1; then
  # The copy's own root: its files then hash as the checkout's do (engine/x.cpp, ../engine from build/).
  export CCACHE_BASEDIR="$src" CCACHE_NOHASHDIR=1
  export CCACHE_SLOPPINESS="pch_defines,time_macros,include_file_mtime,include_file_ctime"
fi

# --- parse the list into parallel arrays
files=(); froms=(); tos=(); tests=()
parse() {
  python3 - "$list" "$filter" "$share_index" "$share_count" "$first_line" "$last_line" "$check" "$here" <<'PY'
import os, re, sys
path, flt = sys.argv[1], sys.argv[2]
share_index, share_count = int(sys.argv[3]), int(sys.argv[4])
first_line, last_line = int(sys.argv[5]), int(sys.argv[6])
check, here = sys.argv[7] == "1", sys.argv[8]
try:
    pattern = re.compile(flt) if flt else None
except re.error:
    pattern = None
entries, cur = [], {}
def flush():
    global cur
    if cur:
        missing = [k for k in ("file", "from", "to", "tests") if k not in cur]
        if missing:
            sys.exit(f"mutations.txt: an entry lacks {', '.join(missing)}: {cur}")
        entries.append(cur)
    cur = {}
for number, raw in enumerate(open(path, encoding="utf-8").read().split("\n"), start=1):
    if raw.strip() == "":
        flush(); continue
    if raw.startswith("#"):
        continue
    key, sep, value = raw.partition(": ")
    if not sep or key not in ("file", "from", "to", "tests", "why"):
        sys.exit(f"mutations.txt: cannot read the line {raw!r}")
    cur.setdefault("line", number)
    cur[key] = value
flush()
def chosen(e):
    return not flt or any(flt in e[k] or (pattern and pattern.search(e[k])) for k in ("file", "from", "to", "tests"))
if check:
    lines_of, stale, checked = {}, 0, 0
    for e in entries:
        if not chosen(e):
            continue
        checked += 1
        if e["file"] not in lines_of:
            try:
                lines_of[e["file"]] = open(os.path.join(here, e["file"]), encoding="utf-8").read().split("\n")
            except OSError:
                lines_of[e["file"]] = []
        count = lines_of[e["file"]].count(e["from"])
        if count != 1:
            stale += 1
            where = "no such file" if not lines_of[e["file"]] else f"{count} occurrences of the line"
            print(f"mutations.txt:{e['line']}: does not apply ({where}): {e['file']}: {e['from'].strip()}")
    print(f"{checked} entries checked, {stale} do not apply")
    sys.exit(1 if stale else 0)
for i, e in enumerate(entries):
    if i % share_count != share_index:
        continue
    if e["line"] < first_line or (last_line and e["line"] > last_line):
        continue
    if not chosen(e):
        continue
    # NUL-separated records: file, from, to, tests
    sys.stdout.write("\0".join([e["file"], e["from"], e["to"], e["tests"]]) + "\0")
PY
}
if [ "$check" = 1 ]; then
  parse
  exit $?
fi
while IFS= read -r -d '' f && IFS= read -r -d '' a && IFS= read -r -d '' b && IFS= read -r -d '' t; do
  files+=("$f"); froms+=("$a"); tos+=("$b"); tests+=("$t")
done < <(parse)
[ "${#files[@]}" -gt 0 ] || { echo "no mutations to run${filter:+ (filter: $filter)}"; exit 2; }
[ "$share_count" -gt 1 ] && echo "share $share_index/$share_count: ${#files[@]} mutations"

# The tests read real agent transcripts from ../shared next to the checkout (tests/CMakeLists.txt
# compiles that path in): the copy gets the same folder beside it. GUI tests need no display.
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
mkdir -p "$root"
if [ -d "$here/../shared" ] && [ ! -e "$root/shared" ]; then
  ln -s "$(cd "$here/../shared" && pwd)" "$root/shared"
fi

# --- a copy of the sources, refreshed where they differ (a plain cp gives a new mtime, so ninja
# --- rebuilds what changed, including a file a killed run left mutated)
mkdir -p "$src"
(cd "$here" && git ls-files -co --exclude-standard -z) | while IFS= read -r -d '' f; do
  case "$f" in build*/*|bench/out/*) continue ;; esac
  [ -f "$here/$f" ] || continue
  if ! cmp -s "$here/$f" "$src/$f"; then
    mkdir -p "$(dirname "$src/$f")"
    cp "$here/$f" "$src/$f"
  fi
done
# The word-frequency list scripts/install-word-frequency.sh put in data/ is ignored by git, and the
# health checks the GUI tests read say "missing" without it.
words=data/word-frequency/english.tsv
if [ -f "$here/$words" ] && ! cmp -s "$here/$words" "$src/$words"; then
  mkdir -p "$(dirname "$src/$words")"
  cp "$here/$words" "$src/$words"
fi
# Configured again when ENGRAM_MUTATE_GUI asks for another GUI setting than the copy was built with
# (GUI tests are no targets of a build without the GUI).
gui="${ENGRAM_MUTATE_GUI:-OFF}"
if [ ! -f "$build/build.ninja" ] || ! grep -qx "ENGRAM_GUI:BOOL=$gui" "$build/CMakeCache.txt" 2>/dev/null; then
  cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG" \
    -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    -DENGRAM_WERROR=ON -DENGRAM_GUI="$gui" >/dev/null || { echo "cmake failed"; exit 2; }
fi

backup=""
target_file=""
restore() {
  if [ -n "$backup" ] && [ -f "$backup" ]; then
    cat "$backup" > "$target_file"   # new mtime on purpose: the next build recompiles it
    rm -f "$backup"
  fi
  backup=""
}
# Builds and tests run in the background and are waited for: `wait` returns as soon as a signal
# arrives, so Ctrl-C restores the file at once (ninja would otherwise catch it, exit 1 and look like
# a failed build).
exec 3>&1
child=""
run() {
  "$@" &
  child=$!
  wait "$child"
  local status=$?
  child=""
  return $status
}
interrupted() {
  [ -n "$child" ] && kill "$child" 2>/dev/null && wait "$child" 2>/dev/null
  restore
  echo >&3 # the script's own stdout: the trap may run inside a redirected build or test
  echo "interrupted${target_file:+: $target_file restored}" >&3
  exit 130
}
trap interrupted INT TERM
trap 'restore' EXIT

targets_of() { # the test names (= targets) a ctest regex selects
  ctest --test-dir "$build" -N -R "$1" 2>/dev/null | sed -n 's/^ *Test *#[0-9]*: *\([^ ]*\).*/\1/p'
}

# --- every named test must pass before mutating, or a "caught" means nothing
all_regex="$(printf '%s\n' "${tests[@]}" | sort -u | paste -sd'|')"
mapfile -t all_targets < <(targets_of "$all_regex")
[ "${#all_targets[@]}" -gt 0 ] || { echo "no test matches $all_regex"; exit 2; }
echo "baseline: building and running ${all_targets[*]}"
if ! run ninja -C "$build" -j2 "${all_targets[@]}" >"$root/baseline-build.log" 2>&1; then
  echo "the unmutated build fails: see $root/baseline-build.log"; exit 2
fi
if ! run ctest --test-dir "$build" -R "$all_regex" >"$root/baseline-tests.log" 2>&1; then
  echo "the unmutated tests fail: see $root/baseline-tests.log"; exit 2
fi

caught=0; missed=0; broken=0
for i in "${!files[@]}"; do
  f="${files[$i]}"; from="${froms[$i]}"; to="${tos[$i]}"; regex="${tests[$i]}"
  t0=$(date +%s)
  label="#$((i + 1)) $f: $(echo "$from" | sed 's/^ *//') -> $(echo "$to" | sed 's/^ *//')"
  target_file="$src/$f"
  count=$(python3 -c 'import sys; print(open(sys.argv[1], encoding="utf-8").read().split("\n").count(sys.argv[2]))' \
    "$target_file" "$from" 2>/dev/null || echo 0)
  if [ "$count" != 1 ]; then
    echo "NOT APPLIED ($count occurrences of the line)  $label"
    broken=$((broken + 1)); continue
  fi
  backup="$(mktemp)"
  cp "$target_file" "$backup"
  python3 - "$target_file" "$from" "$to" <<'PY'
import sys
path, a, b = sys.argv[1:]
lines = open(path, encoding="utf-8").read().split("\n")
lines[lines.index(a)] = b
open(path, "w", encoding="utf-8").write("\n".join(lines))
PY
  mapfile -t targets < <(targets_of "$regex")
  if [ "${#targets[@]}" -eq 0 ]; then
    echo "NO TESTS (regex $regex)  $label"; broken=$((broken + 1)); restore; continue
  fi
  if ! run ninja -C "$build" -j2 "${targets[@]}" >"$root/last-build.log" 2>&1; then
    echo "DOES NOT BUILD (see build-mutate/last-build.log)  $label"; broken=$((broken + 1))
    cp "$root/last-build.log" "$root/nobuild-$((i + 1)).log"; restore; continue
  fi
  if run ctest --test-dir "$build" -R "$regex" --timeout 300 >"$root/last-tests.log" 2>&1; then
    echo "MISSED  ($(( $(date +%s) - t0 )) s)  $label   [$regex]"; missed=$((missed + 1))
  else
    echo "CAUGHT  ($(( $(date +%s) - t0 )) s)  $label"; caught=$((caught + 1))
  fi
  restore
done
total=$((caught + missed + broken))
elapsed=$(( $(date +%s) - start ))
echo "total: $total mutations, $caught caught, $missed missed, $broken not applied or not built;" \
  "elapsed $((elapsed / 60)) min $((elapsed % 60)) s"
[ "$missed" -eq 0 ] && [ "$broken" -eq 0 ]
