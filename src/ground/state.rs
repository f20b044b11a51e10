//! The grounder's state while it instantiates rules: the ground program being built, the atoms
//! derived so far per predicate, and the informational diagnostics. The small operations on it
//! (evaluate a term, intern an atom, derive it, add a ground rule) live here; the join is in
//! [`super::join`], the construction of rule instances in [`super::emit`], and the order of
//! it all in [`super::schedule`].

use super::ir::{self, PredId, PredTable};
use super::seen::SeenRules;
use super::store::Relation;
use super::term::{Binding, CTerm, EvalError, eval};
use crate::program::{Aggregate, AtomId, BodyElem, GroundProgram, Head, Lit, Rule};
use crate::symbol::Sym;
use crate::syntax::Diagnostic;
use crate::syntax::ast::Span;
use std::collections::{HashMap, HashSet};

/// The condition of an instance of a recursive conditional literal, whose positive atoms
/// gringo's translation may define (see `Grounder::note_condition_heads`).
struct ConditionInstance {
    cond: Vec<Lit>,
    alone: bool,
    surely: bool,
    span: Span,
}

pub struct Grounder {
    pub program: GroundProgram,
    /// Indexed by [`PredId`].
    pub relations: Vec<Relation>,
    infos: Vec<Diagnostic>,
    info_spans: HashSet<String>,
    /// Every rule added so far (each is added once).
    seen_rules: SeenRules,
    pub max_size: usize,
    /// Instantiating only to find head atoms (see `schedule::ground_component`): no rules, no
    /// facts.
    pub provisional: bool,
    /// Aggregates grounded by the assignment steps of the join in progress (body index and the
    /// instance with its assigned value), reused when the rule instance is emitted.
    pub assigned: Vec<(usize, Aggregate)>,
    /// Incremental mode: `frozen[a]` when an earlier grounding call defined atom `a`; rules for
    /// it are refused (clingo: "redefinition of atom").
    pub frozen: Vec<bool>,
    /// The auxiliary atom standing for each conditional disjunction element `atom : cond`
    /// (see `emit::shift_disjunction`).
    pub element_atoms: rustc_hash::FxHashMap<(AtomId, Vec<Lit>), AtomId>,
    /// Auxiliary atoms of conjunctions (disjunction elements with several heads) and
    /// disjunctions (conditional literals with several alternatives), by what they stand for.
    aux_atoms: HashMap<(AuxKind, Vec<Lit>), AtomId>,
    /// The atoms of merged disjunction element conditions, by their conjunctions.
    condition_atoms: HashMap<Vec<Vec<Lit>>, AtomId>,
    /// The conditions of recursive conditional literals' instances, for the rules gringo's
    /// translation adds for their positive atoms (`ConjunctionLiteral::translate`, the
    /// nonmonotone case: an atom is the head of a rule whose body is an auxiliary atom of the
    /// condition, or of a disjunction over it; see [`Grounder::condition_heads`]). They add no
    /// model, but clasp keeps an `#external` atom external only while no rule defines it:
    /// such an atom becomes false (`#external r. [true] {p} :- p : r, q. q :- p.`). Kept for
    /// external atoms at the end of grounding ([`Grounder::define_condition_externals`]).
    /// With `alone` (see `condition_heads`) and `surely` (`Grounder::note_condition_heads`).
    condition_instances: Vec<ConditionInstance>,
    /// Positive atoms in element conditions of recursive non-monotone aggregates, which
    /// gringo's translation may define likewise (it depends on its analysis of the aggregate's
    /// range): an external one is refused.
    pub aggregate_condition_atoms: Vec<(AtomId, Span)>,
    /// Heads of conditional elements of disjunction instances aspsat dropped as satisfied by
    /// a fact it derived while grounding: gringo may accumulate the elements before it derives
    /// the fact, and then writes their rules, which end an #external status (refused then).
    pub satisfied_element_heads: Vec<(AtomId, Span)>,
    /// The atoms in the bodies of the integrity constraints written as such (gringo writes
    /// them in order, before the translations of recursive conditional literals; see
    /// [`Self::define_condition_externals`]).
    pub constrained_atoms: HashSet<AtomId>,
    /// The stages of the component in grounding that are done (see `schedule`): a literal
    /// settled from a stage up to this one is decided.
    pub stage: super::ir::Stage,
    /// The last instantiation of the rules grounded after their stage's fixpoint (`schedule`:
    /// conditions or aggregates over atoms of their stage): see [`Grounder::ground_lit`].
    pub settling_late: bool,
    /// Counts the stages grounded so far (see `schedule`), and per atom made a fact while
    /// grounding, the count when it was: gringo grounds the late rules of a stage before the
    /// rules deriving facts there that depend on them (see [`Grounder::ground_lit`]).
    pub stages_begun: u32,
    pub fact_in_stage: Vec<u32>,
    /// Instances of `#external` statements declared with a `not not` literal whose atom must
    /// be derived by the end of the component (see [`super::external_body`]).
    pub external_pending: Vec<(super::external_body::Refusal, AtomId)>,
    /// The `not` literals of externals of the component being grounded whose atoms must not
    /// become facts after the external is grounded.
    pub external_watches: Vec<super::external_body::Watch>,
    /// Instances of `#external` statements of the component being grounded whose body has a
    /// recursive item, whose aggregates are decided again once the component is grounded (see
    /// [`super::external_body::Recheck`]).
    pub external_rechecks: Vec<super::external_body::Recheck>,
    /// Per `#external` atom declared in this grounding call, the latest place in gringo's
    /// order of statements among its declarations (`Planned::external_order`; `None` when one
    /// of them has none).
    pub external_orders: HashMap<AtomId, Option<super::plan::ExternalOrder>>,
    /// Whether gringo may have statements aspsat does not model (a projection of a part
    /// removed as undefined: `Compiler::projection_removed`), so that its order of statements
    /// is not known.
    pub order_unknown: bool,
    /// Whether the output shows which atoms gringo's domain has beyond the answer sets: an
    /// `#external` (its declarations and status) or an optimization statement (its priority
    /// levels) may; nothing else does, as an atom no rule derives is false either way. True
    /// unless the whole program is known to have neither (not in incremental mode, where a
    /// later step may add one).
    pub domain_shows: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum AuxKind {
    Conjunction,
    Disjunction,
}

impl Grounder {
    pub fn new(program: GroundProgram, preds: &PredTable, max_size: usize) -> Self {
        Grounder {
            program,
            relations: preds.sigs.iter().map(|s| Relation::new(*s)).collect(),
            infos: Vec::new(),
            info_spans: HashSet::new(),
            seen_rules: SeenRules::new(false),
            max_size,
            provisional: false,
            assigned: Vec::new(),
            frozen: Vec::new(),
            element_atoms: Default::default(),
            aux_atoms: HashMap::new(),
            condition_atoms: HashMap::new(),
            condition_instances: Vec::new(),
            aggregate_condition_atoms: Vec::new(),
            satisfied_element_heads: Vec::new(),
            constrained_atoms: HashSet::new(),
            stage: 0,
            settling_late: false,
            stages_begun: 0,
            fact_in_stage: Vec::new(),
            external_pending: Vec::new(),
            external_watches: Vec::new(),
            external_rechecks: Vec::new(),
            external_orders: HashMap::new(),
            order_unknown: false,
            domain_shows: true,
        }
    }

