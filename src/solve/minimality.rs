//! The minimality check (embedded solving only): for disjunctive programs that are not
//! head-cycle-free (beyond NP, no polynomial CNF) and for positive recursion through aggregates
//! or conditional literals (whose supports need not be monotone). A candidate model M of the
//! completion is an answer set exactly when no proper subset of M satisfies the reduct P^M
//! ([`crate::translate::reduct`]); a second SAT instance searches for one. If one, X, exists,
//! U = M \ X is an unfounded set of M, and the loop nogoods of U ([`super::unfounded`]) exclude
//! M together with every other model whose rules give U no support from outside.
//!
//! The reduct is taken over the shifted rules and the disjunctions over their members: for
//! subsets of M the shifted rules follow from the disjunctive ones, so adding them changes
//! nothing.

use super::unfounded::UnfoundedNogoods;
use crate::cnf::CnfLit;
use crate::program::{AtomId, GroundProgram};
use crate::translate::{EncodingOptions, Translation, reduct};
use varisat::{ExtendFormula, Solver};

pub struct MinimalityCheck<'a> {
    tr: &'a Translation,
    /// The atoms a smaller model may drop: those of cyclic components.
    cyclic: Vec<bool>,
    nogoods: UnfoundedNogoods<'a>,
}

impl<'a> MinimalityCheck<'a> {
    pub fn new(program: &'a GroundProgram, tr: &'a Translation) -> Self {
        let cyclic = reduct::cyclic_atoms(program);
        MinimalityCheck {
            tr,
            cyclic,
            nogoods: UnfoundedNogoods::new(program, &tr.atoms),
        }
    }

    /// `None` when the model is an answer set, otherwise clauses that it violates.
    pub fn check(&self, cnf_model: &[bool]) -> Option<Vec<Vec<CnfLit>>> {
        let m = super::atom_values(self.tr, cnf_model);
        let program = self.nogoods.program();
        let unfounded = unfounded_set(program, &m, &self.cyclic, self.tr.encodings)?;
        let clauses = self.nogoods.nogoods(&m, &unfounded);
        // A nogood that the model satisfies would mean a bug in the nogoods: block the model
        // alone then, which is always right.
        let violated = |c: &Vec<CnfLit>| {
            c.iter()
                .all(|&l| cnf_model[l.unsigned_abs() as usize] != (l > 0))
        };
        if !clauses.is_empty() && clauses.iter().all(violated) {
            return Some(clauses);
        }
        debug_assert!(false, "the nogoods of an unfounded set exclude the model");
        Some(vec![super::blocking_clause(
            &self.tr.atom_vars(),
            cnf_model,
        )])
    }
}

/// Whether a proper subset of the model `m` (atom truth values) satisfies the reduct P^m; `m`
/// must be a model of the program.
pub fn smaller_model_exists(program: &GroundProgram, m: &[bool]) -> bool {
    let cyclic = reduct::cyclic_atoms(program);
    unfounded_set(program, m, &cyclic, EncodingOptions::default()).is_some()
}

/// The atoms that a proper subset X of the model `m` satisfying the reduct P^m leaves out
/// (an unfounded set of `m`), dropping only atoms with `varying` set; `None` when there is no
/// such X (`m` is minimal).
pub(super) fn unfounded_set(
    program: &GroundProgram,
    m: &[bool],
    varying: &[bool],
    encodings: EncodingOptions,
) -> Option<Vec<AtomId>> {
    let reduct = reduct::reduct_cnf(program, m, varying, encodings)?;
    let mut solver = Solver::new();
    let lit = |l: CnfLit| varisat::Lit::from_dimacs(l as isize);
    for c in reduct.cnf.clauses() {
        let clause: Vec<varisat::Lit> = c.iter().map(|&l| lit(l)).collect();
        solver.add_clause(&clause);
    }
    // strictly smaller than M
    let smaller: Vec<varisat::Lit> = reduct.dropped.iter().map(|&(_, v)| lit(-v)).collect();
    solver.add_clause(&smaller);
    if !matches!(solver.solve(), Ok(true)) {
        return None;
    }
    let x = solver.model()?;
    let in_x: std::collections::HashSet<varisat::Lit> = x.into_iter().collect();
    Some(
        reduct
            .dropped
            .iter()
            .filter(|&&(_, v)| !in_x.contains(&lit(v)))
            .map(|&(a, _)| a)
            .collect(),
    )
}
