//! The rule instances added so far, so that an instance the join produces twice is added once.
//!
//! A whole-program grounding keeps only the hash and the index of each rule in
//! `program.rules`, which stays as it was added until grounding ends (a copy of every rule as
//! the key of a map had doubled the grounder's memory). Incremental mode keeps copies: the
//! simplification after each call rewrites that call's rules in place, and a later call must
//! still recognise the instances it produced.

use crate::program::Rule;
use hashbrown::HashTable;
use std::hash::BuildHasher;

#[derive(Default)]
pub struct SeenRules {
    /// `(hash, id)` of every rule: `id` indexes `copies` if there are copies, else the rules.
    table: HashTable<(u64, u32)>,
    /// Incremental mode: every rule as it was added, with its index in `program.rules` then.
    copies: Option<Vec<(Rule, usize)>>,
}

impl SeenRules {
    /// `keep_copies`: the rules passed to [`SeenRules::add`] may change after they were added
    /// (incremental mode).
    pub fn new(keep_copies: bool) -> Self {
        SeenRules {
            table: HashTable::new(),
            copies: keep_copies.then(Vec::new),
        }
    }

    /// Appends `rule` to `rules` unless an equal rule was added before; then returns the index
    /// that earlier rule got.
    pub fn add(&mut self, rule: Rule, rules: &mut Vec<Rule>) -> Option<usize> {
        let hash = rustc_hash::FxBuildHasher.hash_one(&rule);
        let copies = &self.copies;
        let stored = |id: u32| match copies {
            Some(c) => &c[id as usize].0,
            None => &rules[id as usize],
        };
        if let Some(&(_, id)) = self
            .table
            .find(hash, |&(h, id)| h == hash && *stored(id) == rule)
        {
            return Some(match copies {
                Some(c) => c[id as usize].1,
                None => id as usize,
            });
        }
        let index = rules.len();
        let id = match &mut self.copies {
            Some(c) => {
                c.push((rule.clone(), index));
                c.len() - 1
            }
            None => index,
        };
        rules.push(rule);
        let id = u32::try_from(id).expect("fewer than 2^32 ground rules (--max-ground)");
        self.table.insert_unique(hash, (hash, id), |&(h, _)| h);
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::{AtomId, BodyElem, Head, Lit};

    fn rule(head: u32, body: &[u32]) -> Rule {
        Rule {
            head: Head::Atom(AtomId(head)),
            body: body
                .iter()
                .map(|&a| BodyElem::Lit(Lit::pos(AtomId(a))))
                .collect(),
        }
    }

    #[test]
    fn an_equal_rule_is_added_once_and_names_the_first() {
        for keep_copies in [false, true] {
            let mut seen = SeenRules::new(keep_copies);
            let mut rules = Vec::new();
            assert_eq!(seen.add(rule(1, &[2, 3]), &mut rules), None);
            assert_eq!(seen.add(rule(1, &[3, 2]), &mut rules), None);
            assert_eq!(seen.add(rule(1, &[2, 3]), &mut rules), Some(0));
            assert_eq!(seen.add(rule(1, &[3, 2]), &mut rules), Some(1));
            assert_eq!(rules, vec![rule(1, &[2, 3]), rule(1, &[3, 2])]);
        }
    }

    #[test]
    fn copies_recognise_a_rule_rewritten_since() {
        let mut seen = SeenRules::new(true);
        let mut rules = Vec::new();
        seen.add(rule(1, &[2, 3]), &mut rules);
        // the simplification of an incremental call drops the decided literal 3
        rules[0] = rule(1, &[2]);
        assert_eq!(seen.add(rule(1, &[2, 3]), &mut rules), Some(0));
        assert_eq!(rules.len(), 1);
    }
}
