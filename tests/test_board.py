"""The board: both candidate views in sync, the primitives, givens that clash, contradictions."""

from __future__ import annotations

import pytest

from conftest import SEED_PUZZLE, assert_board_consistent, digits_of
from yass.constraints import (
    AntiKing,
    AntiKnight,
    Candidates,
    Even,
    NonConsecutive,
    Odd,
    Thermo,
)
from yass.constraints.base import Constraint
from yass.core.board import Board, ConflictError, Puzzle
from yass.core.geometry import PuzzleError, bits, digits_mask, mask_digits
from yass.core.layout import Layout
from yass.core.step import Step

MIRACLE = [AntiKnight(), AntiKing(), NonConsecutive()]


def name_cells(layout: Layout, mask: int) -> list[str]:
    return [layout.name(c) for c in bits(mask)]


def cell(layout: Layout, name: str) -> int:
    return layout.parse_cell(name)


def givens_at(size: int, **placed: int) -> tuple[int, ...]:
    """Givens of a size x size grid from keyword ``r1c1=5`` pairs."""
    layout = Layout.classic(size)
    out = [0] * layout.ncells
    for name, digit in placed.items():
        out[layout.parse_cell(name)] = digit
    return tuple(out)


# -- the two views -----------------------------------------------------------------------


def test_fresh_board_has_every_candidate() -> None:
    board = Board(Layout.classic(9))
    assert_board_consistent(board)
    for d in range(1, 10):
        assert board.positions(d) == (1 << 81) - 1
        assert board.placed(d) == 0
    assert board.contradiction() is None
    assert not board.is_solved()


def test_seed_givens_are_placed_and_cleared_from_peers() -> None:
    layout = Layout.classic(9)
    givens = digits_of(SEED_PUZZLE)
    board = Board.from_givens(layout, givens)
    assert_board_consistent(board)
    assert tuple(board.values) == givens
    assert bin(board.empty).count("1") == givens.count(0)
    for c, d in enumerate(givens):
        if d:
            assert board.cands[c] == 1 << (d - 1)
            for p in layout.peer_lists[c]:
                assert not board.has(p, d) or board.values[p] == d
    # Row 1 holds 4, 9, 1, 8, 3; column 2 holds 9, 1; box 1 holds 4, 9.
    assert mask_digits(board.cands[cell(layout, "r1c2")]) == [2, 5, 6, 7]
    # Row 5 holds 5 only; column 1 holds 4, 3, 5, 9; box 4 holds 3, 9, 2.
    assert mask_digits(board.cands[cell(layout, "r5c1")]) == [1, 6, 7, 8]
    assert board.contradiction() is None
    assert board.line() == SEED_PUZZLE.replace("0", ".")


def test_eliminate_and_place_keep_the_views_in_sync() -> None:
    layout = Layout.classic(9)
    board = Board(layout)
    r1c1 = cell(layout, "r1c1")
    assert board.eliminate(r1c1, 5) is True
    assert board.eliminate(r1c1, 5) is False
    assert not board.positions(5) >> r1c1 & 1
    assert_board_consistent(board)
    assert board.place(r1c1, 7) is True
    assert board.values[r1c1] == 7
    assert board.placed(7) == 1 << r1c1
    assert name_cells(layout, board.positions(7) & 0x1FF) == []  # row 1 lost its 7s
    assert bin(board.positions(7)).count("1") == 81 - 1 - 20
    assert_board_consistent(board)
    # Placing again the same digit is a no-op that succeeds; another digit fails.
    snapshot = (board.cands[:], board.values[:])
    assert board.place(r1c1, 7) is True
    assert board.place(r1c1, 3) is False
    assert (board.cands, board.values) == snapshot


def test_place_a_removed_candidate_changes_nothing() -> None:
    layout = Layout.classic(9)
    board = Board(layout)
    c = cell(layout, "r4c4")
    board.eliminate(c, 2)
    before = (board.cands[:], board.values[:], [board.positions(d) for d in range(1, 10)])
    assert board.place(c, 2) is False
    assert (board.cands, board.values, [board.positions(d) for d in range(1, 10)]) == before


