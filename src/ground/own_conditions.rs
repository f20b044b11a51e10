//! Programs where clingo's grounder (5.8.3) misses instances of recursive rules, refused
//! (clingo issue #495, "wrong grounding involving recursive conditional literals": open,
//! postponed by its maintainer to the next major version). Why and when gringo misses them is
//! modelled once, in [`super::gringo_rounds`]: a predicate `D` only completions of priority 1
//! define in its component keeps its atoms from outside "new" until the first completion, and
//! a statement matching `D` before a recursive literal that is new in those rounds misses them.
//!
//! The check, per positive component of rules (a rule uses a predicate the other defines;
//! literals and heads depend on each other when their terms may unify, see [`Unifier`]). A
//! literal is at risk when it may unify with a head of a conditional disjunction of its
//! component, no rule of the component defines its predicate in rounds of priority 0 (an atom,
//! a disjunction without conditions, a choice) and a rule outside the component (a fact, say)
//! may give it atoms. A statement of a rule of the component (see
//! [`gringo_rounds::statements`]) is a [`Suspect`] when it may fire before the first
//! completion with a literal at risk followed by a recursive literal that may get new atoms
//! then: an atom another rule of the component derives then (see [`Early`]), or an auxiliary
//! atom defined then. The program is refused only if, once grounded, a suspect has an instance
//! clingo may miss ([`super::missed_instances`]).
//!
//! Where every atom of the component has plain terms (no arithmetic, no interval or anonymous
//! variable), these components are gringo's and the check is as above. Elsewhere [`Unifier`]
//! may join rules gringo keeps apart, so the check takes the worst case: a literal is at risk
//! when it may unify with the head of a conditional disjunction of its component and with the
//! heads of two rules at least (with that one only, all its atoms come from the loop),
//! anything derivable may be there early and be derived early by any rule of the component
//! but a conditional disjunction. Where the order of a body is unknown (arithmetic in an atom,
//! an equation with arithmetic on its left), any two of its literals may come in either order.

use super::facts::InputFacts;
use super::gringo_rounds::{self, Aux, Defines, Slot, Statement, conditional_disjunction};
use super::ir::{self, PredId};
use super::plan::Planned;
use super::state::Grounder;
use super::term::{CTerm, VarId};
use crate::symbol::{Sym, SymData, SymbolTable};
use crate::syntax::Diagnostic;
use std::collections::HashMap;

/// The atoms a rule defines.
pub(super) fn heads(rule: &ir::Rule) -> Vec<&ir::Atom> {
    match &rule.head {
        ir::Head::Atom(a) | ir::Head::External { atom: a, .. } => vec![a],
        ir::Head::Choice { elems, .. } => elems
            .iter()
            .filter(|e| !e.counted)
            .map(|e| &e.atom)
            .collect(),
        ir::Head::Disjunction(elems) => elems
            .iter()
            .flat_map(|e| e.heads.iter().map(|h| &h.item))
            .collect(),
        _ => Vec::new(),
    }
}

/// A term [`Unifier`] reads as gringo does: no arithmetic, no variable the compiler made
/// (intervals, anonymous variables: gringo names and projects these its own way).
fn plain_term(rule: &ir::Rule, t: &CTerm) -> bool {
    match t {
        CTerm::Sym(_) => true,
        CTerm::Var(v) => !rule.vars[*v].name.starts_with(['_', '#']),
        CTerm::Fun { args, .. } => args.iter().all(|a| plain_term(rule, a)),
        CTerm::Unary(..) | CTerm::Binary(..) => false,
    }
}

/// A term of one of the two rules being unified, or a value (an argument of a value).
#[derive(Clone, Copy)]
enum Term<'r> {
    Rule(usize, &'r CTerm),
    Value(Sym),
}

/// Whether two atoms (of rules `0` and `1`) may unify, as gringo's dependency analysis decides
/// (`GTerm::unify` in `libgringo/src/term.cc`): variables are bound consistently (two unbound
/// ones of the same name are taken as equal without a binding, as there), values are taken
/// apart against function terms. Arithmetic matches anything here (gringo is stricter with
/// linear terms), so with arithmetic the answer may be "yes" where gringo's is "no".
pub(super) struct Unifier<'r> {
    rules: [&'r ir::Rule; 2],
    syms: &'r SymbolTable,
    bound: HashMap<(usize, VarId), Term<'r>>,
    steps: usize,
}

