//! Ground heads of rule instances, one function per head kind: atoms, disjunctions (gringo's
//! merging of element instances included), choices and head aggregates.

use super::*;
use crate::ground::satisfied_heads::SatisfiedHeads;

impl Grounder {
    /// A normal rule: its head atom is derived; with an empty body it is a fact.
    pub(super) fn emit_atom(
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
            let i = id.0 as usize;
            if self.fact_in_stage.len() <= i {
                self.fact_in_stage.resize(i + 1, 0);
            }
            self.fact_in_stage[i] = self.stages_begun;
            return Ok(());
        }
        self.push_rule(Rule {
            head: Head::Atom(id),
            body,
        });
        Ok(())
    }

    /// `a ; b ; c :- body` with one head and no condition per element, which gringo grounds
    /// as a plain rule: one per combination of the values of the intervals in its heads (`r ;
    /// p(1..2)` is `r ; p(1). r ; p(2).`), whose heads are derived in the order written up to
    /// the first that is a fact or undefined, where that rule is dropped (the heads before it
    /// stay derived: see [`super::super::satisfied_heads`]).
    /// Where an element with a condition was moved into the body (`head_element_moved`, see
    /// [`Disjunction::through_auxiliary`]), gringo grounds the rule through its completion all
    /// the same, so an instance a fact satisfies adds heads to the domain as
    /// `rule.satisfied_heads` says, not those before the fact (`r ; p(1) ; 1 > 2 : d(1) :- s.`
    /// with the fact p(1) adds no r in clingo 5.8.3).
    pub(super) fn emit_plain_disjunction(
        &mut self,
        rule: &Planned,
        elems: &[ir::DisjElem],
        b: &Binding,
        (body, in_rule): (Vec<BodyElem>, Vec<Lit>),
    ) -> Result<(), Diagnostic> {
        let (plan, span) = (&rule.plan, &rule.rule.span);
        let moved = rule.rule.head_element_moved;
        type Instance = Option<(ir::PredId, AtomId, Vec<Sym>)>;
        // Per element, the instances of its head over its intervals (`None`: undefined).
        let mut per_elem: Vec<Vec<Instance>> = Vec::with_capacity(elems.len());
        for e in elems {
            let [h] = &e.heads[..] else {
                // (no head: its undefined heads were removed with the rule's instances)
                return Ok(());
            };
            let mut instances = Vec::new();
            self.conditions(&h.cond, plan, b, &mut |g, binding, _| {
                let instance = g
                    .atom_sym(&h.item, binding)?
                    .map(|(sym, args)| (h.item.pred, g.program.atom(sym), args));
                instances.push(instance);
                Ok(())
            })?;
            if instances.is_empty() {
                return Ok(());
            }
            per_elem.push(instances);
        }
        let mut pick = vec![0; per_elem.len()];
        loop {
            let mut heads = Vec::new();
            let mut dropped = false;
            for (instances, &i) in per_elem.iter().zip(&pick) {
                match &instances[i] {
                    Some((pred, id, args)) if !self.program.is_fact(*id) => {
                        heads.push((*pred, *id, args))
                    }
                    _ => {
                        dropped = true;
                        break;
                    }
                }
            }
            if dropped && moved {
                let every = per_elem
                    .iter()
                    .zip(&pick)
                    .filter_map(|(i, &k)| i[k].clone());
                self.satisfied_disjunction(rule.satisfied_heads, every.collect(), span)?;
                heads.clear();
            }
            for &(pred, id, args) in &heads {
                match dropped {
                    true => self.derive_without_rule(pred, id, args),
                    false => self.derive(pred, id, args),
                }
            }
            if !dropped {
                let mut ground_elems: Vec<ChoiceElem> = Vec::new();
                for (_, atom, _) in heads {
                    if !ground_elems.iter().any(|e| e.atom == atom) {
                        ground_elems.push(ChoiceElem {
                            atom,
                            cond: Vec::new(),
                        });
                    }
                }
                let body = (body.clone(), in_rule.clone());
                self.shift_disjunction(body, ground_elems, span, (false, moved));
            }
            // The next combination, the last element's values changing fastest.
            let mut k = pick.len();
            loop {
                if k == 0 {
                    return Ok(());
                }
                k -= 1;
                pick[k] += 1;
                if pick[k] < per_elem[k].len() {
                    break;
                }
                pick[k] = 0;
            }
        }
    }

    /// `a ; b : c :- body`: the element instances, shifted into normal rules. An element
    /// whose heads are all undefined or empty holds whenever its condition does: with an empty
    /// condition the rule instance is dropped, otherwise the condition's failure joins the
    /// body. An element with several heads (or a head over an interval) stands for the
    /// auxiliary atom of their conjunction. An instance an element satisfies adds its heads
    /// to the domain as `rule.satisfied_heads` says; so does one that an element moved into
    /// the body satisfies (`moved_satisfied`, see [`GroundBody::SatisfiedHead`]).
    pub(super) fn emit_disjunction(
        &mut self,
        rule: &Planned,
        elems: &[ir::DisjElem],
        b: &Binding,
        (mut body, mut in_rule): (Vec<BodyElem>, Vec<Lit>),
        moved_satisfied: bool,
    ) -> Result<(), Diagnostic> {
        let (plan, span) = (&rule.plan, &rule.rule.span);
        // gringo names an element by the values of the variables its heads mention: the
        // instances of a written element that agree on them (`r : p(Y)` for every Y) are one
        // element whose condition is the disjunction of theirs (`r : p(1) | p(2)`).
        let mut instances: Vec<MergedElement> = Vec::new();
        let mut derived = Vec::new();
        let mut trivial = Vec::new();
        let mut dropped = false;
        for (k, e) in elems.iter().enumerate() {
            // (a variable in an interval's bound names it too, though the interval itself is
            // a fresh variable of the head's own condition: `p(1..W) : p(W)` has the elements
            // `p(1)&p(2)` for W = 2 and `p(1)` for W = 1, kept apart also where the fact p(2)
            // makes them one atom)
            let mut naming = Vec::new();
            for h in &e.heads {
                h.item.args.iter().for_each(|t| t.collect_vars(&mut naming));
                h.cond.lits.iter().for_each(|l| naming.extend(l.vars()));
            }
            // (the heads' own conditions hold only the ranges of intervals)
            self.conditions(&e.cond, plan, b, &mut |g, binding, cond| {
                g.note_maybe_decided_condition(&e.cond, &cond, span);
                let mut heads = Vec::new();
                let mut empty_range = false;
                for h in &e.heads {
                    let mut instances = 0;
                    g.conditions(&h.cond, plan, binding, &mut |g, binding, _| {
                        instances += 1;
                        // An undefined head is left out of the conjunction (clingo).
                        if let Some((sym, args)) = g.atom_sym(&h.item, binding)? {
                            let id = g.program.atom(sym);
                            derived.push((h.item.pred, id, args));
                            heads.push(id);
                        }
                        Ok(())
                    })?;
                    empty_range |= instances == 0;
                }
                // (gringo keeps every head instance that is no fact, `p(1)&p(1)` too: such a
                // conjunction gets an auxiliary atom even when its heads are one atom, whose
                // rules end an #external status: `p(1;1) : p(1) ; q.` has {q} where `p(1) :
                // p(1) ; q.` keeps the external p(1))
                let conjunction = heads.iter().filter(|&&h| !g.program.is_fact(h)).count() > 1;
                heads.sort();
                heads.dedup();
                // A conjunction holds with its facts left out; one of facts only is a fact,
                // which satisfies the instance (gringo's `headFact`: `p(1). p(2). p(1;2) ; r.`
                // does not add `r` to the domain).
                if heads.iter().any(|&h| !g.program.is_fact(h)) {
                    heads.retain(|&h| !g.program.is_fact(h));
                } else {
                    heads.truncate(1);
                }
                let atom = match heads[..] {
                    [atom] if conjunction => ElementAtom::Conjunction(vec![atom]),
                    // An element without a condition whose interval is empty (`p(X..2)`
                    // with X = 3) drops the whole instance in clingo 5.8.3, and adds none of
                    // its heads to the domain (one with undefined heads satisfies it).
                    [] if empty_range && e.cond.lits.is_empty() => {
                        dropped = true;
                        return Ok(());
                    }
                    [] => {
                        trivial.push(cond);
                        return Ok(());
                    }
                    [atom] => ElementAtom::Atom(atom),
                    _ => ElementAtom::Conjunction(heads),
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
        if dropped {
            return Ok(());
        }
        // An element that is a fact satisfies the rule instance: like clingo, drop it, and
        // before the auxiliary atoms of its conjunctions are made (their rules would end an
        // #external status of their heads: `s(|1;1|, X/0) ; p(X;1) :- d(X).` keeps the
        // external p(1) in clingo 5.8.3; differential seed 4001 #333).
        // The facts among the elements (without a condition), which satisfy the instance.
        let fact_elements: Vec<AtomId> = (instances.iter())
            .filter_map(|m| match m.atom {
                ElementAtom::Atom(a)
                    if self.program.is_fact(a) && m.conds.iter().any(|c| c.is_empty()) =>
                {
                    Some(a)
                }
                _ => None,
            })
            .collect();
        let trivially = trivial.iter().any(|c| c.is_empty());
        if moved_satisfied || trivially || !fact_elements.is_empty() {
            // Satisfied only by facts derived while grounding: gringo may have accumulated
            // the elements first and then writes the rules of those with a condition, which
            // define their heads (`p(Z) : p(Y), d(Z) ; r :- d(Y).` beside `r :- d(X).`,
            // `#external p(X) : d(X). [true]` and `#external p(Y) : not r, d(Y).` has p(2)
            // and p(3) false in clingo 5.8.3; differential seed 4774 #388).
            let derived_while_grounding =
                |a: &AtomId| (self.fact_in_stage.get(a.0 as usize)).is_some_and(|&stage| stage > 0);
            if !moved_satisfied
                && !trivially
                && !self.provisional
                && fact_elements.iter().all(derived_while_grounding)
                && super::super::gringo_rounds::conditional_disjunction(&rule.rule)
            {
                for m in &instances {
                    if let ElementAtom::Atom(h) = m.atom
                        && m.conds
                            .iter()
                            .all(|c| !c.is_empty() && !c.contains(&Lit::pos(h)))
                    {
                        self.satisfied_element_heads.push((h, span.clone()));
                    }
                }
            }
            return self.satisfied_disjunction(rule.satisfied_heads, derived, span);
        }
        let mut ground_elems: Vec<ChoiceElem> = Vec::new();
        for MergedElement {
            atom, mut conds, ..
        } in instances
        {
            let atom = match atom {
                ElementAtom::Atom(atom) => atom,
                ElementAtom::Conjunction(heads) => self.conjunction_atom(heads),
            };
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
        for cond in trivial {
            // `a ; #true : c.` is `a :- not c.` to clasp
            match failure_as_literal(&cond) {
                Some(l) => {
                    body.push(BodyElem::Lit(l));
                    in_rule.push(l);
                }
                // not (cond): the instance "cond → false"
                None => {
                    let lit = self.false_lit();
                    body.push(BodyElem::Conditional(vec![CondInstance { lit, cond }]));
                }
            }
        }
        for (pred, id, args) in derived {
            self.derive(pred, id, &args);
        }
        self.shift_disjunction((body, in_rule), ground_elems, span, (true, true));
        Ok(())
    }

    /// A disjunction instance an element satisfies: no rule, but gringo may still add its
    /// heads to its domain (see [`super::super::satisfied_heads`]).
    fn satisfied_disjunction(
        &mut self,
        satisfied_heads: SatisfiedHeads,
        derived: Vec<(ir::PredId, AtomId, Vec<Sym>)>,
        span: &Span,
    ) -> Result<(), Diagnostic> {
        match satisfied_heads {
            SatisfiedHeads::Plain | SatisfiedHeads::Nothing => Ok(()),
            SatisfiedHeads::Every => {
                for (pred, id, args) in derived {
                    self.derive_without_rule(pred, id, &args);
                }
                Ok(())
            }
            SatisfiedHeads::Unknown => {
                // (atoms no rule derives are false whether in the domain or not)
                if !self.domain_shows
                    || (derived.iter()).all(|(_, id, _)| self.program.is_derivable(*id))
                {
                    return Ok(());
                }
                Err(Diagnostic::error(
                    span,
                    "a disjunction with conditions that one of its elements satisfies, on a \
                     cycle of positive dependencies through atoms with arithmetic or through \
                     both its body and an element's condition, is not supported (whether \
                     clingo's grounder adds its other heads to its domain is not known)",
                ))
            }
        }
    }

    /// Adds an atom to the domain that no rule of this instance defines (gringo's domain has
    /// it all the same, and so does the objective's).
    fn derive_without_rule(&mut self, pred: ir::PredId, id: AtomId, args: &[Sym]) {
        self.derive(pred, id, args);
        if !self.provisional && !self.program.is_fact(id) {
            self.program.domain_without_rules.insert(id);
        }
    }

    /// A choice rule or head aggregate: the element instances, and for a head aggregate with
    /// guards a constraint that the chosen elements meet them.
    pub(super) fn emit_choice(
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
                g.note_maybe_decided_condition(&e.cond, &cond, &rule.rule.span);
                // (a counted element chooses nothing: it only counts, with its condition)
                let chosen = if e.counted {
                    None
                } else {
                    let Some((sym, args)) = g.atom_sym(&e.atom, binding)? else {
                        return Ok(());
                    };
                    Some((sym, args, g.program.atom(sym)))
                };
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
                    // (an element of a fact is sure: gringo's `1:#true` in `p. #min{1 : r;
                    // 1 : p} != 1.`, decided false before `r` is chosen: seed 113 #821)
                    if let Some((_, _, id)) = chosen
                        && !g.program.is_fact(id)
                    {
                        agg_cond.push(Lit::pos(id));
                    }
                    agg_elems.push(AggElem {
                        tuple,
                        weight,
                        cond: agg_cond,
                    });
                }
                let Some((sym, args, id)) = chosen else {
                    return Ok(());
                };
                derived.push((e.atom.pred, id, args));
                if e.terms.is_none() && !guards.is_empty() {
                    // A bounded choice counts its distinct atoms.
                    let mut count_cond = cond.clone();
                    if !g.program.is_fact(id) {
                        count_cond.push(Lit::pos(id));
                    }
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
            if aggregate::decided_in_head(&count, &self.program.symbols) == Some(false) {
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
        let simple = super::super::gringo_rounds::simple_choice(&rule.rule);
        if simple && elems.len() == 1 && ground_elems.iter().any(|e| !e.cond.is_empty()) {
            // A lone element's condition is in the body for gringo: one rule per instance,
            // from which clasp takes out an atom negated in it (`{p(1) : q(Z)} :- not p(1).`
            // keeps the external p(1); differential seed 4316 #582) or drops the element of
            // an atom in its positive body
            for e in ground_elems {
                let mut body = body.clone();
                body.extend(e.cond.iter().map(|&l| BodyElem::Lit(l)));
                let own = BodyElem::Lit(Lit::pos(e.atom));
                if !body.contains(&own) {
                    let elems = vec![ChoiceElem {
                        atom: e.atom,
                        cond: Vec::new(),
                    }];
                    let guards = Vec::new();
                    self.push_rule(Rule {
                        head: Head::Choice { elems, guards },
                        body,
                    });
                }
            }
            return Ok(());
        }
        if simple {
            // gringo writes a simple choice as it is, and clasp drops the element of an atom
            // in its own positive body (it supports nothing): so an #external atom stays
            // external (`#external r. [free] {r} :- r.` has {} and {r}: differential seed 64
            // #223), as it does under a bounded choice, which gringo writes otherwise
            ground_elems.retain(|e| {
                !body.iter().any(|b| {
                    matches!(b, BodyElem::Lit(l) if l.atom == e.atom && l.polarity == Polarity::Pos)
                })
            });
            if ground_elems.is_empty() {
                return Ok(());
            }
        }
        let ground = Rule {
            head: Head::Choice {
                elems: ground_elems,
                guards: ground_guards,
            },
            body,
        };
        if !simple && !self.provisional {
            self.program.aggregate_choices.insert(ground.clone());
        }
        self.push_rule(ground);
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
            // An element is a fact when its atom is and it has no condition left (the atom of
            // a fact is left out of the element's condition).
            let sure: Vec<bool> = aggregate
                .elems
                .iter()
                .map(|e| match e.cond[..] {
                    [] => true,
                    [l] => l.polarity == Polarity::Pos && self.program.is_fact(l.atom),
                    _ => false,
                })
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
                aggregate::decided_in_head(&aggregate, &self.program.symbols),
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
                let mut aggregate = aggregate.expect("an undecided aggregate is kept");
                self.wrap_strict_bounds(&mut aggregate, span)?;
                constraint.push(BodyElem::Aggregate {
                    polarity: Polarity::Not,
                    aggregate: Box::new(aggregate),
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
    /// `written_last`: gringo writes the disjunction after the step's other statements (one
    /// with conditions or conjunctions, which it grounds as `#delayed`).
    fn shift_disjunction(
        &mut self,
        (body, in_rule): (Vec<BodyElem>, Vec<Lit>),
        elems: Vec<ChoiceElem>,
        span: &Span,
        (written_last, through_auxiliary): (bool, bool),
    ) {
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
        let disjunction = Disjunction {
            elems,
            members,
            body,
            span: span.clone(),
            written_last,
            through_auxiliary: written_last || through_auxiliary,
            in_rule,
        };
        for rule in disjunction.shifted_rules() {
            self.push_shifted_rule(rule);
        }
        self.program.disjunctions.push(disjunction);
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
        // An atom whose condition is itself alone (`q(1) : q(1)`) gets a rule that supports
        // nothing, `q(1) :- q(1), e`, which clasp drops as it reads gringo's output: so an
        // #external atom stays external (`#external q(1). [free]  q(W) : q(W).` has {q(1)}
        // in clingo 5.8.3). A longer condition is an auxiliary atom of its own in gringo's
        // rule (`q : q, t` ends the status).
        // A contradictory condition (`q(1) : q(1), not q(1)`) is behind that auxiliary atom
        // too, where clasp does not see the contradiction: the rule is kept and ends the
        // status (differential seed 3105 #474).
        // So is one with the negation of the atom among other literals (`p(1) : q(3), not
        // p(1)`): clasp does not see `not p(1)` in the rule, which ends the status of an
        // #external p(1) (differential seed 4336 #519).
        if cond != [Lit::pos(atom)] {
            let contradictory = cond
                .iter()
                .any(|l| l.polarity == Polarity::Pos && cond.contains(&Lit::not(l.atom)));
            let hides_own_negation = cond.len() > 1 && cond.contains(&Lit::not(atom));
            let body = if contradictory || hides_own_negation {
                let c = self.condition_atom(vec![cond.clone()]);
                vec![BodyElem::Lit(Lit::pos(c)), BodyElem::Lit(Lit::pos(e))]
            } else {
                lits(e)
            };
            self.push_shifted_rule(Rule {
                head: Head::Atom(atom),
                body,
            });
        }
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
}

/// What a disjunction element instance stands for: one atom, or the conjunction of its heads
/// (an auxiliary atom, made only once the instance is known not to be satisfied).
#[derive(Clone, PartialEq, Eq)]
enum ElementAtom {
    Atom(AtomId),
    Conjunction(Vec<AtomId>),
}

/// The instances of one written disjunction element that gringo merges into one element (see
/// `emit_disjunction`): the same element, the same values of the variables its heads mention.
struct MergedElement {
    elem: usize,
    name: Vec<Option<Sym>>,
    atom: ElementAtom,
    /// The conditions of the instances (each a conjunction): the element's is their
    /// disjunction.
    conds: Vec<Vec<Lit>>,
}
