//! Body aggregates and conditional literals that clingo's grounder never decides true while it
//! grounds (it prints them as `#delayed` atoms), although what it derived decides them. It
//! matters where a rule instance's head would become a fact: a weak constraint's level over
//! `not p(1)` exists only if `p(1)` is no fact when clingo grounds it (issue 11, differential
//! seed 2 index 439: `p(X) :- d(X), C = #min { Y : q(X), d(Y) }.` with `q` in a loop through
//! `p`, never derived; clingo keeps the level `-1@2 : not p(_)`).
//!
//! gringo's rules (libgringo `ground/statements.cc`, `output/literals.hh`): a body aggregate
//! is grounded by accumulation statements (one per element, its condition as the literals)
//! and a completion, the rule after the completion. An aggregate atom is *recursive* when a
//! condition literal of an accumulation is unstratified: its definers are in the
//! accumulation's positive component (a negative condition literal: in its component of the
//! full dependency graph, defined later). A recursive aggregate atom is a fact only when the
//! aggregate is monotone (`BodyAggregateAtom::fact`), an assignment aggregate's never
//! (`AssignmentAggregateAtom::fact`), and a conditional literal with a recursive condition
//! never (`ConjunctionAtom::fact`). A negated aggregate (`not`, `not not`) depends negatively
//! on its completion: a rule in the same component of the full graph is grounded before the
//! completion has seen the aggregate, so `not #count { 1 : q } > 0` stays open too (measured
//! with clingo 5.8.3 on every shape in tests/programs/opt_delayed_*.lp).
//!
//! A negated aggregate with global variables is recursive in one more way: gringo's
//! accumulation statements carry the body elements it grounds before the aggregate, so a loop
//! of the full graph through one of those makes it recursive; gringo then never decides it,
//! true or false (`Planned::undecided`; see `mark`).
//!
//! Dependencies are between rules (gringo's statements of one rule merged), a body occurrence
//! depending on the rules whose heads may unify with it ([`Unifier`], as gringo's dependency
//! analysis matches terms).

use super::ir::{self, PredId};
use super::own_conditions::{Unifier, heads};
use super::plan::Planned;
use super::term::CTerm;
use crate::symbol::SymbolTable;
use crate::syntax::Diagnostic;
use crate::syntax::ast::{AggFunc, CmpOp, Sign};
use std::collections::HashMap;

/// A body atom of a rule: the body item it is in, and whether the rule depends on its
/// definers positively (a positive literal, in a positive aggregate when in one).
pub(super) struct Occurrence<'r> {
    pub atom: &'r ir::Atom,
    item: usize,
    pub positive: bool,
    /// In an aggregate element's or a conditional literal's condition.
    in_condition: bool,
    /// The stage of its rule's component from which the literal is decided ([`ir::Lit::Atom`]).
    settled_from: ir::Stage,
}

/// The body atoms of a rule (also in conditions and aggregates, and in its head's conditions).
pub(super) fn occurrences(rule: &ir::Rule) -> Vec<Occurrence<'_>> {
    fn push<'r>(
        out: &mut Vec<Occurrence<'r>>,
        l: &'r ir::Lit,
        item: usize,
        outer_positive: bool,
        in_condition: bool,
    ) {
        if let ir::Lit::Atom {
            sign,
            atom,
            settled_from,
            ..
        } = l
        {
            out.push(Occurrence {
                atom,
                item,
                positive: outer_positive && *sign == Sign::Pos,
                in_condition,
                settled_from: *settled_from,
            });
        }
    }
    let mut out = Vec::new();
    for (item, b) in rule.body.iter().enumerate() {
        match b {
            ir::Body::Lit(l) => push(&mut out, l, item, true, false),
            ir::Body::Conditional { alts, cond, .. } => {
                for a in alts {
                    push(&mut out, &a.item, item, true, false);
                }
                for l in &cond.lits {
                    push(&mut out, l, item, true, true);
                }
            }
            ir::Body::Aggregate(a) => {
                for l in a.elems.iter().flat_map(|e| &e.cond.lits) {
                    push(&mut out, l, item, a.sign == Sign::Pos, true);
                }
            }
        }
    }
    let head_conditions = rule.head_conditions();
    for l in head_conditions.into_iter().flat_map(|c| &c.lits) {
        push(&mut out, l, rule.body.len(), true, false);
    }
    out
}

