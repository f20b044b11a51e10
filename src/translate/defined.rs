//! Atoms that need no variable of their own.
//!
//! Outside the cyclic components, completion makes an atom equivalent to the disjunction of its
//! rules' bodies. When every rule of an atom is a normal rule, that formula can stand for the
//! atom directly: the atom's value is the disjunction (a body of one literal is that literal,
//! one body is its conjunction's variable, shared with every other use of the same body), and
//! no completion clauses are written for it. This merges equivalent atoms (`a :- b.` gives `a`
//! the variable of `b`; two atoms with the same bodies get the same variable) without changing
//! the models restricted to the atoms: each atom keeps exactly the value completion gave it.
//!
//! The formulas refer to the values of the atoms in the bodies, so an atom is defined after the
//! atoms its bodies mention; atoms that depend on each other (through negation: `a :- not b.
//! b :- not a.`) keep variables of their own and their completion. Atoms of cyclic components,
//! externals, choice and disjunction heads are never defined this way: the stability check,
//! the solver's assumptions and the enumeration walk need them as variables.

use super::loops::Loops;
use crate::program::{AtomId, GroundProgram, Head};

/// The atoms defined by their bodies, in an order where the atoms a body mentions come first,
/// each with the indices of its rules.
pub(super) fn definitions(program: &GroundProgram, loops: &Loops) -> Vec<(AtomId, Vec<usize>)> {
    let n = program.num_atoms();
    let mut candidate: Vec<bool> = (0..n)
        .map(|i| {
            let a = AtomId(i as u32);
            program.is_derivable(a)
                && !program.is_fact(a)
                && !program.is_external(a)
                && loops.component[i] == Loops::NONE
        })
        .collect();
    let mut rules_of: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (r, rule) in program.rules.iter().enumerate() {
        match &rule.head {
            Head::None => {}
            Head::Atom(a) => rules_of[a.0 as usize].push(r),
            Head::Choice { elems, .. } => elems
                .iter()
                .for_each(|e| candidate[e.atom.0 as usize] = false),
        }
    }
    for d in &program.disjunctions {
        for a in d.mentioned_atoms() {
            candidate[a.0 as usize] = false;
        }
    }
    for (i, c) in candidate.iter_mut().enumerate() {
        *c &= !rules_of[i].is_empty();
    }
    // Which defined atoms each definition refers to, over the candidates only (numbered
    // 0..m: programs of many facts have few of them).
    let atoms: Vec<usize> = (0..n).filter(|&i| candidate[i]).collect();
    let mut index = vec![usize::MAX; n];
    for (k, &i) in atoms.iter().enumerate() {
        index[i] = k;
    }
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); atoms.len()];
    for (k, &i) in atoms.iter().enumerate() {
        let out = &mut edges[k];
        for &r in &rules_of[i] {
            for a in program.rules[r]
                .body
                .iter()
                .flat_map(|b| b.lits())
                .map(|l| l.atom)
            {
                if index[a.0 as usize] != usize::MAX {
                    out.push(index[a.0 as usize]);
                }
            }
        }
        out.sort_unstable();
        out.dedup();
    }
    let mut order = Vec::new();
    for comp in crate::scc::tarjan(&edges) {
        // atoms defined through each other keep their variables
        if comp.len() > 1 || edges[comp[0]].contains(&comp[0]) {
            continue;
        }
        let i = atoms[comp[0]];
        order.push((AtomId(i as u32), std::mem::take(&mut rules_of[i])));
    }
    order
}

#[cfg(test)]
mod tests {
    use crate::translate::{TranslationKind, Value};

    fn compiled(text: &str) -> crate::Compiled {
        let statements = crate::syntax::parse(text, "<test>".into()).unwrap();
        let options = crate::CompileOptions {
            translation: TranslationKind::Completion,
            ..Default::default()
        };
        crate::compile(&statements, &options).unwrap()
    }

    fn value(c: &crate::Compiled, name: &str) -> Value {
        let p = &c.program;
        let a = (0..p.num_atoms() as u32)
            .map(crate::program::AtomId)
            .find(|&a| p.symbols.to_string(p.atom_sym(a)) == name)
            .unwrap();
        c.translation.atoms[a.0 as usize]
    }

    #[test]
    fn an_atom_with_one_single_literal_body_shares_its_variable() {
        // (a shown atom defined as a negative literal would get a variable of its own)
        let c = compiled("{ b }.\na :- b.\nd :- a.\ne :- not b.\n#show d/0.\n");
        let b = value(&c, "b");
        assert_eq!(value(&c, "a"), b);
        assert_eq!(value(&c, "d"), b);
        assert_eq!(value(&c, "e"), b.negate());
        assert_eq!(c.translation.cnf.num_vars(), 1);
        assert_eq!(c.translation.cnf.num_clauses(), 0);
    }

    #[test]
    fn atoms_with_equal_bodies_share_one_variable() {
        let c = compiled("{ p; q; r }.\na :- p, q.\na :- r.\nb :- q, p.\nb :- r.\n");
        assert_eq!(value(&c, "a"), value(&c, "b"));
        // p, q, r, the body p,q and the disjunction
        assert_eq!(c.translation.cnf.num_vars(), 5);
    }

    #[test]
    fn atoms_defined_through_each_other_keep_their_variables() {
        let c = compiled("a :- not b.\nb :- not a.\n");
        let (Value::Lit(a), Value::Lit(b)) = (value(&c, "a"), value(&c, "b")) else {
            panic!("a and b are open");
        };
        assert_ne!(a.abs(), b.abs());
        // a positive loop is left to completion and the stability check
        let c = compiled("{ s }.\np :- q.\nq :- p.\np :- s.\n");
        assert_ne!(value(&c, "p"), value(&c, "s"));
        assert!(c.translation.stability.needs_check());
    }
}
