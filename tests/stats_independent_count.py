#!/usr/bin/env python3
"""CTest driver: `profdiff stats` counts what an independent count finds (issue 15).

For every optimization log in fixtures/ and in the conformance data (when present), with its
profile (a prof.json next to it) and without, this script counts the compilation units, their
call sites by kind and their optimization entries by "<name> <event>" and by innermost phase
with Python's json module, selects the hot units itself (formats.md §5.3, algorithms.md §2), and
compares every figure of every scope with `profdiff stats --format=json`. Pairs of logs
(exp1/exp2) are also compared as two experiments, against the same independent counts.

Which records are invalid is what profdiff's warnings say (the schema checks are not repeated
here), but every record that Python cannot even read as a JSON object must be among them.

fixtures/ are always checked; the corpus when present (PROFDIFF_CONFORMANCE_DIR, default
../shared/conformance), required with PROFDIFF_REQUIRE_CONFORMANCE=1.
"""
import json
import math
import os
import re
import subprocess
import sys

from case_pool import map_cases

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.normpath(os.path.join(HERE, ".."))
KINDS = ["inlined", "direct", "indirect", "deleted", "devirtualized"]
INVALID = re.compile(r"^Invalid compilation unit: (.*):(\d+):(\d+): ")


def callsite_kind(node):
    if node["inlined"]:
        return "inlined"
    if node["alive"]:
        return "indirect" if node["indirect"] else "direct"
    if node["indirect"] and node.get("invokes"):
        return "devirtualized"
    return "deleted"


def count_unit(record):
    """Call sites by kind (root excluded), optimizations by key and by innermost phase."""
    callsites = dict.fromkeys(KINDS, 0)
    stack = [(record["inliningTree"], True)]
    while stack:
        node, root = stack.pop()
        if not root:
            callsites[callsite_kind(node)] += 1
        for child in node.get("invokes") or []:
            stack.append((child, False))
    optimizations, phases = {}, {}
    stack = [(record["optimizationTree"], None)]
    while stack:
        node, phase = stack.pop()
        if phase is None or node.get("phaseName") is not None:
            for child in node.get("optimizations") or []:
                stack.append((child, node["phaseName"]))
            continue
        key = node["optimizationName"] + " " + node["eventName"]
        optimizations[key] = optimizations.get(key, 0) + 1
        phases[phase] = phases.get(phase, 0) + 1
    return callsites, optimizations, phases


def method_name(raw):
    """The multi-method key removed (formats.md §4.2)."""
    start = raw.find("%%")
    if start < 0:
        return raw
    return raw[:start] + raw[raw.rfind("("):]


class Pairs(dict):
    """A JSON object that remembers its members in order, duplicates included."""

    def __init__(self, pairs):
        super().__init__(pairs)
        self.pairs = pairs


def header(record):
    """methodName and compilationId by formats.md §3.1: a repeated key wins until both keys have
    been seen; later ones are ignored."""
    values = {}
    for key, value in record.pairs:
        if key in ("methodName", "compilationId") and len(values) < 2:
            values[key] = value
    return values["methodName"], values["compilationId"]


def read_units(log, invalid):
    """The valid units of a log directory in read order, each a dict."""
    units = []
    python_invalid = set()
    for name in sorted(os.listdir(log), key=lambda n: n.encode("utf-8", "surrogateescape")):
        path = os.path.join(log, name)
        if not os.path.isfile(path):
            continue
        with open(path, "rb") as f:
            lines = f.read().split(b"\n")
        if lines and lines[-1] == b"":
            lines.pop()
        for number, line in enumerate(lines, 1):
            if line.endswith(b"\r"):
                line = line[:-1]
            try:
                record = json.loads(line.decode("utf-8", "replace"), object_pairs_hook=Pairs)
                if not isinstance(record, dict):
                    raise ValueError("not an object")
            except ValueError:
                python_invalid.add((path, number))
                continue
            if (path, number) in invalid:
                continue
            callsites, optimizations, phases = count_unit(record)
            raw, compile_id = header(record)
            units.append({"raw": raw, "id": compile_id, "method": method_name(raw), "period": 0,
                          "hot": False, "callsites": callsites,
                          "optimizations": optimizations, "phases": phases})
    missing = python_invalid - invalid
    if missing:
        raise AssertionError(f"records Python cannot read but profdiff accepted: {sorted(missing)}")
    return units


