#!/usr/bin/env bash
# Resource-limit runs of issue 5 (too slow for every CI run; run by hand, figures in
# docs/robustness.md). Generates, in a temporary directory that is removed at the end:
#   1. a log with one record of about 500 MB (a hot unit with 850 000 call sites and
#      1 700 000 optimizations) and a profile that makes it hot;
#   2. a log directory of 100 000 small files (one unit each) and a profile for them;
#   3. a profile with 1 000 000 entries, for a log of 1 000 units;
#   4. a log whose last record is followed by 1 GB of NUL bytes, the preallocated tail a crashed
#      run leaves behind (a sparse file).
# and runs profdiff on each, checking the exit status and what was printed, and reporting the
# wall time and the peak resident set size (GNU time).
#
# Usage: tests/resource_limits.sh [PROFDIFF_BINARY]     (default: build/profdiff)
# Environment: PROFDIFF_RESOURCE_SCALE divides every size (e.g. 100 for a quick check).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
binary="$(realpath "${1:-$repo/build/profdiff}")"
scale="${PROFDIFF_RESOURCE_SCALE:-1}"
[[ -x "$binary" ]] || { echo "no profdiff binary at $binary" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "GNU time (/usr/bin/time) is needed" >&2; exit 2; }
work="$(mktemp -d "${TMPDIR:-/tmp}/profdiff-resource-limits.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cd "$work"
failed=0

echo "generating inputs in $work (scale 1/$scale)"
python3 - "$scale" <<'PY'
import json, os, sys

scale = int(sys.argv[1])

def node(name, bci, inlined=True, invokes=None):
    text = ('{"methodName":"%s","callsiteBci":%d,"inlined":%s,"indirect":false,"alive":%s'
            % (name, bci, "true" if inlined else "false", "false" if inlined else "true"))
    if invokes is not None:
        text += ',"invokes":[' + invokes + ']'
    return text + '}'

# 1. One record of about 500 MB.
calls = 850_000 // scale
optimizations = 1_700_000 // scale
os.makedirs("big/log")
with open("big/log/units", "w") as f:
    f.write('{"methodName":"big.Big.run()","compilationId":"1","inliningTree":')
    f.write('{"methodName":"big.Big.run()","callsiteBci":-1,"inlined":true,"indirect":false,'
            '"alive":false,"invokes":[')
    for i in range(calls):
        if i:
            f.write(",")
        f.write('{"methodName":"big.Callee%d.call(java.lang.Object, int)","callsiteBci":%d,'
                '"inlined":%s,"reason":["inlined because the callee is small enough"],'
                '"indirect":false,"alive":false}' % (i, i, "true" if i % 2 else "false"))
    f.write(']},"optimizationTree":{"phaseName":"RootPhase","optimizations":[{"phaseName":'
            '"HighTier","optimizations":[')
    for i in range(optimizations):
        if i:
            f.write(",")
        f.write('{"optimizationName":"LoopTransformation","eventName":"LoopPeeling",'
                '"position":{"big.Callee%d.call(java.lang.Object, int)":%d,"big.Big.run()":%d},'
                '"peelings":%d,"note":"an optimization of the big unit"}'
                % (i % calls, i % 97, i % calls, i % 7))
    f.write(']}]}}\n')
    f.write(json.dumps({"methodName": "small.Small.run()", "compilationId": "2",
                        "inliningTree": json.loads(node("small.Small.run()", -1)),
                        "optimizationTree": {"phaseName": "RootPhase"}},
                       separators=(",", ":")) + "\n")
with open("big/prof.json", "w") as f:
    json.dump({"executionId": "big", "totalPeriod": 1000, "code": [
        {"compileId": "1", "name": "1: big.Big.run()", "level": 4, "period": 900},
        {"compileId": "2", "name": "2: small.Small.run()", "level": 4, "period": 10}]}, f)

