#!/usr/bin/env python3
"""Holds the LLVM remarks reader against an independent one, Python's yaml module (Debian's
python3-yaml), on remarks compiled now by every installed clang (make_remarks.sh: -O2, -O3 and
-O2 with an instrumented profile).

For every *.opt.yaml file, the remarks that `llvm_remark_dump FILE` prints (one JSON line each)
must equal what yaml.load_all reads from the file, remark by remark and field by field. The same
files concatenated into one must read the same on 1 and on 3 threads (the parallel split). What
the index keeps of each remark (`llvm_remark_dump --index`: its function, Hotness and the starts
of the functions its Caller and Callee arguments name), which the fast path for LLVM's own layout
reads, must equal the same fields of yaml's reading; every document clang wrote must take that
path.

Usage: check_remarks_oracle.py LLVM_REMARK_DUMP
Exits 77 (skipped) when no clang-N is installed or python3-yaml is missing.
"""
import json
import os
import subprocess
import sys

from remarks_dir import exit_status_unless_made, made_remarks

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    dump = sys.argv[1]
    try:
        import yaml
    except ImportError:
        print("SKIP: python3-yaml is not installed (scripts/install-deps.sh installs it)")
        return 77
    base = getattr(yaml, "CBaseLoader", yaml.BaseLoader)

    class Loader(base):  # every scalar a string, as the remark schema has them
        pass

    def tagged(loader, suffix, node):
        mapping = loader.construct_mapping(node, deep=True)
        return ("!" + suffix, mapping)

    Loader.add_multi_constructor("!", tagged)

    with made_remarks() as (status, work):
        not_made = exit_status_unless_made(status)
        if not_made is not None:
            return not_made
        files = sorted(os.path.join(root, name) for root, _, names in os.walk(work)
                       for name in names if name.endswith(".opt.yaml"))
        if not files:
            print("make_remarks.sh wrote no remarks", file=sys.stderr)
            return 1
        failures = 0
        total = 0
        for path in files:
            expected = [normalize(path, doc) for doc in yaml.load_all(
                open(path, encoding="utf-8").read(), Loader=Loader)]
            got = read_dump(dump, [path])
            total += len(expected)
            failures += check_index(dump, path, expected)
            if not expected:
                print("FAIL %s: the yaml module read no remarks" % path)
                failures += 1
            elif got != expected:
                failures += 1
                print("FAIL %s: %d remarks read, %d by the yaml module" %
                      (path, len(got), len(expected)))
                for index, (a, b) in enumerate(zip(got, expected)):
                    if a != b:
                        print("  first difference, remark %d:\n  reader: %s\n  yaml:   %s" %
                              (index, json.dumps(a), json.dumps(b)))
                        break
        # One big file, read on one and on several threads.
        joined = os.path.join(work, "all.opt.yaml")
        with open(joined, "wb") as out:
            for path in files:
                out.write(open(path, "rb").read())
        single = read_dump(dump, [joined])
        parallel = read_dump(dump, ["--threads", "3", joined])
        if len(single) != total or single != parallel:
            failures += 1
            print("FAIL %s: %d remarks on one thread, %d on three, %d in the files" %
                  (joined, len(single), len(parallel), total))
        versions = sorted({os.path.relpath(f, work).split(os.sep)[0] for f in files})
        print("%d files by %s, %d remarks: %s" % (len(files), ", ".join(versions), total,
                                                  "FAILED" if failures else "equal"))
        return 1 if failures else 0


def location(mapping):
    if mapping is None:
        return None
    return {"file": mapping["File"], "line": int(mapping["Line"]), "column": int(mapping["Column"])}


def normalize(path, document):
    tag, mapping = document
    args = []
    for arg in mapping.get("Args") or []:
        keys = [k for k in arg if k != "DebugLoc"]
        assert len(keys) == 1, arg
        args.append({"key": keys[0], "value": arg[keys[0]], "loc": location(arg.get("DebugLoc"))})
    hotness = mapping.get("Hotness")
    return {
        "file": path,
        "kind": tag[1:],
        "pass": mapping["Pass"],
        "name": mapping["Name"],
        "function": mapping["Function"],
        "loc": location(mapping.get("DebugLoc")),
        "hotness": None if hotness is None else int(hotness),
        "args": args,
    }


def check_index(dump, path, expected):
    """1 if the index's fields of the file's remarks differ from yaml's reading, or a document
    missed the fast path; else 0."""
    run = subprocess.run([dump, "--index", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    stderr = run.stderr.decode(errors="replace").strip()
    indexed = [json.loads(line) for line in
               run.stdout.decode("utf-8", errors="surrogateescape").splitlines()]
    wanted = [{"function": r["function"], "hotness": r["hotness"],
               "starts": [[a["value"], a["loc"]["file"], a["loc"]["line"]] for a in r["args"]
                          if a["key"] in ("Caller", "Callee") and a["loc"] and a["loc"]["line"]]}
              for r in expected]
    if run.returncode != 0 or indexed != wanted:
        first = next((k for k, (a, b) in enumerate(zip(indexed, wanted)) if a != b), None)
        print("FAIL %s --index: status %d, %s; %d remarks indexed, %d by the yaml module%s" %
              (path, run.returncode, stderr, len(indexed), len(wanted),
               "" if first is None else "; first difference, remark %d:\n  index: %s\n  yaml:  %s"
               % (first, json.dumps(indexed[first]), json.dumps(wanted[first]))))
        return 1
    if stderr != "fast %d of %d" % (len(wanted), len(wanted)):
        print("FAIL %s --index: not every document took the fast path: %s" % (path, stderr))
        return 1
    return 0


def read_dump(dump, arguments):
    run = subprocess.run([dump] + arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if run.returncode != 0 or run.stderr:
        print("%s %s: status %d: %s" % (dump, " ".join(arguments), run.returncode,
                                        run.stderr.decode(errors="replace")), file=sys.stderr)
        return None
    remarks = []
    for line in run.stdout.decode("utf-8", errors="surrogateescape").splitlines():
        remark = json.loads(line)
        if arguments[-1].endswith("all.opt.yaml"):
            remark["file"] = None
        remarks.append(remark)
    return remarks


if __name__ == "__main__":
    sys.exit(main())
