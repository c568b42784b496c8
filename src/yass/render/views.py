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

Variant rules: ``rules_legend(layout)`` (``yass.render.legend``) lists them under a view; the
pencil view also writes what fits in its frame: a cage's sum at the
top-left of its first cell, thermometer bulbs, arrow circles, odd / even / min / max
cells, and kropki dots, X and V on the wall between their two cells. A classic grid's
views do not change.

Nothing here prints; functions return strings without a final newline.
"""

from __future__ import annotations

from collections.abc import Mapping
from math import isqrt

from yass.core.board import Board
from yass.core.geometry import digit_char, mask_digits
from yass.core.layout import Layout
from yass.core.step import Step
from yass.render import corner, region_ids
from yass.render.legend import RULE_MEANINGS, rule_items, rule_meaning, rules_legend

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "LEGEND",
    "MARKERS",
    "RULE_MEANINGS",
    "Marks",
    "pencil",
    "rule_items",
    "rule_meaning",
    "rules_legend",
    "step_marks",
]

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
    "rule": "bold yellow",
}

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


#: The marks the pencil view writes in the frame, for its legend line.
FRAME_MARKS = {
    "killer": "a cage's sum (top-left)",
    "ratio": "● black dot",
    "difference": "o white dot",
    "xv": "X / V",
    "thermo": "bulb",
    "slow_thermo": "bulb",
    "arrow": "arrow (its circle)",
    "odd": "odd",
    "even": "even",
    "minimum": "min",
    "maximum": "max",
}


class _Frame:
    """Rule marks drawn in the pencil view's frame: ``labels`` above a cell (left-aligned:
    a cage's sum, ``bulb``, ``arrow``, ``odd``...), ``right`` on the wall right of a cell
    and ``below`` on the wall below it (dots, X, V)."""

    def __init__(self, layout: Layout) -> None:
        self.labels: dict[int, list[str]] = {}
        self.right: dict[int, str] = {}
        self.below: dict[int, str] = {}
        self.used: list[str] = []  # what the marks mean, in the order first drawn
        for constraint in layout.constraints:
            rule = constraint.to_json(layout.grid)
            kind = str(rule.get("type"))
            marked = kind in FRAME_MARKS and self._mark(layout, kind, rule)
            if marked and FRAME_MARKS[kind] not in self.used:
                self.used.append(FRAME_MARKS[kind])

    def _mark(self, layout: Layout, kind: str, rule: Mapping[str, Any]) -> bool:
        """Mark one rule; False if it has nothing to show in the frame."""
        n = layout.size
        cells = self._cells(layout, rule.get("cells"))
        if kind == "killer":
            if not cells or rule.get("sum") is None:
                return False
            self._label(min(cells), str(rule["sum"]), first=True)
        elif kind in ("thermo", "slow_thermo"):
            if not cells:
                return False
            self._label(cells[0], "bulb")
        elif kind == "arrow":
            circle = self._cells(layout, rule.get("circle"))
            for cell in circle:
                self._label(cell, "arrow")
            return bool(circle)
        elif kind in ("odd", "even", "minimum", "maximum"):
            for cell in cells:
                self._label(cell, kind[:4] if kind in ("odd", "even") else kind[:3])
            return bool(cells)
        else:  # a dot, X or V between two neighbours
            if len(cells) != 2:
                return False
            a, b = sorted(cells)
            total = rule.get("sum")
            mark = (
                {10: "X", 5: "V"}.get(total if isinstance(total, int) else 0, "")
                if kind == "xv" else "●" if kind == "ratio" else "o"
            )
            if mark and b == a + 1 and a // n == b // n:
                self.right[a] = mark
            elif mark and b == a + n:
                self.below[a] = mark
            else:
                return False
        return True

    @staticmethod
    def _cells(layout: Layout, names: Any) -> list[int]:
        out = []
        for name in names or ():
            try:
                out.append(layout.parse_cell(str(name)))
            except ValueError:
                return []
        return out

    def legend(self) -> str:
        """The line that tells the marks drawn ("" when there are none)."""
        import textwrap

        if not self.used:
            return ""
        return "\n".join(textwrap.wrap(f"in the frame: {', '.join(self.used)}", 78,
                                        subsequent_indent="  "))

    def _label(self, cell: int, text: str, *, first: bool = False) -> None:
        labels = self.labels.setdefault(cell, [])
        if first:
            labels.insert(0, text)
        else:
            labels.append(text)

    def segment(self, above: int | None, cell: int | None, fill: str, width: int) -> str:
        """The frame above ``cell`` (below ``above``), ``width`` characters of ``fill``
        with its label and dot."""
        chars = [fill] * width
        if cell is not None and cell in self.labels:
            text = " ".join(self.labels[cell])[:width]
            chars[: len(text)] = text
        if above is not None and above in self.below:
            chars[width // 2] = self.below[above]
        return "".join(chars)


_FRAME_CHARS = frozenset("─╌·│╎┌┐└┘├┤┬┴┼╵╷╴╶ ")


def _frame_segments(text: str) -> list[Segment]:
    """A frame line as segments: the frame itself, and the rule marks written in it."""
    out: list[Segment] = []
    for ch in text:
        key = "wall" if ch in _FRAME_CHARS else "rule"
        if out and out[-1][1] == key:
            out[-1] = (out[-1][0] + ch, key)
        else:
            out.append((ch, key))
    return out


def _lines(board: Board, marks: Marks) -> tuple[list[list[Segment]], _Frame]:
    lay = board.layout
    n = lay.size
    rows, cols = _slots(lay)
    width = 2 * cols
    ids = region_ids(lay)
    frame = _Frame(lay)

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
                wall += frame.segment(
                    (i - 1) * n + j if i > 0 else None,
                    i * n + j if i < n else None,
                    "─" if region(i - 1, j) != region(i, j) else "╌",
                    width,
                )
        out.append(_frame_segments(wall))
        if i == n:
            break
        blocks = [_cell_lines(board, i * n + j, marks, rows, cols) for j in range(n)]
        for t in range(rows):
            line: list[Segment] = []
            for j in range(n + 1):
                wall = "│" if region(i, j - 1) != region(i, j) else "╎"
                if j and t == rows // 2:
                    wall = frame.right.get(i * n + j - 1, wall)
                line.append((wall, "wall" if wall in "│╎" else "rule"))
                if j < n:
                    line += blocks[j][t]
            out.append(line)
    return out, frame


def pencil(
    board: Board, marks: Marks | None = None, *, color: bool = False, legend: bool | None = None
) -> str:
    """The pencil-mark view of ``board`` with ``marks`` (plain text, or styled text for a
    terminal with ``color``: ANSI escapes through rich).

    Variant rules are marked in the frame (see ``FRAME_MARKS``) and, with ``legend``
    (by default: when ``marks`` is None, i.e. not for a step's board), listed under the
    grid by ``rules_legend``. A classic grid's picture has no legend."""
    lines, frame = _lines(board, marks or {})
    if not color:
        text = "\n".join("".join(text for text, _ in line).rstrip() for line in lines)
    else:
        text = _styled(lines)
    if legend is None:
        legend = marks is None
    block = rules_legend(board.layout) if legend else ""
    if block:
        text += "".join(f"\n{part}" for part in (frame.legend(), block) if part)
    return text


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
