//! An independent check of every model against the ground program (`--check`, always on in
//! debug builds): all rules hold, and the model is stable — every true atom is founded by a rule
//! whose body holds and whose positive atoms are founded (the least model of the reduct).
//! It reads only the ground program and the atoms' truth values, not the translation, so a
//! translation bug cannot pass silently.

use crate::program::aggregate::{self, AggValue};
use crate::program::{AtomId, BodyElem, GroundProgram, Head, Lit, Polarity};
use crate::symbol::Sym;

fn lit_holds(l: Lit, m: &[bool]) -> bool {
    l.holds(m[l.atom.0 as usize])
}

fn all(lits: &[Lit], m: &[bool]) -> bool {
    lits.iter().all(|l| lit_holds(*l, m))
}

fn aggregate_holds(program: &GroundProgram, agg: &crate::program::Aggregate, m: &[bool]) -> bool {
    let weights: Vec<Sym> = aggregate::tuples(agg)
        .into_iter()
        .filter(|t| t.conds.iter().any(|c| all(c, m)))
        .map(|t| t.weight)
        .collect();
    let value: AggValue = aggregate::value_of(agg.func, &weights, &program.symbols);
    agg.guards
        .iter()
        .all(|g| aggregate::guard_holds(value, g, &program.symbols))
}

fn body_holds(program: &GroundProgram, body: &[BodyElem], m: &[bool]) -> bool {
    body.iter().all(|e| match e {
        BodyElem::Lit(l) => lit_holds(*l, m),
        BodyElem::Conditional(instances) => instances
            .iter()
            .all(|i| !all(&i.cond, m) || lit_holds(i.lit, m)),
        BodyElem::Aggregate {
            polarity,
            aggregate,
        } => aggregate_holds(program, aggregate, m) != (*polarity == Polarity::Not),
    })
}

/// Positive atoms a body depends on in the model (for foundedness).
fn positive_atoms(body: &[BodyElem], m: &[bool], out: &mut Vec<AtomId>) {
    for e in body {
        match e {
            BodyElem::Lit(l) if l.polarity == Polarity::Pos => out.push(l.atom),
            BodyElem::Lit(_) => {}
            BodyElem::Conditional(instances) => {
                for i in instances.iter().filter(|i| all(&i.cond, m)) {
                    if i.lit.polarity == Polarity::Pos {
                        out.push(i.lit.atom);
                    }
                }
            }
            BodyElem::Aggregate {
                polarity: Polarity::Pos,
                aggregate,
            } => {
                for el in &aggregate.elems {
                    if all(&el.cond, m) {
                        out.extend(
                            el.cond
                                .iter()
                                .filter(|l| l.polarity == Polarity::Pos)
                                .map(|l| l.atom),
                        );
                    }
                }
            }
            BodyElem::Aggregate { .. } => {}
        }
    }
}

/// `model[a]` is the truth value of atom `a`. Returns a description of the first violation.
pub fn check_model(program: &GroundProgram, model: &[bool]) -> Result<(), String> {
    let name = |a: AtomId| program.symbols.to_string(program.atom_sym(a));
    let n = program.num_atoms();
    for (a, &value) in model.iter().enumerate().take(n) {
        let id = AtomId(a as u32);
        if program.is_fact(id) && !value {
            return Err(format!("fact {} is false", name(id)));
        }
        if !program.is_derivable(id) && value {
            return Err(format!("{} is true but no rule can derive it", name(id)));
        }
    }
    // supports[a]: (positive atoms of a support whose body holds)
    let mut supports: Vec<Vec<Vec<AtomId>>> = vec![Vec::new(); n];
    for rule in &program.rules {
        let holds = body_holds(program, &rule.body, model);
        match &rule.head {
            Head::None => {
                if holds {
                    return Err(format!(
                        "an integrity constraint is violated: {}",
                        rule_text(program, rule)
                    ));
                }
            }
            Head::Atom(a) => {
                if holds {
                    if !model[a.0 as usize] {
                        return Err(format!("a rule's body holds but {} is false", name(*a)));
                    }
                    let mut pos = Vec::new();
                    positive_atoms(&rule.body, model, &mut pos);
                    supports[a.0 as usize].push(pos);
                }
            }
            Head::Choice { elems, guards } => {
                if !holds {
                    continue;
                }
                let mut chosen: Vec<AtomId> = Vec::new();
                for e in elems {
                    if model[e.atom.0 as usize] && all(&e.cond, model) {
                        chosen.push(e.atom);
                        let mut pos = Vec::new();
                        positive_atoms(&rule.body, model, &mut pos);
                        pos.extend(
                            e.cond
                                .iter()
                                .filter(|l| l.polarity == Polarity::Pos)
                                .map(|l| l.atom),
                        );
                        supports[e.atom.0 as usize].push(pos);
                    }
                }
                chosen.sort();
                chosen.dedup();
                let count = AggValue::Int(chosen.len() as i64);
                if !guards
                    .iter()
                    .all(|g| aggregate::guard_holds(count, g, &program.symbols))
                {
                    return Err(format!(
                        "a choice rule's bounds are violated: {}",
                        rule_text(program, rule)
                    ));
                }
            }
        }
    }
    // Disjunctive programs: an answer set is a minimal model of its reduct.
    if !program.disjunctions.is_empty()
        && crate::translate::minimality_unsupported(program).is_none()
    {
        return if super::minimality::smaller_model_exists(program, model) {
            Err("the model is not stable: a proper subset satisfies the reduct".to_string())
        } else {
            Ok(())
        };
    }
    if let Some(a) = first_unfounded(program, model, &supports) {
        return Err(format!(
            "the model is not stable: {} is unfounded",
            name(AtomId(a as u32))
        ));
    }
    Ok(())
}

