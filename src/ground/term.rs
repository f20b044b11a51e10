//! Compiled terms: variables are numbered per rule, ground subterms are interned symbols.
//! Evaluation implements clingo's arithmetic (32-bit, truncating division, undefined operations
//! drop the rule instance) and matching binds variables against ground symbols.

use crate::symbol::{Int, NameId, Sym, SymData, SymbolTable};
use crate::syntax::ast::{BinOp, CmpOp, Span, UnOp};

pub type VarId = usize;

/// A term with variables replaced by indices into the rule's [`Binding`].
#[derive(Clone, Debug)]
pub enum CTerm {
    Sym(Sym),
    Var(VarId),
    Fun {
        name: NameId,
        args: Vec<CTerm>,
        negative: bool,
    },
    Unary(UnOp, Box<CTerm>, Span),
    Binary(BinOp, Box<CTerm>, Box<CTerm>, Span),
}

/// The current values of a rule's variables.
pub type Binding = Vec<Option<Sym>>;

/// Why a term has no value.
#[derive(Debug, Clone)]
pub enum EvalError {
    /// clingo's "operation undefined" (division by zero, arithmetic on non-integers): the rule
    /// instance is dropped with an info message.
    Undefined(Span),
    /// The result does not fit clingo's 32-bit integers: a hard error, never a silent wrap.
    Overflow(Span),
}

impl CTerm {
    pub fn collect_vars(&self, out: &mut Vec<VarId>) {
        match self {
            CTerm::Sym(_) => {}
            CTerm::Var(v) => out.push(*v),
            CTerm::Fun { args, .. } => args.iter().for_each(|a| a.collect_vars(out)),
            CTerm::Unary(_, t, _) => t.collect_vars(out),
            CTerm::Binary(_, a, b, _) => {
                a.collect_vars(out);
                b.collect_vars(out);
            }
        }
    }

    pub fn vars(&self) -> Vec<VarId> {
        let mut v = Vec::new();
        self.collect_vars(&mut v);
        v
    }

    /// Variables that matching this term against a symbol can bind (those not under arithmetic,
    /// except the invertible forms `t + c`, `t - c`, `c + t`, `-t`).
    pub fn collect_bindable(&self, out: &mut Vec<VarId>) {
        match self {
            CTerm::Sym(_) => {}
            CTerm::Var(v) => out.push(*v),
            CTerm::Fun { args, .. } => args.iter().for_each(|a| a.collect_bindable(out)),
            CTerm::Unary(UnOp::Minus, t, _) => t.collect_bindable(out),
            CTerm::Binary(BinOp::Add | BinOp::Sub, a, b, _) if b.is_ground() => {
                a.collect_bindable(out)
            }
            CTerm::Binary(BinOp::Add, a, b, _) if a.is_ground() => b.collect_bindable(out),
            _ => {}
        }
    }

    pub fn is_ground(&self) -> bool {
        matches!(self, CTerm::Sym(_))
    }
}

fn int_result(v: i64, span: &Span) -> Result<Int, EvalError> {
    Int::try_from(v).map_err(|_| EvalError::Overflow(span.clone()))
}

/// Evaluates a term whose variables are all bound.
pub fn eval(t: &CTerm, b: &Binding, syms: &mut SymbolTable) -> Result<Sym, EvalError> {
    match t {
        CTerm::Sym(s) => Ok(*s),
        CTerm::Var(v) => Ok(b[*v].expect("evaluation plan binds variables before use")),
        CTerm::Fun {
            name,
            args,
            negative,
        } => {
            let mut vals = Vec::with_capacity(args.len());
            for a in args {
                vals.push(eval(a, b, syms)?);
            }
            if *negative {
                // `-f(X)`: only a constant or function may be classically negated.
                if args.is_empty() && name.0 == 0 {
                    return Err(undefined_here(t));
                }
            }
            Ok(syms.function(*name, vals, *negative))
        }
        CTerm::Unary(op, x, span) => {
            let xv = eval(x, b, syms)?;
            if *op == UnOp::Minus
                && let SymData::Fun {
                    name,
                    args,
                    negative,
                } = syms.get(xv).clone()
                && name.0 != 0
            {
                return Ok(syms.function(name, args, !negative));
            }
            let n = syms
                .as_int(xv)
                .ok_or_else(|| EvalError::Undefined(span.clone()))? as i64;
            let r = match op {
                UnOp::Minus => -n,
                UnOp::BitNot => !n,
                UnOp::Abs => n.abs(),
            };
            Ok(syms.num(int_result(r, span)?))
        }
        CTerm::Binary(op, x, y, span) => {
            let xv = eval(x, b, syms)?;
            let yv = eval(y, b, syms)?;
            let undefined = || EvalError::Undefined(span.clone());
            let a = syms.as_int(xv).ok_or_else(undefined)? as i64;
            let c = syms.as_int(yv).ok_or_else(undefined)? as i64;
            let r = match op {
                BinOp::Add => a + c,
                BinOp::Sub => a - c,
                BinOp::Mul => a * c,
                BinOp::Div => {
                    if c == 0 {
                        return Err(undefined());
                    }
                    a / c
                }
                BinOp::Mod => {
                    if c == 0 {
                        return Err(undefined());
                    }
                    a % c
                }
                BinOp::Pow => {
                    if c < 0 {
                        // clingo: a negative exponent gives 0 (even for 1), and 0 ** -n is
                        // undefined
                        if a == 0 {
                            return Err(undefined());
                        }
                        0
                    } else {
                        let e = u32::try_from(c).map_err(|_| EvalError::Overflow(span.clone()))?;
                        a.checked_pow(e)
                            .ok_or_else(|| EvalError::Overflow(span.clone()))?
                    }
                }
                BinOp::And => a & c,
                BinOp::Or => a | c,
                BinOp::Xor => a ^ c,
            };
            Ok(syms.num(int_result(r, span)?))
        }
    }
}

