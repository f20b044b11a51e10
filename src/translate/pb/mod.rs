//! Pseudo-Boolean constraints: a literal equivalent to `Σ wᵢ·xᵢ ∈ allowed`, where `allowed` is
//! a union of intervals and weights may be negative.
//!
//! * [`bdd`]: a reduced ordered decision diagram over the partial sums (one if-then-else
//!   variable per node). Propagates well; its size depends on the number of distinct partial
//!   sums and can grow exponentially with many large, different weights.
//! * [`gte`]: a generalized totalizer, a tree with one literal per distinct sum of each
//!   subtree. Propagates an asserted upper bound as well as the diagram (the negated bound
//!   less); small where the items share a few weights, quadratic in the bound where they do
//!   not; lower bounds over the same items are free.
//! * [`adder`]: the weighted inputs summed by a network of full and half adders into a binary
//!   number, compared with each interval's ends by a comparator circuit. O(Σ bits of wᵢ)
//!   clauses whatever the weights, but weaker propagation.
//!
//! [`PbEncoder`] chooses per constraint ([`PbEncoding::Auto`]): for the optimizer's bounds the
//! smaller of the diagram and the totalizer, for an upper or lower bound in the program the
//! diagram, unless it is more than [`AUTO_BDD_FACTOR_ONE_SIDED`] times the adder network's
//! size; for constraints with two ends the diagram unless it is larger than the adder network,
//! else the totalizer unless it is more than [`AUTO_GTE_FACTOR_TWO_SIDED`] times larger; and
//! it shares one adder network among the constraints over the same sum.
//!
//! Items of which at most one is true ([`amo`]: the elements of a choice rule bounded by 1 whose
//! body always holds, as a cell's value in a magic square or a worker's task) are grouped: the
//! totalizer takes a group as one leaf (its values order-encoded), the diagram of an upper
//! bound as one layer whose nodes branch on the item taken, and `auto` tries the grouped
//! totalizer first for constraints with two ends.

pub(crate) mod adder;
pub(crate) mod amo;
pub(crate) mod bdd;
pub(crate) mod gte;
pub mod surrogate;

pub use adder::BinarySum;
pub use amo::AmoSets;
pub use bdd::ite;

use super::Value;
use crate::cnf::Cnf;
use std::collections::HashMap;

/// Sorted disjoint closed intervals of integers; `i64::MIN`/`i64::MAX` are unbounded ends.
pub type Intervals = Vec<(i64, i64)>;

/// Which pseudo-Boolean encoding to use (`--pb-encoding`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum PbEncoding {
    /// Decision diagram
    Bdd,
    /// Adder network
    Adder,
    /// Generalized totalizer
    Gte,
    /// Per constraint by size and propagation: the decision diagram or the generalized
    /// totalizer, the adder network where both are much larger
    #[default]
    Auto,
}

impl PbEncoding {
    /// Every concrete encoding (not `Auto`).
    pub const CONCRETE: [PbEncoding; 3] = [PbEncoding::Bdd, PbEncoding::Adder, PbEncoding::Gte];

    pub fn name(self) -> &'static str {
        match self {
            PbEncoding::Bdd => "bdd",
            PbEncoding::Adder => "adder",
            PbEncoding::Gte => "gte",
            PbEncoding::Auto => "auto",
        }
    }
}

impl std::fmt::Display for PbEncoding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The command line's spelling (clap's [`clap::ValueEnum`]).
impl std::str::FromStr for PbEncoding {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        <Self as clap::ValueEnum>::from_str(s, false)
    }
}

/// The undecided items with positive weights (`w·x = w + |w|·¬x` for negative ones, items of
/// weight 0 left out) and the constant rest of the sum (decided items, folded weights), in the
/// order given.
pub(crate) fn positive_items(items: &[(Value, i64)]) -> (Vec<(Value, i64)>, i64) {
    let mut base = 0i64;
    let mut open = Vec::new();
    for &(v, w) in items {
        match v {
            Value::True => base += w,
            Value::False => {}
            _ if w == 0 => {}
            _ if w < 0 => {
                base += w;
                open.push((v.negate(), -w));
            }
            _ => open.push((v, w)),
        }
    }
    (open, base)
}

/// Whether every integer of `[lo, hi]` is allowed.
pub(crate) fn all_allowed(allowed: &[(i64, i64)], lo: i64, hi: i64) -> bool {
    allowed.iter().any(|&(a, b)| a <= lo && hi <= b)
}

/// Whether no integer of `[lo, hi]` is allowed.
pub(crate) fn none_allowed(allowed: &[(i64, i64)], lo: i64, hi: i64) -> bool {
    !allowed.iter().any(|&(a, b)| a <= hi && lo <= b)
}

pub(crate) use super::add_clause as clause;

/// A literal equivalent to `Σ wᵢ·[xᵢ] ∈ allowed` by the decision diagram.
pub fn sum_in(cnf: &mut Cnf, items: &[(Value, i64)], allowed: &[(i64, i64)]) -> Value {
    sum_in_with(cnf, items, allowed, PbEncoding::Bdd)
}

/// A literal equivalent to `Σ wᵢ·[xᵢ] ∈ allowed` (decided items may be given as constants) by
/// the given encoding.
pub fn sum_in_with(
    cnf: &mut Cnf,
    items: &[(Value, i64)],
    allowed: &[(i64, i64)],
    encoding: PbEncoding,
) -> Value {
    PbEncoder::new(encoding).sum_in(cnf, items, allowed)
}

