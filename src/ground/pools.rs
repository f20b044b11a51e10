//! Pool expansion: `p(1;2)` stands for `p(1)` and `p(2)`. Pools are expanded before anything
//! else, so later stages see pool-free terms.

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

pub fn expand_literal(l: &Literal) -> Vec<Literal> {
    match l {
        Literal::Atom { sign, atom } => expand_atom(atom)
            .into_iter()
            .map(|atom| Literal::Atom { sign: *sign, atom })
            .collect(),
        Literal::Comparison { op, lhs, rhs, span } => {
            let rs = expand_term(rhs);
            expand_term(lhs)
                .into_iter()
                .flat_map(|lhs| {
                    rs.iter().map(move |rhs| Literal::Comparison {
                        op: *op,
                        lhs: lhs.clone(),
                        rhs: rhs.clone(),
                        span: span.clone(),
                    })
                })
                .collect()
        }
        Literal::Bool(..) => vec![l.clone()],
    }
}

/// A condition (conjunction) with pools: every combination of alternatives.
pub fn expand_conjunction(lits: &[Literal]) -> Vec<Vec<Literal>> {
    product(lits, expand_literal)
}
