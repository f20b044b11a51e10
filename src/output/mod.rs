//! Answer sets for people and scripts: clingo's text shape and its `--outf=2` JSON shape.

use crate::solve::SolveStats;
use serde_json::{Value as Json, json};
use std::io::Write;
use std::time::{Duration, Instant};

pub const VERSION_LINE: &str = concat!("aspsat version ", env!("CARGO_PKG_VERSION"));

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

/// The final verdict of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Satisfiable,
    Unsatisfiable,
    /// Stopped (time limit, interrupt) before a verdict.
    Unknown,
    /// An optimal model was found and proven optimal.
    OptimumFound,
}

impl Verdict {
    /// clingo's name of the verdict.
    pub fn text(self) -> &'static str {
        match self {
            Verdict::Satisfiable => "SATISFIABLE",
            Verdict::Unsatisfiable => "UNSATISFIABLE",
            Verdict::Unknown => "UNKNOWN",
            Verdict::OptimumFound => "OPTIMUM FOUND",
        }
    }
}

/// Sizes and times of the pipeline's stages, for `--stats`.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub ground_atoms: usize,
    pub ground_rules: usize,
    pub cnf_vars: u32,
    pub cnf_clauses: usize,
    pub ground_time: Duration,
    pub translate_time: Duration,
    /// What the cardinality and pseudo-Boolean encodings added to the CNF.
    pub encoding: crate::translate::EncodingStats,
    /// What the optimizer's bounds added (pseudo-Boolean encodings, not in the CNF's counts).
    pub bound_encoding: crate::translate::EncodingStats,
    /// What the search measured.
    pub search: SolveStats,
}

impl Stats {
    /// The sizes and stage times of a compiled program.
    pub fn of(compiled: &crate::Compiled) -> Stats {
        let tr = &compiled.translation;
        Stats {
            ground_atoms: compiled.program.num_atoms(),
            ground_rules: compiled.ground_rules,
            cnf_vars: tr.cnf.num_vars(),
            cnf_clauses: tr.cnf.num_clauses(),
            ground_time: compiled.ground_time,
            translate_time: compiled.translate_time,
            encoding: tr.encoding_stats,
            ..Stats::default()
        }
    }
}

/// Prints models as they come (text) or collects them (JSON), then the summary.
pub struct Printer {
    format: Format,
    show_stats: bool,
    inputs: Vec<String>,
    /// What `Reading from` names (text).
    reading: String,
    /// Whether the summary has clingo's `Calls`/`Time` lines (not for `aspsat decode`, which
    /// times nothing).
    times: bool,
    witnesses: Vec<(Vec<String>, Option<Vec<i64>>)>,
    /// Answer numbers restart at the optimal phase of `--opt-mode=optN`, as in clingo.
    numbering_offset: usize,
    optimal_models: usize,
    /// The best cost vector so far (optimization only).
    best_costs: Option<Vec<i64>>,
    start: Instant,
    pub stats: Stats,
    finished: bool,
    /// Solve calls so far (more than one in incremental mode).
    calls: usize,
    /// Where each solve call's witnesses start in `witnesses` after the first call's.
    call_starts: Vec<usize>,
}

impl Printer {
    pub fn new(format: Format, show_stats: bool, inputs: Vec<String>) -> Self {
        // Standard input (no file, or `-`) is named as in diagnostics.
        let inputs = if inputs.is_empty() {
            vec![crate::load::STDIN.to_string()]
        } else {
            inputs
                .into_iter()
                .map(|f| {
                    if f == "-" {
                        crate::load::STDIN.to_string()
                    } else {
                        f
                    }
                })
                .collect()
        };
        let reading = if inputs.len() == 1 {
            inputs[0].clone()
        } else {
            format!("{} ...", inputs[0])
        };
        Printer {
            format,
            show_stats,
            inputs,
            reading,
            times: true,
            witnesses: Vec::new(),
            numbering_offset: 0,
            optimal_models: 0,
            best_costs: None,
            start: Instant::now(),
            stats: Stats::default(),
            finished: false,
            calls: 1,
            call_starts: Vec::new(),
        }
    }