/// `Auto` keeps the decision diagram unless it has more than this many times the clauses of the
/// adder network: the diagram propagates every consequence of a partial assignment, the adder
/// network does not. An earlier measurement favoured the diagram up to 8 times the adder's size
/// (knapsack bounds); with the current solver loop the adder network was faster wherever it was
/// the smaller one (CPU time, scripts/bench.py instances: jodici's 300 first models 1.7-2.0 s
/// -> 0.8-0.9 s, knapsack n=20 0.76-0.86 s -> 0.35-0.39 s, n=25 14.8 s -> 7.3 s), so `auto`
/// takes the smaller of the two.
pub const AUTO_BDD_FACTOR: usize = 1;

/// `Auto` takes the exact generalized totalizer for a constraint with two ends (`=`, `!=`,
/// intervals) whose decision diagram is larger than the adder network, unless the totalizer
/// has more than this many times the adder network's clauses. Its exact outputs propagate both
/// ends far better than the adder network (`aspsat solve --stats`, time of the search:
/// jodici's 300 first models 0.98 s -> 0.37 s, its sums at 1.9 and 4.3 times the adder's
/// clauses; the first 4x4 magic square (`benchmarks/encodings/magic_square.lp`) 0.42 s ->
/// 0.06 s and its first 200 38.7 s -> 11.7 s at 3.1 times; the first 5x5 one 6.1 s against
/// 7.9 s at 7.2 times, where the adder network stays; subsets of 40 weights summing to 100,
/// 2000 models, 0.49 s against 0.76 s at 19 times).
pub const AUTO_GTE_FACTOR_TWO_SIDED: usize = 6;

/// `Auto` keeps the decision diagram (or the generalized totalizer) of a one-sided constraint
/// (`Σ ≤ b`, `Σ ≥ a`, and every optimization bound) unless its new nodes have more than this
/// many times the clauses of the adder network and comparator. Here both are arc-consistent
/// (unit propagation finds every item a partial assignment forces) and the adder network is
/// far from it, which decides bounds that bite: knapsack's capacity (`bench.py`, CPU time,
/// n=25: 7.7 s with the adder network, 0.7 s with the diagram at 4.7 times its size); knapsack
/// n=30 with `:- #sum{V,I : in(I), value(I,V)} < 267.` instead of `#maximize` (unsatisfiable):
/// 14.4 s with the adder network for the values, 2.4 s with their diagram at 11 times its size
/// (the factor was 8 until then). Constraints with two ends (`=`, `!=`, intervals) keep
/// [`AUTO_BDD_FACTOR`].
pub const AUTO_BDD_FACTOR_ONE_SIDED: usize = 16;

/// The most clauses a decision diagram or totalizer the command line asks for may take for one
/// constraint (`--pb-encoding bdd|gte`): beyond, the constraint takes the adder network, whose
/// size is linear, instead of exhausting memory (a diagram can be exponential in the number of
/// items, a totalizer quadratic in the bound).
pub const EXPLICIT_LIMIT: usize = 1 << 24;

/// Encodes pseudo-Boolean constraints into one CNF, reusing the encoding of a sum for every
/// constraint over the same weighted items (several guards of one aggregate, successive
/// optimization bounds): after the first, an adder network costs only a comparator, a
/// decision diagram the nodes no earlier bound needed, a totalizer nothing.
///
/// For constraints with two ends, `Auto` builds the decision diagram under a budget of
/// [`AUTO_BDD_FACTOR`] times the clauses of the adder network and comparator (counted as if
/// the network were new, so that the choice depends on the constraint only), then the
/// generalized totalizer under [`AUTO_GTE_FACTOR_TWO_SIDED`] times, and falls back to the adder
/// network when both exceed theirs; upper and lower bounds: see [`PbEncoder::at_most`].
#[derive(Debug, Default)]
pub struct PbEncoder {
    encoding: PbEncoding,
    /// Adder networks by their items, with the clauses each network took.
    sums: HashMap<Vec<(Value, i64)>, (adder::BinarySum, usize)>,
    /// How upper bounds over these items are encoded ([`PbEncoder::at_most`]).
    upper: HashMap<Vec<(Value, i64)>, Upper>,
    /// Whether [`PbEncoder::at_most`]'s literal need only imply its bound (see
    /// [`PbEncoder::for_bounds`]).
    implied_bounds: bool,
    /// The program's "at most one" sets: the totalizer takes each group of a sum's items in
    /// one set as one leaf ([`amo`]).
    amo: AmoSets,
}

/// The encoding of the upper bounds over one sum, kept for its later bounds.
#[derive(Debug)]
enum Upper {
    Diagram(bdd::AtMost),
    Totalizer(gte::Totalizer),
    /// `auto` found the other two too large: the adder network for good.
    Adder,
}

impl PbEncoder {
    pub fn new(encoding: PbEncoding) -> Self {
        PbEncoder {
            encoding,
            sums: HashMap::new(),
            upper: HashMap::new(),
            implied_bounds: false,
            amo: AmoSets::default(),
        }
    }

    /// Sets the "at most one" sets every model of the CNF respects (see [`amo`]).
    pub fn set_amo(&mut self, amo: AmoSets) {
        self.amo = amo;
    }

    /// Whether two or more of the items are in one "at most one" set.
    pub fn has_amo_group(&self, items: &[(Value, i64)]) -> bool {
        let (open, _) = positive_items(items);
        self.amo.groups(&open).first().is_some_and(|g| g.len() > 1)
    }

