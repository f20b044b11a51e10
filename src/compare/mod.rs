//! `aspsat compare`: every encoding × instance × option set, K runs each, as child processes of
//! the `aspsat` binary with their own time and memory limits; one row per combination (medians
//! over the runs), models and verdicts checked to agree across encodings of an instance, and a
//! table, CSV, JSON or SVG plot out.
//!
//! The stages: [`Experiment`] (what to run, from the flags or a plan's `plan.json`) → [`run`]
//! (one child process → one [`run::RunRecord`]) → [`rows`] (records → [`Row`]s with medians and
//! the agreement check) → [`table`] / [`plot`] (rows → text and pictures). [`plan`] writes the runs
//! as a job list for GNU parallel or a Slurm array instead of running them, and collects the
//! records those jobs write.

pub mod plan;
pub mod plot;
pub mod rows;
pub mod run;
pub mod table;

use crate::exit;
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rows::Row;
use run::{RunLimits, RunRecord};
use serde::{Deserialize, Serialize};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

#[derive(Args, Clone, Debug, Default)]
pub struct CompareArgs {
    /// An encoding file (repeat for each encoding)
    #[arg(long = "encoding", value_name = "FILE")]
    pub encodings: Vec<String>,
    /// An instance file, or a directory: every `*.lp` inside (repeat for more)
    #[arg(long = "instance", value_name = "FILE|DIR")]
    pub instances: Vec<String>,
    /// Models to compute per run (0: all)
    #[arg(short = 'n', long = "models", value_name = "N", default_value_t = 1)]
    pub models: usize,
    /// Flags for `aspsat solve` under a label, e.g. "tot=--card-encoding totalizer" (repeat;
    /// none: one set "default" without flags)
    #[arg(
        long = "option-set",
        value_name = "LABEL=FLAGS",
        allow_hyphen_values = true
    )]
    pub option_sets: Vec<String>,
    /// SAT back end of every run (as `aspsat solve --solver`)
    #[arg(long, value_name = "NAME|PATH")]
    pub solver: Option<String>,
    /// Runs of each combination (the row shows medians; JSON also the minimum and maximum)
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub runs: usize,
    /// Wall-clock limit of each run in seconds
    #[arg(long, value_name = "SECS", default_value_t = 300.0)]
    pub timeout: f64,
    /// Address-space limit of each run in MiB (0: none)
    #[arg(long, value_name = "MB", default_value_t = 4096)]
    pub mem_limit: u64,
    /// Runs at a time (default: the number of cores)
    #[arg(long, value_name = "J")]
    pub jobs: Option<usize>,
    /// Output format
    #[arg(long, value_enum, default_value_t)]
    pub format: OutputFormat,
    /// Also draw a cactus plot (and a scatter plot for exactly two encodings/option sets)
    #[arg(long, value_name = "FILE")]
    pub svg: Option<String>,
    /// Ground and translate only (sizes and times, no search)
    #[arg(long)]
    pub sizes_only: bool,
    /// Write the runs as a job list for GNU parallel and a Slurm array job into DIR instead of
    /// running them
    #[arg(long, value_name = "DIR", conflicts_with = "collect")]
    pub plan: Option<String>,
    /// Merge the records that the jobs of `--plan DIR` wrote into the table, CSV, JSON or SVG
    #[arg(long, value_name = "DIR")]
    pub collect: Option<String>,
    /// One job of a plan: run the single encoding × instance × option set once and write its
    /// record to FILE
    #[arg(long, value_name = "FILE", hide = true)]
    pub record: Option<String>,
}

#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OutputFormat {
    /// A Markdown table
    #[default]
    Table,
    Csv,
    Json,
}

/// Flags for `aspsat solve` under a label.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OptionSet {
    pub label: String,
    pub flags: Vec<String>,
}

impl OptionSet {
    /// `LABEL=FLAGS`, or bare flags (labelled with themselves); flags split at whitespace.
    pub fn parse(text: &str) -> OptionSet {
        let (label, flags) = match text.split_once('=') {
            Some((label, flags)) if !label.trim().is_empty() && !label.trim().starts_with('-') => {
                (label.trim().to_string(), flags)
            }
            _ => (text.trim().to_string(), text),
        };
        OptionSet {
            label,
            flags: flags.split_whitespace().map(str::to_string).collect(),
        }
    }

    /// The `--option-set` argument that gives this set back.
    pub fn to_arg(&self) -> String {
        let flags = self.flags.join(" ");
        if self.label == flags && self.label.starts_with('-') {
            flags
        } else {
            format!("{}={flags}", self.label)
        }
    }
}

