//! Answer sets for people and scripts: clingo's text shape and its `--outf=2` JSON shape.

use crate::solve::SolveStats;
use crate::solve::consequences::ConsequenceMode;
use serde_json::{Value as Json, json};
use std::io::Write;
use std::time::{Duration, Instant};

/// Writes `text` to standard output. A reader that went away (`aspsat ground big.lp | head`)
/// ends the output quietly, as clingo does; other write errors are reported.
pub fn print_text(text: &str) {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            eprintln!("aspsat: error: cannot write to standard output: {e}");
        }
        _ => {}
    }
}

pub const VERSION_LINE: &str = concat!("aspsat version ", env!("CARGO_PKG_VERSION"));

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
    /// clingo's `--outf=1`, the ASP competition's output: `ANSWER` and the atoms as facts,
    /// `COST`, `OPTIMUM`, `INCONSISTENT`; everything else as `%` comments.
    Competition,
    /// clingo's `--outf=3`: nothing at all; the exit code is the answer.
    Silent,
}

/// Which models a run prints (clingo's `--quiet=M`): all as they come, only the last one
/// (before the verdict), or none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ModelsShown {
    #[default]
    All,
    Last,
    None,
}

/// How much the output shows besides its format: clingo's `--quiet` and `--verbose=0`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    pub models: ModelsShown,
    /// clingo's `-V0`: no header, no `Answer:` lines and no summary after the verdict.
    pub terse: bool,
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
    /// The ground rules by kind (`--stats=2`).
    pub rule_kinds: crate::program::RuleKinds,
    /// What each part of the translation added to the CNF (`--stats=2`).
    pub origins: Vec<crate::translate::Origin>,
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
            rule_kinds: compiled.program.rule_kinds(),
            origins: tr.origins.clone(),
            ..Stats::default()
        }
    }
}

/// Prints models as they come (text) or collects them (JSON), then the summary.
pub struct Printer {
    format: Format,
    style: Style,
    /// `--stats=N`: 0 none, 1 aspsat's sizes and counts, 2 also their detail.
    stats_level: u8,
    inputs: Vec<String>,
    /// What `Reading from` names (text).
    reading: String,
    /// Whether the summary has clingo's `Calls`/`Time` lines (not for `aspsat decode`, which
    /// times nothing).
    times: bool,
    /// Models found so far.
    models: usize,
    /// The models the summary still needs: every model for the JSON document, the last one
    /// when only the last is shown; text otherwise prints them as they come and keeps none.
    witnesses: Vec<Witness>,
    /// Writing a model failed because the reader closed standard output.
    output_closed: bool,
    /// Answer numbers restart at the optimal phase of `--opt-mode=optN` and at each solve
    /// call, as in clingo: the models before this one are not counted.
    numbering_offset: usize,
    /// In the optimal phase of `--opt-mode=optN`.
    optimal_phase: bool,
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
    /// When each solve call after the first began (seconds since the run started; the first
    /// begins at 0, as clingo's JSON `Start`).
    call_times: Vec<f64>,
    /// `--enum-mode=brave|cautious`: which consequences, and the last estimate's bounds.
    consequences: Option<Consequences>,
    /// `--opt-mode=enum`: models carry costs but nothing is optimized (clingo's summary then
    /// has no `Optimization` line and its JSON no `Optimum`).
    costs_only: bool,
}

/// A model kept for later printing: its shown atoms, costs, and when it was found (seconds
/// since the run started, clingo's `(Time: …)`).
#[derive(Clone, Debug)]
struct Witness {
    symbols: Vec<String>,
    costs: Option<Vec<i64>>,
    time: f64,
    /// The bounds `(L, U)` of a consequences' estimate (`--enum-mode=brave|cautious`).
    bounds: Option<(usize, usize)>,
}

/// What the output says of brave or cautious consequences: clingo's `Consequences: [L;U]`
/// after each estimate (`L` certain, at most `U`), and the summary lines.
#[derive(Clone, Debug)]
struct Consequences {
    mode: ConsequenceMode,
    /// The last estimate's `(L, U)`.
    last: Option<(usize, usize)>,
}

