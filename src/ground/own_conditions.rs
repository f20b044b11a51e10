//! Programs where clingo's grounder (5.8.3) misses instances of recursive rules, refused
//! (clingo issue #495, "wrong grounding involving recursive conditional literals": open,
//! postponed by its maintainer to the next major version). aspsat grounds every program as
//! written, so it refuses exactly the programs where clingo's reading can differ from that.
//!
//! Why clingo misses them. gringo grounds a positive component of statements semi-naively: a
//! statement with recursive literals `l1, ..., lk` runs one instantiation per literal, `lj`
//! matched against the atoms new in this round, `l1..lj-1` against old atoms and the rest
//! against all (`libgringo/src/ground/statements.cc`, `_linearize`). New and old are counted
//! per predicate domain by a generation that advances only in rounds after a statement
//! defining that domain ran. A disjunction with a conditional element is grounded by three
//! statements: the rule proper (defining an auxiliary atom per body instance), one
//! accumulation per element (its condition, then that auxiliary atom) and a completion that
//! defines the head atoms. The completion has priority 1: it runs only when nothing else is
//! left. So a predicate `D` whose only definers in the component are such completions keeps
//! the atoms it had when the component started (facts, atoms of other rules) "new" through all
//! the rounds before the first completion: a statement that runs there with a `D` literal
//! matched against old atoms (a later literal is the new one) misses them, and nothing
//! revisits that combination. `a. a : a :- a.` is UNSATISFIABLE for clingo (the accumulation
//! `a, aux` with aux new never sees `a`); `a. x. r :- a. q :- r, a. a : x :- q.` has no `q`.
//! Body conditional literals and aggregates are grounded the same way (accumulations for the
//! condition and the literal, a completion).
//!
//! The check, per positive component of rules (a rule uses a predicate the other defines):
//! a predicate `D` is at risk when a disjunction with a conditional element in the component
//! defines it, no plain rule in the component (an atom or a disjunction without conditions:
//! priority 0) defines it, and a rule outside the component (a fact, say) may give it atoms.
//! A program is refused when a statement of the component has a positive literal over a `D`
//! at risk beside another literal that is recursive there (another positive literal over the
//! component, or the auxiliary atom of the part it belongs to when that is recursive): the
//! order of the two literals and whether the other one has atoms in those rounds are not
//! followed (that would take gringo's own literal ordering), so the check is on the safe side.
//! Literals and heads depend on each other as in gringo, when their terms may unify (see
//! [`Unifier`]). Where every atom of the component is ground this is gringo's component, and the
//! risk is decided as above; elsewhere a literal is at risk when it may unify with the head of a
//! conditional disjunction of its component and with the heads of two rules at least (with
//! only that one, its atoms all come from the loop).

use super::ir::{self, PredId};
use super::plan::Planned;
use super::state::Grounder;
use super::term::{CTerm, VarId};
use crate::syntax::Diagnostic;
use crate::syntax::ast::Sign;
use std::collections::HashMap;

/// The positive atom literals among `lits`.
fn positive(lits: &[ir::Lit]) -> impl Iterator<Item = &ir::Atom> {
    lits.iter().filter_map(|l| match l {
        ir::Lit::Atom {
            sign: Sign::Pos,
            atom,
        } => Some(atom),
        _ => None,
    })
}

/// One of the statements gringo grounds a rule with, by the positive literals it has besides
/// its auxiliary atom.
struct Part<'r> {
    atoms: Vec<&'r ir::Atom>,
    kind: PartKind,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum PartKind {
    /// The rule's plain body literals (with the literals standing for its conditional
    /// literals and aggregates).
    Body,
    /// The condition of a head element (disjunction or choice) — followed by the atom of the
    /// rule's body instance.
    HeadCondition,
    /// The condition of body item `item` — followed by the atom saying the rest of the body
    /// before it holds.
    ItemCondition(usize),
    /// The literals of conditional literal `item` — followed by the atom of its condition.
    ItemLiterals(usize),
}

