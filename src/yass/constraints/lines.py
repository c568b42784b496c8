"""Line and cell-group rules: renban, between, entropic and modular lines, quadruples,
minimum and maximum cells, the row, column and box indexers and lockout lines.

The entropic and modular lines, minimum/maximum cells and the indexer are binary at
heart, so they declare relations (tables between two cells) and the generic machinery
(relation consistency, chains, the compiled search) handles them. Renban, between and
quadruple need several cells at once and are ``GroupRule`` s.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import partial

from yass.constraints.base import (
    CellsRule,
    Constraint,
    Contains,
    DigitSets,
    Form,
    Relation,
    cell_list,
    int_field,
    register,
    relation_table,
)
from yass.constraints.group import Automaton, GroupRule, cells_names, layered_form
from yass.constraints.sums import SetRule
from yass.constraints.support import grid_sees, region_index, support
from yass.core.geometry import Grid, LayoutError, char_digit, digit_char, mask_digits
from yass.core.memo import remember

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from typing import Any

    from yass.constraints.base import JSONDict

__all__ = [
    "Between",
    "BoxIndexer",
    "ColumnIndexer",
    "EntropicLine",
    "LockoutLine",
    "Maximum",
    "Minimum",
    "ModularLine",
    "Quadruple",
    "Renban",
    "RowIndexer",
]


@register
class Renban(SetRule, CellsRule):
    """Different digits that form a run of consecutive numbers, in any order."""

    type = "renban"
    label = "renban line"

    def houses(self, grid: Grid) -> Iterable[tuple[str, tuple[int, ...]]]:
        return [("renban", self.cells)]

    def holds(self, grid: Grid, values: Sequence[int]) -> bool:
        return len(set(values)) == len(values) and max(values) - min(values) == len(values) - 1

    def digit_sets(self, grid: Grid) -> Sequence[int]:
        return _runs(grid.size, len(self.cells))

    @classmethod
    def from_json(cls, data: Mapping[str, Any], grid: Grid) -> Constraint:
        cells = cell_list(data, "cells", grid)
        if len(cells) > grid.size:
            raise LayoutError(f"a renban line holds at most {grid.size} cells")
        return cls(cells)


@register
class Between(GroupRule, CellsRule):
    """Every cell strictly between the two ends holds a digit strictly between the
    ends' digits."""

    type = "between"
    label = "between line"

    def describe(self, grid: Grid) -> str:
        ends = f"{grid.name(self.cells[0])},{grid.name(self.cells[-1])}"
        return f"{self.label} {ends} (through {cells_names(grid, self.cells[1:-1])})"

    def holds(self, grid: Grid, values: Sequence[int]) -> bool:
        lo, hi = sorted((values[0], values[-1]))
        return all(lo < v < hi for v in values[1:-1])

    def narrow(self, grid: Grid, masks: list[int]) -> list[int]:
        first, last, middle = masks[0], masks[-1], masks[1:-1]
        keep_first = keep_last = 0
        keep_mid = [0] * len(middle)
        if not middle:
            return masks
        for x in mask_digits(first):
            for y in mask_digits(last):
                lo, hi = min(x, y), max(x, y)
                inner = ((1 << (hi - 1)) - 1) & ~((1 << lo) - 1)  # digits lo+1 .. hi-1
                if all(m & inner for m in middle):
                    keep_first |= 1 << (x - 1)
                    keep_last |= 1 << (y - 1)
                    for i, m in enumerate(middle):
                        keep_mid[i] |= m & inner
        return [keep_first, *keep_mid, keep_last]

    def compiled(self, grid: Grid) -> Sequence[Form] | None:
        # read the two ends first (memory: their digits, low and high), then the line
        if len(self.cells) == 2:
            return ()  # no cell between: nothing to obey
        order = (self.cells[0], self.cells[-1], *self.cells[1:-1])
        rule = Automaton((), _between_step, lambda memory: True)
        return (layered_form(self.type, order, grid.size, rule),)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], grid: Grid) -> Constraint:
        cells = cell_list(data, "cells", grid)
        if len(cells) < 2:
            raise LayoutError("a between line needs at least 2 cells")
        return cls(cells)