    /// The ground program and the informational diagnostics.
    pub fn finish(self) -> (GroundProgram, Vec<Diagnostic>) {
        (self.program, self.infos)
    }

    /// Incremental mode: the rules of each call are simplified in place after it, so the
    /// grounder keeps its own copies to recognise rule instances a later call produces again.
    pub fn keep_rule_copies(&mut self) {
        self.seen_rules = SeenRules::new(true);
    }

    /// Relations for predicates the table gained since (incremental grounding compiles parts
    /// one after another).
    pub fn add_relations(&mut self, preds: &PredTable) {
        for sig in &preds.sigs[self.relations.len()..] {
            self.relations.push(Relation::new(*sig));
        }
    }

    /// The informational diagnostics so far (emptied).
    /// Infos found before grounding (by the compiler), printed with the grounder's.
    pub fn add_infos(&mut self, infos: Vec<Diagnostic>) {
        self.infos.extend(infos);
    }

    pub fn take_infos(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.infos)
    }

    /// What counts against `--max-ground`.
    pub fn size(&self) -> usize {
        self.program.num_atoms() + self.program.rules.len()
    }

    /// The error when grounding grows beyond `--max-ground` while the rule at `span` is
    /// instantiated.
    pub fn limit_exceeded(&self, span: &Span) -> Diagnostic {
        Diagnostic::error(
            span,
            format!(
                "grounding exceeds the limit of {} atoms and rules (--max-ground); this rule was being instantiated",
                self.max_size
            ),
        )
    }

