//! The translation of incremental mode: each grounding call's rules (a delta of the ground
//! program, see [`crate::ground::incremental`]) extend one CNF, so that one SAT solver keeps
//! what it learnt across steps and a step costs what its own rules cost.
//!
//! This is exact because a call's rules define only atoms no earlier call defined (the grounder
//! refuses redefinitions, as clingo does): the completion of an atom is complete within the
//! call that defines it, and a positive loop lies within one call, so a level ranking of the
//! call's own cyclic components suffices. An atom that was false when an earlier call was
//! grounded and that a later call defines gets a fresh variable then (the earlier rules had
//! already dropped it, as clingo's grounder does). An `#external` stays free (the caller gives
//! it a value by assumption) until a later call defines it; then it is completed like any atom.

use super::acyclic::GrowingClosure;
use super::{
    Builder, CostBody, EncodingOptions, Level, Stability, Translation, Value, complete,
    encode_rules, ranking, shown,
};
use crate::cnf::{Cnf, CnfLit};
use crate::program::{AtomId, ExternalValue, GroundProgram};
use crate::symbol::Sym;
use crate::syntax::Diagnostic;
use std::collections::HashMap;

/// A translation that grows with each call.
pub struct IncrementalTranslation {
    /// Everything translated so far (`stability` is always `Exact`).
    pub tr: Translation,
    conjunctions: HashMap<Vec<CnfLit>, CnfLit>,
    encoders: Option<super::encoding::Encoders>,
    /// Atoms already in `tr.shown`.
    shown_atom: Vec<bool>,
    /// Clauses of `tr.cnf` handed out by [`IncrementalTranslation::new_clauses`] so far.
    loaded: usize,
    /// Each objective tuple's term: its level's priority and its index there.
    cost_terms: HashMap<Sym, (i64, usize)>,
    acyclicity: GrowingClosure,
}

impl IncrementalTranslation {
    pub fn new(encodings: EncodingOptions) -> Self {
        IncrementalTranslation {
            tr: Translation {
                cnf: Cnf::new(),
                atoms: Vec::new(),
                shown: Vec::new(),
                stability: Stability::Exact,
                objective: Vec::new(),
                encodings,
                encoding_stats: Default::default(),
                origins: Vec::new(),
                externals: Vec::new(),
                // steps may add rules to any choice's body: no sets
                amo: Default::default(),
                // no surrogate bounds for the optimizer (see `asserted_bounds`)
                linear: Vec::new(),
            },
            conjunctions: HashMap::new(),
            encoders: Some(super::encoding::Encoders::new(encodings)),
            shown_atom: Vec::new(),
            loaded: 0,
            cost_terms: HashMap::new(),
            acyclicity: GrowingClosure::default(),
        }
    }

    /// Translates `program`, whose lists hold one call's delta only (its atoms and symbols are
    /// the whole program's).
    pub fn extend(&mut self, program: &GroundProgram) -> Result<(), Diagnostic> {
        // The incremental solver runs no stability check: the level ranking makes each call's
        // loops exact, and what it refuses (beyond NP) is refused here.
        let loops = ranking::analyse(program).map_err(|e| e.diagnostic(program))?;
        let n = program.num_atoms();
        let mut b = Builder {
            program,
            cnf: std::mem::take(&mut self.tr.cnf),
            atoms: std::mem::take(&mut self.tr.atoms),
            conjunctions: std::mem::take(&mut self.conjunctions),
            encoders: self
                .encoders
                .take()
                .expect("encoders are put back after each call"),
            defined: Vec::new(),
        };
        let first_new = b.atoms.len();
        b.atoms.resize(n, Value::False);
        // Atoms open since this call: new ones, and old ones that were false so far.
        let mut opened = vec![false; n];
        for (i, opened) in opened.iter_mut().enumerate() {
            if b.atoms[i] != Value::False && i < first_new {
                continue;
            }
            b.atoms[i] = super::initial_value(&mut b.cnf, program, AtomId(i as u32));
            *opened = matches!(b.atoms[i], Value::Lit(_));
        }
        let supports = encode_rules(&mut b, program);
        let external = |i: usize| program.is_external(AtomId(i as u32));
        complete(&mut b, &supports, &|i| opened[i] && !external(i));
        if !loops.is_tight() {
            ranking::encode(&mut b, &loops);
        }
        self.extend_objective(&mut b, program);
        self.acyclicity.extend(&mut b);
        self.shown_atom.resize(n, false);
        let already = &self.shown_atom;
        let fresh = shown(&mut b, program, &|i| !already[i]);
        for s in &fresh {
            if !s.term
                && let Some(a) = program.lookup_atom(s.sym)
            {
                self.shown_atom[a.0 as usize] = true;
            }
        }
        self.tr.shown.extend(fresh);
        // Externals: those this call defines are no longer external; new ones are added.
        let defined_now: std::collections::HashSet<CnfLit> = program
            .externals
            .iter()
            .filter(|(a, _)| !supports[a.0 as usize].is_empty())
            .filter_map(|(a, _)| match b.atoms[a.0 as usize] {
                Value::Lit(l) => Some(l),
                _ => None,
            })
            .collect();
        self.tr.externals.retain(|(l, _)| !defined_now.contains(l));
        let known: std::collections::HashSet<CnfLit> =
            self.tr.externals.iter().map(|&(l, _)| l).collect();
        for &(a, v) in &program.externals {
            if let Value::Lit(l) = b.atoms[a.0 as usize]
                && supports[a.0 as usize].is_empty()
                && !known.contains(&l)
                && !program.is_fact(a)
            {
                self.tr.externals.push((l, v));
            }
        }
        self.tr.cnf = b.cnf;
        self.tr.atoms = b.atoms;
        self.conjunctions = b.conjunctions;
        self.tr.encoding_stats = b.encoders.stats;
        self.encoders = Some(b.encoders);
        Ok(())
    }

