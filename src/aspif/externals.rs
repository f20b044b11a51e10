//! Which `5 atom value` (external) atoms of an aspif program stay external, decided as clingo
//! 5.8.3 decides it. clingo hands the statements one by one to its solver's program builder
//! (clasp 3.4), which simplifies every rule as it arrives and, when reading ends, keeps an
//! external atom external exactly when no rule *still* supports it. Which rules still support
//! an atom depends on those read-time simplifications and on the statements' order:
//!
//! - a rule whose body has a false literal, or a literal and its negation, is dropped; true
//!   literals leave the body; a head atom that is false or in the negative body leaves the head;
//!   a rule with a head atom (or a fact) in its positive body is satisfied and dropped;
//! - `:- l.` makes `l` false when no rule has had the body `l` yet; otherwise, like every
//!   other integrity constraint, it makes its body false, which takes the support of that body
//!   from every atom it was a head of, and `:- 1 <= {..}`-like bodies make their literals false;
//! - a fact that occurs in no body yet is a true constant (a later external statement for it is
//!   ignored), and it drops the disjunctions it belongs to;
//! - weight bodies are simplified (bound, capped weights, count or normal form) and the small
//!   ones without a head or with one head are replaced by one normal rule per minimal subset
//!   (which then go through the steps above); disjunctions with a weight body are defined at the
//!   end of reading;
//! - external statements act only while the atom has no support; `release` (3) is final: the
//!   atom becomes a normal atom.
//!
//! Every one of these steps preserves the answer sets as long as the atom is an ordinary atom;
//! only whether an atom without support is open (external, a free choice) or closed (false)
//! depends on them, so this module replays them to find the atoms that stay open. No
//! derivability reasoning beyond these steps: `a :- b.` with an underivable `b` still supports
//! `a` (clingo makes `a` false), while `a :- b. :- b.` does not (clingo leaves `a` open).

use super::reader::{Body, Directive, Located};
use crate::program::ExternalValue;
use std::collections::HashMap;

/// The external atoms that stay external, with the value their last external statement gave
/// (before any release).
pub fn open_externals(statements: &[Located]) -> HashMap<u32, ExternalValue> {
    let mut externals = statements
        .iter()
        .filter(|st| matches!(st.directive, Directive::External { .. }))
        .peekable();
    if externals.peek().is_none() {
        return HashMap::new();
    }
    let mut reading = Reading {
        next_aux: statements.iter().map(max_atom).max().unwrap_or(0) + 1,
        ..Reading::default()
    };
    for st in statements {
        match &st.directive {
            Directive::Rule { choice, head, body } => reading.rule(*choice, head, body),
            Directive::External { atom, value } => reading.external(*atom, *value),
            _ => {}
        }
    }
    reading.finish()
}

fn max_atom(st: &Located) -> u32 {
    let lits = |ls: &[i32]| ls.iter().map(|l| l.unsigned_abs()).max().unwrap_or(0);
    match &st.directive {
        Directive::Rule { head, body, .. } => {
            let b = match body {
                Body::Normal(ls) => lits(ls),
                Body::Sum { lits: wl, .. } => {
                    wl.iter().map(|l| l.0.unsigned_abs()).max().unwrap_or(0)
                }
            };
            head.iter().copied().max().unwrap_or(0).max(b)
        }
        Directive::External { atom, .. } => *atom,
        _ => 0,
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
enum Value {
    #[default]
    Free,
    False,
    /// Must be true, but not yet derived (from `:- not a.`): `not a` is false, `a` stays open.
    WeakTrue,
    True,
}

/// What supports an atom: a body (as a normal or a choice head), a disjunction it belongs to,
/// or the mark a `release` leaves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Support {
    Body(usize, bool),
    Disjunction(usize),
    Released,
}

#[derive(Default, Debug)]
struct Atom {
    value: Value,
    fact: bool,
    /// Made false (sticky: it leaves every later head).
    false_flag: bool,
    /// Occurs in a body read so far.
    in_body: bool,
    /// A fact that was in no body: a true constant that no external statement reaches.
    constant: bool,
    /// The value of the last external statement, while the atom had no support.
    frozen: Option<ExternalValue>,
    supports: Vec<Support>,
}

/// A body as the program builder shares it between rules: literals sorted, with the bound.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum BodyKey {
    Normal(Vec<i32>),
    Count(i32, Vec<i32>),
    Sum(i32, Vec<(i32, i32)>),
}

