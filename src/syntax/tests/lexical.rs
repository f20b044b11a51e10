//! Lexical matters: comments, identifiers, numbers, strings, keywords.

use super::*;

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
