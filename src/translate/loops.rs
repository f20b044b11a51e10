//! What non-tight programs need beyond completion.
//!
//! Completion is exact only outside of the cyclic components of the positive dependency graph.
//! For each atom of such a component, the translation records its supports (one per rule, and
//! one per element of a choice rule) as CNF values defined at translation time, together with the
//! atoms of the same component that the support depends on positively. From that record,
//! [`crate::solve::stability`] checks models for stability and derives loop nogoods, and
//! [`super::ranking`] encodes well-founded support by level ranking.
//!
//! Positive dependencies through conditional body literals (`p :- q(X) : r(X)`) inside a cyclic
//! component are rejected: their supports are not conjunctions of literals.

use super::{Builder, Value, tight};
use crate::program::{AtomId, BodyElem, GroundProgram, Head, Lit, Polarity};

/// How non-tight programs are made exact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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

/// A positive dependency through a conditional body literal inside a cyclic component.
#[derive(Debug, Clone)]
pub struct ConditionalLoop {
    pub head: AtomId,
    /// The conditional literal's instance (`lit` and its condition).
    pub lit: Lit,
    pub cond: Vec<Lit>,
    /// The atom of the instance in the head's component.
    pub atom: AtomId,
}

impl ConditionalLoop {
    pub fn message(&self, program: &GroundProgram) -> String {
        let name = |a: AtomId| program.symbols.to_string(program.atom_sym(a));
        let mut element = program.lit_text(self.lit);
        if !self.cond.is_empty() {
            let cond: Vec<String> = self.cond.iter().map(|c| program.lit_text(*c)).collect();
            element = format!("{element}:{}", cond.join(","));
        }
        format!(
            "positive recursion through a conditional literal is not supported: a rule for '{}' \
             has the conditional literal '{element}', whose atom '{}' depends positively on '{}'",
            name(self.head),
            name(self.atom),
            name(self.head)
        )
    }
}

/// The cyclic components; fails on a conditional literal inside one.
pub(super) fn analyse(program: &GroundProgram) -> Result<Loops, ConditionalLoop> {
    let n = program.num_atoms();
    let edges = tight::positive_edges(program);
    let components = tight::cyclic_components(&edges);
    let mut component = vec![Loops::NONE; n];
    for (i, comp) in components.iter().enumerate() {
        for a in comp {
            component[a.0 as usize] = i as u32;
        }
    }
    let same = |h: AtomId, a: AtomId| {
        component[h.0 as usize] != Loops::NONE && component[h.0 as usize] == component[a.0 as usize]
    };
    for rule in &program.rules {
        let heads: Vec<AtomId> = match &rule.head {
            Head::None => continue,
            Head::Atom(a) => vec![*a],
            Head::Choice { elems, .. } => elems.iter().map(|e| e.atom).collect(),
        };
        for elem in &rule.body {
            let instances = match elem {
                BodyElem::Lit(_) => continue,
                BodyElem::Conditional(instances) => instances,
            };
            for inst in instances {
                for l in std::iter::once(&inst.lit).chain(&inst.cond) {
                    if l.polarity != Polarity::Pos {
                        continue;
                    }
                    if let Some(&h) = heads.iter().find(|&&h| same(h, l.atom)) {
                        return Err(ConditionalLoop {
                            head: h,
                            lit: inst.lit,
                            cond: inst.cond.clone(),
                            atom: l.atom,
                        });
                    }
                }
            }
        }
    }
    Ok(Loops {
        components,
        component,
        supports: Vec::new(),
        supports_of: vec![Vec::new(); n],
    })
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
            BodyElem::Conditional(_) => None,
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
