#!/usr/bin/env python3
"""Regenerate the aspif fixtures of tests/aspif.rs (tests/aspif/).

For each NAME below, tests/aspif/NAME.aspif is what clingo 5.8.3's grounder writes for
tests/programs/NAME.lp (`python3 -m clingo --mode=gringo [ARGS] tests/programs/NAME.lp`,
unchanged), and tests/aspif/NAME.json records what clingo 5.8.3's solver answers for that
aspif (`python3 -m clingo --outf=2 0 [--opt-mode=optN] [--project] tests/aspif/NAME.aspif`):

    {"source": ..., "aspif_from": the grounding command or "written by hand",
     "solve_args": [...], "result": clingo's Result, "answer_sets": sorted multiset,
     "optimum": cost vector of the optimal answer sets (optimization only)}

The hand_*.aspif fixtures (statements gringo never writes: assumptions, comments) are kept as
they are; only their .json is regenerated. For optimization, only the witnesses with the
optimal cost are recorded. The test runs `aspsat solve --json -n 0 [solve_args] -` on each
fixture, so it needs no clingo.

Usage: python3 scripts/aspif_fixtures.py [--check]
"""

import glob
import json
import os
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
OUT = os.path.join(ROOT, "tests", "aspif")
CLINGO = [sys.executable, "-m", "clingo"]

# tests/programs/NAME.lp → tests/aspif/NAME.aspif: a representative set of every statement
# gringo writes (rules with choice and disjunctive heads, weight bodies, minimize, output,
# external, project, heuristic, edge), tight and non-tight, with and without optimization
PROGRAMS = [
    "agg_count_guards", "agg_min_max_terms", "agg_recursive", "agg_sum_basic",
    "agg_sum_negative", "choice_bounds_eq", "disj_2qbf", "disj_cond_head", "disj_non_hcf",
    "disj_saturation", "edge_conditions", "edge_random_1", "external_defaults",
    "external_defined", "heuristic_ignored", "nontight_condlit_recursive", "opt_decided_levels",
    "opt_decided_literals", "opt_tsp", "opt_weak_constraints", "project_atoms", "queens4",
    "show_classical_neg", "show_term", "show_term_duplicate", "terms_strings", "terms_tuples",
    "unsat_pigeonhole",
]


def program_args(path):
    with open(path, encoding="utf-8") as f:
        first = f.readline()
    if first.startswith("%!") and "args:" in first:
        return first.split("args:", 1)[1].split()
    return []


def solve(aspif_path, solve_args):
    out = subprocess.run(CLINGO + ["--outf=2", "0"] + solve_args + [aspif_path],
                         capture_output=True, check=False).stdout
    doc = json.loads(out)
    witnesses = [w for call in doc["Call"] for w in call.get("Witnesses", [])]
    result = {"result": doc["Result"]}
    if any("Costs" in w for w in witnesses):
        best = min(w["Costs"] for w in witnesses)
        sets = {tuple(sorted(w["Value"])) for w in witnesses if w["Costs"] == best}
        result["answer_sets"] = sorted(list(s) for s in sets)
        result["optimum"] = best
    else:
        result["answer_sets"] = sorted(sorted(w["Value"]) for w in witnesses)
    return result


def main():
    check = "--check" in sys.argv[1:]
    os.makedirs(OUT, exist_ok=True)
    fixtures = []
    for name in PROGRAMS:
        lp = os.path.join(ROOT, "tests", "programs", name + ".lp")
        args = program_args(lp)
        ground_args = [a for a in args if a != "--project"]
        cmd = CLINGO + ["--mode=gringo"] + ground_args + [os.path.relpath(lp, ROOT)]
        aspif = subprocess.run(cmd, capture_output=True, cwd=ROOT, check=True).stdout
        path = os.path.join(OUT, name + ".aspif")
        if check:
            with open(path, "rb") as f:
                if f.read() != aspif:
                    sys.exit(f"{path} differs from clingo's grounding")
        else:
            with open(path, "wb") as f:
                f.write(aspif)
        origin = "python3 -m clingo --mode=gringo " + " ".join(cmd[4:])
        fixtures.append((path, origin, [a for a in args if a == "--project"]))
    for path in sorted(glob.glob(os.path.join(OUT, "hand_*.aspif"))):
        fixtures.append((path, "written by hand", []))
    for path, origin, solve_args in fixtures:
        opt = ["--opt-mode=optN"]
        doc = {
            "source": "clingo 5.8.3 (python3 -m clingo --outf=2 0 " +
                      " ".join(opt + solve_args) + " FILE.aspif)",
            "aspif_from": origin,
            "solve_args": opt + solve_args,
        }
        doc.update(solve(path, opt + solve_args))
        text = json.dumps(doc, indent=1) + "\n"
        json_path = path[:-len(".aspif")] + ".json"
        if check:
            with open(json_path, encoding="utf-8") as f:
                if f.read() != text:
                    sys.exit(f"{json_path} differs")
        else:
            with open(json_path, "w", encoding="utf-8") as f:
                f.write(text)
        print(f"{os.path.relpath(json_path, ROOT)}: {doc['result']}, "
              f"{len(doc['answer_sets'])} answer sets")


if __name__ == "__main__":
    main()
