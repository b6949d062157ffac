#!/usr/bin/env python3
"""Call sites that moved with the code (issue 36), on real HotSpot logs.

tests/moved_calls/v1 and v2 hold one program, MovedCalls, edited in work(): a call removed
(gone), a call added (added), two calls swapped (alpha, beta), a call moved into a branch
(other), a callee grown past C2's inlining limit (grows), and every later call shifted. Each
version runs with -XX:+LogCompilation on every JDK under /usr/lib/jvm; by construction the only
changes of work()'s inlining are: gone deleted, added inserted, grows no longer inlined. The
comparison of v1 with v2 must report exactly those (and say that call sites moved); each version
compared with itself (another run) reports none and no moves. With --show-moved=true the moves
are listed: exactly the calls javap finds at another bci in v2 (grows aside, a change), and
nothing else differs. jit-vs-jit-runs of two runs of each version aligns its pairs the same
way: its stable differences are exactly the edits'. Exit 77 without a JDK.
"""

import csv
import glob
import io
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
METHOD = "MovedCalls.work(int)"
EXPECTED = {("delete", "MovedCalls.gone(int)"), ("insert", "MovedCalls.added(int)"),
            ("relabel", "MovedCalls.grows(int)")}


def run(java, javac, version, scratch, tag):
    classes = os.path.join(scratch, version + "-classes")
    if not os.path.isdir(classes):
        subprocess.run([javac, "-d", classes,
                        os.path.join(HERE, "moved_calls", version, "MovedCalls.java")],
                       check=True, capture_output=True)
    log = os.path.join(scratch, "%s-%s.log" % (version, tag))
    subprocess.run([java, "-XX:+UnlockDiagnosticVMOptions", "-XX:+LogCompilation",
                    "-XX:LogFile=" + log, "-Xmx256m", "-cp", classes, "MovedCalls"],
                   check=True, capture_output=True)
    return log


def call_bcis(javac, version, scratch):
    """work()'s call sites in the class file, {callee's simple name: [bci, ...]} (javap -c)."""
    javap = os.path.join(os.path.dirname(javac), "javap")
    out = subprocess.run([javap, "-c", "-p", "-cp", os.path.join(scratch, version + "-classes"),
                          "MovedCalls"], check=True, capture_output=True, text=True).stdout
    bcis, inside = {}, False
    for line in out.splitlines():
        if "work(int)" in line:
            inside = True
        elif inside and not line.strip():
            break
        elif inside and "invokestatic" in line and "// Method " in line:
            name = line.split("// Method ")[1].split(":")[0]
            bcis.setdefault(name, []).append(int(line.split(":")[0]))
    return bcis


def relabel_bcis(binary, left, right):
    """The bcis of grows()'s relabel in work()'s JSON delta tree, and the text's line of it."""
    json_out = subprocess.run([binary, "jit-vs-jit", left, right, "--format=json"], check=True,
                              capture_output=True, text=True).stdout
    sides = None
    for line in json_out.splitlines():
        record = json.loads(line)
        if record.get("type") != "pair" or record.get("method") != METHOD:
            continue
        for node in record["inlining"]["nodes"]:
            if node["op"] == "relabel" and node["left"].get("method") == "MovedCalls.grows(int)":
                sides = (node["left"]["bci"], node["right"]["bci"])
    text = subprocess.run([binary, "jit-vs-jit", left, right], check=True, capture_output=True,
                          text=True).stdout
    lines = [l.strip() for l in text.splitlines() if "* (" in l and "MovedCalls.grows(int)" in l]
    return sides, lines


def changes(binary, left, right):
    """work()'s inlining differences (op, callee) and moved call sites, over its pairs."""
    out = subprocess.run([binary, "jit-vs-jit", left, right, "--format=json"], check=True,
                         capture_output=True, text=True).stdout
    found, moved, pairs = set(), 0, 0
    for line in out.splitlines():
        record = json.loads(line)
        if record.get("type") != "pair" or record.get("method") != METHOD:
            continue
        pairs += 1
        tree = record["inlining"]
        moved += tree.get("moved_call_sites", 0)
        for node in tree["nodes"]:
            if node["op"] in ("identity", "moved") or node["depth"] != 1:
                continue
            side = node.get("right") or node.get("left")
            found.add((node["op"], side.get("method")))
    return found, moved, pairs


def differences(binary, left, right, options):
    """Every node of work()'s pairs' inlining and optimization delta trees, as (tree, op, text),
    and the moves (callee, bci in v1, bci in v2) of its inlining trees' depth 1."""
    out = subprocess.run([binary, "jit-vs-jit", left, right, "--format=json"] + options,
                         check=True, capture_output=True, text=True).stdout
    nodes, moves = [], set()
    for line in out.splitlines():
        record = json.loads(line)
        if record.get("type") != "pair" or record.get("method") != METHOD:
            continue
        for kind in ("inlining", "optimization"):
            for node in record[kind]["nodes"]:
                side = node.get("left") or node.get("right")
                if node["op"] == "moved" and kind == "inlining" and node["depth"] == 1:
                    moves.add((side["method"], node["left"]["bci"], node["right"]["bci"]))
                if node["op"] not in ("identity", "moved"):
                    nodes.append((kind, node["op"], json.dumps(node, sort_keys=True)))
    return sorted(nodes), moves


def runs_changes(binary, v1_logs, v2_logs):
    """work()'s stable inlining differences (op, callee) of its own call sites (path of one
    step) in jit-vs-jit-runs, and whether it was compared."""
    out = subprocess.run([binary, "jit-vs-jit-runs", "--exp1"] + v1_logs + ["--exp2"] + v2_logs +
                         ["--format=json"], check=True, capture_output=True, text=True).stdout
    found, compared = set(), False
    for line in out.splitlines():
        record = json.loads(line)
        if record.get("type") != "method" or record.get("method") != METHOD:
            continue
        compared = record["compared"]
        for d in record["stable_differences"]:
            if d["tree"] == "inlining" and len(d["path"]) == 1:
                side = d.get("right") or d.get("left")
                found.add((d["op"], side.get("method")))
    return found, compared


