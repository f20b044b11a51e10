//! The ground half of the #495 check: the static check ([`super::own_conditions`]) names the
//! statements where clingo's grounder may miss instances; this module looks, once the program
//! is grounded, for an instance of such a statement that clingo could miss, and refuses the
//! rule only where it finds one.
//!
//! clingo misses an instance of a statement (see [`super::gringo_rounds`]) only when its
//! literal at risk is matched to an atom the predicate has from outside the loop: an input
//! fact, an atom grounded before (earlier steps of incremental grounding) or an atom a rule
//! outside the loop derives. Every atom clingo's grounder derives, aspsat derives too (it
//! grounds the same rules without missing instances), so an instance clingo may build has its
//! positive atoms among aspsat's. The search is therefore a join of the statement's positive
//! literals against aspsat's atoms, the literal at risk against those that may come from
//! outside, and one of the recursive literals after it that the static check found may be new
//! before the first completion against an atom not surely from outside (an input fact or an
//! atom grounded before is new in the first round, when clingo matches the literal at risk
//! against all its atoms; where one of those literals is an auxiliary atom, or may not be
//! there, this is not required); an auxiliary atom of the statement (a rule's body instance,
//! the body before a conditional literal...) counts as there when a statement defining it has
//! an instance. Where none exists, clingo's rounds miss nothing of the statement and aspsat's
//! grounding is clingo's. Negative literals, comparisons and aggregates count as true, terms
//! with arithmetic match any value, and a search that grows too large counts as a find: the
//! search errs on the side of refusing.
//!
//! A later literal that is an auxiliary atom counts only if it may be new before the first
//! completion: a statement defining it has an instance over the atoms the loop may have then
//! ([`super::own_conditions::EarlyAtoms`]: those of predicates it does not define or derives
//! early, and the others' atoms from outside), over auxiliary atoms that may be defined then
//! (those of statements gringo grounds in an earlier component, as they use nothing of the
//! loop, and no other conditional literal's completion, which has priority 1).
//!
//! Misses that change nothing are not counted:
//! * any miss in a rule whose body (the rule proper, all its positive literals and auxiliary
//!   atoms) has no instance over aspsat's atoms: clingo's are among them, so the rule never
//!   fires in either, whatever gringo's order of the body;
//! * a miss in a rule whose head is an input fact, or a missed element of a conditional
//!   disjunction, when another element of it that clingo does not miss has one head, a fact
//!   (of any stage: a disjunction makes no fact), and facts (or nothing) for its condition:
//!   every instance of the rule is satisfied by that fact, with or without what is missed (in
//!   a program with an `#external` or an optimization statement, which show gringo's domain,
//!   only a missed element; elsewhere also a miss in the disjunction's body); also per
//!   instance, for an element without a condition whose head is a fact under the instance;
//! * a missed instance of a rule with one head atom that is, under the instance, a fact from
//!   outside the loop (an input fact, or one an earlier stage derived): it derives nothing;
//! * a missed element of a conditional disjunction that another element clingo does not miss
//!   duplicates: the same head, and a condition that is this one's but for positive atoms
//!   that are, under the instance, facts from outside the loop (`p(X) ; p(X) : q(2)` with the
//!   fact `q(2)`): the disjunction with both elements is the one with either;
//! * a missed instance of a choice without bounds whose chosen atoms are, under the instance,
//!   all facts once grounding is done: it chooses nothing. (A choice derives no fact, and
//!   the facts aspsat derives are gringo's too where no other miss is refused, so the facts
//!   may come from the same loop, as `a2 :- a0.` makes a2 one for `{ a2 : a2 } :- a0 : a0.`);
//! * a missed instance of the condition of a conditional body literal (clingo leaves out the
//!   conjunct `condition -> literal` for it), when the literal is sure to hold: an input fact,
//!   or `not a` for an atom aspsat never derives.
//!
//! Nor are instances with a literal `not a` whose atom is an input fact: in the body of the
//! rule proper (no body instance), in the condition of a disjunction element or of a
//! conditional body literal (a condition that never holds).

