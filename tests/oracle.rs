//! Brute-force stable-model oracles, and random programs checked against them.
//!
//! The oracle knows nothing of aspsat's grounder or translation: it enumerates every
//! interpretation of a small propositional program, keeps those that satisfy the constraints and
//! choice bounds, and accepts an interpretation exactly when it is the least model of its reduct
//! (Gelfond–Lifschitz, with choice rules reduced as in clingo's semantics). aspsat must produce
//! the same set of answer sets. Failing seeds are printed so a failure can be replayed.
//!
//! Tight programs are checked with the default translation. Non-tight programs (positive loops
//! through normal rules, choice rules and choice conditions, across one to four atoms) are
//! checked with both treatments of loops: completion with loop nogoods, and level ranking. A
//! share of them shows only some atoms and is enumerated with `--project`.
//!
//! A second oracle (`oracle/language.rs`) covers the richer language through propositional
//! formulas: aggregates of every function in bodies and heads (negated, one or both guards,
//! every comparison, negative weights, equal tuples), conditional literals in bodies and in
//! disjunctive heads, choices with bounds and conditions. It was checked against clingo 5.8.3
//! on its own random programs (`scripts/difftest/check_oracle.py`).

use aspsat::CompileOptions;
use aspsat::translate::{Stability, TranslationKind};
use std::collections::BTreeSet;

mod common;
use common::{Rng, aspsat_answer_sets};

#[path = "oracle/language.rs"]
mod language;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Pol {
    Pos,
    Not,
    NotNot,
}

#[derive(Clone, Copy, Debug)]
struct Lit {
    atom: usize,
    pol: Pol,
}

#[derive(Clone, Debug)]
enum Head {
    Constraint,
    Atom(usize),
    /// elements (atom, optional condition literal), lower and upper bound
    Choice(Vec<(usize, Option<Lit>)>, Option<usize>, Option<usize>),
    /// `a ; b ; c`
    Disjunction(Vec<usize>),
}

#[derive(Clone, Debug)]
struct Rule {
    head: Head,
    body: Vec<Lit>,
}

/// The value an `#external` atom is declared with (`None`: no value written, false).
#[derive(Clone, Copy, Debug, PartialEq)]
enum External {
    None,
    True,
    False,
    Free,
    Release,
}

impl External {
    /// Whether the atom may be true: `[true]` makes it true, `[free]` leaves it open; the
    /// others (also `[release]`, which clingo applies when solving starts) keep it false.
    fn open(self) -> bool {
        matches!(self, External::True | External::Free)
    }
}

/// Atom `i` is `a_i`; with classical negation, atoms `n..2n` are `-a_{i-n}`.
struct Program {
    atoms: usize,
    names: Vec<String>,
    rules: Vec<Rule>,
    /// pairs of atoms that cannot both hold (p and -p)
    complements: Vec<(usize, usize)>,
    /// `Some(atoms)`: only these atoms are shown (`#show` statements), answer sets are projected.
    shown: Option<Vec<usize>>,
    /// `#external` atoms (none of them in a rule head) with their values.
    externals: Vec<(usize, External)>,
    /// `#edge (u,v) : l.` over the nodes 1..=4 (no literal: always an edge): the edges whose
    /// literal holds must form an acyclic graph.
    edges: Vec<(usize, usize, Option<Lit>)>,
    /// `#project` atoms (empty: no directive), enumerated with `--project`.
    project: Vec<usize>,
}

