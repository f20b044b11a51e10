//! Solving an embedded encoding with generated facts, and the shown atoms as plain values.

use crate::solve::{Outcome, SolveOptions, VarisatBackend};
use crate::symbol::{Sym, SymData, SymbolTable};
use crate::{CompileOptions, compile, ground_options, syntax};
use std::sync::Arc;

/// An encoding compiled into the binary (`include_str!`), with the name used in diagnostics.
#[derive(Clone, Copy, Debug)]
pub struct Encoding {
    pub name: &'static str,
    pub text: &'static str,
}

macro_rules! encoding {
    ($file:literal) => {
        Encoding {
            name: concat!("encodings/", $file),
            text: include_str!(concat!("../../encodings/", $file)),
        }
    };
}

pub const EDGE_MATCHING: Encoding = encoding!("edge_matching.lp");
pub const JODICI: Encoding = encoding!("jodici.lp");
pub const FLOWER_DISKS: Encoding = encoding!("flower_disks.lp");
pub const EQUATION: Encoding = encoding!("equation.lp");
pub const ZEBRA: Encoding = encoding!("zebra.lp");
pub const ZEBRA_SEED: Encoding = encoding!("zebra_seed.lp");
pub const NUMBER_CROSS: Encoding = encoding!("number_cross.lp");
pub const LOGIC_PAINTING: Encoding = encoding!("logic_painting.lp");
pub const LOGIC_RESEARCHERS: Encoding = encoding!("logic_researchers.lp");
pub const LOGIC_SCHOLARSHIPS: Encoding = encoding!("logic_scholarships.lp");
pub const LOGIC_CAR_RENTAL: Encoding = encoding!("logic_car_rental.lp");

/// A ground term of a shown atom.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Val {
    Int(i32),
    /// A constant or string, as written (strings without quotes).
    Id(String),
    /// A function term or tuple (empty name).
    Fun(String, Vec<Val>),
}

impl Val {
    pub fn int(&self) -> Option<i32> {
        match self {
            Val::Int(n) => Some(*n),
            _ => None,
        }
    }

    pub fn id(&self) -> Option<&str> {
        match self {
            Val::Id(s) => Some(s),
            _ => None,
        }
    }
}

impl std::fmt::Display for Val {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Val::Int(n) => write!(f, "{n}"),
            Val::Id(s) => write!(f, "{s}"),
            Val::Fun(name, args) => {
                write!(f, "{name}(")?;
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        write!(f, ",")?;
                    }
                    write!(f, "{a}")?;
                }
                write!(f, ")")
            }
        }
    }
}

/// A shown atom `pred(args...)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Atom {
    pub pred: String,
    pub args: Vec<Val>,
}

impl Atom {
    /// The integer arguments, when all of them are integers.
    pub fn ints(&self) -> Option<Vec<i32>> {
        self.args.iter().map(Val::int).collect()
    }
}

impl std::fmt::Display for Atom {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.args.is_empty() {
            write!(f, "{}", self.pred)
        } else {
            write!(f, "{}", Val::Fun(self.pred.clone(), self.args.clone()))
        }
    }
}

/// The atoms of one model with the given predicate name and arity.
pub fn atoms<'a>(model: &'a [Atom], pred: &'a str, arity: usize) -> impl Iterator<Item = &'a Atom> {
    model
        .iter()
        .filter(move |a| a.pred == pred && a.args.len() == arity)
}

fn val(symbols: &SymbolTable, s: Sym) -> Val {
    match symbols.get(s) {
        SymData::Num(n) => Val::Int(*n),
        SymData::Str(s) => Val::Id(s.clone()),
        SymData::Inf => Val::Id("#inf".into()),
        SymData::Sup => Val::Id("#sup".into()),
        SymData::Fun {
            name,
            args,
            negative,
        } => {
            let mut n = symbols.name_str(*name).to_string();
            if *negative {
                n.insert(0, '-');
            }
            if args.is_empty() && !n.is_empty() {
                Val::Id(n)
            } else {
                Val::Fun(n, args.iter().map(|a| val(symbols, *a)).collect())
            }
        }
    }
}

/// Why solving failed: the program (encoding, facts or constants) was rejected, or the solver
/// failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    Program(String),
    Solver(String),
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::Program(m) | SolveError::Solver(m) => write!(f, "{m}"),
        }
    }
}

/// How a run ended: the number of models and whether the enumeration was complete.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    pub models: usize,
    pub exhausted: bool,
}

/// Grounds `encoding` together with `facts` (named `facts_name` in diagnostics), with
/// `#const` overrides `NAME=VALUE`, and enumerates up to `max_models` models (0: all), calling
/// `on_model` with the shown atoms of each.
pub fn solve(
    encoding: &Encoding,
    facts_name: &str,
    facts: &str,
    consts: &[String],
    max_models: usize,
    on_model: &mut dyn FnMut(&[Atom]),
) -> Result<Summary, SolveError> {
    let program = |d: crate::syntax::Diagnostic| SolveError::Program(d.to_string());
    let mut statements = syntax::parse(encoding.text, Arc::from(encoding.name)).map_err(program)?;
    statements.extend(syntax::parse(facts, Arc::from(facts_name)).map_err(program)?);
    let options = CompileOptions {
        ground: ground_options(consts, None).map_err(program)?,
        ..CompileOptions::default()
    };
    let compiled = compile(&statements, &options).map_err(program)?;
    let mut backend = VarisatBackend::new(compiled.translation.cnf.num_vars());
    crate::solve::load(&mut backend, &compiled.translation.cnf);
    let options = SolveOptions {
        max_models,
        project: false,
    };
    let symbols = &compiled.program.symbols;
    let (outcome, stats) = crate::solve::enumerate(
        &compiled.program,
        &compiled.translation,
        &mut backend,
        &options,
        &mut |model, _| {
            let atoms: Vec<Atom> = model
                .iter()
                .filter_map(|s| match val(symbols, *s) {
                    Val::Id(p) => Some(Atom {
                        pred: p,
                        args: Vec::new(),
                    }),
                    Val::Fun(pred, args) => Some(Atom { pred, args }),
                    Val::Int(_) => None,
                })
                .collect();
            on_model(&atoms);
            crate::solve::Next::Continue
        },
    )
    .map_err(|e| SolveError::Solver(e.to_string()))?;
    Ok(Summary {
        models: stats.models,
        exhausted: !matches!(outcome, Outcome::Satisfiable { exhausted: false }),
    })
}

/// Collects all models (or the first `max_models`) as atom lists.
pub fn models(
    encoding: &Encoding,
    facts: &str,
    consts: &[String],
    max_models: usize,
) -> Result<(Vec<Vec<Atom>>, Summary), SolveError> {
    let mut all = Vec::new();
    let summary = solve(encoding, "<facts>", facts, consts, max_models, &mut |m| {
        all.push(m.to_vec())
    })?;
    Ok((all, summary))
}