# 2. 100 000 small files.
files = 100_000 // scale
os.makedirs("many/log")
code = []
for i in range(files):
    name = "many.M%d.run()" % i
    record = ('{"methodName":"%s","compilationId":"%d","inliningTree":%s,'
              '"optimizationTree":{"phaseName":"RootPhase","optimizations":[{"optimizationName":'
              '"Canonicalizer","eventName":"CanonicalReplacement","position":{"%s":%d}}]}}'
              % (name, i, node(name, -1, invokes=node("many.Util.f()", 3)), name, i % 50))
    with open("many/log/unit-%06d" % i, "w") as f:
        f.write(record + "\n")
    code.append({"compileId": str(i), "name": "%d: %s" % (i, name), "level": 4,
                 "period": (i * 7919) % 100_003 + 1})
with open("many/prof.json", "w") as f:
    json.dump({"executionId": "many", "totalPeriod": sum(c["period"] for c in code) * 2,
               "code": code}, f)

# 3. A profile with 1 000 000 entries, for 1 000 units.
entries = 1_000_000 // scale
units = max(1, 1000 // scale)
os.makedirs("wide/log")
with open("wide/log/units", "w") as f:
    for i in range(units):
        name = "wide.W%d.run()" % i
        f.write('{"methodName":"%s","compilationId":"%d","inliningTree":%s,'
                '"optimizationTree":{"phaseName":"RootPhase"}}\n' % (name, i, node(name, -1)))
with open("wide/prof.json", "w") as f:
    f.write('{"executionId":"wide","totalPeriod":%d,"code":[' % (entries * 1000))
    for i in range(entries):
        if i:
            f.write(",")
        # Every tenth entry is not Graal code; IDs beyond the log are not in the log.
        level = "null" if i % 10 == 9 else "4"
        f.write('{"compileId":"%d","name":"%d: wide.W%d.run()","level":%s,"period":%d}'
                % (i, i, i, level, (i * 104729) % 999_983 + 1))
    f.write("]}\n")
PY
mkdir -p tail/log
head -n 1 wide/log/units > tail/log/units
truncate -s +$((1024 * 1024 * 1024 / scale)) tail/log/units
ls -la big/log/units big/prof.json many/prof.json wide/prof.json | awk '{print $5, $9}'
echo "many/log: $(ls many/log | wc -l) files"

# run NAME EXPECTED_STDOUT_REGEX ARGS...: runs profdiff, prints time and peak RSS.
run() {
  local name="$1" expect="$2"
  shift 2
  local status=0
  /usr/bin/time -f "%e %M" -o time.txt "$binary" "$@" > out.txt 2> err.txt || status=$?
  read -r seconds rss_kb < time.txt
  local lines
  lines=$(wc -l < out.txt)
  local verdict=ok
  if [[ $status -ne 0 ]] || ! grep -qE "$expect" out.txt; then
    verdict=FAILED
    failed=1
  fi
  printf '%-34s %-6s exit %d  %7.1f s  peak RSS %6d MB  stdout %9d lines\n' "$name" "$verdict" \
    "$status" "$seconds" "$((rss_kb / 1024))" "$lines"
  if [[ $verdict != ok ]]; then
    head -c 2000 err.txt >&2
  fi
}

run "500 MB record: report" "^Method big\.Big\.run\(\)$" report big/log big/prof.json
run "500 MB record: jit-vs-jit" "^Method big\.Big\.run\(\)$" \
  jit-vs-jit big/log big/prof.json big/log big/prof.json
run "100 000 files: report" "Collected optimization logs for $((100000 / scale)) compilation units" \
  report many/log many/prof.json
run "100 000 files: jit-vs-jit" "^Method many\." \
  jit-vs-jit many/log many/prof.json many/log many/prof.json
run "1 000 000 profile entries: report" "Collected proftool data for $((1000000 / scale)) compilation units" \
  report wide/log wide/prof.json
run "1 GB NUL tail: report" "^Warning: Invalid compilation unit: tail/log/units:2:1: expected JSON text, found a NUL byte$" \
  report tail/log
exit "$failed"
