//! Solutions drawn: text (seed 000's `Tiles = [...], Rotations = [...]`, seed 003's turned
//! tiles, a grid of boxes, the `place/4` atoms) and one SVG picture of all solutions.

use super::{Notation, Placement, Puzzle};
use crate::puzzles::svg::{self, Doc, PALETTE};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Seed 000's names of the clockwise quarter turns 0..3.
const ROTATION_NAMES: [&str; 4] = ["up", "right", "down", "left"];

impl Puzzle {
    /// The text rendering of one solution.
    pub fn render(&self, grid: &Placement) -> String {
        let mut out = String::new();
        let order: Vec<(usize, usize)> = grid.iter().flatten().copied().collect();
        let tiles: Vec<String> = order.iter().map(|(t, _)| (t + 1).to_string()).collect();
        let rots: Vec<&str> = order.iter().map(|(_, k)| ROTATION_NAMES[*k]).collect();
        let _ = writeln!(
            out,
            "Tiles = [{}], Rotations = [{}]",
            tiles.join(","),
            rots.join(",")
        );
        if self.notation == Notation::Arc {
            let turned: Vec<String> = order
                .iter()
                .map(|&(t, k)| {
                    let e = self.turned(t, k);
                    format!("({} {} {} {})", e[0].term, e[3].term, e[1].term, e[2].term)
                })
                .collect();
            let _ = writeln!(
                out,
                "Tiles (top left right bottom) = ({})",
                turned.join(" ")
            );
        }
        out.push_str(&self.grid_text(grid));
        let mut atoms = Vec::new();
        for (r, row) in grid.iter().enumerate() {
            for (c, &(t, k)) in row.iter().enumerate() {
                atoms.push(format!("place({},{},{},{})", r + 1, c + 1, t + 1, k));
            }
        }
        let _ = writeln!(out, "{}", atoms.join(" "));
        out
    }

    /// The grid as boxes: top label, `left  #tile ↻turns  right`, bottom label.
    pub fn grid_text(&self, grid: &Placement) -> String {
        let len = |s: &str| s.chars().count();
        let mut lr = 0;
        let mut tb = 0;
        let mut mid = 0;
        for row in grid {
            for &(t, k) in row {
                let e = self.turned(t, k);
                lr = lr.max(len(&e[1].shown)).max(len(&e[3].shown));
                tb = tb.max(len(&e[0].shown)).max(len(&e[2].shown));
                mid = mid.max(len(&middle(t, k)));
            }
        }
        let width = tb.max(2 * lr + mid + 4) + 2;
        let border = format!("+{}", format!("{}+", "-".repeat(width)).repeat(self.cols));
        let center = |s: &str| {
            let pad = width - len(s);
            format!("{}{}{}", " ".repeat(pad / 2), s, " ".repeat(pad - pad / 2))
        };
        let mut out = String::new();
        let _ = writeln!(out, "{border}");
        for row in grid {
            let mut lines = [String::from("|"), String::from("|"), String::from("|")];
            for &(t, k) in row {
                let e = self.turned(t, k);
                lines[0] += &format!("{}|", center(&e[0].shown));
                let m = middle(t, k);
                let inner = width - 2 - len(&e[3].shown) - len(&e[1].shown);
                let pad = inner - len(&m);
                lines[1] += &format!(
                    " {}{}{}{}{} |",
                    e[3].shown,
                    " ".repeat(pad / 2),
                    m,
                    " ".repeat(pad - pad / 2),
                    e[1].shown
                );
                lines[2] += &format!("{}|", center(&e[2].shown));
            }
            for l in lines {
                let _ = writeln!(out, "{l}");
            }
            let _ = writeln!(out, "{border}");
        }
        out
    }

