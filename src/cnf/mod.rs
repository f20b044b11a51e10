//! CNF formulas: a flat clause store with DIMACS-numbered variables; DIMACS ([`dimacs`]) and
//! MaxSAT WCNF ([`wcnf`]) reading and writing, and solvers' answers ([`answer`]).

pub mod answer;
pub mod dimacs;
pub mod wcnf;

/// A DIMACS literal: variable `v` (from 1) as `v` or `-v`.
pub type CnfLit = i32;

#[derive(Default, Debug, Clone)]
pub struct Cnf {
    num_vars: u32,
    lits: Vec<CnfLit>,
    /// Start of each clause in `lits`.
    starts: Vec<usize>,
}

impl Cnf {
    pub fn new() -> Self {
        Cnf::default()
    }

    /// An empty formula whose new variables come after `num_vars` existing ones.
    pub fn with_vars(num_vars: u32) -> Self {
        Cnf {
            num_vars,
            ..Cnf::default()
        }
    }

    pub fn new_var(&mut self) -> CnfLit {
        self.num_vars += 1;
        self.num_vars as CnfLit
    }

    pub fn num_vars(&self) -> u32 {
        self.num_vars
    }

    pub fn num_clauses(&self) -> usize {
        self.starts.len()
    }

    pub fn add_clause(&mut self, clause: &[CnfLit]) {
        debug_assert!(
            clause
                .iter()
                .all(|&l| l != 0 && l.unsigned_abs() <= self.num_vars)
        );
        self.starts.push(self.lits.len());
        self.lits.extend_from_slice(clause);
    }

    pub fn clause(&self, i: usize) -> &[CnfLit] {
        let end = self.starts.get(i + 1).copied().unwrap_or(self.lits.len());
        &self.lits[self.starts[i]..end]
    }

    pub fn clauses(&self) -> impl Iterator<Item = &[CnfLit]> {
        (0..self.starts.len()).map(|i| self.clause(i))
    }

    /// Whether a total assignment (`model[v]` for variable `v`, index 0 unused) satisfies
    /// every clause.
    pub fn satisfied_by(&self, model: &[bool]) -> bool {
        self.clauses().all(|c| {
            c.iter().any(|&l| {
                let v = l.unsigned_abs() as usize;
                v < model.len() && model[v] == (l > 0)
            })
        })
    }
}
