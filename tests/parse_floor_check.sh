#!/usr/bin/env bash
# The parse floor tool (bench/parse_floor/) reads every byte of a real HotSpot log and parses all
# its tasks without a parse error, and counts a piece that does not parse.
set -euo pipefail
tool="$1" log="$2"
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
echo "ok"
