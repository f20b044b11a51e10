//! The seeds' tile notations: seed 000's Prolog `tile/5` and `match/2` facts, and seed 003's
//! Arc lists `(top left right bottom)` (plain, or its `with` definition with names).

use super::{Edge, Notation, Puzzle};
use crate::puzzles::{Result, input_error};
use std::collections::HashMap;

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

impl Puzzle {
    /// The tiles in seed 003's notation, `((top left right bottom) ...)`.
    pub fn arc_text(&self) -> String {
        let tiles: Vec<String> = self
            .tiles
            .iter()
            .map(|t| format!("({} {} {} {})", t[0].term, t[3].term, t[1].term, t[2].term))
            .collect();
        format!("({})", tiles.join(" "))
    }
}

/// seed 003's lists (top left right bottom) → clockwise tiles; v matches -v.
pub(super) fn from_arc(arc: &[[i64; 4]], names: &HashMap<i64, String>) -> Puzzle {
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
pub(super) fn parse_prolog(text: &str, file: &str) -> Result<Puzzle> {
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
pub(super) fn parse_arc(text: &str, file: &str) -> Result<Puzzle> {
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
