//! Safety and evaluation order. A body is evaluated step by step (see [`Step`]); the planner
//! orders the steps greedily, always taking the cheapest literal that can run with the variables
//! bound so far. The same scheduling is the safety check: a rule is safe when every literal can
//! be scheduled and the head's variables end up bound.
//!
//! Greedy scores, best first: tests of fully bound literals (1000), matches of atoms whose
//! arguments are all bound (900), assignments `X = t` (500), matches of partially bound atoms
//! (100 plus the number of bound arguments, so more selective matches go first), ranges (50),
//! aggregate assignments (40), ranges that comparisons imply (30, see `linear_bounds`). Ties
//! keep the written order.

use super::ir::{Body, CondId, Condition, Head, Lit, Rule, Step};
use super::term::{CTerm, VarId};
use crate::symbol::SymbolTable;
use crate::syntax::Diagnostic;
use crate::syntax::ast::{CmpOp, Sign, Span};

/// The plans of one rule: its body and every condition in it.
#[derive(Clone, Debug)]
pub struct RulePlan {
    /// Evaluation order of the body (without semi-naive restriction).
    pub body: Vec<Step>,
    /// Indexed by [`CondId`]: each condition's order, evaluated with the body's variables bound
    /// (an aggregate element's with the aggregate's global variables bound).
    conditions: Vec<Vec<Step>>,
}

impl RulePlan {
    pub fn condition(&self, cond: &Condition) -> &[Step] {
        &self.conditions[cond.id]
    }
}

/// What the planner orders: literals, and aggregates that can assign a variable.
#[derive(Clone, Copy)]
pub enum Item<'a> {
    Lit(&'a Lit),
    /// An aggregate with an `X = #agg{...}` guard: it binds `var` once `needs` are bound.
    Aggregate {
        needs: &'a [VarId],
        var: VarId,
        guard: usize,
    },
}

impl Item<'_> {
    fn vars(&self) -> Vec<VarId> {
        match self {
            Item::Lit(l) => l.vars(),
            Item::Aggregate { needs, var, .. } => {
                let mut v = needs.to_vec();
                v.push(*var);
                v
            }
        }
    }
}

fn bindable(t: &CTerm, syms: &SymbolTable) -> Vec<VarId> {
    let mut v = Vec::new();
    t.collect_bindable(syms, &mut v);
    v
}

fn all_in(vars: &[VarId], bound: &[bool]) -> bool {
    vars.iter().all(|v| bound[*v])
}

/// Whether `terms` (one pattern, or the arguments of one atom) can be matched together: every
/// variable under arithmetic that matching cannot invert is bound, before or by the match itself
/// (`f(R/2, R)`, `x(R, 3-R)`, as gringo matches them).
fn matchable(terms: &[CTerm], bound: &[bool], syms: &SymbolTable) -> bool {
    let b: Vec<VarId> = terms.iter().flat_map(|t| bindable(t, syms)).collect();
    terms
        .iter()
        .flat_map(|t| t.vars())
        .all(|v| bound[v] || b.contains(&v))
}

/// Orders `lits` (pairs of an index and a literal) given the variables already `bound`; on
/// success `bound` holds every variable bound afterwards. Fails with the unbound variables.
pub fn plan_lits(
    lits: &[(usize, &Lit)],
    bound: &mut [bool],
    delta: Option<usize>,
    syms: &SymbolTable,
) -> Result<Vec<Step>, Vec<VarId>> {
    let items: Vec<(usize, Item)> = lits.iter().map(|(i, l)| (*i, Item::Lit(l))).collect();
    plan_items(&items, bound, delta, syms)
}

