#!/usr/bin/env python3
"""clingo's incremental-mode examples (benchmarks/incremental/) run by aspsat and by clingo
side by side, with aspsat's plan checked by clingo.

For each program: aspsat (one solver across steps), optionally aspsat --inc-reground (every step
re-grounded with a new solver: the baseline the one-solver mode is measured against), and clingo
5.8.3 through clingo.application.clingo_main (clingo's default main runs incmode;
`python3 -m clingo` ignores `#include <incmode>.`). Reported: wall time, solve calls (the
horizon is calls - 1), result. Validity: clingo re-runs the program with aspsat's answer set
imposed at the step aspsat stopped (`:- query(t), not ATOM.` for each shown atom), and must stop
at the same step, satisfiable.

Usage: python3 scripts/incremental_bench.py [--timeout SECS] [--reground] [NAME...]
"""

import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
BENCH = os.path.join(ROOT, "benchmarks", "incremental")
ASPSAT = os.path.join(ROOT, "target", "release", "aspsat")
CLINGO = [sys.executable, "-c", """
import sys
from clingo.application import clingo_main, Application
class App(Application):
    program_name = "clingo"
sys.exit(clingo_main(App(), sys.argv[1:]))
"""]

PROGRAMS = {
    "toh": ["toh/tohE.lp", "toh/tohI.lp"],
    "unblock1": ["unblock/unblock.lp", "unblock/inst1.lp"],
    "unblock2": ["unblock/unblock.lp", "unblock/inst2.lp"],
    "unblock3": ["unblock/unblock.lp", "unblock/inst3.lp"],
    "unblock4": ["unblock/unblock.lp", "unblock/inst4.lp"],
    "unblock5": ["unblock/unblock.lp", "unblock/inst5.lp"],
    "15puzzle1": ["15puzzle/encoding.lp", "15puzzle/instance1.lp", "-c", "consecutive=1"],
    "15puzzle2": ["15puzzle/encoding.lp", "15puzzle/instance2.lp", "-c", "consecutive=1"],
    "solitaire": ["solitaire/solitaire.lp", "solitaire/instance.lp"],
}


def run(cmd, timeout):
    start = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=BENCH)
        out = p.stdout
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        return {"time": None, "calls": out.count("Solving..."), "result": "TIMEOUT", "answer": None}
    elapsed = time.time() - start
    calls = out.count("Solving...")
    result = next((l for l in out.splitlines()
                   if l in ("SATISFIABLE", "UNSATISFIABLE", "UNKNOWN")), "?")
    answers = re.findall(r"^Answer: \d+.*\n(.*)$", out, re.MULTILINE)
    return {"time": elapsed, "calls": calls, "result": result,
            "answer": answers[-1].split() if answers else None}


def valid(args, calls, answer, timeout):
    """clingo stops at the same step with aspsat's answer imposed."""
    with tempfile.NamedTemporaryFile("w", suffix=".lp", delete=False) as f:
        f.write("#program check(t).\n")
        for atom in answer:
            f.write(f":- query(t), not {atom}.\n")
        path = f.name
    try:
        r = run(CLINGO + args + [path], timeout)
    finally:
        os.unlink(path)
    return r["result"] == "SATISFIABLE" and r["calls"] == calls


def fmt(t):
    return "timeout" if t is None else f"{t:.2f}s"


def main():
    argv = sys.argv[1:]
    timeout = 120.0
    reground = "--reground" in argv
    if "--timeout" in argv:
        timeout = float(argv[argv.index("--timeout") + 1])
    names = [a for a in argv if a in PROGRAMS] or list(PROGRAMS)
    print(f"{'program':<11} {'aspsat':>9} {'reground':>9} {'clingo':>9} {'ratio':>6}  "
          f"{'calls a/c':>9}  result / plan check")
    for name in names:
        args = PROGRAMS[name]
        a = run([ASPSAT, "solve"] + args, timeout)
        g = run([ASPSAT, "solve", "--inc-reground"] + args, timeout) if reground else None
        c = run(CLINGO + args, timeout)
        check = ""
        if a["answer"] is not None and a["result"] == "SATISFIABLE":
            check = "plan valid" if valid(args, a["calls"], a["answer"], timeout) else "PLAN INVALID"
        same = a["result"] == c["result"] and a["calls"] == c["calls"]
        ratio = (f"{a['time'] / c['time']:.1f}" if a["time"] and c["time"] else "-")
        print(f"{name:<11} {fmt(a['time']):>9} {fmt(g['time']) if g else '-':>9} "
              f"{fmt(c['time']):>9} {ratio:>6}  {a['calls']:>4}/{c['calls']:<4}  "
              f"{a['result']} {'=' if same else '!='} {c['result']} {check}")


if __name__ == "__main__":
    main()