#[derive(Debug)]
enum HeadNode {
    Atom(u32, bool),
    Disjunction,
}

#[derive(Debug)]
struct BodyNode {
    is_false: bool,
    heads: Vec<HeadNode>,
    /// Literals with weights (1 for normal and count bodies) and the bound they must reach.
    goals: Vec<(i32, i32)>,
    bound: i32,
}

/// A rule after the read-time simplification.
#[derive(Clone, Debug)]
struct Simplified {
    choice: bool,
    head: Vec<u32>,
    body: BodyKey,
}

#[derive(Default)]
struct Reading {
    atoms: HashMap<u32, Atom>,
    bodies: Vec<BodyNode>,
    body_index: HashMap<BodyKey, usize>,
    /// Disjunctions by their sorted atoms; `None` once a fact in them dropped them.
    disjunctions: Vec<Option<Vec<u32>>>,
    disjunction_index: HashMap<Vec<u32>, usize>,
    /// Disjunctions with a weight body, defined when reading ends.
    deferred: Vec<Vec<u32>>,
    next_aux: u32,
}

impl Reading {
    fn atom(&mut self, a: u32) -> &mut Atom {
        self.atoms.entry(a).or_default()
    }

    /// A literal's value now (clasp's `litVal`).
    fn lit_value(&self, l: i32) -> Value {
        let v = self
            .atoms
            .get(&l.unsigned_abs())
            .map_or(Value::Free, |a| a.value);
        match (v, l > 0) {
            (Value::Free, _) => Value::Free,
            (Value::False, true) | (Value::True | Value::WeakTrue, false) => Value::False,
            (Value::WeakTrue, true) => Value::Free,
            (Value::True, true) | (Value::False, false) => Value::True,
        }
    }

    fn external(&mut self, a: u32, value: u8) {
        let atom = self.atom(a);
        if atom.constant || !atom.supports.is_empty() {
            return;
        }
        atom.frozen = Some(match value {
            0 => ExternalValue::Free,
            1 => ExternalValue::True,
            2 => ExternalValue::False,
            _ => {
                atom.supports.push(Support::Released);
                ExternalValue::Free
            }
        });
    }

    fn rule(&mut self, choice: bool, head: &[u32], body: &Body) {
        let simplified = match body {
            Body::Normal(lits) => self.simplify_normal(choice, head, lits),
            Body::Sum { bound, lits } => self.simplify_sum(choice, head, *bound, lits),
        };
        let Some(rule) = simplified else { return };
        let small_weight_rule = transformed_without_aux(&rule);
        if matches!(rule.body, BodyKey::Normal(_)) || !small_weight_rule {
            self.add(rule);
        } else if rule.head.len() <= 1 {
            self.add_minimal_subsets(&rule);
        } else {
            self.deferred.push(rule.head);
        }
    }

    fn simplify_normal(&mut self, choice: bool, head: &[u32], lits: &[i32]) -> Option<Simplified> {
        let mut body: Vec<i32> = Vec::new();
        for &l in lits {
            match self.lit_value(l) {
                Value::False => return None,
                _ if body.contains(&-l) => return None,
                Value::True => {}
                _ if body.contains(&l) => {}
                _ => body.push(l),
            }
        }
        let goals: Vec<(i32, i32)> = body.iter().map(|&l| (l, 1)).collect();
        let head = self.simplify_head(choice, head, &goals, 0)?;
        body.sort_unstable();
        Some(Simplified {
            choice,
            head,
            body: BodyKey::Normal(body),
        })
    }

