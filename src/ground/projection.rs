//! gringo's projection of condition variables in conditional head literals.
//!
//! gringo grounds a disjunction element `h1 & ... & hn : cond` (a pool in the atom gives several
//! heads, an interval a head over a range) with one statement per head `hi`. That statement
//! enumerates the condition but reports only the distinct values of the variables it deems
//! *important*: those of the head atom (an interval in it counts as its fresh variable, not as
//! the variables of its bounds), the rule's global variables, and those of condition literals
//! that are not *positively stratified*: that depend on a definition not computed entirely by
//! normal rules from facts (whose atoms would be facts once grounded), where a literal depends
//! on the definitions whose heads it may unify with and on every one written after the rule
//! ([`Definitions::class`]). A negated head (`not p(Z) : d(Z)`) is no atom the element defines:
//! its variables count only as those of a condition literal. The other condition variables are
//! projected away: for each important binding only the first solution of the condition (in
//! gringo's order) is reported. The element a head joins is named by the condition variables
//! that occur in some head, so when a head does not mention such a variable it joins only the
//! element of that first solution:
//!
//! ```text
//! s(3;1;2).  q((Y;1)) : s(Y).     % elements q(3)&q(1) ; q(1) ; q(2): answer sets {q(1)}, {q(2)}
//! d(1;-1).   q(Z..0) : d(Z).      % only the element for Z=1 (empty conjunction): always true
//! ```
//!
//! This module finds, per head, the projected variables that name its element and the values
//! of gringo's first solution, which [`super::compile`] adds to the head's local condition
//! (`Y = 3` above) -- or to the element's condition when every head is restricted the same way
//! (the element then exists only for that solution). It computes the first solution from the
//! facts of the program in the order gringo stores them, and refuses (with the element's
//! position) the shapes where that order or the classification is not known here.

use super::compile::Compiler;
use super::ir::{self, Lit, PredId};
use super::term::{self, CTerm, EvalError, VarId};
use super::unpool::{self, expand_term};
use crate::symbol::{Sym, SymbolTable};
use crate::syntax::ast::*;
use std::collections::{BTreeSet, HashMap, HashSet};

/// What gringo knows about a predicate's atoms when it grounds a rule using it.
#[derive(Debug)]
pub enum Kind {
    /// Not positively stratified: some rule for it (or for a predicate it depends on) is a
    /// choice, disjunction, head aggregate, external, or has an aggregate or conditional
    /// literal in its body. Its literals make their variables important.
    Open,
    /// Positively stratified, defined only by facts whose order gringo's domain keeps is
    /// known: the facts, in that order.
    Facts(Vec<Fact>),
    /// Positively stratified, atoms in an order not followed here.
    Determined,
    /// Recursive or auxiliary: not classified here.
    Unknown,
}

/// The [`Kind`] of every predicate of a program part (predicates without rules have no atoms).
pub struct Definitions {
    /// By predicate as written (no predicate or name is interned before compilation: their
    /// numbering orders the ground program).
    kinds: HashMap<Key, Kind>,
    /// The head atoms of each predicate's rules (pools expanded).
    heads: HashMap<Key, Vec<HeadDef>>,
    /// The names `#const` defines: a head term of such a name may be anything.
    constants: HashSet<String>,
    /// The place in the part of each statement with a head.
    positions: HashMap<SpanKey, usize>,
    no_atoms: Kind,
}

impl Definitions {
    pub fn kind(&self, pred: PredId, preds: &ir::PredTable, syms: &SymbolTable) -> &Kind {
        let sig = preds.sigs[pred];
        let name = syms.name_str(sig.name);
        match self.kinds.get(&(name.to_string(), sig.arity, sig.negative)) {
            Some(k) => k,
            // auxiliary predicates (`#projN` of anonymous variables) have rules of their own
            None if name.starts_with('#') => &Kind::Unknown,
            None => &self.no_atoms,
        }
    }

    /// The heads of the predicate of `atom` (none without rules); `None` for an auxiliary
    /// predicate (`#projN` of anonymous variables), which has rules of its own.
    fn heads_of(
        &self,
        atom: &ir::Atom,
        preds: &ir::PredTable,
        syms: &SymbolTable,
    ) -> Option<&[HeadDef]> {
        let sig = preds.sigs[atom.pred];
        let name = syms.name_str(sig.name);
        if name.starts_with('#') {
            return None;
        }
        let key = (name.to_string(), sig.arity, sig.negative);
        Some(self.heads.get(&key).map_or(&[], Vec::as_slice))
    }

    /// Whether a condition literal over `atom` sees no atom of its predicate when gringo
    /// grounds it: no head of a statement defining it may unify with it (as gringo's
    /// dependency analysis matches terms; anything unclear may). `d(1..3). s(1, W..1) : not
    /// s(f(W),1), d(W).` sees none: its domain is empty then and W is projected (differential
    /// seed 73 #6); so it is with `s(1,2).` added, but not with `not s(W,1)` (clingo 5.8.3).
    pub fn sees_nothing(&self, atom: &ir::Atom, preds: &ir::PredTable, syms: &SymbolTable) -> bool {
        self.heads_of(atom, preds, syms)
            .is_some_and(|heads| !heads.iter().any(|h| h.unifies(atom, syms, &self.constants)))
    }

