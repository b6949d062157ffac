#!/usr/bin/env python3
"""The LLVM mode of the benchmark generator (bench/generate/llvm_remarks.cc) writes remarks that
an independent YAML reader (Python's yaml) reads, with the shapes and the pass mix of real
builds, deterministically, and two builds that profdiff compares.

usage: run_llvm_generator_check.py GENERATOR PROFDIFF

Generates 3 MB pairs twice with the same seed (byte-identical) and once with another (different),
parses every remark of both builds with Python's yaml, and checks: every remark has Pass, Name
and Function, and Hotness with --hotness; gvn and licm make up most remarks and inlining under a
tenth; inline remarks name their function as Caller, and some carry a chain of call sites
(' @ '); the names are mangled C++ and Rust that c++filt demangles, and C names; the second
build has the same translation units and functions, with changed costs and flipped decisions;
`profdiff aot-vs-aot` compares the two.
"""
import collections
import filecmp
import os
import subprocess
import sys
import tempfile

import yaml

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "llvm"))
from check_model import Loader  # noqa: E402  (the remark tags as Python's yaml reads them)

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def generate(generator, out, seed):
    subprocess.check_call([generator, "--kind=llvm", "--size-mb=3", f"--seed={seed}",
                           "--file-mb=0.5", "--hotness", f"--out={out}", "--quiet"])


def remark_files(build):
    found = []
    for root, _, files in os.walk(build):
        found += [os.path.relpath(os.path.join(root, f), build) for f in files]
    return sorted(found)


def same_trees(a, b):
    files = remark_files(a)
    if files != remark_files(b):
        return False
    return all(filecmp.cmp(os.path.join(a, f), os.path.join(b, f), shallow=False) for f in files)


def load(path):
    with open(path, encoding="utf-8") as f:
        return list(yaml.load_all(f, Loader=Loader))


def arg_value(remark, key):
    for arg in remark.get("Args", []):
        if key in arg:
            return str(arg[key])
    return None


def main():
    generator, profdiff = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        first, again, other = (os.path.join(tmp, n) for n in ("first", "again", "other"))
        generate(generator, first, 1)
        generate(generator, again, 1)
        generate(generator, other, 2)
        for side in ("exp1", "exp2"):
            check(same_trees(os.path.join(first, side), os.path.join(again, side)),
                  f"{side}: the same seed gave other files")
        check(not same_trees(os.path.join(first, "exp1"), os.path.join(other, "exp1")),
              "another seed gave the same files")

        builds = [os.path.join(first, "exp1", "build"), os.path.join(first, "exp2", "build")]
        files = remark_files(builds[0])
        check(len(files) >= 4, f"{len(files)} translation units, expected several")
        check(files == remark_files(builds[1]), "the builds have other translation units")
        check(all(f.endswith(".opt.yaml") for f in files), "a file is not *.opt.yaml")
        size = sum(os.path.getsize(os.path.join(builds[0], f)) for f in files)
        check(2.8 * 2**20 <= size <= 3.5 * 2**20, f"exp1 is {size} bytes, expected about 3 MB")

        remarks = [{}, {}]  # per build: file -> remarks
        for b, build in enumerate(builds):
            for f in files:
                remarks[b][f] = load(os.path.join(build, f))
        everything = [r for f in files for r in remarks[0][f]]
        passes = collections.Counter(r.get("Pass") for r in everything)
        total = len(everything)
        check(all("Pass" in r and "Name" in r and "Function" in r for r in everything),
              "a remark without Pass, Name or Function")
        check(all(isinstance(r.get("Hotness"), int) for r in everything),
              "a remark without Hotness (--hotness)")
        check((passes["gvn"] + passes["licm"]) / total > 0.5, f"gvn and licm not most: {passes}")
        check(0.03 < passes["inline"] / total < 0.1, f"inlining not under a tenth: {passes}")
        for name in ("asm-printer", "loop-vectorize", "slp-vectorizer", "regalloc"):
            check(passes[name] > 0, f"no {name} remarks")

        inline = [r for r in everything if r["Pass"] == "inline"]
        check(all(arg_value(r, "Caller") == r["Function"] for r in inline),
              "an inline remark whose Caller is not its Function")
        names = collections.Counter(r["_kind"] + " " + r["Name"] for r in inline)
        check(names["Passed Inlined"] > 0 and names["Missed TooCostly"] > 0, f"inline: {names}")
        chains = [r for r in inline
                  if any(a.get("String") == " @ " for a in r.get("Args", []))]
        check(len(chains) > 0, "no inlining context chain (' @ ')")

        functions = sorted({r["Function"] for r in everything})
        mangled = [n for n in functions if n.startswith("_Z")]
        check(len(mangled) > len(functions) / 2, "mostly not mangled names")
        check(any("17h" in n for n in mangled), "no Rust names")
        check(any(not n.startswith("_Z") for n in functions), "no C names")
        out = subprocess.run(["c++filt"], input="\n".join(mangled) + "\n", capture_output=True,
                             text=True, check=True).stdout.split("\n")
        undemangled = [n for n, d in zip(mangled, out) if n == d]
        check(not undemangled, f"c++filt cannot demangle {undemangled[:3]}")

        # The second build: the same functions per file, some costs changed, some flips.
        costs_changed = flips = 0
        for f in files:
            check({r["Function"] for r in remarks[0][f]} == {r["Function"] for r in remarks[1][f]},
                  f"{f}: the builds have other functions")
            sites = [{}, {}]
            for b in range(2):
                for r in remarks[b][f]:
                    if r["Pass"] == "inline":
                        key = (r["Function"], arg_value(r, "Callee"), str(r.get("DebugLoc")))
                        sites[b][key] = (r["Name"], arg_value(r, "Cost"))
            for key, (name, cost) in sites[0].items():
                if key in sites[1]:
                    costs_changed += sites[1][key][1] != cost
                    flips += sites[1][key][0] != name
        check(costs_changed > 0 and flips > 0,
              f"{costs_changed} changed costs and {flips} flipped decisions")

        result = subprocess.run([profdiff, "aot-vs-aot", "--decisions=true", builds[0], builds[1]],
                                capture_output=True, text=True)
        check(result.returncode == 0, f"aot-vs-aot failed: {result.stderr[:500]}")
        check("cost" in result.stdout, "aot-vs-aot shows no cost")

    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
