"""f-puzzles and SudokuPad links: read them as yass puzzles, write yass puzzles as links.

An f-puzzles link is ``https://www.f-puzzles.com/?load=PAYLOAD``, where PAYLOAD is the
puzzle's f-puzzles JSON compressed by lz-string (``compressToBase64``). SudokuPad opens
the same payload as ``https://sudokupad.app/fpuzzlesPAYLOAD`` (or ``fpuzPAYLOAD``, or
``?puzzleid=fpuzzles...``). yass reads all of these, and a bare PAYLOAD (it starts with
``N4Ig``, the compressed ``{"``), anywhere a puzzle is accepted.

``fpuzzles_to_json`` turns f-puzzles JSON into yass's variant JSON (data/variants/README.md
of the project) and ``json_to_fpuzzles`` goes back. Cosmetic keys (text, lines without a
rule, colours, pencil marks a solver typed) are ignored; a rule yass cannot express is
refused with one line naming it. The lz-string codec (the ``py-lzstring`` package) is
imported only when a link is read or written.
"""

from __future__ import annotations

import json
import re
import struct
from collections.abc import Callable, Iterator, Mapping, Sequence
from urllib.parse import parse_qs, unquote

from yass.core.geometry import MAX_SIZE, box_shape
from yass.formats.base import ParseError
from yass.formats.lz import codec, lz_text

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from typing import Any

    from yass.constraints.base import Constraint
    from yass.core.board import Puzzle
    from yass.formats.base import Entry

__all__ = [
    "FPUZZLES_PREFIX",
    "SUDOKUPAD_PREFIX",
    "UNSHOWN_TYPES",
    "decode_payload",
    "encode_payload",
    "entry_from_link",
    "fpuzzles_to_json",
    "json_to_fpuzzles",
    "link_payload",
    "looks_like_link",
    "puzzle_from_link",
    "read_link",
    "solution_link",
    "to_link",
]

#: What an f-puzzles link starts with; the payload follows.
FPUZZLES_PREFIX = "https://www.f-puzzles.com/?load="
#: What a SudokuPad link to an f-puzzles payload starts with.
SUDOKUPAD_PREFIX = "https://sudokupad.app/fpuzzles"


#: Rules f-puzzles has no form for, and the key yass writes them under: the link keeps
#: them for yass, but f-puzzles and SudokuPad neither draw nor check them.
UNSHOWN_TYPES = {"diagonal_nonconsecutive": "diagonalnonconsecutive", "toroidal": "toroidal"}

# -- recognising links --------------------------------------------------------------------

_FPUZZLES_HOST = r"(?:www\.)?f-puzzles\.com"
_SUDOKUPAD_HOST = (
    r"(?:www\.|beta\.)?sudokupad\.app|(?:app\.)?crackingthecryptic\.com|sudokupad\.svencodes\.com"
)
_LINK = re.compile(
    rf"^(?:https?://)?(?:(?P<fp>{_FPUZZLES_HOST})|(?P<sp>{_SUDOKUPAD_HOST}))(?P<rest>[/?].*)?$",
    re.IGNORECASE | re.DOTALL,
)
_BARE = re.compile(
    r"^(?:fpuz(?:zles)?(?=\S)|(?=N4Ig)|(?=(?:scl|ctc)[A-Za-z0-9+/]{16}))(?P<payload>[^\s?&]+)$"
)
_SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*://", re.IGNORECASE)
_CELL = re.compile(r"^[Rr](\d+)[Cc](\d+)$")
_SURROGATE = re.compile("[\ud800-\udfff]")


def looks_like_link(text: str) -> bool:
    """Whether ``text`` is meant as an f-puzzles or SudokuPad link or a bare payload.

    Any ``http://`` or ``https://`` address counts (so the error says what is wrong with
    it rather than "no such file"); ``read_link`` tells which are usable.
    """
    t = text.strip()
    if not t or "\n" in t:
        return False
    return bool(_SCHEME.match(t) or _LINK.match(t) or _BARE.match(t))


def link_payload(text: str) -> str:
    """The lz-string payload of a link or a bare payload; ParseError when there is none."""
    t = text.strip()
    bare = _BARE.match(t)
    if bare:
        return _unquote(bare["payload"])
    m = _LINK.match(t)
    if m is None:
        if _SCHEME.match(t) and "penpa" in t.lower():
            raise ParseError(
                "a penpa-edit link is a drawing whose rules yass cannot read; open it in"
                " SudokuPad or f-puzzles and copy an f-puzzles link"
            )
        if _SCHEME.match(t) and "logic-masters.de" in t.lower():
            raise ParseError(
                "a Logic Masters page needs the network, which yass does not use; copy the"
                " f-puzzles or SudokuPad link the page gives"
            )
        if _SCHEME.match(t):
            raise ParseError(
                f"{_short(t)} is not an f-puzzles or SudokuPad link; yass reads"
                f" {FPUZZLES_PREFIX}... and {SUDOKUPAD_PREFIX}... links"
            )
        raise ParseError("not an f-puzzles or SudokuPad link, nor an f-puzzles payload")
    rest = m["rest"] or ""
    if m["fp"]:
        return _fpuzzles_query(rest)
    return _sudokupad_id(rest)


