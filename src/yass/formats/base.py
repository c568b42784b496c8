"""What every puzzle format shares: the error a reader raises, the entry it yields, the
layout cache, and one line of digits made a puzzle.

``yass.formats.text`` reads lines and pictures on top of this; the JSON format, f-puzzles
and SudokuPad links and the exchange formats build their puzzles with the same
``build_puzzle``, so a file of a million puzzles shares one layout however they are
written.
"""

from __future__ import annotations

from itertools import compress

from yass.constraints import rules_from_names
from yass.constraints.base import Constraint
from yass.core.board import Puzzle
from yass.core.geometry import (
    MAX_SIZE,
    Grid,
    PuzzleError,
    a_digit,
    box_shape,
    char_digit,
    isqrt,
    plural,
)
from yass.core.layout import Layout
from yass.core.record import record
from yass.formats.fields import LINE_SIZES

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Sequence


#: Characters that draw a column border; in a boxed picture they separate cells.
VERTICAL_CHARS = "|│┃║"


#: Characters that draw row borders and corners.
#: (``*`` draws the corners of SimpleSudoku's ``.ss`` pictures.)
HORIZONTAL_CHARS = "─━═-+┌┐└┘├┤┬┴┼┏┓┗┛┣┫┳┻╋╔╗╚╝╠╣╦╩╬*"


#: Every border character; a picture ignores them, a line too.
BORDER_CHARS = VERTICAL_CHARS + HORIZONTAL_CHARS


#: The most characters a line of input may have. The longest any format needs is a 16x16
#: candidate line (4,096 digits), with room for spaces and borders; a longer line is
#: refused without being read whole, so memory stays bounded.
MAX_LINE = 16384


def too_long(line: int | None = None) -> str:
    """The message for a line longer than ``MAX_LINE`` (``line``: its number, if known)."""
    which = f"line {line}" if line else "the line"
    return (
        f"{which} is longer than {MAX_LINE:,} characters, more than any puzzle needs"
        " (a 16x16 puzzle line has 256 cells)"
    )


def printable(text: str) -> str:
    """``text`` on one line, control characters escaped as Python writes them.

    A name read from a file may hold newlines, escapes for the terminal or bidirectional
    overrides; shown as ``\\n``, ``\\x1b`` or ``\\u202e`` they cannot break a line of
    output or change what the terminal shows.
    """
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


class LongLine(str):
    """The start (``MAX_LINE`` characters and one more) of a longer line (``numbered_lines``)."""


class ParseError(PuzzleError):
    """The input text is not a puzzle; the message says what is wrong and where.

    ``incomplete`` is True when a picture has fewer rows than columns (more rows may follow).
    """

    def __init__(self, message: str, *, incomplete: bool = False) -> None:
        super().__init__(message)
        self.incomplete = incomplete


@record(frozen=True)
class Entry:
    """One puzzle read from a source: the puzzle, or the error that stopped it.

    ``source`` names the file (``<stdin>`` for standard input, ``""`` for a puzzle given as
    text); ``line`` is the 1-based line where the puzzle starts (0 when not known, as in
    JSON); ``index`` counts the puzzles of the source from 1; ``solution`` is a solution the
    input carries (a JSON puzzle's ``solution``), not one yass computed; ``of`` is the
    number of puzzles in the source when it is known up front (JSON), else 0.
    """

    source: str
    line: int
    index: int
    puzzle: Puzzle | None = None
    error: PuzzleError | None = None
    solution: tuple[int, ...] | None = None
    label: str = ""
    of: int = 0

    @property
    def where(self) -> str:
        """``puzzles.txt line 3``, ``variants.json puzzle 2``, or ``""`` for a lone puzzle."""
        place = self.label or (f"line {self.line}" if self.line else "")
        return printable(" ".join(p for p in (self.source, place) if p))

    @property
    def message(self) -> str:
        """The error with its place, one line (empty when the entry holds a puzzle)."""
        if self.error is None:
            return ""
        return f"{self.where}: {self.error}" if self.where else str(self.error)


