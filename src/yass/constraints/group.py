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
from typing import NamedTuple

from yass.constraints.base import Constraint, Deduction, Layered
from yass.constraints.support import apart_masks, grid_sees
from yass.core.geometry import Grid, digit_char, mask_digits
from yass.core.memo import remember

__all__ = ["Automaton", "GroupRule", "cells_names", "layered_form", "mask_text"]


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


# -- rules read digit by digit: the compiled ``Layered`` form ---------------------------

#: ``step(position, memory, digit)``: the rule's memory after placing ``digit``, or None
#: when no filling can go on from there.
Step = Callable[[int, tuple[int, ...], int], tuple[int, ...] | None]


class Automaton(NamedTuple):
    """A rule read digit by digit along the line: ``start`` memory, ``step`` and
    ``accept`` (does the final memory obey the rule)."""

    start: tuple[int, ...]
    step: Step
    accept: Callable[[tuple[int, ...]], bool]


def _layers(
    size: int, count: int, rule: Automaton
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``Layered.starts`` and ``nexts`` of ``rule`` over ``count`` digits 1..size."""
    layers: list[dict[tuple[int, ...], int]] = [{rule.start: 0}]
    moves: list[list[tuple[int, int, tuple[int, ...]]]] = []
    for i in range(count):
        nxt: dict[tuple[int, ...], int] = {}
        here = []
        for memory, number in layers[-1].items():
            for d in range(1, size + 1):
                after = rule.step(i, memory, d)
                if after is not None:
                    here.append((number, d, after))
                    nxt.setdefault(after, len(nxt))
        moves.append(here)
        layers.append(nxt)
    # keep only the states that lead to an accepting end, numbered layer by layer
    alive = [{n for m, n in layers[-1].items() if rule.accept(m)}]
    for i in range(count - 1, -1, -1):
        alive.insert(0, {a for a, _d, after in moves[i] if layers[i + 1][after] in alive[0]})
    starts = [0]
    renumber: list[dict[int, int]] = []
    for i in range(count + 1):
        renumber.append({n: starts[-1] + k for k, n in enumerate(sorted(alive[i]))})
        starts.append(starts[-1] + len(alive[i]))
    nexts = [-1] * (starts[-1] * size)
    for i in range(count):
        for number, d, after in moves[i]:
            src = renumber[i].get(number)
            dst = renumber[i + 1].get(layers[i + 1][after])
            if src is not None and dst is not None:
                nexts[src * size + d - 1] = dst
    return tuple(starts), tuple(nexts)


#: The automata's tables by (rule key, size, length). Bounded (``remember``).
_LAYERED: dict[tuple[str, int, int], tuple[tuple[int, ...], tuple[int, ...]]] = {}


def layered_form(key: str, cells: Sequence[int], size: int, rule: Automaton) -> Layered:
    """The compiled form of ``rule`` read along ``cells`` (digits free to repeat); the
    tables are kept on ``key`` (the rule and its number) and the line's length."""
    ckey = (key, size, len(cells))
    tables = _LAYERED.get(ckey)
    if tables is None:
        tables = remember(_LAYERED, ckey, _layers(size, len(cells), rule), limit=256)
    return Layered(tuple(cells), *tables)
