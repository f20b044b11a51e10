//! clingo's command-line habits, understood by `aspsat`: `aspsat FILE... [N]` means
//! `aspsat solve FILE... [N]`; `solve` takes clingo's `--outf`, `-q`/`--quiet`, `-V`/`--verbose`
//! and `-t`/`--parallel-mode` spellings; and an option aspsat does not have gets a message that
//! names what aspsat offers instead (not clap's tip to pass it as a value).

use crate::commands::SolveArgs;
use crate::output::{Format, ModelsShown, Style};
use crate::solve::consequences::ConsequenceMode;
use std::ffi::OsString;

/// The exit code of a command line aspsat does not understand (clap's; clingo exits 1, which
/// aspsat keeps for interrupted runs).
pub const USAGE: i32 = 2;

/// clingo's options of `aspsat solve` (flattened into its arguments).
#[derive(clap::Args, Clone, Debug, Default)]
pub struct ClingoFlags {
    /// Output format as clingo's --outf: 0 text (default), 1 ASP competition output, 2 JSON
    /// (same as --json), 3 nothing (the exit code is the answer)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=3))]
    pub outf: Option<u8>,
    /// Models printed, as clingo's --quiet=M[,O[,C]]: 0 all, 1 only the last, 2 none (-q: 2).
    /// Costs are printed with their models (O must equal M); C (calls) has no effect: aspsat
    /// makes one call
    #[arg(
        short = 'q',
        long,
        value_name = "M[,O[,C]]",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "2"
    )]
    pub quiet: Option<String>,
    /// Verbosity as clingo's --verbose=N (-VN): 0 prints only the models and the verdict
    #[arg(
        long,
        value_name = "N",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "1"
    )]
    pub verbose: Option<u8>,
    /// Accepted for clingo's -t N / --parallel-mode=N[,MODE]; aspsat searches with one thread
    #[arg(short = 't', long = "parallel-mode", value_name = "N[,MODE]")]
    pub parallel_mode: Option<String>,
    /// clingo's --enum-mode: brave (the shown atoms of some answer set) or cautious (of every
    /// one), printed as clingo after each improving model with `Consequences: [L;U]`; auto,
    /// bt and record enumerate answer sets (aspsat has one way)
    #[arg(short = 'e', long, value_name = "MODE",
          value_parser = ["auto", "bt", "record", "brave", "cautious"])]
    pub enum_mode: Option<String>,
    /// Accepted for clingo's --seed=N; varisat's search has no random seed (an external
    /// solver's goes in --solver-args)
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

impl ClingoFlags {
    /// Sets the output of `args` from these flags; an error for a value aspsat cannot honour.
    pub fn apply(&self, args: &mut SolveArgs) -> Result<(), String> {
        match self.outf {
            Some(1) => args.format = Some(Format::Competition),
            Some(3) => args.format = Some(Format::Silent),
            Some(2) => args.json = true,
            _ => {}
        }
        let mut style = Style {
            // the competition output shows the last model unless told otherwise, as clingo
            models: if self.outf == Some(1) {
                ModelsShown::Last
            } else {
                ModelsShown::All
            },
            terse: self.verbose == Some(0),
        };
        if let Some(q) = &self.quiet {
            style.models = quiet_models(q)?;
        }
        args.style = style;
        if let Some(p) = &self.parallel_mode {
            eprintln!("aspsat: note: --parallel-mode={p} ignored: aspsat searches with one thread");
        }
        args.consequences = match self.enum_mode.as_deref() {
            Some("brave") => Some(ConsequenceMode::Brave),
            Some("cautious") => Some(ConsequenceMode::Cautious),
            _ => None,
        };
        if let Some(seed) = self.seed {
            eprintln!(
                "aspsat: note: --seed={seed} ignored: varisat's search has no random seed (an \
                 external solver's seed goes in --solver-args)"
            );
        }
        Ok(())
    }
}

