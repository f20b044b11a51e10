//! `#edge` with both acyclicity encodings (`--acyc-encoding ranking|closure`) against the
//! goldens of `tests/programs/edge_*.lp` (clingo 5.8.3, written by scripts/clingo_golden.py;
//! the random digraphs come from scripts/edge_programs.py). `tests/golden.rs` runs them with
//! the default encoding too.

mod common;

use serde_json::Value;
use std::path::Path;
use std::time::Duration;

fn answer_sets(stdout: &str) -> Vec<Vec<String>> {
    let mut sets = Vec::new();
    let mut lines = stdout.lines();
    while let Some(line) = lines.next() {
        if line.starts_with("Answer: ") {
            let mut set: Vec<String> = lines
                .next()
                .unwrap_or_default()
                .split_whitespace()
                .map(String::from)
                .collect();
            set.sort();
            sets.push(set);
        }
    }
    sets.sort();
    sets
}

#[test]
fn both_acyclicity_encodings_match_clingo() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/programs exists")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with("edge_") && n.ends_with(".lp"))
        .collect();
    names.sort();
    assert!(names.len() >= 5, "the #edge goldens are missing");
    for name in &names {
        let golden: Value = serde_json::from_str(
            &std::fs::read_to_string(dir.join(name.replace(".lp", ".json"))).expect("golden"),
        )
        .expect("golden JSON");
        let want: Vec<Vec<String>> =
            serde_json::from_value(golden["answer_sets"].clone()).expect("answer sets");
        for encoding in ["ranking", "closure"] {
            let args = ["solve", "0", "--check", "--acyc-encoding", encoding, name];
            let run = common::run_aspsat(&args, &dir, Duration::from_secs(60)).expect("runs");
            assert_eq!(
                answer_sets(&run.stdout),
                want,
                "{name} with --acyc-encoding {encoding}: {}",
                run.stderr
            );
        }
    }
}
