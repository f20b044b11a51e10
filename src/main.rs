//! The `aspsat` command line: flags in, exit code out. Everything else lives in the library.

use aspsat::clingo_flags::{self, ClingoFlags};
use aspsat::commands::{self, ProgramArgs, SolveArgs};
use aspsat::ground::undefined::Warnings;
use aspsat::solve::optimize::{OptMode, OptStrategy};
use aspsat::translate::acyclic::AcycEncoding;
use aspsat::translate::card::CardEncoding;
use aspsat::translate::pb::PbEncoding;
use aspsat::translate::{EncodingOptions, TranslationKind};
use clap::{Args, CommandFactory, Parser, Subcommand};

// The grounder allocates many small, short-lived vectors (rows, terms, rule instances);
// mimalloc serves them faster than the system allocator (gbie's grounding: 20 % less time).
// Built without transparent huge pages (feature `no_thp`): with them, partner units 100 peaked
// at 159 MB instead of the system allocator's 125 MB.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's `mi_option_purge_delay` (libmimalloc-sys names only some options; this is its
/// place in mimalloc 3's `mi_option_e`): 0 returns freed memory to the OS at once, where the
/// default 10 ms delay keeps the peak resident memory of a fast grounding a third higher
/// (gbie: 172 MB against 127 MB, the system allocator's 131 MB).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

#[derive(Parser)]
#[command(
    name = "aspsat",
    version,
    about = "Answer set programs (clingo language) compiled to SAT"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Args)]
struct Program {
    /// Program files, or one file in gringo's aspif format (none or `-`: standard input)
    files: Vec<String>,
    /// Replace `#const NAME = ...` (NAME=VALUE)
    #[arg(short = 'c', long = "const", value_name = "NAME=VALUE")]
    consts: Vec<String>,
    /// Stop grounding beyond this many ground atoms plus rules
    #[arg(long, value_name = "SIZE")]
    max_ground: Option<usize>,
    /// Cardinality encoding of choice bounds and #count
    #[arg(long, value_name = "ENC", value_enum, default_value_t)]
    card_encoding: CardEncoding,
    /// Pseudo-Boolean encoding of #sum and optimization bounds
    #[arg(long, value_name = "ENC", value_enum, default_value_t)]
    pb_encoding: PbEncoding,
    /// Encoding of #edge acyclicity
    #[arg(long, value_name = "ENC", value_enum, default_value_t)]
    acyc_encoding: AcycEncoding,
    /// clingo's infos to print (-W, repeatable): none, all, [no-]atom-undefined (body atoms
    /// whose predicate is in no head), [no-]operation-undefined; both are on by default
    #[arg(short = 'W', long = "warn", value_name = "WARN", value_parser = warning_flag)]
    warn: Vec<String>,
}

/// A `-W` value, checked when the command line is read.
fn warning_flag(value: &str) -> Result<String, String> {
    Warnings::from_flags(&[value.to_string()]).map(|_| value.to_string())
}

impl Program {
    fn args(&self) -> ProgramArgs {
        ProgramArgs {
            files: self.files.clone(),
            consts: self.consts.clone(),
            max_ground: self.max_ground,
            encodings: EncodingOptions {
                card: self.card_encoding,
                pb: self.pb_encoding,
                acyc: self.acyc_encoding,
            },
            warnings: Warnings::from_flags(&self.warn).expect("checked by warning_flag"),
        }
    }
}

