//! Equation crossword (seed 002): the seed's Python `rules` dictionary, facts for
//! `encodings/equation.lp`, the grid as the seed's `state_str` prints it.

use super::engine::{self, Atom, EQUATION};
use super::{Common, Result, input_error, read_input, solve_and_print};
use std::fmt::Write as _;

pub const HELP: &str = "\
Solves an equation crossword (seed 002) with encodings/equation.lp: a 3x3 grid of numbers in
-9..99 where every row and column is an equation `a op b op c == result` (op: + - *, with *
binding tighter).

Input (FILE, or - for standard input): the entries of the seed's Python `rules` dictionary,
one per line; other lines (like 'order') are ignored:
    'state' : {11:26},
    'row1' : lambda s:s[11] - s[12] * s[13] == -278,
    'col3' : lambda s:s[13] * s[23] - s[33] == 245}
s[RC] is the number in row R, column C; 'state' gives the known numbers. Every equation has
three cells. (x12 is accepted for s[12], and = for ==.)

Each solution prints the grid as the seed's state_str does and every equation with the numbers
filled in; cell(Row,Col,Value) are the shown atoms.";

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The seed's Python rules dictionary (`-`: standard input)
    pub file: String,
    #[command(flatten)]
    pub common: Common,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Equation {
    pub name: String,
    /// (row, col) of the three cells, in order.
    pub cells: [(u8, u8); 3],
    /// The two operators, each '+', '-' or '*'.
    pub ops: [char; 2],
    pub result: i32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Puzzle {
    pub given: Vec<((u8, u8), i32)>,
    pub equations: Vec<Equation>,
}

fn cell_ref(tok: &str) -> Option<(u8, u8)> {
    let digits = tok
        .strip_prefix("s[")
        .and_then(|t| t.strip_suffix(']'))
        .or_else(|| tok.strip_prefix(['x', 'X']))?;
    let b = digits.as_bytes();
    (b.len() == 2 && (b'1'..=b'3').contains(&b[0]) && (b'1'..=b'3').contains(&b[1]))
        .then(|| (b[0] - b'0', b[1] - b'0'))
}

type Cells = Vec<(u8, u8)>;

/// Splits `s[11] - s[12] * s[13]` into cells and operators.
fn parse_expr(expr: &str) -> Option<(Cells, Vec<char>)> {
    let mut cells = Vec::new();
    let mut ops = Vec::new();
    let mut tok = String::new();
    for ch in expr.chars().chain(std::iter::once(' ')) {
        match ch {
            '+' | '-' | '*' | ' ' => {
                if !tok.is_empty() {
                    cells.push(cell_ref(&tok)?);
                    tok.clear();
                }
                if ch != ' ' {
                    ops.push(ch);
                }
            }
            c => tok.push(c),
        }
    }
    (cells.len() == ops.len() + 1).then_some((cells, ops))
}

/// Parses the seed's Python rules dictionary.
pub fn parse(text: &str, file: &str) -> Result<Puzzle> {
    let mut p = Puzzle::default();
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let code = line.split('#').next().unwrap_or("").trim();
        let Some((key, value)) = code.split_once(':') else {
            continue;
        };
        let key = key.trim().trim_matches(['\'', '"', '{', ' ']);
        let value = value.trim().trim_end_matches([',', '}']).trim();
        if key == "state" {
            let inner = value.trim_start_matches('{').trim_end_matches('}');
            for pair in inner.split(',').filter(|p| !p.trim().is_empty()) {
                let parsed = pair.split_once(':').and_then(|(c, v)| {
                    let c = c.trim();
                    let cell = cell_ref(&format!("x{c}"))?;
                    Some((cell, v.trim().parse::<i32>().ok()?))
                });
                match parsed {
                    Some(g) => p.given.push(g),
                    None => {
                        return Err(input_error(
                            file,
                            line_no,
                            format!("expected RC:VALUE in 'state', got '{}'", pair.trim()),
                        ));
                    }
                }
            }
        } else if let Some(body) = value.strip_prefix("lambda") {
            let body = body.trim_start();
            let body = body.split_once(':').map_or(body, |(_, b)| b);
            let (lhs, rhs) = body
                .split_once("==")
                .or_else(|| body.split_once('='))
                .ok_or_else(|| input_error(file, line_no, "expected EXPRESSION == RESULT"))?;
            let result = rhs.trim().parse::<i32>().map_err(|_| {
                input_error(file, line_no, format!("'{}' is not an integer", rhs.trim()))
            })?;
            let (cells, ops) = parse_expr(lhs).ok_or_else(|| {
                input_error(
                    file,
                    line_no,
                    "expected s[RC] op s[RC] op s[RC] with op one of + - * and R, C in 1..3",
                )
            })?;
            if cells.len() != 3 {
                return Err(input_error(
                    file,
                    line_no,
                    format!("an equation needs 3 cells, this one has {}", cells.len()),
                ));
            }
            p.equations.push(Equation {
                name: key.to_string(),
                cells: [cells[0], cells[1], cells[2]],
                ops: [ops[0], ops[1]],
                result,
            });
        }
    }
    if p.equations.is_empty() {
        return Err(input_error(
            file,
            1,
            "no equations ('row1' : lambda s: ... == N)",
        ));
    }
    Ok(p)
}