/// The parts of a rule, with `item` numbering its positive conditional literals and
/// aggregates (negated aggregates are negative dependencies: none of their literals count).
fn parts(rule: &ir::Rule) -> Vec<Part<'_>> {
    let mut body = Vec::new();
    let mut out = Vec::new();
    let mut items = 0;
    for b in &rule.body {
        match b {
            ir::Body::Lit(l) => body.extend(positive(std::slice::from_ref(l))),
            ir::Body::Conditional { alts, cond } => {
                let literals = alts
                    .iter()
                    .flat_map(|a| positive(std::slice::from_ref(&a.item)));
                out.push(Part {
                    atoms: literals.collect(),
                    kind: PartKind::ItemLiterals(items),
                });
                out.push(Part {
                    atoms: positive(&cond.lits).collect(),
                    kind: PartKind::ItemCondition(items),
                });
                items += 1;
            }
            ir::Body::Aggregate(a) if a.sign == Sign::Pos => {
                // (an aggregate without elements is still an item)
                out.push(Part {
                    atoms: Vec::new(),
                    kind: PartKind::ItemCondition(items),
                });
                for e in &a.elems {
                    out.push(Part {
                        atoms: positive(&e.cond.lits).collect(),
                        kind: PartKind::ItemCondition(items),
                    });
                }
                items += 1;
            }
            ir::Body::Aggregate(_) => {}
        }
    }
    let conditions: Vec<&ir::Condition> = match &rule.head {
        ir::Head::Disjunction(elems) => elems.iter().map(|e| &e.cond).collect(),
        ir::Head::Choice { elems, .. } => elems.iter().map(|e| &e.cond).collect(),
        _ => Vec::new(),
    };
    for c in conditions {
        out.push(Part {
            atoms: positive(&c.lits).collect(),
            kind: PartKind::HeadCondition,
        });
    }
    out.push(Part {
        atoms: body,
        kind: PartKind::Body,
    });
    out
}

/// The atoms a rule defines.
fn heads(rule: &ir::Rule) -> Vec<&ir::Atom> {
    match &rule.head {
        ir::Head::Atom(a) | ir::Head::External { atom: a, .. } => vec![a],
        ir::Head::Choice { elems, .. } => elems.iter().map(|e| &e.atom).collect(),
        ir::Head::Disjunction(elems) => elems
            .iter()
            .flat_map(|e| e.heads.iter().map(|h| &h.item))
            .collect(),
        _ => Vec::new(),
    }
}

/// A disjunction gringo grounds with accumulations and a completion: one with an element
/// that has a condition (even `#true`) or several heads (a pool in the atom).
fn conditional_disjunction(rule: &ir::Rule) -> bool {
    matches!(&rule.head, ir::Head::Disjunction(elems)
        if elems.iter().any(|e| e.heads.len() != 1 || !e.cond.lits.is_empty()))
}

/// A rule gringo grounds as one statement of priority 0 that defines its head atoms.
fn plain_definer(rule: &ir::Rule) -> bool {
    match &rule.head {
        ir::Head::Atom(_) => true,
        ir::Head::Disjunction(_) => !conditional_disjunction(rule),
        _ => false,
    }
}

/// A value: where all atoms have only values as arguments, [`Unifier`] decides as gringo does
/// (equality).
fn value(t: &CTerm) -> bool {
    matches!(t, CTerm::Sym(_))
}

