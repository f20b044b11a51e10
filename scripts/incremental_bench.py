#!/usr/bin/env python3
"""Incremental-mode planning programs (benchmarks/incremental/) run by aspsat and by clingo
side by side, with aspsat's plan checked by clingo.

Programs: clingo's own examples (towers of Hanoi, unblock, 15-puzzle, solitaire), the Potassco
guide's blocks world (guide/), asprilo's warehouse encodings (asprilo/: domain M, moves only,
and domain A, moves, pickups, putdowns and deliveries, also with asprilo's objective), and with
`--competition DIR` the ASP-competition planning domains of a checkout of
potassco/asp-planning-benchmarks (not shipped here: that repository has no licence), the
first `--per-domain K` (default 2) instances of each domain.

For each program: aspsat (one solver across steps), optionally aspsat --inc-reground (every step
re-grounded with a new solver: the baseline the one-solver mode is measured against), and clingo
5.8.3 through clingo.application.clingo_main (clingo's default main runs incmode;
`python3 -m clingo` ignores `#include <incmode>.`). Reported: wall time, solve calls (the
horizon is calls - 1), result, the final costs when optimizing. Validity: clingo re-runs the
program with aspsat's answer set imposed at the step aspsat stopped (`:- query(t), not ATOM.` for
each shown atom; asprilo's shown `occurs(...)` terms are imposed as the move, pickup and putdown
atoms they come from), must stop at the same step, and one of the answers it then enumerates
(projected on the shown atoms) must be exactly aspsat's.

Usage: python3 scripts/incremental_bench.py [--timeout SECS] [--reground]
           [--competition DIR [--per-domain K]] [NAME...]
"""

import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
BENCH = os.path.join(ROOT, "benchmarks", "incremental")
ASPSAT = os.path.join(ROOT, "target", "release", "aspsat")
CLINGO = [sys.executable, "-c", """
import sys
from clingo.application import clingo_main, Application
class App(Application):
    program_name = "clingo"
sys.exit(clingo_main(App(), sys.argv[1:]))
"""]

PROGRAMS = {
    "toh": ["toh/tohE.lp", "toh/tohI.lp"],
    "unblock1": ["unblock/unblock.lp", "unblock/inst1.lp"],
    "unblock2": ["unblock/unblock.lp", "unblock/inst2.lp"],
    "unblock3": ["unblock/unblock.lp", "unblock/inst3.lp"],
    "unblock4": ["unblock/unblock.lp", "unblock/inst4.lp"],
    "unblock5": ["unblock/unblock.lp", "unblock/inst5.lp"],
    "15puzzle1": ["15puzzle/encoding.lp", "15puzzle/instance1.lp", "-c", "consecutive=1"],
    "15puzzle2": ["15puzzle/encoding.lp", "15puzzle/instance2.lp", "-c", "consecutive=1"],
    "solitaire": ["solitaire/solitaire.lp", "solitaire/instance.lp"],
}
for _world in range(5):
    PROGRAMS[f"blocks{_world}"] = ["guide/blocks.lp", f"guide/world{_world}.lp"]
ASPRILO = {
    "4x4": "x4_y4_n16_r2_s3_ps1_pr2_u4_o2_N1",
    "8x8": "x8_y8_n64_r4_s10_ps2_pr3_u16_o4_N1",
    "10x10": "x10_y10_n100_r5_s20_ps6_pr5_u10_o5_N8",
    "19x9": "x19_y9_n171_r5_s45_ps3_pr10_u40_o6_N1",
}
for _size, _inst in ASPRILO.items():
    PROGRAMS[f"asprilo-m-{_size}"] = ["asprilo/m/encoding.ilp", f"asprilo/examples/{_inst}.lp"]
for _size in ("4x4", "8x8"):
    _inst = f"asprilo/examples/{ASPRILO[_size]}.lp"
    PROGRAMS[f"asprilo-a-{_size}"] = ["asprilo/abc/encoding-a.ilp", _inst]
    PROGRAMS[f"asprilo-a-opt-{_size}"] = [
        "asprilo/abc/encoding-a.ilp", "asprilo/abc/optimization.ilp", _inst]

# asprilo's shown actions and the atoms they come from (shown terms cannot be imposed).
ASPRILO_ACTIONS = [
    (re.compile(r"^occurs\(object\(robot,(\d+)\),action\(move,(\(-?\d+,-?\d+\))\),(\d+)\)$"),
     lambda m: f"move(robot({m[1]}),{m[2]},{m[3]})"),
    (re.compile(r"^occurs\(object\(robot,(\d+)\),action\((pickup|putdown),\(\)\),(\d+)\)$"),
     lambda m: f"bench_{m[2]}(robot({m[1]}),{m[3]})"),
]
# The plan's actions are exactly aspsat's (`bench_plan/1` facts): none added, none left out.
ASPRILO_AUX = """#program step(t).
bench_pickup(R,t) :- pickup(R,_,t).
bench_putdown(R,t) :- putdown(R,_,t).
:- move(R,D,t), not bench_plan(move(R,D,t)).
:- bench_pickup(R,t), not bench_plan(bench_pickup(R,t)).
:- bench_putdown(R,t), not bench_plan(bench_putdown(R,t)).
"""


