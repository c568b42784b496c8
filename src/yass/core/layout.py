"""Layout: the immutable geometry of one puzzle (size, houses, the sees-relation, the rules).

Everything here is computed once per layout and shared by every board on it: house
cell masks, ``peers`` (for each cell the bitset of cells it sees), the relation arcs,
and the per-cell digit masks that odd/even/candidate rules impose.
"""

from __future__ import annotations

from yass.constraints.base import Constraint, reversed_table
from yass.core.geometry import MAX_SIZE, Grid, LayoutError, bit_list, box_shape, digit_char
from yass.core.memo import remember
from yass.core.record import Frozen

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence
    from typing import Any, TypeVar

    from yass.constraints.group import GroupRule

    _T = TypeVar("_T")

__all__ = ["House", "Layout", "per_layout", "strict_table"]


class House(Frozen):
    """Cells whose digits all differ; a house of N cells holds every digit exactly once."""

    _compared = _shown = ("kind", "number", "cells", "mask", "full")

    kind: str
    number: int
    cells: tuple[int, ...]
    mask: int
    full: bool

    def __init__(
        self, kind: str, number: int, cells: tuple[int, ...], mask: int, full: bool
    ) -> None:
        self._fields(kind=kind, number=number, cells=cells, mask=mask, full=full)

    @property
    def name(self) -> str:
        return f"{self.kind} {self.number}" if self.number else self.kind


def _house(kind: str, number: int, cells: tuple[int, ...], mask: int, full: bool) -> House:
    """``House(kind, number, cells, mask, full)`` without the two calls of its
    ``__init__``: a layout numbers a house for each cage and line of a puzzle."""
    house = _new(House)
    vars(house).update(kind=kind, number=number, cells=cells, mask=mask, full=full)
    return house


_new = object.__new__


Arc = tuple[int, tuple[int, ...]]
#: ``Layout._plain_parts``: (cell, mask) pairs, (size, cells) per house, pairs, and
#: (cell, arcs) for the cells with arcs.
_Plain = tuple[
    tuple[tuple[int, int], ...],
    tuple[tuple[int, tuple[int, ...]], ...],
    tuple[tuple[int, int], ...],
    tuple[tuple[int, tuple[Arc, ...]], ...],
]


if TYPE_CHECKING:
    from functools import cached_property as _once
else:

    class _once:  # a decorator, named like ``cached_property``
        """An attribute made by a method the first time it is read, then kept in the
        instance's ``__dict__`` (so it pickles with it). ``functools.cached_property``
        without its lock: two threads that make it at once make the same value."""

        def __init__(self, build):
            self.build = build
            self.name = build.__name__
            self.__doc__ = build.__doc__

        def __get__(self, obj, owner=None):
            if obj is None:
                return self
            value = obj.__dict__[self.name] = self.build(obj)
            return value

#: ``strict_table`` by table: the same few tables recur. Bounded (``remember``).
_STRICT: dict[tuple[int, ...], tuple[int, ...]] = {}


def strict_table(table: tuple[int, ...]) -> tuple[int, ...]:
    """A relation's table with equal digits refused, for two cells that see each other."""
    out = _STRICT.get(table)
    if out is None:
        out = remember(_STRICT, table, tuple([ok & ~(1 << d) for d, ok in enumerate(table)]))
    return out


#: ``_kinds`` flags: the rule's class has its own ``propagate``, adds houses, sees-pairs,
#: relations, cell masks; ``_KNOWN`` is always set (a class's flags are never 0).
_PROPAGATES, _HOUSES, _SEES, _RELATES, _MASKS, _KNOWN = 1, 2, 4, 8, 16, 32

#: ``_kinds`` by rule class (a few classes: they depend on the code alone).
_KINDS: dict[type, int] = {}


