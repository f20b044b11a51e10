"""Larger random directed graphs for the completion-vs-ranking experiment, made by the generator
of scripts/hamiltonian_golden.py (same seeded graphs, same text): 20 to 60 nodes with about
five arcs per node, each with a planted Hamiltonian cycle, and two "split" graphs (no arc from
the second half of the nodes back to the first: no Hamiltonian cycle).

usage: python3 experiments/hamiltonian/make_instances.py   (writes instances/*.lp)
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts"))
import hamiltonian_golden as ham  # noqa: E402

# name, nodes, arc percent, seed, kind
GRAPHS = [
    ("g20", 20, 25, 21, "planted"),
    ("g30", 30, 17, 31, "planted"),
    ("g40", 40, 13, 41, "planted"),
    ("g50", 50, 10, 51, "planted"),
    ("g60", 60, 8, 61, "planted"),
    ("g20split", 20, 25, 22, "split"),
    ("g30split", 30, 17, 32, "split"),
]


def main():
    os.makedirs(os.path.join(HERE, "instances"), exist_ok=True)
    for name, nodes, percent, seed, kind in GRAPHS:
        arcs = ham.graph(nodes, percent, seed, kind)
        text = ham.instance_text(name, nodes, percent, seed, kind, arcs)
        text = text.replace("Written by scripts/hamiltonian_golden.py",
                            "Written by experiments/hamiltonian/make_instances.py")
        with open(os.path.join(HERE, "instances", name + ".lp"), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
