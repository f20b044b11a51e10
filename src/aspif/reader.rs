//! The statements of an aspif text, read as clingo's reader does: tokens are separated by any
//! whitespace, numbers are checked against aspif's ranges, and every error names the line and
//! column where it happened (never a panic, never an allocation the input does not pay for).

use crate::syntax::Diagnostic;
use crate::syntax::ast::Span;
use std::sync::Arc;

/// The largest atom number aspif allows (2^31 - 1).
pub const MAX_ATOM: i64 = i32::MAX as i64;

/// One aspif statement (without the `0` that ends a step).
#[derive(Clone, Debug, PartialEq)]
pub enum Directive {
    /// `1 H h a1..ah body`: a disjunction (or, with `choice`, a choice) over `head` when the
    /// body holds; an empty disjunction is an integrity constraint.
    Rule {
        choice: bool,
        head: Vec<u32>,
        body: Body,
    },
    /// `2 priority n l1 w1 .. ln wn`
    Minimize {
        priority: i32,
        lits: Vec<(i32, i32)>,
    },
    /// `3 n a1..an`
    Project(Vec<u32>),
    /// `4 m text n l1..ln`: `text` is shown when every literal holds.
    Output { text: String, cond: Vec<i32> },
    /// `5 atom value` (0 free, 1 true, 2 false, 3 release)
    External { atom: u32, value: u8 },
    /// `6 n l1..ln`: answer sets must make every literal true.
    Assume(Vec<i32>),
    /// `7 type atom bias priority n l1..ln`: checked, then ignored (as clingo does without
    /// `--heuristic=Domain`, and as aspsat does for `#heuristic`).
    Heuristic,
    /// `8 u v n l1..ln`: an edge of the graph that must stay acyclic.
    Edge { from: i32, to: i32, cond: Vec<i32> },
}

/// A rule body: a conjunction of literals, or `bound <= w1*l1 + .. + wn*ln` (weights >= 0).
#[derive(Clone, Debug, PartialEq)]
pub enum Body {
    Normal(Vec<i32>),
    Sum { bound: i32, lits: Vec<(i32, i32)> },
}

/// A statement with the place it starts at.
#[derive(Clone, Debug)]
pub struct Located {
    pub directive: Directive,
    pub span: Span,
}

/// Whether `bytes` begin with aspif's header (`asp 1 0 0`): how the commands tell gringo's
/// output from a program text (no clingo program starts with `asp ` followed by a digit).
pub fn is_aspif(bytes: &[u8]) -> bool {
    bytes.starts_with(b"asp ")
        && bytes[4..]
            .iter()
            .find(|b| **b != b' ')
            .is_some_and(u8::is_ascii_digit)
}

/// Reads a whole aspif text (one step); `file` names it in errors.
pub fn read(bytes: &[u8], file: &str) -> Result<Vec<Located>, Diagnostic> {
    let mut r = Reader {
        bytes,
        pos: 0,
        line: 1,
        line_start: 0,
        file: Arc::from(file),
    };
    r.header()?;
    let mut out = Vec::new();
    loop {
        r.skip_ws();
        let span = r.span();
        let kind = r.int("a statement type (1-10) or 0 to end the step", 0, 10)?;
        let directive = match kind {
            0 => break,
            1 => r.rule()?,
            2 => Directive::Minimize {
                priority: r.int("a minimize priority", i32::MIN as i64, i32::MAX as i64)? as i32,
                lits: r.weighted_lits(i32::MIN as i64)?,
            },
            3 => Directive::Project(r.atoms()?),
            4 => {
                let text = r.text()?;
                Directive::Output {
                    text,
                    cond: r.lits()?,
                }
            }
            5 => {
                let atom = r.atom()?;
                let value = r.int(
                    "an external value (0 free, 1 true, 2 false, 3 release)",
                    0,
                    3,
                )?;
                Directive::External {
                    atom,
                    value: value as u8,
                }
            }
            6 => Directive::Assume(r.lits()?),
            7 => {
                r.int("a heuristic modifier (0-5)", 0, 5)?;
                r.atom()?;
                r.int("a heuristic bias", i32::MIN as i64, i32::MAX as i64)?;
                r.int("a heuristic priority (>= 0)", 0, i32::MAX as i64)?;
                r.lits()?;
                Directive::Heuristic
            }
            8 => {
                let from = r.int("an edge's start node (>= 0)", 0, i32::MAX as i64)? as i32;
                let to = r.int("an edge's end node (>= 0)", 0, i32::MAX as i64)? as i32;
                Directive::Edge {
                    from,
                    to,
                    cond: r.lits()?,
                }
            }
            9 => {
                return Err(Diagnostic::error(
                    &span,
                    "aspif theory statements (type 9: theory terms, elements and atoms, from \
                     #theory and &atom) are not supported",
                ));
            }
            10 => {
                r.skip_line();
                continue;
            }
            _ => unreachable!("the range of `int` excludes other statement types"),
        };
        out.push(Located { directive, span });
    }
    r.skip_ws();
    if r.pos < r.bytes.len() {
        return Err(r.error(
            "input after the end of the first step: aspif with several steps (incremental \
             programs) is not supported",
        ));
    }
    Ok(out)
}

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
    line: u32,
    line_start: usize,
    file: Arc<str>,
}