def competition_programs(root, per_domain):
    """`Domain/instance` programs of a potassco/asp-planning-benchmarks checkout."""
    out = {}
    for domain in sorted(os.listdir(root)):
        folder = os.path.join(root, domain)
        if not os.path.isfile(os.path.join(folder, "encoding.asp")):
            continue
        instances = sorted(f for f in os.listdir(folder)
                           if f.endswith(".asp") and not f.startswith("encoding"))
        for inst in instances[:per_domain]:
            out[f"{domain}/{inst[:-4]}"] = [os.path.join(folder, "encoding.asp"),
                                            os.path.join(folder, inst),
                                            os.path.join(root, "incmode.lp")]
    return out


def run(cmd, timeout):
    start = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=BENCH)
        out = p.stdout
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        return {"time": None, "calls": out.count("Solving..."), "result": "TIMEOUT", "answer": None,
                "costs": None, "last_answers": []}
    elapsed = time.time() - start
    calls = out.count("Solving...")
    result = next((l for l in out.splitlines()
                   if l in ("SATISFIABLE", "UNSATISFIABLE", "UNKNOWN")), "?")
    answers = re.findall(r"^Answer: \d+.*\n(.*)$", out, re.MULTILINE)
    costs = re.findall(r"^Optimization: (.*)$", out, re.MULTILINE)
    last_call = out.split("Solving...")[-1]
    last_answers = re.findall(r"^Answer: \d+.*\n(.*)$", last_call, re.MULTILINE)
    return {"time": elapsed, "calls": calls, "result": result,
            "answer": answers[-1].split() if answers else None,
            "costs": costs[-1] if costs else None,
            "last_answers": [set(a.split()) for a in last_answers]}


def imposed(answer):
    """The check-part constraints that impose aspsat's shown answer."""
    lines = [ASPRILO_AUX] if any(s.startswith("occurs(") for s in answer) else []
    lines.append("#program check(t).")
    for shown in answer:
        atom = shown
        for pattern, atom_of in ASPRILO_ACTIONS:
            m = pattern.match(shown)
            if m:
                atom = atom_of(m)
        if not atom.startswith("occurs("):
            lines.append(f":- query(t), not {atom}.")
            if atom != shown:
                lines.insert(0, f"bench_plan({atom}).")
    return "\n".join(lines) + "\n"


def valid(args, calls, answer, timeout):
    """clingo stops at the same step with aspsat's answer imposed, and one of its answers
    there (projected on the shown atoms) is exactly aspsat's."""
    with tempfile.NamedTemporaryFile("w", suffix=".lp", delete=False) as f:
        f.write(imposed(answer))
        path = f.name
    try:
        r = run(CLINGO + ["--project", "--opt-mode=ignore", "0"] + args + [path], timeout)
    finally:
        os.unlink(path)
    return (r["result"] == "SATISFIABLE" and r["calls"] == calls
            and set(answer) in r["last_answers"])


def fmt(t):
    return "timeout" if t is None else f"{t:.2f}s"


def main():
    argv = sys.argv[1:]
    timeout = 120.0
    reground = "--reground" in argv
    if "--timeout" in argv:
        timeout = float(argv[argv.index("--timeout") + 1])
    programs = dict(PROGRAMS)
    if "--competition" in argv:
        per_domain = int(argv[argv.index("--per-domain") + 1]) if "--per-domain" in argv else 2
        competition = competition_programs(argv[argv.index("--competition") + 1], per_domain)
        programs.update(competition)
    else:
        competition = {}
    names = [a for a in argv if a in programs] or (list(competition) or list(PROGRAMS))
    print(f"{'program':<36} {'aspsat':>9} {'reground':>9} {'clingo':>9} {'ratio':>6}  "
          f"{'calls a/c':>9}  result / plan check")
    for name in names:
        args = programs[name]
        a = run([ASPSAT, "solve"] + args, timeout)
        g = run([ASPSAT, "solve", "--inc-reground"] + args, timeout) if reground else None
        c = run(CLINGO + args, timeout)
        check = ""
        if a["answer"] is not None and a["result"] in ("SATISFIABLE", "OPTIMUM FOUND"):
            check = "plan valid" if valid(args, a["calls"], a["answer"], timeout) else "PLAN INVALID"
        same = a["result"] == c["result"] and a["calls"] == c["calls"]
        ratio = (f"{a['time'] / c['time']:.1f}" if a["time"] and c["time"] else "-")
        costs = ""
        if a["costs"] or c["costs"]:
            costs = f" costs {a['costs']} / {c['costs']}"
        print(f"{name:<36} {fmt(a['time']):>9} {fmt(g['time']) if g else '-':>9} "
              f"{fmt(c['time']):>9} {ratio:>6}  {a['calls']:>4}/{c['calls']:<4}  "
              f"{a['result']} {'=' if same else '!='} {c['result']} {check}{costs}", flush=True)


if __name__ == "__main__":
    main()
