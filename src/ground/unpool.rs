//! Pools and intervals as clingo reads them: the first step of compilation.
//!
//! A pool `(a;b)` stands for alternatives and an interval `l..h` for the integers between its
//! bounds; what the alternatives and the values mean depends on where they are written. This
//! module expands pools into the form below (every later stage sees pool-free terms);
//! [`super::compile`] turns each interval into a range literal over a fresh variable, placed in
//! the scope this table gives (gringo's "unpool" and "simplify" steps do the same):
//!
//! | written in                                   | pool `(a;b)`                      | interval `l..h`                 |
//! |----------------------------------------------|-----------------------------------|---------------------------------|
//! | a plain body literal, an aggregate guard, a  | one rule per alternative          | range in the body: one rule     |
//! | head atom, a choice or head aggregate guard  |                                   | instance per value              |
//! | the tuple, atom or condition of an aggregate | one element per alternative       | range in the element's          |
//! | or choice element                            |                                   | condition                       |
//! | the condition of a conditional literal or    | one conditional literal (element) | range in that condition         |
//! | of a disjunction element                     | per alternative                   |                                 |
//! | the literal of a conditional body literal    | the **disjunction** of the        | disjunction over the values     |
//! |                                              | alternatives                      | (range local to the literal)    |
//! | the atom of a disjunction element            | the **conjunction** of the        | conjunction over the values     |
//! |                                              | alternatives                      | (range local to the atom)       |
//!
//! So `p(1;2) ; q.` has the answer sets {p(1),p(2)} and {q}, `q(2..1) ; r.` holds trivially
//! (an empty conjunction), and `a :- p(1;2) : q.` needs `p(1)` or `p(2)` when `q` holds.
//!
//! ## Comparison chains
//!
//! A chain `t0 op1 t1 op2 t2 ...` ([`Literal::Chain`]) is one literal until gringo's rewriting
//! is done with it, in three steps (clingo's `RelationLiteral`: `unpool`, `simplify`,
//! `unpoolComparison`):
//!
//! 1. its pools are expanded once for the whole chain: `1 < (X;5) < 3` is the alternatives
//!    `1 < X < 3` and `1 < 5 < 3` (not `1 < X, 5 < 3` — the middle term is written once), and
//!    the alternatives go where the table puts those of a literal in that place;
//! 2. a *negated* chain with a term undefined whatever its variables (`not 1 < 2 < 1/0`)
//!    holds: gringo's simplification makes that alternative `0 = 0` (a plain or negated
//!    comparison with such a term is false instead), and the disjunction of the alternatives
//!    holds with it. [`super::static_undefined::settle_negated_chains`] decides it for the
//!    whole statement before anything else is compiled (keeping the safety check the other
//!    alternatives still get);
//! 3. it is split: a chain is the conjunction `t0 op1 t1, t1 op2 t2, ...` whose comparisons
//!    share their middle terms — an interval there is one range for the chain
//!    (`1 < 1..2 < 2` never holds), compiled once (`Compiler::literals`); a negated chain is
//!    the disjunction `t0 !op1 t1 ; t1 !op2 t2 ; ...` and its comparisons are alternatives
//!    like those of a pool ([`literal_alternatives`]): one rule per comparison in a body, one
//!    condition per comparison in a condition (so one element or conditional literal each),
//!    alternatives of a conditional literal's literal. Evaluated at grounding, a comparison
//!    with an undefined term is false, so `not 1 < 2/Y < 2` does not hold for `Y = 0`. An
//!    interval in a negated chain is one range beside *every* comparison, also those that do
//!    not mention it (gringo binds it to a variable before splitting): `not 1 < 0 < 2..1`
//!    never holds, `not 1 < 1..2 < 0` does ([`negated_chain_alternatives`]).

use crate::syntax::ast::*;

/// Every pool-free alternative of a term (cartesian product over nested pools).
pub fn expand_term(t: &Term) -> Vec<Term> {
    match t {
        Term::Pool(alts, _) => alts.iter().flat_map(expand_term).collect(),
        Term::Fun {
            name,
            args,
            negative,
            span,
        } => product(args, expand_term)
            .into_iter()
            .map(|args| Term::Fun {
                name: name.clone(),
                args,
                negative: *negative,
                span: span.clone(),
            })
            .collect(),
        Term::Unary(op, x, span) => expand_term(x)
            .into_iter()
            .map(|x| Term::Unary(*op, Box::new(x), span.clone()))
            .collect(),
        Term::Binary(op, x, y, span) => {
            let ys = expand_term(y);
            expand_term(x)
                .into_iter()
                .flat_map(|x| {
                    ys.iter().map(move |y| {
                        Term::Binary(*op, Box::new(x.clone()), Box::new(y.clone()), span.clone())
                    })
                })
                .collect()
        }
        Term::Interval(x, y, span) => {
            let ys = expand_term(y);
            expand_term(x)
                .into_iter()
                .flat_map(|x| {
                    ys.iter().map(move |y| {
                        Term::Interval(Box::new(x.clone()), Box::new(y.clone()), span.clone())
                    })
                })
                .collect()
        }
        _ => vec![t.clone()],
    }
}

