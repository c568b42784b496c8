"""Other programs' puzzle formats: HoDoKu library lines, SadMan ``.sdk``/``.sdx``,
SimpleSudoku ``.ss``, and SudokuPad's own ``scl``/``ctc`` payloads.

Reading (wherever yass reads a puzzle):

* **HoDoKu library line** ``:0000:x:<givens>:<removed candidates>:...``: the fields
  after the leading ``:`` are the technique code, its candidate, the 81 cells (a ``+``
  before a digit marks one placed, not given; yass takes it as filled), then the removed
  candidates as ``drc`` triples (digit, row, column) separated by spaces. With removed
  candidates it is a pencil-mark puzzle.
* **SadMan ``.sdk``**: a picture of 9 rows, ``#A``/``#D``... comment lines, and optional
  ``[Puzzle]`` / ``[State]`` ... sections, of which ``[Puzzle]`` is read
  (``yass.formats.text``).
* **SadMan/SudoCue ``.sdx``**: a row per line, cells separated by spaces: a given digit,
  ``u`` and a digit the solver placed, or the cell's candidates (``yass.formats.candidates``).
* **SimpleSudoku ``.ss``**: the picture with ``*-----------*`` corners and ``|---+---+---|``
  box lines, ``.`` for an empty cell (read as any picture).
* **SudokuPad ``scl``/``ctc`` payloads** (``https://sudokupad.app/scl...`` or bare): the
  lz-string compressed puzzle JSON, decoded offline (``sudokupad_to_json``).

Writing: ``write(obj, fmt)`` for ``yass convert --to hodoku|sdk|sdx|ss|scl|ctc``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from yass.formats.base import ParseError

__all__ = [
    "WRITERS",
    "hodoku_masks",
    "sudokupad_to_json",
    "write",
]

# -- HoDoKu library lines -------------------------------------------------------------------


def hodoku_masks(line: str) -> tuple[int, list[int], str]:
    """(9, per-cell candidate masks, name) of a HoDoKu library line; ParseError if malformed."""
    fields = line.strip().split(":")
    if len(fields) < 4 or fields[0]:
        raise ParseError(
            "a HoDoKu library line reads :<technique>:<candidate>:<81 cells>:<removed"
            " candidates>:..."
        )
    cells = fields[3].replace("+", "")
    if len(cells) != 81:
        raise ParseError(f"HoDoKu library line: the puzzle field has {len(cells)} cells, not 81")
    masks = []
    for i, ch in enumerate(cells):
        if ch in ".0":
            masks.append(0x1FF)
        elif "1" <= ch <= "9":
            masks.append(1 << (int(ch) - 1))
        else:
            raise ParseError(f"HoDoKu library line: cell {i + 1} is {ch!r}, not a digit or '.'")
    removed = fields[4].split() if len(fields) > 4 else []
    for triple in removed:
        if not re.fullmatch(r"[1-9]{3}", triple):
            raise ParseError(
                f"HoDoKu library line: removed candidate {triple!r} is not digit, row, column"
            )
        d, r, c = (int(x) for x in triple)
        cell = (r - 1) * 9 + c - 1
        if masks[cell] & (masks[cell] - 1):  # a given keeps its digit
            masks[cell] &= ~(1 << (d - 1))
    name = f"HoDoKu {fields[1]}" if fields[1] and fields[1] != "0000" else ""
    return 9, masks, name


# -- writing ---------------------------------------------------------------------------------


def _grid(obj: Mapping[str, Any]) -> tuple[int, list[int], list[int] | None]:
    """(size, givens, per-cell candidate masks or None) of a yass JSON object with no rules
    but given candidates; ParseError naming the rule otherwise."""
    from yass.core.geometry import Grid, box_shape
    from yass.formats.variant_json import _cells_field, _size

    n = _size(obj)
    givens = list(_cells_field(obj, "givens", n))
    masks: list[int] | None = None
    rules = obj.get("constraints") or []
    for rule in rules:
        kind = rule.get("type") if isinstance(rule, Mapping) else None
        if kind != "candidates":
            raise ParseError(
                f"this format holds a classic grid (givens, pencil marks), not a {kind} rule;"
                " use --to json or fpuzzles"
            )
        shape = box_shape(n) or (0, 0)
        grid = Grid(n, shape[0], shape[1])
        cell = grid.parse_cell(str(rule.get("cell", "")))
        digits = str(rule.get("digits", ""))
        mask = 0
        for ch in digits:
            if ch.isalnum():
                from yass.core.geometry import char_digit

                mask |= 1 << (char_digit(ch) - 1)
        if masks is None:
            masks = [(1 << n) - 1] * (n * n)
        masks[cell] &= mask
    if masks is not None:
        for cell, v in enumerate(givens):
            if v:
                masks[cell] = 1 << (v - 1)
    return n, givens, masks


def _need_9(n: int, fmt: str) -> None:
    if n != 9:
        raise ParseError(f"{fmt} holds 9x9 puzzles only, not {n}x{n}")


def _digits(mask: int, n: int) -> str:
    from yass.core.geometry import digit_char

    return "".join(digit_char(d) for d in range(1, n + 1) if mask >> (d - 1) & 1)


def _hodoku(obj: Mapping[str, Any]) -> str:
    n, givens, masks = _grid(obj)
    _need_9(n, "a HoDoKu library line")
    cells = "".join(str(v) if v else "." for v in givens)
    removed = []
    if masks is not None:
        from yass.core.board import Board
        from yass.core.layout import Layout

        start = Board.from_givens(Layout.classic(9), givens).cands
        for cell, mask in enumerate(masks):
            if givens[cell]:
                continue
            gone = start[cell] & ~mask
            r, c = divmod(cell, 9)
            removed += [f"{d}{r + 1}{c + 1}" for d in range(1, 10) if gone >> (d - 1) & 1]
    return f":0000:x:{cells}:{' '.join(removed)}::"


def _rows(givens: Sequence[int], n: int) -> list[list[int]]:
    return [list(givens[r * n : (r + 1) * n]) for r in range(n)]


def _sdk(obj: Mapping[str, Any]) -> str:
    n, givens, masks = _grid(obj)
    _need_9(n, ".sdk")
    if masks is not None:
        raise ParseError(".sdk holds givens only, not pencil marks; use --to sdx or hodoku")
    head = []
    if obj.get("name"):
        head.append("#D" + " ".join(str(obj["name"]).split()))
    if obj.get("author"):
        head.append("#A" + " ".join(str(obj["author"]).split()))
    rows = ["".join(str(v) if v else "." for v in row) for row in _rows(givens, n)]
    return "\n".join([*head, "[Puzzle]", *rows])


def _sdx(obj: Mapping[str, Any]) -> str:
    n, givens, masks = _grid(obj)
    _need_9(n, ".sdx")
    full = (1 << n) - 1
    out = []
    for r in range(n):
        cells = []
        for c in range(n):
            cell = r * n + c
            if givens[cell]:
                cells.append(str(givens[cell]))
            else:
                cells.append(_digits(masks[cell] if masks is not None else full, n))
        out.append(" ".join(cells))
    return "\n".join(out)


def _ss(obj: Mapping[str, Any]) -> str:
    n, givens, masks = _grid(obj)
    _need_9(n, ".ss")
    if masks is not None:
        raise ParseError(".ss holds givens only, not pencil marks; use --to sdx or hodoku")
    rows = _rows(givens, n)
    line = "|---+---+---|"
    out = ["*-----------*"]
    for r, row in enumerate(rows):
        if r and r % 3 == 0:
            out.append(line)
        text = "".join(str(v) if v else "." for v in row)
        out.append(f"|{text[:3]}|{text[3:6]}|{text[6:]}|")
    out.append("*-----------*")
    return "\n".join(out)


# -- SudokuPad's own payloads ----------------------------------------------------------------

#: SudokuPad's short keys (its puzzle zipper) -> the full ones.
_SHORT_KEYS = {
    "c": "color", "ca": "cages", "ct": "center", "c1": "borderColor", "c2": "backgroundColor",
    "ce": "cells", "cs": "cellSize", "a": "arrows", "o": "overlays", "u": "underlays",
    "w": "width", "h": "height", "v": "value", "vd": "videos", "l": "lines", "r": "rounded",
    "re": "regions", "fs": "fontSize", "th": "thickness", "hl": "headLength",
    "wp": "wayPoints", "t": "title", "te": "text", "d": "duration", "d2": "d",
}
_FULL_KEYS = {v: k for k, v in _SHORT_KEYS.items()}


class _Compact:
    """A reader of SudokuPad's compact JSON: JSON that may leave keys and plain words
    unquoted, quote with ``'``, write ``t``/``f`` for true/false and skip array items
    (``[,,3]``)."""

    def __init__(self, text: str) -> None:
        self.s, self.i = text, 0

    def fail(self, what: str) -> ParseError:
        return ParseError(f"malformed SudokuPad payload: {what} at character {self.i + 1}")

    def ws(self) -> None:
        s, i = self.s, self.i
        while i < len(s) and s[i] in " \t\r\n":
            i += 1
        self.i = i

    def value(self, depth: int = 0) -> Any:
        if depth > 200:
            raise self.fail("nesting too deep")
        self.ws()
        if self.i >= len(self.s):
            raise self.fail("the text ends")
        ch = self.s[self.i]
        if ch == "{":
            return self.obj(depth)
        if ch == "[":
            return self.arr(depth)
        if ch in "\"'":
            return self.string()
        return self.word()

    def string(self) -> str:
        q = self.s[self.i]
        j = self.i + 1
        out = []
        while j < len(self.s) and self.s[j] != q:
            if self.s[j] == "\\" and j + 1 < len(self.s):
                try:
                    out.append(json.loads(f'"{self.s[j:j + 2]}"') if self.s[j + 1] != "'" else "'")
                except json.JSONDecodeError:
                    out.append(self.s[j + 1])
                j += 2
                continue
            out.append(self.s[j])
            j += 1
        if j >= len(self.s):
            raise self.fail("a string does not end")
        self.i = j + 1
        return "".join(out)

    def word(self) -> Any:
        m = re.compile(r"[^,:\]\}\s]+").match(self.s, self.i)
        if m is None:
            raise self.fail(f"unexpected {self.s[self.i]!r}")
        self.i = m.end()
        w = m.group()
        literal = {"t": True, "true": True, "f": False, "false": False, "null": None,
                   "undefined": None}
        if w in literal:
            return literal[w]
        if re.fullmatch(r"-?\d+", w):
            return int(w)
        if re.fullmatch(r"-?\d*\.?\d+(?:[eE][-+]?\d+)?", w):
            return float(w)
        return w

    def arr(self, depth: int) -> list[Any]:
        self.i += 1
        out: list[Any] = []
        expect_item = True
        while True:
            self.ws()
            if self.i >= len(self.s):
                raise self.fail("an array does not end")
            ch = self.s[self.i]
            if ch == "]":
                self.i += 1
                return out
            if ch == ",":
                if expect_item:
                    out.append(None)  # a skipped item
                self.i += 1
                expect_item = True
                continue
            out.append(self.value(depth + 1))
            expect_item = False

    def obj(self, depth: int) -> dict[str, Any]:
        self.i += 1
        out: dict[str, Any] = {}
        while True:
            self.ws()
            if self.i >= len(self.s):
                raise self.fail("an object does not end")
            if self.s[self.i] == "}":
                self.i += 1
                return out
            if self.s[self.i] == ",":
                self.i += 1
                continue
            key = self.string() if self.s[self.i] in "\"'" else str(self.word())
            self.ws()
            if self.i >= len(self.s) or self.s[self.i] != ":":
                raise self.fail(f"no ':' after key {key!r}")
            self.i += 1
            out[_SHORT_KEYS.get(key, key)] = self.value(depth + 1)


#: SudokuPad elements yass cannot read from SudokuPad's format: their meaning is in the
#: rules text (a line's colour, an overlay's shape), not in the data.
_UNREAD = ("lines", "arrows", "overlays")


def sudokupad_to_json(data: Mapping[str, Any]) -> dict[str, Any]:
    """yass JSON of a decoded SudokuPad puzzle: givens, regions (boxes or irregular),
    killer cages (a cage valued ``DR`` and a digit: its sum's digital root), title, author
    and solution. ParseError for what yass cannot read."""
    from yass.core.geometry import box_shape

    cells = data.get("cells")
    if not isinstance(cells, list) or not cells or not all(isinstance(r, list) for r in cells):
        raise ParseError("the SudokuPad puzzle has no grid of cells")
    n = len(cells)
    if n > 16 or any(len(r) > n for r in cells):
        raise ParseError(f"the SudokuPad puzzle is {n} rows of up to"
                         f" {max(len(r) for r in cells)} cells: yass reads square grids up"
                         " to 16x16")
    used = [k for k in _UNREAD if data.get(k)]
    if used:
        raise ParseError(
            f"the SudokuPad puzzle has {', '.join(used)}, which SudokuPad's format does not"
            " say the meaning of (it is in the rules text); yass reads givens, regions and"
            " killer cages from it. Open it in SudokuPad and copy an f-puzzles link instead"
        )
    givens = []
    for r, row in enumerate(cells):
        for c in range(n):
            cell = row[c] if c < len(row) else None
            v = cell.get("value") if isinstance(cell, Mapping) else None
            if v in (None, ""):
                givens.append(".")
                continue
            try:
                d = int(v)
            except (TypeError, ValueError):
                raise ParseError(
                    f"SudokuPad cell r{r + 1}c{c + 1} holds {v!r}, not a digit"
                ) from None
            if not 1 <= d <= n:
                raise ParseError(f"SudokuPad cell r{r + 1}c{c + 1} holds {d}, not 1 to {n}")
            from yass.core.geometry import digit_char

            givens.append(digit_char(d))
    out: dict[str, Any] = {"size": n, "givens": "".join(givens)}
    constraints: list[dict[str, Any]] = []
    regions = [reg for reg in data.get("regions") or [] if reg]
    shape = box_shape(n)
    if regions:
        groups = []
        for reg in regions:
            try:
                groups.append(sorted(int(rc[0]) * n + int(rc[1]) for rc in reg))
            except (TypeError, ValueError, IndexError):
                raise ParseError("a SudokuPad region is not a list of [row, column]") from None
        boxes = None
        if shape is not None:
            br, bc = shape
            boxes = sorted(
                sorted((R * br + i) * n + C * bc + j for i in range(br) for j in range(bc))
                for R in range(n // br) for C in range(n // bc)
            )
        if sorted(groups) != boxes:
            names = [[f"r{x // n + 1}c{x % n + 1}" for x in g] for g in groups]
            constraints.append({"type": "regions", "regions": names})
    elif shape is None:
        raise ParseError(f"the {n}x{n} SudokuPad puzzle has no regions and no standard boxes")
    for cage in data.get("cages") or []:
        if not isinstance(cage, Mapping):
            continue
        value = cage.get("value")
        if isinstance(value, str) and re.match(r"^\s*(title|author|rules|solution|msgcorrect)\s*:",
                                               value):
            key, _, text = value.partition(":")
            key = key.strip()
            if key == "title":
                out["name"] = text.strip()
            elif key == "author":
                out["author"] = text.strip()
            elif key == "solution" and text.strip():
                out["solution"] = text.strip()
            continue
        if cage.get("cells") and value not in (None, ""):
            root = re.fullmatch(r"\s*DR\s*(\d)\s*", value) if isinstance(value, str) else None
            try:
                total = int(root[1]) if root else int(value)
                cage_cells = [f"r{int(rc[0]) + 1}c{int(rc[1]) + 1}" for rc in cage["cells"]]
            except (TypeError, ValueError, IndexError):
                raise ParseError(f"a SudokuPad cage has value {value!r}, not a sum") from None
            if root:  # the sum's digital root: one of several totals
                constraints.append({"type": "multisum_killer", "cells": cage_cells, "root": total})
            else:
                constraints.append({"type": "killer", "cells": cage_cells, "sum": total})
    if constraints:
        out["constraints"] = constraints
    return out


def decode_sudokupad(payload: str) -> dict[str, Any]:
    """The yass JSON of an ``scl``/``ctc`` payload (prefix included)."""
    from yass.formats.lz import lz_text

    text = lz_text(payload.strip()[3:], "SudokuPad", first=4)  # after the scl/ctc prefix
    parser = _Compact(text)
    data = parser.value()
    if not isinstance(data, dict):
        raise ParseError("malformed SudokuPad payload: not a puzzle object")
    return sudokupad_to_json(data)


def _sudokupad_data(obj: Mapping[str, Any]) -> dict[str, Any]:
    """SudokuPad's puzzle JSON (full keys) of a yass JSON object: givens, regions, cages."""
    from yass.core.geometry import Grid, box_shape
    from yass.formats.variant_json import _cells_field, _size

    n = _size(obj)
    givens = _cells_field(obj, "givens", n)
    shape = box_shape(n)
    regions: list[list[list[int]]] | None = None
    cages: list[dict[str, Any]] = []
    grid = Grid(n, *(shape or (0, 0)))
    for rule in obj.get("constraints") or []:
        kind = rule.get("type") if isinstance(rule, Mapping) else None
        if kind == "regions":
            regions = [
                [list(divmod(grid.parse_cell(str(x)), n)) for x in reg] for reg in rule["regions"]
            ]
        elif kind == "killer" or (kind == "multisum_killer" and rule.get("root")):
            cells = [list(divmod(grid.parse_cell(str(x)), n)) for x in rule["cells"]]
            value = rule["sum"] if kind == "killer" else f"DR{rule['root']}"
            cages.append({"cells": cells, "value": value})
        else:
            raise ParseError(
                f"yass writes SudokuPad's own format with givens, regions and killer cages"
                f" only, not a {kind} rule; use --to sudokupad (an f-puzzles payload)"
            )
    if regions is None:
        if shape is None:
            raise ParseError(f"a {n}x{n} grid has no standard boxes; give its regions")
        br, bc = shape
        regions = [
            [[R * br + i, C * bc + j] for i in range(br) for j in range(bc)]
            for R in range(n // br) for C in range(n // bc)
        ]
    rows = [
        [{"value": v} if v else {} for v in givens[r * n : (r + 1) * n]] for r in range(n)
    ]
    for key in ("name", "author"):
        if obj.get(key):
            label = "title" if key == "name" else "author"
            cages.append({"value": f"{label}: {' '.join(str(obj[key]).split())}"})
    data: dict[str, Any] = {"id": "yass", "cells": rows, "regions": regions}
    if cages:
        data["cages"] = cages
    return data


def _payload(obj: Mapping[str, Any], prefix: str) -> str:
    from yass.formats.lz import codec

    data = _sudokupad_data(obj)
    if prefix == "scl":  # the short keys of SudokuPad's zipper
        data = _shorten(data)
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    _, compress = codec()
    return "https://sudokupad.app/" + prefix + str(compress(text))


def _shorten(value: Any) -> Any:
    if isinstance(value, dict):
        return {_FULL_KEYS.get(k, k): _shorten(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_shorten(v) for v in value]
    return value


def _scl(obj: Mapping[str, Any]) -> str:
    return _payload(obj, "scl")


def _ctc(obj: Mapping[str, Any]) -> str:
    return _payload(obj, "ctc")


WRITERS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "hodoku": _hodoku,
    "sdk": _sdk,
    "sdx": _sdx,
    "ss": _ss,
    "scl": _scl,
    "ctc": _ctc,
}


def write(obj: Mapping[str, Any], fmt: str) -> str:
    """A yass JSON object in one of ``WRITERS``' formats; ParseError for what it cannot hold."""
    writer: Callable[[Mapping[str, Any]], str] = WRITERS[fmt]
    return writer(obj)
