"""The ladder's chain walk in C (``yass.logic.techniques._chainwalk``): the same hits, in the
same order, as ``yass.logic.techniques.chains``' walk on Python integers, so the same
explanations; and its grouped link graph, the same as ``links._grouped_graph``'s."""

from __future__ import annotations

import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from conftest import interpreted
from yass.constraints import rules_from_names
from yass.core.board import Board
from yass.core.geometry import Grid
from yass.core.layout import Layout
from yass.formats import parse_puzzle
from yass.logic.explain import explain
from yass.logic.solver import apply_step, next_step
from yass.logic.techniques import _chainwalk, als_sets, chains, get_techniques, links

DATA = Path(__file__).parent / "data" / "puzzles"


def _interpreted() -> ModuleType:
    return interpreted(_chainwalk, "yass_chainwalk_interpreted")


def _lines(name: str, every: int, count: int) -> list[str]:
    with (DATA / name).open() as f:
        rows = [line.split()[0] for line in f if line.strip()]
    return rows[::every][:count]


def _path(line: str, words: Any, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    with monkeypatch.context() as m:
        m.setattr(links, "_WORDS", words)
        result = explain(parse_puzzle(line), unique=True)
    return [step.notation for step in result.steps]


def _chain_steps(path: list[str]) -> int:
    return sum(1 for n in path if "Chain" in n or "Loop" in n or "AIC" in n)


@pytest.mark.skipif(
    not _chainwalk.is_compiled(), reason="yass.logic.techniques._chainwalk is not built"
)
def test_compiled_walk_gives_the_same_explanations(monkeypatch: pytest.MonkeyPatch) -> None:
    chained = 0
    for line in _lines("norvig_top95.txt", 9, 8) + _lines("magictour_top1465_sample.txt", 7, 6):
        want = _path(line, None, monkeypatch)
        assert _path(line, _chainwalk, monkeypatch) == want, line
        chained += _chain_steps(want)
    assert chained >= 20  # the sample does walk chains: X-, XY-chains, AICs, loops


def test_interpreted_source_gives_the_same_explanations(monkeypatch: pytest.MonkeyPatch) -> None:
    """The module's source, run by Python on memoryviews (slow, so two puzzles)."""
    module = _interpreted()
    chained = 0
    rows = _lines("norvig_top95.txt", 1, 32)
    for line in (rows[19], rows[30]):  # two whose paths have chain steps (eight in all)
        want = _path(line, None, monkeypatch)
        assert _path(line, module, monkeypatch) == want, line
        chained += _chain_steps(want)
    assert chained >= 2


@pytest.mark.parametrize("compiled", [True, False])
def test_pack_writes_the_bytes_of_to_bytes(compiled: bool) -> None:
    """``pack`` (the bitsets the kernels read) is each integer's ``to_bytes``, joined:
    zero, one bit at each end of a row, full rows, random widths; and it refuses what
    ``to_bytes`` refuses (too wide, negative)."""
    if compiled and not _chainwalk.is_compiled():
        pytest.skip("yass.logic.techniques._chainwalk is not built")
    module = _chainwalk if compiled else _interpreted()
    rng = random.Random(7)
    for nb in (8, 12, 16, 96, 112):  # (12: rows that are not whole words)
        top = 8 * nb
        values = [0, 1, 1 << (top - 1), (1 << top) - 1]
        values += [rng.getrandbits(rng.randint(1, top)) for _ in range(200)]
        want = b"".join(v.to_bytes(nb, "little") for v in values)
        assert bytes(module.pack(values, nb)) == want
        assert bytes(module.pack(tuple(values[:3]), nb)) == want[: 3 * nb]
        assert module.pack([], nb) == bytearray()
        with pytest.raises(OverflowError):
            module.pack([1, 1 << top], nb)
        with pytest.raises(OverflowError):
            module.pack([-1], nb)
        with pytest.raises(OverflowError):  # a high digit past the row's last word
            module.pack([1 << (top + 40)], nb)
    assert len(module.scratch(40)) == 40


# -- the grouped link graph in C (``_chainwalk.group_nodes`` / ``group_links``) ----------


def _solve_boards(lines: list[str], every: int) -> list[Board]:
    """Boards met along the ladder's solve paths of ``lines`` (every ``every``-th step)."""
    ladder = get_techniques()
    out = []
    for line in lines:
        board = parse_puzzle(line).board()
        for k in range(400):
            step = next_step(board, ladder)
            if step is None:
                break
            if k % every == 0:
                out.append(board.copy())
            apply_step(board, step)
    return out


def _random_board(layout: Layout, seed: int) -> Board:
    """A board of ``layout`` whose cells keep 2 to 6 candidates at random (no puzzle: the
    graph is a function of the candidates alone), a few placed."""
    rng = random.Random(seed)
    board = Board(layout)
    for cell in rng.sample(range(layout.ncells), layout.size):
        if board.cands[cell] and not board.values[cell]:
            board.place(cell, rng.choice([d for d in range(1, layout.size + 1)
                                          if board.cands[cell] >> (d - 1) & 1]))
    for cell in range(layout.ncells):
        if board.values[cell]:
            continue
        keep = rng.randint(2, 6)
        digits = [d for d in range(1, layout.size + 1) if board.cands[cell] >> (d - 1) & 1]
        for d in rng.sample(digits, max(0, len(digits) - keep)):
            board.eliminate(cell, d)
    return board


def _graph_parts(graph: links.LinkGraph) -> tuple[Any, ...]:
    view = chains._full_view(graph)
    return (
        list(graph.strong), list(graph.weak), graph.linked, graph.alive, graph.ncands,
        list(graph.extra_digit), list(graph.extra_cells), list(graph.extra_kind),
        graph.als_links, graph.als_forcing, list(view.strong), list(view.weak),
        list(view.starts),
    )


def _check_graphs(boards: list[Board], module: ModuleType, room: int = 64) -> int:
    """Asserts the builder in ``module`` makes the Python builder's graphs (with and without
    ALS nodes) on ``boards``; returns how many ALS forcing links they hold."""
    forcing = 0
    for board in boards:
        base = links._cell_graph(board)
        for als in (False, True):
            want = links._grouped_graph(board, base, als)
            got = links._grouped_words(module, board, base, als, room)
            assert got == want
            assert _graph_parts(got) == _graph_parts(want)
            forcing += len(want.als_forcing)
    return forcing


@pytest.mark.skipif(
    not _chainwalk.is_compiled(), reason="yass.logic.techniques._chainwalk is not built"
)
def test_compiled_grouped_graph_is_the_python_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Same nodes in the same order, same links, on boards of hard solve paths, on
    variants (sees-rules and relations: the extra nodes' weak links come from the
    candidates' own), on 6x6 and 16x16 grids (several words a cell set), with the sets
    found by ``_chainwalk.als_sets`` (no shared collection) and when the room first given
    for the sets, the group and forcing links is too small (the call is made again with
    more)."""
    boards = _solve_boards(_lines("magictour_top1465_sample.txt", 11, 3), 3)
    assert _check_graphs(boards, _chainwalk) > 100
    with monkeypatch.context() as m:
        m.setattr(als_sets, "_WALK", None)
        assert _check_graphs(boards[::4], _chainwalk) > 10
        assert _check_graphs(boards[:3], _chainwalk, room=1) > 0
    variants = []
    for rules in ("antiknight", "nonconsecutive", "diagonals"):
        grid = Grid(9, 3, 3)
        variants.append(_random_board(Layout(9, rules_from_names(rules, grid)), 1))
    variants += [_random_board(Layout.classic(size), size) for size in (6, 16)]
    _check_graphs(variants, _chainwalk)
    graph = links.link_graph(variants[-1], grouped=True, als=True)
    assert "als" in graph.extra_kind and "group" in graph.extra_kind


def test_interpreted_grouped_graph_is_the_python_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """The builder's source, run by Python on memoryviews (slow: two boards), the sets
    found by its ``als_sets`` too."""
    module = interpreted(_chainwalk, "yass_chainwalk_interpreted_graph")
    boards = _solve_boards(_lines("magictour_top1465_sample.txt", 11, 1), 8)[:2]
    monkeypatch.setattr(als_sets, "_WALK", None)
    assert _check_graphs(boards, module) > 0


def test_rows_read_a_buffer_as_integers() -> None:
    values = [0, 5, (1 << 130) - 1, 1 << 64]
    rows = links.Rows(bytearray(b"".join(v.to_bytes(24, "little") for v in values)), 4, 24)
    assert len(rows) == 4 and rows[2] == values[2] and rows[-1] == values[3]
    assert list(rows) == values and rows == values and rows.words is not None
    with pytest.raises(IndexError):
        rows[4]
