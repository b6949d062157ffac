#!/usr/bin/env python3
"""HotSpot compilation logs, real ones: every command and format runs on them, and the model
profdiff loads agrees with an independent reader written with Python's xml.etree.

The logs are those of ../shared/real-hotspot (or $PROFDIFF_REAL_HOTSPOT_DIR), decompressed to a
temporary directory (and given as they are, compressed, too: the outputs must be the same), and
those this test makes itself: the programs of tests/hotspot/programs
run with -XX:+LogCompilation on every JDK under /usr/lib/jvm. Exit 77 (skipped) when there is no
log at all, unless PROFDIFF_REQUIRE_CONFORMANCE=1.

The independent reader checks, per compilation task of each method's top tier: that profdiff
has a unit with its compile ID (OSR marked with '%'), the number of call sites (one per <call>),
the inlining reasons (each inline_success/inline_fail reason, "intrinsic ID" per <intrinsic>),
the number of inlined call sites, and the number of uncommon traps.
"""

import collections
import glob
import gzip
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
PRIMITIVES = {"B": "byte", "C": "char", "D": "double", "F": "float", "I": "int", "J": "long",
              "S": "short", "Z": "boolean", "V": "void"}


def simple(name):
    head = name.split("/0x")[0]
    return name[len(head.rsplit(".", 1)[0]) + 1:] if "." in head else name


def descriptor_types(text):
    types, i = [], 0
    while i < len(text):
        dims = 0
        while text[i] == "[":
            dims, i = dims + 1, i + 1
        if text[i] == "L":
            end = text.index(";", i)
            name = text[i + 1:end].replace("/", ".").replace(".0x", "/0x")
            i = end + 1
        else:
            name, i = PRIMITIVES[text[i]], i + 1
        types.append(simple(name) + "[]" * dims)
    return types


def method_name(attribute):
    holder, name, descriptor = attribute.split(" ", 2)
    holder = holder.replace("/", ".").replace(".0x", "/0x")
    parameters = descriptor_types(descriptor[1:descriptor.index(")")])
    return "%s.%s(%s)" % (holder, name, ", ".join(parameters))


def independent_units(path):
    """The top-tier tasks of each method: {compile id: expectations}."""
    tasks = []
    compiler = ""
    for _, element in ET.iterparse(path, events=("end",)):
        if element.tag == "start_compile_thread":
            compiler = element.get("name", "")[:2]
        if element.tag != "task":
            continue
        level = element.get("level")
        level = int(level) if level is not None else (1 if compiler == "C1" else 4)
        cid = element.get("compile_id") + ("%" if element.get("compile_kind") == "osr" else "")
        reasons, calls, inlined, traps = [], 0, 0, 0
        last = None  # the decision of the call being read
        decisions = []
        top_scope_ended = False
        depth = 0
        for event in walk(element):
            kind, child = event
            if kind == "start" and child.tag == "parse":
                depth += 1
            elif kind == "end" and child.tag == "parse":
                depth -= 1
                if depth == 0:
                    top_scope_ended = True
            if kind != "start":
                continue
            tag = child.tag
            if tag == "call" and depth > 0:
                calls += 1
                decisions.append(None)
                last = len(decisions) - 1
            elif tag == "bc":
                last = None
            elif tag in ("inline_success", "inline_fail"):
                reasons.append(child.get("reason"))
                if last is not None:
                    decisions[last] = tag == "inline_success"
            elif tag == "intrinsic":
                reasons.append("intrinsic " + child.get("id"))
                if last is not None:
                    decisions[last] = True
            elif tag == "late_inline":
                # the decision after it is about a call already counted
                last = None
            elif tag == "uncommon_trap" and child.get("method") is None and \
                    child.get("compile_id") is None:
                traps += 1
        tasks.append({"id": cid, "method": method_name(element.get("method")), "level": level,
                      "calls": calls, "reasons": collections.Counter(reasons),
                      "traps": traps})
        element.clear()
    top = {}
    for task in tasks:
        top[task["method"]] = max(top.get(task["method"], 0), task["level"])
    return {t["id"]: t for t in tasks if t["level"] == top[t["method"]]}


