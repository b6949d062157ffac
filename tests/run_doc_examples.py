#!/usr/bin/env python3
"""Runs every example of README.md and docs/*.md and compares its output with what the doc shows.

The convention (docs/decisions.md, "The documentation's examples are run"):

* An example is a fenced block whose first line starts with `$ `, as on a terminal. A `$ ` line
  is a command; a line ending in `\\` continues it on the next line, and so does a line that
  starts with `> ` (the shell's secondary prompt, for a quoted string that spans lines). The lines
  up to the next command are what the command prints (stdout and stderr, as a terminal shows
  them). `$ NAME=value` sets a variable for the rest of the file.
* In the shown output, `...` on a line of its own (indentation ignored) stands for any number of
  lines, none included; a line ending in `...` stands for a line that begins with what comes
  before it. Anything else must be the line printed, but for trailing spaces.
* Commands run with bash from a directory that looks like the repository root (every top-level
  entry of the repository linked into it, `../shared` next to it), `profdiff` being the binary
  under test; files the commands write stay there for the file's later examples.
* A block that shows a profdiff command but cannot run (it names a user's own files) is preceded
  by `<!-- example: not run (the reason) -->`. A block that shows a profdiff command and is
  neither an example nor so marked is an error, so that no example escapes the test by its form.

usage: run_doc_examples.py PROFDIFF [--list]
Exit status 0: every example ran and matched; 1: a mismatch (each reported with its file and
line); 77: nothing failed but examples that need ../shared were skipped because it is absent
(a failure with PROFDIFF_REQUIRE_CONFORMANCE=1).
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FENCE = re.compile(r"^(\s*)(```+|~~~+)(.*)$")
NOT_RUN = re.compile(r"^<!-- example: not run \(.+\) -->$")
# A profdiff command line in a block: profdiff, then a command or an option.
MARK = "@@profdiff-doc-example-end@@"
PROFDIFF_LINE = re.compile(r"^(\$ )?profdiff (--?[a-z]|[a-z][a-z-]* |[a-z][a-z-]*$)")


def shared_dir():
    conformance = os.environ.get("PROFDIFF_CONFORMANCE_DIR")
    if conformance:
        return os.path.dirname(os.path.abspath(conformance))
    return os.path.join(os.path.dirname(SOURCE), "shared")


def blocks(path):
    """(first line number of the content, info string, content lines, marked not run)."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence = m.group(2)
        previous = next((lines[k].strip() for k in range(i - 1, -1, -1) if lines[k].strip()), "")
        j = i + 1
        while j < len(lines) and not lines[j].strip().startswith(fence):
            j += 1
        # A block indented in a list item: its lines lose the fence's indentation.
        indent = len(m.group(1))
        content = [line[indent:] if line[:indent].isspace() else line for line in lines[i + 1:j]]
        yield i + 2, m.group(3).strip(), content, bool(NOT_RUN.match(previous))
        i = j + 1


def parse_session(first_line, content):
    """[(command, command's line number, [(expected line, its line number)])]."""
    commands = []
    k = 0
    while k < len(content):
        line = content[k]
        if line.startswith("$ "):
            number = first_line + k
            command = [line[2:]]
            while k + 1 < len(content) and (command[-1].endswith("\\")
                                             or content[k + 1].startswith("> ")):
                k += 1
                nxt = content[k]
                command.append(nxt[2:] if nxt.startswith("> ") else nxt)
            commands.append(("\n".join(command), number, []))
        else:
            commands[-1][2].append((line, first_line + k))
        k += 1
    for _, _, expected in commands:
        while expected and not expected[-1][0].strip():
            expected.pop()
    return commands


