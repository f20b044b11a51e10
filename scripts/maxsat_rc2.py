#!/usr/bin/env python3
"""Solves a WCNF (MaxSAT Evaluation 2022 format, e.g. `aspsat dimacs --wcnf`) with PySAT's RC2
and prints the answer in the MaxSAT Evaluation output format (`o COST`, `s OPTIMUM FOUND` or
`s UNSATISFIABLE`, `v LITERALS 0`), which `aspsat decode` reads.

    python3 -m pip install python-sat
    aspsat dimacs --wcnf prog.lp -o prog.wcnf
    python3 scripts/maxsat_rc2.py prog.wcnf | aspsat decode prog.wcnf
"""
import sys

from pysat.examples.rc2 import RC2
from pysat.formula import WCNF


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: maxsat_rc2.py FILE.wcnf")
    wcnf = WCNF(from_file=sys.argv[1])
    with RC2(wcnf) as rc2:
        model = rc2.compute()
        if model is None:
            print("s UNSATISFIABLE")
            return
        print(f"o {rc2.cost}")
        print("s OPTIMUM FOUND")
        print("v " + " ".join(str(l) for l in model) + " 0")


if __name__ == "__main__":
    main()
