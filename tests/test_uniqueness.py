"""Uniqueness techniques: notation, JSON, the layout rule, and soundness on unique puzzles."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from conftest import puzzle_lines, variant_entries, variant_puzzle
from test_wings import _states
from yass.constraints import REGISTRY, AntiKnight, Diagonal, NonConsecutive
from yass.core.board import Board, Puzzle
from yass.core.geometry import char_digit
from yass.core.layout import Layout
from yass.core.step import Step
from yass.engine.search import count_solutions
from yass.engine.search import solve as search_solve
from yass.logic.techniques import TABLE, Technique, get_techniques
from yass.logic.techniques.uniqueness import (
    AvoidableRectangle,
    BugPlusOne,
    HiddenRectangle,
    UniqueRectangle1,
    UniqueRectangle2,
    UniqueRectangle3,
    UniqueRectangle4,
    _rules,
)

CODES = ("ur1", "ur2", "ur3", "ur4", "hr", "ar", "bug")
MINE: list[Technique] = [get_techniques(code)[0] for code in CODES]

EMPTY = "." * 81


def _board(restrictions: str, line: str = EMPTY, layout: Layout | None = None) -> Board:
    """Givens ``line`` with ``r1c1:12`` (keep) and ``r2c3<>5`` (remove) tokens applied."""
    lay = layout or Layout.classic(9)
    board = Puzzle(lay, tuple(max(0, char_digit(ch)) for ch in line)).board()
    for token in restrictions.split():
        if ":" in token:
            where, keep = token.split(":")
            cell = lay.parse_cell(where)
            for d in range(1, lay.size + 1):
                if str(d) not in keep:
                    board.eliminate(cell, d)
        else:
            where, gone = token.split("<>")
            cell = lay.parse_cell(where)
            for ch in gone:
                board.eliminate(cell, int(ch))
    return board


def _only(tech: Technique, board: Board) -> Step:
    steps = list(tech.find(board))
    assert len(steps) == 1, [s.notation for s in steps]
    return steps[0]


def _not(cells: str, digit: int) -> str:
    """``r2c2<>1 r2c3<>1`` for ``"r2c2 r2c3"``."""
    return " ".join(f"{c}<>{digit}" for c in cells.split())


ROW2_BUT_1_5 = "r2c2 r2c3 r2c4 r2c6 r2c7 r2c8 r2c9"
COL5_BUT_1_2 = "r3c5 r4c5 r5c5 r6c5 r7c5 r8c5 r9c5"
BUG_LINE = "814953726...268431326741859637582194582419673..16372852.31...68.6.8..3121.8326.47"


# -- notation and roles -------------------------------------------------------------------


def test_every_uniqueness_technique_needs_uniqueness() -> None:
    assert {t.code for t in MINE} == set(CODES)
    assert all(t.needs_unique and TABLE[t.code].unique for t in MINE)


def test_unique_rectangle_type_1() -> None:
    step = _only(UniqueRectangle1(), _board("r1c1:49 r1c5:49 r2c1:49"))
    assert step.notation == "Uniqueness Test 1: 4/9 in r1c1,r1c5,r2c1,r2c5 => r2c5<>4,9"
    assert step.cells == (0, 4, 9, 13)
    assert step.digits == (4, 9)
    assert step.name == ""
    assert "deadly pattern" in step.explanation


def test_unique_rectangle_type_2() -> None:
    step = _only(UniqueRectangle2(), _board("r1c1:49 r1c5:49 r2c1:349 r2c5:349"))
    assert step.notation == (
        "Uniqueness Test 2: 4/9 in r1c1,r1c5,r2c1,r2c5 => r2c2,r2c3,r2c4,r2c6,r2c7,r2c8,r2c9<>3"
    )
    assert step.fins == ((9, 3), (13, 3))


def test_unique_rectangle_type_3() -> None:
    step = _only(UniqueRectangle3(), _board("r1c1:12 r1c5:12 r2c1:123 r2c5:124 r2c8:34"))
    assert step.notation == (
        "Uniqueness Test 3: 1/2 in r1c1,r1c5,r2c1,r2c5 => r2c2,r2c3,r2c4,r2c6,r2c7,r2c9<>3,4"
    )
    assert step.cells == (0, 4, 9, 13, 16)
    assert "naked pair" in step.explanation


def test_unique_rectangle_type_4() -> None:
    step = _only(UniqueRectangle4(), _board("r1c1:12 r1c5:12 " + _not(ROW2_BUT_1_5, 1)))
    assert step.notation == "Uniqueness Test 4: 1/2 in r1c1,r1c5,r2c1,r2c5 => r2c1,r2c5<>2"


def test_hidden_rectangle() -> None:
    board = _board("r1c1:12 " + _not(ROW2_BUT_1_5, 1) + " " + _not(COL5_BUT_1_2, 1))
    step = _only(HiddenRectangle(), board)
    assert step.notation == "Hidden Rectangle: 1/2 in r1c1,r1c5,r2c1,r2c5 => r2c5<>2"


def test_avoidable_rectangle_types() -> None:
    step = _only(AvoidableRectangle(), _board("r1c1:4 r1c5:9 r2c1:9"))
    assert step.name == "Avoidable Rectangle Type 1"
    assert step.notation == "Avoidable Rectangle Type 1: 4/9 in r1c1,r1c5,r2c1,r2c5 => r2c5<>4"
    step = _only(AvoidableRectangle(), _board("r1c1:4 r1c5:9 r2c1:39 r2c5:34"))
    assert step.name == "Avoidable Rectangle Type 2"
    assert step.notation.startswith("Avoidable Rectangle Type 2: 4/9 in r1c1,r1c5,r2c1,r2c5 => ")
    assert step.notation.endswith("<>3")


def test_avoidable_rectangle_needs_to_know_the_givens() -> None:
    board = _board("r1c1:4 r1c5:9 r2c1:9")
    assert list(AvoidableRectangle().find(board))
    board.givens = None
    assert not list(AvoidableRectangle().find(board))
    # A placed digit that is a given cannot be swapped.
    given = _board("r1c5:9 r2c1:9", line="4" + "." * 80)
    assert not list(AvoidableRectangle().find(given))
    # The same digit placed (not given) can.
    placed = _board("r1c5:9 r2c1:9")
    placed.place(0, 4)
    assert [s.eliminations for s in AvoidableRectangle().find(placed)] == [((13, 4),)]


def test_bug_plus_one() -> None:
    step = _only(BugPlusOne(), _board("r7c2:47 r8c1:47", line=BUG_LINE))
    assert step.notation == "Bivalue Universal Grave + 1 => r2c2=9"
    assert step.placements == ((10, 9),)
    assert not step.eliminations
    assert "BUG+1" in step.explanation


def test_json_of_each_technique() -> None:
    boards = {
        "ur1": _board("r1c1:49 r1c5:49 r2c1:49"),
        "ur2": _board("r1c1:49 r1c5:49 r2c1:349 r2c5:349"),
        "ur3": _board("r1c1:12 r1c5:12 r2c1:123 r2c5:124 r2c8:34"),
        "ur4": _board("r1c1:12 r1c5:12 " + _not(ROW2_BUT_1_5, 1)),
        "hr": _board("r1c1:12 " + _not(ROW2_BUT_1_5, 1) + " " + _not(COL5_BUT_1_2, 1)),
        "ar": _board("r1c1:4 r1c5:9 r2c1:9"),
        "bug": _board("r7c2:47 r8c1:47", line=BUG_LINE),
    }
    for tech in MINE:
        board = boards[tech.code]
        before = board.cands[:]
        step = _only(tech, board)
        assert board.cands == before
        data = step.to_json(board.layout)
        assert data["technique"] == tech.code
        assert data["name"] == (step.name or TABLE[tech.code].name)
        assert data["notation"] == step.notation
        assert data["text"] == step.explanation
        assert data["placements"] or data["eliminations"]
        assert data["pattern"]["cells"] and data["pattern"]["digits"]


# -- the layout rule ---------------------------------------------------------------------------


def test_rectangles_need_two_boxes_on_a_classic_grid() -> None:
    rules = _rules(Layout.classic(9))
    assert rules.usable and rules.bug
    assert rules.swappable((0, 4, 9, 13), 0b11)  # boxes 1 and 2
    assert not rules.swappable((0, 4, 27, 31), 0b11)  # four boxes
    assert not rules.swappable((0, 1, 9, 10), 0b11)  # one box: a diagonal pair in it
    assert _rules(Layout.classic(6)).swappable((0, 3, 6, 9), 0b11)  # 2x3 boxes


def test_rectangles_on_variant_layouts() -> None:
    x = _rules(Layout(9, [Diagonal()]))
    assert x.usable and x.bug  # the diagonals are full houses
    assert x.swappable((1, 3, 19, 21), 0b11)  # r1c2, r1c4, r3c2, r3c4 touch no diagonal
    assert not x.swappable((0, 4, 9, 13), 0b11)  # r1c1 alone on the main diagonal
    knight = _rules(Layout(9, [AntiKnight()]))
    assert knight.usable and not knight.bug
    assert not knight.swappable((0, 4, 9, 13), 0b11)
    assert not _rules(Layout(9, [NonConsecutive()])).swappable((0, 4, 9, 13), 0b11)


def test_uniqueness_on_a_diagonal_layout() -> None:
    layout = Layout(9, [Diagonal()])
    step = _only(UniqueRectangle1(), _board("r1c2:49 r1c4:49 r3c2:49", layout=layout))
    assert step.eliminations == ((21, 4), (21, 9))
    assert not list(UniqueRectangle1().find(_board("r1c1:49 r1c5:49 r2c1:49", layout=layout)))


# -- soundness on puzzles with one solution -------------------------------------------------



def sweep(puzzle: Puzzle, solution: Sequence[int], fired: dict[str, int]) -> int:
    """Check every uniqueness step at every state of the walk; the steps seen."""
    seen = 0
    for board in _states(puzzle, solution):
        for tech in MINE:
            for step in tech.find(board):
                seen += 1
                fired[tech.code] = fired.get(tech.code, 0) + 1
                assert not step.is_empty
                for cell, d in step.placements:
                    assert solution[cell] == d, step.notation
                for cell, d in step.eliminations:
                    assert board.has(cell, d), step.notation
                    assert solution[cell] != d, step.notation
    return seen


def _classic(line: str) -> Puzzle:
    return Puzzle(Layout.classic(9), tuple(max(0, char_digit(ch)) for ch in line))


@pytest.mark.parametrize(
    ("name", "count"),
    [
        ("norvig_easy50.txt", 12),
        ("norvig_top95.txt", 8),
        ("magictour_top1465_sample.txt", 8),
        ("kaggle_sample.txt", 12),
    ],
)
def test_no_uniqueness_step_contradicts_the_solution(name: str, count: int) -> None:
    fired: dict[str, int] = {}
    total = 0
    for line in puzzle_lines(name, count):
        puzzle = _classic(line)
        assert count_solutions(puzzle, 2) == 1
        solution = search_solve(puzzle)
        assert solution is not None
        total += sweep(puzzle, solution, fired)
    assert total > 0, fired


UNIQUE_VARIANTS = [
    e
    for e in variant_entries()
    if all(c["type"] in REGISTRY for c in e["constraints"])
    and count_solutions(variant_puzzle(e), 2) == 1
]


def test_no_uniqueness_step_contradicts_the_solution_on_variants() -> None:
    assert UNIQUE_VARIANTS
    fired: dict[str, int] = {}
    for entry in UNIQUE_VARIANTS:
        solution = [char_digit(ch) for ch in entry["solution"]]
        sweep(variant_puzzle(entry), solution, fired)
