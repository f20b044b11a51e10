"""aspsat from Python: answer set programs in the clingo language, grounded, compiled to SAT
and solved in-process (the Rust library through its extension module ``aspsat._native``).

>>> import aspsat
>>> result = aspsat.solve("{ a; b }. :- a, b.")
>>> result.answer_sets
[[], ['b'], ['a']]
>>> result.status, result.complete
('SATISFIABLE', True)

Symbols are strings exactly as clingo prints them (``p(1,"x")``); :func:`symbol` splits one
into its name and arguments. Errors raise :class:`AspsatError` with clingo's message and its
``<string>:LINE:COL`` position.
"""

from dataclasses import dataclass, field
from typing import Dict, Iterable, Iterator, List, Optional, Tuple, Union

from . import _native
from ._native import AspsatError

__all__ = ["solve", "ground", "compile", "dimacs", "symbol", "Solution", "AnswerSet",
           "Cnf", "AspsatError", "__version__"]
__version__ = _native.__version__

Consts = Optional[Union[Dict[str, object], Iterable[str]]]


def _consts(consts: Consts) -> List[str]:
    """`{"n": 5}` or `["n=5"]` as the command line's `-c NAME=VALUE` list."""
    if consts is None:
        return []
    if isinstance(consts, dict):
        return [f"{name}={value}" for name, value in consts.items()]
    return [str(c) for c in consts]


@dataclass(frozen=True)
class AnswerSet:
    """One answer set: its shown atoms in clingo's order, its costs (highest priority first;
    empty without an objective) and whether it is proven optimal (the optimal models of
    ``opt_mode="optN"``, the last model of ``"opt"`` when the status is ``OPTIMUM FOUND``).
    Iterating it gives the atoms."""
    atoms: List[str]
    costs: List[int] = field(default_factory=list)
    optimal: bool = False

    def __iter__(self) -> Iterator[str]:
        return iter(self.atoms)

    def __len__(self) -> int:
        return len(self.atoms)

    def __contains__(self, atom: object) -> bool:
        return atom in self.atoms


@dataclass(frozen=True)
class Solution:
    """What :func:`solve` found. ``status`` is clingo's verdict: ``"SATISFIABLE"``,
    ``"UNSATISFIABLE"`` or ``"OPTIMUM FOUND"``; ``complete`` is false when ``models`` stopped
    the search before the last answer set; ``infos`` are clingo's ``info:`` messages."""
    models: List[AnswerSet]
    status: str
    complete: bool
    infos: List[str]

    @property
    def answer_sets(self) -> List[List[str]]:
        """The answer sets as lists of symbols."""
        return [m.atoms for m in self.models]

    @property
    def satisfiable(self) -> bool:
        return self.status != "UNSATISFIABLE"

    @property
    def optimal_models(self) -> List[AnswerSet]:
        """The answer sets proven optimal."""
        return [m for m in self.models if m.optimal]

    @property
    def optimum(self) -> Optional[List[int]]:
        """The proven optimal costs, or None (no objective, or not proven)."""
        optimal = self.optimal_models
        return optimal[0].costs if optimal and optimal[0].costs else None

    def __iter__(self) -> Iterator[AnswerSet]:
        return iter(self.models)

    def __len__(self) -> int:
        return len(self.models)


def solve(program: str, models: int = 0, consts: Consts = None, project: bool = False,
          opt_mode: str = "opt", translation: str = "completion",
          solver: str = "varisat") -> Solution:
    """The answer sets of ``program`` (clingo-language text), as ``aspsat solve`` computes
    them. ``models``: how many (0, the default: all; when optimizing with ``opt_mode="opt"`` the
    improving models, the last one optimal; ``"optN"``: then every optimal one). ``consts``
    overrides ``#const`` (``{"n": 5}`` or ``["n=5"]``); ``project`` enumerates distinct shown
    projections; ``solver`` is a SAT back end as ``--solver`` (``varisat``, or an installed
    ``cadical``, ``minisat``, ...)."""
    sets, status, complete, infos = _native.solve(
        program, models, _consts(consts), project, opt_mode, translation, solver)
    return Solution([AnswerSet(a, c, o) for a, c, o in sets], status, complete, infos)


def ground(program: str, consts: Consts = None) -> str:
    """The ground program in clingo's rule syntax, as ``aspsat ground`` prints it."""
    return _native.ground(program, _consts(consts))


@dataclass(frozen=True)
class Cnf:
    """``program`` as CNF whose models, read through ``atoms`` (variable -> symbol) and
    ``facts`` (shown in every answer set), are exactly its answer sets. ``costs`` are the
    objective's ``(priority, weight, literal)`` terms (literal 0: always counted)."""
    num_vars: int
    clauses: List[List[int]]
    atoms: Dict[int, str]
    facts: List[str]
    costs: List[Tuple[int, int, int]]
    dimacs: str

    def shown(self, model: Iterable[int]) -> List[str]:
        """The shown atoms of a model given as its true DIMACS literals (a SAT solver's ``v``
        line without the 0)."""
        true = {lit for lit in model if lit > 0}
        return list(self.facts) + [s for v, s in sorted(self.atoms.items()) if v in true]


def compile(program: str, consts: Consts = None) -> Cnf:
    """The CNF of ``aspsat dimacs``: exact on its own (level ranking for non-tight programs)."""
    num_vars, clauses, atoms, facts, costs, text = _native.compile(program, _consts(consts))
    return Cnf(num_vars, clauses, dict(atoms), facts, costs, text)


def dimacs(program: str, consts: Consts = None) -> str:
    """The DIMACS text ``aspsat dimacs`` writes, with the ``c atom``/``c fact``/``c cost``
    symbol map in its comments."""
    return compile(program, consts).dimacs


def symbol(text: str) -> Tuple[str, tuple]:
    """Splits a symbol as printed into its name and arguments: ``p(1,"a",f(x))`` gives
    ``("p", (1, '"a"', 'f(x)'))`` (integers as int, other arguments as their text). A tuple's
    name is ``""``, a classically negated atom ``-p(1)`` is named ``-p``; a constant, number or
    string has no arguments."""
    text = text.strip()
    if text.startswith('"') or not text.endswith(")") or "(" not in text:
        return (text, ())
    open_at = text.index("(")
    name, inner = text[:open_at], text[open_at + 1:-1]
    args = _split_arguments(inner)
    if name == "" and args and args[-1] == "":
        args.pop()  # a one-element tuple prints as (x,)
    return (name, tuple(int(a) if _is_int(a) else a for a in args))


def _is_int(text: str) -> bool:
    return text.lstrip("-").isdigit()


def _split_arguments(inner: str) -> List[str]:
    """The comma-separated arguments of a symbol, outside nested terms and strings."""
    if inner == "":
        return []
    args, start, depth, in_string, escaped = [], 0, 0, False, False
    for i, ch in enumerate(inner):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "," and depth == 0:
            args.append(inner[start:i])
            start = i + 1
    args.append(inner[start:])
    return args
