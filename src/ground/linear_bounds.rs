//! Variables bounded by linear comparisons, as clingo's grounder bounds them: `a(X) :- 1 < X < 3.`
//! is safe in clingo 5.8 and has the answer {a(2)}. gringo reads every comparison between linear
//! terms of a scope as an inequality `c1*X1 + ... + cn*Xn >= b`, tightens the variables' bounds
//! until nothing changes, and adds a range literal `X = lo..hi` for every variable that gets
//! both bounds (libgringo's `IESolver` in `src/term.cc`, fed by `addToSolver` of the literals in
//! `src/input/literals.cc` and `aggregates.cc`, run by `Statement::rewrite`). A variable that
//! only such a range binds is then safe; one bounded on one side only stays unsafe.
//!
//! What this module mirrors, in order:
//! - **Scopes.** The rule body (with the comparisons of the head, which the parser moves into
//!   the body negated, as gringo does) is one system. Each condition of a body conditional
//!   literal, a body aggregate element, a choice or head aggregate element and a disjunction
//!   element is a system of its own that starts from the body's bounds; its ranges go into the
//!   condition. The literal of a conditional literal contributes nothing, nor does a head
//!   atom's own local condition but the interval of a head in a disjunction element without a
//!   condition, which bounds the body's system.
//! - **Which literals.** A comparison `l op r` other than `!=` whose sides are linear after
//!   gringo's `simplify` (see [`Simple`]); `=` gives two inequalities. A range literal
//!   `X = lo..hi` gives `hi - X >= 0` and `X - lo >= 0`; it and `X = n` fix the variable's
//!   bounds, and a range is only added for a variable whose bounds improve on fixed ones.
//! - **Propagation** ([`System::compute`]): an inequality with at most one variable unbounded
//!   in the direction it needs bounds that variable (or, with none, every variable), dividing
//!   as gringo does (truncating toward zero where the signs agree) and clamping to 32 bits; an
//!   inequality that cannot hold empties every variable of the system (`1..0`).
//!
//! Adding the range never changes which instances satisfy the body: the comparisons it comes
//! from stay in the rule. It only makes the variable bindable, and the planner enumerates such
//! a range last, when nothing else binds the variable (see `plan`).

use super::ir::{Body, Condition, Head, Lit, Rule};
use super::term::{CTerm, VarId};
use crate::symbol::SymbolTable;
use crate::syntax::ast::{BinOp, CmpOp, UnOp};

/// Passes over a system before giving up on a fixpoint. Propagation only ever tightens bounds;
/// a cycle such as `X < Y, Y < X` with lower bounds only would tighten up to 2^31 times. Stopping
/// early leaves bounds that are looser than gringo's (a superset of the same instances) or a
/// variable unbounded that gringo would have emptied: then the rule is reported unsafe.
const MAX_PASSES: usize = 1000;

