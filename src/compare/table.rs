//! Rows as a Markdown table, CSV or JSON. The columns are the same in all three; JSON adds each
//! time's minimum and maximum over the runs and what the table only marks.

use super::rows::{Disagreement, Row, Spread};
use serde_json::{Value as Json, json};

pub const COLUMNS: [&str; 15] = [
    "encoding",
    "instance",
    "options",
    "atoms",
    "rules",
    "vars",
    "clauses",
    "models",
    "result",
    "ground_s",
    "translate_s",
    "solve_s",
    "total_s",
    "cpu_s",
    "max_rss_mb",
];

/// The mark a disagreeing row's result carries in the table and the CSV.
pub const DISAGREE_MARK: &str = "!DISAGREE";

fn count(v: Option<u64>) -> String {
    v.map(|v| v.to_string()).unwrap_or_default()
}

fn median(s: Option<Spread>, digits: usize) -> String {
    s.map(|s| format!("{:.*}", digits, s.median))
        .unwrap_or_default()
}

fn result(row: &Row) -> String {
    let text = row.result.map_or("MISSING", |r| r.text());
    if row.disagree {
        format!("{text} {DISAGREE_MARK}")
    } else {
        text.to_string()
    }
}

/// The cells of a row; `models` gets a `+` in the table when enumeration stopped at `-n`.
fn cells(row: &Row, mark_more: bool) -> Vec<String> {
    let models = if mark_more && row.more {
        format!("{}+", row.models)
    } else {
        row.models.to_string()
    };
    vec![
        row.encoding.clone(),
        row.instance.clone(),
        row.options.clone(),
        count(row.atoms),
        count(row.rules),
        count(row.vars),
        count(row.clauses),
        models,
        result(row),
        median(row.ground_s, 3),
        median(row.translate_s, 3),
        median(row.solve_s, 3),
        median(row.total_s, 3),
        median(row.cpu_s, 3),
        median(row.max_rss_mb, 1),
    ]
}

/// A Markdown table (text columns left, numbers right), then the disagreements in words.
pub fn markdown(rows: &[Row], disagreements: &[Disagreement]) -> String {
    let body: Vec<Vec<String>> = rows.iter().map(|r| cells(r, true)).collect();
    let widths: Vec<usize> = (0..COLUMNS.len())
        .map(|c| {
            body.iter()
                .map(|r| r[c].chars().count())
                .chain([COLUMNS[c].len(), 3])
                .max()
                .unwrap_or(3)
        })
        .collect();
    let numeric = |c: usize| c >= 3 && c != 8;
    let line = |cells: &[String]| {
        let padded: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(c, text)| {
                if numeric(c) {
                    format!("{text:>w$}", w = widths[c])
                } else {
                    format!("{text:<w$}", w = widths[c])
                }
            })
            .collect();
        format!("| {} |\n", padded.join(" | "))
    };
    let header: Vec<String> = COLUMNS.iter().map(|c| c.to_string()).collect();
    let mut out = line(&header);
    let rule: Vec<String> = (0..COLUMNS.len())
        .map(|c| {
            let dashes = "-".repeat(widths[c] - 1);
            if numeric(c) {
                format!("{dashes}:")
            } else {
                format!("{dashes}-")
            }
        })
        .collect();
    out.push_str(&format!(
        "|{}|\n",
        rule.iter()
            .map(|r| format!(" {r} "))
            .collect::<Vec<_>>()
            .join("|")
    ));
    for r in &body {
        out.push_str(&line(r));
    }
    if !disagreements.is_empty() {
        out.push('\n');
        for d in disagreements {
            out.push_str(&format!("**DISAGREEMENT**: {d}\n"));
        }
    }
    out
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// RFC 4180 CSV with a header line.
pub fn csv(rows: &[Row]) -> String {
    let mut out = COLUMNS.join(",");
    out.push('\n');
    for r in rows {
        let fields: Vec<String> = cells(r, false).iter().map(|c| csv_field(c)).collect();
        out.push_str(&fields.join(","));
        out.push('\n');
    }
    out
}

/// `{"columns", "timeout_s", "rows", "disagreements"}`; a row has the columns (times as medians)
/// plus `NAME_min`/`NAME_max` for every time and memory column, `complete` (no models left),
/// `runs` (each run's result), `costs`, `disagree` and the failure `message`.
pub fn json(rows: &[Row], disagreements: &[Disagreement], timeout: f64) -> String {
    let rows: Vec<Json> = rows.iter().map(json_row).collect();
    let doc = json!({
        "columns": COLUMNS,
        "timeout_s": timeout,
        "rows": rows,
        "disagreements": disagreements,
    });
    let mut text = serde_json::to_string_pretty(&doc).unwrap_or_default();
    text.push('\n');
    text
}

/// Six decimals: microseconds, or bytes of a MiB (more digits are noise).
fn micro(v: f64) -> f64 {
    (v * 1e6).round() / 1e6
}

fn json_row(r: &Row) -> Json {
    let mut o = serde_json::Map::new();
    o.insert("encoding".into(), json!(r.encoding));
    o.insert("instance".into(), json!(r.instance));
    o.insert("options".into(), json!(r.options));
    o.insert("atoms".into(), json!(r.atoms));
    o.insert("rules".into(), json!(r.rules));
    o.insert("vars".into(), json!(r.vars));
    o.insert("clauses".into(), json!(r.clauses));
    o.insert("models".into(), json!(r.models));
    o.insert("result".into(), json!(r.result.map(|r| r.text())));
    let spreads = [
        ("ground_s", r.ground_s),
        ("translate_s", r.translate_s),
        ("solve_s", r.solve_s),
        ("total_s", r.total_s),
        ("cpu_s", r.cpu_s),
        ("max_rss_mb", r.max_rss_mb),
    ];
    for (name, s) in spreads {
        o.insert(name.into(), json!(s.map(|s| micro(s.median))));
    }
    for (name, s) in spreads {
        o.insert(format!("{name}_min"), json!(s.map(|s| micro(s.min))));
        o.insert(format!("{name}_max"), json!(s.map(|s| micro(s.max))));
    }
    o.insert("complete".into(), json!(!r.more));
    o.insert("runs".into(), json!(r.run_results));
    o.insert("costs".into(), json!(r.costs));
    o.insert("answer_sets_hash".into(), json!(r.fingerprint));
    o.insert("disagree".into(), json!(r.disagree));
    o.insert("message".into(), json!(r.message));
    Json::Object(o)
}
