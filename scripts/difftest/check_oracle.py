#!/usr/bin/env python3
"""Checks the brute-force oracle of tests/oracle/language.rs against clingo 5.8.3.

    ORACLE_DUMP=/tmp/oracle.jsonl cargo test --release --test oracle -- --ignored dump_language
    python3 scripts/difftest/check_oracle.py /tmp/oracle.jsonl

Prints every program on which the oracle's answer sets differ from clingo's (the oracle is the
reference of the Rust oracle tests, so it must agree with clingo on every program it makes).
"""
import json
import sys

import clingo


def clingo_sets(text):
    ctl = clingo.Control(["0"], logger=lambda code, msg: None)
    ctl.add("base", [], text)
    ctl.ground([("base", [])])
    sets = []
    with ctl.solve(yield_=True) as handle:
        for m in handle:
            sets.append(sorted(str(s) for s in m.symbols(shown=True)))
    return sorted(sets)


def main():
    bad = total = 0
    for line in open(sys.argv[1]):
        doc = json.loads(line)
        total += 1
        want = clingo_sets(doc["program"])
        got = sorted(doc["answer_sets"])
        if want != got:
            bad += 1
            if bad <= 10:
                print(f"seed {doc['seed']}:\n{doc['program']}clingo {want}\noracle {got}\n")
    print(f"{total} programs, {bad} where the oracle differs from clingo")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
