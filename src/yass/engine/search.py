"""Exhaustive search: constraint propagation plus depth-first search (reference Python).

Propagation is the kernel's (``yass.core.propagate.settle``): naked singles (clearing the
digit from every peer and narrowing related cells through the relation tables), hidden
singles in every full house, arc consistency on the relations (a digit stays only while
every related cell keeps a digit the relation allows beside it), and the ``propagate``
hook of rules that have one, to a fixed point.
Branching takes the unfilled cell with the fewest candidates. Every complete grid is
verified against every rule and the givens before it is reported; one that fails
(possible only for a rule with a ``check`` but no ``propagate``) is treated as a dead end.
Optional ``bounds`` (``yass.core.bounds.Bounds``) stop a search at a time limit or a number
of branches with ``BoundReached``.
"""

from __future__ import annotations

from collections.abc import Iterator

from yass.core.board import Board, Puzzle
from yass.core.bounds import BoundReached, Bounds
from yass.core.propagate import Candidates, assume, settle_all
from yass.core.record import record

__all__ = ["SearchStats", "count_solutions", "solutions", "solve"]


@record
class SearchStats:
    """What a search did: nodes visited (branches tried) and solutions found."""

    nodes: int = 0
    solutions: int = 0


def _search(
    state: Candidates,
    givens: tuple[int, ...],
    stats: SearchStats,
    bounds: Bounds | None = None,
    first_node: int = 0,
) -> Iterator[tuple[int, ...]]:
    """The solutions below ``state``, which is at a fixed point of the search's rules."""
    layout = state.layout
    cands = state.cands
    best = -1
    best_count = layout.size + 1
    for cell, m in enumerate(cands):
        if m & (m - 1):
            n = m.bit_count()
            if n < best_count:
                best, best_count = cell, n
                if n == 2:
                    break
    if best < 0:
        values = tuple(m.bit_length() for m in cands)
        kept = all(g == 0 or g == v for g, v in zip(givens, values, strict=True))
        if kept and layout.check(values):
            stats.solutions += 1
            yield values
        return
    m = cands[best]
    while m:
        bit = m & -m
        m ^= bit
        if bounds is not None:
            bounds.check_guesses(stats.nodes - first_node)
            bounds.check_time()
        stats.nodes += 1
        sub = state.state()
        if assume(sub, best, bit.bit_length(), locked=False, consistent=True) is None:
            yield from _search(sub, givens, stats, bounds, first_node)


def solutions(
    puzzle: Puzzle,
    limit: int | None = None,
    stats: SearchStats | None = None,
    *,
    bounds: Bounds | None = None,
) -> Iterator[tuple[int, ...]]:
    """Every solution of ``puzzle`` (up to ``limit``), each verified, in search order.

    With ``bounds``, BoundReached ends the iteration when the search reaches one.
    """
    return board_solutions(puzzle.board(), limit, stats, bounds=bounds)


def solve(
    puzzle: Puzzle, stats: SearchStats | None = None, *, bounds: Bounds | None = None
) -> tuple[int, ...] | None:
    """The first solution found, or None when there is none."""
    return next(solutions(puzzle, 1, stats, bounds=bounds), None)


def count_solutions(
    puzzle: Puzzle,
    limit: int = 2,
    stats: SearchStats | None = None,
    *,
    bounds: Bounds | None = None,
) -> int:
    """How many solutions, counting no further than ``limit``."""
    return sum(1 for _ in solutions(puzzle, limit, stats, bounds=bounds))


def board_solutions(
    board: Board,
    limit: int | None = None,
    stats: SearchStats | None = None,
    *,
    bounds: Bounds | None = None,
) -> Iterator[tuple[int, ...]]:
    """Solutions reachable from a board's current candidates, keeping its placed digits.

    ``solutions(puzzle)`` is this on the board of the givens. With ``bounds``, the
    search raises BoundReached (with the solutions found so far) when it reaches one.
    """
    givens = tuple(board.values)
    stats = stats if stats is not None else SearchStats()
    state = board.state()
    if settle_all(state, locked=False, consistent=True) is not None:
        return
    search = _search(state, givens, stats, bounds, stats.nodes)
    found = 0
    first: tuple[int, ...] | None = None
    try:
        for sol in search:
            found += 1
            first = first or sol
            yield sol
            if limit is not None and found >= limit:
                return
    except BoundReached as exc:
        exc.solutions, exc.first = found, first
        raise
