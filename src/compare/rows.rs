//! Run records → rows: medians over a cell's runs, and the check that every encoding and option
//! set of an instance tells the same models and verdict.

use super::run::{Outcome, RunRecord};
use super::{Cell, Experiment};
use serde::{Deserialize, Serialize};

/// The median, minimum and maximum of one measurement over the runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Spread {
    pub median: f64,
    pub min: f64,
    pub max: f64,
}

impl Spread {
    /// `None` when no run measured it.
    fn of(values: impl Iterator<Item = f64>) -> Option<Spread> {
        let mut v: Vec<f64> = values.collect();
        if v.is_empty() {
            return None;
        }
        v.sort_by(f64::total_cmp);
        let mid = v.len() / 2;
        let median = if v.len() % 2 == 1 {
            v[mid]
        } else {
            (v[mid - 1] + v[mid]) / 2.0
        };
        Some(Spread {
            median,
            min: v[0],
            max: v[v.len() - 1],
        })
    }
}

/// One encoding × instance × option set over its runs.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Row {
    pub encoding: String,
    pub instance: String,
    pub options: String,
    pub atoms: Option<u64>,
    pub rules: Option<u64>,
    pub vars: Option<u64>,
    pub clauses: Option<u64>,
    pub models: usize,
    pub more: bool,
    /// The most frequent outcome of the runs (`None`: no run recorded yet).
    pub result: Option<Outcome>,
    pub ground_s: Option<Spread>,
    pub translate_s: Option<Spread>,
    pub solve_s: Option<Spread>,
    pub total_s: Option<Spread>,
    pub cpu_s: Option<Spread>,
    pub max_rss_mb: Option<Spread>,
    /// Each run's outcome, in the order they finished.
    pub run_results: Vec<Outcome>,
    pub costs: Option<Vec<i64>>,
    pub fingerprint: Option<String>,
    pub message: Option<String>,
    /// Set by [`disagreements`]: this instance's rows do not agree.
    pub disagree: bool,
}

/// One row per cell, in the experiment's order.
pub fn aggregate(experiment: &Experiment, records: &[Vec<RunRecord>]) -> Vec<Row> {
    let mut rows: Vec<Row> = experiment
        .cells
        .iter()
        .zip(records)
        .map(|(cell, runs)| row(cell, runs))
        .collect();
    mark_disagreements(&mut rows);
    rows
}

fn row(cell: &Cell, runs: &[RunRecord]) -> Row {
    // The outcome most runs had (ties: the first to occur); sizes and models come from those
    // runs, times from all runs (a time-out counts as the time it ran).
    let result = runs.iter().map(|r| r.result).max_by_key(|o| {
        let count = runs.iter().filter(|r| r.result == *o).count();
        let first = runs.iter().position(|r| r.result == *o).unwrap_or(0);
        (count, usize::MAX - first)
    });
    let representative = runs.iter().find(|r| Some(r.result) == result);
    let spread = |f: fn(&RunRecord) -> Option<f64>| Spread::of(runs.iter().filter_map(f));
    Row {
        encoding: cell.encoding.clone(),
        instance: cell.instance.clone(),
        options: cell.options.label.clone(),
        atoms: representative.and_then(|r| r.atoms),
        rules: representative.and_then(|r| r.rules),
        vars: representative.and_then(|r| r.vars),
        clauses: representative.and_then(|r| r.clauses),
        models: representative.map_or(0, |r| r.models),
        more: representative.is_some_and(|r| r.more),
        result,
        ground_s: spread(|r| r.ground_s),
        translate_s: spread(|r| r.translate_s),
        solve_s: spread(|r| r.solve_s),
        total_s: spread(|r| Some(r.total_s)),
        cpu_s: spread(|r| Some(r.cpu_s)),
        max_rss_mb: spread(|r| Some(r.max_rss_mb)),
        run_results: runs.iter().map(|r| r.result).collect(),
        costs: representative.and_then(|r| r.costs.clone()),
        fingerprint: representative.and_then(|r| r.fingerprint.clone()),
        message: representative.and_then(|r| r.message.clone()),
        disagree: false,
    }
}

/// Sets `disagree` on every row of an instance whose verdicts disagree.
fn mark_disagreements(rows: &mut [Row]) {
    let bad: Vec<String> = disagreements(rows)
        .into_iter()
        .map(|d| d.instance)
        .collect();
    for r in rows.iter_mut() {
        r.disagree = bad.contains(&r.instance);
    }
}

