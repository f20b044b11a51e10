//! Core-guided optimization of one priority level (OLL, as clasp's `--opt-strategy=usc`).
//!
//! Every cost literal is assumed false. An unsatisfiable call returns a core: assumptions that
//! cannot all hold. Its smallest weight `w` is certainly paid, so the lower bound rises by `w`,
//! every literal of the core pays `w` less, and a totalizer over the core's cost literals adds
//! the soft literal "at least 2 of them" with weight `w` (when that one appears in a core later,
//! "at least 3" takes its place, and so on). The invariant `cost = bound + Σ weight·soft`
//! holds in every model, so the first model that meets all assumptions is optimal; the level is
//! then fixed for the levels below (and optN's enumeration) by making every remaining
//! assumption a unit clause.
//!
//! Cores come from the back end ([`SatBackend::failed_core`]); without them the model-improving
//! search of [`super::optimize`] is used.

use super::optimize::{Extension, OptimizationSink, costs};
use super::{Next, Search, SolveError, shown_symbols};
use crate::cnf::CnfLit;
use crate::program::GroundProgram;
use crate::translate::card::IncrementalTotalizer;
use crate::translate::{EncodingStats, Translation, Value};
use std::collections::HashMap;

/// An incremental totalizer over a core's cost literals, cut at the counts asked so far.
struct Sum {
    inputs: usize,
    totalizer: IncrementalTotalizer,
}

/// The cost literals of a level, weights made positive: `(literal that pays, weight)` and the
/// constant paid whatever the model.
fn soft_literals(terms: &[(Value, i64)]) -> (Vec<(CnfLit, i64)>, i64) {
    let mut constant = 0;
    let mut softs: HashMap<CnfLit, i64> = HashMap::new();
    for &(v, w) in terms {
        match v {
            Value::True => constant += w,
            Value::False => {}
            Value::Lit(l) if w > 0 => *softs.entry(l).or_default() += w,
            Value::Lit(l) if w < 0 => {
                // w·l = w + (−w)·¬l
                constant += w;
                *softs.entry(-l).or_default() += -w;
            }
            Value::Lit(_) => {}
        }
    }
    // A literal and its negation both paying: one of them always is.
    let mut out: Vec<(CnfLit, i64)> = Vec::new();
    let mut lits: Vec<CnfLit> = softs.keys().copied().collect();
    lits.sort_unstable_by_key(|l| (l.abs(), *l));
    for l in lits {
        let w = softs[&l];
        if l > 0
            && let Some(&wn) = softs.get(&-l)
        {
            let common = w.min(wn);
            constant += common;
            for (lit, weight) in [(l, w - common), (-l, wn - common)] {
                if weight > 0 {
                    out.push((lit, weight));
                }
            }
            continue;
        }
        if l < 0 && softs.contains_key(&-l) {
            continue;
        }
        out.push((l, w));
    }
    (out, constant)
}

/// Cost literals per distinct weight from which a level counts as sharing its weights.
const SHARED_WEIGHTS: usize = 2;

/// Whether the cost literals of a level share their weights: on average at least
/// [`SHARED_WEIGHTS`] literals per distinct weight (unit weights always do). Core-guided search
/// suits such levels (see `optimize::core_guided_suits`).
pub(crate) fn weights_shared(terms: &[(Value, i64)]) -> bool {
    let (softs, _) = soft_literals(terms);
    let mut weights: Vec<i64> = softs.iter().map(|&(_, w)| w).collect();
    weights.sort_unstable();
    weights.dedup();
    softs.len() >= SHARED_WEIGHTS * weights.len()
}

/// What the core-guided search of one level ended with.
pub(crate) enum LevelResult {
    /// No model at all (only possible on the first level).
    Unsatisfiable,
    /// The optimum, with the model that reaches it already reported.
    Optimal,
    /// The sink stopped the search at an improving model.
    Stopped,
}

