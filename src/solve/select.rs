//! `--solver NAME|PATH` and `--solver-args`: which back end solves the CNF.

use super::SatBackend;
use super::VarisatBackend;
use super::external::{ExternalBackend, ExternalSolver};

/// The back end chosen on the command line.
#[derive(Clone, Debug)]
pub enum SolverChoice {
    /// The embedded varisat (default).
    Varisat,
    /// CaDiCaL compiled in (cargo feature `cadical-embedded`).
    CadicalEmbedded,
    /// A solver binary run on a temporary DIMACS file for each call.
    External(ExternalSolver),
}

impl SolverChoice {
    /// Resolves a `--solver` value (empty: the default) and its `--solver-args` (split at
    /// whitespace). Fails when the solver does not exist or cannot take arguments.
    pub fn resolve(name: &str, args: Option<&str>) -> Result<SolverChoice, String> {
        let args: Vec<String> = args
            .unwrap_or("")
            .split_whitespace()
            .map(String::from)
            .collect();
        let embedded = |choice: SolverChoice| {
            if args.is_empty() {
                Ok(choice)
            } else {
                Err(format!(
                    "--solver-args applies to external solvers only, not to '{name}'"
                ))
            }
        };
        match name {
            "" | "varisat" => embedded(SolverChoice::Varisat),
            "cadical-embedded" => {
                if cfg!(feature = "cadical-embedded") {
                    embedded(SolverChoice::CadicalEmbedded)
                } else {
                    Err(
                        "this aspsat was built without the embedded CaDiCaL (rebuild with \
                         `cargo build --release --features cadical-embedded`, or use an \
                         installed solver with --solver cadical)"
                            .into(),
                    )
                }
            }
            _ => Ok(SolverChoice::External(ExternalSolver::resolve(
                name, &args,
            )?)),
        }
    }

    /// A fresh back end for a CNF over `num_vars` variables.
    pub fn backend(&self, num_vars: u32) -> Box<dyn SatBackend> {
        match self {
            SolverChoice::Varisat => Box::new(VarisatBackend::new(num_vars)),
            #[cfg(feature = "cadical-embedded")]
            SolverChoice::CadicalEmbedded => {
                Box::new(super::cadical_backend::CadicalBackend::new(num_vars))
            }
            #[cfg(not(feature = "cadical-embedded"))]
            SolverChoice::CadicalEmbedded => unreachable!("rejected by resolve"),
            SolverChoice::External(s) => Box::new(ExternalBackend::new(s.clone(), num_vars)),
        }
    }
}
