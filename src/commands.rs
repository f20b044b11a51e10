//! The subcommands behind the CLI, each returning the process exit code (clingo's codes: 10
//! satisfiable, 20 unsatisfiable, 30 satisfiable and exhausted, 65 input error, 1 interrupted or
//! unknown, 11 interrupted after models), plus 69 when the SAT solver is missing or fails.

use crate::cnf::dimacs::{self, SolverAnswer, SymbolMap};
use crate::ground::GroundOptions;
use crate::output::{Format, Printer, Verdict};
use crate::solve::optimize::{OptMode, optimize};
use crate::solve::{Outcome, SolveOptions, SolverChoice};
use crate::syntax::Diagnostic;
use crate::translate::{EncodingOptions, TranslationKind, Value};
use crate::{Compiled, compile_encoded, load, parse_const_override};
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub const EXIT_INTERRUPTED: i32 = 1;
pub const EXIT_SAT: i32 = 10;
pub const EXIT_UNSAT: i32 = 20;
pub const EXIT_EXHAUSTED: i32 = 30;
pub const EXIT_INPUT_ERROR: i32 = 65;
/// The SAT back end is unavailable or failed (missing binary, crash, output that is not an
/// answer, a wrong model): no verdict. (sysexits' EX_UNAVAILABLE; clingo has no such case.)
pub const EXIT_SOLVER_ERROR: i32 = 69;

/// Options shared by the commands that read programs.
#[derive(Clone, Debug, Default)]
pub struct ProgramArgs {
    pub files: Vec<String>,
    pub consts: Vec<String>,
    pub max_ground: Option<usize>,
    /// Cardinality and pseudo-Boolean encodings (`solve` and `dimacs`).
    pub encodings: EncodingOptions,
}

#[derive(Clone, Debug, Default)]
pub struct SolveArgs {
    pub program: ProgramArgs,
    pub models: usize,
    pub json: bool,
    pub stats: bool,
    pub project: bool,
    pub time_limit: Option<f64>,
    /// `--solver NAME|PATH` (empty: varisat) and `--solver-args`.
    pub solver: String,
    pub solver_args: Option<String>,
    /// How positive loops of non-tight programs are handled.
    pub translation: TranslationKind,
    pub opt_mode: OptMode,
    /// Check every model against the ground program (always on in debug builds).
    pub check: bool,
}

/// Exit code for a model that fails the independent check: a bug in aspsat, never printed as
/// an answer.
pub const EXIT_INTERNAL: i32 = 70;

fn report(d: &Diagnostic) {
    eprintln!("{d}");
}

/// Loads, grounds and translates; prints diagnostics. `Err` carries the exit code.
fn build(args: &ProgramArgs, kind: TranslationKind) -> Result<Compiled, i32> {
    let fail = |d: Diagnostic| {
        report(&d);
        EXIT_INPUT_ERROR
    };
    let mut options = GroundOptions::default();
    for c in &args.consts {
        options
            .const_overrides
            .push(parse_const_override(c).map_err(fail)?);
    }
    if let Some(m) = args.max_ground {
        options.max_size = m;
    }
    let statements = load::load(&args.files).map_err(fail)?;
    let compiled = compile_encoded(&statements, &options, kind, args.encodings).map_err(fail)?;
    for info in &compiled.infos {
        report(info);
    }
    Ok(compiled)
}

/// Stops the run from another thread (time limit, Ctrl-C), unless it already printed its verdict:
/// kills external solvers, removes their temporary files, prints UNKNOWN and exits 1 (11 after
/// models).
fn interrupt(printer: &Mutex<Printer>) {
    let mut p = printer.lock().unwrap_or_else(|e| e.into_inner());
    if p.is_finished() {
        // The run already printed its verdict and is exiting with its own code.
        return;
    }
    crate::solve::external::abort_all();
    let code = if p.models() > 0 {
        EXIT_SAT | EXIT_INTERRUPTED
    } else {
        EXIT_INTERRUPTED
    };
    p.finish(Verdict::Unknown, true);
    std::process::exit(code);
}