impl Program {
    fn text(&self) -> String {
        let lit = |l: &Lit| {
            let name = &self.names[l.atom];
            match l.pol {
                Pol::Pos => name.clone(),
                Pol::Not => format!("not {name}"),
                Pol::NotNot => format!("not not {name}"),
            }
        };
        let mut out = String::new();
        for r in &self.rules {
            let head = match &r.head {
                Head::Constraint => String::new(),
                Head::Atom(a) => self.names[*a].clone(),
                Head::Disjunction(atoms) => atoms
                    .iter()
                    .map(|a| self.names[*a].clone())
                    .collect::<Vec<_>>()
                    .join(" ; "),
                Head::Choice(elems, lo, hi) => {
                    let elems: Vec<String> = elems
                        .iter()
                        .map(|(a, c)| match c {
                            None => self.names[*a].clone(),
                            Some(c) => format!("{} : {}", self.names[*a], lit(c)),
                        })
                        .collect();
                    format!(
                        "{} {{ {} }} {}",
                        lo.map(|l| l.to_string()).unwrap_or_default(),
                        elems.join("; "),
                        hi.map(|h| h.to_string()).unwrap_or_default()
                    )
                }
            };
            let body: Vec<String> = r.body.iter().map(lit).collect();
            if body.is_empty() {
                out.push_str(&format!("{head}.\n"));
            } else {
                out.push_str(&format!("{head} :- {}.\n", body.join(", ")));
            }
        }
        for (a, value) in &self.externals {
            let value = match value {
                External::None => "",
                External::True => " [true]",
                External::False => " [false]",
                External::Free => " [free]",
                External::Release => " [release]",
            };
            out.push_str(&format!("#external {}.{value}\n", self.names[*a]));
        }
        for (u, v, l) in &self.edges {
            match l {
                Some(l) => out.push_str(&format!("#edge ({u},{v}) : {}.\n", lit(l))),
                None => out.push_str(&format!("#edge ({u},{v}).\n")),
            }
        }
        for a in &self.project {
            out.push_str(&format!("#project {}.\n", self.names[*a]));
        }
        match &self.shown {
            Some(shown) if shown.is_empty() => out.push_str("#show.\n"),
            Some(shown) => {
                for &a in shown {
                    out.push_str(&format!("#show {}/0.\n", self.names[a]));
                }
            }
            None => {}
        }
        out
    }
}

