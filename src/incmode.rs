//! clingo's incremental mode (`#include <incmode>.`): ground `base` and `check(0)`, then for
//! t = 1, 2, ...: release `query(t-1)`, ground `check(t)` and `step(t)`, and solve with the
//! external `query(t)` true, until the step's result is the one `istop` names (`SAT`
//! by default, `UNSAT`, `UNKNOWN`) once `t >= imin`, or `imax` steps are done. Each step
//! is grounded once ([`crate::ground::incremental`]) and its rules extend the CNF of the
//! earlier ones ([`crate::translate::incremental`]); one SAT solver takes the new clauses each
//! step and solves under assumptions (the externals' values), so a step costs what its own
//! rules cost. Models are printed as they are found, step after step, as clingo does.

use crate::Compiled;
use crate::cnf::CnfLit;
use crate::commands::{ProgramArgs, SolveArgs};
use crate::exit;
use crate::ground::incremental::IncrementalGrounder;
use crate::output::{Printer, Stats, Verdict};
use crate::solve::consequences::ConsequenceMode;
use crate::solve::optimize::OptMode;
use crate::solve::{
    Outcome, SatBackend, Search, SolveError, SolveStats, SolverChoice, blocking_clause,
};
use crate::symbol::{Sym, SymData};
use crate::syntax::Diagnostic;
use crate::syntax::ast::Statement;
use crate::translate::Translation;
use crate::translate::incremental::IncrementalTranslation;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What decides when the step loop stops: clingo's `imin`, `imax` and `istop` constants.
struct Limits {
    imin: i64,
    imax: i64,
    istop: String,
}

impl Limits {
    fn of(g: &IncrementalGrounder) -> Limits {
        let symbols = &g.program().symbols;
        let int = |name: &str| {
            g.constant(name)
                .and_then(|s| symbols.as_int(s))
                .map(i64::from)
        };
        // A string or a constant names the result (anything else: `SAT`).
        let istop = g
            .constant("istop")
            .and_then(|s| match symbols.get(s) {
                SymData::Str(text) => Some(text.clone()),
                SymData::Fun { name, args, .. } if args.is_empty() => {
                    Some(symbols.name_str(*name).to_string())
                }
                _ => None,
            })
            .unwrap_or_else(|| "SAT".to_string());
        Limits {
            imin: int("imin").unwrap_or(0),
            imax: int("imax").unwrap_or(i64::from(i32::MAX)),
            istop,
        }
    }

    /// clingo's `check_run`: whether to ground and solve step `step`, given the result of the
    /// previous one (`None`: unknown).
    fn run(&self, step: i64, previous: Option<bool>) -> bool {
        if step >= self.imax {
            return false;
        }
        if step == 0 || step < self.imin {
            return true;
        }
        let stop = match self.istop.as_str() {
            "SAT" => previous == Some(true),
            "UNSAT" => previous == Some(false),
            "UNKNOWN" => previous.is_none(),
            _ => false,
        };
        !stop
    }
}

/// The steps grounded and translated so far: the grounder and the growing translation.
pub struct Steps<'s> {
    g: IncrementalGrounder<'s>,
    inc: IncrementalTranslation,
    /// Time spent grounding and translating, over all steps.
    ground_time: Duration,
    translate_time: Duration,
}

impl<'s> Steps<'s> {
    fn new(statements: &'s [Statement], args: &ProgramArgs) -> Result<Self, Diagnostic> {
        let options = crate::ground_options(&args.consts, args.max_ground)?;
        Ok(Steps {
            g: IncrementalGrounder::new(statements, &options)?,
            inc: IncrementalTranslation::new(args.encodings),
            ground_time: Duration::ZERO,
            translate_time: Duration::ZERO,
        })
    }

    fn query(&mut self, t: i64) -> Sym {
        let syms = self.g.symbols_mut();
        let name = syms.name("query");
        let arg = syms.num(t as i32);
        syms.function(name, vec![arg], false)
    }

