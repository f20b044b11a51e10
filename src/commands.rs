//! The subcommands behind the CLI, each returning the process exit code (see [`crate::exit`]).

use crate::cnf::dimacs::{self, SolverAnswer, SymbolMap};
use crate::exit;
use crate::ground::undefined::Warnings;
use crate::load;
use crate::output::{Format, Printer, Stats, Style, Verdict};
use crate::pipeline::{CompileOptions, Compiled, compile, ground_options};
use crate::solve::Next;
use crate::solve::consequences::{ConsequenceMode, ConsequenceSink, Estimate, Objective};
use crate::solve::optimize::{OptMode, OptStrategy, optimize};
use crate::solve::{Outcome, SolveError, SolveOptions, SolverChoice};
use crate::syntax::Diagnostic;
use crate::translate::{EncodingOptions, TranslationKind, Value};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Options shared by the commands that read programs.
#[derive(Clone, Debug, Default)]
pub struct ProgramArgs {
    pub files: Vec<String>,
    pub consts: Vec<String>,
    pub max_ground: Option<usize>,
    /// Cardinality and pseudo-Boolean encodings (`solve` and `dimacs`).
    pub encodings: EncodingOptions,
    /// Which of clingo's infos are printed (`-W`).
    pub warnings: Warnings,
}

#[derive(Clone, Debug, Default)]
pub struct SolveArgs {
    pub program: ProgramArgs,
    pub models: usize,
    /// Whether `models` was given (`-n N`, a trailing count): as in clingo, it then also stops
    /// `--opt-mode=opt` after N improving models (SATISFIABLE, the optimum not proven);
    /// otherwise optimization goes on to the optimum.
    pub models_given: bool,
    pub json: bool,
    /// `--stats[=N]`: 0 none, 1 sizes, counts and times, 2 also their detail.
    pub stats: u8,
    pub project: bool,
    pub time_limit: Option<f64>,
    /// `--solver NAME|PATH` (empty: varisat) and `--solver-args`.
    pub solver: String,
    pub solver_args: Option<String>,
    /// How positive loops of non-tight programs are handled.
    pub translation: TranslationKind,
    pub opt_mode: OptMode,
    pub opt_strategy: OptStrategy,
    /// Check every model against the ground program (always on in debug builds).
    pub check: bool,
    /// Incremental mode only: re-ground and re-translate all steps, with a new solver, at
    /// every step (a baseline for measurements).
    pub inc_reground: bool,
    /// An output format other than text or `json` (clingo's `--outf=1`).
    pub format: Option<Format>,
    /// Which models are printed and how much else (clingo's `--quiet`, `--verbose`).
    pub style: Style,
    /// Stop after grounding and translating (the statistics of `aspsat compare --sizes-only`).
    pub sizes_only: bool,
    /// Brave or cautious consequences instead of answer sets (clingo's `--enum-mode`).
    pub consequences: Option<ConsequenceMode>,
}

/// clingo's `prog.lp 0`: a bare integer among the file names that is not a file is the model
/// count; removes it (the last one counts) from `files`.
pub fn take_model_count(files: &mut Vec<String>) -> Option<usize> {
    let mut count = None;
    files.retain(|f| {
        let is_count = f.chars().all(|c| c.is_ascii_digit())
            && !f.is_empty()
            && !std::path::Path::new(f).exists();
        if is_count {
            count = f.parse().ok().or(count);
        }
        !is_count
    });
    count
}

fn report(d: &Diagnostic) {
    eprintln!("{d}");
}

/// Prints clingo's infos that `-W` leaves on.
fn report_infos(infos: &[Diagnostic], warnings: Warnings) {
    for info in infos.iter().filter(|i| warnings.shows(i)) {
        report(info);
    }
}

