//! The grounder: compiled rules are instantiated bottom-up, component by component of the
//! predicate dependency graph, with semi-naive evaluation inside recursive components.
//! Literals decided during grounding (facts, atoms no rule can derive) are removed on the fly.

mod compile;
mod graph;
mod plan;
mod pools;
mod store;
mod term;

use crate::program::aggregate::{self, AggValue, possible_values};
use crate::program::{
    AggElem, AggFunc, Aggregate, AtomId, BodyElem, ChoiceElem, CondInstance, CostElem, CountGuard,
    Disjunction, GroundProgram, Head, Lit, Polarity, Rule, ShowSpec,
};
use crate::symbol::{Signature, Sym, SymbolTable};
use crate::syntax::Diagnostic;
use crate::syntax::ast::{Sign, Span, Statement, Term};
use compile::{CAggregate, CAtom, CBody, CHead, CLit, CRule, Compiler, Condition, PredTable};
use plan::Step;
use rustc_hash::FxHashSet;
use std::collections::{HashMap, HashSet};
use store::Relation;
use term::{Binding, CTerm, EvalError, VarId, eval, unify};

pub struct GroundOptions {
    /// `-c name=value` overrides, in command-line order.
    pub const_overrides: Vec<(String, Term)>,
    /// Upper bound on ground atoms plus ground rules before grounding stops with an error.
    pub max_size: usize,
}

impl Default for GroundOptions {
    fn default() -> Self {
        GroundOptions {
            const_overrides: Vec::new(),
            max_size: 10_000_000,
        }
    }
}

/// The grounder's result: the ground program and informational diagnostics (undefined
/// operations) to print on standard error.
pub struct Grounded {
    pub program: GroundProgram,
    pub infos: Vec<Diagnostic>,
}

pub fn ground(statements: &[Statement], options: &GroundOptions) -> Result<Grounded, Diagnostic> {
    let mut syms = SymbolTable::new();
    let consts = resolve_consts(statements, options, &mut syms)?;
    let mut preds = PredTable::default();
    let mut show = ShowSpec {
        show_all_atoms: true,
        ..Default::default()
    };
    let mut compiler = Compiler::new(&mut syms, &mut preds, &consts);
    let mut in_base = true;
    for st in statements {
        if !in_base && !matches!(st, Statement::Program { .. }) {
            continue;
        }
        match st {
            Statement::Rule(r) => compiler.rule(r)?,
            Statement::Const { .. } => {}
            Statement::ShowSig {
                name,
                arity,
                negative,
                ..
            } => {
                show.show_all_atoms = false;
                let name = compiler.syms.name(name);
                show.signatures.insert(Signature {
                    name,
                    arity: *arity,
                    negative: *negative,
                });
            }
            Statement::ShowNothing(_) | Statement::HideAll(_) => show.show_all_atoms = false,
            Statement::ShowTerm { term, body, span } => compiler.show_term(term, body, span)?,
            Statement::Program { name, params, span } => {
                if name != "base" || !params.is_empty() {
                    return Err(Diagnostic::error(
                        span,
                        format!(
                            "program part '{name}' is not supported: aspsat grounds only the base part"
                        ),
                    ));
                }
                in_base = true;
            }
            Statement::Optimize {
                elems, maximize, ..
            } => {
                for e in elems {
                    compiler.cost(e, &e.cond, *maximize)?;
                }
            }
            Statement::Weak { body, elem, .. } => compiler.cost(elem, body, false)?,
            Statement::Include { span, .. } => {
                return Err(Diagnostic::error(
                    span,
                    "#include must be resolved by the loader",
                ));
            }
            Statement::Unsupported { what, span } => {
                return Err(Diagnostic::error(span, format!("{what} is not supported")));
            }
        }
    }
    let rules = std::mem::take(&mut compiler.out);
    let mut grounder = Grounder {
        program: GroundProgram::new(syms),
        relations: preds.sigs.iter().map(|s| Relation::new(*s)).collect(),
        infos: Vec::new(),
        info_spans: HashSet::new(),
        seen_rules: FxHashSet::default(),
        max_size: options.max_size,
        provisional: false,
        assigned: Vec::new(),
    };
    grounder.program.show = show;
    grounder.run(rules)?;
    let Grounder {
        mut program, infos, ..
    } = grounder;
    crate::program::simplify(&mut program);
    Ok(Grounded { program, infos })
}

/// Evaluates `#const` definitions (command-line overrides win); constants may refer to others.
fn resolve_consts(
    statements: &[Statement],
    options: &GroundOptions,
    syms: &mut SymbolTable,
) -> Result<HashMap<String, Sym>, Diagnostic> {
    let mut defs: HashMap<String, (Term, Option<Span>)> = HashMap::new();
    for st in statements {
        if let Statement::Const { name, value, span } = st {
            defs.entry(name.clone())
                .or_insert((value.clone(), Some(span.clone())));
        }
    }
    for (name, value) in &options.const_overrides {
        defs.insert(name.clone(), (value.clone(), None));
    }
    let mut resolved: HashMap<String, Sym> = HashMap::new();
    let mut names: Vec<&String> = defs.keys().collect();
    names.sort();
    for name in names {
        resolve_const(name, &defs, &mut resolved, &mut Vec::new(), syms)?;
    }
    Ok(resolved)
}