/// Encodings or option sets that tell different things about one instance.
#[derive(Clone, Debug, Serialize)]
pub struct Disagreement {
    pub instance: String,
    /// What differs: "verdict", "models", "answer sets" or "optimum".
    pub what: &'static str,
    /// `encoding [options]: value` for every row with a verdict.
    pub claims: Vec<String>,
}

impl std::fmt::Display for Disagreement {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(
            f,
            "{} differs on instance {}: {}",
            self.what,
            self.instance,
            self.claims.join("; ")
        )
    }
}

/// What a row says about its instance in one respect (`None`: nothing in that respect).
type Claim = fn(&Row) -> Option<String>;

/// Checks every instance's rows that reached a verdict: satisfiable or not; the number of
/// models (counts are capped at `-n` alike, so they agree whenever the encodings do); the set of
/// answer sets when all were enumerated; the optimum's costs.
pub fn disagreements(rows: &[Row]) -> Vec<Disagreement> {
    let mut instances: Vec<&str> = Vec::new();
    for r in rows {
        if !instances.contains(&r.instance.as_str()) {
            instances.push(&r.instance);
        }
    }
    let mut found = Vec::new();
    for instance in instances {
        let decided: Vec<&Row> = rows
            .iter()
            .filter(|r| r.instance == instance && r.result.is_some_and(Outcome::is_verdict))
            .collect();
        let who = |r: &Row| format!("{} [{}]", r.encoding, r.options);
        let checks: [(&'static str, Claim); 4] = [
            ("verdict", |r| {
                Some(if r.result == Some(Outcome::Unsat) {
                    "UNSAT".into()
                } else {
                    "satisfiable".into()
                })
            }),
            ("the number of models", |r| {
                (r.result == Some(Outcome::Sat)).then(|| format!("{} models", r.models))
            }),
            ("the set of answer sets", |r| {
                r.fingerprint.as_ref().map(|f| format!("answer sets #{f}"))
            }),
            ("the optimum", |r| {
                r.costs.as_ref().map(|c| format!("optimum {c:?}"))
            }),
        ];
        for (what, claim) in checks {
            let claims: Vec<(String, String)> = decided
                .iter()
                .filter_map(|r| claim(r).map(|c| (who(r), c)))
                .collect();
            if claims.iter().any(|(_, c)| *c != claims[0].1) {
                found.push(Disagreement {
                    instance: instance.to_string(),
                    what,
                    claims: claims.iter().map(|(w, c)| format!("{w} {c}")).collect(),
                });
                // One finding per instance: later checks only repeat it.
                break;
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_of_odd_and_even_counts() {
        let s = Spread::of([3.0, 1.0, 2.0].into_iter()).unwrap();
        assert_eq!((s.median, s.min, s.max), (2.0, 1.0, 3.0));
        let s = Spread::of([4.0, 1.0, 2.0, 3.0].into_iter()).unwrap();
        assert_eq!((s.median, s.min, s.max), (2.5, 1.0, 4.0));
        assert!(Spread::of(std::iter::empty()).is_none());
    }

    fn row(encoding: &str, result: Outcome, models: usize) -> Row {
        Row {
            encoding: encoding.into(),
            instance: "i.lp".into(),
            options: "default".into(),
            atoms: None,
            rules: None,
            vars: None,
            clauses: None,
            models,
            more: false,
            result: Some(result),
            ground_s: None,
            translate_s: None,
            solve_s: None,
            total_s: None,
            cpu_s: None,
            max_rss_mb: None,
            run_results: vec![result],
            costs: None,
            fingerprint: None,
            message: None,
            disagree: false,
        }
    }

    #[test]
    fn time_outs_do_not_disagree_but_counts_and_verdicts_do() {
        let rows = [row("a", Outcome::Sat, 4), row("b", Outcome::Timeout, 0)];
        assert!(disagreements(&rows).is_empty());
        let rows = [row("a", Outcome::Sat, 4), row("b", Outcome::Sat, 6)];
        assert_eq!(disagreements(&rows)[0].what, "the number of models");
        let rows = [row("a", Outcome::Sat, 1), row("b", Outcome::Unsat, 0)];
        assert_eq!(disagreements(&rows)[0].what, "verdict");
    }
}
