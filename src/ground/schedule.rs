//! The order of instantiation: the predicate dependency graph's strongly connected components
//! bottom-up, each to its fixpoint with semi-naive evaluation (a recursive rule is re-run only
//! with one of its recursive literals matched against the atoms new since the last round, through
//! its delta plans, which this module makes and owns), then the rules without head predicates.

use super::facts::InputFacts;
use super::ir::{self, PredId, Stage, Step};
use super::join::Window;
use super::own_conditions::{Unifier, heads};
use super::plan::{self, Planned};
use super::state::Grounder;
use crate::symbol::SymbolTable;
use crate::syntax::Diagnostic;
use crate::syntax::ast::Sign;
use itertools::Itertools;

/// Grounds every rule and input fact into `g.program`.
pub fn run(g: &mut Grounder, rules: &mut [Planned], facts: &InputFacts) -> Result<(), Diagnostic> {
    let n = g.relations.len();
    let components = components(n, rules);
    // Rules by the component of their head; headless rules (constraints, #show) last.
    let mut comp_of = vec![0; n];
    for (c, preds) in components.iter().enumerate() {
        for &p in preds {
            comp_of[p] = c;
        }
    }
    // Within a component, rules in clingo's order, which decides which facts are known when
    // (headless rules come last and keep the order they are written in).
    let projection: Vec<bool> = (g.relations.iter())
        .map(|r| super::compile::is_projection(g.program.symbols.name_str(r.sig.name)))
        .collect();
    let syms = &g.program.symbols;
    let position = clingo_order(n, rules, &projection, syms, Walk::Modelled);
    // The order among declarations of one external atom in every walk (see [`Walk`]): only
    // two declarations or more can disagree, the other walks are searched only then.
    let externals = (rules.iter())
        .filter(|r| matches!(r.rule.head, ir::Head::External { .. }))
        .count();
    let other_walk = |walk| {
        if externals >= 2 {
            clingo_order(n, rules, &projection, syms, walk)
        } else {
            position.clone()
        }
    };
    let positions = [
        position.clone(),
        other_walk(Walk::BodyFirst),
        other_walk(Walk::Forward),
    ];
    // Where an anonymous variable's projection statement comes among the declarations of an
    // external is not modelled (`:- p(_).` before `#external p(1). [true]` and `#external
    // p(1). [false]` keeps the first value in clingo 5.8.3, where aspsat's walk reads the
    // second last; `:- q(_).` changes the order of two declarations of `p` alike).
    let with_projection =
        (rules.iter()).any(|r| matches!(&r.rule.head, ir::Head::Atom(a) if projection[a.pred]));
    for (i, r) in rules.iter_mut().enumerate() {
        r.external_order = match &r.rule.head {
            ir::Head::External { atom, .. }
                if !g.order_unknown
                    && !with_projection
                    && (r.rule.body_preds().iter())
                        .all(|&(p, _)| comp_of[p] != comp_of[atom.pred]) =>
            {
                Some(positions.each_ref().map(|p| p[i]))
            }
            _ => None,
        };
    }
    g.external_orders.clear();
    let mut in_order: Vec<usize> = (0..rules.len()).collect();
    in_order.sort_by_key(|&i| position[i]);
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); components.len()];
    for &i in &in_order {
        if let Some(&p) = rules[i].rule.head_preds().first() {
            members[comp_of[p]].push(i);
        }
    }
    // Each component's rules in the stages of gringo's statement dependencies.
    let mut stage_of = vec![0; rules.len()];
    for m in &members {
        let stages = super::stages::settle(rules, m, &g.program.symbols);
        m.iter().zip(stages).for_each(|(&i, s)| stage_of[i] = s);
        super::satisfied_heads::mark(rules, m, &g.program.symbols);
    }
    super::delayed::mark(rules, &g.program.symbols, &projection, &stage_of)?;
    refuse_projected_recursive_conditions(g, rules, &comp_of)?;
    let mut with_facts: Vec<bool> = g.relations.iter().map(|r| !r.atoms.is_empty()).collect();
    for i in 0..facts.len() {
        with_facts[facts.pred(i)] = true;
    }
    super::external_body::refuse_negated_in_conditions(g, rules, &comp_of, &with_facts, &stage_of)?;
    super::external_body::mark_checked_in_the_end(rules, &comp_of);
    for (r, &stage) in rules.iter_mut().zip(&stage_of) {
        r.late = grounded_late(&r.rule, stage, &comp_of, &g.program.symbols);
    }
    let syms = &g.program.symbols;
    super::external_body::mark(rules, &comp_of, with_facts, syms, &stage_of);
    let rules: &[Planned] = rules;
    record_complex_rule_origins(g, rules);
    // The #495 check: statements where clingo may miss instances, searched for such an
    // instance once the program is grounded.
    let suspects = super::own_conditions::suspects(g, rules, facts);
    let earlier = super::missed_instances::atom_counts(g);
    let by_comp: Vec<Vec<(&Planned, Stage)>> = members
        .iter()
        .map(|m| m.iter().map(|&i| (&rules[i], stage_of[i])).collect())
        .collect();
    // Input facts come first in their component (clingo_order), in the order written.
    let mut facts_by_comp: Vec<Vec<u32>> = vec![Vec::new(); components.len()];
    for i in 0..facts.len() {
        facts_by_comp[comp_of[facts.pred(i)]].push(i as u32);
    }
    let headless: Vec<&Planned> = rules
        .iter()
        .filter(|r| r.rule.head_preds().is_empty())
        .collect();
    // Per rule, the number its stage gets in `Grounder::stages_begun` (counted as the stages
    // begin): atoms made facts before it come from outside the rule's loop.
    let mut stage_number = vec![0; rules.len()];
    for (c, preds) in components.iter().enumerate() {
        let component = Component {
            preds,
            comp_of: &comp_of,
            index: c,
        };
        for &i in &members[c] {
            stage_number[i] = g.stages_begun + stage_of[i] + 1;
        }
        component.ground(g, &by_comp[c], (facts, &facts_by_comp[c]))?;
    }
    let grounded = super::missed_instances::Grounded {
        facts,
        earlier: &earlier,
        stage_number: &stage_number,
    };
    super::missed_instances::refuse(g, rules, &grounded, &suspects)?;
    let window = g.full_window();
    for r in headless {
        g.instantiate(r, &r.plan.body, &window)?;
    }
    g.classical_negation_constraints();
    g.define_condition_externals()
}