/// [`plan_lits`] over literals and assigning aggregates. With `delta`, that literal (a positive
/// atom) is matched first, against the newest atoms only, when its arguments allow it.
pub fn plan_items(
    items: &[(usize, Item)],
    bound: &mut [bool],
    delta: Option<usize>,
    syms: &SymbolTable,
) -> Result<Vec<Step>, Vec<VarId>> {
    let mut remaining: Vec<(usize, Item)> = items.to_vec();
    let mut steps = Vec::new();
    if let Some(d) = delta
        && let Some(pos) = remaining.iter().position(|(i, _)| *i == d)
        && let Item::Lit(Lit::Atom { atom, .. }) = remaining[pos].1
        && matchable(&atom.args, bound, syms)
    {
        for a in &atom.args {
            for v in bindable(a, syms) {
                bound[v] = true;
            }
        }
        steps.push(Step::Match {
            lit: d,
            delta: true,
        });
        remaining.remove(pos);
    }
    while !remaining.is_empty() {
        let mut best: Option<(i64, usize, Option<Step>)> = None;
        for (pos, (i, item)) in remaining.iter().enumerate() {
            if let Some((score, step)) = candidate(*i, item, bound, delta, syms)
                && best.as_ref().is_none_or(|(s, _, _)| score > *s)
            {
                best = Some((score, pos, step));
            }
        }
        let Some((_, pos, step)) = best else {
            let mut unbound: Vec<VarId> = remaining
                .iter()
                .flat_map(|(_, item)| item.vars())
                .filter(|v| !bound[*v])
                .collect();
            unbound.sort();
            unbound.dedup();
            return Err(unbound);
        };
        let (_, item) = remaining.remove(pos);
        // An aggregate whose variable is already bound is no step: it is a test evaluated with
        // the rule instance.
        if let Some(step) = step {
            bind(&step, item, bound, syms);
            steps.push(step);
        }
    }
    Ok(steps)
}

/// The score and step of scheduling `item` (number `i`) next, if its variables allow it now.
/// An aggregate scores without a step when its variable is already bound.
fn candidate(
    i: usize,
    item: &Item,
    bound: &[bool],
    delta: Option<usize>,
    syms: &SymbolTable,
) -> Option<(i64, Option<Step>)> {
    let lit = match item {
        Item::Lit(l) => *l,
        Item::Aggregate { needs, var, guard } => {
            // Only an aggregate whose variable nothing else binds assigns it.
            return if bound[*var] {
                Some((2000, None))
            } else if all_in(needs, bound) {
                Some((
                    40,
                    Some(Step::AggAssign {
                        item: i,
                        guard: *guard,
                    }),
                ))
            } else {
                None
            };
        }
    };
    let (score, step) = match lit {
        Lit::Bool(_) => (1000, Step::Test(i)),
        Lit::Atom {
            sign: Sign::Pos,
            atom,
            ..
        } => {
            if !matchable(&atom.args, bound, syms) {
                return None;
            }
            let ground_args = atom
                .args
                .iter()
                .filter(|a| all_in(&a.vars(), bound))
                .count();
            let score = if ground_args == atom.args.len() {
                900
            } else {
                100 + ground_args as i64
            };
            let delta = Some(i) == delta;
            (score, Step::Match { lit: i, delta })
        }
        Lit::Atom { .. } if all_in(&lit.vars(), bound) => (1000, Step::Test(i)),
        Lit::Atom { .. } => return None,
        Lit::Cmp { op, lhs, rhs } => {
            let (lv, rv) = (lhs.vars(), rhs.vars());
            if all_in(&lv, bound) && all_in(&rv, bound) {
                (1000, Step::Test(i))
            } else if *op == CmpOp::Eq
                && all_in(&rv, bound)
                && matchable(std::slice::from_ref(lhs), bound, syms)
            {
                let pattern_is_lhs = true;
                (
                    500,
                    Step::Assign {
                        lit: i,
                        pattern_is_lhs,
                    },
                )
            } else if *op == CmpOp::Eq
                && all_in(&lv, bound)
                && matchable(std::slice::from_ref(rhs), bound, syms)
            {
                let pattern_is_lhs = false;
                (
                    500,
                    Step::Assign {
                        lit: i,
                        pattern_is_lhs,
                    },
                )
            } else {
                return None;
            }
        }
        Lit::Range {
            var,
            lo,
            hi,
            implied,
            ..
        } => {
            if !(all_in(&lo.vars(), bound) && all_in(&hi.vars(), bound)) {
                return None;
            }
            if bound[*var] {
                (1000, Step::Test(i))
            } else if *implied {
                // the bounds comparisons give a variable: enumerated only when nothing else
                // binds it (an aggregate assignment included)
                (30, Step::Range(i))
            } else {
                (50, Step::Range(i))
            }
        }
    };
    Some((score, Some(step)))
}

/// Marks the variables `step` binds.
fn bind(step: &Step, item: Item, bound: &mut [bool], syms: &SymbolTable) {
    let lit = match item {
        Item::Lit(l) => l,
        Item::Aggregate { var, .. } => {
            bound[var] = true;
            return;
        }
    };
    match (step, lit) {
        (Step::Match { .. }, Lit::Atom { atom, .. }) => {
            for a in &atom.args {
                for v in bindable(a, syms) {
                    bound[v] = true;
                }
            }
        }
        (Step::Assign { pattern_is_lhs, .. }, Lit::Cmp { lhs, rhs, .. }) => {
            let pattern = if *pattern_is_lhs { lhs } else { rhs };
            for v in bindable(pattern, syms) {
                bound[v] = true;
            }
        }
        (Step::Range(_), Lit::Range { var, .. }) => bound[*var] = true,
        _ => {}
    }
}

