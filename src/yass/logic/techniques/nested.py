"""Nested forcing chains (``nfc``): the ladder's last logical resort, from Sudoku Explainer.

When forcing chains and nets (``fc``, ``fn``) find nothing, this technique asks the
chaining engine of yass's Sudoku Explainer rater (``yass.rating.se``, compiled in
``_se_core``) for a step, level by level, the first level with one giving it:

0. dynamic forcing chains: an assumption is followed through singles (a cell's last
   candidate, a digit's last place in a house), each fact resting on earlier ones;
1. dynamic forcing chains (+): locked candidates, hidden and naked pairs and X-Wings
   also act inside each branch;
2. nested forcing chains: besides those, forcing chains (X-, Y- and XY-chains, cycles)
   found on the grid the branch has made remove candidates inside it;
3. the same with multiple (cell and region) forcing chains nested;
4. the same with dynamic forcing chains nested;
5. the same with dynamic forcing chains (+ forcing chains) nested.

At a level, the step is the best hint (in SE's order: difficulty, then complexity) among
those of the first cell whose assumptions give one: the search stops there rather than
finding SE's best of the whole grid (about half the time on the forum's hardest puzzles,
where a hint is rarely alone). The cells are tried in this order:

* the premise cells of the last few steps on the same board object (a solve's board,
  step after step), most recent first: the next step often rests on one of them;
* then the cells not known to give nothing at this level, those whose assumptions
  reached most facts at level 1 first (the number each "on" assumption reached in the
  level-1 search that found nothing on this very grid, kept by ``dynamic_chain_possible``
  or made by this search; an assumption that reaches far is nearer a contradiction);
  ties, and a grid without that count, in SE's order (by index);
* then the cells that gave nothing at this level in the board's earlier searches (those
  tried before the step's cell, and every cell of a level that found nothing), the
  longest ago first: the board has changed little since.

The level is still the first with a hint; only which cell's hint is taken depends on
the order. On 71 boards of 20 of the forum's hardest puzzles where the ladder reached
level 2, the cell of the level-2 step (52 boards) came 3.6th on average among the empty
cells ordered by that count alone, against 14th in SE's order, and level 2 over the 71
boards took 1.7 s of CPU against 3.1 s; in whole solves of the 20 puzzles the level-2
step's cell came 6.8th on average against 16.4th (see docs/benchmarks.md).

A step takes one of SE's four forms: a **contradiction** (an assumption leads to a fact
and its negation, so it is false), a **double** chain (a candidate and its negation lead
to the same fact), a **cell** chain (every candidate of a cell does) or a **region**
chain (every place of a digit in a house does). Each deduction inside a branch follows
from the branch's assumption, so every step is sound on any puzzle (no uniqueness). SE
shows that these levels finish every known puzzle, the hardest (ER 11.9) included, so
with this rung the default ladder needs no guess on a classic 9x9 puzzle.

The engine is SE's 9x9 grid: on other layouts (other sizes, extra rules) the technique
finds nothing. Its difficulty is SE's for the hint (9.0 and up for level 1, 9.5 + 0.5 a
level from 2 on, plus SE's length increments); the step's name is SE's
(``Dynamic Contradiction Forcing Chains (+ Forcing Chains)``).

Notation (one chain a branch; a fact that a nested chain or a simpler rule gave inside
the branch is followed by it in brackets)::

    Dynamic Contradiction Forcing Chains (+ Forcing Chains): r5c1=2 => r3c3=8 and
        r3c3<>8 (r5c1=2 -> r5c7<>2 -> ... -> r3c3=8; r5c1=2 -> ... -> r3c3<>8
        [Forcing Chain]) => r5c1<>2
    Dynamic Cell Forcing Chains (+): r5c3 {1,2}: r5c3=1 -> ... -> r4c3<>2;
        r5c3=2 -> ... -> r4c3<>2 => r4c3<>2

``step.chain`` holds the links of every chain shown (``strong`` when the fact reached is
a placement), ``step.candidates`` the assumptions, ``step.cells`` the assumption's and
the conclusion's cells, ``step.houses`` a region chain's house.

Where levels 0 and 1 find nothing, ``fc`` and ``fn`` find nothing either (they follow a
subset of the same implications from the same premises): ``dynamic_chain_possible``
says so, and the solver skips them there (see ``solver.next_step``).

Cost: the engine runs in C (the nested rules through a Python callback); on a stuck
grid of the forum's hardest puzzles a level-2 search that finds nothing takes about
50 ms, one that finds a step about 20 ms (the order above; 45 ms in SE's order), level 3
about 40 ms to a step, level 4 a few tens of ms (levels 0 and 1 a few ms). Each step is
then shown by SE's own propagation, once per branch, up to the conclusion (a tenth of
the technique's time). ``max_seconds`` bounds one search.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Iterator

from yass.core.board import Board
from yass.core.bounds import seconds_left
from yass.core.geometry import digit_char, mask_digits
from yass.core.layout import Layout
from yass.core.step import (
    Link,
    Node,
    Step,
    cell_list,
    changes_notation,
    house_name,
    notation,
)
from yass.logic.techniques.base import Technique, join_words

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from yass.rating.se import ForcingHint

__all__ = ["NestedForcingChain", "dynamic_chain_possible"]

#: What each level follows inside a branch, in words (index = level).
_INSIDE = (
    "singles",
    "singles, locked candidates, pairs and X-Wings",
    "singles, locked candidates, pairs, X-Wings and forcing chains",
    "singles, locked candidates, pairs, X-Wings and multiple forcing chains",
    "singles, locked candidates, pairs, X-Wings and dynamic forcing chains",
    "singles, locked candidates, pairs, X-Wings and nested dynamic forcing chains",
)


class NestedForcingChain(Technique):
    """SE's dynamic and nested forcing chains, the first level with a step."""

    code = "nfc"
    last_resort = True
    #: The levels asked, in order (see the module docstring).
    levels: tuple[int, ...] = (0, 1, 2, 3, 4, 5)
    #: Seconds one search may take at most (the run's own time limit holds as well).
    max_seconds: float = 120.0

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        if lay.size != 9 or not lay.is_classic or board.contradiction() is not None:
            return
        # The rater's chaining engine (a lower layer in all but name: see pyproject.toml).
        from yass.rating.se import forcing_hint

        limit = self.max_seconds
        left = seconds_left()
        if left is not None:
            limit = min(limit, left)
        values = list(board.values)
        cands = [0 if values[c] else board.cands[c] for c in range(81)]
        levels = self.levels
        reach = _MEMORY.no_dynamic.get(_grid_key(board))
        if reach is not None:
            levels = tuple(v for v in levels if v > 1)  # (levels 0 and 1 found nothing)
        else:
            reach = []  # (filled by the search when levels 0 and 1 find nothing)
        paused = gc.isenabled()
        if paused:  # (the search makes many short-lived objects and no cycles)
            gc.disable()
        memory = _memory(board)
        orders: dict[int, list[int]] = {}

        def order(level: int) -> list[int] | None:
            got = _ordered(memory, level, reach)
            if got is not None:
                orders[level] = got
            return got

        try:
            hint = forcing_hint(
                values, cands, levels, time.perf_counter() + limit, order=order, reach=reach
            )
        finally:
            if paused:
                gc.enable()
        if hint is not None:
            asked = [v for v in levels if v < hint.level]
            _remember(board, hint.premise[0], hint.level, asked, orders.get(hint.level))
            yield _step(board, hint)


