//! Rule instances: for each complete binding of a rule body the join found, the ground body
//! (decided literals removed; the instance dropped when one is false) and the ground head, one
//! function per head kind ([`heads`]; the heads of directives in [`directives`]). Also the ground
//! instances of aggregates.

use super::delayed::ConditionRecursion;
use super::external_body::{Negated, Refusal};
use super::ir;
use super::join::LitValue;
use super::plan::{Planned, RulePlan};
use super::state::Grounder;
use super::term::{Binding, CTerm};
use crate::program::aggregate::{self, SumPlusHead};
use crate::program::{
    AggElem, AggFunc, Aggregate, AtomId, BodyElem, ChoiceElem, CondInstance, CostElem, CountGuard,
    Disjunction, Head, Lit, Polarity, Rule,
};
use crate::symbol::Sym;
use crate::syntax::Diagnostic;
use crate::syntax::ast::{CmpOp, Sign, Span};
use std::collections::HashSet;

mod directives;
mod heads;

/// The failure of a head element's condition as the plain literal gringo writes in the
/// element's rule: `not c` for a condition of one literal `c` or `not not c` (a longer
/// condition, or `not c`, gets an auxiliary atom there: `a ; #true : not not c.` is `a :-
/// #delayed, not c.` in clingo 5.8.3's output, `a ; #true : not c.` `a :- #delayed, not e.`
/// with `e :- not c.`).
fn failure_as_literal(cond: &[Lit]) -> Option<Lit> {
    match cond {
        [c] if matches!(c.polarity, Polarity::Pos | Polarity::NotNot) => Some(Lit::not(c.atom)),
        _ => None,
    }
}

/// How clingo's grounder treats a body aggregate it cannot decide while grounding (see
/// [`super::delayed`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Delay {
    /// Decided as soon as its elements are known.
    No,
    /// Recursive: left open where it holds, unless monotone.
    Recursive,
    /// Negated, in a loop through its rule's body: left open whatever its value.
    Undecided,
}

/// A rule's body under a complete binding.
enum GroundBody {
    /// An element is false: no instance.
    False,
    /// No element is false, but a disjunction element moved into the body holds (`a ; X > 1
    /// : d(X) :- B.` with d(2)): gringo's instance is satisfied, no rule.
    SatisfiedHead,
    /// The open elements, and among them the literals gringo writes in a disjunction's rule
    /// itself rather than behind the auxiliary atom of its body, from elements moved into the
    /// body (see [`Grounder::plain_failed_conditions`]).
    Open(Vec<BodyElem>, Vec<Lit>),
}

/// A body element under a complete binding.
enum BodyPart {
    /// Decided true: left out of the instance.
    True,
    /// Decided false: no instance.
    False,
    Open(BodyElem),
}

impl Grounder {
    /// Builds the ground rule for one body match.
    pub fn emit(
        &mut self,
        rule: &Planned,
        b: &Binding,
        matched: &[Option<AtomId>],
    ) -> Result<(), Diagnostic> {
        let span = &rule.rule.span;
        if self.size() > self.max_size {
            return Err(self.limit_exceeded(span));
        }
        let notes = self.condition_notes();
        let (body, in_rule) = match self.ground_body(rule, b, matched)? {
            GroundBody::False => return Ok(()),
            GroundBody::SatisfiedHead => {
                if let ir::Head::Disjunction(elems) = &rule.rule.head {
                    self.emit_disjunction(rule, elems, b, (Vec::new(), Vec::new()), true)?;
                }
                return Ok(());
            }
            GroundBody::Open(body, in_rule) => (body, in_rule),
        };
        if matches!(rule.rule.head, ir::Head::External { .. })
            && rule.delayed.contains(&true)
            && !self.provisional
        {
            self.external_rechecks
                .push(super::external_body::Recheck::new(rule, b));
        }
        // An instance whose head is a fact is not written, nor are its conditional literals
        // translated, which would define their conditions' atoms: by gringo surely where the
        // fact is from an earlier stage (`r. r :- not not p : r, p.` keeps an #external p
        // open in clingo 5.8.3: external_support_check seed 121), maybe where it is from
        // this one.
        if let ir::Head::Atom(a) = &rule.rule.head
            && self.condition_notes() > notes
            && let Some((sym, _)) = self.atom_sym(a, b)?
            && let Some(id) = self.program.lookup_atom(sym)
            && self.program.is_fact(id)
        {
            match self.fact_in_stage.get(id.0 as usize) {
                Some(&stage) if stage == self.stages_begun => self.unsure_condition_notes(notes),
                _ => self.forget_condition_notes(notes),
            }
        }
        let first_rule = self.program.rules.len();
        self.emit_head(rule, b, (body, in_rule))?;
        // Incremental mode: the instance may not define an atom of an earlier step.
        if !self.frozen.is_empty() {
            for r in &self.program.rules[first_rule..] {
                let heads: Vec<AtomId> = match &r.head {
                    Head::Atom(a) => vec![*a],
                    Head::Choice { elems, .. } => elems.iter().map(|e| e.atom).collect(),
                    Head::None => Vec::new(),
                };
                if let Some(&a) = heads.iter().find(|&&a| self.is_frozen(a)) {
                    return Err(self.redefinition(span, a));
                }
            }
        }
        Ok(())
    }

