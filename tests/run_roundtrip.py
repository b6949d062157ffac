#!/usr/bin/env python3
"""CTest driver: the structured outputs lose nothing (issue "Structured output").

For every conformance case (when the corpus is present), stats on every log those cases use, and
every command on fixtures/, runs
profdiff with --format=json, renders the stream back with `profdiff render` (which checks each
record against the JSON Schema) and compares the result byte for byte with the text output of
the same command. It also checks that render --format=json reproduces the stream itself, that
render --format=csv equals --format=csv, and that every record is one line of JSON with a
"type", the first a header and the last an end record.

Exit 77 (skipped) when neither corpus nor fixtures are found; with
PROFDIFF_REQUIRE_CONFORMANCE=1 a missing corpus is a failure.
"""
import json
import os
import subprocess
import sys
import tempfile

from case_pool import map_cases, sampled

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.normpath(os.path.join(HERE, ".."))


def run(binary, args, cwd):
    return subprocess.run([binary] + args, cwd=cwd, capture_output=True)


def fixture_cases():
    jit = "fixtures/jit-example"
    aot = "fixtures/aot-example"
    cases = []
    logs = [f"{jit}/exp1/log", f"{jit}/exp1/prof.json", f"{jit}/exp2/log", f"{jit}/exp2/prof.json"]
    for extra in ([], ["--optimization-context-tree=true"], ["--diff-compilations=false"],
                  ["--long-bci=true", "--inliner-reasoning=true"], ["--prune-identities=false"],
                  ["--summary=true", "--explanation=false"],
                  ["--summary=true", "--optimization-context-tree=true"],
                  ["--summary=true", "--diff-compilations=false"]):
        cases.append(["jit-vs-jit"] + logs + extra)
    cases.append(["report", f"{jit}/exp1/log", f"{jit}/exp1/prof.json"])
    cases.append(["report", f"{jit}/exp1/log"])
    cases.append(["report", f"{jit}/exp1/log", f"{jit}/exp1/prof.json",
                  "--optimization-context-tree=true", "--long-bci=true"])
    cases.append(["jit-vs-aot", f"{jit}/exp1/log", f"{jit}/exp1/prof.json", f"{aot}/exp2/log"])
    cases.append(["jit-vs-aot", f"{jit}/exp1/log", f"{jit}/exp1/prof.json", f"{aot}/exp2/log",
                  f"{aot}/exp2/prof.json"])
    cases.append(["aot-vs-aot", f"{aot}/exp1/log", f"{aot}/exp1/prof.json", f"{aot}/exp2/log",
                  f"{aot}/exp2/prof.json"])
    cases.append(["aot-vs-aot-jit-profile", f"{jit}/exp1/log", f"{jit}/exp1/prof.json",
                  f"{aot}/exp1/log", f"{aot}/exp2/log"])
    # stats: one experiment with and without a profile, two compared, JIT and AOT, and a log
    # that is read fine but whose profile is missing.
    cases.append(["stats", f"{jit}/exp1/log"])
    cases.append(["stats", f"{jit}/exp1/log", f"{jit}/exp1/prof.json"])
    cases.append(["stats", f"{jit}/exp1/log", f"{jit}/exp2/log"])
    cases.append(["stats"] + logs)
    cases.append(["stats", f"{aot}/exp1/log", f"{aot}/exp1/prof.json", f"{aot}/exp2/log",
                  f"{aot}/exp2/prof.json", "--hot-max-limit=1"])
    cases.append(["stats", f"{jit}/exp1/log", f"{jit}/exp1/prof.json", f"{aot}/exp2/log",
                  f"{aot}/exp2/prof.json"])
    cases.append(["stats", f"{jit}/exp1/log", f"{jit}/exp1/log/units-0"])
    runs = ["--exp1", f"{jit}/exp1/log", f"{jit}/exp1/prof.json", f"{jit}/exp1/log",
            f"{jit}/exp1/prof.json", "--exp2", f"{jit}/exp2/log", f"{jit}/exp2/prof.json",
            f"{jit}/exp2/log", f"{jit}/exp2/prof.json"]
    for extra in ([], ["--show-noise=true", "--stable-share=1", "--noise-share=0"],
                  ["--optimization-context-tree=true", "--long-bci=true"],
                  ["--inliner-reasoning=true"]):
        cases.append(["jit-vs-jit-runs"] + runs + extra)
    # One run of experiment 2: a warning, and every difference unconfirmed (listed with
    # --show-noise).
    cases.append(["jit-vs-jit-runs"] + runs[:8] + ["--show-noise=true"])
    cases.append(["aot-vs-aot-jit-profile", f"{jit}/exp1/log", f"{jit}/exp1/prof.json",
                  f"{aot}/exp1/log", f"{aot}/exp2/log", "--summary=true"])
    # A run that fails after it started (experiment 2's profile is of the wrong kind): its stream
    # ends with an error record, and render fails the same way. (A path error comes before the
    # header and writes nothing: tests/path_errors_test.cc.)
    cases.append(["jit-vs-jit", f"{jit}/exp1/log", f"{jit}/exp1/prof.json", f"{jit}/exp2/log",
                  f"{aot}/exp2/prof.json"])
    return [(SOURCE, case) for case in cases]


