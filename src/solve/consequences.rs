//! Brave and cautious consequences (clingo's `--enum-mode=brave|cautious`): the shown atoms true
//! in some answer set, or in every one.
//!
//! Each answer set found improves an estimate: brave consequences grow by the atoms it shows,
//! cautious ones shrink to the atoms it shares with them. The next answer set must improve the
//! estimate again (show an atom not yet brave, or miss one still cautious); that requirement is a
//! clause guarded by a fresh activation literal assumed for the next calls only, so it expires
//! with the estimate. When no answer set improves it, the estimate is exact.
//!
//! With an objective, as clingo 5.8.3 ([`Objective`]): the consequences of the optimal answer
//! sets (`--opt-mode=optN`), of a chain of ever better models (`opt`), or of all (`enum`).

use super::optimize::{Extension, OptMode, OptStrategy, costs, optimize};
use super::{Model, Next, Outcome, SatBackend, Search, SolveError, SolveStats, value_in};
use crate::cnf::CnfLit;
use crate::program::GroundProgram;
use crate::symbol::Sym;
use crate::translate::{EncodingStats, Translation, Value};

/// Which consequences (`--enum-mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConsequenceMode {
    Brave,
    Cautious,
}

/// The estimate after a model: the symbols, and clingo's bounds on the final number: `lower`
/// atoms are certain consequences, at most `upper` can be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Estimate {
    pub symbols: Vec<Sym>,
    pub lower: usize,
    pub upper: usize,
}

/// A shown symbol with the values that show it.
struct Shown {
    sym: Sym,
    values: Vec<Value>,
}

impl Shown {
    fn in_model(&self, model: &[bool]) -> bool {
        self.values.iter().any(|&v| value_in(v, model))
    }

    /// True in every answer set by the translation alone (a fact).
    fn certain(&self) -> bool {
        self.values.contains(&Value::True)
    }

    fn possible(&self) -> bool {
        self.values.iter().any(|&v| v != Value::False)
    }

    fn lits(&self) -> impl Iterator<Item = CnfLit> + '_ {
        self.values.iter().filter_map(|&v| match v {
            Value::Lit(l) => Some(l),
            _ => None,
        })
    }
}

/// The shown symbols in clingo's order, each once.
fn shown(program: &GroundProgram, tr: &Translation) -> Vec<Shown> {
    let mut entries: Vec<(Sym, bool, Value)> =
        tr.shown.iter().map(|s| (s.sym, s.term, s.value)).collect();
    entries.sort_by(|a, b| program.symbols.compare(a.0, b.0).then(a.1.cmp(&b.1)));
    let mut out: Vec<(Sym, bool, Shown)> = Vec::new();
    for (sym, term, value) in entries {
        match out.last_mut() {
            Some((s, t, shown)) if *s == sym && *t == term => shown.values.push(value),
            _ => out.push((
                sym,
                term,
                Shown {
                    sym,
                    values: vec![value],
                },
            )),
        }
    }
    out.into_iter().map(|(_, _, s)| s).collect()
}

/// The running estimate of a consequence search: which shown symbols it holds, and the clause
/// a next model must satisfy to improve it.
struct Estimator {
    shown: Vec<Shown>,
    mode: ConsequenceMode,
    /// Whether each shown symbol is in the estimate (none before the first model).
    member: Vec<bool>,
    models: usize,
}

impl Estimator {
    fn new(program: &GroundProgram, tr: &Translation, mode: ConsequenceMode) -> Self {
        let shown = shown(program, tr);
        let member = vec![false; shown.len()];
        Estimator {
            shown,
            mode,
            member,
            models: 0,
        }
    }

