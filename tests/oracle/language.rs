//! Random ground programs over the richer language, and a brute-force oracle for them that
//! follows clingo's semantics through propositional formulas (Ferraris' stable models, as in
//! the "Abstract Gringo" semantics of the clingo language):
//!
//! * a rule is `body -> head`; an answer set `M` is a model of the program such that no proper
//!   subset of `M` satisfies the reduct of the program relative to `M` (checked by brute force);
//! * a body conditional literal `l : c1, ..., cn` is the implication `c1 & ... & cn -> l`;
//! * an aggregate `f { t1 : C1; ...; tn : Cn } op b` over elements with tuples `ti` and
//!   conditions `Ci` is the conjunction, over every set `D` of elements whose tuples do *not*
//!   make the aggregate true, of `(conjunction of the conditions of D) -> (disjunction of the
//!   conditions of the other elements)` — tuples are a set, so equal tuples count once;
//!   `not A` is `A -> false`, `not not A` is `(A -> false) -> false`;
//! * a choice `L { a1 : C1; ... } U` is `Ci -> (ai | not ai)` for each element plus the bounds as
//!   a constraint over the atoms chosen; a head aggregate likewise, its aggregate (over the
//!   elements whose atom and condition hold) a constraint. Head `#sum+` elements get no negative
//!   weights: clingo 5.8.3 adds them like `#sum` (`#sum+ { -1 : a; 2 : b } = 1.` has {a,b}) but
//!   also finds `#sum+ { -1 : a } < 0.` unsatisfiable — no formula says that, the differential
//!   test (scripts/differential.py) compares such programs with clingo directly;
//! * a disjunction element with a condition `a : C` is a hidden atom `x` in the disjunction with
//!   `a :- x, C`, `x :- a, C` and `:- x, not C`, as gringo 5.8.3 translates it (see
//!   `clingo --output=smodels`): `a : b.` is unsatisfiable, `{b}. a : b ; c.` has {c}, {b,c}
//!   and {a,b}, `a : b. b :- a.` is unsatisfiable. Hidden atoms are projected away.

use super::common::Rng;
use std::collections::BTreeSet;

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Sign {
    Pos,
    Not,
    NotNot,
}

#[derive(Clone, Copy, Debug)]
pub struct Lit {
    pub atom: usize,
    pub sign: Sign,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Func {
    Count,
    Sum,
    SumPlus,
    Min,
    Max,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Cmp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

const CMPS: [Cmp; 6] = [Cmp::Lt, Cmp::Le, Cmp::Gt, Cmp::Ge, Cmp::Eq, Cmp::Ne];
const FUNCS: [Func; 5] = [Func::Count, Func::Sum, Func::SumPlus, Func::Min, Func::Max];

impl Cmp {
    fn text(self) -> &'static str {
        match self {
            Cmp::Lt => "<",
            Cmp::Le => "<=",
            Cmp::Gt => ">",
            Cmp::Ge => ">=",
            Cmp::Eq => "=",
            Cmp::Ne => "!=",
        }
    }

    fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Cmp::Lt => a < b,
            Cmp::Le => a <= b,
            Cmp::Gt => a > b,
            Cmp::Ge => a >= b,
            Cmp::Eq => a == b,
            Cmp::Ne => a != b,
        }
    }
}

/// An aggregate element: the tuple `(weight, tag)` and its condition (in a head, the element's
/// atom is `atom`, conjoined with the condition).
#[derive(Clone, Debug)]
pub struct Elem {
    pub weight: i64,
    pub tag: i64,
    pub atom: Option<usize>,
    pub cond: Vec<Lit>,
}

/// `b op` to the left of an aggregate (meaning `b op value`).
type LeftGuard = Option<(i64, Cmp)>;
/// `op b` to the right of an aggregate.
type RightGuard = Option<(Cmp, i64)>;

#[derive(Clone, Debug)]
pub struct Aggregate {
    pub func: Func,
    pub elems: Vec<Elem>,
    pub left: LeftGuard,
    pub right: RightGuard,
}

