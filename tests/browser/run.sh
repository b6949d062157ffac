#!/usr/bin/env bash
# CTest driver of the browser tests (tests/browser/README.md): runs report.test.mjs against the
# profdiff binary given as $1 in Debian's Chromium. Exits 77 (skipped) with a message when node,
# Chromium or tests/browser/node_modules (npm ci) is missing, unless PROFDIFF_REQUIRE_BROWSER=1,
# which turns a missing piece into a failure (CI).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
chromium="${PROFDIFF_CHROMIUM:-/usr/bin/chromium}"

missing() {
  if [[ "${PROFDIFF_REQUIRE_BROWSER:-0}" == 1 ]]; then
    echo "browser tests: $1, but PROFDIFF_REQUIRE_BROWSER=1 requires them" >&2
    exit 1
  fi
  echo "browser tests SKIPPED: $1 (set PROFDIFF_REQUIRE_BROWSER=1 to make this a failure)"
  exit 77
}

command -v node > /dev/null || missing "node is not installed"
[[ -x "$chromium" ]] || missing "$chromium not found (apt-get install chromium)"
[[ -d "$here/node_modules/puppeteer-core" ]] ||
  missing "tests/browser/node_modules is missing (run 'npm ci' in tests/browser)"
exec node "$here/report.test.mjs" "$@"
