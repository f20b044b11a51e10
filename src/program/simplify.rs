//! Propagation of decided atoms through the ground program.
//!
//! An atom is a fact when some rule with an empty body derives it, and false when no live rule
//! has it in its head. Both propagate: rules whose body contains a false literal die, true
//! literals are removed, and the changes cascade. What remains is the part the solver decides.
//!
//! An integrity constraint of one positive literal (`:- a.`) also decides its atom: `a` is false
//! in every answer set, so the rules that need `a` die and `not a` is dropped from bodies. The
//! rules defining `a` stay as they are (with the constraint, they forbid their bodies; the
//! grounder's view of which atoms have rules, which the objective's levels follow, is kept).

use super::{BodyElem, GroundProgram, Head, Lit, Polarity, Rule};
use crate::symbol::SymbolTable;
use std::collections::HashSet;

#[derive(Clone, Copy, PartialEq)]
enum Value {
    True,
    False,
    Open,
}

struct State {
    facts: Vec<bool>,
    support: Vec<u32>,
    /// Atoms found unfounded (only positively circular support): false like unsupported ones.
    unfounded: Vec<bool>,
    /// Atoms open whatever the rules say (see [`simplify_with`]).
    outside: Vec<bool>,
    /// Atoms an integrity constraint `:- a.` makes false (their rules stay).
    forbidden: Vec<bool>,
    /// Literals left open whatever their atoms (see [`simplify`]).
    open: HashSet<Lit>,
}

impl State {
    fn value(&self, atom: super::AtomId) -> Value {
        let i = atom.0 as usize;
        if self.facts[i] {
            Value::True
        } else if self.support[i] == 0 || self.unfounded[i] || self.forbidden[i] {
            Value::False
        } else {
            Value::Open
        }
    }

    fn lit(&self, l: Lit) -> Value {
        // (empty but for one extra fixpoint with end checks: no hashing on the common path)
        if !self.open.is_empty() && self.open.contains(&l) {
            return Value::Open;
        }
        match self.value(l.atom) {
            Value::Open => Value::Open,
            v if l.holds(v == Value::True) => Value::True,
            _ => Value::False,
        }
    }
}

enum Outcome {
    Dead,
    Alive,
}

/// Simplifies one rule in place; `Dead` when its body can never hold.
fn simplify_rule(rule: &mut Rule, st: &State, syms: &SymbolTable) -> Outcome {
    let mut dead = false;
    rule.body.retain_mut(|elem| match elem {
        BodyElem::Aggregate {
            polarity,
            aggregate,
        } => {
            aggregate.elems.retain_mut(|e| {
                if e.cond.iter().any(|c| st.lit(*c) == Value::False) {
                    return false;
                }
                e.cond.retain(|c| st.lit(*c) != Value::True);
                true
            });
            let Some(holds) = super::aggregate::decided(aggregate, syms) else {
                return true;
            };
            if holds == (*polarity == Polarity::Not) {
                dead = true;
            }
            false
        }
        BodyElem::Lit(l) => match st.lit(*l) {
            Value::True => false,
            Value::False => {
                dead = true;
                true
            }
            Value::Open => true,
        },
        BodyElem::Conditional(instances) => {
            instances.retain_mut(|inst| {
                if inst.cond.iter().any(|c| st.lit(*c) == Value::False) || inst.is_tautology() {
                    return false; // condition never holds, or implies the literal: true
                }
                inst.cond.retain(|c| st.lit(*c) != Value::True);
                match st.lit(inst.lit) {
                    Value::True => false,
                    Value::False if inst.cond.is_empty() => {
                        dead = true;
                        true
                    }
                    _ => true,
                }
            });
            !instances.is_empty()
        }
    });
    if dead {
        return Outcome::Dead;
    }
    if let Head::Choice { elems, .. } = &mut rule.head {
        elems.retain_mut(|e| {
            if e.cond.iter().any(|c| st.lit(*c) == Value::False) {
                return false;
            }
            e.cond.retain(|c| st.lit(*c) != Value::True);
            true
        });
    }
    Outcome::Alive
}

fn head_atoms(rule: &Rule) -> Vec<super::AtomId> {
    let mut atoms = match &rule.head {
        Head::None => Vec::new(),
        Head::Atom(a) => vec![*a],
        Head::Choice { elems, .. } => elems.iter().map(|e| e.atom).collect(),
    };
    atoms.sort();
    atoms.dedup();
    atoms
}

