//! Which atoms a rule body depends on monotonically, for the level ranking.
//!
//! In the reduct of a model M (Ferraris, as clingo reads programs) a body is evaluated on a
//! smaller model X ⊆ M. Plain positive literals are monotone in X. A conditional literal
//! instance `l : c` becomes `c → l`: monotone in `l`, antimonotone in the atoms of `c`. An
//! aggregate is split like clingo's grounder splits it: its guards forbid runs of values, and
//! avoiding one run is a disjunction of a monotone and an antimonotone side — for `#count`/`#sum`
//! "value > run" (the positive weights raise it: they are monotone there, the negative ones
//! antimonotone) or "value < run" (the other way round); for `#min` "some smaller element holds"
//! (monotone) or "no element of the run holds" (antimonotone), and mirrored for `#max`.
//!
//! The *monotone* parts are the positive dependencies of the ranking: a support founds its
//! head only if they are derived earlier. The antimonotone parts keep their value in M. That is
//! exact as long as no antimonotone part of a body mentions an atom of its head's loop while a
//! monotone part of the same run does (then X could make the body true by dropping atoms, which
//! no ranking sees). Those bodies are what clingo translates into disjunctive rules that are not
//! head-cycle-free: deciding them is beyond NP, and [`check`] refuses them.

use super::super::TranslateError;
use crate::program::aggregate::{self, AggValue};
use crate::program::{AggFunc, Aggregate, AtomId, BodyElem, GroundProgram, Head, Lit, Polarity};
use crate::symbol::{SymData, SymbolTable};

/// One run of values an aggregate must avoid: it does when a monotone side over the `low`
/// tuples holds, or an antimonotone side over the `fixed` tuples (indices into
/// [`aggregate::tuples`]).
#[derive(Clone, Debug)]
pub(super) struct Conjunct {
    pub low: Vec<usize>,
    pub fixed: Vec<usize>,
    pub kind: ConjunctKind,
}

#[derive(Clone, Copy, Debug)]
pub(super) enum ConjunctKind {
    /// `#count`/`#sum`: the value is at least `above` or at most `below` (a side that the
    /// range of values cannot reach is `None`).
    Linear {
        above: Option<i64>,
        below: Option<i64>,
    },
    /// `#min`/`#max`: a `low` tuple holds, or (when `avoid`) no `fixed` tuple holds.
    Extremum { avoid: bool },
}

/// The integer weight a tuple adds to `#count`/`#sum` (as the translation of the aggregate's
/// value reads it).
pub(super) fn weight(func: AggFunc, t: &aggregate::Tuple, syms: &SymbolTable) -> i64 {
    match func {
        AggFunc::Count => 1,
        _ => syms.as_int(t.weight).map(i64::from).unwrap_or(0),
    }
}

/// The runs an aggregate must avoid, with the roles of its tuples.
pub(super) fn conjuncts(agg: &Aggregate, syms: &SymbolTable) -> Vec<Conjunct> {
    match agg.func {
        AggFunc::Count | AggFunc::Sum | AggFunc::SumPlus => linear(agg, syms),
        AggFunc::Min | AggFunc::Max => extremum(agg, syms),
    }
}

fn linear(agg: &Aggregate, syms: &SymbolTable) -> Vec<Conjunct> {
    let tuples = aggregate::tuples(agg);
    let weights: Vec<i64> = tuples.iter().map(|t| weight(agg.func, t, syms)).collect();
    let (mut min, mut max) = (0i64, 0i64);
    for (t, &w) in tuples.iter().zip(&weights) {
        if t.sure() {
            min += w;
            max += w;
        } else {
            min += w.min(0);
            max += w.max(0);
        }
    }
    let raise: Vec<usize> = (0..tuples.len()).filter(|&i| weights[i] > 0).collect();
    let lower: Vec<usize> = (0..tuples.len()).filter(|&i| weights[i] < 0).collect();
    let mut out = Vec::new();
    for (lo, hi) in forbidden_runs(&aggregate::allowed_intervals(&agg.guards, syms), min, max) {
        let above = (hi < max).then(|| hi + 1);
        let below = (lo > min).then(|| lo - 1);
        let mut low = Vec::new();
        let mut fixed = Vec::new();
        if above.is_some() {
            low.extend(&raise);
            fixed.extend(&lower);
        }
        if below.is_some() {
            low.extend(&lower);
            fixed.extend(&raise);
        }
        out.push(Conjunct {
            low,
            fixed,
            kind: ConjunctKind::Linear { above, below },
        });
    }
    out
}

