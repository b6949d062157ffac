#!/usr/bin/env python3
"""CTest driver (issue 32, part 2): samples in compilations that --tiers leaves out, on recordings
made now.

For each JDK under /usr/lib/jvm (or $PROFDIFF_JDKS, colon-separated JDK homes), runs
tests/jfr/LateC2.java with -XX:+LogCompilation, a recording with share/profdiff.jfc, and C2's
thresholds raised: its work(long) runs at level 3 for nearly all its calls, then C2 compiles it,
so the default --tiers=top keeps work's level-4 unit and leaves out the code that ran. Checks,
against the JDK's `jfr print` of the same recording (each sample charged to its first frame that
is not inlined) and profdiff's own `--tiers=all` report:

  - the summary's JIT-compiled share is jfr's share of JIT-compiled samples (within 2 points);
  - the left-out share is the sum of the shares --tiers=all gives the units --tiers=top leaves
    out, work's level-3 code holds most of it, and the text summary says it;
  - work is shown (hot), and its method share (its units' and its left-out compilations') is
    jfr's count within 2 points, not its level-4 unit's few samples.

Usage: jfr_left_out.py PROFDIFF [--keep DIR]. Exit 77 (skipped) without a JDK.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from jfr_attribution import run_with_each_jdk, samples  # noqa: E402

TOLERANCE = 0.02  # points of share
WORK = "LateC2.work(long)"
# C2 compiles work after about THRESHOLD calls at level 3; the program makes 12 % more, which C2's
# code runs (fast: a few percent of work's samples).
THRESHOLD = 8_000_000
CALLS = THRESHOLD * 112 // 100
FLAGS = ["-XX:CompileCommand=quiet", "-XX:CompileCommand=dontinline,LateC2::work",
         f"-XX:Tier4InvocationThreshold={THRESHOLD}",
         f"-XX:Tier4MinInvocationThreshold={THRESHOLD}",
         f"-XX:Tier4CompileThreshold={THRESHOLD}", "-XX:Tier4BackEdgeThreshold=2000000000"]


def run_program(home, tmp):
    directory = os.path.join(tmp, os.path.basename(home))
    classes = os.path.join(directory, "classes")
    os.makedirs(classes)
    subprocess.run([os.path.join(home, "bin", "javac"), "-d", classes,
                    os.path.join(HERE, "jfr", "LateC2.java")], check=True)
    log, recording = os.path.join(directory, "hotspot.log"), os.path.join(directory, "rec.jfr")
    settings = os.path.join(SOURCE, "share", "profdiff.jfc")
    subprocess.run([os.path.join(home, "bin", "java"), "-XX:+UnlockDiagnosticVMOptions",
                    "-XX:+LogCompilation", f"-XX:LogFile={log}",
                    f"-XX:StartFlightRecording:filename={recording},settings={settings}",
                    "-Xlog:jfr+startup=warning"] + FLAGS + ["-cp", classes, "LateC2", str(CALLS)],
                   check=True, capture_output=True, text=True)
    return log, recording


def report(profdiff, log, recording, tiers, fmt="json", every_unit=False):
    """Every unit is hot with every_unit (so that each method has a section)."""
    hot = ["--hot-min-limit=1000000", "--hot-max-limit=1000000"] if every_unit else []
    out = subprocess.run([profdiff, "report", log, recording, f"--format={fmt}",
                          "--explanation=false", f"--tiers={tiers}"] + hot,
                         capture_output=True, text=True, check=True).stdout
    return out if fmt == "text" else [json.loads(line) for line in out.splitlines()]


def verdict(ok, text):
    print(f"{'ok  ' if ok else 'FAIL'} {text}")
    return ok


def check(name, profdiff, log, recording, jfr):
    events = samples(jfr, recording)
    jit = sum(1 for e in events if e[2] == "JIT compiled") / len(events)
    work_expected = sum(1 for e in events if e[2] == "JIT compiled" and e[1] == WORK) / len(events)
    top = report(profdiff, log, recording, "top")
    profile = next(r for r in top if r["type"] == "experiment")["profile"]
    ok = verdict(abs(profile["graal_share"] - jit) <= TOLERANCE,
                 f"{name}: JIT-compiled share {profile['graal_share'] * 100:.1f} %, jfr counts "
                 f"{jit * 100:.1f} % of {len(events)} samples")
    # The units --tiers=all lists that --tiers=top does not, with their shares.
    def units(records):
        return {(r["method"], c["id"]): c["total_share"] or 0.0 for r in records
                if r["type"] == "method" for e in r["experiments"] for c in e["compilations"]
                if not c["fragment"]}
    kept = units(report(profdiff, log, recording, "top", every_unit=True))
    left_out, work_c1 = 0.0, 0.0
    for (method_name, unit), unit_share in units(
            report(profdiff, log, recording, "all", every_unit=True)).items():
        if (method_name, unit) not in kept:
            left_out += unit_share
            if method_name == WORK:
                work_c1 += unit_share
    share = profile.get("left_out_share", 0.0)
    ok &= verdict(abs(share - left_out) <= 1e-9 and work_c1 >= work_expected / 2,
                  f"{name}: left out {share * 100:.1f} %, the left-out units of --tiers=all "
                  f"{left_out * 100:.1f} %, of which {WORK}'s {work_c1 * 100:.1f} % (its jfr "
                  f"count {work_expected * 100:.1f} %)")
    text = report(profdiff, log, recording, "top", "text")
    n = profile.get("left_out_samples")
    noted = "" if n is None else f" ({n} sample{'' if n == 1 else 's'})"
    line = (f"{share * 100:.2f}% of execution{noted} is in compilations that --tiers=top leaves "
            "out; --tiers=all shows them")
    ok &= verdict(line in text, f"{name}: the text summary says '{line}'")
    method = [r for r in top if r["type"] == "method" and r["method"] == WORK]
    got = 0.0
    for e in (method[0]["experiments"] if method else []):
        got += e.get("left_out_share", 0.0) + sum(c["total_share"] or 0 for c in e["compilations"]
                                                   if not c["fragment"])
    ok &= verdict(bool(method) and abs(got - work_expected) <= TOLERANCE,
                  f"{name}: {WORK} {'shown' if method else 'NOT shown'} with {got * 100:.1f} %, "
                  f"jfr counts {work_expected * 100:.1f} %")
    return ok


def check_jdk(home, profdiff, tmp, flags):
    log, recording = run_program(home, tmp)
    return check(os.path.basename(home), profdiff, log, recording,
                 os.path.join(home, "bin", "jfr"))


if __name__ == "__main__":
    sys.exit(run_with_each_jdk(__doc__, check_jdk))