class _LayoutKey:
    """(size, rules, constraints) as a key of ``_LAYOUTS``, its hash taken once: a
    rule's hash reads its every field, and a lookup that misses hashes the key again to
    store the new layout."""

    __slots__ = ("_hash", "parts")

    def __init__(self, parts: tuple[int, str, tuple[Constraint, ...]]) -> None:
        self.parts = parts
        self._hash = hash(parts)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, _LayoutKey) and self._hash == other._hash
            and self.parts == other.parts
        )


#: The layouts made so far, by (size, rules, constraints); emptied when it holds 64.
_LAYOUTS: dict[_LayoutKey, Layout] = {}


def _cached_layout(key: _LayoutKey) -> Layout:
    layout = _LAYOUTS.get(key)
    if layout is None:
        size, rules, constraints = key.parts
        if not rules and not constraints:
            layout = Layout.classic(size)
        else:
            shape = box_shape(size) or (0, 0)
            grid = Grid(size, shape[0], shape[1])
            extra = rules_from_names(rules, grid) if rules else []
            layout = Layout(size, (*constraints, *extra))
        if len(_LAYOUTS) >= 64:
            _LAYOUTS.clear()
        _LAYOUTS[key] = layout
    return layout


def clear_caches() -> None:
    """Forget the layouts made so far (``make_layout``'s cache), so the next puzzle is
    read and compiled afresh, as a puzzle never seen before: what a benchmark of one
    puzzle's reading times.

    This is every cache that holds a puzzle's rules or cells. What stays is what any
    puzzle shares: a grid size's rows, columns, boxes, cell names and each cell's
    touching cells (a line's steps are checked against them), and tables keyed
    by digits alone (a relation's table made strict, the digit sets of a cage of k cells
    adding up to s, a sandwich total's automaton).
    """
    _LAYOUTS.clear()


def make_layout(size: int, rules: str = "", constraints: Sequence[Constraint] = ()) -> Layout:
    """The layout of a size with extra ``rules`` (``--rules`` names) and constraints.

    Layouts are cached, so a file of a million puzzles builds each layout once.
    """
    cons = tuple(constraints)
    key = _LayoutKey((size, rules, cons))
    known = _LAYOUTS.get(key)
    if known is not None:
        return known
    if box_shape(size) is None and not any(c.replaces_boxes for c in cons):
        raise ParseError(
            f"{a_digit(str(size))}x{size} grid has no standard boxes; give its regions"
            ' (a JSON puzzle with a "regions" constraint)'
        )
    return _cached_layout(key)


def line_cells(line: str) -> list[tuple[int, str]]:
    """(1-based character position, character) of each cell of a one-line puzzle."""
    return [
        (pos, ch)
        for pos, ch in enumerate(line, 1)
        if not ch.isspace() and ch not in BORDER_CHARS
    ]


def _line_size(count: int, size: int | None, any_square: bool = False) -> int:
    if size is not None:
        if count != size * size:
            raise ParseError(
                f"wrong length: {plural(count, 'cell')}, but {a_digit(str(size))}x{size}"
                f" puzzle line has {size * size}"
            )
        return size
    n = isqrt(count)
    if count == 0:
        raise ParseError("the puzzle is empty")
    if count == 1:
        raise ParseError(
            "wrong length: 1 cell is not a puzzle; a puzzle line has N*N cells"
            " for an NxN grid (81 for 9x9, 16 for 4x4, 256 for 16x16)"
        )
    if n * n == count and n > MAX_SIZE:
        raise ParseError(
            f"wrong length: {count} cells make {a_digit(str(n))}x{n} grid, which yass does not"
            f" support; the largest is {MAX_SIZE}x{MAX_SIZE} ({MAX_SIZE * MAX_SIZE} cells)"
        )
    if n * n != count:
        raise ParseError(
            f"wrong length: {count} cells, but a puzzle line has N*N cells"
            " for an NxN grid (81 for 9x9, 16 for 4x4, 256 for 16x16)"
        )
    if box_shape(n) is None and not any_square:
        raise ParseError(
            f"wrong length: {count} cells make {a_digit(str(n))}x{n} grid, which has no"
            " standard boxes (81 cells for 9x9, 16 for 4x4, 256 for 16x16; other sizes need"
            " regions in JSON)"
        )
    if n not in LINE_SIZES and not any_square:
        raise ParseError(
            f"wrong length: {count} cells; a puzzle line gives 4x4, 6x6, 8x8, 9x9, 12x12 or"
            f" 16x16 grids (16, 36, 64, 81, 144 or 256 cells), so {a_digit(str(n))}x{n} puzzle"
            " is read from a picture or JSON, not from a line"
        )
    return n


