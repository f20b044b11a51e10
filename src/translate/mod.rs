//! Ground program → CNF by Clark completion: an open atom is true exactly when the body of one
//! of its rules holds (choice rules only allow it), constraints become clauses, and choice
//! bounds become cardinality constraints. Completion is exact for tight programs only: for the
//! cyclic components of non-tight programs, [`loops`] records the supports that the stability
//! check needs (loop nogoods while solving), or [`ranking`] adds a level ranking. Disjunctive
//! programs that are not head-cycle-free ([`hcf`]) need a minimality check of every model.
//! [`Translation::stability`] says which of these the solver must do.

pub mod acyclic;
mod aggregate;
pub mod card;
mod defined;
mod encoding;
mod hcf;
pub mod incremental;
pub(crate) mod loops;
pub mod pb;
mod ranking;
pub(crate) mod reduct;
#[cfg(test)]
pub(crate) mod testutil;
mod tight;

pub use encoding::{EncodingOptions, EncodingStats};
pub use loops::{ConditionalLoop, LoopSupport, Loops, Through, TranslationKind};

use crate::cnf::{Cnf, CnfLit};
use crate::program::{AtomId, BodyElem, CostElem, CountGuard, GroundProgram, Head, Lit, Polarity};
use crate::symbol::Sym;
use crate::syntax::Diagnostic;
use crate::syntax::ast::Span;
use std::collections::HashMap;

/// A formula's value: decided, or a CNF literal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Value {
    True,
    False,
    Lit(CnfLit),
}

impl Value {
    fn negate(self) -> Value {
        match self {
            Value::True => Value::False,
            Value::False => Value::True,
            Value::Lit(l) => Value::Lit(-l),
        }
    }
}

/// One item of the output: a shown atom, or a `#show t : body.` term.
#[derive(Clone, Copy, Debug)]
pub struct Shown {
    pub sym: Sym,
    pub value: Value,
    /// A term of `#show t : body.` (clingo prints an atom and an equal term both).
    pub term: bool,
}

/// One priority level of the objective: the weighted literals whose sum is minimized.
#[derive(Clone, Debug)]
pub struct Level {
    pub priority: i64,
    pub terms: Vec<(Value, i64)>,
}

/// Adds the clause `∨ parts` to `cnf`, decided parts simplified away (a true part satisfies it).
pub(crate) fn add_clause(cnf: &mut Cnf, parts: &[Value]) {
    let mut lits = Vec::with_capacity(parts.len());
    for p in parts {
        match p {
            Value::True => return,
            Value::False => {}
            Value::Lit(l) => lits.push(*l),
        }
    }
    cnf.add_clause(&lits);
}

/// The CNF and the map back to the program.
pub struct Translation {
    pub cnf: Cnf,
    /// The value of each atom (facts are `True`, underivable atoms `False`).
    pub atoms: Vec<Value>,
    /// What an answer set shows, with the formula value that makes it shown.
    pub shown: Vec<Shown>,
    /// Whether the CNF's models are exactly the answer sets, or what must check them.
    pub stability: Stability,
    /// Optimization levels, highest priority first (empty without optimization statements).
    pub objective: Vec<Level>,
    /// The encodings used (the optimizer's bounds use them too).
    pub encodings: EncodingOptions,
    /// What the cardinality and pseudo-Boolean encodings added to `cnf`.
    pub encoding_stats: EncodingStats,
    /// What each part of the translation added to `cnf` (`--stats=2`), in order; empty for the
    /// incremental translation.
    pub origins: Vec<Origin>,
    /// The `#external` atoms no rule defines, with their default values: free in `cnf` until
    /// [`Translation::fix_external_defaults`] (solving) sets them.
    pub externals: Vec<(CnfLit, crate::program::ExternalValue)>,
    /// The "at most one" sets among the atoms' literals that every model of the CNF respects
    /// (for the optimizer's bounds: [`pb::AmoSets`]).
    pub amo: pb::AmoSets,
    /// Upper bounds of sums that every model of the CNF respects (the program's `#sum` and
    /// `#count` constraints), for the optimizer's surrogate bounds ([`pb::surrogate`]).
    pub linear: Vec<pb::surrogate::LinearBound>,
}

