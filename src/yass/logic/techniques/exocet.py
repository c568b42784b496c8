"""Exocets: two base cells whose two digits must reappear in two target cells.

The pattern (say the base cells lie in a row; with columns, swap rows and columns):

* **base cells** B1, B2: two open cells of one row inside one box (the base box), with
  three or four candidates between them, the **base digits**. They see each other, so
  they hold two different base digits, the two *true* base digits;
* **cross-lines**: three columns that pass through neither base cell: the third column
  of the base box and one column in each of the other two stacks. Each holds every
  digit once. A cross-line cell in the base row or the base box sees both base cells,
  so a true base digit d lies, in each cross-line, in one of the other cells (N);
* **target cells** T1, T2: two open cells of N in two different cross-lines;
* for every base digit d, its places in the rest of N (candidates, and d placed there)
  lie in at most two lines (rows, or the cross-lines themselves). A line holds d once,
  so at most two of the three cross-lines take d outside the targets: the third takes
  it in a target.

So each true base digit is in a target, and the two targets hold exactly the two true
base digits, one each. The step keeps, in the base and target cells, only the digits
that such a matching allows: a pair {a, b} of base digits that the base cells can hold
(one a, the other b) and the targets can hold too. Everything else goes: digits other
than the base digits from the targets, base digits that no target can take from the
base cells, and more when the candidates leave few pairs.

In a **Junior Exocet** both targets lie in the base band (the boxes of the base row),
one in each box beside the base box, in the other two rows; the rest of N is then the
two companion cells beside the targets in the band and the cross-line cells outside the
band. A **Senior Exocet** is the same argument with a target outside the base band.
Both read only rows, columns and boxes: on a 9x9 grid with the standard boxes they hold
whatever other rules the puzzle has (extra rules only remove candidates).

Search: every base (two cells of a row or column inside a box, 3-4 base digits), every
choice of one cross-line in each other stack, and every pair of targets; the two-line
test is a few bit operations. A board takes a few milliseconds.
"""

from __future__ import annotations

from yass.core.board import Board
from yass.core.geometry import bits, digit_char, mask_digits
from yass.core.layout import Layout, per_layout
from yass.core.step import Step, compact_cells, notation
from yass.logic.techniques.base import (
    CLASSIC_BOXES,
    Technique,
    cells_text,
    digits_text,
    removal_text,
)
from yass.logic.techniques.context import QuietParts

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Generator, Iterator
    from typing import ClassVar

__all__ = ["JuniorExocet", "SeniorExocet"]


class _Grid:
    """A 9x9 layout with full rows, columns and standard boxes (``ok``), in both
    orientations: ``cell[t][r][c]`` is the cell at row r, column c, or at column r, row c
    when t is 1 (so one search covers bases in rows and in columns)."""

    def __init__(self, layout: Layout) -> None:
        self.ok = False
        if layout.size != 9:
            return
        index = {h.mask: i for i, h in enumerate(layout.houses) if h.full}
        self.cell = [
            [[r * 9 + c for c in range(9)] for r in range(9)],
            [[c * 9 + r for c in range(9)] for r in range(9)],
        ]
        # line[t][r]: the house of row r (t = 0) or column r (t = 1); col[t][c] the other.
        self.line: list[list[int]] = [[], []]
        self.mask: list[list[int]] = [[], []]  # cell bitsets, as line
        for t in range(2):
            for r in range(9):
                m = 0
                for c in range(9):
                    m |= 1 << self.cell[t][r][c]
                if m not in index:
                    return
                self.line[t].append(index[m])
                self.mask[t].append(m)
        if any(m not in index for m in CLASSIC_BOXES):
            return
        self.box = list(CLASSIC_BOXES)
        # others[t][s]: the cells of the "columns" (lines of orientation 1 - t) outside
        # stack s; band[t][b]: the cells of the "rows" of band b.
        self.others: list[list[int]] = [[], []]
        self.band: list[list[int]] = [[], []]
        for t in range(2):
            for s in range(3):
                m = 0
                b = 0
                for k in range(9):
                    if k // 3 != s:
                        m |= self.mask[1 - t][k]
                    else:
                        b |= self.mask[t][k]
                self.others[t].append(m)
                self.band[t].append(b)
        self.ok = True


@per_layout
def _grid(layout: Layout) -> _Grid:
    return _Grid(layout)


def _two_lines(cells: int, rows: list[int], cols: list[int], t: int) -> tuple[int, ...] | None:
    """Two lines (0-8: ``rows[k]``, 9-17: ``cols[k - 9]``, the lines of orientation t)
    holding every cell of ``cells``, fewer when fewer do; None if no two do."""

    def lines_of(cell: int) -> tuple[int, int]:
        r, c = divmod(cell, 9)
        return (c, r) if t else (r, c)

    def one(rest: int) -> int | None:
        if not rest:
            return -1
        r, c = lines_of((rest & -rest).bit_length() - 1)
        for k, m in ((r, rows[r]), (9 + c, cols[c])):
            if not rest & ~m:
                return k
        return None

    if not cells:
        return ()
    r, c = lines_of((cells & -cells).bit_length() - 1)
    for k, m in ((r, rows[r]), (9 + c, cols[c])):
        other = one(cells & ~m)
        if other is not None:
            return (k,) if other < 0 else (k, other)
    return None


