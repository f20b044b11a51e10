#!/usr/bin/env python3
"""Exhaustive probe of conditional disjunction elements against clingo 5.8.3.

The random differential (`differential.py`) draws head elements from the whole language but
rarely the few shapes where gringo's reading of a conditional head element turns on details:
comparison chains with an interval moved into the body (projected to gringo's first solution
of the condition), and intervals whose bounds have a variable of the condition (which name
the element). This script enumerates those shapes over small domains, runs each program
through aspsat and through clingo's Python module, and reports every program whose answer
sets differ. Three families:

* chains `t0 op1 t1 op2 t2` with exactly one interval among the terms, as a head element
  over `d(W)`, plain, under `not` and under `not not`;
* other element shapes over a few conditions: `#true`/`#false` (negated too), chains with
  pools, negated atoms with intervals and pools, intervals in head atoms;
* interval heads `p(1..W)`, `p(W..2)`, `p((1;3..W))`... over recursive conditions `p(W)`
  with some facts of `p`.

Usage: python3 scripts/head_element_probe.py --aspsat target/release/aspsat
Exit status 1 if any program differs.
"""
import argparse
import itertools
import os
import subprocess
import sys
import tempfile

import clingo


def clingo_answer_sets(program):
    ctl = clingo.Control(["0"], logger=lambda code, msg: None)
    ctl.add("base", [], program)
    ctl.ground([("base", [])])
    models = set()
    ctl.solve(on_model=lambda m: models.add(
        tuple(sorted(str(s) for s in m.symbols(shown=True)))))
    return models


def aspsat_answer_sets(binary, path, program):
    with open(path, "w") as f:
        f.write(program)
    run = subprocess.run([binary, "solve", "0", path], capture_output=True, text=True,
                         stdin=subprocess.DEVNULL)
    if run.returncode == 65:
        return None
    lines = run.stdout.splitlines()
    return {tuple(sorted(lines[i + 1].split()))
            for i, line in enumerate(lines) if line.startswith("Answer:")}


def chain_programs():
    terms = ["W", "X", "1", "3", "X..3", "W..2", "1..X", "2..W"]
    operators = [(">=", ">="), ("<", "<="), ("=", "<"), ("!=", "<=")]
    for prefix in ["", "not ", "not not "]:
        for a, b, c in itertools.product(terms, repeat=3):
            if (a + b + c).count("..") != 1:
                continue
            for o1, o2 in operators:
                yield f"d(1..3). q(X) | {prefix}{a}{o1}{b}{o2}{c} : d(W) :- d(X)."


def element_programs():
    elements = ["#true", "#false", "not #true", "not #false", "not not #true",
                "W>=(X;3)>=W", "W>=(X;W..2)", "not W>=(X;3)>=W", "not not W>=(X;3)",
                "not p(X..3)", "not p((X;W))", "not not p(W..2)", "not not p((X;W..2))",
                "p(X..W)", "p((X;3..W))", "not W>=X..3", "not not W>=X..3",
                "not X..3>=W>=1", "not (X;1)>=W>=1..2", "not not X..3>W>=(1;2)"]
    for e, cond in itertools.product(elements, ["d(W)", "d(W), W!=2", "d(W), p(W)"]):
        yield f"d(1..3). p(2). q(X) | {e} : {cond} :- d(X)."


def interval_head_programs():
    heads = ["p(1..W)", "p(W..2)", "p((1;3..W))", "p((W;1..2))", "p(X..W)", "p(W..X)",
             "p((X,1..W))", "p((1;W))", "p(|W-X|..1)"]
    conds = ["p(W)", "d(W), p(W)", "d(W)", "d(W), not p(W)", "p(W), W<3"]
    facts = ["p(2).", "p(3).", "p(1). p(3).", ""]
    for h, c, f in itertools.product(heads, conds, facts):
        yield f"d(1..3). {f} q(X) | {h} : {c} :- d(X)."


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--aspsat", default="target/release/aspsat")
    ap.add_argument("--show", type=int, default=10, help="differing programs to print")
    opts = ap.parse_args()
    binary = os.path.abspath(opts.aspsat)
    families = [("chains", chain_programs), ("elements", element_programs),
                ("interval heads", interval_head_programs)]
    differ = 0
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "probe.lp")
        for name, programs in families:
            counts = {"programs": 0, "agree": 0, "refused": 0, "differ": 0, "clingo_error": 0}
            for program in programs():
                counts["programs"] += 1
                try:
                    want = clingo_answer_sets(program)
                except RuntimeError:
                    counts["clingo_error"] += 1
                    continue
                got = aspsat_answer_sets(binary, path, program)
                if got is None:
                    counts["refused"] += 1
                elif got == want:
                    counts["agree"] += 1
                else:
                    counts["differ"] += 1
                    differ += 1
                    if differ <= opts.show:
                        print(f"DIFFER {program}\n  clingo {sorted(want)}\n  aspsat {sorted(got)}")
            print(f"{name}: " + " ".join(f"{k}={v}" for k, v in counts.items()))
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
