#!/usr/bin/env python3
"""A HotSpot log with the JFR recording of the same run (issue 20, item 2).

For every run of ../shared/real-hotspot (or $PROFDIFF_REAL_HOTSPOT_DIR) that has a hotspot.log.gz
and a rec.jfr: the log's <nmethod> install and <make_not_entrant> times decide which compilation
each sample counts for. These recordings were made with JFR's `profile` settings, which record
jdk.Compilation only above 100 ms, so without the log's times most samples in compiled code
would link to no compilation. Checks, per run:

  - `report LOG.gz rec.jfr --format=json` succeeds, says its hotness comes from JFR samples, has
    hot units, and does not warn about samples whose compilation is unknown;
  - the same log with its install records removed (so only the recording's own jdk.Compilation
    events are left) links fewer profile entries to units, or warns: the log's times matter;
  - every command runs with the recording as the profile (jit-vs-jit of two configurations of the
    same program, stats), and the shares are of JIT-compiled code, not "Graal" code.

usage: run_hotspot_jfr.py PROFDIFF
Exit 77 (skipped) when there is no such run, unless PROFDIFF_REQUIRE_CONFORMANCE=1.
"""
import glob
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
UNKNOWN = "whose compilation the recording does not"
INSTALLS = re.compile(rb"^<(nmethod|make_not_entrant) [^\n]*\n", re.M)


def run(profdiff, args):
    return subprocess.run([profdiff] + args, capture_output=True, text=True, errors="replace",
                          timeout=600)


def records(text):
    return [json.loads(line) for line in text.split("\n") if line]


def linked(out):
    """Hot units and the summary of experiment 1 of a JSON stream."""
    experiment = next(r for r in records(out) if r["type"] == "experiment")
    return experiment["profile"]


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    profdiff = os.path.abspath(sys.argv[1])
    root = os.environ.get("PROFDIFF_REAL_HOTSPOT_DIR",
                          os.path.join(HERE, "..", "..", "shared", "real-hotspot"))
    runs = sorted(os.path.dirname(p) for p in glob.glob(os.path.join(root, "*", "*", "run-*",
                                                                     "hotspot.log.gz"))
                  if os.path.isfile(os.path.join(os.path.dirname(p), "rec.jfr")))
    if not runs:
        if os.environ.get("PROFDIFF_REQUIRE_CONFORMANCE") == "1":
            print(f"no HotSpot runs with recordings under {root}")
            return 1
        print(f"no HotSpot runs with recordings under {root}: skipped")
        return 77
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        for path in runs:
            name = os.path.relpath(path, root)
            log, rec = os.path.join(path, "hotspot.log.gz"), os.path.join(path, "rec.jfr")
            with_log = run(profdiff, ["report", log, rec, "--format=json"])
            if with_log.returncode != 0:
                failures.append(f"{name}: report exits {with_log.returncode}: {with_log.stderr}")
                continue
            profile = linked(with_log.stdout)
            if profile.get("source") != "jfr" or profile["hot_units"] == 0:
                failures.append(f"{name}: no hot units from the recording: {profile}")
            if UNKNOWN in with_log.stdout:
                failures.append(f"{name}: samples left without their compilation despite the log")
            # The same log without its install records.
            with gzip.open(log, "rb") as f:
                stripped = INSTALLS.sub(b"", f.read())
            bare = os.path.join(tmp, name.replace(os.sep, "_") + ".log")
            with open(bare, "wb") as f:
                f.write(stripped)
            without = run(profdiff, ["report", bare, rec, "--format=json"])
            if without.returncode == 0:
                bare_profile = linked(without.stdout)
                if (UNKNOWN not in without.stdout and
                        bare_profile["hot_period"] >= profile["hot_period"]):
                    failures.append(f"{name}: the log's install times made no difference")
            for args in (["stats", log, rec], ["report", log, rec, "--format=html"]):
                result = run(profdiff, args)
                if result.returncode != 0:
                    failures.append(f"{name}: {args[0]} exits {result.returncode}: {result.stderr}")
        # A comparison of two configurations of one program, each with its recording.
        by_program = {}
        for path in runs:
            by_program.setdefault(os.path.relpath(path, root).split(os.sep)[0], []).append(path)
        for program, paths in by_program.items():
            if len(paths) < 2:
                continue
            a, b = paths[0], paths[1]
            result = run(profdiff, ["jit-vs-jit", os.path.join(a, "hotspot.log.gz"),
                                    os.path.join(a, "rec.jfr"), os.path.join(b, "hotspot.log.gz"),
                                    os.path.join(b, "rec.jfr"), "--summary=true"])
            if result.returncode != 0:
                failures.append(f"{program}: jit-vs-jit exits {result.returncode}: {result.stderr}")
            # C1 and C2 compiled this code, not Graal: the shares say "JIT-compiled".
            elif (result.stdout.count("JIT-compiled methods account for ") != 2 or
                  "% of JIT-compiled execution, " not in result.stdout or
                  "Graal" in result.stdout):
                failures.append(f"{program}: jit-vs-jit does not call the shares JIT-compiled")
            by_runs = run(profdiff, ["jit-vs-jit-runs", "--exp1", os.path.join(a, "hotspot.log.gz"),
                                     os.path.join(a, "rec.jfr"), "--exp2",
                                     os.path.join(b, "hotspot.log.gz"), os.path.join(b, "rec.jfr")])
            if by_runs.returncode != 0:
                failures.append(f"{program}: jit-vs-jit-runs exits {by_runs.returncode}: "
                                f"{by_runs.stderr}")
            elif (by_runs.stdout.count("Hot share       JIT share    Sampled (s)  Samples") != 2 or
                  "Graal" in by_runs.stdout):
                failures.append(f"{program}: jit-vs-jit-runs does not call the shares JIT-compiled")
    for failure in failures:
        print("FAIL " + failure)
    checked = len(runs) + sum(1 for p in by_program.values() if len(p) >= 2)
    print(f"{checked - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