    /// The head of one rule instance.
    /// `in_rule`: see [`GroundBody::Open`].
    fn emit_head(
        &mut self,
        rule: &Planned,
        b: &Binding,
        (body, in_rule): (Vec<BodyElem>, Vec<Lit>),
    ) -> Result<(), Diagnostic> {
        let span = &rule.rule.span;
        if rule.checked_in_the_end && !self.provisional {
            self.program.end_checks.push(crate::program::EndCheck {
                body: body.clone(),
                span: span.clone(),
            });
        }
        match &rule.rule.head {
            ir::Head::None => {
                if let [BodyElem::Lit(l)] = &body[..]
                    && rule.rule.body.len() > 1
                    && self.program.is_projection_atom(l.atom)
                {
                    self.program.projections_through_auxiliary.insert(l.atom);
                }
                if !self.provisional {
                    let atoms = body.iter().flat_map(|b| b.lits()).map(|l| l.atom);
                    self.constrained_atoms.extend(atoms);
                }
                self.push_rule(Rule {
                    head: Head::None,
                    body,
                });
                Ok(())
            }
            ir::Head::Cost {
                weight,
                priority,
                terms,
            } => self.emit_cost(span, weight, priority.as_ref(), terms, b, body),
            ir::Head::ShowTerm(t) => self.emit_show_term(span, t, b, body),
            ir::Head::Atom(a) => self.emit_atom(span, a, b, body),
            ir::Head::External { atom, value } => {
                self.emit_external(span, atom, value, rule.external_order, b)
            }
            ir::Head::Edge(u, v) => self.emit_edge(span, u, v, b, body),
            ir::Head::Ignored(_) => Ok(()),
            ir::Head::Project(atom) => {
                if let Some((sym, _)) = self.atom_sym(atom, b)? {
                    let id = self.program.atom(sym);
                    self.program.project_atoms.insert(id);
                }
                Ok(())
            }
            ir::Head::Disjunction(elems) if rule.rule.plain_disjunction => {
                self.emit_plain_disjunction(rule, elems, b, (body, in_rule))
            }
            ir::Head::Disjunction(elems) => {
                self.emit_disjunction(rule, elems, b, (body, in_rule), false)
            }
            ir::Head::Choice {
                func,
                elems,
                guards,
                tuples,
            } => self.emit_choice(rule, (*func, *tuples), elems, guards, b, body),
        }
    }

    /// Records the open negated literals of a head element's condition (ground as `ground`)
    /// where one of its literals is over another of gringo's positive parts that gringo may
    /// ground first ([`ir::Lit::Atom`]'s `merged`), deciding it: where one turns out false,
    /// gringo has no such element (`q(2) : not not q(0) :- q(2).` beside `q(X) :- d(X), not
    /// q(2).` has none in clingo 5.8.3, so an #external q(2) keeps its status; differential
    /// seed 4454 #146). See [`crate::program::GroundProgram::maybe_decided_by_gringo`].
    pub(super) fn note_maybe_decided_condition(
        &mut self,
        cond: &ir::Condition,
        ground: &[Lit],
        span: &Span,
    ) {
        if cond.lits.iter().any(ir::Lit::maybe_decided_by_gringo) {
            for &l in ground {
                self.note_maybe_decided(l, span);
            }
        }
    }