def _show(value: Any, limit: int = 40) -> str:
    """``repr(value)``, cut short: an error line quotes what it refuses, not all of it."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _short(text: str, limit: int = 60) -> str:
    from yass.formats.base import printable

    return repr(printable(text if len(text) <= limit else text[:limit] + "..."))


def _unquote(payload: str) -> str:
    """A payload as written in an address: %-escapes undone, a ``+`` read as space restored."""
    return unquote(payload).replace(" ", "+")


def _fpuzzles_query(rest: str) -> str:
    _, _, query = rest.partition("?")
    # parse_qs would turn '+' into a space: split by hand, keeping the payload as written
    fields = dict(part.partition("=")[::2] for part in query.split("&") if part)
    if fields.get("load"):
        return _unquote(fields["load"])
    if "id" in fields:
        raise ParseError(
            "an f-puzzles short link (?id=...) names a puzzle stored online, which yass does"
            " not fetch: open it in f-puzzles and copy the long link (?load=...)"
        )
    raise ParseError("the f-puzzles link has no puzzle (it needs ?load=...)")


def _sudokupad_id(rest: str) -> str:
    path, _, query = rest.lstrip("/").partition("?")
    if path.lower().startswith("sudoku/"):
        path = path[len("sudoku/"):]
    if not path:
        ids = parse_qs(query.replace("+", "%2B")).get("puzzleid", [])
        path = ids[0] if ids else ""
    if not path:
        raise ParseError("the SudokuPad link has no puzzle in it")
    m = re.match(r"^fpuz(?:zles)?(.*)$", path, re.DOTALL)
    if m:
        if not m[1]:
            raise ParseError("the SudokuPad link has an empty f-puzzles payload")
        return _unquote(m[1])
    if re.match(r"^(?:scl|ctc)", path):
        return _unquote(path)  # SudokuPad's own format (yass.formats.exchange)
    if re.match(r"^scf", path):
        raise ParseError(
            "this SudokuPad link holds a puzzle in SudokuPad's scf format, which yass does"
            " not read; yass reads its scl and ctc payloads and f-puzzles links"
        )
    raise ParseError(
        "a short SudokuPad link names a puzzle stored online, which yass does not fetch;"
        f" use a link that carries the puzzle ({SUDOKUPAD_PREFIX}... or {FPUZZLES_PREFIX}...)"
    )


def decode_payload(payload: str) -> dict[str, Any]:
    """The f-puzzles JSON object of a payload; ParseError when it is not one."""
    text = lz_text(payload.strip())
    if _SURROGATE.search(text):  # JavaScript strings are UTF-16: join surrogate pairs
        text = text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise ParseError(
            "malformed f-puzzles payload: it decompresses, but not to JSON (is the link"
            " cut short?)"
        ) from None
    if not isinstance(data, dict):
        raise ParseError(
            f"malformed f-puzzles payload: the JSON is a {type(data).__name__}, not an object"
        )
    return data


def encode_payload(data: Mapping[str, Any]) -> str:
    """The lz-string base64 payload of an f-puzzles JSON object, as f-puzzles writes it."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    if any(ord(ch) > 0xFFFF for ch in text):  # compress UTF-16 code units, as JavaScript
        raw = text.encode("utf-16-le")
        text = "".join(map(chr, struct.unpack(f"<{len(raw) // 2}H", raw)))
    _, compress = codec()
    result = compress(text)
    return str(result)


# -- f-puzzles JSON -> yass JSON --------------------------------------------------------------

#: Default regions of f-puzzles by size: (rows, columns) of a region.
_FP_REGION_SHAPES = {
    1: (1, 1), 2: (1, 2), 3: (1, 3), 4: (2, 2), 5: (1, 5), 6: (2, 3), 7: (1, 7), 8: (2, 4),
    9: (3, 3), 10: (2, 5), 11: (1, 11), 12: (3, 4), 13: (1, 13), 14: (2, 7), 15: (3, 5),
    16: (4, 4),
}

#: Keys that carry no rule: presentation, the setter's text, solver settings.
_COSMETIC = frozenset({
    "size", "grid", "title", "author", "ruleset", "solution", "text", "line", "cage",
    "circle", "rectangle", "highlightConflicts", "disabledlogic", "truecandidatesoptions",
    "fogofwar", "foglight", "metadata", "successMessage",
})

#: Line rules: f-puzzles key -> yass type (each line of an entry is one rule).
_LINE_TYPES = {
    "thermometer": "thermo",
    "slowthermometer": "slow_thermo",
    "palindrome": "palindrome",
    "renban": "renban",
    "whispers": "whispers",
    "betweenline": "between",
    "regionsumline": "region_sum_line",
    "regionSumLine": "region_sum_line",
    "entropicline": "entropic_line",
    "modularline": "modular_line",
    "zipperline": "zipper",
    "nabner": "nabner",
    "doublearrow": "double_arrow",
    "lockout": "lockout_line",
}

#: Whole-grid rules: f-puzzles key (true) -> yass constraint.
_FLAG_TYPES: dict[str, dict[str, Any]] = {
    "diagonal-": {"type": "diagonal", "direction": "main"},
    "diagonal+": {"type": "diagonal", "direction": "anti"},
    "antiknight": {"type": "antiknight"},
    "antiking": {"type": "antiking"},
    "disjointgroups": {"type": "disjoint_groups"},
    "nonconsecutive": {"type": "nonconsecutive"},
    "diagonalnonconsecutive": {"type": "diagonal_nonconsecutive"},
    "toroidal": {"type": "toroidal"},
}

#: Clues outside the grid that look along a row or column: key -> (yass type, value field).
_OUTSIDE_TYPES = {
    "sandwichsum": ("sandwich", "sum"),
    "xsum": ("xsum", "sum"),
    "skyscraper": ("skyscraper", "value"),
    "numberedroom": ("numbered_room", "value"),
}

#: One-cell marks collected into one rule: key -> yass type.
_MARK_TYPES = {"odd": "odd", "even": "even", "minimum": "minimum", "maximum": "maximum"}

_DIRECTIONS = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}

#: Indexer keys -> the yass type they would be; read when yass implements the type.
_INDEXERS = {"columnindexer": "column_indexer", "rowindexer": "row_indexer",
             "boxindexer": "box_indexer"}