fn body_atoms(rule: &Rule, out: &mut Vec<super::AtomId>) {
    for elem in &rule.body {
        out.extend(elem.lits().map(|l| l.atom));
    }
    if let Head::Choice { elems, .. } = &rule.head {
        for e in elems {
            out.extend(e.cond.iter().map(|c| c.atom));
        }
    }
}

/// The least fixpoint of derivability where only plain positive body literals (and positive
/// choice conditions) must be derivable first; everything else is assumed possible.
fn possible_atoms(rules: &[Rule], alive: &[bool], st: &State) -> Vec<bool> {
    let n = st.facts.len();
    // Atoms supported from outside these rules count as derivable.
    let mut possible: Vec<bool> = (0..n).map(|a| st.facts[a] || st.outside[a]).collect();
    // For each (rule, element) the number of required atoms not yet possible.
    let mut waiting: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    let mut missing: Vec<Vec<usize>> = Vec::with_capacity(rules.len());
    let mut queue = Vec::new();
    let open = |a: super::AtomId| st.value(a) != Value::False || st.forbidden[a.0 as usize];
    for (r, rule) in rules.iter().enumerate() {
        let mut per_head = Vec::new();
        if !alive[r] {
            missing.push(per_head);
            continue;
        }
        let body: Vec<usize> = rule
            .body
            .iter()
            .filter_map(|e| match e {
                BodyElem::Lit(l) if l.polarity == Polarity::Pos => Some(l.atom.0 as usize),
                _ => None,
            })
            .collect();
        let elems: Vec<(super::AtomId, Vec<usize>)> = match &rule.head {
            Head::None => Vec::new(),
            Head::Atom(a) => vec![(*a, Vec::new())],
            Head::Choice { elems, .. } => elems
                .iter()
                .map(|e| {
                    let cond = e
                        .cond
                        .iter()
                        .filter(|l| l.polarity == Polarity::Pos)
                        .map(|l| l.atom.0 as usize)
                        .collect();
                    (e.atom, cond)
                })
                .collect(),
        };
        for (k, (head, cond)) in elems.iter().enumerate() {
            if !open(*head) {
                per_head.push(usize::MAX);
                continue;
            }
            let mut required: Vec<usize> = body
                .iter()
                .chain(cond)
                .copied()
                .filter(|&b| !possible[b])
                .collect();
            required.sort_unstable();
            required.dedup();
            per_head.push(required.len());
            for &b in &required {
                waiting[b].push((r, k));
            }
            if required.is_empty() && !possible[head.0 as usize] {
                possible[head.0 as usize] = true;
                queue.push(head.0 as usize);
            }
        }
        missing.push(per_head);
    }
    while let Some(b) = queue.pop() {
        for &(r, k) in &waiting[b] {
            let m = &mut missing[r][k];
            if *m == usize::MAX || *m == 0 {
                continue;
            }
            *m -= 1;
            if *m == 0 {
                let head = match &rules[r].head {
                    Head::Atom(a) => *a,
                    Head::Choice { elems, .. } => elems[k].atom,
                    Head::None => continue,
                };
                if !possible[head.0 as usize] {
                    possible[head.0 as usize] = true;
                    queue.push(head.0 as usize);
                }
            }
        }
    }
    possible
}

