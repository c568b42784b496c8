"""The Constraint interface and the registry of rule types.

A rule tells the layout what it adds, in forms the generic machinery understands:

* ``houses``: groups of cells whose digits all differ (a house of N cells holds every
  digit once): diagonals, windoku windows, jigsaw regions;
* ``sees_pairs``: extra pairs of cells that may not hold the same digit (anti-knight);
* ``relations``: pairs of cells whose digits are related by a table (non-consecutive,
  kropki dots, thermometers), kept as "if A holds d, B may hold these digits";
* ``cell_masks``: digits a cell may hold at all (odd, even, given candidates).

Generic techniques and the search read only these declarations, so a rule that
declares them works everywhere without special cases. Rules whose logic does not fit
(arithmetic over many cells) override ``propagate`` and ``check``, and say the same
logic declaratively in ``compiled`` when it fits a form the compiled search runs
(``DigitSets``: a killer cage, a renban line; ``LinearSum``: an arrow, a little killer).
"""

from __future__ import annotations

from itertools import pairwise

from yass.core.geometry import _CELL_INDEX, Grid, LayoutError
from yass.core.memo import remember
from yass.core.record import record

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
    from typing import Any, ClassVar

    JSONDict = dict[str, Any]


#: ``reversed_table`` by table: the same few tables (a thermometer's gaps, a dot's)
#: recur in every puzzle. Bounded (``yass.core.memo.remember``).
_REVERSED: dict[tuple[int, ...], tuple[int, ...]] = {}


def reversed_table(table: tuple[int, ...]) -> tuple[int, ...]:
    """The table of a relation seen from its other cell: ``y`` allows ``x`` when ``x``
    allows ``y``."""
    rev = _REVERSED.get(table)
    if rev is None:
        n = len(table)
        out = [0] * n
        for i, allowed in enumerate(table):
            for j in range(n):
                if allowed >> j & 1:
                    out[j] |= 1 << i
        rev = remember(_REVERSED, table, tuple(out))
    return rev


@record(frozen=True)
class Relation:
    """A binary rule on two cells: when ``a`` holds digit d, ``b`` may hold ``table[d-1]``."""

    a: int
    b: int
    table: tuple[int, ...]
    label: str

    def reverse(self) -> Relation:
        """The same rule seen from ``b``."""
        return Relation(self.b, self.a, reversed_table(self.table), self.label)


@record(frozen=True)
class Deduction:
    """What a rule's own logic concludes on the current candidates, and why.

    ``rule`` names the rule and where it is (``killer cage 17/2 r1c1,r1c2``),
    ``premise`` the candidates the step rests on (``{8,9}``); ``label`` is the rule's
    kind (``killer cage``) and ``cells`` its cells, for highlighting.
    """

    eliminations: tuple[tuple[int, int], ...]
    rule: str
    premise: str
    label: str = ""
    cells: tuple[int, ...] = ()


@record(frozen=True)
class DigitSets:
    """A compiled form: ``cells`` hold different digits that together make one of
    ``sets`` (digit masks of ``len(cells)`` digits each): a killer cage's combinations,
    a renban line's runs."""

    cells: tuple[int, ...]
    sets: tuple[int, ...]


@record(frozen=True)
class LinearSum:
    """A compiled form: ``sum(coef * digit)`` over ``cells`` equals ``total`` (an arrow,
    a little killer, two segments of equal sum); digits may repeat."""

    cells: tuple[int, ...]
    coefs: tuple[int, ...]
    total: int


@record(frozen=True)
class Contains:
    """A compiled form: at least ``count`` of ``cells`` hold ``digit`` (a quadruple)."""

    cells: tuple[int, ...]
    digit: int
    count: int = 1


@record(frozen=True)
class Layered:
    """A compiled form: the digits along ``cells`` read in order by an automaton without
    loops (a sandwich, X-sum or skyscraper clue). The states of position ``i`` are
    numbered ``starts[i]`` to ``starts[i + 1] - 1`` (position 0 has the one start
    state; ``starts`` has ``len(cells) + 2`` entries, the last after the accepting
    states of the end); ``nexts[state * size + digit - 1]`` is the state after
    ``digit``, or -1 when the rule refuses it. Every state leads to an accepting end."""

    cells: tuple[int, ...]
    starts: tuple[int, ...]
    nexts: tuple[int, ...]


