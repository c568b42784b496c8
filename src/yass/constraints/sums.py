"""Arithmetic rules: killer cages (one sum or several), arrows and double arrows, little
killers, zipper and region-sum lines.

Each is a ``GroupRule``: a check of a filled grid, narrowing of its cells' candidates
(an exact enumeration of the fillings while that stays small, bounds on the sums
otherwise) and, through the base class, logical steps that name the rule. Killer
cages are also houses (their digits differ), so every generic technique sees them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from itertools import combinations, pairwise

from yass.constraints.base import (
    CellsRule,
    Constraint,
    DigitSets,
    Form,
    LinearSum,
    cell_list,
    int_field,
    register,
)
from yass.constraints.group import GroupRule, cells_names, mask_text
from yass.constraints.support import (
    bounds_narrow,
    compatible,
    dp_narrow,
    region_index,
    set_support,
    sum_support,
)
from yass.core.geometry import Grid, LayoutError, mask_digits

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from typing import Any

    from yass.constraints.base import JSONDict

__all__ = [
    "Arrow",
    "DoubleArrow",
    "Killer",
    "LittleKiller",
    "MultisumKiller",
    "RegionSumLine",
    "Zipper",
    "killer_combinations",
]


@cache
def killer_combinations(size: int, count: int, total: int) -> tuple[int, ...]:
    """Digit masks of ``count`` different digits 1..size that add up to ``total``."""
    out = []
    for combo in combinations(range(1, size + 1), count):
        if sum(combo) == total:
            m = 0
            for d in combo:
                m |= 1 << (d - 1)
            out.append(m)
    return tuple(out)


#: The most digit sets a killer cage's compiled form lists (more: its sum by bounds).
_COMPILED_SETS = 256

#: The most fillings (product of the candidate counts) ``narrow_sum`` enumerates.
_ENUMERATE = 8000


#: Recent answers of ``narrow_sum``: a technique asks again about every cage at every
#: step, and most cages have not changed since. Bounded: cleared when full.
_NARROWED: dict[tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...]], list[int]] = {}
_NARROWED_MAX = 4096


def narrow_sum(
    masks: list[int],
    coefs: Sequence[int],
    total: int,
    apart: Sequence[int],
) -> list[int]:
    """Exact support while the enumeration is small; otherwise the fillings where digits
    may repeat (``dp_narrow``), which still use every digit a real filling uses."""
    key = (tuple(masks), tuple(coefs), total, tuple(apart))
    known = _NARROWED.get(key)
    if known is None:
        if len(_NARROWED) >= _NARROWED_MAX:
            _NARROWED.clear()
        known = _NARROWED[key] = _narrow_sum(masks, coefs, total, apart)
    return known[:]


def _narrow_sum(
    masks: list[int],
    coefs: Sequence[int],
    total: int,
    apart: Sequence[int],
) -> list[int]:
    work = list(masks)
    if not bounds_narrow(work, coefs, total):
        return [0] * len(masks)
    product = 1
    for m in work:
        product *= bin(m).count("1")
    # A search over many fillings would mostly hit its cap: go straight to the relaxation.
    found = sum_support(work, coefs, total, apart) if product <= _ENUMERATE else None
    if found is None:
        found = dp_narrow(work, coefs, total)
    return [m & f for m, f in zip(work, found, strict=True)]


def narrow_sets(masks: list[int], live: Sequence[int]) -> list[int]:
    """Different digits in every position, forming one of the digit sets ``live``: keep
    the digits each position takes in some such filling."""
    keep = [0] * len(masks)
    for s in live:
        got = set_support(masks, s)
        if got is not None:
            for i, g in enumerate(got):
                keep[i] |= g
    return [m & k for m, k in zip(masks, keep, strict=True)]


class SetRule(GroupRule):
    """Cells whose digits all differ and together form one of ``digit_sets`` (a killer
    cage's combinations, a renban line's runs)."""

    def digit_sets(self, grid: Grid) -> Sequence[int] | None:
        """The digit masks the cells may hold together (None: any digits)."""
        raise NotImplementedError

    def live(self, grid: Grid, masks: Sequence[int]) -> list[int]:
        """The digit sets the candidates still allow."""
        sets = self.digit_sets(grid)
        if sets is None:
            return []
        union = 0
        for m in masks:
            union |= m
        return [s for s in sets if not s & ~union and all(m & s for m in masks)]

    def narrow(self, grid: Grid, masks: list[int]) -> list[int]:
        if self.digit_sets(grid) is None:
            return masks
        return narrow_sets(masks, self.live(grid, masks))

    def compiled(self, grid: Grid) -> Sequence[Form] | None:
        sets = self.digit_sets(grid)
        if sets is None:
            return None
        return (DigitSets(self.scope(grid), tuple(sets)),)

    def required(self, grid: Grid, masks: Sequence[int]) -> int:
        live = self.live(grid, masks)
        if not live:
            return 0
        need = live[0]
        for s in live[1:]:
            need &= s
        return need

    def combinations_premise(
        self, grid: Grid, masks: Sequence[int], narrowed: Sequence[int]
    ) -> str:
        """The digit sets still possible (``{1,8}|{2,7}``), and the cells' candidates
        when the sets alone do not remove every digit that goes."""
        live = self.live(grid, masks)
        if not live:
            return "no combination fits"
        union = 0
        for s in live:
            union |= s
        combos = "|".join(mask_text(s) for s in live)
        if not any(m & ~n & union for m, n in zip(masks, narrowed, strict=True)):
            return combos  # the combinations alone remove every digit that goes
        return f"{combos} with {GroupRule.premise(self, grid, masks, narrowed)}"


@register
class Killer(SetRule, CellsRule):
    """A cage: its digits differ and, when ``sum`` is given, add up to it."""

    type = "killer"
    label = "killer cage"

    def __init__(self, cells: Sequence[int], total: int | None = None) -> None:
        CellsRule.__init__(self, cells)
        self.total = total

    def houses(self, grid: Grid) -> Iterable[tuple[str, tuple[int, ...]]]:
        return [("cage", self.cells)]

    def sum_groups(self, grid: Grid) -> Iterable[tuple[tuple[int, ...], int]]:
        return [] if self.total is None else [(self.cells, self.total)]

    def describe(self, grid: Grid) -> str:
        if self.total is None:
            return f"{self.label} {cells_names(grid, self.cells)}"
        return f"{self.label} {self.total}/{len(self.cells)} {cells_names(grid, self.cells)}"

    def holds(self, grid: Grid, values: Sequence[int]) -> bool:
        if len(set(values)) != len(values):
            return False
        return self.total is None or sum(values) == self.total

    def digit_sets(self, grid: Grid) -> Sequence[int] | None:
        if self.total is None:
            return None
        return killer_combinations(grid.size, len(self.cells), self.total)

    def compiled(self, grid: Grid) -> Sequence[Form] | None:
        if self.total is None:
            return ()  # the cage is a house: its digits differ
        combos = killer_combinations(grid.size, len(self.cells), self.total)
        if len(combos) > _COMPILED_SETS:  # a big cage of a big grid: its sum, by bounds
            return (LinearSum(self.cells, (1,) * len(self.cells), self.total),)
        return (DigitSets(self.cells, combos),)

    def premise(self, grid: Grid, masks: Sequence[int], narrowed: Sequence[int]) -> str:
        if self.total is None:
            return super().premise(grid, masks, narrowed)
        return self.combinations_premise(grid, masks, narrowed)

    def to_json(self, grid: Grid) -> JSONDict:
        return {
            "type": self.type,
            "cells": [grid.name(c) for c in self.cells],
            "sum": self.total,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], grid: Grid) -> Constraint:
        cells = cell_list(data, "cells", grid)
        if len(cells) > grid.size:
            raise LayoutError(f"a cage holds at most {grid.size} cells, got {len(cells)}")
        raw = data.get("sum")
        if raw is None:
            return cls(cells, None)
        total = int_field(data, "sum")
        if not killer_combinations(grid.size, len(cells), total):
            raise LayoutError(
                f"no {len(cells)} different digits 1-{grid.size} add up to {total}"
            )
        return cls(cells, total)

    def __repr__(self) -> str:
        return f"Killer({list(self.cells)!r}, {self.total!r})"


def digital_root_sums(size: int, count: int, root: int) -> tuple[int, ...]:
    """The totals ``count`` different digits 1..size can make whose digital root (the
    repeated sum of their decimal digits) is ``root``: root, root + 9, ..."""
    return tuple(t for t in range(root, count * size + 1, 9)
                 if killer_combinations(size, count, t))


@register
class MultisumKiller(SetRule, CellsRule):
    """A cage whose digits differ and add up to one of several totals: the ``sums``
    listed, or every total with digital root ``root`` (SudokuPad's "DR" cages)."""

    type = "multisum_killer"
    label = "multisum cage"

    def __init__(self, cells: Sequence[int], sums: Sequence[int], root: int = 0) -> None:
        CellsRule.__init__(self, cells)
        self.sums = tuple(sorted(set(sums)))
        self.root = root

    def houses(self, grid: Grid) -> Iterable[tuple[str, tuple[int, ...]]]:
        return [("cage", self.cells)]

    def sum_groups(self, grid: Grid) -> Iterable[tuple[tuple[int, ...], int]]:
        return [(self.cells, self.sums[0])] if len(self.sums) == 1 else []

    def totals_text(self) -> str:
        return f"DR{self.root}" if self.root else "|".join(map(str, self.sums))

    def describe(self, grid: Grid) -> str:
        return (f"{self.label} {self.totals_text()}/{len(self.cells)}"
                f" {cells_names(grid, self.cells)}")

    def holds(self, grid: Grid, values: Sequence[int]) -> bool:
        return len(set(values)) == len(values) and sum(values) in self.sums

    def digit_sets(self, grid: Grid) -> Sequence[int]:
        out: list[int] = []
        for total in self.sums:
            out += killer_combinations(grid.size, len(self.cells), total)
        return out

    def compiled(self, grid: Grid) -> Sequence[Form] | None:
        sets = self.digit_sets(grid)
        if len(sets) > 4 * _COMPILED_SETS:  # a big cage of a big grid: the reference search
            return None
        return (DigitSets(self.cells, tuple(sets)),)

    def premise(self, grid: Grid, masks: Sequence[int], narrowed: Sequence[int]) -> str:
        return self.combinations_premise(grid, masks, narrowed)

    def to_json(self, grid: Grid) -> JSONDict:
        out: JSONDict = {"type": self.type, "cells": [grid.name(c) for c in self.cells]}
        if self.root:
            out["root"] = self.root
        else:
            out["sums"] = list(self.sums)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any], grid: Grid) -> Constraint:
        cells = cell_list(data, "cells", grid)
        if len(cells) > grid.size:
            raise LayoutError(f"a cage holds at most {grid.size} cells, got {len(cells)}")
        if data.get("root") is not None:
            if data.get("sums") is not None:
                raise LayoutError("give 'sums' or 'root', not both")
            root = int_field(data, "root")
            if not 1 <= root <= 9:
                raise LayoutError(f"'root' is a digital root, 1 to 9, not {root}")
            sums = digital_root_sums(grid.size, len(cells), root)
            if not sums:
                raise LayoutError(f"no {len(cells)} different digits 1-{grid.size} add up"
                                  f" to a total with digital root {root}")
            return cls(cells, sums, root)
        raw = data.get("sums")
        if not isinstance(raw, list) or not raw or not all(
            isinstance(t, int) and not isinstance(t, bool) for t in raw
        ):
            raise LayoutError(f"needs 'sums', a non-empty list of totals (or 'root'), not {raw!r}")
        possible = [t for t in raw if killer_combinations(grid.size, len(cells), t)]
        if not possible:
            raise LayoutError(
                f"no {len(cells)} different digits 1-{grid.size} add up to any of {raw}"
            )
        return cls(cells, possible)

    def __repr__(self) -> str:
        return f"MultisumKiller({list(self.cells)!r}, {list(self.sums)!r}, {self.root})"