impl<'r> Unifier<'r> {
    pub(super) fn atoms(
        syms: &'r SymbolTable,
        rules: [&'r ir::Rule; 2],
        a: &'r ir::Atom,
        b: &'r ir::Atom,
    ) -> bool {
        if a.pred != b.pred || a.args.len() != b.args.len() {
            return false;
        }
        let mut u = Unifier {
            rules,
            syms,
            bound: HashMap::new(),
            steps: 0,
        };
        a.args
            .iter()
            .zip(&b.args)
            .all(|(x, y)| u.unify(Term::Rule(0, x), Term::Rule(1, y)))
    }

    /// Whether `atom` of `rule` may unify with the atom of its predicate with arguments
    /// `args` (an input fact).
    pub(super) fn atom_value(
        syms: &'r SymbolTable,
        rule: &'r ir::Rule,
        atom: &'r ir::Atom,
        args: &[Sym],
    ) -> bool {
        if atom.args.len() != args.len() {
            return false;
        }
        let mut u = Unifier {
            rules: [rule, rule],
            syms,
            bound: HashMap::new(),
            steps: 0,
        };
        atom.args
            .iter()
            .zip(args)
            .all(|(x, &y)| u.unify(Term::Rule(0, x), Term::Value(y)))
    }

    fn name(&self, side: usize, v: VarId) -> &str {
        &self.rules[side].vars[v].name
    }

    /// The binding of a bound variable.
    fn binding(&self, t: Term<'r>) -> Option<Term<'r>> {
        match t {
            Term::Rule(side, CTerm::Var(v)) => self.bound.get(&(side, *v)).copied(),
            _ => None,
        }
    }

    fn unify(&mut self, x: Term<'r>, y: Term<'r>) -> bool {
        self.steps += 1;
        if self.steps > 10_000 {
            return true;
        }
        if let Some(t) = self.binding(x) {
            return self.unify(t, y);
        }
        if let Some(t) = self.binding(y) {
            return self.unify(x, t);
        }
        use Term::{Rule, Value};
        match (x, y) {
            (Rule(sx, CTerm::Var(v)), Rule(sy, CTerm::Var(w))) => {
                if self.name(sx, *v) != self.name(sy, *w) {
                    self.bound.insert((sx, *v), y);
                }
                true
            }
            (Rule(sx, CTerm::Var(v)), _) => self.bind((sx, *v), y),
            (_, Rule(sy, CTerm::Var(w))) => self.bind((sy, *w), x),
            // arithmetic linear in one variable yields integers only, as gringo knows
            (Rule(_, a), t) if a.integer_arithmetic(self.syms) => self.may_be_integer(t),
            (t, Rule(_, a)) if a.integer_arithmetic(self.syms) => self.may_be_integer(t),
            (Rule(_, CTerm::Unary(..) | CTerm::Binary(..)), _)
            | (_, Rule(_, CTerm::Unary(..) | CTerm::Binary(..))) => true,
            (Rule(_, CTerm::Sym(a)), Rule(_, CTerm::Sym(b))) => a == b,
            (Rule(_, CTerm::Sym(a)), Value(b)) | (Value(b), Rule(_, CTerm::Sym(a))) => *a == b,
            (Value(a), Value(b)) => a == b,
            (
                Rule(
                    sx,
                    CTerm::Fun {
                        name,
                        args,
                        negative,
                    },
                ),
                Rule(
                    sy,
                    CTerm::Fun {
                        name: n2,
                        args: a2,
                        negative: g2,
                    },
                ),
            ) => {
                name == n2
                    && negative == g2
                    && args.len() == a2.len()
                    && args
                        .iter()
                        .zip(a2)
                        .all(|(p, q)| self.unify(Rule(sx, p), Rule(sy, q)))
            }
            (
                Rule(
                    side,
                    CTerm::Fun {
                        name,
                        args,
                        negative,
                    },
                ),
                other,
            )
            | (
                other,
                Rule(
                    side,
                    CTerm::Fun {
                        name,
                        args,
                        negative,
                    },
                ),
            ) => {
                let value = match other {
                    Value(v) => v,
                    Rule(_, CTerm::Sym(v)) => *v,
                    _ => return true,
                };
                match self.syms.get(value) {
                    SymData::Fun {
                        name: n2,
                        args: a2,
                        negative: g2,
                    } => {
                        let a2 = a2.clone();
                        name == n2
                            && negative == g2
                            && args.len() == a2.len()
                            && args
                                .iter()
                                .zip(a2)
                                .all(|(p, q)| self.unify(Rule(side, p), Value(q)))
                    }
                    _ => false,
                }
            }
        }
    }

    /// Binds an unbound variable to a term it does not occur in (arithmetic: no binding).
    fn bind(&mut self, var: (usize, VarId), t: Term<'r>) -> bool {
        if matches!(t, Term::Rule(_, CTerm::Unary(..) | CTerm::Binary(..))) {
            return true;
        }
        // The variable of an interval (`p(X..1)`) takes integers only, and gringo's
        // dependency analysis knows it: `p(X..1)` does not define `p(())` or `p(a)`.
        if self.name(var.0, var.1).starts_with("#Range") && !self.may_be_integer(t) {
            return false;
        }
        if self.occurs(var, t) {
            return false;
        }
        self.bound.insert(var, t);
        true
    }

    /// Whether `t` may stand for an integer: a variable, arithmetic, or a number.
    fn may_be_integer(&self, t: Term<'r>) -> bool {
        let value = match t {
            Term::Rule(_, CTerm::Sym(v)) => *v,
            Term::Value(v) => v,
            Term::Rule(_, CTerm::Fun { .. }) => return false,
            Term::Rule(..) => return true,
        };
        matches!(self.syms.get(value), SymData::Num(_))
    }

    fn occurs(&mut self, var: (usize, VarId), t: Term<'r>) -> bool {
        self.steps += 1;
        if self.steps > 10_000 {
            return false;
        }
        match t {
            Term::Rule(side, CTerm::Var(w)) => match self.bound.get(&(side, *w)) {
                Some(&next) => self.occurs(var, next),
                None => (side, *w) == var,
            },
            Term::Rule(side, CTerm::Fun { args, .. }) => {
                args.iter().any(|a| self.occurs(var, Term::Rule(side, a)))
            }
            _ => false,
        }
    }
}

/// Strongly connected components of a graph given by adjacency lists: the component of each
/// node.
fn component_of(edges: &[Vec<usize>]) -> Vec<usize> {
    let mut of = vec![0; edges.len()];
    for (c, nodes) in crate::scc::tarjan(edges).into_iter().enumerate() {
        for n in nodes {
            of[n] = c;
        }
    }
    of
}

/// The positive atoms of a rule's statements (also of a rule that never fires: gringo's
/// dependencies are syntactic).
fn statement_atoms<'r>(statements: &[Statement<'r>]) -> impl Iterator<Item = &'r ir::Atom> {
    statements.iter().flat_map(|st| {
        st.slots.iter().filter_map(|(s, _)| match s {
            Slot::Atom(a) => Some(*a),
            Slot::Aux(_) => None,
        })
    })
}