    /// How gringo classifies a condition literal over `atom` in statement `own`: by the heads
    /// it may unify with (its dependencies in gringo's analysis), not by its predicate as a
    /// whole: with `q(1) ; p((1;Y)) : d(Y), not q((Y,1)).`, `q((3,1)) :- d(_).` is the only
    /// rule `not q((Y,1))` depends on, so it is positively stratified and Y is projected
    /// although q also has a disjunctive rule (differential seed 218 #293). But a definition
    /// written after `own` counts whether it unifies or not (clingo 5.8.3: `{q(f)}.` before
    /// the disjunction leaves the literal positively stratified, after it does not).
    pub fn class(
        &self,
        atom: &ir::Atom,
        own: &Span,
        preds: &ir::PredTable,
        syms: &SymbolTable,
    ) -> Class {
        let Some(heads) = self.heads_of(atom, preds, syms) else {
            return Class::Unknown;
        };
        let own_position = self.positions.get(&span_key(own)).copied();
        let mut class = Class::Determined;
        for head in heads {
            if &head.statement == own {
                if head.unifies(atom, syms, &self.constants) {
                    class = Class::Open;
                }
            } else if head.unifies(atom, syms, &self.constants)
                || own_position.is_none_or(|p| head.position > p)
            {
                class = class.max(head.class);
            }
        }
        class
    }

    /// Whether `statements` have a disjunction or a negated head element with a condition, the
    /// only heads whose compilation reads the definitions: without one they are not built (they
    /// hold a copy of every fact).
    pub fn needed(statements: &[&Statement]) -> bool {
        let negated_head = |b: &BodyLit| {
            matches!(
                b,
                BodyLit::Conditional {
                    negated_head: true,
                    ..
                }
            )
        };
        statements.iter().any(|st| {
            matches!(st, Statement::Rule(r)
                if matches!(r.head, Head::Disjunction(_)) || r.body.iter().any(negated_head))
        })
    }

    /// Classifies the predicates defined by `statements` (one program part).
    pub fn build(statements: &[&Statement], compiler: &mut Compiler) -> Definitions {
        let defs = collect_definitions(statements);
        let mut keys: Vec<Key> = defs.iter().map(|d| d.key.clone()).collect();
        for d in &defs {
            if let Def::Normal(body) = &d.def {
                keys.extend(body.iter().map(|(k, _)| k.clone()));
            }
        }
        keys.sort();
        keys.dedup();
        let index: HashMap<&Key, usize> = keys.iter().enumerate().map(|(i, k)| (k, i)).collect();
        let mut edges = vec![Vec::new(); keys.len()];
        let mut open = vec![false; keys.len()];
        for d in &defs {
            let k = index[&d.key];
            match &d.def {
                Def::Other => open[k] = true,
                Def::Normal(body) => edges[k].extend(body.iter().map(|(b, _)| index[b])),
                Def::Fact { .. } => {}
            }
        }
        let unknown = propagate(&edges, &mut open);
        let mut kinds = HashMap::new();
        for (i, key) in keys.iter().enumerate() {
            let kind = if open[i] {
                Kind::Open
            } else if unknown[i] {
                Kind::Unknown
            } else {
                let facts: Vec<&Definition> = defs.iter().filter(|d| &d.key == key).collect();
                match facts_in_order(&facts, compiler) {
                    Some(rows) => Kind::Facts(rows),
                    None => Kind::Determined,
                }
            };
            kinds.insert(key.clone(), kind);
        }
        let constants: HashSet<String> = compiler
            .consts
            .values
            .keys()
            .chain(compiler.consts.undefined.keys())
            .cloned()
            .collect();
        let classes = classify_heads(&defs, &constants);
        let mut positions = HashMap::new();
        let mut heads: HashMap<Key, Vec<HeadDef>> = HashMap::new();
        for (d, class) in defs.into_iter().zip(classes) {
            positions.insert(span_key(&d.statement), d.position);
            heads.entry(d.key).or_default().push(HeadDef {
                position: d.position,
                statement: d.statement,
                term: d.head,
                class,
            });
        }
        Definitions {
            kinds,
            heads,
            constants,
            positions,
            no_atoms: Kind::Facts(Vec::new()),
        }
    }
}

/// Where a statement starts: it names the statement.
type SpanKey = (std::sync::Arc<str>, u32, u32);

fn span_key(span: &Span) -> SpanKey {
    (span.file.clone(), span.start_line, span.start_col)
}

/// One head atom of a program part (one alternative of its pools).
struct HeadDef {
    statement: Span,
    position: usize,
    term: Term,
    class: Class,
}

impl HeadDef {
    /// Whether a compiled atom of the same predicate may unify with this head.
    fn unifies(&self, atom: &ir::Atom, syms: &SymbolTable, constants: &HashSet<String>) -> bool {
        match &self.term {
            Term::Fun { args, .. } => {
                args.len() == atom.args.len()
                    && args
                        .iter()
                        .zip(&atom.args)
                        .all(|(a, t)| may_unify(t, a, syms, constants))
            }
            _ => true,
        }
    }
}

/// What gringo's dependency analysis makes of the atoms of a head, or of a literal depending
/// on heads (the greatest of theirs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Class {
    /// Positively stratified: computed by normal rules from facts, facts once grounded.
    Determined,
    /// Recursive (or auxiliary): not classified here.
    Unknown,
    /// Not positively stratified (a choice, disjunction, head aggregate, external, or a rule
    /// with an aggregate or conditional literal in its body, or depending on one).
    Open,
}

