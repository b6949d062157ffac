#!/usr/bin/env bash
# New machine: install dependencies, build the Release binary build/profdiff, and run it on the
# bundled example experiment.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
source scripts/cmake_args.sh  # the flags of scripts/test.sh, which then reuses this build
cmake -S . -B build "${profdiff_release_args[@]}" "${profdiff_launcher_args[@]}"
cmake --build build -j"$(nproc)" --target profdiff
build/profdiff report fixtures/jit-example/exp1/log fixtures/jit-example/exp1/prof.json
