//! clingo's infos about the program text: an atom in a body whose predicate occurs in no head
//! (`atom does not occur in any rule head`, usually a typo), and the term of each undefined
//! operation. `-W`/`--warn` chooses which are printed, with clingo's names.

use crate::syntax::Diagnostic;
use crate::syntax::ast::{Atom, BodyLit, Head, Literal, ProjectTarget, Statement, Term};
use std::collections::{HashMap, HashSet};

/// The message of an atom whose predicate no rule defines.
pub const ATOM_UNDEFINED: &str = "atom does not occur in any rule head";
/// The message of an operation whose value is undefined (the rule instance is dropped).
pub const OPERATION_UNDEFINED: &str = "operation undefined";
/// The message of an interval with a bound that is not an integer (`1..a`); `-W` counts it
/// as an undefined operation, as clingo.
pub const INTERVAL_UNDEFINED: &str = "interval undefined";

/// Which infos are printed (clingo's `-W`/`--warn`; both by default, as clingo).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Warnings {
    pub atom_undefined: bool,
    pub operation_undefined: bool,
}

impl Default for Warnings {
    fn default() -> Self {
        Warnings {
            atom_undefined: true,
            operation_undefined: true,
        }
    }
}

/// clingo's warning names; those aspsat never emits are accepted and change nothing.
const SILENT_NAMES: [&str; 4] = [
    "file-included",
    "variable-unbounded",
    "global-variable",
    "other",
];

impl Warnings {
    /// The warnings after clingo's `-W` values in order (each a comma-separated list of
    /// `none`, `all`, `NAME`, `no-NAME`).
    pub fn from_flags(values: &[String]) -> Result<Warnings, String> {
        let mut w = Warnings::default();
        for value in values {
            for name in value.split(',').map(str::trim) {
                let (on, bare) = match name.strip_prefix("no-") {
                    Some(rest) => (false, rest),
                    None => (true, name),
                };
                match bare {
                    "none" if on => {
                        w = Warnings {
                            atom_undefined: false,
                            operation_undefined: false,
                        }
                    }
                    "all" if on => w = Warnings::default(),
                    "atom-undefined" => w.atom_undefined = on,
                    "operation-undefined" => w.operation_undefined = on,
                    n if SILENT_NAMES.contains(&n) => {}
                    _ => {
                        return Err(format!(
                            "--warn={name}: expected none, all, [no-]atom-undefined, \
                             [no-]operation-undefined, [no-]file-included, \
                             [no-]variable-unbounded, [no-]global-variable or [no-]other"
                        ));
                    }
                }
            }
        }
        Ok(w)
    }

    /// Whether `info` is to be printed.
    pub fn shows(&self, info: &Diagnostic) -> bool {
        if info.message.starts_with(ATOM_UNDEFINED) {
            self.atom_undefined
        } else if info.message.starts_with(OPERATION_UNDEFINED)
            || info.message.starts_with(INTERVAL_UNDEFINED)
        {
            self.operation_undefined
        } else {
            true
        }
    }
}

/// A predicate: name, arity, classical negation.
type Signature = super::quirks::PredKey;

/// The signatures of an atom (several for a pool `p(1;2,3)`).
fn signatures(term: &Term, out: &mut Vec<Signature>) {
    match term {
        Term::Fun {
            name,
            args,
            negative,
            ..
        } => out.push((name.clone(), args.len(), *negative)),
        Term::Pool(alternatives, _) => alternatives.iter().for_each(|t| signatures(t, out)),
        _ => {}
    }
}

