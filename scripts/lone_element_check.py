#!/usr/bin/env python3
"""Differential test of one corner against clingo 5.8.3: a choice or head aggregate with one
element and no bounds, whose variables a body aggregate also uses. clingo moves such an element
into the body and joins the aggregate's elements with its condition (src/ground/plan.rs,
`single_choice_element_scope`). aspsat must agree or refuse, never answer differently.

    python3 scripts/lone_element_check.py --seed 1 --programs 300

Prints each program that is wrong or crashes and the outcome counts; exits 1 if any.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))

from difftest import focused  # noqa: E402

HEAD_ATOMS = ["r", "r(W)", "s(W,1)"]
CONDITIONS = ["p(W)", "d(W)", "p(W), d(W)", "p(W), not q(W)", "q(W)", "p(W), d(V)",
              "p(W), W > 1"]
ELEMENT_CONDITIONS = ["q(W)", "d(W)", "p(W)", "q(W), d(W)", "q(X)", "p(W), q(W)",
                      "d(W), not p(W)", "q(W), W < 3"]


def program(rng):
    facts = " ".join(f"{p}({rng.randint(1, 4)})." for p in "pqd" for _ in range(rng.randint(0, 3)))
    choices = "{q(3)}. {p(2)}." if rng.random() < 0.5 else ""
    function = rng.choice(["#count", "#sum", "#max", "#min"])
    elements = "; ".join(f"{rng.choice(['W', '1', 'W,1', 'X'])} : {rng.choice(ELEMENT_CONDITIONS)}"
                         for _ in range(rng.randint(1, 2)))
    guard = f"{rng.choice(['<', '<=', '=', '!=', '>', '>='])} {rng.randint(0, 4)}"
    rule_body = f"{function} {{ {elements} }} {guard}"
    if rng.random() < 0.3:
        rule_body = "d(X), " + rule_body
    head = rng.choice(["{ %s : %s }", "#count { 1,a : %s : %s }", "#sum { 1 : %s : %s }"])
    head = head % (rng.choice(HEAD_ATOMS), rng.choice(CONDITIONS))
    return f"{facts} {choices}\n{head} :- {rule_body}.\n"


if __name__ == "__main__":
    focused.main(__doc__.split("\n\n")[0], program)
