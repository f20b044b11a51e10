"""The Python package against the seeds, clingo 5.8.3's goldens in tests/programs and clingo
itself (when its module is installed). Run with `python3 -m pytest python/tests` or
`python3 python/tests/test_aspsat.py` after `pip install ./python`."""

import glob
import itertools
import json
import os

import aspsat

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def read(path):
    with open(os.path.join(ROOT, path)) as f:
        return f.read()


def test_flowerfinder_has_the_seeds_one_answer_set():
    # seed 001: "exactly 1 model", this one (clingo's output quoted in the seed)
    result = aspsat.solve(read("encodings/flowerfinder.lp"))
    assert result.status == "SATISFIABLE" and result.complete
    assert result.answer_sets == [[
        "fliph(3)", "fliph(5)", "fliph(6)", "flipv(2)", "flipv(3)", "pieceloc(1,1)",
        "pieceloc(2,2)", "pieceloc(3,3)", "pieceloc(4,6)", "pieceloc(5,4)", "pieceloc(6,5)"]]
    assert aspsat.symbol(result.answer_sets[0][-1]) == ("pieceloc", (6, 5))


def test_flowerfinder_agrees_with_clingo():
    try:
        import clingo
    except ImportError:
        print("note: clingo not installed, comparison skipped")
        return
    ctl = clingo.Control(["0"])
    # gringo 3's `#hide.` is aspsat's extension; clingo 5 hides by its `#show p/n.` lines alone
    ctl.add("base", [], read("encodings/flowerfinder.lp").replace("#hide.", ""))
    ctl.ground([("base", [])])
    expected = []
    ctl.solve(on_model=lambda m: expected.append(sorted(str(s) for s in m.symbols(shown=True))))
    got = [sorted(a) for a in aspsat.solve(read("encodings/flowerfinder.lp")).answer_sets]
    assert got == expected


def golden_programs():
    """tests/programs with a clingo golden and no command-line arguments, outside the groups
    aspsat's golden test skips."""
    for lp in sorted(glob.glob(os.path.join(ROOT, "tests/programs/*.lp"))):
        golden = lp[:-3] + ".json"
        if not os.path.exists(golden):
            continue
        with open(golden) as f:
            data = json.load(f)
        if data.get("args") or "#include" in read(lp):
            continue
        yield os.path.basename(lp), read(lp), data


def test_clingo_goldens():
    checked = 0
    for name, text, golden in golden_programs():
        opt = name.startswith("opt_")
        try:
            result = aspsat.solve(text, opt_mode="optN" if opt else "opt")
        except aspsat.AspsatError as e:
            # a refusal names its position; never a wrong answer
            assert "<string>:" in str(e), (name, str(e))
            continue
        expected_sat = golden["result"] == "SAT"
        assert result.satisfiable == expected_sat, name
        models = result.models
        if opt and golden.get("optimum") is not None:
            assert result.status == "OPTIMUM FOUND", name
            models = result.optimal_models
            assert result.optimum == golden["optimum"], name
        got = sorted(sorted(m.atoms) for m in models)
        assert got == sorted(golden["answer_sets"]), name
        checked += 1
    assert checked >= 100, checked


def test_models_bound_and_consts():
    result = aspsat.solve("#const n = 3. { p(1..n) } = 1.", models=2, consts={"n": 5})
    assert len(result) == 2 and not result.complete
    every = aspsat.solve("#const n = 3. { p(1..n) } = 1.", consts=["n=5"])
    assert sorted(every.answer_sets) == [[f"p({i})"] for i in range(1, 6)]


def test_optimization_reports_the_optimum():
    program = "{ a; b; c }. :- not a, not c. :- not b, not c. #minimize { 1,a:a; 1,b:b; 3,c:c }."
    result = aspsat.solve(program)
    assert result.status == "OPTIMUM FOUND"
    assert result.models[-1].atoms == ["a", "b"] and result.optimum == [2]
    first = aspsat.solve(program, models=1)
    assert len(first) == 1  # as clingo's -n 1: the first model, optimality not proven
    all_optimal = aspsat.solve(program.replace("3,c", "2,c"), opt_mode="optN")
    assert sorted(m.atoms for m in all_optimal.optimal_models) == [["a", "b"], ["c"]]


def test_unsatisfiable_and_errors():
    assert aspsat.solve("a. :- a.").status == "UNSATISFIABLE"
    try:
        aspsat.solve("p(X) :- not q.")
    except aspsat.AspsatError as e:
        assert str(e).startswith("<string>:1:1-15: error: unsafe variables"), str(e)
    else:
        raise AssertionError("an unsafe rule was accepted")


def test_ground_text():
    assert aspsat.ground("p(1..2). q(X) :- p(X), X > 1.") == "p(1).\np(2).\nq(2).\n"


def test_compiled_cnf_models_are_the_answer_sets():
    # non-tight: the CNF (level ranking) must exclude the unsupported loop a :- b. b :- a.
    program = "{ c }. a :- b. b :- a. a :- c. d :- not a."
    cnf = aspsat.compile(program)
    assert cnf.dimacs.startswith("c ") and f"p cnf {cnf.num_vars} {len(cnf.clauses)}" in cnf.dimacs
    found = set()
    for bits in itertools.product([False, True], repeat=cnf.num_vars):
        lits = [v if bits[v - 1] else -v for v in range(1, cnf.num_vars + 1)]
        true = set(lits)
        if all(any(l in true for l in clause) for clause in cnf.clauses):
            found.add(tuple(sorted(cnf.shown(lits))))
    expected = {tuple(sorted(a)) for a in aspsat.solve(program).answer_sets}
    assert found == expected == {("a", "b", "c"), ("d",)}


def test_symbols():
    assert aspsat.symbol('p(1,"a,b",f(x,-2))') == ("p", (1, '"a,b"', "f(x,-2)"))
    assert aspsat.symbol("(1,)") == ("", (1,))
    assert aspsat.symbol("-q(3)") == ("-q", (3,))
    assert aspsat.symbol("c") == ("c", ())


if __name__ == "__main__":
    tests = [f for name, f in sorted(globals().items()) if name.startswith("test_")]
    for t in tests:
        t()
    print(f"{len(tests)} passed, 0 failed")