/// Adds the range literals gringo's inequality solver adds to `rule`.
pub fn add_ranges(rule: &mut Rule, syms: &mut SymbolTable) {
    let num_vars = rule.num_vars();
    let mut root = System::new(num_vars, None);
    for b in &rule.body {
        if let Body::Lit(l) = b {
            root.add_lit(l, syms);
        }
    }
    // The interval of a head in a disjunction element without a condition bounds the rule's
    // variables as a head atom's does (`r ; p(1..Y) :- Y < 3.` is safe in clingo 5.8.3, with a
    // condition it is not).
    // The only element of a choice or head aggregate without bounds is moved into the body by
    // gringo (see `plan::single_choice_element_scope`): its condition bounds the body's
    // variables (`{ p(1..Y) : q } :- Y < 3.` is safe in clingo 5.8.3). Only where the body has
    // no aggregate or conditional literal: with one, the moved bounds also reach their scopes,
    // which is not followed here (that rule refuses what they share).
    let plain_body = rule.body.iter().all(|b| matches!(b, Body::Lit(_)));
    if let Head::Choice { elems, guards, .. } = &rule.head
        && let ([elem], true) = (&elems[..], guards.is_empty())
        && plain_body
    {
        elem.cond.lits.iter().for_each(|l| root.add_lit(l, syms));
    }
    // Not in an element of several heads (a pool in its atom: their conjunction), where an
    // empty interval only empties its own conjunct: `q ; s((1;3..2)).` is `q ; s(1).`.
    if let Head::Disjunction(elems) = &rule.head {
        for e in elems
            .iter()
            .filter(|e| e.cond.lits.is_empty() && e.heads.len() == 1)
        {
            for h in &e.heads {
                h.cond
                    .lits
                    .iter()
                    .filter(|l| matches!(l, Lit::Range { .. }))
                    .for_each(|l| root.add_lit(l, syms));
            }
        }
    }
    root.compute();
    let ranges = root.ranges(&rule.vars, syms);
    rule.body.extend(ranges.into_iter().map(Body::Lit));
    let mut conditions: Vec<&mut Condition> = Vec::new();
    for b in &mut rule.body {
        match b {
            Body::Conditional { cond, .. } => conditions.push(cond),
            Body::Aggregate(a) => conditions.extend(a.elems.iter_mut().map(|e| &mut e.cond)),
            Body::Lit(_) => {}
        }
    }
    match &mut rule.head {
        Head::Choice { elems, .. } => conditions.extend(elems.iter_mut().map(|e| &mut e.cond)),
        Head::Disjunction(elems) => conditions.extend(elems.iter_mut().map(|e| &mut e.cond)),
        _ => {}
    }
    let vars = rule.vars.clone();
    for cond in conditions {
        let mut sub = System::new(num_vars, Some(&root));
        for l in &cond.lits {
            sub.add_lit(l, syms);
        }
        sub.compute();
        let ranges = sub.ranges(&vars, syms);
        cond.lits.extend(ranges);
    }
}

/// The bounds gringo's inequality solver gives the variables of a condition's own literals
/// (`lits`), the ranges [`add_ranges`] adds to the condition when its rule is planned, for
/// code that reads the condition before (the enclosing scopes' bounds are left out: a
/// variable bounded through them is not bounded here).
pub fn condition_bounds(
    lits: &[Lit],
    num_vars: usize,
    syms: &SymbolTable,
) -> Vec<(VarId, i32, i32)> {
    let mut system = System::new(num_vars, None);
    lits.iter().for_each(|l| system.add_lit(l, syms));
    system.compute();
    system
        .improved()
        .into_iter()
        .filter_map(|v| system.bounds[v].bounded().map(|(lo, hi)| (v, lo, hi)))
        .collect()
}

/// One side of a variable's bounds; clingo's numbers are 32 bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Bound {
    lower: Option<i32>,
    upper: Option<i32>,
}

impl Bound {
    fn refine_lower(&mut self, v: i32) -> bool {
        if self.lower.is_none_or(|l| v > l) {
            self.lower = Some(v);
            return true;
        }
        false
    }

    fn refine_upper(&mut self, v: i32) -> bool {
        if self.upper.is_none_or(|u| v < u) {
            self.upper = Some(v);
            return true;
        }
        false
    }

    fn bounded(&self) -> Option<(i32, i32)> {
        Some((self.lower?, self.upper?))
    }

    /// Whether `self` is worth a range literal given the `fixed` bounds the scope already has.
    fn improves_on(&self, fixed: &Bound) -> bool {
        match (self.bounded(), fixed.bounded()) {
            (Some((lo, hi)), Some((flo, fhi))) => flo < lo || hi < fhi,
            _ => false,
        }
    }
}

/// `Σ coefficient * variable >= bound`.
#[derive(Debug)]
struct Inequality {
    terms: Vec<(i64, VarId)>,
    bound: i64,
}

/// The inequalities of one scope and the bounds they give its variables.
struct System {
    inequalities: Vec<Inequality>,
    /// Bounds the scope has anyway (from range literals, `X = n` and the enclosing scope):
    /// a range is only added where the computed bounds are tighter.
    fixed: Vec<Option<Bound>>,
    bounds: Vec<Bound>,
    /// Variables that occur in an inequality of this scope.
    seen: Vec<bool>,
}

