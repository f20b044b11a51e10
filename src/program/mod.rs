//! The ground program: atoms are interned symbols, rules refer to atoms by [`AtomId`].
//!
//! The grounder produces it; [`simplify`] removes what is decided (facts, underivable atoms);
//! the translator turns the rest into CNF.

pub(crate) mod aggregate;
mod print;
mod simplify;

pub use simplify::{simplify, simplify_with};

use crate::symbol::{Signature, Sym, SymbolTable};
pub use crate::syntax::ast::AggFunc;
use crate::syntax::ast::CmpOp;
use std::collections::{HashMap, HashSet};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct AtomId(pub u32);

/// Default negation of a ground literal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Polarity {
    Pos,
    /// `not a`
    Not,
    /// `not not a`: true when `a` is, but without positive dependency on `a`
    NotNot,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Lit {
    pub atom: AtomId,
    pub polarity: Polarity,
}

impl Lit {
    pub fn pos(atom: AtomId) -> Lit {
        Lit {
            atom,
            polarity: Polarity::Pos,
        }
    }
    pub fn not(atom: AtomId) -> Lit {
        Lit {
            atom,
            polarity: Polarity::Not,
        }
    }
    /// Whether the literal holds when its atom has the given value.
    pub fn holds(self, atom_value: bool) -> bool {
        match self.polarity {
            Polarity::Not => !atom_value,
            Polarity::Pos | Polarity::NotNot => atom_value,
        }
    }
}

/// One instance `cond → lit` of a conditional body literal `lit : cond`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct CondInstance {
    pub lit: Lit,
    pub cond: Vec<Lit>,
}

impl CondInstance {
    /// Whether `cond → lit` holds in every reduct (Ferraris, as clingo reads it), so that the
    /// instance is true and can go: a condition with an atom and its negation never holds
    /// (`a, not a`; `not a, not not a`), and one with the literal itself, or with its atom
    /// where the literal is `not not a`, implies it (`a : a, b`, `not not a : a`). Not `a :
    /// not not a`: in the reduct the condition is a constant and `a` is not.
    pub fn is_tautology(&self) -> bool {
        let has = |atom: AtomId, polarity: Polarity| self.cond.contains(&Lit { atom, polarity });
        let contradictory =
            (self.cond.iter()).any(|c| c.polarity != Polarity::Not && has(c.atom, Polarity::Not));
        let implied = self.cond.contains(&self.lit)
            || self.lit.polarity == Polarity::NotNot && has(self.lit.atom, Polarity::Pos);
        contradictory || implied
    }
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum BodyElem {
    Lit(Lit),
    /// A ground conditional literal: the conjunction of its instances. Instances whose condition
    /// and literal are decided were removed by the grounder.
    Conditional(Vec<CondInstance>),
    /// An aggregate literal; `polarity` is the default negation in front of it. Boxed: most
    /// body elements are literals, and the aggregate would make every one eight times larger.
    Aggregate {
        polarity: Polarity,
        aggregate: Box<Aggregate>,
    },
}

impl BodyElem {
    /// Every literal in it: the literal itself, a conditional literal's instances (literal and
    /// condition), an aggregate's element conditions. (No allocation: simplification reads
    /// every body this way.)
    pub fn lits(&self) -> impl Iterator<Item = &Lit> + '_ {
        use itertools::Either::{Left, Right};
        match self {
            BodyElem::Lit(l) => Left(std::iter::once(l)),
            BodyElem::Conditional(instances) => Right(Left(
                (instances.iter()).flat_map(|c| std::iter::once(&c.lit).chain(&c.cond)),
            )),
            BodyElem::Aggregate { aggregate, .. } => {
                Right(Right(aggregate.elems.iter().flat_map(|e| &e.cond)))
            }
        }
    }
}

/// One element instance `t1,...,tn : cond` of a ground aggregate.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct AggElem {
    /// The element's term tuple: elements with equal tuples count once (clingo's set semantics).
    pub tuple: Sym,
    /// The first term: the weight of `#sum`/`#sum+`, the value of `#min`/`#max`.
    pub weight: Sym,
    pub cond: Vec<Lit>,
}

/// `func { elems }` compared with every guard (`agg op value`).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Aggregate {
    pub func: AggFunc,
    pub elems: Vec<AggElem>,
    pub guards: Vec<CountGuard>,
}

/// Choice element `atom : cond`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ChoiceElem {
    pub atom: AtomId,
    pub cond: Vec<Lit>,
}

/// A guard `count op value` (value is any symbol; clingo compares with its total order).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CountGuard {
    pub op: CmpOp,
    pub value: Sym,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Head {
    /// Integrity constraint.
    None,
    Atom(AtomId),
    /// `guards { elems }`: any subset of the elements may be chosen; when the body holds, the
    /// number of distinct true element atoms whose condition holds must satisfy every guard.
    Choice {
        elems: Vec<ChoiceElem>,
        guards: Vec<CountGuard>,
    },
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Rule {
    pub head: Head,
    pub body: Vec<BodyElem>,
}

impl Rule {
    /// The atoms the rule defines: its head atom or its choice elements' atoms.
    pub fn head_atoms(&self) -> Vec<AtomId> {
        match &self.head {
            Head::Atom(a) => vec![*a],
            Head::Choice { elems, .. } => elems.iter().map(|e| e.atom).collect(),
            Head::None => Vec::new(),
        }
    }
}

/// One element of the objective: `weight@priority` is paid when `body` holds. Elements with
/// equal `tuple` (weight, priority and terms) are paid once (clingo's set semantics).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct CostElem {
    pub weight: i64,
    pub priority: i64,
    pub tuple: Sym,
    pub body: Vec<BodyElem>,
}

/// The default value of an `#external` atom (`[true]`, `[false]`, `[free]`, `[release]`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ExternalValue {
    False,
    True,
    /// Either value (the solver chooses).
    Free,
    /// No longer external: false for good.
    Release,
}

/// A ground `#edge (u,v) : body.`: the edge is present when every literal of `body` holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Edge {
    pub from: Sym,
    pub to: Sym,
    pub body: Vec<Lit>,
}

/// A ground body of an `#external` or optimization statement, to be checked once the program is
/// simplified ([`GroundProgram::end_checks`]).
#[derive(Debug)]
pub struct EndCheck {
    pub body: Vec<BodyElem>,
    /// Its statement's position.
    pub span: crate::syntax::ast::Span,
}

/// What the answer sets show.
#[derive(Clone, Debug, Default)]
pub struct ShowSpec {
    /// No `#show sig`/`#show.`/`#hide.` seen: every atom is shown.
    pub show_all_atoms: bool,
    pub signatures: HashSet<Signature>,
    /// `#show t : body.` instances: `t` is shown when all literals hold.
    pub terms: Vec<(Sym, Vec<Lit>)>,
}

#[derive(Debug, Default)]
pub struct GroundProgram {
    pub symbols: SymbolTable,
    atoms: Vec<Sym>,
    atom_index: rustc_hash::FxHashMap<Sym, AtomId>,
    /// `facts[a]`: atom `a` is true in every answer set.
    pub facts: Vec<bool>,
    /// `derivable[a]`: `a` occurs in some head (otherwise it is false in every answer set).
    pub derivable: Vec<bool>,
    pub rules: Vec<Rule>,
    pub show: ShowSpec,
    /// `#minimize`, `#maximize` and weak constraints (empty: no optimization).
    pub minimize: Vec<CostElem>,
    /// Every disjunctive rule instance. The grounder shifts them into normal rules (exact when
    /// no two head atoms share a positive cycle); the originals serve the head-cycle check and
    /// the minimality check of programs that are not head-cycle-free.
    pub disjunctions: Vec<Disjunction>,
    /// `#external` atoms with their default values (the first declaration of an atom counts).
    /// An external that a rule also defines is a normal atom.
    pub externals: Vec<(AtomId, ExternalValue)>,
    external_values: std::collections::HashMap<AtomId, ExternalValue>,
    /// `#edge` instances: the graph of those whose body holds must be acyclic.
    pub edges: Vec<Edge>,
    /// `#project`: signatures and atoms that `--project` distinguishes (none: the shown
    /// atoms).
    pub project_signatures: HashSet<Signature>,
    pub project_atoms: HashSet<AtomId>,
    /// `shifted[r]`: rule `r` only comes from shifting a disjunction (the program's text prints
    /// the disjunction instead). Rules appended after grounding have no entry.
    pub shifted: Vec<bool>,
    /// For each head predicate, a rule with an aggregate or conditional literal in its body that
    /// defines it: where errors about such bodies point.
    pub complex_rule_origins: std::collections::HashMap<Signature, crate::syntax::ast::Span>,
    /// `grounded_heads[a]`: the grounder's output, before simplification, has a rule with `a` in
    /// its head, or `a` is in [`GroundProgram::domain_without_rules`] (empty when unknown).
    /// clingo's grounder emits an optimization element only when its atoms are in its domain,
    /// whatever simplification decides later.
    pub grounded_heads: Vec<bool>,
    /// Atoms clingo's grounder has in its domain although no rule of its output defines them:
    /// heads of a disjunction instance that one of its elements satisfies (`r` in `p(1). r ;
    /// p(1).`; see `ground::satisfied_heads`).
    pub domain_without_rules: HashSet<AtomId>,
    /// Negated body literals the grounder left open over a part of their component that
    /// clingo's grounder may ground before their rule, deciding them (`ir::Lit::Atom`'s
    /// `merged`): where one turns out false, gringo may have written no rule at all.
    /// With the position of the first rule that has one.
    pub maybe_decided_by_gringo: HashMap<Lit, crate::syntax::ast::Span>,
    /// Choices that gringo writes through a head aggregate (`#delayed`: bounds, several
    /// elements one of which has a condition or is a negated literal or a comparison): their
    /// body is an auxiliary atom's, and an element's rule has its condition, so clasp keeps an
    /// atom the body negates in the head (see [`GroundProgram::drop_external_tautologies`])
    /// and keeps the element's rule where the body has a literal and its negation (see
    /// [`GroundProgram::clasp_read_drops`]).
    pub aggregate_choices: HashSet<Rule>,
    /// Anonymous variables' projection atoms (`#proj1` for `p(_)`) that are the whole ground
    /// body of an integrity constraint with other literals as written: gringo writes such a
    /// constraint over its auxiliary atom for the projection (`:- p(_), not p.` is `:- #aux.`
    /// with `#aux :- p(1).`), which the projection's other occurrences share, but one with
    /// the projection alone over the atoms it stands for (`:- p(_).` is `:- p(1).`).
    pub projections_through_auxiliary: HashSet<AtomId>,
    /// Whether a rule has instances aspsat's grounder left out that clingo's grounder may have
    /// written (an aggregate over the rule's own component, negated or not monotone, false
    /// once known: gringo grounds the rule before the aggregate's completion).
    pub instances_gringo_may_write: bool,
    /// Anonymous variables' projection atoms one of whose atoms is a fact: true, as gringo
    /// writes them (`p(1) :- not q(_).` beside the fact q(a) is decided false), though the
    /// grounder leaves them atoms of a rule (set by [`Self::record_projections_of_facts`]).
    pub projections_of_facts: HashSet<AtomId>,
    /// Ground bodies of `#external` and optimization statements over atoms clingo's grounder
    /// may decide before aspsat does (`Planned::checked_in_the_end`), with their statement's
    /// position: where one is false once the program is simplified, gringo may have known it
    /// when it grounded the statement (and declared nothing, or written no optimization
    /// element), where aspsat did not.
    pub end_checks: Vec<EndCheck>,
    /// Per one of [`Self::end_checks`]: an element of its body is false once the program is
    /// simplified, and (for a whole program, not an incremental step) not false with the
    /// literals of [`Self::maybe_decided_by_gringo`] left open (set by `simplify`).
    pub end_checks_false: Vec<bool>,
}

