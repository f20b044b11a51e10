//! Terms: operators by precedence, functions, tuples, pools, absolute values.

use super::*;

impl Parser<'_> {
    // ----- terms --------------------------------------------------------------------------

    pub(super) fn term(&mut self) -> PResult<Term> {
        Ok(self.binary(0)?.0)
    }

    /// Precedence climbing; returns the term and the depth of its tree.
    pub(super) fn binary(&mut self, min_prec: u8) -> PResult<(Term, u32)> {
        self.enter()?;
        let start = self.pos;
        let (mut lhs, mut depth) = self.unary()?;
        while let Some((prec, right, op)) = bin_op(self.kind()) {
            if prec < min_prec || (op.is_none() && self.const_mode) {
                break;
            }
            self.bump();
            let (rhs, rd) = self.binary(if right { prec } else { prec + 1 })?;
            depth = depth.max(rd) + 1;
            if depth > MAX_TERM_DEPTH {
                return Err(Diagnostic::error(
                    &self.span_from(start),
                    "nesting too deep",
                ));
            }
            let span = self.span_from(start);
            lhs = match op {
                Some(op) => Term::Binary(op, Box::new(lhs), Box::new(rhs), span),
                None => Term::Interval(Box::new(lhs), Box::new(rhs), span),
            };
        }
        self.leave();
        Ok((lhs, depth))
    }

    /// Prefix operators are collected iteratively (no recursion for `- - - ... x`) and applied
    /// innermost first.
    pub(super) fn unary(&mut self) -> PResult<(Term, u32)> {
        let mut ops: Vec<(UnOp, usize)> = Vec::new();
        loop {
            let op = match self.kind() {
                Tok::Minus => UnOp::Minus,
                Tok::Tilde => UnOp::BitNot,
                _ => break,
            };
            ops.push((op, self.pos));
            self.bump();
        }
        let (mut t, mut d) = match (ops.last(), self.kind()) {
            // a minus directly on an integer literal is part of the literal
            (Some((UnOp::Minus, _)), Tok::Int(v)) => {
                let t = Self::int_value(*v, true);
                self.bump();
                ops.pop();
                (t, 1)
            }
            _ => self.primary()?,
        };
        while let Some((op, start)) = ops.pop() {
            let span = self.span_from(start);
            (t, d) = apply_unary(op, t, d, span);
            if d > MAX_TERM_DEPTH {
                return Err(Diagnostic::error(
                    &self.span_from(start),
                    "nesting too deep",
                ));
            }
        }
        Ok((t, d))
    }

    pub(super) fn primary(&mut self) -> PResult<(Term, u32)> {
        let start = self.pos;
        let t = match self.kind().clone() {
            Tok::Int(v) => {
                let t = Self::int_value(v, false);
                self.bump();
                return Ok((t, 1));
            }
            Tok::Str(s) => Term::Str(s),
            Tok::Inf => Term::Inf,
            Tok::Sup => Term::Sup,
            Tok::Var | Tok::Anon if self.const_mode => return Err(self.unexpected("")),
            Tok::Var => Term::Var(self.text(start).to_string(), self.tok_span(start)),
            Tok::Anon => Term::Anonymous(self.tok_span(start)),
            Tok::Ident => return self.function(start, false),
            Tok::At => {
                self.bump();
                if self.kind() != &Tok::Ident {
                    return Err(self.unexpected("<IDENTIFIER> or default or override"));
                }
                let name = self.text(self.pos).to_string();
                self.mark_unsupported(format!("external function call @{name}"));
                return self.function(self.pos, true);
            }
            Tok::LParen => return self.parenthesized(start),
            Tok::Bar => return self.absolute(start),
            _ => return Err(self.unexpected("")),
        };
        self.bump();
        Ok((t, 1))
    }

    /// `( ... )`: a parenthesized term, a tuple, or a pool of those.
    pub(super) fn parenthesized(&mut self, start: usize) -> PResult<(Term, u32)> {
        self.bump();
        let mut alts = Vec::new();
        let mut depth = 0;
        let mut expecting = ")";
        loop {
            let astart = self.pos;
            let (terms, trailing, d) = self.tuple_alt()?;
            depth = depth.max(d);
            if self.const_mode {
                // clingo's constant terms: `()`, `(,)`, `(t,...)`, `(t,...,)`
                expecting = match (terms.is_empty(), trailing) {
                    (true, true) => ")",
                    (false, false) => "\",\" or )",
                    _ => "",
                };
            }
            alts.push((terms, trailing, astart));
            if self.kind() == &Tok::Semi && !self.const_mode {
                self.bump();
            } else {
                break;
            }
        }
        self.expect(Tok::RParen, expecting)?;
        let span = self.span_from(start);
        let out: Vec<Term> = alts
            .into_iter()
            .map(|(mut terms, trailing, _)| {
                if terms.len() == 1 && !trailing {
                    terms.pop().expect("one term")
                } else {
                    Term::Fun {
                        name: String::new(),
                        args: terms,
                        negative: false,
                        span: span.clone(),
                    }
                }
            })
            .collect();
        Ok((pool_or_single(out, span), depth + 1))
    }

    /// `|t|` (or `|t1;t2|`)
    pub(super) fn absolute(&mut self, start: usize) -> PResult<(Term, u32)> {
        self.bump();
        let (first, mut depth) = self.binary(0)?;
        let mut alts = vec![first];
        while self.kind() == &Tok::Semi && !self.const_mode {
            self.bump();
            let (t, d) = self.binary(0)?;
            depth = depth.max(d);
            alts.push(t);
        }
        self.expect(Tok::Bar, if self.const_mode { "" } else { "; or |" })?;
        let span = self.span_from(start);
        let inner = pool_or_single(alts, span.clone());
        Ok((Term::Unary(UnOp::Abs, Box::new(inner), span), depth + 2))
    }

    /// `name` or `name(args;args...)` with the identifier at `name_tok` (the current token);
    /// `start` of the span is `name_tok`, or the `@` before it for external calls.
    pub(super) fn function(&mut self, name_tok: usize, external: bool) -> PResult<(Term, u32)> {
        let start = if external { name_tok - 1 } else { name_tok };
        let name = self.text(name_tok).to_string();
        self.bump();
        if self.kind() != &Tok::LParen {
            return Ok((
                Term::Fun {
                    name,
                    args: Vec::new(),
                    negative: false,
                    span: self.span_from(start),
                },
                1,
            ));
        }
        self.bump();
        let mut alts = Vec::new();
        let mut depth = 0;
        loop {
            let mut args = Vec::new();
            if self.const_mode && matches!(self.kind(), Tok::Var | Tok::Anon) {
                return Err(self.unexpected(")"));
            }
            if starts_term(self.kind()) {
                loop {
                    let (t, d) = self.binary(0)?;
                    depth = depth.max(d);
                    args.push(t);
                    if self.kind() == &Tok::Comma {
                        self.bump();
                    } else {
                        break;
                    }
                }
            }
            // (A fact's arguments live as long as the program: no room to spare.)
            args.shrink_to_fit();
            alts.push(args);
            if self.kind() == &Tok::Semi && !self.const_mode {
                self.bump();
            } else {
                break;
            }
        }
        self.expect(Tok::RParen, self.close_expecting())?;
        let span = self.span_from(start);
        let funs: Vec<Term> = alts
            .into_iter()
            .map(|args| Term::Fun {
                name: name.clone(),
                args,
                negative: false,
                span: span.clone(),
            })
            .collect();
        Ok((pool_or_single(funs, span), depth + 1))
    }

    /// One `;`-alternative inside parentheses: `t1, ..., tn[,]`, `,` or nothing.
    /// Returns the terms, whether there was a trailing comma, and the depth.
    pub(super) fn tuple_alt(&mut self) -> PResult<(Vec<Term>, bool, u32)> {
        let mut terms = Vec::new();
        let mut depth = 0;
        if self.kind() == &Tok::Comma {
            self.bump();
            return Ok((terms, true, 0));
        }
        if !starts_term(self.kind()) {
            return Ok((terms, false, 0));
        }
        loop {
            let (t, d) = self.binary(0)?;
            depth = depth.max(d);
            terms.push(t);
            if self.kind() != &Tok::Comma {
                return Ok((terms, false, depth));
            }
            self.bump();
            if !starts_term(self.kind()) {
                return Ok((terms, true, depth));
            }
        }
    }
}

