//! Recursive-descent parser for the clingo 5 input language.
//!
//! Errors use clingo's wording (`syntax error, unexpected X[, expecting Y]`) and are positioned
//! where clingo's LALR parser notices them (checked against clingo 5.8.3 on mutated programs);
//! the `expecting` lists follow clingo's in the common cases. Constructs that are valid clingo
//! but cannot be expressed in the AST are parsed to the end of their statement and returned as
//! [`Statement::Unsupported`] (negated head literals, comparisons in heads, non-atom choice or
//! aggregate elements, negated comparison chains, theory atoms, `@f(...)` calls, and the
//! directives `#external`, `#project`, `#heuristic`, `#edge`, `#defined`, `#theory`, `#script`,
//! `#include <...>` and `#hide` with arguments).
//!
//! A few mappings onto the AST: a comparison chain `a < b < c` becomes the comparisons `a < b`
//! and `b < c`; `#true :- body.` becomes an empty choice `{ } :- body.`; `#false :- body.` is an
//! integrity constraint; the body shorthand `L { l : c } U` becomes a `#count` whose elements
//! have the atom's term as their tuple and `l, c` as their condition.

use super::ast::*;
use super::diag::Diagnostic;
use super::lexer::{Tok, Token, tokenize};
use std::sync::Arc;

/// Maximum recursion depth of nested terms (parentheses, arguments, unary operators, `**`).
const MAX_NESTING: u32 = 200;
/// Maximum depth of a term tree (bounds long left-associative chains like `1+1+...+1`).
const MAX_TERM_DEPTH: u32 = 500;
/// Stack size of the parser thread (see [`parse`]).
const PARSER_STACK: usize = 64 << 20;

type PResult<T> = Result<T, Diagnostic>;

/// Parses one source text. `file` is the name used in diagnostics (`<stdin>` for standard input).
pub fn parse(source: &str, file: Arc<str>) -> Result<Vec<Statement>, Diagnostic> {
    // Nested terms recurse, and unoptimized builds use several KiB of stack per nesting level.
    // The parser gets a thread with a stack of its own so that `MAX_NESTING`, not the caller's
    // stack size, decides which inputs are accepted.
    std::thread::scope(|scope| {
        let f = file.clone();
        let spawned = std::thread::Builder::new()
            .name("aspsat-parser".into())
            .stack_size(PARSER_STACK)
            .spawn_scoped(scope, move || parse_here(source, f));
        match spawned {
            Ok(handle) => handle
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e)),
            Err(_) => parse_here(source, file),
        }
    })
}

fn parse_here(source: &str, file: Arc<str>) -> Result<Vec<Statement>, Diagnostic> {
    let mut p = Parser {
        src: source,
        file,
        toks: tokenize(source),
        pos: 0,
        nesting: 0,
        atom_end: usize::MAX,
        const_mode: false,
        unsupported: None,
    };
    let mut out = Vec::new();
    while p.kind() != &Tok::Eof {
        out.push(p.statement()?);
    }
    Ok(out)
}

/// Where a literal is being parsed; decides whether aggregates (and which kind) may appear.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ctx {
    /// rule body: body aggregates, theory atoms
    Body,
    /// first head element: choices and head aggregates, theory atoms
    Head,
    /// conditions, disjunction elements, choice elements: plain literals only
    Plain,
}

/// The result of parsing one literal-like element.
enum Elem {
    Lit(Literal),
    /// A comparison chain `t1 < t2 < t3`, already split into its comparisons.
    Chain(Vec<Literal>),
    BodyAgg(Sign, Aggregate),
    HeadAgg(Head),
}

struct Parser<'a> {
    src: &'a str,
    file: Arc<str>,
    toks: Vec<Token>,
    pos: usize,
    nesting: u32,
    /// The token index right after the most recently parsed atom literal.
    atom_end: usize,
    /// Parsing the value of a `#const`: no variables, pools or intervals (clingo's `constterm`).
    const_mode: bool,
    /// Set when the current statement uses something the AST cannot express.
    unsupported: Option<String>,
}

fn cmp_op(t: &Tok) -> Option<CmpOp> {
    Some(match t {
        Tok::Eq => CmpOp::Eq,
        Tok::Neq => CmpOp::Ne,
        Tok::Lt => CmpOp::Lt,
        Tok::Le => CmpOp::Le,
        Tok::Gt => CmpOp::Gt,
        Tok::Ge => CmpOp::Ge,
        _ => return None,
    })
}

