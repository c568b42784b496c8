"""Text puzzles: one N*N-character line, or a picture of the grid on several lines.

A line holds the cells row by row: ``1``-``9`` then ``A``-``G`` for digits above 9, ``.`` or
``0`` for an empty cell. Whitespace and border characters in a line are ignored, so
``409 010 803 ...`` is read like ``409010803...``. The size comes from the length (81 -> 9x9).

A picture is a boxed grid (spaces inside the borders are empty cells)::

    ┌───┬───┬───┐
    │4 9│ 1 │8 3│
    ...

or a plain grid with one row per line (``4.9.1.8.3`` or ``4 . 9 | . 1 . | 8 . 3``), where
border characters and the spaces between cells are ignored. The size of a picture is its
number of rows.

``read_text_puzzles`` streams a file of one puzzle per line (blank lines and ``#`` comments
skipped), or a file holding picture grids (separated by blank lines).
"""

from __future__ import annotations

import os

from yass.constraints.base import Constraint
from yass.core.board import Puzzle
from yass.core.geometry import (
    MAX_SIZE,
    PuzzleError,
    a_digit,
    char_digit,
    plural,
)
from yass.formats.base import (
    BORDER_CHARS,
    HORIZONTAL_CHARS,
    MAX_LINE,
    VERTICAL_CHARS,
    Entry,
    LongLine,
    ParseError,
    build_puzzle,
    cell_digits,
    line_cells,
    make_layout,
    parse_line,
    plain_line,
    printable,
    too_long,
)
from yass.formats.fields import (
    CANDIDATE_COUNTS,
    GIVEN_COUNTS,
    LINE_SIZES,
    ColumnChooser,
    is_header,
    split_puzzle,
)

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Sequence
    from typing import IO

__all__ = [
    "BORDER_CHARS",
    "MAX_LINE",
    "Entry",
    "LongLine",
    "ParseError",
    "build_puzzle",
    "entries_from_lines",
    "looks_like_link",
    "make_layout",
    "open_source",
    "parse_line",
    "parse_picture",
    "parse_puzzle",
    "printable",
    "read_text_puzzles",
    "source_lines",
]


#: How an f-puzzles or SudokuPad link, or a bare f-puzzles payload, starts (lower case).
_LINK_STARTS = (
    "http://", "https://", "www.", "f-puzzles.", "sudokupad.", "beta.sudokupad.",
    "app.crackingthecryptic.", "crackingthecryptic.", "fpuz", "n4ig", "scl", "ctc",
)


def looks_like_link(text: str) -> bool:
    """Whether ``text`` is an f-puzzles or SudokuPad link (or another address), or a bare
    f-puzzles payload: ``yass.formats.fpuzzles`` reads it. Quick for anything else."""
    if not text.lstrip()[:24].lower().startswith(_LINK_STARTS):
        return False
    from yass.formats import fpuzzles

    return fpuzzles.looks_like_link(text)


# -- layouts ----------------------------------------------------------------------------


# -- one line -------------------------------------------------------------------------


# -- pictures -------------------------------------------------------------------------


def _is_content_row(row: str) -> bool:
    """A row that holds cells (not a border line, not blank)."""
    if any(not ch.isspace() and ch not in BORDER_CHARS for ch in row):
        return True
    has_vertical = any(ch in VERTICAL_CHARS for ch in row)
    return has_vertical and not any(ch in HORIZONTAL_CHARS for ch in row)


def _tokens(lineno: int, row: str) -> list[tuple[str, str]]:
    """Cells of a plain row: every character but borders and whitespace."""
    return [
        (f"line {lineno}, character {col}", ch)
        for col, ch in enumerate(row, 1)
        if not ch.isspace() and ch not in BORDER_CHARS
    ]


def _boxed_columns(content: Sequence[tuple[int, str]]) -> tuple[list[int], set[int]]:
    """(cell columns, border columns) of a boxed picture, found from its column borders.

    A border column is one where most rows draw a column border. Every other character
    column between the first and the last one used is a column of cells; so a row may
    lose its trailing spaces, or the picture its right border, and still read the same.
    """
    counts: dict[int, int] = {}
    for _, row in content:
        for j, ch in enumerate(row):
            if ch in VERTICAL_CHARS:
                counts[j] = counts.get(j, 0) + 1
    borders = {j for j, k in counts.items() if 2 * k > len(content)}
    first = min(len(row) - len(row.lstrip()) for _, row in content)
    width = max(len(row.rstrip()) for _, row in content)
    return [j for j in range(first, width) if j not in borders], borders