/// The maximal runs of integers in `min..=max` outside of `allowed` (sorted disjoint intervals).
fn forbidden_runs(allowed: &[(i64, i64)], min: i64, max: i64) -> Vec<(i64, i64)> {
    let mut runs = Vec::new();
    // the smallest value not yet known to be allowed (`None`: every larger value is allowed)
    let mut next = Some(min);
    for &(a, b) in allowed {
        let Some(n) = next.filter(|&n| n <= max) else {
            break;
        };
        if a > n {
            runs.push((n, (a - 1).min(max)));
        }
        next = if b == i64::MAX {
            None
        } else {
            Some(n.max(b + 1))
        };
    }
    if let Some(n) = next.filter(|&n| n <= max) {
        runs.push((n, max));
    }
    runs
}

fn extremum(agg: &Aggregate, syms: &SymbolTable) -> Vec<Conjunct> {
    let tuples = aggregate::tuples(agg);
    let is_min = agg.func == AggFunc::Min;
    // Candidate values, best first (smallest for #min); the value of the empty set comes last.
    let mut values: Vec<_> = tuples.iter().map(|t| t.weight).collect();
    values.sort_by(|a, b| {
        let ord = syms.compare(*a, *b);
        if is_min { ord } else { ord.reverse() }
    });
    values.dedup();
    let empty = syms
        .lookup(if is_min { &SymData::Sup } else { &SymData::Inf })
        .expect("#inf and #sup are interned");
    let allowed = |v| {
        agg.guards
            .iter()
            .all(|g| aggregate::guard_holds(AggValue::Sym(v), g, syms))
    };
    let mut candidates: Vec<(Option<usize>, bool)> = values
        .iter()
        .enumerate()
        .map(|(i, &v)| (Some(i), allowed(v)))
        .collect();
    candidates.push((None, allowed(empty)));
    let rank_of = |t: &aggregate::Tuple| values.iter().position(|&v| v == t.weight);
    let mut out = Vec::new();
    let mut i = 0;
    while i < candidates.len() {
        if candidates[i].1 {
            i += 1;
            continue;
        }
        let start = i;
        while i < candidates.len() && !candidates[i].1 {
            i += 1;
        }
        // the run is candidates[start..i]; a tuple better than it avoids it
        // (a run of the empty value alone: every tuple avoids it)
        let first = candidates[start].0.unwrap_or(values.len());
        let end = candidates[i - 1].0;
        let low: Vec<usize> = (0..tuples.len())
            .filter(|&t| rank_of(&tuples[t]).is_some_and(|r| r < first))
            .collect();
        let avoid = end.is_some();
        let fixed: Vec<usize> = match end {
            Some(last) => (0..tuples.len())
                .filter(|&t| rank_of(&tuples[t]).is_some_and(|r| first <= r && r <= last))
                .collect(),
            None => Vec::new(),
        };
        out.push(Conjunct {
            low,
            fixed,
            kind: ConjunctKind::Extremum { avoid },
        });
    }
    out
}

/// Whether an atom can vary (neither a fact nor underivable).
fn open(program: &GroundProgram, a: AtomId) -> bool {
    program.is_derivable(a) && !program.is_fact(a)
}

/// The open atoms of a condition's positive literals.
fn positive_atoms<'a>(
    program: &'a GroundProgram,
    cond: &'a [Lit],
) -> impl Iterator<Item = AtomId> + 'a {
    cond.iter()
        .filter(move |l| l.polarity == Polarity::Pos && open(program, l.atom))
        .map(|l| l.atom)
}

/// The heads of a rule (choice elements each with its condition).
pub(super) fn heads(head: &Head) -> Vec<(AtomId, &[Lit])> {
    match head {
        Head::None => Vec::new(),
        Head::Atom(a) => vec![(*a, &[][..])],
        Head::Choice { elems, .. } => elems.iter().map(|e| (e.atom, &e.cond[..])).collect(),
    }
}