class _Seen:
    """What the searches on one board object (a solve's, step after step) have met: the
    premise cells of its last few steps (most recent first) and, per level, the cells
    whose assumptions gave nothing there, each with the number of the search that tried
    it last (``serial``)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.premises: list[int] = []
        self.failed: dict[int, dict[int, int]] = {}
        self.serial = 0


def _ordered(memory: _Seen | None, level: int, reach: list[int]) -> list[int] | None:
    """The cells in the order their assumptions are tried at ``level``, or None for SE's
    order (by index): the premise cells of the board's recent steps first (most recent
    first); then the cells not known to give nothing at that level, those whose
    assumptions reached most facts at level 1 (``reach``) first; then those known to give
    nothing, the longest ago first."""
    if memory is None and not reach:
        return None
    score = [0] * 81
    if reach:
        for c in range(81):
            score[c] = -max(reach[c * 9 : c * 9 + 9])
    rank = {} if memory is None else {c: i for i, c in enumerate(memory.premises)}
    failed = {} if memory is None else memory.failed.get(level, {})

    def key(c: int) -> tuple[int, int, int, int]:
        if c in rank:
            return (0, rank[c], 0, c)
        when = failed.get(c)
        return (1, 0, score[c], c) if when is None else (2, when, score[c], c)

    return sorted(range(81), key=key)


def _memory(board: Board) -> _Seen | None:
    """The memory of ``board``'s earlier searches, or None (a board not seen lately)."""
    got = _MEMORY.recent.get(id(board))
    return got if got is not None and got.board is board else None


