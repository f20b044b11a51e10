//! `#const` definitions: evaluated once before compilation (command-line overrides win);
//! constants may refer to others, in any order, but not in a cycle.

use super::GroundOptions;
use super::compile::Compiler;
use super::ir::PredTable;
use crate::symbol::{Sym, SymbolTable};
use crate::syntax::Diagnostic;
use crate::syntax::ast::{Span, Statement, Term};
use std::collections::HashMap;

/// The value of every constant defined in `statements` or by `-c`.
pub fn resolve(
    statements: &[Statement],
    options: &GroundOptions,
    syms: &mut SymbolTable,
) -> Result<HashMap<String, Sym>, Diagnostic> {
    let mut defs: HashMap<String, (Term, Option<Span>)> = HashMap::new();
    for st in statements {
        if let Statement::Const { name, value, span } = st {
            defs.entry(name.clone())
                .or_insert((value.clone(), Some(span.clone())));
        }
    }
    for (name, value) in &options.const_overrides {
        defs.insert(name.clone(), (value.clone(), None));
    }
    let mut resolved: HashMap<String, Sym> = HashMap::new();
    let mut names: Vec<&String> = defs.keys().collect();
    names.sort();
    for name in names {
        resolve_const(name, &defs, &mut resolved, &mut Vec::new(), syms)?;
    }
    Ok(resolved)
}

fn resolve_const(
    name: &str,
    defs: &HashMap<String, (Term, Option<Span>)>,
    resolved: &mut HashMap<String, Sym>,
    visiting: &mut Vec<String>,
    syms: &mut SymbolTable,
) -> Result<(), Diagnostic> {
    if resolved.contains_key(name) {
        return Ok(());
    }
    let (value, span) = &defs[name];
    let error = |msg: String| match span {
        Some(s) => Diagnostic::error(s, msg),
        None => Diagnostic::global(format!("-c {name}: {msg}")),
    };
    if visiting.iter().any(|v| v == name) {
        return Err(error(format!("cyclic definition of constant '{name}'")));
    }
    visiting.push(name.to_string());
    let mut referenced = Vec::new();
    const_refs(value, &mut referenced);
    for r in referenced {
        if defs.contains_key(&r) {
            resolve_const(&r, defs, resolved, visiting, syms)?;
        }
    }
    visiting.pop();
    let mut preds = PredTable::default();
    let mut compiler = Compiler::new(syms, &mut preds, resolved);
    let sym = compiler.ground_term(value)?.ok_or_else(|| {
        error(format!(
            "the value of constant '{name}' must be a ground term"
        ))
    })?;
    resolved.insert(name.to_string(), sym);
    Ok(())
}

fn const_refs(t: &Term, out: &mut Vec<String>) {
    match t {
        Term::Fun { name, args, .. } => {
            if args.is_empty() {
                out.push(name.clone());
            }
            args.iter().for_each(|a| const_refs(a, out));
        }
        Term::Unary(_, x, _) => const_refs(x, out),
        Term::Binary(_, x, y, _) | Term::Interval(x, y, _) => {
            const_refs(x, out);
            const_refs(y, out);
        }
        Term::Pool(alts, _) => alts.iter().for_each(|a| const_refs(a, out)),
        _ => {}
    }
}
