#!/usr/bin/env python3
"""CTest driver: profdiff's JFR reader against the JDK's own `jfr print --json` (the oracle, in
tests only), and the attribution against a program whose time is known.

For each JDK under /usr/lib/jvm (or $PROFDIFF_JDKS, colon-separated JDK homes): compiles
tests/jfr/GroundTruth.java, runs it with share/profdiff.jfc, then
  - the events and fields jfr_dump reads (execution samples with their stack traces, compilations,
    active settings) equal what that JDK's `jfr print --json` prints for the same recording;
  - the profile has GroundTruth.hot(long) at about 70 % of the samples (within 10 points).
Also checks the recordings of ../shared/real-hotspot (JDK 17 and 25) against `jfr print --json`
of the newest JDK, when present.

Usage: jfr_oracle.py JFR_DUMP. Exit 77 (skipped) when no JDK is installed.
"""
import calendar
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

from installed_jdks import named_homes

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(HERE)
EVENTS = "jdk.ExecutionSample,jdk.Compilation,jdk.ActiveSetting"


def jdks():
    """The real homes of the JDKs that have java, javac and jfr."""
    return [real for _, real in named_homes(("java", "javac", "jfr"))]


def instant_nanos(text):
    m = re.fullmatch(r"(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d)(?:\.(\d+))?)?Z", text)
    if not m:
        raise ValueError(f"unexpected instant {text!r} (run with TZ=UTC)")
    y, mo, d, h, mi, s, frac = m.groups()
    seconds = calendar.timegm((int(y), int(mo), int(d), int(h), int(mi), int(s or 0)))
    return seconds * 1_000_000_000 + int((frac or "").ljust(9, "0"))


def duration_nanos(text):
    m = re.fullmatch(r"PT(?:(-?\d+)H)?(?:(-?\d+)M)?(?:(-?)(\d+)(?:\.(\d+))?S)?", text)
    if not m:
        raise ValueError(f"unexpected duration {text!r}")
    h, mi, sign, s, frac = m.groups()
    nanos = int(s or 0) * 1_000_000_000 + int((frac or "").ljust(9, "0"))
    if sign == "-":
        nanos = -nanos
    return (int(h or 0) * 3600 + int(mi or 0) * 60) * 1_000_000_000 + nanos


def method(m):
    if m is None:
        return None
    return {"type": m["type"]["name"] if m.get("type") else "", "name": m["name"],
            "descriptor": m["descriptor"]}


def frame_type(t):
    return t if isinstance(t, str) else (t or {}).get("description")


def oracle_events(jfr, recording):
    env = dict(os.environ, TZ="UTC")
    out = subprocess.run([jfr, "print", "--json", "--stack-depth", "2048", "--events", EVENTS,
                          recording], check=True, capture_output=True, text=True, env=env).stdout
    result = []
    for e in json.loads(out)["recording"]["events"]:
        v = e["values"]
        t = e["type"]
        if t == "jdk.ExecutionSample":
            st = v["stackTrace"]
            trace = None
            if st is not None:
                trace = {"truncated": st["truncated"], "frames": [
                    {"method": method(f["method"]), "lineNumber": f["lineNumber"],
                     "bytecodeIndex": f["bytecodeIndex"], "type": frame_type(f["type"])}
                    for f in st["frames"]]}
            r = {"type": t, "startTime": instant_nanos(v["startTime"]), "stackTrace": trace}
        elif t == "jdk.Compilation":
            r = {"type": t, "startTime": instant_nanos(v["startTime"]),
                 "duration": duration_nanos(v["duration"]), "compileId": v["compileId"],
                 "method": method(v["method"]), "compileLevel": v["compileLevel"],
                 "succeded": v["succeded"], "isOsr": v["isOsr"]}
        elif t == "jdk.ActiveSetting":
            r = {"type": t, "startTime": instant_nanos(v["startTime"]), "id": v["id"],
                 "name": v["name"], "value": v["value"]}
        else:
            continue
        result.append(r)
    return result


