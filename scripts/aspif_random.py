#!/usr/bin/env python3
"""Random aspif programs: aspsat's answers against clingo 5.8.3's on the same text.

Each program has a few atoms and random statements of every kind gringo writes or a user may
write by hand: rules with disjunctive and choice heads (empty heads are constraints), normal
and weight bodies (bounds may be <= 0, literals may repeat), minimize statements (negative
weights, several priorities, empty ones), outputs with conditions, externals with every value,
assumptions, projections, heuristics, edges and comments. For each, clingo's and aspsat's
answer sets (`0 --opt-mode=optN`: the optimal ones with their costs) must be equal; with
`--ranking` aspsat also solves under `--translation ranking` (the CNF of `aspsat dimacs`),
where its refusals (positive recursion through weight bodies, non-head-cycle-free
disjunctions) are counted, not compared.

Usage: [ASPSAT=BINARY] python3 scripts/aspif_random.py [--seed S] [--programs N] [--ranking]
       [--externals]
Exit status 1 on any difference (the program is printed).
"""

import argparse
import json
import os
import random
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
ASPSAT = os.environ.get("ASPSAT", os.path.join(ROOT, "target", "release", "aspsat"))
CLINGO = [sys.executable, "-m", "clingo"]


def random_program(rng, externals=False):
    n = rng.randint(2, 7)
    lines = ["asp 1 0 0"]
    if externals:
        # whether an external atom stays external depends on what clingo's solver simplifies
        # while reading (facts, `:- l.`, a constraint on a body a rule had before, small weight
        # bodies, releases): many externals, facts and constraints over few atoms
        n = rng.randint(2, 4)
        for _ in range(rng.randint(1, 3)):
            lines.append(f"5 {rng.randint(1, n)} {rng.randint(0, 3)}")

    def lit():
        a = rng.randint(1, n)
        return a if rng.random() < 0.65 else -a

    def lits(k):
        return [lit() for _ in range(k)]

    def body(avoid=()):
        if rng.random() < 0.3:
            k = rng.randint(0, 4)
            wl = [(lit(), rng.randint(0, 3)) for _ in range(k)]
            wl = [(l, w) for l, w in wl if abs(l) not in avoid]
            k = len(wl)
            bound = rng.randint(-1, 6)
            return f"1 {bound} {k}" + "".join(f" {l} {w}" for l, w in wl)
        k = rng.randint(0, 3)
        return f"0 {k}" + "".join(f" {l}" for l in lits(k))

    for _ in range(rng.randint(2, 9)):
        kind = rng.random()
        if externals and rng.random() < 0.45:
            special = rng.random()
            if special < 0.3:
                lines.append(f"5 {rng.randint(1, n)} {rng.randint(0, 3)}")
            elif special < 0.6:
                lines.append(f"1 0 0 0 1 {lit()}")
            elif special < 0.8:
                lines.append(f"1 0 1 {rng.randint(1, n)} 0 0")
            else:
                a = rng.randint(1, n)
                lines.append(f"1 0 1 {a} 0 1 {lit()}")
            continue
        if kind < 0.55:
            choice = 1 if rng.random() < 0.4 else 0
            h = rng.choice([0, 1, 1, 1, 2, 3]) if not choice else rng.randint(0, 3)
            head = [rng.randint(1, n) for _ in range(h)]
            # clasp (clingo 5.4 and 5.8 reading aspif) misses answer sets of a choice of
            # several atoms whose weight body contains one of them (`{4;1} :- 1 <= [2=1,4=2]`
            # with `{2}`: no answer set has 4, though clingo finds {2,4} for the same program
            # as text, and so does aspsat); gringo never writes that shape
            avoid = set(head) if choice and len(set(head)) > 1 else ()
            lines.append(f"1 {choice} {h}" + "".join(f" {a}" for a in head) + " " +
                         body(avoid))
        elif kind < 0.65:
            k = rng.randint(0, 3)
            wl = [(lit(), rng.randint(-3, 4)) for _ in range(k)]
            lines.append(f"2 {rng.randint(-1, 2)} {k}" + "".join(f" {l} {w}" for l, w in wl))
        elif kind < 0.72:
            lines.append(f"5 {rng.randint(1, n)} {rng.randint(0, 3)}")
        elif kind < 0.77:
            k = rng.randint(1, 2)
            lines.append(f"6 {k}" + "".join(f" {l}" for l in lits(k)))
        elif kind < 0.82:
            k = rng.randint(0, 3)
            cond = "".join(f" {l}" for l in lits(k))
            text = rng.choice(["q", "r(1)", "s(\"x\")", "-t", "(1,2)"])
            lines.append(f"4 {len(text)} {text} {k}{cond}")
        elif kind < 0.86:
            k = rng.randint(1, 2)
            lines.append(f"3 {k}" + "".join(f" {rng.randint(1, n)}" for _ in range(k)))
        elif kind < 0.9:
            lines.append(f"7 {rng.randint(0, 5)} {rng.randint(1, n)} {rng.randint(-2, 2)} "
                         f"{rng.randint(0, 3)} 1 {lit()}")
        elif kind < 0.96:
            k = rng.randint(0, 2)
            lines.append(f"8 {rng.randint(0, 3)} {rng.randint(0, 3)} {k}" +
                         "".join(f" {l}" for l in lits(k)))
        else:
            lines.append("10 a comment")
    for a in range(1, n + 1):
        lines.append(f"4 {len(f'a({a})')} a({a}) 1 {a}")
    lines.append("0")
    return "\n".join(lines) + "\n"