#: ``_runs`` by (size, length): a few recur in every puzzle with renban lines. Bounded.
_RUNS: dict[tuple[int, int], tuple[int, ...]] = {}


def _runs(size: int, k: int) -> tuple[int, ...]:
    """The digit masks of ``k`` consecutive digits of 1..``size``, lowest first."""
    runs = _RUNS.get((size, k))
    if runs is None:
        made = tuple([((1 << k) - 1) << lo for lo in range(size - k + 1)])
        runs = remember(_RUNS, (size, k), made)
    return runs


def _between_step(i: int, memory: tuple[int, ...], d: int) -> tuple[int, ...] | None:
    """A between line read ends first: the ends' digits (low, high) at least 2 apart,
    then each digit of the line strictly between them."""
    if i == 0:
        return (d,)
    if i == 1:
        lo, hi = sorted((memory[0], d))
        return (lo, hi) if hi - lo >= 2 else None
    return memory if memory[0] < d < memory[1] else None


def _inner(lo: int, hi: int) -> int:
    """The digits ``lo`` to ``hi``, both included, as a mask."""
    return ((1 << hi) - 1) & ~((1 << (lo - 1)) - 1)


@register
class LockoutLine(GroupRule, CellsRule):
    """The two ends (diamonds) differ by at least ``value``, and no digit on the line
    between them lies between the ends' digits, or equals either."""

    type = "lockout_line"
    label = "lockout line"

    def __init__(self, cells: Sequence[int], value: int = 0) -> None:
        CellsRule.__init__(self, cells)
        self.value = value

    def gap(self, grid: Grid) -> int:
        """The least difference of the ends: ``value``, by default N // 2 (4 on 9x9)."""
        return self.value or grid.size // 2

    def describe(self, grid: Grid) -> str:
        ends = f"{grid.name(self.cells[0])},{grid.name(self.cells[-1])}"
        inner = cells_names(grid, self.cells[1:-1])
        return f"{self.label} {ends}" + (f" (through {inner})" if inner else "")

    def holds(self, grid: Grid, values: Sequence[int]) -> bool:
        lo, hi = sorted((values[0], values[-1]))
        return hi - lo >= self.gap(grid) and all(not lo <= v <= hi for v in values[1:-1])

    def narrow(self, grid: Grid, masks: list[int]) -> list[int]:
        first, last, middle = masks[0], masks[-1], masks[1:-1]
        keep_first = keep_last = 0
        keep_mid = [0] * len(middle)
        gap = self.gap(grid)
        for x in mask_digits(first):
            for y in mask_digits(last):
                lo, hi = min(x, y), max(x, y)
                if hi - lo < gap:
                    continue
                outer = ~_inner(lo, hi)
                if all(m & outer for m in middle):
                    keep_first |= 1 << (x - 1)
                    keep_last |= 1 << (y - 1)
                    for i, m in enumerate(middle):
                        keep_mid[i] |= m & outer
        return [keep_first, *keep_mid, keep_last]

    def compiled(self, grid: Grid) -> Sequence[Form] | None:
        # read the two ends first (memory: their digits, low and high), then the line
        gap = self.gap(grid)

        def step(i: int, memory: tuple[int, ...], d: int) -> tuple[int, ...] | None:
            if i == 0:
                return (d,)
            if i == 1:
                lo, hi = sorted((memory[0], d))
                return (lo, hi) if hi - lo >= gap else None
            return memory if not memory[0] <= d <= memory[1] else None

        order = (self.cells[0], self.cells[-1], *self.cells[1:-1])
        rule = Automaton((), step, lambda memory: True)
        return (layered_form(f"{self.type}:{gap}", order, grid.size, rule),)

    def to_json(self, grid: Grid) -> JSONDict:
        out = super().to_json(grid)
        if self.value:
            out["value"] = self.value
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any], grid: Grid) -> Constraint:
        cells = cell_list(data, "cells", grid)
        if len(cells) < 2:
            raise LayoutError("a lockout line needs at least 2 cells")
        value = int_field(data, "value", 0)
        top = grid.size - (1 if len(cells) == 2 else 2)  # a digit must fit outside the ends
        if not 0 <= value <= top or (value == 0 and grid.size // 2 > top):
            raise LayoutError(f"'value' must be a difference from 1 to {top}, not {value}")
        return cls(cells, value)

    def __repr__(self) -> str:
        return f"LockoutLine({list(self.cells)!r}, {self.value})"


@register
class Quadruple(GroupRule):
    """Every listed digit appears in the cells (a digit listed twice appears twice)."""

    type = "quadruple"
    label = "quadruple"

    def __init__(self, cells: Sequence[int], digits: Sequence[int]) -> None:
        self.cells, self.digits = tuple(cells), tuple(sorted(digits))

    def describe(self, grid: Grid) -> str:
        shown = "".join(digit_char(d) for d in self.digits)
        return f"{self.label} {shown} at {cells_names(grid, self.cells)}"

    def holds(self, grid: Grid, values: Sequence[int]) -> bool:
        rest = list(values)
        for d in self.digits:
            if d not in rest:
                return False
            rest.remove(d)
        return True

    def narrow(self, grid: Grid, masks: list[int]) -> list[int]:
        found = support(masks, self.apart(grid), lambda v: self.holds(grid, v), cap=12000)
        if found is None:
            return masks
        return [m & f for m, f in zip(masks, found, strict=True)]

    def required(self, grid: Grid, masks: Sequence[int]) -> int:
        need = 0
        for d in self.digits:
            need |= 1 << (d - 1)
        return need

    def compiled(self, grid: Grid) -> Sequence[Form] | None:
        # Cells that all see each other hold different digits: every set of that many
        # digits with the listed ones. Otherwise each listed digit, as often as listed.
        cells = self.cells
        apart = all(grid_sees(grid, a, b) for a in cells for b in cells if a != b)
        if not apart or len(set(self.digits)) != len(self.digits):
            return tuple(
                Contains(cells, d, self.digits.count(d)) for d in sorted(set(self.digits))
            )
        need = self.required(grid, ())
        sets = [
            s for s in range(1 << grid.size)
            if s & need == need and s.bit_count() == len(cells)
        ]
        return (DigitSets(cells, tuple(sets)),)

    def to_json(self, grid: Grid) -> JSONDict:
        return {
            "type": self.type,
            "cells": [grid.name(c) for c in self.cells],
            "digits": list(self.digits),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], grid: Grid) -> Constraint:
        cells = cell_list(data, "cells", grid)
        raw = data.get("digits")
        if isinstance(raw, str):
            digits = [char_digit(ch) for ch in raw if ch not in " ,"]
        elif isinstance(raw, list) and all(isinstance(x, int) for x in raw):
            digits = list(raw)
        else:
            raise LayoutError("needs 'digits', a list of digits")
        if not digits or any(not 1 <= d <= grid.size for d in digits):
            raise LayoutError(f"'digits' must list digits 1 to {grid.size}, got {raw!r}")
        if len(digits) > len(cells):
            raise LayoutError(f"{len(digits)} digits cannot fit in {len(cells)} cells")
        return cls(cells, digits)

    def __repr__(self) -> str:
        return f"Quadruple({list(self.cells)!r}, {list(self.digits)!r})"


