//! The grounder's intermediate form: rules as the compiler produces them and the planner and the
//! instantiation read them. Variables are numbered per rule ([`VarId`]), predicates are interned
//! in a [`PredTable`], and every condition (of a conditional literal, an aggregate element or a
//! head element) has a number per rule ([`CondId`]) under which the planner files its plan.

use super::term::{CTerm, VarId};
use crate::symbol::{Signature, Sym, SymbolTable};
use crate::syntax::ast::{AggFunc, CmpOp, Sign, Span};
use std::collections::HashMap;

pub type PredId = usize;

/// The number of a [`Condition`] within its rule: `0..Rule::num_conditions`.
pub type CondId = usize;

#[derive(Clone, Debug)]
pub struct Atom {
    pub pred: PredId,
    pub args: Vec<CTerm>,
}

impl Atom {
    /// Whether the two atoms are written alike (see [`CTerm::same`]).
    pub fn same(&self, other: &Atom) -> bool {
        self.pred == other.pred
            && self.args.len() == other.args.len()
            && self.args.iter().zip(&other.args).all(|(s, t)| s.same(t))
    }

    /// The arguments' values when every argument is a value as written (no variable, no
    /// arithmetic).
    pub fn constant_args(&self) -> Option<Vec<Sym>> {
        self.args
            .iter()
            .map(|t| match t {
                CTerm::Sym(s) => Some(*s),
                _ => None,
            })
            .collect()
    }
}

/// A stage of grounding a component of the predicate dependency graph: its rules split into
/// the strongly connected components of gringo's statement dependencies, grounded one after
/// the other (see `schedule`). `UNSETTLED`: no stage (the literal is decided once its
/// predicate is complete).
pub type Stage = u32;
pub const UNSETTLED: Stage = Stage::MAX;

#[derive(Clone, Debug)]
pub enum Lit {
    Atom {
        sign: Sign,
        atom: Atom,
        /// From which stage of its rule's component on every atom the literal can match is
        /// known: gringo decides it then (a "stratified" occurrence), although other atoms of
        /// its predicate may still be derived (`s :- not q(1). q(5) :- not s.` decides `q(1)`).
        settled_from: Stage,
        /// Whether a rule that may give it atoms shares its stage but lies in another of
        /// gringo's positive parts, which aspsat grounds as one stage with this rule (see
        /// `stages::components`): gringo may decide a negated literal that aspsat leaves open.
        merged: bool,
    },
    Cmp {
        op: CmpOp,
        lhs: CTerm,
        rhs: CTerm,
    },
    /// `var = lo..hi`
    Range {
        var: VarId,
        lo: CTerm,
        hi: CTerm,
        span: Span,
        /// Not written: the bounds comparisons give `var` (see `linear_bounds`).
        implied: bool,
    },
    Bool(bool),
}

impl Lit {
    /// Whether both are atom literals with the same sign, written alike (positions aside).
    pub fn same_atom_literal(&self, other: &Lit) -> bool {
        match (self, other) {
            (
                Lit::Atom {
                    sign: sa, atom: x, ..
                },
                Lit::Atom {
                    sign: sb, atom: y, ..
                },
            ) => sa == sb && x.same(y),
            _ => false,
        }
    }

    /// A negated atom literal that gringo may decide over another of its positive parts
    /// before its rule (`merged`), where aspsat leaves it open.
    pub fn maybe_decided_by_gringo(&self) -> bool {
        matches!(self, Lit::Atom { merged: true, sign, .. } if *sign != Sign::Pos)
    }

    /// An atom literal decided from the first stage of its rule's component: all its atoms
    /// come from earlier components.
    pub fn over_earlier_component(&self) -> bool {
        matches!(
            self,
            Lit::Atom {
                settled_from: 0,
                ..
            }
        )
    }

    pub fn vars(&self) -> Vec<VarId> {
        let mut v = Vec::new();
        match self {
            Lit::Atom { atom, .. } => atom.args.iter().for_each(|a| a.collect_vars(&mut v)),
            Lit::Cmp { lhs, rhs, .. } => {
                lhs.collect_vars(&mut v);
                rhs.collect_vars(&mut v);
            }
            Lit::Range { var, lo, hi, .. } => {
                v.push(*var);
                lo.collect_vars(&mut v);
                hi.collect_vars(&mut v);
            }
            Lit::Bool(_) => {}
        }
        v
    }
}

