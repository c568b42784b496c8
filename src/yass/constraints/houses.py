"""Rules that add or replace houses: jigsaw regions, extra regions, diagonals, disjoint groups."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from yass.constraints.base import CellsRule, Constraint, cell_list, register
from yass.core.geometry import Grid, LayoutError

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from typing import Any

    from yass.constraints.base import JSONDict


@register
class Regions(Constraint):
    """Irregular (jigsaw) regions that replace the boxes; each holds every digit once."""

    type = "regions"
    label = "region"
    replaces_boxes = True

    def __init__(self, regions: Sequence[Sequence[int]]) -> None:
        self.regions = tuple(tuple(sorted(r)) for r in regions)

    def houses(self, grid: Grid) -> Iterable[tuple[str, tuple[int, ...]]]:
        return [("region", r) for r in self.regions]

    def validate(self, grid: Grid) -> None:
        seen: dict[int, int] = {}
        if len(self.regions) != grid.size:
            raise LayoutError(f"needs {grid.size} regions, got {len(self.regions)}")
        for i, region in enumerate(self.regions):
            if len(region) != grid.size:
                raise LayoutError(f"region {i + 1} has {len(region)} cells, not {grid.size}")
            for cell in region:
                if cell in seen:
                    raise LayoutError(
                        f"cell {grid.name(cell)} is in regions {seen[cell] + 1} and {i + 1}"
                    )
                seen[cell] = i

    def to_json(self, grid: Grid) -> JSONDict:
        return {"type": self.type, "regions": [[grid.name(c) for c in r] for r in self.regions]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], grid: Grid) -> Constraint:
        raw = data.get("regions")
        if not isinstance(raw, list):
            raise LayoutError("needs a list 'regions' of cell lists")
        regions = [cell_list({"cells": r}, "cells", grid) for r in raw]
        made = cls(regions)
        made.validate(grid)
        return made

    def __repr__(self) -> str:
        return f"Regions({[list(r) for r in self.regions]!r})"


@register
class ExtraRegion(CellsRule):
    """One more house: its cells all differ (a house of N cells holds every digit)."""

    type = "extra_region"
    label = "extra region"

    def __init__(self, cells: Sequence[int]) -> None:
        super().__init__(sorted(cells))

    def houses(self, grid: Grid) -> Iterable[tuple[str, tuple[int, ...]]]:
        return [("extra region", self.cells)]

    @classmethod
    def from_json(cls, data: Mapping[str, Any], grid: Grid) -> Constraint:
        cells = cell_list(data, "cells", grid)
        if len(cells) > grid.size:
            raise LayoutError(f"has {len(cells)} cells, more than the {grid.size} digits")
        return cls(cells)


def windoku(grid: Grid) -> list[Constraint]:
    """The four windows of windoku (a 9x9 idea; other sizes with a box shape scale it)."""
    if grid.box_rows == 0 or grid.box_rows * grid.box_cols != grid.size:
        raise LayoutError("windoku needs a grid with boxes")
    out: list[Constraint] = []
    br, bc = grid.box_rows, grid.box_cols
    for r0 in range(1, grid.size - br, br + 1):
        for c0 in range(1, grid.size - bc, bc + 1):
            cells = [grid.cell(r0 + i, c0 + j) for i in range(br) for j in range(bc)]
            out.append(ExtraRegion(cells))
    return out


@register
class Diagonal(Constraint):
    """A main (r1c1 to rNcN) or anti (rNc1 to r1cN) diagonal that holds every digit once."""

    type = "diagonal"
    label = "diagonal"

    def __init__(self, direction: str = "main") -> None:
        if direction not in ("main", "anti"):
            raise LayoutError(f"diagonal direction must be 'main' or 'anti', not {direction!r}")
        self.direction = direction

    def houses(self, grid: Grid) -> Iterable[tuple[str, tuple[int, ...]]]:
        n = grid.size
        if self.direction == "main":
            cells = tuple(grid.cell(i, i) for i in range(n))
        else:
            cells = tuple(grid.cell(n - 1 - i, i) for i in range(n))
        return [(f"{self.direction} diagonal", tuple(sorted(cells)))]

    def to_json(self, grid: Grid) -> JSONDict:
        return {"type": self.type, "direction": self.direction}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], grid: Grid) -> Constraint:
        return cls(str(data.get("direction", "main")))

    def __repr__(self) -> str:
        return f"Diagonal({self.direction!r})"


@register
class DisjointGroups(Constraint):
    """Cells in the same position of each box form a house."""

    type = "disjoint_groups"
    label = "disjoint group"
    needs_boxes = True

    def houses(self, grid: Grid) -> Iterable[tuple[str, tuple[int, ...]]]:
        groups: list[list[int]] = [[] for _ in range(grid.size)]
        for cell in range(grid.ncells):
            r, c = grid.rc(cell)
            groups[(r % grid.box_rows) * grid.box_cols + c % grid.box_cols].append(cell)
        return [("disjoint group", tuple(g)) for g in groups]


@register
class LatinSquare(Constraint):
    """A Latin square: no boxes, only the rows and columns (and any other rule's houses)
    hold every digit once."""

    type = "latin_square"
    label = "Latin square"
    replaces_boxes = True


@register
class Toroidal(Constraint):
    """The grid wraps around: the cells on opposite edges are neighbours.

    Rules on neighbours and moves (anti-king, anti-knight, chess leaps, taxicab,
    non-consecutive and the other negative rules, minimum and maximum cells) count the
    steps that cross an edge, and lines and dots may cross it. Regions may wrap too (a
    region is any set of N cells). Rows, columns, diagonals and outside clues are as on
    any grid."""

    type = "toroidal"
    label = "toroidal"
    wraps = True
