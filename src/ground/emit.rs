//! Rule instances: for each complete binding of a rule body the join found, the ground body
//! (decided literals removed; the instance dropped when one is false) and the ground head, one
//! function per head kind. Also the ground instances of aggregates.

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
        let Some(body) = self.ground_body(rule, b, matched)? else {
            return Ok(());
        };
        let first_rule = self.program.rules.len();
        self.emit_head(rule, b, body)?;
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
    fn emit_head(
        &mut self,
        rule: &Planned,
        b: &Binding,
        body: Vec<BodyElem>,
    ) -> Result<(), Diagnostic> {
        let span = &rule.rule.span;
        match &rule.rule.head {
            ir::Head::None => {
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
            ir::Head::External { atom, value } => self.emit_external(span, atom, *value, b),
            ir::Head::Edge(u, v) => self.emit_edge(span, u, v, b, body),
            ir::Head::Ignored(_) => Ok(()),
            ir::Head::Project(atom) => {
                if let Some((sym, _)) = self.atom_sym(atom, b)? {
                    let id = self.program.atom(sym);
                    self.program.project_atoms.insert(id);
                }
                Ok(())
            }
            ir::Head::Disjunction(elems) => self.emit_disjunction(elems, &rule.plan, b, body, span),
            ir::Head::Choice {
                func,
                elems,
                guards,
                tuples,
            } => self.emit_choice(rule, (*func, *tuples), elems, guards, b, body),
        }
    }

    /// The ground body under a complete binding; `None` when an element is false.
    fn ground_body(
        &mut self,
        rule: &Planned,
        b: &Binding,
        matched: &[Option<AtomId>],
    ) -> Result<Option<Vec<BodyElem>>, Diagnostic> {
        let mut body = Vec::new();
        let mut needs_derived = Vec::new();
        for (i, elem) in rule.rule.body.iter().enumerate() {
            let part = match elem {
                ir::Body::Lit(l @ ir::Lit::Atom { .. }) => {
                    match self.ground_lit_matched(l, b, matched[i])? {
                        LitValue::True => BodyPart::True,
                        LitValue::False => BodyPart::False,
                        LitValue::Open(l) => match rule.negated.get(i) {
                            Some(Negated::NeverDerived) => BodyPart::False,
                            Some(Negated::NeedsDerived) => {
                                needs_derived.push(l.atom);
                                BodyPart::Open(BodyElem::Lit(l))
                            }
                            _ => BodyPart::Open(BodyElem::Lit(l)),
                        },
                    }
                }
                // Comparisons and ranges were checked by the join.
                ir::Body::Lit(_) => BodyPart::True,
                ir::Body::Conditional { alts, cond, .. } => {
                    let delayed = rule.delayed[i].then_some(&rule.rule.span);
                    // gringo translates no `#external` body (it only selects instances), so
                    // nothing defines the atoms of such a conditional literal's condition.
                    let defines = !matches!(rule.rule.head, ir::Head::External { .. });
                    self.conditional(alts, cond, &rule.plan, b, delayed, defines)?
                }
                ir::Body::Aggregate(a) => {
                    self.body_aggregate(i, a, &rule.plan, b, rule.delayed[i])?
                }
            };
            match part {
                BodyPart::True => {}
                BodyPart::False => return Ok(None),
                BodyPart::Open(e) => body.push(e),
            }
        }
        for a in needs_derived {
            let refusal = Refusal::of(&rule.rule);
            self.external_pending.push((refusal, a));
        }
        Ok(Some(body))
    }

    /// `l1 ; ... ; ln : cond`: one instance per instance of the condition, whose literal is
    /// the disjunction of the open alternatives (an auxiliary atom when there are several).
    /// A `delayed` one (see [`super::delayed`]; with its rule's span) stays open when it
    /// holds, and the atoms of its conditions are noted as gringo's translation defines them
    /// (when it `defines`: the rule is not an `#external`).
    fn conditional(
        &mut self,
        alts: &[ir::Local<ir::Lit>],
        cond: &ir::Condition,
        plan: &RulePlan,
        b: &Binding,
        delayed: Option<&Span>,
        defines: bool,
    ) -> Result<BodyPart, Diagnostic> {
        let mut instances = Vec::new();
        let mut falsified = false;
        self.conditions(cond, plan, b, &mut |g, binding, cond_lits| {
            let mut open = Vec::new();
            let mut holds = false;
            for alt in alts {
                // Local conditions hold only the ranges of intervals: no literals of their own.
                g.conditions(&alt.cond, plan, binding, &mut |g, binding, _| {
                    match g.ground_lit(&alt.item, binding)? {
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
            if let Some(span) = delayed
                && head_open
                && defines
            {
                g.note_condition_heads(span, &cond_lits);
            }
            instances.push(CondInstance {
                lit,
                cond: cond_lits,
            });
            Ok(())
        })?;
        Ok(if falsified {
            BodyPart::False
        } else if instances.is_empty() && delayed.is_none() {
            BodyPart::True
        } else {
            BodyPart::Open(BodyElem::Conditional(instances))
        })
    }

    /// A body aggregate (body element `index`): the instance an assignment step grounded, or
    /// grounded now; decided ones are left out or drop the rule instance, but a `delayed` one
    /// (see [`super::delayed`]) stays open when it holds, unless it is a monotone aggregate.
    fn body_aggregate(
        &mut self,
        index: usize,
        a: &ir::Aggregate,
        plan: &RulePlan,
        b: &Binding,
        delayed: bool,
    ) -> Result<BodyPart, Diagnostic> {
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
        Ok(match aggregate::decided(&ground, &self.program.symbols) {
            Some(holds) if holds != (polarity == Polarity::Not) && stays_open => {
                BodyPart::Open(BodyElem::Aggregate {
                    polarity,
                    aggregate: Box::new(ground),
                })
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
                BodyPart::Open(BodyElem::Aggregate {
                    polarity,
                    aggregate: Box::new(ground),
                })
            }
            // Provisional rounds see only part of the elements: a negated aggregate false now
            // may hold once more atoms are derived (`p :- not #sum { 1:p } < 1.`), so it may
            // hold. A positive one false over the elements derived so far stays false until a
            // later round derives more (clingo's grounder: `r :- 1 = #sum+ { 1 : r }.` never
            // derives `r`, so nothing over `r` is grounded).
            // (Not a monotone one that holds already: more elements keep it true.)
            Some(holds)
                if self.provisional
                    && polarity != Polarity::Pos
                    && !(holds && super::delayed::monotone(a)) =>
            {
                BodyPart::Open(BodyElem::Aggregate {
                    polarity,
                    aggregate: Box::new(ground),
                })
            }
            Some(_) => BodyPart::False,
            None => BodyPart::Open(BodyElem::Aggregate {
                polarity,
                aggregate: Box::new(ground),
            }),
        })
    }

    /// An optimization element `weight@priority, terms` under the ground body.
    fn emit_cost(
        &mut self,
        span: &Span,
        weight: &CTerm,
        priority: Option<&CTerm>,
        terms: &[CTerm],
        b: &Binding,
        body: Vec<BodyElem>,
    ) -> Result<(), Diagnostic> {
        let Some(w) = self.eval(weight, b)? else {
            return Ok(());
        };
        let Some(weight) = self.program.symbols.as_int(w) else {
            self.info(
                span,
                "tuple ignored: the weight of an optimization element must be an integer",
            );
            return Ok(());
        };
        let priority = match priority {
            None => 0,
            Some(p) => {
                let Some(p) = self.eval(p, b)? else {
                    return Ok(());
                };
                match self.program.symbols.as_int(p) {
                    Some(p) => p,
                    None => {
                        self.info(
                            span,
                            "tuple ignored: the priority of an optimization element must be an integer",
                        );
                        return Ok(());
                    }
                }
            }
        };
        let mut key = vec![w, self.program.symbols.num(priority)];
        for t in terms {
            match self.eval(t, b)? {
                Some(v) => key.push(v),
                None => return Ok(()),
            }
        }
        let tuple = self.program.symbols.tuple(key);
        let elem = CostElem {
            weight: weight as i64,
            priority: priority as i64,
            tuple,
            body,
        };
        if !self.program.minimize.contains(&elem) {
            self.program.minimize.push(elem);
        }
        Ok(())
    }

    /// `#show t : body.`: the term is shown when the ground body holds.
    fn emit_show_term(
        &mut self,
        span: &Span,
        t: &CTerm,
        b: &Binding,
        body: Vec<BodyElem>,
    ) -> Result<(), Diagnostic> {
        let Some(sym) = self.eval(t, b)? else {
            return Ok(());
        };
        let lits = plain_literals(span, body, "#show")?;
        if !self.program.show.terms.contains(&(sym, lits.clone())) {
            self.program.show.terms.push((sym, lits));
        }
        Ok(())
    }

    /// An `#external` instance: the atom exists (it may be true) without any rule.
    /// `[release]` leaves it false. Declarations of one atom with different values are
    /// refused: clingo's result then depends on the rest of the program.
    fn emit_external(
        &mut self,
        span: &Span,
        a: &ir::Atom,
        value: crate::program::ExternalValue,
        b: &Binding,
    ) -> Result<(), Diagnostic> {
        let Some((sym, args)) = self.atom_sym(a, b)? else {
            return Ok(());
        };
        let id = self.program.atom(sym);
        if let Some(first) = self.program.external_value(id)
            && first != value
            && !self.provisional
        {
            return Err(Diagnostic::error(
                span,
                format!(
                    "#external {} is declared again with another value: not supported (clingo's choice depends on the rest of the program)",
                    self.program.symbols.to_string(sym)
                ),
            ));
        }
        if self.provisional || self.program.is_fact(id) || self.program.is_external(id) {
            if self.provisional && value != crate::program::ExternalValue::Release {
                self.derive(a.pred, id, &args);
            }
            return Ok(());
        }
        // A released external is still grounded (clingo grounds it, then releases it when
        // solving starts: false, yet its optimization elements keep their levels).
        self.derive(a.pred, id, &args);
        self.program.add_external(id, value);
        Ok(())
    }

    /// An `#edge` instance: present when its body (plain literals only) holds.
    fn emit_edge(
        &mut self,
        span: &Span,
        u: &CTerm,
        v: &CTerm,
        b: &Binding,
        body: Vec<BodyElem>,
    ) -> Result<(), Diagnostic> {
        let (Some(from), Some(to)) = (self.eval(u, b)?, self.eval(v, b)?) else {
            return Ok(());
        };
        let lits = plain_literals(span, body, "#edge")?;
        self.program.edges.push(crate::program::Edge {
            from,
            to,
            body: lits,
        });
        Ok(())
    }

    /// A normal rule: its head atom is derived; with an empty body it is a fact.
    fn emit_atom(
        &mut self,
        span: &Span,
        a: &ir::Atom,
        b: &Binding,
        body: Vec<BodyElem>,
    ) -> Result<(), Diagnostic> {
        let Some((sym, args)) = self.atom_sym(a, b)? else {
            return Ok(());
        };
        let id = self.program.atom(sym);
        if self.program.is_fact(id) {
            return Ok(());
        }
        self.derive(a.pred, id, &args);
        if self.provisional {
            return Ok(());
        }
        if body.is_empty() {
            if self.is_frozen(id) {
                return Err(self.redefinition(span, id));
            }
            self.program.facts[id.0 as usize] = true;
            return Ok(());
        }
        self.push_rule(Rule {
            head: Head::Atom(id),
            body,
        });
        Ok(())
    }

    /// `a ; b : c :- body`: the element instances, shifted into normal rules. An element
    /// whose heads are all undefined or empty holds whenever its condition does: with an empty
    /// condition the rule instance is dropped, otherwise the condition's failure joins the
    /// body. An element with several heads (or a head over an interval) stands for the
    /// auxiliary atom of their conjunction.
    fn emit_disjunction(
        &mut self,
        elems: &[ir::DisjElem],
        plan: &RulePlan,
        b: &Binding,
        mut body: Vec<BodyElem>,
        span: &Span,
    ) -> Result<(), Diagnostic> {
        // gringo names an element by the values of the variables its heads mention: the
        // instances of a written element that agree on them (`r : p(Y)` for every Y) are one
        // element whose condition is the disjunction of theirs (`r : p(1) | p(2)`).
        let mut instances: Vec<MergedElement> = Vec::new();
        let mut derived = Vec::new();
        let mut trivial = Vec::new();
        for (k, e) in elems.iter().enumerate() {
            let mut naming = Vec::new();
            e.heads
                .iter()
                .for_each(|h| h.item.args.iter().for_each(|t| t.collect_vars(&mut naming)));
            self.conditions(&e.cond, plan, b, &mut |g, binding, cond| {
                let mut heads = Vec::new();
                for h in &e.heads {
                    g.conditions(&h.cond, plan, binding, &mut |g, binding, _| {
                        // An undefined head is left out of the conjunction (clingo).
                        if let Some((sym, args)) = g.atom_sym(&h.item, binding)? {
                            let id = g.program.atom(sym);
                            derived.push((h.item.pred, id, args));
                            heads.push(id);
                        }
                        Ok(())
                    })?;
                }
                heads.sort();
                heads.dedup();
                let atom = match heads[..] {
                    [] => {
                        trivial.push(cond);
                        return Ok(());
                    }
                    [atom] => atom,
                    _ => g.conjunction_atom(heads),
                };
                let name: Vec<Option<Sym>> = naming.iter().map(|&v| binding[v]).collect();
                match instances
                    .iter_mut()
                    .find(|m| m.elem == k && m.name == name && m.atom == atom)
                {
                    Some(m) if !m.conds.contains(&cond) => m.conds.push(cond),
                    Some(_) => {}
                    None => instances.push(MergedElement {
                        elem: k,
                        name,
                        atom,
                        conds: vec![cond],
                    }),
                }
                Ok(())
            })?;
        }
        let mut ground_elems: Vec<ChoiceElem> = Vec::new();
        for MergedElement {
            atom, mut conds, ..
        } in instances
        {
            let cond = if conds.iter().any(|c| c.is_empty()) {
                Vec::new()
            } else if conds.len() == 1 || self.provisional {
                // (a provisional round emits no rules, so no condition atom: any of the
                // conditions, none empty, tells the same below)
                conds.swap_remove(0)
            } else {
                vec![Lit::pos(self.condition_atom(conds))]
            };
            if !ground_elems
                .iter()
                .any(|x| x.atom == atom && x.cond == cond)
            {
                ground_elems.push(ChoiceElem { atom, cond });
            }
        }
        // An element that is a fact satisfies the rule instance: like clingo, drop it (its
        // other atoms are not derived by it).
        if ground_elems
            .iter()
            .any(|e| e.cond.is_empty() && self.program.is_fact(e.atom))
        {
            return Ok(());
        }
        for cond in trivial {
            if cond.is_empty() {
                return Ok(());
            }
            // not (cond): the instance "cond → false"
            let lit = self.false_lit();
            body.push(BodyElem::Conditional(vec![CondInstance { lit, cond }]));
        }
        for (pred, id, args) in derived {
            self.derive(pred, id, &args);
        }
        self.shift_disjunction(body, ground_elems, span);
        Ok(())
    }

    /// A choice rule or head aggregate: the element instances, and for a head aggregate with
    /// guards a constraint that the chosen elements meet them.
    fn emit_choice(
        &mut self,
        rule: &Planned,
        (func, tuples): (AggFunc, ir::TupleCheck),
        elems: &[ir::ChoiceElem],
        guards: &[(CmpOp, CTerm)],
        b: &Binding,
        body: Vec<BodyElem>,
    ) -> Result<(), Diagnostic> {
        let mut ground_guards = Vec::new();
        for (op, t) in guards {
            let Some(value) = self.eval(t, b)? else {
                return Ok(());
            };
            ground_guards.push(CountGuard { op: *op, value });
        }
        let mut ground_elems = Vec::new();
        let mut agg_elems = Vec::new();
        let mut derived = Vec::new();
        for e in elems {
            self.conditions(&e.cond, &rule.plan, b, &mut |g, binding, cond| {
                let Some((sym, args)) = g.atom_sym(&e.atom, binding)? else {
                    return Ok(());
                };
                let id = g.program.atom(sym);
                if let Some(terms) = &e.terms {
                    let mut values = Vec::with_capacity(terms.len());
                    for t in terms {
                        match g.eval(t, binding)? {
                            Some(v) => values.push(v),
                            None => return Ok(()),
                        }
                    }
                    // clingo drops an element without terms from everything but `#count`
                    // (unless the aggregate is only a choice, see `TupleCheck`).
                    let weight = match values.first() {
                        Some(&w) => w,
                        None if func == AggFunc::Count
                            || matches!(
                                tuples,
                                ir::TupleCheck::Single | ir::TupleCheck::Simple
                            ) =>
                        {
                            g.program.symbols.num(0)
                        }
                        None => return Ok(()),
                    };
                    // clingo drops a head `#sum` element whose weight is not an integer: its
                    // atom is not even chosen (unless the aggregate is a plain choice).
                    let sum = matches!(func, AggFunc::Sum | AggFunc::SumPlus)
                        && tuples != ir::TupleCheck::Simple;
                    match g.program.symbols.as_int(weight) {
                        None if sum => {
                            g.info(
                                &rule.rule.span,
                                "tuple ignored: the weight of a #sum element must be an integer",
                            );
                            return Ok(());
                        }
                        _ => {}
                    }
                    let tuple = g.program.symbols.tuple(values);
                    let mut agg_cond = cond.clone();
                    agg_cond.push(Lit::pos(id));
                    agg_elems.push(AggElem {
                        tuple,
                        weight,
                        cond: agg_cond,
                    });
                }
                derived.push((e.atom.pred, id, args));
                if e.terms.is_none() && !guards.is_empty() {
                    // A bounded choice counts its distinct atoms.
                    let mut count_cond = cond.clone();
                    count_cond.push(Lit::pos(id));
                    let one = g.program.symbols.num(1);
                    agg_elems.push(AggElem {
                        tuple: g.program.symbols.tuple(vec![sym]),
                        weight: one,
                        cond: count_cond,
                    });
                }
                ground_elems.push(ChoiceElem { atom: id, cond });
                Ok(())
            })?;
        }
        // A head aggregate (even one whose elements clingo removed before grounding).
        if tuples != ir::TupleCheck::Choice && !ground_guards.is_empty() {
            let aggregate = Aggregate {
                func,
                elems: agg_elems,
                guards: ground_guards,
            };
            if !self.head_aggregate_constraint(aggregate, &body, &rule.rule.span)? {
                // No choice meets the guards: the instance is the constraint alone and, as in
                // clingo, derives none of its atoms (which also ends grounding chains such as
                // `#count { 3 : p(3+X) } = X :- p(X).`). Conditions count as far as they are
                // known when the rule is instantiated: clingo's grounder decides the same way,
                // so `2 { p; r : p }.` (r's condition p comes from this very rule) has no
                // answer set.
                return Ok(());
            }
            ground_guards = Vec::new();
        } else if !ground_guards.is_empty() {
            let count = Aggregate {
                func: AggFunc::Count,
                elems: agg_elems,
                guards: ground_guards.clone(),
            };
            if aggregate::decided(&count, &self.program.symbols) == Some(false) {
                // As for head aggregates: no choice meets the bounds.
                self.push_rule(Rule {
                    head: Head::None,
                    body,
                });
                return Ok(());
            }
        }
        for (pred, id, args) in derived {
            self.derive(pred, id, &args);
        }
        self.push_rule(Rule {
            head: Head::Choice {
                elems: ground_elems,
                guards: ground_guards,
            },
            body,
        });
        Ok(())
    }

    /// A head aggregate is a choice of the element atoms plus this: a constraint that the
    /// aggregate over the chosen elements meets the guards when the body holds. Returns
    /// whether some choice can meet them.
    fn head_aggregate_constraint(
        &mut self,
        aggregate: Aggregate,
        body: &[BodyElem],
        span: &Span,
    ) -> Result<bool, Diagnostic> {
        let aggregate = self.filter_weights(aggregate, span);
        let negative = aggregate.func == AggFunc::SumPlus
            && aggregate
                .elems
                .iter()
                .any(|e| self.program.symbols.as_int(e.weight).is_some_and(|w| w < 0));
        let (decided, aggregate) = if negative {
            // An element is a fact when its atom is and it has no condition left.
            let sure: Vec<bool> = aggregate
                .elems
                .iter()
                .map(|e| matches!(e.cond[..], [l] if l.polarity == Polarity::Pos && self.program.is_fact(l.atom)))
                .collect();
            match aggregate::sum_plus_head(aggregate, &sure, &mut self.program.symbols) {
                SumPlusHead::Decided(holds) => (Some(holds), None),
                SumPlusHead::Constraint(sum) => (None, Some(sum)),
                SumPlusHead::Unsupported => {
                    return Err(Diagnostic::error(
                        span,
                        "a negative weight in a #sum+ head aggregate whose guards leave gaps of \
                         several values is not supported",
                    ));
                }
            }
        } else {
            (
                aggregate::decided(&aggregate, &self.program.symbols),
                Some(aggregate),
            )
        };
        let mut constraint = body.to_vec();
        match decided {
            Some(true) => {}
            Some(false) => {
                self.push_rule(Rule {
                    head: Head::None,
                    body: constraint,
                });
                return Ok(false);
            }
            None => {
                constraint.push(BodyElem::Aggregate {
                    polarity: Polarity::Not,
                    aggregate: Box::new(aggregate.expect("an undecided aggregate is kept")),
                });
                self.push_rule(Rule {
                    head: Head::None,
                    body: constraint,
                });
            }
        }
        Ok(true)
    }

    /// A disjunctive rule instance as normal rules (shifting): each element's atom is derived
    /// when the body holds and no other element does. Exact for head-cycle-free programs; the
    /// disjunction is recorded so that the translation can check that.
    ///
    /// A conditional element `a : c` is, as in clingo, an auxiliary atom `e` in the disjunction
    /// with `a :- c, e.`, `e :- a, c.` and `:- e, not c.`: chosen, the element requires its
    /// condition and derives its atom from it; it holds when both do. (Two elements of one atom
    /// then share a cycle through it, which makes the program not head-cycle-free, as in
    /// clingo.) Plain elements stand for themselves.
    fn shift_disjunction(&mut self, body: Vec<BodyElem>, elems: Vec<ChoiceElem>, span: &Span) {
        if self.provisional {
            return;
        }
        let members: Vec<AtomId> = elems
            .iter()
            .map(|e| match e.cond.is_empty() {
                true => e.atom,
                false => self.element_atom(e.atom, e.cond.clone()),
            })
            .collect();
        self.program.disjunctions.push(Disjunction {
            elems,
            members: members.clone(),
            body: body.clone(),
            span: span.clone(),
        });
        for &m in &members {
            let mut rule_body = body.clone();
            for &other in &members {
                if other != m {
                    rule_body.push(BodyElem::Lit(Lit::not(other)));
                }
            }
            self.push_shifted_rule(Rule {
                head: Head::Atom(m),
                body: rule_body,
            });
        }
        if members.is_empty() {
            self.push_shifted_rule(Rule {
                head: Head::None,
                body,
            });
        }
    }

    /// The auxiliary atom of the disjunction element `atom : cond`, with its rules.
    fn element_atom(&mut self, atom: AtomId, cond: Vec<Lit>) -> AtomId {
        let key = (atom, cond);
        if let Some(&e) = self.element_atoms.get(&key) {
            return e;
        }
        let (atom, cond) = key;
        let name = self.program.symbols.name("#element");
        let index = self.program.symbols.num(self.element_atoms.len() as i32);
        let sym = self.program.symbols.function(name, vec![index], false);
        let e = self.program.atom(sym);
        self.program.derivable[e.0 as usize] = true;
        self.element_atoms.insert((atom, cond.clone()), e);
        let lits = |extra: AtomId| -> Vec<BodyElem> {
            let mut body: Vec<BodyElem> = cond.iter().map(|l| BodyElem::Lit(*l)).collect();
            body.push(BodyElem::Lit(Lit::pos(extra)));
            body
        };
        self.push_shifted_rule(Rule {
            head: Head::Atom(atom),
            body: lits(e),
        });
        self.push_shifted_rule(Rule {
            head: Head::Atom(e),
            body: lits(atom),
        });
        let lit = self.false_lit();
        self.push_shifted_rule(Rule {
            head: Head::None,
            body: vec![
                BodyElem::Lit(Lit::pos(e)),
                BodyElem::Conditional(vec![CondInstance { lit, cond }]),
            ],
        });
        e
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
            if Some(i) == skip_guard {
                continue;
            }
            let Some(value) = self.eval(t, b)? else {
                return Ok(None);
            };
            guards.push(CountGuard { op: *op, value });
        }
        let mut elems = Vec::new();
        for e in &agg.elems {
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

    /// `p(t)` and `-p(t)` cannot both hold.
    pub fn classical_negation_constraints(&mut self) {
        for rel in 0..self.relations.len() {
            let sig = self.relations[rel].sig;
            if !sig.negative {
                continue;
            }
            for &neg in &self.relations[rel].atoms.clone() {
                let sym = self.program.atom_sym(neg);
                let Some(pos_sym) = self.program.symbols.complement(sym) else {
                    continue;
                };
                if let Some(pos) = self.program.lookup_atom(pos_sym)
                    && self.program.is_derivable(pos)
                {
                    // Through the duplicate filter: incremental grounding runs this every step.
                    self.push_rule(Rule {
                        head: Head::None,
                        body: vec![BodyElem::Lit(Lit::pos(pos)), BodyElem::Lit(Lit::pos(neg))],
                    });
                }
            }
        }
    }
}

/// The literals of a ground body that may hold only plain literals (`#show` terms, `#edge`), or
/// an error naming the directive.
fn plain_literals(
    span: &Span,
    body: Vec<BodyElem>,
    directive: &str,
) -> Result<Vec<Lit>, Diagnostic> {
    body.into_iter()
        .map(|e| match e {
            BodyElem::Lit(l) => Ok(l),
            BodyElem::Conditional(_) | BodyElem::Aggregate { .. } => Err(Diagnostic::error(
                span,
                format!(
                    "conditional literals and aggregates in {directive} bodies are not supported"
                ),
            )),
        })
        .collect()
}

/// The instances of one written disjunction element that gringo merges into one element (see
/// `emit_disjunction`): the same element, the same values of the variables its heads mention.
struct MergedElement {
    elem: usize,
    name: Vec<Option<Sym>>,
    atom: AtomId,
    /// The conditions of the instances (each a conjunction): the element's is their
    /// disjunction.
    conds: Vec<Vec<Lit>>,
}