/// One encoding × instance × option set: a row of the result.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Cell {
    /// Display names (file names, or the paths as given where file names collide).
    pub encoding: String,
    pub instance: String,
    pub options: OptionSet,
    pub encoding_path: PathBuf,
    pub instance_path: PathBuf,
}

/// Everything to run: the cells, how often, and each run's limits.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Experiment {
    pub cells: Vec<Cell>,
    pub runs: usize,
    pub limits: RunLimits,
}

impl Experiment {
    pub fn from_args(args: &CompareArgs) -> Result<Experiment, String> {
        if args.encodings.is_empty() {
            return Err("no --encoding given".into());
        }
        if args.instances.is_empty() {
            return Err("no --instance given".into());
        }
        if args.runs == 0 {
            return Err("--runs must be at least 1".into());
        }
        if !(args.timeout.is_finite() && args.timeout > 0.0) {
            return Err("--timeout must be a positive number of seconds".into());
        }
        let encodings = args
            .encodings
            .iter()
            .map(|e| existing_file(e))
            .collect::<Result<Vec<_>, _>>()?;
        let mut instances = Vec::new();
        for i in &args.instances {
            instances.extend(instance_files(i)?);
        }
        let option_sets = if args.option_sets.is_empty() {
            vec![OptionSet {
                label: "default".into(),
                flags: Vec::new(),
            }]
        } else {
            args.option_sets
                .iter()
                .map(|s| OptionSet::parse(s))
                .collect()
        };
        let encoding_names = display_names(&encodings);
        let instance_names = display_names(&instances);
        let mut cells = Vec::new();
        for (instance, instance_name) in instances.iter().zip(&instance_names) {
            for (encoding, encoding_name) in encodings.iter().zip(&encoding_names) {
                for options in &option_sets {
                    cells.push(Cell {
                        encoding: encoding_name.clone(),
                        instance: instance_name.clone(),
                        options: options.clone(),
                        encoding_path: absolute(encoding),
                        instance_path: absolute(instance),
                    });
                }
            }
        }
        Ok(Experiment {
            cells,
            runs: args.runs,
            limits: RunLimits {
                models: args.models,
                timeout: args.timeout,
                mem_limit_mb: args.mem_limit,
                solver: args.solver.clone(),
                sizes_only: args.sizes_only,
            },
        })
    }
}

fn existing_file(path: &str) -> Result<PathBuf, String> {
    let p = PathBuf::from(path);
    if p.is_file() {
        Ok(p)
    } else {
        Err(format!("'{path}' is not a readable file"))
    }
}

/// A file, or every `*.lp` in a directory (sorted by name).
fn instance_files(path: &str) -> Result<Vec<PathBuf>, String> {
    let p = PathBuf::from(path);
    if p.is_file() {
        return Ok(vec![p]);
    }
    if !p.is_dir() {
        return Err(format!(
            "instance '{path}' is neither a file nor a directory"
        ));
    }
    let entries = std::fs::read_dir(&p).map_err(|e| format!("cannot read '{path}': {e}"))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|f| f.is_file() && f.extension().is_some_and(|x| x == "lp"))
        .collect();
    if files.is_empty() {
        return Err(format!("instance directory '{path}' has no *.lp file"));
    }
    // By name without `.lp`, so that `k15_opt.lp` comes before `k15_opt1.lp`.
    let stem = |p: &PathBuf| p.file_stem().map(|s| s.to_string_lossy().into_owned());
    files.sort_by(|a, b| natural_cmp(&stem(a).unwrap_or_default(), &stem(b).unwrap_or_default()));
    Ok(files)
}

/// Orders `q10.lp` after `q9.lp`: digit runs compare as numbers.
fn natural_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    fn chunks(s: &str) -> Vec<(bool, &str)> {
        let mut out = Vec::new();
        let mut start = 0;
        let bytes = s.as_bytes();
        for i in 1..=bytes.len() {
            if i == bytes.len() || bytes[i].is_ascii_digit() != bytes[start].is_ascii_digit() {
                out.push((bytes[start].is_ascii_digit(), &s[start..i]));
                start = i;
            }
        }
        out
    }
    let key = |s| {
        chunks(s)
            .into_iter()
            .map(|(digits, c)| {
                if digits {
                    (c.trim_start_matches('0').len(), c.to_string())
                } else {
                    (0, c.to_string())
                }
            })
            .collect::<Vec<_>>()
    };
    key(a).cmp(&key(b))
}

