//! Flower disk rotation (seed 002): disk rows of 0/1, facts for `encodings/flower_disks.lp`, the
//! rotated rows as the seed prints them, and a picture of the stacked disks.

use super::engine::{self, Atom, FLOWER_DISKS};
use super::svg::{Doc, PALETTE};
use super::{Common, Picture, Result, input_error, read_input, solve_and_print};
use std::fmt::Write as _;

pub const HELP: &str = "\
Solves the flower disk rotation puzzle (seed 002) with encodings/flower_disks.lp: rotate the
disks so that every position is covered by a solid area of some disk.

Input (FILE, or - for standard input): one disk per line, as the seed writes them, 1 for a solid
area and 0 for a hole, all rows of the same length:
    [0,0,0,0,0,1,0,1,0,0,1,0]
    [1,0,0,1,0,0,0,0,0,0,0,1]
Brackets, commas and spaces are optional (`000001010010` is the same row); lines starting with
`#` or `%` are comments.

A rotation K of a disk is the seed's shift: the row shifted left by K (`row[K:] + row[:K]`);
disk 1 stays at 0. Each solution prints rotations=[...] and the rotated rows, as the seed's
Python does, and which disk covers each position; rotation(Disk,K) are the shown atoms.
--svg draws the stacked disks (disk 1 outermost) of every solution, or the disks as given when
there is none.";

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Disk rows of 0/1 (`-`: standard input)
    pub file: String,
    /// Also draw the solutions as an SVG picture
    #[arg(long, value_name = "FILE")]
    pub svg: Option<String>,
    #[command(flatten)]
    pub common: Common,
}

/// Parses rows of 0/1.
pub fn parse(text: &str, file: &str) -> Result<Vec<Vec<u8>>> {
    let mut rows: Vec<Vec<u8>> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') || t.starts_with('%') {
            continue;
        }
        let mut row = Vec::new();
        for c in t.chars() {
            match c {
                '0' => row.push(0),
                '1' => row.push(1),
                '[' | ']' | ',' | ' ' | '\t' => {}
                _ => {
                    return Err(input_error(
                        file,
                        i + 1,
                        format!("unexpected '{c}' in a disk row (0, 1, brackets, commas)"),
                    ));
                }
            }
        }
        if let Some(first) = rows.first()
            && row.len() != first.len()
        {
            return Err(input_error(
                file,
                i + 1,
                format!(
                    "row of length {} after rows of length {}",
                    row.len(),
                    first.len()
                ),
            ));
        }
        if row.is_empty() {
            return Err(input_error(file, i + 1, "empty disk row"));
        }
        rows.push(row);
    }
    if rows.is_empty() {
        return Err(input_error(file, 1, "no disk rows"));
    }
    Ok(rows)
}

/// `size(N).` and `solid(Disk, Position).`
pub fn facts(rows: &[Vec<u8>]) -> String {
    let mut s = format!("size({}).\n", rows[0].len());
    for (d, row) in rows.iter().enumerate() {
        for (p, &b) in row.iter().enumerate() {
            if b == 1 {
                let _ = write!(s, "solid({},{p}). ", d + 1);
            }
        }
        s.push('\n');
    }
    s
}

/// The seed's `shift(seq, n)`: `seq[n:] + seq[:n]`.
pub fn shift(row: &[u8], k: usize) -> Vec<u8> {
    let k = k % row.len();
    [&row[k..], &row[..k]].concat()
}

/// The rotations in a model's `rotation/2` atoms, disk 1 first.
pub fn rotations(model: &[Atom], disks: usize) -> Vec<usize> {
    let mut rot = vec![0; disks];
    for a in engine::atoms(model, "rotation", 2) {
        if let Some(v) = a.ints()
            && v[0] >= 1
            && (v[0] as usize) <= disks
        {
            rot[v[0] as usize - 1] = v[1] as usize;
        }
    }
    rot
}

fn list<T: std::fmt::Display>(v: &[T]) -> String {
    let items: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    format!("[{}]", items.join(", "))
}

/// The seed's printout: the rows, rotations=[...], the rotated rows; then the covering disks.
pub fn render(rows: &[Vec<u8>], rot: &[usize]) -> String {
    let mut out = String::new();
    for r in rows {
        let _ = writeln!(out, "{}", list(r));
    }
    let _ = writeln!(out, "rotations={}", list(rot));
    let turned: Vec<Vec<u8>> = rows.iter().zip(rot).map(|(r, &k)| shift(r, k)).collect();
    for r in &turned {
        let _ = writeln!(out, "{}", list(r));
    }
    let cover: Vec<String> = (0..rows[0].len())
        .map(|i| {
            let ds: Vec<String> = turned
                .iter()
                .enumerate()
                .filter(|(_, r)| r[i] == 1)
                .map(|(d, _)| (d + 1).to_string())
                .collect();
            if ds.is_empty() {
                "-".into()
            } else {
                ds.join("+")
            }
        })
        .collect();
    let _ = writeln!(out, "covered by disk: {}", list(&cover));
    out
}

fn point(cx: f64, cy: f64, r: f64, angle_deg: f64) -> (f64, f64) {
    let a = angle_deg.to_radians();
    (cx + r * a.sin(), cy - r * a.cos())
}

