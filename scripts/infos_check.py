#!/usr/bin/env python3
"""aspsat's infos (`-W`) against the messages clingo 5.8.3 recorded for tests/programs.

Usage:
    python3 scripts/infos_check.py [--aspsat PATH] [-v]

For each tests/programs/NAME.json with the program's clingo arguments, runs `aspsat solve
--outf=3 ARGS NAME.lp` and compares the diagnostics it prints on standard error (each
`file:line:col: info|warning|error: ...` with its indented term) with the `messages` clingo
recorded (`scripts/clingo_golden.py`): the same list, the same in another order, or different.
Prints one line per program that differs (-v: both lists) and the counts; exits 0 (the
differences are stated in the README).
"""

import argparse
import glob
import json
import os
import subprocess

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


def diagnostics(stderr):
    """The diagnostics in `stderr`: blocks separated by blank lines that name a place."""
    blocks = [b.strip() for b in stderr.strip().split("\n\n") if b.strip()]
    out = []
    for b in blocks:
        # several one-line diagnostics may follow each other without a blank line
        current = []
        for line in b.splitlines():
            if line.startswith("  ") and current:
                current[-1] += "\n" + line
            else:
                current.append(line)
        out.extend(c for c in current if ": info:" in c or ": warning:" in c or ": error:" in c)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--aspsat", default=os.path.join(ROOT, "target", "release", "aspsat"))
    ap.add_argument("-v", action="store_true")
    a = ap.parse_args()
    same = order = differ = 0
    for path in sorted(glob.glob(os.path.join(ROOT, "tests", "programs", "*.json"))):
        with open(path) as f:
            golden = json.load(f)
        program = os.path.relpath(path[:-5] + ".lp", ROOT)
        want = golden.get("messages", [])
        r = subprocess.run([a.aspsat, "solve", "--outf=3"] + golden.get("args", []) + [program],
                           cwd=ROOT, capture_output=True, text=True, timeout=120)
        got = diagnostics(r.stderr)
        if got == want:
            same += 1
            continue
        if sorted(got) == sorted(want):
            order += 1
            print("ORDER", program)
        else:
            differ += 1
            print("DIFF ", program)
        if a.v:
            print("  clingo:", want)
            print("  aspsat:", got)
    print(f"{same + order + differ} programs: {same} the same, {order} in another order, "
          f"{differ} different")


if __name__ == "__main__":
    main()
