//! Edge matching (seed 000: animal tiles in Prolog; seed 003: insect tiles in Arc, and random
//! puzzles): the seeds' tile notations, facts for `encodings/edge_matching.lp`, text and SVG.

use super::engine::{self, Atom, EDGE_MATCHING};
use super::svg::{Doc, PALETTE};
use super::{Common, Failure, Result, input_error, read_input, solve_and_print, write_svg};
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

pub const HELP: &str = "\
Solves an edge-matching puzzle (seeds 000 and 003) with encodings/edge_matching.lp and renders
every solution: the grid with the four edge labels of each tile, the tile number and its
clockwise quarter turns, and the place(Row,Col,Tile,Turns) atoms.

Input (FILE, or - for standard input), recognised by its first character:

  Prolog facts, seed 000's notation, tile(number, top, right, bottom, left):
      tile(1, cheetah_tail, tiger_tail, lion_head, tiger_head).
      match(lion_head, lion_tail).
    Edge labels are lowercase names or integers. Without match/2 facts, NAME_head matches
    NAME_tail and an integer matches its negative. Other clauses (rules, other facts) are
    ignored, so the seed's whole program can be given. `%` starts a comment.

  Arc lists, seed 003's notation, (top left right bottom), a value matching its negative:
      ((2 1 -3 3) (-2 3 1 -4) ...)
    or the seed's own definition with names (printed as names):
      (with (mantis 1 beetle 2 dragonfly 3 ant 4)
        (= tiles (list (list beetle mantis (- dragonfly) dragonfly) ...)))
    Forms with other heads, like (prettyprint tiles), are ignored. `;` starts a comment.

Tiles are numbered in listing order. The grid is square unless --grid COLSxROWS is given.
Each solution also prints seed 000's `Tiles = [...], Rotations = [...]` (rotation names up,
right, down, left = 0..3 clockwise quarter turns) and, for Arc input, the turned tiles as
seed 003's solver prints them.

--random COLSxROWS makes a puzzle as seed 003's randtiles: every edge a value drawn uniformly
from 1..C and -1..-C (C = --colors), from a fixed generator seeded by --seed.";

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Tile file: seed 000's Prolog tile/5 facts or seed 003's Arc lists (`-`: stdin)
    #[arg(required_unless_present = "random", conflicts_with = "random")]
    pub file: Option<String>,
    /// A random puzzle as seed 003's randtiles, COLS x ROWS tiles (e.g. 3x3)
    #[arg(long, value_name = "COLSxROWS")]
    pub random: Option<String>,
    /// Number of edge pictures of a random puzzle (edge values 1..C and -1..-C)
    #[arg(long, value_name = "C", default_value_t = 4)]
    pub colors: u32,
    /// Seed of the random generator
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Grid size when the number of tiles is not a square
    #[arg(long, value_name = "COLSxROWS")]
    pub grid: Option<String>,
    /// Also draw the solutions as an SVG picture
    #[arg(long, value_name = "FILE")]
    pub svg: Option<String>,
    #[command(flatten)]
    pub common: Common,
}

/// One edge of a tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edge {
    /// The ASP term (`lion_head`, `-3`).
    pub term: String,
    /// The label shown (`lion_head`, `-dragonfly`, `-3`).
    pub shown: String,
    /// The picture it belongs to (`lion`, `3`), for colours.
    pub class: String,
    /// Head (or positive) rather than tail (or negative).
    pub head: bool,
}

impl Edge {
    fn name(s: &str) -> Edge {
        let (class, head) = if let Some(c) = s.strip_suffix("_head") {
            (c.to_string(), true)
        } else if let Some(c) = s.strip_suffix("_tail") {
            (c.to_string(), false)
        } else {
            (s.to_string(), true)
        };
        Edge {
            term: s.to_string(),
            shown: s.to_string(),
            class,
            head,
        }
    }

    fn number(v: i64, names: &HashMap<i64, String>) -> Edge {
        let shown = match (names.get(&v), names.get(&-v)) {
            (Some(n), _) => n.clone(),
            (None, Some(n)) => format!("-{n}"),
            _ => v.to_string(),
        };
        Edge {
            term: v.to_string(),
            shown,
            class: v.abs().to_string(),
            head: v > 0,
        }
    }
}

