"""The JDKs a test runs programs on: each JDK home under /usr/lib/jvm (or $PROFDIFF_JDKS,
colon-separated homes) that has java and javac, once each however many names it has there."""

import glob
import os


def jdks():
    """(name, java, javac) of each JDK, in name order."""
    homes = os.environ.get("PROFDIFF_JDKS")
    candidates = homes.split(":") if homes else sorted(glob.glob("/usr/lib/jvm/*"))
    seen, result = set(), []
    for home in candidates:
        real = os.path.realpath(home)
        java, javac = os.path.join(real, "bin", "java"), os.path.join(real, "bin", "javac")
        if real in seen or not (os.access(java, os.X_OK) and os.access(javac, os.X_OK)):
            continue
        seen.add(real)
        result.append((os.path.basename(home.rstrip("/")), java, javac))
    return result
