"""The ALS searches in C: ALS Chain's levels and the sets' RCCs (``_alswalk``): the same
chains and pairs, in the same order, as the code on Python integers (the grouped link
graph's ALS nodes in C are tested in test_chainwalk.py)."""

from __future__ import annotations

import pickle
from types import ModuleType
from typing import Any

import pytest

from conftest import interpreted, puzzle_lines
from yass.core.board import Board
from yass.formats import parse_puzzle
from yass.logic.solver import apply_step, next_step
from yass.logic.techniques import _alswalk, als, get_techniques, links


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
        m.setattr(als, "_WALK", walk)
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
    data = als.almost_locked_sets(board)
    size = board.layout.size
    starts = [(i, z) for i, a in enumerate(data.alss) for z in range(size) if a.potential >> z & 1]
    start_of = {i * size + z: k for k, (i, z) in enumerate(starts)}
    monkeypatch.setattr(als, "_WALK", _alswalk)
    assert isinstance(als._levels(data, starts, start_of, size, 81), als._WordLevels)
    monkeypatch.setattr(als, "_WORDS_MOST", 10)
    assert isinstance(als._levels(data, starts, start_of, size, 81), als._DictLevels)


def _pairs(boards: list[Board], walk: Any, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    with monkeypatch.context() as m:
        m.setattr(als, "_WALK", walk)
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
        m.setattr(als, "_WALK", walk)
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
