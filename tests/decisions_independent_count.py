#!/usr/bin/env python3
"""CTest driver: the transition table of --decisions equals an independent count (issue 21).

For each comparison (fixtures/jit-example exp1 vs exp2; the real Graal runs of the conformance
data, every configuration against `default`; every comparison case of the conformance corpus,
with its own command and options), this script runs it with
`--decisions=true --inliner-reasoning=true --format=json` and counts the
decision changes itself from the `pair` records' inlining delta trees (not from the product's
lists): a relabelled call site is a kind change; an inserted or deleted call site counts when its
parent in the delta tree is an identity (its caller made the same decision on both sides). The
reason key is the last reason with every parenthesised part that holds a digit removed; a
method's share is the larger of its experiments' summed unit shares (fragments left out), from
the `method` records. Only the pairs that the decisions record lists as counted (the one-to-one
pairing of issue 22, which the summary and the gate count too) are counted. The rows (kinds and reason keys, call sites, methods, summed share) and
their order must equal the `decisions` record's transitions; so must the number of kind changes.
The CSV table lists the record's call sites, the text is what render makes of the stream, and
the HTML page carries the same decisions record (its table is drawn from it: tests/browser).

The corpus is ../shared/conformance (PROFDIFF_CONFORMANCE_DIR); its real Graal data is skipped
when absent, unless PROFDIFF_REQUIRE_CONFORMANCE=1.
"""
import csv
import glob
import io
import json
import os
import subprocess
import sys
import tempfile

from case_pool import map_cases, sampled

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.normpath(os.path.join(HERE, ".."))


def reason_key(reasons):
    if not reasons:
        return ""
    text = reasons[-1]
    out = ""
    i = 0
    while i < len(text):
        if text[i] == "(":
            depth = 0
            j = i
            while j < len(text):
                if text[j] == "(":
                    depth += 1
                if text[j] == ")":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            end = j + 1 if j < len(text) else j
            group = text[i:end]
            if any(c.isdigit() for c in group):
                out = out.rstrip(" ")
            else:
                out += group
            i = end
            continue
        out += text[i]
        i += 1
    return out.rstrip(" ")


def number(value):
    """A share as JSON writes it: a number, or "NaN"/"Infinity" as a string (a profile whose
    periods are all zero gives NaN shares)."""
    return float(value) if isinstance(value, str) else value


def independent_table(records, counted):
    shares = {}
    for r in records:
        if r["type"] != "method":
            continue
        known = []
        for e in r["experiments"]:
            if e["experiment"] in (1, 2) and e["profiled"]:
                known.append(sum(number(c["total_share"]) for c in e["compilations"]
                                 if not c["fragment"]))
        shares[r["method"]] = max(known) if known else None
    rows = {}
    changes = 0
    for r in records:
        if r["type"] != "pair":
            continue
        ids = (r["method"], r["compilations"][0]["id"], r["compilations"][1]["id"])
        if ids not in counted:
            continue
        tree = r["inlining"]
        parents = []  # op of the node at each depth on the current path
        for node in tree["nodes"]:
            depth, op = node["depth"], node["op"]
            del parents[depth:]
            parent = parents[-1] if parents else None
            parents.append(op)
            if depth == 0 or op == "identity":
                continue
            if op in ("insert", "delete") and parent != "identity":
                continue
            side = lambda s: (s["callsite"], reason_key(s.get("reasons", []))) if s else ("", "")
            before = side(node.get("left") if op != "insert" else None)
            after = side(node.get("right") if op != "delete" else None)
            key = before + after
            row = rows.setdefault(key, {"call_sites": 0, "methods": set()})
            row["call_sites"] += 1
            row["methods"].add(r["method"])
            changes += 1
    table = []
    for key, row in rows.items():
        known = [shares[m] for m in row["methods"] if shares.get(m) is not None]
        table.append((key, row["call_sites"], len(row["methods"]), sum(known) if known else None))
    return table, changes


def product_table(record):
    table = []
    for t in record["transitions"]:
        b, a = t["before"], t["after"]
        key = ((b["kind"], b["reason"]) if b else ("", "")) + ((a["kind"], a["reason"]) if a else ("", ""))
        table.append((key, t["call_sites"], t["methods"], t["share"]))
    return table


