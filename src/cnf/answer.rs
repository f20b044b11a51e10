//! What a SAT or MaxSAT solver printed: its verdict and model.
//!
//! SAT solvers print SAT-competition output (`s SATISFIABLE`, `v 1 -2 ... 0`: cadical, kissat,
//! cryptominisat5, picosat, glucose with `-model`) or minisat's result file (`SAT` then the
//! literals, `UNSAT` or `INDET`: minisat, glucose). MaxSAT solvers print the MaxSAT Evaluation
//! output: `o COST` lines, `s OPTIMUM FOUND`, and the model either as literals or (since the 2022
//! rules) as one string of `0`/`1` characters, `v 0110…`, one character per variable.

/// A solver's answer.
#[derive(Clone, Debug, PartialEq)]
pub enum SolverAnswer {
    /// `model[v]` for variable `v`; variables the solver did not print are false.
    Sat(Vec<bool>),
    Unsat,
    Unknown,
}

/// Parses a SAT solver's or a MaxSAT solver's output (see the module documentation); `c` lines
/// and other text are ignored. `s OPTIMUM FOUND` reads as [`SolverAnswer::Sat`]:
/// [`claims_optimum`] tells the two apart.
pub fn read_answer(text: &str, num_vars: u32) -> Result<SolverAnswer, String> {
    let mut status: Option<&str> = None;
    let mut lits: Vec<i64> = Vec::new();
    let mut bits: Option<Vec<bool>> = None;
    let mut minisat = false;
    // Only a MaxSAT solver's model can be a string of 0/1 characters.
    let mut maxsat = false;
    // CaDiCaL before 1.7 says `c UNKNOWN` (no `s` line) when it stops at a limit.
    let mut comment_unknown = false;
    for line in text.lines() {
        let line = line.trim();
        comment_unknown |= line == "c UNKNOWN";
        if line.starts_with("o ") {
            maxsat = true;
        } else if let Some(s) = line.strip_prefix("s ") {
            let new = match s.trim() {
                "SATISFIABLE" => "SAT",
                "OPTIMUM FOUND" => {
                    maxsat = true;
                    "SAT"
                }
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
            let v = v.trim();
            // (`v 0` alone is the empty list of literals; as a bit string it says the same.)
            if maxsat && v != "0" && !v.is_empty() && v.bytes().all(|b| b == b'0' || b == b'1') {
                if bits.is_some() || !lits.is_empty() {
                    return Err("more than one model in the solver's output".into());
                }
                bits = Some(v.bytes().map(|b| b == b'1').collect());
                continue;
            }
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
        Some(_) => match bits {
            Some(bits) => model_of_bits(&bits, num_vars).map(SolverAnswer::Sat),
            None => model_of_lits(&lits, num_vars).map(SolverAnswer::Sat),
        },
    }
}

/// Whether the output is a MaxSAT solver's claim of an optimum (`s OPTIMUM FOUND`).
pub fn claims_optimum(text: &str) -> bool {
    text.lines().any(|l| l.trim() == "s OPTIMUM FOUND")
}

fn model_of_bits(bits: &[bool], num_vars: u32) -> Result<Vec<bool>, String> {
    if bits.len() > num_vars as usize {
        return Err(format!(
            "the solver's model has {} values, beyond the formula's {num_vars} variables",
            bits.len()
        ));
    }
    let mut model = vec![false; num_vars as usize + 1];
    model[1..=bits.len()].copy_from_slice(bits);
    Ok(model)
}

fn model_of_lits(lits: &[i64], num_vars: u32) -> Result<Vec<bool>, String> {
    if !lits.contains(&0) {
        return Err("the model is missing or unterminated (no closing 0)".into());
    }
    let mut model = vec![false; num_vars as usize + 1];
    let mut seen = vec![false; num_vars as usize + 1];
    for &l in lits {
        if l == 0 {
            continue;
        }
        let v = l.unsigned_abs() as usize;
        if v >= model.len() {
            return Err(format!(
                "the solver's model mentions variable {v}, beyond the formula's {num_vars}"
            ));
        }
        if seen[v] && model[v] != (l > 0) {
            return Err(format!("the solver's model has both {v} and -{v}"));
        }
        seen[v] = true;
        model[v] = l > 0;
    }
    Ok(model)
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn reads_maxsat_answers() {
        let bits = "o 7\no 3\ns OPTIMUM FOUND\nv 0110\n";
        assert_eq!(
            read_answer(bits, 5).unwrap(),
            SolverAnswer::Sat(vec![false, false, true, true, false, false])
        );
        assert!(claims_optimum(bits));
        let lits = "o 3\ns OPTIMUM FOUND\nv -1 2 -3 0\n";
        assert_eq!(
            read_answer(lits, 3).unwrap(),
            SolverAnswer::Sat(vec![false, false, true, false])
        );
        assert!(!claims_optimum("s SATISFIABLE\nv 0\n"));
        assert!(
            read_answer("s OPTIMUM FOUND\nv 0110\n", 3).is_err(),
            "4 values, 3 vars"
        );
        // Without a MaxSAT status a lone token is a literal, not a bit string.
        assert!(
            read_answer("s SATISFIABLE\nv 10\n", 10).is_err(),
            "unterminated"
        );
    }
}