impl Reader<'_> {
    fn span(&self) -> Span {
        let col = (self.pos - self.line_start) as u32 + 1;
        Span {
            file: self.file.clone(),
            start_line: self.line,
            start_col: col,
            end_line: self.line,
            end_col: col + 1,
        }
    }

    fn error(&self, message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(&self.span(), message)
    }

    fn advance(&mut self) {
        if self.bytes[self.pos] == b'\n' {
            self.line += 1;
            self.line_start = self.pos + 1;
        }
        self.pos += 1;
    }

    /// Whitespace is any control character or space (clingo's reader skips bytes 9..=32).
    fn skip_ws(&mut self) {
        while self.pos < self.bytes.len() && (9..=32).contains(&self.bytes[self.pos]) {
            self.advance();
        }
    }

    fn skip_line(&mut self) {
        while self.pos < self.bytes.len() && self.bytes[self.pos] != b'\n' {
            self.pos += 1;
        }
    }

    /// `asp 1 0 0` with an optional `incremental` tag, alone on the first line.
    fn header(&mut self) -> Result<(), Diagnostic> {
        if !self.bytes.starts_with(b"asp ") {
            return Err(self.error("aspif input must start with 'asp 1 0 0'"));
        }
        self.pos = 4;
        let version = [
            self.int("the major version 1", 0, i32::MAX as i64)?,
            self.int("the minor version 0", 0, i32::MAX as i64)?,
            self.int("the revision number", 0, i32::MAX as i64)?,
        ];
        if version[..2] != [1, 0] {
            return Err(self.error(format!(
                "unsupported aspif version {}.{}.{} (aspsat reads version 1.0)",
                version[0], version[1], version[2]
            )));
        }
        while self.pos < self.bytes.len() && self.bytes[self.pos] == b' ' {
            self.pos += 1;
        }
        let rest_end = self.bytes[self.pos..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(self.bytes.len(), |p| self.pos + p);
        let tags = String::from_utf8_lossy(&self.bytes[self.pos..rest_end]);
        match tags.trim_end() {
            "" | "incremental" => {}
            other => {
                return Err(self.error(format!(
                    "unknown tag '{other}' in the aspif header (only 'incremental' is known)"
                )));
            }
        }
        self.pos = rest_end;
        Ok(())
    }

    /// An integer in `lo..=hi`; `what` says what was expected.
    fn int(&mut self, what: &str, lo: i64, hi: i64) -> Result<i64, Diagnostic> {
        self.skip_ws();
        let start = self.span();
        let start_byte = self.pos;
        let negative = self.bytes.get(self.pos) == Some(&b'-');
        if matches!(self.bytes.get(self.pos), Some(b'-' | b'+')) {
            self.pos += 1;
        }
        let digits_start = self.pos;
        let mut value: i64 = 0;
        let mut too_big = false;
        while let Some(d) = self.bytes.get(self.pos).filter(|b| b.is_ascii_digit()) {
            value = match value
                .checked_mul(10)
                .and_then(|v| v.checked_add(i64::from(d - b'0')))
            {
                Some(v) => v,
                None => {
                    too_big = true;
                    0
                }
            };
            self.pos += 1;
        }
        if self.pos == digits_start {
            let found = match self.bytes.get(digits_start) {
                None => "the end of the input".to_string(),
                Some(_) => format!("'{}'", self.token_at(digits_start)),
            };
            return Err(Diagnostic::error(
                &start,
                format!("expected {what}, found {found}"),
            ));
        }
        let value = if negative { -value } else { value };
        if too_big || value < lo || value > hi {
            return Err(Diagnostic::error(
                &start,
                format!(
                    "expected {what}, found {}, which is out of range ({lo}..{hi})",
                    self.token_at(start_byte)
                ),
            ));
        }
        Ok(value)
    }

    /// The whitespace-delimited token starting at `at` (shortened), for error messages.
    fn token_at(&self, at: usize) -> String {
        let end = self.bytes[at..]
            .iter()
            .position(|b| (9..=32).contains(b))
            .map_or(self.bytes.len(), |p| at + p);
        let token = String::from_utf8_lossy(&self.bytes[at..end.min(at + 40)]);
        if end > at + 40 {
            format!("{token}...")
        } else {
            token.into_owned()
        }
    }

    /// A count `n`, then `n` items read by `item` (no allocation ahead of the items read).
    fn list<T>(
        &mut self,
        what: &str,
        mut item: impl FnMut(&mut Self) -> Result<T, Diagnostic>,
    ) -> Result<Vec<T>, Diagnostic> {
        let n = self.int(what, 0, u32::MAX as i64)?;
        let mut out = Vec::new();
        for _ in 0..n {
            out.push(item(self)?);
        }
        Ok(out)
    }

    fn atom(&mut self) -> Result<u32, Diagnostic> {
        Ok(self.int("an atom (1..2147483647)", 1, MAX_ATOM)? as u32)
    }

    fn atoms(&mut self) -> Result<Vec<u32>, Diagnostic> {
        self.list("the number of atoms", Self::atom)
    }

    fn lit(&mut self) -> Result<i32, Diagnostic> {
        self.skip_ws();
        let at = self.span();
        let l = self.int(
            "a literal (a nonzero integer, at most 2147483647 in absolute value)",
            -MAX_ATOM,
            MAX_ATOM,
        )?;
        if l == 0 {
            return Err(Diagnostic::error(
                &at,
                "expected a literal, found 0 (literals are nonzero)",
            ));
        }
        Ok(l as i32)
    }

    fn lits(&mut self) -> Result<Vec<i32>, Diagnostic> {
        self.list("the number of literals", Self::lit)
    }

    fn weighted_lits(&mut self, min_weight: i64) -> Result<Vec<(i32, i32)>, Diagnostic> {
        let what = if min_weight == 0 {
            "a weight (>= 0)"
        } else {
            "a weight"
        };
        self.list("the number of literals", |r| {
            let l = r.lit()?;
            let w = r.int(what, min_weight, i32::MAX as i64)? as i32;
            Ok((l, w))
        })
    }

    fn rule(&mut self) -> Result<Directive, Diagnostic> {
        let choice = self.int("a head type (0 disjunction, 1 choice)", 0, 1)? == 1;
        let head = self.atoms()?;
        let body = match self.int("a body type (0 normal, 1 weight)", 0, 1)? {
            0 => Body::Normal(self.lits()?),
            _ => Body::Sum {
                bound: self.int("a lower bound", i32::MIN as i64, i32::MAX as i64)? as i32,
                lits: self.weighted_lits(0)?,
            },
        };
        Ok(Directive::Rule { choice, head, body })
    }

    /// `m text`: `m` bytes after one separating space.
    fn text(&mut self) -> Result<String, Diagnostic> {
        let len = self.int("the length of a string", 0, u32::MAX as i64)? as usize;
        if self.bytes.get(self.pos) != Some(&b' ') && len > 0 {
            return Err(self.error("expected a space before the string"));
        }
        let start = self.pos + 1;
        let Some(text) = self.bytes.get(start..start.saturating_add(len)) else {
            return Err(self.error(format!(
                "the string of length {len} runs past the end of the input"
            )));
        };
        let text = std::str::from_utf8(text)
            .map_err(|_| self.error("the string is not valid UTF-8"))?
            .to_string();
        if len > 0 {
            while self.pos < start + len {
                self.advance();
            }
        }
        Ok(text)
    }
}