impl Printer {
    pub fn new(format: Format, stats_level: u8, inputs: Vec<String>) -> Self {
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
            style: Style::default(),
            stats_level,
            inputs,
            reading,
            times: true,
            models: 0,
            witnesses: Vec::new(),
            output_closed: false,
            numbering_offset: 0,
            optimal_phase: false,
            optimal_models: 0,
            best_costs: None,
            start: Instant::now(),
            stats: Stats::default(),
            finished: false,
            calls: 1,
            call_starts: Vec::new(),
            call_times: Vec::new(),
            consequences: None,
            costs_only: false,
        }
    }

    /// Brave or cautious consequences are printed instead of answer sets.
    pub fn set_consequences(&mut self, mode: ConsequenceMode) {
        self.consequences = Some(Consequences { mode, last: None });
    }

    /// `--opt-mode=enum`: models show their costs, but there is no optimum to speak of.
    pub fn set_costs_only(&mut self) {
        self.costs_only = true;
    }

    /// The estimate of the consequences after a model, with its bounds (see
    /// [`crate::solve::consequences`]) and, when optimizing, the model's costs.
    pub fn estimate(
        &mut self,
        symbols: Vec<String>,
        costs: Option<Vec<i64>>,
        lower: usize,
        upper: usize,
    ) {
        if let Some(c) = &mut self.consequences {
            c.last = Some((lower, upper));
        }
        self.add_model(symbols, costs, Some((lower, upper)));
    }

    /// The printer of `aspsat decode`: text (or JSON) reading from the CNF and the solver's
    /// answer, no times.
    pub fn decoding(cnf: &str, answer: &str, format: Format) -> Self {
        let mut p = Printer::new(format, 0, vec![cnf.into(), answer.into()]);
        p.reading = format!("{cnf} and {answer}");
        p.times = false;
        p
    }

    pub fn set_style(&mut self, style: Style) {
        self.style = style;
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
        self.call_times.push(self.start.elapsed().as_secs_f64());
        self.numbering_offset = self.models;
        self.optimal_phase = false;
        if self.format == Format::Json || self.style.terse {
            return;
        }
        let comment = self.comment();
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{comment}Solving...");
        let _ = out.flush();
    }

    pub fn models(&self) -> usize {
        self.models
    }

    /// Whether standard output was closed by its reader (printing more is pointless).
    pub fn output_closed(&self) -> bool {
        self.output_closed
    }

    pub fn begin(&mut self) {
        if matches!(self.format, Format::Json | Format::Silent) || self.style.terse {
            return;
        }
        let comment = self.comment();
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{comment}{VERSION_LINE}");
        let _ = writeln!(out, "{comment}Reading from {}", self.reading);
        if self.times {
            let _ = writeln!(out, "{comment}Solving...");
        }
        let _ = out.flush();
    }

    /// What starts a line that is not part of the answer (`%` in the competition format).
    fn comment(&self) -> &'static str {
        if self.format == Format::Competition {
            "% "
        } else {
            ""
        }
    }

    pub fn model(&mut self, symbols: Vec<String>, costs: Option<Vec<i64>>) {
        self.add_model(symbols, costs, None);
    }

    fn add_model(
        &mut self,
        symbols: Vec<String>,
        costs: Option<Vec<i64>>,
        bounds: Option<(usize, usize)>,
    ) {
        if costs.is_some() {
            self.best_costs = costs.clone();
        }
        self.models += 1;
        let index = self.models - 1;
        let witness = Witness {
            symbols,
            costs,
            time: self.start.elapsed().as_secs_f64(),
            bounds,
        };
        match (self.format, self.style.models) {
            (Format::Json, _) => self.witnesses.push(witness),
            (_, ModelsShown::All) => self.print_model(index, &witness),
            (_, ModelsShown::Last) => self.witnesses = vec![witness],
            (_, ModelsShown::None) => {}
        }
    }

    /// Prints model number `index` (from 0) in the text or competition format.
    fn print_model(&mut self, index: usize, witness: &Witness) {
        if self.output_closed {
            return;
        }
        // numbers restart in the optimal phase of `--opt-mode=optN`
        let number = if index >= self.numbering_offset {
            index + 1 - self.numbering_offset
        } else {
            index + 1
        };
        let (symbols, costs) = (&witness.symbols, witness.costs.as_deref());
        // clingo 5.8: `Answer: K (Time: 0.003s)`, the time since the run started (not for
        // `aspsat decode`, which times nothing)
        let answer = if self.times {
            format!("Answer: {number} (Time: {:.3}s)", witness.time)
        } else {
            format!("Answer: {number}")
        };
        let mut out = std::io::stdout().lock();
        let written = match self.format {
            Format::Json | Format::Silent => return,
            Format::Text => (|| {
                if !self.style.terse {
                    writeln!(out, "{answer}")?;
                }
                writeln!(out, "{}", symbols.join(" "))?;
                if let Some((lower, upper)) = witness.bounds {
                    writeln!(out, "Consequences: [{lower};{upper}]")?;
                }
                if let Some(c) = costs {
                    writeln!(out, "Optimization: {}", join_costs(c))?;
                }
                out.flush()
            })(),
            Format::Competition => (|| {
                if !self.style.terse {
                    writeln!(out, "% {answer}")?;
                }
                let facts: Vec<String> = symbols.iter().map(|s| format!("{s}.")).collect();
                writeln!(out, "ANSWER\n{}", facts.join(" "))?;
                if let Some(c) = costs {
                    writeln!(out, "COST {}", join_costs(c))?;
                }
                out.flush()
            })(),
        };
        if written.is_err_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) {
            self.output_closed = true;
        }
    }

    pub fn in_optimal_phase(&self) -> bool {
        self.optimal_phase
    }

    /// Starts the enumeration of optimal models (`--opt-mode=optN`): numbering restarts.
    pub fn begin_optimal_models(&mut self) {
        self.numbering_offset = self.models;
        self.optimal_phase = true;
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
        if self.format != Format::Json
            && self.style.models == ModelsShown::Last
            && let Some(witness) = self.witnesses.pop()
        {
            self.print_model(self.models - 1, &witness);
        }
        let mut out = std::io::stdout().lock();
        match self.format {
            Format::Text if self.style.terse => {
                let _ = writeln!(out, "{}", verdict.text());
            }
            Format::Text => self.text_summary(&mut out, verdict, more, total),
            Format::Competition => self.competition_summary(&mut out, verdict, more, total),
            Format::Silent => {}
            Format::Json => {
                let doc = self.json_summary(verdict, more, total);
                let _ = writeln!(
                    out,
                    "{}",
                    serde_json::to_string_pretty(&doc).unwrap_or_default()
                );
            }
        }
        let _ = out.flush();
    }

    /// clingo's text summary: the verdict, the model count and, with times, the optimization
    /// and timing lines (then aspsat's own statistics with `--stats`).
    fn text_summary(&self, out: &mut impl Write, verdict: Verdict, more: bool, total: Duration) {
        let _ = writeln!(out, "{}", verdict.text());
        let _ = writeln!(out);
        self.summary_lines(out, "", 13, verdict, more, total);
        if self.stats_level > 0 && self.times {
            self.text_stats(out);
        }
        if self.stats_level > 1 && self.times {
            self.detailed_text_stats(out);
        }
    }

    /// The model count and, with times, clingo's optimization and timing lines, each label
    /// after `prefix` and padded to `width` (text and competition formats differ only there).
    fn summary_lines(
        &self,
        out: &mut impl Write,
        prefix: &str,
        width: usize,
        verdict: Verdict,
        more: bool,
        total: Duration,
    ) {
        let line = |out: &mut dyn Write, label: &str, value: String| {
            let _ = writeln!(out, "{prefix}{label:<width$}: {value}");
        };
        let plus = if more { "+" } else { "" };
        line(out, "Models", format!("{}{plus}", self.models));
        let consequences = self.consequence_summary(more);
        if let Some((mode, _, _)) = consequences {
            line(out, &format!("  {mode}"), yes_or_unknown(more).to_string());
        }
        if self.times
            && let Some(c) = &self.best_costs
        {
            // clingo: "unknown" when the search stopped before proving the optimum
            let proven = if verdict == Verdict::OptimumFound {
                "yes"
            } else {
                "unknown"
            };
            line(out, "  Optimum", proven.to_string());
            if self.optimal_models > 1 {
                line(out, "  Optimal", self.optimal_models.to_string());
            }
            if !self.costs_only {
                line(out, "Optimization", join_costs(c));
            }
        }
        if let Some((_, known, _)) = consequences {
            line(out, "Consequences", format!("{known}{plus}"));
        }
        if !self.times {
            return;
        }
        line(out, "Calls", self.calls.to_string());
        let search = &self.stats.search;
        line(
            out,
            "Time",
            format!(
                "{:.3}s (Solving: {:.2}s 1st Model: {:.2}s Unsat: {:.2}s)",
                total.as_secs_f64(),
                search.solve_time.as_secs_f64(),
                search.first_model.unwrap_or_default().as_secs_f64(),
                search.unsat_time.as_secs_f64()
            ),
        );
        let cpu = cpu_time().unwrap_or(total);
        line(out, "CPU Time", format!("{:.3}s", cpu.as_secs_f64()));
    }

    /// The competition format's verdict (`OPTIMUM`, `INCONSISTENT`, `UNKNOWN`; nothing when
    /// satisfiable) and the summary as `%` comments.
    fn competition_summary(
        &self,
        out: &mut impl Write,
        verdict: Verdict,
        more: bool,
        total: Duration,
    ) {
        match verdict {
            Verdict::OptimumFound => {
                let _ = writeln!(out, "OPTIMUM");
            }
            Verdict::Unsatisfiable => {
                let _ = writeln!(out, "INCONSISTENT");
            }
            Verdict::Unknown => {
                let _ = writeln!(out, "UNKNOWN");
            }
            Verdict::Satisfiable => {}
        }
        if self.style.terse {
            return;
        }
        let _ = writeln!(out, "% ");
        self.summary_lines(out, "% ", 15, verdict, more, total);
    }

    /// aspsat's statistics (`--stats`) in the text format.
    fn text_stats(&self, out: &mut impl Write) {
        let s = &self.stats;
        let search = &s.search;
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

    /// `--stats=2`: the ground rules by kind, the CNF by the part of the translation that added
    /// it, and the SAT calls with and without a model.
    fn detailed_text_stats(&self, out: &mut impl Write) {
        let s = &self.stats;
        let k = &s.rule_kinds;
        let _ = writeln!(out);
        let kinds = [
            ("Ground rules", s.ground_rules),
            ("  Normal", k.normal),
            ("  Choice", k.choice),
            ("  Integrity", k.constraints),
            ("  Aggregate", k.with_aggregates),
            ("  Condition", k.with_conditionals),
            ("Disjunctive", k.disjunctive),
            ("Facts", k.facts),
            ("Minimize", k.minimize),
            ("Edges", k.edges),
        ];
        for (label, n) in kinds {
            let _ = writeln!(out, "{label:<13}: {n}");
        }
        // by origin: what each part of the translation added (none recorded in incremental
        // mode)
        if !s.origins.is_empty() {
            let _ = writeln!(
                out,
                "CNF origins  : {} clauses, {} vars",
                s.cnf_clauses, s.cnf_vars
            );
            for o in &s.origins {
                let label = format!("  {}", o.name);
                let _ = writeln!(out, "{label:<19}: {} clauses, {} vars", o.clauses, o.vars);
            }
        }
        let search = &s.search;
        for (label, calls) in [
            ("SAT calls", search.sat_calls),
            ("UNSAT calls", search.unsat_calls),
        ] {
            let _ = writeln!(
                out,
                "{label:<13}: {} (total {:.3}s, longest {:.3}s)",
                calls.count,
                calls.total.as_secs_f64(),
                calls.max.as_secs_f64()
            );
        }
    }

    /// clingo's JSON document (`--outf=2`), with aspsat's statistics under `Stats` with `--stats`.
    fn json_summary(&self, verdict: Verdict, more: bool, total: Duration) -> Json {
        let s = &self.stats;
        let search = &s.search;
        let shown = match self.style.models {
            ModelsShown::All => &self.witnesses[..],
            ModelsShown::Last => &self.witnesses[self.witnesses.len().saturating_sub(1)..],
            ModelsShown::None => &[],
        };
        let witnesses: Vec<Json> = shown
            .iter()
            .map(|w| {
                // in clingo's order of keys
                let mut witness = json!({});
                if self.times {
                    witness["Time"] = json!((w.time * 1000.0).round() / 1000.0);
                }
                witness["Value"] = json!(w.symbols);
                if let Some((lower, upper)) = w.bounds {
                    witness["Consequences"] = json!({ "True": lower, "Open": upper - lower });
                }
                if let Some(c) = &w.costs {
                    witness["Costs"] = json!(c);
                }
                witness
            })
            .collect();
        // One entry per solve call with its witnesses, as clingo (several in incremental mode).
        let mut bounds = vec![0];
        if self.style.models == ModelsShown::All {
            bounds.extend(&self.call_starts);
        }
        bounds.push(witnesses.len());
        // clingo's `Start` and `Stop` of each call: a call ends when the next begins
        let mut times = vec![0.0];
        if self.style.models == ModelsShown::All {
            times.extend(&self.call_times);
        }
        times.push(total.as_secs_f64());
        let calls: Vec<Json> = bounds
            .windows(2)
            .zip(times.windows(2))
            .map(|(w, t)| {
                let mut call = serde_json::Map::new();
                if self.times {
                    call.insert("Start".into(), json!((t[0] * 1000.0).round() / 1000.0));
                }
                if w[1] > w[0] {
                    call.insert(
                        "Witnesses".into(),
                        Json::Array(witnesses[w[0]..w[1]].to_vec()),
                    );
                }
                if self.times {
                    call.insert("Stop".into(), json!((t[1] * 1000.0).round() / 1000.0));
                }
                Json::Object(call)
            })
            .collect();
        let mut doc = json!({
            "Solver": VERSION_LINE,
            "Input": self.inputs,
            "Call": calls,
            "Result": verdict.text(),
            "Models": { "Number": self.models, "More": if more { "yes" } else { "no" } },
            "Calls": self.calls,
            "Time": {
                "Total": round3(total),
                "Solve": round3(search.solve_time),
                "Model": round3(search.first_model.unwrap_or_default()),
                "Unsat": round3(search.unsat_time),
                "CPU": round3(cpu_time().unwrap_or(total)),
            },
        });
        if let Some((mode, known, open)) = self.consequence_summary(more) {
            doc["Models"][mode] = json!(yes_or_unknown(more));
            doc["Models"]["Consequences"] = json!({ "True": known, "Open": open });
        }
        if let Some(c) = self.best_costs.as_ref().filter(|_| !self.costs_only) {
            // clingo: "unknown" when the search stopped before proving the optimum
            let proven = if verdict == Verdict::OptimumFound {
                "yes"
            } else {
                "unknown"
            };
            doc["Models"]["Optimum"] = json!(proven);
            doc["Models"]["Optimal"] = json!(self.optimal_models.max(usize::from(proven == "yes")));
            doc["Models"]["Costs"] = json!(c);
        }
        if self.stats_level > 0 {
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
        if self.stats_level > 1 {
            let k = &s.rule_kinds;
            doc["Stats"]["Rules"] = json!({
                "Normal": k.normal,
                "Choice": k.choice,
                "Integrity": k.constraints,
                "Aggregate": k.with_aggregates,
                "Condition": k.with_conditionals,
                "Disjunctive": k.disjunctive,
                "Facts": k.facts,
                "Minimize": k.minimize,
                "Edges": k.edges,
            });
            let mut origins = serde_json::Map::new();
            for o in &s.origins {
                origins.insert(
                    o.name.to_string(),
                    json!({ "Clauses": o.clauses, "Vars": o.vars }),
                );
            }
            doc["Stats"]["CnfOrigins"] = Json::Object(origins);
            let calls = |c: crate::solve::CallTimes| json!({ "Count": c.count, "Total": round3(c.total), "Max": round3(c.max) });
            doc["Stats"]["SatCalls"] = calls(search.sat_calls);
            doc["Stats"]["UnsatCalls"] = calls(search.unsat_calls);
        }
        doc
    }
}

impl Printer {
    /// `Brave` or `Cautious`, the consequences known and those still open: the last estimate,
    /// exact when the search ended (`more` false).
    fn consequence_summary(&self, more: bool) -> Option<(&'static str, usize, usize)> {
        let c = self.consequences.as_ref()?;
        let name = match c.mode {
            ConsequenceMode::Brave => "Brave",
            ConsequenceMode::Cautious => "Cautious",
        };
        // without a model clingo prints no consequences
        let (lower, upper) = c.last?;
        Some(match (more, c.mode) {
            (true, _) => (name, lower, upper - lower),
            (false, ConsequenceMode::Brave) => (name, lower, 0),
            (false, ConsequenceMode::Cautious) => (name, upper, 0),
        })
    }
}

fn yes_or_unknown(more: bool) -> &'static str {
    if more { "unknown" } else { "yes" }
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

/// The processor time this process used (user and system), as clingo's `CPU Time`.
fn cpu_time() -> Option<Duration> {
    use nix::sys::resource::{UsageWho, getrusage};
    let usage = getrusage(UsageWho::RUSAGE_SELF).ok()?;
    let of = |t: nix::sys::time::TimeVal| {
        Duration::new(t.tv_sec().max(0) as u64, (t.tv_usec().max(0) as u32) * 1000)
    };
    Some(of(usage.user_time()) + of(usage.system_time()))
}