/// Where a tile set came from, which decides the extra lines printed per solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    Prolog,
    Arc,
}

/// An edge-matching puzzle: tiles with edges clockwise from the top, and the matching pairs.
#[derive(Clone, Debug)]
pub struct Puzzle {
    pub tiles: Vec<[Edge; 4]>,
    pub matches: Vec<(String, String)>,
    pub rows: usize,
    pub cols: usize,
    pub notation: Notation,
}

/// A solution: `grid[r][c] = (tile index from 0, clockwise quarter turns)`.
pub type Placement = Vec<Vec<(usize, usize)>>;

const ROTATION_NAMES: [&str; 4] = ["up", "right", "down", "left"];

impl Puzzle {
    /// Parses either notation; `file` names the input in error messages.
    pub fn parse(text: &str, file: &str) -> Result<Puzzle> {
        let first = text
            .lines()
            .map(|l| l.split(['%', ';']).next().unwrap_or("").trim())
            .find(|l| !l.is_empty());
        match first {
            Some(l) if l.starts_with('(') || l.starts_with('\'') => parse_arc(text, file),
            Some(_) => parse_prolog(text, file),
            None => Err(input_error(file, 1, "no tiles")),
        }
    }

    /// A random puzzle as seed 003's `randtiles`: each edge uniformly from ±1..±colors.
    pub fn random(cols: usize, rows: usize, colors: u32, seed: u64) -> Puzzle {
        let mut rng = SplitMix64(seed);
        let values: Vec<i64> = (1..=colors as i64)
            .chain((1..=colors as i64).map(|v| -v))
            .collect();
        let arc: Vec<[i64; 4]> = (0..rows * cols)
            .map(|_| std::array::from_fn(|_| values[rng.below(values.len() as u64) as usize]))
            .collect();
        let mut p = from_arc(&arc, &HashMap::new());
        p.rows = rows;
        p.cols = cols;
        p
    }

    /// Sets the grid size: `COLSxROWS`, or the square root of the tile count.
    pub fn set_grid(&mut self, grid: Option<&str>, file: &str) -> Result<()> {
        let n = self.tiles.len();
        let (cols, rows) = match grid {
            Some(g) => parse_dims(g).ok_or_else(|| {
                Failure::Input(format!("aspsat: error: --grid {g}: expected COLSxROWS"))
            })?,
            None => {
                let side = (1..=n).find(|s| s * s >= n).unwrap_or(0);
                if side * side != n {
                    return Err(input_error(
                        file,
                        1,
                        format!("{n} tiles do not fill a square grid; give --grid COLSxROWS"),
                    ));
                }
                (side, side)
            }
        };
        if cols * rows != n {
            return Err(input_error(
                file,
                1,
                format!("{n} tiles do not fill a {cols}x{rows} grid"),
            ));
        }
        self.rows = rows;
        self.cols = cols;
        Ok(())
    }

    /// The facts for `encodings/edge_matching.lp`.
    pub fn facts(&self) -> String {
        let mut s = String::new();
        for (i, t) in self.tiles.iter().enumerate() {
            let _ = writeln!(
                s,
                "tile({}, {}, {}, {}, {}).",
                i + 1,
                t[0].term,
                t[1].term,
                t[2].term,
                t[3].term
            );
        }
        for (a, b) in &self.matches {
            let _ = writeln!(s, "match({a}, {b}).");
        }
        s
    }

    /// The `-c` overrides for the grid size.
    pub fn consts(&self) -> Vec<String> {
        vec![format!("rows={}", self.rows), format!("cols={}", self.cols)]
    }

    /// The tiles in seed 003's notation, `((top left right bottom) ...)`.
    pub fn arc_text(&self) -> String {
        let tiles: Vec<String> = self
            .tiles
            .iter()
            .map(|t| format!("({} {} {} {})", t[0].term, t[3].term, t[1].term, t[2].term))
            .collect();
        format!("({})", tiles.join(" "))
    }

