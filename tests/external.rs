//! External SAT solvers as back ends (`aspsat solve --solver NAME|PATH`) and the DIMACS round
//! trip (`aspsat dimacs` → solver → `aspsat decode`).
//!
//! * Real solvers (cadical, minisat; `.ci/run` installs them): the same answer sets, counts and
//!   exit codes as the embedded solver on flowerfinder and a selection of `tests/programs/`.
//!   A test whose solver is not installed prints a note and passes.
//! * Fake solvers (`tests/fake_solvers/*.sh`): a wrong model, a crash, a death by signal,
//!   garbage, UNKNOWN, an exit code contradicting the answer, and a solver that hangs (killed at
//!   `--time-limit`, and on SIGINT). None may produce an answer; each gets its exit code; no
//!   temporary file may be left behind (each run gets its own empty `TMPDIR`).

use serde_json::Value;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const FLOWER_ANSWER: &str = "fliph(3) fliph(5) fliph(6) flipv(2) flipv(3) pieceloc(1,1) pieceloc(2,2) pieceloc(3,3) pieceloc(4,6) pieceloc(5,4) pieceloc(6,5)";

/// Programs compared across back ends: many answer sets, unsatisfiable, facts only, `#show`
/// terms, hidden atoms, command-line constants, positive loops.
const PROGRAMS: &[&str] = &[
    "encodings/flowerfinder.lp",
    "tests/programs/many_subsets.lp",
    "tests/programs/many_assignments.lp",
    "tests/programs/graph_coloring.lp",
    "tests/programs/queens4.lp",
    "tests/programs/queens_cmdline.lp",
    "tests/programs/unsat_pigeonhole.lp",
    "tests/programs/constraint_unsat.lp",
    "tests/programs/unsat_choice_bounds.lp",
    "tests/programs/facts.lp",
    "tests/programs/empty_program.lp",
    "tests/programs/show_term.lp",
    "tests/programs/show_term_duplicate.lp",
    "tests/programs/show_nothing.lp",
    "tests/programs/classical_neg_clash.lp",
    "tests/programs/choice_bounds_eq.lp",
    // Non-tight: the default completion adds loop nogoods between solver calls.
    "tests/programs/nontight_hamiltonian.lp",
    "tests/programs/nontight_reach_chosen.lp",
    "tests/programs/nontight_choice_in_loop.lp",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn fake(name: &str) -> String {
    root()
        .join("tests/fake_solvers")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    elapsed: Duration,
}

/// A fresh, empty temporary directory given to aspsat as `TMPDIR`, checked empty afterwards.
struct Scratch(tempfile::TempDir);

impl Scratch {
    fn new() -> Scratch {
        Scratch(tempfile::tempdir().unwrap())
    }
    fn path(&self) -> &Path {
        self.0.path()
    }
    fn assert_empty(&self, what: &str) {
        let left: Vec<_> = std::fs::read_dir(self.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert!(left.is_empty(), "{what}: temporary files left: {left:?}");
    }
}

/// Runs aspsat from the crate root with `TMPDIR` set; `on_start` gets the child's pid.
fn run_with(args: &[&str], tmp: &Path, env: &[(&str, &str)], on_start: impl FnOnce(u32)) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_aspsat"))
        .args(args)
        .current_dir(root())
        .env("TMPDIR", tmp)
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start aspsat");
    let start = Instant::now();
    on_start(child.id());
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out_t = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let err_t = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("aspsat {args:?} did not finish within 120 s");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Run {
        code: status.code(),
        elapsed: start.elapsed(),
        stdout: out_t.join().unwrap(),
        stderr: err_t.join().unwrap(),
    }
}

fn run(args: &[&str]) -> Run {
    let scratch = Scratch::new();
    let r = run_with(args, scratch.path(), &[], |_| {});
    scratch.assert_empty(&format!("aspsat {args:?}"));
    r
}

/// Whether an external solver is installed; prints a note when it is not.
fn have(solver: &str) -> bool {
    let found = std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(solver).is_file()));
    if !found {
        eprintln!("note: '{solver}' is not installed; skipping its checks (.ci/run installs it)");
    }
    found
}

/// `%! args: ...` of a test program.
fn file_args(path: &str) -> Vec<String> {
    let text = std::fs::read_to_string(root().join(path)).unwrap();
    let first = text.lines().next().unwrap_or("");
    first
        .strip_prefix("%!")
        .and_then(|r| r.trim_start().strip_prefix("args:"))
        .map(|a| a.split_whitespace().map(String::from).collect())
        .unwrap_or_default()
}

