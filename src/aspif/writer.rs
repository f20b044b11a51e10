//! A ground program as aspif (`aspsat ground --aspif`) that clingo's solver reads with the same
//! answer sets. aspif has only plain literals, weight bodies with weights >= 0, and choice and
//! disjunctive heads; everything else gets auxiliary atoms, as gringo writes it:
//!
//! - facts are rules with empty bodies (their atoms may occur anywhere);
//! - `not not a` is `not n` with `n :- not a`;
//! - a conditional literal `l : c1,..,cn` is `h` with `h :- l` and `h :- not ci` (the condition
//!   is no positive dependency, the literal is);
//! - `#count`/`#sum`/`#sum+` are a conjunction of weight bodies `S >= k` per interval of values
//!   the guards allow (negative weights by complement, as gringo does), `#min`/`#max` are
//!   disjunctions of the elements below or above each guard;
//! - choice bounds are an integrity constraint on the count of the chosen elements;
//! - a disjunction is written with the rules the grounder shifted it into (they are
//!   consequences of it, so they change no answer set).
//!
//! Positive recursion through a conditional literal or an aggregate is refused: these
//! encodings are exact only where the construct is not in a positive cycle.

use crate::program::aggregate::{self, AggValue};
use crate::program::{
    AggFunc, Aggregate, AtomId, BodyElem, CountGuard, ExternalValue, GroundProgram, Head, Lit,
    Polarity,
};
use crate::symbol::{Sym, SymData};
use crate::syntax::ast::CmpOp;
use std::collections::HashMap;
use std::fmt::Write as _;

/// A formula's value while writing: decided, or an aspif literal.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Part {
    True,
    False,
    Lit(i64),
}

impl Part {
    fn negate(self) -> Part {
        match self {
            Part::True => Part::False,
            Part::False => Part::True,
            Part::Lit(l) => Part::Lit(-l),
        }
    }
}

/// The aspif text of `program` (ending with the `0` that closes the step); `Err` names what
/// cannot be written (a value beyond aspif's 32-bit weights, say).
pub fn write(program: &GroundProgram) -> Result<String, String> {
    if let Some(l) = crate::translate::conditional_loop(program) {
        let name = program.symbols.to_string(program.atom_sym(l.head));
        return Err(format!(
            "positive recursion through a conditional literal or an aggregate (a rule for \
             '{name}' depends on itself through one) is not written: aspif has no exact form \
             for it without clingo's own translation; `aspsat solve` solves the program"
        ));
    }
    let mut w = Writer {
        program,
        numbers: vec![0; program.num_atoms()],
        next: 0,
        lines: String::new(),
        not_atoms: HashMap::new(),
    };
    w.rules()?;
    w.disjunctions()?;
    w.externals();
    w.shows()?;
    w.minimize()?;
    w.edges()?;
    w.projection();
    let mut out = String::from("asp 1 0 0\n");
    out.push_str(&w.lines);
    out.push_str("0\n");
    Ok(out)
}

struct Writer<'a> {
    program: &'a GroundProgram,
    /// The aspif number of each atom (0: none yet).
    numbers: Vec<u32>,
    next: u32,
    lines: String,
    /// `n` with `n :- not x`, for each literal `x` negated twice.
    not_atoms: HashMap<i64, i64>,
}

fn fits(v: i64, what: &str) -> Result<i64, String> {
    if i32::try_from(v).is_ok() {
        Ok(v)
    } else {
        Err(format!("{what} {v} does not fit aspif's 32-bit integers"))
    }
}

