//! gringo's simplification of a rule before grounding, for terms that are undefined whatever
//! values their variables take (`X+a`, `"s"*X`, `f(X)-1`, `X/0`: see [`undefined_at`]).
//! gringo removes what holds such a term before it checks safety, so `p(Y+b).` and `:- q(X/0).`
//! are no errors but rules without instances. What goes depends on where the term is:
//!
//! * a body literal (also negated, also a comparison) or a head atom: the whole rule;
//! * an aggregate's guard: the whole rule; an element's term or condition: that element;
//! * a disjunction element's atom: the element becomes `#true : cond` (the rule holds when
//!   its condition does, written here as the body literal `#false : cond`; the rest of the
//!   rule is still checked for safety, so `-q(Y) ; q(a+1).` is unsafe); its condition: that
//!   element (a disjunction left empty is a constraint: `b : q(1/0).` has no answer set);
//! * a body aggregate without guards: the aggregate (it holds; negated, `#false` takes its place);
//! * a choice or head aggregate element's atom, terms or condition: that element;
//! * the condition of a conditional body literal: the literal (it holds); its literal: the
//!   literal becomes `#false : cond`.
//!
//! A comparison chain goes as a comparison does; a *negated* chain with such a term holds
//! instead, wherever it is ([`settle_negated_chains`], applied to the whole statement first).
//!
//! Pools were expanded before, except inside conditional literals, disjunction atoms and body
//! aggregate elements: there a term counts as undefined when every alternative of it is (gringo
//! drops the undefined alternatives one by one; the grounder does that for the others, as it
//! finds each instance undefined).

use super::compile::{Compiler, RuleHead};
use super::quirks::{has_pool, is_ground};
use super::undefined::OPERATION_UNDEFINED;
use super::unpool::{expand_conjunction, expand_term};
use crate::syntax::Diagnostic;
use crate::syntax::ast::*;

/// What a variable-free term evaluates to, for [`undefined_at`].
pub enum GroundValue {
    Int(crate::symbol::Int),
    /// A value that is not an integer (a constant, function, string, tuple, `#inf`, `#sup`).
    Other,
    Undefined,
    /// A value gringo does not know when it simplifies the rule: a program part's parameter
    /// (see [`Compiler::unknown`]), and arithmetic over one.
    Unknown,
}

/// Whether gringo's simplification, before grounding, finds `t` undefined for every value of
/// its variables: variable-free arithmetic without a value, arithmetic on a variable-free
/// operand that is not an integer (`X+a`, `#sup+X`, `"s"*X`), on a function term (`f(X)+1`,
/// `|f(X)|`), or a division by the constant 0 (`X/0`, `X\(1-1)`). clingo removes a head
/// aggregate element with such a term before it looks at the aggregate's shape (see
/// [`super::ir::TupleCheck`]). `value` evaluates a variable-free term (constants resolved).
///
/// Returns the place of the innermost undefined operation (where clingo reports it).
fn undefined_at(t: &Term, value: &mut dyn FnMut(&Term) -> GroundValue) -> Option<Span> {
    // A variable-free term with an interval has several values: the grounder decides.
    let evaluable = |t: &Term| is_ground(t) && !t.has_pool_or_interval();
    let non_integer = |t: &Term, value: &mut dyn FnMut(&Term) -> GroundValue| {
        if t.has_pool_or_interval() {
            false
        } else if is_ground(t) {
            matches!(value(t), GroundValue::Other | GroundValue::Undefined)
        } else {
            matches!(t, Term::Fun { .. })
        }
    };
    match t {
        // a `#const` name whose value is undefined (`#const m = n+1.`)
        Term::Fun { args, span, .. }
            if args.is_empty() && matches!(value(t), GroundValue::Undefined) =>
        {
            Some(span.clone())
        }
        Term::Fun { args, .. } | Term::Pool(args, _) => {
            args.iter().find_map(|a| undefined_at(a, value))
        }
        Term::Interval(x, y, _) => undefined_at(x, value).or_else(|| undefined_at(y, value)),
        Term::Unary(op, x, span) => {
            if let Some(inner) = undefined_at(x, value) {
                return Some(inner);
            }
            let undefined = if evaluable(t) {
                matches!(value(t), GroundValue::Undefined)
            } else if is_ground(t) {
                false
            } else {
                *op != UnOp::Minus && matches!(**x, Term::Fun { .. })
            };
            undefined.then(|| span.clone())
        }
        Term::Binary(op, x, y, span) => {
            if let Some(inner) = undefined_at(x, value).or_else(|| undefined_at(y, value)) {
                return Some(inner);
            }
            let undefined = if evaluable(t) {
                matches!(value(t), GroundValue::Undefined)
            } else if is_ground(t) {
                false
            } else {
                let by_zero = matches!(op, BinOp::Div | BinOp::Mod)
                    && is_ground(y)
                    && matches!(value(y), GroundValue::Int(0));
                by_zero || non_integer(x, value) || non_integer(y, value)
            };
            undefined.then(|| span.clone())
        }
        _ => None,
    }
}