/// Whether gringo's aggregate atom may be a fact while recursive (`monotone_` of
/// `BodyAggregateComplete`): `#count`, `#sum+` and `#max` with lower bounds only, `#min` with
/// upper bounds only.
pub(super) fn monotone(a: &ir::Aggregate) -> bool {
    let lower = |op: &CmpOp| matches!(op, CmpOp::Gt | CmpOp::Ge);
    let upper = |op: &CmpOp| matches!(op, CmpOp::Lt | CmpOp::Le);
    match a.func {
        AggFunc::Count | AggFunc::SumPlus | AggFunc::Max => {
            a.guards.iter().all(|(op, _)| lower(op))
        }
        AggFunc::Min => a.guards.iter().all(|(op, _)| upper(op)),
        AggFunc::Sum => false,
    }
}

/// Sets `Planned::delayed` of every rule: per body item, whether clingo's grounder leaves it
/// undecided when it holds (see the module comment); and `Planned::undecided`: the negated
/// aggregates it leaves undecided whatever their value. `stage_of`: each rule's stage in its
/// component ([`super::stages`]): a negative condition literal settled by the rule's stage is
/// over earlier positive components of gringo's, "stratified", and not recursive
/// (`p(1) :- q(1) : d(W), s(W,W), not s(W,W).` beside `#external s(Y,Y) : q(1), d(Y).` and
/// `q(1) :- not p(1).`: gringo's translation defines no condition atom, s(1,1) stays
/// external; differential seed 3601 #820).
pub(super) fn mark(
    rules: &mut [Planned],
    syms: &SymbolTable,
    projection: &[bool],
    stage_of: &[ir::Stage],
) -> Result<(), Diagnostic> {
    let candidates = rules.iter().any(|r| {
        r.rule
            .body
            .iter()
            .any(|b| matches!(b, ir::Body::Aggregate(_) | ir::Body::Conditional { .. }))
    });
    for r in rules.iter_mut() {
        r.delayed = vec![false; r.rule.body.len()];
        r.undecided = vec![false; r.rule.body.len()];
        r.condition_recursive = vec![ConditionRecursion::Stratified; r.rule.body.len()];
    }
    if !candidates {
        return Ok(());
    }
    let occs: Vec<Vec<Occurrence>> = rules.iter().map(|r| occurrences(&r.rule)).collect();
    // Rules without body atoms (facts) have no dependencies: they are in no loop.
    let num_preds = projection.len();
    let mut definers: Vec<Vec<(usize, &ir::Atom)>> = vec![Vec::new(); num_preds];
    for (j, r) in rules.iter().enumerate() {
        if occs[j].is_empty() {
            continue;
        }
        for h in heads(&r.rule) {
            definers[h.pred].push((j, h));
        }
    }
    let n = rules.len();
    let mut all_edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut positive_edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    // Per rule and occurrence, the rules defining it.
    let mut defined_by: Vec<Vec<Vec<usize>>> = Vec::with_capacity(n);
    for (i, r) in rules.iter().enumerate() {
        let mut per_occ = Vec::with_capacity(occs[i].len());
        for o in &occs[i] {
            let by: Vec<usize> = definers[o.atom.pred as PredId]
                .iter()
                .filter(|(j, h)| Unifier::atoms(syms, [&r.rule, &rules[*j].rule], o.atom, h))
                .map(|(j, _)| *j)
                .collect();
            all_edges[i].extend(&by);
            if o.positive {
                positive_edges[i].extend(&by);
            }
            per_occ.push(by);
        }
        defined_by.push(per_occ);
    }
    let component = component_of(&all_edges);
    // Whether a negated aggregate is decided changes no answer set, only which rules gringo
    // keeps: what an #external's status or a weak constraint's level shows.
    let order_matters = rules.iter().any(|r| r.rule.head.shows_domain());
    let positive_component = component_of(&positive_edges);
    // Per loop of the full graph, the rules in it that depend positively on another of its
    // positive components: gringo grounds that one first, an order inside the loop the model
    // of undecided aggregates below does not follow (see `order_unknown`). (Not the rules of
    // anonymous variables' projections: `#sum{1 : not not q(_)} < 1` beside `q(a) :- not
    // p(1).` leaves the aggregate of `p :- not #count{1 : not not q(a)} > 0, #sum{..}.`
    // undecided as the model says.)
    let projects = |r: &Planned| matches!(&r.rule.head, ir::Head::Atom(h) if projection[h.pred]);
    let mut positive_across: HashMap<usize, Vec<usize>> = HashMap::new();
    for (a, targets) in positive_edges.iter().enumerate() {
        if projects(&rules[a]) {
            continue;
        }
        let across = targets.iter().any(|&b| {
            component[b] == component[a] && positive_component[b] != positive_component[a]
        });
        if across {
            positive_across.entry(component[a]).or_default().push(a);
        }
    }
    // The predicates `#external` statements declare: gringo's translation of a recursive
    // conditional literal defines its condition's positive atoms, which ends their status.
    let mut declared = vec![false; num_preds];
    for r in rules.iter() {
        if let ir::Head::External { atom, .. } = &r.rule.head {
            declared[atom.pred] = true;
        }
    }
    // Per rule, the rules of its component it reaches positively (once needed).
    let mut reaching: HashMap<usize, Vec<bool>> = HashMap::new();
    let mut marks = Vec::with_capacity(n);
    for i in 0..n {
        let mut delayed = vec![false; rules[i].rule.body.len()];
        let mut condition_recursive =
            vec![ConditionRecursion::Stratified; rules[i].rule.body.len()];
        // the rules this one depends on positively (inside its component), once needed
        let mut reached: Option<Vec<bool>> = None;
        for (o, by) in occs[i].iter().zip(&defined_by[i]) {
            if !o.in_condition {
                continue;
            }
            let negated_item = matches!(&rules[i].rule.body[o.item],
                ir::Body::Aggregate(a) if a.sign != Sign::Pos);
            let positive = o.positive && !negated_item;
            let recursive = |j: usize| {
                if positive {
                    positive_component[j] == positive_component[i]
                } else {
                    component[j] == component[i] && o.settled_from > stage_of[i]
                }
            };
            delayed[o.item] |= by.iter().any(|&j| recursive(j));
            // gringo grounds a definer this rule depends on positively first (an earlier of
            // its positive parts), so the literal is decided there although aspsat grounds
            // the two in one stage
            let before = |j: usize, reached: &mut Option<Vec<bool>>| {
                let seen = reached.get_or_insert_with(|| {
                    crate::scc::reachable_within(&positive_edges, &component, i, usize::MAX)
                });
                !positive && seen[j] && positive_component[j] != positive_component[i]
            };
            // A negated condition literal of a conditional literal whose definer neither
            // depends positively on this rule (gringo grounds it in a later positive part:
            // recursive) nor this rule on it (an earlier one: stratified): which comes first
            // is the order of gringo's search over its statements, which aspsat does not model
            // (`p(1) :- p(1) : not q(1), r.` beside `q(1) :- #count{1 : not p(1)} <= 0.`:
            // gringo grounds q's rule first, finds `not q(1)` stratified, and its translation
            // leaves the condition's r alone; with `q(1) :- not p(1).` it grounds it later and
            // defines r; differential seed 4705 #830 was a wrong answer).
            let conditional = matches!(&rules[i].rule.body[o.item], ir::Body::Conditional { .. })
                && !matches!(rules[i].rule.head, ir::Head::External { .. });
            for &j in by {
                if !recursive(j) && (positive || component[j] != component[i]) {
                    continue;
                }
                if before(j, &mut reached) {
                    continue;
                }
                let after = positive || {
                    let seen = reaching.entry(j).or_insert_with(|| {
                        crate::scc::reachable_within(&positive_edges, &component, j, usize::MAX)
                    });
                    seen[i]
                };
                let found = if after || !conditional {
                    if !recursive(j) {
                        continue;
                    }
                    ConditionRecursion::Recursive
                } else {
                    ConditionRecursion::Unordered
                };
                let mark = &mut condition_recursive[o.item];
                *mark = (*mark).max(found);
            }
        }
        // An unordered conditional literal that aspsat decides while grounding its rule: what
        // gringo's translation would define is not known then (where aspsat leaves it open,
        // the atoms are noted, `Grounder::define_condition_externals`).
        for (k, b) in rules[i].rule.body.iter().enumerate() {
            if let ir::Body::Conditional { span, .. } = b
                && condition_recursive[k] == ConditionRecursion::Unordered
                && !delayed[k]
                && over_declared(b, &declared)
            {
                return Err(unordered_condition(span));
            }
        }
        // A negated aggregate: gringo's accumulation statements carry the body elements it
        // grounds before the aggregate (`input/statement.cc` `toGround`, in the order of
        // `gringo_rounds::body_positions`), so a loop through one of those (and the rule)
        // makes it recursive too, and then it is never decided, whatever its value and its
        // conditions. Measured with clingo 5.8.3: `p(X) :- d(X), not p(1), not #count{1:q(X)}
        // > 0.` leaves `#delayed <=> #true` (`not p(1)` needs no variable: it comes first),
        // `p(V) :- d(V), not p(1), not #count{Z:s(Z)} >= V.` `#delayed <=> not #count{}`, and
        // so does `p(1) :- not #count{1:d(3)} > 0, not p(1).` without global variables (the
        // elements that need none come from the last); `q(Y) :- not #count{1:s(Y)} > 0, not
        // q(Y), d(Y).` is decided (the aggregate comes before `not q(Y)`), so is `p(X) :-
        // d(X), not p(1), not #count{1:q} > 0.` and any with `{p(1)}` outside the loop;
        // a conditional literal counts too (`#external q(1) : not #sum+{2} > 1, p(Z) : r.
        // [free]  p(X) :- d(X), q(1).` declares q(1): differential seed 3202 #578). A guard
        // with arithmetic (`< Y-1`) is an assignment to an auxiliary variable for gringo,
        // grounded after the rest.
        let body = &rules[i].rule.body;
        let mut undecided = vec![false; body.len()];
        let positions = super::gringo_rounds::body_positions(&rules[i].rule);
        let in_loop = |o: &Occurrence, by: &Vec<usize>| {
            o.item < body.len() && by.iter().any(|&j| component[j] == component[i])
        };
        for (k, b) in body.iter().enumerate() {
            let ir::Body::Aggregate(a) = b else {
                continue;
            };
            let in_loop_before = |before: &dyn Fn(usize) -> bool| {
                a.sign != Sign::Pos
                    && (occs[i].iter().zip(&defined_by[i]))
                        .any(|(o, by)| o.item != k && in_loop(o, by) && before(o.item))
            };
            // (where the model does not know the order, it decides whether the rule is kept,
            // which matters beside an #external or a weak constraint:
            // `q(W) : r, d(W) | s(Y,1) :- not not #sum+{Y}=0, d(Y), not q(0).` leaves the
            // aggregate undecided in clingo 5.8.3, the rule kept, defining s(1,1); differential
            // seed 3105 #950)
            let Some(positions) = &positions else {
                if order_matters && in_loop_before(&|_| true) {
                    return Err(Diagnostic::error(
                        &a.span,
                        "a negated aggregate in a loop through another literal of its rule, where the \
                         order in which clingo's grounder grounds the body is not known, is not \
                         supported (that order decides whether it leaves the aggregate \
                         undecided)",
                    ));
                }
                continue;
            };
            let last = a.guards.iter().any(|(_, t)| arithmetic_with_variables(t));
            let before = |j: usize| last || positions[j] < positions[k];
            if in_loop_before(&before) {
                // gringo leaves the aggregate undecided where its rule is grounded before the
                // aggregate's completion, by its order of the loop's positive components; a
                // rule of the loop (other than this one) that depends positively on another
                // of them changes that order: `q(a) :- not p(1), p(1) : f.` beside `p :- not
                // #count{1 : not not q(a)} > 0, #sum{1 : not not q(_)} < 1.` and `p(1) :-
                // not p, r.` has the aggregate decided false in clingo 5.8.3 and no rule
                // for an #external p, without `p(1) : f` undecided and the rule written
                // (external_support_check seed 161)
                let order_unknown = (positive_across.get(&component[i]))
                    .is_some_and(|rules| rules.iter().any(|&r| r != i));
                if order_matters && order_unknown {
                    return Err(Diagnostic::error(
                        &a.span,
                        "a negated aggregate in a loop through another literal of its rule, where \
                         another rule of the loop depends positively on a part of it clingo's \
                         grounder then grounds first, is not supported (that order decides \
                         whether it leaves the aggregate undecided)",
                    ));
                }
                delayed[k] = true;
                undecided[k] = true;
            }
        }
        marks.push((delayed, undecided, condition_recursive));
    }
    drop(occs);
    for (r, (delayed, undecided, condition_recursive)) in rules.iter_mut().zip(marks) {
        r.delayed = delayed;
        r.undecided = undecided;
        r.condition_recursive = condition_recursive;
    }
    Ok(())
}