/// Components come dependencies first: a node is open when something it depends on is,
/// unknown when it is recursive or depends on an unknown one. Returns the unknown flags.
fn propagate(edges: &[Vec<usize>], open: &mut [bool]) -> Vec<bool> {
    let mut unknown = vec![false; edges.len()];
    for comp in crate::scc::tarjan(edges) {
        let recursive = comp.len() > 1 || edges[comp[0]].contains(&comp[0]);
        let reaches = |flags: &[bool]| comp.iter().any(|&k| edges[k].iter().any(|&d| flags[d]));
        let is_open = comp.iter().any(|&k| open[k]) || reaches(open);
        let is_unknown = !is_open && (recursive || reaches(&unknown));
        for &k in &comp {
            open[k] = is_open;
            unknown[k] = is_unknown;
        }
    }
    unknown
}

/// The [`Class`] of every definition's head, from a graph over the definitions: a normal
/// rule depends on the rules (not the facts: they are determined) whose heads its body atoms
/// may unify with, as gringo's dependency analysis links them.
fn classify_heads(defs: &[Definition], constants: &HashSet<String>) -> Vec<Class> {
    let mut rules_by_key: HashMap<&Key, Vec<usize>> = HashMap::new();
    for (i, d) in defs.iter().enumerate() {
        if !matches!(d.def, Def::Fact { .. }) {
            rules_by_key.entry(&d.key).or_default().push(i);
        }
    }
    let mut edges = vec![Vec::new(); defs.len()];
    let mut open = vec![false; defs.len()];
    for (i, d) in defs.iter().enumerate() {
        match &d.def {
            Def::Other => open[i] = true,
            Def::Normal(body) => {
                for (key, atom) in body {
                    for &j in rules_by_key.get(key).into_iter().flatten() {
                        if may_unify_written(atom, &defs[j].head, constants) {
                            edges[i].push(j);
                        }
                    }
                }
            }
            Def::Fact { .. } => {}
        }
    }
    let unknown = propagate(&edges, &mut open);
    (0..defs.len())
        .map(|i| {
            if open[i] {
                Class::Open
            } else if unknown[i] {
                Class::Unknown
            } else {
                Class::Determined
            }
        })
        .collect()
}

/// Whether two terms as written may unify: `false` only where they surely differ (see
/// [`may_unify`]; variables, arithmetic, intervals and constants match anything).
fn may_unify_written(a: &Term, b: &Term, constants: &HashSet<String>) -> bool {
    match (a, b) {
        (Term::Int(x), Term::Int(y)) => x == y,
        (Term::Str(x), Term::Str(y)) => x == y,
        (
            Term::Fun {
                name: n1,
                args: a1,
                negative: g1,
                ..
            },
            Term::Fun {
                name: n2,
                args: a2,
                negative: g2,
                ..
            },
        ) if a1.is_empty() == a2.is_empty() => {
            if a1.is_empty() {
                // two constants (or tuples `()`): unless `#const` may replace one
                let constant = |n: &String| !n.is_empty() && !constants.contains(n);
                return !(constant(n1) && constant(n2)) || (n1 == n2 && g1 == g2);
            }
            n1 == n2
                && g1 == g2
                && a1.len() == a2.len()
                && a1
                    .iter()
                    .zip(a2)
                    .all(|(x, y)| may_unify_written(x, y, constants))
        }
        _ => {
            // the kind of a term whose value's kind is known: number, string, #inf, #sup,
            // function (with arguments), constant
            let kind = |t: &Term| match t {
                Term::Int(_) => Some(0),
                Term::Str(_) => Some(1),
                Term::Inf => Some(2),
                Term::Sup => Some(3),
                Term::Fun { args, .. } if !args.is_empty() => Some(4),
                Term::Fun { name, .. } if !name.is_empty() && !constants.contains(name) => Some(5),
                _ => None,
            };
            match (kind(a), kind(b)) {
                (Some(x), Some(y)) => x == y,
                _ => true,
            }
        }
    }
}