/// File names, or the paths as given where two files share a name.
fn display_names(paths: &[PathBuf]) -> Vec<String> {
    let name = |p: &PathBuf| {
        p.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| p.display().to_string())
    };
    paths
        .iter()
        .map(|p| {
            let clash = paths.iter().filter(|q| name(q) == name(p)).count() > 1;
            if clash {
                p.display().to_string()
            } else {
                name(p)
            }
        })
        .collect()
}

fn absolute(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

/// `aspsat compare`: plan, collect, one recorded job, or a local run.
pub fn run(args: &CompareArgs) -> i32 {
    let result = if let Some(dir) = &args.collect {
        plan::collect(Path::new(dir)).and_then(|(rows, timeout)| report(args, &rows, timeout))
    } else {
        Experiment::from_args(args).and_then(|experiment| {
            if let Some(file) = &args.record {
                plan::run_job(&experiment, Path::new(file)).map(|()| exit::OK)
            } else if let Some(dir) = &args.plan {
                plan::write(&experiment, Path::new(dir)).map(|()| exit::OK)
            } else {
                let records = run_locally(&experiment, args.jobs);
                let rows = rows::aggregate(&experiment, &records);
                report(args, &rows, experiment.limits.timeout)
            }
        })
    };
    result.unwrap_or_else(|e| {
        eprintln!("aspsat compare: error: {e}");
        exit::INPUT_ERROR
    })
}

/// Prints the rows in the chosen format (and the SVG); exit code [`exit::DISAGREEMENT`] when
/// encodings disagree on an instance.
fn report(args: &CompareArgs, rows: &[Row], timeout: f64) -> Result<i32, String> {
    let disagreements = rows::disagreements(rows);
    let text = match args.format {
        OutputFormat::Table => table::markdown(rows, &disagreements),
        OutputFormat::Csv => table::csv(rows),
        OutputFormat::Json => table::json(rows, &disagreements, timeout),
    };
    crate::output::print_text(&text);
    for d in &disagreements {
        eprintln!("aspsat compare: DISAGREEMENT: {d}");
    }
    if let Some(path) = &args.svg {
        let svg = plot::svg(rows, timeout);
        std::fs::write(path, svg).map_err(|e| format!("cannot write '{path}': {e}"))?;
    }
    Ok(if disagreements.is_empty() {
        exit::OK
    } else {
        exit::DISAGREEMENT
    })
}

/// Runs every cell `experiment.runs` times, `jobs` children at a time (default: the cores),
/// runs of one cell spread over the experiment so that load affects all cells alike.
pub fn run_locally(experiment: &Experiment, jobs: Option<usize>) -> Vec<Vec<RunRecord>> {
    let cells = experiment.cells.len();
    let total = cells * experiment.runs;
    let jobs = jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, total.max(1));
    let progress = progress_bar(total as u64);
    let next = AtomicUsize::new(0);
    let records: Mutex<Vec<Vec<RunRecord>>> = Mutex::new(vec![Vec::new(); cells]);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= total {
                        break;
                    }
                    let cell = &experiment.cells[k % cells];
                    let record = run::run_once(cell, &experiment.limits);
                    progress.set_message(format!(
                        "{} {} {}: {}",
                        cell.encoding, cell.instance, cell.options.label, record.result
                    ));
                    progress.inc(1);
                    records.lock().unwrap()[k % cells].push(record);
                }
            });
        }
    });
    progress.finish_and_clear();
    records.into_inner().unwrap()
}

/// A progress bar on standard error when it is a terminal; hidden otherwise.
fn progress_bar(total: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template(
        "{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} runs (eta {eta}) {wide_msg}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_sets_with_and_without_labels() {
        let s = OptionSet::parse("tot=--card-encoding totalizer");
        assert_eq!(s.label, "tot");
        assert_eq!(s.flags, ["--card-encoding", "totalizer"]);
        let s = OptionSet::parse("--translation=ranking");
        assert_eq!(s.label, "--translation=ranking");
        assert_eq!(s.flags, ["--translation=ranking"]);
        assert_eq!(OptionSet::parse(&s.to_arg()), s);
    }

    #[test]
    fn natural_order_of_instance_names() {
        let mut v = vec!["q10.lp", "q9.lp", "q1.lp", "a.lp"];
        v.sort_by(|a, b| natural_cmp(a, b));
        assert_eq!(v, ["a.lp", "q1.lp", "q9.lp", "q10.lp"]);
    }
}
