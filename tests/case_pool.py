"""Runs a test driver's independent cases on several threads, results in the cases' order.

Each case runs profdiff in subprocesses, which release the interpreter lock, so threads overlap
the runs. The long drivers (json_roundtrip, self_comparison, stats_independent_count) would
otherwise be the tail of a ctest run on their own: ctest's -j only spreads whole tests.
PROFDIFF_TEST_JOBS sets the number of threads (default: the number of CPUs).
PROFDIFF_TEST_SAMPLE=N makes sampled() keep every Nth case: the sanitized build sets it for the
longest drivers (tests/CMakeLists.txt), whose every case runs in the Release build.
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


def sample_step():
    """PROFDIFF_TEST_SAMPLE: keep one case in this many (1 when unset)."""
    value = os.environ.get("PROFDIFF_TEST_SAMPLE", "")
    return int(value) if value.isdigit() and int(value) > 1 else 1


def sampled(cases):
    """Every PROFDIFF_TEST_SAMPLE-th case, the first included (all when unset or 1)."""
    step = sample_step()
    if step > 1:
        print(f"note: one case in {step} of {len(cases)} (PROFDIFF_TEST_SAMPLE={step})")
    return cases[::step]
