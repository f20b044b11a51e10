//! Level ranking (in the style of Janhunen's lp2sat): an eager translation of non-tight
//! programs whose CNF models, restricted to the atoms, are exactly the answer sets.
//!
//! Each atom of a cyclic component `C` of the *monotone* dependency graph ([`monotone`]) gets a
//! rank: a bit vector of ⌈log2 |C|⌉ bits. An atom of `C` may be true only if one of its
//! supports is *founded*: its body holds, and it still holds when every monotone part that
//! mentions atoms of `C` only counts those of strictly smaller rank ([`founded`]): a positive
//! literal, the literal of a conditional literal, the elements an aggregate counts upwards. In
//! an answer set the ranks can be the order in which the least model of the reduct derives the
//! atoms of `C` (at most |C| distinct levels); conversely, ranks make every true atom
//! derivable, so the model is stable.
//!
//! Bodies that are not monotone inside their loop (and disjunctive rules that are not
//! head-cycle-free in this graph) are beyond NP: [`analyse`] refuses them with their position.
//!
//! The comparators are one-directional (an auxiliary literal implies `rank(b) < rank(a)`), which
//! suffices since they only occur positively. Size per component: ⌈log2 |C|⌉ variables per atom
//! and O(log |C|) variables and clauses per internal edge `(b, a)`, plus, per aggregate in a
//! loop, one more encoding of it over the ranked element conditions. False atoms get rank 0, so
//! they add no spurious models.

mod founded;
mod monotone;

use super::{Builder, TranslateError, Value};
use crate::cnf::CnfLit;
use crate::program::{AtomId, GroundProgram};
use std::collections::HashMap;

/// The cyclic components of the monotone dependency graph.
pub(super) struct Analysis {
    components: Vec<Vec<AtomId>>,
    /// `component[a]`: index of atom `a`'s cyclic component, or `u32::MAX`.
    component: Vec<u32>,
}

impl Analysis {
    pub(super) fn is_tight(&self) -> bool {
        self.components.is_empty()
    }
}

/// The components to rank, or why the program has no exact CNF: a body that is not monotone
/// in its head's loop, or a disjunctive rule whose head atoms share a loop.
pub(super) fn analyse(program: &GroundProgram) -> Result<Analysis, TranslateError> {
    let edges = monotone::edges(program);
    let components = super::tight::cyclic_components(&edges);
    let mut component = vec![u32::MAX; program.num_atoms()];
    for (i, comp) in components.iter().enumerate() {
        for a in comp {
            component[a.0 as usize] = i as u32;
        }
    }
    let comp_of = |a: AtomId| component[a.0 as usize];
    for rule in &program.rules {
        for (h, _) in monotone::heads(&rule.head) {
            let c = comp_of(h);
            if c == u32::MAX {
                continue;
            }
            for elem in &rule.body {
                monotone::check(program, h, elem, &|a| comp_of(a) == c)?;
            }
        }
    }
    for d in &program.disjunctions {
        let atoms = d.atoms();
        for (i, &a) in atoms.iter().enumerate() {
            if comp_of(a) == u32::MAX {
                continue;
            }
            if let Some(&b) = atoms[i + 1..].iter().find(|&&b| comp_of(b) == comp_of(a)) {
                return Err(TranslateError::NotHeadCycleFree {
                    atoms: (a, b),
                    span: d.span.clone(),
                    why: "such programs are beyond NP and have no polynomial CNF; solve them \
                          with `aspsat solve` (minimality check) instead"
                        .into(),
                });
            }
        }
    }
    Ok(Analysis {
        components,
        component,
    })
}

/// ⌈log2 n⌉ (0 for n ≤ 1).
fn bits(n: usize) -> usize {
    (usize::BITS - n.saturating_sub(1).leading_zeros()) as usize
}

/// A literal that implies `x < y` for bit vectors (least significant bit first).
fn less_than(b: &mut Builder, x: &[CnfLit], y: &[CnfLit]) -> CnfLit {
    let mut prev: Option<CnfLit> = None;
    for i in 0..x.len() {
        let lt = b.cnf.new_var();
        b.cnf.add_clause(&[-lt, -x[i], y[i]]);
        match prev {
            None => {
                b.cnf.add_clause(&[-lt, -x[i]]);
                b.cnf.add_clause(&[-lt, y[i]]);
            }
            Some(p) => {
                b.cnf.add_clause(&[-lt, y[i], p]);
                b.cnf.add_clause(&[-lt, -x[i], p]);
            }
        }
        prev = Some(lt);
    }
    prev.expect("comparators have at least one bit")
}

/// The ranks of one component, and the comparators made so far.
pub(super) struct Ranks {
    rank: HashMap<AtomId, Vec<CnfLit>>,
    less: HashMap<(AtomId, AtomId), CnfLit>,
}

impl Ranks {
    fn new(b: &mut Builder, comp: &[AtomId]) -> Ranks {
        let k = bits(comp.len());
        let mut rank = HashMap::with_capacity(comp.len());
        for &a in comp {
            let r: Vec<CnfLit> = (0..k).map(|_| b.cnf.new_var()).collect();
            if let Value::Lit(av) = b.atoms[a.0 as usize] {
                for &bit in &r {
                    b.cnf.add_clause(&[av, -bit]);
                }
            }
            rank.insert(a, r);
        }
        Ranks {
            rank,
            less: HashMap::new(),
        }
    }

    /// Whether `d` is ranked below `a` (false for `d == a`).
    fn below(&mut self, b: &mut Builder, d: AtomId, a: AtomId) -> Value {
        if d == a {
            return Value::False;
        }
        if let Some(&l) = self.less.get(&(d, a)) {
            return Value::Lit(l);
        }
        let l = less_than(b, &self.rank[&d], &self.rank[&a]);
        self.less.insert((d, a), l);
        Value::Lit(l)
    }
}

/// Adds the ranks and, for each true atom of a cyclic component, a founded support.
pub(super) fn encode(b: &mut Builder, analysis: &Analysis) {
    let program = b.program;
    let mut ranks: Vec<Ranks> = analysis
        .components
        .iter()
        .map(|comp| Ranks::new(b, comp))
        .collect();
    let mut founded: Vec<Vec<Value>> = vec![Vec::new(); program.num_atoms()];
    for rule in &program.rules {
        for (h, cond) in monotone::heads(&rule.head) {
            let c = analysis.component[h.0 as usize];
            if c == u32::MAX || !matches!(b.atoms[h.0 as usize], Value::Lit(_)) {
                continue;
            }
            let in_loop = |a: AtomId| analysis.component[a.0 as usize] == c;
            let support =
                founded::support(b, &mut ranks[c as usize], h, &rule.body, cond, &in_loop);
            if support != Value::False {
                founded[h.0 as usize].push(support);
            }
        }
    }
    for comp in &analysis.components {
        for &a in comp {
            let Value::Lit(av) = b.atoms[a.0 as usize] else {
                continue;
            };
            let mut clause = vec![Value::Lit(-av)];
            clause.append(&mut founded[a.0 as usize]);
            b.clause(&clause);
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn bits_is_ceil_log2() {
        let got: Vec<usize> = [1, 2, 3, 4, 5, 8, 9, 16, 17].map(super::bits).to_vec();
        assert_eq!(got, [0, 1, 2, 2, 3, 3, 4, 4, 5]);
    }
}