def test_place_narrows_related_and_chess_cells() -> None:
    layout = Layout(9, MIRACLE)
    board = Board(layout)
    c = cell(layout, "r5c5")
    board.place(c, 5)
    assert_board_consistent(board)
    # Orthogonal neighbours lose 4 and 6 (non-consecutive) and 5 (row, column, box).
    for nb in ("r4c5", "r6c5", "r5c4", "r5c6"):
        assert mask_digits(board.cands[cell(layout, nb)]) == [1, 2, 3, 7, 8, 9], nb
    # Knight's-move cells lose 5 only.
    for nb in ("r3c4", "r3c6", "r4c3", "r4c7", "r6c3", "r6c7", "r7c4", "r7c6"):
        assert mask_digits(board.cands[cell(layout, nb)]) == [1, 2, 3, 4, 6, 7, 8, 9], nb
    # A cell far away keeps everything.
    assert board.cands[cell(layout, "r1c1")] == 0x1FF


def test_copy_is_independent() -> None:
    layout = Layout.classic(4)
    board = Board(layout)
    twin = board.copy()
    twin.place(0, 1)
    assert board.values[0] == 0 and board.has(1, 1)
    assert twin.values[0] == 1 and not twin.has(1, 1)
    assert_board_consistent(board)
    assert_board_consistent(twin)


def test_apply_a_step() -> None:
    layout = Layout.classic(4)
    board = Board(layout)
    step = Step("test", placements=((0, 1),), eliminations=((5, 2), (6, 3)))
    board.apply(step)
    assert board.values[0] == 1
    assert not board.has(5, 2) and not board.has(6, 3)
    assert not board.has(1, 1)  # cleared by the placement
    assert_board_consistent(board)


def test_masks_limit_the_fresh_board() -> None:
    layout = Layout(9, [Odd([0]), Even([1]), Candidates(2, digits_mask([3, 4]))])
    board = Board(layout)
    assert mask_digits(board.cands[0]) == [1, 3, 5, 7, 9]
    assert mask_digits(board.cands[1]) == [2, 4, 6, 8]
    assert mask_digits(board.cands[2]) == [3, 4]
    assert not board.positions(2) & 0b101
    assert_board_consistent(board)


# -- givens that clash ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "givens", "message", "cells"),
    [
        ([], {"r1c1": 3, "r1c5": 3}, "givens r1c1 and r1c5 are both 3 (same row 1)", (0, 4)),
        ([], {"r2c4": 8, "r9c4": 8}, "givens r2c4 and r9c4 are both 8 (same column 4)", (12, 75)),
        ([], {"r4c4": 6, "r6c5": 6}, "givens r4c4 and r6c5 are both 6 (same box 5)", (30, 49)),
        (
            [AntiKnight()],
            {"r3c4": 7, "r5c5": 7},
            "givens r3c4 and r5c5 are both 7 (anti-knight)",
            (21, 40),
        ),
        (
            [AntiKing()],
            {"r3c3": 1, "r4c4": 1},
            "givens r3c3 and r4c4 are both 1 (anti-king)",
            (20, 30),
        ),
        (
            [NonConsecutive()],
            {"r1c1": 4, "r1c2": 5},
            "givens r1c1=4 and r1c2=5 break the non-consecutive rule",
            (0, 1),
        ),
        (
            [NonConsecutive()],
            {"r8c9": 9, "r9c9": 8},
            "givens r8c9=9 and r9c9=8 break the non-consecutive rule",
            (71, 80),
        ),
        (
            [NonConsecutive(), Thermo([0, 1, 2])],
            {"r1c1": 5, "r1c2": 4},
            "givens r1c1=5 and r1c2=4 break the non-consecutive and thermometer rule",
            (0, 1),
        ),
        ([Odd([0])], {"r1c1": 2}, "given r1c1=2 breaks the odd cell rule", (0,)),
        ([Even([80])], {"r9c9": 7}, "given r9c9=7 breaks the even cell rule", (80,)),
        (
            [Candidates(10, digits_mask([1, 2]))],
            {"r2c2": 9},
            "given r2c2=9 breaks the candidate list rule",
            (10,),
        ),
    ],
)
def test_conflicting_givens_name_both_cells_and_the_rule(
    rules: list[Constraint], givens: dict[str, int], message: str, cells: tuple[int, ...]
) -> None:
    layout = Layout(9, rules)
    values = givens_at(9, **givens)
    with pytest.raises(ConflictError) as info:
        Board.from_givens(layout, values)
    assert str(info.value) == message
    assert info.value.cells == cells
    with pytest.raises(ConflictError):
        Puzzle(layout, values).check_givens()


def test_consistent_givens_do_not_raise() -> None:
    # Same digit in one row but different boxes and columns under anti-knight: r1c1 and r2c4.
    layout = Layout(9, [AntiKnight(), AntiKing(), NonConsecutive()])
    board = Board.from_givens(layout, givens_at(9, r1c1=5, r2c4=5, r1c3=7))
    assert board.contradiction() is None
    assert_board_consistent(board)


