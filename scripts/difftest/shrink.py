"""Reduces a failing program to a small one that fails the same way.

Works on tokens, so it needs no grammar: it tries deleting statements, list items of every
bracket level (body literals, head elements, aggregate and choice elements, arguments, pool
alternatives, weak-constraint tuple parts), conditions (`: ...` up to the next separator), `not`,
and replacing numbers by 0/1 and symbols by numbers, greedily keeping any change after which
`still_fails(text)` holds, until no change does.
"""
import re

TOKEN = re.compile(r"""
    (?P<ws>\s+|%[^\n]*)
  | (?P<tok>"(?:\\.|[^"\\])*"
     | \#sum\+ | \#[a-z]+
     | :- | :~ | \.\. | <= | >= | != | == | \*\* | [-+*/\\^?&|~=<>(){}\[\];,:.@]
     | [A-Za-z_'][A-Za-z0-9_']* | 0x[0-9a-fA-F]+ | 0o[0-7]+ | 0b[01]+ | \d+ )
""", re.VERBOSE)

OPEN = {"(": ")", "{": "}", "[": "]"}
SEPARATORS = {",", ";", "|"}


def block_comment_end(text, pos):
    """Where the block comment starting at `pos` (`%*`) ends, as clingo reads it: nested, and a
    `%` inside starts a line comment (so `*%` after it on that line does not close)."""
    depth = 0
    while pos < len(text):
        if text.startswith("%*", pos):
            depth += 1
            pos += 2
        elif text.startswith("*%", pos):
            depth -= 1
            pos += 2
            if depth == 0:
                return pos
        elif text[pos] == "%":
            end = text.find("\n", pos)
            pos = len(text) if end < 0 else end
        else:
            pos += 1
    return pos


def tokenize(text):
    toks, pos = [], 0
    while pos < len(text):
        if text.startswith("%*", pos):
            pos = block_comment_end(text, pos)
            continue
        if text.startswith("#!", pos):
            end = text.find("\n", pos)
            pos = len(text) if end < 0 else end
            continue
        m = TOKEN.match(text, pos)
        if not m:
            toks.append(text[pos])  # unknown character: keep it as a token of its own
            pos += 1
            continue
        if m.group("tok"):
            toks.append(m.group("tok"))
        pos = m.end()
    return toks


def render(toks):
    out, depth = [], 0
    for i, t in enumerate(toks):
        if out and out[-1] != "\n":
            prev = out[-1]
            # spaces only where needed to keep tokens apart, plus readability after , ; :-
            if (prev[-1].isalnum() or prev[-1] in "_'\"") and (t[0].isalnum() or t[0] in "_'\"#"):
                out.append(" ")
            elif prev in (",", ";", ":-", ":~", "|", ":", ".", "not") or t in (":-", "|", ":"):
                out.append(" ")
        out.append(t)
        depth += (t in OPEN) - (t in (")", "}", "]"))
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if depth == 0 and ((t == "." and nxt != "[") or t == "]"):
            out.append("\n")
    return "".join(out).strip() + "\n"


def statements(toks):
    """[(start, end)] of each statement (a weak constraint includes its `[...]`)."""
    spans, start, depth, i = [], 0, 0, 0
    while i < len(toks):
        t = toks[i]
        if t in OPEN:
            depth += 1
        elif t in (")", "}", "]"):
            depth = max(0, depth - 1)
        elif t == "." and depth == 0:
            end = i + 1
            if end < len(toks) and toks[end] == "[" and any(x == ":~" for x in toks[start:i]):
                while end < len(toks) and toks[end] != "]":
                    end += 1
                end += 1
            spans.append((start, end))
            start = i = end
            continue
        i += 1
    if start < len(toks):
        spans.append((start, len(toks)))
    return spans


def groups(toks, start, end):
    """Ranges of the contents of every bracket group in toks[start:end], and the statement."""
    out, stack = [(start, end)], []
    for i in range(start, end):
        if toks[i] in OPEN:
            stack.append(i)
        elif toks[i] in (")", "}", "]") and stack:
            o = stack.pop()
            out.append((o + 1, i))
    return out


def items(toks, start, end):
    """Top-level list items of toks[start:end]: [(item_start, item_end)] split at separators."""
    out, depth, s = [], 0, start
    for i in range(start, end):
        t = toks[i]
        if t in OPEN:
            depth += 1
        elif t in (")", "}", "]"):
            depth -= 1
        elif depth == 0 and (t in SEPARATORS or t in (":-", ".")):
            out.append((s, i))
            s = i + 1
    out.append((s, end))
    return [(a, b) for a, b in out if a < b]


def candidates(toks):
    """Smaller variants of the token list, biggest deletions first."""
    for a, b in statements(toks):
        yield toks[:a] + toks[b:]
    for sa, sb in statements(toks):
        # drop the head (rule becomes a constraint) or the body
        for i in range(sa, sb):
            if toks[i] == ":-":
                if i > sa:
                    yield toks[:sa] + toks[i:]
                end = sb - 1 if toks[sb - 1] == "." else sb
                yield toks[:i] + toks[end:]
                break
        for ga, gb in groups(toks, sa, sb):
            its = items(toks, ga, gb)
            for ia, ib in its:
                if len(its) > 1:
                    # the item with the separator after it (or before it, for the last one)
                    if ib < gb and toks[ib] in SEPARATORS:
                        yield toks[:ia] + toks[ib + 1:]
                    elif ia > ga and toks[ia - 1] in SEPARATORS:
                        yield toks[:ia - 1] + toks[ib:]
                # a condition inside the item: `x : cond` -> `x`
                depth = 0
                for k in range(ia, ib):
                    if toks[k] in OPEN:
                        depth += 1
                    elif toks[k] in (")", "}", "]"):
                        depth -= 1
                    elif toks[k] == ":" and depth == 0:
                        yield toks[:k] + toks[ib:]
                        break
    for i, t in enumerate(toks):
        if t == "not":
            yield toks[:i] + toks[i + 1:]
        elif t == "-" and i + 1 < len(toks) and (toks[i - 1] in OPEN or toks[i - 1] in SEPARATORS
                                                   or toks[i - 1] in (":-", ":")):
            yield toks[:i] + toks[i + 1:]
    for i, t in enumerate(toks):
        if t.isdigit() and t not in ("0", "1"):
            yield toks[:i] + ["1"] + toks[i + 1:]
            yield toks[:i] + ["0"] + toks[i + 1:]
        elif re.fullmatch(r"[a-z][A-Za-z0-9_]*", t) and i + 1 < len(toks) and toks[i + 1] == "(" \
                and toks[i - 1] in ("(", ","):
            # f(t) -> (t): strip a function symbol around a term
            yield toks[:i] + toks[i + 1:]


def shrink(text, still_fails, max_checks=2000):
    """The smallest variant of `text` found for which `still_fails` holds, and the checks made."""
    toks = tokenize(text)
    checks = 0
    progress = True
    while progress and checks < max_checks:
        progress = False
        for cand in candidates(toks):
            if len(cand) >= len(toks) and cand == toks:
                continue
            checks += 1
            if still_fails(render(cand)):
                toks = cand
                progress = True
                break
            if checks >= max_checks:
                break
    return render(toks), checks