def walk(element):
    for child in element:
        yield "start", child
        yield from walk(child)
        yield "end", child


def check_stats(binary, path, expected, failures):
    """stats counts the call sites and uncommon traps that the independent reader finds."""
    out = subprocess.run([binary, "stats", path, "--format=json"], check=True,
                         capture_output=True, text=True).stdout
    for line in out.splitlines():
        record = json.loads(line)
        if record["type"] != "statistics" or record["scope"] != "all":
            continue
        calls = sum(task["calls"] for task in expected.values())
        traps = sum(task["traps"] for task in expected.values())
        counted_traps = sum(n for key, n in record["optimizations"].items()
                            if key.startswith("UncommonTrap "))
        if (record["units"], record["callsite_total"], counted_traps) != (
                len(expected), calls, traps):
            failures.append("%s: stats counts %d units, %d call sites, %d traps; expected %d, %d, "
                            "%d" % (path, record["units"], record["callsite_total"],
                                    counted_traps, len(expected), calls, traps))


def loaded_units(binary, path):
    out = subprocess.run([binary, "report", path, "--format=json", "--inliner-reasoning=true",
                          "--remove-detailed-phases=false"],
                         check=True, capture_output=True, text=True).stdout
    units = {}
    for line in out.splitlines():
        record = json.loads(line)
        if record["type"] != "compilation":
            continue
        nodes = record["inlining"]["nodes"]
        reasons = collections.Counter(r for n in nodes for r in n.get("reasons", []))
        traps = sum(1 for n in record["optimization"]["nodes"]
                    if n.get("node") == "optimization" and n.get("name") == "UncommonTrap")
        units[record["compilation"]["id"]] = {
            "method": record["method"], "calls": len(nodes) - 1, "reasons": reasons,
            "traps": traps}
    return units


def check_model(binary, path, failures):
    expected = independent_units(path)
    check_stats(binary, path, expected, failures)
    actual = loaded_units(binary, path)
    if set(expected) != set(actual):
        failures.append("%s: units differ: only expected %s, only loaded %s" % (
            path, sorted(set(expected) - set(actual))[:5], sorted(set(actual) - set(expected))[:5]))
        return
    for cid, task in expected.items():
        unit = actual[cid]
        for key in ("method", "calls", "reasons", "traps"):
            if task[key] != unit[key]:
                failures.append("%s: unit %s: %s: expected %s, loaded %s" % (
                    path, cid, key, task[key], unit[key]))


def run(binary, args, failures, allowed=(0,)):
    result = subprocess.run([binary] + args, capture_output=True)
    if result.returncode not in allowed:
        failures.append("%s: exit %d: %s" % (" ".join(args), result.returncode,
                                             result.stderr.decode(errors="replace")[:300]))
    return result


def check_commands(binary, first, second, scratch, failures):
    for fmt in ("text", "json", "csv", "html"):
        run(binary, ["report", first, "--format=" + fmt], failures)
        run(binary, ["jit-vs-jit", first, second, "--format=" + fmt, "--summary=true"], failures)
    run(binary, ["stats", first], failures)
    run(binary, ["stats", first, second, "--format=json"], failures)
    run(binary, ["jit-vs-jit", first, second, "--fail-on=any"], failures, allowed=(0, 2))
    run(binary, ["jit-vs-jit", first, second, "--optimization-context-tree=true"], failures)
    saved = run(binary, ["jit-vs-jit", first, second, "--format=json"], failures)
    stream = os.path.join(scratch, "stream.jsonl")
    with open(stream, "wb") as out:
        out.write(saved.stdout)
    text = run(binary, ["jit-vs-jit", first, second], failures).stdout
    rendered = run(binary, ["render", stream], failures).stdout
    check_bytecode_sizes(binary, first, second, failures)
    if text != rendered:
        failures.append("render of the JSON of jit-vs-jit %s %s differs from its text" % (
            first, second))


