//! Test helpers: a small DPLL solver for checking encodings against brute force.

use crate::cnf::{Cnf, CnfLit};

/// Whether `cnf` has a model in which every literal of `assume` is true (DPLL with unit
/// propagation; meant for the small formulas of encoding tests).
pub fn sat(cnf: &Cnf, assume: &[CnfLit]) -> bool {
    let mut value: Vec<Option<bool>> = vec![None; cnf.num_vars() as usize + 1];
    for &l in assume {
        let v = &mut value[l.unsigned_abs() as usize];
        if *v == Some(l < 0) {
            return false;
        }
        *v = Some(l > 0);
    }
    let clauses: Vec<&[CnfLit]> = cnf.clauses().collect();
    dpll(&clauses, &mut value)
}

fn lit_value(value: &[Option<bool>], l: CnfLit) -> Option<bool> {
    value[l.unsigned_abs() as usize].map(|b| b == (l > 0))
}

/// The assignment unit propagation derives from `assume`, by variable (`None` at index 0 and
/// for undecided variables); `None` on a conflict.
pub fn propagate(cnf: &Cnf, assume: &[CnfLit]) -> Option<Vec<Option<bool>>> {
    let mut value: Vec<Option<bool>> = vec![None; cnf.num_vars() as usize + 1];
    for &l in assume {
        let v = &mut value[l.unsigned_abs() as usize];
        if *v == Some(l < 0) {
            return None;
        }
        *v = Some(l > 0);
    }
    let clauses: Vec<&[CnfLit]> = cnf.clauses().collect();
    unit_propagate(&clauses, &mut value).then_some(value)
}

fn dpll(clauses: &[&[CnfLit]], value: &mut [Option<bool>]) -> bool {
    if !unit_propagate(clauses, value) {
        return false;
    }
    let Some(v) = (1..value.len()).find(|&v| value[v].is_none()) else {
        return true;
    };
    for b in [true, false] {
        let mut next = value.to_vec();
        next[v] = Some(b);
        if dpll(clauses, &mut next) {
            return true;
        }
    }
    false
}

/// Unit propagation to a fixpoint; false on a conflict.
fn unit_propagate(clauses: &[&[CnfLit]], value: &mut [Option<bool>]) -> bool {
    loop {
        let mut changed = false;
        for c in clauses {
            let mut unassigned = None;
            let mut count = 0;
            let mut satisfied = false;
            for &l in c.iter() {
                match lit_value(value, l) {
                    Some(true) => {
                        satisfied = true;
                        break;
                    }
                    Some(false) => {}
                    None => {
                        count += 1;
                        unassigned = Some(l);
                    }
                }
            }
            if satisfied {
                continue;
            }
            match (count, unassigned) {
                (0, _) => return false,
                (1, Some(l)) => {
                    value[l.unsigned_abs() as usize] = Some(l > 0);
                    changed = true;
                }
                _ => {}
            }
        }
        if !changed {
            return true;
        }
    }
}

/// The literal `x` if `b`, else `-x`.
pub fn signed(x: CnfLit, b: bool) -> CnfLit {
    if b { x } else { -x }
}

/// Checks that, with the inputs fixed, `outputs` are forced to `expected`: the expected values
/// extend to a model, and flipping any single output does not.
pub fn assert_forced(
    cnf: &Cnf,
    fixed: &[CnfLit],
    outputs: &[CnfLit],
    expected: &[bool],
    what: &str,
) {
    let mut assume: Vec<CnfLit> = fixed.to_vec();
    assume.extend(outputs.iter().zip(expected).map(|(&o, &e)| signed(o, e)));
    assert!(
        sat(cnf, &assume),
        "{what}: expected outputs {expected:?} not a model"
    );
    for (i, (&o, &e)) in outputs.iter().zip(expected).enumerate() {
        let mut assume = fixed.to_vec();
        assume.push(signed(o, !e));
        assert!(!sat(cnf, &assume), "{what}: output {i} not forced to {e}");
    }
}

/// Checks that for every assignment of `inputs` the outputs `out[i]` are forced to "at least
/// i+1 inputs are true" (the contract of every cardinality encoding).
pub fn assert_counts_exactly(cnf: &Cnf, inputs: &[CnfLit], out: &[CnfLit], what: &str) {
    for mask in 0u32..(1 << inputs.len()) {
        let count = mask.count_ones() as usize;
        let fixed: Vec<CnfLit> = inputs
            .iter()
            .enumerate()
            .map(|(i, &x)| signed(x, mask >> i & 1 == 1))
            .collect();
        let expected: Vec<bool> = (0..out.len()).map(|i| count > i).collect();
        assert_forced(
            cnf,
            &fixed,
            out,
            &expected,
            &format!("{what} mask={mask:b}"),
        );
    }
}
