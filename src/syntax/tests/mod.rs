//! Parser tests. Statements are checked through a compact, fully bracketed rendering of the
//! AST (see `stmt`), spans through direct pattern matches.

use super::ast::*;
use super::parse;
use std::sync::Arc;

mod directives;
mod errors;
mod lexical;
mod robustness;
mod rules;
mod terms;

// ----- a compact rendering of the AST --------------------------------------------------------

fn term(t: &Term) -> String {
    match t {
        Term::Int(n) => n.to_string(),
        Term::Str(s) => format!("{s:?}"),
        Term::Inf => "#inf".into(),
        Term::Sup => "#sup".into(),
        Term::Var(v, _) => v.clone(),
        Term::Anonymous(_) => "_".into(),
        Term::Fun {
            name,
            args,
            negative,
            ..
        } => {
            let neg = if *negative { "-" } else { "" };
            if name.is_empty() {
                let comma = if args.len() == 1 { "," } else { "" };
                format!("{neg}({}{comma})", terms(args))
            } else if args.is_empty() {
                format!("{neg}{name}")
            } else {
                format!("{neg}{name}({})", terms(args))
            }
        }
        Term::Unary(UnOp::Minus, t, _) => format!("(-{})", term(t)),
        Term::Unary(UnOp::BitNot, t, _) => format!("(~{})", term(t)),
        Term::Unary(UnOp::Abs, t, _) => format!("|{}|", term(t)),
        Term::Binary(op, l, r, _) => {
            let op = match op {
                BinOp::Add => "+",
                BinOp::Sub => "-",
                BinOp::Mul => "*",
                BinOp::Div => "/",
                BinOp::Mod => "\\",
                BinOp::Pow => "**",
                BinOp::And => "&",
                BinOp::Or => "?",
                BinOp::Xor => "^",
            };
            format!("({}{op}{})", term(l), term(r))
        }
        Term::Interval(l, r, _) => format!("({}..{})", term(l), term(r)),
        Term::Pool(ts, _) => format!(
            "pool[{}]",
            ts.iter().map(term).collect::<Vec<_>>().join(";")
        ),
    }
}

fn terms(ts: &[Term]) -> String {
    ts.iter().map(term).collect::<Vec<_>>().join(",")
}

fn sign(s: Sign) -> &'static str {
    match s {
        Sign::Pos => "",
        Sign::Not => "not ",
        Sign::NotNot => "not not ",
    }
}

fn lit(l: &Literal) -> String {
    match l {
        Literal::Atom { sign: s, atom } => format!("{}{}", sign(*s), term(&atom.term)),
        Literal::Comparison { op, lhs, rhs, .. } => {
            format!("{}{}{}", term(lhs), op.as_str(), term(rhs))
        }
        Literal::Chain {
            negated,
            first,
            rest,
            ..
        } => {
            let mut out = format!("{}{}", if *negated { "not " } else { "" }, term(first));
            for (op, t) in rest {
                out += &format!("{}{}", op.as_str(), term(t));
            }
            out
        }
        Literal::Bool(b, _) => format!("#{b}"),
    }
}

fn lits(ls: &[Literal]) -> String {
    ls.iter().map(lit).collect::<Vec<_>>().join(",")
}

fn func(f: AggFunc) -> &'static str {
    match f {
        AggFunc::Count => "#count",
        AggFunc::Sum => "#sum",
        AggFunc::SumPlus => "#sum+",
        AggFunc::Min => "#min",
        AggFunc::Max => "#max",
    }
}

fn guards(left: &Option<Guard>, right: &Option<Guard>, inner: String) -> String {
    let l = left
        .as_ref()
        .map(|g| format!("{}{}", term(&g.term), g.op.as_str()))
        .unwrap_or_default();
    let r = right
        .as_ref()
        .map(|g| format!("{}{}", g.op.as_str(), term(&g.term)))
        .unwrap_or_default();
    format!("{l}{inner}{r}")
}

fn body_lit(b: &BodyLit) -> String {
    match b {
        BodyLit::Lit(l) => lit(l),
        BodyLit::Conditional { lit: l, cond, .. } => format!("[{}:{}]", lit(l), lits(cond)),
        BodyLit::Aggregate { sign: s, agg } => {
            let elems = agg
                .elems
                .iter()
                .map(|e| format!("{}:{}", terms(&e.terms), lits(&e.cond)))
                .collect::<Vec<_>>()
                .join(";");
            let inner = format!("{}{{{elems}}}", func(agg.func));
            format!("{}{}", sign(*s), guards(&agg.left, &agg.right, inner))
        }
    }
}

fn body(b: &[BodyLit]) -> String {
    b.iter().map(body_lit).collect::<Vec<_>>().join(", ")
}

fn head(h: &Head) -> String {
    match h {
        Head::None => String::new(),
        Head::Atom(a) => term(&a.term),
        Head::Disjunction(es) => es
            .iter()
            .map(|e| format!("{}:{}", term(&e.atom.term), lits(&e.cond)))
            .collect::<Vec<_>>()
            .join(" | "),
        Head::Choice {
            elems, left, right, ..
        } => {
            let es = elems
                .iter()
                .map(|e| format!("{}:{}", term(&e.atom.term), lits(&e.cond)))
                .collect::<Vec<_>>()
                .join(";");
            guards(left, right, format!("{{{es}}}"))
        }
        Head::Aggregate {
            func: f,
            elems,
            left,
            right,
            ..
        } => {
            let es = elems
                .iter()
                .map(|e| {
                    format!(
                        "{}:{}:{}",
                        terms(&e.terms),
                        term(&e.atom.term),
                        lits(&e.cond)
                    )
                })
                .collect::<Vec<_>>()
                .join(";");
            guards(left, right, format!("{}{{{es}}}", func(*f)))
        }
    }
}