fn agg_func(t: &Tok) -> Option<AggFunc> {
    Some(match t {
        Tok::Count => AggFunc::Count,
        Tok::Sum => AggFunc::Sum,
        Tok::SumPlus => AggFunc::SumPlus,
        Tok::Min => AggFunc::Min,
        Tok::Max => AggFunc::Max,
        _ => return None,
    })
}

fn starts_agg(t: &Tok) -> bool {
    agg_func(t).is_some() || t == &Tok::LBrace
}

fn starts_term(t: &Tok) -> bool {
    matches!(
        t,
        Tok::Ident
            | Tok::Var
            | Tok::Anon
            | Tok::Int(_)
            | Tok::Str(_)
            | Tok::Inf
            | Tok::Sup
            | Tok::LParen
            | Tok::Minus
            | Tok::Tilde
            | Tok::Bar
            | Tok::At
    )
}

fn starts_literal(t: &Tok) -> bool {
    starts_term(t) || matches!(t, Tok::Not | Tok::True | Tok::False)
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

fn is_named_fun(t: &Term) -> bool {
    matches!(t, Term::Fun { name, .. } if !name.is_empty())
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

fn sign_of(nots: usize) -> Sign {
    match nots {
        0 => Sign::Pos,
        1 => Sign::Not,
        _ => Sign::NotNot,
    }
}

/// `op t` for a parsed operand `t` of tree depth `d`; returns the term and its depth.
fn apply_unary(op: UnOp, t: Term, d: u32, span: Span) -> (Term, u32) {
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

impl Parser<'_> {
    // ----- token access -------------------------------------------------------------------

    fn tok(&self) -> &Token {
        &self.toks[self.pos.min(self.toks.len() - 1)]
    }

    fn kind(&self) -> &Tok {
        &self.tok().kind
    }

    fn bump(&mut self) {
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
    }

    fn text(&self, i: usize) -> &str {
        let t = &self.toks[i];
        self.src.get(t.start..t.end).unwrap_or("")
    }

    fn tok_span(&self, i: usize) -> Span {
        let t = &self.toks[i.min(self.toks.len() - 1)];
        Span {
            file: self.file.clone(),
            start_line: t.line,
            start_col: t.col,
            end_line: t.end_line,
            end_col: t.end_col,
        }
    }

    /// From the start of token `start` to the end of the last consumed token.
    fn span_from(&self, start: usize) -> Span {
        let s = &self.toks[start.min(self.toks.len() - 1)];
        if self.pos <= start {
            return Span {
                file: self.file.clone(),
                start_line: s.line,
                start_col: s.col,
                end_line: s.line,
                end_col: s.col,
            };
        }
        let e = &self.toks[self.pos - 1];
        Span {
            file: self.file.clone(),
            start_line: s.line,
            start_col: s.col,
            end_line: e.end_line,
            end_col: e.end_col,
        }
    }

    /// `syntax error, unexpected <current token>` (or the lexer's message for a bad token).
    fn unexpected(&self, expecting: &str) -> Diagnostic {
        let t = self.tok();
        let span = self.tok_span(self.pos);
        if let Tok::Error { msg, .. } = &t.kind {
            return Diagnostic::error(&span, msg.clone());
        }
        let mut msg = format!("syntax error, unexpected {}", t.describe(self.src));
        if !expecting.is_empty() {
            msg.push_str(", expecting ");
            msg.push_str(expecting);
        }
        Diagnostic::error(&span, msg)
    }

    /// Like [`Self::unexpected`] for a token after a complete element. Right after an atom,
    /// clingo's parser has not decided between atom and term yet, and for tokens that cannot
    /// follow an atom it reports no expected tokens.
    fn ctx_unexpected(&self, expecting: &str) -> Diagnostic {
        let after_atom = self.pos == self.atom_end;
        let may_follow_atom = matches!(
            self.kind(),
            Tok::Comma | Tok::Semi | Tok::Bar | Tok::Dot | Tok::If | Tok::Colon | Tok::RBrace
        );
        if after_atom && !may_follow_atom {
            self.unexpected("")
        } else {
            self.unexpected(expecting)
        }
    }

    /// Expects `k` after a complete element (see [`Self::ctx_unexpected`]).
    fn ctx_expect(&mut self, k: Tok, expecting: &str) -> PResult<()> {
        if self.kind() == &k {
            self.bump();
            Ok(())
        } else {
            Err(self.ctx_unexpected(expecting))
        }
    }

    fn expect(&mut self, k: Tok, expecting: &str) -> PResult<()> {
        if self.kind() == &k {
            self.bump();
            Ok(())
        } else {
            Err(self.unexpected(expecting))
        }
    }

    /// What clingo expects when an argument list is not closed.
    fn close_expecting(&self) -> &'static str {
        if self.const_mode { ")" } else { ") or ;" }
    }

    fn mark_unsupported(&mut self, what: impl Into<String>) {
        if self.unsupported.is_none() {
            self.unsupported = Some(what.into());
        }
    }

    fn enter(&mut self) -> PResult<()> {
        self.nesting += 1;
        if self.nesting > MAX_NESTING {
            return Err(Diagnostic::error(
                &self.tok_span(self.pos),
                "nesting too deep",
            ));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.nesting -= 1;
    }

    fn int_value(&self, v: Option<u64>, negative: bool) -> PResult<Term> {
        // clingo's integers are 32-bit; a larger literal is an error here rather than the
        // silent wrap-around clingo performs.
        let limit = if negative {
            1u64 << 31
        } else {
            i32::MAX as u64
        };
        match v {
            Some(v) if v <= limit => Ok(Term::Int(if negative {
                (v as i64).wrapping_neg()
            } else {
                v as i64
            })),
            _ => Err(Diagnostic::error(
                &self.tok_span(self.pos),
                "integer too large: clingo's integers are 32-bit",
            )),
        }
    }

    // ----- statements ---------------------------------------------------------------------

    fn statement(&mut self) -> PResult<Statement> {
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
    fn skip_directive(&mut self, start: usize, what: &str) -> PResult<Statement> {
        self.bump();
        self.skip_to_dot(false)?;
        self.bump();
        Ok(self.unsupported_directive(start, what))
    }

    fn unsupported_directive(&self, start: usize, what: &str) -> Statement {
        Statement::Unsupported {
            what: what.into(),
            span: self.span_from(start),
        }
    }

    /// The atom `[-]name[(args)]` of `#external`, `#heuristic` and `#project`.
    fn directive_atom(&mut self) -> PResult<Atom> {
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
            apply_unary(UnOp::Minus, term, depth, span.clone()).0
        } else {
            term
        };
        Ok(Atom { term, span })
    }

    /// `.`, `: .` or `: body.`: the body (empty for the first two).
    fn body_cond_dot(&mut self) -> PResult<Vec<BodyLit>> {
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
    fn signature(&mut self) -> PResult<(String, usize, bool)> {
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
            Tok::Int(Some(v)) if *v <= u32::MAX as u64 => *v as usize,
            Tok::Int(_) => {
                return Err(Diagnostic::error(
                    &self.tok_span(self.pos),
                    "integer too large",
                ));
            }
            _ => return Err(self.unexpected("<NUMBER>")),
        };
        self.bump();
        self.expect(Tok::Dot, ".")?;
        Ok((name, arity, negative))
    }

    /// `#external atom [: body]. [[term]]`
    fn external(&mut self, start: usize) -> PResult<Statement> {
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
    fn project(&mut self, start: usize) -> PResult<Statement> {
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
    fn heuristic(&mut self, start: usize) -> PResult<Statement> {
        self.bump();
        self.directive_atom()?;
        self.body_cond_dot()?;
        self.expect(Tok::LBrack, "[")?;
        self.term()?;
        if self.kind() == &Tok::At {
            self.bump();
            self.term()?;
        }
        self.expect(Tok::Comma, "")?;
        self.term()?;
        self.expect(Tok::RBrack, "")?;
        Ok(Statement::Heuristic(self.span_from(start)))
    }

    /// `#edge (u,v; ...) [: body].`
    fn edge(&mut self, start: usize) -> PResult<Statement> {
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
    fn defined(&mut self, start: usize) -> PResult<Statement> {
        self.bump();
        self.signature()?;
        Ok(self.unsupported_directive(start, "#defined"))
    }

    /// Moves to (not past) the next `.` outside brackets. Lexer errors stop it unless
    /// `tolerant` (theory atoms use characters the normal lexer rejects).
    fn skip_to_dot(&mut self, tolerant: bool) -> PResult<()> {
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

    fn rule(&mut self, start: usize) -> PResult<Statement> {
        let head = self.head()?;
        let body = match self.kind() {
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
        Ok(Statement::Rule(Rule {
            head,
            body,
            span: self.span_from(start),
        }))
    }

    fn constant(&mut self, start: usize) -> PResult<Statement> {
        self.bump();
        let name = self.identifier()?;
        self.expect(Tok::Eq, "=")?;
        self.const_mode = true;
        let value = self.term()?;
        self.const_mode = false;
        self.expect(Tok::Dot, "")?;
        if self.kind() == &Tok::LBrack {
            self.bump();
            let ok =
                self.kind() == &Tok::Ident && matches!(self.text(self.pos), "default" | "override");
            if !ok {
                return Err(self.unexpected("default or override"));
            }
            self.bump();
            self.expect(Tok::RBrack, "]")?;
        }
        Ok(Statement::Const {
            name,
            value,
            span: self.span_from(start),
        })
    }

    /// An identifier where clingo's grammar wants one.
    fn identifier(&mut self) -> PResult<String> {
        if self.kind() != &Tok::Ident {
            return Err(self.unexpected("<IDENTIFIER> or default or override"));
        }
        let name = self.text(self.pos).to_string();
        self.bump();
        Ok(name)
    }

    fn show(&mut self, start: usize) -> PResult<Statement> {
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
    fn show_sig(&mut self, start: usize) -> PResult<Statement> {
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
            Tok::Int(Some(v)) if *v <= u32::MAX as u64 => *v as usize,
            Tok::Int(_) => {
                return Err(Diagnostic::error(
                    &self.tok_span(self.pos),
                    "integer too large",
                ));
            }
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

    fn include(&mut self, start: usize) -> PResult<Statement> {
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

    fn program(&mut self, start: usize) -> PResult<Statement> {
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

    fn optimize(&mut self, start: usize) -> PResult<Statement> {
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
    fn weight_tuple(&mut self) -> PResult<(Term, Option<Term>, Vec<Term>)> {
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

    fn weak(&mut self, start: usize) -> PResult<Statement> {
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

    // ----- heads and bodies ---------------------------------------------------------------

    fn head(&mut self) -> PResult<Head> {
        let mut es = self.pos;
        let mut cur = match self.element(Ctx::Head)? {
            Elem::HeadAgg(h) => return Ok(h),
            Elem::BodyAgg(..) => unreachable!("no body aggregates in heads"),
            Elem::Lit(l) => l,
            Elem::Chain(mut ls) => {
                self.mark_unsupported("comparison in rule head");
                ls.swap_remove(0)
            }
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
                Elem::Chain(mut ls) => {
                    self.mark_unsupported("comparison in rule head");
                    ls.swap_remove(0)
                }
                Elem::BodyAgg(..) | Elem::HeadAgg(_) => unreachable!("plain context"),
            };
        }
        if elems.len() == 1 && !elems[0].2 {
            match &elems[0].0 {
                Literal::Bool(false, _) => return Ok(Head::None),
                // `#true :- body.` holds trivially, like an empty choice
                Literal::Bool(true, span) => {
                    return Ok(Head::Choice {
                        elems: Vec::new(),
                        left: None,
                        right: None,
                        span: span.clone(),
                    });
                }
                _ => {}
            }
        }
        let single = elems.len() == 1 && !elems[0].2;
        let mut out = Vec::new();
        for (lit, cond, _, span) in elems {
            match lit {
                Literal::Atom {
                    sign: Sign::Pos,
                    atom,
                } => out.push(DisjElem { atom, cond, span }),
                Literal::Atom { .. } => self.mark_unsupported("negated head literal"),
                Literal::Comparison { .. } => self.mark_unsupported("comparison in rule head"),
                Literal::Bool(..) => self.mark_unsupported("#true/#false in a disjunction"),
            }
        }
        if self.unsupported.is_some() {
            return Ok(Head::None);
        }
        if single {
            let e = out.pop().expect("one element");
            return Ok(Head::Atom(e.atom));
        }
        Ok(Head::Disjunction(out))
    }

    /// A rule body after `:-` up to and including the final `.`.
    fn body_dot(&mut self, allow_empty: bool) -> PResult<Vec<BodyLit>> {
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
    fn body_elem(&mut self, out: &mut Vec<BodyLit>) -> PResult<&'static str> {
        let es = self.pos;
        let lit = match self.element(Ctx::Body)? {
            Elem::BodyAgg(sign, agg) => {
                out.push(BodyLit::Aggregate { sign, agg });
                return Ok("\",\" or . or ;");
            }
            Elem::HeadAgg(_) => unreachable!("no head aggregates in bodies"),
            Elem::Chain(ls) => {
                if self.kind() != &Tok::Colon {
                    out.extend(ls.into_iter().map(BodyLit::Lit));
                    return Ok(": or \",\" or . or ;");
                }
                self.mark_unsupported("comparison chain with a condition");
                Literal::Bool(true, self.tok_span(es))
            }
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
        });
        if self.kind() == &Tok::Comma {
            // `a : , b` (a condition extends up to the next `;` or `.`)
            return Err(self.unexpected(". or ;"));
        }
        Ok(". or ;")
    }

    /// A (possibly empty) `,`-separated list of plain literals after a `:`.
    fn cond_list(&mut self) -> PResult<Vec<Literal>> {
        let mut out = Vec::new();
        if !starts_literal(self.kind()) {
            return Ok(out);
        }
        loop {
            match self.element(Ctx::Plain)? {
                Elem::Lit(l) => out.push(l),
                Elem::Chain(ls) => out.extend(ls),
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
    fn element(&mut self, ctx: Ctx) -> PResult<Elem> {
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
            let mut parts = Vec::new();
            let (mut l, mut op, mut lstart) = (lhs, op, tstart);
            loop {
                let rstart = self.pos;
                let r = self.term()?;
                let span = self.span_from(lstart);
                parts.push((op, l, r.clone(), span));
                match cmp_op(self.kind()) {
                    Some(next) => {
                        self.bump();
                        (l, op, lstart) = (r, next, rstart);
                    }
                    None => break,
                }
            }
            if parts.len() == 1 {
                let (op, lhs, rhs, _) = parts.pop().expect("one comparison");
                let op = if nots == 1 { op.negate() } else { op };
                return Ok(Elem::Lit(Literal::Comparison {
                    op,
                    lhs,
                    rhs,
                    span: self.span_from(start),
                }));
            }
            if nots == 1 {
                self.mark_unsupported("negated comparison chain");
            }
            return Ok(Elem::Chain(
                parts
                    .into_iter()
                    .map(|(op, lhs, rhs, span)| Literal::Comparison { op, lhs, rhs, span })
                    .collect(),
            ));
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

    /// An aggregate or choice from its function/brace on; `start` is where its left guard began.
    fn aggregate(
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

    /// A single plain literal where a chain is not allowed.
    fn plain_literal(&mut self) -> PResult<Literal> {
        match self.element(Ctx::Plain)? {
            Elem::Lit(l) => Ok(l),
            Elem::Chain(mut ls) => {
                self.mark_unsupported("comparison chain as an aggregate element");
                Ok(ls.swap_remove(0))
            }
            Elem::BodyAgg(..) | Elem::HeadAgg(_) => unreachable!("plain context"),
        }
    }

    /// `[: l1, ..., ln]`
    fn opt_cond(&mut self) -> PResult<Vec<Literal>> {
        if self.kind() == &Tok::Colon {
            self.bump();
            self.cond_list()
        } else {
            Ok(Vec::new())
        }
    }

    /// `op term`, or a bare term meaning `<= term`, after an aggregate's closing brace.
    fn right_guard(&mut self) -> PResult<Option<Guard>> {
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
    fn term_list(&mut self) -> PResult<Vec<Term>> {
        let mut out = vec![self.term()?];
        while self.kind() == &Tok::Comma {
            self.bump();
            out.push(self.term()?);
        }
        Ok(out)
    }

    // ----- terms --------------------------------------------------------------------------

    fn term(&mut self) -> PResult<Term> {
        Ok(self.binary(0)?.0)
    }

    /// Precedence climbing; returns the term and the depth of its tree.
    fn binary(&mut self, min_prec: u8) -> PResult<(Term, u32)> {
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
    fn unary(&mut self) -> PResult<(Term, u32)> {
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
                let t = self.int_value(*v, true)?;
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

    fn primary(&mut self) -> PResult<(Term, u32)> {
        let start = self.pos;
        let t = match self.kind().clone() {
            Tok::Int(v) => {
                let t = self.int_value(v, false)?;
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
    fn parenthesized(&mut self, start: usize) -> PResult<(Term, u32)> {
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
    fn absolute(&mut self, start: usize) -> PResult<(Term, u32)> {
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
    fn function(&mut self, name_tok: usize, external: bool) -> PResult<(Term, u32)> {
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
    fn tuple_alt(&mut self) -> PResult<(Vec<Term>, bool, u32)> {
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

/// The term itself for one alternative, a pool for several.
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

fn pool_or_single(mut alts: Vec<Term>, span: Span) -> Term {
    if alts.len() == 1 {
        alts.pop().expect("one alternative")
    } else {
        Term::Pool(alts, span)
    }
}
