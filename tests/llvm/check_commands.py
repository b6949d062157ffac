#!/usr/bin/env python3
"""Every command and output format on LLVM remarks that every installed clang wrote (issue 33).

On the remarks of tests/llvm/programs (make_remarks.sh: -O2, -O3, -O2 with a PGO profile), for
each clang: `report`, `aot-vs-aot` (with --summary and --decisions) and `stats` in text, JSON,
CSV and HTML; `render` of each saved JSON stream gives the text, CSV and HTML of the run itself;
`--fail-on` exits 2 exactly when the summary record has a difference; `--require` with a C name
(`inlined main -> CALLEE`) and a demangled C++ name with a glob, both verdicts; `--method` with a
C name and a demangled C++ name. What is expected is read off profdiff's own JSON records, so
that the checks hold for whatever each clang decided. The text never speaks of Graal or cycles:
the hotness of remarks is a profile count.

Usage: check_commands.py PROFDIFF. Exits 77 (skipped) when no clang-N is installed.
"""

import csv
import io
import json
import os
import pathlib
import subprocess
import sys
import tempfile

from remarks_dir import exit_status_unless_made, made_remarks

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from case_pool import sampled  # noqa: E402  (tests/case_pool.py)

FORMATS = ("text", "json", "csv", "html")


class Checker:
    def __init__(self, profdiff, work):
        self.profdiff = profdiff
        self.work = work
        self.failures = 0
        self.checks = 0

    def run(self, *args):
        return subprocess.run([self.profdiff, *args], capture_output=True, text=True)

    def expect(self, condition, what):
        self.checks += 1
        if not condition:
            self.failures += 1
            print(f"FAIL: {what}"[:3000])

    def run_ok(self, *args):
        run = self.run(*args)
        self.expect(run.returncode == 0, f"profdiff {' '.join(args)}: status {run.returncode}: "
                    f"{run.stderr}")
        return run

    def every_format(self, args, label):
        """Runs `args` in every format; checks the JSON stream and that render gives back the
        text, CSV and HTML of the run. Returns the JSON records."""
        outputs = {f: self.run_ok(*args, f"--format={f}").stdout for f in FORMATS}
        records = [json.loads(line) for line in outputs["json"].splitlines()]
        self.expect(records and records[-1]["type"] == "end", f"{label}: the JSON stream ends "
                    f"with an end record")
        stream = os.path.join(self.work, "stream.jsonl")
        with open(stream, "w", encoding="utf-8") as out:
            out.write(outputs["json"])
        for f in ("text", "csv"):
            rendered = self.run_ok("render", stream, f"--format={f}").stdout
            self.expect(rendered == outputs[f], f"{label}: render --format={f} differs from the "
                        f"run's own output")
        html = self.run_ok("render", stream, "--format=html").stdout
        self.expect(html.replace('"format":"json"', '"format":"html"') == outputs["html"],
                    f"{label}: render --format=html differs from the run's own page")
        for word in ("Graal", "billion cycles", "proftool"):
            self.expect(word not in outputs["text"], f"{label}: the text says {word!r} of "
                        f"remarks:\n" + "\n".join(line for line in outputs["text"].splitlines()
                                                  if word in line)[:1500])
        rows = list(csv.reader(io.StringIO(outputs["csv"])))
        self.expect(len(rows) >= 1 and all(len(r) == len(rows[0]) for r in rows),
                    f"{label}: every CSV row has the header's columns")
        return records


def compilations(records, method):
    return [r for r in records if r["type"] == "compilation" and r["method"] == method]


def children(record):
    """The call sites right below the root: (callee, callsite kind)."""
    return [(n["method"], n["callsite"]) for n in record["inlining"]["nodes"] if n["depth"] == 1]


def glob_of(name):
    """A glob that matches a templated C++ name: its template arguments as `*`."""
    return name[:name.index("<") + 1] + "*" + name[name.rindex(">"):]


def check_require(checker, args, rules, expect_status, label):
    path = os.path.join(checker.work, "rules.txt")
    with open(path, "w", encoding="utf-8") as out:
        out.write(rules + "\n")
    run = checker.run(*args, "--require", path)
    checker.expect(run.returncode == expect_status,
                   f"{label}: --require '{rules}': status {run.returncode}, expected "
                   f"{expect_status}: {run.stderr}")
    if expect_status == 2:
        checker.expect(f"rules.txt:1: \"{rules}\" is broken" in run.stderr,
                       f"{label}: --require '{rules}' names the broken rule: {run.stderr}")


