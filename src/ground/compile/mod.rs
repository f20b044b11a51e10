//! From the AST to compiled rules: pools expanded (by [`super::unpool`], which also says where
//! each interval's range goes), `#const`s substituted, intervals turned into range literals over
//! fresh variables, anonymous variables made fresh (projected away in
//! negative literals), and variables and conditions numbered per rule. Rules come out unplanned:
//! the caller hands each to [`super::plan`] (which checks safety) in the order they appear in
//! [`Compiler::out`].

use super::ir::{self, Body, Condition, Lit, PredTable, Var};
use super::levels;
use super::projection;
use super::quirks;
use super::term::{CTerm, EvalError, VarId, eval};
use super::unpool::{self, expand_term, product};
use crate::symbol::{Signature, Sym, SymbolTable};
use crate::syntax::Diagnostic;
use crate::syntax::ast::*;
use std::collections::HashMap;

mod directives;
mod head;

/// The name prefix of the auxiliary predicates that stand for an anonymous variable's
/// projection (`not p(X,_)` becomes `not #projN(X)`, see [`Compiler`]).
const PROJECTION_PREFIX: &str = "#proj";

/// Whether a predicate named `name` is such an auxiliary projection (`#projN`).
pub(crate) fn is_projection(name: &str) -> bool {
    name.starts_with(PROJECTION_PREFIX)
}

pub(super) use head::RuleHead;

/// Shared state of compilation: symbols, predicates, constants, fresh-name counters.
pub struct Compiler<'a> {
    pub syms: &'a mut SymbolTable,
    pub preds: &'a mut PredTable,
    pub consts: &'a super::consts::Constants,
    pub out: Vec<ir::Rule>,
    /// The auxiliary rules of projections (`#projN`) made while compiling a statement: they
    /// follow its rules in `out` ([`Compiler::flush_projections`]), as in gringo, which
    /// instantiates a rule before the projection it uses when the two are recursive (`p(1) :-
    /// not p(_). p(2).` keeps the rule for `p(1)`, whose atom stays in clingo's domain).
    projection_rules: Vec<ir::Rule>,
    /// Auxiliary `#projN` predicates made so far (kept across incremental steps so names stay
    /// unique).
    pub projections: usize,
    /// The auxiliary rule of each projection made so far (its text), and its predicate: equal
    /// projections share one (`q(_)` in two rules is one atom, as gringo's `#p_q(#p)`; clasp
    /// reads statements over the same atom differently from statements over two).
    projected: HashMap<String, String>,
    /// Anonymous variables that also occur outside their literal (an aggregate element's
    /// tuple): their literal is not projected.
    shared_anonymous: Vec<AnonKey>,
    /// The whole program's predicate dependencies, when it is known (see
    /// [`quirks::assignment_recursion_never_fires`]).
    pub program_deps: Option<quirks::ProgramDeps>,
    /// "operation undefined" for the terms of the parts removed before grounding.
    pub infos: Vec<Diagnostic>,
    /// Whether such a part had a literal with an anonymous variable, whose projection gringo
    /// may have made a statement of all the same: its order of statements is then not known
    /// here (see [`super::schedule`]).
    pub projection_removed: bool,
    /// What gringo knows about each predicate (see [`super::projection`]); `None` treats
    /// every predicate as unknown.
    pub definitions: Option<projection::Definitions>,
    /// The placeholder of a value gringo does not know when it checks a rule (a program
    /// part's parameter, a variable `#Inc0` for gringo, bound by the part's own literal):
    /// arithmetic over it is neither undefined nor a constant, so `#program p(k). :- q(k-X).`
    /// leaves `X` unbound, as clingo 5.8.3 finds (`k-X` is not linear in `X`).
    pub unknown: Option<Sym>,
}

