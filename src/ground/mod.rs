//! The grounder: from the AST to the ground program. The stages, each in its module:
//!
//! - [`consts`]: `#const` values (command-line overrides win);
//! - [`unpool`]: pools expanded, and the scope of each interval, as clingo reads them;
//! - [`compile`] (with [`term`]): statements to rules in the intermediate form [`ir`],
//!   variables and conditions numbered per rule;
//! - [`linear_bounds`]: the range literals gringo adds for variables that comparisons bound;
//! - [`plan`]: the safety check and the join order of every body and condition;
//! - [`schedule`]: components of the predicate dependency graph bottom-up, semi-naive inside
//!   recursive components; it drives
//! - [`join`] (matching plans against the atoms derived so far, kept in [`store`]) and
//!   [`emit`] (the ground instance of a rule for each match), both working on the state in
//!   [`state`].
//!
//! Literals decided during grounding (facts, atoms no rule can derive) are removed on the fly;
//! [`crate::program::simplify`] propagates the rest.

mod clingo_terms;
mod compile;
pub(crate) use compile::is_projection;
mod consts;
mod delayed;
mod emit;
mod external_body;
mod facts;
mod gringo_rounds;
pub mod incremental;
mod ir;
mod join;
mod levels;
mod linear_bounds;
mod missed_instances;
mod own_conditions;
pub mod parts;
mod plan;
mod projection;
mod quirks;
mod satisfied_heads;
mod schedule;
mod seen;
mod stages;
mod state;
mod static_undefined;
mod store;
mod term;
pub mod undefined;
mod unpool;

use crate::program::{GroundProgram, ShowSpec};
use crate::symbol::{Signature, SymbolTable};
use crate::syntax::ast::{ProjectTarget, Statement, Term};
use crate::syntax::{self, Diagnostic};
use compile::Compiler;
use facts::InputFacts;
use ir::PredTable;
use plan::Planned;
use state::Grounder;
use std::collections::HashSet;

pub struct GroundOptions {
    /// `-c name=value` overrides, in command-line order.
    pub const_overrides: Vec<(String, Term)>,
    /// Upper bound on ground atoms plus ground rules before grounding stops with an error.
    pub max_size: usize,
}

impl Default for GroundOptions {
    fn default() -> Self {
        GroundOptions {
            const_overrides: Vec::new(),
            max_size: 10_000_000,
        }
    }
}

/// The grounder's result: the ground program and informational diagnostics (undefined
/// operations) to print on standard error.
pub struct Grounded {
    pub program: GroundProgram,
    pub infos: Vec<Diagnostic>,
}

/// Grounds part `base` (the other parts are ignored, as clingo does without incremental mode).
pub fn ground(statements: &[Statement], options: &GroundOptions) -> Result<Grounded, Diagnostic> {
    if let Some(span) = incmode_span(statements) {
        return Err(Diagnostic::error(
            span,
            "#include <incmode> (incremental mode) is handled by `aspsat solve`, `ground` and `dimacs` only",
        ));
    }
    let mut syms = SymbolTable::new();
    let consts = consts::resolve(statements, options, &mut syms)?;
    let mut preds = PredTable::default();
    let mut directives = Directives::new();
    let base = parts::base_statements(statements);
    // Facts without variables are kept apart from the rules (a compiled rule and a plan per
    // fact would cost about 400 bytes each).
    let mut facts = InputFacts::default();
    let (mut rules, compile_infos, order_unknown) = {
        let mut compiler = Compiler::new(&mut syms, &mut preds, &consts);
        compiler.definitions = projection::Definitions::needed(&base)
            .then(|| projection::Definitions::build(&base, &mut compiler));
        compiler.program_deps = Some(quirks::ProgramDeps::new(&base, true));
        let rules = compile_and_plan(&base, &mut compiler, &mut directives, Some(&mut facts))?;
        let order_unknown = compiler.projection_removed;
        (rules, std::mem::take(&mut compiler.infos), order_unknown)
    };
    check_unground_parts(statements, &consts, &mut syms)?;
    let mut program = GroundProgram::new(syms);
    directives.apply(&mut program);
    let mut grounder = Grounder::new(program, &preds, options.max_size);
    grounder.order_unknown = order_unknown;
    grounder.domain_shows = rules.iter().any(|r| r.rule.head.shows_domain());
    schedule::run(&mut grounder, &mut rules, &facts)?;
    let (mut program, grounder_infos) = grounder.finish();
    let mut infos = compile_infos;
    infos.extend(grounder_infos);
    program.record_grounded_heads();
    program.record_projections_of_facts();
    check_late_satisfied_disjunctions(&program)?;
    if let Some((atom, span)) = program.objective_atom_maybe_outside_gringo_domain() {
        let atom = program.symbols.to_string(program.atom_sym(atom));
        return Err(Diagnostic::error(
            span,
            format!(
                "this rule puts {atom}, which an optimization statement uses, in the domain only \
                 through a negated literal over its own component that is false in the end, \
                 which clingo's grounder may decide before it grounds the rule (then {atom} is \
                 not in its domain and the optimization element has no instance), in an order \
                 of statements aspsat does not model here (not supported)"
            ),
        ));
    }
    undefined::describe_operations(&mut infos, &base);
    infos.extend(undefined::undefined_atoms(&base, &|name| {
        consts.defines(name)
    }));
    check_external_support(&program, &base)?;
    crate::program::simplify(&mut program);
    check_false_in_the_end(&program)?;
    Ok(Grounded { program, infos })
}

