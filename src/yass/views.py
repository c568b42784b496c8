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

Variant rules: ``rules_legend(layout)`` lists them under a view, one type a heading with
its one-line meaning (``RULE_MEANINGS``, which the web page's legend uses too) and its
rules in compact notation (``17: r1c1,r1c2``, ``r1c1 (bulb) < r1c2``, ``r5c4 <- r4c3,r3c2``,
``8 above c1``); the pencil view also writes what fits in its frame: a cage's sum at the
top-left of its first cell, thermometer bulbs, arrow circles, odd / even / min / max
cells, and kropki dots, X and V on the wall between their two cells. A classic grid's
views do not change.

Nothing here prints; functions return strings without a final newline.
"""

from __future__ import annotations

from collections.abc import Mapping
from math import isqrt

from yass.board import Board
from yass.geometry import digit_char, mask_digits
from yass.layout import Layout
from yass.render import corner, region_ids
from yass.step import Step

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

#: Each rule type's name and one-line meaning, for the legends (text views and the web page).
RULE_MEANINGS: dict[str, tuple[str, str]] = {
    "regions": ("jigsaw regions", "each bold-walled region holds every digit once"),
    "extra_region": ("extra region", "the shaded cells hold different digits"),
    "diagonal": ("diagonal", "the diagonal holds every digit once"),
    "disjoint_groups": ("disjoint groups", "cells in the same position of each box differ"),
    "antiknight": ("anti-knight", "cells a knight's move apart differ"),
    "antiking": ("anti-king", "cells a king's move apart differ"),
    "nonconsecutive": ("non-consecutive", "orthogonal neighbours are never consecutive"),
    "diagonal_nonconsecutive": (
        "diagonal non-consecutive", "diagonal neighbours are never consecutive"),
    "kropki_negative_black": (
        "no black dot", "no pair without a dot has one digit twice the other"),
    "xv_negative": ("no X or V", "no pair without X or V sums to 5 or 10"),
    "killer": ("killer cage", "the digits differ and add up to the small number"),
    "thermo": ("thermometer", "digits increase from the bulb"),
    "slow_thermo": ("slow thermometer", "digits never decrease from the bulb"),
    "arrow": ("arrow", "the digits on the arrow add up to the circle"),
    "whispers": ("German whispers", "neighbours on the line differ by at least (N+1)/2"),
    "palindrome": ("palindrome", "the line reads the same both ways"),
    "renban": ("renban", "a set of consecutive digits, in any order"),
    "between": ("between line", "digits on the line lie strictly between the two ends"),
    "region_sum_line": ("region sum line", "each box's segment of the line has the same sum"),
    "entropic_line": ("entropic line", "any three in a row: one of 1-3, 4-6 and 7-9"),
    "modular_line": ("modular line", "any three in a row differ mod 3"),
    "zipper": ("zipper line", "cells equally far from the centre sum to the same total"),
    "nabner": ("nabner line", "no two digits are equal or consecutive"),
    "difference": ("white dot", "the two digits are consecutive (or differ by the number)"),
    "ratio": ("black dot", "one digit is twice the other (or the number times)"),
    "xv": ("X / V", "the two digits sum to 10 (X) or 5 (V)"),
    "odd": ("odd", "an odd digit (circle)"),
    "even": ("even", "an even digit (square)"),
    "minimum": ("minimum", "smaller than its orthogonal neighbours"),
    "maximum": ("maximum", "greater than its orthogonal neighbours"),
    "candidates": ("candidates", "the cell holds one of the listed digits"),
    "quadruple": ("quadruple", "the digits appear in the four cells around the circle"),
    "clone": ("clones", "the two shaded shapes hold the same digits"),
    "column_indexer": (
        "column indexer", "digit v in column c of row r puts digit c in column v of row r"),
    "little_killer": ("little killer", "the digits along the arrow's diagonal add up to it"),
    "sandwich": ("sandwich", "the digits between the 1 and the N add up to it"),
    "xsum": ("X-sum", "the first X digits add up to it, X being the first digit"),
    "skyscraper": ("skyscraper", "that many digits are seen (each taller than all before)"),
}

_DIRECTIONS = {"UL": "up-left", "UR": "up-right", "DL": "down-left", "DR": "down-right"}
_PAIR_TYPES = frozenset({"difference", "ratio", "xv"})
#: Rule types whose items are short: joined on wrapped lines, not one a line.
_JOINED = _PAIR_TYPES | {"odd", "even", "minimum", "maximum", "sandwich", "xsum", "skyscraper"}


def _where(clue: str, size: int) -> str:
    """``r0c4`` -> ``above c4``; ``r3c10`` on a 9x9 -> ``right of r3``."""
    import re

    match = re.fullmatch(r"r(\d+)c(\d+)", clue)
    if not match:
        return f"at {clue}"
    r, c = int(match.group(1)), int(match.group(2))
    if r in (0, size + 1) and c in (0, size + 1):
        return f"at the {'top' if r == 0 else 'bottom'}-{'left' if c == 0 else 'right'} corner"
    if r == 0:
        return f"above c{c}"
    if r == size + 1:
        return f"below c{c}"
    if c == 0:
        return f"left of r{r}"
    if c == size + 1:
        return f"right of r{r}"
    return f"at {clue}"


_STEPS = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}


def _clue(rule: Mapping[str, Any], cells: list[str]) -> tuple[str, str]:
    """An outside clue's cell and the direction its line runs (``DL``...; "" if not a
    diagonal). A clue without its cell is the one before the line's first cell."""
    import re

    rc = [re.fullmatch(r"r(\d+)c(\d+)", c) for c in cells[:2]]
    pos = [(int(m.group(1)), int(m.group(2))) for m in rc if m]
    step = _STEPS.get(str(rule.get("direction") or ""))
    if step is None and len(pos) == 2:
        step = (pos[1][0] - pos[0][0], pos[1][1] - pos[0][1])
    name = next((k for k, v in _STEPS.items() if v == step), "")
    clue = str(rule.get("clue") or "")
    if not clue and pos and step:
        clue = f"r{pos[0][0] - step[0]}c{pos[0][1] - step[1]}"
    return clue, name