impl System {
    /// A system for a scope inside `parent`: the parent's bounds are where it starts from, and
    /// fixed for every variable of the parent's inequalities (even those without bounds, so
    /// a range for such a variable is never added inside).
    fn new(num_vars: usize, parent: Option<&System>) -> Self {
        let mut fixed = vec![None; num_vars];
        let mut bounds = vec![Bound::default(); num_vars];
        if let Some(parent) = parent {
            for v in (0..num_vars).filter(|&v| parent.seen[v]) {
                fixed[v] = Some(parent.bounds[v]);
                bounds[v] = parent.bounds[v];
            }
        }
        System {
            inequalities: Vec::new(),
            fixed,
            bounds,
            seen: vec![false; num_vars],
        }
    }

    /// The inequalities of literal `l` (`RelationLiteral::addToSolver`,
    /// `RangeLiteral::addToSolver`).
    fn add_lit(&mut self, l: &Lit, syms: &SymbolTable) {
        match l {
            Lit::Cmp { op, lhs, rhs } => {
                if *op == CmpOp::Ne {
                    return;
                }
                let (Some(left), Some(right)) = (linear_side(lhs, syms), linear_side(rhs, syms))
                else {
                    return;
                };
                let difference = |a: &Linear, b: &Linear| {
                    let mut d = a.clone();
                    for &(c, v) in &b.0 {
                        d.add(-c, v);
                    }
                    d
                };
                match op {
                    CmpOp::Eq => {
                        // `X = 5` (either way round) fixes X: no range for it
                        let fixes = matches!((lhs, rhs), (CTerm::Var(_), CTerm::Sym(_)))
                            || matches!((lhs, rhs), (CTerm::Sym(_), CTerm::Var(_)));
                        self.add(difference(&right, &left), fixes);
                        self.add(difference(&left, &right), fixes);
                    }
                    CmpOp::Lt | CmpOp::Le => {
                        let mut left = left;
                        if *op == CmpOp::Lt {
                            left.add(1, None);
                        }
                        self.add(difference(&right, &left), false);
                    }
                    CmpOp::Gt | CmpOp::Ge => {
                        let mut right = right;
                        if *op == CmpOp::Gt {
                            right.add(1, None);
                        }
                        self.add(difference(&left, &right), false);
                    }
                    CmpOp::Ne => {}
                }
            }
            Lit::Range { var, lo, hi, .. } => {
                let assign = Linear(vec![(1, Some(*var))]);
                if let Some(hi) = linear_side(hi, syms) {
                    let mut d = hi;
                    d.add(-1, Some(*var));
                    self.add(d, true);
                }
                if let Some(lo) = linear_side(lo, syms) {
                    let mut d = assign;
                    for &(c, v) in &lo.0 {
                        d.add(-c, v);
                    }
                    self.add(d, true);
                }
            }
            Lit::Atom { .. } | Lit::Bool(_) => {}
        }
    }

    /// `IESolver::add`: `linear >= 0` with the constants moved to the bound.
    fn add(&mut self, linear: Linear, fixes: bool) {
        let mut bound = 0i64;
        let mut terms = Vec::new();
        for (c, v) in linear.0 {
            match v {
                Some(v) if c != 0 => terms.push((c, v)),
                _ => bound = bound.wrapping_sub(c),
            }
        }
        for &(_, v) in &terms {
            self.seen[v] = true;
        }
        if fixes && let [(c, v)] = terms[..] {
            let fixed = self.fixed[v].get_or_insert_with(Bound::default);
            if c == 1 {
                fixed.refine_lower(clamp(bound as i128));
            } else if c == -1 {
                fixed.refine_upper(clamp(-(bound as i128)));
            }
        }
        self.inequalities.push(Inequality { terms, bound });
    }

