"""Forcing chains' and nets' forward search in C (``yass.logic.techniques._forcingwalk``)
and the lazy order of their contradictions: the same steps, in the same order, with the
same notation, sentences and links, as the search on Python integers with every key
worked out at once."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

import pytest

from conftest import interpreted, puzzle_lines
from test_forcing import MT1, MT1_A, MT2, MT2_A, MT2_NET, _board
from yass.core.board import Board
from yass.formats import parse_puzzle
from yass.logic.explain import explain
from yass.logic.techniques import _forcingwalk, forcing, get_techniques

BOARDS = ((MT2, MT2_A), (MT2, MT2_NET), (MT1, MT1_A))


def _interpreted() -> ModuleType:
    return interpreted(_forcingwalk, "yass_forcingwalk_interpreted")


@contextmanager
def _walk(module: Any, eager: bool, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    with monkeypatch.context() as m:
        m.setattr(forcing, "_WALK", module)
        if eager:  # every contradiction's key worked out when it is found
            m.setattr(forcing._Search, "_contradiction", forcing._Search._exact_contradiction)
        yield


def _listed(code: str, board: Board) -> list[tuple[Any, ...]]:
    (tech,) = get_techniques(code)
    return [
        (s.notation, s.explanation, s.placements, s.eliminations, s.chain, s.difficulty)
        for s in tech.find(board)
    ]


def _all_steps(module: Any, eager: bool, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    out = []
    with _walk(module, eager, monkeypatch):
        for puzzle, setup in BOARDS:
            for code in ("fc", "fn"):
                out.append(_listed(code, _board("", puzzle, setup)))
    return out


def test_lazy_order_lists_the_same_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    want = _all_steps(None, True, monkeypatch)
    assert sum(len(steps) for steps in want) >= 30  # every board has many steps
    assert _all_steps(None, False, monkeypatch) == want


@pytest.mark.skipif(
    not _forcingwalk.is_compiled(), reason="yass.logic.techniques._forcingwalk is not built"
)
def test_compiled_search_lists_the_same_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    want = _all_steps(None, True, monkeypatch)
    assert _all_steps(_forcingwalk, False, monkeypatch) == want


@pytest.mark.skipif(
    not _forcingwalk.is_compiled(), reason="yass.logic.techniques._forcingwalk is not built"
)
def test_compiled_search_gives_the_same_explanations(monkeypatch: pytest.MonkeyPatch) -> None:
    forcing_steps = 0
    top95 = puzzle_lines("norvig_top95.txt", 22)
    for line in (top95[11], top95[21], puzzle_lines("magictour_top1465_sample.txt", 1)[0]):
        paths = []
        for module in (None, _forcingwalk):
            with _walk(module, module is None, monkeypatch):
                steps = explain(parse_puzzle(line), unique=True).steps
            paths.append([(s.notation, s.explanation, s.chain) for s in steps])
            forcing_steps += sum(s.technique in ("fc", "fn") for s in steps)
        assert paths[0] == paths[1], line
    assert forcing_steps >= 3  # two chains and a net


@pytest.mark.skipif(
    not _forcingwalk.is_compiled(), reason="yass.logic.techniques._forcingwalk is not built"
)
def test_layer_copies_that_outgrow_their_buffer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The copies of the branches' sets after each layer (``_Snaps``) start in room for
    one branch's and grow as the search goes: the same steps."""
    want = _all_steps(None, True, monkeypatch)
    grown = []
    room = forcing._Snaps.room

    def counted(snaps: Any, top: int, branches: int) -> bool:
        got = room(snaps, top, branches)
        grown.append(got)
        return got

    monkeypatch.setattr(forcing._Snaps, "start_layers", 0)
    monkeypatch.setattr(forcing._Snaps, "room", counted)
    assert _all_steps(_forcingwalk, False, monkeypatch) == want
    assert sum(grown) >= 10


def test_interpreted_source_lists_the_same_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    """The module's source, run by Python on memoryviews (slow: one board)."""
    module = _interpreted()
    for code in ("fc", "fn"):
        with _walk(None, True, monkeypatch):
            want = _listed(code, _board("", MT1, MT1_A))
        with _walk(module, False, monkeypatch):
            assert _listed(code, _board("", MT1, MT1_A)) == want
        assert want


def _static_boards() -> list[Board]:
    """Boards with many chain implications: classic ones along a solve path, a windoku
    (extra full houses), an 8x8 with anti-king (its peers reach across boxes) and a
    16x16 (cell sets of several words). (Made once: the searches never change them.)"""
    return list(_made_static_boards())