    /// Records a ground negated literal gringo may have decided before aspsat, with the
    /// position of its rule ([`crate::program::GroundProgram::maybe_decided_by_gringo`]);
    /// positive literals and provisional rounds are left out.
    fn note_maybe_decided(&mut self, l: Lit, span: &Span) {
        if l.polarity != Polarity::Pos && !self.provisional {
            (self.program.maybe_decided_by_gringo)
                .entry(l)
                .or_insert_with(|| span.clone());
        }
    }

    /// The ground body under a complete binding.
    fn ground_body(
        &mut self,
        rule: &Planned,
        b: &Binding,
        matched: &[Option<AtomId>],
    ) -> Result<GroundBody, Diagnostic> {
        let mut body = Vec::new();
        let mut in_rule = Vec::new();
        let mut head_satisfied = false;
        let mut needs_derived = Vec::new();
        // (a conditional literal's notes hold only if the instance is written)
        let notes = self.condition_notes();
        for (i, elem) in rule.rule.body.iter().enumerate() {
            let part = match elem {
                ir::Body::Lit(l @ ir::Lit::Atom { .. }) => {
                    let maybe_decided = l.maybe_decided_by_gringo();
                    match self.ground_lit_matched(l, b, matched[i])? {
                        LitValue::True => BodyPart::True,
                        LitValue::False => BodyPart::False,
                        LitValue::Open(l) => {
                            // (so may a negated projection over an earlier component be,
                            // where one of its atoms became a fact after the projection's
                            // rule was grounded: gringo writes `not q(_)` with the fact `q(a)`
                            // and decides it; external_support_check seed 82)
                            let earlier =
                                matches!(elem, ir::Body::Lit(l) if l.over_earlier_component());
                            if maybe_decided || earlier && self.program.is_projection_atom(l.atom) {
                                self.note_maybe_decided(l, &rule.rule.span);
                            }
                            match rule.negated.get(i) {
                                Some(Negated::NeverDerived) => BodyPart::False,
                                Some(Negated::NeedsDerived) => {
                                    needs_derived.push(l.atom);
                                    BodyPart::Open(BodyElem::Lit(l))
                                }
                                _ => BodyPart::Open(BodyElem::Lit(l)),
                            }
                        }
                    }
                }
                // Comparisons and ranges were checked by the join.
                ir::Body::Lit(_) => BodyPart::True,
                ir::Body::Conditional {
                    alts,
                    cond,
                    moved_head,
                    ..
                } => {
                    let delayed = rule.delayed[i].then_some(&rule.rule.span);
                    // gringo translates no `#external` body (it only selects instances), so
                    // nothing defines the atoms of such a conditional literal's condition; nor
                    // does a disjunction's element (aspsat moved `not p : q, not r` into the
                    // body, gringo keeps it in the head: `r ; not p : q, not r.` leaves the
                    // external q free, differential seed 3108 #747).
                    // (nor where gringo finds no literal of the condition recursive)
                    let recursion = (rule.condition_recursive.get(i).copied())
                        .unwrap_or(ConditionRecursion::Recursive);
                    let defines = match recursion {
                        _ if matches!(rule.rule.head, ir::Head::External { .. }) => None,
                        _ if *moved_head => None,
                        ConditionRecursion::Stratified => None,
                        // (where the order of gringo's parts decides it, the atoms are noted
                        // as maybe defined, and refused if one is external)
                        ConditionRecursion::Unordered => Some(false),
                        ConditionRecursion::Recursive => Some(true),
                    };
                    let part = self.conditional(alts, cond, &rule.plan, b, delayed, defines)?;
                    // The negated condition literals gringo may decide over another of its
                    // positive parts: where they hold in the end and an instance's literal
                    // fails, gringo may have known the conditional literal false and written
                    // no rule (`p(Y) :- d(Y), p(0) : not q(Y).` beside a rule for q(1) that
                    // depends on `not p(Y)` and never fires: an #external p(1) keeps its
                    // status in clingo 5.8.3; differential seed 4744 #612).
                    if let BodyPart::Open(BodyElem::Conditional(instances)) = &part
                        && cond.lits.iter().any(ir::Lit::maybe_decided_by_gringo)
                    {
                        for &l in instances.iter().flat_map(|i| &i.cond) {
                            self.note_maybe_decided(l, &rule.rule.span);
                        }
                    }
                    // So may its negated literal be, as a body literal: where it fails in the
                    // end under a condition that holds, gringo may have known the conditional
                    // literal false (`p(1) :- not not q(a) : not f.` beside a rule for q(a)
                    // that depends on `not not p(1)` and never fires: an #external p(1) keeps
                    // its status; external_support_check seed 20).
                    if !*moved_head
                        && let BodyPart::Open(BodyElem::Conditional(instances)) = &part
                        && alts.iter().any(|a| a.item.maybe_decided_by_gringo())
                    {
                        for inst in instances {
                            self.note_maybe_decided(inst.lit, &rule.rule.span);
                        }
                    }
                    match part {
                        BodyPart::Open(BodyElem::Conditional(instances)) if *moved_head => {
                            let instances = self.plain_failed_conditions(instances, &mut in_rule);
                            if instances.is_empty() {
                                continue;
                            }
                            // A negated head element gringo may decide over another of its
                            // positive parts, as a body literal (`not p(Y) : d(Z) ; q(Y) :
                            // p(_) :- d(Y).` beside `p(0) :- not not q(1).`: gringo finds
                            // p(1) outside its domain, the element true, and writes no rule
                            // for an #external q(1); differential seed 4902 #311).
                            let maybe_decided =
                                alts.iter().any(|a| a.item.maybe_decided_by_gringo());
                            if maybe_decided {
                                for inst in instances.iter().filter(|i| i.cond.is_empty()) {
                                    self.note_maybe_decided(inst.lit, &rule.rule.span);
                                }
                            }
                            BodyPart::Open(BodyElem::Conditional(instances))
                        }
                        // (the element holds: the disjunction instance is satisfied)
                        BodyPart::False if *moved_head => {
                            head_satisfied = true;
                            continue;
                        }
                        part => part,
                    }
                }
                ir::Body::Aggregate(a) => {
                    let delay = if rule.undecided[i] {
                        Delay::Undecided
                    } else if rule.delayed[i] {
                        Delay::Recursive
                    } else {
                        Delay::No
                    };
                    let part = self.body_aggregate(i, a, &rule.plan, b, delay)?;
                    // A negated aggregate over its own component decided false: gringo grounds
                    // the rule before the aggregate's completion has run and writes it with
                    // the aggregate open (`q :- not #count{1 : r} > 0.` beside a fact r that
                    // `r :- not not q.` puts in q's component keeps no #external q open in
                    // clingo 5.8.3: external_support_check seed 26), or decides it for
                    // instances grounded after, by an order aspsat does not model.
                    if matches!(part, BodyPart::False)
                        && matches!(delay, Delay::Recursive)
                        && a.sign != Sign::Pos
                        && !self.provisional
                    {
                        self.program.instances_gringo_may_write = true;
                    }
                    // Its negated element condition literals gringo may decide over another
                    // of its positive parts (`not p(2)` in `r :- #max{#sup : not p(2); 2 : not
                    // r} = 3.` beside a disjunction that never derives p(2): gringo decides the
                    // aggregate false and writes no rule for an #external r; differential
                    // seed 4757 #874).
                    // So may a negated projection over an earlier component, as a body
                    // literal (`not not q(_)` in `p(1) :- not #count{1 : not not q(_)} > 0.`
                    // where q(a) became a fact of an earlier component after the projection's
                    // rule was grounded: gringo writes the projection as a fact, decides the
                    // aggregate false and writes no rule for an #external p(1);
                    // external_support_check seed 181).
                    if let BodyPart::Open(BodyElem::Aggregate { aggregate, .. }) = &part {
                        let conds = || a.elems.iter().flat_map(|e| &e.cond.lits);
                        let maybe_decided = conds().any(ir::Lit::maybe_decided_by_gringo);
                        let earlier = conds().any(ir::Lit::over_earlier_component);
                        for &l in aggregate.elems.iter().flat_map(|e| &e.cond) {
                            if maybe_decided || earlier && self.program.is_projection_atom(l.atom) {
                                self.note_maybe_decided(l, &rule.rule.span);
                            }
                        }
                    }
                    part
                }
            };
            match part {
                BodyPart::True => {}
                BodyPart::False => {
                    // (`r :- p : r, not s; d(X), 0 > {p}.` defines no `r`: differential seed
                    // 4717 #683)
                    self.forget_condition_notes(notes);
                    return Ok(GroundBody::False);
                }
                BodyPart::Open(e) => body.push(e),
            }
        }
        if head_satisfied {
            return Ok(GroundBody::SatisfiedHead);
        }
        for a in needs_derived {
            let refusal = Refusal::of(&rule.rule);
            self.external_pending.push((refusal, a));
        }
        body.extend(in_rule.iter().map(|&l| BodyElem::Lit(l)));
        Ok(GroundBody::Open(body, in_rule))
    }