/// A conjunction that is instantiated for each binding of its local variables: the condition of
/// a conditional literal, of an aggregate element or of a head element.
#[derive(Clone, Debug)]
pub struct Condition {
    pub id: CondId,
    pub lits: Vec<Lit>,
    /// The positions in `lits` of literals that only restrict the instances to the atoms of
    /// their predicates' domains and add nothing to an instance's ground condition: the
    /// literals of a lone choice element that gringo moves into the body before an aggregate,
    /// whose elements it then joins with them (see `plan::join_moved_element`).
    pub domain_only: Vec<usize>,
}

/// A literal or atom that stands for its instances over its own local condition: the range
/// literals of the intervals written in it. An alternative of a conditional body literal (one
/// instance of one alternative must hold) or a head of a disjunction element (every instance
/// of every head must hold); see [`super::unpool`].
#[derive(Clone, Debug)]
pub struct Local<T> {
    pub item: T,
    pub cond: Condition,
}

#[derive(Clone, Debug)]
pub enum Body {
    Lit(Lit),
    /// `l1 ; ... ; ln : cond` (the alternatives of a pool in the literal): for every instance
    /// of `cond`, one of the alternatives holds.
    Conditional {
        alts: Vec<Local<Lit>>,
        cond: Condition,
        /// The conditional literal as written (unsafe variables in it are reported there).
        span: Span,
        /// A head element moved into the body (`a ; not b : c`): gringo writes an instance
        /// whose literal is false and whose condition is one positive literal `c` as the plain
        /// literal `not c` (a body conditional gets an auxiliary atom).
        moved_head: bool,
    },
    Aggregate(Aggregate),
}

/// Element `t1,...,tn : cond` of a body aggregate.
#[derive(Clone, Debug)]
pub struct AggElem {
    pub terms: Vec<CTerm>,
    pub cond: Condition,
}

#[derive(Clone, Debug)]
pub struct Aggregate {
    pub sign: Sign,
    pub func: AggFunc,
    pub elems: Vec<AggElem>,
    /// `agg op term` for each guard.
    pub guards: Vec<(CmpOp, CTerm)>,
    /// Variables of the aggregate that also occur outside it (the assigned variable of
    /// `X = #agg{...}` excepted): bound before it is evaluated.
    pub globals: Vec<VarId>,
    pub span: Span,
}

impl Aggregate {
    pub fn vars(&self) -> Vec<VarId> {
        let mut v = Vec::new();
        for e in &self.elems {
            e.terms.iter().for_each(|t| t.collect_vars(&mut v));
            e.cond.lits.iter().for_each(|l| v.extend(l.vars()));
        }
        self.guards.iter().for_each(|(_, t)| t.collect_vars(&mut v));
        v.sort_unstable();
        v.dedup();
        v
    }

    /// Whether the aggregate holds whatever its elements, as gringo sees at once: a positive
    /// `#count` or `#sum+` whose guards are all lower bounds its empty value 0 satisfies
    /// (`#count{...} > -1`, `0 <= #sum+{...}`). gringo does not wait for its elements in a
    /// recursive component (`#sum{...} >= 0`, with weights of any sign, it does; and with an
    /// upper bound or `!=` too, clingo 5.8.3 shows).
    pub fn holds_at_once(&self, syms: &SymbolTable) -> bool {
        self.sign == Sign::Pos
            && matches!(self.func, AggFunc::Count | AggFunc::SumPlus)
            && !self.guards.is_empty()
            && self.guards.iter().all(|(op, t)| {
                let bound = match t {
                    CTerm::Sym(s) => syms.as_int(*s),
                    _ => None,
                };
                match (op, bound) {
                    (CmpOp::Ge, Some(b)) => b <= 0,
                    (CmpOp::Gt, Some(b)) => b < 0,
                    _ => false,
                }
            })
    }

    /// The variable an `X = #agg{...}` guard can assign, if the guard has that shape and the
    /// variable does not occur in the elements.
    pub fn assignable_var(&self) -> Option<(usize, VarId)> {
        if self.sign != Sign::Pos {
            return None;
        }
        let mut in_elems = Vec::new();
        for e in &self.elems {
            e.terms.iter().for_each(|t| t.collect_vars(&mut in_elems));
            e.cond.lits.iter().for_each(|l| in_elems.extend(l.vars()));
        }
        self.guards
            .iter()
            .enumerate()
            .find_map(|(i, (op, t))| match (op, t) {
                (CmpOp::Eq, CTerm::Var(v)) if !in_elems.contains(v) => Some((i, *v)),
                _ => None,
            })
    }
}