/// Per-rule numbering of variables and conditions.
struct Vars {
    index: HashMap<String, VarId>,
    vars: Vec<Var>,
    conditions: usize,
    /// Anonymous variables by position: the parser duplicates the atom of a `{ p(_) }` body
    /// element into the element's tuple, and both copies must be the same variable.
    anonymous: HashMap<AnonKey, VarId>,
    /// While a set element (`{ p(1..3) }`) is compiled: its intervals by position. The parser
    /// copies the element's atom into its tuple, and gringo derives the tuple from the atom, so
    /// both copies of an interval are one range variable (else `p(1)` would count three times).
    tuple_intervals: Option<HashMap<AnonKey, VarId>>,
}

type AnonKey = (u32, u32, u32);

fn anon_key(span: &Span) -> AnonKey {
    (span.start_line, span.start_col, span.end_col)
}

impl Vars {
    fn new() -> Self {
        Vars {
            index: HashMap::new(),
            vars: Vec::new(),
            conditions: 0,
            anonymous: HashMap::new(),
            tuple_intervals: None,
        }
    }
    fn named(&mut self, name: &str, span: &Span) -> VarId {
        if let Some(&v) = self.index.get(name) {
            return v;
        }
        let v = self.fresh(name, span);
        self.index.insert(name.to_string(), v);
        v
    }
    fn fresh(&mut self, name: &str, span: &Span) -> VarId {
        self.vars.push(Var {
            name: name.to_string(),
            span: span.clone(),
        });
        self.vars.len() - 1
    }
    /// The number of the rule's next condition.
    fn condition(&mut self) -> ir::CondId {
        self.conditions += 1;
        self.conditions - 1
    }
}

/// Where a rule's parts put the range literals their intervals produce.
type Ranges = Vec<Lit>;

fn overflow(span: &Span) -> Diagnostic {
    Diagnostic::error(
        span,
        "integer overflow: the value does not fit clingo's 32-bit integers",
    )
}

impl<'a> Compiler<'a> {
    pub fn new(
        syms: &'a mut SymbolTable,
        preds: &'a mut PredTable,
        consts: &'a super::consts::Constants,
    ) -> Self {
        Compiler {
            syms,
            preds,
            consts,
            out: Vec::new(),
            projection_rules: Vec::new(),
            projections: 0,
            projection_removed: false,
            projected: HashMap::new(),
            shared_anonymous: Vec::new(),
            program_deps: None,
            infos: Vec::new(),
            definitions: None,
            unknown: None,
        }
    }

    fn term(
        &mut self,
        t: &Term,
        vars: &mut Vars,
        ranges: &mut Ranges,
    ) -> Result<CTerm, Diagnostic> {
        Ok(match t {
            Term::Int(n) => {
                let n = i32::try_from(*n).map_err(|_| {
                    Diagnostic::global(format!("integer {n} does not fit clingo's 32-bit integers"))
                })?;
                CTerm::Sym(self.syms.num(n))
            }
            Term::Str(s) => CTerm::Sym(self.syms.string(s)),
            Term::Inf => CTerm::Sym(self.syms.intern(crate::symbol::SymData::Inf)),
            Term::Sup => CTerm::Sym(self.syms.intern(crate::symbol::SymData::Sup)),
            Term::Var(name, span) => CTerm::Var(vars.named(name, span)),
            Term::Anonymous(span) => {
                let key = anon_key(span);
                match vars.anonymous.get(&key) {
                    Some(&v) => CTerm::Var(v),
                    None => {
                        let v = vars.fresh("_", span);
                        vars.anonymous.insert(key, v);
                        CTerm::Var(v)
                    }
                }
            }
            Term::Fun {
                name,
                args,
                negative,
                span,
            } => {
                if args.is_empty()
                    && let Some(definition) = self.consts.undefined.get(name)
                {
                    // a constant without a value: its definition, undefined where it is used
                    let t = if *negative {
                        Term::Unary(UnOp::Minus, Box::new(definition.clone()), span.clone())
                    } else {
                        definition.clone()
                    };
                    return self.term(&t, vars, ranges);
                }
                if args.is_empty()
                    && let Some(&value) = self.consts.get(name)
                {
                    if !*negative {
                        return Ok(CTerm::Sym(value));
                    }
                    let t = CTerm::Unary(UnOp::Minus, Box::new(CTerm::Sym(value)), span.clone());
                    return self.fold(t);
                }
                let mut cargs = Vec::with_capacity(args.len());
                for a in args {
                    cargs.push(self.term(a, vars, ranges)?);
                }
                let name = self.syms.name(name);
                self.fold(CTerm::Fun {
                    name,
                    args: cargs,
                    negative: *negative,
                })?
            }
            Term::Unary(op, x, span) => {
                let x = self.term(x, vars, ranges)?;
                self.fold(CTerm::Unary(*op, Box::new(x), span.clone()))?
            }
            Term::Binary(op, x, y, span) => {
                let x = self.term(x, vars, ranges)?;
                let y = self.term(y, vars, ranges)?;
                self.fold(CTerm::Binary(*op, Box::new(x), Box::new(y), span.clone()))?
            }
            Term::Interval(lo, hi, span) => {
                let key = anon_key(span);
                if let Some(&var) = vars.tuple_intervals.as_ref().and_then(|m| m.get(&key)) {
                    return Ok(CTerm::Var(var));
                }
                let lo = self.term(lo, vars, ranges)?;
                let hi = self.term(hi, vars, ranges)?;
                let var = vars.fresh("#Range", span);
                ranges.push(Lit::Range {
                    var,
                    lo,
                    hi,
                    span: span.clone(),
                    implied: false,
                });
                if let Some(m) = vars.tuple_intervals.as_mut() {
                    m.insert(key, var);
                }
                CTerm::Var(var)
            }
            Term::Pool(..) => unreachable!("pools are expanded before compilation"),
        })
    }

