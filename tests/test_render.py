"""The views: the boxed game grid, the candidate grid, the per-digit levels."""

from __future__ import annotations

import re

from conftest import SEED_INPUT_PICTURE, SEED_PUZZLE, digits_of
from yass import render
from yass.constraints import Regions
from yass.core.layout import Layout
from yass.formats import parse_puzzle

# The README example's output, row for row.
SEED_SOLUTION_PICTURE = """\
┌───┬───┬───┐
│429│516│873│
│851│739│246│
│637│482│591│
├───┼───┼───┤
│395│274│618│
│164│958│732│
│782│163│459│
├───┼───┼───┤
│576│891│324│
│213│647│985│
│948│325│167│
└───┴───┴───┘"""

SEED_SOLUTION = "429516873851739246637482591395274618164958732782163459576891324213647985948325167"


def test_seed_solution_picture_exactly() -> None:
    assert render.grid(digits_of(SEED_SOLUTION), Layout.classic(9)) == SEED_SOLUTION_PICTURE


def test_seed_input_picture_exactly() -> None:
    picture = render.grid(digits_of(SEED_PUZZLE), Layout.classic(9))
    assert [line.rstrip() for line in picture.splitlines()] == SEED_INPUT_PICTURE.splitlines()


def test_four_by_four_scales() -> None:
    values = digits_of("1234341221434321")
    assert render.grid(values, Layout.classic(4)) == (
        "┌──┬──┐\n"
        "│12│34│\n"
        "│34│12│\n"
        "├──┼──┤\n"
        "│21│43│\n"
        "│43│21│\n"
        "└──┴──┘"
    )


def test_six_by_six_boxes_are_two_rows_by_three_columns() -> None:
    lines = render.grid([0] * 36, Layout.classic(6)).splitlines()
    assert lines[0] == "┌───┬───┐"
    assert lines[3] == "├───┼───┤"
    assert lines[6] == "├───┼───┤"
    assert lines[-1] == "└───┴───┘"
    assert len(lines) == 6 + 4
    assert lines[1] == "│   │   │"


def test_sixteen_uses_letters_and_four_by_four_boxes() -> None:
    values = list(range(1, 17)) + [0] * 240
    lines = render.grid(values, Layout.classic(16)).splitlines()
    assert lines[0] == "┌────┬────┬────┬────┐"
    assert lines[1] == "│1234│5678│9ABC│DEFG│"
    assert len(lines) == 16 + 5


def test_jigsaw_walls_follow_the_regions() -> None:
    # four L-ish regions of a 4x4 grid (not the 2x2 boxes)
    names = [
        ["r1c1", "r1c2", "r1c3", "r2c1"],
        ["r1c4", "r2c4", "r3c4", "r2c3"],
        ["r2c2", "r3c1", "r3c2", "r4c1"],
        ["r3c3", "r4c2", "r4c3", "r4c4"],
    ]
    layout = Layout(4, [Regions([[Layout.classic(4).parse_cell(c) for c in r] for r in names])])
    region: dict[int, int] = {}
    for i, cells in enumerate(names):
        for name in cells:
            region[layout.parse_cell(name)] = i
    values = [1, 0, 0, 0] + [0] * 12
    lines = render.grid(values, layout).splitlines()
    assert len(lines) == 9
    assert all(len(line) == 9 for line in lines)
    assert lines[0] == "┌─────┬─┐"
    assert lines[-1] == "└─┴─────┘"
    assert lines[1][1] == "1" and lines[3][3] == "."
    for r in range(4):
        for c in range(3):
            wall = lines[2 * r + 1][2 * c + 2]
            assert (wall == "│") == (region[r * 4 + c] != region[r * 4 + c + 1]), (r, c)
    for r in range(3):
        for c in range(4):
            wall = lines[2 * r + 2][2 * c + 1]
            assert (wall == "─") == (region[r * 4 + c] != region[r * 4 + c + 4]), (r, c)


# A small board: 4x4 with r1c1=1 and r1c2=2. By hand:
#   row 1: 1, 2, {3,4}, {3,4}
#   row 2: box 1 and row 2 hold 1,2 in box 1 -> r2c1, r2c2 = {3,4}; r2c3, r2c4 = {1,2,3,4}
#   row 3: column 1 has 1 -> r3c1 = {2,3,4}; column 2 has 2 -> r3c2 = {1,3,4}; others all
#   row 4: the same as row 3
SMALL = "12.............."


def test_candidates_view() -> None:
    board = parse_puzzle(SMALL).board()
    assert render.candidates(board) == (
        "┌──────────┬────────────┐\n"
        "│ 1    2   │ 34    34   │\n"
        "│ 34   34  │ 1234  1234 │\n"
        "├──────────┼────────────┤\n"
        "│ 234  134 │ 1234  1234 │\n"
        "│ 234  134 │ 1234  1234 │\n"
        "└──────────┴────────────┘"
    )


