#!/usr/bin/env python3
"""CTest driver (issue 32, part 4): how sure a share is, on recordings made now.

For each JDK under /usr/lib/jvm (or $PROFDIFF_JDKS, colon-separated JDK homes), runs
tests/jfr/Shares.java twice with -XX:+LogCompilation and a recording with share/profdiff.jfc:
experiment 1 spends 1500 ms in big, 500 ms in other and 10 ms in tiny; experiment 2 50 ms,
1950 ms and 10 ms. tiny has a sample or two in each (a split of up to three samples between two runs
of about the same length cannot be beyond the noise, however it falls), and big three quarters of the samples in one
and a fortieth in the other, so the outcome does not depend on chance, even on a loaded machine
where JFR takes a tenth of its samples (26 in 2 s, measured). Then `profdiff jit-vs-jit` of the two, with every unit hot (so that each
method has a section), in JSON, text and CSV, and checks:

  - every method's samples (the summary row's, the method record's compilations summed) are
    what the JDK's `jfr print` counts for it in JIT-compiled frames (its first frame that is not
    inlined), within 2 samples;
  - big's share change (about 75 % against 2.5 %) is beyond sampling noise, tiny's (a sample or two
    against a sample or two) within it, in the method records and the summary rows (JSON);
  - the text marks tiny's summary row (or its title, when it is hot in one experiment only) as
    within sampling noise, with the legend, and not big's;
  - the CSV rows of big's pairs carry their compilations' samples and the test of them (its
    p-value computed here by its definition).

Usage: jfr_sampling_noise.py PROFDIFF [--keep DIR]. Exit 77 (skipped) without a JDK.
"""
import csv
import io
import json
import math
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from jfr_attribution import run_with_each_jdk, samples  # noqa: E402

BIG, OTHER, TINY = "Shares.big(long)", "Shares.other(long)", "Shares.tiny(long)"
RUNS = {"a": ["1500", "500", "10"], "b": ["50", "1950", "10"]}
FLAGS = ["-XX:CompileCommand=quiet"] + [f"-XX:CompileCommand=dontinline,Shares::{m}"
                                        for m in ("big", "other", "tiny")]
EVERY_UNIT_HOT = ["--hot-min-limit=1000000", "--hot-max-limit=1000000", "--hot-percentile=1"]


def run_program(home, tmp):
    directory = os.path.join(tmp, os.path.basename(home))
    classes = os.path.join(directory, "classes")
    os.makedirs(classes)
    subprocess.run([os.path.join(home, "bin", "javac"), "-d", classes,
                    os.path.join(HERE, "jfr", "Shares.java")], check=True)
    settings = os.path.join(SOURCE, "share", "profdiff.jfc")
    runs = {}
    for side, args in RUNS.items():
        os.makedirs(os.path.join(directory, side))
        log = os.path.join(directory, side, "hotspot.log")
        recording = os.path.join(directory, side, "rec.jfr")
        subprocess.run([os.path.join(home, "bin", "java"), "-XX:+UnlockDiagnosticVMOptions",
                        "-XX:+LogCompilation", f"-XX:LogFile={log}",
                        f"-XX:StartFlightRecording:filename={recording},settings={settings}",
                        "-Xlog:jfr+startup=warning"] + FLAGS + ["-cp", classes, "Shares"] + args,
                       check=True, capture_output=True, text=True)
        runs[side] = (log, recording)
    return runs


def compare(profdiff, runs, fmt):
    return subprocess.run([profdiff, "jit-vs-jit", *runs["a"], *runs["b"], f"--format={fmt}",
                           "--summary=true", "--explanation=false"] + EVERY_UNIT_HOT,
                          capture_output=True, text=True, check=True).stdout


def binomial_p(k1, n1, k2, n2):
    """The two-sided p of the exact conditional binomial test by its definition (R's binom.test,
    scipy's binomtest): the probability of the splits of k1 + k2 no more likely than k1."""
    n, p = k1 + k2, n1 / (n1 + n2)

    def pmf(k):
        return math.exp(math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) +
                        k * math.log(p) + (n - k) * math.log1p(-p))
    observed = pmf(k1) * (1 + 1e-7)
    if k1 == n * p:
        return 1.0
    return min(1.0, sum(pmf(k) for k in range(n + 1) if pmf(k) <= observed))