    /// clingo's step `step` up to solving: release `query(step-1)`, ground `check(step)` with
    /// `base` (step 0) or `step(step)`, translate.
    fn advance(&mut self, step: i64) -> Result<(), Diagnostic> {
        if step > 0 {
            let q = self.query(step - 1);
            if let Some(l) = self.inc.external_lit(self.g.program(), q) {
                self.inc.release(l);
            }
        }
        let t = self.g.symbols_mut().num(step as i32);
        let calls: Vec<(&str, Vec<Sym>)> = if step == 0 {
            vec![("check", vec![t]), ("base", vec![])]
        } else {
            vec![("check", vec![t]), ("step", vec![t])]
        };
        let start = Instant::now();
        let delta = self.g.ground(&calls)?;
        for info in self.g.take_infos() {
            eprintln!("{info}");
        }
        let grounded = Instant::now();
        self.ground_time += grounded - start;
        let inc = &mut self.inc;
        let translated = delta.view(self.g.program_mut(), |p| inc.extend(p));
        self.translate_time += grounded.elapsed();
        translated
    }

    /// `--stats`: the sizes of all steps so far, the stage times and the search's counts.
    fn stats(&self, search: SolveStats) -> Stats {
        let program = self.g.program();
        let tr = &self.inc.tr;
        Stats {
            ground_atoms: program.num_atoms(),
            ground_rules: program.rules.len(),
            cnf_vars: tr.cnf.num_vars(),
            cnf_clauses: tr.cnf.num_clauses(),
            ground_time: self.ground_time,
            translate_time: self.translate_time,
            encoding: tr.encoding_stats,
            rule_kinds: program.rule_kinds(),
            search,
            ..Stats::default()
        }
    }
}

/// `aspsat ground` and `aspsat dimacs` in incremental mode: the steps clingo's incmode would
/// ground with `-c imax=N` (0 to N-1; clingo's `--text` prints the same steps), translated as
/// for the last solve call: `query(N-1)` true, the earlier queries released (false), other
/// externals free. Without `imax` clingo grounds forever; aspsat refuses.
pub fn compile_steps(
    mut statements: Vec<Statement>,
    args: &ProgramArgs,
) -> Result<Compiled, Diagnostic> {
    add_query_declaration(&mut statements);
    let mut steps = Steps::new(&statements, args)?;
    let limits = Limits::of(&steps.g);
    let span = crate::ground::incmode_span(&statements).expect("called in incremental mode");
    if steps.g.constant("imax").is_none() || limits.imax < 1 {
        return Err(Diagnostic::error(
            span,
            "`aspsat ground` and `aspsat dimacs` in incremental mode need the number of steps: \
             give `-c imax=N` (N >= 1; steps 0 to N-1 are grounded, as clingo --text does)",
        ));
    }
    for step in 0..limits.imax {
        steps.advance(step)?;
    }
    let last = steps.query(limits.imax - 1);
    let Steps {
        g,
        mut inc,
        ground_time,
        translate_time,
    } = steps;
    if let Some(l) = inc.external_lit(g.program(), last) {
        inc.release_true(l);
    }
    let program = g.into_program();
    Ok(Compiled {
        ground_rules: program.rules.len(),
        program,
        translation: inc.tr,
        infos: Vec::new(),
        ground_time,
        translate_time,
    })
}

/// clingo adds `#external query(t).` to part `check(t)`.
fn add_query_declaration(statements: &mut Vec<Statement>) {
    let query = crate::syntax::parse(
        "#program check(t).\n#external query(t).",
        "<incmode>".into(),
    )
    .expect("the query declaration parses");
    statements.extend(query);
}

/// One incremental run's state: the steps so far and the solver.
struct Session<'s> {
    steps: Steps<'s>,
    backend: Box<dyn SatBackend>,
    known_vars: CnfLit,
}

impl<'s> Session<'s> {
    fn new(
        statements: &'s [Statement],
        args: &SolveArgs,
        solver: &SolverChoice,
    ) -> Result<Self, Diagnostic> {
        Ok(Session {
            steps: Steps::new(statements, &args.program)?,
            backend: solver.backend(0),
            known_vars: 0,
        })
    }

