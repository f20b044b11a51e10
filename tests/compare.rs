//! `aspsat compare` run as a binary on small encodings in `tests/compare/`:
//!
//! * two correct n-queens encodings (`queens_rows.lp`, `queens_count.lp`) on `#const n=6.` and
//!   `#const n=8.` agree on 4 and 92 answer sets (CSV, table, JSON, runs and medians);
//! * a deliberately wrong one (`queens_wrong.lp` forgets a diagonal: 83 models for n=6, as
//!   clingo 5.8.3 counts) is flagged in the table and by exit code 40;
//! * a run that times out, runs out of memory or whose SAT solver fails is a row, not the end;
//! * `--plan` run through GNU parallel (or, without it, each job line through `sh -c`) and
//!   `--collect` give the same rows as the local run; `--sizes-only` the same sizes; `--svg` a
//!   picture with every series.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn aspsat() -> Command {
    Command::new(env!("CARGO_BIN_EXE_aspsat"))
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/compare")
}

fn file(name: &str) -> String {
    dir().join(name).display().to_string()
}

struct Output {
    code: i32,
    stdout: String,
    stderr: String,
}

fn compare(args: &[&str]) -> Output {
    let out = aspsat()
        .arg("compare")
        .args(args)
        .output()
        .expect("aspsat runs");
    Output {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The two correct encodings on both instances (the directory holds n6.lp, n8.lp and a file
/// that is not `*.lp`).
fn queens_args<'a>(rows: &'a str, count: &'a str, instances: &'a str) -> Vec<&'a str> {
    vec![
        "--encoding",
        rows,
        "--encoding",
        count,
        "--instance",
        instances,
    ]
}

fn csv_rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect()
}

fn json_rows(text: &str) -> Vec<Value> {
    let doc: Value = serde_json::from_str(text).expect("compare --format json is JSON");
    doc["rows"].as_array().expect("rows").clone()
}

#[test]
fn two_encodings_two_instances_as_csv() {
    let (a, b, i) = (
        file("queens_rows.lp"),
        file("queens_count.lp"),
        file("instances"),
    );
    let mut args = queens_args(&a, &b, &i);
    args.extend(["-n", "0", "--format", "csv", "--jobs", "2"]);
    let out = compare(&args);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let rows = csv_rows(&out.stdout);
    assert_eq!(
        rows[0].join(","),
        "encoding,instance,options,atoms,rules,vars,clauses,models,result,ground_s,translate_s,\
         solve_s,total_s,cpu_s,max_rss_mb"
    );
    assert_eq!(
        rows.len(),
        5,
        "one row per encoding × instance:\n{}",
        out.stdout
    );
    let expected = [
        ("queens_rows.lp", "n6.lp", "4"),
        ("queens_count.lp", "n6.lp", "4"),
        ("queens_rows.lp", "n8.lp", "92"),
        ("queens_count.lp", "n8.lp", "92"),
    ];
    for (row, (enc, inst, models)) in rows[1..].iter().zip(expected) {
        assert_eq!(row.len(), 15);
        assert_eq!((row[0].as_str(), row[1].as_str()), (enc, inst));
        assert_eq!(row[2], "default");
        assert_eq!(row[7], models, "models of {enc} on {inst}");
        assert_eq!(row[8], "SAT");
        // n×n candidate queens in both encodings; sizes and times are numbers.
        let n: u64 = if inst == "n6.lp" { 6 } else { 8 };
        assert_eq!(row[3].parse::<u64>().unwrap(), n * n);
        for c in [4, 5, 6] {
            assert!(row[c].parse::<u64>().unwrap() > 0, "column {c}: {row:?}");
        }
        for c in 9..15 {
            assert!(row[c].parse::<f64>().unwrap() >= 0.0, "column {c}: {row:?}");
        }
        assert!(
            row[14].parse::<f64>().unwrap() > 0.0,
            "a process has memory"
        );
    }
    // The two encodings ground differently (pairwise constraints vs counting).
    assert_ne!(rows[1][4], rows[2][4]);
}

#[test]
fn a_wrong_encoding_is_flagged_in_the_table_and_the_exit_code() {
    let (a, w, i) = (
        file("queens_rows.lp"),
        file("queens_wrong.lp"),
        file("instances/n6.lp"),
    );
    let out = compare(&[
        "--encoding",
        &a,
        "--encoding",
        &w,
        "--instance",
        &i,
        "-n",
        "0",
    ]);
    assert_eq!(out.code, 40, "exit code of a disagreement");
    assert!(out.stdout.starts_with("| encoding "), "{}", out.stdout);
    let flagged: Vec<&str> = out
        .stdout
        .lines()
        .filter(|l| l.contains("!DISAGREE"))
        .collect();
    assert_eq!(flagged.len(), 2, "{}", out.stdout);
    assert!(flagged[1].contains("queens_wrong.lp") && flagged[1].contains(" 83 "));
    assert!(
        out.stdout
            .contains("**DISAGREEMENT**: the number of models differs")
    );
    assert!(out.stderr.contains("DISAGREEMENT"));
    // With one model each, the counts agree but the verdicts still would have to.
    let out = compare(&["--encoding", &a, "--encoding", &w, "--instance", &i]);
    assert_eq!(out.code, 0, "{}", out.stdout);
}

