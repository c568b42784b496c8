"""Rules between pairs of cells: chess moves (sees-pairs) and digit relations.

Anti-knight and anti-king only add "sees" pairs. The rest are relations: a table that
says, for each digit of one cell, which digits the other cell may hold. The kropki
and XV families follow ``shared/data/variants/README.md``: the negative rules
(non-consecutive, no black dot, no X or V) skip pairs that carry a marker.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import partial
from itertools import pairwise

from yass.constraints.base import (
    CellsRule,
    Constraint,
    Relation,
    cell_list,
    int_field,
    register,
    relation_table,
)
from yass.core.geometry import Grid, LayoutError
from yass.core.memo import remember

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from typing import Any, ClassVar

    from yass.constraints.base import JSONDict

KNIGHT = [(dr, dc) for dr in (-2, -1, 1, 2) for dc in (-2, -1, 1, 2) if abs(dr) != abs(dc)]
KING = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]


@register
class AntiKnight(Constraint):
    """Cells a chess knight's move apart hold different digits."""

    type = "antiknight"
    label = "anti-knight"

    def sees_pairs(self, grid: Grid) -> Iterable[tuple[int, int]]:
        return grid.offset_pairs(KNIGHT)


@register
class AntiKing(Constraint):
    """Cells a chess king's move apart hold different digits."""

    type = "antiking"
    label = "anti-king"

    def sees_pairs(self, grid: Grid) -> Iterable[tuple[int, int]]:
        return grid.offset_pairs(KING)


def _marked_pairs(grid: Grid, types: Sequence[str]) -> set[frozenset[int]]:
    """Pairs of cells that carry a marker of one of ``types`` (exempt from negative rules)."""
    out: set[frozenset[int]] = set()
    for con in grid.constraints:
        if con.type in types and isinstance(con, PairMarker):
            out.add(frozenset((con.a, con.b)))
    return out


class NegativeRule(Constraint):
    """A whole-grid rule on every orthogonal pair without an exempting marker."""

    exempt_by: ClassVar[tuple[str, ...]] = ()

    def ok(self, grid: Grid, x: int, y: int) -> bool:
        raise NotImplementedError

    def pairs(self, grid: Grid) -> Iterator[tuple[int, int]]:
        return grid.orthogonal_pairs()

    def relations(self, grid: Grid) -> Iterable[Relation]:
        table = relation_table(grid.size, lambda x, y: self.ok(grid, x, y))
        marked = _marked_pairs(grid, self.exempt_by)
        for a, b in self.pairs(grid):
            if frozenset((a, b)) not in marked:
                yield Relation(a, b, table, self.label)


@register
class NonConsecutive(NegativeRule):
    """Orthogonally adjacent cells never hold consecutive digits (dotted pairs exempt)."""

    type = "nonconsecutive"
    label = "non-consecutive"
    exempt_by = ("difference", "ratio")

    def ok(self, grid: Grid, x: int, y: int) -> bool:
        return abs(x - y) != 1


@register
class DiagonalNonConsecutive(NegativeRule):
    """Diagonally adjacent cells never hold consecutive digits."""

    type = "diagonal_nonconsecutive"
    label = "diagonal non-consecutive"

    def ok(self, grid: Grid, x: int, y: int) -> bool:
        return abs(x - y) != 1

    def pairs(self, grid: Grid) -> Iterator[tuple[int, int]]:
        return grid.diagonal_pairs()


@register
class KropkiNegativeBlack(NegativeRule):
    """No orthogonal pair without a kropki dot has one digit twice the other."""

    type = "kropki_negative_black"
    label = "no black dot"
    exempt_by = ("difference", "ratio")

    def ok(self, grid: Grid, x: int, y: int) -> bool:
        return x != 2 * y and y != 2 * x


@register
class XVNegative(NegativeRule):
    """No orthogonal pair without an X or V sums to 5 or 10."""

    type = "xv_negative"
    label = "no X or V"
    exempt_by = ("xv",)

    def ok(self, grid: Grid, x: int, y: int) -> bool:
        return x + y not in (5, 10)


