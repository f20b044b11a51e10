//! Aggregates and choices with their guards and elements.

use super::*;

impl Parser<'_> {
    /// An aggregate or choice from its function/brace on; `start` is where its left guard began.
    pub(super) fn aggregate(
        &mut self,
        ctx: Ctx,
        sign: Sign,
        left: Option<Guard>,
        start: usize,
    ) -> PResult<Elem> {
        let func = agg_func(self.kind());
        if func.is_some() {
            self.bump();
            self.expect(Tok::LBrace, "{")?;
        } else {
            self.bump(); // `{`
        }
        let elem_sep = |p: &mut Self| -> bool {
            if p.kind() == &Tok::Semi {
                p.bump();
                true
            } else {
                false
            }
        };
        let result = match (ctx, func) {
            (Ctx::Head, None) => {
                let mut elems = Vec::new();
                if self.kind() != &Tok::RBrace {
                    loop {
                        let es = self.pos;
                        let lit = self.plain_literal()?;
                        let cond = self.opt_cond()?;
                        match lit {
                            Literal::Atom {
                                sign: Sign::Pos,
                                atom,
                            } => elems.push(ChoiceElem {
                                atom,
                                cond,
                                span: self.span_from(es),
                            }),
                            _ => self.mark_unsupported("choice element that is not an atom"),
                        }
                        if !elem_sep(self) {
                            break;
                        }
                    }
                }
                self.ctx_expect(Tok::RBrace, "} or ;")?;
                let right = self.right_guard()?;
                Elem::HeadAgg(Head::Choice {
                    elems,
                    left,
                    right,
                    span: self.span_from(start),
                })
            }
            (Ctx::Head, Some(func)) => {
                let mut elems = Vec::new();
                if self.kind() != &Tok::RBrace {
                    loop {
                        let es = self.pos;
                        let terms = if starts_term(self.kind()) {
                            self.term_list()?
                        } else {
                            Vec::new()
                        };
                        self.expect(Tok::Colon, ":")?;
                        let lit = self.plain_literal()?;
                        let cond = self.opt_cond()?;
                        match lit {
                            Literal::Atom {
                                sign: Sign::Pos,
                                atom,
                            } => elems.push(HeadAggElem {
                                terms,
                                atom,
                                cond,
                                span: self.span_from(es),
                            }),
                            _ => {
                                self.mark_unsupported("head aggregate element that is not an atom")
                            }
                        }
                        if !elem_sep(self) {
                            break;
                        }
                    }
                }
                self.ctx_expect(Tok::RBrace, "} or ;")?;
                let right = self.right_guard()?;
                Elem::HeadAgg(Head::Aggregate {
                    func,
                    elems,
                    left,
                    right,
                    span: self.span_from(start),
                })
            }
            (_, None) => {
                // body shorthand `L { l1 : c1 ; l2 } U`: a count over the literals
                let mut elems = Vec::new();
                if self.kind() != &Tok::RBrace {
                    loop {
                        let es = self.pos;
                        let lit = self.plain_literal()?;
                        let cond = self.opt_cond()?;
                        match &lit {
                            Literal::Atom { atom, sign } => {
                                let term = set_element_tuple(&atom.term, *sign);
                                let mut c = vec![lit];
                                c.extend(cond);
                                elems.push(AggElem {
                                    terms: vec![term],
                                    cond: c,
                                    span: self.span_from(es),
                                });
                            }
                            _ => self.mark_unsupported("set aggregate element that is not an atom"),
                        }
                        if !elem_sep(self) {
                            break;
                        }
                    }
                }
                self.ctx_expect(Tok::RBrace, "} or ;")?;
                let right = self.right_guard()?;
                Elem::BodyAgg(
                    sign,
                    Aggregate {
                        func: AggFunc::Count,
                        elems,
                        left,
                        right,
                        span: self.span_from(start),
                    },
                )
            }
            (_, Some(func)) => {
                let mut elems = Vec::new();
                if self.kind() != &Tok::RBrace {
                    loop {
                        let es = self.pos;
                        let terms = if self.kind() == &Tok::Colon {
                            Vec::new()
                        } else {
                            self.term_list()?
                        };
                        let cond = self.opt_cond()?;
                        elems.push(AggElem {
                            terms,
                            cond,
                            span: self.span_from(es),
                        });
                        if !elem_sep(self) {
                            break;
                        }
                    }
                }
                self.ctx_expect(Tok::RBrace, "} or ;")?;
                let right = self.right_guard()?;
                Elem::BodyAgg(
                    sign,
                    Aggregate {
                        func,
                        elems,
                        left,
                        right,
                        span: self.span_from(start),
                    },
                )
            }
        };
        Ok(result)
    }
}

/// The tuple of a set aggregate element `l : c` is its atom. An anonymous variable in a
/// negated literal is projected (`not p(X,_)`: no `p(X,Y)` for any `Y`) and binds nothing, so
/// in the tuple it stands for one value, whichever: the constant `_`, which no program can
/// write.
fn set_element_tuple(term: &Term, sign: Sign) -> Term {
    fn fill(t: &mut Term) {
        match t {
            Term::Anonymous(span) => {
                *t = Term::Fun {
                    name: "_".into(),
                    args: Vec::new(),
                    negative: false,
                    span: span.clone(),
                }
            }
            Term::Fun { args, .. } => args.iter_mut().for_each(fill),
            Term::Pool(alts, _) => alts.iter_mut().for_each(fill),
            Term::Unary(_, a, _) => fill(a),
            Term::Binary(_, a, b, _) | Term::Interval(a, b, _) => {
                fill(a);
                fill(b);
            }
            _ => {}
        }
    }
    let mut term = term.clone();
    if sign != Sign::Pos {
        fill(&mut term);
    }
    term
}