    /// All solutions as one SVG picture: every tile as four triangles coloured by picture (dark:
    /// head or positive, light: tail or negative), labelled, with its number and turn. Without a
    /// solution, the tiles as given (input order, unturned, apart), titled as having none, or
    /// (`interrupted`) none found before the run was stopped. The legend (one entry per
    /// picture) is laid out to fit the width.
    pub fn svg(&self, solutions: &[Placement], interrupted: bool) -> String {
        const TILE: f64 = 120.0;
        const MARGIN: f64 = 30.0;
        const LEGEND_ENTRY_W: f64 = 270.0;
        let mut classes: BTreeMap<&str, usize> = BTreeMap::new();
        for t in &self.tiles {
            for e in t {
                let n = classes.len();
                classes.entry(&e.class).or_insert(n);
            }
        }
        // no solution: one picture of the tiles as given, with a gap between them
        let as_given = solutions.is_empty();
        let given: Vec<Placement> = vec![
            (0..self.tiles.len())
                .map(|t| (t, 0))
                .collect::<Vec<_>>()
                .chunks(self.cols.max(1))
                .map(|row| row.to_vec())
                .collect(),
        ];
        let pictures = if as_given { &given[..] } else { solutions };
        let gap = if as_given { 12.0 } else { 0.0 };
        let picture_rows = pictures[0].len().max(1);
        let per_row = pictures.len().clamp(1, 4);
        let gw = (TILE + gap) * self.cols as f64 - gap;
        let gh = (TILE + gap) * picture_rows as f64 - gap;
        let cell_w = gw + 2.0 * MARGIN;
        let cell_h = gh + 2.0 * MARGIN + 10.0;
        let grid_rows = pictures.len().div_ceil(per_row);
        let width = (cell_w * per_row as f64).max(2.0 * MARGIN + 2.0 * LEGEND_ENTRY_W);
        let legend_cols = (((width - 2.0 * MARGIN) / LEGEND_ENTRY_W).floor() as usize).max(1);
        let legend_h = 30.0 * classes.len().div_ceil(legend_cols) as f64 + 20.0;
        let mut doc = Doc::new(width, cell_h * grid_rows as f64 + legend_h);
        for (i, picture) in pictures.iter().enumerate() {
            let ox = MARGIN + cell_w * (i % per_row) as f64;
            let oy = MARGIN + 10.0 + cell_h * (i / per_row) as f64;
            let title = if as_given && interrupted {
                format!(
                    "Stopped before a solution: the {} tiles as given (unturned)",
                    self.tiles.len()
                )
            } else if as_given {
                format!(
                    "No solution: the {} tiles as given (unturned)",
                    self.tiles.len()
                )
            } else {
                format!("Solution {}", i + 1)
            };
            // a long title is centred on the canvas, a solution's on its grid
            let title_x = if as_given { width / 2.0 } else { ox + gw / 2.0 };
            doc.text(title_x, oy - 18.0, 16.0, "black", &title);
            for (r, row) in picture.iter().enumerate() {
                for (c, &(t, k)) in row.iter().enumerate() {
                    let x = ox + (TILE + gap) * c as f64;
                    let y = oy + (TILE + gap) * r as f64;
                    self.svg_tile(&mut doc, x, y, TILE, t, k, &classes);
                }
            }
            if !as_given {
                doc.push(format!(
                    r#"<rect x="{ox:.1}" y="{oy:.1}" width="{gw:.1}" height="{gh:.1}" fill="none" stroke="black" stroke-width="3"/>"#
                ));
            }
        }
        // legend: one entry per picture, head and tail shades
        let ly = cell_h * grid_rows as f64 + 10.0;
        for (i, (class, &ci)) in classes.iter().enumerate() {
            let (dark, light) = PALETTE[ci % PALETTE.len()];
            let x = MARGIN + LEGEND_ENTRY_W * (i % legend_cols) as f64;
            let y = ly + 30.0 * (i / legend_cols) as f64;
            let (a, b) = self.legend_names(class);
            doc.push(format!(
                r#"<rect x="{x:.1}" y="{y:.1}" width="18" height="18" fill="{dark}" stroke="black"/>"#
            ));
            doc.push(format!(
                r#"<rect x="{:.1}" y="{y:.1}" width="18" height="18" fill="{light}" stroke="black"/>"#,
                x + 125.0
            ));
            doc.push(format!(
                r#"<text x="{:.1}" y="{:.1}" font-size="12">{}</text>"#,
                x + 22.0,
                y + 14.0,
                svg::escape(&a)
            ));
            doc.push(format!(
                r#"<text x="{:.1}" y="{:.1}" font-size="12">{}</text>"#,
                x + 147.0,
                y + 14.0,
                svg::escape(&b)
            ));
        }
        doc.finish()
    }

    /// The shown labels of a picture's head and tail ends, for the legend.
    fn legend_names(&self, class: &str) -> (String, String) {
        let mut head = None;
        let mut tail = None;
        for e in self.tiles.iter().flatten().filter(|e| e.class == class) {
            if e.head {
                head.get_or_insert(e.shown.clone());
            } else {
                tail.get_or_insert(e.shown.clone());
            }
        }
        (head.unwrap_or_default(), tail.unwrap_or_default())
    }

    #[allow(clippy::too_many_arguments)]
    fn svg_tile(
        &self,
        doc: &mut Doc,
        x: f64,
        y: f64,
        size: f64,
        t: usize,
        k: usize,
        classes: &BTreeMap<&str, usize>,
    ) {
        let e = self.turned(t, k);
        let (cx, cy) = (x + size / 2.0, y + size / 2.0);
        let corners = [(x, y), (x + size, y), (x + size, y + size), (x, y + size)];
        for s in 0..4 {
            let (a, b) = (corners[s], corners[(s + 1) % 4]);
            let (dark, light) = PALETTE[classes[e[s].class.as_str()] % PALETTE.len()];
            let fill = if e[s].head { dark } else { light };
            doc.push(format!(
                r#"<polygon points="{:.1},{:.1} {:.1},{:.1} {cx:.1},{cy:.1}" fill="{fill}" stroke="white" stroke-width="1.5"/>"#,
                a.0, a.1, b.0, b.1
            ));
            // label along the edge, 20 px inside, reading outward-upright
            let (lx, ly, angle) = match s {
                0 => (cx, y + 20.0, 0),
                1 => (x + size - 20.0, cy, 90),
                2 => (cx, y + size - 20.0, 0),
                _ => (x + 20.0, cy, -90),
            };
            let color = if e[s].head { "white" } else { "black" };
            doc.push(format!(
                r#"<text x="{lx:.1}" y="{ly:.1}" font-size="11" fill="{color}" text-anchor="middle" dominant-baseline="central" transform="rotate({angle} {lx:.1} {ly:.1})">{}</text>"#,
                svg::escape(&e[s].shown)
            ));
        }
        doc.push(format!(
            r#"<rect x="{x:.1}" y="{y:.1}" width="{size:.1}" height="{size:.1}" fill="none" stroke="black" stroke-width="1.5"/>"#
        ));
        doc.push(format!(
            r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="17" fill="white" stroke="black"/>"#
        ));
        doc.text(cx, cy - 4.0, 13.0, "black", &(t + 1).to_string());
        doc.text(cx, cy + 8.0, 8.0, "black", ROTATION_NAMES[k]);
    }
}

/// `#2 ↻3`: tile number and clockwise quarter turns.
fn middle(t: usize, k: usize) -> String {
    format!("#{} ↻{}", t + 1, k)
}
