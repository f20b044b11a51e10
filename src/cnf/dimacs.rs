//! DIMACS CNF with aspsat's symbol map in comments, and SAT solvers' answers.
//!
//! Map lines: `c atom VAR SYMBOL` (the shown symbol is true exactly when VAR is) and
//! `c fact SYMBOL` (shown in every answer set). Optimization programs add their objective as
//! `c cost PRIORITY WEIGHT LIT` lines (`LIT` a DIMACS literal, or `true`): a model's cost at a
//! priority is the sum of the weights of the lines whose literal it satisfies; costs are
//! minimized lexicographically, highest priority first (clingo's `W@P`).

use super::{Cnf, CnfLit};
use std::io::{self, Write};

/// The symbol map of a CNF file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SymbolMap {
    pub atoms: Vec<(u32, String)>,
    pub facts: Vec<String>,
    /// Objective terms `(priority, weight, literal)`; literal 0 stands for `true`.
    pub costs: Vec<(i64, i64, CnfLit)>,
}

impl SymbolMap {
    /// The model's cost vector, highest priority first (empty without an objective).
    pub fn costs_of(&self, model: &[bool]) -> Vec<i64> {
        let mut priorities: Vec<i64> = self.costs.iter().map(|c| c.0).collect();
        priorities.sort_unstable_by(|a, b| b.cmp(a));
        priorities.dedup();
        priorities
            .iter()
            .map(|&p| {
                self.costs
                    .iter()
                    .filter(|&&(q, _, l)| {
                        q == p
                            && (l == 0
                                || model
                                    .get(l.unsigned_abs() as usize)
                                    .is_some_and(|&v| v == (l > 0)))
                    })
                    .map(|c| c.1)
                    .sum()
            })
            .collect()
    }
}

pub fn write(out: &mut dyn Write, cnf: &Cnf, map: &SymbolMap, header: &[String]) -> io::Result<()> {
    let mut w = io::BufWriter::new(out);
    for line in header {
        writeln!(w, "c {line}")?;
    }
    write_map_lines(&mut w, map)?;
    writeln!(w, "p cnf {} {}", cnf.num_vars(), cnf.num_clauses())?;
    let mut line = String::new();
    for clause in cnf.clauses() {
        line.clear();
        for l in clause {
            line.push_str(itoa(*l).as_str());
            line.push(' ');
        }
        line.push('0');
        writeln!(w, "{line}")?;
    }
    w.flush()
}

fn write_map_lines(w: &mut dyn Write, map: &SymbolMap) -> io::Result<()> {
    for (var, sym) in &map.atoms {
        writeln!(w, "c atom {var} {sym}")?;
    }
    for sym in &map.facts {
        writeln!(w, "c fact {sym}")?;
    }
    for &(priority, weight, lit) in &map.costs {
        if lit == 0 {
            writeln!(w, "c cost {priority} {weight} true")?;
        } else {
            writeln!(w, "c cost {priority} {weight} {lit}")?;
        }
    }
    Ok(())
}

/// Writes the symbol map alone (for `aspsat dimacs --map FILE`): comment lines in the same
/// `c atom` / `c fact` / `c cost` format, no clauses.
pub fn write_map(out: &mut dyn Write, map: &SymbolMap, header: &[String]) -> io::Result<()> {
    let mut w = io::BufWriter::new(out);
    for line in header {
        writeln!(w, "c {line}")?;
    }
    write_map_lines(&mut w, map)?;
    w.flush()
}

/// Reads a map line's comment text (after `c`) into `map`; other comments are ignored.
fn map_comment(comment: &str, line: usize, map: &mut SymbolMap) -> Result<(), String> {
    let comment = comment.trim_start();
    if let Some(rest) = comment.strip_prefix("atom ") {
        let (var, sym) = rest
            .split_once(' ')
            .ok_or_else(|| format!("line {line}: malformed 'c atom' line"))?;
        let var: u32 = var
            .parse()
            .map_err(|_| format!("line {line}: malformed variable in 'c atom' line"))?;
        map.atoms.push((var, sym.to_string()));
    } else if let Some(sym) = comment.strip_prefix("fact ") {
        map.facts.push(sym.to_string());
    } else if let Some(rest) = comment.strip_prefix("cost ") {
        let parts: Vec<&str> = rest.split_whitespace().collect();
        let bad = || format!("line {line}: malformed 'c cost' line");
        let [p, w, l] = parts.as_slice() else {
            return Err(bad());
        };
        let lit = if *l == "true" {
            0
        } else {
            l.parse().map_err(|_| bad())?
        };
        map.costs.push((
            p.parse().map_err(|_| bad())?,
            w.parse().map_err(|_| bad())?,
            lit,
        ));
    }
    Ok(())
}

