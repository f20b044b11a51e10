//! Aggregates as CNF: the truth value of `#agg{...} op v` as a literal.
//!
//! `#count` uses the unary outputs of a cardinality encoding ([`super::card`]); `#sum` a
//! pseudo-Boolean encoding ([`super::pb`]: decision diagram or adder network); `#min`/`#max`
//! compare each tuple's value with the guard directly.

use super::{Builder, Value};
use crate::program::aggregate;
use crate::program::{AggFunc, Aggregate, CountGuard};
use crate::symbol::{SymData, SymbolTable};
use crate::syntax::ast::CmpOp;
use std::cmp::Ordering;

impl Builder<'_> {
    /// The truth value of a ground aggregate (without the default negation in front of it).
    pub(super) fn aggregate(&mut self, agg: &Aggregate) -> Value {
        let syms = &self.program.symbols;
        let mut items: Vec<(Value, crate::symbol::Sym)> = Vec::new();
        for t in aggregate::tuples(agg) {
            let conds: Vec<Vec<Value>> = t
                .conds
                .iter()
                .map(|c| c.iter().map(|l| self.lit(*l)).collect())
                .collect();
            let alternatives: Vec<Value> = conds.into_iter().map(|c| self.and(c)).collect();
            let v = self.or(alternatives);
            if v != Value::False {
                items.push((v, t.weight));
            }
        }
        match agg.func {
            AggFunc::Count => self.count(&items, &agg.guards),
            AggFunc::Sum | AggFunc::SumPlus => self.sum(&items, &agg.guards, syms),
            AggFunc::Min | AggFunc::Max => self.extremum(agg.func, &items, &agg.guards, syms),
        }
    }

    fn count(&mut self, items: &[(Value, crate::symbol::Sym)], guards: &[CountGuard]) -> Value {
        let allowed = aggregate::allowed_intervals(guards, &self.program.symbols);
        let constant = items.iter().filter(|(v, _)| *v == Value::True).count() as i64;
        let inputs: Vec<i32> = items
            .iter()
            .filter_map(|(v, _)| match v {
                Value::Lit(l) => Some(*l),
                _ => None,
            })
            .collect();
        let n = inputs.len() as i64;
        // Allowed runs of the open count c (total = constant + c), c in 0..=n.
        let runs: Vec<(i64, i64)> = allowed
            .iter()
            .filter_map(|&(a, b)| {
                let lo = a.saturating_sub(constant).max(0);
                let hi = b.saturating_sub(constant).min(n);
                (lo <= hi).then_some((lo, hi))
            })
            .collect();
        if runs.is_empty() {
            return Value::False;
        }
        if runs == [(0, n)] {
            return Value::True;
        }
        let needed = runs
            .iter()
            .map(|&(lo, hi)| if hi < n { hi + 1 } else { lo })
            .max()
            .unwrap_or(0) as usize;
        let outputs = self.at_least(&inputs, needed);
        let at_least = |k: i64| -> Value {
            if k <= 0 {
                Value::True
            } else if k > n {
                Value::False
            } else {
                Value::Lit(outputs[k as usize - 1])
            }
        };
        let alternatives: Vec<Value> = runs
            .iter()
            .map(|&(lo, hi)| (at_least(lo), at_least(hi + 1).negate()))
            .collect::<Vec<_>>()
            .into_iter()
            .map(|(a, b)| self.and([a, b]))
            .collect();
        let v = self.or(alternatives);
        let open: Vec<(Value, i64)> = inputs.iter().map(|&l| (Value::Lit(l), 1)).collect();
        self.record_sum(&open, &runs, v);
        v
    }

    fn sum(
        &mut self,
        items: &[(Value, crate::symbol::Sym)],
        guards: &[CountGuard],
        syms: &SymbolTable,
    ) -> Value {
        let allowed = aggregate::allowed_intervals(guards, syms);
        let weighted: Vec<(Value, i64)> = items
            .iter()
            .map(|&(v, w)| (v, syms.as_int(w).map(i64::from).unwrap_or(0)))
            .collect();
        self.sum_in(&weighted, &allowed)
    }

    fn extremum(
        &mut self,
        func: AggFunc,
        items: &[(Value, crate::symbol::Sym)],
        guards: &[CountGuard],
        syms: &SymbolTable,
    ) -> Value {
        let is_min = func == AggFunc::Min;
        let empty = if is_min {
            syms.lookup(&SymData::Sup)
        } else {
            syms.lookup(&SymData::Inf)
        }
        .expect("#inf and #sup are interned");
        let mut parts = Vec::new();
        for g in guards {
            // "some tuple (or the empty value) is strictly beyond / at least at v"
            let reaches = |this: &mut Self, strict: bool| -> Value {
                let hit = |w| {
                    let ord = syms.compare(w, g.value);
                    let ord = if is_min { ord } else { ord.reverse() };
                    if strict {
                        ord == Ordering::Less
                    } else {
                        ord != Ordering::Greater
                    }
                };
                let mut alts: Vec<Value> = items
                    .iter()
                    .filter(|(_, w)| hit(*w))
                    .map(|(v, _)| *v)
                    .collect();
                if hit(empty) {
                    alts.push(Value::True);
                }
                this.or(alts)
            };
            // For #min, `le` is "min <= v" and `lt` is "min < v"; for #max mirrored.
            let le = reaches(self, false);
            let lt = reaches(self, true);
            let (low_op, high_op) = if is_min {
                (CmpOp::Le, CmpOp::Lt)
            } else {
                (CmpOp::Ge, CmpOp::Gt)
            };
            let v = match g.op {
                op if op == low_op => le,
                op if op == high_op => lt,
                CmpOp::Eq => self.and([le, lt.negate()]),
                CmpOp::Ne => self.and([le, lt.negate()]).negate(),
                // the remaining two are the negations of the first two
                CmpOp::Ge | CmpOp::Le => lt.negate(),
                CmpOp::Gt | CmpOp::Lt => le.negate(),
            };
            parts.push(v);
        }
        self.and(parts)
    }
}
