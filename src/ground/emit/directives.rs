//! Instances of the statements other than rules: weak constraint and `#minimize` elements,
//! `#show` terms, `#external` and `#edge` directives; and the constraints of classical negation.

use super::*;
use crate::ground::plan::ExternalOrder;
use crate::symbol::SymData;

impl Grounder {
    /// An optimization element `weight@priority, terms` under the ground body.
    pub(super) fn emit_cost(
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
    pub(super) fn emit_show_term(
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
    /// `[release]` leaves it false. Of several declarations of one atom, clasp reads them in
    /// gringo's output order, which is gringo's order of statements (`order`, see
    /// `schedule::clingo_order`): the last one decides, but a release is for good
    /// (`#external p. [true] #external p. [false]` leaves `p` true in clingo 5.8.3: gringo
    /// grounds the last statement first). Where that order is not known (a declaration
    /// grounded in rounds, or in an earlier grounding call), different values are refused.
    pub(super) fn emit_external(
        &mut self,
        span: &Span,
        a: &ir::Atom,
        value: &CTerm,
        order: Option<ExternalOrder>,
        b: &Binding,
    ) -> Result<(), Diagnostic> {
        use crate::program::ExternalValue;
        let Some((sym, args)) = self.atom_sym(a, b)? else {
            return Ok(());
        };
        // gringo declares nothing for an instance whose value is undefined or no constant
        // `true`, `false`, `free` or `release` (its sign aside: `-free` is `free`), and does
        // not add the atom to its domain (libgringo `ExternalStatement::report`).
        let Some(value) = self.eval(value, b)? else {
            return Ok(());
        };
        let value = match self.program.symbols.get(value) {
            SymData::Fun { name, args, .. } if args.is_empty() => {
                match self.program.symbols.name_str(*name) {
                    "true" => ExternalValue::True,
                    "false" => ExternalValue::False,
                    "free" => ExternalValue::Free,
                    "release" => ExternalValue::Release,
                    _ => return Ok(()),
                }
            }
            _ => return Ok(()),
        };
        let id = self.program.atom(sym);
        if !self.provisional
            && let Some(first) = self.program.external_value(id)
        {
            let previous = self.external_orders.get(&id).copied();
            if first != value {
                let (Some(Some(previous)), Some(order)) = (previous, order) else {
                    return Err(Diagnostic::error(
                        span,
                        format!(
                            "#external {} is declared again with another value where the order \
                             in which clingo reads the declarations is not known: not supported",
                            self.program.symbols.to_string(sym)
                        ),
                    ));
                };
                let later = |walk: usize| order[walk] > previous[walk];
                let released = first == ExternalValue::Release || value == ExternalValue::Release;
                if !released && (0..order.len()).any(|walk| later(walk) != later(0)) {
                    return Err(Diagnostic::error(
                        span,
                        format!(
                            "#external {} is declared again with another value, and which \
                             declaration clingo reads last depends on an order of its grounder's \
                             statements aspsat does not know: not supported",
                            self.program.symbols.to_string(sym)
                        ),
                    ));
                }
                let decided = if released {
                    ExternalValue::Release
                } else if later(0) {
                    value
                } else {
                    first
                };
                self.program.set_external_value(id, decided);
            }
            if let Some(previous) = previous {
                let latest = previous
                    .zip(order)
                    .map(|(p, o)| std::array::from_fn(|walk| p[walk].max(o[walk])));
                self.external_orders.insert(id, latest);
            }
        }
        // A released external is still grounded (clingo grounds it, then releases it when
        // solving starts: false, yet it is in the domain, `#external p : q. [true]  #external
        // q : #count{1:p} < 1. [release]` declares p, and its optimization elements keep their
        // levels); in provisional rounds too (differential seed 3203 #286).
        if self.provisional || self.program.is_fact(id) || self.program.is_external(id) {
            if self.provisional {
                self.derive(a.pred, id, &args);
            }
            return Ok(());
        }
        self.derive(a.pred, id, &args);
        if self.program.add_external(id, value) {
            self.external_orders.insert(id, order);
        }
        Ok(())
    }

    /// An `#edge` instance: present when its body (plain literals only) holds.
    pub(super) fn emit_edge(
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
