//! Safety and evaluation order. A body is evaluated step by step (see [`Step`]); the planner
//! orders the steps greedily, always taking the cheapest literal that can run with the variables
//! bound so far. The same scheduling is the safety check: a rule is safe when every literal can
//! be scheduled and the head's variables end up bound.
//!
//! Greedy scores, best first: tests of fully bound literals (1000), matches of atoms whose
//! arguments are all bound (900), assignments `X = t` (500), matches of partially bound atoms
//! (100 plus the number of bound arguments, so more selective matches go first), ranges (50),
//! aggregate assignments (40). Ties keep the written order.

use super::ir::{Body, CondId, Condition, Head, Lit, Rule, Step};
use super::term::{CTerm, VarId};
use crate::syntax::Diagnostic;
use crate::syntax::ast::{CmpOp, Sign};

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

fn bindable(t: &CTerm) -> Vec<VarId> {
    let mut v = Vec::new();
    t.collect_bindable(&mut v);
    v
}

fn all_in(vars: &[VarId], bound: &[bool]) -> bool {
    vars.iter().all(|v| bound[*v])
}

/// Whether `t` can be matched: every variable under non-invertible arithmetic is bound.
fn matchable(t: &CTerm, bound: &[bool]) -> bool {
    let all = t.vars();
    let b = bindable(t);
    all.iter().all(|v| bound[*v] || b.contains(v))
}

/// Orders `lits` (pairs of an index and a literal) given the variables already `bound`; on
/// success `bound` holds every variable bound afterwards. Fails with the unbound variables.
pub fn plan_lits(
    lits: &[(usize, &Lit)],
    bound: &mut [bool],
    delta: Option<usize>,
) -> Result<Vec<Step>, Vec<VarId>> {
    let items: Vec<(usize, Item)> = lits.iter().map(|(i, l)| (*i, Item::Lit(l))).collect();
    plan_items(&items, bound, delta)
}

/// [`plan_lits`] over literals and assigning aggregates. With `delta`, that literal (a positive
/// atom) is matched first, against the newest atoms only, when its arguments allow it.
pub fn plan_items(
    items: &[(usize, Item)],
    bound: &mut [bool],
    delta: Option<usize>,
) -> Result<Vec<Step>, Vec<VarId>> {
    let mut remaining: Vec<(usize, Item)> = items.to_vec();
    let mut steps = Vec::new();
    if let Some(d) = delta
        && let Some(pos) = remaining.iter().position(|(i, _)| *i == d)
        && let Item::Lit(Lit::Atom { atom, .. }) = remaining[pos].1
        && atom.args.iter().all(|a| matchable(a, bound))
    {
        for a in &atom.args {
            for v in bindable(a) {
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
            if let Some((score, step)) = candidate(*i, item, bound, delta)
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
            bind(&step, item, bound);
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
        } => {
            if !atom.args.iter().all(|a| matchable(a, bound)) {
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
            } else if *op == CmpOp::Eq && all_in(&rv, bound) && matchable(lhs, bound) {
                let pattern_is_lhs = true;
                (
                    500,
                    Step::Assign {
                        lit: i,
                        pattern_is_lhs,
                    },
                )
            } else if *op == CmpOp::Eq && all_in(&lv, bound) && matchable(rhs, bound) {
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
        Lit::Range { var, lo, hi, .. } => {
            if !(all_in(&lo.vars(), bound) && all_in(&hi.vars(), bound)) {
                return None;
            }
            if bound[*var] {
                (1000, Step::Test(i))
            } else {
                (50, Step::Range(i))
            }
        }
    };
    Some((score, Some(step)))
}

/// Marks the variables `step` binds.
fn bind(step: &Step, item: Item, bound: &mut [bool]) {
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
                for v in bindable(a) {
                    bound[v] = true;
                }
            }
        }
        (Step::Assign { pattern_is_lhs, .. }, Lit::Cmp { lhs, rhs, .. }) => {
            let pattern = if *pattern_is_lhs { lhs } else { rhs };
            for v in bindable(pattern) {
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
pub fn plan_delta(rule: &Rule, delta: usize) -> Vec<Step> {
    let mut bound = vec![false; rule.num_vars()];
    plan_items(&body_items(rule), &mut bound, Some(delta)).expect("rule was checked safe")
}

fn unsafe_error(rule: &Rule, vars: &[VarId]) -> Diagnostic {
    let mut d = Diagnostic::error(&rule.span, "unsafe variables in rule");
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

/// Checks safety and computes the plan of the body and of every condition.
pub fn plan_rule(rule: &Rule) -> Result<RulePlan, Diagnostic> {
    let mut planner = Planner {
        rule,
        conditions: vec![Vec::new(); rule.num_conditions],
    };
    let mut bound = vec![false; rule.num_vars()];
    let body = plan_items(&body_items(rule), &mut bound, None)
        .map_err(|vars| unsafe_error(rule, &vars))?;
    for b in &rule.body {
        if let Body::Conditional { alts, cond } = b {
            let local = planner.condition(cond, bound.clone())?;
            for alt in alts {
                let inner = planner.condition(&alt.cond, local.clone())?;
                planner.check(alt.item.vars(), &inner)?;
            }
        }
    }
    for b in &rule.body {
        if let Body::Aggregate(a) = b {
            planner.check(a.globals.clone(), &bound)?;
            for (_, t) in &a.guards {
                planner.check(t.vars(), &bound)?;
            }
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
    planner.head(&bound)?;
    Ok(RulePlan {
        body,
        conditions: planner.conditions,
    })
}

/// Plans the conditions of one rule and checks the variables around them.
struct Planner<'r> {
    rule: &'r Rule,
    conditions: Vec<Vec<Step>>,
}

impl Planner<'_> {
    /// Fails unless every one of `vars` is bound.
    fn check(&self, vars: Vec<VarId>, bound: &[bool]) -> Result<(), Diagnostic> {
        let unbound: Vec<VarId> = vars.into_iter().filter(|v| !bound[*v]).collect();
        if unbound.is_empty() {
            Ok(())
        } else {
            Err(unsafe_error(self.rule, &unbound))
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
        let plan = plan_lits(&lits, &mut bound, None).map_err(|v| unsafe_error(self.rule, &v))?;
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
}