/// An element of a choice rule, head aggregate or disjunction: `atom : cond`.
#[derive(Clone, Debug)]
pub struct ChoiceElem {
    pub atom: Atom,
    /// The tuple of a head aggregate element (`t1,...,tn : atom : cond`); plain choice
    /// elements count their atom.
    pub terms: Option<Vec<CTerm>>,
    /// A counted element (`not a`, a comparison: see `counted_element` in the parser): its
    /// `atom` is the `#true` marker and is not chosen; the element counts towards the bounds
    /// when its condition (the literal first) holds.
    pub counted: bool,
    pub cond: Condition,
}

/// An element `h1 & ... & hn : cond` of a disjunction (a pool or an interval in the atom makes
/// several heads): it holds when its condition and all its heads do. Without heads (all
/// undefined, or empty intervals) it holds whenever its condition does.
#[derive(Clone, Debug)]
pub struct DisjElem {
    pub heads: Vec<Local<Atom>>,
    pub cond: Condition,
}

/// Which element instances of a head aggregate clingo keeps, by the shape of the aggregate
/// after unpooling (gringo's `rewriteAggregates` and `toGround` of head aggregates).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TupleCheck {
    /// A choice rule: elements without tuples, each counting its atom.
    Choice,
    /// Bounds, or an element with a condition (or an interval, which becomes one): an element
    /// is dropped when a tuple term is undefined, its `#sum`/`#sum+` weight is not an integer
    /// or its tuple is empty (but for `#count`).
    Full,
    /// No bounds and one element: clingo moves the tuple and the condition into the body
    /// (`{a} :- body, cond, w+0 <= w`): dropped when a term is undefined or a `#sum`/`#sum+`
    /// weight is not an integer; an empty tuple is fine.
    Single,
    /// No bounds, several elements, none with a condition: a plain choice of the atoms; only
    /// an undefined tuple term drops an element.
    Simple,
}

#[derive(Clone, Debug)]
pub enum Head {
    None,
    Atom(Atom),
    /// A choice rule (`func` is `Count` and elements have no terms) or a head aggregate.
    Choice {
        func: AggFunc,
        elems: Vec<ChoiceElem>,
        guards: Vec<(CmpOp, CTerm)>,
        tuples: TupleCheck,
    },
    /// `a ; b : c`: one of the elements holds.
    Disjunction(Vec<DisjElem>),
    /// `#show t : body.`
    ShowTerm(CTerm),
    /// `#external atom : body. [value]`: the body only selects the instances; the value is a
    /// term evaluated per instance (`#external a(X) : p(X). [X]`; `false` when not written).
    External {
        atom: Atom,
        value: CTerm,
    },
    /// `#edge (u,v) : body.`: the edge is in the graph when the body holds.
    Edge(CTerm, CTerm),
    /// `#project atom : body.`
    Project(Atom),
    /// Terms checked for safety in a rule whose instances are dropped (`#heuristic`, which
    /// clingo ignores without `--heuristic=Domain`).
    Ignored(Vec<CTerm>),
    /// An element of `#minimize`/`#maximize` or a weak constraint: the body is its condition.
    Cost {
        weight: CTerm,
        priority: Option<CTerm>,
        terms: Vec<CTerm>,
    },
}

impl Head {
    /// Whether the statement shows which atoms gringo's domain has beyond the answer sets: an
    /// `#external` (its declarations and status) or an optimization statement (its priority
    /// levels, whether its elements exist); no other statement does, as an atom no rule
    /// derives is false either way.
    pub fn shows_domain(&self) -> bool {
        matches!(self, Head::External { .. } | Head::Cost { .. })
    }