class PairMarker(Constraint):
    """A marker between two cells (kropki dot, X or V) with a number."""

    key: ClassVar[str] = "value"
    default: ClassVar[int | None] = None
    noun: ClassVar[str] = "a kropki dot"

    def __init__(self, a: int, b: int, value: int) -> None:
        self.a, self.b, self.value = a, b, value

    def ok(self, x: int, y: int) -> bool:
        raise NotImplementedError

    def relations(self, grid: Grid) -> Iterable[Relation]:
        return [Relation(self.a, self.b, relation_table(grid.size, self.ok), self.label)]

    def to_json(self, grid: Grid) -> JSONDict:
        return {
            "type": self.type,
            "cells": [grid.name(self.a), grid.name(self.b)],
            self.key: self.value,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], grid: Grid) -> Constraint:
        cells = cell_list(data, "cells", grid)
        if len(cells) != 2:
            raise LayoutError(f"needs exactly 2 cells, got {len(cells)}")
        a, b = cells
        if not _side_by_side(grid, a, b):
            raise LayoutError(
                f"its cells {grid.name(a)} and {grid.name(b)} do not share a side"
                f" ({cls.noun} is drawn between two cells side by side)"
            )
        value = int_field(data, cls.key, cls.default)
        allowed = cls.allowed(grid.size)
        if value not in allowed:
            raise LayoutError(f"{cls.key!r} must be {_spell(allowed)}, not {value!r}")
        return cls(a, b, value)

    @classmethod
    def allowed(cls, size: int) -> range | tuple[int, ...]:
        """The values this marker may have on a grid of ``size`` digits."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.a}, {self.b}, {self.value})"


@register
class Difference(PairMarker):
    """White kropki dot: the two digits differ by ``value`` (default 1)."""

    type = "difference"
    label = "white dot"
    default = 1

    def ok(self, x: int, y: int) -> bool:
        return abs(x - y) == self.value

    @classmethod
    def allowed(cls, size: int) -> range | tuple[int, ...]:
        return range(1, size)  # two different digits of 1..size


@register
class Ratio(PairMarker):
    """Black kropki dot: one digit is ``value`` (default 2) times the other."""

    type = "ratio"
    label = "black dot"
    default = 2

    def ok(self, x: int, y: int) -> bool:
        return x == self.value * y or y == self.value * x

    @classmethod
    def allowed(cls, size: int) -> range | tuple[int, ...]:
        return range(2, max(size, 2) + 1)  # 1 would ask for the same digit twice


@register
class XV(PairMarker):
    """X or V: the two digits sum to ``sum`` (10 or 5)."""

    type = "xv"
    label = "XV sum"
    noun = "an X or a V"
    key = "sum"

    def ok(self, x: int, y: int) -> bool:
        return x + y == self.value

    @classmethod
    def allowed(cls, size: int) -> range | tuple[int, ...]:
        return (5, 10)  # V and X


def _side_by_side(grid: Grid, a: int, b: int) -> bool:
    """Whether cells ``a`` and ``b`` share a side (across an edge on a toroidal grid)."""
    return grid.neighbours(a, b)


def _touching(grid: Grid, a: int, b: int) -> bool:
    """Whether cells ``a`` and ``b`` touch, by a side or a corner (a line may go either way)."""
    return grid.neighbours(a, b, corners=True)


#: Each cell's touching cells (by a side or a corner) as a mask, by size and whether the
#: grid wraps: they depend on the geometry alone, never on a puzzle. Bounded.
_TOUCH: dict[tuple[int, bool], tuple[int, ...]] = {}


def touch_masks(grid: Grid) -> tuple[int, ...]:
    """Per cell, the cells ``_touching`` it, as a mask (made once per geometry)."""
    key = (grid.size, grid.wraps)
    known = _TOUCH.get(key)
    if known is None:
        masks = [0] * grid.ncells
        for a in range(grid.ncells):
            for dr, dc in KING:
                b = grid.step(a, dr, dc)
                if b is not None:
                    masks[a] |= 1 << b
        known = remember(_TOUCH, key, tuple(masks), limit=64)
    return known


def _spell(values: range | tuple[int, ...]) -> str:
    if isinstance(values, range):
        return f"a whole number from {values.start} to {values.stop - 1}"
    return " or ".join(str(v) for v in values)


def _line_cells(data: Mapping[str, Any], grid: Grid, *, repeats: bool = False) -> list[int]:
    """The cells of a line, each touching the one before it (by a side or a corner)."""
    cells = cell_list(data, "cells", grid, repeats=repeats)
    touch = touch_masks(grid)
    for a, b in pairwise(cells):
        if not touch[a] >> b & 1:
            raise LayoutError(
                f"its cells {grid.name(a)} and {grid.name(b)} follow each other on the line"
                " but do not touch"
            )
    return cells


def _shifted(ok: Callable[[int, int, int], bool], gap: int, x: int, y: int) -> bool:
    return ok(x, y, gap)


#: ``LineRule._pair_rows``'s tables by (class, size, gap). Bounded (``remember``).
_GAP_TABLES: dict[tuple[type, int, int], tuple[int, ...]] = {}

#: A relation as the layout reads it (``Constraint.relation_rows``).
_Row = tuple[int, int, tuple[int, ...], str]


class LineRule(CellsRule):
    """A rule over an ordered list of cells whose logic is pairwise."""

    def _pair_rows(self, grid: Grid, ok: Callable[[int, int, int], bool]) -> list[_Row]:
        """``(a, b, table, label)`` for every pair i < j of the line, the table of
        ``ok(x, y, j - i)``.

        ``ok`` must depend on the rule's class alone (not on its cells or numbers): its
        tables are kept by class, size and gap for every later line of that class."""
        size, cells, label = grid.size, self.cells, self.label
        by_gap: list[tuple[int, ...]] = [()]  # each gap's table, looked up once a line
        for gap in range(1, len(cells)):
            key = (type(self), size, gap)
            table = _GAP_TABLES.get(key)
            if table is None:
                table = remember(_GAP_TABLES, key, relation_table(size, partial(_shifted, ok, gap)))
            by_gap.append(table)
        return [
            (a, cells[j], by_gap[j - i], label)
            for i, a in enumerate(cells) for j in range(i + 1, len(cells))
        ]

    def _all_pairs(self, grid: Grid, ok: Callable[[int, int, int], bool]) -> list[Relation]:
        """``_pair_rows`` as relations."""
        return [Relation(a, b, table, label) for a, b, table, label in self._pair_rows(grid, ok)]


def _rising(x: int, y: int, gap: int) -> bool:
    return y >= x + gap


def _not_falling(x: int, y: int, gap: int) -> bool:
    return y >= x


def _two_apart(x: int, y: int, gap: int) -> bool:
    return abs(x - y) >= 2


@register
class Thermo(LineRule):
    """Digits strictly increase from the bulb (the first cell)."""

    type = "thermo"
    label = "thermometer"

    @classmethod
    def from_json(cls, data: Mapping[str, Any], grid: Grid) -> Constraint:
        return cls(_line_cells(data, grid))

    def relations(self, grid: Grid) -> Iterable[Relation]:
        return self._all_pairs(grid, _rising)

    def relation_rows(self, grid: Grid) -> Iterable[_Row]:
        return self._pair_rows(grid, _rising)


@register
class SlowThermo(LineRule):
    """Digits never decrease from the bulb (the first cell)."""

    type = "slow_thermo"
    label = "slow thermometer"

    @classmethod
    def from_json(cls, data: Mapping[str, Any], grid: Grid) -> Constraint:
        return cls(_line_cells(data, grid))

    def relations(self, grid: Grid) -> Iterable[Relation]:
        return self._all_pairs(grid, _not_falling)

    def relation_rows(self, grid: Grid) -> Iterable[_Row]:
        return self._pair_rows(grid, _not_falling)


@register
class Palindrome(LineRule):
    """The line reads the same both ways."""

    type = "palindrome"
    label = "palindrome"

    def relations(self, grid: Grid) -> Iterable[Relation]:
        n = len(self.cells)
        table = relation_table(grid.size, lambda x, y: x == y)
        for i in range(n // 2):
            yield Relation(self.cells[i], self.cells[n - 1 - i], table, self.label)


@register
class Whispers(LineRule):
    """Neighbours on the line differ by at least ``value`` (default (N+1)//2)."""

    type = "whispers"
    label = "whispers line"

    def __init__(self, cells: Sequence[int], value: int = 0) -> None:
        super().__init__(cells)
        self.value = value

    def relations(self, grid: Grid) -> Iterable[Relation]:
        gap = self.value or (grid.size + 1) // 2
        table = relation_table(grid.size, lambda x, y: abs(x - y) >= gap)
        for a, b in pairwise(self.cells):
            yield Relation(a, b, table, self.label)

    def to_json(self, grid: Grid) -> JSONDict:
        out = super().to_json(grid)
        if self.value:
            out["value"] = self.value
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any], grid: Grid) -> Constraint:
        value = int_field(data, "value", 0) if data.get("value") is not None else 0
        if data.get("value") is not None and not 1 <= value < max(grid.size, 2):
            raise LayoutError(
                f"'value' (the least difference of neighbours) must be"
                f" {_spell(range(1, max(grid.size, 2)))}, not {value!r}"
            )
        return cls(_line_cells(data, grid, repeats=True), value)