use super::facts::InputFacts;
use super::gringo_rounds::{self, Aux, Defines, Slot, Statement};
use super::ir;
use super::own_conditions::{Suspect, Unifier};
use super::plan::Planned;
use super::state::Grounder;
use super::term::CTerm;
use crate::symbol::{Sym, SymData, SymbolTable};
use crate::syntax::Diagnostic;
use crate::syntax::ast::Sign;
use std::collections::HashSet;

/// Matches tried per search before it counts as a find.
const BUDGET: usize = 200_000;

/// Where the atom of predicate `pred` with `args` is a fact once grounding is done, the
/// number of the stage that made it one (0 for input facts).
fn fact_made_in(g: &Grounder, pred: ir::PredId, args: Vec<Sym>) -> Option<u32> {
    let sig = g.relations[pred].sig;
    let data = SymData::Fun {
        name: sig.name,
        args,
        negative: sig.negative,
    };
    let program = &g.program;
    let id = (program.symbols.lookup(&data)).and_then(|s| program.lookup_atom(s))?;
    let made_in = g.fact_in_stage.get(id.0 as usize).copied();
    program.is_fact(id).then(|| made_in.unwrap_or(0))
}

/// Whether every instance of the suspect's rule is satisfied by a fact, so that what clingo
/// misses of it changes no answer set: its head is an input fact, or it is a disjunction with
/// an element that clingo does not miss (none of its statements is a suspect) whose head is a
/// fact and whose condition is facts (or empty), facts of any stage.
/// A miss in such a disjunction's body (a body instance, a condition or an aggregate element)
/// may also decide whether gringo adds the other head atoms to its domain, which only an
/// `#external` or an optimization statement shows: there, only a missed element counts as
/// harmless.
fn satisfied_by_fact(
    g: &Grounder,
    rules: &[Planned],
    suspect: &Suspect,
    suspects: &[Suspect],
    input: &HashSet<(ir::PredId, &[Sym])>,
) -> bool {
    let rule = &rules[suspect.rule].rule;
    let fact = |a: &ir::Atom| {
        a.constant_args()
            .is_some_and(|args| input.contains(&(a.pred, &args[..])))
    };
    // (a disjunction makes no fact, so the facts of the same loop are gringo's too where
    // nothing else is refused: `a2 ; a0 : a2 :- a0.` beside `a2 :- a0.`; not so a normal
    // rule's head, which the missed instance itself may make a fact)
    let element_fact = |a: &ir::Atom| {
        (a.constant_args()).is_some_and(|args| fact_made_in(g, a.pred, args).is_some())
    };
    match &rule.head {
        ir::Head::Atom(a) => return fact(a),
        ir::Head::Disjunction(_) => {}
        _ => return false,
    }
    let statements = gringo_rounds::statements(rule, &g.program.symbols);
    let positive_facts = |cond: &ir::Condition| {
        cond.lits.iter().all(|l| match l {
            ir::Lit::Atom {
                sign: Sign::Pos,
                atom,
                ..
            } => element_fact(atom),
            _ => false,
        })
    };
    unmissed_elements(g, rule, &statements, suspect, suspects).is_some_and(|e| {
        e.iter()
            .any(|&(cond, head)| element_fact(head) && positive_facts(cond))
    })
}

/// The element accumulations of a disjunction `rule` among its `statements`: per
/// accumulation its statement, the element's condition and, where the element has one head
/// without a condition of its own, that head.
fn element_accumulations<'r>(
    rule: &'r ir::Rule,
    statements: &[Statement],
) -> Vec<(usize, &'r ir::Condition, Option<&'r ir::Atom>)> {
    (0..statements.len())
        .filter(|&m| statements[m].defines == Defines::HeadsLate)
        .zip(gringo_rounds::disjunction_accumulations(rule))
        .map(|(m, (cond, head))| {
            let head = head.filter(|h| h.cond.lits.is_empty()).map(|h| &h.item);
            (m, cond, head)
        })
        .collect()
}