/// Whether a rule of stage `stage` is grounded after its stage's fixpoint: a condition,
/// aggregate or conditional literal of it may match an atom of its own component that is not
/// known before the stage is done. Over atoms only earlier stages derive (`p(-2) :- not
/// #count { Z : d(Z), p(3) } < 1.`: no head unifies with `p(3)`) gringo decides the aggregate
/// at once, and so does aspsat: grounded late, the rule would add `p(-2)` to the domain in its
/// provisional rounds, which clingo never does.
pub(super) fn grounded_late(
    rule: &ir::Rule,
    stage: Stage,
    comp_of: &[usize],
    syms: &SymbolTable,
) -> bool {
    let Some(&head) = rule.head_preds().first() else {
        return false;
    };
    rule.awaited_atoms(syms)
        .iter()
        .any(|&(p, settled_from)| comp_of[p] == comp_of[head] && settled_from > stage)
}

/// Refuses a recursive conditional literal (see [`super::delayed`]) beside a recursive
/// aggregate whose condition has an anonymous variable over its rule's own component (an atom
/// over a `#projN` predicate of [`super::compile`]): gringo matches the atoms themselves, and in the round that grounds a
/// recursive aggregate of the rule it may see only the new ones (`q(1) | p(0) : p(V) :- r :
/// p(_), d(W); 1 >= #min{Y : d(Y), p(Y)}.` with `p(1). d(1).` has the body `#false : p(0)` in
/// clingo and derives `q(1)`), which aspsat's projection does not reproduce.
fn refuse_projected_recursive_conditions(
    g: &Grounder,
    rules: &[Planned],
    comp_of: &[usize],
) -> Result<(), Diagnostic> {
    let syms = &g.program.symbols;
    let projected =
        |p: PredId| super::compile::is_projection(syms.name_str(g.relations[p].sig.name));
    for r in rules {
        let Some(&head) = r.rule.head_preds().first() else {
            continue;
        };
        let recursive_aggregate = r.rule.body.iter().enumerate().any(|(j, b)| {
            matches!(b, ir::Body::Aggregate(_)) && r.delayed.get(j).copied().unwrap_or(false)
        });
        for (i, b) in r.rule.body.iter().enumerate() {
            let ir::Body::Conditional { cond, span, .. } = b else {
                continue;
            };
            let recursive_projection = cond.lits.iter().any(|l| {
                matches!(l, ir::Lit::Atom { sign: Sign::Pos, atom, .. }
                    if projected(atom.pred) && comp_of[atom.pred] == comp_of[head])
            });
            if r.delayed.get(i).copied().unwrap_or(false)
                && recursive_projection
                && recursive_aggregate
            {
                return Err(super::state::anonymous_in_recursive_condition(span));
            }
        }
    }
    Ok(())
}