/// Loads, grounds and translates; prints diagnostics. `Err` carries the exit code. aspif input
/// is translated as read; in incremental mode the steps up to `imax` are compiled
/// ([`crate::incmode::compile_steps`]).
fn build(args: &ProgramArgs, translation: TranslationKind) -> Result<Compiled, i32> {
    let start = std::time::Instant::now();
    if let Some(program) = crate::aspif::load(&args.files) {
        return build_aspif(program, start, args, translation);
    }
    let statements = load::load(&args.files).map_err(|d| {
        report(&d);
        exit::INPUT_ERROR
    })?;
    if crate::ground::incmode_span(&statements).is_some() {
        // The steps are translated by the incremental translation, a level ranking.
        if translation == TranslationKind::UniqueRanking {
            eprintln!(
                "aspsat: error: --translation unique-ranking is not available in incremental mode"
            );
            return Err(exit::INPUT_ERROR);
        }
        return crate::incmode::compile_steps(statements, args).map_err(|d| {
            report(&d);
            exit::INPUT_ERROR
        });
    }
    build_from(&statements, args, translation)
}

/// Grounds and translates loaded statements; prints diagnostics.
fn build_from(
    statements: &[crate::syntax::ast::Statement],
    args: &ProgramArgs,
    translation: TranslationKind,
) -> Result<Compiled, i32> {
    let fail = |d: Diagnostic| {
        report(&d);
        exit::INPUT_ERROR
    };
    let options = CompileOptions {
        ground: ground_options(&args.consts, args.max_ground).map_err(fail)?,
        translation,
        encodings: args.encodings,
    };
    let compiled = compile(statements, &options).map_err(fail)?;
    report_infos(&compiled.infos, args.warnings);
    Ok(compiled)
}

/// Translates the ground program read from aspif input (see [`crate::aspif`]) since `start`
/// (reading it counts as grounding); prints diagnostics.
fn build_aspif(
    program: Result<crate::program::GroundProgram, Diagnostic>,
    start: std::time::Instant,
    args: &ProgramArgs,
    translation: TranslationKind,
) -> Result<Compiled, i32> {
    let fail = |d: Diagnostic| {
        report(&d);
        exit::INPUT_ERROR
    };
    let options = CompileOptions {
        translation,
        encodings: args.encodings,
        ..CompileOptions::default()
    };
    let program = program.map_err(fail)?;
    let read_time = start.elapsed();
    let mut compiled = crate::pipeline::compile_ground(program, &options).map_err(fail)?;
    compiled.ground_time = read_time;
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
    let code = exit::code(Verdict::Unknown, p.models(), false);
    p.finish(Verdict::Unknown, true);
    std::process::exit(code);
}

/// Ends a run whose input was rejected (the error is on standard error): clingo still prints
/// its summary (`UNKNOWN`, no models; the whole JSON document with `--outf=2`) and exits 65.
fn rejected(printer: &Mutex<Printer>) -> i32 {
    printer.lock().unwrap().finish(Verdict::Unknown, true);
    exit::INPUT_ERROR
}

/// Prints the verdict and returns its exit code.
fn conclude(p: &mut Printer, verdict: Verdict, exhausted: bool) -> i32 {
    p.finish(verdict, !exhausted);
    exit::code(verdict, p.models(), exhausted)
}

/// Ends a run whose SAT back end failed (exit 69) or gave up (UNKNOWN, exit 1 or 11).
fn solver_failure(error: &SolveError, p: &mut Printer) -> i32 {
    p.finish(Verdict::Unknown, true);
    match error {
        SolveError::GaveUp(m) => {
            eprintln!("aspsat: {m}");
            exit::code(Verdict::Unknown, p.models(), false)
        }
        SolveError::Failed(m) => {
            eprintln!("aspsat: error: {m}");
            exit::SOLVER_ERROR
        }
    }
}

