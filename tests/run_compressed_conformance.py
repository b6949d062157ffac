#!/usr/bin/env python3
"""CTest driver: the conformance corpus with its optimization logs compressed.

usage: run_compressed_conformance.py PROFDIFF PROFDIFF_COMPRESS

Copies the corpus's data to a temporary directory three times, compressing every file of every
optimization-log directory in place (same names: profdiff tells compression by content), and runs
the corpus's check.py over each copy with the original cases, so that every case must print
exactly what it prints for the plain logs:
  gzip   every file one gzip member
  zstd   every file one zstd frame
  mixed  files in turn plain, gzip in 3 members, zstd in 3 frames (multi-member, multi-frame, and
         a log that mixes them)
With PROFDIFF_TEST_SAMPLE=N (the sanitized build, tests/case_pool.py) each copy runs every Nth
case, from a different first one, so that every case still runs once, with one of the three.
Exit 77 (skipped) when the corpus is absent, unless PROFDIFF_REQUIRE_CONFORMANCE=1.
"""
import os
import shutil
import subprocess
import sys
import tempfile

from case_pool import map_cases, sample_step
from run_conformance import locate_corpus


def log_files(data):
    """The files of optimization-log directories (log/, aot-log/), in a stable order."""
    found = []
    for directory, _, files in os.walk(data):
        if os.path.basename(directory).endswith("log"):
            found.extend(os.path.join(directory, name) for name in sorted(files))
    return sorted(found)


def compress(tool, files, mode):
    plan = {"gzip": [("gzip", 1)], "zstd": [("zstd", 1)],
            "mixed": [None, ("gzip", 3), ("zstd", 3)]}[mode]
    groups = {}
    for i, path in enumerate(files):
        way = plan[i % len(plan)]
        if way is not None:
            groups.setdefault(way, []).append(path)
    for (fmt, pieces), paths in groups.items():
        for start in range(0, len(paths), 200):
            subprocess.check_call([tool, fmt, str(pieces)] + paths[start:start + 200])


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    profdiff, tool = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    corpus, script = locate_corpus()
    if corpus is None:
        return script
    with tempfile.TemporaryDirectory(prefix="profdiff-compressed-") as tmp:
        def check_mode(mode):
            """(what to print, failures) of the corpus with its logs compressed as `mode`."""
            out = []
            failed = 0
            root = os.path.join(tmp, mode)
            os.makedirs(root)
            # check.py finds the data beside the cases directory: links to the real cases.
            cases = os.path.join(os.path.abspath(corpus), "cases")
            os.makedirs(os.path.join(root, "cases"))
            step = sample_step()
            first = ["gzip", "zstd", "mixed"].index(mode) % step
            for name in sorted(os.listdir(cases))[first::step]:
                os.symlink(os.path.join(cases, name), os.path.join(root, "cases", name))
            shutil.copytree(os.path.join(corpus, "data"), os.path.join(root, "data"))
            for directory, _, _ in os.walk(os.path.join(root, "data")):
                os.chmod(directory, 0o755)
            files = log_files(os.path.join(root, "data"))
            for path in files:
                os.chmod(path, 0o644)
            compress(tool, files, mode)
            # Every log file is compressed as planned: the magic bytes say so.
            magics = {b"\x1f\x8b": 0, b"\x28\xb5": 0}
            for path in files:
                with open(path, "rb") as f:
                    head = f.read(2)
                if head in magics:
                    magics[head] += 1
            gzip_files, zstd_files = magics[bytes([0x1f, 0x8b])], magics[bytes([0x28, 0xb5])]
            out.append(f"{mode}: {len(files)} log files, {gzip_files} gzip, {zstd_files} zstd")
            expected = {"gzip": (len(files), 0), "zstd": (0, len(files)),
                        "mixed": (len(files[1::3]), len(files[2::3]))}[mode]
            if (gzip_files, zstd_files) != expected or not files:
                out.append(f"FAIL: {mode}: the log files were not compressed as planned")
                failed += 1
            result = subprocess.run([sys.executable, script, profdiff,
                                     "--cases", os.path.join(root, "cases")],
                                    capture_output=True, text=True, errors="replace")
            out.append(result.stdout + result.stderr)
            if result.returncode != 0:
                out.append(f"FAIL: the conformance corpus with {mode}-compressed logs")
                failed += 1
            shutil.rmtree(root)
            return out, failed

        # The three copies are independent: checked side by side (tests/case_pool.py).
        failed = 0
        for out, mode_failed in map_cases(check_mode, ["gzip", "zstd", "mixed"]):
            print("\n".join(out), flush=True)
            failed += mode_failed
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
