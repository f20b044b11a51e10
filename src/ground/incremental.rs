//! Multi-shot grounding as clingo's incremental mode does it: program parts are grounded one
//! call after another against the atoms earlier calls produced, and never again. Earlier
//! calls' decisions stand: an atom no earlier rule could derive was false there (so
//! `p(1) :- not q(2).` made `p(1)` a fact in step 1 even if step 2 defines `q(2)`), and an
//! atom an earlier call defined may not get rules later (clingo: "redefinition of atom"),
//! except an `#external` one, which becomes a normal atom. Each call's rules therefore
//! complete the definitions of the atoms they define, which is what lets the translation
//! extend the CNF of the earlier calls without touching it.

use super::compile::Compiler;
use super::facts::InputFacts;
use super::ir::PredTable;
use super::parts;
use super::quirks;
use super::state::Grounder;
use super::{Directives, GroundOptions, compile_and_plan, consts, schedule};
use crate::program::{AtomId, GroundProgram, Head};
use crate::symbol::{Sym, SymbolTable};
use crate::syntax::Diagnostic;
use crate::syntax::ast::Statement;

/// Where one grounding call's output starts in the program's lists: the call's "delta".
#[derive(Clone, Copy, Debug, Default)]
pub struct Delta {
    pub rules: usize,
    pub disjunctions: usize,
    pub show_terms: usize,
    pub minimize: usize,
    pub edges: usize,
    pub externals: usize,
}

impl Delta {
    fn start_of(p: &GroundProgram) -> Delta {
        Delta {
            rules: p.rules.len(),
            disjunctions: p.disjunctions.len(),
            show_terms: p.show.terms.len(),
            minimize: p.minimize.len(),
            edges: p.edges.len(),
            externals: p.externals.len(),
        }
    }

    /// Runs `f` on `program` with its lists cut to this delta (the older entries are put
    /// back afterwards, in front): `f` sees only what the call produced, at the cost of the
    /// delta's size.
    pub fn view<R>(
        &self,
        program: &mut GroundProgram,
        f: impl FnOnce(&mut GroundProgram) -> R,
    ) -> R {
        fn cut<T>(v: &mut Vec<T>, at: usize) -> Vec<T> {
            let tail = v.split_off(at);
            std::mem::replace(v, tail)
        }
        fn paste<T>(v: &mut Vec<T>, mut old: Vec<T>) {
            old.append(v);
            *v = old;
        }
        let rules = cut(&mut program.rules, self.rules);
        let shifted_at = self.rules.min(program.shifted.len());
        let shifted = cut(&mut program.shifted, shifted_at);
        let disjunctions = cut(&mut program.disjunctions, self.disjunctions);
        let terms = cut(&mut program.show.terms, self.show_terms);
        let minimize = cut(&mut program.minimize, self.minimize);
        let edges = cut(&mut program.edges, self.edges);
        let result = f(program);
        paste(&mut program.rules, rules);
        paste(&mut program.shifted, shifted);
        paste(&mut program.disjunctions, disjunctions);
        paste(&mut program.show.terms, terms);
        paste(&mut program.minimize, minimize);
        paste(&mut program.edges, edges);
        result
    }
}

/// The grounder's state between calls.
pub struct IncrementalGrounder<'s> {
    statements: &'s [Statement],
    preds: PredTable,
    consts: super::consts::Constants,
    grounder: Grounder,
    /// Auxiliary `#projN` predicates so far (their names must stay distinct across calls).
    projections: usize,
    /// The predicate dependencies of all parts.
    deps: quirks::ProgramDeps,
}

impl<'s> IncrementalGrounder<'s> {
    /// Reads the global directives (`#const`, `#show p/n`, `#defined`); grounds nothing.
    pub fn new(statements: &'s [Statement], options: &GroundOptions) -> Result<Self, Diagnostic> {
        let mut syms = SymbolTable::new();
        let consts = consts::resolve(statements, options, &mut syms)?;
        let mut preds = PredTable::default();
        let mut directives = Directives::new();
        {
            let mut compiler = Compiler::new(&mut syms, &mut preds, &consts);
            compile_and_plan(
                &parts::globals(statements),
                &mut compiler,
                &mut directives,
                None,
            )?;
        }
        let mut program = GroundProgram::new(syms);
        directives.apply(&mut program);
        let mut grounder = Grounder::new(program, &preds, options.max_size);
        grounder.keep_rule_copies();
        Ok(IncrementalGrounder {
            statements,
            preds,
            consts,
            grounder,
            projections: 0,
            deps: quirks::ProgramDeps::new(&statements.iter().collect::<Vec<_>>(), false),
        })
    }

