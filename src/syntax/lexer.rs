//! Hand-written lexer for the clingo 5 input language.
//!
//! The whole source is turned into a token vector up front. Lexical problems do not stop the
//! lexer (except for those that swallow the rest of the input); they become [`Tok::Error`]
//! tokens carrying clingo's message, and the parser reports one as soon as it reaches it.
//! Positions are 1-based lines and byte columns, end exclusive, like clingo's.

/// What a token is. Identifier and variable names are read back from the source by offset.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    Ident,
    Var,
    /// `_`
    Anon,
    /// A non-negative integer literal; `None` if it does not even fit `u64`.
    /// An integer literal's value modulo 2^64 (clingo keeps its low 32 bits).
    Int(u64),
    /// String literal, unescaped.
    Str(String),
    Not,
    Inf,
    Sup,
    True,
    False,
    Count,
    Sum,
    SumPlus,
    Min,
    Max,
    Minimize,
    Maximize,
    Show,
    /// `#show` directly followed by a signature (clingo's `#showsig`)
    ShowSig,
    Hide,
    Const,
    Include,
    Program,
    External,
    Project,
    Heuristic,
    Edge,
    Defined,
    /// A whole `#theory ... }` block (the terminating `.` is a separate token).
    Theory,
    /// A whole `#script (lang) ... #end` block (the terminating `.` is a separate token).
    Script,
    /// `:-`
    If,
    /// `:~`
    WIf,
    Colon,
    Dot,
    Dots,
    Comma,
    Semi,
    Bar,
    LParen,
    RParen,
    LBrace,
    RBrace,
    LBrack,
    RBrack,
    At,
    /// `=` or `==`
    Eq,
    /// `!=` or `<>`
    Neq,
    Lt,
    Le,
    Gt,
    Ge,
    Plus,
    Minus,
    Star,
    Slash,
    Backslash,
    Pow,
    Amp,
    Question,
    Caret,
    Tilde,
    /// A lexical error with its complete message. `fatal` errors swallowed the rest of the input.
    Error {
        msg: String,
        fatal: bool,
    },
    Eof,
}

/// A token with its byte range and its position (1-based line, byte column, end exclusive).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Token {
    pub kind: Tok,
    pub start: usize,
    pub end: usize,
    pub line: u32,
    pub col: u32,
    pub end_line: u32,
    pub end_col: u32,
}

impl Token {
    /// How clingo names this token in `syntax error, unexpected ...`.
    pub fn describe(&self, src: &str) -> String {
        let text = src.get(self.start..self.end).unwrap_or("?");
        let s = match &self.kind {
            Tok::Ident if matches!(text, "default" | "override") => text,
            Tok::Ident => "<IDENTIFIER>",
            Tok::Var => "<VARIABLE>",
            Tok::Anon => "<ANONYMOUS>",
            Tok::Int(_) => "<NUMBER>",
            Tok::Str(_) => "<STRING>",
            Tok::Eof => "EOF",
            Tok::Comma => "\",\"",
            Tok::Eq => "=",
            Tok::Neq => "!=",
            Tok::Inf => "#inf",
            Tok::Sup => "#sup",
            Tok::Minimize => "#minimize",
            Tok::Maximize => "#maximize",
            Tok::ShowSig => "#showsig",
            Tok::Theory => "#theory",
            Tok::Script => "#script",
            Tok::Error { msg, .. } => msg,
            _ => text,
        };
        s.to_string()
    }
}

struct Lexer<'a> {
    src: &'a str,
    b: &'a [u8],
    pos: usize,
    line: u32,
    col: u32,
    toks: Vec<Token>,
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'\''
}

/// Splits `src` into tokens. The result always ends with exactly one [`Tok::Eof`].
pub(crate) fn tokenize(src: &str) -> Vec<Token> {
    let mut lx = Lexer {
        src,
        b: src.as_bytes(),
        pos: 0,
        line: 1,
        col: 1,
        toks: Vec::new(),
    };
    lx.run();
    // clingo reports the end of input on the line after the last one (it behaves as if the
    // input ended with a newline).
    let mut line = lx.line;
    if !src.is_empty() && !src.ends_with('\n') {
        line = line.saturating_add(1);
    }
    lx.toks.push(Token {
        kind: Tok::Eof,
        start: src.len(),
        end: src.len(),
        line,
        col: 1,
        end_line: line,
        end_col: 2,
    });
    // The parser holds the tokens of a whole file (an instance of 100,000 facts is about a
    // million): not the room the vector grew by.
    lx.toks.shrink_to_fit();
    lx.toks
}