/// A random program. Tight: positive dependencies only go from higher to lower atoms. Not
/// tight: any positive dependency, plus one or two positive loops over one to four atoms.
fn random_program(rng: &mut Rng, tight: bool) -> Program {
    let base = 3 + rng.below(4);
    let classical = rng.chance(30);
    let mut names: Vec<String> = (0..base).map(|i| format!("a{i}")).collect();
    let mut complements = Vec::new();
    if classical {
        for i in 0..base {
            names.push(format!("-a{i}"));
            complements.push((i, base + i));
        }
    }
    let atoms = names.len();
    // position in the tightness order: positive body atoms must come earlier than the head
    let order: Vec<usize> = (0..atoms)
        .map(|a| if a < base { 2 * a } else { 2 * (a - base) + 1 })
        .collect();
    let lit_below = |rng: &mut Rng, bound: usize| -> Option<Lit> {
        let atom = rng.below(atoms);
        let pol = match rng.below(3) {
            0 => Pol::Pos,
            1 => Pol::Not,
            _ => {
                if rng.chance(50) {
                    Pol::NotNot
                } else {
                    Pol::Not
                }
            }
        };
        if tight && pol == Pol::Pos && order[atom] >= bound {
            return Some(Lit {
                atom,
                pol: Pol::Not,
            });
        }
        Some(Lit { atom, pol })
    };
    let mut rules = Vec::new();
    for _ in 0..(2 + rng.below(7)) {
        let kind = rng.below(10);
        let (head, bound) = match kind {
            0..=4 => {
                let h = rng.below(atoms);
                (Head::Atom(h), order[h])
            }
            5..=7 => {
                let mut elems = Vec::new();
                let n = 1 + rng.below(3);
                let mut min_order = usize::MAX;
                for _ in 0..n {
                    let a = rng.below(atoms);
                    min_order = min_order.min(order[a]);
                    elems.push((a, None));
                }
                for e in &mut elems {
                    if rng.chance(25) {
                        e.1 = lit_below(rng, min_order);
                    }
                }
                let lo = if rng.chance(30) {
                    Some(rng.below(n + 1))
                } else {
                    None
                };
                let hi = if rng.chance(30) {
                    Some(rng.below(n + 1))
                } else {
                    None
                };
                // clingo counts an element condition towards a lower bound only as far as its
                // grounder knows the condition when it instantiates the rule (an instance that
                // cannot meet the bound then is a constraint deriving nothing), unlike the
                // textbook semantics of the oracle when the condition depends on the rule's own
                // head. That case is pinned by the goldens (choice_bound_condition_on_own_head);
                // in non-tight programs, where conditions may be recursive, lower-bounded choices
                // get no conditions here.
                if !tight && lo.is_some_and(|l| l > 0) {
                    elems.iter_mut().for_each(|e| e.1 = None);
                }
                (Head::Choice(elems, lo, hi), min_order)
            }
            _ => (Head::Constraint, usize::MAX),
        };
        let body_len = if matches!(head, Head::Constraint) {
            1 + rng.below(3)
        } else {
            rng.below(3)
        };
        let body = (0..body_len)
            .filter_map(|_| lit_below(rng, bound))
            .collect();
        rules.push(Rule { head, body });
    }
    if !tight {
        for _ in 0..1 + rng.below(2) {
            // x_0 -> x_1 -> ... -> x_0 through normal rules, choice bodies and choice conditions
            let len = 1 + rng.below(4);
            let cycle: Vec<usize> = (0..len).map(|_| rng.below(atoms)).collect();
            for j in 0..len {
                let from = Lit {
                    atom: cycle[j],
                    pol: Pol::Pos,
                };
                let to = cycle[(j + 1) % len];
                let mut body = Vec::new();
                let head = match rng.below(4) {
                    0 | 1 => {
                        body.push(from);
                        Head::Atom(to)
                    }
                    2 => {
                        body.push(from);
                        Head::Choice(vec![(to, None)], None, None)
                    }
                    _ => Head::Choice(vec![(to, Some(from))], None, None),
                };
                if rng.chance(30) {
                    body.extend(lit_below(rng, usize::MAX));
                }
                rules.insert(rng.below(rules.len() + 1), Rule { head, body });
            }
            if rng.chance(70) {
                // an external support, so that the grounder cannot drop the loop
                let x = cycle[rng.below(len)];
                let body = lit_below(rng, usize::MAX)
                    .map(|l| Lit {
                        atom: l.atom,
                        pol: Pol::Not,
                    })
                    .into_iter()
                    .filter(|_| rng.chance(50))
                    .collect();
                let head = if rng.chance(50) {
                    Head::Choice(vec![(x, None)], None, None)
                } else {
                    Head::Atom(x)
                };
                rules.insert(rng.below(rules.len() + 1), Rule { head, body });
            }
        }
    }
    let shown = if rng.chance(25) {
        Some((0..atoms).filter(|_| rng.chance(50)).collect())
    } else {
        None
    };
    Program {
        atoms,
        names,
        rules,
        complements,
        shown,
        externals: Vec::new(),
        edges: Vec::new(),
        project: Vec::new(),
    }
}

/// Adds `#external` declarations (on atoms no rule defines), `#edge` directives and `#project`
/// directives (then nothing is hidden, so that the projections can be seen) to a program.
fn add_directives(rng: &mut Rng, p: &mut Program) {
    let heads = head_atoms(p);
    for (a, is_head) in heads.into_iter().enumerate() {
        if !is_head && !p.names[a].starts_with('-') && rng.chance(35) {
            let value = match rng.below(5) {
                0 => External::None,
                1 => External::True,
                2 => External::False,
                3 => External::Free,
                _ => External::Release,
            };
            p.externals.push((a, value));
        }
    }
    if rng.chance(50) {
        for _ in 0..1 + rng.below(5) {
            let (u, v) = (1 + rng.below(4), 1 + rng.below(4));
            let l = if rng.chance(80) {
                Some(Lit {
                    atom: rng.below(p.atoms),
                    pol: if rng.chance(75) { Pol::Pos } else { Pol::Not },
                })
            } else {
                None
            };
            p.edges.push((u, v, l));
        }
    }
    if rng.chance(40) && !p.externals.is_empty() {
        // with an external among them, some projected atom is always grounded: the projection
        // is on exactly these atoms (those the grounder never produces are false throughout)
        p.project = (0..p.atoms).filter(|_| rng.chance(40)).collect();
        let (external, _) = p.externals[rng.below(p.externals.len())];
        if !p.project.contains(&external) {
            p.project.push(external);
        }
        p.shown = None;
    }
}