/// A statement of a rule where clingo's grounder may miss instances (the static check above):
/// [`super::missed_instances`] looks for such an instance in the ground program and refuses
/// the rule if it finds one.
pub(super) struct Suspect<'r> {
    pub rule: usize,
    /// The statement, by its position in [`gringo_rounds::statements`] of the rule.
    pub statement: usize,
    /// The literal at risk, by its position in the statement.
    pub slot: usize,
    /// The rules (with their head atoms) that may give the literal atoms from outside its
    /// loop, besides the input facts and the atoms grounded before.
    pub outside: Vec<(usize, &'r ir::Atom)>,
    /// The literal is an anonymous variable's projection in a condition, at risk as the
    /// literal it projects: any of its atoms may come from outside.
    pub projected: bool,
    /// The recursive literals that may follow it and be new before the first completion (by
    /// their position in the statement): clingo misses an instance only where one of them is
    /// matched to an atom new then, never where all are matched to atoms from outside (those
    /// are new in the first round, when the literal at risk is matched against all of its
    /// atoms).
    pub later: Vec<usize>,
    /// The atoms the loop may have before its first completion runs, where this check knows
    /// its components (they are gringo's): an auxiliary atom that follows the literal at risk
    /// is new then only if its statement may fire over these.
    pub early: Option<EarlyAtoms<'r>>,
}

/// The atoms a loop may have before its first completion runs: every atom of a predicate it
/// does not define or derives then (see [`Early`]), and of the others those from outside.
pub(super) struct EarlyAtoms<'r> {
    /// Per predicate, whether any of its atoms may be there.
    pub any: Vec<bool>,
    /// Per other predicate, the rules outside the loop that may give it atoms (with their
    /// heads), besides the input facts and the atoms grounded before.
    pub outside: Vec<Vec<(usize, &'r ir::Atom)>>,
    /// The auxiliary atoms of the suspect's rule that are recursive: gringo grounds the
    /// statements of the others in an earlier component, so that all their atoms are there.
    pub recursive_aux: Vec<Aux>,
}

/// Whether `atom` is one of `rule`'s atoms in the condition of a conditional body literal.
fn in_condition(rule: &ir::Rule, atom: &ir::Atom) -> bool {
    rule.body.iter().any(|b| {
        matches!(b, ir::Body::Conditional { cond, .. } if cond.lits.iter().any(|l|
            matches!(l, ir::Lit::Atom { atom: a, .. } if std::ptr::eq(a, atom))))
    })
}

