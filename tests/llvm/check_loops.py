#!/usr/bin/env python3
"""The loop view (docs/llvm.md "The loop view") on real remarks whose changes are known by
construction.

For every installed clang-N, tests/llvm/programs/loops.c is compiled at -O2 three times, with
one change each, into LLVM remarks:

  - as it is (add_arrays' loop prefixed with a macro that is empty here);
  - with that macro defined as `_Pragma("clang loop vectorize(disable)")`: the loop of
    add_arrays, and of its copies inlined elsewhere, must stop being vectorized, and no other;
  - with -ffast-math: the float sum of `reduce` may be reordered, so its loop (and its inlined
    copies) must start being vectorized, and no other.

`profdiff aot-vs-aot --decisions=true --format=json` must report exactly those loops in its loops
record: the section's function and the loop's column as the remarks say (read with Python's yaml
module, an independent reader), the innermost function and line offset as the source says, the
width and interleave count of the Vectorized remark, and as the other side's reasons the
messages of its other loop-vectorize remarks on the loop's line in that function (the loops of
loops.c are each on one line), each once, in order. The CSV has one `loop` row per loop, and the
text lists each.

Usage: check_loops.py PROFDIFF. Exits 77 (skipped) when no clang-N is installed.
"""

import collections
import csv
import io
import json
import pathlib
import re
import subprocess
import sys
import tempfile

from check_model import Loader  # the yaml module with the remark kinds

import yaml

HERE = pathlib.Path(__file__).resolve().parent
HINT = "ADD_ARRAYS_LOOP_HINT"
ADD_ARRAYS_LOOP = "  for (int i = 0; i < n; ++i) out[i] = a[i] + b[i];"


def clangs():
    """The N of every clang-N on PATH, as make_remarks.sh finds them."""
    names = subprocess.run(["bash", "-c", "compgen -c clang-"], capture_output=True,
                           text=True).stdout.split()
    return sorted({int(n[6:]) for n in names if re.fullmatch(r"clang-\d+", n)})


def message(remark):
    text = ""
    for arg in remark.get("Args") or []:
        for key, value in arg.items():
            if key != "DebugLoc":
                text += str(value)
                break
    return text


def vectorize_remarks(path):
    with open(path, encoding="utf-8") as stream:
        docs = [d for d in yaml.load_all(stream, Loader=Loader) if d is not None]
    return [d for d in docs if d.get("Pass") == "loop-vectorize"]


def vectorized(remarks):
    """(function, line, column) -> sorted [(width, interleave)] of the Vectorized remarks."""
    found = collections.defaultdict(list)
    for d in remarks:
        if d["_kind"] == "Passed" and d["Name"] == "Vectorized":
            at = (d["Function"], d["DebugLoc"]["Line"], d["DebugLoc"]["Column"])
            args = {k: str(v) for arg in d["Args"] for k, v in arg.items()}
            found[at].append((args["VectorizationFactor"], args["InterleaveCount"]))
    return {at: sorted(v) for at, v in found.items()}


def reasons_on_line(remarks, function, line):
    out = []
    for d in remarks:
        if d["Function"] != function or d.get("DebugLoc", {}).get("Line") != line:
            continue
        if d["_kind"] == "Passed" and d["Name"] == "Vectorized":
            continue
        if message(d) not in out:
            out.append(message(d))
    return out


