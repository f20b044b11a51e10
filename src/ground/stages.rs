//! gringo's statement dependencies inside one component of the predicate dependency graph.
//!
//! gringo orders its statements by a graph whose edges go from each body literal (of the body,
//! a condition or an aggregate element) to the statements with a head atom that *unifies*
//! with it, not merely one over the same predicate. `s :- not not q(1). q(5) :- not s.` has no
//! cycle there (`q(1)` never unifies with `q(5)`): gringo grounds the rule for `q` first, then
//! knows that no atom matches `q(1)`, so the rule for `s` is dropped and a weak constraint over
//! `s` vanishes with it. Over predicates the two rules form one component in which `not not
//! q(1)` would stay open until the component is complete.
//!
//! So the grounder grounds the rules of a predicate component in *stages*: the strongly
//! connected components of gringo's graph, each after the stages it depends on. A literal all
//! of whose unifying statements lie in earlier stages is *settled* from the stage after the
//! last of them ([`ir::Lit::Atom`]): it is decided like a literal over a complete predicate,
//! as gringo decides a "stratified" occurrence. One it shares a stage with stays open until
//! that stage is done, as before.
//!
//! Unification binds variables consistently, as gringo's does ([`Unifier`]: `s(0,1)` does
//! not unify with `s(Y,Y)`, nor `s(Y,Y)` with `s(X,f(X))`), and is over-approximated where
//! gringo's is not known (arithmetic unifies with anything): a dependency missed would decide
//! a literal before its atoms are all known, an extra one only keeps it open longer (and an
//! `#external` atom a rule kept open defines is no longer external: differential seed 3001
//! #396).
//!
//! gringo also splits a component with negative cycles into the components of its positive
//! edges, grounded in turn, and decides literals over the earlier ones. aspsat does so too
//! where it grounds every literal over another part as gringo does ([`components`]);
//! elsewhere the whole cycle stays one stage, open until it is done.

use super::ir::{self, Stage};
use super::own_conditions::Unifier;
use super::plan::Planned;
use super::term::CTerm;
use crate::symbol::{Sym, SymData, SymbolTable};
use crate::syntax::ast::Sign;
use std::collections::{BinaryHeap, HashMap};

/// How many pairs of a literal and a head atom one component may compare; beyond it the
/// component is grounded in one stage (as if every literal over its predicates depended on
/// every rule: never wrong, only less like gringo), so that this stays linear in practice.
const MAX_COMPARISONS: usize = 4_000_000;

/// How many members a search for the positive dependencies of one member visits; beyond it
/// the rest count as independent (a literal is then taken as one gringo may decide earlier).
const MAX_REACH: usize = 100_000;

/// Splits the rules `members` (indices into `rules`, in the order they are grounded) of one
/// predicate component into stages, sets the `settled_from` stage of every atom literal in
/// them, and returns each member's stage. Stages are numbered in the order they are grounded:
/// dependencies first, otherwise by the position of their first member.
pub fn settle(rules: &mut [Planned], members: &[usize], syms: &SymbolTable) -> Vec<Stage> {
    let heads: Vec<Vec<ir::Atom>> = members
        .iter()
        .map(|&r| head_atoms(&rules[r].rule))
        .collect();
    let index = HeadIndex::new(&heads);
    // The variables of intervals, per member: they take integers only (see `may_unify`).
    let range_vars: Vec<Vec<bool>> = members
        .iter()
        .map(|&r| {
            let vars = &rules[r].rule.vars;
            vars.iter().map(|v| v.name.starts_with("#Range")).collect()
        })
        .collect();
    // The members whose heads unify with each literal, in visiting order, and where each
    // literal stands.
    let mut providers: Vec<Vec<Vec<usize>>> = Vec::with_capacity(members.len());
    let mut occurrences: Vec<Vec<Occurrence>> = Vec::with_capacity(members.len());
    let mut budget = MAX_COMPARISONS;
    for &r in members {
        let mut atoms = Vec::new();
        let mut places = Vec::new();
        for_each_atom_lit(&mut rules[r].rule, &mut |atom, occurrence, _| {
            atoms.push(atom.clone());
            places.push(occurrence);
        });
        let rules: &[Planned] = rules;
        let per_lit = atoms
            .iter()
            .map(|atom| {
                let lit = (&rules[r].rule, atom);
                index.unifying(
                    lit,
                    (&heads, &range_vars),
                    (rules, members),
                    syms,
                    &mut budget,
                )
            })
            .collect();
        providers.push(per_lit);
        occurrences.push(places);
    }
    if budget == 0 {
        // one stage: every literal is decided once it is done (`providers` is incomplete)
        for &r in members {
            for_each_atom_lit(&mut rules[r].rule, &mut |_, _, (settled_from, _)| {
                *settled_from = 1
            });
        }
        return vec![0; members.len()];
    }
    let one_statement: Vec<bool> = (members.iter())
        .map(|&r| head_in_rule_statement(&rules[r].rule))
        .collect();
    let (stage_of, merged) = order(&providers, &occurrences, &one_statement);
    for (i, &r) in members.iter().enumerate() {
        let mut lits = providers[i].iter().zip(&merged[i]);
        for_each_atom_lit(&mut rules[r].rule, &mut |_, _, (settled_from, m)| {
            let (ps, &merged) = lits.next().expect("visited in the same order");
            *settled_from = ps.iter().map(|&p| stage_of[p] + 1).max().unwrap_or(0);
            *m = merged;
        });
    }
    stage_of
}

