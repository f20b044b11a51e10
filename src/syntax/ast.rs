//! The abstract syntax of the clingo input language as aspsat reads it.
//!
//! The parser produces these types without any rewriting: pools, intervals and anonymous variables
//! are kept as written so that the grounder can report errors at the places the user wrote them.

use std::fmt;
use std::sync::Arc;

/// A source region: `file:line:col-col` as clingo prints it (columns are 1-based, end exclusive).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Span {
    pub file: Arc<str>,
    pub start_line: u32,
    pub start_col: u32,
    pub end_line: u32,
    pub end_col: u32,
}

impl Span {
    /// The smallest span covering both.
    pub fn join(&self, other: &Span) -> Span {
        Span {
            file: self.file.clone(),
            start_line: self.start_line,
            start_col: self.start_col,
            end_line: other.end_line,
            end_col: other.end_col,
        }
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.start_line == self.end_line {
            write!(
                f,
                "{}:{}:{}-{}",
                self.file, self.start_line, self.start_col, self.end_col
            )
        } else {
            write!(
                f,
                "{}:{}:{}-{}:{}",
                self.file, self.start_line, self.start_col, self.end_line, self.end_col
            )
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    /// `-t`
    Minus,
    /// `~t`
    BitNot,
    /// `|t|`
    Abs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// `/`: integer division truncating toward zero
    Div,
    /// `\`: remainder with the sign of the dividend
    Mod,
    /// `**`
    Pow,
    /// `&`
    And,
    /// `?`
    Or,
    /// `^`
    Xor,
}

/// A (non-ground) term.
#[derive(Clone, Debug, PartialEq)]
pub enum Term {
    /// Integer literal; kept wide so that the grounder can report values clingo cannot represent.
    Int(i64),
    Str(String),
    /// `#inf` / `#sup`
    Inf,
    Sup,
    /// A variable; `_` is [`Term::Anonymous`].
    Var(String, Span),
    Anonymous(Span),
    /// Symbolic constant or function term. A `#const` name is a `Fun` with no arguments;
    /// the empty name is a tuple `(a,b)`. `-f(X)` on a function/constant is `negative`.
    Fun {
        name: String,
        args: Vec<Term>,
        negative: bool,
        span: Span,
    },
    Unary(UnOp, Box<Term>, Span),
    Binary(BinOp, Box<Term>, Box<Term>, Span),
    /// `a..b`
    Interval(Box<Term>, Box<Term>, Span),
    /// Alternatives written with `;`: `p(1;2)` is `Pool([p(1), p(2)])`, `(1;2)` is `Pool([1, 2])`.
    Pool(Vec<Term>, Span),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Term {
    /// Whether the term contains a pool (`(1;X)`, also inside an interval's bound).
    pub fn has_pool(&self) -> bool {
        match self {
            Term::Pool(..) => true,
            Term::Fun { args, .. } => args.iter().any(Term::has_pool),
            Term::Unary(_, x, _) => x.has_pool(),
            Term::Binary(_, x, y, _) => x.has_pool() || y.has_pool(),
            Term::Interval(x, y, _) => x.has_pool() || y.has_pool(),
            _ => false,
        }
    }

    /// Whether the term contains a pool or an interval: it stands for several terms.
    pub fn has_pool_or_interval(&self) -> bool {
        match self {
            Term::Pool(..) | Term::Interval(..) => true,
            Term::Fun { args, .. } => args.iter().any(Term::has_pool_or_interval),
            Term::Unary(_, x, _) => x.has_pool_or_interval(),
            Term::Binary(_, x, y, _) => x.has_pool_or_interval() || y.has_pool_or_interval(),
            _ => false,
        }
    }
}

impl CmpOp {
    /// `not (a op b)` is `a op.negate() b`.
    pub fn negate(self) -> CmpOp {
        match self {
            CmpOp::Eq => CmpOp::Ne,
            CmpOp::Ne => CmpOp::Eq,
            CmpOp::Lt => CmpOp::Ge,
            CmpOp::Le => CmpOp::Gt,
            CmpOp::Gt => CmpOp::Le,
            CmpOp::Ge => CmpOp::Lt,
        }
    }

    /// The operator as clingo writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            CmpOp::Eq => "=",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }

    /// Whether `a op b` holds when `a` compares to `b` as `ord`.
    pub fn holds(self, ord: std::cmp::Ordering) -> bool {
        use std::cmp::Ordering::*;
        match self {
            CmpOp::Eq => ord == Equal,
            CmpOp::Ne => ord != Equal,
            CmpOp::Lt => ord == Less,
            CmpOp::Le => ord != Greater,
            CmpOp::Gt => ord == Greater,
            CmpOp::Ge => ord != Less,
        }
    }

    /// `a op b` is `b op.flip() a`.
    pub fn flip(self) -> CmpOp {
        match self {
            CmpOp::Eq => CmpOp::Eq,
            CmpOp::Ne => CmpOp::Ne,
            CmpOp::Lt => CmpOp::Gt,
            CmpOp::Le => CmpOp::Ge,
            CmpOp::Gt => CmpOp::Lt,
            CmpOp::Ge => CmpOp::Le,
        }
    }
}

/// Default negation in front of a literal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sign {
    Pos,
    /// `not a`
    Not,
    /// `not not a`
    NotNot,
}

/// An atom: a term of the shape `p`, `p(t1,...,tn)`, `-p(...)`, or a pool of such.
#[derive(Clone, Debug, PartialEq)]
pub struct Atom {
    pub term: Term,
    pub span: Span,
}

/// The name of the atom that stands for `#true` as a disjunction element with a condition (`p
/// ; #true : c`): no atom of a program can have it, and the grounder gives such an element no
/// heads but grounds it as gringo does an element.
pub const TRUE_ELEMENT: &str = "#true";

impl Atom {
    /// The `#true` disjunction element ([`TRUE_ELEMENT`]).
    pub fn true_element(span: &Span) -> Atom {
        Atom {
            term: Term::Fun {
                name: TRUE_ELEMENT.to_string(),
                args: Vec::new(),
                negative: false,
                span: span.clone(),
            },
            span: span.clone(),
        }
    }

    /// Whether this is the `#true` disjunction element ([`TRUE_ELEMENT`]).
    pub fn is_true_element(&self) -> bool {
        matches!(&self.term, Term::Fun { name, .. } if name == TRUE_ELEMENT)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Literal {
    Atom {
        sign: Sign,
        atom: Atom,
    },
    /// `lhs op rhs` (a `not` in front is folded into `op` by the parser).
    Comparison {
        op: CmpOp,
        lhs: Term,
        rhs: Term,
        span: Span,
    },
    /// A comparison chain `t0 op1 t1 op2 t2 ...` (two or more comparisons) as written, with
    /// `negated` for a `not` in front (`not not` is dropped). gringo expands the pools of its
    /// terms once for the whole chain, and only then splits it into comparisons (the
    /// conjunction `t0 op1 t1, t1 op2 t2, ...`, or when negated the disjunction of their
    /// negations): see [`crate::ground`]'s `unpool` module.
    Chain {
        negated: bool,
        first: Term,
        rest: Vec<(CmpOp, Term)>,
        span: Span,
    },
    /// `#true` / `#false` (with `not` folded in)
    Bool(bool, Span),
}

impl Literal {
    pub fn span(&self) -> &Span {
        match self {
            Literal::Atom { atom, .. } => &atom.span,
            Literal::Comparison { span, .. } | Literal::Chain { span, .. } => span,
            Literal::Bool(_, span) => span,
        }
    }

    /// Every term of the literal: the atom's, both sides of a comparison, all of a chain's.
    pub fn terms(&self) -> Vec<&Term> {
        match self {
            Literal::Atom { atom, .. } => vec![&atom.term],
            Literal::Comparison { lhs, rhs, .. } => vec![lhs, rhs],
            Literal::Chain { first, rest, .. } => std::iter::once(first)
                .chain(rest.iter().map(|(_, t)| t))
                .collect(),
            Literal::Bool(..) => Vec::new(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AggFunc {
    Count,
    Sum,
    /// `#sum+`: only positive weights count
    SumPlus,
    Min,
    Max,
}

/// `L op` to the left and `op R` to the right of an aggregate or choice.
#[derive(Clone, Debug, PartialEq)]
pub struct Guard {
    pub op: CmpOp,
    pub term: Term,
}

/// Body aggregate element `t1,...,tn : l1,...,lm`.
#[derive(Clone, Debug, PartialEq)]
pub struct AggElem {
    pub terms: Vec<Term>,
    pub cond: Vec<Literal>,
    pub span: Span,
    /// An element `l : c` of the set shorthand `{ l : c }`: the tuple is the atom of `l`, the
    /// first literal of `cond`, and a pool in it gives one element per alternative of both.
    pub tuple_is_atom: bool,
}

/// `L lop #func { elems } rop R`. The left guard is stored as written (`L lop agg`).
#[derive(Clone, Debug, PartialEq)]
pub struct Aggregate {
    pub func: AggFunc,
    pub elems: Vec<AggElem>,
    pub left: Option<Guard>,
    pub right: Option<Guard>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum BodyLit {
    Lit(Literal),
    /// `lit : cond1, ..., condn` in a rule body
    Conditional {
        lit: Literal,
        cond: Vec<Literal>,
        span: Span,
        /// Written as a negated head element (`a ; not p(X;1) : d(X)`): clingo reads it as this
        /// conditional literal, with a head element's projection of the condition's variables
        /// (see `ground/projection.rs`). Also `#false : c`, kept as `#true : c`. Either way
        /// gringo grounds the head as a disjunction with a condition.
        negated_head: bool,
    },
    Aggregate {
        sign: Sign,
        agg: Aggregate,
    },
}

impl BodyLit {
    /// A conditional head element moved into the body (`not a : c`, `#false : c`).
    pub fn is_moved_head_element(&self) -> bool {
        matches!(
            self,
            BodyLit::Conditional {
                negated_head: true,
                ..
            }
        )
    }

    pub fn span(&self) -> &Span {
        match self {
            BodyLit::Lit(l) => l.span(),
            BodyLit::Conditional { span, .. } => span,
            BodyLit::Aggregate { agg, .. } => &agg.span,
        }
    }
}

/// Choice element `atom : cond`.
#[derive(Clone, Debug, PartialEq)]
pub struct ChoiceElem {
    pub atom: Atom,
    pub cond: Vec<Literal>,
    pub span: Span,
}

/// Head aggregate element `t1,...,tn : atom : cond`.
#[derive(Clone, Debug, PartialEq)]
pub struct HeadAggElem {
    pub terms: Vec<Term>,
    pub atom: Atom,
    pub cond: Vec<Literal>,
    pub span: Span,
}

/// Disjunction element `atom : cond` (the condition is empty for plain `a ; b`).
#[derive(Clone, Debug, PartialEq)]
pub struct DisjElem {
    pub atom: Atom,
    pub cond: Vec<Literal>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Head {
    /// Integrity constraint (also `#false :- body.`)
    None,
    Atom(Atom),
    /// `a ; b` or `a | b`, or a single atom with a condition
    Disjunction(Vec<DisjElem>),
    Choice {
        elems: Vec<ChoiceElem>,
        left: Option<Guard>,
        right: Option<Guard>,
        span: Span,
    },
    Aggregate {
        func: AggFunc,
        elems: Vec<HeadAggElem>,
        left: Option<Guard>,
        right: Option<Guard>,
        span: Span,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Rule {
    pub head: Head,
    pub body: Vec<BodyLit>,
    pub span: Span,
    /// The positions of the body literals that are negated head elements without a condition
    /// (`a ; not b.` has the body literal `not not b`): an undefined operation in one of them
    /// makes the rule never fire, but clingo still checks its safety (`d(W) ; not s(1/0).` is
    /// unsafe), where one in a body literal of its own drops the rule before that check.
    pub from_head: Vec<Span>,
}

/// `w@p, t1, ..., tn : cond` in `#minimize`/`#maximize`, or the `[w@p, t...]` of a weak constraint.
#[derive(Clone, Debug, PartialEq)]
pub struct OptElem {
    pub weight: Term,
    pub priority: Option<Term>,
    pub terms: Vec<Term>,
    pub cond: Vec<BodyLit>,
    pub span: Span,
}

/// `#external atom : body. [value]`. The body only decides, at grounding time, which instances
/// exist; `value` is the default truth value (`false` when absent).
#[derive(Clone, Debug, PartialEq)]
pub struct External {
    pub atom: Atom,
    pub body: Vec<BodyLit>,
    pub value: Option<Term>,
    pub span: Span,
}

/// What a `#project` directive names.
#[derive(Clone, Debug, PartialEq)]
pub enum ProjectTarget {
    Signature {
        name: String,
        arity: usize,
        negative: bool,
    },
    Atom {
        atom: Atom,
        body: Vec<BodyLit>,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub enum Statement {
    Rule(Rule),
    /// `#const name = value.`, `[override]` when `overriding` (beats a plain or `[default]`
    /// definition of the same name; `-c` beats both).
    Const {
        name: String,
        value: Term,
        overriding: bool,
        span: Span,
    },
    /// `#show p/2.` (`negative` for `#show -p/2.`)
    ShowSig {
        name: String,
        arity: usize,
        negative: bool,
        span: Span,
    },
    /// `#show t : body.`
    ShowTerm {
        term: Term,
        body: Vec<BodyLit>,
        span: Span,
    },
    /// `#show.`
    ShowNothing(Span),
    /// gringo 3's `#hide.`: hide every atom (like `#show.`)
    HideAll(Span),
    /// `#minimize{...}` (weights as written); `#maximize` is stored with `maximize: true`.
    Optimize {
        elems: Vec<OptElem>,
        maximize: bool,
        span: Span,
    },
    /// `:~ body. [w@p, t...]`
    Weak {
        body: Vec<BodyLit>,
        elem: OptElem,
        span: Span,
    },
    /// `#include "file".` (resolved by the loader)
    Include {
        path: String,
        span: Span,
    },
    /// `#program name(params).`
    Program {
        name: String,
        params: Vec<String>,
        span: Span,
    },
    /// `#include <name>.`: a file built into clingo. Only `<incmode>` exists (the loader
    /// refuses the others).
    IncludeBuiltin {
        name: String,
        span: Span,
    },
    /// `#external atom : body. [value]`: the atom may be set from outside the program.
    External(External),
    /// `#project p/n.` or `#project atom : body.`: the atoms projected enumeration
    /// (`--project`) distinguishes.
    Project {
        target: ProjectTarget,
        span: Span,
    },
    /// `#heuristic atom : body. [weight@priority, modifier]`: ignored when solving, as clingo
    /// does without `--heuristic=Domain`, but checked for safety (the atom binds variables like
    /// a positive body literal). `terms` are the weight, the priority if written, the modifier.
    Heuristic {
        atom: Atom,
        body: Vec<BodyLit>,
        terms: Vec<Term>,
        span: Span,
    },
    /// `#defined p/n.`: the predicate counts as defined for the `atom undefined` info.
    Defined {
        name: String,
        arity: usize,
        negative: bool,
        span: Span,
    },
    /// `#edge (u,v; ...) : body.`: the edges whose body holds must form an acyclic graph.
    Edge {
        pairs: Vec<(Term, Term)>,
        body: Vec<BodyLit>,
        span: Span,
    },
    /// A directive aspsat parses but does not support (`#script`, `#theory`, ...).
    Unsupported {
        what: String,
        span: Span,
    },
}

impl Statement {
    /// Calls `f` on every literal written in the statement: in bodies (also the literal and
    /// condition of a conditional literal and aggregate elements' conditions) and in heads'
    /// and optimization elements' conditions. Head atoms are not literals.
    pub fn for_each_literal_mut(&mut self, f: &mut dyn FnMut(&mut Literal)) {
        fn body(lits: &mut [BodyLit], f: &mut dyn FnMut(&mut Literal)) {
            for b in lits {
                match b {
                    BodyLit::Lit(l) => f(l),
                    BodyLit::Conditional { lit, cond, .. } => {
                        f(lit);
                        cond.iter_mut().for_each(&mut *f);
                    }
                    BodyLit::Aggregate { agg, .. } => agg
                        .elems
                        .iter_mut()
                        .flat_map(|e| e.cond.iter_mut())
                        .for_each(&mut *f),
                }
            }
        }
        match self {
            Statement::Rule(rule) => {
                match &mut rule.head {
                    Head::None | Head::Atom(_) => {}
                    Head::Disjunction(elems) => elems
                        .iter_mut()
                        .flat_map(|e| e.cond.iter_mut())
                        .for_each(&mut *f),
                    Head::Choice { elems, .. } => elems
                        .iter_mut()
                        .flat_map(|e| e.cond.iter_mut())
                        .for_each(&mut *f),
                    Head::Aggregate { elems, .. } => elems
                        .iter_mut()
                        .flat_map(|e| e.cond.iter_mut())
                        .for_each(&mut *f),
                }
                body(&mut rule.body, f);
            }
            Statement::Weak { body: b, elem, .. } => {
                body(b, f);
                body(&mut elem.cond, f);
            }
            Statement::ShowTerm { body: b, .. }
            | Statement::External(External { body: b, .. })
            | Statement::Heuristic { body: b, .. }
            | Statement::Edge { body: b, .. }
            | Statement::Project {
                target: ProjectTarget::Atom { body: b, .. },
                ..
            } => body(b, f),
            Statement::Optimize { elems, .. } => {
                elems.iter_mut().for_each(|e| body(&mut e.cond, f))
            }
            Statement::Const { .. }
            | Statement::ShowSig { .. }
            | Statement::ShowNothing(_)
            | Statement::HideAll(_)
            | Statement::Include { .. }
            | Statement::Program { .. }
            | Statement::IncludeBuiltin { .. }
            | Statement::Project { .. }
            | Statement::Defined { .. }
            | Statement::Unsupported { .. } => {}
        }
    }

    /// Whether the statement has a negated comparison chain (see [`Literal::Chain`]).
    pub fn has_negated_chain(&self) -> bool {
        let negated = |l: &Literal| matches!(l, Literal::Chain { negated: true, .. });
        let conds = |c: &[Literal]| c.iter().any(negated);
        let body = |lits: &[BodyLit]| {
            lits.iter().any(|b| match b {
                BodyLit::Lit(l) => negated(l),
                BodyLit::Conditional { lit, cond, .. } => negated(lit) || conds(cond),
                BodyLit::Aggregate { agg, .. } => agg.elems.iter().any(|e| conds(&e.cond)),
            })
        };
        match self {
            Statement::Rule(rule) => {
                body(&rule.body)
                    || match &rule.head {
                        Head::None | Head::Atom(_) => false,
                        Head::Disjunction(elems) => elems.iter().any(|e| conds(&e.cond)),
                        Head::Choice { elems, .. } => elems.iter().any(|e| conds(&e.cond)),
                        Head::Aggregate { elems, .. } => elems.iter().any(|e| conds(&e.cond)),
                    }
            }
            Statement::Weak { body: b, elem, .. } => body(b) || body(&elem.cond),
            Statement::ShowTerm { body: b, .. }
            | Statement::External(External { body: b, .. })
            | Statement::Heuristic { body: b, .. }
            | Statement::Edge { body: b, .. }
            | Statement::Project {
                target: ProjectTarget::Atom { body: b, .. },
                ..
            } => body(b),
            Statement::Optimize { elems, .. } => elems.iter().any(|e| body(&e.cond)),
            _ => false,
        }
    }

    pub fn span(&self) -> &Span {
        match self {
            Statement::Rule(r) => &r.span,
            Statement::Const { span, .. }
            | Statement::ShowSig { span, .. }
            | Statement::ShowTerm { span, .. }
            | Statement::Optimize { span, .. }
            | Statement::Weak { span, .. }
            | Statement::Include { span, .. }
            | Statement::Program { span, .. }
            | Statement::IncludeBuiltin { span, .. }
            | Statement::External(External { span, .. })
            | Statement::Project { span, .. }
            | Statement::Edge { span, .. }
            | Statement::Heuristic { span, .. }
            | Statement::Defined { span, .. }
            | Statement::Unsupported { span, .. } => span,
            Statement::ShowNothing(span) | Statement::HideAll(span) => span,
        }
    }
}