/// The clauses and variables one part of the translation added to the CNF (`--stats=2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Origin {
    pub name: &'static str,
    pub clauses: usize,
    pub vars: usize,
}

/// Records what each part of a translation adds to its CNF, part after part.
#[derive(Default)]
struct Origins {
    list: Vec<Origin>,
    clauses: usize,
    vars: u32,
}

impl Origins {
    /// What `cnf` gained since the last mark came from `name`.
    fn mark(&mut self, name: &'static str, cnf: &Cnf) {
        self.list.push(Origin {
            name,
            clauses: cnf.num_clauses() - self.clauses,
            vars: (cnf.num_vars() - self.vars) as usize,
        });
        self.clauses = cnf.num_clauses();
        self.vars = cnf.num_vars();
    }
}

/// How the translation ensures that models are answer sets (stable).
#[derive(Clone, Debug)]
pub enum Stability {
    /// The CNF's models are exactly the answer sets: tight program, or level ranking.
    Exact,
    /// Non-tight program by completion: each model must pass the stability check, which adds
    /// loop nogoods for these cyclic components' unfounded sets.
    LoopNogoods(Loops),
    /// Disjunctive program that is not head-cycle-free, or positive recursion through
    /// aggregates or conditional literals: each model must be a minimal model of its reduct
    /// (see [`reduct`]; loop nogoods of the shifted program would lose answer sets, and those
    /// of aggregate supports are not defined).
    Minimality,
}

impl Stability {
    /// Whether models need a check before they are answer sets.
    pub fn needs_check(&self) -> bool {
        !matches!(self, Stability::Exact)
    }
}

/// Why a ground program has no translation.
#[derive(Clone, Debug)]
pub enum TranslateError {
    /// Recursion through a body part that is not monotone inside its loop (`what`), where an
    /// exact CNF was asked for: beyond NP (see [`ranking`]).
    NonMonotoneLoop { head: AtomId, what: String },
    /// A disjunctive rule whose head atoms depend positively on each other, where the
    /// translation asked for cannot handle it (`why`).
    NotHeadCycleFree {
        atoms: (AtomId, AtomId),
        span: Span,
        why: String,
    },
}

/// Why a recursion that is not monotone has no exact CNF.
const NON_MONOTONE_WHY: &str = "clingo reads such a rule as a disjunctive rule that is not \
    head-cycle-free, which is beyond NP and has no polynomial CNF; solve it with `aspsat solve` \
    (reduct check) instead";

impl TranslateError {
    /// The error for the user, at the rule it comes from.
    pub fn diagnostic(&self, program: &GroundProgram) -> Diagnostic {
        match self {
            TranslateError::NonMonotoneLoop { head, what } => {
                let name = program.symbols.to_string(program.atom_sym(*head));
                let message = if name.starts_with('#') {
                    format!("a rule depends on itself through {what}: {NON_MONOTONE_WHY}")
                } else {
                    format!(
                        "a rule for '{name}' depends on '{name}' through {what}: {NON_MONOTONE_WHY}"
                    )
                };
                match program.complex_rule_origin(*head) {
                    Some(span) => Diagnostic::error(span, message),
                    None => Diagnostic::global(message),
                }
            }
            TranslateError::NotHeadCycleFree {
                atoms: (a, b),
                span,
                why,
            } => {
                let name = |x: &AtomId| program.symbols.to_string(program.atom_sym(*x));
                Diagnostic::error(
                    span,
                    format!(
                        "this disjunctive rule is not head-cycle-free (its head atoms {} and {} depend positively on each other): {why}",
                        name(a),
                        name(b)
                    ),
                )
            }
        }
    }
}