def key(record):
    return json.dumps(record, sort_keys=True)


def compare(name, dump, jfr, recording):
    out = subprocess.run([dump, recording], capture_output=True, text=True)
    if out.returncode != 0:
        print(f"FAIL {name}: jfr_dump failed: {out.stderr.strip()}")
        return False
    ours = sorted(key(json.loads(line)) for line in out.stdout.splitlines())
    theirs = sorted(key(r) for r in oracle_events(jfr, recording))
    if ours == theirs:
        counts = {}
        for line in ours:
            t = json.loads(line)["type"]
            counts[t] = counts.get(t, 0) + 1
        print(f"ok   {name}: {len(ours)} events equal jfr print --json ({counts})")
        return True
    only_ours = sorted(set(ours) - set(theirs))[:3]
    only_theirs = sorted(set(theirs) - set(ours))[:3]
    print(f"FAIL {name}: {len(ours)} events read, jfr print --json has {len(theirs)}")
    for line in only_ours:
        print(f"  only profdiff: {line[:600]}")
    for line in only_theirs:
        print(f"  only jfr:      {line[:600]}")
    return False


def ground_truth(name, dump, recording):
    out = subprocess.run([dump, "--profile", recording], capture_output=True, text=True)
    if out.returncode != 0:
        print(f"FAIL {name}: jfr_dump --profile failed: {out.stderr.strip()}")
        return False
    entries = [json.loads(line) for line in out.stdout.splitlines()]
    total = sum(e["period"] for e in entries)
    by_method = {}
    for e in entries:
        by_method[e["name"]] = by_method.get(e["name"], 0) + e["period"]
    hot = by_method.get("GroundTruth.hot(long)", 0) / total if total else 0
    top = max(by_method, key=by_method.get) if by_method else None
    compiled = [e for e in entries if e["name"] == "GroundTruth.hot(long)" and e["compile_id"]]
    ok = top == "GroundTruth.hot(long)" and abs(hot - 0.70) <= 0.10 and compiled
    print(f"{'ok  ' if ok else 'FAIL'} {name}: GroundTruth.hot(long) has {hot * 100:.1f} % "
          f"(expected 70 +- 10), hottest {top}, {len(compiled)} compilations of it")
    return bool(ok)


def main():
    if len(sys.argv) != 2:
        print("usage: jfr_oracle.py JFR_DUMP")
        return 2
    dump = sys.argv[1]
    homes = jdks()
    if not homes:
        print("no JDK under /usr/lib/jvm: skipped")
        return 77
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        for home in homes:
            name = os.path.basename(home)
            classes = os.path.join(tmp, name, "classes")
            os.makedirs(classes)
            subprocess.run([os.path.join(home, "bin", "javac"), "-d", classes,
                            os.path.join(HERE, "jfr", "GroundTruth.java")], check=True)
            recording = os.path.join(tmp, name, "rec.jfr")
            settings = os.path.join(SOURCE, "share", "profdiff.jfc")
            subprocess.run([os.path.join(home, "bin", "java"),
                            f"-XX:StartFlightRecording:filename={recording},settings={settings}",
                            "-Xlog:jfr+startup=warning", "-XX:CompileCommand=quiet",
                            "-XX:CompileCommand=dontinline,GroundTruth::hot",
                            "-XX:CompileCommand=dontinline,GroundTruth::cold",
                            "-cp", classes, "GroundTruth", "3"],
                           check=True, capture_output=True)
            jfr = os.path.join(home, "bin", "jfr")
            ok &= compare(f"{name} (recorded now)", dump, jfr, recording)
            ok &= ground_truth(f"{name} (recorded now)", dump, recording)
        newest_jfr = os.path.join(homes[-1], "bin", "jfr")
        real = os.path.normpath(os.path.join(SOURCE, "..", "shared", "real-hotspot"))
        for recording in sorted(glob.glob(os.path.join(real, "*", "*", "run-1", "rec.jfr"))):
            ok &= compare(os.path.relpath(recording, real), dump, newest_jfr, recording)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
