//! Predicate dependency graph and its strongly connected components, in the order in which
//! they can be grounded (a component after every component it depends on).

use super::compile::CRule;

/// Components of the graph with an edge from each head predicate to each body predicate
/// (head predicates of one rule are tied together so the rule is grounded in one component).
pub fn components(num_preds: usize, rules: &[CRule]) -> Vec<Vec<usize>> {
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); num_preds];
    for r in rules {
        let heads = r.head_preds();
        let body = r.body_preds();
        for &h in &heads {
            edges[h].extend(body.iter().map(|(p, _)| *p));
            edges[h].extend(heads.iter().copied().filter(|&x| x != h));
        }
    }
    for e in &mut edges {
        e.sort_unstable();
        e.dedup();
    }
    crate::scc::tarjan(&edges)
}