/// Simplifies the whole program; `#external` atoms are open (set from outside), except those
/// the grounder's output also defines by a rule that clasp keeps while reading
/// ([`GroundProgram::drop_rules_clasp_drops`]): clasp reads such an atom as a normal one, even
/// when the rule can never fire (`#external r. [true]  q | s : #false.  r :- not q.` has `r`
/// false in clingo, whose grounder does not know `q` is a fact).
pub fn simplify(program: &mut GroundProgram) {
    program.drop_external_tautologies();
    program.drop_rules_clasp_drops();
    let defined = program.defined_by_rules();
    // An external atom a rule defines is a normal atom for clasp, also once simplification has
    // dropped every rule for it (`#external p.  p :- not not q.  q :- p, not p.` has `p`
    // false, not open).
    program.forget_externals(&defined);
    let mut outside = vec![false; program.num_atoms()];
    for (a, _) in &program.externals {
        outside[a.0 as usize] = true;
    }
    // An end check counts as false only where one of its body elements is false for a reason
    // gringo may have known before aspsat: false once the program is simplified, but not with
    // the literals gringo may decide early (`maybe_decided_by_gringo`) left open. An element
    // false with those open too is false for a reason neither grounder knew at the
    // statement (it was open when aspsat grounded it), and says nothing of the others: in
    // `#external q(2) : not #max{2; 1} > 1, p(1) : s(1,1).` aspsat (as gringo) leaves the
    // aggregate open while grounding, and gringo may know the conditional literal false
    // (differential seed 4658 #317 was a wrong answer while whole bodies were compared).
    let dead_with_decisions_open = (!program.end_checks.is_empty()).then(|| {
        let open: HashSet<Lit> = program.maybe_decided_by_gringo.keys().copied().collect();
        let mut rules = program.rules.clone();
        let (st, _, _) = fixpoint(program, &mut rules, &outside, true, &open);
        dead_elements(program, &st)
    });
    let dead = run(program, &outside, true);
    if let Some(dead_open) = dead_with_decisions_open {
        program.end_checks_false = (dead.iter().zip(&dead_open))
            .map(|(dead, open)| dead.iter().zip(open).any(|(&dead, &open)| dead && !open))
            .collect();
    }
}

/// Simplifies `program.rules`, where the atoms with `outside[a]` are open whatever these rules
/// say: externals, and in incremental mode the atoms earlier steps defined.
pub fn simplify_with(program: &mut GroundProgram, outside: &[bool]) {
    run(program, outside, false);
}

/// For each of [`GroundProgram::end_checks`], which elements of its body are false with the
/// facts of the final state `st` and its atoms without rules: what clingo's grounder may have
/// known (it knows no atom forbidden by a constraint, nor an unfounded loop).
fn dead_elements(program: &GroundProgram, st: &State) -> Vec<Vec<bool>> {
    if program.end_checks.is_empty() {
        return Vec::new();
    }
    let n = st.facts.len();
    let known = State {
        facts: st.facts.clone(),
        support: st.support.clone(),
        unfounded: vec![false; n],
        outside: st.outside.clone(),
        forbidden: vec![false; n],
        open: st.open.clone(),
    };
    let dead = |elem: &BodyElem| {
        let mut check = Rule {
            head: Head::None,
            body: vec![elem.clone()],
        };
        matches!(
            simplify_rule(&mut check, &known, &program.symbols),
            Outcome::Dead
        )
    };
    (program.end_checks.iter())
        .map(|c| c.body.iter().map(dead).collect())
        .collect()
}

/// The atom a constraint `:- a.` forbids, if `rule` is one and `a` may be decided so: open,
/// not set from outside, and not `never_forbid` (atoms of disjunctions, whose minimality check
/// reads the rules).
fn forbidden_by(rule: &Rule, st: &State, never_forbid: &[bool]) -> Option<super::AtomId> {
    let (Head::None, [BodyElem::Lit(l)]) = (&rule.head, rule.body.as_slice()) else {
        return None;
    };
    let i = l.atom.0 as usize;
    let decidable = matches!(l.polarity, Polarity::Pos | Polarity::NotNot)
        && st.value(l.atom) == Value::Open
        && !st.outside[i]
        && !never_forbid[i];
    decidable.then_some(l.atom)
}

/// Simplifies `program.rules`; `constraints`: constraints of one literal decide their atom
/// (whole programs only: in incremental mode, later steps may still define it). Sets
/// [`GroundProgram::end_checks_false`] where an element of the body is false, and returns
/// which elements are ([`dead_elements`]).
fn run(program: &mut GroundProgram, outside: &[bool], constraints: bool) -> Vec<Vec<bool>> {
    let mut rules = std::mem::take(&mut program.rules);
    let (st, mut alive, forbidding) =
        fixpoint(program, &mut rules, outside, constraints, &HashSet::new());
    let dead = dead_elements(program, &st);
    program.end_checks_false = dead.iter().map(|d| d.contains(&true)).collect();
    program.facts = st.facts;
    for (i, d) in program.derivable.iter_mut().enumerate() {
        *d = program.facts[i] || (st.support[i] > 0 && !st.unfounded[i]);
    }
    // The constraint of a forbidden atom that can no longer be derived is satisfied.
    for (r, a) in forbidding.iter().enumerate() {
        if let Some(a) = a
            && !program.derivable[a.0 as usize]
        {
            alive[r] = false;
        }
    }
    let shifted = std::mem::take(&mut program.shifted);
    for (r, (rule, alive)) in rules.into_iter().zip(alive).enumerate() {
        if alive && !matches!(rule.head, Head::Atom(a) if program.facts[a.0 as usize]) {
            program.rules.push(rule);
            program
                .shifted
                .push(shifted.get(r).copied().unwrap_or(false));
        }
    }
    dead
}

