"""The pencil-mark view: every cell as a small grid of its candidates, with a step's roles.

``pencil(board, marks)`` draws each unplaced cell as a block of candidate slots (3x3 on a
9x9 grid; the box shape, or the nearest rectangle, on other sizes), each slot two
characters wide: a marker and the digit. Placed digits are centred: a given reads
``[5]``, a digit placed since reads ``(5)``, so a cell with one candidate left (``5``
in its slot) never looks like either. Walls are drawn between boxes (or jigsaw regions).

``step_marks(step)`` gives the roles a step's candidates play, as HoDoKu colours them:
``place`` (``+5``), ``delete`` (``-5``), ``fin`` (``~5``) and ``pattern`` (``*5``: the
premise candidates, chain nodes, ALS sets). In plain text the marker characters carry
the roles; with ``color=True`` the same text is styled through rich (givens bold, placed
digits cyan, candidates dim, roles coloured), for terminals only.

Nothing here prints; functions return strings without a final newline.
"""

from __future__ import annotations

from collections.abc import Mapping
from math import isqrt
from typing import Any

from yass.board import Board
from yass.geometry import digit_char, mask_digits
from yass.layout import Layout
from yass.render import corner, region_ids
from yass.step import Step

__all__ = ["LEGEND", "MARKERS", "Marks", "pencil", "step_marks"]

#: (cell, digit) -> role
Marks = Mapping[tuple[int, int], str]

#: The plain-text marker of each role.
MARKERS = {"place": "+", "delete": "-", "fin": "~", "pattern": "*"}

LEGEND = "[d] given, (d) placed; +d to place, -d to remove, *d pattern, ~d fin"

_STYLES = {
    "given": "bold",
    "placed": "bold cyan",
    "cand": "dim",
    "place": "bold white on blue",
    "delete": "bold white on red",
    "fin": "bold white on magenta",
    "pattern": "bold black on green",
    "wall": "",
}

#: Roles that win over others when one candidate plays several (a deleted fin is deleted).
_RANK = {"pattern": 0, "fin": 1, "delete": 2, "place": 3}


def step_marks(step: Step) -> dict[tuple[int, int], str]:
    """The role of every candidate the step names (see the module docstring)."""
    marks: dict[tuple[int, int], str] = {}

    def put(cell: int, digit: int, role: str) -> None:
        old = marks.get((cell, digit))
        if old is None or _RANK[role] > _RANK[old]:
            marks[(cell, digit)] = role

    for cell, d in step.candidates:
        put(cell, d, "pattern")
    for link in step.chain:
        for node in (link.a, link.b):
            for cell in node.cells:
                put(cell, node.digit, "pattern")
    for cells, mask in step.als:
        for cell in cells:
            for d in mask_digits(mask):
                put(cell, d, "pattern")
    for cell, d in step.fins:
        put(cell, d, "fin")
    for cell, d in step.eliminations:
        put(cell, d, "delete")
    for cell, d in step.placements:
        put(cell, d, "place")
    return marks


def _slots(layout: Layout) -> tuple[int, int]:
    """Rows and columns of a cell's candidate block."""
    n = layout.size
    if layout.box_rows and layout.box_rows * layout.box_cols == n:
        return layout.box_rows, layout.box_cols
    rows = isqrt(n)
    return rows, -(-n // rows)


Segment = tuple[str, str]  # (text, style key)


def _cell_lines(board: Board, cell: int, marks: Marks, rows: int, cols: int) -> list[list[Segment]]:
    width = 2 * cols
    value = board.values[cell]
    if value:
        given = board.givens is not None and board.givens >> cell & 1
        text = f"[{digit_char(value)}]" if given else f"({digit_char(value)})"
        left = (width - len(text) + 1) // 2
        blank: list[Segment] = [(" " * width, "cand")]
        middle: list[Segment] = [
            (" " * left, "cand"),
            (text, "given" if given else "placed"),
            (" " * (width - left - len(text)), "cand"),
        ]
        return [middle if r == rows // 2 else blank for r in range(rows)]
    cands = board.cands[cell]
    out: list[list[Segment]] = []
    for r in range(rows):
        line: list[Segment] = []
        for c in range(cols):
            d = r * cols + c + 1
            if d > board.layout.size or not cands >> (d - 1) & 1:
                line.append(("  ", "cand"))
                continue
            role = marks.get((cell, d))
            if role is None:
                line.append((" " + digit_char(d), "cand"))
            else:
                line.append((MARKERS[role] + digit_char(d), role))
        out.append(line)
    return out


def _lines(board: Board, marks: Marks) -> list[list[Segment]]:
    lay = board.layout
    n = lay.size
    rows, cols = _slots(lay)
    width = 2 * cols
    ids = region_ids(lay)

    def region(r: int, c: int) -> int:
        return ids[r * n + c] if 0 <= r < n and 0 <= c < n else -1

    out: list[list[Segment]] = []
    for i in range(n + 1):
        # The line above cell row i: walls between regions, light dashes between cells.
        wall = ""
        for j in range(n + 1):
            arms = (
                i > 0 and region(i - 1, j - 1) != region(i - 1, j),
                i < n and region(i, j - 1) != region(i, j),
                j > 0 and region(i - 1, j - 1) != region(i, j - 1),
                j < n and region(i - 1, j) != region(i, j),
            )
            wall += corner(*arms) if any(arms) else "·"
            if j < n:
                wall += ("─" if region(i - 1, j) != region(i, j) else "╌") * width
        out.append([(wall, "wall")])
        if i == n:
            break
        blocks = [_cell_lines(board, i * n + j, marks, rows, cols) for j in range(n)]
        for t in range(rows):
            line: list[Segment] = []
            for j in range(n + 1):
                line.append(("│" if region(i, j - 1) != region(i, j) else "╎", "wall"))
                if j < n:
                    line += blocks[j][t]
            out.append(line)
    return out


def pencil(board: Board, marks: Marks | None = None, *, color: bool = False) -> str:
    """The pencil-mark view of ``board`` with ``marks`` (plain text, or styled text for a
    terminal with ``color``: ANSI escapes through rich)."""
    lines = _lines(board, marks or {})
    if not color:
        return "\n".join("".join(text for text, _ in line).rstrip() for line in lines)
    return _styled(lines)


def _styled(lines: list[list[Segment]]) -> str:
    from rich.console import Console
    from rich.text import Text

    console = Console(force_terminal=True, color_system="standard", width=10_000)
    out = []
    for line in lines:
        text = Text()
        for chunk, key in line:
            style = _STYLES.get(key, "")
            text.append(chunk, style=style or None)
        text.rstrip()
        with console.capture() as cap:
            console.print(text, end="", soft_wrap=True)
        out.append(cap.get())
    return "\n".join(out)


def use_color(stream: Any) -> bool:
    """Colour on a terminal unless NO_COLOR is set (https://no-color.org)."""
    import os

    return bool(getattr(stream, "isatty", lambda: False)()) and "NO_COLOR" not in os.environ
