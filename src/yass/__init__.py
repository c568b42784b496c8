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

from yass._version import __version__

# True for type checkers only (mypy treats any ``TYPE_CHECKING`` so): the names below are
# for annotations, and importing ``typing`` would cost ``import yass`` more than the rest.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Sequence
    from typing import Any

    from yass.constraints import Constraint, constraint_from_json, rules_from_names
    from yass.core.board import Board, ConflictError, Puzzle
    from yass.core.bounds import BoundReached, Bounds
    from yass.core.geometry import LayoutError, PuzzleError
    from yass.core.layout import House, Layout
    from yass.core.step import Step
    from yass.formats import (
        ParseError,
        parse_puzzle,
        puzzle_from_json,
        puzzle_to_json,
        read_puzzles,
    )
    from yass.logic.solver import SolveResult, next_step
    from yass.logic.techniques import TECHNIQUES, Technique, UnknownTechniqueError, get_techniques
    from yass.rating import Rating, RatingError, rate, rate_many

# The names below are imported on first use (``yass.Board`` imports ``yass.core.board``), so
# ``import yass`` and the ``yass`` command start quickly and load only what they use.
_LAZY = {
    "Board": "yass.core.board",
    "BoundReached": "yass.core.bounds",
    "Bounds": "yass.core.bounds",
    "ConflictError": "yass.core.board",
    "Puzzle": "yass.core.board",
    "Constraint": "yass.constraints",
    "constraint_from_json": "yass.constraints",
    "rules_from_names": "yass.constraints",
    "ParseError": "yass.formats",
    "parse_puzzle": "yass.formats",
    "puzzle_from_json": "yass.formats",
    "puzzle_to_json": "yass.formats",
    "read_puzzles": "yass.formats",
    "LayoutError": "yass.core.geometry",
    "PuzzleError": "yass.core.geometry",
    "House": "yass.core.layout",
    "Layout": "yass.core.layout",
    "SolveResult": "yass.logic.solver",
    "next_step": "yass.logic.solver",
    "Step": "yass.core.step",
    "TECHNIQUES": "yass.logic.techniques",
    "Technique": "yass.logic.techniques",
    "UnknownTechniqueError": "yass.logic.techniques",
    "get_techniques": "yass.logic.techniques",
    "Rating": "yass.rating",
    "RatingError": "yass.rating",
    "rate": "yass.rating",
    "rate_many": "yass.rating",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'yass' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


__all__ = [
    "TECHNIQUES",
    "Board",
    "BoundReached",
    "Bounds",
    "ConflictError",
    "Constraint",
    "House",
    "Layout",
    "LayoutError",
    "ParseError",
    "Puzzle",
    "PuzzleError",
    "Rating",
    "RatingError",
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
    "rate",
    "rate_many",
    "read_puzzles",
    "rules_from_names",
    "solutions",
    "solve",
    "solve_many",
]

def _puzzle(puzzle: Puzzle | str, rules: str = "") -> Puzzle:
    from yass.constraints import rules_from_names
    from yass.core.board import Puzzle
    from yass.core.layout import Layout
    from yass.formats import parse_puzzle

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
    puzzle: Puzzle | str,
    techniques: Sequence[Technique] | str | None = None,
    *,
    rules: str = "",
    unique: bool | None = None,
    max_guesses: int | None = None,
    guess_order: str = "fixed",
    seed: int | None = None,
) -> SolveResult:
    """Solve like a person: the easiest logical step each time, a guess when logic is stuck.

    The result holds the verified ``solution`` (None when there is none), the
    ``guesses`` required and the ``steps`` taken (each a structured ``Step`` with its
    notation, explanation and ``to_json``). ``techniques`` is a list or a
    comma-separated string of technique codes (default: the whole ladder).
    ``unique``: True declares the puzzle has one solution, False keeps uniqueness
    techniques out, None checks. ``guess_order="random"`` guesses at random
    among the legal digits, reproducibly with ``seed``.
    """
    from yass.logic import solver as _solver
    from yass.logic.techniques import get_techniques

    chosen = get_techniques(techniques) if isinstance(techniques, str) else techniques
    return _solver.solve(
        _puzzle(puzzle, rules), chosen, unique=unique, max_guesses=max_guesses,
        guess_order=guess_order, seed=seed,
    )


def _bounds(timeout: float | None, max_guesses: int | None) -> Bounds | None:
    if timeout is None and max_guesses is None:
        return None
    from yass.core.bounds import Bounds

    return Bounds(timeout, max_guesses)


# ``yass.engine.fast``, once imported: ``from yass import fast`` in a function goes through the
# import machinery's Python code on every call (a microsecond, a third of an easy search).
_fast_module: Any = None


def _load_fast() -> Any:
    global _fast_module
    from yass.engine import fast

    _fast_module = fast
    return fast


def find_solution(
    puzzle: Puzzle | str,
    *,
    rules: str = "",
    timeout: float | None = None,
    max_guesses: int | None = None,
) -> tuple[int, ...] | None:
    """The first solution of the exhaustive (compiled) search, or None.

    ``timeout`` (seconds) and ``max_guesses`` bound the search: BoundReached when it
    reaches one (its message is ``timeout after 5 s`` or ``stopped after N guesses``).
    """
    fast = _fast_module or _load_fast()
    found: tuple[int, ...] | None
    # A text without extra rules goes to the fast path as it is (a classic line takes the
    # compiled core with no Puzzle built).
    if isinstance(puzzle, str) and not rules:
        if timeout is None and max_guesses is None:
            found = fast.solve(puzzle)
        else:
            found = fast.solve(puzzle, _bounds(timeout, max_guesses))
    else:
        found = fast.solve(_puzzle(puzzle, rules), _bounds(timeout, max_guesses))
    return found


def count_solutions(
    puzzle: Puzzle | str,
    limit: int = 2,
    *,
    rules: str = "",
    timeout: float | None = None,
    max_guesses: int | None = None,
) -> int:
    """How many solutions, counting no further than ``limit`` (2 answers "is it unique").

    ``timeout`` and ``max_guesses`` bound the search as for ``find_solution``.
    """
    fast = _fast_module or _load_fast()
    count: int
    if isinstance(puzzle, str) and not rules:
        if timeout is None and max_guesses is None:
            count = fast.count_solutions(puzzle, limit)
        else:
            count = fast.count_solutions(puzzle, limit, _bounds(timeout, max_guesses))
    else:
        count = fast.count_solutions(_puzzle(puzzle, rules), limit, _bounds(timeout, max_guesses))
    return count


def solutions(
    puzzle: Puzzle | str, limit: int | None = None, *, rules: str = ""
) -> Iterator[tuple[int, ...]]:
    """Every solution (up to ``limit``), each verified, from the reference search."""
    from yass.engine import search as _search

    return _search.solutions(_puzzle(puzzle, rules), limit)


def solve_many(
    puzzles: Iterable[Puzzle | str], *, layout: Layout | None = None
) -> Iterator[tuple[int, ...] | None]:
    """Stream the first solution of each puzzle, in order (compiled search)."""
    from yass.engine import fast as _fast

    return _fast.solve_many(puzzles, layout=layout)


def is_compiled() -> bool:
    """True when the compiled search core is in use."""
    from yass.engine import fast as _fast

    return _fast.is_compiled()