#[derive(Clone, Debug)]
pub enum BodyElem {
    Lit(Lit),
    Conditional(Lit, Vec<Lit>),
    Aggregate(Sign, Aggregate),
}

#[derive(Clone, Debug)]
pub enum Head {
    Constraint,
    /// `a1 : C1 ; a2 ; ...` (an element without condition has an empty one)
    Disjunction(Vec<(usize, Vec<Lit>)>),
    /// choice: `#count` head aggregate with the atom as tuple
    Choice(Aggregate),
    Aggregate(Aggregate),
}

#[derive(Clone, Debug)]
pub struct Rule {
    pub head: Head,
    pub body: Vec<BodyElem>,
}

pub struct Program {
    pub atoms: usize,
    pub rules: Vec<Rule>,
}

fn name(a: usize) -> String {
    format!("a{a}")
}

fn lit_text(l: &Lit) -> String {
    match l.sign {
        Sign::Pos => name(l.atom),
        Sign::Not => format!("not {}", name(l.atom)),
        Sign::NotNot => format!("not not {}", name(l.atom)),
    }
}

fn lits_text(ls: &[Lit]) -> String {
    ls.iter().map(lit_text).collect::<Vec<_>>().join(", ")
}

fn func_text(f: Func) -> &'static str {
    match f {
        Func::Count => "#count",
        Func::Sum => "#sum",
        Func::SumPlus => "#sum+",
        Func::Min => "#min",
        Func::Max => "#max",
    }
}

impl Aggregate {
    fn text(&self, func: Option<Func>) -> String {
        let elems: Vec<String> = self
            .elems
            .iter()
            .map(|e| {
                let tuple = match func {
                    None => String::new(),
                    Some(_) => format!("{},{} : ", e.weight, e.tag),
                };
                match (e.atom, e.cond.is_empty()) {
                    (Some(a), true) => format!("{tuple}{}", name(a)),
                    (Some(a), false) => format!("{tuple}{} : {}", name(a), lits_text(&e.cond)),
                    (None, _) => format!("{tuple}{}", lits_text(&e.cond)),
                }
            })
            .collect();
        let left = self
            .left
            .map(|(b, op)| format!("{b} {} ", op.text()))
            .unwrap_or_default();
        let right = self
            .right
            .map(|(op, b)| format!(" {} {b}", op.text()))
            .unwrap_or_default();
        let func = func.map(func_text).unwrap_or("");
        format!("{left}{func}{{ {} }}{right}", elems.join("; "))
    }

    /// Whether the aggregate holds for the set of tuples of `chosen` elements.
    fn holds_for(&self, chosen: &[usize]) -> bool {
        let mut tuples: Vec<(i64, i64)> = chosen
            .iter()
            .map(|&i| (self.elems[i].weight, self.elems[i].tag))
            .collect();
        tuples.sort();
        tuples.dedup();
        let weights = tuples.iter().map(|t| t.0);
        let value = match self.func {
            Func::Count => tuples.len() as i64,
            Func::Sum => weights.sum(),
            Func::SumPlus => weights.filter(|w| *w > 0).sum(),
            Func::Min => weights.min().unwrap_or(i64::MAX),
            Func::Max => weights.max().unwrap_or(i64::MIN),
        };
        self.left.is_none_or(|(b, op)| op.holds(b, value))
            && self.right.is_none_or(|(op, b)| op.holds(value, b))
    }
}

