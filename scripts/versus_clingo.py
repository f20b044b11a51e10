#!/usr/bin/env python3
"""Times aspsat and clingo 5.8.3 side by side, in one run, on the same programs.

Each program runs REPEAT times per system; the median of the total time each system reports
itself ("Time : ..." of the text output, which excludes the Python start-up of `python3 -m
clingo`) is compared. Both must agree on the number of models.

    python3 scripts/versus_clingo.py [--repeat 3]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASES = [
    ("chain closure 1000, count", ["benchmarks/chain_closure.lp"]),
    ("queens 8, all 92", ["benchmarks/queens.lp", "-c", "n=8", "0"]),
    ("queens 40, one", ["benchmarks/queens.lp", "-c", "n=40"]),
    ("pigeonhole 9 in 8", ["benchmarks/pigeonhole.lp", "-c", "n=9"]),
    ("zebra, all", ["encodings/zebra.lp", "0"]),
    ("equation, all", ["encodings/equation.lp", "instances/equation_1.lp", "0"]),
    ("jodici, all", ["encodings/jodici.lp", "instances/jodici_1.lp", "0"]),
    ("animals, all", ["encodings/edge_matching.lp", "instances/animals.lp", "0"]),
]


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=600)
    t = re.search(r"^Time\s*:\s*([0-9.]+)s", p.stdout, re.M)
    m = re.search(r"^Models\s*:\s*(\d+)", p.stdout, re.M)
    if not t or not m:
        sys.exit(f"no timing from {' '.join(cmd)}:\n{p.stdout}\n{p.stderr}")
    return float(t.group(1)), int(m.group(1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    opts = ap.parse_args()
    aspsat = os.path.join(ROOT, "target", "release", "aspsat")
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    print(f"{'program':28} {'aspsat':>9} {'clingo':>9} {'ratio':>7}  models")
    for name, args in CASES:
        if not all(os.path.exists(os.path.join(ROOT, a)) for a in args if a.endswith(".lp")):
            continue
        a = [run([aspsat, "solve", *args]) for _ in range(opts.repeat)]
        c = [run([sys.executable, "-m", "clingo", *args]) for _ in range(opts.repeat)]
        ta = statistics.median(x[0] for x in a)
        tc = statistics.median(x[0] for x in c)
        models = {x[1] for x in a} | {x[1] for x in c}
        agree = "" if len(models) == 1 else "  MODELS DIFFER"
        ratio = ta / tc if tc > 0 else float("inf")
        print(f"{name:28} {ta:8.3f}s {tc:8.3f}s {ratio:7.2f}  {a[0][1]}{agree}")


if __name__ == "__main__":
    main()