    /// An encoder of the optimizer's bounds, whose literals are only ever assumed or asserted:
    /// [`PbEncoder::at_most`]'s literal then only implies its bound, and a decision diagram
    /// takes half the clauses ([`bdd::AtMost::new`]), a totalizer no down clauses, with the
    /// same propagation. It encodes no reified constraints ([`PbEncoder::sum_in`]).
    pub fn for_bounds(encoding: PbEncoding) -> Self {
        PbEncoder {
            implied_bounds: true,
            ..PbEncoder::new(encoding)
        }
    }

    /// A literal equivalent to `Σ wᵢ·[xᵢ] ≤ bound`, for successive bounds over the same items
    /// (optimization): the decision diagram keeps its nodes between bounds ([`bdd::AtMost`]),
    /// so a later bound pays only for the nodes no earlier bound needed, a totalizer nothing
    /// for a lower bound, and the adder network only a comparator.
    ///
    /// `Auto` decides at the first bound over the items: for the optimizer's bounds the
    /// decision diagram or the generalized totalizer, whichever has fewer clauses (both let
    /// unit propagation force out every item that no longer fits), for reified constraints the
    /// diagram; unless it has more than [`AUTO_BDD_FACTOR_ONE_SIDED`] times the clauses of the
    /// adder network and its comparator (counted as new): then the adder network. A diagram's
    /// later bounds stay within that factor too (their new nodes), else the sum takes the adder
    /// network for good.
    pub fn at_most(&mut self, cnf: &mut Cnf, items: &[(Value, i64)], bound: i64) -> Value {
        let allowed = [(i64::MIN, bound)];
        let (lo, hi) = range(items);
        if all_allowed(&allowed, lo, hi) {
            return Value::True;
        }
        if none_allowed(&allowed, lo, hi) {
            return Value::False;
        }
        let exact = !self.implied_bounds;
        let limit = match self.encoding {
            PbEncoding::Adder => return self.by_adder(cnf, items, &allowed),
            PbEncoding::Bdd | PbEncoding::Gte => EXPLICIT_LIMIT,
            PbEncoding::Auto => match self.upper.get(items) {
                Some(Upper::Adder) => return self.by_adder(cnf, items, &allowed),
                _ => self
                    .adder_cost(cnf, items, &allowed)
                    .saturating_mul(AUTO_BDD_FACTOR_ONE_SIDED),
            },
        };
        match self.upper.get_mut(items) {
            Some(Upper::Diagram(diagram)) => {
                if let Some(root) = diagram.at_most(cnf, bound, limit) {
                    return root;
                }
                return self.adder_for_good(cnf, items, bound);
            }
            Some(Upper::Totalizer(tree)) => {
                if let Some(root) = tree.at_most(bound) {
                    return root;
                }
                // a bound above the tree's: a tree for it (the old one stays exact)
                if gte::Totalizer::cost(items, &self.amo, bound, exact, limit).is_none() {
                    return self.adder_for_good(cnf, items, bound);
                }
                return self.new_totalizer(cnf, items, bound);
            }
            Some(Upper::Adder) | None => {}
        }
        // The first bound over these items. The totalizer's up clauses force out every item
        // that no longer fits once its literal is true (tested); a reified constraint's literal
        // may as well be false (`:- #sum{..} < 267.` asserts `Σ ≤ 266` false), which only its
        // down clauses propagate, with no such guarantee tested: `auto` considers it for the
        // optimizer's bounds only, and keeps the measured choice, the diagram, elsewhere.
        let by_totalizer = match self.encoding {
            PbEncoding::Bdd => None,
            _ if self.encoding == PbEncoding::Auto && !self.implied_bounds => None,
            _ => gte::Totalizer::cost(items, &self.amo, bound, exact, limit),
        };
        if self.encoding != PbEncoding::Gte {
            let mut diagram = bdd::AtMost::new(items, &self.amo, self.implied_bounds);
            // the diagram when it is no larger than the totalizer
            if let Some(root) = diagram.at_most(cnf, bound, by_totalizer.unwrap_or(limit)) {
                self.upper.insert(items.to_vec(), Upper::Diagram(diagram));
                return root;
            }
        }
        if by_totalizer.is_some() {
            return self.new_totalizer(cnf, items, bound);
        }
        self.adder_for_good(cnf, items, bound)
    }

    /// A totalizer for bounds up to `bound` over the items, kept for their later bounds.
    fn new_totalizer(&mut self, cnf: &mut Cnf, items: &[(Value, i64)], bound: i64) -> Value {
        let tree = gte::Totalizer::new(cnf, items, &self.amo, bound, !self.implied_bounds);
        let root = tree.at_most(bound).expect("built for this bound");
        self.upper.insert(items.to_vec(), Upper::Totalizer(tree));
        root
    }

    /// The adder network's literal for `Σ ≤ bound`, the encoding of every later bound over the
    /// items too.
    fn adder_for_good(&mut self, cnf: &mut Cnf, items: &[(Value, i64)], bound: i64) -> Value {
        self.upper.insert(items.to_vec(), Upper::Adder);
        self.by_adder(cnf, items, &[(i64::MIN, bound)])
    }

    /// The adder network's literal, building and keeping the network on first use.
    fn by_adder(&mut self, cnf: &mut Cnf, items: &[(Value, i64)], allowed: &[(i64, i64)]) -> Value {
        let before = cnf.num_clauses();
        let (sum, _) = self.sums.entry(items.to_vec()).or_insert_with(|| {
            let sum = adder::sum_bits(cnf, items);
            (sum, cnf.num_clauses() - before)
        });
        adder::in_allowed(cnf, sum, allowed)
    }