impl Program {
    pub fn text(&self) -> String {
        let mut out = String::new();
        for r in &self.rules {
            let head = match &r.head {
                Head::Constraint => String::new(),
                Head::Disjunction(elems) => elems
                    .iter()
                    .map(|(a, c)| {
                        if c.is_empty() {
                            name(*a)
                        } else {
                            format!("{} : {}", name(*a), lits_text(c))
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ; "),
                Head::Choice(agg) => agg.text(None),
                Head::Aggregate(agg) => agg.text(Some(agg.func)),
            };
            // a conditional literal takes up the following `,`: `;` separates after it
            let mut body = String::new();
            for (i, b) in r.body.iter().enumerate() {
                if i > 0 {
                    let after_cond = matches!(r.body[i - 1], BodyElem::Conditional(..));
                    body.push_str(if after_cond { "; " } else { ", " });
                }
                body.push_str(&match b {
                    BodyElem::Lit(l) => lit_text(l),
                    BodyElem::Conditional(l, c) => format!("{} : {}", lit_text(l), lits_text(c)),
                    BodyElem::Aggregate(sign, agg) => {
                        let prefix = match sign {
                            Sign::Pos => "",
                            Sign::Not => "not ",
                            Sign::NotNot => "not not ",
                        };
                        format!("{prefix}{}", agg.text(Some(agg.func)))
                    }
                });
            }
            match (head.is_empty(), body.is_empty()) {
                (_, true) if !head.is_empty() => out.push_str(&format!("{head}.\n")),
                _ => out.push_str(&format!("{head} :- {body}.\n")),
            }
        }
        out
    }
}

// ----- formulas and the oracle ---------------------------------------------------------------

#[derive(Clone, Debug)]
enum F {
    Atom(usize),
    And(Vec<F>),
    Or(Vec<F>),
    Imp(Box<F>, Box<F>),
}

fn not(f: F) -> F {
    F::Imp(Box::new(f), Box::new(F::Or(Vec::new())))
}

fn imp(a: F, b: F) -> F {
    F::Imp(Box::new(a), Box::new(b))
}

fn lit_f(l: &Lit) -> F {
    match l.sign {
        Sign::Pos => F::Atom(l.atom),
        Sign::Not => not(F::Atom(l.atom)),
        Sign::NotNot => not(not(F::Atom(l.atom))),
    }
}

fn conj(ls: &[Lit]) -> F {
    F::And(ls.iter().map(lit_f).collect())
}

fn eval(f: &F, m: &[bool]) -> bool {
    match f {
        F::Atom(a) => m[*a],
        F::And(fs) => fs.iter().all(|f| eval(f, m)),
        F::Or(fs) => fs.iter().any(|f| eval(f, m)),
        F::Imp(a, b) => !eval(a, m) || eval(b, m),
    }
}

/// Whether `n` satisfies the reduct of `f` relative to `m` (a subformula false in `m` is
/// replaced by false).
fn reduct_holds(f: &F, m: &[bool], n: &[bool]) -> bool {
    if !eval(f, m) {
        return false;
    }
    match f {
        F::Atom(a) => n[*a],
        F::And(fs) => fs.iter().all(|f| reduct_holds(f, m, n)),
        F::Or(fs) => fs.iter().any(|f| reduct_holds(f, m, n)),
        F::Imp(a, b) => !reduct_holds(a, m, n) || reduct_holds(b, m, n),
    }
}

/// The aggregate as a formula over the element conditions `conds` (Ferraris / Abstract Gringo).
fn aggregate_f(agg: &Aggregate, conds: &[F]) -> F {
    let n = agg.elems.len();
    let mut parts = Vec::new();
    for mask in 0u32..(1 << n) {
        let chosen: Vec<usize> = (0..n).filter(|i| mask >> i & 1 == 1).collect();
        if agg.holds_for(&chosen) {
            continue;
        }
        let inside = F::And(chosen.iter().map(|&i| conds[i].clone()).collect());
        let outside = F::Or(
            (0..n)
                .filter(|i| mask >> i & 1 == 0)
                .map(|i| conds[i].clone())
                .collect(),
        );
        parts.push(imp(inside, outside));
    }
    F::And(parts)
}

/// The formula of a program; `hidden` counts the atoms added for conditional disjunction
/// elements (numbered from `p.atoms` on).
fn program_f(p: &Program) -> (F, usize) {
    let mut next = p.atoms;
    let mut rules = Vec::new();
    for r in &p.rules {
        let body = F::And(
            r.body
                .iter()
                .map(|b| match b {
                    BodyElem::Lit(l) => lit_f(l),
                    BodyElem::Conditional(l, c) => imp(conj(c), lit_f(l)),
                    BodyElem::Aggregate(sign, agg) => {
                        let conds: Vec<F> = agg.elems.iter().map(|e| conj(&e.cond)).collect();
                        let a = aggregate_f(agg, &conds);
                        match sign {
                            Sign::Pos => a,
                            Sign::Not => not(a),
                            Sign::NotNot => not(not(a)),
                        }
                    }
                })
                .collect(),
        );
        let head = match &r.head {
            Head::Constraint => F::Or(Vec::new()),
            Head::Disjunction(elems) => {
                let mut alts = Vec::new();
                let mut side = Vec::new();
                for (a, c) in elems {
                    if c.is_empty() {
                        alts.push(F::Atom(*a));
                    } else {
                        let x = next;
                        next += 1;
                        alts.push(F::Atom(x));
                        side.push(imp(F::And(vec![F::Atom(x), conj(c)]), F::Atom(*a)));
                        side.push(imp(F::And(vec![F::Atom(*a), conj(c)]), F::Atom(x)));
                        side.push(not(F::And(vec![F::Atom(x), not(conj(c))])));
                    }
                }
                rules.extend(side);
                F::Or(alts)
            }
            Head::Choice(agg) | Head::Aggregate(agg) => {
                let mut parts = Vec::new();
                let mut holds = Vec::new();
                for e in &agg.elems {
                    let a = e.atom.expect("head elements have atoms");
                    let choice = F::Or(vec![F::Atom(a), not(F::Atom(a))]);
                    parts.push(imp(conj(&e.cond), choice));
                    holds.push(F::And(vec![F::Atom(a), conj(&e.cond)]));
                }
                // the bounds are a constraint: `not not` keeps them out of the reduct
                parts.push(not(not(aggregate_f(agg, &holds))));
                F::And(parts)
            }
        };
        rules.push(imp(body, head));
    }
    (F::And(rules), next)
}

/// All answer sets (over the program's own atoms), by enumeration.
pub fn oracle(p: &Program) -> BTreeSet<Vec<String>> {
    let (f, total) = program_f(p);
    let mut out = BTreeSet::new();
    for mask in 0u64..(1 << total) {
        let m: Vec<bool> = (0..total).map(|i| mask >> i & 1 == 1).collect();
        if !eval(&f, &m) {
            continue;
        }
        let members: Vec<usize> = (0..total).filter(|&a| m[a]).collect();
        let smaller = (0u64..(1 << members.len()) - 1).any(|sub| {
            let mut n = vec![false; total];
            for (i, &a) in members.iter().enumerate() {
                n[a] = sub >> i & 1 == 1;
            }
            reduct_holds(&f, &m, &n)
        });
        if !smaller {
            out.insert((0..p.atoms).filter(|&a| m[a]).map(name).collect());
        }
    }
    out
}

// ----- random programs -----------------------------------------------------------------------

/// Generation knobs: `tight` keeps every positive dependency (body atoms, conditions, aggregate
/// conditions) going from a higher head atom to a lower atom, so aspsat needs no loop handling.
struct Gen<'a> {
    rng: &'a mut Rng,
    atoms: usize,
    tight: bool,
}

impl Gen<'_> {
    fn sign(&mut self) -> Sign {
        match self.rng.below(6) {
            0..=2 => Sign::Pos,
            3 | 4 => Sign::Not,
            _ => Sign::NotNot,
        }
    }

    /// A literal; a positive one only over atoms below `bound` in tight programs.
    fn lit(&mut self, bound: usize) -> Lit {
        let atom = self.rng.below(self.atoms);
        let sign = self.sign();
        if self.tight && sign == Sign::Pos && atom >= bound {
            return Lit {
                atom,
                sign: Sign::Not,
            };
        }
        Lit { atom, sign }
    }

    fn lits(&mut self, max: usize, bound: usize) -> Vec<Lit> {
        (0..self.rng.below(max + 1))
            .map(|_| self.lit(bound))
            .collect()
    }

    fn guard(&mut self, elems: usize) -> (LeftGuard, RightGuard) {
        let bound = |rng: &mut Rng| rng.range(-2, elems as i64 + 2);
        let cmp = |rng: &mut Rng| CMPS[rng.below(CMPS.len())];
        match self.rng.below(4) {
            0 => (Some((bound(self.rng), cmp(self.rng))), None),
            1 | 2 => (None, Some((cmp(self.rng), bound(self.rng)))),
            _ => (
                Some((bound(self.rng), cmp(self.rng))),
                Some((cmp(self.rng), bound(self.rng))),
            ),
        }
    }

    fn aggregate(&mut self, bound: usize, head: bool) -> Aggregate {
        let func = FUNCS[self.rng.below(FUNCS.len())];
        let n = self.rng.below(4) + usize::from(head);
        let elems = (0..n)
            .map(|_| Elem {
                weight: match func {
                    Func::Count => 1,
                    Func::SumPlus if head => self.rng.range(0, 3),
                    _ => self.rng.range(-2, 3),
                },
                // a small tag: equal tuples (same weight and tag) count once
                tag: self.rng.range(0, 1),
                atom: head.then(|| self.rng.below(self.atoms)),
                cond: self.lits(2, bound),
            })
            .collect();
        let (left, right) = self.guard(n);
        Aggregate {
            func,
            elems,
            left,
            right,
        }
    }

    fn rule(&mut self) -> Rule {
        let (head, bound) = match self.rng.below(10) {
            0..=2 => {
                let n = 1 + self.rng.below(3);
                let elems: Vec<(usize, Vec<Lit>)> = (0..n)
                    .map(|_| (self.rng.below(self.atoms), Vec::new()))
                    .collect();
                let bound = elems.iter().map(|e| e.0).min().unwrap_or(0);
                let elems = elems
                    .into_iter()
                    .map(|(a, _)| {
                        let cond = if self.rng.chance(30) {
                            self.lits(2, bound)
                        } else {
                            Vec::new()
                        };
                        (a, cond)
                    })
                    .collect();
                (Head::Disjunction(elems), bound)
            }
            3 | 4 => {
                let mut agg = self.aggregate(0, true);
                let bound = agg.elems.iter().filter_map(|e| e.atom).min().unwrap_or(0);
                for e in &mut agg.elems {
                    e.cond = self.lits(1, bound);
                }
                if self.rng.chance(50) {
                    // a choice: count the chosen atoms
                    agg.func = Func::Count;
                    for e in &mut agg.elems {
                        (e.weight, e.tag) = (1, e.atom.unwrap_or(0) as i64);
                    }
                    if self.rng.chance(40) {
                        (agg.left, agg.right) = (None, None);
                    }
                    (Head::Choice(agg), bound)
                } else {
                    (Head::Aggregate(agg), bound)
                }
            }
            5..=7 => {
                let a = self.rng.below(self.atoms);
                (Head::Disjunction(vec![(a, Vec::new())]), a)
            }
            _ => (Head::Constraint, usize::MAX),
        };
        let len = self.rng.below(3) + usize::from(matches!(head, Head::Constraint));
        let body = (0..len)
            .map(|_| match self.rng.below(10) {
                0..=5 => BodyElem::Lit(self.lit(bound)),
                6 | 7 => {
                    let agg = self.aggregate(bound, false);
                    BodyElem::Aggregate(self.sign(), agg)
                }
                _ => {
                    let l = self.lit(bound);
                    let c = self.lits(2, bound);
                    BodyElem::Conditional(l, c)
                }
            })
            .collect();
        Rule { head, body }
    }
}

/// A random program over 3 to 5 atoms (tight: see [`Gen`]).
pub fn random_program(rng: &mut Rng, tight: bool) -> Program {
    let atoms = 3 + rng.below(3);
    let mut g = Gen { rng, atoms, tight };
    let rules = (0..2 + g.rng.below(5)).map(|_| g.rule()).collect();
    Program { atoms, rules }
}
