//! Rule shapes whose meaning in clingo 5.8.3 follows from how gringo schedules its grounding
//! rather than from the language's semantics; aspsat refuses them (file:line:col, exit 65)
//! instead of answering differently.
//!
//! * A conditional head literal (`h : c`, any disjunction with a condition) in a rule whose
//!   body assigns a variable with an aggregate (`C = #count{...}`) and has a positive literal
//!   over a head predicate. gringo grounds the assignment aggregate and the conditional head in
//!   separate steps of the rule's own recursive component, and the rule then never fires:
//!   `r. r : not #true :- r, C = #min{W : d(W)}.` is SATISFIABLE with {r} in clingo, although
//!   its body holds and its head is empty (without the aggregate clingo answers UNSATISFIABLE);
//!   `r(1). r(X) : X = 2 ; q :- r(1), C = #count{W : d(W)}.` never derives `q`.

use super::unpool::expand_term;
use crate::syntax::Diagnostic;
use crate::syntax::ast::*;

/// The refusal for `rule`, if its shape is one listed in the module documentation.
pub fn refusal(rule: &Rule) -> Option<Diagnostic> {
    let Head::Disjunction(elems) = &rule.head else {
        return None;
    };
    let conditional = elems
        .iter()
        .any(|e| !e.cond.is_empty() || has_pool_or_interval(&e.atom.term));
    if !conditional || !rule.body.iter().any(is_assignment_aggregate) {
        return None;
    }
    let heads: Vec<_> = elems
        .iter()
        .flat_map(|e| signatures(&e.atom.term))
        .collect();
    let recursive = rule.body.iter().any(|l| match l {
        BodyLit::Lit(Literal::Atom {
            sign: Sign::Pos,
            atom,
        }) => signatures(&atom.term).iter().any(|s| heads.contains(s)),
        _ => false,
    });
    recursive.then(|| {
        Diagnostic::error(
            &rule.span,
            "a conditional head literal in a rule with an assignment aggregate (`X = #agg{...}`) \
             and a body literal over a head predicate is not supported (clingo's grounder drops \
             such rules)",
        )
    })
}

/// `X = #agg{...}` or `#agg{...} = X` with one guard over a non-ground term: what gringo
/// may ground as an assignment (it does when the term's variables are not bound elsewhere).
fn is_assignment_aggregate(l: &BodyLit) -> bool {
    let BodyLit::Aggregate {
        sign: Sign::Pos,
        agg,
    } = l
    else {
        return false;
    };
    let guard = match (&agg.left, &agg.right) {
        (Some(g), None) | (None, Some(g)) => g,
        _ => return false,
    };
    guard.op == CmpOp::Eq && !is_ground(&guard.term)
}

fn is_ground(t: &Term) -> bool {
    match t {
        Term::Var(..) | Term::Anonymous(_) => false,
        Term::Fun { args, .. } | Term::Pool(args, _) => args.iter().all(is_ground),
        Term::Unary(_, x, _) => is_ground(x),
        Term::Binary(_, x, y, _) | Term::Interval(x, y, _) => is_ground(x) && is_ground(y),
        _ => true,
    }
}

fn has_pool_or_interval(t: &Term) -> bool {
    match t {
        Term::Pool(..) | Term::Interval(..) => true,
        Term::Fun { args, .. } => args.iter().any(has_pool_or_interval),
        Term::Unary(_, x, _) => has_pool_or_interval(x),
        Term::Binary(_, x, y, _) => has_pool_or_interval(x) || has_pool_or_interval(y),
        _ => false,
    }
}

/// Name, arity and classical sign of each alternative of an atom.
fn signatures(t: &Term) -> Vec<(String, usize, bool)> {
    expand_term(t)
        .into_iter()
        .filter_map(|a| match a {
            Term::Fun {
                name,
                args,
                negative,
                ..
            } => Some((name, args.len(), negative)),
            _ => None,
        })
        .collect()
}

/// What a variable-free term evaluates to, for [`statically_undefined`].
pub enum GroundValue {
    Int(crate::symbol::Int),
    /// A value that is not an integer (a constant, function, string, tuple, `#inf`, `#sup`).
    Other,
    Undefined,
}

/// Whether gringo's simplification, before grounding, finds `t` undefined for every value of
/// its variables: variable-free arithmetic without a value, arithmetic on a variable-free
/// operand that is not an integer (`X+a`, `#sup+X`, `"s"*X`), on a function term (`f(X)+1`,
/// `|f(X)|`), or a division by the constant 0 (`X/0`, `X\(1-1)`). clingo removes a head
/// aggregate element with such a term before it looks at the aggregate's shape (see
/// [`super::ir::TupleCheck`]). `value` evaluates a variable-free term (constants resolved).
pub fn statically_undefined(t: &Term, value: &mut dyn FnMut(&Term) -> GroundValue) -> bool {
    let non_integer = |t: &Term, value: &mut dyn FnMut(&Term) -> GroundValue| {
        if is_ground(t) {
            !matches!(value(t), GroundValue::Int(_))
        } else {
            matches!(t, Term::Fun { .. })
        }
    };
    match t {
        Term::Fun { args, .. } | Term::Pool(args, _) => {
            args.iter().any(|a| statically_undefined(a, value))
        }
        Term::Interval(x, y, _) => statically_undefined(x, value) || statically_undefined(y, value),
        Term::Unary(op, x, _) => {
            if statically_undefined(x, value) {
                true
            } else if is_ground(t) {
                matches!(value(t), GroundValue::Undefined)
            } else {
                *op != UnOp::Minus && matches!(**x, Term::Fun { .. })
            }
        }
        Term::Binary(op, x, y, _) => {
            if statically_undefined(x, value) || statically_undefined(y, value) {
                return true;
            }
            if is_ground(t) {
                return matches!(value(t), GroundValue::Undefined);
            }
            let by_zero = matches!(op, BinOp::Div | BinOp::Mod)
                && is_ground(y)
                && matches!(value(y), GroundValue::Int(0));
            by_zero || non_integer(x, value) || non_integer(y, value)
        }
        _ => false,
    }
}

/// [`statically_undefined`] for any term of a head aggregate element.
pub fn element_statically_undefined(
    e: &HeadAggElem,
    value: &mut dyn FnMut(&Term) -> GroundValue,
) -> bool {
    let mut terms: Vec<&Term> = e.terms.iter().collect();
    terms.push(&e.atom.term);
    for l in &e.cond {
        match l {
            Literal::Atom { atom, .. } => terms.push(&atom.term),
            Literal::Comparison { lhs, rhs, .. } => {
                terms.push(lhs);
                terms.push(rhs);
            }
            Literal::Bool(..) => {}
        }
    }
    terms.into_iter().any(|t| statically_undefined(t, value))
}
