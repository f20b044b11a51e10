//! clingo's command-line habits (issue 16 item 1): the binary is run with clingo's spellings and
//! must behave as clingo 5.8.3 does on the same command line. The expected exit codes and
//! outputs were taken from clingo 5.8.3's application (`clingo.application.clingo_main`, whose
//! exit code `python3 -m clingo` drops) on the same programs; `scripts/clingo_cli.py` re-runs
//! that comparison on more command lines.

use serde_json::Value;
use std::path::PathBuf;
use std::time::Duration;

mod common;

const TIMEOUT: Duration = Duration::from_secs(60);
/// Six answer sets, all with one or two of `a`, `b`, `c`.
const CHOICE: &str = "tests/programs/choice_bounds_le.lp";
const UNSAT: &str = "tests/programs/constraint_unsat.lp";
/// Optimum 1, reached by `{a}` and `{b}`.
const OPT: &str = "tests/programs/opt_minimize_basic.lp";

fn run(args: &[&str]) -> common::Run {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    common::run_aspsat(args, &root, TIMEOUT).expect("aspsat runs")
}

fn answer_lines(stdout: &str) -> usize {
    stdout.lines().filter(|l| l.starts_with("Answer:")).count()
}

/// The output with each `Answer: K (Time: 0.003s)` line as `Answer: K` (times vary by run).
fn without_answer_times(stdout: &str) -> String {
    let lines = stdout.lines().map(|l| match l.split_once(" (Time: ") {
        Some((answer, time))
            if answer.starts_with("Answer: ") || answer.starts_with("% Answer: ") =>
        {
            let seconds = time.strip_suffix("s)").expect("clingo's (Time: …s)");
            let (whole, millis) = seconds.split_once('.').expect("a decimal point");
            assert!(
                !whole.is_empty() && whole.chars().all(|c| c.is_ascii_digit()),
                "{l}"
            );
            assert!(
                millis.len() == 3 && millis.chars().all(|c| c.is_ascii_digit()),
                "{l}"
            );
            answer
        }
        _ => l,
    });
    lines.map(|l| format!("{l}\n")).collect()
}

#[test]
fn answer_lines_have_clingos_time() {
    let text = run(&[CHOICE, "0"]);
    assert!(text.stdout.contains("Answer: 1 (Time: "), "{}", text.stdout);
    let masked = without_answer_times(&text.stdout);
    assert!(
        masked.contains("Answer: 1\n") && masked.contains("Answer: 6\n"),
        "{masked}"
    );
    let competition = run(&["--outf=1", CHOICE, "0"]);
    assert!(
        competition.stdout.contains("% Answer: 6 (Time: "),
        "{}",
        competition.stdout
    );
    let json = run(&["--outf=2", CHOICE, "0"]);
    let doc: Value = serde_json::from_str(&json.stdout).expect("JSON");
    for w in doc["Call"][0]["Witnesses"].as_array().expect("witnesses") {
        assert!(w["Time"].as_f64().is_some_and(|t| t >= 0.0), "{w}");
    }
}

#[test]
fn files_without_a_subcommand_are_solved() {
    let plain = run(&[CHOICE, "0"]);
    let solve = run(&["solve", CHOICE, "0"]);
    assert_eq!(plain.code, Some(30), "{}", plain.stderr);
    assert_eq!(answer_lines(&plain.stdout), 6);
    assert_eq!(answer_lines(&solve.stdout), 6);
    // options before the file, as `clingo -n 0 prog.lp`
    let flags_first = run(&["-n", "0", UNSAT]);
    assert_eq!(flags_first.code, Some(20), "{}", flags_first.stderr);
    assert!(flags_first.stdout.contains("UNSATISFIABLE"));
}

