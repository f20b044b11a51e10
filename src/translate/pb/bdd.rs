//! Pseudo-Boolean constraints `Σ wᵢ·xᵢ ∈ allowed` as a reduced ordered decision diagram: nodes
//! are merged by partial sum and pruned where every or no completion is allowed, and each
//! remaining node is one if-then-else variable (4 clauses). The diagram's root is equivalent to
//! the constraint, and with the inputs fixed unit propagation decides it.

use super::{Value, all_allowed, clause, none_allowed};
use crate::cnf::Cnf;
use std::collections::HashMap;

/// A literal equivalent to `x ? hi : lo`.
pub fn ite(cnf: &mut Cnf, x: Value, hi: Value, lo: Value) -> Value {
    match x {
        Value::True => return hi,
        Value::False => return lo,
        Value::Lit(_) => {}
    }
    if hi == lo {
        return hi;
    }
    match (hi, lo) {
        (Value::True, Value::False) => return x,
        (Value::False, Value::True) => return x.negate(),
        _ => {}
    }
    let v = Value::Lit(cnf.new_var());
    clause(cnf, &[v.negate(), x.negate(), hi]);
    clause(cnf, &[v.negate(), x, lo]);
    clause(cnf, &[v, x.negate(), hi.negate()]);
    clause(cnf, &[v, x, lo.negate()]);
    v
}

/// A literal equivalent to `Σ wᵢ·[xᵢ] ∈ allowed` (decided items may be given as constants);
/// `None` when the diagram would need more than `budget` clauses (then `cnf` has some of them).
pub fn sum_in(
    cnf: &mut Cnf,
    items: &[(Value, i64)],
    allowed: &[(i64, i64)],
    budget: usize,
) -> Option<Value> {
    let mut base = 0i64;
    let mut open: Vec<(Value, i64)> = Vec::new();
    for &(v, w) in items {
        match v {
            Value::True => base += w,
            Value::False => {}
            _ if w == 0 => {}
            _ => open.push((v, w)),
        }
    }
    // Large weights first: more sharing of partial sums near the leaves.
    open.sort_by_key(|(_, w)| std::cmp::Reverse(w.abs()));
    // rest[i]: the range of sums the items from i on can add.
    let mut rest = vec![(0i64, 0i64); open.len() + 1];
    for i in (0..open.len()).rev() {
        let w = open[i].1;
        rest[i] = (rest[i + 1].0 + w.min(0), rest[i + 1].1 + w.max(0));
    }
    let limit = cnf.num_clauses().saturating_add(budget);
    let mut d = Diagram {
        cnf,
        open: &open,
        rest: &rest,
        allowed,
        memo: HashMap::new(),
        limit,
    };
    d.node(0, base)
}

struct Diagram<'a> {
    cnf: &'a mut Cnf,
    open: &'a [(Value, i64)],
    /// rest[i]: the range of sums the items from i on can add.
    rest: &'a [(i64, i64)],
    allowed: &'a [(i64, i64)],
    memo: HashMap<(usize, i64), Value>,
    /// Give up beyond this many clauses in `cnf` (or this many nodes).
    limit: usize,
}

impl Diagram<'_> {
    /// The node "items from i on, with partial sum s so far".
    fn node(&mut self, i: usize, s: i64) -> Option<Value> {
        let (lo, hi) = (s + self.rest[i].0, s + self.rest[i].1);
        if all_allowed(self.allowed, lo, hi) {
            return Some(Value::True);
        }
        if none_allowed(self.allowed, lo, hi) {
            return Some(Value::False);
        }
        if let Some(&v) = self.memo.get(&(i, s)) {
            return Some(v);
        }
        let (x, w) = self.open[i];
        let with = self.node(i + 1, s + w)?;
        let without = self.node(i + 1, s)?;
        let v = ite(self.cnf, x, with, without);
        if self.cnf.num_clauses() > self.limit || self.memo.len() > self.limit {
            return None;
        }
        self.memo.insert((i, s), v);
        Some(v)
    }
}
