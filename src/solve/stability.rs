//! The stability check for models of the completion of a non-tight program.
//!
//! A model of the completion is an answer set exactly when every true atom is founded: derived
//! by the least model of the reduct. Outside of cyclic components completion guarantees it, so
//! the check works per cyclic component `C`, taking the model's values for atoms outside `C`: an
//! atom of `C` is founded when one of its supports holds in the model and all of the support's
//! positive body atoms in `C` are founded (a fixpoint). The true atoms that are not founded form
//! an unfounded set `U`. For each strongly connected part `L` of `U` (through supports that hold)
//! the loop nogood `¬a ∨ ext_1 ∨ … ∨ ext_k` is added for the atoms `a ∈ L` (all of them unless
//! the clauses get long, see [`PART_BUDGET`]), where the `ext_i` are the values of the supports
//! of `L`'s atoms that do not depend positively on `L`. The nogoods hold in every answer set, and
//! the parts of `U` that no other part depends on have no true external support, so the model at
//! hand violates theirs.
//!
//! All support values are CNF literals defined at translation time, so nogoods are plain clauses
//! over existing variables.

use super::{SatBackend, SolveStats, value_in};
use crate::cnf::CnfLit;
use crate::program::AtomId;
use crate::translate::{Loops, Stability, Translation, Value};

const INACTIVE: u32 = u32::MAX;
/// Literals of loop nogoods per part of an unfounded set: a large part with many external
/// supports would otherwise add |part| long clauses at once. Each of them is violated by the
/// model, so one suffices for progress; measured on transitive closures of 40-node graphs,
/// the rest only slowed the solver down without saving solver calls.
const PART_BUDGET: usize = 4096;
const NOT_LOCAL: u32 = u32::MAX;

/// Checks models for stability and produces loop nogoods for unstable ones.
pub struct StabilityCheck<'a> {
    loops: &'a Loops,
    atoms: &'a [Value],
    /// `watch[a]`: the supports that depend positively on atom `a` (within its component).
    watch: Vec<Vec<u32>>,
    /// Per support: how many of its internal atoms are not founded yet, or `INACTIVE` when the
    /// support does not hold (or its head is false).
    missing: Vec<u32>,
    founded: Vec<bool>,
    /// Per atom: its index in the unfounded set being split into parts, or `NOT_LOCAL`.
    local: Vec<u32>,
    queue: Vec<AtomId>,
}

impl<'a> StabilityCheck<'a> {
    /// `None` when the translation's models need no check (tight program, or level ranking).
    pub fn new(tr: &'a Translation) -> Option<Self> {
        let Stability::LoopNogoods(loops) = &tr.stability else {
            return None;
        };
        let n = tr.atoms.len();
        let mut watch = vec![Vec::new(); n];
        for (i, s) in loops.supports.iter().enumerate() {
            for d in &s.internal {
                watch[d.0 as usize].push(i as u32);
            }
        }
        Some(StabilityCheck {
            loops,
            atoms: &tr.atoms,
            watch,
            missing: vec![INACTIVE; loops.supports.len()],
            founded: vec![false; n],
            local: vec![NOT_LOCAL; n],
            queue: Vec::new(),
        })
    }

    fn holds(&self, a: AtomId, model: &[bool]) -> bool {
        value_in(self.atoms[a.0 as usize], model)
    }

    /// The unfounded true atoms of component `c` (empty when all its true atoms are founded).
    fn unfounded(&mut self, c: usize, model: &[bool]) -> Vec<AtomId> {
        let loops = self.loops;
        let comp = &loops.components[c];
        self.queue.clear();
        for &a in comp {
            self.founded[a.0 as usize] = false;
            let head_true = self.holds(a, model);
            for &s in &loops.supports_of[a.0 as usize] {
                let sup = &loops.supports[s as usize];
                self.missing[s as usize] = if head_true && value_in(sup.value, model) {
                    if sup.internal.is_empty() {
                        self.queue.push(a);
                    }
                    sup.internal.len() as u32
                } else {
                    INACTIVE
                };
            }
        }
        while let Some(a) = self.queue.pop() {
            if std::mem::replace(&mut self.founded[a.0 as usize], true) {
                continue;
            }
            for &s in &self.watch[a.0 as usize] {
                let m = &mut self.missing[s as usize];
                if *m != INACTIVE && *m > 0 {
                    *m -= 1;
                    if *m == 0 {
                        self.queue.push(loops.supports[s as usize].head);
                    }
                }
            }
        }
        comp.iter()
            .copied()
            .filter(|&a| !self.founded[a.0 as usize] && self.holds(a, model))
            .collect()
    }

