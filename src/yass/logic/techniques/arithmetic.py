"""Innies and outies: the 45 rule over unions of houses, with the sums the rules declare.

A full house of N cells adds up to 1 + 2 + ... + N (45 on 9x9), so k disjoint full
houses add up to k times that. Rules declare sums: a group of cells adds up to a total
(killer cages with sums, little killers: ``Constraint.sum_groups``), or some cells add
up to other cells (an arrow's line to its circle, a zipper's pair to its centre: the
``LinearSum`` forms of ``Constraint.compiled``). For a *region* (a union of disjoint
full houses) and a set of sums whose added-up cells are disjoint and lie in it or
cross it, the region's total minus those sums leaves an equation on a few cells:

* **innies**: the cells of the region no chosen sum covers;
* **outies**: the cells of the chosen sums that stick out of the region;
* ``sum(innies) - sum(outies) = region total - the chosen sums' totals``, where a sum
  whose total is a cell (an arrow's circle) puts that cell in the equation instead.

The regions are the ones cheap to list and natural to a solver: every full house
alone (rows, columns, boxes, diagonals, extra regions), runs of adjacent rows, runs
of adjacent columns, rectangles of boxes (two boxes side by side, a band's or a
stack's section, four boxes in a square) and the whole grid. A union must have a sum
in each of its houses (else it says no more than its parts). The regions, the sums
chosen in each and the equations depend only on the layout: they are worked out once
per layout and kept while the layout lives.

On the board an equation is used once few of its cells are unplaced (``MOST``):
placed digits move to the total, and the open cells are narrowed like a cage with
that sum (which digits take part in some filling, cells that see each other taking
different digits). That gives, in one rule, the bounds on an innie or an outie, the
combinations of two or three innies, and "this innie is that outie plus k"::

    Innies and Outies: r12: innies r1c3+r2c3 = 9 => r1c3,r2c3<>9
    Innies and Outies: r1: innies-outies r1c9-r2c8 = 7 => r2c8<>3,4,5,6,7,8,9

An equation whose cells' candidates are unchanged since it last found nothing is
skipped. Nothing here knows a rule type: any rule that declares sums takes part.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator, Sequence

from yass.constraints.base import LinearSum
from yass.constraints.group import mask_text
from yass.constraints.sums import killer_combinations, narrow_sets, narrow_sum
from yass.constraints.support import apart_masks
from yass.core.board import Board
from yass.core.geometry import digit_char, mask_digits
from yass.core.layout import Layout
from yass.core.record import field, record
from yass.core.step import Step, compact_cells, houses_notation, notation
from yass.logic.techniques.base import Technique, join_words, removal_text

__all__ = ["Equation", "InniesOuties", "Region", "Sum", "equations", "regions"]

#: The most unplaced cells an equation may have for the technique to narrow them.
MOST = 6

#: The most cells (placed or not) an equation may have at all; bigger ones are dropped
#: when the layout is prepared (they rarely come down to ``MOST`` open cells).
LARGEST = 18


@record(frozen=True)
class Region:
    """A union of disjoint full houses: its ``name`` for people (``rows 1-2``), the
    indexes of its ``houses`` in ``layout.houses``, its cells (a bitset) and what its
    digits add up to."""

    name: str
    houses: tuple[int, ...]
    mask: int
    total: int


@record(frozen=True)
class Sum:
    """A declared sum: the cells of ``plus`` (a bitset) and ``coef * digit`` for each
    of ``other`` add up to ``total``; ``label`` says it for people (``17``,
    ``r2c3+r2c4 = r2c2``). A killer cage or a little killer has only ``plus``; an
    arrow's circle, a zipper's centre are ``other`` (coefficient -1)."""

    plus: int
    other: tuple[tuple[int, int], ...]
    total: int
    label: str


@record(frozen=True)
class Equation:
    """``sum(coef * digit) == total`` over ``terms`` (cell, coef) in ``region``, from
    the sums ``inside`` it and ``crossing`` it. Coefficient +1 on a cell of the region
    is an innie, -1 on a cell outside it an outie; other terms come from sums whose
    total is itself a cell (an arrow's circle)."""

    region: Region
    terms: tuple[tuple[int, int], ...]
    inside: tuple[Sum, ...]
    crossing: tuple[Sum, ...]
    total: int
    #: The cells of ``terms`` as a bitset.
    mask: int

    @property
    def cells(self) -> tuple[int, ...]:
        return tuple(c for c, _ in self.terms)

    @property
    def coefs(self) -> tuple[int, ...]:
        return tuple(k for _, k in self.terms)


def _cells(mask: int) -> tuple[int, ...]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def _span(word: str, numbers: Sequence[int]) -> str:
    """``row 1``, ``rows 1-3``, ``boxes 1,2,4,5``."""
    if len(numbers) == 1:
        return f"{word} {numbers[0]}"
    plural = word + ("es" if word.endswith("x") else "s")
    if list(numbers) == list(range(numbers[0], numbers[-1] + 1)):
        return f"{plural} {numbers[0]}-{numbers[-1]}"
    return f"{plural} {','.join(str(n) for n in numbers)}"


def regions(layout: Layout) -> list[Region]:
    """Every region the technique reads, smallest first, each cell set once: every full
    house, runs of adjacent rows and of adjacent columns, rectangles of boxes, and the
    whole grid (named so)."""
    n = layout.size
    whole = n * (n + 1) // 2
    everything = (1 << layout.ncells) - 1
    out: list[Region] = []
    seen: set[int] = set()

    def add(name: str, houses: Sequence[int]) -> None:
        mask = 0
        for h in houses:
            mask |= layout.houses[h].mask
        if mask in seen:
            return
        seen.add(mask)
        if mask == everything:
            name = "the grid"
        out.append(Region(name, tuple(houses), mask, whole * len(houses)))

    by_kind: dict[str, dict[int, int]] = {}
    for index, house in enumerate(layout.houses):
        if house.full:
            by_kind.setdefault(house.kind, {})[house.number] = index
            add(house.name, (index,))
    unions: list[tuple[int, str, list[int]]] = []
    for kind in ("row", "column"):
        lines = by_kind.get(kind, {})
        for length in range(2, n + 1):
            for first in range(1, n - length + 2):
                numbers = list(range(first, first + length))
                if all(k in lines for k in numbers):
                    unions.append((length, _span(kind, numbers), [lines[k] for k in numbers]))
    boxes = by_kind.get("box", {})
    if layout.box_rows and len(boxes) == n:
        bands, stacks = n // layout.box_rows, n // layout.box_cols
        for height in range(1, bands + 1):
            for width in range(1, stacks + 1):
                if height * width < 2:
                    continue
                for top in range(bands - height + 1):
                    for left in range(stacks - width + 1):
                        numbers = [
                            (top + i) * stacks + left + j + 1
                            for i in range(height) for j in range(width)
                        ]
                        unions.append(
                            (len(numbers), _span("box", numbers), [boxes[k] for k in numbers])
                        )
    for _, name, houses in sorted(unions, key=lambda u: u[0]):
        add(name, houses)
    return out


def _greedy(sums: Sequence[Sum], taken: int, region: int | None) -> list[Sum]:
    """Sums whose ``plus`` cells are disjoint and miss ``taken``: the biggest first,
    or (``region``: a region's cells) those sticking out of it least first."""
    if region is None:
        order = sorted(sums, key=lambda s: -s.plus.bit_count())
    else:
        order = sorted(sums, key=lambda s: (s.plus & ~region).bit_count())
    chosen = []
    for s in order:
        if not s.plus & taken:
            chosen.append(s)
            taken |= s.plus
    return chosen


def _touches_every_house(layout: Layout, region: Region, used: int) -> bool:
    """A union of houses earns its place only when every house of it meets a sum: a
    house no sum touches adds its full total to both sides and nothing else."""
    return all(layout.houses[h].mask & used for h in region.houses)


def _declared_sums(layout: Layout) -> list[Sum]:
    """Every sum the rules declare: ``sum_groups`` (cages, little killers), and the
    linear sums of their compiled forms whose +1 cells add up to a total or to other
    cells (arrows, zipper lines, region-sum lines), each once."""
    grid = layout.grid
    out: list[Sum] = []
    seen: set[tuple[int, tuple[tuple[int, int], ...], int]] = set()

    def add(plus: int, other: tuple[tuple[int, int], ...], total: int, label: str) -> None:
        key = (plus, other, total)
        if plus and key not in seen:
            seen.add(key)
            out.append(Sum(plus, other, total, label))

    for con in layout.constraints:
        for cells, total in con.sum_groups(grid):
            mask = 0
            for c in cells:
                mask |= 1 << c
            if mask.bit_count() == len(cells):
                add(mask, (), total, str(total))
        forms = con.compiled(grid) or ()
        for form in forms:
            if not isinstance(form, LinearSum) or len(set(form.cells)) != len(form.cells):
                continue
            plus = 0
            other = []
            for c, k in zip(form.cells, form.coefs, strict=True):
                if k == 1:
                    plus |= 1 << c
                elif k:
                    other.append((c, k))
            if not other:
                add(plus, (), form.total, str(form.total))
                continue
            # Say it as "plus cells = the rest": r2c3+r2c4 = r2c2, a+b = c+d.
            right = _expression(layout, [(c, -k) for c, k in other], form.total)
            left = "+".join(layout.name(c) for c in _cells(plus))
            add(plus, tuple(sorted(other)), form.total, f"{con.label} {left} = {right}")
    return out


def _expression(layout: Layout, terms: Sequence[tuple[int, int]], constant: int = 0) -> str:
    """``r1c3+2*r2c2-r3c4``, then the constant if any (``r2c2+5``)."""
    parts = []
    for c, k in terms:
        sign = "-" if k < 0 else "+"
        size = f"{abs(k)}*" if abs(k) != 1 else ""
        parts.append(f"{sign}{size}{layout.name(c)}")
    text = "".join(parts).lstrip("+") or "0"
    if constant:
        text += f"{'+' if constant > 0 else '-'}{abs(constant)}"
    return text


def _equations(layout: Layout) -> tuple[Equation, ...]:
    sums = _declared_sums(layout)
    if not sums:
        return ()
    declared = {(s.plus, s.total) for s in sums if not s.other}
    out: list[Equation] = []
    seen: set[tuple[tuple[int, int], ...]] = set()

    def add(region: Region, inside: list[Sum], crossing: list[Sum]) -> None:
        used = 0
        for s in inside + crossing:
            used |= s.plus
        if not _touches_every_house(layout, region, used):
            return
        coef: dict[int, int] = dict.fromkeys(_cells(region.mask), 1)
        for s in inside + crossing:
            for c in _cells(s.plus):
                coef[c] = coef.get(c, 0) - 1
            for c, k in s.other:
                coef[c] = coef.get(c, 0) - k
        terms = tuple(sorted((c, k) for c, k in coef.items() if k))
        total = region.total - sum(s.total for s in inside + crossing)
        if not terms or len(terms) > LARGEST:
            return  # the sums tile the region (nothing left to learn), or too many cells
        if all(k == 1 for _, k in terms):
            mask = 0
            for c, _ in terms:
                mask |= 1 << c
            if (mask, total) in declared:
                return  # the innies are a declared sum: the rule itself says as much
        key = (*terms, (-1, total))
        if key in seen:
            return
        seen.add(key)
        mask = 0
        for c, _ in terms:
            mask |= 1 << c
        out.append(Equation(region, terms, tuple(inside), tuple(crossing), total, mask))

    for region in regions(layout):
        inside = _greedy([s for s in sums if not s.plus & ~region.mask], 0, None)
        taken = 0
        for s in inside:
            taken |= s.plus
        crossers = [s for s in sums if s.plus & region.mask and s.plus & ~region.mask]
        crossing = _greedy(crossers, taken, region.mask)
        if inside:
            add(region, inside, [])
        if crossing:
            add(region, inside, crossing)
        if len(crossing) > 1:
            for s in crossing:
                add(region, inside, [s])
    return tuple(out)


@record(eq=False)
class _Prepared:
    """What the technique keeps per layout: its equations, and the candidates of each
    equation's cells when it last found nothing there (skipped until they change)."""

    equations: tuple[Equation, ...]
    quiet: dict[int, tuple[int, ...]] = field(default_factory=dict)


_PREPARED: weakref.WeakKeyDictionary[Layout, _Prepared] = weakref.WeakKeyDictionary()


#: The layout asked for last and its equations: the solve loop asks for the same
#: layout again and again, and this spares the dictionary's hashing and comparing.
_LAST: list[tuple[weakref.ref[Layout], _Prepared]] = []


def _prepared(layout: Layout) -> _Prepared:
    last = _LAST[:1]
    if last and last[0][0]() is layout:
        return last[0][1]
    got = _PREPARED.get(layout)
    if got is None:
        got = _Prepared(_equations(layout))
        _PREPARED[layout] = got
    _LAST[:] = [(weakref.ref(layout), got)]
    return got


def equations(layout: Layout) -> tuple[Equation, ...]:
    """Every innies-and-outies equation of ``layout`` (worked out once per layout)."""
    return _prepared(layout).equations


class InniesOuties(Technique):
    """Cells the declared sums leave over in a region (a house or a union of houses)
    add up to a known total, or differ from the cells sticking out by one."""

    code = "io"

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        prep = _prepared(lay)
        if not prep.equations:
            return
        cands = board.cands
        empty = board.empty
        quiet = prep.quiet
        for index, eq in enumerate(prep.equations):
            open_count = (eq.mask & empty).bit_count()
            if not open_count or open_count > MOST:
                continue
            state = tuple(cands[c] for c, _ in eq.terms)
            if quiet.get(index) == state:
                continue
            step = self._narrow(board, eq)
            if step is None:
                if len(quiet) > 65536:
                    quiet.clear()
                quiet[index] = state
                continue
            yield step

    def _narrow(self, board: Board, eq: Equation) -> Step | None:
        lay = board.layout
        cands, values = board.cands, board.values
        total = eq.total
        terms = [(c, k) for c, k in eq.terms if not values[c]]
        placed = [(c, k) for c, k in eq.terms if values[c]]
        total -= sum(k * values[c] for c, k in placed)
        cells = [c for c, _ in terms]
        coefs = [k for _, k in terms]
        masks = [cands[c] for c in cells]
        if not all(masks) or all(not m & (m - 1) for m in masks):
            return None
        apart = apart_masks(cells, lay.sees)
        full = (1 << len(cells)) - 1
        distinct = all(a | 1 << i == full for i, a in enumerate(apart))
        combos: list[int] | None = None
        sign = coefs[0]
        if distinct and sign in (1, -1) and all(k == sign for k in coefs):
            # One sign and every two cells see each other: a cage of their own.
            union = 0
            for m in masks:
                union |= m
            combos = [
                s for s in killer_combinations(lay.size, len(cells), total * sign)
                if not s & ~union and all(m & s for m in masks)
            ]
            new = narrow_sets(masks, combos)
        else:
            new = narrow_sum(list(masks), coefs, total, apart)
        elims = tuple(
            (c, d)
            for c, old, m in zip(cells, masks, new, strict=True)
            for d in mask_digits(old & ~m)
        )
        locked = _locked(board, cells, new, combos) if combos is not None else []
        if not elims and not locked:
            return None
        return self._step(board, eq, terms, placed, total, masks, combos, elims, locked)

    def _step(
        self,
        board: Board,
        eq: Equation,
        terms: list[tuple[int, int]],
        placed: list[tuple[int, int]],
        total: int,
        masks: list[int],
        combos: list[int] | None,
        elims: tuple[tuple[int, int], ...],
        locked: list[tuple[int, list[int], list[int]]],
    ) -> Step:
        lay = board.layout
        region = eq.region
        where = "the grid" if region.name == "the grid" else houses_notation(lay, region.houses)
        cells = [c for c, _ in terms]
        kinds = {_kind(region, c, k) for c, k in terms}
        kind = kinds.pop() if len(kinds) == 1 else "innies-outies"
        pattern = f"{where}: {kind} {_relation(lay, terms, total)}"
        if combos is not None and len(combos) <= 3:
            pattern += " " + "|".join(mask_text(s) for s in combos)

        sums = [s.label for s in eq.inside + eq.crossing]
        if len(sums) > 1 and all(s.isdigit() for s in sums):
            told = f"{'+'.join(sums)} = {sum(s.total for s in eq.inside + eq.crossing)}"
        else:
            told = "; ".join(sums)
        one = len(region.houses) == 1 or region.name == "the grid"
        them = "it" if one else "them"
        head = region.name[:1].upper() + region.name[1:]
        innies = [c for c, _ in eq.terms if region.mask >> c & 1]
        outies = [c for c, k in eq.terms if k < 0 and not region.mask >> c & 1]
        # cells outside the region that a sum's total brings in (an arrow's circle)
        brought = [c for c, k in eq.terms if k > 0 and not region.mask >> c & 1]
        text = f"{head} add{'s' if one else ''} up to {region.total}; the sums "
        text += f"inside or crossing {them}" if eq.crossing else f"inside {them}"
        text += f" ({told})"
        parts = []
        if innies:
            parts.append(f"leave {_names(lay, innies)}")
        if outies:
            parts.append(f"stick out by {_names(lay, outies)}")
        if brought:
            parts.append(f"bring in {_names(lay, brought)}")
        if parts:
            text += " " + " and ".join(parts)
        text += f", so {_relation(lay, eq.terms, eq.total)}"
        if placed:
            known = join_words([f"{lay.name(c)}={digit_char(board.values[c])}" for c, _ in placed])
            text += f"; with {known} placed, {_relation(lay, terms, total)}"
        if len(terms) == 2 and {k for _, k in terms} == {1, -1}:
            (a, _), (b, _) = sorted(terms, key=lambda t: -t[1])
            an, bn = lay.name(a), lay.name(b)  # a - b = total
            if total > 0:
                text += f" ({an} is {bn} plus {total})"
            elif total < 0:
                text += f" ({an} is {bn} minus {-total})"
            else:
                text += f" ({an} equals {bn})"
        if combos is not None:
            options = "|".join(mask_text(s) for s in combos) or "no combination"
            text += f"; the digits can only be {options}"
        premise = ", ".join(
            f"{lay.name(c)}{mask_text(m)}" for c, m in zip(cells, masks, strict=True)
            if m & (m - 1)
        )
        if elims:
            text += f"; with {premise}, {removal_text(lay, elims)}"
        outside: list[tuple[int, int]] = []
        for d, places, seeing in locked:
            gone = [(x, d) for x in seeing]
            outside += gone
            text += (f"; {digit_char(d)} must be in {_names(lay, places)}, so"
                     f" {removal_text(lay, gone)}")
        every = tuple(sorted(elims + tuple(outside)))
        return Step(
            self.code,
            eliminations=every,
            explanation=text,
            cells=tuple(cells),
            houses=region.houses,
            notation=notation(lay, self.name, pattern, (), every),
        )


def _locked(
    board: Board, cells: Sequence[int], masks: Sequence[int], combos: Sequence[int]
) -> list[tuple[int, list[int], list[int]]]:
    """Digits every combination still open to the cells holds, so one of the cells
    holds it: (digit, the cells that may, the cells outside that see all of those and
    lose the digit). Like a cage's own digits, for the innies; nothing when the cells
    are a naked subset (the subset techniques, on the same rung, say that)."""
    union = 0
    for m in masks:
        union |= m
    if union.bit_count() <= len(masks):
        return []  # a naked subset already: the subset techniques say the rest
    live = [s for s in combos if all(m & s for m in masks)]
    if not live:
        return []
    need = live[0]
    for s in live[1:]:
        need &= s
    lay = board.layout
    inside = 0
    for c in cells:
        inside |= 1 << c
    out = []
    for d in mask_digits(need):
        bit = 1 << (d - 1)
        places = [c for c, m in zip(cells, masks, strict=True) if m & bit]
        seen = board.positions(d) & ~inside
        for p in places:
            seen &= lay.peers[p]
        if seen:
            out.append((d, places, list(_cells(seen))))
    return out


def _kind(region: Region, cell: int, coef: int) -> str:
    inside = bool(region.mask >> cell & 1)
    if coef == 1 and inside:
        return "innies"
    if coef == -1 and not inside:
        return "outies"
    return "innies-outies"


def _names(layout: Layout, cells: Sequence[int]) -> str:
    return compact_cells(layout, cells) if len(cells) > 1 else layout.name(cells[0])


def _relation(layout: Layout, terms: Sequence[tuple[int, int]], total: int) -> str:
    """``r1c3+r2c3 = 11``; outies alone ``r2c9 = 5``; ``r1c8-r2c9 = 2``."""
    if terms and all(k < 0 for _, k in terms):
        return f"{_expression(layout, [(c, -k) for c, k in terms])} = {-total}"
    return f"{_expression(layout, terms)} = {total}"