impl Translation {
    /// Adds unit clauses giving the open externals their default values (`false` unless
    /// declared `[true]` or `[free]`), as clingo solves; they are no longer free.
    pub fn fix_external_defaults(&mut self) {
        let defaults = self.external_defaults();
        for &l in &defaults {
            self.cnf.add_clause(&[l]);
        }
        if !self.origins.is_empty() {
            self.origins.push(Origin {
                name: "external defaults",
                clauses: defaults.len(),
                vars: 0,
            });
        }
        self.externals.clear();
    }

    /// The literals that give the open externals their default values.
    pub fn external_defaults(&self) -> Vec<CnfLit> {
        use crate::program::ExternalValue;
        self.externals
            .iter()
            .filter_map(|&(l, v)| match v {
                ExternalValue::True => Some(l),
                ExternalValue::False | ExternalValue::Release => Some(-l),
                ExternalValue::Free => None,
            })
            .collect()
    }

    /// CNF variables of atoms: an answer set is determined by their values.
    pub fn atom_vars(&self) -> Vec<CnfLit> {
        self.atoms
            .iter()
            .filter_map(|v| match v {
                Value::Lit(l) => Some(l.abs()),
                _ => None,
            })
            .collect()
    }
}

/// A way an atom can become true: a conjunction of open literals; `forcing` for normal rules
/// (the body makes the head true), not for choice rules (the body only allows it).
#[derive(Clone)]
struct Support {
    parts: Vec<CnfLit>,
    forcing: bool,
}

struct Builder<'a> {
    program: &'a GroundProgram,
    cnf: Cnf,
    atoms: Vec<Value>,
    conjunctions: HashMap<Vec<CnfLit>, CnfLit>,
    encoders: encoding::Encoders,
    /// `defined[a]`: atom `a`'s value is the formula of its bodies (see [`defined`]): its rules
    /// need no completion. Empty when no atom is.
    defined: Vec<bool>,
}

impl Builder<'_> {
    fn is_defined(&self, a: AtomId) -> bool {
        self.defined.get(a.0 as usize).copied().unwrap_or(false)
    }
}

