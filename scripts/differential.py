#!/usr/bin/env python3
"""Differential check of aspsat against clingo 5.8.3 (the `clingo` Python module).

Runs both on every encoding in encodings/ (with its instances), on the golden programs, and on
random programs over the supported language, and compares the multisets of answer sets (and the
optimum for optimization programs). Prints failing programs with their seed so they can be
replayed with `--seed S --programs 1`.

    python3 scripts/differential.py [--seed S] [--programs N] [--aspsat PATH] [--keep DIR]
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def clingo_answer_sets(files, args=(), timeout=60):
    import clingo

    ctl = clingo.Control(["0", "--opt-mode=optN", *args], logger=lambda code, msg: None)
    for f in files:
        with open(f) as fh:
            text = fh.read()
        # clingo 5 rejects gringo 3's `#hide.`; `#show.` means the same (aspsat takes both)
        ctl.add("base", [], text.replace("#hide.", "#show."))
    ctl.ground([("base", [])])
    models = []
    with ctl.solve(yield_=True) as handle:
        for m in handle:
            models.append((sorted(str(s) for s in m.symbols(shown=True)), list(m.cost)))
    optimizing = any(c for _, c in models)
    if optimizing or (models and models[-1][1]):
        best = min(c for _, c in models)
        sets = sorted(s for s, c in models if c == best)
        # optN reports the first optimal model twice
        dedup = []
        for s in sets:
            if s not in dedup:
                dedup.append(s)
        return {"sets": dedup, "optimum": best, "opt": True}
    return {"sets": sorted(s for s, _ in models), "optimum": None, "opt": False}


def aspsat_answer_sets(aspsat, files, args=(), timeout=60):
    cmd = [aspsat, "solve", "--json", "-n", "0", "--opt-mode=optN", *args, *files]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if p.returncode == 65:
        return {"error": p.stderr.strip()}
    if p.returncode not in (10, 20, 30):
        return {"crash": f"exit {p.returncode}: {p.stderr.strip()[:500]}"}
    doc = json.loads(p.stdout)
    witnesses = doc["Call"][0].get("Witnesses", [])
    if doc["Result"] == "OPTIMUM FOUND":
        best = doc["Models"]["Costs"]
        sets = []
        for w in witnesses:
            if w.get("Costs") == best:
                s = sorted(w["Value"])
                if s not in sets:
                    sets.append(s)
        return {"sets": sorted(sets), "optimum": best, "opt": True}
    return {"sets": sorted(sorted(w["Value"]) for w in witnesses), "optimum": None, "opt": False}


# ----- random programs -----------------------------------------------------------------------

def random_program(rng):
    """A random safe program: a small domain, choices, rules with variables, negation,
    comparisons, arithmetic, aggregates, classical negation, optionally optimization."""
    n = rng.randint(2, 3)
    preds = ["p", "q", "r", "s"]
    lines = [f"d(1..{n})."]
    def atom(pred, var):
        return f"{pred}({var})"
    def lit(var):
        pred = rng.choice(preds)
        kind = rng.random()
        if kind < 0.55:
            return atom(pred, var)
        if kind < 0.9:
            return "not " + atom(pred, var)
        return "not not " + atom(pred, var)
    def cmp(x, y):
        return f"{x} {rng.choice(['<', '<=', '!=', '=', '>', '>='])} {y}"
    def aggregate():
        func = rng.choice(["#count", "#sum", "#sum+", "#min", "#max"])
        pred = rng.choice(preds)
        weight = rng.choice(["X", "X-2", "1", "X*X"])
        cond = atom(pred, "X")
        if rng.random() < 0.3:
            cond += ", " + lit("X")
        guard = rng.choice(["<", "<=", ">", ">=", "=", "!="])
        bound = rng.randint(-1, 4)
        return f"{func} {{ {weight},X : {cond}, d(X) }} {guard} {bound}"
    for _ in range(rng.randint(1, 3)):
        pred = rng.choice(preds)
        lo = rng.choice(["", "1 ", f"{rng.randint(0, 2)} "])
        hi = rng.choice(["", " 2", f" {rng.randint(1, n)}"])
        cond = ""
        if rng.random() < 0.3:
            cond = ", " + rng.choice(["X > 1", "not " + atom(rng.choice(preds), "X"), "d(X)"])
        if rng.random() < 0.5:
            lines.append(f"{lo}{{ {pred}(X) : d(X){cond} }}{hi}.")
        else:
            lines.append(f"{{ {pred}(X) }} :- d(X){', ' + lit('X') if rng.random() < 0.4 else ''}.")
    for _ in range(rng.randint(1, 4)):
        head = rng.choice(preds + ["-p", "-q"])
        body = ["d(X)"]
        for _ in range(rng.randint(0, 2)):
            r = rng.random()
            if r < 0.6:
                body.append(lit(rng.choice(["X", "Y"])) if "d(Y)" in body else lit("X"))
            elif r < 0.75:
                body.append("d(Y)")
                body.append(cmp("X", "Y+1"))
            elif r < 0.9:
                body.append(aggregate())
            else:
                body.append(f"C = #count {{ Z : {rng.choice(preds)}(Z) }}")
                body.append(cmp("C", "X"))
        # heads whose body is positive in a lower predicate keep programs mostly tight
        lines.append(f"{head}(X) :- {', '.join(body)}.")
    for _ in range(rng.randint(0, 2)):
        body = ["d(X)", lit("X")]
        if rng.random() < 0.5:
            body.append(lit("X"))
        if rng.random() < 0.3:
            body = [aggregate()]
        lines.append(f":- {', '.join(body)}.")
    if rng.random() < 0.2:
        lines.append(f"#minimize {{ X@{rng.randint(1, 2)},X : {rng.choice(preds)}(X) }}.")
    if rng.random() < 0.15:
        lines.append(f":~ {rng.choice(preds)}(X), d(X). [1@1,X]")
    if rng.random() < 0.3:
        lines.append(f"#show {rng.choice(preds)}/1.")
    return "\n".join(lines) + "\n"


# Encodings and the instances they run with (an encoding without instances runs alone).
INSTANCES = {
    "edge_matching": ["animals.lp", "insects.lp"],
    "jodici": ["jodici_1.lp"],
    "flower_disks": ["disks_original.lp", "disks_modified.lp"],
    "equation": ["equation_1.lp"],
}


def encoding_runs():
    """(files, args) for every encoding with each of its instances."""
    runs = []
    enc = os.path.join(ROOT, "encodings")
    inst = os.path.join(ROOT, "instances")
    for name in sorted(os.listdir(enc)) if os.path.isdir(enc) else []:
        if not name.endswith(".lp"):
            continue
        files = [os.path.join(enc, name)]
        instances = INSTANCES.get(name[:-3], [])
        for i in instances:
            runs.append(([*files, os.path.join(inst, i)], []))
        if not instances:
            runs.append((files, []))
    return runs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--programs", type=int, default=1000)
    ap.add_argument("--aspsat", default=os.path.join(ROOT, "target", "release", "aspsat"))
    ap.add_argument("--keep", help="directory to keep failing programs in")
    ap.add_argument("--skip-encodings", action="store_true")
    ap.add_argument("--verbose", action="store_true")
    opts = ap.parse_args()
    if not os.path.exists(opts.aspsat):
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    failures, rejected, checked = [], 0, 0

    def compare(label, files, args=(), text=None):
        nonlocal rejected, checked
        try:
            want = clingo_answer_sets(files, args)
        except RuntimeError as e:
            return  # clingo rejects it (e.g. #hide.): nothing to compare
        try:
            got = aspsat_answer_sets(opts.aspsat, files, args)
        except subprocess.TimeoutExpired:
            failures.append((label, text, "aspsat timed out"))
            return
        checked += 1
        if "crash" in got:
            failures.append((label, text, got["crash"]))
        elif "error" in got:
            if "not tight" in got["error"] or "not supported" in got["error"]:
                rejected += 1
                if opts.verbose:
                    print(f"rejected {label}: {got['error'].splitlines()[0]}")
            else:
                failures.append((label, text, "rejected: " + got["error"]))
        elif got != want:
            failures.append((label, text, f"clingo {want}\n  aspsat {got}"))

    if not opts.skip_encodings:
        for files, args in encoding_runs():
            compare(" ".join(os.path.relpath(f, ROOT) for f in files), files, args)
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(opts.programs):
            seed = opts.seed * 1_000_003 + i
            rng = random.Random(seed)
            text = random_program(rng)
            path = os.path.join(tmp, f"random_{seed}.lp")
            with open(path, "w") as f:
                f.write(text)
            compare(f"random seed {seed} (--seed {opts.seed}, program {i})", [path], text=text)
    for label, text, why in failures:
        print(f"MISMATCH {label}\n  {why}")
        if text:
            print("  program:\n    " + text.replace("\n", "\n    "))
        if opts.keep and text:
            os.makedirs(opts.keep, exist_ok=True)
            with open(os.path.join(opts.keep, label.split()[2] + ".lp"), "w") as f:
                f.write(text)
    print(f"differential: {checked - len(failures) - rejected} passed, {len(failures)} failed, "
          f"{rejected} rejected as unsupported")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