/// What clasp makes of the rules of `#external` atoms as it reads clingo's output (see
/// [`GroundProgram::clasp_read_drops`]).
struct ClaspReading {
    /// Per rule: clasp drops it.
    dropped: Vec<bool>,
    /// Per rule: clasp reads it as an integrity constraint (its head atom was false).
    headless: Vec<bool>,
    /// The externals whose status depends on the order of clingo's output statements.
    order_dependent: Vec<AtomId>,
    /// Choice elements (rule, atom) whose rule clasp drops.
    dropped_elements: Vec<(usize, AtomId)>,
}

/// What clasp drops as tautologies of `#external` atoms' rules (see
/// [`GroundProgram::external_tautologies`]).
struct ExternalTautologies {
    /// Per disjunction: dropped with the rules shifted from it.
    disjunctions: Vec<bool>,
    /// Per rule: dropped.
    rules: Vec<bool>,
    /// Per rule, per element of a choice (empty for other rules): dropped.
    elements: Vec<Vec<bool>>,
}

/// A ground disjunctive rule `a1 ; ... ; an :- body` as written (before shifting).
#[derive(Clone, Debug)]
pub struct Disjunction {
    /// The elements as written (`atom : cond`).
    pub elems: Vec<ChoiceElem>,
    /// The atom that stands for each element in the disjunction the solver sees: the element's
    /// atom when it has no condition, an auxiliary atom that holds when the condition and the
    /// atom do otherwise (see the grounder's `shift_disjunction`).
    pub members: Vec<AtomId>,
    pub body: Vec<BodyElem>,
    pub span: crate::syntax::ast::Span,
    /// Whether gringo writes it after the other statements of its step (a disjunction with
    /// conditions or conjunctions, which gringo grounds as `#delayed`): what clasp has read
    /// before it decides which of its heads stay external (see
    /// [`GroundProgram::clasp_read_drops`]).
    pub written_last: bool,
    /// Whether gringo writes it through auxiliary atoms: one written last, or one whose
    /// element with a condition aspsat moved into the body (`q ; not q : d :- q.`), which
    /// clasp then never reads as a tautology.
    pub through_auxiliary: bool,
    /// Of its body literals, those gringo writes in the rule itself where it writes the rest
    /// of a body through an auxiliary atom: failures of element conditions (`a ; #true : a.`
    /// is `a :- #delayed, not a.`) and the literals of `not not` elements whose condition
    /// holds (`a ; not not a.` is `a :- #delayed, not a.` too).
    pub in_rule: Vec<Lit>,
}

impl Disjunction {
    /// The normal rules the grounder shifts the disjunction into: one per member, with the
    /// body and the other members negated (see the grounder's `shift_disjunction`).
    pub fn shifted_rules(&self) -> Vec<Rule> {
        let mut rules: Vec<Rule> = self
            .members
            .iter()
            .map(|&m| {
                let mut body = self.body.clone();
                body.extend(
                    self.members
                        .iter()
                        .filter(|&&other| other != m)
                        .map(|&other| BodyElem::Lit(Lit::not(other))),
                );
                Rule {
                    head: Head::Atom(m),
                    body,
                }
            })
            .collect();
        if self.members.is_empty() {
            rules.push(Rule {
                head: Head::None,
                body: self.body.clone(),
            });
        }
        rules
    }

    /// The distinct [`Disjunction::members`], sorted.
    pub fn atoms(&self) -> Vec<AtomId> {
        let mut atoms: Vec<AtomId> = self.members.clone();
        atoms.sort();
        atoms.dedup();
        atoms
    }

    /// Every atom the disjunction mentions: the elements' atoms and the members standing for
    /// them (possibly repeated).
    pub fn mentioned_atoms(&self) -> impl Iterator<Item = AtomId> + '_ {
        self.elems
            .iter()
            .map(|e| e.atom)
            .chain(self.members.iter().copied())
    }
}

/// How many ground statements of each kind a program has (`--stats=2`). A rule counts once by
/// its head and again for each kind of body element it has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RuleKinds {
    pub facts: usize,
    pub normal: usize,
    pub choice: usize,
    pub constraints: usize,
    pub disjunctive: usize,
    pub with_aggregates: usize,
    pub with_conditionals: usize,
    pub minimize: usize,
    pub edges: usize,
}

impl GroundProgram {
    /// The rules by kind.
    pub fn rule_kinds(&self) -> RuleKinds {
        let mut kinds = RuleKinds {
            facts: self.facts.iter().filter(|&&f| f).count(),
            disjunctive: self.disjunctions.len(),
            minimize: self.minimize.len(),
            edges: self.edges.len(),
            ..RuleKinds::default()
        };
        let bodies = self.rules.iter().map(|r| &r.body);
        for body in bodies.chain(self.disjunctions.iter().map(|d| &d.body)) {
            if body.iter().any(|e| matches!(e, BodyElem::Aggregate { .. })) {
                kinds.with_aggregates += 1;
            }
            if body.iter().any(|e| matches!(e, BodyElem::Conditional(_))) {
                kinds.with_conditionals += 1;
            }
        }
        for rule in &self.rules {
            match rule.head {
                Head::None => kinds.constraints += 1,
                Head::Atom(_) => kinds.normal += 1,
                Head::Choice { .. } => kinds.choice += 1,
            }
        }
        kinds
    }

    pub fn new(symbols: SymbolTable) -> Self {
        GroundProgram {
            symbols,
            ..Default::default()
        }
    }

    pub fn atom(&mut self, sym: Sym) -> AtomId {
        if let Some(&id) = self.atom_index.get(&sym) {
            return id;
        }
        let id = AtomId(self.atoms.len() as u32);
        self.atoms.push(sym);
        self.atom_index.insert(sym, id);
        self.facts.push(false);
        self.derivable.push(false);
        id
    }

    /// Fills [`GroundProgram::projections_of_facts`] from the rules as they are now.
    pub fn record_projections_of_facts(&mut self) {
        self.projections_of_facts = (self.projected_atoms().into_iter())
            .filter(|(_, sources)| sources.iter().any(|&a| self.is_fact(a)))
            .map(|(projection, _)| projection)
            .collect();
    }

    /// Whether `a` is a fact, or an anonymous variable's projection of one (which gringo
    /// writes as the fact itself).
    fn fact_as_written(&self, a: AtomId) -> bool {
        self.is_fact(a) || self.projections_of_facts.contains(&a)
    }

    /// Fills [`GroundProgram::grounded_heads`] from the rules as they are now.
    pub fn record_grounded_heads(&mut self) {
        let mut heads = self.facts.clone();
        for rule in &self.rules {
            match &rule.head {
                Head::Atom(a) => heads[a.0 as usize] = true,
                Head::Choice { elems, .. } => {
                    elems.iter().for_each(|e| heads[e.atom.0 as usize] = true)
                }
                Head::None => {}
            }
        }
        for a in &self.domain_without_rules {
            heads[a.0 as usize] = true;
        }
        self.grounded_heads = heads;
    }

    pub fn lookup_atom(&self, sym: Sym) -> Option<AtomId> {
        self.atom_index.get(&sym).copied()
    }

    pub fn atom_sym(&self, a: AtomId) -> Sym {
        self.atoms[a.0 as usize]
    }

    pub fn num_atoms(&self) -> usize {
        self.atoms.len()
    }

    pub fn is_fact(&self, a: AtomId) -> bool {
        self.facts[a.0 as usize]
    }

    pub fn is_derivable(&self, a: AtomId) -> bool {
        self.derivable[a.0 as usize]
    }

    /// Whether `a` is in the grounder's domain once grounding is done (derived by some rule,
    /// a fact or an `#external`): a negated literal over an atom outside it is decided.
    pub fn in_domain(&self, a: AtomId) -> bool {
        self.is_derivable(a) || self.is_external(a) || self.is_fact(a)
    }

    /// The source of a rule with an aggregate or conditional literal that defines atom `a`.
    pub fn complex_rule_origin(&self, a: AtomId) -> Option<&crate::syntax::ast::Span> {
        let sig = self.symbols.signature(self.atom_sym(a))?;
        self.complex_rule_origins.get(&sig)
    }

    /// Whether atom `a` appears in the output (independent of its truth value).
    pub fn is_shown(&self, a: AtomId) -> bool {
        let sym = self.atom_sym(a);
        let auxiliary = self
            .symbols
            .signature(sym)
            .is_some_and(|sig| self.symbols.name_str(sig.name).starts_with('#'));
        if auxiliary {
            return false;
        }
        self.show.show_all_atoms
            || self
                .symbols
                .signature(sym)
                .is_some_and(|sig| self.show.signatures.contains(&sig))
    }

    /// Whether `#project` directives name the atoms projection distinguishes: as in clingo, only
    /// when they name an atom the grounder produced (a fact, an external or an atom with a
    /// rule); otherwise `--project` projects on the shown atoms.
    pub fn has_projection(&self) -> bool {
        if self.project_signatures.is_empty() && self.project_atoms.is_empty() {
            return false;
        }
        (0..self.num_atoms()).any(|i| {
            let a = AtomId(i as u32);
            let grounded = self.grounded_heads.get(i).copied().unwrap_or(false)
                || self.is_fact(a)
                || self.is_derivable(a)
                || self.is_external(a);
            grounded && self.is_projected(a)
        })
    }

