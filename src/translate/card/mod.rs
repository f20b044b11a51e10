//! Cardinality encodings: literals that say "at least k of these inputs are true".
//!
//! Every encoding has the same contract: given inputs `x₁..xₙ` and a cut `k`, it returns `out`
//! of length `min(k, n)` with `out[i] ↔ (at least i+1 inputs are true)`. Both directions are
//! encoded (the outputs are functions of the inputs), because aggregates are reified: callers
//! use an output positively and negatively. With the inputs fixed, unit propagation alone
//! decides every output.
//!
//! | encoding | clauses | auxiliary variables |
//! |---|---|---|
//! | [`totalizer`] (Bailleux & Boufkhad 2003) | O(n·k) (O(n²) uncut) | O(n log k) |
//! | [`seqcounter`] (Sinz 2005) | ≤ 4·n·k | ≤ n·k |
//! | [`sortnet`] (Batcher's odd-even merge, cut as in Asín et al. 2011) | O(n log² k) | O(n log² k) |
//!
//! For small `k` the totalizer is the smallest (n = 200, k = 6: 3608 clauses against 4532 and
//! 4518); the sorting network wins for large `k` (n log² k against n·k).
//!
//! [`CardEncoding::Auto`] counts the clauses each encoding would add (exactly, without building
//! them) and takes the smallest.

mod seqcounter;
mod sortnet;
mod totalizer;

pub use seqcounter::seqcounter;
pub use sortnet::sortnet;
pub use totalizer::{IncrementalTotalizer, totalizer};

use crate::cnf::{Cnf, CnfLit};

/// Which cardinality encoding to use (`--card-encoding`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum CardEncoding {
    /// Totalizer (unary counts by merging)
    Totalizer,
    /// Sequential counter
    #[value(name = "seqcounter")]
    SeqCounter,
    /// Sorting network (odd-even merge)
    #[value(name = "sortnet")]
    SortNet,
    /// The one with the fewest clauses for each constraint (the totalizer for small bounds,
    /// the sorting network for large ones)
    #[default]
    Auto,
}

impl CardEncoding {
    /// Every concrete encoding (not `Auto`).
    pub const CONCRETE: [CardEncoding; 3] = [
        CardEncoding::Totalizer,
        CardEncoding::SeqCounter,
        CardEncoding::SortNet,
    ];

    pub fn name(self) -> &'static str {
        match self {
            CardEncoding::Totalizer => "totalizer",
            CardEncoding::SeqCounter => "seqcounter",
            CardEncoding::SortNet => "sortnet",
            CardEncoding::Auto => "auto",
        }
    }

    /// The clauses this encoding adds for `n` inputs cut at `k` (`Auto`: the smallest).
    pub fn clauses(self, n: usize, k: usize) -> usize {
        match self {
            CardEncoding::Totalizer => totalizer::clauses(n, k),
            CardEncoding::SeqCounter => seqcounter::clauses(n, k),
            CardEncoding::SortNet => sortnet::clauses(n, k),
            CardEncoding::Auto => self.resolve(n, k).clauses(n, k),
        }
    }

    /// The concrete encoding used for `n` inputs cut at `k`: `Auto` takes the one with the
    /// fewest clauses (ties go to the earlier in [`CardEncoding::CONCRETE`]).
    pub fn resolve(self, n: usize, k: usize) -> CardEncoding {
        match self {
            CardEncoding::Auto => CardEncoding::CONCRETE
                .into_iter()
                .min_by_key(|e| e.clauses(n, k))
                .expect("non-empty"),
            e => e,
        }
    }
}

impl std::fmt::Display for CardEncoding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The command line's spelling (clap's [`clap::ValueEnum`]).
impl std::str::FromStr for CardEncoding {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        <Self as clap::ValueEnum>::from_str(s, false)
    }
}

