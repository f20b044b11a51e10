//! Safety and evaluation order. A body is evaluated literal by literal; each step either
//! matches a positive atom against the atoms derived so far (binding variables), binds a
//! variable by assignment or range, or tests a literal whose variables are all bound. The same
//! greedy scheduling is the safety check: a rule is safe when every literal can be scheduled and
//! the head's variables end up bound.

use super::compile::{CBody, CHead, CLit, CRule};
use super::term::{CTerm, VarId};
use crate::syntax::Diagnostic;
use crate::syntax::ast::{CmpOp, Sign, Span};

#[derive(Clone, Debug)]
pub enum Step {
    /// Match positive atom literal `lit` (against new atoms only when `delta`).
    Match { lit: usize, delta: bool },
    /// Check a literal whose variables are bound.
    Test(usize),
    /// `lhs = rhs` with one side ground under the binding: match the other side against it.
    Assign { lit: usize, pattern_is_lhs: bool },
    /// Enumerate `var = lo..hi`.
    Range(usize),
    /// `var = #agg{...}`: enumerate the aggregate's possible values (body item `item`, guard
    /// `guard` of it).
    AggAssign { item: usize, guard: usize },
}

/// What the planner orders: literals, and aggregates that can assign a variable.
#[derive(Clone, Copy)]
pub enum Item<'a> {
    Lit(&'a CLit),
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

/// Variables of `t` that must be bound before matching it (those under non-invertible arithmetic).
fn needs(t: &CTerm, bound: &[bool]) -> bool {
    let all = t.vars();
    let b = bindable(t);
    all.iter().all(|v| bound[*v] || b.contains(v))
}

/// Orders `lits` (pairs of an index and a literal) given the variables already `bound`; on
/// success `bound` holds every variable bound afterwards. Fails with the unbound variables.
pub fn plan_lits(
    lits: &[(usize, &CLit)],
    bound: &mut [bool],
    delta: Option<usize>,
) -> Result<Vec<Step>, Vec<VarId>> {
    let items: Vec<(usize, Item)> = lits.iter().map(|(i, l)| (*i, Item::Lit(l))).collect();
    plan_items(&items, bound, delta)
}

/// [`plan_lits`] over literals and assigning aggregates.
pub fn plan_items(
    items: &[(usize, Item)],
    bound: &mut [bool],
    delta: Option<usize>,
) -> Result<Vec<Step>, Vec<VarId>> {
    let mut remaining: Vec<(usize, Item)> = items.to_vec();
    let mut steps = Vec::new();
    if let Some(d) = delta
        && let Some(pos) = remaining.iter().position(|(i, _)| *i == d)
        && let Item::Lit(CLit::Atom { atom, .. }) = remaining[pos].1
        && atom.args.iter().all(|a| needs(a, bound))
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
            let lit = match item {
                Item::Lit(l) => *l,
                Item::Aggregate { needs, var, guard } => {
                    // Only an aggregate whose variable nothing else binds assigns it; otherwise it
                    // is a test evaluated with the rule instance (no plan step).
                    let candidate = if bound[*var] {
                        Some((2000, None))
                    } else if all_in(needs, bound) {
                        Some((
                            40,
                            Some(Step::AggAssign {
                                item: *i,
                                guard: *guard,
                            }),
                        ))
                    } else {
                        None
                    };
                    if let Some((score, step)) = candidate
                        && best.as_ref().is_none_or(|(s, _, _)| score > *s)
                    {
                        best = Some((score, pos, step));
                    }
                    continue;
                }
            };
            let candidate = match lit {
                CLit::Bool(_) => Some((1000, Step::Test(*i))),
                CLit::Atom { sign, atom } => {
                    if *sign == Sign::Pos {
                        if atom.args.iter().all(|a| needs(a, bound)) {
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
                            Some((
                                score,
                                Step::Match {
                                    lit: *i,
                                    delta: Some(*i) == delta,
                                },
                            ))
                        } else {
                            None
                        }
                    } else if all_in(&lit.vars(), bound) {
                        Some((1000, Step::Test(*i)))
                    } else {
                        None
                    }
                }
                CLit::Cmp { op, lhs, rhs } => {
                    let (lv, rv) = (lhs.vars(), rhs.vars());
                    if all_in(&lv, bound) && all_in(&rv, bound) {
                        Some((1000, Step::Test(*i)))
                    } else if *op == CmpOp::Eq && all_in(&rv, bound) && needs(lhs, bound) {
                        Some((
                            500,
                            Step::Assign {
                                lit: *i,
                                pattern_is_lhs: true,
                            },
                        ))
                    } else if *op == CmpOp::Eq && all_in(&lv, bound) && needs(rhs, bound) {
                        Some((
                            500,
                            Step::Assign {
                                lit: *i,
                                pattern_is_lhs: false,
                            },
                        ))
                    } else {
                        None
                    }
                }
                CLit::Range { var, lo, hi, .. } => {
                    if all_in(&lo.vars(), bound) && all_in(&hi.vars(), bound) {
                        if bound[*var] {
                            Some((1000, Step::Test(*i)))
                        } else {
                            Some((50, Step::Range(*i)))
                        }
                    } else {
                        None
                    }
                }
            };
            if let Some((score, step)) = candidate
                && best.as_ref().is_none_or(|(s, _, _)| score > *s)
            {
                best = Some((score, pos, Some(step)));
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
        let Some(step) = step else {
            continue;
        };
        let lit = match item {
            Item::Lit(l) => l,
            Item::Aggregate { var, .. } => {
                bound[var] = true;
                steps.push(step);
                continue;
            }
        };
        match (&step, lit) {
            (Step::Match { .. }, CLit::Atom { atom, .. }) => {
                for a in &atom.args {
                    for v in bindable(a) {
                        bound[v] = true;
                    }
                }
            }
            (Step::Assign { pattern_is_lhs, .. }, CLit::Cmp { lhs, rhs, .. }) => {
                let pattern = if *pattern_is_lhs { lhs } else { rhs };
                for v in bindable(pattern) {
                    bound[v] = true;
                }
            }
            (Step::Range(_), CLit::Range { var, .. }) => bound[*var] = true,
            _ => {}
        }
        steps.push(step);
    }
    Ok(steps)
}

/// The body's plain literals and assigning aggregates with their indices in `rule.body`.
pub fn body_items(rule: &CRule) -> Vec<(usize, Item<'_>)> {
    rule.body
        .iter()
        .enumerate()
        .filter_map(|(i, b)| match b {
            CBody::Lit(l) => Some((i, Item::Lit(l))),
            CBody::Conditional { .. } => None,
            CBody::Aggregate(a) => a.assignable_var().map(|(guard, var)| {
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
pub fn plan_delta(rule: &CRule, delta: usize) -> Vec<Step> {
    let mut bound = vec![false; rule.num_vars];
    plan_items(&body_items(rule), &mut bound, Some(delta)).expect("rule was checked safe")
}

fn unsafe_error(span: &Span, vars: &[VarId], names: &[String], spans: &[Span]) -> Diagnostic {
    let mut d = Diagnostic::error(span, "unsafe variables in rule");
    let mut seen = Vec::new();
    for &v in vars {
        let name = &names[v];
        if name.starts_with('#') || seen.contains(name) {
            continue;
        }
        seen.push(name.clone());
        d = d.with_note(&spans[v], format!("'{name}' is unsafe"));
    }
    if seen.is_empty() {
        // Only interval variables are unbound: report the interval itself.
        d = d.with_note(&spans[vars[0]], "interval bounds are unsafe");
    }
    d
}

/// Checks safety and computes the body plan and the plans of every condition.
pub fn plan_rule(rule: &mut CRule, names: &[String], spans: &[Span]) -> Result<(), Diagnostic> {
    let err = |vars: Vec<VarId>| unsafe_error(&rule.span, &vars, names, spans);
    let mut bound = vec![false; rule.num_vars];
    let plan = plan_items(&body_items(rule), &mut bound, None).map_err(err)?;
    let check = |vars: Vec<VarId>, bound: &[bool]| -> Result<(), Diagnostic> {
        let unbound: Vec<VarId> = vars.into_iter().filter(|v| !bound[*v]).collect();
        if unbound.is_empty() {
            Ok(())
        } else {
            Err(unsafe_error(&rule.span, &unbound, names, spans))
        }
    };
    let mut cond_plans = Vec::new();
    for b in &rule.body {
        if let CBody::Conditional { lit, cond } = b {
            let mut local = bound.clone();
            let lits: Vec<(usize, &CLit)> = cond.lits.iter().enumerate().collect();
            let p = plan_lits(&lits, &mut local, None)
                .map_err(|v| unsafe_error(&rule.span, &v, names, spans))?;
            check(lit.vars(), &local)?;
            cond_plans.push(p);
        }
    }
    let mut agg_plans = Vec::new();
    for b in &rule.body {
        if let CBody::Aggregate(a) = b {
            let needs = a.globals.clone();
            check(needs.clone(), &bound)?;
            for (_, t) in &a.guards {
                check(t.vars(), &bound)?;
            }
            let mut plans = Vec::new();
            for e in &a.elems {
                let mut local = vec![false; rule.num_vars];
                for &v in &needs {
                    local[v] = true;
                }
                let lits: Vec<(usize, &CLit)> = e.cond.lits.iter().enumerate().collect();
                let p = plan_lits(&lits, &mut local, None)
                    .map_err(|v| unsafe_error(&rule.span, &v, names, spans))?;
                check(e.terms.iter().flat_map(|t| t.vars()).collect(), &local)?;
                plans.push(p);
            }
            agg_plans.push(plans);
        }
    }
    let mut elem_plans = Vec::new();
    match &rule.head {
        CHead::None => {}
        CHead::Atom(a) => check(a.args.iter().flat_map(|t| t.vars()).collect(), &bound)?,
        CHead::ShowTerm(t) => check(t.vars(), &bound)?,
        CHead::Cost {
            weight,
            priority,
            terms,
        } => {
            let mut v = weight.vars();
            priority.iter().for_each(|p| p.collect_vars(&mut v));
            terms.iter().for_each(|t| t.collect_vars(&mut v));
            check(v, &bound)?;
        }
        CHead::Choice { elems, .. } | CHead::Disjunction(elems) => {
            if let CHead::Choice { guards, .. } = &rule.head {
                for (_, g) in guards {
                    check(g.vars(), &bound)?;
                }
            }
            for e in elems {
                let mut local = bound.clone();
                let lits: Vec<(usize, &CLit)> = e.cond.lits.iter().enumerate().collect();
                let p = plan_lits(&lits, &mut local, None)
                    .map_err(|v| unsafe_error(&rule.span, &v, names, spans))?;
                check(e.atom.args.iter().flat_map(|t| t.vars()).collect(), &local)?;
                check(
                    e.terms.iter().flatten().flat_map(|t| t.vars()).collect(),
                    &local,
                )?;
                elem_plans.push(p);
            }
        }
    }
    rule.plan = plan;
    let mut cond_plans = cond_plans.into_iter();
    for b in &mut rule.body {
        if let CBody::Conditional { cond, .. } = b {
            cond.plan = cond_plans.next().expect("one plan per conditional");
        }
    }
    if let CHead::Choice { elems, .. } | CHead::Disjunction(elems) = &mut rule.head {
        for (e, p) in elems.iter_mut().zip(elem_plans) {
            e.cond.plan = p;
        }
    }
    let mut agg_plans = agg_plans.into_iter();
    for b in &mut rule.body {
        if let CBody::Aggregate(a) = b {
            let plans = agg_plans.next().expect("plans for every aggregate");
            for (e, p) in a.elems.iter_mut().zip(plans) {
                e.cond.plan = p;
            }
        }
    }
    Ok(())
}
