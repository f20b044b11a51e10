//! `--svg`: a cactus plot (per encoding/option set: how many instances are solved within a
//! time, time on a log scale) and, when there are exactly two encodings/option sets, a log–log
//! scatter plot of one's time against the other's per instance. Hand-written SVG: two small
//! charts do not need a plotting library.

use super::rows::Row;
use super::run::Outcome;
use crate::puzzles::svg::{Doc, PALETTE, escape};

/// The shortest time drawn (log scales need a positive floor; the table has millisecond
/// resolution anyway).
const FLOOR_S: f64 = 0.001;

/// One line of the cactus plot: an encoding with an option set.
struct Series {
    label: String,
    /// (instance, seconds) of the solved runs; `None` seconds: not solved.
    times: Vec<(String, Option<f64>)>,
}

fn solved(row: &Row) -> Option<f64> {
    let done = row
        .result
        .is_some_and(|r| r.is_solved() || r == Outcome::Sizes);
    done.then(|| row.total_s.map_or(FLOOR_S, |s| s.median.max(FLOOR_S)))
}

fn series(rows: &[Row]) -> Vec<Series> {
    let one_encoding = rows.iter().all(|r| r.encoding == rows[0].encoding);
    let one_option_set = rows.iter().all(|r| r.options == rows[0].options);
    let mut all: Vec<(String, String, Series)> = Vec::new();
    for r in rows {
        let label = if one_option_set {
            r.encoding.clone()
        } else if one_encoding {
            r.options.clone()
        } else {
            format!("{} [{}]", r.encoding, r.options)
        };
        let at = match all
            .iter()
            .position(|(e, o, _)| *e == r.encoding && *o == r.options)
        {
            Some(i) => i,
            None => {
                let s = Series {
                    label,
                    times: Vec::new(),
                };
                all.push((r.encoding.clone(), r.options.clone(), s));
                all.len() - 1
            }
        };
        all[at].2.times.push((r.instance.clone(), solved(r)));
    }
    all.into_iter().map(|(_, _, s)| s).collect()
}

/// A log-scale axis from `lo` to `hi` (powers of ten).
#[derive(Clone, Copy)]
struct LogAxis {
    lo: f64,
    hi: f64,
}

impl LogAxis {
    fn covering(values: impl Iterator<Item = f64>) -> LogAxis {
        let (mut lo, mut hi) = (f64::INFINITY, 0.0f64);
        for v in values {
            lo = lo.min(v.max(FLOOR_S));
            hi = hi.max(v.max(FLOOR_S));
        }
        if !lo.is_finite() {
            (lo, hi) = (FLOOR_S, 1.0);
        }
        let lo = 10f64.powf(lo.log10().floor());
        let mut hi = 10f64.powf(hi.log10().ceil());
        if hi <= lo {
            hi = lo * 10.0;
        }
        LogAxis { lo, hi }
    }

    /// Position of `v` in 0..1.
    fn fraction(self, v: f64) -> f64 {
        (v.max(self.lo).log10() - self.lo.log10()) / (self.hi.log10() - self.lo.log10())
    }

    fn decades(self) -> Vec<f64> {
        let (a, b) = (
            self.lo.log10().round() as i32,
            self.hi.log10().round() as i32,
        );
        (a..=b).map(|e| 10f64.powi(e)).collect()
    }
}

fn seconds_label(v: f64) -> String {
    if v >= 1.0 {
        format!("{v:.0}")
    } else {
        let digits = (-v.log10()).round() as usize;
        format!("{v:.digits$}")
    }
}

/// A plot area on the canvas.
#[derive(Clone, Copy)]
struct Frame {
    left: f64,
    top: f64,
    width: f64,
    height: f64,
}

impl Frame {
    fn x(self, fraction: f64) -> f64 {
        self.left + fraction * self.width
    }
    fn y(self, fraction: f64) -> f64 {
        self.top + (1.0 - fraction) * self.height
    }
    fn bottom(self) -> f64 {
        self.top + self.height
    }
    fn right(self) -> f64 {
        self.left + self.width
    }

    fn border(self, doc: &mut Doc) {
        doc.push(format!(
            r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="none" stroke="#333" stroke-width="1"/>"##,
            self.left, self.top, self.width, self.height
        ));
    }

    /// Decade grid lines, minor ticks at 2..9 and labels, horizontal (`vertical` false: the y
    /// axis) or vertical.
    fn log_grid(self, doc: &mut Doc, axis: LogAxis, on_x: bool) {
        for decade in axis.decades() {
            for m in 1..10 {
                let v = decade * m as f64;
                if v > axis.hi * 1.0001 {
                    break;
                }
                let f = axis.fraction(v);
                let (stroke, width) = if m == 1 { ("#bbb", 1.0) } else { ("#eee", 0.8) };
                let line = if on_x {
                    let x = self.x(f);
                    (x, self.top, x, self.bottom())
                } else {
                    let y = self.y(f);
                    (self.left, y, self.right(), y)
                };
                doc.push(format!(
                    r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{stroke}" stroke-width="{width}"/>"#,
                    line.0, line.1, line.2, line.3
                ));
                if m == 1 {
                    if on_x {
                        doc.text(
                            self.x(f),
                            self.bottom() + 14.0,
                            12.0,
                            "#222",
                            &seconds_label(v),
                        );
                    } else {
                        text_right(doc, self.left - 6.0, self.y(f), &seconds_label(v));
                    }
                }
            }
        }
    }
}

