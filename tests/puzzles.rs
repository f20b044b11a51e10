//! The seed puzzles: model counts and the seeds' own solutions (provenance: the seed texts in
//! shared/seeds/, summarised in shared/seeds/README.md), and `aspsat puzzle` on every native
//! notation.

use aspsat::puzzles::edge::{self, Puzzle};
use aspsat::puzzles::engine::{self, Encoding, Summary};
use std::collections::BTreeSet;
use std::process::Command;

macro_rules! enc {
    ($file:literal) => {
        Encoding {
            name: $file,
            text: include_str!(concat!("../", $file)),
        }
    };
}

type Model = BTreeSet<String>;

/// All models of an encoding with an instance, each as its set of shown atoms.
fn models(encoding: Encoding, instance: &str) -> (Vec<Model>, Summary) {
    let (ms, summary) = engine::models(&encoding, instance, &[], 0)
        .unwrap_or_else(|e| panic!("{}: {e}", encoding.name));
    let ms = ms
        .iter()
        .map(|m| m.iter().map(|a| a.to_string()).collect())
        .collect();
    (ms, summary)
}

fn set(atoms: &str) -> Model {
    atoms.split_whitespace().map(str::to_string).collect()
}

/// Asserts the count, that the enumeration was complete, and that `expected` models are there.
fn check(encoding: Encoding, instance: &str, count: usize, expected: &[&str]) -> Vec<Model> {
    let name = encoding.name;
    let (ms, summary) = models(encoding, instance);
    assert!(summary.exhausted, "{name}: enumeration not complete");
    assert_eq!(ms.len(), count, "{name}: models {ms:#?}");
    let distinct: BTreeSet<&Model> = ms.iter().collect();
    assert_eq!(distinct.len(), ms.len(), "{name}: a model repeated");
    for e in expected {
        assert!(
            ms.contains(&set(e)),
            "{name}: missing model {e}; got {ms:#?}"
        );
    }
    ms
}

// Seed 001: "exactly 1 model" with this answer (clingo's output in the seed).
#[test]
fn flowerfinder_one_model() {
    check(
        enc!("encodings/flowerfinder.lp"),
        "",
        1,
        &[
            "fliph(3) fliph(5) fliph(6) flipv(2) flipv(3) pieceloc(1,1) pieceloc(2,2) \
           pieceloc(3,3) pieceloc(4,6) pieceloc(5,4) pieceloc(6,5)",
        ],
    );
}

/// Seed 000: Tiles = [2,1,6,8,9,7,5,3,4], Rotations = [left,up,up,right,right,down,right,up,up]
/// with up, right, down, left = 0..3 clockwise quarter turns.
const ANIMALS_SEED: &str = "place(1,1,2,3) place(1,2,1,0) place(1,3,6,0) place(2,1,8,1) \
    place(2,2,9,1) place(2,3,7,2) place(3,1,5,1) place(3,2,3,0) place(3,3,4,0)";

// Seed 000 prints that solution; the other three models are its whole-grid rotations.
#[test]
fn animals_four_models_with_the_seeds_solution() {
    check(
        enc!("encodings/edge_matching.lp"),
        include_str!("../instances/animals.lp"),
        4,
        &[ANIMALS_SEED],
    );
}

/// Seed 003's four printed solutions, `(solve tiles)`, translated to place/4 (tile numbers in
/// the seed's listing order, clockwise quarter turns of the tile as listed).
const INSECTS_SEED: [&str; 4] = [
    "place(1,1,2,3) place(1,2,9,1) place(1,3,3,0) place(2,1,8,2) place(2,2,6,2) \
     place(2,3,1,0) place(3,1,7,3) place(3,2,5,1) place(3,3,4,0)",
    "place(1,1,3,3) place(1,2,1,3) place(1,3,4,3) place(2,1,9,0) place(2,2,6,1) \
     place(2,3,5,0) place(3,1,2,2) place(3,2,8,1) place(3,3,7,2)",
    "place(1,1,4,2) place(1,2,5,3) place(1,3,7,1) place(2,1,1,2) place(2,2,6,0) \
     place(2,3,8,0) place(3,1,3,2) place(3,2,9,3) place(3,3,2,1)",
    "place(1,1,7,0) place(1,2,8,3) place(1,3,2,0) place(2,1,5,2) place(2,2,6,3) \
     place(2,3,9,2) place(3,1,4,1) place(3,2,1,1) place(3,3,3,1)",
];

