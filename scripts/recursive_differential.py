#!/usr/bin/env python3
"""Differential check of aspsat against clingo 5.8.3 on random programs with recursion through
aggregates and conditional literals, negated and conditional head literals, and disjunctions
(issue 12).

Each program is solved by clingo (Python module), by `aspsat solve` (embedded), and, through
`aspsat dimacs`, by enumerating the CNF's models over its `c atom` variables with cadical (a
blocking clause after each model; in-process through python-sat's CaDiCaL when it is
installed, else one `cadical` run per model). Answer sets are compared as sets of shown atoms. `aspsat
dimacs` may refuse a program (exit 65: no exact CNF, e.g. recursion through an aggregate); the
refusals are counted. A wrong answer or crash is printed with its seed; replay one with
`--seed S --programs 1 --show`.

    python3 scripts/recursive_differential.py [--seed S] [--programs N] [--kind KIND]
        [--aspsat PATH] [--no-dimacs]

KIND: `agg` (aggregates and conditional literals in loops), `disj` (disjunctions with
conditions and negated elements), `fo` (small first-order programs: reachability with #count,
conditional literals over domains), `own` (loops through conditional disjunctions whose heads
also have atoms from outside the loop: clingo issue #495, see `src/ground/own_conditions.rs`;
not part of `all`), or `all` (the default: a mix).
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def clingo_sets(text, options=()):
    import clingo

    ctl = clingo.Control(["0", *options], logger=lambda code, msg: None)
    ctl.add("base", [], text)
    ctl.ground([("base", [])])
    out = set()
    with ctl.solve(yield_=True) as handle:
        for m in handle:
            out.add(tuple(sorted(str(s) for s in m.symbols(shown=True))))
    return out


def clasp_equivalence_bug(text, got):
    """Whether clingo without clasp's equivalence preprocessing (`--eq=0`) has exactly the
    answer sets `got`. clasp's default preprocessing loses answer sets of some ground programs
    (seed 150560: gringo's own ground program has 6 answer sets under `clasp --eq=0` and 5
    under `clasp`; clingo 5.4.1 and 5.8.3 alike): where turning it off makes clingo agree with
    aspsat, the difference is clasp's, and it is counted apart, never as an agreement."""
    return clingo_sets(text, ["--eq=0"]) == got


def aspsat_sets(aspsat, path):
    p = subprocess.run([aspsat, "solve", "-n", "0", path], capture_output=True, text=True,
                       timeout=120)
    if p.returncode == 65:
        return ("refused", p.stderr.strip().splitlines()[-1] if p.stderr.strip() else "")
    if p.returncode not in (10, 20, 30):
        return ("crash", f"exit {p.returncode}: {p.stderr.strip()[:400]}")
    out = set()
    lines = p.stdout.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("Answer:"):
            out.add(tuple(sorted(lines[i + 1].split())))
    return ("ok", out)


