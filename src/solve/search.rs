//! The search step every search shares (enumeration, optimization, optN's optimal models): ask
//! the back end, check its assignment against the CNF, drop models that are not answer sets
//! (adding the loop nogoods or the minimality block that exclude them) and ask again.

use super::stability::Hook;
use super::{SatBackend, SolveError, SolveStats, check_cnf_model};
use crate::cnf::CnfLit;
use crate::program::GroundProgram;
use crate::translate::Translation;
use std::time::Instant;

/// One search over a translation: its stability hook and what it measured.
pub(crate) struct Search<'a> {
    tr: &'a Translation,
    stability: Hook<'a>,
    pub stats: SolveStats,
    start: Instant,
}

impl<'a> Search<'a> {
    pub fn new(program: &'a GroundProgram, tr: &'a Translation) -> Self {
        Search {
            tr,
            stability: Hook::new(program, tr),
            stats: SolveStats::default(),
            start: Instant::now(),
        }
    }

    /// The next answer set (as the solver's assignment) under `assumptions`, or `None` when
    /// there is none. Counts it in `stats.models`.
    pub fn next(
        &mut self,
        backend: &mut dyn SatBackend,
        assumptions: &[CnfLit],
    ) -> Result<Option<Vec<bool>>, SolveError> {
        let call = Instant::now();
        loop {
            let one_call = Instant::now();
            let result = backend.solve_assuming(assumptions)?;
            self.stats.solver_calls += 1;
            let Some(model) = result else {
                self.stats.unsat_calls.record(one_call.elapsed());
                self.stats.unsat_time += call.elapsed();
                return Ok(None);
            };
            self.stats.sat_calls.record(one_call.elapsed());
            check_cnf_model(self.tr, &model)?;
            if self.stability.reject(&model, backend, &mut self.stats) {
                continue;
            }
            self.stats.models += 1;
            self.stats.first_model.get_or_insert(self.start.elapsed());
            return Ok(Some(model));
        }
    }

    /// Whether an assignment found without the solver (it must be total) is an answer set:
    /// it satisfies the CNF and passes the stability or minimality check (whose clauses then go
    /// to the back end). Counts it in `stats.models` when it is.
    pub fn accept(&mut self, model: &[bool], backend: &mut dyn SatBackend) -> bool {
        if !self.tr.cnf.satisfied_by(model)
            || self.stability.reject(model, backend, &mut self.stats)
        {
            return false;
        }
        self.stats.models += 1;
        self.stats.first_model.get_or_insert(self.start.elapsed());
        true
    }

    /// The statistics, with the search's total time.
    pub fn finish(mut self) -> SolveStats {
        self.stats.solve_time = self.start.elapsed();
        self.stats
    }
}

/// The clause that excludes every assignment agreeing with `model` on `vars` (each variable
/// negated as it is in the model; `vars` may hold negative literals).
pub(crate) fn blocking_clause(vars: &[CnfLit], model: &[bool]) -> Vec<CnfLit> {
    vars.iter()
        .map(|&v| {
            if model[v.unsigned_abs() as usize] == (v > 0) {
                -v
            } else {
                v
            }
        })
        .collect()
}
