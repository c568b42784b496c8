"""Three views of a board, as plain text.

* ``grid(values, layout)``: the game view, a boxed picture (a blank cell is a
  space). Box drawing scales with the box shape: a segment is ``box_cols`` cells wide,
  a band ``box_rows`` rows high. A layout whose regions replace the boxes (jigsaw) is
  drawn with a wall between every two cells of different regions, one character between
  cells, and ``.`` for a blank cell.
* ``candidates(board)``: each cell shows its placed digit or the digits still possible
  there, columns aligned.
* ``levels(board)``: one small grid per digit: the digit where it is placed
  (determined), ``.`` where it is still possible, blank where it is excluded.

``grid`` and ``candidates`` take ``legend=True`` to list a variant puzzle's rules under
the picture (``yass.render.legend.rules_legend``).

For a terminal each view can be coloured with ANSI styles (the caller decides: not in a
pipe, not with ``NO_COLOR``): ``grid`` and ``candidates`` draw givens bold and digits
placed since cyan, and ``candidates`` draws the candidates dim; ``levels`` draws a
determined cell solid (the digit bold on a light block) and a possible one greyed out
(the digit dim), an excluded one blank.

Nothing here prints; the functions return strings without a final newline.
"""

from __future__ import annotations

from yass.core.board import Board
from yass.core.geometry import digit_char, digits_text, isqrt
from yass.core.layout import Layout

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["LEVELS_LEGEND", "candidates", "draw", "grid", "levels"]

LEVELS_LEGEND = "digit = placed there, . = still possible, blank = excluded"
LEVELS_COLOR_LEGEND = "solid = placed there, grey = still possible, blank = excluded"

# corner characters by the walls that meet there: (up, down, left, right)
_CORNERS = {
    (False, False, False, False): " ",
    (True, True, False, False): "│",
    (False, False, True, True): "─",
    (False, True, False, True): "┌",
    (False, True, True, False): "┐",
    (True, False, False, True): "└",
    (True, False, True, False): "┘",
    (True, True, False, True): "├",
    (True, True, True, False): "┤",
    (False, True, True, True): "┬",
    (True, False, True, True): "┴",
    (True, True, True, True): "┼",
    (True, False, False, False): "╵",
    (False, True, False, False): "╷",
    (False, False, True, False): "╴",
    (False, False, False, True): "╶",
}


def _has_regions(layout: Layout) -> bool:
    return layout.box_rows == 0 or any(c.replaces_boxes for c in layout.constraints)


def _region_ids(layout: Layout) -> list[int]:
    """Region number of each cell (boxes, or the regions that replace them)."""
    ids = [0] * layout.ncells
    kind = "region" if _has_regions(layout) else "box"
    for i, house in enumerate(h for h in layout.houses if h.kind == kind):
        for cell in house.cells:
            ids[cell] = i + 1
    return ids


def region_ids(layout: Layout) -> list[int]:
    """Region number (from 1) of each cell: its box, or the region that replaces boxes."""
    return _region_ids(layout)


def corner(up: bool, down: bool, left: bool, right: bool) -> str:
    """The box-drawing character where walls going up, down, left and right meet."""
    return _CORNERS[(up, down, left, right)]


def draw(symbols: Sequence[str], layout: Layout) -> list[str]:
    """Lines of a one-character-per-cell picture of ``symbols`` on ``layout``."""
    if _has_regions(layout):
        return _draw_regions(symbols, layout)
    n, br, bc = layout.size, layout.box_rows, layout.box_cols
    segments = n // bc

    def border(left: str, mid: str, right: str) -> str:
        return left + mid.join(["─" * bc] * segments) + right

    lines = [border("┌", "┬", "┐")]
    for r in range(n):
        if r and r % br == 0:
            lines.append(border("├", "┼", "┤"))
        row = symbols[r * n : (r + 1) * n]
        parts = ["".join(row[b * bc : (b + 1) * bc]) for b in range(segments)]
        lines.append("│" + "│".join(parts) + "│")
    lines.append(border("└", "┴", "┘"))
    return lines


def _draw_regions(symbols: Sequence[str], layout: Layout) -> list[str]:
    n = layout.size
    ids = _region_ids(layout)

    def region(r: int, c: int) -> int:
        return ids[r * n + c] if 0 <= r < n and 0 <= c < n else -1

    def vwall(r: int, c: int) -> bool:  # left of cell (r, c)
        return region(r, c - 1) != region(r, c)

    def hwall(r: int, c: int) -> bool:  # above cell (r, c)
        return region(r - 1, c) != region(r, c)

    lines = []
    for i in range(n + 1):
        top = ""
        for j in range(n + 1):
            arms = (
                i > 0 and vwall(i - 1, j),
                i < n and vwall(i, j),
                j > 0 and hwall(i, j - 1),
                j < n and hwall(i, j),
            )
            top += _CORNERS[arms]
            if j < n:
                top += "─" if hwall(i, j) else " "
        lines.append(top)
        if i < n:
            row = ""
            for j in range(n + 1):
                row += "│" if vwall(i, j) else " "
                if j < n:
                    row += symbols[i * n + j]
            lines.append(row)
    return lines


#: ANSI styles of the coloured views: givens bold, digits placed since cyan, candidates
#: dim (greyed out), a determined cell of the levels view solid (bold, reversed), a cell
#: with no candidate left red.
GIVEN_STYLE, PLACED_STYLE, RESET = "\x1b[1m", "\x1b[36m", "\x1b[0m"
CANDIDATE_STYLE, SOLID_STYLE, BROKEN_STYLE = "\x1b[2m", "\x1b[1;7m", "\x1b[1;31m"


