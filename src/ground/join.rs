//! The join: a plan's steps run over the atoms derived so far, binding the rule's variables
//! one step at a time; every complete binding is handed to a callback (for a rule body, the
//! construction of the rule instance in [`super::emit`]). Also the evaluation of literals under
//! a binding, and the instances of conditions.

use super::ir::{self, Step};
use super::plan::{Planned, RulePlan};
use super::state::{Grounder, overflow};
use super::term::{self, Binding, CTerm, EvalError, VarId, unify};
use crate::program::aggregate::{AggValue, possible_values};
use crate::program::{AtomId, CountGuard, Lit, Polarity};
use crate::syntax::Diagnostic;
use crate::syntax::ast::Sign;

/// Which rows of each relation a join may use: everything up to `end`, or for a delta literal
/// only `[start, end)`. Indexed by predicate.
#[derive(Clone)]
pub struct Window {
    pub start: Vec<usize>,
    pub end: Vec<usize>,
}

/// A literal's value under a complete binding.
#[derive(PartialEq, Eq, Debug)]
pub enum LitValue {
    True,
    False,
    /// Not decided while grounding: the ground literal stays in the rule instance.
    Open(Lit),
}

/// Receives each complete binding of a join, with the atoms its positive literals matched.
type MatchCallback<'a> =
    dyn FnMut(&mut Grounder, &Binding, &[Option<AtomId>]) -> Result<(), Diagnostic> + 'a;

/// Receives each instance of a condition: the binding and the instance's open literals.
pub type ConditionCallback<'a> =
    dyn FnMut(&mut Grounder, &Binding, Vec<Lit>) -> Result<(), Diagnostic> + 'a;

/// What one join runs: the plan's steps over a conjunction, restricted to a window.
struct Join<'r> {
    /// The conjunction the steps index (a rule body's non-literal elements stand in as `#true`).
    lits: &'r [ir::Lit],
    /// The body's aggregates at the same indices (for aggregate assignment steps).
    aggs: &'r [Option<&'r ir::Aggregate>],
    steps: &'r [Step],
    /// The plans of the rule's conditions (aggregate assignment steps ground the aggregate).
    plan: &'r RulePlan,
    window: &'r Window,
}

/// Matching only fails hard on overflow (undefined subterms simply do not match).
fn match_error(e: EvalError) -> Diagnostic {
    match e {
        EvalError::Overflow(span) | EvalError::Undefined(span) => overflow(&span),
    }
}

impl Grounder {
    /// The window over every atom derived so far.
    pub fn full_window(&self) -> Window {
        let end: Vec<usize> = self.relations.iter().map(|r| r.len()).collect();
        Window {
            start: vec![0; end.len()],
            end,
        }
    }

    /// Instantiates `rule` for every binding `steps` (its body plan or a delta plan) finds in
    /// `window`.
    pub fn instantiate(
        &mut self,
        rule: &Planned,
        steps: &[Step],
        window: &Window,
    ) -> Result<(), Diagnostic> {
        // Plan steps index the body; conditionals are never steps, a placeholder stands in.
        let lits: Vec<ir::Lit> = rule
            .rule
            .body
            .iter()
            .map(|b| match b {
                ir::Body::Lit(l) => l.clone(),
                ir::Body::Conditional { .. } | ir::Body::Aggregate(_) => ir::Lit::Bool(true),
            })
            .collect();
        let aggs: Vec<Option<&ir::Aggregate>> = rule
            .rule
            .body
            .iter()
            .map(|b| match b {
                ir::Body::Aggregate(a) => Some(a),
                _ => None,
            })
            .collect();
        let join = Join {
            lits: &lits,
            aggs: &aggs,
            steps,
            plan: &rule.plan,
            window,
        };
        let mut b: Binding = vec![None; rule.rule.num_vars()];
        let mut matched = vec![None; lits.len()];
        self.join(
            &join,
            0,
            &mut b,
            &mut matched,
            &mut |g, binding, matched| g.emit(rule, binding, matched),
        )
    }

