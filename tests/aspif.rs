//! gringo's intermediate format (aspif), in and out.
//!
//! * `tests/aspif/NAME.aspif` is clingo 5.8.3's grounding of `tests/programs/NAME.lp` (or, for
//!   `hand_*`, written by hand for statements gringo never writes), and `NAME.json` is what
//!   clingo 5.8.3's solver answers for that aspif; `scripts/aspif_fixtures.py` made both and
//!   records the commands. `aspsat solve` must answer the same, reading the file and standard
//!   input.
//! * `aspsat ground --aspif` of a program, read back by `aspsat solve -`, gives the program's
//!   golden answer sets (clingo reading it is checked by `scripts/aspif_check.py`).
//! * Bad aspif is an error at its line and column with exit 65, never a panic: hand-picked
//!   inputs, every truncation of the fixtures, and fixtures with numbers replaced by bad ones.

use serde_json::Value;
use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs the aspsat binary with `stdin` as its standard input.
fn aspsat(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_aspsat"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("aspsat starts");
    let mut input = child.stdin.take().expect("piped stdin");
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().expect("aspsat runs");
    writer.join().expect("stdin writer");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// What an answer is compared by: the result, the answer sets (sorted atoms; for
/// optimization the distinct optimal ones), and the optimum.
#[derive(Debug, PartialEq)]
struct Answer {
    result: String,
    answer_sets: Vec<Vec<String>>,
    optimum: Option<Vec<i64>>,
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|s| s.as_str().expect("a string").to_string())
        .collect()
}

fn costs(v: &Value) -> Vec<i64> {
    v.as_array()
        .expect("costs")
        .iter()
        .map(|c| c.as_i64().expect("an integer cost"))
        .collect()
}

/// The answer in clingo's `--outf=2` document, as `scripts/aspif_fixtures.py` records it.
fn answer_of_output(stdout: &str) -> Answer {
    let doc: Value = serde_json::from_str(stdout).expect("aspsat prints JSON");
    let mut witnesses = Vec::new();
    for call in doc["Call"].as_array().expect("Call") {
        for w in call["Witnesses"].as_array().map_or(&[][..], |w| w) {
            let mut value = strings(&w["Value"]);
            value.sort();
            witnesses.push((value, w.get("Costs").map(costs)));
        }
    }
    let optimum = witnesses.iter().filter_map(|(_, c)| c.clone()).min();
    let mut answer_sets: Vec<Vec<String>> = match &optimum {
        Some(best) => witnesses
            .into_iter()
            .filter(|(_, c)| c.as_ref() == Some(best))
            .map(|(v, _)| v)
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect(),
        None => witnesses.into_iter().map(|(v, _)| v).collect(),
    };
    answer_sets.sort();
    Answer {
        result: doc["Result"].as_str().expect("Result").to_string(),
        answer_sets,
        optimum,
    }
}

fn fixture_answer(path: &Path) -> (Vec<String>, Answer) {
    let text = std::fs::read_to_string(path).expect("fixture answer");
    let doc: Value = serde_json::from_str(&text).expect("fixture JSON");
    let mut answer_sets: Vec<Vec<String>> = doc["answer_sets"]
        .as_array()
        .expect("answer_sets")
        .iter()
        .map(strings)
        .collect();
    answer_sets.sort();
    (
        strings(&doc["solve_args"]),
        Answer {
            result: doc["result"].as_str().expect("result").to_string(),
            answer_sets,
            optimum: doc.get("optimum").map(costs),
        },
    )
}

fn fixtures() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(root().join("tests/aspif"))
        .expect("tests/aspif")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "aspif"))
        .collect();
    out.sort();
    out
}

