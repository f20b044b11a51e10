//! Golden tests of the grounder: for every `tests/ground/NAME.lp`, `aspsat ground NAME.lp` (run
//! from the crate root) must exit 0 and print exactly `tests/ground/NAME.ground`.
//!
//! The goldens are aspsat's own text, written by `python3 scripts/ground_golden.py`, which
//! writes one only after checking with clingo 5.8.3 that the text has the program's answer sets
//! (and optimal costs), and keeps clingo's `--text` output beside it as `NAME.clingo` for review
//! (see tests/README.md). A difference here is a change of the grounder's output: check it
//! with the script and review the new text before regenerating.
//! All mismatches are collected and printed before the test fails.

use std::path::PathBuf;
use std::time::Duration;

mod common;

const TIMEOUT: Duration = Duration::from_secs(60);

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn programs() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("tests/ground"))
        .expect("tests/ground")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter_map(|n| n.strip_suffix(".lp").map(str::to_string))
        .collect();
    names.sort();
    names
}

/// The first line where `got` and `expected` differ, for the failure message.
fn first_difference(got: &str, expected: &str) -> String {
    let (mut g, mut e) = (got.lines(), expected.lines());
    for line in 1.. {
        match (g.next(), e.next()) {
            (None, None) => break,
            (a, b) if a == b => {}
            (a, b) => {
                return format!(
                    "line {line}: got {:?}, expected {:?}",
                    a.unwrap_or("<end>"),
                    b.unwrap_or("<end>")
                );
            }
        }
    }
    "the texts differ only in line endings".to_string()
}

fn check(name: &str) -> Result<(), String> {
    let expected_path = root().join(format!("tests/ground/{name}.ground"));
    let expected = std::fs::read_to_string(&expected_path)
        .map_err(|e| format!("cannot read {}: {e}", expected_path.display()))?;
    let lp = format!("tests/ground/{name}.lp");
    let run = common::run_aspsat(&["ground", lp.as_str()], &root(), TIMEOUT)?;
    if run.code != Some(0) {
        return Err(format!("exit code {:?}, stderr: {}", run.code, run.stderr));
    }
    if run.stdout != expected {
        return Err(first_difference(&run.stdout, &expected));
    }
    Ok(())
}

#[test]
fn ground_text_matches_the_goldens() {
    let names = programs();
    assert!(
        names.len() >= 8,
        "expected the golden programs in tests/ground, found {names:?}"
    );
    let failures: Vec<String> = names
        .iter()
        .filter_map(|n| check(n).err().map(|e| format!("{n}: {e}")))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} ground programs differ:\n{}",
        failures.len(),
        names.len(),
        failures.join("\n")
    );
}