/// `out[i] ↔ (at least i+1 of inputs are true)` for `i < min(k, n)`, by the given encoding.
pub fn at_least(cnf: &mut Cnf, inputs: &[CnfLit], k: usize, encoding: CardEncoding) -> Vec<CnfLit> {
    match encoding.resolve(inputs.len(), k) {
        CardEncoding::Totalizer => totalizer(cnf, inputs, k),
        CardEncoding::SeqCounter => seqcounter(cnf, inputs, k),
        CardEncoding::SortNet => sortnet(cnf, inputs, k),
        CardEncoding::Auto => unreachable!("resolved"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::translate::testutil::{assert_counts_exactly, assert_forced, signed};

    /// For every encoding, every n ≤ 7, every cut and every assignment of the inputs, the
    /// outputs are forced to the unary count.
    #[test]
    fn every_encoding_counts_exactly() {
        for enc in CardEncoding::CONCRETE
            .into_iter()
            .chain([CardEncoding::Auto])
        {
            for n in 0..=7usize {
                for k in 0..=n + 1 {
                    let mut cnf = Cnf::new();
                    let inputs: Vec<CnfLit> = (0..n).map(|_| cnf.new_var()).collect();
                    let out = at_least(&mut cnf, &inputs, k, enc);
                    assert_eq!(out.len(), n.min(k), "{enc} n={n} k={k}");
                    assert_eq!(
                        cnf.num_clauses(),
                        enc.clauses(n, k),
                        "{enc} n={n} k={k}: clause count estimate"
                    );
                    assert_counts_exactly(&cnf, &inputs, &out, &format!("{enc} n={n} k={k}"));
                }
            }
        }
    }

    /// Inputs given as negative literals, and repeated ones, count like any other literal.
    #[test]
    fn negative_and_repeated_inputs() {
        for enc in CardEncoding::CONCRETE {
            let mut cnf = Cnf::new();
            let x: Vec<CnfLit> = (0..3).map(|_| cnf.new_var()).collect();
            let inputs = [x[0], -x[1], x[2], x[0], -x[2]];
            let out = at_least(&mut cnf, &inputs, 5, enc);
            for mask in 0u32..8 {
                let val = |l: CnfLit| (mask >> (l.unsigned_abs() - 1) & 1 == 1) == (l > 0);
                let count = inputs.iter().filter(|&&l| val(l)).count();
                let fixed: Vec<CnfLit> = x.iter().map(|&v| signed(v, val(v))).collect();
                let expected: Vec<bool> = (0..out.len()).map(|i| count > i).collect();
                assert_forced(
                    &cnf,
                    &fixed,
                    &out,
                    &expected,
                    &format!("{enc} mask={mask:b}"),
                );
            }
        }
    }

    /// At most k of n is never binomial: n = 200, k = 5 (outputs cut at k+1) stays under a few
    /// thousand clauses for each encoding, and n = 1000, k = 1 is linear.
    #[test]
    fn sizes_are_polynomial() {
        for enc in CardEncoding::CONCRETE
            .into_iter()
            .chain([CardEncoding::Auto])
        {
            for (n, k, limit) in [(200, 6, 5000), (1000, 2, 10_000)] {
                let mut cnf = Cnf::new();
                let inputs: Vec<CnfLit> = (0..n).map(|_| cnf.new_var()).collect();
                at_least(&mut cnf, &inputs, k, enc);
                let c = cnf.num_clauses();
                println!(
                    "{enc}: n={n} k={k}: {c} clauses, {} vars",
                    cnf.num_vars() - n as u32
                );
                assert!(c < limit, "{enc}: n={n} k={k}: {c} clauses");
            }
        }
    }

    #[test]
    fn names_round_trip() {
        for enc in CardEncoding::CONCRETE
            .into_iter()
            .chain([CardEncoding::Auto])
        {
            assert_eq!(enc.name().parse::<CardEncoding>(), Ok(enc));
        }
        assert!("bdd".parse::<CardEncoding>().is_err());
    }
}