/// The elements of the disjunction `rule` that clingo misses nothing of (no statement of
/// theirs is the suspect's or another suspect), each with its condition and its one head
/// (without a condition of its own): an instance one of them holds in is satisfied in
/// clingo's ground program as in aspsat's, whatever clingo misses. None for other rules, and
/// where a miss of the suspect's statement may decide which atoms gringo adds to its domain
/// (one in the body, not an element) and the program shows that domain.
fn unmissed_elements<'r>(
    g: &Grounder,
    rule: &'r ir::Rule,
    statements: &[Statement],
    suspect: &Suspect,
    suspects: &[Suspect],
) -> Option<Vec<(&'r ir::Condition, &'r ir::Atom)>> {
    let ir::Head::Disjunction(elems) = &rule.head else {
        return None;
    };
    if statements[suspect.statement].defines != Defines::HeadsLate && g.domain_shows {
        return None;
    }
    if !gringo_rounds::conditional_disjunction(rule) {
        // (the heads are those of the rule proper)
        return Some(
            (elems.iter().filter(|e| e.cond.lits.is_empty()))
                .flat_map(|e| e.heads.iter().map(move |h| (&e.cond, h)))
                .filter(|(_, h)| h.cond.lits.is_empty())
                .map(|(cond, h)| (cond, &h.item))
                .collect(),
        );
    }
    let missed = |m: usize| {
        m == suspect.statement
            || (suspects.iter()).any(|s| s.rule == suspect.rule && s.statement == m)
    };
    Some(
        (element_accumulations(rule, statements).into_iter())
            .filter(|&(m, ..)| !missed(m))
            .filter_map(|(_, cond, head)| Some((cond, head?)))
            .collect(),
    )
}

/// What [`refuse`] reads of the grounding just done.
pub(super) struct Grounded<'a> {
    pub facts: &'a InputFacts,
    /// The number of atoms each predicate had before this grounding.
    pub earlier: &'a [usize],
    /// Per rule, the number of its stage in `Grounder::stages_begun`: an atom made a fact in
    /// an earlier stage came from outside the rule's loop.
    pub stage_number: &'a [u32],
}

/// Refuses the first rule of `suspects` (sorted by rule) with an instance clingo may miss.
pub(super) fn refuse(
    g: &Grounder,
    rules: &[Planned],
    grounded: &Grounded,
    suspects: &[Suspect],
) -> Result<(), Diagnostic> {
    if suspects.is_empty() {
        return Ok(());
    }
    let facts = grounded.facts;
    let input: HashSet<(ir::PredId, &[Sym])> = (0..facts.len())
        .map(|i| (facts.pred(i), facts.args(i)))
        .collect();
    for s in suspects {
        if satisfied_by_fact(g, rules, s, suspects, &input) {
            continue;
        }
        let search = Search {
            g,
            rules,
            suspect: s,
            suspects,
            input: &input,
            earlier: grounded.earlier,
            stage: grounded.stage_number[s.rule],
        };
        if search.finds_instance() {
            return Err(super::own_conditions::refusal(g, rules, s));
        }
    }
    Ok(())
}

struct Search<'a, 'r> {
    g: &'a Grounder,
    rules: &'r [Planned],
    suspect: &'a Suspect<'r>,
    suspects: &'a [Suspect<'r>],
    input: &'a HashSet<(ir::PredId, &'a [Sym])>,
    earlier: &'a [usize],
    /// The number of the suspect's stage (see [`Grounded::stage_number`]).
    stage: u32,
}

impl Search<'_, '_> {
    fn syms(&self) -> &SymbolTable {
        &self.g.program.symbols
    }

