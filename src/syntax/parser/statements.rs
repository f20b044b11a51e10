//! Statements and directives.

use super::*;

impl Parser<'_> {
    // ----- statements ---------------------------------------------------------------------

    pub(super) fn statement(&mut self) -> PResult<Statement> {
        self.unsupported = None;
        self.nesting = 0;
        self.const_mode = false;
        let start = self.pos;
        let stmt = match self.kind().clone() {
            Tok::If => {
                self.bump();
                let body = self.body_dot(true)?;
                Statement::Rule(Rule {
                    head: Head::None,
                    body,
                    span: self.span_from(start),
                    from_head: Vec::new(),
                })
            }
            Tok::WIf => self.weak(start)?,
            Tok::Const => self.constant(start)?,
            Tok::Show => self.show(start)?,
            Tok::ShowSig => self.show_sig(start)?,
            Tok::Hide => {
                self.bump();
                if self.kind() == &Tok::Dot {
                    self.bump();
                    Statement::HideAll(self.span_from(start))
                } else {
                    self.skip_directive(start, "#hide")?
                }
            }
            Tok::Include => self.include(start)?,
            Tok::Program => self.program(start)?,
            Tok::Minimize | Tok::Maximize => self.optimize(start)?,
            Tok::External => self.external(start)?,
            Tok::Project => self.project(start)?,
            Tok::Heuristic => self.heuristic(start)?,
            Tok::Edge => self.edge(start)?,
            Tok::Defined => self.defined(start)?,
            Tok::Script | Tok::Theory => {
                let what = if self.kind() == &Tok::Script {
                    "#script"
                } else {
                    "#theory"
                };
                self.bump();
                self.expect(Tok::Dot, ".")?;
                Statement::Unsupported {
                    what: what.into(),
                    span: self.span_from(start),
                }
            }
            _ => self.rule(start)?,
        };
        if let Some(what) = self.unsupported.take() {
            return Ok(Statement::Unsupported {
                what,
                span: self.span_from(start),
            });
        }
        Ok(stmt)
    }

    /// Skips gringo 3's `#hide` forms other than `#hide.` up to their `.`.
    pub(super) fn skip_directive(&mut self, start: usize, what: &str) -> PResult<Statement> {
        self.bump();
        self.skip_to_dot(false)?;
        self.bump();
        Ok(self.unsupported_directive(start, what))
    }

    pub(super) fn unsupported_directive(&self, start: usize, what: &str) -> Statement {
        Statement::Unsupported {
            what: what.into(),
            span: self.span_from(start),
        }
    }

    /// The atom `[-]name[(args)]` of `#external`, `#heuristic` and `#project`.
    pub(super) fn directive_atom(&mut self) -> PResult<Atom> {
        let start = self.pos;
        let negated = self.kind() == &Tok::Minus;
        if negated {
            self.bump();
        }
        if self.kind() != &Tok::Ident {
            return Err(self.unexpected(if negated {
                "<IDENTIFIER> or default or override"
            } else {
                "- or <IDENTIFIER> or default or override"
            }));
        }
        let (term, depth) = self.function(self.pos, false)?;
        let span = self.span_from(start);
        let term = if negated {
            super::terms::apply_unary(UnOp::Minus, term, depth, span.clone()).0
        } else {
            term
        };
        Ok(Atom { term, span })
    }

    /// `.`, `: .` or `: body.`: the body (empty for the first two).
    pub(super) fn body_cond_dot(&mut self) -> PResult<Vec<BodyLit>> {
        match self.kind() {
            Tok::Dot => {
                self.bump();
                Ok(Vec::new())
            }
            Tok::Colon => {
                self.bump();
                self.body_dot(true)
            }
            _ => Err(self.ctx_unexpected(": or .")),
        }
    }

    /// `[-]name/arity.`: name, arity and whether it is negative.
    pub(super) fn signature(&mut self) -> PResult<(String, usize, bool)> {
        let negative = self.kind() == &Tok::Minus;
        let name = if negative {
            self.bump();
            self.identifier()?
        } else if self.kind() == &Tok::Ident {
            self.identifier()?
        } else {
            return Err(self.unexpected("- or <IDENTIFIER> or default or override"));
        };
        self.expect(Tok::Slash, "/")?;
        let arity = match self.kind() {
            // clingo's arities are unsigned 32-bit (as in `#show p/n.`)
            Tok::Int(v) => *v as u32 as usize,
            _ => return Err(self.unexpected("<NUMBER>")),
        };
        self.bump();
        self.expect(Tok::Dot, ".")?;
        Ok((name, arity, negative))
    }

    /// `#external atom [: body]. [[term]]`
    pub(super) fn external(&mut self, start: usize) -> PResult<Statement> {
        self.bump();
        let atom = self.directive_atom()?;
        let body = self.body_cond_dot()?;
        let mut value = None;
        if self.kind() == &Tok::LBrack {
            self.bump();
            value = Some(self.term()?);
            self.expect(Tok::RBrack, "")?;
        }
        Ok(Statement::External(External {
            atom,
            body,
            value,
            span: self.span_from(start),
        }))
    }

    /// `#project sig.` or `#project atom [: body].`
    pub(super) fn project(&mut self, start: usize) -> PResult<Statement> {
        self.bump();
        let sig = usize::from(self.kind() == &Tok::Minus);
        let is_sig = self.toks.get(self.pos + sig).map(|t| &t.kind) == Some(&Tok::Ident)
            && self.toks.get(self.pos + sig + 1).map(|t| &t.kind) == Some(&Tok::Slash);
        let target = if is_sig {
            let (name, arity, negative) = self.signature()?;
            ProjectTarget::Signature {
                name,
                arity,
                negative,
            }
        } else {
            let atom = self.directive_atom()?;
            let body = self.body_cond_dot()?;
            ProjectTarget::Atom { atom, body }
        };
        Ok(Statement::Project {
            target,
            span: self.span_from(start),
        })
    }

    /// `#heuristic atom [: body]. [w[@p], m]`
    pub(super) fn heuristic(&mut self, start: usize) -> PResult<Statement> {
        self.bump();
        let atom = self.directive_atom()?;
        let body = self.body_cond_dot()?;
        self.expect(Tok::LBrack, "[")?;
        let mut terms = vec![self.term()?];
        if self.kind() == &Tok::At {
            self.bump();
            terms.push(self.term()?);
        }
        self.expect(Tok::Comma, "")?;
        terms.push(self.term()?);
        self.expect(Tok::RBrack, "")?;
        Ok(Statement::Heuristic {
            atom,
            body,
            terms,
            span: self.span_from(start),
        })
    }

    /// `#edge (u,v; ...) [: body].`
    pub(super) fn edge(&mut self, start: usize) -> PResult<Statement> {
        self.bump();
        self.expect(Tok::LParen, "(")?;
        let mut pairs = Vec::new();
        loop {
            let u = self.term()?;
            self.expect(Tok::Comma, "")?;
            let v = self.term()?;
            pairs.push((u, v));
            if self.kind() == &Tok::Semi {
                self.bump();
            } else {
                break;
            }
        }
        self.expect(Tok::RParen, ") or ;")?;
        let body = self.body_cond_dot()?;
        Ok(Statement::Edge {
            pairs,
            body,
            span: self.span_from(start),
        })
    }

    /// `#defined sig.`
    pub(super) fn defined(&mut self, start: usize) -> PResult<Statement> {
        self.bump();
        let (name, arity, negative) = self.signature()?;
        Ok(Statement::Defined {
            name,
            arity,
            negative,
            span: self.span_from(start),
        })
    }

    /// Moves to (not past) the next `.` outside brackets. Lexer errors stop it unless
    /// `tolerant` (theory atoms use characters the normal lexer rejects).
    pub(super) fn skip_to_dot(&mut self, tolerant: bool) -> PResult<()> {
        let mut depth = 0usize;
        loop {
            match self.kind() {
                Tok::Dot if depth == 0 => return Ok(()),
                Tok::LParen | Tok::LBrace | Tok::LBrack => depth += 1,
                Tok::RParen | Tok::RBrace | Tok::RBrack => depth = depth.saturating_sub(1),
                Tok::Eof => return Err(self.unexpected("")),
                Tok::Error { fatal, .. } if !tolerant || *fatal => {
                    return Err(self.unexpected(""));
                }
                _ => {}
            }
            self.bump();
        }
    }

    pub(super) fn rule(&mut self, start: usize) -> PResult<Statement> {
        let (head, negated) = self.head()?;
        let mut body = match self.kind() {
            Tok::If => {
                self.bump();
                self.body_dot(true)?
            }
            Tok::Dot => {
                self.bump();
                Vec::new()
            }
            _ => return Err(self.ctx_unexpected(". or :-")),
        };
        let from_head = negated
            .iter()
            .filter_map(|b| match b {
                BodyLit::Lit(l) => Some(l.span().clone()),
                _ => None,
            })
            .collect();
        body.extend(negated);
        Ok(Statement::Rule(Rule {
            head,
            body,
            span: self.span_from(start),
            from_head,
        }))
    }

    pub(super) fn constant(&mut self, start: usize) -> PResult<Statement> {
        self.bump();
        let name = self.identifier()?;
        self.expect(Tok::Eq, "=")?;
        self.const_mode = true;
        let value = self.term()?;
        self.const_mode = false;
        self.expect(Tok::Dot, "")?;
        let mut overriding = false;
        if self.kind() == &Tok::LBrack {
            self.bump();
            let ok =
                self.kind() == &Tok::Ident && matches!(self.text(self.pos), "default" | "override");
            if !ok {
                return Err(self.unexpected("default or override"));
            }
            overriding = self.text(self.pos) == "override";
            self.bump();
            self.expect(Tok::RBrack, "]")?;
        }
        Ok(Statement::Const {
            name,
            value,
            overriding,
            span: self.span_from(start),
        })
    }

    /// An identifier where clingo's grammar wants one.
    pub(super) fn identifier(&mut self) -> PResult<String> {
        if self.kind() != &Tok::Ident {
            return Err(self.unexpected("<IDENTIFIER> or default or override"));
        }
        let name = self.text(self.pos).to_string();
        self.bump();
        Ok(name)
    }

    pub(super) fn show(&mut self, start: usize) -> PResult<Statement> {
        self.bump();
        if self.kind() == &Tok::Dot {
            self.bump();
            return Ok(Statement::ShowNothing(self.span_from(start)));
        }
        let term = self.term()?;
        let body = match self.kind() {
            Tok::Colon => {
                self.bump();
                self.body_dot(false)?
            }
            Tok::Dot => {
                self.bump();
                Vec::new()
            }
            _ => return Err(self.unexpected("")),
        };
        Ok(Statement::ShowTerm {
            term,
            body,
            span: self.span_from(start),
        })
    }

    /// `#show [-]name/arity.` (the lexer has seen the signature)
    pub(super) fn show_sig(&mut self, start: usize) -> PResult<Statement> {
        self.bump();
        let negative = self.kind() == &Tok::Minus;
        if negative {
            self.bump();
        } else if self.kind() != &Tok::Ident {
            return Err(self.unexpected("- or <IDENTIFIER> or default or override"));
        }
        let name = self.identifier()?;
        self.expect(Tok::Slash, "/")?;
        let arity = match self.kind() {
            // clingo's arities are unsigned 32-bit: `p/0x100000001` is `p/1`
            Tok::Int(v) => *v as u32 as usize,
            _ => return Err(self.unexpected("<NUMBER>")),
        };
        self.bump();
        self.expect(Tok::Dot, ".")?;
        Ok(Statement::ShowSig {
            name,
            arity,
            negative,
            span: self.span_from(start),
        })
    }

    pub(super) fn include(&mut self, start: usize) -> PResult<Statement> {
        self.bump();
        match self.kind().clone() {
            Tok::Str(path) => {
                self.bump();
                self.expect(Tok::Dot, ".")?;
                Ok(Statement::Include {
                    path,
                    span: self.span_from(start),
                })
            }
            Tok::Lt => {
                self.bump();
                let name = self.identifier()?;
                self.expect(Tok::Gt, ">")?;
                self.expect(Tok::Dot, ".")?;
                Ok(Statement::IncludeBuiltin {
                    name,
                    span: self.span_from(start),
                })
            }
            _ => Err(self.unexpected("<STRING> or <")),
        }
    }

    pub(super) fn program(&mut self, start: usize) -> PResult<Statement> {
        self.bump();
        let name = self.identifier()?;
        let mut params = Vec::new();
        if self.kind() == &Tok::LParen {
            self.bump();
            if self.kind() == &Tok::Ident {
                loop {
                    params.push(self.identifier()?);
                    if self.kind() == &Tok::Comma {
                        self.bump();
                    } else {
                        break;
                    }
                }
            }
            self.expect(Tok::RParen, ")")?;
            self.expect(Tok::Dot, ".")?;
        } else {
            self.expect(Tok::Dot, ". or (")?;
        }
        Ok(Statement::Program {
            name,
            params,
            span: self.span_from(start),
        })
    }

    pub(super) fn optimize(&mut self, start: usize) -> PResult<Statement> {
        let maximize = self.kind() == &Tok::Maximize;
        self.bump();
        self.expect(Tok::LBrace, "{")?;
        let mut elems = Vec::new();
        if self.kind() != &Tok::RBrace {
            loop {
                let es = self.pos;
                let (weight, priority, terms) = self.weight_tuple()?;
                let mut cond = Vec::new();
                if self.kind() == &Tok::Colon {
                    self.bump();
                    for l in self.cond_list()? {
                        cond.push(BodyLit::Lit(l));
                    }
                }
                elems.push(OptElem {
                    weight,
                    priority,
                    terms,
                    cond,
                    span: self.span_from(es),
                });
                if self.kind() == &Tok::Semi {
                    self.bump();
                } else {
                    break;
                }
            }
        }
        self.ctx_expect(Tok::RBrace, "} or ;")?;
        self.expect(Tok::Dot, ".")?;
        Ok(Statement::Optimize {
            elems,
            maximize,
            span: self.span_from(start),
        })
    }

    /// `w[@p][, t1, ..., tn]`
    pub(super) fn weight_tuple(&mut self) -> PResult<(Term, Option<Term>, Vec<Term>)> {
        let weight = self.term()?;
        let mut priority = None;
        if self.kind() == &Tok::At {
            self.bump();
            priority = Some(self.term()?);
        }
        let mut terms = Vec::new();
        while self.kind() == &Tok::Comma {
            self.bump();
            terms.push(self.term()?);
        }
        Ok((weight, priority, terms))
    }

    pub(super) fn weak(&mut self, start: usize) -> PResult<Statement> {
        self.bump();
        let body = self.body_dot(true)?;
        self.expect(Tok::LBrack, "[")?;
        let es = self.pos;
        let (weight, priority, terms) = self.weight_tuple()?;
        let espan = self.span_from(es);
        self.ctx_expect(Tok::RBrack, "]")?;
        Ok(Statement::Weak {
            body,
            elem: OptElem {
                weight,
                priority,
                terms,
                cond: Vec::new(),
                span: espan,
            },
            span: self.span_from(start),
        })
    }
}
