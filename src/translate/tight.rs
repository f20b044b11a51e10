//! Tightness: completion is exact only if no atom depends positively on itself through open
//! atoms. A program with such a cycle is reported with the cycle's atoms.

use crate::program::{AtomId, BodyElem, GroundProgram, Head, Lit, Polarity};

/// A positive cycle among open atoms: completion alone would admit unstable models.
#[derive(Debug)]
pub struct PositiveCycle {
    pub atoms: Vec<AtomId>,
}

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
                        for c in &inst.cond {
                            add(&heads, c);
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

pub fn check(program: &GroundProgram) -> Result<(), PositiveCycle> {
    let edges = positive_edges(program);
    for comp in crate::scc::tarjan(&edges) {
        let cyclic = comp.len() > 1 || edges[comp[0]].contains(&comp[0]);
        if cyclic {
            return Err(PositiveCycle {
                atoms: comp.into_iter().map(|a| AtomId(a as u32)).collect(),
            });
        }
    }
    Ok(())
}
