//! Optimization by model-improving search, one priority level at a time: each model's cost on
//! the current level becomes a bound (`sum ≤ cost − 1`, assumed through an activation literal)
//! until the solver answers unsatisfiable; the level's optimum is then fixed for good and the
//! next level is optimized. Lexicographic order is thereby respected.
//!
//! Bounds use the translation's pseudo-Boolean encoding, one encoding per level that every
//! later bound reuses ([`PbEncoder::at_most`]): the decision diagram keeps its nodes (keyed by
//! what the remaining items may still add, so they mean the same under every bound) and a new
//! bound adds only the nodes it is the first to reach; the adder network of a level is built
//! once, and each bound then costs only a comparator (a chain of gates over the sum's bits).
//! Each bound comes with its surrogates: its combinations with the sums the program bounds
//! ([`Surrogates`]), assumed beside it.

use super::core_guided;
use super::{
    Model, Next, Outcome, SatBackend, Search, SolveError, SolveStats, blocking_clause,
    shown_symbols,
};
use crate::cnf::{Cnf, CnfLit};
use crate::program::GroundProgram;
use crate::translate::pb::PbEncoder;
use crate::translate::pb::surrogate::Surrogates;
use crate::translate::{EncodingStats, Translation, Value};

/// clingo's `--opt-mode`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum OptMode {
    /// Find an optimal model, printing each improving one.
    #[default]
    Opt,
    /// Find the optimum, then enumerate every optimal model.
    #[value(name = "optN")]
    OptN,
    /// Enumerate models with their costs, no optimization.
    Enum,
    /// Ignore the objective.
    Ignore,
}

/// The cost vector of a model, highest priority first.
pub fn costs(tr: &Translation, model: &[bool]) -> Vec<i64> {
    tr.objective
        .iter()
        .map(|level| {
            level
                .terms
                .iter()
                .filter(|(v, _)| super::value_in(*v, model))
                .map(|(_, w)| w)
                .sum()
        })
        .collect()
}

/// How each priority level is minimized (clasp's `--opt-strategy`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum OptStrategy {
    /// Model-improving: each model's cost becomes a bound, until none is better
    Bb,
    /// Core-guided (OLL): the lower bound rises with each unsatisfiable core, until a model
    /// meets it
    Usc,
    /// Core-guided when the back end gives cores and the level's cost literals share their
    /// weights (at least two literals per distinct weight on average), model-improving
    /// otherwise (see `core_guided_suits`)
    #[default]
    Auto,
}

/// Clauses added on top of the translation's CNF, forwarded to the backend as they appear.
pub(crate) struct Extension<'a> {
    pub cnf: Cnf,
    forwarded: usize,
    pub backend: &'a mut dyn SatBackend,
    pb: PbEncoder,
    /// The bounds combined with the sums the program bounds.
    surrogates: Surrogates,
    /// What the bounds' encodings added.
    pub stats: EncodingStats,
}

impl<'a> Extension<'a> {
    /// No clauses yet; new variables come after `used_vars`, pseudo-Boolean encodings as the
    /// translation's.
    pub fn new(used_vars: u32, backend: &'a mut dyn SatBackend, tr: &Translation) -> Self {
        let mut pb = PbEncoder::for_bounds(tr.encodings.pb);
        pb.set_amo(tr.amo.clone());
        Extension {
            cnf: Cnf::with_vars(used_vars),
            forwarded: 0,
            backend,
            pb,
            surrogates: Surrogates::new(&tr.linear, tr.amo.clone()),
            stats: EncodingStats::default(),
        }
    }

    pub fn flush(&mut self) {
        for i in self.forwarded..self.cnf.num_clauses() {
            self.backend.add_clause(self.cnf.clause(i));
        }
        self.forwarded = self.cnf.num_clauses();
    }

    /// A literal that implies `Σ level ≤ bound`, to be assumed or asserted (the decision
    /// diagram encodes only that half: [`PbEncoder::for_bounds`]).
    pub fn at_most(&mut self, terms: &[(Value, i64)], bound: i64) -> Value {
        let pb = &mut self.pb;
        let (v, clauses, vars) =
            EncodingStats::measure(&mut self.cnf, |cnf| pb.at_most(cnf, terms, bound));
        self.count_and_flush(clauses, vars);
        v
    }

