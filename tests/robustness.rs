//! Bad input never crashes or hangs aspsat: mutated versions of real programs are either solved
//! or rejected with exit 65 and a `FILE:LINE:COL` position; resource limits stop runaway work.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::Rng;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn aspsat() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_aspsat"));
    c.stdin(Stdio::null());
    c
}

const INSERTIONS: &[&str] = &[
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    ".",
    ",",
    ";",
    ":-",
    ":",
    "not ",
    "#count{",
    "#sum",
    "#show",
    "#const",
    "..",
    "X",
    "_",
    "\"",
    "%*",
    "1..1000000000",
    "#minimize{",
    "|",
    "**",
    "\\",
    "-",
    "#include \"nonexistent.lp\".",
    "\u{0}",
    "\u{ff}",
    "9999999999",
    "#program p.",
    "#external a.",
];

fn mutate(text: &str, rng: &mut Rng) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let pos = rng.below(chars.len() + 1);
        match rng.below(3) {
            0 if !chars.is_empty() => {
                let end = (pos + 1 + rng.below(4)).min(chars.len());
                chars.drain(pos.min(chars.len())..end);
            }
            _ => {
                let ins = INSERTIONS[rng.below(INSERTIONS.len())];
                let at = pos.min(chars.len());
                chars.splice(at..at, ins.chars());
            }
        }
    }
    chars.into_iter().collect()
}

fn has_position(stderr: &str, file: &str) -> bool {
    stderr.lines().any(|l| {
        l.contains(": error: ")
            && l.strip_prefix(file)
                .and_then(|rest| rest.strip_prefix(':'))
                .is_some_and(|rest| {
                    rest.split(':')
                        .next()
                        .is_some_and(|n| n.parse::<u32>().is_ok())
                })
    })
}

#[test]
fn mutated_programs_never_crash() {
    let mut sources: Vec<PathBuf> = std::fs::read_dir(root().join("tests/programs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "lp"))
        .collect();
    sources.push(root().join("encodings/flowerfinder.lp"));
    sources.sort();
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(0x5EED_1234_ABCD_0001);
    let mut failures = Vec::new();
    let (mut solved, mut rejected) = (0, 0);
    for round in 0..3 {
        for src in &sources {
            let text = std::fs::read_to_string(src).unwrap();
            let mutated = mutate(&text, &mut rng);
            let file = dir.path().join(format!(
                "m{round}_{}",
                src.file_name().unwrap().to_string_lossy()
            ));
            std::fs::write(&file, mutated.as_bytes()).unwrap();
            let start = Instant::now();
            let out = aspsat()
                .args(["solve", "-n", "3", "--time-limit", "20"])
                .arg(&file)
                .output()
                .unwrap();
            let code = out.status.code();
            let stderr = String::from_utf8_lossy(&out.stderr);
            let name = file.display().to_string();
            let why = match code {
                Some(10 | 20 | 30) => {
                    solved += 1;
                    None
                }
                Some(65) => {
                    rejected += 1;
                    // Errors without a place are only those about the whole program.
                    let global_ok = stderr.contains("not tight");
                    (!has_position(&stderr, &name) && !global_ok)
                        .then(|| format!("exit 65 without {name}:LINE:COL: {stderr}"))
                }
                other => Some(format!(
                    "exit {other:?} after {:?}: {stderr}",
                    start.elapsed()
                )),
            };
            if let Some(why) = why {
                failures.push(format!("{} (from {}): {why}", name, src.display()));
            }
        }
    }
    println!(
        "mutations: {solved} solved, {rejected} rejected, {} failed",
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(rejected > 50, "the mutations should mostly break programs");
}

#[test]
fn time_limit_stops_a_hard_search() {
    let start = Instant::now();
    let out = aspsat()
        .args(["solve", "--time-limit", "2"])
        .arg(root().join("benchmarks/pigeonhole.lp"))
        .output()
        .unwrap();
    let elapsed = start.elapsed();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("UNKNOWN"));
    // generous: the limit is 2 s; the machine may be loaded
    assert!(elapsed < Duration::from_secs(10), "{elapsed:?}");
}

#[test]
fn grounding_limit_names_the_rule() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("big.lp");
    std::fs::write(&file, "n(1..3000).\np(X,Y) :- n(X), n(Y).\n").unwrap();
    let out = aspsat()
        .args(["solve", "--max-ground", "100000"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(65));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("{}:2:1", file.display())),
        "{stderr}"
    );
    assert!(stderr.contains("--max-ground"), "{stderr}");
}

#[test]
fn binary_garbage_is_an_input_error() {
    let dir = tempfile::tempdir().unwrap();
    for (i, bytes) in [
        vec![0xff, 0xfe, 0x00, 0x41],
        vec![b'p', b'(', 0x00, b')', b'.'],
        b"((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((".to_vec(),
    ]
    .iter()
    .enumerate()
    {
        let file = dir.path().join(format!("g{i}.lp"));
        std::fs::write(&file, bytes).unwrap();
        let out = aspsat().arg("solve").arg(&file).output().unwrap();
        assert_eq!(out.status.code(), Some(65), "{}", String::from_utf8_lossy(&out.stderr));
        assert!(has_position(&String::from_utf8_lossy(&out.stderr), &file.display().to_string()));
    }
}