impl Builder<'_> {
    fn lit(&self, l: Lit) -> Value {
        let v = self.atoms[l.atom.0 as usize];
        match l.polarity {
            Polarity::Not => v.negate(),
            Polarity::Pos | Polarity::NotNot => v,
        }
    }

    /// A literal equivalent to the conjunction (one auxiliary variable per distinct conjunction
    /// of two or more open literals).
    fn and(&mut self, parts: impl IntoIterator<Item = Value>) -> Value {
        self.gate(parts, false)
    }

    /// A literal equivalent to the disjunction: a positive variable of its own (shown atoms
    /// defined by a disjunction need one), shared with the conjunction of the negations.
    fn or(&mut self, parts: impl IntoIterator<Item = Value>) -> Value {
        self.gate(parts.into_iter().map(Value::negate), true)
            .negate()
    }

    /// The conjunction of `parts`; with `negative_var`, its variable stands for the negation
    /// (the disjunction `or` asks for) and the conjunction is its negative literal.
    fn gate(&mut self, parts: impl IntoIterator<Item = Value>, negative_var: bool) -> Value {
        let mut lits = Vec::new();
        for p in parts {
            match p {
                Value::False => return Value::False,
                Value::True => {}
                Value::Lit(l) => lits.push(l),
            }
        }
        lits.sort_unstable();
        lits.dedup();
        if lits.windows(2).any(|w| w[0] == -w[1]) {
            return Value::False;
        }
        match lits.len() {
            0 => Value::True,
            1 => Value::Lit(lits[0]),
            _ => {
                if let Some(&v) = self.conjunctions.get(&lits) {
                    return Value::Lit(v);
                }
                let var = self.cnf.new_var();
                let v = if negative_var { -var } else { var };
                for &l in &lits {
                    self.cnf.add_clause(&[-v, l]);
                }
                let mut long: Vec<CnfLit> = lits.iter().map(|l| -l).collect();
                long.push(v);
                self.cnf.add_clause(&long);
                self.conjunctions.insert(lits, v);
                Value::Lit(v)
            }
        }
    }

    /// The body as a conjunction of open literals; `None` when it cannot hold.
    fn body_parts(&mut self, body: &[BodyElem]) -> Option<Vec<CnfLit>> {
        let mut parts = Vec::with_capacity(body.len());
        for elem in body {
            let v = match elem {
                BodyElem::Lit(l) => self.lit(*l),
                BodyElem::Conditional(instances) => {
                    let mut conj = Vec::new();
                    for inst in instances {
                        let cond: Vec<Value> = inst.cond.iter().map(|c| self.lit(*c)).collect();
                        let cond = self.and(cond);
                        let lit = self.lit(inst.lit);
                        conj.push(self.or([cond.negate(), lit]));
                    }
                    self.and(conj)
                }
                BodyElem::Aggregate {
                    polarity,
                    aggregate,
                } => {
                    let v = self.aggregate(aggregate);
                    if *polarity == Polarity::Not {
                        v.negate()
                    } else {
                        v
                    }
                }
            };
            match v {
                Value::False => return None,
                Value::True => {}
                Value::Lit(l) => parts.push(l),
            }
        }
        Some(parts)
    }

    /// Adds the clause `∨ parts` (decided parts simplified away).
    fn clause(&mut self, parts: &[Value]) {
        add_clause(&mut self.cnf, parts);
    }

    /// `body → count(inputs) + constant satisfies guards`.
    fn count_constraint(
        &mut self,
        body: Value,
        inputs: &[CnfLit],
        constant: usize,
        guards: &[CountGuard],
    ) {
        let n = inputs.len() + constant;
        let allowed: Vec<bool> = (0..=n)
            .map(|c| guards.iter().all(|g| guard_holds(self.program, c, g)))
            .collect();
        // Forbidden runs of counts [lo, hi]: body → count < lo ∨ count > hi.
        let mut runs = Vec::new();
        let mut c = 0;
        while c <= n {
            if allowed[c] {
                c += 1;
                continue;
            }
            let lo = c;
            while c <= n && !allowed[c] {
                c += 1;
            }
            runs.push((lo, c - 1));
        }
        if runs.is_empty() {
            return;
        }
        let needed = runs
            .iter()
            .map(|&(_, hi)| if hi < n { hi + 1 } else { 0 })
            .chain(runs.iter().map(|&(lo, _)| lo))
            .max()
            .unwrap_or(0)
            .saturating_sub(constant);
        let outputs = self.at_least(inputs, needed);
        // at_least(k) over the whole count, constant included
        let at_least = |k: usize| -> Value {
            if k <= constant {
                Value::True
            } else if k - constant > inputs.len() {
                Value::False
            } else {
                Value::Lit(outputs[k - constant - 1])
            }
        };
        for (lo, hi) in runs {
            let below = at_least(lo).negate();
            let above = at_least(hi + 1);
            self.clause(&[body.negate(), below, above]);
        }
    }
}

/// Whether `count op value` holds in clingo's term order (integers before everything else).
fn guard_holds(program: &GroundProgram, count: usize, g: &CountGuard) -> bool {
    crate::program::aggregate::guard_holds(
        crate::program::aggregate::AggValue::Int(count as i64),
        g,
        &program.symbols,
    )
}

