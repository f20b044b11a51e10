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
        let result = match (ctx, func) {
            (Ctx::Head, None) => {
                let elems = self.elements(Self::choice_elem)?;
                let right = self.close_aggregate()?;
                Elem::HeadAgg(Head::Choice {
                    elems,
                    left,
                    right,
                    span: self.span_from(start),
                })
            }
            (Ctx::Head, Some(func)) => {
                let elems = self.elements(Self::head_agg_elem)?;
                let right = self.close_aggregate()?;
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
                let elems = self.elements(Self::set_elem)?;
                let right = self.close_aggregate()?;
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
                let elems = self.elements(Self::body_agg_elem)?;
                let right = self.close_aggregate()?;
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

    /// `e1; ...; en` (possibly none) up to the closing `}`. `elem` parses one element and
    /// returns `None` for one the AST cannot express (it has marked the statement unsupported).
    fn elements<T>(
        &mut self,
        mut elem: impl FnMut(&mut Self) -> PResult<Option<T>>,
    ) -> PResult<Vec<T>> {
        let mut elems = Vec::new();
        if self.kind() != &Tok::RBrace {
            loop {
                elems.extend(elem(self)?);
                if self.kind() != &Tok::Semi {
                    break;
                }
                self.bump();
            }
        }
        Ok(elems)
    }

    /// The closing `}` and the optional right guard.
    fn close_aggregate(&mut self) -> PResult<Option<Guard>> {
        self.ctx_expect(Tok::RBrace, "} or ;")?;
        self.right_guard()
    }

    /// A choice element `atom [: l1, ..., ln]`, or a counted element `l [: l1, ..., ln]`
    /// ([`counted_element`]).
    fn choice_elem(&mut self) -> PResult<Option<ChoiceElem>> {
        let es = self.pos;
        let lit = self.plain_literal()?;
        let cond = self.opt_cond()?;
        let (atom, cond) = counted_element(lit, cond);
        Ok(Some(ChoiceElem {
            atom,
            cond,
            span: self.span_from(es),
        }))
    }

    /// A head aggregate element `[t1, ..., tn] : atom [: l1, ..., ln]`, or a counted element
    /// `[t1, ..., tn] : l [: l1, ..., ln]` ([`counted_element`]).
    fn head_agg_elem(&mut self) -> PResult<Option<HeadAggElem>> {
        let es = self.pos;
        let terms = if starts_term(self.kind()) {
            self.term_list()?
        } else {
            Vec::new()
        };
        self.expect(Tok::Colon, ":")?;
        let lit = self.plain_literal()?;
        let cond = self.opt_cond()?;
        let (atom, cond) = counted_element(lit, cond);
        Ok(Some(HeadAggElem {
            terms,
            atom,
            cond,
            span: self.span_from(es),
        }))
    }

    /// An element `l [: l1, ..., ln]` of the body shorthand: the atom's term as the tuple and
    /// `l, l1, ..., ln` as the condition.
    fn set_elem(&mut self) -> PResult<Option<AggElem>> {
        let es = self.pos;
        let lit = self.plain_literal()?;
        let cond = self.opt_cond()?;
        match &lit {
            Literal::Atom { atom, sign } => {
                let mut terms = vec![set_element_tuple(&atom.term, *sign)];
                if *sign == Sign::NotNot {
                    // `p(1)` and `not not p(1)` hold together but are two elements for gringo
                    // (`2 > { p(1); not not p(1) }` is false when p(1) holds): a second tuple term
                    // keeps them apart (`not p(1)` never holds beside either, so it needs none).
                    terms.push(Term::Str("not not".into()));
                }
                let mut c = vec![lit];
                c.extend(cond);
                Ok(Some(AggElem {
                    terms,
                    cond: c,
                    span: self.span_from(es),
                    tuple_is_atom: true,
                }))
            }
            _ => {
                self.mark_unsupported("set aggregate element that is not an atom");
                Ok(None)
            }
        }
    }

    /// A body aggregate element `[t1, ..., tn] [: l1, ..., ln]`.
    fn body_agg_elem(&mut self) -> PResult<Option<AggElem>> {
        let es = self.pos;
        let terms = if self.kind() == &Tok::Colon {
            Vec::new()
        } else {
            self.term_list()?
        };
        let cond = self.opt_cond()?;
        Ok(Some(AggElem {
            terms,
            cond,
            span: self.span_from(es),
            tuple_is_atom: false,
        }))
    }
}

/// The tuple of a set aggregate element `l : c` is its atom. An anonymous variable in a
/// negated literal is projected (`not p(X,_)`: no `p(X,Y)` for any `Y`) and binds nothing, so
/// in the tuple it stands for one value, whichever: the constant `_`, which no program can
/// write.
/// The atom and condition of a choice or head aggregate element whose literal is `lit`. An
/// atom is chosen; any other literal (`not a`, `not not a`, a comparison, `#true`, `#false`)
/// chooses nothing, but the element counts towards the bounds when the literal holds (gringo's
/// `#true : not a` element): it becomes the [`TRUE_ELEMENT`] head with the literal first in its
/// condition, where the grounder finds it to name the element's tuple. An anonymous variable
/// in it is no projected one as in a condition: clingo finds `{ not p(_) }.` unsafe.
fn counted_element(lit: Literal, mut cond: Vec<Literal>) -> (Atom, Vec<Literal>) {
    match lit {
        Literal::Atom {
            sign: Sign::Pos,
            atom,
        } => (atom, cond),
        mut lit => {
            let atom = Atom::true_element(lit.span());
            name_anonymous(&mut lit);
            cond.insert(0, lit);
            (atom, cond)
        }
    }
}

/// Turns each anonymous variable of `lit` into the variable `_`.
fn name_anonymous(lit: &mut Literal) {
    fn term(t: &mut Term) {
        match t {
            Term::Anonymous(span) => *t = Term::Var("_".into(), span.clone()),
            Term::Fun { args, .. } | Term::Pool(args, _) => args.iter_mut().for_each(term),
            Term::Unary(_, a, _) => term(a),
            Term::Binary(_, a, b, _) | Term::Interval(a, b, _) => {
                term(a);
                term(b);
            }
            _ => {}
        }
    }
    match lit {
        Literal::Atom { atom, .. } => term(&mut atom.term),
        Literal::Comparison { lhs, rhs, .. } => {
            term(lhs);
            term(rhs);
        }
        Literal::Chain { first, rest, .. } => {
            term(first);
            rest.iter_mut().for_each(|(_, t)| term(t));
        }
        Literal::Bool(..) => {}
    }
}

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
