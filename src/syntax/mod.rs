//! Front end: text → [`ast::Statement`]s, with positions for every diagnostic.

pub mod ast;
pub mod diag;
mod lexer;
mod parser;
mod print;

pub use print::bin_op;

pub use diag::{Diagnostic, Severity};
pub use parser::parse;

#[cfg(test)]
mod tests;
