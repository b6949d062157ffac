#!/usr/bin/env python3
"""End-to-end tests of profdiff on a terminal: colour (--color) and progress (--progress) appear
on a pseudo-terminal and never in a pipe; output to a pipe is byte-identical to a run without
the options unless --color=always.

usage: run_terminal.py PROFDIFF   (exit status 0 when every check passed)
"""
import os
import pty
import re
import select
import subprocess
import sys
import tempfile
import threading
import time
import tty
import unittest

SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
JIT = os.path.join(SOURCE, "fixtures", "jit-example")
BINARY = None
ESCAPE = re.compile(rb"\x1b\[[0-9;]*[A-Za-z]")
# The comparison of fixtures/jit-example: insertions, deletions and relabels.
DIFF = ["jit-vs-jit", f"{JIT}/exp1/log", f"{JIT}/exp1/prof.json", f"{JIT}/exp2/log",
        f"{JIT}/exp2/prof.json"]
# Its runs repeated: every difference of the pair is stable.
RUNS = ["jit-vs-jit-runs", "--exp1"] + DIFF[1:3] * 2 + ["--exp2"] + DIFF[3:5] * 2


def environment(**changes):
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    env["TERM"] = "xterm-256color"
    for key, value in changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


def run_pipe(args, env=None):
    """stdout and stderr are pipes."""
    return subprocess.run([BINARY] + args, capture_output=True, env=env or environment(),
                          timeout=120)


class TtyRun:
    """What a run on a pseudo-terminal wrote: `terminal` (the bytes that reached the terminal,
    from stdout and/or stderr), `stdout` and `stderr` (what went to a pipe instead)."""

    def __init__(self, status, terminal, stdout, stderr):
        self.status, self.terminal, self.stdout, self.stderr = status, terminal, stdout, stderr


def run_tty(args, env=None, stdout_tty=True, stderr_tty=False, stdout_file=None):
    """Runs profdiff with stdout and/or stderr on a pseudo-terminal in raw mode (bytes arrive as
    written), the other stream on a pipe (stdout: or the open file `stdout_file`)."""
    master, slave = pty.openpty()
    tty.setraw(slave)
    process = subprocess.Popen([BINARY] + args,
                               stdout=slave if stdout_tty else (stdout_file or subprocess.PIPE),
                               stderr=slave if stderr_tty else subprocess.PIPE,
                               stdin=subprocess.DEVNULL, env=env or environment())
    os.close(slave)
    data = {}
    names = {master: "terminal"}
    if process.stdout is not None:
        names[process.stdout.fileno()] = "stdout"
    if process.stderr is not None:
        names[process.stderr.fileno()] = "stderr"
    # Drain the terminal and the pipe together, so that neither fills up.
    open_fds = set(names)
    while open_fds:
        ready, _, _ = select.select(list(open_fds), [], [], 120)
        if not ready:
            process.kill()
            raise TimeoutError("profdiff did not finish")
        for fd in ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # EIO: the program closed its side of the terminal
                chunk = b""
            if not chunk:
                open_fds.discard(fd)
                continue
            data[names[fd]] = data.get(names[fd], b"") + chunk
    os.close(master)
    status = process.wait(timeout=120)
    return TtyRun(status, data.get("terminal", b""), data.get("stdout", b""),
                  data.get("stderr", b""))


