#!/usr/bin/env bash
# Builds everything with warnings as errors and runs the whole test suite (unit tests,
# end-to-end CLI tests and the conformance corpus when ../shared/conformance is present).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs="$(nproc)"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DPROFDIFF_WERROR=ON
cmake --build build -j"$jobs"
ctest --test-dir build --output-on-failure -j"$jobs"
