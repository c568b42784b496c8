"""The pencil-mark view and a step's roles (yass.render.views), and `explain --show`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import SEED_PUZZLE
from yass import parse_puzzle
from yass.cli.commands import main
from yass.constraints import Regions
from yass.core.board import Board
from yass.core.layout import Layout
from yass.logic.explain import explain
from yass.render.views import pencil, step_marks

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


# -- variant rules in the text views --------------------------------------------------------

VARIANT_4X4 = {
    "size": 4,
    "givens": "1...............",
    "constraints": [
        {"type": "killer", "cells": ["r1c2", "r1c3"], "sum": 5},
        {"type": "ratio", "cells": ["r2c1", "r2c2"]},
        {"type": "xv", "cells": ["r3c1", "r4c1"], "sum": 5},
        {"type": "thermo", "cells": ["r3c3", "r3c4"]},
        {"type": "difference", "cells": ["r2c4", "r3c4"]},
        {"type": "sandwich", "clue": "r0c1", "cells": ["r1c1", "r2c1", "r3c1", "r4c1"],
         "sum": 5},
        {"type": "little_killer", "clue": "r0c2", "direction": "DL", "cells": ["r1c1"],
         "sum": 1},
        {"type": "antiknight"},
    ],
}

VARIANT_4X4_LEGEND = [
    "rules:",
    "  killer cage: the digits differ and add up to the small number",
    "    5: r1c2,r1c3",
    "  black dot: one digit is twice the other (or the number times)",
    "    r2c1-r2c2",
    "  X / V: the two digits sum to 10 (X) or 5 (V)",
    "    V r3c1-r4c1",
    "  thermometer: digits increase from the bulb",
    "    r3c3 (bulb) < r3c4",
    "  white dot: the two digits are consecutive (or differ by the number)",
    "    r2c4-r3c4",
    "  sandwich: the digits between the 1 and the N add up to it",
    "    5 above c1",
    "  little killer: the digits along the arrow's diagonal add up to it",
    "    1 above c2, down-left: r1c1",
    "  anti-knight: cells a knight's move apart differ",
]


def test_variant_pencil_marks_and_legend_exactly() -> None:
    from yass.formats import puzzle_from_json

    board = puzzle_from_json(VARIANT_4X4).board()
    assert pencil(board).splitlines() == [
        "┌─────5───┬─────────┐",  # the cage's sum at the top-left of r1c2
        "│    ╎   2│   2╎   2│",
        "│ [1]╎ 3 4│ 3 4╎ 3 4│",
        "│╌╌╌╌·╌╌╌╌│╌╌╌╌·╌╌╌╌│",
        "│   2╎   2│   2╎ 1 2│",
        "│ 3 4● 3 4│ 3 4╎ 3 4│",  # the black dot between r2c1 and r2c2
        "├─────────┼bulb───o─┤",  # r3c3's bulb; the white dot between r2c4 and r3c4
        "│   2╎   2│ 1 2╎ 1 2│",
        "│ 3 4╎ 3 4│ 3 4╎ 3 4│",
        "│╌╌V╌·╌╌╌╌│╌╌╌╌·╌╌╌╌│",  # V between r3c1 and r4c1
        "│   2╎ 1 2│ 1 2╎ 1 2│",
        "│ 3 4╎ 3 4│ 3 4╎ 3 4│",
        "└─────────┴─────────┘",
        "in the frame: a cage's sum (top-left), ● black dot, X / V, bulb, o white dot",
        *VARIANT_4X4_LEGEND,
    ]


def test_rules_legend_is_empty_for_classic_and_jigsaw_grids() -> None:
    from yass.render.views import rules_legend

    assert rules_legend(parse_puzzle(SEED_PUZZLE).layout) == ""
    names = [
        ["r1c1", "r1c2", "r1c3", "r2c1"],
        ["r1c4", "r2c4", "r3c4", "r2c3"],
        ["r2c2", "r3c1", "r3c2", "r4c1"],
        ["r3c3", "r4c2", "r4c3", "r4c4"],
    ]
    layout = Layout(4, [Regions([[Layout.classic(4).parse_cell(c) for c in r] for r in names])])
    assert rules_legend(layout) == ""  # the walls show the regions
    board = Board.from_givens(layout, [0] * 16)
    assert pencil(board, legend=True) == pencil(board)
    # extra rules by name are listed
    text = rules_legend(parse_puzzle("." * 81, rules="antiknight,diagonal").layout)
    assert text.splitlines() == [
        "rules:",
        "  anti-knight: cells a knight's move apart differ",
        "  diagonal: the diagonal holds every digit once",
        "    r1c1 to r9c9",
        "    r9c1 to r1c9",
    ]


def test_step_boards_leave_the_legend_out() -> None:
    from yass.formats import puzzle_from_json

    board = puzzle_from_json(VARIANT_4X4).board()
    plain = pencil(board)
    marks = {(1, 2): "delete"}
    with_marks = pencil(board, marks)
    assert "rules:" in plain and "rules:" not in with_marks
    assert with_marks.splitlines()[0] == "┌─────5───┬─────────┐"  # the frame marks stay
    assert pencil(board, marks, legend=True).endswith(VARIANT_4X4_LEGEND[-1])
    assert "rules:" not in pencil(board, legend=False)
    coloured = pencil(board, color=True)
    assert ANSI.search(coloured) and ANSI.sub("", coloured) == plain
    # on a terminal the rule marks stand out from the frame (yellow)
    for mark in ("5", "bulb", "●", "o", "V"):
        assert re.search(rf"\x1b\[[0-9;]*33[0-9;]*m{mark}\x1b", coloured), mark


def test_every_corpus_puzzle_keeps_the_pencil_grid_aligned() -> None:
    """Frame marks replace frame characters one for one: every line of the grid keeps its
    width, and the legend names every rule type (regions are walls) with every cage's sum."""
    from conftest import variant_entries
    from yass.formats import puzzle_from_json
    from yass.render.views import RULE_MEANINGS, _slots

    for entry in variant_entries(multi_cell=True):
        puzzle = puzzle_from_json(entry)
        text = pencil(puzzle.board())
        grid, _, legend = text.partition("\n└")
        lines = grid.splitlines()
        size = puzzle.size
        rows, cols = _slots(puzzle.layout)
        assert len({len(line) for line in lines}) == 1, entry["name"]
        kinds = {c["type"] for c in entry["constraints"]} - {"regions"}
        if not kinds:
            assert not legend.strip("─┴┘")
            continue
        assert "\nrules:\n" in legend
        for kind in kinds:
            name, meaning = RULE_MEANINGS[kind]
            meaning = "" if kind == "whispers" else meaning  # tells the grid's difference
            assert f"\n  {name}: {meaning}" in legend, (entry["name"], kind)
        for rule in entry["constraints"]:
            if rule["type"] == "killer" and rule.get("sum") is not None:
                assert f"    {rule['sum']}: {','.join(rule['cells'])}" in legend
                # the sum at its first cell's top-left: on the frame line above the cell
                row, col = divmod(min(map(puzzle.layout.parse_cell, rule["cells"])), size)
                start = 1 + col * (2 * cols + 1)
                frame = lines[row * (rows + 1)][start : start + 2 * cols]
                assert frame.startswith(str(rule["sum"])), (entry["name"], rule)
            if rule["type"] == "arrow":
                assert f"{rule['circle'][0]}" in legend and " <- " in legend