def check_clang(checker, root, clang):
    o2, o3, pgo = (str(root / clang / flags) for flags in ("O2", "O3", "O2-pgo"))
    for directory in (o2, pgo):
        checker.every_format(["report", directory], f"{clang}: report {directory}")
    for first, second in ((o2, o3), (o2, pgo)):
        label = f"{clang}: aot-vs-aot {first} {second}"
        args = ["aot-vs-aot", first, second, "--summary=true", "--decisions=true"]
        records = checker.every_format(args, label)
        types = {r["type"] for r in records}
        checker.expect({"summary", "decisions"} <= types, f"{label}: summary and decisions "
                       f"records: {sorted(types)}")
        summary = next(r for r in records if r["type"] == "summary")
        differs = any(m[t][k] for m in summary["methods"] for t in ("inlining", "optimization")
                      for k in ("insert", "delete", "relabel"))
        gate = checker.run(*args, "--fail-on=any")
        checker.expect(gate.returncode == (2 if differs else 0),
                       f"{label} --fail-on=any: status {gate.returncode}, differences: {differs}")
        if differs:
            checker.expect("profdiff: differences found (--fail-on=any)" in gate.stderr,
                           f"{label} --fail-on=any says why: {gate.stderr}")
    same = checker.run("aot-vs-aot", pgo, pgo, "--fail-on=any")
    checker.expect(same.returncode == 0, f"{clang}: a build compared with itself passes the gate: "
                   f"{same.returncode} {same.stderr}")
    checker.every_format(["stats", o2, o3], f"{clang}: stats {o2} {o3}")
    checker.every_format(["stats", pgo], f"{clang}: stats {pgo}")
    checker.every_format(["stats", o2, pgo], f"{clang}: stats {o2} {pgo}")

    # --require and --method on a C program: main's own call sites.
    loops = str(root / clang / "O2" / "loops.opt.yaml")
    report = checker.every_format(["report", loops, "--hot-min-limit=100",
                                   "--hot-max-limit=100"], f"{clang}: report loops")
    mains = compilations(report, "main")
    checker.expect(len(mains) == 1, f"{clang}: loops has one main: {len(mains)}")
    if mains:
        calls = children(mains[0])
        inlined = sorted({c for c, kind in calls if kind == "inlined"})
        called = sorted({c for c, kind in calls if kind == "direct"} - set(inlined))
        checker.expect(inlined and called, f"{clang}: main inlines some calls and not others: "
                       f"{calls}")
        if inlined and called:
            check_require(checker, ["report", loops], f"inlined main -> {inlined[0]}", 0, clang)
            check_require(checker, ["report", loops], f"not-inlined main -> {called[0]}", 0, clang)
            check_require(checker, ["report", loops], f"inlined main -> {called[0]}", 2, clang)
            check_require(checker, ["aot-vs-aot", loops, loops], f"not-inlined main -> "
                          f"{inlined[0]}", 2, clang)
    only = checker.run_ok("report", loops, "--method=^outer$", "--format=json").stdout
    methods = {json.loads(line).get("method") for line in only.splitlines()
               if json.loads(line)["type"] == "method"}
    checker.expect(methods == {"outer"}, f"{clang}: --method=^outer$ keeps outer alone: {methods}")

    # ... and on C++: demangled names, with a glob.
    shapes = str(root / clang / "O2" / "shapes.opt.yaml")
    report = checker.every_format(["report", shapes, "--hot-min-limit=1000",
                                   "--hot-max-limit=1000"], f"{clang}: report shapes")
    mains = compilations(report, "main")
    templated = sorted({c for c, kind in children(mains[0]) if kind == "inlined" and "<" in c}
                       if mains else set())
    checker.expect(templated, f"{clang}: shapes' main inlines a templated C++ function")
    if templated:
        pattern = glob_of(templated[0])
        check_require(checker, ["report", shapes], f"inlined main -> {pattern}", 0, clang)
        check_require(checker, ["report", shapes], f"not-inlined main -> {pattern}", 2, clang)
    area = sorted({r["method"] for r in report if r["type"] == "compilation"
                   and r["method"].startswith("shapes::")})
    checker.expect(area, f"{clang}: shapes has functions of namespace shapes")
    if area:
        only = checker.run_ok("report", shapes, "--hot-min-limit=1000", "--hot-max-limit=1000",
                              "--method=^shapes::", "--format=json").stdout
        kept = {json.loads(line)["method"] for line in only.splitlines()
                if json.loads(line)["type"] == "compilation"}
        checker.expect(kept == set(area), f"{clang}: --method=^shapes:: keeps {sorted(kept)}, "
                       f"expected {area}")