#: What ``Constraint.compiled`` returns: the forms the compiled core runs.
Form = DigitSets | LinearSum | Contains | Layered


def relation_table(size: int, ok: Callable[[int, int], bool]) -> tuple[int, ...]:
    """The table of a relation given as a predicate ``ok(digit_a, digit_b)``."""
    table = []
    for x in range(1, size + 1):
        m = 0
        for y in range(1, size + 1):
            if ok(x, y):
                m |= 1 << (y - 1)
        table.append(m)
    return tuple(table)


class Constraint:
    """One rule of a puzzle. Subclasses set ``type`` (the JSON name) and ``label``."""

    type: ClassVar[str] = ""
    label: ClassVar[str] = ""
    #: True for a rule that replaces the standard boxes (jigsaw regions).
    replaces_boxes: ClassVar[bool] = False
    #: True for a rule that needs the standard boxes to exist.
    needs_boxes: ClassVar[bool] = False
    #: True for a rule that makes the grid toroidal (``Grid.wraps``: neighbours and moves
    #: cross the edges).
    wraps: ClassVar[bool] = False

    def houses(self, grid: Grid) -> Iterable[tuple[str, tuple[int, ...]]]:
        """(kind, cells) for each house the rule adds."""
        return ()

    def sees_pairs(self, grid: Grid) -> Iterable[tuple[int, int]]:
        """Pairs of cells (outside the houses) that may not hold the same digit."""
        return ()

    def relations(self, grid: Grid) -> Iterable[Relation]:
        """Binary rules on pairs of cells, beyond "differ"."""
        return ()

    def relation_rows(self, grid: Grid) -> Iterable[tuple[int, int, tuple[int, ...], str]]:
        """``relations`` as ``(a, b, table, label)``, the form a layout reads: a rule
        with many relations (a thermometer relates every pair of its cells) may make
        these without the ``Relation`` objects."""
        return [(r.a, r.b, r.table, r.label) for r in self.relations(grid)]

    def cell_masks(self, grid: Grid) -> Iterable[tuple[int, int]]:
        """(cell, digit mask) for each cell whose digits the rule limits."""
        return ()

    def propagate(self, grid: Grid, cands: list[int]) -> bool:
        """Narrow the candidate masks by the rule's own logic; False on a contradiction.

        The default does nothing: a rule that declares only houses, pairs,
        relations and masks is fully handled by the generic machinery.
        """
        return True

    def check(self, grid: Grid, values: Sequence[int]) -> Iterator[str]:
        """Violations the generic checks cannot see, one sentence each."""
        return iter(())

    def compiled(self, grid: Grid) -> Sequence[Form] | None:
        """The rule's own logic as forms the compiled search runs (``DigitSets``,
        ``LinearSum``, ``Contains``), beside its houses, pairs, relations and masks;
        None when it has logic that fits no form (its puzzles then take the reference
        search).

        A rule that gives forms promises that a filled grid meeting them (and the rule's
        houses, pairs, relations and masks) passes its ``check``. The default: no forms
        for a rule without its own ``propagate`` or ``check``, None for one with them.
        """
        cls = type(self)
        if cls.propagate is Constraint.propagate and cls.check is Constraint.check:
            return ()
        return None

    def sum_groups(self, grid: Grid) -> Iterable[tuple[tuple[int, ...], int]]:
        """(cells, total) for each group of cells whose digits the rule says add up to
        ``total`` (a killer cage with its sum, a little killer's diagonal): generic
        arithmetic (the 45 rule over houses) reads these."""
        return ()

    def deductions(
        self, grid: Grid, cands: Sequence[int], sees: Callable[[int, int], bool]
    ) -> Iterator[Deduction]:
        """The rule's own logical steps on ``cands``, each with its reason.

        Rules that only declare houses, pairs, relations and masks have none: the
        generic techniques reason with those. ``sees(a, b)`` is the layout's
        sees-relation (every house and rule), for eliminations outside the rule.
        """
        return iter(())

    def to_json(self, grid: Grid) -> JSONDict:
        return {"type": self.type}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], grid: Grid) -> Constraint:
        return cls()

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and _public(self) == _public(other)

    def __hash__(self) -> int:
        return hash((type(self).__name__, repr(self)))


