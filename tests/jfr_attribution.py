#!/usr/bin/env python3
"""CTest driver (issue 32, parts 1 and 3): profiles that add up, on recordings made now.

For each JDK under /usr/lib/jvm (or $PROFDIFF_JDKS, colon-separated JDK homes), runs the programs
of tests/jfr/ with -XX:+LogCompilation and a recording with share/profdiff.jfc:

  - LongLoop: main runs one long loop (main is entered once: its loop runs in OSR compilations,
    its normal compilation never runs);
  - Phases: work(long, int) OSR-compiled in its first, long call, then normally compiled (C1,
    later C2); measure(Shape, long) deoptimized when a second Shape appears and compiled again;
    three lambdas at one megamorphic call site (hidden classes);

and holds `profdiff report LOG rec.jfr --format=json` against the JDK's `jfr print` of the same
recording (each sample charged to its first frame that is not inlined): every method that has
at least 3 % of the samples in JIT-compiled frames has, summed over its compilation units (all
tiers: C1's code runs too, and jfr counts it), the share jfr counts within 2 points. By
construction of LongLoop, main's share is in its OSR compilations (at most 2 points elsewhere),
and Phases' three lambdas are among the top methods (a run where jfr's own count does not have
them there is made again, at most twice: C2's timing on a loaded machine decides it).

With --rules, prints instead what each candidate rule for choosing among a method's compilations
gives on these runs, against what happened by construction (docs/jfr.md "Which compilation ran").

Usage: jfr_attribution.py PROFDIFF [--rules] [--keep DIR]. Exit 77 (skipped) without a JDK.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from jfr_oracle import instant_nanos, jdks  # noqa: E402

TOLERANCE = 0.02  # points of share
TOP = 0.03  # the methods checked: at least this share of the samples
# Each program's arguments, and whether its recording holds jdk.Compilation events. Without them
# (as with JFR's stock settings, which record only slow compilations), the HotSpot log's install
# times alone link samples to compilations, so its names must match the recording's.
PROGRAMS = {
    "LongLoop": (["5"], True),
    "Phases": (["6"], False),
}
DONTINLINE = ["-XX:CompileCommand=quiet", "-XX:CompileCommand=dontinline,Phases::work",
              "-XX:CompileCommand=dontinline,Phases::measure"]
PRIMITIVES = {"B": "byte", "C": "char", "D": "double", "F": "float", "I": "int", "J": "long",
              "S": "short", "Z": "boolean", "V": "void"}


def class_name(internal):
    """The logs' spelling of a class: dots, and a hidden class's suffix as '/0x...'. JDK 17's JFR
    writes it '+0x...' followed by '/' and a number, its HotSpot log '/0x...'."""
    internal = re.sub(r"\+(0x[0-9a-fA-F]+)(/\d+)?$", r"/\1", internal)
    head, slash, tail = internal.rpartition("/")
    if tail.startswith("0x"):
        return head.replace("/", ".") + "/" + tail
    return internal.replace("/", ".")


def java_name(holder, name, descriptor):
    params, i = [], 1
    while i < len(descriptor) and descriptor[i] != ")":
        dims = 0
        while descriptor[i] == "[":
            dims, i = dims + 1, i + 1
        if descriptor[i] == "L":
            end = descriptor.index(";", i)
            t, i = class_name(descriptor[i + 1:end]), end + 1
        else:
            t, i = PRIMITIVES[descriptor[i]], i + 1
        params.append(t + "[]" * dims)
    return f"{class_name(holder)}.{name}({', '.join(params)})"


def short_name(name):
    """The report's spelling of a method: its parameter types without their packages."""
    head, _, params = name.partition("(")
    return head + "(" + ", ".join(p.rpartition(".")[2] for p in params[:-1].split(", ") if p) + ")"


def samples(jfr, recording):
    """Per sample: (time, top non-inlined frame's Java name or None, its type, its bci)."""
    out = subprocess.run([jfr, "print", "--json", "--stack-depth", "64", "--events",
                          "jdk.ExecutionSample", recording], check=True, capture_output=True,
                         text=True, env=dict(os.environ, TZ="UTC")).stdout
    result = []
    for e in json.loads(out)["recording"]["events"]:
        v = e["values"]
        top = None
        for f in (v["stackTrace"] or {}).get("frames", []):
            t = f["type"] if isinstance(f["type"], str) else (f["type"] or {}).get("description")
            if t != "Inlined":
                m = f["method"]
                top = (short_name(java_name(m["type"]["name"].replace(".", "/"), m["name"],
                                            m["descriptor"])), t, f["bytecodeIndex"])
                break
        result.append((instant_nanos(v["startTime"]),) + (top or (None, None, None)))
    return result