    /// The placement in a model's `place/4` atoms.
    pub fn placement(&self, model: &[Atom]) -> Placement {
        let mut grid = vec![vec![(0, 0); self.cols]; self.rows];
        for a in engine::atoms(model, "place", 4) {
            if let Some(v) = a.ints() {
                let (r, c) = (v[0] as usize - 1, v[1] as usize - 1);
                grid[r][c] = (v[2] as usize - 1, v[3] as usize);
            }
        }
        grid
    }

    /// The edges of tile `t` after `k` clockwise quarter turns, clockwise from the top.
    pub fn turned(&self, t: usize, k: usize) -> [&Edge; 4] {
        std::array::from_fn(|s| &self.tiles[t][(s + 4 - k % 4) % 4])
    }

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
    /// head or positive, light: tail or negative), labelled, with its number and turn.
    pub fn svg(&self, solutions: &[Placement]) -> String {
        const TILE: f64 = 120.0;
        const MARGIN: f64 = 30.0;
        let mut classes: BTreeMap<&str, usize> = BTreeMap::new();
        for t in &self.tiles {
            for e in t {
                let n = classes.len();
                classes.entry(&e.class).or_insert(n);
            }
        }
        let per_row = solutions.len().clamp(1, 4);
        let gw = TILE * self.cols as f64;
        let gh = TILE * self.rows as f64;
        let cell_w = gw + 2.0 * MARGIN;
        let cell_h = gh + 2.0 * MARGIN + 10.0;
        let grid_rows = solutions.len().div_ceil(per_row).max(1);
        let legend_h = 30.0 * classes.len().div_ceil(2) as f64 + 20.0;
        let mut doc = Doc::new(
            (cell_w * per_row as f64).max(420.0),
            cell_h * grid_rows as f64 + legend_h,
        );
        for (i, sol) in solutions.iter().enumerate() {
            let ox = MARGIN + cell_w * (i % per_row) as f64;
            let oy = MARGIN + 10.0 + cell_h * (i / per_row) as f64;
            doc.text(
                ox + gw / 2.0,
                oy - 18.0,
                16.0,
                "black",
                &format!("Solution {}", i + 1),
            );
            for (r, row) in sol.iter().enumerate() {
                for (c, &(t, k)) in row.iter().enumerate() {
                    let x = ox + TILE * c as f64;
                    let y = oy + TILE * r as f64;
                    self.svg_tile(&mut doc, x, y, TILE, t, k, &classes);
                }
            }
            doc.push(format!(
                r#"<rect x="{ox:.1}" y="{oy:.1}" width="{gw:.1}" height="{gh:.1}" fill="none" stroke="black" stroke-width="3"/>"#
            ));
        }
        // legend: one entry per picture, head and tail shades
        let ly = cell_h * grid_rows as f64 + 10.0;
        for (i, (class, &ci)) in classes.iter().enumerate() {
            let (dark, light) = PALETTE[ci % PALETTE.len()];
            let x = MARGIN + 270.0 * (i % 2) as f64;
            let y = ly + 30.0 * (i / 2) as f64;
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
                super::svg::escape(&a)
            ));
            doc.push(format!(
                r#"<text x="{:.1}" y="{:.1}" font-size="12">{}</text>"#,
                x + 147.0,
                y + 14.0,
                super::svg::escape(&b)
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
                super::svg::escape(&e[s].shown)
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

/// `3x3` → (3, 3).
pub fn parse_dims(s: &str) -> Option<(usize, usize)> {
    let (a, b) = s.split_once(['x', 'X'])?;
    let (a, b) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
    (a > 0 && b > 0).then_some((a, b))
}

/// seed 003's lists (top left right bottom) → clockwise tiles; v matches -v.
fn from_arc(arc: &[[i64; 4]], names: &HashMap<i64, String>) -> Puzzle {
    let tiles: Vec<[Edge; 4]> = arc
        .iter()
        .map(|&[t, l, r, b]| [t, r, b, l].map(|v| Edge::number(v, names)))
        .collect();
    let mut values: Vec<i64> = arc.iter().flatten().copied().collect();
    values.sort_unstable();
    values.dedup();
    let matches = values
        .iter()
        .map(|v| (v.to_string(), (-v).to_string()))
        .collect();
    Puzzle {
        tiles,
        matches,
        rows: 0,
        cols: 0,
        notation: Notation::Arc,
    }
}

fn is_name(s: &str) -> bool {
    let mut c = s.chars();
    c.next().is_some_and(|f| f.is_ascii_lowercase())
        && c.all(|ch| ch.is_ascii_alphanumeric() || ch == '_')
}

fn is_int(s: &str) -> bool {
    s.parse::<i64>().is_ok()
}

/// Seed 000's Prolog: `tile(N, Top, Right, Bottom, Left).` and `match(A, B).` facts.
fn parse_prolog(text: &str, file: &str) -> Result<Puzzle> {
    let mut clause = String::new();
    let mut start_line = 1;
    let mut clauses = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = line.split('%').next().unwrap_or("");
        for ch in code.chars() {
            if clause.trim().is_empty() {
                start_line = i + 1;
            }
            if ch == '.' {
                clauses.push((start_line, std::mem::take(&mut clause)));
            } else {
                clause.push(ch);
            }
        }
        clause.push('\n');
    }
    if !clause.trim().is_empty() {
        return Err(input_error(file, start_line, "clause without a final '.'"));
    }
    let mut tiles: Vec<(i64, [String; 4], usize)> = Vec::new();
    let mut matches = Vec::new();
    for (line, c) in clauses {
        let c = c.trim();
        if c.contains(":-") {
            continue;
        }
        let Some((name, rest)) = c.split_once('(') else {
            continue;
        };
        let name = name.trim();
        if name != "tile" && name != "match" {
            continue;
        }
        let Some(inner) = rest.trim_end().strip_suffix(')') else {
            return Err(input_error(file, line, format!("malformed {name} fact")));
        };
        let args: Vec<&str> = inner.split(',').map(str::trim).collect();
        for a in &args {
            if !is_name(a) && !is_int(a) {
                return Err(input_error(
                    file,
                    line,
                    format!("'{a}' is not a lowercase name or an integer"),
                ));
            }
        }
        match (name, args.len()) {
            ("tile", 5) => {
                let n: i64 = args[0]
                    .parse()
                    .map_err(|_| input_error(file, line, "the tile number must be an integer"))?;
                tiles.push((n, std::array::from_fn(|i| args[i + 1].to_string()), line));
            }
            ("match", 2) => matches.push((args[0].to_string(), args[1].to_string())),
            _ => {
                return Err(input_error(
                    file,
                    line,
                    format!(
                        "expected tile(number, top, right, bottom, left) or match(a, b), got {name}/{}",
                        args.len()
                    ),
                ));
            }
        }
    }
    if tiles.is_empty() {
        return Err(input_error(file, 1, "no tile/5 facts"));
    }
    for (i, (n, _, line)) in tiles.iter().enumerate() {
        if *n != i as i64 + 1 {
            return Err(input_error(
                file,
                *line,
                format!(
                    "tiles must be numbered 1, 2, ... in order; expected {}",
                    i + 1
                ),
            ));
        }
    }
    let edge = |s: &str| {
        if let Ok(v) = s.parse::<i64>() {
            Edge::number(v, &HashMap::new())
        } else {
            Edge::name(s)
        }
    };
    let tiles: Vec<[Edge; 4]> = tiles
        .iter()
        .map(|(_, e, _)| std::array::from_fn(|i| edge(&e[i])))
        .collect();
    if matches.is_empty() {
        // NAME_head ~ NAME_tail, v ~ -v
        let mut labels: Vec<&Edge> = tiles.iter().flatten().collect();
        labels.sort_by(|a, b| a.term.cmp(&b.term));
        labels.dedup_by(|a, b| a.term == b.term);
        for e in labels {
            let other = if let Ok(v) = e.term.parse::<i64>() {
                Some((-v).to_string())
            } else if let Some(c) = e.term.strip_suffix("_head") {
                Some(format!("{c}_tail"))
            } else {
                e.term.strip_suffix("_tail").map(|c| format!("{c}_head"))
            };
            if let Some(o) = other {
                matches.push((e.term.clone(), o));
            }
        }
    }
    Ok(Puzzle {
        tiles,
        matches,
        rows: 0,
        cols: 0,
        notation: Notation::Prolog,
    })
}

/// An s-expression with the line it starts on.
#[derive(Debug)]
enum Sx {
    Atom(String, usize),
    List(Vec<Sx>, usize),
}

fn parse_sexprs(text: &str, file: &str) -> Result<Vec<Sx>> {
    let mut stack: Vec<(Vec<Sx>, usize)> = vec![(Vec::new(), 1)];
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let code = line.split(';').next().unwrap_or("");
        let mut atom = String::new();
        let flush = |atom: &mut String, stack: &mut Vec<(Vec<Sx>, usize)>| {
            if !atom.is_empty() {
                let a = std::mem::take(atom);
                stack.last_mut().unwrap().0.push(Sx::Atom(a, line_no));
            }
        };
        for ch in code.chars() {
            match ch {
                '(' => {
                    flush(&mut atom, &mut stack);
                    stack.push((Vec::new(), line_no));
                }
                ')' => {
                    flush(&mut atom, &mut stack);
                    if stack.len() == 1 {
                        return Err(input_error(file, line_no, "unbalanced ')'"));
                    }
                    let (items, l) = stack.pop().unwrap();
                    stack.last_mut().unwrap().0.push(Sx::List(items, l));
                }
                '\'' => flush(&mut atom, &mut stack),
                c if c.is_whitespace() => flush(&mut atom, &mut stack),
                c => atom.push(c),
            }
        }
        flush(&mut atom, &mut stack);
    }
    if stack.len() != 1 {
        let l = stack.last().unwrap().1;
        return Err(input_error(file, l, "unbalanced '('"));
    }
    Ok(stack.pop().unwrap().0)
}

#[derive(Debug)]
enum V {
    Num(i64),
    List(Vec<V>),
}

struct ArcEval<'a> {
    file: &'a str,
    env: HashMap<String, i64>,
    names: HashMap<i64, String>,
}

