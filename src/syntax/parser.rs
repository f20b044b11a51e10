use super::ast::Statement;
use super::diag::Diagnostic;
use std::sync::Arc;

/// Parses one source text. `file` is the name used in diagnostics (`<stdin>` for standard input).
pub fn parse(source: &str, file: Arc<str>) -> Result<Vec<Statement>, Diagnostic> {
    let _ = (source, file);
    todo!("parser")
}