/// Finds undefined terms and records where they are.
pub struct Value<'a> {
    /// Evaluates a variable-free term (constants resolved).
    pub eval: &'a mut dyn FnMut(&Term) -> GroundValue,
    /// The undefined operations of the parts removed, for clingo's "operation undefined".
    pub undefined: Vec<Span>,
}

fn undefined(t: &Term, value: &mut Value) -> bool {
    let mut first = None;
    for alt in expand_term(t) {
        match undefined_at(&alt, value.eval) {
            Some(span) => {
                first.get_or_insert(span);
            }
            None => return false,
        }
    }
    value.undefined.extend(first);
    true
}

fn literal_undefined(l: &Literal, value: &mut Value) -> bool {
    match l {
        // [`negated_chain`] has replaced the negated chains with an undefined term
        Literal::Chain { negated: true, .. } | Literal::Bool(..) => false,
        // the first undefined term is the one reported
        _ => l.terms().into_iter().any(|t| undefined(t, value)),
    }
}

/// What gringo's simplification makes of a negated comparison chain (see
/// [`super::unpool`]'s "Comparison chains").
pub enum NegatedChain {
    /// No alternative of its pools has an undefined term: it stays.
    Stays,
    /// An alternative has one, so the chain holds (gringo makes that alternative `0 = 0`, and
    /// the disjunction of the alternatives holds with it). The other alternatives are gone
    /// from the meaning but not from gringo's safety check: these are the variables of
    /// theirs, which must still be bound (`not 1 < (1/0;X) < 3` needs `X` bound).
    ///
    /// gringo rewrites the terms from left to right, and the intervals before the first
    /// undefined term have become range literals by then: the chain holds once per value of
    /// theirs (`not 3..1 = 1/0 = 1` has no instance, `not 1 = 1/0 = 3..1` holds). `intervals`
    /// are those of a chain without pools.
    Holds {
        still_bound: Vec<Term>,
        intervals: Vec<Term>,
    },
    /// A chain with pools each of whose undefined alternatives has an interval that may be
    /// empty before its undefined term: such an alternative holds only for some values,
    /// beside the other alternatives' rules (not reproduced).
    Unsupported,
}

