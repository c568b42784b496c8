"""Modern patterns of the hardest puzzles: the trivalue oddagon (Tridagon).

Trivalue oddagon
----------------
Take four boxes at the corners of a rectangle of boxes (two bands by two stacks), and in
each box three cells, one in each of its rows and columns. The twelve cells lie two in
each of the six rows and six columns the boxes span. Ask whether they could all hold
digits of one triple {a,b,c}: each box would hold a, b and c once, and the two cells of
every row and every column would differ. Whether that is possible depends only on how
the cells sit in their boxes: read each box's three cells as a permutation (row i of the
box holds the cell in column p(i)), and the filling exists exactly when an even number
of the four permutations are odd. (This was checked over all 6^4 placements, by trying
every filling; ``tests/test_patterns.py`` checks it again.) When an odd number are odd,
the twelve cells can't all be a, b or c, so at least one holds another digit:

* if only one cell of the twelve has a candidate beyond a, b and c (the guardian), it
  is not a, b or c;
* if several do, and the extra candidates are all one digit z, one of them is z, so a
  cell that sees all of them is not z.

This is a plain contradiction of rows, columns and boxes, not a uniqueness argument, so
it holds on any 9x9 layout with the standard boxes, extra rules or not.
"""

from __future__ import annotations

from itertools import combinations, permutations

from yass.core.board import Board
from yass.core.geometry import bits, digit_char, mask_digits
from yass.core.layout import Layout, per_layout
from yass.core.step import Step, cell_list, notation
from yass.logic.techniques.base import Technique, cells_text, digits_text, removal_text

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Iterator

__all__ = ["Tridagon"]

#: The six ways to put three cells in a box, one per row and column (row i -> column
#: p[i]), with their parity (1: odd).
_PERMS = tuple((p, sum(p[i] > p[j] for i in range(3) for j in range(i + 1, 3)) % 2)
               for p in permutations(range(3)))

#: At most this many cells of the twelve may have candidates beyond the triple.
_MAX_GUARDIANS = 3