    /// Grounds and translates step `step` and hands its clauses to the solver.
    fn advance(&mut self, step: i64) -> Result<(), Diagnostic> {
        self.steps.advance(step)?;
        for c in self.steps.inc.new_clauses() {
            self.backend.add_clause(&c);
        }
        Ok(())
    }

    /// Solves step `step` (after [`Session::advance`]): `query(step)` true, the other
    /// externals at their defaults; optimizes when the program has an objective, as clingo's
    /// incmode does at each step (the objective of all steps so far, bounds started afresh).
    fn solve(
        &mut self,
        step: i64,
        args: &SolveArgs,
        printer: &Mutex<Printer>,
    ) -> Result<StepResult, String> {
        let q = self.steps.query(step);
        let assumed = self.steps.inc.external_lit(self.steps.g.program(), q);
        let mut assumptions = self.steps.inc.assumptions(assumed);
        // A fresh literal guards this step's own clauses (blocking clauses, bounds); it is
        // false for good afterwards.
        let guard = self.steps.inc.tr.cnf.new_var();
        assumptions.push(guard);
        let num_vars = self.steps.inc.tr.cnf.num_vars() as CnfLit;
        if num_vars > self.known_vars {
            // Every variable known to the back end, even those no clause mentions yet.
            self.backend.add_clause(&[num_vars, -num_vars]);
            self.known_vars = num_vars;
        }
        let optimizing = !self.steps.inc.tr.objective.is_empty()
            && !matches!(args.opt_mode, OptMode::Ignore | OptMode::Enum);
        let mut step_backend = StepBackend {
            inner: self.backend.as_mut(),
            base: assumptions,
            guard,
            max_var: num_vars,
        };
        let result = if let Some(mode) = args.consequences {
            consequences_step(
                args,
                &self.steps.g,
                &self.steps.inc,
                &mut step_backend,
                printer,
                mode,
            )
        } else if optimizing {
            optimize_step(
                args,
                &self.steps.g,
                &self.steps.inc,
                &mut step_backend,
                printer,
            )
        } else {
            enumerate_step(
                args,
                &self.steps.g,
                &self.steps.inc,
                &mut step_backend,
                printer,
            )
        };
        // Variables the step's bounds used stay reserved (their clauses are off with the guard).
        let used = step_backend.max_var;
        while (self.steps.inc.tr.cnf.num_vars() as CnfLit) < used {
            self.steps.inc.tr.cnf.new_var();
        }
        self.backend.add_clause(&[-guard]);
        result
    }
}

/// How a step's solve call ended.
struct StepResult {
    /// What the search measured.
    search: SolveStats,
    sat: bool,
    /// The enumeration (or the optimization) was completed.
    exhausted: bool,
    /// The step optimized (a completed one proved its last model optimal).
    optimized: bool,
}

/// The solver as one step sees it: the step's assumptions (externals, guard) come with every
/// call, and every clause the step adds is switched off by the guard once the step is over.
struct StepBackend<'b> {
    inner: &'b mut dyn SatBackend,
    base: Vec<CnfLit>,
    guard: CnfLit,
    /// The largest variable the step's clauses mention.
    max_var: CnfLit,
}

impl SatBackend for StepBackend<'_> {
    fn add_clause(&mut self, clause: &[CnfLit]) {
        let mut guarded = clause.to_vec();
        if let Some(m) = clause.iter().map(|l| l.abs()).max() {
            self.max_var = self.max_var.max(m);
        }
        guarded.push(-self.guard);
        self.inner.add_clause(&guarded);
    }

    fn solve_assuming(&mut self, assumptions: &[CnfLit]) -> Result<Option<Vec<bool>>, SolveError> {
        let mut all = self.base.clone();
        all.extend_from_slice(assumptions);
        self.inner.solve_assuming(&all)
    }

    fn is_incremental(&self) -> bool {
        self.inner.is_incremental()
    }

    /// The step's own assumptions are not the caller's: a core of those only is empty.
    fn failed_core(&mut self) -> Option<Vec<CnfLit>> {
        let core = self.inner.failed_core()?;
        Some(
            core.into_iter()
                .filter(|l| !self.base.contains(l))
                .collect(),
        )
    }

    fn gives_cores(&self) -> bool {
        self.inner.gives_cores()
    }
}

