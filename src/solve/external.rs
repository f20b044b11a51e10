//! External SAT solvers as back ends: the CNF is written to a temporary file, the solver is run
//! as a child process, and its answer is read back and checked.
//!
//! * Each `solve()` writes every clause added so far (the program's CNF plus the blocking clauses
//!   of enumeration) and runs the solver anew.
//! * Two output conventions: the SAT competition's (`s SATISFIABLE` / `v 1 -2 ... 0` on standard
//!   output, exit 10/20) and minisat's result file (`minisat IN OUT`, `OUT` holding `SAT` and the
//!   literals, or `UNSAT`).
//! * Every model is checked against all clauses; a solver that crashes, prints something that is
//!   not an answer, contradicts its own exit code or returns a non-model is an error, never an
//!   answer. `s UNKNOWN` (or minisat's `INDET`) is reported as the solver giving up.
//! * The child runs in its own process group. [`abort_all`] (called on `--time-limit` and on
//!   Ctrl-C before the process exits) kills every running solver group and deletes the temporary
//!   directories; normal completion deletes them when the back end is dropped.

use super::{SatBackend, SolveError};
use crate::cnf::dimacs::{self, SolverAnswer};
use crate::cnf::{Cnf, CnfLit};
use std::fmt::Write as _;
use std::io::Write as _;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

/// How a solver reports its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Convention {
    /// `SOLVER [ARGS] IN.cnf`; `s`/`v` lines on standard output.
    Competition,
    /// `SOLVER [ARGS] IN.cnf OUT`; minisat's result file in `OUT`.
    ResultFile,
}

/// The solvers known by name: (name, convention, arguments put before the user's).
pub const KNOWN: &[(&str, Convention, &[&str])] = &[
    ("cadical", Convention::Competition, &[]),
    ("kissat", Convention::Competition, &[]),
    ("minisat", Convention::ResultFile, &["-verb=0"]),
    ("glucose", Convention::ResultFile, &[]),
    ("glucose-simp", Convention::ResultFile, &[]),
    ("glucose-syrup", Convention::ResultFile, &[]),
    ("cryptominisat5", Convention::Competition, &["--verb", "0"]),
    ("picosat", Convention::Competition, &[]),
];

/// A resolved external solver: the program to run and how to talk to it.
#[derive(Clone, Debug)]
pub struct ExternalSolver {
    /// The name or path as given (for messages).
    pub name: String,
    pub program: PathBuf,
    pub args: Vec<String>,
    pub convention: Convention,
}

impl ExternalSolver {
    /// Resolves `--solver NAME|PATH` with `--solver-args`. A name without `/` is looked up on
    /// `PATH`; the convention comes from the file name (`minisat` and `glucose*` use the result
    /// file, everything else the competition format).
    pub fn resolve(name: &str, user_args: &[String]) -> Result<Self, String> {
        let program = if name.contains('/') {
            let p = PathBuf::from(name);
            if !is_executable(&p) {
                return Err(if p.exists() {
                    format!("SAT solver '{name}' is not an executable file")
                } else {
                    format!("SAT solver '{name}' does not exist")
                });
            }
            p
        } else {
            find_on_path(name).ok_or_else(|| {
                format!(
                    "SAT solver '{name}' not found on PATH (install it, or give its path to \
                     --solver; the embedded solver is --solver varisat)"
                )
            })?
        };
        let base = program
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default();
        let (convention, defaults) = KNOWN
            .iter()
            .find(|(n, _, _)| *n == base)
            .map(|(_, c, d)| (*c, *d))
            .unwrap_or((Convention::Competition, &[]));
        let mut args: Vec<String> = defaults.iter().map(|s| s.to_string()).collect();
        args.extend(user_args.iter().cloned());
        Ok(ExternalSolver {
            name: name.to_string(),
            program,
            args,
            convention,
        })
    }
}

fn is_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p)
        .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        .unwrap_or(false)
}

fn find_on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| is_executable(p))
}

// ---------------------------------------------------------------------------------------------
// Running children and temporary directories, known to the interrupt path.

struct Registry {
    aborted: bool,
    /// Process group ids (= pids) of running solvers.
    groups: Vec<i32>,
    dirs: Vec<PathBuf>,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry {
    aborted: false,
    groups: Vec::new(),
    dirs: Vec::new(),
});

fn registry() -> MutexGuard<'static, Registry> {
    REGISTRY.lock().unwrap_or_else(|e| e.into_inner())
}

fn kill_group(pgid: i32) {
    use nix::sys::signal::{Signal, killpg};
    use nix::unistd::Pid;
    let _ = killpg(Pid::from_raw(pgid), Signal::SIGKILL);
}

fn remove_dir(dir: &Path) {
    // A solver killed a moment ago may still be closing a file in it: retry briefly.
    for _ in 0..20 {
        match std::fs::remove_dir_all(dir) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                std::thread::sleep(Duration::from_millis(5))
            }
            _ => return,
        }
    }
}

