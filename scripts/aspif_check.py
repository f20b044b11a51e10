#!/usr/bin/env python3
"""aspif in and out, checked on every encoding in the repository.

For each program P (tests/programs/*.lp, benchmarks/**/*.lp with their instances, the seed
puzzles in encodings/ with instances/) this compares the answer sets (the optimal ones, with
their costs, for optimization programs) of

    aspsat solve P                                      the reference
    python3 -m clingo --mode=gringo P | aspsat solve -  aspif of clingo 5.8.3's grounder
    gringo P | aspsat solve -                           aspif of Debian's gringo 5.4 (--gringo)
    aspsat ground --aspif P | clingo -                  aspsat's aspif, solved by clingo 5.8.3

and prints one line per program and a summary with counts. A program clingo's grounder
refuses (gringo 3's `#hide.`, say) is counted as "not runnable" for that pipeline, never as
agreement.

Usage: python3 scripts/aspif_check.py [--gringo] [--timeout SECS] [--only SUBSTRING] [FILES...]
Exit status 1 when any pipeline disagrees with the reference.
"""

import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
ASPSAT = os.path.join(ROOT, "target", "release", "aspsat")
CLINGO = [sys.executable, "-m", "clingo"]

# seed puzzles: encoding → instance files (each pair is one program)
PUZZLE_INSTANCES = {
    "edge_matching.lp": ["animals.lp", "insects.lp"],
    "equation.lp": ["equation_1.lp"],
    "flower_disks.lp": ["disks_original.lp", "disks_modified.lp"],
    "jodici.lp": ["jodici_1.lp"],
}


def programs():
    """(name, files, extra args, optimization?) for every encoding in the repository."""
    out = []
    for p in sorted(glob.glob(os.path.join(ROOT, "tests", "programs", "*.lp"))):
        with open(p, encoding="utf-8") as f:
            first = f.readline()
        m = re.match(r"^%!\s*args:(.*)$", first)
        args = m.group(1).split() if m else []
        out.append((os.path.relpath(p, ROOT), [p], args))
    for p in sorted(glob.glob(os.path.join(ROOT, "benchmarks", "*.lp"))):
        out.append((os.path.relpath(p, ROOT), [p], []))
    for p in sorted(glob.glob(os.path.join(ROOT, "benchmarks", "encodings", "*.lp"))):
        out.append((os.path.relpath(p, ROOT), [p], []))
    for p in sorted(glob.glob(os.path.join(ROOT, "benchmarks", "enum", "*.lp"))):
        out.append((os.path.relpath(p, ROOT), [p], []))
    gc = os.path.join(ROOT, "benchmarks", "real", "graph_colouring")
    for enc in ("encoding.lp", "fewest_colours.lp"):
        for inst in sorted(glob.glob(os.path.join(gc, "instances", "*.lp")))[:2]:
            out.append((f"graph_colouring/{enc}+{os.path.basename(inst)}",
                        [os.path.join(gc, enc), inst], []))
    for p in sorted(glob.glob(os.path.join(ROOT, "encodings", "*.lp"))):
        name = os.path.basename(p)
        for inst in PUZZLE_INSTANCES.get(name, [None]):
            files = [p] + ([os.path.join(ROOT, "instances", inst)] if inst else [])
            label = os.path.relpath(p, ROOT) + (f"+{inst}" if inst else "")
            out.append((label, files, []))
    return out


def is_optimization(witnesses_json):
    return any("Costs" in w for call in witnesses_json.get("Call", [])
               for w in call.get("Witnesses", []))


def answer(stdout, as_sets=False):
    """(result, answer sets) from clingo's --outf=2 document; for optimization the distinct
    optimal answer sets with their costs. With `as_sets`, an atom printed twice in one answer
    set counts once (clingo prints an atom and an equal `#show` term twice in a text program,
    once from aspif, where the two are one output text)."""
    try:
        doc = json.loads(stdout)
    except ValueError:
        return "no JSON output", []
    witnesses = [w for call in doc.get("Call", []) for w in call.get("Witnesses", [])]
    if as_sets:
        for w in witnesses:
            w["Value"] = sorted(set(w["Value"]))
    result = doc.get("Result")
    if any("Costs" in w for w in witnesses):
        best = min(tuple(w["Costs"]) for w in witnesses)
        sets = sorted({(tuple(sorted(w["Value"])), tuple(w["Costs"]))
                       for w in witnesses if tuple(w["Costs"]) == best})
        return result, sets
    return result, sorted(tuple(sorted(w["Value"])) for w in witnesses)