def dimacs_sets(aspsat, path, tmp):
    """Answer sets through the exported CNF and cadical; ('refused', msg) on exit 65."""
    p = subprocess.run([aspsat, "dimacs", path], capture_output=True, text=True, timeout=120)
    if p.returncode == 65:
        return ("refused", p.stderr.strip().splitlines()[-1])
    if p.returncode != 0:
        return ("crash", f"dimacs exit {p.returncode}: {p.stderr.strip()[:400]}")
    atoms = {}
    facts = []
    clauses = []
    for line in p.stdout.splitlines():
        if line.startswith("c fact "):
            facts.append(line.split(" ", 2)[2])
        elif line.startswith("c atom "):
            # several atoms may share a variable (`c atom 2 a2` and `c atom 2 a1`)
            _, _, var, sym = line.split(" ", 3)
            atoms.setdefault(int(var), []).append(sym)
        elif line.startswith("p cnf"):
            nvars = int(line.split()[2])
        elif line and not line.startswith("c"):
            clauses.append(line)
    out = set()
    try:  # CaDiCaL in-process (python-sat): one incremental solver for the whole enumeration
        from pysat.solvers import Cadical195
    except ImportError:
        Cadical195 = None
    if Cadical195 is not None:
        with Cadical195(bootstrap_with=[[int(x) for x in c.split()[:-1]] for c in clauses]) as s:
            for _ in range(100000):
                if not s.solve():
                    return ("ok", out)
                values = {abs(v): v > 0 for v in s.get_model()}
                out.add(tuple(sorted(facts + [a for v in atoms if values.get(v, False)
                                              for a in atoms[v]])))
                block = [(-v if values.get(v, False) else v) for v in atoms]
                if not block:
                    return ("ok", out)
                s.add_clause(block)
        return ("crash", "too many models")
    cnf_path = os.path.join(tmp, "x.cnf")
    for _ in range(10000):
        with open(cnf_path, "w") as f:
            f.write(f"p cnf {nvars} {len(clauses)}\n" + "\n".join(clauses) + "\n")
        r = subprocess.run(["cadical", "-q", cnf_path], capture_output=True, text=True,
                           timeout=120)
        if r.returncode == 20:
            return ("ok", out)
        if r.returncode != 10:
            return ("crash", f"cadical exit {r.returncode}")
        values = {}
        for line in r.stdout.splitlines():
            if line.startswith("v "):
                for x in line.split()[1:]:
                    v = int(x)
                    if v != 0:
                        values[abs(v)] = v > 0
        shown = tuple(sorted(facts + [a for v in atoms if values.get(v, False) for a in atoms[v]]))
        out.add(shown)
        block = [(-v if values.get(v, False) else v) for v in atoms]
        if not block:
            return ("ok", out)
        clauses.append(" ".join(map(str, block)) + " 0")
    return ("crash", "too many models")


def refusal_kind(message):
    """A short name for why `aspsat dimacs` refused a program (its error message)."""
    for needle, kind in [("conditional literal", "conditional literal not monotone in its loop"),
                         ("aggregate that is not monotone", "aggregate not monotone in its loop"),
                         ("mentions", "condition on its own disjunctive head"),
                         ("not head-cycle-free", "disjunction not head-cycle-free")]:
        if needle in message:
            return kind
    return message.split("error: ")[-1][:60]


# ----- random programs -----------------------------------------------------------------------

OPS = ["=", "!=", "<", "<=", ">", ">="]


def lit(rng, atoms, pos=70):
    a = rng.choice(atoms)
    r = rng.randrange(100)
    if r < pos:
        return a
    return ("not not " if rng.randrange(3) == 0 else "not ") + a


def aggregate(rng, atoms):
    func = rng.choice(["#count", "#sum", "#min", "#max", "#sum+"])
    elems = []
    for i in range(rng.randint(1, 3)):
        cond = [lit(rng, atoms, 75) for _ in range(rng.randint(1, 2))]
        tag = 0 if rng.randrange(5) == 0 else i + 1
        elems.append(f"{rng.randint(-1, 2)},{tag} : {', '.join(cond)}")
    agg = f"{func} {{ {'; '.join(elems)} }}"
    if rng.randrange(5) == 0:
        lo = rng.randint(-1, 1)
        return f"{lo} <= {agg} <= {lo + rng.randint(0, 2)}"
    return f"{agg} {rng.choice(OPS)} {rng.randint(-1, 2)}"


def body_elem(rng, atoms):
    r = rng.randrange(10)
    if r < 5:
        return lit(rng, atoms, 60)
    if r < 7:
        cond = [lit(rng, atoms, 70) for _ in range(rng.randint(1, 2))]
        return f"{lit(rng, atoms, 75)} : {', '.join(cond)}"
    neg = rng.choice(["", "", "", "not ", "not not "])
    return neg + aggregate(rng, atoms)


def head(rng, atoms, disjunctive):
    r = rng.randrange(10)
    if r < 4:
        return rng.choice(atoms)
    if r < 6:
        elems = []
        for _ in range(rng.randint(1, 2)):
            a = rng.choice(atoms)
            if rng.randrange(4) == 0:
                a += " : " + lit(rng, atoms)
            elems.append(a)
        lo = f"{rng.randint(0, 1)} " if rng.randrange(5) == 0 else ""
        hi = f" {rng.randint(1, 2)}" if rng.randrange(5) == 0 else ""
        return f"{lo}{{ {'; '.join(elems)} }}{hi}"
    if r < 8 and disjunctive:
        elems = []
        for _ in range(rng.randint(1, 3)):
            e = lit(rng, atoms, 75)
            if rng.randrange(3) == 0:
                e += " : " + lit(rng, atoms)
            elems.append(e)
        return " ; ".join(elems)
    if r < 8:
        return rng.choice(atoms)
    return ""