    /// Whether atom `a` is one of the `#project` atoms.
    pub fn is_projected(&self, a: AtomId) -> bool {
        self.project_atoms.contains(&a)
            || self
                .symbols
                .signature(self.atom_sym(a))
                .is_some_and(|sig| self.project_signatures.contains(&sig))
    }

    /// Declares `a` external (the first declaration counts); false when it already was.
    pub fn add_external(&mut self, a: AtomId, value: ExternalValue) -> bool {
        if self.external_values.contains_key(&a) {
            return false;
        }
        self.external_values.insert(a, value);
        self.externals.push((a, value));
        true
    }

    /// Ends the external status of the atoms with `defined[a]`.
    pub fn forget_externals(&mut self, defined: &[bool]) {
        let keep = |a: &AtomId| !defined.get(a.0 as usize).copied().unwrap_or(false);
        self.externals.retain(|(a, _)| keep(a));
        self.external_values.retain(|a, _| keep(a));
    }

    pub fn is_external(&self, a: AtomId) -> bool {
        self.external_values.contains_key(&a)
    }

    /// Changes the value of external atom `a` (declared again, the later declaration decides).
    pub fn set_external_value(&mut self, a: AtomId, value: ExternalValue) {
        if let Some(v) = self.external_values.get_mut(&a) {
            *v = value;
        }
        for (b, v) in &mut self.externals {
            if *b == a {
                *v = value;
            }
        }
    }

    /// The default value `a` was declared external with.
    pub fn external_value(&self, a: AtomId) -> Option<ExternalValue> {
        self.external_values.get(&a).copied()
    }

    /// `defined[a]`: atom `a` is the head (or a choice element) of a rule.
    pub fn defined_by_rules(&self) -> Vec<bool> {
        let mut defined = vec![false; self.num_atoms()];
        for r in &self.rules {
            r.head_atoms()
                .into_iter()
                .for_each(|a| defined[a.0 as usize] = true);
        }
        defined
    }

