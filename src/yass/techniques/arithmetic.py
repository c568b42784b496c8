"""Innies and outies: the 45 rule over a house with the sums the rules declare.

A full house of N cells adds up to 1 + 2 + ... + N (45 on 9x9). Rules that say a group
of cells adds up to a total (killer cages with sums, little killers: ``sum_groups``)
turn that into arithmetic on the cells they leave over:

* **innies**: the groups lying wholly inside a house cover all of it but a few cells;
  those cells (all different: they share the house) add up to what the groups leave
  of 45: ``r1: 45 - (10 + 17) = 18 in r1c8,r1c9 => {9,9} impossible ...``;
* **outies**: the groups that touch a house cover all of it and stick out by a few
  cells; those outside cells add up to the groups' totals minus 45.

The leftover cells are then narrowed as a cage with that sum (combinations, digits
different where the cells see each other). Nothing here knows a rule type: any rule
that declares ``sum_groups`` takes part.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from yass.board import Board
from yass.constraints.group import mask_text
from yass.constraints.sums import killer_combinations, narrow_sets, narrow_sum
from yass.constraints.support import apart_masks
from yass.geometry import mask_digits
from yass.layout import Layout
from yass.step import Step, compact_cells, notation
from yass.techniques.base import Technique, removal_text

__all__ = ["InniesOuties"]

#: The most leftover cells the technique reasons about (more gives little).
MOST = 4

Group = tuple[frozenset[int], int]


def _groups(layout: Layout) -> list[Group]:
    out = []
    for con in layout.constraints:
        for cells, total in con.sum_groups(layout.grid):
            out.append((frozenset(cells), total))
    return out


def _names(layout: Layout, cells: Sequence[int]) -> str:
    return ",".join(layout.name(c) for c in sorted(cells))


class InniesOuties(Technique):
    """Cells a house's declared sums leave over add up to a known total."""

    code = "io"

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        groups = _groups(lay)
        if not groups:
            return
        full = lay.size * (lay.size + 1) // 2
        for index, house in enumerate(lay.houses):
            if not house.full:
                continue
            cells = frozenset(house.cells)
            inside = sorted((g for g in groups if g[0] <= cells), key=lambda g: -len(g[0]))
            chosen: list[Group] = []
            covered: frozenset[int] = frozenset()
            for g in inside:
                if not g[0] & covered:
                    chosen.append(g)
                    covered |= g[0]
            rest = sorted(cells - covered)
            if chosen and 1 <= len(rest) <= MOST:
                total = full - sum(t for _, t in chosen)
                step = self._narrow(board, index, rest, total, chosen, inner=True)
                if step is not None:
                    yield step
            touching = [g for g in groups if g[0] & cells]
            union: frozenset[int] = frozenset()
            disjoint = True
            for part, _ in touching:
                if part & union:
                    disjoint = False
                    break
                union |= part
            if not disjoint or not cells <= union:
                continue
            out = sorted(union - cells)
            if 1 <= len(out) <= MOST and any(not g <= cells for g, _ in touching):
                total = sum(t for _, t in touching) - full
                step = self._narrow(board, index, out, total, touching, inner=False)
                if step is not None:
                    yield step

    def _narrow(
        self,
        board: Board,
        house: int,
        cells: list[int],
        total: int,
        groups: Sequence[Group],
        inner: bool,
    ) -> Step | None:
        lay = board.layout
        cands = board.cands
        masks = [cands[c] for c in cells]
        if all(not m & (m - 1) for m in masks):
            return None
        if inner:  # all in the house: different digits, a cage of their own
            live = [
                s for s in killer_combinations(lay.size, len(cells), total)
                if all(m & s for m in masks)
            ]
            new = narrow_sets(masks, live)
        else:
            apart = apart_masks(cells, lay.sees)
            new = narrow_sum(list(masks), [1] * len(cells), total, apart)
        elims = tuple(
            (c, d)
            for c, old, m in zip(cells, masks, new, strict=True)
            if not board.values[c]
            for d in mask_digits(old & ~m)
        )
        if not elims:
            return None
        name = lay.houses[house].name
        kind = "innies" if inner else "outies"
        sums = "+".join(str(t) for _, t in groups)
        where = compact_cells(lay, cells)
        whole = lay.size * (lay.size + 1) // 2
        minus = "-".join(str(t) for _, t in groups)
        sum_text = f"{whole}-{minus}" if inner else f"{sums}-{whole}"
        pattern = f"{kind} of {name}: {sum_text} = {total} in {where}"
        premise = ", ".join(f"{lay.name(c)}{mask_text(m)}" for c, m in zip(cells, masks,
                            strict=True) if m & (m - 1))
        if inner:
            why = (
                f"{name} adds up to {whole}, and the sums inside"
                f" it ({sums}) cover all of it but {_names(lay, cells)}"
            )
        else:
            why = (
                f"the sums touching {name} ({sums}) cover all of it and"
                f" {_names(lay, cells)} outside it"
            )
        return Step(
            self.code,
            eliminations=elims,
            explanation=(
                f"{why}, so {_names(lay, cells)} add up to {total}; with {premise},"
                f" {removal_text(lay, elims)}"
            ),
            cells=tuple(cells),
            houses=(house,),
            notation=notation(lay, self.name, pattern, (), elims),
        )