/// Remembers, per head predicate, a rule with aggregates or conditional literals in its body,
/// or conditions in its disjunctive head (shifting turns them into conditional literals): the
/// translation names it when such rules form a positive cycle.
fn record_complex_rule_origins(g: &mut Grounder, rules: &[Planned]) {
    for r in rules {
        let conditional_head = matches!(&r.rule.head,
            ir::Head::Disjunction(elems) if elems.iter().any(|e| !e.cond.lits.is_empty()));
        let complex = conditional_head
            || r.rule
                .body
                .iter()
                .any(|b| matches!(b, ir::Body::Aggregate(_) | ir::Body::Conditional { .. }));
        if complex {
            for p in r.rule.head_preds() {
                let sig = g.relations[p].sig;
                g.program
                    .complex_rule_origins
                    .entry(sig)
                    .or_insert_with(|| r.rule.span.clone());
            }
        }
    }
}

/// The position of each rule in the order in which clingo's grounder instantiates them. It
/// matters where the grounder simplifies with the facts known so far: a disjunction with an
/// atom that is already a fact is dropped (`x. r ; p. r :- x.` has no rule for `p`, but
/// `x. r :- x. r ; p.` has one), and an atom without rules decides whether an optimization
/// level exists. gringo orders its statements by a depth-first search over "depends on a
/// statement defining a body predicate" edges, started from the last statement, each statement
/// after those it depends on; the search follows the body literals in the order gringo's
/// statement lists them (those that need no variable from the last written: `:- r, p(1).`
/// reaches the rules for `p(1)` first; then the others as their variables are bound) and the
/// rules for one predicate in the order they are written. Facts without variables are known
/// before everything. The statements are searched in gringo's order ([`statement_order`]),
/// which puts projections last.
fn clingo_order(
    num_preds: usize,
    rules: &[Planned],
    projection: &[bool],
    syms: &SymbolTable,
    walk: Walk,
) -> Vec<usize> {
    let is_input_fact = |r: &Planned| {
        r.rule.body.is_empty()
            && matches!(&r.rule.head, ir::Head::Atom(a) if a.args.iter().all(|t| t.is_ground()))
    };
    let mut providers: Vec<Vec<usize>> = vec![Vec::new(); num_preds];
    for (i, r) in rules.iter().enumerate() {
        if is_input_fact(r) {
            continue;
        }
        for p in r.rule.head_preds() {
            if providers[p].last() != Some(&i) {
                providers[p].push(i);
            }
        }
    }
    // Nodes numbered from the last statement, so that the search starts there.
    let n = rules.len();
    let sequence = statement_order(rules, projection);
    let mut node_of = vec![0; n];
    for (k, &i) in sequence.iter().rev().enumerate() {
        node_of[i] = k;
    }
    // A literal depends on the statements whose heads unify with it (gringo's dependency
    // analysis: `:~ q(b).` does not reach `#external q(1).`), by predicate once the budget
    // of comparisons is spent.
    let mut budget = MAX_ORDER_COMPARISONS;
    let edges: Vec<Vec<(usize, bool)>> = (0..n)
        .map(|node| {
            let rule = &rules[sequence[n - 1 - node]].rule;
            let mut out = Vec::new();
            for (atom, positive) in search_order(rule, walk) {
                for &i in &providers[atom.pred] {
                    let other = &rules[i].rule;
                    let unifies = || {
                        heads(other).iter().any(|h| {
                            h.pred == atom.pred && Unifier::atoms(syms, [rule, other], atom, h)
                        })
                    };
                    if budget == 0 || {
                        budget -= 1;
                        unifies()
                    } {
                        out.push((node_of[i], positive));
                    }
                }
            }
            out
        })
        .collect();
    let targets: Vec<Vec<usize>> = (edges.iter())
        .map(|es| es.iter().map(|&(t, _)| t).collect())
        .collect();
    let mut position = vec![0; n];
    let mut next = 0;
    for component in crate::scc::tarjan(&targets) {
        for part in positive_parts(&component, &edges) {
            next += 1;
            for node in part {
                let i = sequence[n - 1 - node];
                position[i] = if is_input_fact(&rules[i]) { 0 } else { next };
            }
        }
    }
    position
}

