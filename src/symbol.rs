//! Ground terms ("symbols"), interned once and shared by every stage.
//!
//! A [`Sym`] is a small copyable handle into a [`SymbolTable`]; two handles are equal exactly when
//! the terms are equal, so ground atoms and tuples can be hashed and compared as integers. The
//! table also implements clingo's total order on terms and clingo's way of printing them.

use rustc_hash::FxHashMap as HashMap;
use std::cmp::Ordering;
use std::fmt::Write as _;

/// Handle of an interned ground term.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Sym(pub u32);

/// Integers are 32-bit as in clingo; arithmetic is checked so that overflow is never silent.
pub type Int = i32;

/// The structure of one ground term.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum SymData {
    Inf,
    Sup,
    Num(Int),
    Str(String),
    /// A constant (no arguments) or a function term; the empty name is a tuple.
    /// `negative` is classical negation (`-p(1)`, `-a`).
    Fun {
        name: NameId,
        args: Vec<Sym>,
        negative: bool,
    },
}

/// Interned identifier name.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct NameId(pub u32);

/// Predicate signature: name, arity and classical sign (`-p/1`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Signature {
    pub name: NameId,
    pub arity: usize,
    pub negative: bool,
}

fn hash_of(d: &SymData) -> u64 {
    use std::hash::BuildHasher;
    rustc_hash::FxBuildHasher.hash_one(d)
}

#[derive(Default, Debug)]
pub struct SymbolTable {
    data: Vec<SymData>,
    /// Every handle, found by the hash of its term in `data` (a map keyed by a copy of each
    /// term had doubled the table's memory).
    index: hashbrown::HashTable<Sym>,
    names: Vec<String>,
    name_index: HashMap<String, NameId>,
}

impl SymbolTable {
    pub fn new() -> Self {
        let mut table = SymbolTable::default();
        table.name(""); // NameId(0) is the tuple "name"
        table.intern(SymData::Inf);
        table.intern(SymData::Sup);
        table
    }

    pub fn name(&mut self, s: &str) -> NameId {
        if let Some(&id) = self.name_index.get(s) {
            return id;
        }
        let id = NameId(self.names.len() as u32);
        self.names.push(s.to_string());
        self.name_index.insert(s.to_string(), id);
        id
    }

    pub fn lookup_name(&self, s: &str) -> Option<NameId> {
        self.name_index.get(s).copied()
    }

    pub fn name_str(&self, id: NameId) -> &str {
        &self.names[id.0 as usize]
    }

    pub fn intern(&mut self, d: SymData) -> Sym {
        let hash = hash_of(&d);
        let data = &self.data;
        if let Some(&s) = self.index.find(hash, |&s| data[s.0 as usize] == d) {
            return s;
        }
        let s = Sym(self.data.len() as u32);
        self.data.push(d);
        let data = &self.data;
        self.index
            .insert_unique(hash, s, |&s| hash_of(&data[s.0 as usize]));
        s
    }

    /// The handle of an already interned term.
    pub fn lookup(&self, d: &SymData) -> Option<Sym> {
        let data = &self.data;
        self.index
            .find(hash_of(d), |&s| data[s.0 as usize] == *d)
            .copied()
    }

    pub fn get(&self, s: Sym) -> &SymData {
        &self.data[s.0 as usize]
    }

    pub fn num(&mut self, n: Int) -> Sym {
        self.intern(SymData::Num(n))
    }

    pub fn string(&mut self, s: &str) -> Sym {
        self.intern(SymData::Str(s.to_string()))
    }

    pub fn constant(&mut self, name: &str) -> Sym {
        let name = self.name(name);
        self.intern(SymData::Fun {
            name,
            args: Vec::new(),
            negative: false,
        })
    }

    pub fn function(&mut self, name: NameId, args: Vec<Sym>, negative: bool) -> Sym {
        self.intern(SymData::Fun {
            name,
            args,
            negative,
        })
    }

    pub fn tuple(&mut self, args: Vec<Sym>) -> Sym {
        self.function(NameId(0), args, false)
    }

    pub fn as_int(&self, s: Sym) -> Option<Int> {
        match self.get(s) {
            SymData::Num(n) => Some(*n),
            _ => None,
        }
    }

    /// The signature of a symbol used as an atom, if it can be one.
    pub fn signature(&self, s: Sym) -> Option<Signature> {
        match self.get(s) {
            SymData::Fun {
                name,
                args,
                negative,
            } if *name != NameId(0) => Some(Signature {
                name: *name,
                arity: args.len(),
                negative: *negative,
            }),
            _ => None,
        }
    }

    /// The same atom with the classical sign flipped (`p(1)` ↔ `-p(1)`).
    pub fn complement(&mut self, s: Sym) -> Option<Sym> {
        match self.get(s).clone() {
            SymData::Fun {
                name,
                args,
                negative,
            } if name != NameId(0) => Some(self.function(name, args, !negative)),
            _ => None,
        }
    }

