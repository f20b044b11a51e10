//! Rules: heads, bodies, literals, conditions, disjunctions, choices, aggregates.

use super::*;

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
    // comparison chains stay whole (the grounder splits them after expanding their pools)
    assert_eq!(r(":- 1 < X < 3, p(X)."), " :- 1<X<3, p(X).");
    assert_eq!(r("a :- b : 1 < X <= 3."), "a :- [b:1<X<=3].");
    assert_eq!(r(":- not 1 < X < 3."), " :- not 1<X<3.");
    assert_eq!(r(":- not not 1 < (X;2) < 3."), " :- 1<pool[X;2]<3.");
    assert_eq!(r("a :- 1 < X < 3 : b(X)."), "a :- [1<X<3:b(X)].");
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
    // a literal that is no atom chooses nothing: a `#true` head with the literal first in
    // the condition (it counts towards the bounds when it holds)
    assert_eq!(r("{ not a }."), "{#true:not a}.");
    assert_eq!(
        r("1 { a ; not not b : c ; X < 2 : d(X) } 2."),
        "1<={a:;#true:not not b,c;#true:X<2,d(X)}<=2."
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
    assert_eq!(
        r("#sum { 1 : not a ; 2 : 1 < 2 : b }."),
        "#sum{1:#true:not a;2:#true:1<2,b}."
    );
}

#[test]
fn negated_head_elements_move_to_the_body_negated_again() {
    // clingo's reading: `H ; not a : c :- B.` is `H :- B, not not a : c.`
    assert_eq!(r("not a :- b."), r(":- b, not not a."));
    assert_eq!(r("not not a."), r(":- not a."));
    assert_eq!(r("a ; not b."), r("a :- not not b."));
    assert_eq!(r("a ; not not b :- c."), r("a :- c, not b."));
    assert_eq!(r("a ; not b : c ; d."), r("a ; d :- not not b : c."));
    assert_eq!(r("a : c ; not b."), r("a : c :- not not b."));
    // with a condition the rule stays a disjunction of its positive elements (`a` is no fact
    // when `c` has no instances, as for gringo)
    assert_eq!(
        r("a ; not b(1;2) : c."),
        "a: :- [not not pool[b(1);b(2)]:c]."
    );
    // (the body literal remembers it was a head element: its condition is projected as one)
    assert_eq!(
        r("a ; not b(X;1) : c(X)."),
        "a: :- [not not pool[b(X);b(1)]:c(X)]."
    );
    // a comparison (or `#true`) in a head holds or the rule is satisfied: its failure joins
    // the body
    assert_eq!(r("1 < 2 :- a."), r(":- a, 1 >= 2."));
    assert_eq!(r("a ; X = 1 :- d(X)."), r("a :- d(X), X != 1."));
    assert_eq!(r("a ; #false :- b."), r("a :- b."));
    // (with a condition `#true` stays an element without heads: gringo grounds it as one)
    assert_eq!(r("a ; #true : c :- b."), "a: | #true:c :- b.");
    // with a condition, the comparison's failure for every instance (projected as a negated
    // head's condition when grounded)
    assert_eq!(r("a ; X < 2 : d(X)."), "a: :- [X>=2:d(X)].");
    // a chain as a comparison (its negation in the body); a term with arithmetic must be
    // defined, as for gringo in the head; with arithmetic beside a pool and no condition it is
    // refused
    assert_eq!(r("a ; 1 < 2 < 3 :- b."), r("a :- b, not 1 < 2 < 3."));
    assert_eq!(
        r("a ; 1 < X+1 < 3 :- d(X)."),
        r("a :- d(X), X+1 = X+1, not 1 < X+1 < 3.")
    );
    assert_eq!(
        r("a ; 1 < X+1 < (2;3) :- d(X)."),
        "unsupported(comparison chain with arithmetic beside a pool or an interval in a rule \
         head without a condition)"
    );
    match &p("b. a ; 1 < X+1 < (2;3) :- d(X).\nc.")[1] {
        Statement::Unsupported { span: s, .. } => assert_eq!(*s, span(1, 4, 1, 32)),
        _ => panic!(),
    }
    // with a condition, the negated chain for every instance, as a moved negated head
    assert_eq!(r("a ; 1 < X < 3 : d(X)."), "a: :- [not 1<X<3:d(X)].");
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