    /// clasp's `simplifySum`: true literals lower the bound, false and weight-0 ones leave,
    /// repeated literals add up, weights above the bound are capped; a bound no longer
    /// reachable drops the rule, one reached without literals makes the body empty, a body
    /// needing all its literals becomes normal, equal weights make a count.
    fn simplify_sum(
        &mut self,
        choice: bool,
        head: &[u32],
        bound: i32,
        lits: &[(i32, i32)],
    ) -> Option<Simplified> {
        let mut bound = i64::from(bound);
        let (mut max_w, mut min_w, mut sum_w, mut dirty) = (1i64, i64::MAX, 0i64, false);
        let mut goals: Vec<(i32, i64)> = Vec::new();
        for &(l, w) in lits {
            if bound <= 0 {
                break;
            }
            let mut w = i64::from(w);
            if w == 0 {
                continue;
            }
            match self.lit_value(l) {
                Value::True => bound -= w,
                Value::False => {}
                _ => {
                    sum_w += w;
                    if let Some(g) = goals.iter_mut().find(|g| g.0 == l) {
                        g.1 += w;
                        w = g.1;
                        dirty = true;
                    } else {
                        goals.push((l, w));
                    }
                    max_w = max_w.max(w);
                    min_w = min_w.min(w);
                    dirty |= goals.iter().any(|g| g.0 == -l);
                }
            }
        }
        let mut reachable = sum_w;
        if bound > 0 && (dirty || max_w > bound) {
            reachable = 0;
            min_w = i64::MAX;
            for i in 0..goals.len() {
                if goals[i].1 > bound {
                    sum_w -= goals[i].1 - bound;
                    goals[i].1 = bound;
                    max_w = bound;
                }
                let (l, w) = goals[i];
                min_w = min_w.min(w);
                reachable += w;
                if l < 0
                    && let Some(p) = goals.iter().find(|g| g.0 == -l)
                {
                    // the body holds at most one of `p` and `not p`
                    reachable -= w.min(p.1);
                }
            }
        }
        if bound <= 0 || reachable < bound {
            return if bound <= 0 {
                self.simplify_normal(choice, head, &[])
            } else {
                None
            };
        }
        let clamp = |v: i64| v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
        let lits_only = || goals.iter().map(|g| g.0).collect::<Vec<i32>>();
        if sum_w - min_w < bound {
            let unit: Vec<(i32, i32)> = goals.iter().map(|g| (g.0, 1)).collect();
            let head = self.simplify_head(choice, head, &unit, 0)?;
            let mut body = lits_only();
            body.sort_unstable();
            return Some(Simplified {
                choice,
                head,
                body: BodyKey::Normal(body),
            });
        }
        if min_w == max_w {
            let count_bound = if max_w != 1 {
                (bound + min_w - 1) / min_w
            } else {
                bound
            };
            let unit: Vec<(i32, i32)> = goals.iter().map(|g| (g.0, 1)).collect();
            let head = self.simplify_head(choice, head, &unit, clamp(sum_w - count_bound))?;
            let mut body = lits_only();
            body.sort_unstable();
            return Some(Simplified {
                choice,
                head,
                body: BodyKey::Count(clamp(count_bound), body),
            });
        }
        let weighted: Vec<(i32, i32)> = goals.iter().map(|g| (g.0, clamp(g.1))).collect();
        let head = self.simplify_head(choice, head, &weighted, clamp(sum_w - bound))?;
        let mut body = weighted;
        body.sort_unstable();
        Some(Simplified {
            choice,
            head,
            body: BodyKey::Sum(clamp(bound), body),
        })
    }

    /// clasp's `pushHead`: the head atoms kept, or `None` when the rule is dropped (satisfied
    /// by a head atom that is a fact or that the body needs true). `slack`: how much weight the
    /// body can lose and still hold.
    fn simplify_head(
        &mut self,
        choice: bool,
        head: &[u32],
        goals: &[(i32, i32)],
        slack: i32,
    ) -> Option<Vec<u32>> {
        let weight = |l: i32| goals.iter().find(|g| g.0 == l).map_or(0, |g| g.1);
        let mut kept: Vec<u32> = Vec::new();
        let mut satisfied = false;
        for &h in head {
            let (fact, false_flag) = self
                .atoms
                .get(&h)
                .map_or((false, false), |a| (a.fact, a.false_flag));
            let (wp, wn) = (weight(h as i32), weight(-(h as i32)));
            if kept.contains(&h) || false_flag {
                continue;
            }
            if wp == 0 && wn == 0 && !fact {
                kept.push(h);
            } else if fact || wp > slack {
                satisfied = true;
            } else if wn <= slack {
                kept.push(h);
            }
        }
        (!satisfied || (choice && !kept.is_empty())).then_some(kept)
    }

