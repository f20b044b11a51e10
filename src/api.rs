//! The library in one call: a program as text in; its answer sets ([`solve`]), its ground
//! program ([`ground`]) or its CNF with the symbol map ([`compile`]) out. The Python package
//! (`python/`) is a thin layer over these three functions.
//!
//! ```
//! use aspsat::api::{self, Options, Status};
//!
//! let solution = api::solve("{ a; b }. :- a, b.", &Options::default()).unwrap();
//! let sets: Vec<Vec<String>> = solution.answer_sets.into_iter().map(|a| a.atoms).collect();
//! assert_eq!(sets, vec![vec![], vec!["b".to_string()], vec!["a".to_string()]]);
//! assert_eq!(solution.status, Status::Satisfiable);
//! assert!(solution.complete);
//! ```
//!
//! Errors carry clingo's message with its position (`<string>` names the text):
//!
//! ```
//! let error = aspsat::api::solve("p(X) :- not q.", &Default::default()).unwrap_err();
//! assert!(error.message.starts_with("<string>:1:1-15: error: unsafe variables"), "{error}");
//! ```

use crate::cnf::Cnf;
use crate::cnf::dimacs::{self, SymbolMap};
use crate::load;
use crate::pipeline::{CompileOptions, Compiled, ground_options};
use crate::solve::optimize::{OptMode, OptStrategy, costs, optimize};
use crate::solve::{Model, Next, Outcome, SolveOptions, SolverChoice};
use crate::translate::{EncodingOptions, TranslationKind};

/// The name the program text goes by in messages.
pub const TEXT_NAME: &str = "<string>";

/// What [`solve`] computes, and how (the command line's options of the same names); the
/// default computes all answer sets with the command line's defaults otherwise.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Answer sets to compute; 0 (the default) computes all. When optimizing, this bounds the
    /// improving models (`opt`, as clingo's `-n`) or the optimal ones (`optN`).
    pub models: usize,
    /// `#const` overrides, `NAME=VALUE` (clingo's `-c`).
    pub consts: Vec<String>,
    /// Distinct shown projections instead of distinct answer sets.
    pub project: bool,
    /// What to do with `#minimize` and weak constraints: `Opt` (the default) reports the
    /// improving models, the last one optimal; `OptN` then every optimal model.
    pub opt_mode: OptMode,
    pub opt_strategy: OptStrategy,
    /// How positive loops of non-tight programs are handled (the answer sets do not depend on
    /// it).
    pub translation: TranslationKind,
    /// Cardinality and pseudo-Boolean encodings (the answer sets do not depend on them).
    pub encodings: EncodingOptions,
    /// The SAT back end, as `--solver` (empty: the embedded varisat).
    pub solver: String,
    /// Stop grounding beyond this many ground atoms plus rules (default: 10 million).
    pub max_ground: Option<usize>,
}

/// The verdict of [`solve`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Satisfiable,
    Unsatisfiable,
    /// The last answer set (of `Opt`; all of the optimal phase of `OptN`) is proven optimal.
    OptimumFound,
}

/// One answer set: its shown atoms in clingo's order, as clingo prints them, and its costs
/// (highest priority first; empty without an objective).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnswerSet {
    pub atoms: Vec<String>,
    pub costs: Vec<i64>,
    /// Proven optimal: the models of `OptN`'s second phase, or the last model of `Opt` when
    /// the status is [`Status::OptimumFound`].
    pub optimal: bool,
}

/// What [`solve`] found.
#[derive(Clone, Debug)]
pub struct Solution {
    pub answer_sets: Vec<AnswerSet>,
    pub status: Status,
    /// Whether no further answer sets exist (false when `models` stopped the search).
    pub complete: bool,
    /// clingo's `info:` messages (undefined operations), one per line.
    pub infos: Vec<String>,
}

/// Why a call failed: the program was rejected (a message with `FILE:LINE:COL`, as the
/// command line prints it), or the SAT back end failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub message: String,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

fn error(e: impl std::fmt::Display) -> Error {
    Error {
        message: e.to_string(),
    }
}

/// Parses, grounds and translates `program` (`#include "file"` is read relative to the
/// working directory).
fn build(
    program: &str,
    options: &Options,
    translation: TranslationKind,
) -> Result<Compiled, Error> {
    let statements = load::load_text(program, TEXT_NAME).map_err(error)?;
    let options = CompileOptions {
        ground: ground_options(&options.consts, options.max_ground).map_err(error)?,
        translation,
        encodings: options.encodings,
    };
    crate::compile(&statements, &options).map_err(error)
}

