#!/usr/bin/env python3
"""#edge: the two acyclicity encodings (--acyc-encoding ranking|closure) and clingo side by side
on random digraphs : choose at least K arcs that form an acyclic graph, for a large
K (often UNSAT: a hard proof) and half the arcs (SAT). clingo must agree on the result.

Usage: python3 scripts/acyclicity_bench.py [--timeout SECS]
"""

import os
import random
import subprocess
import sys
import tempfile
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
ASPSAT = os.path.join(ROOT, "target", "release", "aspsat")


def program(seed, nodes, arcs):
    rng = random.Random(seed)
    pairs = set()
    while len(pairs) < arcs:
        u, v = rng.randrange(nodes), rng.randrange(nodes)
        if u != v:
            pairs.add((u, v))
    facts = " ".join(f"arc({u},{v})." for u, v in sorted(pairs))
    return facts + "\n{ e(X,Y) : arc(X,Y) }.\n#edge (X,Y) : e(X,Y).\n:- #count { X,Y : e(X,Y) } < k.\n"


def timed(cmd, timeout):
    start = time.time()
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout).stdout
    except subprocess.TimeoutExpired:
        return None, "TIMEOUT", ""
    result = next((l for l in out.splitlines() if l in ("SATISFIABLE", "UNSATISFIABLE")), "?")
    return time.time() - start, result, out


def main():
    timeout = 60.0
    if "--timeout" in sys.argv:
        timeout = float(sys.argv[sys.argv.index("--timeout") + 1])
    print(f"{'graph':<18} {'k':>4} {'ranking':>9} {'closure':>9} {'clingo':>9}  result  "
          f"CNF clauses ranking/closure")
    for seed, nodes, arcs in [(1, 10, 30), (2, 15, 45), (3, 20, 60), (4, 30, 90)]:
        text = program(seed, nodes, arcs)
        with tempfile.NamedTemporaryFile("w", suffix=".lp", delete=False) as f:
            f.write(text)
            path = f.name
        try:
            for k in (arcs - nodes // 2, arcs // 2):
                row = []
                sizes = []
                for enc in ("ranking", "closure"):
                    t, r, _ = timed([ASPSAT, "solve", path, "-c", f"k={k}",
                                     "--acyc-encoding", enc], timeout)
                    row.append((t, r))
                    s = subprocess.run([ASPSAT, "dimacs", path, "-c", f"k={k}",
                                        "--acyc-encoding", enc], capture_output=True, text=True)
                    header = next((l for l in s.stdout.splitlines() if l.startswith("p cnf")), "")
                    sizes.append(header.split()[-1] if header else "?")
                tc, rc, _ = timed([sys.executable, "-m", "clingo", path, "-c", f"k={k}"], timeout)
                fmt = lambda t: "timeout" if t is None else f"{t:.2f}s"
                agree = all(r == rc for _, r in row)
                print(f"{f'n={nodes} arcs={arcs}':<18} {k:>4} {fmt(row[0][0]):>9} "
                      f"{fmt(row[1][0]):>9} {fmt(tc):>9}  {rc}{'' if agree else ' DISAGREE'}  "
                      f"{sizes[0]}/{sizes[1]}")
        finally:
            os.unlink(path)


if __name__ == "__main__":
    main()
