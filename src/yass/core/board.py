"""Puzzle (a layout plus givens) and Board (a layout plus the current candidates).

The board keeps two views in sync: ``cands[cell]`` is the digit mask of a cell, and
``positions(d)`` is the bitset of unplaced cells where digit ``d`` is still a candidate
(the "level" of d, with ``placed(d)`` its determined cells).
"""

from __future__ import annotations

from yass.core.geometry import PuzzleError, a_digit, bits, digit_char
from yass.core.layout import Layout
from yass.core.propagate import Candidates
from yass.core.record import Frozen

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from yass.core.step import Step

__all__ = ["Board", "ConflictError", "Puzzle"]


# Values 0-9 as a line's characters, "." for 0 (sizes up to 9).
_LINE_CHARS = bytes.maketrans(bytes(range(10)), b".123456789")


class ConflictError(PuzzleError):
    """Two givens break a rule together (or a given breaks a rule on its cell)."""

    def __init__(self, message: str, cells: tuple[int, ...] = ()) -> None:
        super().__init__(message)
        self.cells = cells


class Puzzle(Frozen):
    """A layout and its givens (0 = empty), row by row; ``name`` is left out of equality."""

    _compared = ("layout", "givens")
    _shown = ("layout", "givens", "name")

    layout: Layout
    givens: tuple[int, ...]
    name: str

    def __init__(self, layout: Layout, givens: tuple[int, ...], name: str = "") -> None:
        self._fields(layout=layout, givens=givens, name=name)
        if len(self.givens) != self.layout.ncells:
            raise PuzzleError(
                f"{a_digit(str(self.layout.size))}x{self.layout.size} puzzle needs"
                f" {self.layout.ncells} cells, got {len(self.givens)}"
            )

    @property
    def size(self) -> int:
        return self.layout.size

    def line(self) -> str:
        """The givens as one line, ``.`` for empty cells."""
        if self.layout.size <= 9:
            return bytes(self.givens).translate(_LINE_CHARS).decode("ascii")
        return "".join(digit_char(v) if v else "." for v in self.givens)

    def board(self) -> Board:
        """A fresh board with the givens placed; ConflictError if two givens clash."""
        return Board.from_givens(self.layout, self.givens)

    def check_givens(self) -> None:
        """Raise ConflictError naming the first clash among the givens."""
        self.board()


class Board(Candidates):
    """Candidates of every cell of a layout, with the givens they started from.

    ``eliminate``, ``restrict`` and ``place`` are the primitives (``yass.core.propagate``).
    """

    __slots__ = ("givens",)

    def __init__(self, layout: Layout) -> None:
        super().__init__(layout)
        #: Bitset of the cells holding givens (set by ``from_givens``), or None when not
        #: known; the avoidable rectangle tells givens from placed digits by it.
        self.givens: int | None = None

    @classmethod
    def from_givens(cls, layout: Layout, givens: Sequence[int]) -> Board:
        """Place the givens in order, raising ConflictError on the first clash."""
        board = cls(layout)
        seen: list[int] = []
        related = any(layout.arcs)
        holders = [0] * (layout.size + 1)  # the cells of the givens of each digit so far
        for cell, d in enumerate(givens):
            if not d:
                continue
            if not 1 <= d <= layout.size:
                raise ConflictError(
                    f"{layout.name(cell)}: digit {d} is outside 1..{layout.size}", (cell,)
                )
            if not layout.cell_masks[cell] >> (d - 1) & 1:
                rules = [c.label for c in layout.constraints for m in c.cell_masks(layout.grid)
                         if m[0] == cell and not m[1] >> (d - 1) & 1]
                why = f"{rules[0]} rule" if rules else "rule on that cell"
                raise ConflictError(
                    f"given {layout.name(cell)}={digit_char(d)} breaks the {why}", (cell,)
                )
            if related or layout.peers[cell] & holders[d]:
                _first_clash(layout, givens, seen, cell)
            seen.append(cell)
            holders[d] |= 1 << cell
        mask = 0
        for cell in seen:
            board.place(cell, givens[cell])
            mask |= 1 << cell
        board.givens = mask
        return board

    def copy(self) -> Board:
        new = Board.__new__(Board)
        new.layout = self.layout
        new.givens = self.givens
        new.cands = self.cands[:]
        new.values = self.values[:]
        new._pos = self._pos[:]
        new._placed = self._placed[:]
        new._empty = self._empty
        return new

    # -- the two views ------------------------------------------------------------------

    def candidates(self, cell: int) -> int:
        """The digit mask of ``cell`` (a placed cell has one bit)."""
        return self.cands[cell]

    def is_solved(self) -> bool:
        return all(self.values)

    def has(self, cell: int, digit: int) -> bool:
        return bool(self.cands[cell] >> (digit - 1) & 1)

    def apply(self, step: Step) -> None:
        """Make a step's placements and eliminations."""
        for cell, d in step.eliminations:
            self.eliminate(cell, d)
        for cell, d in step.placements:
            self.place(cell, d)

    # -- state ---------------------------------------------------------------------------

    def contradiction(self) -> str | None:
        """Why the board cannot be completed by simple counting, or None."""
        lay = self.layout
        for cell in range(lay.ncells):
            if not self.cands[cell]:
                return f"{lay.name(cell)} has no candidate left"
            v = self.values[cell]
            if v and not self.cands[cell] >> (v - 1) & 1:
                return f"{lay.name(cell)}={digit_char(v)} was removed by a rule"
        for house in lay.full_houses:
            for d in range(1, lay.size + 1):
                if not (self._pos[d - 1] | self._placed[d - 1]) & house.mask:
                    return f"{house.name} has no place for {digit_char(d)}"
        return None

    def line(self) -> str:
        return "".join(digit_char(v) if v else "." for v in self.values)

    def unplaced_cells(self) -> Iterable[int]:
        return bits(self.empty)

    def __repr__(self) -> str:
        return f"<Board {self.line()}>"


def _first_clash(layout: Layout, givens: Sequence[int], seen: list[int], cell: int) -> None:
    """Raise ConflictError for the first given of ``seen`` (in order) that the given at
    ``cell`` clashes with: the same digit where they see each other, or a pair a
    relation forbids."""
    d = givens[cell]
    name = layout.name(cell)
    for other in seen:
        od = givens[other]
        if od == d and layout.sees(cell, other):
            raise ConflictError(
                f"givens {layout.name(other)} and {name} are both {digit_char(d)}"
                f" ({layout.why_sees(other, cell)})",
                (other, cell),
            )
        if not layout.relation_allows(other, od, cell, d):
            rule = " and ".join(sorted(set(layout.relation_labels(other, cell))))
            raise ConflictError(
                f"givens {layout.name(other)}={digit_char(od)} and {name}={digit_char(d)}"
                f" break the {rule} rule",
                (other, cell),
            )