    /// Instances of a condition of the rule planned by `plan` under the current binding: the
    /// ground literals of each (decided literals removed) and the extended binding, passed to
    /// `each`.
    pub fn conditions(
        &mut self,
        cond: &ir::Condition,
        plan: &RulePlan,
        b: &Binding,
        each: &mut ConditionCallback<'_>,
    ) -> Result<(), Diagnostic> {
        let window = self.full_window();
        let join = Join {
            lits: &cond.lits,
            aggs: &[],
            steps: plan.condition(cond),
            plan,
            window: &window,
        };
        let mut b = b.clone();
        let mut matched = vec![None; cond.lits.len()];
        self.join(
            &join,
            0,
            &mut b,
            &mut matched,
            &mut |g, binding, matched| {
                let mut ground = Vec::new();
                for (i, l) in cond.lits.iter().enumerate() {
                    if !matches!(l, ir::Lit::Atom { .. }) || cond.domain_only.contains(&i) {
                        continue;
                    }
                    // (a literal written twice is one for gringo: `q : q, q` is `q : q`)
                    match g.ground_lit_matched(l, binding, matched[i])? {
                        LitValue::True => {}
                        LitValue::False => return Ok(()),
                        LitValue::Open(l) if ground.contains(&l) => {}
                        LitValue::Open(l) => ground.push(l),
                    }
                }
                each(g, binding, ground)
            },
        )
    }

