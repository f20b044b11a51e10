//! Facts without variables (`p(1,a).`), kept apart from the rules: an instance file of 100,000
//! facts would otherwise hold a compiled rule and a join plan per fact (about 400 bytes each)
//! for the whole grounding. The grounder derives them where it would have instantiated their
//! rules: first in their component, in the order they are written (see
//! `schedule::clingo_order`, where such facts come before everything).

use super::ir::{self, PredId};
use super::state::Grounder;
use crate::symbol::Sym;
use crate::syntax::Diagnostic;
use crate::syntax::ast::Span;

#[derive(Default)]
pub struct InputFacts {
    /// The predicate of each fact, in the order they are written.
    preds: Vec<PredId>,
    /// Where each fact's arguments start in `args`.
    starts: Vec<u32>,
    args: Vec<Sym>,
    spans: Vec<Span>,
}

impl InputFacts {
    /// Takes `rule` if it is a fact without variables (no body, one head atom whose arguments
    /// are evaluated); gives it back otherwise.
    pub fn take(&mut self, rule: ir::Rule) -> Option<ir::Rule> {
        let ir::Head::Atom(atom) = &rule.head else {
            return Some(rule);
        };
        let ground = |t: &super::term::CTerm| match t {
            super::term::CTerm::Sym(s) => Some(*s),
            _ => None,
        };
        if !rule.body.is_empty() || !atom.args.iter().all(|t| ground(t).is_some()) {
            return Some(rule);
        }
        let args: Vec<Sym> = atom.args.iter().filter_map(ground).collect();
        self.push(atom.pred, &args, rule.span);
        None
    }

    /// Adds the fact `pred(args)` written at `span`.
    pub fn push(&mut self, pred: PredId, args: &[Sym], span: Span) {
        self.preds.push(pred);
        self.starts.push(self.args.len() as u32);
        self.args.extend_from_slice(args);
        self.spans.push(span);
    }

    pub fn len(&self) -> usize {
        self.preds.len()
    }

    pub fn pred(&self, i: usize) -> PredId {
        self.preds[i]
    }

    pub fn args(&self, i: usize) -> &[Sym] {
        let start = self.starts[i] as usize;
        let end = self
            .starts
            .get(i + 1)
            .map_or(self.args.len(), |&e| e as usize);
        &self.args[start..end]
    }
}

impl Grounder {
    /// Derives input fact `i` as instantiating its rule would (see `emit_atom`).
    pub fn add_input_fact(&mut self, facts: &InputFacts, i: usize) -> Result<(), Diagnostic> {
        if self.size() > self.max_size {
            return Err(self.limit_exceeded(&facts.spans[i]));
        }
        let pred = facts.pred(i);
        let args = facts.args(i);
        let sig = self.relations[pred].sig;
        let sym = self
            .program
            .symbols
            .function(sig.name, args.to_vec(), sig.negative);
        let id = self.program.atom(sym);
        if self.program.is_fact(id) {
            return Ok(());
        }
        self.derive(pred, id, args);
        self.program.facts[id.0 as usize] = true;
        Ok(())
    }
}