/// The objective: elements with equal tuples are paid once, when any of their bodies holds.
/// As in clingo, an element with a literal the grounder decided false is never emitted, and a
/// level without elements does not exist (without any, the program has no objective: plain
/// SATISFIABLE, no costs); a level whose elements are decided false only later (by
/// simplification, or open literals that contradict each other like `a, not a`) stays.
fn objective(b: &mut Builder, program: &GroundProgram) -> Vec<Level> {
    let mut by_tuple: Vec<(Sym, i64, i64, Vec<Value>)> = Vec::new();
    let mut index: HashMap<Sym, usize> = HashMap::new();
    let ruleless = atoms_without_rules(program);
    for e in &program.minimize {
        match cost_element(b, e, &ruleless) {
            CostBody::Dropped => {}
            CostBody::Impossible => {
                if !by_tuple.iter().any(|t| t.2 == e.priority) {
                    index.insert(e.tuple, by_tuple.len());
                    by_tuple.push((e.tuple, e.weight, e.priority, Vec::new()));
                }
            }
            CostBody::Holds(v) => match index.get(&e.tuple) {
                Some(&i) => by_tuple[i].3.push(v),
                None => {
                    index.insert(e.tuple, by_tuple.len());
                    by_tuple.push((e.tuple, e.weight, e.priority, vec![v]));
                }
            },
        }
    }
    let mut levels: Vec<Level> = Vec::new();
    for (_, weight, priority, bodies) in by_tuple {
        let v = b.or(bodies);
        let level = match levels.iter_mut().find(|l| l.priority == priority) {
            Some(l) => l,
            None => {
                levels.push(Level {
                    priority,
                    terms: Vec::new(),
                });
                levels.last_mut().expect("just pushed")
            }
        };
        level.terms.push((v, weight));
    }
    levels.sort_by_key(|l| std::cmp::Reverse(l.priority));
    levels
}

/// What an objective element's body contributes.
enum CostBody {
    /// clingo's grounder drops the element: a positive literal over an atom no rule defines
    /// (clingo's grounder knows such an atom is false, even when an earlier, incomplete round
    /// of grounding had seen a rule for it).
    Dropped,
    /// Decided false after grounding: clingo's grounder did not know, the level stays.
    Impossible,
    /// The body holds exactly when this value does.
    Holds(Value),
}

/// The body of objective element `e` (`ruleless`: [`atoms_without_rules`]).
fn cost_element(b: &mut Builder, e: &CostElem, ruleless: &[bool]) -> CostBody {
    let grounder_false = e.body.iter().any(|elem| {
        matches!(elem, BodyElem::Lit(l)
            if l.polarity != Polarity::Not && ruleless[l.atom.0 as usize])
    });
    if grounder_false {
        return CostBody::Dropped;
    }
    match b.body_parts(&e.body) {
        None => CostBody::Impossible,
        Some(parts) => CostBody::Holds(b.and(parts.into_iter().map(Value::Lit))),
    }
}

/// An atom's value before the rules are encoded: true for a fact, a fresh variable when some
/// rule may derive it, false otherwise.
pub(crate) fn initial_value(cnf: &mut Cnf, program: &GroundProgram, a: AtomId) -> Value {
    if program.is_fact(a) {
        Value::True
    } else if program.is_derivable(a) {
        Value::Lit(cnf.new_var())
    } else {
        Value::False
    }
}

/// Atoms that are neither facts nor externals nor the head of any rule.
pub(crate) fn atoms_without_rules(program: &GroundProgram) -> Vec<bool> {
    let mut ruleless: Vec<bool> = (0..program.num_atoms())
        .map(|i| {
            let a = AtomId(i as u32);
            !program.is_fact(a)
                && !program.is_external(a)
                && !program.is_derivable(a)
                && !program.grounded_heads.get(i).copied().unwrap_or(false)
        })
        .collect();
    for rule in &program.rules {
        match &rule.head {
            Head::Atom(a) => ruleless[a.0 as usize] = false,
            Head::Choice { elems, .. } => elems
                .iter()
                .for_each(|e| ruleless[e.atom.0 as usize] = false),
            Head::None => {}
        }
    }
    ruleless
}

