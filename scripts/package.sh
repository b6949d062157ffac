#!/usr/bin/env bash
# Builds the Debian package profdiff_<version>_<arch>.deb in build-package/ (or
# $PROFDIFF_PACKAGE_BUILD_DIR): a Release build for the prefix /usr without the tests, then
# `cpack -G DEB`, which runs dpkg-shlibdeps (dpkg-dev) to compute the package's Depends.
# Prints the path of the package on its last line.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${PROFDIFF_PACKAGE_BUILD_DIR:-build-package}"
jobs="${PROFDIFF_BUILD_JOBS:-$(nproc)}"
launcher=()
if command -v ccache > /dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DPROFDIFF_WERROR=ON -DPROFDIFF_BUILD_TESTS=OFF \
  -DCMAKE_INSTALL_PREFIX=/usr "${launcher[@]}" > /dev/null
cmake --build "$dir" -j"$jobs"
rm -f "$dir"/profdiff_*.deb
(cd "$dir" && cpack -G DEB > /dev/null)
ls "$dir"/profdiff_*.deb
