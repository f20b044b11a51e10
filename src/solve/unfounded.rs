//! Loop nogoods of an unfounded set that the reduct check found ([`super::minimality`]), for
//! the programs whose supports [`super::stability`] cannot describe: recursion through
//! aggregates and conditional literals, disjunctions that are not head-cycle-free.
//!
//! Let X ⊊ M satisfy the reduct P^M and U = M \ X. For any interpretation I, a rule r with an
//! atom of U in its head *supports U from outside in I* when its body holds in I, its reduct
//! P^I holds in I \ U, and its head has no true atom outside U (for a choice element: its
//! condition holds in I without positive atoms of U). If I is an answer set and some atom of U
//! is true in I, I \ U is smaller than I, so it violates a rule of P^I, and that rule supports U
//! from outside. Hence in every answer set, for each `a ∈ U`:
//!
//! `a → ∨ { r supports U from outside : r has an atom of U in its head }`.
//!
//! The body's reduct at I \ U reads like the reduct check ([`crate::translate::reduct`]): a
//! positive literal must not be in U; an instance `c → l` of a conditional literal with `l ∈ U`
//! needs `c` false, unless `c` has a positive atom of U; an aggregate is evaluated on the
//! elements whose conditions have no positive atom of U (an aggregate's support counts only
//! elements outside the unfounded set).
//!
//! No rule supports U from outside in M. Rather than new variables for each support, each
//! rule's support is weakened to one *reason* it fails in M: a disjunction of literals, false
//! in M, that the support implies — a body literal false in M, a head atom outside U true in M,
//! a condition that must become false, or for an aggregate that must change its truth value, the
//! condition literals whose change can change it (only the raising ones for a monotone
//! aggregate that must become true, and so on). The nogood `¬a ∨ reasons` is then a clause over
//! the atoms' variables that every answer set satisfies and M violates; it also excludes every
//! other model where U fails for the same reasons.

use crate::cnf::CnfLit;
use crate::program::Polarity;
use crate::program::aggregate;
use crate::program::{AggElem, AggFunc, Aggregate, AtomId, BodyElem, GroundProgram, Head, Lit};
use crate::translate::{Value, reduct};

/// Literals of nogoods per unfounded set (as in [`super::stability`]: one violated clause is
/// progress, all of U's would be |U| copies of a long clause).
const BUDGET: usize = 4096;

/// A rule that can support an atom: a normal rule, one element of a choice rule, or a
/// disjunction.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Source {
    Rule(usize),
    Choice(usize, usize),
    Disjunction(usize),
}

/// Builds the nogoods of unfounded sets over the atoms' values in the CNF.
pub struct UnfoundedNogoods<'a> {
    program: &'a GroundProgram,
    atoms: &'a [Value],
    /// `sources[a]`: the rules with `a` in their head.
    sources: Vec<Vec<Source>>,
}

/// One candidate model M and one unfounded set U of it.
struct Case<'m> {
    m: &'m [bool],
    in_u: Vec<bool>,
}

impl Case<'_> {
    fn holds(&self, l: Lit) -> bool {
        l.holds(self.m[l.atom.0 as usize])
    }

    fn positive_in_u(&self, l: Lit) -> bool {
        l.polarity == Polarity::Pos && self.in_u[l.atom.0 as usize]
    }
}

/// Whether the aggregate's truth can only rise when elements become true (`Monotone`), only
/// when they become false (`Antimonotone`), or either way.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Monotony {
    Monotone,
    Antimonotone,
    Neither,
}