/// Reads a symbol map written by [`write_map`]: only comment lines and blank lines.
pub fn read_map(text: &str) -> Result<SymbolMap, String> {
    let mut map = SymbolMap::default();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        match line.strip_prefix('c') {
            Some(comment) => map_comment(comment, i + 1, &mut map)?,
            None => {
                return Err(format!(
                    "line {}: a symbol map has only 'c' lines (is this the CNF?)",
                    i + 1
                ));
            }
        }
    }
    Ok(map)
}

fn itoa(l: CnfLit) -> String {
    l.to_string()
}

/// Reads a DIMACS CNF and its symbol map. Errors name the line.
pub fn read(text: &str) -> Result<(Cnf, SymbolMap), String> {
    let mut cnf = Cnf::new();
    let mut map = SymbolMap::default();
    let mut declared: Option<(u32, usize)> = None;
    let mut clause = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(comment) = line.strip_prefix('c') {
            map_comment(comment, i + 1, &mut map)?;
            continue;
        }
        if line.is_empty() || line.starts_with('%') {
            continue;
        }
        if let Some(header) = line.strip_prefix("p ") {
            let parts: Vec<&str> = header.split_whitespace().collect();
            match parts.as_slice() {
                ["cnf", v, c] => {
                    let v = v
                        .parse()
                        .map_err(|_| format!("line {}: bad header", i + 1))?;
                    let c = c
                        .parse()
                        .map_err(|_| format!("line {}: bad header", i + 1))?;
                    declared = Some((v, c));
                    while cnf.num_vars() < v {
                        cnf.new_var();
                    }
                }
                _ => return Err(format!("line {}: expected 'p cnf VARS CLAUSES'", i + 1)),
            }
            continue;
        }
        let Some((vars, _)) = declared else {
            return Err(format!("line {}: clause before the 'p cnf' header", i + 1));
        };
        for tok in line.split_whitespace() {
            let l: i64 = tok
                .parse()
                .map_err(|_| format!("line {}: '{tok}' is not a literal", i + 1))?;
            if l == 0 {
                cnf.add_clause(&clause);
                clause.clear();
            } else if l.unsigned_abs() > vars as u64 {
                return Err(format!(
                    "line {}: literal {l} exceeds the declared {vars} variables",
                    i + 1
                ));
            } else {
                clause.push(l as CnfLit);
            }
        }
    }
    if !clause.is_empty() {
        cnf.add_clause(&clause);
    }
    if declared.is_none() {
        return Err("no 'p cnf' header".to_string());
    }
    Ok((cnf, map))
}

/// A SAT solver's answer.
#[derive(Clone, Debug, PartialEq)]
pub enum SolverAnswer {
    /// `model[v]` for variable `v`; variables the solver did not print are false.
    Sat(Vec<bool>),
    Unsat,
    Unknown,
}