    /// Counts what a bound's encodings added, and hands it to the backend.
    fn count_and_flush(&mut self, clauses: usize, vars: usize) {
        self.stats.pb_clauses += clauses;
        self.stats.pb_vars += vars;
        self.flush();
    }

    /// The assumptions that make the solver look for a model with `Σ level ≤ bound`: the
    /// bound's literal and its surrogates' ([`Surrogates`]); `None` when none can exist.
    fn bound_assumptions(&mut self, terms: &[(Value, i64)], bound: i64) -> Option<Vec<CnfLit>> {
        let l = match self.at_most(terms, bound) {
            Value::True => return Some(Vec::new()),
            Value::False => return None,
            Value::Lit(l) => l,
        };
        let surrogates = &mut self.surrogates;
        let (implied, clauses, vars) =
            EncodingStats::measure(&mut self.cnf, |cnf| surrogates.at_most(cnf, terms, bound));
        self.count_and_flush(clauses, vars);
        let mut assumptions = vec![l];
        for v in implied {
            match v {
                Value::True => {}
                Value::False => return None,
                Value::Lit(s) => assumptions.push(s),
            }
        }
        Some(assumptions)
    }

    /// Requires `Σ level ≤ bound` for good (a level fixed at its optimum).
    pub fn fix_at_most(&mut self, terms: &[(Value, i64)], bound: i64) {
        match self.at_most(terms, bound) {
            Value::Lit(l) => {
                self.cnf.add_clause(&[l]);
                self.flush();
            }
            Value::True => {}
            Value::False => unreachable!("a model met the bound"),
        }
    }
}

/// What the optimizer reports per model: the model, its costs, and whether it is one of the
/// proven-optimal models of `optN` (their numbering restarts, as in clingo). The answer says
/// whether to go on: clingo's `-n N` stops the search after N improving models.
pub trait OptimizationSink {
    /// `cnf_model` is the solver's assignment the shown `model` was read from.
    fn model(
        &mut self,
        model: &Model,
        cnf_model: &[bool],
        costs: &[i64],
        optimal_phase: bool,
    ) -> Next;
}

impl<F: FnMut(&Model, &[bool], &[i64], bool) -> Next> OptimizationSink for F {
    fn model(
        &mut self,
        model: &Model,
        cnf_model: &[bool],
        costs: &[i64],
        optimal_phase: bool,
    ) -> Next {
        self(model, cnf_model, costs, optimal_phase)
    }
}

/// The result of an optimization run.
pub struct Optimum {
    pub outcome: Outcome,
    /// The best cost vector found.
    pub best: Option<Vec<i64>>,
    /// Whether `best` is proven optimal (not when the sink stopped the search before).
    pub proven: bool,
    /// Number of models printed in optN's optimal phase.
    pub optimal_models: usize,
    /// Clauses and variables of the bounds' pseudo-Boolean encodings.
    pub bound_stats: EncodingStats,
    /// The variables in use on the backend: the translation's and the bounds'; the optimum's
    /// levels are fixed there for good once proven (more clauses may follow with fresh ones).
    pub used_vars: u32,
}

/// Whether `strategy` minimizes a level by cores on this back end. `auto` takes cores when the
/// back end gives them and the level's weights are shared: each core raises the lower bound by
/// its lightest weight and leaves the rest of its literals' weights behind, so where nearly
/// every cost literal has a weight of its own the bound climbs in many small steps, while the
/// model-improving search needs few calls with the diagram's arc-consistent bounds. CPU time of
/// `usc` against `bb`, varisat, after 259558e (one run, load 5): knapsack n=25 (25 literals, 23
/// weights) 0.52/0.18 s, n=30 (30, 27) 7.4/4.0 s (clingo's bb 0.29 s); TSP 10 cities (90, 19)
/// 2.6/4.0 s, 9 cities 0.76/0.86 s; weighted vertex cover 100 nodes (100, 9) 0.006/7.7 s;
/// fewest colours has one weight.
///
/// Where the level's cost literals fall into the program's "at most one" sets (assignments
/// with a cost per choice), the bounds' diagrams branch on the one item each set takes, and the
/// model-improving search wins: CPU time of `bb`/`usc`, 20 workers each taking one of 20 tasks
/// at pseudo-random costs, 0.78/10.2 s (clingo 5.8.3 does not prove the optimum in 60 s);
/// 15 of each 0.07/0.05 s.
fn core_guided_suits(
    strategy: OptStrategy,
    backend: &dyn SatBackend,
    level: &[(Value, i64)],
    grouped: bool,
) -> bool {
    match strategy {
        OptStrategy::Bb => false,
        OptStrategy::Usc => backend.gives_cores(),
        OptStrategy::Auto => {
            backend.gives_cores() && !grouped && core_guided::weights_shared(level)
        }
    }
}

