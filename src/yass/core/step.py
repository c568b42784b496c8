"""Step: one deduction, what it changes, the pattern that justifies it, and how to say it.

A step is a value. Besides its placements and eliminations it carries the roles of
its pattern, so that explanations, hints, ratings and renderers read one structure:

* ``digits``: the digits the pattern is about;
* ``cells`` / ``houses``: the pattern's cells and the houses it lives in (indexes into
  ``layout.houses``);
* ``base`` / ``cover``: base and cover houses of a fish (or of any set-cover pattern);
* ``fins``: fin candidates (cell, digit) of a finned fish or of a pattern's exception;
* ``chain``: the nodes and links of a chain or loop, in order (``Link``);
* ``als``: almost locked sets, each (cells, digit mask);
* ``candidates``: the premise candidates (cell, digit) a renderer highlights;
* ``difficulty``: the step's own SE-style difficulty (a longer chain is harder);
  None means the technique's table value;
* ``notation``: one line in the forum notation HoDoKu prints
  (``X-Wing: 5 r15 c37 => r2c3<>5``);
* ``explanation``: the plain-English sentence;
* ``name``: the form found, when a technique has several (``Sashimi Swordfish``,
  ``Discontinuous Nice Loop``); empty means the technique's name.
"""

from __future__ import annotations

from yass.core.geometry import digit_char
from yass.core.record import record
from yass.core.table import GUESS_INFO, TABLE

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from yass.core.layout import Layout

__all__ = ["Link", "Node", "Step"]


@record(frozen=True)
class Node:
    """A chain node: ``digit`` in one of ``cells`` (one cell, or a group in one house).

    ``kind`` is ``cell``, ``group`` (several cells of one house, for grouped chains)
    or ``als`` (an almost locked set; ``cells`` is the whole set, ``digit`` the digit
    the chain enters or leaves it by).
    """

    cells: tuple[int, ...]
    digit: int
    kind: str = "cell"

    def name(self, layout: Layout) -> str:
        """``r1c1``, or a group ``r1c12`` / ``r12c3``, or a list ``r1c1,r2c3``."""
        return compact_cells(layout, self.cells)

    def to_json(self, layout: Layout) -> dict[str, Any]:
        return {
            "cells": [layout.name(c) for c in self.cells],
            "digit": self.digit,
            "kind": self.kind,
        }


@record(frozen=True)
class Link:
    """An inference between two nodes: ``strong`` (not both false) or weak (not both true)."""

    a: Node
    b: Node
    strong: bool

    def to_json(self, layout: Layout) -> dict[str, Any]:
        return {
            "from": self.a.to_json(layout),
            "to": self.b.to_json(layout),
            "type": "strong" if self.strong else "weak",
        }


Candidate = tuple[int, int]


@record(frozen=True)
class Step:
    """A deduction: placements and/or eliminations, found by one technique.

    ``technique`` is the stable short code (``hs`` for hidden single). See the module
    docstring for the pattern fields.
    """

    technique: str
    placements: tuple[Candidate, ...] = ()
    eliminations: tuple[Candidate, ...] = ()
    explanation: str = ""
    cells: tuple[int, ...] = ()
    houses: tuple[int, ...] = ()
    digits: tuple[int, ...] = ()
    base: tuple[int, ...] = ()
    cover: tuple[int, ...] = ()
    fins: tuple[Candidate, ...] = ()
    chain: tuple[Link, ...] = ()
    als: tuple[tuple[tuple[int, ...], int], ...] = ()
    candidates: tuple[Candidate, ...] = ()
    difficulty: float | None = None
    notation: str = ""
    name: str = ""

    @property
    def text(self) -> str:
        """The plain-English sentence (``explanation``)."""
        return self.explanation

    def changes(self, size: int) -> str:
        """``r1c1=5`` / ``r2c3<>4`` list of what the step does."""
        parts = [f"{_name(c, size)}={digit_char(d)}" for c, d in self.placements]
        parts += [f"{_name(c, size)}<>{digit_char(d)}" for c, d in self.eliminations]
        return ", ".join(parts)

    @property
    def is_empty(self) -> bool:
        return not self.placements and not self.eliminations

    def to_json(self, layout: Layout) -> dict[str, Any]:
        """A JSON-ready dict: ``technique``, ``name``, ``notation``, ``text``, changes, pattern."""
        row = TABLE.get(self.technique) or (GUESS_INFO if self.technique == "guess" else None)
        name = self.name or (row.name if row else self.technique)
        difficulty = self.difficulty if self.difficulty is not None else (
            row.difficulty if row else None
        )
        pattern: dict[str, Any] = {}
        if self.digits:
            pattern["digits"] = list(self.digits)
        if self.cells:
            pattern["cells"] = [layout.name(c) for c in self.cells]
        for key, houses in (("houses", self.houses), ("base", self.base), ("cover", self.cover)):
            if houses:
                pattern[key] = [house_name(layout, h) for h in houses]
        if self.fins:
            pattern["fins"] = [[layout.name(c), d] for c, d in self.fins]
        if self.chain:
            pattern["chain"] = [link.to_json(layout) for link in self.chain]
        if self.als:
            pattern["als"] = [
                {"cells": [layout.name(c) for c in cells], "digits": _mask_list(mask)}
                for cells, mask in self.als
            ]
        if self.candidates:
            pattern["candidates"] = [[layout.name(c), d] for c, d in self.candidates]
        return {
            "technique": self.technique,
            "name": name,
            "notation": self.notation or self.changes(layout.size),
            "text": self.explanation,
            "difficulty": difficulty,
            "placements": [[layout.name(c), d] for c, d in self.placements],
            "eliminations": [[layout.name(c), d] for c, d in self.eliminations],
            "pattern": pattern,
        }


