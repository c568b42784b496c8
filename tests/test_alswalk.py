"""The ALS searches in C: ALS Chain's levels and the sets' RCCs (``_alswalk``): the same
chains and pairs, in the same order, as the code on Python integers (the grouped link
graph's ALS nodes in C are tested in test_chainwalk.py)."""

from __future__ import annotations

import pickle
import random
from types import ModuleType
from typing import Any

import pytest

from conftest import interpreted, puzzle_lines, variant_entries, variant_puzzle
from yass.core.board import Board, Puzzle
from yass.core.geometry import LayoutError
from yass.engine import fast
from yass.formats import parse_puzzle
from yass.formats.text import make_layout
from yass.logic.solver import apply_step, next_step
from yass.logic.techniques import _alswalk, als, als_sets, get_techniques, links
from yass.logic.techniques.base import Technique


def _boards(count: int) -> list[Board]:
    """Hard puzzles after their singles: many sets, and chains between them."""
    singles = get_techniques("fh,ns,hs")
    out = []
    for line in puzzle_lines("magictour_top1465_sample.txt")[::5][:count]:
        board = parse_puzzle(line).board()
        step = next_step(board, singles)
        while step is not None:
            apply_step(board, step)
            step = next_step(board, singles)
        out.append(board)
    return out


def _chains(boards: list[Board], walk: Any, monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    with monkeypatch.context() as m:
        m.setattr(als_sets, "_WALK", walk)
        tech = als.AlsChain()
        return [[f"{s.notation} | {s.explanation}" for s in tech.find(b)] for b in boards]


def _interpreted() -> ModuleType:
    return interpreted(_alswalk, "yass_alswalk_interpreted")


@pytest.mark.skipif(
    not _alswalk.is_compiled(), reason="yass.logic.techniques._alswalk is not built"
)
def test_compiled_search_finds_the_same_chains(monkeypatch: pytest.MonkeyPatch) -> None:
    boards = _boards(6)
    want = _chains(boards, None, monkeypatch)
    assert sum(map(len, want)) >= 20  # the boards do hold ALS chains
    assert _chains(boards, _alswalk, monkeypatch) == want


def test_interpreted_source_finds_the_same_chains(monkeypatch: pytest.MonkeyPatch) -> None:
    """The module's source, run by Python on memoryviews (slow, so one board)."""
    boards = _boards(1)
    want = _chains(boards, None, monkeypatch)
    assert want[0]
    assert _chains(boards, _interpreted(), monkeypatch) == want


def test_levels_too_large_for_words_fall_back_to_dicts(monkeypatch: pytest.MonkeyPatch) -> None:
    board = _boards(1)[0]
    monkeypatch.setattr(als_sets, "_WALK", _alswalk)
    data = als.AlsData(board)
    assert isinstance(als._levels(data, 9, 81), als._WordLevels)
    monkeypatch.setattr(als, "_WORDS_MOST", 10)
    assert isinstance(als._levels(data, 9, 81), als._DictLevels)


def _steps(
    boards: list[Board], walk: Any, monkeypatch: pytest.MonkeyPatch, overlap: bool = False
) -> list[list[str]]:
    """Every step of ALS-XZ, ALS-XY-Wing, ALS Chain and Death Blossom on each board."""
    with monkeypatch.context() as m:
        m.setattr(als_sets, "_WALK", walk)
        out = []
        for board in boards:
            wing, chain, blossom = als.AlsXYWing(), als.AlsChain(), als.DeathBlossom()
            wing.allow_overlap = chain.allow_overlap = blossom.allow_overlap = overlap
            for tech in (als.AlsXZ(), wing, chain, blossom):
                out.append([f"{s.notation} | {s.explanation}" for s in tech.find(board)])
        return out


@pytest.mark.skipif(
    not _alswalk.is_compiled(), reason="yass.logic.techniques._alswalk is not built"
)
@pytest.mark.parametrize("overlap", [False, True])
def test_compiled_techniques_find_the_same_steps(
    monkeypatch: pytest.MonkeyPatch, overlap: bool
) -> None:
    """The sets as words and the wings and blossoms searched in C (``_alswalk.collect``,
    ``fields``, ``rcc``, ``adjacency``, ``wings``, ``blossoms``, ``chain_setup``): the
    same steps, in the same order, as on Python integers."""
    boards = _boards(8)
    want = _steps(boards, None, monkeypatch, overlap)
    assert all(sum(map(len, want[k::4])) >= 5 for k in range(4))  # each technique fires
    assert _steps(boards, _alswalk, monkeypatch, overlap) == want


def _settled(board: Board, techniques: list[Technique]) -> Board:
    step = next_step(board, techniques)
    while step is not None:
        apply_step(board, step)
        step = next_step(board, techniques)
    return board


def _other_layouts() -> list[Board]:
    """Boards of other shapes: a 16x16 (four words a cell set, 16 digits, sets of up to
    four cells) half given, and variant layouts (6x6 and 7x7, jigsaw, diagonal,
    anti-knight, extra regions) after the basic techniques."""
    basic = get_techniques("fh,ns,hs,lp,lt,np,hp")
    layout = make_layout(16)
    solution = fast.solve(Puzzle(layout, (0,) * 256))
    assert solution is not None
    rng = random.Random(3)
    givens = tuple(v if rng.random() < 0.5 else 0 for v in solution)
    boards = [_settled(Puzzle(layout, givens).board(), basic)]
    names = ("check_diagonal_9x9", "check_anti_knight_9x9", "Irregular 7x7", "Jigsaw boxes",
             "check_anti_king_6x6", "check_extra_regions_6x6")
    for entry in variant_entries():
        if entry["name"].startswith(names):
            try:
                puzzle = variant_puzzle(entry)
            except LayoutError:  # an entry this build does not load
                continue
            boards.append(_settled(puzzle.board(), basic))
    return boards


@pytest.mark.skipif(
    not _alswalk.is_compiled(), reason="yass.logic.techniques._alswalk is not built"
)
@pytest.mark.parametrize("overlap", [False, True])
def test_compiled_techniques_on_other_layouts(
    monkeypatch: pytest.MonkeyPatch, overlap: bool
) -> None:
    boards = _other_layouts()
    assert len(boards) >= 5
    want = _steps(boards, None, monkeypatch, overlap)
    assert sum(map(len, want)) >= 20
    assert sum(map(len, want[:4])) >= 10  # the 16x16 board has ALS steps
    assert _steps(boards, _alswalk, monkeypatch, overlap) == want


def test_interpreted_techniques_find_the_same_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    """The module's source, run by Python on memoryviews (slow, so one board)."""
    boards = _boards(1)
    want = _steps(boards, None, monkeypatch)
    assert sum(map(len, want)) >= 4
    assert _steps(boards, _interpreted(), monkeypatch) == want


def test_a_blossom_budget_cut_matches(monkeypatch: pytest.MonkeyPatch) -> None:
    """A small Death Blossom budget stops the compiled search where it stops the Python
    one (the steps found before it ran out are kept)."""
    boards = _boards(6)
    monkeypatch.setattr(als, "_BLOSSOM_BUDGET", 40)

    def blossoms(walk: Any) -> list[list[str]]:
        with monkeypatch.context() as m:
            m.setattr(als_sets, "_WALK", walk)
            return [[s.notation for s in als.DeathBlossom().find(b)] for b in boards]

    want = blossoms(None)
    assert any(want)
    assert blossoms(_alswalk) == want
    assert blossoms(_interpreted())[:1] == want[:1]


def _pairs(boards: list[Board], walk: Any, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    with monkeypatch.context() as m:
        m.setattr(als_sets, "_WALK", walk)
        return [als.AlsData(b, overlap).pairs for b in boards for overlap in (False, True)]


@pytest.mark.skipif(
    not _alswalk.is_compiled(), reason="yass.logic.techniques._alswalk is not built"
)
def test_compiled_rcc_search_links_the_same_sets(monkeypatch: pytest.MonkeyPatch) -> None:
    boards = _boards(4)
    want = _pairs(boards, None, monkeypatch)
    assert all(want) and want[1] != want[0]  # overlap links more sets
    assert _pairs(boards, _alswalk, monkeypatch) == want


def test_interpreted_rcc_search_links_the_same_sets(monkeypatch: pytest.MonkeyPatch) -> None:
    boards = _boards(1)
    assert _pairs(boards, _interpreted(), monkeypatch) == _pairs(boards, None, monkeypatch)


def test_a_layout_still_pickles_after_the_compiled_searches() -> None:
    """The word tables kept with a layout (``links.peer_words``) must not stop a layout
    from going to a worker process (``yass generate`` sends puzzles back that way)."""
    board = _boards(1)[0]
    als.AlsData(board)
    links.link_graph(board, grouped=True, als=True)
    assert "peer_words" in " ".join(board.layout.derived)
    assert pickle.loads(pickle.dumps(board.layout)).peers == board.layout.peers


def _sets(boards: list[Board], walk: Any, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every set's fields (cells, mask, house, where, seen, reach, potential)."""
    with monkeypatch.context() as m:
        m.setattr(als_sets, "_WALK", walk)
        return [
            [(a.cells, a.mask, a.house, a.where, a.seen, a.reach, a.potential)
             for a in als.AlsData(b).alss]
            for b in boards
        ]


@pytest.mark.skipif(
    not _alswalk.is_compiled(), reason="yass.logic.techniques._alswalk is not built"
)
def test_compiled_fields_give_the_same_sets(monkeypatch: pytest.MonkeyPatch) -> None:
    boards = _boards(4)
    want = _sets(boards, None, monkeypatch)
    assert all(len(sets) > 50 for sets in want)
    assert _sets(boards, _alswalk, monkeypatch) == want


def test_interpreted_fields_give_the_same_sets(monkeypatch: pytest.MonkeyPatch) -> None:
    boards = _boards(1)
    assert _sets(boards, _interpreted(), monkeypatch) == _sets(boards, None, monkeypatch)


@pytest.mark.skipif(
    not _alswalk.is_compiled(), reason="yass.logic.techniques._alswalk is not built"
)
def test_the_grouped_graph_takes_the_same_sets_from_the_shared_collection(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``links._als_sets`` read from the ALS techniques' collection (``als_sets.cell_sets``)
    gives the sets it finds on its own: on 9x9 boards, and on the other layouts (there
    from the collection when its sets are large enough, else on its own)."""
    boards = _boards(6) + _other_layouts()
    shared = [links._als_sets(b) for b in boards]
    assert sum(als_sets.cell_sets(b, 2, links.ALS_MAX_CELLS) is not None for b in boards) >= 8
    with monkeypatch.context() as m:
        m.setattr(als_sets, "_WALK", None)
        assert all(als_sets.cell_sets(b, 2, links.ALS_MAX_CELLS) is None for b in boards)
        assert [links._als_sets(b) for b in boards] == shared
    with monkeypatch.context() as m:
        m.setattr(als_sets, "_WALK", _interpreted())
        assert links._als_sets(boards[0]) == shared[0]
    assert all(shared[:6])


def test_a_full_house_with_a_digit_too_many_is_left_to_the_graph(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A full house whose open cells hold one digit more than cells (a placed digit of
    the house still a candidate, which solving never leaves) is no ALS to the
    techniques but one to the graph: the graph then finds its sets on its own."""
    board = _boards(1)[0].copy()
    lay = board.layout
    house = next(h for h in lay.houses if 2 <= sum(not board.values[c] for c in h.cells) <= 5)
    placed = next(c for c in house.cells if board.values[c])
    cell = next(c for c in house.cells if not board.values[c])
    board.cands[cell] |= 1 << (board.values[placed] - 1)
    monkeypatch.setattr(als_sets, "_WALK", _alswalk if _alswalk.is_compiled() else None)
    assert als_sets.cell_sets(board, 2, links.ALS_MAX_CELLS) is None
    got = links._als_sets(board)
    opened = sum(1 << c for c in house.cells if not board.values[c])
    assert opened in got
    monkeypatch.setattr(als_sets, "_WALK", None)
    assert links._als_sets(board) == got
