//! How clingo 5.8.3 writes an arithmetic term in its `operation undefined` info. Before
//! grounding, clingo's grounder simplifies arithmetic: constant parts are folded, and an
//! operation on one variable that occurs once with constants (`2+Y`, `1-Y`, `Y*2+1`) becomes a
//! linear term `m*Y+n`, written `(Y+2)`, `(-1*Y+1)`, `(2*Y+1)` (`(Y+n)` when `m` is 1, even for
//! `n` = 0; `(m*Y)` when `n` is 0) and placed at the variable. Other operations keep their
//! shape, with their folded and linear parts written as above.

use crate::syntax::ast::{BinOp, Span, Term, UnOp};
use crate::syntax::bin_op;

/// What clingo's simplification makes of an arithmetic term.
enum Arith<'a> {
    Constant(i64),
    Linear {
        var: &'a str,
        span: &'a Span,
        m: i64,
        n: i64,
    },
    Other,
}

fn arith(t: &Term) -> Arith<'_> {
    use Arith::*;
    match t {
        Term::Int(n) => Constant(*n),
        Term::Var(name, span) => Linear {
            var: name,
            span,
            m: 1,
            n: 0,
        },
        Term::Unary(UnOp::Minus, a, _) => match arith(a) {
            Constant(c) => c.checked_neg().map_or(Other, Constant),
            Linear { var, span, m, n } => Linear {
                var,
                span,
                m: -m,
                n: -n,
            },
            Other => Other,
        },
        Term::Unary(op, a, _) => match arith(a) {
            Constant(c) => match op {
                UnOp::Abs => c.checked_abs().map_or(Other, Constant),
                _ => Constant(!c),
            },
            _ => Other,
        },
        Term::Binary(op, a, b, _) => binary(*op, arith(a), arith(b)),
        _ => Other,
    }
}

fn binary<'a>(op: BinOp, left: Arith<'a>, right: Arith<'a>) -> Arith<'a> {
    use Arith::*;
    let linear = |var, span, m: Option<i64>, n: Option<i64>| match (m, n) {
        (Some(m), Some(n)) => Linear { var, span, m, n },
        _ => Other,
    };
    match (left, right) {
        // clingo keeps a product with 0 as it is
        (Constant(0), _) | (_, Constant(0)) if op == BinOp::Mul => Other,
        (Constant(x), Constant(y)) => fold(op, x, y).map_or(Other, Constant),
        (Constant(c), Linear { var, span, m, n }) => match op {
            BinOp::Add => linear(var, span, Some(m), n.checked_add(c)),
            BinOp::Sub => linear(var, span, m.checked_neg(), c.checked_sub(n)),
            BinOp::Mul => linear(var, span, m.checked_mul(c), n.checked_mul(c)),
            _ => Other,
        },
        (Linear { var, span, m, n }, Constant(c)) => match op {
            BinOp::Add => linear(var, span, Some(m), n.checked_add(c)),
            BinOp::Sub => linear(var, span, Some(m), n.checked_sub(c)),
            BinOp::Mul => linear(var, span, m.checked_mul(c), n.checked_mul(c)),
            _ => Other,
        },
        _ => Other,
    }
}

/// A constant operation's value (`None`: undefined, or beyond what aspsat folds).
fn fold(op: BinOp, x: i64, y: i64) -> Option<i64> {
    match op {
        BinOp::Add => x.checked_add(y),
        BinOp::Sub => x.checked_sub(y),
        BinOp::Mul => x.checked_mul(y),
        BinOp::Div => x.checked_div(y),
        BinOp::Mod => x.checked_rem(y),
        BinOp::Pow => u32::try_from(y).ok().and_then(|e| x.checked_pow(e)),
        BinOp::And => Some(x & y),
        BinOp::Or => Some(x | y),
        BinOp::Xor => Some(x ^ y),
    }
}

fn linear_text(var: &str, m: i64, n: i64) -> String {
    if m == 1 {
        format!("({var}+{n})")
    } else if n == 0 {
        format!("({m}*{var})")
    } else {
        format!("({m}*{var}+{n})")
    }
}

/// How clingo writes `t` as the part of a larger operation.
fn operand_text(t: &Term) -> String {
    match arith(t) {
        Arith::Constant(c) => c.to_string(),
        Arith::Linear {
            var, m: 1, n: 0, ..
        } => var.to_string(),
        Arith::Linear { var, m, n, .. } => linear_text(var, m, n),
        Arith::Other => operation_text(t),
    }
}

