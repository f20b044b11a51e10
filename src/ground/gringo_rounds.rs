//! One model of how clingo's grounder (gringo, clingo 5.8.3) grounds a positive component of
//! rules, read from `libgringo` (`ground/instantiation.cc`, `ground/statements.cc`,
//! `input/statement.cc`, `input/aggregates.cc`, `domain.hh`). aspsat grounds every rule as
//! written; where gringo's rounds miss rule instances (clingo issue #495, open), aspsat either
//! grounds what gringo grounds or refuses. Two places read this model:
//! [`super::own_conditions`] (a literal matched too early, refused) and [`super::quirks`] (a
//! rule with an assignment aggregate that never fires, grounded without instances).
//!
//! **Statements.** gringo turns a rule into statements, each with an ordered list of literals
//! ([`statements`]): the rule proper (its body, sorted as [`body_order`] says); for a body
//! conditional literal `l : c` an accumulation of the body before it, one of `c` followed by
//! the auxiliary atom of the first, one of `l` followed by that of the second, and a
//! completion; for a body aggregate one accumulation per element (the body before it, then the
//! element's condition) and a completion; for a disjunction with a condition (or a choice that
//! is not simple) one accumulation per element (its condition, then the auxiliary atom of the
//! rule's body instance) and a completion that defines the head atoms. The completions of
//! disjunctions and conditional literals have priority 1; every other statement priority 0.
//!
//! **Rounds.** All statements of the component are queued at the start. A round runs every
//! queued statement of the lowest priority present, so the priority-1 completions run only
//! once nothing of priority 0 is left. A statement whose recursive (same component) positive
//! literals are `l1..lk` is run as k instantiations: `lj` matched against the atoms new in this
//! round, `l1..lj-1` against old ones and the rest against all. New and old are per predicate
//! (a domain) by a generation that advances in the two rounds after a statement defining that
//! predicate ran; the atoms the predicate had when the component started have generation 0
//! and stay "new" until then.
//!
//! **What is missed.** A predicate `D` that only priority-1 completions define in its
//! component keeps its atoms from outside (facts, earlier components) "new" through every round
//! before the first completion. A statement that runs there with `D` at position i and a later
//! recursive literal (position j > i) that gets new atoms matches `D` against old atoms only:
//! the combination is missed, and nothing revisits it. `a. a : a :- a.` is UNSATISFIABLE for
//! clingo; `a. x. r :- a. q :- r, a. a : x :- q.` has no `q` (gringo sorts the body `a, r`),
//! while `q :- a, r.` (sorted `r, a`) has it. An assignment aggregate is such a later literal
//! too: `r. r : not #true :- r, C = #min{W : d(W)}.` never fires.

use super::ir;
use super::levels;
use super::term::{CTerm, VarId};
use crate::symbol::SymbolTable;
use crate::syntax::ast::{AggFunc, CmpOp, Sign, Span};

/// An auxiliary atom gringo makes for one rule.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub(super) enum Aux {
    /// The rule's body instance, when accumulations define its head (a conditional
    /// disjunction or a choice that is not simple).
    Instance,
    /// "The body before conditional literal `j` holds".
    Prefix(usize),
    /// "The condition of conditional literal `j` holds".
    Condition(usize),
    /// Conditional literal `j` itself (a completion of priority 1 defines it).
    Conjunction(usize),
    /// Positive aggregate `j` (a completion of priority 0 defines it).
    Aggregate(usize),
}

impl Aux {
    /// Whether the statement defining it has priority 1 (runs after every priority-0 one).
    pub(super) fn late(self) -> bool {
        matches!(self, Aux::Conjunction(_))
    }
}

/// A literal of a statement that matters for its rounds: a positive atom of the rule or an
/// auxiliary atom (negative literals, comparisons and the like are checks).
#[derive(Clone, Copy, Debug)]
pub(super) enum Slot<'r> {
    Atom(&'r ir::Atom),
    Aux(Aux),
}

/// What a statement defines.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Defines {
    /// The rule's head atoms, in a round of priority 0.
    Heads,
    /// The rule's head atoms through a completion of priority 1 (a conditional disjunction).
    HeadsLate,
    Aux(Aux),
    /// Nothing (a constraint's body).
    Nothing,
}

