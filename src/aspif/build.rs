//! aspif statements → the ground program every translation reads, so that completion, loop
//! handling, the reduct check, the pseudo-Boolean encodings and optimization apply unchanged:
//!
//! - an atom is named by its output text when one output statement shows exactly that atom
//!   (`4 4 p(1) 1 3`), else it is the hidden auxiliary `#aspif(N)`;
//! - a disjunctive head with several atoms is a [`Disjunction`] shifted into normal rules, as
//!   the grounder does with `a ; b :- body.`;
//! - a weight body `l <= w1*l1 + ..` is a `#sum` whose elements are distinct (aspif weights
//!   add up like a multiset, clingo's `#sum` counts equal tuples once);
//! - minimize literals are cost elements with distinct tuples, for the same reason, and every
//!   minimize statement makes a level (with an element of cost 0);
//! - output statements are `#show text : cond.` terms (nothing else is shown);
//! - an assumption `l` is the constraint `:- not l.`;
//! - an external atom that stays external ([`super::externals`] decides which) is open: a
//!   rule with it in the head requires it rather than defining it;
//! - edges keep their node numbers as terms.

use super::reader::{Body, Directive, Located};
use crate::program::{
    AggElem, AggFunc, Aggregate, AtomId, BodyElem, ChoiceElem, CostElem, CountGuard, Disjunction,
    Edge, ExternalValue, GroundProgram, Head, Lit, Rule, ShowSpec,
};
use crate::symbol::{Sym, SymbolTable};
use crate::syntax::ast::{CmpOp, Span};
use std::collections::{HashMap, HashSet};

/// The ground program of a list of aspif statements (simplified, ready to translate).
pub fn ground_program(statements: &[Located]) -> GroundProgram {
    let mut b = Builder {
        program: GroundProgram::new(SymbolTable::new()),
        open: super::externals::open_externals(statements),
        atoms: HashMap::new(),
        names: HashMap::new(),
        elements: 0,
    };
    b.name_shown_atoms(statements);
    b.program.show = ShowSpec {
        show_all_atoms: false,
        ..Default::default()
    };
    for st in statements {
        b.statement(&st.directive, &st.span);
    }
    b.externals(statements);
    let mut program = b.program;
    crate::program::simplify(&mut program);
    program
}

struct Builder {
    program: GroundProgram,
    /// The external atoms that stay external, with their values.
    open: HashMap<u32, ExternalValue>,
    atoms: HashMap<u32, AtomId>,
    /// The symbol naming each atom shown by an output statement of its own.
    names: HashMap<u32, Sym>,
    /// Weighted literals so far: the distinct part of their tuples.
    elements: i32,
}

impl Builder {
    /// Names the atoms that an output statement shows alone (`4 m text 1 atom`), when neither
    /// the text nor the atom is shown otherwise and the text is a term no other atom has.
    fn name_shown_atoms(&mut self, statements: &[Located]) {
        let mut texts: HashMap<&str, usize> = HashMap::new();
        let mut candidates: HashMap<u32, Vec<&str>> = HashMap::new();
        for st in statements {
            if let Directive::Output { text, cond } = &st.directive {
                *texts.entry(text).or_default() += 1;
                if let [l] = cond[..]
                    && l > 0
                {
                    candidates.entry(l as u32).or_default().push(text);
                }
            }
        }
        let mut used = HashSet::new();
        let mut named: Vec<(u32, &str)> = candidates
            .into_iter()
            .filter_map(|(a, t)| match t[..] {
                [text] if texts[text] == 1 => Some((a, text)),
                _ => None,
            })
            .collect();
        named.sort_unstable();
        for (a, text) in named {
            let sym = super::symbol_text::symbol_of_text(text, &mut self.program.symbols);
            if used.insert(sym) {
                self.names.insert(a, sym);
            }
        }
    }

    fn atom(&mut self, n: u32) -> AtomId {
        if let Some(&a) = self.atoms.get(&n) {
            return a;
        }
        let sym = match self.names.get(&n) {
            Some(&sym) => sym,
            None => {
                let syms = &mut self.program.symbols;
                let name = syms.name("#aspif");
                let num = syms.num(n as i32);
                syms.function(name, vec![num], false)
            }
        };
        let a = self.program.atom(sym);
        self.atoms.insert(n, a);
        a
    }

    fn lit(&mut self, l: i32) -> Lit {
        if l > 0 {
            Lit::pos(self.atom(l as u32))
        } else {
            Lit::not(self.atom(l.unsigned_abs()))
        }
    }

    fn lits(&mut self, lits: &[i32]) -> Vec<Lit> {
        lits.iter().map(|&l| self.lit(l)).collect()
    }

    /// A tuple no other weighted literal has: `(weight, k)`.
    fn distinct_tuple(&mut self, weight: i32) -> Sym {
        self.elements += 1;
        let syms = &mut self.program.symbols;
        let w = syms.num(weight);
        let k = syms.num(self.elements);
        syms.tuple(vec![w, k])
    }

    fn push_rule(&mut self, rule: Rule, shifted: bool) {
        self.program.rules.push(rule);
        self.program.shifted.push(shifted);
    }

