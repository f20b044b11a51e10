#!/usr/bin/env python3
"""Write tests/programs/edge_random_*.lp: random digraphs whose edges are chosen freely,
constrained by `#edge` to be acyclic (goldens: python3 scripts/clingo_golden.py FILES)."""

import os
import random

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

for seed, nodes, edges in [(1, 4, 7), (2, 5, 8), (3, 6, 9), (4, 5, 10), (5, 7, 9)]:
    rng = random.Random(seed)
    pairs = sorted({(rng.randrange(nodes), rng.randrange(nodes)) for _ in range(edges * 2)})
    rng.shuffle(pairs)
    pairs = sorted(pairs[:edges])
    facts = " ".join(f"arc({u},{v})." for u, v in pairs)
    text = (
        f"% #edge on a random digraph (seed {seed}, {nodes} nodes, scripts/edge_programs.py): every\n"
        f"% subset of the arcs that is acyclic (self-loops never are).\n"
        f"{facts}\n"
        "{ e(X,Y) : arc(X,Y) }.\n"
        "#edge (X,Y) : e(X,Y).\n"
    )
    with open(os.path.join(ROOT, "tests", "programs", f"edge_random_{seed}.lp"), "w") as f:
        f.write(text)