/// Cartesian product of the expansions of each item.
pub fn product<T, U: Clone>(items: &[T], expand: impl Fn(&T) -> Vec<U>) -> Vec<Vec<U>> {
    let mut acc: Vec<Vec<U>> = vec![Vec::new()];
    for item in items {
        let alts = expand(item);
        let mut next = Vec::with_capacity(acc.len() * alts.len());
        for prefix in &acc {
            for alt in &alts {
                let mut v = prefix.clone();
                v.push(alt.clone());
                next.push(v);
            }
        }
        acc = next;
    }
    acc
}

pub fn expand_atom(a: &Atom) -> Vec<Atom> {
    expand_term(&a.term)
        .into_iter()
        .map(|term| Atom {
            term,
            span: a.span.clone(),
        })
        .collect()
}

/// The alternatives of a literal, each a conjunction: one literal per alternative of its
/// pools, except a negated chain, whose alternatives are its negated comparisons, each with
/// the chain's intervals beside it ([`negated_chain_alternatives`]).
pub fn literal_alternatives(l: &Literal) -> Vec<Vec<Literal>> {
    match l {
        Literal::Atom { sign, atom } => expand_atom(atom)
            .into_iter()
            .map(|atom| vec![Literal::Atom { sign: *sign, atom }])
            .collect(),
        Literal::Comparison { op, lhs, rhs, span } => {
            let rs = expand_term(rhs);
            expand_term(lhs)
                .into_iter()
                .flat_map(|lhs| {
                    rs.iter().map(move |rhs| {
                        vec![Literal::Comparison {
                            op: *op,
                            lhs: lhs.clone(),
                            rhs: rhs.clone(),
                            span: span.clone(),
                        }]
                    })
                })
                .collect()
        }
        Literal::Chain {
            negated,
            first,
            rest,
            span,
        } => {
            let terms: Vec<&Term> = std::iter::once(first)
                .chain(rest.iter().map(|(_, t)| t))
                .collect();
            let mut out = Vec::new();
            for terms in product(&terms, |t| expand_term(t)) {
                let mut terms = terms.into_iter();
                let first = terms.next().expect("a chain has a first term");
                let rest: Vec<(CmpOp, Term)> = rest.iter().map(|(op, _)| *op).zip(terms).collect();
                if *negated {
                    out.extend(negated_chain_alternatives(first, rest, span));
                } else {
                    out.push(vec![Literal::Chain {
                        negated: false,
                        first,
                        rest,
                        span: span.clone(),
                    }]);
                }
            }
            out
        }
        Literal::Bool(..) => vec![vec![l.clone()]],
    }
}

/// The comparisons of a chain without pools, in order: `t0 op1 t1`, `t1 op2 t2`, ...
pub fn chain_comparisons<'t>(
    first: &'t Term,
    rest: &'t [(CmpOp, Term)],
) -> impl Iterator<Item = (&'t Term, CmpOp, &'t Term)> {
    let lefts = std::iter::once(first).chain(rest.iter().map(|(_, t)| t));
    lefts.zip(rest).map(|(l, (op, r))| (l, *op, r))
}

/// `not t0 op1 t1 op2 t2 ...` as the alternatives `t0 !op1 t1`, `t1 !op2 t2`, ... (one of
/// them holds exactly when the conjunction does not). gringo replaces each interval of the
/// chain by a variable bound by a range literal beside the chain before splitting it, so
/// every alternative has every range, also those of intervals it does not mention (`not 1 <
/// 0 < 2..1` never holds). Here each interval becomes the variable `#Ichain_pos:k`, which a
/// user cannot write, and its range the equation `#I… = l..h` in every alternative.
fn negated_chain_alternatives(
    mut first: Term,
    mut rest: Vec<(CmpOp, Term)>,
    span: &Span,
) -> Vec<Vec<Literal>> {
    let mut ranges = Vec::new();
    let tag = format!("#I{}:{}", span.start_line, span.start_col);
    name_intervals(&mut first, &tag, &mut ranges);
    for (_, t) in &mut rest {
        name_intervals(t, &tag, &mut ranges);
    }
    chain_comparisons(&first, &rest)
        .map(|(lhs, op, rhs)| {
            let comparison = Literal::Comparison {
                op: op.negate(),
                lhs: lhs.clone(),
                rhs: rhs.clone(),
                span: span.clone(),
            };
            std::iter::once(comparison)
                .chain(ranges.iter().cloned())
                .collect()
        })
        .collect()
}

