"""Where the LLVM tests find the remarks they read.

make_remarks.sh compiles the test programs with every installed clang, which takes most of a
test's time. ctest runs it once, as the fixture test llvm_remarks_made (tests/CMakeLists.txt),
into $PROFDIFF_LLVM_REMARKS_DIR; a test run on its own makes its own in a temporary directory.
"""

import contextlib
import os
import pathlib
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent


@contextlib.contextmanager
def made_remarks():
    """Yields (status, directory): make_remarks.sh's exit status (77: no clang-N installed)
    and the directory holding its clang-N/<flags>/ folders."""
    shared = os.environ.get("PROFDIFF_LLVM_REMARKS_DIR")
    if shared and any(pathlib.Path(shared).glob("clang-*")):
        yield 0, shared
        return
    with tempfile.TemporaryDirectory() as work:
        made = subprocess.run(["bash", str(HERE / "make_remarks.sh"), work],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if made.returncode not in (0, 77):
            print(made.stderr)
        yield made.returncode, work


def exit_status_unless_made(status):
    """None when make_remarks.sh made the remarks; else the test's exit status, said on stdout or
    stderr: 77 (skipped) without a clang-N, 1 when it failed."""
    if status == 77:
        print("SKIP: no clang-N installed (scripts/install-deps.sh installs clang-14 and 19)")
        return 77
    if status != 0:
        print("make_remarks.sh failed", file=sys.stderr)
        return 1
    return None
