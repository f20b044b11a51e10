//! gringo's intermediate format (aspif, Kaminski et al. 2016; `clingo --mode=gringo`, `gringo`):
//! [`reader`] reads its statements, [`build`] makes them the ground program the translations
//! read, and [`writer`] writes a ground program as aspif for clingo's solver.
//!
//! The commands that read programs take aspif in place of a text program when their input starts
//! with the `asp 1 0 0` header ([`load`]).

mod build;
mod externals;
pub mod reader;
mod symbol_text;
pub mod writer;

use crate::load::{self, STDIN};
use crate::program::GroundProgram;
use crate::syntax::Diagnostic;

/// The ground program of an aspif text; `file` names it in errors.
pub fn read(bytes: &[u8], file: &str) -> Result<GroundProgram, Diagnostic> {
    let statements = reader::read(bytes, file)?;
    Ok(build::ground_program(&statements))
}

/// The ground program of the input when it is aspif (`None`: the input is a program text, or
/// cannot be read, which the text loader then reports). The input must then be a single file or
/// standard input (no files, or `-`).
pub fn load(paths: &[String]) -> Option<Result<GroundProgram, Diagnostic>> {
    let stdin = ["-".to_string()];
    let paths = if paths.is_empty() { &stdin[..] } else { paths };
    let mut found = None;
    for (i, path) in paths.iter().enumerate() {
        let aspif = if path == "-" || !is_regular_file(path) {
            // Standard input and pipes are read once: the bytes go back for the next reader
            // (below, or the text loader).
            let bytes = load::read(path).ok()?;
            let aspif = reader::is_aspif(&bytes);
            load::unread(path, bytes);
            aspif
        } else {
            starts_like_aspif(path)
        };
        if aspif && found.is_none() {
            found = Some(i);
        }
    }
    let i = found?;
    let path = &paths[i];
    if paths.len() > 1 {
        return Some(Err(Diagnostic::global(format!(
            "{}: aspif input (it starts with 'asp 1 0 0') must be the only input, not one of \
             {} files",
            display_name(path),
            paths.len()
        ))));
    }
    let bytes = match load::read(path) {
        Ok(b) => b,
        Err(e) => return Some(Err(Diagnostic::global(e))),
    };
    Some(read(&bytes, display_name(path)))
}

fn display_name(path: &str) -> &str {
    if path == "-" { STDIN } else { path }
}

/// Whether `path` names a regular file, whose first bytes can be looked at and read again
/// (a missing file counts as one: the loader reports it).
fn is_regular_file(path: &str) -> bool {
    std::fs::metadata(path).map_or(true, |m| m.is_file())
}

/// Whether a file's first bytes are aspif's header (without reading the whole file).
fn starts_like_aspif(path: &str) -> bool {
    use std::io::Read;
    let mut head = [0u8; 16];
    let Ok(file) = std::fs::File::open(path) else {
        return false;
    };
    let mut n = 0;
    let mut file = file.take(head.len() as u64);
    while let Ok(k) = file.read(&mut head[n..]) {
        if k == 0 {
            break;
        }
        n += k;
    }
    reader::is_aspif(&head[..n])
}
