#!/usr/bin/env python3
"""Write the Hamiltonian-cycle instances of tests/hamiltonian/ and their clingo goldens.

Usage:
    python3 scripts/hamiltonian_golden.py [--check]

The encoding is tests/hamiltonian/encoding.lp (hand-written, not generated). For each entry of
INSTANCES this script builds a random directed graph with `random.Random(seed)` (stable across
Python 3 versions), writes it as facts to tests/hamiltonian/NAME.lp, solves encoding + graph
with the clingo Python module (all answer sets, `clingo.Control(['0'])`), and writes
tests/hamiltonian/NAME.json:

    {
      "source": "clingo 5.8.3 (python module), clingo.Control(['0']) on encoding.lp NAME.lp",
      "generator": {"nodes": N, "arc_percent": P, "seed": S, "kind": K},
      "arcs": number of arcs,
      "result": "SAT" | "UNSAT",
      "answer_sets": [[...], ...]   # each the sorted str() of the shown in/2 atoms; sorted
    }

Graphs: arc (X,Y) for X != Y with probability arc_percent/100, plus the arcs of a random
Hamiltonian cycle for kind "planted" (so the instance is satisfiable). Kind "split" has no
Hamiltonian cycle but many cycle covers (the unstable models of the completion): the nodes are
split in halves, no arc leads from the second half back to the first, and each half gets a
planted cycle of its own.

--check   do not write; exit 1 if a file differs from what would be written.
"""

import json
import os
import random
import sys

import clingo

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
DIR = os.path.join("tests", "hamiltonian")

# name, nodes, arc percent, seed, kind
INSTANCES = [
    ("ham08a", 8, 35, 1, "planted"),
    ("ham08b", 8, 40, 2, "split"),
    ("ham09", 9, 30, 3, "planted"),
    ("ham10a", 10, 28, 4, "planted"),
    ("ham10b", 10, 35, 5, "split"),
    ("ham11", 11, 25, 6, "planted"),
    ("ham12a", 12, 22, 7, "planted"),
    ("ham12b", 12, 25, 8, "planted"),
]


def plant(rng, nodes, arcs):
    order = list(nodes)
    rng.shuffle(order)
    for i, x in enumerate(order):
        arcs.add((x, order[(i + 1) % len(order)]))


def graph(nodes, percent, seed, kind):
    rng = random.Random(seed)
    arcs = set()
    half = nodes // 2
    for x in range(1, nodes + 1):
        for y in range(1, nodes + 1):
            if x != y and rng.random() * 100 < percent:
                if kind == "split" and x > half >= y:
                    continue
                arcs.add((x, y))
    if kind == "planted":
        plant(rng, range(1, nodes + 1), arcs)
    else:
        plant(rng, range(1, half + 1), arcs)
        plant(rng, range(half + 1, nodes + 1), arcs)
    return sorted(arcs)


def instance_text(name, nodes, percent, seed, kind, arcs):
    what = {"planted": "a planted Hamiltonian cycle",
            "split": "no arc from the second half of the nodes back to the first"}[kind]
    lines = [
        f"% {name}: random directed graph, {nodes} nodes, arc probability {percent}%, "
        f"seed {seed}, {what}.",
        "% Written by scripts/hamiltonian_golden.py; solve together with encoding.lp.",
        f"node(1..{nodes}).",
    ]
    row = []
    for x, y in arcs:
        row.append(f"arc({x},{y}).")
        if len(row) == 10:
            lines.append(" ".join(row))
            row = []
    if row:
        lines.append(" ".join(row))
    return "\n".join(lines) + "\n"


def solve(instance_path):
    ctl = clingo.Control(["0"])
    ctl.load(os.path.join(DIR, "encoding.lp"))
    ctl.load(instance_path)
    ctl.ground([("base", [])])
    models = []
    res = ctl.solve(on_model=lambda m: models.append(sorted(str(s) for s in m.symbols(shown=True))))
    assert res.exhausted
    return ("SAT" if res.satisfiable else "UNSAT"), sorted(models)


def dump(out):
    lines = []
    for key, val in out.items():
        if key == "answer_sets" and val:
            inner = ",\n".join("    " + json.dumps(a) for a in val)
            lines.append(f'  "{key}": [\n{inner}\n  ]')
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(val)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def main(argv):
    check = "--check" in argv
    os.chdir(ROOT)
    failed = False
    for name, nodes, percent, seed, kind in INSTANCES:
        arcs = graph(nodes, percent, seed, kind)
        lp = os.path.join(DIR, name + ".lp")
        text = instance_text(name, nodes, percent, seed, kind, arcs)
        files = {lp: text}
        if not check:
            with open(lp, "w") as f:
                f.write(text)
        result, answer_sets = solve(lp if not check else write_tmp(text))
        out = {
            "source": "clingo %s (python module), clingo.Control(['0']) on encoding.lp %s.lp"
            % (clingo.__version__, name),
            "generator": {"nodes": nodes, "arc_percent": percent, "seed": seed, "kind": kind},
            "arcs": len(arcs),
            "result": result,
            "answer_sets": answer_sets,
        }
        files[lp[:-3] + ".json"] = dump(out)
        for path, content in files.items():
            if check:
                old = open(path).read() if os.path.exists(path) else None
                if old != content:
                    print(f"STALE {path}", file=sys.stderr)
                    failed = True
            elif path.endswith(".json"):
                with open(path, "w") as f:
                    f.write(content)
        print(f"{name}: {nodes} nodes, {len(arcs)} arcs, {result}, "
              f"{len(answer_sets)} Hamiltonian cycle(s)")
    return 1 if failed else 0


def write_tmp(text):
    import tempfile
    f = tempfile.NamedTemporaryFile("w", suffix=".lp", delete=False)
    f.write(text)
    f.close()
    return f.name


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
