//! Tightness: completion is exact only if no atom depends positively on itself through open
//! atoms. The positive dependency graph and its cyclic components.

use crate::program::{AtomId, BodyElem, GroundProgram, Head, Lit, Polarity};

pub fn positive_edges(program: &GroundProgram) -> Vec<Vec<usize>> {
    let n = program.num_atoms();
    let open = |a: AtomId| program.is_derivable(a) && !program.is_fact(a);
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut add = |heads: &[AtomId], l: &Lit| {
        if l.polarity == Polarity::Pos && open(l.atom) {
            for h in heads {
                edges[h.0 as usize].push(l.atom.0 as usize);
            }
        }
    };
    for rule in &program.rules {
        let heads: Vec<AtomId> = match &rule.head {
            Head::None => continue,
            Head::Atom(a) => vec![*a],
            Head::Choice { elems, .. } => {
                for e in elems {
                    for c in &e.cond {
                        add(&[e.atom], c);
                    }
                }
                elems.iter().map(|e| e.atom).collect()
            }
        };
        for elem in &rule.body {
            match elem {
                BodyElem::Lit(l) => add(&heads, l),
                BodyElem::Conditional(instances) => {
                    for inst in instances {
                        add(&heads, &inst.lit);
                        // `cond → not a` and `cond → false` are negative formulas: only the
                        // model decides them, the condition's atoms are no positive dependency
                        if inst.lit.polarity == Polarity::Pos && open(inst.lit.atom) {
                            for c in &inst.cond {
                                add(&heads, c);
                            }
                        }
                    }
                }
                BodyElem::Aggregate {
                    polarity: Polarity::Pos,
                    aggregate,
                } => {
                    for e in &aggregate.elems {
                        for c in &e.cond {
                            add(&heads, c);
                        }
                    }
                }
                BodyElem::Aggregate { .. } => {}
            }
        }
    }
    edges
}

/// The strongly connected components of the positive dependency graph that contain a cycle
/// (several atoms, or one atom depending on itself). Completion is exact outside of them.
pub fn cyclic_components(edges: &[Vec<usize>]) -> Vec<Vec<AtomId>> {
    crate::scc::tarjan(edges)
        .into_iter()
        .filter(|comp| comp.len() > 1 || edges[comp[0]].contains(&comp[0]))
        .map(|comp| comp.into_iter().map(|a| AtomId(a as u32)).collect())
        .collect()
}
