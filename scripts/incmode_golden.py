#!/usr/bin/env python3
"""Record clingo 5.8.3's answers in incremental mode for tests/incremental/*.lp.

`python3 -m clingo` and `clingo.Control` ignore `#include <incmode>.`; clingo's own incremental
loop runs only in clingo's application main, so this script runs `clingo.application.
clingo_main` (an Application without a `main` method: clingo's default, which runs incmode)
in a subprocess with `--outf=2 0` and records, for each solve call (step), the answer sets
it printed.

Usage:
    python3 scripts/incmode_golden.py [--check] [FILES...]

For each NAME.lp (first line may be `%! args: ...`, extra clingo options) NAME.json gets:
    {
      "source": "clingo 5.8.3 (clingo_main, default main: incmode)",
      "args": [...],
      "result": "SATISFIABLE" | "UNSATISFIABLE" | "UNKNOWN",
      "calls": [[answer set, ...], ...]   # per solve call: sorted answer sets (sorted symbols)
      "costs": [[cost, ...] or null, ...]  # optimizing programs only: per call, the costs of
                                           # its last model; "calls" then holds only the models
                                           # with those costs (deduplicated: optN prints the
                                           # last improving model again as an optimal one)
    }
Optimizing goldens should run `--opt-mode=optN` (or have a unique optimum per call): which
non-optimal models clingo prints on the way is not something aspsat must reproduce.
Programs whose clingo run fails (an error such as a redefinition) get "error": first error
line instead of "calls".

--check   do not write; exit 1 if an existing .json differs.
"""

import json
import os
import re
import subprocess
import sys

import clingo

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
DIR = os.path.join(ROOT, "tests", "incremental")
RUNNER = r"""
import sys
from clingo.application import clingo_main, Application
class App(Application):
    program_name = "clingo"
sys.exit(clingo_main(App(), sys.argv[1:]))
"""


def file_args(text):
    first = text.split("\n", 1)[0]
    m = re.match(r"^%!\s*args:(.*)$", first)
    return m.group(1).split() if m else []


def run(path):
    with open(path, encoding="utf-8") as f:
        args = file_args(f.read())
    cmd = [sys.executable, "-c", RUNNER, "--outf=2", "0"] + args + [os.path.basename(path)]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=os.path.dirname(path))
    out = {
        "source": "clingo %s (clingo_main, default main: incmode)" % clingo.__version__,
        "args": args,
    }
    errors = [l for l in proc.stderr.splitlines() if "error" in l.lower()]
    try:
        data = json.loads(proc.stdout)
    except json.JSONDecodeError:
        data = None
    if data is None or errors:
        out["error"] = errors[0] if errors else proc.stderr.strip().splitlines()[0]
        return out
    out["result"] = data["Result"]
    calls = data.get("Call", [])
    if any("Costs" in w for call in calls for w in call.get("Witnesses", [])):
        out["costs"] = []
        out["calls"] = []
        for call in calls:
            witnesses = call.get("Witnesses", [])
            final = witnesses[-1].get("Costs") if witnesses else None
            out["costs"].append(final)
            optimal = {tuple(sorted(w["Value"])) for w in witnesses if w.get("Costs") == final}
            out["calls"].append(sorted(list(m) for m in optimal))
        return out
    out["calls"] = [
        sorted(sorted(w["Value"]) for w in call.get("Witnesses", []))
        for call in calls
    ]
    return out


def main():
    argv = sys.argv[1:]
    check = "--check" in argv
    files = [a for a in argv if a != "--check"]
    if not files:
        files = sorted(os.path.join(DIR, f) for f in os.listdir(DIR) if f.endswith(".lp"))
    stale = 0
    for path in files:
        path = os.path.abspath(path)
        golden = run(path)
        target = path[:-3] + ".json"
        text = json.dumps(golden, indent=1) + "\n"
        if check:
            old = open(target).read() if os.path.exists(target) else None
            if old != text:
                print(f"stale: {target}")
                stale += 1
        else:
            with open(target, "w") as f:
                f.write(text)
            print(f"wrote {os.path.relpath(target, ROOT)}")
    sys.exit(1 if stale else 0)


if __name__ == "__main__":
    main()