#[test]
fn outf_2_is_json_3_is_silent_and_0_is_text() {
    let json = run(&["--outf=2", CHOICE, "0"]);
    assert_eq!(json.code, Some(30));
    let doc: Value = serde_json::from_str(&json.stdout).expect("--outf=2 prints JSON");
    assert_eq!(doc["Result"], "SATISFIABLE");
    assert_eq!(
        doc["Call"][0]["Witnesses"].as_array().map(Vec::len),
        Some(6)
    );
    // --outf=3: no output, the exit code says it
    let silent = run(&["--outf=3", UNSAT]);
    assert_eq!((silent.code, silent.stdout.as_str()), (Some(20), ""));
    let text = run(&["--outf=0", CHOICE, "0"]);
    assert_eq!(answer_lines(&text.stdout), 6);
    assert!(text.stdout.starts_with("aspsat version"));
}

#[test]
fn outf_1_is_the_competition_output() {
    // clingo --outf=1 prints the last model only, as facts, with COST and OPTIMUM
    let opt = run(&["--outf=1", OPT, "0"]);
    assert_eq!(opt.code, Some(30), "{}", opt.stderr);
    let answer: Vec<&str> = opt.stdout.lines().filter(|l| !l.starts_with('%')).collect();
    assert_eq!(answer.len(), 4, "{}", opt.stdout);
    assert_eq!(answer[0], "ANSWER");
    assert!(answer[1] == "a." || answer[1] == "b.", "{}", answer[1]);
    assert_eq!(answer[2..], ["COST 1", "OPTIMUM"]);
    let unsat = run(&["--outf=1", UNSAT]);
    assert_eq!(unsat.code, Some(20));
    let answer: Vec<&str> = unsat
        .stdout
        .lines()
        .filter(|l| !l.starts_with('%'))
        .collect();
    assert_eq!(answer, ["INCONSISTENT"]);
    // --quiet=0 prints every model
    let all = run(&["--outf=1", "--quiet=0", CHOICE, "0"]);
    assert_eq!(all.stdout.lines().filter(|l| *l == "ANSWER").count(), 6);
}

#[test]
fn quiet_levels_choose_the_models_printed() {
    for quiet in ["-q", "--quiet", "--quiet=2", "-q2", "--quiet=2,2,2"] {
        let r = run(&[quiet, CHOICE, "0"]);
        assert_eq!(r.code, Some(30), "{quiet}: {}", r.stderr);
        assert_eq!(answer_lines(&r.stdout), 0, "{quiet}: {}", r.stdout);
        assert!(
            r.stdout.contains("SATISFIABLE\n\nModels       : 6\n"),
            "{quiet}"
        );
    }
    let last = run(&["--quiet=1", CHOICE, "0"]);
    assert_eq!(answer_lines(&last.stdout), 1, "{}", last.stdout);
    assert!(
        without_answer_times(&last.stdout).contains("Answer: 6\n"),
        "{}",
        last.stdout
    );
    let json = run(&["--outf=2", "-q", CHOICE, "0"]);
    let doc: Value = serde_json::from_str(&json.stdout).expect("JSON");
    assert!(doc["Call"][0].get("Witnesses").is_none());
    assert_eq!(doc["Models"]["Number"], 6);
    // costs are printed with their models: a different level is refused, not ignored
    let mixed = run(&["--quiet=0,2", CHOICE]);
    assert_eq!(mixed.code, Some(2));
    assert!(mixed.stderr.contains("--quiet=0,2"), "{}", mixed.stderr);
}

#[test]
fn verbosity_0_prints_models_and_the_verdict() {
    for verbose in ["-V0", "--verbose=0"] {
        let r = run(&[verbose, UNSAT]);
        assert_eq!(r.stdout, "UNSATISFIABLE\n", "{verbose}");
        assert_eq!(r.code, Some(20));
        let r = run(&[verbose, CHOICE, "0"]);
        let lines: Vec<&str> = r.stdout.lines().collect();
        assert_eq!(lines.len(), 7, "{}", r.stdout);
        assert_eq!(lines[6], "SATISFIABLE");
        assert!(lines[..6].iter().all(|l| !l.is_empty() && !l.contains(':')));
    }
    let optimizing = run(&["-V0", OPT]);
    let lines: Vec<&str> = optimizing.stdout.lines().collect();
    assert_eq!(
        lines[lines.len() - 2..],
        ["Optimization: 1", "OPTIMUM FOUND"]
    );
}

