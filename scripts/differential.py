#!/usr/bin/env python3
"""Differential test of aspsat against clingo 5.8.3 (the `clingo` Python module).

Runs both on every encoding in encodings/ (with its instances) and on N random programs from the
grammar-based generator (scripts/difftest/generate.py), and compares verdict, answer sets (the
optimal ones with --opt-mode=optN when optimizing), optimum costs and exit code. Each program is
classified as agree / aspsat refuses (exit 65) / clingo refuses / wrong / crash / bad message (a
refusal without `file:line:col`); failing programs are shrunk to a small program failing the
same way. Exits 1 if any program is wrong, crashes or gets a bad message.

    python3 scripts/differential.py --seed 1 --programs 300
    python3 scripts/differential.py --seed 7 --programs 500 --only pool,interval   # one family
    python3 scripts/differential.py --seed 7 --index 42                          # replay one
    python3 scripts/differential.py --list-features

A generated program may include files (written beside it) and carry command-line options for
both tools (`--project`, `-c n=2`); the report shows them with the program.
"""
import argparse
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))

from difftest.generate import FEATURES, generate  # noqa: E402
from difftest.report import Report  # noqa: E402
from difftest.run import Runner, compare, first_line  # noqa: E402
from difftest.shrink import shrink  # noqa: E402

# Encodings and the instances they run with (an encoding without instances runs alone).
INSTANCES = {
    "edge_matching": ["animals.lp", "insects.lp"],
    "jodici": ["jodici_1.lp"],
    "flower_disks": ["disks_original.lp", "disks_modified.lp"],
    "equation": ["equation_1.lp"],
}


def encoding_runs():
    """(label, program text) for every encoding with each of its instances."""
    runs = []
    enc = os.path.join(ROOT, "encodings")
    inst = os.path.join(ROOT, "instances")
    for name in sorted(os.listdir(enc)) if os.path.isdir(enc) else []:
        if not name.endswith(".lp"):
            continue
        sets = [[os.path.join(inst, i)] for i in INSTANCES.get(name[:-3], [])] or [[]]
        for extra in sets:
            files = [os.path.join(enc, name), *extra]
            text = "\n".join(open(f).read() for f in files)
            # clingo 5 rejects gringo 3's `#hide.`; `#show.` means the same (aspsat takes both)
            runs.append((" ".join(os.path.relpath(f, ROOT) for f in files),
                         text.replace("#hide.", "#show.")))
    return runs


def signature(outcome, detail):
    """What must stay the same while shrinking: the outcome and the kind of difference."""
    if outcome == "wrong":
        return outcome, detail.split(":")[0]
    if outcome == "bad_message":
        return outcome, detail.split(":")[0]
    if outcome == "crash":
        return outcome, detail.split(" ")[3] if "panicked at" in detail else detail[:8]
    return outcome, detail


def program_seed(seed, index):
    return seed * 1_000_003 + index