class ColorTest(unittest.TestCase):
    def setUp(self):
        self.plain = run_pipe(DIFF)
        self.assertEqual(self.plain.returncode, 0)
        self.assertIsNone(ESCAPE.search(self.plain.stdout))

    def test_auto_colours_a_terminal(self):
        run = run_tty(DIFF)
        self.assertEqual(run.status, 0)
        out = run.terminal
        self.assertIn(b"\x1b[32m+ ", out)  # insertions green
        self.assertIn(b"\x1b[31m- ", out)  # deletions red
        self.assertIn(b"\x1b[33m* ", out)  # relabels yellow
        self.assertIn(b"\x1b[1m*hot*\x1b[m", out)  # bold
        self.assertIn(b"\x1b[1mMethod org.example.shop.Checkout.total", out)
        self.assertIn(b"\x1b[1mInlining tree matching\x1b[m", out)
        # Colour only adds emphasis: without the escapes, the bytes of the plain output.
        self.assertEqual(ESCAPE.sub(b"", out), self.plain.stdout)

    def test_runs_are_coloured_like_the_delta_trees(self):
        plain = run_pipe(RUNS)
        self.assertEqual(plain.returncode, 0)
        self.assertIsNone(ESCAPE.search(plain.stdout))
        run = run_tty(RUNS)
        self.assertEqual(run.status, 0)
        out = run.terminal
        self.assertIn(b"\x1b[32m+ (inlined) java.lang.String.hashCode()", out)
        self.assertIn(b"\x1b[31m- LoopTransformation", out)
        self.assertIn(b"\x1b[33m* (direct -> inlined)", out)
        self.assertIn(b"\x1b[1mMethod org.example.shop.Checkout.total", out)
        self.assertIn(b"\x1b[1mStable differences\x1b[m", out)
        self.assertIn(b"\x1b[1mInlining tree\x1b[m", out)
        self.assertIn(b"\x1b[1mExperiment 1 (JIT), 2 runs\x1b[m", out)
        self.assertEqual(ESCAPE.sub(b"", out), plain.stdout)

    def test_auto_never_colours_a_pipe(self):
        for options in ([], ["--color=auto"], ["--color=never"]):
            piped = run_pipe(DIFF + options)
            self.assertEqual(piped.stdout, self.plain.stdout, options)

    def test_always_colours_a_pipe_and_never_a_terminal(self):
        always = run_pipe(DIFF + ["--color=always"])
        self.assertIn(b"\x1b[32m+ ", always.stdout)
        self.assertEqual(ESCAPE.sub(b"", always.stdout), self.plain.stdout)
        run = run_tty(DIFF + ["--color=never"])
        self.assertEqual(run.status, 0)
        self.assertEqual(run.terminal, self.plain.stdout)

    def test_environment_turns_auto_off(self):
        for env in (environment(NO_COLOR="1"), environment(TERM="dumb"), environment(TERM=None)):
            run = run_tty(DIFF, env=env)
            self.assertEqual(run.status, 0)
            self.assertEqual(run.terminal, self.plain.stdout)
        # An empty NO_COLOR does not count (no-color.org); an explicit flag beats NO_COLOR.
        self.assertIsNotNone(ESCAPE.search(run_tty(DIFF, env=environment(NO_COLOR="")).terminal))
        run = run_tty(DIFF + ["--color=always"], env=environment(NO_COLOR="1"))
        self.assertIsNotNone(ESCAPE.search(run.terminal))

    def test_data_formats_are_never_coloured(self):
        for fmt in ("json", "csv"):
            plain = run_pipe(DIFF + ["--format=" + fmt])
            run = run_tty(DIFF + ["--format=" + fmt, "--color=always"])
            self.assertEqual(run.status, 0)
            self.assertIsNone(ESCAPE.search(run.terminal), fmt)
            if fmt == "csv":
                self.assertEqual(run.terminal, plain.stdout)

    def test_render_decides_colour_itself(self):
        stream = run_pipe(DIFF + ["--format=json", "--color=always"]).stdout
        path = os.path.join(self.tmp, "diff.jsonl")
        with open(path, "wb") as f:
            f.write(stream)
        self.assertEqual(run_pipe(["render", path]).stdout, self.plain.stdout)
        run = run_tty(["render", path])
        self.assertEqual(run.status, 0)
        self.assertIn(b"\x1b[32m+ ", run.terminal)

    @classmethod
    def setUpClass(cls):
        import tempfile
        cls.tmpdir = tempfile.TemporaryDirectory()
        cls.tmp = cls.tmpdir.name

    @classmethod
    def tearDownClass(cls):
        cls.tmpdir.cleanup()


