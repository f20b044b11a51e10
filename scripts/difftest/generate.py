"""Grammar-based random programs over the clingo language that aspsat's parser accepts.

A program is a list of statements built from a small vocabulary (the domain `d(1..n)`, predicates
`p/1 q/1 r/0 s/2` and their classical negations, the variables X Y Z) so that clingo and aspsat
answer at once, yet every construct appears in every position the grammar allows it:

  terms        numbers, symbols, strings, functions, tuples, #inf/#sup, variables, arithmetic with
               every operator (also undefined: 1/0, a+1), intervals and pools — in atom arguments,
               comparisons, aggregate tuples and guards, head elements, conditions, #show terms,
               weak constraint tuples
  body         atoms with `not`/`not not`, classical negation, comparisons (negated, chains),
               #true/#false, conditional literals, aggregates of every function with one or both
               guards and every comparison, negated, set aggregates `L { l : c } U`, assignments
  heads        atoms, disjunctions (`;` and `|`) with conditions, choices with bounds and
               conditions, head aggregates of every function, #false/#true, integrity constraints
  statements   facts, rules, constraints, weak constraints and #minimize/#maximize with several
               priorities and tuples, #show (signatures, negative signatures, terms, nothing),
               #const

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
    "naf": "default negation `not` / `not not` of atoms",
    "classneg": "classical negation -p(...)",
    "cmp": "comparisons (every operator, negated, chains)",
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
}

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


class Gen:
    def __init__(self, rng, enabled=None, size=1.0):
        self.rng = rng
        self.enabled = set(FEATURES) if enabled is None else set(enabled)
        # a run that targets a few features uses them twice as often
        self.boost = 1 if enabled is None or len(self.enabled) > len(FEATURES) // 2 else 2
        self.size = size
        self.tags = set()
        self.consts = []

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
        if self.chance(0.05):
            self.tag("int.bases")
            return self.pick(["0x2", "0b1", "0o3", "0x0", "-0b10"])
        return str(self.rng.choice([-1, 0, 1, 1, 2, 2, 3]))

    def simple(self, vars_):
        """A small term: a bound variable or a number in the domain."""
        if vars_ and self.chance(0.6):
            return self.pick(vars_)
        return str(self.rng.randint(1, 3))

    def term(self, vars_, where, depth=0):
        """A term for position `where` (for construct tags), mostly simple."""
        r = self.rng.random() / self.boost
        if depth < 2 and r < 0.08 and self.on("pool"):
            self.tag(f"pool.{where}")
            alts = [self.term(vars_, where, depth + 1) for _ in range(self.rng.randint(2, 3))]
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
            form = self.pick(["bin", "bin", "bin", "neg", "abs", "bnot"])
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
        if self.consts and self.chance(0.1):
            self.tag("const.use")
            return self.pick(self.consts)
        return self.simple(vars_)

    def kind_term(self, vars_, where, depth=0):
        """A term of one of clingo's kinds: symbol, string, function, tuple, #inf, #sup."""
        k = self.pick(["sym", "str", "fun", "tuple", "inf", "sup", "negsym"])
        if k == "sym":
            return self.pick(["a", "b"])
        if k == "negsym":
            return self.pick(["-a", "-f(1)"])
        if k == "str":
            return self.pick(['"a"', '"b"', '"x\\"y"', '""', '"a b"'])
        if k == "fun":
            return f"f({self.term(vars_, where, depth + 1)})"
        if k == "tuple":
            return self.pick(["()", f"({self.simple(vars_)},)",
                              f"({self.simple(vars_)},{self.term(vars_, where, depth + 1)})"])
        return "#inf" if k == "inf" else "#sup"

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
        if self.on("pool", 0.06) and arity == 1:
            self.tag(f"pool.{where}")
            alts = [self.term(vars_, where) for _ in range(2)]
            return f"{neg}{pred}({';'.join(alts)})"
        return f"{neg}{pred}({','.join(self.term(vars_, where) for _ in range(arity))})"

    def naf(self, text):
        if self.on("naf", 0.35):
            if self.chance(0.25):
                self.tag("notnot")
                return "not not " + text
            self.tag("not")
            return "not " + text
        return text

    def comparison(self, vars_, where):
        self.tag("cmp")
        if self.on("termkinds", 0.3):
            self.tag("cmp.kinds")
            a, b = self.kind_term(vars_, where), self.pick([self.kind_term(vars_, where),
                                                            self.term(vars_, where)])
        else:
            a, b = self.term(vars_, where), self.term(vars_, where)
        if self.chance(0.1):
            self.tag("cmp.chain")
            return f"{a} {self.pick(CMP)} {b} {self.pick(CMP)} {self.simple(vars_)}"
        text = f"{a} {self.pick(CMP)} {b}"
        if self.chance(0.12):
            self.tag("cmp.not")
            text = self.pick(["not ", "not ", "not not "]) + text
        return text

    def plain_literal(self, vars_, where):
        """A literal allowed in conditions and bodies (no aggregates)."""
        r = self.rng.random()
        if r < 0.03:
            self.tag("anonymous")
            return self.pick(["p(_)", "s(_,_)", "s(1,_)", "-p(_)"])
        if r < 0.2 and self.on("cmp"):
            return self.comparison(vars_, where)
        if r < 0.25 and self.on("bool"):
            self.tag("bool")
            return self.pick(["#true", "#false", "not #true", "not #false"])
        return self.naf(self.atom(vars_, where))

    def local(self, vars_):
        """A fresh local variable bound by `d(V)` (for conditions and aggregate elements)."""
        name = self.pick([v for v in ["Y", "Z", "W"] if v not in vars_] or ["W"])
        return name, f"d({name})"

    def condition(self, vars_, where, binder=None):
        """`l1, ..., ln` for after a `:`; `binder` is a literal binding a local variable."""
        lits = [binder] if binder else []
        extra = self.rng.choice([0, 1, 1, 2])
        scope = vars_ + ([binder[2:-1]] if binder else [])
        for _ in range(extra):
            lits.append(self.plain_literal(scope, where))
        self.rng.shuffle(lits)
        return ", ".join(lits)

    def conditional(self, vars_):
        self.tag("cond.body")
        local, binder = self.local(vars_)
        scope = vars_ + [local]
        head = self.plain_literal(scope, "cond")
        if self.chance(0.1):
            self.tag("cond.empty")
            return Cond(f"{self.plain_literal(vars_, 'cond')} : ")
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
                if self.chance(0.35):
                    self.tag("disj.cond")
                    local, binder = self.local(vars_)
                    elems.append(f"{self.atom(vars_ + [local], 'head')} : "
                                 f"{self.condition(vars_, 'headcond', binder)}")
                else:
                    elems.append(self.atom(vars_, "head"))
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
            return f"{self.atom(vars_ + [local], 'head')} : {self.condition(vars_, 'headcond', binder)}"
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
            return f"{left}{func} {{ {'; '.join(elems)} }}{right}"
        if r < 0.63 and self.on("bool"):
            self.tag("bool.head")
            return self.pick(["#false", "#true"])
        return self.atom(vars_, "head")

    # ----- bodies and statements ----------------------------------------------------------

    def body(self, vars_, min_len=0):
        """Binders for `vars_`, then random body elements over them."""
        lits = [f"d({v})" for v in vars_]
        for _ in range(self.rng.randint(min_len, 2)):
            r = self.rng.random()
            if r < 0.15 and self.on("cond"):
                lits.append(self.conditional(vars_))
            elif r < 0.35 and self.on("bodyagg"):
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
        w = self.pick(["1", "2", "-1", *vars_, "0"])
        if self.on("undef", 0.05):
            self.tag("undef.weight")
            w = "a"
        prio = self.pick(["", "@0", "@1", "@2", "@-1"])
        if prio:
            self.tag("weak.priority")
        tup = [self.term(vars_, "weaktuple") for _ in range(self.rng.choice([0, 1, 2]))]
        if tup:
            self.tag("weak.tuple")
        return f":~ {join_body(body)}. [{w}{prio}{''.join(',' + t for t in tup)}]"

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
            t = self.term(vars_, "show")
            if self.chance(0.3):
                t = f"f({t},{self.term(vars_, 'show')})"
            body = self.body(vars_)
            return f"#show {t}" + (f" : {join_body(body)}." if body else ".")
        self.tag("show.nothing")
        return "#show."

    def program(self):
        n = self.rng.randint(1, 3)
        out = [f"d(1..{n})."]
        if self.on("const", 0.3):
            self.tag("const")
            name = self.pick(["n", "m"])
            value = self.pick(['1', '2', 'a', '-1', 'f(2)', '(1,2)', '"s"', '2*3'])
            option = self.pick(["", "", "", " [default]", " [override]"])
            out.append(f"#const {name} = {value}.{option}")
            self.consts.append(name)
        if self.chance(0.03):
            self.tag("program.base")
            out.append("#program base.")
        if self.chance(0.03):
            self.tag("rare.statements")
            out.append(self.pick([":~ . [1]", ":~ . [1@2,a]", "#minimize { }.", "r :- .",
                                  "#maximize { 1@0 }."]))
        stmts = self.rng.randint(2, max(2, int(5 * self.size)))
        for _ in range(stmts):
            r = self.rng.random()
            if r < 0.6:
                out.append(self.rule())
            elif r < 0.75:
                out.append(self.constraint())
            elif r < 0.85 and self.on("weak"):
                out.append(self.weak())
            elif r < 0.92 and self.on("minimize"):
                out.append(self.minimize())
            elif self.on("show"):
                out.append(self.show())
            else:
                out.append(self.rule())
        return Program("\n".join(out) + "\n", set(self.tags))


def generate(seed, enabled=None, size=1.0):
    """The program for `seed` (deterministic)."""
    return Gen(random.Random(seed), enabled, size).program()


if __name__ == "__main__":
    import sys
    for s in range(int(sys.argv[1]) if len(sys.argv) > 1 else 5):
        p = generate(s)
        print(f"% seed {s}: {' '.join(sorted(p.constructs))}\n{p.text}")