pub fn solve(args: &SolveArgs) -> i32 {
    let solver = match SolverChoice::resolve(&args.solver, args.solver_args.as_deref()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("aspsat: error: {e}");
            return exit::SOLVER_ERROR;
        }
    };
    let format = match args.format {
        Some(format) => format,
        None if args.json => Format::Json,
        None => Format::Text,
    };
    let printer = Arc::new(Mutex::new(Printer::new(
        format,
        args.stats,
        args.program.files.clone(),
    )));
    printer.lock().unwrap().set_style(args.style);
    printer.lock().unwrap().begin();
    // as clingo, a time limit of 0 is no limit
    if let Some(limit) = args.time_limit.filter(|&limit| limit > 0.0) {
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
    let start = std::time::Instant::now();
    let built = match crate::aspif::load(&args.program.files) {
        Some(program) => build_aspif(program, start, &args.program, args.translation),
        None => {
            let statements = match load::load(&args.program.files) {
                Ok(s) => s,
                Err(d) => {
                    report(&d);
                    return rejected(&printer);
                }
            };
            if crate::ground::incmode_span(&statements).is_some() {
                if let Some(mode) = args.consequences {
                    printer.lock().unwrap().set_consequences(mode);
                }
                return crate::incmode::run(args, statements, &solver, &printer);
            }
            build_from(&statements, &args.program, args.translation)
        }
    };
    let Ok(mut compiled) = built else {
        return rejected(&printer);
    };
    // Solving gives the externals their default values (they stay free in `aspsat dimacs`).
    compiled.translation.fix_external_defaults();
    printer.lock().unwrap().stats = Stats::of(&compiled);
    if args.sizes_only {
        return conclude(&mut printer.lock().unwrap(), Verdict::Unknown, false);
    }
    let optimizing = !compiled.translation.objective.is_empty() && args.opt_mode != OptMode::Ignore;
    if optimizing && args.opt_mode == OptMode::Enum {
        // clingo's words: without --opt-bound (which aspsat does not have) models are only
        // enumerated with their costs
        eprintln!("aspsat: warning: opt-mode=enum: No bound given, optimize statement ignored.");
        printer.lock().unwrap().set_costs_only();
    }
    if let Some(mode) = args.consequences {
        return run_consequences(args, &compiled, &solver, &printer, mode, optimizing);
    }
    if optimizing && args.opt_mode != OptMode::Enum {
        run_optimization(args, &compiled, &solver, &printer)
    } else {
        run_enumeration(args, &compiled, &solver, &printer, optimizing)
    }
}

/// What every search does with a model before printing it: with `--check` (always in debug
/// builds), verify it against the ground program, independently of the translation; a failure
/// is a bug in aspsat and ends the run (exit 70) instead of printing a wrong answer.
fn verify(args: &SolveArgs, compiled: &Compiled, cnf_model: &[bool]) {
    if !(args.check || cfg!(debug_assertions)) {
        return;
    }
    let values = crate::solve::atom_values(&compiled.translation, cnf_model);
    if let Err(e) = crate::solve::check::check_model(&compiled.program, &values) {
        eprintln!("aspsat: internal error: a computed model fails the stable-model check: {e}");
        std::process::exit(exit::INTERNAL);
    }
}

fn texts(compiled: &Compiled, model: &crate::solve::Model) -> Vec<String> {
    let symbols = &compiled.program.symbols;
    model.iter().map(|s| symbols.to_string(*s)).collect()
}

/// `--opt-mode=opt` and `optN`: improving models, then (optN) the optimal ones.
fn run_optimization(
    args: &SolveArgs,
    compiled: &Compiled,
    solver: &SolverChoice,
    printer: &Mutex<Printer>,
) -> i32 {
    let tr = &compiled.translation;
    let mut backend = solver.backend(tr.cnf.num_vars());
    crate::solve::load(backend.as_mut(), &tr.cnf);
    let result = optimize(
        &compiled.program,
        tr,
        backend.as_mut(),
        args.opt_mode,
        args.opt_strategy,
        // as clingo, optN enumerates every optimal model unless -n says otherwise
        if args.models_given { args.models } else { 0 },
        &mut |model: &crate::solve::Model,
              cnf_model: &[bool],
              costs: &[i64],
              optimal_phase: bool| {
            verify(args, compiled, cnf_model);
            let mut p = printer.lock().unwrap();
            if optimal_phase && p.models() > 0 && !p.in_optimal_phase() {
                p.begin_optimal_models();
            }
            p.model(texts(compiled, model), Some(costs.to_vec()));
            let enough = args.opt_mode == OptMode::Opt
                && args.models_given
                && args.models != 0
                && p.models() >= args.models;
            if enough || p.output_closed() {
                crate::solve::Next::Stop
            } else {
                crate::solve::Next::Continue
            }
        },
    );
    let mut p = printer.lock().unwrap();
    match result {
        Err(e) => solver_failure(&e, &mut p),
        Ok((optimum, stats)) => {
            p.record(stats);
            p.set_optimal_models(optimum.optimal_models);
            p.stats.bound_encoding = optimum.bound_stats;
            match optimum.outcome {
                Outcome::Unsatisfiable => conclude(&mut p, Verdict::Unsatisfiable, true),
                Outcome::Satisfiable { exhausted } if optimum.proven => {
                    conclude(&mut p, Verdict::OptimumFound, exhausted)
                }
                // stopped by -n before the optimum was proven, as clingo's `-n 1`
                Outcome::Satisfiable { exhausted } => {
                    eprintln!(
                        "aspsat: warning: -n {}: optimality of the last model not proven",
                        args.models
                    );
                    conclude(&mut p, Verdict::Satisfiable, exhausted)
                }
            }
        }
    }
}