    /// A simplified rule the program builder keeps as it is (clasp's private `addRule`).
    fn add(&mut self, rule: Simplified) {
        if !rule.choice && rule.head.len() <= 1 {
            match (&rule.head[..], &rule.body) {
                ([], _) => return self.integrity(rule.body),
                ([a], BodyKey::Normal(b)) if b.is_empty() => return self.fact(*a),
                _ => {}
            }
        }
        let b = self.body(rule.body);
        if self.bodies[b].is_false {
            return;
        }
        if rule.choice || rule.head.len() == 1 {
            for a in rule.head {
                let support = Support::Body(b, rule.choice);
                let atom = self.atom(a);
                if !atom.supports.contains(&support) {
                    atom.supports.push(support);
                    self.bodies[b].heads.push(HeadNode::Atom(a, rule.choice));
                }
            }
        } else {
            self.disjunction(rule.head);
            self.bodies[b].heads.push(HeadNode::Disjunction);
        }
    }

    /// The body node for `key`, shared with every earlier rule that had the same body.
    fn body(&mut self, key: BodyKey) -> usize {
        if let Some(&b) = self.body_index.get(&key) {
            return b;
        }
        let (goals, bound): (Vec<(i32, i32)>, i32) = match &key {
            BodyKey::Normal(ls) => (ls.iter().map(|&l| (l, 1)).collect(), ls.len() as i32),
            BodyKey::Count(k, ls) => (ls.iter().map(|&l| (l, 1)).collect(), *k),
            BodyKey::Sum(k, wl) => (wl.clone(), *k),
        };
        for &(l, _) in &goals {
            self.atom(l.unsigned_abs()).in_body = true;
        }
        self.bodies.push(BodyNode {
            is_false: false,
            heads: Vec::new(),
            goals,
            bound,
        });
        self.body_index.insert(key, self.bodies.len() - 1);
        self.bodies.len() - 1
    }

    fn disjunction(&mut self, mut atoms: Vec<u32>) {
        atoms.sort_unstable();
        if self.disjunction_index.contains_key(&atoms) {
            return;
        }
        let d = self.disjunctions.len();
        for &a in &atoms {
            self.atom(a).supports.push(Support::Disjunction(d));
        }
        self.disjunction_index.insert(atoms.clone(), d);
        self.disjunctions.push(Some(atoms));
    }

    /// `:- body.`: a single literal no body has had yet becomes false; any other body becomes
    /// false, which takes its supports away and makes the literals it cannot do without false.
    fn integrity(&mut self, key: BodyKey) {
        if let BodyKey::Normal(ls) = &key
            && let [l] = ls[..]
            && !self.body_index.contains_key(&key)
        {
            return self.assign_false(l);
        }
        let b = self.body(key);
        self.bodies[b].is_false = true;
        for head in std::mem::take(&mut self.bodies[b].heads) {
            if let HeadNode::Atom(a, choice) = head {
                self.atom(a)
                    .supports
                    .retain(|&s| s != Support::Body(b, choice));
            }
        }
        let body = &self.bodies[b];
        let max_w = body.goals.iter().map(|g| g.1).max().unwrap_or(1).max(1);
        if max_w >= body.bound {
            let needed: Vec<i32> = body
                .goals
                .iter()
                .filter(|g| body.bound - g.1 <= 0)
                .map(|g| g.0)
                .collect();
            for l in needed {
                self.assign_false(l);
            }
        }
    }

    /// Makes literal `l` false: a positive literal's atom false (sticky), a negative one's atom
    /// must-be-true.
    fn assign_false(&mut self, l: i32) {
        let atom = self.atom(l.unsigned_abs());
        if l > 0 {
            if atom.value != Value::True {
                atom.value = Value::False;
                atom.false_flag = true;
            }
        } else if atom.value == Value::Free {
            atom.value = Value::WeakTrue;
        }
    }

