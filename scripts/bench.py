#!/usr/bin/env python3
"""aspsat against clingo 5.8.3, side by side in one run.

For every instance the two systems run alternately (aspsat, clingo, aspsat, clingo, ...)
`--repeat` times each; the table shows the median wall time of each, their ratio
(aspsat / clingo, below 1 means aspsat is faster), the median of each system's own reported
`Time` (clingo's excludes the start-up of `python3 -m clingo`, about 0.1-0.2 s), the peak
resident memory of each process (`wait4` rusage of the child), and the sizes each reports with
`--stats` (aspsat: ground rules, CNF variables and clauses; clingo: rules, variables and
constraints after its preprocessing). Both must agree on the verdict and on the number of
models (or the optimum); a disagreement stops the run.

    cargo build --release
    python3 scripts/bench.py [--repeat 3] [--timeout 60] [--only SUBSTRING] [--set suite|enum|real]
                             [--markdown]
    python3 scripts/bench.py --sizes [--before OTHER_BINARY] [--markdown]

`--sizes` times nothing: it compares the CNF aspsat writes (variables, clauses) with clingo's
program after preprocessing (variables, constraints), and with `--before` also with the CNF of
another aspsat binary (e.g. main's, to measure a change of the translation).

Geometric means are printed per set and over everything. A run that times out counts as the
time limit (and is marked `>`), so a mean with timeouts is a lower bound for that system.
"""

import argparse
import math
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASPSAT = ROOT / "target" / "release" / "aspsat"
GC = "benchmarks/real/graph_colouring"
GC_INST = GC + "/instances/"
PU = "benchmarks/real/partner_units/"
GB = "benchmarks/real/gbie/"