    /// Whether the suspect's statement has an instance with its literal at risk matched to an
    /// atom from outside the loop.
    fn finds_instance(&self) -> bool {
        let rule = &self.rules[self.suspect.rule].rule;
        let statements = gringo_rounds::statements(rule, self.syms());
        let possible = self.possible_auxiliaries(rule, &statements);
        // A rule whose body has no instance over aspsat's atoms has none over clingo's either
        // (they are among aspsat's), whatever the order of its body: nothing clingo misses of
        // its other statements (a condition, an element) reaches an instance of it.
        if let Some((main, _)) = statements.split_last() {
            let main_negated = negated_atoms(rule, &statements, statements.len() - 1);
            if !self.instance(rule, main, &main_negated, None, (&possible, false)) {
                return false;
            }
        }
        let n = self.suspect.statement;
        let st = &statements[n];
        let negated = negated_atoms(rule, &statements, n);
        // a missed condition of a conditional literal sure to hold changes nothing
        let sure = match st.defines {
            Defines::Aux(Aux::Condition(j)) => match &rule.body[j] {
                ir::Body::Conditional { alts, .. } => Some(&alts[..]),
                _ => None,
            },
            _ => None,
        };
        let harmless = Harmless {
            sure,
            duplicates: self.duplicated_by(rule, &statements, n),
            head: match &rule.head {
                ir::Head::Atom(a) => Some(a),
                _ => None,
            },
            satisfying: self.satisfying_elements(rule, &statements),
            chosen: match &rule.head {
                ir::Head::Choice { elems, guards, .. } if guards.is_empty() => {
                    (elems.iter().filter(|e| !e.counted).map(|e| &e.atom)).collect()
                }
                _ => Vec::new(),
            },
        };
        // Only a later literal new before the first completion makes clingo miss anything:
        // an auxiliary atom is new then only if its statement may fire over early atoms.
        let early = self.early_auxiliaries(rule, &statements, &possible);
        let later: Vec<usize> = (self.suspect.later.iter().copied())
            .filter(|&j| match st.slots[j].0 {
                Slot::Aux(x) => st.uncertain[j] || early.contains(&x),
                Slot::Atom(_) => true,
            })
            .collect();
        if later.is_empty() {
            return false;
        }
        let at_risk = AtRisk {
            slot: self.suspect.slot,
            later: &later,
            harmless: &harmless,
        };
        self.instance(rule, st, &negated, Some(at_risk), (&possible, false))
    }

