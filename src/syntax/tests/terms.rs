//! Terms: precedence, unary minus, tuples and pools, spans.

use super::*;

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