def method_sizes(path):
    """(holder, name, bytes) of every <method> with a size, each task's klass ids resolved in that
    task (ids are reused across tasks)."""
    sizes = set()
    for _, task in ET.iterparse(path, events=("end",)):
        if task.tag != "task":
            continue
        klasses = {}
        for _, child in walk(task):
            if child.tag == "klass":
                klasses[child.get("id")] = child.get("name").replace("/", ".")
            elif child.tag == "method" and child.get("bytes") is not None:
                sizes.add((klasses.get(child.get("holder")), child.get("name"),
                           int(child.get("bytes"))))
        task.clear()
    return sizes


def check_bytecode_sizes(binary, first, second, failures):
    """--decisions shows, for each side of a changed call site, a bytecode size that the log of
    that side gives the callee's method."""
    out = run(binary, ["jit-vs-jit", first, second, "--decisions=true", "--format=json"],
              failures).stdout.decode()
    record = next((json.loads(l) for l in out.splitlines() if '"type":"decisions"' in l), None)
    if record is None:
        failures.append("jit-vs-jit %s %s --decisions=true: no decisions record" % (first, second))
        return
    sizes = [method_sizes(first), method_sizes(second)]
    shown = 0
    for site in record["changes"] + record["reason_changes"]:
        callee = site["callee"] or ""
        holder, _, name = callee.split("(")[0].rpartition(".")
        for s, side in enumerate((site["before"], site["after"])):
            if side is None or side["bytecode_size"] is None:
                continue
            shown += 1
            if (holder, name, side["bytecode_size"]) not in sizes[s]:
                failures.append("%s: %s shown with %d bytes, which no <method> of it has" % (
                    (first, second)[s], callee, side["bytecode_size"]))
    if record["changes"] and shown == 0:
        failures.append("jit-vs-jit %s %s --decisions=true: no bytecode size shown" % (
            first, second))


def write_profile(log, path):
    """A proftool profile (JIT) of `log`: its five largest C2 tasks, the biggest first, get
    periods; the OSR ones by the ID proftool writes (with '%'). Returns their IDs in order."""
    units = independent_units(log)
    c2 = sorted((u for u in units.values() if u["level"] == 4),
                key=lambda u: (-sum(u["reasons"].values()) - u["traps"], u["id"]))[:5]
    code = [{"compileId": u["id"], "name": "%s: %s" % (u["id"], u["method"]), "level": 4,
             "period": 1000000 * (10 - i)} for i, u in enumerate(c2)]
    code.append({"compileId": None, "name": "Interpreter", "level": None, "period": 5000000})
    with open(path, "w") as out:
        json.dump({"compilationKind": "JIT", "executionId": "1", "totalPeriod": 100000000,
                   "code": code}, out)
    return [u["id"] for u in c2]


def check_profiled(binary, first, second, scratch, failures):
    """HotSpot logs with proftool profiles: linked by compile ID, hot units, every command."""
    prof1 = os.path.join(scratch, os.path.basename(first) + ".prof.json")
    prof2 = os.path.join(scratch, os.path.basename(second) + ".prof.json")
    hot1 = write_profile(first, prof1)
    write_profile(second, prof2)
    out = run(binary, ["report", first, prof1, "--format=json", "--hot-max-limit=3"],
              failures).stdout
    hot = [json.loads(line)["compilation"]["id"] for line in out.splitlines()
           if json.loads(line)["type"] == "compilation"]
    if sorted(hot) != sorted(hot1[:3]):
        failures.append("%s: hot units %s, expected the profile's first three %s" % (
            first, hot, hot1[:3]))
    for fmt in ("text", "json", "csv", "html"):
        run(binary, ["jit-vs-jit", first, prof1, second, prof2, "--format=" + fmt,
                     "--summary=true"], failures)
        run(binary, ["jit-vs-jit-runs", "--exp1", first, prof1, first, prof1,
                     "--exp2", second, prof2, second, prof2, "--format=" + fmt], failures)
    run(binary, ["stats", first, prof1, second, prof2], failures)