/// Minimizes the translation's objective. `max_optimal` bounds optN's enumeration (0: all).
pub fn optimize(
    program: &GroundProgram,
    tr: &Translation,
    backend: &mut dyn SatBackend,
    mode: OptMode,
    strategy: OptStrategy,
    max_optimal: usize,
    sink: &mut dyn OptimizationSink,
) -> Result<(Optimum, SolveStats), SolveError> {
    let mut ext = Extension::new(tr.cnf.num_vars(), backend, tr);
    let mut best: Option<Vec<i64>> = None;
    let mut search = Search::new(program, tr);
    let result = |outcome: Outcome,
                  best: Option<Vec<i64>>,
                  optimal_models,
                  ext: Extension,
                  search: Search| {
        let optimum = Optimum {
            used_vars: ext.cnf.num_vars(),
            bound_stats: ext.stats,
            // stopped early only before the optimum (or within optN's optimal models)
            proven: best.is_some()
                && (outcome == Outcome::Satisfiable { exhausted: true } || optimal_models > 0),
            outcome,
            best,
            optimal_models,
        };
        Ok((optimum, search.finish()))
    };
    for (level_index, level) in tr.objective.iter().enumerate() {
        let grouped = ext.pb.has_amo_group(&level.terms);
        if core_guided_suits(strategy, ext.backend, &level.terms, grouped) {
            let found = core_guided::minimize_level(
                program,
                tr,
                &mut search,
                &mut ext,
                level_index,
                &mut best,
                sink,
            )?;
            match found {
                core_guided::LevelResult::Unsatisfiable => {
                    return result(Outcome::Unsatisfiable, None, 0, ext, search);
                }
                core_guided::LevelResult::Stopped => {
                    let outcome = Outcome::Satisfiable { exhausted: false };
                    return result(outcome, best, 0, ext, search);
                }
                core_guided::LevelResult::Optimal => continue,
            }
        }
        loop {
            let assumptions: Vec<CnfLit> = match &best {
                None => Vec::new(),
                Some(b) => match ext.bound_assumptions(&level.terms, b[level_index] - 1) {
                    Some(assumptions) => assumptions,
                    None => break,
                },
            };
            let Some(model) = search.next(ext.backend, &assumptions)? else {
                break;
            };
            // A model within the bound: the level's optimum is too, so the bound holds for
            // good, and the solver may simplify with it rather than carry it as an assumption.
            for &l in &assumptions {
                ext.cnf.add_clause(&[l]);
            }
            ext.flush();
            let c = costs(tr, &model);
            let next = sink.model(&shown_symbols(program, tr, &model), &model, &c, false);
            best = Some(c);
            if next == Next::Stop {
                let outcome = Outcome::Satisfiable { exhausted: false };
                return result(outcome, best, 0, ext, search);
            }
        }
        let Some(b) = &best else {
            return result(Outcome::Unsatisfiable, None, 0, ext, search);
        };
        // Fix this level at its optimum for the levels below.
        ext.fix_at_most(&level.terms, b[level_index]);
    }
    let mut optimal_models = 0;
    if mode == OptMode::OptN && best.is_some() {
        // Every model now has the optimal costs: enumerate them.
        let blocking = tr.atom_vars();
        while let Some(model) = search.next(ext.backend, &[])? {
            optimal_models += 1;
            let c = costs(tr, &model);
            let next = sink.model(&shown_symbols(program, tr, &model), &model, &c, true);
            if next == Next::Stop || (max_optimal != 0 && optimal_models >= max_optimal) {
                let outcome = Outcome::Satisfiable { exhausted: false };
                return result(outcome, best, optimal_models, ext, search);
            }
            let block = blocking_clause(&blocking, &model);
            if block.is_empty() {
                break;
            }
            ext.backend.add_clause(&block);
        }
    }
    let outcome = Outcome::Satisfiable { exhausted: true };
    result(outcome, best, optimal_models, ext, search)
}