/// Kills every running external solver (with its process group) and deletes the temporary
/// directories of all external back ends. Meant to be called right before the process exits
/// (time limit, Ctrl-C): afterwards no external solver can be started by this process.
pub fn abort_all() {
    let mut reg = registry();
    reg.aborted = true;
    for g in std::mem::take(&mut reg.groups) {
        kill_group(g);
    }
    for d in std::mem::take(&mut reg.dirs) {
        remove_dir(&d);
    }
    // Keep the registry locked: a back end that is about to start a solver waits for the exit.
    std::mem::forget(reg);
}

/// A running solver; killed (with its group) and reaped if dropped before it exits.
struct Running {
    child: Option<Child>,
    pgid: i32,
}

impl Running {
    fn spawn(mut cmd: Command) -> std::io::Result<Running> {
        cmd.process_group(0);
        let mut reg = registry();
        if reg.aborted {
            return Err(std::io::Error::other("interrupted"));
        }
        let child = cmd.spawn()?;
        let pgid = child.id() as i32;
        reg.groups.push(pgid);
        Ok(Running {
            child: Some(child),
            pgid,
        })
    }

    /// Waits for the child to exit, polling so that the interrupt path can kill it meanwhile.
    fn wait(&mut self) -> std::io::Result<ExitStatus> {
        let mut pause = Duration::from_micros(100);
        loop {
            {
                let mut reg = registry();
                let child = self.child.as_mut().expect("waited twice");
                if let Some(status) = child.try_wait()? {
                    reg.groups.retain(|&g| g != self.pgid);
                    self.child = None;
                    return Ok(status);
                }
            }
            std::thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(10));
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            kill_group(self.pgid);
            let _ = child.wait();
            registry().groups.retain(|&g| g != self.pgid);
        }
    }
}

/// A temporary directory registered for deletion on interrupt.
struct TempDir {
    path: PathBuf,
}

impl TempDir {
    fn new() -> Result<TempDir, String> {
        let mut reg = registry();
        if reg.aborted {
            return Err("interrupted".into());
        }
        let dir = tempfile::Builder::new()
            .prefix("aspsat-")
            .tempdir()
            .map_err(|e| format!("cannot create a temporary directory: {e}"))?;
        let path = dir.keep();
        reg.dirs.push(path.clone());
        Ok(TempDir { path })
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let mut reg = registry();
        reg.dirs.retain(|d| d != &self.path);
        remove_dir(&self.path);
    }
}

// ---------------------------------------------------------------------------------------------

/// A [`SatBackend`] running an external solver on each `solve()`.
pub struct ExternalBackend {
    solver: ExternalSolver,
    /// All clauses so far, for checking models.
    cnf: Cnf,
    /// The same clauses as DIMACS lines.
    body: String,
    dir: Option<TempDir>,
}

impl ExternalBackend {
    pub fn new(solver: ExternalSolver, num_vars: u32) -> Self {
        let mut cnf = Cnf::new();
        while cnf.num_vars() < num_vars {
            cnf.new_var();
        }
        ExternalBackend {
            solver,
            cnf,
            body: String::new(),
            dir: None,
        }
    }

    fn fail(&self, what: impl std::fmt::Display) -> SolveError {
        SolveError::Failed(format!("SAT solver '{}' {what}", self.solver.name))
    }

    /// The clauses so far, and the assumptions as unit clauses.
    fn write_cnf(&self, path: &Path, assumptions: &[CnfLit]) -> std::io::Result<()> {
        let mut w = std::io::BufWriter::new(std::fs::File::create(path)?);
        writeln!(
            w,
            "p cnf {} {}",
            self.cnf.num_vars(),
            self.cnf.num_clauses() + assumptions.len()
        )?;
        w.write_all(self.body.as_bytes())?;
        for l in assumptions {
            writeln!(w, "{l} 0")?;
        }
        w.flush()
    }

