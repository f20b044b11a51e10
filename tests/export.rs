//! The SAT exports against clingo 5.8.3's answer sets (`tests/programs/NAME.json`, written by
//! `scripts/clingo_golden.py`):
//!
//! * `--translation unique-ranking` (model counting): every model of the CNF, over all its
//!   variables, is enumerated (varisat with blocking clauses); the models must be the golden
//!   answer sets one to one (a multiset: clingo prints answer sets that differ only in hidden
//!   atoms once each), so that #SAT and AllSAT tools count answer sets. Checked with three
//!   combinations of the cardinality and pseudo-Boolean encodings.
//! * `aspsat dimacs --wcnf`: each `opt_` program is solved by PySAT's RC2 MaxSAT solver
//!   (`scripts/maxsat_rc2.py`) and `aspsat decode` must print one of clingo's optimal answer
//!   sets with clingo's optimum. Skipped with a note when `python-sat` is not installed, unless
//!   `ASPSAT_REQUIRE_PYSAT=1` (set by `.ci/run`, which installs it).
//! * `aspsat decode`: standard input, `.gz`/`.xz` files, and the refusal of a map that belongs
//!   to another CNF; `aspsat dimacs | head -1` ends quietly.

use aspsat::translate::card::CardEncoding;
use aspsat::translate::pb::PbEncoding;
use aspsat::translate::{EncodingOptions, TranslationKind};
use serde_json::Value as Json;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

mod common;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn aspsat() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_aspsat"));
    c.current_dir(root());
    c
}

/// The golden's answer sets (each sorted; duplicates kept) and optimum.
fn golden(lp: &Path) -> (Vec<Vec<String>>, Option<Vec<i64>>) {
    let path = lp.with_extension("json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let json: Json = serde_json::from_str(&text).expect("golden is JSON");
    let sets = json["answer_sets"]
        .as_array()
        .expect("answer_sets")
        .iter()
        .map(|s| {
            s.as_array()
                .expect("answer set")
                .iter()
                .map(|a| a.as_str().expect("symbol").to_string())
                .collect()
        })
        .collect();
    let optimum = json["optimum"]
        .as_array()
        .map(|o| o.iter().map(|c| c.as_i64().expect("cost")).collect());
    (sets, optimum)
}

/// The `%! args:` of a corpus program.
fn args_of(text: &str) -> Vec<String> {
    text.lines()
        .next()
        .and_then(|l| l.strip_prefix("%! args:"))
        .map(|a| a.split_whitespace().map(String::from).collect())
        .unwrap_or_default()
}

fn corpus() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("tests/programs"))
        .expect("tests/programs")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "lp"))
        .collect();
    files.sort();
    files
}

/// What the unique ranking gave for one program and encoding.
enum Counted {
    /// The program was refused (as by the plain ranking).
    Refused(String),
    Models(Vec<Vec<String>>),
}

fn count_models(lp: &Path, encodings: EncodingOptions, limit: usize) -> Counted {
    let text = std::fs::read_to_string(lp).expect("program");
    let args = args_of(&text);
    let consts: Vec<String> = args
        .windows(2)
        .filter(|w| w[0] == "-c")
        .map(|w| w[1].clone())
        .collect();
    let statements = match aspsat::load::load(&[lp.display().to_string()]) {
        Ok(s) => s,
        Err(d) => return Counted::Refused(d.to_string()),
    };
    let options = aspsat::CompileOptions {
        ground: aspsat::ground_options(&consts, None).expect("consts"),
        translation: TranslationKind::UniqueRanking,
        encodings,
    };
    let mut compiled = match aspsat::compile(&statements, &options) {
        Ok(c) => c,
        Err(d) => return Counted::Refused(d.to_string()),
    };
    assert!(
        !compiled.translation.stability.needs_check(),
        "{}: the unique ranking left work to a stability check",
        lp.display()
    );
    // clingo solves with the externals' default values.
    compiled.translation.fix_external_defaults();
    let models = common::all_cnf_models(&compiled.translation.cnf, limit);
    Counted::Models(
        models
            .iter()
            .map(|m| common::shown_of(&compiled, m))
            .collect(),
    )
}