    /// The rules of `#external` atoms that clasp drops while it reads clingo's output, and the
    /// external atoms for which the answer depends on the statements' order. An integrity
    /// constraint takes the support of the rules whose body it falsifies: a rule is dropped
    /// when a constraint has exactly its body, or when its body has a literal `l` of a
    /// constraint `:- l.` and no rule has the body `l` alone (then clasp makes `l` false);
    /// beside such a rule, `:- l.` falsifies only that body when the rule comes first and `l`
    /// itself otherwise. A body with a literal and its negation is dropped in any order.
    /// An external atom left without support stays external
    /// (`{q}. #external p. [true]  p :- q.  :- q.` has `p` true) when its external statement
    /// came before the rules, but an external statement read while a rule supports the atom is
    /// ignored (`p` false): the order of gringo's output, which aspsat does not keep. So the
    /// externals that only dropped rules define are returned as order dependent (refused for
    /// text programs; aspif input decides them by its own order, `aspif::externals`).
    ///
    /// Also returned: the rules whose head atom clasp made false before it read them (it
    /// leaves the head, and the rule is an integrity constraint), see
    /// `written_after_constraint` below; and the elements of choices gringo writes through a
    /// head aggregate whose rule clasp drops (see `element_rule_dropped` below).
    fn clasp_read_drops(&self) -> ClaspReading {
        let mut dropped = vec![false; self.rules.len()];
        if self.externals.is_empty() {
            return ClaspReading {
                headless: dropped.clone(),
                dropped,
                order_dependent: Vec::new(),
                dropped_elements: Vec::new(),
            };
        }
        let late = self.late_shifted();
        let tautologies = self.external_tautologies();
        // (also `a :- not a, …` of any atom `a` gringo writes in order: clasp reads it as the
        // constraint `:- not a, …`, differential seed 3106 #715)
        let constraint = |i: usize, r: &Rule| {
            matches!(r.head, Head::None)
                || self.negates_external_head(i, &late)
                || matches!(r.head, Head::Atom(a)
                    if !late.contains(r) && r.body.contains(&BodyElem::Lit(Lit::not(a))))
        };
        // The bodies as clasp gets them: a fact, written before any rule over it, is true
        // when clasp reads the rule and leaves its body (`:- p(1), -p(1).` with the fact -p(1)
        // is `:- p(1).`).
        let read = |b: &&BodyElem| match b {
            BodyElem::Lit(l) => l.polarity != Polarity::Pos || !self.is_fact(l.atom),
            _ => true,
        };
        // gringo writes `not not a`, conditions and aggregates with auxiliary atoms, so plain
        // literals match for sure, the rest only by their content (below).
        let literals = |body: &[BodyElem]| -> Option<Vec<Lit>> {
            let mut lits: Vec<Lit> = (body.iter().filter(read))
                .map(|b| match b {
                    BodyElem::Lit(l) if l.polarity != Polarity::NotNot => Some(*l),
                    _ => None,
                })
                .collect::<Option<_>>()?;
            lits.sort_unstable();
            lits.dedup();
            Some(lits)
        };
        // Bodies with auxiliary atoms, by their ground content: gringo shares an auxiliary
        // atom between the instances of one occurrence whose variables agree on it, so such
        // a body may be clasp's body of another rule with the same content, or may not.
        // (an order of the elements: by their hash, the same for every body of this reading)
        let order = std::hash::RandomState::new();
        let content = |body: &[BodyElem]| -> Vec<BodyElem> {
            let mut elems: Vec<(u64, &BodyElem)> = (body.iter().filter(read))
                .map(|b| (std::hash::BuildHasher::hash_one(&order, b), b))
                .collect();
            elems.sort_by_key(|&(h, _)| h);
            elems.dedup_by(|a, b| a.1 == b.1);
            elems.into_iter().map(|(_, b)| b.clone()).collect()
        };
        let mut constraint_bodies = HashSet::new();
        let mut constraint_contents = HashSet::new();
        let mut forbidden = HashSet::new();
        let mut alone = HashSet::new();
        // The atoms a constraint may forbid once gringo has written it, beside `forbidden`:
        // where its body, as gringo writes it, may be one atom's literal (`:- #count{1 : q} >
        // 0.` is `:- q.`, `:- not not q.` has `not x` with `x :- not q.`), or an anonymous
        // variable's projection alone (`:- p(_).` is `:- p(1).  :- p(2).`).
        let projected = self.projected_atoms();
        let over_projection = |body: &[BodyElem]| {
            (body.iter().flat_map(|b| b.lits())).any(|l| projected.contains_key(&l.atom))
        };
        let mut maybe_forbidden_atoms: HashSet<AtomId> = HashSet::new();
        // The atom sets of constraint bodies written with auxiliary atoms or simplified: a
        // rule's body of the same atoms may be one of them as gringo writes it (`s :- not
        // #count{1 : not not t} > 0, q.` beside `:- not #count{1 : t} > 0, q.`).
        let mut constraint_atom_sets: HashSet<Vec<AtomId>> = HashSet::new();
        // The atoms an anonymous variable's projection atom stands for, where each of its
        // rules has one positive literal for body (`#proj1 :- p(1).`); `None` otherwise.
        let mut projection_sources: HashMap<AtomId, Option<Vec<AtomId>>> = HashMap::new();
        for r in &self.rules {
            let Head::Atom(a) = r.head else { continue };
            if !projected.contains_key(&a) {
                continue;
            }
            let sources = projection_sources.entry(a).or_insert(Some(Vec::new()));
            match (&r.body[..], sources.as_mut()) {
                ([BodyElem::Lit(l)], Some(atoms)) if l.polarity == Polarity::Pos => {
                    atoms.push(l.atom)
                }
                _ => *sources = None,
            }
        }
        for (i, r) in self.rules.iter().enumerate() {
            let Some(lits) = literals(&r.body) else {
                if constraint(i, r) {
                    constraint_contents.insert(content(&r.body));
                    constraint_atom_sets.insert(Self::atom_set(&r.body));
                }
                continue;
            };
            match (constraint(i, r), &lits[..]) {
                // gringo writes `:- p(_).` with the atoms the projection stands for (`:-
                // p(1).`), while a choice element's condition `not not p(_)` keeps the
                // projection's atom, which clasp then does not know false (scripts/
                // external_support_check.py seed 7: `{p : not not p(_); r}.` beside `:-
                // p(_).` ends the status of the external p); not one written with other
                // literals, which gringo writes over its auxiliary atom for the projection
                // (`:- #aux.` with `#aux :- p(1).`), where clasp does not know p(1) false
                // (`:- #sum{1 : not not q(a)} < 1, p(_).` beside `0 >= {q : p(1)} != 1.`
                // ends the status of the external q: external_support_check seed 178); the
                // atoms it stands for may then be forbidden, see `one_atom_body`
                (true, [l])
                    if l.polarity == Polarity::Pos
                        && matches!(projection_sources.get(&l.atom), Some(Some(_)))
                        && !self.projections_through_auxiliary.contains(&l.atom) =>
                {
                    for &a in projection_sources[&l.atom].iter().flatten() {
                        forbidden.insert(Lit::pos(a));
                        constraint_bodies.insert(vec![Lit::pos(a)]);
                    }
                }
                (true, [l]) => {
                    forbidden.insert(*l);
                    constraint_bodies.insert(lits);
                }
                (true, _) => {
                    constraint_bodies.insert(lits);
                }
                (false, [l]) => {
                    alone.insert(*l);
                }
                (false, _) => {}
            }
        }
        // The atoms clasp makes facts while it reads the disjunctions gringo writes last
        // (after every constraint): one whose other elements `:- a.` forbids, with a body of
        // facts (`q(1) ; p(1) : d(1).` beside `:- q(1).` is `p(1).`). Another disjunction
        // written last with that atom may then be satisfied and dropped, or not, by the order
        // of the two (differential seed 3102 #650: `:- q(1).  q(X) ; p(1) : d(1) :- d(X).
        // #external q(3). [true]` keeps q(3) external in clingo, q(1)'s disjunction first).
        let mut read_facts: HashSet<AtomId> = HashSet::new();
        for d in self.disjunctions.iter().filter(|d| d.written_last) {
            if literals(&d.body).is_none_or(|lits| !lits.is_empty()) {
                continue;
            }
            let open: Vec<&ChoiceElem> = d
                .elems
                .iter()
                .filter(|e| !(e.cond.is_empty() && forbidden.contains(&Lit::pos(e.atom))))
                .collect();
            if let [e] = open[..]
                && e.cond.is_empty()
            {
                read_facts.insert(e.atom);
            }
        }
        // (a literal another constraint forbids the complement of is true when clasp reads
        // this one, which may leave one literal: `:- #count{1 : not r} > 0, not q.` beside `:-
        // q.` is `:- not r.`)
        let made_true = |b: &&BodyElem| match b {
            BodyElem::Lit(l) if l.polarity == Polarity::Pos => {
                forbidden.contains(&Lit::not(l.atom))
            }
            BodyElem::Lit(l) if l.polarity == Polarity::Not => {
                forbidden.contains(&Lit::pos(l.atom))
            }
            _ => false,
        };
        for (i, r) in self.rules.iter().enumerate() {
            if constraint(i, r) {
                let body: Vec<&BodyElem> = (r.body.iter())
                    .filter(|b| read(b) && !made_true(b))
                    .collect();
                maybe_forbidden_atoms.extend(self.one_atom_body(&body, &projected));
            }
        }
        // The heads of rules whose bodies constraints make true (`p :- not r.` beside `:-
        // r.`): clasp may know them true when it reads a later rule over them, and then drop
        // it (`q :- not #count{1 : not not p} > 0.` keeps an #external q free in clingo
        // 5.8.3: external_support_check seed 204), by the order of gringo's output. (Not the
        // rules shifted from a disjunction, which gringo writes as one: `r ; u.` beside `:-
        // r.` leaves u open.)
        let shifted = |i: usize| self.shifted.get(i).copied().unwrap_or(false);
        let read_true: HashSet<AtomId> = (self.rules.iter().enumerate())
            .filter(|&(i, r)| !constraint(i, r) && !shifted(i) && !r.body.is_empty())
            .filter(|(_, r)| r.body.iter().all(|b| made_true(&b)))
            .filter_map(|(_, r)| match r.head {
                Head::Atom(a) => Some(a),
                _ => None,
            })
            .collect();
        let mut forbidden_atoms: HashSet<AtomId> = forbidden.iter().map(|l| l.atom).collect();
        forbidden_atoms.extend(maybe_forbidden_atoms.iter().copied());
        let n = self.num_atoms();
        let (mut kept, mut unsure) = (vec![false; n], vec![false; n]);
        // A disjunction gringo writes last is read after `:- a.`, which made `a` false: `a`
        // leaves its head, so the rules the grounder made of it for `a` support nothing and
        // are integrity constraints (`#external r. [true]  :- r.  r ; t : s.` keeps `r`
        // external and has no answer set). Those rules: the shifted rule of a plain element
        // `a` (among `late`), and `a :- cond, m` of an element with a condition, whose member
        // `m` stands for it. Another disjunction with `a`, written in order, still defines it.
        let late_forbidden = |a: AtomId| self.is_external(a) && forbidden.contains(&Lit::pos(a));
        let mut headless = vec![false; self.rules.len()];
        let written_after_constraint: HashSet<&Rule> = late
            .iter()
            .filter(|r| matches!(r.head, Head::Atom(a) if late_forbidden(a)))
            .collect();
        let mut late_members: HashSet<(AtomId, AtomId)> = HashSet::new();
        for d in self.disjunctions.iter().filter(|d| d.written_last) {
            for (e, &m) in d.elems.iter().zip(&d.members) {
                if late_forbidden(e.atom) && m != e.atom {
                    late_members.insert((e.atom, m));
                }
            }
        }
        let mut dropped_elements = Vec::new();
        for (i, r) in self.rules.iter().enumerate() {
            if constraint(i, r) || tautologies.rules[i] {
                continue;
            }
            // (what clasp drops as a tautology defines nothing: `q :- q.` beside `q :- s.`
            // and `:- s.` leaves q's status to the order of gringo's output)
            let heads: Vec<AtomId> = match &r.head {
                Head::Choice { elems, .. } => (elems.iter().zip(&tautologies.elements[i]))
                    .filter(|(_, dropped)| !**dropped)
                    .map(|(e, _)| e.atom)
                    .collect(),
                _ => r.head_atoms(),
            };
            if !heads.iter().any(|&a| self.is_external(a)) {
                continue;
            }
            if let Head::Atom(a) = r.head
                && self.shifted.get(i).copied().unwrap_or(false)
                && (written_after_constraint.contains(r)
                    || r.body.iter().any(|b| {
                        matches!(b, BodyElem::Lit(l)
                        if l.polarity == Polarity::Pos && late_members.contains(&(a, l.atom)))
                    }))
            {
                // (the external statement came before it too; a rule with the body `a` alone
                // read before `:- a.` would keep `a` open, in an order aspsat does not keep)
                let order_dependent = alone.contains(&Lit::pos(a));
                headless[i] = !order_dependent;
                unsure[a.0 as usize] |= order_dependent;
                continue;
            }
            // (`a :- not a, …` shifted from a disjunction gringo writes through an auxiliary
            // atom, with `not a` behind it: clasp keeps `a` in the head, see `late_shifted`)
            // `q :- s, not s.`: clasp drops a body with a literal and its negation whatever
            // the order; not one shifted from a disjunction gringo writes last, whose body is
            // an auxiliary atom there (`s(Y) : d(Z) ; q(3) :- not p(Y), p(Y).` ends the status
            // of the external q(3): differential seed 3502 #778)
            // Nor a choice gringo writes through a head aggregate, whose element rules clasp
            // keeps with a false auxiliary atom for their body (`{p(1); not q} :- r, not r.`
            // ends the status of the external p(1): differential seed 4717 #360).
            let contradictory = !late.contains(r)
                && !self.aggregate_choices.contains(r)
                && r.body.iter().any(|b| {
                matches!(b, BodyElem::Lit(l) if l.polarity == Polarity::Pos
                    && r.body.contains(&BodyElem::Lit(Lit { atom: l.atom, polarity: Polarity::Not })))
            });
            if contradictory {
                dropped[i] = true;
                continue;
            }
            // A literal over an atom a constraint forbids (or may, see `maybe_forbidden_atoms`)
            // in a body gringo writes with auxiliary atoms (`not not a`, an aggregate, a
            // conditional literal) or simplifies (`#count{1 : q} > 0` is `q`): clasp drops the
            // rule where it has read the constraint first (`#external s. [free]  s :- not not
            // q.  #external q.  :- q.` keeps s external in clingo) and keeps it otherwise;
            // which, the order of gringo's output decides, and aspsat does not follow how
            // gringo writes these.
            let plain_body = literals(&r.body).is_some() && !over_projection(&r.body);
            let projected_forbidden = (r.body.iter().flat_map(|b| b.lits()))
                .flat_map(|l| projected.get(&l.atom).into_iter().flatten())
                .any(|a| forbidden_atoms.contains(a));
            let forbidden_inside = projected_forbidden
                || r.body.iter().any(|b| match b {
                    // (a positive plain literal over one leaves the body to the others)
                    BodyElem::Lit(l) => l.polarity != Polarity::Pos && read_true.contains(&l.atom),
                    _ => b.lits().any(|l| read_true.contains(&l.atom)),
                })
                || r.body.iter().any(|b| match b {
                    BodyElem::Lit(l) => {
                        maybe_forbidden_atoms.contains(&l.atom)
                            || !plain_body && forbidden_atoms.contains(&l.atom)
                    }
                    _ => b.lits().any(|l| forbidden_atoms.contains(&l.atom)),
                });
            // `p(1) :- p(_).` is `p(1) :- p(1).` as gringo writes it, a tautology clasp drops
            // (see `drop_external_tautologies`), beside the other instances it writes: refused.
            let projected_tautology = r.body.iter().any(|b| {
                matches!(b, BodyElem::Lit(l) if l.polarity == Polarity::Pos
                && projected.get(&l.atom).is_some_and(|sources| {
                    sources.iter().any(|s| heads.contains(s))
                }))
            });
            // So is one where gringo's writing may give the body a literal and its negation
            // (`{s} :- not #count{1 : q} > 0, #count{1 : q} > 0.` has the body `not q, q`,
            // which clasp drops): an atom in two of its elements, one of them written with
            // auxiliary atoms or simplified.
            let maybe_contradictory = !plain_body && {
                // (per occurrence: its element, its atom, whether that element is written with
                // auxiliary atoms, and the literal's sign where it keeps it: an aggregate's
                // elements and a condition may stand for their negation)
                let mut occurrences: Vec<(usize, AtomId, bool, Option<bool>)> = Vec::new();
                for (k, b) in r.body.iter().enumerate() {
                    let positive = |l: &Lit| Some(l.polarity != Polarity::Not);
                    match b {
                        // (`not not a` is `not x` with `x :- not a.` for clasp: it meets `not
                        // a` in no body, `q(1) :- not q(1), not not q(1).` is no contradiction)
                        BodyElem::Lit(l) => occurrences.push((k, l.atom, false, positive(l))),
                        BodyElem::Conditional(instances) => {
                            for c in instances {
                                let written = c.lit.polarity != Polarity::NotNot;
                                occurrences.push((k, c.lit.atom, written, positive(&c.lit)));
                                occurrences.extend(c.cond.iter().map(|l| (k, l.atom, true, None)));
                            }
                        }
                        BodyElem::Aggregate { .. } => {
                            occurrences.extend(b.lits().map(|l| (k, l.atom, true, None)));
                        }
                    }
                }
                (occurrences.iter()).any(|&(k, a, written, sign)| {
                    written
                        && (occurrences.iter()).any(|&(j, b, _, other)| {
                            j != k && b == a && (sign.is_none() || other.is_none() || sign != other)
                        })
                })
            };
            let constraint_shaped =
                !plain_body && constraint_atom_sets.contains(&Self::atom_set(&r.body));
            let order_dependent = match literals(&r.body) {
                _ if forbidden_inside
                    || maybe_contradictory
                    || projected_tautology
                    || constraint_shaped =>
                {
                    true
                }
                Some(lits)
                    if late.contains(r)
                        && lits.iter().any(|l| {
                            l.polarity == Polarity::Not && read_facts.contains(&l.atom)
                        }) =>
                {
                    true
                }
                Some(lits) if constraint_bodies.contains(&lits) => {
                    dropped[i] = true;
                    false
                }
                Some(lits) => match lits.iter().find(|l| forbidden.contains(l)) {
                    Some(l) if alone.contains(l) => true,
                    Some(_) => {
                        dropped[i] = true;
                        false
                    }
                    None => false,
                },
                // (`q(X) :- d(X), not q(1), q(Y) : d(Z).` has `q(1) :- #delayed(1), not
                // q(1).` and `q(2) :- #delayed(1), not q(1).`: clasp reads the first as a
                // constraint and drops the second with its body, so an #external q(2) stays
                // external; differential seed 4335 #682)
                None => constraint_contents.contains(&content(&r.body)),
            };
            // A choice gringo writes through a head aggregate (bounds or conditions) has a
            // rule per element, written last, whose body holds the element's condition when it
            // is one literal: clasp drops it where a constraint `:- l.` read before forbids
            // that literal (`:- not r.  {r; p(Z) : d(Z), not r}.` keeps the external p(1);
            // differential seed 4313 #392). The element never holds, so it goes (where every
            // element of its atom in the rule is such).
            let element_rule_dropped = |a: AtomId| match &r.head {
                Head::Choice { elems, guards }
                    if !guards.is_empty() || elems.iter().any(|e| !e.cond.is_empty()) =>
                {
                    (elems.iter().filter(|e| e.atom == a)).all(|e| {
                        matches!(&e.cond[..], [l] if forbidden.contains(l)
                            || l.polarity == Polarity::NotNot
                                && forbidden.contains(&Lit::pos(l.atom)))
                    })
                }
                _ => false,
            };
            for a in heads {
                if !dropped[i] && self.is_external(a) && element_rule_dropped(a) {
                    dropped_elements.push((i, a));
                    continue;
                }
                // A choice element `a` of a true external that `:- a.` forbids: gringo writes a
                // choice with conditions or bounds after the step's other statements (so `a`
                // leaves its head and stays external: no answer set), a plain one in order;
                // which one this rule was, the ground program does not tell
                let chosen_forbidden = matches!(r.head, Head::Choice { .. })
                    && self.external_value(a) == Some(ExternalValue::True)
                    && (forbidden.contains(&Lit::pos(a)) || maybe_forbidden_atoms.contains(&a));
                // An element of `a` whose condition has a literal over an atom a constraint
                // forbids, or may once gringo has written it (`:- #count{1 : q} > 0.` as `:-
                // q.`): whether clasp drops the element's rule, the order of gringo's output
                // and how it writes the constraint decide (`{s : q ; t}.` beside `:- q : u.
                // u.` keeps the external s in clingo).
                let element_over_forbidden = match &r.head {
                    Head::Choice { elems, .. } => (elems.iter().filter(|e| e.atom == a))
                        .any(|e| e.cond.iter().any(|l| forbidden_atoms.contains(&l.atom))),
                    _ => false,
                };
                // An element of `a` whose condition negates a fact (`{p : not r; r}.` beside
                // the fact r, or `{p : not p(_); r}.` beside the fact p(1), whose projection
                // gringo writes as a fact): where gringo writes the element's rule after the
                // fact, clasp drops it (the external p stays true in clingo:
                // external_support_check seeds 16, 53 and 56); whether gringo knows the fact
                // then, aspsat does not model.
                let element_negating_fact = match &r.head {
                    Head::Choice { elems, .. } => (elems.iter().filter(|e| e.atom == a)).any(|e| {
                        (e.cond.iter())
                            .any(|l| l.polarity == Polarity::Not && self.fact_as_written(l.atom))
                    }),
                    _ => false,
                };
                let unsure_here = order_dependent
                    || chosen_forbidden
                    || element_over_forbidden
                    || element_negating_fact;
                let a = a.0 as usize;
                kept[a] |= !dropped[i] && !unsure_here;
                unsure[a] |= dropped[i] || unsure_here;
            }
        }
        let order_dependent = self
            .externals
            .iter()
            .map(|&(a, _)| a)
            .filter(|a| unsure[a.0 as usize] && !kept[a.0 as usize])
            .collect();
        ClaspReading {
            dropped,
            headless,
            order_dependent,
            dropped_elements,
        }
    }

