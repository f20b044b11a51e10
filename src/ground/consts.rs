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
    // As clingo: one plain (or `[default]`) and one `[override]` definition per name at most,
    // the override winning; a second definition of the same kind is an error even with the
    // same value. `-c` is an override of its own: it replaces the plain definitions of its name
    // (so that redefining those is then no error, clingo likewise), and an `[override]` of the
    // same name, or a second `-c` for it, is a redefinition.
    for (i, (name, _)) in options.const_overrides.iter().enumerate() {
        if options.const_overrides[..i].iter().any(|(n, _)| n == name) {
            return Err(Diagnostic::global(format!(
                "redefinition of constant '{name}' (-c {name}=... given twice)"
            )));
        }
    }
    let mut defaults: HashMap<&str, (&Term, &Span)> = HashMap::new();
    let mut overrides: HashMap<&str, (&Term, &Span)> = HashMap::new();
    for st in statements {
        if let Statement::Const {
            name,
            value,
            overriding,
            span,
        } = st
        {
            let kind = if *overriding {
                &mut overrides
            } else {
                &mut defaults
            };
            let by_command_line = options.const_overrides.iter().any(|(n, _)| n == name);
            if *overriding && by_command_line {
                return Err(Diagnostic::error(
                    span,
                    format!("redefinition of constant '{name}' (also defined by -c {name}=...)"),
                ));
            }
            if let Some((_, first)) = kind.insert(name, (value, span))
                && !by_command_line
            {
                return Err(Diagnostic::error(
                    span,
                    format!(
                        "redefinition of constant '{name}' (also defined at {}:{}:{})",
                        first.file, first.start_line, first.start_col
                    ),
                ));
            }
        }
    }
    let mut defs: HashMap<String, (Term, Option<Span>)> = defaults
        .into_iter()
        .chain(overrides)
        .map(|(name, (value, span))| (name.to_string(), (value.clone(), Some(span.clone()))))
        .collect();
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