def _kinds(cls: type[Constraint]) -> int:
    """Which of ``Layout``'s per-rule steps a rule class takes part in: a method left
    as ``Constraint``'s adds nothing (its houses, sees-pairs, relations and cell masks
    are empty), so the layout skips calling it."""
    base = Constraint
    flags = _KNOWN | (
        (cls.propagate is not base.propagate) * _PROPAGATES
        | (cls.houses is not base.houses) * _HOUSES
        | (cls.sees_pairs is not base.sees_pairs) * _SEES
        | (cls.relation_rows is not base.relation_rows
           or cls.relations is not base.relations) * _RELATES
        | (cls.cell_masks is not base.cell_masks) * _MASKS
    )
    _KINDS[cls] = flags
    return flags


def _standard_specs(grid: Grid, replaced: bool) -> list[tuple[str, tuple[int, ...]]]:
    """(kind, cells) of the rows, the columns and (unless ``replaced``) the boxes."""
    size, ncells = grid.size, grid.size * grid.size
    specs = [("row", tuple(range(r * size, (r + 1) * size))) for r in range(size)]
    specs += [("column", tuple(range(c, ncells, size))) for c in range(size)]
    if not replaced:
        boxes: list[list[int]] = [[] for _ in range(size)]
        for cell in range(ncells):
            boxes[grid.box_of(cell)].append(cell)
        specs += [("box", tuple(b)) for b in boxes]
    return specs


#: The standard houses of one geometry (``_standard_houses``): houses, each cell's house
#: numbers among them, each cell's peers in them (a bit set, the cell itself left out)
#: and the same peers as a sorted tuple.
_Standard = tuple[
    tuple[House, ...], tuple[tuple[int, ...], ...], tuple[int, ...], tuple[tuple[int, ...], ...]
]


#: ``_standard_houses`` by (size, box shape, boxes replaced): a few geometries recur.
#: They depend on the geometry alone, never on a puzzle's rules or clues.
_STANDARD: dict[tuple[int, int, int, bool], _Standard] = {}


def _standard_houses(grid: Grid, replaced: bool) -> _Standard:
    """The rows, columns and boxes of ``grid`` as houses (numbered), each cell's house
    numbers among them, and each cell's peers in them (as bits and as a list)."""
    key = (grid.size, grid.box_rows, grid.box_cols, replaced)
    known = _STANDARD.get(key)
    if known is None:
        houses = tuple(
            House(kind, number % grid.size + 1, cells, sum(1 << c for c in cells), True)
            for number, (kind, cells) in enumerate(_standard_specs(grid, replaced))
        )
        cell_houses: list[list[int]] = [[] for _ in range(grid.size * grid.size)]
        peers = [0] * (grid.size * grid.size)
        for i, house in enumerate(houses):
            for cell in house.cells:
                cell_houses[cell].append(i)
                peers[cell] |= house.mask
        for cell in range(len(peers)):
            peers[cell] &= ~(1 << cell)
        known = remember(_STANDARD, key, (
            houses, tuple(tuple(h) for h in cell_houses), tuple(peers),
            tuple(tuple(bit_list(p)) for p in peers),
        ), limit=64)
    return known


