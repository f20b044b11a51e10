//! `#edge (u,v) : body.`: the edges whose body holds must form an acyclic graph (clingo's
//! acyclicity constraint). Only edges inside a strongly connected component of the graph of
//! all possible edges can close a cycle; a self-loop is simply forbidden. Each component gets
//! one of two encodings (`--acyc-encoding`):
//!
//! - `ranking`: every node of a component of `k` nodes has a rank in `0..k` in order encoding
//!   (`x[u][j]` is "rank(u) >= j"), and an edge `u → v` that holds forces rank(v) > rank(u):
//!   `k - 1` variables per node and `k` clauses per edge. Acyclic graphs have such ranks (a
//!   topological order), cyclic ones have none.
//! - `closure`: a variable per ordered node pair for "v is reachable from u", closed under the
//!   edges that hold (`reach(u,w) ∧ e(w,v) → reach(u,v)`), and no node reaches itself: `k²`
//!   variables and `k` clauses per edge. Reachability is only forced upwards, so an acyclic
//!   graph is always extendable, and a cycle forces some `reach(u,u)`.

use super::{Builder, Value};
use crate::cnf::CnfLit;
use crate::symbol::Sym;
use std::collections::HashMap;

/// How acyclicity is encoded (`--acyc-encoding`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum AcycEncoding {
    /// Ranks in order encoding over each strongly connected component.
    #[default]
    Ranking,
    /// Transitive closure over each strongly connected component.
    Closure,
}

/// Adds the acyclicity constraint of the program's `#edge` instances.
pub(super) fn encode(b: &mut Builder, encoding: AcycEncoding) {
    let program = b.program;
    let mut node_of: HashMap<Sym, usize> = HashMap::new();
    let mut edges: Vec<(usize, usize, CnfLit)> = Vec::new();
    for e in &program.edges {
        let parts: Vec<Value> = e.body.iter().map(|l| b.lit(*l)).collect();
        let v = b.and(parts);
        let mut node = |s: Sym| {
            let n = node_of.len();
            *node_of.entry(s).or_insert(n)
        };
        let (from, to) = (node(e.from), node(e.to));
        match v {
            Value::False => continue,
            Value::True if from == to => {
                b.cnf.add_clause(&[]);
                continue;
            }
            Value::Lit(l) if from == to => {
                b.cnf.add_clause(&[-l]);
                continue;
            }
            Value::True => {
                // An edge that always holds: a literal fixed true keeps the encodings uniform.
                let t = b.cnf.new_var();
                b.cnf.add_clause(&[t]);
                edges.push((from, to, t));
            }
            Value::Lit(l) => edges.push((from, to, l)),
        }
    }
    let mut succ: Vec<Vec<usize>> = vec![Vec::new(); node_of.len()];
    for &(u, v, _) in &edges {
        succ[u].push(v);
    }
    for component in crate::scc::tarjan(&succ) {
        if component.len() < 2 {
            continue;
        }
        let index: HashMap<usize, usize> =
            component.iter().enumerate().map(|(i, &n)| (n, i)).collect();
        let inner: Vec<(usize, usize, CnfLit)> = edges
            .iter()
            .filter_map(|&(u, v, l)| Some((*index.get(&u)?, *index.get(&v)?, l)))
            .collect();
        match encoding {
            AcycEncoding::Ranking => ranking(b, component.len(), &inner),
            AcycEncoding::Closure => closure(b, component.len(), &inner),
        }
    }
}

/// Ranks `0..k` in order encoding; an edge that holds goes to a higher rank.
fn ranking(b: &mut Builder, k: usize, edges: &[(usize, usize, CnfLit)]) {
    // at_least[u][j - 1]: rank(u) >= j, for j in 1..k.
    let at_least: Vec<Vec<CnfLit>> = (0..k)
        .map(|_| (1..k).map(|_| b.cnf.new_var()).collect())
        .collect();
    for ranks in &at_least {
        for w in ranks.windows(2) {
            b.cnf.add_clause(&[-w[1], w[0]]);
        }
    }
    for &(u, v, e) in edges {
        // e → rank(v) >= 1, and e ∧ rank(u) >= j → rank(v) >= j + 1 (false for j = k - 1).
        b.cnf.add_clause(&[-e, at_least[v][0]]);
        for j in 1..k {
            let mut clause = vec![-e, -at_least[u][j - 1]];
            if j < k - 1 {
                clause.push(at_least[v][j]);
            }
            b.cnf.add_clause(&clause);
        }
    }
}

