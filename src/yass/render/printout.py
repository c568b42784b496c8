"""Puzzles on paper: a puzzle drawn as SVG, and pages of puzzles as PDF.

``drawing(board, givens)`` lays a board out once, in the units of the web page (a cell is
``U`` = 60 wide), as a list of ``Shape``: lines, rectangles, circles, polylines and text,
each with its style. The rules' marks are drawn as the page draws them
(``yass/web/app.js``, ``drawRules``): shaded extra regions, diagonals, cages with their
sums, thermometers and the other lines, arrows with their circles, dots, X and V,
quadruples, odd / even and min / max cells, clones, and the clues outside the grid
(little killers, sandwiches, X-sums, skyscrapers, numbered rooms). Arrowheads and chevrons are plain
polylines, so both outputs draw the same shapes:

- ``svg(board, givens)``: one SVG document (text), each shape an element with a
  ``class`` that names what it is (``given``, ``placed``, ``cage``, ``line-thermo``...).
- ``pdf(pages, paper, per_page)``: a PDF (bytes) of puzzles ``per_page`` to an A4 or
  Letter page, each with its caption, through fpdf2 (the optional extra
  ``yass-sudoku[print]``; ``PrintError`` names it when it is missing).

Nothing here prints or reads argv.
"""

from __future__ import annotations

import itertools
import math

from yass.core.geometry import digit_char

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from typing import Any

    from yass.core.board import Board

__all__ = [
    "PAPERS",
    "PER_PAGE",
    "PrintError",
    "Shape",
    "U",
    "drawing",
    "fpdf_module",
    "pdf",
    "svg",
]

#: A cell's side, in drawing units (as on the web page).
U = 60.0
#: The grid lines' colours and the rules' (as the page's style sheet has them).
INK = "#1b1b1f"
PLACED = "#1f5fbf"
LINE_COLOURS = {
    "thermo": "#9a9a9a", "slow_thermo": "#9a9a9a", "palindrome": "#a64ac9",
    "whispers": "#3aa655", "nabner": "#e0b000", "renban": "#e05fa0", "zipper": "#5f8fe0",
    "entropic_line": "#e08a3a", "region_sum_line": "#3ab0c9", "arrow": "#9a9a9a",
    "between": "#9a9a9a", "modular_line": "#8a6a3a", "double_arrow": "#c54b8b",
    "lockout_line": "#006cba",
}
CLONE_COLOURS = ("#f5c77e", "#9fd3f5", "#c3e6a1", "#f2a7c8", "#cdb8f0", "#f7e27c")
OUTSIDE = frozenset(("little_killer", "sandwich", "xsum", "skyscraper", "numbered_room"))
INDEXERS = frozenset(("column_indexer", "row_indexer", "box_indexer"))
SHADED_HOUSES = frozenset(("extra region", "window", "windoku"))
STEP = {"UL": (-1, -1), "UR": (1, -1), "DL": (-1, 1), "DR": (1, 1)}
R_CIRCLE = U * 0.38  # an arrow's circle, a between line's ends

#: Paper sizes in millimetres (width, height).
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
#: Puzzles a page: columns and rows of each choice.
PER_PAGE = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}


class PrintError(Exception):
    """A PDF cannot be made here (fpdf2 missing): the message says what to install."""


class Shape:
    """One thing drawn: ``kind`` (line, rect, circle, poly, text), its geometry and style.

    ``points`` are (x, y) pairs: a line's two ends, a rectangle's corner and its width
    and height, a circle's centre and (radius, 0), a polyline's points, a text's anchor.
    Style: ``stroke`` / ``fill`` colours (None: none), ``width`` of the stroke, ``dash``
    (dash and gap lengths), ``opacity``, ``rx`` (a rectangle's rounded corners), ``text``,
    ``size`` (font size), ``bold``, ``anchor`` (start, middle, end; text is centred
    vertically on its anchor), ``closed`` (a polygon), ``cls`` (what it is, the SVG
    class).
    """

    __slots__ = ("anchor", "bold", "closed", "cls", "dash", "fill", "kind", "opacity",
                 "points", "round", "rx", "size", "stroke", "text", "width")

    def __init__(self, kind: str, points: Sequence[tuple[float, float]], cls: str, *,
                 stroke: str | None = None, fill: str | None = None, width: float = 1.0,
                 dash: tuple[float, float] | None = None, opacity: float = 1.0,
                 rx: float = 0.0, text: str = "", size: float = 0.0, bold: bool = False,
                 anchor: str = "middle", closed: bool = False, round: bool = False) -> None:
        self.kind = kind
        self.points = [(float(x), float(y)) for x, y in points]
        self.cls = cls
        self.stroke = stroke
        self.fill = fill
        self.width = width
        self.dash = dash
        self.opacity = opacity
        self.rx = rx
        self.text = text
        self.size = size
        self.bold = bold
        self.anchor = anchor
        self.closed = closed
        self.round = round  # round line caps and joins


