"""The Technique interface: a rule of human logic that finds steps on a board."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from yass.board import Board
from yass.step import Step

__all__ = ["Technique"]


class Technique:
    """Finds steps; never changes the board.

    ``next(t.find(board), None)`` is a hint; ``list(t.find(board))`` is every step
    the technique sees now. ``code`` is stable and short (``hs``), ``name`` is for
    people (``Hidden Single``), ``difficulty`` orders the ladder (easier first).
    """

    code: ClassVar[str] = ""
    name: ClassVar[str] = ""
    difficulty: ClassVar[float] = 0.0

    def find(self, board: Board) -> Iterator[Step]:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