/// One of gringo's statements for a rule.
#[derive(Debug)]
pub(super) struct Statement<'r> {
    /// Its literals with their rank: a literal stands after another when its rank is higher;
    /// of two with equal ranks either may come first (where this model cannot tell).
    pub slots: Vec<(Slot<'r>, usize)>,
    /// Its literals that may not be there (the body before an item when the order of the body
    /// is unknown): not needed for it to fire.
    pub uncertain: Vec<bool>,
    pub defines: Defines,
}

impl Statement<'_> {
    /// Whether literal `j` may stand after literal `i`.
    pub(super) fn may_follow(&self, i: usize, j: usize) -> bool {
        self.slots[j].1 > self.slots[i].1 || (j != i && self.slots[j].1 == self.slots[i].1)
    }
}

/// A disjunction gringo grounds with accumulations and a completion of priority 1: one with
/// an element that has a condition (even `#true`, or one moved into the body: `not a : c`,
/// `#false : c`) or several heads (a pool in the atom).
pub(super) fn conditional_disjunction(rule: &ir::Rule) -> bool {
    matches!(&rule.head, ir::Head::Disjunction(elems)
        if rule.head_element_moved
            || elems.iter().any(|e| e.heads.len() != 1 || !e.cond.lits.is_empty()))
}

/// A choice gringo grounds as a plain rule: no bounds and no conditions (a lone element's
/// condition moves into the body).
pub(super) fn simple_choice(rule: &ir::Rule) -> bool {
    match &rule.head {
        ir::Head::Choice { elems, guards, .. } => {
            guards.is_empty() && (elems.len() == 1 || elems.iter().all(|e| e.cond.lits.is_empty()))
        }
        _ => false,
    }
}

/// Whether a rule defines its head atoms in rounds of priority 0 (a plain rule, a choice, an
/// external): its predicates advance from the first round on.
pub(super) fn early_definer(rule: &ir::Rule) -> bool {
    match &rule.head {
        ir::Head::Atom(_) | ir::Head::Choice { .. } | ir::Head::External { .. } => true,
        ir::Head::Disjunction(_) => !conditional_disjunction(rule),
        _ => false,
    }
}

/// The condition literals gringo moves into the body: that of a lone choice element without
/// bounds (`TupleHeadAggregate::rewriteAggregates`: `{a : b} :- c.` is `{a} :- c, b.`).
fn shifted_condition(rule: &ir::Rule) -> &[ir::Lit] {
    match &rule.head {
        ir::Head::Choice { elems, guards, .. } if elems.len() == 1 && guards.is_empty() => {
            &elems[0].cond.lits
        }
        _ => &[],
    }
}