/// How clingo writes the operation `t` whose value is undefined.
fn operation_text(t: &Term) -> String {
    match t {
        Term::Binary(op, a, b, _) => {
            format!("({}{}{})", operand_text(a), bin_op(*op), operand_text(b))
        }
        Term::Unary(UnOp::Abs, a, _) => format!("|{}|", operand_text(a)),
        Term::Unary(UnOp::Minus, a, _) => format!("(-{})", operand_text(a)),
        Term::Unary(UnOp::BitNot, a, _) => format!("(~{})", operand_text(a)),
        _ => t.to_string(),
    }
}

/// The text and place of clingo's info for the undefined operation at `span` in `t` (`None`:
/// no operation of `t` is there): the operation as clingo writes it, or the largest linear
/// term around it, at its variable.
pub fn undefined_operation(t: &Term, span: &Span) -> Option<(String, Span)> {
    let mut path = Vec::new();
    if !path_to(t, span, &mut path) {
        return None;
    }
    let failing = *path.last()?;
    if !matches!(failing, Term::Unary(..) | Term::Binary(..)) {
        return None;
    }
    // the outermost linear term that contains the failing operation
    let linear = path
        .iter()
        .rev()
        .map_while(|node| match arith(node) {
            Arith::Linear { var, span, m, n } => Some((linear_text(var, m, n), span.clone())),
            _ => None,
        })
        .last();
    Some(linear.unwrap_or_else(|| (operation_text(failing), span.clone())))
}

fn path_to<'a>(t: &'a Term, span: &Span, path: &mut Vec<&'a Term>) -> bool {
    path.push(t);
    let (own, children): (Option<&Span>, Vec<&Term>) = match t {
        Term::Unary(_, a, s) => (Some(s), vec![a]),
        Term::Binary(_, a, b, s) | Term::Interval(a, b, s) => (Some(s), vec![a, b]),
        Term::Fun { args, span: s, .. } => (Some(s), args.iter().collect()),
        Term::Pool(alts, s) => (Some(s), alts.iter().collect()),
        _ => (None, Vec::new()),
    };
    if own == Some(span) && matches!(t, Term::Unary(..) | Term::Binary(..)) {
        return true;
    }
    if children.into_iter().any(|c| path_to(c, span, path)) {
        return true;
    }
    path.pop();
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// clingo's info text and column range for the innermost operation over `Y` in the rule
    /// (the one aspsat's grounder finds undefined when `Y` is a constant).
    fn info(rule: &str) -> (String, (u32, u32)) {
        let stmts = crate::syntax::parse(rule, "t.lp".into()).expect("parses");
        let mut found = None;
        let mut visit = |t: &Term| {
            if found.is_none()
                && let Some(s) = innermost_operation(t)
            {
                found = undefined_operation(t, &s);
            }
        };
        for st in &stmts {
            super::super::undefined::for_each_term(st, &mut visit);
        }
        let (text, span) = found.expect("an operation");
        (text, (span.start_col, span.end_col))
    }

    fn innermost_operation(t: &Term) -> Option<Span> {
        let over_y = |s: &Span| t.to_string().contains('Y').then(|| s.clone());
        match t {
            Term::Unary(_, a, s) => innermost_operation(a).or_else(|| over_y(s)),
            Term::Binary(_, a, b, s) => innermost_operation(a)
                .or_else(|| innermost_operation(b))
                .or_else(|| over_y(s)),
            Term::Fun { args, .. } => args.iter().find_map(innermost_operation),
            _ => None,
        }
    }

    #[test]
    fn linear_terms_as_clingo_writes_them() {
        // each case: what clingo 5.8.3 printed for `u(X) :- q(Y), X = TERM.` with q(a)
        let cases = [
            ("u(X) :- q(Y), X = 2+Y.", "(Y+2)", (21, 22)),
            ("u(X) :- q(Y), X = Y*2+1.", "(2*Y+1)", (19, 20)),
            ("u(X) :- q(Y), X = 1+(Y+3).", "(Y+4)", (22, 23)),
            ("u(X) :- q(Y), X = 2*Y.", "(2*Y)", (21, 22)),
            ("u(X) :- q(Y), X = Y-1.", "(Y+-1)", (19, 20)),
            ("u(X) :- q(Y), X = 1-Y.", "(-1*Y+1)", (21, 22)),
            ("u(X) :- q(Y), X = Y+0.", "(Y+0)", (19, 20)),
            ("u(X) :- q(Y), X = 3*Y-2.", "(3*Y+-2)", (21, 22)),
            ("u(X) :- q(Y), X = Y+Y.", "(Y+Y)", (19, 22)),
            ("u(X) :- q(Y), X = f(Y)+1.", "(f(Y)+1)", (19, 25)),
            ("u(X) :- q(Y), X = |Y|.", "|Y|", (19, 22)),
            ("u(X) :- q(Y), X = (1+1)/Y.", "(2/Y)", (19, 26)),
        ];
        for (rule, text, cols) in cases {
            assert_eq!(info(rule), (text.to_string(), cols), "{rule}");
        }
    }
}
