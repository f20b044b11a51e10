//! Hamiltonian cycles on random directed graphs of 8 to 12 nodes (`tests/hamiltonian/`): a
//! non-tight program whose completion has unstable models (covers by several disjoint cycles).
//! The answer sets must be exactly clingo 5.8.3's, recorded in `tests/hamiltonian/NAME.json` by
//! `scripts/hamiltonian_golden.py`:
//!
//! * embedded solving with completion and loop nogoods, and with the level ranking;
//! * `aspsat dimacs` (level ranking), with the CNF's models over the `c atom` variables
//!   enumerated by an external SAT solver (`cadical`, `minisat`; skipped with a note when the
//!   binary is missing), adding a blocking clause over those variables after each model.

use aspsat::CompileOptions;
use aspsat::cnf::dimacs::{self, SolverAnswer, SymbolMap};
use aspsat::cnf::{Cnf, CnfLit};
use aspsat::solve::{SolveOptions, VarisatBackend};
use aspsat::translate::TranslationKind;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/hamiltonian")
}

struct Instance {
    name: String,
    files: Vec<String>,
    answer_sets: Vec<Vec<String>>,
}

fn instances() -> Vec<Instance> {
    let mut names: Vec<String> = std::fs::read_dir(dir())
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("ham") && n.ends_with(".lp"))
        .collect();
    names.sort();
    assert!(names.len() >= 6, "only {} instances", names.len());
    names
        .into_iter()
        .map(|n| {
            let golden = dir().join(n.replace(".lp", ".json"));
            let v: Value = serde_json::from_str(&std::fs::read_to_string(&golden).unwrap())
                .unwrap_or_else(|e| panic!("{}: {e}", golden.display()));
            assert!(v["source"].as_str().unwrap().starts_with("clingo 5.8.3"));
            let answer_sets: Vec<Vec<String>> = v["answer_sets"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| {
                    a.as_array()
                        .unwrap()
                        .iter()
                        .map(|s| s.as_str().unwrap().to_string())
                        .collect()
                })
                .collect();
            assert_eq!(v["result"] == "SAT", !answer_sets.is_empty());
            let path = |f: &str| dir().join(f).to_string_lossy().into_owned();
            Instance {
                files: vec![path("encoding.lp"), path(&n)],
                name: n,
                answer_sets: normalized(answer_sets),
            }
        })
        .collect()
}

fn normalized(mut sets: Vec<Vec<String>>) -> Vec<Vec<String>> {
    for s in &mut sets {
        s.sort();
    }
    sets.sort();
    sets
}

/// Answer sets by embedded solving; also returns the CNF size and loop nogoods added.
fn embedded(inst: &Instance, kind: TranslationKind) -> (Vec<Vec<String>>, u32, usize, usize) {
    let statements = aspsat::load::load(&inst.files).unwrap();
    let options = CompileOptions {
        translation: kind,
        ..CompileOptions::default()
    };
    let compiled = aspsat::compile(&statements, &options).unwrap();
    let tr = &compiled.translation;
    let mut backend = VarisatBackend::new(tr.cnf.num_vars());
    aspsat::solve::load(&mut backend, &tr.cnf);
    let mut sets = Vec::new();
    let symbols = &compiled.program.symbols;
    let (_, stats) = aspsat::solve::enumerate(
        &compiled.program,
        tr,
        &mut backend,
        &SolveOptions {
            max_models: 0,
            project: false,
        },
        &mut |m, cnf_model| {
            let values = aspsat::solve::atom_values(tr, cnf_model);
            aspsat::solve::check::check_model(&compiled.program, &values)
                .expect("every model passes the independent stable-model check");
            sets.push(m.iter().map(|s| symbols.to_string(*s)).collect());
            aspsat::solve::Next::Continue
        },
    )
    .unwrap();
    (
        normalized(sets),
        tr.cnf.num_vars(),
        tr.cnf.num_clauses(),
        stats.loop_nogoods,
    )
}

