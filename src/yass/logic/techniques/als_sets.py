"""The almost locked sets of a board state, collected once in C (``_alswalk.collect``)
and shared: by the ALS techniques (``als``: ALS-XZ, ALS-XY-Wing, ALS chains, Death
Blossom) and by the grouped link graph's ALS nodes (``links``), which sit below them.

A set is the cells of one house holding one digit more than cells; the collection keeps
every set of up to ``max_als_size`` cells as words (``Collected``), once per board state
(the board's context memo), and ``cell_sets`` lists their cells for the graph.
"""

from __future__ import annotations

from functools import partial

from yass.core.board import Board
from yass.core.layout import Layout, per_layout
from yass.logic.techniques.context import context

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Collected", "cell_sets", "collected", "compiled_walk", "ints", "max_als_size",
           "qwords", "unset_ints", "unset_words"]


def max_als_size(size: int) -> int:
    """The largest ALS collected: every proper subset of a house up to 9x9, else 4 cells."""
    return size - 1 if size <= 9 else 4


_WALK: Any = False


def compiled_walk() -> Any:
    global _WALK
    if _WALK is False:
        try:
            from yass.logic.techniques import _alswalk
        except ImportError:  # pragma: no cover - the source is always there
            _WALK = None
        else:
            _WALK = _alswalk if _alswalk.is_compiled() else None
    return _WALK


class _LayoutWords:
    """Per layout, for ``_alswalk.collect``: the houses' cells (``hcells`` from
    ``hstart[h]`` to ``hstart[h + 1]``), which are full, the most cells of a house, and
    the most sets a board can have (every house open)."""

    def __init__(self, layout: Layout) -> None:
        from array import array
        from math import comb

        limit = max_als_size(layout.size)
        hstart = [0]
        hcells: list[int] = []
        bound = 0
        for house in layout.houses:
            hcells.extend(house.cells)
            hstart.append(len(hcells))
            m = len(house.cells)
            most = min(limit, m - 1 if house.full else m)
            bound += sum(comb(m, n) for n in range(1, most + 1))
        self.hstart = array("i", hstart)
        self.hcells = array("i", hcells or [0])
        self.hfull = array("i", [int(h.full) for h in layout.houses] or [0])
        self.longest = max([len(h.cells) for h in layout.houses] or [1])
        self.bound = max(bound, 1)


@per_layout
def _layout_words(layout: Layout) -> _LayoutWords:
    return _LayoutWords(layout)


def qwords(n: int) -> memoryview:
    """``n`` zeroed 64-bit words."""
    return memoryview(bytearray(8 * max(n, 1))).cast("Q")


def ints(n: int) -> memoryview:
    """``n`` zeroed C ints."""
    return memoryview(bytearray(4 * max(n, 1))).cast("i")


def unset_words(walk: Any, n: int) -> memoryview:
    """``n`` 64-bit words that the compiled code writes before it reads them (not
    cleared when ``walk`` is compiled)."""
    return memoryview(walk.scratch(8 * max(n, 1))).cast("Q")


def unset_ints(walk: Any, n: int) -> memoryview:
    """``n`` C ints as ``unset_words``."""
    return memoryview(walk.scratch(4 * max(n, 1))).cast("i")


class Collected:
    """A board state's ALSs as words (``_alswalk.collect``): ``nals`` sets, smallest
    first, then by cells; ``cells`` (``ncw`` words a set), ``masks``, ``houses``; ``pos``
    each digit's places; ``odd`` how many full houses have open cells holding one digit
    more than there are of them (never on a board whose placed digits left their houses'
    candidates: then they are no ALS here, as a full house's open cells never are)."""

    __slots__ = ("cells", "houses", "masks", "nals", "odd", "pos")

    def __init__(self, walk: Any, board: Board) -> None:
        from array import array

        lay = board.layout
        lw = _layout_words(lay)
        size = lay.size
        ncw = (lay.ncells + 63) >> 6
        cands = array("i", board.cands)
        values = array("i", board.values)
        self.pos = pos = qwords(size * ncw)
        walk.positions(lay.ncells, size, ncw, cands, values, pos)
        cap = min(lw.bound, 4096)
        longest = lw.longest + 1
        qw, iw = partial(unset_words, walk), partial(unset_ints, walk)
        odd = ints(1)
        while True:
            cells = qw(cap * ncw)
            masks = iw(cap)
            houses = iw(cap)
            n = walk.collect(
                len(lay.houses), lw.hstart, lw.hcells, lw.hfull, max_als_size(size), ncw,
                cands, values, cap, qw(cap * ncw), iw(cap), iw(cap), iw(cap), iw(cap), iw(cap),
                iw(longest), iw(longest), iw(longest), cells, masks, houses, odd,
            )
            if n >= 0:
                break
            cap = -n
        self.nals = n
        self.cells, self.masks, self.houses = cells, masks, houses
        self.odd = odd[0]


def collected(walk: Any, board: Board) -> Collected:
    """The board state's ``_Collected`` (made once per state, shared by the ALS techniques' sets
    with and without overlap and by ``cell_sets``)."""
    return context(board).memo(f"als.sets.{id(walk)}", lambda: Collected(walk, board))


def cell_sets(board: Board, least: int, most: int) -> list[int] | None:
    """The cell bitsets of the board's ALSs of ``least`` to ``most`` cells, ascending,
    read from the board state's shared collection; None when it is not compiled or does
    not hold them all (``most`` over ``max_als_size``, or a full house whose open cells
    hold one digit more than cells). The grouped link graph's ALS nodes
    (``links._als_sets``) come from here."""
    walk = compiled_walk()
    if walk is None or most > max_als_size(board.layout.size):
        return None
    got = collected(walk, board)
    if got.odd:
        return None
    out: list[int] = []
    walk.cell_list(got.nals, (board.layout.ncells + 63) >> 6, got.cells, got.masks, least, most,
                   out)
    out.sort()
    return out