@register
class Arrow(GroupRule):
    """The digits on the line add up to the circle (a pill of several cells reads as a
    number, its first cell the most significant digit)."""

    type = "arrow"
    label = "arrow"

    def __init__(self, circle: Sequence[int], line: Sequence[int]) -> None:
        self.circle, self.line = tuple(circle), tuple(line)

    def scope(self, grid: Grid) -> tuple[int, ...]:
        return self.circle + self.line

    def _coefs(self, grid: Grid) -> list[int]:
        k = len(self.circle)
        base = grid.size + 1 if grid.size > 9 else 10
        return [-(base ** (k - 1 - i)) for i in range(k)] + [1] * len(self.line)

    def describe(self, grid: Grid) -> str:
        return (
            f"{self.label} {cells_names(grid, self.circle)}"
            f" <- {cells_names(grid, self.line)}"
        )

    def holds(self, grid: Grid, values: Sequence[int]) -> bool:
        return sum(c * v for c, v in zip(self._coefs(grid), values, strict=True)) == 0

    def narrow(self, grid: Grid, masks: list[int]) -> list[int]:
        return narrow_sum(masks, self._coefs(grid), 0, self.apart(grid))

    def compiled(self, grid: Grid) -> Sequence[Form] | None:
        return (LinearSum(self.scope(grid), tuple(self._coefs(grid)), 0),)

    def to_json(self, grid: Grid) -> JSONDict:
        return {
            "type": self.type,
            "circle": [grid.name(c) for c in self.circle],
            "line": [grid.name(c) for c in self.line],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], grid: Grid) -> Constraint:
        circle = cell_list(data, "circle", grid)
        line = cell_list(data, "line", grid)
        if set(circle) & set(line):
            raise LayoutError("a cell is both in the circle and on the line")
        return cls(circle, line)

    def __repr__(self) -> str:
        return f"Arrow({list(self.circle)!r}, {list(self.line)!r})"

    def __hash__(self) -> int:
        # Equal arrows have the same cells (cheaper than hashing the repr, as a layout's
        # cache key hashes every rule of a puzzle).
        return hash((type(self).__name__, self.circle, self.line))


