//! Terms and atoms as clingo prints them in its messages: operations in parentheses without
//! spaces (`(X+1)`, `(-X)`), strings with their escapes, `(a,)` for a one-element tuple.

use super::ast::{BinOp, Term, UnOp};
use std::fmt;

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Term::Int(n) => write!(f, "{n}"),
            Term::Str(s) => {
                f.write_str("\"")?;
                for c in s.chars() {
                    match c {
                        '"' => f.write_str("\\\"")?,
                        '\\' => f.write_str("\\\\")?,
                        '\n' => f.write_str("\\n")?,
                        c => write!(f, "{c}")?,
                    }
                }
                f.write_str("\"")
            }
            Term::Inf => f.write_str("#inf"),
            Term::Sup => f.write_str("#sup"),
            Term::Var(name, _) => f.write_str(name),
            Term::Anonymous(_) => f.write_str("_"),
            Term::Fun {
                name,
                args,
                negative,
                ..
            } => {
                if *negative {
                    f.write_str("-")?;
                }
                f.write_str(name)?;
                if args.is_empty() && !name.is_empty() {
                    return Ok(());
                }
                f.write_str("(")?;
                list(f, args, ",")?;
                if name.is_empty() && args.len() == 1 {
                    f.write_str(",")?;
                }
                f.write_str(")")
            }
            // clingo folds the minus of a number literal: `f(-1)`, but `(-X)`
            Term::Unary(UnOp::Minus, t, _) if matches!(**t, Term::Int(_)) => write!(f, "-{t}"),
            Term::Unary(UnOp::Minus, t, _) => write!(f, "(-{t})"),
            Term::Unary(UnOp::BitNot, t, _) => write!(f, "(~{t})"),
            Term::Unary(UnOp::Abs, t, _) => write!(f, "|{t}|"),
            Term::Binary(op, l, r, _) => write!(f, "({l}{}{r})", bin_op(*op)),
            Term::Interval(l, r, _) => write!(f, "({l}..{r})"),
            Term::Pool(alternatives, _) => {
                f.write_str("(")?;
                list(f, alternatives, ";")?;
                f.write_str(")")
            }
        }
    }
}

fn list(f: &mut fmt::Formatter<'_>, terms: &[Term], separator: &str) -> fmt::Result {
    for (i, t) in terms.iter().enumerate() {
        if i > 0 {
            f.write_str(separator)?;
        }
        write!(f, "{t}")?;
    }
    Ok(())
}

/// How an operator is written.
pub fn bin_op(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::Mul => "*",
        BinOp::Div => "/",
        BinOp::Mod => "\\",
        BinOp::Pow => "**",
        BinOp::And => "&",
        BinOp::Or => "?",
        BinOp::Xor => "^",
    }
}