#[test]
fn time_limit_0_is_no_limit_and_threads_are_accepted() {
    let r = run(&["--time-limit=0", CHOICE, "0"]);
    assert_eq!(r.code, Some(30), "{}", r.stdout);
    assert_eq!(answer_lines(&r.stdout), 6);
    for threads in [&["-t", "2"][..], &["-t2"], &["--parallel-mode=2,split"]] {
        let mut args = threads.to_vec();
        args.extend([CHOICE, "0"]);
        let r = run(&args);
        assert_eq!(r.code, Some(30), "{threads:?}: {}", r.stderr);
        assert_eq!(answer_lines(&r.stdout), 6);
        assert!(r.stderr.contains("ignored"), "{threads:?}: {}", r.stderr);
    }
}

#[test]
fn unknown_options_name_the_aspsat_equivalent() {
    let r = run(&[CHOICE, "--text"]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("'--text'"), "{}", r.stderr);
    assert!(r.stderr.contains("aspsat ground"), "{}", r.stderr);
    assert!(!r.stderr.contains("-- --text"), "clap's tip: {}", r.stderr);
    let r = run(&["--rand-freq=0.1", CHOICE]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("--solver"), "{}", r.stderr);
    let r = run(&["--frobnicate", CHOICE]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("aspsat solve --help"), "{}", r.stderr);
    assert!(r.stdout.is_empty());
}

/// Two answer sets, {a,c,d} and {b,c,d}.
const CONSEQUENCES: &str = "tests/cli/consequences.lp";

#[test]
fn brave_and_cautious_consequences_as_clingo() {
    // clingo 5.8.3 prints `Consequences: [3;4]` then `[4;4]` (brave), `[1;3]` then `[1;2]`
    // (cautious); which atoms come first depends on the search, the bounds and the end do not
    let brave = run(&["--enum-mode=brave", CONSEQUENCES]);
    assert_eq!(brave.code, Some(30), "{}", brave.stderr);
    let bounds: Vec<&str> = brave
        .stdout
        .lines()
        .filter(|l| l.starts_with("Consequences:"))
        .collect();
    assert_eq!(
        bounds,
        ["Consequences: [3;4]", "Consequences: [4;4]"],
        "{}",
        brave.stdout
    );
    assert!(
        without_answer_times(&brave.stdout).contains("Answer: 2\na b c d\n"),
        "{}",
        brave.stdout
    );
    assert!(
        brave
            .stdout
            .contains("Models       : 2\n  Brave      : yes\nConsequences : 4\n"),
        "{}",
        brave.stdout
    );
    let cautious = run(&["-e", "cautious", CONSEQUENCES]);
    assert_eq!(cautious.code, Some(30), "{}", cautious.stderr);
    // the lower bound counts the atoms the translation fixes (clingo: its solver's), so only
    // the estimate and the upper bound are compared
    assert!(
        cautious.stdout.contains("c d\nConsequences: ["),
        "{}",
        cautious.stdout
    );
    assert!(
        cautious.stdout.contains(";2]\nSATISFIABLE"),
        "{}",
        cautious.stdout
    );
    assert!(
        cautious
            .stdout
            .contains("  Cautious   : yes\nConsequences : 2\n"),
        "{}",
        cautious.stdout
    );
    // -n 1: the first estimate only, as clingo (exit 10)
    let first = run(&["--enum-mode=brave", "-n", "1", CONSEQUENCES]);
    assert_eq!(first.code, Some(10), "{}", first.stderr);
    assert!(
        first
            .stdout
            .contains("  Brave      : unknown\nConsequences : 3+\n"),
        "{}",
        first.stdout
    );
    // JSON: per witness and in Models, as clingo's --outf=2
    let json = run(&["--outf=2", "--enum-mode=cautious", CONSEQUENCES]);
    let doc: Value = serde_json::from_str(&json.stdout).expect("JSON");
    assert_eq!(
        doc["Call"][0]["Witnesses"][1]["Value"],
        serde_json::json!(["c", "d"])
    );
    let bounds = &doc["Call"][0]["Witnesses"][1]["Consequences"];
    assert_eq!(
        bounds["True"].as_u64().unwrap() + bounds["Open"].as_u64().unwrap(),
        2
    );
    assert_eq!(doc["Models"]["Cautious"], "yes");
    assert_eq!(
        doc["Models"]["Consequences"],
        serde_json::json!({"True": 2, "Open": 0})
    );
    // no model: no consequences, UNSATISFIABLE
    let unsat = run(&["--enum-mode=brave", UNSAT]);
    assert_eq!(unsat.code, Some(20));
    assert!(!unsat.stdout.contains("Brave"), "{}", unsat.stdout);
    // the same answer sets whatever the enumeration mode name
    for mode in ["auto", "bt", "record"] {
        let r = run(&["--enum-mode", mode, CHOICE, "0"]);
        assert_eq!((r.code, answer_lines(&r.stdout)), (Some(30), 6), "{mode}");
    }
}