    /// Evaluates terms without variables now; undefined ones stay for the grounder to report.
    fn fold(&mut self, t: CTerm) -> Result<CTerm, Diagnostic> {
        let ground = match &t {
            CTerm::Fun { args, .. } => args.iter().all(CTerm::is_ground),
            CTerm::Unary(_, x, _) => x.is_ground(),
            CTerm::Binary(_, x, y, _) => x.is_ground() && y.is_ground(),
            _ => false,
        };
        if !ground {
            return Ok(t);
        }
        match eval(&t, &Vec::new(), self.syms) {
            Ok(s) => Ok(CTerm::Sym(s)),
            Err(EvalError::Undefined(_)) => Ok(t),
            Err(EvalError::Overflow(span)) => Err(overflow(&span)),
        }
    }

    fn atom(
        &mut self,
        a: &Atom,
        vars: &mut Vars,
        ranges: &mut Ranges,
    ) -> Result<ir::Atom, Diagnostic> {
        let (name, args, negative) = match &a.term {
            Term::Fun {
                name,
                args,
                negative,
                ..
            } if !name.is_empty() => (name, args, *negative),
            _ => return Err(Diagnostic::error(&a.span, "expected an atom")),
        };
        let mut cargs = Vec::with_capacity(args.len());
        for t in args {
            cargs.push(self.term(t, vars, ranges)?);
        }
        let name = self.syms.name(name);
        let pred = self.preds.get(Signature {
            name,
            arity: args.len(),
            negative,
        });
        Ok(ir::Atom { pred, args: cargs })
    }

    fn literal(
        &mut self,
        l: &Literal,
        vars: &mut Vars,
        ranges: &mut Ranges,
    ) -> Result<Lit, Diagnostic> {
        Ok(match l {
            Literal::Atom { sign, atom } => {
                // `p(X,_)` means "p(X,Y) for some Y": an auxiliary atom projects the anonymous
                // positions away, so instances differing only there are not multiplied (in
                // negative literals it is needed for the meaning, in positive ones for size).
                let mut anon = Vec::new();
                collect_anonymous(&atom.term, &mut anon);
                // clingo does not project a classically negated atom under `not`: its
                // anonymous variables are unsafe there (`a :- not -q(_).`).
                let negated_classical =
                    *sign != Sign::Pos && matches!(atom.term, Term::Fun { negative: true, .. });
                if !anon.is_empty()
                    && !negated_classical
                    && !anon.iter().any(|k| self.shared_anonymous.contains(k))
                {
                    let projected = self.project(atom)?;
                    return self.literal(
                        &Literal::Atom {
                            sign: *sign,
                            atom: projected,
                        },
                        vars,
                        ranges,
                    );
                }
                Lit::Atom {
                    sign: *sign,
                    atom: self.atom(atom, vars, ranges)?,
                    settled_from: ir::UNSETTLED,
                    merged: false,
                }
            }
            Literal::Comparison { op, lhs, rhs, .. } => Lit::Cmp {
                op: *op,
                lhs: self.term(lhs, vars, ranges)?,
                rhs: self.term(rhs, vars, ranges)?,
            },
            Literal::Bool(b, _) => Lit::Bool(*b),
            Literal::Chain { span, .. } => {
                return Err(Diagnostic::error(
                    span,
                    "internal error: a comparison chain reached compilation unsplit",
                ));
            }
        })
    }

