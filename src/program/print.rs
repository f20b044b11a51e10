//! Readable text of a ground program (`aspsat ground`), in clingo's rule syntax.

use super::{AggFunc, BodyElem, CountGuard, GroundProgram, Head, Lit, Polarity};
use std::fmt::Write;

impl GroundProgram {
    pub fn lit_text(&self, l: Lit) -> String {
        let atom = self.symbols.to_string(self.atom_sym(l.atom));
        match l.polarity {
            Polarity::Pos => atom,
            Polarity::Not => format!("not {atom}"),
            Polarity::NotNot => format!("not not {atom}"),
        }
    }

    fn lits_text(&self, lits: &[Lit]) -> String {
        lits.iter()
            .map(|l| self.lit_text(*l))
            .collect::<Vec<_>>()
            .join(",")
    }

    fn guard_text(&self, g: &CountGuard) -> String {
        format!("{}{}", g.op.as_str(), self.symbols.to_string(g.value))
    }

    /// A rule body in clingo's syntax.
    fn body_text(&self, body: &[BodyElem]) -> String {
        body.iter()
            .map(|b| match b {
                BodyElem::Aggregate {
                    polarity,
                    aggregate,
                } => {
                    let prefix = match polarity {
                        Polarity::Pos => "",
                        Polarity::Not => "not ",
                        Polarity::NotNot => "not not ",
                    };
                    let func = match aggregate.func {
                        AggFunc::Count => "#count",
                        AggFunc::Sum => "#sum",
                        AggFunc::SumPlus => "#sum+",
                        AggFunc::Min => "#min",
                        AggFunc::Max => "#max",
                    };
                    let elems: Vec<String> = aggregate
                        .elems
                        .iter()
                        .map(|e| {
                            let tuple = self.symbols.to_string(e.tuple);
                            let terms = tuple
                                .strip_prefix('(')
                                .and_then(|t| t.strip_suffix(')'))
                                .map(|t| t.trim_end_matches(','))
                                .unwrap_or(&tuple)
                                .to_string();
                            if e.cond.is_empty() {
                                terms
                            } else {
                                format!("{terms}:{}", self.lits_text(&e.cond))
                            }
                        })
                        .collect();
                    let guards: String = aggregate
                        .guards
                        .iter()
                        .map(|g| self.guard_text(g))
                        .collect();
                    format!("{prefix}{func}{{{}}}{guards}", elems.join(";"))
                }
                BodyElem::Lit(l) => self.lit_text(*l),
                BodyElem::Conditional(instances) => instances
                    .iter()
                    .map(|i| {
                        if i.cond.is_empty() {
                            self.lit_text(i.lit)
                        } else {
                            format!("{}:{}", self.lit_text(i.lit), self.lits_text(&i.cond))
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(";"),
            })
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The whole program: facts first (in clingo's term order), then the rules.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let mut facts: Vec<_> = (0..self.num_atoms() as u32)
            .map(super::AtomId)
            .filter(|&a| self.is_fact(a))
            .map(|a| self.atom_sym(a))
            .collect();
        facts.sort_by(|a, b| self.symbols.compare(*a, *b));
        for f in facts {
            let _ = writeln!(out, "{}.", self.symbols.to_string(f));
        }
        for rule in &self.rules {
            let head = match &rule.head {
                Head::None => String::new(),
                Head::Atom(a) => self.symbols.to_string(self.atom_sym(*a)),
                Head::Choice { elems, guards } => {
                    let elems = elems
                        .iter()
                        .map(|e| {
                            let atom = self.symbols.to_string(self.atom_sym(e.atom));
                            if e.cond.is_empty() {
                                atom
                            } else {
                                format!("{atom}:{}", self.lits_text(&e.cond))
                            }
                        })
                        .collect::<Vec<_>>()
                        .join(";");
                    let guards: String = guards.iter().map(|g| self.guard_text(g)).collect();
                    format!("{{{elems}}}{guards}")
                }
            };
            let body = self.body_text(&rule.body);
            match (head.is_empty(), body.is_empty()) {
                (_, true) => {
                    let _ = writeln!(out, "{head}.");
                }
                (true, false) => {
                    let _ = writeln!(out, ":-{body}.");
                }
                (false, false) => {
                    let _ = writeln!(out, "{head}:-{body}.");
                }
            }
        }
        for e in &self.minimize {
            // the tuple is (weight, priority, terms...): print the terms after the first two
            let terms: String = match self.symbols.get(e.tuple) {
                crate::symbol::SymData::Fun { args, .. } => args
                    .iter()
                    .skip(2)
                    .map(|t| format!(",{}", self.symbols.to_string(*t)))
                    .collect(),
                _ => String::new(),
            };
            let _ = writeln!(
                out,
                ":~{}.[{}@{}{terms}]",
                self.body_text(&e.body),
                e.weight,
                e.priority
            );
        }
        out
    }
}