/// Completion: an open atom is true exactly when a forcing support holds, and only if some
/// support holds. An atom with a single support needs no auxiliary variable. Atoms without
/// supports are completed (made false) only where `defined_here` says these rules define
/// them (incremental mode: not the atoms of earlier steps).
fn complete(b: &mut Builder, supports: &[Vec<Support>], defined_here: &dyn Fn(usize) -> bool) {
    for (i, atom_supports) in supports.iter().enumerate() {
        let Value::Lit(a) = b.atoms[i] else {
            continue;
        };
        if b.is_defined(AtomId(i as u32)) {
            continue;
        }
        if atom_supports.is_empty() && !defined_here(i) {
            continue;
        }
        // An external no rule defines is set from outside: no completion.
        if atom_supports.is_empty() && b.program.is_external(AtomId(i as u32)) {
            continue;
        }
        match atom_supports.as_slice() {
            [single] => {
                for &p in &single.parts {
                    b.cnf.add_clause(&[-a, p]);
                }
                if single.forcing {
                    let mut clause: Vec<CnfLit> = single.parts.iter().map(|l| -l).collect();
                    clause.push(a);
                    b.cnf.add_clause(&clause);
                }
            }
            many => {
                let mut clause = vec![Value::Lit(-a)];
                for s in many {
                    let v = b.and(s.parts.iter().map(|&l| Value::Lit(l)));
                    if s.forcing {
                        b.clause(&[v.negate(), Value::Lit(a)]);
                    }
                    clause.push(v);
                }
                b.clause(&clause);
            }
        }
    }
}

/// The "at most one" sets among the atoms that every model of the CNF respects: the elements
/// of a choice rule that allows no count above 1 and whose body holds unconditionally (its
/// bound is then a clause of [`encode_rules`] without a body), those whose conditions hold.
fn amo_sets(b: &Builder, program: &GroundProgram) -> pb::AmoSets {
    let mut sets = pb::AmoSets::default();
    for rule in &program.rules {
        let Head::Choice { elems, guards } = &rule.head else {
            continue;
        };
        let unconditional = rule
            .body
            .iter()
            .all(|e| matches!(e, BodyElem::Lit(l) if b.lit(*l) == Value::True));
        if guards.is_empty() || !unconditional {
            continue;
        }
        let mut atoms: Vec<AtomId> = elems.iter().map(|e| e.atom).collect();
        atoms.sort_unstable();
        atoms.dedup();
        let at_most_one =
            (2..=atoms.len()).all(|c| !guards.iter().all(|g| guard_holds(program, c, g)));
        if !at_most_one {
            continue;
        }
        // An atom counts as itself where one of its elements has a condition that holds.
        let lits: Vec<CnfLit> = elems
            .iter()
            .filter(|e| e.cond.iter().all(|&c| b.lit(c) == Value::True))
            .filter_map(|e| match b.atoms[e.atom.0 as usize] {
                Value::Lit(l) if !b.is_defined(e.atom) => Some(l),
                _ => None,
            })
            .collect();
        sets.add(&lits);
    }
    sets
}

/// Constraints and choice bounds of every rule go into the CNF; returns the supports of each
/// atom (rule bodies of normal rules, choice bodies with their element conditions).
fn encode_rules(b: &mut Builder, program: &GroundProgram) -> Vec<Vec<Support>> {
    let n = program.num_atoms();
    // Supports of each atom: rule bodies (normal rules) and choice bodies with conditions.
    let mut supports: Vec<Vec<Support>> = vec![Vec::new(); n];
    for rule in &program.rules {
        if matches!(rule.head, Head::Atom(a) if b.is_defined(a)) {
            continue;
        }
        let Some(body) = b.body_parts(&rule.body) else {
            continue;
        };
        match &rule.head {
            Head::None => {
                let clause: Vec<CnfLit> = body.iter().map(|l| -l).collect();
                b.cnf.add_clause(&clause);
            }
            Head::Atom(a) => supports[a.0 as usize].push(Support {
                parts: body,
                forcing: true,
            }),
            Head::Choice { elems, guards } => {
                // Group elements by atom: an atom counts once, when one of its conditions holds.
                let mut by_atom: Vec<(AtomId, Vec<Value>)> = Vec::new();
                for e in elems {
                    let cond: Vec<Value> = e.cond.iter().map(|c| b.lit(*c)).collect();
                    let cond = b.and(cond);
                    match by_atom.iter_mut().find(|(a, _)| *a == e.atom) {
                        Some((_, conds)) => conds.push(cond),
                        None => by_atom.push((e.atom, vec![cond])),
                    }
                }
                let mut inputs = Vec::new();
                let mut constant = 0;
                for (atom, conds) in by_atom {
                    let cond = b.or(conds);
                    let mut parts = body.clone();
                    match cond {
                        Value::False => continue,
                        Value::True => {}
                        Value::Lit(l) => parts.push(l),
                    }
                    supports[atom.0 as usize].push(Support {
                        parts,
                        forcing: false,
                    });
                    if !guards.is_empty() {
                        match b.and([b.atoms[atom.0 as usize], cond]) {
                            Value::True => constant += 1,
                            Value::False => {}
                            Value::Lit(l) => inputs.push(l),
                        }
                    }
                }
                if !guards.is_empty() {
                    let body = b.and(body.iter().map(|&l| Value::Lit(l)));
                    b.count_constraint(body, &inputs, constant, guards);
                }
            }
        }
    }
    supports
}

