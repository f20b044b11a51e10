#!/usr/bin/env python3
"""A clingo user's habits on aspsat's command line, compared with clingo 5.8.3.

Usage:
    python3 scripts/clingo_cli.py [--aspsat PATH] [PROGRAMS...]

For each program (default: a few from tests/programs and tests/ground) and each command line
of CASES, runs `aspsat ARGS PROGRAM` and clingo (the Python module's application, whose exit
code `python3 -m clingo` drops) with the same arguments, and compares the exit code and the
answer sets: with --outf=2 the JSON witnesses (as a multiset of sorted lists; for optimization
the best cost), otherwise the verdict line, the number of `Answer:` lines or `ANSWER` blocks
printed and the `Models` count (the last `Optimization`/`COST` value when optimizing). Prints one line per difference and a summary; exits 1 on a difference.
The search order of the two solvers differs: -n 1 and --quiet=1 compare how many models were
printed, never which; optimization compares the best cost, not the improving models; brave and
cautious consequences compare the last estimate and the summary's counts (with optN or enum on
optimization programs also the `Optimum`/`Optimal`/`Optimization` lines); `--opt-mode=enum`
compares the number of models and the summary's lines, not the order of the costs.
"""

import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
CLINGO = ("import sys\n"
          "from clingo.application import clingo_main\n"
          "import clingo.__main__ as m\n"
          "sys.exit(clingo_main(m.PyClingoApplication(), sys.argv[1:]))\n")
PROGRAMS = ["tests/programs/choice_bounds_le.lp", "tests/programs/constraint_unsat.lp",
            "tests/programs/opt_minimize_basic.lp", "tests/ground/disjunctions.lp",
            "tests/ground/show.lp"]
CASES = [
    ["0"], ["--outf=2", "0"], ["--outf=0", "0"], ["--outf=3", "0"], ["--outf=1", "0"], ["--outf=1", "--quiet=0", "0"],
    ["-q", "0"], ["--quiet=1", "0"], ["--quiet=2,2,2", "0"], ["-V0", "0"], ["--verbose=0", "0"],
    ["--time-limit=0", "0"], ["-t", "2", "0"], ["--parallel-mode=2,split", "0"], ["-n", "1"],
    ["--models=0"], ["--opt-mode=optN", "0"], ["-c", "n=3", "0"], ["--stats", "0"],
    ["--stats=2", "0"], ["--seed=7", "0"], ["-Wnone", "0"], ["--warn=no-atom-undefined", "0"],
    ["-W", "none", "-W", "operation-undefined"], ["--enum-mode=bt", "0"], ["--enum-mode=record", "0"],
    ["-n", "2"], ["--outf=2", "-n", "1"], ["--opt-mode=enum", "0"], ["--opt-mode=enum"],
    ["--opt-mode=enum", "--outf=2", "0"], ["--opt-mode=optN"], ["--stats=2,1", "--outf=2", "0"],
]
# Brave and cautious consequences. On optimization programs with the default --opt-mode=opt
# clingo's answer "may depend on enumeration order" (its own warning: models that each are
# better and improve the estimate): not compared there; optN (the optimal models) and enum
# (all models) are.
CONSEQUENCE_CASES = [
    ["--enum-mode=brave"], ["--enum-mode=cautious"], ["--enum-mode=brave", "--outf=2"],
    ["-e", "cautious", "--outf=2"], ["--enum-mode=brave", "-n", "1"],
]
OPTIMIZATION_CONSEQUENCE_CASES = [
    ["--opt-mode=optN", "--enum-mode=brave"], ["--opt-mode=optN", "--enum-mode=cautious"],
    ["--opt-mode=optN", "-e", "cautious", "--outf=2"], ["--opt-mode=optN", "-e", "brave", "-n", "1"],
    ["--opt-mode=enum", "--enum-mode=brave"], ["--opt-mode=enum", "--enum-mode=cautious", "--outf=2"],
]
VERDICTS = ("SATISFIABLE", "UNSATISFIABLE", "OPTIMUM FOUND", "UNKNOWN",
            "INCONSISTENT", "OPTIMUM")