/// Calls `f` with every atom occurrence of a statement: heads with `true`, the rest (bodies,
/// conditions) with `false`, in textual order.
fn atoms<'a>(st: &'a Statement, f: &mut dyn FnMut(&'a Atom, bool)) {
    let lits = |ls: &'a [Literal], f: &mut dyn FnMut(&'a Atom, bool)| {
        for l in ls {
            if let Literal::Atom { atom, .. } = l {
                f(atom, false);
            }
        }
    };
    let body = |bs: &'a [BodyLit], f: &mut dyn FnMut(&'a Atom, bool)| {
        for b in bs {
            match b {
                BodyLit::Lit(l) => lits(std::slice::from_ref(l), f),
                BodyLit::Conditional { lit, cond, .. } => {
                    lits(std::slice::from_ref(lit), f);
                    lits(cond, f);
                }
                BodyLit::Aggregate { agg, .. } => {
                    agg.elems.iter().for_each(|e| lits(&e.cond, f));
                }
            }
        }
    };
    match st {
        Statement::Rule(rule) => {
            match &rule.head {
                Head::None => {}
                Head::Atom(a) => f(a, true),
                Head::Disjunction(elems) => elems.iter().for_each(|e| {
                    f(&e.atom, true);
                    lits(&e.cond, f);
                }),
                Head::Choice { elems, .. } => elems.iter().for_each(|e| {
                    f(&e.atom, true);
                    lits(&e.cond, f);
                }),
                Head::Aggregate { elems, .. } => elems.iter().for_each(|e| {
                    f(&e.atom, true);
                    lits(&e.cond, f);
                }),
            }
            body(&rule.body, f);
        }
        Statement::External(e) => {
            f(&e.atom, true);
            body(&e.body, f);
        }
        Statement::ShowTerm { body: b, .. } | Statement::Edge { body: b, .. } => body(b, f),
        Statement::Optimize { elems, .. } => elems.iter().for_each(|e| body(&e.cond, f)),
        Statement::Weak { body: b, elem, .. } => {
            body(b, f);
            body(&elem.cond, f);
        }
        Statement::Project {
            target: ProjectTarget::Atom { body: b, .. },
            ..
        } => body(b, f),
        // clingo says nothing about the directive's own atom
        Statement::Heuristic { body: b, .. } => body(b, f),
        _ => {}
    }
}

/// clingo's `atom does not occur in any rule head` infos for `statements` (the part grounded),
/// in textual order: as clingo, a body atom is checked against the head atoms themselves
/// (`p(4)` with the heads `p(1)`, `p(2)` is reported), each alternative of a pool on its own
/// (`p(3;4)` as `p(4)` when `p(3)` is a head), a pool whose predicate occurs in no head as
/// written; but a predicate with a fact (a rule without body) or `#defined` has every atom
/// (clingo 5.8.3: `p(1). {p(2)}. ok :- p(4).` says nothing, `p(1) :- #true.` would). `is_const`
/// tells the names of `#const`s (they may stand for any value here).
pub fn undefined_atoms(
    statements: &[&Statement],
    is_const: &dyn Fn(&str) -> bool,
) -> Vec<Diagnostic> {
    // `#defined` predicates and those with facts: any atom of theirs may exist
    let mut declared: HashSet<Signature> = HashSet::new();
    let mut heads: HashMap<Signature, Vec<&Term>> = HashMap::new();
    for st in statements {
        if let Statement::Defined {
            name,
            arity,
            negative,
            ..
        } = st
        {
            declared.insert((name.clone(), *arity, *negative));
        }
        if let Statement::Rule(rule) = st
            && let Head::Atom(atom) = &rule.head
            && rule.body.is_empty()
        {
            let mut sigs = Vec::new();
            signatures(&atom.term, &mut sigs);
            declared.extend(sigs);
        }
        atoms(st, &mut |atom, head| {
            if head {
                for alternative in alternatives(&atom.term) {
                    if let Some(sig) = signature(alternative) {
                        heads.entry(sig).or_default().push(alternative);
                    }
                }
            }
        });
    }
    let mut infos = Vec::new();
    let mut sigs = Vec::new();
    for st in statements {
        atoms(st, &mut |atom, head| {
            if head {
                return;
            }
            sigs.clear();
            signatures(&atom.term, &mut sigs);
            let defined = |s: &Signature| declared.contains(s) || heads.contains_key(s);
            if sigs.is_empty() {
                return;
            }
            if !sigs.iter().any(defined) {
                let message = format!("{ATOM_UNDEFINED}:\n  {}\n", atom.term);
                infos.push(Diagnostic::info(&atom.span, message));
                return;
            }
            for alternative in alternatives(&atom.term) {
                let Some(sig) = signature(alternative) else {
                    continue;
                };
                let matched = declared.contains(&sig)
                    || heads
                        .get(&sig)
                        .is_some_and(|hs| hs.iter().any(|h| may_match(alternative, h, is_const)));
                if !matched {
                    let message = format!("{ATOM_UNDEFINED}:\n  {alternative}\n");
                    infos.push(Diagnostic::info(&atom.span, message));
                }
            }
        });
    }
    infos
}

