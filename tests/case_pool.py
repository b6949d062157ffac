"""Runs a test driver's independent cases on several threads, results in the cases' order.

Each case runs profdiff in subprocesses, which release the interpreter lock, so threads overlap
the runs. The long drivers (json_roundtrip, self_comparison, stats_independent_count) would
otherwise be the tail of a ctest run on their own: ctest's -j only spreads whole tests.
PROFDIFF_TEST_JOBS sets the number of threads (default: the number of CPUs).
"""
import os
from concurrent.futures import ThreadPoolExecutor


def jobs():
    value = os.environ.get("PROFDIFF_TEST_JOBS", "")
    return max(1, int(value)) if value.isdigit() else (os.cpu_count() or 1)


def map_cases(function, cases):
    """[function(case) for case in cases], computed on jobs() threads."""
    with ThreadPoolExecutor(max_workers=jobs()) as pool:
        return list(pool.map(function, cases))