/// The body's plain literals and assigning aggregates with their indices in `rule.body`.
pub fn body_items(rule: &Rule) -> Vec<(usize, Item<'_>)> {
    rule.body
        .iter()
        .enumerate()
        .filter_map(|(i, b)| match b {
            Body::Lit(l) => Some((i, Item::Lit(l))),
            Body::Conditional { .. } => None,
            Body::Aggregate(a) => a.assignable_var().map(|(guard, var)| {
                (
                    i,
                    Item::Aggregate {
                        needs: &a.globals,
                        var,
                        guard,
                    },
                )
            }),
        })
        .collect()
}

/// Plans the body with `delta` (an index into `rule.body`) matched against new atoms only.
/// Only called for rules that passed [`plan_rule`], so scheduling cannot fail.
pub fn plan_delta(rule: &Rule, delta: usize, syms: &SymbolTable) -> Vec<Step> {
    let mut bound = vec![false; rule.num_vars()];
    plan_items(&body_items(rule), &mut bound, Some(delta), syms).expect("rule was checked safe")
}

/// The error for `vars`, unbound in `rule`, reported at `span`: the rule, or the body
/// aggregate or conditional literal they are local to (as clingo does).
fn unsafe_error(rule: &Rule, span: &Span, vars: &[VarId]) -> Diagnostic {
    let mut d = Diagnostic::error(span, "unsafe variables in rule");
    let mut seen = Vec::new();
    for &v in vars {
        let var = &rule.vars[v];
        if var.name.starts_with('#') || seen.contains(&var.name) {
            continue;
        }
        seen.push(var.name.clone());
        d = d.with_note(&var.span, format!("'{}' is unsafe", var.name));
    }
    if seen.is_empty() {
        // Only interval variables are unbound: report the interval itself.
        d = d.with_note(&rule.vars[vars[0]].span, "interval bounds are unsafe");
    }
    d
}

/// A choice or head aggregate with one element and no bounds is moved into the body by
/// clingo's grounder (`{a : c} :- B.` becomes `{a} :- B, c.`), which makes the element's
/// variables global. Where that changes the answer aspsat refuses the rule:
///
/// - a body aggregate whose elements use a variable of the element that no plain body literal
///   binds: clingo then joins the aggregate's elements with the moved condition's atoms and
///   evaluates it once for the rule (`p(1;2). q(1..3). { r : p(W) } :- #count { W : q(W) } = 2.`
///   chooses `r`: two `W` in both `p` and `q`, where the aggregate alone counts three). That is
///   aspsat's reading too when every such element has those atoms in its condition, written
///   (`{ q(W) : d(W) } :- #count { W : d(W) } <= 4.`) or joined by [`join_moved_element`],
///   and then the rule is accepted;
/// - such a variable mentioned by a comparison, in the element or in a body conditional
///   literal or aggregate: the bounds the comparisons give it cross over
///   (`{ r : Z >= 2, Z <= 4 } :- #count { Z : 0 <= Z, Z < 3 } > 0.` is unsafe in clingo).
///
/// A body conditional literal without comparisons keeps its own variable, as in aspsat.
fn single_choice_element_scope(rule: &Rule) -> Result<(), Diagnostic> {
    let Some((elem, in_elem)) = moved_element_vars(rule) else {
        return Ok(());
    };
    let shares = |vars: Vec<VarId>| vars.into_iter().find(|v| in_elem.contains(v));
    let compared = |lits: &[Lit]| {
        lits.iter()
            .filter(|l| matches!(l, Lit::Cmp { .. } | Lit::Range { .. }))
            .find_map(|l| shares(l.vars()))
    };
    let refuse = |v: VarId, why: &str| {
        Err(Diagnostic::error(
            &rule.span,
            format!(
                "variable '{}' of the only element of a choice or head aggregate without bounds \
                 is also used in {why}: clingo moves the element into the body, which makes \
                 them one variable (not supported)",
                rule.vars[v].name
            ),
        ))
    };
    let moved_atoms: Vec<&Lit> = elem
        .cond
        .lits
        .iter()
        .filter(|l| {
            matches!(
                l,
                Lit::Atom {
                    sign: Sign::Pos,
                    ..
                }
            ) && shares(l.vars()).is_some()
        })
        .collect();
    let elem_compared = compared(&elem.cond.lits);
    for b in &rule.body {
        match b {
            Body::Lit(_) => {}
            Body::Conditional { alts, cond, .. } => {
                let mut vars: Vec<VarId> = alts.iter().flat_map(|a| a.item.vars()).collect();
                cond.lits.iter().for_each(|l| vars.extend(l.vars()));
                let compared_here = elem_compared.or(compared(&cond.lits));
                if let (Some(_), Some(c)) = (shares(vars), compared_here) {
                    return refuse(c, "a body conditional literal and compared");
                }
            }
            Body::Aggregate(a) => {
                for e in &a.elems {
                    let mut vars = Vec::new();
                    e.terms.iter().for_each(|t| t.collect_vars(&mut vars));
                    e.cond.lits.iter().for_each(|l| vars.extend(l.vars()));
                    let Some(v) = shares(vars) else { continue };
                    if let Some(c) = elem_compared.or(compared(&e.cond.lits)) {
                        return refuse(c, "a body aggregate and compared");
                    }
                    let joined_already = moved_atoms
                        .iter()
                        .all(|m| e.cond.lits.iter().any(|l| m.same_atom_literal(l)));
                    if !joined_already {
                        return refuse(v, "a body aggregate");
                    }
                }
            }
        }
    }
    Ok(())
}