def matches(expected, actual):
    """(True, None) or (False, (index of the expected line, index of the actual line)) where the
    longest match stopped."""
    memo = {}
    best = [(0, 0)]

    def line_matches(e, a):
        e = e.rstrip()
        if e.endswith("...") and e.strip() != "...":
            return a.rstrip().startswith(e[:-3])
        return e == a.rstrip()

    def go(i, j):
        if (i, j) in memo:
            return memo[(i, j)]
        if i > best[0][0] or (i == best[0][0] and j > best[0][1]):
            best[0] = (i, j)
        if i == len(expected):
            result = j == len(actual)
        elif expected[i].strip() == "...":
            result = any(go(i + 1, k) for k in range(j, len(actual) + 1))
        else:
            result = j < len(actual) and line_matches(expected[i], actual[j]) and go(i + 1, j + 1)
        memo[(i, j)] = result
        return result

    sys.setrecursionlimit(100000)
    return (True, None) if go(0, 0) else (False, best[0])


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    binary = os.path.abspath(sys.argv[1])
    list_only = "--list" in sys.argv[2:]
    shared = shared_dir()
    has_shared = os.path.isdir(shared)
    docs = ["README.md"] + sorted(os.path.relpath(p, SOURCE)
                                  for p in glob.glob(os.path.join(SOURCE, "docs", "*.md")))
    failures = []
    skipped = []
    ran = 0
    top = tempfile.mkdtemp(prefix="profdiff-doc-examples-")
    try:
        bin_dir = os.path.join(top, "bin")
        os.mkdir(bin_dir)
        os.symlink(binary, os.path.join(bin_dir, "profdiff"))
        env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ.get("PATH", ""),
                   NO_COLOR="1", TERM="dumb", LC_ALL="C.UTF-8")
        if has_shared:
            os.symlink(shared, os.path.join(top, "shared"))
        for doc in docs:
            # A fresh working directory per doc: the repository's entries linked, so that files
            # the examples write land here and not in the source tree.
            work = os.path.join(top, "repo-" + re.sub(r"\W", "_", doc))
            os.mkdir(work)
            for entry in os.listdir(SOURCE):
                if entry not in (".git", "build") and not entry.startswith("build"):
                    os.symlink(os.path.join(SOURCE, entry), os.path.join(work, entry))
            variables = []
            for first, info, content, not_run in blocks(os.path.join(SOURCE, doc)):
                session = bool(content) and content[0].startswith("$ ")
                shows_profdiff = any(PROFDIFF_LINE.match(line.strip()) for line in content)
                if not_run:
                    if session and list_only:
                        print(f"{doc}:{first}: not run (marked)")
                    continue
                if not session:
                    if shows_profdiff:
                        failures.append(f"{doc}:{first}: a block shows a profdiff command but is "
                                        "neither an example (`$ ` lines) nor marked "
                                        "<!-- example: not run (...) -->")
                    continue
                commands = parse_session(first, content)
                runnable = []
                for command, number, expected in commands:
                    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*=\S*", command):
                        variables.append(command)
                        if expected:
                            failures.append(f"{doc}:{number}: an assignment shows output")
                    else:
                        runnable.append((command, number, expected))
                if not runnable:
                    continue
                if any("../shared" in c for c, _, _ in runnable) or any(
                        "../shared" in v for v in variables
                        if any("$" + v.split("=")[0] in c for c, _, _ in runnable)):
                    if not has_shared:
                        skipped.extend(f"{doc}:{n}" for _, n, _ in runnable)
                        continue
                if list_only:
                    for command, number, _ in runnable:
                        print(f"{doc}:{number}: {command}")
                    continue
                # One bash per block, so that `echo $?` and variables carry from a command to the
                # next; a marker line after each command separates their outputs. From
                # top/repo-*, ../shared is top/shared.
                script = "\n".join(variables) + "\n"
                for command, _, _ in runnable:
                    script += (command + "\n__status=$?; printf '\\n%s\\n' " + MARK +
                               "; (exit $__status)\n")
                result = subprocess.run(["bash", "-c", script], cwd=work, env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        timeout=300)
                outputs = result.stdout.decode("utf-8", errors="replace").split("\n" + MARK + "\n")
                for k, (command, number, expected) in enumerate(runnable):
                    ran += 1
                    actual = outputs[k].split("\n") if k < len(outputs) else []
                    while actual and not actual[-1].strip():
                        actual.pop()
                    ok, where = matches([e for e, _ in expected], actual)
                    if not ok:
                        i, j = where
                        shown = (f"line {expected[i][1]} shows {expected[i][0].strip()!r}"
                                 if i < len(expected) else "the doc's output ends there")
                        got = (f"printed line {j + 1} is {actual[j].strip()!r}"
                               if j < len(actual) else "the command printed no more lines")
                        failures.append(f"{doc}:{number}: `{command}`: {shown}, but {got}")
    finally:
        shutil.rmtree(top, ignore_errors=True)
    for failure in failures:
        print("FAIL " + failure)
    if list_only:
        return 0
    print(f"{ran} examples run, {len(failures)} failures, {len(skipped)} skipped")
    if skipped:
        print(f"skipped (no {shared}): " + ", ".join(skipped))
        if os.environ.get("PROFDIFF_REQUIRE_CONFORMANCE") == "1":
            print("FAIL: PROFDIFF_REQUIRE_CONFORMANCE=1 and ../shared is absent")
            return 1
    if failures:
        return 1
    return 77 if skipped else 0


if __name__ == "__main__":
    sys.exit(main())