/// Refuses an `#external` or optimization statement with a ground body that aspsat kept open
/// and the simplified program makes false, where clingo's grounder may have known it false
/// when it grounded the statement (`external_body::mark_checked_in_the_end`).
pub(super) fn check_false_in_the_end(program: &GroundProgram) -> Result<(), Diagnostic> {
    let Some(span) = (program.end_checks.iter())
        .zip(&program.end_checks_false)
        .find_map(|(check, &false_in_the_end)| false_in_the_end.then_some(&check.span))
    else {
        return Ok(());
    };
    Err(Diagnostic::error(
        span,
        "an #external or optimization statement whose body is false once the program is \
         simplified, through atoms that clingo's grounder may make facts (or leave out of its \
         domain) before it grounds the statement, deciding a negated literal over another of \
         its positive parts, is not supported (gringo then declares nothing or writes no \
         optimization element, in an order of statements aspsat does not model here)",
    ))
}

/// Refuses a simple disjunction instance (`a ; b ; c :- body`, no conditions) that one of its
/// heads satisfied only after aspsat grounded it, where a head written after that one occurs
/// in an optimization statement and nothing else puts it in the domain. gringo defines such a
/// rule's heads in the order written up to the first fact (`ground::satisfied_heads`), and
/// whether that head was a fact when gringo grounded the instance depends on its rounds through
/// the component, which aspsat does not follow: the priority level of the weak constraint over
/// the later head would exist or not (`q(2). d(1;2). q(X) ; p(1) ; r :- d(X), q(_). q(1) :-
/// p(_). p(X) :- q(X). :~ r. [1@10]` has no level 10 in clingo 5.8.3).
fn check_late_satisfied_disjunctions(program: &GroundProgram) -> Result<(), Diagnostic> {
    use crate::program::BodyElem;
    if program.minimize.is_empty() || program.disjunctions.is_empty() {
        return Ok(());
    }
    let mut optimized = HashSet::new();
    for c in &program.minimize {
        for b in &c.body {
            if let BodyElem::Lit(l) = b {
                optimized.insert(l.atom);
            }
        }
    }
    let mut surely = program.facts.clone();
    for (i, r) in program.rules.iter().enumerate() {
        if program.shifted.get(i).copied().unwrap_or(false) {
            continue;
        }
        r.head_atoms()
            .into_iter()
            .for_each(|a| surely[a.0 as usize] = true);
    }
    program
        .domain_without_rules
        .iter()
        .for_each(|a| surely[a.0 as usize] = true);
    for d in &program.disjunctions {
        if d.elems.iter().any(|e| !e.cond.is_empty()) {
            continue;
        }
        let Some(first_fact) = d.elems.iter().position(|e| program.is_fact(e.atom)) else {
            continue;
        };
        if let Some(e) = d.elems[first_fact + 1..]
            .iter()
            .find(|e| !surely[e.atom.0 as usize] && optimized.contains(&e.atom))
        {
            return Err(Diagnostic::error(
                &d.span,
                format!(
                    "a disjunction instance whose head {} became a fact after it was grounded, \
                     with {} after it in an optimization statement: whether clingo's grounder \
                     adds {} to its domain (and so makes its priority level) depends on the \
                     order of its rounds (not supported)",
                    program
                        .symbols
                        .to_string(program.atom_sym(d.elems[first_fact].atom)),
                    program.symbols.to_string(program.atom_sym(e.atom)),
                    program.symbols.to_string(program.atom_sym(e.atom)),
                ),
            ));
        }
    }
    Ok(())
}

