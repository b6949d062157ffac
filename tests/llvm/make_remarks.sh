#!/usr/bin/env bash
# Compiles the programs of tests/llvm/programs with every installed clang (clang-14, clang-19 and
# any other clang-N on PATH) into LLVM optimization remarks (*.opt.yaml) under OUTDIR:
#   OUTDIR/clang-N/O2/<program>.opt.yaml       -O2 -fsave-optimization-record
#   OUTDIR/clang-N/O3/<program>.opt.yaml       -O3
#   OUTDIR/clang-N/O2-pgo/<program>.opt.yaml   -O2 with an instrumented profile: built with
#       -fprofile-instr-generate, run, merged with llvm-profdata-N, used with -fprofile-instr-use
#       (the remarks then carry Hotness)
# Prints the clangs it used, one a line; exits 77 when there is none (the tests skip).
# Usage: tests/llvm/make_remarks.sh OUTDIR
set -euo pipefail
if [[ $# -ne 1 ]]; then
  echo "usage: $0 OUTDIR" >&2
  exit 2
fi
out="$1"
programs="$(cd "$(dirname "$0")/programs" && pwd)"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

versions=()
for candidate in $(compgen -c clang- | grep -E '^clang-[0-9]+$' | sort -u -t- -k2,2n); do
  versions+=("${candidate#clang-}")
done
if [[ ${#versions[@]} -eq 0 ]]; then
  echo "make_remarks.sh: no clang-N found (scripts/install-deps.sh installs clang-14 and clang-19)" >&2
  exit 77
fi

compile() {  # compile VERSION SOURCE OBJECT RECORD FLAGS...
  local version="$1" source="$2" object="$3" record="$4"
  shift 4
  local driver="clang-$version"
  [[ "$source" == *.c ]] || driver="clang++-$version"
  local std=-std=c11
  [[ "$source" == *.c ]] || std=-std=c++17
  if [[ -n "$record" ]]; then
    "$driver" "$std" -g -c "$source" -o "$object" -fsave-optimization-record \
      "-foptimization-record-file=$record" "$@"
  else
    "$driver" "$std" -g -c "$source" -o "$object" "$@"
  fi
}

link() {  # link VERSION SOURCE OBJECT EXECUTABLE FLAGS...
  local version="$1" source="$2" object="$3" executable="$4"
  shift 4
  local driver="clang-$version"
  [[ "$source" == *.c ]] || driver="clang++-$version"
  "$driver" "$object" -o "$executable" "$@"
}

for version in "${versions[@]}"; do
  command -v "clang++-$version" > /dev/null || continue
  dir="$out/clang-$version"
  work="$dir/work"
  mkdir -p "$dir/O2" "$dir/O3" "$dir/O2-pgo" "$work"
  for source in "$programs"/*.c "$programs"/*.cc; do
    name="$(basename "$source")"
    name="${name%.*}"
    compile "$version" "$source" "$work/$name.o" "$dir/O2/$name.opt.yaml" -O2
    compile "$version" "$source" "$work/$name.o" "$dir/O3/$name.opt.yaml" -O3
    if command -v "llvm-profdata-$version" > /dev/null; then
      compile "$version" "$source" "$work/$name.gen.o" "" -O2 -fprofile-instr-generate
      link "$version" "$source" "$work/$name.gen.o" "$work/$name.gen" -fprofile-instr-generate
      LLVM_PROFILE_FILE="$work/$name.profraw" "$work/$name.gen" 3000 > /dev/null
      "llvm-profdata-$version" merge -o "$work/$name.profdata" "$work/$name.profraw"
      compile "$version" "$source" "$work/$name.o" "$dir/O2-pgo/$name.opt.yaml" -O2 \
        "-fprofile-instr-use=$work/$name.profdata"
    fi
  done
  rm -rf "$work"
  echo "clang-$version"
done