/// The variables of the only element of a choice or head aggregate without bounds that no
/// plain body literal binds (nor the compiler made): gringo moves the element into the body,
/// which makes them global, where aspsat keeps them local to the element. None for other
/// heads.
fn moved_element_vars(rule: &Rule) -> Option<(&super::ir::ChoiceElem, Vec<VarId>)> {
    let Head::Choice { elems, guards, .. } = &rule.head else {
        return None;
    };
    let ([elem], true) = (&elems[..], guards.is_empty()) else {
        return None;
    };
    let mut in_elem: Vec<VarId> = elem.atom.args.iter().flat_map(|t| t.vars()).collect();
    elem.terms
        .iter()
        .flatten()
        .for_each(|t| t.collect_vars(&mut in_elem));
    elem.cond.lits.iter().for_each(|l| in_elem.extend(l.vars()));
    let plain: Vec<VarId> = rule
        .body
        .iter()
        .flat_map(|b| match b {
            Body::Lit(l) => l.vars(),
            _ => Vec::new(),
        })
        .collect();
    in_elem.retain(|v| !rule.vars[*v].name.starts_with('#') && !plain.contains(v));
    Some((elem, in_elem))
}

/// The join gringo makes between the only element of a choice or head aggregate without
/// bounds, which it moves into the body, and a body aggregate: an aggregate's accumulation
/// grounds its elements under the body literals gringo sorts before it (see
/// [`super::gringo_rounds::shifted_before`]), so with the element's `p(W)` there, its
/// elements range over the atoms of `p`'s domain, whether or not they hold (clingo 5.8.3:
/// `{p(1..2)}. q(1..3). { r : p(W) } :- #count { W : q(W) } = 2.` chooses r with p(1)
/// alone; the aggregate is evaluated once for the rule). Where an aggregate shares such a
/// variable, the positive atoms of the element's condition that come before it join each of
/// its elements as domain-only literals ([`super::ir::Condition::domain_only`]). Left for
/// [`single_choice_element_scope`] to refuse: comparisons over the shared variables, a
/// negated literal of the element sorted before the aggregate (gringo then drops the
/// instances where its atom is a fact), an order of the body this model cannot tell.
/// The rule with these joins, None where it has none.
pub fn join_moved_element(rule: &Rule) -> Option<Rule> {
    let (elem, in_elem) = moved_element_vars(rule)?;
    let shares = |vars: Vec<VarId>| vars.iter().any(|v| in_elem.contains(v));
    let compared = |lits: &[Lit]| {
        lits.iter()
            .any(|l| matches!(l, Lit::Cmp { .. } | Lit::Range { .. }) && shares(l.vars()))
    };
    if compared(&elem.cond.lits) {
        return None;
    }
    let mut joins: Vec<(usize, Vec<Lit>)> = Vec::new();
    for (k, b) in rule.body.iter().enumerate() {
        let Body::Aggregate(a) = b else { continue };
        let sharing = a.elems.iter().any(|e| {
            let mut vars = Vec::new();
            e.terms.iter().for_each(|t| t.collect_vars(&mut vars));
            e.cond.lits.iter().for_each(|l| vars.extend(l.vars()));
            shares(vars)
        });
        if !sharing || a.elems.iter().any(|e| compared(&e.cond.lits)) {
            continue;
        }
        let Some(before) = super::gringo_rounds::shifted_before(rule, k) else {
            continue;
        };
        let negated_before = elem.cond.lits.iter().zip(&before).any(|(l, &b)| {
            b && matches!(l, Lit::Atom { sign, .. } if sign != &Sign::Pos) && shares(l.vars())
        });
        if negated_before {
            continue;
        }
        let atoms: Vec<Lit> = elem
            .cond
            .lits
            .iter()
            .zip(&before)
            .filter(|&(l, &b)| {
                b && matches!(
                    l,
                    Lit::Atom {
                        sign: Sign::Pos,
                        ..
                    }
                )
            })
            .map(|(l, _)| l.clone())
            .collect();
        joins.push((k, atoms));
    }
    if joins.is_empty() {
        return None;
    }
    let mut joined = rule.clone();
    for (k, atoms) in joins {
        let Body::Aggregate(a) = &mut joined.body[k] else {
            unreachable!("an aggregate")
        };
        for e in &mut a.elems {
            for l in &atoms {
                e.cond.domain_only.push(e.cond.lits.len());
                e.cond.lits.push(l.clone());
            }
        }
    }
    Some(joined)
}

