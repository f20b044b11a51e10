//! Which head atoms of a disjunction instance that one of its elements already satisfies
//! (a fact, or an element whose heads are all undefined) clingo's grounder still adds to its
//! domain. The instance itself never becomes a rule, so these atoms are false; but the rules
//! grounded after it see them, and a weak constraint over one of them gets an instance, whose
//! priority level clasp then reports (`p(1). r ; p(1). :~ r. [1@2]` is OPTIMUM FOUND with
//! `Optimization: 0` in clingo 5.8.3; `p(1) ; r` in its place gives SATISFIABLE).
//!
//! Read from `libgringo` (`input/aggregates.cc`: `Disjunction::toGround`;
//! `ground/statements.cc`: `Rule<true>::report`, `DisjunctionComplete::report`;
//! `output/literals.hh`: `DisjunctionAtom::headFact`; `ground/dependency.hh`):
//!
//! - A *simple* disjunction (every element one head and no condition; an interval in a head
//!   makes one rule per value, `r ; p(1..2)` is `r ; p(1). r ; p(2).`) is a plain rule: its
//!   heads are defined in the order written until the first fact or undefined head, where
//!   the rule is dropped. The heads before it are in the domain, those after it are not.
//! - Any other disjunction goes through gringo's completion statement. It adds every head of
//!   the instance unless an element is true (`headFact`), and that check is skipped when the
//!   completion is *unstratified*: when it lies on a cycle of positive dependencies between
//!   statements, i.e. a positive literal of the rule (body, element or head condition,
//!   conditional literal, non-negated aggregate element) depends positively, through the
//!   rules of its component, on one of the rule's own heads.
//!
//! gringo's dependencies are by unification of a literal with a head. [`Unifier`] reads them
//! as gringo does but for arithmetic (it unifies with anything there, gringo is stricter with
//! linear terms); where a cycle exists only through atoms with arithmetic, whether gringo has
//! it is not known. Nor is it known when an element's condition is itself on the cycle with
//! the body (gringo's rounds may never ground the element: [`recursive_condition`]). In both
//! cases a satisfied instance that would add an atom not in the domain yet is refused.

use super::ir::{self, PredId};
use super::own_conditions::{Unifier, heads};
use super::plan::Planned;
use super::term::CTerm;
use crate::symbol::SymbolTable;
use crate::syntax::ast::Sign;
use std::collections::HashMap;

/// What gringo adds to its domain from a satisfied instance of a rule's disjunctive head.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SatisfiedHeads {
    /// Not a disjunction with a completion (a simple disjunction or another head): see the
    /// module text for the simple ones.
    #[default]
    Plain,
    /// A completion on no positive cycle: nothing.
    Nothing,
    /// An unstratified completion: every defined head of the instance.
    Every,
    /// A completion on a positive cycle only through atoms with arithmetic: not known.
    Unknown,
}

/// How many pairs of a literal and a head one component may compare; beyond it the
/// completions of the component are [`SatisfiedHeads::Unknown`] (refused only where it
/// matters), so that this stays linear in practice.
const MAX_COMPARISONS: usize = 4_000_000;

/// Sets `satisfied_heads` of every rule of one predicate component (`members`, indices into
/// `rules`) with a disjunction that is not simple ([`ir::Rule::plain_disjunction`], or one
/// with an element moved into the body: it had a condition).
pub(super) fn mark(rules: &mut [Planned], members: &[usize], syms: &SymbolTable) {
    let completions: Vec<usize> = (0..members.len())
        .filter(|&m| {
            let rule = &rules[members[m]].rule;
            matches!(rule.head, ir::Head::Disjunction(_))
                && (!rule.plain_disjunction || rule.head_element_moved)
        })
        .collect();
    if completions.is_empty() {
        return;
    }
    let verdicts = {
        let rules: &[Planned] = rules;
        let graph = Graphs::build(rules, members, syms);
        completions
            .iter()
            .map(|&m| match &graph {
                None => SatisfiedHeads::Unknown,
                Some(g) => match (g.on_cycle(&g.any, m), g.on_cycle(&g.sure, m)) {
                    (false, _) => SatisfiedHeads::Nothing,
                    (true, true) if !recursive_condition(rules, members, g, m, syms) => {
                        SatisfiedHeads::Every
                    }
                    (true, _) => SatisfiedHeads::Unknown,
                },
            })
            .collect::<Vec<_>>()
    };
    for (&m, v) in completions.iter().zip(verdicts) {
        rules[members[m]].satisfied_heads = v;
    }
}

/// The positive dependencies between the members of a component: `any` where a literal may
/// unify with a head, `sure` where it does for gringo too (no arithmetic in either atom).
struct Graphs {
    any: Vec<Vec<usize>>,
    sure: Vec<Vec<usize>>,
}

impl Graphs {
    /// `None` when the comparisons would exceed [`MAX_COMPARISONS`].
    fn build(rules: &[Planned], members: &[usize], syms: &SymbolTable) -> Option<Graphs> {
        let mut by_pred: HashMap<PredId, Vec<(usize, &ir::Atom)>> = HashMap::new();
        for (m, &r) in members.iter().enumerate() {
            for h in heads(&rules[r].rule) {
                by_pred.entry(h.pred).or_default().push((m, h));
            }
        }
        let mut budget = MAX_COMPARISONS;
        let mut any = vec![Vec::new(); members.len()];
        let mut sure = vec![Vec::new(); members.len()];
        for (m, &r) in members.iter().enumerate() {
            let rule = &rules[r].rule;
            for lit in positive_atoms(rule) {
                for &(n, head) in by_pred.get(&lit.pred).into_iter().flatten() {
                    budget = budget.checked_sub(1)?;
                    let other = &rules[members[n]].rule;
                    if !Unifier::atoms(syms, [rule, other], lit, head) {
                        continue;
                    }
                    if !any[m].contains(&n) {
                        any[m].push(n);
                    }
                    if sure_unify(lit, head) && !sure[m].contains(&n) {
                        sure[m].push(n);
                    }
                }
            }
        }
        Some(Graphs { any, sure })
    }