def cell_digits(
    cells: Sequence[tuple[str, str]], n: int
) -> tuple[int, ...]:
    """Digits of (where, char) cells of an n x n grid; ParseError on a bad character."""
    out = []
    for where, ch in cells:
        d = char_digit(ch)
        if d < 0:
            raise ParseError(f"{where} {ch!r} is not a digit or blank")
        out.append(d)
    for i, d in enumerate(out):
        if d > n:
            ch = cells[i][1]
            raise ParseError(
                f"{ch!r} at r{i // n + 1}c{i % n + 1} is too large for {a_digit(str(n))}x{n} grid"
            )
    return tuple(out)


_PLAIN = b".0123456789"


_PLAIN_VALUES = bytes.maketrans(_PLAIN, bytes([0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]))


_FAST_SIZES = {n * n: n for n in (4, 6, 8, 9)}


def plain_line(line: str, size: int | None) -> tuple[int, tuple[int, ...]] | None:
    """The common case, a plain line of ``.`` and ``0``-``9`` up to 9x9; None otherwise."""
    text = line.strip()
    n = _FAST_SIZES.get(len(text))
    if n is None or (size is not None and size != n) or not text.isascii():
        return None
    raw = text.encode()
    if raw.translate(None, _PLAIN):
        return None
    values = raw.translate(_PLAIN_VALUES)
    if n < 9 and max(values) > n:  # (no digit is too large for 9x9)
        return None
    return n, tuple(values)


def parse_line(
    line: str, size: int | None = None, *, any_square: bool = False
) -> tuple[int, tuple[int, ...]]:
    """(size, givens) of a one-line puzzle. Raises ParseError.

    Without ``size`` the size comes from the length, which must make a grid with boxes
    unless ``any_square`` (the puzzle brings its own regions).
    """
    fast = plain_line(line, size)
    if fast is not None:
        return fast
    if len(line) > MAX_LINE:
        raise ParseError(too_long())
    cells = line_cells(line)
    for pos, ch in cells:
        if char_digit(ch) < 0:
            raise ParseError(f"character {pos} {ch!r} is not a digit or blank")
    n = _line_size(len(cells), size, any_square)
    return n, cell_digits([(f"character {pos}", ch) for pos, ch in cells], n)


def build_puzzle(
    n: int,
    givens: tuple[int, ...],
    constraints: Sequence[Constraint] = (),
    rules: str = "",
    name: str = "",
    check: bool = True,
) -> Puzzle:
    """The puzzle of size ``n`` with ``givens`` on a cached layout with extra rules."""
    puzzle = Puzzle(make_layout(n, rules, constraints), givens, name)
    if check and _may_clash(puzzle.layout, givens):
        puzzle.check_givens()  # raises ConflictError naming the cells and the rule
    return puzzle


def _may_clash(layout: Layout, givens: Sequence[int]) -> bool:
    """A quick test of what ``Puzzle.check_givens`` checks, using the peer bitsets.

    False means the givens break no rule; True sends the puzzle to ``check_givens``,
    which finds the clash and names it. This keeps reading a big file fast.
    """
    size = layout.size
    placed = [0] * (size + 1)
    peers, masks, arcs = layout.peers, layout.cell_masks, layout.arcs
    # each given cell and its digit (``compress`` and ``filter`` pass over the empty ones)
    for cell, d in zip(compress(range(len(givens)), givens), filter(None, givens), strict=True):
        if not 1 <= d <= size or placed[d] & peers[cell] or not masks[cell] >> (d - 1) & 1:
            return True
        placed[d] |= 1 << cell
        for nb, table in arcs[cell]:
            other = givens[nb]
            if other and not table[d - 1] >> (other - 1) & 1:
                return True
    return False