    /// Takes a model into the estimate.
    fn add(&mut self, model: &[bool]) -> Estimate {
        for (i, s) in self.shown.iter().enumerate() {
            let now = s.in_model(model);
            self.member[i] = match self.mode {
                ConsequenceMode::Brave => self.member[i] || now,
                ConsequenceMode::Cautious if self.models == 0 => now,
                ConsequenceMode::Cautious => self.member[i] && now,
            };
        }
        self.models += 1;
        estimate(&self.shown, &self.member, self.mode)
    }

    /// Adds the clause that the next model must satisfy to improve the estimate (show an atom
    /// not yet brave, or miss one still cautious), guarded by a fresh literal to assume while
    /// the estimate lasts; `None` when no model can improve it (it is exact).
    fn improvement(&self, ext: &mut Extension) -> Option<CnfLit> {
        let mut improve: Vec<CnfLit> = Vec::new();
        for (s, &m) in self.shown.iter().zip(&self.member) {
            match self.mode {
                ConsequenceMode::Brave if !m => improve.extend(s.lits()),
                ConsequenceMode::Cautious if m && !s.certain() => {
                    let lits: Vec<CnfLit> = s.lits().collect();
                    if let [l] = lits[..] {
                        improve.push(-l);
                    } else {
                        // a fresh literal implying that every value showing the symbol is false
                        let none = ext.cnf.new_var();
                        for l in lits {
                            ext.cnf.add_clause(&[-none, -l]);
                        }
                        improve.push(none);
                    }
                }
                _ => {}
            }
        }
        if improve.is_empty() {
            return None;
        }
        let activation = ext.cnf.new_var();
        improve.insert(0, -activation);
        ext.cnf.add_clause(&improve);
        ext.flush();
        Some(activation)
    }
}

/// What a consequence search reports: each estimate with the solver's assignment it came
/// from and that model's costs (empty without an objective); under `--opt-mode=optN` first the
/// optimization's improving models. The answers say whether to go on.
pub trait ConsequenceSink {
    fn estimate(&mut self, estimate: &Estimate, cnf_model: &[bool], costs: &[i64]) -> Next;
    /// An improving model of optN's optimization (no estimate yet).
    fn improving(&mut self, model: &Model, cnf_model: &[bool], costs: &[i64]) -> Next;
    /// optN: the optimum is proven; the estimates over the optimal models follow.
    fn optimum_proven(&mut self);
}

/// How a consequence search treats the program's objective (clingo's `--opt-mode` with
/// `--enum-mode=brave|cautious`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Objective {
    /// No objective, or ignored: every answer set counts.
    None,
    /// `--opt-mode=enum`: every answer set counts; costs are reported.
    Costs,
    /// `--opt-mode=opt`: models that are each better and improve the estimate
    /// ([`improving_consequences`]).
    Improving,
    /// `--opt-mode=optN`: the optimal answer sets, after the optimization.
    Optimal(OptStrategy),
}

/// The end of a consequence search.
pub struct Ended {
    pub outcome: Outcome,
    /// Whether the optimum was proven (optN; opt and enum when the search completed, as
    /// clingo says OPTIMUM FOUND then).
    pub optimum: bool,
    /// Estimates over optimal models (optN).
    pub optimal_models: usize,
    /// Clauses and variables of the optimization bounds' pseudo-Boolean encodings.
    pub bound_stats: EncodingStats,
}