def propositional(rng, disjunctive):
    atoms = [f"a{i}" for i in range(rng.randint(3, 5))]
    lines = []
    for _ in range(rng.randint(2, 6)):
        h = head(rng, atoms, disjunctive)
        n = rng.randint(1, 2) if h == "" else rng.randint(0, 2)
        body = [body_elem(rng, atoms) for _ in range(n)]
        lines.append(f"{h} :- {'; '.join(body)}." if body else f"{h}.")
    lines += [f"#show {a}/0." for a in atoms]
    return "\n".join(lines) + "\n"


def first_order(rng):
    """Reachability with #count or #sum, conditional literals over domains, guesses."""
    n = rng.randint(3, 4)
    lines = [f"n(1..{n}).", "{ e(X,Y) : n(X), n(Y), X != Y }."]
    r = rng.randrange(4)
    if r == 0:
        k = rng.randint(1, 2)
        lines += ["r(1).", f"r(Y) :- n(Y), #count {{ X : r(X), e(X,Y) }} >= {k}."]
    elif r == 1:
        lines += ["r(1).", "r(Y) :- n(Y), #sum { X,X : r(X), e(X,Y) } > 1.",
                  "r(Y) :- n(Y), Y > 1, r(Y-1), not e(Y-1,Y)."]
    elif r == 2:
        lines += ["ok(X) :- n(X), ok(Y) : e(X,Y).", "bad(X) :- n(X), not ok(X)."]
    else:
        lines += ["r(1).", "r(Y) :- n(Y), r(X) : e(X,Y), n(X); e(_,Y).",
                  "s(Y) :- n(Y), #min { X : r(X), e(X,Y) } != 2."]
    lines += [f":- #count {{ X,Y : e(X,Y) }} > {rng.randint(2, 4)}."]
    if rng.randrange(2):
        lines.append("#show r/1. #show ok/1. #show s/1.")
    return "\n".join(lines) + "\n"


def own_heads(rng):
    """Programs of the shape clingo issue #495 is about: facts and plain rules giving atoms to
    predicates that conditional disjunctions of a loop define too, rules with two recursive
    literals, conditions (in heads, body conditional literals, aggregates) over those heads."""
    if rng.randrange(2):
        atoms = [f"a{i}" for i in range(rng.randint(3, 5))]
        lines = [f"{a}." for a in atoms if rng.randrange(4) == 0]
    else:
        # with arguments: unification decides which rules depend on each other
        names = [f"p{i}" for i in range(rng.randint(2, 3))]
        atoms = [f"{n}({t})" for n in names for t in ("1", "2", "X", "Y")]
        lines = ["d(1..2)."] + [f"{n}({rng.randint(1, 2)})." for n in names
                                if rng.randrange(3) == 0]
    for _ in range(rng.randint(2, 5)):
        r = rng.randrange(10)
        if r < 4:
            elems = []
            for _ in range(rng.randint(1, 2)):
                e = rng.choice(atoms)
                if rng.randrange(3) > 0:
                    e += " : " + ", ".join(lit(rng, atoms, 85) for _ in range(rng.randint(1, 2)))
                elems.append(e)
            h = " ; ".join(elems)
        elif r < 8:
            h = rng.choice(atoms)
        else:
            h = f"{{ {rng.choice(atoms)} : {lit(rng, atoms, 85)} }}"
        body = []
        for _ in range(rng.randint(0, 3)):
            k = rng.randrange(10)
            if k < 6:
                body.append(lit(rng, atoms, 85))
            elif k < 8:
                body.append(f"{lit(rng, atoms, 85)} : {lit(rng, atoms, 85)}")
            else:
                body.append(f"#count {{ 1 : {lit(rng, atoms, 85)} }} > 0")
        if "(" in atoms[0]:
            # every variable bound by the domain (clingo's safety)
            body += ["d(X)", "d(Y)"]
        lines.append(f"{h} :- {'; '.join(body)}." if body else f"{h}.")
    if "(" not in atoms[0]:
        lines += [f"#show {a}/0." for a in atoms]
    return "\n".join(lines) + "\n"


