"""A long-lived clingo 5.8.3 process: reads one JSON request per line, answers one JSON line.

Request: {"program": TEXT, "max_models": N, "options": [clingo options], "cwd": DIR} (the last
two optional: command-line options such as `--project` or `-c n=2`, and the directory relative
`#include`s are read from). Answer: {"status": "ok", "result": "SATISFIABLE" |
"UNSATISFIABLE" | "OPTIMUM FOUND", "exit": 10|20|30, "sets": [[atoms...]...] (the optimal ones
when optimizing), "optimum": [costs] | null} or {"status": "error", "message": TEXT} when clingo
refuses the program, or {"status": "too_many_models"}. With `#project` directives the answer also
has "projected": the projected atoms (as text); with `--project` every model is then one class of
answer sets agreeing on them, and which member clingo prints is its search's choice. Keeping one process avoids starting Python
and loading clingo for every program; the runner restarts it after a timeout.
"""
import json
import os
import sys

import clingo


class ProjectObserver:
    """Collects the program atoms of `#project` directives (aspif `project` statements)."""

    def __init__(self):
        self.atoms = None

    def project(self, atoms):
        self.atoms = (self.atoms or []) + list(atoms)


def solve(text, max_models, options=(), cwd=None):
    messages = []
    if cwd:
        os.chdir(cwd)
    ctl = clingo.Control(["0", "--opt-mode=optN", *options],
                         logger=lambda code, msg: messages.append(msg), message_limit=1000)
    observer = ProjectObserver()
    ctl.register_observer(observer)
    try:
        ctl.add("base", [], text)
        ctl.ground([("base", [])])
    except RuntimeError as e:
        return {"status": "error", "message": "\n".join(messages) or str(e)}
    projected = None
    if observer.atoms is not None:
        wanted = set(observer.atoms)
        projected = sorted(str(a.symbol) for a in ctl.symbolic_atoms if a.literal in wanted)
    models = []
    # One answer set per set of atoms: with `--eq=0` clasp may leave auxiliary variables of
    # gringo's translation free and report one answer set once per assignment to them
    # (`#edge` programs are compared under `--eq=0`; differential seed 65 #279 had the same
    # answer set eight times there, once by default).
    seen = set()
    with ctl.solve(yield_=True) as handle:
        for m in handle:
            atoms = frozenset(str(s) for s in m.symbols(atoms=True))
            if (atoms, tuple(m.cost)) in seen:
                continue
            seen.add((atoms, tuple(m.cost)))
            models.append((sorted(str(s) for s in m.symbols(shown=True)), list(m.cost)))
            if len(models) > max_models:
                return {"status": "too_many_models"}
        res = handle.get()
    if not res.satisfiable:
        ans = {"status": "ok", "result": "UNSATISFIABLE", "exit": 20, "sets": [], "optimum": None}
    else:
        costs = [c for _, c in models if c]
        if costs:
            best = min(costs)
            sets = sorted({tuple(s) for s, c in models if c == best})
            ans = {"status": "ok", "result": "OPTIMUM FOUND", "exit": 30,
                   "sets": [list(s) for s in sets], "optimum": best}
        else:
            ans = {"status": "ok", "result": "SATISFIABLE", "exit": 30,
                   "sets": sorted(s for s, _ in models), "optimum": None}
    if projected is not None:
        ans["projected"] = projected
    return ans


def main():
    for line in sys.stdin:
        req = json.loads(line)
        try:
            ans = solve(req["program"], req.get("max_models", 5000), req.get("options", ()),
                        req.get("cwd"))
        except Exception as e:  # noqa: BLE001 - report anything clingo raises as a refusal
            ans = {"status": "error", "message": f"{type(e).__name__}: {e}"}
        sys.stdout.write(json.dumps(ans) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
