//! Beyond one machine: `--plan DIR` writes every run as one shell command line of
//! `DIR/jobs.txt` (GNU parallel runs the file as it is; `DIR/compare.sbatch` runs line
//! `$SLURM_ARRAY_TASK_ID` of it as a Slurm array job) plus `DIR/plan.json`, the experiment.
//! Each job is `aspsat compare --record DIR/records/… …` for one cell: one run, its
//! [`RunRecord`] written to its own file. `--collect DIR` reads the plan and whatever records
//! exist into the same rows as a local run. Nothing here schedules anything.

use super::Experiment;
use super::rows::{self, Row};
use super::run::{self, RunRecord};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

const PLAN_FILE: &str = "plan.json";
const JOBS_FILE: &str = "jobs.txt";
const SBATCH_FILE: &str = "compare.sbatch";
const RECORDS_DIR: &str = "records";

/// The record file of run `run` of cell `cell`, relative to the plan directory.
fn record_name(cell: usize, run: usize) -> String {
    format!("{RECORDS_DIR}/cell{cell:04}-run{run}.json")
}

/// Quotes a word for POSIX shells (bash -c, GNU parallel, sbatch).
fn shell_quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// The command line of one job: `aspsat compare --record FILE` on one cell.
fn job_line(exe: &Path, dir: &Path, experiment: &Experiment, c: usize, k: usize) -> String {
    let cell = &experiment.cells[c];
    let limits = &experiment.limits;
    let mut words = vec![
        exe.display().to_string(),
        "compare".into(),
        "--record".into(),
        dir.join(record_name(c, k)).display().to_string(),
        "--encoding".into(),
        cell.encoding_path.display().to_string(),
        "--instance".into(),
        cell.instance_path.display().to_string(),
        "--option-set".into(),
        cell.options.to_arg(),
        "-n".into(),
        limits.models.to_string(),
        "--timeout".into(),
        limits.timeout.to_string(),
        "--mem-limit".into(),
        limits.mem_limit_mb.to_string(),
    ];
    if let Some(s) = &limits.solver {
        words.extend(["--solver".into(), s.clone()]);
    }
    if limits.sizes_only {
        words.push("--sizes-only".into());
    }
    words
        .iter()
        .map(|w| shell_quote(w))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Writes `plan.json`, `jobs.txt` (run k of every cell before run k+1 of any), `compare.sbatch`
/// and an empty `records/` into `dir`, and says how to run them.
pub fn write(experiment: &Experiment, dir: &Path) -> Result<(), String> {
    let fail = |what: &str, e: std::io::Error| format!("cannot write {what}: {e}");
    std::fs::create_dir_all(dir.join(RECORDS_DIR)).map_err(|e| fail("the plan directory", e))?;
    std::fs::create_dir_all(dir.join("logs")).map_err(|e| fail("the plan directory", e))?;
    let dir = std::fs::canonicalize(dir).map_err(|e| fail("the plan directory", e))?;
    let exe = std::env::current_exe().map_err(|e| fail("the plan (no aspsat path)", e))?;
    let plan = serde_json::to_string_pretty(experiment).map_err(|e| e.to_string())?;
    std::fs::write(dir.join(PLAN_FILE), plan + "\n").map_err(|e| fail(PLAN_FILE, e))?;
    let mut jobs = String::new();
    for k in 0..experiment.runs {
        for c in 0..experiment.cells.len() {
            jobs.push_str(&job_line(&exe, &dir, experiment, c, k));
            jobs.push('\n');
        }
    }
    std::fs::write(dir.join(JOBS_FILE), jobs).map_err(|e| fail(JOBS_FILE, e))?;
    let count = experiment.cells.len() * experiment.runs;
    let sbatch = sbatch_script(&dir, count, &experiment.limits);
    std::fs::write(dir.join(SBATCH_FILE), sbatch).map_err(|e| fail(SBATCH_FILE, e))?;
    let d = shell_quote(&dir.display().to_string());
    println!("{count} runs planned in {d}. Run them with either of:");
    println!("  parallel --joblog {d}/parallel.log < {d}/{JOBS_FILE}");
    println!("  sbatch {d}/{SBATCH_FILE}");
    println!("then: aspsat compare --collect {d} [--format table|csv|json] [--svg FILE]");
    Ok(())
}

/// A Slurm array job: task i runs line i of `jobs.txt`, one core, the run's time and memory.
fn sbatch_script(dir: &Path, count: usize, limits: &run::RunLimits) -> String {
    // The job's own limits sit above the run's (the run stops itself first and is recorded).
    let minutes = (limits.timeout * 1.1 / 60.0).ceil() as u64 + 2;
    let memory = if limits.mem_limit_mb > 0 {
        limits.mem_limit_mb + 512
    } else {
        8192
    };
    let d = dir.display();
    let mut s = String::new();
    let _ = writeln!(s, "#!/bin/bash");
    let _ = writeln!(
        s,
        "# aspsat compare: one array task per line of {JOBS_FILE};"
    );
    let _ = writeln!(s, "# each writes its record into {d}/{RECORDS_DIR}.");
    let _ = writeln!(
        s,
        "# Submit: sbatch {SBATCH_FILE}   (throttle: sbatch --array=1-{count}%50 {SBATCH_FILE})"
    );
    let _ = writeln!(s, "# Then:   aspsat compare --collect {d}");
    let _ = writeln!(s, "#SBATCH --job-name=aspsat-compare");
    let _ = writeln!(s, "#SBATCH --array=1-{count}");
    let _ = writeln!(s, "#SBATCH --ntasks=1");
    let _ = writeln!(s, "#SBATCH --cpus-per-task=1");
    let _ = writeln!(s, "#SBATCH --time={minutes}");
    let _ = writeln!(s, "#SBATCH --mem={memory}M");
    let _ = writeln!(s, "#SBATCH --output={d}/logs/%A_%a.out");
    let _ = writeln!(s, "set -euo pipefail");
    let _ = writeln!(
        s,
        "line=$(sed -n \"${{SLURM_ARRAY_TASK_ID}}p\" {})",
        shell_quote(&dir.join(JOBS_FILE).display().to_string())
    );
    let _ = writeln!(s, "exec bash -c \"$line\"");
    s
}

/// One job of a plan: the experiment has exactly one cell; run it once and write the record
/// (to a temporary name first, so that `--collect` never reads half a record).
pub fn run_job(experiment: &Experiment, file: &Path) -> Result<(), String> {
    let [cell] = experiment.cells.as_slice() else {
        return Err(format!(
            "--record runs one encoding × instance × option set, not {}",
            experiment.cells.len()
        ));
    };
    let record = run::run_once(cell, &experiment.limits);
    let text = serde_json::to_string_pretty(&record).map_err(|e| e.to_string())? + "\n";
    let partial = file.with_extension("json.partial");
    std::fs::write(&partial, text)
        .and_then(|()| std::fs::rename(&partial, file))
        .map_err(|e| format!("cannot write '{}': {e}", file.display()))
}

/// The rows of a plan's records (a missing record leaves its run out, with a warning), and the
/// plan's time limit.
pub fn collect(dir: &Path) -> Result<(Vec<Row>, f64), String> {
    let plan_path = dir.join(PLAN_FILE);
    let text = std::fs::read_to_string(&plan_path)
        .map_err(|e| format!("cannot read '{}': {e}", plan_path.display()))?;
    let experiment: Experiment = serde_json::from_str(&text)
        .map_err(|e| format!("'{}' is not a plan: {e}", plan_path.display()))?;
    let mut records: Vec<Vec<RunRecord>> = Vec::new();
    let mut missing: Vec<PathBuf> = Vec::new();
    for c in 0..experiment.cells.len() {
        let mut runs = Vec::new();
        for k in 0..experiment.runs {
            let path = dir.join(record_name(c, k));
            match std::fs::read_to_string(&path) {
                Ok(text) => runs.push(
                    serde_json::from_str(&text)
                        .map_err(|e| format!("'{}' is not a run record: {e}", path.display()))?,
                ),
                Err(_) => missing.push(path),
            }
        }
        records.push(runs);
    }
    if !missing.is_empty() {
        eprintln!(
            "aspsat compare: warning: {} of {} runs have no record yet (first: {})",
            missing.len(),
            experiment.cells.len() * experiment.runs,
            missing[0].display()
        );
    }
    Ok((
        rows::aggregate(&experiment, &records),
        experiment.limits.timeout,
    ))
}

#[cfg(test)]
mod tests {
    use super::shell_quote;

    #[test]
    fn quoting_for_the_shell() {
        assert_eq!(shell_quote("/a/b.lp"), "/a/b.lp");
        assert_eq!(
            shell_quote("tot=--card-encoding totalizer"),
            "'tot=--card-encoding totalizer'"
        );
        assert_eq!(shell_quote("it's"), "'it'\\''s'");
        assert_eq!(shell_quote(""), "''");
    }
}