impl Writer<'_> {
    fn fresh(&mut self) -> i64 {
        self.next += 1;
        i64::from(self.next)
    }

    /// The aspif atom of `a`; a fact gets its fact rule with its number.
    fn atom(&mut self, a: AtomId) -> i64 {
        let i = a.0 as usize;
        if self.numbers[i] == 0 {
            let n = self.fresh();
            self.numbers[i] = n as u32;
            if self.program.is_fact(a) {
                self.rule(&[n], false, &[]);
            }
        }
        i64::from(self.numbers[i])
    }

    fn rule(&mut self, head: &[i64], choice: bool, body: &[i64]) {
        let _ = write!(self.lines, "1 {} {}", u8::from(choice), head.len());
        for h in head {
            let _ = write!(self.lines, " {h}");
        }
        let _ = write!(self.lines, " 0 {}", body.len());
        for l in body {
            let _ = write!(self.lines, " {l}");
        }
        self.lines.push('\n');
    }

    /// `head :- bound <= sum of weights` (weights > 0).
    fn weight_rule(&mut self, head: i64, bound: i64, lits: &[(i64, i64)]) {
        let _ = write!(self.lines, "1 0 1 {head} 1 {bound} {}", lits.len());
        for (l, w) in lits {
            let _ = write!(self.lines, " {l} {w}");
        }
        self.lines.push('\n');
    }

    /// An atom equivalent to the conjunction of `parts`.
    fn and(&mut self, parts: Vec<Part>) -> Part {
        if parts.contains(&Part::False) {
            return Part::False;
        }
        let lits = open_lits(parts);
        match lits[..] {
            [] => Part::True,
            [l] => Part::Lit(l),
            _ => {
                let h = self.fresh();
                self.rule(&[h], false, &lits);
                Part::Lit(h)
            }
        }
    }

    /// An atom equivalent to the disjunction of `parts` (positive dependency on each).
    fn or(&mut self, parts: Vec<Part>) -> Part {
        if parts.contains(&Part::True) {
            return Part::True;
        }
        let lits = open_lits(parts);
        match lits[..] {
            [] => Part::False,
            [l] => Part::Lit(l),
            _ => {
                let h = self.fresh();
                for l in lits {
                    self.rule(&[h], false, &[l]);
                }
                Part::Lit(h)
            }
        }
    }

    /// `not p` without positive dependency on `p`'s atom (`not not a` for a negative `p`).
    fn not(&mut self, p: Part) -> Part {
        match p {
            Part::Lit(l) if l < 0 => {
                if let Some(&n) = self.not_atoms.get(&l) {
                    return Part::Lit(-n);
                }
                let n = self.fresh();
                self.rule(&[n], false, &[l]);
                self.not_atoms.insert(l, n);
                Part::Lit(-n)
            }
            p => p.negate(),
        }
    }

    fn lit(&mut self, l: Lit) -> Part {
        let a = Part::Lit(self.atom(l.atom));
        match l.polarity {
            Polarity::Pos => a,
            Polarity::Not => a.negate(),
            Polarity::NotNot => {
                let not_a = a.negate();
                self.not(not_a)
            }
        }
    }

    fn lits(&mut self, lits: &[Lit]) -> Vec<Part> {
        lits.iter().map(|&l| self.lit(l)).collect()
    }

    fn body_elem(&mut self, elem: &BodyElem) -> Result<Part, String> {
        Ok(match elem {
            BodyElem::Lit(l) => self.lit(*l),
            BodyElem::Conditional(instances) => {
                let mut holds = Vec::new();
                for inst in instances {
                    // the instance holds when its literal does or its condition fails
                    let mut alternatives = vec![self.lit(inst.lit)];
                    for c in &inst.cond {
                        let c = self.lit(*c);
                        alternatives.push(self.not(c));
                    }
                    holds.push(self.or(alternatives));
                }
                self.and(holds)
            }
            BodyElem::Aggregate {
                polarity,
                aggregate,
            } => {
                let a = self.aggregate(aggregate)?;
                match polarity {
                    Polarity::Pos => a,
                    Polarity::Not => self.not(a),
                    Polarity::NotNot => {
                        let not_a = self.not(a);
                        self.not(not_a)
                    }
                }
            }
        })
    }

    /// The literals of a body (`None`: the body never holds).
    fn body(&mut self, body: &[BodyElem]) -> Result<Option<Vec<i64>>, String> {
        let mut lits = Vec::new();
        for e in body {
            match self.body_elem(e)? {
                Part::True => {}
                Part::False => return Ok(None),
                Part::Lit(l) => lits.push(l),
            }
        }
        Ok(Some(lits))
    }

    /// An atom that holds exactly when the aggregate does.
    fn aggregate(&mut self, agg: &Aggregate) -> Result<Part, String> {
        let program = self.program;
        let syms = &program.symbols;
        let mut elements: Vec<(Sym, Vec<Vec<Lit>>)> = Vec::new();
        for t in aggregate::tuples(agg) {
            elements.push((t.weight, t.conds.iter().map(|c| c.to_vec()).collect()));
        }
        let mut weighted: Vec<(Sym, Part)> = Vec::new();
        for (weight, conds) in elements {
            let alternatives = conds
                .iter()
                .map(|c| {
                    let parts = self.lits(c);
                    self.and(parts)
                })
                .collect();
            let holds = self.or(alternatives);
            weighted.push((weight, holds));
        }
        match agg.func {
            AggFunc::Min | AggFunc::Max => Ok(self.extremum(agg, &weighted)),
            AggFunc::Count | AggFunc::Sum | AggFunc::SumPlus => {
                let mut terms = Vec::new();
                for (weight, holds) in weighted {
                    let w = match agg.func {
                        AggFunc::Count => 1,
                        _ => match syms.get(weight) {
                            SymData::Num(w) => i64::from(*w),
                            // the grounder dropped elements without integer weights
                            _ => continue,
                        },
                    };
                    if agg.func == AggFunc::SumPlus && w <= 0 {
                        continue;
                    }
                    terms.push((holds, w));
                }
                self.sum_in(&terms, &agg.guards)
            }
        }
    }

    /// An atom for "the sum of the weights of the true `terms` satisfies every guard".
    fn sum_in(&mut self, terms: &[(Part, i64)], guards: &[CountGuard]) -> Result<Part, String> {
        let allowed = aggregate::allowed_intervals(guards, &self.program.symbols);
        let mut alternatives = Vec::new();
        for (lo, hi) in allowed {
            let at_least = self.sum_at_least(terms, lo)?;
            let beyond = match hi.checked_add(1) {
                Some(h) => self.sum_at_least(terms, h)?,
                None => Part::False,
            };
            let not_beyond = self.not(beyond);
            alternatives.push(self.and(vec![at_least, not_beyond]));
        }
        Ok(self.or(alternatives))
    }

    /// An atom for "the sum of the weights of the true `terms` is at least `k`": one weight
    /// body, with negative weights on complemented literals.
    fn sum_at_least(&mut self, terms: &[(Part, i64)], k: i64) -> Result<Part, String> {
        if k == i64::MIN {
            return Ok(Part::True);
        }
        let mut bound = k;
        let mut lits = Vec::new();
        for &(p, w) in terms {
            match p {
                Part::False => {}
                Part::True => bound -= w,
                Part::Lit(l) if w > 0 => lits.push((l, w)),
                Part::Lit(l) if w < 0 => {
                    // w*l = w + |w|*(not l)
                    bound -= w;
                    lits.push((-l, -w));
                }
                Part::Lit(_) => {}
            }
        }
        if bound <= 0 {
            return Ok(Part::True);
        }
        let total: i64 = lits.iter().map(|(_, w)| w).sum();
        if bound > total {
            return Ok(Part::False);
        }
        fits(bound, "the aggregate bound")?;
        fits(total, "the sum of the aggregate's weights")?;
        let h = self.fresh();
        self.weight_rule(h, bound, &lits);
        Ok(Part::Lit(h))
    }

    /// `#min`/`#max` against every guard: "some true element is below (above) the guard's
    /// value", compared in clingo's term order; the empty aggregate is `#sup` (`#inf`).
    fn extremum(&mut self, agg: &Aggregate, weighted: &[(Sym, Part)]) -> Part {
        let program = self.program;
        let syms = &program.symbols;
        let is_min = agg.func == AggFunc::Min;
        let empty = if is_min {
            syms.lookup(&SymData::Sup)
        } else {
            syms.lookup(&SymData::Inf)
        }
        .expect("the symbol table has #inf and #sup");
        let mut parts = Vec::new();
        for g in &agg.guards {
            // min: "value < v" and "value <= v"; max: "value > v" and "value >= v"
            let (strict_op, weak_op) = if is_min {
                (CmpOp::Lt, CmpOp::Le)
            } else {
                (CmpOp::Gt, CmpOp::Ge)
            };
            let reaches = |op: CmpOp, w: &mut Self| -> Part {
                let guard = CountGuard { op, value: g.value };
                if aggregate::guard_holds(AggValue::Sym(empty), &guard, syms) {
                    return Part::True;
                }
                let some = weighted
                    .iter()
                    .filter(|(weight, _)| {
                        aggregate::guard_holds(AggValue::Sym(*weight), &guard, syms)
                    })
                    .map(|&(_, p)| p)
                    .collect();
                w.or(some)
            };
            let strict = reaches(strict_op, self);
            let weak = reaches(weak_op, self);
            let equal = {
                let not_strict = self.not(strict);
                self.and(vec![weak, not_strict])
            };
            let part = match (g.op, is_min) {
                (CmpOp::Eq, _) => equal,
                (CmpOp::Ne, _) => self.not(equal),
                (CmpOp::Lt, true) | (CmpOp::Gt, false) => strict,
                (CmpOp::Le, true) | (CmpOp::Ge, false) => weak,
                (CmpOp::Gt, true) | (CmpOp::Lt, false) => self.not(weak),
                (CmpOp::Ge, true) | (CmpOp::Le, false) => self.not(strict),
            };
            parts.push(part);
        }
        self.and(parts)
    }

    fn rules(&mut self) -> Result<(), String> {
        let program = self.program;
        for rule in &program.rules {
            let Some(body) = self.body(&rule.body)? else {
                continue;
            };
            match &rule.head {
                Head::None => self.rule(&[], false, &body),
                Head::Atom(a) => {
                    let h = self.atom(*a);
                    self.rule(&[h], false, &body);
                }
                Head::Choice { elems, guards } => {
                    let mut plain = Vec::new();
                    for e in elems {
                        let h = self.atom(e.atom);
                        if e.cond.is_empty() {
                            plain.push(h);
                            continue;
                        }
                        let Some(mut b) = self.body(&to_body(&e.cond))? else {
                            continue;
                        };
                        b.extend(&body);
                        self.rule(&[h], true, &b);
                    }
                    if !plain.is_empty() {
                        self.rule(&plain, true, &body);
                    }
                    if !guards.is_empty() {
                        self.choice_bounds(elems, guards, &body)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// `:- body, not (guards hold for the number of distinct chosen atoms whose condition
    /// holds)`.
    fn choice_bounds(
        &mut self,
        elems: &[crate::program::ChoiceElem],
        guards: &[CountGuard],
        body: &[i64],
    ) -> Result<(), String> {
        let mut by_atom: Vec<(AtomId, Vec<Part>)> = Vec::new();
        for e in elems {
            let atom = Part::Lit(self.atom(e.atom));
            let mut parts = self.lits(&e.cond);
            parts.push(atom);
            let chosen = self.and(parts);
            match by_atom.iter_mut().find(|(a, _)| *a == e.atom) {
                Some((_, alternatives)) => alternatives.push(chosen),
                None => by_atom.push((e.atom, vec![chosen])),
            }
        }
        let mut terms = Vec::new();
        for (_, alternatives) in by_atom {
            terms.push((self.or(alternatives), 1));
        }
        let within = self.sum_in(&terms, guards)?;
        let violated = self.not(within);
        let mut b = body.to_vec();
        match violated {
            Part::False => return Ok(()),
            Part::True => {}
            Part::Lit(l) => b.push(l),
        }
        self.rule(&[], false, &b);
        Ok(())
    }

    fn disjunctions(&mut self) -> Result<(), String> {
        let program = self.program;
        for d in &program.disjunctions {
            let Some(body) = self.body(&d.body)? else {
                continue;
            };
            let head: Vec<i64> = d.atoms().into_iter().map(|a| self.atom(a)).collect();
            self.rule(&head, false, &body);
        }
        Ok(())
    }

    fn externals(&mut self) {
        for (a, value) in self.program.open_externals() {
            let n = self.atom(a);
            let v = match value {
                ExternalValue::Free => 0,
                ExternalValue::True => 1,
                ExternalValue::False => 2,
                ExternalValue::Release => 3,
            };
            let _ = writeln!(self.lines, "5 {n} {v}");
        }
    }

    fn output(&mut self, sym: Sym, cond: &[i64]) {
        let text = self.program.symbols.to_string(sym);
        let _ = write!(self.lines, "4 {} {text} {}", text.len(), cond.len());
        for l in cond {
            let _ = write!(self.lines, " {l}");
        }
        self.lines.push('\n');
    }

    fn shows(&mut self) -> Result<(), String> {
        let program = self.program;
        for i in 0..program.num_atoms() {
            let a = AtomId(i as u32);
            if !program.is_shown(a) || !(program.is_fact(a) || program.is_derivable(a)) {
                continue;
            }
            if program.is_fact(a) {
                self.output(program.atom_sym(a), &[]);
            } else {
                let n = self.atom(a);
                self.output(program.atom_sym(a), &[n]);
            }
        }
        for (sym, cond) in &program.show.terms {
            let parts = self.lits(cond);
            match self.and(parts) {
                Part::False => {}
                Part::True => self.output(*sym, &[]),
                Part::Lit(l) => self.output(*sym, &[l]),
            }
        }
        Ok(())
    }

    fn minimize(&mut self) -> Result<(), String> {
        let program = self.program;
        // priority → (tuple → (weight, alternatives)), in the program's order
        type Level = (i64, Vec<(Sym, i64, Vec<Part>)>);
        let mut levels: Vec<Level> = Vec::new();
        let ruleless = crate::translate::atoms_without_rules(program);
        for e in &program.minimize {
            // as the translation: clingo's grounder drops elements over atoms without rules
            let grounder_false = e.body.iter().any(|elem| {
                matches!(elem, BodyElem::Lit(l)
                    if l.polarity != Polarity::Not && ruleless[l.atom.0 as usize])
            });
            if grounder_false {
                continue;
            }
            let holds = match self.body(&e.body)? {
                None => Part::False,
                Some(lits) => self.and(lits.into_iter().map(Part::Lit).collect()),
            };
            let level = match levels.iter_mut().position(|(p, _)| *p == e.priority) {
                Some(i) => &mut levels[i].1,
                None => {
                    levels.push((e.priority, Vec::new()));
                    &mut levels.last_mut().expect("just pushed").1
                }
            };
            match level.iter_mut().find(|(t, _, _)| *t == e.tuple) {
                Some((_, _, alternatives)) => alternatives.push(holds),
                None => level.push((e.tuple, e.weight, vec![holds])),
            }
        }
        for (priority, elems) in levels {
            fits(priority, "the priority")?;
            let mut lits = Vec::new();
            for (_, weight, alternatives) in elems {
                fits(weight, "the weight")?;
                match self.or(alternatives) {
                    Part::False => {}
                    Part::True => {
                        let t = self.fresh();
                        self.rule(&[t], false, &[]);
                        lits.push((t, weight));
                    }
                    Part::Lit(l) => lits.push((l, weight)),
                }
            }
            let _ = write!(self.lines, "2 {priority} {}", lits.len());
            for (l, w) in lits {
                let _ = write!(self.lines, " {l} {w}");
            }
            self.lines.push('\n');
        }
        Ok(())
    }

    fn edges(&mut self) -> Result<(), String> {
        let program = self.program;
        let mut nodes: HashMap<Sym, usize> = HashMap::new();
        for e in &program.edges {
            let parts = self.lits(&e.body);
            let cond = match self.and(parts) {
                Part::False => continue,
                Part::True => Vec::new(),
                Part::Lit(l) => vec![l],
            };
            let n = nodes.len();
            let from = *nodes.entry(e.from).or_insert(n);
            let n = nodes.len();
            let to = *nodes.entry(e.to).or_insert(n);
            let _ = write!(self.lines, "8 {from} {to} {}", cond.len());
            for l in cond {
                let _ = write!(self.lines, " {l}");
            }
            self.lines.push('\n');
        }
        Ok(())
    }

    fn projection(&mut self) {
        let program = self.program;
        if !program.has_projection() {
            return;
        }
        let mut atoms = Vec::new();
        for i in 0..program.num_atoms() {
            let a = AtomId(i as u32);
            if program.is_projected(a) && (program.is_fact(a) || program.is_derivable(a)) {
                atoms.push(self.atom(a));
            }
        }
        let _ = write!(self.lines, "3 {}", atoms.len());
        for a in atoms {
            let _ = write!(self.lines, " {a}");
        }
        self.lines.push('\n');
    }
}

fn to_body(lits: &[Lit]) -> Vec<BodyElem> {
    lits.iter().map(|&l| BodyElem::Lit(l)).collect()
}

/// The literals among `parts` (the constant parts are left out: the callers decide them first).
fn open_lits(parts: Vec<Part>) -> Vec<i64> {
    parts
        .into_iter()
        .filter_map(|p| match p {
            Part::Lit(l) => Some(l),
            _ => None,
        })
        .collect()
}
