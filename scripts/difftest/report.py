"""Counts per outcome, refusal rate per construct, and the failing programs."""
from collections import Counter, defaultdict

OUTCOMES = ["agree", "aspsat_refuses", "clingo_refuses", "wrong", "crash", "bad_message",
            "clingo_eq_bug", "skipped"]
FAILURES = ("wrong", "crash", "bad_message")


class Report:
    def __init__(self):
        self.outcomes = Counter()
        self.with_construct = Counter()  # programs (compared, not skipped) using a construct
        self.refused_with = Counter()  # of those, refused by aspsat
        self.wrong_with = Counter()
        self.refusals = Counter()  # refusal message (positions stripped) -> count
        self.clingo_refusals = Counter()  # clingo's message -> count (both refused)
        self.failures = []  # dicts: label, outcome, detail, text, shrunk
        self.clingo_bugs = []  # (label, detail, text): clingo's default and --eq=0 answers differ
        self.examples = defaultdict(str)  # refusal message -> smallest program seen
        self.example_inputs = {}  # refusal message -> (files, options) of that program

    def add(self, label, outcome, detail, text, constructs, files=None, options=None):
        self.outcomes[outcome] += 1
        if outcome != "skipped":
            for c in constructs:
                self.with_construct[c] += 1
                if outcome == "aspsat_refuses":
                    self.refused_with[c] += 1
                if outcome in FAILURES:
                    self.wrong_with[c] += 1
        if outcome == "clingo_refuses":
            self.clingo_refusals[detail] += 1
        if outcome == "aspsat_refuses":
            self.refusals[detail] += 1
            if not self.examples[detail] or len(text) < len(self.examples[detail]):
                self.examples[detail] = text
                self.example_inputs[detail] = (files or {}, options or [])
        if outcome == "clingo_eq_bug":
            self.clingo_bugs.append((label, detail, text))
        if outcome in FAILURES:
            self.failures.append({"label": label, "outcome": outcome, "detail": detail,
                                  "text": text, "constructs": sorted(constructs),
                                  "files": files or {}, "options": options or []})

    def compared(self):
        return sum(n for o, n in self.outcomes.items() if o != "skipped")

    def summary(self):
        total = sum(self.outcomes.values())
        parts = [f"{o} {self.outcomes[o]}" for o in OUTCOMES]
        refused = self.outcomes["aspsat_refuses"] + self.outcomes["bad_message"]
        rate = 100.0 * refused / max(1, self.compared())
        return f"{total} programs: " + ", ".join(parts) + f" (aspsat refuses {rate:.1f}%)"

    def text(self, failures=True):
        lines = ["differential: " + self.summary()]
        if self.with_construct:
            lines.append("")
            lines.append("per construct: programs using it, refused by aspsat (rate), failures")
            for c in sorted(self.with_construct, key=lambda c: (-self.refused_with[c], c)):
                n = self.with_construct[c]
                r = self.refused_with[c]
                lines.append(f"  {c:28} {n:6} {r:6} ({100.0 * r / n:5.1f}%) {self.wrong_with[c]:6}")
        if self.refusals:
            lines.append("")
            lines.append("aspsat refusals by message (count, smallest example):")
            for msg, n in self.refusals.most_common():
                example = self.examples[msg].strip().replace("\n", " ")
                lines.append(f"  {n:5}  {msg}")
                lines.append(f"         e.g. {example[:200]}")
        if self.clingo_refusals:
            lines.append("")
            lines.append("programs clingo rejects (aspsat too), by clingo's message:")
            for msg, n in self.clingo_refusals.most_common():
                lines.append(f"  {n:5}  {msg}")
        if self.clingo_bugs:
            lines.append("")
            lines.append("clingo's answer changes with --eq=0 and that one agrees with aspsat:")
            for label, detail, text in self.clingo_bugs:
                lines.append(f"  {label}: {detail}")
                lines.append("    " + text.strip().replace("\n", "\n    "))
        if failures and self.failures:
            lines.append("")
            for f in self.failures:
                lines.append(f"{f['outcome'].upper()} {f['label']}: {f['detail']}")
                lines.append("  constructs: " + " ".join(f["constructs"]))
                if f.get("options"):
                    lines.append("  options: " + " ".join(f["options"]))
                for name, content in f.get("files", {}).items():
                    lines.append(f"  file {name}:\n    " + content.strip().replace("\n", "\n    "))
                lines.append("  program:\n    " + f["text"].strip().replace("\n", "\n    "))
                if f.get("shrunk"):
                    lines.append("  shrunk (" + f["shrunk_detail"] + "):\n    "
                                 + f["shrunk"].strip().replace("\n", "\n    "))
        return "\n".join(lines)

    def to_json(self):
        return {
            "outcomes": dict(self.outcomes),
            "constructs": {c: {"programs": self.with_construct[c],
                               "refused": self.refused_with[c],
                               "wrong_or_crash": self.wrong_with[c]}
                           for c in sorted(self.with_construct)},
            "refusals": dict(self.refusals),
            "failures": self.failures,
            "clingo_eq_bugs": [{"label": l, "detail": d, "text": t} for l, d, t in self.clingo_bugs],
        }


def markdown(paths):
    """A Markdown summary of several `--json` reports: counts per report, then the refusal rate
    per construct over all of them."""
    import json
    import os

    rows = ["| report | programs | agree | aspsat refuses | clingo refuses | wrong | crash | bad message |",
            "|---|---|---|---|---|---|---|---|"]
    programs, refused, failures = Counter(), Counter(), Counter()
    for path in paths:
        with open(path) as fh:
            doc = json.load(fh)
        o = Counter(doc["outcomes"])
        total = sum(o.values())
        rate = 100.0 * o["aspsat_refuses"] / max(1, total - o["skipped"])
        rows.append(f"| {os.path.basename(path)} | {total} | {o['agree']} | {o['aspsat_refuses']} "
                    f"({rate:.1f}%) | {o['clingo_refuses']} | {o['wrong']} | {o['crash']} | "
                    f"{o['bad_message']} |")
        for c, v in doc["constructs"].items():
            programs[c] += v["programs"]
            refused[c] += v["refused"]
            failures[c] += v["wrong_or_crash"]
    rows += ["", "| construct | programs | refused | rate | wrong/crash/bad |", "|---|---|---|---|---|"]
    for c in sorted(programs, key=lambda c: (-refused[c] / max(1, programs[c]), c)):
        rows.append(f"| {c} | {programs[c]} | {refused[c]} | "
                    f"{100.0 * refused[c] / max(1, programs[c]):.1f}% | {failures[c]} |")
    return "\n".join(rows)


if __name__ == "__main__":
    import sys

    print(markdown(sys.argv[1:]))
