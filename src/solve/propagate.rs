//! Unit propagation over a fixed CNF with decision levels (two watched literals, binary
//! clauses as implication lists): the cheap half of enumeration. It decides whether a partial
//! assignment is refuted by propagation alone and completes assignments that propagation
//! determines, so that most models of an enumeration need no call to the SAT solver (see
//! [`super::enumerate`]).

use crate::cnf::{Cnf, CnfLit};

/// A long clause watching a literal, with another of its literals (the blocker): when the
/// blocker is true the clause is satisfied and its literals need not be read.
#[derive(Clone, Copy)]
struct Watch {
    clause: u32,
    blocker: CnfLit,
}

pub(crate) struct Propagator {
    /// Clauses of three or more literals, clause `i` at `starts[i]..starts[i + 1]`; the first
    /// two are watched.
    lits: Vec<CnfLit>,
    starts: Vec<usize>,
    /// Per literal (index [`code`]): the long clauses watching it.
    watches: Vec<Vec<Watch>>,
    /// Per literal: the literals its falsity implies (binary clauses).
    implied: Vec<Vec<CnfLit>>,
    /// Per literal: 0 unassigned, 1 true, -1 false.
    value: Vec<i8>,
    trail: Vec<CnfLit>,
    /// Trail length where each decision level starts.
    levels: Vec<usize>,
    /// Next trail position to propagate.
    head: usize,
    /// The CNF is refuted without any decision.
    pub refuted: bool,
    /// Assignments made so far, a measure of the work done.
    pub assignments: u64,
}

fn code(l: CnfLit) -> usize {
    2 * l.unsigned_abs() as usize + usize::from(l < 0)
}

impl Propagator {
    pub fn new(cnf: &Cnf) -> Self {
        let n = cnf.num_vars() as usize;
        let mut p = Propagator {
            lits: Vec::new(),
            starts: vec![0],
            watches: vec![Vec::new(); 2 * n + 2],
            implied: vec![Vec::new(); 2 * n + 2],
            value: vec![0; 2 * n + 2],
            trail: Vec::new(),
            levels: Vec::new(),
            head: 0,
            refuted: false,
            assignments: 0,
        };
        let mut units = Vec::new();
        for clause in cnf.clauses() {
            match clause.len() {
                0 => p.refuted = true,
                1 => units.push(clause[0]),
                _ => p.attach(clause),
            }
        }
        for u in units {
            if !p.assign(u) {
                p.refuted = true;
            }
        }
        if !p.propagate() {
            p.refuted = true;
        }
        p
    }

    /// Watches a clause of two or more literals by its first two.
    fn attach(&mut self, clause: &[CnfLit]) {
        if let [a, b] = *clause {
            self.implied[code(a)].push(b);
            self.implied[code(b)].push(a);
            return;
        }
        let i = (self.starts.len() - 1) as u32;
        self.watches[code(clause[0])].push(Watch {
            clause: i,
            blocker: clause[1],
        });
        self.watches[code(clause[1])].push(Watch {
            clause: i,
            blocker: clause[0],
        });
        self.lits.extend_from_slice(clause);
        self.starts.push(self.lits.len());
    }

    /// The value of a literal: `Some(true)`, `Some(false)` or `None` when unassigned.
    pub fn lit_value(&self, l: CnfLit) -> Option<bool> {
        match self.value[code(l)] {
            0 => None,
            v => Some(v > 0),
        }
    }

    /// Makes `l` true (without propagating); `false` if it is false already.
    fn assign(&mut self, l: CnfLit) -> bool {
        match self.value[code(l)] {
            0 => {
                self.value[code(l)] = 1;
                self.value[code(-l)] = -1;
                self.trail.push(l);
                self.assignments += 1;
                true
            }
            v => v > 0,
        }
    }

    /// Opens a decision level and makes `l` true in it, propagating; `false` on a conflict
    /// (the level stays open: [`Propagator::backtrack`] undoes it).
    pub fn decide(&mut self, l: CnfLit) -> bool {
        self.levels.push(self.trail.len());
        self.assign(l) && self.propagate()
    }

    /// Undoes every decision level above `level`.
    pub fn backtrack(&mut self, level: usize) {
        if level >= self.levels.len() {
            return;
        }
        let keep = self.levels[level];
        for &l in &self.trail[keep..] {
            self.value[code(l)] = 0;
            self.value[code(-l)] = 0;
        }
        self.trail.truncate(keep);
        self.levels.truncate(level);
        self.head = keep;
    }

    /// The assignment as a model (`model[v]`, index 0 unused), unassigned variables taken from
    /// `fallback`.
    pub fn model(&self, fallback: &[bool]) -> Vec<bool> {
        let vars = self.value.len() / 2;
        let mut m = vec![false; vars.max(fallback.len())];
        for (v, slot) in m.iter_mut().enumerate().skip(1) {
            *slot = match self.value.get(2 * v).copied().unwrap_or(0) {
                0 => fallback.get(v).copied().unwrap_or(false),
                x => x > 0,
            };
        }
        m
    }

