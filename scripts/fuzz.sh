#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, AddressSanitizer + UndefinedBehaviorSanitizer) in
# build-fuzz and runs each for SECONDS (default 60), two at a time. Exits non-zero when a
# target crashes, hangs or breaks an invariant; prints the executions of each target.
#   scripts/fuzz.sh [SECONDS]            e.g. scripts/fuzz.sh 3600 for an hour each
# FUZZ_TARGETS="fuzz_mcp fuzz_config" limits the run to those targets.
# Seeds: fuzz/corpus/<target>/ (committed), tests/data and ../shared/samples. The corpus a
# run grows is kept in build-fuzz/corpus/<target>/; crashing inputs land in
# build-fuzz/crashes/<target>/ (reproduce: build-fuzz/fuzz/<target> <file>).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
seconds="${1:-60}"

bash scripts/install-deps.sh

jobs="$(nproc 2>/dev/null || echo 2)"
launcher=()
if command -v ccache >/dev/null 2>&1; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
echo "== fuzz build (clang, ASan + UBSan, build-fuzz)"
# -O1 and line tables, as the sanitizer build: the instrumented engine compiles in ~40% less time
# than at -O2 -g, and a finding's stack still names file and line.
cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" -DENGRAM_FUZZ=ON -DENGRAM_GUI=OFF -DENGRAM_BUILD_TESTS=OFF \
  -DENGRAM_BUILD_BENCH=OFF "${launcher[@]}" >/dev/null
cmake --build build-fuzz -j "$jobs" --target fuzzers

all_targets=(fuzz_frontmatter fuzz_markdown fuzz_agentlog fuzz_cognitive fuzz_config fuzz_mcp fuzz_recall fuzz_redaction fuzz_memoryprofile)
read -r -a targets <<< "${FUZZ_TARGETS:-${all_targets[*]}}"
shared="$here/../shared/samples"

# Seed corpora: the committed hand-made seeds, plus the repository's and shared/'s own files.
seed() { # seed TARGET FILE...
  local dir="build-fuzz/corpus/$1"
  shift
  [ -d "$dir" ] || return 0 # a target FUZZ_TARGETS left out
  for f in "$@"; do [ -f "$f" ] && cp "$f" "$dir/seed-$(sha1sum "$f" | cut -c1-16)"; done
  return 0
}
split_jsonl() { # split_jsonl TARGET FILE...: 8-line pieces, small inputs mutate faster
  local dir="build-fuzz/corpus/$1"
  shift
  [ -d "$dir" ] || return 0
  for f in "$@"; do
    [ -f "$f" ] || continue
    split -l 8 -a 4 "$f" "$dir/seed-$(basename "$f" .jsonl)-"
  done
}
mapfile -t notes < <(find tests/data "$shared" -type f \( -name '*.md' -o -name '*.txt' \) 2>/dev/null | sort)
mapfile -t logs < <(find "$shared" -type f -name '*.jsonl' 2>/dev/null | sort)
for target in "${targets[@]}"; do
  rm -rf "build-fuzz/crashes/$target" # a run reports its own findings; keep one by copying it to fuzz/corpus/
  mkdir -p "build-fuzz/corpus/$target" "build-fuzz/crashes/$target"
  if [ -d "fuzz/corpus/$target" ]; then cp fuzz/corpus/"$target"/* "build-fuzz/corpus/$target/" 2>/dev/null || true; fi
done
seed fuzz_frontmatter "${notes[@]}"
seed fuzz_markdown "${notes[@]}"
split_jsonl fuzz_agentlog "${logs[@]}"
# JSONL lines are JSON-RPC-shaped enough to seed the MCP reader's JSON paths.
split_jsonl fuzz_mcp "${logs[@]:0:1}"
# Transcript lines one by one: the JSON shapes a captured line has, for the JSON-stays-JSON invariant.
for f in "${logs[@]}"; do split -l 1 -a 5 "$f" "build-fuzz/corpus/fuzz_redaction/seed-$(basename "$f" .jsonl)-"; done

run_target() { # run_target TARGET: one libFuzzer run, its log in build-fuzz/logs/
  local target="$1"
  # Inputs past 64 KiB add little; hostile sizes are bench/hostile_files.sh's job.
  # -timeout: one input that takes 20 s is a hang (a super-linear path), reported as a crash.
  ASAN_OPTIONS="detect_leaks=0:abort_on_error=1" UBSAN_OPTIONS="print_stacktrace=1" \
    "build-fuzz/fuzz/$target" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 -artifact_prefix="build-fuzz/crashes/$target/" \
    "build-fuzz/corpus/$target" > "build-fuzz/logs/$target.log" 2>&1
}

mkdir -p build-fuzz/logs
echo "== fuzzing ${#targets[@]} target(s) for ${seconds} s each, ${jobs} at a time"
declare -A status
pids=()
names=()
for target in "${targets[@]}"; do
  run_target "$target" &
  pids+=($!)
  names+=("$target")
  if ((${#pids[@]} >= jobs)); then
    wait "${pids[0]}" && status[${names[0]}]=0 || status[${names[0]}]=$?
    pids=("${pids[@]:1}")
    names=("${names[@]:1}")
  fi
done
for i in "${!pids[@]}"; do
  wait "${pids[$i]}" && status[${names[$i]}]=0 || status[${names[$i]}]=$?
done

failed=0
for target in "${targets[@]}"; do
  log="build-fuzz/logs/$target.log"
  executions="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1 || true)"
  [ -n "$executions" ] || executions="$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#' || true)"
  crashes=$(find "build-fuzz/crashes/$target" -type f | wc -l)
  if [ "${status[$target]}" != 0 ] || [ "$crashes" != 0 ]; then
    failed=1
    printf '%-18s FAILED (exit %s, %s input(s) in build-fuzz/crashes/%s/), %s executions\n' \
      "$target" "${status[$target]}" "$crashes" "$target" "${executions:-?}"
    grep -m 5 -E 'ERROR|SUMMARY|invariant|runtime error' "$log" | sed 's/^/    /' || true
  else
    printf '%-18s ok, %s executions in %s s\n' "$target" "${executions:-?}" "$seconds"
  fi
done
exit "$failed"