/// The `Consequences: [L;U]` bounds and `Optimization:` costs after each `Answer:` line.
fn estimates(stdout: &str) -> Vec<((usize, usize), i64)> {
    let lines: Vec<&str> = stdout.lines().collect();
    lines
        .windows(2)
        .filter_map(|w| {
            let bounds = w[0].strip_prefix("Consequences: [")?.strip_suffix(']')?;
            let (lower, upper) = bounds.split_once(';')?;
            let cost = w[1].strip_prefix("Optimization: ")?;
            Some((
                (lower.parse().ok()?, upper.parse().ok()?),
                cost.parse().ok()?,
            ))
        })
        .collect()
}

#[test]
fn consequences_of_optimal_models_as_clingo() {
    // clingo 5.8.3, --opt-mode=optN: the improving models without bounds, then numbering
    // restarts and the estimates run over the optimal models ({a} and {b}, cost 1)
    let brave = run(&["--opt-mode=optN", "--enum-mode=brave", OPT]);
    assert_eq!(brave.code, Some(30), "{}", brave.stderr);
    let text = without_answer_times(&brave.stdout);
    assert!(
        text.contains("\nAnswer: 2\na b\nConsequences: [2;3]\nOptimization: 1\nOPTIMUM FOUND\n\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "  Brave      : yes\n  Optimum    : yes\n  Optimal    : 2\nOptimization : 1\n\
             Consequences : 2\nCalls        : 1\n"
        ),
        "{text}"
    );
    assert_eq!(estimates(&text), [((1, 3), 1), ((2, 3), 1)], "{text}");
    let cautious = run(&["--opt-mode=optN", "-e", "cautious", OPT]);
    let text = without_answer_times(&cautious.stdout);
    assert_eq!(estimates(&text), [((0, 1), 1), ((0, 0), 1)], "{text}");
    assert!(
        text.contains("\nAnswer: 2\n\nConsequences: [0;0]\n"),
        "{text}"
    );
    assert!(text.contains("  Cautious   : yes\n"), "{text}");
    assert!(text.contains("\nConsequences : 0\n"), "{text}");
    // -n 1 bounds the optimal phase: the optimum is proven, the consequences are not (exit 10)
    let first = run(&["--opt-mode=optN", "--enum-mode=brave", "-n", "1", OPT]);
    assert_eq!(first.code, Some(10), "{}", first.stderr);
    assert!(
        first.stdout.contains(
            "  Brave      : unknown\n  Optimum    : yes\nOptimization : 1\nConsequences : 1+\n"
        ),
        "{}",
        first.stdout
    );
    // JSON, as clingo's --outf=2
    let json = run(&["--outf=2", "--opt-mode=optN", "--enum-mode=brave", OPT]);
    let doc: Value = serde_json::from_str(&json.stdout).expect("JSON");
    let witnesses = doc["Call"][0]["Witnesses"].as_array().expect("witnesses");
    let last = witnesses.last().expect("a witness");
    assert_eq!(last["Value"], serde_json::json!(["a", "b"]));
    assert_eq!(
        last["Consequences"],
        serde_json::json!({"True": 2, "Open": 1})
    );
    assert_eq!(last["Costs"], serde_json::json!([1]));
    assert_eq!(doc["Result"], "OPTIMUM FOUND");
    assert_eq!(doc["Models"]["Optimal"], 2);
    assert_eq!(doc["Models"]["Brave"], "yes");
    assert_eq!(
        doc["Models"]["Consequences"],
        serde_json::json!({"True": 2, "Open": 0})
    );
}

