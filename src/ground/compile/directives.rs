//! The statements other than rules, compiled to rules with special heads: weak constraints and
//! `#minimize`/`#maximize` elements, `#show` terms, `#external`, `#edge`, `#heuristic` and
//! `#project` directives, and `#const` values.

use super::*;

impl Compiler<'_> {
    /// An optimization element: `w@p, t1, ..., tn` under the condition `body`; `#maximize`
    /// negates the weight.
    pub fn cost(
        &mut self,
        elem: &OptElem,
        body: &[BodyLit],
        maximize: bool,
    ) -> Result<(), Diagnostic> {
        let bodies = unpool::bodies(body);
        let weight = if maximize {
            Term::Unary(
                UnOp::Minus,
                Box::new(elem.weight.clone()),
                elem.span.clone(),
            )
        } else {
            elem.weight.clone()
        };
        // (a pool in the priority gives one element per level, as in clingo: `W@(1;2)`)
        let priorities: Vec<Option<Term>> = match &elem.priority {
            Some(p) => expand_term(p).into_iter().map(Some).collect(),
            None => vec![None],
        };
        for weight in expand_term(&weight) {
            for priority in &priorities {
                for terms in product(&elem.terms, expand_term) {
                    for body in &bodies {
                        self.single_rule(
                            &RuleHead::Cost {
                                weight: weight.clone(),
                                priority: priority.clone(),
                                terms: terms.clone(),
                            },
                            body,
                            &elem.span,
                            &[],
                        )?;
                    }
                }
            }
        }
        Ok(())
    }

    /// `#show t : body.` as a rule whose "head" is the shown term.
    pub fn show_term(
        &mut self,
        term: &Term,
        body: &[BodyLit],
        span: &Span,
    ) -> Result<(), Diagnostic> {
        let bodies = unpool::bodies(body);
        for t in expand_term(term) {
            for body in &bodies {
                let head = RuleHead::Show(t.clone());
                if body.iter().all(|b| matches!(b, BodyLit::Lit(_))) {
                    self.single_rule(&head, body, span, &[])?;
                } else if !self.drops_directive(&[&t])? {
                    let holds = self.body_atom(&[&t], body, span)?;
                    self.single_rule(&head, &[holds], span, &[])?;
                }
            }
        }
        Ok(())
    }

    /// `#external atom : body. [value]` as a rule whose head is the external atom (one per
    /// alternative of the pools in the atom, the body and the value, the value's in the order
    /// written).
    pub fn external(&mut self, ext: &External) -> Result<(), Diagnostic> {
        let values = match &ext.value {
            None => vec![Term::Fun {
                name: "false".into(),
                args: Vec::new(),
                negative: false,
                span: ext.span.clone(),
            }],
            Some(t) => expand_term(t),
        };
        let bodies = unpool::bodies(&ext.body);
        for atom in unpool::expand_atom(&ext.atom) {
            for body in &bodies {
                for value in &values {
                    let head = RuleHead::External {
                        atom: atom.clone(),
                        value: value.clone(),
                    };
                    self.single_rule(&head, body, &ext.span, &[])?;
                }
            }
        }
        Ok(())
    }

    /// `#edge (u,v; ...) : body.`: one rule per pair.
    pub fn edge(
        &mut self,
        pairs: &[(Term, Term)],
        body: &[BodyLit],
        span: &Span,
    ) -> Result<(), Diagnostic> {
        let bodies = unpool::bodies(body);
        for (u, v) in pairs {
            for u in expand_term(u) {
                for v in expand_term(v) {
                    for body in &bodies {
                        let head = RuleHead::Edge(u.clone(), v.clone());
                        if body.iter().all(|b| matches!(b, BodyLit::Lit(_))) {
                            self.single_rule(&head, body, span, &[])?;
                        } else if !self.drops_directive(&[&u, &v])? {
                            let holds = self.body_atom(&[&u, &v], body, span)?;
                            self.single_rule(&head, &[holds], span, &[])?;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The condition of a shown term or an edge is a set of plain literals: a body with
    /// aggregates or conditional literals is given to an auxiliary rule `#bodyN(V...) :- body.`
    /// over the variables of the directive's `terms` and of the body's plain parts, and the
    /// directive holds when that atom does. The rule has the terms' variables in its head, so
    /// it is safe exactly when the directive is (clingo checks it as the rule `t :- body.`).
    fn body_atom(
        &mut self,
        terms: &[&Term],
        body: &[BodyLit],
        span: &Span,
    ) -> Result<BodyLit, Diagnostic> {
        let mut vars = Vec::new();
        for t in terms {
            collect_named_vars(t, &mut vars);
        }
        for b in body {
            match b {
                BodyLit::Lit(Literal::Atom { atom, .. }) => {
                    collect_named_vars(&atom.term, &mut vars)
                }
                BodyLit::Lit(l @ (Literal::Comparison { .. } | Literal::Chain { .. })) => l
                    .terms()
                    .into_iter()
                    .for_each(|t| collect_named_vars(t, &mut vars)),
                BodyLit::Aggregate { agg, .. } => {
                    for g in agg.left.iter().chain(agg.right.iter()) {
                        collect_named_vars(&g.term, &mut vars);
                    }
                }
                BodyLit::Lit(Literal::Bool(..)) | BodyLit::Conditional { .. } => {}
            }
        }
        self.projections += 1;
        let atom = Atom {
            term: Term::Fun {
                name: format!("#body{}", self.projections),
                args: vars.into_iter().map(|(n, s)| Term::Var(n, s)).collect(),
                negative: false,
                span: span.clone(),
            },
            span: span.clone(),
        };
        self.rule(&Rule {
            head: Head::Atom(atom.clone()),
            body: body.to_vec(),
            span: span.clone(),
            from_head: Vec::new(),
        })?;
        Ok(BodyLit::Lit(Literal::Atom {
            sign: Sign::Pos,
            atom,
        }))
    }

    /// `#heuristic atom : body. [terms]`: a rule whose instances are dropped, so that its
    /// variables get clingo's safety check (the atom is a positive body literal there).
    pub fn heuristic(
        &mut self,
        atom: &Atom,
        body: &[BodyLit],
        terms: &[Term],
        span: &Span,
    ) -> Result<(), Diagnostic> {
        // (one rule per alternative of the pools in the weight, priority and modifier, whose
        // terms are only checked for safety: `[(1;2)@(1;X), level]`)
        for terms in product(terms, expand_term) {
            self.rules_on_atom(atom, body, span, |_| RuleHead::Ignored(terms.clone()))?;
        }
        Ok(())
    }

    /// `#project atom : body.` As in clingo, the atom is also a positive body literal: it binds
    /// its variables, and only atoms the program can derive are projected (`#project q(1).`
    /// without a rule for `q(1)` projects on nothing).
    pub fn project_atom(
        &mut self,
        atom: &Atom,
        body: &[BodyLit],
        span: &Span,
    ) -> Result<(), Diagnostic> {
        self.rules_on_atom(atom, body, span, RuleHead::Project)
    }

    /// One rule per alternative of `atom` and of `body` (pools expanded), with the atom as a
    /// positive body literal in front (it binds its variables) and `head` of the alternative:
    /// what `#heuristic` and `#project` directives are compiled to.
    fn rules_on_atom(
        &mut self,
        atom: &Atom,
        body: &[BodyLit],
        span: &Span,
        head: impl Fn(Atom) -> RuleHead,
    ) -> Result<(), Diagnostic> {
        let bodies = unpool::bodies(body);
        for atom in unpool::expand_atom(atom) {
            let itself = BodyLit::Lit(Literal::Atom {
                sign: Sign::Pos,
                atom: atom.clone(),
            });
            let head = head(atom);
            for body in &bodies {
                let body: Vec<BodyLit> = std::iter::once(itself.clone())
                    .chain(body.iter().cloned())
                    .collect();
                self.single_rule(&head, &body, span, &[])?;
            }
        }
        Ok(())
    }

    /// A variable-free term evaluated now (for `#const` values); `None` if it has variables or
    /// no value.
    pub fn ground_term(&mut self, t: &Term) -> Result<Option<Sym>, Diagnostic> {
        let alts = expand_term(t);
        if alts.len() != 1 {
            return Ok(None);
        }
        let mut vars = Vars::new();
        let mut ranges = Vec::new();
        let c = self.term(&alts[0], &mut vars, &mut ranges)?;
        match c {
            CTerm::Sym(s) if ranges.is_empty() && vars.vars.is_empty() => Ok(Some(s)),
            _ => Ok(None),
        }
    }
}