/// The components of the positive edges inside one component of gringo's statement graph,
/// in the order gringo grounds them (libgringo `Dependency::analyze`: a graph of the
/// component's statements, inserted in the order its search returned them and searched from
/// the last one, as `Graph::insertNode` puts each node first).
fn positive_parts(component: &[usize], edges: &[Vec<(usize, bool)>]) -> Vec<Vec<usize>> {
    if component.len() == 1 {
        return vec![component.to_vec()];
    }
    let local: std::collections::HashMap<usize, usize> = (component.iter().rev())
        .enumerate()
        .map(|(k, &node)| (node, k))
        .collect();
    let positive: Vec<Vec<usize>> = (component.iter().rev())
        .map(|node| {
            (edges[*node].iter())
                .filter(|&&(_, positive)| positive)
                .filter_map(|(t, _)| local.get(t).copied())
                .collect()
        })
        .collect();
    let nodes: Vec<usize> = component.iter().rev().copied().collect();
    (crate::scc::tarjan(&positive).into_iter())
        .map(|part| part.into_iter().map(|k| nodes[k]).collect())
        .collect()
}

/// How many pairs of a literal and a statement defining its predicate [`clingo_order`] may
/// unify before it links literals to every statement of their predicate (which only makes
/// its order less like gringo's), so that it stays linear in practice.
const MAX_ORDER_COMPARISONS: usize = 4_000_000;

/// The rules in the order of gringo's statements. gringo appends the rules of its projections
/// (`#p_q(#p) :- q(_).`) to the program after every statement (libgringo
/// `input/program.cc`, `Program::rewrite`), where aspsat's compiler puts them after the
/// statement that first uses them. It does not project a positive literal that is the only
/// literal of a normal rule's body (`singleton` in `Statement::simplify`): `r :- q(_).` reads
/// `q` itself, and its projection rule here stays beside it. This decides which facts the
/// grounder knows first: `{r} :- q(_). p(1) :- d(1). #sum+{-1,1 : q(1); 3,1 : p(1)} > 2.`
/// grounds the aggregate before `p(1)` is a fact (the projection of `q(_)`, last, reaches
/// the aggregate first) and keeps its negative weight (clingo 5.8.3; differential seed 512
/// #695), where `r :- q(_).` does not.
fn statement_order(rules: &[Planned], projection: &[bool]) -> Vec<usize> {
    let mut appended = vec![false; projection.len()];
    for r in rules {
        for (pred, singleton) in projection_uses(&r.rule, projection) {
            appended[pred] |= !singleton;
        }
    }
    let last = |r: &Planned| matches!(&r.rule.head, ir::Head::Atom(a) if projection[a.pred] && appended[a.pred]);
    let (projections, statements): (Vec<usize>, Vec<usize>) =
        (0..rules.len()).partition(|&i| last(&rules[i]));
    statements.into_iter().chain(projections).collect()
}

