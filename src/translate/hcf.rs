//! Head-cycle-freeness: the grounder shifts disjunctive rules into normal rules, which preserves
//! the answer sets exactly when no two atoms of one disjunctive head lie on a common positive
//! cycle. Other disjunctive programs are beyond NP (no polynomial CNF exists) and are refused.

use crate::program::{AtomId, GroundProgram};
use crate::syntax::ast::Span;

/// `Err` with two head atoms of one disjunction that share a positive cycle, and the rule.
pub fn check_head_cycle_free(program: &GroundProgram) -> Result<(), (AtomId, AtomId, &Span)> {
    if program.disjunctions.is_empty() {
        return Ok(());
    }
    let edges = super::tight::positive_edges(program);
    let mut component = vec![usize::MAX; program.num_atoms()];
    for (c, atoms) in crate::scc::tarjan(&edges).into_iter().enumerate() {
        for a in atoms {
            component[a] = c;
        }
    }
    for d in &program.disjunctions {
        let atoms = d.atoms();
        let span = &d.span;
        for (i, a) in atoms.iter().enumerate() {
            for b in &atoms[i + 1..] {
                if component[a.0 as usize] == component[b.0 as usize] {
                    return Err((*a, *b, span));
                }
            }
        }
    }
    Ok(())
}
