//! Directives: `#const`, `#show`, `#include`, `#program`, optimization, unsupported ones.

use super::*;

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
    assert_eq!(r("#defined p/1."), "#defined p/1.");
    assert_eq!(r("#defined -q/0."), "#defined -q/0.");
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