fn opt_elem(e: &OptElem) -> String {
    let p = e
        .priority
        .as_ref()
        .map(|p| format!("@{}", term(p)))
        .unwrap_or_default();
    let ts: String = e.terms.iter().map(|t| format!(",{}", term(t))).collect();
    format!("{}{p}{ts}:{}", term(&e.weight), body(&e.cond))
}

fn stmt(s: &Statement) -> String {
    match s {
        Statement::Rule(r) => {
            if r.body.is_empty() {
                format!("{}.", head(&r.head))
            } else {
                format!("{} :- {}.", head(&r.head), body(&r.body))
            }
        }
        Statement::Const { name, value, .. } => format!("#const {name}={}.", term(value)),
        Statement::ShowSig {
            name,
            arity,
            negative,
            ..
        } => format!("#show {}{name}/{arity}.", if *negative { "-" } else { "" }),
        Statement::ShowTerm {
            term: t, body: b, ..
        } => {
            format!("#show {}:{}.", term(t), body(b))
        }
        Statement::ShowNothing(_) => "#show.".into(),
        Statement::HideAll(_) => "#hide.".into(),
        Statement::Optimize {
            elems, maximize, ..
        } => format!(
            "#{}{{{}}}.",
            if *maximize { "maximize" } else { "minimize" },
            elems.iter().map(opt_elem).collect::<Vec<_>>().join(";")
        ),
        Statement::Weak { body: b, elem, .. } => {
            format!(":~ {}. [{}]", body(b), opt_elem(elem))
        }
        Statement::Include { path, .. } => format!("#include {path:?}."),
        Statement::Program { name, params, .. } => {
            format!("#program {name}({}).", params.join(","))
        }
        Statement::IncludeBuiltin { name, .. } => format!("#include <{name}>."),
        Statement::External(x) => {
            let value = x.value.as_ref().map(term).unwrap_or_default();
            format!(
                "#external {}:{}.[{value}]",
                term(&x.atom.term),
                body(&x.body)
            )
        }
        Statement::Project { target, .. } => match target {
            ProjectTarget::Signature {
                name,
                arity,
                negative,
            } => format!(
                "#project {}{name}/{arity}.",
                if *negative { "-" } else { "" }
            ),
            ProjectTarget::Atom { atom, body: b } => {
                format!("#project {}:{}.", term(&atom.term), body(b))
            }
        },
        Statement::Heuristic { .. } => "#heuristic.".into(),
        Statement::Defined {
            name,
            arity,
            negative,
            ..
        } => format!(
            "#defined {}{name}/{arity}.",
            if *negative { "-" } else { "" }
        ),
        Statement::Edge { pairs, body: b, .. } => {
            let pairs: Vec<String> = pairs
                .iter()
                .map(|(u, v)| format!("{},{}", term(u), term(v)))
                .collect();
            format!("#edge ({}):{}.", pairs.join(";"), body(b))
        }
        Statement::Unsupported { what, .. } => format!("unsupported({what})"),
    }
}

// ----- helpers ---------------------------------------------------------------------------------

fn p(src: &str) -> Vec<Statement> {
    match parse(src, Arc::from("t.lp")) {
        Ok(s) => s,
        Err(e) => panic!("parse error for {src:?}: {e}"),
    }
}

/// The rendering of all statements, one per line.
fn r(src: &str) -> String {
    p(src).iter().map(stmt).collect::<Vec<_>>().join("\n")
}

/// The rendering of the single term `t` (parsed as the fact `x(t).`).
fn t(src: &str) -> String {
    let s = p(&format!("x({src})."));
    match &s[..] {
        [
            Statement::Rule(Rule {
                head: Head::Atom(a),
                ..
            }),
        ] => match &a.term {
            Term::Fun { args, .. } if args.len() == 1 => term(&args[0]),
            other => panic!("unexpected term {}", term(other)),
        },
        _ => panic!("unexpected statements for {src:?}"),
    }
}

/// The error message with its position, `line:col-col: message`.
fn e(src: &str) -> String {
    match parse(src, Arc::from("t.lp")) {
        Ok(s) => panic!(
            "expected an error for {:?}, got {:?}",
            src.chars().take(200).collect::<String>(),
            s.iter().map(stmt).collect::<Vec<_>>()
        ),
        Err(d) => d.to_string().replacen("t.lp:", "", 1),
    }
}

fn span(l1: u32, c1: u32, l2: u32, c2: u32) -> Span {
    Span {
        file: Arc::from("t.lp"),
        start_line: l1,
        start_col: c1,
        end_line: l2,
        end_col: c2,
    }
}

fn first_rule(src: &str) -> Rule {
    match p(src).into_iter().next() {
        Some(Statement::Rule(r)) => r,
        _ => panic!("no rule"),
    }
}