def ordered(table):
    # The product's order: the largest share first (unknown last), then the most call sites,
    # then the kinds' and reasons' text.
    return sorted(table, key=lambda row: (row[3] is None, -(row[3] or 0), -row[1], row[0]))


def json_run(binary, args, cwd):
    """(the run, its records, its decisions records) of args with --decisions as JSON."""
    run = subprocess.run([binary, *args, "--decisions=true", "--inliner-reasoning=true",
                          "--format=json"], capture_output=True, text=True, cwd=cwd)
    # Records end at "\n" only: str.splitlines would also split inside strings that hold
    # U+2028, U+0085 or \x1c-\x1e, which JSON writes raw.
    records = [json.loads(line) for line in run.stdout.split("\n") if line]
    return run, records, [r for r in records if r["type"] == "decisions"]


def without_context_tree(args):
    """args without --optimization-context-tree (and its value)."""
    out = []
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg == "--optimization-context-tree":
            skip = True
        elif not arg.startswith("--optimization-context-tree="):
            out.append(arg)
    return out


def check(binary, args, name, cwd):
    run, records, decisions = json_run(binary, args, cwd)
    if run.returncode != 0:
        return [f"{name}: profdiff exited {run.returncode}: {run.stderr}"], 0, 0
    if len(decisions) != 1:
        return [f"{name}: expected one decisions record, got {len(decisions)}"], 0, 0
    stream = run.stdout
    plain = without_context_tree(args)
    if plain != args:
        # The pair records hold optimization-context trees, not the inlining delta trees the
        # count reads; the decisions are the same as without that display option.
        run, records, plain_decisions = json_run(binary, plain, cwd)
        if plain_decisions != decisions:
            return [f"{name}: --optimization-context-tree changes the decisions record"], 0, 0
    # Which pairs count is the one-to-one pairing of issue 22 (tested with it); the decisions
    # record lists them, and every one of them must be a pair record.
    counted = {(p["method"], *p["compilations"]) for p in decisions[0]["counted_pairs"]}
    pairs = {(r["method"], r["compilations"][0]["id"], r["compilations"][1]["id"])
             for r in records if r["type"] == "pair"}
    if not counted <= pairs or len(counted) != decisions[0]["pairs"]:
        return [f"{name}: the counted pairs are not pair records"], 0, 0
    mine, changes = independent_table(records, counted)
    theirs = product_table(decisions[0])
    problems = []
    if changes != len(decisions[0]["changes"]):
        problems.append(f"{name}: {changes} kind changes counted, the record lists "
                        f"{len(decisions[0]['changes'])}")
    def close(a, b):
        return (a is None) == (b is None) and (a is None or abs(a - b) <= 1e-9)
    mine_sorted = ordered(mine)
    if len(mine_sorted) != len(theirs) or any(
            m[:3] != t[:3] or not close(m[3], t[3]) for m, t in zip(mine_sorted, theirs)):
        problems.append(f"{name}: the transition tables differ\n  independent: {mine_sorted}\n"
                        f"  profdiff:    {theirs}")
    problems += agree(binary, args, name, stream, decisions[0], cwd)
    return problems, len(theirs), changes


def html_records(page):
    """The records an HTML page carries: its data-pd="r" script elements (arrays of records)."""
    records = []
    opening = '<script type="application/json" data-pd="r">'
    start = page.find(opening)
    while start >= 0:
        end = page.find("</script>", start)
        records += json.loads(page[start + len(opening):end])
        start = page.find(opening, end)
    return records


