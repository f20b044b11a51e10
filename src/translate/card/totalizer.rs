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
    merge(cnf, (&a, a_cut), (&b, b_cut), &r, 0);
    r
}

/// The clauses of one unary adder `r = a + b` for the outputs `r[from..]` (sums `from + 1`
/// and up; the outputs below already have theirs). A child marked cut may count beyond its
/// outputs. Every clause concerns an output of `r[from..]`, so an adder whose children and
/// outputs grew (the incremental totalizer) needs only these.
fn merge(
    cnf: &mut Cnf,
    (a, a_cut): (&[CnfLit], bool),
    (b, b_cut): (&[CnfLit], bool),
    r: &[CnfLit],
    from: usize,
) {
    let m = r.len();
    // at(x, i): literal "at least i" of child x (i = 0 is true; beyond its length false unless cut)
    for i in 0..=a.len() {
        for j in 0..=b.len() {
            let sum = i + j;
            // Upward: a ≥ i ∧ b ≥ j → r ≥ i+j (sums beyond the cut follow from smaller ones)
            if sum > from && sum <= m {
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
            if sum >= from && sum < m {
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
}

/// A totalizer whose cut can be raised later (Martins et al., "Incremental Cardinality
/// Constraints for MaxSAT", 2014): each adder of the tree keeps its outputs, and raising the
/// cut adds to each adder only the outputs and clauses for the new counts. Core-guided
/// optimization asks for "at least k + 1" of a core after "at least k"; re-encoding the tree
/// each time would repeat every clause of the lower counts.
#[derive(Debug)]
pub struct IncrementalTotalizer {
    /// The tree's adders, children before parents (the root last); a leaf is an input.
    nodes: Vec<Adder>,
}

#[derive(Debug)]
struct Adder {
    /// How many inputs the adder counts.
    size: usize,
    /// The children's indices (none for a leaf).
    children: Option<(usize, usize)>,
    /// `outputs[i]` ↔ at least `i + 1` of its inputs.
    outputs: Vec<CnfLit>,
}

impl IncrementalTotalizer {
    /// The tree over `inputs`, with no outputs encoded yet (nothing is added to a formula).
    pub fn new(inputs: &[CnfLit]) -> Self {
        let mut t = IncrementalTotalizer { nodes: Vec::new() };
        if !inputs.is_empty() {
            t.build(inputs);
        }
        t
    }

    fn build(&mut self, inputs: &[CnfLit]) -> usize {
        let adder = if inputs.len() == 1 {
            Adder {
                size: 1,
                children: None,
                outputs: vec![inputs[0]],
            }
        } else {
            let mid = inputs.len() / 2;
            let a = self.build(&inputs[..mid]);
            let b = self.build(&inputs[mid..]);
            Adder {
                size: inputs.len(),
                children: Some((a, b)),
                outputs: Vec::new(),
            }
        };
        self.nodes.push(adder);
        self.nodes.len() - 1
    }

    /// Returns `out` with `out[i] ↔ (at least i+1 of inputs are true)` for `i < min(k, n)`,
    /// adding to `cnf` only what the outputs below earlier cuts did not need.
    pub fn outputs(&mut self, cnf: &mut Cnf, k: usize) -> &[CnfLit] {
        match self.nodes.len() {
            0 => &[],
            n => {
                self.extend(cnf, n - 1, k);
                let root = &self.nodes[n - 1].outputs;
                &root[..k.min(root.len())]
            }
        }
    }

    /// Raises adder `at`'s cut to `k` (its children's first).
    fn extend(&mut self, cnf: &mut Cnf, at: usize, k: usize) {
        let Some((a, b)) = self.nodes[at].children else {
            return;
        };
        let want = k.min(self.nodes[at].size);
        let from = self.nodes[at].outputs.len();
        if want <= from {
            return;
        }
        self.extend(cnf, a, k);
        self.extend(cnf, b, k);
        let child = |t: &Self, c: usize| {
            let node = &t.nodes[c];
            (node.outputs.clone(), node.outputs.len() < node.size)
        };
        let (a_out, a_cut) = child(self, a);
        let (b_out, b_cut) = child(self, b);
        let mut r = std::mem::take(&mut self.nodes[at].outputs);
        r.extend((from..want).map(|_| cnf.new_var()));
        merge(cnf, (&a_out, a_cut), (&b_out, b_cut), &r, from);
        self.nodes[at].outputs = r;
    }
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

    /// Raising the cut one count at a time keeps every output exact in the formula holding
    /// all stages, and ends with exactly the clauses of the uncut totalizer (nothing repeated).
    #[test]
    fn incremental_cuts_count_exactly_and_add_nothing_twice() {
        use crate::translate::testutil::assert_counts_exactly;
        for n in 0..=7usize {
            for step in 1..=3usize {
                let mut cnf = Cnf::new();
                let inputs: Vec<CnfLit> = (0..n).map(|_| cnf.new_var()).collect();
                let mut t = IncrementalTotalizer::new(&inputs);
                let mut k = 0;
                while k <= n {
                    k += step;
                    let out = t.outputs(&mut cnf, k).to_vec();
                    assert_eq!(out.len(), k.min(n), "n={n} k={k}");
                    assert_counts_exactly(&cnf, &inputs, &out, &format!("n={n} k={k}"));
                }
                assert_eq!(cnf.num_clauses(), clauses(n, n), "n={n} step {step}");
                // asking again adds nothing
                t.outputs(&mut cnf, n);
                assert_eq!(cnf.num_clauses(), clauses(n, n), "n={n} again");
            }
        }
    }

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
