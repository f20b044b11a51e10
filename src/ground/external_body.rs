//! `#external` statements whose body negates an atom of their own component: which instances
//! clingo's grounder (5.8.3) declares. The body of `#external a : body.` only selects
//! instances, so an instance exists exactly when gringo did not find its body false, and for
//! a negated literal that depends on when gringo grounds the statement (libgringo
//! `ground/binders.hh` `make_binder`, `domain.hh` `lookup(…, RECNAF)`; the occurrence type
//! from `ground/dependency.hh`):
//!
//! - `not A` removes the instance when `A` is a fact at that time (recursive or not);
//! - `not not A` over a definer gringo grounds in the same or a later positive component
//!   ("unstratified") keeps every instance; over definers grounded before, only those where
//!   `A` was derived; with no definer at all (no head unifies with it), none but a fact's.
//!
//! aspsat grounds the component to its fixpoint in its own order, so its answer is gringo's
//! where the time does not matter, which this module checks per literal ([`Negated`]): before
//! grounding from the rules' heads, after the component from what it derived. What it cannot
//! decide is refused with the external's position: gringo's order of the statements of one
//! component (its dependency graph's search order) would be needed.

use super::delayed::occurrences;
use super::ir;
use super::own_conditions::{Unifier, heads};
use super::plan::Planned;
use super::state::Grounder;
use crate::program::{AtomId, BodyElem, Head, Polarity};
use crate::symbol::SymbolTable;
use crate::syntax::Diagnostic;
use crate::syntax::ast::{Sign, Span};
use std::collections::{HashMap, HashSet};

/// What a body literal of an `#external` needs for aspsat's grounding to be gringo's.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Negated {
    /// Nothing: grounded as everywhere (its predicate is complete when the external is
    /// grounded, or the time does not matter).
    Exact,
    /// `not not A` where no rule head unifies with `A`: false unless `A` is a fact already.
    NeverDerived,
    /// `not not A` whose definers gringo may ground before the external: the instance exists
    /// in every order when `A` is derived in the end (checked after the component).
    NeedsDerived,
    /// `not A` where a plain rule may make atoms of `A`'s predicate facts: exact when the
    /// facts of the predicate the external is grounded with are those gringo has then (see
    /// [`Base`]; checked while and after the component is grounded).
    NeedsNoNewFact(Base),
    /// `not not A` in an external aspsat grounds late (a condition or aggregate over its own
    /// component): its predicate is complete by then, so a missing `A` would drop instances
    /// gringo keeps (refused).
    Late,
}

/// Which facts of a negated predicate gringo has when it grounds an external.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Base {
    /// Unknown (a rule that may make facts depends on the external, gringo may ground it
    /// before or after): exact when the predicate gets no fact after the input facts.
    Start,
    /// Those of the rules not depending on the external (gringo grounds them first): exact
    /// when the predicate gets no fact after aspsat first grounds the external.
    Grounded,
    /// The input facts only (every rule that may make facts depends positively on the
    /// external, which does not depend positively on it: gringo grounds it after), the
    /// external grounded once: exact when the predicate has no other fact by then.
    Input,
}

/// Sets `Planned::negated` of every rule (empty but for `#external` statements with a negated
/// body literal over their own component, `comp_of` giving each predicate's component).
/// `with_facts`: the predicates with atoms before grounding (input facts, earlier steps);
/// `stage_of`: each rule's stage in its component ([`super::stages`]).
pub(super) fn mark(
    rules: &mut [Planned],
    comp_of: &[usize],
    with_facts: Vec<bool>,
    syms: &SymbolTable,
    stage_of: &[ir::Stage],
) {
    let candidates: Vec<usize> = (0..rules.len())
        .filter(|&e| !negated_own(&rules[e].rule, comp_of).is_empty())
        .collect();
    if candidates.is_empty() {
        return;
    }
    let graph = RuleGraph::new(rules, syms);
    let facts = FactRules::new(rules, with_facts);
    let marks: Vec<(usize, Vec<Negated>)> = candidates
        .into_iter()
        .map(|e| {
            let negated = classify(rules, &graph, &facts, e, (comp_of, syms, stage_of));
            (e, negated)
        })
        .collect();
    for (e, negated) in marks {
        rules[e].negated = negated;
    }
}