    /// Loop nogoods for the strongly connected parts of the unfounded set `u`.
    fn nogoods(&mut self, u: &[AtomId], out: &mut Vec<Vec<CnfLit>>) {
        let loops = self.loops;
        for (i, a) in u.iter().enumerate() {
            self.local[a.0 as usize] = i as u32;
        }
        // Edges through the supports that hold (the active ones).
        let edges: Vec<Vec<usize>> = u
            .iter()
            .map(|a| {
                let mut e: Vec<usize> = loops.supports_of[a.0 as usize]
                    .iter()
                    .filter(|&&s| self.missing[s as usize] != INACTIVE)
                    .flat_map(|&s| &loops.supports[s as usize].internal)
                    .map(|d| self.local[d.0 as usize])
                    .filter(|&l| l != NOT_LOCAL)
                    .map(|l| l as usize)
                    .collect();
                e.sort_unstable();
                e.dedup();
                e
            })
            .collect();
        for a in u {
            self.local[a.0 as usize] = NOT_LOCAL;
        }
        for part in crate::scc::tarjan(&edges) {
            if part.len() == 1 && !edges[part[0]].contains(&part[0]) {
                continue; // no loop: completion already says all there is to say
            }
            let in_part: Vec<AtomId> = part.iter().map(|&i| u[i]).collect();
            for a in &in_part {
                self.local[a.0 as usize] = 0;
            }
            let mut ext = Vec::new();
            let mut satisfied = false;
            for a in &in_part {
                for &s in &loops.supports_of[a.0 as usize] {
                    let sup = &loops.supports[s as usize];
                    if sup
                        .internal
                        .iter()
                        .any(|d| self.local[d.0 as usize] != NOT_LOCAL)
                    {
                        continue;
                    }
                    match sup.value {
                        Value::Lit(l) => ext.push(l),
                        Value::True => satisfied = true,
                        Value::False => {}
                    }
                }
            }
            for a in &in_part {
                self.local[a.0 as usize] = NOT_LOCAL;
            }
            if satisfied {
                continue;
            }
            ext.sort_unstable();
            ext.dedup();
            let mut used = 0;
            for a in &in_part {
                let Value::Lit(l) = self.atoms[a.0 as usize] else {
                    continue;
                };
                if used > 0 && used + ext.len() + 1 > PART_BUDGET {
                    break;
                }
                used += ext.len() + 1;
                let mut clause = Vec::with_capacity(ext.len() + 1);
                clause.push(-l);
                clause.extend_from_slice(&ext);
                out.push(clause);
            }
        }
    }

    /// Loop nogoods violated by an unstable model; empty when the model is an answer set.
    pub fn check(&mut self, model: &[bool]) -> Vec<Vec<CnfLit>> {
        let mut out = Vec::new();
        for c in 0..self.loops.components.len() {
            let u = self.unfounded(c, model);
            if !u.is_empty() {
                let before = out.len();
                self.nogoods(&u, &mut out);
                debug_assert!(
                    out[before..].iter().any(|cl| cl
                        .iter()
                        .all(|&l| model[l.unsigned_abs() as usize] != (l > 0))),
                    "an unfounded set yields a violated loop nogood"
                );
            }
        }
        out
    }
}

/// The stability hook of every search (enumeration, optimization): call [`Hook::reject`] on
/// each model before accepting it.
pub struct Hook<'a>(
    Option<StabilityCheck<'a>>,
    Option<super::minimality::MinimalityCheck<'a>>,
);

