#!/usr/bin/env bash
# Installs what profdiff needs to build and test, from Debian packages (run as root): the
# compiler and libraries, GCC's sanitizer runtimes (with g++), and clang with the compiler-rt
# package of the same version (libFuzzer, clang's sanitizer runtimes) for the fuzz targets;
# Chromium for the browser tests of the HTML page; and what building and checking the Debian
# package needs (scripts/check_package.sh): dpkg-dev (dpkg-shlibdeps computes the package's
# Depends), groff-base and man-db (the man page renders, `man -w`), bash-completion and zsh (the
# completions load); ccache, which scripts/cmake_args.sh uses when it is there, so that the
# sanitizer build and the fresh build of scripts/check_package.sh reuse compiled objects.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends \
  cmake make g++ python3 libcli11-dev rapidjson-dev libabsl-dev libgtest-dev \
  clang libclang-rt-dev clang-format git chromium \
  dpkg-dev groff-base man-db bash-completion zsh ccache
# The browser tests (tests/browser) run on Node.js with its own npm. Machines that lack node get
# Debian's nodejs; never Debian's npm package, which conflicts with an npm that came with node.
if ! command -v node > /dev/null; then
  apt-get install -y -q --no-install-recommends nodejs
fi