def _item(rule: Mapping[str, Any], size: int) -> str:
    """One rule in compact notation (without its type's name)."""
    kind = rule["type"]
    cells = [str(c) for c in rule.get("cells") or ()]
    listed = ",".join(cells)
    if kind == "killer":
        total = rule.get("sum")
        return f"{total if total is not None else '(no sum)'}: {listed}"
    if kind in ("thermo", "slow_thermo") and cells:
        step = " < " if kind == "thermo" else " <= "
        return step.join([f"{cells[0]} (bulb)", *cells[1:]])
    if kind == "arrow":
        circle = ",".join(rule.get("circle") or ())
        if len(rule.get("circle") or ()) > 1:
            circle = f"[{circle}]"
        return f"{circle} <- {','.join(rule.get('line') or ())}"
    if kind in _PAIR_TYPES:
        pair = "-".join(cells)
        if kind == "xv":
            total = rule.get("sum")
            return f"{'X' if total == 10 else 'V' if total == 5 else total} {pair}"
        default = 1 if kind == "difference" else 2
        value = rule.get("value", default)
        return pair if value in (None, default) else f"{pair} ({value})"
    if kind in ("little_killer", "sandwich", "xsum", "skyscraper"):
        value = rule.get("value") if kind == "skyscraper" else rule.get("sum")
        clue, step = _clue(rule, cells)
        text = f"{value} {_where(clue, size)}"
        if kind == "little_killer":
            direction = _DIRECTIONS.get(str(rule.get("direction") or step), "")
            text += f", {direction}" if direction else ""
            return f"{text}: {listed}"
        return text
    if kind == "between" and len(cells) >= 2:
        return ",".join([f"{cells[0]} (end)", *cells[1:-1], f"{cells[-1]} (end)"])
    if kind in ("quadruple", "candidates"):
        digits = rule.get("digits") or ()
        shown = digits if isinstance(digits, str) else "".join(str(d) for d in digits)
        return f"{shown} at {listed}" if kind == "quadruple" else f"{rule.get('cell')}: {shown}"
    if kind == "clone":
        return f"{listed} = {','.join(rule.get('clone') or ())}"
    if kind == "whispers" and rule.get("value") is not None:
        return f"{listed} (at least {rule['value']})"
    if kind == "diagonal":
        if rule.get("direction", "main") == "main":
            return f"r1c1 to r{size}c{size}"
        return f"r{size}c1 to r1c{size}"
    return listed


def rule_meaning(kind: str, size: int) -> tuple[str, str]:
    """The name and one-line meaning of a rule type on a grid of ``size``."""
    name, meaning = RULE_MEANINGS.get(kind, (kind.replace("_", " "), ""))
    if kind == "whispers":
        meaning = f"neighbours on the line differ by at least {(size + 1) // 2}"
    return name, meaning


def rule_items(layout: Layout) -> list[tuple[str, str, list[str]]]:
    """The puzzle's rules for a legend: ``(type, name: meaning, [items])`` per rule type,
    in the order they first appear; jigsaw regions are left out (the walls show them)."""
    grouped: dict[str, list[str]] = {}
    for constraint in layout.constraints:
        rule = constraint.to_json(layout.grid)
        kind = str(rule.get("type", ""))
        if kind == "regions":
            continue
        items = grouped.setdefault(kind, [])
        text = _item(rule, layout.size)
        if text:
            items.append(text)
    out = []
    for kind, items in grouped.items():
        name, meaning = rule_meaning(kind, layout.size)
        out.append((kind, f"{name}: {meaning}" if meaning else name, items))
    return out


def _wrap(text: str, breaks: str, width: int, indent: str, more: str) -> list[str]:
    """``text`` on lines of at most ``width`` characters (where the pieces allow), broken
    only after the regular expression ``breaks``; the first line starts with ``indent``,
    the next ones with ``more``."""
    import re

    lines: list[str] = []
    line = indent
    for piece in re.split(f"(?<={breaks})", text):
        if line.strip() and len(line) + len(piece.rstrip()) > width:
            lines.append(line.rstrip())
            line = more
        line += piece
    lines.append(line.rstrip())
    return lines


def rules_legend(layout: Layout, width: int = 78) -> str:
    """A block of text listing the rules with their cells (empty for a classic grid or a
    plain jigsaw)::

        rules:
          killer cage: the digits differ and add up to the small number
            17: r1c1,r1c2
          white dot: the two digits are consecutive (or differ by the number)
            r1c6-r1c7; r2c2-r3c2
    """
    groups = rule_items(layout)
    if not groups:
        return ""
    lines = ["rules:"]
    for kind, title, items in groups:
        if kind == "candidates":  # pencil marks: the candidate views show them
            lines.append(f"  {title}: {len(items)} cells (--view candidates shows them)")
            continue
        lines.append(f"  {title}")
        if kind in ("odd", "even", "minimum", "maximum"):
            lines += _wrap(",".join(items), ",", width, "    ", "    ")
        elif kind in _JOINED:  # short items: several a line, each whole
            lines += _wrap("; ".join(items), "; ", width, "    ", "    ")
        else:  # one a line; a long one goes on after a comma or a space
            for item in items:
                lines += _wrap(item, "[, ]", width, "    ", "      ")
    return "\n".join(lines)


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