/// A body element in gringo's sense: a literal of the body, or of a shifted condition.
#[derive(Clone, Copy)]
enum Element<'r> {
    Body(usize, &'r ir::Body),
    Shifted(&'r ir::Lit),
}

fn positive_atom(l: &ir::Lit) -> Option<&ir::Atom> {
    match l {
        ir::Lit::Atom {
            sign: Sign::Pos,
            atom,
            ..
        } => Some(atom),
        _ => None,
    }
}

fn positive_atoms(lits: &[ir::Lit]) -> impl Iterator<Item = &ir::Atom> {
    lits.iter().filter_map(positive_atom)
}

fn term_vars(t: &CTerm, out: &mut Vec<VarId>) {
    t.collect_vars(out);
}

fn has_arithmetic(t: &CTerm) -> bool {
    match t {
        CTerm::Sym(_) | CTerm::Var(_) => false,
        CTerm::Fun { args, .. } => args.iter().any(has_arithmetic),
        CTerm::Unary(..) | CTerm::Binary(..) => true,
    }
}

/// What `_rewriteAssignments` knows of a body element: the variables it binds, those it needs
/// bound first, whether it is an assignment (`X = #agg{...}`, sorted last).
struct Entity {
    provides: Vec<VarId>,
    needs: Vec<VarId>,
    assignment: bool,
}

/// The variables of the rule's scope: its global variables ([`levels::global_vars`]) and
/// those of a shifted condition (in the body for gringo once shifted). Variables of a
/// condition or an aggregate element that are not among them are local to it.
fn rule_scope_vars(rule: &ir::Rule) -> Vec<VarId> {
    let mut out = levels::global_vars(&rule.body, &rule.head);
    for l in shifted_condition(rule) {
        out.extend(l.vars());
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The entity of a body element, None where this model cannot tell what gringo makes of it.
fn entity(e: Element, scope: &[VarId]) -> Option<Entity> {
    let global = |vars: Vec<VarId>| -> Vec<VarId> {
        let mut v: Vec<VarId> = vars.into_iter().filter(|v| scope.contains(v)).collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let lit = |l: &ir::Lit| -> Option<Entity> {
        Some(match l {
            ir::Lit::Atom {
                sign: Sign::Pos,
                atom,
                ..
            } => {
                // gringo replaces arithmetic by auxiliary variables bound elsewhere
                if atom.args.iter().any(has_arithmetic) {
                    return None;
                }
                Entity {
                    provides: l.vars(),
                    needs: Vec::new(),
                    assignment: false,
                }
            }
            ir::Lit::Atom { .. } => Entity {
                provides: Vec::new(),
                needs: global(l.vars()),
                assignment: false,
            },
            ir::Lit::Cmp {
                op: CmpOp::Eq,
                lhs,
                rhs,
            } => {
                if has_arithmetic(lhs) {
                    return None;
                }
                let (mut provides, mut needs) = (Vec::new(), Vec::new());
                term_vars(lhs, &mut provides);
                term_vars(rhs, &mut needs);
                Entity {
                    provides,
                    needs: global(needs),
                    assignment: false,
                }
            }
            ir::Lit::Cmp { .. } => Entity {
                provides: Vec::new(),
                needs: global(l.vars()),
                assignment: false,
            },
            ir::Lit::Range { var, lo, hi, .. } => {
                let mut needs = Vec::new();
                term_vars(lo, &mut needs);
                term_vars(hi, &mut needs);
                Entity {
                    provides: vec![*var],
                    needs: global(needs),
                    assignment: false,
                }
            }
            ir::Lit::Bool(_) => return None,
        })
    };
    match e {
        Element::Shifted(l) | Element::Body(_, ir::Body::Lit(l)) => lit(l),
        Element::Body(_, ir::Body::Conditional { alts, cond, .. }) => {
            let mut vars = Vec::new();
            for a in alts {
                vars.extend(a.item.vars());
                a.cond.lits.iter().for_each(|l| vars.extend(l.vars()));
            }
            cond.lits.iter().for_each(|l| vars.extend(l.vars()));
            Some(Entity {
                provides: Vec::new(),
                needs: global(vars),
                assignment: false,
            })
        }
        Element::Body(_, ir::Body::Aggregate(a)) => {
            // (gringo splits a positive aggregate with an equation and other guards into
            // several; a negated one's equation binds nothing, like any guard: `p(X) :- not
            // #count{1:q(X)} = X, d(X), not p(1).` is left undecided as with `!=`, clingo
            // 5.8.3 shows)
            let positive = a.sign == Sign::Pos;
            let eq = a.guards.iter().filter(|(op, _)| *op == CmpOp::Eq).count();
            if positive && eq > 0 && a.guards.len() > 1 {
                return None;
            }
            let mut element_vars = Vec::new();
            for e in &a.elems {
                e.terms.iter().for_each(|t| term_vars(t, &mut element_vars));
                e.cond
                    .lits
                    .iter()
                    .for_each(|l| element_vars.extend(l.vars()));
            }
            let mut needs = global(element_vars);
            let mut provides = Vec::new();
            let mut assignment = false;
            for (op, t) in &a.guards {
                if *op == CmpOp::Eq && positive {
                    // `X = #agg{...}` binds X (gringo: invertible bound); a constant does not
                    match t {
                        CTerm::Var(v) => {
                            provides.push(*v);
                            assignment = true;
                        }
                        t if t.is_ground() => {}
                        _ => return None,
                    }
                } else {
                    let mut v = Vec::new();
                    term_vars(t, &mut v);
                    needs.extend(global(v));
                }
            }
            needs.retain(|v| !provides.contains(v));
            needs.sort_unstable();
            needs.dedup();
            Some(Entity {
                provides,
                needs,
                assignment,
            })
        }
    }
}

/// The body elements of `rule` as written, a shifted condition last. A head element aspsat
/// moved into the body (`not b : c`) is no body element: gringo grounds it as an element of
/// the disjunction (an accumulation of its condition, then the body instance).
fn body_elements(rule: &ir::Rule) -> Vec<Element<'_>> {
    rule.body
        .iter()
        .enumerate()
        .filter(|(_, b)| {
            !matches!(
                b,
                ir::Body::Conditional {
                    moved_head: true,
                    ..
                }
            )
        })
        .map(|(i, b)| Element::Body(i, b))
        .chain(shifted_condition(rule).iter().map(Element::Shifted))
        .collect()
}

/// The body elements of `rule` in the order gringo grounds them, None where this model cannot
/// tell. gringo sorts the body by variable dependencies (`_rewriteAssignments` in
/// `libgringo/src/input/statement.cc`): the elements that need no variable bound, from the
/// last to the first (its dependency graph lists them in reverse), then each element as the
/// variables it needs get bound, assignments last.
fn body_order(rule: &ir::Rule) -> Option<Vec<Element<'_>>> {
    // A condition with a pool of three alternatives or more (`r : p((1;2;0))`) is several
    // conditional literals, which gringo does not order as written (the second comes last,
    // clingo 5.8.3 shows; the rest is not known).
    let spans: Vec<&Span> = rule
        .body
        .iter()
        .filter_map(|b| match b {
            ir::Body::Conditional {
                span,
                moved_head: false,
                ..
            } => Some(span),
            _ => None,
        })
        .collect();
    if spans
        .iter()
        .any(|s| spans.iter().filter(|t| *t == s).count() >= 3)
    {
        return None;
    }
    let scope = rule_scope_vars(rule);
    let elements = body_elements(rule);
    let ents: Vec<Entity> = elements
        .iter()
        .map(|&e| entity(e, &scope))
        .collect::<Option<_>>()?;
    let n = ents.len();
    let mut depends: Vec<usize> = ents.iter().map(|e| e.needs.len()).collect();
    let mut bound: Vec<VarId> = Vec::new();
    let mut open: Vec<usize> = (0..n).rev().filter(|&i| depends[i] == 0).collect();
    let mut sorted: Vec<usize> = Vec::with_capacity(n);
    let propagate =
        |x: usize, open: &mut Vec<usize>, bound: &mut Vec<VarId>, depends: &mut [usize]| {
            for &v in &ents[x].provides {
                if bound.contains(&v) {
                    continue;
                }
                bound.push(v);
                for (z, e) in ents.iter().enumerate() {
                    if e.needs.contains(&v) {
                        depends[z] -= 1;
                        if depends[z] == 0 {
                            open.push(z);
                        }
                    }
                }
            }
        };
    let mut it = 0;
    while it < open.len() {
        let mut assign = Vec::new();
        while it < open.len() {
            let x = open[it];
            if ents[x].assignment {
                assign.push(x);
            } else {
                propagate(x, &mut open, &mut bound, &mut depends);
                sorted.push(x);
            }
            it += 1;
        }
        while !assign.is_empty() {
            let mut next = Vec::new();
            for &x in &assign {
                if ents[x].provides.iter().all(|v| bound.contains(v)) {
                    propagate(x, &mut open, &mut bound, &mut depends);
                    sorted.push(x);
                } else {
                    next.push(x);
                }
            }
            if let Some(x) = next.pop() {
                propagate(x, &mut open, &mut bound, &mut depends);
                sorted.push(x);
            }
            assign = next;
        }
    }
    // (elements left over are unsafe: gringo reports them)
    (sorted.len() == n).then(|| sorted.into_iter().map(|i| elements[i]).collect())
}

/// For body item `k` of `rule`, whether each literal of a shifted condition (that of a lone
/// choice element, which gringo moves into the body: [`shifted_condition`]) comes before it
/// in gringo's order of the body; None where this model cannot tell.
pub(super) fn shifted_before(rule: &ir::Rule, k: usize) -> Option<Vec<bool>> {
    let order = body_order(rule)?;
    let at = order
        .iter()
        .position(|e| matches!(e, Element::Body(i, _) if *i == k))?;
    let before = &order[..at];
    Some(
        shifted_condition(rule)
            .iter()
            .map(|l| {
                before
                    .iter()
                    .any(|e| matches!(e, Element::Shifted(x) if std::ptr::eq(*x, l)))
            })
            .collect(),
    )
}

/// Each body element's position in the order gringo grounds the body ([`body_order`]), None
/// where this model cannot tell.
pub(super) fn body_positions(rule: &ir::Rule) -> Option<Vec<usize>> {
    let mut positions = vec![usize::MAX; rule.body.len()];
    for (at, e) in body_order(rule)?.into_iter().enumerate() {
        if let Element::Body(i, _) = e {
            positions[i] = at;
        }
    }
    Some(positions)
}

/// The statements gringo grounds `rule` with (see the module documentation), items (body
/// conditional literals and aggregates) numbered by their position in the body. A rule that
/// never fires (a `#false` in its body, as [`super::quirks`] marks the rules gringo never
/// fires) has none.
pub(super) fn statements<'r>(rule: &'r ir::Rule, syms: &SymbolTable) -> Vec<Statement<'r>> {
    let never = rule
        .body
        .iter()
        .any(|b| matches!(b, ir::Body::Lit(ir::Lit::Bool(false))));
    if never {
        return Vec::new();
    }
    syntactic_statements(rule, syms)
}