    /// The atoms of a constraint body (its literals as clasp reads them) that may be one atom's
    /// literal once gringo has written it: every element is a literal, an aggregate of one
    /// element with one literal or a conditional literal of one instance without condition
    /// (or with a false literal and a condition of one literal), all over one atom; or the
    /// body is an anonymous variable's projection alone, written once per atom it projects,
    /// or, where the constraint had other literals (true ones the ground body no longer
    /// has), the projection atom itself, as gringo writes it through its auxiliary atom, which
    /// a choice element's condition `q : p(_)` shares
    /// ([`GroundProgram::projections_through_auxiliary`]; external_support_check seed 9).
    /// Empty otherwise.
    fn one_atom_body(
        &self,
        body: &[&BodyElem],
        projected: &HashMap<AtomId, Vec<AtomId>>,
    ) -> Vec<AtomId> {
        if let [BodyElem::Lit(l)] = body
            && let Some(sources) = projected.get(&l.atom)
        {
            let auxiliary = self.projections_through_auxiliary.contains(&l.atom);
            return (sources.iter().copied())
                .chain(auxiliary.then_some(l.atom))
                .collect();
        }
        let atom = |b: &BodyElem| match b {
            BodyElem::Lit(l) => Some(l.atom),
            BodyElem::Aggregate { aggregate, .. } => match &aggregate.elems[..] {
                [e] => match &e.cond[..] {
                    [l] => Some(l.atom),
                    _ => None,
                },
                _ => None,
            },
            BodyElem::Conditional(instances) => match &instances[..] {
                [c] if c.cond.is_empty() => Some(c.lit.atom),
                // (one whose literal is false, under a condition of one literal: `p(_) : not
                // f, not not q` with no atom for p(_) is `#false : not not q`, which gringo
                // writes `not q`; external_support_check seed 115)
                [c] if self.value_in_the_end(&c.lit) == Some(false) => match &c.cond[..] {
                    [l] => Some(l.atom),
                    _ => None,
                },
                _ => None,
            },
        };
        let atoms: Option<Vec<AtomId>> = body.iter().map(|b| atom(b)).collect();
        match atoms.as_deref() {
            Some([a, rest @ ..]) if rest.iter().all(|b| b == a) => vec![*a],
            _ => Vec::new(),
        }
    }

    /// The atoms of a body, sorted, each once.
    fn atom_set(body: &[BodyElem]) -> Vec<AtomId> {
        let mut atoms: Vec<AtomId> = body.iter().flat_map(|b| b.lits()).map(|l| l.atom).collect();
        atoms.sort_unstable();
        atoms.dedup();
        atoms
    }

    /// Per atom of an anonymous variable's projection (`#proj1 :- p(1).` for `p(_)`), the
    /// atoms of its rules' bodies: gringo writes the literal `p(_)` with those instead.
    pub(crate) fn projected_atoms(&self) -> HashMap<AtomId, Vec<AtomId>> {
        let mut out: HashMap<AtomId, Vec<AtomId>> = HashMap::new();
        for r in &self.rules {
            let Head::Atom(a) = r.head else { continue };
            if self.is_projection_atom(a) {
                let atoms = r.body.iter().flat_map(|b| b.lits()).map(|l| l.atom);
                out.entry(a).or_default().extend(atoms);
            }
        }
        out
    }

    /// Whether `a` is an anonymous variable's projection atom (`#proj1` for `p(_)`).
    pub fn is_projection_atom(&self, a: AtomId) -> bool {
        (self.symbols.signature(self.atom_sym(a)))
            .is_some_and(|sig| crate::ground::is_projection(self.symbols.name_str(sig.name)))
    }

    /// `a :- not a, …` for an `#external` atom `a`: clasp takes a head atom out of a rule whose
    /// negative body has it, which leaves the integrity constraint `:- not a, …` and `a`
    /// without that support (`#external p. [true]  p :- not p.` has `p` true in clingo).
    /// Rule `i`, also one shifted from a disjunction written in order: clasp takes `a` out of
    /// the head of `a ; c :- not a.` alike, and its shifted rule `a :- not a, not c.` is then
    /// the constraint. Not one of a disjunction gringo writes last ([`Self::late_shifted`]).
    fn negates_external_head(&self, i: usize, late: &HashSet<Rule>) -> bool {
        let r = &self.rules[i];
        self.negated_external_head(r).is_some() && !late.contains(r)
    }

    /// The `#external` head atom `a` of a rule `a :- not a, …`.
    fn negated_external_head(&self, r: &Rule) -> Option<AtomId> {
        match r.head {
            Head::Atom(a)
                if self.is_external(a)
                    && r.body.iter().any(|b| {
                        matches!(b, BodyElem::Lit(l) if l.atom == a && l.polarity == Polarity::Not)
                    }) =>
            {
                Some(a)
            }
            _ => None,
        }
    }

    /// The rules shifted from the disjunctions gringo writes through an auxiliary atom for
    /// the body (written last, `#delayed`, or with an element aspsat moved into the body)
    /// whose head atom's negation is not among the literals gringo writes in the rule itself
    /// ([`Disjunction::in_rule`]): clasp takes `a` out of the head of `a :- #delayed, not a.`
    /// (`#external a. [free]  a ; #true : a.` has {a}), but not where `not a` is behind
    /// `#delayed` (with `not p(Y)` in the body written, `p(Y) ; q(Y) : d(W) :- not p(Y),
    /// d(Y).` ends the status of the external p(1); `not q(Y) : d(W) ; q(Y) :- d(Y), not
    /// q(Y).` that of the external q(1), differential seed 4331 #810).
    /// (Only those with an external atom among their elements matter.)
    fn late_shifted(&self) -> HashSet<Rule> {
        let mut late = HashSet::new();
        for d in &self.disjunctions {
            if !d.through_auxiliary || !d.elems.iter().any(|e| self.is_external(e.atom)) {
                continue;
            }
            for r in d.shifted_rules() {
                let negated_in_rule =
                    matches!(r.head, Head::Atom(a) if d.in_rule.contains(&Lit::not(a)));
                if !negated_in_rule {
                    late.insert(r);
                }
            }
        }
        late
    }

