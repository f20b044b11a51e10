#!/usr/bin/env python3
"""Check the `# clingo:` lines of tests/errors/*.expect against clingo 5.8.3.

Each tests/errors/NAME.expect has as its first line the LINE:COL where aspsat must report the
first error of NAME.lp (tests/errors.rs checks that), and a line `# clingo: LINE:COL` giving
clingo's position of its first error, or `# clingo: none` where clingo reports no error (then
the file explains why aspsat must still reject the program). Other `#` lines are notes.

This script runs `python3 -m clingo FILE` (with a time limit: clingo never finishes grounding
some of these) and reports any `# clingo:` line that does not match what clingo prints.
Usage: python3 scripts/clingo_errors.py [FILES.lp]
"""

import glob
import os
import re
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
TIMEOUT = 10


def clingo_first_error(path):
    try:
        proc = subprocess.run([sys.executable, "-m", "clingo", path, "0"], capture_output=True,
                              timeout=TIMEOUT, cwd=ROOT)
        stderr = proc.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired as e:
        stderr = (e.stderr or b"").decode("utf-8", "replace")
    m = re.search(r"^" + re.escape(path) + r":(\d+):(\d+)[^:]*: error:", stderr, re.MULTILINE)
    return f"{m.group(1)}:{m.group(2)}" if m else "none"


def main(argv):
    files = [os.path.relpath(os.path.abspath(f), ROOT) for f in argv] or \
        sorted(os.path.relpath(f, ROOT) for f in glob.glob(os.path.join(ROOT, "tests/errors/*.lp")))
    bad = 0
    for path in files:
        expect = open(os.path.join(ROOT, path[:-3] + ".expect"), encoding="utf-8").read()
        lines = expect.splitlines()
        want_aspsat = lines[0].strip()
        recorded = [l.split(":", 1)[1].strip() for l in lines if l.startswith("# clingo:")]
        actual = clingo_first_error(path)
        ok = recorded == [actual] and re.fullmatch(r"\d+:\d+", want_aspsat)
        bad += not ok
        print(f"{'ok ' if ok else 'BAD'} {path}: aspsat {want_aspsat}, clingo {actual}"
              + ("" if ok else f" (recorded {recorded})"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