def _boxed_cells(
    content: Sequence[tuple[int, str]], columns: list[int], borders: set[int]
) -> list[tuple[str, str]]:
    """Cells of a boxed picture, a space between the borders being an empty cell."""
    cells = []
    for ln, row in content:
        for j, ch in enumerate(row):
            if (ch in VERTICAL_CHARS) != (j in borders) and not ch.isspace():
                raise ParseError(
                    f"line {ln}, character {j + 1} {ch!r}: the column borders of this row"
                    " do not line up with the other rows'"
                )
        for j in columns:
            ch = row[j] if j < len(row) else " "
            cells.append((f"line {ln}, character {j + 1}", "." if ch.isspace() else ch))
    return cells


def _shape_error(n: int, widths: Sequence[int], content: Sequence[tuple[int, str]]) -> ParseError:
    """The error of a picture whose rows do not hold n cells each."""
    widest = max(widths)
    if min(widths) == widest:
        return ParseError(
            f"the picture has {n} rows of {widest} cells, but an NxN grid needs N rows"
            " of N cells",
            incomplete=widest > n,
        )
    ln, k = next((ln, k) for (ln, _), k in zip(content, widths, strict=True) if k != n)
    return ParseError(
        f"line {ln} has {plural(k, 'cell')}, but the picture has {n} rows"
        f" and {a_digit(str(n))}x{n} grid needs {n} cells in every row",
        incomplete=widest > n,
    )


def parse_picture(
    rows: Sequence[tuple[int, str]], size: int | None = None
) -> tuple[int, tuple[int, ...]]:
    """(size, givens) of a picture given as (line number, text) rows. Raises ParseError.

    The size is the number of rows holding cells. A picture whose rows all have that
    many cells once spaces and borders are ignored is read that way; otherwise a
    picture with column borders is read column by column, a space being an empty cell.
    """
    content = [(ln, row.rstrip("\r\n")) for ln, row in rows if _is_content_row(row)]
    if not content:
        raise ParseError("the picture holds no cells")
    n = len(content)
    tokens = [_tokens(ln, row) for ln, row in content]
    boxed = any(ch in VERTICAL_CHARS for _, row in content for ch in row)
    columns, borders = _boxed_columns(content) if boxed else ([], set())
    if size is not None and n != size:
        raise ParseError(
            f"the picture has {n} rows of cells, but {a_digit(str(size))}x{size} grid needs {size}",
            incomplete=n < size,
        )
    if n > MAX_SIZE:
        raise ParseError(f"the picture has {n} rows of cells; the largest grid is 16x16")
    if all(len(t) == n for t in tokens):
        cells = [c for t in tokens for c in t]
    elif boxed and (
        len(columns) == n
        or (not any(len(t) == n for t in tokens) and len({len(t) for t in tokens}) > 1)
    ):
        cells = _boxed_cells(content, columns, borders)
        if len(columns) != n:
            raise _shape_error(n, [len(columns)] * n, content)
    else:
        raise _shape_error(n, [len(t) for t in tokens], content)
    for where, ch in cells:
        if char_digit(ch) < 0:
            raise ParseError(f"{where} {ch!r} is not a digit or blank")
    return n, cell_digits(cells, n)


# -- puzzles ----------------------------------------------------------------------------