ATTRIBUTE = re.compile(r"(\w+)='([^']*)'")


def log_compilations(log):
    """{java name: [compilation]} from the log's <nmethod>, <make_not_entrant> and <task>."""
    start, methods, by_id, osr_bci = 0, {}, {}, {}
    with open(log, errors="replace") as f:
        for line in f:
            kind = line[1:line.find(" ")] if line.startswith("<") else ""
            if kind not in ("hotspot_log", "nmethod", "make_not_entrant", "task"):
                continue
            a = dict(ATTRIBUTE.findall(line))
            if kind == "hotspot_log":
                start = int(a["time_ms"]) * 1_000_000
            elif kind == "task" and "osr_bci" in a:
                osr_bci[a["compile_id"]] = int(a["osr_bci"])
            elif kind == "nmethod" and a.get("compile_kind", "osr") == "osr" and "method" in a:
                holder, name, descriptor = a["method"].split(" ")
                c = {"id": a["compile_id"], "osr": a.get("compile_kind") == "osr",
                     "level": int(a.get("level", 4)), "count": int(a.get("count", -1)),
                     "installed": start + round(float(a["stamp"]) * 1e9), "not_entrant": None}
                by_id[c["id"]] = c
                methods.setdefault(short_name(java_name(holder, name, descriptor)), []).append(c)
            elif kind == "make_not_entrant" and a.get("compile_id") in by_id:
                c = by_id[a["compile_id"]]
                if c["not_entrant"] is None:
                    c["not_entrant"] = start + round(float(a["stamp"]) * 1e9)
    for c in by_id.values():
        c["osr_bci"] = osr_bci.get(c["id"])
    return methods


def run_program(home, program, args, compilations, tmp):
    directory = os.path.join(tmp, os.path.basename(home), program)
    shutil.rmtree(directory, ignore_errors=True)  # a run made again
    classes = os.path.join(directory, "classes")
    os.makedirs(classes)
    subprocess.run([os.path.join(home, "bin", "javac"), "-d", classes,
                    os.path.join(HERE, "jfr", program + ".java")], check=True)
    log, recording = os.path.join(directory, "hotspot.log"), os.path.join(directory, "rec.jfr")
    settings = os.path.join(SOURCE, "share", "profdiff.jfc")
    if not compilations:
        with open(settings) as f:
            text = f.read()
        text, n = re.subn(r'(<event name="jdk.Compilation">\s*<setting name="enabled">)true',
                          r"\1false", text)
        assert n == 1, "share/profdiff.jfc does not enable jdk.Compilation as expected"
        settings = os.path.join(directory, "no-compilations.jfc")
        with open(settings, "w") as f:
            f.write(text)
    java = subprocess.run([os.path.join(home, "bin", "java"), "-XX:+UnlockDiagnosticVMOptions",
                           "-XX:+LogCompilation", f"-XX:LogFile={log}",
                           f"-XX:StartFlightRecording:filename={recording},settings={settings}",
                           "-Xlog:jfr+startup=warning"] + DONTINLINE +
                          ["-cp", classes, program] + args,
                          check=True, capture_output=True, text=True)
    marks = dict(line.split(" ") for line in java.stdout.splitlines()
                 if re.fullmatch(r"[\w-]+ \d+", line))
    return log, recording, {k: int(v) for k, v in marks.items()}


def expected_shares(events):
    counts = {}
    for _, name, kind, _ in events:
        if kind == "JIT compiled":
            counts[name] = counts.get(name, 0) + 1
    return {name: n / len(events) for name, n in counts.items()}


def reported(profdiff, log, recording):
    """{method: {compile id: total share}} of every compilation unit (--tiers=all: at the top
    tier alone, a method's time in C1 code, which jfr counts, would be missing), and warnings."""
    out = subprocess.run([profdiff, "report", log, recording, "--format=json",
                          "--hot-percentile=1", "--tiers=all"], capture_output=True, text=True, check=True).stdout
    shares, warnings = {}, []
    for line in out.splitlines():
        r = json.loads(line)
        if r["type"] == "warning":
            warnings.append(r["message"])
        if r["type"] != "method":
            continue
        for e in r["experiments"]:
            for c in e["compilations"]:
                if c["total_share"]:
                    shares.setdefault(r["method"], {})[c["id"]] = c["total_share"]
    return shares, warnings


