//! Rule shapes whose meaning in clingo 5.8.3 follows from how gringo rewrites and schedules
//! them rather than from the language's semantics. aspsat does what gringo does where it can
//! tell, and refuses (file:line:col, exit 65) where it cannot.
//!
//! * A conditional head literal (`h : c`) in a rule whose body assigns a variable with an
//!   aggregate (`C = #count{...}`) and has a positive literal that unifies with a head atom
//!   (variables renamed apart, as in gringo's dependency analysis). gringo then often never
//!   fires the rule: `r. r : not #true :- r, C = #min{W : d(W)}.` is SATISFIABLE with {r} in
//!   clingo although its body holds and its head is empty (without the aggregate clingo
//!   answers UNSATISFIABLE), and `r(1). s(2). r(X) : x ; q :- s(X), r(1), C = #count{W :
//!   d(W)}.` never derives `q` -- but with other rules for `r` around it does: there the
//!   #495 check decides (it refuses where gringo may miss instances of the rule). Without a
//!   unifier (`r(X,X) : x ; q :- r(1,2), ...`) clingo grounds the rule as usual and so does
//!   aspsat.
//!
//! Why gringo never fires such a rule is the mechanism of clingo issue #495, modelled once in
//! [`super::gringo_rounds`]: the body atom stays "new" until the disjunction's completion runs,
//! and the assignment's atom, which comes after it in gringo's order of the body, is new in
//! the rounds before. The #495 check ([`super::own_conditions`]) reads the rules marked here
//! as never firing (a `#false` in the body) as rules without instances.

use super::unpool::{expand_term, literal_vars, term_vars};
use crate::syntax::Diagnostic;
use crate::syntax::ast::*;
use std::collections::HashMap;

/// Three-valued answers where the syntax alone cannot decide.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Tri {
    No,
    Maybe,
    Yes,
}

/// The refusal of `rule` if it may have the first shape in the module documentation;
/// `is_const` tells the `#const` names.
pub fn assignment_recursion(rule: &Rule, is_const: &dyn Fn(&str) -> bool) -> Option<Diagnostic> {
    let Head::Disjunction(elems) = &rule.head else {
        return None;
    };
    // gringo grounds a head with a condition through its disjunction statements (also one
    // whose conditional element moved into the body: `not a : c`, `#false : c`); intervals
    // and pools may become conditions too.
    let conditional = if elems.iter().any(|e| !e.cond.is_empty())
        || rule.body.iter().any(BodyLit::is_moved_head_element)
    {
        Tri::Yes
    } else if elems.iter().any(|e| e.atom.term.has_pool_or_interval()) {
        Tri::Maybe
    } else {
        Tri::No
    };
    let assignment = rule
        .body
        .iter()
        .map(|l| assignment(l, &rule.body))
        .max()
        .unwrap_or(Tri::No);
    if conditional == Tri::No || assignment == Tri::No {
        return None;
    }
    let heads: Vec<Term> = elems
        .iter()
        .flat_map(|e| expand_term(&e.atom.term))
        .collect();
    let mut unifies = Tri::No;
    for l in &rule.body {
        if let BodyLit::Lit(Literal::Atom {
            sign: Sign::Pos,
            atom,
        }) = l
        {
            for b in expand_term(&atom.term) {
                for h in &heads {
                    unifies = unifies.max(unify_apart(h, &b, is_const));
                }
            }
        }
    }
    (conditional.min(assignment).min(unifies) != Tri::No).then(|| {
        Diagnostic::error(
            &rule.span,
            "a conditional head literal in a rule with an assignment aggregate (`X = \
             #agg{...}`) and a body literal that unifies with a head atom is not supported \
             (clingo's grounder often drops such rules, depending on the rules around them)",
        )
    })
}