// Seed 003: "four solutions (just rotations of one solution)".
#[test]
fn insects_four_models_the_seeds_four() {
    check(
        enc!("encodings/edge_matching.lp"),
        include_str!("../instances/insects.lp"),
        4,
        &INSECTS_SEED,
    );
}

// Seed 002: the puzzle as stated has one solution (water: Norwegian, zebra: Japanese).
#[test]
fn zebra_as_stated_one_model() {
    check(
        enc!("encodings/zebra.lp"),
        "",
        1,
        &[
            "house(1,yellow,norway,water,kools,fox) house(2,blue,ukraine,tea,chesterfield,horse) \
           house(3,red,england,milk,altemgold,snails) house(4,ivory,spain,orange,luckystrike,dog) \
           house(5,green,japan,coffee,parliament,zebra)",
        ],
    );
}

// Seed 002: "two possible solutions are printed" by the Prolog program as written.
#[test]
fn zebra_seed_program_two_models() {
    check(
        enc!("encodings/zebra_seed.lp"),
        "",
        2,
        &[
            "house(1,yellow,norway,water,kools,zebra) house(2,blue,ukraine,tea,chesterfield,horse) \
             house(3,red,england,milk,altemgold,snails) house(4,white,spain,orange,luckystrike,dog) \
             house(5,green,japan,coffee,parliament,fox)",
            "house(1,yellow,norway,water,kools,fox) house(2,blue,ukraine,tea,chesterfield,horse) \
             house(3,red,england,milk,altemgold,snails) house(4,white,spain,orange,luckystrike,dog) \
             house(5,green,japan,coffee,parliament,zebra)",
        ],
    );
}

// Seed 002, logic puzzle 2 of 3: "the single valid solution".
#[test]
fn logic_painting_one_model() {
    check(
        enc!("encodings/logic_painting.lp"),
        "",
        1,
        &[
            "result(eilen,2,constable) result(ada,1,monet) result(vera,4,taylor) \
           result(jenny,3,fangogh)",
        ],
    );
}

// Seed 002, logic puzzle 3 of 3: "the single possible solution".
#[test]
fn logic_researchers_one_model() {
    check(
        enc!("encodings/logic_researchers.lp"),
        "",
        1,
        &[
            "result(ainsley,1920,relay,hurricanes) result(madeline,1973,hurdle,wildfires) \
           result(sophie,1933,longjump,earthquakes) result(theodore,1921,javelin,tornados)",
        ],
    );
}

// Seed 002, logic puzzle 1 of 3 (small): "the single possible solution".
#[test]
fn logic_scholarships_one_model() {
    check(
        enc!("encodings/logic_scholarships.lp"),
        "",
        1,
        &[
            "result(carrie,25,english) result(erma,35,astronomy) result(ora,40,philosophy) \
           result(tracy,30,physics)",
        ],
    );
}

// Seed 002, logic puzzle 1 of 3 (bigger): "the single solution".
#[test]
fn logic_car_rental_one_model() {
    check(
        enc!("encodings/logic_car_rental.lp"),
        "",
        1,
        &[
            "result(freda,nissan,losaltos,4) result(opal,jeep,brownfield,3) \
           result(penny,fiat,iowafalls,5) result(sarah,dodge,durham,6) \
           result(vicky,hyundai,redding,2)",
        ],
    );
}

/// Seed 002's Jodici solution, Python field [[3,6,6],[7,1,7],[5,1,9],[8,5,2],[4,9,2],[3,8,4]].
const JODICI_SEED: &str = "value(1,1,3) value(1,2,6) value(1,3,6) value(2,1,7) value(2,2,1) \
    value(2,3,7) value(3,1,5) value(3,2,1) value(3,3,9) value(4,1,8) value(4,2,5) value(4,3,2) \
    value(5,1,4) value(5,2,9) value(5,3,2) value(6,1,3) value(6,2,8) value(6,3,4)";

