"""The pencil-mark view and a step's roles (yass.views), and `explain --show`."""

from __future__ import annotations

import re

import pytest

from conftest import SEED_PUZZLE
from yass import parse_puzzle
from yass.board import Board
from yass.cli import main
from yass.constraints import Regions
from yass.explain import explain
from yass.layout import Layout
from yass.views import pencil, step_marks

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def test_four_by_four_exactly() -> None:
    board = parse_puzzle("1...............").board()
    board.place(5, 3)  # r2c2=3 placed since (not a given)
    assert pencil(board) == "\n".join([
        "┌─────────┬─────────┐",
        "│    ╎   2│   2╎   2│",
        "│ [1]╎   4│ 3 4╎ 3 4│",
        "│╌╌╌╌·╌╌╌╌│╌╌╌╌·╌╌╌╌│",
        "│   2╎    │ 1 2╎ 1 2│",
        "│   4╎ (3)│   4╎   4│",
        "├─────────┼─────────┤",
        "│   2╎ 1 2│ 1 2╎ 1 2│",
        "│ 3 4╎   4│ 3 4╎ 3 4│",
        "│╌╌╌╌·╌╌╌╌│╌╌╌╌·╌╌╌╌│",
        "│   2╎ 1 2│ 1 2╎ 1 2│",
        "│ 3 4╎   4│ 3 4╎ 3 4│",
        "└─────────┴─────────┘",
    ])


def test_givens_placed_digits_and_last_candidates_differ() -> None:
    board = parse_puzzle("1...............").board()
    board.place(5, 3)
    for d in (1, 2, 4):
        board.eliminate(15, d)  # r4c4 keeps only 3
    text = pencil(board)
    assert "[1]" in text and "(3)" in text
    # r4c4's last candidate sits in its slot (bottom-left of its block), not centred.
    last_rows = text.splitlines()[-3:-1]
    assert last_rows[0].endswith("╎    │") and last_rows[1].endswith("╎ 3  │")


def test_jigsaw_walls() -> None:
    names = [
        ["r1c1", "r1c2", "r1c3", "r2c1"],
        ["r1c4", "r2c4", "r3c4", "r2c3"],
        ["r2c2", "r3c1", "r3c2", "r4c1"],
        ["r3c3", "r4c2", "r4c3", "r4c4"],
    ]
    layout = Layout(4, [Regions([[Layout.classic(4).parse_cell(c) for c in r] for r in names])])
    lines = pencil(Board.from_givens(layout, [0] * 16)).splitlines()
    assert lines[0] == "┌──────────────┬────┐"
    # r1c3|r1c4 is a region wall, r1c1/r1c2 are in one region (a light separator).
    assert lines[1][5] == "╎" and lines[1][15] == "│"


def test_step_roles_on_the_seed_example() -> None:
    puzzle = parse_puzzle(SEED_PUZZLE)
    board = puzzle.board()
    steps = explain(puzzle).steps
    k = next(i for i, s in enumerate(steps) if s.eliminations and s.candidates)
    for step in steps[:k]:
        board.apply(step)
    step = steps[k]
    marks = step_marks(step)
    for cand in step.eliminations:
        assert marks[cand] == "delete"
    for cand in step.candidates:
        if cand not in step.eliminations:
            assert marks[cand] == "pattern"
    text = pencil(board, marks)
    deletes = re.findall(r"-\d", text)
    assert len(deletes) == len(step.eliminations)
    assert len(re.findall(r"\*\d", text)) == len(
        [c for c in step.candidates if c not in step.eliminations]
    )
    # A placement is marked with +.
    single = next(s for s in steps if s.placements)
    assert step_marks(single)[single.placements[0]] == "place"


def test_colour_only_when_asked() -> None:
    board = parse_puzzle(SEED_PUZZLE).board()
    plain = pencil(board)
    coloured = pencil(board, color=True)
    assert not ANSI.search(plain)
    assert ANSI.search(coloured)
    assert ANSI.sub("", coloured) == plain


def test_explain_show(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "--show", SEED_PUZZLE]) == 0
    out = capsys.readouterr().out
    steps = explain(parse_puzzle(SEED_PUZZLE)).steps
    assert out.startswith("marks: ")
    assert out.count("┌") == len(steps)  # one board before each step
    assert not ANSI.search(out)  # not a terminal
    assert f"{len(steps)}. {steps[-1].notation}" in out


def test_show_pencil_after_steps(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = parse_puzzle(SEED_PUZZLE)
    steps = explain(puzzle).steps
    board = puzzle.board()
    for step in steps[:5]:
        board.apply(step)
    assert main(["show", "--view", "pencil", "--after", "5", SEED_PUZZLE]) == 0
    assert capsys.readouterr().out.rstrip("\n") == pencil(board)
    # The first five steps place digits: five more "(d)" than on the fresh board.
    assert pencil(board).count("(") == pencil(puzzle.board()).count("(") + sum(
        len(s.placements) for s in steps[:5]
    )
    assert main(["show", "--after", "0", SEED_PUZZLE]) == 2
    assert "--after" in capsys.readouterr().err


def test_levels_fill_the_terminal_width() -> None:
    from yass.render import levels

    board = parse_puzzle(SEED_PUZZLE).board()
    default = levels(board).splitlines()
    assert default[2].count("digit") == 3  # a band of boxes, for stable piped output
    for columns, per_row in ((80, 5), (120, 8), (20, 1)):
        lines = levels(board, columns).splitlines()
        assert lines[2].count("digit") == per_row
        assert max(len(line) for line in lines[1:]) <= max(columns, 13)
    # Every digit's grid is still there.
    assert len(re.findall(r"digit \d", levels(board, 120))) == 9


def test_game_view_colours_givens_and_placed_digits() -> None:
    from yass.render import GIVEN_STYLE, PLACED_STYLE, grid

    puzzle = parse_puzzle(SEED_PUZZLE)
    board = puzzle.board()
    steps = explain(puzzle).steps
    for step in steps[:3]:
        board.apply(step)
    givens = sum(1 << c for c, v in enumerate(puzzle.givens) if v)
    coloured = grid(board.values, puzzle.layout, givens)
    assert ANSI.sub("", coloured) == grid(board.values, puzzle.layout)
    assert coloured.count(GIVEN_STYLE) == bin(givens).count("1")
    assert coloured.count(PLACED_STYLE) == sum(len(s.placements) for s in steps[:3])
