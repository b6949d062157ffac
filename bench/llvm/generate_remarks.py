#!/usr/bin/env python3
"""Writes a big LLVM optimization remarks file (YAML, as clang -fsave-optimization-record writes
it) for measuring readers (docs/llvm-parser-choice.md).

The documents copy the shapes of the remarks clang 14 and 19 write for tests/llvm/programs
(make_remarks.sh): block mappings with keys padded to column 17, `DebugLoc` as a flow mapping that
LLVM wraps past column 70, `Args` as a sequence of one-key mappings with an optional DebugLoc,
single-quoted strings with '' escapes and double-quoted "\\n". The pass mix is that of real builds
of larger programs: mostly gvn and licm Missed remarks, inlining under a tenth, then asm-printer,
the vectorizers, regalloc and others. Deterministic for a given --seed.

Usage: generate_remarks.py --size-mb N [--seed S] [--hotness] OUT
"""
import argparse
import random

PAD = 17


def key(name):
    text = name + ":"
    return text + " " * max(1, PAD - len(text))


def quote(value):
    """Quotes as LLVM's YAML output does for the characters the generator uses."""
    if value == "":
        return "''"
    if value.isdigit() or value[0] in "-?:,[]{}#&*!|>'\"%@`" or value[0] == " " or value[-1] == " ":
        return "'" + value.replace("'", "''") + "'"
    if all(c.isalnum() or c in "_-^., " for c in value):
        return value
    return "'" + value.replace("'", "''") + "'"


def loc(rng, files, indent):
    """A DebugLoc flow mapping, wrapped past column 70 as LLVM's output wraps it."""
    file = rng.choice(files)
    head = " " * indent + key("DebugLoc") + "{ File: " + quote(file) + ", "
    rest = "Line: %d, Column: %d }" % (rng.randint(0, 3000), rng.randint(0, 80))
    if len(head) > 70:
        return head + "\n" + " " * (indent + PAD + 2) + rest + "\n"
    return head + rest + "\n"


class Universe:
    def __init__(self, rng):
        self.rng = rng
        words = ["vector", "map", "tree", "node", "alloc", "parse", "emit", "visit", "hash",
                 "table", "buffer", "stream", "token", "graph", "edge", "block", "value", "type"]
        self.functions = []
        for i in range(20000):
            parts = rng.sample(words, rng.randint(1, 4))
            name = "".join("%d%s" % (len(p), p) for p in parts)
            if rng.random() < 0.7:
                self.functions.append("_ZN%sE%dv" % (name, i % 7) if rng.random() < 0.5
                                      else "_ZNSt6vectorI%sSaIS_EE%d_M_realloc_insertIJS5_EEEvN9__gnu_cxx17__normal_iteratorIPS5_S7_EEDpOT_" % (name, i))
            else:
                self.functions.append("%s_%d" % ("_".join(parts), i))
        self.files = ["src/%s/%s.cc" % (rng.choice(words), rng.choice(words)) for _ in range(300)]
        self.files += ["/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/%s.h" % w
                       for w in ("stl_vector", "unique_ptr", "stl_tree", "allocator", "new_allocator",
                                 "stl_algobase", "basic_string", "hashtable")]


def header(rng, u, kind, pass_name, name, hotness):
    out = ["--- !%s\n" % kind, key("Pass") + pass_name + "\n", key("Name") + name + "\n"]
    if rng.random() < 0.97:
        out.append(loc(rng, u.files, 0))
    out.append(key("Function") + rng.choice(u.functions) + "\n")
    if hotness:
        out.append(key("Hotness") + str(rng.randint(0, 100000)) + "\n")
    out.append("Args:\n")
    return out


def arg(name, value):
    return "  - " + key(name) + value + "\n"


def gvn(rng, u, hotness):
    out = header(rng, u, "Missed", "gvn", "LoadClobbered", hotness)
    out.append(arg("String", "'load of type '"))
    out.append(arg("Type", rng.choice(["i64", "i32", "ptr", "double", "float", "i8"])))
    out.append(arg("String", "' not eliminated'"))
    if rng.random() < 0.6:
        out.append(arg("String", "' in favor of '"))
        out.append(arg("OtherAccess", rng.choice(["store", "load"])))
        out.append(loc(rng, u.files, 4))
    out.append(arg("String", "' because it is clobbered by '"))
    out.append(arg("ClobberedBy", rng.choice(["store", "call", "invoke"])))
    out.append(loc(rng, u.files, 4))
    return out


