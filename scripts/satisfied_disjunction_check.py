#!/usr/bin/env python3
"""Differential test of one corner against clingo 5.8.3: disjunctions that a fact (or an
undefined head) already satisfies. clingo's grounder still adds some of their other head atoms
to its domain (src/ground/satisfied_heads.rs): plain disjunctions up to the first fact in the
order written, conditional ones all of them when they are on a positive cycle. The atoms are
false, but a weak constraint over each, at its own priority, shows which are in the domain (a
level exists or not). aspsat must agree or refuse, never answer differently.

    python3 scripts/satisfied_disjunction_check.py --seed 1 --programs 300

Prints each program that is wrong or crashes and the outcome counts; exits 1 if any.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))

from difftest import focused  # noqa: E402

# head elements: plain, pools and intervals, conditions (recursive or not), undefined terms
ELEMENTS = ["p(1)", "p(2)", "q(1)", "r", "s", "p(1..2)", "p(1;2)", "p(X)", "q(X)",
            "p(Z) : d(Z)", "r : p(1)", "s : d(1)", "q(Z) : p(Z)", "p(1/0)", "p(X/0)",
            "r : #true", "p(X+1)", "q(2) : d(X)", "p(1) : q(1)", "s : not q(2)"]
BODIES = ["", "d(X)", "p(_)", "d(X), p(_)", "q(_)", "p(X)", "d(X), not s", "d(X), q(_)",
          "p(X), d(X)", "#count{ Y : p(Y) } > 0, d(X)", "q(Y) : p(Y); d(X)"]
RULES = ["q(X) :- p(X), d(X).", "p(X) :- q(X).", "r :- s.", "s :- q(2).", "{ q(2) }.",
         "p(2) :- r.", "q(1) :- p(_)."]
FACTS = ["d(1). d(2).", "p(1).", "p(2).", "q(1).", "q(2)."]
# one priority per atom: the levels clingo reports tell which atoms are in its domain
WEAK = [":~ r. [1@10]", ":~ s. [1@11]", ":~ p(1). [1@12]", ":~ p(2). [1@13]",
        ":~ q(1). [1@14]", ":~ q(2). [1@15]"]


def program(rng):
    stms = [FACTS[0]] + [f for f in FACTS[1:] if rng.random() < 0.5]
    for _ in range(rng.randint(1, 2)):
        elems = rng.sample(ELEMENTS, rng.randint(2, 3))
        body = rng.choice(BODIES)
        if "X" in " ".join(elems) and "X" not in body:
            body = ("d(X), " + body) if body else "d(X)"
        rule = " ; ".join(elems) + (f" :- {body}." if body else ".")
        stms.append(rule)
    stms += rng.sample(RULES, rng.randint(0, 2))
    stms += WEAK
    rng.shuffle(stms)
    return "\n".join(stms) + "\n"


if __name__ == "__main__":
    focused.main(__doc__.split("\n\n")[0], program)
