//! Heads, bodies, literals and conditions.

use super::*;

impl Parser<'_> {
    // ----- heads and bodies ---------------------------------------------------------------

    /// A rule head, and the body literals its negated elements become: clingo reads
    /// `H ; not a : c :- B.` as `H :- B, not not a : c.` and `not not a` in a head as `not a`
    /// in the body (the element `c ∧ not a` holds in the head exactly when its negation fails
    /// in the body; both only look at the model, never at what the rule derives).
    pub(super) fn head(&mut self) -> PResult<(Head, Vec<BodyLit>)> {
        let mut es = self.pos;
        let mut cur = match self.element(Ctx::Head)? {
            Elem::HeadAgg(h) => return Ok((h, Vec::new())),
            Elem::BodyAgg(..) => unreachable!("no body aggregates in heads"),
            Elem::Lit(l) => l,
        };
        // (literal, condition, written with a condition, span)
        let mut elems: Vec<(Literal, Vec<Literal>, bool, Span)> = Vec::new();
        loop {
            let mut cond = Vec::new();
            let has_cond = self.kind() == &Tok::Colon;
            if has_cond {
                self.bump();
                cond = self.cond_list()?;
            }
            let span = self.span_from(es);
            let empty_cond = has_cond && cond.is_empty();
            elems.push((cur, cond, has_cond, span));
            if empty_cond && self.kind() == &Tok::Comma {
                // `a : , b` (after an empty condition only `;` separates)
                return Err(self.unexpected(". or :-"));
            }
            if !matches!(self.kind(), Tok::Semi | Tok::Bar | Tok::Comma) {
                break;
            }
            self.bump();
            es = self.pos;
            cur = match self.element(Ctx::Plain)? {
                Elem::Lit(l) => l,
                Elem::BodyAgg(..) | Elem::HeadAgg(_) => unreachable!("plain context"),
            };
        }
        if elems.len() == 1 && !elems[0].2 {
            match &elems[0].0 {
                Literal::Bool(false, _) => return Ok((Head::None, Vec::new())),
                // `#true :- body.` holds trivially, like an empty choice
                Literal::Bool(true, span) => {
                    let head = Head::Choice {
                        elems: Vec::new(),
                        left: None,
                        right: None,
                        span: span.clone(),
                    };
                    return Ok((head, Vec::new()));
                }
                _ => {}
            }
        }
        let mut out = Vec::new();
        let mut single = false;
        let mut negated = Vec::new();
        for (lit, cond, has_cond, span) in elems {
            match lit {
                Literal::Atom {
                    sign: Sign::Pos,
                    atom,
                } => {
                    single = !has_cond;
                    out.push(DisjElem { atom, cond, span })
                }
                Literal::Atom { sign, atom } => {
                    let sign = if sign == Sign::Not {
                        Sign::NotNot
                    } else {
                        Sign::Not
                    };
                    let lit = Literal::Atom { sign, atom };
                    negated.push(moved_element(lit, cond, span, has_cond));
                }
                // With a condition, the element's failure for every instance of the condition,
                // a conditional body literal projected as a negated head is (gringo keeps the
                // first instance's comparison where the condition is given by facts: `a ; X >
                // 1 : d(X).` with d(1..3) derives `a`; see `projection::restrict_negated`)
                Literal::Comparison {
                    op,
                    lhs,
                    rhs,
                    span: cmp_span,
                } if has_cond => negated.push(BodyLit::Conditional {
                    lit: Literal::Comparison {
                        op: op.negate(),
                        lhs,
                        rhs,
                        span: cmp_span,
                    },
                    cond,
                    span,
                    negated_head: true,
                }),
                // An element that holds when its comparison does (`#true` always, `#false`
                // never): the rule is then satisfied, so clingo's reading is the body with the
                // element's failure (`a ; X < 2 :- d(X).` is `a :- d(X), X >= 2.`; an
                // undefined comparison drops the rule instance in both places; `#true : c`
                // fails for every instance of `c` exactly when `#false : c` holds).
                // With a pool, gringo's element is the conjunction of the alternatives, which
                // makes the disjunction one with a completion (an element that holds satisfies
                // the instance, which may still add its heads to gringo's domain, see
                // `ground::satisfied_heads`: `q(X) ; 1 <= (X;X) :- d(X), #sum+{V : q(V)} < 3.`
                // has q(1) in clingo 5.8.3's domain, differential seed 5063 #241): moved into
                // the body as an element with an empty condition, whose literal's pool is the
                // disjunction of the negated alternatives.
                Literal::Comparison {
                    op,
                    lhs,
                    rhs,
                    span: cmp_span,
                } => {
                    let pooled = lhs.has_pool() || rhs.has_pool();
                    let lit = Literal::Comparison {
                        op: op.negate(),
                        lhs,
                        rhs,
                        span: cmp_span,
                    };
                    negated.push(moved_element(lit, cond, span, pooled));
                }
                // gringo grounds `#true : c` as an element (which matters where its rounds miss
                // instances, clingo issue #495): kept as one without heads
                Literal::Bool(true, bool_span) if has_cond => out.push(DisjElem {
                    atom: Atom::true_element(&bool_span),
                    cond,
                    span,
                }),
                Literal::Bool(true, bool_span) => {
                    negated.push(BodyLit::Lit(Literal::Bool(false, bool_span)))
                }
                // `#false : c` adds nothing to the head, but gringo checks its condition's
                // safety and keeps the rule a disjunction (its head no fact: `p ; #false : d(5)
                // :- d(1).` keeps a priority level over `not p`): kept as the body literal
                // `#true : c`, which always holds
                Literal::Bool(false, bool_span) if has_cond => negated.push(BodyLit::Conditional {
                    lit: Literal::Bool(true, bool_span),
                    cond,
                    span,
                    negated_head: true,
                }),
                Literal::Bool(false, _) => {}
                // Without a condition, as a comparison: the chain's failure joins the body (its
                // pools and intervals are a conjunction in the head, as gringo reads them, and
                // the failure of one alternative of the negated chain in the body). An undefined
                // term drops the rule instance in the head but makes a negated chain hold in the
                // body (`a ; 1 < X/0 < 3 :- d(X).` never derives a): `t = t` beside the chain
                // for each term with arithmetic drops it there too (not with pools or
                // intervals, whose alternatives gringo may drop one by one).
                Literal::Chain {
                    negated: not,
                    first,
                    rest,
                    span: chain_span,
                } if !has_cond && {
                    let terms = || std::iter::once(&first).chain(rest.iter().map(|(_, t)| t));
                    !terms().any(has_arithmetic) || !terms().any(Term::has_pool_or_interval)
                } =>
                {
                    let arithmetic: Vec<Term> = std::iter::once(&first)
                        .chain(rest.iter().map(|(_, t)| t))
                        .filter(|t| has_arithmetic(t))
                        .cloned()
                        .collect();
                    for t in arithmetic {
                        negated.push(BodyLit::Lit(Literal::Comparison {
                            op: CmpOp::Eq,
                            lhs: t.clone(),
                            rhs: t,
                            span: chain_span.clone(),
                        }));
                    }
                    // (with a pool, as a comparison with one)
                    let pooled = first.has_pool() || rest.iter().any(|(_, t)| t.has_pool());
                    let lit = Literal::Chain {
                        negated: !not,
                        first,
                        rest,
                        span: chain_span,
                    };
                    negated.push(moved_element(lit, cond, span, pooled));
                }
                // With a condition, as a comparison with one: the negated chain for every
                // instance of the condition, projected as a negated head.
                Literal::Chain {
                    negated: not,
                    first,
                    rest,
                    span: chain_span,
                } if has_cond => negated.push(BodyLit::Conditional {
                    lit: Literal::Chain {
                        negated: !not,
                        first,
                        rest,
                        span: chain_span,
                    },
                    cond,
                    span,
                    negated_head: true,
                }),
                Literal::Chain { .. } => self.mark_unsupported(
                    "comparison chain with arithmetic beside a pool or an interval in a rule \
                     head without a condition",
                ),
            }
        }
        if self.unsupported.is_some() {
            return Ok((Head::None, Vec::new()));
        }
        // A conditional element moved into the body (also `#false : c`) leaves the rule a
        // disjunction for gringo: its head is no fact even when the condition has no instances
        // (`r ; not p : d(5) :- d(1).` keeps a priority level over `not r` in clingo 5.8.3).
        let conditional_moved = negated
            .iter()
            .any(|b| matches!(b, BodyLit::Conditional { .. }));
        let head = match out.len() {
            0 => Head::None,
            1 if single && !conditional_moved => Head::Atom(out.pop().expect("one element").atom),
            _ => Head::Disjunction(out),
        };
        Ok((head, negated))
    }

    /// A rule body after `:-` up to and including the final `.`.
    pub(super) fn body_dot(&mut self, allow_empty: bool) -> PResult<Vec<BodyLit>> {
        let mut body = Vec::new();
        if allow_empty && self.kind() == &Tok::Dot {
            self.bump();
            return Ok(body);
        }
        loop {
            let expecting = self.body_elem(&mut body)?;
            match self.kind() {
                Tok::Comma | Tok::Semi => self.bump(),
                Tok::Dot => {
                    self.bump();
                    return Ok(body);
                }
                _ => return Err(self.ctx_unexpected(expecting)),
            }
        }
    }

    /// One body element (pushing one or more body literals); returns what clingo would say it
    /// expects after it.
    pub(super) fn body_elem(&mut self, out: &mut Vec<BodyLit>) -> PResult<&'static str> {
        let es = self.pos;
        let lit = match self.element(Ctx::Body)? {
            Elem::BodyAgg(sign, agg) => {
                out.push(BodyLit::Aggregate { sign, agg });
                return Ok("\",\" or . or ;");
            }
            Elem::HeadAgg(_) => unreachable!("no head aggregates in bodies"),
            Elem::Lit(lit) => lit,
        };
        if self.kind() != &Tok::Colon {
            out.push(BodyLit::Lit(lit));
            return Ok(": or \",\" or . or ;");
        }
        self.bump();
        let cond = self.cond_list()?;
        out.push(BodyLit::Conditional {
            lit,
            cond,
            span: self.span_from(es),
            negated_head: false,
        });
        if self.kind() == &Tok::Comma {
            // `a : , b` (a condition extends up to the next `;` or `.`)
            return Err(self.unexpected(". or ;"));
        }
        Ok(". or ;")
    }

    /// A (possibly empty) `,`-separated list of plain literals after a `:`.
    pub(super) fn cond_list(&mut self) -> PResult<Vec<Literal>> {
        let mut out = Vec::new();
        if !starts_literal(self.kind()) {
            return Ok(out);
        }
        loop {
            match self.element(Ctx::Plain)? {
                Elem::Lit(l) => out.push(l),
                Elem::BodyAgg(..) | Elem::HeadAgg(_) => unreachable!("plain context"),
            }
            if self.kind() == &Tok::Comma {
                self.bump();
            } else {
                return Ok(out);
            }
        }
    }

    /// A literal, or in bodies/heads an aggregate with its guards.
    pub(super) fn element(&mut self, ctx: Ctx) -> PResult<Elem> {
        let start = self.pos;
        let mut nots = 0;
        while self.kind() == &Tok::Not {
            if nots == 2 {
                return Err(self.unexpected(""));
            }
            nots += 1;
            self.bump();
        }
        let allow_agg = ctx == Ctx::Body || (ctx == Ctx::Head && nots == 0);
        match self.kind() {
            Tok::True | Tok::False => {
                let v = (self.kind() == &Tok::True) != (nots == 1);
                self.bump();
                return Ok(Elem::Lit(Literal::Bool(v, self.span_from(start))));
            }
            Tok::Amp if allow_agg => {
                // theory atom: skip to the end of the statement
                let span = self.tok_span(self.pos);
                self.bump();
                self.identifier()?;
                self.mark_unsupported("theory atom");
                self.skip_to_dot(true)?;
                return Ok(Elem::Lit(Literal::Bool(true, span)));
            }
            k if allow_agg && starts_agg(k) => {
                let s = self.pos;
                return self.aggregate(ctx, sign_of(nots), None, s);
            }
            _ => {}
        }
        let tstart = self.pos;
        let lhs = self.term()?;
        if let Some(op) = cmp_op(self.kind()) {
            self.bump();
            if allow_agg && starts_agg(self.kind()) {
                return self.aggregate(ctx, sign_of(nots), Some(Guard { op, term: lhs }), tstart);
            }
            let mut rest = vec![(op, self.term()?)];
            while let Some(op) = cmp_op(self.kind()) {
                self.bump();
                rest.push((op, self.term()?));
            }
            let span = self.span_from(start);
            if rest.len() > 1 {
                // `not not` in front of a chain is dropped, as clingo does
                return Ok(Elem::Lit(Literal::Chain {
                    negated: nots == 1,
                    first: lhs,
                    rest,
                    span,
                }));
            }
            let (op, rhs) = rest.pop().expect("one comparison");
            let op = if nots == 1 { op.negate() } else { op };
            return Ok(Elem::Lit(Literal::Comparison { op, lhs, rhs, span }));
        }
        if allow_agg && starts_agg(self.kind()) {
            let g = Guard {
                op: CmpOp::Le,
                term: lhs,
            };
            return self.aggregate(ctx, sign_of(nots), Some(g), tstart);
        }
        // an atom: `[-]name[(args)]` as written (clingo rejects e.g. `(p)` or `-(p)`)
        let first_ok = match self.toks[tstart].kind {
            Tok::Ident => true,
            Tok::Minus => self.toks.get(tstart + 1).map(|t| &t.kind) == Some(&Tok::Ident),
            _ => false,
        };
        let shape_ok = match &lhs {
            Term::Fun { .. } => is_named_fun(&lhs),
            Term::Pool(alts, _) => alts.iter().all(is_named_fun),
            _ => false,
        };
        if !(first_ok && shape_ok) {
            return Err(self.unexpected(""));
        }
        self.atom_end = self.pos;
        Ok(Elem::Lit(Literal::Atom {
            sign: sign_of(nots),
            atom: Atom {
                term: lhs,
                span: self.span_from(tstart),
            },
        }))
    }

    /// A single plain literal (the literal of a choice or aggregate element).
    pub(super) fn plain_literal(&mut self) -> PResult<Literal> {
        match self.element(Ctx::Plain)? {
            Elem::Lit(l) => Ok(l),
            Elem::BodyAgg(..) | Elem::HeadAgg(_) => unreachable!("plain context"),
        }
    }

    /// `[: l1, ..., ln]`
    pub(super) fn opt_cond(&mut self) -> PResult<Vec<Literal>> {
        if self.kind() == &Tok::Colon {
            self.bump();
            self.cond_list()
        } else {
            Ok(Vec::new())
        }
    }

    /// `op term`, or a bare term meaning `<= term`, after an aggregate's closing brace.
    pub(super) fn right_guard(&mut self) -> PResult<Option<Guard>> {
        if let Some(op) = cmp_op(self.kind()) {
            self.bump();
            return Ok(Some(Guard {
                op,
                term: self.term()?,
            }));
        }
        if starts_term(self.kind()) {
            return Ok(Some(Guard {
                op: CmpOp::Le,
                term: self.term()?,
            }));
        }
        Ok(None)
    }

    /// `t1, ..., tn` (at least one term).
    pub(super) fn term_list(&mut self) -> PResult<Vec<Term>> {
        let mut out = vec![self.term()?];
        while self.kind() == &Tok::Comma {
            self.bump();
            out.push(self.term()?);
        }
        Ok(out)
    }
}

/// Whether a term has arithmetic (which may be undefined), in an interval's bounds too.
fn has_arithmetic(t: &Term) -> bool {
    match t {
        Term::Unary(..) | Term::Binary(..) => true,
        Term::Fun { args, .. } | Term::Pool(args, _) => args.iter().any(has_arithmetic),
        Term::Interval(a, b, _) => has_arithmetic(a) || has_arithmetic(b),
        _ => false,
    }
}

/// A head element's failure `lit`, moved into the body: as a conditional literal projected as
/// a negated head (`as_element`: where the element has a condition, or is a comparison with a
/// pool, which gringo reads as the conjunction of its alternatives, making the disjunction one
/// with a completion; the literal's pool is then the disjunction of the negated alternatives),
/// or as a plain literal.
fn moved_element(lit: Literal, cond: Vec<Literal>, span: Span, as_element: bool) -> BodyLit {
    if as_element {
        BodyLit::Conditional {
            lit,
            cond,
            span,
            negated_head: true,
        }
    } else {
        BodyLit::Lit(lit)
    }
}
