//! CaDiCaL embedded through the `cadical` crate (feature `cadical-embedded`), incremental like
//! varisat: blocking clauses are added to the same solver instance.

use super::{SatBackend, SolveError};
use crate::cnf::CnfLit;

pub struct CadicalBackend {
    solver: cadical::Solver,
    num_vars: usize,
}

impl CadicalBackend {
    pub fn new(num_vars: u32) -> Self {
        let mut solver: cadical::Solver = cadical::Solver::new();
        solver.reserve(num_vars as i32);
        CadicalBackend {
            solver,
            num_vars: num_vars as usize,
        }
    }
}

impl SatBackend for CadicalBackend {
    fn add_clause(&mut self, clause: &[CnfLit]) {
        for &l in clause {
            self.num_vars = self.num_vars.max(l.unsigned_abs() as usize);
        }
        self.solver.add_clause(clause.iter().copied());
    }

    fn solve_assuming(&mut self, assumptions: &[CnfLit]) -> Result<Option<Vec<bool>>, SolveError> {
        for &l in assumptions {
            self.num_vars = self.num_vars.max(l.unsigned_abs() as usize);
        }
        match self.solver.solve_with(assumptions.iter().copied()) {
            Some(true) => {
                let mut model = vec![false; self.num_vars + 1];
                for (v, value) in model.iter_mut().enumerate().skip(1) {
                    *value = self.solver.value(v as i32) == Some(true);
                }
                Ok(Some(model))
            }
            Some(false) => Ok(None),
            None => Err(SolveError::Failed(
                "embedded CaDiCaL stopped without an answer".into(),
            )),
        }
    }
}
