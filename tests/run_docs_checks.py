#!/usr/bin/env python3
"""The documentation and completions that are maintained by hand know every option and command
that `profdiff help` lists: the man page (docs/profdiff.1, which must also render without a
warning: groff -man -ww -z), the bash and zsh completions (completions/), the README's option
table and the JSON header's "options". The bash completion is run; the zsh one is
syntax-checked, registered through $fpath and run in an interactive zsh on a pseudo-terminal
(Tab pressed after a partial command line, the listed or inserted completions read back).

usage: run_docs_checks.py PROFDIFF   (exit status 0: all passed; 77: groff is missing)
"""
import json
import os
import fcntl
import pty
import re
import select
import shutil
import struct
import subprocess
import sys
import termios
import tempfile
import time

SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def read(relative):
    with open(os.path.join(SOURCE, relative), encoding="utf-8") as f:
        return f.read()


def bash_complete(words):
    """COMPREPLY of the bash completion for COMP_WORDS = words (the last one being completed)."""
    script = ('source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); '
              '_profdiff; printf "%s\\n" "${COMPREPLY[@]}"')
    result = subprocess.run(["bash", "-c", script, "bash",
                             os.path.join(SOURCE, "completions", "profdiff.bash")] + words,
                            capture_output=True, text=True, cwd=SOURCE)
    check(result.returncode == 0, f"bash completion of {words} failed: {result.stderr}")
    return [line for line in result.stdout.split("\n") if line]


ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|[\x07\x08]")


def zsh_complete(line, expected, tmp):
    """What an interactive zsh (on a pseudo-terminal, completions/ on $fpath) shows after `line`
    and a Tab: its screen output with escape sequences removed. Reads until every string of
    `expected` has appeared, or for at most 20 s."""
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(SOURCE)
        os.environ.update({"TERM": "xterm", "PS1": "> ", "HOME": tmp, "ZDOTDIR": tmp})
        os.execvp("zsh", ["zsh", "-f", "-i"])
    # Wide enough that no line wraps (zsh redraws a wrapped line with cursor moves).
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 400, 0, 0))
    shown = ""

    def read_until(done, seconds):
        nonlocal shown
        end = time.time() + seconds
        while time.time() < end and not done():
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                try:
                    shown += ANSI.sub("", os.read(fd, 65536).decode(errors="replace"))
                except OSError:
                    break
    try:
        os.write(fd, ('fpath=("' + os.path.join(SOURCE, "completions") + '" $fpath); '
                      "autoload -Uz compinit; compinit -u -d " + tmp + "/zcompdump; "
                      "zstyle ':completion:*' list-prompt ''; zstyle ':completion:*' menu no; "
                      "setopt nobeep; LISTMAX=0; print ready-$((6*7))\n").encode())
        read_until(lambda: "ready-42" in shown, 20)
        shown = ""
        os.write(fd, line.encode() + b"\t")
        read_until(lambda: all(e in shown for e in expected), 20)
        os.write(fd, b"\x03exit\n")
        read_until(lambda: False, 0.2)
    finally:
        os.close(fd)
        os.waitpid(pid, 0)
    return shown