class _Exocet(Technique):
    """The search; the subclasses say where the targets may be."""

    senior: ClassVar[bool] = False

    def __init__(self) -> None:
        # A base (orientation, stack, row, third column) that gave nothing, with what its
        # search read then: the base cells' candidates, the places of the base digits in
        # the cross-lines' cells outside what sees the base, and the candidates of the
        # cells there that may be targets. While those stay the same in one solve, the
        # base gives nothing again (the search reads nothing else).
        self._quiet = QuietParts()

    def find(self, board: Board) -> Iterator[Step]:
        grid = _grid(board.layout)
        if not grid.ok:
            return
        cands = board.cands
        empty = board.empty
        values = board.values
        done: set[tuple[tuple[int, int], ...]] = set()
        quiet = self._quiet.follow(board)
        places = [board.positions(d) | board.placed(d) for d in range(1, 10)]
        senior = self.senior
        for t in range(2):
            cell = grid.cell[t]
            # In orientation t, "rows" are lines[t] and "columns" lines[1 - t]; cell
            # bitsets of each, in real cells.
            rows = grid.mask[t]
            cols = grid.mask[1 - t]
            for band in range(3):
                for stack in range(3):
                    box = grid.box[band * 3 + stack if t == 0 else stack * 3 + band]
                    for r in range(band * 3, band * 3 + 3):
                        for skip in range(3):
                            c0 = stack * 3 + skip  # the base box's third column
                            b1, b2 = (cell[r][stack * 3 + k] for k in range(3) if k != skip)
                            if not empty >> b1 & 1 or not empty >> b2 & 1:
                                continue
                            digits = cands[b1] | cands[b2]
                            if not 3 <= digits.bit_count() <= 4:
                                continue
                            # The cells the search reads: the seven cross-line
                            # candidates outside what sees the base, and among them the
                            # possible targets (a junior's in the base band).
                            reach = (cols[c0] | grid.others[t][stack]) & ~(rows[r] | box)
                            spots = reach & empty
                            if not senior:
                                spots &= grid.band[t][band]
                            part = ((t * 3 + stack) * 9 + r) * 3 + skip
                            # (flat: the base cells fix how many digits, spots how
                            # many cells follow)
                            state = (
                                cands[b1], cands[b2], spots,
                                *[places[d] & reach for d in range(9) if digits >> d & 1],
                                *[cands[x] for x in bits(spots)],
                            )
                            if quiet.get(part) == state:
                                continue
                            hits = yield from self._crosses(
                                board, grid, t, band, stack, r, c0, b1, b2, digits, box,
                                rows, cols, done, cands, empty, values,
                            )
                            if not hits:
                                quiet[part] = state

    def _crosses(
        self, board: Board, grid: _Grid, t: int, band: int, stack: int, r: int, c0: int,
        b1: int, b2: int, digits: int, box: int, rows: list[int], cols: list[int],
        done: set[tuple[tuple[int, int], ...]], cands: list[int], empty: int, values: list[int],
    ) -> Generator[Step, None, int]:
        """The exocets of one base; returns how many target pairs remove something
        (those whose step was shown already too)."""
        hits = [0]
        others = [s for s in range(3) if s != stack]
        sees_base = rows[r] | box
        # Each base digit's places (candidates and placed digits), as cell bitsets.
        places = {d: board.positions(d) | board.placed(d) for d in mask_digits(digits)}
        band_cells = 0
        for q in range(band * 3, band * 3 + 3):
            band_cells |= rows[q]
        # A target's places on each line outside what sees the base cells (the lines are
        # disjoint, so they do not depend on the other two lines); a junior's targets lie
        # in the base band, a senior's not both.
        near = band_cells if not self.senior else -1
        covered: dict[int, tuple[int, ...] | None] = {}  # _two_lines, by cell set
        line_spots = {
            k: [x for x in bits(cols[k] & ~sees_base & empty & near) if cands[x] & digits]
            for k in (c0, *range(others[0] * 3, others[0] * 3 + 3),
                      *range(others[1] * 3, others[1] * 3 + 3))
        }
        for k1 in range(others[0] * 3, others[0] * 3 + 3):
            for k2 in range(others[1] * 3, others[1] * 3 + 3):
                lines = (c0, k1, k2)
                spots = [line_spots[k] for k in lines]
                free: dict[int, int] | None = None
                for i, j in ((0, 1), (0, 2), (1, 2)):
                    for t1 in spots[i]:
                        for t2 in spots[j]:
                            # Junior: both targets in the base band; Senior: not.
                            inside = band_cells >> t1 & 1 and band_cells >> t2 & 1
                            if bool(inside) == self.senior:
                                continue
                            if free is None:
                                reach = (cols[c0] | cols[k1] | cols[k2]) & ~sees_base
                                free = {d: p & reach for d, p in places.items()}
                            step = self._try(
                                board, grid, t, b1, b2, t1, t2, digits, free, rows, cols,
                                lines, done, covered, hits,
                            )
                            if step is not None:
                                yield step
        return hits[0]

    def _try(
        self, board: Board, grid: _Grid, t: int, b1: int, b2: int, t1: int, t2: int,
        digits: int, free: dict[int, int], rows: list[int], cols: list[int],
        lines: tuple[int, int, int], done: set[tuple[tuple[int, int], ...]],
        covered: dict[int, tuple[int, ...] | None], hits: list[int],
    ) -> Step | None:
        """``covered`` keeps ``_two_lines`` by cell set (rows, cols and t are fixed);
        ``hits[0]`` counts the target pairs that remove something."""
        targets = 1 << t1 | 1 << t2
        covers: dict[int, tuple[int, ...]] = {}
        for d, where in free.items():
            rest = where & ~targets
            if rest in covered:
                found = covered[rest]
            else:
                found = covered[rest] = _two_lines(rest, rows, cols, t)
            if found is None:
                return None
            covers[d] = found
        cands = board.cands
        keep = {b1: 0, b2: 0, t1: 0, t2: 0}
        for a in mask_digits(cands[b1] & digits):
            for b in mask_digits(cands[b2] & digits):
                if a == b:
                    continue
                for x, y in ((a, b), (b, a)):
                    if cands[t1] >> (x - 1) & 1 and cands[t2] >> (y - 1) & 1:
                        keep[b1] |= 1 << (a - 1)
                        keep[b2] |= 1 << (b - 1)
                        keep[t1] |= 1 << (x - 1)
                        keep[t2] |= 1 << (y - 1)
        if not keep[t1]:
            return None  # no matching at all: the grid is broken; say nothing
        elims = sorted(
            (c, d) for c, m in keep.items() for d in mask_digits(cands[c] & ~m)
        )
        if not elims:
            return None
        hits[0] += 1
        key = tuple(elims)
        if key in done:
            return None
        done.add(key)
        return self._step(board, grid, t, b1, b2, t1, t2, digits, covers, lines, elims)

    def _step(
        self, board: Board, grid: _Grid, t: int, b1: int, b2: int, t1: int, t2: int,
        digits: int, covers: dict[int, tuple[int, ...]], lines: tuple[int, int, int],
        elims: list[tuple[int, int]],
    ) -> Step:
        lay = board.layout
        cands = board.cands
        line_kind = ("row", "column") if t == 0 else ("column", "row")
        # cover index k: 0-8 a "row" of the orientation, 9-17 a "column".
        def line_name(k: int) -> str:
            kind = line_kind[0] if k < 9 else line_kind[1]
            return f"{kind} {k % 9 + 1}"

        cross = [grid.line[1 - t][k] for k in sorted(lines)]
        dtext = "".join(digit_char(d) for d in mask_digits(digits))
        base_name = compact_cells(lay, (b1, b2))
        crossing = sorted(lines)
        short = ("c" if t == 0 else "r") + "".join(str(k + 1) for k in crossing)
        pattern = f"base {base_name} {{{dtext}}}, targets {lay.name(t1)},{lay.name(t2)} ({short})"
        per_digit = []
        for d in mask_digits(digits):
            found = covers[d]
            where = " and ".join(line_name(k) for k in found) if found else "nowhere"
            per_digit.append(f"{digit_char(d)}: {where}")
        explanation = (
            f"{cells_text(lay, (b1, b2))} (the base) hold two different digits among"
            f" {digits_text(digits, 'and')}. Each of those digits is once in each of"
            f" {', '.join(line_name(9 + k) for k in crossing)}, never in a cell that sees"
            f" both base cells; outside the targets {lay.name(t1)} and {lay.name(t2)} its"
            f" other places there lie in at most two lines ({'; '.join(per_digit)}), so"
            f" one of the three takes it in a target. The two targets therefore hold the"
            f" two base digits, one each: {removal_text(lay, elims)}"
        )
        cells = (b1, b2, t1, t2)
        return Step(
            self.code,
            eliminations=tuple(elims),
            explanation=explanation,
            cells=cells,
            houses=tuple(cross),
            digits=tuple(mask_digits(digits)),
            candidates=tuple(sorted(
                (c, d) for c in cells for d in mask_digits(cands[c] & digits)
            )),
            notation=notation(lay, self.name, pattern, (), elims),
        )


class JuniorExocet(_Exocet):
    """Both targets in the base band, one in each box beside the base box."""

    code = "je"


class SeniorExocet(_Exocet):
    """A target outside the base band."""

    code = "se"
    senior = True
