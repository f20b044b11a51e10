//! Model enumeration without blocking clauses.
//!
//! An answer set is determined by the values of a few atoms (the *determining* atoms: heads of
//! choice rules and disjunctions, and atoms on a cycle of the dependency graph; every other atom
//! is true exactly when one of its rules' bodies is, and those bodies only refer to atoms before
//! it). Enumeration walks the tree of assignments to these variables depth first, in a fixed
//! order, as a chronological backtracking search: the path to the current model is a list of
//! literals, each either as the model has it or already flipped; after a model, the deepest
//! literal not yet flipped is flipped and everything below it is forgotten. Every assignment is
//! visited once, so no model repeats, and nothing is added to the solver per model: the cost of
//! a model does not grow with the number found.
//!
//! Most flips are settled by unit propagation ([`Propagator`]) alone: a flip refuted by
//! propagation has no model below it; otherwise a small depth-first search by propagation below
//! it (each variable first as the previous model has it) looks for the next model, or shows that
//! propagation refutes every branch. Only when that search runs out of its budget, or reaches a
//! leaf whose completion is no answer set, is the SAT solver asked, with the path as
//! assumptions (the budget adapts to how often the search succeeds, see [`Budget`]). Under
//! `--project` the shown atoms take the place of the determining ones (distinct projections are
//! distinct assignments to them).
//!
//! Back ends that are not incremental (external solvers, re-run for every call) get blocking
//! clauses over the same variables instead: one run per model rather than one per flip.

use super::propagate::Propagator;
use super::{
    Model, Outcome, SatBackend, Search, SolveError, SolveOptions, SolveStats, blocking_clause,
    shown_symbols,
};
use crate::cnf::CnfLit;
use crate::program::{AtomId, GroundProgram, Head};
use crate::translate::{Translation, Value};

/// What the caller answers for each model: go on, or stop (e.g. standard output was closed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    Continue,
    Stop,
}

/// The variables whose values determine an answer set (see the module documentation), in
/// increasing order.
pub(crate) fn determining_vars(program: &GroundProgram, tr: &Translation) -> Vec<CnfLit> {
    let n = program.num_atoms();
    let open = |a: AtomId| matches!(tr.atoms[a.0 as usize], Value::Lit(_));
    let mut free = vec![false; n];
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    for rule in &program.rules {
        match &rule.head {
            Head::None => {}
            Head::Atom(h) => {
                let out = &mut edges[h.0 as usize];
                out.extend(
                    rule.body
                        .iter()
                        .flat_map(|b| b.lits())
                        .map(|l| l.atom.0 as usize),
                );
            }
            Head::Choice { elems, .. } => {
                for e in elems {
                    free[e.atom.0 as usize] = true;
                }
            }
        }
    }
    for d in &program.disjunctions {
        for e in &d.elems {
            free[e.atom.0 as usize] = true;
        }
    }
    // An external no rule defines is set from outside (free in the CNF; `[free]` ones stay
    // free when solving).
    for (a, _) in program.open_externals() {
        free[a.0 as usize] = true;
    }
    for comp in crate::scc::tarjan(&edges) {
        let cyclic = comp.len() > 1 || edges[comp[0]].contains(&comp[0]);
        if cyclic {
            for a in comp {
                free[a] = true;
            }
        }
    }
    let mut vars: Vec<CnfLit> = (0..n)
        .filter(|&i| free[i] && open(AtomId(i as u32)))
        .filter_map(|i| match tr.atoms[i] {
            Value::Lit(l) => Some(l.abs()),
            _ => None,
        })
        .collect();
    vars.sort_unstable();
    vars.dedup();
    vars
}