/// Whether a term of a compiled atom may unify with a term as written in a head: `false` only
/// where they surely differ (different numbers, strings, function names or arities, a number
/// against a function); variables, arithmetic, intervals and the names of `constants` (which
/// `#const` replaces) match anything.
fn may_unify(t: &CTerm, head: &Term, syms: &SymbolTable, constants: &HashSet<String>) -> bool {
    use crate::symbol::SymData;
    enum Shape<'a> {
        Any,
        Num(i64),
        Str,
        Fun(&'a str, usize, bool),
        /// A symbolic constant: a function without arguments.
        Constant(&'a str, bool),
    }
    let head_shape = match head {
        Term::Int(n) => Shape::Num(*n),
        // (strings are not compared: their escapes differ between the two)
        Term::Str(_) => Shape::Str,
        Term::Fun {
            name,
            args,
            negative,
            ..
        } if !args.is_empty() => Shape::Fun(name, args.len(), *negative),
        Term::Fun { name, negative, .. } if !name.is_empty() && !constants.contains(name) => {
            Shape::Constant(name, *negative)
        }
        _ => Shape::Any,
    };
    let (name, args, negative): (&str, Vec<Option<&CTerm>>, bool) = match t {
        CTerm::Sym(s) => match syms.get(*s) {
            SymData::Num(n) => {
                return !matches!(head_shape, Shape::Num(m) if m != i64::from(*n))
                    && !matches!(
                        head_shape,
                        Shape::Str | Shape::Fun(..) | Shape::Constant(..)
                    );
            }
            SymData::Str(_) => {
                return !matches!(
                    head_shape,
                    Shape::Num(_) | Shape::Fun(..) | Shape::Constant(..)
                );
            }
            SymData::Fun {
                name,
                args,
                negative,
            } if !args.is_empty() => (syms.name_str(*name), vec![None; args.len()], *negative),
            SymData::Fun { name, negative, .. } => {
                return match head_shape {
                    Shape::Num(_) | Shape::Str | Shape::Fun(..) => false,
                    Shape::Constant(n, neg) => n == syms.name_str(*name) && neg == *negative,
                    Shape::Any => true,
                };
            }
            _ => return true,
        },
        CTerm::Fun {
            name,
            args,
            negative,
        } if !args.is_empty() => (
            syms.name_str(*name),
            args.iter().map(Some).collect(),
            *negative,
        ),
        _ => return true,
    };
    match (head_shape, head) {
        (Shape::Fun(n, arity, neg), Term::Fun { args: hargs, .. }) => {
            n == name
                && arity == args.len()
                && neg == negative
                && args
                    .iter()
                    .zip(hargs)
                    .all(|(a, h)| a.is_none_or(|a| may_unify(a, h, syms, constants)))
        }
        (Shape::Num(_) | Shape::Str | Shape::Constant(..), _) => false,
        _ => true,
    }
}

/// The argument tuples of one pool-free fact statement: its arguments, and the position and
/// bounds of its interval argument if it has one (the values count upwards; the argument at
/// that position is a placeholder).
#[derive(Clone, Debug)]
pub struct Fact {
    args: Vec<Sym>,
    interval: Option<(usize, i64, i64)>,
}

/// How many atoms of facts the search for a first solution looks at before it gives up.
const MAX_FACTS_SEARCHED: i64 = 1 << 20;

impl Fact {
    /// The number of argument tuples.
    fn len(&self) -> i64 {
        self.interval.map_or(1, |(_, lo, hi)| (hi - lo + 1).max(0))
    }

    /// The `i`-th argument tuple.
    fn row(&self, i: i64, syms: &mut SymbolTable) -> Option<Vec<Sym>> {
        let mut args = self.args.clone();
        if let Some((at, lo, _)) = self.interval {
            args[at] = syms.num((lo + i).try_into().ok()?);
        }
        Some(args)
    }
}

/// A predicate as written: name, arity, classical negation.
type Key = (String, usize, bool);

enum Def {
    /// A fact (one alternative of its pools), `statement` numbering the statement it comes
    /// from, `pooled` when that statement has a pool.
    Fact {
        term: Term,
        statement: usize,
        pooled: bool,
    },
    /// A normal rule (one head atom, a body of plain literals) with its body's atoms (pools
    /// expanded) and their predicates.
    Normal(Vec<(Key, Term)>),
    /// Any other rule with the predicate in its head.
    Other,
}

struct Definition {
    key: Key,
    /// The head atom (one alternative of its pools), and the statement it is in.
    head: Term,
    statement: Span,
    /// The statement's place in the part.
    position: usize,
    def: Def,
}

fn key_of(t: &Term) -> Option<Key> {
    match t {
        Term::Fun {
            name,
            args,
            negative,
            ..
        } if !name.is_empty() => Some((name.clone(), args.len(), *negative)),
        _ => None,
    }
}

/// The alternatives of an atom's pools with their predicates.
fn atom_alternatives(a: &Atom) -> Vec<(Key, Term)> {
    expand_term(&a.term)
        .into_iter()
        .filter_map(|t| Some((key_of(&t)?, t)))
        .collect()
}

fn collect_definitions(statements: &[&Statement]) -> Vec<Definition> {
    let mut out = Vec::new();
    let other = |a: &Atom, statement: &Span, position: usize, out: &mut Vec<Definition>| {
        for (key, head) in atom_alternatives(a) {
            out.push(Definition {
                key,
                head,
                statement: statement.clone(),
                position,
                def: Def::Other,
            });
        }
    };
    for (i, st) in statements.iter().enumerate() {
        match st {
            Statement::Rule(r) => {
                let plain = r.body.iter().all(|b| matches!(b, BodyLit::Lit(_)));
                let mut body = Vec::new();
                for b in &r.body {
                    if let BodyLit::Lit(Literal::Atom { atom, .. }) = b {
                        body.extend(atom_alternatives(atom));
                    }
                }
                match &r.head {
                    Head::Atom(a) => {
                        let alternatives = expand_term(&a.term);
                        let pooled = alternatives.len() > 1;
                        for term in alternatives {
                            let Some(key) = key_of(&term) else { continue };
                            let mut vars = Vec::new();
                            unpool::term_vars(&term, &mut vars);
                            let head = term.clone();
                            let def = if r.body.is_empty() && vars.is_empty() {
                                Def::Fact {
                                    term,
                                    statement: i,
                                    pooled,
                                }
                            } else if plain {
                                Def::Normal(body.clone())
                            } else {
                                Def::Other
                            };
                            out.push(Definition {
                                key,
                                head,
                                statement: r.span.clone(),
                                position: i,
                                def,
                            });
                        }
                    }
                    Head::Disjunction(elems) => elems
                        .iter()
                        .for_each(|e| other(&e.atom, &r.span, i, &mut out)),
                    Head::Choice { elems, .. } => elems
                        .iter()
                        .for_each(|e| other(&e.atom, &r.span, i, &mut out)),
                    Head::Aggregate { elems, .. } => elems
                        .iter()
                        .for_each(|e| other(&e.atom, &r.span, i, &mut out)),
                    Head::None => {}
                }
            }
            Statement::External(ext) => other(&ext.atom, &ext.span, i, &mut out),
            _ => {}
        }
    }
    out
}

/// The atoms of a predicate defined only by facts, in the order gringo's domain holds them:
/// one statement (its pools left to right, or its one interval upwards), or plain ground facts
/// in the order written. `None` when the definitions are not all facts or the order is not one
/// of these.
fn facts_in_order(defs: &[&Definition], compiler: &mut Compiler) -> Option<Vec<Fact>> {
    let mut terms = Vec::new();
    let mut statements = Vec::new();
    let mut any_pool = false;
    for d in defs {
        let Def::Fact {
            term,
            statement,
            pooled,
        } = &d.def
        else {
            return None;
        };
        terms.push(term);
        statements.push(*statement);
        any_pool |= pooled;
    }
    statements.dedup();
    let intervals: usize = terms.iter().map(|t| count_intervals(t)).sum();
    let single_statement = statements.len() <= 1;
    let plain = intervals == 0 && !any_pool;
    let ordered = plain || (single_statement && (intervals == 0 || terms.len() == 1));
    if !ordered || intervals > 1 {
        return None;
    }
    let mut facts = Vec::new();
    for t in terms {
        let Term::Fun { args, .. } = t else {
            return None;
        };
        facts.extend(fact(args, compiler)?);
    }
    Some(facts)
}

/// One pool-free fact; an interval argument (at most one, at the top of an argument) counts
/// upwards. Undefined arguments drop the fact (`Some(None)`), as in gringo.
fn fact(args: &[Term], compiler: &mut Compiler) -> Option<Option<Fact>> {
    let mut fixed = Vec::with_capacity(args.len());
    let mut interval = None;
    for (i, a) in args.iter().enumerate() {
        match a {
            Term::Interval(lo, hi, _) => {
                let bound = |t: &Term, c: &mut Compiler| -> Option<i64> {
                    let s = c.ground_term(t).ok()??;
                    c.syms.as_int(s).map(i64::from)
                };
                let (Some(lo), Some(hi)) = (bound(lo, compiler), bound(hi, compiler)) else {
                    return Some(None);
                };
                interval = Some((i, lo, hi));
                let placeholder = compiler.syms.num(0);
                fixed.push(placeholder);
            }
            _ if count_intervals(a) > 0 => return None,
            _ => match compiler.ground_term(a).ok()? {
                Some(s) => fixed.push(s),
                None => return Some(None),
            },
        }
    }
    Some(Some(Fact {
        args: fixed,
        interval,
    }))
}

fn count_intervals(t: &Term) -> usize {
    match t {
        Term::Interval(x, y, _) => 1 + count_intervals(x) + count_intervals(y),
        Term::Fun { args, .. } | Term::Pool(args, _) => args.iter().map(count_intervals).sum(),
        Term::Unary(_, x, _) => count_intervals(x),
        Term::Binary(_, x, y, _) => count_intervals(x) + count_intervals(y),
        _ => 0,
    }
}

/// What the element's restriction needs to know besides the element.
pub struct Context<'a> {
    pub definitions: Option<&'a Definitions>,
    pub preds: &'a ir::PredTable,
    pub syms: &'a mut SymbolTable,
    /// The rule's global variables (bound by its body).
    pub globals: &'a [VarId],
    /// The number of the rule's variables so far.
    pub num_vars: usize,
    /// The statement the element is in.
    pub statement: &'a Span,
}

