"""A long-lived clingo 5.8.3 process: reads one JSON request per line, answers one JSON line.

Request: {"program": TEXT, "max_models": N}. Answer: {"status": "ok", "result": "SATISFIABLE" |
"UNSATISFIABLE" | "OPTIMUM FOUND", "exit": 10|20|30, "sets": [[atoms...]...] (the optimal ones
when optimizing), "optimum": [costs] | null} or {"status": "error", "message": TEXT} when clingo
refuses the program, or {"status": "too_many_models"}. Keeping one process avoids starting Python
and loading clingo for every program; the runner restarts it after a timeout.
"""
import json
import sys

import clingo


def solve(text, max_models):
    messages = []
    ctl = clingo.Control(["0", "--opt-mode=optN"],
                         logger=lambda code, msg: messages.append(msg), message_limit=1000)
    try:
        ctl.add("base", [], text)
        ctl.ground([("base", [])])
    except RuntimeError as e:
        return {"status": "error", "message": "\n".join(messages) or str(e)}
    models = []
    with ctl.solve(yield_=True) as handle:
        for m in handle:
            models.append((sorted(str(s) for s in m.symbols(shown=True)), list(m.cost)))
            if len(models) > max_models:
                return {"status": "too_many_models"}
        res = handle.get()
    if not res.satisfiable:
        return {"status": "ok", "result": "UNSATISFIABLE", "exit": 20, "sets": [], "optimum": None}
    costs = [c for _, c in models if c]
    if costs:
        best = min(costs)
        sets = sorted({tuple(s) for s, c in models if c == best})
        return {"status": "ok", "result": "OPTIMUM FOUND", "exit": 30,
                "sets": [list(s) for s in sets], "optimum": best}
    return {"status": "ok", "result": "SATISFIABLE", "exit": 30,
            "sets": sorted(s for s, _ in models), "optimum": None}


def main():
    for line in sys.stdin:
        req = json.loads(line)
        try:
            ans = solve(req["program"], req.get("max_models", 5000))
        except Exception as e:  # noqa: BLE001 - report anything clingo raises as a refusal
            ans = {"status": "error", "message": f"{type(e).__name__}: {e}"}
        sys.stdout.write(json.dumps(ans) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
