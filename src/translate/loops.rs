//! What non-tight programs need beyond completion.
//!
//! Completion is exact only outside of the cyclic components of the positive dependency graph.
//! For each atom of such a component, the translation records its supports (one per rule, and
//! one per element of a choice rule) as CNF values defined at translation time, together with the
//! atoms of the same component that the support depends on positively. From that record,
//! [`crate::solve::stability`] checks models for stability and derives loop nogoods (the level
//! ranking of [`super::ranking`] has its own dependency graph and supports).
//!
//! Positive dependencies through conditional body literals (`p :- q(X) : r(X)`) or aggregates
//! inside a cyclic component are reported by [`analyse`]: their supports are not conjunctions of
//! literals (and may not even be monotone), so the solver checks such models for stability with
//! the reduct check of [`crate::solve::minimality`].

use super::{Builder, Value, tight};
use crate::program::{AggFunc, AtomId, BodyElem, GroundProgram, Head, Lit, Polarity};

/// How non-tight programs are made exact (`--translation`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum TranslationKind {
    /// Completion, plus loop nogoods added lazily while solving (a stability check per model).
    #[default]
    Completion,
    /// Completion plus a level ranking of the atoms of each cyclic component: an eager CNF whose
    /// models are exactly the answer sets (for export).
    Ranking,
}

/// One way an atom of a cyclic component can be derived.
#[derive(Clone, Debug)]
pub struct LoopSupport {
    pub head: AtomId,
    /// The body (and element condition) as a CNF value; never `False`.
    pub value: Value,
    /// Atoms of the head's component that occur positively in the body (sorted, distinct).
    pub internal: Vec<AtomId>,
}

/// The cyclic components of a program and the supports of their atoms.
#[derive(Clone, Debug, Default)]
pub struct Loops {
    /// Each cyclic component's atoms.
    pub components: Vec<Vec<AtomId>>,
    /// `component[a]`: index of atom `a`'s cyclic component, or [`Loops::NONE`].
    pub component: Vec<u32>,
    pub supports: Vec<LoopSupport>,
    /// `supports_of[a]`: indices into `supports` of atom `a`'s supports.
    pub supports_of: Vec<Vec<u32>>,
}

impl Loops {
    pub const NONE: u32 = u32::MAX;

    pub fn is_tight(&self) -> bool {
        self.components.is_empty()
    }

    pub fn component_of(&self, a: AtomId) -> Option<usize> {
        match self.component[a.0 as usize] {
            Self::NONE => None,
            c => Some(c as usize),
        }
    }
}

/// A positive dependency through a conditional body literal or an aggregate inside a cyclic
/// component.
#[derive(Debug, Clone)]
pub struct ConditionalLoop {
    pub head: AtomId,
    pub through: Through,
    /// The atom of the conditional literal or aggregate element in the head's component.
    pub atom: AtomId,
}

#[derive(Debug, Clone)]
pub enum Through {
    /// An instance `lit : cond` of a conditional literal.
    Conditional { lit: Lit, cond: Vec<Lit> },
    /// An element condition of an aggregate.
    Aggregate { func: AggFunc, cond: Vec<Lit> },
}

/// The cyclic components, and the first positive dependency through a conditional literal or
/// an aggregate inside one (`None` when there is none): such supports are not conjunctions of
/// literals, so loop nogoods do not cover them.
pub(super) fn analyse(program: &GroundProgram) -> (Loops, Option<ConditionalLoop>) {
    let n = program.num_atoms();
    let edges = tight::positive_edges(program);
    let components = tight::cyclic_components(&edges);
    let mut component = vec![Loops::NONE; n];
    for (i, comp) in components.iter().enumerate() {
        for a in comp {
            component[a.0 as usize] = i as u32;
        }
    }
    let loops = Loops {
        components,
        component,
        supports: Vec::new(),
        supports_of: vec![Vec::new(); n],
    };
    let complex = complex_recursion(program, &loops);
    (loops, complex)
}

