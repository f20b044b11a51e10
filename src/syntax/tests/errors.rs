//! Syntax and lexer errors, limits, and clingo's expected-token lists.

use super::*;

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
    assert_eq!(r("#external -a(1;2) : b, c. [X]"), "unsupported(#external)");
    assert_eq!(r("#external a : ."), "unsupported(#external)");
    assert_eq!(
        r("#project -a/1. #project a(X) : b(X)."),
        "unsupported(#project)\nunsupported(#project)"
    );
    assert_eq!(r("#heuristic a : b. [1, true]"), "unsupported(#heuristic)");
    assert_eq!(
        e("#heuristic a. [1]"),
        "1:17-18: error: syntax error, unexpected ]"
    );
    assert_eq!(r("#edge (1,2; 2,3)."), "unsupported(#edge)");
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