/// Refuses an `#external` whose body has, where [`super::delayed`] does not leave it open, a
/// conditional literal whose literal negates an atom of the external's own component
/// (`#external r : not not q(U) : d(U).` with `q` depending on `r`) or whose condition does,
/// or an aggregate with such a literal in an element's condition; or a negated aggregate not
/// left open beside one that is (`#external r : not not 0..1 <= #sum+{Z : d(Z)} <= X,
/// #count{W : p(1), r, d(W)} <= 1, d(X).` declares r in clingo, whatever the first
/// aggregate's value). When gringo grounds the statement decides which instances exist, as
/// for a negated body literal, and [`mark`] models that for body literals only; what is left
/// open is grounded as gringo does (goldens `external_aggregate_negated_own`,
/// `external_condition_negated_own`; differential seeds 19, 33, 46 and 47).
///
/// The time matters only for a literal whose value may change while the component is
/// grounded: `not A` where a rule that may make facts ([`FactRules`]) has a head that may
/// unify with `A` (input facts are there from the start; otherwise `not A` holds whenever
/// gringo grounds it), `not not A` where a rule head may unify with `A` (otherwise it never
/// holds). `#external -q(1) : p(1) : d(Z), not p(1).` beside `{p(0)} :- not -q(1).` is
/// decided whatever the order (differential seed 2082 #319). Nor for one settled by the
/// external's stage (`stage_of`, [`super::stages`]): it is over gringo's earlier positive
/// components, decided when gringo grounds the external as aspsat decides it.
pub(super) fn refuse_negated_in_conditions(
    g: &Grounder,
    rules: &[Planned],
    comp_of: &[usize],
    with_facts: &[bool],
    stage_of: &[ir::Stage],
) -> Result<(), Diagnostic> {
    let syms = &g.program.symbols;
    if !rules
        .iter()
        .any(|p| matches!(p.rule.head, ir::Head::External { .. }))
    {
        return Ok(());
    }
    let facts = FactRules::new(rules, with_facts.to_vec());
    for (e, p) in rules.iter().enumerate() {
        let ir::Head::External { atom: head, .. } = &p.rule.head else {
            continue;
        };
        // (a literal settled by the external's stage is over earlier positive components of
        // gringo's, decided as gringo does: `super::stages`)
        let own = |l: &ir::Lit| {
            let ir::Lit::Atom {
                sign,
                atom,
                settled_from,
                ..
            } = l
            else {
                return false;
            };
            if *sign == Sign::Pos
                || comp_of[atom.pred] != comp_of[head.pred]
                || *settled_from <= stage_of[e]
            {
                return false;
            }
            let definers = definers_of(rules, e, atom, syms);
            if *sign == Sign::NotNot {
                return !definers.is_empty();
            }
            definers
                .iter()
                .any(|&j| facts.may_make_facts(&rules[j].rule))
        };
        // a body item clingo's grounder leaves open because it is recursive (`delayed`)
        let delayed = |i: usize| p.delayed.get(i).copied().unwrap_or(false);
        let recursive = (0..p.rule.body.len()).any(delayed);
        for (i, b) in p.rule.body.iter().enumerate() {
            if delayed(i) {
                continue;
            }
            let what = match b {
                ir::Body::Conditional { alts, cond, .. }
                    if alts.iter().any(|a| own(&a.item)) || cond.lits.iter().any(own) =>
                {
                    "with a conditional literal whose literal or condition is a negated literal \
                     that depends on it"
                }
                ir::Body::Aggregate(a) if a.elems.iter().any(|e| e.cond.lits.iter().any(own)) => {
                    "with an aggregate whose element condition has a negated literal that \
                     depends on it"
                }
                ir::Body::Aggregate(a) if a.sign != Sign::Pos && recursive => {
                    "with a negated aggregate beside an aggregate or conditional literal that \
                     depends on it"
                }
                _ => continue,
            };
            return Err(Refusal::of(&p.rule).message(
                g,
                &format!(
                    "{what} is not supported (clingo's grounder decides it by statement order)"
                ),
            ));
        }
    }
    Ok(())
}