class _Reader:
    """The conversion of one f-puzzles object; ``where`` names the entry being read."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        size = data.get("size")
        if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= MAX_SIZE:
            raise ParseError(
                f"f-puzzles 'size' must be a whole number from 1 to {MAX_SIZE}, not {_show(size)}"
            )
        self.n = size
        self.where = ""
        #: The rules of a grid with cells in no region (``_regions``).
        self.unboxed: list[dict[str, Any]] = []

    def fail(self, message: str) -> ParseError:
        return ParseError(f"f-puzzles {self.where}: {message}" if self.where else message)

    def rc(self, name: Any, *, outside: bool = False) -> tuple[int, int]:
        """1-based (row, column) of ``"R1C1"``; outside clues may use row/column 0 and N+1."""
        m = _CELL.match(name) if isinstance(name, str) else None
        if m is None:
            raise self.fail(f"{_show(name)} is not a cell (cells are written R1C1)")
        r, c = int(m[1]), int(m[2])
        n = self.n
        lo, hi = (0, n + 1) if outside else (1, n)
        if not (lo <= r <= hi and lo <= c <= hi):
            raise self.fail(f"cell {name} is outside the {n}x{n} grid")
        return r, c

    def cell(self, name: Any) -> str:
        r, c = self.rc(name)
        return f"r{r}c{c}"

    def cells(self, raw: Any, *, what: str = "cells") -> list[str]:
        if not isinstance(raw, list):
            raise self.fail(f"'{what}' must be a list of cells, not {_show(raw)}")
        return [self.cell(x) for x in raw]

    def number(self, raw: Any, what: str, *, default: int | None = None) -> int | None:
        """A clue's number (f-puzzles writes them as text); ``default`` when empty."""
        if raw is None or (isinstance(raw, str) and not raw.strip()):
            return default
        if isinstance(raw, bool):
            raise self.fail(f"{what} {_show(raw)} is not a number")
        if isinstance(raw, int):
            return raw
        if isinstance(raw, str) and re.fullmatch(r"\s*\d+\s*", raw):
            return int(raw)
        raise self.fail(f"{what} {_show(raw)} is not a whole number")

    def entries(self, key: str) -> Iterator[Mapping[str, Any]]:
        raw = self.data.get(key)
        if not isinstance(raw, list):
            self.where = key
            raise self.fail(f"must be a list, not {type(raw).__name__}")
        for i, item in enumerate(raw, 1):
            self.where = f"{key} {i}"
            if not isinstance(item, Mapping):
                raise self.fail(f"must be an object, not {_show(item)}")
            yield item
        self.where = ""

    # -- the grid ---------------------------------------------------------------------

    def grid(self) -> tuple[str, list[list[str]] | None, list[dict[str, Any]]]:
        """(givens line, regions when they are not yass's boxes, candidates rules)."""
        n = self.n
        raw = self.data.get("grid")
        h, w = _FP_REGION_SHAPES[n]
        region = [[(r // h) * (n // w) + c // w for c in range(n)] for r in range(n)]
        givens = ["."] * (n * n)
        marks: list[dict[str, Any]] = []
        odd_even: dict[str, list[str]] = {"odd": [], "even": []}
        if raw is None and "grid" in self.data:
            raise ParseError(f"f-puzzles 'grid' must be {n} rows of {n} cells, not null")
        if raw is not None:
            if not isinstance(raw, list) or len(raw) != n or any(
                not isinstance(row, list) or len(row) != n for row in raw
            ):
                raise ParseError(f"f-puzzles 'grid' must be {n} rows of {n} cells")
            from yass.core.geometry import digit_char

            for r, row in enumerate(raw):
                for c, cell in enumerate(row):
                    self.where = f"grid r{r + 1}c{c + 1}"
                    if cell is None:
                        continue
                    if not isinstance(cell, Mapping):
                        raise self.fail(f"must be an object, not {_show(cell)}")
                    value = cell.get("value")
                    if value not in (None, 0, ""):
                        # A digit entered by a solver (not a given) is not kept, but one
                        # that is no digit is an error all the same, not an empty cell.
                        what = "given" if cell.get("given") else "value"
                        d = self.number(value, what)
                        if d is None or not 1 <= d <= n:
                            raise self.fail(f"{what} {_show(value)} is not a digit from 1 to {n}")
                        if cell.get("given"):
                            givens[r * n + c] = digit_char(d)
                    reg = cell.get("region")
                    if "region" in cell and reg in (None, -1):
                        region[r][c] = -1  # in no region (a Latin square has none)
                    elif reg is not None:
                        if isinstance(reg, bool) or not isinstance(reg, int) or not 0 <= reg < n:
                            raise self.fail(
                                f"region {_show(reg)} is not a number from 0 to {n - 1}"
                            )
                        region[r][c] = reg
                    pencil = cell.get("givenPencilMarks")
                    if pencil:
                        digits = self._digits(pencil, "givenPencilMarks")
                        marks.append(
                            {"type": "candidates", "cell": f"r{r + 1}c{c + 1}", "digits": digits}
                        )
                    parity = cell.get("parity")
                    if isinstance(parity, str) and parity.lower() in odd_even:
                        odd_even[parity.lower()].append(f"r{r + 1}c{c + 1}")
            self.where = ""
        self.parity = odd_even
        return "".join(givens), self._regions(region), marks

    def _digits(self, raw: Any, what: str) -> list[int]:
        if not isinstance(raw, list):
            raise self.fail(f"'{what}' must be a list of digits, not {_show(raw)}")
        out = []
        for x in raw:
            d = self.number(x, what)
            if d is None or not 1 <= d <= self.n:
                raise self.fail(f"{what} {_show(x)} is not a digit from 1 to {self.n}")
            out.append(d)
        return out

    def _regions(self, region: list[list[int]]) -> list[list[str]] | None:
        """The regions as yass writes them, or None when they are yass's own boxes (or
        when some cells are in no region: then ``unboxed`` holds a Latin square and an
        extra region for each region there is)."""
        n = self.n
        shape = box_shape(n)
        groups: dict[int, list[str]] = {}
        for r in range(n):
            for c in range(n):
                groups.setdefault(region[r][c], []).append(f"r{r + 1}c{c + 1}")
        if -1 in groups:
            del groups[-1]
            for k, cells in groups.items():
                if len(cells) != n:
                    raise ParseError(f"f-puzzles region {k + 1} has {len(cells)} cells, not {n}")
            self.unboxed = [{"type": "latin_square"}]
            self.unboxed += [{"type": "extra_region", "cells": groups[k]} for k in sorted(groups)]
            return None
        regions = [groups[k] for k in sorted(groups)]
        if shape is not None:
            bh, bw = shape
            boxes: dict[int, list[str]] = {}
            for r in range(n):
                for c in range(n):
                    boxes.setdefault((r // bh) * (n // bw) + c // bw, []).append(
                        f"r{r + 1}c{c + 1}"
                    )
            if sorted(map(sorted, boxes.values())) == sorted(map(sorted, regions)):
                return None
        for k, cells in groups.items():
            if len(cells) != n:
                raise ParseError(
                    f"f-puzzles region {k + 1} has {len(cells)} cells; each of the {n} regions"
                    f" of {n}x{n} grid needs {n}"
                )
        return regions

    # -- the rules ------------------------------------------------------------------

    def constraints(self) -> list[dict[str, Any]]:
        from yass.constraints import REGISTRY

        data = self.data
        out: list[dict[str, Any]] = []
        marks: dict[str, list[str]] = {t: [] for t in _MARK_TYPES.values()}
        for key, raw in data.items():
            if key in _COSMETIC or raw in (None, False, [], {}, ""):
                continue
            self.where = ""
            if key in _FLAG_TYPES:
                if raw is not True:
                    raise ParseError(f"f-puzzles '{key}' must be true or false, not {_show(raw)}")
                out.append(dict(_FLAG_TYPES[key]))
            elif key == "negative":
                out.extend(self._negative(raw))
            elif key in _LINE_TYPES:
                out.extend(self._lines(key))
            elif key in _MARK_TYPES:
                for item in self.entries(key):
                    marks[_MARK_TYPES[key]].append(self.cell(item.get("cell")))
            elif key in _OUTSIDE_TYPES:
                out.extend(self._outside(key))
            elif key in _INDEXERS and _INDEXERS[key] in REGISTRY:
                for item in self.entries(key):
                    out.append({"type": _INDEXERS[key], "cells": self.cells(item.get("cells"))})
            elif key == "arrow":
                for item in self.entries(key):
                    out.extend(self.arrow(item))
            elif key in _ENTRY_READERS:
                for item in self.entries(key):
                    rule = _ENTRY_READERS[key](self, item)
                    if rule is not None:
                        out.append(rule)
            else:
                raise ParseError(f"f-puzzles rule {_show(key)} is not supported")
        out.extend(self._root_cages())
        for kind in ("odd", "even"):
            marks[kind] += [c for c in self.parity[kind] if c not in marks[kind]]
        for kind, cells in marks.items():
            if cells:
                out.append({"type": kind, "cells": cells})
        self.where = ""
        return out

    def _root_cages(self) -> Iterator[dict[str, Any]]:
        """The drawn cages whose value is ``DR`` and a digit (SudokuPad's cages with a
        digital root): their sum has that digital root. Other drawn cages are cosmetic."""
        raw = self.data.get("cage")
        if not isinstance(raw, list):
            return
        for i, item in enumerate(raw, 1):
            value = item.get("value") if isinstance(item, Mapping) else None
            m = re.fullmatch(r"\s*DR\s*(\d+)\s*", value) if isinstance(value, str) else None
            if m is None or not isinstance(item, Mapping) or item.get("fromConstraint"):
                continue
            self.where = f"cage {i}"
            cells = self.cells(item.get("cells"))
            if cells:
                yield {"type": "multisum_killer", "cells": cells, "root": int(m[1])}
        self.where = ""

    def _negative(self, raw: Any) -> list[dict[str, Any]]:
        if not isinstance(raw, list):
            raise ParseError(f"f-puzzles 'negative' must be a list, not {_show(raw)}")
        out = []
        for item in raw:
            if not isinstance(item, str):
                raise ParseError(f"f-puzzles 'negative' holds {_show(item)}, not a rule name")
            if item == "ratio":
                dots = self.data.get("ratio")
                values = {self.number(d.get("value"), "ratio", default=2)
                          for d in (dots if isinstance(dots, list) else [])
                          if isinstance(d, Mapping)}
                if values - {2}:
                    raise ParseError(
                        "f-puzzles negative ratio rule with dots other than 1:2 is not supported"
                    )
                out.append({"type": "kropki_negative_black"})
            elif item == "xv":
                out.append({"type": "xv_negative"})
            else:
                raise ParseError(f"f-puzzles negative rule {_show(item)} is not supported")
        return out

    def _lines(self, key: str) -> Iterator[dict[str, Any]]:
        kind = _LINE_TYPES[key]
        for item in self.entries(key):
            lines = item.get("lines")
            if not isinstance(lines, list):
                raise self.fail(f"'lines' must be a list of lines, not {_show(lines)}")
            for line in lines:
                cells = self.cells(line, what="lines")
                if not cells:
                    continue
                rule: dict[str, Any] = {"type": kind, "cells": cells}
                if key in ("whispers", "lockout") and item.get("value") not in (None, ""):
                    rule["value"] = self.number(item.get("value"), f"{key} difference")
                yield rule

    def _outside(self, key: str) -> Iterator[dict[str, Any]]:
        kind, field = _OUTSIDE_TYPES[key]
        n = self.n
        for item in self.entries(key):
            value = self.number(item.get("value"), f"{key} clue")
            if value is None:
                continue  # a clue cell with no number draws nothing
            r, c = self.rc(item.get("cell"), outside=True)
            if r in (0, n + 1) and 1 <= c <= n:
                step = 1 if r == 0 else -1
                cells = [f"r{r + step * k}c{c}" for k in range(1, n + 1)]
            elif c in (0, n + 1) and 1 <= r <= n:
                step = 1 if c == 0 else -1
                cells = [f"r{r}c{c + step * k}" for k in range(1, n + 1)]
            else:
                raise self.fail(
                    f"clue cell {item.get('cell')} is not beside a row or column of the grid"
                )
            yield {"type": kind, "clue": f"r{r}c{c}", "cells": cells, field: value}

    def little_killer(self, item: Mapping[str, Any]) -> dict[str, Any] | None:
        value = self.number(item.get("value"), "little killer sum")
        if value is None or value == 0:
            return None  # an arrow with no sum draws nothing
        direction = item.get("direction")
        if not isinstance(direction, str) or direction not in _DIRECTIONS:
            raise self.fail(f"direction {_show(direction)} is not one of UL, UR, DL, DR")
        r, c = self.rc(item.get("cell"), outside=True)
        if 1 <= r <= self.n and 1 <= c <= self.n:
            raise self.fail(f"clue cell {item.get('cell')} is inside the grid")
        dr, dc = _DIRECTIONS[direction]
        cells = []
        r, c = r + dr, c + dc
        while 1 <= r <= self.n and 1 <= c <= self.n:
            cells.append(f"r{r}c{c}")
            r, c = r + dr, c + dc
        if not cells:
            raise self.fail(f"the {direction} diagonal from {item.get('cell')} misses the grid")
        clue = self.rc(item.get("cell"), outside=True)
        return {"type": "little_killer", "clue": f"r{clue[0]}c{clue[1]}", "direction": direction,
                "sum": value, "cells": cells}

    def killer(self, item: Mapping[str, Any]) -> dict[str, Any] | None:
        cells = self.cells(item.get("cells"))
        if not cells:
            return None
        return {"type": "killer", "cells": cells,
                "sum": self.number(item.get("value"), "cage sum")}

    def arrow(self, item: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
        circle = self.cells(item.get("cells"))
        lines = item.get("lines")
        if not isinstance(lines, list):
            raise self.fail(f"'lines' must be a list of lines, not {_show(lines)}")
        if not circle:
            raise self.fail("the arrow has no circle")
        for line in lines:
            cells = self.cells(line, what="lines")
            if cells and cells[0] in circle:  # each line is drawn from a cell of the circle
                cells = cells[1:]
            if cells:
                yield {"type": "arrow", "circle": circle, "line": cells}

    def pair(self, item: Mapping[str, Any], kind: str, default: int) -> dict[str, Any]:
        cells = self.cells(item.get("cells"))
        if len(cells) != 2:
            raise self.fail(f"a dot needs two cells, not {len(cells)}")
        value = self.number(item.get("value"), f"{kind} value", default=default)
        return {"type": kind, "cells": cells, "value": value}

    def xv(self, item: Mapping[str, Any]) -> dict[str, Any] | None:
        cells = self.cells(item.get("cells"))
        letter = item.get("value")
        if letter in (None, ""):
            return None
        sums = {"X": 10, "V": 5}
        if not isinstance(letter, str) or letter.upper() not in sums:
            raise self.fail(f"XV value {_show(letter)} is not X or V")
        if len(cells) != 2:
            raise self.fail(f"an XV mark needs two cells, not {len(cells)}")
        return {"type": "xv", "cells": cells, "sum": sums[letter.upper()]}

    def clone(self, item: Mapping[str, Any]) -> dict[str, Any] | None:
        cells = self.cells(item.get("cells"))
        clone = self.cells(item.get("cloneCells"), what="cloneCells")
        if len(cells) != len(clone):
            raise self.fail(f"{len(cells)} cells but {len(clone)} clone cells")
        return {"type": "clone", "cells": cells, "clone": clone} if cells else None

    def quadruple(self, item: Mapping[str, Any]) -> dict[str, Any] | None:
        cells = self.cells(item.get("cells"))
        digits = self._digits(item.get("values", []), "quadruple digit")
        if not digits:
            return None
        return {"type": "quadruple", "cells": cells, "digits": digits}

    def extra_region(self, item: Mapping[str, Any]) -> dict[str, Any] | None:
        cells = self.cells(item.get("cells"))
        return {"type": "extra_region", "cells": cells} if cells else None


_ENTRY_READERS: dict[str, Callable[[_Reader, Mapping[str, Any]], Any]] = {
    "killercage": _Reader.killer,
    "littlekillersum": _Reader.little_killer,
    "difference": lambda rd, item: rd.pair(item, "difference", 1),
    "ratio": lambda rd, item: rd.pair(item, "ratio", 2),
    "xv": _Reader.xv,
    "clone": _Reader.clone,
    "quadruple": _Reader.quadruple,
    "extraregion": _Reader.extra_region,
}


def fpuzzles_to_json(data: Mapping[str, Any]) -> dict[str, Any]:
    """The yass JSON object of an f-puzzles object. Raises ParseError, naming a rule yass
    cannot express or the entry that is malformed."""
    if not isinstance(data, Mapping):
        raise ParseError(f"an f-puzzles puzzle is a JSON object, not {type(data).__name__}")
    reader = _Reader(data)
    givens, regions, marks = reader.grid()
    rules: list[dict[str, Any]] = []
    if regions is not None:
        rules.append({"type": "regions", "regions": regions})
    rules += reader.unboxed
    rules += reader.constraints()
    rules += marks
    out: dict[str, Any] = {}
    for field, key in (("name", "title"), ("author", "author"), ("ruleset", "ruleset")):
        text = data.get(key)
        if isinstance(text, str) and text.strip():
            out[field] = text
    out.update(size=reader.n, givens=givens, constraints=rules)
    solution = data.get("solution")
    n = reader.n
    if (
        isinstance(solution, list)
        and len(solution) == n * n
        and all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= n for d in solution)
    ):
        from yass.core.geometry import digit_char

        out["solution"] = "".join(digit_char(d) for d in solution)
    return out


# -- yass JSON -> f-puzzles JSON --------------------------------------------------------------


class _Writer:
    """The f-puzzles object of one yass JSON object (read checks cell names and sizes)."""

    def __init__(self, obj: Mapping[str, Any]) -> None:
        from yass.formats.variant_json import _size

        self.obj = obj
        self.n = _size(obj)
        self.where = ""

    def fail(self, message: str) -> ParseError:
        return ParseError(f"{self.where}: {message}" if self.where else message)

    def rc(self, name: Any, *, outside: bool = False) -> tuple[int, int]:
        m = re.fullmatch(r"[rR](\d+)[cC](\d+)", name) if isinstance(name, str) else None
        if m is None:
            raise self.fail(f"{_show(name)} is not a cell (cells are written r1c1)")
        r, c = int(m[1]), int(m[2])
        lo, hi = (0, self.n + 1) if outside else (1, self.n)
        if not (lo <= r <= hi and lo <= c <= hi):
            raise self.fail(f"cell {name} is outside the {self.n}x{self.n} grid")
        return r, c

    def name(self, cell: Any, *, outside: bool = False) -> str:
        r, c = self.rc(cell, outside=outside)
        return f"R{r}C{c}"

    def names(self, rule: Mapping[str, Any], key: str = "cells") -> list[str]:
        raw = rule.get(key)
        if not isinstance(raw, list):
            raise self.fail(f"{_show(key)} must be a list of cells, not {_show(raw)}")
        return [self.name(x) for x in raw]

    def write(self, solution: Sequence[int] | None = None) -> dict[str, Any]:
        from yass.formats.variant_json import _cells_field

        obj, n = self.obj, self.n
        givens = _cells_field(obj, "givens", n)
        out: dict[str, Any] = {"size": n}
        for key, field in (("title", "name"), ("author", "author"), ("ruleset", "ruleset")):
            text = obj.get(field)
            if isinstance(text, str) and text:
                out[key] = text
        grid: list[list[dict[str, Any]]] = [[{} for _ in range(n)] for _ in range(n)]
        for i, d in enumerate(givens):
            if d:
                grid[i // n][i % n].update(value=d, given=True)
            elif solution is not None and solution[i]:
                grid[i // n][i % n]["value"] = solution[i]
        out["grid"] = grid
        rules = obj.get("constraints") or []
        if not isinstance(rules, list):
            raise ParseError(f"'constraints' must be a list, not {type(rules).__name__}")
        negative: list[str] = []
        for i, rule in enumerate(rules, 1):
            kind = rule.get("type") if isinstance(rule, Mapping) else None
            self.where = f"constraint {i} ({kind})" if kind else f"constraint {i}"
            if not isinstance(rule, Mapping) or not isinstance(kind, str):
                raise self.fail('a constraint is an object with a "type"')
            self.rule(kind, rule, out, grid, negative)
        self.where = ""
        if negative:
            out["negative"] = negative
        _add_drawings(out)
        if solution is not None and all(solution):
            out["solution"] = list(solution)
        elif obj.get("solution") is not None:  # the published solution: f-puzzles checks it
            from yass.formats.variant_json import solution_from_json

            known = solution_from_json(obj, n)
            if known is not None and all(known):
                out["solution"] = list(known)
        return out

    def number(self, rule: Mapping[str, Any], key: str, *, required: bool = False) -> int | None:
        """A whole-number field of a rule (None when absent, unless ``required``)."""
        value = rule.get(key)
        if value is None and not required:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(f"{key!r} must be a whole number, not {_show(value)}")
        return value

    def digits(self, rule: Mapping[str, Any]) -> list[int]:
        """The ``digits`` of a rule, a list of digits or a string of them."""
        from yass.core.geometry import char_digit

        raw = rule.get("digits")
        digits = [char_digit(ch) for ch in raw] if isinstance(raw, str) else raw
        if not isinstance(digits, list) or not all(
            isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= self.n for d in digits
        ):
            raise self.fail(f"'digits' must be digits from 1 to {self.n}, not {_show(raw)}")
        return digits

    def add(self, out: dict[str, Any], key: str, entry: Any) -> None:
        out.setdefault(key, []).append(entry)

    def rule(
        self,
        kind: str,
        rule: Mapping[str, Any],
        out: dict[str, Any],
        grid: list[list[dict[str, Any]]],
        negative: list[str],
    ) -> None:
        direction = rule.get("direction", "main") if kind == "diagonal" else None
        flag = next((k for k, v in _FLAG_TYPES.items()
                     if v["type"] == kind and v.get("direction") == direction), None)
        lines = {v: k for k, v in _LINE_TYPES.items() if k != "regionSumLine"}
        if flag is not None:
            out[flag] = True
        elif kind == "kropki_negative_black":
            negative.append("ratio")
        elif kind == "xv_negative":
            negative.append("xv")
        elif kind in lines:
            entry: dict[str, Any] = {"lines": [self.names(rule)]}
            value = self.number(rule, "value") if kind in ("whispers", "lockout_line") else None
            plain = (self.n + 1) // 2 if kind == "whispers" else self.n // 2
            if value and value != plain:
                entry["value"] = str(value)
            self.add(out, lines[kind], entry)
        elif kind in _MARK_TYPES:
            for cell in self.names(rule):
                self.add(out, kind, {"cell": cell})
        elif kind == "regions":
            regions = rule.get("regions")
            if not isinstance(regions, list):
                raise self.fail(f"'regions' must be a list of regions, not {_show(regions)}")
            for k, region in enumerate(regions):
                if not isinstance(region, list):
                    raise self.fail(f"region {k + 1} must be a list of cells")
                for cell in region:
                    r, c = self.rc(cell)
                    grid[r - 1][c - 1]["region"] = k
        elif kind == "extra_region":
            self.add(out, "extraregion", {"cells": self.names(rule)})
        elif kind == "killer":
            entry = {"cells": self.names(rule)}
            total = self.number(rule, "sum")
            if total is not None:
                entry["value"] = str(total)
            self.add(out, "killercage", entry)
        elif kind == "arrow":
            circle = self.names(rule, "circle")
            line = self.names(rule, "line")
            if not circle or not line:
                raise self.fail("an arrow needs a circle and a line")
            # draw the line from the circle cell nearest its first cell
            r0, c0 = self.rc(line[0].lower())
            start = min(circle, key=lambda x: max(abs(self.rc(x.lower())[0] - r0),
                                                  abs(self.rc(x.lower())[1] - c0)))
            self.add(out, "arrow", {"lines": [[start, *line]], "cells": circle})
        elif kind in ("difference", "ratio"):
            entry = {"cells": self.names(rule)}
            value = self.number(rule, "value")
            if value is not None and value != (1 if kind == "difference" else 2):
                entry["value"] = str(value)
            self.add(out, kind, entry)
        elif kind == "xv":
            total = self.number(rule, "sum")
            if total not in (5, 10):
                raise self.fail(f"f-puzzles has X (10) and V (5) marks only, not {total}")
            self.add(out, "xv", {"cells": self.names(rule), "value": "X" if total == 10 else "V"})
        elif kind == "clone":
            self.add(
                out, "clone", {"cells": self.names(rule), "cloneCells": self.names(rule, "clone")}
            )
        elif kind == "quadruple":
            self.add(out, "quadruple", {"cells": self.names(rule), "values": self.digits(rule)})
        elif kind == "candidates":
            r, c = self.rc(rule.get("cell"))
            grid[r - 1][c - 1]["givenPencilMarks"] = self.digits(rule)
        elif kind == "little_killer":
            self.add(out, "littlekillersum", self.little_killer(rule))
        elif kind in ("sandwich", "xsum", "skyscraper", "numbered_room"):
            key = {v[0]: k for k, v in _OUTSIDE_TYPES.items()}[kind]
            field = _OUTSIDE_TYPES[key][1]
            self.add(out, key, {"cell": self.name(rule.get("clue"), outside=True),
                                "value": str(self.number(rule, field, required=True))})
        elif kind == "column_indexer":
            self.add(out, "columnindexer", {"cells": self.names(rule)})
        elif kind in ("row_indexer", "box_indexer"):
            self.add(out, kind.replace("_", ""), {"cells": self.names(rule)})
        elif kind == "multisum_killer" and self.number(rule, "root") is not None:
            # SudokuPad's digital-root cage, a drawn cage whose value is DR and the root
            self.add(out, "cage", {"cells": self.names(rule), "value": f"DR{rule['root']}",
                                   "outlineC": "#000000", "fontC": "#000000"})
        elif kind == "latin_square":
            for grid_row in grid:
                for entry_cell in grid_row:
                    entry_cell["region"] = None  # a cell in no region: no boxes
        else:
            raise self.fail(f"rule {_show(kind)} has no f-puzzles form")

    def little_killer(self, rule: Mapping[str, Any]) -> dict[str, Any]:
        """The f-puzzles clue of a little killer; without ``clue`` and ``direction`` they
        come from its cells (the clue sits just before the first one)."""
        cells = [self.rc(x) for x in rule["cells"]] if isinstance(rule.get("cells"), list) else []
        direction = rule.get("direction")
        clue = rule.get("clue")
        if direction is None and len(cells) >= 2:
            step = (cells[1][0] - cells[0][0], cells[1][1] - cells[0][1])
            direction = next((k for k, v in _DIRECTIONS.items() if v == step), None)
        if not isinstance(direction, str) or direction not in _DIRECTIONS:
            raise self.fail(f"direction {_show(direction)} is not one of UL, UR, DL, DR")
        dr, dc = _DIRECTIONS[direction]
        if clue is None and cells:
            clue = f"r{cells[0][0] - dr}c{cells[0][1] - dc}"
        r, c = self.rc(clue, outside=True)
        n = self.n
        if 1 <= r <= n and 1 <= c <= n:
            raise self.fail(f"the clue {clue} is inside the grid")
        diagonal = []
        r, c = r + dr, c + dc
        while 1 <= r <= n and 1 <= c <= n:
            diagonal.append((r, c))
            r, c = r + dr, c + dc
        if cells and cells != diagonal:
            raise self.fail(f"its cells do not run {direction} from the clue {clue}")
        return {"cell": self.name(clue, outside=True), "cells": [f"R{a}C{b}" for a, b in diagonal],
                "direction": direction, "value": str(self.number(rule, "sum", required=True))}


#: How the rules f-puzzles does not draw itself are drawn (the colours and widths its
#: new-constraints plugin uses), so a link shows them on f-puzzles and SudokuPad too. Each
#: drawing is marked ``fromConstraint``; readers (yass too) skip such drawings.
_LINE_LOOKS = {
    "renban": ("Renban", "#F067F0", 0.4),
    "whispers": ("Whispers", "#67F067", 0.3),
    "entropicline": ("Entropic Line", "#FFCCAA", 0.25),
    "regionsumline": ("Region Sum Line", "#2ECBFF", 0.25),
    "zipperline": ("Zipper Line", "#CDB1EC", 0.15625),
    "modularline": ("Modular Line", "#5FB8A8", 0.25),
    "slowthermometer": ("Slow Thermometer", "#6495ED", 0.3),
    "nabner": ("Nabner", "#C8A040", 0.3),
    "doublearrow": ("Double Arrow", "#C54B8B", 0.15),
    "lockout": ("Lockout", "#006CBA", 0.2),
}
_CAGE_LOOKS = {
    "rowindexer": ("Row Indexer", "#7CC77C"),
    "columnindexer": ("Column Indexer", "#C77C7C"),
    "boxindexer": ("Box Indexer", "#7C7CC7"),
}
_CLUE_LOOKS = {"xsum": ("X Sum", "\u25ef"), "skyscraper": ("Skyscraper", "\u25af"),
               "numberedroom": ("Numbered Room", "")}


def _add_drawings(out: dict[str, Any]) -> None:
    """Add to ``out`` the drawings of its rules that f-puzzles does not draw itself."""
    for key, (name, colour, width) in _LINE_LOOKS.items():
        for entry in out.get(key, []):
            out.setdefault("line", []).append(
                {"lines": entry["lines"], "outlineC": colour, "width": width,
                 "fromConstraint": name}
            )
            if key == "slowthermometer":  # its bulb
                out.setdefault("circle", []).append(
                    {"cells": entry["lines"][0][:1], "baseC": colour, "outlineC": colour,
                     "fontC": "#000000", "width": 0.8, "height": 0.8, "fromConstraint": name}
                )
            elif key in ("doublearrow", "lockout"):  # its ends: circles, or diamonds
                line = entry["lines"][0]
                for end in (line[0], line[-1]):
                    shape = "rectangle" if key == "lockout" else "circle"
                    out.setdefault(shape, []).append(
                        {"cells": [end], "baseC": "#FFFFFF", "outlineC": colour,
                         "fontC": "#000000", "width": 0.6, "height": 0.6, "angle": 45,
                         "fromConstraint": name} if key == "lockout" else
                        {"cells": [end], "baseC": "#FFFFFF", "outlineC": colour,
                         "fontC": "#000000", "width": 0.8, "height": 0.8, "fromConstraint": name}
                    )
    for key, (name, colour) in _CAGE_LOOKS.items():
        if out.get(key):
            out.setdefault("cage", []).append(
                {"cells": [c for entry in out[key] for c in entry["cells"]], "outlineC": colour,
                 "fontC": "#000000", "fromConstraint": name}
            )
    for key, (name, symbol) in _CLUE_LOOKS.items():
        for entry in out.get(key, []):
            if symbol:
                out.setdefault("text", []).append(
                    {"cells": [entry["cell"]], "value": symbol, "fontC": "#000000", "size": 1.2,
                     "fromConstraint": name})
            out.setdefault("text", []).append(
                {"cells": [entry["cell"]], "value": entry["value"], "fontC": "#000000",
                 "size": 0.7, "fromConstraint": name})


def json_to_fpuzzles(
    obj: Mapping[str, Any], solution: Sequence[int] | None = None
) -> dict[str, Any]:
    """The f-puzzles object of a yass JSON object; with ``solution`` its cells are filled in
    (as a solver's digits, the givens staying givens). Raises ParseError."""
    if not isinstance(obj, Mapping):
        raise ParseError(f"a puzzle must be a JSON object, not {type(obj).__name__}")
    return _Writer(obj).write(solution)


# -- links ---------------------------------------------------------------------------------


def read_link(text: str) -> dict[str, Any]:
    """The yass JSON object of an f-puzzles or SudokuPad link, or a bare payload (an
    f-puzzles one, or SudokuPad's own ``scl``/``ctc``)."""
    payload = link_payload(text)
    if payload[:3] in ("scl", "ctc"):
        from yass.formats.exchange import decode_sudokupad

        return decode_sudokupad(payload)
    return fpuzzles_to_json(decode_payload(payload))


def to_link(obj: Mapping[str, Any], *, sudokupad: bool = False,
            solution: Sequence[int] | None = None) -> str:
    """The f-puzzles link (or SudokuPad link) of a yass JSON object."""
    payload = encode_payload(json_to_fpuzzles(obj, solution))
    return (SUDOKUPAD_PREFIX if sudokupad else FPUZZLES_PREFIX) + payload


def solution_link(puzzle: Puzzle, solution: Sequence[int]) -> str:
    """An f-puzzles link of ``puzzle`` with ``solution`` filled in, to open and check."""
    from yass.formats.variant_json import puzzle_to_json

    return to_link(puzzle_to_json(puzzle), solution=solution)


def puzzle_from_link(
    text: str,
    *,
    size: int | None = None,
    constraints: Sequence[Constraint] = (),
    rules: str = "",
    name: str = "",
    check: bool = True,
) -> Puzzle:
    """The Puzzle of a link or payload (see ``parse_puzzle`` for the arguments)."""
    return _puzzle(read_link(text), size, constraints, rules, name, check)


def _puzzle(
    obj: dict[str, Any],
    size: int | None,
    constraints: Sequence[Constraint],
    rules: str,
    name: str,
    check: bool,
) -> Puzzle:
    from yass.formats.variant_json import puzzle_from_json

    if size is not None and obj["size"] != size:
        n = obj["size"]
        raise ParseError(f"the f-puzzles puzzle is {n}x{n}, not {size}x{size}")
    if name:
        obj["name"] = name
    return puzzle_from_json(obj, rules=rules, constraints=constraints, check=check)


def entry_from_link(
    text: str,
    source: str = "",
    line: int = 0,
    index: int = 1,
    *,
    size: int | None = None,
    constraints: Sequence[Constraint] = (),
    rules: str = "",
    check: bool = True,
) -> Entry:
    """The Entry of a link read from ``source`` (with the published solution it carries),
    or of the error that stops it."""
    from yass.core.geometry import PuzzleError
    from yass.formats.base import Entry

    try:
        obj = read_link(text)
        puzzle = _puzzle(obj, size, constraints, rules, "", check)
        solution = None
        if "solution" in obj:
            from yass.formats.variant_json import solution_from_json

            solution = solution_from_json(obj, puzzle.size)
    except PuzzleError as exc:
        return Entry(source, line, index, error=exc)
    return Entry(source, line, index, puzzle, solution=solution)