/// Replaces each outermost interval of `t` by a fresh variable and pushes the equation
/// `variable = interval` that binds it onto `ranges`.
fn name_intervals(t: &mut Term, tag: &str, ranges: &mut Vec<Literal>) {
    match t {
        Term::Interval(_, _, span) => {
            let var = Term::Var(format!("{tag}:{}", ranges.len()), span.clone());
            let span = span.clone();
            let interval = std::mem::replace(t, var.clone());
            ranges.push(Literal::Comparison {
                op: CmpOp::Eq,
                lhs: var,
                rhs: interval,
                span,
            });
        }
        Term::Fun { args, .. } | Term::Pool(args, _) => {
            args.iter_mut().for_each(|a| name_intervals(a, tag, ranges))
        }
        Term::Unary(_, x, _) => name_intervals(x, tag, ranges),
        Term::Binary(_, x, y, _) => {
            name_intervals(x, tag, ranges);
            name_intervals(y, tag, ranges);
        }
        _ => {}
    }
}

/// A condition (conjunction) with pools: every combination of alternatives.
pub fn expand_conjunction(lits: &[Literal]) -> Vec<Vec<Literal>> {
    product(lits, literal_alternatives)
        .into_iter()
        .map(|parts| parts.into_iter().flatten().collect())
        .collect()
}

/// The alternatives of an optional guard (`None` stays `None`).
fn guard_alternatives(g: &Option<Guard>) -> Vec<Option<Guard>> {
    match g {
        None => vec![None],
        Some(g) => expand_term(&g.term)
            .into_iter()
            .map(|term| Some(Guard { op: g.op, term }))
            .collect(),
    }
}

/// Every combination of the alternatives of a left and a right guard.
fn guard_pairs(left: &Option<Guard>, right: &Option<Guard>) -> Vec<(Option<Guard>, Option<Guard>)> {
    let rights = guard_alternatives(right);
    guard_alternatives(left)
        .into_iter()
        .flat_map(|l| rights.iter().map(move |r| (l.clone(), r.clone())))
        .collect()
}

/// The elements of an aggregate with their pools expanded (one element per alternative). The
/// tuple of a set element (`{ p(1;X) : q(X) }`) is its atom: both take the same alternative
/// (gringo unpools the literal and derives the tuple from it).
pub fn aggregate_elems(elems: &[AggElem]) -> Vec<AggElem> {
    let mut out = Vec::new();
    for e in elems {
        if e.tuple_is_atom && !e.terms.is_empty() && !e.cond.is_empty() {
            // the tuple and the atom have the same shape, so their alternatives pair up (a
            // second tuple term is a constant marking `not not`)
            let tuples = expand_term(&e.terms[0]);
            let literals = literal_alternatives(&e.cond[0]);
            for (tuple, lits) in tuples.into_iter().zip(literals) {
                for rest in expand_conjunction(&e.cond[1..]) {
                    let terms = std::iter::once(tuple.clone())
                        .chain(e.terms[1..].iter().cloned())
                        .collect();
                    out.push(AggElem {
                        terms,
                        cond: lits.iter().cloned().chain(rest).collect(),
                        span: e.span.clone(),
                        tuple_is_atom: true,
                    });
                }
            }
            continue;
        }
        for terms in product(&e.terms, expand_term) {
            for cond in expand_conjunction(&e.cond) {
                out.push(AggElem {
                    terms: terms.clone(),
                    cond,
                    span: e.span.clone(),
                    tuple_is_atom: e.tuple_is_atom,
                });
            }
        }
    }
    out
}

