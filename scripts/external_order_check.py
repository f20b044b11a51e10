#!/usr/bin/env python3
"""Differential test of one corner against clingo 5.8.3: `#external` statements whose body
negates (`not`, `not not`) an atom of their own component. Which instances clingo declares
depends on what its grounder knows when it grounds the statement (src/ground/external_body.rs);
the statements are written in random orders. aspsat must agree or refuse, never answer
differently.

    python3 scripts/external_order_check.py --seed 1 --programs 300

Prints each program that is wrong or crashes and the outcome counts; exits 1 if any.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))

from difftest import focused  # noqa: E402

EXTERNAL_HEADS = ["e(X)", "e(1)", "q(X)", "p(X)", "e(2)", "r"]
NEGATED = ["not p(X)", "not not p(X)", "not q(1)", "not not q(2)", "not r", "not not r",
           "not e(1)", "not not e(X)", "not p(_)", "not not q(_)", "not s", "not not s",
           "not q(X)", "not not p(1)"]
RULES = ["p(X) :- e(X).", "p(X) :- d(X), not e(X).", "q(X) :- p(X).", "q(1) :- d(1).",
         "r :- q(1).", "r :- not e(1).", "s :- r.", "{ q(2) }.", "p(1) ; q(1) :- e(1).",
         "q(X) :- d(X), not r.", "r :- p(2), not s.", "s :- not q(2).", "p(2) :- s.",
         "p(X) :- q(X), e(X).", "e(1) :- s.", "q(3) :- not p(1).", "p(1) :- r.",
         "r :- e(2).", "s :- p(1), q(1).", "{ r }.", "q(X) :- e(X), not s."]
# body items over the external's own component: aspsat grounds such an external late
LATE = ["#count{ Y : q(Y) } >= 0", "q(Y) : d(Y)", "#sum{ 1 : p(1) } < 2", "not #count{ 1 : e(2) } > 0"]
FACTS = ["d(1). d(2).", "p(1).", "q(2).", "r.", "s.", "e(1)."]
TAILS = [":- e(1), not q(1).", ":~ e(X). [1,X]", ":~ not r. [1]", ":- p(2).", ":~ q(X), e(X). [2,X]",
         "#show e/1.", ":- not e(2)."]


def program(rng):
    stms = [FACTS[0]] + [f for f in FACTS[1:] if rng.random() < 0.2]
    # one value for every external (another value for the same atom is refused by design)
    value = rng.choice(["", " [true]", " [free]", " [false]"])
    for _ in range(rng.randint(1, 2)):
        head = rng.choice(EXTERNAL_HEADS)
        body = ["d(X)"] + rng.sample(NEGATED, rng.randint(1, 2))
        if rng.random() < 0.15:
            body.append(rng.choice(LATE))
        rng.shuffle(body)
        stms.append(f"#external {head} : {', '.join(body)}.{value}")
    stms += rng.sample(RULES, rng.randint(2, 5))
    stms += rng.sample(TAILS, rng.randint(0, 2))
    rng.shuffle(stms)
    return "\n".join(stms) + "\n"


if __name__ == "__main__":
    focused.main(__doc__.split("\n\n")[0], program)