/// clingo's `--quiet=M[,O[,C]]` as the models to print.
fn quiet_models(value: &str) -> Result<ModelsShown, String> {
    let levels: Vec<&str> = value.split(',').collect();
    let level = |s: &str| match s.trim() {
        "0" => Ok(ModelsShown::All),
        "1" => Ok(ModelsShown::Last),
        "2" => Ok(ModelsShown::None),
        other => Err(format!(
            "--quiet={value}: '{other}' is not 0 (all), 1 (the last) or 2 (none)"
        )),
    };
    if levels.len() > 3 {
        return Err(format!("--quiet={value}: at most three levels, M,O,C"));
    }
    let models = level(levels[0])?;
    if let Some(costs) = levels.get(1)
        && level(costs)? != models
    {
        return Err(format!(
            "--quiet={value}: aspsat prints costs with their models, so O must equal M (use --quiet={})",
            levels[0]
        ));
    }
    if let Some(calls) = levels.get(2) {
        level(calls)?;
    }
    Ok(models)
}

/// The command line with clingo's spellings made aspsat's: `solve` inserted when the first
/// argument is not one of `subcommands` (nor help or version), or when there is none and the
/// program comes from standard input (`piped_input`: not a terminal, as `clingo < prog.lp`);
/// and in `solve`'s arguments
/// `-VN` → `--verbose=N`, `-qM[,O,C]` → `--quiet=M[,O,C]`, `--stats=N[,T]` → `--stats=N` (up to a
/// `--`).
pub fn rewrite(args: Vec<OsString>, subcommands: &[String], piped_input: bool) -> Vec<OsString> {
    let mut args = args.into_iter();
    let mut out: Vec<OsString> = args.next().into_iter().collect();
    let rest: Vec<OsString> = args.collect();
    let first = rest.first().and_then(|a| a.to_str());
    let solve = match first {
        None if piped_input => {
            out.push("solve".into());
            true
        }
        None => false,
        Some("-h" | "--help" | "-V" | "--version" | "help") => false,
        Some(name) if subcommands.iter().any(|s| s == name) => name == "solve",
        Some(_) => {
            out.push("solve".into());
            true
        }
    };
    let mut after_dashes = false;
    for arg in rest {
        let dashes = arg == "--";
        match arg.to_str() {
            Some(text) if solve && !after_dashes => out.push(clingo_spelling(text).into()),
            _ => out.push(arg),
        }
        after_dashes |= dashes;
    }
    out
}

/// One argument of `solve` in aspsat's spelling.
fn clingo_spelling(arg: &str) -> String {
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit() || c == ',');
    if let Some(level) = arg.strip_prefix("-V")
        && digits(level)
    {
        return format!("--verbose={level}");
    }
    if let Some(level) = arg.strip_prefix("-q")
        && digits(level)
    {
        return format!("--quiet={level}");
    }
    if let Some(level) = arg.strip_prefix("--stats=")
        && digits(level)
    {
        // clingo's `--stats=N[,T]`: the level, above 2 as 2 (clingo accepts it too)
        let n: u32 = level.split(',').next().unwrap_or("1").parse().unwrap_or(1);
        return format!("--stats={}", n.min(2));
    }
    arg.to_string()
}