    /// An informational message, once per span and text.
    pub fn info(&mut self, span: &Span, msg: &str) {
        let key = format!("{span}{msg}");
        if self.info_spans.insert(key) {
            self.infos.push(Diagnostic::info(span, msg));
        }
    }

    /// Evaluates a term; undefined operations yield `None` (with an info message), overflow an
    /// error.
    pub fn eval(&mut self, t: &CTerm, b: &Binding) -> Result<Option<Sym>, Diagnostic> {
        match eval(t, b, &mut self.program.symbols) {
            Ok(s) => Ok(Some(s)),
            Err(EvalError::Undefined(span)) => {
                self.info(&span, "operation undefined");
                Ok(None)
            }
            Err(EvalError::Overflow(span)) => Err(overflow(&span)),
        }
    }

    /// The symbol of an atom under a binding and its argument symbols; `None` when an argument
    /// is undefined.
    pub fn atom_sym(
        &mut self,
        a: &ir::Atom,
        b: &Binding,
    ) -> Result<Option<(Sym, Vec<Sym>)>, Diagnostic> {
        let mut args = Vec::with_capacity(a.args.len());
        for t in &a.args {
            match self.eval(t, b)? {
                Some(s) => args.push(s),
                None => return Ok(None),
            }
        }
        let sig = self.relations[a.pred].sig;
        let sym = self
            .program
            .symbols
            .function(sig.name, args.clone(), sig.negative);
        Ok(Some((sym, args)))
    }

    /// Records that a rule instance can derive `id` (an atom of `pred` with arguments `args`).
    pub fn derive(&mut self, pred: PredId, id: AtomId, args: &[Sym]) {
        if !self.program.is_derivable(id) {
            self.relations[pred].insert(id, args);
            self.program.derivable[id.0 as usize] = true;
        }
    }

    /// A literal that is always false (an atom no rule derives), for conditional instances
    /// whose literal is decided false but whose condition is open.
    pub fn false_lit(&mut self) -> Lit {
        let name = self.program.symbols.name("#false");
        let sym = self.program.symbols.function(name, Vec::new(), false);
        Lit::pos(self.program.atom(sym))
    }

    /// Notes the condition `cond` of an instance of a recursive conditional literal whose
    /// literal is open, `alone` when no other instance has the same literal (see
    /// `condition_heads`); not `surely` where gringo may find the literal stratified instead
    /// (by the order of two of its positive parts, `delayed::ConditionRecursion::Unordered`).
    pub fn note_condition_heads(&mut self, span: &Span, cond: Vec<Lit>, alone: bool, surely: bool) {
        if !self.provisional {
            self.condition_instances.push(ConditionInstance {
                cond,
                alone,
                surely,
                span: span.clone(),
            });
        }
    }

    /// Marks the conditions noted since there were `count` as not surely translated by gringo:
    /// those of a rule instance whose head a fact of the same stage satisfies, which gringo
    /// writes (translating its conditional literals) only where it grounds the instance first.
    pub fn unsure_condition_notes(&mut self, count: usize) {
        for c in &mut self.condition_instances[count..] {
            c.surely = false;
        }
    }