    fn propagate(&mut self) -> bool {
        while self.head < self.trail.len() {
            let p = self.trail[self.head];
            self.head += 1;
            let false_lit = -p;
            // Binary clauses first: they need no watch updates.
            let implied = std::mem::take(&mut self.implied[code(false_lit)]);
            let ok = implied.iter().all(|&l| self.assign(l));
            self.implied[code(false_lit)] = implied;
            if !ok || !self.propagate_long(false_lit) {
                return false;
            }
        }
        true
    }

    /// Visits the long clauses watching `false_lit`, which just became false.
    fn propagate_long(&mut self, false_lit: CnfLit) -> bool {
        // The fields apart, so that the loop keeps their addresses in registers.
        let Propagator {
            lits,
            starts,
            watches,
            value,
            trail,
            assignments,
            ..
        } = self;
        let mut watching = std::mem::take(&mut watches[code(false_lit)]);
        let mut i = 0;
        let mut ok = true;
        while i < watching.len() {
            let Watch { clause, blocker } = watching[i];
            if value[code(blocker)] > 0 {
                i += 1;
                continue;
            }
            let c = clause as usize;
            let clause_lits = &mut lits[starts[c]..starts[c + 1]];
            if clause_lits[0] == false_lit {
                clause_lits.swap(0, 1);
            }
            let other = clause_lits[0];
            let other_value = value[code(other)];
            if other_value > 0 {
                watching[i].blocker = other;
                i += 1;
                continue;
            }
            if let Some(k) = (2..clause_lits.len()).find(|&k| value[code(clause_lits[k])] >= 0) {
                clause_lits.swap(1, k);
                watches[code(clause_lits[1])].push(Watch {
                    clause,
                    blocker: other,
                });
                watching.swap_remove(i);
                continue;
            }
            i += 1;
            if other_value < 0 {
                ok = false;
                break;
            }
            value[code(other)] = 1;
            value[code(-other)] = -1;
            trail.push(other);
            *assignments += 1;
        }
        watches[code(false_lit)] = watching;
        ok
    }
}

#[cfg(test)]
mod tests {
    use super::Propagator;
    use crate::cnf::Cnf;

    fn cnf(n: u32, clauses: &[&[i32]]) -> Cnf {
        let mut c = Cnf::with_vars(n);
        for cl in clauses {
            c.add_clause(cl);
        }
        c
    }

    #[test]
    fn propagates_chains_and_undoes_levels() {
        // 1 → 2 → 3, and ¬(1 ∧ 4)
        let f = cnf(4, &[&[-1, 2], &[-2, 3], &[-1, -4]]);
        let mut p = Propagator::new(&f);
        assert!(p.decide(1));
        assert_eq!(p.lit_value(3), Some(true));
        assert_eq!(p.lit_value(4), Some(false));
        p.backtrack(0);
        assert_eq!(p.lit_value(3), None);
        assert!(p.decide(4));
        assert!(!p.decide(1), "1 contradicts 4");
        p.backtrack(1);
        assert_eq!(p.lit_value(1), Some(false), "4 implies not 1");
    }

    #[test]
    fn units_and_empty_clauses_at_the_root() {
        let p = Propagator::new(&cnf(2, &[&[1], &[-1, 2]]));
        assert!(!p.refuted);
        assert_eq!(p.lit_value(2), Some(true));
        assert!(Propagator::new(&cnf(1, &[&[1], &[-1]])).refuted);
    }

    #[test]
    fn every_assignment_agrees_with_the_clauses() {
        // All assignments of 5 variables over random 3-clauses: propagation never refutes a
        // satisfying assignment, and every complete assignment it accepts satisfies the CNF.
        let mut seed = 7u64;
        let mut rnd = |m: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % m
        };
        for _ in 0..50 {
            let mut f = Cnf::with_vars(5);
            for _ in 0..8 {
                let c: Vec<i32> = (0..3)
                    .map(|_| {
                        let v = rnd(5) as i32 + 1;
                        if rnd(2) == 0 { v } else { -v }
                    })
                    .collect();
                f.add_clause(&c);
            }
            let mut p = Propagator::new(&f);
            for bits in 0..32u32 {
                let model: Vec<bool> = std::iter::once(false)
                    .chain((0..5).map(|i| bits >> i & 1 == 1))
                    .collect();
                p.backtrack(0);
                let ok = !p.refuted
                    && (1..=5).all(|v| p.decide(if model[v] { v as i32 } else { -(v as i32) }));
                assert_eq!(ok, f.satisfied_by(&model), "assignment {bits:05b}");
            }
        }
    }
}
