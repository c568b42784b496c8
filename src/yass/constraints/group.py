"""Rules over a group of cells whose logic is arithmetic or otherwise not pairwise.

A ``GroupRule`` names its cells (``scope``), says whether a filling of them obeys it
(``holds``) and narrows their candidates (``narrow``). From those three the base class
gives the rest of the Constraint interface:

* ``propagate``: narrow the board's candidates (the reference search's hook);
* ``check``: one sentence when a finished grid breaks the rule;
* ``deductions``: the rule's logical steps for the solve path, each naming the rule
  and the candidates it rests on (``killer cage 17/2 r1c1,r1c2: {8,9}``), plus, for
  rules that know which digits their cells must contain (``required``), the removal
  of such a digit from every cell outside that sees all of its places in the group.

``narrow`` must be sound (never remove a digit some valid filling uses) and should be
as sharp as is cheap; ``yass.constraints.support`` has the bounded enumerations.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from yass.constraints.base import Constraint, Deduction
from yass.constraints.support import apart_masks, grid_sees
from yass.core.geometry import Grid, digit_char, mask_digits

__all__ = ["GroupRule", "cells_names", "mask_text"]


def cells_names(grid: Grid, cells: Sequence[int]) -> str:
    """``r1c1,r1c2``."""
    return ",".join(grid.name(c) for c in cells)


def mask_text(mask: int) -> str:
    """``{8,9}``."""
    return "{" + ",".join(digit_char(d) for d in mask_digits(mask)) + "}"


class GroupRule(Constraint):
    """A rule over ``scope`` cells, defined by ``holds`` and narrowed by ``narrow``."""

    #: The rule's cells, in order (a rule over other fields overrides ``scope``).
    cells: tuple[int, ...]

    def scope(self, grid: Grid) -> tuple[int, ...]:
        """The rule's cells, each once, in a fixed order (positions for ``narrow``);
        ``cells`` unless the rule says otherwise."""
        return self.cells

    def holds(self, grid: Grid, values: Sequence[int]) -> bool:
        """True when the digits of ``scope`` (in its order) obey the rule."""
        raise NotImplementedError

    def narrow(self, grid: Grid, masks: list[int]) -> list[int]:
        """The candidate masks of ``scope`` with the digits no valid filling uses removed.

        May return a list with a 0 (no digit left: the rule cannot be met).
        """
        raise NotImplementedError

    def describe(self, grid: Grid) -> str:
        """The rule as a person names it: ``killer cage 17/2 r1c1,r1c2``."""
        return f"{self.label} {cells_names(grid, self.scope(grid))}"

    def required(self, grid: Grid, masks: Sequence[int]) -> int:
        """Digits the group must contain on these candidates (0: none known)."""
        return 0

    def apart(self, grid: Grid) -> list[int]:
        """Per position of ``scope``, the positions that must hold other digits."""
        memo = self.__dict__.get("_apart")
        if memo is not None and memo[0] is grid:
            return memo[1]  # type: ignore[no-any-return]
        out = apart_masks(self.scope(grid), lambda a, b: grid_sees(grid, a, b))
        self.__dict__["_apart"] = (grid, out)
        return out

    # -- the Constraint interface -------------------------------------------------

    def propagate(self, grid: Grid, cands: list[int]) -> bool:
        cells = self.scope(grid)
        masks = [cands[c] for c in cells]
        if not all(masks):
            return False
        key = (id(grid), *masks)
        quiet = self.__dict__.setdefault("_quiet", set())
        if key in quiet:
            return True  # narrowed nothing on these very candidates before
        new = self.narrow(grid, masks)
        if new == masks:
            if len(quiet) > 4096:
                quiet.clear()
            quiet.add(key)
            return True
        for c, m in zip(cells, new, strict=True):
            m &= cands[c]
            if not m:
                cands[c] = 0
                return False
            cands[c] = m
        return True

    def check(self, grid: Grid, values: Sequence[int]) -> Iterator[str]:
        cells = self.scope(grid)
        digits = [values[c] for c in cells]
        if all(digits) and not self.holds(grid, digits):
            shown = ",".join(digit_char(d) for d in digits)
            yield f"the {self.describe(grid)} does not hold ({shown})"

    def premise(self, grid: Grid, masks: Sequence[int], narrowed: Sequence[int]) -> str:
        """The candidates a step that narrows ``masks`` to ``narrowed`` rests on
        (default: each open cell's)."""
        cells = self.scope(grid)
        return ", ".join(
            f"{grid.name(c)}{mask_text(m)}" if m & (m - 1)
            else f"{grid.name(c)}={mask_text(m)[1:-1]}"
            for c, m in zip(cells, masks, strict=True)
        )

    def deductions(
        self, grid: Grid, cands: Sequence[int], sees: Callable[[int, int], bool]
    ) -> Iterator[Deduction]:
        cells = self.scope(grid)
        masks = [cands[c] for c in cells]
        if not all(masks) or not any(m & (m - 1) for m in masks):
            return
        new = self.narrow(grid, list(masks))
        gone = tuple(
            (c, d)
            for c, old, m in zip(cells, masks, new, strict=True)
            for d in mask_digits(old & ~m)
        )
        rule = self.describe(grid)
        if gone:
            premise = self.premise(grid, masks, new)
            yield Deduction(gone, rule, premise, self.label, tuple(cells))
            return
        need = self.required(grid, masks)
        inside = set(cells)
        for d in mask_digits(need):
            bit = 1 << (d - 1)
            places = [c for c, m in zip(cells, masks, strict=True) if m & bit]
            if len(places) == 1 and cands[places[0]] == bit:
                continue  # already placed: the houses do the rest
            outside = [
                x for x in range(len(cands))
                if x not in inside and cands[x] & bit and cands[x] & (cands[x] - 1)
                and all(sees(x, p) for p in places)
            ]
            if outside:
                where = ",".join(grid.name(p) for p in places)
                yield Deduction(
                    tuple((x, d) for x in outside),
                    rule,
                    f"{digit_char(d)} must be in {where}",
                    self.label,
                    tuple(cells),
                )
