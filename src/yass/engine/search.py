"""Exhaustive search: constraint propagation plus depth-first search (reference Python).

Propagation fills naked singles (clearing the digit from every peer and narrowing
related cells through the relation tables), hidden singles in every full house, arc
consistency on the relations (a digit stays only while every related cell keeps a digit
the relation allows beside it), and runs the ``propagate`` hook of rules that have one.
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
from yass.core.layout import Layout
from yass.core.record import record

__all__ = ["SearchStats", "count_solutions", "solutions", "solve"]


@record
class SearchStats:
    """What a search did: nodes visited (branches tried) and solutions found."""

    nodes: int = 0
    solutions: int = 0


def propagate(
    layout: Layout,
    cands: list[int],
    assigned: list[bool],
    queue: list[int],
    settled: list[int] | None = None,
) -> bool:
    """Fill singles until nothing changes; False if the grid breaks. Mutates its arguments.

    ``settled`` is an earlier state of ``cands`` at which the relations were arc
    consistent (the parent node's); only cells changed since then are revised.
    """
    peers = layout.peer_lists
    arcs = layout.arcs
    houses = [h.cells for h in layout.full_houses]
    full = layout.all_digits
    related = any(arcs)
    snapshot = settled[:] if settled is not None else None
    while True:
        while queue:
            cell = queue.pop()
            if assigned[cell]:
                continue
            m = cands[cell]
            if m == 0 or m & (m - 1):
                if m == 0:
                    return False
                continue
            assigned[cell] = True
            for p in peers[cell]:
                c = cands[p]
                if c & m:
                    c ^= m
                    if not c:
                        return False
                    cands[p] = c
                    if not c & (c - 1):
                        queue.append(p)
            if arcs[cell]:
                d = m.bit_length() - 1
                for nb, table in arcs[cell]:
                    c = cands[nb]
                    new = c & table[d]
                    if new != c:
                        if not new:
                            return False
                        cands[nb] = new
                        if not new & (new - 1):
                            queue.append(nb)
        for cells in houses:
            once = twice = 0
            for cell in cells:
                m = cands[cell]
                twice |= once & m
                once |= m
            if once != full:
                return False
            unique = once & ~twice
            while unique:
                bit = unique & -unique
                unique ^= bit
                for cell in cells:
                    if cands[cell] & bit:
                        if cands[cell] != bit:
                            cands[cell] = bit
                            queue.append(cell)
                        break
        if not queue and related:
            # Arc consistency on the relations: a digit stays in a cell only if every
            # related cell still has a digit the relation allows beside it.
            if not _revise_arcs(arcs, cands, queue, snapshot):
                return False
            snapshot = cands[:]
        if not queue and layout.propagators:
            before = cands[:]
            for con in layout.propagators:
                if not con.propagate(layout.grid, cands):
                    return False
            for cell, (old, new) in enumerate(zip(before, cands, strict=True)):
                if old != new:
                    if not new:
                        return False
                    if not new & (new - 1):
                        queue.append(cell)
        if not queue:
            return True


def _revise_arcs(
    arcs: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...],
    cands: list[int],
    queue: list[int],
    snapshot: list[int] | None,
) -> bool:
    """Narrow related cells to the digits their neighbours' candidates allow (AC-3).

    Starts from the cells changed since ``snapshot`` (every related cell when None);
    queues cells that become singles. False when a cell loses its last candidate.
    """
    if snapshot is None:
        work = [c for c, a in enumerate(arcs) if a]
    else:
        work = [c for c, a in enumerate(arcs) if a and cands[c] != snapshot[c]]
    waiting = set(work)
    while work:
        cell = work.pop()
        waiting.discard(cell)
        m = cands[cell]
        for nb, table in arcs[cell]:
            allowed = 0
            rest = m
            while rest:
                low = rest & -rest
                allowed |= table[low.bit_length() - 1]
                rest ^= low
            c = cands[nb]
            new = c & allowed
            if new != c:
                if not new:
                    return False
                cands[nb] = new
                if not new & (new - 1):
                    queue.append(nb)
                if nb not in waiting and arcs[nb]:
                    waiting.add(nb)
                    work.append(nb)
    return True


def _search(
    layout: Layout,
    givens: tuple[int, ...],
    cands: list[int],
    assigned: list[bool],
    queue: list[int],
    stats: SearchStats,
    settled: list[int] | None = None,
    bounds: Bounds | None = None,
    first_node: int = 0,
) -> Iterator[tuple[int, ...]]:
    if not propagate(layout, cands, assigned, queue, settled):
        return
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
        sub = cands[:]
        sub[best] = bit
        yield from _search(
            layout, givens, sub, assigned[:], [best], stats, cands, bounds, first_node
        )


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
    assigned = [bool(v) for v in board.values]
    queue = [c for c, m in enumerate(board.cands) if not assigned[c] and not m & (m - 1)]
    givens = tuple(board.values)
    stats = stats if stats is not None else SearchStats()
    search = _search(
        board.layout, givens, board.cands[:], assigned, queue, stats, None, bounds, stats.nodes
    )
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
