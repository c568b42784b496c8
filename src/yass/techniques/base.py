"""The Technique interface and the one table that names and orders the techniques.

``TABLE`` is the single source of truth for every technique: its stable short code,
its name for people, its difficulty (an SE-like number: higher is harder) and extra
names the command line accepts. The row order is the ladder order (easiest first);
a ``Technique`` subclass declares only its ``code`` and takes the rest from the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import ClassVar

from yass.board import Board
from yass.geometry import PuzzleError, bits, digit_char, mask_digits
from yass.layout import Layout
from yass.step import Step

__all__ = [
    "TABLE",
    "Technique",
    "TechniqueInfo",
    "UnknownTechniqueError",
    "cells_text",
    "digits_text",
    "info",
    "join_words",
    "normalize",
    "removal_text",
]


class UnknownTechniqueError(PuzzleError):
    """A technique code or name that yass does not know."""


@dataclass(frozen=True)
class TechniqueInfo:
    """One row of the table: ``order`` is the place on the ladder (0 = tried first)."""

    code: str
    name: str
    difficulty: float
    order: int
    aliases: tuple[str, ...] = ()


# code, name, difficulty, aliases -- in ladder order, easiest first.
_ROWS: tuple[tuple[str, str, float, tuple[str, ...]], ...] = (
    ("ns", "Naked Single", 1.0, ()),
    ("hs", "Hidden Single", 1.5, ()),
    ("ic", "Intersection", 2.6, ("pointing", "claiming", "locked candidates")),
    ("rc", "Relation Consistency", 2.8, ("relation", "relations")),
    ("np", "Naked Pair", 3.0, ()),
    ("hp", "Hidden Pair", 3.4, ()),
    ("nt", "Naked Triple", 3.6, ()),
    ("ht", "Hidden Triple", 4.0, ()),
    ("nq", "Naked Quad", 5.0, ()),
    ("hq", "Hidden Quad", 5.4, ()),
    ("sp", "Speculation", 7.5, ("nishio", "easy recursion", "contradiction")),
)

#: Every technique by code, in ladder order.
TABLE: dict[str, TechniqueInfo] = {
    code: TechniqueInfo(code, name, difficulty, order, aliases)
    for order, (code, name, difficulty, aliases) in enumerate(_ROWS)
}


def normalize(text: str) -> str:
    """A code or name with case, spaces, dashes and underscores ignored."""
    return "".join(ch for ch in text.lower() if ch not in " -_\t")


def info(code: str) -> TechniqueInfo:
    """The table row of ``code``; UnknownTechniqueError if there is none."""
    row = TABLE.get(code)
    if row is None:
        known = ", ".join(TABLE)
        raise UnknownTechniqueError(f"unknown technique {code!r} (known codes: {known})")
    return row


class Technique:
    """Finds steps; never changes the board.

    ``next(t.find(board), None)`` is a hint; ``list(t.find(board))`` is every step
    the technique sees now. ``code`` is stable and short (``hs``), ``name`` is for
    people (``Hidden Single``), ``difficulty`` orders the ladder (easier first); a
    subclass sets ``code`` and the other two come from ``TABLE``.
    """

    code: ClassVar[str] = ""
    name: ClassVar[str] = ""
    difficulty: ClassVar[float] = 0.0

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if cls.code:
            row = info(cls.code)
            cls.name = row.name
            cls.difficulty = row.difficulty

    def find(self, board: Board) -> Iterator[Step]:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


# -- words for explanations ------------------------------------------------------------


def join_words(words: list[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def cells_text(layout: Layout, cells: int | Iterable[int], last: str = "and") -> str:
    """The names of a cell set (an int bitset) or of a list of cells."""
    seq = bits(cells) if isinstance(cells, int) else cells
    return join_words([layout.name(c) for c in seq], last)


def digits_text(mask: int, last: str = "or") -> str:
    """The digits of a digit mask in words: ``3``, ``3 or 7``, ``1, 3 or 7``."""
    return join_words([digit_char(d) for d in mask_digits(mask)], last)


def removal_text(layout: Layout, eliminations: Iterable[tuple[int, int]]) -> str:
    """``r2c4 can't be 5 or 7; r3c4 can't be 7`` for a list of (cell, digit)."""
    by_cell: dict[int, int] = {}
    for cell, d in eliminations:
        by_cell[cell] = by_cell.get(cell, 0) | 1 << (d - 1)
    return "; ".join(
        f"{layout.name(cell)} can't be {digits_text(mask)}" for cell, mask in by_cell.items()
    )
