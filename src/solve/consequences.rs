//! Brave and cautious consequences (clingo's `--enum-mode=brave|cautious`): the shown atoms true
//! in some answer set, or in every one.
//!
//! Each answer set found improves an estimate: brave consequences grow by the atoms it shows,
//! cautious ones shrink to the atoms it shares with them. The next answer set must improve the
//! estimate again (show an atom not yet brave, or miss one still cautious); that requirement is a
//! clause guarded by a fresh activation literal assumed for the next calls only, so it expires
//! with the estimate. When no answer set improves it, the estimate is exact.

use super::{Next, Outcome, SatBackend, Search, SolveError, SolveStats, value_in};
use crate::cnf::CnfLit;
use crate::program::GroundProgram;
use crate::symbol::Sym;
use crate::translate::{Translation, Value};

/// Which consequences (`--enum-mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConsequenceMode {
    Brave,
    Cautious,
}

/// The estimate after a model: the symbols, and clingo's bounds on the final number: `lower`
/// atoms are certain consequences, at most `upper` can be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Estimate {
    pub symbols: Vec<Sym>,
    pub lower: usize,
    pub upper: usize,
}

/// A shown symbol with the values that show it.
struct Shown {
    sym: Sym,
    values: Vec<Value>,
}

impl Shown {
    fn in_model(&self, model: &[bool]) -> bool {
        self.values.iter().any(|&v| value_in(v, model))
    }

    /// True in every answer set by the translation alone (a fact).
    fn certain(&self) -> bool {
        self.values.contains(&Value::True)
    }

    fn possible(&self) -> bool {
        self.values.iter().any(|&v| v != Value::False)
    }

    fn lits(&self) -> impl Iterator<Item = CnfLit> + '_ {
        self.values.iter().filter_map(|&v| match v {
            Value::Lit(l) => Some(l),
            _ => None,
        })
    }
}

/// The shown symbols in clingo's order, each once.
fn shown(program: &GroundProgram, tr: &Translation) -> Vec<Shown> {
    let mut entries: Vec<(Sym, bool, Value)> =
        tr.shown.iter().map(|s| (s.sym, s.term, s.value)).collect();
    entries.sort_by(|a, b| program.symbols.compare(a.0, b.0).then(a.1.cmp(&b.1)));
    let mut out: Vec<(Sym, bool, Shown)> = Vec::new();
    for (sym, term, value) in entries {
        match out.last_mut() {
            Some((s, t, shown)) if *s == sym && *t == term => shown.values.push(value),
            _ => out.push((
                sym,
                term,
                Shown {
                    sym,
                    values: vec![value],
                },
            )),
        }
    }
    out.into_iter().map(|(_, _, s)| s).collect()
}

/// Computes the consequences, calling `on_estimate` after every model (at most `max_models`,
/// 0: no bound); the outcome is exhausted when the last estimate is exact.
pub fn consequences(
    program: &GroundProgram,
    tr: &Translation,
    backend: &mut dyn SatBackend,
    mode: ConsequenceMode,
    max_models: usize,
    on_estimate: &mut dyn FnMut(&Estimate) -> Next,
) -> Result<(Outcome, SolveStats), SolveError> {
    let shown = shown(program, tr);
    let mut search = Search::new(program, tr);
    // whether each shown symbol is in the estimate (none before the first model)
    let mut member = vec![false; shown.len()];
    let mut next_var = tr.cnf.num_vars() as CnfLit;
    let mut assumptions: Vec<CnfLit> = Vec::new();
    let mut models = 0;
    while let Some(model) = search.next(backend, &assumptions)? {
        for (i, s) in shown.iter().enumerate() {
            let now = s.in_model(&model);
            member[i] = match mode {
                ConsequenceMode::Brave => member[i] || now,
                ConsequenceMode::Cautious if models == 0 => now,
                ConsequenceMode::Cautious => member[i] && now,
            };
        }
        models += 1;
        let estimate = estimate(&shown, &member, mode);
        let stop = on_estimate(&estimate) == Next::Stop;
        // the clause the next model must satisfy: it improves the estimate
        let mut improve: Vec<CnfLit> = Vec::new();
        for (s, &m) in shown.iter().zip(&member) {
            match mode {
                ConsequenceMode::Brave if !m => improve.extend(s.lits()),
                ConsequenceMode::Cautious if m && !s.certain() => {
                    let lits: Vec<CnfLit> = s.lits().collect();
                    if let [l] = lits[..] {
                        improve.push(-l);
                    } else {
                        // a fresh literal implying that every value showing the symbol is false
                        next_var += 1;
                        for l in lits {
                            backend.add_clause(&[-next_var, -l]);
                        }
                        improve.push(next_var);
                    }
                }
                _ => {}
            }
        }
        if improve.is_empty() {
            return Ok((Outcome::Satisfiable { exhausted: true }, search.finish()));
        }
        if stop || (max_models != 0 && models >= max_models) {
            return Ok((Outcome::Satisfiable { exhausted: false }, search.finish()));
        }
        next_var += 1;
        let activation = next_var;
        improve.insert(0, -activation);
        backend.add_clause(&improve);
        assumptions = vec![activation];
    }
    let outcome = if models == 0 {
        Outcome::Unsatisfiable
    } else {
        Outcome::Satisfiable { exhausted: true }
    };
    Ok((outcome, search.finish()))
}

fn estimate(shown: &[Shown], member: &[bool], mode: ConsequenceMode) -> Estimate {
    let symbols: Vec<Sym> = shown
        .iter()
        .zip(member)
        .filter(|(_, m)| **m)
        .map(|(s, _)| s.sym)
        .collect();
    let (lower, upper) = match mode {
        // every atom shown once is brave; the rest may still be
        ConsequenceMode::Brave => {
            let open = shown
                .iter()
                .zip(member)
                .filter(|(s, m)| !**m && s.possible())
                .count();
            (symbols.len(), symbols.len() + open)
        }
        // only facts are certain before the search ends
        ConsequenceMode::Cautious => {
            let certain = shown
                .iter()
                .zip(member)
                .filter(|(s, m)| **m && s.certain())
                .count();
            (certain, symbols.len())
        }
    };
    Estimate {
        symbols,
        lower,
        upper,
    }
}