    /// `IESolver::compute` without the nested scopes: propagates bounds to a fixpoint (or
    /// [`MAX_PASSES`]).
    fn compute(&mut self) {
        for _ in 0..MAX_PASSES {
            let mut changed = false;
            for i in 0..self.inequalities.len() {
                let ie = &self.inequalities[i];
                let mut slack = ie.bound as i128;
                let mut unbounded = 0;
                for &(c, v) in &ie.terms {
                    match self.maximizing(c, v) {
                        Some(b) => slack -= c as i128 * b as i128,
                        None => unbounded += 1,
                    }
                }
                if unbounded == 0 && slack > 0 {
                    // cannot hold: every variable of the system gets the empty range 1..0
                    for ie in &self.inequalities {
                        for &(_, v) in &ie.terms {
                            self.bounds[v] = Bound {
                                lower: Some(1),
                                upper: Some(0),
                            };
                        }
                    }
                    return;
                }
                if unbounded > 1 {
                    continue;
                }
                let terms = self.inequalities[i].terms.clone();
                for (c, v) in terms {
                    let mut slack = slack;
                    match self.maximizing(c, v) {
                        Some(b) if unbounded == 0 => slack += c as i128 * b as i128,
                        Some(_) => continue,
                        None => {}
                    }
                    let value = clamp_div(slack, c);
                    changed |= if c > 0 {
                        self.bounds[v].refine_lower(value)
                    } else {
                        self.bounds[v].refine_upper(value)
                    };
                }
            }
            if !changed {
                return;
            }
        }
    }

    /// The bound of `v` that maximizes `c * v`: the upper one for a positive coefficient.
    fn maximizing(&self, c: i64, v: VarId) -> Option<i32> {
        if c > 0 {
            self.bounds[v].upper
        } else {
            self.bounds[v].lower
        }
    }

    /// The range literals for the variables whose computed bounds improve on the fixed ones,
    /// by variable name (gringo keeps its bounds in a map by name).
    fn ranges(&self, vars: &[super::ir::Var], syms: &mut SymbolTable) -> Vec<Lit> {
        let mut improved = self.improved();
        improved.sort_by(|&a, &b| vars[a].name.cmp(&vars[b].name));
        improved
            .into_iter()
            .map(|v| {
                let (lo, hi) = self.bounds[v].bounded().expect("bounded");
                Lit::Range {
                    var: v,
                    lo: CTerm::Sym(syms.num(lo)),
                    hi: CTerm::Sym(syms.num(hi)),
                    span: vars[v].span.clone(),
                    implied: true,
                }
            })
            .collect()
    }

    /// The variables whose computed bounds improve on the fixed ones.
    fn improved(&self) -> Vec<VarId> {
        (0..self.bounds.len())
            .filter(|&v| self.seen[v] || self.fixed[v].is_some())
            .filter(|&v| match &self.fixed[v] {
                None => self.bounds[v].bounded().is_some(),
                Some(f) => self.bounds[v].improves_on(f),
            })
            .collect()
    }
}

fn clamp(v: i128) -> i32 {
    v.clamp(i32::MIN as i128, i32::MAX as i128) as i32
}

/// gringo's `clamp_div`: `floordiv` for a positive coefficient, `ceildiv` for a negative one,
/// each of which only adjusts the truncated quotient when the signs of the operands differ.
fn clamp_div(slack: i128, c: i64) -> i32 {
    let c = c as i128;
    let (q, r) = (slack / c, slack % c);
    let signs_differ = (slack < 0) != (c < 0) && r != 0;
    let q = match (c > 0, signs_differ) {
        (true, true) => q - 1,
        (false, true) => q + 1,
        _ => q,
    };
    clamp(q)
}

/// A linear term as gringo's `addToLinearTerm` collects it: coefficients of variables, and of
/// `None` for constants. Entries for the same variable (or constant) are merged.
#[derive(Clone, Debug, Default)]
struct Linear(Vec<(i64, Option<VarId>)>);

impl Linear {
    fn add(&mut self, c: i64, v: Option<VarId>) {
        match self.0.iter_mut().find(|(_, w)| *w == v) {
            Some((d, _)) => *d = d.wrapping_add(c),
            None => self.0.push((c, v)),
        }
    }

    fn constant(&self) -> Option<i64> {
        self.0
            .iter()
            .try_fold(0i64, |s, (c, v)| v.is_none().then(|| s.wrapping_add(*c)))
    }

    fn scaled(&self, k: i64) -> Linear {
        let mut out = Linear::default();
        for &(c, v) in &self.0 {
            out.add(k.wrapping_mul(c), v);
        }
        out
    }
}