/// What aspsat offers for a clingo option it does not have.
fn equivalent(option: &str) -> &'static str {
    let name = option.trim_start_matches('-');
    let name = name.split('=').next().unwrap_or(name);
    match name {
        "text" | "mode" | "pre" => {
            "`aspsat ground FILE...` prints the ground program; `aspsat dimacs FILE...` writes the CNF"
        }
        "models" | "n" => "-n N or a trailing number (`aspsat prog.lp 0`)",
        "opt-mode" => "--opt-mode opt|optN|enum|ignore",
        "time-limit" => "--time-limit SECS (0: no limit)",
        "outf" | "o" => "--outf=0|1|2|3 (2 is --json)",
        "const" | "c" => "-c NAME=VALUE",
        "project" => "--project",
        "rand-freq" | "configuration" | "heuristic" | "opt-strategy" | "restarts"
        | "sat-prepro" | "trans-ext" | "eq" | "backprop" | "sign-def" | "opt-heuristic"
        | "lookahead" | "deletion" | "del-cfl" | "solve-limit" => {
            "none: clasp's search options have no counterpart; aspsat's search is its SAT solver's (`--solver NAME|PATH`, `--solver-args ARGS`)"
        }
        _ => {
            "see `aspsat solve --help` (clingo's -n, -c, --outf, -q, -V, --time-limit, -t, --opt-mode, --enum-mode, --project, --stats, -W and --seed are understood)"
        }
    }
}

/// Prints a command-line error and returns the exit code: an unknown option gets its aspsat
/// equivalent; everything else (help and version included) is clap's.
pub fn usage_error(error: clap::Error) -> i32 {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if error.kind() == ErrorKind::UnknownArgument
        && let Some(ContextValue::String(option)) = error.get(ContextKind::InvalidArg)
    {
        eprintln!(
            "aspsat: error: unknown option '{option}'; aspsat's equivalent: {}",
            equivalent(option)
        );
        return USAGE;
    }
    let _ = error.print();
    error.exit_code()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewritten(args: &[&str]) -> Vec<String> {
        let subcommands: Vec<String> = ["solve", "ground", "dimacs", "decode", "puzzle"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let args = std::iter::once("aspsat")
            .chain(args.iter().copied())
            .map(OsString::from)
            .collect();
        rewrite(args, &subcommands, false)
            .into_iter()
            .skip(1)
            .map(|a| a.into_string().unwrap())
            .collect()
    }

    #[test]
    fn files_alone_mean_solve() {
        assert_eq!(rewritten(&["p.lp", "0"]), ["solve", "p.lp", "0"]);
        assert_eq!(
            rewritten(&["-n", "0", "p.lp"]),
            ["solve", "-n", "0", "p.lp"]
        );
        assert_eq!(rewritten(&["ground", "p.lp"]), ["ground", "p.lp"]);
        assert_eq!(rewritten(&["--help"]), ["--help"]);
        assert_eq!(rewritten(&["-V"]), ["-V"]);
        assert!(rewritten(&[]).is_empty());
        let piped = rewrite(vec!["aspsat".into()], &[], true);
        assert_eq!(piped, ["aspsat", "solve"]);
    }

    #[test]
    fn clingo_spellings_of_solve_options() {
        assert_eq!(
            rewritten(&["-V0", "-q1", "--stats=2,1", "p.lp"]),
            ["solve", "--verbose=0", "--quiet=1", "--stats=2", "p.lp"]
        );
        assert_eq!(rewritten(&["solve", "-q2,2,2"]), ["solve", "--quiet=2,2,2"]);
        // only solve's options, and nothing after `--`
        assert_eq!(rewritten(&["ground", "-V0"]), ["ground", "-V0"]);
        assert_eq!(
            rewritten(&["p.lp", "--", "-V0"]),
            ["solve", "p.lp", "--", "-V0"]
        );
    }

    #[test]
    fn quiet_levels() {
        assert_eq!(quiet_models("0"), Ok(ModelsShown::All));
        assert_eq!(quiet_models("1"), Ok(ModelsShown::Last));
        assert_eq!(quiet_models("2,2,0"), Ok(ModelsShown::None));
        assert!(quiet_models("0,2").is_err());
        assert!(quiet_models("3").is_err());
        assert!(quiet_models("1,1,1,1").is_err());
    }

    #[test]
    fn unknown_options_name_their_equivalent() {
        assert!(equivalent("--text").contains("aspsat ground"));
        assert!(equivalent("--rand-freq=0.1").contains("--solver"));
        assert!(equivalent("--frobnicate").contains("aspsat solve --help"));
    }
}
