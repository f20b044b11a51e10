//! The stages in one call: statements → ground program → CNF, with what each stage measured.
//! Every command (and the puzzles) goes through [`compile`]; `-c NAME=VALUE` is read here too.

use crate::ground::{self, GroundOptions};
use crate::program::GroundProgram;
use crate::syntax::ast::{Statement, Term};
use crate::syntax::{self, Diagnostic};
use crate::translate::{self, EncodingOptions, Translation, TranslationKind};
use std::time::{Duration, Instant};

/// What the stages of [`compile`] are told.
#[derive(Default)]
pub struct CompileOptions {
    /// Constant overrides and the grounding size limit.
    pub ground: GroundOptions,
    /// How positive loops of non-tight programs are made exact.
    pub translation: TranslationKind,
    /// Cardinality and pseudo-Boolean encodings (the optimizer's bounds use them too).
    pub encodings: EncodingOptions,
}

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

/// Grounds and translates parsed statements.
pub fn compile(statements: &[Statement], options: &CompileOptions) -> Result<Compiled, Diagnostic> {
    let start = Instant::now();
    let grounded = ground::ground(statements, &options.ground)?;
    let ground_time = start.elapsed();
    let mut compiled = compile_ground(grounded.program, options)?;
    compiled.infos = grounded.infos;
    compiled.ground_time = ground_time;
    Ok(compiled)
}

/// Translates a ground program that comes from elsewhere (aspif input, see [`crate::aspif`]);
/// its grounding time is zero.
pub fn compile_ground(
    program: GroundProgram,
    options: &CompileOptions,
) -> Result<Compiled, Diagnostic> {
    let start = Instant::now();
    let translation = translate::translate(&program, options.translation, options.encodings)
        .map_err(|e| e.diagnostic(&program))?;
    Ok(Compiled {
        ground_rules: program.rules.len(),
        program,
        translation,
        infos: Vec::new(),
        ground_time: Duration::ZERO,
        translate_time: start.elapsed(),
    })
}

/// Grounding options from the command line: `-c NAME=VALUE` overrides and `--max-ground`.
pub fn ground_options(
    consts: &[String],
    max_ground: Option<usize>,
) -> Result<GroundOptions, Diagnostic> {
    let mut options = GroundOptions::default();
    for c in consts {
        options.const_overrides.push(parse_const_override(c)?);
    }
    if let Some(m) = max_ground {
        options.max_size = m;
    }
    Ok(options)
}

/// Parses `NAME=VALUE` of `-c NAME=VALUE`.
fn parse_const_override(arg: &str) -> Result<(String, Term), Diagnostic> {
    let text = format!("#const {arg}.");
    let statements = syntax::parse(&text, "<cmdline>".into())
        .map_err(|_| Diagnostic::global(format!("-c {arg}: expected NAME=TERM")))?;
    match statements.as_slice() {
        [Statement::Const { name, value, .. }] => Ok((name.clone(), value.clone())),
        _ => Err(Diagnostic::global(format!("-c {arg}: expected NAME=TERM"))),
    }
}