/// A term as gringo's `simplify` leaves it, as far as linearity goes: inside arithmetic a
/// variable is a linear term `1*X+0`, constants fold into linear terms, and a linear term
/// that is a bare variable turns back into the variable where it is an operand.
#[derive(Clone, Debug)]
enum Simple {
    Num(i64),
    Var(VarId),
    /// `m*X+n`
    Linear {
        var: VarId,
        m: i64,
        n: i64,
    },
    Neg(Box<Simple>),
    Binary(BinOp, Box<Simple>, Box<Simple>),
    /// Functions, non-numbers, other operators: never linear.
    Opaque,
}

/// The linear form of one side of a comparison, if gringo finds one.
fn linear_side(t: &CTerm, syms: &SymbolTable) -> Option<Linear> {
    linear(&simplify(t, false, syms))
}

fn simplify(t: &CTerm, arithmetic: bool, syms: &SymbolTable) -> Simple {
    match t {
        CTerm::Sym(s) => match syms.as_int(*s) {
            Some(n) => Simple::Num(n as i64),
            None => Simple::Opaque,
        },
        CTerm::Var(v) if arithmetic => Simple::Linear {
            var: *v,
            m: 1,
            n: 0,
        },
        CTerm::Var(v) => Simple::Var(*v),
        CTerm::Fun { .. } => Simple::Opaque,
        CTerm::Unary(UnOp::Minus, x, _) => match simplify(x, arithmetic, syms) {
            Simple::Num(n) => Simple::Num(n.wrapping_neg()),
            Simple::Linear { var, m, n } => Simple::Linear {
                var,
                m: m.wrapping_neg(),
                n: n.wrapping_neg(),
            },
            Simple::Opaque => Simple::Opaque,
            other => Simple::Neg(Box::new(operand(other, arithmetic))),
        },
        CTerm::Unary(..) => Simple::Opaque,
        CTerm::Binary(op, a, b, _) => {
            let (l, r) = (simplify(a, true, syms), simplify(b, true, syms));
            binary(*op, l, r)
        }
    }
}

/// `BinOpTerm::simplify` on simplified operands.
fn binary(op: BinOp, l: Simple, r: Simple) -> Simple {
    use Simple::{Linear as Lin, Num};
    if matches!(l, Simple::Opaque) || matches!(r, Simple::Opaque) {
        return Simple::Opaque;
    }
    let zero = |s: &Simple| matches!(s, Num(0));
    if op == BinOp::Mul && (zero(&l) || zero(&r)) {
        return Simple::Binary(op, Box::new(operand(l, true)), Box::new(operand(r, true)));
    }
    match (op, &l, &r) {
        (BinOp::Add, Num(a), Num(b)) => Num(a.wrapping_add(*b)),
        (BinOp::Sub, Num(a), Num(b)) => Num(a.wrapping_sub(*b)),
        (BinOp::Mul, Num(a), Num(b)) => Num(a.wrapping_mul(*b)),
        // other operators on constants were folded by the compiler unless undefined
        (_, Num(_), Num(_)) => Simple::Opaque,
        (BinOp::Add, Num(c), Lin { var, m, n }) | (BinOp::Add, Lin { var, m, n }, Num(c)) => Lin {
            var: *var,
            m: *m,
            n: n.wrapping_add(*c),
        },
        (BinOp::Sub, Num(c), Lin { var, m, n }) => Lin {
            var: *var,
            m: m.wrapping_neg(),
            n: c.wrapping_sub(*n),
        },
        (BinOp::Sub, Lin { var, m, n }, Num(c)) => Lin {
            var: *var,
            m: *m,
            n: n.wrapping_sub(*c),
        },
        (BinOp::Mul, Num(c), Lin { var, m, n }) | (BinOp::Mul, Lin { var, m, n }, Num(c)) => Lin {
            var: *var,
            m: m.wrapping_mul(*c),
            n: n.wrapping_mul(*c),
        },
        _ => Simple::Binary(op, Box::new(operand(l, true)), Box::new(operand(r, true))),
    }
}

