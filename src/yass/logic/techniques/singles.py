"""Singles: the cell with one candidate left, and the house with one place for a digit.

"r4c9 can only be 8, fill it in" (a cell with one candidate left) and "box 1 can only
have a 1 in r2c3, fill it in" (a house with one place left for a digit).
"""

from __future__ import annotations

from yass.core.board import Board
from yass.core.geometry import a_digit, digit_char
from yass.core.layout import House, Layout, per_layout
from yass.core.step import Step, notation
from yass.logic.techniques.base import Technique

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Iterator

__all__ = ["FullHouse", "HiddenSingle", "NakedSingle", "full_houses_in_order"]

_KIND_ORDER = {"box": 0, "row": 1, "column": 2}


@per_layout
def full_houses_in_order(layout: Layout) -> tuple[tuple[int, House], ...]:
    """(index, house) of the full houses, boxes first, then rows, columns, the rest."""
    indexed = [(i, h) for i, h in enumerate(layout.houses) if h.full]
    return tuple(sorted(indexed, key=lambda ih: (_KIND_ORDER.get(ih[1].kind, 3), ih[0])))


class FullHouse(Technique):
    """The last empty cell of a full house holds the digit the house still lacks."""

    code = "fh"

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        cands = board.cands
        empty = board.empty
        seen = 0
        for index, house in full_houses_in_order(lay):
            open_cells = empty & house.mask
            if not open_cells or open_cells & (open_cells - 1) or seen & open_cells:
                continue
            cell = open_cells.bit_length() - 1
            missing = lay.all_digits
            for other in house.cells:
                if other != cell:
                    missing &= ~cands[other]
            m = cands[cell] & missing
            if not m or m & (m - 1):
                continue  # the board is broken; the contradiction check reports it
            seen |= open_cells
            d = m.bit_length()
            name = lay.name(cell)
            yield Step(
                self.code,
                placements=((cell, d),),
                explanation=(
                    f"{name} is the last empty cell of {house.name}, which still needs"
                    f" {a_digit(digit_char(d))}: fill it in"
                ),
                cells=(cell,),
                houses=(index,),
                digits=(d,),
                notation=notation(lay, self.name, "", ((cell, d),)),
            )


class NakedSingle(Technique):
    """A cell with one candidate left holds it."""

    code = "ns"

    def find(self, board: Board) -> Iterator[Step]:
        values = board.values
        lay = board.layout
        for cell, m in enumerate(board.cands):
            if not m & (m - 1) and m and not values[cell]:
                d = m.bit_length()
                yield Step(
                    self.code,
                    placements=((cell, d),),
                    explanation=f"{lay.name(cell)} can only be {digit_char(d)}, fill it in",
                    cells=(cell,),
                    digits=(d,),
                    notation=notation(lay, self.name, "", ((cell, d),)),
                )


class HiddenSingle(Technique):
    """A full house with one place left for a digit puts it there."""

    code = "hs"

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        for index, house in full_houses_in_order(lay):
            for d in range(1, lay.size + 1):
                spots = board.positions(d) & house.mask
                if not spots or spots & (spots - 1) or board.placed(d) & house.mask:
                    continue
                cell = spots.bit_length() - 1
                yield Step(
                    self.code,
                    placements=((cell, d),),
                    explanation=(
                        f"{house.name} can only have {a_digit(digit_char(d))} in {lay.name(cell)},"
                        " fill it in"
                    ),
                    cells=(cell,),
                    houses=(index,),
                    digits=(d,),
                    notation=notation(lay, self.name, "", ((cell, d),)),
                )