/// Brave or cautious consequences under `objective`, at most `max_models` estimates (0: no
/// bound; under optN, of the optimal models).
pub fn search(
    program: &GroundProgram,
    tr: &Translation,
    backend: &mut dyn SatBackend,
    mode: ConsequenceMode,
    objective: Objective,
    max_models: usize,
    sink: &mut dyn ConsequenceSink,
) -> Result<(Ended, SolveStats), SolveError> {
    let completed = |outcome: Outcome| outcome == Outcome::Satisfiable { exhausted: true };
    let with_costs = objective != Objective::None;
    let mut on_estimate =
        |e: &Estimate, m: &[bool], c: &[i64]| sink.estimate(e, m, if with_costs { c } else { &[] });
    match objective {
        Objective::None | Objective::Costs => {
            let used = tr.cnf.num_vars();
            let (outcome, stats) = consequences(
                program,
                tr,
                backend,
                mode,
                max_models,
                used,
                &mut on_estimate,
            )?;
            let ended = Ended {
                outcome,
                optimum: with_costs && completed(outcome),
                optimal_models: 0,
                bound_stats: EncodingStats::default(),
            };
            Ok((ended, stats))
        }
        Objective::Improving => {
            let (ended, stats) =
                improving_consequences(program, tr, backend, mode, max_models, &mut on_estimate)?;
            let ended = Ended {
                optimum: completed(ended.outcome),
                ..ended
            };
            Ok((ended, stats))
        }
        Objective::Optimal(strategy) => {
            optimal_consequences(program, tr, backend, mode, strategy, max_models, sink)
        }
    }
}

/// optN: the optimization as usual, its improving models reported as such; once the optimum
/// is proven (its levels then fixed on the backend, so every model is optimal), the
/// consequences of the optimal models.
fn optimal_consequences(
    program: &GroundProgram,
    tr: &Translation,
    backend: &mut dyn SatBackend,
    mode: ConsequenceMode,
    strategy: OptStrategy,
    max_models: usize,
    sink: &mut dyn ConsequenceSink,
) -> Result<(Ended, SolveStats), SolveError> {
    let (optimum, mut stats) = optimize(
        program,
        tr,
        backend,
        OptMode::Opt,
        strategy,
        0,
        &mut |model: &Model, cnf_model: &[bool], costs: &[i64], _| {
            sink.improving(model, cnf_model, costs)
        },
    )?;
    let mut ended = Ended {
        outcome: optimum.outcome,
        optimum: optimum.proven,
        optimal_models: 0,
        bound_stats: optimum.bound_stats,
    };
    if !optimum.proven {
        return Ok((ended, stats));
    }
    sink.optimum_proven();
    let (outcome, optimal) = consequences(
        program,
        tr,
        backend,
        mode,
        max_models,
        optimum.used_vars,
        &mut |e: &Estimate, m: &[bool], c: &[i64]| sink.estimate(e, m, c),
    )?;
    ended.outcome = outcome;
    ended.optimal_models = optimal.models;
    stats.add(&optimal);
    Ok((ended, stats))
}

type OnEstimate<'a> = dyn FnMut(&Estimate, &[bool], &[i64]) -> Next + 'a;

/// Computes the consequences, calling `on_estimate` after every model (at most `max_models`,
/// 0: no bound); the outcome is exhausted when the last estimate is exact. Variables above
/// `used_vars` are free for the search's own clauses (the translation's, or more when an
/// optimization fixed its optimum on the backend before: `--opt-mode=optN`).
fn consequences(
    program: &GroundProgram,
    tr: &Translation,
    backend: &mut dyn SatBackend,
    mode: ConsequenceMode,
    max_models: usize,
    used_vars: u32,
    on_estimate: &mut OnEstimate,
) -> Result<(Outcome, SolveStats), SolveError> {
    let mut ext = Extension::new(used_vars, backend, tr);
    let mut estimator = Estimator::new(program, tr, mode);
    let mut search = Search::new(program, tr);
    let mut assumptions: Vec<CnfLit> = Vec::new();
    while let Some(model) = search.next(ext.backend, &assumptions)? {
        let estimate = estimator.add(&model);
        let stop = on_estimate(&estimate, &model, &costs(tr, &model)) == Next::Stop;
        let Some(activation) = estimator.improvement(&mut ext) else {
            return Ok((Outcome::Satisfiable { exhausted: true }, search.finish()));
        };
        if stop || (max_models != 0 && estimator.models >= max_models) {
            return Ok((Outcome::Satisfiable { exhausted: false }, search.finish()));
        }
        assumptions = vec![activation];
    }
    let outcome = if estimator.models == 0 {
        Outcome::Unsatisfiable
    } else {
        Outcome::Satisfiable { exhausted: true }
    };
    Ok((outcome, search.finish()))
}