/// Marks the `#external` and optimization statements to check once the program is simplified
/// (`Planned::checked_in_the_end`): those with a literal over a predicate of which clingo's
/// grounder may make atoms facts, or leave them out of its domain, before aspsat knows it.
/// Those are the heads of rules with a negated literal that gringo may decide over another
/// of its positive parts ([`ir::Lit::maybe_decided_by_gringo`]), which aspsat leaves open
/// until the component is done, in a component with a rule whose heads gringo derives
/// through accumulation statements (a disjunction or a choice with conditions), whose place
/// among the parts aspsat does not model, and of the rules with a literal over such a head. gringo
/// grounds an external or an optimization statement after such a part, and where the facts
/// it has then make its body false, declares nothing or writes no optimization element:
/// `s(1,1) ; r : p(Z) :- not q(1).  s(1,1) :- not r, s(1,Z) : d(Z).` beside `#external q(1)
/// : p(1) : s(1,1).` (gringo decides `not r` true, s(1,1) is a fact, the conditional literal
/// false, and clingo 5.8.3 declares nothing; differential seed 4658 #317 was a wrong answer)
/// or `:~ not s(1,1). [1@2]` (no priority level in clingo). gringo's facts and domain then are
/// the simplified program's, or less: a body that holds there held for gringo too, and one
/// with an element false there, but not with the literals gringo may decide left open, may
/// have been false for gringo and is refused (`program::simplify`,
/// `ground::check_false_in_the_end`).
pub(super) fn mark_checked_in_the_end(rules: &mut [Planned], comp_of: &[usize]) {
    // (only in components with a rule whose heads gringo derives through accumulation
    // statements: elsewhere aspsat follows gringo's order of the positive parts, and a
    // literal gringo decides there is decided as aspsat grounds it, `super::stages`)
    let accumulating: HashSet<usize> = (rules.iter())
        .filter(|r| !super::stages::head_in_rule_statement(&r.rule))
        .flat_map(|r| r.rule.head_preds().into_iter().map(|p| comp_of[p]))
        .collect();
    // (a search over predicates: each rule is read once to index it, and again each time one
    // of its literals' predicates turns early)
    let mut readers: Vec<Vec<usize>> = vec![Vec::new(); comp_of.len()];
    let mut early = vec![false; comp_of.len()];
    let mut queue: Vec<ir::PredId> = Vec::new();
    let mark = |heads: &[ir::PredId], early: &mut [bool], queue: &mut Vec<ir::PredId>| {
        for &p in heads {
            if !std::mem::replace(&mut early[p], true) {
                queue.push(p);
            }
        }
    };
    for (i, r) in rules.iter().enumerate() {
        let heads = r.rule.head_preds();
        let decided_here = heads.iter().any(|&p| accumulating.contains(&comp_of[p]));
        let mut source = false;
        any_lit(&r.rule, &mut |l| {
            if let ir::Lit::Atom { atom, .. } = l {
                readers[atom.pred].push(i);
            }
            source |= decided_here && l.maybe_decided_by_gringo();
            false
        });
        if source {
            mark(&heads, &mut early, &mut queue);
        }
    }
    while let Some(p) = queue.pop() {
        for &i in &readers[p] {
            mark(&rules[i].rule.head_preds(), &mut early, &mut queue);
        }
    }
    if !early.contains(&true) {
        return;
    }
    for r in rules.iter_mut() {
        if r.rule.head.shows_domain() {
            let over_early =
                |l: &ir::Lit| matches!(l, ir::Lit::Atom { atom, .. } if early[atom.pred]);
            r.checked_in_the_end = any_lit(&r.rule, &mut |l| over_early(l));
        }
    }
}

/// Whether `test` holds for a literal of a rule: of its body, its body items (conditional
/// literals and aggregates) and its head conditions.
fn any_lit(rule: &ir::Rule, test: &mut dyn FnMut(&ir::Lit) -> bool) -> bool {
    let body = rule.body.iter().any(|b| match b {
        ir::Body::Lit(l) => test(l),
        ir::Body::Conditional { alts, cond, .. } => {
            alts.iter()
                .any(|a| test(&a.item) || a.cond.lits.iter().any(&mut *test))
                || cond.lits.iter().any(&mut *test)
        }
        ir::Body::Aggregate(a) => (a.elems.iter()).any(|e| e.cond.lits.iter().any(&mut *test)),
    });
    body || rule
        .head_conditions()
        .iter()
        .any(|c| c.lits.iter().any(&mut *test))
}

/// The body items of an external that are negated literals over its own component.
fn negated_own<'r>(rule: &'r ir::Rule, comp_of: &[usize]) -> Vec<(usize, Sign, &'r ir::Atom)> {
    let ir::Head::External { atom: head, .. } = &rule.head else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, b) in rule.body.iter().enumerate() {
        if let ir::Body::Lit(ir::Lit::Atom { sign, atom, .. }) = b
            && *sign != Sign::Pos
            && comp_of[atom.pred] == comp_of[head.pred]
        {
            out.push((i, *sign, atom));
        }
    }
    out
}

/// gringo's dependencies between rules (its statements of one rule merged): a rule depends on
/// the rules whose heads may unify with one of its body atoms ([`Unifier`]).
struct RuleGraph {
    /// Per rule, the rules it depends on, and whether through a positive occurrence.
    edges: Vec<Vec<(usize, bool)>>,
}

impl RuleGraph {
    fn new(rules: &[Planned], syms: &SymbolTable) -> Self {
        let mut definers: HashMap<ir::PredId, Vec<(usize, &ir::Atom)>> = HashMap::new();
        for (j, r) in rules.iter().enumerate() {
            for h in heads(&r.rule) {
                definers.entry(h.pred).or_default().push((j, h));
            }
        }
        let edges = rules
            .iter()
            .map(|r| {
                let mut out = Vec::new();
                for o in occurrences(&r.rule) {
                    for &(j, h) in definers.get(&o.atom.pred).into_iter().flatten() {
                        if Unifier::atoms(syms, [&r.rule, &rules[j].rule], o.atom, h) {
                            out.push((j, o.positive));
                        }
                    }
                }
                out
            })
            .collect();
        RuleGraph { edges }
    }

