//! Programs where clingo's grounder (5.8.3) misses instances of recursive rules, refused
//! (clingo issue #495, "wrong grounding involving recursive conditional literals": open,
//! postponed by its maintainer to the next major version). aspsat grounds every program as
//! written, so it refuses the programs where clingo's reading may differ from that.
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
//! The check, per positive component of rules (a rule uses a predicate the other defines;
//! literals and heads depend on each other when their terms may unify, see [`Unifier`]). A
//! literal is at risk when it may unify with a head of a conditional disjunction of its
//! component, no plain rule of the component (an atom or a disjunction without conditions:
//! priority 0) defines its predicate, and a rule outside the component (a fact, say) may give
//! it atoms. A program is refused when a part of a rule of the component (its body, a head
//! element's condition, a body item's condition or literals: each a statement for gringo) has
//! a literal at risk beside another recursive literal that may get new atoms before the first
//! completion: a literal another rule of the component derives then (see [`Early`]), or the
//! auxiliary atom the part ends with (the body instance, the rest of the body, the condition)
//! when that can hold then. The order of the two literals is not followed (gringo reorders
//! bodies), so the check is on the safe side.
//!
//! Where every atom of the component has plain terms (no arithmetic, no interval or anonymous
//! variable), these components are gringo's and the check is as above. Elsewhere [`Unifier`]
//! may join rules gringo keeps apart,
//! so the check takes the worst case: a literal is at risk when it may unify with the head of
//! a conditional disjunction of its component and with the heads of two rules at least (with
//! that one only, all its atoms come from the loop), anything derivable may be there early and
//! be derived early by any rule of the component but a conditional disjunction.

use super::ir::{self, PredId};
use super::plan::Planned;
use super::state::Grounder;
use super::term::{CTerm, VarId};
use crate::symbol::{Sym, SymData, SymbolTable};
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
    /// The condition of an element of aggregate `item` — followed by the atom saying the rest
    /// of the body before it holds. (The aggregate's own atom comes from a completion of
    /// priority 0, unlike that of a conditional literal.)
    AggregateCondition(usize),
}

