"""The command line shared by the focused differential checks (scripts/*_check.py): each generates
programs of one shape with its own `program(rng)` and compares aspsat with clingo 5.8.3 on them."""

import argparse
import os
import random
import sys
from collections import Counter

from difftest.run import Runner

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main(description, program):
    """Parses `--seed`, `--programs`, `--verbose`, `--aspsat`, runs `program(rng)` that many
    times, prints every failure (or every outcome with --verbose) and the counts; exits 1 on a
    wrong answer, crash or bad message."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--programs", type=int, default=300)
    ap.add_argument("--verbose", action="store_true", help="print every program's outcome")
    ap.add_argument("--aspsat", default=os.path.join(ROOT, "target", "release", "aspsat"))
    opts = ap.parse_args()
    rng = random.Random(opts.seed)
    runner = Runner(opts.aspsat, timeout=10)
    counts = Counter()
    try:
        for _ in range(opts.programs):
            text = program(rng)
            outcome, detail, _, _ = runner.check(text)
            counts[outcome] += 1
            if outcome in ("wrong", "crash", "bad_message") or opts.verbose:
                print(f"{outcome}: {detail}\n  {text.strip()}")
    finally:
        runner.close()
    print(dict(counts))
    sys.exit(1 if counts["wrong"] + counts["crash"] + counts["bad_message"] else 0)
