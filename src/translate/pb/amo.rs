//! "At most one" sets the program guarantees (choice rules with an upper bound of 1 and a body
//! that always holds, such as `1 { x(R,C,V) : v(V) } 1 :- r(R), r(C).`), and the partition of a
//! sum's items into groups of which at most one is true.
//!
//! A sum over such a group takes one of its weights or nothing, a single value rather than a
//! sum of subsets: the generalized totalizer takes a group as one leaf whose outputs are the
//! group's distinct weights ([`super::gte`]), and its tree then has far fewer distinct sums
//! (a 4x4 magic square's row over 4 cells of 16 values each: 4 leaves of 16 values instead of
//! 64 items whose subsets reach every sum up to the cap). The groups are only sound where the
//! CNF itself forbids two true items of one set: the translation records a set only when its
//! choice bound is a clause that holds unconditionally.

use super::Value;
use crate::cnf::CnfLit;
use std::collections::HashMap;

/// Sets of literals of which every model of the CNF makes at most one true.
#[derive(Debug, Default, Clone)]
pub struct AmoSets {
    /// The sets each literal belongs to.
    of: HashMap<CnfLit, Vec<u32>>,
    count: u32,
}

impl AmoSets {
    /// Records a set (distinct literals; sets of fewer than two say nothing).
    pub fn add(&mut self, lits: &[CnfLit]) {
        let mut lits = lits.to_vec();
        lits.sort_unstable();
        lits.dedup();
        if lits.len() < 2 {
            return;
        }
        let id = self.count;
        self.count += 1;
        for l in lits {
            self.of.entry(l).or_default().push(id);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Partitions the items (open literals with positive weights) into groups of which at most
    /// one item is true: the largest sets first, each taking its items no larger set took.
    /// Items whose literal occurs more than once stay alone (both occurrences may count), as
    /// do items in no set. Groups keep the items' order; groups of two or more come first,
    /// then the single items in their order.
    pub fn groups(&self, items: &[(Value, i64)]) -> Vec<Vec<(Value, i64)>> {
        if self.is_empty() {
            return items.iter().map(|&item| vec![item]).collect();
        }
        let mut occurrences: HashMap<CnfLit, usize> = HashMap::new();
        for &(v, _) in items {
            if let Value::Lit(l) = v {
                *occurrences.entry(l).or_default() += 1;
            }
        }
        let member = |v: Value| match v {
            Value::Lit(l) if occurrences[&l] == 1 => self.of.get(&l),
            _ => None,
        };
        // The items of each set, largest set first (ties by the set's number: deterministic).
        let mut by_set: HashMap<u32, Vec<usize>> = HashMap::new();
        for (i, &(v, _)) in items.iter().enumerate() {
            for &set in member(v).into_iter().flatten() {
                by_set.entry(set).or_default().push(i);
            }
        }
        let mut sets: Vec<(u32, Vec<usize>)> = by_set.into_iter().collect();
        sets.sort_by_key(|(set, members)| (std::cmp::Reverse(members.len()), *set));
        let mut taken = vec![false; items.len()];
        let mut groups = Vec::new();
        for (_, members) in sets {
            let free: Vec<usize> = members.into_iter().filter(|&i| !taken[i]).collect();
            if free.len() < 2 {
                continue;
            }
            for &i in &free {
                taken[i] = true;
            }
            groups.push(free.iter().map(|&i| items[i]).collect());
        }
        for (i, &item) in items.iter().enumerate() {
            if !taken[i] {
                groups.push(vec![item]);
            }
        }
        groups
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(l: CnfLit, w: i64) -> (Value, i64) {
        (Value::Lit(l), w)
    }

    #[test]
    fn largest_sets_first_repeated_literals_alone() {
        let mut sets = AmoSets::default();
        sets.add(&[1, 2, 3, 4]);
        sets.add(&[4, 5]);
        sets.add(&[6, 7]);
        sets.add(&[8]);
        let items = [
            lit(1, 3),
            lit(4, 1),
            lit(5, 2),
            lit(2, 5),
            lit(6, 1),
            lit(7, 1),
            lit(7, 2),
            lit(-3, 1),
            lit(8, 4),
            (Value::True, 9),
        ];
        let groups = sets.groups(&items);
        assert_eq!(
            groups,
            vec![
                vec![lit(1, 3), lit(4, 1), lit(2, 5)],
                vec![lit(5, 2)],
                vec![lit(6, 1)],
                vec![lit(7, 1)],
                vec![lit(7, 2)],
                vec![lit(-3, 1)],
                vec![lit(8, 4)],
                vec![(Value::True, 9)],
            ]
        );
        let none = AmoSets::default().groups(&items);
        assert_eq!(none.len(), items.len());
    }
}
