//! Solving: a SAT back end behind a small trait, the search step every search shares
//! ([`search`]: solve, check against the CNF, stability or minimality, model), model
//! enumeration ([`enumerate`]: a backtracking walk over the atoms that determine the answer
//! set, or the shown ones with `--project`); optimization is in [`optimize`].

#[cfg(feature = "cadical-embedded")]
mod cadical_backend;
pub mod check;
pub mod consequences;
mod core_guided;
mod enumerate;
pub mod external;
pub(crate) mod minimality;
pub mod optimize;
mod propagate;
mod search;
mod select;
pub(crate) mod stability;
mod unfounded;
mod varisat_backend;

pub use enumerate::{Next, enumerate, projected_vars};
pub(crate) use search::{Search, blocking_clause};
pub use select::SolverChoice;
pub use varisat_backend::VarisatBackend;

use crate::cnf::{Cnf, CnfLit};
use crate::program::GroundProgram;
use crate::symbol::Sym;
use crate::translate::{Translation, Value};
use std::time::Duration;

/// A SAT solver that can be given more clauses between calls.
pub trait SatBackend {
    fn add_clause(&mut self, clause: &[CnfLit]);
    /// `Ok(Some(model))` with `model[v]` the value of variable `v` (index 0 unused),
    /// `Ok(None)` when unsatisfiable.
    fn solve(&mut self) -> Result<Option<Vec<bool>>, SolveError> {
        self.solve_assuming(&[])
    }
    /// As `solve`, with the literals assumed true for this call only.
    fn solve_assuming(&mut self, assumptions: &[CnfLit]) -> Result<Option<Vec<bool>>, SolveError>;
    /// Whether the back end keeps its state between calls, so that many calls under
    /// assumptions are cheap (external solvers start from scratch each time).
    fn is_incremental(&self) -> bool {
        true
    }
    /// After an unsatisfiable `solve_assuming`, assumptions that cannot hold together (empty
    /// when the clauses alone are unsatisfiable); `None` when the back end cannot tell. May
    /// solve again to check the core (see [`VarisatBackend`]).
    fn failed_core(&mut self) -> Option<Vec<CnfLit>> {
        None
    }
    /// Whether [`SatBackend::failed_core`] answers.
    fn gives_cores(&self) -> bool {
        false
    }
}

/// Why a search ended without a verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The back end failed: missing binary, crash, output that is not an answer, an assignment
    /// that is not a model.
    Failed(String),
    /// The back end gave up without an answer (it reported UNKNOWN, e.g. at a limit of its own).
    GaveUp(String),
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::Failed(m) | SolveError::GaveUp(m) => f.write_str(m),
        }
    }
}

impl From<SolveError> for String {
    fn from(e: SolveError) -> String {
        e.to_string()
    }
}

impl From<String> for SolveError {
    fn from(message: String) -> Self {
        SolveError::Failed(message)
    }
}

#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    /// Stop after this many models; 0 enumerates all.
    pub max_models: usize,
    /// Distinct shown projections instead of distinct answer sets.
    pub project: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// At least one model; `exhausted` when no further models exist.
    Satisfiable {
        exhausted: bool,
    },
    Unsatisfiable,
}

impl Outcome {
    /// Whether no further models exist.
    pub fn exhausted(self) -> bool {
        !matches!(self, Outcome::Satisfiable { exhausted: false })
    }
}

#[derive(Clone, Debug, Default)]
pub struct SolveStats {
    pub models: usize,
    pub solver_calls: usize,
    pub solve_time: Duration,
    pub first_model: Option<Duration>,
    pub unsat_time: Duration,
    /// Loop nogoods added by the stability check (non-tight programs) and by the minimality
    /// check (from the unfounded sets it finds).
    pub loop_nogoods: usize,
    /// Candidate models rejected by the minimality check (its reduct checks that found a
    /// smaller model).
    pub minimality_checks: usize,
    /// The SAT back end's calls that found a model, and those that found none (`--stats=2`).
    pub sat_calls: CallTimes,
    pub unsat_calls: CallTimes,
}

/// How many calls of one kind, their total and their longest time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CallTimes {
    pub count: usize,
    pub total: Duration,
    pub max: Duration,
}

impl CallTimes {
    pub fn record(&mut self, time: Duration) {
        self.count += 1;
        self.total += time;
        self.max = self.max.max(time);
    }

    fn add(&mut self, other: &CallTimes) {
        self.count += other.count;
        self.total += other.total;
        self.max = self.max.max(other.max);
    }
}

impl SolveStats {
    /// Adds the counts and times of a later search on the same solver (or step) to these.
    pub fn add(&mut self, later: &SolveStats) {
        self.models += later.models;
        self.solver_calls += later.solver_calls;
        self.first_model = self
            .first_model
            .or(later.first_model.map(|t| self.solve_time + t));
        self.solve_time += later.solve_time;
        self.unsat_time += later.unsat_time;
        self.loop_nogoods += later.loop_nogoods;
        self.minimality_checks += later.minimality_checks;
        self.sat_calls.add(&later.sat_calls);
        self.unsat_calls.add(&later.unsat_calls);
    }
}

/// One answer set as shown: symbols in clingo's term order.
pub type Model = Vec<Sym>;

pub(crate) fn value_in(v: Value, model: &[bool]) -> bool {
    match v {
        Value::True => true,
        Value::False => false,
        Value::Lit(l) => model[l.unsigned_abs() as usize] == (l > 0),
    }
}

/// The shown symbols of a CNF model.
pub fn shown_symbols(program: &GroundProgram, tr: &Translation, model: &[bool]) -> Model {
    let mut out: Vec<(Sym, bool)> = tr
        .shown
        .iter()
        .filter(|s| value_in(s.value, model))
        .map(|s| (s.sym, s.term))
        .collect();
    out.sort_by(|a, b| program.symbols.compare(a.0, b.0).then(a.1.cmp(&b.1)));
    out.dedup();
    out.into_iter().map(|(s, _)| s).collect()
}

/// The truth value of every atom in a CNF model.
pub fn atom_values(tr: &Translation, model: &[bool]) -> Vec<bool> {
    tr.atoms.iter().map(|v| value_in(*v, model)).collect()
}

/// Every assignment a solver returns is checked against the translation's CNF before use.
fn check_cnf_model(tr: &Translation, model: &[bool]) -> Result<(), SolveError> {
    if tr.cnf.satisfied_by(model) {
        Ok(())
    } else {
        Err(SolveError::Failed(
            "the SAT solver returned an assignment that is not a model of the CNF".into(),
        ))
    }
}

/// Loads `cnf` into a backend.
pub fn load(backend: &mut dyn SatBackend, cnf: &Cnf) {
    for c in cnf.clauses() {
        backend.add_clause(c);
    }
}