fn text_right(doc: &mut Doc, x: f64, y: f64, text: &str) {
    doc.push(format!(
        r##"<text x="{x:.1}" y="{y:.1}" font-size="12" fill="#222" text-anchor="end" dominant-baseline="central">{}</text>"##,
        escape(text)
    ));
}

fn text_left(doc: &mut Doc, x: f64, y: f64, size: f64, text: &str) {
    doc.push(format!(
        r##"<text x="{x:.1}" y="{y:.1}" font-size="{size}" fill="#222" dominant-baseline="central">{}</text>"##,
        escape(text)
    ));
}

fn vertical_text(doc: &mut Doc, x: f64, y: f64, text: &str) {
    doc.push(format!(
        r##"<text x="{x:.1}" y="{y:.1}" font-size="13" fill="#222" text-anchor="middle" transform="rotate(-90 {x:.1} {y:.1})">{}</text>"##,
        escape(text)
    ));
}

/// A marker of series `i`: circle, square, triangle, diamond, … in the series' colour.
fn marker(doc: &mut Doc, i: usize, x: f64, y: f64, hollow: bool) {
    let colour = PALETTE[i % PALETTE.len()].0;
    let fill = if hollow { "white" } else { colour };
    let style = format!(r#"fill="{fill}" stroke="{colour}" stroke-width="1.5""#);
    let r = 4.0;
    let shape = match (i / PALETTE.len() + i) % 4 {
        0 => format!(r#"<circle cx="{x:.1}" cy="{y:.1}" r="{r}" {style}/>"#),
        1 => format!(
            r#"<rect x="{:.1}" y="{:.1}" width="{}" height="{}" {style}/>"#,
            x - r,
            y - r,
            2.0 * r,
            2.0 * r
        ),
        2 => format!(
            r#"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" {style}/>"#,
            x,
            y - r - 1.0,
            x - r - 1.0,
            y + r,
            x + r + 1.0,
            y + r
        ),
        _ => format!(
            r#"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" {style}/>"#,
            x,
            y - r - 1.0,
            x + r + 1.0,
            y,
            x,
            y + r + 1.0,
            x - r - 1.0,
            y
        ),
    };
    doc.push(shape);
}

/// A step between integer ticks for `0..=max` with at most about 10 labels.
fn integer_step(max: usize) -> usize {
    let mut step = 1;
    for s in [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000] {
        step = s;
        if max / s <= 10 {
            break;
        }
    }
    step
}

/// The whole picture: the cactus plot, and the scatter plot beside it for two series.
pub fn svg(rows: &[Row], timeout: f64) -> String {
    let all = series(rows);
    let scatter = all.len() == 2;
    let width = if scatter { 1140.0 } else { 680.0 };
    let mut doc = Doc::new(width, 500.0);
    let cactus_frame = Frame {
        left: 70.0,
        top: 40.0,
        width: 570.0,
        height: 390.0,
    };
    cactus(&mut doc, &all, cactus_frame, timeout);
    if scatter {
        let frame = Frame {
            left: 750.0,
            top: 40.0,
            width: 360.0,
            height: 360.0,
        };
        scatter_plot(&mut doc, &all[0], &all[1], frame, timeout);
    }
    doc.finish()
}

fn cactus(doc: &mut Doc, all: &[Series], f: Frame, timeout: f64) {
    let instances = all.iter().map(|s| s.times.len()).max().unwrap_or(0);
    let times = all.iter().flat_map(|s| s.times.iter().filter_map(|t| t.1));
    let axis = LogAxis::covering(times);
    doc.text(
        f.x(0.5),
        f.top - 20.0,
        15.0,
        "#111",
        "Instances solved within a time (cactus plot)",
    );
    f.log_grid(doc, axis, false);
    let step = integer_step(instances);
    let x_of = |n: usize| f.x(n as f64 / instances.max(1) as f64);
    for n in (0..=instances).step_by(step) {
        doc.push(format!(
            r##"<line x1="{x:.1}" y1="{:.1}" x2="{x:.1}" y2="{:.1}" stroke="#333"/>"##,
            f.bottom(),
            f.bottom() + 5.0,
            x = x_of(n)
        ));
        doc.text(x_of(n), f.bottom() + 16.0, 12.0, "#222", &n.to_string());
    }
    f.border(doc);
    doc.text(
        f.x(0.5),
        f.bottom() + 38.0,
        13.0,
        "#222",
        &format!("instances solved (of {instances})"),
    );
    vertical_text(
        doc,
        f.left - 50.0,
        f.y(0.5),
        "time per instance (s, log scale)",
    );
    if timeout <= axis.hi && timeout >= axis.lo {
        let y = f.y(axis.fraction(timeout));
        doc.push(format!(
            r##"<line x1="{:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#888" stroke-dasharray="6,4"/>"##,
            f.left,
            f.right()
        ));
        text_right(
            doc,
            f.right() - 4.0,
            y - 9.0,
            &format!("time limit {timeout} s"),
        );
    }
    for (i, s) in all.iter().enumerate() {
        let mut solved: Vec<f64> = s.times.iter().filter_map(|t| t.1).collect();
        solved.sort_by(f64::total_cmp);
        let points: Vec<(f64, f64)> = solved
            .iter()
            .enumerate()
            .map(|(k, t)| (x_of(k + 1), f.y(axis.fraction(*t))))
            .collect();
        if points.len() > 1 {
            let path: Vec<String> = points
                .iter()
                .map(|(x, y)| format!("{x:.1},{y:.1}"))
                .collect();
            doc.push(format!(
                r#"<polyline points="{}" fill="none" stroke="{}" stroke-width="2"/>"#,
                path.join(" "),
                PALETTE[i % PALETTE.len()].0
            ));
        }
        for (x, y) in points {
            marker(doc, i, x, y, false);
        }
    }
    legend(doc, all, f);
}

/// The legend inside the plot's top-left corner (cactus lines rise to the right).
fn legend(doc: &mut Doc, all: &[Series], f: Frame) {
    let rows = all.len() as f64;
    let widest = all
        .iter()
        .map(|s| s.label.chars().count())
        .max()
        .unwrap_or(0) as f64;
    let (x, y) = (f.left + 10.0, f.top + 10.0);
    doc.push(format!(
        r##"<rect x="{x:.1}" y="{y:.1}" width="{:.1}" height="{:.1}" fill="white" fill-opacity="0.9" stroke="#999"/>"##,
        48.0 + widest * 7.2,
        10.0 + rows * 20.0
    ));
    for (i, s) in all.iter().enumerate() {
        let cy = y + 15.0 + i as f64 * 20.0;
        doc.push(format!(
            r#"<line x1="{:.1}" y1="{cy:.1}" x2="{:.1}" y2="{cy:.1}" stroke="{}" stroke-width="2"/>"#,
            x + 8.0,
            x + 32.0,
            PALETTE[i % PALETTE.len()].0
        ));
        marker(doc, i, x + 20.0, cy, false);
        let solved = s.times.iter().filter(|t| t.1.is_some()).count();
        text_left(
            doc,
            x + 40.0,
            cy,
            12.0,
            &format!("{} ({solved} solved)", s.label),
        );
    }
}

/// Per instance, series `a`'s time against `b`'s; unsolved runs sit on the time-limit line.
fn scatter_plot(doc: &mut Doc, a: &Series, b: &Series, f: Frame, timeout: f64) {
    let mut pairs: Vec<(Option<f64>, Option<f64>)> = Vec::new();
    for (instance, ta) in &a.times {
        if let Some((_, tb)) = b.times.iter().find(|(i, _)| i == instance)
            && (ta.is_some() || tb.is_some())
        {
            pairs.push((*ta, *tb));
        }
    }
    let unsolved = pairs.iter().any(|(x, y)| x.is_none() || y.is_none());
    let cap = timeout.max(FLOOR_S);
    let values = pairs
        .iter()
        .flat_map(|(x, y)| [x.unwrap_or(cap), y.unwrap_or(cap)]);
    let axis = LogAxis::covering(values.chain(unsolved.then_some(cap)));
    doc.text(
        f.x(0.5),
        f.top - 20.0,
        15.0,
        "#111",
        "Time per instance (s, log–log)",
    );
    f.log_grid(doc, axis, false);
    f.log_grid(doc, axis, true);
    f.border(doc);
    doc.push(format!(
        r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#555" stroke-dasharray="4,3"/>"##,
        f.left,
        f.bottom(),
        f.right(),
        f.top
    ));
    doc.text(
        f.x(0.5),
        f.bottom() + 36.0,
        13.0,
        "#222",
        &format!("{} (s)", a.label),
    );
    vertical_text(doc, f.left - 50.0, f.y(0.5), &format!("{} (s)", b.label));
    for (x, y) in &pairs {
        let px = f.x(axis.fraction(x.unwrap_or(cap)));
        let py = f.y(axis.fraction(y.unwrap_or(cap)));
        marker(doc, 3, px, py, x.is_none() || y.is_none());
    }
    let note = format!("above the diagonal: {} faster", a.label);
    doc.text(f.x(0.5), f.bottom() + 56.0, 11.0, "#444", &note);
    if unsolved {
        let note = format!(
            "hollow: unsolved on one side (drawn at {} s)",
            seconds_label(cap)
        );
        doc.text(f.x(0.5), f.bottom() + 72.0, 11.0, "#444", &note);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_axes_cover_whole_decades() {
        let a = LogAxis::covering([0.02, 3.5].into_iter());
        assert_eq!((a.lo, a.hi), (0.01, 10.0));
        assert_eq!(a.decades().len(), 4);
        assert!((a.fraction(0.1) - 1.0 / 3.0).abs() < 1e-9);
        assert_eq!(seconds_label(0.01), "0.01");
        assert_eq!(seconds_label(100.0), "100");
    }
}