fn undefined_here(t: &CTerm) -> EvalError {
    match t {
        CTerm::Unary(_, _, s) | CTerm::Binary(_, _, _, s) => EvalError::Undefined(s.clone()),
        _ => EvalError::Undefined(Span {
            file: "<term>".into(),
            start_line: 0,
            start_col: 0,
            end_line: 0,
            end_col: 0,
        }),
    }
}

/// Matches `pattern` against the ground `value`, binding unbound variables (recorded on `trail`
/// so the caller can undo them). Subterms whose variables are all bound are evaluated.
pub fn unify(
    pattern: &CTerm,
    value: Sym,
    b: &mut Binding,
    trail: &mut Vec<VarId>,
    syms: &mut SymbolTable,
) -> Result<bool, EvalError> {
    match pattern {
        CTerm::Sym(s) => Ok(*s == value),
        CTerm::Var(v) => match b[*v] {
            Some(s) => Ok(s == value),
            None => {
                b[*v] = Some(value);
                trail.push(*v);
                Ok(true)
            }
        },
        CTerm::Fun {
            name,
            args,
            negative,
        } => {
            let (vname, vargs, vneg) = match syms.get(value) {
                SymData::Fun {
                    name,
                    args,
                    negative,
                } => (*name, args.clone(), *negative),
                _ => return Ok(false),
            };
            if vname != *name || vneg != *negative || vargs.len() != args.len() {
                return Ok(false);
            }
            for (p, v) in args.iter().zip(vargs) {
                if !unify(p, v, b, trail, syms)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        _ => {
            if all_bound(pattern, b) {
                return match eval(pattern, b, syms) {
                    Ok(s) => Ok(s == value),
                    Err(EvalError::Undefined(_)) => Ok(false),
                    Err(e) => Err(e),
                };
            }
            // Invert the linear forms that `collect_bindable` admits.
            let Some(n) = syms.as_int(value) else {
                return Ok(false);
            };
            let n = n as i64;
            let (inner, target) = match pattern {
                CTerm::Unary(UnOp::Minus, t, _) => (t.as_ref(), -n),
                CTerm::Binary(op @ (BinOp::Add | BinOp::Sub), x, c, _) if c.is_ground() => {
                    let Some(k) = ground_int(c, syms) else {
                        return Ok(false);
                    };
                    (x.as_ref(), if *op == BinOp::Add { n - k } else { n + k })
                }
                CTerm::Binary(BinOp::Add, c, x, _) if c.is_ground() => {
                    let Some(k) = ground_int(c, syms) else {
                        return Ok(false);
                    };
                    (x.as_ref(), n - k)
                }
                _ => unreachable!("plan schedules non-invertible arithmetic after its variables"),
            };
            match Int::try_from(target) {
                Ok(t) => {
                    let s = syms.num(t);
                    unify(inner, s, b, trail, syms)
                }
                Err(_) => Ok(false),
            }
        }
    }
}

fn ground_int(t: &CTerm, syms: &SymbolTable) -> Option<i64> {
    match t {
        CTerm::Sym(s) => syms.as_int(*s).map(|n| n as i64),
        _ => None,
    }
}

pub fn all_bound(t: &CTerm, b: &Binding) -> bool {
    match t {
        CTerm::Sym(_) => true,
        CTerm::Var(v) => b[*v].is_some(),
        CTerm::Fun { args, .. } => args.iter().all(|a| all_bound(a, b)),
        CTerm::Unary(_, x, _) => all_bound(x, b),
        CTerm::Binary(_, x, y, _) => all_bound(x, b) && all_bound(y, b),
    }
}

/// clingo's comparison of two ground terms.
pub fn compare(op: CmpOp, x: Sym, y: Sym, syms: &SymbolTable) -> bool {
    op.holds(syms.compare(x, y))
}
