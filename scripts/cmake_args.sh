# Sourced by setup.sh, test.sh, package.sh and fuzz/run.sh: the configuration of the Release build build/,
# the same in all three, so that each reuses what an earlier one built instead of rebuilding it
# (a different flag, even -Werror, makes CMake recompile everything). ccache is used when it is
# installed; CCACHE_DIR etc. are taken from the environment.
profdiff_release_args=(-DCMAKE_BUILD_TYPE=Release -DPROFDIFF_WERROR=ON)
profdiff_launcher_args=()
if command -v ccache > /dev/null; then
  profdiff_launcher_args=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  # Paths under the checkout are hashed relative to it, so that another clone of the same
  # commit (CI's fresh clone) reuses what this one compiled.
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}"
  # Builds with debug information (build-asan/, build-fuzz/) would otherwise hash the directory
  # the compiler runs in, and so miss in another clone too.
  export CCACHE_NOHASHDIR=1
fi
# The sanitized build build-asan/ (scripts/test.sh): GCC with ASan and UBSan, at -O1 with line
# tables only (-g1), which is what a sanitizer report needs (function, file and line); -O2 -g
# (RelWithDebInfo's own flags) took twice as long to compile (README, "Testing"). GCC warns
# falsely about maybe-uninitialized values in sanitized code (its manual advises against -Werror
# with sanitizers for that reason, e.g. inside <regex>); that one warning stays on in build/.
profdiff_asan_args=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG"
  -DPROFDIFF_SANITIZE=ON -DPROFDIFF_WERROR=ON -DCMAKE_CXX_FLAGS=-Wno-maybe-uninitialized)
# The libFuzzer build build-fuzz/ (fuzz/run.sh): clang, at -O1 with line tables only, as
# OSS-Fuzz builds its targets.
profdiff_fuzz_args=(-DCMAKE_BUILD_TYPE=RelWithDebInfo
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG" -DCMAKE_CXX_COMPILER=clang++
  -DPROFDIFF_FUZZ=ON -DPROFDIFF_WERROR=ON)
