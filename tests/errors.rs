//! Error tests: every `tests/errors/NAME.lp` is an erroneous program. Running
//! `aspsat solve tests/errors/NAME.lp` (from the crate root) must exit with code 65 and print,
//! on the first stderr line that contains `error:`, the position `tests/errors/NAME.lp:LINE:COL`
//! (not followed by another digit), where `LINE:COL` is the first line of `NAME.expect`.
//!
//! The `# clingo:` line of each `.expect` records clingo 5.8.3's position of its first error, or
//! `none` where clingo accepts the program (see the notes there and scripts/clingo_errors.py).
//! All failures are collected and printed before the test fails.

use std::path::PathBuf;
use std::time::Duration;

mod common;

/// Per-program time limit: an implementation that tries to ground the huge interval hangs.
const TIMEOUT: Duration = Duration::from_secs(60);

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn error_programs() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("tests/errors"))
        .expect("tests/errors")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".lp"))
        .collect();
    names.sort();
    names
}

/// The expected `LINE:COL`: the first line of NAME.expect.
fn expected_position(name: &str) -> Result<(u32, u32), String> {
    let path = root()
        .join("tests/errors")
        .join(name.replace(".lp", ".expect"));
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let first = text.lines().next().unwrap_or("").trim();
    let (l, c) = first
        .split_once(':')
        .ok_or_else(|| format!("bad first line {first:?} in .expect"))?;
    match (l.parse(), c.parse()) {
        (Ok(l), Ok(c)) => Ok((l, c)),
        _ => Err(format!("bad first line {first:?} in .expect")),
    }
}

/// Whether `line` contains `pos` not followed by a digit (`f.lp:1:1` must not match `f.lp:1:12`).
fn has_position(line: &str, pos: &str) -> bool {
    line.match_indices(pos)
        .any(|(i, _)| !line[i + pos.len()..].starts_with(|c: char| c.is_ascii_digit()))
}

fn check(name: &str) -> Result<(), String> {
    let (line, col) = expected_position(name)?;
    let rel = format!("tests/errors/{name}");
    let r = common::run_aspsat(&["solve", rel.as_str()], &root(), TIMEOUT)?;
    let (code, stderr) = (r.code, r.stderr);
    let pos = format!("{rel}:{line}:{col}");
    let mut problems = Vec::new();
    if code != Some(65) {
        problems.push(format!("exit code {code:?}, expected 65"));
    }
    match stderr.lines().find(|l| l.contains("error:")) {
        None => problems.push("no line with \"error:\" on stderr".to_string()),
        Some(first) if !has_position(first, &pos) => problems.push(format!(
            "first error line does not contain {pos}: {first:?}"
        )),
        Some(_) => {}
    }
    if problems.is_empty() {
        Ok(())
    } else {
        let shown: Vec<&str> = stderr.lines().take(8).collect();
        Err(format!(
            "{}\n  stderr:\n    {}",
            problems.join("\n  "),
            shown.join("\n    ")
        ))
    }
}

#[test]
fn erroneous_programs_are_rejected_with_positions() {
    let names = error_programs();
    assert!(!names.is_empty(), "no programs in tests/errors");
    let mut failures = Vec::new();
    for name in &names {
        if let Err(msg) = check(name) {
            println!("MISMATCH tests/errors/{name}: aspsat solve tests/errors/{name}\n  {msg}\n");
            failures.push(name.clone());
        }
    }
    println!(
        "errors: {} passed, {} failed",
        names.len() - failures.len(),
        failures.len()
    );
    if !failures.is_empty() {
        panic!(
            "{} error program(s) failed: {}",
            failures.len(),
            failures.join(", ")
        );
    }
}

/// Every error program has a well-formed `.expect` (needs no aspsat binary).
#[test]
fn error_expectations_are_well_formed() {
    let mut problems = Vec::new();
    for name in error_programs() {
        if let Err(e) = expected_position(&name) {
            problems.push(format!("{name}: {e}"));
        }
        let expect = std::fs::read_to_string(
            root()
                .join("tests/errors")
                .join(name.replace(".lp", ".expect")),
        )
        .unwrap_or_default();
        if !expect.lines().any(|l| l.starts_with("# clingo:")) {
            problems.push(format!("{name}: .expect has no '# clingo:' line"));
        }
    }
    for p in &problems {
        println!("{p}");
    }
    assert!(
        problems.is_empty(),
        "{} malformed .expect file(s)",
        problems.len()
    );
}

/// Programs clingo 5.8.3 accepts that use constructs aspsat may refuse (here: positive
/// recursion through the condition of a disjunction element, which once produced a message
/// naming the grounder's internal literal `#false` and no position). Either aspsat answers, or
/// it exits with 65 and its first error names a position in the file and no internal literal.
const MAYBE_REFUSED: &[&str] = &["d(-1..2). b. a : d(V); b : a.\n"];

#[test]
fn refusals_name_a_position_and_no_internal_literal() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("refused.lp");
    let position = starts_with_position("refused.lp");
    for program in MAYBE_REFUSED {
        std::fs::write(&path, program).unwrap();
        let r =
            common::run_aspsat(&["solve", "-n", "0", "refused.lp"], dir.path(), TIMEOUT).unwrap();
        match r.code {
            Some(10 | 20 | 30) => {}
            Some(65) => {
                let first = r.stderr.lines().find(|l| l.contains("error:"));
                let first = first.unwrap_or_else(|| panic!("no error line for {program:?}"));
                assert!(position(first), "no position in {first:?} for {program:?}");
                assert!(!first.contains("'#"), "internal literal in {first:?}");
            }
            code => panic!("exit {code:?} for {program:?}: {}", r.stderr),
        }
    }
}

/// Whether a line starts with `FILE:LINE:COL` for the given file name.
fn starts_with_position(file: &'static str) -> impl Fn(&str) -> bool {
    move |line: &str| {
        let Some(rest) = line.strip_prefix(file).and_then(|r| r.strip_prefix(':')) else {
            return false;
        };
        let mut parts = rest.splitn(3, ':');
        let digits = |s: Option<&str>| {
            s.is_some_and(|s| {
                let n = s.split('-').next().unwrap_or("");
                !n.is_empty() && n.chars().all(|c| c.is_ascii_digit())
            })
        };
        digits(parts.next()) && digits(parts.next())
    }
}
