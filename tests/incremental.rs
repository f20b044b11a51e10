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

/// The goldens whose last call an export can stand for: no error, no objective, no options.
fn exportable_goldens(dir: &Path) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("tests/incremental exists") {
        let name = entry
            .expect("an entry")
            .file_name()
            .into_string()
            .expect("utf-8");
        let Some(stem) = name.strip_suffix(".json") else {
            continue;
        };
        let golden: Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join(&name)).expect("readable"))
                .expect("golden JSON");
        let plain = golden.get("error").is_none()
            && golden.get("costs").is_none()
            && golden["args"].as_array().is_some_and(|a| a.is_empty());
        if plain {
            out.push((format!("{stem}.lp"), golden));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// The answer sets of clingo's last solve call in a golden.
fn last_call(golden: &Value) -> std::collections::BTreeSet<Vec<String>> {
    let calls = golden["calls"].as_array().expect("calls");
    calls
        .last()
        .expect("a call")
        .as_array()
        .expect("a call")
        .iter()
        .map(strings)
        .collect()
}

/// `aspsat ground -c imax=N` prints the ground program of steps 0 to N-1 (as clingo's
/// `--text` does), with `#external query(t).` for each step: with `query(N-1).` added, its
/// answer sets are those of clingo's last solve call.
#[test]
fn ground_prints_every_step_with_its_query_external() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/incremental");
    let goldens = exportable_goldens(&dir);
    assert!(goldens.len() >= 5, "too few goldens to export");
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let mut failures = Vec::new();
    for (name, golden) in &goldens {
        let n = golden["calls"].as_array().expect("calls").len();
        let imax = format!("imax={n}");
        let ground = common::run_aspsat(
            &["ground", "-c", &imax, name],
            &dir,
            Duration::from_secs(60),
        )
        .expect("aspsat runs");
        assert_eq!(ground.code, Some(0), "{name}: {}", ground.stderr);
        assert!(
            ground.stdout.contains("#external query(0)."),
            "{name}: {}",
            ground.stdout
        );
        if ground.stdout.contains("#proj") {
            // The auxiliary atoms of projected anonymous variables (`#projN`) are not clingo
            // syntax, in incremental mode or not: such a text cannot be read back.
            continue;
        }
        let text = format!("{}query({}).\n", ground.stdout, n - 1);
        let file = tmp.path().join(name);
        std::fs::write(&file, text).expect("writable");
        let solved = common::run_aspsat(
            &["solve".as_ref(), "0".as_ref(), file.as_os_str()],
            &dir,
            Duration::from_secs(60),
        )
        .expect("aspsat runs");
        let (calls, _) = calls_of(&solved.stdout);
        let got: std::collections::BTreeSet<Vec<String>> = calls
            .last()
            .into_iter()
            .flatten()
            .map(|(s, _)| s.clone())
            .collect();
        if got != last_call(golden) {
            failures.push(format!("{name}: {got:?}\n  clingo {:?}", last_call(golden)));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `aspsat dimacs -c imax=N` writes the CNF of the last solve call (steps 0 to N-1,
/// `query(N-1)` true, the earlier queries false): its models, read through the symbol map, are
/// the answer sets of clingo's last call (programs with other externals are left out: those
/// are free in an exported CNF).
#[test]
fn dimacs_exports_the_last_step() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/incremental");
    let mut failures = Vec::new();
    let mut compared = 0;
    for (name, golden) in exportable_goldens(&dir) {
        let source = std::fs::read_to_string(dir.join(&name)).expect("readable");
        if source.contains("#external") {
            continue;
        }
        let n = golden["calls"].as_array().expect("calls").len();
        let imax = format!("imax={n}");
        let run = common::run_aspsat(
            &["dimacs", "-c", &imax, &name],
            &dir,
            Duration::from_secs(60),
        )
        .expect("aspsat runs");
        assert_eq!(run.code, Some(0), "{name}: {}", run.stderr);
        let (cnf, map) = aspsat::cnf::dimacs::read(&run.stdout).expect("aspsat's DIMACS reads");
        let got = cnf_answer_sets(&cnf, &map);
        compared += 1;
        if got != last_call(&golden) {
            failures.push(format!(
                "{name}: {got:?}\n  clingo {:?}",
                last_call(&golden)
            ));
        }
    }
    assert!(compared >= 4, "too few programs compared");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every model of `cnf` on the symbol map's atoms, as sorted shown atoms (facts included).
fn cnf_answer_sets(
    cnf: &aspsat::cnf::Cnf,
    map: &aspsat::cnf::dimacs::SymbolMap,
) -> std::collections::BTreeSet<Vec<String>> {
    use aspsat::solve::SatBackend;
    let mut backend = aspsat::solve::VarisatBackend::new(cnf.num_vars());
    aspsat::solve::load(&mut backend, cnf);
    let mut out = std::collections::BTreeSet::new();
    while let Some(model) = backend.solve().expect("varisat answers") {
        let mut set: Vec<String> = map.facts.clone();
        set.extend(
            map.atoms
                .iter()
                .filter(|(v, _)| model[*v as usize])
                .map(|(_, s)| s.clone()),
        );
        set.sort();
        out.insert(set);
        let block: Vec<i32> = map
            .atoms
            .iter()
            .map(|&(v, _)| {
                if model[v as usize] {
                    -(v as i32)
                } else {
                    v as i32
                }
            })
            .collect();
        if block.is_empty() {
            break;
        }
        backend.add_clause(&block);
    }
    out
}