    /// A literal as the conjunction of compiled literals it stands for: itself, or the
    /// comparisons of a chain without pools, whose terms are compiled once so that the
    /// comparisons share them (an interval in the middle is one range: see
    /// [`unpool`]'s "Comparison chains").
    fn literals(
        &mut self,
        l: &Literal,
        vars: &mut Vars,
        ranges: &mut Ranges,
    ) -> Result<Vec<Lit>, Diagnostic> {
        let Literal::Chain {
            negated: false,
            first,
            rest,
            ..
        } = l
        else {
            return Ok(vec![self.literal(l, vars, ranges)?]);
        };
        let mut terms = vec![self.term(first, vars, ranges)?];
        for (_, t) in rest {
            terms.push(self.term(t, vars, ranges)?);
        }
        Ok(terms
            .windows(2)
            .zip(rest)
            .map(|(pair, (op, _))| Lit::Cmp {
                op: *op,
                lhs: pair[0].clone(),
                rhs: pair[1].clone(),
            })
            .collect())
    }

    /// `not p(X,_)` means "no `p(X,Y)` for any `Y`": an auxiliary atom `#projN(X)` is derived
    /// from `p(X,Y)` and the literal becomes `not #projN(X)`. An argument without anonymous
    /// variables is passed through a fresh variable (`e(_,X+X)` becomes `#projN(X+X)` derived
    /// from `e(_,P)`), so arithmetic in it needs no inverse, and an undefined or empty one
    /// (`not e(_,1/0)`, `not e(_,1..0)`) drops the rule instance as in clingo instead of only
    /// the auxiliary rule.
    fn project(&mut self, atom: &Atom) -> Result<Atom, Diagnostic> {
        let Term::Fun {
            name,
            args,
            negative,
            span,
        } = &atom.term
        else {
            return Err(Diagnostic::error(&atom.span, "expected an atom"));
        };
        let mut body_args = Vec::new();
        let mut head_args = Vec::new();
        let mut lit_args = Vec::new();
        let mut named = Vec::new();
        for (i, a) in args.iter().enumerate() {
            let mut anon = Vec::new();
            collect_anonymous(a, &mut anon);
            let mut vars = Vec::new();
            collect_named_vars(a, &mut vars);
            if anon.is_empty() && is_constant(a) {
                // A constant argument stays where it is.
                body_args.push(a.clone());
            } else if anon.is_empty() {
                let v = Term::Var(format!("#P{i}"), span.clone());
                body_args.push(v.clone());
                head_args.push(v);
                lit_args.push(a.clone());
            } else {
                collect_named_vars(a, &mut named);
                body_args.push(a.clone());
            }
        }
        for (n, s) in named {
            head_args.push(Term::Var(n.clone(), s.clone()));
            lit_args.push(Term::Var(n, s));
        }
        let fun = |name: &str, args: Vec<Term>, negative: bool| Atom {
            term: Term::Fun {
                name: name.to_string(),
                args,
                negative,
                span: span.clone(),
            },
            span: atom.span.clone(),
        };
        let body_atom = fun(name, body_args, *negative);
        let key = format!(
            "{} :- {}",
            head_args
                .iter()
                .map(|t| t.to_string())
                .collect::<Vec<_>>()
                .join(","),
            body_atom.term
        );
        if let Some(proj) = self.projected.get(&key) {
            return Ok(fun(proj, lit_args, false));
        }
        self.projections += 1;
        let proj = format!("{PROJECTION_PREFIX}{}", self.projections);
        self.projected.insert(key, proj.clone());
        let head = fun(&proj, head_args, false);
        // The auxiliary rule's own body keeps its anonymous variables.
        let mut keep = Vec::new();
        collect_anonymous(&atom.term, &mut keep);
        let saved = std::mem::replace(&mut self.shared_anonymous, keep);
        let statement_rules = std::mem::take(&mut self.out);
        let result = self.rule(&Rule {
            head: Head::Atom(head),
            body: vec![BodyLit::Lit(Literal::Atom {
                sign: Sign::Pos,
                atom: body_atom,
            })],
            span: atom.span.clone(),
            from_head: Vec::new(),
        });
        self.shared_anonymous = saved;
        let aux = std::mem::replace(&mut self.out, statement_rules);
        self.projection_rules.extend(aux);
        result?;
        Ok(fun(&proj, lit_args, false))
    }