/// The variables `--project` distinguishes models by (ascending, distinct): those of the
/// `#project` atoms, or without `#project` directives, of the shown output. `aspsat dimacs`
/// writes them as the `c p show` projection of model counters.
pub fn projected_vars(program: &GroundProgram, tr: &Translation) -> Vec<CnfLit> {
    // `#project` directives name the atoms; without them, the shown output counts.
    let values: Vec<Value> = if program.has_projection() {
        program
            .open_atoms()
            .filter(|&a| program.is_projected(a))
            .map(|a| tr.atoms[a.0 as usize])
            .collect()
    } else {
        tr.shown.iter().map(|s| s.value).collect()
    };
    let mut v: Vec<CnfLit> = values
        .into_iter()
        .filter_map(|v| match v {
            Value::Lit(l) => Some(l.abs()),
            _ => None,
        })
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// Enumerates models, calling `on_model` for each; returns the outcome and statistics.
pub fn enumerate(
    program: &GroundProgram,
    tr: &Translation,
    backend: &mut dyn SatBackend,
    options: &SolveOptions,
    on_model: &mut dyn FnMut(&Model, &[bool]) -> Next,
) -> Result<(Outcome, SolveStats), SolveError> {
    let budget = Budget::for_vars(tr.cnf.num_vars());
    enumerate_within(program, tr, backend, options, budget, on_model)
}

/// [`enumerate`] with the given budget of the search by propagation below a flip.
fn enumerate_within(
    program: &GroundProgram,
    tr: &Translation,
    backend: &mut dyn SatBackend,
    options: &SolveOptions,
    budget: Budget,
    on_model: &mut dyn FnMut(&Model, &[bool]) -> Next,
) -> Result<(Outcome, SolveStats), SolveError> {
    let vars: Vec<CnfLit> = if options.project {
        projected_vars(program, tr)
    } else {
        determining_vars(program, tr)
    };
    let mut search = Search::new(program, tr);
    let mut walk = Walk {
        search: &mut search,
        tr,
        program,
        vars: &vars,
        max_models: options.max_models,
        budget,
        on_model,
    };
    let exhausted = if backend.is_incremental() {
        walk.tree(backend)?
    } else {
        walk.blocking(backend)?
    };
    let outcome = match (search.stats.models, exhausted) {
        (0, true) => Outcome::Unsatisfiable,
        (_, exhausted) => Outcome::Satisfiable { exhausted },
    };
    Ok((outcome, search.finish()))
}

/// How many assignments the search by propagation below a flip may make before the SAT solver
/// is asked instead. It halves after each search that gives up and doubles after each that
/// settles its flip, within bounds proportional to the number of CNF variables: where the
/// search mostly succeeds (queens, jodici) it saves most solver calls. Where it keeps failing
/// even at the smallest budget (magic squares: the solver's learnt clauses settle the flips,
/// propagation alone does not), the flips after such a failure go straight to the solver, 1,
/// 2, 4... up to 64 of them before the next search, until one succeeds again.
#[derive(Clone, Copy, Debug)]
struct Budget {
    current: u64,
    min: u64,
    max: u64,
    /// Flips still to be sent to the solver without a search.
    pause: u32,
    /// How many the next failure at the smallest budget adds to `pause`.
    next_pause: u32,
}

/// The longest run of flips sent straight to the solver (see [`Budget`]).
const MAX_PAUSE: u32 = 64;

impl Budget {
    fn for_vars(num_vars: u32) -> Self {
        let n = u64::from(num_vars).max(64);
        Budget {
            current: 4 * n,
            min: n / 4,
            max: 16 * n,
            pause: 0,
            next_pause: 1,
        }
    }

    /// Always `assignments` (for tests).
    #[cfg(test)]
    fn fixed(assignments: u64) -> Self {
        Budget {
            current: assignments,
            min: assignments,
            max: assignments,
            pause: 0,
            next_pause: 0,
        }
    }

    fn settled(&mut self) {
        self.current = (self.current * 2).min(self.max);
        self.next_pause = self.next_pause.min(1);
    }

    fn gave_up(&mut self) {
        if self.current == self.min {
            self.pause = self.next_pause;
            self.next_pause = (self.next_pause * 2).min(MAX_PAUSE);
        }
        self.current = (self.current / 2).max(self.min);
    }

    /// Whether this flip skips the search by propagation (counting it off the pause).
    fn paused(&mut self) -> bool {
        let paused = self.pause > 0;
        self.pause = self.pause.saturating_sub(1);
        paused
    }
}

/// What the search by propagation found below a flipped literal.
enum Below {
    Model(Vec<bool>),
    /// Propagation refutes every branch: no model.
    Empty,
    /// Out of budget, or a leaf whose completion is no answer set: the solver decides.
    Undecided,
}

struct Walk<'a, 'b> {
    search: &'b mut Search<'a>,
    tr: &'a Translation,
    program: &'a GroundProgram,
    vars: &'b [CnfLit],
    max_models: usize,
    budget: Budget,
    on_model: &'b mut dyn FnMut(&Model, &[bool]) -> Next,
}

impl Walk<'_, '_> {
    /// Reports a model; `false` when the enumeration must stop (enough models, or the caller
    /// said so).
    fn report(&mut self, model: &[bool]) -> bool {
        let shown = shown_symbols(self.program, self.tr, model);
        let next = (self.on_model)(&shown, model);
        next == Next::Continue
            && (self.max_models == 0 || self.search.stats.models < self.max_models)
    }

    /// One solver call per model, each model blocked by a clause over the variables. Returns
    /// whether every model was found.
    fn blocking(&mut self, backend: &mut dyn SatBackend) -> Result<bool, SolveError> {
        loop {
            let Some(model) = self.search.next(backend, &[])? else {
                return Ok(true);
            };
            if !self.report(&model) {
                return Ok(false);
            }
            let block = blocking_clause(self.vars, &model);
            if block.is_empty() {
                return Ok(true);
            }
            backend.add_clause(&block);
        }
    }

    /// The depth-first walk over assignments to the variables (module documentation). Returns
    /// whether every model was found.
    fn tree(&mut self, backend: &mut dyn SatBackend) -> Result<bool, SolveError> {
        let Some(mut model) = self.search.next(backend, &[])? else {
            return Ok(true);
        };
        let mut prop = Propagator::new(&self.tr.cnf);
        if prop.refuted {
            // Cannot happen with a model; fall back to the plain method to be safe.
            return self.blocking_after(backend, model);
        }
        // path[i]: the literal of vars[i] on the current path, and whether it is flipped (or
        // implied by the literals before it, so that its flip has no model).
        let mut path: Vec<(CnfLit, bool)> = Vec::with_capacity(self.vars.len());
        loop {
            // Extend the path to a leaf with the model's values.
            let from = path.len();
            for &v in &self.vars[from..] {
                let lit = if model[v as usize] { v } else { -v };
                let implied = prop.lit_value(lit) == Some(true);
                let ok = prop.decide(lit);
                debug_assert!(ok, "a model satisfies the CNF");
                path.push((lit, implied));
            }
            if !self.report(&model) {
                return Ok(false);
            }
            // Next leaf: flip the deepest unflipped literal; settle it by propagation when
            // possible, else by the solver.
            loop {
                while path.last().is_some_and(|&(_, flipped)| flipped) {
                    path.pop();
                }
                let Some(&(lit, _)) = path.last() else {
                    return Ok(true);
                };
                let depth = path.len() - 1;
                prop.backtrack(depth);
                path[depth] = (-lit, true);
                if !prop.decide(-lit) {
                    continue;
                }
                let below = if self.budget.paused() {
                    Below::Undecided
                } else {
                    self.explore(&mut prop, &mut path, &model, backend)
                };
                match below {
                    Below::Model(next) => {
                        model = next;
                        break;
                    }
                    Below::Empty => continue,
                    Below::Undecided => {}
                }
                prop.backtrack(depth + 1);
                let assumptions: Vec<CnfLit> = path.iter().map(|&(l, _)| l).collect();
                if let Some(next) = self.search.next(backend, &assumptions)? {
                    model = next;
                    break;
                }
            }
            // Levels below the flipped literal are rebuilt from the new model.
            prop.backtrack(path.len());
        }
    }

    /// A search by propagation alone below the current path (the propagator is at its last
    /// level): depth first over the remaining variables, each first as `previous` has it, for
    /// at most `self.budget` assignments. On [`Below::Model`] the path is extended to that
    /// model's leaf (a literal counts as flipped when its other value was refuted on the way, or
    /// is implied), and the model is counted as found. Otherwise path and propagator are as
    /// they were. A branch counts as empty only when propagation refutes it: every answer set
    /// satisfies the CNF.
    fn explore(
        &mut self,
        prop: &mut Propagator,
        path: &mut Vec<(CnfLit, bool)>,
        previous: &[bool],
        backend: &mut dyn SatBackend,
    ) -> Below {
        let start = path.len();
        let limit = prop.assignments + self.budget.current;
        // The literal to decide next at depth `path.len()`, and whether its other value is
        // settled (refuted, or it is implied).
        let mut next: Option<(CnfLit, bool)> = None;
        loop {
            let (lit, settled) = match next.take() {
                Some(choice) => choice,
                None if path.len() == self.vars.len() => {
                    // A leaf: the solver decides when the completion is no answer set (the
                    // values of variables propagation left open may not fit).
                    let candidate = prop.model(previous);
                    if self.search.accept(&candidate, backend) {
                        self.budget.settled();
                        return Below::Model(candidate);
                    }
                    break;
                }
                None => {
                    let v = self.vars[path.len()];
                    match prop.lit_value(v) {
                        Some(value) => (if value { v } else { -v }, true),
                        None => (if previous[v as usize] { v } else { -v }, false),
                    }
                }
            };
            if prop.assignments >= limit {
                break;
            }
            if prop.decide(lit) {
                path.push((lit, settled));
                continue;
            }
            prop.backtrack(path.len());
            if !settled {
                next = Some((-lit, true));
                continue;
            }
            while path.len() > start && path.last().is_some_and(|&(_, flipped)| flipped) {
                path.pop();
            }
            if path.len() == start {
                prop.backtrack(start);
                self.budget.settled();
                return Below::Empty;
            }
            let (lit, _) = path.pop().expect("deeper than start");
            prop.backtrack(path.len());
            next = Some((-lit, true));
        }
        path.truncate(start);
        prop.backtrack(start);
        self.budget.gave_up();
        Below::Undecided
    }

    fn blocking_after(
        &mut self,
        backend: &mut dyn SatBackend,
        model: Vec<bool>,
    ) -> Result<bool, SolveError> {
        if !self.report(&model) {
            return Ok(false);
        }
        let block = blocking_clause(self.vars, &model);
        if block.is_empty() {
            return Ok(true);
        }
        backend.add_clause(&block);
        self.blocking(backend)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::VarisatBackend;
    use crate::{CompileOptions, compile, syntax};
    use std::sync::Arc;

    /// The models of `text` (shown atoms as text, in the order found) enumerated with the
    /// given budget of the search by propagation, and how many solver calls it took.
    fn models(text: &str, project: bool, budget: Budget) -> (Vec<String>, usize) {
        let statements = syntax::parse(text, Arc::from("test.lp")).unwrap();
        let compiled = compile(&statements, &CompileOptions::default()).unwrap();
        let tr = &compiled.translation;
        let mut backend = VarisatBackend::new(tr.cnf.num_vars());
        crate::solve::load(&mut backend, &tr.cnf);
        let options = SolveOptions {
            max_models: 0,
            project,
        };
        let symbols = &compiled.program.symbols;
        let mut found = Vec::new();
        let (outcome, stats) = enumerate_within(
            &compiled.program,
            tr,
            &mut backend,
            &options,
            budget,
            &mut |model, _| {
                let atoms: Vec<String> = model.iter().map(|&s| symbols.to_string(s)).collect();
                found.push(atoms.join(" "));
                Next::Continue
            },
        )
        .unwrap();
        assert!(outcome.exhausted());
        (found, stats.solver_calls)
    }

    /// Failures at the smallest budget send 1, 2, 4... (at most 64) flips straight to the
    /// solver; a search that succeeds ends the pauses. Fixed budgets (the tests') never pause.
    #[test]
    fn failing_searches_pause_and_a_success_resumes() {
        let mut budget = Budget::for_vars(400);
        let paused_run = |b: &mut Budget| {
            let mut n = 0;
            while b.paused() {
                n += 1;
            }
            n
        };
        // From 4n down to the minimum n/4: four halvings without a pause.
        for _ in 0..4 {
            budget.gave_up();
            assert_eq!(paused_run(&mut budget), 0);
        }
        let runs: Vec<u32> = (0..9)
            .map(|_| {
                budget.gave_up();
                paused_run(&mut budget)
            })
            .collect();
        assert_eq!(runs, [1, 2, 4, 8, 16, 32, 64, 64, 64]);
        budget.settled();
        budget.gave_up();
        assert_eq!(paused_run(&mut budget), 0, "above the minimum again");
        budget.gave_up();
        assert_eq!(
            paused_run(&mut budget),
            1,
            "pauses start over after a success"
        );
        let mut fixed = Budget::fixed(0);
        fixed.gave_up();
        assert!(!fixed.paused());
    }

    /// Every budget finds the same models, none twice: with budget 0 every flip that
    /// propagation does not refute goes to the solver, with small ones the search by
    /// propagation gives up half way (its path and propagator must be restored), with large
    /// ones it finds the models and refutes the empty branches itself.
    #[test]
    fn every_budget_finds_the_same_models() {
        // The counts are clingo 5.8.3's (`clingo 0`, `--project` for the last).
        let programs = [
            // 92 solutions of the 8 queens
            (
                "1 { q(X,Y) : Y = 1..8 } 1 :- X = 1..8. :- q(X,Y), q(X',Y), X < X'. \
              :- q(X,Y), q(X',Y'), X < X', X' - X = |Y' - Y|.",
                false,
                92,
                true,
            ),
            // non-tight: a loop that only a choice supports
            (
                "{ c(1..4) }. p(X) :- c(X). p(X) :- p(Y), e(Y,X). e(1,2). e(2,3). e(3,1). \
              e(3,4). :- p(4), not c(2).",
                false,
                9,
                false,
            ),
            // projection onto fewer atoms than determine the answer set
            (
                "{ a(1..6) }. b :- a(1), a(2). b :- a(5). #show b/0. #show a(3) : a(3).",
                true,
                4,
                false,
            ),
        ];
        // (program, --project, models, whether propagation finds them all without the solver:
        // not when candidates fail the stability check, nor when propagation leaves atoms
        // outside the projection open)
        for (text, project, expected, propagation_suffices) in programs {
            let (reference, _) = models(text, project, Budget::fixed(0));
            assert_eq!(reference.len(), expected, "{text}");
            let mut sorted = reference.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), reference.len(), "a model repeats: {text}");
            for budget in [1, 2, 3, 5, 8, 13, 40, 256, 1 << 20] {
                let (mut found, calls) = models(text, project, Budget::fixed(budget));
                found.sort();
                assert_eq!(found, sorted, "budget {budget}: {text}");
                if budget == 1 << 20 && propagation_suffices {
                    assert!(calls <= 1, "propagation alone suffices here: {calls} calls");
                }
            }
        }
    }
}