impl ArcEval<'_> {
    fn num(&mut self, sx: &Sx) -> Result<i64> {
        match self.eval(sx)? {
            V::Num(n) => Ok(n),
            V::List(_) => Err(input_error(self.file, line_of(sx), "expected a number")),
        }
    }

    fn eval(&mut self, sx: &Sx) -> Result<V> {
        match sx {
            Sx::Atom(a, line) => {
                if let Ok(n) = a.parse() {
                    Ok(V::Num(n))
                } else if let Some(&n) = self.env.get(a) {
                    Ok(V::Num(n))
                } else {
                    Err(input_error(self.file, *line, format!("unknown name '{a}'")))
                }
            }
            Sx::List(items, line) => {
                let head = match items.first() {
                    None => return Ok(V::List(Vec::new())),
                    Some(Sx::Atom(h, _))
                        if h.parse::<i64>().is_err() && !self.env.contains_key(h) =>
                    {
                        h.as_str()
                    }
                    Some(_) => {
                        // data: ((1 2 3 4) ...) or (1 2 3 4)
                        let v: Result<Vec<V>> = items.iter().map(|i| self.eval(i)).collect();
                        return Ok(V::List(v?));
                    }
                };
                let rest = &items[1..];
                match head {
                    "with" | "let" => {
                        let Some(Sx::List(binds, bl)) = rest.first() else {
                            return Err(input_error(
                                self.file,
                                *line,
                                "expected (with (NAME VALUE ...) ...)",
                            ));
                        };
                        if binds.len() % 2 != 0 {
                            return Err(input_error(
                                self.file,
                                *bl,
                                "bindings come in NAME VALUE pairs",
                            ));
                        }
                        for pair in binds.chunks(2) {
                            let Sx::Atom(name, _) = &pair[0] else {
                                return Err(input_error(self.file, *bl, "expected a name"));
                            };
                            let v = self.num(&pair[1])?;
                            self.env.insert(name.clone(), v);
                            self.names.entry(v).or_insert_with(|| name.clone());
                        }
                        let mut out = Vec::new();
                        for body in &rest[1..] {
                            out.push(self.eval(body)?);
                        }
                        Ok(V::List(out))
                    }
                    "=" | "set" | "def" if rest.len() == 2 && matches!(rest[0], Sx::Atom(..)) => {
                        self.eval(&rest[1])
                    }
                    "list" | "quote" => {
                        let v: Result<Vec<V>> = rest.iter().map(|i| self.eval(i)).collect();
                        Ok(V::List(v?))
                    }
                    "-" => match rest {
                        [a] => Ok(V::Num(-self.num(a)?)),
                        [a, b] => Ok(V::Num(self.num(a)? - self.num(b)?)),
                        _ => Err(input_error(self.file, *line, "(- x) or (- x y)")),
                    },
                    // anything else, e.g. (prettyprint tiles) or (solve tiles): not tiles
                    _ => Ok(V::List(Vec::new())),
                }
            }
        }
    }
}

