"""Grammar-based random programs over the clingo language that aspsat's parser accepts.

A program is a list of statements built from a small vocabulary (the domain `d(1..n)`, predicates
`p/1 q/1 r/0 s/2` and their classical negations, the variables X Y Z) so that clingo and aspsat
answer at once, yet every construct appears in every position the grammar allows it:

  terms        numbers, symbols, strings, functions, tuples, #inf/#sup, variables, arithmetic with
               every operator (also undefined: 1/0, a+1), intervals and pools — in atom arguments,
               comparisons, aggregate tuples and guards, head elements, conditions, #show terms,
               weak constraint tuples
  body         atoms with `not`/`not not`, classical negation, comparisons (negated, chains
               with pools, intervals and undefined terms, also as a conditional literal),
               #true/#false, conditional literals, aggregates of every function with one or both
               guards and every comparison, negated, set aggregates `L { l : c } U`, assignments
  heads        atoms, disjunctions (`;` and `|`) with conditions, choices with bounds and
               conditions, head aggregates of every function, elements of both that are no atoms
               (`not a`, `not not a`, comparisons, #true/#false), #false/#true, integrity
               constraints
  statements   facts, rules, constraints, weak constraints and #minimize/#maximize with several
               priorities and tuples, #show (signatures, negative signatures, terms, nothing),
               #const (with `-c` on the command line), #external with and without bodies and
               values, #heuristic, #project (atoms and signatures; with and without `--project`),
               #edge, #defined, #program parts with parameters, #include of a file beside the
               program
  lexical      strings with escapes, integers in every base with and without a minus, #inf/#sup
               and their long spellings, `%*...*%` (nested, multi-line) and `%` comments between
               any two tokens, anonymous variables in every literal position that allows them

A program may come with files it includes (`Program.files`, written beside it) and command-line
options for both tools (`Program.options`, e.g. `--project` or `-c n=2`).

Every construct used is recorded in `Program.constructs` (for refusal rates per construct), and
every family of constructs has a switch (`FEATURES`) so a run can target one of them.
"""
import random
from dataclasses import dataclass, field

# Feature switches: name -> what it turns on. The generator consults `self.on(name)`.
FEATURES = {
    "pool": "pools (a;b) and p(1;2) in every term position",
    "interval": "intervals a..b in every term position",
    "undef": "undefined arithmetic (1/0, a+1, X\\0) in every term position",
    "arith": "arithmetic operators + - * / \\ ** & ? ^ ~ |t| and unary minus",
    "termkinds": "symbols, strings, functions, tuples, #inf/#sup as terms",
    "naf": "default negation `not` / `not not` of atoms (also as head elements)",
    "classneg": "classical negation -p(...)",
    "cmp": "comparisons (every operator, negated, chains)",
    "cmp.chain": "comparison chains t0 < t1 <= t2 ... (negated, with pools, intervals and "
                 "undefined terms in the middle) in every literal position",
    "cmp.bound": "variables bounded only by comparisons (clingo's inequality solver: chains, "
                 "linear terms -X, X+c, c*X, two variables, one-sided bounds) in bodies, "
                 "conditions, aggregate elements, head conditions and directives",
    "bool": "#true / #false literals",
    "cond": "conditional literals in bodies",
    "disj": "disjunctive heads with and without conditions",
    "choice": "choice rules with bounds and conditions",
    "headagg": "head aggregates of every function",
    "bodyagg": "body aggregates of every function, guards, negation, set aggregates",
    "assign": "assignment aggregates C = #agg{...}",
    "weak": "weak constraints :~ body. [w@p, t]",
    "minimize": "#minimize / #maximize",
    "show": "#show signatures, terms and #show.",
    "const": "#const definitions",
    "unsafe": "occasionally unsafe rules (both must refuse)",
    "external": "#external atom [: body]. [true|false|free|release] or a value term (variables, "
                "pools, other constants), external atoms used in rules",
    "heuristic": "#heuristic atom [: body]. [w@p, modifier] (answer sets must not change)",
    "project": "#project atoms and signatures, enumerated with and without --project",
    "edge": "#edge (u,v; ...) [: body]. (acyclicity of the chosen edges)",
    "parts": "#program parts with and without parameters (only base is grounded)",
    "defined": "#defined signatures",
    "include": "#include of a file beside the program (also twice, also inside a part)",
    "comments": "%*...*% block comments (nested, multi-line) and % line comments between tokens",
    "strings": "strings with escapes (\\\" \\\\ \\n) in every term position",
    "intbases": "integers in every base (0x 0o 0b), negative too, in every term position",
    "anon": "anonymous variables in every literal position that allows them",
    "unsupported": "constructs aspsat refuses by design (chains in heads without a condition "
                   "with arithmetic beside a pool, chains in aggregate conditions): must be "
                   "refused with file:line:col, never answered; and constructs once refused "
                   "(comparisons, chains and #true in heads, also conditional, comparisons and "
                   "`not` in choice and head aggregate elements, negated chains, intervals in "
                   "negated chains, variables bounded only by comparisons)",
}

# statements the parser accepts and aspsat refuses (README "Not supported yet")
UNSUPPORTED = ["a ; 1 < X+1 < (3;4) :- d(X).",
               "r :- #count { p(1) : 1 < 2 < 3 } > 0."]
# constructs once refused, now grounded as clingo does: generated by the same feature so the
# differential keeps comparing them
ONCE_UNSUPPORTED = ["a ; 1 < 2 :- r.", "X = 1 :- d(X).", "p(1) ; #true.", "{ 1 < 2 }.",
                    "1 < 2 :- r.", "a ; #false :- r.", "r :- not 1 < 2 < 3.",
                    "r :- not 1 < 1..2 < 3.", ":- not 2..1 < 1 = 0.", "p(X) :- X > 0, X < 3.",
                    "p(X) :- 0 < X < 3.", "{ not p(1) } :- r.", "{ p(1) ; 1 < 2 } = 1.",
                    "#sum { 1 : not q(1) } :- r.", "a ; X > 1 : d(X).",
                    "a ; 1 < 2 < 3 :- r.", "a ; 1 < X/0 < 3 :- d(X).",
                    "a ; 1 < X < 3 : d(X)."]

# where an atom may have an anonymous argument: positions where its literal binds or projects
ANON_POSITIONS = {"body", "cond", "aggelem", "aggcond", "headcond", "mincond", "dirbody"}
HEURISTIC_MODIFIERS = ["sign", "level", "true", "false", "init", "factor"]

CMP = ["=", "!=", "<", "<=", ">", ">="]
FUNCS = ["#count", "#sum", "#sum+", "#min", "#max"]
PREDS = {"p": 1, "q": 1, "r": 0, "s": 2}


class Cond(str):
    """A conditional literal: its condition takes up the following `,`, so `;` must follow it."""


