#!/usr/bin/env python3
"""Holds profdiff's model of LLVM remarks (docs/llvm.md) against an independent reader.

Compiles tests/llvm/programs with every installed clang (make_remarks.sh: -O2, -O3, and -O2 with
an instrumented PGO profile, whose remarks carry Hotness), then for every build directory reads
the remarks with Python's yaml module and GNU c++filt and compares with what `profdiff report
--format=json` loaded:

  - the units: one per (remarks file, function), named by the demangled name;
  - each unit's period: the largest Hotness of its remarks (none without Hotness);
  - each unit's own inlined call sites: one per Passed inline remark (Inlined, AlwaysInline) of
    the function, its reasoning that remark's message (call sites grafted from inlined callees
    are theirs);
  - each unit's phases: the passes of its other remarks.

Usage: check_model.py PROFDIFF. Exits 77 (skipped) when no clang-N is installed.
"""

import collections
import json
import os
import pathlib
import subprocess
import sys

from remarks_dir import exit_status_unless_made, made_remarks

import yaml

HERE = pathlib.Path(__file__).resolve().parent
KINDS = ["!Passed", "!Missed", "!Analysis", "!AnalysisFPCommute", "!AnalysisAliasing", "!Failure"]


# libyaml's parser when the yaml module has it (Debian's python3-yaml does): the pure-Python one
# took most of this test's time.
class Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    pass


for _tag in KINDS:
    Loader.add_constructor(
        _tag, lambda loader, node, tag=_tag: dict(loader.construct_mapping(node, deep=True),
                                                  _kind=tag[1:]))


def demangle_all(names):
    names = sorted(set(names))
    out = subprocess.run(["c++filt"], input="\n".join(names) + "\n", capture_output=True,
                         text=True, check=True).stdout.split("\n")
    return dict(zip(names, out))


def value_text(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def expected_units(directory):
    """(id, name) -> {'hotness', 'inlined': sorted messages, 'passes': set} by the yaml module."""
    files = sorted(str(p.relative_to(directory)) for p in pathlib.Path(directory).rglob("*.opt.yaml"))
    remarks_by_file = []
    mangled = []
    for rel in files:
        with open(os.path.join(directory, rel), encoding="utf-8") as stream:
            docs = [d for d in yaml.load_all(stream, Loader=Loader) if d is not None]
        remarks_by_file.append((rel, docs))
        for d in docs:
            mangled.append(d["Function"])
            for arg in d.get("Args") or []:
                for key in ("Callee", "Caller"):
                    if key in arg:
                        mangled.append(value_text(arg[key]))
    names = demangle_all(mangled)
    any_hotness = any("Hotness" in d for _, docs in remarks_by_file for d in docs)
    units = {}
    for rel, docs in remarks_by_file:
        order = []
        by_function = collections.defaultdict(list)
        for d in docs:
            if d["Function"] not in by_function:
                order.append(d["Function"])
            by_function[d["Function"]].append(d)
        seen = collections.Counter()
        for function in order:
            name = names[function]
            seen[name] += 1
            unit_id = rel if seen[name] == 1 else f"{rel} ({function})"
            remarks = by_function[function]
            hotness = [d["Hotness"] for d in remarks if "Hotness" in d]
            inlined = []
            for d in remarks:
                if d["Pass"] != "inline" or d["_kind"] != "Passed":
                    continue
                if d["Name"] not in ("Inlined", "AlwaysInline"):
                    continue
                message = ""
                for arg in d.get("Args") or []:
                    key = next(k for k in arg if k != "DebugLoc")
                    text = value_text(arg[key])
                    message += names.get(text, text) if key in ("Callee", "Caller") else text
                inlined.append(message)
            units[(unit_id, name)] = {
                "period": (max(hotness) if hotness else 0) if any_hotness else None,
                "inlined": sorted(inlined),
                "passes": sorted({d["Pass"] for d in remarks if d["Pass"] != "inline"}),
            }
    return units


def loaded_units(profdiff, directory):
    run = subprocess.run(
        [profdiff, "report", directory, "--format=json", "--inliner-reasoning=true",
         "--hot-min-limit=1000000", "--hot-max-limit=1000000", "--create-fragments=false"],
        capture_output=True, text=True)
    if run.returncode != 0:
        raise AssertionError(f"profdiff report {directory} failed: {run.stderr}")
    units = {}
    for line in run.stdout.splitlines():
        record = json.loads(line)
        if record["type"] != "compilation":
            continue
        name = record["method"]
        own = f"' inlined into '{name}'"
        inlined = [reason for node in record["inlining"]["nodes"]
                   if node["callsite"] == "inlined"
                   for reason in node.get("reasons", []) if own in reason]
        passes = sorted({node["name"] for node in record["optimization"]["nodes"]
                         if node["node"] == "phase" and node["depth"] == 1})
        units[(record["compilation"]["id"], name)] = {
            "period": record["compilation"]["period"],
            "inlined": sorted(inlined),
            "passes": passes,
        }
    return units


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    profdiff = sys.argv[1]
    with made_remarks() as (status, out):
        not_made = exit_status_unless_made(status)
        if not_made is not None:
            return not_made
        failures = 0
        checked = 0
        for directory in sorted(pathlib.Path(out).glob("clang-*/*")):
            if not directory.is_dir() or directory.name == "work":
                continue
            expected = expected_units(str(directory))
            loaded = loaded_units(profdiff, str(directory))
            if set(expected) != set(loaded):
                failures += 1
                print(f"{directory}: units differ: only expected "
                      f"{sorted(set(expected) - set(loaded))[:5]}, only loaded "
                      f"{sorted(set(loaded) - set(expected))[:5]}")
                continue
            for key in sorted(expected):
                for field in ("period", "inlined", "passes"):
                    if expected[key][field] != loaded[key][field]:
                        failures += 1
                        if failures <= 20:
                            print(f"{directory} {key}: {field}: expected "
                                  f"{expected[key][field]}, loaded {loaded[key][field]}"[:2000])
            checked += len(expected)
            print(f"{directory.relative_to(out)}: {len(expected)} units")
        print(f"{checked} units checked, {failures} differences")
        return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