fn resolve_const(
    name: &str,
    defs: &HashMap<String, (Term, Option<Span>)>,
    resolved: &mut HashMap<String, Sym>,
    visiting: &mut Vec<String>,
    syms: &mut SymbolTable,
) -> Result<(), Diagnostic> {
    if resolved.contains_key(name) {
        return Ok(());
    }
    let (value, span) = &defs[name];
    let error = |msg: String| match span {
        Some(s) => Diagnostic::error(s, msg),
        None => Diagnostic::global(format!("-c {name}: {msg}")),
    };
    if visiting.iter().any(|v| v == name) {
        return Err(error(format!("cyclic definition of constant '{name}'")));
    }
    visiting.push(name.to_string());
    let mut referenced = Vec::new();
    const_refs(value, &mut referenced);
    for r in referenced {
        if defs.contains_key(&r) {
            resolve_const(&r, defs, resolved, visiting, syms)?;
        }
    }
    visiting.pop();
    let mut preds = PredTable::default();
    let mut compiler = Compiler::new(syms, &mut preds, resolved);
    let sym = compiler.ground_term(value)?.ok_or_else(|| {
        error(format!(
            "the value of constant '{name}' must be a ground term"
        ))
    })?;
    resolved.insert(name.to_string(), sym);
    Ok(())
}

fn const_refs(t: &Term, out: &mut Vec<String>) {
    match t {
        Term::Fun { name, args, .. } => {
            if args.is_empty() {
                out.push(name.clone());
            }
            args.iter().for_each(|a| const_refs(a, out));
        }
        Term::Unary(_, x, _) => const_refs(x, out),
        Term::Binary(_, x, y, _) | Term::Interval(x, y, _) => {
            const_refs(x, out);
            const_refs(y, out);
        }
        Term::Pool(alts, _) => alts.iter().for_each(|a| const_refs(a, out)),
        _ => {}
    }
}

struct Grounder {
    program: GroundProgram,
    relations: Vec<Relation>,
    infos: Vec<Diagnostic>,
    info_spans: HashSet<String>,
    seen_rules: FxHashSet<Rule>,
    max_size: usize,
    /// Instantiating only to find head atoms (see `ground_component`): no rules, no facts.
    provisional: bool,
    /// Aggregates grounded by the assignment steps of the join in progress (body index and the
    /// instance with its assigned value), reused when the rule instance is emitted.
    assigned: Vec<(usize, Aggregate)>,
}

/// Which rows of each relation a join may use: everything up to `end`, or for a delta literal
/// only `[start, end)`.
#[derive(Clone)]
struct Window {
    start: Vec<usize>,
    end: Vec<usize>,
}

/// Why a join stopped early.
enum Stop {
    Error(Diagnostic),
}

impl From<Diagnostic> for Stop {
    fn from(d: Diagnostic) -> Self {
        Stop::Error(d)
    }
}

impl Grounder {
    fn run(&mut self, rules: Vec<CRule>) -> Result<(), Diagnostic> {
        let n = self.relations.len();
        for r in &rules {
            let complex = r
                .body
                .iter()
                .any(|b| matches!(b, CBody::Aggregate(_) | CBody::Conditional { .. }));
            if complex {
                for p in r.head_preds() {
                    let sig = self.relations[p].sig;
                    self.program
                        .complex_rule_origins
                        .entry(sig)
                        .or_insert_with(|| r.span.clone());
                }
            }
        }
        let components = graph::components(n, &rules);
        // Rules by the component of their head; headless rules (constraints, #show) last.
        let mut comp_of = vec![0; n];
        for (c, preds) in components.iter().enumerate() {
            for &p in preds {
                comp_of[p] = c;
            }
        }
        let mut by_comp: Vec<Vec<usize>> = vec![Vec::new(); components.len()];
        let mut headless = Vec::new();
        for (i, r) in rules.iter().enumerate() {
            match r.head_preds().first() {
                Some(&p) => by_comp[comp_of[p]].push(i),
                None => headless.push(i),
            }
        }
        let mut rules = rules;
        for (c, preds) in components.iter().enumerate() {
            self.ground_component(&mut rules, &by_comp[c], preds, &comp_of, c)
                .map_err(|Stop::Error(d)| d)?;
            for &p in preds {
                self.relations[p].complete = true;
            }
        }
        let window = self.full_window();
        for &i in &headless {
            let plan = rules[i].plan.clone();
            self.instantiate(&rules[i], &plan, &window)
                .map_err(|Stop::Error(d)| d)?;
        }
        self.classical_negation_constraints();
        Ok(())
    }

    fn full_window(&self) -> Window {
        let end: Vec<usize> = self.relations.iter().map(|r| r.len()).collect();
        Window {
            start: vec![0; end.len()],
            end,
        }
    }