def lambdas_on_top(jfr, recording):
    """The lambdas among the methods with at least TOP of the samples, as jfr counts them."""
    expected = expected_shares(samples(jfr, recording))
    return [m for m in expected if expected[m] >= TOP and "$$Lambda" in m]


def check(name, program, profdiff, log, recording, jfr):
    events = samples(jfr, recording)
    expected = expected_shares(events)
    got, _ = reported(profdiff, log, recording)
    ok = True
    top = sorted((m for m in expected if expected[m] >= TOP), key=lambda m: -expected[m])
    for method in top:
        share = sum(got.get(method, {}).values())
        good = abs(share - expected[method]) <= TOLERANCE
        ok &= good
        print(f"{'ok  ' if good else 'FAIL'} {name}: {method}: {share * 100:.1f} % in the report, "
              f"jfr counts {expected[method] * 100:.1f} % of {len(events)} samples")
    if program == "LongLoop":
        main = "LongLoop.main(String[])"
        normal = sum(s for i, s in got.get(main, {}).items() if not i.endswith("%"))
        good = main in top and normal <= TOLERANCE
        ok &= good
        print(f"{'ok  ' if good else 'FAIL'} {name}: {main} (entered once) has "
              f"{normal * 100:.1f} % in normal compilations (at most {TOLERANCE * 100:.0f})")
    if program == "Phases":
        lambdas = [m for m in top if "$$Lambda" in m]
        good = len(lambdas) == 3
        ok &= good
        print(f"{'ok  ' if good else 'FAIL'} {name}: {len(lambdas)} lambdas among the top "
              f"methods (expected 3)")
    return ok


# Candidate rules: which of a method's compilations a JIT-compiled frame at `time` ran in.
def alive(cs, time):
    return [c for c in cs if c["installed"] <= time and
            (c["not_entrant"] is None or time < c["not_entrant"])]


def latest_installed(cs, time):
    before = [c for c in cs if c["installed"] <= time]
    return before[-1] if before else None


def rule_normal_first(cs, time, bci):
    """Before issue 32: the latest running normal compilation, an OSR one only without it."""
    running = alive(cs, time)
    normal = [c for c in running if not c["osr"]]
    if normal:
        return normal[-1]
    return running[-1] if running else latest_installed(cs, time)


def rule_latest(cs, time, bci):
    """The latest installed compilation not made not entrant, OSR ones included."""
    running = alive(cs, time)
    return running[-1] if running else latest_installed(cs, time)


def rule_bci(cs, time, bci):
    """The latest running OSR compilation whose loop the frame's bci can be in (bci >= osr_bci),
    else the latest running normal one."""
    running = alive(cs, time)
    osr = [c for c in running if c["osr"] and c["osr_bci"] is not None and bci >= c["osr_bci"]]
    if osr:
        return osr[-1]
    return rule_normal_first(cs, time, bci)


def rule_entered_once(cs, time, bci):
    """profdiff's: the latest running, but a normal compilation made while the method had been
    invoked once (<nmethod count='1'>) yields to a running OSR compilation installed before it at
    no lower level."""
    running = alive(cs, time)
    if not running:
        return latest_installed(cs, time)
    latest = running[-1]
    if latest["osr"] or latest["count"] > 1 or latest["count"] < 0:
        return latest
    osr = [c for c in running[:-1] if c["osr"] and c["level"] >= latest["level"]]
    return osr[-1] if osr else latest


RULES = [("normal first", rule_normal_first), ("latest running", rule_latest),
         ("bci", rule_bci), ("entered once", rule_entered_once)]


def truth(program, method, time, marks, cs):
    """'osr' or 'normal' where the program's construction says which code ran, else None."""
    if program == "LongLoop" and method == "LongLoop.main(String[])":
        return "osr"
    if program == "Phases" and method == "Phases.work(long, int)":
        # After its first call, a call of work starts in its normal code; C1's code (levels 2
        # and 3) counts the loop's iterations and hands the activation over to a higher tier's
        # OSR code when there is one, C2's runs to the end (its calls are short).
        if time < marks["work-returned"]:
            return "osr"
        if any(not c["osr"] and c["level"] == 4 for c in alive(cs, time)):
            return "normal"
        return None
    if program == "Phases" and method == "Phases.measure(Phases$Shape, long)":
        return "normal"
    return None