/// Whether two atoms (of rules `0` and `1`) may unify, as gringo's dependency analysis decides
/// (`GTerm::unify` in `libgringo/src/term.cc`), or more often: variables are bound consistently
/// (two unbound ones of the same name are taken as equal without a binding, as there),
/// arithmetic matches anything, and so does a ground compound value against a function term.
struct Unifier<'r> {
    rules: [&'r ir::Rule; 2],
    bound: HashMap<(usize, VarId), (usize, &'r CTerm)>,
    steps: usize,
}

impl<'r> Unifier<'r> {
    fn atoms(rules: [&'r ir::Rule; 2], a: &'r ir::Atom, b: &'r ir::Atom) -> bool {
        if a.pred != b.pred || a.args.len() != b.args.len() {
            return false;
        }
        let mut u = Unifier {
            rules,
            bound: HashMap::new(),
            steps: 0,
        };
        a.args
            .iter()
            .zip(&b.args)
            .all(|(x, y)| u.unify((0, x), (1, y)))
    }

    fn name(&self, side: usize, v: VarId) -> &str {
        &self.rules[side].vars[v].name
    }

    fn unify(&mut self, (sx, x): (usize, &'r CTerm), (sy, y): (usize, &'r CTerm)) -> bool {
        self.steps += 1;
        if self.steps > 10_000 {
            return true;
        }
        if let CTerm::Var(v) = x
            && let Some(&t) = self.bound.get(&(sx, *v))
        {
            return self.unify(t, (sy, y));
        }
        if let CTerm::Var(w) = y
            && let Some(&t) = self.bound.get(&(sy, *w))
        {
            return self.unify((sx, x), t);
        }
        match (x, y) {
            (CTerm::Var(v), CTerm::Var(w)) => {
                if self.name(sx, *v) != self.name(sy, *w) {
                    self.bound.insert((sx, *v), (sy, y));
                }
                true
            }
            (CTerm::Var(v), _) => self.bind((sx, *v), (sy, y)),
            (_, CTerm::Var(w)) => self.bind((sy, *w), (sx, x)),
            (CTerm::Unary(..) | CTerm::Binary(..), _)
            | (_, CTerm::Unary(..) | CTerm::Binary(..)) => true,
            (CTerm::Sym(a), CTerm::Sym(b)) => a == b,
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
                    && a1.iter().zip(a2).all(|(p, q)| self.unify((sx, p), (sy, q)))
            }
            (CTerm::Sym(_), CTerm::Fun { .. }) | (CTerm::Fun { .. }, CTerm::Sym(_)) => true,
        }
    }

    /// Binds an unbound variable to a term it does not occur in (arithmetic: no binding).
    fn bind(&mut self, var: (usize, VarId), (side, t): (usize, &'r CTerm)) -> bool {
        if matches!(t, CTerm::Unary(..) | CTerm::Binary(..)) {
            return true;
        }
        if self.occurs(var, (side, t)) {
            return false;
        }
        self.bound.insert(var, (side, t));
        true
    }

    fn occurs(&mut self, var: (usize, VarId), (side, t): (usize, &'r CTerm)) -> bool {
        self.steps += 1;
        if self.steps > 10_000 {
            return false;
        }
        match t {
            CTerm::Var(w) => match self.bound.get(&(side, *w)) {
                Some(&next) => self.occurs(var, next),
                None => (side, *w) == var,
            },
            CTerm::Fun { args, .. } => args.iter().any(|a| self.occurs(var, (side, a))),
            _ => false,
        }
    }
}

/// Strongly connected components of a graph given by adjacency lists: the component of each
/// node.
fn component_of(edges: &[Vec<usize>]) -> Vec<usize> {
    let mut of = vec![0; edges.len()];
    for (c, nodes) in crate::scc::tarjan(edges).into_iter().enumerate() {
        for n in nodes {
            of[n] = c;
        }
    }
    of
}

/// Refuses the first rule with a literal clingo's grounder may not match as written.
pub(super) fn refuse(g: &Grounder, rules: &[Planned]) -> Result<(), Diagnostic> {
    let parts: Vec<Vec<Part>> = rules.iter().map(|r| parts(&r.rule)).collect();
    // Positive components of predicates and rules, a first cut: a node per predicate and per
    // rule, an edge from a rule to each predicate it uses positively and from a predicate to
    // each rule defining it.
    let num_preds = g.relations.len();
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); num_preds + rules.len()];
    for (i, r) in rules.iter().enumerate() {
        for p in r.rule.head_preds() {
            edges[p].push(num_preds + i);
        }
        for part in &parts[i] {
            edges[num_preds + i].extend(part.atoms.iter().map(|a| a.pred));
        }
    }
    let coarse = component_of(&edges);
    let mut members: HashMap<usize, Vec<usize>> = HashMap::new();
    for (i, r) in rules.iter().enumerate() {
        if conditional_disjunction(&r.rule) {
            members.entry(coarse[num_preds + i]).or_default();
        }
    }
    if members.is_empty() {
        return Ok(());
    }
    for i in 0..rules.len() {
        if let Some(m) = members.get_mut(&coarse[num_preds + i]) {
            m.push(i);
        }
    }
    let mut definers: Vec<Vec<(usize, &ir::Atom)>> = vec![Vec::new(); num_preds];
    for (i, r) in rules.iter().enumerate() {
        for h in heads(&r.rule) {
            definers[h.pred].push((i, h));
        }
    }
    let mut found: Option<(usize, PredId)> = None;
    for component in members.values() {
        let loop_ = Loop::new(rules, &parts, component, &definers);
        if let Some(hit) = loop_.first_missed()
            && found.is_none_or(|(i, _)| hit.0 < i)
        {
            found = Some(hit);
        }
    }
    let Some((i, p)) = found else {
        return Ok(());
    };
    let sig = g.relations[p].sig;
    Err(Diagnostic::error(
        &rules[i].rule.span,
        format!(
            "'{}{}/{}' is used in this rule beside another literal that is recursive with it, \
             and a disjunction with a condition defines it in the same loop: clingo's grounder \
             may not match such a literal against the atoms the predicate has from outside the \
             loop (clingo issue #495), a reading aspsat does not reproduce",
            if sig.negative { "-" } else { "" },
            g.program.symbols.name_str(sig.name),
            sig.arity
        ),
    ))
}

/// The rules of one positive component of predicates with a conditional disjunction, split
/// into gringo's components by unification.
struct Loop<'a, 'r> {
    rules: &'r [Planned],
    parts: &'a [Vec<Part<'r>>],
    /// Rule numbers, and the component of each (by position).
    members: &'a [usize],
    component: Vec<usize>,
    /// Per predicate, the members defining it (by position).
    by_pred: HashMap<PredId, Vec<usize>>,
    /// Per predicate, every rule defining it with the head atom.
    definers: &'a [Vec<(usize, &'r ir::Atom)>],
    /// Every atom of the loop is ground: these components are gringo's.
    exact: bool,
}