    /// The instances of a head element moved into the body that gringo writes as plain
    /// literals in the disjunction's rule (pushed to `in_rule`): the failure `not c` of an
    /// instance whose literal is false and whose condition is one positive literal `c` (clasp
    /// reads `#external a. [free]  a ; not r : a.` as `a :- not a.`), and the literal `not a`
    /// of a `not not a` element whose condition holds (`s(1,1) ; not not s(1,1).` is `s(1,1)
    /// :- #delayed, not s(1,1).`, which leaves an #external s(1,1) external: differential
    /// seed 4334 #707). The other instances.
    fn plain_failed_conditions(
        &mut self,
        instances: Vec<CondInstance>,
        in_rule: &mut Vec<Lit>,
    ) -> Vec<CondInstance> {
        let false_lit = self.false_lit();
        let mut rest = Vec::new();
        for inst in instances {
            match failure_as_literal(&inst.cond) {
                Some(l) if inst.lit == false_lit => in_rule.push(l),
                _ if inst.cond.is_empty() && inst.lit.polarity == Polarity::Not => {
                    in_rule.push(inst.lit)
                }
                _ => rest.push(inst),
            }
        }
        rest
    }

    /// `l1 ; ... ; ln : cond`: one instance per instance of the condition, whose literal is
    /// the disjunction of the open alternatives (an auxiliary atom when there are several).
    /// A `delayed` one (see [`super::delayed`]; with its rule's span) stays open when it
    /// holds, and the atoms of its conditions are noted as gringo's translation defines them
    /// (when it `defines`: `Some(true)` surely, `Some(false)` by an order of gringo's
    /// statements aspsat does not know).
    fn conditional(
        &mut self,
        alts: &[ir::Local<ir::Lit>],
        cond: &ir::Condition,
        plan: &RulePlan,
        b: &Binding,
        delayed: Option<&Span>,
        defines: Option<bool>,
    ) -> Result<BodyPart, Diagnostic> {
        let mut instances = Vec::new();
        // the instances whose literal is open
        let mut defined = Vec::new();
        let mut falsified = false;
        let settling_late = self.settling_late;
        self.conditions(cond, plan, b, &mut |g, binding, cond_lits| {
            let mut open = Vec::new();
            let mut holds = false;
            // In the last instantiation of a late rule a negated literal over its own stage
            // stays open (see `Grounder::ground_lit`), but this one only where the condition is
            // empty, or the conditional literal is delayed: under a condition the instance
            // stays either way, but where gringo translates the conditional literal, an open
            // literal makes it define the condition's atoms (`not q(2) : p(2)` with q(2) never
            // derived ends the status of an #external p(2): differential seed 4702 #451 was a
            // wrong answer; the atoms may be a projection aspsat cannot ground as gringo does,
            // refused then: `ground::state`).
            let open_negated = settling_late && (cond_lits.is_empty() || delayed.is_some());
            for alt in alts {
                // Local conditions hold only the ranges of intervals: no literals of their own.
                g.conditions(&alt.cond, plan, binding, &mut |g, binding, _| {
                    g.settling_late = open_negated;
                    let value = g.ground_lit(&alt.item, binding);
                    g.settling_late = settling_late;
                    match value? {
                        LitValue::True => holds = true,
                        LitValue::False => {}
                        // Provisional rounds: a positive literal not derived so far is false
                        // until a later round derives it (as in clingo's grounder).
                        LitValue::Open(l)
                            if g.provisional
                                && l.polarity == Polarity::Pos
                                && !g.program.is_derivable(l.atom) => {}
                        LitValue::Open(l) => open.push(l),
                    }
                    Ok(())
                })?;
            }
            if holds {
                return Ok(());
            }
            open.sort();
            open.dedup();
            let head_open = !open.is_empty();
            let lit = match open[..] {
                [] if cond_lits.is_empty() => {
                    falsified = true;
                    return Ok(());
                }
                // The literal is false: the instance says the condition fails.
                [] => g.false_lit(),
                [l] => l,
                _ => Lit::pos(g.disjunction_atom(open)),
            };
            if head_open {
                defined.push(instances.len());
            }
            instances.push(CondInstance {
                lit,
                cond: cond_lits,
            });
            Ok(())
        })?;
        if let Some(span) = delayed
            && let Some(surely) = defines
        {
            for &i in &defined {
                let inst = &instances[i];
                let alone = (defined.iter()).all(|&j| j == i || instances[j].lit != inst.lit);
                let cond = inst.cond.clone();
                self.note_condition_heads(span, cond, alone, surely);
            }
        }
        Ok(if falsified {
            BodyPart::False
        } else if instances.is_empty() && delayed.is_none() {
            BodyPart::True
        } else {
            BodyPart::Open(BodyElem::Conditional(instances))
        })
    }