/// `--enum-mode=brave|cautious`: the estimate after each model, then the consequences. As in
/// clingo, all models are used unless `-n` bounds them; with an objective, see
/// [`consequence_objective`].
fn run_consequences(
    args: &SolveArgs,
    compiled: &Compiled,
    solver: &SolverChoice,
    printer: &Mutex<Printer>,
    mode: ConsequenceMode,
    optimizing: bool,
) -> i32 {
    let tr = &compiled.translation;
    let mut backend = solver.backend(tr.cnf.num_vars());
    crate::solve::load(backend.as_mut(), &tr.cnf);
    printer.lock().unwrap().set_consequences(mode);
    let max_models = if args.models_given { args.models } else { 0 };
    let mut sink = PrintedConsequences {
        printer,
        symbols: &compiled.program.symbols,
        check: &|cnf_model: &[bool]| {
            verify(args, compiled, cnf_model);
            true
        },
    };
    let result = crate::solve::consequences::search(
        &compiled.program,
        tr,
        backend.as_mut(),
        mode,
        consequence_objective(args, optimizing),
        max_models,
        &mut sink,
    );
    let mut p = printer.lock().unwrap();
    match result {
        Err(e) => solver_failure(&e, &mut p),
        Ok((ended, stats)) => {
            p.record(stats);
            p.stats.bound_encoding = ended.bound_stats;
            p.set_optimal_models(ended.optimal_models);
            let verdict = match ended.outcome {
                Outcome::Unsatisfiable => Verdict::Unsatisfiable,
                _ if ended.optimum => Verdict::OptimumFound,
                Outcome::Satisfiable { .. } => Verdict::Satisfiable,
            };
            conclude(&mut p, verdict, ended.outcome.exhausted())
        }
    }
}

/// How consequences treat the objective, as clingo 5.8.3: `--opt-mode=optN` gives the
/// consequences of the optimal models (after the improving models of the optimization); `opt`
/// those of models that each are better and improve the estimate, with clingo's warning that
/// they may depend on the order; `enum` those of all models, printed with their costs.
pub(crate) fn consequence_objective(args: &SolveArgs, optimizing: bool) -> Objective {
    match args.opt_mode {
        _ if !optimizing => Objective::None,
        OptMode::OptN => Objective::Optimal(args.opt_strategy),
        OptMode::Opt => {
            eprintln!(
                "aspsat: warning: Optimization: Consequences may depend on enumeration order."
            );
            Objective::Improving
        }
        OptMode::Enum => Objective::Costs,
        OptMode::Ignore => Objective::None,
    }
}

/// Prints a consequence search as clingo: each estimate with its bounds (and costs), optN's
/// improving models as models, numbering restarting at the optimal ones. `check` vets each
/// model first (see `verify`); a failed check stops the search.
pub(crate) struct PrintedConsequences<'a> {
    pub printer: &'a Mutex<Printer>,
    pub symbols: &'a crate::symbol::SymbolTable,
    pub check: &'a dyn Fn(&[bool]) -> bool,
}

impl PrintedConsequences<'_> {
    fn texts(&self, symbols: &[crate::symbol::Sym]) -> Vec<String> {
        symbols.iter().map(|s| self.symbols.to_string(*s)).collect()
    }

    fn go_on(&self, p: &Printer) -> crate::solve::Next {
        if p.output_closed() {
            crate::solve::Next::Stop
        } else {
            crate::solve::Next::Continue
        }
    }
}

