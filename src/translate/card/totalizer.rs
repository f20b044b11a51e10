//! The totalizer (Bailleux & Boufkhad 2003): a balanced tree of unary adders. With outputs cut
//! at `k` it has O(n·k) clauses (O(n log n) auxiliary variables at most), never all subsets.

use crate::cnf::{Cnf, CnfLit};

/// Returns `out` with `out[i] ↔ (at least i+1 of inputs are true)` for `i < min(k, n)`.
/// Both directions are encoded, so the outputs are functions of the inputs.
pub fn totalizer(cnf: &mut Cnf, inputs: &[CnfLit], k: usize) -> Vec<CnfLit> {
    if inputs.is_empty() || k == 0 {
        return Vec::new();
    }
    if inputs.len() == 1 {
        return vec![inputs[0]];
    }
    let mid = inputs.len() / 2;
    let a = totalizer(cnf, &inputs[..mid], k);
    let b = totalizer(cnf, &inputs[mid..], k);
    // Whether a child's count can exceed its outputs (it was cut at k).
    let a_cut = mid > a.len();
    let b_cut = inputs.len() - mid > b.len();
    let m = (a.len() + b.len()).min(k);
    let r: Vec<CnfLit> = (0..m).map(|_| cnf.new_var()).collect();
    // at(x, i): literal "at least i" of child x (i = 0 is true; beyond its length false unless cut)
    for i in 0..=a.len() {
        for j in 0..=b.len() {
            let sum = i + j;
            // Upward: a ≥ i ∧ b ≥ j → r ≥ i+j (sums beyond the cut follow from smaller ones)
            if sum >= 1 && sum <= m {
                let mut clause = Vec::with_capacity(3);
                if i > 0 {
                    clause.push(-a[i - 1]);
                }
                if j > 0 {
                    clause.push(-b[j - 1]);
                }
                clause.push(r[sum - 1]);
                cnf.add_clause(&clause);
            }
            // Downward: a < i+1 ∧ b < j+1 → r < i+j+1
            if sum < m {
                let mut clause = Vec::with_capacity(3);
                if i < a.len() {
                    clause.push(a[i]);
                } else if a_cut {
                    continue;
                }
                if j < b.len() {
                    clause.push(b[j]);
                } else if b_cut {
                    continue;
                }
                clause.push(-r[sum]);
                cnf.add_clause(&clause);
            }
        }
    }
    r
}

/// The number of clauses [`totalizer`] adds for `n` inputs cut at `k` (counted, not built).
pub fn clauses(n: usize, k: usize) -> usize {
    if n <= 1 || k == 0 {
        return 0;
    }
    let mid = n / 2;
    let (la, lb) = (mid.min(k), (n - mid).min(k));
    let (a_cut, b_cut) = (mid > la, n - mid > lb);
    let m = (la + lb).min(k) as i64;
    let (la, lb) = (la as i64, lb as i64);
    let mut count = 0i64;
    for i in 0..=la {
        // upward: 1 ≤ i + j ≤ m
        let (lo, hi) = ((1 - i).max(0), lb.min(m - i));
        count += (hi - lo + 1).max(0);
        // downward: i + j < m, skipping a cut child's last "at least" + 1
        if i == la && a_cut {
            continue;
        }
        let jmax = if b_cut { lb - 1 } else { lb };
        count += (jmax.min(m - 1 - i) + 1).max(0);
    }
    count as usize + clauses(mid, k) + clauses(n - mid, k)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// At most one of n: O(n) clauses, far below the n²/2 of the pairwise encoding.
    #[test]
    fn at_most_one_is_linear() {
        let mut cnf = Cnf::new();
        let inputs: Vec<CnfLit> = (0..1000).map(|_| cnf.new_var()).collect();
        totalizer(&mut cnf, &inputs, 2);
        assert!(
            cnf.num_clauses() < 10 * 1000,
            "{} clauses",
            cnf.num_clauses()
        );
    }
}