    /// For statement `n` of `rule`, an element of a conditional disjunction: the other
    /// elements clingo misses nothing of with the same head and a condition among this one's
    /// literals, each given by the positive atoms of this one's condition it lacks. Where those
    /// are facts from outside the loop, the two elements are the same (`p(X) ; p(X) : q(2)`
    /// with the fact `q(2)`), and the disjunction with both is the one with either: missing
    /// one changes nothing.
    fn duplicated_by<'r>(
        &self,
        rule: &'r ir::Rule,
        statements: &[Statement],
        n: usize,
    ) -> Vec<Vec<&'r ir::Atom>> {
        if statements[n].defines != Defines::HeadsLate {
            return Vec::new();
        }
        let elements = element_accumulations(rule, statements);
        let Some(&(_, cond, Some(head))) = elements.iter().find(|&&(m, ..)| m == n) else {
            return Vec::new();
        };
        let missed = |m: usize| {
            (self.suspects.iter()).any(|s| s.rule == self.suspect.rule && s.statement == m)
        };
        let among = |l: &ir::Lit, lits: &[ir::Lit]| lits.iter().any(|k| k.same_atom_literal(l));
        let extra_atoms = |other: &ir::Condition| {
            (cond.lits.iter())
                .filter(|l| !among(l, &other.lits))
                .map(|l| match l {
                    ir::Lit::Atom {
                        sign: Sign::Pos,
                        atom,
                        ..
                    } => Some(atom),
                    _ => None,
                })
                .collect::<Option<Vec<&ir::Atom>>>()
        };
        elements
            .iter()
            .filter(|&&(m, other_cond, other_head)| {
                m != n
                    && !missed(m)
                    && other_head.is_some_and(|h| h.same(head))
                    && other_cond.lits.iter().all(|l| among(l, &cond.lits))
            })
            .filter_map(|&(_, other_cond, _)| extra_atoms(other_cond))
            .collect()
    }

    /// The heads of the elements without a condition of [`unmissed_elements`]: an instance
    /// under which one is a fact (of any stage: a disjunction makes none) is satisfied by it
    /// ([`satisfied_by_fact`] asks the same of every instance).
    fn satisfying_elements<'r>(
        &self,
        rule: &'r ir::Rule,
        statements: &[Statement],
    ) -> Vec<&'r ir::Atom> {
        unmissed_elements(self.g, rule, statements, self.suspect, self.suspects)
            .into_iter()
            .flatten()
            .filter(|(cond, _)| cond.lits.is_empty())
            .map(|(_, head)| head)
            .collect()
    }

    /// Whether `atom` under `binding` is a fact made before the suspect's stage was grounded:
    /// an input fact, or derived by a rule outside its loop.
    fn fact_from_outside(&self, atom: &ir::Atom, binding: &[Option<Sym>]) -> bool {
        self.fact_made_in(atom, binding)
            .is_some_and(|stage| stage < self.stage)
    }

    /// Where `atom` under `binding` is a fact once grounding is done, the number of the stage
    /// that made it one (0 for input facts).
    fn fact_made_in(&self, atom: &ir::Atom, binding: &[Option<Sym>]) -> Option<u32> {
        let args = (atom.args.iter())
            .map(|t| bound_value(self.syms(), t, binding))
            .collect::<Option<Vec<Sym>>>()?;
        fact_made_in(self.g, atom.pred, args)
    }

    /// Whether `atom` under `binding` is sure to be an input fact.
    fn surely_fact(&self, atom: &ir::Atom, binding: &[Option<Sym>]) -> bool {
        self.input.iter().any(|&(p, args)| {
            p == atom.pred && known_args_equal(self.syms(), atom, args, binding) == Some(true)
        })
    }

    /// Whether one of the alternatives of a conditional literal holds for sure under
    /// `binding` (see the module documentation).
    fn sure(&self, alts: &[ir::Local<ir::Lit>], binding: &[Option<Sym>]) -> bool {
        let equal =
            |atom: &ir::Atom, args: &[Sym]| known_args_equal(self.syms(), atom, args, binding);
        alts.iter().any(|alt| {
            alt.cond.lits.is_empty()
                && match &alt.item {
                    ir::Lit::Bool(b) => *b,
                    ir::Lit::Atom {
                        sign: Sign::Pos,
                        atom,
                        ..
                    } => self.surely_fact(atom, binding),
                    ir::Lit::Atom {
                        sign: Sign::Not,
                        atom,
                        ..
                    } => {
                        let relation = &self.g.relations[atom.pred];
                        (0..relation.len())
                            .all(|row| equal(atom, relation.row_args(row)) == Some(false))
                    }
                    _ => false,
                }
        })
    }

    /// The auxiliary atoms of `rule` that may have instances: those defined by a statement
    /// with an instance (a least fixpoint). A conditional literal has an instance wherever the
    /// body before it has one, with or without instances of its condition (`#true : e(W)`
    /// holds when no `e` atom exists): gringo completes it over the body before it.
    fn possible_auxiliaries(&self, rule: &ir::Rule, statements: &[Statement]) -> HashSet<Aux> {
        self.auxiliary_fixpoint(rule, statements, HashSet::new(), false)
    }

    /// Those of the `possible` auxiliary atoms that may be defined before the component's
    /// first completion runs: a statement that is not recursive runs in an earlier component
    /// of gringo's; a recursive one must have an instance over the atoms that may be there
    /// then ([`EarlyAtoms`]), and a conditional literal's completion comes too late.
    fn early_auxiliaries(
        &self,
        rule: &ir::Rule,
        statements: &[Statement],
        possible: &HashSet<Aux>,
    ) -> HashSet<Aux> {
        let earlier = possible.iter().filter(|x| !self.recursive_aux(x));
        self.auxiliary_fixpoint(rule, statements, earlier.copied().collect(), true)
    }

    /// Whether auxiliary atom `x` of the suspect's rule is recursive (see [`EarlyAtoms`]).
    fn recursive_aux(&self, x: &Aux) -> bool {
        (self.suspect.early.as_ref()).is_none_or(|e| e.recursive_aux.contains(x))
    }

    /// The least set of auxiliary atoms containing `out` and those defined by a statement with
    /// an instance over them (with `early`: over atoms that may be there early).
    fn auxiliary_fixpoint(
        &self,
        rule: &ir::Rule,
        statements: &[Statement],
        mut out: HashSet<Aux>,
        early: bool,
    ) -> HashSet<Aux> {
        loop {
            let before = out.len();
            for (n, st) in statements.iter().enumerate() {
                if let Defines::Aux(x) = st.defines
                    && !out.contains(&x)
                    && !(early && x.late())
                    && self.instance(
                        rule,
                        st,
                        &negated_atoms(rule, statements, n),
                        None,
                        (&out, early),
                    )
                {
                    out.insert(x);
                    if let Aux::Prefix(j) = x
                        && !early
                    {
                        out.insert(Aux::Conjunction(j));
                    }
                }
            }
            if out.len() == before {
                return out;
            }
        }
    }

    /// Whether statement `st` of `rule` has an instance (with `suspect`: its literal at risk
    /// matched to an atom from outside the loop, and none of the alternatives given sure to
    /// hold): its auxiliary atoms are among `possible`, its positive atoms (those sure to be in
    /// it, and the one at risk) join with aspsat's atoms (with `early`: with those that may be
    /// there before the first completion).
    fn instance(
        &self,
        rule: &ir::Rule,
        st: &Statement,
        negated: &[&ir::Atom],
        suspect: Option<AtRisk>,
        (possible, early): (&HashSet<Aux>, bool),
    ) -> bool {
        let outside = suspect.as_ref().map(|s| s.slot);
        let later: &[usize] = suspect.as_ref().map_or(&[], |s| s.later);
        // A later literal that is not joined (an auxiliary atom, one that may not be there)
        // may be the new one: no atom of the others needs to be.
        let fresh_needed = !later.is_empty()
            && later
                .iter()
                .all(|&j| matches!(st.slots[j].0, Slot::Atom(_)) && !st.uncertain[j]);
        let mut atoms: Vec<(&ir::Atom, Role)> = Vec::new();
        for (i, ((slot, _), &uncertain)) in st.slots.iter().zip(&st.uncertain).enumerate() {
            let role = if outside == Some(i) {
                Role::AtRisk
            } else if fresh_needed && later.contains(&i) {
                Role::Later
            } else {
                Role::Other
            };
            match slot {
                Slot::Aux(x) if !uncertain && !possible.contains(x) => return false,
                Slot::Atom(a) if !uncertain || role == Role::AtRisk => atoms.push((a, role)),
                _ => {}
            }
        }
        // the literal at risk first: it has the fewest candidates
        atoms.sort_by_key(|&(_, role)| role != Role::AtRisk);
        let mut join = Join {
            search: self,
            binding: vec![None; rule.vars.len()],
            steps: 0,
            harmless: suspect.map(|s| s.harmless),
            negated,
            early,
            fresh_needed,
            fresh: 0,
        };
        join.extend(&atoms)
    }

    /// Whether the atom in row `row` of predicate `pred` is sure to come from outside the
    /// loop: an input fact or an atom grounded before (an atom an outside rule derives may be
    /// derived in the loop too).
    fn surely_outside_atom(&self, pred: ir::PredId, row: usize) -> bool {
        row < self.earlier[pred]
            || self
                .input
                .contains(&(pred, self.g.relations[pred].row_args(row)))
    }

    /// Whether the atom in row `row` of predicate `pred` may be there before the first
    /// completion of the suspect's component (see [`EarlyAtoms`]).
    fn is_early_atom(&self, pred: ir::PredId, row: usize) -> bool {
        let Some(early) = &self.suspect.early else {
            return true;
        };
        early.any[pred]
            || self.surely_outside_atom(pred, row)
            || early.outside[pred].iter().any(|&(i, head)| {
                let args = self.g.relations[pred].row_args(row);
                Unifier::atom_value(self.syms(), &self.rules[i].rule, head, args)
            })
    }

    /// Whether the atom in row `row` of predicate `pred` may come from outside the loop.
    fn is_outside_atom(&self, pred: ir::PredId, row: usize) -> bool {
        let args = self.g.relations[pred].row_args(row);
        // an anonymous variable's projection at risk stands for the literal it projects, whose
        // atoms from outside it does not keep apart: any of its atoms may be one
        self.suspect.projected
            || self.surely_outside_atom(pred, row)
            || self
                .suspect
                .outside
                .iter()
                .any(|&(i, head)| Unifier::atom_value(self.syms(), &self.rules[i].rule, head, args))
    }
}