def test_digit_too_large_for_the_size() -> None:
    with pytest.raises(ConflictError, match=r"r1c2: digit 5 is outside 1\.\.4"):
        Board.from_givens(Layout.classic(4), givens_at(4, r1c2=5))


def test_conflict_error_is_a_puzzle_error() -> None:
    assert issubclass(ConflictError, PuzzleError)


def test_puzzle_needs_the_right_number_of_cells() -> None:
    with pytest.raises(PuzzleError, match="a 9x9 puzzle needs 81 cells, got 80"):
        Puzzle(Layout.classic(9), (0,) * 80)


def test_puzzle_line_uses_letters_above_nine() -> None:
    givens = [0] * 256
    givens[0], givens[15], givens[255] = 16, 10, 1
    puzzle = Puzzle(Layout.classic(16), tuple(givens))
    line = puzzle.line()
    assert len(line) == 256
    assert (line[0], line[15], line[255], line[1]) == ("G", "A", "1", ".")
    assert puzzle.board().values[0] == 16


# -- contradictions ------------------------------------------------------------------------


def test_contradiction_no_candidate_left() -> None:
    layout = Layout.classic(9)
    board = Board(layout)
    c = cell(layout, "r7c3")
    for d in range(1, 10):
        board.eliminate(c, d)
    assert board.contradiction() == "r7c3 has no candidate left"
    assert_board_consistent(board)


def test_contradiction_digit_without_a_place() -> None:
    layout = Layout.classic(9)
    board = Board(layout)
    for c in range(9, 18):  # row 2
        board.eliminate(c, 5)
    assert board.contradiction() == "row 2 has no place for 5"


def test_contradiction_in_a_column_and_after_placements() -> None:
    layout = Layout.classic(4)
    board = Board(layout)
    # With r1c1=1 placed, removing 3 from the rest of column 1 leaves it no place.
    board.place(cell(layout, "r1c1"), 1)
    for name in ("r2c1", "r3c1", "r4c1"):
        board.eliminate(cell(layout, name), 3)
    assert board.contradiction() == "column 1 has no place for 3"


def test_placed_digit_removed_is_a_contradiction() -> None:
    layout = Layout.classic(4)
    board = Board(layout)
    board.place(0, 2)
    board.eliminate(0, 2)
    assert board.contradiction() == "r1c1 has no candidate left"


def test_solved_board() -> None:
    layout = Layout.classic(4)
    solution = digits_of("1234341221434321")
    board = Board.from_givens(layout, solution)
    assert board.is_solved()
    assert board.empty == 0
    assert board.contradiction() is None
    assert_board_consistent(board)
    assert all(board.positions(d) == 0 for d in range(1, 5))


def test_layout_check_agrees_with_violations_on_the_variant_corpus() -> None:
    # ``Layout.check`` tests digits, masks, sees-pairs and relations on bit sets before
    # the rules' own checks; ``violations`` spells every break out. On each corpus
    # puzzle's solution, on grids one change away (a digit swapped with a neighbour's,
    # a digit replaced, a cell emptied) and on the solution with its digits relabelled
    # (houses kept, relations and sums broken) both must agree.
    import random

    from conftest import variant_entries, variant_puzzle

    rng = random.Random(24)
    checked = broken = 0
    for entry in variant_entries(multi_cell=True):
        if not entry.get("solution"):
            continue
        layout = variant_puzzle(entry).layout
        solution = digits_of(entry["solution"])
        assert layout.check(solution), entry["name"]
        grids = []
        for _ in range(6):
            values = list(solution)
            a = rng.randrange(len(values))
            b = a + 1 if a + 1 < len(values) else a - 1
            values[a], values[b] = values[b], values[a]
            grids.append(values)
            changed = list(solution)
            changed[a] = rng.randrange(1, layout.size + 1)
            grids.append(changed)
        emptied = list(solution)
        emptied[rng.randrange(len(emptied))] = 0
        grids.append(emptied)
        for _ in range(3):  # the digits relabelled: every house still holds each once
            relabel = [0, *rng.sample(range(1, layout.size + 1), layout.size)]
            grids.append([relabel[v] for v in solution])
        for values in grids:
            ok = layout.check(values)
            assert ok == (not layout.violations(values)), entry["name"]
            checked += 1
            broken += not ok
    assert checked > 500 and broken > checked // 2