// Seed 002: "the (single possible) solution" of the Jodici.
#[test]
fn jodici_one_model() {
    check(
        enc!("encodings/jodici.lp"),
        include_str!("../instances/jodici_1.lp"),
        1,
        &[JODICI_SEED],
    );
}

// Seed 002: the original disks have no solution.
#[test]
fn disks_original_no_model() {
    let (ms, summary) = models(
        enc!("encodings/flower_disks.lp"),
        include_str!("../instances/disks_original.lp"),
    );
    assert!(ms.is_empty() && summary.exhausted && summary.models == 0);
}

// Seed 002: the modified disks have exactly one solution, rotations=[0, 0, 5, 11].
#[test]
fn disks_modified_one_model() {
    check(
        enc!("encodings/flower_disks.lp"),
        include_str!("../instances/disks_modified.lp"),
        1,
        &["rotation(1,0) rotation(2,0) rotation(3,5) rotation(4,11)"],
    );
}

// Seed 002: the equation puzzle's "single possible solution" 26 19 16 / 25 8 16 / 15 0 11.
#[test]
fn equation_one_model() {
    check(
        enc!("encodings/equation.lp"),
        include_str!("../instances/equation_1.lp"),
        1,
        &[
            "cell(1,1,26) cell(1,2,19) cell(1,3,16) cell(2,1,25) cell(2,2,8) cell(2,3,16) \
           cell(3,1,15) cell(3,2,0) cell(3,3,11)",
        ],
    );
}

// Seed 004: A..H = 7,3,1,4,5,8,6,2, "the first of several symmetric solutions".
#[test]
fn number_cross_four_models() {
    check(
        enc!("encodings/number_cross.lp"),
        "",
        4,
        &["box(a,7) box(b,3) box(c,1) box(d,4) box(e,5) box(f,8) box(g,6) box(h,2)"],
    );
}

// ---------------------------------------------------------------------------------------------
// Random edge-matching puzzles (seed 003's experiment): aspsat against a backtracking counter.

/// Counts the placements of a puzzle by backtracking, as seed 003's Arc solver does.
fn backtrack_count(p: &Puzzle) -> usize {
    let fits = |a: &str, b: &str| p.matches.iter().any(|(x, y)| x == a && y == b);
    fn go(
        p: &Puzzle,
        fits: &dyn Fn(&str, &str) -> bool,
        pos: usize,
        used: &mut Vec<bool>,
        grid: &mut Vec<(usize, usize)>,
    ) -> usize {
        if pos == p.rows * p.cols {
            return 1;
        }
        let (r, c) = (pos / p.cols, pos % p.cols);
        let mut n = 0;
        for t in 0..p.tiles.len() {
            if used[t] {
                continue;
            }
            for k in 0..4 {
                let e = p.turned(t, k);
                if c > 0 {
                    let (lt, lk) = grid[pos - 1];
                    if !fits(&p.turned(lt, lk)[1].term, &e[3].term) {
                        continue;
                    }
                }
                if r > 0 {
                    let (ut, uk) = grid[pos - p.cols];
                    if !fits(&p.turned(ut, uk)[2].term, &e[0].term) {
                        continue;
                    }
                }
                used[t] = true;
                grid.push((t, k));
                n += go(p, fits, pos + 1, used, grid);
                grid.pop();
                used[t] = false;
            }
        }
        n
    }
    go(
        p,
        &fits,
        0,
        &mut vec![false; p.tiles.len()],
        &mut Vec::new(),
    )
}

#[test]
fn random_puzzles_agree_with_backtracking() {
    let mut total = 0;
    for seed in 1..=25 {
        let p = Puzzle::random(3, 3, 4, seed);
        let expected = backtrack_count(&p);
        let (ms, summary) =
            engine::models(&engine::EDGE_MATCHING, &p.facts(), &p.consts(), 0).expect("solves");
        assert!(summary.exhausted);
        assert_eq!(ms.len(), expected, "seed {seed}: {}", p.arc_text());
        assert_eq!(expected % 4, 0, "whole-grid rotations come in fours");
        total += expected;
    }
    // the experiment is not vacuous: some of the 25 puzzles have solutions
    assert!(total > 0);
}

