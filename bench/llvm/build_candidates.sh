#!/usr/bin/env bash
# Builds the candidate readers of bench/llvm/parser_candidates.cc into OUTDIR (default
# /tmp/llvm-parser-candidates): libyaml, libfyaml, llvm-14, llvm-19 (those whose development
# package is installed) and handwritten. docs/llvm-parser-choice.md has the measurements.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
out="${1:-/tmp/llvm-parser-candidates}"
mkdir -p "$out"
flags=(-std=c++20 -O2 -DNDEBUG -I"$repo/src")
sources=("$repo/bench/llvm/parser_candidates.cc" "$repo/src/load/llvm/remark_parser.cc")
absl=($(pkg-config --libs absl_status absl_statusor absl_strings) -pthread)
g++ "${flags[@]}" -DCANDIDATE_HANDWRITTEN "${sources[@]}" -o "$out/handwritten" "${absl[@]}"
[[ -f /usr/include/yaml.h ]] &&
  g++ "${flags[@]}" -DCANDIDATE_LIBYAML "${sources[@]}" -o "$out/libyaml" -lyaml "${absl[@]}"
[[ -f /usr/include/libfyaml.h ]] &&
  g++ "${flags[@]}" -DCANDIDATE_LIBFYAML "${sources[@]}" -o "$out/libfyaml" -lfyaml "${absl[@]}"
for version in 14 19; do
  llvm="/usr/lib/llvm-$version"
  [[ -f "$llvm/include/llvm-c/Remarks.h" ]] || continue
  g++ "${flags[@]}" -DCANDIDATE_LLVM -I"$llvm/include" "${sources[@]}" -o "$out/llvm-$version" \
    -L"$llvm/lib" -Wl,-rpath,"$llvm/lib" -l"LLVM-$version" "${absl[@]}"
done
ls "$out"