/// Minimizes level `level_index` with cores; `best` is the best cost vector so far (updated),
/// `sink` gets improving models. The level is fixed at its optimum when this returns
/// `Optimal`.
pub(crate) fn minimize_level(
    program: &GroundProgram,
    tr: &Translation,
    search: &mut Search,
    ext: &mut Extension,
    level_index: usize,
    best: &mut Option<Vec<i64>>,
    sink: &mut dyn OptimizationSink,
) -> Result<LevelResult, SolveError> {
    let (softs, constant) = soft_literals(&tr.objective[level_index].terms);
    let mut weight: HashMap<CnfLit, i64> = softs.iter().copied().collect();
    // Assumption order: insertion order (deterministic runs).
    let mut order: Vec<CnfLit> = softs.iter().map(|&(l, _)| l).collect();
    let mut sums: Vec<Sum> = Vec::new();
    // soft literal → (sum, bound index) for the totalizers' outputs
    let mut of_sum: HashMap<CnfLit, (usize, usize)> = HashMap::new();
    let mut lower = constant;
    // Every model's cost on this level is at least `lower`; the best model's is an upper bound
    // (its higher levels are at their optimum, which they are now fixed at).
    let mut upper = best.as_ref().map(|b| b[level_index]);
    // Stratification: only soft literals of weight ≥ `stratum` are assumed, so that the heavy
    // ones are settled first (with all assumed at once, the cores of a weighted level mix
    // heavy and light literals and each raises the bound by the lightest weight).
    let mut stratum = softs.iter().map(|&(_, w)| w).max().unwrap_or(0);
    loop {
        order.retain(|l| weight.get(l).is_some_and(|&w| w > 0));
        if let Some(ub) = upper {
            harden(ext, &mut order, &mut weight, ub - lower);
        }
        let assumptions: Vec<CnfLit> = order
            .iter()
            .filter(|l| weight[l] >= stratum)
            .map(|&l| -l)
            .collect();
        if let Some(model) = search.next(ext.backend, &assumptions)? {
            let c = costs(tr, &model);
            if best.as_ref().is_none_or(|b| c < *b) {
                let next = sink.model(&shown_symbols(program, tr, &model), &model, &c, false);
                *best = Some(c.clone());
                if next == Next::Stop {
                    return Ok(LevelResult::Stopped);
                }
            }
            upper = Some(upper.map_or(c[level_index], |u| u.min(c[level_index])));
            // Weights are positive: the cost is `lower` exactly when no soft literal holds.
            let lighter = order
                .iter()
                .map(|l| weight[l])
                .filter(|&w| w < stratum)
                .max();
            match lighter {
                Some(w) if c[level_index] > lower => stratum = w,
                _ => {
                    debug_assert_eq!(
                        c[level_index], lower,
                        "a model under all assumptions is optimal"
                    );
                    // Fix the level: every remaining soft literal false.
                    for &l in &order {
                        ext.cnf.add_clause(&[-l]);
                    }
                    ext.flush();
                    return Ok(LevelResult::Optimal);
                }
            }
            continue;
        }
        let Some(core) = ext.backend.failed_core() else {
            return Err(SolveError::Failed(
                "the SAT back end gave no unsatisfiable core".into(),
            ));
        };
        if core.is_empty() {
            // Unsatisfiable without assumptions: the program has no model.
            return Ok(LevelResult::Unsatisfiable);
        }
        let mut core: Vec<CnfLit> = core.iter().map(|&a| -a).collect();
        // each literal pays `min` once, however often the back end lists it
        core.sort_unstable();
        core.dedup();
        let min = core
            .iter()
            .map(|l| weight[l])
            .min()
            .expect("non-empty core");
        lower += min;
        for l in &core {
            *weight.get_mut(l).expect("core of soft literals") -= min;
        }
        // Sums in the core: their next bound takes over the weight.
        for l in &core {
            if let Some(&(s, k)) = of_sum.get(l)
                && let Some(next) = output(ext, &mut sums[s], k + 1)
            {
                // The next count may be a soft literal already (an earlier core took this
                // sum's count before): it gains the weight, and is assumed once.
                let w = weight.entry(next).or_default();
                if *w == 0 {
                    order.push(next);
                }
                *w += min;
                of_sum.insert(next, (s, k + 1));
            }
        }
        if core.len() == 1 {
            // That literal is paid in every model.
            ext.cnf.add_clause(&[core[0]]);
            ext.flush();
            continue;
        }
        let mut sum = Sum {
            inputs: core.len(),
            totalizer: IncrementalTotalizer::new(&core),
        };
        if let Some(at_least_two) = output(ext, &mut sum, 1) {
            sums.push(sum);
            weight.insert(at_least_two, min);
            of_sum.insert(at_least_two, (sums.len() - 1, 1));
            order.push(at_least_two);
        }
    }
}

/// Makes false every soft literal heavier than `gap` (the upper bound minus the lower): a
/// model where it holds costs more than the best one already found, so no optimal model has it.
fn harden(
    ext: &mut Extension,
    order: &mut Vec<CnfLit>,
    weight: &mut HashMap<CnfLit, i64>,
    gap: i64,
) {
    let before = order.len();
    order.retain(|l| {
        if weight[l] > gap {
            ext.cnf.add_clause(&[-*l]);
            weight.insert(*l, 0);
            false
        } else {
            true
        }
    });
    if order.len() != before {
        ext.flush();
    }
}

/// The literal "at least `k + 1` inputs are true" of a sum, raising its totalizer's cut to
/// `k + 1` (only the new counts' clauses are added); `None` when `k` is beyond the inputs.
fn output(ext: &mut Extension, sum: &mut Sum, k: usize) -> Option<CnfLit> {
    if k >= sum.inputs {
        return None;
    }
    let totalizer = &mut sum.totalizer;
    let (out, clauses, vars) =
        EncodingStats::measure(&mut ext.cnf, |cnf| totalizer.outputs(cnf, k + 1)[k]);
    ext.stats.pb_clauses += clauses;
    ext.stats.pb_vars += vars;
    ext.flush();
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::{soft_literals, weights_shared};
    use crate::translate::Value;

    #[test]
    fn negative_weights_and_complements_become_constants() {
        let (softs, c) = soft_literals(&[
            (Value::Lit(1), 3),
            (Value::Lit(2), -2),
            (Value::True, 5),
            (Value::Lit(-1), 1),
        ]);
        // 3·x1 + 1·¬x1 = 1 + 2·x1; −2·x2 = −2 + 2·¬x2
        assert_eq!(c, 5 - 2 + 1);
        let mut softs = softs;
        softs.sort();
        assert_eq!(softs, vec![(-2, 2), (1, 2)]);
    }

    /// Unit weights and repeated weights are shared; a weight per literal is not (after
    /// merging a literal with its complement).
    #[test]
    fn weight_sharing() {
        let lits = |ws: &[i64]| -> Vec<(Value, i64)> {
            ws.iter()
                .enumerate()
                .map(|(i, &w)| (Value::Lit(i as i32 + 1), w))
                .collect()
        };
        assert!(weights_shared(&lits(&[1, 1, 1])));
        assert!(weights_shared(&lits(&[3, 5, 3, 5])));
        assert!(!weights_shared(&lits(&[3, 5, 7, 3])));
        assert!(!weights_shared(&lits(&[4, 7, 9, 12, 13])));
        // x1 and ¬x1 cancel to the constant 2 and one literal of weight 3: one soft literal
        assert!(!weights_shared(&[(Value::Lit(1), 5), (Value::Lit(-1), 2)]));
        assert!(weights_shared(&[]));
    }
}
