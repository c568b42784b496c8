"""The sees-rule: every place for a digit in a house sees a cell, so it loses the digit.

For a digit d and a full house H, let A be the cells of H that still allow d (at least
two of them, d not yet placed in H). One of A holds d, so every other cell that sees
all of A cannot. With peers as bitsets the targets are ``AND(peers[a] for a in A) &
positions(d) & ~A``. In a classic grid this is pointing (A inside one box and one
line clears the rest of the line) and claiming (A inside one line and one box clears
the rest of the box); with more rules it also clears the cells a knight's move, a
king's move or a diagonal away from all of A.
"""

from __future__ import annotations

from yass.core.board import Board
from yass.core.geometry import a_digit, bits, digit_char
from yass.core.propagate import outside_reach
from yass.core.step import Step, house_name, notation
from yass.logic.techniques.base import Technique, cells_text
from yass.logic.techniques.context import QuietDigits
from yass.logic.techniques.singles import full_houses_in_order

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Iterator

__all__ = ["Intersection", "outside_reach"]


class Intersection(Technique):
    """Pointing, claiming and their variant forms in one rule."""

    code = "ic"

    def __init__(self) -> None:
        super().__init__()
        # (a digit's intersections depend on its places and placed cells alone)
        self._quiet = QuietDigits()

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        peers = lay.peers
        reach = outside_reach(lay)
        quiet = self._quiet
        keys = dict(quiet.live(board, placed=True))
        found: set[int] = set()
        for index, house in full_houses_in_order(lay):
            most = reach[house.mask]
            for d in keys:
                spots = board.positions(d) & house.mask
                if not spots & (spots - 1) or board.placed(d) & house.mask:
                    continue
                if spots.bit_count() > most:
                    continue
                targets = board.positions(d) & ~spots
                for a in bits(spots):
                    targets &= peers[a]
                    if not targets:
                        break
                if not targets:
                    continue
                ch = digit_char(d)
                where = ""
                other = -1
                first = (spots & -spots).bit_length() - 1
                for h in lay.cell_houses[first]:
                    if h != index and lay.houses[h].mask & spots == spots:
                        where = f" (all in {lay.houses[h].name})"
                        other = h
                        break
                form = "Locked Candidates"
                kind = house.kind
                if other >= 0 and kind == "box" and lay.houses[other].kind in ("row", "column"):
                    form = "Locked Candidates Type 1 (Pointing)"
                elif other >= 0 and kind in ("row", "column") and lay.houses[other].kind == "box":
                    form = "Locked Candidates Type 2 (Claiming)"
                elims = tuple((c, d) for c in bits(targets))
                many = targets & (targets - 1)
                see = "see all of them, so they" if many else "sees all of them, so it"
                found.add(d)
                yield Step(
                    self.code,
                    eliminations=elims,
                    explanation=(
                        f"{house.name} can only have {a_digit(ch)} in"
                        f" {cells_text(lay, spots, 'or')}{where};"
                        f" {cells_text(lay, targets)} {see} can't be {ch}"
                    ),
                    cells=tuple(bits(spots)),
                    houses=(index,) if other < 0 else (index, other),
                    digits=(d,),
                    candidates=tuple((c, d) for c in bits(spots)),
                    notation=notation(lay, form, f"{ch} in {house_name(lay, index)}", (), elims),
                    name=form,
                )
        for d, key in keys.items():
            if d not in found:
                quiet.remember(lay, d, key)
