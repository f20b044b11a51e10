//! Random aggregate and optimization programs solved with every cardinality and pseudo-Boolean
//! encoding, against a brute-force evaluation.
//!
//! The programs have free atoms `a(0..n-1)` (one choice rule, sometimes with bounds), derived
//! atoms `b(j) :- AGG.` and constraints `:- AGG.` / `:- not AGG.` where AGG is a `#count` or
//! `#sum` (weights from -6 to 6) over the free atoms with one or two guards, and sometimes a
//! `#minimize`. Since nothing is recursive, the answer sets are exactly the assignments of the
//! free atoms that satisfy the bounds and constraints, which the test enumerates directly.

use aspsat::CompileOptions;
use aspsat::solve::optimize::{OptMode, OptStrategy, optimize};
use aspsat::solve::{Model, SolveOptions, VarisatBackend};
use aspsat::translate::card::CardEncoding;
use aspsat::translate::pb::PbEncoding;
use aspsat::translate::{EncodingOptions, TranslationKind};
use std::collections::BTreeSet;

mod common;
use common::Rng;

const OPS: [&str; 6] = ["<", "<=", "=", "!=", ">", ">="];

fn holds(value: i64, op: &str, bound: i64) -> bool {
    match op {
        "<" => value < bound,
        "<=" => value <= bound,
        "=" => value == bound,
        "!=" => value != bound,
        ">" => value > bound,
        ">=" => value >= bound,
        _ => unreachable!(),
    }
}