/// Runs incremental mode; returns the exit code. With `args.inc_reground` (a baseline for
/// measurements), every step starts over: a new grounder, translation and solver go through
/// all steps so far and solve only the last.
pub fn run(
    args: &SolveArgs,
    mut statements: Vec<Statement>,
    solver: &SolverChoice,
    printer: &Mutex<Printer>,
) -> i32 {
    let fail = |d: Diagnostic| {
        eprintln!("{d}");
        exit::INPUT_ERROR
    };
    add_query_declaration(&mut statements);
    let mut session = match Session::new(&statements, args, solver) {
        Ok(s) => s,
        Err(d) => return fail(d),
    };
    let limits = Limits::of(&session.steps.g);
    let mut previous: Option<bool> = None;
    let mut exhausted = true;
    let mut optimum = false;
    let mut search = SolveStats::default();
    let mut step: i64 = 0;
    while limits.run(step, previous) {
        let advanced = if args.inc_reground {
            Session::new(&statements, args, solver).and_then(|mut fresh| {
                for s in 0..=step {
                    fresh.advance(s)?;
                }
                session = fresh;
                Ok(())
            })
        } else {
            session.advance(step)
        };
        if let Err(d) = advanced {
            return fail(d);
        }
        if step > 0 {
            printer.lock().unwrap().solving();
        }
        match session.solve(step, args, printer) {
            Ok(result) => {
                search.add(&result.search);
                previous = Some(result.sat);
                exhausted = result.exhausted;
                optimum = result.sat && result.optimized && result.exhausted;
            }
            Err(e) => {
                eprintln!("aspsat: error: {e}");
                return exit::SOLVER_ERROR;
            }
        }
        step += 1;
    }
    let mut p = printer.lock().unwrap();
    p.stats = session.steps.stats(search);
    let verdict = match previous {
        Some(true) if optimum => Verdict::OptimumFound,
        Some(true) => Verdict::Satisfiable,
        Some(false) => Verdict::Unsatisfiable,
        None => Verdict::Unknown,
    };
    p.finish(verdict, !exhausted);
    exit::code(verdict, p.models(), exhausted)
}

/// With `--check` (always in debug builds): the model, read back as atoms, passes the
/// stable-model check of the ground program so far.
fn verify(args: &SolveArgs, g: &IncrementalGrounder, tr: &Translation, model: &[bool]) -> bool {
    if !(args.check || cfg!(debug_assertions)) {
        return true;
    }
    let values = crate::solve::atom_values(tr, model);
    crate::solve::check::check_model(g.program(), &values).is_ok()
}

fn texts(g: &IncrementalGrounder, shown: &crate::solve::Model) -> Vec<String> {
    let symbols = &g.program().symbols;
    shown.iter().map(|s| symbols.to_string(*s)).collect()
}

const FAILED_CHECK: &str = "internal error: a computed model fails the stable-model check";

/// Enumerates the answer sets of one step (up to `--models`), with their costs under
/// `--opt-mode=enum`.
fn enumerate_step(
    args: &SolveArgs,
    g: &IncrementalGrounder,
    inc: &IncrementalTranslation,
    backend: &mut StepBackend,
    printer: &Mutex<Printer>,
) -> Result<StepResult, String> {
    let program = g.program();
    let tr = &inc.tr;
    let vars = tr.atom_vars();
    let with_costs = args.opt_mode == OptMode::Enum && !tr.objective.is_empty();
    let mut search = Search::new(program, tr);
    let mut found = 0;
    let done = |sat, exhausted, search: Search| StepResult {
        search: search.finish(),
        sat,
        exhausted,
        optimized: false,
    };
    loop {
        let Some(model) = search.next(backend, &[]).map_err(|e| e.to_string())? else {
            return Ok(done(found > 0, true, search));
        };
        if !verify(args, g, tr, &model) {
            return Err(FAILED_CHECK.to_string());
        }
        let shown = crate::solve::shown_symbols(program, tr, &model);
        let costs = with_costs.then(|| crate::solve::optimize::costs(tr, &model));
        printer.lock().unwrap().model(texts(g, &shown), costs);
        found += 1;
        if args.models != 0 && found >= args.models {
            return Ok(done(true, false, search));
        }
        let block = blocking_clause(&vars, &model);
        if block.is_empty() {
            return Ok(done(true, true, search));
        }
        backend.add_clause(&block);
    }
}