#[test]
fn consequences_while_optimizing_as_clingo() {
    // --opt-mode=opt: each model is better than the last and improves the estimate; clingo
    // warns and says OPTIMUM FOUND when no model does both (which models come depends on
    // the search; clingo's first model is {} and its cautious run stops there, cost 0)
    for mode in ["brave", "cautious"] {
        let r = run(&["--enum-mode", mode, "tests/cli/maximize.lp"]);
        assert_eq!(r.code, Some(30), "{mode}: {}", r.stderr);
        assert!(
            r.stderr
                .contains("Optimization: Consequences may depend on enumeration order."),
            "{}",
            r.stderr
        );
        let steps = estimates(&r.stdout);
        assert!(!steps.is_empty(), "{}", r.stdout);
        for pair in steps.windows(2) {
            let (((l0, u0), c0), ((l1, u1), c1)) = (pair[0], pair[1]);
            assert!(c1 < c0, "costs improve: {}", r.stdout);
            match mode {
                "brave" => assert!(l1 > l0 && u1 == u0, "{}", r.stdout),
                _ => assert!(u1 < u0 && l1 == l0, "{}", r.stdout),
            }
        }
        let ((lower, upper), cost) = *steps.last().unwrap();
        // the search ends when the estimate cannot improve, or when no better model exists
        // that improves it: brave's estimate then holds every atom of a cost-(-3) model
        let known = if mode == "brave" { lower } else { upper };
        assert!(
            r.stdout
                .contains(&format!("Optimization : {cost}\nConsequences : {known}\n")),
            "{}",
            r.stdout
        );
        if mode == "brave" {
            assert_eq!((lower, upper, cost), (3, 3, -3), "{}", r.stdout);
        }
    }
    // --opt-mode=enum: every model with its costs, clingo's warning, no optimum to report
    let r = run(&["--opt-mode=enum", "--enum-mode=brave", OPT]);
    assert_eq!(r.code, Some(30), "{}", r.stderr);
    assert!(
        r.stderr
            .contains("opt-mode=enum: No bound given, optimize statement ignored."),
        "{}",
        r.stderr
    );
    assert!(
        r.stdout
            .contains("  Brave      : yes\n  Optimum    : yes\nConsequences : 3\nCalls"),
        "{}",
        r.stdout
    );
    let json = run(&["--outf=2", "--opt-mode=enum", OPT, "0"]);
    let doc: Value = serde_json::from_str(&json.stdout).expect("JSON");
    assert_eq!(doc["Result"], "OPTIMUM FOUND");
    assert_eq!(
        doc["Models"],
        serde_json::json!({"Number": 6, "More": "no"})
    );
}

