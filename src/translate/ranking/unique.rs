//! The unique level ranking (`--translation unique-ranking`): exactly one CNF model per answer
//! set, so that #SAT and AllSAT tools count answer sets.
//!
//! The level ranking lets an answer set choose any ranks that found its atoms, so one answer set
//! can have many models. Here each atom of a cyclic component `C` gets the step at which the
//! reduct derives it instead: `derived(a, j)` holds exactly when `a` is true and one of its
//! supports is founded on the atoms derived by step `j - 1` (the same founded supports as the
//! ranking, [`super::founded`], with "ranked below" read as "derived at an earlier step"; at
//! step 0 no loop atom is). The steps climb the least fixpoint of the reduct within `C`, which
//! is reached after at most |C| steps, and a true atom must be derived by the last one. Every
//! `derived` literal is a definition (both directions) over the atoms, and so is every other
//! auxiliary variable of the translation, so the atoms determine the whole model.
//!
//! Size: |C| copies of the component's founded supports, where the ranking has one copy and
//! ⌈log2 |C|⌉ rank bits per atom: use it for counting, not for solving.

use super::{Analysis, Below, Builder, Value, founded, monotone};
use crate::program::AtomId;
use std::collections::HashMap;

/// "Loop atom `d` was derived at an earlier step" (for step 0: empty, nothing was).
struct EarlierStep<'a> {
    derived: &'a HashMap<AtomId, Value>,
}

impl Below for EarlierStep<'_> {
    fn below(&mut self, b: &mut Builder, d: AtomId, a: AtomId) -> Value {
        match b.atoms[d.0 as usize] {
            _ if d == a => Value::False,
            Value::Lit(_) => self.derived.get(&d).copied().unwrap_or(Value::False),
            decided => decided,
        }
    }
}

/// Adds, for each cyclic component, the derivation steps of its atoms, and requires every true
/// atom to be derived by the last step.
pub(in crate::translate) fn encode_unique(b: &mut Builder, analysis: &Analysis) {
    let program = b.program;
    // The rules (indices) with a head in each component.
    let mut rules_of: Vec<Vec<usize>> = vec![Vec::new(); analysis.components.len()];
    for (i, rule) in program.rules.iter().enumerate() {
        let mut comps: Vec<u32> = monotone::heads(&rule.head)
            .into_iter()
            .map(|(h, _)| analysis.component[h.0 as usize])
            .filter(|&c| c != u32::MAX)
            .collect();
        comps.sort_unstable();
        comps.dedup();
        for c in comps {
            rules_of[c as usize].push(i);
        }
    }
    for (c, comp) in analysis.components.iter().enumerate() {
        let in_loop = |a: AtomId| analysis.component[a.0 as usize] == c as u32;
        let mut derived: HashMap<AtomId, Value> = HashMap::new();
        for _step in 0..comp.len() {
            let mut supports: HashMap<AtomId, Vec<Value>> = HashMap::new();
            for &i in &rules_of[c] {
                let rule = &program.rules[i];
                for (h, cond) in monotone::heads(&rule.head) {
                    if !in_loop(h) || !matches!(b.atoms[h.0 as usize], Value::Lit(_)) {
                        continue;
                    }
                    let mut earlier = EarlierStep { derived: &derived };
                    let v = founded::support(b, &mut earlier, h, &rule.body, cond, &in_loop);
                    supports.entry(h).or_default().push(v);
                }
            }
            let mut next = HashMap::with_capacity(comp.len());
            for &a in comp {
                let atom = b.atoms[a.0 as usize];
                let step = match atom {
                    Value::Lit(_) => {
                        let any = b.or(supports.remove(&a).unwrap_or_default());
                        b.and([atom, any])
                    }
                    decided => decided,
                };
                next.insert(a, step);
            }
            derived = next;
        }
        for &a in comp {
            // A true atom is derived by the last step (the converse holds by definition).
            let atom = b.atoms[a.0 as usize];
            b.clause(&[atom.negate(), derived[&a]]);
        }
    }
}
