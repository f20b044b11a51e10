//! Which variables of a rule are global and which are local to one element, as gringo's
//! `AssignLevel` decides before its safety check: a variable is global when it occurs in the
//! head outside head elements, in a plain body literal or in a body aggregate's guard; every
//! other variable is local to each element (aggregate element, conditional literal) it occurs
//! in, so the same name in two elements is two variables.

use super::ir::{self, Body, Lit};
use super::term::VarId;
use crate::syntax::ast::{CmpOp, Sign};

/// The rule's global variables (gringo's level 0).
pub(super) fn global_vars(body: &[Body], head: &ir::Head) -> Vec<VarId> {
    let mut global = head.global_vars();
    for b in body {
        match b {
            Body::Lit(l) => global.extend(l.vars()),
            Body::Aggregate(a) => a
                .guards
                .iter()
                .for_each(|(_, t)| t.collect_vars(&mut global)),
            Body::Conditional { .. } => {}
        }
    }
    global
}

/// Sets the global variables of each body aggregate and lets the literal of a conditional
/// body literal bind its own local variables.
pub fn mark(body: &mut [Body], head: &ir::Head) {
    let global = global_vars(body, head);
    for b in body.iter_mut() {
        match b {
            Body::Aggregate(a) => {
                let assigned = a.assignable_var().map(|(_, v)| v);
                a.globals = a
                    .vars()
                    .into_iter()
                    .filter(|v| global.contains(v) && Some(*v) != assigned)
                    .collect();
            }
            Body::Conditional { alts, cond, .. } => {
                let mut outer = global.clone();
                cond.lits.iter().for_each(|l| outer.extend(l.vars()));
                for alt in alts.iter_mut() {
                    bind_by_literal(alt, &outer);
                }
            }
            Body::Lit(_) => {}
        }
    }
}

/// In `d(W) : s(1)` the variable `W`, local and absent from the condition, is bound by the
/// literal itself: gringo checks the safety of a conditional literal's literal together with
/// its condition, a positive atom or an equation binding its variables. Such a literal stands
/// for the disjunction of its instances under each instance of the condition (clingo grounds
/// `{d(1);d(2)}. a :- d(W) : .` as `a :- d(1) | d(2).`; `X = Y+1 : q(Y)` always holds), so it
/// becomes its own match (or assignment) in the alternative's local condition. A negated
/// literal or another comparison binds nothing: `not d(W) : s(1)` stays unsafe.
fn bind_by_literal(alt: &mut ir::Local<Lit>, outer: &[VarId]) {
    let binds = matches!(
        &alt.item,
        Lit::Atom {
            sign: Sign::Pos,
            ..
        } | Lit::Cmp { op: CmpOp::Eq, .. }
    );
    if !binds {
        return;
    }
    // Interval variables of the literal are bound by its local ranges.
    let ranged: Vec<VarId> = alt
        .cond
        .lits
        .iter()
        .filter_map(|l| match l {
            Lit::Range { var, .. } => Some(*var),
            _ => None,
        })
        .collect();
    let free = alt
        .item
        .vars()
        .into_iter()
        .any(|v| !outer.contains(&v) && !ranged.contains(&v));
    if free {
        alt.cond.lits.push(alt.item.clone());
    }
}