def verdict(ok, text):
    print(f"{'ok  ' if ok else 'FAIL'} {text}")
    return ok


def jit_counts(jfr, recording):
    counts = {}
    for _, name, kind, _ in samples(jfr, recording):
        if kind == "JIT compiled":
            counts[name] = counts.get(name, 0) + 1
    return counts


def check(name, profdiff, runs, jfr):
    expected = [jit_counts(jfr, runs[side][1]) for side in ("a", "b")]
    records = [json.loads(line) for line in compare(profdiff, runs, "json").splitlines()]
    methods = {r["method"]: r for r in records if r["type"] == "method"}
    summary = next((r for r in records if r["type"] == "summary"), {"methods": []})
    rows = {row["method"]: row for row in summary["methods"]}
    ok = True
    for method in (BIG, TINY):
        record = methods.get(method)
        if not verdict(record is not None, f"{name}: {method} has a section"):
            ok = False
            continue
        got = []
        for e in record["experiments"]:
            got.append(e.get("left_out_samples", 0) + sum(
                c.get("samples", 0) for c in e["compilations"] if not c["fragment"]))
        want = [expected[0].get(method, 0), expected[1].get(method, 0)]
        ok &= verdict(all(abs(g - w) <= 2 for g, w in zip(got, want)),
                      f"{name}: {method} has {got} samples, jfr counts {want}")
        within = method == TINY
        ok &= verdict(record.get("within_noise") is within,
                      f"{name}: {method}'s method record: within_noise "
                      f"{record.get('within_noise')} (p {record.get('noise_p')}), expected {within}")
        row = rows.get(method)
        if row is not None:
            ok &= verdict(row.get("samples") == got and row.get("within_noise") is within,
                          f"{name}: {method}'s summary row: samples {row.get('samples')}, "
                          f"within_noise {row.get('within_noise')}")
        elif method == BIG:
            ok &= verdict(False, f"{name}: {method} is in the summary")
    text = compare(profdiff, runs, "text")
    legend = "~ after the shares: the share change is within sampling noise"
    lines = text.splitlines()

    def row_line(method):
        return next((line for line in lines if line.endswith("  " + method) and "/" in line), "")

    big_line = row_line(BIG)
    ok &= verdict(bool(big_line) and "% ~" not in big_line,
                  f"{name}: the text's summary row of big is not marked: '{big_line.strip()}'")
    tiny = methods.get(TINY, {})
    if tiny.get("hot_only_in"):
        title = next((line for line in lines if line.startswith(f"Method {TINY} is hot only")), "")
        ok &= verdict("within sampling noise (" in title, f"{name}: tiny's title: '{title}'")
    else:
        tiny_line = row_line(TINY)
        ok &= verdict(legend in text and "% ~" in tiny_line,
                      f"{name}: the legend, and tiny's summary row marked: '{tiny_line.strip()}'")
    # A pair row tests its two compilations' samples against the experiments' (how a method's
    # samples split among its compilations is up to the JIT and the machine's load: no verdict is
    # expected, only the test's, computed here by its definition).
    totals = [r["profile"]["samples"] for r in records if r["type"] == "experiment"]
    table = list(csv.DictReader(io.StringIO(compare(profdiff, runs, "csv"))))
    big_rows = [r for r in table if r["method"] == BIG]
    good = bool(big_rows)
    for r in big_rows:
        p = binomial_p(int(r["samples_1"]), totals[0], int(r["samples_2"]), totals[1])
        good &= abs(float(r["noise_p"]) - p) <= 1e-9 and r["within_noise"] == str(p >= 0.05).lower()
    ok &= verdict(good, f"{name}: big's CSV pair rows carry their samples and their test: " +
                  "; ".join(f"{r['compilation_1']} vs {r['compilation_2']}: {r['samples_1']} vs "
                            f"{r['samples_2']} samples, within_noise {r['within_noise']} (p "
                            f"{r['noise_p']})" for r in big_rows))
    return ok


def check_jdk(home, profdiff, tmp, flags):
    runs = run_program(home, tmp)
    return check(os.path.basename(home), profdiff, runs, os.path.join(home, "bin", "jfr"))


if __name__ == "__main__":
    sys.exit(run_with_each_jdk(__doc__, check_jdk))
