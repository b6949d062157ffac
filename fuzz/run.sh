#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, -DPROFDIFF_FUZZ=ON) and runs each of them for SECONDS,
# one after another on one core, starting from the seeds of make_seeds.sh plus the corpus that
# earlier runs in the same build directory left behind.
#
# Usage: fuzz/run.sh SECONDS [TARGET ...]     (targets: record profile command_line stream
#        input_stream hotspot jfr rule_file llvm_remarks; default all)
# Environment:
#   PROFDIFF_FUZZ_BUILD_DIR   build directory (default: build-fuzz)
#   PROFDIFF_FUZZ_KEEP_GOING  1: go on after a crash, timeout or out-of-memory and collect every
#                             finding (libFuzzer -fork=1); default: stop at the first one
#   PROFDIFF_BUILD_JOBS       parallel compile jobs (default: 2)
#
# For each target it prints `PASS <target>` or `FAIL <target>` and a summary line (executions,
# coverage, findings); the whole log is in <build dir>/fuzz/<target>.log and inputs that failed
# in <build dir>/fuzz/artifacts/<target>/. Exit status 0 only when every target passed.
set -euo pipefail
if [[ $# -lt 1 || ! "$1" =~ ^[0-9]+$ ]]; then
  echo "usage: $0 SECONDS [record|profile|command_line|stream|input_stream|hotspot|jfr|rule_file|llvm_remarks ...]" >&2
  exit 2
fi
seconds="$1"
shift
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(record profile command_line stream input_stream hotspot jfr rule_file llvm_remarks)
repo="$(cd "$(dirname "$0")/.." && pwd)"
build="${PROFDIFF_FUZZ_BUILD_DIR:-build-fuzz}"
[[ "$build" = /* ]] || build="$repo/$build"
jobs="${PROFDIFF_BUILD_JOBS:-2}"

if ! command -v clang++ > /dev/null; then
  echo "fuzz/run.sh: clang++ not found (scripts/install-deps.sh installs it)" >&2
  exit 1
fi
mkdir -p "$build"
# Configured by scripts/cmake_args.sh (-O1, line tables only), through ccache when it is there
# (the cache's paths are relative to the checkout: sourced from there).
cd "$repo"
source scripts/cmake_args.sh
cmake -S "$repo" -B "$build" "${profdiff_fuzz_args[@]}" "${profdiff_launcher_args[@]}" \
  > "$build/configure.log" 2>&1 ||
  { cat "$build/configure.log" >&2; exit 1; }
# The instrumented profdiff writes the JSON streams that seed the stream target.
cmake --build "$build" -j"$jobs" --target fuzzers profdiff

work="$build/fuzz"
rm -rf "$work/seeds"
PROFDIFF_SEED_BINARY="$build/profdiff" "$repo/fuzz/make_seeds.sh" "$work/seeds"

failed=0
for target in "${targets[@]}"; do
  case "$target" in
    record) max_len=65536 ;;
    profile) max_len=32768 ;;
    command_line) max_len=4096 ;;
    stream) max_len=65536 ;;
    input_stream) max_len=65536 ;;
    hotspot) max_len=65536 ;;
    jfr) max_len=131072 ;;  # the seeds are whole small recordings
    rule_file) max_len=4096 ;;
    llvm_remarks) max_len=16384 ;;
    *) echo "fuzz/run.sh: unknown target $target" >&2; exit 2 ;;
  esac
  corpus="$work/corpus/$target"
  artifacts="$work/artifacts/$target"
  log="$work/$target.log"
  rm -rf "$artifacts"
  mkdir -p "$corpus" "$artifacts"
  flags=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$max_len"
         -dict="$repo/fuzz/$target.dict" -artifact_prefix="$artifacts/" -print_final_stats=1)
  if [[ "${PROFDIFF_FUZZ_KEEP_GOING:-0}" = 1 ]]; then
    flags+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  fi
  rc=0
  # New inputs go to the first directory; the seeds stay as they are.
  (cd "$work" && "$work/${target}_fuzzer" "${flags[@]}" "$corpus" "$work/seeds/$target") \
    > "$log" 2>&1 || rc=$?
  findings=$(find "$artifacts" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' \
    -o -name 'leak-*' \) | wc -l)
  # The last status line: "#<executions> ... cov: <edges> ft: <features> corp: <n>/<size> ...".
  status=$(grep -E '^#[0-9]+:?[[:space:]].*cov: ' "$log" | tail -n 1 || true)
  executions=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$log" | tail -n 1)
  [[ -n "$executions" ]] || executions=$(sed -E 's/^#([0-9]+).*/\1/' <<< "$status")
  coverage=$(sed -E 's/.*cov: ([0-9]+).*/\1/' <<< "$status")
  features=$(sed -E 's/.*ft: ([0-9]+).*/\1/' <<< "$status")
  corpus_size=$(find "$corpus" -type f | wc -l)
  summary="$target: ${executions:-0} executions in ${seconds} s, coverage ${coverage:-?} edges, ${features:-?} features, corpus ${corpus_size} inputs, ${findings} findings in ${artifacts#"$repo/"}"
  if [[ $rc -eq 0 && $findings -eq 0 ]]; then
    echo "PASS $target"
  else
    echo "FAIL $target (libFuzzer exit status $rc)"
    grep -E 'ERROR|runtime error|_fuzzer: ' "$log" | head -n 20 || true
    failed=1
  fi
  echo "  $summary"
done
exit "$failed"