    /// Runs the join from step `k`, calling `on_match` for every complete binding.
    fn join(
        &mut self,
        join: &Join,
        k: usize,
        b: &mut Binding,
        matched: &mut [Option<AtomId>],
        on_match: &mut MatchCallback<'_>,
    ) -> Result<(), Diagnostic> {
        let Some(step) = join.steps.get(k) else {
            return on_match(self, b, matched);
        };
        match step {
            Step::Match { lit, delta } => {
                self.match_step(join, k, *lit, *delta, b, matched, on_match)
            }
            Step::Test(lit) => {
                if self.test(&join.lits[*lit], b)? {
                    self.join(join, k + 1, b, matched, on_match)?;
                }
                Ok(())
            }
            Step::Assign {
                lit,
                pattern_is_lhs,
            } => {
                let ir::Lit::Cmp { lhs, rhs, .. } = &join.lits[*lit] else {
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
                let mut trail: Vec<VarId> = Vec::new();
                match unify(pattern, v, b, &mut trail, &mut self.program.symbols) {
                    Ok(true) => self.join(join, k + 1, b, matched, on_match)?,
                    Ok(false) => {}
                    Err(e) => return Err(match_error(e)),
                }
                for v in trail.drain(..) {
                    b[v] = None;
                }
                Ok(())
            }
            Step::AggAssign { item, guard } => {
                self.aggregate_step(join, k, *item, *guard, b, matched, on_match)
            }
            Step::Range(lit) => self.range_step(join, k, &join.lits[*lit], b, matched, on_match),
        }
    }

    /// Matches positive atom literal `lit` against the window's rows of its predicate (the
    /// delta rows only when `delta`), looking candidates up by the arguments already bound.
    #[allow(clippy::too_many_arguments)] // one join step: the join's state plus the step's own fields
    fn match_step(
        &mut self,
        join: &Join,
        k: usize,
        lit: usize,
        delta: bool,
        b: &mut Binding,
        matched: &mut [Option<AtomId>],
        on_match: &mut MatchCallback<'_>,
    ) -> Result<(), Diagnostic> {
        let ir::Lit::Atom { atom, .. } = &join.lits[lit] else {
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
        let range = if delta {
            join.window.start[pred]..join.window.end[pred]
        } else {
            0..join.window.end[pred]
        };
        let rows = self.relations[pred].lookup(&positions, &key, range);
        let mut trail: Vec<VarId> = Vec::new();
        for row in rows {
            let args = self.relations[pred].row_args(row as usize);
            let open = (0..atom.args.len())
                .filter(|i| !positions.contains(i))
                .map(|i| (&atom.args[i], args[i]));
            let ok = term::unify_all(open, b, &mut trail, &mut self.program.symbols)
                .map_err(match_error)?;
            if ok {
                matched[lit] = Some(self.relations[pred].atoms[row as usize]);
                self.join(join, k + 1, b, matched, on_match)?;
            }
            for v in trail.drain(..) {
                b[v] = None;
            }
        }
        Ok(())
    }

    /// `X = #agg{...}`: grounds the aggregate (body element `item`) without its assigning
    /// guard `guard` and continues once per value it can take, with that value as the guard.
    #[allow(clippy::too_many_arguments)] // one join step: the join's state plus the step's own fields
    fn aggregate_step(
        &mut self,
        join: &Join,
        k: usize,
        item: usize,
        guard: usize,
        b: &mut Binding,
        matched: &mut [Option<AtomId>],
        on_match: &mut MatchCallback<'_>,
    ) -> Result<(), Diagnostic> {
        let agg = join.aggs[item].expect("assignment steps are aggregates");
        let CTerm::Var(var) = agg.guards[guard].1 else {
            unreachable!("assigning guards are variables")
        };
        let Some(ground) = self.ground_aggregate(agg, join.plan, b, Some(guard))? else {
            return Ok(());
        };
        // Each value is a candidate rule instance: they count against --max-ground.
        let budget = self.max_size.saturating_sub(self.size());
        let Some(values) = possible_values(&ground, &self.program.symbols, budget) else {
            return Err(Diagnostic::error(
                &agg.span,
                format!(
                    "the aggregate can take more values than the grounding limit of {} atoms and rules allows (--max-ground)",
                    self.max_size
                ),
            ));
        };
        // The guards `ground_aggregate` left out because they use the assigned variable.
        let later: Vec<usize> = (0..agg.guards.len())
            .filter(|&i| i != guard && !term::all_bound(&agg.guards[i].1, b))
            .collect();
        for value in values {
            let sym = match value {
                AggValue::Sym(s) => s,
                AggValue::Int(n) => match i32::try_from(n) {
                    Ok(n) => self.program.symbols.num(n),
                    Err(_) => {
                        return Err(Diagnostic::error(
                            &agg.span,
                            "integer overflow: the aggregate's value does not fit clingo's 32-bit integers",
                        ));
                    }
                },
            };
            b[var] = Some(sym);
            // The instance's aggregate is this one with the assigned value as a guard, and the
            // guards that use the assigned variable.
            let mut instance = ground.clone();
            instance.guards.push(CountGuard {
                op: agg.guards[guard].0,
                value: sym,
            });
            let mut undefined = false;
            for &i in &later {
                let (op, t) = &agg.guards[i];
                match self.eval(t, b)? {
                    Some(value) => instance.guards.push(CountGuard { op: *op, value }),
                    None => undefined = true,
                }
            }
            if undefined {
                continue;
            }
            self.assigned.push((item, instance));
            let result = self.join(join, k + 1, b, matched, on_match);
            self.assigned.pop();
            result?;
        }
        b[var] = None;
        Ok(())
    }

    /// `var = lo..hi`: continues once per integer of the interval.
    fn range_step(
        &mut self,
        join: &Join,
        k: usize,
        lit: &ir::Lit,
        b: &mut Binding,
        matched: &mut [Option<AtomId>],
        on_match: &mut MatchCallback<'_>,
    ) -> Result<(), Diagnostic> {
        let ir::Lit::Range {
            var,
            lo,
            hi,
            span,
            implied,
        } = lit
        else {
            unreachable!("range steps are ranges")
        };
        let (Some(lo), Some(hi)) = (self.eval(lo, b)?, self.eval(hi, b)?) else {
            return Ok(());
        };
        let (Some(lo), Some(hi)) = (
            self.program.symbols.as_int(lo),
            self.program.symbols.as_int(hi),
        ) else {
            // clingo's info; the rule instance has no value for the interval
            self.info(span, super::undefined::INTERVAL_UNDEFINED);
            return Ok(());
        };
        if (hi as i64) - (lo as i64) >= self.max_size as i64 {
            let what = if *implied {
                // (the span is the variable's)
                format!("the range {lo}..{hi} that comparisons allow for this variable")
            } else {
                format!("the interval {lo}..{hi}")
            };
            return Err(Diagnostic::error(
                span,
                format!(
                    "{what} has more elements than the grounding limit of {} (--max-ground)",
                    self.max_size
                ),
            ));
        }
        for n in lo..=hi {
            b[*var] = Some(self.program.symbols.num(n));
            self.join(join, k + 1, b, matched, on_match)?;
        }
        b[*var] = None;
        Ok(())
    }

    /// A literal with all variables bound, evaluated during the join. Atom literals over
    /// incomplete predicates are not decided here (they stay in the ground rule).
    fn test(&mut self, lit: &ir::Lit, b: &Binding) -> Result<bool, Diagnostic> {
        match lit {
            ir::Lit::Bool(v) => Ok(*v),
            ir::Lit::Cmp { op, lhs, rhs } => {
                let (Some(x), Some(y)) = (self.eval(lhs, b)?, self.eval(rhs, b)?) else {
                    return Ok(false);
                };
                Ok(term::compare(*op, x, y, &self.program.symbols))
            }
            ir::Lit::Range { var, lo, hi, .. } => {
                let (Some(lo), Some(hi)) = (self.eval(lo, b)?, self.eval(hi, b)?) else {
                    return Ok(false);
                };
                let s = &self.program.symbols;
                let v = b[*var].expect("bound");
                Ok(matches!((s.as_int(lo), s.as_int(hi), s.as_int(v)),
                    (Some(lo), Some(hi), Some(v)) if lo <= v && v <= hi))
            }
            ir::Lit::Atom { .. } => Ok(self.ground_lit(lit, b)? != LitValue::False),
        }
    }

    /// [`Self::ground_lit`] for a literal whose atom the join already matched (no re-interning).
    pub fn ground_lit_matched(
        &mut self,
        lit: &ir::Lit,
        b: &Binding,
        matched: Option<AtomId>,
    ) -> Result<LitValue, Diagnostic> {
        match (lit, matched) {
            (
                ir::Lit::Atom {
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

    /// Grounds a literal under a complete binding: facts are true, atoms that nothing derived
    /// are false once nothing can derive them any more (their predicate is complete, or the
    /// literal is settled: [`ir::Lit::Atom`]).
    pub fn ground_lit(&mut self, lit: &ir::Lit, b: &Binding) -> Result<LitValue, Diagnostic> {
        let ir::Lit::Atom {
            sign,
            atom,
            settled_from,
            ..
        } = lit
        else {
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
        let mut fact = exists && id.is_some_and(|id| self.program.is_fact(id));
        // The last instantiation of late rules runs one stage on, deciding what their
        // conditions and aggregates match; but gringo never decides a negated literal over its
        // own stage while it grounds: `s(~W,1) ; p(1) : r :- not not s(1,W), W=1. r :-
        // s(C,1).` keeps the instance, and with it `p(1)` in its domain, and so does `p(X) :-
        // d(X), {not p(n)} <= 0.`
        let stage = if self.settling_late && *sign != Sign::Pos {
            self.stage.saturating_sub(1)
        } else {
            self.stage
        };
        // Nor by a fact the stage derived: gringo grounds the late rule before the rules that
        // derive it, which depend on the late rule (`q(X) ; p(a) :- not r, 0 <= #count{1 :
        // q(0)}, d(X). r :- p(Z).` keeps `not r` open, and with it the rule that ends `q(1)`'s
        // status as an #external: differential seed 76 #372).
        if fact && self.settling_late && *sign != Sign::Pos {
            let i = id.map_or(0, |id| id.0 as usize);
            fact = self.fact_in_stage.get(i) != Some(&self.stages_begun);
        }
        // complete: its predicate is, or every atom this literal can match is known (a `not
        // not` literal in a head element's condition over its own stage stays open until the
        // stage is done, `r : d(Z), not not p(Z) ; p(0).` puts r in clingo's domain; one over
        // an earlier stage is decided, `{p(Y) : not not r} < 1 :- d(Y).` with r never derived
        // has no element in clingo 5.8.3: differential seed 4231 #653)
        let complete = rel.complete || *settled_from <= stage;
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
}