def decision_moves(binary, left, right):
    """The call sites of work() that the --decisions CSV with --show-moved lists at two different
    bcis, as (callee, bci_1, bci_2): those that only moved (change = moved), and those whose
    decision changed too (change = kind or reason: the JIT's "inline" in one run may be "inline
    (hot)" in the other, as the call's counts at compile time differ); and whether a kind or
    reason change is among the moved ones."""
    out = subprocess.run([binary, "jit-vs-jit", left, right, "--decisions=true",
                          "--show-moved=true", "--format=csv"], check=True, capture_output=True,
                         text=True).stdout
    moves, changed, mixed = set(), set(), False
    for row in csv.DictReader(io.StringIO(out)):
        if row["caller"] != METHOD:
            continue
        if row["change"] == "moved":
            mixed |= row["kind_1"] != row["kind_2"] or row["reasons_1"] != row["reasons_2"]
            moves.add((row["callee"], int(row["bci_1"]), int(row["bci_2"])))
        elif row["bci_1"] and row["bci_2"] and row["bci_1"] != row["bci_2"]:
            changed.add((row["callee"], int(row["bci_1"]), int(row["bci_2"])))
    return moves, changed, mixed


def expected_moves(javac, scratch):
    """The calls of work() at another bci in v2 than in v1 (javap), but grows (a change)."""
    before, after = call_bcis(javac, "v1", scratch), call_bcis(javac, "v2", scratch)
    moves = set()
    for name, bcis in before.items():
        if name == "grows" or len(after.get(name, [])) != len(bcis):
            continue
        for b1, b2 in zip(bcis, after[name]):
            if b1 != b2:
                moves.add(("MovedCalls.%s(int)" % name, b1, b2))
    return moves


def main():
    binary = sys.argv[1]
    failures = 0
    javas = 0
    with tempfile.TemporaryDirectory() as top:
        seen = set()
        for java in sorted(glob.glob("/usr/lib/jvm/*/bin/java")):
            javac = os.path.join(os.path.dirname(java), "javac")
            if os.path.realpath(java) in seen or not os.path.exists(javac):
                continue
            seen.add(os.path.realpath(java))
            javas += 1
            scratch = tempfile.mkdtemp(dir=top)
            jdk = os.path.basename(os.path.dirname(os.path.dirname(java)))
            v1a, v1b = run(java, javac, "v1", scratch, "a"), run(java, javac, "v1", scratch, "b")
            v2a, v2b = run(java, javac, "v2", scratch, "a"), run(java, javac, "v2", scratch, "b")
            found, moved, pairs = changes(binary, v1a, v2a)
            if pairs == 0 or found != EXPECTED or moved == 0:
                print("%s: v1 vs v2: %d pairs, %d moved, changes %s, expected %s"
                      % (jdk, pairs, moved, sorted(found), sorted(EXPECTED)))
                failures += 1
            # The changed call is shown where it is on each side, as javap reads the classes.
            before = call_bcis(javac, "v1", scratch)["grows"]
            after = call_bcis(javac, "v2", scratch)["grows"]
            sides, lines = relabel_bcis(binary, v1a, v2a)
            expected_line = "at bci %d → %d" % (before[0], after[0])
            if sides != (before[0], after[0]) or not lines or \
                    not all(l.endswith(expected_line) for l in lines):
                print("%s: grows() relabel at %s, text %s; javap: %s -> %s"
                      % (jdk, sides, lines, before, after))
                failures += 1
            # --show-moved lists exactly the moves, and changes nothing else.
            shown, moves = differences(binary, v1a, v2a, ["--show-moved=true"])
            plain, no_moves = differences(binary, v1a, v2a, [])
            wanted = expected_moves(javac, scratch)
            if moves != wanted or not moves or no_moves or shown != plain:
                print("%s: --show-moved: moves %s, javap %s; without it %s; the differences %s"
                      % (jdk, sorted(moves), sorted(wanted), sorted(no_moves),
                         "agree" if shown == plain else "differ"))
                failures += 1
            # The decisions view lists them too, each at both its bcis: as `moved` when the
            # decision is the same, as a change of kind or reason when the JIT decided otherwise
            # in this run (grows aside, changed by the edit).
            listed, changed, mixed = decision_moves(binary, v1a, v2a)
            changed = {c for c in changed if c[0] != "MovedCalls.grows(int)"}
            if listed | changed != wanted or listed & changed or mixed:
                print("%s: --decisions --show-moved: moves %s (a changed one among them: %s), "
                      "changed at two bcis %s, javap %s"
                      % (jdk, sorted(listed), mixed, sorted(changed), sorted(wanted)))
                failures += 1
            found, compared = runs_changes(binary, [v1a, v1b], [v2a, v2b])
            if not compared or found != EXPECTED:
                print("%s: jit-vs-jit-runs: compared %s, stable changes %s, expected %s"
                      % (jdk, compared, sorted(found), sorted(EXPECTED)))
                failures += 1
            for left, right in ((v1a, v1b), (v2a, v2b)):
                found, moved, pairs = changes(binary, left, right)
                if found or moved:
                    print("%s: %s vs itself: changes %s, %d moved"
                          % (jdk, os.path.basename(left), sorted(found), moved))
                    failures += 1
    if javas == 0:
        print("no JDK under /usr/lib/jvm")
        return 77
    print("moved calls: %d JDKs, %d failures" % (javas, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
