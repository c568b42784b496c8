"""Rules on cells a fixed move apart, and negative rules with any values.

Chess moves of any shape: ``chess`` takes offsets (``[[1, 3]]`` is the camel's leap)
and makes every cell differ from the cells one such leap away, in all eight directions.
``taxicab`` makes cells a given taxicab distance apart differ; ``self_taxicab`` keeps a
digit d from standing at taxicab distance exactly d from another d; ``knightmare`` keeps
two cells a knight's move apart from adding up to 5 or 15. All of them are sees-pairs or
relation tables, so every technique, the search and the compiled engine run them with
no code of their own.

The negative rules say what the missing markers mean once every marker is given: no
orthogonal pair without a white dot differs by one of the ``values``
(``difference_negative``), none without a dot has one digit ``value`` times the other
(``ratio_negative``), none without an X or V adds up to one of them (``sum_negative``);
``cyclic_nonconsecutive`` is the non-consecutive rule where N and 1 also count as
consecutive. A pair that carries a marker of the kind is exempt, as for the kropki and XV
rules of ``yass.constraints.pairs``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import partial

from yass.constraints.base import Constraint, Relation, int_field, register, relation_table
from yass.constraints.pairs import KNIGHT, NegativeRule
from yass.core.geometry import Grid, LayoutError

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from typing import Any

    from yass.constraints.base import JSONDict

#: Named leaps for ``--rules`` (row and column steps; every direction is implied).
LEAPS: dict[str, tuple[str, tuple[int, int]]] = {
    "ferz": ("ferz", (1, 1)),
    "alfil": ("alfil", (2, 2)),
    "camel": ("camel", (1, 3)),
    "zebra": ("zebra", (2, 3)),
    "giraffe": ("giraffe", (1, 4)),
}


def _whole_list(data: Mapping[str, Any], key: str, default: Sequence[int]) -> tuple[int, ...]:
    raw = data.get(key, list(default))
    if not isinstance(raw, list) or not raw:
        raise LayoutError(f"{key!r} must be a non-empty list of whole numbers, not {raw!r}")
    for v in raw:
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise LayoutError(f"{key!r} must hold whole numbers of 1 or more, not {v!r}")
    return tuple(sorted(set(raw)))


def images(offsets: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Every reflection and turn of each leap: (1, 3) gives the camel's eight moves."""
    out: set[tuple[int, int]] = set()
    for a, b in offsets:
        for x, y in ((a, b), (b, a)):
            for sx in (1, -1):
                for sy in (1, -1):
                    out.add((sx * x, sy * y))
    return sorted(out)


def taxicab_pairs(grid: Grid, distance: int) -> Iterator[tuple[int, int]]:
    """Every pair of cells exactly ``distance`` apart counting rows plus columns."""
    steps = [(dr, distance - abs(dr)) for dr in range(-distance, distance + 1)]
    return grid.offset_pairs(sorted({(dr, s * dc) for dr, dc in steps for s in (1, -1)}))


@register
class Chess(Constraint):
    """Cells one of the given chess leaps apart (in any direction) hold different digits."""

    type = "chess"
    label = "anti-chess"

    def __init__(self, offsets: Sequence[tuple[int, int]], name: str = "") -> None:
        self.offsets = tuple(sorted({(min(abs(a), abs(b)), max(abs(a), abs(b)))
                                     for a, b in offsets}))
        self.name = name

    def sees_pairs(self, grid: Grid) -> Iterable[tuple[int, int]]:
        return grid.offset_pairs(images(self.offsets))

    def to_json(self, grid: Grid) -> JSONDict:
        out: JSONDict = {"type": self.type, "offsets": [list(o) for o in self.offsets]}
        if self.name:
            out["name"] = self.name
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any], grid: Grid) -> Constraint:
        raw = data.get("offsets")
        if not isinstance(raw, list) or not raw:
            raise LayoutError(f"'offsets' must be a non-empty list of [rows, columns] leaps,"
                              f" not {raw!r}")
        offsets = []
        for item in raw:
            ok = isinstance(item, list) and len(item) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) for v in item
            )
            if not ok or item == [0, 0]:
                raise LayoutError(f"a leap must be two whole numbers, not both 0: {item!r}")
            if max(abs(item[0]), abs(item[1])) >= grid.size:
                raise LayoutError(f"the leap {item!r} does not fit a {grid.size}x{grid.size} grid")
            offsets.append((item[0], item[1]))
        name = data.get("name", "")
        if not isinstance(name, str):
            raise LayoutError(f"'name' must be text, not {name!r}")
        return cls(offsets, name)

    def __repr__(self) -> str:
        return f"Chess({list(self.offsets)!r}, {self.name!r})"