    /// The rules rule `source` depends on through positive occurrences only (itself included).
    fn reached_positively(&self, source: usize) -> Vec<bool> {
        let mut seen = vec![false; self.edges.len()];
        seen[source] = true;
        let mut stack = vec![source];
        while let Some(i) = stack.pop() {
            for &(j, positive) in &self.edges[i] {
                if positive && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        seen
    }

    /// The rules from which rule `target` can be reached (itself included), and those from
    /// which it can be reached through positive occurrences only.
    fn reaching(&self, target: usize) -> (Vec<bool>, Vec<bool>) {
        let n = self.edges.len();
        let mut reverse: Vec<Vec<(usize, bool)>> = vec![Vec::new(); n];
        for (i, out) in self.edges.iter().enumerate() {
            for &(j, positive) in out {
                reverse[j].push((i, positive));
            }
        }
        let search = |positive_only: bool| {
            let mut seen = vec![false; n];
            seen[target] = true;
            let mut stack = vec![target];
            while let Some(j) = stack.pop() {
                for &(i, positive) in &reverse[j] {
                    if (positive || !positive_only) && !seen[i] {
                        seen[i] = true;
                        stack.push(i);
                    }
                }
            }
            seen
        };
        (search(false), search(true))
    }
}

/// The classes of the body items of external `e` (see [`Negated`]). gringo's occurrence type
/// of the literal: unstratified when a definer is in the external's component of the full
/// dependency graph and in the same or a later positive component — sure when the definer
/// reaches the external through positive dependencies only. A literal none of whose definers
/// shares the external's stage is exact: aspsat grounds the stages in gringo's order of its
/// positive components ([`super::stages`]), deciding a literal over an earlier one as
/// gringo does ("stratified") and leaving one over a later one open unless a fact, as gringo
/// does ("unstratified"), with the facts gringo has then.
fn classify(
    rules: &[Planned],
    graph: &RuleGraph,
    facts: &FactRules,
    e: usize,
    (comp_of, syms, stage_of): (&[usize], &SymbolTable, &[ir::Stage]),
) -> Vec<Negated> {
    let rule = &rules[e].rule;
    let (reaching, reaching_positively) = graph.reaching(e);
    let reached_positively = graph.reached_positively(e);
    let mut out = vec![Negated::Exact; rule.body.len()];
    for (i, sign, atom) in negated_own(rule, comp_of) {
        let definers = definers_of(rules, e, atom, syms);
        let own_stage = |j: &usize| {
            let preds = rules[*j].rule.head_preds();
            preds
                .first()
                .is_some_and(|&p| comp_of[p] == comp_of[atom.pred])
                && stage_of[*j] == stage_of[e]
        };
        out[i] = if !definers.is_empty() && !definers.iter().any(own_stage) {
            Negated::Exact
        } else if sign == Sign::NotNot {
            if rules[e].late {
                Negated::Late
            } else if definers.is_empty() {
                Negated::NeverDerived
            } else if definers.iter().any(|&j| reaching_positively[j]) {
                Negated::Exact
            } else {
                Negated::NeedsDerived
            }
        } else if definers
            .iter()
            .any(|&j| facts.may_make_facts(&rules[j].rule))
        {
            let makers = || {
                definers
                    .iter()
                    .copied()
                    .filter(|&j| facts.may_make_facts(&rules[j].rule))
            };
            let later = |j: usize| reaching_positively[j] && !reached_positively[j];
            Negated::NeedsNoNewFact(if !makers().any(|j| reaching[j]) {
                Base::Grounded
            } else if makers().all(later) && !grounded_again(rule, comp_of) {
                Base::Input
            } else {
                Base::Start
            })
        } else {
            Negated::Exact
        };
    }
    out
}

/// Whether aspsat may ground a rule more than once: a positive literal over its own component
/// (semi-naive rounds), or a condition or aggregate (grounded late).
fn grounded_again(rule: &ir::Rule, comp_of: &[usize]) -> bool {
    let Some(&head) = rule.head_preds().first() else {
        return true;
    };
    rule.body.iter().any(|b| match b {
        ir::Body::Lit(ir::Lit::Atom {
            sign: Sign::Pos,
            atom,
            ..
        }) => comp_of[atom.pred] == comp_of[head],
        ir::Body::Lit(_) => false,
        _ => true,
    })
}

/// The rules whose heads may unify with body atom `atom` of rule `e`.
fn definers_of(rules: &[Planned], e: usize, atom: &ir::Atom, syms: &SymbolTable) -> Vec<usize> {
    (0..rules.len())
        .filter(|&j| {
            heads(&rules[j].rule)
                .into_iter()
                .any(|h| Unifier::atoms(syms, [&rules[e].rule, &rules[j].rule], atom, h))
        })
        .collect()
}

/// The predicates that may have facts for gringo: those with atoms before grounding, and the
/// heads of plain rules (choices, disjunctions and externals never make facts) whose
/// positive literals are over such predicates.
struct FactRules {
    preds: Vec<bool>,
}

impl FactRules {
    fn new(rules: &[Planned], mut preds: Vec<bool>) -> Self {
        loop {
            let mut changed = false;
            for r in rules {
                let facts = FactRules { preds };
                let more = facts.may_make_facts(&r.rule);
                preds = facts.preds;
                if more {
                    for p in r.rule.head_preds() {
                        changed |= !preds[p];
                        preds[p] = true;
                    }
                }
            }
            if !changed {
                return FactRules { preds };
            }
        }
    }

    /// Whether instances of a rule may be facts.
    fn may_make_facts(&self, rule: &ir::Rule) -> bool {
        let plain = match &rule.head {
            ir::Head::Atom(_) => true,
            ir::Head::Disjunction(elems) => {
                elems.len() == 1 && elems[0].heads.len() == 1 && elems[0].cond.lits.is_empty()
            }
            _ => false,
        };
        plain
            && rule.body.iter().all(|b| match b {
                ir::Body::Lit(ir::Lit::Atom {
                    sign: Sign::Pos,
                    atom,
                    ..
                }) => self.preds[atom.pred],
                _ => true,
            })
    }
}

/// A [`Negated::NeedsNoNewFact`] literal of an external of the component being grounded.
pub(super) struct Watch {
    /// The external (its address: rules from one statement share a position).
    rule: usize,
    pred: ir::PredId,
    base: Base,
    refusal: Refusal,
    /// Per atom of the predicate, whether it was a fact: once the component's input facts are
    /// in (`Base::Start`, `Base::Input`) or when the external is first grounded.
    facts: Option<Vec<bool>>,
    /// `Base::Input`: the predicate had another fact when the external was grounded.
    violated: bool,
}

/// What a component's check compares with.
pub(super) struct Start {
    /// Rules of the ground program before the component.
    rules: usize,
}

impl Grounder {
    /// Notes what [`Grounder::check_external_bodies`] compares with, once the component's
    /// input facts are in (`members`: the rules of the component).
    pub(super) fn external_bodies_start(
        &mut self,
        members: &[&Planned],
    ) -> Result<Start, Diagnostic> {
        self.external_pending.clear();
        self.external_watches.clear();
        for r in members {
            if r.negated.contains(&Negated::Late) {
                let what = "with a `not not` literal over its own component beside a condition \
                            or aggregate over it is not supported (aspsat decides the literal \
                            after the component, clingo's grounder while grounding it)";
                return Err(Refusal::of(&r.rule).message(self, what));
            }
            for (i, n) in r.negated.iter().enumerate() {
                let Negated::NeedsNoNewFact(base) = *n else {
                    continue;
                };
                if let ir::Body::Lit(ir::Lit::Atom { atom, .. }) = &r.rule.body[i] {
                    let facts = (base != Base::Grounded).then(|| self.fact_bits(atom.pred));
                    self.external_watches.push(Watch {
                        rule: *r as *const Planned as usize,
                        pred: atom.pred,
                        base,
                        refusal: Refusal::of(&r.rule),
                        facts,
                        violated: false,
                    });
                }
            }
        }
        Ok(Start {
            rules: self.program.rules.len(),
        })
    }

    /// Called before `rule` is instantiated: the facts its watched literals compare with.
    pub(super) fn external_grounded(&mut self, rule: &Planned) {
        let key = rule as *const Planned as usize;
        for k in 0..self.external_watches.len() {
            let w = &self.external_watches[k];
            if w.rule != key {
                continue;
            }
            let bits = self.fact_bits(w.pred);
            let w = &mut self.external_watches[k];
            match (w.base, &w.facts) {
                (Base::Grounded, None) => w.facts = Some(bits),
                (Base::Input, Some(before)) => {
                    let was = |row: usize| before.get(row).copied().unwrap_or(false);
                    w.violated |= bits.iter().enumerate().any(|(row, &f)| f && !was(row));
                }
                _ => {}
            }
        }
    }

    fn fact_bits(&self, p: ir::PredId) -> Vec<bool> {
        let rel = &self.relations[p];
        rel.atoms.iter().map(|&a| self.program.is_fact(a)).collect()
    }

    /// After the component: refuses an external whose instances depend on gringo's order.
    pub(super) fn check_external_bodies(&mut self, start: Start) -> Result<(), Diagnostic> {
        let pending = std::mem::take(&mut self.external_pending);
        let watches = std::mem::take(&mut self.external_watches);
        if pending.is_empty() && watches.is_empty() {
            return Ok(());
        }
        // possible facts taking every `not` as true, the atoms derived in every order with
        // those, then the possible facts again knowing these atoms are derived
        let optimistic = self.possible_facts(start.rules, &HashSet::new());
        let derived = self.surely_derived(start.rules, &optimistic);
        let may_be_fact = self.possible_facts(start.rules, &derived);
        if !pending.is_empty() {
            let derived = self.surely_derived(start.rules, &may_be_fact);
            let unsure = |a: &AtomId| !self.program.is_fact(*a) && !derived.contains(a);
            if let Some((refusal, _)) = pending.iter().find(|(_, a)| unsure(a)) {
                return Err(refusal.error(self));
            }
        }
        for w in &watches {
            if w.base == Base::Input {
                if w.violated {
                    return Err(w.refusal.error(self));
                }
                continue;
            }
            let before = w.facts.as_deref().unwrap_or(&[]);
            let rel = &self.relations[w.pred];
            let new_fact = rel.atoms.iter().enumerate().any(|(row, &a)| {
                !before.get(row).copied().unwrap_or(false)
                    && (self.program.is_fact(a) || may_be_fact.contains(&a))
            });
            if new_fact {
                return Err(w.refusal.error(self));
            }
        }
        Ok(())
    }

    /// Atoms of the rules from `first` on that gringo derives in every order of the
    /// statements: the heads of a rule whose positive (and `not not`) literals are such atoms
    /// (or atoms no rule from `first` on defines, derived before and no external), with no
    /// aggregate or conditional literal,
    /// and whose `not` literals are over atoms that are never facts (`may_be_fact`: gringo
    /// drops an instance where such an atom is a fact by then).
    fn surely_derived(&self, first: usize, may_be_fact: &HashSet<AtomId>) -> HashSet<AtomId> {
        let rules = &self.program.rules[first..];
        let heads_of = |r: &crate::program::Rule| -> Vec<AtomId> {
            match &r.head {
                Head::Atom(h) => vec![*h],
                Head::Choice { elems, .. } => elems.iter().map(|e| e.atom).collect(),
                Head::None => Vec::new(),
            }
        };
        let defined: HashSet<AtomId> = rules.iter().flat_map(heads_of).collect();
        let mut out: HashSet<AtomId> = HashSet::new();
        let mut pending: Vec<usize> = Vec::with_capacity(rules.len());
        let mut waiting: HashMap<AtomId, Vec<usize>> = HashMap::new();
        let mut ready: Vec<usize> = Vec::new();
        for (k, r) in rules.iter().enumerate() {
            let mut open = 0;
            let mut blocked = r.body.iter().any(|b| !matches!(b, BodyElem::Lit(_)));
            let conditions = match &r.head {
                Head::Choice { elems, .. } => elems.iter().flat_map(|e| &e.cond).collect(),
                _ => Vec::new(),
            };
            let lits = r.body.iter().filter_map(|b| match b {
                BodyElem::Lit(l) => Some(l),
                _ => None,
            });
            for l in lits.chain(conditions) {
                let a = l.atom;
                match l.polarity {
                    Polarity::Not => {
                        blocked |= self.program.is_fact(a) || may_be_fact.contains(&a);
                    }
                    _ if self.program.is_fact(a) => {}
                    // (an external's instance may be one gringo drops)
                    _ if !defined.contains(&a) => {
                        blocked |= !self.program.is_derivable(a) || self.program.is_external(a)
                    }
                    _ => {
                        open += 1;
                        waiting.entry(a).or_default().push(k);
                    }
                }
            }
            pending.push(if blocked { usize::MAX } else { open });
            if !blocked && open == 0 {
                ready.push(k);
            }
        }
        while let Some(k) = ready.pop() {
            for h in heads_of(&rules[k]) {
                if !out.insert(h) {
                    continue;
                }
                for &j in waiting.get(&h).into_iter().flatten() {
                    if pending[j] != usize::MAX {
                        pending[j] -= 1;
                        if pending[j] == 0 {
                            ready.push(j);
                        }
                    }
                }
            }
        }
        out
    }

    /// Atoms of the rules from `first` on that gringo may have made facts: heads of plain
    /// rules whose positive (and `not not`) literals may be facts, whose `not` literals are
    /// over atoms not in `derived` (gringo decides `not C` true only where `C` is never
    /// derived), and other literals taken as true: an over-approximation, as gringo makes an
    /// atom a fact only from facts and from negated atoms it knows to be false.
    fn possible_facts(&self, first: usize, derived: &HashSet<AtomId>) -> HashSet<AtomId> {
        let mut out: HashSet<AtomId> = HashSet::new();
        // per rule the literals still open, and the rules waiting for each atom
        let mut pending: Vec<usize> = Vec::new();
        let mut waiting: HashMap<AtomId, Vec<usize>> = HashMap::new();
        let mut ready: Vec<AtomId> = Vec::new();
        let rules = &self.program.rules[first..];
        for (k, r) in rules.iter().enumerate() {
            let Head::Atom(h) = r.head else {
                pending.push(usize::MAX);
                continue;
            };
            if self.program.shifted.get(first + k) == Some(&true) {
                pending.push(usize::MAX);
                continue;
            }
            let mut open = 0;
            let mut blocked = false;
            for b in &r.body {
                let BodyElem::Lit(l) = b else {
                    continue;
                };
                if l.polarity == Polarity::Not {
                    blocked |= derived.contains(&l.atom);
                } else if !self.program.is_fact(l.atom) {
                    open += 1;
                    waiting.entry(l.atom).or_default().push(k);
                }
            }
            pending.push(if blocked { usize::MAX } else { open });
            if !blocked && open == 0 {
                ready.push(h);
            }
        }
        while let Some(a) = ready.pop() {
            if !out.insert(a) {
                continue;
            }
            for &k in waiting.get(&a).into_iter().flatten() {
                if pending[k] == usize::MAX {
                    continue;
                }
                pending[k] -= 1;
                if pending[k] == 0
                    && let Head::Atom(h) = rules[k].head
                {
                    ready.push(h);
                }
            }
        }
        out
    }
}

/// An instance of an `#external` statement whose body has a recursive aggregate
/// ([`super::delayed`]), declared while aspsat grounded its component: aspsat grounds it as
/// soon as the aggregate may hold with the atoms derived so far. gringo leaves such an
/// aggregate open where the external statement itself may define an atom of its conditions
/// (`#external r(Y) : d(Y), #count { W : d(W), not r(W+1) } < 1.` declares r(1..3)), but
/// decides it where only other rules do, which it grounds first (clingo 5.8.3: `d(1).
/// #external p : d(Y), Y >= #sum{2 : not q(0)}. q(X) :- d(X), not p.` declares nothing, since
/// q(0) never exists; differential seed 3101 #489). Checked again once the component is
/// grounded: such an aggregate false by then is refused (its order is not modelled here).
pub(crate) struct Recheck {
    /// The external (its address: rules from one statement share a position).
    rule: usize,
    binding: Vec<Option<crate::symbol::Sym>>,
}

impl Recheck {
    pub(super) fn new(rule: &Planned, binding: &[Option<crate::symbol::Sym>]) -> Self {
        Recheck {
            rule: rule as *const Planned as usize,
            binding: binding.to_vec(),
        }
    }
}

/// A body aggregate's index, and its elements whose conditions the external may define.
type DecidedAggregate = (usize, Vec<usize>);

/// The recursive body aggregates of external `rule` (not negated ones: gringo grounds the
/// statement before such an aggregate is complete, and leaves it open unless it holds,
/// [`super::delayed`]), each with its elements whose conditions the statement itself may
/// define (see [`Recheck`]): the aggregate is decided where it has none, or where each of
/// them is dropped under the external's binding ([`Grounder::element_dropped`]).
fn decided_aggregates(rule: &Planned, syms: &SymbolTable) -> Vec<DecidedAggregate> {
    let ir::Head::External { atom: head, .. } = &rule.rule.head else {
        return Vec::new();
    };
    let own = |a: &ir::Atom| Unifier::atoms(syms, [&rule.rule, &rule.rule], a, head);
    let mut out = Vec::new();
    for (i, b) in rule.rule.body.iter().enumerate() {
        let ir::Body::Aggregate(a) = b else { continue };
        if !rule.delayed[i] || rule.undecided[i] || a.sign != Sign::Pos {
            continue;
        }
        let defined = (0..a.elems.len())
            .filter(|&k| {
                (a.elems[k].cond.lits.iter())
                    .any(|l| matches!(l, ir::Lit::Atom { atom, .. } if own(atom)))
            })
            .collect();
        out.push((i, defined));
    }
    out
}

/// The recursive conditional body literals of external `rule` ([`super::delayed`]) with a
/// negated literal that gringo may decide over another of its positive parts
/// ([`ir::Lit::Atom`]'s `merged`): gringo, grounding that part first, decides it, and a
/// conditional literal false once the component is grounded has then no instance (`#external
/// s(X,2) : d(X), t : not r.` beside a choice for r with `not s(Y,2)` in its body that never
/// fires declares nothing in clingo 5.8.3; differential seed 4345 #688).
fn maybe_decided_conditionals(rule: &Planned) -> Vec<usize> {
    let merged_negated = ir::Lit::maybe_decided_by_gringo;
    (rule.rule.body.iter().enumerate())
        .filter(|&(i, b)| {
            rule.delayed.get(i).copied().unwrap_or(false)
                && matches!(b, ir::Body::Conditional { alts, cond, .. }
                    if cond.lits.iter().any(merged_negated)
                        || alts.iter().any(|a| merged_negated(&a.item)))
        })
        .map(|(i, _)| i)
        .collect()
}

impl Grounder {
    /// Decides the aggregates and the conditional literals gringo may decide
    /// ([`maybe_decided_conditionals`]) of every [`Recheck`] of the component again
    /// (`members`: its rules), emitting nothing, and refuses an external with one false by
    /// then.
    pub(super) fn recheck_external_bodies(
        &mut self,
        members: &[&Planned],
    ) -> Result<(), Diagnostic> {
        let rechecks = std::mem::take(&mut self.external_rechecks);
        if rechecks.is_empty() {
            return Ok(());
        }
        // (no rule is emitted, and no aggregate value of another instance reused)
        let provisional = std::mem::replace(&mut self.provisional, true);
        let assigned = std::mem::take(&mut self.assigned);
        // per external of the component, by address: the rule, the aggregates and the
        // conditional literals to decide
        let to_check: HashMap<usize, (&Planned, Vec<DecidedAggregate>, Vec<usize>)> = members
            .iter()
            .filter(|m| matches!(m.rule.head, ir::Head::External { .. }))
            .map(|&m| {
                let aggregates = decided_aggregates(m, &self.program.symbols);
                let conditionals = maybe_decided_conditionals(m);
                (m as *const Planned as usize, (m, aggregates, conditionals))
            })
            .collect();
        let mut result = Ok(());
        'checks: for r in &rechecks {
            let Some(&(rule, ref aggregates, ref conditionals)) = to_check.get(&r.rule) else {
                continue;
            };
            for &i in conditionals {
                match self.conditional_false(rule, i, &r.binding) {
                    Ok(false) => {}
                    Ok(true) => {
                        result = Err(Refusal::of(&rule.rule).message(
                            self,
                            "with a recursive conditional literal in its body that is false once its \
                             component is grounded, through a negated literal over another of \
                             clingo's positive parts, is not supported (clingo's grounder may \
                             decide it when it grounds the statement, in an order aspsat does \
                             not model here)",
                        ));
                        break 'checks;
                    }
                    Err(e) => {
                        result = Err(e);
                        break 'checks;
                    }
                }
            }
            for (i, defined) in aggregates {
                let ir::Body::Aggregate(agg) = &rule.rule.body[*i] else {
                    continue;
                };
                if !(defined.iter()).all(|&k| self.element_dropped(agg, k, &r.binding)) {
                    continue;
                }
                match self.aggregate_false(rule, *i, &r.binding) {
                    Ok(false) => {}
                    Ok(true) => {
                        result = Err(Refusal::of(&rule.rule).message(
                            self,
                            "with a recursive aggregate in its body that is false once its \
                             component is grounded is not supported (clingo's grounder decides \
                             it when it grounds the statement, in an order aspsat does not \
                             follow here)",
                        ));
                        break 'checks;
                    }
                    Err(e) => {
                        result = Err(e);
                        break 'checks;
                    }
                }
            }
        }
        self.provisional = provisional;
        self.assigned = assigned;
        result
    }

    /// Whether element `k` of `agg` has no instance under `binding` whatever its condition:
    /// its weight, given by the binding alone, is not an integer in a `#sum`, negative in a
    /// `#sum+`, or it has no terms outside a `#count` (`#sum+ { -X,Y : p(Y) }` with the
    /// global X = 1 adds nothing, so gringo never sees p(Y) there).
    fn element_dropped(
        &mut self,
        agg: &ir::Aggregate,
        k: usize,
        binding: &super::term::Binding,
    ) -> bool {
        use crate::syntax::ast::AggFunc;
        let Some(weight) = agg.elems[k].terms.first() else {
            return agg.func != AggFunc::Count;
        };
        if !matches!(agg.func, AggFunc::Sum | AggFunc::SumPlus) {
            return false;
        }
        let mut vars = Vec::new();
        weight.collect_vars(&mut vars);
        if vars.iter().any(|&v| binding[v].is_none()) {
            return false;
        }
        match self.eval(weight, binding) {
            Ok(Some(w)) => match self.program.symbols.as_int(w) {
                None => true,
                Some(w) => w < 0 && agg.func == AggFunc::SumPlus,
            },
            Ok(None) => true,
            Err(_) => false,
        }
    }
}

/// The refusal of an external (its position and predicate).
#[derive(Clone)]
pub(super) struct Refusal {
    span: Span,
    pred: Option<ir::PredId>,
}

impl Refusal {
    pub(super) fn of(rule: &ir::Rule) -> Self {
        let pred = rule.head_preds().first().copied();
        Refusal {
            span: rule.span.clone(),
            pred,
        }
    }

    fn error(&self, g: &Grounder) -> Diagnostic {
        self.message(g, "with a negated body literal that depends on it is not supported (clingo's grounder decides it by statement order)")
    }

    fn message(&self, g: &Grounder, what: &str) -> Diagnostic {
        let name = self.pred.map_or(String::new(), |p| {
            let sig = g.relations[p].sig;
            format!(
                " {}{}/{}",
                if sig.negative { "-" } else { "" },
                g.program.symbols.name_str(sig.name),
                sig.arity
            )
        });
        Diagnostic::error(&self.span, format!("#external{name} {what}"))
    }
}