/// The propagation of [`run`] over `rules` (simplified in place), with the literals `open`
/// left open whatever their atoms: the final state, which rules are alive, and the
/// constraints `:- a.` that forbid their atom.
fn fixpoint(
    program: &GroundProgram,
    rules: &mut [Rule],
    outside: &[bool],
    constraints: bool,
    open: &HashSet<Lit>,
) -> (State, Vec<bool>, Vec<Option<super::AtomId>>) {
    let n = program.num_atoms();
    let mut st = State {
        facts: program.facts.clone(),
        support: (0..n)
            .map(|a| u32::from(outside.get(a).copied().unwrap_or(false)))
            .collect(),
        unfounded: vec![false; n],
        outside: (0..n)
            .map(|a| outside.get(a).copied().unwrap_or(false))
            .collect(),
        forbidden: vec![false; n],
        open: open.clone(),
    };
    // (without `constraints`, no atom is forbidden)
    let mut never_forbid = vec![!constraints; n];
    for d in &program.disjunctions {
        for a in d.mentioned_atoms() {
            never_forbid[a.0 as usize] = true;
        }
    }
    let mut occurrences: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut heads: Vec<Vec<super::AtomId>> = Vec::with_capacity(rules.len());
    let mut scratch = Vec::new();
    for (r, rule) in rules.iter().enumerate() {
        let h = head_atoms(rule);
        for a in &h {
            st.support[a.0 as usize] += 1;
        }
        heads.push(h);
        scratch.clear();
        body_atoms(rule, &mut scratch);
        scratch.sort();
        scratch.dedup();
        for a in &scratch {
            occurrences[a.0 as usize].push(r as u32);
        }
    }
    let mut alive = vec![true; rules.len()];
    // `forbidding[r]`: rule `r` is the constraint `:- a.` that forbids `a`.
    let mut forbidding: Vec<Option<super::AtomId>> = vec![None; rules.len()];
    let mut queue: Vec<u32> = (0..rules.len() as u32).collect();
    loop {
        while let Some(r) = queue.pop() {
            let r = r as usize;
            if !alive[r] || forbidding[r].is_some() {
                continue;
            }
            let mut changed_atoms = Vec::new();
            match simplify_rule(&mut rules[r], &st, &program.symbols) {
                Outcome::Dead => {
                    alive[r] = false;
                    for a in &heads[r] {
                        let s = &mut st.support[a.0 as usize];
                        *s -= 1;
                        if *s == 0 && !st.facts[a.0 as usize] && !st.unfounded[a.0 as usize] {
                            changed_atoms.push(*a);
                        }
                    }
                }
                Outcome::Alive => {
                    if let Head::Atom(a) = rules[r].head
                        && rules[r].body.is_empty()
                        && !st.facts[a.0 as usize]
                    {
                        st.facts[a.0 as usize] = true;
                        changed_atoms.push(a);
                    }
                    if let Some(a) = forbidden_by(&rules[r], &st, &never_forbid) {
                        // the constraint stays as it is (its literal is false from now on)
                        st.forbidden[a.0 as usize] = true;
                        forbidding[r] = Some(a);
                        changed_atoms.push(a);
                    }
                }
            }
            for a in changed_atoms {
                queue.extend(occurrences[a.0 as usize].iter().copied());
            }
        }
        // Atoms whose every support depends positively on atoms that cannot be derived first
        // (unsupported loops like `a :- b. b :- a.`) are false in every answer set.
        let possible = possible_atoms(rules, &alive, &st);
        let unfounded: Vec<usize> = (0..n)
            .filter(|&a| !possible[a] && st.support[a] > 0 && !st.facts[a] && !st.unfounded[a])
            .collect();
        if unfounded.is_empty() {
            break;
        }
        for a in unfounded {
            st.unfounded[a] = true;
            queue.extend(occurrences[a].iter().copied());
        }
    }
    (st, alive, forbidding)
}