#[test]
fn consequences_in_incremental_mode_as_clingo() {
    // clingo 5.8.3 (its application's incmode): four calls, the estimate of the last as
    // here, `Consequences: [5;6]`, exit 30
    let basic = run(&["--enum-mode=cautious", "tests/incremental/inc_basic.lp"]);
    assert_eq!(basic.code, Some(30), "{}", basic.stderr);
    assert_eq!(
        basic.stdout.matches("Solving...").count(),
        4,
        "{}",
        basic.stdout
    );
    assert!(
        basic
            .stdout
            .contains("\nConsequences: [5;6]\nSATISFIABLE\n"),
        "{}",
        basic.stdout
    );
    assert!(
        basic
            .stdout
            .contains("  Cautious   : yes\nConsequences : 6\nCalls        : 4\n"),
        "{}",
        basic.stdout
    );
    // optN at each step: the consequences of that step's optimal models (one per step);
    // clingo's last estimates of the calls hold these atoms (its upper bounds count fewer
    // open atoms: its solver fixes the other steps' externals)
    let steps = run(&[
        "--opt-mode=optN",
        "--enum-mode=brave",
        "tests/incremental/inc_opt_steps.lp",
    ]);
    assert_eq!(steps.code, Some(30), "{}", steps.stderr);
    let text = without_answer_times(&steps.stdout);
    let calls: Vec<&str> = text.split("Solving...\n").skip(2).collect();
    assert_eq!(calls.len(), 3, "{text}");
    for (call, atoms) in calls
        .iter()
        .zip(["p(1,1) query(1)", "p(1,2) query(2)", "p(2,3) query(3)"])
    {
        let lines: Vec<&str> = call.lines().collect();
        let last = lines
            .iter()
            .rposition(|l| l.starts_with("Consequences: [5;"))
            .expect("an estimate");
        let mut shown: Vec<&str> = lines[last - 1].split(' ').collect();
        shown.sort_unstable();
        let expected_line = format!("c(1) c(2) c(3) {atoms}");
        let mut expected: Vec<&str> = expected_line.split(' ').collect();
        expected.sort_unstable();
        assert_eq!(shown, expected, "{text}");
    }
    assert!(
        text.contains(
            "  Brave      : yes\n  Optimum    : yes\nOptimization : 1 2\nConsequences : 5\n"
        ),
        "{text}"
    );
}

/// The number after `label` on its line (`Label : N …`).
fn stat(stdout: &str, label: &str) -> usize {
    let line = stdout
        .lines()
        .find(|l| l.starts_with(label))
        .unwrap_or_else(|| panic!("no {label} line in {stdout}"));
    let value = line.split_once(':').expect("a colon").1.trim();
    let number: String = value.chars().take_while(char::is_ascii_digit).collect();
    number.parse().expect("a count")
}

#[test]
fn stats_level_2_adds_the_detail() {
    // level 1 (clingo's --stats, also --stats=1) has the sizes and counts only
    let one = run(&["--stats", OPT, "0"]);
    assert!(one.stdout.contains("CNF clauses  : "), "{}", one.stdout);
    assert!(!one.stdout.contains("CNF origins"), "{}", one.stdout);
    // clingo's --stats=2 (and --stats=3, --stats=2,1): the rules by kind, the CNF by origin
    // (adding up to the CNF), the SAT calls with and without a model
    for flag in ["--stats=2", "--stats=3", "--stats=2,1"] {
        let two = run(&[flag, OPT, "0"]);
        assert_eq!(two.code, Some(30), "{}", two.stderr);
        let text = &two.stdout;
        assert_eq!(stat(text, "  Choice"), 1, "{text}");
        assert_eq!(stat(text, "  Integrity"), 1, "{text}");
        assert_eq!(stat(text, "  Normal"), 0, "{text}");
        assert_eq!(stat(text, "Minimize"), 3, "{text}");
        let clauses = stat(text, "CNF clauses  :");
        assert_eq!(stat(text, "CNF origins  :"), clauses, "{text}");
        let origins: usize = text
            .lines()
            .skip_while(|l| !l.starts_with("CNF origins"))
            .skip(1)
            .take_while(|l| l.starts_with("  "))
            .map(|l| stat(l, "  "))
            .sum();
        assert_eq!(origins, clauses, "{text}");
        assert_eq!(
            stat(text, "SAT calls") + stat(text, "UNSAT calls"),
            stat(text, "Solver calls"),
            "{text}"
        );
    }
    let json = run(&["--outf=2", "--stats=2", OPT, "0"]);
    let doc: Value = serde_json::from_str(&json.stdout).expect("JSON");
    let stats = &doc["Stats"];
    assert_eq!(stats["Rules"]["Choice"], 1);
    let origins = stats["CnfOrigins"].as_object().expect("origins");
    assert!(origins.contains_key("completion") && origins.contains_key("objective"));
    let sum: u64 = origins
        .values()
        .map(|o| o["Clauses"].as_u64().unwrap())
        .sum();
    assert_eq!(Some(sum), stats["CnfClauses"].as_u64());
    let calls = stats["SatCalls"]["Count"].as_u64().unwrap()
        + stats["UnsatCalls"]["Count"].as_u64().unwrap();
    assert_eq!(Some(calls), stats["SolverCalls"].as_u64());
    let plain = run(&["--outf=2", "--stats", OPT, "0"]);
    let doc: Value = serde_json::from_str(&plain.stdout).expect("JSON");
    assert!(doc["Stats"]["CnfOrigins"].is_null(), "{}", plain.stdout);
}

