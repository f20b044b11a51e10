//! The minimality check for disjunctive programs that are not head-cycle-free (embedded
//! solving only: such programs are beyond NP and have no polynomial CNF). A candidate model M
//! of the completion is an answer set exactly when no proper subset of M satisfies the reduct
//! P^M; a second SAT instance searches for one. If it exists, M is blocked and the search goes
//! on.
//!
//! The reduct is taken over the shifted rules and the disjunctive rules as written: for subsets
//! of M the shifted rules follow from the disjunctive ones, so adding them changes nothing.

use crate::cnf::CnfLit;
use crate::program::{AtomId, BodyElem, GroundProgram, Head, Lit, Polarity};
use crate::translate::Translation;
use varisat::{ExtendFormula, Solver};

pub struct MinimalityCheck<'a> {
    program: &'a GroundProgram,
    tr: &'a Translation,
}

/// An atom's value in the smaller model M': decided, or a variable of the check.
#[derive(Clone, Copy)]
enum Sub {
    True,
    False,
    Var(varisat::Lit),
}

impl<'a> MinimalityCheck<'a> {
    pub fn new(program: &'a GroundProgram, tr: &'a Translation) -> Self {
        MinimalityCheck { program, tr }
    }

    /// `None` when the model is an answer set, otherwise a clause excluding it.
    pub fn check(&self, cnf_model: &[bool]) -> Option<Vec<CnfLit>> {
        let m = super::atom_values(self.tr, cnf_model);
        if !smaller_model_exists(self.program, &m) {
            return None;
        }
        Some(super::blocking_clause(&self.tr.atom_vars(), cnf_model))
    }
}

/// Whether a proper subset of the model `m` (atom truth values) satisfies the reduct P^m; `m`
/// must be a model of the program. Only for programs
/// [`crate::translate::minimality_unsupported`] accepts.
pub fn smaller_model_exists(program: &GroundProgram, m: &[bool]) -> bool {
    {
        let mut solver = Solver::new();
        let mut sub: Vec<Sub> = Vec::with_capacity(m.len());
        let mut open = Vec::new();
        for (a, &value) in m.iter().enumerate() {
            let id = AtomId(a as u32);
            sub.push(if !value {
                Sub::False
            } else if program.is_fact(id) {
                Sub::True
            } else {
                let v = solver.new_lit();
                open.push(v);
                Sub::Var(v)
            });
        }
        if open.is_empty() {
            return false;
        }
        let holds_in_m = |l: &Lit| l.holds(m[l.atom.0 as usize]);
        // The reduct's clause for a body and head atoms: None when the rule is not in P^M or
        // trivially satisfied by every subset of M.
        let reduct = |body: &[BodyElem], heads: &[AtomId]| -> Option<Vec<varisat::Lit>> {
            let mut clause = Vec::new();
            for e in body {
                match e {
                    BodyElem::Lit(l) if l.polarity == Polarity::Pos => match sub[l.atom.0 as usize]
                    {
                        Sub::False => return None,
                        Sub::True => {}
                        Sub::Var(v) => clause.push(!v),
                    },
                    BodyElem::Lit(l) => {
                        if !holds_in_m(l) {
                            return None;
                        }
                    }
                    BodyElem::Conditional(instances) => {
                        // "cond → false" instances: negative, evaluated in M
                        if instances.iter().any(|i| i.cond.iter().all(holds_in_m)) {
                            return None;
                        }
                    }
                    BodyElem::Aggregate { aggregate, .. } => {
                        // negated (see `minimality_unsupported`): holds in M unless the aggregate does
                        let ts = crate::program::aggregate::tuples(aggregate);
                        let weights: Vec<_> = ts
                            .iter()
                            .filter(|t| t.conds.iter().any(|c| c.iter().all(holds_in_m)))
                            .map(|t| t.weight)
                            .collect();
                        let syms = &program.symbols;
                        let value =
                            crate::program::aggregate::value_of(aggregate.func, &weights, syms);
                        if aggregate
                            .guards
                            .iter()
                            .all(|g| crate::program::aggregate::guard_holds(value, g, syms))
                        {
                            return None;
                        }
                    }
                }
            }
            for h in heads {
                match sub[h.0 as usize] {
                    Sub::True => return None,
                    Sub::False => {}
                    Sub::Var(v) => clause.push(v),
                }
            }
            Some(clause)
        };
        for rule in &program.rules {
            match &rule.head {
                Head::None => {}
                Head::Atom(h) => {
                    if let Some(c) = reduct(&rule.body, &[*h]) {
                        solver.add_clause(&c);
                    }
                }
                Head::Choice { elems, .. } => {
                    for e in elems.iter().filter(|e| m[e.atom.0 as usize]) {
                        if !e
                            .cond
                            .iter()
                            .filter(|l| l.polarity != Polarity::Pos)
                            .all(holds_in_m)
                        {
                            continue;
                        }
                        let mut body = rule.body.clone();
                        body.extend(
                            e.cond
                                .iter()
                                .filter(|l| l.polarity == Polarity::Pos)
                                .map(|l| BodyElem::Lit(*l)),
                        );
                        if let Some(c) = reduct(&body, &[e.atom]) {
                            solver.add_clause(&c);
                        }
                    }
                }
            }
        }
        for d in &program.disjunctions {
            if let Some(c) = reduct(&d.body, &d.atoms()) {
                solver.add_clause(&c);
            }
        }
        // strictly smaller than M
        let smaller: Vec<varisat::Lit> = open.iter().map(|&v| !v).collect();
        solver.add_clause(&smaller);
        matches!(solver.solve(), Ok(true))
    }
}