def check_compressed(binary, packed, failures):
    """The real logs as they are stored (gzip-compressed), given to profdiff directly: every output
    is byte-identical to that of the same log decompressed. `packed` maps plain to packed paths."""
    plains = sorted(packed)
    for plain in plains:
        for args in (["report", "{}"], ["report", "{}", "--format=json"], ["stats", "{}"]):
            expected = run(binary, [a.format(plain) for a in args], failures)
            got = run(binary, [a.format(packed[plain]) for a in args], failures)
            # Only the path given differs (JSON names its arguments).
            named = got.stdout.replace(packed[plain].encode(), plain.encode())
            if named != expected.stdout or got.stderr != expected.stderr:
                failures.append("%s: compressed and plain outputs differ" %
                                " ".join(a.format(packed[plain]) for a in args))
    by_program = collections.defaultdict(list)
    for plain in plains:
        by_program[os.path.basename(plain).split("-")[0]].append(plain)
    for group in by_program.values():
        if len(group) < 2:
            continue
        first, second = group[0], group[-1]
        expected = run(binary, ["jit-vs-jit", first, second], failures).stdout
        got = run(binary, ["jit-vs-jit", packed[first], packed[second]], failures).stdout
        if got != expected:
            failures.append("jit-vs-jit %s %s: compressed and plain outputs differ" %
                            (packed[first], packed[second]))


def real_logs(scratch, packed):
    root = os.environ.get("PROFDIFF_REAL_HOTSPOT_DIR",
                          os.path.join(HERE, "..", "..", "shared", "real-hotspot"))
    logs = []
    for packed_path in sorted(glob.glob(os.path.join(root, "*", "*", "run-*", "hotspot.log.gz"))):
        parts = os.path.relpath(packed_path, root).split(os.sep)
        plain = os.path.join(scratch, "-".join(parts[:3]) + ".log")
        with gzip.open(packed_path, "rb") as src, open(plain, "wb") as dst:
            dst.write(src.read())
        logs.append(plain)
        packed[plain] = packed_path
    return logs


def made_logs(scratch):
    """Runs the test programs on every JDK under /usr/lib/jvm (a few seconds each)."""
    logs = []
    programs = sorted(glob.glob(os.path.join(HERE, "hotspot", "programs", "*.java")))
    seen = set()
    for java in sorted(glob.glob("/usr/lib/jvm/*/bin/java")):
        real = os.path.realpath(java)
        javac = os.path.join(os.path.dirname(java), "javac")
        if real in seen or not os.path.exists(javac):
            continue
        seen.add(real)
        jdk = os.path.basename(os.path.dirname(os.path.dirname(java)))
        classes = os.path.join(scratch, jdk + "-classes")
        subprocess.run([javac, "-d", classes] + programs, check=True, capture_output=True)
        for program in programs:
            name = os.path.splitext(os.path.basename(program))[0]
            log = os.path.join(scratch, "%s-%s.log" % (name, jdk))
            subprocess.run([java, "-XX:+UnlockDiagnosticVMOptions", "-XX:+LogCompilation",
                            "-XX:LogFile=" + log, "-Xmx256m", "-cp", classes, name, "5"],
                           check=True, capture_output=True)
            logs.append(log)
    return logs


def main():
    binary = sys.argv[1]
    required = os.environ.get("PROFDIFF_REQUIRE_CONFORMANCE") == "1"
    with tempfile.TemporaryDirectory() as scratch:
        packed = {}
        logs = real_logs(scratch, packed) + made_logs(scratch)
        if not logs:
            print("no HotSpot logs: ../shared/real-hotspot is absent and no JDK is installed")
            return 1 if required else 77
        failures = []
        for log in logs:
            check_model(binary, log, failures)
        by_program = collections.defaultdict(list)
        for log in logs:
            by_program[os.path.basename(log).split("-")[0]].append(log)
        for group in by_program.values():
            if len(group) >= 2:
                check_commands(binary, group[0], group[-1], scratch, failures)
                check_profiled(binary, group[0], group[-1], scratch, failures)
        check_compressed(binary, packed, failures)
        for failure in failures[:40]:
            print("FAIL", failure)
        print("%d logs checked, %d failures" % (len(logs), len(failures)))
        return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
