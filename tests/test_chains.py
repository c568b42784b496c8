"""Chains: the link graph, notation, JSON, and no chain step contradicting the solution."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import puzzle_lines, variant_entries
from yass.constraints import REGISTRY, constraint_from_json, rules_from_names
from yass.core.board import Board, Puzzle
from yass.core.geometry import Grid, LayoutError, box_shape, char_digit
from yass.core.layout import Layout
from yass.core.step import Step
from yass.engine.search import solve as search_solve
from yass.logic.solver import apply_step, next_step
from yass.logic.techniques import get_techniques
from yass.logic.techniques.chains import MAX_LINKS, length_extra
from yass.logic.techniques.links import link_graph

CHAINS = get_techniques("xc,xyc,aic,gaic")


def _board(line: str, setup: str = "", rules: str = "") -> Board:
    """A classic (or ``rules``) board from a givens line and ``r1c1:57`` restrictions."""
    size = 9
    grid = Grid(size, 3, 3)
    lay = Layout(size, rules_from_names(rules, grid)) if rules else Layout.classic(size)
    givens = (0,) * 81 if line == "empty9" else tuple(max(0, char_digit(ch)) for ch in line)
    board = Puzzle(lay, givens).board()
    for token in setup.split():
        cell_text, keep = token.split(":")
        cell = lay.parse_cell(cell_text)
        for d in range(1, size + 1):
            if str(d) not in keep:
                board.eliminate(cell, d)
    return board


def _steps(code: str, board: Board) -> list[Step]:
    (tech,) = get_techniques(code)
    return list(tech.find(board))


# -- the link graph -----------------------------------------------------------------------


def test_links_from_houses_cells_and_rules() -> None:
    board = _board("empty9", "r1c1:12 r1c5:12")
    graph = link_graph(board)
    a1, a2 = graph.node(0, 1), graph.node(0, 2)
    assert graph.strong[a1] == 1 << a2  # bivalue cell; no conjugate pair on an empty grid
    assert graph.weak[a1] >> a2 & 1  # two candidates of one cell
    assert graph.weak[a1] >> graph.node(4, 1) & 1  # same digit, same row
    assert not graph.weak[a1] >> graph.node(4, 2) & 1
    assert not graph.weak[a1] >> graph.node(80, 1) & 1  # r9c9 does not see r1c1
    knight = _board("empty9", rules="antiknight")
    kg = link_graph(knight)
    assert kg.weak[kg.node(0, 1)] >> kg.node(10 + 1, 1) & 1  # r1c1 - r2c3: a knight's move
    relation = _board("empty9", rules="nonconsecutive")
    rg = link_graph(relation)
    r1c1_5 = rg.node(0, 5)
    assert rg.weak[r1c1_5] >> rg.node(1, 4) & 1  # r1c2=4 is next to 5
    assert rg.weak[r1c1_5] >> rg.node(1, 6) & 1
    assert not rg.weak[r1c1_5] >> rg.node(1, 7) & 1
    assert rg.weak[r1c1_5] >> rg.node(1, 5) & 1  # same row


def test_group_nodes_and_their_strong_links() -> None:
    # 1 in row 1 only in r1c1, r1c2 (box 1) and r1c7: the group r1c12 is strongly linked
    # to r1c7, and weakly to r2c1 (which sees both cells of the group).
    board = _board("empty9", "r1c3:2345 r1c4:2345 r1c5:2345 r1c6:2345 r1c8:2345 r1c9:2345")
    graph = link_graph(board, grouped=True)
    group = next(
        i for i in range(graph.ncands, len(graph)) if graph.cells(i) == 0b11 and graph.digit(i) == 1
    )
    assert graph.kind(group) == "group"
    assert graph.strong[group] >> graph.node(6, 1) & 1
    assert graph.weak[group] >> graph.node(9, 1) & 1  # r2c1
    assert graph.weak[group] >> graph.node(11, 1) & 1  # r2c3 too (box 1)
    assert not graph.weak[group] >> graph.node(15, 1) & 1  # r2c7 sees neither


def test_length_increments() -> None:
    assert [length_extra(n) for n in (3, 4, 5, 6, 7, 8, 9, 12, 13, 16, 17)] == [
        0, 0, 0.1, 0.1, 0.2, 0.2, 0.3, 0.3, 0.4, 0.4, 0.5,
    ]


# -- notation, explanation and JSON ---------------------------------------------------------

XC = (
    "2...15.6.53.964.72...8...593...7...6......21.4....1...92..........59.7..8.5..3...",
    "r3c2:146 r6c3:2689 r6c9:378 r7c7:34568 r9c7:469",
)
XYC = (
    "598613...126...9833...2.16561..9....8.23.1.967.926..149...8.25.4817526392...3....",
    "r3c4:89 r3c6:89 r4c6:457 r4c7:37 r9c4:19 r9c6:69 r9c9:18",
)
AIC = (
    "7289..3...3.2.1...51..3.....4.....2636..8.......1...93.9.6....4.8..7.5...........",
    "r2c7:467 r2c9:578 r3c3:46 r3c4:78 r3c6:78 r3c7:29 r3c8:46 r3c9:29 r4c3:179 r4c7:78"
    " r5c3:29 r5c4:47 r5c6:29 r6c5:246 r6c6:2467 r7c7:127 r9c3:123457 r9c7:12679",
)
PLACE = (
    ".......71.2.8.1....1.5.3...7.916.......2..81.1.2.......31..25..6...1..4.2.....1..",
    "r1c2:459 r1c3:3458 r1c7:2349 r2c1:349 r2c3:67 r3c1:49 r3c3:67 r5c3:345 r5c5:459"
    " r5c9:45679 r6c4:349 r6c5:34589 r6c7:4679 r6c8:569 r6c9:45679 r7c5:489 r8c2:579"
    " r8c3:58 r8c6:589 r9c2:4579 r9c3:458 r9c5:34589 r9c6:45689",
)
GROUPED = (
    "7.8...3.....2.1...5.........4.....263...8.......1...93.9.6....4....7.5...........",
    "r2c7:4679 r3c4:78 r3c6:78 r3c7:12469 r3c8:146 r3c9:129 r4c5:59 r5c2:1267 r5c3:12679"
    " r5c4:479 r5c6:24679 r7c5:125 r7c7:127 r9c5:12459 r9c7:12679",
)


def test_notation_lines() -> None:
    (first, *_) = _steps("xc", _board(*XC))
    assert first.notation == (
        "X-Chain: 7 r5c1 =7= r3c1 -7- r3c6 =7= r7c6 -7- r7c3 =7= r9c2 => r5c2,r6c2<>7"
    )
    assert first.explanation == (
        "either r5c1 is 7 or r9c2 is 7 (the chain r5c1 =7= r3c1 -7- r3c6 =7= r7c6 -7- r7c3"
        " =7= r9c2); r5c2 and r6c2 see both, so they can't be 7"
    )
    (first, *_) = _steps("xyc", _board(*XYC))
    assert first.notation == (
        "XY-Chain: 3 3- r6c2 -5- r6c6 -8- r3c6 -9- r9c6 -6- r7c6 -4- r7c4 -1- r7c9 -7- r7c3 -3"
        " => r4c3,r7c2<>3"
    )
    notations = [s.notation for s in _steps("aic", _board(*AIC))]
    assert notations == [
        "Discontinuous Nice Loop: 7 r4c6 =3= r4c4 -3- r8c4 -4- r5c4 -7- r4c6 => r4c6<>7",
        "AIC: 2 2- r5c6 -9- r4c5 =9= r9c5 =1= r7c5 -1- r7c1 -2 => r7c6<>2",
    ]
    place = _steps("aic", _board(*PLACE))
    loop = next(s for s in place if s.placements)
    assert loop.notation == (
        "Discontinuous Nice Loop: 3 r5c3 =3= r5c1 =5= r1c1 =8= r1c3 =3= r5c3 => r5c3=3"
    )
    assert loop.name == "Discontinuous Nice Loop"
    grouped = _steps("gaic", _board(*GROUPED))
    assert grouped[0].notation.startswith("Grouped AIC: ")
    assert any("ALS:" in s.notation for s in grouped)
    relation = _steps("aic", _board("empty9", "r1c1:37 r1c2:26 r5c2:23", "nonconsecutive"))
    assert "Continuous Nice Loop: 2/3/6/7 r1c2 -6/7- r1c1 -3/2- r1c2 =>" in [
        s.notation.split(" r1c3")[0] for s in relation
    ]


def test_step_fields_and_json() -> None:
    for code, case in (("xc", XC), ("xyc", XYC), ("aic", AIC), ("aic", PLACE), ("gaic", GROUPED)):
        board = _board(*case)
        steps = _steps(code, board)
        assert steps
        for step in steps:
            assert step.technique == code
            assert step.chain and step.explanation and step.notation
            for before, after in zip(step.chain, step.chain[1:], strict=False):
                assert before.b == after.a
            if not step.name or step.name.endswith("AIC"):
                assert step.chain[0].strong and step.chain[-1].strong
            base = get_techniques(code)[0].difficulty
            assert step.difficulty is not None and step.difficulty >= base
            data = step.to_json(board.layout)
            assert data["technique"] == code
            assert data["notation"] == step.notation
            links = data["pattern"]["chain"]
            assert {link["type"] for link in links} <= {"strong", "weak"}
            assert all(link["from"]["kind"] in ("cell", "group", "als") for link in links)
            if code == "gaic":
                kinds = {n.kind for link in step.chain for n in (link.a, link.b)}
                assert kinds & {"group", "als"}


def test_no_step_is_yielded_twice() -> None:
    for code, case in (("aic", AIC), ("gaic", GROUPED)):
        seen = set()
        for step in _steps(code, _board(*case)):
            key = (step.placements, step.eliminations)
            assert key not in seen
            seen.add(key)


def test_chain_length_is_capped() -> None:
    for step in _steps("gaic", _board(*GROUPED)):
        assert len(step.chain) <= MAX_LINKS + 1


# -- soundness ------------------------------------------------------------------------------


def _check(puzzle: Puzzle, solution: list[int] | tuple[int, ...], limit: int) -> int:
    """Walk the solve path; at up to ``limit`` states check every chain step."""
    board = puzzle.board()
    seen = 0
    ladder = [t for t in get_techniques("-fc,-fn,-sp") if not t.needs_unique]
    while not board.is_solved() and limit > 0:
        step = next_step(board, ladder)
        if step is None or step.technique in {"xc", "xyc", "aic", "gaic"}:
            limit -= 1
            for tech in CHAINS:
                for found in tech.find(board):
                    seen += 1
                    for cell, d in found.placements:
                        assert solution[cell] == d, found.notation
                    for cell, d in found.eliminations:
                        assert solution[cell] != d, found.notation
        if step is None:
            cell = next(c for c in range(len(solution)) if not board.values[c])
            board.place(cell, solution[cell])
            continue
        assert apply_step(board, step) is None
    return seen


@pytest.mark.parametrize(("name", "count"), [("magictour_top1465_sample.txt", 2)])
def test_chain_steps_never_contradict_the_solution(name: str, count: int) -> None:
    total = 0
    for line in puzzle_lines(name, count):
        puzzle = Puzzle(Layout.classic(9), tuple(max(0, char_digit(ch)) for ch in line))
        solution = search_solve(puzzle)
        assert solution is not None
        total += _check(puzzle, solution, limit=6)
    assert total > 0


def _variant(entry: dict[str, Any]) -> tuple[Puzzle, list[int]]:
    size = entry["size"]
    grid = Grid(size, *(box_shape(size) or (0, 0)))
    try:
        rules = [constraint_from_json(c, grid) for c in entry["constraints"]]
    except LayoutError as exc:
        pytest.skip(f"the constraints module does not load this entry: {exc}")
    givens = tuple(max(0, char_digit(ch)) for ch in entry["givens"])
    return Puzzle(Layout(size, rules), givens), [char_digit(ch) for ch in entry["solution"]]


SUPPORTED = [e for e in variant_entries() if all(c["type"] in REGISTRY for c in e["constraints"])]


def test_chain_steps_on_variants_never_contradict_the_solution() -> None:
    total = 0
    for entry in SUPPORTED:
        puzzle, solution = _variant(entry)
        total += _check(puzzle, solution, limit=2)
    assert total > 0
