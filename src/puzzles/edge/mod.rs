//! Edge matching (seed 000: animal tiles in Prolog; seed 003: insect tiles in Arc, and random
//! puzzles): the puzzle model and its facts for `encodings/edge_matching.lp` here, the seeds'
//! tile notations in [`notation`], the text and SVG pictures in [`render`].

mod notation;
mod render;

use super::engine::{self, Atom, EDGE_MATCHING};
use super::{Common, Failure, Picture, Result, input_error, read_input, solve_and_print};
use std::collections::HashMap;
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

impl Puzzle {
    /// Parses either notation; `file` names the input in error messages.
    pub fn parse(text: &str, file: &str) -> Result<Puzzle> {
        let first = text
            .lines()
            .map(|l| l.split(['%', ';']).next().unwrap_or("").trim())
            .find(|l| !l.is_empty());
        match first {
            Some(l) if l.starts_with('(') || l.starts_with('\'') => notation::parse_arc(text, file),
            Some(_) => notation::parse_prolog(text, file),
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
        let mut p = notation::from_arc(&arc, &HashMap::new());
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
}

/// `3x3` → (3, 3).
pub fn parse_dims(s: &str) -> Option<(usize, usize)> {
    let (a, b) = s.split_once(['x', 'X'])?;
    let (a, b) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
    (a > 0 && b > 0).then_some((a, b))
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
    let picture = args.svg.clone().map(|path| {
        let p = p.clone();
        Picture {
            path,
            draw: Box::new(move |models: &[Vec<Atom>], interrupted: bool| {
                let placements: Vec<Placement> = models.iter().map(|m| p.placement(m)).collect();
                p.svg(&placements, interrupted)
            }),
        }
    });
    let (code, _) = solve_and_print(
        &EDGE_MATCHING,
        &p.facts(),
        &p.consts(),
        &args.common,
        &mut |m| p.render(&p.placement(m)),
        picture,
    )?;
    Ok(code)
}