/// Whether gringo's translation of a body item finds a literal of its conditions recursive
/// (`ConjunctionAtom::condRecursive`, see [`Planned::condition_recursive`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ConditionRecursion {
    /// No literal is: the condition's atoms are left alone.
    Stratified,
    /// A negated literal of a conditional literal's condition may be either, by the order in
    /// which gringo grounds two positive parts that do not depend on each other.
    Unordered,
    /// One is: the translation defines the condition's positive atoms.
    Recursive,
}

/// The refusal of a conditional literal whose translation may define an `#external` atom of
/// its condition, or not, by an order of gringo's statements aspsat does not model.
pub(super) fn unordered_condition(span: &crate::syntax::ast::Span) -> Diagnostic {
    Diagnostic::error(
        span,
        "a conditional literal with an #external atom in its condition and a negated literal \
         there over a rule of its loop, where neither depends positively on the other, is not \
         supported (the order of clingo's grounder decides whether its translation defines \
         the atom, which ends its external status)",
    )
}

/// Whether a conditional literal's condition has a positive literal over a predicate of
/// `declared`.
fn over_declared(item: &ir::Body, declared: &[bool]) -> bool {
    let ir::Body::Conditional { cond, .. } = item else {
        return false;
    };
    (cond.lits.iter())
        .any(|l| matches!(l, ir::Lit::Atom { sign: Sign::Pos, atom, .. } if declared[atom.pred]))
}

/// A term gringo replaces by an auxiliary variable when it bounds an aggregate.
fn arithmetic_with_variables(t: &CTerm) -> bool {
    let mut vars = Vec::new();
    t.collect_vars(&mut vars);
    matches!(t, CTerm::Unary(..) | CTerm::Binary(..)) && !vars.is_empty()
}

/// The strongly connected component of each node.
fn component_of(edges: &[Vec<usize>]) -> Vec<usize> {
    let mut of = vec![0; edges.len()];
    for (c, nodes) in crate::scc::tarjan(edges).into_iter().enumerate() {
        for v in nodes {
            of[v] = c;
        }
    }
    of
}
