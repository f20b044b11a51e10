//! Non-tight programs through the command line: what is rejected and what `--stats` reports.
//! (Answer sets are checked by `golden.rs`, `oracle.rs` and `hamiltonian.rs`.)

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn aspsat(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_aspsat"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// The answer sets of `aspsat solve --json -n 0` (plus `extra` options), sorted.
fn answer_sets(extra: &[&str], program: &str) -> Vec<String> {
    let mut args = vec!["solve", "--json", "-n", "0"];
    args.extend_from_slice(extra);
    let out = aspsat(&args, program);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut sets: Vec<String> = doc["Call"][0]["Witnesses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["Value"].to_string())
        .collect();
    sets.sort();
    sets
}

#[test]
fn positive_recursion_through_a_conditional_literal_is_solved_and_exported() {
    let program = "p :- q(X) : r(X).\nq(1) :- p.\n{ r(1) }.\nq(2).\n";
    // clingo 5.8.3: {p, q(1), q(2)} and {q(2), r(1)} ({p, q(1), q(2), r(1)} is unfounded)
    let expected = [r#"["p","q(1)","q(2)"]"#, r#"["q(2)","r(1)"]"#];
    assert_eq!(answer_sets(&[], program), expected);
    // the condition r(1) is outside of the loop p <-> q(1): the level ranking is exact
    assert_eq!(
        answer_sets(&["--translation", "ranking"], program),
        expected
    );
    let out = aspsat(&["dimacs"], program);
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn non_monotone_recursion_is_solved_but_not_exported() {
    // clingo 5.8.3: {a, b, c} (a condition false in a smaller model makes its instance true);
    // its ground program has a disjunction that is not head-cycle-free
    let program = "a :- b : c.\nc :- a.\nb :- c.\n";
    assert_eq!(answer_sets(&[], program), [r#"["a","b","c"]"#]);
    let refused = [
        aspsat(&["solve", "--translation", "ranking", "-n", "0"], program),
        aspsat(&["dimacs"], program),
    ];
    for out in refused {
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(65), "{stderr}");
        assert!(
            stderr.contains("<stdin>:1:1")
                && stderr.contains("'b:c'")
                && stderr.contains("beyond NP"),
            "{stderr}"
        );
    }
}

#[test]
fn conditional_literals_outside_of_loops_are_fine() {
    // q(1) depends on p only negatively; the loop s <-> t is separate.
    let program = "p :- q(X) : r(X).\nq(1) :- not p.\n{ r(1); u }.\ns :- t.\nt :- s.\ns :- u.\n";
    let out = aspsat(&["solve", "-n", "0"], program);
    assert_eq!(
        out.status.code(),
        Some(30),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn stats_report_loop_nogoods() {
    // Completion alone would also accept {p, q}: the check must add a loop nogood.
    let program = "p :- q.\nq :- p.\np :- s.\n{ s }.\n";
    let out = aspsat(&["solve", "--json", "--stats", "-n", "0"], program);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["Models"]["Number"], 2);
    assert!(doc["Stats"]["LoopNogoods"].as_u64().unwrap() >= 1, "{doc}");
    let out = aspsat(
        &[
            "solve",
            "--json",
            "--stats",
            "-n",
            "0",
            "--translation",
            "ranking",
        ],
        program,
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["Models"]["Number"], 2);
    assert_eq!(doc["Stats"]["LoopNogoods"], 0);
    let out = aspsat(&["solve", "--stats", "-n", "0"], program);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines()
            .any(|l| l.starts_with("Loop nogoods : ") && l != "Loop nogoods : 0"),
        "{text}"
    );
}

#[test]
fn projection_and_model_limits_work_on_non_tight_programs() {
    // Two answer sets {s, p, q} and {t}, plus unstable supported models of the completion.
    let program = "p :- q.\nq :- p.\np :- s.\n1 { s; t } 1.\n#show p/0.\n";
    let out = aspsat(&["solve", "--json", "--project", "-n", "0"], program);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["Models"]["Number"], 2, "{doc}");
    let out = aspsat(&["solve", "--json", "-n", "1"], program);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["Models"]["Number"], 1);
    assert_eq!(out.status.code(), Some(10));
}