/// The first true atom that is not founded: the least fixpoint of foundedness from the facts,
/// where `supports[a]` lists the positive atoms of each support of `a` whose body holds, with a
/// counter of unfounded atoms per support.
fn first_unfounded(
    program: &GroundProgram,
    model: &[bool],
    supports: &[Vec<Vec<AtomId>>],
) -> Option<usize> {
    let n = program.num_atoms();
    let mut founded: Vec<bool> = (0..n).map(|a| program.is_fact(AtomId(a as u32))).collect();
    let mut waiting: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    let mut missing: Vec<Vec<usize>> = supports.iter().map(|ss| vec![0; ss.len()]).collect();
    let mut queue: Vec<usize> = Vec::new();
    for a in 0..n {
        if founded[a] || !model[a] {
            continue;
        }
        for (k, s) in supports[a].iter().enumerate() {
            let mut atoms: Vec<usize> = s
                .iter()
                .map(|b| b.0 as usize)
                .filter(|&b| !founded[b])
                .collect();
            atoms.sort_unstable();
            atoms.dedup();
            missing[a][k] = atoms.len();
            for b in atoms {
                waiting[b].push((a, k));
            }
            if missing[a][k] == 0 && !founded[a] {
                founded[a] = true;
                queue.push(a);
            }
        }
    }
    while let Some(b) = queue.pop() {
        for &(a, k) in &waiting[b] {
            missing[a][k] -= 1;
            if missing[a][k] == 0 && !founded[a] {
                founded[a] = true;
                queue.push(a);
            }
        }
    }
    (0..n).find(|&a| model[a] && !founded[a])
}

fn rule_text(program: &GroundProgram, rule: &crate::program::Rule) -> String {
    let lits: Vec<String> = rule
        .body
        .iter()
        .map(|e| match e {
            BodyElem::Lit(l) => program.lit_text(*l),
            BodyElem::Conditional(_) => "<conditional literal>".to_string(),
            BodyElem::Aggregate { .. } => "<aggregate>".to_string(),
        })
        .collect();
    format!(":- {}", lits.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn program(text: &str) -> GroundProgram {
        let statements = crate::syntax::parse(text, "<test>".into()).unwrap();
        crate::ground::ground(&statements, &Default::default())
            .unwrap()
            .program
    }

    fn values(p: &mut GroundProgram, true_atoms: &[&str]) -> Vec<bool> {
        let mut v = vec![false; p.num_atoms()];
        for name in true_atoms {
            let sym = p.symbols.constant(name);
            v[p.lookup_atom(sym).expect("atom exists").0 as usize] = true;
        }
        v
    }

    #[test]
    fn rejects_unfounded_and_violating_models() {
        let mut p = program("{ b }. a :- b. c :- c, b. c :- not b, e. { e }. :- d. { d }.");
        let ok = values(&mut p, &["a", "b"]);
        assert_eq!(check_model(&p, &ok), Ok(()));
        // a without b is unsupported; c only supports itself (unfounded loop)
        let unfounded = values(&mut p, &["a"]);
        assert!(check_model(&p, &unfounded).is_err());
        let self_supported = values(&mut p, &["a", "b", "c"]);
        assert!(
            check_model(&p, &self_supported)
                .unwrap_err()
                .contains("unfounded")
        );
        let violating = values(&mut p, &["d"]);
        assert!(
            check_model(&p, &violating)
                .unwrap_err()
                .contains("constraint")
        );
        // a rule whose body holds must have a true head
        let missing_head = values(&mut p, &["b"]);
        assert!(check_model(&p, &missing_head).is_err());
    }
}
