//! The minimality check (embedded solving only): for disjunctive programs that are not
//! head-cycle-free (beyond NP, no polynomial CNF) and for positive recursion through aggregates
//! or conditional literals (whose supports need not be monotone). A candidate model M of the
//! completion is an answer set exactly when no proper subset of M satisfies the reduct P^M
//! ([`crate::translate::reduct`]); a second SAT instance searches for one. If it exists, M is
//! blocked and the search goes on.
//!
//! The reduct is taken over the shifted rules and the disjunctions over their members: for
//! subsets of M the shifted rules follow from the disjunctive ones, so adding them changes
//! nothing.

use crate::cnf::CnfLit;
use crate::program::GroundProgram;
use crate::translate::{EncodingOptions, Translation, reduct};
use varisat::{ExtendFormula, Solver};

pub struct MinimalityCheck<'a> {
    program: &'a GroundProgram,
    tr: &'a Translation,
    /// The atoms a smaller model may drop: those of cyclic components.
    cyclic: Vec<bool>,
}

impl<'a> MinimalityCheck<'a> {
    pub fn new(program: &'a GroundProgram, tr: &'a Translation) -> Self {
        let cyclic = reduct::cyclic_atoms(program);
        MinimalityCheck {
            program,
            tr,
            cyclic,
        }
    }

    /// `None` when the model is an answer set, otherwise a clause excluding it.
    pub fn check(&self, cnf_model: &[bool]) -> Option<Vec<CnfLit>> {
        let m = super::atom_values(self.tr, cnf_model);
        if !smaller_reduct_model(self.program, &m, &self.cyclic, self.tr.encodings) {
            return None;
        }
        Some(super::blocking_clause(&self.tr.atom_vars(), cnf_model))
    }
}

/// Whether a proper subset of the model `m` (atom truth values) satisfies the reduct P^m; `m`
/// must be a model of the program.
pub fn smaller_model_exists(program: &GroundProgram, m: &[bool]) -> bool {
    let cyclic = reduct::cyclic_atoms(program);
    smaller_reduct_model(program, m, &cyclic, EncodingOptions::default())
}

/// As [`smaller_model_exists`], dropping only atoms with `varying` set.
fn smaller_reduct_model(
    program: &GroundProgram,
    m: &[bool],
    varying: &[bool],
    encodings: EncodingOptions,
) -> bool {
    let Some(reduct) = reduct::reduct_cnf(program, m, varying, encodings) else {
        return false;
    };
    let mut solver = Solver::new();
    let lit = |l: CnfLit| varisat::Lit::from_dimacs(l as isize);
    for c in reduct.cnf.clauses() {
        let clause: Vec<varisat::Lit> = c.iter().map(|&l| lit(l)).collect();
        solver.add_clause(&clause);
    }
    // strictly smaller than M
    let smaller: Vec<varisat::Lit> = reduct.dropped.iter().map(|&v| lit(-v)).collect();
    solver.add_clause(&smaller);
    matches!(solver.solve(), Ok(true))
}