/// The alternative bodies of a rule. Plain literals and aggregate guards split the rule; a
/// conditional literal becomes one conditional literal per alternative of its condition, its
/// literal kept as written (its pools are a disjunction: [`conditional_alternatives`]);
/// aggregate elements are kept as written ([`aggregate_elems`]).
pub fn bodies(body: &[BodyLit]) -> Vec<Vec<BodyLit>> {
    let mut body_alts: Vec<Vec<Vec<BodyLit>>> = Vec::new();
    for b in body {
        match b {
            BodyLit::Lit(l) => body_alts.push(
                literal_alternatives(l)
                    .into_iter()
                    .map(|lits| lits.into_iter().map(BodyLit::Lit).collect())
                    .collect(),
            ),
            BodyLit::Conditional {
                lit,
                cond,
                span,
                negated_head,
            } => {
                let conj = expand_conjunction(cond)
                    .into_iter()
                    .map(|cond| BodyLit::Conditional {
                        lit: lit.clone(),
                        cond,
                        span: span.clone(),
                        negated_head: *negated_head,
                    })
                    .collect();
                body_alts.push(vec![conj]);
            }
            BodyLit::Aggregate { sign, agg } => body_alts.push(
                guard_pairs(&agg.left, &agg.right)
                    .into_iter()
                    .map(|(left, right)| {
                        vec![BodyLit::Aggregate {
                            sign: *sign,
                            agg: Aggregate {
                                left,
                                right,
                                ..agg.clone()
                            },
                        }]
                    })
                    .collect(),
            ),
        }
    }
    product(&body_alts, |alts| alts.clone())
        .into_iter()
        .map(|parts| parts.into_iter().flatten().collect())
        .collect()
}

/// The literal of a conditional body literal: the alternatives of which one must hold (each a
/// conjunction, local to the literal).
pub fn conditional_alternatives(lit: &Literal) -> Vec<Vec<Literal>> {
    literal_alternatives(lit)
}

/// The alternative heads of a rule: a head atom or a guard with pools splits the rule; choice
/// and head aggregate elements expand into one element per alternative. Disjunctions are
/// kept as written ([`disjunction_elems`]).
pub fn heads(head: &Head) -> Vec<Head> {
    match head {
        Head::Atom(a) => expand_atom(a).into_iter().map(Head::Atom).collect(),
        Head::Choice {
            elems,
            left,
            right,
            span,
        } => {
            let mut new_elems = Vec::new();
            for e in elems {
                for atom in expand_atom(&e.atom) {
                    for cond in expand_conjunction(&e.cond) {
                        new_elems.push(ChoiceElem {
                            atom: atom.clone(),
                            cond,
                            span: e.span.clone(),
                        });
                    }
                }
            }
            guard_pairs(left, right)
                .into_iter()
                .map(|(left, right)| Head::Choice {
                    elems: new_elems.clone(),
                    left,
                    right,
                    span: span.clone(),
                })
                .collect()
        }
        Head::Aggregate {
            func,
            elems,
            left,
            right,
            span,
        } => {
            let mut new_elems = Vec::new();
            for e in elems {
                for atom in expand_atom(&e.atom) {
                    for terms in product(&e.terms, expand_term) {
                        for cond in expand_conjunction(&e.cond) {
                            new_elems.push(HeadAggElem {
                                terms: terms.clone(),
                                atom: atom.clone(),
                                cond,
                                span: e.span.clone(),
                            });
                        }
                    }
                }
            }
            guard_pairs(left, right)
                .into_iter()
                .map(|(left, right)| Head::Aggregate {
                    func: *func,
                    elems: new_elems.clone(),
                    left,
                    right,
                    span: span.clone(),
                })
                .collect()
        }
        Head::None | Head::Disjunction(_) => vec![head.clone()],
    }
}

/// A disjunction element after unpooling: it holds when its condition does and every one of
/// its head atoms (each over the values of its own intervals) is true.
pub struct DisjunctionElem {
    pub heads: Vec<Atom>,
    pub cond: Vec<Literal>,
    pub span: Span,
}

/// The elements of a disjunction: one per alternative of each element's condition, with the
/// alternatives of its atom as a conjunction of heads.
pub fn disjunction_elems(elems: &[DisjElem]) -> Vec<DisjunctionElem> {
    let mut out = Vec::new();
    for e in elems {
        let heads = expand_atom(&e.atom);
        for cond in expand_conjunction(&e.cond) {
            out.push(DisjunctionElem {
                heads: heads.clone(),
                cond,
                span: e.span.clone(),
            });
        }
    }
    out
}

pub(super) fn literal_vars(l: &Literal, out: &mut Vec<String>) {
    l.terms().into_iter().for_each(|t| term_vars(t, out));
}

pub(super) fn term_vars(t: &Term, out: &mut Vec<String>) {
    match t {
        Term::Var(name, _) => out.push(name.clone()),
        Term::Fun { args, .. } | Term::Pool(args, _) => args.iter().for_each(|a| term_vars(a, out)),
        Term::Unary(_, x, _) => term_vars(x, out),
        Term::Binary(_, x, y, _) | Term::Interval(x, y, _) => {
            term_vars(x, out);
            term_vars(y, out);
        }
        _ => {}
    }
}