    /// Whether member `m` lies on a cycle of `edges` (a loop on itself included).
    fn on_cycle(&self, edges: &[Vec<usize>], m: usize) -> bool {
        reachable(edges, m)[m]
    }
}

/// The members reachable from `m` in one step or more.
fn reachable(edges: &[Vec<usize>], m: usize) -> Vec<bool> {
    let mut seen = vec![false; edges.len()];
    let mut todo = edges[m].clone();
    while let Some(n) = todo.pop() {
        if !std::mem::replace(&mut seen[n], true) {
            todo.extend(&edges[n]);
        }
    }
    seen
}

/// Whether both the body and an element or head condition of member `m` have a positive
/// literal that may unify with a head of a rule on a positive cycle with `m`. gringo's rounds
/// may then miss instances of the element (`p(1). p(1) ; r : p(1) :- p(_).` never adds `r`,
/// while `p(2) ; r : p(1)` in its place, or no body, does), a reading not modelled here: such
/// a rule is [`SatisfiedHeads::Unknown`].
fn recursive_condition(
    rules: &[Planned],
    members: &[usize],
    g: &Graphs,
    m: usize,
    syms: &SymbolTable,
) -> bool {
    let ir::Head::Disjunction(elems) = &rules[members[m]].rule.head else {
        return false;
    };
    let from_m = reachable(&g.any, m);
    let on_cycle: Vec<usize> = (0..members.len())
        .filter(|&n| from_m[n] && reachable(&g.any, n)[m])
        .collect();
    let rule = &rules[members[m]].rule;
    let mut conditions = Vec::new();
    for e in elems {
        e.cond
            .lits
            .iter()
            .for_each(|l| push_positive(l, &mut conditions));
        for h in &e.heads {
            h.cond
                .lits
                .iter()
                .for_each(|l| push_positive(l, &mut conditions));
        }
    }
    let recursive = |lit: &ir::Atom| {
        on_cycle.iter().any(|&n| {
            let other = &rules[members[n]].rule;
            heads(other)
                .into_iter()
                .any(|h| Unifier::atoms(syms, [rule, other], lit, h))
        })
    };
    conditions.into_iter().any(recursive) && body_atoms(rule).into_iter().any(recursive)
}

/// Whether two atoms that [`Unifier`] unifies unify for gringo too: at each argument, neither
/// side has arithmetic, or one side is a variable that occurs nowhere else in its atom (which
/// unifies with anything there, arithmetic included).
fn sure_unify(a: &ir::Atom, b: &ir::Atom) -> bool {
    let lone_var = |atom: &ir::Atom, t: &CTerm| {
        let CTerm::Var(v) = t else {
            return false;
        };
        let mut vars = Vec::new();
        atom.args.iter().for_each(|x| x.collect_vars(&mut vars));
        vars.iter().filter(|w| *w == v).count() == 1
    };
    a.args
        .iter()
        .zip(&b.args)
        .all(|(x, y)| !(has_arithmetic(x) || has_arithmetic(y)) || lone_var(a, x) || lone_var(b, y))
}

fn has_arithmetic(t: &CTerm) -> bool {
    match t {
        CTerm::Unary(..) | CTerm::Binary(..) => true,
        CTerm::Fun { args, .. } => args.iter().any(has_arithmetic),
        CTerm::Sym(_) | CTerm::Var(_) => false,
    }
}

/// The atoms of a rule's positive occurrences, gringo's positive dependencies: positive
/// literals of the body, of conditional literals and their conditions, of the elements of
/// aggregates that are not negated, and of head conditions.
fn positive_atoms(rule: &ir::Rule) -> Vec<&ir::Atom> {
    let mut out = body_atoms(rule);
    match &rule.head {
        ir::Head::Disjunction(elems) => {
            for e in elems {
                e.cond.lits.iter().for_each(|l| push_positive(l, &mut out));
                for h in &e.heads {
                    h.cond.lits.iter().for_each(|l| push_positive(l, &mut out));
                }
            }
        }
        ir::Head::Choice { elems, .. } => {
            for e in elems {
                e.cond.lits.iter().for_each(|l| push_positive(l, &mut out));
            }
        }
        _ => {}
    }
    out
}

/// The atoms of the positive occurrences in a rule's body (see [`positive_atoms`]).
fn body_atoms(rule: &ir::Rule) -> Vec<&ir::Atom> {
    let mut out = Vec::new();
    for b in &rule.body {
        match b {
            ir::Body::Lit(l) => push_positive(l, &mut out),
            ir::Body::Conditional { alts, cond, .. } => {
                for alt in alts {
                    push_positive(&alt.item, &mut out);
                    alt.cond
                        .lits
                        .iter()
                        .for_each(|l| push_positive(l, &mut out));
                }
                cond.lits.iter().for_each(|l| push_positive(l, &mut out));
            }
            ir::Body::Aggregate(a) if a.sign == Sign::Pos => {
                for e in &a.elems {
                    e.cond.lits.iter().for_each(|l| push_positive(l, &mut out));
                }
            }
            ir::Body::Aggregate(_) => {}
        }
    }
    out
}

fn push_positive<'r>(l: &'r ir::Lit, out: &mut Vec<&'r ir::Atom>) {
    if let ir::Lit::Atom {
        sign: Sign::Pos,
        atom,
        ..
    } = l
    {
        out.push(atom);
    }
}