/// What an atom of a statement is in the search for an instance clingo misses.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    /// The literal at risk: matched to atoms from outside the loop.
    AtRisk,
    /// A recursive literal after it: one of these is matched to an atom new in the loop.
    Later,
    Other,
}

/// The literal at risk of the suspect's statement (by its position), the recursive literals
/// after it that may be new before the first completion, and what makes an instance harmless.
struct AtRisk<'a> {
    slot: usize,
    later: &'a [usize],
    harmless: &'a Harmless<'a>,
}

/// What makes a missed instance of a suspect change nothing (see the module documentation).
struct Harmless<'r> {
    /// The alternatives of a conditional literal whose condition is missed: an instance under
    /// which one holds for sure.
    sure: Option<&'r [ir::Local<ir::Lit>]>,
    /// For an element of a conditional disjunction, [`Search::duplicated_by`]: an instance
    /// under which all atoms of one of these are facts from outside the loop.
    duplicates: Vec<Vec<&'r ir::Atom>>,
    /// The head of a rule with one head atom: an instance under which it is a fact from
    /// outside the loop derives nothing new.
    head: Option<&'r ir::Atom>,
    /// The atoms a choice without bounds chooses (not its counted elements): an instance
    /// under which they all are facts chooses nothing (see the module documentation).
    chosen: Vec<&'r ir::Atom>,
    /// [`Search::satisfying_elements`]: an instance under which one is a fact is satisfied.
    satisfying: Vec<&'r ir::Atom>,
}