/// `#count` or `#sum` over some free atoms, with a right guard and maybe a left one.
struct Agg {
    sum: bool,
    elems: Vec<(usize, i64)>,
    left: Option<(i64, &'static str)>,
    right: (&'static str, i64),
}

impl Agg {
    fn random(rng: &mut Rng, n: usize) -> Agg {
        let sum = rng.below(2) == 0;
        let mut elems = Vec::new();
        for i in 0..n {
            if rng.below(4) != 0 {
                elems.push((i, if sum { rng.range(-6, 6) } else { 1 }));
            }
        }
        let reach: i64 = elems.iter().map(|(_, w)| w.abs()).sum::<i64>() + 1;
        let left = (rng.below(3) == 0).then(|| (rng.range(-reach, reach), OPS[rng.below(6)]));
        let right = (OPS[rng.below(6)], rng.range(-reach, reach));
        Agg {
            sum,
            elems,
            left,
            right,
        }
    }

    fn text(&self) -> String {
        let elems: Vec<String> = self
            .elems
            .iter()
            .map(|&(i, w)| {
                if self.sum {
                    format!("{w},{i} : a({i})")
                } else {
                    format!("{i} : a({i})")
                }
            })
            .collect();
        let func = if self.sum { "#sum" } else { "#count" };
        let left = match self.left {
            Some((v, op)) => format!("{v} {op} "),
            None => String::new(),
        };
        format!(
            "{left}{func}{{ {} }} {} {}",
            elems.join("; "),
            self.right.0,
            self.right.1
        )
    }

    fn eval(&self, on: &[bool]) -> bool {
        let value: i64 = self
            .elems
            .iter()
            .filter(|(i, _)| on[*i])
            .map(|(_, w)| w)
            .sum();
        // a left guard `v op agg` means `agg op' v` with the operator mirrored
        let left_ok = self.left.is_none_or(|(v, op)| {
            let mirrored = match op {
                "<" => ">",
                "<=" => ">=",
                ">" => "<",
                ">=" => "<=",
                o => o,
            };
            holds(value, mirrored, v)
        });
        left_ok && holds(value, self.right.0, self.right.1)
    }
}

struct Program {
    n: usize,
    choice_bounds: Option<(i64, i64)>,
    derived: Vec<Agg>,
    constraints: Vec<(bool, Agg)>,
    minimize: Vec<(usize, i64)>,
}

impl Program {
    fn random(rng: &mut Rng) -> Program {
        let n = 2 + rng.below(5);
        // An upper bound of 1 one time in three: the free atoms are then an "at most one"
        // set, which the sums and the optimizer's bounds encode as one group.
        let choice_bounds = (rng.below(3) == 0).then(|| match rng.below(3) {
            0 => (rng.range(0, 1), 1),
            _ => {
                let lo = rng.range(0, n as i64);
                (lo, rng.range(lo, n as i64 + 1))
            }
        });
        let derived = (0..rng.below(3)).map(|_| Agg::random(rng, n)).collect();
        let constraints = (0..rng.below(3))
            .map(|_| (rng.below(2) == 0, Agg::random(rng, n)))
            .collect();
        let mut minimize = Vec::new();
        if rng.below(2) == 0 {
            for i in 0..n {
                if rng.below(3) != 0 {
                    minimize.push((i, rng.range(-5, 9)));
                }
            }
        }
        Program {
            n,
            choice_bounds,
            derived,
            constraints,
            minimize,
        }
    }

    fn text(&self) -> String {
        let atoms: Vec<String> = (0..self.n).map(|i| format!("a({i})")).collect();
        let mut t = match self.choice_bounds {
            Some((lo, hi)) => format!("{lo} {{ {} }} {hi}.\n", atoms.join("; ")),
            None => format!("{{ {} }}.\n", atoms.join("; ")),
        };
        for (j, agg) in self.derived.iter().enumerate() {
            t += &format!("b({j}) :- {}.\n", agg.text());
        }
        for (negated, agg) in &self.constraints {
            let not = if *negated { "not " } else { "" };
            t += &format!(":- {not}{}.\n", agg.text());
        }
        if !self.minimize.is_empty() {
            let elems: Vec<String> = self
                .minimize
                .iter()
                .map(|&(i, w)| format!("{w},{i} : a({i})"))
                .collect();
            t += &format!("#minimize{{ {} }}.\n", elems.join("; "));
        }
        t
    }

    /// The answer sets (sorted shown atoms) with their costs.
    fn brute_force(&self) -> Vec<(Vec<String>, i64)> {
        let mut out = Vec::new();
        for mask in 0u32..(1 << self.n) {
            let on: Vec<bool> = (0..self.n).map(|i| mask >> i & 1 == 1).collect();
            if let Some((lo, hi)) = self.choice_bounds {
                let c = mask.count_ones() as i64;
                if c < lo || c > hi {
                    continue;
                }
            }
            if self
                .constraints
                .iter()
                .any(|(negated, agg)| agg.eval(&on) != *negated)
            {
                continue;
            }
            let mut atoms: Vec<String> = (0..self.n)
                .filter(|&i| on[i])
                .map(|i| format!("a({i})"))
                .collect();
            for (j, agg) in self.derived.iter().enumerate() {
                if agg.eval(&on) {
                    atoms.push(format!("b({j})"));
                }
            }
            atoms.sort();
            let cost = self
                .minimize
                .iter()
                .filter(|(i, _)| on[*i])
                .map(|(_, w)| w)
                .sum();
            out.push((atoms, cost));
        }
        out
    }
}

fn names(model: &Model, symbols: &aspsat::symbol::SymbolTable) -> Vec<String> {
    let mut v: Vec<String> = model.iter().map(|s| symbols.to_string(*s)).collect();
    v.sort();
    v
}

/// All answer sets, or with an objective the optimal ones and the optimum.
fn solve(
    text: &str,
    encodings: EncodingOptions,
    strategy: OptStrategy,
) -> Result<(BTreeSet<Vec<String>>, Option<i64>), String> {
    let statements = aspsat::syntax::parse(text, "<random>".into()).map_err(|d| d.to_string())?;
    let options = CompileOptions {
        translation: TranslationKind::Completion,
        encodings,
        ..CompileOptions::default()
    };
    let compiled = aspsat::compile(&statements, &options).map_err(|d| d.to_string())?;
    let mut backend = VarisatBackend::new(compiled.translation.cnf.num_vars());
    aspsat::solve::load(&mut backend, &compiled.translation.cnf);
    let symbols = &compiled.program.symbols;
    let mut out = BTreeSet::new();
    if compiled.translation.objective.is_empty() {
        aspsat::solve::enumerate(
            &compiled.program,
            &compiled.translation,
            &mut backend,
            &SolveOptions {
                max_models: 0,
                project: false,
            },
            &mut |m, _| {
                out.insert(names(m, symbols));
                aspsat::solve::Next::Continue
            },
        )?;
        return Ok((out, None));
    }
    let (optimum, _) = optimize(
        &compiled.program,
        &compiled.translation,
        &mut backend,
        OptMode::OptN,
        strategy,
        0,
        &mut |m: &Model, _: &[bool], _: &[i64], optimal: bool| {
            if optimal {
                out.insert(names(m, symbols));
            }
            aspsat::solve::Next::Continue
        },
    )?;
    Ok((out, optimum.best.map(|b| b[0])))
}

fn every_encoding() -> Vec<EncodingOptions> {
    let cards = CardEncoding::CONCRETE
        .into_iter()
        .chain([CardEncoding::Auto]);
    cards
        .flat_map(|card| {
            PbEncoding::CONCRETE
                .into_iter()
                .chain([PbEncoding::Auto])
                .map(move |pb| EncodingOptions {
                    card,
                    pb,
                    ..Default::default()
                })
        })
        .collect()
}

#[test]
fn random_aggregate_programs_agree_with_brute_force_under_every_encoding() {
    let mut failures = Vec::new();
    for seed in 0..500u64 {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let p = Program::random(&mut rng);
        let text = p.text();
        let all = p.brute_force();
        let expected = if p.minimize.is_empty() {
            (all.into_iter().map(|(a, _)| a).collect(), None)
        } else {
            let best = all.iter().map(|(_, c)| *c).min();
            let optimal = all
                .into_iter()
                .filter(|(_, c)| Some(*c) == best)
                .map(|(a, _)| a)
                .collect();
            (optimal, best)
        };
        // Both optimization strategies under every encoding (without an objective they are the
        // same run).
        let strategies: &[OptStrategy] = if p.minimize.is_empty() {
            &[OptStrategy::Bb]
        } else {
            &[OptStrategy::Bb, OptStrategy::Usc]
        };
        for (enc, &strategy) in every_encoding()
            .into_iter()
            .flat_map(|e| strategies.iter().map(move |s| (e, s)))
        {
            match solve(&text, enc, strategy) {
                Ok(got) if got == expected => {}
                Ok(got) => failures.push(format!(
                    "seed {seed} ({} {} {strategy:?}):\n{text}expected {expected:?}\n     got {got:?}",
                    enc.card, enc.pb
                )),
                Err(e) => failures.push(format!("seed {seed}:\n{text}error: {e}")),
            }
        }
        if failures.len() >= 5 {
            break;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