/// Ends a run whose SAT back end failed (exit 69) or gave up (UNKNOWN, exit 1 or 11).
fn solver_failure(error: &str, gave_up: bool, p: &mut Printer) -> i32 {
    p.finish(Verdict::Unknown, true);
    if gave_up {
        eprintln!("aspsat: {error}");
        if p.models() > 0 {
            EXIT_SAT | EXIT_INTERRUPTED
        } else {
            EXIT_INTERRUPTED
        }
    } else {
        eprintln!("aspsat: error: {error}");
        EXIT_SOLVER_ERROR
    }
}

pub fn solve(args: &SolveArgs) -> i32 {
    let solver = match SolverChoice::resolve(&args.solver, args.solver_args.as_deref()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("aspsat: error: {e}");
            return EXIT_SOLVER_ERROR;
        }
    };
    let format = if args.json {
        Format::Json
    } else {
        Format::Text
    };
    let printer = Arc::new(Mutex::new(Printer::new(
        format,
        args.stats,
        args.program.files.clone(),
    )));
    printer.lock().unwrap().begin();
    if let Some(limit) = args.time_limit {
        let printer = printer.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_secs_f64(limit.max(0.0)));
            interrupt(&printer);
        });
    }
    {
        // Ctrl-C (and SIGTERM/SIGHUP): as the time limit. Only the first call in a process
        // can install it.
        let printer = printer.clone();
        let _ = ctrlc::set_handler(move || interrupt(&printer));
    }
    let compiled = match build(&args.program, args.translation) {
        Ok(c) => c,
        Err(code) => return code,
    };
    {
        let mut p = printer.lock().unwrap();
        p.stats.ground_atoms = compiled.program.num_atoms();
        p.stats.ground_rules = compiled.ground_rules;
        p.stats.cnf_vars = compiled.translation.cnf.num_vars();
        p.stats.cnf_clauses = compiled.translation.cnf.num_clauses();
        p.stats.ground_time = compiled.ground_time;
        p.stats.translate_time = compiled.translate_time;
        p.stats.encoding = compiled.translation.encoding_stats;
    }
    let mut backend = solver.backend(compiled.translation.cnf.num_vars());
    crate::solve::load(backend.as_mut(), &compiled.translation.cnf);
    let symbols = &compiled.program.symbols;
    let texts = |model: &crate::solve::Model| -> Vec<String> {
        model.iter().map(|s| symbols.to_string(*s)).collect()
    };
    let check = args.check || cfg!(debug_assertions);
    let verify = |cnf_model: &[bool]| {
        if !check {
            return;
        }
        let values = crate::solve::atom_values(&compiled.translation, cnf_model);
        if let Err(e) = crate::solve::check::check_model(&compiled.program, &values) {
            eprintln!("aspsat: internal error: a computed model fails the stable-model check: {e}");
            std::process::exit(EXIT_INTERNAL);
        }
    };
    let optimizing = !compiled.translation.objective.is_empty() && args.opt_mode != OptMode::Ignore;
    if optimizing && args.opt_mode != OptMode::Enum {
        let result = optimize(
            &compiled.program,
            &compiled.translation,
            backend.as_mut(),
            args.opt_mode,
            args.models,
            &mut |model: &crate::solve::Model,
                  cnf_model: &[bool],
                  costs: &[i64],
                  optimal_phase: bool| {
                verify(cnf_model);
                let mut p = printer.lock().unwrap();
                if optimal_phase && p.models() > 0 && !p.in_optimal_phase() {
                    p.begin_optimal_models();
                }
                p.model(texts(model), Some(costs.to_vec()));
            },
        );
        let mut p = printer.lock().unwrap();
        return match result {
            Err(e) => solver_failure(&e, backend.gave_up(), &mut p),
            Ok((optimum, stats)) => {
                p.record(&stats);
                p.set_optimal_models(optimum.optimal_models);
                p.stats.bound_encoding = optimum.bound_stats;
                match optimum.outcome {
                    Outcome::Unsatisfiable => {
                        p.finish(Verdict::Unsatisfiable, false);
                        EXIT_UNSAT
                    }
                    Outcome::Satisfiable { exhausted: true } => {
                        p.finish(Verdict::OptimumFound, false);
                        EXIT_EXHAUSTED
                    }
                    Outcome::Satisfiable { exhausted: false } => {
                        p.finish(Verdict::OptimumFound, true);
                        EXIT_EXHAUSTED
                    }
                }
            }
        };
    }
    let options = SolveOptions {
        max_models: args.models,
        project: args.project,
    };
    let tr = &compiled.translation;
    let result = crate::solve::enumerate(
        &compiled.program,
        &compiled.translation,
        backend.as_mut(),
        &options,
        &mut |model, cnf_model| {
            verify(cnf_model);
            let costs = optimizing.then(|| crate::solve::optimize::costs(tr, cnf_model));
            printer.lock().unwrap().model(texts(model), costs);
        },
    );
    let mut p = printer.lock().unwrap();
    match result {
        Err(e) => solver_failure(&e, backend.gave_up(), &mut p),
        Ok((outcome, stats)) => {
            p.record(&stats);
            match outcome {
                Outcome::Unsatisfiable => {
                    p.finish(Verdict::Unsatisfiable, false);
                    EXIT_UNSAT
                }
                Outcome::Satisfiable { exhausted } => {
                    p.finish(Verdict::Satisfiable, !exhausted);
                    if exhausted { EXIT_EXHAUSTED } else { EXIT_SAT }
                }
            }
        }
    }
}

