//! Strongly connected components (iterative Tarjan, so deep graphs cannot overflow the stack).

/// Components of the graph given by adjacency lists, each component after every component it
/// has edges to (dependencies first).
pub fn tarjan(edges: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n = edges.len();
    const UNVISITED: usize = usize::MAX;
    let mut index = vec![UNVISITED; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut out = Vec::new();
    let mut next = 0;
    for root in 0..n {
        if index[root] != UNVISITED {
            continue;
        }
        let mut call: Vec<(usize, usize)> = vec![(root, 0)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut i)) = call.last_mut() {
            if *i < edges[v].len() {
                let w = edges[v][*i];
                *i += 1;
                if index[w] == UNVISITED {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    call.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
            } else {
                call.pop();
                if let Some(&(parent, _)) = call.last() {
                    low[parent] = low[parent].min(low[v]);
                }
                if low[v] == index[v] {
                    let mut comp = Vec::new();
                    loop {
                        let w = stack.pop().expect("tarjan stack holds the component");
                        on_stack[w] = false;
                        comp.push(w);
                        if w == v {
                            break;
                        }
                    }
                    out.push(comp);
                }
            }
        }
    }
    out
}

/// The nodes reachable from `from` in one step or more along `edges` without leaving its
/// component (`component[n]` for each node), after visiting at most `budget` nodes (those
/// found later count as unreached).
pub fn reachable_within(
    edges: &[Vec<usize>],
    component: &[usize],
    from: usize,
    budget: usize,
) -> Vec<bool> {
    let mut seen = vec![false; edges.len()];
    let mut todo = vec![from];
    let mut budget = budget;
    while let Some(n) = todo.pop() {
        budget = budget.saturating_sub(1);
        for &m in &edges[n] {
            if budget > 0
                && component[m] == component[from]
                && !std::mem::replace(&mut seen[m], true)
            {
                todo.push(m);
            }
        }
    }
    seen
}

#[cfg(test)]
mod tests {
    #[test]
    fn components_come_dependencies_first() {
        // 0 -> 1 -> 2 -> 1, 3 alone
        let comps = super::tarjan(&[vec![1], vec![2], vec![1], vec![]]);
        let pos = |x: usize| comps.iter().position(|c| c.contains(&x)).unwrap();
        assert_eq!(pos(1), pos(2));
        assert!(pos(1) < pos(0));
        assert_eq!(comps.len(), 3);
    }
}