    /// Moves the projection rules of the statement just compiled after its rules.
    pub fn flush_projections(&mut self) {
        let aux = std::mem::take(&mut self.projection_rules);
        self.out.extend(aux);
    }

    /// A condition whose positive atoms keep their anonymous variables (no projection), nor
    /// do the literals with the anonymous variables in `shared`.
    fn unprojected_condition(
        &mut self,
        lits: &[Literal],
        vars: &mut Vars,
        mut shared: Vec<AnonKey>,
    ) -> Result<Vec<Lit>, Diagnostic> {
        for l in lits {
            if let Literal::Atom {
                sign: Sign::Pos,
                atom,
            } = l
            {
                collect_anonymous(&atom.term, &mut shared);
            }
        }
        let saved = std::mem::replace(&mut self.shared_anonymous, shared);
        let compiled = self.condition(lits, vars);
        self.shared_anonymous = saved;
        compiled
    }

    fn condition(&mut self, lits: &[Literal], vars: &mut Vars) -> Result<Vec<Lit>, Diagnostic> {
        let mut out = Vec::new();
        for l in lits {
            let mut ranges = Vec::new();
            let c = self.literals(l, vars, &mut ranges)?;
            out.extend(ranges);
            out.extend(c);
        }
        Ok(out)
    }

    /// `L lop X rop R` as guards `X flip(lop) L` and `X rop R`.
    fn guards(
        &mut self,
        left: &Option<Guard>,
        right: &Option<Guard>,
        vars: &mut Vars,
        ranges: &mut Ranges,
    ) -> Result<Vec<(CmpOp, CTerm)>, Diagnostic> {
        let mut guards = Vec::new();
        if let Some(g) = left {
            guards.push((g.op.flip(), self.term(&g.term, vars, ranges)?));
        }
        if let Some(g) = right {
            guards.push((g.op, self.term(&g.term, vars, ranges)?));
        }
        Ok(guards)
    }

    fn aggregate(
        &mut self,
        sign: Sign,
        agg: &Aggregate,
        vars: &mut Vars,
        ranges: &mut Ranges,
    ) -> Result<Body, Diagnostic> {
        let mut elems = Vec::new();
        for e in unpool::aggregate_elems(&agg.elems) {
            let mut local = Vec::new();
            let mut cterms = Vec::with_capacity(e.terms.len());
            let mut shared = Vec::new();
            if e.tuple_is_atom {
                vars.tuple_intervals = Some(HashMap::new());
            }
            for t in &e.terms {
                collect_anonymous(t, &mut shared);
                cterms.push(self.term(t, vars, &mut local)?);
            }
            // gringo projects no positive atom of an element's condition: `#count{1 : s(_)}`
            // has an element per atom of `s`, and its range (two elements: 0..2) decides
            // whether the aggregate may hold (`:~ #count{1 : s(_)} > 1. [1]` keeps its level).
            let lits = self.unprojected_condition(&e.cond, vars, shared);
            vars.tuple_intervals = None;
            let mut lits = lits?;
            lits.extend(local);
            elems.push(ir::AggElem {
                terms: cterms,
                cond: Condition {
                    id: vars.condition(),
                    lits,
                    domain_only: Vec::new(),
                },
            });
        }
        // Pools in guards were expanded with the body (they split the rule).
        let mut guards = self.guards(&agg.left, &agg.right, vars, ranges)?;
        assign_through_variable(sign, &mut guards, vars, ranges, &agg.span);
        Ok(Body::Aggregate(ir::Aggregate {
            sign,
            func: agg.func,
            elems,
            guards,
            globals: Vec::new(),
            span: agg.span.clone(),
        }))
    }