pub fn ground(args: &ProgramArgs) -> i32 {
    let statements = match load::load(&args.files) {
        Ok(s) => s,
        Err(d) => {
            report(&d);
            return EXIT_INPUT_ERROR;
        }
    };
    let mut options = GroundOptions::default();
    for c in &args.consts {
        match parse_const_override(c) {
            Ok(o) => options.const_overrides.push(o),
            Err(d) => {
                report(&d);
                return EXIT_INPUT_ERROR;
            }
        }
    }
    if let Some(m) = args.max_ground {
        options.max_size = m;
    }
    match crate::ground::ground(&statements, &options) {
        Ok(g) => {
            for info in &g.infos {
                report(info);
            }
            print!("{}", g.program.to_text());
            0
        }
        Err(d) => {
            report(&d);
            EXIT_INPUT_ERROR
        }
    }
}

/// The symbol map for a translation: shown atoms with variables, and shown facts.
pub fn symbol_map(compiled: &Compiled) -> SymbolMap {
    let mut map = SymbolMap::default();
    let symbols = &compiled.program.symbols;
    for shown in &compiled.translation.shown {
        match shown.value {
            Value::True => map.facts.push(symbols.to_string(shown.sym)),
            Value::Lit(l) => {
                debug_assert!(l > 0, "shown values are positive literals");
                map.atoms.push((l as u32, symbols.to_string(shown.sym)));
            }
            Value::False => {}
        }
    }
    for level in &compiled.translation.objective {
        for &(value, weight) in &level.terms {
            match value {
                Value::True => map.costs.push((level.priority, weight, 0)),
                Value::Lit(l) => map.costs.push((level.priority, weight, l)),
                Value::False => {}
            }
        }
    }
    map
}