/// Adds to `elem` the restrictions gringo's projection amounts to (module documentation), or
/// says why it cannot tell them. `void` tells the heads gringo's simplification finds undefined
/// (`p(Z/0)`): they never hold and name no variables, but still make their element exist.
/// `negated`: the element is a negated head moved into the body, with which of its heads are
/// comparisons (of no predicate: see [`restrict_negated`]).
pub fn restrict(
    elem: &mut ir::DisjElem,
    void: &[bool],
    negated: Option<&[bool]>,
    cx: &mut Context,
) -> Result<(), &'static str> {
    if elem.heads.is_empty() {
        // `#true : cond` (see `static_undefined::head`): no head to name the element by.
        return Ok(());
    }
    let cond_vars: BTreeSet<VarId> = elem.cond.lits.iter().flat_map(Lit::vars).collect();
    let local: BTreeSet<VarId> = cond_vars
        .into_iter()
        .filter(|v| !cx.globals.contains(v))
        .collect();
    let mut in_heads = BTreeSet::new();
    for (h, _) in elem.heads.iter().zip(void).filter(|(_, v)| !**v) {
        h.item.args.iter().for_each(|a| in_heads.extend(a.vars()));
        h.cond.lits.iter().for_each(|l| in_heads.extend(l.vars()));
    }
    let naming: BTreeSet<VarId> = local.intersection(&in_heads).copied().collect();
    let mut important = BTreeSet::new();
    let mut uncertain = BTreeSet::new();
    for l in &elem.cond.lits {
        if let Lit::Atom { atom, .. } = l {
            match class(cx, atom) {
                Class::Open => important.extend(l.vars()),
                Class::Unknown => uncertain.extend(l.vars()),
                Class::Determined => {}
            }
        }
    }
    let mut per_head: Vec<Option<Vec<(VarId, Sym)>>> = Vec::new();
    for (i, (h, &void)) in elem.heads.iter().zip(void).enumerate() {
        let mut head_important = important.clone();
        let head_vars = h.item.args.iter().flat_map(CTerm::vars);
        match negated {
            None if !void => head_important.extend(head_vars),
            // A negated head is no atom gringo's element defines: its variables are important
            // (for this head alone) only as those of a condition literal are: `q ; not p(Z) :
            // d(Z).` with d(1..3) and p(1) has the one element `not p(1)`, false, so q holds;
            // with `{p(2)}.` every element; `i ; not p(X;1) : d(X).` with p chosen has
            // `not p(1)&not p(1) ; not p(2)` (clingo 5.8.3). A comparison's never are.
            Some(comparison) if !void && !comparison[i] => match class(cx, &h.item) {
                Class::Open => head_important.extend(head_vars),
                Class::Unknown => uncertain.extend(head_vars),
                Class::Determined => {}
            },
            _ => {}
        }
        let projected: Vec<VarId> = naming.difference(&head_important).copied().collect();
        if projected.iter().any(|v| uncertain.contains(v)) {
            return Err(
                "a conditional head literal whose heads do not all mention the variables of a \
                 condition literal over a recursive predicate",
            );
        }
        if projected.is_empty() {
            per_head.push(Some(Vec::new()));
            continue;
        }
        let projectable: BTreeSet<VarId> = local.difference(&head_important).copied().collect();
        per_head.push(first_solution(
            &projected,
            &projectable,
            &elem.cond.lits,
            cx,
        )?);
    }
    let restriction = |r: &Option<Vec<(VarId, Sym)>>| -> Vec<Lit> {
        match r {
            None => vec![Lit::Bool(false)],
            Some(values) => values
                .iter()
                .map(|&(v, s)| Lit::Cmp {
                    op: CmpOp::Eq,
                    lhs: CTerm::Var(v),
                    rhs: CTerm::Sym(s),
                })
                .collect(),
        }
    };
    if per_head
        .iter()
        .all(|r| r.as_ref().is_none_or(|v| !v.is_empty()))
    {
        // every head joins only the element of its first solution: the element exists there
        // alone (for all heads alike), elsewhere gringo never reports it
        if per_head.windows(2).any(|w| w[0] != w[1]) {
            return Err(
                "a conditional head literal whose heads each leave out different variables of \
                 the condition",
            );
        }
        let r = restriction(&per_head[0]);
        elem.cond.lits.extend(r);
        return Ok(());
    }
    for (h, r) in elem.heads.iter_mut().zip(&per_head) {
        h.cond.lits.extend(restriction(r));
    }
    Ok(())
}

