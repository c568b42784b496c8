"""The reference exhaustive search: solutions, counts with limits, no solution, every size.

Expected answers come from outside the search: the seed's published grid, known counts
(288 4x4 grids, 72 blank Miracle grids), and the plain backtracking oracle in conftest.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest

from conftest import (
    SEED_PUZZLE,
    digits_of,
    keeps_givens,
    latin_box_errors,
    oracle_count,
    oracle_errors,
    oracle_houses,
    puzzle_lines,
)
from yass.constraints import AntiKing, AntiKnight, NonConsecutive, Regions
from yass.constraints.base import Constraint
from yass.core.board import Board, ConflictError, Puzzle
from yass.core.geometry import Grid, box_shape
from yass.core.layout import Layout
from yass.engine.search import SearchStats, board_solutions, count_solutions, solutions, solve

# The README example's solution, read off its boxed grid.
SEED_SOLUTION = (
    "429516873"
    "851739246"
    "637482591"
    "395274618"
    "164958732"
    "782163459"
    "576891324"
    "213647985"
    "948325167"
)
MIRACLE_NAMES = ("antiknight", "antiking", "nonconsecutive")
# Mitchell Lee's Miracle Sudoku: r5c3=1, r6c7=2 (shared/data/variants/README.md).
MIRACLE_SOLUTION = (
    "483726159726159483159483726837261594261594837594837261372615948615948372948372615"
)


def blank(size: int) -> tuple[int, ...]:
    return (0,) * (size * size)


def miracle_layout() -> Layout:
    return Layout(9, [AntiKnight(), AntiKing(), NonConsecutive()])


def broken_diagonals(size: int, shift: int = 1) -> list[list[int]]:
    """Regions for a prime size: region k holds the cells with (col - shift*row) = k mod N."""
    return [[r * size + (shift * r + k) % size for r in range(size)] for k in range(size)]


def thin_out(values: Sequence[int], keep: float, seed: int) -> tuple[int, ...]:
    rng = random.Random(seed)
    return tuple(v if rng.random() < keep else 0 for v in values)


# -- the seed ------------------------------------------------------------------------------


def test_seed_002_example_solves_to_the_published_grid() -> None:
    puzzle = Puzzle(Layout.classic(9), digits_of(SEED_PUZZLE))
    stats = SearchStats()
    assert solve(puzzle, stats) == digits_of(SEED_SOLUTION)
    assert stats.solutions == 1
    assert count_solutions(puzzle, 2) == 1
    assert latin_box_errors(9, 3, 3, digits_of(SEED_SOLUTION)) == []


# -- counting --------------------------------------------------------------------------------


def test_empty_4x4_has_288_solutions() -> None:
    puzzle = Puzzle(Layout.classic(4), blank(4))
    assert count_solutions(puzzle, 1000) == 288
    assert count_solutions(puzzle, 288) == 288
    assert count_solutions(puzzle, 10) == 10
    assert count_solutions(puzzle, 1) == 1
    assert count_solutions(puzzle) == 2  # the default limit answers "unique or not"
    grids = list(solutions(puzzle))
    assert len(grids) == len(set(grids)) == 288
    for grid in grids:
        assert latin_box_errors(4, 2, 2, grid) == []


def test_miracle_grid_with_one_given_has_8_solutions() -> None:
    """The blank Miracle grid has 72 solutions (tests/test_core.py counts them with the
    compiled search), 8 for each digit of r1c1. The reference search, slower, lists the
    8 with r1c1 as in the published solution."""
    want = digits_of(MIRACLE_SOLUTION)
    givens = (want[0], *blank(9)[1:])
    grids = list(solutions(Puzzle(miracle_layout(), givens), 100))
    assert len(grids) == len(set(grids)) == 8
    houses = oracle_houses(9, (3, 3))
    for grid in grids:
        assert oracle_errors(9, houses, MIRACLE_NAMES, grid) == []
        assert grid[0] == want[0]
    assert want in grids


def test_miracle_sudoku_is_unique() -> None:
    layout = miracle_layout()
    givens = [0] * 81
    givens[layout.parse_cell("r5c3")] = 1
    givens[layout.parse_cell("r6c7")] = 2
    puzzle = Puzzle(layout, tuple(givens))
    assert list(solutions(puzzle, 5)) == [digits_of(MIRACLE_SOLUTION)]


def _deadly_rectangles(grid: Sequence[int]) -> Iterator[tuple[int, int, int, int]]:
    """Cells a b / b a on two rows, two columns and exactly two boxes of a 9x9 grid."""
    for r1 in range(9):
        for r2 in range(r1 + 1, 9):
            for c1 in range(9):
                for c2 in range(c1 + 1, 9):
                    same_band, same_stack = r1 // 3 == r2 // 3, c1 // 3 == c2 // 3
                    if same_band == same_stack:
                        continue
                    a, b = grid[r1 * 9 + c1], grid[r1 * 9 + c2]
                    if grid[r2 * 9 + c1] == b and grid[r2 * 9 + c2] == a:
                        yield r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2


def test_a_puzzle_with_exactly_two_solutions() -> None:
    solution = digits_of(SEED_SOLUTION)
    cells = next(_deadly_rectangles(solution))
    givens = list(solution)
    for c in cells:
        givens[c] = 0
    other = list(solution)
    p, q, r, s = cells
    other[p], other[q], other[r], other[s] = solution[q], solution[p], solution[s], solution[r]
    puzzle = Puzzle(Layout.classic(9), tuple(givens))
    assert count_solutions(puzzle, 10) == 2
    assert count_solutions(puzzle, 1) == 1
    assert set(solutions(puzzle)) == {solution, tuple(other)}
    assert latin_box_errors(9, 3, 3, other) == []


def test_counts_agree_with_plain_backtracking_on_small_grids() -> None:
    for names, rules in (
        ((), []),
        (("antiking",), [AntiKing()]),
        (("antiknight",), [AntiKnight()]),
        (("nonconsecutive",), [NonConsecutive()]),
    ):
        houses = oracle_houses(4, (2, 2), names)
        expected = oracle_count(4, houses, names)
        assert count_solutions(Puzzle(Layout(4, rules), blank(4)), 1000) == expected, names
    regions = broken_diagonals(5)
    expected = oracle_count(5, oracle_houses(5, None, (), regions), ())
    assert expected > 0
    assert count_solutions(Puzzle(Layout(5, [Regions(regions)]), blank(5)), 10_000) == expected


# -- no solution -------------------------------------------------------------------------------


def test_no_solution_found_only_by_search() -> None:
    """A wrong extra given that no pair of givens and no simple count rules out."""
    layout = Layout.classic(9)
    searched = 0
    tried = 0
    for line in puzzle_lines("norvig_hardest11.txt", 4):
        givens = digits_of(line)
        solution = solve(Puzzle(layout, givens))
        assert solution is not None
        board = Board.from_givens(layout, givens)
        for cell in [c for c, v in enumerate(givens) if not v][:3]:
            for d in range(1, 10):
                if d == solution[cell] or not board.has(cell, d):
                    continue
                wrong = list(givens)
                wrong[cell] = d
                puzzle = Puzzle(layout, tuple(wrong))
                fresh = puzzle.board()  # no two givens clash
                stats = SearchStats()
                assert solve(puzzle, stats) is None
                assert count_solutions(puzzle, 2) == 0
                tried += 1
                searched += fresh.contradiction() is None and stats.nodes > 0
    assert tried >= 20
    assert searched >= 5, "some of these must need branching to refute"


def test_random_small_puzzles_count_like_the_oracle() -> None:
    """Random 4x4 givens without a clash: solution counts, zero included, match backtracking."""
    layout = Layout.classic(4)
    rng = random.Random(4)
    found = 0
    for _ in range(400):
        givens = [0] * 16
        for c in rng.sample(range(16), 4):
            givens[c] = rng.randint(1, 4)
        try:
            Board.from_givens(layout, givens)
        except ConflictError:
            continue
        expected = oracle_count(4, oracle_houses(4, (2, 2)), (), givens)
        assert count_solutions(Puzzle(layout, tuple(givens)), 1000) == expected, givens
        found += expected == 0
    assert found >= 3


def test_conflicting_givens_raise_before_search() -> None:
    givens = list(digits_of(SEED_PUZZLE))
    givens[1] = 4  # r1c1 is 4 already
    with pytest.raises(ConflictError, match="givens r1c1 and r1c2 are both 4"):
        solve(Puzzle(Layout.classic(9), tuple(givens)))


# -- every size ---------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [1, 4, 6, 8, 9, 12, 16])
def test_empty_grid_and_thinned_solution(size: int) -> None:
    shape = box_shape(size)
    assert shape is not None
    layout = Layout.classic(size)
    full = solve(Puzzle(layout, blank(size)))
    assert full is not None
    assert latin_box_errors(size, shape[0], shape[1], full) == []
    for seed in range(3):
        givens = thin_out(full, 0.35, seed)
        found = solve(Puzzle(layout, givens))
        assert found is not None
        assert keeps_givens(givens, found)
        assert latin_box_errors(size, shape[0], shape[1], found) == []


@pytest.mark.parametrize(("size", "shift"), [(5, 1), (7, 1), (7, 3)])
def test_prime_sizes_with_regions(size: int, shift: int) -> None:
    regions = broken_diagonals(size, shift)
    layout = Layout(size, [Regions(regions)])
    houses = oracle_houses(size, None, (), regions)
    full = solve(Puzzle(layout, blank(size)))
    assert full is not None
    assert oracle_errors(size, houses, (), full) == []
    givens = thin_out(full, 0.5, size)
    found = solve(Puzzle(layout, givens))
    assert found is not None and keeps_givens(givens, found)
    assert oracle_errors(size, houses, (), found) == []


def _minimal_unique(puzzle: Puzzle, solution: Sequence[int], seed: int) -> tuple[int, ...]:
    """Blank cells of ``solution`` one by one while the puzzle stays unique."""
    givens = list(solution)
    order = list(range(len(givens)))
    random.Random(seed).shuffle(order)
    for cell in order:
        keep = givens[cell]
        givens[cell] = 0
        if count_solutions(Puzzle(puzzle.layout, tuple(givens)), 2) != 1:
            givens[cell] = keep
    return tuple(givens)


@pytest.mark.parametrize(
    ("size", "rules"),
    [
        (4, []),
        (6, []),
        (7, [Regions(broken_diagonals(7, 2))]),
        (9, []),
        (6, [AntiKing()]),
    ],
)
def test_unique_puzzle_made_from_a_solution_solves_back(size: int, rules: list[Constraint]) -> None:
    layout = Layout(size, rules)
    full = solve(Puzzle(layout, blank(size)))
    assert full is not None
    givens = _minimal_unique(Puzzle(layout, blank(size)), full, size)
    assert 0 < sum(1 for g in givens if g) < size * size
    assert solve(Puzzle(layout, givens)) == full
    assert count_solutions(Puzzle(layout, givens), 5) == 1


# -- verification and the board entry point -------------------------------------------------------


class FirstCellIsOne(Constraint):
    """A rule known only by its ``check``: r1c1 holds 1 (the search cannot propagate it)."""

    type = "test_first_cell_is_one"
    label = "first cell is one"

    def check(self, grid: Grid, values: Sequence[int]) -> Iterator[str]:
        if values[0] != 1:
            yield f"r1c1 is {values[0]}, not 1"


class NothingGoes(Constraint):
    """A rule no grid satisfies."""

    type = "test_nothing_goes"
    label = "nothing goes"

    def check(self, grid: Grid, values: Sequence[int]) -> Iterator[str]:
        yield "never"


def test_every_solution_is_checked_against_check_only_rules() -> None:
    layout = Layout(4, [FirstCellIsOne()])
    grids = list(solutions(Puzzle(layout, blank(4)), 1000))
    assert len(grids) == 288 // 4
    assert all(g[0] == 1 for g in grids)
    assert count_solutions(Puzzle(Layout(4, [NothingGoes()]), blank(4)), 10) == 0


def test_search_stats() -> None:
    stats = SearchStats()
    assert count_solutions(Puzzle(Layout.classic(4), blank(4)), 1000, stats) == 288
    assert stats.solutions == 288
    assert stats.nodes >= 288 - 1


def test_board_solutions_start_from_the_board() -> None:
    layout = Layout.classic(4)
    board = Board(layout)
    board.place(0, 1)
    board.place(1, 2)
    grids = list(board_solutions(board, 1000))
    assert grids, "a 4x4 with 1 2 in row 1 can be completed"
    assert all(g[0] == 1 and g[1] == 2 for g in grids)
    expected = oracle_count(4, oracle_houses(4, (2, 2)), (), [1, 2, *[0] * 14])
    assert len(grids) == expected
    assert len(list(board_solutions(board, 3))) == 3
    # The search works on a copy: the board is untouched.
    assert board.values[:2] == [1, 2] and board.values[2:] == [0] * 14