/// The projection predicates a rule uses, each with whether gringo would leave that use
/// unprojected: a positive body literal of a rule with an atom as head and a body of that one
/// literal (gringo's `projectScore` of 1: an atom counts 1, an interval, an aggregate or a
/// conditional literal 2, a comparison nothing).
fn projection_uses(rule: &ir::Rule, projection: &[bool]) -> Vec<(PredId, bool)> {
    let score: usize = rule
        .body
        .iter()
        .map(|b| match b {
            ir::Body::Lit(ir::Lit::Atom { .. }) => 1,
            ir::Body::Lit(ir::Lit::Range { implied: false, .. }) => 2,
            ir::Body::Lit(_) => 0,
            ir::Body::Conditional { .. } | ir::Body::Aggregate(_) => 2,
        })
        .sum();
    let singleton = score == 1 && matches!(rule.head, ir::Head::Atom(_));
    let mut uses = Vec::new();
    let mut push = |l: &ir::Lit, plain: bool| {
        if let ir::Lit::Atom { sign, atom, .. } = l
            && projection[atom.pred]
        {
            uses.push((atom.pred, plain && singleton && *sign == Sign::Pos));
        }
    };
    for b in &rule.body {
        match b {
            ir::Body::Lit(l) => push(l, true),
            ir::Body::Conditional { alts, cond, .. } => {
                alts.iter().for_each(|a| push(&a.item, false));
                cond.lits.iter().for_each(|l| push(l, false));
            }
            ir::Body::Aggregate(a) => {
                a.elems
                    .iter()
                    .flat_map(|e| &e.cond.lits)
                    .for_each(|l| push(l, false));
            }
        }
    }
    let head_conditions = rule.head_conditions();
    for l in head_conditions.into_iter().flat_map(|c| &c.lits) {
        push(l, false);
    }
    uses
}

/// The atoms of a rule's literals in the order `walk` follows them, each with whether
/// gringo's occurrence is positive: the modelled order ([`modelled_search_order`]), or where
/// gringo grounds the rule as several statements, another walk of it ([`Walk`]).
fn search_order(rule: &ir::Rule, walk: Walk) -> Vec<(&ir::Atom, bool)> {
    let mut out = modelled_search_order(rule);
    let several_statements = !rule.head_conditions().is_empty()
        || (rule.body.iter()).any(|b| !matches!(b, ir::Body::Lit(_)));
    if several_statements {
        match walk {
            Walk::Modelled => {}
            Walk::BodyFirst => {
                let conditions = head_condition_atoms(rule);
                out.rotate_left(conditions);
            }
            Walk::Forward => out.reverse(),
        }
    }
    out
}

/// The number of atoms of a rule's head conditions (they open [`modelled_search_order`]).
fn head_condition_atoms(rule: &ir::Rule) -> usize {
    (rule.head_conditions().iter())
        .flat_map(|c| &c.lits)
        .filter(|l| matches!(l, ir::Lit::Atom { .. }))
        .count()
}

/// How [`clingo_order`]'s search walks the literals of a rule that gringo grounds as several
/// statements (a head with conditions, a body aggregate or conditional literal: each
/// accumulation and completion is a node of gringo's graph with literals of its own, which the
/// search reaches in an order aspsat models only as one walk of the rule). Where the order of
/// two declarations of one external atom with different values decides its value, it must be
/// the same in every walk: clasp keeps the value of the declaration gringo writes last
/// (differential seed 4334 #94: the walk of the modelled order reaches `#external p(1).
/// [free]` first, gringo reaches `#external p(X) : d(X). [true]` first through the first head
/// element of `{s(1,1); p(Y) : d(Y), q(Y)} :- p(0).`).
#[derive(Clone, Copy)]
enum Walk {
    /// Head conditions from the last, then the body from the last ([`modelled_search_order`]).
    Modelled,
    /// The body first, then the head conditions.
    BodyFirst,
    /// Everything in the reverse of the modelled order.
    Forward,
}

