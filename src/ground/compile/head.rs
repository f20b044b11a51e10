//! Rule heads: what a statement derives ([`RuleHead`]) compiled to [`ir::Head`], with the
//! elements of choices, head aggregates and disjunctions and their conditions.

use super::*;

#[derive(Clone)]
pub(in crate::ground) enum RuleHead {
    Ast(Head),
    Show(Term),
    External {
        atom: Atom,
        value: crate::program::ExternalValue,
    },
    Edge(Term, Term),
    Project(Atom),
    /// Terms that must be safe in a rule whose instances are dropped (`#heuristic`).
    Ignored(Vec<Term>),
    /// An optimization element `weight@priority, terms` (weight already negated for
    /// `#maximize`).
    Cost {
        weight: Term,
        priority: Option<Term>,
        terms: Vec<Term>,
    },
}

impl Compiler<'_> {
    pub(super) fn head(
        &mut self,
        head: &RuleHead,
        vars: &mut Vars,
        ranges: &mut Ranges,
        globals: &[VarId],
        span: &Span,
    ) -> Result<ir::Head, Diagnostic> {
        Ok(match head {
            RuleHead::Show(t) => ir::Head::ShowTerm(self.term(t, vars, ranges)?),
            RuleHead::External { atom, value } => ir::Head::External {
                atom: self.atom(atom, vars, ranges)?,
                value: *value,
            },
            RuleHead::Edge(u, v) => {
                ir::Head::Edge(self.term(u, vars, ranges)?, self.term(v, vars, ranges)?)
            }
            RuleHead::Project(atom) => ir::Head::Project(self.atom(atom, vars, ranges)?),
            RuleHead::Ignored(terms) => {
                let mut cterms = Vec::new();
                for t in terms {
                    cterms.push(self.term(t, vars, ranges)?);
                }
                ir::Head::Ignored(cterms)
            }
            RuleHead::Cost {
                weight,
                priority,
                terms,
            } => {
                let weight = self.term(weight, vars, ranges)?;
                let priority = match priority {
                    Some(p) => Some(self.term(p, vars, ranges)?),
                    None => None,
                };
                let mut cterms = Vec::new();
                for t in terms {
                    cterms.push(self.term(t, vars, ranges)?);
                }
                ir::Head::Cost {
                    weight,
                    priority,
                    terms: cterms,
                }
            }
            RuleHead::Ast(Head::None) => ir::Head::None,
            RuleHead::Ast(Head::Atom(a)) => ir::Head::Atom(self.atom(a, vars, ranges)?),
            RuleHead::Ast(Head::Choice {
                elems, left, right, ..
            }) => {
                let mut celems = Vec::new();
                for e in elems {
                    celems.push(self.head_elem(&e.atom, None, &e.cond, vars)?);
                }
                let guards = self.guards(left, right, vars, ranges)?;
                ir::Head::Choice {
                    func: AggFunc::Count,
                    elems: celems,
                    guards,
                    tuples: ir::TupleCheck::Choice,
                }
            }
            RuleHead::Ast(Head::Aggregate {
                func,
                elems,
                left,
                right,
                ..
            }) => {
                let mut celems = Vec::new();
                // (Elements with undefined terms are gone: clingo removes them before it looks
                // at the aggregate's shape.)
                for e in elems {
                    celems.push(self.head_elem(&e.atom, Some(&e.terms), &e.cond, vars)?);
                }
                let guards = self.guards(left, right, vars, ranges)?;
                let tuples = if !guards.is_empty() {
                    ir::TupleCheck::Full
                } else if celems.len() == 1 {
                    ir::TupleCheck::Single
                } else if celems.iter().all(|e| e.cond.lits.is_empty()) {
                    ir::TupleCheck::Simple
                } else {
                    ir::TupleCheck::Full
                };
                ir::Head::Choice {
                    func: *func,
                    elems: celems,
                    guards,
                    tuples,
                }
            }
            RuleHead::Ast(Head::Disjunction(elems)) => {
                let mut celems = Vec::new();
                for e in unpool::disjunction_elems(elems) {
                    let mut heads = Vec::new();
                    for atom in &e.heads {
                        if atom.is_true_element() {
                            continue;
                        }
                        let mut local = Vec::new();
                        let item = self.atom(atom, vars, &mut local)?;
                        heads.push(ir::Local {
                            item,
                            cond: Condition {
                                id: vars.condition(),
                                lits: local,
                            },
                        });
                    }
                    let lits = self.condition(&e.cond, vars)?;
                    let mut elem = ir::DisjElem {
                        heads,
                        cond: Condition {
                            id: vars.condition(),
                            lits,
                        },
                    };
                    let mut void = Vec::new();
                    for atom in &e.heads {
                        if !atom.is_true_element() {
                            void.push(self.statically_undefined(&atom.term)?);
                        }
                    }
                    let mut cx = projection::Context {
                        definitions: self.definitions.as_ref(),
                        preds: self.preds,
                        syms: self.syms,
                        globals,
                        num_vars: vars.vars.len(),
                        statement: span,
                    };
                    projection::restrict(&mut elem, &void, false, &mut cx).map_err(|what| {
                        Diagnostic::error(&e.span, format!("{what} is not supported"))
                    })?;
                    celems.push(elem);
                }
                ir::Head::Disjunction(celems)
            }
        })
    }

    /// An element `terms : atom : cond` of a choice or head aggregate (with `terms`);
    /// intervals in the atom or terms become range literals of the condition.
    fn head_elem(
        &mut self,
        atom: &Atom,
        terms: Option<&[Term]>,
        cond: &[Literal],
        vars: &mut Vars,
    ) -> Result<ir::ChoiceElem, Diagnostic> {
        let mut local = Vec::new();
        let atom = self.atom(atom, vars, &mut local)?;
        let terms = match terms {
            None => None,
            Some(terms) => {
                let mut cterms = Vec::new();
                for t in terms {
                    cterms.push(self.term(t, vars, &mut local)?);
                }
                Some(cterms)
            }
        };
        let mut lits = self.condition(cond, vars)?;
        lits.extend(local);
        Ok(ir::ChoiceElem {
            atom,
            terms,
            cond: Condition {
                id: vars.condition(),
                lits,
            },
        })
    }
}