/// An annular sector between radii r1 < r2 and angles a0 < a1 (degrees clockwise from the top).
fn sector(cx: f64, cy: f64, r1: f64, r2: f64, a0: f64, a1: f64, fill: &str) -> String {
    let (p0, p1) = (point(cx, cy, r2, a0), point(cx, cy, r2, a1));
    let (p2, p3) = (point(cx, cy, r1, a1), point(cx, cy, r1, a0));
    format!(
        r##"<path d="M {:.1} {:.1} A {r2:.1} {r2:.1} 0 0 1 {:.1} {:.1} L {:.1} {:.1} A {r1:.1} {r1:.1} 0 0 0 {:.1} {:.1} Z" fill="{fill}" stroke="#555" stroke-width="1"/>"##,
        p0.0, p0.1, p1.0, p1.1, p2.0, p2.1, p3.0, p3.1
    )
}

/// Every solution as stacked disks: disk 1 the outer ring, solid areas in the disk's colour;
/// outside, the colour of the disk that covers each position. Without a solution, the disks as
/// given, captioned as having none, or (`interrupted`) none found before the run was stopped.
pub fn svg(rows: &[Vec<u8>], solutions: &[Vec<usize>], interrupted: bool) -> String {
    let n = rows[0].len();
    let d = rows.len();
    let ring = 28.0;
    let inner = 40.0;
    let outer = inner + ring * d as f64;
    let cover_r = outer + 26.0;
    let size = 2.0 * cover_r + 60.0;
    let (panels, captions): (Vec<Vec<usize>>, Vec<String>) = if solutions.is_empty() {
        let caption = if interrupted {
            "as given: stopped before a solution was found"
        } else {
            "as given: no solution"
        };
        (vec![vec![0; d]], vec![caption.into()])
    } else {
        (
            solutions.to_vec(),
            solutions
                .iter()
                .enumerate()
                .map(|(i, r)| format!("Solution {}: rotations={}", i + 1, list(r)))
                .collect(),
        )
    };
    let legend_w = (260.0 + 26.0 * n as f64).max(520.0);
    let mut doc = Doc::new(
        (size * panels.len() as f64).max(legend_w),
        size + 50.0 + 24.0 * d as f64,
    );
    for (pi, rot) in panels.iter().enumerate() {
        let cx = size * pi as f64 + size / 2.0;
        let cy = size / 2.0 + 20.0;
        doc.text(cx, 18.0, 15.0, "black", &captions[pi]);
        let step = 360.0 / n as f64;
        for (di, row) in rows.iter().enumerate() {
            let turned = shift(row, rot[di]);
            let r2 = outer - ring * di as f64;
            let r1 = r2 - ring;
            let (dark, _) = PALETTE[di % PALETTE.len()];
            for (i, &b) in turned.iter().enumerate() {
                let a0 = step * i as f64 - step / 2.0;
                let fill = if b == 1 { dark } else { "white" };
                doc.push(sector(cx, cy, r1, r2, a0, a0 + step, fill));
            }
        }
        for i in 0..n {
            let a0 = step * i as f64 - step / 2.0;
            let covering: Vec<usize> = (0..d)
                .filter(|&di| shift(&rows[di], rot[di])[i] == 1)
                .collect();
            let fill = match covering.as_slice() {
                [one] => PALETTE[*one % PALETTE.len()].1,
                [] => "white",
                _ => "black",
            };
            doc.push(sector(cx, cy, outer + 6.0, cover_r, a0, a0 + step, fill));
            let (tx, ty) = point(cx, cy, cover_r + 12.0, step * i as f64);
            doc.text(tx, ty, 10.0, "#333", &i.to_string());
        }
    }
    // legend
    doc.push(format!(
        r#"<text x="20" y="{:.1}" font-size="12">outer ring: the disk covering each position (black: more than one, white: none)</text>"#,
        size + 22.0
    ));
    let ly = size + 34.0;
    for di in 0..d {
        let (dark, _) = PALETTE[di % PALETTE.len()];
        let y = ly + 24.0 * di as f64;
        doc.push(format!(
            r#"<rect x="20" y="{y:.1}" width="16" height="16" fill="{dark}" stroke="black"/>"#
        ));
        doc.push(format!(
            r#"<text x="44" y="{:.1}" font-size="12">disk {} (ring {} from the outside): {}</text>"#,
            y + 12.0,
            di + 1,
            di + 1,
            list(&rows[di])
        ));
    }
    doc.finish()
}

pub fn run(args: &Args) -> Result<i32> {
    let name = super::input_name(&args.file);
    let rows = parse(&read_input(&args.file)?, name)?;
    if args.common.facts {
        super::out(&facts(&rows));
        return Ok(0);
    }
    let picture = args.svg.clone().map(|path| {
        let rows = rows.clone();
        Picture {
            path,
            draw: Box::new(move |models: &[Vec<Atom>], interrupted: bool| {
                let sols: Vec<Vec<usize>> =
                    models.iter().map(|m| rotations(m, rows.len())).collect();
                svg(&rows, &sols, interrupted)
            }),
        }
    });
    let (code, _) = solve_and_print(
        &FLOWER_DISKS,
        &facts(&rows),
        &[],
        &args.common,
        &mut |m| render(&rows, &rotations(m, rows.len())),
        picture,
    )?;
    Ok(code)
}