def parse_puzzle(
    text: str,
    *,
    size: int | None = None,
    constraints: Sequence[Constraint] = (),
    rules: str = "",
    name: str = "",
    check: bool = True,
) -> Puzzle:
    """The puzzle in ``text``: one line, or a picture on several lines.

    ``size`` insists on a size (otherwise it comes from the text); ``constraints`` and
    ``rules`` (names as ``--rules`` takes them, ``"antiknight,antiking"``) add rules.
    With ``check`` (the default) givens that break a rule raise ConflictError, so
    every input error is found before solving. Raises ParseError for bad text.
    """
    rows = [
        (ln, row)
        for ln, row in enumerate(text.splitlines(), 1)
        if row.strip() and not row.lstrip().startswith("#")
    ]
    if not rows:
        raise ParseError("the puzzle is empty")
    if len(rows) == 1 and looks_like_link(rows[0][1]):
        from yass.formats.fpuzzles import puzzle_from_link

        return puzzle_from_link(
            rows[0][1], size=size, constraints=constraints, rules=rules, name=name, check=check
        )
    for ln, row in rows:
        if len(row) > MAX_LINE:
            raise ParseError(too_long(ln if len(rows) > 1 else None))
    if len(rows) == 1 and (size != 1 or _line_kind(rows[0][1], size) == "line"):
        puzzle = line_puzzle(rows[0][1], size, constraints, rules, check)
        if puzzle is None:
            raise ParseError(f"{rows[0][1].strip()[:40]!r} is a header row, not a puzzle")
        if name:
            puzzle = Puzzle(puzzle.layout, puzzle.givens, name)
        return puzzle
    rows = _puzzle_section(_drop_legend(rows))
    candidates = _picture_candidates(rows, size)
    if candidates is not None:
        return candidate_puzzle(candidates[0], candidates[1], constraints, rules, name, check)
    n, givens = parse_picture(rows, size)
    return build_puzzle(n, givens, constraints, rules, name, check)


