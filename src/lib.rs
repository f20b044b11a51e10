//! aspsat: answer set programs in the clingo language, compiled to SAT.
//!
//! The pipeline is [`syntax`] (text → AST) → [`ground`] (AST → ground program) → [`translate`]
//! (ground program → CNF) → [`solve`] (CNF → models) → [`output`] (models → answer sets as
//! clingo-style text or JSON). [`api`] takes a program as text to its answer sets, ground
//! program or CNF in one call (the Python package is built on it); [`compile`] runs the
//! first stages on parsed statements; [`commands`] are
//! the subcommands of the `aspsat` binary ([`compare`] runs
//! many of them side by side), and [`exit`] holds their exit codes.

pub mod api;
pub mod aspif;
pub mod clingo_flags;
pub mod cnf;
pub mod commands;
pub mod compare;
pub mod exit;
pub mod ground;
pub mod incmode;
pub mod load;
pub mod output;
mod pipeline;
pub mod program;
pub mod puzzles;
pub(crate) mod scc;
pub mod solve;
pub mod symbol;
pub mod syntax;
pub mod translate;

pub use pipeline::{CompileOptions, Compiled, compile, compile_ground, ground_options};
