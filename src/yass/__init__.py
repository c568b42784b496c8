"""yass, yet another sudoku solver: human-style logic with explanations, variant rules,
and a fast compiled exhaustive search.

Quick use::

    >>> import yass
    >>> line = "409010803000009240000000001390274600000050000002163059500000000013600000908020107"
    >>> result = yass.solve(line)
    >>> result.guesses
    0
    >>> yass.count_solutions("." * 16)   # an empty 4x4 grid, counted up to the limit
    2

Puzzles are text (an 81-character line, a picture grid) or :class:`Puzzle` objects; rules
are added by name (``rules="antiknight,antiking,nonconsecutive"``) or as
:class:`~yass.constraints.Constraint` objects.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from yass import fast as _fast
from yass import search as _search
from yass import solver as _solver
from yass._version import __version__
from yass.board import Board, ConflictError, Puzzle
from yass.constraints import Constraint, constraint_from_json, rules_from_names
from yass.formats import ParseError, parse_puzzle, puzzle_from_json, puzzle_to_json, read_puzzles
from yass.geometry import LayoutError, PuzzleError
from yass.layout import House, Layout
from yass.solver import SolveResult, next_step
from yass.step import Step
from yass.techniques import TECHNIQUES, Technique, UnknownTechniqueError, get_techniques

__all__ = [
    "TECHNIQUES",
    "Board",
    "ConflictError",
    "Constraint",
    "House",
    "Layout",
    "LayoutError",
    "ParseError",
    "Puzzle",
    "PuzzleError",
    "SolveResult",
    "Step",
    "Technique",
    "UnknownTechniqueError",
    "__version__",
    "constraint_from_json",
    "count_solutions",
    "find_solution",
    "get_techniques",
    "is_compiled",
    "next_step",
    "parse_puzzle",
    "puzzle_from_json",
    "puzzle_to_json",
    "read_puzzles",
    "rules_from_names",
    "solutions",
    "solve",
    "solve_many",
]

PuzzleLike = Puzzle | str


def _puzzle(puzzle: PuzzleLike, rules: str = "") -> Puzzle:
    if isinstance(puzzle, Puzzle):
        if not rules:
            return puzzle
        extra = rules_from_names(rules, puzzle.layout.grid)
        layout = Layout(
            puzzle.size,
            (*puzzle.layout.constraints, *extra),
            box=(puzzle.layout.box_rows, puzzle.layout.box_cols)
            if puzzle.layout.box_rows
            else None,
        )
        return Puzzle(layout, puzzle.givens, puzzle.name)
    return parse_puzzle(puzzle, rules=rules)


def solve(
    puzzle: PuzzleLike,
    techniques: Sequence[Technique] | str | None = None,
    *,
    rules: str = "",
    unique: bool | None = None,
    max_guesses: int | None = None,
    guess_order: str = "fixed",
    seed: int | None = None,
) -> SolveResult:
    """Solve like a person (seed 002's loop): logic steps, then guesses when stuck.

    The result holds the verified ``solution`` (None when there is none), the
    ``guesses`` required and the ``steps`` taken (each a structured ``Step`` with its
    notation, explanation and ``to_json``). ``techniques`` is a list or a
    comma-separated string of technique codes (default: the whole ladder).
    ``unique``: True declares the puzzle has one solution, False keeps uniqueness
    techniques out, None checks. ``guess_order="random"`` with ``seed`` guesses as
    seed 002 does, at random among the legal digits.
    """
    chosen = get_techniques(techniques) if isinstance(techniques, str) else techniques
    return _solver.solve(
        _puzzle(puzzle, rules), chosen, unique=unique, max_guesses=max_guesses,
        guess_order=guess_order, seed=seed,
    )


def find_solution(puzzle: PuzzleLike, *, rules: str = "") -> tuple[int, ...] | None:
    """The first solution of the exhaustive (compiled) search, or None."""
    return _fast.solve(_puzzle(puzzle, rules))


def count_solutions(puzzle: PuzzleLike, limit: int = 2, *, rules: str = "") -> int:
    """How many solutions, counting no further than ``limit`` (2 answers "is it unique")."""
    return _fast.count_solutions(_puzzle(puzzle, rules), limit)


def solutions(
    puzzle: PuzzleLike, limit: int | None = None, *, rules: str = ""
) -> Iterator[tuple[int, ...]]:
    """Every solution (up to ``limit``), each verified, from the reference search."""
    return _search.solutions(_puzzle(puzzle, rules), limit)


def solve_many(
    puzzles: Iterable[PuzzleLike], *, layout: Layout | None = None
) -> Iterator[tuple[int, ...] | None]:
    """Stream the first solution of each puzzle, in order (compiled search)."""
    return _fast.solve_many(puzzles, layout=layout)


def is_compiled() -> bool:
    """True when the compiled search core is in use."""
    return _fast.is_compiled()