    fn ground_component(
        &mut self,
        rules: &mut [CRule],
        members: &[usize],
        preds: &[usize],
        comp_of: &[usize],
        comp: usize,
    ) -> Result<(), Stop> {
        // Positive body literals over this component drive semi-naive iteration.
        for &i in members {
            let recursive: Vec<usize> = rules[i]
                .body
                .iter()
                .enumerate()
                .filter_map(|(j, b)| match b {
                    CBody::Lit(CLit::Atom {
                        sign: Sign::Pos,
                        atom,
                    }) if comp_of[atom.pred] == comp => Some(j),
                    _ => None,
                })
                .collect();
            rules[i].delta_plans = recursive
                .into_iter()
                .map(|j| (j, plan::plan_delta(&rules[i], j)))
                .collect();
        }
        // Rules whose conditions or aggregates range over this component's own predicates
        // cannot be instantiated until those predicates are known: they run after the fixpoint
        // of the others, provisionally (deriving head atoms only) until they add nothing new.
        let (late, normal): (Vec<usize>, Vec<usize>) = members.iter().partition(|&&i| {
            rules[i]
                .condition_preds()
                .iter()
                .chain(rules[i].aggregate_preds().iter())
                .any(|&p| comp_of[p] == comp)
        });
        let mut previous = self.full_window();
        for &i in &normal {
            let plan = rules[i].plan.clone();
            self.instantiate(&rules[i], &plan, &previous)?;
        }
        loop {
            // Semi-naive rounds: each round matches one recursive literal against new atoms.
            loop {
                let current = self.full_window();
                if preds.iter().all(|&p| current.end[p] == previous.end[p]) {
                    break;
                }
                let mut delta = current.clone();
                for &p in preds {
                    delta.start[p] = previous.end[p];
                }
                for &i in &normal {
                    for (_, plan) in rules[i].delta_plans.clone() {
                        self.instantiate(&rules[i], &plan, &delta)?;
                    }
                }
                previous = current;
            }
            if late.is_empty() {
                return Ok(());
            }
            let before = self.full_window();
            self.provisional = true;
            for &i in &late {
                let plan = rules[i].plan.clone();
                self.instantiate(&rules[i], &plan, &before)?;
            }
            self.provisional = false;
            let after = self.full_window();
            if preds.iter().all(|&p| after.end[p] == before.end[p]) {
                for &i in &late {
                    let plan = rules[i].plan.clone();
                    self.instantiate(&rules[i], &plan, &after)?;
                }
                return Ok(());
            }
        }
    }

    fn size(&self) -> usize {
        self.program.num_atoms() + self.program.rules.len()
    }

    fn info(&mut self, span: &Span, msg: &str) {
        let key = format!("{span}{msg}");
        if self.info_spans.insert(key) {
            self.infos.push(Diagnostic::info(span, msg));
        }
    }

    /// Evaluates a term; undefined operations yield `None` (with an info message), overflow an
    /// error.
    fn eval(&mut self, t: &term::CTerm, b: &Binding) -> Result<Option<Sym>, Stop> {
        match eval(t, b, &mut self.program.symbols) {
            Ok(s) => Ok(Some(s)),
            Err(EvalError::Undefined(span)) => {
                self.info(&span, "operation undefined");
                Ok(None)
            }
            Err(EvalError::Overflow(span)) => Err(Stop::Error(Diagnostic::error(
                &span,
                "integer overflow: the value does not fit clingo's 32-bit integers",
            ))),
        }
    }

    fn atom_sym(&mut self, a: &CAtom, b: &Binding) -> Result<Option<(Sym, Vec<Sym>)>, Stop> {
        let mut args = Vec::with_capacity(a.args.len());
        for t in &a.args {
            match self.eval(t, b)? {
                Some(s) => args.push(s),
                None => return Ok(None),
            }
        }
        let sig = self.relations[a.pred].sig;
        let sym = self
            .program
            .symbols
            .function(sig.name, args.clone(), sig.negative);
        Ok(Some((sym, args)))
    }

