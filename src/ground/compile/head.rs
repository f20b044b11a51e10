//! Rule heads: what a statement derives ([`RuleHead`]) compiled to [`ir::Head`], with the
//! elements of choices, head aggregates and disjunctions and their conditions.

use super::*;

#[derive(Clone)]
pub(in crate::ground) enum RuleHead {
    Ast(Head),
    Show(Term),
    /// The value as written (`false` when it is not).
    External {
        atom: Atom,
        value: Term,
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
                value: self.term(value, vars, ranges)?,
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
                // With bounds, a counted element (`not a`, a comparison) makes the choice
                // gringo's head `#count` over tuples: an atom's own, `(1,a)` for `not a`,
                // `(2,a)` for `not not a`, and for a comparison or `#true` one per element and
                // values of the literal's variables (clingo 5.8.3's `--text`).
                let aggregate = (left.is_some() || right.is_some())
                    && elems.iter().any(|e| e.atom.is_true_element());
                let mut celems = Vec::new();
                for (i, e) in elems.iter().enumerate() {
                    let tuple = aggregate.then_some(i);
                    celems.push(self.head_elem(&e.atom, None, &e.cond, vars, tuple)?);
                }
                let guards = self.guards(left, right, vars, ranges)?;
                ir::Head::Choice {
                    func: AggFunc::Count,
                    elems: celems,
                    guards,
                    tuples: if aggregate {
                        ir::TupleCheck::Full
                    } else {
                        ir::TupleCheck::Choice
                    },
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
                    celems.push(self.head_elem(&e.atom, Some(&e.terms), &e.cond, vars, None)?);
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
                                domain_only: Vec::new(),
                            },
                        });
                    }
                    let lits = self.condition(&e.cond, vars)?;
                    let mut elem = ir::DisjElem {
                        heads,
                        cond: Condition {
                            id: vars.condition(),
                            lits,
                            domain_only: Vec::new(),
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
                    projection::restrict(&mut elem, &void, None, &mut cx).map_err(|what| {
                        Diagnostic::error(&e.span, format!("{what} is not supported"))
                    })?;
                    celems.push(elem);
                }
                ir::Head::Disjunction(celems)
            }
        })
    }

    /// An element `terms : atom : cond` of a choice or head aggregate (with `terms`);
    /// intervals in the atom or terms become range literals of the condition. A counted
    /// element (the [`TRUE_ELEMENT`](crate::syntax::ast::TRUE_ELEMENT) head, its literal first
    /// in `cond`) chooses nothing. `choice_tuple`: the element's place in a bounded choice
    /// counted by tuples (see [`Self::choice_tuple`]).
    fn head_elem(
        &mut self,
        atom: &Atom,
        terms: Option<&[Term]>,
        cond: &[Literal],
        vars: &mut Vars,
        choice_tuple: Option<usize>,
    ) -> Result<ir::ChoiceElem, Diagnostic> {
        let counted = atom.is_true_element();
        let mut local = Vec::new();
        let atom = self.atom(atom, vars, &mut local)?;
        let mut terms = match terms {
            None => None,
            Some(terms) => {
                let mut cterms = Vec::new();
                for t in terms {
                    cterms.push(self.term(t, vars, &mut local)?);
                }
                Some(cterms)
            }
        };
        let (own, rest) = cond.split_at(usize::from(counted).min(cond.len()));
        let mut lits = self.condition(own, vars)?;
        if let Some(index) = choice_tuple {
            terms = Some(self.choice_tuple(counted.then_some(&lits[..]), &atom, index));
        }
        lits.extend(self.condition(rest, vars)?);
        lits.extend(local);
        Ok(ir::ChoiceElem {
            atom,
            terms,
            counted,
            cond: Condition {
                id: vars.condition(),
                lits,
                domain_only: Vec::new(),
            },
        })
    }

    /// The tuple of a bounded choice's element when the choice is counted by tuples: the
    /// atom; for a counted element (`counted`: its literal compiled) `(1,a)` for `not a`,
    /// `(2,a)` for `not not a`, else `(3,index,V1,...,Vn)` with the literal's variables.
    fn choice_tuple(
        &mut self,
        counted: Option<&[Lit]>,
        atom: &ir::Atom,
        index: usize,
    ) -> Vec<CTerm> {
        let atom_term = |preds: &ir::PredTable, a: &ir::Atom| {
            let sig = preds.sigs[a.pred];
            CTerm::Fun {
                name: sig.name,
                args: a.args.clone(),
                negative: sig.negative,
            }
        };
        let Some(own) = counted else {
            return vec![atom_term(self.preds, atom)];
        };
        let negated = own.iter().find_map(|l| match l {
            Lit::Atom { sign, atom, .. } => Some((*sign, atom)),
            _ => None,
        });
        match negated {
            Some((sign, a)) => {
                let kind = if sign == Sign::Not { 1 } else { 2 };
                vec![CTerm::Sym(self.syms.num(kind)), atom_term(self.preds, a)]
            }
            None => {
                let index = crate::symbol::Int::try_from(index).unwrap_or(crate::symbol::Int::MAX);
                let mut tuple = vec![
                    CTerm::Sym(self.syms.num(3)),
                    CTerm::Sym(self.syms.num(index)),
                ];
                let mut seen = Vec::new();
                for v in own.iter().flat_map(Lit::vars) {
                    if !seen.contains(&v) {
                        seen.push(v);
                        tuple.push(CTerm::Var(v));
                    }
                }
                tuple
            }
        }
    }
}
