#!/usr/bin/env python3
"""The minimality check (issue 12): programs that need it — saturation encodings of 2QBF with
conditional heads, strategic companies with conditional literals (both disjunctive and not
head-cycle-free), and saturation through a recursive #sum compared with != (alone, and under a
guess: sum-sat) — solved by one or more aspsat binaries and clingo in one run. Prints wall time, solver calls and rejected
candidates (reduct checks that found a smaller model) of each binary, and clingo's time; the
answers must agree (number of models, or the optimum line).

Usage: python3 scripts/minimality_bench.py [--timeout SECS] [--quick] [ASPSAT ...]
(default binary: target/release/aspsat; give two to compare before/after.)
"""

import os
import random
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


def qbf(seed, nx, ny, nclauses):
    """exists x forall y: a random 3-CNF, by saturation with a conditional disjunctive head."""
    rng = random.Random(seed)
    lines = [f"x(1..{nx}). y(1..{ny}). val(t;f).", "{ tx(X) : x(X) }.",
             "ty(Y,V) : val(V) :- y(Y).", "ty(Y,V) :- sat, y(Y), val(V)."]
    for c in range(1, nclauses + 1):
        lits = rng.sample([("x", i) for i in range(1, nx + 1)] + [("y", i) for i in range(1, ny + 1)], 3)
        for kind, i in lits:
            sign = rng.random() < 0.5
            if kind == "x":
                lines.append(f"holds({c}) :- {'' if sign else 'not '}tx({i}).")
            else:
                lines.append(f"holds({c}) :- ty({i},{'t' if sign else 'f'}).")
    lines += [f"clause(1..{nclauses}).", "sat :- holds(C) : clause(C).", ":- not sat.",
              "#show tx/1."]
    return "\n".join(lines) + "\n"


def companies(seed, n, products, controls):
    """Strategic companies: each product needs a strategic producer (a conditional
    disjunction), a company all of whose controllers are strategic is strategic."""
    rng = random.Random(seed)
    lines = [f"company(c{i})." for i in range(1, n + 1)]
    for p in range(1, products + 1):
        for c in rng.sample(range(1, n + 1), 2):
            lines.append(f"prod(p{p},c{c}).")
    for _ in range(controls):
        c, a, b = rng.sample(range(1, n + 1), 3)
        lines.append(f"contr(c{c},c{a}). contr(c{c},c{b}).")
    lines += ["product(P) :- prod(P,_).", "strat(C) : prod(P,C) :- product(P).",
              "strat(C) :- company(C), contr(C,_); strat(D) : contr(C,D).", "#show strat/1."]
    return "\n".join(lines) + "\n"


def unequal(n):
    """Saturation through #sum != V: `unequal` holds when the sum of the guessed bits differs
    from every integer in 0..n, and saturates the guess."""
    return (f"int(0..{n}). q(1..{n}).\n"
            "true(Q,1) ; true(Q,0) :- q(Q).\n"
            "unequal :- int(V), #sum { C,Q : true(Q,C) } != V.\n"
            "true(Q,C) :- unequal, q(Q), C = 0..1.\n")


def sum_saturation(m, n, k):
    """exists sel forall y: the #sum of the selected weights and the guessed bits is not k
    (saturation through a #sum compared with !=, not monotone)."""
    return (f"x(1..{m}). q(1..{n}).\n{{ sel(X) : x(X) }}.\n"
            "true(Q,1) ; true(Q,0) :- q(Q).\n"
            f"unequal :- #sum {{ C,Q : true(Q,C) ; X,x : sel(X) }} != {k}.\n"
            "true(Q,C) :- unequal, q(Q), C = 0..1.\n:- not unequal.\n#show sel/1.\n")


def instances(quick):
    yield "2qbf 10x6y 8c", qbf(5, 10, 6, 8)
    yield "2qbf 12x8y 10c", qbf(6, 12, 8, 10)
    yield "companies 16", companies(4, 16, 12, 16)
    yield "unequal 6", unequal(6)
    yield "sum-sat 8x6 20", sum_saturation(8, 6, 20)
    if not quick:
        yield "2qbf 14x8y 12c", qbf(7, 14, 8, 12)
        yield "2qbf 16x10y 14c", qbf(8, 16, 10, 14)
        yield "companies 24", companies(5, 24, 18, 24)
        yield "unequal 12", unequal(12)
        yield "sum-sat 10x8 30", sum_saturation(10, 8, 30)


def run(cmd, timeout):
    start = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "TIMEOUT"
    return time.time() - start, p.stdout


def stat(out, name):
    m = re.search(rf"^{name}\s*:\s*(\d+)", out, re.M)
    return m.group(1) if m else "?"


def main():
    args = sys.argv[1:]
    timeout = 120.0
    if "--timeout" in args:
        i = args.index("--timeout")
        timeout = float(args[i + 1])
        del args[i:i + 2]
    quick = "--quick" in args
    binaries = [a for a in args if a != "--quick"] or [os.path.join(ROOT, "target/release/aspsat")]
    print(f"{'instance':<16} {'models':>6} " + " ".join(
        f"{'aspsat' + str(i) + ' s':>10} {'calls':>6} {'rejected':>8}" for i in range(len(binaries)))
        + f" {'clingo s':>9}")
    for name, text in instances(quick):
        with tempfile.NamedTemporaryFile("w", suffix=".lp", delete=False) as f:
            f.write(text)
        cols = []
        counts = set()
        for b in binaries:
            t, out = run([b, "solve", "-n", "0", "--stats", f.name], timeout)
            if t is None:
                cols.append(f"{'timeout':>10} {'':>6} {'':>8}")
                continue
            counts.add(stat(out, "Models"))
            cols.append(f"{t:>10.3f} {stat(out, 'Solver calls'):>6} {stat(out, 'Minimality'):>8}")
        t, out = run([sys.executable, "-m", "clingo", "-n", "0", "--stats", f.name], timeout)
        clingo_models = re.search(r"^Models\s*:\s*(\d+)", out or "", re.M)
        clingo_models = clingo_models.group(1) if clingo_models else "?"
        agree = counts <= {clingo_models}
        clingo_col = "timeout" if t is None else f"{t:.3f}"
        print(f"{name:<16} {clingo_models:>6} " + " ".join(cols) + f" {clingo_col:>9}"
              + ("" if agree else f"  DIFFER: aspsat {sorted(counts)}"))
        os.unlink(f.name)


if __name__ == "__main__":
    main()