/// The alternatives of a pool written around an atom (`p(1;2)` is `p(1)`, `p(2)`); the atom
/// itself otherwise.
fn alternatives(term: &Term) -> Vec<&Term> {
    match term {
        Term::Pool(alts, _) => alts.iter().flat_map(alternatives).collect(),
        t => vec![t],
    }
}

/// The predicate of an atom without a pool around it.
fn signature(term: &Term) -> Option<Signature> {
    super::quirks::pred_key(term)
}

/// Whether the ground instances of `a` and `b` may share an atom: `false` only when they
/// differ in a place where both are written as values (numbers, strings, symbols that are no
/// `#const`, functions of those); variables, operations, intervals and pools may be anything.
fn may_match(a: &Term, b: &Term, is_const: &dyn Fn(&str) -> bool) -> bool {
    let constant =
        |t: &Term| matches!(t, Term::Fun { name, args, .. } if args.is_empty() && is_const(name));
    if constant(a) || constant(b) {
        return true;
    }
    match (a, b) {
        (Term::Int(x), Term::Int(y)) => x == y,
        (Term::Str(x), Term::Str(y)) => x == y,
        (Term::Inf, Term::Inf) | (Term::Sup, Term::Sup) => true,
        (
            Term::Fun {
                name: n,
                args: xs,
                negative: g,
                ..
            },
            Term::Fun {
                name: m,
                args: ys,
                negative: h,
                ..
            },
        ) => {
            n == m
                && g == h
                && xs.len() == ys.len()
                && xs.iter().zip(ys).all(|(x, y)| may_match(x, y, is_const))
        }
        (Term::Int(_) | Term::Str(_) | Term::Inf | Term::Sup | Term::Fun { .. }, _)
            if is_value(b) =>
        {
            false
        }
        _ => true,
    }
}

/// A value as written: a number, string, `#inf`/`#sup` or function term (not an operation,
/// variable, interval or pool).
fn is_value(t: &Term) -> bool {
    matches!(
        t,
        Term::Int(_) | Term::Str(_) | Term::Inf | Term::Sup | Term::Fun { .. }
    )
}

/// Adds the operation's term to each `operation undefined` and `interval undefined` info, as
/// clingo prints it.
pub fn describe_operations(infos: &mut [Diagnostic], statements: &[&Statement]) {
    for info in infos.iter_mut() {
        if info.message == OPERATION_UNDEFINED
            && let Some(span) = &info.span
            && let Some((term, at)) = find_operation(statements, span)
        {
            // clingo's text of the operation, and the variable's place for a linear term
            info.message = format!("{OPERATION_UNDEFINED}:\n  {term}\n");
            info.span = Some(at);
            continue;
        }
        if info.message != OPERATION_UNDEFINED && info.message != INTERVAL_UNDEFINED {
            continue;
        }
        if let Some(term) = info
            .span
            .as_ref()
            .and_then(|span| find_term(statements, span))
        {
            info.message = format!("{}:\n  {term}\n", info.message);
        }
    }
}

