//! The text of an aspif output statement as a symbol: gringo writes shown terms as clingo
//! prints them (`p(1,"a")`, `-q`, `(1,2)`), so reading that text back gives the term, which
//! then sorts and prints as in a text program. Text that is no term (hand-written aspif) becomes
//! a constant whose name is the text: printed unchanged.

use crate::symbol::{Sym, SymData, SymbolTable};

/// The symbol a shown text stands for.
pub fn symbol_of_text(text: &str, syms: &mut SymbolTable) -> Sym {
    let mut p = Parser {
        s: text.as_bytes(),
        pos: 0,
    };
    match p.term(syms) {
        Some(sym) if p.pos == p.s.len() => sym,
        _ => syms.constant(text),
    }
}

struct Parser<'a> {
    s: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn term(&mut self, syms: &mut SymbolTable) -> Option<Sym> {
        match self.peek()? {
            b'-' => {
                self.pos += 1;
                match self.peek()? {
                    c if c.is_ascii_digit() => self.number(true, syms),
                    _ => {
                        let (name, args) = self.function(syms)?;
                        let name = syms.name(&name);
                        Some(syms.function(name, args, true))
                    }
                }
            }
            c if c.is_ascii_digit() => self.number(false, syms),
            b'"' => self.string(syms),
            b'(' => {
                let (args, trailing_comma) = self.args(syms)?;
                // `(t)` is t itself; `(t,)` the one-element tuple
                if args.len() == 1 && !trailing_comma {
                    return Some(args[0]);
                }
                Some(syms.tuple(args))
            }
            b'#' => {
                if self.s[self.pos..].starts_with(b"#inf") {
                    self.pos += 4;
                    Some(syms.intern(SymData::Inf))
                } else if self.s[self.pos..].starts_with(b"#sup") {
                    self.pos += 4;
                    Some(syms.intern(SymData::Sup))
                } else {
                    None
                }
            }
            _ => {
                let (name, args) = self.function(syms)?;
                let name = syms.name(&name);
                Some(syms.function(name, args, false))
            }
        }
    }

    fn number(&mut self, negative: bool, syms: &mut SymbolTable) -> Option<Sym> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        let digits = std::str::from_utf8(&self.s[start..self.pos]).ok()?;
        let text = if negative {
            format!("-{digits}")
        } else {
            digits.to_string()
        };
        Some(syms.num(text.parse().ok()?))
    }

    fn string(&mut self, syms: &mut SymbolTable) -> Option<Sym> {
        self.pos += 1;
        let mut out = Vec::new();
        loop {
            match self.peek()? {
                b'"' => {
                    self.pos += 1;
                    break;
                }
                b'\\' => {
                    self.pos += 1;
                    match self.peek()? {
                        b'n' => out.push(b'\n'),
                        c @ (b'"' | b'\\') => out.push(c),
                        _ => return None,
                    }
                    self.pos += 1;
                }
                c => {
                    out.push(c);
                    self.pos += 1;
                }
            }
        }
        Some(syms.string(std::str::from_utf8(&out).ok()?))
    }

    /// `name` or `name(args)`: identifiers as clingo's (lowercase first, after underscores).
    fn function(&mut self, syms: &mut SymbolTable) -> Option<(String, Vec<Sym>)> {
        let start = self.pos;
        while self.peek() == Some(b'_') {
            self.pos += 1;
        }
        if !self.peek()?.is_ascii_lowercase() {
            return None;
        }
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'\'')
        {
            self.pos += 1;
        }
        let name = std::str::from_utf8(&self.s[start..self.pos])
            .ok()?
            .to_string();
        if self.peek() != Some(b'(') {
            return Some((name, Vec::new()));
        }
        let (args, trailing_comma) = self.args(syms)?;
        if trailing_comma || args.is_empty() {
            return None; // clingo never prints `f()` or `f(1,)`
        }
        Some((name, args))
    }

    /// `( t1, ..., tn )`, possibly with a trailing comma (returned as the flag).
    fn args(&mut self, syms: &mut SymbolTable) -> Option<(Vec<Sym>, bool)> {
        self.pos += 1;
        let mut args = Vec::new();
        if self.eat(b')') {
            return Some((args, false));
        }
        loop {
            args.push(self.term(syms)?);
            if self.eat(b')') {
                return Some((args, false));
            }
            if !self.eat(b',') {
                return None;
            }
            if self.eat(b')') {
                return Some((args, true));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Texts clingo 5.8.3 prints read back to terms that print identically.
    #[test]
    fn clingo_texts_round_trip() {
        let mut syms = SymbolTable::new();
        for text in [
            "a",
            "p(1)",
            "-q(1,-2)",
            "-1",
            "f(1,\"a\")",
            "s(\"x \\\"y\\\"\\\\\\n\")",
            "(1,2)",
            "(1,)",
            "()",
            "p((a,b),(c,))",
            "#inf",
            "#sup",
            "_x'",
            "p(#sup,-a)",
        ] {
            let sym = symbol_of_text(text, &mut syms);
            assert_eq!(syms.to_string(sym), text);
            assert!(
                !matches!(syms.get(sym), SymData::Fun { name, .. } if syms.name_str(*name) == text && text.contains('(')),
                "{text} was not parsed"
            );
        }
    }

    #[test]
    fn other_texts_stay_as_they_are() {
        let mut syms = SymbolTable::new();
        for text in ["X", "p(", "a b", "99999999999", "f()", "\"open"] {
            let sym = symbol_of_text(text, &mut syms);
            assert_eq!(syms.to_string(sym), text);
        }
        let ordered = symbol_of_text("p(2)", &mut syms);
        let one = symbol_of_text("p(10)", &mut syms);
        assert_eq!(
            syms.compare(ordered, one),
            std::cmp::Ordering::Less,
            "parsed terms sort as terms"
        );
    }
}