/// (exit code, Result, sorted witnesses) of a `--json` run.
fn outcome(r: &Run) -> (Option<i32>, String, Vec<Vec<String>>) {
    let v: Value = serde_json::from_str(&r.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}\n{}", r.stdout, r.stderr));
    let mut witnesses: Vec<Vec<String>> = v["Call"][0]["Witnesses"]
        .as_array()
        .map(|ws| {
            ws.iter()
                .map(|w| {
                    let mut syms: Vec<String> = w["Value"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|s| s.as_str().unwrap().to_string())
                        .collect();
                    syms.sort();
                    syms
                })
                .collect()
        })
        .unwrap_or_default();
    witnesses.sort();
    (
        r.code,
        v["Result"].as_str().unwrap_or("").to_string(),
        witnesses,
    )
}

fn solve_json(solver: &str, program: &str, models: &str) -> Run {
    let mut args: Vec<String> = vec![
        "solve".into(),
        "--json".into(),
        "--check".into(),
        "-n".into(),
        models.into(),
        "--solver".into(),
        solver.into(),
    ];
    args.extend(file_args(program));
    args.push(program.into());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    run(&args)
}

/// The same answer sets, result and exit code as the embedded solver, enumerating all models
/// and stopping after two.
fn same_as_embedded(solver: &str) {
    for program in PROGRAMS {
        for models in ["0", "2"] {
            let expected = solve_json("varisat", program, models);
            let got = solve_json(solver, program, models);
            assert!(
                matches!(expected.code, Some(10 | 20 | 30)),
                "{program}: embedded solver failed: {}",
                expected.stderr
            );
            let (e, g) = (outcome(&expected), outcome(&got));
            if models == "0" {
                assert_eq!(g, e, "{solver} on {program} -n 0\n{}", got.stderr);
            } else {
                // Which two models come first depends on the solver; the count, the result and
                // the exit code do not, and every model must be one of the embedded solver's.
                let all = outcome(&solve_json("varisat", program, "0")).2;
                assert_eq!(
                    (g.0, &g.1, g.2.len()),
                    (e.0, &e.1, e.2.len()),
                    "{solver} on {program} -n 2"
                );
                assert!(
                    g.2.iter().all(|w| all.contains(w)),
                    "{solver} on {program}: {:?}",
                    g.2
                );
            }
        }
    }
}

#[test]
fn cadical_gives_the_same_answer_sets() {
    if have("cadical") {
        same_as_embedded("cadical");
    }
}

#[test]
fn minisat_gives_the_same_answer_sets() {
    if have("minisat") {
        same_as_embedded("minisat");
    }
}

#[test]
fn other_installed_solvers_solve_flowerfinder() {
    for solver in ["kissat", "glucose", "cryptominisat5", "picosat"] {
        if !have(solver) {
            continue;
        }
        let r = run(&[
            "solve",
            "--solver",
            solver,
            "encodings/flowerfinder.lp",
            "0",
        ]);
        assert_eq!(r.code, Some(30), "{solver}: {}", r.stderr);
        assert!(r.stdout.contains(FLOWER_ANSWER), "{solver}: {}", r.stdout);
        assert!(
            r.stdout.contains("Models       : 1\n"),
            "{solver}: {}",
            r.stdout
        );
    }
}

#[test]
fn embedded_cadical_matches_or_is_reported_missing() {
    if cfg!(feature = "cadical-embedded") {
        same_as_embedded("cadical-embedded");
    } else {
        let r = run(&[
            "solve",
            "--solver",
            "cadical-embedded",
            "encodings/flowerfinder.lp",
        ]);
        assert_eq!(r.code, Some(69));
        assert!(
            r.stderr.contains("--features cadical-embedded"),
            "{}",
            r.stderr
        );
        assert!(r.stdout.is_empty());
    }
}

#[test]
fn solver_by_path_and_solver_args() {
    if !have("cadical") {
        return;
    }
    let path = std::env::split_paths(&std::env::var_os("PATH").unwrap())
        .map(|d| d.join("cadical"))
        .find(|p| p.is_file())
        .unwrap();
    let path = path.to_string_lossy();
    let r = run(&[
        "solve",
        "--solver",
        &path,
        "--solver-args=-q --seed=3",
        "encodings/flowerfinder.lp",
        "0",
    ]);
    assert_eq!(r.code, Some(30), "{}", r.stderr);
    assert!(r.stdout.contains(FLOWER_ANSWER));
    // An option the solver rejects: the solver fails, aspsat reports it with its message.
    let r = run(&[
        "solve",
        "--solver",
        "cadical",
        "--solver-args",
        "--no-such-option",
        "encodings/flowerfinder.lp",
    ]);
    assert_eq!(r.code, Some(69), "{}", r.stderr);
    assert!(r.stderr.contains("no-such-option"), "{}", r.stderr);
    assert!(!r.stdout.contains("Answer"), "{}", r.stdout);
}