/// The first positive dependency of a rule's head on an atom of its own cyclic component
/// through a conditional literal or an aggregate.
fn complex_recursion(program: &GroundProgram, loops: &Loops) -> Option<ConditionalLoop> {
    let component = &loops.component;
    let same = |h: AtomId, a: AtomId| {
        component[h.0 as usize] != Loops::NONE && component[h.0 as usize] == component[a.0 as usize]
    };
    let open = |a: AtomId| program.is_derivable(a) && !program.is_fact(a);
    for rule in &program.rules {
        let heads: Vec<AtomId> = match &rule.head {
            Head::None => continue,
            Head::Atom(a) => vec![*a],
            Head::Choice { elems, .. } => elems.iter().map(|e| e.atom).collect(),
        };
        let positive_in_loop = |lits: &mut dyn Iterator<Item = &Lit>| {
            lits.filter(|l| l.polarity == Polarity::Pos).find_map(|l| {
                heads
                    .iter()
                    .find(|&&h| same(h, l.atom))
                    .map(|&h| (h, l.atom))
            })
        };
        for elem in &rule.body {
            let (found, through) = match elem {
                BodyElem::Lit(_) => continue,
                BodyElem::Conditional(instances) => {
                    let hit = instances.iter().find_map(|inst| {
                        // `cond → not a` and `cond → false` are negative (see `tight`)
                        let negative = inst.lit.polarity != Polarity::Pos || !open(inst.lit.atom);
                        let mut lits = std::iter::once(&inst.lit)
                            .chain(inst.cond.iter().filter(|_| !negative));
                        positive_in_loop(&mut lits).map(|found| (found, inst))
                    });
                    let Some((found, inst)) = hit else { continue };
                    let (lit, cond) = (inst.lit, inst.cond.clone());
                    (found, Through::Conditional { lit, cond })
                }
                BodyElem::Aggregate {
                    polarity: Polarity::Pos,
                    aggregate,
                } => {
                    let hit = aggregate
                        .elems
                        .iter()
                        .find_map(|e| positive_in_loop(&mut e.cond.iter()).map(|f| (f, e)));
                    let Some((found, e)) = hit else { continue };
                    let func = aggregate.func;
                    (
                        found,
                        Through::Aggregate {
                            func,
                            cond: e.cond.clone(),
                        },
                    )
                }
                BodyElem::Aggregate { .. } => continue,
            };
            let (head, atom) = found;
            return Some(ConditionalLoop {
                head,
                through,
                atom,
            });
        }
    }
    None
}

/// Records the supports of the atoms of cyclic components, defining their values in the CNF.
pub(super) fn record_supports(b: &mut Builder, loops: &mut Loops) {
    if loops.is_tight() {
        return;
    }
    let program = b.program;
    let in_comp = |loops: &Loops, a: AtomId| loops.component[a.0 as usize] != Loops::NONE;
    for rule in &program.rules {
        let cyclic_head = match &rule.head {
            Head::None => false,
            Head::Atom(a) => in_comp(loops, *a),
            Head::Choice { elems, .. } => elems.iter().any(|e| in_comp(loops, e.atom)),
        };
        if !cyclic_head {
            continue;
        }
        let Some(body) = b.body_parts(&rule.body) else {
            continue;
        };
        let positive = |lits: &mut dyn Iterator<Item = &Lit>| -> Vec<AtomId> {
            lits.filter(|l| l.polarity == Polarity::Pos)
                .map(|l| l.atom)
                .collect()
        };
        let body_pos = positive(&mut rule.body.iter().filter_map(|e| match e {
            BodyElem::Lit(l) => Some(l),
            BodyElem::Conditional(_) | BodyElem::Aggregate { .. } => None,
        }));
        let add = |b: &mut Builder, loops: &mut Loops, head: AtomId, cond: &[Lit]| {
            let parts: Vec<Value> = body
                .iter()
                .map(|&l| Value::Lit(l))
                .chain(cond.iter().map(|c| b.lit(*c)))
                .collect();
            let value = b.and(parts);
            if value == Value::False {
                return;
            }
            let comp = loops.component[head.0 as usize];
            let mut internal: Vec<AtomId> = body_pos
                .iter()
                .copied()
                .chain(positive(&mut cond.iter()))
                .filter(|a| loops.component[a.0 as usize] == comp)
                .collect();
            internal.sort_unstable();
            internal.dedup();
            loops.supports_of[head.0 as usize].push(loops.supports.len() as u32);
            loops.supports.push(LoopSupport {
                head,
                value,
                internal,
            });
        };
        match &rule.head {
            Head::None => {}
            Head::Atom(a) => add(b, loops, *a, &[]),
            Head::Choice { elems, .. } => {
                for e in elems {
                    if in_comp(loops, e.atom) {
                        add(b, loops, e.atom, &e.cond);
                    }
                }
            }
        }
    }
}
