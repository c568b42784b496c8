"""The Technique interface and the one table that names and orders the techniques.

``TABLE`` (kept in ``yass.core.table``, below every technique) is the single source of
truth for every technique: code, name, order, difficulty, score, level. A
``Technique`` subclass declares only its ``code`` and takes the rest from the table.
"""

from __future__ import annotations

from yass.core.board import Board
from yass.core.geometry import PuzzleError, bits, digit_char, mask_digits
from yass.core.layout import Layout
from yass.core.step import Step
from yass.core.table import TABLE, TechniqueInfo

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from typing import ClassVar

__all__ = [
    "REGISTRY",
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


#: Every technique class by code; a subclass that sets ``code`` adds itself.
REGISTRY: dict[str, type[Technique]] = {}


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
    #: True when the technique is sound only for a puzzle with exactly one solution.
    needs_unique: ClassVar[bool] = False
    #: True for the ladder's costliest resort (nested forcing chains): the solver asks it
    #: only before its first guess and only on a puzzle not known to have several
    #: solutions, where a search that finds nothing can take minutes.
    last_resort: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if cls.code:
            row = info(cls.code)
            cls.name = row.name
            cls.difficulty = row.difficulty
            cls.needs_unique = row.unique
            if cls.code in REGISTRY and REGISTRY[cls.code] is not cls:
                raise TypeError(f"two techniques have the code {cls.code!r}")
            REGISTRY[cls.code] = cls

    @property
    def info(self) -> TechniqueInfo:
        """This technique's row of the table."""
        return TABLE[self.code]

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


#: The cells of the nine 3x3 boxes of a 9x9 grid as bit masks, box 1 first (the patterns
#: of the top of the ladder are stated on the classic boxes).
CLASSIC_BOXES: tuple[int, ...] = tuple(
    sum(1 << ((b // 3 * 3 + i) * 9 + b % 3 * 3 + j) for i in range(3) for j in range(3))
    for b in range(9)
)


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