    /// The clauses of the adder network (counted even when it exists) and of its comparator,
    /// measured in a scratch formula.
    fn adder_cost(&self, cnf: &Cnf, items: &[(Value, i64)], allowed: &[(i64, i64)]) -> usize {
        let mut scratch = Cnf::with_vars(cnf.num_vars());
        match self.sums.get(items) {
            Some((sum, network)) => {
                adder::in_allowed(&mut scratch, sum, allowed);
                network + scratch.num_clauses()
            }
            None => {
                let sum = adder::sum_bits(&mut scratch, items);
                adder::in_allowed(&mut scratch, &sum, allowed);
                scratch.num_clauses()
            }
        }
    }

    /// A literal equivalent to `Σ wᵢ·[xᵢ] ∈ allowed` (decided items may be given as
    /// constants); its definition is added to `cnf`.
    pub fn sum_in(
        &mut self,
        cnf: &mut Cnf,
        items: &[(Value, i64)],
        allowed: &[(i64, i64)],
    ) -> Value {
        assert!(
            !self.implied_bounds,
            "a reified constraint needs an equivalent literal"
        );
        let (lo, hi) = range(items);
        if all_allowed(allowed, lo, hi) {
            return Value::True;
        }
        if none_allowed(allowed, lo, hi) {
            return Value::False;
        }
        // One-sided: `Σ ≤ b`, or `Σ ≥ a` as `¬(Σ ≤ a − 1)`.
        match *allowed {
            [(i64::MIN, b)] => return self.at_most(cnf, items, b),
            [(a, i64::MAX)] => return self.at_most(cnf, items, a - 1).negate(),
            _ => {}
        }
        match self.encoding {
            PbEncoding::Bdd | PbEncoding::Gte => {
                let mut scratch = Cnf::with_vars(cnf.num_vars());
                let root = if self.encoding == PbEncoding::Bdd {
                    bdd::sum_in(&mut scratch, items, allowed, EXPLICIT_LIMIT)
                } else {
                    gte::sum_in(&mut scratch, items, &self.amo, allowed, EXPLICIT_LIMIT)
                };
                match root {
                    Some(root) => {
                        append(cnf, &scratch);
                        root
                    }
                    None => self.by_adder(cnf, items, allowed),
                }
            }
            PbEncoding::Adder => self.by_adder(cnf, items, allowed),
            PbEncoding::Auto => {
                // The adder's way into a scratch formula: the comparator, after the network
                // when it is new.
                let mut by_adder = Cnf::with_vars(cnf.num_vars());
                let (adder_root, network_clauses, new_sum) = match self.sums.get(items) {
                    Some((sum, clauses)) => (
                        adder::in_allowed(&mut by_adder, sum, allowed),
                        *clauses,
                        None,
                    ),
                    None => {
                        let sum = adder::sum_bits(&mut by_adder, items);
                        let clauses = by_adder.num_clauses();
                        let root = adder::in_allowed(&mut by_adder, &sum, allowed);
                        (root, 0, Some((sum, clauses)))
                    }
                };
                let adder_cost = network_clauses + by_adder.num_clauses();
                let by_totalizer = |cnf: &mut Cnf| {
                    let budget = adder_cost.saturating_mul(AUTO_GTE_FACTOR_TWO_SIDED);
                    let mut by_gte = Cnf::with_vars(cnf.num_vars());
                    let root = gte::sum_in(&mut by_gte, items, &self.amo, allowed, budget)?;
                    append(cnf, &by_gte);
                    Some(root)
                };
                // Items in "at most one" sets: the totalizer over the groups first (the
                // diagram knows nothing of the sets).
                let grouped = self.has_amo_group(items);
                if grouped && let Some(root) = by_totalizer(cnf) {
                    return root;
                }
                let budget = adder_cost.saturating_mul(AUTO_BDD_FACTOR);
                let mut by_bdd = Cnf::with_vars(cnf.num_vars());
                if let Some(root) = bdd::sum_in(&mut by_bdd, items, allowed, budget) {
                    append(cnf, &by_bdd);
                    return root;
                }
                if !grouped && let Some(root) = by_totalizer(cnf) {
                    return root;
                }
                append(cnf, &by_adder);
                if let Some(sum) = new_sum {
                    self.sums.insert(items.to_vec(), sum);
                }
                adder_root
            }
        }
    }
}

/// The smallest and largest value of `Σ wᵢ·[xᵢ]`.
fn range(items: &[(Value, i64)]) -> (i64, i64) {
    let (mut lo, mut hi) = (0i64, 0i64);
    for &(v, w) in items {
        match v {
            Value::True => {
                lo += w;
                hi += w;
            }
            Value::False => {}
            Value::Lit(_) => {
                lo += w.min(0);
                hi += w.max(0);
            }
        }
    }
    (lo, hi)
}

