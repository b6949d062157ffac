#!/usr/bin/env python3
"""CTest driver: on the real Graal runs of the conformance corpus, `report LOG rec.jfr` gives the
same hot units as `report LOG prof.json`, each hot unit's share of the total within 3 percentage
points (the prof.json files were converted from these very recordings by another implementation,
which attributed samples by time using the run's HotSpot compilation log; docs/jfr.md).

Also: a recording works in every command and format (exit 0), and the JSON stream of a report
made with one renders back to the same text.

Usage: jfr_real_graal.py PROFDIFF. Exit 77 (skipped) when the corpus is absent, unless
PROFDIFF_REQUIRE_CONFORMANCE=1. The corpus: $PROFDIFF_CONFORMANCE_DIR or ../shared/conformance.
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOLERANCE = 0.03


def hot_units(profdiff, log, profile):
    out = subprocess.run([profdiff, "report", log, profile, "--format=json"], check=True,
                         capture_output=True, text=True).stdout
    units = {}
    samples = None
    for line in out.splitlines():
        record = json.loads(line)
        if record["type"] == "experiment" and record["profile"]:
            samples = record["profile"].get("samples")
        if record["type"] != "compilation":
            continue
        c = record["compilation"]
        if c["hot"]:
            units[(record["method"], c["id"])] = c["total_share"]
    return units, samples


def main():
    if len(sys.argv) != 2:
        print("usage: jfr_real_graal.py PROFDIFF")
        return 2
    default = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "conformance"))
    corpus = os.environ.get("PROFDIFF_CONFORMANCE_DIR", default)
    runs = sorted(glob.glob(os.path.join(corpus, "data", "real-graal", "*", "*", "run-*")))
    runs = [r for r in runs if os.path.isfile(os.path.join(r, "rec.jfr"))]
    if not runs:
        if os.environ.get("PROFDIFF_REQUIRE_CONFORMANCE") == "1":
            print(f"real Graal runs required but not found under {corpus}")
            return 1
        print(f"no real Graal runs with rec.jfr under {corpus}: skipped")
        return 77
    failures = 0
    for run in runs:
        name = os.path.relpath(run, os.path.join(corpus, "data", "real-graal"))
        log = os.path.join(run, "log")
        expected, _ = hot_units(sys.argv[1], log, os.path.join(run, "prof.json"))
        actual, samples = hot_units(sys.argv[1], log, os.path.join(run, "rec.jfr"))
        problems = []
        if samples is None:
            problems.append("the summary does not say the profile is made of JFR samples")
        for unit in sorted(set(expected) | set(actual)):
            if unit not in actual:
                problems.append(f"hot in prof.json only: {unit} {expected[unit]:.4f}")
            elif unit not in expected:
                problems.append(f"hot in rec.jfr only: {unit} {actual[unit]:.4f}")
            elif abs(expected[unit] - actual[unit]) > TOLERANCE:
                problems.append(f"share of {unit}: prof.json {expected[unit]:.4f}, "
                                f"rec.jfr {actual[unit]:.4f}")
        worst = max((abs(expected[u] - actual[u]) for u in expected if u in actual), default=0)
        if problems:
            failures += 1
            print(f"FAIL {name}: " + "; ".join(problems))
        else:
            print(f"ok   {name}: {len(expected)} hot units, {samples} samples, "
                  f"largest share difference {worst * 100:.2f} points")
    failures += every_command(sys.argv[1], os.path.join(corpus, "data", "real-graal"))
    return 1 if failures else 0


def every_command(profdiff, root):
    d = os.path.join(root, "MiniInterpreter")
    a1, a2 = os.path.join(d, "default", "run-1"), os.path.join(d, "default", "run-2")
    b1, b2 = os.path.join(d, "lowinline", "run-1"), os.path.join(d, "lowinline", "run-2")
    if not all(os.path.isfile(os.path.join(r, "rec.jfr")) for r in (a1, a2, b1, b2)):
        return 0
    log, rec = (lambda r: os.path.join(r, "log")), (lambda r: os.path.join(r, "rec.jfr"))
    commands = [
        ["report", log(a1), rec(a1)],
        ["jit-vs-jit", log(a1), rec(a1), log(b1), rec(b1)],
        ["jit-vs-jit", log(a1), rec(a1), log(b1), os.path.join(b1, "prof.json")],
        ["jit-vs-jit-runs", "--exp1", log(a1), rec(a1), log(a2), rec(a2),
         "--exp2", log(b1), rec(b1), log(b2), rec(b2)],
        ["jit-vs-aot", log(a1), rec(a1), log(b1)],
        ["stats", log(a1), rec(a1), log(b1), rec(b1)],
    ]
    failures = 0
    for args in commands:
        for fmt in ("text", "json", "csv", "html"):
            run = subprocess.run([profdiff] + args + [f"--format={fmt}"], capture_output=True)
            if run.returncode != 0 or not run.stdout:
                failures += 1
                print(f"FAIL {args[0]} --format={fmt}: exit {run.returncode}: "
                      f"{run.stderr.decode(errors='replace')[:300]}")
    text = subprocess.run([profdiff] + commands[0], capture_output=True).stdout
    stream = subprocess.run([profdiff] + commands[0] + ["--format=json"],
                            capture_output=True).stdout
    with tempfile.NamedTemporaryFile(suffix=".jsonl") as saved:
        saved.write(stream)
        saved.flush()
        rendered = subprocess.run([profdiff, "render", saved.name], capture_output=True).stdout
    if b"Collected JFR data for " not in text or rendered != text:
        failures += 1
        print("FAIL report with rec.jfr: the JSON stream does not render back to the text")
    if not failures:
        print(f"ok   every command and format with rec.jfr ({len(commands)} commands)")
    return failures


if __name__ == "__main__":
    sys.exit(main())