    /// Every variable of the head, its element conditions included.
    pub fn vars(&self) -> Vec<VarId> {
        let mut v = Vec::new();
        match self {
            Head::None => {}
            Head::Atom(a) => a.args.iter().for_each(|t| t.collect_vars(&mut v)),
            Head::ShowTerm(t) => t.collect_vars(&mut v),
            Head::External { atom: a, value } => {
                a.args.iter().for_each(|t| t.collect_vars(&mut v));
                value.collect_vars(&mut v);
            }
            Head::Project(a) => a.args.iter().for_each(|t| t.collect_vars(&mut v)),
            Head::Edge(x, y) => {
                x.collect_vars(&mut v);
                y.collect_vars(&mut v);
            }
            Head::Ignored(terms) => terms.iter().for_each(|t| t.collect_vars(&mut v)),
            Head::Cost {
                weight,
                priority,
                terms,
            } => {
                weight.collect_vars(&mut v);
                priority.iter().for_each(|p| p.collect_vars(&mut v));
                terms.iter().for_each(|t| t.collect_vars(&mut v));
            }
            Head::Disjunction(elems) => {
                for e in elems {
                    for h in &e.heads {
                        h.item.args.iter().for_each(|t| t.collect_vars(&mut v));
                        h.cond.lits.iter().for_each(|l| v.extend(l.vars()));
                    }
                    e.cond.lits.iter().for_each(|l| v.extend(l.vars()));
                }
            }
            Head::Choice { elems, guards, .. } => {
                for e in elems {
                    e.atom.args.iter().for_each(|t| t.collect_vars(&mut v));
                    for t in e.terms.iter().flatten() {
                        t.collect_vars(&mut v);
                    }
                    e.cond.lits.iter().for_each(|l| v.extend(l.vars()));
                }
                guards.iter().for_each(|(_, t)| t.collect_vars(&mut v));
            }
        }
        v
    }

    /// The head's variables that are global to the rule: those of a head atom, a shown term,
    /// an optimization element or a guard. Variables of choice, aggregate and disjunction
    /// elements are local to their element unless the body binds them too.
    pub fn global_vars(&self) -> Vec<VarId> {
        match self {
            Head::Disjunction(_) => Vec::new(),
            Head::Choice { guards, .. } => {
                let mut v = Vec::new();
                guards.iter().for_each(|(_, t)| t.collect_vars(&mut v));
                v
            }
            _ => self.vars(),
        }
    }
}

/// A rule variable's name and where it first occurs (for safety errors). Variables the
/// compiler introduces have names starting with `#` (interval variables) or are `_`.
#[derive(Clone, Debug)]
pub struct Var {
    pub name: String,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Rule {
    pub head: Head,
    pub body: Vec<Body>,
    /// Indexed by [`VarId`].
    pub vars: Vec<Var>,
    /// Conditions are numbered `0..num_conditions`.
    pub num_conditions: usize,
    pub span: Span,
    /// A disjunction gringo grounds as a plain rule: as written (pools expanded, before its
    /// simplification removes undefined heads), every element has one head at most and no
    /// condition (see `satisfied_heads`).
    pub plain_disjunction: bool,
    /// A head element with a condition moved into the body (`not a : c`, `#false : c`), after
    /// gringo's simplification: gringo still grounds the head as a disjunction with a
    /// condition (`#delayed`), though no element of [`Head::Disjunction`] has one.
    pub head_element_moved: bool,
}

impl Rule {
    pub fn num_vars(&self) -> usize {
        self.vars.len()
    }

    /// The conditions of its head elements (of a choice or a disjunction), in order.
    pub fn head_conditions(&self) -> Vec<&Condition> {
        match &self.head {
            Head::Choice { elems, .. } => elems.iter().map(|e| &e.cond).collect(),
            Head::Disjunction(elems) => elems.iter().map(|e| &e.cond).collect(),
            _ => Vec::new(),
        }
    }

    pub fn head_preds(&self) -> Vec<PredId> {
        match &self.head {
            Head::Atom(a) | Head::External { atom: a, .. } => vec![a.pred],
            Head::Choice { elems, .. } => elems
                .iter()
                .filter(|e| !e.counted)
                .map(|e| e.atom.pred)
                .collect(),
            Head::Disjunction(elems) => elems
                .iter()
                .flat_map(|e| e.heads.iter().map(|h| h.item.pred))
                .collect(),
            Head::None
            | Head::ShowTerm(_)
            | Head::Cost { .. }
            | Head::Edge(..)
            | Head::Ignored(_)
            | Head::Project(_) => Vec::new(),
        }
    }