    /// clingo's total order: `#inf` < numbers < constants < strings < functions < `#sup`;
    /// constants by sign then name; functions by sign, arity, name, then arguments.
    pub fn compare(&self, a: Sym, b: Sym) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        let (da, db) = (self.get(a), self.get(b));
        let rank = |d: &SymData| match d {
            SymData::Inf => 0,
            SymData::Num(_) => 1,
            SymData::Fun { args, .. } if args.is_empty() => 2,
            SymData::Str(_) => 3,
            SymData::Fun { .. } => 4,
            SymData::Sup => 5,
        };
        match rank(da).cmp(&rank(db)) {
            Ordering::Equal => {}
            other => return other,
        }
        match (da, db) {
            (SymData::Num(x), SymData::Num(y)) => x.cmp(y),
            (SymData::Str(x), SymData::Str(y)) => x.cmp(y),
            (
                SymData::Fun {
                    name: n1,
                    args: a1,
                    negative: s1,
                },
                SymData::Fun {
                    name: n2,
                    args: a2,
                    negative: s2,
                },
            ) => s1
                .cmp(s2)
                .then(a1.len().cmp(&a2.len()))
                .then_with(|| self.name_str(*n1).cmp(self.name_str(*n2)))
                .then_with(|| {
                    for (x, y) in a1.iter().zip(a2) {
                        match self.compare(*x, *y) {
                            Ordering::Equal => {}
                            other => return other,
                        }
                    }
                    Ordering::Equal
                }),
            _ => Ordering::Equal,
        }
    }

    pub fn to_string(&self, s: Sym) -> String {
        let mut out = String::new();
        self.write(s, &mut out);
        out
    }

    /// Prints a term exactly as clingo does.
    pub fn write(&self, s: Sym, out: &mut String) {
        match self.get(s) {
            SymData::Inf => out.push_str("#inf"),
            SymData::Sup => out.push_str("#sup"),
            SymData::Num(n) => {
                let _ = write!(out, "{n}");
            }
            SymData::Str(text) => {
                out.push('"');
                for c in text.chars() {
                    match c {
                        '"' => out.push_str("\\\""),
                        '\\' => out.push_str("\\\\"),
                        '\n' => out.push_str("\\n"),
                        c => out.push(c),
                    }
                }
                out.push('"');
            }
            SymData::Fun {
                name,
                args,
                negative,
            } => {
                if *negative {
                    out.push('-');
                }
                let name = self.name_str(*name);
                out.push_str(name);
                if !args.is_empty() || name.is_empty() {
                    out.push('(');
                    for (i, a) in args.iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        self.write(*a, out);
                    }
                    if name.is_empty() && args.len() == 1 {
                        out.push(',');
                    }
                    out.push(')');
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The expected order was printed by clingo 5.8.3 for these terms (`X < Y` over all pairs).
    #[test]
    fn total_order_matches_clingo() {
        let mut t = SymbolTable::new();
        let f = t.name("f");
        let a = t.constant("a");
        let one = t.num(1);
        let two = t.num(2);
        let m3 = t.num(-3);
        let b = t.constant("b");
        let neg_a = t.complement(a).unwrap();
        let s_a = t.string("a");
        let s_s = t.string("s");
        let tup1 = t.tuple(vec![one]);
        let a2 = {
            let an = t.name("a");
            t.function(an, vec![two], false)
        };
        let f1 = t.function(f, vec![one], false);
        let fa = t.function(f, vec![a], false);
        let tup12 = t.tuple(vec![one, two]);
        let f12 = t.function(f, vec![one, two], false);
        let neg_f1 = t.function(f, vec![one], true);
        let empty = t.tuple(vec![]);
        let inf = t.intern(SymData::Inf);
        let sup = t.intern(SymData::Sup);
        let expected = [
            inf, m3, one, empty, a, b, neg_a, s_a, s_s, tup1, a2, f1, fa, tup12, f12, neg_f1, sup,
        ];
        for (i, x) in expected.iter().enumerate() {
            for (j, y) in expected.iter().enumerate() {
                assert_eq!(
                    t.compare(*x, *y),
                    i.cmp(&j),
                    "{} vs {}",
                    t.to_string(*x),
                    t.to_string(*y)
                );
            }
        }
    }

    #[test]
    fn prints_like_clingo() {
        let mut t = SymbolTable::new();
        let one = t.num(1);
        let two = t.num(2);
        let tup = t.tuple(vec![one, two]);
        let p = t.name("p");
        let ptup = t.function(p, vec![tup], false);
        assert_eq!(t.to_string(ptup), "p((1,2))");
        let s = t.string("a \"b\"\\");
        let ps = t.function(p, vec![s], false);
        assert_eq!(t.to_string(ps), "p(\"a \\\"b\\\"\\\\\")");
        let q = t.name("q");
        let nq = t.function(q, vec![one], true);
        assert_eq!(t.to_string(nq), "-q(1)");
        let single = t.tuple(vec![one]);
        assert_eq!(t.to_string(single), "(1,)");
        let empty = t.tuple(vec![]);
        assert_eq!(t.to_string(empty), "()");
    }
}