def conformance_cases():
    corpus = os.environ.get("PROFDIFF_CONFORMANCE_DIR",
                            os.path.normpath(os.path.join(SOURCE, "..", "shared", "conformance")))
    cases_dir = os.path.join(corpus, "cases")
    if not os.path.isdir(cases_dir):
        return None
    cases = []
    for name in sorted(os.listdir(cases_dir)):
        case = os.path.join(cases_dir, name)
        with open(os.path.join(case, "args")) as f:
            args = [line.rstrip("\n") for line in f if line.strip() != ""]
        with open(os.path.join(case, "root")) as f:
            root = os.path.join(corpus, f.read().strip())
        cases.append((root, args))
    return cases


def stats_cases(corpus):
    """stats over the logs (with their profiles) that the conformance cases use."""
    seen = set()
    cases = []
    for root, args in corpus:
        for i, arg in enumerate(args):
            if not arg.endswith("log") or (root, arg) in seen:
                continue
            seen.add((root, arg))
            case = ["stats", arg]
            if i + 1 < len(args) and args[i + 1].endswith(".json"):
                case.append(args[i + 1])
            cases.append((root, case))
    return cases


def check(binary, cwd, args, path):
    name = " ".join(args)
    text = run(binary, args, cwd)
    stream = run(binary, args + ["--format=json"], cwd)
    if stream.returncode != text.returncode:
        return f"{name}: exit code {stream.returncode} with --format=json, {text.returncode} as text"
    lines = stream.stdout.decode("utf-8").split("\n")
    if lines[-1] != "":
        return f"{name}: the JSON stream does not end with a newline"
    records = [json.loads(line) for line in lines[:-1]]
    if not records or records[0].get("type") != "header":
        return f"{name}: the first record is not a header"
    last = records[-1].get("type")
    if text.returncode == 0 and last != "end":
        return f"{name}: the last record is {last}, not end"
    if text.returncode != 0 and last != "error":
        return f"{name}: a failed run's stream ends with {last}, not error"
    with open(path, "wb") as f:
        f.write(stream.stdout)
    rendered = run(binary, ["render", path], cwd)
    if rendered.stdout != text.stdout:
        return f"{name}: render of the JSON differs from the text output\n" + \
            rendered.stderr.decode("utf-8", "replace")[:2000]
    if rendered.returncode != text.returncode:
        return f"{name}: render exits {rendered.returncode}, the run {text.returncode}"
    again = run(binary, ["render", path, "--format=json"], cwd)
    if again.stdout != stream.stdout:
        return f"{name}: render --format=json does not reproduce the stream"
    csv = run(binary, args + ["--format=csv"], cwd)
    csv_again = run(binary, ["render", path, "--format=csv"], cwd)
    if csv.stdout != csv_again.stdout:
        return f"{name}: render --format=csv differs from --format=csv"
    return None


def main():
    if len(sys.argv) < 2:
        print("usage: run_roundtrip.py PROFDIFF")
        return 2
    binary = os.path.abspath(sys.argv[1])
    cases = fixture_cases()
    corpus = conformance_cases()
    if corpus is not None:
        corpus += stats_cases(corpus)
    if corpus is None:
        if os.environ.get("PROFDIFF_REQUIRE_CONFORMANCE") == "1":
            print("conformance corpus required but not found")
            return 1
        print("conformance corpus not found: only fixtures/ checked")
    else:
        cases += corpus
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        def check_case(numbered):
            index, (cwd, args) = numbered
            return check(binary, cwd, args, os.path.join(tmp, f"stream-{index}.jsonl"))

        for problem in map_cases(check_case, sampled(list(enumerate(cases)))):
            if problem is None:
                passed += 1
            else:
                failed += 1
                print("FAIL " + problem)
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
