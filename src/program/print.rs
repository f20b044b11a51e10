//! Readable text of a ground program (`aspsat ground`), in clingo's rule syntax.

use super::{AggFunc, BodyElem, ChoiceElem, CountGuard, GroundProgram, Head, Lit, Polarity};
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

    /// `aggregate` with its guards around it as clingo reads them: one guard on the right,
    /// two as `value op' aggregate op value` (a second right guard is not clingo syntax).
    fn guarded(&self, aggregate: String, guards: &[CountGuard]) -> String {
        match guards {
            [left, right] => format!(
                "{}{}{aggregate}{}",
                self.symbols.to_string(left.value),
                left.op.flip().as_str(),
                self.guard_text(right)
            ),
            _ => {
                let right: String = guards.iter().map(|g| self.guard_text(g)).collect();
                format!("{aggregate}{right}")
            }
        }
    }

    /// A choice or disjunction element `atom[:l1,...,ln]`.
    fn elem_text(&self, e: &ChoiceElem) -> String {
        let atom = self.symbols.to_string(self.atom_sym(e.atom));
        if e.cond.is_empty() {
            atom
        } else {
            format!("{atom}:{}", self.lits_text(&e.cond))
        }
    }

    /// The show directives as clingo prints them: `#show t:body.` for each shown term
    /// instance, then `#show name/arity.` for each signature; `#show.` when atoms are hidden
    /// and no signature says so.
    fn show_text(&self, out: &mut String) {
        for (term, lits) in &self.show.terms {
            let term = self.symbols.to_string(*term);
            if lits.is_empty() {
                let _ = writeln!(out, "#show {term}.");
            } else {
                let _ = writeln!(out, "#show {term}:{}.", self.lits_text(lits));
            }
        }
        let mut sigs: Vec<String> = self
            .show
            .signatures
            .iter()
            .map(|sig| {
                let sign = if sig.negative { "-" } else { "" };
                format!("{sign}{}/{}", self.symbols.name_str(sig.name), sig.arity)
            })
            .collect();
        sigs.sort();
        for sig in sigs {
            let _ = writeln!(out, "#show {sig}.");
        }
        if !self.show.show_all_atoms && self.show.signatures.is_empty() {
            let _ = writeln!(out, "#show.");
        }
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
                    let inner = format!("{func}{{{}}}", elems.join(";"));
                    format!("{prefix}{}", self.guarded(inner, &aggregate.guards))
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
        for (r, rule) in self.rules.iter().enumerate() {
            if self.shifted.get(r).copied().unwrap_or(false) {
                continue;
            }
            let head = match &rule.head {
                Head::None => String::new(),
                Head::Atom(a) => self.symbols.to_string(self.atom_sym(*a)),
                Head::Choice { elems, guards } => {
                    let elems = elems
                        .iter()
                        .map(|e| self.elem_text(e))
                        .collect::<Vec<_>>()
                        .join(";");
                    self.guarded(format!("{{{elems}}}"), guards)
                }
            };
            rule_line(&mut out, &head, &self.body_text(&rule.body));
        }
        for d in &self.disjunctions {
            let head = d
                .elems
                .iter()
                .map(|e| self.elem_text(e))
                .collect::<Vec<_>>()
                .join(";");
            // an empty disjunction is false: a constraint
            rule_line(&mut out, &head, &self.body_text(&d.body));
        }
        for e in &self.edges {
            let (u, v) = (self.symbols.to_string(e.from), self.symbols.to_string(e.to));
            let _ = match e.body.is_empty() {
                true => writeln!(out, "#edge({u},{v})."),
                false => writeln!(out, "#edge({u},{v}):{}.", self.lits_text(&e.body)),
            };
        }
        for &(a, value) in &self.externals {
            if self.is_fact(a) {
                continue;
            }
            let default = match value {
                super::ExternalValue::False => "",
                super::ExternalValue::True => "[true]",
                super::ExternalValue::Free => "[free]",
                super::ExternalValue::Release => "[release]",
            };
            let atom = self.symbols.to_string(self.atom_sym(a));
            let _ = writeln!(out, "#external {atom}.{default}");
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
        self.show_text(&mut out);
        out
    }
}

/// `head:-body.`, `head.` for an empty body, `:-body.` (`:-.` when both are empty, as clingo
/// writes a constraint that always fires) for an empty head.
fn rule_line(out: &mut String, head: &str, body: &str) {
    let _ = match (head.is_empty(), body.is_empty()) {
        (false, true) => writeln!(out, "{head}."),
        (true, _) => writeln!(out, ":-{body}."),
        (false, false) => writeln!(out, "{head}:-{body}."),
    };
}