/// Reachability closed under the edges that hold; no node reaches itself.
fn closure(b: &mut Builder, k: usize, edges: &[(usize, usize, CnfLit)]) {
    // reach[u][v] for u != v (a node reaching itself is a cycle: no variable).
    let reach: Vec<Vec<CnfLit>> = (0..k)
        .map(|u| {
            (0..k)
                .map(|v| if u == v { 0 } else { b.cnf.new_var() })
                .collect()
        })
        .collect();
    for &(w, v, e) in edges {
        b.cnf.add_clause(&[-e, reach[w][v]]);
        for (u, from_u) in reach.iter().enumerate() {
            if u == w {
                continue;
            }
            // reach(u,w) ∧ e(w,v) → reach(u,v), and nothing reaches itself.
            let mut clause = vec![-from_u[w], -e];
            if u != v {
                clause.push(from_u[v]);
            }
            b.cnf.add_clause(&clause);
        }
    }
}

/// Acyclicity over calls (incremental mode): edges of later calls may close cycles with
/// earlier ones, and earlier clauses stay in the solver, so the encoding only grows. The
/// closure encoding grows without touching what it added: reachability variables for every
/// ordered pair of the nodes so far (components are not known in advance), and each edge's
/// clauses for every node, old edges' clauses for each new node.
#[derive(Default)]
pub(super) struct GrowingClosure {
    node_of: HashMap<Sym, usize>,
    /// `reach[u][v]` (0 on the diagonal: a node reaching itself is a cycle).
    reach: Vec<Vec<CnfLit>>,
    edges: Vec<(usize, usize, CnfLit)>,
}

impl GrowingClosure {
    /// Adds the `#edge` instances of `b.program` (one call's delta).
    pub(super) fn extend(&mut self, b: &mut Builder) {
        let program = b.program;
        let mut new_edges = Vec::new();
        for e in &program.edges {
            let parts: Vec<Value> = e.body.iter().map(|l| b.lit(*l)).collect();
            let l = match b.and(parts) {
                Value::False => continue,
                Value::True => {
                    let t = b.cnf.new_var();
                    b.cnf.add_clause(&[t]);
                    t
                }
                Value::Lit(l) => l,
            };
            let (from, to) = (self.node(e.from), self.node(e.to));
            new_edges.push((from, to, l));
        }
        let first_new_node = self.grow(b);
        for &(w, v, e) in &self.edges {
            for u in first_new_node..self.reach.len() {
                self.edge_clause(b, u, w, v, e);
            }
        }
        for &(w, v, e) in &new_edges {
            if w == v {
                b.cnf.add_clause(&[-e]);
                continue;
            }
            b.cnf.add_clause(&[-e, self.reach[w][v]]);
            for u in 0..self.reach.len() {
                self.edge_clause(b, u, w, v, e);
            }
        }
        self.edges
            .extend(new_edges.into_iter().filter(|&(w, v, _)| w != v));
    }

    fn node(&mut self, s: Sym) -> usize {
        let n = self.node_of.len();
        *self.node_of.entry(s).or_insert(n)
    }

    /// Reachability variables for the nodes seen since the last call; returns the first new
    /// node.
    fn grow(&mut self, b: &mut Builder) -> usize {
        let old = self.reach.len();
        let n = self.node_of.len();
        for (u, row) in self.reach.iter_mut().enumerate() {
            row.extend((old..n).map(|v| if u == v { 0 } else { b.cnf.new_var() }));
        }
        for u in old..n {
            let row = (0..n)
                .map(|v| if u == v { 0 } else { b.cnf.new_var() })
                .collect();
            self.reach.push(row);
        }
        old
    }

    /// reach(u,w) ∧ e(w,v) → reach(u,v); nothing reaches itself.
    fn edge_clause(&self, b: &mut Builder, u: usize, w: usize, v: usize, e: CnfLit) {
        if u == w {
            return;
        }
        let mut clause = vec![-self.reach[u][w], -e];
        if u != v {
            clause.push(self.reach[u][v]);
        }
        b.cnf.add_clause(&clause);
    }
}
