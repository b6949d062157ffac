#!/usr/bin/env python3
"""Generated classes keep their identity (issue 36, part 5), on real HotSpot logs.

tests/generated_names/HotLambdas.java calls two lambdas, two method references and a proxy in a
hot loop. It runs twice with -XX:+LogCompilation on every JDK under /usr/lib/jvm; the classes
the JVM generates for them are named after an address (JDK 25: `HotLambdas$$Lambda/0x...`) or a
counter and an address (JDK 17: `HotLambdas$$Lambda$3/0x...`) that change from run to run. The
comparison of the two runs must pair each hot lambda method by its stable identity (by
construction: the lambda$main$N method or the method reference's target its body calls), show
each side's name in the log, and name no generated class by its address anywhere, in the trees
of the loop's compilation either; a --require rule names a lambda method by its identity. `stats`
of the two runs with their JFR recordings scopes a lambda's method by its identity too, so that
it pairs. Exit 77 without a JDK.
"""

import json
import os
import re
import subprocess
import sys
import tempfile

from installed_jdks import jdks

HERE = os.path.dirname(os.path.abspath(__file__))
# The lambdas and method references of the hot loop, by construction.
EXPECTED = {
    "HotLambdas$$Lambda[lambda$main$0].applyAsInt(int)",
    "HotLambdas$$Lambda[lambda$main$1].applyAsInt(int, int)",
    "HotLambdas$$Lambda[HotLambdas.twice(int)].applyAsInt(int)",
    "HotLambdas$$Lambda[java.lang.String.length()].applyAsInt(Object)",
}
# A generated class named after its run: an address, or a lambda's counter.
RUN_NAME = re.compile(r"/0x[0-9a-fA-F]+|\$\$Lambda\$[0-9]")


def run(java, javac, scratch, tag):
    classes = os.path.join(scratch, "classes")
    if not os.path.isdir(classes):
        subprocess.run([javac, "-d", classes,
                        os.path.join(HERE, "generated_names", "HotLambdas.java")],
                       check=True, capture_output=True)
    log = os.path.join(scratch, "run-%s.log" % tag)
    recording = os.path.join(scratch, "run-%s.jfr" % tag)
    subprocess.run([java, "-XX:+UnlockDiagnosticVMOptions", "-XX:+LogCompilation",
                    "-XX:LogFile=" + log,
                    "-XX:StartFlightRecording=filename=%s,settings=profile" % recording,
                    "-Xmx256m", "-cp", classes, "HotLambdas"],
                   check=True, capture_output=True)
    return log, recording


def names_in_tree(tree):
    for node in tree.get("nodes", []):
        for side in ("left", "right"):
            if node.get(side) and node[side].get("method"):
                yield node[side]["method"]


def check(binary, left, right):
    """The problems of comparing two runs: a list of strings, empty when all is well."""
    out = subprocess.run([binary, "jit-vs-jit", left, right, "--format=json"], check=True,
                         capture_output=True, text=True).stdout
    problems = []
    paired = {}
    for line in out.splitlines():
        record = json.loads(line)
        if record.get("type") == "method":
            sides = record["experiments"]
            if all(side["compilations"] for side in sides):
                paired[record["method"]] = [side.get("name_in_log") for side in sides]
            if RUN_NAME.search(record["method"]):
                problems.append("section named by its run: %s" % record["method"])
        elif record.get("type") == "pair":
            for key in ("inlining", "optimization"):
                for name in names_in_tree(record.get(key) or {}):
                    if RUN_NAME.search(name):
                        problems.append("%s: %s tree names %s" % (record["method"], key, name))
    for identity in sorted(EXPECTED):
        if identity not in paired:
            problems.append("not paired: %s" % identity)
            continue
        first, second = paired[identity]
        if not first or not second or not RUN_NAME.search(first) or not RUN_NAME.search(second):
            problems.append("%s: names in the logs %s, %s" % (identity, first, second))
    if "HotLambdas.main(String[])" not in paired:
        problems.append("the loop's method is not compared")
    problems += check_rules(binary, left, right)
    return problems


def check_stats(binary, left, left_recording, right, right_recording):
    """stats of the two runs, every compiled method a scope: no lambda's scope is named by its
    run, and the loop's lambdas that are scopes are in both runs."""
    out = subprocess.run([binary, "stats", left, left_recording, right, right_recording,
                          "--format=json", "--hot-percentile=1", "--hot-max-limit=100000"],
                         check=True, capture_output=True, text=True).stdout
    problems = []
    for line in out.splitlines():
        record = json.loads(line)
        if record.get("type") != "statistics-change" or not isinstance(record["scope"], dict):
            continue
        method = record["scope"]["method"]
        if "$$Lambda" in method and RUN_NAME.search(method):
            problems.append("stats scope named by its run: %s" % method)
        if method in EXPECTED and record["hot_only_in"] is not None:
            problems.append("stats: %s only in run %d" % (method, record["hot_only_in"]))
    return problems


def check_rules(binary, left, right):
    """--require names a lambda method by its identity: it holds, and one of a lambda that does
    not exist is broken."""
    problems = []
    with tempfile.TemporaryDirectory() as scratch:
        for rule, status in (("compiled HotLambdas$$Lambda[lambda$main$0].applyAsInt(int)", 0),
                             ("compiled HotLambdas$$Lambda[lambda$main$9].*", 2)):
            rules = os.path.join(scratch, "lambda.rules")
            with open(rules, "w") as f:
                f.write(rule + "\n")
            result = subprocess.run([binary, "jit-vs-jit", left, right, "--require", rules],
                                    capture_output=True, text=True)
            if result.returncode != status:
                problems.append("--require %r: exit %d, expected %d: %s"
                                % (rule, result.returncode, status, result.stderr.strip()))
    return problems


def main():
    binary = sys.argv[1]
    installed = jdks()
    if not installed:
        print("no JDK under /usr/lib/jvm")
        return 77
    failures = 0
    with tempfile.TemporaryDirectory() as top:
        for name, java, javac in installed:
            scratch = tempfile.mkdtemp(dir=top)
            (first, first_jfr), (second, second_jfr) = (run(java, javac, scratch, "a"),
                                                        run(java, javac, scratch, "b"))
            for problem in (check(binary, first, second) +
                            check_stats(binary, first, first_jfr, second, second_jfr)):
                print("%s: %s" % (name, problem))
                failures += 1
    print("generated names: %d JDKs, %d failures" % (len(installed), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
