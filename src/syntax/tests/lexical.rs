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
    // clingo's integers are 32-bit and literals wrap like clingo's (values from clingo 5.8.3)
    assert_eq!(t("2147483647"), "2147483647");
    assert_eq!(t("-2147483648"), "-2147483648");
    assert_eq!(t("2147483648"), "-2147483648");
    assert_eq!(t("-2147483649"), "2147483647");
    assert_eq!(t("0x80000000"), "-2147483648");
    assert_eq!(t("-0x80000000"), "-2147483648");
    assert_eq!(t("0xFFFFFFFF"), "-1");
    assert_eq!(t("0x100000000"), "0");
    assert_eq!(t("4294967296"), "0");
    assert_eq!(t("99999999999999999999"), "1661992959");
    assert_eq!(t("0xffffffffffffffffff"), "-1");
    assert_eq!(t("-0b1"), "-1");
    assert_eq!(t("0b11111111111111111111111111111111"), "-1");
    assert_eq!(t("0o37777777777"), "-1");
    assert_eq!(t("0o20000000000"), "-2147483648");
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
