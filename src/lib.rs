//! aspsat: answer set programs in the clingo language, compiled to SAT.
//!
//! The pipeline is `syntax` (text → AST) → `ground` (AST → ground program) → `translate`
//! (ground program → CNF) → `solve` (CNF → models) → `output` (models → answer sets as text/JSON).

pub mod symbol;
pub mod syntax;