impl Harmless<'_> {
    fn holds(&self, search: &Search, binding: &[Option<Sym>]) -> bool {
        self.sure.is_some_and(|alts| search.sure(alts, binding))
            || self
                .head
                .is_some_and(|a| search.fact_from_outside(a, binding))
            || (self.duplicates.iter())
                .any(|atoms| atoms.iter().all(|a| search.fact_from_outside(a, binding)))
            || (!self.chosen.is_empty())
                && (self.chosen.iter()).all(|a| search.fact_made_in(a, binding).is_some())
            || (self.satisfying.iter()).any(|a| search.fact_made_in(a, binding).is_some())
    }
}

/// A depth-first join of atoms against aspsat's atoms, binding the rule's variables.
struct Join<'s, 'a, 'r> {
    search: &'s Search<'a, 'r>,
    binding: Vec<Option<Sym>>,
    steps: usize,
    /// What makes an instance of the suspect harmless.
    harmless: Option<&'s Harmless<'s>>,
    /// Whether to match only atoms that may be there before the first completion.
    early: bool,
    /// The atoms of the statement's `not` literals: an instance under which one is an input
    /// fact does not count.
    negated: &'s [&'s ir::Atom],
    /// Whether one of the [`Role::Later`] atoms must be matched to an atom not surely from
    /// outside the loop, and how many are.
    fresh_needed: bool,
    fresh: usize,
}

impl Join<'_, '_, '_> {
    /// Whether the atoms (each with its role) join.
    fn extend(&mut self, atoms: &[(&ir::Atom, Role)]) -> bool {
        let Some((&(atom, role), rest)) = atoms.split_first() else {
            let binding = &self.binding;
            return (!self.fresh_needed || self.fresh > 0)
                && self.harmless.is_none_or(|h| !h.holds(self.search, binding))
                && !self
                    .negated
                    .iter()
                    .any(|a| self.search.surely_fact(a, binding));
        };
        let g = self.search.g;
        let relation = &g.relations[atom.pred];
        for row in 0..relation.len() {
            self.steps += 1;
            if self.steps > BUDGET {
                return true;
            }
            if role == Role::AtRisk && !self.search.is_outside_atom(atom.pred, row)
                || self.early && !self.search.is_early_atom(atom.pred, row)
            {
                continue;
            }
            let fresh = role == Role::Later && !self.search.surely_outside_atom(atom.pred, row);
            let saved = self.binding.clone();
            let args = relation.row_args(row);
            let matched = atom.args.len() == args.len()
                && atom.args.iter().zip(args).all(|(t, &v)| self.matches(t, v));
            self.fresh += usize::from(fresh);
            if matched && self.extend(rest) {
                return true;
            }
            self.fresh -= usize::from(fresh);
            self.binding = saved;
        }
        false
    }

    /// Matches term `t` against value `v`, binding its variables (arithmetic matches any
    /// value and binds nothing).
    fn matches(&mut self, t: &CTerm, v: Sym) -> bool {
        match t {
            CTerm::Sym(s) => *s == v,
            CTerm::Var(x) => match self.binding[*x] {
                Some(b) => b == v,
                None => {
                    self.binding[*x] = Some(v);
                    true
                }
            },
            CTerm::Fun {
                name,
                args,
                negative,
            } => match self.search.g.program.symbols.get(v) {
                SymData::Fun {
                    name: n2,
                    args: a2,
                    negative: g2,
                } if name == n2 && negative == g2 && args.len() == a2.len() => {
                    let a2 = a2.clone();
                    args.iter().zip(a2).all(|(t, v)| self.matches(t, v))
                }
                _ => false,
            },
            CTerm::Unary(..) | CTerm::Binary(..) => true,
        }
    }
}