/// A conditional body literal written as a negated head element (`a ; not p(X;1) : d(X).`):
/// gringo projects its condition as that of the element, then moves the element into the body.
pub struct NegatedHead {
    /// Its place in the compiled body.
    pub at: usize,
    /// Which of its alternatives gringo's simplification finds undefined (see [`restrict`]).
    pub void: Vec<bool>,
    pub span: Span,
}

/// [`restrict`] for a negated head element in the body: the heads are the atoms of the
/// conditional literal's alternatives (`not not p(X) ; not not p(1) : d(X)`: the element fails,
/// so one of its heads is true, for each instance of the condition), restricted alike.
pub fn restrict_negated(
    body: &mut ir::Body,
    void: &[bool],
    cx: &mut Context,
) -> Result<(), &'static str> {
    let ir::Body::Conditional { alts, cond, .. } = body else {
        return Ok(());
    };
    // A comparison (`a ; X > 1 : d(X).`, moved into the body as `X <= 1 : d(X)`) is a head
    // of no predicate: stood for by an atom of its two sides, whose variables are never
    // important (gringo: the element for the first d(X) alone, `1 > 1`: a holds).
    let mut comparison = Vec::new();
    let heads: Option<Vec<ir::Local<ir::Atom>>> = alts
        .iter()
        .map(|alt| {
            let item = match &alt.item {
                Lit::Atom { atom, .. } => atom.clone(),
                Lit::Cmp { lhs, rhs, .. } => ir::Atom {
                    pred: PredId::default(),
                    args: vec![lhs.clone(), rhs.clone()],
                },
                _ => return None,
            };
            comparison.push(matches!(alt.item, Lit::Cmp { .. }));
            Some(ir::Local {
                item,
                cond: alt.cond.clone(),
            })
        })
        .collect();
    let Some(heads) = heads.filter(|h| h.len() == void.len()) else {
        return Ok(());
    };
    let mut elem = ir::DisjElem {
        heads,
        cond: cond.clone(),
    };
    restrict(&mut elem, void, Some(&comparison), cx)?;
    *cond = elem.cond;
    for (alt, head) in alts.iter_mut().zip(elem.heads) {
        alt.cond = head.cond;
    }
    Ok(())
}

fn kind<'a>(cx: &'a Context, pred: PredId) -> &'a Kind {
    match cx.definitions {
        Some(d) => d.kind(pred, cx.preds, cx.syms),
        None => &Kind::Unknown,
    }
}

/// [`Definitions::class`] (unknown without definitions).
fn class(cx: &Context, atom: &ir::Atom) -> Class {
    cx.definitions.map_or(Class::Unknown, |d| {
        d.class(atom, cx.statement, cx.preds, cx.syms)
    })
}

/// [`Definitions::sees_nothing`] (false without definitions).
fn sees_nothing(cx: &Context, atom: &ir::Atom) -> bool {
    cx.definitions
        .is_some_and(|d| d.sees_nothing(atom, cx.preds, cx.syms))
}

const UNORDERED: &str = "a conditional head literal whose heads do not all mention a variable of \
     the condition whose first value in gringo's order aspsat cannot tell";

