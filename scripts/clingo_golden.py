#!/usr/bin/env python3
"""Regenerate the golden answer sets of tests/programs/*.lp with the clingo Python module.

Usage:
    python3 scripts/clingo_golden.py [--check] [--cli] [FILES...]

Without FILES every tests/programs/*.lp is processed (files under tests/programs/include/
are only included by other programs and get no golden of their own).  For each NAME.lp
the golden is written to NAME.json next to it:

    {
      "source": "clingo 5.8.3 (python module), clingo.Control(['0', ...])",
      "args": [...],              # from the file's first line "%! args: ..." (may be [])
      "result": "SAT" | "UNSAT",
      "answer_sets": [[...], ...] # each answer set: sorted str() of the shown symbols;
                                  # the list of answer sets is sorted too
      "optimum": [...],           # opt_* only: cost vector of the optimal answer sets,
                                  # highest priority first (clingo's Model.cost order)
      "messages": [...],          # clingo's warnings/infos while grounding, for reference
      "note": "..."               # present when the program was rewritten (#hide.)
    }

Rules applied:
  * `%! args: ARG...` on the first line gives extra clingo options (e.g. `-c n=5`); they are
    split on whitespace and passed to clingo.Control after "0" (and to aspsat by the test).
  * `%! clingo-args: ARG...` on one of the first two lines gives options for clingo alone
    (`--eq=0` where clingo's default preprocessing answers wrongly); "source" records them.
  * Programs in the opt_ group are solved with --opt-mode=optN; only the models whose
    optimality is proven are recorded, together with their (common) cost vector.
  * gringo-3's `#hide.` is rejected by clingo 5.  A line consisting of `#hide.` is replaced
    by `#show.` (same meaning together with `#show p/n.`), and the golden records a "note".
  * Duplicates are kept: answer sets differing only in hidden atoms print alike and are
    all recorded (answer_sets is a sorted multiset); and clingo prints an atom shown by `#show p/n.` and an equal term
    shown by `#show t : body.` twice, and the golden records exactly what clingo prints.

--check   do not write; exit 1 if any existing .json differs from what would be written.
--cli     additionally run `python3 -m clingo --outf=2` on each program and fail if its
          witnesses differ from the module's (a consistency check of this script).
"""

import json
import os
import re
import subprocess
import sys

import clingo

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
PROGRAMS = os.path.join("tests", "programs")
HIDE_RE = re.compile(r"^[ \t]*#hide[ \t]*\.[ \t]*$", re.MULTILINE)
HIDE_NOTE = ("clingo 5 rejects gringo-3's '#hide.'; the golden was computed from the same "
             "program with '#hide.' replaced by '#show.'")


def file_args(text):
    """Extra command-line arguments from a first line '%! args: ...'."""
    first = text.split("\n", 1)[0]
    m = re.match(r"^%!\s*args:(.*)$", first)
    return m.group(1).split() if m else []


def clingo_only_args(text):
    """Options for clingo alone from a line '%! clingo-args: ...' among the first two: for the
    few programs where clingo's default answer is a clasp bug (its answer changes with
    `--eq=0`, an option that must not change answer sets), the golden records clingo without
    the faulty preprocessing. aspsat gets only the '%! args:' options."""
    for line in text.split("\n", 2)[:2]:
        m = re.match(r"^%!\s*clingo-args:(.*)$", line)
        if m:
            return m.group(1).split()
    return []


def group_of(path):
    name = os.path.basename(path)
    for g in ("agg_", "opt_", "disj_", "nontight_"):
        if name.startswith(g):
            return g
    return "core"