/// The answer sets of `program`, as `aspsat solve -n MODELS` computes them.
///
/// ```
/// use aspsat::api::{self, Options, Status};
///
/// // the cheapest cover of a and b: optimization reports improving models, the last optimal
/// let program = "{ a; b; c }. :- not a, not c. :- not b, not c.
///                #minimize { 1,a : a; 1,b : b; 3,c : c }.";
/// let solution = api::solve(program, &Options::default()).unwrap();
/// let best = solution.answer_sets.last().unwrap();
/// assert_eq!(best.atoms, ["a", "b"]);
/// assert_eq!(best.costs, [2]);
/// assert!(best.optimal);
/// assert_eq!(solution.status, Status::OptimumFound);
///
/// // `#const` overrides and a bound on the number of answer sets
/// let options = Options { models: 2, consts: vec!["n=5".into()], ..Options::default() };
/// let solution = api::solve("#const n = 3. { p(1..n) } = 1.", &options).unwrap();
/// assert_eq!(solution.answer_sets.len(), 2);
/// assert!(!solution.complete);
/// ```
pub fn solve(program: &str, options: &Options) -> Result<Solution, Error> {
    let solver = SolverChoice::resolve(&options.solver, None).map_err(error)?;
    let mut compiled = build(program, options, options.translation)?;
    compiled.translation.fix_external_defaults();
    let tr = &compiled.translation;
    let mut backend = solver.backend(tr.cnf.num_vars());
    crate::solve::load(backend.as_mut(), &tr.cnf);
    let mut found = Collector {
        compiled: &compiled,
        answer_sets: Vec::new(),
        failure: None,
    };
    let optimizing = !tr.objective.is_empty() && options.opt_mode != OptMode::Ignore;
    let (status, complete) = if optimizing && options.opt_mode != OptMode::Enum {
        let opt_n = options.opt_mode == OptMode::OptN;
        let (optimum, _) = optimize(
            &compiled.program,
            tr,
            backend.as_mut(),
            options.opt_mode,
            options.opt_strategy,
            if opt_n { options.models } else { 0 },
            &mut |model: &Model, cnf_model: &[bool], c: &[i64], optimal: bool| {
                let next = found.take(model, cnf_model, c.to_vec(), optimal);
                // `opt`: `models` bounds the improving models, as clingo's -n
                let enough = !opt_n && found.answer_sets.len() == options.models;
                if enough { Next::Stop } else { next }
            },
        )
        .map_err(error)?;
        let status = match optimum.outcome {
            Outcome::Unsatisfiable => Status::Unsatisfiable,
            Outcome::Satisfiable { .. } if optimum.proven => {
                if !opt_n && let Some(last) = found.answer_sets.last_mut() {
                    last.optimal = true;
                }
                Status::OptimumFound
            }
            Outcome::Satisfiable { .. } => Status::Satisfiable,
        };
        (status, optimum.outcome.exhausted())
    } else {
        let solve_options = SolveOptions {
            max_models: options.models,
            project: options.project,
        };
        let (outcome, _) = crate::solve::enumerate(
            &compiled.program,
            tr,
            backend.as_mut(),
            &solve_options,
            &mut |model, cnf_model| {
                let c = if optimizing {
                    costs(tr, cnf_model)
                } else {
                    Vec::new()
                };
                found.take(model, cnf_model, c, false)
            },
        )
        .map_err(error)?;
        let status = match outcome {
            Outcome::Unsatisfiable => Status::Unsatisfiable,
            Outcome::Satisfiable { .. } => Status::Satisfiable,
        };
        (status, outcome.exhausted())
    };
    if let Some(e) = found.failure {
        return Err(e);
    }
    Ok(Solution {
        answer_sets: found.answer_sets,
        status,
        complete,
        infos: compiled.infos.iter().map(|d| d.to_string()).collect(),
    })
}

/// Collects the answer sets of a search, each checked first in debug builds.
struct Collector<'a> {
    compiled: &'a Compiled,
    answer_sets: Vec<AnswerSet>,
    failure: Option<Error>,
}

