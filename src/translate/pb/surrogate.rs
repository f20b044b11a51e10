//! Surrogate bounds: an optimizer bound combined with a sum or count the program bounds.
//!
//! Model-improving search proves a level optimal by an unsatisfiable call under
//! `Σ level ≤ b`. Where the program also bounds a sum over the same atoms (a knapsack's
//! capacity under its value), each of the two diagrams propagates only its own constraint, and
//! the solver learns what they imply together one conflict at a time: 30 knapsack items took
//! varisat 1.8 s to refute, while `23·level + 31·capacity ≤ 23·b + 31·cap`, their combination
//! with the multipliers of the linear relaxation's dual, is refuted by propagation at once.
//!
//! Such a combination holds in every model within the bound, so assuming its diagram beside
//! the bound loses no model. The multiplier maximizes the relaxation's violation
//! ([`best_multiplier`]); where the relaxation of the bound alone is as tight, no surrogate is
//! added.

use super::{AmoSets, Intervals, bdd};
use crate::cnf::{Cnf, CnfLit};
use crate::translate::Value;
use std::collections::{BTreeMap, HashMap, HashSet};

/// `Σ items ≤ bound`, holding in every model of a CNF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinearBound {
    pub items: Vec<(Value, i64)>,
    pub bound: i64,
}

/// A sum whose literal says `Σ items ∈ allowed`, as encoded in a translation.
#[derive(Clone, Debug)]
pub struct ReifiedSum {
    pub items: Vec<(Value, i64)>,
    pub allowed: Intervals,
    pub lit: CnfLit,
}

/// The upper and lower bounds of the sums whose literal `cnf` asserts by a unit clause (true:
/// the sum is in its allowed intervals; false: outside them, for literals equivalent to their
/// sum), as bounds of their hull within the sum's range.
pub fn asserted_bounds(cnf: &Cnf, sums: &[ReifiedSum]) -> Vec<LinearBound> {
    if sums.is_empty() {
        return Vec::new();
    }
    let units: HashSet<CnfLit> = cnf
        .clauses()
        .filter(|c| c.len() == 1)
        .map(|c| c[0])
        .collect();
    let mut bounds = Vec::new();
    for sum in sums {
        let holds = if units.contains(&sum.lit) {
            true
        } else if units.contains(&-sum.lit) {
            false
        } else {
            continue;
        };
        let (lo, hi) = super::range(&sum.items);
        let Some((min, max)) = hull(&sum.allowed, lo, hi, holds) else {
            continue;
        };
        if max < hi {
            bounds.push(LinearBound {
                items: sum.items.clone(),
                bound: max,
            });
        }
        if min > lo {
            let negated = sum.items.iter().map(|&(v, w)| (v, -w)).collect();
            bounds.push(LinearBound {
                items: negated,
                bound: -min,
            });
        }
    }
    bounds
}

/// The least and greatest integers of `[lo, hi]` inside `allowed` (`inside`) or outside it.
fn hull(allowed: &Intervals, lo: i64, hi: i64, inside: bool) -> Option<(i64, i64)> {
    let member = |x: i64| allowed.iter().any(|&(a, b)| a <= x && x <= b) == inside;
    // the candidates: the range's ends and the intervals' ends and their neighbours
    let mut candidates = vec![lo, hi];
    for &(a, b) in allowed {
        for x in [a, b, a.saturating_sub(1), b.saturating_add(1)] {
            if lo <= x && x <= hi {
                candidates.push(x);
            }
        }
    }
    let members = candidates.into_iter().filter(|&x| member(x));
    let (min, max) = members.fold((None, None), |(mn, mx): (Option<i64>, Option<i64>), x| {
        (
            Some(mn.map_or(x, |m| m.min(x))),
            Some(mx.map_or(x, |m| m.max(x))),
        )
    });
    Some((min?, max?))
}

/// A sum as coefficients on variables (positive literals) and a constant.
#[derive(Clone, Debug)]
struct Canonical {
    coefficients: BTreeMap<u32, i128>,
    constant: i128,
}

/// Coefficients and constants beyond this are left alone: below it, every product and sum the
/// combination forms stays far inside `i128` (multipliers are coefficients, constants sums of
/// at most `2³¹` weights).
const MAGNITUDE_LIMIT: i128 = 1 << 50;

