"""A per-board context: structures several techniques need, built once per board state.

The solve loop asks every technique for a step after each change; structures such as
the bivalue cells, the conjugate pairs of each digit or the link graph of the chain
techniques would otherwise be rebuilt by each technique on each call. ``context(board)``
returns the context of the board's current state: the same object while the
candidates have not changed, a new one as soon as they have. A technique stores its
own structures with ``ctx.memo(key, build)``.

Strong links (conjugate pairs) come only from full houses, which must hold every
digit; a house with fewer cells (a killer-like region) only forbids repeats, so it
gives weak links but not strong ones.
"""

from __future__ import annotations

from _thread import _local

from yass.core.board import Board
from yass.core.geometry import bits
from yass.core.layout import Layout

__all__ = ["Context", "QuietDigits", "QuietParts", "context", "narrower"]

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeVar

    T = TypeVar("T")


class Context:
    """Structures derived from one board state. Never changes the board."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.layout: Layout = board.layout
        self.cands: list[int] = board.cands[:]
        self.values: list[int] = board.values[:]
        self._memo: dict[str, Any] = {}

    def current(self, board: Board) -> bool:
        """True while ``board`` is the board of this context, unchanged."""
        # Placing a single whose peers had already lost its digit changes the values but
        # not the candidates: compare both.
        return board is self.board and board.cands == self.cands and board.values == self.values

    def memo(self, key: str, build: Callable[[], T]) -> T:
        """The structure stored under ``key``, built by ``build()`` on first use."""
        try:
            return self._memo[key]  # type: ignore[no-any-return]
        except KeyError:
            value = self._memo[key] = build()
            return value

    # -- common structures -----------------------------------------------------------

    @property
    def bivalue(self) -> list[int]:
        """Unplaced cells with exactly two candidates, ascending."""
        return self.memo("bivalue", self._bivalue)

    def _bivalue(self) -> list[int]:
        cands = self.board.cands
        return [c for c in bits(self.board.empty) if cands[c].bit_count() == 2]

    def conjugates(self, digit: int) -> list[tuple[int, int, int]]:
        """(a, b, house index) for each full house where ``digit`` has exactly two places.

        ``a < b``; a pair lying in two houses (a row and a box) appears once per house.
        """
        table: list[list[tuple[int, int, int]]] = self.memo("conjugates", self._conjugates)
        return table[digit - 1]

    def _conjugates(self) -> list[list[tuple[int, int, int]]]:
        board, lay = self.board, self.layout
        out: list[list[tuple[int, int, int]]] = []
        for d in range(1, lay.size + 1):
            pos = board.positions(d)
            placed = board.placed(d)
            pairs = []
            for index, house in enumerate(lay.houses):
                if not house.full or placed & house.mask:
                    continue
                spots = pos & house.mask
                if spots.bit_count() == 2:
                    low = spots & -spots
                    pairs.append((low.bit_length() - 1, (spots ^ low).bit_length() - 1, index))
            out.append(pairs)
        return out


class QuietDigits:
    """Remembers the digit states on which a single-digit technique found nothing.

    A single-digit technique (the basic and finned fish, Skyscraper, 2-String Kite, Turbot
    Fish and their dual, Empty Rectangle and its dual use this) depends only on the layout
    and the places of its digit. Once it has found nothing for digit d with places P, it
    finds nothing again while d's places are still P, so the solve loop's rescans after
    every step can skip that digit (a key may hold more than the places, e.g. the placed
    cells too). ``quiet(layout, d, places)`` asks;
    ``remember(layout, d, places)`` records. The memory is bounded and per technique.
    """

    __slots__ = ("_seen",)

    LIMIT = 1 << 16

    def __init__(self) -> None:
        self._seen: set[tuple[Layout, int, int]] = set()

    def quiet(self, layout: Layout, digit: int, places: int) -> bool:
        # Keyed by the layout itself (equal layouts give equal answers), not its id,
        # which a new layout may reuse once an old one is gone.
        return (layout, digit, places) in self._seen

    def remember(self, layout: Layout, digit: int, places: int) -> None:
        if len(self._seen) >= self.LIMIT:
            self._seen.clear()
        self._seen.add((layout, digit, places))

    def live(self, board: Board, placed: bool = False) -> list[tuple[int, int]]:
        """The digits of ``board`` that have places and are not known to give nothing,
        ascending, each with its key for ``remember``: its places, and with ``placed``
        its placed cells too."""
        lay = board.layout
        shift = len(board.cands)
        out = []
        for d in range(1, lay.size + 1):
            key = pos = board.positions(d)
            if placed:
                key |= board.placed(d) << shift
            if pos and not self.quiet(lay, d, key):
                out.append((d, key))
        return out


# The last context made. One slot, read and replaced whole (each a single operation under
# the GIL), so a thread never takes another thread's context for its own board: it keeps
# the one it read only if that one is current for its board.
_last: list[Context | None] = [None]


def context(board: Board) -> Context:
    """The context of ``board`` as it is now (cached while the board does not change)."""
    last = _last[0]
    if last is not None and last.current(board):
        return last
    ctx = Context(board)
    _last[0] = ctx
    return ctx


def narrower(cands: list[int], before: list[int]) -> bool:
    """Whether every cell's candidates are among those it had ``before``: a board that
    only lost candidates since then. Whatever followed from a premise on the earlier
    board still follows, and a search that found nothing there finds nothing here for
    the reasons that depend only on candidates being present."""
    return len(cands) == len(before) and all(
        not a & ~b for a, b in zip(cands, before, strict=True)
    )


class QuietParts(_local):
    """One thread's record of the parts of a puzzle (a rule, a house with its rules...)
    on which a technique found nothing: part index -> its cells' candidates then.

    What such a technique finds on a part depends only on the candidates of the part's
    cells, and cells losing candidates elsewhere can only take steps away; so while the
    boards asked about only lose candidates (one solve going on) a part whose cells are
    unchanged is skipped. Any other board (another layout, or one with a candidate the
    last board lacked) starts the record afresh, so what a solve finds never depends on
    what was solved before, and being per thread, never on what is solved beside it.

    ``kept`` holds what a technique learnt about a part on an earlier board of the same
    solve, ``waiting`` the parts that ran out of search nodes with the candidates their
    cells must come down to before another try (both emptied with the record); ``memo``
    is a cache of pure functions of the layout and candidates (a rule's narrowing of
    given candidates, a digit pair's unique loops), kept
    while the layout is the same, so across puzzles of one layout too (a key must hold
    every input of its function), and bounded.
    """

    MEMO_LIMIT = 200_000

    def __init__(self) -> None:
        self.layout: Layout | None = None
        self.cands: list[int] = []
        self.states: dict[int, tuple[int, ...]] = {}
        self.kept: dict[int, Any] = {}
        #: Parts that ran out of search nodes: the candidates their cells must come down
        #: to before they are tried again in this solve.
        self.waiting: dict[int, int] = {}
        self.memo: dict[Any, Any] = {}

    def follow(self, board: Board) -> dict[int, tuple[int, ...]]:
        """The record for ``board``, emptied unless ``board`` narrows the last one."""
        if self.layout is not board.layout or len(self.memo) > self.MEMO_LIMIT:
            self.memo = {}
        if self.layout is not board.layout or not narrower(board.cands, self.cands):
            self.states = {}
            self.kept = {}
            self.waiting = {}
            self.layout = board.layout
        self.cands = list(board.cands)
        return self.states