impl ConsequenceSink for PrintedConsequences<'_> {
    fn estimate(&mut self, estimate: &Estimate, cnf_model: &[bool], costs: &[i64]) -> Next {
        if !(self.check)(cnf_model) {
            return Next::Stop;
        }
        let mut p = self.printer.lock().unwrap();
        let costs = (!costs.is_empty()).then(|| costs.to_vec());
        let texts = self.texts(&estimate.symbols);
        p.estimate(texts, costs, estimate.lower, estimate.upper);
        self.go_on(&p)
    }

    fn improving(
        &mut self,
        model: &crate::solve::Model,
        cnf_model: &[bool],
        costs: &[i64],
    ) -> Next {
        if !(self.check)(cnf_model) {
            return Next::Stop;
        }
        let mut p = self.printer.lock().unwrap();
        p.model(self.texts(model), Some(costs.to_vec()));
        self.go_on(&p)
    }

    fn optimum_proven(&mut self) {
        self.printer.lock().unwrap().begin_optimal_models();
    }
}

/// Plain enumeration (also `--opt-mode=enum`, printing each model's costs, and `ignore`).
fn run_enumeration(
    args: &SolveArgs,
    compiled: &Compiled,
    solver: &SolverChoice,
    printer: &Mutex<Printer>,
    with_costs: bool,
) -> i32 {
    let tr = &compiled.translation;
    let mut backend = solver.backend(tr.cnf.num_vars());
    crate::solve::load(backend.as_mut(), &tr.cnf);
    let options = SolveOptions {
        max_models: args.models,
        project: args.project,
    };
    let result = crate::solve::enumerate(
        &compiled.program,
        tr,
        backend.as_mut(),
        &options,
        &mut |model, cnf_model| {
            verify(args, compiled, cnf_model);
            let costs = with_costs.then(|| crate::solve::optimize::costs(tr, cnf_model));
            let mut p = printer.lock().unwrap();
            p.model(texts(compiled, model), costs);
            // `aspsat ... | head -1`: nobody reads further models.
            if p.output_closed() {
                crate::solve::Next::Stop
            } else {
                crate::solve::Next::Continue
            }
        },
    );
    let mut p = printer.lock().unwrap();
    match result {
        Err(e) => solver_failure(&e, &mut p),
        Ok((outcome, stats)) => {
            p.record(stats);
            match outcome {
                Outcome::Unsatisfiable => conclude(&mut p, Verdict::Unsatisfiable, true),
                // clingo: OPTIMUM FOUND after all models under --opt-mode=enum
                Outcome::Satisfiable { exhausted: true } if with_costs => {
                    conclude(&mut p, Verdict::OptimumFound, true)
                }
                Outcome::Satisfiable { exhausted } => {
                    conclude(&mut p, Verdict::Satisfiable, exhausted)
                }
            }
        }
    }
}

