"""Rules on single cells: odd, even, and given candidate lists."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from yass.constraints.base import CellsRule, Constraint, register
from yass.core.geometry import Grid, LayoutError, char_digit, digits_mask, digits_text

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from typing import Any, ClassVar

    from yass.constraints.base import JSONDict


class ParityRule(CellsRule):
    remainder: ClassVar[int] = 1

    def cell_masks(self, grid: Grid) -> Iterable[tuple[int, int]]:
        mask = digits_mask([d for d in range(1, grid.size + 1) if d % 2 == self.remainder])
        return [(c, mask) for c in self.cells]


@register
class Odd(ParityRule):
    """The cells hold odd digits."""

    type = "odd"
    label = "odd cell"
    remainder = 1


@register
class Even(ParityRule):
    """The cells hold even digits."""

    type = "even"
    label = "even cell"
    remainder = 0


@register
class Candidates(Constraint):
    """The cell holds one of the listed digits."""

    type = "candidates"
    label = "candidate list"

    def __init__(self, cell: int, mask: int) -> None:
        self.cell, self.mask = cell, mask

    def cell_masks(self, grid: Grid) -> Iterable[tuple[int, int]]:
        return [(self.cell, self.mask)]

    def to_json(self, grid: Grid) -> JSONDict:
        return {"type": self.type, "cell": grid.name(self.cell), "digits": digits_text(self.mask)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], grid: Grid) -> Constraint:
        cell = grid.parse_cell(str(data.get("cell", "")))
        raw = data.get("digits")
        digits: list[int] = []
        if isinstance(raw, str):
            digits = [char_digit(ch) for ch in raw if ch not in " ,"]
        elif isinstance(raw, list):
            digits = [x if isinstance(x, int) else char_digit(str(x)) for x in raw]
        else:
            raise LayoutError("needs 'digits', a string or a list of digits")
        bad = [d for d in digits if not 1 <= d <= grid.size]
        if bad or not digits:
            raise LayoutError(f"'digits' must list digits 1 to {grid.size}, got {raw!r}")
        return cls(cell, digits_mask(digits))

    def __repr__(self) -> str:
        return f"Candidates({self.cell}, {self.mask:#x})"
