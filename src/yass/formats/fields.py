"""Lines that carry more than a puzzle: a name or comment after it, header rows, columns.

Collections put things after the puzzle on its line: a rating (``<puzzle> 11.9/11.9/11.3``),
a comment (``<puzzle> # from the forum``), TSV or CSV columns (``yass rate --format tsv``,
Kaggle's ``quizzes,solutions``). yass reads the puzzle as the line's **first field**:

* a tab, ``,``, ``;`` or ``#`` ends it; what follows is the puzzle's name (a ``#`` starts
  a comment, kept as the name too);
* whitespace ends it when the cells before it make a puzzle of a size a line gives
  (N*N cells, or N*N*N candidates) and the cells with the following words do not: so
  ``409 010 803 ...`` (a puzzle written in groups) is still one puzzle, while
  ``<81 cells> 2.6 1.2 Pointing`` is a puzzle and its name. The longest run of groups
  that makes a puzzle is taken.

A **header row** is a line whose first field is a column name such as ``puzzle`` or
``quizzes`` (``HEADER_WORDS``); readers skip it. ``pick_column`` takes a chosen column of
a CSV or TSV row instead (``--column N|NAME``).
"""

from __future__ import annotations

__all__ = [
    "HEADER_WORDS",
    "LINE_SIZES",
    "ColumnChooser",
    "is_header",
    "split_fields",
    "split_puzzle",
]

#: The sizes a puzzle line gives (N*N cells for an NxN grid), as the README documents.
#: Other sizes with standard boxes (10x10, 14x14, 15x15) are read from JSON or pictures.
LINE_SIZES = (4, 6, 8, 9, 12, 16)

#: Cell counts of a line of givens -> size.
GIVEN_COUNTS = {n * n: n for n in LINE_SIZES}
#: Cell counts of a line of candidates (N characters a cell) -> size; 64 reads as 8x8
#: givens, never as 4x4 candidates.
CANDIDATE_COUNTS = {n**3: n for n in LINE_SIZES if n**3 not in GIVEN_COUNTS}

#: First fields that mark a header row (compared in lower case, quotes removed).
HEADER_WORDS = frozenset({
    "puzzle", "puzzles", "quizzes", "quiz", "sudoku", "sudokus", "grid", "grids", "givens",
    "clues", "problem", "problems", "question", "questions", "board", "id", "name",
    "index", "no", "number", "line", "#",
})

_SEPARATORS = "\t,;#"
_BORDERS = "|│┃║─━═-+┌┐└┘├┤┬┴┼┏┓┗┛┣┫┳┻╋╔╗╚╝╠╣╦╩╬*"
_CELL_CHARS = frozenset("0123456789.ABCDEFGabcdefg")


def _cell_count(text: str) -> int:
    """Cells in ``text`` (-1 when it holds a character that is neither a cell nor a border)."""
    k = 0
    for ch in text:
        if ch in _CELL_CHARS:
            k += 1
        elif not (ch.isspace() or ch in _BORDERS):
            return -1
    return k


def _valid(count: int) -> bool:
    return count in GIVEN_COUNTS or count in CANDIDATE_COUNTS


def _first_cut(text: str) -> int:
    """Where the first tab, ``,``, ``;`` or ``#`` is (-1 when none)."""
    cut = -1
    for sep in _SEPARATORS:
        i = text.find(sep)
        if i >= 0 and (cut < 0 or i < cut):
            cut = i
    return cut


def split_puzzle(line: str) -> tuple[str, str]:
    """(the puzzle's text, its name) of a line: the first field and what follows it.

    The puzzle's text is a prefix of ``line`` (so character positions in errors stay
    those of the line); the name has its runs of whitespace made single spaces.
    """
    cut = _first_cut(line)
    head, rest = (line, "") if cut < 0 else (line[:cut], line[cut + 1 :])
    body = head.strip()
    if len(body) >= 2 and body[0] == body[-1] == '"':  # a quoted CSV field
        q1, q2 = head.index('"'), head.rindex('"')
        head = f"{head[:q1]} {head[q1 + 1 : q2]} {head[q2 + 1 :]}"  # positions kept
        body = body[1:-1]
    if any(ch.isspace() for ch in body) and not _valid(_cell_count(body)):
        end = _words_end(head)
        if end is not None:
            rest = head[end:] + (line[cut:] if cut >= 0 else "")
            head = head[:end]
            rest = rest.lstrip("\t,;# ")
    name = " ".join(rest.split())
    return head, name


def _words_end(head: str) -> int | None:
    """End of the longest run of whitespace-separated words, from the start, whose cells
    make a puzzle (only words of cells and borders count); None when no run does."""
    count = 0
    best: int | None = None
    first_word_end: int | None = None
    i, n = 0, len(head)
    while i < n:
        while i < n and head[i].isspace():
            i += 1
        if i >= n:
            break
        j = i
        while j < n and not head[j].isspace():
            j += 1
        k = _cell_count(head[i:j])
        if first_word_end is None:
            first_word_end = j
        if k < 0:
            break
        count += k
        if _valid(count):
            best = j
        i = j
    if best is None and count == 0 and first_word_end is not None and first_word_end < n:
        return first_word_end  # the first word is not cells at all: it alone is the puzzle
    return best


def is_header(line: str) -> bool:
    """Whether a line is a header row: the text before its first tab, ``,``, ``;`` or ``#``
    (the whole line when it has none) names a column (``puzzle``, ``quizzes``...).

    ``Puzzle 1: 4.9.1...`` is not a header (its first field is not a column name alone):
    it stays a line whose error says what is wrong, rather than being skipped unseen.
    """
    cut = _first_cut(line)
    field = line if cut < 0 else line[:cut]
    return field.strip().strip('"').strip().lower() in HEADER_WORDS


def split_fields(line: str) -> list[str]:
    """The fields of a TSV row (tab-separated) or a CSV row (``,``, else ``;``), unquoted."""
    for sep in ("\t", ",", ";"):
        if sep in line:
            parts = line.split(sep)
            break
    else:
        parts = line.split()
    return [p.strip().strip('"') for p in parts]


class ColumnChooser:
    """``--column N|NAME``: which field of each row holds the puzzle.

    N counts from 1. A NAME is looked up in the header row (the first row that has it,
    in any case), which is then skipped; rows before it are skipped too.
    """

    def __init__(self, spec: str) -> None:
        self.spec = spec.strip()
        self.index: int | None = None
        if self.spec.isdigit():
            number = int(self.spec)
            if number < 1:
                raise ValueError("--column counts from 1")
            self.index = number - 1
        elif not self.spec:
            raise ValueError("--column needs a number or a column name")

    def pick(self, line: str) -> tuple[str, str] | None:
        """(the puzzle's text, a name) of a row; None for a header row or one to skip.

        The name is the row's first field when the puzzle is not in it.
        Raises ValueError when the row has too few fields.
        """
        fields = split_fields(line)
        if self.index is None:
            wanted = self.spec.lower()
            lowered = [f.lower() for f in fields]
            if wanted in lowered:
                self.index = lowered.index(wanted)
            return None
        if is_header(fields[0]) and self.index < len(fields) and is_header(fields[self.index]):
            return None
        if self.index >= len(fields):
            raise ValueError(
                f"--column {self.spec}: the row has {len(fields)} field"
                f"{'s' if len(fields) != 1 else ''}"
            )
        name = fields[0] if self.index > 0 else ""
        return fields[self.index], name