def licm(rng, u, hotness):
    out = header(rng, u, "Missed", "licm", "LoadWithLoopInvariantAddressInvalidated", hotness)
    out.append(arg("String", "failed to move load with loop-invariant address because the loop "
                             "may invalidate its value"))
    return out


def inline(rng, u, hotness):
    passed = rng.random() < 0.8
    out = header(rng, u, "Passed" if passed else "Missed", "inline",
                 "Inlined" if passed else rng.choice(["TooCostly", "NoDefinition", "NeverInline"]),
                 hotness)
    out.append(arg("String", "''''"))
    out.append(arg("Callee", rng.choice(u.functions)))
    out.append(loc(rng, u.files, 4))
    out.append(arg("String", "''' inlined into '''" if passed else "' will not be inlined into '"))
    out.append(arg("Caller", rng.choice(u.functions)))
    out.append(loc(rng, u.files, 4))
    out.append(arg("String", "''''"))
    out.append(arg("String", "' with '"))
    out.append(arg("String", "'(cost='"))
    out.append(arg("Cost", "'%d'" % rng.randint(-50, 400)))
    out.append(arg("String", "', threshold='"))
    out.append(arg("Threshold", "'%d'" % rng.randint(100, 400)))
    out.append(arg("String", "')'"))
    return out


def asm_printer(rng, u, hotness):
    out = header(rng, u, "Analysis", "asm-printer", "InstructionMix", hotness)
    out.append(arg("String", "'BasicBlock: '"))
    out.append(arg("BasicBlock", quote(rng.choice(["", "entry", "for.body", "if.then"]))))
    out.append(arg("String", '"\\n"'))
    for _ in range(rng.randint(1, 5)):
        out.append(arg("INST_" + rng.choice(["mov", "add", "call", "lea", "cmp", "jmp"]),
                       "'%d'" % rng.randint(1, 40)))
        out.append(arg("String", '"\\n"'))
    return out


def vectorize(rng, u, hotness):
    if rng.random() < 0.5:
        out = header(rng, u, "Missed", "loop-vectorize", "MissedDetails", hotness)
        out.append(arg("String", "loop not vectorized"))
    else:
        out = header(rng, u, "Analysis", "loop-vectorize", "CantVectorizeInstructionReturnType",
                     hotness)
        out.append(arg("String", "'loop not vectorized: '"))
        out.append(arg("String", "instruction return type cannot be vectorized"))
    return out


def slp(rng, u, hotness):
    out = header(rng, u, "Missed", "slp-vectorizer", "NotBeneficial", hotness)
    out.append(arg("String", "'List vectorization was possible but not beneficial with cost '"))
    out.append(arg("Cost", "'%d'" % rng.randint(0, 9)))
    out.append(arg("String", "' >= '"))
    out.append(arg("Treshold", "'0'"))
    return out


def regalloc(rng, u, hotness):
    out = header(rng, u, "Missed", "regalloc", "LoopSpillReloadCopies", hotness)
    out.append(arg("NumVRCopies", "'%d'" % rng.randint(1, 9)))
    out.append(arg("String", "' virtual registers copies '"))
    out.append(arg("TotalCopiesCost", "'%.6e'" % rng.random()))
    out.append(arg("String", "' total copies cost '"))
    out.append(arg("String", "generated in loop"))
    return out


def stack(rng, u, hotness):
    out = header(rng, u, "Analysis", "prologepilog", "StackSize", hotness)
    out.append(arg("NumStackBytes", "'%d'" % rng.randint(0, 512)))
    out.append(arg("String", "' stack bytes in function'"))
    return out


# (weight, writer): gvn and licm dominate, inlining under a tenth.
MIX = [(40, gvn), (24, licm), (8, inline), (10, asm_printer), (6, vectorize), (5, slp),
       (4, regalloc), (3, stack)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mb", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hotness", action="store_true")
    parser.add_argument("out")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    u = Universe(rng)
    writers = [w for weight, w in MIX for _ in range(weight)]
    limit = args.size_mb * 1024 * 1024
    written = 0
    with open(args.out, "w", encoding="utf-8") as out:
        while written < limit:
            chunk = []
            for _ in range(2000):
                chunk.extend(rng.choice(writers)(rng, u, args.hotness))
                chunk.append("...\n")
            text = "".join(chunk)
            out.write(text)
            written += len(text)


if __name__ == "__main__":
    main()
