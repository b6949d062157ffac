"""The JDKs a test runs programs on: each JDK home under /usr/lib/jvm (or $PROFDIFF_JDKS,
colon-separated homes) that has the tools the test needs, once each however many names it has
there."""

import glob
import os


def named_homes(tools=("java", "javac")):
    """(name, real home) of each JDK that has every one of `tools` in its bin/, in name order."""
    homes = os.environ.get("PROFDIFF_JDKS")
    candidates = homes.split(":") if homes else sorted(glob.glob("/usr/lib/jvm/*"))
    seen, result = set(), []
    for home in candidates:
        real = os.path.realpath(home)
        paths = [os.path.join(real, "bin", tool) for tool in tools]
        if real in seen or not all(os.access(path, os.X_OK) for path in paths):
            continue
        seen.add(real)
        result.append((os.path.basename(home.rstrip("/")), real))
    return result


def jdks():
    """(name, java, javac) of each JDK, in name order."""
    return [(name, os.path.join(real, "bin", "java"), os.path.join(real, "bin", "javac"))
            for name, real in named_homes()]
