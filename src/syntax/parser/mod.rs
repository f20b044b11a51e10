//! Recursive-descent parser for the clingo 5 input language.
//!
//! Errors use clingo's wording (`syntax error, unexpected X[, expecting Y]`) and are positioned
//! where clingo's LALR parser notices them (checked against clingo 5.8.3 on mutated programs);
//! the `expecting` lists follow clingo's in the common cases. Constructs that are valid clingo
//! but cannot be expressed in the AST are parsed to the end of their statement and returned as
//! [`Statement::Unsupported`] (comparisons in heads, non-atom choice or
//! aggregate elements, theory atoms, `@f(...)` calls, and the
//! directives `#theory`, `#script` and `#hide` with arguments). `#external`, `#project`,
//! `#heuristic`, `#edge`, `#defined` and `#include <name>` have statements of their own.
//!
//! A few mappings onto the AST: `not` in front of a comparison is folded into its operator
//! (`not a < b` is `a >= b`; a chain keeps it, see [`Literal::Chain`]); `#true :- body.` becomes an empty choice `{ } :- body.`; `#false :- body.` is an
//! integrity constraint; the body shorthand `L { l : c } U` becomes a `#count` whose elements
//! have the atom's term as their tuple (anonymous variables of a negated literal made a
//! constant) and `l, c` as their condition.

use super::ast::*;
use super::diag::Diagnostic;
use super::lexer::{Tok, Token, tokenize};
use std::sync::Arc;

mod aggregates;
mod literals;
mod statements;
mod terms;

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

fn is_named_fun(t: &Term) -> bool {
    matches!(t, Term::Fun { name, .. } if !name.is_empty())
}

fn sign_of(nots: usize) -> Sign {
    match nots {
        0 => Sign::Pos,
        1 => Sign::Not,
        _ => Sign::NotNot,
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

    /// The value of an integer literal (with a minus directly in front if `negative`) as clingo
    /// computes it: the literal's low 32 bits as a signed integer, negated with wrap-around.
    fn int_value(v: u64, negative: bool) -> Term {
        let value = v as u32 as i32;
        Term::Int(i64::from(if negative {
            value.wrapping_neg()
        } else {
            value
        }))
    }
}