    /// Adds the call's objective elements. A tuple is paid once over all calls: a tuple an
    /// earlier call had gets a new literal, the disjunction of its bodies (the solver drops
    /// earlier bounds after each step, so the old literal is simply no longer used).
    fn extend_objective(&mut self, b: &mut Builder, program: &GroundProgram) {
        let ruleless = super::atoms_without_rules(program);
        for e in &program.minimize {
            let body = match super::cost_element(b, e, &ruleless) {
                CostBody::Dropped => continue,
                CostBody::Impossible => None,
                CostBody::Holds(v) => Some(v),
            };
            let objective = &mut self.tr.objective;
            let level = match objective.iter().position(|l| l.priority == e.priority) {
                Some(i) => i,
                None => {
                    objective.push(Level {
                        priority: e.priority,
                        terms: Vec::new(),
                    });
                    objective.sort_by_key(|l| std::cmp::Reverse(l.priority));
                    objective
                        .iter()
                        .position(|l| l.priority == e.priority)
                        .expect("just added")
                }
            };
            let Some(v) = body else { continue };
            let terms = &mut objective[level].terms;
            match self.cost_terms.get(&e.tuple) {
                Some(&(_, i)) => terms[i].0 = b.or([terms[i].0, v]),
                None => {
                    self.cost_terms.insert(e.tuple, (e.priority, terms.len()));
                    terms.push((v, e.weight));
                }
            }
        }
    }

    /// The clauses added since the last call of this function.
    pub fn new_clauses(&mut self) -> Vec<Vec<CnfLit>> {
        let cnf = &self.tr.cnf;
        let all: Vec<Vec<CnfLit>> = (self.loaded..cnf.num_clauses())
            .map(|i| cnf.clause(i).to_vec())
            .collect();
        self.loaded += all.len();
        all
    }

    /// The literal of an open external atom, if it is one.
    pub fn external_lit(&self, program: &GroundProgram, sym: crate::symbol::Sym) -> Option<CnfLit> {
        let a = program.lookup_atom(sym)?;
        let Value::Lit(l) = *self.tr.atoms.get(a.0 as usize)? else {
            return None;
        };
        self.tr.externals.iter().any(|&(e, _)| e == l).then_some(l)
    }

    /// Releases an external (clingo's `release`): false for good, no longer external.
    pub fn release(&mut self, l: CnfLit) {
        self.tr.externals.retain(|&(e, _)| e != l);
        self.tr.cnf.add_clause(&[-l]);
    }

    /// Sets an external true for good (the query of the last step an exported CNF stands for).
    pub fn release_true(&mut self, l: CnfLit) {
        self.tr.externals.retain(|&(e, _)| e != l);
        self.tr.cnf.add_clause(&[l]);
    }

    /// Assumptions giving the open externals their default values, except `set_true`, which
    /// is assumed true.
    pub fn assumptions(&self, set_true: Option<CnfLit>) -> Vec<CnfLit> {
        let mut out: Vec<CnfLit> = self
            .tr
            .externals
            .iter()
            .filter(|&&(l, _)| Some(l) != set_true)
            .filter_map(|&(l, v)| match v {
                ExternalValue::True => Some(l),
                ExternalValue::False | ExternalValue::Release => Some(-l),
                ExternalValue::Free => None,
            })
            .collect();
        out.extend(set_true);
        out
    }
}