class Layout:
    """Size, houses, peers and rules of a puzzle. Build once, share between boards."""

    def __init__(
        self,
        size: int = 9,
        constraints: Iterable[Constraint] = (),
        *,
        box: tuple[int, int] | None = None,
    ) -> None:
        if not isinstance(size, int) or not 1 <= size <= MAX_SIZE:
            raise LayoutError(f"size must be 1 to {MAX_SIZE}, not {size!r}")
        self.constraints: tuple[Constraint, ...] = tuple(constraints)
        # The rules' kinds, in one pass: how many replace the boxes, whether one needs
        # them, and those with their own propagation.
        regions = 0
        needs_boxes = False
        propagators = []
        # Each rule's kind flags (``_kinds``): which of its tables it adds at all.
        kinds = [_KINDS.get(type(con)) or _kinds(type(con)) for con in self.constraints]
        for con, flags in zip(self.constraints, kinds, strict=True):
            regions += con.replaces_boxes
            needs_boxes = needs_boxes or con.needs_boxes
            if flags & _PROPAGATES:
                propagators.append(con)
        replaced = regions > 0
        shape = box if box is not None else box_shape(size)
        if shape is not None and shape[0] * shape[1] != size:
            raise LayoutError(f"a {shape[0]}x{shape[1]} box does not fit a size-{size} grid")
        if shape is None and not replaced:
            raise LayoutError(f"size {size} has no box shape: give its regions")
        if regions > 1:
            raise LayoutError("more than one set of regions")
        br, bc = shape if shape is not None else (0, 0)
        if br == 0 and needs_boxes:
            raise LayoutError("a rule needs standard boxes, but this size has none")
        self.size = size
        self.box_rows, self.box_cols = br, bc
        self.ncells = size * size
        self.all_digits = (1 << size) - 1
        self.grid = Grid(size, br, bc, self.constraints)
        grid = self.grid

        base_houses, _, base_peers, _ = _standard_houses(grid, replaced)
        specs: list[tuple[str, tuple[int, ...]]] = []
        for con, flags in zip(self.constraints, kinds, strict=True):
            if not flags & _HOUSES:
                continue
            for kind, cells in con.houses(grid):
                if len(set(cells)) != len(cells) or len(cells) > size:
                    raise LayoutError(f"a {kind} must have at most {size} distinct cells")
                specs.append((kind, tuple(cells)))
        #: Whether the standard houses' tables are where ``peer_lists`` and
        #: ``cell_houses`` start (with the boxes replaced or not), None when a rule
        #: declares a row, column or box and every house is numbered here.
        self._standard: bool | None = replaced
        if any(kind in ("row", "column", "box") for kind, _ in specs):
            # numbered all together, every cell's houses and peers made here
            base_houses, base_peers = (), (0,) * self.ncells
            specs = [*_standard_specs(grid, replaced), *specs]
            self._standard = None
        self.houses = base_houses + self._number_houses(specs)
        self.full_houses = tuple(h for h in self.houses if h.full)

        # The standard geometry's peers, changed for the cells a rule's houses or pairs
        # reach; a cell is in each of its houses, and never its own peer.
        peers = list(base_peers)
        for i in range(len(base_houses), len(self.houses)):
            house = self.houses[i]
            mask = house.mask
            for cell in house.cells:
                peers[cell] = (peers[cell] | mask) ^ (1 << cell)
        self._extra_sees: dict[tuple[int, int], str] = {}
        for con, flags in zip(self.constraints, kinds, strict=True):
            if not flags & _SEES:
                continue
            for a, b in con.sees_pairs(grid):
                if a == b:
                    continue
                self._extra_sees.setdefault((min(a, b), max(a, b)), con.label)
                peers[a] |= 1 << b
                peers[b] |= 1 << a
        self.peers: tuple[int, ...] = tuple(peers)

        tables: dict[tuple[int, int], tuple[int, ...]] = {}
        for con, flags in zip(self.constraints, kinds, strict=True):
            if not flags & _RELATES:
                continue
            for a, b, table, label in con.relation_rows(grid):
                if a == b:
                    raise LayoutError(f"a {label} relates {grid.name(a)} to itself")
                if (a, b) not in tables and len(table) == size:
                    # most pairs have one rule: the tables kept as they are
                    tables[a, b] = table
                    tables[b, a] = reversed_table(table)
                    continue
                for key, row in (((a, b), table), ((b, a), reversed_table(table))):
                    cur = list(tables.get(key) or (self.all_digits,) * size)
                    for i, allowed in enumerate(row):
                        cur[i] &= allowed
                    tables[key] = tuple(cur)
        # Each cell's arcs by neighbour: the pairs in order, a cell's in a run.
        arcs: list[tuple[Arc, ...]] = [()] * self.ncells
        run: list[Arc] = []
        cell = -1
        strict = _STRICT.get
        for key in sorted(tables):
            a, b = key
            table = tables[key]
            if peers[a] >> b & 1:
                # Related cells that also see each other never hold the same digit;
                # saying so in the table lets propagation chain strict steps.
                table = strict(table) or strict_table(table)
            if a != cell:
                if run:
                    arcs[cell] = tuple(run)
                run, cell = [], a
            run.append((b, table))
        if run:
            arcs[cell] = tuple(run)
        self.arcs: tuple[tuple[Arc, ...], ...] = tuple(arcs)
        #: ``relation_labels`` by pair, made when first asked.
        self._labels: dict[tuple[int, int], list[str]] | None = None

        masks = [self.all_digits] * self.ncells
        for con, flags in zip(self.constraints, kinds, strict=True):
            if not flags & _MASKS:
                continue
            for cell, mask in con.cell_masks(grid):
                masks[cell] &= mask
        self.cell_masks: tuple[int, ...] = tuple(masks)
        self.propagators = tuple(propagators)
        self._plain: _Plain | None = None  # ``_plain_parts``, made at the first ``check``
        #: What other modules derive from this layout and keep with it (the search engine
        #: that serves it, its compiled form), by key: freed with the layout.
        self.derived: dict[str, Any] = {}

    def _number_houses(self, specs: list[tuple[str, tuple[int, ...]]]) -> tuple[House, ...]:
        counts: dict[str, int] = {}
        for kind, _ in specs:
            counts[kind] = counts.get(kind, 0) + 1
        seen: dict[str, int] = {}
        out = []
        size = self.size
        for kind, cells in specs:
            seen[kind] = seen.get(kind, 0) + 1
            number = seen[kind] if counts[kind] > 1 or kind in ("row", "column", "box") else 0
            mask = sum([1 << c for c in cells])  # (distinct cells: see ``__init__``)
            out.append(_house(kind, number, tuple(sorted(cells)), mask, len(cells) == size))
        return tuple(out)

    @_once
    def peer_lists(self) -> tuple[tuple[int, ...], ...]:
        """Each cell's peers as a sorted tuple (made when first read: the search reads
        the bit sets): the standard geometry's tuples where a cell's peers are those."""
        if self._standard is None:
            return tuple([tuple(bit_list(p)) for p in self.peers])
        _, _, base_peers, base_lists = _standard_houses(self.grid, self._standard)
        return tuple([
            base_lists[cell] if p == base_peers[cell] else tuple(bit_list(p))
            for cell, p in enumerate(self.peers)
        ])

    @_once
    def cell_houses(self) -> tuple[tuple[int, ...], ...]:
        """Each cell's houses, as numbers in ``houses`` in order (made when first read)."""
        out: list[tuple[int, ...]]
        if self._standard is None:
            first, out = 0, [()] * self.ncells
        else:
            standard = _standard_houses(self.grid, self._standard)
            first, out = len(standard[0]), list(standard[1])
        for i in range(first, len(self.houses)):
            for cell in self.houses[i].cells:
                out[cell] = (*out[cell], i)
        return tuple(out)

    # -- names ---------------------------------------------------------------------

    @staticmethod
    def classic(size: int = 9) -> Layout:
        """The plain Sudoku layout of ``size`` (made once)."""
        layout = _CLASSIC.get(size)
        if layout is None:
            layout = _CLASSIC[size] = Layout(size)
        return layout

    def name(self, cell: int) -> str:
        """``r1c1`` for cell 0."""
        return self.grid.name(cell)

    def parse_cell(self, text: str) -> int:
        return self.grid.parse_cell(text)

    def digit(self, d: int) -> str:
        return digit_char(d)

    @property
    def is_classic(self) -> bool:
        return not self.constraints and self.box_rows * self.box_cols == self.size

    def __repr__(self) -> str:
        if not self.constraints:
            return f"Layout({self.size})"
        return f"Layout({self.size}, {list(self.constraints)!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Layout)
            and self.size == other.size
            and (self.box_rows, self.box_cols) == (other.box_rows, other.box_cols)
            and self.constraints == other.constraints
        )

    def __hash__(self) -> int:
        return hash((self.size, self.box_rows, len(self.constraints)))

    # -- the sees-relation -----------------------------------------------------------

    def sees(self, a: int, b: int) -> bool:
        return bool(self.peers[a] >> b & 1)

    def why_sees(self, a: int, b: int) -> str:
        """The rule that makes ``a`` and ``b`` see each other: ``row 1``, ``anti-knight``..."""
        for h in self.cell_houses[a]:
            if self.houses[h].mask >> b & 1:
                return f"same {self.houses[h].name}"
        label = self._extra_sees.get((min(a, b), max(a, b)))
        return label if label else "no rule"

    def relation_labels(self, a: int, b: int) -> list[str]:
        """The labels of the rules relating ``a`` to ``b``, in the rules' order."""
        labels = self._labels
        if labels is None:
            labels = {}
            for con in self.constraints:
                for x, y, _, label in con.relation_rows(self.grid):
                    labels.setdefault((x, y), []).append(label)
                    labels.setdefault((y, x), []).append(label)
            self._labels = labels
        return labels.get((a, b), [])

    def relation_allows(self, a: int, da: int, b: int, db: int) -> bool:
        for nb, table in self.arcs[a]:
            if nb == b:
                return bool(table[da - 1] >> (db - 1) & 1)
        return True

    # -- verification ------------------------------------------------------------------

    def violations(self, values: Sequence[int], *, complete: bool = True) -> list[str]:
        """Every rule broken by ``values`` (0 = empty, allowed only if not ``complete``)."""
        out: list[str] = []
        if len(values) != self.ncells:
            return [f"expected {self.ncells} cells, got {len(values)}"]
        for cell, v in enumerate(values):
            if v == 0:
                if complete:
                    out.append(f"{self.name(cell)} is empty")
                continue
            if not 1 <= v <= self.size:
                out.append(f"{self.name(cell)} holds {v}, outside 1..{self.size}")
            elif not self.cell_masks[cell] >> (v - 1) & 1:
                out.append(f"{self.name(cell)}={digit_char(v)} breaks a rule on that cell")
        holders = [0] * (self.size + 1)  # the cells holding each digit
        for cell, v in enumerate(values):
            if 1 <= v <= self.size:
                holders[v] |= 1 << cell
        for a in range(self.ncells):
            va = values[a]
            if not va:
                continue
            if 1 <= va <= self.size and not self.peers[a] & holders[va] and not self.arcs[a]:
                continue  # no peer holds the same digit, no relation to check
            for b in self.peer_lists[a]:
                if b > a and values[b] == va:
                    out.append(
                        f"{self.name(a)} and {self.name(b)} both hold {digit_char(va)}"
                        f" ({self.why_sees(a, b)})"
                    )
            for b, table in self.arcs[a]:
                vb = values[b]
                in_range = 1 <= va <= self.size and 1 <= vb <= self.size
                if b > a and in_range and not table[va - 1] >> (vb - 1) & 1:
                    rule = " and ".join(sorted(set(self.relation_labels(a, b))))
                    out.append(
                        f"{self.name(a)}={digit_char(va)} and {self.name(b)}="
                        f"{digit_char(vb)} break the {rule} rule"
                    )
        if complete and not out:
            for con in self.constraints:
                out.extend(con.check(self.grid, values))
        return out

    def check(self, values: Sequence[int]) -> bool:
        """True when ``values`` is a complete grid that obeys every rule."""
        if len(values) == self.ncells and self._plain_ok(values):
            return self.rules_hold(values)
        return not self.violations(values)

    def rules_hold(self, values: Sequence[int]) -> bool:
        """True when no rule's own ``check`` finds fault with the complete grid
        ``values`` (what the houses, sees-pairs, relations and cell masks forbid is
        ``_plain_ok``'s to find)."""
        grid = self.grid
        groups, others = self._checkers
        for rule, scope in groups:
            if not rule.holds(grid, [values[c] for c in scope]):
                return False
        return not any(any(True for _ in con.check(grid, values)) for con in others)

    @_once
    def _checkers(
        self,
    ) -> tuple[tuple[tuple[GroupRule, tuple[int, ...]], ...], tuple[Constraint, ...]]:
        """The rules with a ``check`` of their own (the others' finds nothing): those
        whose check is the group rules' (a complete grid breaks one exactly when
        ``holds`` is false on the digits of its ``scope``), each with that scope, then
        the others."""
        groups: list[tuple[GroupRule, tuple[int, ...]]] = []
        others: list[Constraint] = []
        base = Constraint.check
        for con in self.constraints:
            check = type(con).check
            if check is base:
                continue
            from yass.constraints.group import GroupRule

            if check is GroupRule.check and isinstance(con, GroupRule):
                groups.append((con, con.scope(self.grid)))
            else:
                others.append(con)
        return tuple(groups), tuple(others)

    @property
    def extra_pairs(self) -> tuple[tuple[int, int], ...]:
        """The pairs of cells ``(a, b)``, ``a < b``, that rules make see each other
        (``sees_pairs``), in the rules' order."""
        return tuple(self._extra_sees)

    def _plain_ok(self, values: Sequence[int]) -> bool:
        """The digits, cell masks, sees-pairs and relations of ``violations`` without
        its sentences: True when a complete grid of ``ncells`` values breaks none.

        Two cells see each other exactly when a house holds both or a rule pairs them
        (see ``__init__``), so the digits of each house are compared, then each pair."""
        if min(values) < 1 or max(values) > self.size:
            return False
        plain = self._plain
        if plain is None:
            plain = self._plain = self._plain_parts()
        masked, houses, pairs, arcs_of = plain
        for cell, mask in masked:
            if not mask >> (values[cell] - 1) & 1:
                return False
        digit_at = values.__getitem__
        for n, cells in houses:
            if len(set(map(digit_at, cells))) != n:
                return False
        for a, b in pairs:
            if values[a] == values[b]:
                return False
        for a, cell_arcs in arcs_of:
            row = values[a] - 1
            for b, table in cell_arcs:
                if not table[row] >> (values[b] - 1) & 1:
                    return False
        return True

    def _plain_parts(self) -> _Plain:
        """What ``_plain_ok`` reads: the cells whose rules limit their digits (with the
        mask), each house of two cells or more (its size and cells),
        the pairs rules make see each other, and (cell, its arcs) for the cells that
        have some."""
        masked = tuple([(c, m) for c, m in enumerate(self.cell_masks) if m != self.all_digits])
        houses = tuple([(len(h.cells), h.cells) for h in self.houses if len(h.cells) > 1])
        arcs_of = tuple([(cell, arcs) for cell, arcs in enumerate(self.arcs) if arcs])
        return masked, houses, self.extra_pairs, arcs_of


#: The plain layouts made by ``Layout.classic``, by size.
_CLASSIC: dict[int, Layout] = {}


def per_layout(build: Callable[[Layout], _T]) -> Callable[[Layout], _T]:
    """Decorator: ``build(layout)`` runs once per layout, its result kept with the layout
    (in ``layout.derived``, under the function's name), so it lives as long as the layout."""
    key = f"{build.__module__}.{build.__qualname__}"

    def get(layout: Layout) -> _T:
        derived = layout.derived
        if key in derived:
            value: _T = derived[key]
            return value
        value = derived[key] = build(layout)
        return value

    get.__name__ = build.__name__
    get.__qualname__ = build.__qualname__
    get.__doc__ = build.__doc__
    return get
