//! The embedded solver.

use super::{SatBackend, SolveError};
use crate::cnf::CnfLit;
use varisat::{ExtendFormula, Lit, Solver};

pub struct VarisatBackend {
    solver: Solver<'static>,
    num_vars: usize,
}

impl VarisatBackend {
    pub fn new(num_vars: u32) -> Self {
        VarisatBackend {
            solver: Solver::new(),
            num_vars: num_vars as usize,
        }
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

    fn failed_core(&self) -> Option<Vec<CnfLit>> {
        self.solver
            .failed_core()
            .map(|core| core.iter().map(|l| l.to_dimacs() as CnfLit).collect())
    }

    fn gives_cores(&self) -> bool {
        true
    }
}