#[test]
fn random_puzzle_is_reproducible_and_non_square_grids_work() {
    let a = Puzzle::random(3, 3, 4, 7);
    let b = Puzzle::random(3, 3, 4, 7);
    assert_eq!(a.arc_text(), b.arc_text());
    assert_ne!(a.arc_text(), Puzzle::random(3, 3, 4, 8).arc_text());
    for v in a.tiles.iter().flatten() {
        let n: i64 = v.term.parse().unwrap();
        assert!((1..=4).contains(&n.abs()));
    }
    for seed in 1..=5 {
        let p = Puzzle::random(3, 2, 2, seed);
        let (ms, _) = engine::models(&engine::EDGE_MATCHING, &p.facts(), &p.consts(), 0).unwrap();
        assert_eq!(ms.len(), backtrack_count(&p), "3x2 seed {seed}");
    }
}

#[test]
fn native_edge_notations_parse_to_the_lp_instances() {
    let animals = Puzzle::parse(include_str!("../instances/animals.tiles"), "animals").unwrap();
    assert_eq!(animals.tiles.len(), 9);
    assert_eq!(animals.tiles[0][0].term, "cheetah_tail");
    assert_eq!(animals.tiles[0][3].term, "tiger_head");
    assert_eq!(animals.matches.len(), 8);
    let named = Puzzle::parse(include_str!("../instances/insects.tiles"), "insects").unwrap();
    let numbers = Puzzle::parse(
        include_str!("../instances/insects_numbers.tiles"),
        "numbers",
    )
    .unwrap();
    assert_eq!(named.facts(), numbers.facts());
    // tile 1 is (beetle mantis -dragonfly dragonfly) = (top left right bottom)
    assert_eq!(named.tiles[0][1].shown, "-dragonfly");
    assert_eq!(named.tiles[0][3].shown, "mantis");
    assert_eq!(numbers.tiles[0][1].shown, "-3");
    // without match/2 facts, NAME_head matches NAME_tail
    let no_match: String = include_str!("../instances/animals.tiles")
        .lines()
        .filter(|l| !l.starts_with("match"))
        .collect::<Vec<_>>()
        .join("\n");
    let inferred = Puzzle::parse(&no_match, "x").unwrap();
    let mut m1 = inferred.matches.clone();
    let mut m2 = animals.matches.clone();
    m1.sort();
    m2.sort();
    assert_eq!(m1, m2);
    assert_eq!(edge::parse_dims("4x3"), Some((4, 3)));
    assert_eq!(edge::parse_dims("0x3"), None);
}

// ---------------------------------------------------------------------------------------------
// The CLI on every native notation: every solution rendered.

