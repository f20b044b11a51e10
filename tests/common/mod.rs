//! Helpers shared by the integration tests.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// xorshift64*: reproducible random numbers without a dependency (seeds are printed by the
/// tests that use it, so failures can be replayed).
pub struct Rng(pub u64);

#[allow(dead_code)] // not every test binary uses every helper
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..n` (0 for an empty range).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
}

/// What a run of the binary printed.
#[allow(dead_code)]
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

/// Runs the aspsat binary in `dir` without standard input; killed after `timeout`.
#[allow(dead_code)]
pub fn run_aspsat<S: AsRef<std::ffi::OsStr>>(
    args: &[S],
    dir: &Path,
    timeout: Duration,
) -> Result<Run, String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_aspsat"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start aspsat: {e}"))?;
    let mut out = child.stdout.take().expect("piped stdout");
    let mut err = child.stderr.take().expect("piped stderr");
    let out_t = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = out.read_to_end(&mut b);
        b
    });
    let err_t = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = err.read_to_end(&mut b);
        b
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() > timeout => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("timed out after {}s", timeout.as_secs()));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(format!("wait failed: {e}")),
        }
    };
    Ok(Run {
        code: status.code(),
        stdout: String::from_utf8_lossy(&out_t.join().unwrap_or_default()).into_owned(),
        stderr: String::from_utf8_lossy(&err_t.join().unwrap_or_default()).into_owned(),
    })
}

/// The answer sets aspsat enumerates for `text` (embedded varisat, every model checked by the
/// independent stable-model check), each a sorted list of shown atoms; `project` as `--project`.
#[allow(dead_code)]
pub fn aspsat_answer_sets(
    text: &str,
    kind: aspsat::translate::TranslationKind,
    project: bool,
) -> Result<std::collections::BTreeSet<Vec<String>>, String> {
    let mut out = std::collections::BTreeSet::new();
    for names in aspsat_models(text, kind, project)? {
        assert!(out.insert(names), "answer set enumerated twice");
    }
    Ok(out)
}

/// Every model aspsat enumerates for `text`, in order (as [`aspsat_answer_sets`], duplicates
/// kept: under `#project` two models may print alike).
#[allow(dead_code)]
pub fn aspsat_models(
    text: &str,
    kind: aspsat::translate::TranslationKind,
    project: bool,
) -> Result<Vec<Vec<String>>, String> {
    let statements = aspsat::syntax::parse(text, "<random>".into()).map_err(|d| d.to_string())?;
    let options = aspsat::CompileOptions {
        translation: kind,
        ..aspsat::CompileOptions::default()
    };
    let mut compiled = aspsat::compile(&statements, &options).map_err(|d| d.to_string())?;
    // externals take their default values, as `aspsat solve` gives them
    compiled.translation.fix_external_defaults();
    if kind == aspsat::translate::TranslationKind::Ranking
        && compiled.translation.stability.needs_check()
    {
        return Err("the ranking translation left loops to the stability check".into());
    }
    let mut backend = aspsat::solve::VarisatBackend::new(compiled.translation.cnf.num_vars());
    aspsat::solve::load(&mut backend, &compiled.translation.cnf);
    let mut out = Vec::new();
    let symbols = &compiled.program.symbols;
    aspsat::solve::enumerate(
        &compiled.program,
        &compiled.translation,
        &mut backend,
        &aspsat::solve::SolveOptions {
            max_models: 0,
            project,
        },
        &mut |m, cnf_model| {
            let values = aspsat::solve::atom_values(&compiled.translation, cnf_model);
            aspsat::solve::check::check_model(&compiled.program, &values)
                .expect("every model passes the independent stable-model check");
            let mut names: Vec<String> = m.iter().map(|s| symbols.to_string(*s)).collect();
            names.sort();
            out.push(names);
            aspsat::solve::Next::Continue
        },
    )?;
    Ok(out)
}

/// Every model of `cnf` over all its variables (at most `limit`), as `model[v]`: AllSAT by
/// embedded varisat with a blocking clause over all variables after each model.
#[allow(dead_code)]
pub fn all_cnf_models(cnf: &aspsat::cnf::Cnf, limit: usize) -> Vec<Vec<bool>> {
    use aspsat::solve::SatBackend;
    let mut backend = aspsat::solve::VarisatBackend::new(cnf.num_vars());
    aspsat::solve::load(&mut backend, cnf);
    let mut out = Vec::new();
    while out.len() < limit {
        let Some(model) = backend.solve().expect("varisat answers") else {
            break;
        };
        let block: Vec<i32> = (1..=cnf.num_vars() as i32)
            .map(|v| if model[v as usize] { -v } else { v })
            .collect();
        out.push(model);
        if block.is_empty() {
            break;
        }
        backend.add_clause(&block);
    }
    out
}

/// The sorted shown symbols of a CNF model of a translation.
#[allow(dead_code)]
pub fn shown_of(compiled: &aspsat::Compiled, model: &[bool]) -> Vec<String> {
    use aspsat::translate::Value;
    let symbols = &compiled.program.symbols;
    let mut names: Vec<String> = compiled
        .translation
        .shown
        .iter()
        .filter(|s| match s.value {
            Value::True => true,
            Value::False => false,
            Value::Lit(l) => model[l.unsigned_abs() as usize] == (l > 0),
        })
        .map(|s| symbols.to_string(s.sym))
        .collect();
    names.sort();
    names
}