/// Prints the ground program: as rules (clingo's text), or with `aspif` in gringo's
/// intermediate format. aspif input is read and printed back; in incremental mode the steps
/// up to `imax` are grounded ([`crate::incmode::compile_steps`]).
pub fn ground(args: &ProgramArgs, aspif: bool) -> i32 {
    let grounded = match crate::aspif::load(&args.files) {
        Some(program) => program.map(|program| crate::ground::Grounded {
            program,
            infos: Vec::new(),
        }),
        None => load::load(&args.files).and_then(|statements| {
            if crate::ground::incmode_span(&statements).is_some() {
                let compiled = crate::incmode::compile_steps(statements, args)?;
                return Ok(crate::ground::Grounded {
                    program: compiled.program,
                    infos: Vec::new(),
                });
            }
            let options = ground_options(&args.consts, args.max_ground)?;
            crate::ground::ground(&statements, &options)
        }),
    };
    let g = match grounded {
        Ok(g) => g,
        Err(d) => {
            report(&d);
            return exit::INPUT_ERROR;
        }
    };
    report_infos(&g.infos, args.warnings);
    if !aspif {
        crate::output::print_text(&g.program.to_text());
        return exit::OK;
    }
    match crate::aspif::writer::write(&g.program) {
        Ok(text) => {
            crate::output::print_text(&text);
            exit::OK
        }
        Err(e) => {
            eprintln!("aspsat: error: cannot write aspif: {e}");
            exit::INPUT_ERROR
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
    map.cnf = Some(crate::cnf::dimacs::CnfId::of(&compiled.translation.cnf));
    for level in &compiled.translation.objective {
        let before = map.costs.len();
        for &(value, weight) in &level.terms {
            match value {
                Value::True => map.costs.push((level.priority, weight, 0)),
                Value::Lit(l) => map.costs.push((level.priority, weight, l)),
                Value::False => {}
            }
        }
        // A level whose terms are all decided false still exists (clingo prints its 0).
        if map.costs.len() == before {
            map.costs.push((level.priority, 0, 0));
        }
    }
    map
}

/// What `aspsat dimacs` is asked for.
pub struct DimacsArgs {
    pub program: ProgramArgs,
    /// Output file (compressed by its extension); `None`: standard output.
    pub output: Option<String>,
    /// Write the symbol map to this file instead of into the CNF's comments.
    pub map: Option<String>,
    /// MaxSAT WCNF (hard clauses and the objective as soft clauses) instead of DIMACS CNF.
    pub wcnf: bool,
    /// `Ranking`, or `UniqueRanking` for one model per answer set (model counting).
    pub translation: TranslationKind,
}

/// Writes the CNF (or WCNF) to the output file or standard output; the symbol map goes into
/// its comments or to a file of its own. A closed standard output (`aspsat dimacs | head`)
/// ends the command quietly.
pub fn dimacs(args: &DimacsArgs) -> i32 {
    if args.translation == TranslationKind::Completion {
        eprintln!(
            "aspsat: error: --translation completion has no exact CNF of its own (its loop \
             nogoods are added while solving); use ranking or unique-ranking"
        );
        return exit::INPUT_ERROR;
    }
    // The exported CNF must be exact on its own: level ranking for non-tight programs.
    let compiled = match build(&args.program, args.translation) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let cnf = &compiled.translation.cnf;
    let map = symbol_map(&compiled);
    let scaling = if args.wcnf {
        match crate::cnf::wcnf::scaling(&map) {
            Ok(levels) => Some(levels),
            Err(e) => {
                eprintln!("aspsat: error: {e}");
                return exit::INPUT_ERROR;
            }
        }
    } else {
        None
    };
    let mut header = vec![format!(
        "{} dimacs {}",
        crate::output::VERSION_LINE,
        args.program.files.join(" ")
    )];
    if args.translation == TranslationKind::UniqueRanking {
        header.push(
            "unique-ranking: exactly one model per answer set (over all variables)".to_string(),
        );
    }
    let map_header = vec![
        header[0].clone(),
        "symbol map: the shown atoms of the CNF's models, restricted to these variables"
            .to_string(),
    ];
    if args.map.is_none() {
        header.push(
            "models restricted to the 'c atom' variables are the answer sets' shown atoms"
                .to_string(),
        );
    }
    if let Some(path) = &args.map {
        let written = crate::compressed::write_with(std::path::Path::new(path), |w| {
            dimacs::write_map(w, &map, &map_header)
        });
        if let Err(e) = written {
            eprintln!("aspsat: error: cannot write the symbol map to '{path}': {e}");
            return exit::INTERRUPTED;
        }
    }
    let embedded = if args.map.is_some() {
        SymbolMap::default()
    } else {
        map.clone()
    };
    let projection: Vec<u32> =
        crate::solve::projected_vars(&compiled.program, &compiled.translation)
            .into_iter()
            .map(|v| v as u32)
            .collect();
    let body = |w: &mut dyn std::io::Write| match &scaling {
        Some(levels) => crate::cnf::wcnf::write(w, cnf, &embedded, levels, &header),
        None => dimacs::write(w, cnf, &embedded, &header, &projection),
    };
    let result = match &args.output {
        Some(path) => crate::compressed::write_with(std::path::Path::new(path), body),
        None => body(&mut std::io::stdout()),
    };
    match result {
        Ok(()) => exit::OK,
        // The reader stopped reading (`| head`): nothing more to say, as clingo.
        Err(e) if args.output.is_none() && e.kind() == std::io::ErrorKind::BrokenPipe => exit::OK,
        Err(e) => {
            eprintln!("aspsat: error: cannot write DIMACS: {e}");
            exit::INTERRUPTED
        }
    }
}

/// Prints the answer set encoded in a SAT (or MaxSAT) solver's output for a CNF (or WCNF)
/// written by `aspsat dimacs`; `answer_path` `-` is standard input. The symbol map comes from
/// `map_path` when given (`aspsat dimacs --map`), else from the CNF's comments; a map that names
/// another CNF (its `c map-of` line) is refused. A MaxSAT solver's `s OPTIMUM FOUND` is taken
/// at its word: the verdict is OPTIMUM FOUND.
pub fn decode(cnf_path: &str, answer_path: &str, map_path: Option<&str>, json: bool) -> i32 {
    let read = |p: &str| load::read(p).map(|b| String::from_utf8_lossy(&b).into_owned());
    let result = (|| -> Result<i32, String> {
        if cnf_path == "-" && answer_path == "-" {
            return Err("the CNF and the solver output cannot both be standard input".into());
        }
        let formula =
            dimacs::read_formula(&read(cnf_path)?).map_err(|e| format!("{cnf_path}: {e}"))?;
        let mut cnf = formula.cnf;
        let mut map = formula.map;
        if let Some(m) = map_path {
            map = dimacs::read_map(&read(m)?).map_err(|e| format!("{m}: {e}"))?;
        }
        let map_name = map_path.unwrap_or(cnf_path);
        check_map_belongs(&mut cnf, &map, formula.weighted, cnf_path, map_name)?;
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
        let answer_name = if answer_path == "-" {
            load::STDIN
        } else {
            answer_path
        };
        let answer_text = read(answer_path)?;
        let answer = dimacs::read_answer(&answer_text, cnf.num_vars())
            .map_err(|e| format!("{answer_name}: {e}"))?;
        if let SolverAnswer::Sat(model) = &answer
            && !cnf.satisfied_by(model)
        {
            return Err(format!(
                "{answer_name}: the solver's model does not satisfy {cnf_path}"
            ));
        }
        let optimum = dimacs::claims_optimum(&answer_text) && !map.costs.is_empty();
        let format = if json { Format::Json } else { Format::Text };
        let mut p = Printer::decoding(cnf_path, answer_name, format);
        p.begin();
        Ok(match answer {
            SolverAnswer::Sat(model) => {
                let mut shown = map.facts.clone();
                shown.extend(
                    map.atoms
                        .iter()
                        .filter(|(v, _)| model[*v as usize])
                        .map(|(_, s)| s.clone()),
                );
                let costs = (!map.costs.is_empty()).then(|| map.costs_of(&model));
                p.model(shown, costs);
                if optimum {
                    conclude(&mut p, Verdict::OptimumFound, true)
                } else {
                    // One model of the CNF says nothing about others.
                    conclude(&mut p, Verdict::Satisfiable, false)
                }
            }
            SolverAnswer::Unsat => conclude(&mut p, Verdict::Unsatisfiable, true),
            SolverAnswer::Unknown => conclude(&mut p, Verdict::Unknown, false),
        })
    })();
    result.unwrap_or_else(|e| {
        eprintln!("aspsat: error: {e}");
        exit::INPUT_ERROR
    })
}

/// Refuses a symbol map whose `c map-of` line names another CNF than the one read (a WCNF,
/// which has no header, first gets the recorded variable count); warns when the map has no
/// such line (written by an older aspsat, or by hand).
fn check_map_belongs(
    cnf: &mut crate::cnf::Cnf,
    map: &SymbolMap,
    weighted: bool,
    cnf_path: &str,
    map_name: &str,
) -> Result<(), String> {
    let Some(recorded) = map.cnf else {
        if !map.atoms.is_empty() || !map.facts.is_empty() || !map.costs.is_empty() {
            eprintln!(
                "aspsat: warning: {map_name} has no 'c map-of' line: cannot check that it \
                 belongs to {cnf_path}"
            );
        }
        return Ok(());
    };
    if weighted {
        while cnf.num_vars() < recorded.vars {
            cnf.new_var();
        }
    }
    let actual = crate::cnf::dimacs::CnfId::of(cnf);
    if actual != recorded {
        let what = if map_name == cnf_path {
            format!("{cnf_path}: its clauses were changed after `aspsat dimacs` wrote them")
        } else {
            format!("the symbol map {map_name} belongs to another CNF than {cnf_path}")
        };
        return Err(format!(
            "{what} (the map is of '{recorded}', the {} is '{actual}'); decode with the CNF and \
             map that `aspsat dimacs` wrote together",
            if weighted { "WCNF's hard part" } else { "CNF" }
        ));
    }
    Ok(())
}
