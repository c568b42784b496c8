"""Grids in progress: pencil marks as a 729-character line or as a candidate picture.

Two forms are read:

* **the 729-character line** (9x9 only; for N x N in general, N**3 characters): N
  characters per cell, row by row; in a cell's block the character for digit d is d
  when d is still a candidate and ``0`` or ``.`` when it is not. This is the form
  Sudoku Explainer, HoDoKu and SudokuWiki exchange;
* **a candidate picture**, as ``yass show --view candidates`` prints it (and HoDoKu's
  "pm" grids): one text row per grid row, each cell a run of its digits, cells
  separated by spaces, box walls drawn with any of ``│|┃:`` and border lines made of
  box-drawing characters, ``-``, ``+``, ``.``, ``'`` and ``=``.

A cell written with one digit is taken as filled in (that is how a person and every
one of those programs writes a solved cell); a cell with several digits keeps them
as its candidates. The result is a Board: filled cells placed (their peers lose the
digit, as the rules say), the other cells restricted to their written candidates.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from yass.core.board import Board, ConflictError
from yass.core.geometry import DIGIT_CHARS, PuzzleError, digit_char
from yass.core.layout import Layout

__all__ = [
    "CandidateError",
    "board_from_candidates",
    "candidate_line",
    "looks_like_candidates",
    "masks_line",
    "parse_candidates",
]


class CandidateError(PuzzleError):
    """Pencil marks that cannot be read, or that contradict the rules."""


_WALLS = "│|┃:¦"
_BORDER = set("─━┌┐└┘├┤┬┴┼-+.'=*_ \t╔╗╚╝═║╠╣╦╩╬")


def _cell_masks_729(text: str, size: int) -> list[int]:
    masks = []
    for cell in range(size * size):
        block = text[cell * size : (cell + 1) * size]
        mask = 0
        for i, ch in enumerate(block):
            if ch in "0.":
                continue
            if ch.upper() != DIGIT_CHARS[i]:
                raise CandidateError(
                    f"candidate line: cell {cell + 1} holds {ch!r} where only"
                    f" {DIGIT_CHARS[i]!r}, '0' or '.' can stand"
                )
            mask |= 1 << i
        masks.append(mask)
    return masks


def _picture_rows(text: str) -> list[list[str]]:
    rows = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or set(line) <= _BORDER:
            continue
        for wall in _WALLS:
            line = line.replace(wall, " ")
        tokens = line.split()
        if tokens:
            rows.append(tokens)
    return rows


#: A cell of a candidate picture: its digits (``u5``: a digit the solver placed, as SadMan
#: and SudoCue's ``.sdx`` files write it).
_TOKEN = re.compile(r"^(?:[uU](?=[1-9A-Ga-g]$))?[1-9A-Ga-g]+$")


def _cube_root(k: int) -> int:
    """The whole number n with n**3 == k, or 0."""
    n = 1
    while n**3 < k:
        n += 1
    return n if n**3 == k else 0


def looks_like_candidates(text: str) -> bool:
    """True for a 729-character style line or a picture with several-digit cells."""
    stripped = text.strip()
    if "\n" not in stripped:
        n = _cube_root(len(stripped))
        return n >= 2 and n**3 == len(stripped) and n * n != len(stripped)
    rows = _picture_rows(stripped)
    if not rows or len(rows) != len(rows[0]):
        return False
    # Every cell of a candidate picture holds something: a row of cells with nothing in
    # it (walls and spaces only) is a game grid's row of blanks, whose adjacent givens
    # ("11") would otherwise read as a cell's candidates.
    content = [
        line for line in (raw.strip() for raw in stripped.splitlines())
        if line and not set(line) <= _BORDER
    ]
    if len(content) != len(rows):
        return False
    return all(_TOKEN.match(t) for r in rows for t in r) and any(
        len(t) > 1 for r in rows for t in r
    )


def parse_candidates(text: str) -> tuple[int, list[int]]:
    """(size, per-cell digit masks) of a candidate line or picture; CandidateError if neither."""
    stripped = text.strip()
    if "\n" not in stripped:
        n = _cube_root(len(stripped))
        if n < 2 or n**3 != len(stripped):
            raise CandidateError(
                f"a candidate line has N*N*N characters (729 for 9x9), not {len(stripped)}"
            )
        return n, _cell_masks_729(stripped, n)
    rows = _picture_rows(stripped)
    n = len(rows)
    for r, tokens in enumerate(rows, 1):
        if len(tokens) != n:
            raise CandidateError(
                f"candidate picture: row {r} has {len(tokens)} cells, expected {n}"
            )
    masks = []
    for r, tokens in enumerate(rows, 1):
        for c, token in enumerate(tokens, 1):
            if not _TOKEN.match(token):
                raise CandidateError(f"candidate picture: r{r}c{c} reads {token!r}, not digits")
            mask = 0
            for ch in token.lstrip("uU"):
                d = DIGIT_CHARS.find(ch.upper()) + 1
                if d > n:
                    raise CandidateError(f"candidate picture: r{r}c{c} has digit {ch}, above {n}")
                mask |= 1 << (d - 1)
            masks.append(mask)
    return n, masks


def board_from_candidates(layout: Layout, masks: Sequence[int]) -> Board:
    """A board with one-digit cells placed and the others narrowed to their candidates.

    Raises CandidateError when a cell has no candidate or two filled cells clash.
    """
    if len(masks) != layout.ncells:
        raise CandidateError(f"expected {layout.ncells} cells of candidates, got {len(masks)}")
    for cell, mask in enumerate(masks):
        if not mask:
            raise CandidateError(f"{layout.name(cell)} has no candidate")
    filled = [m.bit_length() if not m & (m - 1) else 0 for m in masks]
    try:
        board = Board.from_givens(layout, filled)
    except ConflictError as exc:
        raise CandidateError(str(exc)) from None
    board.givens = None  # filled cells of a grid in progress are not known to be givens
    for cell, mask in enumerate(masks):
        if filled[cell]:
            continue
        gone = board.cands[cell] & ~mask
        d = 1
        while gone:
            if gone & 1:
                board.eliminate(cell, d)
            gone >>= 1
            d += 1
        if not board.cands[cell]:
            written = "".join(digit_char(x + 1) for x in range(layout.size) if mask >> x & 1)
            raise CandidateError(
                f"{layout.name(cell)}: every one of its candidates {written} is already"
                " placed in a cell it sees"
            )
    return board


def masks_line(masks: Sequence[int], size: int) -> str:
    """Per-cell digit masks as one candidate line (``size`` characters a cell, ``0`` where
    a digit is not a candidate), the form ``parse_candidates`` reads."""
    return "".join(
        digit_char(d) if mask >> (d - 1) & 1 else "0"
        for mask in masks
        for d in range(1, size + 1)
    )


def candidate_line(board: Board) -> str:
    """The board as one line, ``size`` characters a cell: its candidates in place (``0``
    where a digit is not possible), a placed digit alone in its cell; the 729-character
    format on a 9x9 grid, which ``parse_candidates`` reads back."""
    size = board.layout.size
    out = []
    for cell in range(board.layout.ncells):
        v = board.values[cell]
        mask = 1 << (v - 1) if v else board.cands[cell]
        out.append(
            "".join(digit_char(d) if mask >> (d - 1) & 1 else "0" for d in range(1, size + 1))
        )
    return "".join(out)