/// Replaces each negated chain of the statement that holds (see [`negated_chain`]) by
/// `#true`, or when the alternatives that do not hold have variables `V1,...,Vn`, by the
/// comparison `(V1,...,Vn) >= (V1,...,Vn)`, which holds and binds none of them; with
/// intervals `lo..hi` before the undefined term, by `(lo..hi,...,V1,...) >= (lo,...,V1,...)`,
/// which holds once per value of the intervals.
/// Returns the span of a chain it cannot settle ([`NegatedChain::Unsupported`]).
pub fn settle_negated_chains(st: &mut Statement, value: &mut Value) -> Option<Span> {
    let mut unsupported = None;
    st.for_each_literal_mut(&mut |l| {
        let Literal::Chain {
            negated: true,
            first,
            rest,
            span,
        } = l
        else {
            return;
        };
        let (mut still_bound, intervals) = match negated_chain(first, rest, value) {
            NegatedChain::Stays => return,
            NegatedChain::Unsupported => {
                unsupported.get_or_insert(span.clone());
                return;
            }
            NegatedChain::Holds {
                still_bound,
                intervals,
            } => (still_bound, intervals),
        };
        let span = span.clone();
        if !intervals.is_empty() {
            // `(I1,...,V1,...) >= (lo1,...,V1,...)`: one instance per value of the intervals
            let lows = intervals.iter().map(|i| match i {
                Term::Interval(lo, _, _) => (**lo).clone(),
                _ => unreachable!("intervals only"),
            });
            let tuple = |firsts: Vec<Term>| Term::Fun {
                name: String::new(),
                args: firsts
                    .into_iter()
                    .chain(still_bound.iter().cloned())
                    .collect(),
                negative: false,
                span: span.clone(),
            };
            *l = Literal::Comparison {
                op: CmpOp::Ge,
                lhs: tuple(intervals.clone()),
                rhs: tuple(lows.collect()),
                span,
            };
            return;
        }
        *l = match still_bound.len() {
            0 => Literal::Bool(true, span),
            1 => {
                let v = still_bound.pop().expect("one variable");
                Literal::Comparison {
                    op: CmpOp::Ge,
                    lhs: v.clone(),
                    rhs: v,
                    span,
                }
            }
            _ => {
                let tuple = Term::Fun {
                    name: String::new(),
                    args: still_bound,
                    negative: false,
                    span: span.clone(),
                };
                Literal::Comparison {
                    op: CmpOp::Ge,
                    lhs: tuple.clone(),
                    rhs: tuple,
                    span,
                }
            }
        };
    });
    unsupported
}

/// Decides a negated chain `not t0 op1 t1 ...` per alternative of the pools of its terms
/// (expanded once for the whole chain); records the undefined operations clingo reports.
pub fn negated_chain(first: &Term, rest: &[(CmpOp, Term)], value: &mut Value) -> NegatedChain {
    let terms: Vec<&Term> = std::iter::once(first)
        .chain(rest.iter().map(|(_, t)| t))
        .collect();
    let (mut undefined, mut still_bound, mut intervals) = (Vec::new(), Vec::new(), Vec::new());
    let alternatives = super::unpool::product(&terms, |t| expand_term(t));
    let pooled = alternatives.len() > 1;
    let mut unconditional = false;
    for alternative in &alternatives {
        let first_undefined = alternative
            .iter()
            .enumerate()
            .find_map(|(k, t)| undefined_at(t, value.eval).map(|span| (k, span)));
        match first_undefined {
            Some((k, span)) => {
                undefined.push(span);
                let mut before = Vec::new();
                alternative[..k]
                    .iter()
                    .for_each(|t| collect_intervals(t, &mut before));
                // (an interval of constants that is not empty holds for some value)
                before.retain(|i| !nonempty_constant(i, value.eval));
                unconditional |= before.is_empty();
                intervals.extend(before);
            }
            None => alternative
                .iter()
                .for_each(|t| variables(t, &mut still_bound)),
        }
    }
    if undefined.is_empty() {
        return NegatedChain::Stays;
    }
    if unconditional {
        // that alternative's rule holds whenever the others' do
        intervals.clear();
    } else if pooled {
        return NegatedChain::Unsupported;
    }
    value.undefined.extend(undefined);
    NegatedChain::Holds {
        still_bound,
        intervals,
    }
}

/// Whether `interval` has constant bounds, the lower no greater than the upper.
fn nonempty_constant(interval: &Term, value: &mut dyn FnMut(&Term) -> GroundValue) -> bool {
    let Term::Interval(lo, hi, _) = interval else {
        return false;
    };
    let constant = |t: &Term| is_ground(t) && !t.has_pool_or_interval();
    if !constant(lo) || !constant(hi) {
        return false;
    }
    matches!((value(lo), value(hi)), (GroundValue::Int(a), GroundValue::Int(b)) if a <= b)
}