    /// Runs `plan` over `lits` from step `k`, calling `on_match` for every complete binding.
    #[allow(clippy::too_many_arguments)]
    fn join(
        &mut self,
        lits: &[CLit],
        aggs: &[Option<&CAggregate>],
        plan: &[Step],
        k: usize,
        window: &Window,
        b: &mut Binding,
        matched: &mut [Option<AtomId>],
        on_match: &mut MatchCallback<'_>,
    ) -> Result<(), Stop> {
        let Some(step) = plan.get(k) else {
            return on_match(self, b, matched);
        };
        let mut trail: Vec<VarId> = Vec::new();
        match step {
            Step::Match { lit, delta } => {
                let CLit::Atom { atom, .. } = &lits[*lit] else {
                    unreachable!("match steps are positive atoms")
                };
                let pred = atom.pred;
                let mut positions = Vec::new();
                let mut key = Vec::new();
                for (i, t) in atom.args.iter().enumerate() {
                    if term::all_bound(t, b) {
                        match self.eval(t, b)? {
                            Some(s) => {
                                positions.push(i);
                                key.push(s);
                            }
                            None => return Ok(()),
                        }
                    }
                }
                let range = if *delta {
                    window.start[pred]..window.end[pred]
                } else {
                    0..window.end[pred]
                };
                let rows = self.relations[pred].lookup(&positions, &key, range);
                for row in rows {
                    let args = self.relations[pred].row_args(row as usize);
                    let mut ok = true;
                    for (i, t) in atom.args.iter().enumerate() {
                        if positions.contains(&i) {
                            continue;
                        }
                        match unify(t, args[i], b, &mut trail, &mut self.program.symbols) {
                            Ok(true) => {}
                            Ok(false) => {
                                ok = false;
                                break;
                            }
                            Err(e) => return Err(eval_error(e)),
                        }
                    }
                    if ok {
                        matched[*lit] = Some(self.relations[pred].atoms[row as usize]);
                        self.join(lits, aggs, plan, k + 1, window, b, matched, on_match)?;
                    }
                    for v in trail.drain(..) {
                        b[v] = None;
                    }
                }
                Ok(())
            }
            Step::Test(lit) => {
                if self.test(&lits[*lit], b)? {
                    self.join(lits, aggs, plan, k + 1, window, b, matched, on_match)?;
                }
                Ok(())
            }
            Step::Assign {
                lit,
                pattern_is_lhs,
            } => {
                let CLit::Cmp { lhs, rhs, .. } = &lits[*lit] else {
                    unreachable!("assignments are comparisons")
                };
                let (pattern, value) = if *pattern_is_lhs {
                    (lhs, rhs)
                } else {
                    (rhs, lhs)
                };
                let Some(v) = self.eval(value, b)? else {
                    return Ok(());
                };
                match unify(pattern, v, b, &mut trail, &mut self.program.symbols) {
                    Ok(true) => self.join(lits, aggs, plan, k + 1, window, b, matched, on_match)?,
                    Ok(false) => {}
                    Err(e) => return Err(eval_error(e)),
                }
                for v in trail.drain(..) {
                    b[v] = None;
                }
                Ok(())
            }
            Step::AggAssign { item, guard } => {
                let agg = aggs[*item].expect("assignment steps are aggregates");
                let CTerm::Var(var) = agg.guards[*guard].1 else {
                    unreachable!("assigning guards are variables")
                };
                let Some(ground) = self.ground_aggregate(agg, b, Some(*guard))? else {
                    return Ok(());
                };
                // Each value is a candidate rule instance: they count against --max-ground.
                let budget = self.max_size.saturating_sub(self.size());
                let Some(values) = possible_values(&ground, &self.program.symbols, budget) else {
                    return Err(Stop::Error(Diagnostic::error(
                        &agg.span,
                        format!(
                            "the aggregate can take more values than the grounding limit of {} atoms and rules allows (--max-ground)",
                            self.max_size
                        ),
                    )));
                };
                for value in values {
                    let sym = match value {
                        AggValue::Sym(s) => s,
                        AggValue::Int(n) => match i32::try_from(n) {
                            Ok(n) => self.program.symbols.num(n),
                            Err(_) => {
                                return Err(Stop::Error(Diagnostic::error(
                                    &agg.span,
                                    "integer overflow: the aggregate's value does not fit clingo's 32-bit integers",
                                )));
                            }
                        },
                    };
                    b[var] = Some(sym);
                    // The instance's aggregate is this one with the assigned value as a guard.
                    let mut instance = ground.clone();
                    instance.guards.push(CountGuard {
                        op: agg.guards[*guard].0,
                        value: sym,
                    });
                    self.assigned.push((*item, instance));
                    let result = self.join(lits, aggs, plan, k + 1, window, b, matched, on_match);
                    self.assigned.pop();
                    result?;
                }
                b[var] = None;
                Ok(())
            }
            Step::Range(lit) => {
                let CLit::Range { var, lo, hi, span } = &lits[*lit] else {
                    unreachable!("range steps are ranges")
                };
                let (Some(lo), Some(hi)) = (self.eval(lo, b)?, self.eval(hi, b)?) else {
                    return Ok(());
                };
                let (Some(lo), Some(hi)) = (
                    self.program.symbols.as_int(lo),
                    self.program.symbols.as_int(hi),
                ) else {
                    return Ok(());
                };
                if (hi as i64) - (lo as i64) >= self.max_size as i64 {
                    return Err(Stop::Error(Diagnostic::error(
                        span,
                        format!(
                            "the interval {lo}..{hi} has more elements than the grounding limit of {} (--max-ground)",
                            self.max_size
                        ),
                    )));
                }
                for n in lo..=hi {
                    b[*var] = Some(self.program.symbols.num(n));
                    self.join(lits, aggs, plan, k + 1, window, b, matched, on_match)?;
                }
                b[*var] = None;
                Ok(())
            }
        }
    }