/// clingo's consequences under `--opt-mode=opt`: every next model must both be better
/// (lexicographically) than the last and improve the estimate; the search ends when no model
/// does both. The last model need not be optimal (clingo warns that the consequences "may
/// depend on enumeration order" and still says OPTIMUM FOUND).
///
/// Both requirements only tighten as models come, so the levels are settled one at a time
/// as in [`super::optimize`]: while some model improves the estimate with a smaller cost on
/// the current level, take it; when none does, no later model can either, and the level is
/// fixed at its last cost.
fn improving_consequences(
    program: &GroundProgram,
    tr: &Translation,
    backend: &mut dyn SatBackend,
    mode: ConsequenceMode,
    max_models: usize,
    on_estimate: &mut OnEstimate,
) -> Result<(Ended, SolveStats), SolveError> {
    let mut ext = Extension::new(tr.cnf.num_vars(), backend, tr);
    let mut estimator = Estimator::new(program, tr, mode);
    let mut search = Search::new(program, tr);
    let mut best: Option<Vec<i64>> = None;
    let mut improve: Option<CnfLit> = None;
    let mut level = 0;
    let done = |outcome, ext: Extension, search: Search| {
        let ended = Ended {
            outcome,
            optimum: false,
            optimal_models: 0,
            bound_stats: ext.stats,
        };
        Ok((ended, search.finish()))
    };
    loop {
        let mut assumptions: Vec<CnfLit> = improve.into_iter().collect();
        if let Some(b) = &best {
            let Some(objective) = tr.objective.get(level) else {
                // every level fixed: no model is better
                break;
            };
            match ext.at_most(&objective.terms, b[level] - 1) {
                Value::True => {}
                Value::False => {
                    ext.fix_at_most(&objective.terms, b[level]);
                    level += 1;
                    continue;
                }
                Value::Lit(l) => assumptions.push(l),
            }
        }
        let Some(model) = search.next(ext.backend, &assumptions)? else {
            let Some(b) = &best else {
                return done(Outcome::Unsatisfiable, ext, search);
            };
            // nothing better on this level improves the estimate, now or later
            if let Some(objective) = tr.objective.get(level) {
                ext.fix_at_most(&objective.terms, b[level]);
            }
            level += 1;
            continue;
        };
        let estimate = estimator.add(&model);
        let cost = costs(tr, &model);
        let stop = on_estimate(&estimate, &model, &cost) == Next::Stop;
        best = Some(cost);
        improve = estimator.improvement(&mut ext);
        if improve.is_none() {
            break;
        }
        if stop || (max_models != 0 && estimator.models >= max_models) {
            let outcome = Outcome::Satisfiable { exhausted: false };
            return done(outcome, ext, search);
        }
    }
    done(Outcome::Satisfiable { exhausted: true }, ext, search)
}

fn estimate(shown: &[Shown], member: &[bool], mode: ConsequenceMode) -> Estimate {
    let symbols: Vec<Sym> = shown
        .iter()
        .zip(member)
        .filter(|(_, m)| **m)
        .map(|(s, _)| s.sym)
        .collect();
    let (lower, upper) = match mode {
        // every atom shown once is brave; the rest may still be
        ConsequenceMode::Brave => {
            let open = shown
                .iter()
                .zip(member)
                .filter(|(s, m)| !**m && s.possible())
                .count();
            (symbols.len(), symbols.len() + open)
        }
        // only facts are certain before the search ends
        ConsequenceMode::Cautious => {
            let certain = shown
                .iter()
                .zip(member)
                .filter(|(s, m)| **m && s.certain())
                .count();
            (certain, symbols.len())
        }
    };
    Estimate {
        symbols,
        lower,
        upper,
    }
}
