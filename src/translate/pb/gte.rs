//! Pseudo-Boolean constraints as a generalized totalizer (Joshi, Martins and Manquinho,
//! "Generalized Totalizer Encoding for Pseudo-Boolean Constraints", CP 2015): a balanced tree
//! over the items whose every node has one literal "the items below sum to at least v" for each
//! distinct value v they can sum to, cut at a cap (every sum from the cap on is one value).
//!
//! A node's outputs come from its children's by one clause per pair of their values (`a ∧ b →
//! a + b`), so the size is the product of the children's value counts: small where few distinct
//! sums exist (many items sharing a few weights, as in objectives with unit or repeated costs),
//! quadratic in the cap where the weights are all different. With the root's value at the cap
//! false, unit propagation forces out every item that no longer fits (each node passes down the
//! room its sibling's true items leave), like the decision diagram. Later, lower bounds over
//! the same items cost nothing: each is one of the root's literals.
//!
//! Outputs only imply their value ("sum ≥ v → literal") for bounds that are asserted or
//! assumed; reified constraints also get the converse (a clause per pair of the children's
//! next values) and the order between a node's outputs, which makes every output exact.

use super::adder::{and2, or2};
use super::amo::AmoSets;
use super::{Value, clause, positive_items};
use crate::cnf::Cnf;

/// A node's outputs: each distinct value (ascending, in `1..=cap`) its items can sum to, with
/// the literal "the items sum to at least this value".
type Outputs = Vec<(i64, Value)>;

/// A leaf of the tree: one item, or items of which at most one is true ([`AmoSets`]).
type Leaf = Vec<(Value, i64)>;

/// The leaves over the items with positive weights ([`positive_items`]: groups of `amo`, then
/// the single items, equal weights side by side: their subtrees have the fewest distinct sums)
/// and the constant rest.
fn leaves(items: &[(Value, i64)], amo: &AmoSets) -> (Vec<Leaf>, i64) {
    let (open, base) = positive_items(items);
    let mut leaves = amo.groups(&open);
    let groups = leaves.iter().take_while(|leaf| leaf.len() > 1).count();
    leaves[groups..].sort_by_key(|leaf| leaf[0].1);
    (leaves, base)
}

/// The most the leaves add (one item of each group).
fn most(leaves: &[Leaf]) -> i64 {
    leaves
        .iter()
        .map(|leaf| leaf.iter().map(|&(_, w)| w).max().unwrap_or(0))
        .sum()
}

/// A leaf's distinct values cut at `cap` (ascending), each with its items.
fn leaf_values(leaf: &Leaf, cap: i64) -> Vec<(i64, Vec<Value>)> {
    let mut values: Vec<(i64, Vec<Value>)> = Vec::new();
    let mut sorted = leaf.clone();
    sorted.sort_by_key(|&(_, w)| w);
    for (x, w) in sorted {
        let v = w.min(cap);
        match values.last_mut() {
            Some((last, members)) if *last == v => members.push(x),
            _ => values.push((v, vec![x])),
        }
    }
    values
}

/// Whether a leaf's highest output is its one item itself (always for single items).
fn top_is_item(values: &[(i64, Vec<Value>)]) -> bool {
    values.last().is_some_and(|(_, members)| members.len() == 1)
}

/// The clauses of a leaf ([`build_leaf`]).
fn leaf_clauses(leaf: &Leaf, cap: i64, exact: bool) -> usize {
    let values = leaf_values(leaf, cap);
    let reused = usize::from(top_is_item(&values));
    let up = leaf.len() - reused + values.len() - 1;
    if exact {
        up + values.len() - reused
    } else {
        up
    }
}

/// A leaf's outputs: for each distinct value v, "the item taken weighs at least v", the
/// disjunction of the items from v up (an order encoding of the leaf's one value): each item
/// implies its value's output, and each output the one below. With `exact`, an output implies
/// an item of its value or the output above. A single item is its own output.
fn build_leaf(cnf: &mut Cnf, leaf: &Leaf, cap: i64, exact: bool) -> Outputs {
    let values = leaf_values(leaf, cap);
    let top_reused = top_is_item(&values);
    let out: Outputs = values
        .iter()
        .enumerate()
        .map(|(j, (v, members))| {
            let lit = if j + 1 == values.len() && top_reused {
                members[0]
            } else {
                Value::Lit(cnf.new_var())
            };
            (*v, lit)
        })
        .collect();
    for (j, (_, members)) in values.iter().enumerate() {
        let output = out[j].1;
        for &x in members {
            if x != output {
                clause(cnf, &[x.negate(), output]);
            }
        }
        if exact && !(j + 1 == values.len() && top_reused) {
            let mut parts: Vec<Value> = members.clone();
            parts.extend(out.get(j + 1).map(|&(_, above)| above));
            parts.push(output.negate());
            clause(cnf, &parts);
        }
    }
    order(cnf, &out);
    out
}

