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

/// `coef·var + offset` (see [`CTerm::linear`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Linear {
    pub var: VarId,
    pub coef: i64,
    pub offset: i64,
}

impl Linear {
    fn scaled(self, k: i64) -> Option<Linear> {
        Some(Linear {
            coef: self.coef.checked_mul(k)?,
            offset: self.offset.checked_mul(k)?,
            ..self
        })
    }

    fn shifted(self, k: i64) -> Option<Linear> {
        Some(Linear {
            offset: self.offset.checked_add(k)?,
            ..self
        })
    }

    /// The variable's value for which the term is `n`, if it is an integer.
    fn solve(self, n: i64) -> Option<i64> {
        let rest = n.checked_sub(self.offset)?;
        (rest % self.coef == 0).then(|| rest / self.coef)
    }
}

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
    /// Whether the two terms are written alike (the same variables, values and operations).
    pub fn same(&self, other: &CTerm) -> bool {
        match (self, other) {
            (CTerm::Sym(x), CTerm::Sym(y)) => x == y,
            (CTerm::Var(x), CTerm::Var(y)) => x == y,
            (
                CTerm::Fun {
                    name: n,
                    args: xs,
                    negative: nx,
                },
                CTerm::Fun {
                    name: m,
                    args: ys,
                    negative: ny,
                },
            ) => {
                n == m
                    && nx == ny
                    && xs.len() == ys.len()
                    && xs.iter().zip(ys).all(|(s, t)| s.same(t))
            }
            (CTerm::Unary(o, x, _), CTerm::Unary(p, y, _)) => o == p && x.same(y),
            (CTerm::Binary(o, x1, x2, _), CTerm::Binary(p, y1, y2, _)) => {
                o == p && x1.same(y1) && x2.same(y2)
            }
            _ => false,
        }
    }

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

    /// Variables that matching this term against a symbol can bind: those not under
    /// arithmetic, those under a unary minus, and the variable of a linear term (gringo's
    /// `LinearTerm`, see [`CTerm::linear`]); matching inverts these.
    pub fn collect_bindable(&self, syms: &SymbolTable, out: &mut Vec<VarId>) {
        match self {
            CTerm::Sym(_) => {}
            CTerm::Var(v) => out.push(*v),
            CTerm::Fun { args, .. } => args.iter().for_each(|a| a.collect_bindable(syms, out)),
            // `-t` is undone whatever `t` is (an integer's sign, a function symbol's sign)
            CTerm::Unary(UnOp::Minus, t, _) => t.collect_bindable(syms, out),
            CTerm::Unary(..) | CTerm::Binary(..) => {
                if let Some(linear) = self.linear(syms) {
                    out.push(linear.var);
                }
            }
        }
    }

    /// The term as `coef·X + offset` over one variable `X` occurring once, with integer
    /// constants, `+`, `-` and `*` by a constant, and `coef ≠ 0`: the arithmetic gringo
    /// inverts to bind `X` when matching (`x(R, 3-R)`, `x(2*(R+1))`); `R+R`, `0*R`, `R/2`,
    /// `R*Y` are not (their variables must be bound elsewhere).
    pub fn linear(&self, syms: &SymbolTable) -> Option<Linear> {
        let linear = self.linear_parts(syms)?;
        (linear.coef != 0).then_some(linear)
    }

    fn linear_parts(&self, syms: &SymbolTable) -> Option<Linear> {
        let constant = |t: &CTerm| ground_int(t, syms);
        match self {
            CTerm::Var(v) => Some(Linear {
                var: *v,
                coef: 1,
                offset: 0,
            }),
            CTerm::Unary(UnOp::Minus, t, _) => t.linear_parts(syms)?.scaled(-1),
            CTerm::Binary(op @ (BinOp::Add | BinOp::Sub), a, b, _) => {
                let sign = if *op == BinOp::Add { 1 } else { -1 };
                if let Some(k) = constant(b) {
                    a.linear_parts(syms)?.shifted(sign * k)
                } else if let Some(k) = constant(a) {
                    b.linear_parts(syms)?.scaled(sign)?.shifted(k)
                } else {
                    None
                }
            }
            CTerm::Binary(BinOp::Mul, a, b, _) => {
                if let Some(k) = constant(b) {
                    a.linear_parts(syms)?.scaled(k)
                } else if let Some(k) = constant(a) {
                    b.linear_parts(syms)?.scaled(k)
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    pub fn is_ground(&self) -> bool {
        matches!(self, CTerm::Sym(_))
    }

    /// Whether gringo's dependency analysis knows the term to take integers only: arithmetic
    /// linear in one variable ([`CTerm::linear`]: `1-Y`, `2*(X+1)`, `-(X+1)`), but not `-X`
    /// alone (a negated function term too), nor `X/2`, `X+X`, `X**1`, `X?0`, `|X|` or `~X`,
    /// which may match anything there (clingo 5.8.3: `p(T) :- d(X), {not p(n)} <= 0.` keeps
    /// `p(1)` in the domain for those and drops it for the linear ones).
    pub fn integer_arithmetic(&self, syms: &SymbolTable) -> bool {
        match self {
            CTerm::Unary(UnOp::Minus, t, _) if matches!(**t, CTerm::Var(_)) => false,
            CTerm::Unary(..) | CTerm::Binary(..) => self.linear(syms).is_some(),
            _ => false,
        }
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
            // (an integer beyond 32 bits falls through to the overflow error below)
            if *op == UnOp::Minus
                && let Some(negated) = negated(xv, syms)
            {
                return Ok(negated);
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
/// so the caller can undo them). Subterms whose variables are all bound are evaluated, linear
/// terms over an unbound variable inverted; other arithmetic is checked after the rest of the
/// term bound its variables (`f(R/2, R)`, as gringo).
pub fn unify(
    pattern: &CTerm,
    value: Sym,
    b: &mut Binding,
    trail: &mut Vec<VarId>,
    syms: &mut SymbolTable,
) -> Result<bool, EvalError> {
    unify_all([(pattern, value)], b, trail, syms)
}

/// [`unify`] for several patterns at once (the arguments of one atom): arithmetic in one
/// argument may use variables another binds (`x(R, 3-R)`, `x(R/2, R)`).
pub fn unify_all<'p>(
    pairs: impl IntoIterator<Item = (&'p CTerm, Sym)>,
    b: &mut Binding,
    trail: &mut Vec<VarId>,
    syms: &mut SymbolTable,
) -> Result<bool, EvalError> {
    let mut deferred: Vec<(&CTerm, Sym)> = Vec::new();
    for (pattern, value) in pairs {
        if !unify_term(pattern, value, b, trail, syms, &mut deferred)? {
            return Ok(false);
        }
    }
    while !deferred.is_empty() {
        let waiting = std::mem::take(&mut deferred);
        let before = waiting.len();
        for (pattern, value) in waiting {
            if !unify_term(pattern, value, b, trail, syms, &mut deferred)? {
                return Ok(false);
            }
        }
        // The planner schedules a match only when every variable of the arithmetic is bound
        // by the match; a term no pass can decide would be a planner error.
        assert!(
            deferred.len() < before,
            "arithmetic over variables the match does not bind"
        );
    }
    Ok(true)
}

fn unify_term<'p>(
    pattern: &'p CTerm,
    value: Sym,
    b: &mut Binding,
    trail: &mut Vec<VarId>,
    syms: &mut SymbolTable,
    deferred: &mut Vec<(&'p CTerm, Sym)>,
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
                if !unify_term(p, v, b, trail, syms, deferred)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        CTerm::Unary(UnOp::Minus, inner, _) if !all_bound(pattern, b) => {
            // `-t` negates an integer and flips the sign of a function symbol or tuple (`-X`
            // matches `-a` with X = a, as in clingo): matching undoes it.
            match negated(value, syms) {
                Some(negated) => unify_term(inner, negated, b, trail, syms, deferred),
                None => Ok(false),
            }
        }
        CTerm::Unary(..) | CTerm::Binary(..) => {
            if all_bound(pattern, b) {
                return evaluates_to(pattern, value, b, syms);
            }
            let Some(linear) = pattern.linear(syms) else {
                deferred.push((pattern, value));
                return Ok(true);
            };
            // The only variable of a linear term is unbound here: solve for it.
            let Some(n) = syms.as_int(value) else {
                return Ok(false);
            };
            let Some(Ok(x)) = linear.solve(i64::from(n)).map(Int::try_from) else {
                return Ok(false);
            };
            b[linear.var] = Some(syms.num(x));
            trail.push(linear.var);
            // clingo's 32-bit arithmetic decides, as for any bound term (`(R + 2^30) * 2`
            // overflows on the way).
            evaluates_to(pattern, value, b, syms)
        }
    }
}

/// Whether the bound term `t` has the value `value` (an undefined one has none).
fn evaluates_to(
    t: &CTerm,
    value: Sym,
    b: &Binding,
    syms: &mut SymbolTable,
) -> Result<bool, EvalError> {
    match eval(t, b, syms) {
        Ok(s) => Ok(s == value),
        Err(EvalError::Undefined(_)) => Ok(false),
        Err(e) => Err(e),
    }
}

/// clingo's unary minus on a symbol: an integer negated (`None` beyond 32 bits), a function
/// symbol or tuple with its sign flipped; other symbols have no negation.
fn negated(s: Sym, syms: &mut SymbolTable) -> Option<Sym> {
    match syms.get(s).clone() {
        SymData::Num(n) => n.checked_neg().map(|m| syms.num(m)),
        SymData::Fun {
            name,
            args,
            negative,
        } => Some(syms.function(name, args, !negative)),
        _ => None,
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