def measure_rules(name, program, log, recording, jfr, marks):
    events = samples(jfr, recording)
    compilations = log_compilations(log)
    for method in ("LongLoop.main(String[])", "Phases.work(long, int)",
                   "Phases.measure(Phases$Shape, long)"):
        if not method.startswith(program + "."):
            continue
        cs = sorted(compilations.get(method, []), key=lambda c: c["installed"])
        shown = ", ".join(f"{c['id']}{'%' if c['osr'] else ''} (level {c['level']}"
                          f"{', osr_bci ' + str(c['osr_bci']) if c['osr'] else ''}, "
                          f"{(c['installed'] - cs[0]['installed']) / 1e6:.0f} ms"
                          f"{'' if c['not_entrant'] is None else ', not entrant ' + str(round((c['not_entrant'] - cs[0]['installed']) / 1e6)) + ' ms'})"
                          for c in cs)
        mine = [e for e in events if e[1] == method and e[2] == "JIT compiled"]
        print(f"{name}: {method}: {len(mine)} JIT-compiled samples; compilations (times from the "
              f"first install): {shown}")
        for rule_name, rule in RULES:
            charged, wrong = {}, 0
            for time, _, _, bci in mine:
                c = rule(cs, time, bci)
                key = "none" if c is None else c["id"] + ("%" if c["osr"] else "")
                charged[key] = charged.get(key, 0) + 1
                t = truth(program, method, time, marks, cs)
                if t is not None and (c is None or ("osr" if c["osr"] else "normal") != t):
                    wrong += 1
            print(f"    {rule_name:>14}: {wrong:4d} samples in the wrong kind of code; charged "
                  f"{dict(sorted(charged.items(), key=lambda kv: -kv[1]))}")


def run_with_each_jdk(doc, each):
    """A driver's command line, PROFDIFF [--keep DIR] [--FLAG ...], and its loop over the JDKs:
    each(home, profdiff, directory, flags) checks one JDK and says whether it passed. Returns the
    exit status: 2 (and doc) for a bad command line, 77 without a JDK, 1 when a check failed."""
    argv = [a for a in sys.argv[1:] if not a.startswith("--")]
    keep = None
    if "--keep" in sys.argv:
        keep = sys.argv[sys.argv.index("--keep") + 1]
        argv.remove(keep)
    if len(argv) != 1:
        print(doc)
        return 2
    profdiff = os.path.abspath(argv[0])
    homes = jdks()
    if not homes:
        print("no JDK under /usr/lib/jvm (or $PROFDIFF_JDKS): skipped")
        return 77
    flags = {a for a in sys.argv[1:] if a.startswith("--")}
    ok = True
    with tempfile.TemporaryDirectory() as scratch:
        for home in homes:
            ok &= each(home, profdiff, keep or scratch, flags)
    return 0 if ok else 1


def check_jdk(home, profdiff, tmp, flags):
    ok = True
    jfr = os.path.join(home, "bin", "jfr")
    for program, (args, compilations) in PROGRAMS.items():
        name = f"{os.path.basename(home)} {program}"
        log, recording, marks = run_program(home, program, args, compilations, tmp)
        # Phases is built for its three lambdas to be among the top methods, as jfr itself
        # counts them; on a loaded machine C2 sometimes compiled the call site while it had seen
        # fewer of them, and the recording then tests less. Such a run is made again (at most
        # twice); profdiff's figures are checked on the run kept, whatever it holds.
        for _ in range(2):
            if program != "Phases" or len(lambdas_on_top(jfr, recording)) == 3:
                break
            print(f"note {name}: {len(lambdas_on_top(jfr, recording))} lambdas among the top "
                  "methods in jfr's own count: run again")
            log, recording, marks = run_program(home, program, args, compilations, tmp)
        if "--rules" in flags:
            measure_rules(name, program, log, recording, jfr, marks)
        else:
            ok &= check(name, program, profdiff, log, recording, jfr)
    return ok


if __name__ == "__main__":
    sys.exit(run_with_each_jdk(__doc__, check_jdk))
