//! Parser tests. Statements are checked through a compact, fully bracketed rendering of the
//! AST (see `stmt`), spans through direct pattern matches.

use super::ast::*;
use super::parse;
use std::sync::Arc;

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
        Statement::Heuristic(_) => "#heuristic.".into(),
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

// ----- lexical matters -------------------------------------------------------------------------

#[test]
fn comments_and_whitespace() {
    assert_eq!(r("a. % comment\nb.%c"), "a.\nb.");
    assert_eq!(r("%* block\n comment *% a. %**% b."), "a.\nb.");
    assert_eq!(r("%* outer %* nested *% still comment *% a."), "a.");
    assert_eq!(r("\t\r\n a.\r\n"), "a.");
    assert_eq!(r(""), "");
    assert_eq!(r("% only a comment"), "");
}

#[test]
fn identifiers_and_variables() {
    assert_eq!(t("a'b_1"), "a'b_1");
    assert_eq!(t("_a"), "_a");
    assert_eq!(t("__X1'"), "__X1'");
    assert_eq!(t("X"), "X");
    assert_eq!(t("_"), "_");
    assert_eq!(t("notx"), "notx");
    assert_eq!(t("not_"), "not_");
}

#[test]
fn numbers() {
    assert_eq!(t("0"), "0");
    assert_eq!(t("42"), "42");
    assert_eq!(t("0x1F"), "31");
    assert_eq!(t("0o17"), "15");
    assert_eq!(t("0b101"), "5");
    // clingo's integers are 32-bit; aspsat rejects larger literals instead of wrapping
    assert_eq!(t("2147483647"), "2147483647");
    assert_eq!(t("-2147483648"), "-2147483648");
    let too_large = "error: integer too large: clingo's integers are 32-bit";
    assert_eq!(e("x(2147483648)."), format!("1:3-13: {too_large}"));
    assert_eq!(e("x(-2147483649)."), format!("1:4-14: {too_large}"));
    assert_eq!(
        e("x(99999999999999999999999999)."),
        format!("1:3-29: {too_large}")
    );
    assert_eq!(
        e("x(0xFFFFFFFFFFFFFFFFFFFF)."),
        format!("1:3-25: {too_large}")
    );
    // like clingo: `01` is `0` followed by `1`
    assert_eq!(
        e("x(01)."),
        "1:4-5: error: syntax error, unexpected <NUMBER>, expecting ) or ;"
    );
}