#[test]
fn failed_runs_are_rows() {
    let (php, h11, n6) = (
        file("pigeonhole.lp"),
        file("h11.lp"),
        file("instances/n6.lp"),
    );
    let queens = file("queens_rows.lp");
    let out = compare(&[
        "--encoding",
        &php,
        "--encoding",
        &queens,
        "--instance",
        &h11,
        "--instance",
        &n6,
        "--timeout",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let rows = json_rows(&out.stdout);
    let result = |enc: &str, inst: &str| {
        rows.iter()
            .find(|r| r["encoding"] == enc && r["instance"] == inst)
            .map(|r| r["result"].as_str().unwrap().to_string())
            .unwrap()
    };
    assert_eq!(result("pigeonhole.lp", "h11.lp"), "TIMEOUT");
    assert_eq!(result("queens_rows.lp", "n6.lp"), "SAT");
    let timed_out = rows.iter().find(|r| r["result"] == "TIMEOUT").unwrap();
    assert!(timed_out["total_s"].as_f64().unwrap() >= 1.0);
    assert!(
        timed_out["atoms"].as_u64().unwrap() > 0,
        "grounded before the limit"
    );

    // An address space too small for the program: MEMOUT, and the next row still runs.
    let huge = file("huge.lp");
    let out = compare(&[
        "--encoding",
        &huge,
        "--encoding",
        &queens,
        "--instance",
        &n6,
        "--mem-limit",
        "100",
        "--format",
        "csv",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let rows = csv_rows(&out.stdout);
    assert_eq!(rows[1][8], "MEMOUT", "{}", out.stdout);
    assert_eq!((rows[2][7].as_str(), rows[2][8].as_str()), ("1", "SAT"));

    // A SAT solver that crashes.
    let crash = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fake_solvers/crash.sh");
    let out = compare(&[
        "--encoding",
        &queens,
        "--instance",
        &n6,
        "--solver",
        crash.to_str().unwrap(),
        "--format",
        "json",
    ]);
    let rows = json_rows(&out.stdout);
    assert_eq!(rows[0]["result"], "SOLVER-ERROR");
    assert!(
        rows[0]["message"]
            .as_str()
            .unwrap()
            .contains("out of cheese")
    );
}

#[test]
fn runs_give_medians_with_minimum_and_maximum() {
    let (a, i) = (file("queens_rows.lp"), file("instances/n8.lp"));
    let out = compare(&[
        "--encoding",
        &a,
        "--instance",
        &i,
        "-n",
        "0",
        "--runs",
        "3",
        "--format",
        "json",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let rows = json_rows(&out.stdout);
    assert_eq!(rows.len(), 1);
    let r = &rows[0];
    assert_eq!(r["runs"].as_array().unwrap().len(), 3);
    assert_eq!(r["models"], 92);
    assert_eq!(r["complete"], true);
    for name in [
        "ground_s",
        "translate_s",
        "solve_s",
        "total_s",
        "cpu_s",
        "max_rss_mb",
    ] {
        let (lo, mid, hi) = (
            r[format!("{name}_min")].as_f64().unwrap(),
            r[name].as_f64().unwrap(),
            r[format!("{name}_max")].as_f64().unwrap(),
        );
        assert!(lo <= mid && mid <= hi, "{name}: {lo} {mid} {hi}");
    }
}

#[test]
fn option_sets_and_sizes_only() {
    let (a, i) = (file("queens_count.lp"), file("instances/n8.lp"));
    let sets = [
        "--option-set",
        "tot=--card-encoding totalizer",
        "--option-set",
        "seq=--card-encoding seqcounter",
    ];
    let mut args = vec!["--encoding", a.as_str(), "--instance", i.as_str()];
    args.extend(sets);
    args.extend(["-n", "0", "--format", "csv"]);
    let solved = csv_rows(&compare(&args).stdout);
    assert_eq!(solved.len(), 3);
    assert_eq!(
        (solved[1][2].as_str(), solved[2][2].as_str()),
        ("tot", "seq")
    );
    assert_eq!((solved[1][7].as_str(), solved[2][7].as_str()), ("92", "92"));
    args.push("--sizes-only");
    let sized = csv_rows(&compare(&args).stdout);
    for (s, z) in solved[1..].iter().zip(&sized[1..]) {
        assert_eq!(z[8], "SIZES");
        assert_eq!(z[7], "0");
        assert_eq!(
            s[3..7],
            z[3..7],
            "sizes without solving are the sizes of the solving run"
        );
        assert_eq!(z[11], "", "no search time without a search");
    }
}

#[test]
fn plan_through_parallel_and_collect_equals_the_local_run() {
    let (a, b, i) = (
        file("queens_rows.lp"),
        file("queens_count.lp"),
        file("instances"),
    );
    let mut args = queens_args(&a, &b, &i);
    args.extend(["-n", "0", "--format", "csv"]);
    let local = compare(&args);
    let plan = tempfile::tempdir().unwrap();
    let plan_dir = plan.path().to_str().unwrap();
    let mut plan_args = args.clone();
    plan_args.extend(["--plan", plan_dir, "--runs", "2"]);
    let out = compare(&plan_args);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let jobs = std::fs::read_to_string(plan.path().join("jobs.txt")).unwrap();
    assert_eq!(jobs.lines().count(), 8, "2 runs of 4 cells");
    let sbatch = std::fs::read_to_string(plan.path().join("compare.sbatch")).unwrap();
    assert!(sbatch.contains("#SBATCH --array=1-8"));
    // Nothing collected yet: every row is MISSING.
    let early = compare(&["--collect", plan_dir, "--format", "csv"]);
    assert!(early.stderr.contains("8 of 8 runs have no record"));
    assert!(
        csv_rows(&early.stdout)[1..]
            .iter()
            .all(|r| r[8] == "MISSING")
    );

    let parallel = Command::new("parallel")
        .args(["--will-cite", "--version"])
        .output()
        .is_ok_and(|o| o.status.success());
    if parallel {
        let jobs_file = std::fs::File::open(plan.path().join("jobs.txt")).unwrap();
        let status = Command::new("parallel")
            .args(["--will-cite", "-j", "2"])
            .stdin(jobs_file)
            .status()
            .unwrap();
        assert!(status.success());
    } else {
        eprintln!("note: GNU parallel is not installed; running the job lines with sh -c");
        for line in jobs.lines() {
            assert!(
                Command::new("sh")
                    .args(["-c", line])
                    .status()
                    .unwrap()
                    .success()
            );
        }
    }
    let collected = compare(&["--collect", plan_dir, "--format", "csv"]);
    assert_eq!(collected.code, 0, "{}", collected.stderr);
    let (l, c) = (csv_rows(&local.stdout), csv_rows(&collected.stdout));
    assert_eq!(l.len(), c.len());
    for (lr, cr) in l.iter().zip(&c) {
        // Everything but the times and memory.
        assert_eq!(lr[..9], cr[..9]);
    }
    let json = compare(&["--collect", plan_dir, "--format", "json"]);
    for r in json_rows(&json.stdout) {
        assert_eq!(r["runs"].as_array().unwrap().len(), 2);
    }
}

#[test]
fn svg_has_a_cactus_and_a_scatter_plot() {
    let (a, b, i) = (
        file("queens_rows.lp"),
        file("queens_count.lp"),
        file("instances"),
    );
    let picture = tempfile::NamedTempFile::new().unwrap();
    let path = picture.path().to_str().unwrap();
    let mut args = queens_args(&a, &b, &i);
    args.extend(["--svg", path]);
    assert_eq!(compare(&args).code, 0);
    let svg = std::fs::read_to_string(path).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("cactus plot") && svg.contains("log–log"));
    assert!(svg.contains("queens_rows.lp (2 solved)"));
    assert!(svg.contains("queens_count.lp (2 solved)"));
    // One line per encoding in the cactus plot.
    assert_eq!(svg.matches("<polyline").count(), 2);
}

#[test]
fn bad_arguments_are_input_errors() {
    let out = compare(&["--encoding", "/nonexistent.lp", "--instance", "/tmp"]);
    assert_eq!(out.code, 65);
    assert!(out.stderr.contains("/nonexistent.lp"));
    let a = file("queens_rows.lp");
    let empty = tempfile::tempdir().unwrap();
    let out = compare(&[
        "--encoding",
        &a,
        "--instance",
        empty.path().to_str().unwrap(),
    ]);
    assert_eq!(out.code, 65);
    assert!(out.stderr.contains("has no *.lp file"), "{}", out.stderr);
    let out = compare(&[
        "--encoding",
        &a,
        "--instance",
        &file("h11.lp"),
        "--runs",
        "0",
    ]);
    assert_eq!(out.code, 65);
}