/// Whether `l` is an aggregate gringo grounds as an assignment: one `=` guard, positive, over
/// a variable that no other body literal may bind (certain), or over another non-ground term
/// or a variable that another literal may bind too (gringo decides by what binds it first:
/// maybe).
fn assignment(l: &BodyLit, body: &[BodyLit]) -> Tri {
    let BodyLit::Aggregate {
        sign: Sign::Pos,
        agg,
    } = l
    else {
        return Tri::No;
    };
    let guard = match (&agg.left, &agg.right) {
        (Some(g), None) | (None, Some(g)) => g,
        _ => return Tri::No,
    };
    if guard.op != CmpOp::Eq || is_ground(&guard.term) {
        return Tri::No;
    }
    let Term::Var(name, _) = &guard.term else {
        return Tri::Maybe;
    };
    let elsewhere = body.iter().any(|other| {
        !std::ptr::eq(other, l) && {
            let mut vars = Vec::new();
            binding_vars(other, &mut vars);
            vars.contains(name)
        }
    });
    let mut own = Vec::new();
    for e in &agg.elems {
        e.terms.iter().for_each(|t| term_vars(t, &mut own));
        e.cond.iter().for_each(|c| literal_vars(c, &mut own));
    }
    if elsewhere || own.contains(name) {
        Tri::Maybe
    } else {
        Tri::Yes
    }
}

/// The variables `l` may bind: those of a positive atom, of an equation (also in a chain), of
/// an aggregate's guards.
fn binding_vars(l: &BodyLit, out: &mut Vec<String>) {
    match l {
        BodyLit::Lit(Literal::Atom {
            sign: Sign::Pos,
            atom,
        }) => term_vars(&atom.term, out),
        BodyLit::Lit(Literal::Comparison {
            op: CmpOp::Eq,
            lhs,
            rhs,
            ..
        }) => {
            term_vars(lhs, out);
            term_vars(rhs, out);
        }
        // a chain's equations, once it is split
        BodyLit::Lit(Literal::Chain {
            negated: false,
            first,
            rest,
            ..
        }) => {
            for (lhs, op, rhs) in super::unpool::chain_comparisons(first, rest) {
                if op == CmpOp::Eq {
                    term_vars(lhs, out);
                    term_vars(rhs, out);
                }
            }
        }
        BodyLit::Aggregate { agg, .. } => {
            for g in agg.left.iter().chain(agg.right.iter()) {
                term_vars(&g.term, out);
            }
        }
        _ => {}
    }
}

/// Whether the atoms `h` and `b` unify once their variables are renamed apart.
fn unify_apart(h: &Term, b: &Term, is_const: &dyn Fn(&str) -> bool) -> Tri {
    let mut subst = HashMap::new();
    unify(&rename(h, "h"), &rename(b, "b"), &mut subst, is_const)
}

/// `t` with each variable prefixed by `side` (anonymous variables stay: each is fresh).
fn rename(t: &Term, side: &str) -> Term {
    match t {
        Term::Var(name, span) => Term::Var(format!("{side}:{name}"), span.clone()),
        Term::Fun {
            name,
            args,
            negative,
            span,
        } => Term::Fun {
            name: name.clone(),
            args: args.iter().map(|a| rename(a, side)).collect(),
            negative: *negative,
            span: span.clone(),
        },
        Term::Unary(op, x, span) => Term::Unary(*op, Box::new(rename(x, side)), span.clone()),
        Term::Binary(op, x, y, span) => Term::Binary(
            *op,
            Box::new(rename(x, side)),
            Box::new(rename(y, side)),
            span.clone(),
        ),
        Term::Interval(x, y, span) => Term::Interval(
            Box::new(rename(x, side)),
            Box::new(rename(y, side)),
            span.clone(),
        ),
        Term::Pool(args, span) => {
            Term::Pool(args.iter().map(|a| rename(a, side)).collect(), span.clone())
        }
        _ => t.clone(),
    }
}

