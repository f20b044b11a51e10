"""Runs clingo 5.8.3 and aspsat on one program and classifies the outcome.

Outcomes:
  agree            same verdict, answer sets (optimal ones when optimizing), optimum and exit code
  aspsat_refuses   aspsat exits 65 with a message, clingo answers
  clingo_refuses   clingo rejects the program and so does aspsat (nothing to compare)
  wrong            both answer and differ, or aspsat answers a program clingo rejects
  bad_message      aspsat refuses with a message without `file:line:col` or naming an
                   internal literal (the product's rule: every message names the user's text)
  crash            aspsat panics, dies by a signal, exits with an unexpected code, prints
                   unreadable output, or times out
  clingo_eq_bug    they differ, but clingo with `--eq=0` (no equivalence preprocessing, which
                   must not change answer sets) gives a different answer from its own default
                   and agrees with aspsat: a clasp preprocessing bug, reported, not a failure
  skipped          clingo timed out or has too many models to compare
"""
import json
import os
import re
import select
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


class Clingo:
    """The clingo worker process (restarted after a timeout)."""

    def __init__(self, timeout):
        self.timeout = timeout
        self.proc = None

    def start(self):
        self.proc = subprocess.Popen(
            [sys.executable, os.path.join(HERE, "clingo_worker.py")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def stop(self):
        if self.proc:
            self.proc.kill()
            self.proc.wait()
            self.proc = None

    def solve(self, text, max_models, options=(), cwd=None):
        if self.proc is None or self.proc.poll() is not None:
            self.start()
        request = {"program": text, "max_models": max_models, "options": list(options),
                   "cwd": cwd}
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        ready, _, _ = select.select([self.proc.stdout], [], [], self.timeout)
        if not ready:
            self.stop()
            return {"status": "timeout"}
        line = self.proc.stdout.readline()
        if not line:
            self.stop()
            return {"status": "timeout"}
        return json.loads(line)


# clingo 5.8.3's equivalence preprocessing loses an #edge cycle when an edge's condition holds
# literals it finds equivalent: `{s}. r :- s. #edge (1,2) : r, s. #edge (2,1) : r, s.` has the
# answer set {s, r} (edges 1->2->1) by default, none with `--eq=0` (and none when r is chosen
# independently). Answer sets must not depend on preprocessing; #edge programs are compared
# with clingo's answer without it. The same preprocessing also loses stable models' minimality
# checks on disjunctions gringo builds for conditions over recursive atoms (tests/golden/
# clingo_eq_bug.lp); every other disagreement is therefore re-checked against clingo `--eq=0`.
EDGE_SAFE_CLINGO = "--eq=0"


def run_aspsat(aspsat, path, timeout, extra=()):
    cmd = [aspsat, "solve", "--json", "-n", "0", "--opt-mode=optN", *extra, path]
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                           cwd=os.path.dirname(path))
    except subprocess.TimeoutExpired:
        return {"status": "crash", "why": f"timeout after {timeout}s"}
    elapsed = time.monotonic() - t0
    if p.returncode == 65:
        return {"status": "error", "message": p.stderr.strip(), "time": elapsed}
    if p.returncode < 0 or p.returncode not in (10, 20, 30) or "panicked" in p.stderr:
        return {"status": "crash", "why": crash_reason(p.returncode, p.stderr), "time": elapsed}
    try:
        doc = json.loads(p.stdout)
    except json.JSONDecodeError:
        return {"status": "crash", "why": f"unreadable output: {p.stdout[:300]!r}"}
    witnesses = doc["Call"][0].get("Witnesses", []) if doc.get("Call") else []
    result = doc.get("Result")
    ans = {"status": "ok", "result": result, "exit": p.returncode, "time": elapsed}
    if result == "OPTIMUM FOUND":
        best = doc["Models"].get("Costs")
        ans["optimum"] = best
        ans["sets"] = sorted({tuple(sorted(w["Value"])) for w in witnesses
                              if w.get("Costs") == best})
        ans["sets"] = [list(s) for s in ans["sets"]]
    else:
        ans["optimum"] = doc["Models"].get("Costs")
        ans["sets"] = sorted(sorted(w["Value"]) for w in witnesses)
    return ans


def crash_reason(code, stderr):
    """`exit N: panicked at FILE:LINE:COL: MESSAGE` (or the end of standard error)."""
    lines = stderr.strip().splitlines()
    for i, line in enumerate(lines):
        if "panicked at" in line:
            where = line[line.index("panicked at"):]
            msg = lines[i + 1] if i + 1 < len(lines) else ""
            return f"exit {code}: {where} {msg}"
    return f"exit {code}: {' | '.join(lines[-3:])[:400]}"


def first_line(message):
    """The first error line without its position, for grouping refusals."""
    for line in message.splitlines():
        line = line.strip()
        if "error" in line:
            line = re.sub(r"^[^ ]*:\d+:\d+(-\d+)?(:\d+)?: ", "", line)
            line = re.sub(r"\(its head atoms .*? depend positively on each other\)", "(…)", line)
            return re.sub(r"'[^']*'", "'…'", line)[:160]
    return message.splitlines()[0][:160] if message else ""


POSITION = re.compile(r"^\S+:\d+:\d+(-\d+)?(:\d+)?: ")


def message_problem(message):
    """Why a refusal's first error line breaks the rule "every message names the user's text and
    its file:line:col", or None."""
    line = next((l for l in message.splitlines() if "error" in l), "")
    if not POSITION.match(line):
        return "no file:line:col"
    if re.search(r"'#(false|true|aux|inc|delayed)", line):
        return "names an internal literal"
    return None


def restrict_to_projection(ans, projected):
    """Answer sets cut down to the projected atoms: under `--project` each model stands for a
    class of answer sets agreeing on them, and which member is printed is up to the search."""
    keep = set(projected)
    cut = [sorted(a for a in s if a in keep) for s in ans["sets"]]
    if ans.get("result") == "OPTIMUM FOUND":
        cut = [list(s) for s in sorted({tuple(s) for s in cut})]
    return dict(ans, sets=sorted(cut))


def compare(want, got):
    """Outcome and a short explanation for clingo's answer `want` and aspsat's `got`."""
    if got["status"] == "crash":
        return "crash", got["why"]
    if want["status"] in ("timeout", "too_many_models"):
        return "skipped", want["status"]
    if want["status"] == "error":
        if got["status"] == "error":
            return "clingo_refuses", first_line(want["message"])
        return "wrong", f"clingo rejects the program ({first_line(want['message'])}) but aspsat answers"
    if got["status"] == "error":
        problem = message_problem(got["message"])
        if problem:
            return "bad_message", f"{problem}: {got['message'].splitlines()[0][:200]}"
        return "aspsat_refuses", first_line(got["message"])
    diffs = []
    for key in ("result", "exit", "optimum"):
        if want.get(key) != got.get(key):
            diffs.append(f"{key}: clingo {want.get(key)} aspsat {got.get(key)}")
    if want["sets"] != got["sets"]:
        w = {tuple(s) for s in want["sets"]}
        g = {tuple(s) for s in got["sets"]}
        only_c = sorted(w - g)[:3]
        only_a = sorted(g - w)[:3]
        diffs.append(f"answer sets: clingo {len(want['sets'])} aspsat {len(got['sets'])}; "
                     f"only clingo {[' '.join(s) for s in only_c]}, "
                     f"only aspsat {[' '.join(s) for s in only_a]}")
    if diffs:
        return "wrong", "; ".join(diffs)
    return "agree", ""


class Runner:
    def __init__(self, aspsat, timeout=10.0, max_models=2000):
        self.aspsat = aspsat
        self.timeout = timeout
        self.max_models = max_models
        self.clingo = Clingo(timeout)
        self.tmp = tempfile.TemporaryDirectory()

    def check(self, text, files=None, options=()):
        """(outcome, detail, clingo answer, aspsat answer) for a program text, with the files
        it includes (name -> text, written beside it) and command-line options for both."""
        for name, content in (files or {}).items():
            with open(os.path.join(self.tmp.name, name), "w") as f:
                f.write(content)
        clingo_options = list(options)
        if "#edge" in text or any("#edge" in c for c in (files or {}).values()):
            clingo_options.append(EDGE_SAFE_CLINGO)
        want = self.clingo.solve(text, self.max_models, clingo_options, self.tmp.name)
        path = os.path.join(self.tmp.name, "program.lp")
        with open(path, "w") as f:
            f.write(text)
        if want["status"] in ("timeout", "too_many_models"):
            return "skipped", want["status"], want, {}
        got = run_aspsat(self.aspsat, path, self.timeout, options)
        projected = want.get("projected")
        if "--project" in options and projected is not None and got.get("status") == "ok":
            want = restrict_to_projection(want, projected)
            got = restrict_to_projection(got, projected)
        outcome, detail = compare(want, got)
        if outcome == "wrong" and want["status"] == "ok" and EDGE_SAFE_CLINGO not in clingo_options:
            plain = self.clingo.solve(text, self.max_models, [*clingo_options, EDGE_SAFE_CLINGO],
                                      self.tmp.name)
            if plain["status"] == "ok" and "--project" in options and projected is not None:
                plain = restrict_to_projection(plain, projected)
            if plain["status"] == "ok" and compare(plain, got)[0] == "agree":
                return "clingo_eq_bug", f"clingo {EDGE_SAFE_CLINGO} agrees: {detail}", want, got
        return outcome, detail, want, got

    def close(self):
        self.clingo.stop()
        self.tmp.cleanup()
