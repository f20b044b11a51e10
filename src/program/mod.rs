//! The ground program: atoms are interned symbols, rules refer to atoms by [`AtomId`].
//!
//! The grounder produces it; [`simplify`] removes what is decided (facts, underivable atoms);
//! the translator turns the rest into CNF.

pub(crate) mod aggregate;
mod print;
mod simplify;

pub use simplify::simplify;

use crate::symbol::{Signature, Sym, SymbolTable};
pub use crate::syntax::ast::AggFunc;
use crate::syntax::ast::CmpOp;
use std::collections::HashSet;

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

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum BodyElem {
    Lit(Lit),
    /// A ground conditional literal: the conjunction of its instances. Instances whose condition
    /// and literal are decided were removed by the grounder.
    Conditional(Vec<CondInstance>),
    /// An aggregate literal; `polarity` is the default negation in front of it.
    Aggregate {
        polarity: Polarity,
        aggregate: Aggregate,
    },
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

/// One element of the objective: `weight@priority` is paid when `body` holds. Elements with
/// equal `tuple` (weight, priority and terms) are paid once (clingo's set semantics).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct CostElem {
    pub weight: i64,
    pub priority: i64,
    pub tuple: Sym,
    pub body: Vec<BodyElem>,
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
    /// `shifted[r]`: rule `r` only comes from shifting a disjunction (the program's text prints
    /// the disjunction instead). Rules appended after grounding have no entry.
    pub shifted: Vec<bool>,
    /// For each head predicate, a rule with an aggregate or conditional literal in its body that
    /// defines it: where errors about such bodies point.
    pub complex_rule_origins: std::collections::HashMap<Signature, crate::syntax::ast::Span>,
}

/// A ground disjunctive rule `a1 ; ... ; an :- body` as written (before shifting).
#[derive(Clone, Debug)]
pub struct Disjunction {
    pub elems: Vec<ChoiceElem>,
    pub body: Vec<BodyElem>,
    pub span: crate::syntax::ast::Span,
}

impl Disjunction {
    pub fn atoms(&self) -> Vec<AtomId> {
        let mut atoms: Vec<AtomId> = self.elems.iter().map(|e| e.atom).collect();
        atoms.sort();
        atoms.dedup();
        atoms
    }
}

impl GroundProgram {
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

    /// Atoms that are neither facts nor underivable: the ones the solver decides.
    pub fn open_atoms(&self) -> impl Iterator<Item = AtomId> + '_ {
        (0..self.atoms.len() as u32)
            .map(AtomId)
            .filter(|&a| self.is_derivable(a) && !self.is_fact(a))
    }
}