/// The intervals of `t`, outermost first.
fn collect_intervals(t: &Term, out: &mut Vec<Term>) {
    match t {
        Term::Interval(..) => out.push(t.clone()),
        Term::Fun { args, .. } | Term::Pool(args, _) => {
            args.iter().for_each(|a| collect_intervals(a, out))
        }
        Term::Unary(_, x, _) => collect_intervals(x, out),
        Term::Binary(_, x, y, _) => {
            collect_intervals(x, out);
            collect_intervals(y, out);
        }
        _ => {}
    }
}

/// The variables of `t` not in `out` yet, as terms (with the span of their first occurrence).
fn variables(t: &Term, out: &mut Vec<Term>) {
    match t {
        Term::Var(name, _)
            if !out
                .iter()
                .any(|v| matches!(v, Term::Var(n, _) if n == name)) =>
        {
            out.push(t.clone())
        }
        // each `_` is a variable of its own (unsafe in a comparison, as in clingo)
        Term::Anonymous(_) => out.push(t.clone()),
        Term::Fun { args, .. } | Term::Pool(args, _) => args.iter().for_each(|a| variables(a, out)),
        Term::Unary(_, x, _) => variables(x, out),
        Term::Binary(_, x, y, _) | Term::Interval(x, y, _) => {
            variables(x, out);
            variables(y, out);
        }
        _ => {}
    }
}

fn any_undefined(lits: &[Literal], value: &mut Value) -> bool {
    lits.iter().any(|l| literal_undefined(l, value))
}

fn guards_undefined(left: &Option<Guard>, right: &Option<Guard>, value: &mut Value) -> bool {
    [left, right]
        .into_iter()
        .flatten()
        .any(|g| undefined(&g.term, value))
}

/// The body without what gringo removes; `None` when the whole rule goes. `from_head`: the
/// positions of the literals that are negated head elements (an undefined one makes the rule
/// never fire, as an undefined disjunction element does, but the rest is checked for safety).
pub fn body(body: &[BodyLit], from_head: &[Span], value: &mut Value) -> Option<Vec<BodyLit>> {
    let mut out = Vec::with_capacity(body.len());
    for b in body {
        match b {
            BodyLit::Lit(l) if from_head.contains(l.span()) && literal_undefined(l, value) => {
                out.push(BodyLit::Lit(Literal::Bool(false, l.span().clone())));
            }
            BodyLit::Lit(l) if literal_undefined(l, value) => return None,
            BodyLit::Conditional { cond, .. } if any_undefined(cond, value) => {}
            BodyLit::Conditional {
                lit,
                cond,
                span,
                negated_head,
            } if literal_undefined(lit, value) => {
                out.push(BodyLit::Conditional {
                    lit: Literal::Bool(false, lit.span().clone()),
                    cond: cond.clone(),
                    span: span.clone(),
                    negated_head: *negated_head,
                });
            }
            BodyLit::Aggregate { sign, agg } => {
                if guards_undefined(&agg.left, &agg.right, value) {
                    return None;
                }
                if agg.left.is_none() && agg.right.is_none() {
                    // Without guards it always holds: gringo's rewriteAggregates drops it, and
                    // a negated one becomes a false literal (`0 != 0`), before the safety
                    // check (`a :- #count { X : not p(X) }.` is safe).
                    if *sign == Sign::Not {
                        out.push(BodyLit::Lit(Literal::Bool(false, agg.span.clone())));
                    }
                    continue;
                }
                let mut agg = agg.clone();
                agg.elems.retain(|e| {
                    !e.terms.iter().any(|t| undefined(t, value)) && !any_undefined(&e.cond, value)
                });
                out.push(BodyLit::Aggregate { sign: *sign, agg });
            }
            _ => out.push(b.clone()),
        }
    }
    Some(out)
}