def _mask_list(mask: int) -> list[int]:
    return [d + 1 for d in range(mask.bit_length()) if mask >> d & 1]


def _name(cell: int, size: int) -> str:
    r, c = divmod(cell, size)
    return f"r{r + 1}c{c + 1}"


# -- notation ------------------------------------------------------------------------

_HOUSE_LETTER = {"row": "r", "column": "c", "box": "b"}


def house_name(layout: Layout, index: int) -> str:
    """Short name of house ``index``: ``r1``, ``c5``, ``b9``; other houses by their name."""
    house = layout.houses[index]
    letter = _HOUSE_LETTER.get(house.kind)
    if letter:
        return f"{letter}{_num(house.number)}"
    return house.name


def houses_notation(layout: Layout, indexes: Sequence[int]) -> str:
    """``r15`` for rows 1 and 5 (digits run together when all are one kind under 10)."""
    kinds = {layout.houses[i].kind for i in indexes}
    if len(kinds) == 1:
        kind = next(iter(kinds))
        letter = _HOUSE_LETTER.get(kind)
        numbers = sorted(layout.houses[i].number for i in indexes)
        if letter and all(n < 10 for n in numbers):
            return letter + "".join(str(n) for n in numbers)
    return ",".join(house_name(layout, i) for i in indexes)


def _num(n: int) -> str:
    return str(n) if n < 10 else f"({n})"


def compact_cells(layout: Layout, cells: Sequence[int]) -> str:
    """``r1c1``; ``r1c12`` (one row); ``r12c3`` (one column); else ``r1c1,r2c3``."""
    size = layout.size
    cells = sorted(cells)
    if len(cells) == 1:
        return layout.name(cells[0])
    rows = sorted({c // size for c in cells})
    cols = sorted({c % size for c in cells})
    if size <= 9 and len(rows) == 1:
        return f"r{rows[0] + 1}c" + "".join(str(c + 1) for c in cols)
    if size <= 9 and len(cols) == 1:
        return "r" + "".join(str(r + 1) for r in rows) + f"c{cols[0] + 1}"
    return ",".join(layout.name(c) for c in cells)


def cell_list(layout: Layout, cells: Sequence[int]) -> str:
    """``r1c2,r1c5``: cell names joined by commas, in cell order."""
    return ",".join(layout.name(c) for c in sorted(cells))


def digit_list(digits: Sequence[int], sep: str = ",") -> str:
    """``1,2`` (or ``1/2/3`` with ``sep='/'``)."""
    return sep.join(digit_char(d) for d in sorted(digits))


def changes_notation(
    layout: Layout, placements: Sequence[Candidate], eliminations: Sequence[Candidate]
) -> str:
    """What a step does in forum notation: ``r1c1=5``, ``r2c3,r2c7<>5, r1c7<>1,2``.

    Eliminations are grouped: the cells losing the same digits are listed together.
    """
    parts = [f"{layout.name(c)}={digit_char(d)}" for c, d in placements]
    by_cell: dict[int, int] = {}
    for cell, d in eliminations:
        by_cell[cell] = by_cell.get(cell, 0) | 1 << (d - 1)
    by_mask: dict[int, list[int]] = {}
    for cell in sorted(by_cell):
        by_mask.setdefault(by_cell[cell], []).append(cell)
    for mask, cells in sorted(by_mask.items(), key=lambda mc: (mc[1][0], mc[0])):
        parts.append(f"{cell_list(layout, cells)}<>{digit_list(_mask_list(mask))}")
    return ", ".join(parts)


def notation(
    layout: Layout,
    name: str,
    pattern: str,
    placements: Sequence[Candidate] = (),
    eliminations: Sequence[Candidate] = (),
) -> str:
    """``Name: pattern => changes`` (the shape of every notation line); ``Name: changes``
    when the pattern says nothing more (singles)."""
    changes = changes_notation(layout, placements, eliminations)
    return f"{name}: {pattern} => {changes}" if pattern else f"{name}: {changes}"