impl<'a> Hook<'a> {
    /// Loop nogoods for non-tight programs; the minimality check instead for disjunctive
    /// programs that are not head-cycle-free (their loop nogoods would follow the shifted
    /// program, which has fewer answer sets).
    pub fn new(program: &'a crate::program::GroundProgram, tr: &'a Translation) -> Self {
        if matches!(tr.stability, Stability::Minimality) {
            Hook(
                None,
                Some(super::minimality::MinimalityCheck::new(program, tr)),
            )
        } else {
            Hook(StabilityCheck::new(tr), None)
        }
    }

    /// `true` when `model` is not an answer set: its loop nogoods were then added to the backend
    /// (and counted in `stats`), and the model must be dropped and the solver called again.
    pub fn reject(
        &mut self,
        model: &[bool],
        backend: &mut dyn SatBackend,
        stats: &mut SolveStats,
    ) -> bool {
        if let Some(minimality) = &self.1 {
            let Some(nogoods) = minimality.check(model) else {
                return false;
            };
            for c in &nogoods {
                backend.add_clause(c);
            }
            stats.minimality_checks += 1;
            stats.loop_nogoods += nogoods.len();
            return true;
        }
        let Some(check) = &mut self.0 else {
            return false;
        };
        let clauses = check.check(model);
        for c in &clauses {
            backend.add_clause(c);
        }
        stats.loop_nogoods += clauses.len();
        !clauses.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::StabilityCheck;
    use crate::translate::{TranslationKind, Value};

    fn compiled(text: &str, kind: TranslationKind) -> crate::Compiled {
        let statements = crate::syntax::parse(text, "<test>".into()).unwrap();
        let options = crate::CompileOptions {
            translation: kind,
            ..Default::default()
        };
        crate::compile(&statements, &options).unwrap()
    }

    /// The CNF variable of atom `name`.
    fn var(c: &crate::Compiled, name: &str) -> usize {
        let p = &c.program;
        let a = (0..p.num_atoms() as u32)
            .map(crate::program::AtomId)
            .find(|&a| p.symbols.to_string(p.atom_sym(a)) == name)
            .unwrap();
        match c.translation.atoms[a.0 as usize] {
            Value::Lit(l) => l as usize,
            v => panic!("{name} is {v:?}"),
        }
    }

    #[test]
    fn an_unfounded_loop_yields_violated_nogoods_and_a_founded_one_none() {
        let c = compiled(
            "p :- q.\nq :- p.\np :- s.\n{ s }.\n",
            TranslationKind::Completion,
        );
        let tr = &c.translation;
        let mut check = StabilityCheck::new(tr).expect("the program is not tight");
        let (p, q, s) = (var(&c, "p"), var(&c, "q"), var(&c, "s"));
        // Complete the model through the CNF: fix the atoms, let varisat find the auxiliaries.
        let model_with = |p_val: bool, s_val: bool| {
            let mut b = crate::solve::VarisatBackend::new(tr.cnf.num_vars());
            crate::solve::load(&mut b, &tr.cnf);
            for (v, val) in [(p, p_val), (q, p_val), (s, s_val)] {
                let l = v as i32;
                crate::solve::SatBackend::add_clause(&mut b, &[if val { l } else { -l }]);
            }
            crate::solve::SatBackend::solve(&mut b).unwrap().unwrap()
        };
        let unstable = model_with(true, false);
        let nogoods = check.check(&unstable);
        assert!(!nogoods.is_empty());
        for clause in &nogoods {
            assert!(
                clause
                    .iter()
                    .all(|&l| unstable[l.unsigned_abs() as usize] != (l > 0))
            );
            assert!(clause.contains(&-(p as i32)) || clause.contains(&-(q as i32)));
        }
        assert!(check.check(&model_with(true, true)).is_empty());
        assert!(check.check(&model_with(false, false)).is_empty());
    }

    #[test]
    fn ranking_and_tight_programs_need_no_check() {
        let looped = "p :- q.\nq :- p.\np :- s.\n{ s }.\n";
        let tr = compiled(looped, TranslationKind::Ranking).translation;
        assert!(StabilityCheck::new(&tr).is_none());
        let tr = compiled("p :- s.\n{ s }.\n", TranslationKind::Completion).translation;
        assert!(StabilityCheck::new(&tr).is_none());
    }
}
