//! Jodici (seed 002): the seed's CSV game field, facts for `encodings/jodici.lp`, a table of
//! sectors and rings.

use super::engine::{self, Atom, JODICI};
use super::{Common, Result, input_error, read_input, solve_and_print};
use std::fmt::Write as _;

pub const HELP: &str = "\
Solves a Jodici (seed 002) with encodings/jodici.lp: 3 rings and 6 sectors, every number 1..9 used
twice, every sector summing to 15 and every ring to 30.

Input (FILE, or - for standard input): the seed's CSV game field, one line per ring (3 lines),
one column per sector (6 columns), `_` for an empty field:
    3,7,_,_,_,_
    _,_,1,5,9,_
    6,_,_,_,_,_
Sector S is column S and ring R is line R, so the facts are given(Sector, Ring, N) and the
shown atoms value(Sector, Ring, N); the seed's Python field is field[S-1][R-1]. Lines starting
with `#` or `%` are comments.

Each solution prints the rings as the CSV lines with their sums (given numbers in brackets), the
sector sums, and the seed's Python field, sector by sector.";

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game field as the seed's CSV (`-`: standard input)
    pub file: String,
    #[command(flatten)]
    pub common: Common,
}

/// `field[sector][ring]`, 0 for an empty field.
pub type Field = [[i32; 3]; 6];

/// Parses the seed's CSV (3 lines of 6 values, `_` for empty).
pub fn parse(text: &str, file: &str) -> Result<Field> {
    let mut field = [[0; 3]; 6];
    let mut ring = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with('%') {
            continue;
        }
        if ring == 3 {
            return Err(input_error(file, i + 1, "more than 3 rings (lines)"));
        }
        let cells: Vec<&str> = line.split(',').map(str::trim).collect();
        if cells.len() != 6 {
            return Err(input_error(
                file,
                i + 1,
                format!("expected 6 sectors (comma-separated), got {}", cells.len()),
            ));
        }
        for (s, c) in cells.iter().enumerate() {
            field[s][ring] = match *c {
                "_" | "" => 0,
                v => match v.parse::<i32>() {
                    Ok(n @ 1..=9) => n,
                    _ => {
                        return Err(input_error(
                            file,
                            i + 1,
                            format!("'{v}' is neither a number 1..9 nor '_'"),
                        ));
                    }
                },
            };
        }
        ring += 1;
    }
    if ring != 3 {
        return Err(input_error(
            file,
            text.lines().count().max(1),
            format!("expected 3 rings (lines), got {ring}"),
        ));
    }
    Ok(field)
}

/// The facts `given(Sector, Ring, N)`.
pub fn facts(field: &Field) -> String {
    let mut s = String::new();
    for (sec, rings) in field.iter().enumerate() {
        for (r, &n) in rings.iter().enumerate() {
            if n != 0 {
                let _ = writeln!(s, "given({}, {}, {n}).", sec + 1, r + 1);
            }
        }
    }
    s
}

/// The filled field in a model's `value/3` atoms.
pub fn solution(model: &[Atom]) -> Field {
    let mut field = [[0; 3]; 6];
    for a in engine::atoms(model, "value", 3) {
        if let Some(v) = a.ints()
            && (1..=6).contains(&v[0])
            && (1..=3).contains(&v[1])
        {
            field[v[0] as usize - 1][v[1] as usize - 1] = v[2];
        }
    }
    field
}

/// The solution as a table of rings by sectors, given numbers in brackets.
pub fn render(given: &Field, sol: &Field) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "sector    1   2   3   4   5   6   sum");
    for r in 0..3 {
        let _ = write!(out, "ring {}  ", r + 1);
        for s in 0..6 {
            if given[s][r] != 0 {
                let _ = write!(out, " [{}]", sol[s][r]);
            } else {
                let _ = write!(out, "  {} ", sol[s][r]);
            }
        }
        let sum: i32 = (0..6).map(|s| sol[s][r]).sum();
        let _ = writeln!(out, "  {sum}");
    }
    let mut sums = String::from("sum     ");
    for sector in sol {
        let _ = write!(sums, " {:>2} ", sector.iter().sum::<i32>());
    }
    let _ = writeln!(out, "{}", sums.trim_end());
    let sectors: Vec<String> = sol
        .iter()
        .map(|s| format!("[{}, {}, {}]", s[0], s[1], s[2]))
        .collect();
    let _ = writeln!(out, "solution: [{}]", sectors.join(", "));
    out
}

pub fn run(args: &Args) -> Result<i32> {
    let name = super::input_name(&args.file);
    let given = parse(&read_input(&args.file)?, name)?;
    if args.common.facts {
        super::out(&facts(&given));
        return Ok(0);
    }
    let (code, _) = solve_and_print(
        &JODICI,
        &facts(&given),
        &[],
        &args.common,
        &mut |m| render(&given, &solution(m)),
        None,
    )?;
    Ok(code)
}