fn line_of(sx: &Sx) -> usize {
    match sx {
        Sx::Atom(_, l) | Sx::List(_, l) => *l,
    }
}

fn collect_tiles(v: &V, out: &mut Vec<[i64; 4]>) {
    if let V::List(items) = v {
        if items.len() == 4 && items.iter().all(|i| matches!(i, V::Num(_))) {
            let t: Vec<i64> = items
                .iter()
                .map(|i| match i {
                    V::Num(n) => *n,
                    V::List(_) => 0,
                })
                .collect();
            out.push([t[0], t[1], t[2], t[3]]);
        } else {
            for i in items {
                collect_tiles(i, out);
            }
        }
    }
}

/// Seed 003's Arc: lists `(top left right bottom)` of signed integers, or its `with` definition.
fn parse_arc(text: &str, file: &str) -> Result<Puzzle> {
    let forms = parse_sexprs(text, file)?;
    let mut ev = ArcEval {
        file,
        env: HashMap::new(),
        names: HashMap::new(),
    };
    let mut tiles = Vec::new();
    for f in &forms {
        let v = ev.eval(f)?;
        collect_tiles(&v, &mut tiles);
    }
    if tiles.is_empty() {
        return Err(input_error(file, 1, "no tiles (lists of four integers)"));
    }
    Ok(from_arc(&tiles, &ev.names))
}

