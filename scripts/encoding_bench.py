#!/usr/bin/env python3
"""CNF sizes and solve times of the cardinality and pseudo-Boolean encodings.

Runs `aspsat solve --stats --json` on a few programs with each `--card-encoding` and
`--pb-encoding` value and prints a Markdown table (the one in README.md). One run per cell on
whatever machine this is: times are indicative, sizes are exact.

    cargo build --release && python3 scripts/encoding_bench.py [--timeout SECS]
"""

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / "target" / "release" / "aspsat"
CARDS = ["totalizer", "seqcounter", "sortnet", "auto"]
PBS = ["bdd", "adder", "gte", "auto"]

# (label, arguments, encodings to try as (card, pb) pairs)
CASES = [
    ("pigeonhole n=10 (unsat)",
     ["benchmarks/encodings/pigeonhole.lp", "-c", "n=10"],
     [(c, "bdd") for c in CARDS]),
    ("rectangle-free 9×9, 4 per line (unsat)",
     ["benchmarks/encodings/rectangle_free.lp", "-c", "n=9", "-c", "k=4"],
     [(c, "bdd") for c in CARDS]),
    ("half: 100 of 200, #sum window",
     ["benchmarks/encodings/half.lp"],
     [("totalizer", p) for p in PBS] + [(c, "adder") for c in CARDS[1:]]),
    ("knapsack n=20, #maximize",
     ["benchmarks/encodings/knapsack.lp", "-c", "n=20", "-c", "cap=80"],
     [("totalizer", p) for p in PBS]),
    ("knapsack n=30, #maximize",
     ["benchmarks/encodings/knapsack.lp", "-c", "n=30", "-c", "cap=120"],
     [("totalizer", p) for p in PBS]),
    ("jodici (instance 1, all models)",
     ["encodings/jodici.lp", "instances/jodici_1.lp", "-n", "0"],
     [(c, "bdd") for c in CARDS] + [("totalizer", p) for p in PBS[1:]]),
    ("jodici (no givens, first 300 models)",
     ["encodings/jodici.lp", "-n", "300"],
     [(c, "bdd") for c in CARDS] + [("totalizer", p) for p in PBS[1:]]),
    ("magic square 4×4 (first 50 models)",
     ["benchmarks/encodings/magic_square.lp", "-c", "n=4", "-n", "50"],
     [("auto", p) for p in PBS]),
]


def run(args, card, pb, timeout):
    cmd = [str(BIN), "solve", "--stats", "--json", "--card-encoding", card,
           "--pb-encoding", pb, "--time-limit", str(timeout)] + args
    start = time.monotonic()
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout + 30)
    wall = time.monotonic() - start
    try:
        doc = json.loads(p.stdout)
    except json.JSONDecodeError:
        return None
    s = doc.get("Stats", {})
    return {
        "result": doc["Result"],
        "models": doc["Models"]["Number"],
        "costs": doc["Models"].get("Costs"),
        "clauses": s.get("CnfClauses", 0),
        "vars": s.get("CnfVars", 0),
        "card": s.get("CardClauses", 0),
        "pb": s.get("PbClauses", 0),
        "bound": s.get("BoundClauses", 0),
        "time": wall,
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--timeout", type=float, default=120)
    opts = ap.parse_args()
    if not BIN.exists():
        sys.exit(f"{BIN} not found: cargo build --release first")
    print("| program | card | pb | CNF clauses | CNF vars | card clauses | PB clauses "
          "| bound clauses | result | time |")
    print("|---|---|---|---:|---:|---:|---:|---:|---|---:|")
    for label, args, encs in CASES:
        for card, pb in encs:
            r = run(args, card, pb, opts.timeout)
            if r is None:
                print(f"| {label} | {card} | {pb} | | | | | | error | |")
                continue
            result = {"UNSATISFIABLE": "unsat", "SATISFIABLE": "sat",
                      "OPTIMUM FOUND": "optimum", "UNKNOWN": "timeout"}.get(r["result"], r["result"])
            if r["costs"] is not None:
                result += f" {r['costs']}"
            elif r["result"] != "UNSATISFIABLE":
                result += f", {r['models']} models"
            print(f"| {label} | {card} | {pb} | {r['clauses']} | {r['vars']} | {r['card']} "
                  f"| {r['pb']} | {r['bound']} | {result} | {r['time']:.2f} s |", flush=True)


if __name__ == "__main__":
    main()