    /// A literal with all variables bound, evaluated during the join. Atom literals over
    /// incomplete predicates are not decided here (they stay in the ground rule).
    fn test(&mut self, lit: &CLit, b: &Binding) -> Result<bool, Stop> {
        match lit {
            CLit::Bool(v) => Ok(*v),
            CLit::Cmp { op, lhs, rhs } => {
                let (Some(x), Some(y)) = (self.eval(lhs, b)?, self.eval(rhs, b)?) else {
                    return Ok(false);
                };
                Ok(term::compare(*op, x, y, &self.program.symbols))
            }
            CLit::Range { var, lo, hi, .. } => {
                let (Some(lo), Some(hi)) = (self.eval(lo, b)?, self.eval(hi, b)?) else {
                    return Ok(false);
                };
                let s = &self.program.symbols;
                let v = b[*var].expect("bound");
                Ok(matches!((s.as_int(lo), s.as_int(hi), s.as_int(v)),
                    (Some(lo), Some(hi), Some(v)) if lo <= v && v <= hi))
            }
            CLit::Atom { .. } => Ok(self.ground_lit(lit, b)? != LitValue::False),
        }
    }

    /// [`Self::ground_lit`] for a literal whose atom the join already matched (no re-interning).
    fn ground_lit_matched(
        &mut self,
        lit: &CLit,
        b: &Binding,
        matched: Option<AtomId>,
    ) -> Result<LitValue, Stop> {
        match (lit, matched) {
            (
                CLit::Atom {
                    sign: Sign::Pos, ..
                },
                Some(id),
            ) => Ok(if self.program.is_fact(id) {
                LitValue::True
            } else {
                LitValue::Open(Lit::pos(id))
            }),
            _ => self.ground_lit(lit, b),
        }
    }

    /// Grounds an atom literal under a complete binding.
    fn ground_lit(&mut self, lit: &CLit, b: &Binding) -> Result<LitValue, Stop> {
        let CLit::Atom { sign, atom } = lit else {
            return Ok(if self.test(lit, b)? {
                LitValue::True
            } else {
                LitValue::False
            });
        };
        let Some((sym, _)) = self.atom_sym(atom, b)? else {
            return Ok(LitValue::False);
        };
        let rel = &self.relations[atom.pred];
        let id = self.program.lookup_atom(sym);
        let exists = id.is_some_and(|id| self.program.is_derivable(id));
        let fact = exists && id.is_some_and(|id| self.program.is_fact(id));
        let complete = rel.complete;
        let value = match sign {
            Sign::Pos => {
                if fact {
                    LitValue::True
                } else if !exists && complete {
                    LitValue::False
                } else {
                    LitValue::Open(Lit::pos(self.program.atom(sym)))
                }
            }
            Sign::Not | Sign::NotNot => {
                let not = *sign == Sign::Not;
                if fact {
                    if not { LitValue::False } else { LitValue::True }
                } else if !exists && complete {
                    if not { LitValue::True } else { LitValue::False }
                } else {
                    LitValue::Open(Lit {
                        atom: self.program.atom(sym),
                        polarity: if not { Polarity::Not } else { Polarity::NotNot },
                    })
                }
            }
        };
        Ok(value)
    }

    /// Instances of a condition under the current binding: the ground literals of each (decided
    /// literals removed) and the extended binding, passed to `each`.
    fn conditions(
        &mut self,
        cond: &Condition,
        b: &Binding,
        each: &mut ConditionCallback<'_>,
    ) -> Result<(), Stop> {
        let window = self.full_window();
        let mut b = b.clone();
        let mut matched = vec![None; cond.lits.len()];
        self.join(
            &cond.lits,
            &[],
            &cond.plan,
            0,
            &window,
            &mut b,
            &mut matched,
            &mut |g, binding, matched| {
                let mut ground = Vec::new();
                for (i, l) in cond.lits.iter().enumerate() {
                    if !matches!(l, CLit::Atom { .. }) {
                        continue;
                    }
                    match g.ground_lit_matched(l, binding, matched[i])? {
                        LitValue::True => {}
                        LitValue::False => return Ok(()),
                        LitValue::Open(l) => ground.push(l),
                    }
                }
                each(g, binding, ground)
            },
        )
    }

    fn instantiate(&mut self, rule: &CRule, plan: &[Step], window: &Window) -> Result<(), Stop> {
        // Plan steps index the body; conditionals are never steps, a placeholder stands in.
        let lits: Vec<CLit> = rule
            .body
            .iter()
            .map(|b| match b {
                CBody::Lit(l) => l.clone(),
                CBody::Conditional { .. } | CBody::Aggregate(_) => CLit::Bool(true),
            })
            .collect();
        let aggs: Vec<Option<&CAggregate>> = rule
            .body
            .iter()
            .map(|b| match b {
                CBody::Aggregate(a) => Some(a),
                _ => None,
            })
            .collect();
        let mut b: Binding = vec![None; rule.num_vars];
        let mut matched = vec![None; lits.len()];
        self.join(
            &lits,
            &aggs,
            plan,
            0,
            window,
            &mut b,
            &mut matched,
            &mut |g, binding, matched| g.emit(rule, binding, matched),
        )
    }