def _remember(
    board: Board, cell: int, level: int, missed: list[int], order: list[int] | None
) -> None:
    """Keep what a search on ``board`` met: its step's premise ``cell`` at ``level``
    (tried in ``order``, SE's if None), after ``missed`` levels that gave nothing."""
    recent_boards = _MEMORY.recent
    seen = _memory(board)
    recent_boards.pop(id(board), None)
    if seen is None:
        seen = _Seen(board)
    while len(recent_boards) >= 8:  # (the boards of the last few solves)
        recent_boards.pop(next(iter(recent_boards)), None)
    recent_boards[id(board)] = seen
    seen.serial += 1
    empty = [c for c in range(81) if not board.values[c]]
    for v in missed:  # every cell gave nothing there
        seen.failed[v] = dict.fromkeys(empty, seen.serial)
    tried = seen.failed.setdefault(level, {})
    cells = order if order is not None else range(81)
    for c in cells:
        if c == cell:
            break
        if not board.values[c]:
            tried[c] = seen.serial
    for v, failed in seen.failed.items():
        if v <= level:
            failed.pop(cell, None)
    seen.premises = [cell, *(c for c in seen.premises if c != cell)][:_KEEP]


#: How many premise cells a board keeps.
_KEEP = 4


class _Memory(threading.local):
    """One thread's memory, so that solves running side by side never evict or read
    each other's: ``recent``, the boards (by id, held) of this thread's last few solves
    and what their searches met (``_Seen``); ``no_dynamic``, the last few grids (values,
    candidates) on which SE's dynamic forcing chains (+) (levels 0 and 1) found nothing."""

    def __init__(self) -> None:
        self.recent: dict[int, _Seen] = {}
        self.no_dynamic: dict[tuple[tuple[int, ...], tuple[int, ...]], list[int]] = {}


_MEMORY = _Memory()


def _grid_key(board: Board) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return tuple(board.values), tuple(board.cands)


def dynamic_chain_possible(board: Board) -> bool:
    """Whether SE's dynamic forcing chains (+) (``nfc`` levels 0 and 1: singles, locked
    candidates, pairs and X-Wings inside each branch) find a step on ``board``; True on a
    board they do not take (not a classic 9x9 grid).

    Those chains follow every implication the forcing chains and nets of ``fc`` and
    ``fn`` follow on a classic grid, from the same premises, with the same kinds of
    conclusion (contradiction, cell, house and digit verity), without their depth
    bounds: where they find nothing, ``fc`` and ``fn`` find nothing either, and the
    solver need not run them (a few milliseconds instead of tens)."""
    lay = board.layout
    if lay.size != 9 or not lay.is_classic or board.contradiction() is not None:
        return True
    key = _grid_key(board)
    no_dynamic = _MEMORY.no_dynamic
    if key in no_dynamic:
        return False
    from yass.rating.se import forcing_hint

    values = list(board.values)
    cands = [0 if values[c] else board.cands[c] for c in range(81)]
    reach: list[int] = []
    if forcing_hint(values, cands, (0, 1), None, chains=False, reach=reach) is not None:
        return True
    if len(no_dynamic) >= 8:
        no_dynamic.pop(next(iter(no_dynamic)), None)
    no_dynamic[key] = reach
    return False


def _fact(lay: Layout, cell: int, d: int, on: bool) -> str:
    return f"{lay.name(cell)}{'=' if on else '<>'}{digit_char(d)}"