/// clingo's text and place for the undefined operation at `span` (see [`super::clingo_terms`]).
fn find_operation(
    statements: &[&Statement],
    span: &crate::syntax::ast::Span,
) -> Option<(String, crate::syntax::ast::Span)> {
    let mut found = None;
    let mut visit = |t: &Term| {
        if found.is_none() {
            found = super::clingo_terms::undefined_operation(t, span);
        }
    };
    for st in statements {
        for_each_term(st, &mut visit);
    }
    found
}

/// The term written at `span`, searched in every term of the statements.
fn find_term(statements: &[&Statement], span: &crate::syntax::ast::Span) -> Option<String> {
    let mut found = None;
    let mut visit = |t: &Term| {
        if found.is_none() {
            found = term_at(t, span);
        }
    };
    for st in statements {
        for_each_term(st, &mut visit);
    }
    found
}

fn term_at(t: &Term, span: &crate::syntax::ast::Span) -> Option<String> {
    let (own, children): (Option<&crate::syntax::ast::Span>, Vec<&Term>) = match t {
        Term::Unary(_, a, s) => (Some(s), vec![a]),
        Term::Binary(_, a, b, s) | Term::Interval(a, b, s) => (Some(s), vec![a, b]),
        Term::Fun { args, span: s, .. } => (Some(s), args.iter().collect()),
        Term::Pool(alts, s) => (Some(s), alts.iter().collect()),
        _ => (None, Vec::new()),
    };
    if own == Some(span) {
        match t {
            Term::Unary(..) | Term::Binary(..) => return Some(t.to_string()),
            // clingo writes the interval of this message without parentheses
            Term::Interval(lo, hi, _) => return Some(format!("{lo}..{hi}")),
            _ => {}
        }
    }
    children.into_iter().find_map(|c| term_at(c, span))
}