impl Collector<'_> {
    fn take(&mut self, model: &Model, cnf_model: &[bool], costs: Vec<i64>, optimal: bool) -> Next {
        if cfg!(debug_assertions) {
            let values = crate::solve::atom_values(&self.compiled.translation, cnf_model);
            if let Err(e) = crate::solve::check::check_model(&self.compiled.program, &values) {
                self.failure = Some(error(format!(
                    "internal error: a computed model fails the stable-model check: {e}"
                )));
                return Next::Stop;
            }
        }
        let symbols = &self.compiled.program.symbols;
        self.answer_sets.push(AnswerSet {
            atoms: model.iter().map(|s| symbols.to_string(*s)).collect(),
            costs,
            optimal,
        });
        Next::Continue
    }
}

/// The ground program of `program` in clingo's rule syntax, as `aspsat ground` prints it.
///
/// ```
/// let text = aspsat::api::ground("p(1..2). q(X) :- p(X), X > 1.", &Default::default()).unwrap();
/// assert_eq!(text, "p(1).\np(2).\nq(2).\n");
/// ```
pub fn ground(program: &str, options: &Options) -> Result<String, Error> {
    let statements = load::load_text(program, TEXT_NAME).map_err(error)?;
    let ground_options = ground_options(&options.consts, options.max_ground).map_err(error)?;
    let grounded = crate::ground::ground(&statements, &ground_options).map_err(error)?;
    Ok(grounded.program.to_text())
}

/// A program compiled to CNF: the clauses and the symbol map that reads the shown atoms (and
/// costs) off any model, exactly as `aspsat dimacs` writes them.
#[derive(Clone, Debug)]
pub struct CnfProgram {
    pub cnf: Cnf,
    pub map: SymbolMap,
    /// The variables of the `c p show` line (shown atoms, or `#project` atoms).
    pub projection: Vec<u32>,
}

impl CnfProgram {
    /// DIMACS text with the symbol map in `c atom`/`c fact`/`c cost` comment lines.
    pub fn to_dimacs(&self) -> String {
        let mut out = Vec::new();
        let header = [format!("{} (library)", crate::output::VERSION_LINE)];
        dimacs::write(&mut out, &self.cnf, &self.map, &header, &self.projection)
            .expect("writing to memory");
        String::from_utf8(out).expect("DIMACS is ASCII and symbols are UTF-8")
    }

    /// The shown atoms of a model of the CNF (`model[v]` the value of variable `v`, index 0
    /// unused): the facts, then the mapped atoms that are true.
    pub fn shown(&self, model: &[bool]) -> Vec<String> {
        let mut shown = self.map.facts.clone();
        shown.extend(
            self.map
                .atoms
                .iter()
                .filter(|(v, _)| model.get(*v as usize) == Some(&true))
                .map(|(_, s)| s.clone()),
        );
        shown
    }
}

/// `program` as CNF whose models, read through the map, are exactly its answer sets (the
/// translation of `aspsat dimacs`: level ranking for non-tight programs, so that no other
/// check is needed).
///
/// ```
/// use aspsat::api;
///
/// let exported = api::compile("{ a }. b :- not a.", &Default::default()).unwrap();
/// let vars = exported.cnf.num_vars() as usize;
/// // every assignment that satisfies the CNF is an answer set, read through the map
/// let mut answer_sets: Vec<Vec<String>> = (0..1u32 << vars)
///     .map(|bits| std::iter::once(false).chain((0..vars).map(|i| bits >> i & 1 == 1)).collect())
///     .filter(|model: &Vec<bool>| exported.cnf.satisfied_by(model))
///     .map(|model| exported.shown(&model))
///     .collect();
/// answer_sets.sort();
/// assert_eq!(answer_sets, [vec!["a".to_string()], vec!["b".to_string()]]);
/// assert!(exported.to_dimacs().contains("p cnf"));
/// ```
pub fn compile(program: &str, options: &Options) -> Result<CnfProgram, Error> {
    let compiled = build(program, options, TranslationKind::Ranking)?;
    let map = crate::commands::symbol_map(&compiled);
    let projection = crate::solve::projected_vars(&compiled.program, &compiled.translation)
        .into_iter()
        .map(|v| v as u32)
        .collect();
    Ok(CnfProgram {
        cnf: compiled.translation.cnf,
        map,
        projection,
    })
}
