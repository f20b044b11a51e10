//! One run: `aspsat solve --json --stats …` on the encoding and the instance as a child process
//! with its own limits (an address-space rlimit, a CPU rlimit and a wall-clock kill), measured by
//! `wait4` (CPU time and peak memory of exactly that child). Whatever happens to the child — a
//! verdict, a time-out, a crash, no memory left — comes back as a [`RunRecord`].

use super::Cell;
use crate::exit;
use serde::{Deserialize, Serialize};
use serde_json::Value as Json;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// What every run gets.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RunLimits {
    /// `-n`: models to compute (0: all).
    pub models: usize,
    /// Wall-clock seconds.
    pub timeout: f64,
    /// Address space in MiB (0: unlimited).
    pub mem_limit_mb: u64,
    pub solver: Option<String>,
    pub sizes_only: bool,
}

/// How a run ended; the `result` column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    #[serde(rename = "SAT")]
    Sat,
    #[serde(rename = "UNSAT")]
    Unsat,
    #[serde(rename = "OPTIMUM")]
    Optimum,
    /// `--sizes-only`: grounded and translated, not solved.
    #[serde(rename = "SIZES")]
    Sizes,
    #[serde(rename = "TIMEOUT")]
    Timeout,
    /// Stopped without a verdict before the time limit (an external solver gave up).
    #[serde(rename = "UNKNOWN")]
    Unknown,
    #[serde(rename = "MEMOUT")]
    Memout,
    /// Killed by a signal, or an exit code aspsat never gives.
    #[serde(rename = "CRASH")]
    Crash,
    /// The program was rejected (exit 65).
    #[serde(rename = "ERROR")]
    InputError,
    /// The SAT back end failed (exit 69).
    #[serde(rename = "SOLVER-ERROR")]
    SolverError,
    /// A model failed aspsat's own check (exit 70).
    #[serde(rename = "INTERNAL-ERROR")]
    InternalError,
}

impl Outcome {
    pub fn text(self) -> &'static str {
        match self {
            Outcome::Sat => "SAT",
            Outcome::Unsat => "UNSAT",
            Outcome::Optimum => "OPTIMUM",
            Outcome::Sizes => "SIZES",
            Outcome::Timeout => "TIMEOUT",
            Outcome::Unknown => "UNKNOWN",
            Outcome::Memout => "MEMOUT",
            Outcome::Crash => "CRASH",
            Outcome::InputError => "ERROR",
            Outcome::SolverError => "SOLVER-ERROR",
            Outcome::InternalError => "INTERNAL-ERROR",
        }
    }

    /// A verdict about the instance (what encodings must agree on).
    pub fn is_verdict(self) -> bool {
        matches!(self, Outcome::Sat | Outcome::Unsat | Outcome::Optimum)
    }

    /// Solved within the limits (the cactus plot counts these).
    pub fn is_solved(self) -> bool {
        self.is_verdict()
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(self.text())
    }
}

/// The measurements of one run (what a plan's job writes).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RunRecord {
    pub result: Outcome,
    pub models: usize,
    /// Enumeration stopped at `-n` (more models may exist).
    pub more: bool,
    pub atoms: Option<u64>,
    pub rules: Option<u64>,
    pub vars: Option<u64>,
    pub clauses: Option<u64>,
    pub ground_s: Option<f64>,
    pub translate_s: Option<f64>,
    pub solve_s: Option<f64>,
    /// Wall clock of the child process, start to exit.
    pub total_s: f64,
    /// User plus system time of the child.
    pub cpu_s: f64,
    /// Peak resident set of the child.
    pub max_rss_mb: f64,
    /// The optimum's costs (OPTIMUM).
    pub costs: Option<Vec<i64>>,
    /// A hash of the set of answer sets, when all were enumerated (`-n 0`, none left).
    pub fingerprint: Option<String>,
    pub exit_code: Option<i32>,
    pub signal: Option<i32>,
    /// The child's last line on standard error, for failed runs.
    pub message: Option<String>,
}