/// A small, fixed pseudo-random generator (SplitMix64), so `--seed` reproduces a puzzle.
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

/// Reads or generates the puzzle named by the arguments.
pub fn puzzle(args: &Args) -> Result<Puzzle> {
    if let Some(r) = &args.random {
        let (cols, rows) = parse_dims(r).ok_or_else(|| {
            Failure::Input(format!("aspsat: error: --random {r}: expected COLSxROWS"))
        })?;
        if args.colors == 0 {
            return Err(Failure::Input(
                "aspsat: error: --colors must be at least 1".into(),
            ));
        }
        return Ok(Puzzle::random(cols, rows, args.colors, args.seed));
    }
    let file = args.file.as_deref().unwrap_or("-");
    let name = super::input_name(file);
    let mut p = Puzzle::parse(&read_input(file)?, name)?;
    p.set_grid(args.grid.as_deref(), name)?;
    Ok(p)
}

pub fn run(args: &Args) -> Result<i32> {
    let p = puzzle(args)?;
    if args.common.facts {
        if (p.rows, p.cols) != (3, 3) {
            super::out(&format!(
                "% grid {}x{}: run with -c rows={} -c cols={}\n",
                p.cols, p.rows, p.rows, p.cols
            ));
        }
        super::out(&p.facts());
        return Ok(0);
    }
    if args.random.is_some() {
        super::out(&format!(
            "Random puzzle ({}x{}, --colors {}, --seed {}), tiles (top left right bottom):\n{}\n\n",
            p.cols,
            p.rows,
            args.colors,
            args.seed,
            p.arc_text()
        ));
    }
    let (code, models) = solve_and_print(
        &EDGE_MATCHING,
        &p.facts(),
        &p.consts(),
        &args.common,
        &mut |m| p.render(&p.placement(m)),
    )?;
    let placements: Vec<Placement> = models.iter().map(|m| p.placement(m)).collect();
    write_svg(args.svg.as_deref(), || p.svg(&placements))?;
    Ok(code)
}