def per_feature(runner, opts):
    """Outcomes of N programs per feature, each generated with only that feature switched on
    (plus the core: atoms, rules, constraints), so a refusal rate belongs to one construct."""
    print("| feature | programs | agree | aspsat refuses | clingo refuses | wrong | crash |")
    print("|---|---|---|---|---|---|---|")
    bad = 0
    failures = []
    for f in FEATURES:
        report = Report()
        for i in range(opts.per_feature):
            prog = generate(program_seed(opts.seed, i), {f}, opts.size)
            outcome, detail, _, _ = runner.check(prog.text, prog.files, prog.options)
            report.add(f"--seed {opts.seed} --only {f} --index {i}", outcome, detail, prog.text,
                       prog.constructs, prog.files, prog.options)
        o = report.outcomes
        rate = 100.0 * o["aspsat_refuses"] / max(1, report.compared())
        print(f"| {f} | {sum(o.values())} | {o['agree']} | {o['aspsat_refuses']} ({rate:.1f}%) | "
              f"{o['clingo_refuses']} | {o['wrong']} | {o['crash'] + o['bad_message']} |")
        bad += o["wrong"] + o["crash"] + o["bad_message"]
        failures += report.failures
    for f in failures:
        # replay with `--seed S --only F --index I`
        print(f"{f['outcome'].upper()} {f['label']}: {f['detail']}")
    sys.exit(1 if bad else 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--programs", type=int, default=1000)
    ap.add_argument("--index", type=int, help="run only program INDEX of the seed (replay)")
    ap.add_argument("--only", help="comma-separated features: generate only these")
    ap.add_argument("--without", help="comma-separated features to leave out")
    ap.add_argument("--size", type=float, default=1.0, help="statements scale (default 1)")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per program and tool")
    ap.add_argument("--shrink", type=int, default=5, help="shrink at most this many failures")
    ap.add_argument("--shrink-refusals", type=int, default=0,
                    help="shrink the example of this many of the most common refusals")
    ap.add_argument("--aspsat", default=os.path.join(ROOT, "target", "release", "aspsat"))
    ap.add_argument("--keep", help="directory to write failing programs to")
    ap.add_argument("--json", help="write the report as JSON to this file")
    ap.add_argument("--skip-encodings", action="store_true")
    ap.add_argument("--list-features", action="store_true")
    ap.add_argument("--per-feature", type=int, metavar="N",
                    help="instead: N programs using each feature alone, outcome counts per feature")
    ap.add_argument("--verbose", action="store_true", help="print every program's outcome")
    opts = ap.parse_args()
    if opts.list_features:
        for name, what in FEATURES.items():
            print(f"{name:10} {what}")
        return
    enabled = set(FEATURES)
    if opts.only:
        enabled = set(opts.only.split(","))
    if opts.without:
        enabled -= set(opts.without.split(","))
    unknown = enabled - set(FEATURES)
    if unknown:
        sys.exit(f"unknown features: {', '.join(sorted(unknown))} (see --list-features)")
    if not os.path.exists(opts.aspsat):
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)

    runner = Runner(opts.aspsat, timeout=opts.timeout)
    report = Report()
    started = time.monotonic()
    try:
        if not opts.skip_encodings and opts.index is None:
            runner_big = Runner(opts.aspsat, timeout=max(60.0, opts.timeout), max_models=100000)
            for label, text in encoding_runs():
                outcome, detail, _, _ = runner_big.check(text)
                report.add(label, outcome, detail, text, {"encoding"})
            runner_big.close()
        if opts.per_feature:
            per_feature(runner, opts)
            return
        indices = [opts.index] if opts.index is not None else range(opts.programs)
        for i in indices:
            seed = program_seed(opts.seed, i)
            prog = generate(seed, enabled, opts.size)
            outcome, detail, want, got = runner.check(prog.text, prog.files, prog.options)
            label = f"--seed {opts.seed} --index {i}"
            report.add(label, outcome, detail, prog.text, prog.constructs, prog.files,
                       prog.options)
            if opts.verbose or opts.index is not None:
                print(f"{label}: {outcome} {detail}")
                if opts.index is not None:
                    for name, content in prog.files.items():
                        print(f"% file {name}:\n{content}% end of {name}")
                    if prog.options:
                        print("% options:", " ".join(prog.options))
                    print(prog.text)
                    print("clingo:", json.dumps(want))
                    print("aspsat:", json.dumps(got))
        shrunk = 0
        for f in report.failures:
            if shrunk >= opts.shrink:
                break
            shrunk += 1
            target = signature(f["outcome"], f["detail"])

            def still_fails(text, f=f):
                o, d, _, _ = runner.check(text, f["files"], f["options"])
                return signature(o, d) == target

            small, _ = shrink(f["text"], still_fails, max_checks=600)
            # the shrinker sees only the main program: paste a still-included file in where
            # it is included and shrink once more, so the example shows every statement that
            # matters (clingo reads an included file in the includer's current part and goes
            # on after it in part `base`)
            for name, content in f["files"].items():
                directive = f'#include "{name}".'
                if directive in small:
                    pasted = small.replace(directive, f"{content}\n#program base.\n", 1)
                    if still_fails(pasted):
                        small, _ = shrink(pasted, still_fails, max_checks=600)
            o, d, _, _ = runner.check(small, f["files"], f["options"])
            f["shrunk"], f["shrunk_detail"] = small, f"{o}: {d}"
        for msg, _ in report.refusals.most_common(opts.shrink_refusals):
            target = ("aspsat_refuses", msg)
            files, options = report.example_inputs[msg]

            def still_refused(text):
                o, d, _, _ = runner.check(text, files, options)
                return (o, d) == target

            small, _ = shrink(report.examples[msg], still_refused, max_checks=400)
            report.examples[msg] = small
        if opts.keep:
            os.makedirs(opts.keep, exist_ok=True)
            for f in report.failures:
                name = f["label"].replace("--", "").replace(" ", "_")
                with open(os.path.join(opts.keep, name + ".lp"), "w") as fh:
                    fh.write(f"% {f['outcome']}: {f['detail']}\n" + f["text"])
                for inc, content in f["files"].items():
                    # the program includes it by this name: keep it beside the program
                    with open(os.path.join(opts.keep, inc), "w") as fh:
                        fh.write(content)
                if f.get("shrunk"):
                    with open(os.path.join(opts.keep, name + ".min.lp"), "w") as fh:
                        fh.write(f"% {f['shrunk_detail']}\n" + f["shrunk"])
    finally:
        runner.close()
    print(report.text())
    print(f"({time.monotonic() - started:.0f} s)")
    if opts.json:
        with open(opts.json, "w") as fh:
            json.dump(report.to_json(), fh, indent=1)
    bad = sum(report.outcomes[o] for o in ("wrong", "crash", "bad_message"))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
