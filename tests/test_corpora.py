"""The puzzle samples in tests/data/puzzles/ through the reference search.

Every solution is checked twice: by the layout's own ``violations`` and by an
independent row/column/box check written from coordinates, and it must keep the
givens. Kaggle puzzles must give the published solution; the 17-clue and magictour
puzzles are known to be unique and must count exactly one solution.
"""

from __future__ import annotations

import pytest

from conftest import PUZZLES, digits_of, keeps_givens, latin_box_errors, puzzle_lines
from yass.core.board import Puzzle
from yass.core.layout import Layout
from yass.engine.search import count_solutions, solve

UNIQUE = {"17_clue_sample.txt", "magictour_top1465_sample.txt"}
SOLUTION_FILES = {"kaggle_sample_solutions.txt"}
PUZZLE_FILES = sorted(p.name for p in PUZZLES.glob("*.txt") if p.name not in SOLUTION_FILES)


def test_every_sample_file_is_covered() -> None:
    assert set(PUZZLE_FILES) >= UNIQUE | {"kaggle_sample.txt", "norvig_top95.txt"}
    assert len(PUZZLE_FILES) == 6


def _solve_and_verify(name: str, line: str) -> tuple[int, ...]:
    layout = Layout.classic(9)
    assert len(line) == 81, f"{name}: line of {len(line)} characters"
    givens = digits_of(line)
    puzzle = Puzzle(layout, givens)
    found = solve(puzzle)
    assert found is not None, f"{name}: no solution for {line}"
    assert keeps_givens(givens, found), f"{name}: givens changed in {line}"
    assert layout.violations(found) == [], f"{name}: {line}"
    assert latin_box_errors(9, 3, 3, found) == [], f"{name}: {line}"
    return found


@pytest.mark.parametrize("name", PUZZLE_FILES)
def test_sample_file_solves_and_verifies(name: str) -> None:
    lines = puzzle_lines(name)
    assert lines
    layout = Layout.classic(9)
    for line in lines:
        _solve_and_verify(name, line)
        if name in UNIQUE:
            assert count_solutions(Puzzle(layout, digits_of(line)), 2) == 1, f"{name}: {line}"


def test_kaggle_solutions_match_the_published_ones() -> None:
    puzzles = puzzle_lines("kaggle_sample.txt")
    published = puzzle_lines("kaggle_sample_solutions.txt")
    assert len(puzzles) == len(published) == 300
    for line, answer in zip(puzzles, published, strict=True):
        expected = digits_of(answer)
        # The published answer is itself a valid grid that keeps the givens.
        assert latin_box_errors(9, 3, 3, expected) == []
        assert keeps_givens(digits_of(line), expected)
        assert _solve_and_verify("kaggle", line) == expected


def test_seventeen_clue_puzzles_have_seventeen_givens() -> None:
    for line in puzzle_lines("17_clue_sample.txt"):
        assert sum(1 for g in digits_of(line) if g) == 17
