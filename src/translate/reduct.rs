//! The reduct of a program with respect to a model M, as a CNF over the atoms of a smaller
//! model X ⊆ M: the exact stability check for programs whose loops the supports of
//! [`super::loops`] cannot describe (recursion through aggregates and conditional literals,
//! disjunctive programs that are not head-cycle-free).
//!
//! clingo's semantics (Ferraris' reduct, as in "Abstract Gringo"): M is an answer set exactly
//! when it satisfies the program and no X ⊊ M satisfies the reduct P^M. A rule is in P^M when
//! its body holds in M; in the reduct its body holds in X when
//! - its positive literals are in X, and its negated literals (`not`, `not not`, negated
//!   aggregates) hold in M (they are decided by M alone);
//! - each instance `cond → lit` of a conditional literal holds: the condition's positive atoms
//!   are not all in X, or `lit` holds in M and, when positive, is in X (a condition true in M
//!   and false in X makes the instance true: the condition's atoms act negatively);
//! - each aggregate, evaluated on the elements whose condition holds in M and whose positive
//!   condition atoms are in X, meets its guards (the aggregate as a whole may be non-monotone).
//!
//! A head holds in X when its atom is in X; a choice element needs its atom in X when it is in
//! M and its condition holds in X; a disjunction holds when one of its members is in X (a
//! conditional element is an auxiliary member, see [`crate::program::Disjunction`]). Atoms outside the cyclic components keep their
//! value from M (an unfounded set exists exactly when one exists inside a single component).

use super::{Builder, Value, encoding};
use crate::cnf::{Cnf, CnfLit};
use crate::program::aggregate::{self, AggValue};
use crate::program::{
    AggElem, Aggregate, AtomId, BodyElem, CondInstance, GroundProgram, Head, Lit, Polarity,
};
use crate::symbol::Sym;
use std::collections::HashMap;

/// The reduct's clauses, and the atoms that X may drop with their variables (true: the atom
/// is in X).
pub(crate) struct ReductCnf {
    pub cnf: Cnf,
    pub dropped: Vec<(AtomId, CnfLit)>,
}

fn holds(l: &Lit, m: &[bool]) -> bool {
    l.holds(m[l.atom.0 as usize])
}

/// Whether the aggregate (without the negation in front of it) holds in M.
pub(crate) fn aggregate_holds(program: &GroundProgram, agg: &Aggregate, m: &[bool]) -> bool {
    let weights: Vec<Sym> = aggregate::tuples(agg)
        .into_iter()
        .filter(|t| t.conds.iter().any(|c| c.iter().all(|l| holds(l, m))))
        .map(|t| t.weight)
        .collect();
    let value: AggValue = aggregate::value_of(agg.func, &weights, &program.symbols);
    agg.guards
        .iter()
        .all(|g| aggregate::guard_holds(value, g, &program.symbols))
}

/// The positive literals of a condition that holds in M (`None` when it does not).
fn positive_part(cond: &[Lit], m: &[bool]) -> Option<Vec<Lit>> {
    cond.iter().all(|l| holds(l, m)).then(|| {
        cond.iter()
            .filter(|l| l.polarity == Polarity::Pos)
            .copied()
            .collect()
    })
}

/// The body's reduct: only positive literals left, everything M decides evaluated; `None` when
/// the body does not hold in M (the rule is not in P^M).
fn reduce_body(program: &GroundProgram, body: &[BodyElem], m: &[bool]) -> Option<Vec<BodyElem>> {
    let mut out = Vec::with_capacity(body.len());
    for elem in body {
        match elem {
            BodyElem::Lit(l) => {
                if !holds(l, m) {
                    return None;
                }
                if l.polarity == Polarity::Pos {
                    out.push(elem.clone());
                }
            }
            BodyElem::Conditional(instances) => {
                let mut kept = Vec::new();
                for inst in instances {
                    let Some(cond) = positive_part(&inst.cond, m) else {
                        continue; // the condition fails in M: true in every X
                    };
                    if !holds(&inst.lit, m) {
                        return None;
                    }
                    if inst.lit.polarity == Polarity::Pos {
                        kept.push(CondInstance {
                            lit: inst.lit,
                            cond,
                        });
                    }
                }
                if !kept.is_empty() {
                    out.push(BodyElem::Conditional(kept));
                }
            }
            BodyElem::Aggregate {
                polarity,
                aggregate,
            } => {
                let value = aggregate_holds(program, aggregate, m);
                if value == (*polarity == Polarity::Not) {
                    return None;
                }
                if *polarity != Polarity::Pos {
                    continue;
                }
                let elems: Vec<AggElem> = aggregate
                    .elems
                    .iter()
                    .filter_map(|e| {
                        positive_part(&e.cond, m).map(|cond| AggElem {
                            tuple: e.tuple,
                            weight: e.weight,
                            cond,
                        })
                    })
                    .collect();
                out.push(BodyElem::Aggregate {
                    polarity: Polarity::Pos,
                    aggregate: Box::new(Aggregate {
                        func: aggregate.func,
                        elems,
                        guards: aggregate.guards.clone(),
                    }),
                });
            }
        }
    }
    Some(out)
}