def _drop_legend(rows: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The rows without the ``rules:`` legend ``yass show`` prints under a picture."""
    kept: list[tuple[int, str]] = []
    legend = False
    for ln, row in rows:
        if row.rstrip() == "rules:":
            legend = True
        elif not (legend and row[:1].isspace()):
            legend = False
            kept.append((ln, row))
    return kept


def is_section(row: str) -> bool:
    """Whether a line is a SadMan ``.sdk`` section header such as ``[Puzzle]`` (so a
    text starting with it is not JSON)."""
    return _section(row) is not None


def _section(row: str) -> str | None:
    """The name of a SadMan ``.sdk`` section header (``[Puzzle]`` -> ``puzzle``), or None."""
    text = row.strip()
    if len(text) > 2 and text[0] == "[" and text[-1] == "]" and text[1:-1].isalpha():
        return text[1:-1].lower()
    return None


def _puzzle_section(rows: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The rows of a picture; of a SadMan ``.sdk`` text, those of its ``[Puzzle]`` section."""
    if not any(_section(row) for _, row in rows):
        return rows
    kept: list[tuple[int, str]] = []
    inside = _section(rows[0][1]) is None  # rows before any section are the puzzle's
    for ln, row in rows:
        name = _section(row)
        if name is not None:
            inside = name == "puzzle"
        elif inside:
            kept.append((ln, row))
    return kept


def _picture_candidates(
    rows: Sequence[tuple[int, str]], size: int | None
) -> tuple[int, list[int]] | None:
    """(size, masks) of a candidate picture (cells with several digits: pencil marks, as
    ``yass show --view candidates`` and SadMan ``.sdx`` write them), or None."""
    from yass.formats.candidates import looks_like_candidates, parse_candidates

    text = "\n".join(row for _, row in rows)
    if "\n" not in text.strip() or not looks_like_candidates(text):
        return None
    n, masks = parse_candidates(text)
    if size is not None and n != size:
        raise ParseError(f"the candidate picture is {n}x{n}, not {size}x{size}")
    return n, masks


def candidate_puzzle(
    n: int,
    masks: Sequence[int],
    constraints: Sequence[Constraint] = (),
    rules: str = "",
    name: str = "",
    check: bool = True,
) -> Puzzle:
    """A pencil-mark (Sukaku) puzzle: per cell the digits it may hold.

    A cell with one candidate is a given; every other cell keeps its candidates as a
    ``candidates`` rule (a cell with all N is left free). ParseError for a cell with none.
    """
    from yass.constraints.cells import Candidates

    full = (1 << n) - 1
    givens = []
    extra: list[Constraint] = []
    for cell, mask in enumerate(masks):
        mask &= full
        if not mask:
            raise ParseError(f"r{cell // n + 1}c{cell % n + 1} has no candidate")
        if not mask & (mask - 1):
            givens.append(mask.bit_length())
            continue
        givens.append(0)
        if mask != full:
            extra.append(Candidates(cell, mask))
    return build_puzzle(n, tuple(givens), (*constraints, *extra), rules, name, check)


def pencil_masks(puzzle: Puzzle) -> list[int] | None:
    """Per cell the digits a pencil-mark puzzle allows (its givens alone), or None when the
    puzzle has rules other than given candidates (and so is not a pencil-mark puzzle)."""
    from yass.constraints.cells import Candidates

    layout = puzzle.layout
    cons = layout.constraints
    if not cons or not all(isinstance(c, Candidates) for c in cons):
        return None
    if layout.box_rows * layout.box_cols != layout.size:
        return None
    full = (1 << layout.size) - 1
    masks = [1 << (v - 1) if v else full for v in puzzle.givens]
    for c in cons:
        assert isinstance(c, Candidates)
        if not puzzle.givens[c.cell]:
            masks[c.cell] &= c.mask
    return masks


def line_puzzle(
    line: str,
    size: int | None = None,
    constraints: Sequence[Constraint] = (),
    rules: str = "",
    check: bool = True,
    *,
    column: ColumnChooser | None = None,
) -> Puzzle | None:
    """The puzzle of one line of a file; None for a header row (or a row ``column`` skips).

    The line is a puzzle line (givens, or N*N*N candidates), a HoDoKu library line
    (``:0000:x:<givens>:<removed candidates>:...``), or either followed by a name or
    comment (``yass.formats.fields``). Raises ParseError (or ConflictError) as
    ``parse_line`` and ``build_puzzle`` do.
    """
    regions = any(c.replaces_boxes for c in constraints)
    fast = plain_line(line, size)
    if fast is not None:
        return build_puzzle(fast[0], fast[1], constraints, rules, "", check)
    if column is not None:
        try:
            picked = column.pick(line)
        except ValueError as exc:
            raise ParseError(str(exc)) from None
        if picked is None:
            return None
        text, name = picked
    elif line.lstrip().startswith(":"):
        from yass.formats.exchange import hodoku_masks

        n, masks, name = hodoku_masks(line)
        return candidate_puzzle(n, masks, constraints, rules, name, check)
    else:
        if is_header(line):
            return None
        text, name = split_puzzle(line)
        if name or text != line:
            fast = plain_line(text, size)
            if fast is not None:
                return build_puzzle(fast[0], fast[1], constraints, rules, name, check)
    cells = line_cells(text)
    count = len(cells)
    n = CANDIDATE_COUNTS.get(count, 0)
    if n and (size is None or size == n) and len(text) <= MAX_LINE:
        from yass.formats.candidates import parse_candidates

        for pos, ch in cells:
            if char_digit(ch) < 0:
                raise ParseError(f"character {pos} {ch!r} is not a digit or blank")
        _, masks = parse_candidates("".join(ch for _, ch in cells))
        return candidate_puzzle(n, masks, constraints, rules, name, check)
    n, givens = parse_line(text, size, any_square=regions)
    return build_puzzle(n, givens, constraints, rules, name, check)


def _valid_line_length(count: int) -> bool:
    return count in GIVEN_COUNTS or count in CANDIDATE_COUNTS


def _line_kind(row: str, size: int | None) -> str:
    """Whether a first row reads as a whole puzzle (``line``) or a picture row."""
    if _section(row) is not None:
        return "picture"
    text = row.lstrip()
    if text.startswith(":") or is_header(row):
        return "line"  # a HoDoKu library line, or a header row before puzzle lines
    tokens = "".join(" " if ch in BORDER_CHARS else ch for ch in row).split()
    if len(tokens) in LINE_SIZES and any(len(t) > 1 for t in tokens):
        from yass.formats.candidates import _TOKEN

        if all(_TOKEN.match(t) for t in tokens):
            return "picture"  # a row of a candidate picture (SadMan .sdx, yass show)
    cells = line_cells(row)
    k = len(cells)
    if k == 0:
        return "picture"
    separated = any(ch in BORDER_CHARS for ch in row) or any(ch.isspace() for ch in row.strip())
    if size is not None:
        if k == size * size and (k != size or not separated):
            return "line"
        return "picture" if k <= size else "line"
    if separated and k <= MAX_SIZE:
        return "picture"
    if _valid_line_length(k) or k == 1:
        return "line"
    return "picture" if k <= MAX_SIZE else "line"


# -- files ------------------------------------------------------------------------------


if TYPE_CHECKING:
    #: Where puzzles come from: a path, ``-`` for standard input, or an open text stream.
    Source = str | os.PathLike[str] | IO[str]


def open_source(source: Source) -> tuple[str, IO[str], bool]:
    """(name, text stream, whether we opened it) for a path, ``-`` or a stream."""
    import sys

    if isinstance(source, str | os.PathLike):
        path = os.fspath(source)
        if path == "-":
            return "<stdin>", sys.stdin, False
        try:
            return path, open(path, encoding="utf-8-sig"), True
        except FileNotFoundError:
            raise ParseError(f"cannot read {path!r}: no such file") from None
        except IsADirectoryError:
            raise ParseError(f"cannot read {path!r}: it is a directory") from None
        except OSError as exc:
            raise ParseError(f"cannot read {path!r}: {exc.strerror or exc}") from None
        except ValueError:  # a NUL character in the name
            raise ParseError(f"cannot read {path!r}: not a file name") from None
    name = getattr(source, "name", "")
    if not isinstance(name, str) or name in ("<stdin>", "<stdout>"):
        name = "<stdin>" if name == "<stdin>" else ""
    return name, source, False


def numbered_lines(name: str, stream: IO[str]) -> Iterator[tuple[int, str]]:
    """(1-based number, text without the newline) of each line; a decoding error names the file.

    A line longer than ``MAX_LINE`` is never held whole: it comes as a ``LongLine`` of its
    first ``MAX_LINE + 1`` characters, and the rest of it is skipped when the next line is
    asked for (so a caller that stops there may read on from the stream itself).
    """
    n = 0
    try:
        while True:
            line = stream.readline(MAX_LINE + 1)
            if not line:
                return
            n += 1
            if len(line) > MAX_LINE and not line.endswith("\n"):
                yield n, LongLine(line)
                rest = line
                while rest and not rest.endswith("\n"):
                    rest = stream.readline(1 << 16)
                continue
            yield n, line.rstrip("\r\n")
    except UnicodeDecodeError:
        raise ParseError(f"{name or 'input'} line {n + 1}: not UTF-8 text") from None
    except OSError as exc:
        raise ParseError(f"cannot read {name or 'input'}: {exc.strerror or exc}") from None


class _SourceLines:
    """What ``source_lines`` returns: opens the source on entry, closes it on exit."""

    def __init__(self, source: Source) -> None:
        self._source = source
        self._stream: IO[str] | None = None

    def __enter__(self) -> tuple[str, Iterator[tuple[int, str]]]:
        name, stream, opened = open_source(self._source)
        self._stream = stream if opened else None
        return name, numbered_lines(name, stream)

    def __exit__(self, *exc: object) -> None:
        if self._stream is not None:
            self._stream.close()
            self._stream = None


def source_lines(source: Source) -> _SourceLines:
    """``with source_lines(source) as (name, lines):`` the name and ``numbered_lines`` of a
    path, ``-`` or a stream; a file it opened is closed after."""
    return _SourceLines(source)


def read_text_puzzles(
    source: Source,
    *,
    size: int | None = None,
    constraints: Sequence[Constraint] = (),
    rules: str = "",
    check: bool = True,
    column: str | None = None,
) -> Iterator[Entry]:
    """Puzzles of a text file, one Entry each, streaming and in order.

    One puzzle a line (blank lines and ``#`` comments are skipped); a bad line gives an
    Entry with its error and the rest goes on. A file whose first line is a picture row
    is read as picture grids separated by blank lines. ``source`` is a path, ``-`` for
    standard input, or a text stream. Raises ParseError when the file cannot be read.
    """
    with source_lines(source) as (name, lines):
        yield from entries_from_lines(
            lines, name, size=size, constraints=constraints, rules=rules, check=check,
            column=column,
        )


def entries_from_lines(
    lines: Iterable[tuple[int, str]],
    name: str,
    *,
    size: int | None = None,
    constraints: Sequence[Constraint] = (),
    rules: str = "",
    check: bool = True,
    column: str | None = None,
) -> Iterator[Entry]:
    """Entries of numbered text lines (see ``read_text_puzzles``); ``column``: the
    ``--column`` of CSV or TSV rows (a number from 1, or a header's column name)."""
    mode = "line" if column else ""
    index = 0
    block: list[tuple[int, str]] = []
    chooser = ColumnChooser(column) if column else None
    section = ""  # of a SadMan .sdk file: the [Section] being read
    legend = False  # in the "rules:" legend yass show prints under a picture
    for lineno, line in lines:
        if line.rstrip() == "rules:" or (legend and line[:1].isspace() and line.strip()):
            legend = True
            continue
        legend = False
        if (not isinstance(line, LongLine) and not block) or section:
            head = _section(line)
            if head is not None:
                section = head
                mode = mode or "picture"
                continue
            if section and section != "puzzle":
                continue  # .sdk sections other than [Puzzle]: the solver's state, colours
        if (not line.strip() or isinstance(line, LongLine)) and not any(
            _is_content_row(row) for _, row in block
        ):
            block = []  # only the bottom border of a picture already given out
        if isinstance(line, LongLine):
            if block:
                entry = _picture_entry(
                    block, name, index + 1, size, constraints, rules, check, last=True
                )
                block = []
                if entry is not None:
                    index += 1
                    yield entry
            index += 1
            yield Entry(name, lineno, index, error=ParseError(too_long()))
            continue
        if line.lstrip().startswith("#"):
            continue
        if not line.strip():
            if block:
                entry = _picture_entry(block, name, index + 1, size, constraints, rules, check)
                if entry is not None:
                    index += 1
                    block = []
                    yield entry
            continue
        if not block and looks_like_link(line):  # an f-puzzles or SudokuPad link
            from yass.formats.fpuzzles import entry_from_link

            mode = mode or "line"
            index += 1
            yield entry_from_link(
                line, name, lineno, index, size=size, constraints=constraints, rules=rules,
                check=check,
            )
            continue
        if not mode:
            mode = _line_kind(line, size)
        if mode == "picture":
            block.append((lineno, line))
            if _is_content_row(line) and _complete(block, size):
                # Given out at once, so a picture typed or piped row by row is answered
                # at its last row; what follows (a bottom border) starts the next block.
                entry = _picture_entry(block, name, index + 1, size, constraints, rules, check)
                if entry is not None:
                    index += 1
                    block = []
                    yield entry
            continue
        try:
            puzzle = line_puzzle(line, size, constraints, rules, check, column=chooser)
        except PuzzleError as exc:
            index += 1
            yield Entry(name, lineno, index, error=exc)
        else:
            if puzzle is not None:  # None: a header row
                index += 1
                yield Entry(name, lineno, index, puzzle)
    if block and any(_is_content_row(row) for _, row in block):
        entry = _picture_entry(block, name, index + 1, size, constraints, rules, check, last=True)
        if entry is not None:
            yield entry


def _complete(block: Sequence[tuple[int, str]], size: int | None) -> bool:
    """Whether the rows of a picture so far make a whole grid (N rows of N cells)."""
    rows = sum(1 for _, row in block if _is_content_row(row))
    if rows < 4 or rows > MAX_SIZE or (size is not None and rows != size):
        return False
    try:
        parse_picture(block, size)
    except ParseError:
        try:
            return _picture_candidates(block, size) is not None
        except PuzzleError:
            return False
    return True


def _picture_entry(
    block: list[tuple[int, str]],
    name: str,
    index: int,
    size: int | None,
    constraints: Sequence[Constraint],
    rules: str,
    check: bool,
    *,
    last: bool = False,
) -> Entry | None:
    """The entry of a picture block, or None when the block may go on after a blank line."""
    label = f"puzzle {index}" if index > 1 else ""
    try:
        found = _picture_candidates(block, size)
        if found is not None:
            puzzle = candidate_puzzle(found[0], found[1], constraints, rules, "", check)
        else:
            n, givens = parse_picture(block, size)
            puzzle = build_puzzle(n, givens, constraints, rules, "", check)
    except ParseError as exc:
        if exc.incomplete and not last:
            return None
        return Entry(name, 0, index, error=exc, label=label)
    except PuzzleError as exc:
        return Entry(name, 0, index, error=exc, label=label)
    return Entry(name, block[0][0], index, puzzle, label=label)