fn monotony(agg: &Aggregate, program: &GroundProgram) -> Monotony {
    let syms = &program.symbols;
    let weights: Vec<i64> = match agg.func {
        AggFunc::Count => vec![1],
        AggFunc::Sum | AggFunc::SumPlus => agg
            .elems
            .iter()
            .map(|e| syms.as_int(e.weight).map(i64::from).unwrap_or(0))
            .collect(),
        AggFunc::Min | AggFunc::Max => return extremum_monotony(agg),
    };
    let rising = if weights.iter().all(|&w| w >= 0) {
        true
    } else if weights.iter().all(|&w| w <= 0) {
        false
    } else {
        return Monotony::Neither;
    };
    match aggregate::allowed_intervals(&agg.guards, syms).as_slice() {
        [] => Monotony::Monotone, // never true: no change helps
        [(_, i64::MAX)] if rising => Monotony::Monotone,
        [(i64::MIN, _)] if !rising => Monotony::Monotone,
        [(_, i64::MAX)] | [(i64::MIN, _)] => Monotony::Antimonotone,
        _ => Monotony::Neither,
    }
}

/// `#min` falls as elements become true, `#max` rises: guards that only bound the value from
/// one side make the aggregate monotone or antimonotone.
fn extremum_monotony(agg: &Aggregate) -> Monotony {
    use crate::syntax::ast::CmpOp;
    let below = agg
        .guards
        .iter()
        .all(|g| matches!(g.op, CmpOp::Lt | CmpOp::Le));
    let above = agg
        .guards
        .iter()
        .all(|g| matches!(g.op, CmpOp::Gt | CmpOp::Ge));
    match (below, above, agg.func == AggFunc::Min) {
        (true, false, true) | (false, true, false) => Monotony::Monotone,
        (true, false, false) | (false, true, true) => Monotony::Antimonotone,
        _ => Monotony::Neither,
    }
}

impl<'a> UnfoundedNogoods<'a> {
    pub fn new(program: &'a GroundProgram, atoms: &'a [Value]) -> Self {
        let mut sources = vec![Vec::new(); program.num_atoms()];
        for (r, rule) in program.rules.iter().enumerate() {
            match &rule.head {
                Head::None => {}
                Head::Atom(h) => sources[h.0 as usize].push(Source::Rule(r)),
                Head::Choice { elems, .. } => {
                    for (i, e) in elems.iter().enumerate() {
                        sources[e.atom.0 as usize].push(Source::Choice(r, i));
                    }
                }
            }
        }
        for (d, disjunction) in program.disjunctions.iter().enumerate() {
            for a in disjunction.atoms() {
                sources[a.0 as usize].push(Source::Disjunction(d));
            }
        }
        UnfoundedNogoods {
            program,
            atoms,
            sources,
        }
    }