/// The atoms of a rule's literals in the order gringo's search of [`clingo_order`] follows
/// them, each with whether gringo's occurrence is positive: the conditions of head elements,
/// the last first, then the body in gringo's order of it
/// ([`super::gringo_rounds::body_positions`], where that model knows it: `#external r : d(Y),
/// q(2), not p(Y).` reaches the rules for q(2) first, differential seed 4704 #765; from its
/// last element otherwise), but the literals of a body aggregate's elements and of a
/// conditional literal's condition from the first (gringo
/// grounds those through statements of their own: `g :- #count{Z : r, d(Z), q(1)} = 1.`
/// reaches the rules for `r` first, `g :- r, q(1).` those for `q`, clingo 5.8.3 shows). A
/// literal is negative under `not` or `not not`, and so is every literal of a negated
/// aggregate (gringo's rule depends negatively on the aggregate's statements; libgringo
/// `PredicateLiteral::isNegative`, `BodyAggregateLiteral::isNegative`).
fn modelled_search_order<'r>(rule: &'r ir::Rule) -> Vec<(&'r ir::Atom, bool)> {
    let mut out = Vec::new();
    let mut push = |l: &'r ir::Lit, under_not: bool| {
        if let ir::Lit::Atom { atom, sign, .. } = l {
            out.push((atom, !under_not && *sign == Sign::Pos));
        }
    };
    let head_conditions = rule.head_conditions();
    for c in head_conditions.iter().rev() {
        c.lits.iter().rev().for_each(|l| push(l, false));
    }
    // (the body in the order gringo's statement lists it, where aspsat's model knows it)
    let order: Vec<usize> = match super::gringo_rounds::body_positions(rule) {
        Some(positions) => (0..rule.body.len())
            .sorted_by_key(|&i| positions[i])
            .collect(),
        None => (0..rule.body.len()).rev().collect(),
    };
    for b in order.into_iter().map(|i| &rule.body[i]) {
        match b {
            ir::Body::Lit(l) => push(l, false),
            ir::Body::Conditional { alts, cond, .. } => {
                cond.lits.iter().for_each(|l| push(l, false));
                alts.iter().for_each(|a| push(&a.item, false));
            }
            ir::Body::Aggregate(a) => {
                for e in &a.elems {
                    e.cond
                        .lits
                        .iter()
                        .for_each(|l| push(l, a.sign != Sign::Pos));
                }
            }
        }
    }
    out
}

/// Components of the graph with an edge from each head predicate to each body predicate
/// (head predicates of one rule are tied together so the rule is grounded in one component),
/// in the order in which they can be grounded (a component after every component it depends
/// on).
fn components(num_preds: usize, rules: &[Planned]) -> Vec<Vec<PredId>> {
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); num_preds];
    for r in rules {
        let heads = r.rule.head_preds();
        let body = r.rule.body_preds();
        for &h in &heads {
            edges[h].extend(body.iter().map(|(p, _)| *p));
            edges[h].extend(heads.iter().copied().filter(|&x| x != h));
        }
    }
    for e in &mut edges {
        e.sort_unstable();
        e.dedup();
    }
    crate::scc::tarjan(&edges)
}

/// One component of the dependency graph.
struct Component<'a> {
    preds: &'a [PredId],
    /// The component of every predicate.
    comp_of: &'a [usize],
    index: usize,
}

/// A rule of the component with its delta plans: one per positive body literal over the
/// component's own predicates, with that literal matched against the newest atoms only.
struct Recursive<'r> {
    rule: &'r Planned,
    delta_plans: Vec<Vec<Step>>,
}

