//! aspsat: answer set programs in the clingo language, compiled to SAT.
//!
//! The pipeline is [`syntax`] (text → AST) → [`ground`] (AST → ground program) → [`translate`]
//! (ground program → CNF) → [`solve`] (CNF → models) → [`output`] (models → answer sets as
//! clingo-style text or JSON). [`compile`] runs the first stages in one call.

pub mod cnf;
pub mod commands;
pub mod ground;
pub mod load;
pub mod output;
pub mod program;
pub mod puzzles;
pub mod scc;
pub mod solve;
pub mod symbol;
pub mod syntax;
pub mod translate;

use ground::GroundOptions;
use program::GroundProgram;
use std::time::{Duration, Instant};
use syntax::Diagnostic;
use syntax::ast::{Statement, Term};
use translate::{EncodingOptions, Translation, TranslationKind};

/// A program compiled to CNF, with what the stages measured.
pub struct Compiled {
    pub program: GroundProgram,
    pub translation: Translation,
    /// Informational diagnostics from grounding (undefined operations).
    pub infos: Vec<Diagnostic>,
    pub ground_time: Duration,
    pub translate_time: Duration,
    pub ground_rules: usize,
}

/// Parses `NAME=VALUE` of `-c NAME=VALUE`.
pub fn parse_const_override(arg: &str) -> Result<(String, Term), Diagnostic> {
    let text = format!("#const {arg}.");
    let statements = syntax::parse(&text, "<cmdline>".into())
        .map_err(|_| Diagnostic::global(format!("-c {arg}: expected NAME=TERM")))?;
    match statements.as_slice() {
        [Statement::Const { name, value, .. }] => Ok((name.clone(), value.clone())),
        _ => Err(Diagnostic::global(format!("-c {arg}: expected NAME=TERM"))),
    }
}

/// Grounds and translates parsed statements (completion; see [`compile_with`]).
pub fn compile(statements: &[Statement], options: &GroundOptions) -> Result<Compiled, Diagnostic> {
    compile_with(statements, options, TranslationKind::Completion)
}

/// Grounds and translates parsed statements with the given treatment of positive loops.
pub fn compile_with(
    statements: &[Statement],
    options: &GroundOptions,
    kind: TranslationKind,
) -> Result<Compiled, Diagnostic> {
    compile_encoded(statements, options, kind, EncodingOptions::default())
}

/// As [`compile_with`], with the given cardinality and pseudo-Boolean encodings.
pub fn compile_encoded(
    statements: &[Statement],
    options: &GroundOptions,
    kind: TranslationKind,
    encodings: EncodingOptions,
) -> Result<Compiled, Diagnostic> {
    let start = Instant::now();
    let grounded = ground::ground(statements, options)?;
    let ground_time = start.elapsed();
    let program = grounded.program;
    let mut needs_minimality = false;
    if let Err((a, b, span)) = translate::check_head_cycle_free(&program) {
        let name = |x| program.symbols.to_string(program.atom_sym(x));
        let refuse = |why: &str| {
            Diagnostic::error(
                span,
                format!(
                    "this disjunctive rule is not head-cycle-free (its head atoms {} and {} depend positively on each other): {why}",
                    name(a),
                    name(b)
                ),
            )
        };
        if kind == TranslationKind::Ranking {
            return Err(refuse(
                "such programs are beyond NP and have no polynomial CNF; solve them with `aspsat solve` (minimality check) instead",
            ));
        }
        if let Some(what) = solve::minimality::unsupported(&program) {
            return Err(refuse(&format!(
                "the minimality check such programs need does not support {what} yet"
            )));
        }
        needs_minimality = true;
    }
    let start = Instant::now();
    let mut translation = translate::translate_encoded(&program, kind, encodings).map_err(|e| {
        match program.complex_rule_origin(e.head) {
            Some(span) => Diagnostic::error(span, e.message(&program)),
            None => Diagnostic::global(e.message(&program)),
        }
    })?;
    translation.needs_minimality = needs_minimality;
    Ok(Compiled {
        ground_rules: program.rules.len(),
        program,
        translation,
        infos: grounded.infos,
        ground_time,
        translate_time: start.elapsed(),
    })
}
