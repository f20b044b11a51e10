"""Random knapsack instances (seeded): N items with weights and values in 10..99, capacity half
the total weight, and target the optimum found by dynamic programming (satisfiable, the
optimum's subsets are the answer sets) or the optimum plus one (unsatisfiable).

usage: python3 experiments/cardinality/knapsack/make_instances.py
"""

import os
import random


def optimum(items, capacity):
    best = [0] * (capacity + 1)
    for w, v in items:
        for c in range(capacity, w - 1, -1):
            best[c] = max(best[c], best[c - w] + v)
    return best[capacity]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    for n, seed in [(15, 1), (20, 2), (25, 3), (30, 4)]:
        rng = random.Random(seed)
        items = [(rng.randint(10, 99), rng.randint(10, 99)) for _ in range(n)]
        capacity = sum(w for w, _ in items) // 2
        best = optimum(items, capacity)
        for name, target, verdict in [("opt", best, "satisfiable"), ("opt1", best + 1, "unsatisfiable")]:
            lines = [f"% {n} random items (seed {seed}), capacity {capacity}, best value {best}: "
                     f"target {target} is {verdict} (make_instances.py, dynamic programming)"]
            lines += [f"item({i},{w},{v})." for i, (w, v) in enumerate(items, 1)]
            lines += [f"#const capacity={capacity}.", f"#const target={target}."]
            with open(os.path.join(here, "instances", f"k{n}_{name}.lp"), "w") as f:
                f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