    /// Compiles one statement-level rule (pools expanded into several compiled rules).
    pub fn rule(&mut self, rule: &Rule) -> Result<(), Diagnostic> {
        let is_const = |name: &str| self.consts.defines(name);
        let mut body = std::borrow::Cow::Borrowed(&rule.body);
        if let Some(refusal) = quirks::assignment_recursion(rule, &is_const) {
            match &self.program_deps {
                Some(defs) if quirks::assignment_recursion_never_fires(rule, defs, &is_const) => {
                    // clingo checks the rule's safety but grounds no instance of it.
                    let never = Literal::Bool(false, rule.span.clone());
                    body.to_mut().push(BodyLit::Lit(never));
                }
                // Whether gringo misses instances of the rule otherwise is decided with the
                // model of its rounds (`own_conditions`, clingo #495).
                Some(_) => {}
                None => return Err(refusal),
            }
        }
        let bodies = unpool::bodies(&body);
        for head in unpool::heads(&rule.head) {
            for body in &bodies {
                let head = RuleHead::Ast(head.clone());
                self.single_rule(&head, body, &rule.span, &rule.from_head)?;
            }
        }
        Ok(())
    }

    /// The predicate and arguments of `rule` if it is a fact whose arguments are values
    /// already (`char(c,5).`, `p(-1,"s",f(a))`: no variable, pool, interval or constant
    /// `#const` defines, and arithmetic only where it evaluates): an instance file's facts skip
    /// the rule compilation (`rule` costs a fifth of grounding gbie's 40,000 facts). `None`
    /// sends the rule through [`Compiler::rule`], which reports what is wrong with it.
    pub fn plain_fact(&mut self, rule: &Rule) -> Option<(ir::PredId, Vec<Sym>)> {
        let Head::Atom(atom) = &rule.head else {
            return None;
        };
        let Term::Fun {
            name,
            args,
            negative,
            ..
        } = &atom.term
        else {
            return None;
        };
        if !rule.body.is_empty() || name.is_empty() || !args.iter().all(|t| self.is_value(t)) {
            return None;
        }
        let mut values = Vec::with_capacity(args.len());
        for t in args {
            match self.term(t, &mut Vars::new(), &mut Vec::new()) {
                Ok(CTerm::Sym(s)) => values.push(s),
                _ => return None,
            }
        }
        let name = self.syms.name(name);
        let pred = self.preds.get(Signature {
            name,
            arity: args.len(),
            negative: *negative,
        });
        Some((pred, values))
    }

    /// Whether `t` is written as a value: numbers, strings, `#inf`/`#sup`, functions and
    /// tuples of them, arithmetic over them, and no name `#const` defines.
    fn is_value(&self, t: &Term) -> bool {
        match t {
            Term::Int(_) | Term::Str(_) | Term::Inf | Term::Sup => true,
            Term::Fun { name, args, .. } => {
                if args.is_empty() {
                    !self.consts.defines(name)
                } else {
                    args.iter().all(|a| self.is_value(a))
                }
            }
            Term::Unary(_, x, _) => self.is_value(x),
            Term::Binary(_, x, y, _) => self.is_value(x) && self.is_value(y),
            Term::Var(..) | Term::Anonymous(_) | Term::Interval(..) | Term::Pool(..) => false,
        }
    }

