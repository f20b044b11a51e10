//! Diagnostics in clingo's shape: `FILE:LINE:COL-COL: error: message`.

use super::ast::Span;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Info,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// Where the problem is; `None` for problems without a place (a missing file, say).
    pub span: Option<Span>,
    pub message: String,
    /// Extra located remarks, printed as `FILE:LINE:COL-COL: note: ...` lines.
    pub notes: Vec<(Span, String)>,
}

impl Diagnostic {
    pub fn error(span: &Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            span: Some(span.clone()),
            message: message.into(),
            notes: Vec::new(),
        }
    }

    pub fn info(span: &Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Info,
            span: Some(span.clone()),
            message: message.into(),
            notes: Vec::new(),
        }
    }

    /// An error without a source position.
    pub fn global(message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            span: None,
            message: message.into(),
            notes: Vec::new(),
        }
    }

    pub fn with_note(mut self, span: &Span, note: impl Into<String>) -> Self {
        self.notes.push((span.clone(), note.into()));
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let level = match self.severity {
            Severity::Error => "error",
            Severity::Info => "info",
        };
        match &self.span {
            Some(span) => write!(f, "{span}: {level}: {}", self.message)?,
            None => write!(f, "aspsat: {level}: {}", self.message)?,
        }
        for (span, note) in &self.notes {
            write!(f, "\n{span}: note: {note}")?;
        }
        Ok(())
    }
}