fn aspsat(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_aspsat"))
        .args(args)
        .output()
        .expect("runs aspsat");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn assert_solutions(out: &str, n: usize) {
    assert!(
        out.contains(&format!("Solutions    : {n}\n")),
        "expected {n} solutions:\n{out}"
    );
    assert_eq!(out.matches("Solution ").count(), n, "{out}");
}

#[test]
fn cli_animals_renders_all_four_and_draws_them() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("animals.svg");
    let (code, out, err) = aspsat(&[
        "puzzle",
        "edge-matching",
        "instances/animals.tiles",
        "-n",
        "0",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(code, 30, "{err}");
    assert_solutions(&out, 4);
    assert!(out.contains(
        "Tiles = [2,1,6,8,9,7,5,3,4], Rotations = [left,up,up,right,right,down,right,up,up]"
    ));
    assert!(out.contains(ANIMALS_SEED));
    // the seed's top left tile: tile 2 turned left shows lion_head on top, lion_tail on the left
    assert!(
        out.contains("| lion_tail    #2 ↻3     tiger_tail |"),
        "{out}"
    );
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg"));
    assert_eq!(picture.matches("<polygon").count(), 4 * 9 * 4);
    assert!(picture.contains(">cheetah_head</text>"));
    // the README's picture is what its command draws
    let docs = std::fs::read_to_string("docs/animals.svg").unwrap();
    assert!(
        picture == docs,
        "docs/animals.svg is stale: rerun the README's command"
    );
}

#[test]
fn cli_insects_prints_the_seeds_four_lists() {
    // seed 003's `(solve tiles)` output, one list per solution, (top left right bottom)
    let seed_lists = [
        "((1 -2 -4 3) (2 4 1 -3) (4 -1 2 -2) (-3 1 4 -2) (3 -4 -1 2) (2 1 -3 3) (2 -4 -1 -3) (-2 1 4 -3) (-3 -4 4 1))",
        "((2 4 -2 -1) (-3 2 3 1) (4 -3 1 -4) (1 2 -3 4) (-1 3 2 -4) (4 -2 -3 1) (-4 1 3 -2) (4 -3 -2 1) (-1 2 -3 -4))",
        "((1 4 -4 -3) (-3 4 1 -2) (-3 -1 -4 2) (3 -3 1 2) (2 -1 -4 3) (-2 4 1 -3) (-2 2 -1 4) (-3 1 4 2) (3 -4 -2 1))",
        "((-4 -3 2 -1) (1 -2 -3 4) (-2 3 1 -4) (1 -3 -2 4) (-4 2 3 -1) (4 -3 2 1) (-4 1 -3 4) (1 3 2 -3) (-1 -2 4 2))",
    ];
    for file in ["instances/insects.tiles", "instances/insects_numbers.tiles"] {
        let (code, out, err) = aspsat(&["puzzle", "edge-matching", file, "-n", "0"]);
        assert_eq!(code, 30, "{err}");
        assert_solutions(&out, 4);
        for l in seed_lists {
            assert!(
                out.contains(&format!("Tiles (top left right bottom) = {l}")),
                "{out}"
            );
        }
    }
    let (_, out, _) = aspsat(&["puzzle", "edge-matching", "instances/insects.tiles"]);
    assert!(
        out.contains("-dragonfly"),
        "names from the seed's (with ...) are shown"
    );
    assert!(out.contains("Solutions    : 1+"));
}

#[test]
fn cli_random_edge_matching() {
    let (code, out, err) = aspsat(&[
        "puzzle",
        "edge-matching",
        "--random",
        "3x3",
        "--colors",
        "4",
        "--seed",
        "3",
        "-n",
        "0",
    ]);
    assert!(code == 20 || code == 30, "{err}");
    let p = Puzzle::random(3, 3, 4, 3);
    assert!(out.contains(&p.arc_text()));
    assert_solutions(&out, backtrack_count(&p));
}

#[test]
fn cli_jodici_renders_the_seeds_solution() {
    let (code, out, err) = aspsat(&["puzzle", "jodici", "instances/jodici_1.csv", "-n", "0"]);
    assert_eq!(code, 30, "{err}");
    assert_solutions(&out, 1);
    assert!(
        out.contains(
            "solution: [[3, 6, 6], [7, 1, 7], [5, 1, 9], [8, 5, 2], [4, 9, 2], [3, 8, 4]]"
        )
    );
    assert!(
        out.contains("ring 1   [3] [7]  5   8   4   3   30"),
        "{out}"
    );
}

#[test]
fn cli_jodici_facts_are_the_lp_instance() {
    let (code, out, err) = aspsat(&["puzzle", "jodici", "instances/jodici_1.csv", "--facts"]);
    assert_eq!(code, 0, "{err}");
    let normal = |text: &str| -> BTreeSet<String> {
        let code: String = text.lines().filter(|l| !l.starts_with('%')).collect();
        code.split('.')
            .map(|f| f.chars().filter(|c| !c.is_whitespace()).collect::<String>())
            .filter(|f| !f.is_empty())
            .collect()
    };
    let facts = normal(&out);
    let lp = normal(include_str!("../instances/jodici_1.lp"));
    assert_eq!(facts.len(), 6);
    assert_eq!(facts, lp);
}

#[test]
fn cli_disks() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("disks.svg");
    let svg = svg.to_str().unwrap();
    let (code, out, err) = aspsat(&[
        "puzzle",
        "disks",
        "instances/disks_modified.txt",
        "-n",
        "0",
        "--svg",
        svg,
    ]);
    assert_eq!(code, 30, "{err}");
    assert_solutions(&out, 1);
    // the seed's printout of its solution
    assert!(out.contains(
        "rotations=[0, 0, 5, 11]\n\
         [0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1, 0]\n\
         [1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1]\n\
         [0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0, 0]\n\
         [0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0]\n"
    ));
    assert!(
        std::fs::read_to_string(svg)
            .unwrap()
            .contains("rotations=[0, 0, 5, 11]")
    );
    let (code, out, _) = aspsat(&["puzzle", "disks", "instances/disks_original.txt", "-n", "0"]);
    assert_eq!(code, 20);
    assert!(out.contains("UNSATISFIABLE") && out.contains("Solutions    : 0\n"));
}

#[test]
fn cli_equation() {
    let (code, out, err) = aspsat(&["puzzle", "equation", "instances/equation_1.py", "-n", "0"]);
    assert_eq!(code, 30, "{err}");
    assert_solutions(&out, 1);
    // the seed's state_str
    assert!(out.contains(
        "----------------\n|  26|  19|  16|\n----------------\n|  25|   8|  16|\n\
         ----------------\n|  15|   0|  11|\n----------------\n"
    ));
    assert!(out.contains("row1: 26 - 19 * 16 == -278"));
}

#[test]
fn cli_zebra_logic_and_number_cross() {
    let (code, out, _) = aspsat(&["puzzle", "zebra", "-n", "0"]);
    assert_eq!(code, 30);
    assert_solutions(&out, 1);
    assert!(
        out.contains("1      yellow  norway       water   kools         fox"),
        "{out}"
    );
    assert!(out.contains("Drinks water: norway. Owns the zebra: japan."));
    let (_, out, _) = aspsat(&["puzzle", "zebra", "--as-seed", "-n", "0"]);
    assert_solutions(&out, 2);
    let (_, out, _) = aspsat(&["puzzle", "logic", "car-rental", "-n", "0"]);
    assert_solutions(&out, 1);
    assert!(out.contains("Freda = [nissan, losaltos, 4]\nOpal = [jeep, brownfield, 3]"));
    let (_, out, _) = aspsat(&["puzzle", "logic", "researchers", "-n", "0"]);
    assert!(out.contains("Sophie = [1933, longjump, earthquakes]"));
    let (code, out, _) = aspsat(&["puzzle", "number-cross", "-n", "0"]);
    assert_eq!(code, 30);
    assert_solutions(&out, 4);
    assert!(out.contains("A = 7, B = 3, C = 1, D = 4, E = 5, F = 8, G = 6, H = 2"));
    assert!(out.contains("| 3 | 1 | 4 |\n+---+---+---+\n| 5 | 8 | 6 |"));
}

#[test]
fn cli_input_errors_name_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.csv");
    std::fs::write(&bad, "3,7,_,_,_,_\n_,_,1,5,x,_\n6,_,_,_,_,_\n").unwrap();
    let (code, _, err) = aspsat(&["puzzle", "jodici", bad.to_str().unwrap()]);
    assert_eq!(code, 65);
    assert!(
        err.contains("bad.csv:2: error: 'x' is neither a number 1..9 nor '_'"),
        "{err}"
    );
    let tiles = dir.path().join("bad.tiles");
    std::fs::write(&tiles, "tile(1, a_head, b_tail, Up, c_tail).\n").unwrap();
    let (code, _, err) = aspsat(&["puzzle", "edge-matching", tiles.to_str().unwrap()]);
    assert_eq!(code, 65);
    assert!(
        err.contains("bad.tiles:1: error: 'Up' is not a lowercase name"),
        "{err}"
    );
    let disks = dir.path().join("bad.txt");
    std::fs::write(&disks, "[0,1,0]\n[0,1]\n").unwrap();
    let (code, _, err) = aspsat(&["puzzle", "disks", disks.to_str().unwrap()]);
    assert_eq!(code, 65);
    assert!(err.contains("bad.txt:2: error: row of length 2"), "{err}");
}