class _Boxes:
    """The standard boxes of a 9x9 layout, as house indexes; ``ok`` False elsewhere."""

    def __init__(self, layout: Layout) -> None:
        self.ok = False
        self.house: list[int] = []
        if layout.size != 9:
            return
        masks = {h.mask: i for i, h in enumerate(layout.houses)}
        for b in range(9):
            mask = 0
            for i in range(3):
                for j in range(3):
                    mask |= 1 << ((b // 3 * 3 + i) * 9 + b % 3 * 3 + j)
            if mask not in masks:
                return
            self.house.append(masks[mask])
        self.ok = True


@per_layout
def _boxes(layout: Layout) -> _Boxes:
    return _Boxes(layout)


#: The nine rectangles of boxes: (top-left, top-right, bottom-left, bottom-right).
_QUADS = tuple(
    (b1 * 3 + s1, b1 * 3 + s2, b2 * 3 + s1, b2 * 3 + s2)
    for b1, b2 in combinations(range(3), 2)
    for s1, s2 in combinations(range(3), 2)
)


class Tridagon(Technique):
    """Twelve cells in four boxes that can't all hold one triple: a guardian is true."""

    code = "tri"

    def find(self, board: Board) -> Iterator[Step]:
        boxes = _boxes(board.layout)
        if not boxes.ok:
            return
        cands = board.cands
        empty = board.empty
        done: set[tuple[tuple[int, int], ...]] = set()
        for trio in combinations(range(1, 10), 3):
            m = 0
            for d in trio:
                m |= 1 << (d - 1)
            # per box: (cells, parity, guardian cells) of each usable placement
            options: list[list[tuple[int, int, int]]] = []
            for b in range(9):
                row0, col0 = b // 3 * 3, b % 3 * 3
                found = []
                for p, parity in _PERMS:
                    cells = 0
                    guards = 0
                    for i in range(3):
                        c = (row0 + i) * 9 + col0 + p[i]
                        if not empty >> c & 1 or not cands[c] & m:
                            break
                        cells |= 1 << c
                        if cands[c] & ~m:
                            guards |= 1 << c
                    else:
                        if guards.bit_count() <= _MAX_GUARDIANS:
                            found.append((cells, parity, guards))
                options.append(found)
            for quad in _QUADS:
                if not all(options[b] for b in quad):
                    continue
                yield from self._quad(board, boxes, quad, options, m, done)

    def _quad(
        self, board: Board, boxes: _Boxes, quad: tuple[int, int, int, int],
        options: list[list[tuple[int, int, int]]], m: int,
        done: set[tuple[tuple[int, int], ...]],
    ) -> Iterator[Step]:
        o0, o1, o2, o3 = (options[b] for b in quad)
        for c0, p0, g0 in o0:
            for c1, p1, g1 in o1:
                g01 = g0 | g1
                if g01.bit_count() > _MAX_GUARDIANS:
                    continue
                for c2, p2, g2 in o2:
                    g012 = g01 | g2
                    if g012.bit_count() > _MAX_GUARDIANS:
                        continue
                    for c3, p3, g3 in o3:
                        if not (p0 + p1 + p2 + p3) % 2:
                            continue
                        guards = g012 | g3
                        if not guards or guards.bit_count() > _MAX_GUARDIANS:
                            continue
                        elims = _eliminations(board, guards, m)
                        if not elims:
                            continue
                        key = tuple(elims)
                        if key in done:
                            continue
                        done.add(key)
                        yield self._step(board, boxes, quad, c0 | c1 | c2 | c3, guards, m, elims)

    def _step(
        self, board: Board, boxes: _Boxes, quad: tuple[int, ...], cells: int, guards: int,
        m: int, elims: list[tuple[int, int]],
    ) -> Step:
        lay = board.layout
        cands = board.cands
        trio = digits_text(m, "and")
        fins = tuple((g, d) for g in bits(guards) for d in mask_digits(cands[g] & ~m))
        gnames = cells_text(lay, guards)
        if guards.bit_count() == 1:
            (g,) = bits(guards)
            outcome = (f"{lay.name(g)}, the only one with another candidate, can't be"
                       f" {digits_text(m)}")
        else:
            z = digit_char(fins[0][1])
            outcome = (f"one of {gnames}, the cells with another candidate, is {z}, and"
                       f" a cell that sees them all can't be {z}")
        pattern = (f"{','.join(digit_char(d) for d in mask_digits(m))} in"
                   f" {cell_list(lay, tuple(bits(cells)))}"
                   f" (guardians {cell_list(lay, tuple(bits(guards)))})")
        return Step(
            self.code,
            eliminations=tuple(elims),
            explanation=(
                f"{cells_text(lay, cells)} (three cells in each of boxes"
                f" {', '.join(str(b + 1) for b in quad)}, one in each row and column of its"
                f" box) can't all be {trio}: filled with those three digits they would put"
                f" the same digit twice in a row or column (a trivalue oddagon). So"
                f" {outcome}: {removal_text(lay, elims)}"
            ),
            cells=tuple(bits(cells)),
            houses=tuple(boxes.house[b] for b in quad),
            digits=tuple(mask_digits(m)),
            fins=fins,
            candidates=tuple(
                (c, d) for c in bits(cells) for d in mask_digits(cands[c] & m)
            ),
            notation=notation(lay, self.name, pattern, (), elims),
        )


def _eliminations(board: Board, guards: int, m: int) -> list[tuple[int, int]]:
    """What "one guardian candidate is true" removes."""
    cands = board.cands
    if guards.bit_count() == 1:
        (g,) = bits(guards)
        return [(g, d) for d in mask_digits(cands[g] & m)]
    extra = 0
    for g in bits(guards):
        extra |= cands[g] & ~m
    if extra.bit_count() != 1:
        return []
    z = extra.bit_length()
    seen = board.positions(z) & ~guards
    for g in bits(guards):
        seen &= board.layout.peers[g]
    return [(t, z) for t in bits(seen)]