/// The values of `wanted` in gringo's first solution of the condition literals connected to
/// them through `projectable` variables; `None` when there is none. The connected literals
/// must be literals over facts, comparisons and ranges. With one literal that enumerates
/// (a positive one over facts, or a range), gringo's first solution is the first in the
/// facts' order; with several, the order of gringo's join is not followed here, so the
/// values are known only when every solution has the same ones (or there is none).
fn first_solution(
    wanted: &[VarId],
    projectable: &BTreeSet<VarId>,
    cond: &[Lit],
    cx: &mut Context,
) -> Result<Option<Vec<(VarId, Sym)>>, &'static str> {
    // The ranges gringo's inequality solver adds to the condition (`1 <= Z <= 3` binds `Z`),
    // last, as gringo appends them.
    let span = cx.statement.clone();
    let ranges = super::linear_bounds::condition_bounds(cond, cx.num_vars, cx.syms)
        .into_iter()
        .map(|(var, lo, hi)| Lit::Range {
            var,
            lo: CTerm::Sym(cx.syms.num(lo)),
            hi: CTerm::Sym(cx.syms.num(hi)),
            span: span.clone(),
            implied: true,
        });
    let cond: Vec<Lit> = cond.iter().cloned().chain(ranges).collect();
    let cond = &cond[..];
    let mut group: BTreeSet<VarId> = wanted.iter().copied().collect();
    let mut members = vec![false; cond.len()];
    loop {
        let mut grew = false;
        for (i, l) in cond.iter().enumerate() {
            let vars = l.vars();
            if members[i] || !vars.iter().any(|v| group.contains(v)) {
                continue;
            }
            if vars.iter().any(|v| !projectable.contains(v)) {
                return Err(UNORDERED);
            }
            members[i] = true;
            group.extend(vars);
            grew = true;
        }
        if !grew {
            break;
        }
    }
    let mut lits = Vec::new();
    for (l, _) in cond.iter().zip(&members).filter(|(_, m)| **m) {
        lits.push(match l {
            Lit::Atom { sign, atom, .. } if sees_nothing(cx, atom) => Goal::Atom {
                sign: *sign,
                atom,
                facts: Vec::new(),
            },
            Lit::Atom { sign, atom, .. } => match kind(cx, atom.pred) {
                Kind::Facts(facts) => Goal::Atom {
                    sign: *sign,
                    atom,
                    facts: facts.clone(),
                },
                _ => return Err(UNORDERED),
            },
            Lit::Cmp { op, lhs, rhs } => Goal::Cmp(*op, lhs, rhs),
            Lit::Range { var, lo, hi, .. } => Goal::Range(*var, lo, hi),
            Lit::Bool(b) => Goal::Bool(*b),
        });
    }
    let enumerating = lits
        .iter()
        .filter(|g| {
            matches!(
                g,
                Goal::Atom {
                    sign: Sign::Pos,
                    ..
                } | Goal::Range(..)
            )
        })
        .count();
    let mut search = Search {
        goals: lits,
        done: Vec::new(),
        binding: vec![None; cx.num_vars],
        wanted,
        first_only: enumerating <= 1,
        found: None,
        steps: 0,
    };
    search.run(cx.syms)?;
    Ok(search.found)
}

/// A literal of the condition, as [`Search`] solves it.
enum Goal<'a> {
    Atom {
        sign: Sign,
        atom: &'a ir::Atom,
        facts: Vec<Fact>,
    },
    Cmp(CmpOp, &'a CTerm, &'a CTerm),
    Range(VarId, &'a CTerm, &'a CTerm),
    Bool(bool),
}

/// A backtracking search for the solutions of a few literals over facts: a goal is taken up when
/// the variables it needs are bound (a positive atom binds its plain variables, a range its
/// variable, an equation `V = t` its variable; the rest only test).
struct Search<'a, 'w> {
    goals: Vec<Goal<'a>>,
    done: Vec<bool>,
    binding: term::Binding,
    wanted: &'w [VarId],
    /// The first solution decides (the order of the solutions is gringo's).
    first_only: bool,
    found: Option<Vec<(VarId, Sym)>>,
    steps: i64,
}

/// What a goal does with the current binding.
enum Step {
    /// Not yet: it needs variables bound by other goals.
    Later,
    /// Each of these values (one trail of bindings each) satisfies it.
    Values(Vec<Vec<(VarId, Sym)>>),
}