/// Refuses an `#external` atom whose status clasp decides by the order of clingo's output
/// statements ([`GroundProgram::order_dependent_external`]) or by how gringo translates a
/// choice that chooses it under its own condition ([`GroundProgram::self_chosen_external`]),
/// at the first `#external` statement of its predicate.
fn check_external_support(program: &GroundProgram, base: &[&Statement]) -> Result<(), Diagnostic> {
    let (atom, why) = if let Some(atom) = program.order_dependent_external() {
        let why = "every rule defining it may support nothing once clasp reads it (an integrity \
                   constraint falsifies its body or forbids the atom a choice rule defines, or a \
                   disjunction written last negates a fact in its body, or constraints make \
                   an atom it negates a fact, or a constraint may have its body through \
                   auxiliary atoms gringo shares), and whether it then stays external depends \
                   on the order of clingo's output statements or on how gringo writes them";
        (atom, why)
    } else if let Some(atom) = program.external_satisfied_later() {
        let why = "a disjunction defines it that a fact among its heads satisfies, derived \
                   after clingo's grounder wrote the disjunction, and whether it stays external \
                   depends on the order of clingo's output statements";
        (atom, why)
    } else if let Some(atom) = program.external_maybe_satisfied_by_gringo() {
        let why = "a disjunction defines it with a head that holds once grounding is done but \
                   that aspsat's grounder leaves open, which clingo's grounder may derive as a \
                   fact before it writes the disjunction (and clasp then drops it), by an order \
                   of statements aspsat does not model";
        (atom, why)
    } else if let Some(atom) = program.external_maybe_undefined_by_gringo() {
        let why = "every rule defining it (but tautologies clasp drops) has a negated literal \
                   over its own component that is false in the end (or a positive one over an \
                   atom whose every rule has one), which clingo's grounder may decide before \
                   it grounds the rule (then it writes no rule and the atom stays external), \
                   in an order of statements aspsat does not model here";
        (atom, why)
    } else if let Some(atom) = program.external_maybe_written_by_gringo() {
        let why = "a rule has instances with an aggregate over the rule's own component \
                   (negated, or not monotone) that is false once known, which clingo's \
                   grounder may have written with the aggregate open, putting their heads in \
                   its domain (which may end the atom's external status), by an order of \
                   statements aspsat does not model here";
        (atom, why)
    } else if let Some(atom) = program.self_chosen_external() {
        let why = "a choice chooses it under a condition that holds the atom itself, and \
                   whether it stays external depends on how gringo translates the choice";
        (atom, why)
    } else {
        return Ok(());
    };
    let sym = program.atom_sym(atom);
    let sig = program.symbols.signature(sym);
    let same_predicate = |term: &Term| match (term, sig) {
        (Term::Fun { name, args, .. }, Some(sig)) => {
            name == program.symbols.name_str(sig.name) && args.len() == sig.arity
        }
        _ => false,
    };
    // (the atom is external, so some `#external` statement exists: one of its predicate, or
    // one whose atom is a `#const` name or a pool-made term)
    let externals = || {
        base.iter().filter_map(|st| match st {
            Statement::External(e) => Some(e),
            _ => None,
        })
    };
    let span = externals()
        .find(|e| same_predicate(&e.atom.term))
        .or_else(|| externals().next())
        .map(|e| e.span.clone());
    let message = format!(
        "#external {}: {why} (not supported)",
        program.symbols.to_string(sym)
    );
    let span = span.unwrap_or(syntax::ast::Span {
        file: "<input>".into(),
        start_line: 1,
        start_col: 1,
        end_line: 1,
        end_col: 1,
    });
    Err(Diagnostic::error(&span, message))
}