impl<'a, 'r> Loop<'a, 'r> {
    fn new(
        rules: &'r [Planned],
        parts: &'a [Vec<Part<'r>>],
        members: &'a [usize],
        definers: &'a [Vec<(usize, &'r ir::Atom)>],
    ) -> Self {
        let mut by_pred: HashMap<PredId, Vec<usize>> = HashMap::new();
        for (m, &j) in members.iter().enumerate() {
            for h in heads(&rules[j].rule) {
                let list = by_pred.entry(h.pred).or_default();
                if list.last() != Some(&m) {
                    list.push(m);
                }
            }
        }
        let defines = |i: usize, a: &'r ir::Atom, m: usize| {
            let j = members[m];
            heads(&rules[j].rule)
                .into_iter()
                .any(|h| Unifier::atoms([&rules[i].rule, &rules[j].rule], a, h))
        };
        let edges: Vec<Vec<usize>> = members
            .iter()
            .map(|&i| {
                let mut out: Vec<usize> = Vec::new();
                for a in parts[i].iter().flat_map(|p| &p.atoms) {
                    for &m in by_pred.get(&a.pred).into_iter().flatten() {
                        if !out.contains(&m) && defines(i, a, m) {
                            out.push(m);
                        }
                    }
                }
                out
            })
            .collect();
        let exact = members.iter().all(|&i| {
            let r = &rules[i].rule;
            heads(r)
                .into_iter()
                .chain(parts[i].iter().flat_map(|p| p.atoms.iter().copied()))
                .all(|a| a.args.iter().all(value))
        });
        Loop {
            rules,
            parts,
            members,
            component: component_of(&edges),
            by_pred,
            definers,
            exact,
        }
    }

    /// Rules (by position in `members`) of the component of member `k` defining an atom
    /// unifying with `atom` of member `k`.
    fn unifying_definers(&self, k: usize, atom: &'r ir::Atom) -> impl Iterator<Item = usize> {
        let rule = &self.rules[self.members[k]].rule;
        let candidates = self.by_pred.get(&atom.pred).into_iter().flatten().copied();
        candidates.filter(move |&m| {
            self.component[m] == self.component[k]
                && heads(&self.rules[self.members[m]].rule)
                    .into_iter()
                    .any(|h| Unifier::atoms([rule, &self.rules[self.members[m]].rule], atom, h))
        })
    }

    fn recursive(&self, k: usize, atom: &'r ir::Atom) -> bool {
        self.unifying_definers(k, atom).next().is_some()
    }

    /// Whether clingo may see the atoms `atom` has from outside its component late (see the
    /// module comment).
    fn at_risk(&self, k: usize, atom: &'r ir::Atom) -> bool {
        let rule = &self.rules[self.members[k]].rule;
        let completed = self
            .unifying_definers(k, atom)
            .any(|m| conditional_disjunction(&self.rules[self.members[m]].rule));
        if !completed {
            return false;
        }
        let in_component = |i: usize| {
            self.by_pred[&atom.pred]
                .iter()
                .any(|&m| self.members[m] == i && self.component[m] == self.component[k])
        };
        let mut outside = self.definers[atom.pred].iter().filter(|&&(i, h)| {
            Unifier::atoms([rule, &self.rules[i].rule], atom, h) && !(self.exact && in_component(i))
        });
        if !self.exact {
            // Two definers, or one besides the disjunction: atoms may come from outside.
            return outside.nth(1).is_some();
        }
        let plain_here = self.definers[atom.pred]
            .iter()
            .any(|&(i, _)| in_component(i) && plain_definer(&self.rules[i].rule));
        !plain_here && outside.next().is_some()
    }

    /// The first rule (and predicate) with a literal at risk beside another recursive one.
    fn first_missed(&self) -> Option<(usize, PredId)> {
        (0..self.members.len()).find_map(|k| {
            let atom = self.missed_literal(k)?;
            Some((self.members[k], atom.pred))
        })
    }

    /// A literal at risk in a part of member `k` where another literal is recursive too.
    fn missed_literal(&self, k: usize) -> Option<&'r ir::Atom> {
        let parts = &self.parts[self.members[k]];
        let count = |part: &Part<'r>| part.atoms.iter().filter(|a| self.recursive(k, a)).count();
        let is_item = |p: &Part| {
            matches!(
                p.kind,
                PartKind::ItemCondition(_) | PartKind::ItemLiterals(_)
            )
        };
        let body_recursive = parts
            .iter()
            .any(|p| p.kind == PartKind::Body && count(p) > 0);
        let any_item_recursive = parts.iter().any(|p| is_item(p) && count(p) > 0);
        let has_items = parts.iter().any(is_item);
        // Whether the plain body or a body item other than `item` has a recursive literal.
        let rest_recursive = |item: usize| {
            body_recursive
                || parts.iter().any(|p| match p.kind {
                    PartKind::ItemCondition(j) | PartKind::ItemLiterals(j) => {
                        j != item && count(p) > 0
                    }
                    _ => false,
                })
        };
        for part in parts {
            let Some(&d) = part
                .atoms
                .iter()
                .find(|a| self.recursive(k, a) && self.at_risk(k, a))
            else {
                continue;
            };
            let others = count(part) > 1;
            let auxiliary_recursive = match part.kind {
                // A literal over `d` makes the atom of each body item recursive as well.
                PartKind::Body => has_items,
                PartKind::HeadCondition => body_recursive || any_item_recursive,
                PartKind::ItemCondition(j) => rest_recursive(j),
                PartKind::ItemLiterals(j) => {
                    rest_recursive(j)
                        || parts
                            .iter()
                            .any(|p| p.kind == PartKind::ItemCondition(j) && count(p) > 0)
                }
            };
            if others || auxiliary_recursive {
                return Some(d);
            }
        }
        None
    }
}
