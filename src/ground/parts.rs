//! Program parts: `#program name(params).` starts a part; statements before the first one belong
//! to `base`. Without incremental mode only `base` is grounded, as in clingo (the other parts are
//! parsed and ignored). `#const`, `#show p/n.`, `#show.` and `#defined` are global in clingo: they
//! apply whichever part they are written in. `#project p/n.` is not: it applies when its part is
//! grounded (`{s(1,1)}. #program step(t). #project s/2.` is not projected without `step`).

use crate::syntax::ast::Statement;

/// A run of statements of one part, with the parameter names its `#program` line gave.
#[derive(Clone)]
pub struct Block<'a> {
    pub params: &'a [String],
    pub statements: Vec<&'a Statement>,
}

/// Whether a statement applies to the whole program rather than to its part.
pub fn is_global(st: &Statement) -> bool {
    matches!(
        st,
        Statement::Const { .. }
            | Statement::ShowSig { .. }
            | Statement::ShowNothing(_)
            | Statement::HideAll(_)
            | Statement::Defined { .. }
            | Statement::IncludeBuiltin { .. }
    )
}

/// The blocks of part `name` with `arity` parameters, in the order written (global statements
/// are not included: see [`globals`]).
pub fn blocks<'a>(statements: &'a [Statement], name: &str, arity: usize) -> Vec<Block<'a>> {
    let mut out: Vec<Block<'a>> = Vec::new();
    let mut current = name == "base" && arity == 0;
    if current {
        out.push(Block {
            params: &[],
            statements: Vec::new(),
        });
    }
    for st in statements {
        match st {
            Statement::Program {
                name: n, params, ..
            } => {
                current = n == name && params.len() == arity;
                if current {
                    out.push(Block {
                        params,
                        statements: Vec::new(),
                    });
                }
            }
            st if is_global(st) => {}
            st if current => out.last_mut().expect("a block is open").statements.push(st),
            _ => {}
        }
    }
    out
}

/// The statements of part `base` and the global ones, in the order written.
pub fn base_statements(statements: &[Statement]) -> Vec<&Statement> {
    let mut in_base = true;
    let mut out = Vec::new();
    for st in statements {
        match st {
            Statement::Program { name, params, .. } => {
                in_base = name == "base" && params.is_empty();
            }
            st if in_base || is_global(st) => out.push(st),
            _ => {}
        }
    }
    out
}

/// Every part other than `base` without parameters, as (name, number of parameters), in the
/// order first written.
pub fn other_parts(statements: &[Statement]) -> Vec<(&str, usize)> {
    let mut out: Vec<(&str, usize)> = Vec::new();
    for st in statements {
        if let Statement::Program { name, params, .. } = st {
            let part = (name.as_str(), params.len());
            if part != ("base", 0) && !out.contains(&part) {
                out.push(part);
            }
        }
    }
    out
}

/// The statements that apply to every part.
pub fn globals(statements: &[Statement]) -> Vec<&Statement> {
    statements.iter().filter(|s| is_global(s)).collect()
}

/// Whether the program asks for clingo's incremental mode (`#include <incmode>.`).
pub fn uses_incmode(statements: &[Statement]) -> bool {
    statements
        .iter()
        .any(|s| matches!(s, Statement::IncludeBuiltin { name, .. } if name == "incmode"))
}
