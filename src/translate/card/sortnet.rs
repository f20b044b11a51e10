//! A cardinality network: Batcher's odd-even merge sort, cut to the outputs needed (as in Asín,
//! Nieuwenhuis, Oliveras & Rodríguez-Carbonell, "Cardinality Networks", 2011). Sorting the
//! inputs in descending order makes output `i` true exactly when at least i+1 inputs are.
//!
//! A merge asked for its top `k` outputs only needs the top `k` of each sorted input, and its
//! odd and even sub-merges only about `k/2` each, so the network has O(n log² k) comparators.
//! A comparator is `max = a ∨ b`, `min = a ∧ b`, 3 clauses for each output that is needed; the
//! last comparator of a cut merge often needs only its `max`.

use crate::cnf::{Cnf, CnfLit};

/// Returns `out` with `out[i] ↔ (at least i+1 of inputs are true)` for `i < min(k, n)`.
pub fn sortnet(cnf: &mut Cnf, inputs: &[CnfLit], k: usize) -> Vec<CnfLit> {
    let mut net = Net {
        cnf: Some(cnf),
        clauses: 0,
    };
    net.sort(inputs, k)
}

/// The number of clauses [`sortnet`] adds for `n` inputs cut at `k` (a dry run of the
/// construction, without clauses).
pub fn clauses(n: usize, k: usize) -> usize {
    let mut net = Net {
        cnf: None,
        clauses: 0,
    };
    net.sort(&vec![0; n], k);
    net.clauses
}

/// The network under construction; without a CNF it only counts clauses.
struct Net<'a> {
    cnf: Option<&'a mut Cnf>,
    clauses: usize,
}

impl Net<'_> {
    fn var(&mut self) -> CnfLit {
        match &mut self.cnf {
            Some(cnf) => cnf.new_var(),
            None => 0,
        }
    }

    fn clause(&mut self, c: &[CnfLit]) {
        self.clauses += 1;
        if let Some(cnf) = &mut self.cnf {
            cnf.add_clause(c);
        }
    }

    /// `a ∨ b`, both directions.
    fn max(&mut self, a: CnfLit, b: CnfLit) -> CnfLit {
        let m = self.var();
        self.clause(&[-a, m]);
        self.clause(&[-b, m]);
        self.clause(&[-m, a, b]);
        m
    }

    /// `a ∧ b`, both directions.
    fn min(&mut self, a: CnfLit, b: CnfLit) -> CnfLit {
        let m = self.var();
        self.clause(&[-m, a]);
        self.clause(&[-m, b]);
        self.clause(&[-a, -b, m]);
        m
    }

    /// The top `min(k, n)` of the inputs sorted in descending order.
    fn sort(&mut self, xs: &[CnfLit], k: usize) -> Vec<CnfLit> {
        if k == 0 {
            return Vec::new();
        }
        if xs.len() <= 1 {
            return xs.to_vec();
        }
        let mid = xs.len() / 2;
        let a = self.sort(&xs[..mid], k);
        let b = self.sort(&xs[mid..], k);
        self.merge(&a, &b, k)
    }

    /// The top `min(k, |a| + |b|)` of the merge of two descending sequences (Batcher's
    /// odd-even merge: works for any two lengths).
    fn merge(&mut self, a: &[CnfLit], b: &[CnfLit], k: usize) -> Vec<CnfLit> {
        let a = &a[..a.len().min(k)];
        let b = &b[..b.len().min(k)];
        let len = (a.len() + b.len()).min(k);
        if a.is_empty() {
            return b[..len].to_vec();
        }
        if b.is_empty() {
            return a[..len].to_vec();
        }
        if a.len() == 1 && b.len() == 1 {
            let mut out = vec![self.max(a[0], b[0])];
            if len == 2 {
                out.push(self.min(a[0], b[0]));
            }
            return out;
        }
        let evens = |s: &[CnfLit]| s.iter().step_by(2).copied().collect::<Vec<_>>();
        let odds = |s: &[CnfLit]| s.iter().skip(1).step_by(2).copied().collect::<Vec<_>>();
        // out[0] = v[0]; out[2i+1], out[2i+2] = max, min of (w[i], v[i+1]); a leftover last.
        let v = self.merge(&evens(a), &evens(b), 1 + len / 2);
        let w = self.merge(&odds(a), &odds(b), len / 2);
        let mut out = Vec::with_capacity(len);
        out.push(v[0]);
        let mut i = 0;
        while out.len() < len {
            match (w.get(i), v.get(i + 1)) {
                (Some(&x), Some(&y)) => {
                    out.push(self.max(x, y));
                    if out.len() < len {
                        out.push(self.min(x, y));
                    }
                }
                (Some(&x), None) | (None, Some(&x)) => out.push(x),
                (None, None) => unreachable!("the merge has {len} outputs"),
            }
            i += 1;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::translate::testutil::assert_counts_exactly;

    /// Larger inputs than the shared test (odd sizes exercise merges of unequal lengths).
    #[test]
    fn counts_exactly_up_to_eleven_inputs() {
        for n in [8usize, 9, 11] {
            for k in [1, 2, 3, 5, n] {
                let mut cnf = Cnf::new();
                let inputs: Vec<CnfLit> = (0..n).map(|_| cnf.new_var()).collect();
                let out = sortnet(&mut cnf, &inputs, k);
                assert_eq!(out.len(), k.min(n));
                assert_eq!(cnf.num_clauses(), clauses(n, k));
                assert_counts_exactly(&cnf, &inputs, &out, &format!("n={n} k={k}"));
            }
        }
    }
}
