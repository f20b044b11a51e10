//! Puzzles without an input notation of their own (the seeds state them in words or in a
//! picture): Zebra, the logic grids and the number cross, rendered as the seeds print them.

use super::engine::{self, Atom, Encoding, Val};
use super::{Common, Result, solve_and_print};
use std::fmt::Write as _;

#[derive(clap::Args, Debug)]
pub struct ZebraArgs {
    /// The seed's Prolog program as written (encodings/zebra_seed.lp: clue 11 unused, white
    /// instead of ivory; 2 solutions) instead of the 15 clues as stated
    #[arg(long)]
    pub as_seed: bool,
    #[command(flatten)]
    pub common: Common,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grid {
    Painting,
    Researchers,
    Scholarships,
    CarRental,
}

#[derive(clap::Args, Debug)]
pub struct LogicArgs {
    /// Which logic grid of seed 002
    #[arg(value_enum)]
    pub grid: Grid,
    #[command(flatten)]
    pub common: Common,
}

#[derive(clap::Args, Debug)]
pub struct CrossArgs {
    #[command(flatten)]
    pub common: Common,
}

pub const ZEBRA_HELP: &str = "\
Solves the Zebra puzzle of seed 002 with encodings/zebra.lp (the 15 clues as stated) or, with
--as-seed, encodings/zebra_seed.lp (the seed's Prolog as written: 2 solutions), and prints each
solution as a table of the five houses and who drinks water and owns the zebra.";

pub const LOGIC_HELP: &str = "\
Solves one of the logic grids of seed 002 (painting, researchers, scholarships, car-rental) with
encodings/logic_*.lp and prints each solution as the seed's Prolog answers do,
`Eilen = [2, constable]`.";

pub const CROSS_HELP: &str = "\
Solves the adjacent number cross of seed 004 with encodings/number_cross.lp and draws each
solution in the cross (A on top; B C D and E F G the middle rows; H at the bottom), then
A..H as the seed's Prolog prints them.";

fn text(v: &Val) -> String {
    v.to_string()
}

/// The Zebra table: one line per house.
pub fn render_zebra(model: &[Atom]) -> String {
    let mut houses: Vec<Vec<String>> = engine::atoms(model, "house", 6)
        .map(|a| a.args.iter().map(text).collect())
        .collect();
    houses.sort_by_key(|h| h[0].parse::<i32>().unwrap_or(0));
    let header = ["house", "color", "nationality", "drink", "smoke", "pet"];
    let widths: Vec<usize> = (0..6)
        .map(|i| {
            houses
                .iter()
                .map(|h| h[i].len())
                .chain([header[i].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    let line = |cells: &[&str]| {
        let parts: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        format!("{}\n", parts.join("  ").trim_end())
    };
    out += &line(&header);
    for h in &houses {
        let cells: Vec<&str> = h.iter().map(String::as_str).collect();
        out += &line(&cells);
    }
    let who = |col: usize, value: &str| {
        houses
            .iter()
            .find(|h| h[col] == value)
            .map(|h| h[2].clone())
            .unwrap_or_else(|| "nobody".into())
    };
    let _ = writeln!(
        out,
        "Drinks water: {}. Owns the zebra: {}.",
        who(3, "water"),
        who(5, "zebra")
    );
    out
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// `Name = [attributes...]` per `result/N` atom, in the order of `names`.
pub fn render_results(model: &[Atom], names: &[&str]) -> String {
    let mut out = String::new();
    for n in names {
        if let Some(a) = model
            .iter()
            .find(|a| a.pred == "result" && a.args.first().and_then(Val::id) == Some(n))
        {
            let rest: Vec<String> = a.args[1..].iter().map(text).collect();
            let _ = writeln!(out, "{} = [{}]", capitalize(n), rest.join(", "));
        }
    }
    out
}

/// The cross with the numbers in it, then A..H.
pub fn render_cross(model: &[Atom]) -> String {
    let mut v = [0; 8];
    for a in engine::atoms(model, "box", 2) {
        if let (Some(l), Some(n)) = (a.args[0].id(), a.args[1].int())
            && let Some(i) = "abcdefgh".find(l)
            && l.len() == 1
        {
            v[i] = n;
        }
    }
    let mut out = String::new();
    let _ = writeln!(out, "    +---+");
    let _ = writeln!(out, "    | {} |", v[0]);
    let _ = writeln!(out, "+---+---+---+");
    let _ = writeln!(out, "| {} | {} | {} |", v[1], v[2], v[3]);
    let _ = writeln!(out, "+---+---+---+");
    let _ = writeln!(out, "| {} | {} | {} |", v[4], v[5], v[6]);
    let _ = writeln!(out, "+---+---+---+");
    let _ = writeln!(out, "    | {} |", v[7]);
    let _ = writeln!(out, "    +---+");
    let letters: Vec<String> = "ABCDEFGH"
        .chars()
        .zip(v)
        .map(|(l, n)| format!("{l} = {n}"))
        .collect();
    let _ = writeln!(out, "{}", letters.join(", "));
    out
}

pub fn run_zebra(args: &ZebraArgs) -> Result<i32> {
    let enc = if args.as_seed {
        engine::ZEBRA_SEED
    } else {
        engine::ZEBRA
    };
    run_fixed(&enc, &args.common, &mut render_zebra)
}

/// The encoding and the people in the seed's printing order.
pub fn logic_grid(grid: Grid) -> (Encoding, &'static [&'static str]) {
    match grid {
        Grid::Painting => (engine::LOGIC_PAINTING, &["eilen", "ada", "vera", "jenny"]),
        Grid::Researchers => (
            engine::LOGIC_RESEARCHERS,
            &["ainsley", "madeline", "sophie", "theodore"],
        ),
        Grid::Scholarships => (
            engine::LOGIC_SCHOLARSHIPS,
            &["carrie", "erma", "ora", "tracy"],
        ),
        Grid::CarRental => (
            engine::LOGIC_CAR_RENTAL,
            &["freda", "opal", "penny", "sarah", "vicky"],
        ),
    }
}

pub fn run_logic(args: &LogicArgs) -> Result<i32> {
    let (enc, names) = logic_grid(args.grid);
    run_fixed(&enc, &args.common, &mut |m| render_results(m, names))
}

pub fn run_cross(args: &CrossArgs) -> Result<i32> {
    run_fixed(&engine::NUMBER_CROSS, &args.common, &mut render_cross)
}

fn run_fixed(
    enc: &Encoding,
    common: &Common,
    render: &mut dyn FnMut(&[Atom]) -> String,
) -> Result<i32> {
    if common.facts {
        // the encoding is the whole puzzle
        super::out(enc.text);
        return Ok(0);
    }
    Ok(solve_and_print(enc, "", &[], common, render, None)?.0)
}