# (set, name, arguments shared by both systems)
INSTANCES = [
    ("suite", "chain closure 1000", ["benchmarks/chain_closure.lp"]),
    ("suite", "queens 40, one", ["benchmarks/queens.lp", "-c", "n=40"]),
    ("suite", "queens 60, one", ["benchmarks/queens.lp", "-c", "n=60"]),
    ("suite", "pigeonhole #count 9 in 8", ["benchmarks/pigeonhole.lp", "-c", "n=9"]),
    ("suite", "pigeonhole pairwise 9 in 8", ["benchmarks/pigeonhole_pairwise.lp", "-c", "n=9"]),
    ("suite", "knapsack n=20, #maximize",
     ["benchmarks/encodings/knapsack.lp", "-c", "n=20", "-c", "cap=80"]),
    ("suite", "knapsack n=25, #maximize",
     ["benchmarks/encodings/knapsack.lp", "-c", "n=25", "-c", "cap=100"]),
    ("suite", "knapsack n=30, #maximize",
     ["benchmarks/encodings/knapsack.lp", "-c", "n=30", "-c", "cap=120"]),
    ("suite", "magic square 4x4, one", ["benchmarks/encodings/magic_square.lp", "-c", "n=4"]),
    ("suite", "magic square 5x5, one", ["benchmarks/encodings/magic_square.lp", "-c", "n=5"]),
    ("suite", "assignment 16, #minimize", ["benchmarks/encodings/assignment.lp", "-c", "n=16"]),
    ("suite", "TSP 10 cities, weak constraints", ["benchmarks/encodings/tsp.lp", "-c", "n=10"]),
    ("suite", "weighted vertex cover 100", ["benchmarks/encodings/weighted_vertex_cover.lp", "-c", "n=100"]),
    ("suite", "half: 100 of 200, #sum", ["benchmarks/encodings/half.lp"]),
    ("suite", "rectangle-free 8x8, 4", ["benchmarks/encodings/rectangle_free.lp", "-c", "n=8", "-c", "k=4"]),
    ("suite", "zebra, all", ["encodings/zebra.lp", "0"]),
    ("suite", "zebra (seed), all", ["encodings/zebra_seed.lp", "0"]),
    ("suite", "equation, all", ["encodings/equation.lp", "instances/equation_1.lp", "0"]),
    ("suite", "jodici, all", ["encodings/jodici.lp", "instances/jodici_1.lp", "0"]),
    ("suite", "animals, all", ["encodings/edge_matching.lp", "instances/animals.lp", "0"]),
    ("suite", "insects, all", ["encodings/edge_matching.lp", "instances/insects.lp", "0"]),
    ("suite", "flower disks (modified)", ["encodings/flower_disks.lp", "instances/disks_modified.lp", "0"]),
    ("suite", "number cross, all", ["encodings/number_cross.lp", "0"]),
    ("suite", "logic puzzles (painting)", ["encodings/logic_painting.lp", "0"]),
    ("enum", "{a(1..16)}, all 65536", ["benchmarks/enum/subsets.lp", "-c", "n=16", "0"]),
    ("enum", "queens 8, all 92", ["benchmarks/queens.lp", "-c", "n=8", "0"]),
    ("enum", "queens 10, all 724", ["benchmarks/queens.lp", "-c", "n=10", "0"]),
    ("enum", "jodici no givens, 300", ["encodings/jodici.lp", "-n", "300"]),
    ("enum", "magic square 4x4, 200", ["benchmarks/encodings/magic_square.lp", "-c", "n=4", "-n", "200"]),
    ("real", "graph colouring 125 (0004), k=6", [GC + "/encoding.lp", GC_INST + "0004-graph_colouring-125-0.lp", "-c", "k=6"]),
    ("real", "graph colouring 125 (0004), k=5", [GC + "/encoding.lp", GC_INST + "0004-graph_colouring-125-0.lp", "-c", "k=5"]),
    ("real", "graph colouring 135 (0021), k=6", [GC + "/encoding.lp", GC_INST + "0021-graph_colouring-135-0.lp", "-c", "k=6"]),
    ("real", "graph colouring 150 (0060), k=6", [GC + "/encoding.lp", GC_INST + "0060-graph_colouring-150-0.lp", "-c", "k=6"]),
    ("real", "graph colouring 125 (0004), fewest colours", [GC + "/fewest_colours.lp", GC_INST + "0004-graph_colouring-125-0.lp", "-c", "k=7"]),
    ("real", "partner units 59 (196)", [PU + "encoding.lp", PU + "instances/196-partner_units_polynomial-59-0.lp"]),
    ("real", "partner units 100 (91)", [PU + "encoding.lp", PU + "instances/91-partner_units-100-0.lp"]),
    ("real", "partner units 100 (100)", [PU + "encoding.lp", PU + "instances/100-partner_units-100-0.lp"]),
    ("real", "gbie 1, sat 03", [GB + "gbie1.lp", GB + "instances/sat_03.lp"]),
    ("real", "gbie 1, unsat 02", [GB + "gbie1.lp", GB + "instances/unsat_02.lp"]),
    ("real", "gbie 2, sat 03", [GB + "gbie2.lp", GB + "instances/sat_03.lp"]),
]


def run_once(cmd, timeout):
    """Wall time, CPU time, peak RSS (KiB), exit code and stdout of one run.

    GNU time measures the child: the rusage of a child of this script would count the memory of
    the Python process it was forked from."""
    with tempfile.TemporaryFile() as out, tempfile.NamedTemporaryFile("r") as usage:
        start = time.perf_counter()
        proc = subprocess.Popen(
            ["/usr/bin/time", "-f", "%M %U %S", "-o", usage.name, *cmd],
            cwd=ROOT, stdout=out, stderr=subprocess.DEVNULL, start_new_session=True)
        timed_out = False
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            timed_out = True
        wall = time.perf_counter() - start
        out.seek(0)
        text = out.read().decode(errors="replace")
        fields = (usage.read().split("\n")[-2:] + [""])[0].split()
    rss, cpu = 0, wall
    if len(fields) == 3:
        rss, cpu = int(fields[0]), float(fields[1]) + float(fields[2])
    return {"wall": wall, "cpu": cpu, "rss": rss, "code": proc.returncode,
            "timeout": timed_out, "text": text}


def verdict(text):
    """What a run concluded: result line, models, last optimization line."""
    result = None
    for line in text.splitlines():
        if line in ("SATISFIABLE", "UNSATISFIABLE", "OPTIMUM FOUND", "UNKNOWN"):
            result = line
    m = re.search(r"^Models\s*:\s*(\d+\+?)", text, re.M)
    o = re.findall(r"^Optimization\s*:\s*(.*)$", text, re.M)
    return result, m.group(1) if m else None, o[-1].strip() if o else None