impl Lexer<'_> {
    fn peek(&self, off: usize) -> u8 {
        self.b.get(self.pos + off).copied().unwrap_or(0)
    }

    fn at(&self, s: &str) -> bool {
        self.b[self.pos..].starts_with(s.as_bytes())
    }

    fn advance(&mut self, n: usize) {
        for _ in 0..n {
            if self.pos >= self.b.len() {
                break;
            }
            if self.b[self.pos] == b'\n' {
                self.line = self.line.saturating_add(1);
                self.col = 1;
            } else {
                self.col = self.col.saturating_add(1);
            }
            self.pos += 1;
        }
    }

    /// Pushes a token from `(start, line, col)` to the current position.
    fn push(&mut self, kind: Tok, start: (usize, u32, u32)) {
        self.toks.push(Token {
            kind,
            start: start.0,
            end: self.pos,
            line: start.1,
            col: start.2,
            end_line: self.line,
            end_col: self.col,
        });
    }

    fn error(&mut self, msg: String, start: (usize, u32, u32)) {
        self.push(Tok::Error { msg, fatal: false }, start);
    }

    /// A fatal error on the `len` bytes (on one line) at `start`; the input is consumed.
    fn error_at(&mut self, msg: &str, start: (usize, u32, u32), len: usize) {
        self.toks.push(Token {
            kind: Tok::Error {
                msg: msg.to_string(),
                fatal: true,
            },
            start: start.0,
            end: start.0 + len,
            line: start.1,
            col: start.2,
            end_line: start.1,
            end_col: start.2.saturating_add(len as u32),
        });
    }

    fn run(&mut self) {
        loop {
            while matches!(self.peek(0), b' ' | b'\t' | b'\r' | b'\n') && self.pos < self.b.len() {
                self.advance(1);
            }
            if self.pos >= self.b.len() {
                return;
            }
            let start = (self.pos, self.line, self.col);
            let c = self.b[self.pos];
            match c {
                b'%' => {
                    if self.peek(1) == b'*' {
                        if !self.block_comment() {
                            self.error_at("lexer error, unterminated block comment", start, 2);
                            return;
                        }
                    } else {
                        self.line_comment();
                    }
                }
                b'#' if self.peek(1) == b'!' => self.line_comment(),
                b'_' | b'\'' | b'a'..=b'z' | b'A'..=b'Z' => self.word(start),
                b'0'..=b'9' => self.number(start),
                b'"' => self.string(start),
                b'#' => {
                    if !self.directive(start) {
                        return;
                    }
                }
                _ => self.punct(start),
            }
        }
    }

    /// Skips a (nested) block comment starting at `%*`; false if it is not terminated.
    /// Like clingo, a `%` inside a block comment starts a line comment (so `*%` after it on
    /// the same line does not end the block).
    fn block_comment(&mut self) -> bool {
        let mut depth = 0usize;
        while self.pos < self.b.len() {
            if self.at("%*") {
                depth += 1;
                self.advance(2);
            } else if self.at("*%") {
                depth -= 1;
                self.advance(2);
                if depth == 0 {
                    return true;
                }
            } else if self.at("%") {
                self.line_comment();
            } else {
                self.advance(1);
            }
        }
        false
    }

    /// Skips to the end of the line (not consuming the newline).
    fn line_comment(&mut self) {
        while self.pos < self.b.len() && self.b[self.pos] != b'\n' {
            self.advance(1);
        }
    }

    /// Identifiers `[_']*[a-z]['A-Za-z0-9_]*`, variables `[_']*[A-Z]['A-Za-z0-9_]*`, `_`.
    fn word(&mut self, start: (usize, u32, u32)) {
        let mut i = self.pos;
        while i < self.b.len() && matches!(self.b[i], b'_' | b'\'') {
            i += 1;
        }
        let first = self.b.get(i).copied().unwrap_or(0);
        if !first.is_ascii_alphabetic() {
            if self.b[self.pos] == b'_' {
                // a lone `_` (several underscores are several anonymous variables)
                self.advance(1);
                self.push(Tok::Anon, start);
            } else {
                self.advance(1);
                self.error("lexer error, unexpected '".into(), start);
            }
            return;
        }
        let mut j = i + 1;
        while j < self.b.len() && is_ident_char(self.b[j]) {
            j += 1;
        }
        self.advance(j - self.pos);
        let kind = if first.is_ascii_uppercase() {
            Tok::Var
        } else if &self.src[start.0..self.pos] == "not" {
            Tok::Not
        } else {
            Tok::Ident
        };
        self.push(kind, start);
    }

    fn number(&mut self, start: (usize, u32, u32)) {
        let radix_digit = |c: u8, radix: u32| (c as char).is_digit(radix);
        let (radix, skip) = match (self.peek(0), self.peek(1)) {
            (b'0', b'x') if radix_digit(self.peek(2), 16) => (16, 2),
            (b'0', b'o') if radix_digit(self.peek(2), 8) => (8, 2),
            (b'0', b'b') if radix_digit(self.peek(2), 2) => (2, 2),
            _ => (10, 0),
        };
        self.advance(skip);
        // clingo reads literals of any length and wraps them (to 64 bits while reading, then to
        // its 32-bit integers): `0x80000000` is -2147483648, `99999999999999999999` 1661992959
        let mut value: u64 = 0;
        if radix == 10 && self.peek(0) == b'0' {
            // clingo's decimal literals are `0` or `[1-9][0-9]*`
            self.advance(1);
        } else {
            while self.pos < self.b.len() && radix_digit(self.b[self.pos], radix) {
                let d = (self.b[self.pos] as char).to_digit(radix).unwrap_or(0) as u64;
                value = value.wrapping_mul(radix as u64).wrapping_add(d);
                self.advance(1);
            }
        }
        self.push(Tok::Int(value), start);
    }

    fn string(&mut self, start: (usize, u32, u32)) {
        let mut out: Vec<u8> = Vec::new();
        let mut i = self.pos + 1;
        loop {
            match self.b.get(i).copied() {
                Some(b'"') => {
                    i += 1;
                    break;
                }
                Some(b'\\') => match self.b.get(i + 1).copied() {
                    Some(b'"') => out.push(b'"'),
                    Some(b'\\') => out.push(b'\\'),
                    Some(b'n') => out.push(b'\n'),
                    _ => return self.bad_quote(start),
                },
                Some(b'\n') | None => return self.bad_quote(start),
                Some(c) => {
                    out.push(c);
                    i += 1;
                    continue;
                }
            }
            i += 2;
        }
        self.advance(i - self.pos);
        let s = String::from_utf8_lossy(&out).into_owned();
        self.push(Tok::Str(s), start);
    }

    /// An unterminated or malformed string: clingo rejects the quote and lexes on after it.
    fn bad_quote(&mut self, start: (usize, u32, u32)) {
        self.advance(1);
        self.error("lexer error, unexpected \"".into(), start);
    }

    /// Lexes `#word` (clingo's longest match against `#[a-zA-Z0-9_]*`); returns false if the
    /// rest of the input was swallowed.
    fn directive(&mut self, start: (usize, u32, u32)) -> bool {
        if self.at("#show") && self.signature_follows(self.pos + 5) {
            // clingo's `#showsig` token: `#show` with a signature `[-]name/arity.` after it
            self.advance(5);
            self.push(Tok::ShowSig, start);
            return true;
        }
        let mut j = self.pos + 1;
        while j < self.b.len() && (self.b[j].is_ascii_alphanumeric() || self.b[j] == b'_') {
            j += 1;
        }
        let word = &self.src[self.pos + 1..j];
        let kind = match word {
            "inf" | "infimum" => Tok::Inf,
            "sup" | "supremum" => Tok::Sup,
            "true" => Tok::True,
            "false" => Tok::False,
            "count" => Tok::Count,
            "sum" if self.b.get(j) == Some(&b'+') => {
                j += 1;
                Tok::SumPlus
            }
            "sum" => Tok::Sum,
            "min" => Tok::Min,
            "max" => Tok::Max,
            "minimize" | "minimise" => Tok::Minimize,
            "maximize" | "maximise" => Tok::Maximize,
            "show" => Tok::Show,
            "hide" => Tok::Hide,
            "const" => Tok::Const,
            "include" => Tok::Include,
            "program" => Tok::Program,
            "external" => Tok::External,
            "project" => Tok::Project,
            "heuristic" => Tok::Heuristic,
            "edge" => Tok::Edge,
            "defined" => Tok::Defined,
            "theory" => Tok::Theory,
            "script" => Tok::Script,
            _ => {
                let text = format!("#{word}");
                self.advance(j - self.pos);
                self.error(format!("lexer error, unexpected {text}"), start);
                return true;
            }
        };
        self.advance(j - self.pos);
        match kind {
            Tok::Script => self.script(start),
            Tok::Theory => self.theory(start),
            _ => {
                self.push(kind, start);
                true
            }
        }
    }

    /// Whether `ws [-] ws identifier ws / ws number ws .` starts at byte `i` (ws includes
    /// newlines, not comments).
    fn signature_follows(&self, mut i: usize) -> bool {
        let b = self.b;
        let ws = |i: &mut usize| {
            while *i < b.len() && matches!(b[*i], b' ' | b'\t' | b'\r' | b'\n') {
                *i += 1;
            }
        };
        ws(&mut i);
        if b.get(i) == Some(&b'-') {
            i += 1;
            ws(&mut i);
        }
        while i < b.len() && matches!(b[i], b'_' | b'\'') {
            i += 1;
        }
        if !b.get(i).is_some_and(|c| c.is_ascii_lowercase()) {
            return false;
        }
        while i < b.len() && is_ident_char(b[i]) {
            i += 1;
        }
        ws(&mut i);
        if b.get(i) != Some(&b'/') {
            return false;
        }
        i += 1;
        ws(&mut i);
        let digits = |i: &mut usize, ok: fn(u8) -> bool| {
            let s = *i;
            while *i < b.len() && ok(b[*i]) {
                *i += 1;
            }
            *i > s
        };
        let number = match (b.get(i), b.get(i + 1)) {
            (Some(b'0'), Some(b'x')) if b.get(i + 2).is_some_and(|c| c.is_ascii_hexdigit()) => {
                i += 2;
                digits(&mut i, |c| c.is_ascii_hexdigit())
            }
            (Some(b'0'), Some(b'o')) if matches!(b.get(i + 2), Some(b'0'..=b'7')) => {
                i += 2;
                digits(&mut i, |c| matches!(c, b'0'..=b'7'))
            }
            (Some(b'0'), Some(b'b')) if matches!(b.get(i + 2), Some(b'0' | b'1')) => {
                i += 2;
                digits(&mut i, |c| matches!(c, b'0' | b'1'))
            }
            (Some(b'0'), _) => {
                i += 1;
                true
            }
            _ => digits(&mut i, |c| c.is_ascii_digit()),
        };
        if !number {
            return false;
        }
        ws(&mut i);
        b.get(i) == Some(&b'.')
    }

    /// `#script (lang) ... #end`: everything up to and including `#end` is one token.
    fn script(&mut self, start: (usize, u32, u32)) -> bool {
        match self.src[self.pos..].find("#end") {
            Some(off) => {
                self.advance(off + 4);
                self.push(Tok::Script, start);
                true
            }
            None => {
                self.error_at("lexer error, unterminated #script (missing #end)", start, 7);
                false
            }
        }
    }

    /// `#theory name { ... }`: everything up to the closing brace is one token.
    fn theory(&mut self, start: (usize, u32, u32)) -> bool {
        let mut depth = 0usize;
        while self.pos < self.b.len() {
            match self.b[self.pos] {
                b'{' => depth += 1,
                b'}' => {
                    if depth <= 1 {
                        self.advance(1);
                        self.push(Tok::Theory, start);
                        return true;
                    }
                    depth -= 1;
                }
                b'%' if self.peek(1) == b'*' => {
                    if !self.block_comment() {
                        break;
                    }
                    continue;
                }
                b'%' => {
                    while self.pos < self.b.len() && self.b[self.pos] != b'\n' {
                        self.advance(1);
                    }
                    continue;
                }
                _ => {}
            }
            self.advance(1);
        }
        self.error_at("lexer error, unterminated #theory", start, 7);
        false
    }

    fn punct(&mut self, start: (usize, u32, u32)) {
        const TABLE: &[(&str, Tok)] = &[
            (":-", Tok::If),
            (":~", Tok::WIf),
            (":", Tok::Colon),
            ("..", Tok::Dots),
            (".", Tok::Dot),
            (",", Tok::Comma),
            (";", Tok::Semi),
            ("|", Tok::Bar),
            ("(", Tok::LParen),
            (")", Tok::RParen),
            ("{", Tok::LBrace),
            ("}", Tok::RBrace),
            ("[", Tok::LBrack),
            ("]", Tok::RBrack),
            ("@", Tok::At),
            ("==", Tok::Eq),
            ("=", Tok::Eq),
            ("!=", Tok::Neq),
            ("<>", Tok::Neq),
            ("<=", Tok::Le),
            ("<", Tok::Lt),
            (">=", Tok::Ge),
            (">", Tok::Gt),
            ("+", Tok::Plus),
            ("-", Tok::Minus),
            ("**", Tok::Pow),
            ("*", Tok::Star),
            ("/", Tok::Slash),
            ("\\", Tok::Backslash),
            ("&", Tok::Amp),
            ("?", Tok::Question),
            ("^", Tok::Caret),
            ("~", Tok::Tilde),
        ];
        for (text, kind) in TABLE {
            if self.at(text) {
                self.advance(text.len());
                self.push(kind.clone(), start);
                return;
            }
        }
        let ch = self.src[self.pos..].chars().next().unwrap_or('?');
        self.advance(ch.len_utf8().max(1));
        let shown = if ch.is_control() {
            format!("<byte {:#04x}>", ch as u32)
        } else {
            ch.to_string()
        };
        self.error(format!("lexer error, unexpected {shown}"), start);
    }
}