#[derive(Args)]
struct SolverFlags {
    /// SAT back end: varisat (embedded, default), cadical-embedded (if built in), an installed
    /// solver (cadical, kissat, minisat, glucose, cryptominisat5, picosat) or the path of any
    /// solver printing SAT-competition output
    #[arg(long, value_name = "NAME|PATH", default_value = "varisat")]
    solver: String,
    /// Extra arguments for an external solver, split at whitespace (e.g. --solver-args="-t 60")
    #[arg(long, value_name = "ARGS", allow_hyphen_values = true)]
    solver_args: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Compute answer sets (a trailing bare integer is the number of models, as in clingo)
    #[command(long_about = SOLVE_HELP)]
    Solve {
        #[command(flatten)]
        program: Program,
        /// Number of models to compute (0: all)
        #[arg(short = 'n', long = "models", value_name = "N")]
        models: Option<usize>,
        /// clingo's --outf=2 JSON document instead of text
        #[arg(long)]
        json: bool,
        /// Sizes and times of grounding, translation and solving; =2 adds the rules by kind,
        /// the CNF by origin and the SAT calls' times
        #[arg(long, value_name = "LEVEL", num_args = 0..=1, require_equals = true,
              default_missing_value = "1", value_parser = clap::value_parser!(u8).range(0..=2))]
        stats: Option<u8>,
        /// Enumerate distinct shown projections instead of distinct answer sets
        #[arg(long)]
        project: bool,
        /// Stop after this many seconds (UNKNOWN, exit 1); 0: no limit
        #[arg(long, value_name = "SECS")]
        time_limit: Option<f64>,
        #[command(flatten)]
        solver: SolverFlags,
        /// How positive loops of non-tight programs are handled
        #[arg(long, value_name = "KIND", value_enum, default_value_t)]
        translation: TranslationKind,
        /// Optimization mode (clingo's --opt-mode)
        #[arg(long, value_name = "MODE", value_enum, default_value_t)]
        opt_mode: OptMode,
        /// How each priority level is minimized (clingo's --opt-strategy): bb, usc or auto
        #[arg(long, value_name = "STRATEGY", value_enum, default_value_t)]
        opt_strategy: OptStrategy,
        /// Check every model against the ground program before printing it (a stable-model
        /// check independent of the translation; always on in debug builds)
        #[arg(long)]
        check: bool,
        /// Incremental mode: start every step over (all steps re-grounded, a new solver);
        /// a baseline to measure the one-solver mode against
        #[arg(long)]
        inc_reground: bool,
        #[command(flatten)]
        clingo: ClingoFlags,
        /// Ground and translate, print the statistics (with --stats) and stop before searching
        /// (UNKNOWN, exit 1)
        #[arg(long)]
        sizes_only: bool,
    },
    /// Print the ground program
    #[command(long_about = GROUND_HELP)]
    Ground {
        #[command(flatten)]
        program: Program,
        /// Write gringo's intermediate format (aspif, as `clingo --mode=gringo`) for clingo's
        /// solver: `aspsat ground --aspif P | clingo -`
        #[arg(long)]
        aspif: bool,
    },
    /// Write the program as DIMACS CNF with a `c atom VAR SYMBOL` symbol map
    #[command(long_about = DIMACS_HELP)]
    Dimacs {
        #[command(flatten)]
        program: Program,
        /// Output file (default: standard output)
        #[arg(short = 'o', long = "output", value_name = "OUT")]
        output: Option<String>,
        /// Write the symbol map to this file instead of into the CNF's comments
        #[arg(long, value_name = "FILE")]
        map: Option<String>,
        /// MaxSAT WCNF (MaxSAT Evaluation 2022 format): the CNF as hard clauses, the objective
        /// as soft clauses (priorities combined exactly by scaling)
        #[arg(long)]
        wcnf: bool,
        /// ranking: models are the answer sets; unique-ranking: exactly one model per answer
        /// set (for #SAT and AllSAT tools)
        #[arg(long, value_name = "KIND", value_enum, default_value = "ranking")]
        translation: TranslationKind,
    },
    /// Print the answer set in a SAT solver's output for a CNF written by `aspsat dimacs`
    /// (SAT-competition `s`/`v` output, minisat's and glucose's result file, or a MaxSAT
    /// solver's output for `aspsat dimacs --wcnf`)
    #[command(long_about = DECODE_HELP)]
    Decode {
        /// The CNF or WCNF written by `aspsat dimacs`
        cnf: String,
        /// The solver's output (`-` or none: standard input)
        #[arg(default_value = "-")]
        solver_output: String,
        /// The symbol map written by `aspsat dimacs --map FILE`
        #[arg(long, value_name = "FILE")]
        map: Option<String>,
        /// clingo's --outf=2 JSON document instead of text
        #[arg(long)]
        json: bool,
    },
    /// Solve and draw a seed puzzle given in its own notation (`aspsat puzzle KIND --help`)
    Puzzle {
        #[command(subcommand)]
        kind: aspsat::puzzles::PuzzleCommand,
    },
    /// Run encodings × instances × option sets and compare sizes, times, models and verdicts
    /// (locally in parallel, or as a job list for GNU parallel or Slurm)
    Compare(aspsat::compare::CompareArgs),
}

const SOLVE_HELP: &str = "\
Computes the answer sets of a clingo-language program and prints them as clingo 5.8 does
(`Answer: K`, the shown atoms, SATISFIABLE / UNSATISFIABLE / OPTIMUM FOUND, `Models : N`).
`aspsat FILE... [N]` without a subcommand means `aspsat solve`, and clingo's options work:
-n N, -c NAME=VALUE, --outf=0|1|2|3, -q, -V0, --time-limit, --opt-mode, --enum-mode=brave|
cautious, --project, --stats, -W, -t and --seed (the last two accepted with a note).
Exit codes are clingo's: 10 satisfiable, 20 unsatisfiable, 30 all models found or optimum
proven, 65 input error, 1 interrupted (11 after models); 69 when the SAT back end fails.