    fn run(&mut self, assumptions: &[CnfLit]) -> Result<Option<Vec<bool>>, SolveError> {
        if self.dir.is_none() {
            self.dir = Some(TempDir::new()?);
        }
        let dir = self.dir.as_ref().unwrap().path.clone();
        let cnf_path = dir.join("input.cnf");
        let out_path = dir.join("stdout.txt");
        let err_path = dir.join("stderr.txt");
        let result_path = dir.join("result.txt");
        self.write_cnf(&cnf_path, assumptions)
            .map_err(|e| format!("cannot write the CNF for the SAT solver: {e}"))?;
        let _ = std::fs::remove_file(&result_path);
        let create = |p: &Path| {
            std::fs::File::create(p).map_err(|e| format!("cannot create {}: {e}", p.display()))
        };
        let mut cmd = Command::new(&self.solver.program);
        cmd.args(&self.solver.args)
            .arg(&cnf_path)
            .stdin(Stdio::null())
            .stdout(create(&out_path)?)
            .stderr(create(&err_path)?);
        if self.solver.convention == Convention::ResultFile {
            cmd.arg(&result_path);
        }
        let mut running =
            Running::spawn(cmd).map_err(|e| self.fail(format_args!("cannot be started: {e}")))?;
        let status = running
            .wait()
            .map_err(|e| self.fail(format_args!("could not be waited for: {e}")))?;
        let read = |p: &Path| {
            std::fs::read(p)
                .map(|b| String::from_utf8_lossy(&b).into_owned())
                .unwrap_or_default()
        };
        let stderr = read(&err_path);
        let context = || {
            let mut s = String::new();
            let tail: Vec<&str> = stderr.lines().rev().take(5).collect();
            if !tail.is_empty() {
                s.push_str("; its standard error ends with:");
                for l in tail.iter().rev() {
                    let _ = write!(s, "\n  | {}", truncate(l, 200));
                }
            }
            s
        };
        if let Some(sig) = status.signal() {
            return Err(self.fail(format_args!("was killed by signal {sig}{}", context())));
        }
        let code = status.code().unwrap_or(-1);
        let (answer_text, source) = match self.solver.convention {
            Convention::Competition => (read(&out_path), "standard output"),
            Convention::ResultFile => {
                if !result_path.exists() {
                    return Err(self.fail(format_args!(
                        "exited with status {code} without writing a result file{}",
                        context()
                    )));
                }
                (read(&result_path), "result file")
            }
        };
        let answer = match dimacs::read_answer(&answer_text, self.cnf.num_vars()) {
            Ok(a) => a,
            Err(e) => {
                let what = if !matches!(code, 0 | 10 | 20) {
                    format!("exited with status {code} without an answer")
                } else if answer_text.trim().is_empty() {
                    format!("exited with status {code} and an empty {source}")
                } else {
                    format!(
                        "exited with status {code} and its {source} is not an answer ({e}); it starts with: {}",
                        truncate(answer_text.trim_start(), 120)
                    )
                };
                return Err(self.fail(format_args!("{what}{}", context())));
            }
        };
        self.accept(answer, code, assumptions, context)
    }

    /// Accepts the solver's answer only if its exit status agrees with it and a model satisfies
    /// every clause and assumption: a wrong model from an outside solver is an error, never an
    /// answer set.
    fn accept(
        &self,
        answer: SolverAnswer,
        code: i32,
        assumptions: &[CnfLit],
        context: impl Fn() -> String,
    ) -> Result<Option<Vec<bool>>, SolveError> {
        match answer {
            SolverAnswer::Unknown => Err(SolveError::GaveUp(format!(
                "SAT solver '{}' answered UNKNOWN (gave up without an answer)",
                self.solver.name
            ))),
            SolverAnswer::Unsat => {
                if code != 20 && code != 0 {
                    return Err(self.fail(format_args!(
                        "answered UNSATISFIABLE but exited with status {code}{}",
                        context()
                    )));
                }
                Ok(None)
            }
            SolverAnswer::Sat(model) => {
                if code != 10 && code != 0 {
                    return Err(self.fail(format_args!(
                        "answered SATISFIABLE but exited with status {code}{}",
                        context()
                    )));
                }
                if let Some(i) = (0..self.cnf.num_clauses()).find(|&i| {
                    !self.cnf.clause(i).iter().any(|&l| {
                        let v = l.unsigned_abs() as usize;
                        model[v] == (l > 0)
                    })
                }) {
                    return Err(self.fail(format_args!(
                        "returned an assignment that violates clause {} of the CNF ({} 0): a wrong model",
                        i + 1,
                        self.cnf
                            .clause(i)
                            .iter()
                            .map(|l| l.to_string())
                            .collect::<Vec<_>>()
                            .join(" ")
                    )));
                }
                if let Some(l) = assumptions
                    .iter()
                    .find(|&&l| model[l.unsigned_abs() as usize] != (l > 0))
                {
                    return Err(self.fail(format_args!(
                        "returned an assignment that violates the assumption {l}: a wrong model"
                    )));
                }
                Ok(Some(model))
            }
        }
    }
}

fn truncate(s: &str, max: usize) -> String {
    let first = s.lines().next().unwrap_or("");
    let mut out: String = first.chars().take(max).collect();
    if first.chars().count() > max || s.lines().nth(1).is_some() {
        out.push_str(" ...");
    }
    out
}

impl SatBackend for ExternalBackend {
    fn add_clause(&mut self, clause: &[CnfLit]) {
        for &l in clause {
            while self.cnf.num_vars() < l.unsigned_abs() {
                self.cnf.new_var();
            }
            let _ = write!(self.body, "{l} ");
        }
        self.body.push_str("0\n");
        self.cnf.add_clause(clause);
    }

    fn solve_assuming(&mut self, assumptions: &[CnfLit]) -> Result<Option<Vec<bool>>, SolveError> {
        for &l in assumptions {
            while self.cnf.num_vars() < l.unsigned_abs() {
                self.cnf.new_var();
            }
        }
        self.run(assumptions)
    }

    fn is_incremental(&self) -> bool {
        false
    }
}