impl PartKind {
    fn item(self) -> Option<usize> {
        match self {
            PartKind::ItemCondition(j)
            | PartKind::ItemLiterals(j)
            | PartKind::AggregateCondition(j) => Some(j),
            _ => None,
        }
    }
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
                    kind: PartKind::AggregateCondition(items),
                });
                for e in &a.elems {
                    out.push(Part {
                        atoms: positive(&e.cond.lits).collect(),
                        kind: PartKind::AggregateCondition(items),
                    });
                }
                items += 1;
            }
            ir::Body::Aggregate(_) => {}
        }
    }
    let conditions: Vec<&ir::Condition> = match &rule.head {
        ir::Head::Disjunction(elems) => elems.iter().map(|e| &e.cond).collect(),
        // gringo moves the condition of a lone element without bounds into the body
        // (`TupleHeadAggregate::rewriteAggregates`): `{a : b} :- c.` is `{a} :- c, b.`
        ir::Head::Choice { elems, guards, .. } if elems.len() == 1 && guards.is_empty() => {
            body.extend(positive(&elems[0].cond.lits));
            Vec::new()
        }
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

/// A term [`Unifier`] reads as gringo does: no arithmetic, no variable the compiler made
/// (intervals, anonymous variables: gringo names and projects these its own way).
fn plain_term(rule: &ir::Rule, t: &CTerm) -> bool {
    match t {
        CTerm::Sym(_) => true,
        CTerm::Var(v) => !rule.vars[*v].name.starts_with(['_', '#']),
        CTerm::Fun { args, .. } => args.iter().all(|a| plain_term(rule, a)),
        CTerm::Unary(..) | CTerm::Binary(..) => false,
    }
}

/// A term of one of the two rules being unified, or a value (an argument of a value).
#[derive(Clone, Copy)]
enum Term<'r> {
    Rule(usize, &'r CTerm),
    Value(Sym),
}

/// Whether two atoms (of rules `0` and `1`) may unify, as gringo's dependency analysis decides
/// (`GTerm::unify` in `libgringo/src/term.cc`): variables are bound consistently (two unbound
/// ones of the same name are taken as equal without a binding, as there), values are taken
/// apart against function terms. Arithmetic matches anything here (gringo is stricter with
/// linear terms), so with arithmetic the answer may be "yes" where gringo's is "no".
struct Unifier<'r> {
    rules: [&'r ir::Rule; 2],
    syms: &'r SymbolTable,
    bound: HashMap<(usize, VarId), Term<'r>>,
    steps: usize,
}

impl<'r> Unifier<'r> {
    fn atoms(
        syms: &'r SymbolTable,
        rules: [&'r ir::Rule; 2],
        a: &'r ir::Atom,
        b: &'r ir::Atom,
    ) -> bool {
        if a.pred != b.pred || a.args.len() != b.args.len() {
            return false;
        }
        let mut u = Unifier {
            rules,
            syms,
            bound: HashMap::new(),
            steps: 0,
        };
        a.args
            .iter()
            .zip(&b.args)
            .all(|(x, y)| u.unify(Term::Rule(0, x), Term::Rule(1, y)))
    }

    fn name(&self, side: usize, v: VarId) -> &str {
        &self.rules[side].vars[v].name
    }

    /// The binding of a bound variable.
    fn binding(&self, t: Term<'r>) -> Option<Term<'r>> {
        match t {
            Term::Rule(side, CTerm::Var(v)) => self.bound.get(&(side, *v)).copied(),
            _ => None,
        }
    }

    fn unify(&mut self, x: Term<'r>, y: Term<'r>) -> bool {
        self.steps += 1;
        if self.steps > 10_000 {
            return true;
        }
        if let Some(t) = self.binding(x) {
            return self.unify(t, y);
        }
        if let Some(t) = self.binding(y) {
            return self.unify(x, t);
        }
        use Term::{Rule, Value};
        match (x, y) {
            (Rule(sx, CTerm::Var(v)), Rule(sy, CTerm::Var(w))) => {
                if self.name(sx, *v) != self.name(sy, *w) {
                    self.bound.insert((sx, *v), y);
                }
                true
            }
            (Rule(sx, CTerm::Var(v)), _) => self.bind((sx, *v), y),
            (_, Rule(sy, CTerm::Var(w))) => self.bind((sy, *w), x),
            (Rule(_, CTerm::Unary(..) | CTerm::Binary(..)), _)
            | (_, Rule(_, CTerm::Unary(..) | CTerm::Binary(..))) => true,
            (Rule(_, CTerm::Sym(a)), Rule(_, CTerm::Sym(b))) => a == b,
            (Rule(_, CTerm::Sym(a)), Value(b)) | (Value(b), Rule(_, CTerm::Sym(a))) => *a == b,
            (Value(a), Value(b)) => a == b,
            (
                Rule(
                    sx,
                    CTerm::Fun {
                        name,
                        args,
                        negative,
                    },
                ),
                Rule(
                    sy,
                    CTerm::Fun {
                        name: n2,
                        args: a2,
                        negative: g2,
                    },
                ),
            ) => {
                name == n2
                    && negative == g2
                    && args.len() == a2.len()
                    && args
                        .iter()
                        .zip(a2)
                        .all(|(p, q)| self.unify(Rule(sx, p), Rule(sy, q)))
            }
            (
                Rule(
                    side,
                    CTerm::Fun {
                        name,
                        args,
                        negative,
                    },
                ),
                other,
            )
            | (
                other,
                Rule(
                    side,
                    CTerm::Fun {
                        name,
                        args,
                        negative,
                    },
                ),
            ) => {
                let value = match other {
                    Value(v) => v,
                    Rule(_, CTerm::Sym(v)) => *v,
                    _ => return true,
                };
                match self.syms.get(value) {
                    SymData::Fun {
                        name: n2,
                        args: a2,
                        negative: g2,
                    } => {
                        let a2 = a2.clone();
                        name == n2
                            && negative == g2
                            && args.len() == a2.len()
                            && args
                                .iter()
                                .zip(a2)
                                .all(|(p, q)| self.unify(Rule(side, p), Value(q)))
                    }
                    _ => false,
                }
            }
        }
    }

    /// Binds an unbound variable to a term it does not occur in (arithmetic: no binding).
    fn bind(&mut self, var: (usize, VarId), t: Term<'r>) -> bool {
        if matches!(t, Term::Rule(_, CTerm::Unary(..) | CTerm::Binary(..))) {
            return true;
        }
        if self.occurs(var, t) {
            return false;
        }
        self.bound.insert(var, t);
        true
    }

    fn occurs(&mut self, var: (usize, VarId), t: Term<'r>) -> bool {
        self.steps += 1;
        if self.steps > 10_000 {
            return false;
        }
        match t {
            Term::Rule(side, CTerm::Var(w)) => match self.bound.get(&(side, *w)) {
                Some(&next) => self.occurs(var, next),
                None => (side, *w) == var,
            },
            Term::Rule(side, CTerm::Fun { args, .. }) => {
                args.iter().any(|a| self.occurs(var, Term::Rule(side, a)))
            }
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
    // Atoms grounded before (earlier steps of incremental grounding) come from outside too.
    let grounded: Vec<bool> = g.relations.iter().map(|r| !r.atoms.is_empty()).collect();
    let mut derivable = derivable(rules, &parts, num_preds);
    for (p, earlier) in grounded.iter().enumerate() {
        derivable[p] |= earlier;
    }
    let mut found: Option<(usize, PredId)> = None;
    for component in members.values() {
        let loop_ = Loop::new(
            &g.program.symbols,
            rules,
            &parts,
            component,
            &definers,
            &derivable,
            &grounded,
        );
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

/// The predicates a rule may derive atoms of: those of rule heads whose plain positive body
/// literals are over such predicates (negative literals, conditions and aggregates count as
/// true).
fn derivable(rules: &[Planned], parts: &[Vec<Part>], num_preds: usize) -> Vec<bool> {
    let mut out = vec![false; num_preds];
    loop {
        let mut changed = false;
        for (i, r) in rules.iter().enumerate() {
            let fires = parts[i]
                .iter()
                .filter(|p| p.kind == PartKind::Body)
                .all(|p| p.atoms.iter().all(|a| out[a.pred]));
            if !fires {
                continue;
            }
            for p in r.rule.head_preds() {
                if !out[p] {
                    out[p] = true;
                    changed = true;
                }
            }
        }
        if !changed {
            return out;
        }
    }
}

/// The rules of one positive component of predicates with a conditional disjunction, split
/// into gringo's components by unification.
struct Loop<'a, 'r> {
    syms: &'r SymbolTable,
    rules: &'r [Planned],
    parts: &'a [Vec<Part<'r>>],
    /// Rule numbers, and the component of each (by position).
    members: &'a [usize],
    component: Vec<usize>,
    /// Per predicate, the members defining it (by position).
    by_pred: HashMap<PredId, Vec<usize>>,
    /// Per predicate, every rule defining it with the head atom.
    definers: &'a [Vec<(usize, &'r ir::Atom)>],
    /// Per predicate, whether it had atoms before this grounding (incremental steps).
    grounded: &'a [bool],
    /// Every atom of the loop has plain terms only: these components are gringo's.
    exact: bool,
    /// Per component: the predicates that may have atoms before its first completion runs,
    /// and those of them derived inside it.
    early: HashMap<usize, Early>,
}

/// What a component may hold in the rounds before its first completion (priority 1) runs: the
/// only rounds in which clingo misses atoms. Over-approximated: negative literals, aggregates
/// and conditional literals without recursive parts count as true.
struct Early {
    available: Vec<bool>,
    derived: Vec<bool>,
}

impl<'a, 'r> Loop<'a, 'r> {
    fn new(
        syms: &'r SymbolTable,
        rules: &'r [Planned],
        parts: &'a [Vec<Part<'r>>],
        members: &'a [usize],
        definers: &'a [Vec<(usize, &'r ir::Atom)>],
        derivable: &[bool],
        grounded: &'a [bool],
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
                .any(|h| Unifier::atoms(syms, [&rules[i].rule, &rules[j].rule], a, h))
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
                .all(|a| a.args.iter().all(|t| plain_term(r, t)))
        });
        let mut loop_ = Loop {
            grounded,
            syms,
            rules,
            parts,
            members,
            component: component_of(&edges),
            by_pred,
            definers,
            exact,
            early: HashMap::new(),
        };
        let mut components: Vec<usize> = loop_.component.clone();
        components.sort_unstable();
        components.dedup();
        for c in components {
            let early = loop_.early_atoms(c, derivable);
            loop_.early.insert(c, early);
        }
        loop_
    }

    /// Whether member `m`'s plain body may hold before the first completion of its component:
    /// its plain positive literals are available, and no conditional literal of it has a
    /// recursive part (its atom comes from a completion).
    /// (Where the components are not exactly gringo's, only the plain literals count.)
    fn fires_early(&self, m: usize, available: &[bool]) -> bool {
        self.parts[self.members[m]].iter().all(|p| match p.kind {
            PartKind::Body => p.atoms.iter().all(|a| available[a.pred]),
            PartKind::ItemCondition(_) | PartKind::ItemLiterals(_) => {
                !self.exact || !p.atoms.iter().any(|a| self.recursive(m, a))
            }
            _ => true,
        })
    }

    fn early_atoms(&self, c: usize, derivable: &[bool]) -> Early {
        let n = derivable.len();
        if !self.exact {
            // A rule this check puts in the component may be in an earlier one for gringo
            // (terms that do not unify after all): anything derivable may be there early, and
            // be derived early by any rule of the component but a conditional disjunction.
            let mut derived = vec![false; n];
            for m in (0..self.members.len()).filter(|&m| self.component[m] == c) {
                let rule = &self.rules[self.members[m]].rule;
                if !conditional_disjunction(rule) {
                    for p in rule.head_preds() {
                        derived[p] = derivable[p];
                    }
                }
            }
            return Early {
                available: derivable.to_vec(),
                derived,
            };
        }
        let inside = |i: usize| {
            self.members
                .iter()
                .position(|&j| j == i)
                .is_some_and(|m| self.component[m] == c)
        };
        // Atoms from outside: a rule of another component that may derive them.
        let mut available: Vec<bool> = (0..n)
            .map(|p| {
                self.grounded[p]
                    || derivable[p] && self.definers[p].iter().any(|&(i, _)| !inside(i))
            })
            .collect();
        let mut derived = vec![false; n];
        loop {
            let mut changed = false;
            for m in (0..self.members.len()).filter(|&m| self.component[m] == c) {
                let rule = &self.rules[self.members[m]].rule;
                if conditional_disjunction(rule) || !self.fires_early(m, &available) {
                    continue;
                }
                for h in heads(rule) {
                    if !derived[h.pred] {
                        derived[h.pred] = true;
                        available[h.pred] = true;
                        changed = true;
                    }
                }
            }
            if !changed {
                return Early { available, derived };
            }
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
                    .any(|h| {
                        Unifier::atoms(
                            self.syms,
                            [rule, &self.rules[self.members[m]].rule],
                            atom,
                            h,
                        )
                    })
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
            Unifier::atoms(self.syms, [rule, &self.rules[i].rule], atom, h)
                && !(self.exact && in_component(i))
        });
        let earlier = self.grounded[atom.pred];
        if !self.exact {
            // Two rules defining it, or one besides the disjunction: atoms may come from
            // outside. (`definers` lists a rule once per head: `p(1) ; p(X) : q(X)`.)
            let first = outside.next().map(|&(i, _)| i);
            return earlier || first.is_some_and(|first| outside.any(|&(i, _)| i != first));
        }
        let plain_here = self.definers[atom.pred]
            .iter()
            .any(|&(i, _)| in_component(i) && plain_definer(&self.rules[i].rule));
        !plain_here && (earlier || outside.next().is_some())
    }

    /// The first rule (and predicate) with a literal at risk beside another recursive one.
    fn first_missed(&self) -> Option<(usize, PredId)> {
        (0..self.members.len()).find_map(|k| {
            let atom = self.missed_literal(k)?;
            Some((self.members[k], atom.pred))
        })
    }

    /// A literal at risk in a part of member `k` where another literal is recursive and may
    /// be new in the rounds before the component's first completion (when clingo misses the
    /// at-risk literal's atoms from outside).
    fn missed_literal(&self, k: usize) -> Option<&'r ir::Atom> {
        let early = &self.early[&self.component[k]];
        let parts = &self.parts[self.members[k]];
        let recursive = |part: &Part<'r>| part.atoms.iter().any(|a| self.recursive(k, a));
        let available = |part: &Part<'r>| part.atoms.iter().all(|a| early.available[a.pred]);
        let body = parts.iter().find(|p| p.kind == PartKind::Body);
        let body_available = body.is_none_or(available);
        // Whether the plain body or a body item other than `item` has a recursive literal.
        let rest_recursive = |item: Option<usize>| {
            parts.iter().any(|p| {
                (p.kind == PartKind::Body || p.kind.item().is_some_and(|j| Some(j) != item))
                    && recursive(p)
            })
        };
        // The atom the rule's body instance gives (the disjunction's accumulations need it)
        // is recursive and may be new early.
        let instance_early = self.fires_early(k, &early.available) && rest_recursive(None);
        for part in parts {
            let Some(position) = part
                .atoms
                .iter()
                .position(|a| self.recursive(k, a) && self.at_risk(k, a))
            else {
                continue;
            };
            if !available(part) {
                continue;
            }
            // Another literal of the part, recursive and derived inside the component early.
            let others = part
                .atoms
                .iter()
                .enumerate()
                .any(|(i, a)| i != position && self.recursive(k, a) && early.derived[a.pred]);
            let auxiliary = match part.kind {
                // The atom of an aggregate may be new early (its completion has priority 0);
                // that of a conditional literal may not.
                PartKind::Body => parts
                    .iter()
                    .any(|p| matches!(p.kind, PartKind::AggregateCondition(_))),
                PartKind::HeadCondition => instance_early,
                PartKind::ItemCondition(j) | PartKind::AggregateCondition(j) => {
                    body_available && rest_recursive(Some(j))
                }
                PartKind::ItemLiterals(j) => {
                    let condition = parts
                        .iter()
                        .filter(|p| p.kind == PartKind::ItemCondition(j));
                    body_available
                        && condition.clone().all(available)
                        && (rest_recursive(Some(j)) || condition.clone().any(recursive))
                }
            };
            if others || auxiliary {
                return Some(part.atoms[position]);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the body literal over the head's predicate of the one-rule program `source`
    /// (`d/1` binds variables) may unify with its head.
    fn body_unifies_with_head(source: &str) -> bool {
        let (rules, _, syms) = crate::ground::planned_rules(source);
        let rule = &rules[0].rule;
        let head = heads(rule)[0];
        let body = parts(rule)
            .into_iter()
            .find(|p| p.kind == PartKind::Body)
            .expect("a body part");
        let literal = body
            .atoms
            .iter()
            .find(|a| a.pred == head.pred)
            .expect("a literal");
        Unifier::atoms(&syms, [rule, rule], literal, head)
    }

    #[test]
    fn unification_follows_gringos_dependency_analysis() {
        // repeated variables are bound consistently: r(X,X) is no instance of r(1,2)
        assert!(!body_unifies_with_head("r(X,X) :- r(1,2), d(X)."));
        assert!(body_unifies_with_head("r(X,X) :- r(2,2), d(X)."));
        assert!(body_unifies_with_head("p(X) :- p(1), d(X)."));
        assert!(!body_unifies_with_head("p(2) :- p(1)."));
        assert!(!body_unifies_with_head("p(X,a,X) :- p(Y,Y,b), d(X), d(Y)."));
        assert!(!body_unifies_with_head("p(f(X)) :- p(g(X)), d(X)."));
        // arithmetic may be anything
        assert!(body_unifies_with_head("p(f(X)) :- p(X+1), d(X)."));
    }

    #[test]
    fn a_lone_choice_elements_condition_is_part_of_the_body() {
        let (rules, _, _) = crate::ground::planned_rules("{ a : b } :- c. { d : e ; f } :- c.");
        let kinds = |i: usize| -> Vec<(bool, usize)> {
            parts(&rules[i].rule)
                .iter()
                .map(|p| (p.kind == PartKind::Body, p.atoms.len()))
                .collect()
        };
        assert_eq!(kinds(0), vec![(true, 2)]);
        assert_eq!(kinds(1), vec![(false, 1), (false, 0), (true, 1)]);
    }
}
