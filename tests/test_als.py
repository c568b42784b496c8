"""ALS-XZ, ALS-XY-Wing, ALS Chain, Death Blossom and Sue de Coq: notation, JSON, the ALS
collection, and soundness sweeps over classic and variant solve paths."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import combinations, islice
from typing import Any

import pytest

from conftest import DATA, puzzle_lines, variant_entries, variant_puzzle
from yass.constraints import REGISTRY
from yass.core.board import Board, Puzzle
from yass.core.geometry import Grid, LayoutError, char_digit
from yass.core.layout import Layout
from yass.core.step import Step
from yass.engine.search import solve as search_solve
from yass.logic.solver import apply_step, next_step
from yass.logic.techniques import TABLE, TECHNIQUES, Technique, get_techniques
from yass.logic.techniques.als import AlsData, almost_locked_sets, house_pairs, max_als_size

CODES = ("alsxz", "alsxy", "alsc", "db", "sdc")
MINE: list[Technique] = get_techniques(",".join(CODES))
EASIER = [t for t in TECHNIQUES if TABLE[t.code].order < TABLE["sdc"].order]

# -- boards from the regression file -------------------------------------------------------

_TOKEN = re.compile(r"^r(\d)c(\d):(\d+)$")


def _board(puzzle: str, setup: str) -> Board:
    board = Puzzle(Layout.classic(9), tuple(max(0, char_digit(ch)) for ch in puzzle)).board()
    for token in setup.split():
        m = _TOKEN.match(token)
        assert m, token
        cell = (int(m[1]) - 1) * 9 + int(m[2]) - 1
        keep = {int(ch) for ch in m[3]}
        for d in range(1, 10):
            if d not in keep:
                board.eliminate(cell, d)
    return board


def _cases() -> list[tuple[str, str, str, str]]:
    out = []
    for raw in (DATA / "techniques" / "als.txt").read_text().splitlines():
        if raw.strip() and not raw.startswith("#"):
            code, rules, puzzle, setup, expected = (f.strip() for f in raw.split("|"))
            if rules == "-":  # the classic cases (test_techniques.py runs them all)
                out.append((code, puzzle, setup, expected))
    return out


CASES = _cases()


def _case(code: str, n: int) -> Board:
    """The board of the ``n``-th classic case of ``code`` in als.txt (firing and quiet alike)."""
    mine = [c for c in CASES if c[0] == code]
    return _board(mine[n][1], mine[n][2])


def _steps(code: str, board: Board) -> list[Step]:
    (tech,) = get_techniques(code)
    return list(tech.find(board))


# -- notation and words ----------------------------------------------------------------------

NOTATIONS = [
    ("alsxz", 0, "ALS-XZ: A=r4c456 {3579}, B=r5c4789 {14579}, X=9, Z=7 => r5c6<>7"),
    (
        "alsxz", 1,
        "ALS-XZ: A=r7c157 {1257}, B=r2c12357 {345679}, X=5,7 => r1c5,r4c5,r6c5<>5,"
        " r4c7,r5c7,r6c7<>7, r7c3,r7c8<>1, r7c6<>2",
    ),
    (
        "alsxy", 0,
        "ALS-XY-Wing: A=r4c7 {23}, B=r1c24789 {256789}, C=r48c4 {378}, X,Y=3,8, Z=2"
        " => r3c7<>2",
    ),
    (
        "alsc", 0,
        "ALS-Chain: A=r12348c8 {236789} -3- B=r8c24 {389} -8- C=r56c2 {189} -9-"
        " D=r6c1 {89}, Z=8 => r6c8<>8",
    ),
    (
        "db", 1,
        "Death Blossom: r2c7 {67} -6- A=r2c25 {356} -7- B=r7c157 {1257}, Z=5 => r6c5<>5",
    ),
    ("sdc", 0, "Sue de Coq: r56c6 - {2478} (r9c6 - {47}, r6c4 - {28}) => r7c6<>4"),
    (
        "sdc", 1,
        "Sue de Coq: r9c456 - {345689} (r9c7 - {48}, r78c4 - {3569}) => r7c6<>5,6,"
        " r8c6<>3,6, r9c2,r9c3,r9c9<>4,8",
    ),
]


@pytest.mark.parametrize(("code", "n", "line"), NOTATIONS)
def test_notation(code: str, n: int, line: str) -> None:
    assert _steps(code, _case(code, n))[0].notation == line


def test_explanations_name_the_sets_and_the_removals() -> None:
    (xz,) = _steps("alsxz", _case("alsxz", 0))[:1]
    assert xz.explanation.startswith("A (r4c4, r4c5, r4c6; candidates 3, 5, 7, 9) and B (")
    assert "every 9 in A sees every 9 in B" in xz.explanation
    assert xz.explanation.endswith("a 7 is in A or in B, so r5c6 can't be 7")
    chain = _steps("alsc", _case("alsc", 0))[0]
    assert "If A lacked 8 it would hold its 3, B would then lack 3 and hold its 8" in (
        chain.explanation
    )
    blossom = _steps("db", _case("db", 0))[0]
    assert blossom.explanation.startswith("r4c7 is 3, 5 or 9; A (")
    sdc = _steps("sdc", _case("sdc", 0))[0]
    assert "where column 6 meets box 5" in sdc.explanation


# -- JSON and the pattern fields ------------------------------------------------------------------


def test_json_of_an_als_xz() -> None:
    board = _case("alsxz", 0)
    step = _steps("alsxz", board)[0]
    data = step.to_json(board.layout)
    assert data["technique"] == "alsxz"
    assert data["name"] == "ALS-XZ"
    assert data["difficulty"] == TABLE["alsxz"].difficulty
    assert data["eliminations"] == [["r5c6", 7]]
    assert data["pattern"]["als"] == [
        {"cells": ["r4c4", "r4c5", "r4c6"], "digits": [3, 5, 7, 9]},
        {"cells": ["r5c4", "r5c7", "r5c8", "r5c9"], "digits": [1, 4, 5, 7, 9]},
    ]
    assert data["pattern"]["digits"] == [7, 9]
    # The chain reads as an AIC: 7=9 inside A, -9- to B, 9=7 inside B.
    links = data["pattern"]["chain"]
    assert [link["type"] for link in links] == ["strong", "weak", "strong"]
    assert [(link["from"]["digit"], link["to"]["digit"]) for link in links] == [
        (7, 9), (9, 9), (9, 7),
    ]
    assert all(link["from"]["kind"] == "als" for link in links)
    # The 9s and 7s inside the sets (r4c4-6 are cells 30-32; r5c4, r5c7-9 are 39, 42-44).
    assert set(step.candidates) == {
        (30, 7), (30, 9), (31, 9), (32, 7), (32, 9), (39, 7), (39, 9), (42, 7), (43, 7), (44, 7),
    }


def test_json_of_the_other_techniques() -> None:
    for code, n_sets in (("alsxy", 3), ("alsc", 4), ("db", 3), ("sdc", 3)):
        board = _case(code, 0)
        step = _steps(code, board)[0]
        data = step.to_json(board.layout)
        assert data["name"] == TABLE[code].name
        assert data["notation"] == step.notation
        assert len(data["pattern"]["als"]) == n_sets
        assert step.eliminations == tuple(sorted(step.eliminations))
        for cells, mask in step.als:
            assert cells == tuple(sorted(cells))
            assert mask
    chain = _steps("alsc", _case("alsc", 0))[0]
    assert chain.difficulty == TABLE["alsc"].difficulty  # four sets: the table's value
    assert len(chain.chain) == 2 * 4 - 1


# -- the collection ----------------------------------------------------------------------------


def _brute_alss(board: Board) -> set[tuple[int, int]]:
    """Every ALS by definition: N open cells of one house with N+1 candidates."""
    lay = board.layout
    out = set()
    for house in lay.houses:
        cells = [c for c in house.cells if not board.values[c]]
        for n in range(1, min(max_als_size(lay.size), len(cells)) + 1):
            for combo in combinations(cells, n):
                mask = 0
                for c in combo:
                    mask |= board.cands[c]
                if mask.bit_count() == n + 1:
                    out.add((sum(1 << c for c in combo), mask))
    return out


def test_collection_matches_the_definition() -> None:
    board = _case("alsc", 0)
    data = almost_locked_sets(board)
    found = {(a.cells, a.mask) for a in data.alss}
    assert len(found) == len(data.alss), "each cell set once"
    assert found == _brute_alss(board)
    sizes = [a.size for a in data.alss]
    assert sizes == sorted(sizes)
    assert almost_locked_sets(board) is data, "built once per board state"


def test_rccs_match_the_definition() -> None:
    board = _case("alsxy", 0)
    data = AlsData(board)
    peers = board.layout.peers
    want = {}
    for i, a in enumerate(data.alss):
        for j in range(i + 1, len(data.alss)):
            b = data.alss[j]
            if a.cells & b.cells:
                continue
            rcc = 0
            for d in range(9):
                xa, xb = a.where[d], b.where[d]
                if xa and xb and all(
                    peers[p] >> q & 1 for p in range(81) if xa >> p & 1
                    for q in range(81) if xb >> q & 1
                ):
                    rcc |= 1 << d
            if rcc:
                want[(i, j)] = rcc
    assert {(i, j): r for i, j, r in data.pairs} == want
    for i, links in enumerate(data.links):
        for j, r in links:
            assert (min(i, j), max(i, j)) in want and want[(min(i, j), max(i, j))] == r


def test_a_bivalue_cell_is_an_als_found_once() -> None:
    board = _board("." * 81, "r1c1:12 r1c2:23")
    data = almost_locked_sets(board)
    small = {(a.cells, a.mask) for a in data.alss if a.size <= 2}
    # r1c1 alone and r1c2 alone; together (in row 1 and in box 1: once) {1,2,3}.
    assert small == {(1, 0b11), (2, 0b110), (3, 0b111)}
    # The two cells share 2, but not as a restricted common: they hold 2 at most once anyway
    # and overlap nothing, so 2 is an RCC of r1c1 and r1c2 (they see each other).
    assert (0, 1, 0b10) in data.pairs


def test_house_pairs_follow_the_layout() -> None:
    classic = house_pairs(Layout.classic(9))
    assert len(classic) == 54  # each box with its three rows and three columns
    grid = Grid(9, 3, 3)
    from yass.constraints import rules_from_names

    diagonal = house_pairs(Layout(9, rules_from_names("diagonal", grid)))
    assert len(diagonal) == 54 + 6  # each diagonal crosses three boxes in three cells
    assert max_als_size(9) == 8 and max_als_size(16) == 4


def test_quiet_on_an_empty_grid() -> None:
    board = Puzzle(Layout.classic(9), (0,) * 81).board()
    for tech in MINE:
        assert list(tech.find(board)) == []


# -- soundness: no step removes a true digit -------------------------------------------------------


def _walk(
    puzzle: Puzzle, solution: list[int] | tuple[int, ...], most: int
) -> Iterator[tuple[str, Step]]:
    """The first ``most`` steps of each of the five techniques at every state of a solve path
    (the sweep outside the suite checks every step of the default ladder's path). The path
    uses the ladder below Sue de Coq and, where that is stuck, places a true digit."""
    board = puzzle.board()
    while not board.is_solved():
        for tech in MINE:
            for step in islice(tech.find(board), most):
                yield tech.code, step
        hint = next_step(board, EASIER)
        if hint is None:
            cell = min(
                (c for c in range(len(solution)) if not board.values[c]),
                key=lambda c: board.cands[c].bit_count(),
            )
            board.place(cell, solution[cell])
            continue
        assert apply_step(board, hint) is None


def _check(puzzle: Puzzle, solution: list[int] | tuple[int, ...], most: int = 6) -> int:
    n = 0
    for code, step in _walk(puzzle, solution, most):
        n += 1
        assert step.technique == code and step.eliminations and not step.placements
        assert step.notation and step.explanation
        for cell, d in step.eliminations:
            assert solution[cell] != d, f"{puzzle.line()}: {step.notation}"
    return n


CLASSIC = [("magictour_top1465_sample.txt", 3), ("norvig_top95.txt", 3)]


@pytest.mark.parametrize(("name", "count"), CLASSIC)
def test_sound_on_classic_paths(name: str, count: int) -> None:
    for line in puzzle_lines(name, count):
        puzzle = Puzzle(Layout.classic(9), tuple(max(0, char_digit(ch)) for ch in line))
        solution = search_solve(puzzle)
        assert solution is not None
        _check(puzzle, solution)


_IN_SUITE = (
    "check_diagonal_9x9", "check_anti_knight_9x9", "Irregular 7x7", "Jigsaw boxes",
    "check_anti_king_6x6", "check_extra_regions_6x6", "check_diagonal_4x4",
)
VARIANTS = [
    e for e in variant_entries()
    if all(c["type"] in REGISTRY for c in e["constraints"]) and e["name"].startswith(_IN_SUITE)
]


@pytest.mark.parametrize("entry", VARIANTS, ids=[e["name"][:30] for e in VARIANTS])
def test_sound_on_variant_paths(entry: dict[str, Any]) -> None:
    try:
        puzzle = variant_puzzle(entry)
    except LayoutError as exc:
        pytest.skip(f"the constraints module does not load this entry: {exc}")
    solution = [char_digit(ch) for ch in entry["solution"]]
    assert puzzle.layout.check(solution)
    _check(puzzle, solution)


def test_variant_sample_covers_several_layouts() -> None:
    assert len(VARIANTS) >= 5


def test_puzzles_of_one_layout_one_after_the_other() -> None:
    """What is kept per house between steps (its sets, by which cells are open and their
    candidates) lives as long as the layout: two puzzles of one layout (the Miracle
    Sudokus) walked one after the other in one thread keep their solutions."""
    entries = [e for e in variant_entries()
               if e["name"].startswith(("The Miracle Sudoku", "Miracle Sudoku II"))]
    assert len(entries) == 2
    first, second = (variant_puzzle(e) for e in entries)
    assert first.layout == second.layout
    puzzles = [first, Puzzle(first.layout, second.givens)]  # (one layout object, as a cache gives)
    for entry, puzzle in zip(entries, puzzles, strict=True):
        _check(puzzle, [char_digit(ch) for ch in entry["solution"]])