    fn statement(&mut self, directive: &Directive, span: &Span) {
        match directive {
            Directive::Rule { choice, head, body } => {
                let mut body = self.body(body);
                // an atom that stays external is open: a rule for it only requires it (a
                // choice of it allows nothing more)
                let (open, head): (Vec<u32>, Vec<u32>) =
                    head.iter().partition(|a| self.open.contains_key(a));
                if !*choice {
                    for a in open {
                        let a = self.atom(a);
                        body.push(BodyElem::Lit(Lit::not(a)));
                    }
                }
                let mut head: Vec<AtomId> = head.iter().map(|&a| self.atom(a)).collect();
                head.sort();
                head.dedup();
                self.rule(*choice, head, body, span);
            }
            Directive::Minimize { priority, lits } => {
                // clingo's solver has a level for every minimize statement, even one whose
                // literals are all false (or none): an element of cost 0 that always holds
                // keeps the level (the translation drops levels without elements)
                let tuple = self.distinct_tuple(0);
                self.program.minimize.push(CostElem {
                    weight: 0,
                    priority: i64::from(*priority),
                    tuple,
                    body: Vec::new(),
                });
                for &(l, w) in lits {
                    let tuple = self.distinct_tuple(w);
                    let lit = self.lit(l);
                    self.program.minimize.push(CostElem {
                        weight: i64::from(w),
                        priority: i64::from(*priority),
                        tuple,
                        body: vec![BodyElem::Lit(lit)],
                    });
                }
            }
            Directive::Project(atoms) => {
                for &a in atoms {
                    let a = self.atom(a);
                    self.program.project_atoms.insert(a);
                }
            }
            Directive::Output { text, cond } => {
                let sym = super::symbol_text::symbol_of_text(text, &mut self.program.symbols);
                let cond = self.lits(cond);
                self.program.show.terms.push((sym, cond));
            }
            // after the rules, see `externals`
            Directive::External { .. } => {}
            Directive::Assume(lits) => {
                for &l in lits {
                    let violated = self.lit(-l);
                    self.push_rule(
                        Rule {
                            head: Head::None,
                            body: vec![BodyElem::Lit(violated)],
                        },
                        false,
                    );
                }
            }
            Directive::Heuristic => {}
            Directive::Edge { from, to, cond } => {
                let from = self.program.symbols.num(*from);
                let to = self.program.symbols.num(*to);
                let body = self.lits(cond);
                self.program.edges.push(Edge { from, to, body });
            }
        }
    }

    /// The external atoms that stay external ([`super::externals`]), in the order of their
    /// first external statement.
    fn externals(&mut self, statements: &[Located]) {
        let mut seen = HashSet::new();
        for st in statements {
            if let Directive::External { atom, .. } = st.directive
                && let Some(&value) = self.open.get(&atom)
                && seen.insert(atom)
            {
                let a = self.atom(atom);
                self.program.add_external(a, value);
            }
        }
    }

    fn body(&mut self, body: &Body) -> Vec<BodyElem> {
        match body {
            Body::Normal(lits) => lits.iter().map(|&l| BodyElem::Lit(self.lit(l))).collect(),
            Body::Sum { bound, lits } => {
                // weights are >= 0: a bound of at most 0 always holds
                if *bound <= 0 {
                    return Vec::new();
                }
                let mut elems = Vec::new();
                for &(l, w) in lits {
                    if w == 0 {
                        continue;
                    }
                    let tuple = self.distinct_tuple(w);
                    let weight = self.program.symbols.num(w);
                    let cond = vec![self.lit(l)];
                    elems.push(AggElem {
                        tuple,
                        weight,
                        cond,
                    });
                }
                let value = self.program.symbols.num(*bound);
                vec![BodyElem::Aggregate {
                    polarity: crate::program::Polarity::Pos,
                    aggregate: Box::new(Aggregate {
                        func: AggFunc::Sum,
                        elems,
                        guards: vec![CountGuard {
                            op: CmpOp::Ge,
                            value,
                        }],
                    }),
                }]
            }
        }
    }

    fn rule(&mut self, choice: bool, head: Vec<AtomId>, body: Vec<BodyElem>, span: &Span) {
        let head = match (choice, &head[..]) {
            // a choice among nothing allows nothing and requires nothing
            (true, []) => return,
            (true, _) => Head::Choice {
                elems: head
                    .into_iter()
                    .map(|atom| ChoiceElem {
                        atom,
                        cond: Vec::new(),
                    })
                    .collect(),
                guards: Vec::new(),
            },
            (false, []) => Head::None,
            (false, [a]) => Head::Atom(*a),
            (false, _) => return self.disjunction(head, body, span),
        };
        self.push_rule(Rule { head, body }, false);
    }

    /// `a1 ; .. ; an :- body.` shifted into `ai :- body, not aj (j != i).`, with the
    /// disjunction recorded for the head-cycle check and the minimality check (as the grounder
    /// does for a text program).
    fn disjunction(&mut self, atoms: Vec<AtomId>, body: Vec<BodyElem>, span: &Span) {
        for &m in &atoms {
            let mut rule_body = body.clone();
            rule_body.extend(
                atoms
                    .iter()
                    .filter(|&&o| o != m)
                    .map(|&o| BodyElem::Lit(Lit::not(o))),
            );
            self.push_rule(
                Rule {
                    head: Head::Atom(m),
                    body: rule_body,
                },
                true,
            );
        }
        self.program.disjunctions.push(Disjunction {
            elems: atoms
                .iter()
                .map(|&atom| ChoiceElem {
                    atom,
                    cond: Vec::new(),
                })
                .collect(),
            members: atoms,
            body,
            span: span.clone(),
            // (aspif input keeps its own order: `aspif::externals`)
            written_last: false,
            through_auxiliary: false,
            in_rule: Vec::new(),
        });
    }
}