#[test]
fn strings() {
    assert_eq!(t(r#""abc""#), r#""abc""#);
    assert_eq!(t(r#""a\"b\\c\nd""#), r#""a\"b\\c\nd""#);
    assert_eq!(t(r#""ä""#), r#""ä""#);
    match &p(r#"x("a\"b")."#)[0] {
        Statement::Rule(Rule {
            head: Head::Atom(a),
            ..
        }) => match &a.term {
            Term::Fun { args, .. } => assert_eq!(args[0], Term::Str("a\"b".into())),
            _ => panic!(),
        },
        _ => panic!(),
    }
}

#[test]
fn keywords() {
    assert_eq!(t("#inf"), "#inf");
    assert_eq!(t("#infimum"), "#inf");
    assert_eq!(t("#sup"), "#sup");
    assert_eq!(t("#supremum"), "#sup");
    assert_eq!(
        r("#minimise{1:a}. #maximise{1:a}."),
        "#minimize{1:a}.\n#maximize{1:a}."
    );
}

// ----- terms -----------------------------------------------------------------------------------

#[test]
fn term_precedence() {
    assert_eq!(t("1+2*3"), "(1+(2*3))");
    assert_eq!(t("1-2-3"), "((1-2)-3)");
    assert_eq!(t("8/2/2"), "((8/2)/2)");
    assert_eq!(t("7\\3*2"), "((7\\3)*2)");
    assert_eq!(t("2**3**2"), "(2**(3**2))");
    assert_eq!(t("2*3**2"), "(2*(3**2))");
    assert_eq!(t("-2**2"), "(-2**2)");
    assert_eq!(t("-X**2"), "((-X)**2)");
    assert_eq!(t("1..N+1"), "(1..(N+1))");
    assert_eq!(t("a^b?c&d+e"), "(a^(b?(c&(d+e))))");
    assert_eq!(t("a&b?c^d"), "(((a&b)?c)^d)");
    assert_eq!(t("(1+2)*3"), "((1+2)*3)");
    assert_eq!(t("~X+1"), "((~X)+1)");
    assert_eq!(t("|X-1|"), "|(X-1)|");
    assert_eq!(t("||X|-|Y||"), "|(|X|-|Y|)|");
    assert_eq!(t("|1;-2|"), "|pool[1;-2]|");
    assert_eq!(t("X-1"), "(X-1)");
    assert_eq!(t("X- -1"), "(X--1)");
    assert_eq!(t("1..2..3"), "((1..2)..3)");
}

#[test]
fn unary_minus() {
    assert_eq!(t("-3"), "-3");
    assert_eq!(t("- 3"), "-3");
    // only a minus directly on a literal is folded into it
    assert_eq!(t("-(3)"), "(-3)");
    assert_eq!(t("--3"), "(--3)");
    assert_eq!(t("-X"), "(-X)");
    assert_eq!(t("-a"), "-a");
    assert_eq!(t("-f(X)"), "-f(X)");
    assert_eq!(t("- -a"), "(--a)");
    assert_eq!(t("-(1,2)"), "(-(1,2))");
    assert_eq!(t("-f(1;2)"), "pool[-f(1);-f(2)]");
    assert_eq!(t("-#inf"), "(-#inf)");
    assert_eq!(t("~3"), "(~3)");
}

#[test]
fn tuples_and_pools() {
    assert_eq!(t("(a,b)"), "(a,b)");
    assert_eq!(t("(a,)"), "(a,)");
    assert_eq!(t("()"), "()");
    assert_eq!(t("(,)"), "()");
    assert_eq!(t("(a)"), "a");
    assert_eq!(t("((a))"), "a");
    assert_eq!(t("(1;2)"), "pool[1;2]");
    assert_eq!(t("(1,2;3)"), "pool[(1,2);3]");
    assert_eq!(t("f(1,2;3)"), "pool[f(1,2);f(3)]");
    assert_eq!(t("f()"), "f");
    assert_eq!(t("f(1;)"), "pool[f(1);f]");
    assert_eq!(t("f((1;2),3)"), "f(pool[1;2],3)");
    assert_eq!(t("1..n"), "(1..n)");
    assert_eq!(t("f(g(h(X)),\"s\",_)"), "f(g(h(X)),\"s\",_)");
    assert_eq!(r("p(X;Y)."), "pool[p(X);p(Y)].");
    assert_eq!(r("rot90(4;5;6)."), "pool[rot90(4);rot90(5);rot90(6)].");
    assert_eq!(r("-p(1;2)."), "pool[-p(1);-p(2)].");
}

#[test]
fn term_spans() {
    let rule = first_rule("p(X, -f(Y), 1+Z) :- q.");
    let Head::Atom(a) = &rule.head else { panic!() };
    assert_eq!(a.span, span(1, 1, 1, 17));
    let Term::Fun { args, span: s, .. } = &a.term else {
        panic!()
    };
    assert_eq!(*s, span(1, 1, 1, 17));
    assert!(matches!(&args[0], Term::Var(v, s) if v == "X" && *s == span(1, 3, 1, 4)));
    assert!(
        matches!(&args[1], Term::Fun { negative: true, span: s, .. } if *s == span(1, 6, 1, 11))
    );
    assert!(matches!(&args[2], Term::Binary(BinOp::Add, _, _, s) if *s == span(1, 13, 1, 16)));
    assert_eq!(rule.span, span(1, 1, 1, 23));
    // multi-line spans
    let rule = first_rule("p(X,\n  Y) :-\n q(X,Y).");
    assert_eq!(rule.span, span(1, 1, 3, 9));
    let Head::Atom(a) = &rule.head else { panic!() };
    assert_eq!(a.span, span(1, 1, 2, 5));
    // columns count bytes, like clingo
    let rule = first_rule("p(\"ä\",X).");
    let Head::Atom(a) = &rule.head else { panic!() };
    let Term::Fun { args, .. } = &a.term else {
        panic!()
    };
    assert!(matches!(&args[1], Term::Var(_, s) if *s == span(1, 8, 1, 9)));
}

#[test]
fn more_spans() {
    //         123456789012345678901234567890123456789
    let rule = first_rule("p(1..N, |X|, (a;b), -X) :- q(N), X = -Y.");
    let Head::Atom(a) = &rule.head else { panic!() };
    let Term::Fun { args, .. } = &a.term else {
        panic!()
    };
    assert!(matches!(&args[0], Term::Interval(_, _, s) if *s == span(1, 3, 1, 7)));
    assert!(matches!(&args[1], Term::Unary(UnOp::Abs, _, s) if *s == span(1, 9, 1, 12)));
    assert!(matches!(&args[2], Term::Pool(_, s) if *s == span(1, 14, 1, 19)));
    assert!(matches!(&args[3], Term::Unary(UnOp::Minus, _, s) if *s == span(1, 21, 1, 23)));
    let BodyLit::Lit(Literal::Comparison { span: s, .. }) = &rule.body[1] else {
        panic!()
    };
    assert_eq!(*s, span(1, 34, 1, 40));
    let rule = first_rule("#count { X : p(X) : q(X) } = 1 :- r.");
    let Head::Aggregate { span: s, elems, .. } = &rule.head else {
        panic!()
    };
    assert_eq!(*s, span(1, 1, 1, 31));
    assert_eq!(elems[0].span, span(1, 10, 1, 25));
    assert_eq!(elems[0].atom.span, span(1, 14, 1, 18));
    // a pool of functions: every alternative carries the span of the whole pool
    let rule = first_rule("p(1;2).");
    let Head::Atom(a) = &rule.head else { panic!() };
    let Term::Pool(alts, s) = &a.term else {
        panic!()
    };
    assert_eq!(*s, span(1, 1, 1, 7));
    assert!(matches!(&alts[1], Term::Fun { span: s, .. } if *s == span(1, 1, 1, 7)));
    // the anonymous variable
    let rule = first_rule("p(_).");
    let Head::Atom(a) = &rule.head else { panic!() };
    let Term::Fun { args, .. } = &a.term else {
        panic!()
    };
    assert_eq!(args[0], Term::Anonymous(span(1, 3, 1, 4)));
}

// ----- rules -----------------------------------------------------------------------------------

#[test]
fn facts_rules_constraints() {
    assert_eq!(r("a."), "a.");
    assert_eq!(r("p(1,X) :- q(X)."), "p(1,X) :- q(X).");
    assert_eq!(r("a :- b, not c, not not d."), "a :- b, not c, not not d.");
    assert_eq!(r("a :- b; c."), "a :- b, c.");
    assert_eq!(r(":- a, b."), " :- a, b.");
    assert_eq!(r("#false :- a."), " :- a.");
    assert_eq!(r("a :- ."), "a.");
    assert_eq!(r(":- ."), ".");
    assert_eq!(r("-a :- b."), "-a :- b.");
    assert_eq!(r("#true :- a."), "{} :- a.");
    assert!(matches!(
        &p(":- a.")[0],
        Statement::Rule(Rule {
            head: Head::None,
            ..
        })
    ));
    assert!(matches!(
        &p("#false :- a.")[0],
        Statement::Rule(Rule {
            head: Head::None,
            ..
        })
    ));
}

#[test]
fn literals() {
    assert_eq!(
        r(":- X < Y, X <= Y, X > Y, X >= Y."),
        " :- X<Y, X<=Y, X>Y, X>=Y."
    );
    assert_eq!(
        r(":- X = Y, X == Y, X != Y, X <> Y."),
        " :- X=Y, X=Y, X!=Y, X!=Y."
    );
    assert_eq!(r(":- not X < Y, not X = Y."), " :- X>=Y, X!=Y.");
    assert_eq!(r(":- not not X < Y."), " :- X<Y.");
    assert_eq!(
        r(":- #true, #false, not #true, not not #false."),
        " :- #true, #false, #false, #false."
    );
    assert_eq!(r(":- f(X) = g(Y)."), " :- f(X)=g(Y).");
    assert_eq!(r(":- (1,2) < X."), " :- (1,2)<X.");
    // comparison chains are split into conjunctions
    assert_eq!(r(":- 1 < X < 3, p(X)."), " :- 1<X, X<3, p(X).");
    assert_eq!(r("a :- b : 1 < X <= 3."), "a :- [b:1<X,X<=3].");
    assert_eq!(
        r(":- not 1 < X < 3."),
        "unsupported(negated comparison chain)"
    );
    // spans of literals include the `not`
    let rule = first_rule(":- not X < 1, not a.");
    let BodyLit::Lit(l) = &rule.body[0] else {
        panic!()
    };
    assert_eq!(*l.span(), span(1, 4, 1, 13));
    let BodyLit::Lit(l) = &rule.body[1] else {
        panic!()
    };
    assert_eq!(*l.span(), span(1, 19, 1, 20));
}

#[test]
fn conditional_literals() {
    assert_eq!(r("a :- b : c, d."), "a :- [b:c,d].");
    assert_eq!(r("a :- b : c, d; e."), "a :- [b:c,d], e.");
    assert_eq!(r("a :- e, b : c; not f : g."), "a :- e, [b:c], [not f:g].");
    assert_eq!(r("a :- b : ."), "a :- [b:].");
    assert_eq!(r("a :- b : ; c."), "a :- [b:], c.");
    assert_eq!(r("a :- X < 2 : p(X)."), "a :- [X<2:p(X)].");
    let rule = first_rule("a :- not b : c, d.");
    assert_eq!(*rule.body[0].span(), span(1, 6, 1, 18));
}

#[test]
fn disjunctions() {
    assert_eq!(r("a ; b :- c."), "a: | b: :- c.");
    assert_eq!(r("a | b | c."), "a: | b: | c:.");
    assert_eq!(r("a, b."), "a: | b:.");
    assert_eq!(r("a : b :- c."), "a:b :- c.");
    assert_eq!(r("a : b, c ; d : e."), "a:b,c | d:e.");
    assert_eq!(r("a : b, c | d."), "a:b,c | d:.");
    assert_eq!(r("p(X) : q(X) :- r."), "p(X):q(X) :- r.");
    let rule = first_rule("a : b, c ; d.");
    let Head::Disjunction(es) = &rule.head else {
        panic!()
    };
    assert_eq!(es[0].span, span(1, 1, 1, 9));
    assert_eq!(es[1].span, span(1, 12, 1, 13));
}

#[test]
fn choices() {
    assert_eq!(r("{ a ; b : c, d }."), "{a:;b:c,d}.");
    assert_eq!(r("{}."), "{}.");
    assert_eq!(r("1 { a ; b } 2."), "1<={a:;b:}<=2.");
    assert_eq!(r("1 <= { a } <= 2."), "1<={a:}<=2.");
    assert_eq!(r("{ a } = 1."), "{a:}=1.");
    assert_eq!(r("X < { a } :- n(X)."), "X<{a:} :- n(X).");
    assert_eq!(r("{ a } > 1."), "{a:}>1.");
    assert_eq!(r("{ p(X) : q(X) } :- r."), "{p(X):q(X)} :- r.");
    assert_eq!(r("N-1 { a } N+1."), "(N-1)<={a:}<=(N+1).");
    assert_eq!(r("{ a } b."), "{a:}<=b.");
    let rule = first_rule("1 { a : b } 2 :- c.");
    let Head::Choice { span: s, elems, .. } = &rule.head else {
        panic!()
    };
    assert_eq!(*s, span(1, 1, 1, 14));
    assert_eq!(elems[0].span, span(1, 5, 1, 10));
    assert_eq!(elems[0].atom.span, span(1, 5, 1, 6));
    assert_eq!(
        r("{ not a }."),
        "unsupported(choice element that is not an atom)"
    );
}

#[test]
fn head_aggregates() {
    assert_eq!(
        r("#count { X : p(X) : q(X) ; Y, Z : r(Y) } = 1 :- s."),
        "#count{X:p(X):q(X);Y,Z:r(Y):}=1 :- s."
    );
    assert_eq!(r("#count { a : b } = 1."), "#count{a:b:}=1.");
    assert_eq!(r("#sum { 1 : a ; 2 : b } 2."), "#sum{1:a:;2:b:}<=2.");
    assert_eq!(r("1 <= #min { X : p(X) } <= 3."), "1<=#min{X:p(X):}<=3.");
    assert_eq!(r("#max { : a }."), "#max{:a:}.");
    assert_eq!(r("#count { }."), "#count{}.");
}

#[test]
fn negated_heads_are_unsupported() {
    assert_eq!(r("not a :- b."), "unsupported(negated head literal)");
    assert_eq!(r("not not a."), "unsupported(negated head literal)");
    assert_eq!(r("a ; not b."), "unsupported(negated head literal)");
    assert_eq!(r("1 < 2 :- a."), "unsupported(comparison in rule head)");
    match &p("b. not a :- b.\nc.")[1] {
        Statement::Unsupported { span: s, .. } => assert_eq!(*s, span(1, 4, 1, 15)),
        _ => panic!(),
    }
}

#[test]
fn body_aggregates() {
    assert_eq!(r(":- #count { X : p(X) }."), " :- #count{X:p(X)}.");
    assert_eq!(
        r(":- 2 <= #count { X, Y : p(X), q(Y) ; Z : r(Z) } < 5."),
        " :- 2<=#count{X,Y:p(X),q(Y);Z:r(Z)}<5."
    );
    assert_eq!(r(":- #sum { X : p(X) } != 15."), " :- #sum{X:p(X)}!=15.");
    assert_eq!(
        r("c(C) :- C = #count { X : p(X) }."),
        "c(C) :- C=#count{X:p(X)}."
    );
    assert_eq!(
        r(":- #count { X : p(X) } > X, n(X)."),
        " :- #count{X:p(X)}>X, n(X)."
    );
    assert_eq!(r(":- #sum+ { X : p(X) } 3."), " :- #sum+{X:p(X)}<=3.");
    assert_eq!(r(":- 1 #min { X : p(X) }."), " :- 1<=#min{X:p(X)}.");
    assert_eq!(r(":- #max { X : p(X) ; 1 }."), " :- #max{X:p(X);1:}.");
    assert_eq!(r(":- #count { }."), " :- #count{}.");
    assert_eq!(r(":- #count { : a }."), " :- #count{:a}.");
    assert_eq!(r(":- #count { a, b }."), " :- #count{a,b:}.");
    assert_eq!(r(":- #count { X : }."), " :- #count{X:}.");
    assert_eq!(
        r(":- not #count { X : p(X) } > 2."),
        " :- not #count{X:p(X)}>2."
    );
    assert_eq!(
        r(":- not not 1 < #count { X : p(X) }."),
        " :- not not 1<#count{X:p(X)}."
    );
    assert_eq!(
        r(":- #count { X : p(X), X < 3 } = 1; a."),
        " :- #count{X:p(X),X<3}=1, a."
    );
    let rule = first_rule("a :- not 1 < #count { X : p(X) } < 3.");
    let BodyLit::Aggregate { sign: s, agg } = &rule.body[0] else {
        panic!()
    };
    assert_eq!(*s, Sign::Not);
    assert_eq!(agg.span, span(1, 10, 1, 37));
    assert_eq!(agg.elems[0].span, span(1, 23, 1, 31));
}

#[test]
fn body_set_aggregates() {
    assert_eq!(
        r(":- 1 { a : b ; not c ; p(X) : q(X), r } 2."),
        " :- 1<=#count{a:a,b;c:not c;p(X):p(X),q(X),r}<=2."
    );
    assert_eq!(r(":- { a }."), " :- #count{a:a}.");
    assert_eq!(r(":- {}."), " :- #count{}.");
    assert_eq!(r(":- not { a } = 1."), " :- not #count{a:a}=1.");
    assert_eq!(
        r(":- { X = 1 }."),
        "unsupported(set aggregate element that is not an atom)"
    );
}

// ----- directives ------------------------------------------------------------------------------

#[test]
fn consts() {
    assert_eq!(r("#const n = 3."), "#const n=3.");
    assert_eq!(r("#const n = f(a,-1)."), "#const n=f(a,-1).");
    assert_eq!(r("#const n = 3. [default]"), "#const n=3.");
    assert_eq!(r("#const n = 3. [override] a."), "#const n=3.\na.");
    assert_eq!(
        e("#const n = 3. [foo]"),
        "1:16-19: error: syntax error, unexpected <IDENTIFIER>, expecting default or override"
    );
    match &p("#const n = 3.")[0] {
        Statement::Const { span: s, .. } => assert_eq!(*s, span(1, 1, 1, 14)),
        _ => panic!(),
    }
}

#[test]
fn shows() {
    assert_eq!(r("#show."), "#show.");
    assert_eq!(r("#show p/2."), "#show p/2.");
    assert_eq!(r("#show -p/2."), "#show -p/2.");
    assert_eq!(r("#show p / 0 ."), "#show p/0.");
    assert_eq!(r("#show a."), "#show a:.");
    assert_eq!(r("#show X : p(X)."), "#show X:p(X).");
    assert_eq!(r("#show X/2 : p(X)."), "#show (X/2):p(X).");
    assert_eq!(r("#show -p/2+1."), "#show ((-p/2)+1):.");
    assert_eq!(
        r("#show (X,Y) : p(X), q(Y); r(Y) : c."),
        "#show (X,Y):p(X), q(Y), [r(Y):c]."
    );
    assert_eq!(r("#hide."), "#hide.");
    assert_eq!(r("#hide p/1."), "unsupported(#hide)");
    match &p("#show p/2.")[0] {
        Statement::ShowSig { span: s, .. } => assert_eq!(*s, span(1, 1, 1, 11)),
        _ => panic!(),
    }
}

#[test]
fn includes_and_programs() {
    assert_eq!(r("#include \"a.lp\"."), "#include \"a.lp\".");
    assert_eq!(r("#include <incmode>."), "#include <incmode>.");
    assert_eq!(r("#program base."), "#program base().");
    assert_eq!(r("#program step(t, k)."), "#program step(t,k).");
    assert_eq!(r("#program p()."), "#program p().");
}

#[test]
fn optimization() {
    assert_eq!(
        r("#minimize { X@2, Y : p(X,Y), not q ; 1 : r }."),
        "#minimize{X@2,Y:p(X,Y), not q;1:r}."
    );
    assert_eq!(r("#maximize { X : p(X) }."), "#maximize{X:p(X)}.");
    assert_eq!(r("#minimize { }."), "#minimize{}.");
    assert_eq!(r("#minimize { 1 }."), "#minimize{1:}.");
    assert_eq!(r("#minimize { -X@-1 : p(X) }."), "#minimize{(-X)@-1:p(X)}.");
    assert_eq!(r(":~ p(X), q. [X@1, X]"), ":~ p(X), q. [X@1,X:]");
    assert_eq!(r(":~ p(X). [X]"), ":~ p(X). [X:]");
    assert_eq!(r(":~ . [1]"), ":~ . [1:]");
    assert_eq!(
        r(":~ a : b, c; #count{X:p(X)} > 1. [1]"),
        ":~ [a:b,c], #count{X:p(X)}>1. [1:]"
    );
    match &p("q. :~ q. [X@2,a]")[1] {
        Statement::Weak { span: s, elem, .. } => {
            assert_eq!(*s, span(1, 4, 1, 17));
            assert_eq!(elem.span, span(1, 11, 1, 16));
        }
        _ => panic!(),
    }
    match &p("#minimize { X : q }.")[0] {
        Statement::Optimize { elems, span: s, .. } => {
            assert_eq!(*s, span(1, 1, 1, 21));
            assert_eq!(elems[0].span, span(1, 13, 1, 18));
        }
        _ => panic!(),
    }
    // like clingo, optimize conditions are plain literals
    assert_eq!(
        e("#minimize { 1 : a : b }."),
        "1:19-20: error: syntax error, unexpected :, expecting } or ;"
    );
}

#[test]
fn unsupported_directives() {
    assert_eq!(r("#external a. [true]"), "#external a:.[true]");
    assert_eq!(r("#external a : b, c."), "#external a:b, c.[]");
    assert_eq!(r("#project a/1."), "#project a/1.");
    assert_eq!(r("#heuristic a : b. [1@2, level]"), "#heuristic.");
    assert_eq!(r("#edge (a,b) : c."), "#edge (a,b):c.");
    assert_eq!(r("#defined p/1."), "unsupported(#defined)");
    assert_eq!(
        r("#theory x { t { + : 1, binary, left }; &a/0 : t, any }.\na."),
        "unsupported(#theory)\na."
    );
    assert_eq!(
        r("#script (python)\ndef f(): return 1. # x.\n#end.\np."),
        "unsupported(#script)\np."
    );
    assert_eq!(r("p :- &a { 1 !! 2 }."), "unsupported(theory atom)");
    assert_eq!(r("&a { x } :- b."), "unsupported(theory atom)");
    assert_eq!(r("p(@f(1))."), "unsupported(external function call @f)");
    match &p("#external a : b. [false]\nx.")[0] {
        Statement::External(x) => assert_eq!(x.span, span(1, 1, 1, 25)),
        _ => panic!(),
    }
    match &p("a.\n#script (lua)\nx\n#end.")[1] {
        Statement::Unsupported { span: s, .. } => assert_eq!(*s, span(2, 1, 4, 6)),
        _ => panic!(),
    }
}

// ----- errors ----------------------------------------------------------------------------------

#[test]
fn syntax_errors() {
    assert_eq!(
        e("p(1 2)."),
        "1:5-6: error: syntax error, unexpected <NUMBER>, expecting ) or ;"
    );
    assert_eq!(e("p :- q, ."), "1:9-10: error: syntax error, unexpected .");
    assert_eq!(
        e("p(."),
        "1:3-4: error: syntax error, unexpected ., expecting ) or ;"
    );
    assert_eq!(e("a :- b"), "2:1-2: error: syntax error, unexpected EOF");
    assert_eq!(e("a :- b\n"), "2:1-2: error: syntax error, unexpected EOF");
    assert_eq!(
        e("a :- b\n\n\n"),
        "4:1-2: error: syntax error, unexpected EOF"
    );
    assert_eq!(e("1."), "1:2-3: error: syntax error, unexpected .");
    assert_eq!(e("X :- a."), "1:3-5: error: syntax error, unexpected :-");
    assert_eq!(e("a+b."), "1:4-5: error: syntax error, unexpected .");
    assert_eq!(e("(c)."), "1:4-5: error: syntax error, unexpected .");
    assert_eq!(e("-(a)."), "1:5-6: error: syntax error, unexpected .");
    assert_eq!(
        e("a :- b, 1, c."),
        "1:10-11: error: syntax error, unexpected \",\""
    );
    assert_eq!(
        e("a b."),
        "1:3-4: error: syntax error, unexpected <IDENTIFIER>"
    );
    assert_eq!(
        e("a :- b : c, d, e f."),
        "1:18-19: error: syntax error, unexpected <IDENTIFIER>"
    );
    assert_eq!(
        e("a ; b :- c | d."),
        "1:12-13: error: syntax error, unexpected |, expecting : or \",\" or . or ;"
    );
    assert_eq!(
        e("a :- #count{X:p(X)} = 1 2."),
        "1:25-26: error: syntax error, unexpected <NUMBER>, expecting \",\" or . or ;"
    );
    assert_eq!(
        e("a :- not not not a."),
        "1:14-17: error: syntax error, unexpected not"
    );
    assert_eq!(e("{ 1 }."), "1:5-6: error: syntax error, unexpected }");
    assert_eq!(
        e("#count{ X : 1 }."),
        "1:15-16: error: syntax error, unexpected }"
    );
    assert_eq!(
        e("#const n = 3.5."),
        "1:15-16: error: syntax error, unexpected ."
    );
    assert_eq!(
        e("a :- b ; ."),
        "1:10-11: error: syntax error, unexpected ."
    );
    assert_eq!(
        e("#show a : ."),
        "1:11-12: error: syntax error, unexpected ."
    );
    assert_eq!(
        e("x(_ _)."),
        "1:5-6: error: syntax error, unexpected <ANONYMOUS>, expecting ) or ;"
    );
    assert_eq!(
        e("x(a \"s\")."),
        "1:5-8: error: syntax error, unexpected <STRING>, expecting ) or ;"
    );
    assert_eq!(
        e("x(a #sum+)."),
        "1:5-10: error: syntax error, unexpected #sum+, expecting ) or ;"
    );
    assert_eq!(
        e("a.\nb :- c d."),
        "2:8-9: error: syntax error, unexpected <IDENTIFIER>"
    );
}

#[test]
fn lexer_errors() {
    assert_eq!(e("$a."), "1:1-2: error: lexer error, unexpected $");
    assert_eq!(e("#foo."), "1:1-5: error: lexer error, unexpected #foo");
    assert_eq!(e("a :- b ! c."), "1:8-9: error: lexer error, unexpected !");
    assert_eq!(e("ä(."), "1:1-3: error: lexer error, unexpected ä");
    assert_eq!(e("a :- \"abc"), "1:6-7: error: lexer error, unexpected \"");
    assert_eq!(
        e("p(\"a\nb\")."),
        "1:3-4: error: lexer error, unexpected \""
    );
    assert_eq!(
        e("p(\"a\\qb\")."),
        "1:3-4: error: lexer error, unexpected \""
    );
    assert_eq!(
        e("a.\n  %* abc\n\n"),
        "2:3-5: error: lexer error, unterminated block comment"
    );
    assert_eq!(
        e("%* a %* b *% c"),
        "1:1-3: error: lexer error, unterminated block comment"
    );
    assert_eq!(
        e("#script (python) x"),
        "1:1-8: error: lexer error, unterminated #script (missing #end)"
    );
    assert_eq!(e("#end."), "1:1-5: error: lexer error, unexpected #end");
    // a syntax error before a lexer error is reported first
    assert_eq!(
        e("a b. $"),
        "1:3-4: error: syntax error, unexpected <IDENTIFIER>"
    );
}

#[test]
fn nesting_limits() {
    let deep = format!("p({}1{}).", "(".repeat(1000), ")".repeat(1000));
    assert!(e(&deep).ends_with("error: nesting too deep"));
    let deep = format!("p({}1{}).", "f(".repeat(1000), ")".repeat(1000));
    assert!(e(&deep).ends_with("error: nesting too deep"));
    let deep = format!("p({}X).", "-".repeat(100_000));
    assert!(e(&deep).ends_with("error: nesting too deep"));
    let deep = format!("p({}X).", "~".repeat(100_000));
    assert!(e(&deep).ends_with("error: nesting too deep"));
    let deep = format!("p({}1).", "-".repeat(100_000));
    assert!(e(&deep).ends_with("error: nesting too deep"));
    let deep = format!("p(1{}).", "+1".repeat(100_000));
    assert!(e(&deep).ends_with("error: nesting too deep"));
    let deep = format!("p(2{}).", "**2".repeat(100_000));
    assert!(e(&deep).ends_with("error: nesting too deep"));
    // moderately deep terms are fine
    let ok = format!("p({}1{}).", "(".repeat(150), ")".repeat(150));
    assert_eq!(r(&ok), "p(1).");
    let ok = format!("p({}1{}).", "f(".repeat(150), ")".repeat(150));
    p(&ok);
    let ok = format!("p(1{}).", "+1".repeat(300));
    p(&ok);
}

#[test]
fn clingo_lexer_details() {
    // `#!` starts a line comment; `%` inside a block comment comments out the rest of its line
    assert_eq!(r("#!/usr/bin/env clingo\na."), "a.");
    assert_eq!(r("%* 50% off *% still *%\n*% a."), "a.");
    // directives are matched against `#[a-zA-Z0-9_]*` as a whole
    assert_eq!(
        e("#countx{}."),
        "1:1-8: error: lexer error, unexpected #countx"
    );
    assert_eq!(
        e("p :- #min1."),
        "1:6-11: error: lexer error, unexpected #min1"
    );
    assert_eq!(r(":- #sum+{1:a}."), " :- #sum+{1:a}.");
    // `#show` followed by a signature is clingo's `#showsig`, even without a space
    assert_eq!(r("#showp/1."), "#show p/1.");
    assert_eq!(
        e("#show p/1.."),
        "1:10-12: error: syntax error, unexpected .., expecting ."
    );
    assert_eq!(
        e("p(#show a/1."),
        "1:3-8: error: syntax error, unexpected #showsig, expecting ) or ;"
    );
    // identifiers may start with primes; `default` and `override` are identifiers
    assert_eq!(t("'a"), "'a");
    assert_eq!(t("default(override)"), "default(override)");
    assert_eq!(r("#const default = 1."), "#const default=1.");
    assert_eq!(t("0o10"), "8");
    assert_eq!(e("x('1)."), "1:3-4: error: lexer error, unexpected '");
}

#[test]
fn const_terms() {
    assert_eq!(
        r("#const n = |-3| + 2 * f(a, \"s\", #inf)."),
        "#const n=(|-3|+(2*f(a,\"s\",#inf)))."
    );
    assert_eq!(r("#const n = (1,2)."), "#const n=(1,2).");
    // no variables, pools or intervals in constants
    assert_eq!(
        e("#const n = X."),
        "1:12-13: error: syntax error, unexpected <VARIABLE>"
    );
    assert_eq!(
        e("#const n = _."),
        "1:12-13: error: syntax error, unexpected <ANONYMOUS>"
    );
    assert_eq!(
        e("#const n = f(X)."),
        "1:14-15: error: syntax error, unexpected <VARIABLE>, expecting )"
    );
    assert_eq!(
        e("#const n = 1..3."),
        "1:13-15: error: syntax error, unexpected .."
    );
    assert_eq!(
        e("#const n = (1;2)."),
        "1:14-15: error: syntax error, unexpected ;, expecting \",\" or )"
    );
    assert_eq!(
        e("#const = 1."),
        "1:8-9: error: syntax error, unexpected =, expecting <IDENTIFIER> or default or override"
    );
}

#[test]
fn separators_after_conditions() {
    // a condition ends at `;` (or `.`): an empty condition cannot be followed by `,`
    assert_eq!(
        e("a :- b : , c."),
        "1:10-11: error: syntax error, unexpected \",\", expecting . or ;"
    );
    assert_eq!(
        e("a : , b."),
        "1:5-6: error: syntax error, unexpected \",\", expecting . or :-"
    );
    assert_eq!(r("a : ; b."), "a: | b:.");
    assert_eq!(r("a : :- b."), "a: :- b.");
    assert_eq!(
        e("a : | b."),
        "1:8-9: error: syntax error, unexpected ., expecting ; or |"
    );
}

#[test]
fn expected_token_lists() {
    // after an atom clingo has not decided between atom and term and lists nothing
    assert_eq!(
        e("a(1) b."),
        "1:6-7: error: syntax error, unexpected <IDENTIFIER>"
    );
    assert_eq!(
        e("{ a(1) b }."),
        "1:8-9: error: syntax error, unexpected <IDENTIFIER>"
    );
    assert_eq!(
        e(":-r(X,Y):- s."),
        "1:9-11: error: syntax error, unexpected :-, expecting : or \",\" or . or ;"
    );
    assert_eq!(
        e("a :- #true c."),
        "1:12-13: error: syntax error, unexpected <IDENTIFIER>, expecting : or \",\" or . or ;"
    );
    assert_eq!(
        e("p :- 1 < 2 < c d."),
        "1:16-17: error: syntax error, unexpected <IDENTIFIER>, expecting : or \",\" or . or ;"
    );
    assert_eq!(
        e("#count { X : a } b c."),
        "1:20-21: error: syntax error, unexpected <IDENTIFIER>, expecting . or :-"
    );
    assert_eq!(
        e("#minimize { 1 b }."),
        "1:15-16: error: syntax error, unexpected <IDENTIFIER>, expecting } or ;"
    );
    assert_eq!(
        e("#sum { ^X : a }."),
        "1:8-9: error: syntax error, unexpected ^, expecting :"
    );
    assert_eq!(
        e(":~ a. [1 2]"),
        "1:10-11: error: syntax error, unexpected <NUMBER>, expecting ]"
    );
    assert_eq!(
        e(":~ a. 1"),
        "1:7-8: error: syntax error, unexpected <NUMBER>, expecting ["
    );
    assert_eq!(
        e("#program a(b c)."),
        "1:14-15: error: syntax error, unexpected <IDENTIFIER>, expecting )"
    );
    assert_eq!(
        e("#program a b."),
        "1:12-13: error: syntax error, unexpected <IDENTIFIER>, expecting . or ("
    );
    assert_eq!(
        e("x((a :- b))."),
        "1:6-8: error: syntax error, unexpected :-, expecting )"
    );
    assert_eq!(
        e("x(|a :- b|)."),
        "1:6-8: error: syntax error, unexpected :-, expecting ; or |"
    );
    assert_eq!(e("not &a."), "1:5-6: error: syntax error, unexpected &");
    assert_eq!(
        e("a :- & not."),
        "1:8-11: error: syntax error, unexpected not, expecting <IDENTIFIER> or default or override"
    );
}

#[test]
fn directive_syntax() {
    assert_eq!(
        e("#external a b."),
        "1:13-14: error: syntax error, unexpected <IDENTIFIER>, expecting : or ."
    );
    assert_eq!(
        e("#external (a)."),
        "1:11-12: error: syntax error, unexpected (, expecting - or <IDENTIFIER> or default or override"
    );
    assert_eq!(
        r("#external -a(1;2) : b, c. [X]"),
        "#external pool[-a(1);-a(2)]:b, c.[X]"
    );
    assert_eq!(r("#external a : ."), "#external a:.[]");
    assert_eq!(
        r("#project -a/1. #project a(X) : b(X)."),
        "#project -a/1.\n#project a(X):b(X)."
    );
    assert_eq!(r("#heuristic a : b. [1, true]"), "#heuristic.");
    assert_eq!(
        e("#heuristic a. [1]"),
        "1:17-18: error: syntax error, unexpected ]"
    );
    assert_eq!(r("#edge (1,2; 2,3)."), "#edge (1,2;2,3):.");
    assert_eq!(
        e("#defined p."),
        "1:11-12: error: syntax error, unexpected ., expecting /"
    );
    // the FlowerFinder seed uses gringo 3's `#hide.` together with `#show`
    assert_eq!(
        r(
            "1 { pieceloc(P,L) : location(L) } 1 :- piece(P).\nrot90(4;5;6).\n#hide.\n#show fliph/1."
        ),
        "1<={pieceloc(P,L):location(L)}<=1 :- piece(P).\npool[rot90(4);rot90(5);rot90(6)].\n#hide.\n#show fliph/1."
    );
}

// ----- robustness ------------------------------------------------------------------------------

/// xorshift64*
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const CORPUS: &str = r#"
#const n = 3. [default]
p(1..n). q(X,Y) :- p(X), p(Y), X < Y.
a ; b : c, d | e :- not f, not not g.
1 { r(X) : p(X) } 2 :- #count { X : p(X) } >= 2.
#sum { X,Y : q(X,Y) : p(X) } = 4 :- h.
:- 2 <= #sum+ { X : p(X); -1 : a } < 5, not #max { } != 3.
:- { a ; not b : c } 1.
x(f(1,2;3), (a,), (), (1;2), |X-1|, -Y**2, ~3, "s\"\n", #inf, #sup, _, 0x1F) :- y(X,Y).
#show p/1. #show -q/2. #show X : p(X). #show.
#minimize { X@2,Y : q(X,Y); 1 }.
:~ p(X), not a : b. [X@1, X]
#program step(t). #include "f.lp". #external e(t). [true]
%* block
comment *% c :- 1 < X < 3, p(X).
#script (python) def f(): pass #end.
"#;

#[test]
fn never_panics() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let pieces: Vec<&str> = vec![
        "p",
        "q(",
        "X",
        "_",
        "1",
        "0x",
        "\"",
        "\"s\"",
        "(",
        ")",
        "{",
        "}",
        "[",
        "]",
        ",",
        ";",
        ".",
        "..",
        ":",
        ":-",
        ":~",
        "not ",
        "#count",
        "#sum+",
        "#min",
        "{",
        "|",
        "=",
        "!=",
        "<",
        "<=",
        "+",
        "-",
        "*",
        "**",
        "/",
        "\\",
        "&",
        "?",
        "^",
        "~",
        "@",
        "#show",
        "#const",
        "#minimize",
        "#external",
        "#script",
        "#end",
        "#theory",
        "#program",
        "#include",
        "#true",
        "#false",
        "%",
        "%*",
        "*%",
        "\n",
        " ",
        "ä",
        "$",
        "99999999999999999999999",
        "#inf",
        "#foo",
    ];
    let corpus_chars: Vec<char> = CORPUS.chars().collect();
    for i in 0..4000 {
        let src: String = match i % 4 {
            // random token soup
            0 => (0..rng.below(40))
                .map(|_| pieces[rng.below(pieces.len())])
                .collect(),
            // truncated corpus
            1 => corpus_chars[..rng.below(corpus_chars.len() + 1)]
                .iter()
                .collect(),
            // corpus with random mutations
            2 => {
                let mut cs = corpus_chars.clone();
                for _ in 0..1 + rng.below(5) {
                    let at = rng.below(cs.len());
                    match rng.below(3) {
                        0 => {
                            cs.remove(at);
                        }
                        1 => cs.insert(at, CORPUS.as_bytes()[rng.below(CORPUS.len())] as char),
                        _ => {
                            let piece = pieces[rng.below(pieces.len())];
                            for (k, c) in piece.chars().enumerate() {
                                cs.insert(at + k, c);
                            }
                        }
                    }
                }
                cs.into_iter().collect()
            }
            // random bytes made valid UTF-8
            _ => {
                let bytes: Vec<u8> = (0..rng.below(60)).map(|_| rng.next() as u8).collect();
                String::from_utf8_lossy(&bytes).into_owned()
            }
        };
        let _ = parse(&src, Arc::from("fuzz"));
    }
    // the corpus itself parses
    assert!(parse(CORPUS, Arc::from("c")).is_ok());
    // pathological nesting of every kind
    for open in [
        "(", "f(", "|", "-", "~", "{", "#count{", "p :- ", "1+", "2**", "not ",
    ] {
        let src = open.repeat(50_000);
        let _ = parse(&src, Arc::from("deep"));
    }
}