/// The reduct P^m over X ⊆ m, where X may drop exactly the atoms true in `m` with `varying`
/// set; `None` when there is no such atom (nothing can be smaller).
pub(crate) fn reduct_cnf(
    program: &GroundProgram,
    m: &[bool],
    varying: &[bool],
    encodings: encoding::EncodingOptions,
) -> Option<ReductCnf> {
    let mut b = Builder {
        program,
        cnf: Cnf::new(),
        atoms: Vec::with_capacity(m.len()),
        conjunctions: HashMap::new(),
        encoders: encoding::Encoders::new(encodings),
        defined: Vec::new(),
    };
    let mut dropped = Vec::new();
    for (a, &value) in m.iter().enumerate() {
        let v = if !value {
            Value::False
        } else if varying[a] && !program.is_fact(AtomId(a as u32)) {
            let v = b.cnf.new_var();
            dropped.push((AtomId(a as u32), v));
            Value::Lit(v)
        } else {
            Value::True
        };
        b.atoms.push(v);
    }
    if dropped.is_empty() {
        return None;
    }
    let varies = |b: &Builder, a: AtomId| matches!(b.atoms[a.0 as usize], Value::Lit(_));
    for rule in &program.rules {
        let relevant = match &rule.head {
            Head::None => false,
            Head::Atom(h) => varies(&b, *h),
            Head::Choice { elems, .. } => elems.iter().any(|e| varies(&b, e.atom)),
        };
        if !relevant {
            continue;
        }
        let Some(body) = reduce_body(program, &rule.body, m) else {
            continue;
        };
        let Some(body) = b.body_parts(&body) else {
            continue;
        };
        let not_body: Vec<Value> = body.iter().map(|&l| Value::Lit(-l)).collect();
        match &rule.head {
            Head::None => {}
            Head::Atom(h) => {
                let mut clause = not_body;
                clause.push(b.atoms[h.0 as usize]);
                b.clause(&clause);
            }
            Head::Choice { elems, .. } => {
                for e in elems {
                    if !varies(&b, e.atom) {
                        continue;
                    }
                    let Some(cond) = positive_part(&e.cond, m) else {
                        continue;
                    };
                    let mut clause = not_body.clone();
                    clause.extend(cond.iter().map(|l| b.lit(*l).negate()));
                    clause.push(b.atoms[e.atom.0 as usize]);
                    b.clause(&clause);
                }
            }
        }
    }
    for d in &program.disjunctions {
        if !d.atoms().iter().any(|&a| varies(&b, a)) {
            continue;
        }
        let Some(body) = reduce_body(program, &d.body, m) else {
            continue;
        };
        let Some(body) = b.body_parts(&body) else {
            continue;
        };
        let mut clause: Vec<Value> = body.iter().map(|&l| Value::Lit(-l)).collect();
        clause.extend(d.atoms().iter().map(|a| b.atoms[a.0 as usize]));
        b.clause(&clause);
    }
    Some(ReductCnf {
        cnf: b.cnf,
        dropped,
    })
}

/// `varying[a]`: atom `a` lies in a cyclic component of the positive dependency graph (the
/// only atoms an unfounded set can contain).
pub(crate) fn cyclic_atoms(program: &GroundProgram) -> Vec<bool> {
    let edges = super::tight::positive_edges(program);
    let mut cyclic = vec![false; program.num_atoms()];
    for comp in super::tight::cyclic_components(&edges) {
        for a in comp {
            cyclic[a.0 as usize] = true;
        }
    }
    cyclic
}

/// Whether stability needs the reduct check rather than foundedness through supports:
/// disjunctive rules, or positive recursion through aggregates or conditional literals.
pub(crate) fn needs_reduct_check(program: &GroundProgram) -> bool {
    !program.disjunctions.is_empty() || super::loops::analyse(program).1.is_some()
}
