#!/usr/bin/env python3
"""Differential test of one corner against clingo 5.8.3: `#external` atoms that rules also
define, beside integrity constraints over those rules' bodies, self-negating rules (`p :- not
p.`) and projected literals (`q(_)`). Whether clasp keeps such an atom external depends on the
rules it drops while reading clingo's output (src/program/mod.rs, `clasp_read_drops`); the
statements are written in random orders. aspsat must agree or refuse, never answer differently.

    python3 scripts/external_support_check.py --seed 1 --programs 300

Prints each program that is wrong or crashes and the outcome counts; exits 1 if any.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))

from difftest import focused  # noqa: E402

EXTERNALS = ["p", "q", "p(1)"]
VALUES = ["", " [true]", " [false]", " [free]"]
ATOMS = ["p", "q", "r", "s", "p(1)", "q(_)", "p(_)", "q(a)"]
HEADS = ["p", "q", "r", "s", "p(1)", "q(a)"]


def body(rng):
    lits = [rng.choice(["", "not ", "not not "]) + rng.choice(ATOMS)
            for _ in range(rng.randint(1, 2))]
    return ", ".join(lits)


def program(rng):
    stms = [f"#external {rng.choice(EXTERNALS)}.{rng.choice(VALUES)}"
            for _ in range(rng.randint(1, 2))]
    for _ in range(rng.randint(2, 5)):
        kind = rng.random()
        if kind < 0.3:
            stms.append(f":- {body(rng)}.")
        elif kind < 0.45:
            stms.append("{" + rng.choice(HEADS) + "}.")
        else:
            stms.append(f"{rng.choice(HEADS)} :- {body(rng)}.")
    rng.shuffle(stms)
    return "\n".join(stms) + "\n"


if __name__ == "__main__":
    focused.main(__doc__.split("\n\n")[0], program)