    /// Builds the ground rule for one body match.
    fn emit(&mut self, rule: &CRule, b: &Binding, matched: &[Option<AtomId>]) -> Result<(), Stop> {
        if self.size() > self.max_size {
            return Err(Stop::Error(Diagnostic::error(
                &rule.span,
                format!(
                    "grounding exceeds the limit of {} atoms and rules (--max-ground); this rule was being instantiated",
                    self.max_size
                ),
            )));
        }
        let mut body = Vec::new();
        for (i, elem) in rule.body.iter().enumerate() {
            match elem {
                CBody::Lit(l @ CLit::Atom { .. }) => {
                    match self.ground_lit_matched(l, b, matched[i])? {
                        LitValue::True => {}
                        LitValue::False => return Ok(()),
                        LitValue::Open(l) => body.push(BodyElem::Lit(l)),
                    }
                }
                CBody::Lit(_) => {} // comparisons and ranges were checked by the join
                CBody::Conditional { lit, cond } => {
                    let mut instances = Vec::new();
                    let mut falsified = false;
                    self.conditions(cond, b, &mut |g, binding, cond_lits| {
                        match g.ground_lit(lit, binding)? {
                            LitValue::True => {}
                            LitValue::False if cond_lits.is_empty() => falsified = true,
                            LitValue::False => {
                                // The literal is false: the instance says the condition fails.
                                // Keep it with an always-false literal's atom via negation.
                                instances.push(CondInstance {
                                    lit: g.false_lit(),
                                    cond: cond_lits,
                                });
                            }
                            LitValue::Open(l) => instances.push(CondInstance {
                                lit: l,
                                cond: cond_lits,
                            }),
                        }
                        Ok(())
                    })?;
                    if falsified {
                        return Ok(());
                    }
                    if !instances.is_empty() {
                        body.push(BodyElem::Conditional(instances));
                    }
                }
                CBody::Aggregate(a) => {
                    let cached = self
                        .assigned
                        .iter()
                        .rev()
                        .find(|(item, _)| *item == i)
                        .map(|(_, agg)| agg.clone());
                    let ground = match cached {
                        Some(g) => g,
                        None => match self.ground_aggregate(a, b, None)? {
                            Some(g) => g,
                            None => return Ok(()),
                        },
                    };
                    let polarity = match a.sign {
                        Sign::Pos => Polarity::Pos,
                        Sign::Not => Polarity::Not,
                        Sign::NotNot => Polarity::NotNot,
                    };
                    match aggregate::decided(&ground, &self.program.symbols) {
                        Some(holds) => {
                            if holds != (polarity == Polarity::Not) {
                                continue;
                            }
                            return Ok(());
                        }
                        None => body.push(BodyElem::Aggregate {
                            polarity,
                            aggregate: ground,
                        }),
                    }
                }
            }
        }
        let head = match &rule.head {
            CHead::None => Head::None,
            CHead::Cost {
                weight,
                priority,
                terms,
            } => {
                let Some(w) = self.eval(weight, b)? else {
                    return Ok(());
                };
                let Some(weight) = self.program.symbols.as_int(w) else {
                    self.info(
                        &rule.span,
                        "tuple ignored: the weight of an optimization element must be an integer",
                    );
                    return Ok(());
                };
                let priority = match priority {
                    None => 0,
                    Some(p) => {
                        let Some(p) = self.eval(p, b)? else {
                            return Ok(());
                        };
                        match self.program.symbols.as_int(p) {
                            Some(p) => p,
                            None => {
                                self.info(&rule.span, "tuple ignored: the priority of an optimization element must be an integer");
                                return Ok(());
                            }
                        }
                    }
                };
                let mut key = vec![w, self.program.symbols.num(priority)];
                for t in terms {
                    match self.eval(t, b)? {
                        Some(v) => key.push(v),
                        None => return Ok(()),
                    }
                }
                let tuple = self.program.symbols.tuple(key);
                let elem = CostElem {
                    weight: weight as i64,
                    priority: priority as i64,
                    tuple,
                    body,
                };
                if !self.program.minimize.contains(&elem) {
                    self.program.minimize.push(elem);
                }
                return Ok(());
            }
            CHead::ShowTerm(t) => {
                let Some(sym) = self.eval(t, b)? else {
                    return Ok(());
                };
                let mut lits = Vec::new();
                for e in body {
                    match e {
                        BodyElem::Lit(l) => lits.push(l),
                        BodyElem::Conditional(_) | BodyElem::Aggregate { .. } => {
                            return Err(Stop::Error(Diagnostic::error(
                                &rule.span,
                                "conditional literals and aggregates in #show bodies are not supported yet",
                            )));
                        }
                    }
                }
                if !self.program.show.terms.contains(&(sym, lits.clone())) {
                    self.program.show.terms.push((sym, lits));
                }
                return Ok(());
            }
            CHead::Atom(a) => {
                let Some((sym, args)) = self.atom_sym(a, b)? else {
                    return Ok(());
                };
                let id = self.program.atom(sym);
                if self.program.is_fact(id) {
                    return Ok(());
                }
                self.derive(a.pred, id, &args);
                if self.provisional {
                    return Ok(());
                }
                if body.is_empty() {
                    self.program.facts[id.0 as usize] = true;
                    return Ok(());
                }
                Head::Atom(id)
            }
            CHead::Disjunction(elems) => {
                let mut ground_elems: Vec<ChoiceElem> = Vec::new();
                for e in elems {
                    self.conditions(&e.cond, b, &mut |g, binding, cond| {
                        if let Some((sym, args)) = g.atom_sym(&e.atom, binding)? {
                            let id = g.program.atom(sym);
                            g.derive(e.atom.pred, id, &args);
                            if !ground_elems.iter().any(|x| x.atom == id && x.cond == cond) {
                                ground_elems.push(ChoiceElem { atom: id, cond });
                            }
                        }
                        Ok(())
                    })?;
                }
                self.shift_disjunction(body, ground_elems, &rule.span);
                return Ok(());
            }
            CHead::Choice {
                func,
                elems,
                guards,
            } => {
                let mut ground_guards = Vec::new();
                for (op, t) in guards {
                    let Some(value) = self.eval(t, b)? else {
                        return Ok(());
                    };
                    ground_guards.push(CountGuard { op: *op, value });
                }
                let mut ground_elems = Vec::new();
                let mut agg_elems = Vec::new();
                for e in elems {
                    self.conditions(&e.cond, b, &mut |g, binding, cond| {
                        let Some((sym, args)) = g.atom_sym(&e.atom, binding)? else {
                            return Ok(());
                        };
                        let id = g.program.atom(sym);
                        if let Some(terms) = &e.terms {
                            let mut values = Vec::with_capacity(terms.len());
                            for t in terms {
                                match g.eval(t, binding)? {
                                    Some(v) => values.push(v),
                                    None => return Ok(()),
                                }
                            }
                            let weight = values
                                .first()
                                .copied()
                                .unwrap_or_else(|| g.program.symbols.num(0));
                            let tuple = g.program.symbols.tuple(values);
                            let mut agg_cond = cond.clone();
                            agg_cond.push(Lit::pos(id));
                            agg_elems.push(AggElem {
                                tuple,
                                weight,
                                cond: agg_cond,
                            });
                        }
                        g.derive(e.atom.pred, id, &args);
                        ground_elems.push(ChoiceElem { atom: id, cond });
                        Ok(())
                    })?;
                }
                if elems.iter().any(|e| e.terms.is_some()) && !ground_guards.is_empty() {
                    // A head aggregate: a choice of the element atoms, and a constraint that the
                    // aggregate over the chosen elements meets the guards when the body holds.
                    let aggregate = self.filter_weights(
                        Aggregate {
                            func: *func,
                            elems: agg_elems,
                            guards: ground_guards,
                        },
                        &rule.span,
                    );
                    let mut constraint = body.clone();
                    match aggregate::decided(&aggregate, &self.program.symbols) {
                        Some(true) => {}
                        Some(false) => self.push_rule(Rule {
                            head: Head::None,
                            body: constraint,
                        }),
                        None => {
                            constraint.push(BodyElem::Aggregate {
                                polarity: Polarity::Not,
                                aggregate,
                            });
                            self.push_rule(Rule {
                                head: Head::None,
                                body: constraint,
                            });
                        }
                    }
                    ground_guards = Vec::new();
                }
                Head::Choice {
                    elems: ground_elems,
                    guards: ground_guards,
                }
            }
        };
        self.push_rule(Rule { head, body });
        Ok(())
    }

