//! Reading programs: files or standard input, `#include` resolution, encoding checks.

use crate::syntax::ast::{Span, Statement};
use crate::syntax::{Diagnostic, parse};
use std::collections::HashSet;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The name used for standard input in diagnostics.
pub const STDIN: &str = "<stdin>";

/// Inputs given back by [`unread`] after a look at them (is the input aspif?), by path (`-`:
/// standard input): standard input and pipes (`<(gringo p.lp)`) can be read only once.
static AHEAD: std::sync::Mutex<Vec<(String, Vec<u8>)>> = std::sync::Mutex::new(Vec::new());

/// Gives the bytes of an input back after a look at them: the next [`read`] of `path` (or the
/// text loader's read of that file) returns them.
pub fn unread(path: &str, bytes: Vec<u8>) {
    AHEAD
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push((path.to_string(), bytes));
}

/// The bytes given back for `path`, if any (taken: the next read goes to the input again).
fn take_ahead(path: &str) -> Option<Vec<u8>> {
    let mut ahead = AHEAD.lock().unwrap_or_else(|e| e.into_inner());
    let i = ahead.iter().position(|(p, _)| p == path)?;
    Some(ahead.swap_remove(i).1)
}

/// The bytes of a file (decompressed if it ends in `.gz` or `.xz`), or of standard input for
/// `-`: the one place every command (`solve`, `ground`, `dimacs`, `decode`, `puzzle`) reads its
/// input.
pub fn read(path: &str) -> Result<Vec<u8>, String> {
    if let Some(bytes) = take_ahead(path) {
        return Ok(bytes);
    }
    if path == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        return Ok(buf);
    }
    crate::compressed::read(Path::new(path)).map_err(|e| format!("cannot read file '{path}': {e}"))
}

/// As [`read`], for inputs that must be UTF-8 text.
pub fn read_text(path: &str) -> Result<String, String> {
    String::from_utf8(read(path)?).map_err(|_| {
        let name = if path == "-" { STDIN } else { path };
        format!("{name}: input is not valid UTF-8")
    })
}

/// Parses the given files (`-` or no file at all: standard input), following `#include`s. Each
/// file is read once, as clingo does.
pub fn load(paths: &[String]) -> Result<Vec<Statement>, Diagnostic> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    if paths.is_empty() {
        load_one(None, None, &mut out, &mut seen)?;
    }
    for p in paths {
        if p == "-" {
            load_one(None, None, &mut out, &mut seen)?;
        } else {
            load_one(Some(PathBuf::from(p)), None, &mut out, &mut seen)?;
        }
    }
    // An instance of 100,000 facts: the room the vector grew by would stay for the whole run.
    out.shrink_to_fit();
    Ok(out)
}

/// Parses program text named `name` in diagnostics, following its `#include`s (relative to
/// the working directory): the library's entry point ([`crate::api`]).
pub fn load_text(text: &str, name: &str) -> Result<Vec<Statement>, Diagnostic> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    for st in parse(text, Arc::from(name))? {
        if let Statement::Include { path: inc, span } = &st {
            load_one(
                Some(resolve_include(None, inc)),
                Some(span),
                &mut out,
                &mut seen,
            )?;
        } else {
            out.push(st);
        }
    }
    Ok(out)
}

fn load_one(
    path: Option<PathBuf>,
    included_at: Option<&Span>,
    out: &mut Vec<Statement>,
    seen: &mut HashSet<PathBuf>,
) -> Result<(), Diagnostic> {
    let (name, bytes) = match &path {
        None => (STDIN.to_string(), read("-").map_err(Diagnostic::global)?),
        Some(p) => {
            let key = p.canonicalize().unwrap_or_else(|_| p.clone());
            if !seen.insert(key) {
                return Ok(());
            }
            // A file named `-` is read as a file here (`read` would take standard input).
            let ahead = p.to_str().and_then(take_ahead).map(Ok);
            let bytes = ahead
                .unwrap_or_else(|| crate::compressed::read(p))
                .map_err(|e| {
                    let msg = format!("cannot read file '{}': {e}", p.display());
                    match included_at {
                        Some(span) => Diagnostic::error(span, msg),
                        None => Diagnostic::global(msg),
                    }
                })?;
            (p.display().to_string(), bytes)
        }
    };
    let file: Arc<str> = Arc::from(name.as_str());
    let text = decode_utf8(&bytes, &file)?;
    let statements = parse(text, file.clone())?;
    out.reserve(statements.len());
    for st in statements {
        if let Statement::Include { path: inc, span } = &st {
            let resolved = resolve_include(path.as_deref(), inc);
            load_one(Some(resolved), Some(span), out, seen)?;
        } else {
            out.push(st);
        }
    }
    // As in clingo, a file's `#program` parts end with the file: what follows it (the next
    // file, or the rest of the file that included it) is in `base` again. (An included file
    // starts in the part its `#include` is written in.)
    let end = text.lines().count() as u32 + 1;
    out.push(Statement::Program {
        name: "base".to_string(),
        params: Vec::new(),
        span: Span {
            file,
            start_line: end,
            start_col: 1,
            end_line: end,
            end_col: 1,
        },
    });
    Ok(())
}

/// Includes are relative to the including file's directory, then to the working directory.
fn resolve_include(from: Option<&Path>, inc: &str) -> PathBuf {
    if let Some(dir) = from.and_then(Path::parent) {
        let candidate = dir.join(inc);
        if candidate.exists() {
            return candidate;
        }
    }
    PathBuf::from(inc)
}

/// Source text must be UTF-8; the error points at the first invalid byte.
fn decode_utf8<'a>(bytes: &'a [u8], file: &Arc<str>) -> Result<&'a str, Diagnostic> {
    std::str::from_utf8(bytes).map_err(|e| {
        let valid = &bytes[..e.valid_up_to()];
        // A lexer error before the invalid byte (a control character, say) comes first.
        let prefix = std::str::from_utf8(valid).unwrap_or_default();
        if let Err(d) = parse(prefix, file.clone()) {
            let at_end = d.span.as_ref().is_some_and(|s| {
                s.start_line as usize == prefix.matches('\n').count() + 1
                    && s.start_col as usize
                        > prefix.rsplit('\n').next().unwrap_or("").chars().count()
            });
            if !at_end {
                return d;
            }
        }
        let line = valid.iter().filter(|&&b| b == b'\n').count() as u32 + 1;
        let line_start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        let col = String::from_utf8_lossy(&valid[line_start..])
            .chars()
            .count() as u32
            + 1;
        Diagnostic::error(
            &Span {
                file: file.clone(),
                start_line: line,
                start_col: col,
                end_line: line,
                end_col: col + 1,
            },
            "input is not valid UTF-8",
        )
    })
}