class Drawing:
    """A board's shapes and the box around them (``left``, ``top``, ``width``, ``height``
    in drawing units; the grid spans 0..size*U)."""

    def __init__(self, size: int, margins: tuple[float, float, float, float]) -> None:
        top, right, bottom, left = margins
        pad = 3.0
        self.size = size
        self.left = -pad - left
        self.top = -pad - top
        self.width = size * U + 2 * pad + left + right
        self.height = size * U + 2 * pad + top + bottom
        self.shapes: list[Shape] = []

    def add(self, *shapes: Shape) -> None:
        self.shapes.extend(shapes)


# -- the drawing ----------------------------------------------------------------------------


def _centre(cell: int, n: int) -> tuple[float, float]:
    return (cell % n) * U + U / 2, (cell // n) * U + U / 2


def _cell_index(name: Any, n: int) -> int:
    """The cell of a name ``r1c2`` (-1 when it is none of the grid's)."""
    rc = _row_col(name)
    if rc is None or not (0 <= rc[0] < n and 0 <= rc[1] < n):
        return -1
    return rc[0] * n + rc[1]


def _row_col(name: Any) -> tuple[int, int] | None:
    """(row, column), 0-based, of ``r1c2``; rows and columns outside the grid allowed."""
    text = str(name)
    if not text.startswith("r") or "c" not in text:
        return None
    row, _, col = text[1:].partition("c")
    if not (row.lstrip("-").isdigit() and col.lstrip("-").isdigit()):
        return None
    return int(row) - 1, int(col) - 1


def _cells(names: Any, n: int) -> list[int] | None:
    cells = [_cell_index(x, n) for x in names] if isinstance(names, list) else []
    return None if any(c < 0 for c in cells) else cells


def _clue_of(rule: dict[str, Any]) -> tuple[int, int] | None:
    """(row, column) of an outside clue: its cell, or the one before its line's first."""
    rc = _row_col(rule.get("clue")) if rule.get("clue") is not None else None
    if rc is not None:
        return rc
    cells = [_row_col(x) for x in rule.get("cells") or []]
    if not cells or any(c is None for c in cells):
        return None
    points = [c for c in cells if c is not None]
    d = STEP.get(str(rule.get("direction")))
    step = (d[1], d[0]) if d else None
    if step is None and len(points) > 1:
        step = (points[1][0] - points[0][0], points[1][1] - points[0][1])
    if step is None:
        return None
    return points[0][0] - step[0], points[0][1] - step[1]


def _margins(size: int, rules: Iterable[dict[str, Any]]) -> tuple[float, float, float, float]:
    """Room outside the grid for clues: top, right, bottom, left."""
    top = right = bottom = left = 0.0
    for rule in rules:
        if rule.get("type") not in OUTSIDE:
            continue
        rc = _clue_of(rule)
        if rc is None:
            continue
        m = U * 0.75
        top = m if rc[0] < 0 else top
        bottom = m if rc[0] >= size else bottom
        left = m if rc[1] < 0 else left
        right = m if rc[1] >= size else right
    return top, right, bottom, left


def drawing(board: Board, givens: Sequence[int] | None = None) -> Drawing:
    """The shapes of ``board``: the grid, its rules' marks (in the variant JSON format,
    ``Constraint.to_json``) and its digits: the givens (``givens``, by default the cells
    of ``board.givens``, or every placed digit) bold, the other placed digits in blue."""
    from yass.render import region_ids

    lay = board.layout
    n = lay.size
    rules = [c.to_json(lay.grid) for c in lay.constraints]
    out = Drawing(n, _margins(n, rules))
    out.add(Shape("rect", [(0, 0), (n * U, n * U)], "cell-bg", fill="#ffffff"))
    for house in lay.houses:
        if house.kind in SHADED_HOUSES:
            for cell in house.cells:
                x, y = (cell % n) * U, (cell // n) * U
                out.add(Shape("rect", [(x, y), (U, U)], "extra-region", fill="#e6eefc"))
    under: list[Shape] = []  # shading, below the grid lines
    layer: list[Shape] = []  # lines, cages, clues
    over: list[Shape] = []  # marks on the walls, above them
    _rules(rules, n, under, layer, over)
    out.add(*under)
    for i in range(1, n):
        out.add(Shape("line", [(i * U, 0), (i * U, n * U)], "thin", stroke="#b9b9c3"))
        out.add(Shape("line", [(0, i * U), (n * U, i * U)], "thin", stroke="#b9b9c3"))
    for house in lay.houses:
        if house.kind.endswith("diagonal"):
            a, b = _centre(house.cells[0], n), _centre(house.cells[-1], n)
            out.add(Shape("line", [a, b], "diag", stroke="#9aa4c4", width=2))
    out.add(*layer)
    regions = region_ids(lay)
    for r in range(n):
        for c in range(n):
            here = regions[r * n + c]
            if c + 1 < n and regions[r * n + c + 1] != here:
                out.add(Shape("line", [((c + 1) * U, r * U), ((c + 1) * U, (r + 1) * U)],
                              "wall", stroke=INK, width=3.5))
            if r + 1 < n and regions[(r + 1) * n + c] != here:
                out.add(Shape("line", [(c * U, (r + 1) * U), ((c + 1) * U, (r + 1) * U)],
                              "wall", stroke=INK, width=3.5))
    out.add(Shape("rect", [(0, 0), (n * U, n * U)], "wall", stroke=INK, width=3.5))
    out.add(*over)
    if givens is not None:
        given = [bool(v) for v in givens]
    elif board.givens is not None:
        given = [bool(board.givens >> c & 1) for c in range(lay.ncells)]
    else:
        given = [True] * lay.ncells
    size = U * (0.62 if n <= 9 else 0.5)
    for cell, value in enumerate(board.values):
        if not value:
            continue
        x, y = _centre(cell, n)
        if given[cell]:
            out.add(Shape("text", [(x, y)], "given", fill=INK, text=digit_char(value),
                          size=size, bold=True))
        else:
            out.add(Shape("text", [(x, y)], "placed", fill=PLACED, text=digit_char(value),
                          size=size))
    return out


def _runs(cells: Sequence[int], n: int, torus: bool) -> list[list[tuple[float, float]]]:
    """The polylines that draw a line through ``cells``: one, or on a toroidal grid one
    more at each step across an edge, the line leaving the grid at one edge and coming
    back in at the opposite one (as ``lineRuns`` on the web page)."""
    runs: list[list[tuple[float, float]]] = [[_centre(cells[0], n)]] if cells else []
    for a, b in itertools.pairwise(cells):
        (ar, ac), (br, bc) = divmod(a, n), divmod(b, n)
        dr, dc = br - ar, bc - ac
        if torus:  # the short way round
            dr = dr - n if dr > 1 else dr + n if dr < -1 else dr
            dc = dc - n if dc > 1 else dc + n if dc < -1 else dc
        if (dr, dc) == (br - ar, bc - ac):
            runs[-1].append(_centre(b, n))
            continue
        (ax, ay), (bx, by) = _centre(a, n), _centre(b, n)
        runs[-1].append((ax + dc * U / 2, ay + dr * U / 2))
        runs.append([(bx - dc * U / 2, by - dr * U / 2), (bx, by)])
    return runs


def _is_torus(rules: Iterable[dict[str, Any]]) -> bool:
    return any(rule.get("type") == "toroidal" for rule in rules)


def _rules(rules: list[dict[str, Any]], n: int, under: list[Shape], layer: list[Shape],
           over: list[Shape]) -> None:
    """The marks of each rule, in three layers (as ``drawRules`` on the web page)."""
    clones = _clone_colours(rules, n)
    torus = _is_torus(rules)
    for rule in rules:
        kind = str(rule.get("type", ""))
        cells = _cells(rule.get("cells"), n)
        if cells is None:
            continue
        if kind in ("odd", "even") and cells:
            for cell in cells:
                x, y = _centre(cell, n)
                if kind == "odd":
                    under.append(Shape("circle", [(x, y), (U * 0.4, 0)], "parity odd",
                                       fill="#e3e3e3"))
                else:
                    s = U * 0.38
                    under.append(Shape("rect", [(x - s, y - s), (2 * s, 2 * s)], "parity even",
                                       fill="#e3e3e3"))
        elif kind in ("difference", "ratio", "xv") and len(cells) == 2:
            for spot in _wall_spots(cells, n):
                _wall_mark(over, rule, kind, spot)
        elif kind in ("killer", "cage") and cells:
            _cage(layer, cells, rule.get("sum", rule.get("value")), n, torus)
        elif kind == "multisum_killer" and cells:
            root = rule.get("root")
            totals = f"DR{root}" if root else "|".join(str(t) for t in rule.get("sums") or ())
            _cage(layer, cells, totals, n, torus)
        elif kind == "arrow":
            _arrow(layer, rule, n, torus)
        elif kind in OUTSIDE:
            _clue(layer, rule, cells, n)
        elif kind == "quadruple" and cells:
            _quadruple(over, cells, list(rule.get("digits") or []), n)
        elif kind in ("minimum", "maximum") and cells:
            _extreme(under, over, cells, kind == "maximum", n)
        elif kind == "clone":
            other = _cells(rule.get("clone"), n)
            if other is None:
                continue
            colour = clones.get(_shape_key(cells), CLONE_COLOURS[0])
            for group in (cells, other):
                _shade(under, group, n, "clone", colour, 0.45)
        elif kind in INDEXERS and cells:
            _shade(under, cells, n, "indexer", "#f6c9c9", 0.6)
        elif kind == "candidates":
            cell = _cell_index(rule.get("cell"), n)
            if cell < 0:
                continue
            digits = rule.get("digits")
            text = "".join(map(str, digits)) if isinstance(digits, list) else str(digits)
            x, y = (cell % n) * U, (cell // n) * U
            layer.append(Shape("text", [(x + U - 3, y + U - 9)], "cell-note", fill="#8a5a00",
                               text=text, size=9, anchor="end"))
        elif len(cells) >= 2 and kind in LINE_COLOURS:
            points = [_centre(c, n) for c in cells]
            for run in _runs(cells, n, torus):
                layer.append(Shape("poly", run, f"rule-line line-{kind}",
                                   stroke=LINE_COLOURS[kind], width=U * 0.2, opacity=0.55,
                                   round=True))
            if kind in ("thermo", "slow_thermo"):
                layer.append(Shape("circle", [points[0], (U * 0.3, 0)], "bulb", fill="#b8b8b8"))
            elif kind in ("between", "double_arrow"):
                for end in (points[0], points[-1]):
                    layer.append(Shape("circle", [end, (R_CIRCLE, 0)], "between-end",
                                       fill="#ffffff", stroke="#8a8a8a", width=2.5))
            elif kind == "lockout_line":
                d = U * 0.34
                for x, y in (points[0], points[-1]):
                    layer.append(Shape("poly", [(x, y - d), (x + d, y), (x, y + d), (x - d, y)],
                                       "lockout-end", fill="#ffffff", stroke=LINE_COLOURS[kind],
                                       width=2.5, closed=True))


def _shade(layer: list[Shape], cells: Iterable[int], n: int, cls: str, colour: str,
           opacity: float = 1.0) -> None:
    for cell in cells:
        x, y = (cell % n) * U, (cell // n) * U
        layer.append(Shape("rect", [(x, y), (U, U)], cls, fill=colour, opacity=opacity))


def _shape_key(cells: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(cells))


def _clone_colours(rules: list[dict[str, Any]], n: int) -> dict[tuple[int, ...], str]:
    """Clones that copy one another (A = B, B = C) share one colour."""
    parent: dict[tuple[int, ...], tuple[int, ...]] = {}

    def find(k: tuple[int, ...]) -> tuple[int, ...]:
        while parent[k] != k:
            k = parent[k]
        return k

    for rule in rules:
        if rule.get("type") != "clone":
            continue
        a, b = _cells(rule.get("cells"), n), _cells(rule.get("clone"), n)
        if not a or not b:
            continue
        ka, kb = _shape_key(a), _shape_key(b)
        for k in (ka, kb):
            parent.setdefault(k, k)
        parent[find(ka)] = find(kb)
    roots: dict[tuple[int, ...], str] = {}
    colours = {}
    for k in parent:
        root = find(k)
        if root not in roots:
            roots[root] = CLONE_COLOURS[len(roots) % len(CLONE_COLOURS)]
        colours[k] = roots[root]
    return colours


def _wall_spots(cells: list[int], n: int) -> list[tuple[float, float]]:
    """Where a mark between two cells goes: the wall between them, or, for cells on
    opposite edges of a toroidal grid, the outer wall of each."""
    (ax, ay), (bx, by) = _centre(cells[0], n), _centre(cells[1], n)
    if abs(ax - bx) + abs(ay - by) <= U * 1.01:
        return [((ax + bx) / 2, (ay + by) / 2)]
    def out(p: float, q: float) -> float:  # towards the edge away from the other cell
        return 0.0 if abs(p - q) <= U * 1.01 else U / 2 * (1 if p > q else -1)

    return [(ax + out(ax, bx), ay + out(ay, by)), (bx + out(bx, ax), by + out(by, ay))]


def _wall_mark(over: list[Shape], rule: dict[str, Any], kind: str,
               spot: tuple[float, float]) -> None:
    """A dot (difference, ratio) or X / V on the wall at ``spot``."""
    x, y = spot
    if kind == "xv":
        # (a sum of 5 is V, 10 is X, any other is written out)
        total = rule.get("sum")
        label = "V" if total == 5 else "X" if total == 10 else str(total)
        over.append(Shape("rect", [(x - 9, y - 10), (18, 20)], "xv-bg", fill="#ffffff"))
        over.append(Shape("text", [(x, y)], "xv", fill=INK, text=label, size=18, bold=True))
        return
    black = kind == "ratio"
    value = rule.get("value")
    labelled = value is not None and value != (2 if black else 1)
    over.append(Shape("circle", [(x, y), (8 if labelled else 7, 0)],
                      "dot-black" if black else "dot-white", fill=INK if black else "#ffffff",
                      stroke=None if black else INK, width=1.5))
    if labelled:
        over.append(Shape("text", [(x, y)], "dot-value", fill="#ffffff" if black else INK,
                          text=str(value), size=10, bold=True))


def _cage(layer: list[Shape], cells: list[int], total: Any, n: int,
          torus: bool = False) -> None:
    """A dashed line just inside the cage's outline, its sum at the first cell's top left.
    On a toroidal grid a cage that crosses an edge stays open there."""
    inside, m = set(cells), 4.0

    def has(r: int, c: int) -> bool:  # the neighbour at (r, c) is in the cage
        if torus:
            r, c = r % n, c % n
        return 0 <= r < n and 0 <= c < n and r * n + c in inside

    for cell in cells:
        r, c = divmod(cell, n)
        x, y = c * U, r * U
        sides = []
        if not has(r - 1, c):
            sides.append(((x + m, y + m), (x + U - m, y + m)))
        if not has(r + 1, c):
            sides.append(((x + m, y + U - m), (x + U - m, y + U - m)))
        if not has(r, c - 1):
            sides.append(((x + m, y + m), (x + m, y + U - m)))
        if not has(r, c + 1):
            sides.append(((x + U - m, y + m), (x + U - m, y + U - m)))
        for a, b in sides:
            layer.append(Shape("line", [a, b], "cage", stroke="#555555", width=1.2,
                               dash=(4, 3)))
    if total is not None:
        first = min(cells)
        x, y = (first % n) * U, (first // n) * U
        label = str(total)
        layer.append(Shape("rect", [(x + 1.5, y + 1.5), (6 * len(label) + 4, 11)],
                           "cage-sum-bg", fill="#ffffff"))
        layer.append(Shape("text", [(x + 3, y + 7)], "cage-sum", fill="#222222", text=label,
                           size=10, bold=True, anchor="start"))


def _arrowhead(tip: tuple[float, float], back: tuple[float, float], length: float,
               cls: str, colour: str, width: float) -> Shape:
    """A chevron at ``tip`` pointing away from ``back``."""
    dx, dy = tip[0] - back[0], tip[1] - back[1]
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    px, py = -uy, ux
    base = (tip[0] - ux * length, tip[1] - uy * length)
    wing = length * 0.6
    return Shape("poly", [(base[0] + px * wing, base[1] + py * wing), tip,
                          (base[0] - px * wing, base[1] - py * wing)], cls, stroke=colour,
                 width=width, round=True)


def _arrow(layer: list[Shape], rule: dict[str, Any], n: int, torus: bool = False) -> None:
    """An arrow: its circle (a pill over several cells in a line) and its line (which on a
    toroidal grid may cross an edge)."""
    circle, line = _cells(rule.get("circle"), n), _cells(rule.get("line"), n)
    if not circle or line is None:
        return
    colour = "#8a8a8a"
    if line:
        first = _centre(line[0], n)
        nearest = min(circle, key=lambda c: math.dist(_centre(c, n), first))
        # from the edge of the circle nearest the line's first cell
        runs = _runs([nearest, *line], n, torus)
        (fx, fy), (tx, ty) = runs[0][0], runs[0][1]
        d = math.hypot(tx - fx, ty - fy) or 1.0
        runs[0][0] = (fx + (tx - fx) / d * R_CIRCLE, fy + (ty - fy) / d * R_CIRCLE)
        for points in runs:
            layer.append(Shape("poly", points, "arrow-line", stroke=colour, width=3,
                               round=True))
        layer.append(_arrowhead(runs[-1][-1], runs[-1][-2], 14, "arrow-head", colour, 3))
    rows = {c // n for c in circle}
    cols = {c % n for c in circle}
    if len(circle) > 1 and (len(rows) == 1 or len(cols) == 1):
        inset = U / 2 - R_CIRCLE
        x0, y0 = min(cols) * U + inset, min(rows) * U + inset
        w = (max(cols) - min(cols) + 1) * U - 2 * inset
        h = (max(rows) - min(rows) + 1) * U - 2 * inset
        layer.append(Shape("rect", [(x0, y0), (w, h)], "arrow-circle", stroke=colour, width=3,
                           rx=R_CIRCLE))
    else:
        for cell in circle:
            layer.append(Shape("circle", [_centre(cell, n), (R_CIRCLE, 0)], "arrow-circle",
                               stroke=colour, width=3))


def _clue(layer: list[Shape], rule: dict[str, Any], cells: list[int], n: int) -> None:
    """A clue outside the grid; a little killer's with a small arrow along its diagonal."""
    rc = _clue_of(rule)
    if rc is None:
        return
    kind = str(rule["type"])
    x, y = rc[1] * U + U / 2, rc[0] * U + U / 2
    value = rule.get("sum") if rule.get("value") is None else rule.get("value")
    cls = f"clue clue-{kind}"
    if kind != "little_killer":
        layer.append(Shape("text", [(x, y)], cls, fill=INK, text=str(value), size=U * 0.42,
                           bold=True))
        return
    step = STEP.get(str(rule.get("direction")))
    if step is None and cells:
        first = cells[0]
        sx = (first % n > rc[1]) - (first % n < rc[1])
        sy = (first // n > rc[0]) - (first // n < rc[0])
        step = (sx, sy)
    step = step or (1, 1)
    layer.append(Shape("text", [(x - step[0] * U * 0.12, y - step[1] * U * 0.12)], cls,
                       fill=INK, text=str(value), size=U * 0.3, bold=True))
    ax, ay = x + step[0] * U * 0.2, y + step[1] * U * 0.2
    tip = (ax + step[0] * U * 0.2, ay + step[1] * U * 0.2)
    layer.append(Shape("line", [(ax, ay), tip], "clue-arrow", stroke="#333333", width=2))
    layer.append(_arrowhead(tip, (ax, ay), 6, "clue-arrow", "#333333", 2))


def _quadruple(over: list[Shape], cells: list[int], digits: list[Any], n: int) -> None:
    """A circle on the corner the four cells share, with its digits."""
    xs, ys = zip(*(_centre(c, n) for c in cells), strict=True)
    x, y = sum(xs) / len(xs), sum(ys) / len(ys)
    over.append(Shape("circle", [(x, y), (U * 0.22, 0)], "quad-circle", fill="#ffffff",
                      stroke=INK, width=1.3))
    text = [str(d) for d in digits]
    half = (len(text) + 1) // 2
    rows = [text[:half], text[half:]] if len(text) > 2 else [text]
    size = 9.5 if len(text) > 2 else 11
    for i, row in enumerate(rows):
        dy = 0 if len(rows) == 1 else (i - 0.5) * size * 0.95
        over.append(Shape("text", [(x, y + dy)], "quad-digits", fill=INK, text=" ".join(row),
                          size=size, bold=True))


def _extreme(under: list[Shape], over: list[Shape], cells: list[int], outward: bool,
             n: int) -> None:
    """A minimum / maximum cell: shaded, with a chevron on each wall to a cell off the
    list, pointing in (smaller than it) or out (greater)."""
    _shade(under, cells, n, "extreme maximum" if outward else "extreme minimum", "#ececec")
    inside = set(cells)
    for cell in cells:
        r, c = divmod(cell, n)
        cx, cy = _centre(cell, n)
        for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):
            rr, cc = r + dy, c + dx
            if not (0 <= rr < n and 0 <= cc < n) or rr * n + cc in inside:
                continue
            tip = U / 2 + 3.5 if outward else U / 2 - 3.5
            back = U / 2 - 3.5 if outward else U / 2 + 3.5
            w = 6.0
            px, py = -dy, dx
            over.append(Shape("poly", [
                (cx + dx * back + px * w, cy + dy * back + py * w),
                (cx + dx * tip, cy + dy * tip),
                (cx + dx * back - px * w, cy + dy * back - py * w),
            ], "chevron", stroke="#777777", width=2, round=True))


# -- SVG ------------------------------------------------------------------------------------


def _num(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _svg_shape(s: Shape) -> str:
    from xml.sax.saxutils import escape, quoteattr

    attrs: list[tuple[str, str]] = [("class", s.cls)]
    if s.kind == "text":
        attrs.append(("fill", s.fill or INK))
    else:
        attrs.append(("fill", s.fill or "none"))
        if s.stroke:
            attrs += [("stroke", s.stroke), ("stroke-width", _num(s.width))]
            if s.dash:
                attrs.append(("stroke-dasharray", f"{_num(s.dash[0])} {_num(s.dash[1])}"))
            if s.round:
                attrs += [("stroke-linecap", "round"), ("stroke-linejoin", "round")]
    if s.opacity != 1.0:
        attrs.append(("opacity", _num(s.opacity)))
    (x, y), *rest = s.points
    if s.kind == "line":
        (x2, y2) = rest[0]
        geo = [("x1", x), ("y1", y), ("x2", x2), ("y2", y2)]
        tag = "line"
    elif s.kind == "rect":
        w, h = rest[0]
        geo = [("x", x), ("y", y), ("width", w), ("height", h)]
        if s.rx:
            geo.append(("rx", s.rx))
        tag = "rect"
    elif s.kind == "circle":
        geo = [("cx", x), ("cy", y), ("r", rest[0][0])]
        tag = "circle"
    elif s.kind == "poly":
        points = " ".join(f"{_num(px)},{_num(py)}" for px, py in s.points)
        tag = "polygon" if s.closed else "polyline"
        attrs.append(("points", points))
        geo = []
    else:
        anchor = {"start": "start", "end": "end"}.get(s.anchor, "middle")
        geo = [("x", x), ("y", y)]
        attrs += [("font-size", _num(s.size)), ("text-anchor", anchor),
                  ("dominant-baseline", "central")]
        if s.bold:
            attrs.append(("font-weight", "bold"))
        body = " ".join(f"{k}={quoteattr(v)}" for k, v in
                        [*((k, _num(v)) for k, v in geo), *attrs])
        return f"<text {body}>{escape(s.text)}</text>"
    body = " ".join(f"{k}={quoteattr(v)}" for k, v in [*((k, _num(v)) for k, v in geo), *attrs])
    return f"<{tag} {body}/>"


def svg(board: Board, givens: Sequence[int] | None = None, *, title: str = "",
        mm: float | None = None) -> str:
    """An SVG document of ``board`` (see ``drawing``); ``title`` as its ``<title>``, ``mm``
    the width of a cell in millimetres on paper (default 10)."""
    from xml.sax.saxutils import escape

    d = drawing(board, givens)
    cell = 10.0 if mm is None else mm
    scale = cell / U
    head = (
        '<svg xmlns="http://www.w3.org/2000/svg" version="1.1"'
        f' width="{_num(d.width * scale)}mm" height="{_num(d.height * scale)}mm"'
        f' viewBox="{_num(d.left)} {_num(d.top)} {_num(d.width)} {_num(d.height)}"'
        ' font-family="Helvetica, Arial, sans-serif">'
    )
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', head]
    if title:
        lines.append(f"<title>{escape(title)}</title>")
    lines += [_svg_shape(s) for s in d.shapes]
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


# -- PDF ------------------------------------------------------------------------------------


def fpdf_module() -> Any:
    """fpdf2's module, or PrintError saying how to install it."""
    import importlib

    try:
        return importlib.import_module("fpdf")
    except ImportError:
        raise PrintError(
            "PDF output needs fpdf2: pip install 'yass-sudoku[print]'"
        ) from None


def _rgb(colour: str) -> tuple[int, int, int]:
    h = colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def _latin1(text: str) -> str:
    """``text`` as the PDF core fonts can write it (others become ``?``)."""
    return text.encode("latin-1", "replace").decode("latin-1")


def _pdf_shape(pdf: Any, s: Shape, ox: float, oy: float, k: float) -> None:
    """Draw ``s`` on ``pdf`` at offset (ox, oy) mm, ``k`` mm a drawing unit."""

    def at(p: tuple[float, float]) -> tuple[float, float]:
        return ox + p[0] * k, oy + p[1] * k

    style = "DF" if s.fill and s.stroke else "F" if s.fill else "D"
    context: dict[str, Any] = {}
    if s.opacity != 1.0:
        context.update(fill_opacity=s.opacity, stroke_opacity=s.opacity)
    if s.round:
        context.update(stroke_cap_style="ROUND", stroke_join_style="ROUND")
    with pdf.local_context(**context):
        if s.stroke:
            pdf.set_draw_color(*_rgb(s.stroke))
            pdf.set_line_width(s.width * k)
        if s.fill:
            pdf.set_fill_color(*_rgb(s.fill))
        if s.dash:
            pdf.set_dash_pattern(dash=s.dash[0] * k, gap=s.dash[1] * k)
        if s.kind == "line":
            (x1, y1), (x2, y2) = at(s.points[0]), at(s.points[1])
            pdf.line(x1, y1, x2, y2)
        elif s.kind == "rect":
            x, y = at(s.points[0])
            w, h = s.points[1][0] * k, s.points[1][1] * k
            if s.rx:
                pdf.rect(x, y, w, h, style=style, round_corners=True, corner_radius=s.rx * k)
            else:
                pdf.rect(x, y, w, h, style=style)
        elif s.kind == "circle":
            x, y = at(s.points[0])
            r = s.points[1][0] * k
            pdf.ellipse(x - r, y - r, 2 * r, 2 * r, style=style)
        elif s.kind == "poly":
            points = [at(p) for p in s.points]
            if s.closed:
                pdf.polygon(points, style=style)
            else:
                pdf.polyline(points, style="D")
        else:
            x, y = at(s.points[0])
            size_pt = s.size * k * 72 / 25.4
            pdf.set_font("Helvetica", "B" if s.bold else "", size_pt)
            pdf.set_text_color(*_rgb(s.fill or INK))
            text = _latin1(s.text)
            w = pdf.get_string_width(text)
            if s.anchor == "middle":
                x -= w / 2
            elif s.anchor == "end":
                x -= w
            # centred on the anchor: the baseline sits a little below (Helvetica's digits
            # are about 0.72 of the size high)
            pdf.text(x, y + s.size * k * 0.36, text)


def pdf(puzzles: Sequence[tuple[str, Board, Sequence[int] | None]], *, paper: str = "a4",
        per_page: int = 1) -> bytes:
    """A PDF of ``puzzles`` ((caption, board, givens or None) each), ``per_page`` to a page
    of ``paper`` (a key of PAPERS), each drawn as ``drawing`` draws it, as large as its
    place on the page allows, with its caption above it. PrintError without fpdf2."""
    fpdf = fpdf_module()
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
    if per_page not in PER_PAGE:
        raise ValueError(f"per_page must be one of {', '.join(map(str, PER_PAGE))}")
    width, height = PAPERS[paper]
    doc = fpdf.FPDF(orientation="P", unit="mm", format=(width, height))
    doc.set_auto_page_break(False)
    doc.set_creator("yass")
    doc.set_producer("yass (fpdf2)")
    margin, caption = 15.0, 8.0
    cols, rows = PER_PAGE[per_page]
    slot_w = (width - 2 * margin) / cols
    slot_h = (height - 2 * margin) / rows
    gap = 6.0
    for i, (name, board, givens) in enumerate(puzzles):
        if i % per_page == 0:
            doc.add_page()
        place = i % per_page
        col, row = place % cols, place // cols
        x0, y0 = margin + col * slot_w, margin + row * slot_h
        d = drawing(board, givens)
        room_w, room_h = slot_w - gap, slot_h - gap - caption
        k = min(room_w / d.width, room_h / d.height, 18.0 / U)  # at most 18 mm a cell
        w = d.width * k
        left = x0 + (slot_w - w) / 2
        top = y0 + caption
        if name:
            doc.set_font("Helvetica", "", 10 if per_page > 2 else 12)
            doc.set_text_color(*_rgb(INK))
            text = _latin1(name)
            while len(text) > 1 and doc.get_string_width(text) > room_w:
                text = text[:-4] + "..."
            doc.text(left, y0 + caption - 2.5, text)
        for shape in d.shapes:
            _pdf_shape(doc, shape, left - d.left * k, top - d.top * k, k)
    if not puzzles:
        doc.add_page()
    return bytes(doc.output())