    /// How many conditions [`Self::note_condition_heads`] has noted so far.
    pub fn condition_notes(&self) -> usize {
        self.condition_instances.len()
    }

    /// Forgets the conditions noted since there were `count`: those of a rule instance whose
    /// body turned out false, which gringo does not write (nor translate).
    pub fn forget_condition_notes(&mut self, count: usize) {
        self.condition_instances.truncate(count);
    }

    /// The atoms gringo's translation defines for the conditions of [`Self::note_condition_heads`]
    /// (`ConjunctionLiteral::translate`, the nonmonotone case, through `getEqualFormula`):
    /// the positive ones of an element's conditions, heads of rules over an auxiliary atom
    /// (several literals or several conditions) or of the disjunction `aux | chk | ~head`
    /// (one literal: `not q(2) : p(2)` defines p(2), differential seed 4702 #451). An element
    /// whose condition is empty is simple and defines nothing. Counted as gringo writes them,
    /// without facts and without negated literals over atoms outside the domain by then.
    /// (`{p(2)} :- p(W) : d(W), q(1), not q(W).` leaves the #external q(1) free in clingo
    /// 5.8.3 because gringo finds no literal of the condition recursive, `delayed::mark`:
    /// differential seed 4335 #357.)
    fn condition_heads(&mut self) -> Vec<(AtomId, Span, bool)> {
        let mut heads = Vec::new();
        for ConditionInstance {
            cond,
            alone,
            surely,
            span,
        } in std::mem::take(&mut self.condition_instances)
        {
            let written = |l: &&Lit| match l.polarity {
                crate::program::Polarity::Pos => !self.program.is_fact(l.atom),
                _ => self.program.in_domain(l.atom),
            };
            if alone && cond.iter().filter(written).count() == 0 {
                continue;
            }
            for l in cond
                .iter()
                .filter(|l| l.polarity == crate::program::Polarity::Pos)
            {
                heads.push((l.atom, span.clone(), surely));
            }
        }
        heads
    }

    /// Adds the rules of `condition_heads` whose head is an `#external` atom (the others
    /// change nothing), and refuses an external atom in the condition of a recursive
    /// non-monotone aggregate or at the head of an element of a disjunction instance
    /// satisfied by a fact derived while grounding.
    pub fn define_condition_externals(&mut self) -> Result<(), Diagnostic> {
        let aggregate_conditions = std::mem::take(&mut self.aggregate_condition_atoms);
        self.refuse_external_among(
            aggregate_conditions,
            "in an element condition of a recursive aggregate: clingo's translation may \
             define it by a rule, which ends its external status, depending on the \
             aggregate's range",
        )?;
        let element_heads = std::mem::take(&mut self.satisfied_element_heads);
        self.refuse_external_among(
            element_heads,
            "as the head of a conditional element of a disjunction that a fact derived while \
             grounding satisfies: clingo's grounder may ground the element before the fact, \
             and then writes its rule, which ends the atom's external status",
        )?;
        let heads = self.condition_heads();
        self.refuse_projected_externals(&heads)?;
        // (`:- p(_).` is `:- p(1).` for gringo: the atoms of a constrained projection count)
        let mut constrained = HashSet::new();
        if heads.iter().any(|&(a, ..)| self.program.is_external(a)) {
            constrained.clone_from(&self.constrained_atoms);
            for (projection, atoms) in self.program.projected_atoms() {
                if constrained.contains(&projection) {
                    constrained.extend(atoms);
                }
            }
        }
        for (a, span, surely) in heads {
            if !self.program.is_external(a) {
                continue;
            }
            if !surely {
                return Err(super::delayed::unordered_condition(&span));
            }
            if self.is_frozen(a) {
                return Err(self.redefinition(&span, a));
            }
            // gringo writes the translation after the step's other statements: a constraint
            // over `a` that clasp has read by then may decide `a` before the rule ends its
            // status (`r :- not not r : r, p.` beside `:- p.` keeps the #external p true,
            // UNSATISFIABLE in clingo 5.8.3; without the constraint p is defined and false:
            // external_support_check seed 208). (Not a disjunction whose elements all fail,
            // which gringo writes last as well: tests/programs/
            // external_condition_open_literal_defined.lp.)
            if constrained.contains(&a) {
                let name = self.program.symbols.to_string(self.program.atom_sym(a));
                return Err(Diagnostic::error(
                    &span,
                    format!(
                        "#external atom {name} in the condition of a conditional literal \
                         gringo translates after the other statements, beside a constraint \
                         over it that clasp may have read first; not supported"
                    ),
                ));
            }
            // gringo's rule `a :- …` (over its auxiliary atoms) never fires on its own: it only
            // ends the external status; written with `a`'s own condition it would be a
            // tautology, which clasp (and `simplify`) drop
            let never = self.false_lit();
            self.push_rule(Rule {
                head: Head::Atom(a),
                body: vec![BodyElem::Lit(never)],
            });
        }
        Ok(())
    }