/// The statements with a literal clingo's grounder may not match as written, by rule.
pub(super) fn suspects<'r>(
    g: &Grounder,
    rules: &'r [Planned],
    facts: &InputFacts,
) -> Vec<Suspect<'r>> {
    let syms = &g.program.symbols;
    let syntactic: Vec<Vec<Statement>> = rules
        .iter()
        .map(|r| gringo_rounds::syntactic_statements(&r.rule, syms))
        .collect();
    // Positive components of predicates and rules, a first cut: a node per predicate and per
    // rule, an edge from a rule to each predicate it uses positively and from a predicate to
    // each rule defining it.
    let num_preds = g.relations.len();
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); num_preds + rules.len()];
    for (i, r) in rules.iter().enumerate() {
        for p in r.rule.head_preds() {
            edges[p].push(num_preds + i);
        }
        edges[num_preds + i].extend(statement_atoms(&syntactic[i]).map(|a| a.pred));
    }
    let coarse = component_of(&edges);
    let mut members: HashMap<usize, Vec<usize>> = HashMap::new();
    for (i, r) in rules.iter().enumerate() {
        if conditional_disjunction(&r.rule) {
            members.entry(coarse[num_preds + i]).or_default();
        }
    }
    if members.is_empty() {
        return Vec::new();
    }
    for i in 0..rules.len() {
        if let Some(m) = members.get_mut(&coarse[num_preds + i]) {
            m.push(i);
        }
    }
    let statements: Vec<Vec<Statement>> = rules
        .iter()
        .map(|r| gringo_rounds::statements(&r.rule, syms))
        .collect();
    // The input facts kept apart from the rules, by predicate: atoms from outside every loop.
    let mut fact_preds: Vec<Vec<usize>> = vec![Vec::new(); num_preds];
    for i in 0..facts.len() {
        fact_preds[facts.pred(i)].push(i);
    }
    let mut definers: Vec<Vec<(usize, &'r ir::Atom)>> = vec![Vec::new(); num_preds];
    for (i, r) in rules.iter().enumerate() {
        for h in heads(&r.rule) {
            definers[h.pred].push((i, h));
        }
    }
    // Atoms grounded before (earlier steps of incremental grounding) come from outside too.
    let grounded: Vec<bool> = g.relations.iter().map(|r| !r.atoms.is_empty()).collect();
    let projection: Vec<bool> = g
        .relations
        .iter()
        .map(|r| super::compile::is_projection(syms.name_str(r.sig.name)))
        .collect();
    // (the input facts and earlier atoms seed it: rules over them fire)
    let seed: Vec<bool> = (0..num_preds)
        .map(|p| grounded[p] || !fact_preds[p].is_empty())
        .collect();
    let derivable = derivable(rules, &statements, seed);
    let mut found: Vec<Suspect<'r>> = Vec::new();
    for component in members.values() {
        let loop_ = Loop::new(
            syms,
            rules,
            (&syntactic, &statements),
            component,
            Outside {
                definers: &definers,
                facts: (facts, &fact_preds),
                grounded: &grounded,
                projection: &projection,
            },
            &derivable,
        );
        found.extend(loop_.missed());
    }
    found.sort_by_key(|s| s.rule);
    found
}

/// The refusal of the rule of `suspect`.
pub(super) fn refusal(g: &Grounder, rules: &[Planned], suspect: &Suspect) -> Diagnostic {
    let i = suspect.rule;
    let st = &gringo_rounds::statements(&rules[i].rule, &g.program.symbols)[suspect.statement];
    let Slot::Atom(atom) = st.slots[suspect.slot].0 else {
        unreachable!("a literal at risk is an atom")
    };
    let mut sig = g.relations[atom.pred].sig;
    if super::compile::is_projection(g.program.symbols.name_str(sig.name)) {
        // an anonymous variable's projection: name the predicate it projects
        let source = rules.iter().find_map(|r| match &r.rule.head {
            ir::Head::Atom(h) if h.pred == atom.pred => projection_source(&r.rule),
            _ => None,
        });
        if let Some(source) = source {
            sig = g.relations[source.pred].sig;
        }
    }
    Diagnostic::error(
        &rules[i].rule.span,
        format!(
            "'{}{}/{}' is used in this rule before another literal that is recursive with it, \
             and a disjunction with a condition defines it in the same loop: clingo's grounder \
             may not match such a literal against the atoms the predicate has from outside the \
             loop (clingo issue #495), a reading aspsat does not reproduce",
            if sig.negative { "-" } else { "" },
            g.program.symbols.name_str(sig.name),
            sig.arity
        ),
    )
}

