//! clingo's command-line habits (issue 16 item 1): the binary is run with clingo's spellings and
//! must behave as clingo 5.8.3 does on the same command line. The expected exit codes and
//! outputs were taken from clingo 5.8.3's application (`clingo.application.clingo_main`, whose
//! exit code `python3 -m clingo` drops) on the same programs; `scripts/clingo_cli.py` re-runs
//! that comparison on more command lines.

use serde_json::Value;
use std::path::PathBuf;
use std::time::Duration;

mod common;

const TIMEOUT: Duration = Duration::from_secs(60);
/// Six answer sets, all with one or two of `a`, `b`, `c`.
const CHOICE: &str = "tests/programs/choice_bounds_le.lp";
const UNSAT: &str = "tests/programs/constraint_unsat.lp";
/// Optimum 1, reached by `{a}` and `{b}`.
const OPT: &str = "tests/programs/opt_minimize_basic.lp";

fn run(args: &[&str]) -> common::Run {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    common::run_aspsat(args, &root, TIMEOUT).expect("aspsat runs")
}

fn answer_lines(stdout: &str) -> usize {
    stdout.lines().filter(|l| l.starts_with("Answer:")).count()
}

#[test]
fn files_without_a_subcommand_are_solved() {
    let plain = run(&[CHOICE, "0"]);
    let solve = run(&["solve", CHOICE, "0"]);
    assert_eq!(plain.code, Some(30), "{}", plain.stderr);
    assert_eq!(answer_lines(&plain.stdout), 6);
    assert_eq!(answer_lines(&solve.stdout), 6);
    // options before the file, as `clingo -n 0 prog.lp`
    let flags_first = run(&["-n", "0", UNSAT]);
    assert_eq!(flags_first.code, Some(20), "{}", flags_first.stderr);
    assert!(flags_first.stdout.contains("UNSATISFIABLE"));
}

#[test]
fn outf_2_is_json_and_0_is_text() {
    let json = run(&["--outf=2", CHOICE, "0"]);
    assert_eq!(json.code, Some(30));
    let doc: Value = serde_json::from_str(&json.stdout).expect("--outf=2 prints JSON");
    assert_eq!(doc["Result"], "SATISFIABLE");
    assert_eq!(
        doc["Call"][0]["Witnesses"].as_array().map(Vec::len),
        Some(6)
    );
    let text = run(&["--outf=0", CHOICE, "0"]);
    assert_eq!(answer_lines(&text.stdout), 6);
    assert!(text.stdout.starts_with("aspsat version"));
}

#[test]
fn outf_1_is_the_competition_output() {
    // clingo --outf=1 prints the last model only, as facts, with COST and OPTIMUM
    let opt = run(&["--outf=1", OPT, "0"]);
    assert_eq!(opt.code, Some(30), "{}", opt.stderr);
    let answer: Vec<&str> = opt.stdout.lines().filter(|l| !l.starts_with('%')).collect();
    assert_eq!(answer.len(), 4, "{}", opt.stdout);
    assert_eq!(answer[0], "ANSWER");
    assert!(answer[1] == "a." || answer[1] == "b.", "{}", answer[1]);
    assert_eq!(answer[2..], ["COST 1", "OPTIMUM"]);
    let unsat = run(&["--outf=1", UNSAT]);
    assert_eq!(unsat.code, Some(20));
    let answer: Vec<&str> = unsat
        .stdout
        .lines()
        .filter(|l| !l.starts_with('%'))
        .collect();
    assert_eq!(answer, ["INCONSISTENT"]);
    // --quiet=0 prints every model
    let all = run(&["--outf=1", "--quiet=0", CHOICE, "0"]);
    assert_eq!(all.stdout.lines().filter(|l| *l == "ANSWER").count(), 6);
}

#[test]
fn quiet_levels_choose_the_models_printed() {
    for quiet in ["-q", "--quiet", "--quiet=2", "-q2", "--quiet=2,2,2"] {
        let r = run(&[quiet, CHOICE, "0"]);
        assert_eq!(r.code, Some(30), "{quiet}: {}", r.stderr);
        assert_eq!(answer_lines(&r.stdout), 0, "{quiet}: {}", r.stdout);
        assert!(
            r.stdout.contains("SATISFIABLE\n\nModels       : 6\n"),
            "{quiet}"
        );
    }
    let last = run(&["--quiet=1", CHOICE, "0"]);
    assert_eq!(answer_lines(&last.stdout), 1, "{}", last.stdout);
    assert!(last.stdout.contains("Answer: 6\n"), "{}", last.stdout);
    let json = run(&["--outf=2", "-q", CHOICE, "0"]);
    let doc: Value = serde_json::from_str(&json.stdout).expect("JSON");
    assert!(doc["Call"][0].get("Witnesses").is_none());
    assert_eq!(doc["Models"]["Number"], 6);
    // costs are printed with their models: a different level is refused, not ignored
    let mixed = run(&["--quiet=0,2", CHOICE]);
    assert_eq!(mixed.code, Some(2));
    assert!(mixed.stderr.contains("--quiet=0,2"), "{}", mixed.stderr);
}

#[test]
fn verbosity_0_prints_models_and_the_verdict() {
    for verbose in ["-V0", "--verbose=0"] {
        let r = run(&[verbose, UNSAT]);
        assert_eq!(r.stdout, "UNSATISFIABLE\n", "{verbose}");
        assert_eq!(r.code, Some(20));
        let r = run(&[verbose, CHOICE, "0"]);
        let lines: Vec<&str> = r.stdout.lines().collect();
        assert_eq!(lines.len(), 7, "{}", r.stdout);
        assert_eq!(lines[6], "SATISFIABLE");
        assert!(lines[..6].iter().all(|l| !l.is_empty() && !l.contains(':')));
    }
    let optimizing = run(&["-V0", OPT]);
    let lines: Vec<&str> = optimizing.stdout.lines().collect();
    assert_eq!(
        lines[lines.len() - 2..],
        ["Optimization: 1", "OPTIMUM FOUND"]
    );
}

#[test]
fn time_limit_0_is_no_limit_and_threads_are_accepted() {
    let r = run(&["--time-limit=0", CHOICE, "0"]);
    assert_eq!(r.code, Some(30), "{}", r.stdout);
    assert_eq!(answer_lines(&r.stdout), 6);
    for threads in [&["-t", "2"][..], &["-t2"], &["--parallel-mode=2,split"]] {
        let mut args = threads.to_vec();
        args.extend([CHOICE, "0"]);
        let r = run(&args);
        assert_eq!(r.code, Some(30), "{threads:?}: {}", r.stderr);
        assert_eq!(answer_lines(&r.stdout), 6);
        assert!(r.stderr.contains("ignored"), "{threads:?}: {}", r.stderr);
    }
}

#[test]
fn unknown_options_name_the_aspsat_equivalent() {
    let r = run(&[CHOICE, "--text"]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("'--text'"), "{}", r.stderr);
    assert!(r.stderr.contains("aspsat ground"), "{}", r.stderr);
    assert!(!r.stderr.contains("-- --text"), "clap's tip: {}", r.stderr);
    let r = run(&["--enum-mode=brave", CHOICE]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("brave and cautious"), "{}", r.stderr);
    let r = run(&["--frobnicate", CHOICE]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("aspsat solve --help"), "{}", r.stderr);
    assert!(r.stdout.is_empty());
}