/// The head without what gringo removes, and the body literals that take the place of removed
/// parts; `None` when the whole rule goes. `disjunctive`: the rule's head also had negated
/// elements (moved to the body), so a lone atom left is a disjunction element to gringo: an
/// undefined one makes the rule never fire but leaves its safety checked
/// (`not p : q(Z) ; s(1+b) :- X < 1.` is unsafe).
pub fn head(head: &Head, disjunctive: bool, value: &mut Value) -> Option<(Head, Vec<BodyLit>)> {
    let mut extra_body = Vec::new();
    let head = match head {
        Head::None => Head::None,
        Head::Atom(a) if undefined(&a.term, value) && disjunctive => {
            extra_body.push(BodyLit::Lit(Literal::Bool(false, a.span.clone())));
            Head::None
        }
        Head::Atom(a) if undefined(&a.term, value) => return None,
        Head::Atom(_) => head.clone(),
        Head::Disjunction(elems) => {
            let mut kept = Vec::with_capacity(elems.len());
            for e in elems {
                // One element per alternative of the condition's pools.
                let conds = expand_conjunction(&e.cond);
                let atom_undefined = undefined(&e.atom.term, value);
                if !atom_undefined && !conds.iter().any(|c| any_undefined(c, value)) {
                    kept.push(e.clone());
                    continue;
                }
                // An element of one atom without a condition takes the whole rule with it; one
                // with a condition, or whose atom has a pool (a conjunction of heads), stays
                // as `#true : cond`, an element without heads: its instances that hold satisfy
                // the rule, which may still add its other heads to the domain (`q(1) |
                // s(1/0) : d(1) :- y : q(1).` has q(1) in clingo's domain, `q(1) | s(1/0) :-
                // y : q(1).` not; see `satisfied_heads`).
                let simple = e.cond.is_empty() && !has_pool(&e.atom.term);
                for cond in conds {
                    if any_undefined(&cond, value) {
                        continue;
                    }
                    if atom_undefined && simple {
                        // The rule holds (the rest of it is still checked for safety).
                        extra_body.push(BodyLit::Lit(Literal::Bool(false, e.span.clone())));
                    } else if atom_undefined {
                        kept.push(DisjElem {
                            atom: Atom::true_element(&e.span),
                            cond,
                            span: e.span.clone(),
                        });
                    } else {
                        kept.push(DisjElem { cond, ..e.clone() });
                    }
                }
            }
            match &kept[..] {
                [] => Head::None,
                // What is left of a disjunction is one plain atom, and no element moved into
                // the body: gringo's rule is then a normal one (`r ; p(1) : s(1/0).` is the
                // fact `r.`, grounded in order, so `:~ s : r.` after it has a false body and no
                // priority level; `r ; #false : d(1) ; p(1) : s(1/0).` stays a disjunction)
                [e] if !disjunctive
                    && kept.len() < elems.len()
                    && e.cond.is_empty()
                    && !has_pool(&e.atom.term)
                    && !e.atom.is_true_element() =>
                {
                    Head::Atom(e.atom.clone())
                }
                _ => Head::Disjunction(kept),
            }
        }
        Head::Choice {
            elems,
            left,
            right,
            span,
        } => {
            if guards_undefined(left, right, value) {
                return None;
            }
            Head::Choice {
                elems: elems
                    .iter()
                    .filter(|e| !undefined(&e.atom.term, value) && !any_undefined(&e.cond, value))
                    .cloned()
                    .collect(),
                left: left.clone(),
                right: right.clone(),
                span: span.clone(),
            }
        }
        Head::Aggregate {
            func,
            elems,
            left,
            right,
            span,
        } => {
            if guards_undefined(left, right, value) {
                return None;
            }
            Head::Aggregate {
                func: *func,
                elems: elems
                    .iter()
                    .filter(|e| {
                        !undefined(&e.atom.term, value)
                            && !e.terms.iter().any(|t| undefined(t, value))
                            && !any_undefined(&e.cond, value)
                    })
                    .cloned()
                    .collect(),
                left: left.clone(),
                right: right.clone(),
                span: span.clone(),
            }
        }
    };
    Some((head, extra_body))
}

/// Whether any of the terms is undefined (a `#show` term, an optimization weight, priority or
/// tuple term: the statement goes).
pub fn any_term_undefined<'t>(
    terms: impl IntoIterator<Item = &'t Term>,
    value: &mut Value,
) -> bool {
    terms.into_iter().any(|t| undefined(t, value))
}