#[test]
fn missing_solver_is_a_clear_error() {
    for solver in [
        "no-such-sat-solver",
        "/nonexistent/dir/cadical",
        "tests/fake_solvers",
    ] {
        let r = run(&["solve", "--solver", solver, "encodings/flowerfinder.lp"]);
        assert_eq!(r.code, Some(69), "{solver}: {}", r.stderr);
        assert!(
            r.stderr.contains("error:") && r.stderr.contains(solver),
            "{}",
            r.stderr
        );
        assert!(r.stdout.is_empty(), "{}", r.stdout);
    }
    let r = run(&["solve", "--solver-args=-q", "encodings/flowerfinder.lp"]);
    assert_eq!(r.code, Some(69), "{}", r.stderr);
    assert!(r.stderr.contains("external solvers only"), "{}", r.stderr);
}

/// A fake solver's run on flowerfinder: no answer set printed, UNKNOWN, the expected exit code
/// and an error message mentioning `needle`.
fn fails_cleanly(script: &str, code: i32, needle: &str) {
    let r = run(&[
        "solve",
        "--solver",
        &fake(script),
        "encodings/flowerfinder.lp",
        "0",
    ]);
    assert_eq!(
        r.code,
        Some(code),
        "{script}: stdout {}\nstderr {}",
        r.stdout,
        r.stderr
    );
    assert!(!r.stdout.contains("Answer"), "{script}: {}", r.stdout);
    assert!(r.stdout.contains("UNKNOWN"), "{script}: {}", r.stdout);
    assert!(
        !r.stdout.contains("SATISFIABLE"),
        "{script} must not give a verdict: {}",
        r.stdout
    );
    assert!(r.stderr.contains(needle), "{script}: {}", r.stderr);
}

#[test]
fn wrong_model_is_detected() {
    fails_cleanly("wrong_model.sh", 69, "wrong model");
}

#[test]
fn crashing_solver_is_reported() {
    fails_cleanly("crash.sh", 69, "exited with status 3");
    fails_cleanly("crash.sh", 69, "out of cheese");
    fails_cleanly("killed.sh", 69, "killed by signal 9");
}

#[test]
fn garbage_output_is_reported() {
    fails_cleanly("garbage.sh", 69, "is not an answer");
    fails_cleanly(
        "bad_exit.sh",
        69,
        "answered UNSATISFIABLE but exited with status 10",
    );
}

#[test]
fn unknown_answer_is_unknown() {
    fails_cleanly("unknown.sh", 1, "UNKNOWN");
}

fn process_gone(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        // A zombie waiting for its parent (init) to reap it is dead too.
        Ok(stat) => stat
            .rsplit(')')
            .next()
            .unwrap_or("")
            .trim_start()
            .starts_with('Z'),
    }
}

fn assert_fake_killed(pidfile: &Path) {
    let pids = std::fs::read_to_string(pidfile).expect("the fake solver did not start");
    for pid in pids.split_whitespace() {
        let deadline = Instant::now() + Duration::from_secs(2);
        while !process_gone(pid) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(
            process_gone(pid),
            "process {pid} of the hanging solver survived"
        );
    }
}

#[test]
fn hanging_solver_is_killed_at_the_time_limit() {
    let scratch = Scratch::new();
    let pid_dir = tempfile::tempdir().unwrap();
    let pidfile = pid_dir.path().join("pids");
    let r = run_with(
        &[
            "solve",
            "--time-limit",
            "1",
            "--solver",
            &fake("hang.sh"),
            "encodings/flowerfinder.lp",
        ],
        scratch.path(),
        &[("ASPSAT_FAKE_PIDFILE", pidfile.to_str().unwrap())],
        |_| {},
    );
    assert_eq!(r.code, Some(1), "{}\n{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("UNKNOWN"), "{}", r.stdout);
    assert!(r.elapsed < Duration::from_secs(3), "took {:?}", r.elapsed);
    scratch.assert_empty("time limit");
    assert_fake_killed(&pidfile);
}

#[test]
fn ctrl_c_kills_the_solver() {
    let scratch = Scratch::new();
    let pid_dir = tempfile::tempdir().unwrap();
    let pidfile = pid_dir.path().join("pids");
    let watched = pidfile.clone();
    let r = run_with(
        &[
            "solve",
            "--solver",
            &fake("hang.sh"),
            "encodings/flowerfinder.lp",
        ],
        scratch.path(),
        &[("ASPSAT_FAKE_PIDFILE", pidfile.to_str().unwrap())],
        move |pid| {
            // Interrupt once the solver runs.
            let deadline = Instant::now() + Duration::from_secs(30);
            while !watched.exists() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(10));
            }
            std::thread::sleep(Duration::from_millis(100));
            nix::sys::signal::kill(
                nix::unistd::Pid::from_raw(pid as i32),
                nix::sys::signal::Signal::SIGINT,
            )
            .unwrap();
        },
    );
    assert_eq!(r.code, Some(1), "{}\n{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("UNKNOWN"), "{}", r.stdout);
    scratch.assert_empty("Ctrl-C");
    assert_fake_killed(&pidfile);
}