/// The output: shown atoms (those `fresh` admits: incremental mode adds each once), and
/// `#show t : body` terms.
fn shown(b: &mut Builder, program: &GroundProgram, fresh: &dyn Fn(usize) -> bool) -> Vec<Shown> {
    let n = program.num_atoms();
    let mut shown = Vec::new();
    for i in 0..n {
        let a = AtomId(i as u32);
        if b.atoms[i] != Value::False && fresh(i) && program.is_shown(a) {
            shown.push(Shown {
                sym: program.atom_sym(a),
                value: b.atoms[i],
                term: false,
            });
        }
    }
    // A term shown by several statements is shown when one of their conditions holds: one
    // value for it, so that `--project` tells models apart by what they show (clingo: `{a;b}.
    // #show x : a. #show x : b. #show.` has the projected models {} and {x}).
    let mut conditions: Vec<(Sym, Vec<Value>)> = Vec::new();
    let mut index: HashMap<Sym, usize> = HashMap::new();
    for (sym, lits) in &program.show.terms {
        let parts: Vec<Value> = lits.iter().map(|l| b.lit(*l)).collect();
        let v = b.and(parts);
        let k = *index.entry(*sym).or_insert_with(|| {
            conditions.push((*sym, Vec::new()));
            conditions.len() - 1
        });
        conditions[k].1.push(v);
    }
    for (sym, values) in conditions {
        let v = match values[..] {
            [v] => v,
            _ => b.or(values),
        };
        if v != Value::False {
            shown.push(Shown {
                sym,
                value: v,
                term: true,
            });
        }
    }
    // The symbol map names positive variables: give a negated condition its own variable.
    for s in &mut shown {
        if let Value::Lit(l) = s.value
            && l < 0
        {
            let x = b.cnf.new_var();
            b.cnf.add_clause(&[-x, l]);
            b.cnf.add_clause(&[x, -l]);
            s.value = Value::Lit(x);
        }
    }
    shown
}

/// The first positive recursion through a conditional literal or an aggregate, if any: where
/// no exact translation without a stability check exists (the level ranking refuses it, and so
/// does the aspif writer).
pub fn conditional_loop(program: &GroundProgram) -> Option<ConditionalLoop> {
    loops::analyse(program).1
}