/// The atoms a body element depends on monotonically.
pub(super) fn monotone_atoms(program: &GroundProgram, elem: &BodyElem) -> Vec<AtomId> {
    match elem {
        BodyElem::Lit(l) => positive_atoms(program, std::slice::from_ref(l)).collect(),
        BodyElem::Conditional(instances) => instances
            .iter()
            .flat_map(|inst| positive_atoms(program, std::slice::from_ref(&inst.lit)))
            .collect(),
        BodyElem::Aggregate {
            polarity: Polarity::Pos,
            aggregate: agg,
        } => {
            let tuples = aggregate::tuples(agg);
            let mut low: Vec<usize> = conjuncts(agg, &program.symbols)
                .into_iter()
                .flat_map(|c| c.low)
                .collect();
            low.sort_unstable();
            low.dedup();
            low.iter()
                .flat_map(|&t| tuples[t].conds.iter())
                .flat_map(|c| positive_atoms(program, c))
                .collect()
        }
        BodyElem::Aggregate { .. } => Vec::new(),
    }
}

/// The positive dependency graph of the ranking: edges from each head to the atoms its rule
/// depends on monotonically (and a choice element's atom to its condition).
pub(super) fn edges(program: &GroundProgram) -> Vec<Vec<usize>> {
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); program.num_atoms()];
    for rule in &program.rules {
        let heads = heads(&rule.head);
        if heads.is_empty() {
            continue;
        }
        let body: Vec<AtomId> = rule
            .body
            .iter()
            .flat_map(|e| monotone_atoms(program, e))
            .collect();
        for (h, cond) in heads {
            let out = &mut edges[h.0 as usize];
            out.extend(body.iter().map(|a| a.0 as usize));
            out.extend(positive_atoms(program, cond).map(|a| a.0 as usize));
        }
    }
    edges
}

/// Refuses a body whose reduct is not monotone in the atoms of its head's loop
/// (`in_loop(a)`: atom `a` lies in the head's cyclic component).
pub(super) fn check(
    program: &GroundProgram,
    head: AtomId,
    elem: &BodyElem,
    in_loop: &dyn Fn(AtomId) -> bool,
) -> Result<(), TranslateError> {
    let refuse = |what: String| {
        Err(TranslateError::NonMonotoneLoop {
            head,
            what: what.clone(),
        })
    };
    match elem {
        BodyElem::Conditional(instances) => {
            for inst in instances {
                let lit_in_loop =
                    positive_atoms(program, std::slice::from_ref(&inst.lit)).any(in_loop);
                if lit_in_loop && positive_atoms(program, &inst.cond).any(in_loop) {
                    let cond: Vec<String> =
                        inst.cond.iter().map(|c| program.lit_text(*c)).collect();
                    return refuse(format!(
                        "the conditional literal '{}:{}', whose literal and condition both depend on it",
                        program.lit_text(inst.lit),
                        cond.join(",")
                    ));
                }
            }
        }
        BodyElem::Aggregate {
            polarity: Polarity::Pos,
            aggregate: agg,
        } => {
            let tuples = aggregate::tuples(agg);
            let touches = |ts: &[usize]| {
                ts.iter().any(|&t| {
                    tuples[t]
                        .conds
                        .iter()
                        .any(|c| positive_atoms(program, c).any(in_loop))
                })
            };
            for c in conjuncts(agg, &program.symbols) {
                if touches(&c.low) && touches(&c.fixed) {
                    let func = match agg.func {
                        AggFunc::Count => "#count",
                        AggFunc::Sum => "#sum",
                        AggFunc::SumPlus => "#sum+",
                        AggFunc::Min => "#min",
                        AggFunc::Max => "#max",
                    };
                    return refuse(format!(
                        "a {func} aggregate that is not monotone in the atoms of that loop \
                         (its guards hold for some of their values, fail for more of them and \
                         hold again for still more)"
                    ));
                }
            }
        }
        BodyElem::Lit(_) | BodyElem::Aggregate { .. } => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::forbidden_runs;

    #[test]
    fn forbidden_runs_complement_the_allowed_values_within_the_range() {
        assert_eq!(
            forbidden_runs(&[(i64::MIN, 0), (2, i64::MAX)], 0, 3),
            [(1, 1)]
        );
        assert_eq!(forbidden_runs(&[(2, i64::MAX)], 0, 3), [(0, 1)]);
        assert_eq!(forbidden_runs(&[(1, 2)], 0, 3), [(0, 0), (3, 3)]);
        assert_eq!(forbidden_runs(&[(i64::MIN, i64::MAX)], -2, 3), []);
        assert_eq!(forbidden_runs(&[], -1, 1), [(-1, 1)]);
        assert_eq!(forbidden_runs(&[(5, 7)], 0, 3), [(0, 3)]);
    }
}