def test_show_pencil_lists_the_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    path = tmp_path / "variant.json"
    path.write_text(json.dumps(VARIANT_4X4))
    assert main(["show", "--view", "pencil", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.rstrip("\n").splitlines()[-len(VARIANT_4X4_LEGEND):] == VARIANT_4X4_LEGEND
    assert not ANSI.search(out)


@pytest.mark.parametrize("view", ["grid", "candidates", "pencil", "levels"])
def test_every_view_is_coloured_on_a_terminal_only(
    view: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Colour on a terminal; none in a pipe or with NO_COLOR; the same text either way."""
    args = ["show", SEED_PUZZLE, "--after", "3", "--view", view]  # givens and placed digits
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert main(args) == 0
    piped = capsys.readouterr().out
    assert "\x1b" not in piped
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    monkeypatch.setenv("COLUMNS", "200")
    assert main(args) == 0
    shown = capsys.readouterr().out
    codes = set(ANSI.findall(shown))
    assert len(codes) >= 3, codes  # at least two styles and the reset
    if view == "levels":
        # solid (bold, reversed) where placed, dim where possible, and the legend says so
        assert "\x1b[1;7m1\x1b[0m" in shown and "\x1b[2m2\x1b[0m" in shown
        assert "solid = placed there, grey = still possible" in shown
        plain = ANSI.sub("", shown).replace("solid", "digit").replace("grey", ".")
    else:
        plain = ANSI.sub("", shown)
    monkeypatch.setenv("NO_COLOR", "1")
    assert main(args) == 0
    uncoloured = capsys.readouterr().out
    assert "\x1b" not in uncoloured
    if view == "levels":  # dim digits stand where the plain view has dots
        assert len(plain.splitlines()) == len(uncoloured.splitlines())
    else:
        assert plain == uncoloured


def test_coloured_candidates_keep_their_columns() -> None:
    from yass.render import candidates

    board = parse_puzzle(SEED_PUZZLE).board()
    givens = sum(1 << c for c, v in enumerate(parse_puzzle(SEED_PUZZLE).givens) if v)
    coloured = candidates(board, givens=givens)
    assert ANSI.sub("", coloured) == candidates(board)
    assert "\x1b[1m4" in coloured  # r1c1, a given, bold
    assert "\x1b[2m" in coloured  # candidates dim