    /// Whether the body aggregate `index` of `rule` is false under binding `b` with the
    /// atoms derived so far, decided as a non-recursive one would be.
    pub(super) fn aggregate_false(
        &mut self,
        rule: &Planned,
        index: usize,
        b: &Binding,
    ) -> Result<bool, Diagnostic> {
        let ir::Body::Aggregate(a) = &rule.rule.body[index] else {
            return Ok(false);
        };
        let part = self.body_aggregate(index, a, &rule.plan, b, Delay::No)?;
        Ok(matches!(part, BodyPart::False))
    }

    /// Whether conditional body literal `index` of `rule` is false under `b` with the atoms
    /// derived so far (see [`super::external_body::Recheck`]).
    pub(super) fn conditional_false(
        &mut self,
        rule: &Planned,
        index: usize,
        b: &Binding,
    ) -> Result<bool, Diagnostic> {
        let ir::Body::Conditional { alts, cond, .. } = &rule.rule.body[index] else {
            return Ok(false);
        };
        let part = self.conditional(alts, cond, &rule.plan, b, None, None)?;
        Ok(matches!(part, BodyPart::False))
    }

    /// A body aggregate (body element `index`): the instance an assignment step grounded, or
    /// grounded now; decided ones are left out or drop the rule instance, but a `delayed` one
    /// (see [`super::delayed`]) stays open when it holds, unless it is a monotone aggregate,
    /// and an undecided one stays open whatever its value.
    fn body_aggregate(
        &mut self,
        index: usize,
        a: &ir::Aggregate,
        plan: &RulePlan,
        b: &Binding,
        delay: Delay,
    ) -> Result<BodyPart, Diagnostic> {
        let delayed = delay != Delay::No;
        let cached = self
            .assigned
            .iter()
            .rev()
            .find(|(item, _)| *item == index)
            .map(|(_, agg)| agg.clone());
        let assigned = cached.is_some();
        let ground = match cached {
            Some(g) => g,
            None => match self.ground_aggregate(a, plan, b, None)? {
                Some(g) => g,
                None => return Ok(BodyPart::False),
            },
        };
        let polarity = match a.sign {
            Sign::Pos => Polarity::Pos,
            Sign::Not => Polarity::Not,
            Sign::NotNot => Polarity::NotNot,
        };
        // gringo: a recursive assignment aggregate is never a fact (its instance here carries
        // the assigned value as a guard); a recursive body aggregate only when monotone.
        let stays_open =
            delayed && (assigned || polarity == Polarity::Not || !super::delayed::monotone(a));
        if delayed && polarity == Polarity::Pos && !super::delayed::monotone(a) && !self.provisional
        {
            for e in &ground.elems {
                for l in e.cond.iter().filter(|l| l.polarity == Polarity::Pos) {
                    self.aggregate_condition_atoms
                        .push((l.atom, a.span.clone()));
                }
            }
        }
        if delay == Delay::Undecided {
            return self.open_aggregate(polarity, ground, &a.span);
        }
        let decided = match polarity {
            Polarity::Pos => aggregate::decided(&ground, &self.program.symbols),
            _ => aggregate::decided_negated(&ground, &self.program.symbols),
        };
        Ok(match decided {
            Some(holds) if holds != (polarity == Polarity::Not) && stays_open => {
                self.open_aggregate(polarity, ground, &a.span)?
            }
            Some(holds) if holds != (polarity == Polarity::Not) => BodyPart::True,
            // gringo grounds a rule with a negated recursive aggregate before the aggregate is
            // complete: only a monotone aggregate that holds is decided (`p :- not not
            // #count { 1 : q } >= 1. q :- p, s(X).` keeps its rule, `#delayed <=> #false`).
            Some(holds)
                if delayed
                    && polarity != Polarity::Pos
                    && !(holds && super::delayed::monotone(a)) =>
            {
                self.open_aggregate(polarity, ground, &a.span)?
            }
            // Provisional rounds see only part of the elements: a negated aggregate false now
            // may hold once more atoms are derived (`p :- not #sum { 1:p } < 1.`), so it may
            // hold. A positive one false over the elements derived so far stays false until a
            // later round derives more (clingo's grounder: `r :- 1 = #sum+ { 1 : r }.` never
            // derives `r`, so nothing over `r` is grounded).
            // (Not a monotone one that holds already: more elements keep it true. Nor one
            // whose elements are not recursive: their atoms are all known, and gringo decides
            // it at once, `not #count{1 : q(1)} < 1` with q(1) underivable is false.)
            Some(holds)
                if self.provisional
                    && delayed
                    && polarity != Polarity::Pos
                    && !(holds && super::delayed::monotone(a)) =>
            {
                self.open_aggregate(polarity, ground, &a.span)?
            }
            Some(_) => {
                // A positive recursive aggregate that is not monotone may have held while
                // gringo grounded its rule, before the tuples that make it false were known
                // (`q :- #sum{1 : q(_)} < 1.` with q(a) a fact of q's component): gringo
                // then writes the rule, which ends the status of an #external q in clingo
                // 5.8.3 (external_support_check seed 128). Unless it is false over any of its
                // tuples (`0 > #count{..}`). (The negated case: [`Self::ground_body`].)
                if delay == Delay::Recursive
                    && polarity == Polarity::Pos
                    && !super::delayed::monotone(a)
                    && !self.provisional
                    && !aggregate::false_before_facts(&ground, &self.program.symbols)
                {
                    self.program.instances_gringo_may_write = true;
                }
                BodyPart::False
            }
            None => self.open_aggregate(polarity, ground, &a.span)?,
        })
    }

