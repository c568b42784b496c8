"""Wings and remote pairs: notation, JSON, and a soundness sweep on classic and variant puzzles."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest

from conftest import puzzle_lines, variant_entries, variant_puzzle
from test_techniques import advance
from yass.constraints import REGISTRY, AntiKnight
from yass.core.board import Board, Puzzle
from yass.core.geometry import char_digit
from yass.core.layout import Layout
from yass.core.step import Link, Step
from yass.engine.search import solve as search_solve
from yass.logic.solver import next_step
from yass.logic.techniques import TABLE, TECHNIQUES, Technique, get_techniques
from yass.logic.techniques.wings import RemotePair, WWing, XYWing, XYZWing

CODES = ("xy", "xyz", "ww", "rp")
MINE: list[Technique] = [get_techniques(code)[0] for code in CODES]


def _board(restrictions: str, layout: Layout | None = None) -> Board:
    """An empty grid with ``r1c1:12`` (keep) and ``r2c3<>5`` (remove) tokens applied."""
    lay = layout or Layout.classic(9)
    board = Puzzle(lay, (0,) * lay.ncells).board()
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


# -- notation and roles -------------------------------------------------------------------


def test_xy_wing_notation_and_roles() -> None:
    step = _only(XYWing(), _board("r1c1:12 r1c5:13 r4c1:23"))
    assert step.notation == "XY-Wing: 1/2/3 in r1c1,r1c5,r4c1 => r4c5<>3"
    assert step.eliminations == ((31, 3),)
    assert step.cells == (0, 4, 27)
    assert step.digits == (1, 2, 3)
    assert (0, 1) in step.candidates and (27, 3) in step.candidates
    assert "XY-Wing" in step.explanation and step.explanation.endswith("can't be 3")


def test_xyz_wing_notation() -> None:
    step = _only(XYZWing(), _board("r1c1:123 r1c5:13 r2c2:23"))
    assert step.notation == "XYZ-Wing: 1/2/3 in r1c1,r1c5,r2c2 => r1c2,r1c3<>3"
    assert step.digits == (1, 2, 3)


_NO_5_IN_COLUMN_9 = " ".join(f"r{r}c9<>5" for r in (1, 2, 4, 5, 6, 7, 8))


def test_w_wing_notation_and_chain() -> None:
    board = _board("r3c1:15 r9c5:15 " + _NO_5_IN_COLUMN_9)
    step = _only(WWing(), board)
    assert step.notation == "W-Wing: 1/5 in r3c1,r9c5 connected by 5 in r3c9,r9c9 => r3c5,r9c1<>1"
    assert [link.strong for link in step.chain] == [True, False, True, False, True]
    first, last = step.chain[0], step.chain[-1]
    assert (first.a.cells, first.a.digit) == ((18,), 1)
    assert (last.b.cells, last.b.digit) == ((76,), 1)
    assert step.chain[2].a.cells == (26,) and step.chain[2].b.cells == (80,)
    assert step.houses and board.layout.houses[step.houses[0]].kind == "column"


def test_remote_pair_notation_and_chain() -> None:
    step = _only(RemotePair(), _board("r1c1:28 r1c5:28 r4c5:28 r4c9:28"))
    assert step.notation == "Remote Pair: 2/8 r1c1 -2- r1c5 -8- r4c5 -2- r4c9 => r1c9,r4c1<>2,8"
    assert step.cells == (0, 4, 31, 35)
    weak = [link for link in step.chain if not link.strong]
    assert [link.a.digit for link in weak] == [2, 8, 2]
    assert all(isinstance(link, Link) for link in step.chain)


def test_remote_pair_needs_four_cells_and_links_on_a_cycle() -> None:
    assert not list(RemotePair().find(_board("r1c1:28 r1c5:28 r4c5:28")))
    # A 4-cycle r1c1-r1c5-r4c5-r4c1: two cells that see each other are also three links
    # apart the other way round the cycle, so rows 1 and 4 and columns 1 and 5 lose 2 and 8.
    steps = list(RemotePair().find(_board("r1c1:28 r1c5:28 r4c5:28 r4c1:28")))
    assert steps and all(len(s.cells) == 4 for s in steps)
    lines = {c for c in range(81) if c // 9 in (0, 3) or c % 9 in (0, 4)} - {0, 4, 27, 31}
    assert {c for s in steps for c, _ in s.eliminations} == lines
    assert {d for s in steps for _, d in s.eliminations} == {2, 8}


def test_w_wing_cells_must_not_see_each_other() -> None:
    # r3c1 and r3c5 see each other (row 3): that is a naked pair, not a W-Wing.
    board = _board("r3c1:15 r3c5:15 " + _NO_5_IN_COLUMN_9)
    assert not list(WWing().find(board))


def test_xy_wing_uses_the_sees_relation_of_the_layout() -> None:
    layout = Layout(9, [AntiKnight()])
    step = _only(XYWing(), _board("r5c5:12 r5c1:13 r3c4:23", layout))
    names = [layout.name(c) for c, _ in step.eliminations]
    assert names == ["r3c1", "r3c2", "r4c2", "r5c3", "r5c4"]
    assert not list(XYWing().find(_board("r5c5:12 r5c1:13 r3c4:23")))


def test_json_of_each_technique() -> None:
    boards = {
        "xy": _board("r1c1:12 r1c5:13 r4c1:23"),
        "xyz": _board("r1c1:123 r1c5:13 r2c2:23"),
        "ww": _board("r3c1:15 r9c5:15 " + _NO_5_IN_COLUMN_9),
        "rp": _board("r1c1:28 r1c5:28 r4c5:28 r4c9:28"),
    }
    for tech in MINE:
        board = boards[tech.code]
        step = _only(tech, board)
        data = step.to_json(board.layout)
        assert data["technique"] == tech.code
        assert data["name"] == TABLE[tech.code].name
        assert data["notation"] == step.notation
        assert data["notation"].startswith(TABLE[tech.code].name + ":")
        assert data["text"] == step.explanation
        assert data["eliminations"] and not data["placements"]
        assert data["pattern"]["cells"] and data["pattern"]["digits"]
        if tech.code in ("ww", "rp"):
            chain = data["pattern"]["chain"]
            assert chain[0]["type"] == "strong"
            assert {link["type"] for link in chain} == {"strong", "weak"}


def test_find_does_not_change_the_board() -> None:
    board = _board("r1c1:28 r1c5:28 r4c5:28 r4c9:28 r2c2:12 r2c7:13 r5c2:23")
    before = board.cands[:]
    for tech in MINE:
        list(tech.find(board))
    assert board.cands == before


# -- soundness ----------------------------------------------------------------------------------

#: The walk uses the ladder up to the uniqueness techniques (cheap), then places the true
#: digit of the first open cell when it is stuck: every state on the way is a real one.
WALK: list[Technique] = [t for t in TECHNIQUES if TABLE[t.code].order <= TABLE["ar"].order]


def _states(puzzle: Puzzle, solution: Sequence[int]) -> Iterator[Board]:
    board = puzzle.board()
    while not board.is_solved():
        yield board
        advance(board, next_step(board, WALK), solution)


def sweep(
    puzzle: Puzzle, solution: Sequence[int], techniques: Sequence[Technique]
) -> dict[str, int]:
    """Check every step of ``techniques`` at every state of the walk; steps seen by code."""
    seen: dict[str, int] = {}
    for board in _states(puzzle, solution):
        for tech in techniques:
            for step in tech.find(board):
                seen[tech.code] = seen.get(tech.code, 0) + 1
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
    [("norvig_top95.txt", 8), ("magictour_top1465_sample.txt", 8), ("norvig_hardest11.txt", 4)],
)
def test_no_wing_step_contradicts_the_solution(name: str, count: int) -> None:
    fired: dict[str, int] = {}
    for line in puzzle_lines(name, count):
        puzzle = _classic(line)
        solution = search_solve(puzzle)
        assert solution is not None
        for code, n in sweep(puzzle, solution, MINE).items():
            fired[code] = fired.get(code, 0) + n
    assert set(fired) == set(CODES), fired


SUPPORTED = [e for e in variant_entries() if all(c["type"] in REGISTRY for c in e["constraints"])]


def test_no_wing_step_contradicts_the_solution_on_variants() -> None:
    fired: dict[str, int] = {}
    for entry in SUPPORTED:
        puzzle = variant_puzzle(entry)
        solution = [char_digit(ch) for ch in entry["solution"]]
        for code, n in sweep(puzzle, solution, MINE).items():
            fired[code] = fired.get(code, 0) + n
    assert set(fired) == set(CODES), fired
