//! Incremental mode (`#include <incmode>.`) against clingo 5.8.3's own incremental runs.
//!
//! Each `tests/incremental/NAME.lp` has `NAME.json`, written by `scripts/incmode_golden.py`
//! from `clingo.application.clingo_main` (clingo's default main runs incmode; the Python
//! module's `Control` ignores it): the answer sets of every solve call (step), in order, and
//! the final result; or the error clingo stops with. aspsat's text output is split at its
//! `Solving...` lines (one per call, as clingo prints) and compared call by call.

mod common;

use serde_json::Value;
use std::path::Path;
use std::time::Duration;

/// One answer set as printed: its atoms (sorted) and its costs (`Optimization:` line).
type Answer = (Vec<String>, Option<Vec<i64>>);

/// The answer sets of each solve call in aspsat's text output, and the result line.
fn calls_of(stdout: &str) -> (Vec<Vec<Answer>>, String) {
    let mut calls: Vec<Vec<Answer>> = Vec::new();
    let mut result = String::new();
    let mut lines = stdout.lines().peekable();
    while let Some(line) = lines.next() {
        if line == "Solving..." {
            calls.push(Vec::new());
        } else if line.starts_with("Answer: ") {
            let atoms = lines.next().unwrap_or_default();
            let mut set: Vec<String> = atoms.split_whitespace().map(String::from).collect();
            set.sort();
            let costs = lines.next_if(|l| l.starts_with("Optimization: ")).map(|l| {
                l["Optimization: ".len()..]
                    .split_whitespace()
                    .map(|c| c.parse().expect("a cost"))
                    .collect()
            });
            calls
                .last_mut()
                .expect("an answer after Solving...")
                .push((set, costs));
        } else if ["SATISFIABLE", "UNSATISFIABLE", "UNKNOWN", "OPTIMUM FOUND"].contains(&line) {
            result = line.to_string();
        }
    }
    (calls, result)
}

/// Per call, the answer sets (sorted); with `costs` (optimization goldens), only those with
/// the call's final costs, deduplicated, and the final costs must be clingo's.
fn comparable(calls: &[Vec<Answer>], costs: Option<&Vec<Value>>) -> Vec<Vec<Vec<String>>> {
    calls
        .iter()
        .enumerate()
        .map(|(i, call)| {
            let mut sets: Vec<Vec<String>> = match costs {
                None => call.iter().map(|(s, _)| s.clone()).collect(),
                Some(costs) => {
                    let want: Option<Vec<i64>> = costs
                        .get(i)
                        .and_then(|c| serde_json::from_value(c.clone()).ok());
                    let last = call.last().and_then(|(_, c)| c.clone());
                    if last != want {
                        return vec![vec![format!("final costs {last:?}, clingo {want:?}")]];
                    }
                    call.iter()
                        .filter(|(_, c)| *c == want)
                        .map(|(s, _)| s.clone())
                        .collect()
                }
            };
            sets.sort();
            sets.dedup_by(|a, b| costs.is_some() && a == b);
            sets
        })
        .collect()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|s| s.as_str().expect("a string").to_string())
        .collect()
}

#[test]
fn incremental_mode_matches_clingo() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/incremental");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/incremental exists")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".lp"))
        .collect();
    names.sort();
    assert!(names.len() >= 8, "the incremental corpus is missing");
    let mut failures = Vec::new();
    for name in &names {
        let golden_path = dir.join(name.replace(".lp", ".json"));
        let golden: Value = serde_json::from_str(
            &std::fs::read_to_string(&golden_path).expect("every program has its golden"),
        )
        .expect("golden JSON");
        let mut args = vec!["solve".to_string(), "0".to_string()];
        args.extend(strings(&golden["args"]));
        args.push(name.clone());
        let run = common::run_aspsat(&args, &dir, Duration::from_secs(60)).expect("aspsat runs");
        if let Some(error) = golden.get("error") {
            // clingo stopped with an error: aspsat must refuse too (exit 65), naming the same
            // problem.
            let what = error.as_str().unwrap_or_default();
            let same = what.contains("redefinition") == run.stderr.contains("redefinition");
            if run.code != Some(65) || !same {
                failures.push(format!(
                    "{name}: clingo fails with '{what}', aspsat exited {:?}: {}",
                    run.code, run.stderr
                ));
            }
            continue;
        }
        let want: Vec<Vec<Vec<String>>> = golden["calls"]
            .as_array()
            .expect("calls")
            .iter()
            .map(|call| {
                call.as_array()
                    .expect("a call")
                    .iter()
                    .map(strings)
                    .collect()
            })
            .collect();
        let (calls, result) = calls_of(&run.stdout);
        let got = comparable(&calls, golden.get("costs").and_then(Value::as_array));
        if got != want || result != golden["result"].as_str().unwrap_or_default() {
            failures.push(format!(
                "{name}: clingo {} {want:?}\n  aspsat {result} {got:?}\n  stderr: {}",
                golden["result"], run.stderr
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