/// Every top-level term of a statement: atoms' terms, comparison sides, aggregate guards and
/// element tuples, weights.
pub(super) fn for_each_term(st: &Statement, f: &mut dyn FnMut(&Term)) {
    let lit = |l: &Literal, f: &mut dyn FnMut(&Term)| l.terms().into_iter().for_each(&mut *f);
    let body = |bs: &[BodyLit], f: &mut dyn FnMut(&Term)| {
        for b in bs {
            match b {
                BodyLit::Lit(l) => lit(l, f),
                BodyLit::Conditional { lit: l, cond, .. } => {
                    lit(l, f);
                    cond.iter().for_each(|c| lit(c, f));
                }
                BodyLit::Aggregate { agg, .. } => {
                    agg.left.iter().chain(&agg.right).for_each(|g| f(&g.term));
                    for e in &agg.elems {
                        e.terms.iter().for_each(&mut *f);
                        e.cond.iter().for_each(|c| lit(c, f));
                    }
                }
            }
        }
    };
    match st {
        Statement::Rule(rule) => {
            match &rule.head {
                Head::None => {}
                Head::Atom(a) => f(&a.term),
                Head::Disjunction(elems) => elems.iter().for_each(|e| {
                    f(&e.atom.term);
                    e.cond.iter().for_each(|c| lit(c, f));
                }),
                Head::Choice {
                    elems, left, right, ..
                } => {
                    left.iter().chain(right).for_each(|g| f(&g.term));
                    elems.iter().for_each(|e| {
                        f(&e.atom.term);
                        e.cond.iter().for_each(|c| lit(c, f));
                    })
                }
                Head::Aggregate {
                    elems, left, right, ..
                } => {
                    left.iter().chain(right).for_each(|g| f(&g.term));
                    elems.iter().for_each(|e| {
                        e.terms.iter().for_each(&mut *f);
                        f(&e.atom.term);
                        e.cond.iter().for_each(|c| lit(c, f));
                    })
                }
            }
            body(&rule.body, f);
        }
        Statement::ShowTerm { term, body: b, .. } => {
            f(term);
            body(b, f);
        }
        Statement::Optimize { elems, .. } => elems.iter().for_each(|e| {
            f(&e.weight);
            e.priority.iter().chain(&e.terms).for_each(&mut *f);
            body(&e.cond, f);
        }),
        Statement::Weak { body: b, elem, .. } => {
            body(b, f);
            f(&elem.weight);
            elem.priority.iter().chain(&elem.terms).for_each(&mut *f);
        }
        Statement::External(e) => {
            f(&e.atom.term);
            body(&e.body, f);
        }
        Statement::Edge { pairs, body: b, .. } => {
            pairs.iter().for_each(|(u, v)| {
                f(u);
                f(v);
            });
            body(b, f);
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn infos(text: &str) -> Vec<String> {
        let statements = crate::syntax::parse(text, "t.lp".into()).unwrap();
        let refs: Vec<&Statement> = statements.iter().collect();
        undefined_atoms(&refs, &|name| name == "n")
            .iter()
            .map(|d| d.to_string())
            .collect()
    }

    // the texts and positions clingo 5.8.3 prints for these programs
    #[test]
    fn body_atoms_without_a_head() {
        assert_eq!(
            infos("a :- b.\nq(X) :- p(X), not r(X+1), #count{ Y : s(Y) } > 0.\np(1)."),
            [
                "t.lp:1:6-7: info: atom does not occur in any rule head:\n  b\n",
                "t.lp:2:19-25: info: atom does not occur in any rule head:\n  r((X+1))\n",
                "t.lp:2:39-43: info: atom does not occur in any rule head:\n  s(Y)\n",
            ]
        );
        assert_eq!(
            infos("-m :- -n. k :- f(-1), g(\"a\\\"b\"), h((1,)), l(-X), x(X). x(1)."),
            [
                "t.lp:1:7-9: info: atom does not occur in any rule head:\n  -n\n",
                "t.lp:1:16-21: info: atom does not occur in any rule head:\n  f(-1)\n",
                "t.lp:1:23-32: info: atom does not occur in any rule head:\n  g(\"a\\\"b\")\n",
                "t.lp:1:34-41: info: atom does not occur in any rule head:\n  h((1,))\n",
                "t.lp:1:43-48: info: atom does not occur in any rule head:\n  l((-X))\n",
            ]
        );
        // defined by a choice, a disjunction, an external, a head aggregate: no info
        assert!(infos("{a}. b;c. #external d. #sum{1:e} >= 0. f :- a, b, c, d, e.").is_empty());
    }

    // clingo 5.8.3 checks a body atom against the head atoms, each alternative of a pool on its
    // own, unless the predicate has a fact (these are its infos for this text)
    #[test]
    fn body_atoms_matching_no_head_atom() {
        let text = "{ p(1); p(2); p(3) }.\nok :- p(4).\nok2 :- p(3;5).\nok3 :- p(X), X=6.\n\
                    q(1). {q(2)}.\nok5 :- q(7).\n{r(1)}. r(2) :- #true.\n\
                    ok6 :- r(3), not r(1), p(\"s\").";
        assert_eq!(
            infos(text),
            [
                "t.lp:2:7-11: info: atom does not occur in any rule head:\n  p(4)\n",
                "t.lp:3:8-14: info: atom does not occur in any rule head:\n  p(5)\n",
                "t.lp:8:8-12: info: atom does not occur in any rule head:\n  r(3)\n",
                "t.lp:8:24-30: info: atom does not occur in any rule head:\n  p(\"s\")\n",
            ]
        );
        // a `#const` may be any value here (clingo knows it: `p(n)` with n=4 is reported)
        assert!(infos("{p(1)}. ok :- p(n).").is_empty());
    }

    #[test]
    fn warning_flags() {
        let w =
            |v: &[&str]| Warnings::from_flags(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert!(!w(&["none"]).unwrap().atom_undefined);
        let only_ops = w(&["none,operation-undefined"]).unwrap();
        assert!(only_ops.operation_undefined && !only_ops.atom_undefined);
        assert!(!w(&["no-atom-undefined"]).unwrap().atom_undefined);
        assert!(w(&["no-file-included"]).is_ok());
        assert!(w(&["bogus"]).is_err());
    }
}