/// The atom an anonymous variable's projection rule (`#projN(X) :- p(X,Y).`) projects: its
/// one positive body literal.
fn projection_source(rule: &ir::Rule) -> Option<&ir::Atom> {
    match &rule.body[..] {
        [ir::Body::Lit(ir::Lit::Atom { atom, .. })] => Some(atom),
        _ => None,
    }
}

/// The predicates that may have atoms: those of `seed` and of rule heads whose plain positive
/// body literals are over such predicates (negative literals, conditions and aggregates count
/// as true; a rule that never fires derives nothing).
fn derivable(rules: &[Planned], statements: &[Vec<Statement>], seed: Vec<bool>) -> Vec<bool> {
    let mut out = seed;
    loop {
        let mut changed = false;
        for (i, r) in rules.iter().enumerate() {
            // the rule proper is its last statement
            let fires = statements[i].last().is_some_and(|main| {
                main.slots.iter().all(|(s, _)| match s {
                    Slot::Atom(a) => out[a.pred],
                    Slot::Aux(_) => true,
                })
            });
            if !fires {
                continue;
            }
            for p in r.rule.head_preds() {
                if !out[p] {
                    out[p] = true;
                    changed = true;
                }
            }
        }
        if !changed {
            return out;
        }
    }
}

/// The rules of one positive component of predicates with a conditional disjunction, split
/// into gringo's components by unification.
struct Loop<'a, 'r> {
    syms: &'a SymbolTable,
    rules: &'r [Planned],
    /// Per rule, its statements (none for a rule that never fires).
    statements: &'a [Vec<Statement<'r>>],
    /// Rule numbers, and the component of each (by position).
    members: &'a [usize],
    component: Vec<usize>,
    /// Per predicate, the members defining it (by position).
    by_pred: HashMap<PredId, Vec<usize>>,
    outside: Outside<'a, 'r>,
    /// Every atom of the loop has plain terms only: these components are gringo's.
    exact: bool,
    /// Per member, which of its auxiliary atoms are recursive.
    aux_recursive: Vec<HashMap<Aux, bool>>,
    /// Per component: the predicates that may have atoms before its first completion runs,
    /// and those of them derived inside it.
    early: HashMap<usize, Early>,
}

/// Where a predicate's atoms may come from, besides the loop.
struct Outside<'a, 'r> {
    /// Per predicate, every rule defining it with the head atom.
    definers: &'a [Vec<(usize, &'r ir::Atom)>],
    /// The input facts, and per predicate the numbers of its facts.
    facts: (&'a InputFacts, &'a [Vec<usize>]),
    /// Per predicate, whether it had atoms before this grounding (incremental steps).
    grounded: &'a [bool],
    /// Per predicate, whether it is an anonymous variable's projection (`#projN`).
    projection: &'a [bool],
}

/// What a component may hold in the rounds before its first completion (priority 1) runs: the
/// only rounds in which clingo misses atoms. Over-approximated: negative literals and
/// aggregates count as true once their statements may fire.
struct Early {
    available: Vec<bool>,
    derived: Vec<bool>,
}