/// Checks safety and computes the plan of the body and of every condition.
pub fn plan_rule(rule: &Rule, syms: &SymbolTable) -> Result<RulePlan, Diagnostic> {
    single_choice_element_scope(rule)?;
    plan_safe(rule, syms)
}

/// Checks safety and computes the plan of the body and of every condition, whatever the
/// scope of a lone choice element (see [`single_choice_element_scope`]).
pub fn plan_safe(rule: &Rule, syms: &SymbolTable) -> Result<RulePlan, Diagnostic> {
    let mut planner = Planner {
        rule,
        syms,
        conditions: vec![Vec::new(); rule.num_conditions],
        span: rule.span.clone(),
    };
    let mut bound = vec![false; rule.num_vars()];
    let body = plan_items(&body_items(rule), &mut bound, None, syms)
        .map_err(|vars| unsafe_error(rule, &rule.span, &vars))?;
    for b in &rule.body {
        if let Body::Conditional {
            alts, cond, span, ..
        } = b
        {
            planner.span = span.clone();
            let local = planner.condition(cond, bound.clone())?;
            for alt in alts {
                let inner = planner.condition(&alt.cond, local.clone())?;
                planner.check(alt.item.vars(), &inner)?;
            }
        }
    }
    for b in &rule.body {
        if let Body::Aggregate(a) = b {
            planner.span = rule.span.clone();
            planner.check(a.globals.clone(), &bound)?;
            for (_, t) in &a.guards {
                planner.check(t.vars(), &bound)?;
            }
            planner.span = a.span.clone();
            for e in &a.elems {
                let mut local = vec![false; rule.num_vars()];
                for &v in &a.globals {
                    local[v] = true;
                }
                let local = planner.condition(&e.cond, local)?;
                planner.check(e.terms.iter().flat_map(|t| t.vars()).collect(), &local)?;
            }
        }
    }
    planner.span = rule.span.clone();
    planner.head(&bound)?;
    Ok(RulePlan {
        body,
        conditions: planner.conditions,
    })
}

/// Plans the conditions of one rule and checks the variables around them.
struct Planner<'r> {
    rule: &'r Rule,
    syms: &'r SymbolTable,
    conditions: Vec<Vec<Step>>,
    /// Where unsafe variables are reported: the rule, or the body element being checked.
    span: Span,
}