/// Binary operators: (precedence, right associative, operator); `None` operator is `..`.
fn bin_op(t: &Tok) -> Option<(u8, bool, Option<BinOp>)> {
    Some(match t {
        Tok::Dots => (1, false, None),
        Tok::Caret => (2, false, Some(BinOp::Xor)),
        Tok::Question => (3, false, Some(BinOp::Or)),
        Tok::Amp => (4, false, Some(BinOp::And)),
        Tok::Plus => (5, false, Some(BinOp::Add)),
        Tok::Minus => (5, false, Some(BinOp::Sub)),
        Tok::Star => (6, false, Some(BinOp::Mul)),
        Tok::Slash => (6, false, Some(BinOp::Div)),
        Tok::Backslash => (6, false, Some(BinOp::Mod)),
        Tok::Pow => (7, true, Some(BinOp::Pow)),
        _ => return None,
    })
}

/// Sets the span of a term that carries one (used when a prefix widens it).
fn set_span(t: &mut Term, s: &Span) {
    match t {
        Term::Var(_, sp)
        | Term::Anonymous(sp)
        | Term::Fun { span: sp, .. }
        | Term::Unary(_, _, sp)
        | Term::Binary(_, _, _, sp)
        | Term::Interval(_, _, sp)
        | Term::Pool(_, sp) => *sp = s.clone(),
        Term::Int(_) | Term::Str(_) | Term::Inf | Term::Sup => {}
    }
}

/// `op t` for a parsed operand `t` of tree depth `d`; returns the term and its depth.
pub(super) fn apply_unary(op: UnOp, t: Term, d: u32, span: Span) -> (Term, u32) {
    let negatable =
        |t: &Term| matches!(t, Term::Fun { name, negative: false, .. } if !name.is_empty());
    match t {
        Term::Fun {
            name,
            args,
            negative: false,
            ..
        } if op == UnOp::Minus && !name.is_empty() => (
            Term::Fun {
                name,
                args,
                negative: true,
                span,
            },
            d,
        ),
        Term::Pool(alts, _) if op == UnOp::Minus && alts.iter().all(negatable) => {
            let alts = alts
                .into_iter()
                .map(|mut a| {
                    if let Term::Fun { negative, .. } = &mut a {
                        *negative = true;
                    }
                    set_span(&mut a, &span);
                    a
                })
                .collect();
            (Term::Pool(alts, span), d)
        }
        t => (Term::Unary(op, Box::new(t), span), d + 1),
    }
}

/// The term itself for one alternative, a pool for several.
fn pool_or_single(mut alts: Vec<Term>, span: Span) -> Term {
    if alts.len() == 1 {
        alts.pop().expect("one alternative")
    } else {
        Term::Pool(alts, span)
    }
}
