"""Random equation crosswords in the format of instances/equation_1.lp: a 3x3 grid of numbers
drawn from 0..25, an operator (+, -, *) between neighbours of every row and column, each row
and column result computed from the grid; only the top left number is given. Deterministic
(seeded); the solver may find more grids than the drawn one.

usage: python3 experiments/equation/make_instances.py   (writes instances/random_*.lp)
"""

import os
import random

OPS = {"plus": "+", "minus": "-", "times": "*"}


def value(a, o1, b, o2, c):
    return eval(f"{a} {OPS[o1]} {b} {OPS[o2]} {c}")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    os.makedirs(os.path.join(here, "instances"), exist_ok=True)
    for seed in range(1, 5):
        rng = random.Random(seed)
        grid = [[rng.randint(0, 25) for _ in range(3)] for _ in range(3)]
        lines = [
            f"% random equation crossword, seed {seed} (make_instances.py); drawn grid: "
            + " / ".join(" ".join(map(str, row)) for row in grid),
            f"given(1,1,{grid[0][0]}).",
        ]
        for r in range(3):
            o1, o2 = rng.choice(list(OPS)), rng.choice(list(OPS))
            res = value(grid[r][0], o1, grid[r][1], o2, grid[r][2])
            lines.append(
                f"equation(row{r+1}, ({r+1},1), {o1}, ({r+1},2), {o2}, ({r+1},3), {res})."
            )
        for c in range(3):
            o1, o2 = rng.choice(list(OPS)), rng.choice(list(OPS))
            res = value(grid[0][c], o1, grid[1][c], o2, grid[2][c])
            lines.append(
                f"equation(col{c+1}, (1,{c+1}), {o1}, (2,{c+1}), {o2}, (3,{c+1}), {res})."
            )
        with open(os.path.join(here, "instances", f"random_{seed}.lp"), "w") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
