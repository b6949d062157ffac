#!/usr/bin/env python3
"""An experiment compared with itself differs nowhere (issue 22).

For every experiment of the conformance corpus's cases (../shared/conformance, or
$PROFDIFF_CONFORMANCE_DIR) and of fixtures/, runs the comparison of that experiment with itself,
with the case's display options, and checks that the CI gate passes (--fail-on=any exits 0) and
that the ranked summary (--summary=true, JSON) counts no differing node and no pair too big to
compare. Methods with several hot compilations (recompilations, OSR, fragments) are the point:
each compilation of one side is printed against each of the other, and only the compilations
paired one to one count.

usage: run_self_comparison.py PROFDIFF
Exit 77 (skipped) when the corpus is absent, unless PROFDIFF_REQUIRE_CONFORMANCE=1; fixtures/
are checked either way.
"""
import json
import os
import subprocess
import sys

from case_pool import map_cases, sampled

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(HERE)
COMMANDS = {"report", "jit-vs-jit", "jit-vs-aot", "aot-vs-aot", "aot-vs-aot-jit-profile"}
# Display options that change what is compared; the others only change the text.
KEPT_OPTIONS = {"--hot-percentile", "--hot-min-count", "--hot-max-count",
                "--optimization-context-tree", "--create-fragments", "--remove-detailed-phases",
                "--prune-identities", "--sort-inlining-tree", "--sort-unordered-phases"}


def split_args(args):
    """(options as a list of --name=value, command, positionals) of a case's argument list."""
    options, i = [], 0
    while i < len(args) and args[i] not in COMMANDS:
        name = args[i]
        if "=" in name:
            value = None
        else:
            value = args[i + 1]
            i += 1
        i += 1
        key = name.split("=", 1)[0]
        if key in KEPT_OPTIONS:
            options.append(name if value is None else f"{name}={value}")
    if i == len(args):
        return options, None, []
    return options, args[i], args[i + 1:]


def is_profile(path):
    return path.endswith(".json")


def experiments(command, positionals):
    """The experiments of a case as (log, profile or None)."""
    if command == "aot-vs-aot-jit-profile":
        return [(positionals[0], positionals[1])] + [(p, None) for p in positionals[2:]]
    found, i = [], 0
    while i < len(positionals):
        log = positionals[i]
        profile = None
        if i + 1 < len(positionals) and is_profile(positionals[i + 1]):
            profile = positionals[i + 1]
            i += 1
        found.append((log, profile))
        i += 1
    return found


def profile_kind(path):
    try:
        with open(path, encoding="utf-8") as f:
            return "aot" if json.load(f).get("compilationKind") == "AOT" else "jit"
    except (OSError, ValueError, AttributeError):
        return None


def self_comparisons(root, options, command, positionals):
    """Command lines comparing each experiment of a case with itself."""
    found = []
    if command == "aot-vs-aot-jit-profile":
        jit_log, jit_profile = positionals[0], positionals[1]
        for aot in positionals[2:]:
            found.append(["aot-vs-aot-jit-profile", jit_log, jit_profile, aot, aot])
    for log, profile in experiments(command, positionals):
        if profile is None:
            continue  # a comparison of JIT runs needs their profiles
        kind = profile_kind(os.path.join(root, profile))
        if kind is None:
            continue
        found.append([f"{kind}-vs-{kind}", log, profile, log, profile])
    return [options + line for line in found]


def check(profdiff, root, args):
    """None when the comparison of args (relative to root) passes, else what went wrong."""
    gate = subprocess.run([profdiff] + args + ["--fail-on=any"], cwd=root, capture_output=True,
                          text=True, errors="replace", timeout=600)
    if gate.returncode != 0:
        return f"--fail-on=any exits {gate.returncode}: {gate.stderr.strip()}"
    run = subprocess.run([profdiff] + args + ["--summary=true", "--format=json"], cwd=root,
                         capture_output=True, text=True, errors="replace", timeout=600)
    if run.returncode != 0:
        return f"--summary=true exits {run.returncode}: {run.stderr.strip()}"
    summaries = [r for r in map(json.loads, filter(None, run.stdout.split("\n"))) if r["type"] == "summary"]
    if len(summaries) != 1:
        return f"{len(summaries)} summary records"
    for row in summaries[0]["methods"]:
        counted = [row[kind][op] for kind in ("inlining", "optimization")
                   for op in ("insert", "delete", "relabel", "too_big")]
        if any(counted):
            return f"the summary ranks differences in {row['method']}: {row}"
    return None


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    profdiff = os.path.abspath(sys.argv[1])
    corpus = os.environ.get("PROFDIFF_CONFORMANCE_DIR",
                            os.path.normpath(os.path.join(SOURCE, "..", "shared", "conformance")))
    cases_dir = os.path.join(corpus, "cases")
    runs = []  # (root, args)
    fixtures = os.path.join(SOURCE, "fixtures")
    for kind in ("jit", "aot"):
        example = os.path.join(fixtures, f"{kind}-example")
        for exp in sorted(os.listdir(example)):
            if os.path.isfile(os.path.join(example, exp, "prof.json")):
                runs.append((example, [f"{kind}-vs-{kind}", f"{exp}/log", f"{exp}/prof.json",
                                       f"{exp}/log", f"{exp}/prof.json"]))
    have_corpus = os.path.isdir(cases_dir)
    if have_corpus:
        seen = set()
        for case in sorted(os.listdir(cases_dir)):
            path = os.path.join(cases_dir, case)
            with open(os.path.join(path, "root"), encoding="utf-8") as f:
                root = os.path.normpath(os.path.join(corpus, f.read().strip()))
            with open(os.path.join(path, "args"), encoding="utf-8") as f:
                args = [line for line in f.read().split("\n") if line]
            options, command, positionals = split_args(args)
            if command is None:
                continue
            for line in self_comparisons(root, options, command, positionals):
                if (root, tuple(line)) not in seen:
                    seen.add((root, tuple(line)))
                    runs.append((root, line))
    failed = 0
    runs = sampled(runs)
    problems = map_cases(lambda run: check(profdiff, *run), runs)
    for (root, args), problem in zip(runs, problems):
        if problem is not None:
            failed += 1
            print(f"FAIL {root}: profdiff {' '.join(args)}\n  {problem}")
    print(f"{len(runs) - failed} passed, {failed} failed")
    if not have_corpus:
        if os.environ.get("PROFDIFF_REQUIRE_CONFORMANCE") == "1":
            print(f"conformance corpus required but not found at {corpus}")
            return 1
        print(f"conformance corpus not found at {corpus}: only fixtures/ checked")
        return 77 if failed == 0 else 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