/// Optimizes one step (`--opt-mode=opt`, `optN`) over the objective of all steps so far.
fn optimize_step(
    args: &SolveArgs,
    g: &IncrementalGrounder,
    inc: &IncrementalTranslation,
    backend: &mut StepBackend,
    printer: &Mutex<Printer>,
) -> Result<StepResult, String> {
    let tr = &inc.tr;
    let mut failed = false;
    // `-n N` with `--opt-mode=opt` stops each call after N models, as clingo's incmode does.
    let mut found = 0;
    let result = crate::solve::optimize::optimize(
        g.program(),
        tr,
        backend,
        args.opt_mode,
        args.opt_strategy,
        args.models,
        &mut |shown: &crate::solve::Model, cnf_model: &[bool], costs: &[i64], optimal: bool| {
            if !verify(args, g, tr, cnf_model) {
                failed = true;
                return crate::solve::Next::Stop;
            }
            let mut p = printer.lock().unwrap();
            if optimal && !p.in_optimal_phase() {
                p.begin_optimal_models();
            }
            p.model(texts(g, shown), Some(costs.to_vec()));
            found += 1;
            let enough = args.opt_mode == OptMode::Opt
                && args.models_given
                && args.models != 0
                && found >= args.models;
            if enough || p.output_closed() {
                crate::solve::Next::Stop
            } else {
                crate::solve::Next::Continue
            }
        },
    );
    if failed {
        return Err(FAILED_CHECK.to_string());
    }
    let (optimum, search) = result.map_err(|e| e.to_string())?;
    printer
        .lock()
        .unwrap()
        .set_optimal_models(optimum.optimal_models);
    Ok(match optimum.outcome {
        Outcome::Unsatisfiable => StepResult {
            search,
            sat: false,
            exhausted: true,
            optimized: true,
        },
        Outcome::Satisfiable { exhausted } => StepResult {
            search,
            sat: true,
            exhausted,
            optimized: true,
        },
    })
}

/// Brave or cautious consequences of one step (`--enum-mode`), under `--opt-mode` as outside
/// incremental mode ([`crate::commands::consequence_objective`]).
fn consequences_step(
    args: &SolveArgs,
    g: &IncrementalGrounder,
    inc: &IncrementalTranslation,
    backend: &mut StepBackend,
    printer: &Mutex<Printer>,
    mode: ConsequenceMode,
) -> Result<StepResult, String> {
    let tr = &inc.tr;
    let optimizing = !tr.objective.is_empty() && args.opt_mode != OptMode::Ignore;
    let failed = std::cell::Cell::new(false);
    let check = |model: &[bool]| {
        let ok = verify(args, g, tr, model);
        failed.set(failed.get() || !ok);
        ok
    };
    let mut sink = crate::commands::PrintedConsequences {
        printer,
        symbols: &g.program().symbols,
        check: &check,
    };
    let max_models = if args.models_given { args.models } else { 0 };
    let result = crate::solve::consequences::search(
        g.program(),
        tr,
        backend,
        mode,
        crate::commands::consequence_objective(args, optimizing),
        max_models,
        &mut sink,
    );
    if failed.get() {
        return Err(FAILED_CHECK.to_string());
    }
    let (ended, search) = result.map_err(|e| e.to_string())?;
    printer
        .lock()
        .unwrap()
        .set_optimal_models(ended.optimal_models);
    Ok(StepResult {
        search,
        sat: ended.outcome != Outcome::Unsatisfiable,
        exhausted: ended.outcome.exhausted(),
        optimized: ended.optimum,
    })
}