    /// An `#external` atom that a choice element chooses under a condition holding the atom
    /// itself, where clingo's answer is not known to match aspsat's. Read as clasp does: in a
    /// choice without bounds or body, the atom alone as condition (the element is dropped by
    /// [`GroundProgram::drop_external_tautologies`], the atom stays external), and other
    /// conditions in a choice of several elements without bounds or body (the status ends:
    /// `#external q. [true]  {q : q, s ; r}. {s}.` has q false). Refused: a single element
    /// with more in its condition (`{q : q, s}. {s}.` keeps q true in clingo), and bounds or a
    /// body (`{q : q ; r} 1.` has the one answer set {q}); how gringo translates the choice
    /// decides, and the ground program does not tell. (The atom in the rule's body is the
    /// grounder's: see `tests/programs/external_choice_own_body.lp`.)
    pub fn self_chosen_external(&self) -> Option<AtomId> {
        self.rules.iter().find_map(|r| {
            let Head::Choice { elems, guards } = &r.head else {
                return None;
            };
            let plain = guards.is_empty() && r.body.is_empty();
            elems.iter().map(|e| e.atom).find(|&a| {
                let own = Lit::pos(a);
                let in_cond = elems.iter().any(|e| e.atom == a && e.cond.contains(&own));
                let dropped = plain && elems.iter().all(|e| e.atom != a || e.cond == [own]);
                let status_ends = plain && elems.len() >= 2;
                self.is_external(a) && in_cond && !dropped && !status_ends
            })
        })
    }

    /// Whether a disjunction gringo writes last has a fact among its heads once gringo has
    /// simplified its elements' conditions: by then the component is grounded, and a negated
    /// literal over an atom outside the domain is true (`q(1) : not p(1) ; r.` beside the fact
    /// q(1) and a rule for p(1) that never fires is `q(1) ; r`, which clasp drops: the
    /// external r stays, differential seed 4331 #725).
    fn satisfied_when_written_last(&self, d: &Disjunction) -> bool {
        (d.elems.iter()).any(|e| {
            self.is_fact(e.atom)
                && (e.cond.iter()).all(|l| l.polarity == Polarity::Not && !self.in_domain(l.atom))
        })
    }

    /// The position of the rule where a body literal was left open that clingo's grounder may
    /// have decided false before it grounded the rule ([`GroundProgram::maybe_decided_by_gringo`]),
    /// if it is false in the end: `not not s(0,2)` over an atom never derived, `not q` over a
    /// fact; or a conditional literal or an aggregate false in the end through such a literal.
    fn maybe_decided_false(&self, b: &BodyElem) -> Option<&crate::syntax::ast::Span> {
        match b {
            BodyElem::Lit(l) => self.maybe_decided_false_lit(l),
            // (a head element moved into the body: an instance without a condition is its
            // literal; and an instance whose literal fails where its condition holds through a
            // literal gringo may decide, as in `p(0) : not q(1)` with p(0) and q(1) never
            // derived)
            BodyElem::Conditional(instances) => instances.iter().find_map(|inst| {
                if inst.cond.is_empty() {
                    return self.maybe_decided_false_lit(&inst.lit);
                }
                let holds = |l: &Lit| self.value_in_the_end(l) == Some(true);
                if !inst.cond.iter().all(holds) {
                    return None;
                }
                // (`not not q(a) : not f` with q(a) never derived and f outside the domain)
                if let Some(span) = self.maybe_decided_false_lit(&inst.lit) {
                    return Some(span);
                }
                let fails = inst.lit.polarity == Polarity::Pos
                    && self.value_in_the_end(&inst.lit) == Some(false);
                if !fails {
                    return None;
                }
                inst.cond
                    .iter()
                    .find_map(|l| self.maybe_decided_by_gringo.get(l))
            }),
            // (an aggregate false once its element conditions take their values in the end,
            // one of them a literal gringo may decide)
            BodyElem::Aggregate {
                polarity,
                aggregate,
            } => {
                let span = (aggregate.elems.iter().flat_map(|e| &e.cond))
                    .find_map(|l| self.maybe_decided_by_gringo.get(l))?;
                let mut known = (**aggregate).clone();
                known.elems.retain_mut(|e| {
                    e.cond.retain(|l| self.value_in_the_end(l) != Some(true));
                    e.cond.iter().all(|l| self.value_in_the_end(l).is_none())
                });
                let holds = match polarity {
                    Polarity::Pos => aggregate::decided(&known, &self.symbols),
                    _ => aggregate::decided_negated(&known, &self.symbols),
                }?;
                (holds == (*polarity == Polarity::Not)).then_some(span)
            }
        }
    }

    /// [`Self::maybe_decided_false`] of a literal (of a body or of a choice element's
    /// condition).
    fn maybe_decided_false_lit(&self, l: &Lit) -> Option<&crate::syntax::ast::Span> {
        let span = self.maybe_decided_by_gringo.get(l)?;
        let false_in_the_end =
            l.polarity != Polarity::Pos && self.value_in_the_end(l) == Some(false);
        false_in_the_end.then_some(span)
    }

    /// A literal's value once the grounder is done: decided where its atom is a fact (or the
    /// projection of one) or outside the domain, `None` (open) otherwise.
    fn value_in_the_end(&self, l: &Lit) -> Option<bool> {
        if self.fact_as_written(l.atom) {
            Some(l.polarity != Polarity::Not)
        } else if !self.in_domain(l.atom) {
            Some(l.polarity == Polarity::Not)
        } else {
            None
        }
    }