@functools.cache
def _made_static_boards() -> tuple[Board, ...]:
    boards = []
    for line in puzzle_lines("magictour_top1465_sample.txt", 3):
        puzzle = parse_puzzle(line)
        board = puzzle.board()
        for i, step in enumerate(explain(puzzle, unique=True).steps):
            if i % 6 == 0:
                boards.append(board.copy())
            board.apply(step)
    grid = puzzle_lines("magictour_top1465_sample.txt", 4)[3]
    boards.append(parse_puzzle(grid, rules="windoku").board())
    boards.append(parse_puzzle("1" + "." * 62 + "2", size=8, rules="antiking").board())
    sixteen = "".join("123456789ABCDEFG"[(i * 5) % 16] if i % 17 == 0 else "." for i in range(256))
    boards.append(parse_puzzle(sixteen, size=16).board())
    return tuple(boards)


@pytest.mark.parametrize("compiled", [True, False])
def test_static_tables_match_the_python_tables(
    compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``static_tables`` builds a chain's four single-reason tables and their triggers
    exactly as ``forcing._Static`` does (compiled, and the source run by Python)."""
    if compiled and not _forcingwalk.is_compiled():
        pytest.skip("yass.logic.techniques._forcingwalk is not built")
    module = _forcingwalk if compiled else _interpreted()
    boards = _static_boards()
    if not compiled:
        boards = boards[::4]  # (slow when interpreted)
    rows = 0
    for board in boards:
        base = forcing._Base(board)
        st = base.static()
        nb = ((base.size * base.n + 63) >> 6) * 8
        want = b"".join(
            v.to_bytes(nb, "little")
            for table in (st.on_of_off, st.off_of_off, st.on_of_on, st.grp_off)
            for v in table
        )
        with monkeypatch.context() as m:
            m.setattr(forcing, "_WALK", module)
            fresh = forcing._Base(board)
            got = fresh.static_words()
            view = fresh.static_view()
        assert got is not None
        assert bytes(got[0]) == want
        assert got[1] == st.trig_on | st.trig_off
        assert isinstance(view, forcing._StaticWords)  # (what a chain's reasons read)
        N = base.size * base.n
        for name in ("on_of_off", "off_of_off", "on_of_on", "grp_off"):
            assert [getattr(view, name)[i] for i in range(N)] == getattr(st, name)
        for name in ("trig_on", "trig_off", "trig_onon", "trig_grp"):
            assert getattr(view, name) == getattr(st, name)
        rows += sum(1 for table in (st.off_of_off, st.on_of_on, st.grp_off) for v in table if v)
    assert rows >= 100  # the group tables are not empty


@pytest.mark.parametrize("compiled", [True, False])
def test_net_closure_counts_what_the_python_reasons_give(
    compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every closure size a net's search asks for (contradictions and verities, over the
    search's whole run) is the same from ``net_closure`` as from the facts' reasons in
    Python (compiled, and the source run by Python on one board)."""
    if compiled and not _forcingwalk.is_compiled():
        pytest.skip("yass.logic.techniques._forcingwalk is not built")
    module = _forcingwalk if compiled else _interpreted()
    asked: list[tuple[int, int]] = []
    fast = forcing._Search._net_closure

    def both(search: Any, b: Any, facts: list[int]) -> int | None:
        got = fast(search, b, facts)
        assert got is not None  # (a plain classic net: always in C here)
        asked.append((got, search.closure_set(b, facts).bit_count()))
        return got

    boards = [_board("", puzzle, setup) for puzzle, setup in BOARDS]
    if not compiled:
        boards = boards[2:]
    with monkeypatch.context() as m:
        m.setattr(forcing, "_WALK", module)
        m.setattr(forcing._Search, "_net_closure", both)
        for board in boards:
            assert _listed("fn", board)
    assert len(asked) >= (100 if compiled else 10)
    assert all(got == want for got, want in asked)


def _setup_boards() -> list[Board]:
    """``_static_boards`` and a board with relation tables (non-consecutive)."""
    return [*_static_boards(), _board("nonconsecutive", "empty6", "r5c3:15 r3c5:15 r2c3:25")]


def _setup(search: Any) -> tuple[Any, ...]:
    """A search's branches and groups as plain values."""
    return (
        [b.premise for b in search.branches],
        [(g.kind, g.anchor, list(g.members)) for g in search.groups],
        search.on_branch,
        search.off_branch,
    )


def _focus(search: Any) -> set[tuple[Any, ...]]:
    """Some premises and groups of a search (every third group and their branches, every
    fifth branch), as a carry from an earlier board lists them."""
    focus: set[tuple[Any, ...]] = set()
    for g in list(search.groups)[::3]:
        focus.add(("g", g.kind, g.anchor))
        focus |= {("p", search.branches[i].premise) for i in g.members}
    focus |= {("p", b.premise) for b in list(search.branches)[::5]}
    return focus


@pytest.mark.parametrize("compiled", [True, False])
def test_premises_match_the_python_setup(
    compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``premises`` makes a search's branches and groups, in order, as ``_Search._setup``
    does in Python: the whole board, a focus (some premises and groups), and a bound
    on premise cells (compiled, and the source run by Python)."""
    if compiled and not _forcingwalk.is_compiled():
        pytest.skip("yass.logic.techniques._forcingwalk is not built")
    module = _forcingwalk if compiled else _interpreted()
    groups = 0
    for board in _setup_boards():
        for tech in (forcing.ForcingChain(), forcing.ForcingNet()):
            for most in (None, 3):
                monkeypatch.setattr(type(tech), "max_candidates", most)
                with monkeypatch.context() as m:
                    m.setattr(forcing, "_WALK", None)
                    want = forcing._Search(tech, board)
                    focus = _focus(want)
                    want_focus = forcing._Search(tech, board, focus)
                with monkeypatch.context() as m:
                    m.setattr(forcing, "_WALK", module)
                    got = forcing._Search(tech, board)
                    got_focus = forcing._Search(tech, board, focus)
                assert _setup(got) == _setup(want)
                assert _setup(got_focus) == _setup(want_focus)
                groups += len(want.groups) + len(want_focus.groups)
    assert groups >= 1000


@pytest.mark.parametrize("compiled", [True, False])
def test_board_tables_match_the_python_tables(
    compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``ooo_table`` and ``check_tables`` build ``off_of_on``, each cell's candidates and a
    chain's contradiction checks exactly as ``forcing._Base`` does in Python."""
    if compiled and not _forcingwalk.is_compiled():
        pytest.skip("yass.logic.techniques._forcingwalk is not built")
    module = _forcingwalk if compiled else _interpreted()
    boards = _static_boards()
    if not compiled:
        boards = boards[::4]  # (slow when interpreted)
    for board in boards:
        want = forcing._Base(board)
        nb = ((want.size * want.n + 63) >> 6) * 8
        starts, ids, masks = want.check_rows()
        with monkeypatch.context() as m:
            m.setattr(forcing, "_WALK", module)
            got = forcing._Base(board)
            words = got.ooo_words()
            assert words is not None
            assert bytes(words[0]) == b"".join(v.to_bytes(nb, "little")
                                               for v in want._python_off_of_on())
            assert bytes(words[1]) == b"".join(v.to_bytes(nb, "little")
                                               for v in want.cell_cands)
            assert [got.off_of_on[i] for i in range(want.size * want.n)] == (
                want._python_off_of_on()
            )
            chk_start, chk_ids, wmask = got.check_words()
        assert list(chk_start) == starts
        assert list(chk_ids)[: len(ids)] == ids
        assert bytes(wmask) == b"".join(v.to_bytes(nb, "little") for v in masks)


@pytest.mark.skipif(
    not _forcingwalk.is_compiled(), reason="yass.logic.techniques._forcingwalk is not built"
)
def test_chain_and_net_share_the_boards_setup() -> None:
    """A net's search of the whole board takes the branches and groups the chain's search
    of the same board set up (same bound on premise cells, same premises removed); a
    search with a focus, or of another board, sets up its own."""
    board = _board("", MT2, MT2_A)
    chain = forcing._Search(forcing.ForcingChain(), board)
    net = forcing._Search(forcing.ForcingNet(), board)
    assert net._premises is chain._premises
    assert len(chain.base.premise_sets) == 1
    focused = forcing._Search(forcing.ForcingNet(), board, _focus(net))
    assert focused._premises is not net._premises
    assert len(focused.branches) < len(net.branches)
    other = _board("", MT1, MT1_A)
    assert forcing._Search(forcing.ForcingNet(), other)._premises is not net._premises
    # (and the steps are those of a search that set up its own: see the tests above)
    with_own = _listed("fn", _board("", MT2, MT2_A))
    forcing._Search(forcing.ForcingChain(), board)  # (the chain first, as a solve does)
    assert _listed("fn", board) == with_own