def solve(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    args = file_args(text)
    is_opt = group_of(path) == "opt_"
    ctl_args = ["0"] + args + clingo_only_args(text) + (["--opt-mode=optN"] if is_opt else [])
    messages = []

    def logger(code, msg):
        messages.append(msg.strip())

    ctl = clingo.Control(ctl_args, logger=logger)
    note = None
    if HIDE_RE.search(text):
        # Load the rewritten text; #include is resolved relative to the cwd for strings,
        # so switch to the file's directory as clingo does for files.
        note = HIDE_NOTE
        text = HIDE_RE.sub("#show.", text)
        cwd = os.getcwd()
        os.chdir(os.path.dirname(path) or ".")
        try:
            ctl.add("base", [], text)
        finally:
            os.chdir(cwd)
    else:
        ctl.load(path)
    ctl.ground([("base", [])])

    models = []

    def on_model(m):
        syms = sorted(str(s) for s in m.symbols(shown=True))
        if is_opt and m.cost:
            if m.optimality_proven:
                models.append((syms, list(m.cost)))
        else:
            # No objective (or one clingo dropped: every literal decided false): plain models.
            models.append((syms, None))

    res = ctl.solve(on_model=on_model)
    if not res.exhausted:
        raise RuntimeError(f"{path}: search not exhausted")
    # Two answer sets may print alike when they differ only in hidden atoms; they are kept
    # (clingo prints both), so answer_sets is a sorted multiset.
    answer_sets = sorted(s for s, _ in models)
    out = {
        "source": "clingo %s (python module), clingo.Control(%r)" % (clingo.__version__, ctl_args),
        "args": args,
        "result": "SAT" if res.satisfiable else "UNSAT",
        "answer_sets": answer_sets,
    }
    if is_opt and res.satisfiable and all(c is None for _, c in models):
        # clingo removed the objective: SATISFIABLE, no costs (recorded as "optimum": null).
        out["optimum"] = None
    elif is_opt and res.satisfiable:
        costs = {tuple(c) for _, c in models}
        if len(costs) != 1:
            raise RuntimeError(f"{path}: optimal models with different costs {costs}")
        out["optimum"] = list(costs.pop())
    if messages:
        out["messages"] = messages
    if note:
        out["note"] = note
    return out, ctl_args, text


def cli_check(path, out, ctl_args, text):
    """Compare with the clingo executable's --outf=2 output."""
    cmd = [sys.executable, "-m", "clingo", "--outf=2"] + ctl_args
    if "note" in out:
        proc = subprocess.run(cmd + ["-"], input=text, capture_output=True, text=True,
                              cwd=os.path.dirname(path) or ".")
    else:
        proc = subprocess.run(cmd + [path], capture_output=True, text=True)
    data = json.loads(proc.stdout)
    wits = data["Call"][-1].get("Witnesses", []) if data.get("Call") else []
    if "optimum" in out:
        wits = [w for w in wits if w.get("Costs") == out["optimum"]]
    if "optimum" in out:
        # optN may print an optimal model again during its enumeration phase.
        got = sorted({json.dumps(sorted(w["Value"])) for w in wits})
        want = sorted({json.dumps(s) for s in out["answer_sets"]})
    else:
        got = sorted(json.dumps(sorted(w["Value"])) for w in wits)
        want = sorted(json.dumps(s) for s in out["answer_sets"])
    ok_result = {"SAT": ("SATISFIABLE", "OPTIMUM FOUND"), "UNSAT": ("UNSATISFIABLE",)}
    if got != want or data["Result"] not in ok_result[out["result"]]:
        print(f"CLI MISMATCH {path}: cli={data['Result']} {got} module={want}", file=sys.stderr)
        return False
    return True


def dump(out):
    """Indented JSON with one answer set (or message) per line, easier to review."""
    lines = []
    for key, val in out.items():
        if key in ("answer_sets", "messages") and val:
            inner = ",\n".join("    " + json.dumps(a, ensure_ascii=False) for a in val)
            lines.append(f'  "{key}": [\n{inner}\n  ]')
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(val, ensure_ascii=False)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def main(argv):
    check = "--check" in argv
    cli = "--cli" in argv
    files = [os.path.abspath(a) for a in argv if not a.startswith("--")]
    os.chdir(ROOT)
    if not files:
        files = sorted(os.path.join(PROGRAMS, f) for f in os.listdir(PROGRAMS) if f.endswith(".lp"))
    else:
        # Paths relative to the repository root, so clingo's messages do not depend on the cwd.
        files = [os.path.relpath(f, ROOT) for f in files]
    failed = False
    for path in files:
        out, ctl_args, text = solve(path)
        js = dump(out)
        target = path[:-3] + ".json"
        if check:
            old = open(target, encoding="utf-8").read() if os.path.exists(target) else None
            if old != js:
                print(f"STALE {target}", file=sys.stderr)
                failed = True
        else:
            with open(target, "w", encoding="utf-8") as f:
                f.write(js)
        if cli and not cli_check(path, out, ctl_args, text):
            failed = True
        print(f"{path}: {out['result']} {len(out['answer_sets'])} answer set(s)"
              + (f" optimum {out['optimum']}" if "optimum" in out else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