def test_candidates_view_shows_an_emptied_cell() -> None:
    board = parse_puzzle(SMALL).board()
    board.eliminate(2, 3)
    board.eliminate(2, 4)
    assert "│ 1    2   │ -     34   │" in render.candidates(board).splitlines()


def test_levels_view() -> None:
    board = parse_puzzle(SMALL).board()
    text = render.levels(board)
    lines = text.splitlines()
    assert lines[0] == f"levels: {render.LEVELS_LEGEND}"
    assert lines[1] == ""
    assert lines[2].split() == ["digit", "1", "digit", "2"]
    left = [line[:7] for line in lines[3:10]]
    # digit 1: placed at r1c1; possible at r2c3 r2c4 r3c2 r3c3 r3c4 r4c2 r4c3 r4c4
    assert left == [
        "┌──┬──┐",
        "│1 │  │",
        "│  │..│",
        "├──┼──┤",
        "│ .│..│",
        "│ .│..│",
        "└──┴──┘",
    ]
    right = [line[9:16] for line in lines[3:10]]
    # digit 2: placed at r1c2; possible at r2c3 r2c4 and in rows 3-4 except column 2
    assert right == [
        "┌──┬──┐",
        "│ 2│  │",
        "│  │..│",
        "├──┼──┤",
        "│. │..│",
        "│. │..│",
        "└──┴──┘",
    ]
    # digits 3 and 4 make the second row of grids
    assert lines[10] == ""
    assert lines[11].split() == ["digit", "3", "digit", "4"]
    assert len(lines) == 19


# -- the rules' legend under the game and candidate views ------------------------------------


def test_legend_under_the_grid_and_candidates_only_when_asked() -> None:
    from test_views import VARIANT_4X4, VARIANT_4X4_LEGEND
    from yass.formats import puzzle_from_json

    puzzle = puzzle_from_json(VARIANT_4X4)
    board = puzzle.board()
    plain = render.grid(puzzle.givens, puzzle.layout)
    assert "rules:" not in plain  # `yass solve` prints this picture
    assert render.grid(puzzle.givens, puzzle.layout, legend=True) == "\n".join(
        [plain, *VARIANT_4X4_LEGEND]
    )
    assert render.candidates(board, legend=True) == "\n".join(
        [render.candidates(board), *VARIANT_4X4_LEGEND]
    )


def test_classic_pictures_do_not_change_with_legend() -> None:
    layout = Layout.classic(9)
    assert render.grid(digits_of(SEED_SOLUTION), layout, legend=True) == SEED_SOLUTION_PICTURE
    board = parse_puzzle(SMALL).board()
    assert render.candidates(board, legend=True) == render.candidates(board)


def test_legend_lists_outside_clues_and_arrows_compactly() -> None:
    from conftest import variant_entries
    from yass.formats import puzzle_from_json
    from yass.render.views import rules_legend

    seen = set()
    for entry in variant_entries(multi_cell=True):
        text = rules_legend(puzzle_from_json(entry).layout)
        assert max(len(line) for line in text.splitlines()) <= 78
        # a long item goes on, indented, after a comma or a space: join it back
        text = re.sub(r"\n {6}", " ", re.sub(r",\n {6}", ",", text))
        n = int(entry["size"])
        for rule in entry["constraints"]:
            kind = rule["type"]
            if kind in ("sandwich", "xsum", "skyscraper", "little_killer"):
                cells = [tuple(map(int, re.findall(r"\d+", c))) for c in rule["cells"]]
                if "clue" in rule:
                    r, c = map(int, re.findall(r"\d+", rule["clue"]))
                else:  # the cell before the diagonal's first cell
                    (r1, c1), (r2, c2) = cells[:2]
                    r, c = 2 * r1 - r2, 2 * c1 - c2
                if r in (0, n + 1) and c in (0, n + 1):
                    where = (f"at the {'top' if r == 0 else 'bottom'}-"
                             f"{'left' if c == 0 else 'right'} corner")
                else:
                    where = (f"above c{c}" if r == 0 else f"below c{c}" if r == n + 1
                             else f"left of r{r}" if c == 0 else f"right of r{r}")
                value = rule["value"] if kind == "skyscraper" else rule["sum"]
                assert f"{value} {where}" in text, (entry["name"], rule)
                seen.add(kind)
            elif kind == "arrow":
                circle = ",".join(rule["circle"])
                if len(rule["circle"]) > 1:
                    circle = f"[{circle}]"
                assert f"    {circle} <- {','.join(rule['line'])}\n" in text + "\n"
                seen.add(kind)
            elif kind in ("thermo", "slow_thermo"):
                sign = " < " if kind == "thermo" else " <= "
                cells = rule["cells"]
                assert "    " + sign.join([f"{cells[0]} (bulb)", *cells[1:]]) in text
                seen.add(kind)
    assert seen == {"sandwich", "xsum", "skyscraper", "little_killer", "arrow", "thermo",
                    "slow_thermo"}