    /// A disjunctive rule instance as normal rules (shifting): each element's atom is derived
    /// when the body and its condition hold and no other element holds. Exact for
    /// head-cycle-free programs; the head atoms are recorded so that `compile` can check that.
    /// A disjunction whose elements all have conditions is false when none of them holds.
    fn shift_disjunction(&mut self, body: Vec<BodyElem>, elems: Vec<ChoiceElem>, span: &Span) {
        if self.provisional {
            return;
        }
        self.program.disjunctions.push(Disjunction {
            elems: elems.clone(),
            body: body.clone(),
            span: span.clone(),
        });
        let mut all_conditional = true;
        for (i, e) in elems.iter().enumerate() {
            all_conditional &= !e.cond.is_empty();
            let mut rule_body = body.clone();
            rule_body.extend(e.cond.iter().map(|l| BodyElem::Lit(*l)));
            for (j, other) in elems.iter().enumerate() {
                if j == i || other.atom == e.atom {
                    continue;
                }
                if other.cond.is_empty() {
                    rule_body.push(BodyElem::Lit(Lit::not(other.atom)));
                } else {
                    // not (cond ∧ atom): the instance "cond, atom → false"
                    let mut cond = other.cond.clone();
                    cond.push(Lit::pos(other.atom));
                    let lit = self.false_lit();
                    rule_body.push(BodyElem::Conditional(vec![CondInstance { lit, cond }]));
                }
            }
            self.push_rule(Rule {
                head: Head::Atom(e.atom),
                body: rule_body,
            });
        }
        if all_conditional {
            let lit = self.false_lit();
            let mut constraint = body;
            if !elems.is_empty() {
                constraint.push(BodyElem::Conditional(
                    elems
                        .iter()
                        .map(|e| CondInstance {
                            lit,
                            cond: e.cond.clone(),
                        })
                        .collect(),
                ));
            }
            self.push_rule(Rule {
                head: Head::None,
                body: constraint,
            });
        }
    }