/// The atoms of the `not` literals of statement `n` of `rule`: of the body for the rule proper
/// (the last statement), of the element's condition for an element of a conditional
/// disjunction, of the condition for the condition of a conditional literal.
fn negated_atoms<'x>(rule: &'x ir::Rule, statements: &[Statement], n: usize) -> Vec<&'x ir::Atom> {
    let negative = |l: &'x ir::Lit| match l {
        ir::Lit::Atom {
            sign: Sign::Not,
            atom,
            ..
        } => Some(atom),
        _ => None,
    };
    if n + 1 == statements.len() {
        return rule
            .body
            .iter()
            .filter_map(|b| match b {
                ir::Body::Lit(l) => negative(l),
                _ => None,
            })
            .collect();
    }
    let cond: Option<&'x ir::Condition> = match statements[n].defines {
        Defines::Aux(Aux::Condition(j)) => match &rule.body[j] {
            ir::Body::Conditional { cond, .. } => Some(cond),
            _ => None,
        },
        Defines::HeadsLate => {
            let k = statements[..n]
                .iter()
                .filter(|st| st.defines == Defines::HeadsLate)
                .count();
            gringo_rounds::disjunction_accumulations(rule)
                .get(k)
                .map(|&(cond, _)| cond)
        }
        _ => None,
    };
    cond.map_or(Vec::new(), |c| c.lits.iter().filter_map(negative).collect())
}

/// The value of term `t` under `binding`, where it is one already interned: None for an
/// unbound variable or arithmetic (or a value no atom has).
fn bound_value(syms: &SymbolTable, t: &CTerm, binding: &[Option<Sym>]) -> Option<Sym> {
    match t {
        CTerm::Sym(s) => Some(*s),
        CTerm::Var(x) => binding[*x],
        CTerm::Fun {
            name,
            args,
            negative,
        } => {
            let args = (args.iter())
                .map(|a| bound_value(syms, a, binding))
                .collect::<Option<Vec<Sym>>>()?;
            syms.lookup(&SymData::Fun {
                name: *name,
                args,
                negative: *negative,
            })
        }
        CTerm::Unary(..) | CTerm::Binary(..) => None,
    }
}

/// Whether the arguments of `atom` under `binding` equal `args`: None where that is not known.
fn known_args_equal(
    syms: &SymbolTable,
    atom: &ir::Atom,
    args: &[Sym],
    binding: &[Option<Sym>],
) -> Option<bool> {
    let mut all = Some(true);
    for (t, &v) in atom.args.iter().zip(args) {
        match known_equal(syms, t, v, binding) {
            Some(false) => return Some(false),
            None => all = None,
            Some(true) => {}
        }
    }
    all
}

/// Whether term `t` under `binding` equals value `v`: None where that is not known (an unbound
/// variable, arithmetic).
fn known_equal(syms: &SymbolTable, t: &CTerm, v: Sym, binding: &[Option<Sym>]) -> Option<bool> {
    match t {
        CTerm::Sym(s) => Some(*s == v),
        CTerm::Var(x) => binding[*x].map(|b| b == v),
        CTerm::Fun {
            name,
            args,
            negative,
        } => match syms.get(v) {
            SymData::Fun {
                name: n2,
                args: a2,
                negative: g2,
            } if name == n2 && negative == g2 && args.len() == a2.len() => {
                let mut all = Some(true);
                for (t, &v) in args.iter().zip(a2) {
                    match known_equal(syms, t, v, binding) {
                        Some(false) => return Some(false),
                        None => all = None,
                        Some(true) => {}
                    }
                }
                all
            }
            _ => Some(false),
        },
        CTerm::Unary(..) | CTerm::Binary(..) => None,
    }
}

/// The number of atoms of each predicate, before grounding starts.
pub(super) fn atom_counts(g: &Grounder) -> Vec<usize> {
    g.relations.iter().map(|r| r.len()).collect()
}