    fn fact(&mut self, a: u32) {
        let atom = self.atom(a);
        if atom.fact {
            return;
        }
        atom.fact = true;
        if atom.value != Value::False {
            atom.value = Value::True;
        }
        if !atom.in_body && atom.frozen.is_none() {
            // a true constant from now on: the disjunctions it is in hold, they support nothing
            atom.constant = true;
            let supports = std::mem::take(&mut atom.supports);
            for s in supports {
                if let Support::Disjunction(d) = s
                    && let Some(members) = self.disjunctions[d].take()
                {
                    self.disjunction_index.remove(&members);
                    for m in members {
                        self.atom(m)
                            .supports
                            .retain(|&s| s != Support::Disjunction(d));
                    }
                }
            }
            return;
        }
        let b = self.body(BodyKey::Normal(Vec::new()));
        let support = Support::Body(b, false);
        let atom = self.atom(a);
        if !atom.supports.contains(&support) {
            atom.supports.push(support);
            self.bodies[b].heads.push(HeadNode::Atom(a, false));
        }
    }

    /// A weight rule with at most one head atom and a small body, replaced by one normal rule
    /// per minimal subset of its literals that reaches the bound (clasp's `transformSelect`).
    fn add_minimal_subsets(&mut self, rule: &Simplified) {
        let (bound, mut lits) = match &rule.body {
            BodyKey::Count(k, ls) => (*k, ls.iter().map(|&l| (l, 1)).collect::<Vec<_>>()),
            BodyKey::Sum(k, wl) => (*k, wl.clone()),
            BodyKey::Normal(_) => return,
        };
        // heaviest first, stable
        lits.sort_by_key(|l| std::cmp::Reverse(l.1));
        let bound = i64::from(bound);
        let weights: Vec<i64> = lits.iter().map(|l| i64::from(l.1).min(bound)).collect();
        let mut rest = vec![0i64; lits.len() + 1];
        for i in (0..lits.len()).rev() {
            rest[i] = rest[i + 1] + weights[i];
        }
        let head = rule.head.clone();
        let add = |reading: &mut Self, body: &[i32]| {
            reading.rule(false, &head, &Body::Normal(body.to_vec()));
        };
        if bound > rest[0] {
            return;
        }
        if bound <= 0 {
            return add(self, &[]);
        }
        if rest[0] - weights[weights.len() - 1] < bound {
            let all: Vec<i32> = lits.iter().map(|l| l.0).collect();
            return add(self, &all);
        }
        let (mut chosen, mut taken, mut sum, mut i) = (Vec::new(), Vec::new(), 0i64, 0usize);
        loop {
            while sum < bound {
                sum += weights[i];
                chosen.push(lits[i].0);
                taken.push(i);
                i += 1;
            }
            add(self, &chosen);
            loop {
                let Some(last) = taken.pop() else { return };
                chosen.pop();
                sum -= weights[last];
                i = last + 1;
                if i != lits.len() && sum + rest[i] >= bound {
                    break;
                }
            }
        }
    }

    /// End of reading: disjunctions with a weight body become `a1 ; .. ; an :- aux.` (with a
    /// new `aux` for the body), then every external atom without support stays external.
    fn finish(mut self) -> HashMap<u32, ExternalValue> {
        for head in std::mem::take(&mut self.deferred) {
            let aux = self.next_aux as i32;
            self.next_aux += 1;
            self.rule(false, &head, &Body::Normal(vec![aux]));
        }
        self.atoms
            .into_iter()
            .filter(|(_, a)| a.supports.is_empty())
            .filter_map(|(n, a)| Some((n, a.frozen?)))
            .collect()
    }
}

/// Whether clasp replaces a weight rule by normal rules without new atoms (`transformNoAux`):
/// a disjunctive head, and a bound of 1 or at most 15 minimal subsets of at most 6 literals.
fn transformed_without_aux(rule: &Simplified) -> bool {
    let (bound, n) = match &rule.body {
        BodyKey::Normal(_) => return false,
        BodyKey::Count(k, ls) => (*k, ls.len()),
        BodyKey::Sum(k, wl) => (*k, wl.len()),
    };
    !rule.choice && (bound == 1 || (n <= 6 && binomial(n as u64, bound.max(0) as u64) <= 15))
}

fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k.min(n - k)).fold(1, |acc, i| acc * (n - i) / (i + 1))
}
