"""Grid geometry shared by every layer: sizes, box shapes, cell and digit names.

Cells are 0-based integers inside (``cell = row * size + col``) and ``r1c1`` in text.
Digits are 1..N; their text form is ``1``-``9`` then ``A``, ``B``, ... (``G`` is 16).
A set of digits is an int mask with bit ``d - 1`` for digit ``d``; a set of cells is
an int with bit ``cell`` set.
"""

from __future__ import annotations

from itertools import compress

from yass.core.memo import remember
from yass.core.record import Frozen

# True for type checkers only (mypy treats any ``TYPE_CHECKING`` so): ``typing`` is not
# imported at run time, to keep the ``yass`` command's start-up short.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

    from yass.constraints.base import Constraint

MAX_SIZE = 16
DIGIT_CHARS = "123456789ABCDEFG"
EMPTY_CHARS = ".0"


class PuzzleError(ValueError):
    """Base class of every error yass raises about a puzzle or its input."""


class LayoutError(PuzzleError):
    """The geometry or the rules are impossible (bad size, bad regions, bad cells)."""


def box_shape(size: int) -> tuple[int, int] | None:
    """The (rows, cols) of a box for ``size``, the most nearly square factoring.

    4 -> 2x2, 6 -> 2x3, 8 -> 2x4, 9 -> 3x3, 12 -> 3x4, 16 -> 4x4, 1 -> 1x1.
    A prime size above 1 has no box shape and returns None.
    """
    if size == 1:
        return (1, 1)
    best = 1
    r = 1
    while r * r <= size:
        if size % r == 0:
            best = r
        r += 1
    if best == 1:
        return None
    return (best, size // best)


def digit_char(digit: int) -> str:
    """The text form of ``digit`` (1..16)."""
    return DIGIT_CHARS[digit - 1]


def a_digit(ch: str) -> str:
    """A digit's text with its article, as a sentence says it: ``a 3``, ``an 8``, ``an A``."""
    return f"an {ch}" if ch in ("8", "11", "18", "A", "E", "F") else f"a {ch}"


def plural(n: int, word: str) -> str:
    """``1 cell``, ``2 cells``: a count with its noun (regular plurals only)."""
    return f"{n:,} {word}" if n == 1 else f"{n:,} {word}s"


def char_digit(ch: str) -> int:
    """The digit a character stands for, 0 for a blank, -1 for anything else."""
    if ch in EMPTY_CHARS:
        return 0
    i = DIGIT_CHARS.find(ch.upper())
    return i + 1 if i >= 0 else -1


def mask_digits(mask: int) -> list[int]:
    """The digits in a digit mask, ascending."""
    out = []
    d = 1
    while mask:
        if mask & 1:
            out.append(d)
        mask >>= 1
        d += 1
    return out


def digits_mask(digits: Sequence[int]) -> int:
    m = 0
    for d in digits:
        m |= 1 << (d - 1)
    return m


def bits(mask: int) -> Iterator[int]:
    """Indices of the set bits of ``mask``, ascending (cells of a cell set)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


#: Binary text to bytes 0 and 1, for ``bit_list``.
_ZERO_ONE = bytes.maketrans(b"01", b"\x00\x01")


def bit_list(mask: int) -> list[int]:
    """``list(bits(mask))``, for masks of many bits (a cell's peers): its binary text,
    lowest bit first, filters the positions in C, several times faster."""
    flags = bin(mask)[:1:-1].encode().translate(_ZERO_ONE)
    return list(compress(range(len(flags)), flags))


def isqrt(n: int) -> int:
    """The whole square root of ``n`` >= 0, as ``math.isqrt`` (``math`` is not loaded at
    start-up; the numbers here are cell counts)."""
    root = int(n**0.5)
    while root * root > n:
        root -= 1
    while (root + 1) * (root + 1) <= n:
        root += 1
    return root


def digits_text(mask: int) -> str:
    return "".join(digit_char(d) for d in mask_digits(mask))


#: ``_row_col_numbers`` by text: a puzzle file names the same few hundred cells again
#: and again. Bounded (``yass.core.memo.remember``).
_RC_NUMBERS: dict[str, tuple[int, int] | None] = {}


#: ``Grid.parse_cell`` by (text, size, outside): the cells of one puzzle file recur.
#: Bounded (``yass.core.memo.remember``).
_CELLS: dict[tuple[str, int, bool], int] = {}


#: ``Grid.cell_index`` by (size, outside). Bounded (``yass.core.memo.remember``).
_CELL_INDEX: dict[tuple[int, bool], dict[str, int]] = {}


def _row_col_numbers(text: str) -> tuple[int, int] | None:
    """The two numbers of ``r<row>c<col>`` (any case, spaces around the parts), or None."""
    try:
        return _RC_NUMBERS[text]
    except KeyError:
        pass
    return remember(_RC_NUMBERS, text, _read_row_col(text))


def _read_row_col(text: str) -> tuple[int, int] | None:
    row, sep, col = text.strip().lower().partition("c")
    if not sep or not row.startswith("r"):
        return None
    row, col = row[1:].rstrip(), col.lstrip()
    if not (row.isascii() and row.isdigit() and col.isascii() and col.isdigit()):
        return None
    return int(row), int(col)


class Grid(Frozen):
    """The bare geometry a constraint needs to declare itself: size and boxes.

    ``constraints`` holds every rule of the puzzle, so that a rule can react to
    another (the non-consecutive rule exempts pairs that carry a kropki dot); it is
    left out of equality and of the repr.
    """

    _compared = _shown = ("size", "box_rows", "box_cols")

    size: int
    box_rows: int
    box_cols: int
    constraints: tuple[Constraint, ...]

    def __init__(
        self, size: int, box_rows: int, box_cols: int, constraints: tuple[Constraint, ...] = ()
    ) -> None:
        self._fields(size=size, box_rows=box_rows, box_cols=box_cols, constraints=constraints)

    @property
    def ncells(self) -> int:
        return self.size * self.size

    @property
    def all_digits(self) -> int:
        return (1 << self.size) - 1

    def cell(self, row: int, col: int) -> int:
        """The cell at 0-based ``row``, ``col``."""
        return row * self.size + col

    def rc(self, cell: int) -> tuple[int, int]:
        return divmod(cell, self.size)

    def inside(self, row: int, col: int) -> bool:
        return 0 <= row < self.size and 0 <= col < self.size

    def name(self, cell: int) -> str:
        r, c = divmod(cell, self.size)
        return f"r{r + 1}c{c + 1}"

    def parse_cell(self, text: str, *, outside: bool = False) -> int:
        """The cell named ``r1c1`` (1-based). Raises LayoutError when off the grid."""
        if type(text) is not str:
            row, col = self.parse_rc(text, outside=outside)
            return self.cell(row, col)
        key = (text, self.size, outside)
        cell = _CELLS.get(key)
        if cell is None:
            row, col = self.parse_rc(text, outside=outside)
            cell = remember(_CELLS, key, self.cell(row, col))
        return cell

    def cell_index(self, *, outside: bool = False) -> dict[str, int]:
        """Every cell's name (``r1c1``, as ``name`` writes it) to its cell: the names
        JSON lists, read with one lookup each (``parse_cell`` reads any other spelling).
        With ``outside``, the cells one step off each side too (rows and columns 0 and
        N+1). Made once per size: it depends on nothing but the size."""
        key = (self.size, outside)
        index = _CELL_INDEX.get(key)
        if index is None:
            lo, hi = (-1, self.size + 1) if outside else (0, self.size)
            index = remember(_CELL_INDEX, key, {
                f"r{r + 1}c{c + 1}": r * self.size + c for r in range(lo, hi) for c in range(lo, hi)
            }, limit=64)
        return index

    def parse_rc(self, text: str, *, outside: bool = False) -> tuple[int, int]:
        """0-based (row, col) of ``r1c1``; ``outside`` allows row/col 0 and N+1."""
        numbers = _row_col_numbers(str(text))
        if numbers is None:
            raise LayoutError(f"{text!r} is not a cell name like r1c1")
        row, col = numbers[0] - 1, numbers[1] - 1
        lo, hi = (-1, self.size) if outside else (0, self.size - 1)
        if not (lo <= row <= hi and lo <= col <= hi):
            raise LayoutError(f"cell {text} is outside the {self.size}x{self.size} grid")
        return row, col

    def box_of(self, cell: int) -> int:
        """The index of the standard box holding ``cell`` (needs a box shape)."""
        r, c = divmod(cell, self.size)
        boxes_per_row = self.size // self.box_cols
        return (r // self.box_rows) * boxes_per_row + c // self.box_cols

    @property
    def wraps(self) -> bool:
        """True when a rule makes the grid toroidal: its edges wrap around, so cells one
        step apart across an edge are neighbours (``wraps`` on the rule's class)."""
        constraints = self.constraints  # (most grids a rule reads have none)
        return bool(constraints) and any(getattr(c, "wraps", False) for c in constraints)

    def step(self, cell: int, dr: int, dc: int) -> int | None:
        """The cell ``dr`` rows and ``dc`` columns from ``cell`` (across an edge on a
        toroidal grid), or None when that is off the grid or ``cell`` itself."""
        r, c = divmod(cell, self.size)
        rr, cc = r + dr, c + dc
        if self.wraps:
            rr, cc = rr % self.size, cc % self.size
        elif not self.inside(rr, cc):
            return None
        other = self.cell(rr, cc)
        return None if other == cell else other

    def neighbours(self, a: int, b: int, *, corners: bool = False) -> bool:
        """Whether ``a`` and ``b`` share a side (or, with ``corners``, touch at a corner),
        across an edge on a toroidal grid."""
        (ra, ca), (rb, cb) = divmod(a, self.size), divmod(b, self.size)
        dr, dc = abs(ra - rb), abs(ca - cb)
        if self.wraps:
            dr, dc = min(dr, self.size - dr), min(dc, self.size - dc)
        return max(dr, dc) == 1 if corners else dr + dc == 1

    def orthogonal_pairs(self) -> Iterator[tuple[int, int]]:
        """Every pair of orthogonally adjacent cells, each once."""
        return self.offset_pairs(((0, 1), (1, 0)))

    def diagonal_pairs(self) -> Iterator[tuple[int, int]]:
        """Every pair of diagonally adjacent cells, each once."""
        return self.offset_pairs(((1, 1), (1, -1)))

    def offset_pairs(self, offsets: Sequence[tuple[int, int]]) -> Iterator[tuple[int, int]]:
        """Every pair of cells one of ``offsets`` apart, each once (on a toroidal grid,
        counting the steps that cross an edge)."""
        n = self.size
        if not self.wraps:
            for r in range(n):
                for c in range(n):
                    a = self.cell(r, c)
                    for dr, dc in offsets:
                        rr, cc = r + dr, c + dc
                        if self.inside(rr, cc):
                            b = self.cell(rr, cc)
                            if a < b:
                                yield a, b
            return
        seen: set[tuple[int, int]] = set()
        for a in range(self.ncells):
            r, c = divmod(a, n)
            for dr, dc in offsets:
                b = self.cell((r + dr) % n, (c + dc) % n)
                pair = (a, b) if a < b else (b, a)
                if a != b and pair not in seen:
                    seen.add(pair)
                    yield pair