def self_time(run, timeout):
    """The time the system reports itself (the time limit if it was stopped)."""
    if run["timeout"]:
        return timeout
    m = re.search(r"^Time\s*:\s*([0-9.]+)s", run["text"], re.M)
    return float(m.group(1)) if m else None


def sizes(args, timeout, aspsat=None):
    """aspsat's (rules, CNF vars, CNF clauses) and clingo's (rules, vars, constraints)."""
    a = run_once([str(aspsat or ASPSAT), "solve", "--stats", *args], timeout)["text"]
    c = run_once([sys.executable, "-m", "clingo", "--stats", "-q", *args], timeout)["text"]

    def grab(text, label):
        m = re.search(rf"^{label}\s*:\s*(\d+)", text, re.M)
        return int(m.group(1)) if m else None

    return (
        (grab(a, "Ground rules"), grab(a, "CNF vars"), grab(a, "CNF clauses")),
        (grab(c, "Rules"), grab(c, "Variables"), grab(c, "Constraints")),
    )


def one_model(args):
    """The arguments with the number of models set to 1 (sizes do not depend on it)."""
    out, skip = [], False
    for i, a in enumerate(args):
        if skip:
            skip = False
        elif a == "-n":
            skip = True
        elif not (a.isdigit() and (i == 0 or args[i - 1] != "-c")):
            out.append(a)
    return out + ["-n", "1"]


def geomean(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def fmt_time(t, timed_out):
    return (">" if timed_out else "") + f"{t:.3f}"


def size_table(opts):
    """CNF sizes only: aspsat (and `--before`) against clingo, with ratios and geometric means."""
    head = ["set", "instance", "clingo rules", "clingo vars", "clingo constraints"]
    if opts.before:
        head += ["before vars", "before clauses"]
    head += ["aspsat vars", "aspsat clauses", "vars/clingo", "clauses/clingo"]
    if opts.before:
        head += ["vars/before", "clauses/before"]
    if opts.markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + "|".join("---" if i < 2 else "---:" for i in range(len(head))) + "|")
    else:
        print("  ".join(head))
    ratios = {}
    for group, name, args in INSTANCES:
        if (opts.set and group != opts.set) or (opts.only and opts.only not in name):
            continue
        args = one_model(args)
        sa, sc = sizes(args, opts.timeout)
        row = [group, name, *(str(x) for x in sc)]
        cols = {"vars/clingo": (sa[1], sc[1]), "clauses/clingo": (sa[2], sc[2])}
        if opts.before:
            sb, _ = sizes(args, opts.timeout, Path(opts.before).resolve())
            row += [str(sb[1]), str(sb[2])]
            cols["vars/before"] = (sa[1], sb[1])
            cols["clauses/before"] = (sa[2], sb[2])
        row += [str(sa[1]), str(sa[2])]
        for key, (x, y) in cols.items():
            r = x / y if x and y else None
            if r is not None:
                ratios.setdefault(key, []).append(r)
            row.append("-" if r is None else f"{r:.2f}")
        print(("| " + " | ".join(row) + " |") if opts.markdown else "  ".join(row), flush=True)
    print()
    for key, rs in ratios.items():
        print(f"geometric mean {key}: {geomean(rs):.2f} ({len(rs)} instances)")