class ClassLine(CellsRule):
    """Any three consecutive cells hold digits of three different classes."""

    def digit_class(self, grid: Grid, d: int) -> int:
        raise NotImplementedError

    def relations(self, grid: Grid) -> Iterable[Relation]:
        table = relation_table(
            grid.size, lambda x, y: self.digit_class(grid, x) != self.digit_class(grid, y)
        )
        for gap in (1, 2):
            for i in range(len(self.cells) - gap):
                yield Relation(self.cells[i], self.cells[i + gap], table, self.label)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], grid: Grid) -> Constraint:
        if grid.size % 3:
            raise LayoutError(f"needs a size divisible by 3, not {grid.size}")
        return cls(cell_list(data, "cells", grid, repeats=True))


@register
class EntropicLine(ClassLine):
    """Any three consecutive cells hold one low, one middle and one high digit
    (1-3, 4-6, 7-9 on 9x9)."""

    type = "entropic_line"
    label = "entropic line"

    def digit_class(self, grid: Grid, d: int) -> int:
        return (d - 1) // (grid.size // 3)


@register
class ModularLine(ClassLine):
    """Any three consecutive cells hold digits of three different remainders mod 3."""

    type = "modular_line"
    label = "modular line"

    def digit_class(self, grid: Grid, d: int) -> int:
        return d % 3