    fn push_rule(&mut self, rule: Rule) {
        if !self.provisional && self.seen_rules.insert(rule.clone()) {
            self.program.rules.push(rule);
        }
    }

    /// `#sum` ignores elements whose weight is not an integer, `#sum+` those with negative
    /// weights (clingo's "tuple ignored").
    fn filter_weights(&mut self, mut agg: Aggregate, span: &Span) -> Aggregate {
        if matches!(agg.func, AggFunc::Sum | AggFunc::SumPlus) {
            let before = agg.elems.len();
            let syms = &self.program.symbols;
            agg.elems.retain(|e| match syms.as_int(e.weight) {
                None => false,
                Some(w) => w >= 0 || agg.func == AggFunc::Sum,
            });
            if agg.elems.len() < before {
                self.info(
                    span,
                    "tuple ignored: the weight of a #sum element must be an integer",
                );
            }
        }
        agg
    }

    /// The aggregate's element instances under the binding (decided conditions removed), and
    /// its guards; `skip_guard` is the guard an assignment step is enumerating. `None` when a
    /// guard is undefined.
    fn ground_aggregate(
        &mut self,
        agg: &CAggregate,
        b: &Binding,
        skip_guard: Option<usize>,
    ) -> Result<Option<Aggregate>, Stop> {
        let mut guards = Vec::new();
        for (i, (op, t)) in agg.guards.iter().enumerate() {
            if Some(i) == skip_guard {
                continue;
            }
            let Some(value) = self.eval(t, b)? else {
                return Ok(None);
            };
            guards.push(CountGuard { op: *op, value });
        }
        let mut elems = Vec::new();
        for e in &agg.elems {
            self.conditions(&e.cond, b, &mut |g, binding, cond| {
                let mut terms = Vec::with_capacity(e.terms.len());
                for t in &e.terms {
                    match g.eval(t, binding)? {
                        Some(s) => terms.push(s),
                        None => return Ok(()),
                    }
                }
                let weight = match terms.first() {
                    Some(&w) => w,
                    None => g.program.symbols.num(0),
                };
                if matches!(agg.func, AggFunc::Sum | AggFunc::SumPlus) {
                    match g.program.symbols.as_int(weight) {
                        None => {
                            g.info(
                                &agg.span,
                                "tuple ignored: the weight of a #sum element must be an integer",
                            );
                            return Ok(());
                        }
                        Some(w) if w < 0 && agg.func == AggFunc::SumPlus => return Ok(()),
                        Some(_) => {}
                    }
                }
                let tuple = g.program.symbols.tuple(terms);
                elems.push(AggElem {
                    tuple,
                    weight,
                    cond,
                });
                Ok(())
            })?;
        }
        Ok(Some(Aggregate {
            func: agg.func,
            elems,
            guards,
        }))
    }

    fn derive(&mut self, pred: usize, id: AtomId, args: &[Sym]) {
        if !self.program.is_derivable(id) {
            self.relations[pred].insert(id, args);
            self.program.derivable[id.0 as usize] = true;
        }
    }

    /// A literal that is always false (an atom no rule derives), for conditional instances
    /// whose literal is decided false but whose condition is open.
    fn false_lit(&mut self) -> Lit {
        let name = self.program.symbols.name("#false");
        let sym = self.program.symbols.function(name, Vec::new(), false);
        Lit::pos(self.program.atom(sym))
    }

    /// `p(t)` and `-p(t)` cannot both hold.
    fn classical_negation_constraints(&mut self) {
        for rel in 0..self.relations.len() {
            let sig = self.relations[rel].sig;
            if !sig.negative {
                continue;
            }
            for &neg in &self.relations[rel].atoms.clone() {
                let sym = self.program.atom_sym(neg);
                let Some(pos_sym) = self.program.symbols.complement(sym) else {
                    continue;
                };
                if let Some(pos) = self.program.lookup_atom(pos_sym)
                    && self.program.is_derivable(pos)
                {
                    self.program.rules.push(Rule {
                        head: Head::None,
                        body: vec![BodyElem::Lit(Lit::pos(pos)), BodyElem::Lit(Lit::pos(neg))],
                    });
                }
            }
        }
    }
}

/// Matching only fails hard on overflow (undefined subterms simply do not match).
fn eval_error(e: EvalError) -> Stop {
    match e {
        EvalError::Overflow(span) | EvalError::Undefined(span) => Stop::Error(Diagnostic::error(
            &span,
            "integer overflow: the value does not fit clingo's 32-bit integers",
        )),
    }
}

/// Receives each complete binding of a join, with the atoms its positive literals matched.
type MatchCallback<'a> =
    dyn FnMut(&mut Grounder, &Binding, &[Option<AtomId>]) -> Result<(), Stop> + 'a;

/// Receives each instance of a condition: the binding and the instance's open literals.
type ConditionCallback<'a> = dyn FnMut(&mut Grounder, &Binding, Vec<Lit>) -> Result<(), Stop> + 'a;

#[derive(PartialEq, Eq, Debug)]
enum LitValue {
    True,
    False,
    Open(Lit),
}
