//! The atoms derived so far, per predicate, with hash indexes on demand so that matching a
//! partially bound atom looks up candidates instead of scanning.

use crate::program::AtomId;
use crate::symbol::{Signature, Sym};
use rustc_hash::FxHashMap as HashMap;

#[derive(Default)]
struct Index {
    /// Values at the indexed positions → rows, ascending.
    map: HashMap<Vec<Sym>, Vec<u32>>,
    /// Rows added to the index so far.
    upto: usize,
}

pub struct Relation {
    pub sig: Signature,
    /// Row → (atom, argument symbols).
    pub atoms: Vec<AtomId>,
    args: Vec<Sym>,
    indexes: HashMap<Vec<usize>, Index>,
    /// All rules that can derive atoms of this predicate have been instantiated.
    pub complete: bool,
}

impl Relation {
    pub fn new(sig: Signature) -> Self {
        Relation {
            sig,
            atoms: Vec::new(),
            args: Vec::new(),
            indexes: HashMap::default(),
            complete: false,
        }
    }

    pub fn len(&self) -> usize {
        self.atoms.len()
    }

    /// Adds an atom (the caller knows it is new: membership is the program's `derivable`).
    pub fn insert(&mut self, atom: AtomId, args: &[Sym]) {
        self.atoms.push(atom);
        self.args.extend_from_slice(args);
    }

    pub fn row_args(&self, row: usize) -> &[Sym] {
        let n = self.sig.arity;
        &self.args[row * n..row * n + n]
    }

    /// Rows in `range` whose arguments at `positions` equal `key`.
    pub fn lookup(
        &mut self,
        positions: &[usize],
        key: &[Sym],
        range: std::ops::Range<usize>,
    ) -> Vec<u32> {
        if positions.is_empty() {
            return (range.start as u32..range.end as u32).collect();
        }
        let n = self.sig.arity;
        let index = self.indexes.entry(positions.to_vec()).or_default();
        while index.upto < self.atoms.len() {
            let row = index.upto;
            let k: Vec<Sym> = positions.iter().map(|&p| self.args[row * n + p]).collect();
            index.map.entry(k).or_default().push(row as u32);
            index.upto += 1;
        }
        match index.map.get(key) {
            None => Vec::new(),
            Some(rows) => {
                let lo = rows.partition_point(|&r| (r as usize) < range.start);
                let hi = rows.partition_point(|&r| (r as usize) < range.end);
                rows[lo..hi].to_vec()
            }
        }
    }
}
