//! Pseudo-Boolean constraints `Σ wᵢ·xᵢ ∈ allowed` as a reduced ordered decision diagram: nodes
//! are merged by partial sum and pruned where every or no completion is allowed, and each
//! remaining node is one if-then-else variable (4 clauses). The diagram's root is equivalent to
//! the constraint, and with the inputs fixed unit propagation decides it.

use super::amo::AmoSets;
use super::{Value, all_allowed, clause, none_allowed};
use crate::cnf::Cnf;
use std::collections::{BTreeMap, HashMap};

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

/// A literal that implies `x ? hi : lo`, for a monotone function (`hi` implies `lo`, as
/// taking an item of an upper bound leaves less room): half of [`ite`]'s clauses. A diagram
/// of these is still arc-consistent once its root is true (a node is derived false whenever
/// the assigned items falsify its function, and an item is derived false where taking it
/// would), and a root that is only ever assumed or asserted needs no more. The node's
/// variable is then not a function of the items: with the root false it is free.
fn ite_implied(cnf: &mut Cnf, x: Value, hi: Value, lo: Value) -> Value {
    match x {
        Value::True => return hi,
        Value::False => return lo,
        Value::Lit(_) => {}
    }
    if hi == lo {
        return hi;
    }
    if (hi, lo) == (Value::False, Value::True) {
        return x.negate();
    }
    let v = Value::Lit(cnf.new_var());
    clause(cnf, &[v.negate(), x.negate(), hi]);
    clause(cnf, &[v.negate(), lo]);
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

/// A node over a group of items of which at most one is true: with `taken` the child for
/// each item (reached when that item is the one taken) and `none` the child when none is, a
/// literal that implies (or with `!implied_only`, is equivalent to, given the group's "at most
/// one") "the taken item's child holds". Children are monotone: each implies `none`.
fn group_node(cnf: &mut Cnf, taken: &[(Value, Value)], none: Value, implied_only: bool) -> Value {
    if taken.iter().all(|&(_, child)| child == none) {
        return none;
    }
    if none == Value::False {
        return Value::False;
    }
    let v = Value::Lit(cnf.new_var());
    clause(cnf, &[v.negate(), none]);
    for &(x, child) in taken {
        if child != none {
            clause(cnf, &[v.negate(), x.negate(), child]);
        }
    }
    if !implied_only {
        for &(x, child) in taken {
            clause(cnf, &[x.negate(), child.negate(), v]);
        }
        let mut none_taken: Vec<Value> = taken.iter().map(|&(x, _)| x).collect();
        none_taken.extend([none.negate(), v]);
        clause(cnf, &none_taken);
    }
    v
}

/// Decision diagrams for `Σ wᵢ·[xᵢ] ≤ bound` over fixed items, for any number of bounds (the
/// successive bounds of model-improving optimization, the guards of one aggregate). Weights
/// are made positive (`w·x = w + |w|·¬x`), and a node means "the items from `i` on add at most
/// `room`": that does not depend on the bound that reached it, so later bounds reuse the nodes
/// of earlier ones and pay only for those they are the first to need. As in Abío et al., "A
/// New Look at BDDs for Pseudo-Boolean Constraints" (2012), each node stands for the whole
/// interval of rooms with the same function (no subset of the items sums to a value between),
/// so rooms that differ only there share one node.
#[derive(Debug)]
pub struct AtMost {
    /// The layers of the diagram, largest weight first: single undecided items with positive
    /// weights, or groups of them of which at most one is true ([`AmoSets`]), where a node
    /// branches on which item of its group is taken (a multi-valued diagram).
    layers: Vec<Vec<(Value, i64)>>,
    /// The constant part of the sum (decided items, folded negative weights).
    base: i64,
    /// rest[i]: what the layers from i on add at most.
    rest: Vec<i64>,
    /// nodes[i]: the nodes over the layers from i on, by the lowest room of their interval,
    /// with the highest and the node's literal.
    nodes: Vec<BTreeMap<i64, (i64, Value)>>,
    /// Whether a root need only imply its bound ([`ite_implied`]) instead of being equivalent.
    implied_only: bool,
}

impl AtMost {
    /// The diagrams of `Σ items ≤ bound`, with a layer per group of items in one of the `amo`
    /// sets; with `implied_only`, a root only implies its bound (for bounds that are assumed
    /// or asserted, never negated).
    pub fn new(items: &[(Value, i64)], amo: &AmoSets, implied_only: bool) -> Self {
        let (open, base) = super::positive_items(items);
        let mut layers = amo.groups(&open);
        let heaviest = |layer: &Vec<(Value, i64)>| layer.iter().map(|&(_, w)| w).max();
        layers.sort_by_key(|layer| std::cmp::Reverse(heaviest(layer)));
        let mut rest = vec![0i64; layers.len() + 1];
        for i in (0..layers.len()).rev() {
            rest[i] = rest[i + 1] + heaviest(&layers[i]).unwrap_or(0);
        }
        AtMost {
            nodes: vec![BTreeMap::new(); layers.len()],
            layers,
            base,
            rest,
            implied_only,
        }
    }

    /// A literal equivalent to `Σ ≤ bound`; `None` when the nodes this bound is the first to
    /// need would take more than `budget` clauses (then nothing was added to `cnf` or kept).
    pub fn at_most(&mut self, cnf: &mut Cnf, bound: i64, budget: usize) -> Option<Value> {
        let mut added = Vec::new();
        let mut scratch = Cnf::with_vars(cnf.num_vars());
        let room = bound.saturating_sub(self.base);
        match self.node(&mut scratch, 0, room, budget, &mut added) {
            Some((root, _)) => {
                super::append(cnf, &scratch);
                Some(root)
            }
            None => {
                for (i, lo) in added {
                    self.nodes[i].remove(&lo);
                }
                None
            }
        }
    }

    /// The node "items from i on add at most room", with the interval of rooms it stands for;
    /// `added` collects the new nodes.
    fn node(
        &mut self,
        cnf: &mut Cnf,
        i: usize,
        room: i64,
        limit: usize,
        added: &mut Vec<(usize, i64)>,
    ) -> Option<(Value, (i64, i64))> {
        if room < 0 {
            return Some((Value::False, (i64::MIN, -1)));
        }
        if self.rest[i] <= room {
            return Some((Value::True, (self.rest[i], i64::MAX)));
        }
        if let Some((&lo, &(hi, v))) = self.nodes[i].range(..=room).next_back()
            && room <= hi
        {
            return Some((v, (lo, hi)));
        }
        let (without, (mut lo, mut hi)) = self.node(cnf, i + 1, room, limit, added)?;
        let mut taken = Vec::with_capacity(self.layers[i].len());
        for k in 0..self.layers[i].len() {
            let (x, w) = self.layers[i][k];
            let (with, (a, b)) = self.node(cnf, i + 1, room - w, limit, added)?;
            lo = lo.max(a.saturating_add(w));
            hi = hi.min(b.saturating_add(w));
            taken.push((x, with));
        }
        let v = match taken[..] {
            [(x, with)] if self.implied_only => ite_implied(cnf, x, with, without),
            [(x, with)] => ite(cnf, x, with, without),
            _ => group_node(cnf, &taken, without, self.implied_only),
        };
        if cnf.num_clauses() > limit || added.len() > limit {
            return None;
        }
        self.nodes[i].insert(lo, (hi, v));
        added.push((i, lo));
        Some((v, (lo, hi)))
    }
}