@register
class Taxicab(Constraint):
    """Cells ``distance`` apart, counting rows plus columns, hold different digits."""

    type = "taxicab"
    label = "taxicab"

    def __init__(self, distance: int) -> None:
        self.distance = distance

    def sees_pairs(self, grid: Grid) -> Iterable[tuple[int, int]]:
        return taxicab_pairs(grid, self.distance)

    def to_json(self, grid: Grid) -> JSONDict:
        return {"type": self.type, "distance": self.distance}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], grid: Grid) -> Constraint:
        distance = int_field(data, "distance")
        if not 1 <= distance <= 2 * (grid.size - 1):
            raise LayoutError(f"'distance' must be 1 to {2 * (grid.size - 1)}, not {distance}")
        return cls(distance)

    def __repr__(self) -> str:
        return f"Taxicab({self.distance})"


def _not_both(digit: int, x: int, y: int) -> bool:
    return not x == y == digit


@register
class SelfTaxicab(Constraint):
    """A digit d never stands at taxicab distance d (rows plus columns) from another d."""

    type = "self_taxicab"
    label = "self-taxicab"

    def relations(self, grid: Grid) -> Iterable[Relation]:
        for k in range(1, grid.size + 1):
            table = relation_table(grid.size, partial(_not_both, k))
            for a, b in taxicab_pairs(grid, k):
                yield Relation(a, b, table, self.label)


@register
class Knightmare(Constraint):
    """Two cells a knight's move apart never add up to one of ``sums`` (5 or 15)."""

    type = "knightmare"
    label = "knightmare"

    def __init__(self, sums: Sequence[int] = (5, 15)) -> None:
        self.sums = tuple(sorted(set(sums)))

    def relations(self, grid: Grid) -> Iterable[Relation]:
        table = relation_table(grid.size, lambda x, y: x + y not in self.sums)
        for a, b in grid.offset_pairs(KNIGHT):
            yield Relation(a, b, table, self.label)

    def to_json(self, grid: Grid) -> JSONDict:
        if self.sums == (5, 15):
            return {"type": self.type}
        return {"type": self.type, "sums": list(self.sums)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], grid: Grid) -> Constraint:
        return cls(_whole_list(data, "sums", (5, 15)))

    def __repr__(self) -> str:
        return f"Knightmare({list(self.sums)!r})"


@register
class CyclicNonConsecutive(NegativeRule):
    """Orthogonal neighbours never hold consecutive digits, N and 1 counting as consecutive
    (dotted pairs exempt)."""

    type = "cyclic_nonconsecutive"
    label = "cyclic non-consecutive"
    exempt_by = ("difference", "ratio")

    def ok(self, grid: Grid, x: int, y: int) -> bool:
        return (x - y) % grid.size not in (1, grid.size - 1)


class _ValuedNegative(NegativeRule):
    """A negative rule with a list of ``values`` in JSON."""

    default: tuple[int, ...] = ()

    def __init__(self, values: Sequence[int] | None = None) -> None:
        self.values = tuple(sorted(set(values if values is not None else self.default)))

    def to_json(self, grid: Grid) -> JSONDict:
        return {"type": self.type, "values": list(self.values)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], grid: Grid) -> Constraint:
        return cls(_whole_list(data, "values", cls.default))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self.values)!r})"


@register
class DifferenceNegative(_ValuedNegative):
    """No orthogonal pair without a kropki dot differs by one of ``values``."""

    type = "difference_negative"
    label = "no white dot"
    exempt_by = ("difference", "ratio")
    default = (1,)

    def ok(self, grid: Grid, x: int, y: int) -> bool:
        return abs(x - y) not in self.values


@register
class RatioNegative(_ValuedNegative):
    """No orthogonal pair without a kropki dot has one digit v times the other, for any v
    of ``values``."""

    type = "ratio_negative"
    label = "no black dot"
    exempt_by = ("difference", "ratio")
    default = (2,)

    def ok(self, grid: Grid, x: int, y: int) -> bool:
        return all(x != v * y and y != v * x for v in self.values)


@register
class SumNegative(_ValuedNegative):
    """No orthogonal pair without an X or V (or other sum marker) adds up to one of
    ``values``."""

    type = "sum_negative"
    label = "no sum marker"
    exempt_by = ("xv",)
    default = (5, 10)

    def ok(self, grid: Grid, x: int, y: int) -> bool:
        return x + y not in self.values