fn op_name(op: char) -> &'static str {
    match op {
        '+' => "plus",
        '-' => "minus",
        _ => "times",
    }
}

/// `given/3` and `equation/7` facts.
pub fn facts(p: &Puzzle) -> String {
    let mut s = String::new();
    for ((r, c), v) in &p.given {
        let _ = writeln!(s, "given({r},{c},{v}).");
    }
    for e in &p.equations {
        let [(r1, c1), (r2, c2), (r3, c3)] = e.cells;
        let _ = writeln!(
            s,
            "equation({}, ({r1},{c1}), {}, ({r2},{c2}), {}, ({r3},{c3}), {}).",
            quote_name(&e.name),
            op_name(e.ops[0]),
            op_name(e.ops[1]),
            e.result
        );
    }
    s
}

/// The equation's name as an ASP constant, or a string when it is not a lowercase name.
fn quote_name(n: &str) -> String {
    let ok = n.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if ok { n.to_string() } else { format!("{n:?}") }
}

/// The grid in a model's `cell/3` atoms.
pub fn grid(model: &[Atom]) -> [[i32; 3]; 3] {
    let mut g = [[0; 3]; 3];
    for a in engine::atoms(model, "cell", 3) {
        if let Some(v) = a.ints()
            && (1..=3).contains(&v[0])
            && (1..=3).contains(&v[1])
        {
            g[v[0] as usize - 1][v[1] as usize - 1] = v[2];
        }
    }
    g
}

/// The seed's `state_str` grid, then each equation with its numbers.
pub fn render(p: &Puzzle, g: &[[i32; 3]; 3]) -> String {
    let mut out = String::from("----------------\n");
    for row in g {
        let _ = writeln!(out, "|{:4}|{:4}|{:4}|", row[0], row[1], row[2]);
        out.push_str("----------------\n");
    }
    for e in &p.equations {
        let v = |i: usize| g[e.cells[i].0 as usize - 1][e.cells[i].1 as usize - 1];
        let _ = writeln!(
            out,
            "{}: {} {} {} {} {} == {}",
            e.name,
            v(0),
            e.ops[0],
            v(1),
            e.ops[1],
            v(2),
            e.result
        );
    }
    out
}

pub fn run(args: &Args) -> Result<i32> {
    let name = super::input_name(&args.file);
    let p = parse(&read_input(&args.file)?, name)?;
    if args.common.facts {
        super::out(&facts(&p));
        return Ok(0);
    }
    let (code, _) = solve_and_print(
        &EQUATION,
        &facts(&p),
        &[],
        &args.common,
        &mut |m| render(&p, &grid(m)),
        None,
    )?;
    Ok(code)
}