/// Syntactic unification; arithmetic, intervals and `#const` names make it `Maybe` (gringo
/// evaluates or inverts them). No occurs check: a cycle only makes the answer `Yes`, which
/// the callers treat like a unifier.
fn unify(
    a: &Term,
    b: &Term,
    subst: &mut HashMap<String, Term>,
    is_const: &dyn Fn(&str) -> bool,
) -> Tri {
    let resolve = |t: &Term, subst: &HashMap<String, Term>| {
        let mut t = t.clone();
        while let Term::Var(name, _) = &t {
            match subst.get(name) {
                Some(next) => t = next.clone(),
                None => break,
            }
        }
        t
    };
    let (a, b) = (resolve(a, subst), resolve(b, subst));
    match (&a, &b) {
        (Term::Anonymous(_), _) | (_, Term::Anonymous(_)) => Tri::Yes,
        (Term::Var(x, _), Term::Var(y, _)) if x == y => Tri::Yes,
        (Term::Var(x, _), _) => {
            subst.insert(x.clone(), b.clone());
            Tri::Yes
        }
        (_, Term::Var(y, _)) => {
            subst.insert(y.clone(), a.clone());
            Tri::Yes
        }
        (Term::Unary(..) | Term::Binary(..) | Term::Interval(..) | Term::Pool(..), _)
        | (_, Term::Unary(..) | Term::Binary(..) | Term::Interval(..) | Term::Pool(..)) => {
            Tri::Maybe
        }
        (Term::Fun { name, args, .. }, _) | (_, Term::Fun { name, args, .. })
            if args.is_empty() && is_const(name) =>
        {
            Tri::Maybe
        }
        (
            Term::Fun {
                name: n1,
                args: a1,
                negative: s1,
                ..
            },
            Term::Fun {
                name: n2,
                args: a2,
                negative: s2,
                ..
            },
        ) => {
            if n1 != n2 || s1 != s2 || a1.len() != a2.len() {
                return Tri::No;
            }
            let mut all = Tri::Yes;
            for (x, y) in a1.iter().zip(a2) {
                all = all.min(unify(x, y, subst, is_const));
                if all == Tri::No {
                    break;
                }
            }
            all
        }
        _ => {
            if a == b {
                Tri::Yes
            } else {
                Tri::No
            }
        }
    }
}

pub(super) fn is_ground(t: &Term) -> bool {
    match t {
        Term::Var(..) | Term::Anonymous(_) => false,
        Term::Fun { args, .. } | Term::Pool(args, _) => args.iter().all(is_ground),
        Term::Unary(_, x, _) => is_ground(x),
        Term::Binary(_, x, y, _) | Term::Interval(x, y, _) => is_ground(x) && is_ground(y),
        _ => true,
    }
}

/// A predicate: name, arity, classical negation.
pub type PredKey = (String, usize, bool);

fn pred_of(t: &Term) -> Vec<PredKey> {
    expand_term(t).iter().filter_map(pred_key).collect()
}

/// The predicate of an atom without a pool around it (`None` for a term that is no atom).
pub(super) fn pred_key(term: &Term) -> Option<PredKey> {
    match term {
        Term::Fun {
            name,
            args,
            negative,
            ..
        } => Some((name.clone(), args.len(), *negative)),
        _ => None,
    }
}

/// The predicates of a rule's head atoms.
fn head_preds(head: &Head) -> Vec<PredKey> {
    let atoms: Vec<&Atom> = match head {
        Head::None => Vec::new(),
        Head::Atom(a) => vec![a],
        Head::Disjunction(elems) => elems.iter().map(|e| &e.atom).collect(),
        Head::Choice { elems, .. } => elems.iter().map(|e| &e.atom).collect(),
        Head::Aggregate { elems, .. } => elems.iter().map(|e| &e.atom).collect(),
    };
    atoms.into_iter().flat_map(|a| pred_of(&a.term)).collect()
}

/// What the refusals and lifts here need to know about the whole program.
#[derive(Clone, Default)]
pub struct ProgramDeps {
    /// For each predicate, how many statements define it other than facts (a rule with a
    /// body or with a head that is not one atom, an `#external`).
    pub definitions: HashMap<PredKey, usize>,
    /// Whether the statements are grounded at once (not step by step in incremental mode,
    /// where later steps add facts to a component grounded before).
    pub at_once: bool,
}

impl ProgramDeps {
    pub fn new(statements: &[&Statement], at_once: bool) -> ProgramDeps {
        let mut deps = ProgramDeps {
            at_once,
            ..ProgramDeps::default()
        };
        for st in statements {
            let mut heads = match st {
                Statement::Rule(r) if r.body.is_empty() && matches!(r.head, Head::Atom(_)) => {
                    continue;
                }
                Statement::Rule(r) => head_preds(&r.head),
                Statement::External(e) => pred_of(&e.atom.term),
                _ => continue,
            };
            heads.sort();
            heads.dedup();
            for h in heads {
                *deps.definitions.entry(h).or_insert(0) += 1;
            }
        }
        deps
    }
}