/// `SimplifyRet::update`: a linear term that is a bare variable becomes the variable where
/// its context already requires a number.
fn operand(s: Simple, arithmetic: bool) -> Simple {
    match s {
        Simple::Linear { var, m: 1, n: 0 } if arithmetic => Simple::Var(var),
        other => other,
    }
}

/// `addToLinearTerm` of the simplified term.
fn linear(s: &Simple) -> Option<Linear> {
    let mut out = Linear::default();
    match s {
        Simple::Num(n) => out.add(*n, None),
        Simple::Var(v) => out.add(1, Some(*v)),
        Simple::Linear { var, m, n } => {
            out.add(*m, Some(*var));
            out.add(*n, None);
        }
        Simple::Neg(x) => {
            // gringo gives up on a negated sum that has a constant part (even `+0`)
            let inner = linear(x)?;
            if inner.0.iter().any(|(_, v)| v.is_none()) {
                return None;
            }
            return Some(inner.scaled(-1));
        }
        Simple::Binary(BinOp::Add | BinOp::Sub, a, b) => {
            let (a, b) = (linear(a)?, linear(b)?);
            let sign = if matches!(s, Simple::Binary(BinOp::Sub, ..)) {
                -1
            } else {
                1
            };
            out = a;
            for (c, v) in b.0 {
                out.add(sign * c, v);
            }
        }
        Simple::Binary(BinOp::Mul, a, b) => {
            let (a, b) = (linear(a)?, linear(b)?);
            return match (a.constant(), b.constant()) {
                (Some(k), _) => Some(b.scaled(k)),
                (None, Some(k)) => Some(a.scaled(k)),
                (None, None) => None,
            };
        }
        Simple::Binary(..) | Simple::Opaque => return None,
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    //! The ranges added to small rules, written `X=lo..hi` in the body (or in the numbered
    //! condition), against what clingo 5.8.3 adds (its safety errors print them as
    //! `#range(X,lo,hi)`).

    use super::super::ir::{Body, Lit, Rule};
    use super::super::term::CTerm;
    use crate::symbol::SymbolTable;

    fn range(rule: &Rule, syms: &SymbolTable, l: &Lit) -> Option<String> {
        let Lit::Range {
            var,
            lo: CTerm::Sym(lo),
            hi: CTerm::Sym(hi),
            implied: true,
            ..
        } = l
        else {
            return None;
        };
        let name = &rule.vars[*var].name;
        Some(format!(
            "{name}={}..{}",
            syms.to_string(*lo),
            syms.to_string(*hi)
        ))
    }

    /// The implied ranges of the single rule of `source`: the body's, then each condition's.
    fn ranges(source: &str) -> Vec<String> {
        let (rules, _, syms) = super::super::planned_rules(source);
        assert_eq!(rules.len(), 1, "one rule expected in {source}");
        let rule = &rules[0].rule;
        let mut out = Vec::new();
        for b in &rule.body {
            if let Body::Lit(l) = b {
                out.extend(range(rule, &syms, l));
            }
        }
        for b in &rule.body {
            let conds: Vec<_> = match b {
                Body::Conditional { cond, .. } => vec![cond],
                Body::Aggregate(a) => a.elems.iter().map(|e| &e.cond).collect(),
                Body::Lit(_) => Vec::new(),
            };
            for c in conds {
                for l in &c.lits {
                    out.extend(range(rule, &syms, l).map(|r| format!("cond: {r}")));
                }
            }
        }
        out
    }

    fn unsafe_vars(source: &str) -> String {
        let statements = crate::syntax::parse(source, "t.lp".into()).expect("parses");
        match crate::ground::ground(&statements, &Default::default()) {
            Ok(_) => String::new(),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn both_bounds_give_a_range() {
        assert_eq!(ranges("a(X) :- 1 < X < 3."), ["X=2..2"]);
        assert_eq!(ranges("a(X) :- X >= 1, X <= 3."), ["X=1..3"]);
        assert_eq!(ranges("a(X) :- not X < 1, not X > 3."), ["X=1..3"]);
    }

    #[test]
    fn linear_terms_as_gringo_simplifies_them() {
        assert_eq!(ranges("a(X) :- 1 <= X, X+1 <= 3."), ["X=1..2"]);
        assert_eq!(ranges("a(X) :- 1 <= -X, -X <= 3."), ["X=-3..-1"]);
        assert_eq!(ranges("a(X) :- 1 <= -(X+1), -(X+1) <= 3."), ["X=-4..-2"]);
        // gringo's division truncates where the signs agree: 2*X >= 1 gives X >= 0
        assert_eq!(ranges("a(X) :- 1 <= 2*X, 2*X <= 7."), ["X=0..3"]);
        assert_eq!(
            ranges("a(X,Y) :- 0 <= X, 0 <= Y, -(X+Y) > -3."),
            ["X=0..2", "Y=0..2"]
        );
        assert_eq!(
            ranges("a(X,Y) :- 0 <= X, 0 <= Y, -((X+Y)*2) > -6."),
            ["X=0..2", "Y=0..2"]
        );
    }

    #[test]
    fn terms_gringo_does_not_read_as_linear_give_nothing() {
        for rule in [
            "a(X,Y) :- 0 <= X, 0 <= Y, -(X+Y+1) > -3.",
            "a(X,Y) :- 0 <= X, 0 <= Y, -(X+2*Y) > -3.",
            "a(X) :- X/1 > 0, X < 3.",
            "a(X) :- |X| < 3, X > 0.",
            "a(X) :- X > 1.",
            "a(X) :- X != 1, X < 3.",
            "c(X,Y) :- d(X), X < Y, Y < X+3.",
        ] {
            assert!(unsafe_vars(rule).contains("unsafe"), "{rule}");
        }
    }

    #[test]
    fn bounds_flow_through_two_variable_comparisons() {
        assert_eq!(
            ranges("a(X,Y) :- 0 <= X, X <= 2, X < Y, Y < X+3."),
            ["X=0..2", "Y=1..4"]
        );
        assert_eq!(
            ranges("a(X) :- X+Y = 5, 1 <= Y <= 3."),
            ["X=2..4", "Y=1..3"]
        );
        // `Y = 1` fixes Y: only X gets a range
        assert_eq!(ranges("a(X) :- 0 < X+Y < 3, Y = 1."), ["X=0..1"]);
    }

    #[test]
    fn an_impossible_system_empties_every_variable() {
        assert_eq!(
            ranges("a(Z) :- X >= 4, X <= 3, Z > 0."),
            ["X=1..0", "Z=1..0"]
        );
        assert_eq!(
            ranges("a(Z) :- 3*X >= 4, 3*X <= 5, Z > 0."),
            ["X=1..0", "Z=1..0"]
        );
    }

    #[test]
    fn conditions_start_from_the_body_bounds() {
        assert_eq!(
            ranges("a(Y) :- Y > 0, Y < 3, #count{X : X > Y, X < 5} = 2."),
            ["Y=1..2", "cond: X=2..4"]
        );
        assert_eq!(ranges("a :- p(X) : 0 < X < 3."), ["cond: X=1..2"]);
        // the conditional literal's own literal is no bound
        assert!(unsafe_vars("a(X) :- X > 0, X < 3 : q.").contains("unsafe"));
        // bounds inside an element do not make a global variable safe
        assert!(unsafe_vars("a(Y) :- p(X) : Y > 0, Y < 3.").contains("unsafe"));
        assert!(unsafe_vars("a(X) :- X > 0, X < 3, #count { Y : Y < X } > 0.").contains("unsafe"));
    }

    #[test]
    fn cyclic_bounds_stop() {
        assert!(unsafe_vars("a(X,Y) :- X >= 0, Y >= 0, X < Y, Y < X.").contains("unsafe"));
    }

    #[test]
    fn a_single_choice_element_shares_its_variables_with_body_conditions() {
        let err = unsafe_vars("{ r : Z >= 2, Z <= 4 } :- #count { Z : 0 <= Z, Z < 3 } > 0.");
        assert!(err.contains("'Z' of the only element of a choice"), "{err}");
        // a disjunction's element bounds stay in the element (clingo accepts this)
        assert_eq!(
            unsafe_vars("r : Z >= 2, Z <= 4 :- #count { Z : 0 <= Z, Z < 3 } > 0."),
            ""
        );
    }
}