class ExtremeCells(CellsRule):
    """Each listed cell compares one way with every orthogonal neighbour not listed."""

    smaller = True

    def relations(self, grid: Grid) -> Iterator[Relation]:
        listed = set(self.cells)
        less = relation_table(grid.size, lambda x, y: x < y)
        more = relation_table(grid.size, lambda x, y: x > y)
        for cell in self.cells:
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                other = grid.step(cell, dr, dc)
                if other is not None and other not in listed:
                    yield Relation(cell, other, less if self.smaller else more, self.label)


@register
class Minimum(ExtremeCells):
    """Each cell is smaller than every orthogonal neighbour that is not also listed."""

    type = "minimum"
    label = "minimum cell"
    smaller = True


@register
class Maximum(ExtremeCells):
    """Each cell is greater than every orthogonal neighbour that is not also listed."""

    type = "maximum"
    label = "maximum cell"
    smaller = False


def _indexes(at: int, digit: int, x: int, y: int) -> bool:
    """The index cell holding ``at`` needs ``digit`` in the cell it points to (``y``)."""
    return x != at or y == digit


class Indexer(CellsRule):
    """An indexer: the digit in each listed cell points at a cell of its row, column or
    box, which must hold the listed cell's own position there."""

    def group(self, grid: Grid, cell: int) -> tuple[tuple[int, ...], int]:
        """The cells the listed ``cell`` points into, in order (position k holds the
        cell digit k + 1 points at), and the listed cell's own position among them."""
        raise NotImplementedError

    def relations(self, grid: Grid) -> Iterator[Relation]:
        for cell in self.cells:
            group, own = self.group(grid, cell)
            for k, other in enumerate(group):
                if k != own:
                    # the cell holding k + 1 puts its own position, own + 1, at ``other``
                    table = relation_table(grid.size, partial(_indexes, k + 1, own + 1))
                    yield Relation(cell, other, table, self.label)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], grid: Grid) -> Constraint:
        return cls(cell_list(data, "cells", grid))


@register
class ColumnIndexer(Indexer):
    """The "159" rule on a column: digit v at (r, c) means digit c stands at (r, v)."""

    type = "column_indexer"
    label = "column indexer"

    def group(self, grid: Grid, cell: int) -> tuple[tuple[int, ...], int]:
        r, c = grid.rc(cell)
        return tuple(grid.cell(r, k) for k in range(grid.size)), c


@register
class RowIndexer(Indexer):
    """A row indexer: digit v at (r, c) means digit r stands at (v, c)."""

    type = "row_indexer"
    label = "row indexer"

    def group(self, grid: Grid, cell: int) -> tuple[tuple[int, ...], int]:
        r, c = grid.rc(cell)
        return tuple(grid.cell(k, c) for k in range(grid.size)), r


@register
class BoxIndexer(Indexer):
    """A box indexer: digit v in the cell at position p of its box (counted 1 to N in
    reading order) means digit p stands at position v of that box (a jigsaw region's
    cells are counted in reading order too)."""

    type = "box_indexer"
    label = "box indexer"

    def group(self, grid: Grid, cell: int) -> tuple[tuple[int, ...], int]:
        regions = region_index(grid)
        if regions is None or regions[cell] >= grid.ncells:
            raise LayoutError(f"a box indexer at {grid.name(cell)} needs a box or region there")
        group = tuple(c for c in range(grid.ncells) if regions[c] == regions[cell])
        if len(group) != grid.size:
            raise LayoutError(f"a box indexer at {grid.name(cell)} needs a full box or region")
        return group, group.index(cell)