def main():
    global ASPSAT
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--only", default=None, help="instances whose name contains this")
    ap.add_argument("--set", default=None, choices=["suite", "enum", "real"])
    ap.add_argument("--markdown", action="store_true", help="a Markdown table")
    ap.add_argument("--no-sizes", action="store_true", help="skip the --stats runs")
    ap.add_argument("--aspsat", default=str(ASPSAT), help="the binary (default: the release build)")
    ap.add_argument("--sizes", action="store_true", help="CNF sizes against clingo's, no timing")
    ap.add_argument("--before", default=None, help="with --sizes: another aspsat binary to compare")
    opts = ap.parse_args()
    ASPSAT = Path(opts.aspsat).resolve()
    if not ASPSAT.exists():
        sys.exit("build first: cargo build --release")
    if opts.sizes:
        size_table(opts)
        return

    sep = " | " if opts.markdown else "  "
    head = ["set", "instance", "aspsat s", "clingo s", "ratio", "CPU ratio", "self ratio",
            "aspsat MB", "clingo MB", "aspsat rules/vars/clauses", "clingo rules/vars/constraints"]
    if opts.markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + "|".join("---" if i < 2 else "---:" for i in range(len(head))) + "|")
    else:
        print(sep.join(head))
    ratios = {}
    self_ratios = {}
    cpu_ratios = {}
    mem_ratios = {}
    for group, name, args in INSTANCES:
        if opts.set and group != opts.set:
            continue
        if opts.only and opts.only not in name:
            continue
        a_runs, c_runs = [], []
        for _ in range(opts.repeat):
            a_runs.append(run_once([str(ASPSAT), "solve", *args], opts.timeout))
            c_runs.append(run_once([sys.executable, "-m", "clingo", *args], opts.timeout))
        av, cv = verdict(a_runs[-1]["text"]), verdict(c_runs[-1]["text"])
        a_to = any(r["timeout"] for r in a_runs)
        c_to = any(r["timeout"] for r in c_runs)
        if av[2] is not None or cv[2] is not None:
            # optimization: the improving models differ, the verdict and optimum must not
            av, cv = (av[0], av[2]), (cv[0], cv[2])
        if not a_to and not c_to and av != cv:
            sys.exit(f"DISAGREEMENT on {name}: aspsat {av}, clingo {cv}")
        aw = statistics.median(r["wall"] for r in a_runs)
        cw = statistics.median(r["wall"] for r in c_runs)
        at = [self_time(r, opts.timeout) for r in a_runs]
        ct = [self_time(r, opts.timeout) for r in c_runs]
        at = statistics.median(t for t in at if t is not None) if any(t is not None for t in at) else aw
        ct = statistics.median(t for t in ct if t is not None) if any(t is not None for t in ct) else cw
        am = max(r["rss"] for r in a_runs) / 1024
        cm = max(r["rss"] for r in c_runs) / 1024
        ratio = aw / cw
        # CPU time (user + system) of the process: less sensitive to the load than wall time;
        # clingo's includes the start-up of the Python interpreter
        cpu_ratio = (statistics.median(r["cpu"] for r in a_runs)
                     / max(statistics.median(r["cpu"] for r in c_runs), 0.001))
        cpu_ratios.setdefault(group, []).append(cpu_ratio)
        # own times below a millisecond are rounding: floor both at 1 ms
        self_ratio = max(at, 0.001) / max(ct, 0.001)
        ratios.setdefault(group, []).append(ratio)
        self_ratios.setdefault(group, []).append(self_ratio)
        if am > 0 and cm > 0:
            mem_ratios.setdefault(group, []).append(am / cm)
        if opts.no_sizes:
            size_a = size_c = "-"
        else:
            sa, sc = sizes(one_model(args), opts.timeout)
            size_a = "/".join("?" if x is None else str(x) for x in sa)
            size_c = "/".join("?" if x is None else str(x) for x in sc)
        row = [group, name, fmt_time(aw, a_to), fmt_time(cw, c_to), f"{ratio:.2f}",
               f"{cpu_ratio:.2f}", f"{self_ratio:.2f}", f"{am:.0f}", f"{cm:.0f}", size_a, size_c]
        print(("| " + " | ".join(row) + " |") if opts.markdown else sep.join(row), flush=True)
    print()
    all_r = [r for rs in ratios.values() for r in rs]
    all_s = [r for rs in self_ratios.values() for r in rs]
    all_c = [r for rs in cpu_ratios.values() for r in rs]
    all_m = [r for rs in mem_ratios.values() for r in rs]
    for group in ratios:
        mem_ratios.setdefault(group, [])
        print(f"geometric mean {group}: wall {geomean(ratios[group]):.2f}, CPU "
              f"{geomean(cpu_ratios[group]):.2f}, own Time "
              f"{geomean(self_ratios[group]):.2f}, peak memory {geomean(mem_ratios[group]):.2f} "
              f"({len(ratios[group])} instances, worst wall ratio {max(ratios[group]):.2f})")
    print(f"geometric mean all: wall {geomean(all_r):.2f}, CPU {geomean(all_c):.2f}, "
          f"own Time {geomean(all_s):.2f}, "
          f"peak memory {geomean(all_m):.2f} ({len(all_r)} instances)")


if __name__ == "__main__":
    main()