def grid(
    values: Sequence[int], layout: Layout, givens: int | None = None, *, legend: bool = False
) -> str:
    """The game view: digits in a boxed picture, blank cells as spaces.

    On a jigsaw layout (regions instead of boxes) region walls are drawn and blank
    cells are ``.``. With ``givens`` (a cell bitset), for a terminal, the givens are
    drawn bold and the other digits (placed since) cyan. With ``legend``, the variant
    rules are listed under the picture (``yass.render.legend.rules_legend``; nothing on a
    classic grid).
    """
    blank = "." if _has_regions(layout) else " "
    symbols = [digit_char(v) if v else blank for v in values]
    if givens is not None:
        symbols = [
            f"{GIVEN_STYLE if givens >> c & 1 else PLACED_STYLE}{ch}{RESET}" if values[c] else ch
            for c, ch in enumerate(symbols)
        ]
    return _with_legend("\n".join(draw(symbols, layout)), layout, legend)


def _with_legend(text: str, layout: Layout, legend: bool) -> str:
    if not legend:
        return text
    from yass.render.legend import rules_legend

    block = rules_legend(layout)
    return f"{text}\n{block}" if block else text


def _paint(text: str, style: str) -> str:
    return f"{style}{text}{RESET}"


def _columns(text: str) -> int:
    """The columns ``text`` takes on a terminal: its length less the ANSI style codes."""
    if "\x1b" not in text:
        return len(text)
    width = 0
    inside = False
    for ch in text:
        if inside:
            inside = ch != "m"
        elif ch == "\x1b":
            inside = True
        else:
            width += 1
    return width


def candidates(board: Board, *, legend: bool = False, givens: int | None = None) -> str:
    """Each cell's placed digit or its remaining candidates, columns aligned.

    Boxes are separated by lines as in the game view; a cell with no candidate left
    shows ``-``. With ``legend``, the variant rules are listed under the grid. With
    ``givens`` (a cell bitset), for a terminal, the givens are drawn bold, the digits
    placed since cyan, the candidates dim and a cell with none left red.
    """
    layout = board.layout
    n = layout.size
    texts = [
        digit_char(board.values[c]) if board.values[c] else (digits_text(board.cands[c]) or "-")
        for c in range(layout.ncells)
    ]
    widths = [max(len(texts[r * n + c]) for r in range(n)) for c in range(n)]
    if givens is not None:  # padded first, styled after: the codes take no columns
        texts = [
            _paint(
                text.ljust(widths[c % n]),
                GIVEN_STYLE if givens >> c & 1
                else PLACED_STYLE if board.values[c]
                else CANDIDATE_STYLE if board.cands[c] else BROKEN_STYLE,
            )
            for c, text in enumerate(texts)
        ]
    if _has_regions(layout):
        br, bc = n, n
    else:
        br, bc = layout.box_rows, layout.box_cols
    groups = [range(g, min(g + bc, n)) for g in range(0, n, bc)]
    spans = [sum(widths[c] for c in g) + 2 * (len(g) - 1) + 2 for g in groups]

    def border(left: str, mid: str, right: str) -> str:
        return left + mid.join("─" * s for s in spans) + right

    lines = [border("┌", "┬", "┐")]
    for r in range(n):
        if r and r % br == 0:
            lines.append(border("├", "┼", "┤"))
        parts = [
            " " + "  ".join(texts[r * n + c].ljust(widths[c]) for c in g) + " " for g in groups
        ]
        lines.append("│" + "│".join(parts) + "│")
    lines.append(border("└", "┴", "┘"))
    return _with_legend("\n".join(lines), layout, legend)


def levels(board: Board, columns: int | None = None, *, color: bool = False) -> str:
    """The levels view: one small grid per digit, side by side, with a legend line.

    ``columns`` (a terminal's width) fits as many grids on a row as it holds; without
    it, a row holds as many as a band of boxes (at most 4), for stable output. With
    ``color``, for a terminal, a determined cell is solid (its digit bold on a light
    block), a possible one greyed out (its digit dim), an excluded one blank.
    """
    layout = board.layout
    n = layout.size
    pictures = []
    solid, grey = (SOLID_STYLE, CANDIDATE_STYLE) if color else ("", "")
    for d in range(1, n + 1):
        ch = digit_char(d)
        symbols = []
        for c in range(layout.ncells):
            v = board.values[c]
            if v == d:
                symbols.append(_paint(ch, solid) if color else ch)
            elif not v and board.has(c, d):
                symbols.append(_paint(ch, grey) if color else ".")
            else:
                symbols.append(" ")
        pictures.append([f"digit {ch}", *draw(symbols, layout)])
    width = max(_columns(line) for pic in pictures for line in pic)
    if columns is not None:
        per_row = max(1, min(n, (columns + 2) // (width + 2)))
    else:
        per_row = layout.box_cols if not _has_regions(layout) else isqrt(n - 1) + 1
        per_row = max(1, min(per_row, 4))
    out = [f"levels: {LEVELS_COLOR_LEGEND if color else LEVELS_LEGEND}"]
    for start in range(0, n, per_row):
        group = pictures[start : start + per_row]
        out.append("")
        for i in range(len(group[0])):
            row = "  ".join(pic[i] + " " * (width - _columns(pic[i])) for pic in group)
            out.append(row.rstrip())
    return "\n".join(out)