    /// The atom literals the rule's instantiation has to wait for, with the stage each is
    /// settled from: the conditions of conditional literals and choice and disjunction
    /// elements (enumerated when the rule is instantiated), the element conditions of body
    /// aggregates, and the positive literals of conditional body literals (`q(X) : d(X)`: a
    /// literal clingo's grounder has not derived yet makes its instance false for now). Not
    /// those of an aggregate that holds at once ([`Aggregate::holds_at_once`]).
    pub fn awaited_atoms(&self, syms: &SymbolTable) -> Vec<(PredId, Stage)> {
        let mut out = Vec::new();
        let add = |c: &Condition, out: &mut Vec<(PredId, Stage)>| {
            for l in &c.lits {
                if let Lit::Atom {
                    atom, settled_from, ..
                } = l
                {
                    out.push((atom.pred, *settled_from));
                }
            }
        };
        for b in &self.body {
            match b {
                Body::Conditional { alts, cond, .. } => {
                    add(cond, &mut out);
                    for a in alts {
                        if let Lit::Atom {
                            sign: Sign::Pos,
                            atom,
                            settled_from,
                            ..
                        } = &a.item
                        {
                            out.push((atom.pred, *settled_from));
                        }
                    }
                }
                Body::Aggregate(a) if a.holds_at_once(syms) => {}
                Body::Aggregate(a) => a.elems.iter().for_each(|e| add(&e.cond, &mut out)),
                Body::Lit(_) => {}
            }
        }
        match &self.head {
            Head::Choice { elems, .. } => elems.iter().for_each(|e| add(&e.cond, &mut out)),
            Head::Disjunction(elems) => elems.iter().for_each(|e| add(&e.cond, &mut out)),
            _ => {}
        }
        out
    }

    /// Every predicate in the body and conditions, with whether it occurs as a plain positive
    /// body literal (the occurrences that drive instantiation).
    pub fn body_preds(&self) -> Vec<(PredId, bool)> {
        let mut out = Vec::new();
        fn lit(l: &Lit, driving: bool, out: &mut Vec<(PredId, bool)>) {
            if let Lit::Atom { sign, atom, .. } = l {
                out.push((atom.pred, driving && *sign == Sign::Pos));
            }
        }
        for b in &self.body {
            match b {
                Body::Lit(l) => lit(l, true, &mut out),
                Body::Conditional { alts, cond, .. } => {
                    alts.iter().for_each(|a| lit(&a.item, false, &mut out));
                    cond.lits.iter().for_each(|c| lit(c, false, &mut out));
                }
                Body::Aggregate(a) => {
                    for e in &a.elems {
                        e.cond.lits.iter().for_each(|c| lit(c, false, &mut out));
                    }
                }
            }
        }
        match &self.head {
            Head::Choice { elems, .. } => {
                for e in elems {
                    e.cond.lits.iter().for_each(|c| lit(c, false, &mut out));
                }
            }
            Head::Disjunction(elems) => {
                for e in elems {
                    e.cond.lits.iter().for_each(|c| lit(c, false, &mut out));
                }
            }
            _ => {}
        }
        out
    }
}

/// One step of a join plan. A body is evaluated step by step; each step either matches a
/// positive atom against the atoms derived so far (binding variables), binds variables by
/// assignment, range or aggregate, or tests a literal whose variables are all bound. Literal
/// indices are positions in the conjunction the plan was made for (the rule body or a
/// condition's literals).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Match positive atom literal `lit` (against new atoms only when `delta`).
    Match { lit: usize, delta: bool },
    /// Check a literal whose variables are bound.
    Test(usize),
    /// `lhs = rhs` with one side ground under the binding: match the other side against it.
    Assign { lit: usize, pattern_is_lhs: bool },
    /// Enumerate `var = lo..hi`.
    Range(usize),
    /// `var = #agg{...}`: enumerate the aggregate's possible values (body item `item`, guard
    /// `guard` of it).
    AggAssign { item: usize, guard: usize },
}

/// Interns predicates by signature.
#[derive(Default)]
pub struct PredTable {
    pub sigs: Vec<Signature>,
    index: HashMap<Signature, PredId>,
}

impl PredTable {
    pub fn get(&mut self, sig: Signature) -> PredId {
        if let Some(&p) = self.index.get(&sig) {
            return p;
        }
        self.sigs.push(sig);
        self.index.insert(sig, self.sigs.len() - 1);
        self.sigs.len() - 1
    }
}
