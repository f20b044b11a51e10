//! MaxSAT WCNF in the MaxSAT Evaluation 2022 format: the CNF as hard clauses (`h LITS 0`) and
//! the objective as soft clauses (`WEIGHT LITS 0`, weights positive), with the symbol map in
//! comments as in DIMACS (see [`super::dimacs`]).
//!
//! The objective of `c cost PRIORITY WEIGHT LIT` terms becomes soft clauses: a term of positive
//! weight `w` is the soft clause `-LIT` of weight `w` (violated, at cost `w`, when LIT holds); a
//! negative weight `w` is the soft clause `LIT` of weight `-w` plus the constant cost `w`; a
//! `true` term is a constant. So a priority's cost is its constant plus the weight of its
//! violated soft clauses.
//!
//! MaxSAT has one priority; clingo's lexicographic priorities are combined exactly by scaling:
//! the lowest priority's weights are multiplied by 1, and each higher priority's by one more
//! than the largest total the lower priorities' soft clauses can reach, so that no change at
//! lower priorities outweighs one unit at a higher priority. The multipliers are stated in the
//! file's comments. When the scaled weights would sum beyond 2^63 − 1 (the limit of the MaxSAT
//! Evaluation format) the export is refused.

use super::Cnf;
use super::dimacs::{self, SymbolMap};
use std::io::{self, Write};

/// The soft-clause sums must stay below 2^63 (MaxSAT Evaluation rules).
const MAX_TOTAL: u64 = i64::MAX as u64;

/// How one priority's costs become soft-clause weights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelScale {
    pub priority: i64,
    /// Every weight of this priority is multiplied by this.
    pub multiplier: u64,
    /// The priority's cost when no soft clause of it is violated (`true` terms and negative
    /// weights).
    pub constant: i64,
    /// The sum of the priority's unscaled soft-clause weights.
    pub soft_total: u64,
}

/// The multipliers that combine the map's priorities lexicographically, highest priority
/// first; an error when the scaled weights would not fit.
pub fn scaling(map: &SymbolMap) -> Result<Vec<LevelScale>, String> {
    let mut levels: Vec<LevelScale> = Vec::new();
    for priority in map.priorities() {
        let mut constant: i64 = 0;
        let mut soft_total: u64 = 0;
        for &(_, w, lit) in map.costs.iter().filter(|c| c.0 == priority) {
            if lit == 0 || w < 0 {
                constant = constant
                    .checked_add(w)
                    .ok_or_else(|| format!("the constant cost at priority {priority} overflows"))?;
            }
            if lit != 0 {
                soft_total = soft_total
                    .checked_add(w.unsigned_abs())
                    .filter(|&t| t <= MAX_TOTAL)
                    .ok_or_else(|| too_large(priority))?;
            }
        }
        levels.push(LevelScale {
            priority,
            multiplier: 0,
            constant,
            soft_total,
        });
    }
    // Lowest priority first: each multiplier exceeds the most the lower priorities can cost.
    let mut below: u64 = 0;
    for level in levels.iter_mut().rev() {
        level.multiplier = below + 1;
        below = level
            .soft_total
            .checked_mul(level.multiplier)
            .and_then(|scaled| scaled.checked_add(below))
            .filter(|&t| t <= MAX_TOTAL)
            .ok_or_else(|| too_large(level.priority))?;
    }
    Ok(levels)
}

fn too_large(priority: i64) -> String {
    format!(
        "the objective's priorities cannot be combined exactly into one MaxSAT objective: from \
         priority {priority} on, the scaled soft-clause weights exceed 2^63-1 (the MaxSAT \
         Evaluation limit); use fewer priorities or smaller weights, or `aspsat solve`"
    )
}