@register
class Nabner(LineRule):
    """No two digits on the line are equal or consecutive."""

    type = "nabner"
    label = "nabner line"

    def relations(self, grid: Grid) -> Iterable[Relation]:
        return self._all_pairs(grid, _two_apart)

    def relation_rows(self, grid: Grid) -> Iterable[_Row]:
        return self._pair_rows(grid, _two_apart)


@register
class Clone(Constraint):
    """Cell i of ``cells`` holds the same digit as cell i of ``clone``."""

    type = "clone"
    label = "clone"

    def __init__(self, cells: Sequence[int], clone: Sequence[int]) -> None:
        self.cells, self.clone = tuple(cells), tuple(clone)

    def relations(self, grid: Grid) -> Iterable[Relation]:
        table = relation_table(grid.size, lambda x, y: x == y)
        pairs = zip(self.cells, self.clone, strict=True)
        return [Relation(a, b, table, self.label) for a, b in pairs]

    def to_json(self, grid: Grid) -> JSONDict:
        return {
            "type": self.type,
            "cells": [grid.name(c) for c in self.cells],
            "clone": [grid.name(c) for c in self.clone],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], grid: Grid) -> Constraint:
        a, b = cell_list(data, "cells", grid), cell_list(data, "clone", grid)
        if len(a) != len(b):
            raise LayoutError("'cells' and 'clone' must have the same length")
        return cls(a, b)
