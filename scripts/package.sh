#!/usr/bin/env bash
# Builds the Debian package build/package/profdiff_<version>_<arch>.deb from the Release build
# build/ (configured as setup.sh and test.sh do, so that what they built is reused): the binary
# and the man page, then `cpack -G DEB`, which installs them for /usr and runs dpkg-shlibdeps
# (dpkg-dev) to compute the package's Depends. Prints the path of the package on its last line.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/cmake_args.sh
jobs="${PROFDIFF_BUILD_JOBS:-$(nproc)}"
cmake -S . -B build "${profdiff_release_args[@]}" "${profdiff_launcher_args[@]}" > /dev/null
cmake --build build -j"$jobs" --target profdiff man_page
rm -rf build/package
(cd build && cpack -G DEB -B package > /dev/null)
ls build/package/profdiff_*.deb