# A hand-written remarks file whose names hold what a symbol can: markup, quotes, a comma, control
# characters, non-ASCII, a backslash; YAML-escaped as LLVM writes them.
HOSTILE = r'''"evil</script><img src=x onerror=alert(1)>\"',;\x01\t\u00E9 \\n\x1b[31m"'''
HOSTILE_CALLEE = r'''"<b>callee</b>,\"x\"\n"'''
HOSTILE_REMARKS = r"""--- !Missed
Pass:            gvn
Name:            LoadClobbered
DebugLoc:        { File: 'a</script>.c', Line: 5, Column: 3 }
Function:        FUNCTION
Hotness:         HOTNESS
Args:
  - String:          'load of type '
  - Type:            "i32\n"
  - String:          ' not eliminated'
...
--- !Passed
Pass:            inline
Name:            Inlined
DebugLoc:        { File: 'a.c', Line: 6, Column: 3 }
Function:        FUNCTION
Hotness:         HOTNESS
Args:
  - String:          ''''
  - Callee:          CALLEE
    DebugLoc:        { File: 'a.c', Line: 1, Column: 0 }
  - String:          ''' inlined into '''
  - Caller:          FUNCTION
  - String:          ''''
  - String:          ' with '
  - String:          '(cost='
  - Cost:            '35'
  - String:          ', threshold='
  - Threshold:       '225'
  - String:          ')'
  - String:          ' at callsite '
  - String:          FUNCTION
  - String:          ':'
  - Line:            '1'
  - String:          ':'
  - Column:          '3'
  - String:          ';'
...
"""


def printable(text):
    """A name as every format shows it (docs/llvm.md "Names"): control characters as C escapes."""
    named = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}
    return "".join(named.get(c, f"\\x{ord(c):02x}") if ord(c) < 0x20 or ord(c) == 0x7f else c
                   for c in text)


def check_hostile_names(checker):
    """Names of any bytes are escaped in every format, and the HTML page stays inert."""
    one = os.path.join(checker.work, "hostile-1.opt.yaml")
    two = os.path.join(checker.work, "hostile-2.opt.yaml")
    for path, hotness in ((one, 10), (two, 20)):
        with open(path, "w", encoding="utf-8") as out:
            out.write(HOSTILE_REMARKS.replace("FUNCTION", HOSTILE).replace("CALLEE", HOSTILE_CALLEE)
                      .replace("HOTNESS", str(hotness)))
    name = printable(json.loads(HOSTILE.replace(r"\x01", r"\u0001").replace(r"\x1b", r"\u001b")))
    for args in (["report", one, "--inliner-reasoning=true"],
                 ["aot-vs-aot", one, two, "--summary=true", "--decisions=true"],
                 ["stats", one, two]):
        label = f"hostile names: {args[0]}"
        records = checker.every_format(args, label)
        methods = {r.get("method") for r in records if r["type"] in ("method", "compilation")}
        if args[0] != "stats":
            checker.expect(methods == {name}, f"{label}: JSON names the method {methods}, "
                           f"expected {{{name!r}}}")
        for f in FORMATS:
            output = checker.run_ok(*args, f"--format={f}").stdout
            controls = sorted({c for c in output if (ord(c) < 0x20 and c != "\n") or ord(c) == 0x7f})
            checker.expect(not controls, f"{label} --format={f}: raw control characters "
                           f"{controls}")
            if f == "html":
                checker.expect("</script><" not in output and "<img" not in output
                               and "<b>callee" not in output,
                               f"{label}: the HTML page holds a name's markup unescaped")
            if f == "text" and args[0] != "stats":
                checker.expect(f"Method {name}\n" in output, f"{label}: the text names the "
                               f"method as {name!r}")
            if f == "csv" and args[0] == "report":
                rows = list(csv.reader(io.StringIO(output)))
                checker.expect(len(rows) > 1 and rows[1][0] == name,
                               f"{label}: the CSV's method column is {rows[1:2]}")


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    profdiff = sys.argv[1]
    with made_remarks() as (status, out), tempfile.TemporaryDirectory() as work:
        checker = Checker(profdiff, work)
        check_hostile_names(checker)
        print(f"hostile names: {checker.checks} checks, {checker.failures} failed")
        not_made = exit_status_unless_made(status)
        if not_made is not None:
            return 1 if checker.failures else not_made
        clangs = sorted(p.name for p in pathlib.Path(out).glob("clang-*") if p.is_dir())
        # The sanitized build checks some of the compilers (PROFDIFF_TEST_SAMPLE): the same code
        # paths on other remarks.
        for clang in sampled(clangs):
            check_clang(checker, pathlib.Path(out), clang)
            print(f"{clang}: checked")
        print(f"{checker.checks} checks, {checker.failures} failed")
        return 1 if checker.failures or not clangs else 0


if __name__ == "__main__":
    sys.exit(main())
