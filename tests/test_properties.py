"""Hypothesis properties of the foundation: search results obey every rule, the board's two
views agree, relations reverse cleanly.

Rules are checked twice: by ``Layout.violations`` and by the coordinate-only oracle in
conftest, which knows the whole-grid rules from their definitions.
"""

from __future__ import annotations

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import (
    ORACLE_RULES,
    SEED_PUZZLE,
    assert_board_consistent,
    keeps_givens,
    oracle_count,
    oracle_errors,
    oracle_houses,
    puzzle_lines,
    variant_entries,
)
from yass.constraints import Relation, rules_from_names
from yass.core.board import Board, Puzzle
from yass.core.geometry import Grid, box_shape, char_digit
from yass.core.layout import Layout
from yass.engine.search import count_solutions, solve

SHAPES = {4: (2, 2), 6: (2, 3), 9: (3, 3)}


@cache
def layout_for(size: int, names: tuple[str, ...]) -> Layout:
    shape = box_shape(size)
    assert shape is not None
    return Layout(size, rules_from_names(",".join(names), Grid(size, *shape)))


def rules_for(size: int) -> list[str]:
    # The oracle states windoku for 4x4 and 9x9 only.
    return [r for r in ORACLE_RULES if r != "windoku" or size in (4, 9)]


def check_grid(layout: Layout, names: tuple[str, ...], values: tuple[int, ...]) -> None:
    size = layout.size
    assert layout.violations(values) == []
    assert oracle_errors(size, oracle_houses(size, SHAPES[size], names), names, values) == []


@cache
def nine_by_nine_pool() -> tuple[tuple[tuple[int, ...], tuple[str, ...]], ...]:
    """Known 9x9 grids (seed, published variant answers, kaggle) with the rules each obeys."""
    grids: list[tuple[int, ...]] = []
    seed = solve(Puzzle(Layout.classic(9), tuple(max(0, char_digit(c)) for c in SEED_PUZZLE)))
    assert seed is not None
    grids.append(seed)
    grids += [
        tuple(int(c) for c in e["solution"])
        for e in variant_entries(multi_cell=True)
        if e["size"] == 9
    ]
    grids += [tuple(int(c) for c in ln) for ln in puzzle_lines("kaggle_sample_solutions.txt", 10)]
    pool = []
    for grid in grids:
        if oracle_errors(9, oracle_houses(9, (3, 3)), (), grid):
            continue  # a jigsaw answer: no boxes
        obeyed = tuple(
            r
            for r in ORACLE_RULES
            if not oracle_errors(9, oracle_houses(9, (3, 3), [r]), [r], grid)
        )
        pool.append((grid, obeyed))
    return tuple(pool)


def test_pool_covers_every_rule() -> None:
    obeyed = {r for _, rules in nine_by_nine_pool() for r in rules}
    assert obeyed == set(ORACLE_RULES)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_small_layouts_search_results_obey_every_rule(data: st.DataObject) -> None:
    size = data.draw(st.sampled_from([4, 6]), label="size")
    names = tuple(
        sorted(data.draw(st.sets(st.sampled_from(rules_for(size)), max_size=4), label="rules"))
    )
    layout = layout_for(size, names)
    houses = oracle_houses(size, SHAPES[size], names)
    full = solve(Puzzle(layout, (0,) * layout.ncells))
    if full is None:
        if size == 4:
            assert oracle_count(4, houses, names, limit=1) == 0
        return
    check_grid(layout, names, full)
    keep = data.draw(st.sets(st.integers(0, layout.ncells - 1)), label="given cells")
    givens = tuple(v if c in keep else 0 for c, v in enumerate(full))
    puzzle = Puzzle(layout, givens)
    found = solve(puzzle)
    assert found is not None, "the givens come from a solution"
    assert keeps_givens(givens, found)
    check_grid(layout, names, found)
    if size == 4:
        assert count_solutions(puzzle, 1000) == oracle_count(4, houses, names, givens)


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_nine_by_nine_search_results_obey_every_rule(data: st.DataObject) -> None:
    grid, obeyed = data.draw(st.sampled_from(nine_by_nine_pool()), label="grid")
    choice = st.sets(st.sampled_from(obeyed)) if obeyed else st.just(set[str]())
    names = tuple(sorted(data.draw(choice, label="rules")))
    layout = layout_for(9, names)
    keep = data.draw(st.sets(st.integers(0, 80), min_size=30), label="given cells")
    givens = tuple(v if c in keep else 0 for c, v in enumerate(grid))
    found = solve(Puzzle(layout, givens))
    assert found is not None, "the givens come from a solution"
    assert keeps_givens(givens, found)
    check_grid(layout, names, found)


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_board_views_stay_in_sync(data: st.DataObject) -> None:
    size = data.draw(st.sampled_from([4, 6, 9]), label="size")
    names = tuple(
        sorted(data.draw(st.sets(st.sampled_from(rules_for(size)), max_size=3), label="rules"))
    )
    layout = layout_for(size, names)
    ops = data.draw(
        st.lists(
            st.tuples(st.booleans(), st.integers(0, layout.ncells - 1), st.integers(1, size)),
            max_size=40,
        ),
        label="operations",
    )
    board = Board(layout)
    for place, cell, d in ops:
        had, held = board.has(cell, d), board.values[cell]
        if place:
            ok = board.place(cell, d)
            assert ok == (held == d or (held == 0 and had))
            if ok and held == 0:
                assert board.values[cell] == d
                for p in layout.peer_lists[cell]:
                    assert board.values[p] or not board.has(p, d)
                for nb, table in layout.arcs[cell]:
                    if not board.values[nb]:
                        assert not board.cands[nb] & ~table[d - 1]
        else:
            assert board.eliminate(cell, d) == had
            assert not board.has(cell, d)
        assert_board_consistent(board)
    if board.contradiction() is None:
        assert all(board.cands)


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_relation_reverse_twice_is_identity(data: st.DataObject) -> None:
    size = data.draw(st.integers(1, 16), label="size")
    table = tuple(
        data.draw(st.lists(st.integers(0, (1 << size) - 1), min_size=size, max_size=size))
    )
    a, b = data.draw(st.lists(st.integers(0, 255), min_size=2, max_size=2, unique=True))
    rel = Relation(a, b, table, "test")
    rev = rel.reverse()
    assert (rev.a, rev.b) == (b, a)
    for x in range(size):
        for y in range(size):
            assert (table[x] >> y & 1) == (rev.table[y] >> x & 1)
    assert rev.reverse() == rel