/// Whether clingo's grounder never fires `rule`, which has the shape [`assignment_recursion`]
/// refuses. It grounds a rule with a conditional head in its recursive component as
/// semi-naive evaluation does: an instance needs a body atom that is new in one iteration
/// with the aggregate's value known, or all body atoms old when the value is new. The value
/// of `C = #agg{...}` becomes known one iteration after the body atoms before it are new, and
/// a body atom that was there when the component started only turns old when a rule of that
/// component that gringo grounds before conditional heads defines its predicate. When only
/// facts and the rule itself define the predicates of the body (and of the aggregates'
/// elements), no instance ever fires: `p(1). p(C) : d(C) ; q :- p(1), C = #count{1:x}.` has
/// the answer set {p(1)}.
pub fn assignment_recursion_never_fires(
    rule: &Rule,
    deps: &ProgramDeps,
    is_const: &dyn Fn(&str) -> bool,
) -> bool {
    let Head::Disjunction(elems) = &rule.head else {
        return false;
    };
    if !deps.at_once {
        return false;
    }
    // Grounded through gringo's disjunction statements for sure (an element with a condition
    // or with several atoms; clingo grounds `q ; p(1..C) :- ...` as a plain rule when `C` is
    // assigned).
    let conditional = elems
        .iter()
        .any(|e| !e.cond.is_empty() || has_pool(&e.atom.term))
        || rule.body.iter().any(BodyLit::is_moved_head_element);
    let own = head_preds(&rule.head);
    let only_facts = |p: &PredKey| {
        let here = usize::from(own.contains(p));
        deps.definitions.get(p).copied().unwrap_or(0) <= here
    };
    let mut assigned = Vec::new();
    let mut preds = Vec::new();
    for l in &rule.body {
        match l {
            BodyLit::Aggregate { agg, .. } => {
                if assignment(l, &rule.body) == Tri::Yes {
                    let guard = agg.left.as_ref().or(agg.right.as_ref());
                    guard
                        .into_iter()
                        .for_each(|g| term_vars(&g.term, &mut assigned));
                }
                for e in &agg.elems {
                    e.cond.iter().for_each(|c| literal_preds(c, &mut preds));
                }
            }
            BodyLit::Lit(lit) => literal_preds(lit, &mut preds),
            // (a head element moved into the body: its condition is the head's, as above)
            BodyLit::Conditional { .. } if l.is_moved_head_element() => {}
            BodyLit::Conditional { lit, cond, .. } => {
                literal_preds(lit, &mut preds);
                cond.iter().for_each(|c| literal_preds(c, &mut preds));
            }
        }
    }
    let heads: Vec<Term> = elems
        .iter()
        .flat_map(|e| expand_term(&e.atom.term))
        .collect();
    // The body literals that depend on the rule's own head: each must bind its variables
    // itself, without the assigned one, so that gringo puts it before the assignment.
    let mut recursive = 0;
    for l in &rule.body {
        let BodyLit::Lit(Literal::Atom {
            sign: Sign::Pos,
            atom,
        }) = l
        else {
            continue;
        };
        if heads
            .iter()
            .all(|h| unify_apart(h, &atom.term, is_const) == Tri::No)
        {
            continue;
        }
        let mut vars = Vec::new();
        term_vars(&atom.term, &mut vars);
        if !binds_itself(&atom.term) || vars.iter().any(|v| assigned.contains(v)) {
            return false;
        }
        recursive += 1;
    }
    conditional && !assigned.is_empty() && recursive > 0 && preds.iter().all(only_facts)
}

/// The predicates of the atoms a literal mentions, whatever its sign.
fn literal_preds(l: &Literal, out: &mut Vec<PredKey>) {
    if let Literal::Atom { atom, .. } = l {
        out.extend(pred_of(&atom.term));
    }
}

/// Whether the term's variables are all bound by matching it (no arithmetic, pool or
/// interval around them), and none is anonymous (gringo projects `p(_)` onto an auxiliary
/// predicate defined by a plain rule, and that rule makes the body atoms old).
fn binds_itself(t: &Term) -> bool {
    match t {
        Term::Fun { args, .. } => args.iter().all(binds_itself),
        Term::Anonymous(_) => false,
        Term::Unary(..) | Term::Binary(..) | Term::Interval(..) | Term::Pool(..) => {
            is_ground(t) && !t.has_pool_or_interval()
        }
        _ => true,
    }
}

/// Whether `t` contains a pool.
pub(super) fn has_pool(t: &Term) -> bool {
    match t {
        Term::Pool(..) => true,
        Term::Fun { args, .. } => args.iter().any(has_pool),
        Term::Unary(_, x, _) => has_pool(x),
        Term::Binary(_, x, y, _) | Term::Interval(x, y, _) => has_pool(x) || has_pool(y),
        _ => false,
    }
}
