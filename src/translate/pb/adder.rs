//! Pseudo-Boolean constraints by an adder network (as in Eén & Sörensson, "Translating
//! Pseudo-Boolean Constraints into SAT", 2006): each weight is split into its binary digits,
//! the inputs are put in one bucket per digit, and full adders (three bits of a bucket → a sum
//! bit in the same bucket and a carry in the next) and half adders reduce every bucket to one
//! bit. The sum is then compared with the ends of each allowed interval by a chain of AND/OR
//! gates from the least significant bit up.
//!
//! A negative weight is folded into a constant: `w·x = w + |w|·¬x`. Every gate is encoded in
//! both directions (full adder: 8 clauses for the sum, 6 for the carry), so the result is
//! equivalent to the constraint and unit propagation decides it once the inputs are fixed
//! (propagation from partial assignments is weaker than the decision diagram's). Size:
//! O(Σ bits of |wᵢ|) clauses, whatever the weights.

use super::{Value, all_allowed, clause, none_allowed};
use crate::cnf::Cnf;
use std::collections::VecDeque;

/// A sum in binary: `base + Σ 2ⁱ·bits[i]`, where the binary part ranges over `0..=max`.
#[derive(Clone, Debug)]
pub struct BinarySum {
    pub base: i64,
    pub bits: Vec<Value>,
    pub max: i64,
}

/// The adder network for `Σ wᵢ·[xᵢ]` (decided items may be given as constants).
pub fn sum_bits(cnf: &mut Cnf, items: &[(Value, i64)]) -> BinarySum {
    let mut base = 0i64;
    let mut max = 0i64;
    let mut buckets: Vec<VecDeque<Value>> = Vec::new();
    for &(v, w) in items {
        let (y, w) = match v {
            Value::True => {
                base += w;
                continue;
            }
            Value::False => continue,
            _ if w < 0 => {
                base += w;
                (v.negate(), w.unsigned_abs())
            }
            _ => (v, w as u64),
        };
        max += w as i64;
        for b in 0..64 {
            if w >> b & 1 == 1 {
                if buckets.len() <= b {
                    buckets.resize_with(b + 1, VecDeque::new);
                }
                buckets[b].push_back(y);
            }
        }
    }
    let mut bits = Vec::with_capacity(buckets.len() + 1);
    let mut b = 0;
    while b < buckets.len() {
        // First in, first out: the adders of a bucket form a balanced tree.
        loop {
            let bucket = &mut buckets[b];
            match bucket.len() {
                0 => {
                    bits.push(Value::False);
                    break;
                }
                1 => {
                    bits.push(bucket.pop_front().expect("one"));
                    break;
                }
                2 => {
                    let (x, y) = (
                        bucket.pop_front().expect("two"),
                        bucket.pop_front().expect("two"),
                    );
                    bits.push(xor2(cnf, x, y));
                    let carry = and2(cnf, x, y);
                    push_carry(&mut buckets, b + 1, carry);
                    break;
                }
                _ => {
                    let x = bucket.pop_front().expect("three");
                    let y = bucket.pop_front().expect("three");
                    let z = bucket.pop_front().expect("three");
                    let sum = xor3(cnf, x, y, z);
                    buckets[b].push_back(sum);
                    let carry = maj3(cnf, x, y, z);
                    push_carry(&mut buckets, b + 1, carry);
                }
            }
        }
        b += 1;
    }
    // Complementary inputs cancel (`x + ¬x` is 1: its carry is false and never pushed), so the
    // bits may be fewer than `max` needs; the binary part never exceeds what they can hold, and
    // the comparators need constants below 2^bits.
    if bits.len() < 63 {
        max = max.min((1i64 << bits.len()) - 1);
    }
    BinarySum { base, bits, max }
}

fn push_carry(buckets: &mut Vec<VecDeque<Value>>, b: usize, carry: Value) {
    if carry == Value::False {
        return;
    }
    if buckets.len() <= b {
        buckets.resize_with(b + 1, VecDeque::new);
    }
    buckets[b].push_back(carry);
}