/// Appends `ext`, whose new variables follow `cnf`'s.
pub(crate) fn append(cnf: &mut Cnf, ext: &Cnf) {
    while cnf.num_vars() < ext.num_vars() {
        cnf.new_var();
    }
    for c in ext.clauses() {
        cnf.add_clause(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::CnfLit;
    use crate::translate::testutil::{assert_forced, signed};

    fn encodings() -> impl Iterator<Item = PbEncoding> {
        PbEncoding::CONCRETE.into_iter().chain([PbEncoding::Auto])
    }

    /// One new variable per weight, and the items pairing them.
    fn fresh_items(cnf: &mut Cnf, weights: &[i64]) -> (Vec<CnfLit>, Vec<(Value, i64)>) {
        let vars: Vec<CnfLit> = weights.iter().map(|_| cnf.new_var()).collect();
        let items = vars
            .iter()
            .zip(weights)
            .map(|(&v, &w)| (Value::Lit(v), w))
            .collect();
        (vars, items)
    }

    /// The sum of the weights of the items `mask` sets, and the inputs fixed as it says.
    fn assignment(weights: &[i64], vars: &[CnfLit], mask: u32) -> (i64, Vec<CnfLit>) {
        let on = |i: usize| mask >> i & 1 == 1;
        let sum = (0..weights.len())
            .filter(|&i| on(i))
            .map(|i| weights[i])
            .sum();
        let fixed = vars
            .iter()
            .enumerate()
            .map(|(i, &v)| signed(v, on(i)))
            .collect();
        (sum, fixed)
    }

    /// Checks the root against brute force for every assignment of the inputs.
    fn check(weights: &[i64], allowed: &[(i64, i64)], enc: PbEncoding) {
        let mut cnf = Cnf::new();
        let (vars, items) = fresh_items(&mut cnf, weights);
        let root = sum_in_with(&mut cnf, &items, allowed, enc);
        for mask in 0u32..(1 << weights.len()) {
            let (sum, fixed) = assignment(weights, &vars, mask);
            let expected = allowed.iter().any(|&(a, b)| a <= sum && sum <= b);
            let what = format!("{enc} weights {weights:?} allowed {allowed:?} mask {mask:b}");
            match root {
                Value::True => assert!(expected, "{what}: root true"),
                Value::False => assert!(!expected, "{what}: root false"),
                Value::Lit(r) => assert_forced(&cnf, &fixed, &[r], &[expected], &what),
            }
        }
    }

    /// Every encoding against brute force: up to 7 inputs, negative weights, bounds inside,
    /// at and beyond the reachable range, non-contiguous allowed sets.
    #[test]
    fn every_encoding_is_exact() {
        let weight_sets: &[&[i64]] = &[
            &[3, -2, 5, 1, -4],
            &[1, 1, 1, 1, 1, 1, 1],
            &[7, 6, 5, 4, 3, 2, 1],
            &[-1, -3, -5, -7, 2, 9],
            &[100, -37, 64, 1, 1, -128, 15],
            &[0, 2, 0, -2],
            &[],
            &[5],
        ];
        let allowed_sets: &[&[(i64, i64)]] = &[
            &[(i64::MIN, 2)],
            &[(1, 4)],
            &[(-6, -6), (3, 3)],
            &[(0, i64::MAX)],
            &[(i64::MIN, -1), (1, i64::MAX)],
            &[(i64::MIN, -3), (0, 0), (2, 5), (9, i64::MAX)],
            &[(-1000, 1000)],
            &[(1000, 2000)],
            &[(i64::MIN, i64::MAX)],
            &[],
        ];
        for enc in encodings() {
            for weights in weight_sets {
                for allowed in allowed_sets {
                    check(weights, allowed, enc);
                }
            }
        }
    }

    /// Decided items shift the sum; repeated and complementary literals count per item.
    #[test]
    fn constants_and_repeated_literals() {
        for enc in encodings() {
            let mut cnf = Cnf::new();
            let x: Vec<CnfLit> = (0..3).map(|_| cnf.new_var()).collect();
            let items = [
                (Value::Lit(x[0]), 4),
                (Value::True, -3),
                (Value::Lit(-x[1]), 2),
                (Value::Lit(x[0]), -1),
                (Value::False, 50),
                (Value::Lit(x[2]), 3),
                (Value::Lit(-x[2]), 5),
            ];
            let allowed = [(i64::MIN, 1), (4, 4), (7, i64::MAX)];
            let root = sum_in_with(&mut cnf, &items, &allowed, enc);
            for mask in 0u32..8 {
                let val = |l: CnfLit| (mask >> (l.unsigned_abs() - 1) & 1 == 1) == (l > 0);
                let sum: i64 = items
                    .iter()
                    .filter(|(v, _)| match v {
                        Value::True => true,
                        Value::False => false,
                        Value::Lit(l) => val(*l),
                    })
                    .map(|(_, w)| w)
                    .sum();
                let expected = allowed.iter().any(|&(a, b)| a <= sum && sum <= b);
                let fixed: Vec<CnfLit> = x.iter().map(|&v| signed(v, val(v))).collect();
                match root {
                    Value::Lit(r) => assert_forced(&cnf, &fixed, &[r], &[expected], "constants"),
                    v => assert_eq!(v == Value::True, expected),
                }
            }
        }
    }

    /// Weights on one literal that cancel (`x - x`, `x + ¬x`): every encoding still decides
    /// every bound (the adder network's bits are then fewer than the weights suggest).
    #[test]
    fn cancelling_weights() {
        for enc in encodings() {
            for (items_of, name) in [
                (
                    (|x: CnfLit| vec![(Value::Lit(x), 1), (Value::Lit(x), -1)])
                        as fn(CnfLit) -> Vec<(Value, i64)>,
                    "x - x",
                ),
                (
                    |x| vec![(Value::Lit(x), 2), (Value::Lit(-x), 2)],
                    "2x + 2¬x",
                ),
                (
                    |x| vec![(Value::Lit(x), 3), (Value::Lit(x), -3), (Value::Lit(x), 1)],
                    "x",
                ),
            ] {
                for bound in -3..=3 {
                    let mut cnf = Cnf::new();
                    let x = cnf.new_var();
                    let items = items_of(x);
                    let root = sum_in_with(&mut cnf, &items, &[(i64::MIN, bound)], enc);
                    for value in [false, true] {
                        let sum: i64 = items
                            .iter()
                            .filter(|(v, _)| *v == Value::Lit(if value { x } else { -x }))
                            .map(|(_, w)| w)
                            .sum();
                        let expected = sum <= bound;
                        let what = format!("{enc}: {name} <= {bound} with x = {value}");
                        match root {
                            Value::Lit(r) => {
                                assert_forced(&cnf, &[signed(x, value)], &[r], &[expected], &what)
                            }
                            v => assert_eq!(v == Value::True, expected, "{what}"),
                        }
                    }
                }
            }
        }
    }

    /// Encodes `Σ weights ≤ bound` for each bound in the order given with one encoder and checks
    /// every bound's literal against every assignment, in the formula holding all of them.
    fn check_bounds_in_order(enc: PbEncoding, weights: &[i64], descending: bool) {
        let mut cnf = Cnf::new();
        let (vars, items) = fresh_items(&mut cnf, weights);
        let (lo, hi) = range(&items);
        let mut bounds: Vec<i64> = (lo - 1..=hi + 1).collect();
        if descending {
            bounds.reverse();
        }
        let mut pb = PbEncoder::new(enc);
        let roots: Vec<(i64, Value)> = bounds
            .into_iter()
            .map(|bound| (bound, pb.at_most(&mut cnf, &items, bound)))
            .collect();
        for mask in 0u32..(1 << weights.len()) {
            let sum: i64 = (0..weights.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| weights[i])
                .sum();
            let fixed: Vec<CnfLit> = vars
                .iter()
                .enumerate()
                .map(|(i, &v)| signed(v, mask >> i & 1 == 1))
                .collect();
            for &(bound, root) in &roots {
                let what = format!("{enc} weights {weights:?} <= {bound} mask {mask:b}");
                match root {
                    Value::Lit(r) => assert_forced(&cnf, &fixed, &[r], &[sum <= bound], &what),
                    v => assert_eq!(v == Value::True, sum <= bound, "{what}"),
                }
            }
        }
    }

    /// Successive bounds over one sum share one encoder (as optimization's bounds do): every
    /// bound's literal is exact for every assignment, in the formula holding all of them.
    #[test]
    fn successive_upper_bounds_are_exact() {
        let weight_sets: &[&[i64]] = &[
            &[3, -2, 5, 1, -4],
            &[7, 6, 5, 4, 3, 2, 1],
            &[10, -7, 6, 1, 1, -12, 5],
        ];
        for enc in encodings() {
            for weights in weight_sets {
                check_bounds_in_order(enc, weights, true);
            }
        }
    }

    /// The optimizer's bounds ([`PbEncoder::for_bounds`]) under every encoding: with its literal
    /// assumed, a bound admits exactly the assignments within it, and the decision diagram and
    /// the totalizer (and `auto`, which picks one of them here) still propagate every item a
    /// partial assignment forces out (each item true, false or
    /// open, for successive bounds in one formula).
    #[test]
    fn bound_literals_imply_their_bound_and_propagate() {
        use crate::translate::testutil::{propagate, sat};
        let weight_sets: &[&[i64]] = &[&[3, -2, 5, 1, -4], &[7, 6, 5, 4, 3, 2, 1], &[10, 6, 6, 1]];
        for enc in encodings() {
            for weights in weight_sets {
                let mut cnf = Cnf::new();
                let vars: Vec<CnfLit> = weights.iter().map(|_| cnf.new_var()).collect();
                let items: Vec<(Value, i64)> = vars
                    .iter()
                    .zip(*weights)
                    .map(|(&v, &w)| (Value::Lit(v), w))
                    .collect();
                let (lo, hi) = range(&items);
                let mut pb = PbEncoder::for_bounds(enc);
                let roots: Vec<(i64, Value)> = (lo - 1..=hi + 1)
                    .rev()
                    .map(|bound| (bound, pb.at_most(&mut cnf, &items, bound)))
                    .collect();
                for &(bound, root) in &roots {
                    let root = match root {
                        Value::Lit(r) => r,
                        v => {
                            assert_eq!(
                                v == Value::True,
                                hi <= bound,
                                "{enc} {weights:?} <= {bound}"
                            );
                            continue;
                        }
                    };
                    // every item true (1), false (2) or open (0)
                    for code in 0..3usize.pow(weights.len() as u32) {
                        let state: Vec<usize> = (0..weights.len())
                            .map(|i| code / 3usize.pow(i as u32) % 3)
                            .collect();
                        let mut assume = vec![root];
                        assume.extend(
                            (0..weights.len())
                                .filter(|&i| state[i] != 0)
                                .map(|i| signed(vars[i], state[i] == 1)),
                        );
                        // the smallest sum the open items allow
                        let least: i64 = (0..weights.len())
                            .filter(|&i| state[i] == 1 || (state[i] == 0 && weights[i] < 0))
                            .map(|i| weights[i])
                            .sum();
                        let what = format!("{enc} {weights:?} <= {bound}, items {state:?}");
                        if state.iter().all(|&s| s != 0) {
                            assert_eq!(sat(&cnf, &assume), least <= bound, "{what}");
                        }
                        if enc == PbEncoding::Adder {
                            continue;
                        }
                        let Some(derived) = propagate(&cnf, &assume) else {
                            assert!(least > bound, "{what}: conflict");
                            continue;
                        };
                        assert!(least <= bound, "{what}: no conflict");
                        for i in (0..weights.len()).filter(|&i| state[i] == 0) {
                            // the item's side that would exceed the bound
                            let exceeds = least + weights[i].abs() > bound;
                            let v = derived[vars[i].unsigned_abs() as usize];
                            let forced = v == Some(weights[i] < 0);
                            assert!(!exceeds || forced, "{what}: item {i} not forced");
                        }
                    }
                }
            }
        }
    }

    /// A tighter bound reuses the diagram's nodes: after `≤ 40`, `≤ 39` over twelve items
    /// adds fewer clauses than a diagram of its own.
    #[test]
    fn later_bounds_reuse_the_diagram() {
        let mut cnf = Cnf::new();
        let items: Vec<(Value, i64)> = (1..=12).map(|w| (Value::Lit(cnf.new_var()), w)).collect();
        let mut pb = PbEncoder::new(PbEncoding::Bdd);
        pb.at_most(&mut cnf, &items, 40);
        let before = cnf.num_clauses();
        pb.at_most(&mut cnf, &items, 39);
        let reused = cnf.num_clauses() - before;
        let mut alone = Cnf::with_vars(12);
        sum_in_with(&mut alone, &items, &[(i64::MIN, 39)], PbEncoding::Bdd);
        assert!(
            reused * 2 < alone.num_clauses(),
            "{reused} new clauses, {} alone",
            alone.num_clauses()
        );
    }

    /// The adder network stays linear where the decision diagram would explode: 40 inputs with
    /// distinct large weights.
    #[test]
    fn adder_is_linear_and_auto_falls_back_to_it() {
        let mut cnf = Cnf::new();
        let items: Vec<(Value, i64)> = (0..40)
            .map(|i| {
                (
                    Value::Lit(cnf.new_var()),
                    1_000_003 * (i + 1) % 999_983 + 1000,
                )
            })
            .collect();
        let allowed = [(i64::MIN, 10_000_000)];
        let before = cnf.num_clauses();
        adder::sum_in(&mut cnf, &items, &allowed);
        let adder_clauses = cnf.num_clauses() - before;
        assert!(adder_clauses < 40 * 20 * 14, "{adder_clauses} clauses");
        let mut auto = Cnf::with_vars(40);
        sum_in_with(&mut auto, &items, &allowed, PbEncoding::Auto);
        assert_eq!(auto.num_clauses(), adder_clauses);
    }

    /// Bounds over one sum in rising order (guards of one aggregate): each is exact, also where
    /// the totalizer must be rebuilt for a bound above its cap.
    #[test]
    fn rising_upper_bounds_are_exact() {
        for enc in encodings() {
            for weights in [&[3, -2, 5, 1, -4][..], &[2, 2, 2, 3, 3]] {
                check_bounds_in_order(enc, weights, false);
            }
        }
    }

    /// The clauses one upper bound takes with the given encoding (as the optimizer's bound).
    fn bound_clauses(items: &[(Value, i64)], bound: i64, enc: PbEncoding) -> usize {
        let mut cnf = Cnf::with_vars(items.len() as u32);
        PbEncoder::for_bounds(enc).at_most(&mut cnf, items, bound);
        cnf.num_clauses()
    }

    /// `auto` takes whichever of the decision diagram and the totalizer is smaller: the
    /// totalizer for many items with two weights (few distinct sums), the diagram for weights
    /// that are all different; the totalizer's counted cost is what it adds.
    #[test]
    fn auto_takes_the_smaller_of_diagram_and_totalizer() {
        let few: Vec<(Value, i64)> = (1..=200)
            .map(|i| (Value::Lit(i), if i % 3 == 0 { 20 } else { 10 }))
            .collect();
        let many: Vec<(Value, i64)> = (1..=30)
            .map(|i| (Value::Lit(i), i64::from(i) * 7 % 31 + 3))
            .collect();
        for (items, bound, smaller) in [(&few, 300, PbEncoding::Gte), (&many, 200, PbEncoding::Bdd)]
        {
            let bdd = bound_clauses(items, bound, PbEncoding::Bdd);
            let gte = bound_clauses(items, bound, PbEncoding::Gte);
            let auto = bound_clauses(items, bound, PbEncoding::Auto);
            assert_eq!(auto, bdd.min(gte), "bdd {bdd}, gte {gte}, auto {auto}");
            let expected = if smaller == PbEncoding::Gte { gte } else { bdd };
            assert_eq!(auto, expected, "{smaller} is smaller: bdd {bdd}, gte {gte}");
            assert_eq!(
                gte::Totalizer::cost(items, &AmoSets::default(), bound, false, usize::MAX),
                Some(gte),
                "counted cost"
            );
            let mut exact = Cnf::with_vars(items.len() as u32);
            gte::Totalizer::new(&mut exact, items, &AmoSets::default(), bound, true);
            assert_eq!(
                gte::Totalizer::cost(items, &AmoSets::default(), bound, true, usize::MAX),
                Some(exact.num_clauses()),
                "counted cost of the exact tree"
            );
        }
    }

    /// A totalizer the command line asks for that would be quadratic in a bound of ten
    /// million takes the adder network instead of exhausting memory (as `auto` does).
    #[test]
    fn explicit_totalizer_beyond_the_limit_takes_the_adder() {
        let mut cnf = Cnf::new();
        let items: Vec<(Value, i64)> = (1..=40i64)
            .map(|i| {
                (
                    Value::Lit(cnf.new_var()),
                    i * i * i * 9973 % 1_000_003 + 1000,
                )
            })
            .collect();
        for allowed in [&[(i64::MIN, 10_000_000)][..], &[(5_000_000, 10_000_000)]] {
            let mut adder = Cnf::with_vars(40);
            sum_in_with(&mut adder, &items, allowed, PbEncoding::Adder);
            let mut gte = Cnf::with_vars(40);
            sum_in_with(&mut gte, &items, allowed, PbEncoding::Gte);
            assert_eq!(gte.num_clauses(), adder.num_clauses(), "{allowed:?}");
        }
    }

    #[test]
    fn names_round_trip() {
        for enc in encodings() {
            assert_eq!(enc.name().parse::<PbEncoding>(), Ok(enc));
        }
        assert!("totalizer".parse::<PbEncoding>().is_err());
    }

    /// Sums over items in "at most one" sets (as a magic square's rows over cells of one value
    /// each), by the totalizer over the groups and the diagram with a layer per group: with
    /// the sets' pairwise exclusions in the formula, every allowed set of sums is exact for
    /// every assignment the sets admit, and an asserted upper bound forces out by propagation
    /// every item that no longer fits. The optimizer's bounds ([`PbEncoder::for_bounds`]) too.
    #[test]
    fn encodings_over_amo_groups_are_exact() {
        use crate::translate::testutil::propagate;
        // (weights, sets of item indices)
        let cases: &[(&[i64], &[&[usize]])] = &[
            (&[1, 2, 3, 4, 1, 2, 3, 4], &[&[0, 1, 2, 3], &[4, 5, 6, 7]]),
            (&[5, 5, 2, 7, -3, 1, 4], &[&[0, 1, 2], &[3, 5, 6], &[1, 3]]),
            (&[3, 3, 3, 6, 9], &[&[0, 1, 2, 3, 4]]),
            (&[2, 4, 6, 1, 1], &[&[0, 1], &[2, 3, 4], &[0, 4]]),
        ];
        let allowed_sets: &[&[(i64, i64)]] = &[
            &[(i64::MIN, 5)],
            &[(4, 4)],
            &[(i64::MIN, 6), (8, i64::MAX)],
            &[(2, 3), (7, 9)],
            &[(6, i64::MAX)],
        ];
        for (enc, &(weights, sets), allowed) in
            itertools::iproduct!(encodings(), cases, allowed_sets)
        {
            {
                let mut cnf = Cnf::new();
                let (vars, items) = fresh_items(&mut cnf, weights);
                let mut amo = AmoSets::default();
                for set in sets {
                    let lits: Vec<CnfLit> = set.iter().map(|&i| vars[i]).collect();
                    amo.add(&lits);
                    for (a, &x) in lits.iter().enumerate() {
                        for &y in &lits[a + 1..] {
                            cnf.add_clause(&[-x, -y]);
                        }
                    }
                }
                let bounds = match **allowed {
                    [(i64::MIN, b)] => Some(PbEncoder::for_bounds(enc)).map(|p| (p, b)),
                    _ => None,
                };
                let mut pb = PbEncoder::new(enc);
                pb.set_amo(amo.clone());
                assert!(pb.has_amo_group(&items));
                let root = pb.sum_in(&mut cnf, &items, allowed);
                // the optimizer's bound literals for every bound from `b` down, in one formula
                let mut bound_roots = Vec::new();
                if let Some((mut for_bounds, b)) = bounds {
                    for_bounds.set_amo(amo);
                    for bound in (1..=b + 1).chain((-1..=b).rev()) {
                        bound_roots.push((bound, for_bounds.at_most(&mut cnf, &items, bound)));
                    }
                }
                let what = format!("{enc} weights {weights:?} sets {sets:?} allowed {allowed:?}");
                for mask in 0u32..(1 << weights.len()) {
                    let true_items =
                        |set: &&[usize]| set.iter().filter(|&&i| mask >> i & 1 == 1).count();
                    if sets.iter().any(|set| true_items(set) > 1) {
                        continue;
                    }
                    let (sum, fixed) = assignment(weights, &vars, mask);
                    let expected = allowed.iter().any(|&(a, b)| a <= sum && sum <= b);
                    let what = format!("{what} mask {mask:b}");
                    match root {
                        Value::Lit(r) => assert_forced(&cnf, &fixed, &[r], &[expected], &what),
                        v => assert_eq!(v == Value::True, expected, "{what}"),
                    }
                    for &(bound, root) in &bound_roots {
                        let within = sum <= bound;
                        match root {
                            Value::Lit(r) => {
                                let mut assume = fixed.clone();
                                assume.push(r);
                                let what = format!("{what} bound {bound}");
                                assert_eq!(
                                    crate::translate::testutil::sat(&cnf, &assume),
                                    within,
                                    "{what}"
                                );
                            }
                            v => assert_eq!(v == Value::True, within, "{what} bound {bound}"),
                        }
                    }
                }
                // An asserted upper bound: with one item of a set true, every open item whose
                // weight no longer fits is propagated false.
                let &[(i64::MIN, bound)] = *allowed else {
                    continue;
                };
                let Value::Lit(r) = root else { continue };
                // (the adder network does not propagate so far)
                if weights.iter().any(|&w| w < 0) || enc == PbEncoding::Adder {
                    continue;
                }
                for (i, &w) in weights.iter().enumerate() {
                    let value = propagate(&cnf, &[r, vars[i]]);
                    if weights[i] > bound {
                        assert!(value.is_none(), "{what}: item {i} alone exceeds the bound");
                        continue;
                    }
                    let value = value.expect("a fitting item");
                    for (j, &u) in weights.iter().enumerate() {
                        if j != i && w + u > bound {
                            let var = vars[j] as usize;
                            assert_eq!(value[var], Some(false), "{what}: item {j} after {i}");
                        }
                    }
                }
            }
        }
    }
}