/// The `aspsat solve` command line of a run.
pub fn solve_command(cell: &Cell, limits: &RunLimits) -> Vec<String> {
    let mut args: Vec<String> = ["solve", "--json", "--stats", "-n"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    args.push(limits.models.to_string());
    args.push("--time-limit".into());
    args.push(limits.timeout.to_string());
    if let Some(solver) = &limits.solver {
        args.push("--solver".into());
        args.push(solver.clone());
    }
    if limits.sizes_only {
        args.push("--sizes-only".into());
    }
    args.extend(cell.options.flags.iter().cloned());
    args.push(cell.encoding_path.display().to_string());
    args.push(cell.instance_path.display().to_string());
    args
}

/// Runs the cell once in a child process of this binary.
pub fn run_once(cell: &Cell, limits: &RunLimits) -> RunRecord {
    match spawn_and_wait(cell, limits) {
        Ok(finished) => finished.into_record(limits),
        Err(e) => RunRecord::failed(Outcome::Crash, format!("cannot run aspsat: {e}")),
    }
}

/// A child that ended: its status, usage and output.
struct Finished {
    status: i32,
    rusage: libc::rusage,
    wall: Duration,
    killed_for_time: bool,
    stdout: String,
    stderr: String,
}

fn spawn_and_wait(cell: &Cell, limits: &RunLimits) -> std::io::Result<Finished> {
    let exe = std::env::current_exe()?;
    let mut stdout = tempfile::tempfile()?;
    let mut stderr = tempfile::tempfile()?;
    let mut command = Command::new(exe);
    command
        .args(solve_command(cell, limits))
        .stdin(Stdio::null())
        .stdout(stdout.try_clone()?)
        .stderr(stderr.try_clone()?);
    let memory = limits.mem_limit_mb.saturating_mul(1024 * 1024);
    // CPU seconds: the wall-clock limit with room for the child's own clean stop; a child that
    // ignores its --time-limit still ends (SIGXCPU, then SIGKILL at the hard limit).
    let cpu = (limits.timeout * 1.5).ceil() as u64 + 5;
    // SAFETY: only setrlimit (async-signal-safe) runs between fork and exec.
    unsafe {
        command.pre_exec(move || {
            if memory > 0 {
                set_limit(libc::RLIMIT_AS, memory)?;
            }
            set_limit(libc::RLIMIT_CPU, cpu)?;
            // No core files from crashing runs.
            set_limit(libc::RLIMIT_CORE, 0)
        });
    }
    let start = Instant::now();
    let child = command.spawn()?;
    let pid = child.id() as libc::pid_t;
    let deadline = Duration::from_secs_f64(limits.timeout * 1.1 + 2.0);
    // The watchdog kills the child at the deadline. The child is only reaped (`wait4`) after the
    // watchdog has stopped, so its pid cannot have been reused by then.
    let (done, stop) = mpsc::channel::<()>();
    let watchdog = std::thread::spawn(move || {
        if stop.recv_timeout(deadline) == Err(mpsc::RecvTimeoutError::Timeout) {
            // SAFETY: pid is our unreaped child.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            true
        } else {
            false
        }
    });
    wait_exited(pid)?;
    let wall = start.elapsed();
    let _ = done.send(());
    let killed_for_time = watchdog.join().unwrap_or(false);
    let (status, rusage) = reap(pid)?;
    drop(child);
    Ok(Finished {
        status,
        rusage,
        wall,
        killed_for_time,
        stdout: read_all(&mut stdout),
        stderr: read_all(&mut stderr),
    })
}

fn set_limit(resource: libc::__rlimit_resource_t, value: u64) -> std::io::Result<()> {
    let limit = libc::rlimit {
        rlim_cur: value as libc::rlim_t,
        rlim_max: value as libc::rlim_t,
    };
    // SAFETY: a plain system call on a valid struct.
    if unsafe { libc::setrlimit(resource, &limit) } == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

/// Blocks until the child has exited, without reaping it.
fn wait_exited(pid: libc::pid_t) -> std::io::Result<()> {
    loop {
        // SAFETY: waitid on our own child with a zeroed siginfo to fill.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        let r = unsafe {
            libc::waitid(
                libc::P_PID,
                pid as libc::id_t,
                &mut info,
                libc::WEXITED | libc::WNOWAIT,
            )
        };
        if r == 0 {
            return Ok(());
        }
        let e = std::io::Error::last_os_error();
        if e.kind() != std::io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

/// Reaps the exited child: its wait status and resource usage.
fn reap(pid: libc::pid_t) -> std::io::Result<(i32, libc::rusage)> {
    let mut status = 0;
    // SAFETY: wait4 on our own exited child.
    let mut rusage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut rusage) };
        if r == pid {
            return Ok((status, rusage));
        }
        let e = std::io::Error::last_os_error();
        if e.kind() != std::io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

fn read_all(file: &mut std::fs::File) -> String {
    use std::io::{Read, Seek};
    let mut text = String::new();
    let _ = file.rewind();
    let mut bytes = Vec::new();
    if file.read_to_end(&mut bytes).is_ok() {
        text = String::from_utf8_lossy(&bytes).into_owned();
    }
    text
}

/// What went wrong, from a child's standard error: aspsat's error (with the lines that follow
/// it, such as a solver's own words), Rust's allocation failure or panic; else the last line.
fn failure_message(stderr: &str) -> Option<String> {
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    let start = lines
        .iter()
        .position(|l| {
            l.contains("error") || l.contains("memory allocation") || l.contains("panicked")
        })
        .or(lines.len().checked_sub(1))?;
    let text: Vec<&str> = lines[start..]
        .iter()
        .take(4)
        .map(|l| l.trim().trim_start_matches('|').trim())
        .collect();
    Some(text.join(" ").chars().take(400).collect())
}

fn seconds(t: libc::timeval) -> f64 {
    t.tv_sec as f64 + t.tv_usec as f64 / 1e6
}

impl Finished {
    fn into_record(self, limits: &RunLimits) -> RunRecord {
        let exited = libc::WIFEXITED(self.status);
        let exit_code = exited.then(|| libc::WEXITSTATUS(self.status));
        let signal = libc::WIFSIGNALED(self.status).then(|| libc::WTERMSIG(self.status));
        let stderr_tail = failure_message(&self.stderr);
        let out_of_memory = self.stderr.contains("memory allocation of")
            || self.stderr.contains("capacity overflow")
            || self.stderr.contains("out of memory");
        let timed_out = self.killed_for_time
            || signal == Some(libc::SIGXCPU)
            || self.wall.as_secs_f64() >= limits.timeout;
        let doc: Option<Json> = serde_json::from_str(&self.stdout).ok();
        let result = match (exit_code, signal) {
            (Some(exit::SAT | exit::EXHAUSTED | exit::UNSAT), _) => match &doc {
                Some(d) => verdict_of(d),
                None => Outcome::Crash,
            },
            (Some(exit::INPUT_ERROR), _) => Outcome::InputError,
            (Some(exit::SOLVER_ERROR), _) => Outcome::SolverError,
            (Some(exit::INTERNAL), _) => Outcome::InternalError,
            (Some(1 | 11), _) if limits.sizes_only && doc.is_some() => Outcome::Sizes,
            (Some(1 | 11), _) if timed_out => Outcome::Timeout,
            (Some(1 | 11), _) if doc.is_some() => Outcome::Unknown,
            _ if out_of_memory => Outcome::Memout,
            _ if timed_out => Outcome::Timeout,
            _ => Outcome::Crash,
        };
        let mut record = RunRecord::failed(result, String::new());
        record.message = (!result.is_verdict() && result != Outcome::Sizes)
            .then_some(stderr_tail)
            .flatten()
            .or_else(|| signal.map(|s| format!("killed by signal {s}")));
        record.exit_code = exit_code;
        record.signal = signal;
        record.total_s = self.wall.as_secs_f64();
        record.cpu_s = seconds(self.rusage.ru_utime) + seconds(self.rusage.ru_stime);
        // Linux reports ru_maxrss in KiB.
        record.max_rss_mb = self.rusage.ru_maxrss as f64 / 1024.0;
        if let Some(d) = &doc {
            record.fill_from_json(d);
        }
        record
    }
}

fn verdict_of(doc: &Json) -> Outcome {
    match doc["Result"].as_str() {
        Some("UNSATISFIABLE") => Outcome::Unsat,
        Some("OPTIMUM FOUND") => Outcome::Optimum,
        Some("SATISFIABLE") => Outcome::Sat,
        _ => Outcome::Crash,
    }
}

impl RunRecord {
    pub fn failed(result: Outcome, message: String) -> RunRecord {
        RunRecord {
            result,
            models: 0,
            more: false,
            atoms: None,
            rules: None,
            vars: None,
            clauses: None,
            ground_s: None,
            translate_s: None,
            solve_s: None,
            total_s: 0.0,
            cpu_s: 0.0,
            max_rss_mb: 0.0,
            costs: None,
            fingerprint: None,
            exit_code: None,
            signal: None,
            message: (!message.is_empty()).then_some(message),
        }
    }

    /// Sizes, stage times, models and costs from `aspsat solve --json --stats`.
    fn fill_from_json(&mut self, doc: &Json) {
        let stats = &doc["Stats"];
        // A run stopped while grounding has no sizes yet (all zero): leave them empty.
        let grounded = stats["GroundAtoms"].as_u64().unwrap_or(0) > 0
            || stats["GroundRules"].as_u64().unwrap_or(0) > 0
            || self.result.is_verdict()
            || self.result == Outcome::Sizes;
        if grounded {
            self.atoms = stats["GroundAtoms"].as_u64();
            self.rules = stats["GroundRules"].as_u64();
            self.vars = stats["CnfVars"].as_u64();
            self.clauses = stats["CnfClauses"].as_u64();
            self.ground_s = stats["GroundTime"].as_f64();
            self.translate_s = stats["TranslateTime"].as_f64();
            // A run stopped during the search has not recorded its search time.
            if self.result.is_verdict() {
                self.solve_s = stats["SolveTime"].as_f64();
            }
        }
        self.models = doc["Models"]["Number"].as_u64().unwrap_or(0) as usize;
        self.more = doc["Models"]["More"] == "yes";
        if self.result == Outcome::Optimum {
            self.costs = doc["Models"]["Costs"]
                .as_array()
                .map(|c| c.iter().filter_map(Json::as_i64).collect());
        }
        if self.result == Outcome::Sat && !self.more {
            self.fingerprint = Some(fingerprint(doc));
        }
    }
}

/// FNV-1a over the sorted answer sets (each sorted), so that the same set of answer sets in
/// any order and with atoms in any order has the same fingerprint.
fn fingerprint(doc: &Json) -> String {
    let mut models: Vec<String> = doc["Call"][0]["Witnesses"]
        .as_array()
        .map(|ws| {
            ws.iter()
                .map(|w| {
                    let mut atoms: Vec<&str> = w["Value"]
                        .as_array()
                        .map(|a| a.iter().filter_map(Json::as_str).collect())
                        .unwrap_or_default();
                    atoms.sort_unstable();
                    atoms.join(" ")
                })
                .collect()
        })
        .unwrap_or_default();
    models.sort_unstable();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in models.join("\n").bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}