/// The stage of each member: gringo's components ([`components`]), each after those it
/// depends on, ties broken by the position of their first member (members come in gringo's
/// order of its components, `schedule::clingo_order`); and per literal of each member,
/// whether it is [`ir::Lit::Atom`]'s `merged`.
fn order(
    providers: &[Vec<Vec<usize>>],
    occurrences: &[Vec<Occurrence>],
    one_statement: &[bool],
) -> (Vec<Stage>, Vec<Vec<bool>>) {
    let Parts {
        components: sccs,
        edges,
        merged,
    } = components(providers, occurrences, one_statement);
    let mut scc_of = vec![0; edges.len()];
    for (c, members) in sccs.iter().enumerate() {
        members.iter().for_each(|&m| scc_of[m] = c);
    }
    // Kahn's algorithm over the components, the first by position first.
    let mut waiting = vec![0usize; sccs.len()];
    let mut dependents: Vec<Vec<usize>> = vec![Vec::new(); sccs.len()];
    for (m, es) in edges.iter().enumerate() {
        for &p in es {
            let (from, to) = (scc_of[p], scc_of[m]);
            if from != to {
                waiting[to] += 1;
                dependents[from].push(to);
            }
        }
    }
    let first = |c: usize| *sccs[c].iter().min().expect("components are not empty");
    let mut ready: BinaryHeap<std::cmp::Reverse<(usize, usize)>> = (0..sccs.len())
        .filter(|&c| waiting[c] == 0)
        .map(|c| std::cmp::Reverse((first(c), c)))
        .collect();
    let mut stage_of = vec![0; edges.len()];
    let mut next: Stage = 0;
    while let Some(std::cmp::Reverse((_, c))) = ready.pop() {
        sccs[c].iter().for_each(|&m| stage_of[m] = next);
        next += 1;
        for &d in &dependents[c] {
            waiting[d] -= 1;
            if waiting[d] == 0 {
                ready.push(std::cmp::Reverse((first(d), d)));
            }
        }
    }
    (stage_of, merged)
}