/// The statements of `rule` also when it never fires (gringo's dependencies are syntactic).
pub(super) fn syntactic_statements<'r>(
    rule: &'r ir::Rule,
    syms: &SymbolTable,
) -> Vec<Statement<'r>> {
    let order = body_order(rule);
    let ordered = order.is_some();
    let elements: Vec<Element<'r>> = order.unwrap_or_else(|| body_elements(rule));
    let mut out = Vec::new();
    // The rule proper.
    let head_by_accumulation = conditional_disjunction(rule)
        || matches!(rule.head, ir::Head::Choice { .. }) && !simple_choice(rule);
    let mut main = Statement {
        slots: Vec::new(),
        uncertain: Vec::new(),
        defines: if head_by_accumulation {
            Defines::Aux(Aux::Instance)
        } else if rule.head_preds().is_empty() {
            Defines::Nothing
        } else {
            Defines::Heads
        },
    };
    for (rank, e) in elements.iter().enumerate() {
        for s in slots_of(e) {
            main.slots.push((s, if ordered { rank } else { 0 }));
            main.uncertain.push(false);
        }
    }
    // The accumulations of the items, each after the body before it.
    for (position, e) in elements.iter().enumerate() {
        let Element::Body(i, item) = *e else {
            continue;
        };
        let prefix = |out: &mut Statement<'r>| {
            for (rank, other) in elements.iter().enumerate() {
                let before = rank < position;
                if before || !ordered && rank != position {
                    for s in slots_of(other) {
                        out.slots.push((s, if ordered { rank } else { 0 }));
                        out.uncertain.push(!before);
                    }
                }
            }
        };
        match item {
            ir::Body::Conditional { alts, cond, .. } => {
                let mut empty = statement(Defines::Aux(Aux::Prefix(i)));
                prefix(&mut empty);
                out.push(empty);
                let mut condition = statement(Defines::Aux(Aux::Condition(i)));
                push_ordered(&mut condition, positive_atoms(&cond.lits).map(Slot::Atom));
                push_ordered(&mut condition, [Slot::Aux(Aux::Prefix(i))]);
                out.push(condition);
                let mut literals = statement(Defines::Aux(Aux::Conjunction(i)));
                push_ordered(
                    &mut literals,
                    alts.iter()
                        .filter_map(|a| positive_atom(&a.item))
                        .map(Slot::Atom),
                );
                push_ordered(&mut literals, [Slot::Aux(Aux::Condition(i))]);
                out.push(literals);
            }
            ir::Body::Aggregate(a) if a.sign == Sign::Pos => {
                // (its guards checked against the value without elements)
                if neutral_may_hold(a, syms) {
                    let mut empty = statement(Defines::Aux(Aux::Aggregate(i)));
                    prefix(&mut empty);
                    out.push(empty);
                }
                for elem in &a.elems {
                    let mut st = statement(Defines::Aux(Aux::Aggregate(i)));
                    prefix(&mut st);
                    push_ordered(&mut st, positive_atoms(&elem.cond.lits).map(Slot::Atom));
                    out.push(st);
                }
            }
            _ => {}
        }
    }
    // The accumulations of the head elements: the condition, then the body instance.
    if head_by_accumulation {
        let conditions: Vec<&ir::Condition> = match &rule.head {
            ir::Head::Disjunction(_) => disjunction_accumulations(rule)
                .into_iter()
                .map(|(cond, _)| cond)
                .collect(),
            ir::Head::Choice { elems, .. } => elems.iter().map(|e| &e.cond).collect(),
            _ => Vec::new(),
        };
        let defines = if conditional_disjunction(rule) {
            Defines::HeadsLate
        } else {
            Defines::Heads
        };
        for c in conditions {
            let mut st = statement(defines);
            push_ordered(&mut st, positive_atoms(&c.lits).map(Slot::Atom));
            push_ordered(&mut st, [Slot::Aux(Aux::Instance)]);
            out.push(st);
        }
    }
    out.push(main);
    out
}