// ---------------------------------------------------------------------------------------------
// DIMACS round trip through real solvers.

/// `aspsat dimacs` (optionally with `--map`), the solver, `aspsat decode`.
fn round_trip(solver: &str, separate_map: bool) {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("ff.cnf");
    let map = dir.path().join("ff.map");
    let answer = dir.path().join("ff.out");
    let (cnf_s, map_s, answer_s) = (
        cnf.to_str().unwrap(),
        map.to_str().unwrap(),
        answer.to_str().unwrap(),
    );
    let mut args = vec!["dimacs", "encodings/flowerfinder.lp", "-o", cnf_s];
    if separate_map {
        args.extend(["--map", map_s]);
    }
    let r = run(&args);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let cnf_text = std::fs::read_to_string(&cnf).unwrap();
    if separate_map {
        assert!(!cnf_text.contains("c atom") && !cnf_text.contains("c fact"));
        let map_text = std::fs::read_to_string(&map).unwrap();
        assert!(map_text.lines().all(|l| l.starts_with("c ")), "{map_text}");
        assert!(map_text.contains("c atom "));
    } else {
        assert!(cnf_text.contains("c atom "));
    }
    let status = match solver {
        "minisat" => Command::new("minisat")
            .args([cnf_s, answer_s])
            .stdout(Stdio::null())
            .status()
            .unwrap(),
        _ => Command::new(solver)
            .arg(cnf_s)
            .stdout(std::fs::File::create(&answer).unwrap())
            .status()
            .unwrap(),
    };
    assert_eq!(status.code(), Some(10), "{solver}");
    let mut args = vec!["decode", cnf_s, answer_s];
    if separate_map {
        args.extend(["--map", map_s]);
    }
    let r = run(&args);
    assert_eq!(r.code, Some(10), "{solver}: {}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    let at = lines
        .iter()
        .position(|l| *l == "Answer: 1")
        .expect("no answer");
    assert_eq!(lines[at + 1], FLOWER_ANSWER, "{solver}");
    assert!(r.stdout.contains("SATISFIABLE"));
}

#[test]
fn dimacs_round_trip_through_cadical() {
    if have("cadical") {
        round_trip("cadical", false);
        round_trip("cadical", true);
    }
}

#[test]
fn dimacs_round_trip_through_minisat() {
    if have("minisat") {
        round_trip("minisat", false);
        round_trip("minisat", true);
    }
}

#[test]
fn dimacs_round_trip_through_other_solvers() {
    for solver in ["kissat", "cryptominisat5", "picosat"] {
        if have(solver) {
            round_trip(solver, false);
        }
    }
}

#[test]
fn decode_rejects_a_wrong_model_and_reports_unsat_and_unknown() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("ff.cnf");
    let cnf_s = cnf.to_str().unwrap();
    let r = run(&["dimacs", "encodings/flowerfinder.lp", "-o", cnf_s]);
    assert_eq!(r.code, Some(0));
    let vars: usize = std::fs::read_to_string(&cnf)
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("p cnf "))
        .and_then(|h| h.split_whitespace().next())
        .unwrap()
        .parse()
        .unwrap();
    let write = |name: &str, text: String| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.to_string_lossy().into_owned()
    };
    let all_false: Vec<String> = (1..=vars).map(|v| format!("-{v}")).collect();
    let wrong = write(
        "wrong.out",
        format!("s SATISFIABLE\nv {} 0\n", all_false.join(" ")),
    );
    let r = run(&["decode", cnf_s, &wrong]);
    assert_eq!(r.code, Some(65), "{}", r.stdout);
    assert!(r.stderr.contains("does not satisfy"), "{}", r.stderr);
    assert!(!r.stdout.contains("Answer"));
    let wrong = write("wrong.res", format!("SAT\n{} 0\n", all_false.join(" ")));
    assert_eq!(run(&["decode", cnf_s, &wrong]).code, Some(65));
    let unsat = write("unsat.res", "UNSAT\n".into());
    let r = run(&["decode", cnf_s, &unsat]);
    assert_eq!(r.code, Some(20));
    assert!(r.stdout.contains("UNSATISFIABLE"));
    let unknown = write("unknown.out", "c out of time\ns UNKNOWN\n".into());
    let r = run(&["decode", cnf_s, &unknown]);
    assert_eq!(r.code, Some(1));
    assert!(r.stdout.contains("UNKNOWN"));
    let garbage = write("garbage.out", "hello\n".into());
    assert_eq!(run(&["decode", cnf_s, &garbage]).code, Some(65));
}