/// The counting CNF of every non-optimization corpus program has exactly one model per golden
/// answer set; programs it refuses are refused by the plain ranking too.
#[test]
fn unique_ranking_has_one_model_per_answer_set() {
    let combos = [
        (CardEncoding::Totalizer, PbEncoding::Bdd),
        (CardEncoding::SeqCounter, PbEncoding::Adder),
        (CardEncoding::Totalizer, PbEncoding::Gte),
        (CardEncoding::SortNet, PbEncoding::Auto),
    ];
    let mut failures = Vec::new();
    let (mut checked, mut nontight, mut refused) = (0, 0, 0);
    for lp in corpus() {
        let name = lp.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with("opt_") {
            continue; // goldens hold the optimal answer sets only
        }
        let (mut expected, _) = golden(&lp);
        if args_of(&std::fs::read_to_string(&lp).unwrap()).contains(&"--project".into()) {
            continue; // clingo's goldens are projections: see `projection_line_counts_...`
        }
        expected.sort();
        for (card, pb) in combos {
            let encodings = EncodingOptions {
                card,
                pb,
                ..EncodingOptions::default()
            };
            let mut models = match count_models(&lp, encodings, expected.len() * 2 + 2) {
                Counted::Refused(e) => {
                    let ranking = aspsat()
                        .args(["dimacs", "--translation", "ranking"])
                        .args(args_of(&std::fs::read_to_string(&lp).unwrap()))
                        .arg(&lp)
                        .output()
                        .unwrap();
                    if ranking.status.code() != Some(65) {
                        failures.push(format!("{name}: refused by unique-ranking only: {e}"));
                    }
                    refused += 1;
                    break;
                }
                Counted::Models(m) => m,
            };
            models.sort();
            if models != expected {
                failures.push(format!(
                    "{name} ({card:?}, {pb:?}): {} CNF models, {} answer sets from clingo; \
                     models {models:?}, answer sets {expected:?}",
                    models.len(),
                    expected.len()
                ));
            }
            checked += 1;
            nontight += name.contains("nontight") as usize;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    eprintln!("unique ranking: {checked} runs ({nontight} non-tight), {refused} refused");
    assert!(nontight >= 30, "the corpus lost its non-tight programs");
}

/// A non-tight program with several rankings per answer set under the plain ranking: the
/// unique ranking has exactly one model per answer set, the plain one more.
#[test]
fn unique_ranking_counts_where_ranking_overcounts() {
    // Positive loops r(1) → r(2) → r(3) → r(1) and r(2) ↔ r(3): the logarithmic ranking
    // has free rank bits.
    let program = "{ e(1,2); e(2,3); e(3,1); e(3,2) }.\n{ s }.\n\
                   r(1) :- s.\nr(Y) :- r(X), e(X,Y).\n";
    let count = |kind: TranslationKind| {
        let statements = aspsat::syntax::parse(program, "<test>".into()).unwrap();
        let options = aspsat::CompileOptions {
            translation: kind,
            ..aspsat::CompileOptions::default()
        };
        let c = aspsat::compile(&statements, &options).unwrap();
        let models = common::all_cnf_models(&c.translation.cnf, 1000);
        models
            .iter()
            .map(|m| common::shown_of(&c, m))
            .collect::<Vec<_>>()
    };
    let unique = count(TranslationKind::UniqueRanking);
    // clingo 5.8.3: `clingo - 0 -q` on the program says `Models : 32`.
    assert_eq!(unique.len(), 32, "{unique:?}");
    let mut distinct = unique.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 32);
    assert!(count(TranslationKind::Ranking).len() > 32);
}

/// The `c p show` line of `aspsat dimacs --translation unique-ranking`: the models of the CNF
/// written by the command, projected onto its variables, are as many as clingo's answer sets
/// with `--project` (distinct shown output, or distinct `#project` atoms); and the CNF's models
/// are as many as the answer sets (programs with `#external` are left out: the CNF leaves
/// them free, clingo gives them their defaults).
#[test]
fn projection_line_counts_distinct_projections() {
    let dir = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    let mut checked = 0;
    for lp in corpus() {
        let name = lp.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&lp).unwrap();
        if name.starts_with("opt_") || text.contains("#external") {
            continue;
        }
        let args = args_of(&text);
        let project = args.contains(&"--project".to_string());
        let cnf_path = dir.path().join(name.replace(".lp", ".cnf"));
        let out = aspsat()
            .args(["dimacs", "--translation", "unique-ranking", "-o"])
            .arg(&cnf_path)
            .args(args.iter().filter(|a| *a != "--project"))
            .arg(&lp)
            .output()
            .unwrap();
        if out.status.code() == Some(65) {
            continue; // refused (`unique_ranking_has_one_model_per_answer_set` checks why)
        }
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let written = std::fs::read_to_string(&cnf_path).unwrap();
        let projection: Vec<usize> = written
            .lines()
            .find_map(|l| l.strip_prefix("c p show"))
            .unwrap_or_else(|| panic!("{name}: no 'c p show' line"))
            .split_whitespace()
            .map(|v| v.parse().unwrap())
            .take_while(|&v| v != 0)
            .collect();
        let (cnf, _) = aspsat::cnf::dimacs::read(&written).unwrap();
        let (mut expected, _) = golden(&lp);
        // With --project, clingo's count is of projections: the models may be many more.
        let limit = if project {
            10_000
        } else {
            expected.len() * 2 + 2
        };
        let models = common::all_cnf_models(&cnf, limit);
        let mut projections: Vec<Vec<bool>> = models
            .iter()
            .map(|m| projection.iter().map(|&v| m[v]).collect())
            .collect();
        projections.sort();
        projections.dedup();
        expected.sort();
        let distinct_shown = {
            let mut d = expected.clone();
            d.dedup();
            d.len()
        };
        // Without --project, clingo's answer sets are the CNF's models, and distinct shown
        // outputs are the distinct projections.
        // (`#project` directives without --project: clingo's goldens do not count projections.)
        let (want_models, want_projections) = if project {
            (None, Some(expected.len()))
        } else if text.contains("#project") {
            (Some(expected.len()), None)
        } else {
            (Some(expected.len()), Some(distinct_shown))
        };
        if want_models.is_some_and(|n| n != models.len())
            || want_projections.is_some_and(|n| n != projections.len())
        {
            failures.push(format!(
                "{name}: {} models and {} projections, clingo: {want_models:?} answer sets, \
                 {want_projections:?} projections",
                models.len(),
                projections.len()
            ));
        }
        checked += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 100, "only {checked} programs checked");
}