impl<'a, 'r> Loop<'a, 'r> {
    fn new(
        syms: &'a SymbolTable,
        rules: &'r [Planned],
        (syntactic, statements): (&'a [Vec<Statement<'r>>], &'a [Vec<Statement<'r>>]),
        members: &'a [usize],
        outside: Outside<'a, 'r>,
        derivable: &[bool],
    ) -> Self {
        let mut by_pred: HashMap<PredId, Vec<usize>> = HashMap::new();
        for (m, &j) in members.iter().enumerate() {
            for h in heads(&rules[j].rule) {
                let list = by_pred.entry(h.pred).or_default();
                if list.last() != Some(&m) {
                    list.push(m);
                }
            }
        }
        let defines = |i: usize, a: &'r ir::Atom, m: usize| {
            let j = members[m];
            heads(&rules[j].rule)
                .into_iter()
                .any(|h| Unifier::atoms(syms, [&rules[i].rule, &rules[j].rule], a, h))
        };
        let edges: Vec<Vec<usize>> = members
            .iter()
            .map(|&i| {
                let mut out: Vec<usize> = Vec::new();
                for a in statement_atoms(&syntactic[i]) {
                    for &m in by_pred.get(&a.pred).into_iter().flatten() {
                        if !out.contains(&m) && defines(i, a, m) {
                            out.push(m);
                        }
                    }
                }
                out
            })
            .collect();
        let exact = members.iter().all(|&i| {
            let r = &rules[i].rule;
            heads(r)
                .into_iter()
                .chain(statement_atoms(&syntactic[i]))
                .all(|a| a.args.iter().all(|t| plain_term(r, t)))
        });
        let mut loop_ = Loop {
            outside,
            syms,
            rules,
            statements,
            members,
            component: component_of(&edges),
            by_pred,
            exact,
            aux_recursive: Vec::new(),
            early: HashMap::new(),
        };
        loop_.aux_recursive = (0..members.len())
            .map(|m| loop_.recursive_auxiliaries(m))
            .collect();
        let mut components: Vec<usize> = loop_.component.clone();
        components.sort_unstable();
        components.dedup();
        for c in components {
            let early = loop_.early_atoms(c, derivable);
            loop_.early.insert(c, early);
        }
        loop_
    }

    /// The auxiliary atoms of member `m` that are recursive: a statement defining one has a
    /// recursive literal.
    fn recursive_auxiliaries(&self, m: usize) -> HashMap<Aux, bool> {
        auxiliary_fixpoint(&self.statements[self.members[m]], |st, _, out| {
            st.slots.iter().any(|(s, _)| match s {
                Slot::Atom(a) => self.recursive(m, a),
                Slot::Aux(y) => out.get(y) == Some(&true),
            })
        })
    }

    fn aux_recursive(&self, m: usize, x: Aux) -> bool {
        self.aux_recursive[m].get(&x) == Some(&true)
    }

    /// The auxiliary atoms of member `m` that may be defined in the rounds before the first
    /// completion, when the predicates `available` may have atoms then.
    fn early_auxiliaries(&self, m: usize, available: &[bool]) -> HashMap<Aux, bool> {
        auxiliary_fixpoint(&self.statements[self.members[m]], |st, x, out| {
            !x.late() && self.fires(m, st, available, out)
        })
    }

    /// Whether statement `st` of member `m` may fire before the first completion: each literal
    /// sure to be in it may hold then (a recursive auxiliary atom: when defined then).
    fn fires(
        &self,
        m: usize,
        st: &Statement<'r>,
        available: &[bool],
        early_aux: &HashMap<Aux, bool>,
    ) -> bool {
        st.slots
            .iter()
            .zip(&st.uncertain)
            .all(|((s, _), &uncertain)| {
                uncertain
                    || match s {
                        Slot::Atom(a) => available[a.pred],
                        Slot::Aux(x) => {
                            !self.aux_recursive(m, *x) || early_aux.get(x) == Some(&true)
                        }
                    }
            })
    }

    /// Whether member `m` may derive head atoms before the first completion of its component.
    fn derives_early(&self, m: usize, available: &[bool]) -> bool {
        let statements = &self.statements[self.members[m]];
        let aux = self.early_auxiliaries(m, available);
        statements
            .iter()
            .any(|st| st.defines == Defines::Heads && self.fires(m, st, available, &aux))
    }

    fn early_atoms(&self, c: usize, derivable: &[bool]) -> Early {
        let n = derivable.len();
        if !self.exact {
            // A rule this check puts in the component may be in an earlier one for gringo
            // (terms that do not unify after all): anything derivable may be there early, and
            // be derived early by any rule of the component but a conditional disjunction.
            let mut derived = vec![false; n];
            for m in (0..self.members.len()).filter(|&m| self.component[m] == c) {
                let rule = &self.rules[self.members[m]].rule;
                if !conditional_disjunction(rule) {
                    for p in rule.head_preds() {
                        derived[p] = derivable[p];
                    }
                }
            }
            return Early {
                available: derivable.to_vec(),
                derived,
            };
        }
        let inside = |i: usize| {
            self.members
                .iter()
                .position(|&j| j == i)
                .is_some_and(|m| self.component[m] == c)
        };
        // Atoms from outside: a rule of another component that may derive them.
        let mut available: Vec<bool> = (0..n)
            .map(|p| {
                self.outside.grounded[p]
                    || !self.outside.facts.1[p].is_empty()
                    || derivable[p] && self.outside.definers[p].iter().any(|&(i, _)| !inside(i))
            })
            .collect();
        let mut derived = vec![false; n];
        loop {
            let mut changed = false;
            for m in (0..self.members.len()).filter(|&m| self.component[m] == c) {
                if !self.derives_early(m, &available) {
                    continue;
                }
                for h in heads(&self.rules[self.members[m]].rule) {
                    if !derived[h.pred] {
                        derived[h.pred] = true;
                        available[h.pred] = true;
                        changed = true;
                    }
                }
            }
            if !changed {
                return Early { available, derived };
            }
        }
    }

    /// Rules (by position in `members`) of the component of member `k` defining an atom
    /// unifying with `atom` of member `k`.
    fn unifying_definers(&self, k: usize, atom: &'r ir::Atom) -> impl Iterator<Item = usize> {
        let rule = &self.rules[self.members[k]].rule;
        let candidates = self.by_pred.get(&atom.pred).into_iter().flatten().copied();
        candidates.filter(move |&m| {
            self.component[m] == self.component[k]
                && heads(&self.rules[self.members[m]].rule)
                    .into_iter()
                    .any(|h| {
                        Unifier::atoms(
                            self.syms,
                            [rule, &self.rules[self.members[m]].rule],
                            atom,
                            h,
                        )
                    })
        })
    }

    fn recursive(&self, k: usize, atom: &'r ir::Atom) -> bool {
        self.unifying_definers(k, atom).next().is_some()
    }

    /// Whether clingo may see the atoms `atom` has from outside its component late (see the
    /// module comment): if so, the rules that may give it such atoms (with their heads).
    fn at_risk(&self, k: usize, atom: &'r ir::Atom) -> Option<Vec<(usize, &'r ir::Atom)>> {
        // An anonymous variable's projection (`#projN :- p(X)` for `p(_)`) in the condition of
        // a conditional literal: gringo keeps the literal `p(_)` there (it projects one in the
        // body), so it is at risk as that literal is (differential seed 53 #451: `Y >= f(1) :
        // p(_)`).
        let rule = &self.rules[self.members[k]].rule;
        if self.outside.projection[atom.pred] && in_condition(rule, atom) {
            return self.unifying_definers(k, atom).find_map(|m| {
                self.at_risk(m, projection_source(&self.rules[self.members[m]].rule)?)
            });
        }
        let completed = self
            .unifying_definers(k, atom)
            .any(|m| conditional_disjunction(&self.rules[self.members[m]].rule));
        if !completed {
            return None;
        }
        let in_component = |i: usize| {
            self.by_pred[&atom.pred]
                .iter()
                .any(|&m| self.members[m] == i && self.component[m] == self.component[k])
        };
        let outside: Vec<(usize, &'r ir::Atom)> = self.outside.definers[atom.pred]
            .iter()
            .filter(|&&(i, h)| {
                Unifier::atoms(self.syms, [rule, &self.rules[i].rule], atom, h)
                    && !(self.exact && in_component(i))
            })
            .copied()
            .collect();
        let (facts, fact_preds) = self.outside.facts;
        let earlier = self.outside.grounded[atom.pred]
            || fact_preds[atom.pred]
                .iter()
                .any(|&f| Unifier::atom_value(self.syms, rule, atom, facts.args(f)));
        if !self.exact {
            // Two rules defining it, or one besides the disjunction: atoms may come from
            // outside. (`definers` lists a rule once per head: `p(1) ; p(X) : q(X)`.)
            let first = outside.first().map(|&(i, _)| i);
            let risk = earlier || first.is_some_and(|f| outside.iter().any(|&(i, _)| i != f));
            return risk.then_some(outside);
        }
        // A rule of the component defining the predicate in rounds of priority 0 (it runs in
        // the first round) makes its generation advance.
        let early_here = self.outside.definers[atom.pred]
            .iter()
            .any(|&(i, _)| in_component(i) && gringo_rounds::early_definer(&self.rules[i].rule));
        (!early_here && (earlier || !outside.is_empty())).then_some(outside)
    }

    /// Every statement with a literal at risk before another recursive one.
    fn missed(&self) -> Vec<Suspect<'r>> {
        (0..self.members.len())
            .flat_map(|k| self.missed_literals(k))
            .collect()
    }

    /// [`EarlyAtoms`] of the component of member `k` (none where the components are not
    /// known to be gringo's).
    fn early_atoms_of(&self, k: usize, early: &Early) -> Option<EarlyAtoms<'r>> {
        if !self.exact {
            return None;
        }
        let c = self.component[k];
        let in_component = |i: usize| {
            self.members
                .iter()
                .position(|&j| j == i)
                .is_some_and(|m| self.component[m] == c)
        };
        let defined = |p: PredId| {
            (self.by_pred.get(&p).into_iter().flatten()).any(|&m| self.component[m] == c)
        };
        let n = early.derived.len();
        let any: Vec<bool> = (0..n).map(|p| !defined(p) || early.derived[p]).collect();
        let outside = (0..n)
            .map(|p| match any[p] {
                true => Vec::new(),
                false => (self.outside.definers[p].iter())
                    .filter(|&&(i, _)| !in_component(i))
                    .copied()
                    .collect(),
            })
            .collect();
        let recursive_aux = (self.aux_recursive[k].iter())
            .filter(|&(_, &recursive)| recursive)
            .map(|(&x, _)| x)
            .collect();
        Some(EarlyAtoms {
            any,
            outside,
            recursive_aux,
        })
    }

    /// Whether member `k` is a rule whose head is one atom that is an input fact.
    fn head_is_fact(&self, k: usize) -> bool {
        let ir::Head::Atom(h) = &self.rules[self.members[k]].rule.head else {
            return false;
        };
        let (facts, fact_preds) = self.outside.facts;
        h.constant_args()
            .is_some_and(|args| fact_preds[h.pred].iter().any(|&f| facts.args(f) == args))
    }

    /// The literals at risk in the statements of member `k` that may fire before the
    /// component's first completion with a recursive literal after it that may be new then
    /// (when clingo misses the at-risk literal's atoms from outside).
    fn missed_literals(&self, k: usize) -> Vec<Suspect<'r>> {
        let mut out = Vec::new();
        if self.head_is_fact(k) {
            // an instance clingo misses would derive nothing new
            return out;
        }
        let early = &self.early[&self.component[k]];
        let aux = self.early_auxiliaries(k, &early.available);
        let early_atoms = || self.early_atoms_of(k, early);
        let new_early = |s: &Slot<'r>| match s {
            Slot::Atom(a) => self.recursive(k, a) && early.derived[a.pred],
            Slot::Aux(x) => self.aux_recursive(k, *x) && aux.get(x) == Some(&true),
        };
        for (n, st) in self.statements[self.members[k]].iter().enumerate() {
            if !self.fires(k, st, &early.available, &aux) {
                continue;
            }
            for (i, (slot, _)) in st.slots.iter().enumerate() {
                let Slot::Atom(a) = slot else {
                    continue;
                };
                if !self.recursive(k, a) {
                    continue;
                }
                let Some(outside) = self.at_risk(k, a) else {
                    continue;
                };
                let later: Vec<usize> = (0..st.slots.len())
                    .filter(|&j| st.may_follow(i, j) && new_early(&st.slots[j].0))
                    .collect();
                if !later.is_empty() {
                    let rule = &self.rules[self.members[k]].rule;
                    out.push(Suspect {
                        rule: self.members[k],
                        statement: n,
                        slot: i,
                        outside,
                        projected: self.outside.projection[a.pred] && in_condition(rule, a),
                        later,
                        early: early_atoms(),
                    });
                }
            }
        }
        out
    }
}