def apply_profile(units, profile_path):
    with open(profile_path, "rb") as f:
        profile = json.loads(f.read().decode("utf-8", "replace"))
    total = int(profile["totalPeriod"])
    aot = profile.get("compilationKind") == "AOT"
    if aot:
        by_name = {}
        for unit in units:
            by_name.setdefault(unit["raw"], []).append(unit)
        for item in profile["code"]:
            name = item["name"]
            if ": " in name:
                name = name[name.find(": ") + 2:]
            for unit in by_name.get(name, []):
                unit["period"] = int(item["period"])
    else:
        by_id = {unit["id"]: unit for unit in units}  # a later unit hides an earlier one
        for item in profile["code"]:
            compile_id = item.get("compileId")
            if item.get("level") != 4 or compile_id is None:
                continue
            if compile_id.endswith("%"):
                compile_id = compile_id[:-1]
            if compile_id in by_id:
                by_id[compile_id]["period"] = int(item["period"])
    # Hot selection with the default policy: units in table order (methods by first appearance),
    # stable-sorted by period, the most first.
    methods = []
    for unit in units:
        if unit["method"] not in methods:
            methods.append(unit["method"])
    table = [u for m in methods for u in units if u["method"] == m]
    table.sort(key=lambda u: -u["period"])
    limit = float(sum(u["period"] for u in units)) * 0.9
    for index, unit in enumerate(table):
        limit -= float(unit["period"])
        unit["hot"] = index < 1 or (limit >= 0 and index < 10)
    return total, table


def scope_figures(units, total):
    """What profdiff's statistics record holds for these units (profile figures if total)."""
    callsites = dict.fromkeys(KINDS, 0)
    optimizations, phases = {}, {}
    period = 0
    weighted = dict.fromkeys(KINDS, 0.0)
    weighted_share = 0.0
    period_with_callsites = 0
    for unit in units:
        period += unit["period"]
        unit_total = sum(unit["callsites"].values())
        for kind in KINDS:
            callsites[kind] += unit["callsites"][kind]
            weighted[kind] += unit["period"] * unit["callsites"][kind]
        if unit_total:
            weighted_share += unit["period"] * unit["callsites"]["inlined"] / unit_total
            period_with_callsites += unit["period"]
        for key, count in unit["optimizations"].items():
            optimizations[key] = optimizations.get(key, 0) + count
        for key, count in unit["phases"].items():
            phases[key] = phases.get(key, 0) + count
    callsite_total = sum(callsites.values())
    nan = float("nan")
    figures = {"units": len(units), "callsites": callsites, "callsite_total": callsite_total,
               "inlined_share": callsites["inlined"] / callsite_total if callsite_total else nan,
               "optimizations": optimizations,
               "optimization_total": sum(optimizations.values()), "phases": phases}
    if total is not None:
        per_unit = {k: (v / period if period else nan) for k, v in weighted.items()}
        figures["execution"] = {
            "period": period, "share": period / total if total else nan,
            "weighted_callsites": per_unit,
            "weighted_callsite_total": sum(per_unit.values()),
            "weighted_inlined_share":
                weighted_share / period_with_callsites if period_with_callsites else nan}
    return figures


def as_number(value):
    if isinstance(value, str):
        return float(value.replace("Infinity", "inf"))
    return value


def same(expected, actual, where, problems):
    if isinstance(expected, dict):
        if not isinstance(actual, dict) or set(expected) != set(actual):
            problems.append(f"{where}: expected keys {sorted(expected)}, got "
                            f"{sorted(actual) if isinstance(actual, dict) else actual}")
            return
        for key in expected:
            same(expected[key], actual[key], f"{where}.{key}", problems)
        return
    actual = as_number(actual)
    if isinstance(expected, float) and math.isnan(expected):
        if not (isinstance(actual, float) and math.isnan(actual)):
            problems.append(f"{where}: expected NaN, got {actual}")
    elif isinstance(expected, int) and not isinstance(expected, bool):
        if actual != expected or not isinstance(actual, int):
            problems.append(f"{where}: expected {expected}, got {actual}")
    elif not math.isclose(expected, actual, rel_tol=1e-9, abs_tol=1e-12):
        problems.append(f"{where}: expected {expected}, got {actual}")


def expected_scopes(units, total):
    """(scope, figures) in profdiff's order: hot, hot methods by hot period, all."""
    scopes = []
    if total is not None:
        hot = [u for u in units if u["hot"]]
        scopes.append(("hot", scope_figures(hot, total)))
        methods = []
        for unit in units:  # table order
            if unit["hot"] and unit["method"] not in methods:
                methods.append(unit["method"])
        periods = {m: sum(u["period"] for u in hot if u["method"] == m) for m in methods}
        methods.sort(key=lambda m: -periods[m])  # stable: ties in table order
        for m in methods:
            scopes.append(({"method": m},
                           scope_figures([u for u in hot if u["method"] == m], total)))
    scopes.append(("all", scope_figures(units, total)))
    return scopes


def run_stats(binary, args):
    result = subprocess.run([binary, "stats"] + args + ["--format=json"], capture_output=True)
    if result.returncode != 0:
        raise AssertionError(f"stats {' '.join(args)} exited {result.returncode}: "
                             f"{result.stderr.decode('utf-8', 'replace')[:500]}")
    lines = result.stdout.decode("utf-8").split("\n")
    return [json.loads(line) for line in lines if line != ""]