    /// The atoms every rule of which has a body literal (or, for a choice element, a literal
    /// of its condition) clingo's grounder may have decided false before it grounded the rule
    /// ([`Self::maybe_decided_false`]), or a positive body literal over such an atom (an
    /// auxiliary atom of a disjunction element, whose rules have the literal: `q(1) :-
    /// #cond(0), m.` beside `m :- not not p(1).`), with the position of one such rule: gringo
    /// may have written none of their rules. (A disjunction element's condition is in the body
    /// of its shifted rule.) An atom is surely written by gringo when it is a fact, an
    /// `#external` atom, or the head of a rule without such a literal whose positive body atoms
    /// all are.
    fn maybe_undefined_by_gringo(&self) -> HashMap<AtomId, &crate::syntax::ast::Span> {
        let n = self.num_atoms();
        // `written[a]`: a rule for `a` that gringo surely writes; `known[a]`: `a` is surely in
        // gringo's domain (also facts and `#external` atoms).
        let mut written = vec![false; n];
        let mut known = vec![false; n];
        let mut queue: Vec<AtomId> = Vec::new();
        for a in (0..n as u32).map(AtomId) {
            if self.is_fact(a) || self.is_external(a) {
                known[a.0 as usize] = true;
                queue.push(a);
            }
        }
        // Per rule and head atom without such a literal: the positive body atoms it waits for.
        let mut waiting: Vec<(AtomId, usize)> = Vec::new();
        let mut waiters: HashMap<AtomId, Vec<usize>> = HashMap::new();
        let mut ready: Vec<AtomId> = Vec::new();
        // Per atom, a rule where gringo may have decided a literal false, or an atom in the
        // positive body of one of its rules (to find one of those).
        let mut reason: HashMap<AtomId, &crate::syntax::ast::Span> = HashMap::new();
        let mut readers: HashMap<AtomId, Vec<AtomId>> = HashMap::new();
        // The auxiliary atoms of conditional elements of disjunctions whose body has such a
        // literal: their rules are the disjunction's too (`m :- #cond(0), q(1).` as well as
        // `m :- not not p(1).`), and gringo writes none of them without it.
        let mut members: HashMap<AtomId, &crate::syntax::ast::Span> = HashMap::new();
        for d in &self.disjunctions {
            if let Some(span) = d.body.iter().find_map(|b| self.maybe_decided_false(b)) {
                for (e, &m) in d.elems.iter().zip(&d.members) {
                    if m != e.atom {
                        members.insert(m, span);
                    }
                }
            }
        }
        let projected = self.projected_atoms();
        for r in &self.rules {
            // (`q :- q, …` of an external q is written, but clasp drops it as a tautology, see
            // `drop_external_tautologies`: it keeps no external defined, checker seed 5's
            // `q :- q.  q :- not not p(_).` beside `#external q. [true]`, where gringo decides
            // the projection empty first; and so may be `p(1) :- p(_).`, written `p(1) :-
            // p(1).` where the projection is the whole body, external_support_check seed 44)
            if let Head::Atom(a) = r.head
                && self.is_external(a)
                && r.body.iter().any(|b| {
                    matches!(b, BodyElem::Lit(l) if l.polarity == Polarity::Pos
                        && (l.atom == a || projected.get(&l.atom).is_some_and(|s| s.contains(&a))))
                })
            {
                continue;
            }
            let in_body = (r.body.iter().find_map(|b| self.maybe_decided_false(b))).or_else(|| {
                match r.head {
                    Head::Atom(m) => members.get(&m).copied(),
                    _ => None,
                }
            });
            let mut positive: Vec<AtomId> = (r.body.iter())
                .filter_map(|b| match b {
                    BodyElem::Lit(l) if l.polarity == Polarity::Pos => Some(l.atom),
                    _ => None,
                })
                .collect();
            positive.sort_unstable();
            positive.dedup();
            // (a choice element waits for the positive atoms of its condition too: gringo
            // has no element while one is outside its domain, `{p : q; r}.` where every rule
            // for q has a literal gringo may decide; external_support_check seed 79)
            type Element<'s> = (AtomId, Option<&'s crate::syntax::ast::Span>, Vec<AtomId>);
            let elements: Vec<Element> = match &r.head {
                Head::Choice { elems, .. } => (elems.iter())
                    .map(|e| {
                        let in_cond = e.cond.iter().find_map(|l| self.maybe_decided_false_lit(l));
                        let mut positive = positive.clone();
                        positive.extend(
                            (e.cond.iter())
                                .filter(|l| l.polarity == Polarity::Pos)
                                .map(|l| l.atom),
                        );
                        positive.sort_unstable();
                        positive.dedup();
                        (e.atom, in_body.or(in_cond), positive)
                    })
                    .collect(),
                _ => (r.head_atoms().into_iter())
                    .map(|a| (a, in_body, positive.clone()))
                    .collect(),
            };
            for (a, span, positive) in elements {
                for &b in &positive {
                    readers.entry(b).or_default().push(a);
                }
                match span {
                    Some(span) => {
                        reason.entry(a).or_insert(span);
                    }
                    None if positive.is_empty() => ready.push(a),
                    None => {
                        for &b in &positive {
                            waiters.entry(b).or_default().push(waiting.len());
                        }
                        waiting.push((a, positive.len()));
                    }
                }
            }
        }
        let write = |a: AtomId, written: &mut [bool], known: &mut [bool], queue: &mut Vec<_>| {
            written[a.0 as usize] = true;
            if !std::mem::replace(&mut known[a.0 as usize], true) {
                queue.push(a);
            }
        };
        for a in ready {
            write(a, &mut written, &mut known, &mut queue);
        }
        while let Some(b) = queue.pop() {
            for &w in waiters.get(&b).into_iter().flatten() {
                let (a, count) = &mut waiting[w];
                *count -= 1;
                if *count == 0 {
                    let a = *a;
                    write(a, &mut written, &mut known, &mut queue);
                }
            }
        }
        // The reasons reach the heads of rules over an atom not surely in gringo's domain.
        let mut todo: Vec<AtomId> = reason.keys().copied().collect();
        while let Some(b) = todo.pop() {
            if known[b.0 as usize] {
                continue;
            }
            let span = reason[&b];
            for &a in readers.get(&b).into_iter().flatten() {
                if !written[a.0 as usize] && !reason.contains_key(&a) {
                    reason.insert(a, span);
                    todo.push(a);
                }
            }
        }
        reason.retain(|a, _| !written[a.0 as usize]);
        reason
    }

    /// An `#external` atom whose every rule may be missing from gringo's output
    /// ([`Self::maybe_undefined_by_gringo`]): gringo then writes no rule and the atom stays
    /// external, where aspsat's rule ends its status (differential seed 4339 #143); in the
    /// other order gringo writes the rule too. To be refused.
    pub fn external_maybe_undefined_by_gringo(&self) -> Option<AtomId> {
        if self.maybe_decided_by_gringo.is_empty() || self.externals.is_empty() {
            return None;
        }
        let unsure = self.maybe_undefined_by_gringo();
        (unsure.into_keys()).filter(|&a| self.is_external(a)).min()
    }

    /// An atom in an optimization statement that only rules that may be missing from
    /// gringo's output put in the domain ([`Self::maybe_undefined_by_gringo`]), with the
    /// position of one: the atom is then outside gringo's domain and the optimization element
    /// has no instance, so its priority level may be missing (differential seed 4335 #988:
    /// SATISFIABLE in clingo 5.8.3). To be refused.
    pub fn objective_atom_maybe_outside_gringo_domain(
        &self,
    ) -> Option<(AtomId, &crate::syntax::ast::Span)> {
        if self.maybe_decided_by_gringo.is_empty() || self.minimize.is_empty() {
            return None;
        }
        let unsure = self.maybe_undefined_by_gringo();
        let elsewhere = |a: AtomId| {
            self.is_fact(a) || self.is_external(a) || self.domain_without_rules.contains(&a)
        };
        self.minimize
            .iter()
            .flat_map(|c| &c.body)
            .find_map(|b| match b {
                BodyElem::Lit(l) if l.polarity != Polarity::Not && !elsewhere(l.atom) => {
                    unsure.get(&l.atom).map(|&span| (l.atom, span))
                }
                _ => None,
            })
    }

    /// Whether an atom `fact` tells is among the plain heads of a disjunction.
    fn satisfied_by(d: &Disjunction, fact: impl Fn(AtomId) -> bool) -> bool {
        (d.elems.iter().zip(&d.members)).any(|(e, &m)| e.cond.is_empty() && m == e.atom && fact(m))
    }

    /// An `#external` atom among the heads of a disjunction gringo writes in order, before a
    /// fact among its heads that it derives later: clasp drops the disjunction once it reads
    /// the fact, so the atom stays external if clasp reads its external statement before the
    /// disjunction or after the fact, and is a normal atom if in between (`q(1) ; p(1).`
    /// beside `#external p(1). [true]` and the rule `q(Y) :- d(Y).` has p(1) false in clingo
    /// 5.8.3, differential seed 4326 #660; where the external statement depends on q(1)'s
    /// fact, p(1) is true, 4315 #229): the order of clingo's output, which aspsat does not
    /// keep. To be refused.
    ///
    /// A rule with an empty body is a fact for clasp too (`p(X) ; p(1) :- d(X).` has the
    /// instance `p(1) ; p(1).`, which satisfies `p(3) ; p(1).` for clasp: differential seed
    /// 3304 #757).
    pub fn external_satisfied_later(&self) -> Option<AtomId> {
        let candidates = || {
            (self.disjunctions.iter())
                .filter(|d| !d.written_last && d.elems.iter().any(|e| self.is_external(e.atom)))
        };
        candidates().next()?;
        let read_facts: HashSet<AtomId> = (self.rules.iter())
            .filter(|r| r.body.is_empty())
            .filter_map(|r| match r.head {
                Head::Atom(a) => Some(a),
                _ => None,
            })
            .collect();
        let fact = |a: AtomId| self.is_fact(a) || read_facts.contains(&a);
        let d = candidates().find(|d| Self::satisfied_by(d, fact))?;
        let externals = || {
            d.elems
                .iter()
                .map(|e| e.atom)
                .filter(|&a| self.is_external(a))
        };
        externals()
            .find(|&a| !fact(a))
            .or_else(|| externals().next())
    }

    /// An `#external` atom no rule defines, in a program where clingo's grounder may have
    /// written a rule instance that aspsat's grounder left out
    /// ([`Self::instances_gringo_may_write`]): that instance would end its status where it
    /// defines the atom, and where its head is in another rule's body or condition, that
    /// rule's instances may define it (`{p(1) : q(_); r}.` beside
    /// `q(a) :- not #count{1 : r} > 0.` with r a fact in q's component:
    /// external_support_check seed 95). Which, the ground program does not tell: any such
    /// external is refused.
    pub fn external_maybe_written_by_gringo(&self) -> Option<AtomId> {
        if !self.instances_gringo_may_write {
            return None;
        }
        let defined = self.defined_by_rules();
        (self.externals.iter().map(|&(a, _)| a)).find(|&a| !defined[a.0 as usize])
    }

    /// An `#external` atom among the heads of a disjunction whose plain head aspsat's grounder
    /// leaves open but that holds once grounding is done ([`Self::true_in_the_end`]: `r :-
    /// d(2), not q(2).` where no rule defines q(2), in a component with the disjunction):
    /// gringo may have derived that head as a fact before it wrote the disjunction (clasp then
    /// drops the disjunction as satisfied, and the atom stays external) or may have left it
    /// open as aspsat does, by the order in which it grounds the statements, which aspsat does
    /// not model (`r ; q(1) : d(W) ; p(X) :- d(X), not r.` beside that rule keeps the
    /// external p(1) in clingo 5.8.3 when the external's body reads r, and not when it is
    /// `#external p(1).`: differential seed 5029 #479). To be refused.
    pub fn external_maybe_satisfied_by_gringo(&self) -> Option<AtomId> {
        let candidates: Vec<&Disjunction> = (self.disjunctions.iter())
            .filter(|d| d.elems.iter().any(|e| self.is_external(e.atom)))
            .filter(|d| !Self::satisfied_by(d, |a| self.is_fact(a)))
            .collect();
        if candidates.is_empty() {
            return None;
        }
        let holds = self.true_in_the_end();
        let d =
            (candidates.into_iter()).find(|d| Self::satisfied_by(d, |a| holds[a.0 as usize]))?;
        let externals = || (d.elems.iter().map(|e| e.atom)).filter(|&a| self.is_external(a));
        externals()
            .find(|&a| !holds[a.0 as usize])
            .or_else(|| externals().next())
    }

    /// `holds[a]`: atom `a` is a fact, or the head of a normal rule whose body literals all
    /// hold once grounding is done ([`Self::value_in_the_end`]), positive ones also over such
    /// heads, negated ones among those gringo may decide early
    /// ([`Self::maybe_decided_by_gringo`]): true in every answer set, and maybe a fact for
    /// gringo where aspsat's grounder did not know it.
    fn true_in_the_end(&self) -> Vec<bool> {
        let gringo_open = |l: &Lit| !self.maybe_decided_by_gringo.contains_key(l);
        // (gringo completes a disjunction it writes last only once the step is grounded, so
        // no rule shifted from one makes a fact for it: `r : not q(Y) | q(X) :- d(X), d(Y).`
        // has `#delayed(2) <=> q(2)` with `#delayed(2).`)
        let completed_last: HashSet<Rule> = (self.disjunctions.iter())
            .filter(|d| d.written_last)
            .flat_map(|d| d.shifted_rules())
            .collect();
        let mut holds: Vec<bool> = self.facts.clone();
        let mut queue: Vec<AtomId> = Vec::new();
        // per rule waiting for body atoms: its head and how many it still waits for
        let mut waiting: Vec<(AtomId, usize)> = Vec::new();
        let mut waiters: HashMap<AtomId, Vec<usize>> = HashMap::new();
        for r in &self.rules {
            let Head::Atom(head) = r.head else {
                continue;
            };
            if completed_last.contains(r) {
                continue;
            }
            let mut pending: Vec<AtomId> = Vec::new();
            let all_hold = r.body.iter().all(|b| match b {
                // (a negated literal the grounder left open that gringo leaves open too is
                // not known to gringo either)
                BodyElem::Lit(l) if l.polarity != Polarity::Pos && gringo_open(l) => false,
                BodyElem::Lit(l) => match self.value_in_the_end(l) {
                    Some(value) => value,
                    None if l.polarity == Polarity::Pos => {
                        pending.push(l.atom);
                        true
                    }
                    None => false,
                },
                _ => false,
            });
            if !all_hold || holds[head.0 as usize] {
                continue;
            }
            pending.sort_unstable();
            pending.dedup();
            if pending.is_empty() {
                holds[head.0 as usize] = true;
                queue.push(head);
                continue;
            }
            for &b in &pending {
                waiters.entry(b).or_default().push(waiting.len());
            }
            waiting.push((head, pending.len()));
        }
        while let Some(b) = queue.pop() {
            for &w in waiters.get(&b).into_iter().flatten() {
                let (head, count) = &mut waiting[w];
                *count -= 1;
                if *count == 0 && !holds[head.0 as usize] {
                    holds[head.0 as usize] = true;
                    queue.push(*head);
                }
            }
        }
        holds
    }

    /// An `#external` atom whose status clasp decides by the order of clingo's output
    /// statements (see [`GroundProgram::clasp_read_drops`]), to be refused.
    pub fn order_dependent_external(&self) -> Option<AtomId> {
        self.clasp_read_drops().order_dependent.first().copied()
    }

    /// Drops the rules of `#external` atoms that clasp drops while reading (see
    /// [`GroundProgram::clasp_read_drops`]); their bodies are false in every answer set, so
    /// only whether the atom stays external changes.
    pub fn drop_rules_clasp_drops(&mut self) {
        if self.externals.is_empty() {
            return;
        }
        let ClaspReading {
            dropped,
            headless,
            dropped_elements,
            ..
        } = self.clasp_read_drops();
        for (i, a) in dropped_elements {
            if let Head::Choice { elems, .. } = &mut self.rules[i].head {
                elems.retain(|e| e.atom != a);
            }
        }
        let late = self.late_shifted();
        let negating: Vec<usize> = (0..self.rules.len())
            .filter(|&i| headless[i] || self.negates_external_head(i, &late))
            .collect();
        for i in negating {
            self.rules[i].head = Head::None;
        }
        if !dropped.contains(&true) {
            return;
        }
        let rules = std::mem::take(&mut self.rules);
        let shifted = std::mem::take(&mut self.shifted);
        for (i, r) in rules.into_iter().enumerate() {
            if !dropped[i] {
                self.rules.push(r);
                if let Some(&flag) = shifted.get(i) {
                    self.shifted.push(flag);
                }
            }
        }
    }

    /// What clasp drops as tautologies of `#external` atoms' rules before it reads the
    /// program, so that they do not end the atom's external status: `a :- a, …` (`#external
    /// q. [true]  q :- q.` keeps `q` external in clingo), a disjunction without conditions
    /// with one of its heads in its positive body (`q ; s :- q, t.`: the disjunction and the
    /// rules it was shifted into), and choice elements that choose the atom under itself or
    /// under its negation (below). [`GroundProgram::drop_external_tautologies`] drops them;
    /// `clasp_read_drops` counts them as defining nothing.
    fn external_tautologies(&self) -> ExternalTautologies {
        let mut verdict = ExternalTautologies {
            disjunctions: vec![false; self.disjunctions.len()],
            rules: vec![false; self.rules.len()],
            elements: vec![Vec::new(); self.rules.len()],
        };
        if self.externals.is_empty() {
            return verdict;
        }
        let positive = |lits: &[BodyElem], a: AtomId| {
            lits.iter().any(
                |b| matches!(b, BodyElem::Lit(l) if l.atom == a && l.polarity == Polarity::Pos),
            )
        };
        // Tautological disjunctions with an external head, and the rules shifted from them.
        let mut shifted_away: HashSet<Rule> = HashSet::new();
        for (k, d) in self.disjunctions.iter().enumerate() {
            let heads_external = d.elems.iter().any(|e| self.is_external(e.atom));
            // (gringo translates a disjunction with a condition or a conjunction differently,
            // through auxiliary atoms whose rules clasp keeps: `q ; s : t :- q.` and `q(1;1) ;
            // s :- q(1).` end `q(1)`'s status in clingo)
            let plain = !d.through_auxiliary && d.elems.iter().all(|e| e.cond.is_empty());
            let tautology = plain && d.members.iter().any(|&m| positive(&d.body, m));
            // One gringo writes last, after every fact, with a fact among its heads: clasp
            // reads it satisfied and drops it (`p(Z) : d(Z) ; r.` beside `p(1) :- d(Y).`
            // keeps the external r true: differential seed 3203 #79). One written before the
            // fact is refused ([`GroundProgram::external_satisfied_later`]).
            let satisfied = d.written_last && self.satisfied_when_written_last(d);
            if heads_external && (tautology || satisfied) {
                verdict.disjunctions[k] = true;
                shifted_away.extend(d.shifted_rules());
            }
        }
        for (i, r) in self.rules.iter().enumerate() {
            let is_shifted = self.shifted.get(i).copied();
            if let Head::Choice { elems, guards } = &r.head {
                verdict.elements[i] = self.tautological_choice_elements(r, elems, guards);
            }
            verdict.rules[i] = match &r.head {
                _ if is_shifted.unwrap_or(false) => shifted_away.contains(r),
                Head::Atom(a) => self.is_external(*a) && positive(&r.body, *a),
                // (a choice element `{q ; r} :- q.` is one too in clingo, but the ground
                // program does not tell a choice from the choice gringo makes of a head
                // aggregate with bounds, `#sum{1:q; 1:r} <= 3 :- q.`, which ends `q`'s status)
                _ => false,
            };
        }
        verdict
    }

    /// Per element of the choice `r` (`elems` with `guards`), whether clasp drops it as a
    /// tautology of an `#external` atom.
    fn tautological_choice_elements(
        &self,
        r: &Rule,
        elems: &[ChoiceElem],
        guards: &[CountGuard],
    ) -> Vec<bool> {
        // A choice element of an external atom conditioned on that atom alone, in a choice
        // without bounds or body: gringo writes `{q} :- q.`, which clasp drops (`#external q.
        // [true]  {q : q}.` has `q` true in clingo; other shapes are refused or end the status:
        // [`GroundProgram::self_chosen_external`]).
        let mut dropped: Vec<bool> = (elems.iter())
            .map(|e| {
                guards.is_empty()
                    && r.body.is_empty()
                    && e.cond == [Lit::pos(e.atom)]
                    && self.is_external(e.atom)
            })
            .collect();
        // An external atom chosen by a choice without bounds whose body has its negation:
        // clasp takes it out of the head (as from `a :- not a.`, see
        // [`GroundProgram::negates_external_head`]), so it stays external (`#external p.
        // [free]  {p} :- not p.` has {} and {p} in clingo; gringo translates a choice with
        // bounds, or with a condition, through auxiliary atoms, and there the rule ends the
        // status: `{r; p : d} :- not r.` has only {} for the external `r`, differential
        // seed 2033 #559).
        // An element's condition: a lone element's is in the body for gringo (`{p : not
        // p}.` is `{p} :- not p.`; differential seed 3108 #615); through a head aggregate,
        // an element's rule has its condition when it is one literal (`{p : not p; r}.`
        // has `{p} :- #delayed, not p.`, p stays external), an auxiliary atom otherwise.
        // (Which elements are left after the ones above decides whether one is lone.)
        let left = || {
            (elems.iter().zip(&dropped))
                .filter(|(_, d)| !**d)
                .map(|(e, _)| e)
        };
        let lone = left().count() == 1;
        let through_aggregate =
            self.aggregate_choices.contains(r) || !lone && left().any(|e| !e.cond.is_empty());
        // With bounds, gringo always goes through a head aggregate (`{p : not p} < 1.`
        // keeps the external p true; differential seed 4318 #290); such an element never
        // counts (its atom and its condition never hold together), so dropping it leaves
        // the bounds as they were.
        let bounded = !guards.is_empty();
        let negated = |e: &ChoiceElem| {
            let not = Lit::not(e.atom);
            if through_aggregate || bounded {
                e.cond == [not]
            } else {
                r.body.contains(&BodyElem::Lit(not)) || lone && e.cond.contains(&not)
            }
        };
        for (e, d) in elems.iter().zip(&mut dropped) {
            *d |= self.is_external(e.atom) && negated(e);
        }
        dropped
    }

    /// Drops what [`GroundProgram::external_tautologies`] finds clasp drops.
    pub fn drop_external_tautologies(&mut self) {
        if self.externals.is_empty() {
            return;
        }
        let verdict = self.external_tautologies();
        let disjunctions = std::mem::take(&mut self.disjunctions);
        self.disjunctions = (disjunctions.into_iter().zip(&verdict.disjunctions))
            .filter(|(_, dropped)| !**dropped)
            .map(|(d, _)| d)
            .collect();
        let rules = std::mem::take(&mut self.rules);
        let shifted = std::mem::take(&mut self.shifted);
        for (i, mut r) in rules.into_iter().enumerate() {
            // (taken out and put back as changed below, so that `clasp_read_drops` finds it)
            let written_through_aggregate = self.aggregate_choices.remove(&r);
            if let Head::Choice { elems, .. } = &mut r.head {
                let mut dropped = verdict.elements[i].iter();
                elems.retain(|_| !dropped.next().copied().unwrap_or(false));
            }
            if !verdict.rules[i] {
                if written_through_aggregate {
                    self.aggregate_choices.insert(r.clone());
                }
                self.rules.push(r);
                if let Some(&flag) = shifted.get(i) {
                    self.shifted.push(flag);
                }
            }
        }
    }

    /// The external atoms no rule defines, with their default values.
    pub fn open_externals(&self) -> Vec<(AtomId, ExternalValue)> {
        let defined = self.defined_by_rules();
        self.externals
            .iter()
            .filter(|(a, _)| !defined[a.0 as usize] && !self.is_fact(*a))
            .copied()
            .collect()
    }

    /// Atoms that are neither facts nor underivable: the ones the solver decides.
    pub fn open_atoms(&self) -> impl Iterator<Item = AtomId> + '_ {
        (0..self.atoms.len() as u32)
            .map(AtomId)
            .filter(|&a| self.is_derivable(a) && !self.is_fact(a))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `lit : cond` over atoms 0 (a) and 1 (b).
    fn instance(lit: (u32, Polarity), cond: &[(u32, Polarity)]) -> CondInstance {
        let l = |(atom, polarity): (u32, Polarity)| Lit {
            atom: AtomId(atom),
            polarity,
        };
        CondInstance {
            lit: l(lit),
            cond: cond.iter().copied().map(l).collect(),
        }
    }

    #[test]
    fn tautological_conditional_instances() {
        use Polarity::{Not, NotNot, Pos};
        let (a, b) = (0, 1);
        // the condition implies the literal
        assert!(instance((a, Pos), &[(a, Pos), (b, Pos)]).is_tautology());
        assert!(instance((a, NotNot), &[(a, Pos)]).is_tautology());
        assert!(instance((a, NotNot), &[(a, NotNot)]).is_tautology());
        assert!(instance((a, Not), &[(b, Pos), (a, Not)]).is_tautology());
        // the condition never holds
        assert!(instance((b, Pos), &[(a, Pos), (a, Not)]).is_tautology());
        assert!(instance((b, Pos), &[(a, NotNot), (a, Not)]).is_tautology());
        // neither: in the reduct `not not a` is a constant and `a` is not
        assert!(!instance((a, Pos), &[(a, NotNot)]).is_tautology());
        assert!(!instance((a, Not), &[(a, Pos)]).is_tautology());
        assert!(!instance((a, Pos), &[(b, Pos)]).is_tautology());
        assert!(!instance((b, Pos), &[(a, Pos), (a, NotNot)]).is_tautology());
    }
}
