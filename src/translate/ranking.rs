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

#[cfg(test)]
mod tests {
    #[test]
    fn bits_is_ceil_log2() {
        let got: Vec<usize> = [1, 2, 3, 4, 5, 8, 9, 16, 17].map(super::bits).to_vec();
        assert_eq!(got, [0, 1, 2, 2, 3, 3, 4, 4, 5]);
    }
}
