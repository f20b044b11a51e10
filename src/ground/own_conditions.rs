//! A shape clingo's grounder reads in its own way, refused: a disjunctive rule with conditional
//! elements, positively recursive through its body, where a positive literal of a condition (of
//! a head element or of a body conditional literal) has a predicate of the rule's own head, as
//! in `a. a : a :- a.` or `a ; b : c :- c : b; b.`. clingo matches such a condition against
//! none of the atoms the disjunction defines (the head element becomes `#false`, the
//! conditional literal `#true`: `a. a : a :- a.` is UNSATISFIABLE for clingo). Negative
//! conditions, rules that are not recursive and rules recursive only through negation are
//! read as written (checked against clingo 5.8.3), and so are they here.

use super::ir::{self, PredId};
use super::plan::Planned;
use super::state::Grounder;
use crate::syntax::Diagnostic;
use crate::syntax::ast::Sign;

/// The predicates of a condition's positive literals.
fn positive_preds(lits: &[ir::Lit]) -> impl Iterator<Item = PredId> + '_ {
    lits.iter().filter_map(|l| match l {
        ir::Lit::Atom {
            sign: Sign::Pos,
            atom,
        } => Some(atom.pred),
        _ => None,
    })
}

/// The predicates of the positive literals of a rule's body (conditions included).
fn positive_body_preds(rule: &ir::Rule) -> Vec<PredId> {
    let mut out = Vec::new();
    for b in &rule.body {
        match b {
            ir::Body::Lit(l) => out.extend(positive_preds(std::slice::from_ref(l))),
            ir::Body::Conditional { alts, cond } => {
                for a in alts {
                    out.extend(positive_preds(std::slice::from_ref(&a.item)));
                }
                out.extend(positive_preds(&cond.lits));
            }
            ir::Body::Aggregate(a) => {
                for e in &a.elems {
                    out.extend(positive_preds(&e.cond.lits));
                }
            }
        }
    }
    out
}

/// Refuses the first rule of that shape, at its position.
pub(super) fn refuse(g: &Grounder, rules: &[Planned]) -> Result<(), Diagnostic> {
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); g.relations.len()];
    for r in rules {
        let body = positive_body_preds(&r.rule);
        for h in r.rule.head_preds() {
            edges[h].extend(&body);
        }
    }
    let mut component = vec![usize::MAX; edges.len()];
    for (c, preds) in crate::scc::tarjan(&edges).into_iter().enumerate() {
        for p in preds {
            component[p] = c;
        }
    }
    for r in rules {
        let ir::Head::Disjunction(elems) = &r.rule.head else {
            continue;
        };
        if elems.iter().all(|e| e.cond.lits.is_empty()) {
            continue;
        }
        let heads = r.rule.head_preds();
        let recursive = positive_body_preds(&r.rule)
            .iter()
            .any(|&p| heads.iter().any(|&h| component[h] == component[p]));
        if !recursive {
            continue;
        }
        let body_conds = r.rule.body.iter().filter_map(|b| match b {
            ir::Body::Conditional { cond, .. } => Some(cond),
            _ => None,
        });
        let mentioned = elems
            .iter()
            .map(|e| &e.cond)
            .chain(body_conds)
            .flat_map(|c| positive_preds(&c.lits))
            .find(|p| heads.contains(p));
        if let Some(p) = mentioned {
            let sig = g.relations[p].sig;
            return Err(Diagnostic::error(
                &r.rule.span,
                format!(
                    "a condition in this recursive disjunctive rule mentions '{}{}/{}', which \
                     the rule's own head defines: clingo's grounder matches such a condition \
                     against none of the atoms of the disjunction, a reading aspsat does not \
                     support",
                    if sig.negative { "-" } else { "" },
                    g.program.symbols.name_str(sig.name),
                    sig.arity
                ),
            ));
        }
    }
    Ok(())
}