def summary(stdout, args):
    """What must agree: the verdict, and the answer sets (or, when optimizing, the best cost:
    the models improving towards it depend on the search)."""
    lines = stdout.splitlines()
    first_only = "-n" in args and args[args.index("-n") + 1] == "1"
    if "--outf=2" in args:
        doc = json.loads(stdout)
        ws = [w for call in doc.get("Call", []) for w in call.get("Witnesses", [])]
        if first_only:
            return ("json", doc["Result"], len(ws), doc["Models"].get("Optimum"))
        if "Consequences" in doc["Models"]:
            return ("json", doc["Result"], sorted(ws[-1]["Value"]) if ws else [],
                    doc["Models"]["Consequences"], doc["Models"].get("Costs"),
                    doc["Models"].get("Optimal"))
        costs = [w["Costs"] for w in ws if "Costs" in w]
        if costs:
            return ("json", doc["Result"], min(costs))
        return ("json", doc["Result"], sorted(sorted(w["Value"]) for w in ws))
    verdict = [l for l in lines if l in VERDICTS]
    costs = [l.split(":", 1)[1].strip() if ":" in l else l[len("COST"):].strip()
             for l in lines if l.lstrip("% ").startswith(("Optimization", "COST"))]
    consequences = any(a.startswith(("--enum-mode=b", "--enum-mode=c")) or a in ("brave", "cautious")
                       for a in args)
    if "--opt-mode=enum" in args and not consequences:
        # every model with its costs, in the search's order: the count and the summary
        answers = sum(1 for l in lines if l.startswith("Answer:"))
        return ("enum", verdict, answers, [l for l in lines if l.startswith(("Models ", "  Optim"))],
                any(l.startswith("Optimization :") for l in lines))
    if costs and not consequences:
        return ("optimization", verdict, costs[-1])
    if consequences:
        # the consequences (the last estimate) and the summary; the estimates before depend
        # on the search order
        answers = [l for l, nxt in zip(lines, lines[1:] + [""])
                   if nxt.startswith("Consequences:")]
        counts = [l for l in lines if l.startswith(("Consequences :", "  Brave", "  Cautious",
                                                    "  Optim", "Optimization :"))]
        if first_only:
            # after one model the count is that model's size (brave) or the shown atoms of
            # it (cautious): which model comes first depends on the search; compare the labels
            labels = [c.split(":")[0].strip() + (": unknown" if "unknown" in c else "")
                      for c in counts]
            return ("consequences", verdict, len(answers), labels)
        return ("consequences", verdict, sorted(answers[-1:][0].split()) if answers else [],
                counts)
    answers = sum(1 for l in lines if l.startswith("Answer:") or l == "ANSWER")
    models = [l.split(":")[1].strip() for l in lines if l.lstrip("% ").startswith("Models ")]
    return ("text", verdict, answers, models)


def run(cmd):
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120)
    return r.returncode, r.stdout, r.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--aspsat", default=os.path.join(ROOT, "target", "release", "aspsat"))
    ap.add_argument("programs", nargs="*")
    a = ap.parse_args()
    programs = a.programs or PROGRAMS
    differences = runs = 0
    for prog in programs:
        with open(os.path.join(ROOT, prog)) as f:
            text = f.read()
        optimizing = any(k in text for k in ("#minimize", "#maximize", ":~"))
        for case in CASES + (OPTIMIZATION_CONSEQUENCE_CASES if optimizing else CONSEQUENCE_CASES):
            args = case + [prog]
            runs += 1
            code_a, out_a, err_a = run([a.aspsat] + args)
            code_c, out_c, _ = run([sys.executable, "-c", CLINGO] + args)
            try:
                same = code_a == code_c and summary(out_a, args) == summary(out_c, args)
            except (ValueError, KeyError) as e:
                same, out_a = False, f"{out_a}\n({e})"
            if not same:
                differences += 1
                print(f"DIFF aspsat/clingo {' '.join(args)}: exit {code_a}/{code_c}; "
                      f"{summary_or(out_a, args)} / {summary_or(out_c, args)} {err_a.strip()[:200]}")
    print(f"{runs} command lines, {differences} differences")
    return 1 if differences else 0


def summary_or(out, args):
    try:
        return summary(out, args)
    except (ValueError, KeyError):
        return out[:200]


if __name__ == "__main__":
    sys.exit(main())