class ProgressTest(unittest.TestCase):
    """A run made slow on purpose: experiment 1's profile is a FIFO that the test fills after a
    second, so that the progress line (first drawn after 0.3 s) has time to show."""

    def setUp(self):
        self.tmpdir = tempfile.TemporaryDirectory()
        self.tmp = self.tmpdir.name
        self.fifo = os.path.join(self.tmp, "prof1.fifo")
        os.mkfifo(self.fifo)
        with open(f"{JIT}/exp1/prof.json", "rb") as f:
            self.profile = f.read()
        self.args = ["jit-vs-jit", f"{JIT}/exp1/log", self.fifo, f"{JIT}/exp2/log",
                     f"{JIT}/exp2/prof.json"]
        self.expected = run_pipe(DIFF).stdout

    def tearDown(self):
        self.tmpdir.cleanup()

    def feed_profile_later(self):
        def feed():
            time.sleep(1.0)
            with open(self.fifo, "wb") as f:  # waits for profdiff to open it
                f.write(self.profile)
        thread = threading.Thread(target=feed)
        thread.start()
        return thread

    def slow_run(self, options, stdout_pipe=False, stderr_tty=True, env=None):
        """Returns (run, stdout bytes)."""
        feeder = self.feed_profile_later()
        out_path = os.path.join(self.tmp, "out.txt")
        started = time.monotonic()
        try:
            if stdout_pipe:
                run = run_tty(self.args + options, stdout_tty=False, stderr_tty=stderr_tty,
                              env=env)
                out = run.stdout
            else:
                with open(out_path, "wb") as out_file:
                    run = run_tty(self.args + options, stdout_tty=False, stderr_tty=stderr_tty,
                                  stdout_file=out_file, env=env)
                with open(out_path, "rb") as f:
                    out = f.read()
        finally:
            feeder.join()
        self.elapsed = time.monotonic() - started
        self.assertEqual(run.status, 0, run.stderr)
        # The profile came through a FIFO: the arguments differ, the output does not.
        self.assertEqual(out, self.expected)
        return run, out

    def test_progress_on_a_terminal_erased_at_the_end(self):
        run, _ = self.slow_run([])
        line = run.terminal
        self.assertRegex(line, rb"\r\x1b\[KLoading experiment 1: (\d+)/\1 files, 0\.0/0\.0 MiB, "
                               rb"4 compilation units")
        # Redrawn in place, at most about ten times a second (the run takes a second or more).
        draws = line.count(b"\r\x1b[K") - 1  # the last one erases
        self.assertGreaterEqual(line.count(b"\r\x1b[KLoading"), 2, line)
        self.assertLessEqual(draws, 10 * self.elapsed + 2, line)
        # Erased: the terminal ends with an erased line, and nothing else was written there.
        self.assertTrue(line.endswith(b"\r\x1b[K"), line[-80:])
        self.assertEqual(re.sub(rb"\r\x1b\[K[^\r]*", b"", line), b"")

    def test_never_in_a_pipe_or_when_asked_not_to(self):
        run, _ = self.slow_run([], stderr_tty=False)  # stderr is a pipe
        self.assertEqual(run.stderr, b"")
        run, _ = self.slow_run(["--progress=never"])
        self.assertEqual(run.terminal, b"")
        run, _ = self.slow_run([], env=environment(TERM="dumb"))
        self.assertEqual(run.terminal, b"")
        # stdout into a pipe: its reader (a pager, head) likely shares the terminal.
        run, _ = self.slow_run([], stdout_pipe=True)
        self.assertEqual(run.terminal, b"")

    def test_always_draws_into_a_pipe(self):
        run, _ = self.slow_run(["--progress=always"], stderr_tty=False)
        self.assertIn(b"\r\x1b[KLoading experiment 1: ", run.stderr)
        self.assertTrue(run.stderr.endswith(b"\r\x1b[K"))

    def test_the_line_is_erased_before_an_error(self):
        # Experiment 2's profile of the wrong kind fails after the slow part.
        args = self.args[:4] + [f"{SOURCE}/fixtures/aot-example/exp2/prof.json"]
        feeder = self.feed_profile_later()
        try:
            with open(os.path.join(self.tmp, "out.txt"), "wb") as out_file:
                run = run_tty(args, stdout_tty=False, stderr_tty=True, stdout_file=out_file)
        finally:
            feeder.join()
        self.assertEqual(run.status, 1)
        self.assertIn(b"\r\x1b[KLoading experiment 1", run.terminal)
        # The message starts on an erased line and stands alone.
        self.assertIn(b"\r\x1b[KFailed to parse experiment 2 in ", run.terminal)
        self.assertTrue(run.terminal.endswith(b"mismatched experiment kind: expected JIT, got AOT\n"))


def main():
    global BINARY
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    BINARY = os.path.abspath(sys.argv[1])
    suite = unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__])
    result = unittest.TextTestRunner(verbosity=2).run(suite)
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