/// `heads[a]`: atom `a` is in the head of some rule.
fn head_atoms(p: &Program) -> Vec<bool> {
    let mut heads = vec![false; p.atoms];
    for r in &p.rules {
        match &r.head {
            Head::Constraint => {}
            Head::Atom(a) => heads[*a] = true,
            Head::Choice(elems, _, _) => elems.iter().for_each(|(a, _)| heads[*a] = true),
            Head::Disjunction(atoms) => atoms.iter().for_each(|a| heads[*a] = true),
        }
    }
    heads
}

/// Whether the `#edge` pairs whose literal holds in `m` form an acyclic graph.
fn edges_acyclic(p: &Program, m: &[bool]) -> bool {
    let present: Vec<(usize, usize)> = p
        .edges
        .iter()
        .filter(|(_, _, l)| l.as_ref().is_none_or(|l| holds(l, m)))
        .map(|&(u, v, _)| (u, v))
        .collect();
    // repeatedly remove nodes without incoming edges; a cycle leaves some behind
    let mut nodes: BTreeSet<usize> = present.iter().flat_map(|&(u, v)| [u, v]).collect();
    loop {
        let source = nodes
            .iter()
            .copied()
            .find(|&n| !present.iter().any(|&(u, v)| v == n && nodes.contains(&u)));
        match source {
            Some(n) => {
                nodes.remove(&n);
            }
            None => return nodes.is_empty(),
        }
    }
}

fn holds(l: &Lit, m: &[bool]) -> bool {
    match l.pol {
        Pol::Pos | Pol::NotNot => m[l.atom],
        Pol::Not => !m[l.atom],
    }
}