    /// Refuses the first `#external` atom of `atoms`, at its position: "#external atom A
    /// `what`; not supported".
    fn refuse_external_among(
        &self,
        atoms: Vec<(AtomId, Span)>,
        what: &str,
    ) -> Result<(), Diagnostic> {
        match atoms
            .into_iter()
            .find(|(a, _)| self.program.is_external(*a))
        {
            Some((a, span)) => {
                let name = self.program.symbols.to_string(self.program.atom_sym(a));
                Err(Diagnostic::error(
                    &span,
                    format!("#external atom {name} {what}; not supported"),
                ))
            }
            None => Ok(()),
        }
    }

    /// Refuses a condition atom of `heads` that stands for an anonymous variable's projection
    /// (`#projN`, derived from the atoms it projects) where gringo has the atoms themselves.
    fn refuse_projected_externals(&self, heads: &[(AtomId, Span, bool)]) -> Result<(), Diagnostic> {
        let syms = &self.program.symbols;
        // gringo's condition has the projected atoms themselves: `p(X) :- p(Z) : d(Z), p(_);
        // d(X).` is `p(1) :- p(1) : p(1).` there (p(1) holds), `p(1) :- p(1) : #proj1.
        // #proj1 :- p(1).` here (no answer set); and an external atom among them loses its
        // external status there.
        match heads.iter().find(|(a, _, _)| {
            syms.signature(self.program.atom_sym(*a))
                .is_some_and(|sig| super::compile::is_projection(syms.name_str(sig.name)))
        }) {
            Some((_, span, _)) => Err(anonymous_in_recursive_condition(span)),
            None => Ok(()),
        }
    }

    /// An earlier grounding call defined `a` (incremental mode).
    pub fn is_frozen(&self, a: AtomId) -> bool {
        self.frozen.get(a.0 as usize).copied().unwrap_or(false)
    }

    /// The error for a rule instance that defines an atom an earlier step defined.
    pub fn redefinition(&self, span: &Span, a: AtomId) -> Diagnostic {
        let name = self.program.symbols.to_string(self.program.atom_sym(a));
        Diagnostic::error(
            span,
            format!(
                "redefinition of atom {name}: an earlier step of incremental mode defined it (clingo refuses this too)"
            ),
        )
    }

    /// An auxiliary atom equivalent to the conjunction of `heads` (atoms of a disjunction
    /// element): `h :- aux` for each head and `aux :- h1, ..., hn`, as gringo translates it.
    pub fn conjunction_atom(&mut self, heads: Vec<AtomId>) -> AtomId {
        let lits: Vec<Lit> = heads.into_iter().map(Lit::pos).collect();
        let (aux, _) = self.aux_atom(AuxKind::Conjunction, lits.clone());
        for l in &lits {
            self.push_rule(Rule {
                head: Head::Atom(l.atom),
                body: vec![BodyElem::Lit(Lit::pos(aux))],
            });
        }
        self.push_rule(Rule {
            head: Head::Atom(aux),
            body: lits.into_iter().map(BodyElem::Lit).collect(),
        });
        aux
    }