#[test]
fn embedded_solving_matches_clingo_with_both_translations() {
    let mut failures = Vec::new();
    for inst in instances() {
        let (by_loops, vars_c, clauses_c, nogoods) = embedded(&inst, TranslationKind::Completion);
        let (by_ranking, vars_r, clauses_r, none) = embedded(&inst, TranslationKind::Ranking);
        assert_eq!(none, 0, "the ranking translation needs no loop nogoods");
        println!(
            "{}: {} cycle(s); completion {vars_c} vars {clauses_c} clauses + {nogoods} loop \
             nogoods; ranking {vars_r} vars {clauses_r} clauses",
            inst.name,
            inst.answer_sets.len()
        );
        for (what, got) in [("loop nogoods", by_loops), ("ranking", by_ranking)] {
            if got != inst.answer_sets {
                failures.push(format!(
                    "{} ({what}): {} answer sets, clingo has {}",
                    inst.name,
                    got.len(),
                    inst.answer_sets.len()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn solver_available(solver: &str) -> bool {
    Command::new(solver).arg("--help").output().is_ok()
}

/// One call of an external solver on `cnf`.
fn external_solve(solver: &str, cnf: &Cnf, tmp: &Path) -> SolverAnswer {
    let input = tmp.join("in.cnf");
    let result = tmp.join("out.txt");
    let mut f = std::fs::File::create(&input).unwrap();
    dimacs::write(&mut f, cnf, &SymbolMap::default(), &[], &[]).unwrap();
    drop(f);
    let output = match solver {
        "minisat" => {
            let _ = std::fs::remove_file(&result);
            Command::new(solver)
                .arg("-verb=0")
                .arg(&input)
                .arg(&result)
                .output()
                .unwrap();
            std::fs::read_to_string(&result).unwrap()
        }
        _ => {
            let out = Command::new(solver).arg("-q").arg(&input).output().unwrap();
            String::from_utf8_lossy(&out.stdout).into_owned()
        }
    };
    dimacs::read_answer(&output, cnf.num_vars()).unwrap()
}

/// All projections of the CNF's models onto the `c atom` variables, as shown symbols.
fn enumerate_external(solver: &str, cnf: &Cnf, map: &SymbolMap) -> Vec<Vec<String>> {
    let tmp = tempfile::tempdir().unwrap();
    let mut cnf = cnf.clone();
    let mut sets = Vec::new();
    loop {
        match external_solve(solver, &cnf, tmp.path()) {
            SolverAnswer::Sat(model) => {
                assert!(cnf.satisfied_by(&model), "{solver}'s model is no model");
                let mut shown: Vec<String> = map.facts.clone();
                let mut block: Vec<CnfLit> = Vec::new();
                for (v, sym) in &map.atoms {
                    if model[*v as usize] {
                        shown.push(sym.clone());
                        block.push(-(*v as CnfLit));
                    } else {
                        block.push(*v as CnfLit);
                    }
                }
                sets.push(shown);
                if block.is_empty() {
                    break;
                }
                cnf.add_clause(&block);
            }
            SolverAnswer::Unsat => break,
            SolverAnswer::Unknown => panic!("{solver} answered UNKNOWN"),
        }
        assert!(sets.len() < 10_000, "too many models");
    }
    normalized(sets)
}

fn dimacs_round_trip(solver: &str) {
    if !solver_available(solver) {
        println!("note: {solver} is not installed; skipping the DIMACS enumeration through it");
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    for inst in instances() {
        let out = tmp.path().join(inst.name.replace(".lp", ".cnf"));
        let status = Command::new(env!("CARGO_BIN_EXE_aspsat"))
            .arg("dimacs")
            .args(&inst.files)
            .arg("-o")
            .arg(&out)
            .status()
            .unwrap();
        assert!(status.success(), "aspsat dimacs failed on {}", inst.name);
        let (cnf, map) = dimacs::read(&std::fs::read_to_string(&out).unwrap()).unwrap();
        let got = enumerate_external(solver, &cnf, &map);
        println!(
            "{} via {solver}: {} vars, {} clauses, {} answer set(s)",
            inst.name,
            cnf.num_vars(),
            cnf.num_clauses(),
            got.len()
        );
        if got != inst.answer_sets {
            failures.push(format!(
                "{}: {solver} finds {} projections, clingo {} answer sets",
                inst.name,
                got.len(),
                inst.answer_sets.len()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn dimacs_models_over_atom_variables_are_clingos_answer_sets_cadical() {
    dimacs_round_trip("cadical");
}

#[test]
fn dimacs_models_over_atom_variables_are_clingos_answer_sets_minisat() {
    dimacs_round_trip("minisat");
}