def invalid_records(records, log):
    invalid = set()
    for record in records:
        if record["type"] != "warning":
            continue
        match = INVALID.match(record["message"])
        if match and os.path.dirname(match.group(1)) == log:
            invalid.add((match.group(1), int(match.group(2))))
    return invalid


def load(log, profile, records):
    units = read_units(log, invalid_records(records, log))
    total = None
    if profile is not None:
        total, units = apply_profile(units, profile)
    return units, total


def check_one(binary, log, profile):
    args = [log] + ([profile] if profile else [])
    records = run_stats(binary, args)
    units, total = load(log, profile, records)
    expected = expected_scopes(units, total)
    actual = [r for r in records if r["type"] == "statistics"]
    problems = []
    if [s for s, _ in expected] != [r["scope"] for r in actual]:
        return [f"scopes: expected {[s for s, _ in expected]}, got {[r['scope'] for r in actual]}"]
    for (scope, figures), record in zip(expected, actual):
        record = dict(record)
        if total is None and record.pop("execution") is not None:
            problems.append(f"{scope}: execution figures without a profile")
        for key in ("type", "experiment", "scope"):
            record.pop(key)
        same(figures, record, json.dumps(scope), problems)
    return problems


def check_pair(binary, first, second):
    """Two experiments: the change rows hold both sides' independent figures."""
    args = [first[0]] + ([first[1]] if first[1] else []) + [second[0]] + \
        ([second[1]] if second[1] else [])
    records = run_stats(binary, args)
    left_units, left_total = load(first[0], first[1], records)
    right_units, right_total = load(second[0], second[1], records)
    left = dict((json.dumps(s), f) for s, f in expected_scopes(left_units, left_total))
    right = dict((json.dumps(s), f) for s, f in expected_scopes(right_units, right_total))
    problems = []
    changes = [r for r in records if r["type"] == "statistics-change"]
    if sorted(json.dumps(c["scope"]) for c in changes) != sorted(set(left) | set(right)):
        return [f"change scopes {[c['scope'] for c in changes]}"]
    for change in changes:
        scope = json.dumps(change["scope"])
        for row in change["rows"]:
            for side, figures, value in (("1", left.get(scope), row["value_1"]),
                                         ("2", right.get(scope), row["value_2"])):
                if figures is None:
                    continue  # a method hot in the other experiment only
                metric, key = row["metric"], row["key"]
                source = figures.get("execution", {}) if metric in (
                    "period", "share", "weighted_callsites", "weighted_callsite_total",
                    "weighted_inlined_share") else figures
                want = source[metric]
                if key is not None:
                    want = want.get(key, 0)
                same(want, value, f"{scope} {metric} {key} experiment {side}", problems)
    return problems


def experiments():
    """(log, profile or None) of every log directory; logs named exp1/exp2 side by side."""
    roots = [os.path.join(SOURCE, "fixtures")]
    corpus = os.environ.get("PROFDIFF_CONFORMANCE_DIR",
                            os.path.normpath(os.path.join(SOURCE, "..", "shared", "conformance")))
    data = os.path.join(corpus, "data")
    if os.path.isdir(data):
        roots.append(data)
    elif os.environ.get("PROFDIFF_REQUIRE_CONFORMANCE") == "1":
        raise SystemExit("conformance corpus required but not found")
    found = []
    for root in roots:
        for directory, subdirs, _ in os.walk(root):
            subdirs.sort()
            if os.path.basename(directory) != "log":
                continue
            profile = os.path.join(os.path.dirname(directory), "prof.json")
            found.append((directory, profile if os.path.isfile(profile) else None))
    return found


def main():
    if len(sys.argv) != 2:
        print("usage: stats_independent_count.py PROFDIFF")
        return 2
    binary = os.path.abspath(sys.argv[1])
    passed = failed = 0
    logs = experiments()
    cases = []
    for log, profile in logs:
        cases.append(("one", (log, profile)))
        if profile:
            cases.append(("one", (log, None)))
    by_dir = dict(logs)
    for log, profile in logs:
        parent = os.path.dirname(os.path.dirname(log))
        if os.path.basename(os.path.dirname(log)) != "exp1":
            continue
        other = os.path.join(parent, "exp2", "log")
        if other in by_dir and (by_dir[other] is None) == (profile is None):
            cases.append(("pair", ((log, profile), (other, by_dir[other]))))
            cases.append(("pair", ((log, None), (other, None))))
    def check_case(numbered):
        kind, case = numbered
        try:
            return check_one(binary, *case) if kind == "one" else check_pair(binary, *case)
        except (AssertionError, KeyError, TypeError) as error:
            return [f"{type(error).__name__}: {error}"]

    for (kind, case), problems in zip(cases, map_cases(check_case, cases)):
        if problems:
            failed += 1
            print(f"FAIL {kind} {case}")
            for problem in problems[:10]:
                print("    " + problem)
        else:
            passed += 1
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