#[test]
fn solve_reads_clingos_aspif_with_clingos_answers() {
    let fixtures = fixtures();
    assert!(fixtures.len() >= 30, "the fixtures are in tests/aspif");
    let mut failures = Vec::new();
    for path in &fixtures {
        let (solve_args, expected) = fixture_answer(&path.with_extension("json"));
        let bytes = std::fs::read(path).expect("fixture");
        let file = path.to_string_lossy().into_owned();
        for input in ["-", file.as_str()] {
            let mut args = vec!["solve", "--json", "-n", "0"];
            args.extend(solve_args.iter().map(String::as_str));
            args.push(input);
            let run = aspsat(&args, &bytes);
            let name = path.file_name().unwrap().to_string_lossy();
            if !matches!(run.code, Some(10 | 20 | 30)) {
                failures.push(format!(
                    "{name} ({input}): exit {:?}: {}",
                    run.code, run.stderr
                ));
                continue;
            }
            let got = answer_of_output(&run.stdout);
            if got != expected {
                failures.push(format!("{name} ({input}): {got:?}\n  clingo: {expected:?}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn dimacs_reads_aspif_from_standard_input() {
    let bytes = std::fs::read(root().join("tests/aspif/queens4.aspif")).expect("fixture");
    let run = aspsat(&["dimacs", "-"], &bytes);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.contains("p cnf "), "{}", run.stdout);
    assert!(run.stdout.contains("c atom ") && run.stdout.contains(" q(1,"));
}

/// The golden answer sets of `tests/programs/NAME.json` (clingo 5.8.3 on the text), each
/// as a set of atoms (clingo prints an atom and an equal `#show` term twice from the text,
/// once from aspif, where both are one output statement).
fn golden_sets(name: &str) -> (String, BTreeSet<BTreeSet<String>>) {
    let path = root().join(format!("tests/programs/{name}.json"));
    let doc: Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("golden")).expect("golden JSON");
    let sets = doc["answer_sets"]
        .as_array()
        .expect("answer_sets")
        .iter()
        .map(|a| strings(a).into_iter().collect())
        .collect();
    (doc["result"].as_str().expect("result").to_string(), sets)
}

#[test]
fn ground_aspif_read_back_gives_the_golden_answer_sets() {
    let mut failures = Vec::new();
    for path in fixtures() {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if name.starts_with("hand_") {
            continue;
        }
        let program = format!("tests/programs/{name}.lp");
        let text = std::fs::read_to_string(root().join(&program)).expect("program");
        let args_line = text.lines().next().unwrap_or("");
        let extra: Vec<&str> = match args_line.split_once("args:") {
            Some((_, a)) if args_line.starts_with("%!") => a.split_whitespace().collect(),
            _ => Vec::new(),
        };
        let written = aspsat(&["ground", "--aspif", &program], b"");
        if name == "nontight_condlit_recursive" {
            // positive recursion through a conditional literal: refused, never approximated
            assert_eq!(written.code, Some(65), "{}", written.stderr);
            assert!(
                written.stderr.contains("is not written"),
                "{}",
                written.stderr
            );
            continue;
        }
        if written.code != Some(0) {
            failures.push(format!("{name}: ground --aspif: {}", written.stderr));
            continue;
        }
        assert!(written.stdout.starts_with("asp 1 0 0\n") && written.stdout.ends_with("\n0\n"));
        let mut args = vec!["solve", "--json", "-n", "0", "--opt-mode=optN"];
        args.extend(extra.iter().filter(|a| **a == "--project"));
        args.push("-");
        let run = aspsat(&args, written.stdout.as_bytes());
        if !matches!(run.code, Some(10 | 20 | 30)) {
            failures.push(format!("{name}: solve: {}", run.stderr));
            continue;
        }
        let got = answer_of_output(&run.stdout);
        let got_sets: BTreeSet<BTreeSet<String>> = got
            .answer_sets
            .iter()
            .map(|a| a.iter().cloned().collect())
            .collect();
        let (result, expected) = golden_sets(&name);
        let sat = result == "SAT";
        if got_sets != expected || (got.result != "UNSATISFIABLE") != sat {
            failures.push(format!("{name}: {got_sets:?} != golden {expected:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Bad inputs: exit 65 and an error at `<stdin>:LINE:COL`.
#[test]
fn bad_aspif_is_an_error_at_its_line() {
    let cases: &[(&str, &str)] = &[
        (
            "asp 2 0 0\n0\n",
            "1:10-11: error: unsupported aspif version 2.0.0",
        ),
        (
            "asp 1 0 0 fancy\n0\n",
            "1:11-12: error: unknown tag 'fancy'",
        ),
        (
            "asp 1 0 0\n1 0 1 1 0 0\n",
            "3:1-2: error: expected a statement type (1-10) or 0 to end the step, found the end of the input",
        ),
        (
            "asp 1 0 0\n1 0 1 1 0 1\n0\n",
            "3:1-2: error: expected a literal, found 0 (literals are nonzero)",
        ),
        (
            "asp 1 0 0\n1 0 1 0 0 0\n0\n",
            "2:7-8: error: expected an atom (1..2147483647), found 0",
        ),
        (
            "asp 1 0 0\n1 0 1 2147483648 0 0\n0\n",
            "2:7-8: error: expected an atom (1..2147483647), found 2147483648, which is out of range",
        ),
        (
            "asp 1 0 0\n1 0 0 0 1 -99999999999999999999999\n0\n",
            "2:11-12: error: expected a literal (a nonzero integer, at most 2147483647 in absolute value), found -99999999999999999999999",
        ),
        (
            "asp 1 0 0\n1 2 0 0 0\n0\n",
            "2:3-4: error: expected a head type (0 disjunction, 1 choice), found 2",
        ),
        (
            "asp 1 0 0\n1 0 0 1 3 1 1 -2\n0\n",
            "2:15-16: error: expected a weight (>= 0), found -2",
        ),
        (
            "asp 1 0 0\n1 0 0 0 1 0\n0\n",
            "2:11-12: error: expected a literal, found 0",
        ),
        (
            "asp 1 0 0\n4 99 p(1) 0\n0\n",
            "2:5-6: error: the string of length 99 runs past the end",
        ),
        (
            "asp 1 0 0\n5 1 4\n0\n",
            "2:5-6: error: expected an external value (0 free, 1 true, 2 false, 3 release), found 4",
        ),
        (
            "asp 1 0 0\n7 6 1 0 0 0\n0\n",
            "2:3-4: error: expected a heuristic modifier (0-5), found 6",
        ),
        (
            "asp 1 0 0\n8 -1 2 0\n0\n",
            "2:3-4: error: expected an edge's start node (>= 0), found -1",
        ),
        (
            "asp 1 0 0\n9 0 1 200\n0\n",
            "2:1-2: error: aspif theory statements",
        ),
        (
            "asp 1 0 0\n11\n0\n",
            "2:1-2: error: expected a statement type (1-10) or 0 to end the step, found 11",
        ),
        (
            "asp 1 0 0\n1 0 x\n0\n",
            "2:5-6: error: expected the number of atoms, found 'x'",
        ),
        (
            "asp 1 0 0 incremental\n0\n1 0 0 0 0\n0\n",
            "3:1-2: error: input after the end of the first step",
        ),
        (
            "asp 1 0 0\n2 0 1 1 99999999999\n0\n",
            "2:9-10: error: expected a weight, found 99999999999, which is out of range",
        ),
        (
            "asp 1 0 0\n1 0 4294967295 1",
            "2:17-18: error: expected an atom (1..2147483647), found the end of the input",
        ),
    ];
    let mut failures = Vec::new();
    for (input, expected) in cases {
        for command in ["solve", "dimacs", "ground"] {
            let run = aspsat(&[command, "-"], input.as_bytes());
            let wanted = format!("<stdin>:{expected}");
            if run.code != Some(65) || !run.stderr.contains(&wanted) {
                failures.push(format!(
                    "{command} {input:?}: exit {:?}, stderr {:?}, wanted {wanted:?}",
                    run.code, run.stderr
                ));
            }
        }
    }
    let not_utf8 = aspsat(&["solve", "-"], b"asp 1 0 0\n4 4 p(\xff) 0\n0\n");
    assert_eq!(not_utf8.code, Some(65));
    assert!(
        not_utf8
            .stderr
            .contains("<stdin>:2:4-5: error: the string is not valid UTF-8"),
        "{}",
        not_utf8.stderr
    );
    let files = aspsat(
        &[
            "solve",
            "tests/aspif/queens4.aspif",
            "tests/programs/queens4.lp",
        ],
        b"",
    );
    assert_eq!(files.code, Some(65));
    assert!(
        files.stderr.contains("must be the only input"),
        "{}",
        files.stderr
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Reads `bytes` as aspif and translates the result: an error must name a line of `<fuzz>`;
/// a panic fails the test.
fn read_and_translate(bytes: &[u8]) {
    match aspsat::aspif::read(bytes, "<fuzz>") {
        Ok(program) => {
            let _ = aspsat::compile_ground(program, &aspsat::CompileOptions::default());
        }
        Err(d) => assert!(
            d.to_string().starts_with("<fuzz>:"),
            "an error without its place: {d}"
        ),
    }
}

#[test]
fn truncated_and_mutated_aspif_never_panics() {
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let bad_numbers = [
        "0",
        "-1",
        "4294967296",
        "-2147483648",
        "2147483647",
        "99999999999999999999999999",
        "x",
        "",
        "1 1",
    ];
    for path in fixtures() {
        let bytes = std::fs::read(&path).expect("fixture");
        for cut in 0..bytes.len().min(600) {
            read_and_translate(&bytes[..cut]);
        }
        let text = String::from_utf8(bytes).expect("fixtures are text");
        let tokens: Vec<&str> = text.split(' ').collect();
        for _ in 0..150 {
            let mut mutated: Vec<&str> = tokens.clone();
            let i = next() as usize % mutated.len();
            mutated[i] = bad_numbers[next() as usize % bad_numbers.len()];
            read_and_translate(mutated.join(" ").as_bytes());
        }
    }
}