/// A literal equivalent to `sum ∈ allowed`.
pub fn in_allowed(cnf: &mut Cnf, sum: &BinarySum, allowed: &[(i64, i64)]) -> Value {
    let (lo, hi) = (sum.base, sum.base + sum.max);
    if all_allowed(allowed, lo, hi) {
        return Value::True;
    }
    if none_allowed(allowed, lo, hi) {
        return Value::False;
    }
    let mut alternatives = Vec::new();
    for &(a, b) in allowed {
        // the interval relative to the binary part, clipped to its range
        let a = a.saturating_sub(sum.base).max(0);
        let b = b.saturating_sub(sum.base).min(sum.max);
        if a > b {
            continue;
        }
        let at_least_a = at_least(cnf, &sum.bits, a);
        let above_b = if b == sum.max {
            Value::False
        } else {
            at_least(cnf, &sum.bits, b + 1)
        };
        alternatives.push(and2(cnf, at_least_a, above_b.negate()));
    }
    alternatives
        .into_iter()
        .fold(Value::False, |acc, v| or2(cnf, acc, v))
}

/// A literal equivalent to `Σ 2ⁱ·bits[i] ≥ c` (for `0 ≤ c < 2^bits.len()`): from the least
/// significant bit up, `ge ← bit ∧ ge` where `c` has a 1 and `ge ← bit ∨ ge` where it has a 0.
pub fn at_least(cnf: &mut Cnf, bits: &[Value], c: i64) -> Value {
    debug_assert!(c >= 0 && (bits.len() >= 63 || c < 1 << bits.len()));
    let mut ge = Value::True;
    for (i, &bit) in bits.iter().enumerate() {
        ge = if c >> i & 1 == 1 {
            and2(cnf, bit, ge)
        } else {
            or2(cnf, bit, ge)
        };
    }
    ge
}

/// A literal equivalent to `Σ wᵢ·[xᵢ] ∈ allowed` by an adder network (the tests compare it with
/// `auto`).
#[cfg(test)]
pub fn sum_in(cnf: &mut Cnf, items: &[(Value, i64)], allowed: &[(i64, i64)]) -> Value {
    super::sum_in_with(cnf, items, allowed, super::PbEncoding::Adder)
}

fn new_lit(cnf: &mut Cnf) -> Value {
    Value::Lit(cnf.new_var())
}

/// `a ∧ b`.
pub(crate) fn and2(cnf: &mut Cnf, a: Value, b: Value) -> Value {
    match (a, b) {
        (Value::False, _) | (_, Value::False) => Value::False,
        (Value::True, x) | (x, Value::True) => x,
        _ if a == b => a,
        _ if a == b.negate() => Value::False,
        _ => {
            let v = new_lit(cnf);
            clause(cnf, &[v.negate(), a]);
            clause(cnf, &[v.negate(), b]);
            clause(cnf, &[v, a.negate(), b.negate()]);
            v
        }
    }
}

/// `a ∨ b`.
pub(crate) fn or2(cnf: &mut Cnf, a: Value, b: Value) -> Value {
    and2(cnf, a.negate(), b.negate()).negate()
}

/// `a ⊕ b`.
fn xor2(cnf: &mut Cnf, a: Value, b: Value) -> Value {
    match (a, b) {
        (Value::False, x) | (x, Value::False) => x,
        (Value::True, x) | (x, Value::True) => x.negate(),
        _ if a == b => Value::False,
        _ if a == b.negate() => Value::True,
        _ => {
            let v = new_lit(cnf);
            clause(cnf, &[v.negate(), a, b]);
            clause(cnf, &[v.negate(), a.negate(), b.negate()]);
            clause(cnf, &[v, a.negate(), b]);
            clause(cnf, &[v, a, b.negate()]);
            v
        }
    }
}