def _public(rule: Constraint) -> dict[str, Any]:
    """A rule's defining attributes (caches start with ``_`` and are left out)."""
    return {k: v for k, v in vars(rule).items() if not k.startswith("_")}


class CellsRule(Constraint):
    """A rule over a list of cells (``cells`` in JSON), kept in the listed order."""

    def __init__(self, cells: Sequence[int]) -> None:
        self.cells = tuple(cells)

    def to_json(self, grid: Grid) -> JSONDict:
        return {"type": self.type, "cells": [grid.name(c) for c in self.cells]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], grid: Grid) -> Constraint:
        return cls(cell_list(data, "cells", grid))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self.cells)!r})"

    def __hash__(self) -> int:
        # Equal rules have the same type and cells: hashing these is enough, and
        # cheaper than the repr (a layout's cache key hashes every rule of a puzzle).
        return hash((type(self).__name__, self.cells))


#: Every rule type by its JSON name, filled as the rule modules are imported: read it
#: through ``load_rule_types()`` (or ``yass.constraints.REGISTRY``), which imports them.
REGISTRY: dict[str, type[Constraint]] = {}

#: The modules of ``yass.constraints`` that define rule types.
RULE_MODULES = ("cells", "chess", "houses", "lines", "outside", "pairs", "sums")


def load_rule_types() -> dict[str, type[Constraint]]:
    """``REGISTRY``, every rule module imported (a classic puzzle needs none of them, so
    they load only when a rule is named)."""
    if not _LOADED:
        for module in RULE_MODULES:
            __import__(f"yass.constraints.{module}")
        _LOADED.append(True)
    return REGISTRY


_LOADED: list[bool] = []


def register(cls: type[Constraint]) -> type[Constraint]:
    """Class decorator: make a rule type known to the JSON reader."""
    REGISTRY[cls.type] = cls
    return cls


def cell_list(
    data: Mapping[str, Any],
    key: str,
    grid: Grid,
    *,
    outside: bool = False,
    repeats: bool = False,
) -> list[int]:
    """The cells listed under ``key`` of a JSON constraint, checked.

    ``repeats`` allows a cell to come back later in the list (a line that crosses
    itself), but never twice in a row.
    """
    raw = data.get(key)
    if not isinstance(raw, list) or not raw:
        raise LayoutError(f"needs a non-empty list {key!r} of cells")
    # (``Grid.cell_index``'s table looked up here first: a puzzle lists many cells)
    index = _CELL_INDEX.get((grid.size, outside)) or grid.cell_index(outside=outside)
    try:
        cells = list(map(index.__getitem__, raw))  # names as yass writes them
    except (KeyError, TypeError):  # another spelling, or not a name: read one by one
        cells = [grid.parse_cell(str(x), outside=outside) for x in raw]
    if repeats:
        if any(a == b for a, b in pairwise(cells)):
            raise LayoutError(f"lists the same cell twice in a row in {key!r}")
    elif len(set(cells)) != len(cells):
        raise LayoutError(f"lists a cell twice in {key!r}")
    return cells


def int_field(data: Mapping[str, Any], key: str, default: int | None = None) -> int:
    raw = data.get(key, default)
    if raw is None:
        raise LayoutError(f"needs a number {key!r}")
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise LayoutError(f"{key!r} must be a whole number, not {raw!r}")
    return raw


def constraint_from_json(data: Any, grid: Grid) -> Constraint:
    """Build one rule from its JSON object; LayoutError names what is wrong."""
    if type(data) is not dict:
        from collections.abc import Mapping

        if not isinstance(data, Mapping):
            raise LayoutError(f"a constraint must be an object, not {data!r}")
    kind = data.get("type")
    cls = (REGISTRY if _LOADED else load_rule_types()).get(str(kind))
    if cls is None:
        raise LayoutError(f"unknown constraint type {kind!r}")
    try:
        return cls.from_json(data, grid)
    except LayoutError as exc:
        raise LayoutError(f"constraint {kind!r}: {exc}") from None
