//! Every exit code of the `aspsat` binary. The verdict codes are clingo's (10 satisfiable, 20
//! unsatisfiable, 30 satisfiable and exhausted or optimum proven, 1 interrupted or unknown, 11
//! interrupted after models, 65 input error); 40, 69 and 70 are aspsat's own.

use crate::output::Verdict;

/// Success of a command without a verdict (`ground`, `dimacs`).
pub const OK: i32 = 0;
/// Interrupted (time limit, Ctrl-C) or UNKNOWN; also an output file that cannot be written.
pub const INTERRUPTED: i32 = 1;
pub const SAT: i32 = 10;
pub const UNSAT: i32 = 20;
/// Satisfiable and every model found (or the optimum proven).
pub const EXHAUSTED: i32 = 30;
/// The input is not a program aspsat accepts (syntax, safety, unsupported construct, size).
pub const INPUT_ERROR: i32 = 65;
/// The SAT back end is unavailable or failed (missing binary, crash, output that is not an
/// answer, a wrong model): no verdict. (sysexits' EX_UNAVAILABLE; clingo has no such case.)
pub const SOLVER_ERROR: i32 = 69;
/// `aspsat compare`: encodings (or option sets) disagree on the models or the verdict of an
/// instance — one of them is wrong.
pub const DISAGREEMENT: i32 = 40;
/// A model failed the independent check: a bug in aspsat, never printed as an answer.
pub const INTERNAL: i32 = 70;

/// The exit code of a run that ended with `verdict` after `models` models; `exhausted` when no
/// further models exist.
pub fn code(verdict: Verdict, models: usize, exhausted: bool) -> i32 {
    match verdict {
        Verdict::Unsatisfiable => UNSAT,
        // `--opt-mode=optN -n N` proves the optimum and may stop before the last optimal model
        Verdict::OptimumFound if exhausted => EXHAUSTED,
        Verdict::OptimumFound => SAT,
        Verdict::Satisfiable if exhausted => EXHAUSTED,
        Verdict::Satisfiable => SAT,
        Verdict::Unknown if models > 0 => SAT | INTERRUPTED,
        Verdict::Unknown => INTERRUPTED,
    }
}
