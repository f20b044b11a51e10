//! Level ranking (in the style of Janhunen's lp2sat): an eager translation of non-tight
//! programs whose CNF models, restricted to the atoms, are exactly the answer sets.
//!
//! Each atom of a cyclic component `C` gets a rank: a bit vector of ⌈log2 |C|⌉ bits. An atom of
//! `C` may be true only if one of its supports holds and every atom of `C` that the support
//! depends on positively has a strictly smaller rank. In an answer set the ranks can be the order
//! in which the least model of the reduct derives the atoms of `C` (at most |C| distinct
//! levels); conversely, ranks make every true atom derivable, so the model is stable.
//!
//! The comparators are one-directional (an auxiliary literal implies `rank(b) < rank(a)`), which
//! suffices since they only occur positively. Size per component: ⌈log2 |C|⌉ variables per atom
//! and O(log |C|) variables and clauses per positive internal edge `(b, a)`. False atoms get
//! rank 0, so they add no spurious models.
//!
//! The unique variant ([`encode_unique`], `--translation unique-ranking`) gives each atom its
//! derivation step instead of some consistent rank, so an answer set has exactly one model: for
//! each step `j < |C|`, `derived(a, j)` holds exactly when `a` is true and one of its supports
//! holds whose internal atoms were all derived by step `j - 1` (step 0: supports without internal
//! atoms), and a true atom must be derived by the last step. These are definitions (both
//! directions), so every auxiliary variable is a function of the atoms. Size: |C| steps, each
//! an and-node per support: O(|C| · Σ support sizes), quadratic where the logarithmic ranking
//! is O(log |C|) per edge.

use super::loops::Loops;
use super::{Builder, Value};
use crate::cnf::CnfLit;
use crate::program::AtomId;
use std::collections::HashMap;

/// ⌈log2 n⌉ (0 for n ≤ 1).
fn bits(n: usize) -> usize {
    (usize::BITS - n.saturating_sub(1).leading_zeros()) as usize
}

/// A literal that implies `x < y` for bit vectors (least significant bit first).
fn less_than(b: &mut Builder, x: &[CnfLit], y: &[CnfLit]) -> CnfLit {
    let mut prev: Option<CnfLit> = None;
    for i in 0..x.len() {
        let lt = b.cnf.new_var();
        b.cnf.add_clause(&[-lt, -x[i], y[i]]);
        match prev {
            None => {
                b.cnf.add_clause(&[-lt, -x[i]]);
                b.cnf.add_clause(&[-lt, y[i]]);
            }
            Some(p) => {
                b.cnf.add_clause(&[-lt, y[i], p]);
                b.cnf.add_clause(&[-lt, -x[i], p]);
            }
        }
        prev = Some(lt);
    }
    prev.expect("comparators have at least one bit")
}

pub(super) fn encode(b: &mut Builder, loops: &Loops) {
    for comp in &loops.components {
        let k = bits(comp.len());
        let mut rank: HashMap<AtomId, Vec<CnfLit>> = HashMap::with_capacity(comp.len());
        for &a in comp {
            let r: Vec<CnfLit> = (0..k).map(|_| b.cnf.new_var()).collect();
            if let Value::Lit(av) = b.atoms[a.0 as usize] {
                for &bit in &r {
                    b.cnf.add_clause(&[av, -bit]);
                }
            }
            rank.insert(a, r);
        }
        let mut lt: HashMap<(AtomId, AtomId), CnfLit> = HashMap::new();
        for &a in comp {
            let Value::Lit(av) = b.atoms[a.0 as usize] else {
                continue;
            };
            let mut clause = vec![Value::Lit(-av)];
            for &s in &loops.supports_of[a.0 as usize] {
                let s = &loops.supports[s as usize];
                if s.internal.is_empty() {
                    clause.push(s.value);
                    continue;
                }
                if s.internal.contains(&a) {
                    continue; // a support through the atom itself never founds it
                }
                let t = b.cnf.new_var();
                if let Value::Lit(v) = s.value {
                    b.cnf.add_clause(&[-t, v]);
                }
                for &d in &s.internal {
                    let l = match lt.get(&(d, a)) {
                        Some(&l) => l,
                        None => {
                            let l = less_than(b, &rank[&d], &rank[&a]);
                            lt.insert((d, a), l);
                            l
                        }
                    };
                    b.cnf.add_clause(&[-t, l]);
                }
                clause.push(Value::Lit(t));
            }
            b.clause(&clause);
        }
    }
}

/// The unique level ranking (see the module documentation).
pub(super) fn encode_unique(b: &mut Builder, loops: &Loops) {
    for comp in &loops.components {
        // derived[a]: `derived(a, j)` at the latest step j computed.
        let mut derived: HashMap<AtomId, Value> = HashMap::with_capacity(comp.len());
        for step in 0..comp.len() {
            let mut next: Vec<(AtomId, Value)> = Vec::with_capacity(comp.len());
            for &a in comp {
                let atom = b.atoms[a.0 as usize];
                if !matches!(atom, Value::Lit(_)) {
                    next.push((a, atom)); // decided: nothing to derive
                    continue;
                }
                let mut ways = Vec::new();
                for &s in &loops.supports_of[a.0 as usize] {
                    let s = &loops.supports[s as usize];
                    // A support through the atom itself never derives it; at step 0 only
                    // supports without internal atoms do.
                    if s.internal.contains(&a) || (step == 0 && !s.internal.is_empty()) {
                        continue;
                    }
                    let mut parts = vec![s.value];
                    parts.extend(s.internal.iter().map(|d| derived[d]));
                    ways.push(b.and(parts));
                }
                let any = b.or(ways);
                next.push((a, b.and([atom, any])));
            }
            derived.extend(next);
        }
        for &a in comp {
            // A true atom is derived by the last step (the converse holds by definition).
            b.clause(&[b.atoms[a.0 as usize].negate(), derived[&a]]);
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn bits_is_ceil_log2() {
        let got: Vec<usize> = [1, 2, 3, 4, 5, 8, 9, 16, 17].map(super::bits).to_vec();
        assert_eq!(got, [0, 1, 2, 2, 3, 3, 4, 4, 5]);
    }
}