/// The components gringo grounds one after the other, and the edges between members that
/// order them. gringo takes the strongly connected components of its dependency graph, then
/// splits each into the components of its positive edges, grounded in turn, a literal over an
/// earlier one decided as "stratified" (libgringo `Dependency::analyze`): in `q(1) :- not
/// p(1). p(1) :- not q(1) : e(W).` it grounds the rule for `p` first, makes `p(1)` a fact,
/// and `q(1)` never enters the domain (clingo 5.8.3: an `#external s : q(1).` beside it is not
/// declared; differential seed 3601 #820). A component is split so only where every member's
/// head is derived by its rule statement ([`head_in_rule_statement`]) and every literal
/// matching another part is grounded by aspsat as gringo does
/// ([`Occurrence::may_match_other_part`]); otherwise it stays one stage, every literal over
/// it open until it is done.
fn components(
    providers: &[Vec<Vec<usize>>],
    occurrences: &[Vec<Occurrence>],
    one_statement: &[bool],
) -> Parts {
    let all_edges = |keep: &dyn Fn(usize, Occurrence, usize) -> bool| -> Vec<Vec<usize>> {
        (providers.iter().zip(occurrences).enumerate())
            .map(|(m, (lits, places))| {
                let mut e: Vec<usize> = (lits.iter().zip(places))
                    .flat_map(|(ps, &o)| ps.iter().copied().filter(move |&p| keep(m, o, p)))
                    .collect();
                e.sort_unstable();
                e.dedup();
                e
            })
            .collect()
    };
    let edges = all_edges(&|_, _, _| true);
    let sccs = crate::scc::tarjan(&edges);
    let mut scc_of = vec![0; edges.len()];
    for (c, members) in sccs.iter().enumerate() {
        members.iter().for_each(|&m| scc_of[m] = c);
    }
    // positive edges inside a component, every edge between components
    let positive = all_edges(&|m, o, p| o.positive() || scc_of[m] != scc_of[p]);
    let parts = crate::scc::tarjan(&positive);
    let mut part_of = vec![0; edges.len()];
    for (c, members) in parts.iter().enumerate() {
        members.iter().for_each(|&m| part_of[m] = c);
    }
    // The parts of a component in the order of their first member, which is gringo's order
    // of them (members come sorted by `schedule::clingo_order`).
    let first = |c: usize| *parts[c].iter().min().expect("components are not empty");
    let later = |m: usize, p: usize| first(part_of[p]) > first(part_of[m]);
    let splittable = |c: usize| {
        sccs[c].iter().all(|&m| {
            one_statement[m]
                && (providers[m].iter().zip(&occurrences[m])).all(|(ps, o)| {
                    (ps.iter()
                        .filter(|&&p| scc_of[p] == c && part_of[p] != part_of[m]))
                    .all(|&p| o.may_match_other_part(!later(m, p)))
                })
        })
    };
    let split: Vec<bool> = (0..sccs.len())
        .map(|c| sccs[c].len() > 1 && splittable(c))
        .collect();
    // A literal over another part of a component left whole, unless that part depends
    // positively on the literal's own (gringo grounds it later then, and leaves the literal
    // open as aspsat does), and unless a rule of the literal's own part, or of a part that
    // depends positively on it, may define it too: gringo's occurrence is "unstratified"
    // then, open whatever the order of the parts (libgringo `Dependency::analyze`: one
    // provider not in an earlier part is enough).
    let mut reaches: HashMap<usize, Vec<bool>> = HashMap::new();
    let mut depends_on = |p: usize, m: usize| {
        let seen = (reaches.entry(p))
            .or_insert_with(|| crate::scc::reachable_within(&positive, &scc_of, p, MAX_REACH));
        seen[m]
    };
    let merged = (providers.iter().enumerate())
        .map(|(m, lits)| {
            (lits.iter())
                .map(|ps| {
                    let mut own = (ps.iter().copied())
                        .filter(|&p| scc_of[p] == scc_of[m])
                        .peekable();
                    !split[scc_of[m]]
                        && own.peek().is_some()
                        && own.all(|p| part_of[p] != part_of[m] && !depends_on(p, m))
                })
                .collect()
        })
        .collect();
    if !split.contains(&true) {
        return Parts {
            components: sccs,
            edges,
            merged,
        };
    }
    let mut out: Vec<Vec<usize>> = Vec::new();
    let mut taken = vec![false; parts.len()];
    for (c, members) in sccs.iter().enumerate() {
        if !split[c] {
            out.push(members.clone());
            continue;
        }
        for &m in members {
            if !std::mem::replace(&mut taken[part_of[m]], true) {
                out.push(parts[part_of[m]].clone());
            }
        }
    }
    // the edges that order the parts: none from a part to a later one of its component
    let ordering =
        all_edges(&|m, _, p| !(split[scc_of[m]] && scc_of[m] == scc_of[p] && later(m, p)));
    Parts {
        components: out,
        edges: ordering,
        merged,
    }
}

