//! The sequential counter (Sinz 2005), made an equivalence: register `s[i][j]` says "at least
//! j+1 of the first i+1 inputs are true" and is defined by
//! `s[i][j] ↔ s[i−1][j] ∨ (xᵢ ∧ s[i−1][j−1])`. Registers are cut at `k` (and at `i+1`, since
//! i+1 inputs never reach more), so it has at most 4·n·k clauses and n·k auxiliary variables.
//! Its outputs are the last row of registers.

use crate::cnf::{Cnf, CnfLit};

/// Returns `out` with `out[i] ↔ (at least i+1 of inputs are true)` for `i < min(k, n)`.
pub fn seqcounter(cnf: &mut Cnf, inputs: &[CnfLit], k: usize) -> Vec<CnfLit> {
    let k = k.min(inputs.len());
    if k == 0 {
        return Vec::new();
    }
    // row: registers over the inputs so far; row.len() = min(i+1, k)
    let mut row = vec![inputs[0]];
    for (i, &x) in inputs.iter().enumerate().skip(1) {
        let width = (i + 1).min(k);
        let mut next = Vec::with_capacity(width);
        for j in 0..width {
            let s = cnf.new_var();
            // prev: "at least j+1 before xᵢ" (absent when j ≥ i: false);
            // carry: "at least j before xᵢ" (true for j = 0)
            let prev = row.get(j).copied();
            let carry = if j == 0 { None } else { Some(row[j - 1]) };
            match prev {
                Some(p) => {
                    cnf.add_clause(&[-p, s]);
                    match carry {
                        None => {
                            // s ↔ p ∨ x
                            cnf.add_clause(&[-x, s]);
                            cnf.add_clause(&[-s, p, x]);
                        }
                        Some(c) => {
                            cnf.add_clause(&[-x, -c, s]);
                            cnf.add_clause(&[-s, p, x]);
                            cnf.add_clause(&[-s, p, c]);
                        }
                    }
                }
                None => {
                    // s ↔ x ∧ carry (j = i ≥ 1, so the carry exists)
                    let c = carry.expect("j ≥ 1");
                    cnf.add_clause(&[-x, -c, s]);
                    cnf.add_clause(&[-s, x]);
                    cnf.add_clause(&[-s, c]);
                }
            }
            next.push(s);
        }
        row = next;
    }
    row
}

/// The number of clauses [`seqcounter`] adds for `n` inputs cut at `k`.
pub fn clauses(n: usize, k: usize) -> usize {
    let k = k.min(n);
    if k == 0 {
        return 0;
    }
    (1..n)
        .map(|i| {
            let width = (i + 1).min(k);
            // j = 0: 3 clauses; 1 ≤ j < i: 4; j = i (only when i < k): 3
            let top = usize::from(i < k);
            3 + 4 * (width - 1 - top) + 3 * top
        })
        .sum()
}
