//! Founded supports: a rule founds its head `h` when its body holds and, inside `h`'s loop,
//! every monotone part of the body (see [`super::monotone`]) already holds with the atoms
//! ranked below `h`; antimonotone parts keep their value in the model.

use super::monotone::{self, Conjunct, ConjunctKind};
use super::{Builder, Ranks, Value};
use crate::program::aggregate;
use crate::program::{Aggregate, AtomId, BodyElem, Lit, Polarity};

/// The value of "this rule (a choice element with condition `cond`) founds `h`".
pub(super) fn support(
    b: &mut Builder,
    ranks: &mut Ranks,
    h: AtomId,
    body: &[BodyElem],
    cond: &[Lit],
    in_loop: &dyn Fn(AtomId) -> bool,
) -> Value {
    let Some(parts) = b.body_parts(body) else {
        return Value::False;
    };
    let mut all: Vec<Value> = parts.into_iter().map(Value::Lit).collect();
    all.push(ranked_conjunction(b, ranks, h, cond, in_loop));
    for elem in body {
        let v = match elem {
            BodyElem::Lit(l) => ranked_conjunction(b, ranks, h, std::slice::from_ref(l), in_loop),
            BodyElem::Conditional(instances) => {
                let mut conj = Vec::with_capacity(instances.len());
                for inst in instances {
                    if !(inst.lit.polarity == Polarity::Pos && in_loop(inst.lit.atom)) {
                        continue; // decided by the model (the body's value has it)
                    }
                    // `cond → lit`: the condition has no atom of the loop (checked)
                    let c: Vec<Value> = inst.cond.iter().map(|l| b.lit(*l)).collect();
                    let c = b.and(c);
                    let below = ranks.below(b, inst.lit.atom, h);
                    conj.push(b.or([c.negate(), below]));
                }
                b.and(conj)
            }
            BodyElem::Aggregate {
                polarity: Polarity::Pos,
                aggregate: agg,
            } => ranked_aggregate(b, ranks, h, agg, in_loop),
            BodyElem::Aggregate { .. } => Value::True,
        };
        if v == Value::False {
            return Value::False;
        }
        all.push(v);
    }
    b.and(all)
}

/// The literals' values, with each positive atom of the loop ranked below `h`.
fn ranked_conjunction(
    b: &mut Builder,
    ranks: &mut Ranks,
    h: AtomId,
    lits: &[Lit],
    in_loop: &dyn Fn(AtomId) -> bool,
) -> Value {
    let mut parts = Vec::with_capacity(lits.len());
    for l in lits {
        parts.push(b.lit(*l));
        if l.polarity == Polarity::Pos && in_loop(l.atom) {
            parts.push(ranks.below(b, l.atom, h));
        }
    }
    b.and(parts)
}

/// The aggregate evaluated with its monotone sides counting only tuples whose loop atoms are
/// ranked below `h` (the runs whose monotone side has no loop atom are implied by its value).
fn ranked_aggregate(
    b: &mut Builder,
    ranks: &mut Ranks,
    h: AtomId,
    agg: &Aggregate,
    in_loop: &dyn Fn(AtomId) -> bool,
) -> Value {
    let tuples = aggregate::tuples(agg);
    let touches_loop = |t: usize| {
        tuples[t].conds.iter().any(|c| {
            c.iter()
                .any(|l| l.polarity == Polarity::Pos && in_loop(l.atom))
        })
    };
    let conjuncts: Vec<Conjunct> = monotone::conjuncts(agg, &b.program.symbols)
        .into_iter()
        .filter(|c| c.low.iter().any(|&t| touches_loop(t)))
        .collect();
    if conjuncts.is_empty() {
        return Value::True;
    }
    let mut in_model = Vec::with_capacity(tuples.len());
    let mut ranked = Vec::with_capacity(tuples.len());
    for t in &tuples {
        let alternatives: Vec<Value> = t
            .conds
            .iter()
            .map(|c| {
                let parts: Vec<Value> = c.iter().map(|l| b.lit(*l)).collect();
                b.and(parts)
            })
            .collect();
        in_model.push(b.or(alternatives));
        let alternatives: Vec<Value> = t
            .conds
            .iter()
            .map(|c| ranked_conjunction(b, ranks, h, c, in_loop))
            .collect();
        ranked.push(b.or(alternatives));
    }
    let mut parts = Vec::with_capacity(conjuncts.len());
    for c in &conjuncts {
        let v = match c.kind {
            ConjunctKind::Linear { above, below } => {
                let syms = &b.program.symbols;
                let weights: Vec<i64> = tuples
                    .iter()
                    .map(|t| monotone::weight(agg.func, t, syms))
                    .collect();
                // a side counts the tuples that move the value its way once ranked
                let side = |b: &mut Builder, up: bool, allowed: (i64, i64)| {
                    let items: Vec<(Value, i64)> = weights
                        .iter()
                        .enumerate()
                        .filter(|&(_, &w)| w != 0)
                        .map(|(t, &w)| {
                            (
                                if (w > 0) == up {
                                    ranked[t]
                                } else {
                                    in_model[t]
                                },
                                w,
                            )
                        })
                        .collect();
                    b.sum_in(&items, &[allowed])
                };
                let mut sides = Vec::new();
                if let Some(k) = above {
                    sides.push(side(b, true, (k, i64::MAX)));
                }
                if let Some(k) = below {
                    sides.push(side(b, false, (i64::MIN, k)));
                }
                b.or(sides)
            }
            ConjunctKind::Extremum { avoid } => {
                let mut sides: Vec<Value> = c.low.iter().map(|&t| ranked[t]).collect();
                if avoid {
                    let none: Vec<Value> = c.fixed.iter().map(|&t| in_model[t].negate()).collect();
                    sides.push(b.and(none));
                }
                b.or(sides)
            }
        };
        if v == Value::False {
            return Value::False;
        }
        parts.push(v);
    }
    b.and(parts)
}
