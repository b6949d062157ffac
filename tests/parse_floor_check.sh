#!/usr/bin/env bash
# The parse floor tool (bench/parse_floor/) reads every byte of a real HotSpot log and parses all
# its tasks without a parse error, and counts a piece that does not parse; its build (BUILD_TOOL,
# profdiff_build_floor --build) builds the trees of every task of the log.
set -euo pipefail
tool="$1" log="$2" build_tool="$3"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

out="$("$tool" --threads=2 "$log")"
echo "$out"
bytes="$(stat -c %s "$log")"
[[ "$out" == "$bytes bytes in "* ]] || { echo "FAIL: not all $bytes bytes read"; exit 1; }
[[ "$out" == *"; 0 pieces ended in a parse error" ]] || { echo "FAIL: a parse error"; exit 1; }
terse="$("$tool" --terse "$log")"
[[ "$terse" =~ ^[0-9]+\.[0-9]{2}\ [0-9]+\.[0-9]{2}$ ]] || { echo "FAIL: --terse printed $terse"; exit 1; }

# A task whose end tag does not match its start tag.
printf "<?xml version='1.0' encoding='UTF-8'?>\n<hotspot_log>\n<task compile_id='1'><parse></phase></task>\n</hotspot_log>\n" >"$tmp/bad.log"
out="$("$tool" "$tmp/bad.log")"
echo "$out"
[[ "$out" == *"; 1 pieces ended in a parse error" ]] || { echo "FAIL: the bad task parsed"; exit 1; }

# --build parses each task on its own and builds its trees: one per task of the log, each with
# an inlining tree (every task of a real log has a root method).
out="$("$build_tool" --build "$log")"
echo "$out"
tasks="$(grep -c '</task>' "$log")"  # the tasks that end (a log may be cut)
[[ "$out" == *"; 0 tasks ended in a parse error; $tasks tasks' trees built" ]] ||
  { echo "FAIL: expected the trees of $tasks tasks"; exit 1; }
out="$("$build_tool" --build "$tmp/bad.log")"
echo "$out"
[[ "$out" == *"; 1 tasks ended in a parse error; 0 tasks' trees built" ]] ||
  { echo "FAIL: the bad task was built"; exit 1; }
# Without PROFDIFF_BUILD_FLOOR there is no --build.
if "$tool" --build "$log" > /dev/null 2>&1; then echo "FAIL: parse_floor took --build"; exit 1; fi
echo "ok"