#[test]
fn json_calls_have_start_and_stop() {
    // clingo 5.8.3's --outf=2: every call has `Start` and `Stop` (seconds since the run began),
    // the first starting at 0, each after the last; also the one call of a rejected input
    let check = |args: &[&str], calls: usize| {
        let r = run(args);
        let doc: Value = serde_json::from_str(&r.stdout).expect("JSON");
        let list = doc["Call"].as_array().expect("calls");
        assert_eq!(list.len(), calls, "{}", r.stdout);
        let mut last = 0.0;
        for (i, call) in list.iter().enumerate() {
            let (start, stop) = (call["Start"].as_f64(), call["Stop"].as_f64());
            let (start, stop) = (start.expect("Start"), stop.expect("Stop"));
            assert!(i > 0 || start == 0.0, "{}", r.stdout);
            assert!(last <= start && start <= stop, "{}", r.stdout);
            last = stop;
        }
    };
    check(&["--outf=2", CHOICE, "0"], 1);
    check(&["--outf=2", UNSAT], 1);
    check(&["--outf=2", "tests/incremental/inc_basic.lp"], 4);
    check(&["--outf=2", "tests/cli/syntax_error.lp"], 1);
}

#[test]
fn warnings_are_clingos_infos() {
    // clingo 5.8.3 on tests/cli/infos.lp prints exactly these infos (and -Wnone none); the
    // order of the grounder's infos differs (clingo prints the interval's last)
    let r = run(&["tests/cli/infos.lp"]);
    assert_eq!(r.code, Some(10), "{}", r.stderr);
    let mut infos: Vec<&str> = r.stderr.split_inclusive("\n\n").collect();
    infos.sort_unstable();
    assert_eq!(
        infos,
        [
            "tests/cli/infos.lp:3:6-7: info: atom does not occur in any rule head:\n  b\n\n",
            "tests/cli/infos.lp:4:19-25: info: atom does not occur in any rule head:\n  r((X+1))\n\n",
            "tests/cli/infos.lp:5:19-22: info: operation undefined:\n  (X/0)\n\n",
            "tests/cli/infos.lp:6:3-7: info: interval undefined:\n  1..a\n\n",
        ]
    );
    let none = run(&["-Wnone", "tests/cli/infos.lp"]);
    assert_eq!(none.stderr, "");
    let ops = run(&["-W", "no-atom-undefined", "tests/cli/infos.lp"]);
    assert!(
        !ops.stderr.contains("rule head") && ops.stderr.contains("(X/0)"),
        "{}",
        ops.stderr
    );
    let atoms = run(&["--warn=none,atom-undefined", "tests/cli/infos.lp"]);
    assert!(
        atoms.stderr.contains("rule head") && !atoms.stderr.contains("(X/0)"),
        "{}",
        atoms.stderr
    );
    // ground and dimacs take -W too
    let ground = run(&["ground", "-Wnone", "tests/cli/infos.lp"]);
    assert_eq!((ground.code, ground.stderr.as_str()), (Some(0), ""));
    let bad = run(&["-Wfrobnicate", "tests/cli/infos.lp"]);
    assert_eq!(bad.code, Some(2));
    assert!(bad.stderr.contains("atom-undefined"), "{}", bad.stderr);
}