/// The values a node over two children with values `a` and `b` takes (cut at `cap`).
fn merged_values(a: &[i64], b: &[i64], cap: i64) -> Vec<i64> {
    let mut values: Vec<i64> = Vec::with_capacity((a.len() + 1) * (b.len() + 1));
    for &x in std::iter::once(&0).chain(a) {
        for &y in std::iter::once(&0).chain(b) {
            if x + y > 0 {
                values.push((x + y).min(cap));
            }
        }
    }
    values.sort_unstable();
    values.dedup();
    values
}

/// The clauses of the tree over `leaves` cut at `cap`, counted without building it; `None`
/// beyond `budget`. Returns the root's values too.
fn count(leaves: &[Leaf], cap: i64, exact: bool, budget: usize) -> Option<(usize, Vec<i64>)> {
    if let [leaf] = leaves {
        let clauses = leaf_clauses(leaf, cap, exact);
        let values = leaf_values(leaf, cap).into_iter().map(|(v, _)| v).collect();
        return (clauses <= budget).then_some((clauses, values));
    }
    let mid = leaves.len() / 2;
    let (left, a) = count(&leaves[..mid], cap, exact, budget)?;
    let (right, b) = count(&leaves[mid..], cap, exact, budget.saturating_sub(left))?;
    // one up clause per pair of values (0 included, not both 0)
    let pairs = (a.len() + 1) * (b.len() + 1) - 1;
    let total = left + right + pairs;
    if total > budget {
        return None;
    }
    let values = merged_values(&a, &b, cap);
    let total = if exact {
        // a down clause per pair below the highest value, and the order of the outputs
        let highest = *values.last().expect("a node has values");
        let below = std::iter::once(&0)
            .chain(&a)
            .flat_map(|&x| std::iter::once(&0).chain(&b).map(move |&y| x + y))
            .filter(|&s| s < highest)
            .count();
        total + below + values.len() - 1
    } else {
        total
    };
    (total <= budget).then_some((total, values))
}

/// Builds the tree over `leaves`; see the module documentation.
fn build(cnf: &mut Cnf, leaves: &[Leaf], cap: i64, exact: bool) -> Outputs {
    if let [leaf] = leaves {
        return build_leaf(cnf, leaf, cap, exact);
    }
    let mid = leaves.len() / 2;
    let a = build(cnf, &leaves[..mid], cap, exact);
    let b = build(cnf, &leaves[mid..], cap, exact);
    let a_values: Vec<i64> = a.iter().map(|&(v, _)| v).collect();
    let b_values: Vec<i64> = b.iter().map(|&(v, _)| v).collect();
    let out: Outputs = merged_values(&a_values, &b_values, cap)
        .into_iter()
        .map(|v| (v, Value::Lit(cnf.new_var())))
        .collect();
    let at = |v: i64| out[out.partition_point(|&(u, _)| u < v)].1;
    // Each child's values with 0 (always reached) in front.
    let with_zero = |c: &Outputs| -> Outputs {
        std::iter::once((0, Value::True))
            .chain(c.iter().copied())
            .collect()
    };
    let (a0, b0) = (with_zero(&a), with_zero(&b));
    for &(x, lx) in &a0 {
        for &(y, ly) in &b0 {
            if x + y > 0 {
                clause(cnf, &[lx.negate(), ly.negate(), at((x + y).min(cap))]);
            }
        }
    }
    if exact {
        // A child below its next value stays at most at its current one: the node's sum stays
        // at most `x + y`, and its next output above that is false.
        for (i, &(x, _)) in a0.iter().enumerate() {
            for (j, &(y, _)) in b0.iter().enumerate() {
                let Some(&(_, above)) = out.get(out.partition_point(|&(v, _)| v <= x + y)) else {
                    continue;
                };
                let next_a = a0.get(i + 1).map_or(Value::False, |&(_, l)| l);
                let next_b = b0.get(j + 1).map_or(Value::False, |&(_, l)| l);
                clause(cnf, &[next_a, next_b, above.negate()]);
            }
        }
        order(cnf, &out);
    }
    out
}

/// "At least a higher value" implies "at least a lower one".
fn order(cnf: &mut Cnf, out: &Outputs) {
    for pair in out.windows(2) {
        clause(cnf, &[pair[1].1.negate(), pair[0].1]);
    }
}