/// `a ⊕ b ⊕ c`: the sum bit of a full adder.
fn xor3(cnf: &mut Cnf, a: Value, b: Value, c: Value) -> Value {
    let lits = [a, b, c];
    let open = lits.iter().all(|v| matches!(v, Value::Lit(_)))
        && a != b
        && a != c
        && b != c
        && a != b.negate()
        && a != c.negate()
        && b != c.negate();
    if !open {
        let ab = xor2(cnf, a, b);
        return xor2(cnf, ab, c);
    }
    let v = new_lit(cnf);
    // v is true exactly when an odd number of a, b, c are: one clause per assignment.
    for mask in 0u32..8 {
        let signs: Vec<Value> = lits
            .iter()
            .enumerate()
            .map(|(i, &x)| if mask >> i & 1 == 1 { x.negate() } else { x })
            .collect();
        // this clause excludes the assignment where each literal is true iff its mask bit is 1
        let odd = mask.count_ones() % 2 == 1;
        let head = if odd { v } else { v.negate() };
        clause(cnf, &[signs[0], signs[1], signs[2], head]);
    }
    v
}

/// The majority of `a, b, c`: the carry of a full adder.
fn maj3(cnf: &mut Cnf, a: Value, b: Value, c: Value) -> Value {
    for (x, y, z) in [(a, b, c), (b, c, a), (c, a, b)] {
        match x {
            Value::True => return or2(cnf, y, z),
            Value::False => return and2(cnf, y, z),
            Value::Lit(_) => {}
        }
        if x == y {
            return x;
        }
        if x == y.negate() {
            return z;
        }
    }
    let v = new_lit(cnf);
    for (x, y) in [(a, b), (a, c), (b, c)] {
        clause(cnf, &[x.negate(), y.negate(), v]);
        clause(cnf, &[x, y, v.negate()]);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::CnfLit;
    use crate::translate::testutil::{assert_forced, signed};

    /// The network's bits are the binary sum for every assignment (weights with many bits).
    #[test]
    fn bits_are_the_binary_sum() {
        let weights = [13i64, -6, 7, 1, 22, -1, 3];
        let mut cnf = Cnf::new();
        let vars: Vec<CnfLit> = weights.iter().map(|_| cnf.new_var()).collect();
        let items: Vec<(Value, i64)> = vars
            .iter()
            .zip(weights)
            .map(|(&v, w)| (Value::Lit(v), w))
            .collect();
        let sum = sum_bits(&mut cnf, &items);
        assert_eq!(sum.base, -7);
        assert_eq!(sum.max, 53);
        let bit_lits: Vec<CnfLit> = sum
            .bits
            .iter()
            .map(|b| match b {
                Value::Lit(l) => *l,
                other => panic!("constant bit {other:?}"),
            })
            .collect();
        for mask in 0u32..(1 << weights.len()) {
            let total: i64 = (0..weights.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| weights[i])
                .sum();
            let binary = total - sum.base;
            let expected: Vec<bool> = (0..bit_lits.len()).map(|i| binary >> i & 1 == 1).collect();
            let fixed: Vec<CnfLit> = vars
                .iter()
                .enumerate()
                .map(|(i, &v)| signed(v, mask >> i & 1 == 1))
                .collect();
            assert_forced(
                &cnf,
                &fixed,
                &bit_lits,
                &expected,
                &format!("mask {mask:b}"),
            );
        }
    }

    /// The comparator against every constant of a 4-bit number.
    #[test]
    fn comparator_is_exact() {
        for c in 0..16i64 {
            let mut cnf = Cnf::new();
            let bits: Vec<CnfLit> = (0..4).map(|_| cnf.new_var()).collect();
            let values: Vec<Value> = bits.iter().map(|&b| Value::Lit(b)).collect();
            let ge = at_least(&mut cnf, &values, c);
            for x in 0..16i64 {
                let fixed: Vec<CnfLit> = bits
                    .iter()
                    .enumerate()
                    .map(|(i, &b)| signed(b, x >> i & 1 == 1))
                    .collect();
                match ge {
                    Value::Lit(g) => {
                        assert_forced(&cnf, &fixed, &[g], &[x >= c], &format!("{x} >= {c}"))
                    }
                    v => assert_eq!(v == Value::True, x >= c, "{x} >= {c}"),
                }
            }
        }
    }
}