def program(rng, kind):
    if kind == "own":
        return own_heads(rng)
    if kind == "all":
        kind = rng.choice(["agg", "agg", "disj", "disj", "fo"])
    if kind == "agg":
        return propositional(rng, False)
    if kind == "disj":
        return propositional(rng, True)
    return first_order(rng)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--programs", type=int, default=500)
    ap.add_argument("--kind", default="all", choices=["all", "agg", "disj", "fo", "own"])
    ap.add_argument("--aspsat", default=os.path.join(ROOT, "target", "release", "aspsat"))
    ap.add_argument("--no-dimacs", action="store_true")
    ap.add_argument("--show", action="store_true")
    ap.add_argument("--show-refused", action="store_true",
                    help="print each program aspsat refuses (embedded or dimacs) with the message")
    args = ap.parse_args()
    use_dimacs = not args.no_dimacs and shutil.which("cadical") is not None
    counts = {"programs": 0, "agree": 0, "differ": 0, "refused": 0, "crash": 0,
              "clasp_eq_bug": 0, "dimacs_agree": 0, "dimacs_differ": 0, "dimacs_refused": 0,
              "dimacs_crash": 0, "dimacs_clasp_eq_bug": 0}
    refusals = {}
    dimacs_refusals = {}
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "p.lp")
        for i in range(args.programs):
            seed = args.seed + i
            rng = random.Random(seed)
            text = program(rng, args.kind)
            if args.show:
                print(text)
            with open(path, "w") as f:
                f.write(text)
            try:
                expected = clingo_sets(text)
            except RuntimeError:
                counts["clingo_rejects"] = counts.get("clingo_rejects", 0) + 1
                continue
            counts["programs"] += 1
            status, got = aspsat_sets(args.aspsat, path)
            if status == "ok" and got == expected:
                counts["agree"] += 1
            elif status == "refused":
                counts["refused"] += 1
                refusals[got.split("error: ")[-1][:60]] = refusals.get(got.split("error: ")[-1][:60], 0) + 1
                if args.show_refused:
                    print(f"--- seed {seed} refused:\n{text}aspsat: {got}", flush=True)
            elif status == "ok" and clasp_equivalence_bug(text, got):
                counts["clasp_eq_bug"] += 1
                print(f"--- seed {seed} (clasp --eq):\n{text}clingo: {sorted(expected)}\n"
                      f"aspsat and clingo --eq=0: {sorted(got)}", flush=True)
            else:
                counts["crash" if status == "crash" else "differ"] += 1
                print(f"--- seed {seed} ({status}):\n{text}clingo: {sorted(expected)}\n"
                      f"aspsat: {got if status != 'ok' else sorted(got)}", flush=True)
            if use_dimacs:
                status, got = dimacs_sets(args.aspsat, path, tmp)
                if status == "ok" and got == expected:
                    counts["dimacs_agree"] += 1
                elif status == "refused":
                    counts["dimacs_refused"] += 1
                    why = refusal_kind(got)
                    dimacs_refusals[why] = dimacs_refusals.get(why, 0) + 1
                    if args.show_refused:
                        print(f"--- seed {seed} dimacs refused:\n{text}aspsat: {got}", flush=True)
                elif status == "ok" and clasp_equivalence_bug(text, got):
                    counts["dimacs_clasp_eq_bug"] += 1
                    print(f"--- seed {seed} dimacs (clasp --eq): cadical agrees with clingo "
                          "--eq=0", flush=True)
                else:
                    counts["dimacs_crash" if status == "crash" else "dimacs_differ"] += 1
                    print(f"--- seed {seed} dimacs ({status}):\n{text}clingo: "
                          f"{sorted(expected)}\ncadical: {got if status != 'ok' else sorted(got)}",
                          flush=True)
    print(" ".join(f"{k}={v}" for k, v in counts.items()))
    for msg, n in sorted(refusals.items(), key=lambda x: -x[1]):
        print(f"  refused {n}: {msg}")
    for msg, n in sorted(dimacs_refusals.items(), key=lambda x: -x[1]):
        print(f"  dimacs refused {n}: {msg}")
    bad = counts["differ"] + counts["crash"] + counts["dimacs_differ"] + counts["dimacs_crash"]
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