    /// A body aggregate left to the solver.
    fn open_aggregate(
        &mut self,
        polarity: Polarity,
        mut ground: Aggregate,
        span: &Span,
    ) -> Result<BodyPart, Diagnostic> {
        self.wrap_strict_bounds(&mut ground, span)?;
        Ok(BodyPart::Open(BodyElem::Aggregate {
            polarity,
            aggregate: Box::new(ground),
        }))
    }

    /// The guards of an aggregate gringo does not decide as clingo 5.8.3 hands them on: its
    /// output makes a strict bound of `#max` and `#min` inclusive by one step in 32 bits, so
    /// `#max{..} < -2147483648` wraps to `<= 2147483647` (any number passes, a symbol does
    /// not) and `#min{..} > 2147483647` to `>= -2147483648`; `#max{..} != -2147483648` and
    /// `#min{..} != 2147483647` always hold. (Where the grounder decides the aggregate it
    /// compares as written: `q :- #max{1 : d(1)} < -2147483648.` is false.) Beside another
    /// guard the wrapped interval joins the others' (`-2147483648 != #max{..} <= 1` holds for
    /// every number), which is refused.
    pub(super) fn wrap_strict_bounds(
        &mut self,
        agg: &mut Aggregate,
        span: &Span,
    ) -> Result<(), Diagnostic> {
        use crate::symbol::Int;
        let syms = &mut self.program.symbols;
        let wraps = |g: &CountGuard| {
            matches!(
                (agg.func, g.op, syms.as_int(g.value)),
                (AggFunc::Max, CmpOp::Lt | CmpOp::Ne, Some(Int::MIN))
                    | (AggFunc::Min, CmpOp::Gt | CmpOp::Ne, Some(Int::MAX))
            )
        };
        if agg.guards.len() > 1 && agg.guards.iter().any(wraps) {
            return Err(Diagnostic::error(
                span,
                "a #max bound below -2147483648 or a #min bound above 2147483647 beside another \
                 guard is not supported (clingo wraps it around its 32-bit integers)",
            ));
        }
        for g in &mut agg.guards {
            match (agg.func, g.op, syms.as_int(g.value)) {
                (AggFunc::Max, CmpOp::Lt, Some(Int::MIN)) => {
                    *g = CountGuard {
                        op: CmpOp::Le,
                        value: syms.num(Int::MAX),
                    }
                }
                (AggFunc::Min, CmpOp::Gt, Some(Int::MAX)) => {
                    *g = CountGuard {
                        op: CmpOp::Ge,
                        value: syms.num(Int::MIN),
                    }
                }
                // `!=` is `<` or `>`, and the wrapped side takes in the other: always true
                (AggFunc::Max, CmpOp::Ne, Some(Int::MIN)) => {
                    *g = CountGuard {
                        op: CmpOp::Le,
                        value: syms.intern(crate::symbol::SymData::Sup),
                    }
                }
                (AggFunc::Min, CmpOp::Ne, Some(Int::MAX)) => {
                    *g = CountGuard {
                        op: CmpOp::Ge,
                        value: syms.intern(crate::symbol::SymData::Inf),
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// `#sum` and `#sum+` ignore elements whose weight is not an integer (clingo's "tuple
    /// ignored"); negative `#sum+` weights are for [`aggregate::sum_plus_head`].
    fn filter_weights(&mut self, mut agg: Aggregate, span: &Span) -> Aggregate {
        if matches!(agg.func, AggFunc::Sum | AggFunc::SumPlus) {
            let before = agg.elems.len();
            let syms = &self.program.symbols;
            agg.elems.retain(|e| syms.as_int(e.weight).is_some());
            if agg.elems.len() < before {
                self.info(
                    span,
                    "tuple ignored: the weight of a #sum element must be an integer",
                );
            }
        }
        agg
    }

    /// The aggregate's element instances under the binding (decided conditions removed), and
    /// its guards; `skip_guard` is the guard an assignment step is enumerating. `None` when a
    /// guard is undefined.
    pub fn ground_aggregate(
        &mut self,
        agg: &ir::Aggregate,
        plan: &RulePlan,
        b: &Binding,
        skip_guard: Option<usize>,
    ) -> Result<Option<Aggregate>, Diagnostic> {
        let mut guards = Vec::new();
        for (i, (op, t)) in agg.guards.iter().enumerate() {
            // The assigning guard, and another that uses the variable it assigns (`Y = #sum{..}
            // >= Y`): the assignment step checks that one once the variable is bound.
            if Some(i) == skip_guard
                || (skip_guard.is_some() && !crate::ground::term::all_bound(t, b))
            {
                continue;
            }
            let Some(value) = self.eval(t, b)? else {
                return Ok(None);
            };
            guards.push(CountGuard { op: *op, value });
        }
        let mut elems = Vec::new();
        for e in &agg.elems {
            // One instance per tuple and condition of each element, as gringo accumulates it
            // (its range counts each: see `aggregate::decided`).
            let mut seen = HashSet::new();
            self.conditions(&e.cond, plan, b, &mut |g, binding, cond| {
                let mut terms = Vec::with_capacity(e.terms.len());
                for t in &e.terms {
                    match g.eval(t, binding)? {
                        Some(s) => terms.push(s),
                        None => return Ok(()),
                    }
                }
                // clingo drops an element without terms from everything but `#count`.
                let weight = match terms.first() {
                    Some(&w) => w,
                    None if agg.func == AggFunc::Count => g.program.symbols.num(0),
                    None => return Ok(()),
                };
                if matches!(agg.func, AggFunc::Sum | AggFunc::SumPlus) {
                    match g.program.symbols.as_int(weight) {
                        None => {
                            g.info(
                                &agg.span,
                                "tuple ignored: the weight of a #sum element must be an integer",
                            );
                            return Ok(());
                        }
                        Some(w) if w < 0 && agg.func == AggFunc::SumPlus => return Ok(()),
                        Some(_) => {}
                    }
                }
                let tuple = g.program.symbols.tuple(terms);
                if !seen.insert((tuple, cond.clone())) {
                    return Ok(());
                }
                elems.push(AggElem {
                    tuple,
                    weight,
                    cond,
                });
                Ok(())
            })?;
        }
        Ok(Some(Aggregate {
            func: agg.func,
            elems,
            guards,
        }))
    }
}
