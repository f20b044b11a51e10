#!/usr/bin/env python3
"""Differential test of one corner against clingo 5.8.3: `#external` atoms that rules also
define, beside integrity constraints over those rules' bodies, self-negating rules (`p :- not
p.`) and projected literals (`q(_)`); bodies and constraints with `not not`, aggregates over
one literal and conditional literals (which gringo writes with auxiliary atoms or simplifies:
`#count{1 : q} > 0` is `q`), choices with conditions and head aggregates. Whether clasp keeps
such an atom external depends on the rules it drops while reading clingo's output
(src/program/mod.rs, `clasp_read_drops`); the statements are written in random orders. aspsat
must agree or refuse, never answer differently.

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


def literal(rng):
    return rng.choice(["", "not ", "not not "]) + rng.choice(ATOMS)


def body_item(rng):
    kind = rng.random()
    if kind < 0.6:
        return literal(rng)
    if kind < 0.75:
        return f"{rng.choice(['', 'not '])}#count{{1 : {literal(rng)}}} > 0"
    if kind < 0.85:
        return f"#sum{{1 : {literal(rng)}}} < 1"
    # a condition of a fact, of a choice or of nothing: gringo simplifies the first
    return f"{literal(rng)} : {rng.choice(['f', 'r', 'not f'])}"


def body(rng):
    return ", ".join(body_item(rng) for _ in range(rng.randint(1, 2)))


def program(rng):
    stms = [f"#external {rng.choice(EXTERNALS)}.{rng.choice(VALUES)}"
            for _ in range(rng.randint(1, 2))]
    if rng.random() < 0.5:
        stms.append("f.")
    for _ in range(rng.randint(2, 5)):
        kind = rng.random()
        head = rng.choice(HEADS)
        if kind < 0.3:
            stms.append(f":- {body(rng)}.")
        elif kind < 0.4:
            stms.append("{" + head + "}.")
        elif kind < 0.5:
            # a choice with a condition, written through a head aggregate
            stms.append(f"{{{head} : {literal(rng)}; r}}.")
        elif kind < 0.55:
            stms.append(f"{rng.choice(['0', '1'])} >= {{{head} : {literal(rng)}}} != 1.")
        else:
            stms.append(f"{head} :- {body(rng)}.")
    rng.shuffle(stms)
    return "\n".join(stms) + "\n"


if __name__ == "__main__":
    focused.main(__doc__.split("\n\n")[0], program)
