"""Where the LLVM tests find the remarks they read.

make_remarks.sh compiles the test programs with every installed clang, which takes most of a
test's time. ctest runs it once, as the fixture test llvm_remarks_made (tests/CMakeLists.txt),
into $PROFDIFF_LLVM_REMARKS_DIR; a test run on its own makes its own in a temporary directory.
"""

import contextlib
import os
import pathlib
import subprocess
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
