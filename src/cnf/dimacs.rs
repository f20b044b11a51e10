//! DIMACS CNF (and the hard clauses of WCNF) with aspsat's symbol map in comments.
//!
//! Map lines: `c atom VAR SYMBOL` (the shown symbol is true exactly when VAR is) and
//! `c fact SYMBOL` (shown in every answer set). Optimization programs add their objective as
//! `c cost PRIORITY WEIGHT LIT` lines (`LIT` a DIMACS literal, or `true`): a model's cost at a
//! priority is the sum of the weights of the lines whose literal it satisfies; costs are
//! minimized lexicographically, highest priority first (clingo's `W@P`). The line
//! `c map-of p cnf VARS CLAUSES fnv1a64 HASH` names the CNF the map belongs to (its header and a
//! hash of its clauses, see [`CnfId`]), so that `aspsat decode` can refuse a map applied to
//! another CNF. After the `p cnf` line, `c p show VARS… 0` lists the variables that `--project`
//! distinguishes (the shown atoms', or the `#project` atoms'): the projection of projected
//! model counters (model counting competition format).

pub use super::answer::{SolverAnswer, claims_optimum, read_answer};
use super::{Cnf, CnfLit};
use std::fmt;
use std::io::{self, Write};

/// The symbol map of a CNF file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SymbolMap {
    pub atoms: Vec<(u32, String)>,
    pub facts: Vec<String>,
    /// Objective terms `(priority, weight, literal)`; literal 0 stands for `true`.
    pub costs: Vec<(i64, i64, CnfLit)>,
    /// The CNF the map was written for (`None` in maps of older aspsat versions).
    pub cnf: Option<CnfId>,
}

/// Identifies a CNF: its `p cnf` numbers and the 64-bit FNV-1a hash of its clauses (each
/// literal as 4 little-endian bytes, each clause closed by a 0). Not cryptographic: it catches
/// a map given with the wrong CNF, not a forgery.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CnfId {
    pub vars: u32,
    pub clauses: usize,
    pub hash: u64,
}

impl CnfId {
    pub fn of(cnf: &Cnf) -> CnfId {
        const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
        const PRIME: u64 = 0x0000_0100_0000_01b3;
        let mut hash = OFFSET;
        for clause in cnf.clauses() {
            for l in clause.iter().chain(std::iter::once(&0)) {
                for byte in l.to_le_bytes() {
                    hash = (hash ^ byte as u64).wrapping_mul(PRIME);
                }
            }
        }
        CnfId {
            vars: cnf.num_vars(),
            clauses: cnf.num_clauses(),
            hash,
        }
    }
}

impl fmt::Display for CnfId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "p cnf {} {} fnv1a64 {:016x}",
            self.vars, self.clauses, self.hash
        )
    }
}