/// All stable models, by enumeration of interpretations.
fn oracle(p: &Program) -> BTreeSet<Vec<String>> {
    let mut out = BTreeSet::new();
    for mask in 0u32..(1 << p.atoms) {
        let m: Vec<bool> = (0..p.atoms).map(|i| mask >> i & 1 == 1).collect();
        if p.complements.iter().any(|&(a, b)| m[a] && m[b]) {
            continue;
        }
        if p.externals
            .iter()
            .any(|&(a, v)| v == External::True && !m[a])
        {
            continue;
        }
        if !edges_acyclic(p, &m) {
            continue;
        }
        let mut ok = true;
        for r in &p.rules {
            let body = r.body.iter().all(|l| holds(l, &m));
            match &r.head {
                Head::Constraint if body => ok = false,
                Head::Disjunction(atoms) if body && !atoms.iter().any(|a| m[*a]) => ok = false,
                Head::Choice(elems, lo, hi) if body => {
                    let mut chosen: Vec<usize> = elems
                        .iter()
                        .filter(|(a, c)| m[*a] && c.as_ref().is_none_or(|c| holds(c, &m)))
                        .map(|(a, _)| *a)
                        .collect();
                    chosen.sort();
                    chosen.dedup();
                    let n = chosen.len();
                    if lo.is_some_and(|lo| n < lo) || hi.is_some_and(|hi| n > hi) {
                        ok = false;
                    }
                }
                _ => {}
            }
        }
        if !ok {
            continue;
        }
        // Reduct: rules whose negative part holds in m, keeping their positive part.
        let mut reduct: Vec<(usize, Vec<usize>)> = Vec::new();
        for r in &p.rules {
            if !r
                .body
                .iter()
                .filter(|l| l.pol != Pol::Pos)
                .all(|l| holds(l, &m))
            {
                continue;
            }
            let pos: Vec<usize> = r
                .body
                .iter()
                .filter(|l| l.pol == Pol::Pos)
                .map(|l| l.atom)
                .collect();
            match &r.head {
                Head::Constraint | Head::Disjunction(_) => {}
                Head::Atom(a) => reduct.push((*a, pos)),
                Head::Choice(elems, _, _) => {
                    for (a, c) in elems {
                        if !m[*a] {
                            continue;
                        }
                        let mut body = pos.clone();
                        match c {
                            None => {}
                            Some(c) if c.pol == Pol::Pos => body.push(c.atom),
                            Some(c) if !holds(c, &m) => continue,
                            Some(_) => {}
                        }
                        reduct.push((*a, body));
                    }
                }
            }
        }
        // an open external is an input: true in m means given
        for &(a, v) in &p.externals {
            if v.open() && m[a] {
                reduct.push((a, Vec::new()));
            }
        }
        let mut least = vec![false; p.atoms];
        loop {
            let mut changed = false;
            for (h, body) in &reduct {
                if !least[*h] && body.iter().all(|b| least[*b]) {
                    least[*h] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let stable = if p
            .rules
            .iter()
            .any(|r| matches!(r.head, Head::Disjunction(_)))
        {
            minimal_reduct_model(p, &m)
        } else {
            least == m
        };
        if stable {
            let mut names: Vec<String> = (0..p.atoms)
                .filter(|&i| m[i] && p.shown.as_ref().is_none_or(|s| s.contains(&i)))
                .map(|i| p.names[i].clone())
                .collect();
            names.sort();
            out.insert(names);
        }
    }
    out
}

/// Whether `small` (a subset of `m`) satisfies the reduct P^m. Constraints never matter for
/// subsets: a subset violating one would make `m` violate it too (checked separately).
fn satisfies_reduct(p: &Program, m: &[bool], small: &[bool]) -> bool {
    let inputs_kept = p
        .externals
        .iter()
        .all(|&(a, v)| !(v.open() && m[a]) || small[a]);
    inputs_kept
        && p.rules.iter().all(|r| {
            if !r
                .body
                .iter()
                .filter(|l| l.pol != Pol::Pos)
                .all(|l| holds(l, m))
            {
                return true;
            }
            let body = r
                .body
                .iter()
                .filter(|l| l.pol == Pol::Pos)
                .all(|l| small[l.atom]);
            match &r.head {
                Head::Constraint => true,
                Head::Atom(a) => !body || small[*a],
                Head::Disjunction(atoms) => !body || atoms.iter().any(|a| small[*a]),
                Head::Choice(elems, _, _) => elems.iter().all(|(a, c)| {
                    if !m[*a] {
                        return true;
                    }
                    let cond = match c {
                        None => true,
                        Some(c) if c.pol == Pol::Pos => small[c.atom],
                        Some(c) => holds(c, m),
                    };
                    !(body && cond) || small[*a]
                }),
            }
        })
}

/// Disjunctive programs: `m` is an answer set when it is a minimal model of its reduct P^m.
fn minimal_reduct_model(p: &Program, m: &[bool]) -> bool {
    if !satisfies_reduct(p, m, m) {
        return false;
    }
    let members: Vec<usize> = (0..p.atoms).filter(|&a| m[a]).collect();
    !(0u32..(1 << members.len()) - 1).any(|sub| {
        let mut small = vec![false; p.atoms];
        for (i, &a) in members.iter().enumerate() {
            small[a] = sub >> i & 1 == 1;
        }
        satisfies_reduct(p, m, &small)
    })
}

/// A random program with disjunctive rules (some head-cycle-free, some saturating through
/// positive loops between head atoms), without classical negation.
fn random_disjunctive_program(rng: &mut Rng) -> Program {
    let mut p = loop {
        let tight = !rng.chance(50);
        let p = random_program(rng, tight);
        if p.complements.is_empty() && p.atoms <= 6 {
            break p;
        }
    };
    for _ in 0..1 + rng.below(3) {
        let n = 2 + rng.below(2);
        let mut atoms: Vec<usize> = (0..n).map(|_| rng.below(p.atoms)).collect();
        atoms.sort();
        atoms.dedup();
        let body = (0..rng.below(3))
            .map(|_| Lit {
                atom: rng.below(p.atoms),
                pol: if rng.chance(50) { Pol::Pos } else { Pol::Not },
            })
            .collect();
        let at = rng.below(p.rules.len() + 1);
        p.rules.insert(
            at,
            Rule {
                head: Head::Disjunction(atoms.clone()),
                body,
            },
        );
        if rng.chance(40) && atoms.len() >= 2 {
            // a positive cycle between two head atoms: not head-cycle-free
            for (x, y) in [(atoms[0], atoms[1]), (atoms[1], atoms[0])] {
                p.rules.push(Rule {
                    head: Head::Atom(x),
                    body: vec![Lit {
                        atom: y,
                        pol: Pol::Pos,
                    }],
                });
            }
        }
    }
    p
}

#[test]
fn random_disjunctive_programs_match_the_oracle() {
    let mut failures = Vec::new();
    let mut non_hcf = 0;
    let n = 2000u64;
    for seed in 5_000_000..5_000_000 + n {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let p = random_disjunctive_program(&mut rng);
        let text = p.text();
        let expected = oracle(&p);
        let statements = aspsat::syntax::parse(&text, "<random>".into()).unwrap();
        if aspsat::compile(&statements, &CompileOptions::default())
            .is_ok_and(|c| matches!(c.translation.stability, Stability::Minimality))
        {
            non_hcf += 1;
        }
        match aspsat_answer_sets(&text, TranslationKind::Completion, p.shown.is_some()) {
            Ok(got) if got == expected => {}
            Ok(got) => failures.push(format!(
                "seed {seed}:\n{text}expected {expected:?}\n     got {got:?}"
            )),
            Err(e) => failures.push(format!("seed {seed}:\n{text}error: {e}")),
        }
        if failures.len() >= 5 {
            break;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    println!("{non_hcf} of {n} disjunctive programs need the minimality check");
    assert!(
        non_hcf * 10 > n as usize,
        "only {non_hcf} programs that are not head-cycle-free"
    );
}

/// Checks the programs of the seeds with each translation; returns how many programs had a
/// positive loop after grounding (the stability check had something to do).
fn check_seeds(seeds: std::ops::Range<u64>, tight: bool, kinds: &[TranslationKind]) -> usize {
    let mut failures = Vec::new();
    let mut non_tight = 0;
    for seed in seeds {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let p = random_program(&mut rng, tight);
        let text = p.text();
        let expected = oracle(&p);
        for &kind in kinds {
            match aspsat_answer_sets(&text, kind, p.shown.is_some()) {
                Ok(got) if got == expected => {}
                Ok(got) => failures.push(format!(
                    "seed {seed} (tight: {tight}, {kind:?}):\n{text}expected {expected:?}\n     got {got:?}"
                )),
                Err(e) => failures.push(format!("seed {seed} ({kind:?}):\n{text}error: {e}")),
            }
        }
        if is_non_tight(&text) {
            non_tight += 1;
        }
        if failures.len() >= 5 {
            break;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    non_tight
}

fn is_non_tight(text: &str) -> bool {
    let statements = aspsat::syntax::parse(text, "<random>".into()).unwrap();
    let compiled = aspsat::compile(&statements, &CompileOptions::default()).unwrap();
    compiled.translation.stability.needs_check()
}

#[test]
fn random_tight_programs_match_the_oracle() {
    let non_tight = check_seeds(0..3000, true, &[TranslationKind::Completion]);
    assert_eq!(non_tight, 0, "the tight generator made a non-tight program");
}

#[test]
fn random_non_tight_programs_match_the_oracle_with_both_translations() {
    let n = 6000;
    let non_tight = check_seeds(
        1_000_000..1_000_000 + n,
        false,
        &[TranslationKind::Completion, TranslationKind::Ranking],
    );
    println!("{non_tight} of {n} programs are non-tight after grounding");
    // About 46% stay non-tight once one-literal constraints decide their atoms (before the
    // simplifier did, over half did): enough programs to cover the loop handling.
    assert!(
        non_tight * 5 > n as usize * 2,
        "only {non_tight} non-tight programs"
    );
}

/// Programs over the richer language (aggregates of every function in bodies and heads, with
/// negation, one or both guards and every comparison; conditional literals in bodies and
/// disjunction heads; choices with bounds and conditions), checked against the formula oracle
/// of `oracle/language.rs`.
#[test]
fn random_language_programs_match_the_oracle() {
    check_language_seeds(7_000_000..7_001_500, true);
}

fn check_language_seeds(seeds: std::ops::Range<u64>, tight: bool) {
    let mut failures = Vec::new();
    // refusals (exit 65 in the binary) are not wrong answers; they are counted by message so
    // that a growing share of them shows, and must stay a minority
    let mut refused: std::collections::BTreeMap<String, usize> = Default::default();
    let n = seeds.end - seeds.start;
    for seed in seeds {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let p = language::random_program(&mut rng, tight);
        let text = p.text();
        let expected = language::oracle(&p);
        match aspsat_answer_sets(&text, TranslationKind::Completion, false) {
            Ok(got) if got == expected => {}
            Ok(got) => failures.push(format!(
                "seed {seed}:\n{text}expected {expected:?}\n     got {got:?}"
            )),
            Err(e) if e.contains("not supported") || e.contains("does not support") => {
                let what = e.split(": ").last().unwrap_or(&e).to_string();
                *refused.entry(what).or_default() += 1;
            }
            Err(e) => failures.push(format!("seed {seed}:\n{text}error: {e}")),
        }
        if failures.len() >= 5 {
            break;
        }
    }
    let total_refused: usize = refused.values().sum();
    println!("{total_refused} of {n} programs refused: {refused:#?}");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(
        total_refused * 4 < n as usize,
        "{total_refused} of {n} programs refused: {refused:#?}"
    );
}

/// Writes programs of the language generator with the oracle's answer sets as JSON lines to
/// `$ORACLE_DUMP`, so that `scripts/difftest/check_oracle.py` can compare the oracle with clingo.
#[test]
#[ignore]
fn dump_language_programs_for_clingo() {
    let path = std::env::var("ORACLE_DUMP").expect("set ORACLE_DUMP to an output file");
    let mut out = String::new();
    for seed in 7_000_000..7_000_000 + 1500u64 {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let p = language::random_program(&mut rng, seed % 2 == 0);
        let sets: Vec<Vec<String>> = language::oracle(&p).into_iter().collect();
        let doc = serde_json::json!({"seed": seed, "program": p.text(), "answer_sets": sets});
        out.push_str(&format!("{doc}\n"));
    }
    std::fs::write(path, out).unwrap();
}

/// Programs with `#external` atoms of every value (as inputs: `[free]` either way, `[true]`
/// true, the others false), `#edge` directives (answer sets whose edges form a cycle are not
/// answer sets) and `#project` directives (enumerated with `--project`: one model per class of
/// answer sets agreeing on the projected atoms), tight and not, against the oracle. (Projection
/// on atoms the grounder never produces falls back to the shown atoms: golden
/// `project_underivable_atoms`.)
#[test]
fn random_programs_with_externals_edges_and_projection_match_the_oracle() {
    let mut failures = Vec::new();
    let (mut externals, mut cut_by_edges, mut projected) = (0, 0, 0);
    let n = 3000u64;
    for seed in 9_000_000..9_000_000 + n {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let tight = seed % 2 == 0;
        let mut p = random_program(&mut rng, tight);
        add_directives(&mut rng, &mut p);
        let text = p.text();
        let expected = oracle(&p);
        externals += !p.externals.is_empty() as usize;
        if !p.edges.is_empty() {
            let edges = std::mem::take(&mut p.edges);
            cut_by_edges += (oracle(&p).len() > expected.len()) as usize;
            p.edges = edges;
        }
        let kinds: &[TranslationKind] = if tight {
            &[TranslationKind::Completion]
        } else {
            &[TranslationKind::Completion, TranslationKind::Ranking]
        };
        for &kind in kinds {
            let result = if p.project.is_empty() {
                aspsat_answer_sets(&text, kind, p.shown.is_some()).map(|got| {
                    (got == expected)
                        .then_some(())
                        .ok_or(format!("got {got:?}"))
                })
            } else {
                let keep: Vec<String> = p.project.iter().map(|&a| p.names[a].clone()).collect();
                let restrict = |s: &Vec<String>| -> Vec<String> {
                    s.iter().filter(|a| keep.contains(a)).cloned().collect()
                };
                let want: BTreeSet<Vec<String>> = expected.iter().map(restrict).collect();
                common::aspsat_models(&text, kind, true).map(|models| {
                    let got: Vec<Vec<String>> = models.iter().map(restrict).collect();
                    let distinct: BTreeSet<Vec<String>> = got.iter().cloned().collect();
                    (distinct == want && got.len() == want.len())
                        .then_some(())
                        .ok_or(format!("projected on {keep:?}: want {want:?}, got {got:?}"))
                })
            };
            match result {
                Ok(Ok(())) => {}
                Ok(Err(got)) => failures.push(format!(
                    "seed {seed} ({kind:?}):\n{text}expected {expected:?}\n     {got}"
                )),
                Err(e) => failures.push(format!("seed {seed} ({kind:?}):\n{text}error: {e}")),
            }
        }
        projected += !p.project.is_empty() as usize;
        if failures.len() >= 5 {
            break;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    println!(
        "{externals} with externals, {cut_by_edges} with answer sets cut by #edge, {projected} projected, of {n}"
    );
    assert!(
        externals > 500 && cut_by_edges > 100 && projected > 300,
        "{externals} with externals, {cut_by_edges} cut by #edge, {projected} projected"
    );
}

#[test]
fn oracle_knows_the_classics() {
    // Sanity of the oracle itself on programs whose answer sets are textbook knowledge.
    let p = Program {
        atoms: 2,
        names: vec!["a".into(), "b".into()],
        rules: vec![
            Rule {
                head: Head::Atom(0),
                body: vec![Lit {
                    atom: 1,
                    pol: Pol::Not,
                }],
            },
            Rule {
                head: Head::Atom(1),
                body: vec![Lit {
                    atom: 0,
                    pol: Pol::Not,
                }],
            },
        ],
        complements: vec![],
        shown: None,
        externals: vec![],
        edges: vec![],
        project: vec![],
    };
    let expected: BTreeSet<Vec<String>> = [vec!["a".to_string()], vec!["b".to_string()]].into();
    assert_eq!(oracle(&p), expected);
    // a :- a. has only the empty answer set (the oracle rejects the supported model {a}).
    let p = Program {
        atoms: 1,
        names: vec!["a".into()],
        rules: vec![Rule {
            head: Head::Atom(0),
            body: vec![Lit {
                atom: 0,
                pol: Pol::Pos,
            }],
        }],
        complements: vec![],
        shown: None,
        externals: vec![],
        edges: vec![],
        project: vec![],
    };
    assert_eq!(oracle(&p), [Vec::<String>::new()].into());
}

/// `--translation unique-ranking` on random non-tight programs: the CNF has exactly one model
/// per answer set over all its variables (programs without `#show`, where the oracle's answer
/// sets are all distinct), and its models show exactly the oracle's answer sets.
#[test]
fn random_non_tight_programs_unique_ranking_has_one_model_per_answer_set() {
    let mut failures = Vec::new();
    let (mut counted, mut looped) = (0, 0);
    for seed in 1_000_000..1_002_000u64 {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let p = random_program(&mut rng, false);
        let text = p.text();
        let expected = oracle(&p);
        let statements = aspsat::syntax::parse(&text, "<random>".into()).unwrap();
        let options = CompileOptions {
            translation: TranslationKind::UniqueRanking,
            ..CompileOptions::default()
        };
        let compiled = aspsat::compile(&statements, &options).unwrap();
        let models = common::all_cnf_models(&compiled.translation.cnf, expected.len() * 2 + 2);
        let shown: Vec<Vec<String>> = models
            .iter()
            .map(|m| common::shown_of(&compiled, m))
            .collect();
        let distinct: BTreeSet<Vec<String>> = shown.iter().cloned().collect();
        let count_ok = p.shown.is_some() || shown.len() == expected.len();
        if distinct != expected || !count_ok {
            failures.push(format!(
                "seed {seed}:\n{text}expected {expected:?}\n     got {} models: {shown:?}",
                shown.len()
            ));
        }
        counted += p.shown.is_none() as usize;
        looped += is_non_tight(&text) as usize;
        if failures.len() >= 5 {
            break;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(
        counted > 500 && looped > 500,
        "{counted} counted, {looped} non-tight"
    );
}