def main():
    binary = os.path.abspath(sys.argv[1])
    help_text = subprocess.run([binary, "help"], capture_output=True, text=True).stdout
    # An option with a default shows it after '=' (--method has none).
    options = re.findall(r"^  (--[a-z-]+) [A-Z]+(?:=| )", help_text, re.M)
    commands = re.findall(r"^  ([a-z-]+) {2,}\S", help_text.split("Commands:")[1], re.M)
    check(len(options) >= 19, f"options not found in the help: {options}")
    check("render" in commands and "report" in commands, f"commands not found: {commands}")

    man = read("docs/profdiff.1")
    bash = read("completions/profdiff.bash")
    zsh = read("completions/_profdiff")
    readme = read("README.md")
    bash_options = re.search(r'_profdiff_value_options="([^"]*)"', bash)
    bash_options = bash_options.group(1).split() if bash_options else []
    for option in options:
        roff = option.replace("-", "\\-")
        check(roff in man, f"docs/profdiff.1 does not describe {option}")
        check(option in bash_options, f"the bash completion lacks {option}")
        check(f"'*{option}=[" in zsh, f"the zsh completion lacks {option}")
        check(f"| `{option} " in readme, f"README's option table lacks {option}")
    for command in commands:
        check(command.replace("-", "\\-") in man, f"docs/profdiff.1 does not describe {command}")
        check(re.search(r"\b" + re.escape(command) + r"\b", bash), f"bash lacks {command}")
        check(f"'{command}:" in zsh, f"the zsh completion lacks the command {command}")
    for status in ("0", "1", "2"):
        check(re.search(r"^\.B " + status + "$", man, re.M), f"man page: exit status {status}")

    # The man page's version is the program's.
    version = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.split()
    check(f'"profdiff {version[-1]}"' in man.split("\n.TH", 1)[1].split("\n")[0],
          "the .TH line of docs/profdiff.1 does not carry " + " ".join(version))

    # Every option is in the JSON header, under its name without the dashes.
    jit = os.path.join(SOURCE, "fixtures", "jit-example")
    header = subprocess.run([binary, "report", f"{jit}/exp1/log", "--format=json"],
                            capture_output=True, text=True).stdout.split("\n")[0]
    header_options = set(json.loads(header)["options"])
    # --decisions, --show-moved and --require are written only when given, so that the stream of
    # a run without them stays what it was.
    only_when_given = {"decisions", "show-moved", "require"}
    check(header_options == {o[2:] for o in options} - only_when_given,
          f"the JSON header's options {sorted(header_options)} differ from the help's")
    rules = os.path.join(tempfile.mkdtemp(), "rules")
    with open(rules, "w") as f:
        f.write("# nothing required\n")
    header = subprocess.run([binary, "jit-vs-jit", f"{jit}/exp1/log", f"{jit}/exp1/prof.json",
                             f"{jit}/exp2/log", f"{jit}/exp2/prof.json", "--format=json",
                             "--decisions=true", "--show-moved=true", f"--require={rules}"],
                            capture_output=True, text=True).stdout.split("\n")[0]
    check(only_when_given <= set(json.loads(header)["options"]),
          "the JSON header lacks --decisions, --show-moved or --require when they are given")

    # The bash completion, run.
    check(bash_complete(["profdiff", ""]) == commands, "bash: the commands")
    check(bash_complete(["profdiff", "--fail-"]) == ["--fail-on", "--fail-min-share"],
          "bash: options")
    check(bash_complete(["profdiff", "--color", "=", ""]) == ["auto", "always", "never"],
          "bash: --color=")
    check(bash_complete(["profdiff", "--format", "j"]) == ["json"], "bash: --format j")
    check(bash_complete(["profdiff", "--tiers", "=", "c"]) == ["c1", "c2"], "bash: --tiers=c")
    check(bash_complete(["profdiff", "--long-bci", ""]) == ["true", "false"], "bash: booleans")
    check(bash_complete(["profdiff", "report", "fixtures/jit-example/exp1/"]) ==
          ["fixtures/jit-example/exp1/log"], "bash: a log directory")
    check(bash_complete(["profdiff", "--format=json", "report", "fixtures/jit-example/exp1/log",
                         "fixtures/jit-example/exp1/p"]) == ["fixtures/jit-example/exp1/prof.json"],
          "bash: a profile")
    check(bash_complete(["profdiff", "help", "aot"]) == ["aot-vs-aot", "aot-vs-aot-jit-profile"],
          "bash: help COMMAND")

    # The zsh completion: valid zsh, and registered for profdiff by compinit from $fpath.
    if shutil.which("zsh"):
        syntax = subprocess.run(["zsh", "-n", os.path.join(SOURCE, "completions", "_profdiff")],
                                capture_output=True, text=True)
        check(syntax.returncode == 0, "zsh -n completions/_profdiff: " + syntax.stderr)
        with tempfile.TemporaryDirectory() as tmp:
            registered = subprocess.run(
                ["zsh", "-fc", 'fpath=("$1" $fpath); autoload -Uz compinit; '
                 'compinit -u -d "$2/zcompdump"; print -r -- $_comps[profdiff]', "zsh",
                 os.path.join(SOURCE, "completions"), tmp], capture_output=True, text=True)
            check(registered.stdout.strip() == "_profdiff", "zsh: compinit did not register "
                  "_profdiff: " + registered.stdout + registered.stderr)
            # Run: Tab on a command line, as a user would press it.
            jit1 = "fixtures/jit-example/exp1/"
            for line, expected, what in [
                    ("profdiff ", commands, "the commands"),
                    ("profdiff jit-vs-jit --fail-o", ["--fail-on="], "an option"),
                    ("profdiff jit-vs-jit --fail-on=", ["any", "inlining", "none", "optimization"],
                     "--fail-on's values"),
                    ("profdiff --color=", ["auto", "always", "never"], "--color's values"),
                    ("profdiff --tiers=", ["top", "all", "c1", "c2"], "--tiers' values"),
                    ("profdiff report " + jit1 + "l", [jit1 + "log/"], "a log directory"),
                    ("profdiff jit-vs-jit-runs --exp1 " + jit1 + "log " + jit1 + "p",
                     [jit1 + "prof.json"], "a profile of a run"),
            ]:
                shown = zsh_complete(line, expected, tmp)
                missing = [e for e in expected if e not in shown]
                check(not missing, f"zsh: Tab after {line!r} ({what}) did not show {missing}: "
                      f"{shown!r}")
    else:
        print("zsh not installed: the zsh completion is not checked (scripts/install-deps.sh)")

    # The man page renders without a warning.
    if not shutil.which("groff"):
        print("groff not installed: the man page is not rendered (scripts/install-deps.sh)")
        for failure in failures:
            print("FAIL", failure)
        return 1 if failures else 77
    render = subprocess.run(["groff", "-man", "-ww", "-z", os.path.join(SOURCE, "docs",
                                                                        "profdiff.1")],
                            capture_output=True, text=True)
    check(render.returncode == 0 and render.stdout == "" and render.stderr == "",
          "groff -man -ww -z docs/profdiff.1:\n" + render.stdout + render.stderr)

    for failure in failures:
        print("FAIL", failure)
    print(f"{len(options)} options, {len(commands)} commands checked; "
          f"{'all passed' if not failures else str(len(failures)) + ' failed'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
