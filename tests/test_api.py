"""The public API: the curated ``__all__``, the docstring example, the convenience wrappers."""

from __future__ import annotations

import doctest

import pytest

import yass
from conftest import SEED_PUZZLE


def test_all_names_exist_and_are_sorted() -> None:
    for name in yass.__all__:
        assert hasattr(yass, name), name
    assert list(yass.__all__) == sorted(yass.__all__, key=lambda n: (not n.isupper(), n))


def test_no_private_or_module_leaks_in_all() -> None:
    assert not [n for n in yass.__all__ if n.startswith("_") and n != "__version__"]


def test_docstring_example_runs() -> None:
    failures, tried = doctest.testmod(yass, verbose=False)
    assert tried >= 3
    assert failures == 0


def test_solve_accepts_text_and_rules() -> None:
    result = yass.solve(SEED_PUZZLE)
    assert result.guesses == 0
    assert result.solution is not None
    assert yass.Layout.classic(9).check(result.solution)
    miracle = "." * 38 + "1" + "." * 12 + "2" + "." * 29
    solved = yass.solve(miracle, rules="antiknight,antiking,nonconsecutive")
    assert solved.solution is not None
    assert "".join(map(str, solved.solution)) == (
        "483726159726159483159483726837261594261594837594837261372615948615948372948372615"
    )


def test_count_and_find_agree() -> None:
    assert yass.count_solutions("." * 16, 1000) == 288
    assert yass.count_solutions("." * 81, 100, rules="miracle") == 72
    found = yass.find_solution(SEED_PUZZLE)
    assert found == yass.solve(SEED_PUZZLE).solution
    assert list(yass.solve_many([SEED_PUZZLE, SEED_PUZZLE])) == [found, found]


def test_rules_added_to_a_puzzle_object() -> None:
    puzzle = yass.parse_puzzle("." * 81)
    assert yass.count_solutions(puzzle, 100, rules="miracle") == 72


def test_typed_errors() -> None:
    with pytest.raises(yass.ParseError):
        yass.solve("12x")
    with pytest.raises(yass.ConflictError):
        yass.solve("11" + "." * 79)
    with pytest.raises(yass.LayoutError):
        yass.solve(SEED_PUZZLE, rules="no-such-rule")
    with pytest.raises(yass.UnknownTechniqueError):
        yass.solve(SEED_PUZZLE, "no-such-technique")
    assert issubclass(yass.PuzzleError, ValueError)


# -- text on the fast path -----------------------------------------------------------------

HARD9 = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."


def test_fast_functions_take_text_like_a_puzzle() -> None:
    from yass.engine import fast

    for line in (SEED_PUZZLE, SEED_PUZZLE.replace("0", "."), HARD9):
        puzzle = yass.parse_puzzle(line)
        first = fast.solve(puzzle)
        assert first is not None and puzzle.layout.check(first)
        assert fast.solve(line) == fast.find_solution(line) == first
        assert fast.count_solutions(line) == fast.count_solutions(puzzle) == 1
        assert fast.count_solutions(line, 0) == 0
        assert fast.is_unique(line) and fast.is_unique(puzzle)
        assert list(fast.solve_many([line, puzzle])) == [first, first]
    two = "." * 81
    assert fast.count_solutions(two, 5) == 5
    assert not fast.is_unique(two)
    # Other texts are read as puzzles: a 4x4 line, a line with spaces around it.
    assert fast.count_solutions("." * 16, 1000) == 288
    assert fast.solve(" " + HARD9 + "\n") == fast.solve(HARD9)


def test_fast_text_errors_match_the_puzzle_path() -> None:
    from yass.core.bounds import BoundReached, Bounds
    from yass.engine import fast

    clash = "11" + "." * 79
    with pytest.raises(yass.ConflictError):
        fast.solve(clash)
    with pytest.raises(yass.ConflictError):
        fast.count_solutions(clash)
    with pytest.raises(yass.ParseError):
        fast.solve("12x")
    # Givens that do not clash but leave no solution: None and 0, no error.
    none = "12345678." + "." * 27 + "........9" + "." * 36  # r1c9 needs the 9 of r5c9
    assert fast.solve(none) is None
    assert fast.count_solutions(none) == 0
    with pytest.raises(BoundReached) as caught:
        fast.count_solutions(HARD9, 2, Bounds(max_guesses=1))
    assert caught.value.solutions == 0
    with pytest.raises(BoundReached):
        fast.solve(HARD9, Bounds(max_guesses=1))
    assert fast.count_solutions(HARD9, 2, Bounds(max_guesses=10_000)) == 1
    assert fast.solve(HARD9, Bounds(timeout=30)) == fast.solve(HARD9)
