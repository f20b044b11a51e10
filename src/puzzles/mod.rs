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
use std::sync::{Arc, Mutex};

/// Options every kind has.
#[derive(clap::Args, Clone, Debug)]
pub struct Common {
    /// Number of solutions to compute (0: all)
    #[arg(short = 'n', long = "models", value_name = "N", default_value_t = 1)]
    pub models: usize,
    /// Print the facts made from the input and stop, for the encoding named above
    /// (`aspsat puzzle KIND ... --facts | clingo ENCODING - 0`)
    #[arg(long)]
    pub facts: bool,
    /// Stop after this many seconds (0: no limit): the solutions found so far stay printed,
    /// then `UNKNOWN`, their count and their picture (--svg); exit 1, or 11 after solutions.
    /// Ctrl-C does the same
    #[arg(long, value_name = "SECS")]
    pub time_limit: Option<f64>,
}

/// An SVG file showing the solutions: `draw(solutions, interrupted)` gives the picture of the
/// solutions found, complete or (`interrupted`) cut short by the time limit or Ctrl-C.
pub struct Picture {
    pub path: String,
    pub draw: Drawing,
}

/// Draws solutions as SVG text (see [`Picture`]).
pub type Drawing = Box<dyn Fn(&[Vec<Atom>], bool) -> String + Send>;

/// What a running puzzle has printed, shared with the time limit's and Ctrl-C's handlers.
struct Progress {
    solutions: Vec<Vec<Atom>>,
    /// The verdict was printed (by the search or an interruption): nothing more is printed.
    finished: bool,
    picture: Option<Picture>,
}

/// Ends an interrupted run: `UNKNOWN`, the count, the picture of what was found, exit 1 or 11.
fn interrupt(progress: &Mutex<Progress>, why: &str) {
    let mut p = progress.lock().unwrap_or_else(|e| e.into_inner());
    if p.finished {
        return;
    }
    p.finished = true;
    let found = p.solutions.len();
    eprintln!("aspsat: {why}: stopped after {found} solution(s)");
    print_verdict(Verdict::Unknown, found, false);
    if let Some(picture) = &p.picture {
        let _ = write_svg(Some(&picture.path), || (picture.draw)(&p.solutions, true));
    }
    std::process::exit(exit::code(Verdict::Unknown, found, false));
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
/// the verdict and count, and draws the `picture`; returns the exit code and the models' atoms.
/// `--time-limit` and Ctrl-C end the run with what was found so far (see [`Common`]).
pub fn solve_and_print(
    encoding: &Encoding,
    facts: &str,
    consts: &[String],
    common: &Common,
    render: &mut dyn FnMut(&[Atom]) -> String,
    picture: Option<Picture>,
) -> Result<(i32, Vec<Vec<Atom>>)> {
    use std::io::Write;
    let progress = Arc::new(Mutex::new(Progress {
        solutions: Vec::new(),
        finished: false,
        picture,
    }));
    if let Some(limit) = common.time_limit.filter(|&l| l > 0.0) {
        let progress = progress.clone();
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_secs_f64(limit));
            interrupt(&progress, &format!("time limit of {limit} s reached"));
        });
    }
    {
        let progress = progress.clone();
        // only the first handler of a process is installed (puzzles run one search)
        let _ = ctrlc::set_handler(move || interrupt(&progress, "interrupted"));
    }
    let summary = engine::solve(
        encoding,
        "<facts>",
        facts,
        consts,
        common.models,
        &mut |model| {
            let mut p = progress.lock().unwrap_or_else(|e| e.into_inner());
            if p.finished {
                return;
            }
            let text = render(model);
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "Solution {}:", p.solutions.len() + 1);
            let _ = write!(out, "{text}");
            if !text.ends_with('\n') {
                let _ = writeln!(out);
            }
            let _ = writeln!(out);
            let _ = out.flush();
            p.solutions.push(model.to_vec());
        },
    )
    .map_err(|e| match e {
        engine::SolveError::Program(m) => Failure::Input(m),
        engine::SolveError::Solver(m) => Failure::Solve(m),
    })?;
    let mut p = progress.lock().unwrap_or_else(|e| e.into_inner());
    p.finished = true;
    let code = finish(&summary);
    if let Some(picture) = &p.picture {
        write_svg(Some(&picture.path), || (picture.draw)(&p.solutions, false))?;
    }
    Ok((code, std::mem::take(&mut p.solutions)))
}

/// Prints clingo's closing lines (`SATISFIABLE`, `Solutions : N[+]`) and returns the exit code.
pub fn finish(summary: &Summary) -> i32 {
    let verdict = if summary.models == 0 {
        Verdict::Unsatisfiable
    } else {
        Verdict::Satisfiable
    };
    print_verdict(verdict, summary.models, summary.exhausted);
    exit::code(verdict, summary.models, summary.exhausted)
}

fn print_verdict(verdict: Verdict, solutions: usize, exhausted: bool) {
    use std::io::Write;
    let more = if exhausted { "" } else { "+" };
    // a closed pipe (`| head`) is not an error worth a panic
    let _ = write!(
        std::io::stdout().lock(),
        "{}\n\nSolutions    : {solutions}{more}\n",
        verdict.text(),
    );
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