/// Writes the CNF's clauses as hard clauses and the map's objective as soft clauses (scaled by
/// `levels`, from [`scaling`]), after the `header` comments, the scaling and the map.
pub fn write(
    out: &mut dyn Write,
    cnf: &Cnf,
    map: &SymbolMap,
    levels: &[LevelScale],
    header: &[String],
) -> io::Result<()> {
    let mut w = io::BufWriter::new(out);
    for line in header {
        writeln!(w, "c {line}")?;
    }
    writeln!(
        w,
        "c MaxSAT Evaluation 2022 format: the program's CNF as hard clauses, its objective as soft clauses"
    )?;
    if levels.len() > 1 {
        writeln!(
            w,
            "c priorities combined exactly: each weight is multiplied by its priority's multiplier, which exceeds the lower priorities' largest total"
        )?;
    }
    for l in levels {
        writeln!(
            w,
            "c priority {}: multiplier {}, cost = {} + (weight of its violated soft clauses) / {}",
            l.priority, l.multiplier, l.constant, l.multiplier
        )?;
    }
    dimacs::write_map_lines(&mut w, map)?;
    dimacs::write_clauses(&mut w, cnf, "h ")?;
    for &(priority, weight, lit) in &map.costs {
        if lit == 0 || weight == 0 {
            continue;
        }
        let level = levels
            .iter()
            .find(|l| l.priority == priority)
            .expect("scaling covers every priority");
        // `scaling` checked that every scaled weight fits.
        let scaled = weight.unsigned_abs() * level.multiplier;
        let soft = if weight > 0 { -lit } else { lit };
        writeln!(w, "{scaled} {soft} 0")?;
    }
    w.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(costs: &[(i64, i64, i32)]) -> SymbolMap {
        SymbolMap {
            costs: costs.to_vec(),
            ..SymbolMap::default()
        }
    }

    #[test]
    fn priorities_are_scaled_lexicographically() {
        // Priority 1: weights 2 and 3 (total 5); priority 2: weight 1 and a negative -4.
        let m = map(&[(1, 2, 1), (1, 3, 2), (2, 1, 3), (2, -4, 4), (2, 7, 0)]);
        let levels = scaling(&m).unwrap();
        assert_eq!(levels[0].priority, 2);
        assert_eq!((levels[0].multiplier, levels[0].constant), (6, 3));
        assert_eq!(levels[0].soft_total, 5);
        assert_eq!((levels[1].multiplier, levels[1].constant), (1, 0));
        let mut cnf = Cnf::with_vars(4);
        cnf.add_clause(&[1, 2]);
        let mut out = Vec::new();
        write(&mut out, &cnf, &m, &levels, &[]).unwrap();
        let text = String::from_utf8(out).unwrap();
        let body: Vec<&str> = text.lines().filter(|l| !l.starts_with('c')).collect();
        assert_eq!(body, ["h 1 2 0", "2 -1 0", "3 -2 0", "6 -3 0", "24 4 0"]);
    }

    /// Brute force: the scaled WCNF cost orders all assignments exactly as the lexicographic
    /// cost vectors do.
    #[test]
    fn scaled_cost_is_lexicographic() {
        let m = map(&[
            (3, 2, 1),
            (3, -1, 2),
            (1, 5, 3),
            (1, 4, -1),
            (0, 9, 2),
            (0, -3, 3),
        ]);
        let levels = scaling(&m).unwrap();
        let wcnf_cost = |model: &[bool]| -> u64 {
            m.costs
                .iter()
                .filter(|c| c.2 != 0)
                .map(|&(p, w, l)| {
                    let holds = model[l.unsigned_abs() as usize] == (l > 0);
                    let violated = if w > 0 { holds } else { !holds };
                    let mult = levels.iter().find(|x| x.priority == p).unwrap().multiplier;
                    if violated { w.unsigned_abs() * mult } else { 0 }
                })
                .sum()
        };
        let models: Vec<Vec<bool>> = (0..8u32)
            .map(|bits| {
                (0..4)
                    .map(|v| v > 0 && bits & (1 << (v - 1)) != 0)
                    .collect()
            })
            .collect();
        for a in &models {
            for b in &models {
                let lex = m.costs_of(a).cmp(&m.costs_of(b));
                assert_eq!(wcnf_cost(a).cmp(&wcnf_cost(b)), lex, "{a:?} {b:?}");
            }
            // The constants and the scaled cost give back each priority's cost.
            let costs = m.costs_of(a);
            for (l, cost) in levels.iter().zip(costs) {
                assert!(cost >= l.constant);
            }
        }
    }

    #[test]
    fn refuses_weights_that_overflow() {
        let m = map(&[(2, i64::MAX / 2, 1), (1, i64::MAX / 2, 2)]);
        let e = scaling(&m).unwrap_err();
        assert!(e.contains("2^63-1"), "{e}");
        assert!(scaling(&map(&[(1, i64::MAX, 1)])).is_ok());
        assert!(scaling(&map(&[(1, i64::MAX, 1), (1, 1, 2)])).is_err());
    }
}