def run(cmd, timeout, stdin=None):
    try:
        p = subprocess.run(cmd, input=stdin, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "timeout"
    return p, None


def solve_args(args, optimize):
    project = ["--project"] if "--project" in args else []
    return ["0", "--outf=2"] + project + (["--opt-mode=optN"] if optimize else [])


def ground_args(args):
    return [a for a in args if a != "--project"]


def check(files, args, timeout, use_gringo):
    """{pipeline: 'ok' | 'DIFF ...' | 'not runnable: ...'} for one program."""
    ref, err = run([ASPSAT, "solve"] + files + ground_args(args) + solve_args(args, False),
                   timeout)
    if err or ref.returncode not in (10, 20, 30):
        return None, f"reference failed: {err or ref.stderr.decode()[:200]}"
    optimize = is_optimization(json.loads(ref.stdout))
    if optimize:
        ref, err = run([ASPSAT, "solve"] + files + ground_args(args) + solve_args(args, True),
                       timeout)
        if err:
            return None, f"reference failed: {err}"
    expected = answer(ref.stdout)
    outcome = {}
    groundings = [("clingo-aspif", CLINGO + ["--mode=gringo"])]
    if use_gringo:
        groundings.append(("gringo54-aspif", ["gringo"]))
    for label, grounder in groundings:
        g, err = run(grounder + files + ground_args(args), timeout)
        # `python3 -m clingo` exits 0 after an error: only aspif on standard output counts
        if err or g.returncode != 0 or not g.stdout.startswith(b"asp "):
            why = err or (g.stderr.decode().strip().splitlines() or ["no output"])[-1][:100]
            outcome[label] = f"not runnable: {why}"
            continue
        s, err = run([ASPSAT, "solve", "-"] + solve_args(args, optimize), timeout, g.stdout)
        if err or s.returncode not in (10, 20, 30):
            outcome[label] = f"DIFF aspsat failed: {err or s.stderr.decode()[:200]}"
            continue
        # clingo's solver on the same aspif: what aspsat must print exactly
        c, err = run(CLINGO + ["-"] + solve_args(args, optimize), timeout, g.stdout)
        by_clingo = answer(c.stdout) if not err else None
        got = answer(s.stdout)
        if by_clingo is not None and got != by_clingo:
            outcome[label] = f"DIFF from clingo on the same aspif: {got} != {by_clingo}"
        elif answer(s.stdout, True) != answer(ref.stdout, True):
            # aspsat agrees with clingo's solver on this aspif: the grounder (gringo 5.4) made
            # another ground program than clingo 5.8 does from the text
            outcome[label] = f"grounder differs: aspsat = clingo on its aspif = {got}, " \
                             f"clingo 5.8 on the text = {expected}"
        else:
            outcome[label] = "ok"
    g, err = run([ASPSAT, "ground", "--aspif"] + files + ground_args(args), timeout)
    if not err and g.returncode == 65 and b"is not written" in g.stderr:
        outcome["aspsat-aspif"] = "refused: " + g.stderr.decode().strip()[:120]
    elif err or g.returncode != 0:
        outcome["aspsat-aspif"] = f"DIFF aspsat ground --aspif failed: " \
                                  f"{err or g.stderr.decode()[:200]}"
    else:
        s, err = run(CLINGO + ["-"] + solve_args(args, optimize), timeout, g.stdout)
        if err or s.returncode not in (0, 10, 20, 30):
            why = err or s.stderr.decode()[:300]
            outcome["aspsat-aspif"] = f"DIFF clingo failed: {why}"
        else:
            same = answer(s.stdout, True) == answer(ref.stdout, True)
            outcome["aspsat-aspif"] = "ok" if same else \
                f"DIFF {answer(s.stdout)} != {expected}"
    return outcome, None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gringo", action="store_true", help="also Debian's gringo 5.4")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--only", default="")
    ap.add_argument("files", nargs="*")
    opts = ap.parse_args()
    if opts.gringo and not shutil.which("gringo"):
        sys.exit("gringo not found (apt-get install gringo)")
    todo = [(f, [os.path.abspath(f)], []) for f in opts.files] or programs()
    counts = {}
    failed = False
    if not os.path.exists(ASPSAT):
        sys.exit("build first: cargo build --release")
    for name, files, args in todo:
        if opts.only not in name:
            continue
        outcome, err = check(files, args, opts.timeout, opts.gringo)
        if err:
            print(f"{name}: skipped ({err.strip()})")
            counts.setdefault("reference", {}).setdefault("skipped", 0)
            counts["reference"]["skipped"] += 1
            continue
        line = []
        for pipeline, verdict in outcome.items():
            kind = verdict.split(":")[0].split(" ")[0]
            counts.setdefault(pipeline, {}).setdefault(kind, 0)
            counts[pipeline][kind] += 1
            if kind == "DIFF":
                failed = True
            line.append(f"{pipeline}={verdict}")
        print(f"{name}: " + "; ".join(line), flush=True)
    print("\nsummary (programs per verdict):")
    for pipeline, c in counts.items():
        print(f"  {pipeline}: " + ", ".join(f"{k} {v}" for k, v in sorted(c.items())))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