/// The components gringo grounds one after the other ([`components`]).
struct Parts {
    components: Vec<Vec<usize>>,
    /// The edges between members that order the components.
    edges: Vec<Vec<usize>>,
    /// Per literal of each member, [`ir::Lit::Atom`]'s `merged`.
    merged: Vec<Vec<bool>>,
}

/// Whether gringo derives the rule's head atoms in the rule's own statement, not through
/// accumulation statements of their own (a disjunction with conditions, a choice with bounds,
/// conditions or a counted element such as `#true`), whose place among the parts of a
/// component aspsat does not model: `{#true; s(0,Y)} :- not r, d(Y).` beside `#external r :
/// not not s(X,X), d(X).` is grounded after the external by clingo 5.8.3, which declares r
/// (differential seed 4303 #252).
pub(super) fn head_in_rule_statement(rule: &ir::Rule) -> bool {
    match &rule.head {
        ir::Head::Disjunction(_) => !super::gringo_rounds::conditional_disjunction(rule),
        ir::Head::Choice { elems, .. } => {
            super::gringo_rounds::simple_choice(rule) && elems.iter().all(|e| !e.counted)
        }
        _ => true,
    }
}

/// The atoms a rule can derive (or declare external).
fn head_atoms(rule: &ir::Rule) -> Vec<ir::Atom> {
    match &rule.head {
        ir::Head::Atom(a) | ir::Head::External { atom: a, .. } => vec![a.clone()],
        ir::Head::Choice { elems, .. } => elems
            .iter()
            .filter(|e| !e.counted)
            .map(|e| e.atom.clone())
            .collect(),
        ir::Head::Disjunction(elems) => elems
            .iter()
            .flat_map(|e| e.heads.iter().map(|h| h.item.clone()))
            .collect(),
        _ => Vec::new(),
    }
}

/// Where an atom literal stands in its rule.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Place {
    /// A body literal: gringo's rule statement reads it itself.
    Body,
    /// An alternative of a body conditional literal.
    Alternative,
    /// The condition of a body conditional literal.
    Condition,
    /// An element of a body aggregate (negated or not).
    Element { negated_aggregate: bool },
    /// The condition of a head element.
    Head,
}

/// An atom literal's sign and place, for gringo's positive dependencies and for where the
/// literal may match another part of a component split by [`components`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Occurrence {
    sign: Sign,
    place: Place,
}

impl Occurrence {
    /// gringo's occurrence is positive: a positive literal outside a negated aggregate
    /// (libgringo `PredicateLiteral::isNegative`, `BodyAggregateLiteral::isNegative`).
    fn positive(self) -> bool {
        self.sign == Sign::Pos
            && self.place
                != (Place::Element {
                    negated_aggregate: true,
                })
    }

    /// Whether the literal may match a part of its component other than its rule's (an
    /// `earlier` one or a later one) with aspsat's grounding still gringo's. A body literal
    /// is read by gringo's rule statement itself, decided over an earlier part ("stratified")
    /// and open over a later one while no atom it matches is a fact, as aspsat grounds it. The
    /// rest gringo grounds through statements of their own (the accumulation of a condition,
    /// an aggregate's elements and its completion), whose place among the parts aspsat does
    /// not model: a positive literal outside a negated aggregate, over an earlier part, is
    /// earlier for those too (they depend positively on it and the rule on them); so is a
    /// negated one of a conditional literal's condition (clingo 5.8.3 decides it:
    /// `external_condition_stratified`), and a negated alternative of one over a later part
    /// is later for them too (`external_positive_parts`). Not a negated literal of an
    /// aggregate element or a head condition, nor anything in a negated aggregate, whose
    /// completion gringo may ground after the rule (`#external p(3) : not not 1 = #min{ :
    /// s(1)} < -1.` beside a rule for s in an earlier part is left open by clingo 5.8.3 and
    /// declared: differential seed 4301 #60).
    fn may_match_other_part(self, earlier: bool) -> bool {
        match (self.place, self.sign == Sign::Pos) {
            (Place::Body, _) => true,
            (Place::Alternative, false) => !earlier,
            (Place::Condition, false) => earlier,
            (
                Place::Element {
                    negated_aggregate: true,
                },
                _,
            ) => false,
            (_, positive) => positive && earlier,
        }
    }
}

