#!/usr/bin/env python3
"""The HotSpot mode of the benchmark generator (bench/generate/hotspot.cc) writes well-formed
LogCompilation XML with the shapes of the real logs, deterministically.

usage: run_hotspot_generator_check.py GENERATOR

Generates a 3 MB pair twice with the same seed (byte-identical) and once with another seed
(different), parses each log with Python's xml.etree, and checks the structure: the header
(vm_version), the tty section, one compilation_log per compiler thread (C1 and C2), tasks with
compile ids, C1 levels and C2 (no level), OSR tasks, failed tasks, nested parses with calls and
both inline_success and inline_fail with the real reasons, uncommon traps, receiver profiles,
intrinsics, and that every method/klass/type id a task uses is defined inside that task.
"""
import collections
import filecmp
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def generate(generator, out, seed):
    subprocess.check_call([generator, "--kind=hotspot", "--size-mb=3", f"--seed={seed}",
                           f"--out={out}", "--quiet"])


def check_log(path):
    size = os.path.getsize(path)
    check(2.9 * 2**20 <= size <= 3.3 * 2**20, f"{path}: {size} bytes, expected about 3 MB")
    root = ET.parse(path).getroot()
    check(root.tag == "hotspot_log", f"{path}: root {root.tag}")
    release = root.find("vm_version/release")
    check(release is not None and release.text.strip(), f"{path}: no vm_version/release")
    check(root.find("tty") is not None, f"{path}: no tty section")
    logs = root.findall("compilation_log")
    threads = [log.find("start_compile_thread").get("name") for log in logs]
    check(threads == ["C1 CompilerThread0", "C2 CompilerThread0"], f"{path}: threads {threads}")
    tasks = [task for log in logs for task in log.findall("task")]
    check(len(tasks) > 300, f"{path}: only {len(tasks)} tasks")
    levels = collections.Counter(task.get("level", "4") for task in tasks)
    for level in ("1", "3", "4"):
        check(levels[level] > 0, f"{path}: no level {level} tasks ({levels})")
    ids = [int(task.get("compile_id")) for task in tasks]
    check(len(set(ids)) == len(ids), f"{path}: compile ids repeat")
    check(any(task.get("compile_kind") == "osr" and task.get("osr_bci") for task in tasks),
          f"{path}: no OSR task")
    failed = [t for t in tasks if t.find("task_done").get("success") == "0"]
    check(failed and all(t.find("failure") is not None for t in failed),
          f"{path}: failed tasks missing or without <failure>")
    reasons = collections.Counter()
    for task in tasks:
        defined = set()
        for element in task.iter():
            if element.tag in ("type", "klass", "method"):
                defined.add(element.get("id"))
            for attribute in ("method", "holder", "return", "receiver", "receiver2", "klass"):
                value = element.get(attribute)
                if value is not None and element.tag in ("parse", "call", "method",
                                                         "predicted_call"):
                    check(value in defined, f"{path}: task {task.get('compile_id')}: "
                          f"<{element.tag} {attribute}='{value}'> before its definition")
            if element.tag in ("inline_success", "inline_fail"):
                reasons[(element.tag, element.get("reason"))] += 1
    for expected in [("inline_success", "inline (hot)"), ("inline_success", "inline"),
                     ("inline_fail", "callee is too large"), ("inline_fail", "too big"),
                     ("inline_fail", "no static binding")]:
        check(reasons[expected] > 0, f"{path}: no {expected}")
    counts = collections.Counter(e.tag for e in root.iter())
    for tag in ("uncommon_trap", "intrinsic", "direct_call", "virtual_call", "predicted_call",
                "loop_tree", "branch", "bc", "dependency"):
        check(counts[tag] > 0, f"{path}: no <{tag}>")
    check(any(c.get("receiver_count") for c in root.iter("call")), f"{path}: no receiver profile")


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    generator = sys.argv[1]
    with tempfile.TemporaryDirectory(prefix="profdiff-hotspot-gen-") as tmp:
        a, b, c = (os.path.join(tmp, name) for name in ("a", "b", "c"))
        generate(generator, a, 7)
        generate(generator, b, 7)
        generate(generator, c, 8)
        for exp in ("exp1", "exp2"):
            log = os.path.join(a, exp, "hotspot.log")
            check(filecmp.cmp(log, os.path.join(b, exp, "hotspot.log"), shallow=False),
                  f"{exp}: the same seed wrote other bytes")
            check(not filecmp.cmp(log, os.path.join(c, exp, "hotspot.log"), shallow=False),
                  f"{exp}: another seed wrote the same bytes")
            check(sorted(os.listdir(os.path.join(a, exp))) == ["hotspot.log"],
                  f"{exp}: left {os.listdir(os.path.join(a, exp))}")
            check_log(log)
        check(not filecmp.cmp(os.path.join(a, "exp1", "hotspot.log"),
                              os.path.join(a, "exp2", "hotspot.log"), shallow=False),
              "exp1 and exp2 are the same")
    for failure in failures:
        print("FAIL:", failure)
    print(f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
