//! `aspsat._native`: the Python extension over [`aspsat::api`]. It hands back plain Python
//! values (lists, tuples, strings, ints); `aspsat/__init__.py` shapes them into the package's
//! classes and documents the functions.

use aspsat::api::{self, Options, Status};
use aspsat::solve::optimize::OptMode;
use aspsat::translate::TranslationKind;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    _native,
    AspsatError,
    PyValueError,
    "The program was rejected (the message names the construct and its LINE:COL), or the SAT back end failed."
);

fn rejected(e: api::Error) -> PyErr {
    AspsatError::new_err(e.message)
}

/// Options from the keyword arguments the Python functions share.
fn options(
    models: usize,
    consts: Vec<String>,
    project: bool,
    opt_mode: &str,
    translation: &str,
    solver: &str,
) -> PyResult<Options> {
    let opt_mode = match opt_mode {
        "opt" => OptMode::Opt,
        "optN" => OptMode::OptN,
        "enum" => OptMode::Enum,
        "ignore" => OptMode::Ignore,
        other => {
            return Err(PyValueError::new_err(format!(
                "opt_mode={other:?}: expected 'opt', 'optN', 'enum' or 'ignore'"
            )));
        }
    };
    let translation = match translation {
        "completion" => TranslationKind::Completion,
        "ranking" => TranslationKind::Ranking,
        other => {
            return Err(PyValueError::new_err(format!(
                "translation={other:?}: expected 'completion' or 'ranking'"
            )));
        }
    };
    Ok(Options {
        models,
        consts,
        project,
        opt_mode,
        translation,
        solver: solver.to_string(),
        ..Options::default()
    })
}

/// The answer sets found as `(atoms, costs, proven optimal)`, the status, whether the search
/// was complete, and clingo's infos.
type Solved = (
    Vec<(Vec<String>, Vec<i64>, bool)>,
    &'static str,
    bool,
    Vec<String>,
);

#[pyfunction]
#[pyo3(signature = (program, models, consts, project, opt_mode, translation, solver))]
fn solve(
    py: Python<'_>,
    program: String,
    models: usize,
    consts: Vec<String>,
    project: bool,
    opt_mode: &str,
    translation: &str,
    solver: &str,
) -> PyResult<Solved> {
    let options = options(models, consts, project, opt_mode, translation, solver)?;
    // the search holds no Python object: other Python threads may run meanwhile
    let solution = py
        .detach(|| api::solve(&program, &options))
        .map_err(rejected)?;
    let status = match solution.status {
        Status::Satisfiable => "SATISFIABLE",
        Status::Unsatisfiable => "UNSATISFIABLE",
        Status::OptimumFound => "OPTIMUM FOUND",
    };
    let answer_sets = solution
        .answer_sets
        .into_iter()
        .map(|a| (a.atoms, a.costs, a.optimal))
        .collect();
    Ok((answer_sets, status, solution.complete, solution.infos))
}

#[pyfunction]
fn ground(py: Python<'_>, program: String, consts: Vec<String>) -> PyResult<String> {
    let options = Options {
        consts,
        ..Options::default()
    };
    py.detach(|| api::ground(&program, &options))
        .map_err(rejected)
}

/// The CNF's variable count, clauses, `(variable, symbol)` map, facts, `(priority, weight,
/// literal)` cost terms (literal 0: always), and its DIMACS text.
type Exported = (
    u32,
    Vec<Vec<i32>>,
    Vec<(u32, String)>,
    Vec<String>,
    Vec<(i64, i64, i32)>,
    String,
);

#[pyfunction]
fn compile(py: Python<'_>, program: String, consts: Vec<String>) -> PyResult<Exported> {
    let options = Options {
        consts,
        ..Options::default()
    };
    let exported = py
        .detach(|| api::compile(&program, &options))
        .map_err(rejected)?;
    let clauses = exported.cnf.clauses().map(|c| c.to_vec()).collect();
    let dimacs = exported.to_dimacs();
    let map = exported.map;
    Ok((
        exported.cnf.num_vars(),
        clauses,
        map.atoms,
        map.facts,
        map.costs,
        dimacs,
    ))
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(ground, m)?)?;
    m.add_function(wrap_pyfunction!(compile, m)?)?;
    m.add("AspsatError", m.py().get_type::<AspsatError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