#[test]
fn a_solver_stopping_at_its_own_limit_is_unknown() {
    // 14 pigeons in 13 holes: far beyond one second for any solver here.
    for (solver, limit) in [("cadical", "-t 1"), ("minisat", "-cpu-lim=1")] {
        if !have(solver) {
            continue;
        }
        let r = run(&[
            "solve",
            "--solver",
            solver,
            &format!("--solver-args={limit}"),
            "benchmarks/pigeonhole_pairwise.lp",
            "-c",
            "n=14",
        ]);
        assert_eq!(r.code, Some(1), "{solver}: {}\n{}", r.stdout, r.stderr);
        assert!(r.stdout.contains("UNKNOWN"), "{solver}: {}", r.stdout);
        assert!(
            r.stderr.contains("answered UNKNOWN"),
            "{solver}: {}",
            r.stderr
        );
    }
}

/// (exit code, Result, optimum, the set of answer sets with that cost) of an optN run.
fn optimum_of(solver: &str, program: &str) -> (Option<i32>, String, Value, Vec<Vec<String>>) {
    let r = run(&[
        "solve",
        "--json",
        "-n",
        "0",
        "--opt-mode=optN",
        "--solver",
        solver,
        program,
    ]);
    let v: Value = serde_json::from_str(&r.stdout)
        .unwrap_or_else(|e| panic!("{solver} {program}: not JSON ({e}): {}", r.stderr));
    let witnesses = v["Call"][0]["Witnesses"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let best = witnesses
        .last()
        .map(|w| w["Costs"].clone())
        .unwrap_or(Value::Null);
    let mut optimal: Vec<Vec<String>> = witnesses
        .iter()
        .filter(|w| w["Costs"] == best)
        .map(|w| {
            let mut syms: Vec<String> = w["Value"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap().to_string())
                .collect();
            syms.sort();
            syms
        })
        .collect();
    optimal.sort();
    optimal.dedup();
    (
        r.code,
        v["Result"].as_str().unwrap_or("").to_string(),
        best,
        optimal,
    )
}

#[test]
fn optimization_through_external_solvers() {
    // optN prints the first optimal model twice, and which one that is depends on the solver:
    // compare the optimum and the set of optimal answer sets.
    let mut solvers = vec!["cadical", "minisat"];
    if cfg!(feature = "cadical-embedded") {
        solvers.push("cadical-embedded");
    }
    for solver in solvers {
        if solver != "cadical-embedded" && !have(solver) {
            continue;
        }
        for program in [
            "tests/programs/opt_knapsack.lp",
            "tests/programs/opt_priorities.lp",
            "tests/programs/opt_ties.lp",
            "tests/programs/opt_tsp.lp",
        ] {
            let expected = optimum_of("varisat", program);
            assert_eq!(expected.1, "OPTIMUM FOUND", "{program}");
            assert_eq!(
                optimum_of(solver, program),
                expected,
                "{solver} on {program}"
            );
        }
    }
}

#[test]
fn nontight_programs_with_the_ranking_translation() {
    for solver in ["cadical", "minisat"] {
        if !have(solver) {
            continue;
        }
        for program in [
            "tests/programs/nontight_hamiltonian.lp",
            "tests/programs/nontight_mutual.lp",
            "tests/programs/nontight_negation_mix.lp",
        ] {
            let json = |solver: &str| {
                outcome(&run(&[
                    "solve",
                    "--json",
                    "--check",
                    "-n",
                    "0",
                    "--translation",
                    "ranking",
                    "--solver",
                    solver,
                    program,
                ]))
            };
            assert_eq!(json(solver), json("varisat"), "{solver} on {program}");
        }
    }
}