/// The least set of auxiliary atoms closed under `defines`: an auxiliary atom is in it once a
/// statement defining it passes `defines`, given the atoms found so far (each entry is `true`).
fn auxiliary_fixpoint(
    statements: &[Statement<'_>],
    mut defines: impl FnMut(&Statement<'_>, Aux, &HashMap<Aux, bool>) -> bool,
) -> HashMap<Aux, bool> {
    let mut out: HashMap<Aux, bool> = HashMap::new();
    loop {
        let mut changed = false;
        for st in statements {
            let Defines::Aux(x) = st.defines else {
                continue;
            };
            if out.get(&x) != Some(&true) && defines(st, x, &out) {
                out.insert(x, true);
                changed = true;
            }
        }
        if !changed {
            return out;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the body literal over the head's predicate of the one-rule program `source`
    /// (`d/1` binds variables) may unify with its head.
    fn body_unifies_with_head(source: &str) -> bool {
        let (rules, _, syms) = crate::ground::planned_rules(source);
        let rule = &rules[0].rule;
        let head = heads(rule)[0];
        let statements = gringo_rounds::statements(rule, &syms);
        let literal = statement_atoms(&statements)
            .find(|a| a.pred == head.pred)
            .expect("a literal");
        Unifier::atoms(&syms, [rule, rule], literal, head)
    }

    #[test]
    fn unification_follows_gringos_dependency_analysis() {
        // repeated variables are bound consistently: r(X,X) is no instance of r(1,2)
        assert!(!body_unifies_with_head("r(X,X) :- r(1,2), d(X)."));
        assert!(body_unifies_with_head("r(X,X) :- r(2,2), d(X)."));
        assert!(body_unifies_with_head("p(X) :- p(1), d(X)."));
        assert!(!body_unifies_with_head("p(2) :- p(1)."));
        assert!(!body_unifies_with_head("p(X,a,X) :- p(Y,Y,b), d(X), d(Y)."));
        assert!(!body_unifies_with_head("p(f(X)) :- p(g(X)), d(X)."));
        // binary arithmetic is an integer (clingo 5.8.3: `p(f(X)) :- d(X), not not p(X+1).`
        // never fires), unary operations may be anything
        assert!(!body_unifies_with_head("p(f(X)) :- p(X+1), d(X)."));
        assert!(body_unifies_with_head("p(X+2) :- p(3), d(X)."));
        assert!(body_unifies_with_head("p(f(X)) :- p(|X|), d(X)."));
        // an interval's variable is an integer
        assert!(!body_unifies_with_head("p(X..2) :- p(a), d(X)."));
        assert!(body_unifies_with_head("p(X..2) :- p(5), d(X)."));
    }
}