/// The compiler applies the simplification to each rule it compiles (the head first, as
/// gringo: its undefined operation is the one reported).
impl Compiler<'_> {
    /// The rule without what gringo's simplification removes before grounding (see
    /// this module); `None` when the whole rule goes. `from_head`: the body literals that are
    /// negated head elements.
    pub(super) fn without_undefined(
        &mut self,
        head: &RuleHead,
        body: &[BodyLit],
        (span, from_head): (&Span, &[Span]),
    ) -> Result<Option<(RuleHead, Vec<BodyLit>)>, Diagnostic> {
        let mut error = None;
        let disjunctive = !from_head.is_empty() || body.iter().any(BodyLit::is_moved_head_element);
        let mut eval = |t: &Term| self.ground_value(t, &mut error);
        let mut value = Value {
            eval: &mut eval,
            undefined: Vec::new(),
        };
        // The head first, as gringo: its undefined operation is the one reported.
        let mut simplify = || {
            let head = match head {
                RuleHead::Ast(h) => {
                    let (h, extra_body) = self::head(h, disjunctive, &mut value)?;
                    let mut body = self::body(body, from_head, &mut value)?;
                    body.extend(extra_body);
                    return Some((RuleHead::Ast(h), body));
                }
                // (gringo drops these statements before it checks safety: `#edge (X/0,1).`
                // and `#external p(X/0).` are no errors)
                RuleHead::Show(t) if any_term_undefined([t], &mut value) => {
                    return None;
                }
                RuleHead::Edge(u, v) if any_term_undefined([u, v], &mut value) => {
                    return None;
                }
                RuleHead::External { atom, .. } if undefined(&atom.term, &mut value) => {
                    return None;
                }
                RuleHead::Cost {
                    weight,
                    priority,
                    terms,
                } => {
                    let all = std::iter::once(weight).chain(priority).chain(terms);
                    if any_term_undefined(all, &mut value) {
                        return None;
                    }
                    head.clone()
                }
                _ => head.clone(),
            };
            Some((head, self::body(body, &[], &mut value)?))
        };
        let kept = simplify();
        let undefined = value.undefined;
        if !undefined.is_empty() {
            let written_head = match head {
                RuleHead::Ast(h) => h.clone(),
                _ => Head::None,
            };
            self.projection_removed |= mentions_anonymous(written_head, body, span);
        }
        self.record_undefined(undefined);
        match error {
            Some(d) => Err(d),
            None => Ok(kept),
        }
    }

    /// gringo's simplification of the statement's negated comparison chains, before their
    /// pools are expanded with the rest of the statement (see [`negated_chain`]).
    pub fn settle_negated_chains(&mut self, st: &mut Statement) -> Result<(), Diagnostic> {
        let mut error = None;
        let mut eval = |t: &Term| self.ground_value(t, &mut error);
        let mut value = Value {
            eval: &mut eval,
            undefined: Vec::new(),
        };
        // A chain moved from a conditional head (`a ; 1 < X+b < 3 : p(X).`) with a term
        // gringo finds undefined: gringo's element is then `#true : p(X)`, which the negated
        // chain in the body, holding instead, does not say.
        if let Statement::Rule(rule) = &*st {
            for b in &rule.body {
                if let BodyLit::Conditional {
                    lit:
                        Literal::Chain {
                            negated: true,
                            first,
                            rest,
                            span,
                        },
                    negated_head: true,
                    ..
                } = b
                    && !matches!(negated_chain(first, rest, &mut value), NegatedChain::Stays)
                {
                    return Err(Diagnostic::error(
                        span,
                        "a comparison chain with a condition in a rule head, with a term that \
                         is undefined whatever its variables' values, is not supported",
                    ));
                }
            }
        }
        if let Some(span) = settle_negated_chains(st, &mut value) {
            return Err(Diagnostic::error(
                &span,
                "a negated comparison chain with pools, one alternative of which has an \
                 undefined term after an interval, is not supported (gringo keeps that \
                 alternative for each value of the interval, beside the others)",
            ));
        }
        let undefined = value.undefined;
        self.record_undefined(undefined);
        error.map_or(Ok(()), Err)
    }

    /// clingo's "operation undefined" for the parts removed before grounding (once each).
    fn record_undefined(&mut self, spans: Vec<Span>) {
        for span in spans {
            let info = Diagnostic::info(&span, OPERATION_UNDEFINED);
            if !self.infos.contains(&info) {
                self.infos.push(info);
            }
        }
    }

    /// Whether gringo's simplification drops a directive for one of its `terms` (`#show 1+b :
    /// r, #count{..} > 0.`), recording the undefined operation clingo reports: it does so
    /// before checking safety, and before aspsat would move the body into an auxiliary rule.
    pub(super) fn drops_directive(&mut self, terms: &[&Term]) -> Result<bool, Diagnostic> {
        self.undefined_terms(terms, true)
    }

    /// Whether gringo's simplification finds `t` undefined before grounding.
    pub(super) fn statically_undefined(&mut self, t: &Term) -> Result<bool, Diagnostic> {
        self.undefined_terms(&[t], false)
    }

    /// Whether one of `terms` is undefined for gringo's simplification, with its undefined
    /// operations recorded for clingo's infos where `record`.
    fn undefined_terms(&mut self, terms: &[&Term], record: bool) -> Result<bool, Diagnostic> {
        let mut error = None;
        let mut eval = |t: &Term| self.ground_value(t, &mut error);
        let mut value = Value {
            eval: &mut eval,
            undefined: Vec::new(),
        };
        let undefined = any_term_undefined(terms.iter().copied(), &mut value);
        let spans = value.undefined;
        if record {
            self.record_undefined(spans);
        }
        error.map_or(Ok(undefined), Err)
    }

    /// The value of a variable-free term for this module (the first error in `error`).
    fn ground_value(&mut self, t: &Term, error: &mut Option<Diagnostic>) -> GroundValue {
        if self.unknown.is_some() && self.mentions_unknown(t) {
            return GroundValue::Unknown;
        }
        match self.ground_term(t) {
            Ok(Some(s)) => match self.syms.as_int(s) {
                Some(i) => GroundValue::Int(i),
                None => GroundValue::Other,
            },
            Ok(None) => GroundValue::Undefined,
            Err(d) => {
                error.get_or_insert(d);
                GroundValue::Other
            }
        }
    }

    /// Whether `t` names a constant whose value is [`Compiler::unknown`].
    fn mentions_unknown(&self, t: &Term) -> bool {
        match t {
            Term::Fun { name, args, .. } if args.is_empty() => self
                .consts
                .get(name)
                .is_some_and(|&v| Some(v) == self.unknown),
            Term::Fun { args, .. } | Term::Pool(args, _) => {
                args.iter().any(|a| self.mentions_unknown(a))
            }
            Term::Unary(_, x, _) => self.mentions_unknown(x),
            Term::Binary(_, x, y, _) | Term::Interval(x, y, _) => {
                self.mentions_unknown(x) || self.mentions_unknown(y)
            }
            _ => false,
        }
    }
}

/// Whether a literal of the rule has an anonymous variable: gringo may have made the
/// statement of its projection before it found the undefined term that removed the literal
/// (`{ r : q(_), s("s"*1) }.` keeps `#p_q(#p) :- q(0).`, `s("s"*1), q(_)` in its place does not).
fn mentions_anonymous(head: Head, body: &[BodyLit], span: &Span) -> bool {
    fn anonymous(t: &Term) -> bool {
        match t {
            Term::Anonymous(_) => true,
            Term::Fun { args, .. } | Term::Pool(args, _) => args.iter().any(anonymous),
            Term::Unary(_, x, _) => anonymous(x),
            Term::Binary(_, x, y, _) | Term::Interval(x, y, _) => anonymous(x) || anonymous(y),
            _ => false,
        }
    }
    let mut rule = Statement::Rule(Rule {
        head,
        body: body.to_vec(),
        span: span.clone(),
        from_head: Vec::new(),
    });
    let mut found = false;
    rule.for_each_literal_mut(&mut |l| found |= l.terms().into_iter().any(anonymous));
    found
}