/// Parses SAT-competition output (`s SATISFIABLE`, `v 1 -2 ... 0`; cadical, kissat,
/// cryptominisat5, picosat, glucose with `-model`) or minisat's result file (`SAT` then the
/// literals, `UNSAT` or `INDET`; minisat, glucose). `c` lines and other text are ignored.
pub fn read_answer(text: &str, num_vars: u32) -> Result<SolverAnswer, String> {
    let mut status: Option<&str> = None;
    let mut lits: Vec<i64> = Vec::new();
    let mut minisat = false;
    // CaDiCaL before 1.7 says `c UNKNOWN` (no `s` line) when it stops at a limit.
    let mut comment_unknown = false;
    for line in text.lines() {
        let line = line.trim();
        comment_unknown |= line == "c UNKNOWN";
        if let Some(s) = line.strip_prefix("s ") {
            let new = match s.trim() {
                "SATISFIABLE" => "SAT",
                "UNSATISFIABLE" => "UNSAT",
                "UNKNOWN" | "INDETERMINATE" => "UNKNOWN",
                other => return Err(format!("unknown status line 's {other}'")),
            };
            if status.is_some_and(|old| old != new) {
                return Err("contradictory status lines".into());
            }
            status = Some(new);
        } else if let Some(v) =
            line.strip_prefix("v ")
                .or(if line == "v" { Some("") } else { None })
        {
            for tok in v.split_whitespace() {
                lits.push(
                    tok.parse()
                        .map_err(|_| format!("'{tok}' is not a literal in a 'v' line"))?,
                );
            }
        } else if status.is_none() && (line == "SAT" || line == "UNSAT" || line == "INDET") {
            minisat = true;
            status = Some(match line {
                "SAT" => "SAT",
                "UNSAT" => "UNSAT",
                _ => "UNKNOWN",
            });
        } else if minisat && status == Some("SAT") && !line.is_empty() {
            for tok in line.split_whitespace() {
                lits.push(
                    tok.parse()
                        .map_err(|_| format!("'{tok}' is not a literal"))?,
                );
            }
        }
    }
    match status {
        None if comment_unknown => Ok(SolverAnswer::Unknown),
        None => {
            Err("no solver status found (expected an 's ...' line or minisat's SAT/UNSAT)".into())
        }
        Some("UNSAT") => Ok(SolverAnswer::Unsat),
        Some("UNKNOWN") => Ok(SolverAnswer::Unknown),
        Some(_) => {
            if !lits.contains(&0) {
                return Err("the model is missing or unterminated (no closing 0)".into());
            }
            let mut model = vec![false; num_vars as usize + 1];
            let mut seen = vec![false; num_vars as usize + 1];
            for l in lits {
                if l == 0 {
                    continue;
                }
                let v = l.unsigned_abs() as usize;
                if v >= model.len() {
                    return Err(format!(
                        "the solver's model mentions variable {v}, beyond the CNF's {num_vars}"
                    ));
                }
                if seen[v] && model[v] != (l > 0) {
                    return Err(format!("the solver's model has both {v} and -{v}"));
                }
                seen[v] = true;
                model[v] = l > 0;
            }
            Ok(SolverAnswer::Sat(model))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_with_map() {
        let mut cnf = Cnf::new();
        let a = cnf.new_var();
        let b = cnf.new_var();
        cnf.add_clause(&[a, -b]);
        cnf.add_clause(&[b]);
        let map = SymbolMap {
            atoms: vec![(1, "p(1,\"a b\")".into())],
            facts: vec!["q".into()],
            costs: vec![(2, 5, -1), (1, 3, 0)],
        };
        let mut out = Vec::new();
        write(&mut out, &cnf, &map, &["made by a test".into()]).unwrap();
        let (cnf2, map2) = read(std::str::from_utf8(&out).unwrap()).unwrap();
        assert_eq!(map2, map);
        assert_eq!(
            cnf2.clauses().collect::<Vec<_>>(),
            cnf.clauses().collect::<Vec<_>>()
        );
    }

    #[test]
    fn separate_map_round_trip() {
        let map = SymbolMap {
            atoms: vec![(3, "p(1)".into()), (7, "q(\"x y\")".into())],
            facts: vec!["r".into()],
            costs: vec![(0, 4, -3), (1, 1, 0)],
        };
        let mut out = Vec::new();
        write_map(&mut out, &map, &["a header".into()]).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.lines().all(|l| l.starts_with("c ")));
        assert_eq!(read_map(&text).unwrap(), map);
        assert!(read_map("c atom 1 a\np cnf 1 0\n").is_err());
    }

    #[test]
    fn reads_competition_and_minisat_answers() {
        let comp = "c comment\ns SATISFIABLE\nv 1 -2\nv 3 0\n";
        assert_eq!(
            read_answer(comp, 3).unwrap(),
            SolverAnswer::Sat(vec![false, true, false, true])
        );
        assert_eq!(
            read_answer("SAT\n-1 2 0\n", 2).unwrap(),
            SolverAnswer::Sat(vec![false, false, true])
        );
        assert_eq!(read_answer("UNSAT\n", 2).unwrap(), SolverAnswer::Unsat);
        assert_eq!(
            read_answer("s UNSATISFIABLE\n", 2).unwrap(),
            SolverAnswer::Unsat
        );
        assert!(read_answer("garbage", 2).is_err());
        assert!(read_answer("s SATISFIABLE\nv 9 0\n", 2).is_err());
        assert_eq!(
            read_answer("s UNKNOWN\n", 2).unwrap(),
            SolverAnswer::Unknown
        );
        assert_eq!(read_answer("INDET\n", 2).unwrap(), SolverAnswer::Unknown);
        assert_eq!(
            read_answer("c limit\nc UNKNOWN\n", 2).unwrap(),
            SolverAnswer::Unknown
        );
        // picosat ends its model with a line 'v 0'; kissat and cadical wrap long 'v' lines.
        assert_eq!(
            read_answer("s SATISFIABLE\nv -1 2\nv 0\n", 2).unwrap(),
            SolverAnswer::Sat(vec![false, false, true])
        );
        assert!(read_answer("s SOMETHING\n", 2).is_err());
        assert!(read_answer("s SATISFIABLE\ns UNSATISFIABLE\n", 2).is_err());
        assert!(read_answer("s SATISFIABLE\n", 2).is_err(), "no model");
        assert!(
            read_answer("s SATISFIABLE\nv 1 2\n", 2).is_err(),
            "unterminated"
        );
        assert!(read_answer("s SATISFIABLE\nv 1 -1 0\n", 2).is_err());
        assert!(read_answer("s SATISFIABLE\nv 1 x 0\n", 2).is_err());
    }
}