    /// An auxiliary atom equivalent to the disjunction of `lits` (the alternatives of a
    /// conditional literal): `aux :- l` for each.
    pub fn disjunction_atom(&mut self, lits: Vec<Lit>) -> AtomId {
        let (aux, _) = self.aux_atom(AuxKind::Disjunction, lits.clone());
        for l in lits {
            self.push_rule(Rule {
                head: Head::Atom(aux),
                body: vec![BodyElem::Lit(l)],
            });
        }
        aux
    }

    /// An auxiliary atom equivalent to the disjunction of the conjunctions `conds` (the merged
    /// condition of a disjunction element, see `emit_disjunction`): `aux :- c` for each.
    pub fn condition_atom(&mut self, mut conds: Vec<Vec<Lit>>) -> AtomId {
        conds.sort();
        if let Some(&a) = self.condition_atoms.get(&conds) {
            return a;
        }
        let name = self.program.symbols.name("#cond");
        let num = self.program.symbols.num(self.condition_atoms.len() as i32);
        let sym = self.program.symbols.function(name, vec![num], false);
        let aux = self.program.atom(sym);
        self.program.derivable[aux.0 as usize] = true;
        self.condition_atoms.insert(conds.clone(), aux);
        for c in conds {
            self.push_rule(Rule {
                head: Head::Atom(aux),
                body: c.into_iter().map(BodyElem::Lit).collect(),
            });
        }
        aux
    }

    /// The (derivable, hidden) auxiliary atom for `lits`, and whether it is new.
    fn aux_atom(&mut self, kind: AuxKind, lits: Vec<Lit>) -> (AtomId, bool) {
        let n = self.aux_atoms.len();
        let key = (kind, lits);
        if let Some(&a) = self.aux_atoms.get(&key) {
            return (a, false);
        }
        let name = match kind {
            AuxKind::Conjunction => "#conj",
            AuxKind::Disjunction => "#or",
        };
        let name = self.program.symbols.name(name);
        let num = self.program.symbols.num(n as i32);
        let sym = self.program.symbols.function(name, vec![num], false);
        let a = self.program.atom(sym);
        self.program.derivable[a.0 as usize] = true;
        self.aux_atoms.insert(key, a);
        (a, true)
    }

    /// Adds a ground rule unless it is provisional or already there.
    pub fn push_rule(&mut self, rule: Rule) {
        self.add_rule(rule, false);
    }

    /// Adds a normal rule that a disjunctive rule instance is shifted into (see
    /// [`GroundProgram::shifted`]).
    pub fn push_shifted_rule(&mut self, rule: Rule) {
        self.add_rule(rule, true);
    }

    fn add_rule(&mut self, rule: Rule, shifted: bool) {
        if self.provisional {
            return;
        }
        match self.seen_rules.add(rule, &mut self.program.rules) {
            Some(seen) => {
                // also a rule of its own: the text must print it
                // (incremental mode: an earlier step's simplification may have moved it)
                if !shifted && let Some(flag) = self.program.shifted.get_mut(seen) {
                    *flag = false;
                }
            }
            None => self.program.shifted.push(shifted),
        }
    }
}

/// The error for an anonymous variable in the condition of a recursive conditional literal
/// (at `span`), whose projection aspsat cannot ground as gringo does.
pub fn anonymous_in_recursive_condition(span: &Span) -> Diagnostic {
    Diagnostic::error(
        span,
        "an anonymous variable in the condition of a conditional literal that is recursive \
         with its rule: clingo's grounder matches the atoms themselves there, which aspsat's \
         projection of the variable does not reproduce; not supported",
    )
}

/// A value that does not fit clingo's 32-bit integers: a hard error, never a silent wrap.
pub fn overflow(span: &Span) -> Diagnostic {
    Diagnostic::error(
        span,
        "integer overflow: the value does not fit clingo's 32-bit integers",
    )
}
