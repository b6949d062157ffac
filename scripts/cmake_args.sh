# Sourced by setup.sh, test.sh and package.sh: the configuration of the Release build build/,
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
fi