/// A literal's `settled_from` and `merged` ([`ir::Lit::Atom`]).
type Settled<'a> = (&'a mut Stage, &'a mut bool);

/// Calls `f` on every atom literal of a rule (its body, conditional literals, aggregate
/// elements and head conditions), always in the same order.
fn for_each_atom_lit(rule: &mut ir::Rule, f: &mut impl FnMut(&ir::Atom, Occurrence, Settled<'_>)) {
    let cond = |c: &mut ir::Condition,
                place: Place,
                f: &mut dyn FnMut(&ir::Atom, Occurrence, Settled<'_>)| {
        for l in &mut c.lits {
            if let ir::Lit::Atom {
                atom,
                settled_from,
                sign,
                merged,
            } = l
            {
                let sign = *sign;
                f(atom, Occurrence { sign, place }, (settled_from, merged));
            }
        }
    };
    for b in &mut rule.body {
        match b {
            ir::Body::Lit(ir::Lit::Atom {
                atom,
                settled_from,
                sign,
                merged,
            }) => {
                let sign = *sign;
                let place = Place::Body;
                f(atom, Occurrence { sign, place }, (settled_from, merged))
            }
            ir::Body::Lit(_) => {}
            ir::Body::Conditional { alts, cond: c, .. } => {
                for alt in alts {
                    if let ir::Lit::Atom {
                        atom,
                        settled_from,
                        sign,
                        merged,
                    } = &mut alt.item
                    {
                        let sign = *sign;
                        let place = Place::Alternative;
                        f(atom, Occurrence { sign, place }, (settled_from, merged));
                    }
                    cond(&mut alt.cond, Place::Condition, f);
                }
                cond(c, Place::Condition, f);
            }
            ir::Body::Aggregate(a) => {
                let place = Place::Element {
                    negated_aggregate: a.sign != Sign::Pos,
                };
                a.elems.iter_mut().for_each(|e| cond(&mut e.cond, place, f))
            }
        }
    }
    match &mut rule.head {
        ir::Head::Choice { elems, .. } => elems
            .iter_mut()
            .for_each(|e| cond(&mut e.cond, Place::Head, f)),
        ir::Head::Disjunction(elems) => {
            for e in elems {
                (e.heads.iter_mut()).for_each(|h| cond(&mut h.cond, Place::Head, f));
                cond(&mut e.cond, Place::Head, f);
            }
        }
        _ => {}
    }
}

/// The head atoms of a component's members by predicate and, where it is a symbol, first
/// argument (so that ground rules over many constants are not compared pairwise).
struct HeadIndex {
    by_first: HashMap<(ir::PredId, Sym), Vec<(usize, usize)>>,
    /// Heads whose first argument is not a symbol (or that have no arguments), by predicate.
    open: HashMap<ir::PredId, Vec<(usize, usize)>>,
    /// Every head, by predicate.
    all: HashMap<ir::PredId, Vec<(usize, usize)>>,
}

impl HeadIndex {
    fn new(heads: &[Vec<ir::Atom>]) -> Self {
        let mut index = HeadIndex {
            by_first: HashMap::new(),
            open: HashMap::new(),
            all: HashMap::new(),
        };
        for (m, atoms) in heads.iter().enumerate() {
            for (k, a) in atoms.iter().enumerate() {
                index.all.entry(a.pred).or_default().push((m, k));
                match a.args.first() {
                    Some(CTerm::Sym(s)) => index.by_first.entry((a.pred, *s)).or_default(),
                    _ => index.open.entry(a.pred).or_default(),
                }
                .push((m, k));
            }
        }
        index
    }

    /// The members with a head atom that may unify with `atom` (sorted, distinct); counts the
    /// comparisons against `budget` (none are made once it is spent).
    fn unifying(
        &self,
        (rule, atom): (&ir::Rule, &ir::Atom),
        (heads, range_vars): (&[Vec<ir::Atom>], &[Vec<bool>]),
        (rules, members): (&[Planned], &[usize]),
        syms: &SymbolTable,
        budget: &mut usize,
    ) -> Vec<usize> {
        let none = Vec::new();
        let candidates: Vec<&Vec<(usize, usize)>> = match atom.args.first() {
            Some(CTerm::Sym(s)) => vec![
                self.by_first.get(&(atom.pred, *s)).unwrap_or(&none),
                self.open.get(&atom.pred).unwrap_or(&none),
            ],
            _ => vec![self.all.get(&atom.pred).unwrap_or(&none)],
        };
        let mut out = Vec::new();
        for &(m, k) in candidates.into_iter().flatten() {
            if *budget == 0 {
                return out;
            }
            *budget -= 1;
            let head = &heads[m][k];
            let unify = head.args.len() == atom.args.len()
                && head
                    .args
                    .iter()
                    .zip(&atom.args)
                    .all(|(x, y)| may_unify(x, y, &range_vars[m], syms))
                // (variables bound consistently, as gringo's analysis binds them: `s(Y,Y)`
                // is not defined by `{s((X,Z),n)}`)
                && Unifier::atoms(syms, [rule, &rules[members[m]].rule], atom, head);
            if unify {
                out.push(m);
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// Whether some values of the variables can make head term `head` and literal term `lit`
/// equal (over-approximated: arithmetic may take any value, and each variable is free on its
/// own; [`Unifier`] ties them). The variable of an interval in the head (`range[v]`) and
/// arithmetic linear in one variable take integers only, as gringo knows: `q(Y..1)` and
/// `q(1-Y)` do not define `q((1,1))` ([`CTerm::integer_arithmetic`]).
fn may_unify(head: &CTerm, lit: &CTerm, range: &[bool], syms: &SymbolTable) -> bool {
    let integer_only = |t: &CTerm| match t {
        CTerm::Sym(s) => matches!(syms.get(*s), SymData::Num(_)),
        CTerm::Fun { .. } => false,
        _ => true,
    };
    match (head, lit) {
        (CTerm::Var(v), t) if range.get(*v).copied().unwrap_or(false) => integer_only(t),
        (a, t) if a.integer_arithmetic(syms) => integer_only(t),
        (t, a) if a.integer_arithmetic(syms) => integer_only(t),
        (CTerm::Var(_) | CTerm::Unary(..) | CTerm::Binary(..), _)
        | (_, CTerm::Var(_) | CTerm::Unary(..) | CTerm::Binary(..)) => true,
        (CTerm::Sym(a), CTerm::Sym(b)) => a == b,
        (CTerm::Sym(s), f @ CTerm::Fun { .. }) => function_and_symbol(f, *s, false, range, syms),
        (f @ CTerm::Fun { .. }, CTerm::Sym(s)) => function_and_symbol(f, *s, true, range, syms),
        (
            CTerm::Fun {
                name: n1,
                args: a1,
                negative: g1,
            },
            CTerm::Fun {
                name: n2,
                args: a2,
                negative: g2,
            },
        ) => {
            n1 == n2
                && g1 == g2
                && a1.len() == a2.len()
                && a1.iter().zip(a2).all(|(x, y)| may_unify(x, y, range, syms))
        }
    }
}

/// [`may_unify`] of function term `fun` and value `s`, `fun` on the head's side or not.
fn function_and_symbol(
    fun: &CTerm,
    s: Sym,
    fun_in_head: bool,
    range: &[bool],
    syms: &SymbolTable,
) -> bool {
    let CTerm::Fun {
        name,
        args,
        negative,
    } = fun
    else {
        unreachable!("called with a function term")
    };
    let SymData::Fun {
        name: n,
        args: sargs,
        negative: neg,
    } = syms.get(s)
    else {
        return false;
    };
    n == name
        && neg == negative
        && sargs.len() == args.len()
        && args.iter().zip(sargs).all(|(t, a)| {
            let a = CTerm::Sym(*a);
            if fun_in_head {
                may_unify(t, &a, range, syms)
            } else {
                may_unify(&a, t, range, syms)
            }
        })
}