impl Canonical {
    /// `None` where a coefficient or the constant exceeds [`MAGNITUDE_LIMIT`].
    fn new(items: &[(Value, i64)]) -> Option<Self> {
        let mut coefficients = BTreeMap::new();
        let mut constant = 0i128;
        for &(v, w) in items {
            let w = i128::from(w);
            match v {
                Value::True => constant += w,
                Value::False => {}
                Value::Lit(l) if l > 0 => *coefficients.entry(l.unsigned_abs()).or_insert(0) += w,
                Value::Lit(l) => {
                    constant += w;
                    *coefficients.entry(l.unsigned_abs()).or_insert(0) -= w;
                }
            }
        }
        coefficients.retain(|_, w| *w != 0);
        let small = |w: &i128| w.abs() <= MAGNITUDE_LIMIT;
        (small(&constant) && coefficients.values().all(small)).then_some(Canonical {
            coefficients,
            constant,
        })
    }

    fn coefficient(&self, v: u32) -> i128 {
        self.coefficients.get(&v).copied().unwrap_or(0)
    }
}

/// The multiplier `λ = p/q > 0` for which the linear relaxation of `a·x ≤ a0` plus `λ·(c·x ≤
/// c0)` is violated most (`Σ min(0, aᵥ + λcᵥ) − a0 − λc0`, a concave function of `λ`, at its
/// maximum); `None` where that is at `λ = 0`. Variables of `a` alone change neither the slope
/// nor where it changes, so only `c`'s are visited.
fn best_multiplier(a: &Canonical, c: &Canonical, c0: i128) -> Option<(i128, i128)> {
    // the slope just above λ = 0: the terms negative there contribute their cᵥ
    let mut slope = -c0;
    // where a term's sign changes (λ = p/q), with the change of slope
    let mut breaks: Vec<(i128, i128, i128)> = Vec::new();
    for (&v, &cv) in &c.coefficients {
        let av = a.coefficient(v);
        if av < 0 || (av == 0 && cv < 0) {
            slope += cv;
        }
        if av < 0 && cv > 0 {
            breaks.push((-av, cv, -cv));
        } else if av > 0 && cv < 0 {
            breaks.push((av, -cv, cv));
        }
    }
    if slope <= 0 {
        return None;
    }
    breaks.sort_by(|x, y| (x.0 * y.1).cmp(&(y.0 * x.1)));
    let mut i = 0;
    while i < breaks.len() {
        let (p, q, _) = breaks[i];
        while i < breaks.len() && breaks[i].0 * q == p * breaks[i].1 {
            slope += breaks[i].2;
            i += 1;
        }
        if slope <= 0 {
            return Some((p, q));
        }
    }
    None
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

/// `q·(a ≤ bound) + p·(c ≤ c_bound)` with the best multiplier, divided by the coefficients'
/// common divisor (the bound rounded down: the atoms are 0 or 1), or `None` where the
/// combination is no tighter than `a`'s bound alone or its numbers leave `i64`.
fn combine_canonical(
    a: &Canonical,
    bound: i64,
    c: &Canonical,
    c_bound: i64,
) -> Option<LinearBound> {
    let a0 = i128::from(bound) - a.constant;
    let c0 = i128::from(c_bound) - c.constant;
    let (p, q) = best_multiplier(a, c, c0)?;
    let mut combined: BTreeMap<u32, i128> = BTreeMap::new();
    for (v, w) in &a.coefficients {
        *combined.entry(*v).or_insert(0) += q * w;
    }
    for (v, w) in &c.coefficients {
        *combined.entry(*v).or_insert(0) += p * w;
    }
    combined.retain(|_, w| *w != 0);
    let rhs = q * a0 + p * c0;
    let divisor = combined.values().fold(0, |g, &w| gcd(g, w)).max(1);
    let items = combined
        .into_iter()
        .map(|(v, w)| {
            Some((
                Value::Lit(i32::try_from(v).ok()?),
                i64::try_from(w / divisor).ok()?,
            ))
        })
        .collect::<Option<Vec<_>>>()?;
    let bound = i64::try_from(rhs.div_euclid(divisor)).ok()?;
    Some(LinearBound { items, bound })
}

/// At most this many surrogates accompany one bound.
const MAX_PER_BOUND: usize = 4;

/// The optimizer's surrogate bounds over one translation's asserted sums, with the decision
/// diagram of each combination kept for its later bounds.
#[derive(Debug, Default)]
pub struct Surrogates {
    constraints: Vec<(Canonical, i64)>,
    /// By the combination's items; `None` where a diagram outgrew its budget (given up).
    diagrams: HashMap<Vec<(Value, i64)>, Option<bdd::AtMost>>,
    amo: AmoSets,
}

impl Surrogates {
    pub fn new(constraints: &[LinearBound], amo: AmoSets) -> Self {
        Surrogates {
            constraints: constraints
                .iter()
                .filter_map(|c| Some((Canonical::new(&c.items)?, c.bound)))
                .collect(),
            diagrams: HashMap::new(),
            amo,
        }
    }

    /// Literals implying the surrogates of `Σ level ≤ bound` that are tighter than it (each
    /// holds in every model within the bound), or `Value::False` among them when one is
    /// refuted by its range alone: then no model is within the bound.
    pub fn at_most(&mut self, cnf: &mut Cnf, level: &[(Value, i64)], bound: i64) -> Vec<Value> {
        if self.constraints.is_empty() {
            return Vec::new();
        }
        let Some(a) = Canonical::new(level) else {
            return Vec::new();
        };
        let combinations: Vec<LinearBound> = self
            .constraints
            .iter()
            .filter(|(c, _)| {
                c.coefficients
                    .keys()
                    .any(|v| a.coefficients.contains_key(v))
            })
            .filter_map(|(c, c_bound)| combine_canonical(&a, bound, c, *c_bound))
            .take(MAX_PER_BOUND)
            .collect();
        let mut lits = Vec::new();
        for s in combinations {
            // the diagram may cost about what the level's own bound does
            let budget = 16 * (s.items.len() + level.len()) + 4096;
            let entry = self.diagrams.entry(s.items.clone());
            let slot = entry.or_insert_with(|| Some(bdd::AtMost::new(&s.items, &self.amo, true)));
            let Some(diagram) = slot else {
                continue;
            };
            match diagram.at_most(cnf, s.bound, budget) {
                Some(Value::True) => {}
                Some(v) => lits.push(v),
                None => *slot = None,
            }
        }
        lits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(v: i32) -> Value {
        Value::Lit(v)
    }

    /// The surrogate of `Σ level ≤ bound` and `other` (see [`combine_canonical`]).
    fn combine(level: &[(Value, i64)], bound: i64, other: &LinearBound) -> Option<LinearBound> {
        let c = Canonical::new(&other.items)?;
        combine_canonical(&Canonical::new(level)?, bound, &c, other.bound)
    }

    /// Every 0/1 assignment of variables 1..=n.
    fn assignments(n: u32) -> impl Iterator<Item = Vec<bool>> {
        (0..1u32 << n).map(move |m| (0..n).map(|i| m >> i & 1 == 1).collect())
    }

    fn value(items: &[(Value, i64)], x: &[bool]) -> i64 {
        items
            .iter()
            .map(|&(v, w)| match v {
                Value::True => w,
                Value::False => 0,
                Value::Lit(l) => {
                    if x[l.unsigned_abs() as usize - 1] == (l > 0) {
                        w
                    } else {
                        0
                    }
                }
            })
            .sum()
    }

    #[test]
    fn knapsack_combination_is_implied_and_refutes_a_bound_beyond_the_relaxation() {
        // values 6, 5, 4 (maximized: −value ≤ bound), weights 3 each, capacity 5
        let level = [(lit(1), -6), (lit(2), -5), (lit(3), -4)];
        let capacity = LinearBound {
            items: vec![(lit(1), 3), (lit(2), 3), (lit(3), 3)],
            bound: 5,
        };
        for bound in -12..=0 {
            let Some(s) = combine(&level, bound, &capacity) else {
                continue;
            };
            for x in assignments(3) {
                if value(&level, &x) <= bound && value(&capacity.items, &x) <= capacity.bound {
                    assert!(
                        value(&s.items, &x) <= s.bound,
                        "bound {bound}: {s:?} cuts {x:?}"
                    );
                }
            }
        }
        // the best is 6 (one item); the relaxation reaches 6 + 5·(2/3) = 9.33, so value ≥ 10
        // is refuted by the surrogate's own range, value ≥ 9 is not
        let s = combine(&level, -10, &capacity).expect("a tighter combination");
        assert!(super::super::range(&s.items).0 > s.bound, "{s:?}");
        let s = combine(&level, -9, &capacity).expect("a tighter combination");
        assert!(super::super::range(&s.items).0 <= s.bound, "{s:?}");
    }

    /// xorshift: reproducible random numbers below `m`.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, m: i64) -> i64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % m as u64) as i64
        }

        /// Up to `len` items over variables 1..=n, some negated or constant, weights −7..7.
        fn sum(&mut self, n: i32, len: i64) -> Vec<(Value, i64)> {
            (0..len)
                .map(|_| {
                    let v = 1 + self.below(i64::from(n)) as i32;
                    let v = if self.below(3) == 0 { -v } else { v };
                    let v = if self.below(12) == 0 {
                        Value::True
                    } else {
                        lit(v)
                    };
                    (v, self.below(15) - 7)
                })
                .collect()
        }
    }

    #[test]
    fn random_combinations_are_implied_and_refute_only_empty_bounds() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let mut combined = 0;
        for _ in 0..3000 {
            let n = 1 + rng.below(5) as i32;
            let len = 1 + rng.below(6);
            let level = rng.sum(n, len);
            let len = 1 + rng.below(6);
            let other = LinearBound {
                items: rng.sum(n, len),
                bound: rng.below(15) - 7,
            };
            let bound = rng.below(15) - 7;
            let Some(s) = combine(&level, bound, &other) else {
                continue;
            };
            combined += 1;
            let mut any = false;
            for x in assignments(n as u32) {
                if value(&level, &x) <= bound && value(&other.items, &x) <= other.bound {
                    any = true;
                    let within = value(&s.items, &x) <= s.bound;
                    assert!(within, "{level:?} ≤ {bound}, {other:?}: {s:?} cuts {x:?}");
                }
            }
            if super::super::range(&s.items).0 > s.bound {
                assert!(
                    !any,
                    "{level:?} ≤ {bound}, {other:?}: {s:?} refutes a model"
                );
            }
        }
        assert!(combined > 300, "only {combined} combinations formed");
    }

    #[test]
    fn no_surrogate_without_shared_atoms_or_gain() {
        let level = [(lit(1), 1), (lit(2), 1)];
        let other = LinearBound {
            items: vec![(lit(3), 1)],
            bound: 0,
        };
        assert_eq!(combine(&level, 1, &other), None);
        // both bounds push the same way: the level's bound alone is as tight
        let same = LinearBound {
            items: vec![(lit(1), 1), (lit(2), 2)],
            bound: 2,
        };
        assert_eq!(combine(&level, 1, &same), None);
    }

    #[test]
    fn negative_literals_and_constants_fold() {
        // minimize ¬1 + ¬2 (keep both), while 1 + 2 ≤ 1 (at most one): cost ≥ 1
        let level = [(lit(-1), 1), (lit(-2), 1), (Value::True, 0)];
        let other = LinearBound {
            items: vec![(lit(1), 1), (lit(2), 1)],
            bound: 1,
        };
        let s = combine(&level, 0, &other).expect("a tighter combination");
        assert!(super::super::range(&s.items).0 > s.bound, "{s:?}");
        let s = combine(&level, 1, &other).expect("a tighter combination");
        for x in assignments(2) {
            if value(&level, &x) <= 1 && value(&other.items, &x) <= 1 {
                assert!(value(&s.items, &x) <= s.bound);
            }
        }
    }

    #[test]
    fn hull_inside_and_outside() {
        let allowed = vec![(i64::MIN, 3), (7, 9)];
        assert_eq!(hull(&allowed, 0, 10, true), Some((0, 9)));
        assert_eq!(hull(&allowed, 0, 10, false), Some((4, 10)));
        assert_eq!(hull(&allowed, 4, 6, true), None);
    }

    #[test]
    fn asserted_sums_give_their_bounds() {
        let mut cnf = Cnf::with_vars(4);
        cnf.add_clause(&[-4]);
        let sums = [ReifiedSum {
            items: vec![(lit(1), 2), (lit(2), 3), (lit(3), 4)],
            allowed: vec![(6, i64::MAX)],
            lit: 4,
        }];
        // `:- #sum > 5.`: Σ ≤ 5 and nothing below
        assert_eq!(
            asserted_bounds(&cnf, &sums),
            vec![LinearBound {
                items: sums[0].items.clone(),
                bound: 5
            }]
        );
        cnf.add_clause(&[1]);
        let unasserted = [ReifiedSum {
            lit: 1,
            ..sums[0].clone()
        }];
        assert_eq!(
            asserted_bounds(&cnf, &unasserted).len(),
            1,
            "lit 1 asserted true: Σ ≥ 6"
        );
    }
}