fn pysat_available() -> bool {
    Command::new("python3")
        .args(["-c", "import pysat.examples.rc2"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// `aspsat dimacs --wcnf`, solved by RC2 and decoded, gives clingo's optimum on every `opt_`
/// program that has an objective and that the ranking accepts.
#[test]
fn wcnf_solved_by_rc2_gives_clingos_optimum() {
    if !pysat_available() {
        assert!(
            std::env::var_os("ASPSAT_REQUIRE_PYSAT").is_none(),
            "ASPSAT_REQUIRE_PYSAT is set but python-sat is not installed"
        );
        eprintln!(
            "note: python-sat (RC2) is not installed; `pip install python-sat` to run this test"
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    let mut checked = 0;
    for lp in corpus() {
        let name = lp.file_name().unwrap().to_string_lossy().into_owned();
        // (programs with `#external` are left out: the WCNF leaves them free, clingo gives
        // them their defaults)
        let text = std::fs::read_to_string(&lp).unwrap();
        if !name.starts_with("opt_") || text.contains("#external") {
            continue;
        }
        let (answer_sets, optimum) = golden(&lp);
        let Some(optimum) = optimum else {
            continue; // clingo dropped the objective
        };
        let wcnf = dir.path().join(name.replace(".lp", ".wcnf"));
        let out = aspsat()
            .args(["dimacs", "--wcnf", "-o"])
            .arg(&wcnf)
            .args(args_of(&text))
            .arg(&lp)
            .output()
            .unwrap();
        if out.status.code() == Some(65) {
            continue; // refused by the ranking (the golden test checks the refusals)
        }
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let rc2 = Command::new("python3")
            .arg(root().join("scripts/maxsat_rc2.py"))
            .arg(&wcnf)
            .output()
            .unwrap();
        assert!(
            rc2.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&rc2.stderr)
        );
        let mut decode = aspsat()
            .args(["decode", "--json"])
            .arg(&wcnf)
            .arg("-")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // (a decode that fails early closes the pipe; its output tells)
        let _ = decode.stdin.take().unwrap().write_all(&rc2.stdout);
        let decoded = decode.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&decoded.stdout);
        let Some((model, costs)) = decoded_model(&text) else {
            failures.push(format!(
                "{name}: decode printed no model: {text} {}",
                String::from_utf8_lossy(&decoded.stderr)
            ));
            continue;
        };
        if decoded.status.code() != Some(30) {
            failures.push(format!(
                "{name}: decode exit {:?}, not 30",
                decoded.status.code()
            ));
        }
        if costs != optimum {
            failures.push(format!(
                "{name}: RC2's optimum {costs:?}, clingo's {optimum:?}"
            ));
        } else if !answer_sets.contains(&model) {
            failures.push(format!(
                "{name}: {model:?} is not among clingo's optimal answer sets"
            ));
        }
        checked += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        checked >= 10,
        "only {checked} optimization programs were checked"
    );
    eprintln!("wcnf: {checked} optimization programs solved by RC2 with clingo's optimum");
}

/// The model and costs of `aspsat decode --json`'s single witness.
fn decoded_model(json: &str) -> Option<(Vec<String>, Vec<i64>)> {
    let doc: Json = serde_json::from_str(json).ok()?;
    let witness = &doc["Call"][0]["Witnesses"][0];
    let mut model: Vec<String> = witness["Value"]
        .as_array()?
        .iter()
        .map(|v| v.as_str().unwrap_or_default().to_string())
        .collect();
    model.sort();
    let costs = witness["Costs"]
        .as_array()?
        .iter()
        .filter_map(|c| c.as_i64())
        .collect();
    Some((model, costs))
}

/// Runs the binary with `stdin` as standard input.
fn run_with_input(args: &[&str], stdin: &[u8]) -> std::process::Output {
    let mut child = aspsat()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The child may refuse and exit before reading its input: a closed pipe is fine here.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    child.wait_with_output().unwrap()
}

/// A map applied to another CNF, or a CNF whose clauses were changed, is refused (exit 65);
/// the right pair decodes, with the solver's output read from standard input and the files
/// gzip- and xz-compressed.
#[test]
fn decode_checks_the_map_and_reads_stdin_and_compressed_files() {
    let dir = tempfile::tempdir().unwrap();
    let path = |n: &str| dir.path().join(n).display().to_string();
    let program = path("p.lp");
    std::fs::write(&program, "{ a; b }.\n:- a, b.\n#show a/0.\n#show b/0.\n").unwrap();
    let other = path("q.lp");
    std::fs::write(&other, "{ a; b; c }.\n:- not c.\n").unwrap();
    let dimacs = |prog: &str, cnf: &str, map: &str| {
        let out = aspsat()
            .args(["dimacs", prog, "-o", cnf, "--map", map])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    dimacs(&program, &path("p.cnf.gz"), &path("p.map.xz"));
    dimacs(&other, &path("q.cnf"), &path("q.map"));
    // Compressed for real, and read back by extension.
    assert_eq!(&std::fs::read(path("p.cnf.gz")).unwrap()[..2], b"\x1f\x8b");
    assert_eq!(
        &std::fs::read(path("p.map.xz")).unwrap()[..6],
        b"\xfd7zXZ\0"
    );
    // A model of p.cnf: no variable true satisfies `{a; b}, :- a, b` and its auxiliaries.
    let answer = b"s SATISFIABLE\nv -1 -2 0\n";
    let good = run_with_input(
        &["decode", &path("p.cnf.gz"), "-", "--map", &path("p.map.xz")],
        answer,
    );
    let text = String::from_utf8_lossy(&good.stdout);
    assert_eq!(
        good.status.code(),
        Some(10),
        "{text}{}",
        String::from_utf8_lossy(&good.stderr)
    );
    assert!(
        text.contains("Reading from") && text.contains("<stdin>"),
        "{text}"
    );
    assert!(text.contains("Answer: 1\n\nSATISFIABLE"), "{text}");
    // The solver output argument may be left out: standard input.
    let implicit = run_with_input(
        &["decode", &path("p.cnf.gz"), "--map", &path("p.map.xz")],
        answer,
    );
    assert_eq!(implicit.status.code(), Some(10));
    // The other program's map on this CNF: refused, naming both.
    let wrong = run_with_input(
        &["decode", &path("p.cnf.gz"), "-", "--map", &path("q.map")],
        answer,
    );
    let err = String::from_utf8_lossy(&wrong.stderr);
    assert_eq!(wrong.status.code(), Some(65), "{err}");
    assert!(err.contains("belongs to another CNF"), "{err}");
    // A clause changed after writing: refused.
    let q = std::fs::read_to_string(path("q.cnf")).unwrap();
    let (cnf, _) = aspsat::cnf::dimacs::read(&q).unwrap();
    assert!(cnf.num_clauses() > 0);
    let changed = q.replacen("\n3 0", "\n3 1 0", 1);
    assert_ne!(changed, q);
    std::fs::write(path("q2.cnf"), &changed).unwrap();
    let tampered = run_with_input(
        &["decode", &path("q2.cnf"), "--map", &path("q.map")],
        b"s UNSATISFIABLE\n",
    );
    assert_eq!(tampered.status.code(), Some(65));
    // Both inputs on standard input cannot be.
    let both = run_with_input(&["decode", "-", "-"], b"");
    assert_eq!(both.status.code(), Some(65));
    // A corrupt compressed file is an input error, not a panic.
    std::fs::write(path("bad.cnf.gz"), b"not gzip").unwrap();
    let bad = run_with_input(&["decode", &path("bad.cnf.gz")], answer);
    assert_eq!(bad.status.code(), Some(65));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("bad.cnf.gz"));
    // Programs are read compressed too.
    for name in ["p.lp.gz", "p.lp.xz"] {
        let compressed = dir.path().join(name);
        aspsat::compressed::write_with(&compressed, |w| {
            w.write_all(&std::fs::read(&program).unwrap())
        })
        .unwrap();
        let out = aspsat()
            .args(["solve", "0"])
            .arg(&compressed)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(30), "{name}: {text}");
        assert!(text.contains("Models       : 3"), "{name}: {text}");
    }
}

/// `aspsat dimacs big.lp | head -1`, `aspsat solve big.lp 0 | head -1` and `aspsat ground
/// big.lp | head -1`: the closed pipe ends the run without an error message.
#[test]
fn closed_pipe_ends_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.lp");
    std::fs::write(&big, "p(1..200000).\n{ q(1..40) }.\n").unwrap();
    for args in [vec!["dimacs"], vec!["solve", "0"], vec!["ground"]] {
        let mut child = aspsat()
            .args(&args)
            .arg(&big)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 16];
        std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
        drop(stdout);
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.is_empty(), "{args:?}: {err}");
        assert!(out.status.code().is_some(), "{args:?}: killed by a signal");
    }
}
