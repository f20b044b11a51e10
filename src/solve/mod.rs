//! Solving: a SAT back end behind a small trait, and model enumeration with blocking clauses
//! (over all atoms for distinct answer sets, or over the shown output with `--project`).

#[cfg(feature = "cadical-embedded")]
mod cadical_backend;
pub mod check;
pub mod external;
pub mod minimality;
pub mod optimize;
mod select;
pub mod stability;
mod varisat_backend;

pub use select::SolverChoice;
pub use varisat_backend::VarisatBackend;

use crate::cnf::{Cnf, CnfLit};
use crate::program::GroundProgram;
use crate::symbol::Sym;
use crate::translate::{Translation, Value};
use std::time::{Duration, Instant};

/// A SAT solver that can be given more clauses between calls.
pub trait SatBackend {
    fn add_clause(&mut self, clause: &[CnfLit]);
    /// `Ok(Some(model))` with `model[v]` the value of variable `v` (index 0 unused),
    /// `Ok(None)` when unsatisfiable.
    fn solve(&mut self) -> Result<Option<Vec<bool>>, String> {
        self.solve_assuming(&[])
    }
    /// As `solve`, with the literals assumed true for this call only.
    fn solve_assuming(&mut self, assumptions: &[CnfLit]) -> Result<Option<Vec<bool>>, String>;
    /// Whether the last `solve` error means the solver gave up without an answer (it reported
    /// UNKNOWN, e.g. at a limit of its own) rather than failed.
    fn gave_up(&self) -> bool {
        false
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

#[derive(Clone, Debug, Default)]
pub struct SolveStats {
    pub models: usize,
    pub solver_calls: usize,
    pub solve_time: Duration,
    pub first_model: Option<Duration>,
    pub unsat_time: Duration,
    /// Loop nogoods added by the stability check (non-tight programs).
    pub loop_nogoods: usize,
    /// Candidate models rejected by the minimality check (non-head-cycle-free programs).
    pub minimality_checks: usize,
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
pub(crate) fn check_cnf_model(tr: &Translation, model: &[bool]) -> Result<(), String> {
    if tr.cnf.satisfied_by(model) {
        Ok(())
    } else {
        Err("the SAT solver returned an assignment that is not a model of the CNF".into())
    }
}

/// Loads `cnf` into a backend.
pub fn load(backend: &mut dyn SatBackend, cnf: &Cnf) {
    for c in cnf.clauses() {
        backend.add_clause(c);
    }
}

/// Enumerates models, calling `on_model` for each; returns the outcome and statistics.
pub fn enumerate(
    program: &GroundProgram,
    tr: &Translation,
    backend: &mut dyn SatBackend,
    options: &SolveOptions,
    on_model: &mut dyn FnMut(&Model, &[bool]),
) -> Result<(Outcome, SolveStats), String> {
    let start = Instant::now();
    let mut stats = SolveStats::default();
    let blocking_vars: Vec<CnfLit> = if options.project {
        let mut v: Vec<CnfLit> = tr
            .shown
            .iter()
            .filter_map(|s| match s.value {
                Value::Lit(l) => Some(l),
                _ => None,
            })
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    } else {
        tr.atom_vars()
    };
    let mut stability = stability::Hook::new(program, tr);
    loop {
        let call_start = Instant::now();
        let result = backend.solve()?;
        stats.solver_calls += 1;
        let Some(model) = result else {
            stats.unsat_time = call_start.elapsed();
            stats.solve_time = start.elapsed();
            let outcome = if stats.models == 0 {
                Outcome::Unsatisfiable
            } else {
                Outcome::Satisfiable { exhausted: true }
            };
            return Ok((outcome, stats));
        };
        check_cnf_model(tr, &model)?;
        if stability.reject(&model, backend, &mut stats) {
            continue;
        }
        stats.models += 1;
        stats.first_model.get_or_insert(start.elapsed());
        on_model(&shown_symbols(program, tr, &model), &model);
        if options.max_models != 0 && stats.models >= options.max_models {
            stats.solve_time = start.elapsed();
            return Ok((Outcome::Satisfiable { exhausted: false }, stats));
        }
        let block: Vec<CnfLit> = blocking_vars
            .iter()
            .map(|&v| {
                if model[v.unsigned_abs() as usize] == (v > 0) {
                    -v
                } else {
                    v
                }
            })
            .collect();
        if block.is_empty() {
            stats.solve_time = start.elapsed();
            return Ok((Outcome::Satisfiable { exhausted: true }, stats));
        }
        backend.add_clause(&block);
    }
}