impl SymbolMap {
    /// The model's cost vector, highest priority first (empty without an objective).
    pub fn costs_of(&self, model: &[bool]) -> Vec<i64> {
        self.priorities()
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

    /// The objective's priorities, highest first.
    pub fn priorities(&self) -> Vec<i64> {
        let mut priorities: Vec<i64> = self.costs.iter().map(|c| c.0).collect();
        priorities.sort_unstable_by(|a, b| b.cmp(a));
        priorities.dedup();
        priorities
    }
}

/// Writes the CNF in DIMACS: the `header` comments, the map (may be empty when it goes to a
/// file of its own), the `p cnf` line, the `c p show` projection (the variables of the shown
/// atoms, or of the `#project` atoms), the clauses.
pub fn write(
    out: &mut dyn Write,
    cnf: &Cnf,
    map: &SymbolMap,
    header: &[String],
    projection: &[u32],
) -> io::Result<()> {
    let mut w = io::BufWriter::new(out);
    for line in header {
        writeln!(w, "c {line}")?;
    }
    write_map_lines(&mut w, map)?;
    writeln!(w, "p cnf {} {}", cnf.num_vars(), cnf.num_clauses())?;
    write!(w, "c p show")?;
    for v in projection {
        write!(w, " {v}")?;
    }
    writeln!(w, " 0")?;
    write_clauses(&mut w, cnf, "")?;
    w.flush()
}

/// Each clause on a line of its own, after `prefix` (`""` in DIMACS, `"h "` in WCNF).
pub(super) fn write_clauses(w: &mut dyn Write, cnf: &Cnf, prefix: &str) -> io::Result<()> {
    let mut line = String::new();
    for clause in cnf.clauses() {
        line.clear();
        line.push_str(prefix);
        for l in clause {
            line.push_str(&l.to_string());
            line.push(' ');
        }
        line.push('0');
        writeln!(w, "{line}")?;
    }
    Ok(())
}

pub(super) fn write_map_lines(w: &mut dyn Write, map: &SymbolMap) -> io::Result<()> {
    if let Some(id) = map.cnf {
        writeln!(w, "c map-of {id}")?;
    }
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
/// `c map-of` / `c atom` / `c fact` / `c cost` format, no clauses.
pub fn write_map(out: &mut dyn Write, map: &SymbolMap, header: &[String]) -> io::Result<()> {
    let mut w = io::BufWriter::new(out);
    for line in header {
        writeln!(w, "c {line}")?;
    }
    write_map_lines(&mut w, map)?;
    w.flush()
}

/// Reads `c map-of p cnf V C fnv1a64 HASH`.
fn read_cnf_id(rest: &str) -> Option<CnfId> {
    let parts: Vec<&str> = rest.split_whitespace().collect();
    let ["p", "cnf", vars, clauses, "fnv1a64", hash] = parts.as_slice() else {
        return None;
    };
    Some(CnfId {
        vars: vars.parse().ok()?,
        clauses: clauses.parse().ok()?,
        hash: u64::from_str_radix(hash, 16).ok()?,
    })
}

/// Reads a map line's comment text (after `c`) into `map`; other comments are ignored.
fn map_comment(comment: &str, line: usize, map: &mut SymbolMap) -> Result<(), String> {
    let comment = comment.trim_start();
    if let Some(rest) = comment.strip_prefix("map-of ") {
        let id =
            read_cnf_id(rest).ok_or_else(|| format!("line {line}: malformed 'c map-of' line"))?;
        if map.cnf.is_some_and(|old| old != id) {
            return Err(format!(
                "line {line}: a second 'c map-of' line names another CNF"
            ));
        }
        map.cnf = Some(id);
    } else if let Some(rest) = comment.strip_prefix("atom ") {
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

/// A formula read by [`read_formula`].
pub struct Formula {
    /// The clauses (WCNF: the hard ones).
    pub cnf: Cnf,
    pub map: SymbolMap,
    /// Read from WCNF: the variable count is the largest variable seen (WCNF has no header), so
    /// variables that occur in no clause may be missing.
    pub weighted: bool,
}

/// Reads a DIMACS CNF and its symbol map. Errors name the line.
pub fn read(text: &str) -> Result<(Cnf, SymbolMap), String> {
    let f = read_formula(text)?;
    if f.weighted && f.cnf.num_clauses() == 0 {
        return Err("no 'p cnf VARS CLAUSES' header".into());
    }
    if f.weighted {
        return Err("clauses before the 'p cnf VARS CLAUSES' header (or is this WCNF?)".into());
    }
    Ok((f.cnf, f.map))
}

/// Reads a DIMACS CNF, or the hard clauses of a WCNF in the MaxSAT Evaluation 2022 format
/// (`h LITS 0` hard, `WEIGHT LITS 0` soft, no header), with its symbol map. Errors name the line.
pub fn read_formula(text: &str) -> Result<Formula, String> {
    let mut cnf = Cnf::new();
    let mut map = SymbolMap::default();
    let mut declared: Option<u32> = None;
    let mut weighted = false;
    let mut clause = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        let at = i + 1;
        if let Some(comment) = line.strip_prefix('c') {
            map_comment(comment, at, &mut map)?;
            continue;
        }
        if line.is_empty() || line.starts_with('%') {
            continue;
        }
        if let Some(header) = line.strip_prefix("p ") {
            if declared.is_some() || weighted {
                return Err(format!("line {at}: a second header"));
            }
            let parts: Vec<&str> = header.split_whitespace().collect();
            let ["cnf", v, c] = parts.as_slice() else {
                return Err(format!(
                    "line {at}: expected 'p cnf VARS CLAUSES' (WCNF is read in the 2022 \
                     format without a header: 'h LITS 0' and 'WEIGHT LITS 0')"
                ));
            };
            let bad = || format!("line {at}: bad header");
            let v: u32 = v.parse().map_err(|_| bad())?;
            c.parse::<usize>().map_err(|_| bad())?;
            declared = Some(v);
            while cnf.num_vars() < v {
                cnf.new_var();
            }
            continue;
        }
        let mut tokens = line.split_whitespace().peekable();
        // A WCNF clause starts with `h` or its weight; a continued CNF clause cannot.
        let mut soft = false;
        if declared.is_none() && clause.is_empty() {
            let Some(&first) = tokens.peek() else {
                continue;
            };
            if first == "h" {
                tokens.next();
            } else if first.parse::<u64>().is_ok_and(|w| w > 0) && !line.ends_with(" 0") {
                return Err(format!("line {at}: clause before the 'p cnf' header"));
            } else if first.parse::<u64>().is_ok_and(|w| w > 0) {
                tokens.next();
                soft = true;
            } else {
                return Err(format!("line {at}: clause before the 'p cnf' header"));
            }
            weighted = true;
        }
        let mut ended = false;
        for tok in tokens {
            let l: i64 = tok
                .parse()
                .map_err(|_| format!("line {at}: '{tok}' is not a literal"))?;
            if weighted && ended {
                return Err(format!("line {at}: a WCNF clause goes on after its 0"));
            }
            if l == 0 {
                if !soft {
                    cnf.add_clause(&clause);
                }
                clause.clear();
                ended = true;
                continue;
            }
            match declared {
                Some(limit) if l.unsigned_abs() > limit as u64 => {
                    return Err(format!(
                        "line {at}: literal {l} exceeds the declared {limit} variables"
                    ));
                }
                // WCNF declares no variable count: one far beyond the file's size is an error
                // rather than a huge model to allocate.
                None if l.unsigned_abs() > text.len().max(1 << 20) as u64 => {
                    return Err(format!(
                        "line {at}: variable {} is too large for a WCNF of {} bytes",
                        l.unsigned_abs(),
                        text.len()
                    ));
                }
                _ => {}
            }
            let v = l.unsigned_abs() as u32;
            while cnf.num_vars() < v {
                cnf.new_var();
            }
            clause.push(l as CnfLit);
        }
        if weighted && !ended {
            return Err(format!(
                "line {at}: a WCNF clause must end with 0 on its line"
            ));
        }
    }
    if !clause.is_empty() {
        cnf.add_clause(&clause);
    }
    // Without a header nor clauses: an empty WCNF (what `aspsat dimacs --wcnf` writes for a
    // program that grounding decided).
    if declared.is_none() && !weighted {
        weighted = true;
    }
    Ok(Formula { cnf, map, weighted })
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
            cnf: Some(CnfId::of(&cnf)),
        };
        let mut out = Vec::new();
        write(&mut out, &cnf, &map, &["made by a test".into()], &[1]).unwrap();
        let text = std::str::from_utf8(&out).unwrap();
        assert!(text.contains("p cnf 2 2\nc p show 1 0\n"), "{text}");
        let (cnf2, map2) = read(text).unwrap();
        assert_eq!(map2, map);
        assert_eq!(
            cnf2.clauses().collect::<Vec<_>>(),
            cnf.clauses().collect::<Vec<_>>()
        );
        assert_eq!(CnfId::of(&cnf2), CnfId::of(&cnf));
    }

    #[test]
    fn cnf_id_tells_formulas_apart() {
        let mut a = Cnf::with_vars(3);
        a.add_clause(&[1, -2]);
        a.add_clause(&[3]);
        let mut b = Cnf::with_vars(3);
        b.add_clause(&[1]);
        b.add_clause(&[-2, 3]);
        let (ia, ib) = (CnfId::of(&a), CnfId::of(&b));
        assert_eq!((ia.vars, ia.clauses), (ib.vars, ib.clauses));
        assert_ne!(ia.hash, ib.hash, "same literals, other clauses");
        let line = format!("c map-of {ia}\n");
        assert_eq!(read_map(&line).unwrap().cnf, Some(ia));
        assert!(read_map("c map-of p cnf 3 x fnv1a64 12\n").is_err());
    }

    #[test]
    fn reads_wcnf_hard_clauses() {
        let text = "c map-of p cnf 5 2 fnv1a64 00\nh 1 -2 0\n3 -3 0\nh 2 0\n7 4 0\n";
        let f = read_formula(text).unwrap();
        assert!(f.weighted);
        assert_eq!(
            f.cnf.clauses().collect::<Vec<_>>(),
            [&[1, -2][..], &[2][..]]
        );
        assert_eq!(f.cnf.num_vars(), 4, "the largest variable seen");
        assert!(read(text).is_err(), "not DIMACS CNF");
        assert!(read_formula("h 1 2\n").is_err(), "unterminated");
        assert!(
            read_formula("h 1 0 2 0\n").is_err(),
            "two clauses on a line"
        );
        assert!(read_formula("h 99999999999 0\n").is_err(), "huge variable");
        assert!(read_formula("p wcnf 2 1 9\n9 1 0\n").is_err(), "old format");
        assert!(
            read_formula("1 -2 0\np cnf 2 1\n").is_err(),
            "soft clause, then a header"
        );
        assert!(read("1 -2\n").is_err(), "no header");
    }

    #[test]
    fn separate_map_round_trip() {
        let map = SymbolMap {
            atoms: vec![(3, "p(1)".into()), (7, "q(\"x y\")".into())],
            facts: vec!["r".into()],
            costs: vec![(0, 4, -3), (1, 1, 0)],
            cnf: None,
        };
        let mut out = Vec::new();
        write_map(&mut out, &map, &["a header".into()]).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.lines().all(|l| l.starts_with("c ")));
        assert_eq!(read_map(&text).unwrap(), map);
        assert!(read_map("c atom 1 a\np cnf 1 0\n").is_err());
    }
}