def answers(stdout):
    doc = json.loads(stdout)
    ws = [w for call in doc.get("Call", []) for w in call.get("Witnesses", [])]
    if any("Costs" in w for w in ws):
        best = min(w["Costs"] for w in ws)
        return doc["Result"], sorted({(tuple(sorted(w["Value"])), tuple(w["Costs"]))
                                      for w in ws if w["Costs"] == best})
    # a set: clasp prints some answer sets twice (seed 3 --externals, program 468: a choice
    # `{4;4;4}` with a weight body containing `not 4`, a(4) printed twice; aspsat once)
    return doc["Result"], sorted({tuple(sorted(w["Value"])) for w in ws})


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--programs", type=int, default=300)
    ap.add_argument("--ranking", action="store_true")
    ap.add_argument("--externals", action="store_true",
                    help="many externals, facts and one-literal constraints over few atoms")
    opts = ap.parse_args()
    rng = random.Random(opts.seed)
    counts = {"same": 0, "ranking refused": 0}
    args = ["0", "--outf=2", "--opt-mode=optN"]
    for i in range(opts.programs):
        text = random_program(rng, opts.externals).encode()
        c = subprocess.run(CLINGO + args + ["-"], input=text, capture_output=True)
        expected = answers(c.stdout)
        translations = ["completion"] + (["ranking"] if opts.ranking else [])
        for translation in translations:
            s = subprocess.run([ASPSAT, "solve", "--translation", translation, "-"] + args,
                               input=text, capture_output=True)
            if translation == "ranking" and s.returncode == 65:
                counts["ranking refused"] += 1
                continue
            if s.returncode not in (10, 20, 30) or answers(s.stdout) != expected:
                print(f"program {i} ({translation}): aspsat exit {s.returncode} "
                      f"{s.stderr.decode()[:300]}\n{text.decode()}")
                print(f"aspsat: {answers(s.stdout) if s.stdout else None}")
                print(f"clingo: {expected}")
                sys.exit(1)
        counts["same"] += 1
    mode = " (--externals)" if opts.externals else ""
    print(f"seed {opts.seed}{mode}: {opts.programs} random aspif programs, " +
          ", ".join(f"{k} {v}" for k, v in counts.items()))


if __name__ == "__main__":
    main()