/// The accumulations of a disjunction's elements, in the order of their statements: per
/// element one for each head, and one for an element without heads (`#true : r`, from an
/// undefined head atom: gringo grounds it like any other); then one for each element aspsat
/// moved into the body (`not b : c`), which gringo keeps in the head. Each with the element's
/// condition and, where the element has exactly that one head, the head (an element of
/// several heads holds when all do: `p(1;2) : c` is no `p(1)`).
pub(super) fn disjunction_accumulations(
    rule: &ir::Rule,
) -> Vec<(&ir::Condition, Option<&ir::Local<ir::Atom>>)> {
    let ir::Head::Disjunction(elems) = &rule.head else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for e in elems {
        if e.heads.is_empty() {
            out.push((&e.cond, None));
        }
        let lone = e.heads.len() == 1;
        out.extend(e.heads.iter().map(|h| (&e.cond, lone.then_some(h))));
    }
    out.extend(rule.body.iter().filter_map(|b| match b {
        ir::Body::Conditional {
            cond,
            moved_head: true,
            ..
        } => Some((cond, None)),
        _ => None,
    }));
    out
}

fn statement<'r>(defines: Defines) -> Statement<'r> {
    Statement {
        slots: Vec::new(),
        uncertain: Vec::new(),
        defines,
    }
}

