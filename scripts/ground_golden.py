#!/usr/bin/env python3
"""Regenerate or check the golden ground programs of tests/ground/*.lp.

Usage:
    python3 scripts/ground_golden.py [--check] [--aspsat PATH] [FILES...]

Without FILES every tests/ground/*.lp is processed.  For each NAME.lp:

  NAME.ground  aspsat's text, `aspsat ground NAME.lp` (what tests/ground.rs compares with);
  NAME.clingo  clingo 5.8.3's text, `python3 -m clingo --text NAME.lp`, kept beside it for the
               reviewer: clingo prints the same program in its own order and spelling (one
               choice rule per element, `#delayed` atoms for aggregates and conditional heads,
               guards on the left), so the two are compared by meaning, not by text.

and the meaning is checked: clingo's answer sets (the shown symbols, and the costs of the
optimal models when the program optimizes, with --opt-mode=optN) must be the same for NAME.lp
and for NAME.ground.  aspsat's auxiliary atoms `#projN(...)` (projections of anonymous
variables) are not clingo syntax; for this check they are renamed `__aspsat_projN(...)` and
left out of the shown symbols.

The goldens are written only when aspsat's text has the meaning of the program; a program
whose text does not is reported and the script exits 1.

--check   write nothing; exit 1 if a golden is stale or missing, or a meaning differs.
--aspsat  the binary (default target/release/aspsat; build it first).
"""

import argparse
import glob
import os
import re
import subprocess
import sys

import clingo

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
DIR = os.path.join("tests", "ground")
AUX_RE = re.compile(r"#(proj\d+)")
AUX_PREFIX = "__aspsat_"


def answer_sets(text):
    """Sorted list of (shown symbols, cost) of the (optimal) answer sets of `text`."""
    ctl = clingo.Control(["0", "--opt-mode=optN", "--warn=none"])
    ctl.add("base", [], text)
    ctl.ground([("base", [])])
    models = []

    def on_model(m):
        shown = sorted(str(s) for s in m.symbols(shown=True)
                       if not (s.type == clingo.SymbolType.Function
                               and s.name.startswith(AUX_PREFIX)))
        models.append((shown, list(m.cost), m.optimality_proven))

    ctl.solve(on_model=on_model)
    if any(cost for _, cost, _ in models):
        models = [(s, c, True) for s, c, proven in models if proven]
    return sorted((s, c) for s, c, _ in models)


def aspsat_text(aspsat, lp):
    r = subprocess.run([aspsat, "ground", lp], cwd=ROOT, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"aspsat ground {lp} exited with {r.returncode}: {r.stderr.strip()}")
    return r.stdout


def clingo_text(lp):
    r = subprocess.run([sys.executable, "-m", "clingo", "--text", lp], cwd=ROOT,
                       capture_output=True, text=True)
    if r.returncode not in (0, 10, 20, 30):
        raise RuntimeError(f"clingo --text {lp} exited with {r.returncode}: {r.stderr.strip()}")
    return r.stdout


def process(lp, aspsat, check):
    """Returns a list of problems with `lp` (empty: fine)."""
    base = lp[:-len(".lp")]
    source = open(os.path.join(ROOT, lp)).read()
    ground = aspsat_text(aspsat, lp)
    reference = clingo_text(lp)
    problems = []
    expected = answer_sets(source)
    got = answer_sets(AUX_RE.sub(AUX_PREFIX + r"\1", ground))
    if got != expected:
        problems.append(f"{lp}: clingo's answer sets of aspsat's ground text differ from the "
                        f"program's:\n  program: {expected}\n  ground:  {got}")
    for path, text in [(base + ".ground", ground), (base + ".clingo", reference)]:
        full = os.path.join(ROOT, path)
        old = open(full).read() if os.path.exists(full) else None
        if check:
            if old != text:
                problems.append(f"{path} is {'missing' if old is None else 'stale'}")
        elif not problems and old != text:
            with open(full, "w") as f:
                f.write(text)
            print(f"wrote {path}")
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--aspsat", default=os.path.join(ROOT, "target", "release", "aspsat"))
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    files = [os.path.relpath(os.path.abspath(f), ROOT) for f in args.files] or sorted(
        os.path.relpath(f, ROOT) for f in glob.glob(os.path.join(ROOT, DIR, "*.lp")))
    problems = []
    for lp in files:
        problems += process(lp, args.aspsat, args.check)
    for p in problems:
        print(p, file=sys.stderr)
    print(f"{len(files)} programs, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
