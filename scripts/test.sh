#!/usr/bin/env bash
# The test command (README "Testing"). Builds with warnings as errors and runs:
#   0. formatting:  every tracked .cc/.h file as clang-format (.clang-format) would write it;
#   1. build/       the Release build (configured as scripts/setup.sh does, so that its build is
#                   reused), the whole ctest suite: unit tests, end-to-end tests (on a
#                   pseudo-terminal too), the conformance corpus, the docs and completions, and
#                   the HTML page in Chromium (after npm ci in tests/browser);
#   2. build-asan/  AddressSanitizer + UndefinedBehaviorSanitizer build (GCC), the whole ctest
#                   suite again but the browser test (the page's script is the same in both
#                   builds); any sanitizer report aborts the test that caused it;
#   3. build-fuzz/  the libFuzzer targets (clang), each run for PROFDIFF_FUZZ_SECONDS (40);
#   4. the Debian package, built from build/, installed with apt and checked
#                   (scripts/check_package.sh; needs root).
# `scripts/test.sh --quick` runs steps 0 and 1 only: the day-to-day check.
#
# Every step runs even when an earlier one failed (a build error stops the script at once). The
# last line is the total "N passed, N failed, N skipped" (ctest tests of both builds, one per
# fuzz target, one per package check): a test that did not run is counted as skipped, never as
# passed (ctest's skipped tests, e.g. permission tests as root or the conformance corpus when it
# is absent; the package checks without root, unless PROFDIFF_REQUIRE_PACKAGE=1 makes that a
# failure). The exit status is 0 only when nothing failed.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/cmake_args.sh
quick=0
case "${1:-}" in
  --quick) quick=1 ;;
  "") ;;
  *)
    echo "usage: $0 [--quick]" >&2
    exit 2
    ;;
esac
jobs="${PROFDIFF_BUILD_JOBS:-$(nproc)}"
fuzz_seconds="${PROFDIFF_FUZZ_SECONDS:-40}"
start_time=$SECONDS
step_start=$SECONDS
timings=()
passed=0
failed=0
skipped=0

# Runs ctest in build directory $1 and adds its counts to the totals.
run_ctest() {
  local log
  log="$(mktemp)"
  ctest --test-dir "$1" --output-on-failure -j"$jobs" 2>&1 | tee "$log" || true
  local summary
  summary="$(grep -E '[0-9]+ tests failed out of [0-9]+' "$log" | tail -n 1 || true)"
  # "The following tests did not run:" lists them as "<n> - <name> (Skipped)" (or Disabled).
  local not_run
  not_run="$(grep -cE '^[[:space:]]*[0-9]+ - .* \((Skipped|Disabled)\)$' "$log" || true)"
  rm -f "$log"
  if [[ -z "$summary" ]]; then
    echo "test.sh: no ctest summary for $1" >&2
    failed=$((failed + 1))
    return
  fi
  local bad total
  bad="$(sed -E 's/.* ([0-9]+) tests failed out of ([0-9]+).*/\1/' <<< "$summary")"
  total="$(sed -E 's/.* ([0-9]+) tests failed out of ([0-9]+).*/\2/' <<< "$summary")"
  passed=$((passed + total - bad - not_run))
  failed=$((failed + bad))
  skipped=$((skipped + not_run))
}

current_step=""
step() {
  [[ -z $current_step ]] || timings+=("$((SECONDS - step_start)) s  $current_step")
  step_start=$SECONDS
  current_step="$*"
  echo "=== $* ($((SECONDS - start_time)) s)"
}

step "Formatting (clang-format, .clang-format)"
if command -v clang-format > /dev/null; then
  if git ls-files -z '*.cc' '*.h' | xargs -0 clang-format --dry-run --Werror; then
    passed=$((passed + 1))
  else
    echo "test.sh: run clang-format -i on the files above" >&2
    failed=$((failed + 1))
  fi
