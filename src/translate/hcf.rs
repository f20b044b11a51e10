//! Head-cycle-freeness: the grounder shifts disjunctive rules into normal rules, which preserves
//! the answer sets exactly when no two atoms of one disjunctive head lie on a common positive
//! cycle. Other disjunctive programs are beyond NP (no polynomial CNF exists): the translation
//! then asks the solver for a minimality check of every model (see
//! [`crate::solve::minimality`]), or refuses the program when an exact CNF was asked for.

use super::{TranslateError, TranslationKind};
use crate::program::{AtomId, GroundProgram};
use crate::syntax::ast::Span;

/// How a translation must treat the disjunctions of `program`: `Ok(false)` when the program is
/// head-cycle-free (shifting is exact), `Ok(true)` when models need the minimality check, and
/// an error when the program cannot be solved with `kind`.
pub(super) fn needs_minimality(
    program: &GroundProgram,
    kind: TranslationKind,
) -> Result<bool, TranslateError> {
    let Err((a, b, span)) = check_head_cycle_free(program) else {
        return Ok(false);
    };
    let refuse = |why: String| {
        Err(TranslateError::NotHeadCycleFree {
            atoms: (a, b),
            span: span.clone(),
            why,
        })
    };
    if kind.is_eager() {
        return refuse(
            "such programs are beyond NP and have no polynomial CNF; solve them with `aspsat solve` (minimality check) instead"
                .into(),
        );
    }
    Ok(true)
}

/// `Err` with two head atoms of one disjunction that share a positive cycle, and the rule.
fn check_head_cycle_free(program: &GroundProgram) -> Result<(), (AtomId, AtomId, &Span)> {
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
        let span = &d.span;
        let atoms = d.atoms();
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