/// Writes the CNF to `output` (default: standard output); with `map_file`, the symbol map goes
/// there instead of into the CNF's comments.
pub fn dimacs(args: &ProgramArgs, output: Option<&str>, map_file: Option<&str>) -> i32 {
    // The exported CNF must be exact on its own: level ranking for non-tight programs.
    let compiled = match build(args, TranslationKind::Ranking) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let map = symbol_map(&compiled);
    let header = vec![
        format!(
            "{} dimacs {}",
            crate::output::VERSION_LINE,
            args.files.join(" ")
        ),
        "models restricted to the 'c atom' variables are the answer sets' shown atoms".to_string(),
    ];
    let (cnf_map, header) = match map_file {
        None => (map, header),
        Some(path) => {
            let map_header = vec![
                header[0].clone(),
                "symbol map: the shown atoms of the CNF's models, restricted to these variables"
                    .to_string(),
            ];
            let written = std::fs::File::create(path)
                .and_then(|mut f| dimacs::write_map(&mut f, &map, &map_header));
            if let Err(e) = written {
                eprintln!("aspsat: error: cannot write the symbol map to '{path}': {e}");
                return EXIT_INTERRUPTED;
            }
            (SymbolMap::default(), vec![header[0].clone()])
        }
    };
    let result = match output {
        Some(path) => std::fs::File::create(path)
            .and_then(|mut f| dimacs::write(&mut f, &compiled.translation.cnf, &cnf_map, &header)),
        None => dimacs::write(
            &mut std::io::stdout(),
            &compiled.translation.cnf,
            &cnf_map,
            &header,
        ),
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("aspsat: error: cannot write DIMACS: {e}");
            EXIT_INTERRUPTED
        }
    }
}

/// Prints the answer set encoded in a SAT solver's output for a CNF written by `aspsat dimacs`.
/// The symbol map comes from `map_path` when given (`aspsat dimacs --map`), else from the CNF's
/// comments.
pub fn decode(cnf_path: &str, answer_path: &str, map_path: Option<&str>) -> i32 {
    let read = |p: &str| {
        std::fs::read(p)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .map_err(|e| format!("cannot read '{p}': {e}"))
    };
    let result = (|| -> Result<i32, String> {
        let (cnf, mut map) =
            dimacs::read(&read(cnf_path)?).map_err(|e| format!("{cnf_path}: {e}"))?;
        if let Some(m) = map_path {
            map = dimacs::read_map(&read(m)?).map_err(|e| format!("{m}: {e}"))?;
        }
        if map_path.is_none() && map.atoms.is_empty() && map.facts.is_empty() {
            eprintln!(
                "aspsat: warning: {cnf_path} has no 'c atom'/'c fact' lines; if it was written \
                 with `aspsat dimacs --map FILE`, pass --map FILE"
            );
        }
        if let Some((v, sym)) = map
            .atoms
            .iter()
            .find(|(v, _)| *v == 0 || *v > cnf.num_vars())
        {
            return Err(format!(
                "the symbol map gives {sym} variable {v}, but {cnf_path} has variables 1..{}",
                cnf.num_vars()
            ));
        }
        let answer = dimacs::read_answer(&read(answer_path)?, cnf.num_vars())
            .map_err(|e| format!("{answer_path}: {e}"))?;
        println!("{}", crate::output::VERSION_LINE);
        println!("Reading from {cnf_path} and {answer_path}");
        match answer {
            SolverAnswer::Sat(model) => {
                if !cnf.satisfied_by(&model) {
                    return Err(format!(
                        "{answer_path}: the solver's model does not satisfy {cnf_path}"
                    ));
                }
                let mut shown: Vec<&str> = map.facts.iter().map(String::as_str).collect();
                shown.extend(
                    map.atoms
                        .iter()
                        .filter(|(v, _)| model[*v as usize])
                        .map(|(_, s)| s.as_str()),
                );
                println!("Answer: 1");
                println!("{}", shown.join(" "));
                if !map.costs.is_empty() {
                    let costs: Vec<String> =
                        map.costs_of(&model).iter().map(|c| c.to_string()).collect();
                    println!("Optimization: {}", costs.join(" "));
                }
                println!("SATISFIABLE");
                println!();
                println!("Models       : 1+");
                Ok(EXIT_SAT)
            }
            SolverAnswer::Unsat => {
                println!("UNSATISFIABLE");
                println!();
                println!("Models       : 0");
                Ok(EXIT_UNSAT)
            }
            SolverAnswer::Unknown => {
                println!("UNKNOWN");
                println!();
                println!("Models       : 0+");
                Ok(EXIT_INTERRUPTED)
            }
        }
    })();
    result.unwrap_or_else(|e| {
        eprintln!("aspsat: error: {e}");
        EXIT_INPUT_ERROR
    })
}
