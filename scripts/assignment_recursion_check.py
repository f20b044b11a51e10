#!/usr/bin/env python3
"""Differential test of one corner against clingo 5.8.3: rules with an assignment aggregate
(`C = #agg{...}`) whose body atoms depend on their own head, directly or through rules with
conditional disjunctive heads. clingo's grounder fires such rules or not depending on the rules
around them (see src/ground/quirks.rs); aspsat must agree or refuse, never answer differently.

    python3 scripts/assignment_recursion_check.py --seed 1 --programs 300

Prints each program that is wrong or crashes and the outcome counts; exits 1 if any.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))

from difftest import focused  # noqa: E402

HEADS = ["p(C;C+1) : e(C)", "p((1;C))", "q(C) : p(C)", "p(X) : d(X), not q", "-p(C) : d(C)",
         "p(C) : d(C)", "p(X) : e(X)", "q", "p(C;C)", "p(1..C)", "q : e(1)", "p(C)",
         "s(C) : d(C)", "p(3) : not q", "r(C)"]
BODIES = ["p(1), not q", "p(X), p(Y)", "p(1), s(X)", "p(X), not e(X)", "-p(1)", "p(X), X < 3",
          "p(1)", "p(X)", "p(_)", "p(2)", "p(X), e(X)", "s(1)", "p(f(1))"]
AGGREGATES = ["C = #count{1:x}, D = #sum{1:y}", "C = #count{Y:e(Y), p(Y)}", "C = #count{1:x}",
              "C = #count{W:w(W)}", "C = #sum{W:w(W)}", "C = #min{W:w(W)}",
              "C = #max{W:w(W), e(W)}", "C = #count{1:p(1)}"]
OTHERS = ["-p(1).", "q :- not p(1).", "p(X) : e(X) :- q.", "s(1) :- not q.", "#external p(7).",
          "p(X) :- e(X).", "q :- p(2).", "p(2) :- q.", "{p(4)}.", "p(5) :- r(1).",
          "s(X) :- p(X).", "p(X) :- s(X).", "p(6) :- not q.", "r(1) :- s(1).",
          "{p(X)} :- q, e(X).", "e(3) :- q."]


def program(rng):
    facts = "".join(f"p({i})." for i in range(1, 4) if rng.random() < 0.5)
    facts += "".join(f"{x}({i})." for x in "dew" for i in range(3) if rng.random() < 0.4)
    head = " ; ".join(rng.sample(HEADS, rng.randint(1, 3)))
    body = [rng.choice(BODIES), rng.choice(AGGREGATES)]
    if rng.random() < 0.2:
        body.reverse()
    others = " ".join(rng.sample(OTHERS, rng.randint(0, 2)))
    return f"{facts}\n{head} :- {', '.join(body)}.\n{others}\n"


if __name__ == "__main__":
    focused.main(__doc__.split("\n\n")[0], program)