def join_body(lits):
    out = ""
    for i, lit in enumerate(lits):
        if i:
            out += "; " if isinstance(lits[i - 1], Cond) else ", "
        out += lit
    return out


@dataclass
class Program:
    text: str
    constructs: set = field(default_factory=set)
    files: dict = field(default_factory=dict)  # name -> text of files the program includes
    options: list = field(default_factory=list)  # command-line options for clingo and aspsat


class Gen:
    def __init__(self, rng, enabled=None, size=1.0, side=None, counted=None, compared=None,
                 valued=None, levelled=None):
        self.rng = rng
        # statements added after the failures of earlier runs were recorded draw from this
        self.side = side or random.Random(0)
        # and so do counted choice and head aggregate elements (`counted_element`), from a
        # stream of their own so that the statements drawn from `side` stay as they were
        self.counted = counted or random.Random(1)
        # and comparisons as disjunction elements (`head_comparison`)
        self.compared = compared or random.Random(2)
        # and #external values that are terms (`external_value_term`)
        self.valued = valued or random.Random(3)
        # and weights and priorities of optimization statements and heuristics that are whole
        # terms (pools, intervals, undefined arithmetic: `W@(1;2)` is one element per level),
        # see `level`
        self.levelled = levelled or random.Random(4)
        self.enabled = set(FEATURES) if enabled is None else set(enabled)
        # a run that targets a few features uses them twice as often
        self.boost = 1 if enabled is None or len(self.enabled) > len(FEATURES) // 2 else 2
        self.size = size
        self.tags = set()
        self.consts = []
        self.files = {}
        self.options = []
        self.context = "rule"  # the kind of statement being generated (for construct tags)

    # ----- helpers ------------------------------------------------------------------------

    def on(self, feature, p=1.0):
        return feature in self.enabled and self.rng.random() < p * self.boost

    def tag(self, *names):
        self.tags.update(names)

    def pick(self, xs):
        return self.rng.choice(xs)

    def chance(self, p):
        return self.rng.random() < p

    # ----- terms --------------------------------------------------------------------------

    def number(self):
        if self.chance(0.05) or self.on("intbases", 0.2):
            if self.chance(0.1):
                # literals beyond 32 bits wrap as in clingo (0x100000001 is 1)
                self.tag("int.wrap")
                return self.pick(["0x100000001", "4294967298", "-0x100000002", "2147483648"])
            return self.based(self.rng.choice([-2, -1, 0, 1, 2, 3, 17]))
        return str(self.rng.choice([-1, 0, 1, 1, 2, 2, 3]))

    def based(self, value):
        """`value` written in base 16, 8 or 2 (`-0x1f`), or as a plain decimal."""
        self.tag("int.bases")
        sign = "-" if value < 0 else ""
        digits = abs(value)
        form = self.pick(["x", "X", "o", "b", "d"])
        if form == "d":
            return str(value)
        if sign:
            self.tag("int.bases.negative")
        text = {"x": f"0x{digits:x}", "X": f"0x{digits:X}", "o": f"0o{digits:o}",
                "b": f"0b{digits:b}"}[form]
        return sign + text

    def simple(self, vars_):
        """A small term: a bound variable or a number in the domain."""
        if vars_ and self.chance(0.6):
            return self.pick(vars_)
        if self.on("intbases", 0.15):
            return self.based(self.rng.randint(1, 3))
        return str(self.rng.randint(1, 3))

    def term(self, vars_, where, depth=0):
        """A term for position `where` (for construct tags), mostly simple."""
        r = self.rng.random() / self.boost
        if depth < 2 and r < 0.08 and self.on("pool"):
            self.tag(f"pool.{where}")
            alts = [self.term(vars_, where, depth + 1) for _ in range(self.rng.randint(2, 3))]
            form = self.pick(["paren", "paren", "fun", "tuple", "abs"])
            if form != "paren":
                self.tag(f"pool.form.{form}")
            if form == "fun":
                # alternatives of a whole argument list: f(1,2;3) is f(1,2) or f(3)
                return f"f({alts[0]},{self.simple(vars_)};{';'.join(alts[1:])})"
            if form == "tuple":
                return f"({alts[0]},{alts[1]};{self.simple(vars_)},{alts[-1]})"
            if form == "abs":
                return "|" + ";".join(alts) + "|"
            return "(" + ";".join(alts) + ")"
        if depth < 2 and r < 0.14 and self.on("interval"):
            self.tag(f"interval.{where}")
            lo = self.simple(vars_)
            hi = self.pick([self.simple(vars_), str(self.rng.randint(0, 3))])
            return f"{lo}..{hi}"
        if r < 0.19 and self.on("undef"):
            self.tag(f"undef.{where}")
            v = self.simple(vars_)
            return self.pick([f"{v}/0", "a+1", f"{v}\\0", f'"s"*{v}', f"f({v})-1", f"{v}+b"])
        if depth < 2 and r < 0.27 and self.on("arith"):
            self.tag("arith")
            a = self.term(vars_, where, depth + 1)
            b = self.simple(vars_)
            op = self.pick(["+", "-", "*", "/", "\\", "**", "&", "?", "^"])
            form = self.pick(["bin", "bin", "bin", "neg", "abs", "bnot", "linear"])
            if form == "linear" and vars_:
                # gringo inverts a*X+b (a != 0, X once) to bind X: `p(3-X)`, `p(2*(X+1))`
                self.tag("arith.linear")
                v = self.pick(vars_)
                k = self.pick(["2", "-1", "3", "0", "-2"])
                return self.pick([f"({b}-{v})", f"({k}*{v}+{b})", f"{k}*({v}-{b})",
                                  f"-({v}*{k})", f"({v}+{v})"])
            if form == "neg":
                return f"-{b}" if not b.startswith("-") else f"-({b})"
            if form == "abs":
                return f"|{a}-{b}|"
            if form == "bnot":
                return f"~{b}"
            if op in "/\\" and b == "0":
                b = "2"
            return f"({a}{op}{b})"
        if depth < 2 and r < 0.37 and self.on("termkinds"):
            self.tag("termkinds")
            return self.kind_term(vars_, where, depth)
        if r < 0.42 and self.on("strings", 0.5):
            return self.string()
        if self.consts and self.chance(0.1):
            self.tag("const.use")
            return self.pick(self.consts)
        return self.simple(vars_)

    def kind_term(self, vars_, where, depth=0):
        """A term of one of clingo's kinds: symbol, string, function, tuple, #inf, #sup."""
        k = self.pick(["sym", "str", "fun", "tuple", "inf", "sup", "negsym"])
        if k == "sym":
            if self.chance(0.15):
                self.tag("names.sym")
                return self.pick(["_a", "a'", "c'd", "__b"])
            return self.pick(["a", "b"])
        if k == "negsym":
            if self.chance(0.3):
                # clingo 5.8 negates tuples too: -(1,2), -()
                self.tag("negsym.tuple")
                return self.pick(["-(1,2)", "-()", f"-({self.simple(vars_)},)", "-(-(a,b))"])
            return self.pick(["-a", "-f(1)"])
        if k == "str":
            return self.string()
        if k == "fun":
            return f"f({self.term(vars_, where, depth + 1)})"
        if k == "tuple":
            return self.pick(["()", "(,)", "g()", f"({self.simple(vars_)},)",
                              f"({self.simple(vars_)},{self.term(vars_, where, depth + 1)})"])
        if self.chance(0.2):
            self.tag("infsup.long")
            return "#infimum" if k == "inf" else "#supremum"
        return "#inf" if k == "inf" else "#sup"

    def string(self):
        if self.on("strings"):
            self.tag("string.escape")
            return self.pick(['"x\\"y"', '"\\\\"', '"a\\nb"', '"\\"\\\\\\n"', '"%* no comment *%"',
                              '"a\\\\\\"b"', '"\\n"', '"1"', '"a.b"', '"é€"'])
        return self.pick(['"a"', '"b"', '"x\\"y"', '""', '"a b"'])

    # ----- atoms and literals -------------------------------------------------------------

    def atom(self, vars_, where, pred=None, classical=True):
        pred = pred or self.pick(["p", "p", "q", "q", "r", "s"])
        neg = ""
        if classical and self.on("classneg", 0.12):
            self.tag("classneg")
            neg = "-"
        arity = PREDS[pred]
        if arity == 0:
            return neg + pred
        if self.on("pool", 0.06):
            self.tag(f"pool.{where}")
            alts = [",".join(self.term(vars_, where) for _ in range(arity)) for _ in range(2)]
            return f"{neg}{pred}({';'.join(alts)})"
        args = [self.term(vars_, where) for _ in range(arity)]
        # `not -p(_)` is unsafe in clingo (both refuse): rarely, so that programs get compared
        if where in ANON_POSITIONS and self.on("anon", 0.03 if neg else 0.25):
            self.tag(f"anon.{where}")
            args[self.rng.randrange(arity)] = "_"
        return f"{neg}{pred}({','.join(args)})"

    def naf(self, text):
        if self.on("naf", 0.35):
            if self.chance(0.25):
                self.tag("notnot")
                return "not not " + text
            self.tag("not")
            return "not " + text
        return text

    def comparison(self, vars_, where):
        if self.on("cmp.chain", 0.1 if "cmp" in self.enabled else 1.0):
            return self.chain(vars_, where)
        self.tag("cmp")
        if self.on("termkinds", 0.3):
            self.tag("cmp.kinds")
            a, b = self.kind_term(vars_, where), self.pick([self.kind_term(vars_, where),
                                                            self.term(vars_, where)])
        else:
            a, b = self.term(vars_, where), self.term(vars_, where)
        op = self.pick(CMP)
        if self.chance(0.1):
            self.tag("cmp.spelling")
            op = {"=": "==", "!=": "<>"}.get(op, op)
        text = f"{a} {op} {b}"
        if self.chance(0.12):
            self.tag("cmp.not")
            text = self.pick(["not ", "not ", "not not "]) + text
        return text

    def chain(self, vars_, where):
        """`t0 op t1 op t2 [op t3]`, maybe negated; the middle terms get pools, intervals and
        undefined arithmetic of their own, the outer ones sometimes an interval (gringo expands
        a chain's pools once for the chain, an interval in the middle is one value, a negated
        chain with an undefined term holds, an interval in a negated chain is a range beside
        every comparison it is split into)."""
        self.tag("cmp.chain", f"cmp.chain.{where}", f"cmp.chain.in.{self.context}")
        terms = [self.term(vars_, where) for _ in range(self.pick([3, 3, 3, 4]))]
        intervals = False
        for i in range(len(terms)):
            r = self.rng.random()
            outer = i in (0, len(terms) - 1)
            if outer and r < 0.08:
                intervals = True
                terms[i] = f"{self.simple(vars_)}..{self.simple(vars_)}"
            elif outer:
                continue
            elif r < 0.15:
                self.tag("cmp.chain.pool")
                terms[i] = f"({self.simple(vars_)};{self.term(vars_, where)})"
            elif r < 0.25:
                intervals = True
                terms[i] = f"{self.simple(vars_)}..{self.simple(vars_)}"
            elif r < 0.3:
                self.tag("cmp.chain.undef")
                v = self.simple(vars_)
                terms[i] = self.pick([f"{v}/0", "a+1", f"2/({v}-1)"])
        if intervals:
            self.tag("cmp.chain.interval")
        text = terms[0]
        for t in terms[1:]:
            text += f" {self.pick(CMP)} {t}"
        if self.chance(0.25):
            self.tag("cmp.chain.not")
            negation = self.pick(["not ", "not ", "not not "])
            if negation == "not " and intervals:
                self.tag("cmp.chain.not.interval")
            text = negation + text
        return text

    def plain_literal(self, vars_, where):
        """A literal allowed in conditions and bodies (no aggregates)."""
        r = self.rng.random()
        if r < 0.03:
            self.tag("anonymous")
            return self.pick(["p(_)", "s(_,_)", "s(1,_)", "-p(_)"])
        if r < 0.2 and (self.on("cmp") or self.on("cmp.chain")):
            return self.comparison(vars_, where)
        if r < 0.25 and self.on("bool"):
            self.tag("bool")
            return self.pick(["#true", "#false", "not #true", "not #false"])
        return self.naf(self.atom(vars_, where))

    def local(self, vars_):
        """A fresh local variable bound by `d(V)` (for conditions and aggregate elements)."""
        if self.on("termkinds", 0.05):
            # variable names with primes and leading underscores
            self.tag("names.var")
            name = self.pick([v for v in ["_U", "U'", "_V'"] if v not in vars_] or ["W"])
        else:
            name = self.pick([v for v in ["Y", "Z", "W"] if v not in vars_] or ["W"])
        return name, f"d({name})"

    def bounded(self, var, where, scope):
        """Comparisons that bound `var` from both sides (rarely from one only: unsafe), as
        clingo's inequality solver reads them, instead of a binder `d(var)`."""
        self.tag("cmp.bound", f"cmp.bound.{where}")
        lo = self.rng.randint(-1, 2)
        hi = lo + self.rng.randint(-1, 3)
        others = [v for v in scope if v != var]
        forms = [f"{lo} < {var} < {hi}", f"{lo} <= {var} <= {hi}", f"{var} >= {lo}, {var} <= {hi}",
                 f"not {var} < {lo}, not not {var} <= {hi}", f"{var}+1 > {lo}, 2*{var} <= {hi}",
                 f"-{var} <= {-lo}, {var}-1 < {hi}", f"{lo} <= {var}, {var} = {hi}"]
        form = self.pick(forms)
        if others and self.chance(0.25):
            # bounds through another variable (safe only where that one is bounded too)
            self.tag("cmp.bound.twovars")
            o = self.pick(others)
            form = self.pick([f"{o} < {var}, {var} <= {o}+{hi - lo}",
                              f"{lo} <= {var}+{o} < {hi}, {o} = {lo}"])
        if self.chance(0.05):
            self.tag("cmp.bound.onesided")
            form = self.pick([f"{var} > {lo}", f"{var} < {hi}", f"-{var} < {hi}"])
        return form.split(", ")

    def binder(self, var, where, scope):
        """The literals that bind `var`: `d(var)`, or comparisons bounding it."""
        if self.on("cmp.bound", 0.06):
            return self.bounded(var, where, scope)
        return [f"d({var})"]

    def condition(self, vars_, where, binder=None):
        """`l1, ..., ln` for after a `:`; `binder` is a literal `d(V)` binding a local variable."""
        scope = vars_ + ([binder[2:-1]] if binder else [])
        lits = self.binder(binder[2:-1], where, scope) if binder else []
        extra = self.rng.choice([0, 1, 1, 2])
        for _ in range(extra):
            lits.append(self.plain_literal(scope, where))
        self.rng.shuffle(lits)
        return ", ".join(lits)

    def conditional(self, vars_):
        self.tag("cond.body")
        local, binder = self.local(vars_)
        scope = vars_ + [local]
        head = self.plain_literal(scope, "cond")
        if "cmp.chain" in self.enabled and self.chance(0.05):
            # a chain as the conditional literal (a conjunction per instance of the condition)
            head = self.chain(scope, "condlit")
        if self.chance(0.1):
            self.tag("cond.empty")
            return Cond(f"{self.plain_literal(vars_, 'cond')} : ")
        if self.chance(0.04):
            # the local variable bound by the positive atom before the `:` (clingo matches it
            # against that atom's domain)
            self.tag("cond.headbinds")
            return Cond(f"{binder[:-len(local) - 1]}{local}) : {self.condition(vars_, 'cond')}")
        return Cond(f"{head} : {self.condition(vars_, 'cond', binder)}")

    # ----- aggregates ---------------------------------------------------------------------

    def weight(self, vars_, func):
        if func in ("#sum", "#sum+", "#min", "#max"):
            r = self.rng.random()
            if r < 0.15:
                self.tag("agg.weight.negative")
                return self.pick(["-1", "-2", f"-{self.simple(vars_)}"])
            if r < 0.25:
                self.tag("agg.weight.nonint")
                return self.pick(["a", '"s"', "f(1)", "#sup", "#inf", "(1,2)"])
        return self.term(vars_, "aggelem")

    def guard(self, vars_, lhs):
        self.tag("agg.guard")
        op = self.pick(CMP)
        if self.on("pool", 0.08):
            self.tag("pool.guard")
            t = f"({self.number()};{self.number()})"
        elif self.on("interval", 0.06):
            self.tag("interval.guard")
            t = f"{self.number()}..{self.number()}"
        elif self.on("termkinds", 0.08):
            t = self.pick(["#inf", "#sup", "a", '"s"'])
        else:
            t = self.pick([self.number(), self.number(), self.simple(vars_)])
        if self.on("undef", 0.04):
            self.tag("undef.guard")
            t = "1/0"
        if self.chance(0.1):
            # a guard without an operator means `<=` (`1 #count{...} 2`)
            self.tag("agg.guard.bare")
            return f"{t} " if lhs else f" {t}"
        return (f"{t} {op} " if lhs else f" {op} {t}")

    def guards(self, vars_):
        which = self.pick(["left", "right", "right", "both", "none"])
        if which == "both":
            self.tag("agg.guards.both")
        left = self.guard(vars_, True) if which in ("left", "both") else ""
        right = self.guard(vars_, False) if which in ("right", "both") else ""
        return left, right

    def body_aggregate(self, vars_):
        func = self.pick(FUNCS + ["set"])
        self.tag(f"bodyagg.{func.lstrip('#')}")
        elems = []
        for _ in range(self.rng.randint(0 if self.chance(0.05) else 1, 3)):
            local, binder = self.local(vars_)
            scope = vars_ + [local]
            if func == "set":
                lit = self.naf(self.atom(scope, "aggelem"))
                cond = self.condition(vars_, "aggcond", binder)
                elems.append(f"{lit} : {cond}")
            else:
                tup = [self.weight(scope, func)]
                if self.chance(0.6):
                    tup.append(local)
                if self.chance(0.2):
                    self.tag("agg.tuple")
                    tup.append(self.term(scope, "aggelem"))
                if self.chance(0.05):
                    self.tag("agg.tuple.empty")
                    tup = [""]
                if self.chance(0.07):
                    # an element without a condition: its tuple over the rule's variables
                    self.tag("agg.nocond")
                    elems.append(",".join([self.weight(vars_, func), *vars_]))
                    continue
                cond = self.condition(vars_, "aggcond", binder)
                elems.append(f"{','.join(tup)} : {cond}")
        left, right = self.guards(vars_)
        body = "{ " + "; ".join(elems) + " }"
        text = f"{left}{'' if func == 'set' else func}{body}{right}"
        if self.on("naf", 0.3):
            sign = self.pick(["not ", "not ", "not not "])
            self.tag("agg.not" if sign == "not " else "agg.notnot")
            text = sign + text
        return text

    def assignment(self, vars_):
        """`V = #agg{...}` binding a fresh variable; returns (literal, variable)."""
        func = self.pick(FUNCS)
        self.tag(f"assign.{func.lstrip('#')}")
        local, binder = self.local(vars_)
        scope = vars_ + [local]
        elem = f"{self.weight(scope, func)},{local} : {self.condition(vars_, 'aggcond', binder)}"
        var = "C" if "C" not in vars_ else "D"
        return f"{var} = {func} {{ {elem} }}", var

    # ----- heads --------------------------------------------------------------------------

    def head(self, vars_):
        r = self.rng.random()
        if r < 0.2 and self.on("disj"):
            self.tag("disj")
            elems = []
            for _ in range(self.rng.randint(2, 3)):
                if self.on("bool", 0.06):
                    # an element without atoms: `#true : c` makes the rule hold while c does
                    self.tag("bool.head.cond")
                    local, binder = self.local(vars_)
                    elems.append(f"{self.pick(['#true', '#false'])} : "
                                 f"{self.condition(vars_, 'headcond', binder)}")
                elif self.chance(0.35):
                    self.tag("disj.cond")
                    local, binder = self.local(vars_)
                    elems.append(f"{self.atom(vars_ + [local], 'head')} : "
                                 f"{self.condition(vars_, 'headcond', binder)}")
                else:
                    elems.append(self.atom(vars_, "head"))
                if self.on("naf", 0.08):
                    # `not a` / `not not a` as a head element (clingo moves it into the body)
                    self.tag("head.not")
                    if ":" in elems[-1]:
                        # read as a conditional body literal, its condition projected as a head's
                        self.tag("head.not.cond")
                    elems[-1] = self.pick(["not ", "not not "]) + elems[-1]
            if self.compared.random() < 0.08 * self.boost:
                elems.insert(self.compared.randint(0, len(elems)),
                             self.drawn_from(self.compared, lambda: self.head_comparison(vars_)))
            if ":" not in elems[0] and self.chance(0.05):
                self.tag("cond.empty")
                elems[0] += " :"
                return " ; ".join(elems)
            # `,` also separates disjunction elements, but a condition takes up the next `,`
            seps = [" ; ", " ; ", " | "] + ([", "] if not any(":" in e for e in elems) else [])
            return self.pick(seps).join(elems)
        if r < 0.25 and self.on("disj"):
            self.tag("disj.cond", "head.conditional")
            local, binder = self.local(vars_)
            if self.on("bool", 0.1):
                self.tag("bool.head.cond")
                atom = self.pick(["#true", "#false"])
            else:
                atom = self.atom(vars_ + [local], 'head')
            return f"{atom} : {self.condition(vars_, 'headcond', binder)}"
        if r < 0.45 and self.on("choice"):
            self.tag("choice")
            elems = []
            for _ in range(self.rng.randint(0 if self.chance(0.05) else 1, 3)):
                if self.chance(0.4):
                    self.tag("choice.cond")
                    local, binder = self.local(vars_)
                    elems.append(f"{self.atom(vars_ + [local], 'head')} : "
                                 f"{self.condition(vars_, 'headcond', binder)}")
                else:
                    elems.append(self.atom(vars_, "head"))
            if elems and ":" not in elems[-1] and self.chance(0.05):
                self.tag("cond.empty")
                elems[-1] += " : "
            if self.counted.random() < 0.1 * self.boost:
                lit, cond, _ = self.drawn_from(self.counted, lambda: self.counted_element(vars_))
                self.tag("choice.counted")
                elems.insert(self.counted.randint(0, len(elems)),
                             f"{lit} : {cond}" if cond else lit)
            left, right = self.guards(vars_) if self.chance(0.6) else ("", "")
            if left or right:
                self.tag("choice.bounds")
            return f"{left}{{ {'; '.join(elems)} }}{right}"
        if r < 0.6 and self.on("headagg"):
            func = self.pick(FUNCS)
            self.tag(f"headagg.{func.lstrip('#')}")
            elems = []
            for _ in range(self.rng.randint(1, 3)):
                local, binder = self.local(vars_)
                scope = vars_ + [local]
                with_cond = self.chance(0.6)
                if not with_cond:
                    scope = vars_
                tup = [self.weight(scope, func)]
                if self.chance(0.5):
                    tup.append(self.pick(scope) if scope else "1")
                if self.chance(0.05):
                    self.tag("agg.tuple.empty")
                    tup = [""]
                atom = self.atom(scope, "head", classical=True)
                if with_cond:
                    self.tag("headagg.cond")
                    elems.append(f"{','.join(tup)} : {atom} : {self.condition(vars_, 'headcond', binder)}")
                else:
                    elems.append(f"{','.join(tup)} : {atom}")
            left, right = self.guards(vars_)
            if self.counted.random() < 0.1 * self.boost:
                elems.insert(self.counted.randint(0, len(elems)), self.drawn_from(
                    self.counted, lambda: self.counted_aggregate_element(vars_, func)))
            return f"{left}{func} {{ {'; '.join(elems)} }}{right}"
        if r < 0.63 and self.on("bool"):
            self.tag("bool.head")
            return self.pick(["#false", "#true"])
        return self.atom(vars_, "head")

    def drawn_from(self, stream, make):
        """`make()` with its random choices drawn from `stream` instead of the main one: a
        construct added to the generator after failures were recorded by seed and index, so
        that the rest of every program stays as it was."""
        main, self.rng = self.rng, stream
        try:
            return make()
        finally:
            self.rng = main

    def counted_element(self, vars_):
        """The literal, condition (or None) and variables in scope of a choice element that
        is no atom: `not a`,
        `not not a`, a comparison (maybe a chain), `#true` or `#false`. It chooses nothing and
        counts towards the bounds when it holds (gringo's `#true : not a` element, tuples
        `(1,a)`, `(2,a)`, and one per comparison element and values of its variables)."""
        with_cond = self.chance(0.5)
        local, binder = self.local(vars_)
        scope = vars_ + [local] if with_cond else vars_
        kind = self.pick(["not", "not", "notnot", "cmp", "bool"])
        self.tag(f"counted.{kind}")
        if kind in ("not", "notnot"):
            lit = ("not " if kind == "not" else "not not ") + self.atom(scope, "cond")
        elif kind == "cmp":
            lit = self.comparison(scope, "cond")
        else:
            lit = self.pick(["#true", "#false"])
        if with_cond:
            self.tag("counted.cond")
            return lit, self.condition(vars_, "headcond", binder), scope
        return lit, None, scope

    def head_comparison(self, vars_):
        """A comparison as a disjunction element, half the time with a condition (gringo keeps
        the first instance's comparison where the condition is given by facts)."""
        if self.chance(0.5):
            self.tag("head.cmp.cond")
            local, binder = self.local(vars_)
            return (f"{self.comparison(vars_ + [local], 'head')} : "
                    f"{self.condition(vars_, 'headcond', binder)}")
        self.tag("head.cmp")
        return self.comparison(vars_, "head")

    def counted_aggregate_element(self, vars_, func):
        """`t : l [: cond]` with a literal `l` that is no atom (see `counted_element`)."""
        self.tag("headagg.counted")
        lit, cond, scope = self.counted_element(vars_)
        tup = self.weight(scope, func)
        return f"{tup} : {lit} : {cond}" if cond else f"{tup} : {lit}"

    # ----- bodies and statements ----------------------------------------------------------

    def body(self, vars_, min_len=0):
        """Binders for `vars_`, then random body elements over them."""
        lits = [lit for v in vars_ for lit in self.binder(v, f"body.{self.context}", vars_)]
        for _ in range(self.rng.randint(min_len, 2)):
            r = self.rng.random()
            if r < 0.15 and self.on("cond"):
                self.tag(f"cond.in.{self.context}")
                lits.append(self.conditional(vars_))
            elif r < 0.35 and self.on("bodyagg"):
                self.tag(f"bodyagg.in.{self.context}")
                lits.append(self.body_aggregate(vars_))
            else:
                lits.append(self.plain_literal(vars_, "body"))
        self.rng.shuffle(lits)
        return lits

    def rule(self):
        vars_ = self.rng.sample(["X", "Y"], self.rng.choice([0, 1, 1, 2]))
        body = self.body(vars_)
        if self.on("assign", 0.12):
            lit, var = self.assignment(vars_)
            body.append(lit)
            vars_ = vars_ + [var]
        if self.on("unsafe", 0.02):
            self.tag("unsafe")
            head = self.pick(["p(V)", "q(_)"]) if self.chance(0.5) else self.head(vars_)
            body = [l for l in body if not l.startswith("d(")] + ["not -q(_)"]
        else:
            head = self.head(vars_)
        text = head
        if body:
            text += " :- " + join_body(body)
        return text + "."

    def constraint(self):
        self.tag("constraint")
        vars_ = self.rng.sample(["X", "Y"], self.rng.choice([0, 1, 1]))
        return ":- " + join_body(self.body(vars_, min_len=1)) + "."

    def weak(self):
        self.tag("weak")
        vars_ = self.rng.sample(["X", "Y"], self.rng.choice([0, 1]))
        body = self.body(vars_, min_len=1)
        if self.on("assign", 0.3):
            # the weight (or a tuple term) is the value of an aggregate
            self.tag("assign.in.weak")
            lit, var = self.assignment(vars_)
            body.append(lit)
            vars_ = vars_ + [var]
        w = self.pick(["1", "2", "-1", *vars_, "0"])
        if self.on("undef", 0.05):
            self.tag("undef.weight")
            w = "a"
        prio = self.pick(["", "@0", "@1", "@2", "@-1"] + [f"@{v}" for v in vars_])
        w, prio = self.level(vars_, w, prio)
        if prio:
            self.tag("weak.priority")
        tup = [self.term(vars_, "weaktuple") for _ in range(self.rng.choice([0, 1, 2]))]
        if tup:
            self.tag("weak.tuple")
        return f":~ {join_body(body)}. [{w}{prio}{''.join(',' + t for t in tup)}]"

    def level(self, vars_, weight, prio):
        """Now and then a weight or a priority that is a whole term (drawn from the stream
        `levelled`, so that the rest of every program stays as it was): a pool, an interval,
        undefined arithmetic in every optimization and heuristic term position."""
        if self.levelled.random() < 0.12 * self.boost:
            self.tag("opt.priority.term")
            prio = "@" + self.drawn_from(self.levelled, lambda: self.term(vars_, "priority"))
        if self.levelled.random() < 0.08 * self.boost:
            self.tag("opt.weight.term")
            weight = self.drawn_from(self.levelled, lambda: self.term(vars_, "weight"))
        return weight, prio

    def minimize(self):
        kind = self.pick(["#minimize", "#maximize"])
        self.tag(kind.lstrip("#"))
        elems = []
        for _ in range(self.rng.randint(1, 3)):
            local, binder = self.local([])
            prio = self.pick(["", "@1", "@2"])
            if self.chance(0.8):
                scope = [local]
                cond = " : " + self.condition([], "mincond", binder)
            else:
                scope, cond = [], ""
            w = self.pick(["1", "-1", "2", *scope])
            tup = "".join("," + self.term(scope, "weaktuple") for _ in range(self.rng.choice([0, 1])))
            w, prio = self.level(scope, w, prio)
            elems.append(f"{w}{prio}{tup}{cond}")
        return f"{kind} {{ {'; '.join(elems)} }}."

    def show(self):
        r = self.rng.random()
        if r < 0.35:
            self.tag("show.sig")
            pred = self.pick(list(PREDS))
            neg = "-" if self.on("classneg", 0.2) else ""
            return f"#show {neg}{pred}/{PREDS[pred]}."
        if r < 0.85:
            self.tag("show.term")
            vars_ = self.rng.sample(["X", "Y"], self.rng.choice([0, 1, 1]))
            body = self.body(vars_)
            if self.on("assign", 0.3):
                self.tag("assign.in.show")
                lit, var = self.assignment(vars_)
                body.append(lit)
                vars_ = vars_ + [var]
            t = self.term(vars_, "show")
            if self.chance(0.3):
                t = f"f({t},{self.term(vars_, 'show')})"
            return f"#show {t}" + (f" : {join_body(body)}." if body else ".")
        self.tag("show.nothing")
        return "#show."

    # ----- directives -----------------------------------------------------------------------

    def directive_body(self, vars_):
        """`.`, `: .` or `: body.` for #external, #heuristic, #project and #edge (a body binds
        `vars_`, and may hold aggregates and conditional literals like a rule body)."""
        if not vars_ and self.chance(0.3):
            return "."
        if not vars_ and self.chance(0.1):
            self.tag("directive.emptybody")
            return ": ."
        return f": {join_body(self.body(vars_))}."

    def external(self):
        self.tag("external")
        vars_ = self.rng.sample(["X", "Y"], self.rng.choice([0, 0, 1, 1, 2]))
        atom = self.atom(vars_, "external")
        body = self.directive_body(vars_)
        if body != ".":
            self.tag("external.body")
        value = self.pick(["", "", " [true]", " [false]", " [free]", " [release]"])
        if value:
            self.tag(f"external.{value.strip(' []')}")
        if self.valued.random() < 0.15 * self.boost:
            value = f" [{self.external_value_term(vars_)}]"
        return f"#external {atom} {body}{value}"

    def external_value_term(self, vars_):
        """A value of #external that is a term: evaluated per instance, no declaration unless a
        constant true/false/free/release (sign aside); pools make one declaration each."""
        self.tag("external.valueterm")
        rng = self.valued
        names = ["true", "false", "free", "release"]
        options = [rng.choice(names), f"-{rng.choice(names)}", "1", "undefined",
                   f"{rng.choice(names)}(1)", f"({rng.choice(names)};{rng.choice(names)})"]
        if vars_:
            v = rng.choice(vars_)
            options += [v, f"({rng.choice(names)};{v})", f"{v}+1", f"f({v})"]
        return rng.choice(options)

    def heuristic(self):
        self.tag("heuristic")
        vars_ = self.rng.sample(["X", "Y"], self.rng.choice([0, 1, 1]))
        if vars_ and self.chance(0.3):
            # the directive's atom is also a positive body literal: it binds its variables
            self.tag("heuristic.atombinds")
            atom, body = self.binding_atom(vars_), "."
        else:
            atom = self.atom(vars_, "heuristic", classical=True)
            body = self.directive_body(vars_)
        weight = self.pick(["1", "2", "-1", "0", *vars_, "a", self.number()])
        prio = self.pick(["", "", "@1", "@2", "@-1"] + [f"@{v}" for v in vars_])
        weight, prio = self.level(vars_, weight, prio)
        mod = self.pick(HEURISTIC_MODIFIERS)
        self.tag(f"heuristic.{mod}")
        return f"#heuristic {atom} {body} [{weight}{prio}, {mod}]"

    def project(self):
        self.tag("project")
        if self.chance(0.4):
            self.tag("project.sig")
            pred = self.pick(list(PREDS))
            neg = "-" if self.on("classneg", 0.2) else ""
            return f"#project {neg}{pred}/{PREDS[pred]}."
        vars_ = self.rng.sample(["X", "Y"], self.rng.choice([0, 1, 1]))
        if vars_ and self.chance(0.3):
            self.tag("project.atombinds")
            return f"#project {self.binding_atom(vars_)}."
        return f"#project {self.atom(vars_, 'project')} {self.directive_body(vars_)}"

    def binding_atom(self, vars_):
        """An atom that binds all of `vars_` (one or two variables) by itself."""
        neg = "-" if self.on("classneg", 0.12) else ""
        if len(vars_) == 2:
            return f"{neg}s({vars_[0]},{vars_[1]})"
        other = self.pick([vars_[0], self.simple([])])
        return neg + self.pick([f"p({vars_[0]})", f"q({vars_[0]})", f"s({vars_[0]},{other})",
                                f"s({other},{vars_[0]})"])

    def edge(self):
        self.tag("edge")
        r = self.rng.random()
        if r < 0.35:
            # the edges of s/2 (chosen by `edge_choice` or derived by random rules)
            self.tag("edge.rel")
            body = [f"s(X,Y)"] + self.body([], 0)[:1]
            if self.chance(0.3):
                body.append(self.plain_literal(["X", "Y"], "dirbody"))
            return f"#edge (X,Y) : {join_body(body)}."
        if r < 0.6:
            self.tag("edge.pool")
            pairs = [f"{self.rng.randint(1, 3)},{self.rng.randint(1, 3)}"
                     for _ in range(self.rng.randint(1, 3))]
            return f"#edge ({';'.join(pairs)}) {self.directive_body([])}"
        vars_ = self.rng.sample(["X", "Y"], self.rng.choice([1, 2]))
        u = self.term(vars_, "edge")
        v = self.term(vars_, "edge")
        return f"#edge ({u},{v}) {self.directive_body(vars_)}"

    def edge_choice(self):
        """A choice of a few s/2 pairs, so that #edge has cycles to break."""
        self.tag("edge.choice")
        pairs = {(self.rng.randint(1, 3), self.rng.randint(1, 3)) for _ in range(4)}
        return "{ " + "; ".join(f"s({a},{b})" for a, b in sorted(pairs)) + " }."

    def defined(self):
        self.tag("defined")
        pred, arity = self.pick(list(PREDS.items()) + [("z", 2), ("u", 0)])
        neg = "-" if self.on("classneg", 0.2) else ""
        return f"#defined {neg}{pred}/{arity}."

    def statement(self):
        """One statement of the main program or of an included file."""
        self.context = "rule"
        r = self.rng.random()
        extra = [f for f in ("external", "heuristic", "project", "edge", "defined")
                 if self.on(f, 0.5)]
        if extra and r < 0.25:
            kind = self.pick(extra)
            self.context = kind
            if kind == "edge" and self.chance(0.5):
                return self.edge_choice() + "\n" + self.edge()
            return getattr(self, kind)()
        r = self.rng.random()
        if r < 0.6:
            return self.rule()
        if r < 0.75:
            self.context = "constraint"
            return self.constraint()
        if r < 0.85 and self.on("weak"):
            self.context = "weak"
            return self.weak()
        if r < 0.92 and self.on("minimize"):
            self.context = "minimize"
            return self.minimize()
        if self.on("show"):
            self.context = "show"
            return self.show()
        return self.rule()

    def part(self):
        """`#program name(params).` and a few statements that may use the parameters (clingo
        grounds only base; the others are parsed and checked, not grounded)."""
        name = self.pick(["step", "check", "base", "p"])
        params = self.rng.sample(["t", "k"], self.rng.choice([0, 1, 1, 2]))
        self.tag("parts.params" if params else "parts.noparams")
        if name == "base":
            self.tag("parts.base")
        head = f"#program {name}({','.join(params)})." if params else f"#program {name}."
        if not params and self.chance(0.2):
            head = f"#program {name}()."
        saved = self.consts
        self.consts = self.consts + params
        out = [head] + [self.statement() for _ in range(self.rng.randint(1, 3))]
        if self.chance(0.05 * self.boost):
            # clingo checks the safety of every part, grounded or not
            self.tag("parts.unsafe")
            out.append(self.pick(["p(V) :- q(1).", "q(_).", "r :- V > 1."]))
        self.consts = saved
        if self.chance(0.7):
            out.append("#program base.")
        return out

    def include(self):
        """`#include "incN.lp".` with the file's statements (maybe a part) beside the program."""
        self.tag("include")
        name = f"inc{len(self.files) + 1}.lp"
        body = [self.statement() for _ in range(self.rng.randint(1, 3))]
        if self.on("parts", 0.5):
            self.tag("include.parts")
            body += self.part()[:-1] if self.chance(0.5) else self.part()
        self.files[name] = "\n".join(body) + "\n"
        lines = [f'#include "{name}".']
        if self.chance(0.2):
            self.tag("include.twice")
            lines.append(f'#include "{name}".')
        return lines

    def program(self):
        n = self.rng.randint(1, 3)
        out = [f"d(1..{n})."]
        if self.on("const", 0.3):
            self.tag("const")
            name = self.pick(["n", "m"])
            value = self.pick(['1', '2', 'a', '-1', 'f(2)', '(1,2)', '"s"', '2*3', '(,)', '()'])
            option = self.pick(["", "", "", " [default]", " [override]"])
            out.append(f"#const {name} = {value}.{option}")
            if option:
                self.tag(f"const.{option.strip(' []')}")
            self.consts.append(name)
            if self.chance(0.15):
                # a constant defined by another (in either order)
                self.tag("const.ref")
                other = "m" if name == "n" else "n"
                line = f"#const {other} = {name}+1."
                out.insert(self.rng.randint(1, len(out)), line)
                self.consts.append(other)
            if self.chance(0.4):
                self.tag("const.cmdline")
                self.options += ["-c", f"{self.pick([name, 'n', 'm'])}={self.pick(['3', 'b', '-2'])}"]
        if self.chance(0.03):
            self.tag("program.base")
            out.append("#program base.")
        if self.chance(0.03):
            self.tag("rare.statements")
            out.append(self.pick([":~ . [1]", ":~ . [1@2,a]", "#minimize { }.", "r :- .", ":- .",
                                  "#maximize { 1@0 }.", "#minimise { 1@1,a : r }.",
                                  "#maximise { 2,b : r }."]))
        stmts = self.rng.randint(2, max(2, int(5 * self.size)))
        for _ in range(stmts):
            out.append(self.statement())
        if self.on("choice", 0.2):
            out[1:1] = self.at_most_one_sums()
        if self.on("include", 0.6):
            at = self.rng.randint(1, len(out))
            out[at:at] = self.include()
        if self.on("parts", 0.4):
            at = self.rng.randint(1, len(out))
            out[at:at] = self.part()
        if self.on("unsupported", 0.005):
            self.tag("unsupported")
            out.insert(self.rng.randint(1, len(out)), self.pick(UNSUPPORTED + ONCE_UNSUPPORTED))
        if self.on("project", 0.3):
            self.tag("project.option")
            self.options.append("--project")
        text = "\n".join(out) + "\n"
        if self.on("comments", 0.7):
            text = self.comments(text)
            self.files = {k: self.comments(v) for k, v in self.files.items()}
        # Last, from a random stream of its own: every program of a seed reads as it did
        # before this statement was added (failures recorded by seed and index replay).
        if "minimize" in self.enabled and self.side.random() < 0.12 * self.boost:
            main, self.rng = self.rng, self.side
            text += "\n".join(self.weighted_selection()) + "\n"
            self.rng = main
        return Program(text, set(self.tags), dict(self.files), list(self.options))

    def at_most_one_sums(self):
        """A choice that allows at most one of its atoms, with a body of facts only, and sums
        over its atoms (the translation groups such items: one leaf or layer per choice), in
        constraints, rule bodies (also negated, two-sided) and optimization statements."""
        self.tag("choice.amo")
        choice = self.pick([
            "{ s(X,Y) : d(Y) } 1 :- d(X).",
            "1 { s(X,Y) : d(Y) } 1 :- d(X).",
            "{ s(X,Y) : d(Y), Y != X } < 2 :- d(X).",
            "{ p(X) : d(X) } 1.",
            "1 { p(X) : d(X); p(0) } 1.",
            "{ q(X) : d(X); q(a) } = 1.",
            "0 { s(X,Y) : d(Y); s(X,X+1) } 1 :- d(X), X < 3.",
        ])
        atom, scope = {"s": ("s(X,Y)", "X,Y"), "p": ("p(X)", "X"), "q": ("q(X)", "X")}[choice.split("(")[0].strip("{}01 ")]
        weight = self.pick(["X", "Y", "X+Y", "2*Y-1", "-X", "X*X", "3"] if "Y" in scope
                           else ["X", "-X", "2*X+1", "X*X", "3"])
        extra = self.pick(["", "", f"; 2,r : r", f"; 1,dup,{scope} : {atom}", "; -1,t : p(2)"])
        elements = f"{weight},{scope} : {atom}{extra}"
        op = self.pick(["!=", "=", "<", ">", "<=", ">="])
        k = self.rng.randint(-2, 6)
        use = self.pick(["constraint", "body", "not", "interval", "minimize", "maximize"])
        self.tag(f"choice.amo.{use}")
        if use == "constraint":
            sums = [f":- #sum{{ {elements} }} {op} {k}."]
        elif use == "body":
            sums = [f"r :- #sum{{ {elements} }} {op} {k}."]
        elif use == "not":
            sums = [f"q({k}) :- not #sum{{ {elements} }} {op} {k}, d(1)."]
        elif use == "interval":
            sums = [f":- not {k} <= #sum{{ {elements} }} <= {k + self.rng.randint(0, 3)}."]
        else:
            sums = [f"#{use}{{ {weight}@{self.rng.randint(1, 2)},{scope} : {atom} }}."]
        return [choice] + sums

    def weighted_selection(self):
        """A knapsack-like selection: items with weights of both signs, sums over the chosen
        (or unchosen) items bounded by every guard, and one to three priority levels over the
        same atoms, with weights of both signs (the optimizer's surrogate bounds combine a level
        with the sums; its cores meet totalizer counts again across levels)."""
        self.tag("minimize.selection")
        n = self.rng.randint(4, 11)
        lines = [f"x(1..{n})."]
        facts = []
        for i in range(1, n + 1):
            facts.append(f"w({i},{self.rng.randint(-4, 9)}). u({i},{self.rng.randint(0, 5)}).")
        lines.append(" ".join(facts))
        lines.append(self.pick(["{ in(I) } :- x(I).", "{ in(I) : x(I) }.", "1 { in(I) : x(I) }."]))
        element = lambda f: self.pick([f"{f.upper()},I : in(I), {f}(I,{f.upper()})",
                                       f"{f.upper()},I : not in(I), {f}(I,{f.upper()})"])
        for _ in range(self.rng.randint(1, 3)):
            agg = self.pick(["#sum", "#sum", "#sum+"])
            op = self.pick(CMP)
            elements = element(self.pick(["w", "u"]))
            lines.append(f":- {agg}{{ {elements} }} {op} {self.rng.randint(-3, 20)}.")
        for level in range(self.rng.randint(1, 3)):
            f = self.pick(["w", "u"])
            how = self.pick(["#minimize", "#maximize", "weak"])
            self.tag(f"minimize.selection.{how.strip('#')}")
            if how == "weak":
                lit = self.pick(["in(I)", "not in(I)"])
                lines.append(f":~ {lit}, {f}(I,W). [W@{level},I]")
            else:
                lines.append(f"{how}{{ {element(f).replace(',I', f'@{level},I', 1)} }}.")
        if self.chance(0.5):
            # both strategies on levels where `auto` would take the other one
            strategy = self.pick(["usc", "bb"])
            self.tag(f"minimize.selection.{strategy}")
            self.options.append(f"--opt-strategy={strategy}")
        return lines

    def comments(self, text):
        """`text` with comments in some of the spaces between tokens (never inside strings)."""
        out, in_string, i = [], False, 0
        while i < len(text):
            c = text[i]
            out.append(c)
            if in_string and c == "\\":
                out.append(text[i + 1])
                i += 2
                continue
            if c == '"':
                in_string = not in_string
            elif not in_string and c in " \n" and self.chance(0.15):
                self.tag("comments")
                out.append(self.pick(["%* c *% ", "%**% ", "%* a %* nested *% b *% ",
                                      "%*\nmulti\nline *% ", "% line comment\n",
                                      "%* a % a line comment inside\n *% ", "%\n", "%*%**%*% ",
                                      "\n#! also a line comment\n"]))
            i += 1
        return "".join(out)


def generate(seed, enabled=None, size=1.0):
    """The program for `seed` (deterministic)."""
    return Gen(random.Random(seed), enabled, size, random.Random(f"{seed}/side"),
               random.Random(f"{seed}/counted"), random.Random(f"{seed}/compared"),
               random.Random(f"{seed}/valued"), random.Random(f"{seed}/levelled")).program()


if __name__ == "__main__":
    import sys
    for s in range(int(sys.argv[1]) if len(sys.argv) > 1 else 5):
        p = generate(s)
        print(f"% seed {s}: {' '.join(sorted(p.constructs))}\n{p.text}")