def _chains(lay: Layout, hint: ForcingHint) -> tuple[str, list[Link]]:
    """The chains in notation ("; " between branches) and as links."""
    segments = []
    links: list[Link] = []
    for chain in hint.chains:
        words = []
        for i, (c, e, on, note) in enumerate(chain):
            text = _fact(lay, c, e, on)
            if note:
                text += " [simpler rule]" if note == "rule" else f" [{note}]"
            words.append(text)
            if i:
                pc, pe = chain[i - 1][:2]
                links.append(Link(Node((pc,), pe), Node((c,), e), on))
        segments.append(" -> ".join(words))
    return "; ".join(segments), list(dict.fromkeys(links))


def _step(board: Board, hint: ForcingHint) -> Step:
    """The ladder's Step for a hint of the rater's engine."""
    lay = board.layout
    cell, digit, region = hint.premise
    placements = (hint.placement,) if hint.placement is not None else ()
    eliminations = () if placements else tuple(hint.eliminations)
    if placements:
        (x, d), on_target = placements[0], True
        verdict = f"{lay.name(x)} is {digit_char(d)}"
    else:
        (x, d), on_target = eliminations[0], False
        verdict = join_words([f"{lay.name(c)} is not {digit_char(e)}" for c, e in eliminations])
    changes = changes_notation(lay, placements, eliminations)
    chains, links = _chains(lay, hint)
    inside = _INSIDE[hint.level]
    cells = {cell, x}
    houses: tuple[int, ...] = ()
    if hint.kind == 0:
        # The assumption is the negation of the conclusion's first fact.
        premise = _fact(lay, x, d, not on_target)
        clash = "contradiction"
        broken = "the grid would break"
        if hint.chains:
            c, e = hint.chains[0][-1][:2]
            clash = f"{_fact(lay, c, e, True)} and {_fact(lay, c, e, False)}"
            broken = f"{lay.name(c)} would have to be {digit_char(e)} and could not be"
            cells.add(c)
        head = f"{premise} => {clash}"
        were = "were not" if on_target else "were"
        text = (
            f"if {lay.name(x)} {were} {digit_char(d)}, following the consequences ({inside}"
            f" inside the branch), {broken}; so {verdict}"
        )
        candidates: tuple[tuple[int, int], ...] = ((x, d),)
    elif hint.kind == 1:
        ch, name = digit_char(digit), lay.name(cell)
        head = f"{name}={ch} or {name}<>{ch}"
        text = (
            f"{name} either is {ch} or is not; followed through their consequences"
            f" ({inside} inside each branch), both lead to {changes}; so {verdict}"
        )
        candidates = ((cell, digit),)
    elif hint.kind == 2:
        digits = mask_digits(board.cands[cell])
        name = lay.name(cell)
        head = f"{name} {{{','.join(digit_char(e) for e in digits)}}}"
        text = (
            f"{name} can only be {join_words([digit_char(e) for e in digits], 'or')};"
            f" followed through their consequences ({inside} inside each branch), each"
            f" of them leads to {changes}; so {verdict}"
        )
        candidates = tuple((cell, e) for e in digits)
    else:
        mask = sum(1 << c for c in region)
        index = next(i for i, h in enumerate(lay.houses) if h.mask == mask)
        houses = (index,)
        places = [c for c in region if board.cands[c] >> (digit - 1) & 1]
        ch = digit_char(digit)
        head = f"{ch} in {house_name(lay, index)} {{{cell_list(lay, places)}}}"
        text = (
            f"{lay.houses[index].name} can only have its {ch} in"
            f" {join_words([lay.name(c) for c in sorted(places)], 'or')}; followed through"
            f" their consequences ({inside} inside each branch), each of them leads to"
            f" {changes}; so {verdict}"
        )
        candidates = tuple((c, digit) for c in sorted(places))
        cells.update(places)
    pattern = f"{head} ({chains})" if chains else head
    return Step(
        NestedForcingChain.code,
        placements=placements,
        eliminations=eliminations,
        explanation=text,
        cells=tuple(sorted(cells)),
        houses=houses,
        digits=tuple(sorted({e for _c, e in candidates} | {d})),
        chain=tuple(links),
        candidates=candidates,
        difficulty=round(hint.difficulty, 1),
        notation=notation(lay, hint.name, pattern, placements, eliminations),
        name=hint.name,
    )