/// Translates a simplified ground program: completion, with `kind` treating positive loops
/// and `encodings` the cardinality and pseudo-Boolean constraints. With the level ranking, fails
/// on positive recursion through a conditional literal or aggregate and on disjunctive programs
/// that are not head-cycle-free (no exact CNF for them).
pub fn translate(
    program: &GroundProgram,
    kind: TranslationKind,
    encodings: EncodingOptions,
) -> Result<Translation, TranslateError> {
    // The level ranking covers its own loops and refuses what is beyond NP.
    let ranked = match kind {
        TranslationKind::Ranking | TranslationKind::UniqueRanking => {
            Some(ranking::analyse(program)?)
        }
        TranslationKind::Completion => None,
    };
    let needs_minimality = ranked.is_none() && hcf::needs_minimality(program, kind)?;
    let (mut loops, complex_loop) = loops::analyse(program);
    // Recursion through aggregates or conditional literals: where it is monotone (in NP) the
    // level ranking makes the CNF exact, which spares the reduct check of every model (it
    // blocks unstable models one at a time).
    let ranked = match ranked {
        None if !needs_minimality && complex_loop.is_some() => ranking::analyse(program).ok(),
        r => r,
    };
    let needs_minimality = needs_minimality || (ranked.is_none() && complex_loop.is_some());
    let n = program.num_atoms();
    let mut b = Builder {
        program,
        cnf: Cnf::new(),
        atoms: vec![Value::False; n],
        conjunctions: HashMap::new(),
        encoders: encoding::Encoders::new(encodings),
        defined: vec![false; n],
    };
    // the optimizer combines its bounds with the sums the program bounds
    b.encoders.record_sums = !program.minimize.is_empty();
    // The reduct check of minimality reads the rules' heads as variables: no atom is defined
    // by its bodies there.
    let definitions = if needs_minimality {
        Vec::new()
    } else {
        defined::definitions(program, &loops)
    };
    for (a, _) in &definitions {
        b.defined[a.0 as usize] = true;
    }
    let mut origins = Origins::default();
    for i in 0..n {
        if !b.defined[i] {
            b.atoms[i] = initial_value(&mut b.cnf, program, AtomId(i as u32));
        }
    }
    origins.mark("atoms", &b.cnf);
    // Before any aggregate is encoded: the sums' totalizers group their items by these sets.
    let amo = amo_sets(&b, program);
    b.encoders.set_amo(amo.clone());
    for (a, rules) in &definitions {
        let mut bodies = Vec::with_capacity(rules.len());
        for &r in rules {
            if let Some(parts) = b.body_parts(&program.rules[r].body) {
                bodies.push(b.and(parts.into_iter().map(Value::Lit)));
            }
        }
        b.atoms[a.0 as usize] = b.or(bodies);
    }
    origins.mark("definitions", &b.cnf);
    let supports = encode_rules(&mut b, program);
    origins.mark("rules", &b.cnf);
    complete(&mut b, &supports, &|_| true);
    origins.mark("completion", &b.cnf);
    let unique = kind == TranslationKind::UniqueRanking;
    acyclic::encode(&mut b, encodings.acyc, unique);
    origins.mark("acyclicity", &b.cnf);
    let stability = match ranked {
        Some(analysis) if unique => {
            ranking::encode_unique(&mut b, &analysis);
            Stability::Exact
        }
        Some(analysis) => {
            ranking::encode(&mut b, &analysis);
            Stability::Exact
        }
        None if needs_minimality => Stability::Minimality,
        None if loops.is_tight() => Stability::Exact,
        None => {
            loops::record_supports(&mut b, &mut loops);
            Stability::LoopNogoods(loops)
        }
    };
    origins.mark("loops", &b.cnf);
    let shown = shown(&mut b, program, &|_| true);
    origins.mark("show", &b.cnf);
    let objective = objective(&mut b, program);
    origins.mark("objective", &b.cnf);
    let externals = program
        .open_externals()
        .into_iter()
        .filter_map(|(a, v)| match b.atoms[a.0 as usize] {
            Value::Lit(l) => Some((l, v)),
            _ => None,
        })
        .collect();
    let linear = pb::surrogate::asserted_bounds(&b.cnf, &b.encoders.sums);
    Ok(Translation {
        externals,
        linear,
        cnf: b.cnf,
        atoms: b.atoms,
        shown,
        stability,
        objective,
        encodings,
        encoding_stats: b.encoders.stats,
        origins: origins.list,
        amo,
    })
}
