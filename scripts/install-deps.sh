#!/usr/bin/env bash
# Installs what profdiff needs to build and test, from Debian packages (run as root).
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends \
  cmake make g++ python3 libcli11-dev rapidjson-dev libabsl-dev libgtest-dev