    pub fn program(&self) -> &'a GroundProgram {
        self.program
    }

    /// The value of literal `l` in the CNF.
    fn value(&self, l: Lit) -> Value {
        let v = self.atoms[l.atom.0 as usize];
        match l.polarity {
            Polarity::Not => match v {
                Value::True => Value::False,
                Value::False => Value::True,
                Value::Lit(x) => Value::Lit(-x),
            },
            Polarity::Pos | Polarity::NotNot => v,
        }
    }

    /// The CNF literals of `lits` (each false in M: constants are false and left out).
    fn reason(&self, lits: impl IntoIterator<Item = Lit>) -> Vec<CnfLit> {
        let mut out: Vec<CnfLit> = lits
            .into_iter()
            .filter_map(|l| match self.value(l) {
                Value::Lit(x) => Some(x),
                Value::False => None,
                Value::True => {
                    debug_assert!(false, "a reason literal is false in the model");
                    None
                }
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The loop nogoods of the unfounded set `u` of the model `m` (atom values): clauses over
    /// the atoms' variables that M violates; empty when some rule turns out to support U in M
    /// (then `u` is not unfounded, a bug the caller guards against).
    pub fn nogoods(&self, m: &[bool], u: &[AtomId]) -> Vec<Vec<CnfLit>> {
        let mut in_u = vec![false; m.len()];
        for a in u {
            in_u[a.0 as usize] = true;
        }
        let case = Case { m, in_u };
        let mut sources: Vec<Source> = u
            .iter()
            .flat_map(|a| self.sources[a.0 as usize].iter().copied())
            .collect();
        sources.sort_unstable();
        sources.dedup();
        let mut reasons: Vec<CnfLit> = Vec::new();
        for s in sources {
            let Some(reason) = self.source_reason(s, &case) else {
                return Vec::new();
            };
            reasons.extend(reason);
        }
        reasons.sort_unstable();
        reasons.dedup();
        let mut out = Vec::new();
        let mut used = 0;
        for a in u {
            let Value::Lit(l) = self.atoms[a.0 as usize] else {
                continue;
            };
            if used > 0 && used + reasons.len() + 1 > BUDGET {
                break;
            }
            used += reasons.len() + 1;
            let mut clause = Vec::with_capacity(reasons.len() + 1);
            clause.push(-l);
            clause.extend_from_slice(&reasons);
            out.push(clause);
        }
        out
    }

    /// The shortest reason why source `s` does not support U from outside in M; `None` when
    /// it does.
    fn source_reason(&self, s: Source, case: &Case) -> Option<Vec<CnfLit>> {
        let mut best: Option<Vec<CnfLit>> = None;
        let mut offer = |r: Vec<CnfLit>| {
            if best.as_ref().is_none_or(|b| r.len() < b.len()) {
                best = Some(r);
            }
        };
        let body = match s {
            Source::Rule(r) => &self.program.rules[r].body,
            Source::Choice(r, i) => {
                let rule = &self.program.rules[r];
                let Head::Choice { elems, .. } = &rule.head else {
                    unreachable!("a choice source is a choice rule")
                };
                let cond = &elems[i].cond;
                if cond.iter().any(|&l| case.positive_in_u(l)) {
                    return Some(Vec::new());
                }
                if let Some(&l) = cond.iter().find(|&&l| !case.holds(l)) {
                    offer(self.reason([l]));
                }
                &rule.body
            }
            Source::Disjunction(d) => {
                let d = &self.program.disjunctions[d];
                let outside = d
                    .atoms()
                    .into_iter()
                    .find(|&h| !case.in_u[h.0 as usize] && case.m[h.0 as usize]);
                if let Some(h) = outside {
                    offer(self.reason([Lit::not(h)]));
                }
                &d.body
            }
        };
        for elem in body {
            if let Some(r) = self.body_reason(elem, case) {
                offer(r);
            }
        }
        best
    }

    /// A reason why body element `elem` fails for a support of U in M (`None` when it does
    /// not fail): it is false in M, or its reduct is false in M \ U.
    fn body_reason(&self, elem: &BodyElem, case: &Case) -> Option<Vec<CnfLit>> {
        match elem {
            BodyElem::Lit(l) => {
                if !case.holds(*l) {
                    Some(self.reason([*l]))
                } else if case.positive_in_u(*l) {
                    Some(Vec::new())
                } else {
                    None
                }
            }
            BodyElem::Conditional(instances) => {
                let mut best: Option<Vec<CnfLit>> = None;
                for inst in instances {
                    if !inst.cond.iter().all(|&c| case.holds(c)) {
                        continue;
                    }
                    let negated_cond = inst.cond.iter().map(|&c| negate(c));
                    let r = if !case.holds(inst.lit) {
                        // c → l must hold: c becomes false or l true
                        self.reason(negated_cond.chain([inst.lit]))
                    } else if case.positive_in_u(inst.lit)
                        && !inst.cond.iter().any(|&c| case.positive_in_u(c))
                    {
                        self.reason(negated_cond)
                    } else {
                        continue;
                    };
                    if best.as_ref().is_none_or(|b| r.len() < b.len()) {
                        best = Some(r);
                    }
                }
                best
            }
            BodyElem::Aggregate {
                polarity,
                aggregate,
            } => {
                let target = *polarity != Polarity::Not;
                if reduct::aggregate_holds(self.program, aggregate, case.m) != target {
                    return Some(self.change_reason(aggregate, target, case));
                }
                if *polarity != Polarity::Pos {
                    return None;
                }
                let outside = Aggregate {
                    func: aggregate.func,
                    elems: aggregate
                        .elems
                        .iter()
                        .filter(|e| !e.cond.iter().any(|&c| case.positive_in_u(c)))
                        .cloned()
                        .collect(),
                    guards: aggregate.guards.clone(),
                };
                if reduct::aggregate_holds(self.program, &outside, case.m) {
                    return None;
                }
                Some(self.change_reason(&outside, true, case))
            }
        }
    }

    /// The literals of `agg`'s conditions whose change can make its truth value `target`
    /// (it is not in M): a tuple false in M must become true, or one true in M false, as far
    /// as that can help.
    fn change_reason(&self, agg: &Aggregate, target: bool, case: &Case) -> Vec<CnfLit> {
        let monotony = monotony(agg, self.program);
        let raise = monotony != Monotony::Monotone || target;
        let raise = raise && (monotony != Monotony::Antimonotone || !target);
        let lower = monotony != Monotony::Monotone || !target;
        let lower = lower && (monotony != Monotony::Antimonotone || target);
        let holds = |e: &AggElem| e.cond.iter().all(|&c| case.holds(c));
        let true_tuples: std::collections::HashSet<crate::symbol::Sym> = agg
            .elems
            .iter()
            .filter(|e| holds(e))
            .map(|e| e.tuple)
            .collect();
        let mut lits: Vec<Lit> = Vec::new();
        for e in &agg.elems {
            if holds(e) {
                if lower {
                    lits.extend(e.cond.iter().map(|&c| negate(c)));
                }
            } else if raise && !true_tuples.contains(&e.tuple) {
                lits.extend(e.cond.iter().copied().filter(|&c| !case.holds(c)));
            }
        }
        self.reason(lits)
    }
}

/// The literal that holds exactly when `l` does not (`not not a` negates to `not a`).
fn negate(l: Lit) -> Lit {
    match l.polarity {
        Polarity::Not => Lit::pos(l.atom),
        Polarity::Pos | Polarity::NotNot => Lit::not(l.atom),
    }
}

#[cfg(test)]
mod tests {
    use super::UnfoundedNogoods;
    use crate::translate::{EncodingOptions, TranslationKind, Value, reduct};

    /// On every model M of the program that the reduct check finds unstable, the nogoods of
    /// its unfounded set are violated by M and satisfied by every answer set (brute force over
    /// the open atoms; `check_model` is the independent judge). Returns how many unstable
    /// models were seen.
    fn nogoods_are_sound(text: &str) -> usize {
        let statements = crate::syntax::parse(text, "<test>".into()).unwrap();
        let options = crate::CompileOptions {
            translation: TranslationKind::Completion,
            ..Default::default()
        };
        let c = crate::compile(&statements, &options).unwrap();
        let (p, tr) = (&c.program, &c.translation);
        let open: Vec<usize> = (0..p.num_atoms())
            .filter(|&a| matches!(tr.atoms[a], Value::Lit(_)))
            .collect();
        assert!(open.len() <= 16, "{} open atoms", open.len());
        let interpretation = |bits: u32| -> Vec<bool> {
            let mut m: Vec<bool> = tr.atoms.iter().map(|v| *v == Value::True).collect();
            for (i, &a) in open.iter().enumerate() {
                m[a] = bits >> i & 1 == 1;
            }
            m
        };
        // the interpretations that extend to models of the CNF (what the solver proposes)
        let completes = |m: &Vec<bool>| {
            let assume: Vec<i32> = open
                .iter()
                .map(|&a| match tr.atoms[a] {
                    Value::Lit(l) if m[a] => l,
                    Value::Lit(l) => -l,
                    _ => unreachable!(),
                })
                .collect();
            crate::translate::testutil::sat(&tr.cnf, &assume)
        };
        let all: Vec<Vec<bool>> = (0..1u32 << open.len())
            .map(interpretation)
            .filter(completes)
            .collect();
        let answer_sets: Vec<&Vec<bool>> = all
            .iter()
            .filter(|m| crate::solve::check::check_model(p, m).is_ok())
            .collect();
        // a clause over atom variables, read on atom values
        let var_atom: std::collections::HashMap<i32, usize> = open
            .iter()
            .map(|&a| match tr.atoms[a] {
                Value::Lit(l) => (l.abs(), a),
                _ => unreachable!(),
            })
            .collect();
        let satisfies =
            |m: &[bool], clause: &[i32]| clause.iter().any(|&l| m[var_atom[&l.abs()]] == (l > 0));
        let nogoods = UnfoundedNogoods::new(p, &tr.atoms);
        let cyclic = reduct::cyclic_atoms(p);
        let mut unstable = 0;
        for m in &all {
            let Err(e) = crate::solve::check::check_model(p, m) else {
                continue;
            };
            if !e.contains("not stable") {
                continue;
            }
            let u =
                super::super::minimality::unfounded_set(p, m, &cyclic, EncodingOptions::default())
                    .expect("an unstable model has an unfounded set");
            let clauses = nogoods.nogoods(m, &u);
            assert!(!clauses.is_empty());
            unstable += 1;
            for clause in &clauses {
                assert!(!satisfies(m, clause), "the model violates its nogood");
                for s in &answer_sets {
                    let name = |v: &[bool]| -> Vec<String> {
                        (0..p.num_atoms())
                            .filter(|&a| v[a])
                            .map(|a| {
                                p.symbols
                                    .to_string(p.atom_sym(crate::program::AtomId(a as u32)))
                            })
                            .collect()
                    };
                    let names: Vec<String> = clause
                        .iter()
                        .map(|&l| {
                            format!(
                                "{}{}",
                                if l < 0 { "-" } else { "" },
                                name(&{
                                    let mut v = vec![false; p.num_atoms()];
                                    v[var_atom[&l.abs()]] = true;
                                    v
                                })[0]
                            )
                        })
                        .collect();
                    assert!(
                        satisfies(s, clause),
                        "the answer set {:?} violates the nogood {names:?} of {:?} (U = {:?})",
                        name(s),
                        name(m),
                        u.iter()
                            .map(|a| p.symbols.to_string(p.atom_sym(*a)))
                            .collect::<Vec<_>>()
                    );
                }
            }
        }
        unstable
    }

    #[test]
    fn nogoods_of_recursive_aggregates_exclude_no_answer_set() {
        let mut unstable = 0;
        for file in [
            include_str!("../../tests/programs/agg_recursive_min_ne.lp"),
            include_str!("../../tests/programs/agg_recursive_count_ne.lp"),
            "q(1..2). true(Q,1) ; true(Q,0) :- q(Q). unequal :- #sum { C,Q : true(Q,C) } != 1.\n\
             true(Q,C) :- unequal, q(Q), C = 0..1.",
            "{ b; c }. a :- #sum { 2:a; 1:b; -1:c } != 1. d :- #count { a; d; b } >= 2.",
            "{ c }. a :- #max { 1:a; 3:c; 2:b } < 3. b :- not not a, #count { a } = 1.",
            "{ c; d }. a :- #min { 1:a; 3:c; 2:b } < 2, #max { 2:a; 1:d } != 1. b :- a, not d.",
            "{ c }. a :- #min { 2:a; 1:c } > 1, #max { 1:b; 3:c } <= 2. b :- a.",
        ] {
            unstable += nogoods_are_sound(file);
        }
        assert!(unstable > 0, "the programs have unstable models");
    }

    #[test]
    fn nogoods_of_conditional_literals_and_disjunctions_exclude_no_answer_set() {
        let mut unstable = 0;
        for file in [
            include_str!("../../tests/programs/nontight_condlit_recursive.lp"),
            include_str!("../../tests/programs/disj_2qbf_cond.lp"),
            "company(c1;c2;c3). prod(p1,c1). prod(p1,c2). prod(p2,c3). prod(p2,c1).\n\
             contr(c1,c2). contr(c2,c1). contr(c3,c2). product(P) :- prod(P,_).\n\
             strat(C) : prod(P,C) :- product(P).\n\
             strat(C) :- company(C), contr(C,_); strat(D) : contr(C,D).",
            "a ; b. a :- b. b :- a. c : a ; d :- b.",
        ] {
            unstable += nogoods_are_sound(file);
        }
        assert!(unstable > 0, "the programs have unstable models");
    }
}