@register
class DoubleArrow(GroupRule, CellsRule):
    """The digits in the two circles at the line's ends add up to the sum of the digits
    on the line between them."""

    type = "double_arrow"
    label = "double arrow"

    def _coefs(self) -> list[int]:
        return [-1, *[1] * (len(self.cells) - 2), -1]

    def describe(self, grid: Grid) -> str:
        ends = f"{grid.name(self.cells[0])}+{grid.name(self.cells[-1])}"
        return f"{self.label} {ends} = {'+'.join(grid.name(c) for c in self.cells[1:-1])}"

    def holds(self, grid: Grid, values: Sequence[int]) -> bool:
        return values[0] + values[-1] == sum(values[1:-1])

    def narrow(self, grid: Grid, masks: list[int]) -> list[int]:
        return narrow_sum(masks, self._coefs(), 0, self.apart(grid))

    def compiled(self, grid: Grid) -> Sequence[Form] | None:
        return (LinearSum(self.cells, tuple(self._coefs()), 0),)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], grid: Grid) -> Constraint:
        cells = cell_list(data, "cells", grid)
        if len(cells) < 3:
            raise LayoutError("a double arrow needs its two ends and a cell between them")
        return cls(cells)


class OutsideClue(GroupRule):
    """A clue outside the grid about the cells that run from it: ``clue`` (the outside
    cell's name, ``r0c4``), ``cells`` (from the clue inwards) and a number (``key``)."""

    key = "sum"

    def __init__(self, clue: str | None, cells: Sequence[int], value: int) -> None:
        self.clue, self.cells, self.value = clue, tuple(cells), value

    def describe(self, grid: Grid) -> str:
        if self.clue is None:
            return f"{self.label} {self.value} from {grid.name(self.cells[0])}"
        return f"{self.label} {self.value} at {self.clue}"

    def extra_json(self) -> JSONDict:
        """Fields beyond clue, cells and the number (a little killer's direction)."""
        return {}

    def to_json(self, grid: Grid) -> JSONDict:
        out: JSONDict = {"type": self.type}
        if self.clue is not None:
            out["clue"] = self.clue
        out["cells"] = [grid.name(c) for c in self.cells]
        out[self.key] = self.value
        out.update(self.extra_json())
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any], grid: Grid) -> Constraint:
        clue: str | None = None
        if data.get("clue") is not None:
            text = str(data["clue"])
            r, c = grid.parse_rc(text, outside=True)
            if grid.inside(r, c):
                raise LayoutError(f"the clue {text} must be outside the grid")
            clue = f"r{r + 1}c{c + 1}"
        made = cls(clue, cell_list(data, "cells", grid), int_field(data, cls.key))
        made.read_extra(data)
        made.validate(grid)
        return made

    def read_extra(self, data: Mapping[str, Any]) -> None:
        """Read the fields ``extra_json`` writes."""

    def validate(self, grid: Grid) -> None:
        """Refuse a clue that no digits can meet (LayoutError)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.clue!r}, {list(self.cells)!r}, {self.value})"

    def __hash__(self) -> int:
        # Equal clues have the same type, cells and number (see ``Arrow.__hash__``).
        return hash((type(self).__name__, self.cells, self.value))


@register
class LittleKiller(OutsideClue):
    """The digits on the diagonal from the clue add up to ``sum`` (they may repeat)."""

    type = "little_killer"
    label = "little killer"

    def holds(self, grid: Grid, values: Sequence[int]) -> bool:
        return sum(values) == self.value

    def narrow(self, grid: Grid, masks: list[int]) -> list[int]:
        return narrow_sum(masks, [1] * len(masks), self.value, self.apart(grid))

    def sum_groups(self, grid: Grid) -> Iterable[tuple[tuple[int, ...], int]]:
        return [(self.cells, self.value)]

    def compiled(self, grid: Grid) -> Sequence[Form] | None:
        return (LinearSum(self.cells, (1,) * len(self.cells), self.value),)

    direction: str = ""

    def extra_json(self) -> JSONDict:
        return {"direction": self.direction} if self.direction else {}

    def read_extra(self, data: Mapping[str, Any]) -> None:
        raw = data.get("direction")
        if raw is not None:
            if raw not in ("UL", "UR", "DL", "DR"):
                raise LayoutError(f"'direction' must be UL, UR, DL or DR, not {raw!r}")
            self.direction = raw

    def validate(self, grid: Grid) -> None:
        n = len(self.cells)
        if not n <= self.value <= n * grid.size:
            raise LayoutError(f"{n} digits 1-{grid.size} cannot add up to {self.value}")


def segment_sums(
    masks: Sequence[int], apart: Sequence[int], cap: int = 4000
) -> dict[int, list[int]] | None:
    """For one segment: every reachable sum, with the digits per cell that reach it.

    None when the enumeration would exceed ``cap`` nodes.
    """
    n = len(masks)
    values = [mask_digits(m) for m in masks]
    out: dict[int, list[int]] = {}
    chosen = [0] * n
    nodes = 0

    def dfs(i: int, acc: int) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > cap:
            return False
        if i == n:
            got = out.setdefault(acc, [0] * n)
            for j in range(n):
                got[j] |= 1 << (chosen[j] - 1)
            return True
        for v in values[i]:
            if not compatible(i, v, apart, None, chosen):
                continue
            chosen[i] = v
            ok = dfs(i + 1, acc + v)
            chosen[i] = 0
            if not ok:
                return False
        return True

    return out if dfs(0, 0) else None


def _sum_reach(masks: Sequence[int]) -> tuple[int, list[int]]:
    """Sums a segment can reach when its digits may repeat, as a bitset (bit t: sum t),
    and per position the sums the other positions reach together (so position i with
    digit d reaches ``conv[i] << d``). Cheap and sound where enumeration is too big."""
    n = len(masks)
    fwd = [1]
    for m in masks:
        acc = 0
        for d in mask_digits(m):
            acc |= fwd[-1] << d
        fwd.append(acc)
    bwd = [0] * (n + 1)
    bwd[n] = 1
    for i in range(n - 1, -1, -1):
        acc = 0
        for d in mask_digits(masks[i]):
            acc |= bwd[i + 1] << d
        bwd[i] = acc
    conv = []
    for i in range(n):
        acc, f, a = 0, fwd[i], 0
        while f:
            if f & 1:
                acc |= bwd[i + 1] << a
            f >>= 1
            a += 1
        conv.append(acc)
    return fwd[n], conv


#: The most fillings a segment is enumerated over (distinct digits respected); above
#: it, sums are reached as if digits could repeat.
_SEGMENT_PRODUCT = 400


def narrow_equal_sums(
    masks: list[int],
    groups: Sequence[Sequence[int]],
    apart: Sequence[int],
    target: int | None = None,
) -> list[int]:
    """Narrow positions split into ``groups`` whose sums must all be equal (and equal to
    the digit at position ``target`` when given)."""
    exact: list[dict[int, list[int]] | None] = []
    approx: list[list[int] | None] = []
    totals = -1  # bitset of the sums every group can reach
    for g in groups:
        product = 1
        for i in g:
            product *= bin(masks[i]).count("1")
        found = None
        if product <= _SEGMENT_PRODUCT:
            local_apart = []
            for i in g:
                a = 0
                for j, q in enumerate(g):
                    if apart[i] >> q & 1:
                        a |= 1 << j
                local_apart.append(a)
            found = segment_sums([masks[i] for i in g], local_apart)
        if found is not None:
            reach = 0
            for t in found:
                reach |= 1 << t
            exact.append(found)
            approx.append(None)
        else:
            reach, conv = _sum_reach([masks[i] for i in g])
            exact.append(None)
            approx.append(conv)
        totals &= reach
    if target is not None:
        totals &= masks[target] << 1  # digit t is bit t - 1 of a mask, bit t here
    out = list(masks)
    for g, seg, spread in zip(groups, exact, approx, strict=True):
        for j, i in enumerate(g):
            keep = 0
            if seg is not None:
                for t, got in seg.items():
                    if totals >> t & 1:
                        keep |= got[j]
            else:
                assert spread is not None
                for d in mask_digits(masks[i]):
                    if (spread[j] << d) & totals:
                        keep |= 1 << (d - 1)
            out[i] &= keep
    if target is not None:
        out[target] &= totals >> 1
    return out


@register
class Zipper(GroupRule, CellsRule):
    """Cells at equal distance from the line's centre add up to the same total; on a
    line of odd length that total is the centre digit."""

    type = "zipper"
    label = "zipper line"

    def _groups(self) -> tuple[list[list[int]], int | None]:
        n = len(self.cells)
        groups = [[i, n - 1 - i] for i in range(n // 2)]
        return groups, (n // 2 if n % 2 else None)

    def holds(self, grid: Grid, values: Sequence[int]) -> bool:
        groups, centre = self._groups()
        sums = {values[a] + values[b] for a, b in groups}
        if centre is not None:
            sums.add(values[centre])
        return len(sums) <= 1

    def narrow(self, grid: Grid, masks: list[int]) -> list[int]:
        groups, centre = self._groups()
        return narrow_equal_sums(masks, groups, self.apart(grid), centre)

    def compiled(self, grid: Grid) -> Sequence[Form] | None:
        groups, centre = self._groups()
        cells = self.cells
        if centre is not None:  # each pair adds up to the centre digit
            return tuple(
                LinearSum((cells[a], cells[b], cells[centre]), (1, 1, -1), 0)
                for a, b in groups
            )
        return tuple(  # each pair adds up to the next pair
            LinearSum((cells[a], cells[b], cells[c], cells[d]), (1, 1, -1, -1), 0)
            for (a, b), (c, d) in pairwise(groups)
        )


@register
class RegionSumLine(GroupRule, CellsRule):
    """Split where the line passes from one region to the next; every segment has the
    same sum."""

    type = "region_sum_line"
    label = "region-sum line"

    def _groups(self, grid: Grid) -> list[list[int]]:
        regions = region_index(grid)
        if regions is None:
            return [list(range(len(self.cells)))]
        groups: list[list[int]] = []
        for i, c in enumerate(self.cells):
            if groups and regions[self.cells[groups[-1][-1]]] == regions[c]:
                groups[-1].append(i)
            else:
                groups.append([i])
        return groups

    def holds(self, grid: Grid, values: Sequence[int]) -> bool:
        sums = {sum(values[i] for i in g) for g in self._groups(grid)}
        return len(sums) <= 1

    def narrow(self, grid: Grid, masks: list[int]) -> list[int]:
        groups = self._groups(grid)
        if len(groups) < 2:
            return masks
        return narrow_equal_sums(masks, groups, self.apart(grid))

    def compiled(self, grid: Grid) -> Sequence[Form] | None:
        out = []
        for one, two in pairwise(self._groups(grid)):  # each segment sums like the next
            cells = tuple(self.cells[i] for i in one + two)
            out.append(LinearSum(cells, (1,) * len(one) + (-1,) * len(two), 0))
        return tuple(out)