/// Appends literals, each after those already there.
fn push_ordered<'r>(st: &mut Statement<'r>, slots: impl IntoIterator<Item = Slot<'r>>) {
    for s in slots {
        let rank = st.slots.iter().map(|s| s.1 + 1).max().unwrap_or(0);
        st.slots.push((s, rank));
        st.uncertain.push(false);
    }
}

/// The literals of a body element that matter for its rounds: a positive atom; an item's
/// auxiliary atom (a negated aggregate's is a negative literal).
fn slots_of<'r>(e: &Element<'r>) -> Vec<Slot<'r>> {
    match *e {
        Element::Shifted(l) | Element::Body(_, ir::Body::Lit(l)) => {
            positive_atom(l).map(Slot::Atom).into_iter().collect()
        }
        Element::Body(i, ir::Body::Conditional { .. }) => vec![Slot::Aux(Aux::Conjunction(i))],
        Element::Body(i, ir::Body::Aggregate(a)) if a.sign == Sign::Pos => {
            vec![Slot::Aux(Aux::Aggregate(i))]
        }
        Element::Body(_, ir::Body::Aggregate(_)) => Vec::new(),
    }
}

/// Whether the value of aggregate `a` without elements (0 for counts and sums, `#sup` for
/// `#min`, `#inf` for `#max`) may satisfy its guards. gringo accumulates the body before an
/// aggregate with that check (`TupleBodyAggregate::toGround`): where it fails, the aggregate's
/// atom needs an element (`#count{...} > 0`).
fn neutral_may_hold(a: &ir::Aggregate, syms: &SymbolTable) -> bool {
    use std::cmp::Ordering;
    a.guards.iter().all(|(op, t)| {
        let CTerm::Sym(s) = t else {
            return true;
        };
        let Some(bound) = syms.as_int(*s) else {
            return true;
        };
        // the neutral value compared with the bound
        let order = match a.func {
            AggFunc::Count | AggFunc::Sum | AggFunc::SumPlus => 0.cmp(&bound),
            AggFunc::Min => Ordering::Greater,
            AggFunc::Max => Ordering::Less,
        };
        match op {
            CmpOp::Eq => order == Ordering::Equal,
            CmpOp::Ne => order != Ordering::Equal,
            CmpOp::Lt => order == Ordering::Less,
            CmpOp::Le => order != Ordering::Greater,
            CmpOp::Gt => order == Ordering::Greater,
            CmpOp::Ge => order != Ordering::Less,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// gringo's order of the body of the first rule of `source`: each element written as its
    /// predicate name (`#cond`, `#agg` for items), or None.
    fn order(source: &str) -> Option<Vec<String>> {
        let (rules, preds, syms) = crate::ground::planned_rules(source);
        let rule = &rules[0].rule;
        let name = |l: &ir::Lit| match l {
            ir::Lit::Atom { atom, sign, .. } => {
                let n = syms.name_str(preds.sigs[atom.pred].name).to_string();
                if *sign == Sign::Pos {
                    n
                } else {
                    format!("not {n}")
                }
            }
            _ => "#cmp".to_string(),
        };
        let elements = body_order(rule)?;
        Some(
            elements
                .iter()
                .map(|e| match *e {
                    Element::Shifted(l) | Element::Body(_, ir::Body::Lit(l)) => name(l),
                    Element::Body(_, ir::Body::Conditional { .. }) => "#cond".to_string(),
                    Element::Body(_, ir::Body::Aggregate(_)) => "#agg".to_string(),
                })
                .collect(),
        )
    }

    #[test]
    fn bodies_are_sorted_as_gringo_sorts_them() {
        // elements that need no variable: last to first
        assert_eq!(order("q :- r, a.").unwrap(), ["a", "r"]);
        assert_eq!(order("q :- a, #count{1 : s} > 0.").unwrap(), ["#agg", "a"]);
        // an element needing a variable comes once it is bound, assignments last
        assert_eq!(
            order("q(X) :- not s(X), p(X), C = #count{1 : t}, r.").unwrap(),
            ["r", "p", "not s", "#agg"]
        );
        assert_eq!(order("q :- p(X) : t(X,Y); u(Y).").unwrap(), ["u", "#cond"]);
        // a lone choice element's condition is part of the body, at its end
        assert_eq!(order("{ a : b } :- c.").unwrap(), ["b", "c"]);
        // arithmetic in an atom: gringo rewrites it, the order is left open
        assert!(order("q :- p(X+1), r(X).").is_none());
        // a head element moved into the body is no body element
        assert_eq!(order("b ; not a : c :- r, d.").unwrap(), ["d", "r"]);
    }

    #[test]
    fn a_head_element_moved_into_the_body_is_accumulated_as_gringo_keeps_it() {
        // `not a : c` is an element of the disjunction for gringo: its condition, then the
        // body instance (recursive differential seed 100060)
        let (rules, preds, syms) = crate::ground::planned_rules("b ; not a : c :- r.");
        let sts = statements(&rules[0].rule, &syms);
        let kinds: Vec<Defines> = sts.iter().map(|s| s.defines).collect();
        assert_eq!(
            kinds,
            [
                Defines::HeadsLate,
                Defines::HeadsLate,
                Defines::Aux(Aux::Instance)
            ]
        );
        let name = |s: &Slot| match s {
            Slot::Atom(a) => syms.name_str(preds.sigs[a.pred].name).to_string(),
            Slot::Aux(x) => format!("{x:?}"),
        };
        let moved: Vec<String> = sts[1].slots.iter().map(|(s, _)| name(s)).collect();
        assert_eq!(moved, ["c", "Instance"]);
        let main: Vec<String> = sts[2].slots.iter().map(|(s, _)| name(s)).collect();
        assert_eq!(main, ["r"]);
    }

    #[test]
    fn a_literal_before_the_new_one_is_matched_against_old_atoms() {
        let (rules, _, syms) = crate::ground::planned_rules("a : x :- q, a. { b ; c } 1 :- q.");
        let disjunction = statements(&rules[0].rule, &syms);
        // one accumulation for the element (its condition, then the body instance), the rule
        let kinds: Vec<Defines> = disjunction.iter().map(|s| s.defines).collect();
        assert_eq!(kinds, [Defines::HeadsLate, Defines::Aux(Aux::Instance)]);
        let main = &disjunction[1];
        assert!(main.may_follow(0, 1) && !main.may_follow(1, 0));
        // a choice with bounds defines its atoms in rounds of priority 0
        assert!(early_definer(&rules[1].rule));
        assert!(!early_definer(&rules[0].rule));
    }
}