/// What the directives that are not rules say: the shown atoms and the `#project` signatures.
struct Directives {
    show: ShowSpec,
    project: HashSet<Signature>,
}

impl Directives {
    fn new() -> Self {
        Directives {
            show: ShowSpec {
                show_all_atoms: true,
                ..Default::default()
            },
            project: HashSet::new(),
        }
    }

    fn apply(self, program: &mut GroundProgram) {
        program.show = self.show;
        program.project_signatures = self.project;
    }
}

/// The rules of `source` compiled and planned as [`ground`] does, with the tables that name
/// their predicates and constants: what the planner's tests look at.
#[cfg(test)]
fn planned_rules(source: &str) -> (Vec<Planned>, PredTable, SymbolTable) {
    let statements = crate::syntax::parse(source, "t.lp".into()).expect("test program parses");
    let mut syms = SymbolTable::new();
    let consts = consts::resolve(&statements, &GroundOptions::default(), &mut syms)
        .expect("test program's constants resolve");
    let mut preds = PredTable::default();
    let rules = {
        let mut compiler = Compiler::new(&mut syms, &mut preds, &consts);
        let statements: Vec<&Statement> = statements.iter().collect();
        compile_and_plan(&statements, &mut compiler, &mut Directives::new(), None)
            .expect("test program compiles and is safe")
    };
    (rules, preds, syms)
}

/// clingo checks the rules of every part for safety when it reads them, grounded or not: the
/// parts other than `base` are compiled and planned here (a parameter stands for a constant),
/// and not grounded. A construct aspsat refuses is refused there too: its safety cannot be
/// checked otherwise, and a refusal is never a wrong answer.
///
/// clingo does not know a parameter's value then, and decides no comparison or arithmetic
/// with it, where aspsat's compiler decides what it can: each part is checked twice, the
/// parameters once a number (which arithmetic keeps defined) and once a symbol (which no
/// comparison with a number decides: `not not k = 3 >= 2` hid an unsafe variable from the
/// number 0; differential seed 18 #205).
fn check_unground_parts(
    statements: &[Statement],
    consts: &consts::Constants,
    syms: &mut SymbolTable,
) -> Result<(), Diagnostic> {
    let mut preds = PredTable::default();
    let mut directives = Directives::new();
    let number = syms.num(0);
    let name = syms.name("parameter#");
    let symbol = syms.function(name, Vec::new(), false);
    for (name, arity) in parts::other_parts(statements) {
        for (block, placeholder) in parts::blocks(statements, name, arity)
            .into_iter()
            .flat_map(|block| [(block.clone(), number), (block, symbol)])
        {
            let mut consts = consts.clone();
            for p in block.params {
                consts.insert(p.clone(), placeholder);
            }
            let mut compiler = Compiler::new(syms, &mut preds, &consts);
            compiler.unknown = (placeholder == symbol).then_some(symbol);
            // Only checked, never grounded: no refusal of how gringo would ground a rule.
            compiler.program_deps = Some(quirks::ProgramDeps::new(&block.statements, true));
            if projection::Definitions::needed(&block.statements) {
                let definitions = projection::Definitions::build(&block.statements, &mut compiler);
                compiler.definitions = Some(definitions);
            }
            compile_and_plan(&block.statements, &mut compiler, &mut directives, None)?;
        }
    }
    Ok(())
}

/// Compiles every statement and plans the rules it yields (directives go into `directives`);
/// with `facts`, the facts without variables go there instead of becoming rules.
fn compile_and_plan(
    statements: &[&Statement],
    compiler: &mut Compiler,
    directives: &mut Directives,
    mut facts: Option<&mut InputFacts>,
) -> Result<Vec<Planned>, Diagnostic> {
    let mut rules = Vec::new();
    for st in statements {
        if let (Some(facts), Statement::Rule(rule)) = (facts.as_deref_mut(), st)
            && let Some((pred, args)) = compiler.plain_fact(rule)
        {
            facts.push(pred, &args, rule.span.clone());
            continue;
        }
        let compiled = compile_statement(compiler, st, directives);
        compiler.flush_projections();
        // The rules a statement yielded before a compilation error are planned (and checked
        // for safety) first: the error reported is the first one in the text.
        for rule in compiler.out.drain(..) {
            let rule = match facts.as_deref_mut() {
                Some(facts) => match facts.take(rule) {
                    Some(rule) => rule,
                    None => continue,
                },
                None => rule,
            };
            let mut rule = rule;
            linear_bounds::add_ranges(&mut rule, compiler.syms);
            if let Some(joined) = plan::join_moved_element(&rule) {
                // safety is clingo's for the rule as written
                plan::plan_safe(&rule, compiler.syms)?;
                rule = joined;
            }
            let plan = plan::plan_rule(&rule, compiler.syms)?;
            rules.push(Planned {
                rule,
                plan,
                delayed: Vec::new(),
                condition_recursive: Vec::new(),
                undecided: Vec::new(),
                negated: Vec::new(),
                satisfied_heads: Default::default(),
                late: false,
                external_order: None,
                checked_in_the_end: false,
            });
        }
        compiled?;
    }
    Ok(rules)
}

