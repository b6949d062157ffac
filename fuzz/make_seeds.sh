#!/usr/bin/env bash
# Builds the seed corpora of the fuzz targets from the bundled examples (fixtures/) and the
# conformance corpus (../shared/conformance, or $PROFDIFF_CONFORMANCE_DIR), so that no fuzz data
# has to be committed:
#   OUT/record        one log record per file, and pairs "record\nrecord" of the same method
#   OUT/profile       every proftool profile (*.json)
#   OUT/command_line  NUL-separated argument lists (the corpus' command lines and a few more)
#   OUT/input_stream  4 control bytes (input_stream_fuzzer.cc) + a small log file: as it is, gzip-
#                     compressed by Python (1 and 2 members), or to be compressed by the target
#   OUT/hotspot       small HotSpot compilation logs: each small <task> of the logs in
#                     ../shared/real-hotspot ($PROFDIFF_REAL_HOTSPOT_DIR) in a log of its own,
#                     and a few cut short
#   OUT/jfr           JFR recordings of at most 128 KiB (fixtures/jfr/, ../shared/real-hotspot)
#   OUT/rule_file     --require rule files, and pattern NUL text pairs for the glob match
#   OUT/llvm_remarks  LLVM optimization remarks (YAML) and a bitstream header
#   OUT/stream        --format=json streams of the fixtures' commands, whole and one record at a
#                     time after the header (needs the profdiff binary in $PROFDIFF_SEED_BINARY)
# Usage: fuzz/make_seeds.sh OUT_DIR
set -euo pipefail
if [[ $# -ne 1 ]]; then
  echo "usage: $0 OUT_DIR" >&2
  exit 2
fi
repo="$(cd "$(dirname "$0")/.." && pwd)"
conformance="${PROFDIFF_CONFORMANCE_DIR:-$repo/../shared/conformance}"
out="$1"
mkdir -p "$out"
python3 - "$out" "$repo/fixtures" "$conformance" "$repo/../shared/real-hotspot" <<'PY'
import hashlib, json, os, sys

out, fixtures, conformance, real_hotspot = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
MAX_JFR = 128 * 1024
MAX_RECORD = 64 * 1024      # larger records only slow the fuzzer down
MAX_PAIR = 16 * 1024        # per record of a pair
MAX_PROFILE = 1024 * 1024
sources = [d for d in (fixtures, os.path.join(conformance, "data")) if os.path.isdir(d)]
if not sources:
    sys.exit("make_seeds: neither fixtures/ nor the conformance data was found")

def write(kind, data):
    directory = os.path.join(out, kind)
    os.makedirs(directory, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(directory, name), "wb") as f:
        f.write(data)

def files():
    for source in sources:
        for root, _, names in os.walk(source):
            for name in sorted(names):
                yield os.path.join(root, name)

by_method = {}
for path in files():
    with open(path, "rb") as f:
        data = f.read()
    if path.endswith(".jfr"):
        if len(data) <= MAX_JFR:
            write("jfr", data)
        continue
    if path.endswith(".json"):
        if len(data) <= MAX_PROFILE:
            write("profile", data)
        continue
    for line in data.split(b"\n"):
        line = line.removesuffix(b"\r")
        if len(line) > MAX_RECORD:
            continue
        write("record", line)
        try:
            method = json.loads(line).get("methodName")
        except (ValueError, AttributeError):
            continue
        if isinstance(method, str) and len(line) <= MAX_PAIR:
            by_method.setdefault(method, []).append(line)
for lines in by_method.values():
    distinct = list(dict.fromkeys(lines))
    for first, second in zip(distinct, distinct[1:4]):
        write("record", first + b"\n" + second)

commands = [
    [], ["help"], ["help", "report"], ["help", "nope"], ["--help"], ["-h"], ["--version"],
    ["report"], ["report", "log", "prof.json", "extra"], ["--hot-percentile=NaN", "report", "l"],
    ["--hot-min-limit", "3", "--hot-max-limit=2", "report", "l"], ["--long-bci"],
    ["report", "l", "--long-bci", "TRUE"], ["--hot-percentile", "0x1p-1", "report", "l"],
    ["--hot-min-limit=+7", "jit-vs-aot", "a", "b", "c"], ["--bogus=1", "report", "l"], ["--"],
]
cases = os.path.join(conformance, "cases")
if os.path.isdir(cases):
    for case in sorted(os.listdir(cases)):
        args = os.path.join(cases, case, "args")
        if os.path.isfile(args):
            with open(args, "rb") as f:
                commands.append([a.decode() for a in f.read().split(b"\n") if a])
for args in commands:
    write("command_line", "\0".join(args).encode())
binary = os.environ.get("PROFDIFF_SEED_BINARY", "")
MAX_STREAM = 64 * 1024
if binary and os.access(binary, os.X_OK):
    import subprocess
    jit = os.path.join(fixtures, "jit-example")
    aot = os.path.join(fixtures, "aot-example")
    logs = [f"{jit}/exp1/log", f"{jit}/exp1/prof.json", f"{jit}/exp2/log", f"{jit}/exp2/prof.json"]
    runs = [["jit-vs-jit"] + logs, ["jit-vs-jit"] + logs + ["--optimization-context-tree=true"],
            ["jit-vs-jit"] + logs + ["--decisions=true"],
            ["jit-vs-jit"] + logs + ["--diff-compilations=false", "--inliner-reasoning=true"],
            ["report", f"{jit}/exp1/log", f"{jit}/exp1/prof.json"],
            ["aot-vs-aot", f"{aot}/exp1/log", f"{aot}/exp1/prof.json", f"{aot}/exp2/log",
             f"{aot}/exp2/prof.json"],
            ["jit-vs-jit-runs", "--exp1"] + logs[:2] + logs[:2] + ["--exp2"] + logs[2:] +
            ["--show-noise=true"],
            # the decisions record of runs (runs_rate) and of HotSpot logs (bytecode_size)
            ["jit-vs-jit-runs", "--exp1"] + logs[:2] + logs[:2] + ["--exp2"] + logs[2:] +
            logs[2:] + ["--decisions=true"],
            ["jit-vs-jit", os.path.join(fixtures, "hotspot-example", "jdk17.log"),
             os.path.join(fixtures, "hotspot-example", "jdk25.log"), "--decisions=true",
             "--method=hashCode"]]
    for args in runs:
        stream = subprocess.run([binary] + args + ["--format=json"], capture_output=True).stdout
        lines = stream.split(b"\n")
        if len(stream) <= MAX_STREAM:
            write("stream", stream)
        for line in lines[1:]:
            if line and len(lines[0]) + len(line) <= MAX_STREAM:
                write("stream", lines[0] + b"\n" + line + b"\n")
else:
    os.makedirs(os.path.join(out, "stream"), exist_ok=True)
    write("stream", b'{"type":"header","format":"profdiff","version":1,"command":"report",'
                    b'"arguments":[],"options":{}}\n')
import gzip
small_logs = []
for path in files():
    if not path.endswith(".json") and not path.endswith(".jfr") and len(small_logs) < 12:
        with open(path, "rb") as f:
            small_logs.append(f.read(4096))
for i, text in enumerate(small_logs):
    packed = gzip.compress(text, mtime=0)
    halves = gzip.compress(text[:len(text) // 2], mtime=0) + gzip.compress(text[len(text) // 2:], mtime=0)
    write("input_stream", bytes([0, 4 * (i % 17), 0, 0]) + packed)
    write("input_stream", bytes([0, 4 * (i % 17) + 1, 0, 0]) + halves)
    write("input_stream", bytes([0, 12, 0, 0]) + text)
    write("input_stream", bytes([1 + i % 2, i, 0x80 | i, 7 * i]) + text)
    write("input_stream", bytes([1 + i % 2, i, i, 7 * i + 1]) + text)
# A zstd skippable frame before nothing.
write("input_stream", bytes([0, 0, 0, 0]) + b"\x50\x2a\x4d\x18\x02\x00\x00\x00ab")
import glob, re
hotspot = os.environ.get("PROFDIFF_REAL_HOTSPOT_DIR",
                         os.path.join(os.path.dirname(conformance), "real-hotspot"))
HEAD = (b"<?xml version='1.0' encoding='UTF-8'?>\n<hotspot_log version='160 1'>\n"
        b"<vm_version>\n<release>\n25\n</release>\n</vm_version>\n<compilation_log thread='1'>\n"
        b"<start_compile_thread name='C2 CompilerThread0' thread='1'/>\n")
TAIL = b"</compilation_log>\n</hotspot_log>\n"
os.makedirs(os.path.join(out, "hotspot"), exist_ok=True)
write("hotspot", HEAD + TAIL)
for packed in sorted(glob.glob(os.path.join(hotspot, "*", "*", "run-*", "hotspot.log.gz"))):
    with gzip.open(packed, "rb") as f:
        text = f.read()
    kept = 0
    for task in re.findall(rb"<task .*?</task>\n", text, re.S):
        if len(task) > 6000 or kept >= 40:
            continue
        kept += 1
        write("hotspot", HEAD + task + TAIL)
        if kept % 8 == 0:
            write("hotspot", HEAD + task[: len(task) // 2])
    # A <tty> section of the log's own records (read in pieces by split reading), before a task.
    tty = re.search(rb"\n<tty>\n(.*?)</tty>\n", text, re.S)
    if tty and kept > 0:
        records = re.findall(rb"<(?:nmethod|task_queued|make_not_entrant|writer) [^\n]*/>\n",
                             tty.group(1))[:40]
        records += re.findall(rb"<uncommon_trap [^\n]*>\n.*?</uncommon_trap>\n", tty.group(1),
                              re.S)[:2]
        content = b"<tty>\n" + b"".join(records) + b"</tty>\n"
        head = HEAD.replace(b"<compilation_log", content + b"<compilation_log", 1)
        write("hotspot", head + task + TAIL)
        write("hotspot", head[: len(head) - len(HEAD) // 2])
for root, _, names in os.walk(real_hotspot):
    for name in sorted(names):
        if name.endswith(".jfr") and os.path.getsize(os.path.join(root, name)) <= MAX_JFR:
            with open(os.path.join(root, name), "rb") as f:
                write("jfr", f.read())
# Rule files of --require (docs/ci.md), and pattern NUL text pairs for the glob match.
os.makedirs(os.path.join(out, "rule_file"), exist_ok=True)
write("rule_file", b"# rules\ninlined a.B.c(int[], *) -> *.d()\nnot-inlined * -> x.Y.z()  # no\n"
                   b"compiled java.util.HashMap.merge(Object, Object, BiFunction)\n")
write("rule_file", b"inlined a -> b -> c\ncompiled\nfoo bar\n")
write("rule_file", b"*.parse(int[], *)\x00a.B.parse(int[], java.lang.String)")
write("rule_file", b"*a*?b**\x00xxaxxbyb")
# LLVM remarks: the shapes clang writes (tests/llvm_remark_parser_test.cc has more).
os.makedirs(os.path.join(out, "llvm_remarks"), exist_ok=True)
write("llvm_remarks", b"--- !Passed\nPass:            inline\nName:            AlwaysInline\n"
                      b"DebugLoc:        { File: 'a.c', Line: 32, Column: 35 }\n"
                      b"Function:        middle\nHotness:         6000\nArgs:\n"
                      b"  - String:          ''''\n  - Callee:          leaf\n"
                      b"    DebugLoc:        { File: 'a.c', \n                       Line: 31, Column: 0 }\n"
                      b"  - String:          \"\\n\"\n...\n--- !Missed\nPass: gvn\nName: x\n"
                      b"Function: \"_Z\\x01\"\nArgs:\n  - String: |\n      a\n      b\n...\n")
write("llvm_remarks", b"RMRK\x00\x01")
# Real remarks of clang 19 with a profile (fixtures/llvm-example): the first documents, whole, in
# the layout the index's fast path reads (inlining remarks with Callee and Caller positions).
with open(os.path.join(fixtures, "llvm-example", "clang-19", "O2-pgo", "kernels.opt.yaml"),
          "rb") as f:
    real = f.read()
cut = real.find(b"\n--- ", 6000)
write("llvm_remarks", real if cut < 0 else real[:cut + 1])
for kind in ("record", "profile", "command_line", "stream", "input_stream", "hotspot", "jfr",
             "rule_file", "llvm_remarks"):
    print(f"{kind}: {len(os.listdir(os.path.join(out, kind)))} seeds")
PY
