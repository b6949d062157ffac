#!/usr/bin/env bash
# Installs what profdiff needs to build and test, from Debian packages (run as root): the
# compiler and libraries (zlib and libzstd read gzip- and zstd-compressed logs, RE2 matches
# --method), GCC's sanitizer runtimes (with g++), and clang with the compiler-rt
# package of the same version (libFuzzer, clang's sanitizer runtimes) for the fuzz targets;
# Chromium for the browser tests of the HTML page; and what building and checking the Debian
# package needs (scripts/check_package.sh): dpkg-dev (dpkg-shlibdeps computes the package's
# Depends), groff-base and man-db (the man page renders, `man -w`), bash-completion and zsh (the
# completions load); ccache, which scripts/cmake_args.sh uses when it is there, so that the
# sanitizer build and the fresh build of scripts/check_package.sh reuse compiled objects;
# libexpat1-dev reads HotSpot compilation logs (docs/hotspot.md) and libpugixml-dev builds the
# trees of their tasks (docs/decisions.md), zlib1g-dev and libzstd-dev
# compressed logs, libre2-dev --method's patterns, libjemalloc-dev the allocator of the profdiff
# binary (docs/decisions.md "The allocator"); openjdk-17-jdk-headless lets the tests write
# HotSpot logs and JFR recordings of their own (the JFR tests also hold the reader against the
# JDK's own `jfr print`; profdiff itself never needs a JVM); clang-14 llvm-14 (Debian's default) and
# clang-19 llvm-19 write the LLVM optimization remarks the tests read (tests/llvm/make_remarks.sh:
# clang-N, llvm-profdata-N for the PGO builds) and python3-yaml is their independent reader; jq and
# bsdextrautils (column) run README's JSON and CSV recipes, which the doc_examples test runs.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends \
  cmake make g++ python3 libcli11-dev rapidjson-dev libabsl-dev libgtest-dev libexpat1-dev \
  libpugixml-dev zlib1g-dev libzstd-dev libre2-dev libjemalloc-dev \
  clang libclang-rt-dev clang-format git chromium \
  dpkg-dev groff-base man-db bash-completion zsh ccache openjdk-17-jdk-headless \
  clang-14 llvm-14 clang-19 llvm-19 python3-yaml jq bsdextrautils
# The browser tests (tests/browser) run on Node.js with its own npm. Machines that lack node get
# Debian's nodejs; never Debian's npm package, which conflicts with an npm that came with node.
if ! command -v node > /dev/null; then
  apt-get install -y -q --no-install-recommends nodejs
fi