impl Planner<'_> {
    /// Fails unless every one of `vars` is bound.
    fn check(&self, vars: Vec<VarId>, bound: &[bool]) -> Result<(), Diagnostic> {
        let unbound: Vec<VarId> = vars.into_iter().filter(|v| !bound[*v]).collect();
        if unbound.is_empty() {
            Ok(())
        } else {
            Err(unsafe_error(self.rule, &self.span, &unbound))
        }
    }

    /// Plans `cond` with the variables `bound` and files the plan under its number; returns
    /// the variables bound after it.
    fn condition(
        &mut self,
        cond: &Condition,
        mut bound: Vec<bool>,
    ) -> Result<Vec<bool>, Diagnostic> {
        let lits: Vec<(usize, &Lit)> = cond.lits.iter().enumerate().collect();
        let plan = plan_lits(&lits, &mut bound, None, self.syms)
            .map_err(|v| unsafe_error(self.rule, &self.span, &v))?;
        let id: CondId = cond.id;
        self.conditions[id] = plan;
        Ok(bound)
    }

    /// The head's variables must be bound by the body (and element variables by the body and
    /// the element's condition).
    fn head(&mut self, bound: &[bool]) -> Result<(), Diagnostic> {
        match &self.rule.head {
            Head::None => Ok(()),
            Head::Atom(a) => self.check(a.args.iter().flat_map(|t| t.vars()).collect(), bound),
            Head::ShowTerm(t) => self.check(t.vars(), bound),
            Head::External { atom: a, value } => {
                let mut v: Vec<VarId> = a.args.iter().flat_map(|t| t.vars()).collect();
                value.collect_vars(&mut v);
                self.check(v, bound)
            }
            Head::Project(a) => self.check(a.args.iter().flat_map(|t| t.vars()).collect(), bound),
            Head::Edge(x, y) => {
                let mut v = x.vars();
                v.extend(y.vars());
                self.check(v, bound)
            }
            Head::Ignored(terms) => {
                self.check(terms.iter().flat_map(|t| t.vars()).collect(), bound)
            }
            Head::Cost {
                weight,
                priority,
                terms,
            } => {
                let mut v = weight.vars();
                priority.iter().for_each(|p| p.collect_vars(&mut v));
                terms.iter().for_each(|t| t.collect_vars(&mut v));
                self.check(v, bound)
            }
            Head::Disjunction(elems) => {
                for e in elems {
                    let local = self.condition(&e.cond, bound.to_vec())?;
                    for h in &e.heads {
                        let inner = self.condition(&h.cond, local.clone())?;
                        self.check(h.item.args.iter().flat_map(|t| t.vars()).collect(), &inner)?;
                    }
                }
                Ok(())
            }
            Head::Choice { elems, guards, .. } => {
                for (_, g) in guards {
                    self.check(g.vars(), bound)?;
                }
                for e in elems {
                    let local = self.condition(&e.cond, bound.to_vec())?;
                    self.check(e.atom.args.iter().flat_map(|t| t.vars()).collect(), &local)?;
                    let terms = e.terms.iter().flatten().flat_map(|t| t.vars()).collect();
                    self.check(terms, &local)?;
                }
                Ok(())
            }
        }
    }
}

/// A compiled rule with its plans: what the grounder instantiates.
pub struct Planned {
    pub rule: Rule,
    pub plan: RulePlan,
    /// Per body item, whether clingo's grounder leaves it open even when it holds (set by
    /// `delayed::mark` before grounding).
    pub delayed: Vec<bool>,
    /// Per body item, whether clingo's grounder finds a literal of its conditions recursive
    /// (`ConjunctionAtom::condRecursive`): a delayed item may be delayed only for aspsat,
    /// which grounds some of gringo's positive parts as one stage (set by `delayed::mark`).
    pub condition_recursive: Vec<super::delayed::ConditionRecursion>,
    /// Per body item, whether it is a negated aggregate clingo's grounder leaves open whatever
    /// its value (a loop through its rule's other body literals, set by `delayed::mark`).
    pub undecided: Vec<bool>,
    /// Per body item of an `#external` with a negated literal over its own component, what
    /// grounding it as gringo does needs (set by `external_body::mark`; empty otherwise).
    pub negated: Vec<super::external_body::Negated>,
    /// For a disjunction that is not simple, what gringo adds to its domain from an instance
    /// an element already satisfies (set by `satisfied_heads::mark`).
    pub satisfied_heads: super::satisfied_heads::SatisfiedHeads,
    /// Whether the rule is grounded after the fixpoint of its stage, once what its conditions
    /// and aggregates range over is known (set by `schedule::run`).
    pub late: bool,
    /// For an `#external` statement grounded once (no body literal over its own component),
    /// its place in gringo's order of statements, in which clasp reads the declarations (set
    /// by `schedule::run`).
    pub external_order: Option<ExternalOrder>,
    /// For an `#external` or optimization statement with a literal over atoms clingo's
    /// grounder may make facts (or leave out of its domain) before aspsat does: its ground
    /// bodies are checked once the program is simplified
    /// (`external_body::mark_checked_in_the_end`).
    pub checked_in_the_end: bool,
}

