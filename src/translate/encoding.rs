//! The choice of cardinality and pseudo-Boolean encodings, and what they cost.

use super::card::{self, CardEncoding};
use super::pb::surrogate::ReifiedSum;
use super::pb::{PbEncoder, PbEncoding};
use super::{Builder, Value};
use crate::cnf::{Cnf, CnfLit};

/// Which encodings the translation and the optimizer use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EncodingOptions {
    /// Choice bounds and `#count` aggregates.
    pub card: CardEncoding,
    /// `#sum` aggregates and optimization bounds.
    pub pb: PbEncoding,
    /// `#edge` acyclicity constraints.
    pub acyc: super::acyclic::AcycEncoding,
}

/// Clauses and auxiliary variables created by cardinality and pseudo-Boolean encodings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EncodingStats {
    pub card_clauses: usize,
    pub card_vars: usize,
    pub pb_clauses: usize,
    pub pb_vars: usize,
}

impl EncodingStats {
    /// Runs `f` on `cnf` and returns its result with the clauses and variables it added.
    pub fn measure<T>(cnf: &mut Cnf, f: impl FnOnce(&mut Cnf) -> T) -> (T, usize, usize) {
        let (clauses, vars) = (cnf.num_clauses(), cnf.num_vars());
        let result = f(cnf);
        (
            result,
            cnf.num_clauses() - clauses,
            (cnf.num_vars() - vars) as usize,
        )
    }
}

/// The encoders of one translation and what they added.
pub(super) struct Encoders {
    options: EncodingOptions,
    pb: PbEncoder,
    pub(super) stats: EncodingStats,
    /// Every sum encoded, with its literal, when `record_sums`: those the CNF asserts bound
    /// the optimizer's surrogates ([`super::pb::surrogate`]).
    pub(super) sums: Vec<ReifiedSum>,
    pub(super) record_sums: bool,
}

impl Encoders {
    pub(super) fn new(options: EncodingOptions) -> Self {
        Encoders {
            options,
            pb: PbEncoder::new(options.pb),
            stats: EncodingStats::default(),
            sums: Vec::new(),
            record_sums: false,
        }
    }
    /// The "at most one" sets the pseudo-Boolean encodings may rely on.
    pub(super) fn set_amo(&mut self, amo: super::pb::AmoSets) {
        self.pb.set_amo(amo);
    }
}

impl Builder<'_> {
    /// `out[i] ↔ (at least i+1 of inputs)` for `i < min(k, n)`, by the chosen encoding.
    pub(super) fn at_least(&mut self, inputs: &[CnfLit], k: usize) -> Vec<CnfLit> {
        let encoding = self.encoders.options.card;
        let (out, clauses, vars) = EncodingStats::measure(&mut self.cnf, |cnf| {
            card::at_least(cnf, inputs, k, encoding)
        });
        self.encoders.stats.card_clauses += clauses;
        self.encoders.stats.card_vars += vars;
        out
    }

    /// A literal equivalent to `Σ wᵢ·[xᵢ] ∈ allowed`, by the chosen encoding.
    pub(super) fn sum_in(&mut self, items: &[(Value, i64)], allowed: &[(i64, i64)]) -> Value {
        let pb = &mut self.encoders.pb;
        let (v, clauses, vars) =
            EncodingStats::measure(&mut self.cnf, |cnf| pb.sum_in(cnf, items, allowed));
        self.encoders.stats.pb_clauses += clauses;
        self.encoders.stats.pb_vars += vars;
        self.record_sum(items, allowed, v);
        v
    }

    /// Records that `v` is equivalent to `Σ items ∈ allowed` (sums and counts), for the
    /// optimizer's surrogate bounds.
    pub(super) fn record_sum(&mut self, items: &[(Value, i64)], allowed: &[(i64, i64)], v: Value) {
        if let (Value::Lit(lit), true) = (v, self.encoders.record_sums) {
            self.encoders.sums.push(ReifiedSum {
                items: items.to_vec(),
                allowed: allowed.to_vec(),
                lit,
            });
        }
    }
}