else
  echo "test.sh: clang-format not found (scripts/install-deps.sh installs it)" >&2
  failed=$((failed + 1))
fi

step "Browser test dependencies (npm ci in tests/browser)"
# puppeteer-core, pinned by tests/browser/package-lock.json; it never downloads a browser (the
# tests use Debian's chromium). Without node and npm the browser tests skip themselves, or fail
# with PROFDIFF_REQUIRE_BROWSER=1 (CI).
if command -v node > /dev/null && command -v npm > /dev/null; then
  if ! (cd tests/browser && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund); then
    echo "test.sh: npm ci in tests/browser failed" >&2
    failed=$((failed + 1))
  fi
else
  echo "test.sh: node or npm not found: the browser tests will be skipped" >&2
fi

step "Release build (warnings are errors) and the ctest suite"
cmake -S . -B build "${profdiff_release_args[@]}" "${profdiff_launcher_args[@]}"
cmake --build build -j"$jobs"
run_ctest build

if [[ $quick -eq 0 ]]; then
  step "AddressSanitizer + UndefinedBehaviorSanitizer build (warnings are errors) and the ctest suite"
  # Configured by scripts/cmake_args.sh (-O1, line tables only).
  cmake -S . -B build-asan "${profdiff_asan_args[@]}" "${profdiff_launcher_args[@]}"
  cmake --build build-asan -j"$jobs"
  # Any report ends the process with an error (the build already makes UBSan checks fatal).
  export ASAN_OPTIONS="halt_on_error=1:abort_on_error=1:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1"
  export UBSAN_OPTIONS="halt_on_error=1:abort_on_error=1:print_stacktrace=1"
  run_ctest build-asan
  unset ASAN_OPTIONS UBSAN_OPTIONS

  step "libFuzzer targets, ${fuzz_seconds} s each"
  fuzz_log="$(mktemp)"
  PROFDIFF_FUZZ_BUILD_DIR=build-fuzz PROFDIFF_BUILD_JOBS="$jobs" \
    bash fuzz/run.sh "$fuzz_seconds" 2>&1 | tee "$fuzz_log" || true
  fuzz_passed="$(grep -c '^PASS ' "$fuzz_log" || true)"
  fuzz_failed="$(grep -c '^FAIL ' "$fuzz_log" || true)"
  rm -f "$fuzz_log"
  if [[ $((fuzz_passed + fuzz_failed)) -eq 0 ]]; then
    echo "test.sh: the fuzz targets did not run (is clang installed? scripts/install-deps.sh)" >&2
    fuzz_failed=1
  fi
  passed=$((passed + fuzz_passed))
  failed=$((failed + fuzz_failed))

  step "Debian package: build, install with apt, check (scripts/check_package.sh)"
  if [[ $(id -u) -ne 0 && ${PROFDIFF_REQUIRE_PACKAGE:-0} != 1 ]]; then
    echo "SKIP package: installing with apt needs root (PROFDIFF_REQUIRE_PACKAGE=1 makes this a failure)"
    skipped=$((skipped + 1))
  else
    package_log="$(mktemp)"
    PROFDIFF_BUILD_JOBS="$jobs" bash scripts/check_package.sh 2>&1 | tee "$package_log" || true
    package_passed="$(grep -c '^PASS package: ' "$package_log" || true)"
    package_failed="$(grep -c '^FAIL package: ' "$package_log" || true)"
    rm -f "$package_log"
    if [[ $((package_passed + package_failed)) -eq 0 ]]; then
      echo "test.sh: the package checks did not run" >&2
      package_failed=1
    fi
    passed=$((passed + package_passed))
    failed=$((failed + package_failed))
  fi
fi

step "done"
echo "Time per step ($((SECONDS - start_time)) s in all):"
printf '    %s\n' "${timings[@]}"
echo "${passed} passed, ${failed} failed, ${skipped} skipped"
[[ $failed -eq 0 ]]