impl Search<'_, '_> {
    fn run(&mut self, syms: &mut SymbolTable) -> Result<(), &'static str> {
        self.done = vec![false; self.goals.len()];
        self.solve(syms).map(|_| ())
    }

    /// Returns `Ok(true)` when the search is over (the first solution decided it).
    fn solve(&mut self, syms: &mut SymbolTable) -> Result<bool, &'static str> {
        let Some((at, values)) = self.next_goal(syms)? else {
            if self.done.iter().all(|d| *d) {
                return self.solution();
            }
            return Err(UNORDERED);
        };
        self.done[at] = true;
        for bound in values {
            for &(v, s) in &bound {
                self.binding[v] = Some(s);
            }
            let over = self.solve(syms)?;
            for &(v, _) in &bound {
                self.binding[v] = None;
            }
            if over {
                return Ok(true);
            }
        }
        self.done[at] = false;
        Ok(false)
    }

    /// The first goal not done that can be taken up now, and the values that satisfy it.
    #[allow(clippy::type_complexity)]
    fn next_goal(
        &mut self,
        syms: &mut SymbolTable,
    ) -> Result<Option<(usize, Vec<Vec<(VarId, Sym)>>)>, &'static str> {
        for at in 0..self.goals.len() {
            if self.done[at] {
                continue;
            }
            if let Step::Values(values) = self.step(at, syms)? {
                return Ok(Some((at, values)));
            }
        }
        Ok(None)
    }

    fn solution(&mut self) -> Result<bool, &'static str> {
        let mut values = Vec::with_capacity(self.wanted.len());
        for &v in self.wanted {
            values.push((v, self.binding[v].ok_or(UNORDERED)?));
        }
        match &self.found {
            None => self.found = Some(values),
            Some(first) if *first != values => return Err(UNORDERED),
            Some(_) => {}
        }
        Ok(self.first_only)
    }

    fn step(&mut self, at: usize, syms: &mut SymbolTable) -> Result<Step, &'static str> {
        let bound = |t: &CTerm, b: &term::Binding| term::all_bound(t, b);
        let test = |holds: bool| Step::Values(if holds { vec![Vec::new()] } else { Vec::new() });
        let steps = &mut self.steps;
        let mut count = || {
            *steps += 1;
            if *steps > MAX_FACTS_SEARCHED {
                return Err(UNORDERED);
            }
            Ok(())
        };
        let binding = &mut self.binding;
        match &self.goals[at] {
            Goal::Bool(b) => Ok(test(*b)),
            Goal::Cmp(op, lhs, rhs) => {
                if bound(lhs, binding) && bound(rhs, binding) {
                    let l = term::eval(lhs, binding, syms);
                    let r = term::eval(rhs, binding, syms);
                    return match (l, r) {
                        (Ok(l), Ok(r)) => Ok(test(term::compare(*op, l, r, syms))),
                        (Err(EvalError::Overflow(_)), _) | (_, Err(EvalError::Overflow(_))) => {
                            Err(UNORDERED)
                        }
                        _ => Ok(test(false)),
                    };
                }
                // `V = t` binds `V` once `t` is bound
                let ((CmpOp::Eq, CTerm::Var(v), t) | (CmpOp::Eq, t, CTerm::Var(v))) =
                    (*op, *lhs, *rhs)
                else {
                    return Ok(Step::Later);
                };
                if binding[*v].is_some() || !bound(t, binding) {
                    return Ok(Step::Later);
                }
                Ok(match term::eval(t, binding, syms) {
                    Ok(s) => Step::Values(vec![vec![(*v, s)]]),
                    Err(EvalError::Overflow(_)) => return Err(UNORDERED),
                    Err(_) => test(false),
                })
            }
            Goal::Range(var, lo, hi) => {
                if !bound(lo, binding) || !bound(hi, binding) {
                    return Ok(Step::Later);
                }
                let int = |t: &CTerm, b: &term::Binding, syms: &mut SymbolTable| {
                    term::eval(t, b, syms).ok().and_then(|s| syms.as_int(s))
                };
                let (Some(lo), Some(hi)) = (int(lo, binding, syms), int(hi, binding, syms)) else {
                    return Ok(test(false));
                };
                if let Some(s) = binding[*var] {
                    return Ok(test(syms.as_int(s).is_some_and(|n| lo <= n && n <= hi)));
                }
                let mut values = Vec::new();
                for n in lo..=hi {
                    count()?;
                    values.push(vec![(*var, syms.num(n))]);
                }
                Ok(Step::Values(values))
            }
            Goal::Atom { sign, atom, facts } => {
                let all_bound = atom.args.iter().all(|a| bound(a, binding));
                if *sign != Sign::Pos && !all_bound {
                    return Ok(Step::Later);
                }
                // `not p(1/0)` and `not not p(1/0)` fail, as a comparison with an undefined term
                if *sign != Sign::Pos {
                    for a in &atom.args {
                        match term::eval(a, binding, syms) {
                            Ok(_) => {}
                            Err(EvalError::Overflow(_)) => return Err(UNORDERED),
                            Err(_) => return Ok(test(false)),
                        }
                    }
                }
                // a positive atom binds only variables that stand alone or in functions
                if !all_bound && !atom.args.iter().all(|a| plain(a, binding)) {
                    return Ok(Step::Later);
                }
                let mut values = Vec::new();
                let mut matched = false;
                let rows = facts.iter().flat_map(|f| (0..f.len()).map(move |i| (f, i)));
                'rows: for (fact, i) in rows {
                    count()?;
                    let row = fact.row(i, syms).ok_or(UNORDERED)?;
                    let mut trail = Vec::new();
                    for (pattern, &value) in atom.args.iter().zip(&row) {
                        match term::unify(pattern, value, binding, &mut trail, syms) {
                            Ok(true) => {}
                            Ok(false) | Err(EvalError::Undefined(_)) => {
                                trail.iter().for_each(|&v| binding[v] = None);
                                continue 'rows;
                            }
                            Err(EvalError::Overflow(_)) => return Err(UNORDERED),
                        }
                    }
                    matched = true;
                    values.push(
                        trail
                            .iter()
                            .map(|&v| (v, binding[v].expect("bound")))
                            .collect(),
                    );
                    trail.iter().for_each(|&v| binding[v] = None);
                }
                Ok(match sign {
                    Sign::Pos => Step::Values(values),
                    Sign::Not => test(!matched),
                    Sign::NotNot => test(matched),
                })
            }
        }
    }
}

/// Whether unifying `t` binds its unbound variables without arithmetic.
fn plain(t: &CTerm, b: &term::Binding) -> bool {
    match t {
        CTerm::Sym(_) | CTerm::Var(_) => true,
        CTerm::Fun { args, .. } => args.iter().all(|a| plain(a, b)),
        _ => term::all_bound(t, b),
    }
}
