#!/usr/bin/env python3
"""CTest driver for the conformance corpus.

Runs ../shared/conformance/check.py (or $PROFDIFF_CONFORMANCE_DIR/check.py) against the binary.
Exit 77 (skipped) when the corpus is absent, unless PROFDIFF_REQUIRE_CONFORMANCE=1.
Extra arguments after the binary are passed to check.py (e.g. --only report).
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def locate_corpus():
    """(corpus directory, check.py) or, when the corpus is absent, (None, exit status): 77
    (skipped), or 1 with PROFDIFF_REQUIRE_CONFORMANCE=1."""
    default = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "conformance"))
    corpus = os.environ.get("PROFDIFF_CONFORMANCE_DIR", default)
    script = os.path.join(corpus, "check.py")
    if os.path.isfile(script):
        return corpus, script
    if os.environ.get("PROFDIFF_REQUIRE_CONFORMANCE") == "1":
        print(f"conformance corpus required but not found at {corpus}")
        return None, 1
    print(f"conformance corpus not found at {corpus}: skipped")
    return None, 77


def main():
    if len(sys.argv) < 2:
        print("usage: run_conformance.py PROFDIFF [check.py options]")
        return 2
    corpus, script = locate_corpus()
    if corpus is None:
        return script
    return subprocess.call([sys.executable, script, sys.argv[1]] + sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