#[test]
fn seed_is_accepted_with_a_note() {
    let r = run(&["--seed=42", CHOICE, "0"]);
    assert_eq!(
        (r.code, answer_lines(&r.stdout)),
        (Some(30), 6),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("--seed=42 ignored"), "{}", r.stderr);
}

#[test]
fn input_errors_still_print_the_summary() {
    // clingo 5.8.3 --outf=2 on a syntax error: the document with Result UNKNOWN, exit 65
    let json = run(&["--outf=2", "tests/cli/syntax_error.lp"]);
    assert_eq!(json.code, Some(65));
    let doc: Value = serde_json::from_str(&json.stdout).expect("a JSON document");
    assert_eq!(doc["Result"], "UNKNOWN");
    assert_eq!(doc["Models"]["Number"], 0);
    assert!(
        json.stderr.contains("tests/cli/syntax_error.lp:2:"),
        "{}",
        json.stderr
    );
    let text = run(&["tests/cli/syntax_error.lp"]);
    assert_eq!(text.code, Some(65));
    assert!(
        text.stdout.contains("UNKNOWN\n\nModels       : 0+\n"),
        "{}",
        text.stdout
    );
}

#[test]
fn models_bound_stops_optimization_as_clingo() {
    // clingo 5.8.3 -n 1 on an optimization program: the first model, SATISFIABLE, exit 10
    let first = run(&["-n", "1", OPT]);
    assert_eq!(first.code, Some(10), "{}", first.stderr);
    assert_eq!(answer_lines(&first.stdout), 1);
    assert!(
        first
            .stdout
            .contains("SATISFIABLE\n\nModels       : 1+\n  Optimum    : unknown\n"),
        "{}",
        first.stdout
    );
    // without -n, and with -n 0, it optimizes to the end
    for args in [&[OPT][..], &["-n", "0", OPT], &[OPT, "0"]] {
        let r = run(args);
        assert_eq!(r.code, Some(30), "{args:?}");
        assert!(r.stdout.contains("OPTIMUM FOUND"), "{args:?}");
    }
    // optN with -n 1: the optimum is proven, one optimal model shown, more exist (exit 10)
    let opt_n = run(&["--opt-mode=optN", "-n", "1", OPT]);
    assert_eq!(opt_n.code, Some(10), "{}", opt_n.stderr);
    assert!(opt_n.stdout.contains("OPTIMUM FOUND"), "{}", opt_n.stdout);
}

/// A program read from a pipe (`aspsat solve <(cat p.lp)`, a FIFO): the look at its first
/// bytes (is it aspif?) must not take them from the program. The first 16 bytes here are a
/// `#const` whose value is undefined, so a program read without them would show `p(m)`.
#[test]
fn programs_from_pipes_are_read_whole() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("program.lp");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo works here");
    let writer_path = fifo.clone();
    let writer = std::thread::spawn(move || {
        std::fs::write(writer_path, "#const m = a+1. p(m). q.\n").unwrap();
    });
    let r = run(&["solve", fifo.to_str().unwrap(), "0"]);
    writer.join().unwrap();
    let stdout = without_answer_times(&r.stdout);
    assert!(stdout.contains("Answer: 1\nq\nSATISFIABLE"), "{stdout}");
}
