//! The embedded solver.

use super::{SatBackend, SolveError};
use crate::cnf::CnfLit;
use varisat::{ExtendFormula, Lit, Solver};

/// varisat behind [`SatBackend`]. Its cores are checked before use: varisat 0.2's
/// `failed_core` can name assumptions that are satisfiable together (found with
/// `tests/programs/opt_amo_assignment.lp`, `--pb-encoding gte`, when the optimizer's
/// totalizer grouped its leaves: the fifth core of the second level, 3 of 6 assumptions, was
/// satisfiable; the core-guided search then raised its lower bound past the optimum and
/// answered unsatisfiable). A core is solved again on its own; one that is not refuted gives
/// way to all the call's assumptions, which are.
pub struct VarisatBackend {
    solver: Solver<'static>,
    num_vars: usize,
    /// The assumptions of the last call, and its core once asked for and checked.
    assumptions: Vec<CnfLit>,
    core: Option<Vec<CnfLit>>,
}

impl VarisatBackend {
    pub fn new(num_vars: u32) -> Self {
        VarisatBackend {
            solver: Solver::new(),
            num_vars: num_vars as usize,
            assumptions: Vec::new(),
            core: None,
        }
    }

    /// Whether the clauses refute `lits` (a solver error counts as not refuted).
    fn refutes(&mut self, lits: &[CnfLit]) -> bool {
        let lits: Vec<Lit> = lits.iter().map(|&l| Lit::from_dimacs(l as isize)).collect();
        self.solver.assume(&lits);
        matches!(self.solver.solve(), Ok(false))
    }
}

impl Default for VarisatBackend {
    fn default() -> Self {
        Self::new(0)
    }
}

impl SatBackend for VarisatBackend {
    fn add_clause(&mut self, clause: &[CnfLit]) {
        let lits: Vec<Lit> = clause
            .iter()
            .map(|&l| Lit::from_dimacs(l as isize))
            .collect();
        for &l in clause {
            self.num_vars = self.num_vars.max(l.unsigned_abs() as usize);
        }
        self.solver.add_clause(&lits);
    }

    fn solve_assuming(&mut self, assumptions: &[CnfLit]) -> Result<Option<Vec<bool>>, SolveError> {
        let lits: Vec<Lit> = assumptions
            .iter()
            .map(|&l| Lit::from_dimacs(l as isize))
            .collect();
        for &l in assumptions {
            self.num_vars = self.num_vars.max(l.unsigned_abs() as usize);
        }
        self.solver.assume(&lits);
        self.assumptions = assumptions.to_vec();
        self.core = None;
        match self.solver.solve() {
            Ok(true) => {
                let mut model = vec![false; self.num_vars + 1];
                for l in self.solver.model().unwrap_or_default() {
                    let v = l.var().to_dimacs() as usize;
                    if v < model.len() {
                        model[v] = l.is_positive();
                    }
                }
                Ok(Some(model))
            }
            Ok(false) => Ok(None),
            Err(e) => Err(SolveError::Failed(format!("varisat: {e}"))),
        }
    }

    fn failed_core(&mut self) -> Option<Vec<CnfLit>> {
        if self.core.is_none() {
            let core: Vec<CnfLit> = self
                .solver
                .failed_core()?
                .iter()
                .map(|l| l.to_dimacs() as CnfLit)
                .collect();
            let checked = if core.len() >= self.assumptions.len() || self.refutes(&core) {
                core
            } else {
                std::mem::take(&mut self.assumptions)
            };
            self.core = Some(checked);
        }
        self.core.clone()
    }

    fn gives_cores(&self) -> bool {
        true
    }
}