/// An `#external` statement's place in gringo's order of statements, in each of the walks of
/// `schedule::clingo_order` (they differ where aspsat does not know gringo's order).
pub type ExternalOrder = [usize; 3];

#[cfg(test)]
mod tests {
    //! The join order the planner picks for small rules, written as one line per step
    //! (`match p(X,Y)`, `test X<Y`, `assign Y=X+1`, ...) over the rule's literals as written.

    use super::super::ir::{Atom, PredTable};
    use super::*;
    use crate::symbol::SymbolTable;

    /// Renders rule literals and plan steps with the names of the program's tables.
    struct Names<'a> {
        rule: &'a Rule,
        preds: &'a PredTable,
        syms: &'a SymbolTable,
    }

    impl Names<'_> {
        fn term(&self, t: &CTerm) -> String {
            match t {
                CTerm::Sym(s) => self.syms.to_string(*s),
                CTerm::Var(v) => self.rule.vars[*v].name.clone(),
                CTerm::Fun { name, args, .. } => {
                    let args: Vec<String> = args.iter().map(|a| self.term(a)).collect();
                    format!("{}({})", self.syms.name_str(*name), args.join(","))
                }
                CTerm::Unary(op, t, _) => format!("{op:?}({})", self.term(t)),
                CTerm::Binary(op, a, b, _) => {
                    let op = match op {
                        crate::syntax::ast::BinOp::Add => "+".to_string(),
                        crate::syntax::ast::BinOp::Sub => "-".to_string(),
                        other => format!(" {other:?} "),
                    };
                    format!("{}{op}{}", self.term(a), self.term(b))
                }
            }
        }

        fn atom(&self, a: &Atom) -> String {
            let name = self.syms.name_str(self.preds.sigs[a.pred].name);
            if a.args.is_empty() {
                return name.to_string();
            }
            let args: Vec<String> = a.args.iter().map(|t| self.term(t)).collect();
            format!("{name}({})", args.join(","))
        }

        fn lit(&self, l: &Lit) -> String {
            match l {
                Lit::Atom { sign, atom, .. } => match sign {
                    Sign::Pos => self.atom(atom),
                    Sign::Not => format!("not {}", self.atom(atom)),
                    Sign::NotNot => format!("not not {}", self.atom(atom)),
                },
                Lit::Cmp { op, lhs, rhs } => {
                    format!("{}{}{}", self.term(lhs), op.as_str(), self.term(rhs))
                }
                Lit::Range { var, lo, hi, .. } => format!(
                    "{}={}..{}",
                    self.rule.vars[*var].name,
                    self.term(lo),
                    self.term(hi)
                ),
                Lit::Bool(b) => format!("#{b}"),
            }
        }

        fn body_lit(&self, i: usize) -> String {
            match &self.rule.body[i] {
                Body::Lit(l) => self.lit(l),
                other => panic!("step on body element {i} that is not a literal: {other:?}"),
            }
        }

        fn step(&self, s: &Step) -> String {
            match s {
                Step::Match { lit, delta: false } => format!("match {}", self.body_lit(*lit)),
                Step::Match { lit, delta: true } => format!("match new {}", self.body_lit(*lit)),
                Step::Test(i) => format!("test {}", self.body_lit(*i)),
                Step::Assign { lit, .. } => format!("assign {}", self.body_lit(*lit)),
                Step::Range(i) => format!("range {}", self.body_lit(*i)),
                Step::AggAssign { item, guard } => match &self.rule.body[*item] {
                    Body::Aggregate(a) => format!("aggregate {}", self.term(&a.guards[*guard].1)),
                    other => panic!("aggregate step on {other:?}"),
                },
            }
        }
    }

    /// The body plan of the single rule of `source`; with `delta`, the semi-naive plan for the
    /// body literal written at that position.
    fn order(source: &str, delta: Option<usize>) -> Vec<String> {
        let (rules, preds, syms) = super::super::planned_rules(source);
        assert_eq!(rules.len(), 1, "one rule expected in {source}");
        let planned = &rules[0];
        let names = Names {
            rule: &planned.rule,
            preds: &preds,
            syms: &syms,
        };
        let steps = match delta {
            None => planned.plan.body.clone(),
            Some(d) => plan_delta(&planned.rule, d, &syms),
        };
        steps.iter().map(|s| names.step(s)).collect()
    }

    fn body_order(source: &str) -> Vec<String> {
        order(source, None)
    }

    #[test]
    fn the_most_bound_atom_goes_first() {
        // r(1,Y) has a constant argument: it is more selective than p(X,Y) and q(Y); once Y
        // is bound, q(Y) is fully bound and beats p(X,Y).
        assert_eq!(
            body_order("h(X) :- p(X,Y), q(Y), r(1,Y)."),
            ["match r(1,Y)", "match q(Y)", "match p(X,Y)"]
        );
    }

    #[test]
    fn ties_keep_the_written_order() {
        assert_eq!(
            body_order("h(X,Y) :- q(Y), p(X)."),
            ["match q(Y)", "match p(X)"]
        );
        assert_eq!(
            body_order("h(X,Y) :- p(X), q(Y)."),
            ["match p(X)", "match q(Y)"]
        );
    }

    #[test]
    fn comparisons_run_as_soon_as_their_variables_are_bound() {
        assert_eq!(
            body_order("h(X,Y) :- p(X), q(Y), r(Y,Z), X < Y."),
            ["match p(X)", "match q(Y)", "test X<Y", "match r(Y,Z)"]
        );
        // a comparison between constants is tested before anything is matched
        assert_eq!(
            body_order("h(X) :- p(X), 1 < 2."),
            ["test 1<2", "match p(X)"]
        );
    }

    #[test]
    fn negative_literals_wait_for_their_variables() {
        assert_eq!(
            body_order("h(X) :- not s(X,Y), p(X), q(X,Y)."),
            ["match p(X)", "match q(X,Y)", "test not s(X,Y)"]
        );
        // ...and are tested as soon as they are bound, before a less selective match
        assert_eq!(
            body_order("h(X) :- not s(X), p(X), q(X,Y)."),
            ["match p(X)", "test not s(X)", "match q(X,Y)"]
        );
    }

    #[test]
    fn assignments_bind_before_partial_matches() {
        assert_eq!(
            body_order("h(X,Y) :- p(X), q(Y), Y = X+1."),
            ["match p(X)", "assign Y=X+1", "match q(Y)"]
        );
    }

    #[test]
    fn ranges_come_after_matches_that_bind_their_variable() {
        // `X = 1..3` is compiled to `X = #Range` with the range on the new variable `#Range`;
        // the equality bounds X too, so X gets the range gringo's inequality solver gives it
        // (`linear_bounds`), tested once `p(X)` binds X
        assert_eq!(
            body_order("h(X) :- X = 1..3, p(X)."),
            [
                "match p(X)",
                "test X=1..3",
                "assign X=#Range",
                "test #Range=1..3"
            ]
        );
        // a range whose variable nothing else binds is enumerated, after the matches
        assert_eq!(
            body_order("h(X,Y) :- Y = 1..3, p(X)."),
            [
                "match p(X)",
                "range #Range=1..3",
                "assign Y=#Range",
                "test Y=1..3"
            ]
        );
        // a range that comparisons imply comes after an aggregate that binds the variable
        assert_eq!(
            body_order("h(S) :- S = #count { Y : q(Y) }, S > 0, S < 1000000000."),
            [
                "aggregate S",
                "test S>0",
                "test S<1000000000",
                "test S=1..999999999"
            ]
        );
    }

    #[test]
    fn aggregates_assign_once_their_global_variables_are_bound() {
        assert_eq!(
            body_order("h(X,S) :- S = #count { Y : q(X,Y) }, p(X)."),
            ["match p(X)", "aggregate S"]
        );
    }

    #[test]
    fn the_delta_literal_is_matched_first() {
        let rule = "t(X,Z) :- e(X,Y), t(Y,Z).";
        assert_eq!(order(rule, None), ["match e(X,Y)", "match t(Y,Z)"]);
        assert_eq!(order(rule, Some(1)), ["match new t(Y,Z)", "match e(X,Y)"]);
    }

    #[test]
    fn unsafe_rules_are_rejected_with_their_variables() {
        let statements = crate::syntax::parse("h(X) :- not p(X), q(Y).", "t.lp".into())
            .expect("test program parses");
        let err = crate::ground::ground(&statements, &Default::default())
            .err()
            .expect("an unsafe rule is an error");
        let text = err.to_string();
        assert!(text.contains("unsafe variables"), "{text}");
        assert!(text.contains("'X' is unsafe"), "{text}");
        assert!(!text.contains("'Y' is unsafe"), "{text}");
    }
}