Examples:
  aspsat solve encodings/flowerfinder.lp 0         all answer sets
  aspsat queens.lp -c n=8 --outf=2 -n 3            three, as clingo's JSON
  aspsat prog.lp --enum-mode=cautious              atoms true in every answer set
  aspsat prog.lp --solver cadical --time-limit 60  an installed SAT solver, one minute";

const GROUND_HELP: &str = "\
Prints the ground program in clingo's rule syntax (facts first, then rules, shows), with the
answer sets of the program; or, with --aspif, in gringo's intermediate format for clingo's
solver. The encoding options below do not change the ground program (they choose how
`solve` and `dimacs` encode it).

Examples:
  aspsat ground encodings/jodici.lp instances/jodici_1.lp
  aspsat ground --aspif prog.lp | clingo - 0";

const DIMACS_HELP: &str = "\
Writes the program as DIMACS CNF whose models are exactly its answer sets (level ranking for
non-tight programs), with the symbol map in comments: `c atom VAR SYMBOL` (the shown atom is
true when VAR is), `c fact SYMBOL` (shown in every answer set) and `c cost PRIORITY WEIGHT LIT`
(the objective). Any SAT solver can solve it; `aspsat decode` reads its answer back.

Examples:
  aspsat dimacs encodings/flowerfinder.lp -o ff.cnf
  aspsat dimacs prog.lp -o prog.cnf --map prog.map   the map in its own file";

const DECODE_HELP: &str = "\
Reads a SAT solver's answer for a CNF written by `aspsat dimacs` and prints the answer set it
encodes as `aspsat solve` prints one (with `Optimization:` when the CNF has `c cost` lines),
after checking that the model satisfies the CNF. Reads SAT-competition output (`s`/`v` lines:
cadical, kissat, cryptominisat5, picosat, glucose -model) and minisat's result file.

Example:
  aspsat dimacs encodings/flowerfinder.lp -o ff.cnf
  cadical ff.cnf > ff.out; aspsat decode ff.cnf ff.out";

/// Parses the command line, with clingo's spellings (see [`clingo_flags`]).
fn parse_command_line() -> Result<Cli, i32> {
    let subcommands: Vec<String> = Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    let piped_input = !std::io::IsTerminal::is_terminal(&std::io::stdin());
    let args = clingo_flags::rewrite(std::env::args_os().collect(), &subcommands, piped_input);
    Cli::try_parse_from(args).map_err(clingo_flags::usage_error)
}

/// glibc raises its mmap threshold (up to 32 MiB) whenever a large block it mapped is freed;
/// later large blocks (the token vector of the next file, the grounder's tables) then come from
/// the heap, where what is freed is not given back, and the peak resident size keeps them all
/// (gbie 1 with its 82,000 facts: 151 MB, 129 MB with the threshold fixed). A fixed threshold
/// keeps every block above 128 KiB in a mapping of its own, returned to the system when freed.
fn fix_mmap_threshold() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets an allocator parameter; it is called before any thread starts.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
    }
}

fn main() {
    // SAFETY: sets a plain integer option of the allocator, before any thread starts.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 0) };
    fix_mmap_threshold();
    let cli = match parse_command_line() {
        Ok(cli) => cli,
        Err(code) => std::process::exit(code),
    };
    let code = match cli.command {
        Command::Solve {
            program,
            models,
            json,
            stats,
            project,
            time_limit,
            solver,
            translation,
            opt_mode,
            opt_strategy,
            check,
            inc_reground,
            clingo,
            sizes_only,
        } => {
            let mut args = program.args();
            let count = commands::take_model_count(&mut args.files).or(models);
            let mut solve_args = SolveArgs {
                program: args,
                models: count.unwrap_or(1),
                models_given: count.is_some(),
                json,
                stats: stats.unwrap_or(0),
                project,
                time_limit,
                solver: solver.solver,
                solver_args: solver.solver_args,
                translation,
                opt_mode,
                opt_strategy,
                check,
                inc_reground,
                sizes_only,
                ..SolveArgs::default()
            };
            match clingo.apply(&mut solve_args) {
                Ok(()) => commands::solve(&solve_args),
                Err(e) => {
                    eprintln!("aspsat: error: {e}");
                    clingo_flags::USAGE
                }
            }
        }
        Command::Ground { program, aspif } => commands::ground(&program.args(), aspif),
        Command::Dimacs {
            program,
            output,
            map,
            wcnf,
            translation,
        } => commands::dimacs(&commands::DimacsArgs {
            program: program.args(),
            output,
            map,
            wcnf,
            translation,
        }),
        Command::Decode {
            cnf,
            solver_output,
            map,
            json,
        } => commands::decode(&cnf, &solver_output, map.as_deref(), json),
        Command::Puzzle { kind } => aspsat::puzzles::run(kind),
        Command::Compare(args) => aspsat::compare::run(&args),
    };
    std::process::exit(code);
}