    /// The printer of `aspsat decode`: text reading from the CNF and the solver's answer, no
    /// times.
    pub fn decoding(cnf: &str, answer: &str) -> Self {
        let mut p = Printer::new(Format::Text, false, vec![cnf.into(), answer.into()]);
        p.reading = format!("{cnf} and {answer}");
        p.times = false;
        p
    }

    /// Takes over what the search measured.
    pub fn record(&mut self, search: SolveStats) {
        self.stats.search = search;
    }

    /// Whether the summary was printed (the run has its verdict).
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Another solve call of the same run (incremental mode): clingo prints `Solving...`
    /// again and counts the call.
    pub fn solving(&mut self) {
        self.calls += 1;
        self.call_starts.push(self.witnesses.len());
        if self.format == Format::Text {
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "Solving...");
            let _ = out.flush();
        }
    }

    pub fn models(&self) -> usize {
        self.witnesses.len()
    }

    pub fn begin(&mut self) {
        if self.format == Format::Text {
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{VERSION_LINE}");
            let _ = writeln!(out, "Reading from {}", self.reading);
            if self.times {
                let _ = writeln!(out, "Solving...");
            }
            let _ = out.flush();
        }
    }

    pub fn model(&mut self, symbols: Vec<String>, costs: Option<Vec<i64>>) {
        if self.format == Format::Text {
            let mut out = std::io::stdout().lock();
            let _ = writeln!(
                out,
                "Answer: {}",
                self.witnesses.len() + 1 - self.numbering_offset
            );
            let _ = writeln!(out, "{}", symbols.join(" "));
            if let Some(c) = &costs {
                let _ = writeln!(out, "Optimization: {}", join_costs(c));
            }
            let _ = out.flush();
        }
        if costs.is_some() {
            self.best_costs = costs.clone();
        }
        self.witnesses.push((symbols, costs));
    }

    pub fn in_optimal_phase(&self) -> bool {
        self.numbering_offset > 0
    }

    /// Starts the enumeration of optimal models (`--opt-mode=optN`): numbering restarts.
    pub fn begin_optimal_models(&mut self) {
        self.numbering_offset = self.witnesses.len();
    }

    pub fn set_optimal_models(&mut self, n: usize) {
        self.optimal_models = n;
    }

    /// Prints the summary; `more` is whether further models may exist. Only the first call
    /// prints (a time-limit watchdog and the main thread may both try).
    pub fn finish(&mut self, verdict: Verdict, more: bool) {
        if self.finished {
            return;
        }
        self.finished = true;
        let total = self.start.elapsed();
        let s = &self.stats;
        let search = &s.search;
        let mut out = std::io::stdout().lock();
        let models = format!("{}{}", self.witnesses.len(), if more { "+" } else { "" });
        match self.format {
            Format::Text => {
                let _ = writeln!(out, "{}", verdict.text());
                let _ = writeln!(out);
                let _ = writeln!(out, "Models       : {models}");
                if !self.times {
                    let _ = out.flush();
                    return;
                }
                if let Some(c) = &self.best_costs {
                    let proven = if verdict == Verdict::OptimumFound {
                        "yes"
                    } else {
                        "no"
                    };
                    let _ = writeln!(out, "  Optimum    : {proven}");
                    let _ = writeln!(out, "Optimization : {}", join_costs(c));
                }
                let _ = writeln!(out, "Calls        : {}", self.calls);
                let _ = writeln!(
                    out,
                    "Time         : {:.3}s (Solving: {:.2}s 1st Model: {:.2}s Unsat: {:.2}s)",
                    total.as_secs_f64(),
                    search.solve_time.as_secs_f64(),
                    search.first_model.unwrap_or_default().as_secs_f64(),
                    search.unsat_time.as_secs_f64()
                );
                let _ = writeln!(out, "CPU Time     : {:.3}s", total.as_secs_f64());
                if self.show_stats {
                    let _ = writeln!(out);
                    let _ = writeln!(out, "Ground atoms : {}", s.ground_atoms);
                    let _ = writeln!(out, "Ground rules : {}", s.ground_rules);
                    let _ = writeln!(out, "CNF vars     : {}", s.cnf_vars);
                    let _ = writeln!(out, "CNF clauses  : {}", s.cnf_clauses);
                    let e = &s.encoding;
                    let _ = writeln!(
                        out,
                        "Card encoding: {} clauses, {} vars",
                        e.card_clauses, e.card_vars
                    );
                    let _ = writeln!(
                        out,
                        "PB encoding  : {} clauses, {} vars",
                        e.pb_clauses, e.pb_vars
                    );
                    let b = &s.bound_encoding;
                    let _ = writeln!(
                        out,
                        "Opt bounds   : {} clauses, {} vars",
                        b.pb_clauses, b.pb_vars
                    );
                    let _ = writeln!(out, "Solver calls : {}", search.solver_calls);
                    let _ = writeln!(out, "Loop nogoods : {}", search.loop_nogoods);
                    let _ = writeln!(
                        out,
                        "Minimality   : {} candidates rejected",
                        search.minimality_checks
                    );
                    let _ = writeln!(
                        out,
                        "Stage times  : ground {:.3}s, translate {:.3}s, solve {:.3}s",
                        s.ground_time.as_secs_f64(),
                        s.translate_time.as_secs_f64(),
                        search.solve_time.as_secs_f64()
                    );
                }
            }
            Format::Json => {
                let witnesses: Vec<Json> = self
                    .witnesses
                    .iter()
                    .map(|(w, c)| match c {
                        Some(c) => json!({ "Value": w, "Costs": c }),
                        None => json!({ "Value": w }),
                    })
                    .collect();
                // One entry per solve call, each with its witnesses (as clingo).
                let mut bounds = vec![0];
                bounds.extend(&self.call_starts);
                bounds.push(witnesses.len());
                let calls: Vec<Json> = bounds
                    .windows(2)
                    .map(|w| {
                        let mut call = serde_json::Map::new();
                        if w[1] > w[0] {
                            call.insert(
                                "Witnesses".into(),
                                Json::Array(witnesses[w[0]..w[1]].to_vec()),
                            );
                        }
                        Json::Object(call)
                    })
                    .collect();
                let mut doc = json!({
                    "Solver": VERSION_LINE,
                    "Input": self.inputs,
                    "Call": calls,
                    "Result": verdict.text(),
                    "Models": { "Number": self.witnesses.len(), "More": if more { "yes" } else { "no" } },
                    "Calls": self.calls,
                    "Time": {
                        "Total": round3(total),
                        "Solve": round3(search.solve_time),
                        "Model": round3(search.first_model.unwrap_or_default()),
                        "Unsat": round3(search.unsat_time),
                        "CPU": round3(total),
                    },
                });
                if let Some(c) = &self.best_costs {
                    let proven = if verdict == Verdict::OptimumFound {
                        "yes"
                    } else {
                        "no"
                    };
                    doc["Models"]["Optimum"] = json!(proven);
                    doc["Models"]["Optimal"] =
                        json!(self.optimal_models.max(usize::from(proven == "yes")));
                    doc["Models"]["Costs"] = json!(c);
                }
                if self.show_stats {
                    doc["Stats"] = json!({
                        "GroundAtoms": s.ground_atoms,
                        "GroundRules": s.ground_rules,
                        "CnfVars": s.cnf_vars,
                        "CnfClauses": s.cnf_clauses,
                        "CardClauses": s.encoding.card_clauses,
                        "CardVars": s.encoding.card_vars,
                        "PbClauses": s.encoding.pb_clauses,
                        "PbVars": s.encoding.pb_vars,
                        "BoundClauses": s.bound_encoding.pb_clauses,
                        "BoundVars": s.bound_encoding.pb_vars,
                        "SolverCalls": search.solver_calls,
                        "LoopNogoods": search.loop_nogoods,
                        "MinimalityRejections": search.minimality_checks,
                        "GroundTime": round3(s.ground_time),
                        "TranslateTime": round3(s.translate_time),
                        "SolveTime": round3(search.solve_time),
                    });
                }
                let _ = writeln!(
                    out,
                    "{}",
                    serde_json::to_string_pretty(&doc).unwrap_or_default()
                );
            }
        }
        let _ = out.flush();
    }
}

fn join_costs(c: &[i64]) -> String {
    c.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn round3(d: Duration) -> f64 {
    (d.as_secs_f64() * 1000.0).round() / 1000.0
}