class Checker:
    def __init__(self, profdiff):
        self.profdiff = profdiff
        self.failures = 0
        self.checks = 0

    def expect(self, condition, what):
        self.checks += 1
        if not condition:
            self.failures += 1
            print(f"FAIL: {what}"[:3000])

    def run(self, *args):
        run = subprocess.run([self.profdiff, *args], capture_output=True, text=True)
        self.expect(run.returncode == 0, f"profdiff {' '.join(args)}: status {run.returncode}: "
                    f"{run.stderr}")
        return run.stdout

    def compare(self, label, source_lines, before, after, function, expected_change):
        """Checks the loops record of BEFORE against AFTER: exactly the loops whose Vectorized
        remarks differ (by the yaml reader), all in `function` (innermost), of the change
        expected."""
        remarks = [vectorize_remarks(before), vectorize_remarks(after)]
        widths = [vectorized(r) for r in remarks]
        expected = []
        for at in sorted(set(widths[0]) | set(widths[1])):
            if widths[0].get(at, []) != widths[1].get(at, []):
                expected.append(at)
        self.expect(len(expected) >= 1, f"{label}: the remarks show a changed loop")
        start = next(i for i, line in enumerate(source_lines, 1)
                     if re.match(rf"\S.*\b{function}\(", line))
        for at in expected:
            self.expect(source_lines[at[1] - 1].lstrip().startswith((HINT + " for", "for")) and
                        function in "".join(source_lines[start - 1:at[1]]),
                        f"{label}: the remarks' changed loop {at} is {function}'s")
        records = [json.loads(line) for line in
                   self.run("aot-vs-aot", before, after, "--decisions=true",
                            "--format=json").splitlines()]
        loops = [r for r in records if r["type"] == "loops"]
        self.expect(len(loops) == 1, f"{label}: one loops record")
        if not loops:
            return
        rows = loops[0]["loops"]
        reported = sorted((row["method"], row["position"][0]["bci"] % 1000) for row in rows)
        self.expect(reported == sorted((f, c) for f, _, c in expected),
                    f"{label}: the loops reported {reported} are those of the remarks {expected}")
        for row in rows:
            innermost = row["position"][0]
            line = [at for at in expected if at[0] == row["method"]]
            self.expect(innermost["method"] == function, f"{label}: {row} is in {function}")
            if not line:
                continue
            function_line, column = line[0][1], line[0][2]
            self.expect(innermost["bci"] == (function_line - start) * 1000 + column,
                        f"{label}: {row} is at line offset {function_line - start}, column "
                        f"{column}")
            self.expect(row["change"] == expected_change,
                        f"{label}: {row['change']} is {expected_change}")
            at = (row["method"], function_line, column)
            for s, side in enumerate(("before", "after")):
                want = [{"width": w, "interleave": i} for w, i in widths[s].get(at, [])]
                self.expect(row[side]["vectorized"] == want,
                            f"{label}: {side} vectorized {row[side]['vectorized']} == {want}")
                if not want:
                    why = reasons_on_line(remarks[s], row["method"], function_line)
                    self.expect(why and row[side]["reasons"] == why,
                                f"{label}: {side} reasons {row[side]['reasons']} == {why}")
        table = list(csv.DictReader(io.StringIO(
            self.run("aot-vs-aot", before, after, "--decisions=true", "--format=csv"))))
        loop_rows = [r for r in table if r["change"] == "loop"]
        self.expect(len(loop_rows) == len(rows), f"{label}: a CSV row per loop")
        text = self.run("aot-vs-aot", before, after, "--decisions=true", "--explanation=false")
        self.expect(f"{len([r for r in rows if r['change'] == 'stopped'])} stopped, "
                    f"{len([r for r in rows if r['change'] == 'started'])} started" in text,
                    f"{label}: the text counts the loops")
        self.expect(text.count(f"loop at bci ") == len(rows), f"{label}: the text lists each loop")


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    versions = clangs()
    if not versions:
        print("SKIP: no clang-N installed (scripts/install-deps.sh installs clang-14 and 19)")
        return 77
    checker = Checker(sys.argv[1])
    source = (HERE / "programs" / "loops.c").read_text(encoding="utf-8")
    checker.expect(source.count(ADD_ARRAYS_LOOP) == 1, "loops.c has add_arrays' loop")
    source = source.replace(ADD_ARRAYS_LOOP, "  " + HINT + " " + ADD_ARRAYS_LOOP.lstrip())
    source_lines = source.split("\n")
    with tempfile.TemporaryDirectory() as work:
        work = pathlib.Path(work)
        (work / "loops.c").write_text(source, encoding="utf-8")
        builds = {"plain": [f"-D{HINT}="],
                  "no-vectorize": [f'-D{HINT}=_Pragma("clang loop vectorize(disable)")'],
                  "fast-math": [f"-D{HINT}=", "-ffast-math"]}
        for version in versions:
            made = {}
            for name, flags in builds.items():
                record = work / f"clang-{version}" / name / "loops.opt.yaml"
                record.parent.mkdir(parents=True, exist_ok=True)
                subprocess.run([f"clang-{version}", "-std=c11", "-g", "-O2", "-c", "loops.c",
                                "-o", "/dev/null", "-fsave-optimization-record",
                                f"-foptimization-record-file={record}", *flags], cwd=work,
                               check=True)
                made[name] = str(record)
            checker.compare(f"clang-{version} vectorize(disable)", source_lines, made["plain"],
                            made["no-vectorize"], "add_arrays", "stopped")
            checker.compare(f"clang-{version} -ffast-math", source_lines, made["plain"],
                            made["fast-math"], "reduce", "started")
    print(f"{checker.checks} checks, {checker.failures} failed on clang "
          f"{', '.join(map(str, versions))}")
    return 1 if checker.failures else 0


if __name__ == "__main__":
    sys.exit(main())