/// A generalized totalizer over fixed items, for bounds `Σ ≤ bound` up to the one it was built
/// for (successive optimization bounds, several guards of one aggregate).
#[derive(Debug)]
pub struct Totalizer {
    /// The constant part of the sum (decided items, folded negative weights).
    base: i64,
    /// What the open items add at most.
    total: i64,
    /// Sums from the cap on are one value: the tree answers bounds below `base + cap`.
    cap: i64,
    root: Outputs,
}

impl Totalizer {
    /// The clauses [`Totalizer::new`] would add for `Σ items ≤ bound`, or `None` beyond
    /// `budget`.
    pub fn cost(
        items: &[(Value, i64)],
        amo: &AmoSets,
        bound: i64,
        exact: bool,
        budget: usize,
    ) -> Option<usize> {
        let (leaves, base) = leaves(items, amo);
        let room = bound.saturating_sub(base);
        let total = most(&leaves);
        if leaves.is_empty() || room < 0 {
            return Some(0);
        }
        let cap = room.saturating_add(1).min(total);
        let (clauses, root) = count(&leaves, cap, exact, budget)?;
        let order = if exact { 0 } else { root.len() - 1 };
        (clauses + order <= budget).then_some(clauses + order)
    }

    /// The tree for bounds up to `bound`. With `exact`, every output is equivalent to its
    /// value (for reified constraints); otherwise outputs only follow from the items, and the
    /// root's literals only serve bounds that are asserted or assumed.
    pub fn new(
        cnf: &mut Cnf,
        items: &[(Value, i64)],
        amo: &AmoSets,
        bound: i64,
        exact: bool,
    ) -> Self {
        let (leaves, base) = leaves(items, amo);
        let total = most(&leaves);
        let room = bound.saturating_sub(base);
        let cap = room.saturating_add(1).clamp(1, total.max(1));
        // (a bound `total` or more away needs no tree for `at_most`, but `sum_in`'s lower ends do)
        let root = if leaves.is_empty() || room < 0 {
            Vec::new()
        } else {
            let root = build(cnf, &leaves, cap, exact);
            if !exact {
                // Exact by construction otherwise; a bound below the cap needs the root's
                // higher outputs to follow from its lower.
                order(cnf, &root);
            }
            root
        };
        Totalizer {
            base,
            total,
            cap,
            root,
        }
    }

    /// The root's literal "the items sum to at least `t`" (in the tree's own units, `t ≤ cap`).
    fn at_least(&self, t: i64) -> Value {
        if t <= 0 {
            return Value::True;
        }
        if t > self.total {
            return Value::False;
        }
        debug_assert!(t <= self.cap, "{t} above the cap {}", self.cap);
        let i = self.root.partition_point(|&(v, _)| v < t);
        self.root[i].1
    }

    /// A literal for `Σ ≤ bound` (equivalent to it when the tree is exact, else implying it);
    /// `None` when the bound is beyond the one the tree was built for.
    pub fn at_most(&self, bound: i64) -> Option<Value> {
        let room = bound.saturating_sub(self.base);
        if room < 0 {
            return Some(Value::False);
        }
        if room >= self.total {
            return Some(Value::True);
        }
        (room < self.cap).then(|| self.at_least(room + 1).negate())
    }
}

/// A literal equivalent to `Σ wᵢ·[xᵢ] ∈ allowed` (decided items may be given as constants): an
/// exact tree cut above the highest end of an interval, each interval `[a, b]` as "at least
/// a and not at least b + 1". `None` (and nothing added) when the tree would take more than
/// `budget` clauses.
pub fn sum_in(
    cnf: &mut Cnf,
    items: &[(Value, i64)],
    amo: &AmoSets,
    allowed: &[(i64, i64)],
    budget: usize,
) -> Option<Value> {
    let (_, base) = positive_items(items);
    let ends = allowed.iter().flat_map(|&(a, b)| {
        [
            (a != i64::MIN).then(|| a.saturating_sub(base)),
            (b != i64::MAX).then(|| b.saturating_sub(base).saturating_add(1)),
        ]
    });
    let highest = ends.flatten().max().unwrap_or(0);
    // the tree answers `≥ t` for every t up to its cap
    let bound = base.saturating_add(highest).saturating_sub(1);
    Totalizer::cost(items, amo, bound, true, budget)?;
    let tree = Totalizer::new(cnf, items, amo, bound, true);
    let mut result = Value::False;
    for &(a, b) in allowed {
        let low = if a == i64::MIN {
            Value::True
        } else {
            tree.at_least(a.saturating_sub(base))
        };
        let above = if b == i64::MAX {
            Value::False
        } else {
            tree.at_least(b.saturating_sub(base).saturating_add(1))
        };
        let inside = and2(cnf, low, above.negate());
        result = or2(cnf, result, inside);
    }
    Some(result)
}