def agree(binary, args, name, stream, record, cwd):
    """The CSV table, the text and the HTML page agree with the JSON record: a CSV row per
    listed call site, the text is what render makes of the stream, and the page carries the
    same record."""
    problems = []
    common = [*args, "--decisions=true", "--inliner-reasoning=true"]
    table = subprocess.run([binary, *common, "--format=csv"], capture_output=True, text=True,
                           cwd=cwd)
    rows = list(csv.DictReader(io.StringIO(table.stdout)))
    listed = [("kind", s) for s in record["changes"]] + [("reason", s) for s in record["reason_changes"]]
    def row_of(change, s):
        return (change, s["method"], s["callee"] or "", str(s["bci"]),
                s["before"]["kind"] if s["before"] else "", s["after"]["kind"] if s["after"] else "")
    got = [(r["change"], r["method"], r["callee"], r["bci"], r["kind_1"], r["kind_2"]) for r in rows]
    if got != [row_of(c, s) for c, s in listed]:
        problems.append(f"{name}: the CSV rows differ from the decisions record")
    text = subprocess.run([binary, *common], capture_output=True, cwd=cwd)
    page = subprocess.run([binary, *common, "--format=html"], capture_output=True, text=True,
                          cwd=cwd)
    in_page = [r for r in html_records(page.stdout) if r.get("type") == "decisions"]
    if in_page != [record]:
        problems.append(f"{name}: the HTML page does not carry the decisions record")
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write(stream)
    try:
        rendered = subprocess.run([binary, "render", f.name], capture_output=True, cwd=cwd)
    finally:
        os.unlink(f.name)
    if rendered.stdout != text.stdout or b"\nDecisions: " not in text.stdout:
        problems.append(f"{name}: the text and render of the JSON stream differ")
    return problems


COMPARISONS = ("jit-vs-jit", "jit-vs-aot", "aot-vs-aot", "aot-vs-aot-jit-profile")


def command_of(args):
    """The command of a case's arguments: options (each with its value, as `--name value` or
    `--name=value`) may come first."""
    i = 0
    while i < len(args) and args[i].startswith("--"):
        i += 1 if "=" in args[i] else 2
    return args[i] if i < len(args) else None


def corpus_cases(corpus):
    """The conformance cases of the comparison commands that compare compilations."""
    cases_dir = os.path.join(corpus, "cases")
    if not os.path.isdir(cases_dir):
        return []
    cases = []
    for case in sorted(os.listdir(cases_dir)):
        with open(os.path.join(cases_dir, case, "args"), encoding="utf-8") as f:
            args = [line.rstrip("\n") for line in f if line.strip() != ""]
        with open(os.path.join(cases_dir, case, "root"), encoding="utf-8") as f:
            root = os.path.join(corpus, f.read().strip())
        # --decisions needs compared compilations: with --diff-compilations=false it is an
        # error (tests/decisions_end_to_end_test.cc).
        compared = all(args[i:i + 2] != ["--diff-compilations", "false"] for i in range(len(args)))
        if command_of(args) in COMPARISONS and compared:
            cases.append((case, args, root))
    return cases


def main():
    binary = os.path.abspath(sys.argv[1])
    cases = []
    jit = os.path.join(SOURCE, "fixtures", "jit-example")
    cases.append(("fixtures/jit-example", ["jit-vs-jit", f"{jit}/exp1/log", f"{jit}/exp1/prof.json",
                                           f"{jit}/exp2/log", f"{jit}/exp2/prof.json"], None))
    corpus = os.environ.get("PROFDIFF_CONFORMANCE_DIR",
                            os.path.join(SOURCE, "..", "shared", "conformance"))
    real = os.path.join(corpus, "data", "real-graal")
    if os.path.isdir(real):
        for bench in sorted(os.listdir(real)):
            base = os.path.join(real, bench, "default", "run-1")
            if not os.path.isdir(base):
                continue
            for run in sorted(glob.glob(os.path.join(real, bench, "*", "run-*"))):
                if run == base:
                    continue
                name = os.path.relpath(run, real) + " vs " + os.path.relpath(base, real)
                cases.append((name, ["jit-vs-jit", f"{base}/log", f"{base}/prof.json",
                                     f"{run}/log", f"{run}/prof.json"], None))
    elif os.environ.get("PROFDIFF_REQUIRE_CONFORMANCE") == "1":
        print(f"FAIL the real Graal runs are missing: {real}")
        return 1
    else:
        print(f"note: {real} is absent; only fixtures/ checked")
    cases += corpus_cases(corpus)
    cases = sampled(cases)
    failed = 0
    results = map_cases(lambda case: check(binary, case[1], case[0], case[2]), cases)
    for (name, _, _), (problems, rows, changes) in zip(cases, results):
        for p in problems:
            print("FAIL " + p)
        failed += bool(problems)
        if not problems:
            print(f"ok {name}: {rows} transitions, {changes} kind changes")
    print(f"{len(cases)} comparisons checked; {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