impl Component<'_> {
    fn own(&self, p: PredId) -> bool {
        self.comp_of[p] == self.index
    }

    fn unchanged(&self, before: &Window, after: &Window) -> bool {
        self.preds.iter().all(|&p| after.end[p] == before.end[p])
    }

    /// Instantiates the component's input facts (`facts`: the indices of its own) and rules
    /// (`members`, with their stages: [`super::stages`]) to their fixpoint, stage by stage.
    fn ground(
        &self,
        g: &mut Grounder,
        members: &[(&Planned, Stage)],
        facts: (&InputFacts, &[u32]),
    ) -> Result<(), Diagnostic> {
        // as the first rules of the first pass (they need no match)
        for &i in facts.1 {
            g.add_input_fact(facts.0, i as usize)?;
        }
        let all: Vec<&Planned> = members.iter().map(|&(r, _)| r).collect();
        let start = g.external_bodies_start(&all)?;
        let stages = members.iter().map(|&(_, s)| s + 1).max().unwrap_or(0);
        for stage in 0..stages {
            g.stage = stage;
            let rules: Vec<&Planned> = members
                .iter()
                .filter(|&&(_, s)| s == stage)
                .map(|&(r, _)| r)
                .collect();
            self.ground_stage(g, &rules)?;
        }
        g.stage = 0;
        g.check_external_bodies(start)?;
        for &p in self.preds {
            g.relations[p].complete = true;
        }
        g.recheck_external_bodies(&all)
    }

    /// Instantiates the rules of one stage to their fixpoint.
    fn ground_stage(&self, g: &mut Grounder, members: &[&Planned]) -> Result<(), Diagnostic> {
        g.stages_begun += 1;
        // Rules whose conditions or aggregates may match atoms this stage derives cannot be
        // instantiated until those atoms are known (`grounded_late`): they run after the fixpoint
        // of the others, provisionally (deriving head atoms only) until they add nothing new.
        // So do rules with a conditional literal over them: clingo's grounder counts such a
        // literal only once it has derived it (`{p} :- q : d. q :- p.` has no rule for p).
        let (late, normal): (Vec<&Planned>, Vec<&Planned>) = members.iter().partition(|r| r.late);
        // Positive body literals over this component drive semi-naive iteration.
        let normal: Vec<Recursive> = normal
            .into_iter()
            .map(|rule| Recursive {
                rule,
                delta_plans: self.delta_plans(&rule.rule, &g.program.symbols),
            })
            .collect();
        let mut previous = g.full_window();
        for r in &normal {
            g.external_grounded(r.rule);
            g.instantiate(r.rule, &r.rule.plan.body, &previous)?;
        }
        loop {
            previous = self.semi_naive(g, &normal, previous)?;
            if late.is_empty() {
                return Ok(());
            }
            let before = g.full_window();
            g.provisional = true;
            for r in &late {
                g.instantiate(r, &r.plan.body, &before)?;
            }
            g.provisional = false;
            let after = g.full_window();
            if self.unchanged(&before, &after) {
                // The fixpoint: what is not derived now never is (literals settled once this
                // stage is done are decided).
                g.stage += 1;
                g.settling_late = true;
                for r in &late {
                    g.external_grounded(r);
                    g.instantiate(r, &r.plan.body, &after)?;
                }
                g.settling_late = false;
                return Ok(());
            }
        }
    }

    /// Semi-naive rounds until nothing new is derived: each round matches one recursive
    /// literal against the atoms derived since `previous`. Returns the final window.
    fn semi_naive(
        &self,
        g: &mut Grounder,
        rules: &[Recursive],
        mut previous: Window,
    ) -> Result<Window, Diagnostic> {
        loop {
            let current = g.full_window();
            if self.unchanged(&previous, &current) {
                return Ok(previous);
            }
            let mut delta = current.clone();
            for &p in self.preds {
                delta.start[p] = previous.end[p];
            }
            for r in rules {
                for steps in &r.delta_plans {
                    g.instantiate(r.rule, steps, &delta)?;
                }
            }
            previous = current;
        }
    }

    /// One plan per positive body literal over this component, that literal matched against
    /// new atoms only.
    fn delta_plans(&self, rule: &ir::Rule, syms: &SymbolTable) -> Vec<Vec<Step>> {
        rule.body
            .iter()
            .enumerate()
            .filter_map(|(j, b)| match b {
                ir::Body::Lit(ir::Lit::Atom {
                    sign: Sign::Pos,
                    atom,
                    ..
                }) if self.own(atom.pred) => Some(plan::plan_delta(rule, j, syms)),
                _ => None,
            })
            .collect()
    }
}