    /// The value of `#const name` (or `-c name=...`).
    pub fn constant(&self, name: &str) -> Option<Sym> {
        self.consts.get(name).copied()
    }

    pub fn program(&self) -> &GroundProgram {
        &self.grounder.program
    }

    /// The ground program of all calls so far.
    pub fn into_program(self) -> GroundProgram {
        self.grounder.program
    }

    pub fn program_mut(&mut self) -> &mut GroundProgram {
        &mut self.grounder.program
    }

    pub fn symbols_mut(&mut self) -> &mut SymbolTable {
        &mut self.grounder.program.symbols
    }

    /// Informational messages since the last call.
    pub fn take_infos(&mut self) -> Vec<Diagnostic> {
        self.grounder.take_infos()
    }

    /// Grounds the parts `(name, arguments)` together (one clingo `ground` call) and
    /// simplifies what they produced; returns where that starts.
    pub fn ground(&mut self, calls: &[(&str, Vec<Sym>)]) -> Result<Delta, Diagnostic> {
        let mut rules = Vec::new();
        let mut directives = Directives::new();
        for (name, args) in calls {
            for block in parts::blocks(self.statements, name, args.len()) {
                let mut consts = self.consts.clone();
                for (p, v) in block.params.iter().zip(args) {
                    consts.insert(p.clone(), *v);
                }
                let mut compiler =
                    Compiler::new(&mut self.grounder.program.symbols, &mut self.preds, &consts);
                compiler.projections = self.projections;
                compiler.program_deps = Some(self.deps.clone());
                let planned =
                    compile_and_plan(&block.statements, &mut compiler, &mut directives, None);
                self.projections = compiler.projections;
                self.grounder.order_unknown |= compiler.projection_removed;
                let infos = std::mem::take(&mut compiler.infos);
                self.grounder.add_infos(infos);
                rules.extend(planned?);
            }
        }
        // `#project p/n.` belongs to its part: it applies once the part is grounded
        (self.grounder.program.project_signatures).extend(directives.project);
        self.grounder.add_relations(&self.preds);
        for r in &rules {
            for p in r.rule.head_preds() {
                self.grounder.relations[p].complete = false;
            }
        }
        let program = &self.grounder.program;
        let delta = Delta::start_of(program);
        let open_before: Vec<bool> = (0..program.num_atoms())
            .map(|a| program.is_derivable(AtomId(a as u32)))
            .collect();
        let facts_before = program.facts.clone();
        schedule::run(&mut self.grounder, &mut rules, &InputFacts::default())?;
        self.record_definitions(&delta, &facts_before);
        let program = &mut self.grounder.program;
        let mut outside = open_before;
        outside.resize(program.num_atoms(), false);
        for (a, _) in &program.externals {
            outside[a.0 as usize] = true;
        }
        delta.view(program, |p| crate::program::simplify_with(p, &outside));
        super::check_false_in_the_end(program)?;
        // (this call's statements are checked: a later call adds its own)
        program.end_checks.clear();
        Ok(delta)
    }

    /// Records the atoms this call defined (rule heads, new facts): later calls may not
    /// define them (the grounder refuses such rules at their position, as clingo does).
    fn record_definitions(&mut self, delta: &Delta, facts_before: &[bool]) {
        let program = &self.grounder.program;
        let frozen = &mut self.grounder.frozen;
        frozen.resize(program.num_atoms(), false);
        for r in &program.rules[delta.rules..] {
            match &r.head {
                Head::Atom(a) => frozen[a.0 as usize] = true,
                Head::Choice { elems, .. } => {
                    elems.iter().for_each(|e| frozen[e.atom.0 as usize] = true)
                }
                Head::None => {}
            }
        }
        for (a, &fact) in program.facts.iter().enumerate() {
            if fact && !facts_before.get(a).copied().unwrap_or(false) {
                frozen[a] = true;
            }
        }
    }
}
