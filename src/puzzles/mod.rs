//! `aspsat puzzle`: the seed documents' puzzles in their own notations.
//!
//! Each kind reads the notation its seed uses (Prolog `tile/5` facts or Arc lists for edge
//! matching, the Jodici CSV with `_`, disk rows of 0/1, the Python `rules` dictionary of the
//! equation puzzle), turns it into facts for an encoding from `encodings/` compiled into the
//! binary, solves with aspsat's own pipeline and renders every solution as text (and SVG for
//! edge-matching grids and disks).

pub mod disks;
pub mod edge;
pub mod engine;
pub mod equation;
pub mod jodici;
pub(crate) mod svg;
pub mod tables;

use crate::exit;
use crate::output::Verdict;
use engine::{Atom, Encoding, Summary};

/// Options every kind has.
#[derive(clap::Args, Clone, Debug)]
pub struct Common {
    /// Number of solutions to compute (0: all)
    #[arg(short = 'n', long = "models", value_name = "N", default_value_t = 1)]
    pub models: usize,
    /// Print the facts made from the input and stop (they go with the encoding named in the
    /// help, e.g. `... --facts | clingo encodings/jodici.lp - 0`)
    #[arg(long)]
    pub facts: bool,
}

#[derive(clap::Subcommand, Debug)]
pub enum PuzzleCommand {
    /// Edge-matching tiles (seeds 000, 003): Prolog tile/5 facts or Arc lists, or --random
    #[command(long_about = edge::HELP)]
    EdgeMatching(edge::Args),
    /// Jodici (seed 002) from the seed's CSV game field
    #[command(long_about = jodici::HELP)]
    Jodici(jodici::Args),
    /// Flower disk rotation (seed 002) from rows of 0/1
    #[command(long_about = disks::HELP)]
    Disks(disks::Args),
    /// Equation crossword (seed 002) from the seed's Python rules dictionary
    #[command(long_about = equation::HELP)]
    Equation(equation::Args),
    /// The Zebra puzzle (seed 002) as a table of houses
    #[command(long_about = tables::ZEBRA_HELP)]
    Zebra(tables::ZebraArgs),
    /// The logic grids of seed 002
    #[command(long_about = tables::LOGIC_HELP)]
    Logic(tables::LogicArgs),
    /// The adjacent number cross (seed 004)
    #[command(long_about = tables::CROSS_HELP)]
    NumberCross(tables::CrossArgs),
}

/// Runs one `aspsat puzzle` command; returns the exit code (clingo's: 10, 20, 30, 65, 1).
pub fn run(cmd: PuzzleCommand) -> i32 {
    let result = match cmd {
        PuzzleCommand::EdgeMatching(a) => edge::run(&a),
        PuzzleCommand::Jodici(a) => jodici::run(&a),
        PuzzleCommand::Disks(a) => disks::run(&a),
        PuzzleCommand::Equation(a) => equation::run(&a),
        PuzzleCommand::Zebra(a) => tables::run_zebra(&a),
        PuzzleCommand::Logic(a) => tables::run_logic(&a),
        PuzzleCommand::NumberCross(a) => tables::run_cross(&a),
    };
    match result {
        Ok(code) => code,
        Err(Failure::Input(msg)) => {
            eprintln!("{msg}");
            exit::INPUT_ERROR
        }
        Err(Failure::Solve(msg)) => {
            eprintln!("aspsat: error: {msg}");
            exit::INTERRUPTED
        }
    }
}

/// Why a puzzle command stopped early.
#[derive(Debug)]
pub enum Failure {
    /// The input could not be read or understood (exit 65).
    Input(String),
    /// Grounding or solving failed (exit 1).
    Solve(String),
}

pub type Result<T> = std::result::Result<T, Failure>;

/// Prints to standard output, ignoring a closed pipe (`| head`).
pub fn out(text: &str) {
    use std::io::Write;
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

/// The name a puzzle file goes by in messages (`-` is standard input, named as in diagnostics).
pub fn input_name(path: &str) -> &str {
    if path == "-" {
        crate::load::STDIN
    } else {
        path
    }
}

/// Reads an input file (`-`: standard input) as text.
pub fn read_input(path: &str) -> Result<String> {
    crate::load::read_text(path).map_err(|e| Failure::Input(format!("aspsat: error: {e}")))
}

/// An input error at a line of a file, in the shape `FILE:LINE: error: message`.
pub fn input_error(file: &str, line: usize, msg: impl std::fmt::Display) -> Failure {
    Failure::Input(format!("{file}:{line}: error: {msg}"))
}

/// Solves `encoding` with `facts`, prints `Solution K:` and the rendering of each model, then
/// the verdict and count; returns the exit code and the rendered models' atoms (for pictures).
pub fn solve_and_print(
    encoding: &Encoding,
    facts: &str,
    consts: &[String],
    common: &Common,
    render: &mut dyn FnMut(&[Atom]) -> String,
) -> Result<(i32, Vec<Vec<Atom>>)> {
    use std::io::Write;
    let mut kept = Vec::new();
    let mut count = 0;
    let summary = engine::solve(
        encoding,
        "<facts>",
        facts,
        consts,
        common.models,
        &mut |model| {
            count += 1;
            let text = render(model);
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "Solution {count}:");
            let _ = write!(out, "{text}");
            if !text.ends_with('\n') {
                let _ = writeln!(out);
            }
            let _ = writeln!(out);
            kept.push(model.to_vec());
        },
    )
    .map_err(|e| match e {
        engine::SolveError::Program(m) => Failure::Input(m),
        engine::SolveError::Solver(m) => Failure::Solve(m),
    })?;
    Ok((finish(&summary), kept))
}

/// Prints clingo's closing lines (`SATISFIABLE`, `Solutions : N[+]`) and returns the exit code.
pub fn finish(summary: &Summary) -> i32 {
    use std::io::Write;
    let verdict = if summary.models == 0 {
        Verdict::Unsatisfiable
    } else {
        Verdict::Satisfiable
    };
    let code = exit::code(verdict, summary.models, summary.exhausted);
    let more = if summary.exhausted { "" } else { "+" };
    // a closed pipe (`| head`) is not an error worth a panic
    let _ = write!(
        std::io::stdout().lock(),
        "{}\n\nSolutions    : {}{more}\n",
        verdict.text(),
        summary.models
    );
    code
}

/// Writes an SVG picture (if a path was given) and says so on standard error.
pub fn write_svg(path: Option<&str>, svg: impl FnOnce() -> String) -> Result<()> {
    if let Some(p) = path {
        std::fs::write(p, svg())
            .map_err(|e| Failure::Solve(format!("cannot write SVG file '{p}': {e}")))?;
        eprintln!("aspsat: wrote {p}");
    }
    Ok(())
}