    /// One rule without pools; `from_head`: its body literals that are negated head elements
    /// ([`Rule::from_head`]).
    fn single_rule(
        &mut self,
        head: &RuleHead,
        body: &[BodyLit],
        span: &Span,
        from_head: &[Span],
    ) -> Result<(), Diagnostic> {
        let plain_disjunction = matches!(head, RuleHead::Ast(Head::Disjunction(elems))
            if unpool::disjunction_elems(elems)
                .iter()
                .all(|e| e.heads.len() <= 1 && e.cond.is_empty()));
        let Some((head, body)) = self.without_undefined(head, body, (span, from_head))? else {
            return Ok(());
        };
        let head_element_moved = body.iter().any(BodyLit::is_moved_head_element);
        let mut vars = Vars::new();
        let mut ranges = Vec::new();
        let (mut cbody, negated_heads) = self.body(&body, &mut vars, &mut ranges)?;
        let globals = bound_by_body(&cbody, &ranges);
        for h in negated_heads {
            let mut cx = projection::Context {
                definitions: self.definitions.as_ref(),
                preds: self.preds,
                syms: self.syms,
                globals: &globals,
                num_vars: vars.vars.len(),
                statement: span,
            };
            projection::restrict_negated(&mut cbody[h.at], &h.void, &mut cx)
                .map_err(|what| Diagnostic::error(&h.span, format!("{what} is not supported")))?;
        }
        let chead = self.head(&head, &mut vars, &mut ranges, &globals, span)?;
        cbody.extend(ranges.into_iter().map(Body::Lit));
        levels::mark(&mut cbody, &chead);
        self.out.push(ir::Rule {
            head: chead,
            body: cbody,
            vars: vars.vars,
            num_conditions: vars.conditions,
            span: span.clone(),
            plain_disjunction,
            head_element_moved,
        });
        Ok(())
    }

    fn body(
        &mut self,
        body: &[BodyLit],
        vars: &mut Vars,
        ranges: &mut Ranges,
    ) -> Result<(Vec<Body>, Vec<projection::NegatedHead>), Diagnostic> {
        let mut cbody = Vec::new();
        let mut negated_heads = Vec::new();
        for b in body {
            match b {
                BodyLit::Lit(l) => {
                    let c = self.literals(l, vars, ranges)?;
                    cbody.extend(c.into_iter().map(Body::Lit));
                }
                BodyLit::Conditional {
                    lit,
                    cond,
                    span,
                    negated_head,
                } => {
                    let mut alts = Vec::new();
                    let mut void = Vec::new();
                    for alt in unpool::conditional_alternatives(lit) {
                        // One entry per alternative, or `projection::restrict_negated`
                        // would leave a moved head unprojected: a comparison moved from a
                        // conditional head (also one of a chain, with the chain's ranges beside
                        // it, or a whole chain under `not`) is never void; a chain with an
                        // interval once had no entry and was read as any instance of its
                        // condition, not gringo's first (differential seeds 5203 #924, 5204
                        // #342, 5037 #99).
                        void.push(match alt.as_slice() {
                            [Literal::Atom { atom, .. }, ..] => {
                                self.statically_undefined(&atom.term)?
                            }
                            _ => false,
                        });
                        // the alternative's first comparison, with the others (a chain's, a
                        // negated chain's ranges) beside its ranges
                        let mut local = Vec::new();
                        let mut lits = Vec::new();
                        for l in &alt {
                            lits.extend(self.literals(l, vars, &mut local)?);
                        }
                        let mut lits = lits.into_iter();
                        let item = lits.next().expect("a literal compiles to one at least");
                        local.extend(lits);
                        alts.push(ir::Local {
                            item,
                            cond: Condition {
                                id: vars.condition(),
                                lits: local,
                                domain_only: Vec::new(),
                            },
                        });
                    }
                    // gringo projects no positive atom of the condition either: `q :- r :
                    // p(_).` has the condition instances `r : p(1) | r : p(2)`, and `p(X) :-
                    // p(Z) : d(Z), p(_); d(X).` is `p(1) :- p(1) : p(1).`, which holds (a
                    // moved head's condition is a disjunction element's: projected).
                    let lits = if *negated_head {
                        self.condition(cond, vars)?
                    } else {
                        self.unprojected_condition(cond, vars, Vec::new())?
                    };
                    if *negated_head {
                        negated_heads.push(projection::NegatedHead {
                            at: cbody.len(),
                            void,
                            span: span.clone(),
                        });
                    }
                    cbody.push(Body::Conditional {
                        alts,
                        cond: Condition {
                            id: vars.condition(),
                            lits,
                            domain_only: Vec::new(),
                        },
                        span: span.clone(),
                        moved_head: *negated_head,
                    });
                }
                BodyLit::Aggregate { sign, agg } => {
                    let c = self.aggregate(*sign, agg, vars, ranges)?;
                    cbody.push(c);
                }
            }
        }
        Ok((cbody, negated_heads))
    }
}

