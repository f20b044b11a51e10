//! Robustness: the parser never panics on mutated programs.

use super::*;

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