fn compile_statement(
    compiler: &mut Compiler,
    st: &Statement,
    directives: &mut Directives,
) -> Result<(), Diagnostic> {
    let settled;
    let st = if st.has_negated_chain() {
        let mut copy = st.clone();
        compiler.settle_negated_chains(&mut copy)?;
        settled = copy;
        &settled
    } else {
        st
    };
    let show = &mut directives.show;
    match st {
        Statement::Rule(r) => compiler.rule(r)?,
        Statement::Const { .. } => {}
        Statement::ShowSig {
            name,
            arity,
            negative,
            ..
        } => {
            show.show_all_atoms = false;
            let name = compiler.syms.name(name);
            show.signatures.insert(Signature {
                name,
                arity: *arity,
                negative: *negative,
            });
        }
        Statement::ShowNothing(_) | Statement::HideAll(_) => show.show_all_atoms = false,
        Statement::ShowTerm { term, body, span } => compiler.show_term(term, body, span)?,
        // Parts are selected before compilation (see `parts`).
        Statement::Program { .. } => {}
        Statement::IncludeBuiltin { name, span } => {
            if name != "incmode" {
                return Err(Diagnostic::error(
                    span,
                    format!(
                        "#include <{name}> is not supported: aspsat has no embedded script interpreter and knows only <incmode>"
                    ),
                ));
            }
        }
        Statement::External(ext) => compiler.external(ext)?,
        Statement::Edge { pairs, body, span } => compiler.edge(pairs, body, span)?,
        Statement::Project { target, span } => match target {
            ProjectTarget::Signature {
                name,
                arity,
                negative,
            } => {
                let name = compiler.syms.name(name);
                directives.project.insert(Signature {
                    name,
                    arity: *arity,
                    negative: *negative,
                });
            }
            ProjectTarget::Atom { atom, body } => compiler.project_atom(atom, body, span)?,
        },
        // clingo ignores heuristics unless run with `--heuristic=Domain` (their safety is
        // checked all the same)
        Statement::Heuristic {
            atom,
            body,
            terms,
            span,
        } => compiler.heuristic(atom, body, terms, span)?,
        Statement::Defined { .. } => {}
        Statement::Optimize {
            elems, maximize, ..
        } => {
            for e in elems {
                compiler.cost(e, &e.cond, *maximize)?;
            }
        }
        Statement::Weak { body, elem, .. } => compiler.cost(elem, body, false)?,
        Statement::Include { span, .. } => {
            return Err(Diagnostic::error(
                span,
                "#include must be resolved by the loader",
            ));
        }
        Statement::Unsupported { what, span } => {
            return Err(Diagnostic::error(span, unsupported_message(what)));
        }
    }
    Ok(())
}

/// The error for a construct aspsat does not support; scripts and `@f(...)` calls need
/// clingo's embedded interpreters.
fn unsupported_message(what: &str) -> String {
    if what == "#script" || what.starts_with("external function call") {
        format!("{what} is not supported: aspsat has no embedded script interpreter")
    } else {
        format!("{what} is not supported")
    }
}

/// Where `#include <incmode>.` is written, if it is.
pub fn incmode_span(statements: &[Statement]) -> Option<&crate::syntax::ast::Span> {
    statements.iter().find_map(|s| match s {
        Statement::IncludeBuiltin { name, span } if name == "incmode" => Some(span),
        _ => None,
    })
}