/// `t = #agg{...}` with a term `t` that is neither a variable nor ground (`C+1 = #min{...}`)
/// assigns through a fresh variable, as in clingo: `V = #agg{...}, t = V`.
fn assign_through_variable(
    sign: Sign,
    guards: &mut [(CmpOp, CTerm)],
    vars: &mut Vars,
    ranges: &mut Ranges,
    span: &Span,
) {
    let assigns = |(op, t): &(CmpOp, CTerm)| *op == CmpOp::Eq && matches!(t, CTerm::Var(_));
    if sign != Sign::Pos || guards.iter().any(assigns) {
        return;
    }
    if let Some((_, t)) = guards
        .iter_mut()
        .find(|(op, t)| *op == CmpOp::Eq && !t.is_ground())
    {
        let var = vars.fresh("#Agg", span);
        let term = std::mem::replace(t, CTerm::Var(var));
        ranges.push(Lit::Cmp {
            op: CmpOp::Eq,
            lhs: term,
            rhs: CTerm::Var(var),
        });
    }
}

/// The variables the plain literals of a compiled body (and its range literals) and its
/// assignment aggregates bind: the rule's global variables.
fn bound_by_body(body: &[Body], ranges: &Ranges) -> Vec<VarId> {
    let mut out: Vec<VarId> = ranges.iter().flat_map(Lit::vars).collect();
    for b in body {
        match b {
            Body::Lit(l) => out.extend(l.vars()),
            Body::Aggregate(a) => out.extend(a.assignable_var().map(|(_, v)| v)),
            Body::Conditional { .. } => {}
        }
    }
    out
}

/// Whether `t` is a constant as written: a number, string, `#inf`/`#sup`, or a symbol or
/// function over constants (no variables, arithmetic, intervals or pools).
fn is_constant(t: &Term) -> bool {
    match t {
        Term::Int(_) | Term::Str(_) | Term::Inf | Term::Sup => true,
        Term::Fun { args, .. } => args.iter().all(is_constant),
        _ => false,
    }
}

fn collect_anonymous(t: &Term, out: &mut Vec<AnonKey>) {
    match t {
        Term::Anonymous(span) => out.push(anon_key(span)),
        Term::Fun { args, .. } => args.iter().for_each(|a| collect_anonymous(a, out)),
        Term::Unary(_, x, _) => collect_anonymous(x, out),
        Term::Binary(_, x, y, _) | Term::Interval(x, y, _) => {
            collect_anonymous(x, out);
            collect_anonymous(y, out);
        }
        Term::Pool(alts, _) => alts.iter().for_each(|a| collect_anonymous(a, out)),
        _ => {}
    }
}

fn collect_named_vars(t: &Term, out: &mut Vec<(String, Span)>) {
    match t {
        Term::Var(n, s) if !out.iter().any(|(m, _)| m == n) => {
            out.push((n.clone(), s.clone()));
        }
        Term::Fun { args, .. } => args.iter().for_each(|a| collect_named_vars(a, out)),
        Term::Unary(_, x, _) => collect_named_vars(x, out),
        Term::Binary(_, x, y, _) | Term::Interval(x, y, _) => {
            collect_named_vars(x, out);
            collect_named_vars(y, out);
        }
        Term::Pool(alts, _) => alts.iter().for_each(|a| collect_named_vars(a, out)),
        _ => {}
    }
}
