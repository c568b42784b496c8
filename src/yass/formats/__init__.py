"""Reading and writing puzzles: text lines, picture grids and yass's JSON format.

* ``parse_puzzle(text)``: one puzzle from a line or a picture;
* ``read_puzzles(path_or_stream)``: every puzzle of a file (text or JSON), streamed as
  ``Entry`` objects, each holding a Puzzle or the error of that puzzle;
* ``puzzle_from_json`` / ``puzzle_to_json``: the JSON format of variant puzzles;
* f-puzzles and SudokuPad links are read wherever a puzzle is (``yass.formats.fpuzzles``);
* ``clear_caches()``: forget the layouts made so far (the next puzzle is read afresh).
"""

from __future__ import annotations

import itertools
import os

from yass.constraints.base import Constraint
from yass.formats.base import clear_caches
from yass.formats.text import (
    Entry,
    LongLine,
    ParseError,
    entries_from_lines,
    is_section,
    looks_like_link,
    make_layout,
    numbered_lines,
    open_source,
    parse_puzzle,
    read_text_puzzles,
)

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence
    from typing import IO, Any

    from yass.formats.text import Source
    from yass.formats.variant_json import (
        puzzle_from_json,
        puzzle_to_json,
        read_json_text,
        solution_from_json,
    )

_JSON_NAMES = ("puzzle_from_json", "puzzle_to_json", "read_json_text", "solution_from_json")


def __getattr__(name: str) -> Any:
    """The JSON functions, imported on first use (a text puzzle needs no JSON)."""
    if name in _JSON_NAMES:
        from yass.formats import variant_json

        return getattr(variant_json, name)
    raise AttributeError(f"module 'yass.formats' has no attribute {name!r}")

__all__ = [
    "Entry",
    "ParseError",
    "clear_caches",
    "make_layout",
    "parse_puzzle",
    "puzzle_from_json",
    "puzzle_to_json",
    "read_json_text",
    "read_puzzles",
    "read_text_puzzles",
    "solution_from_json",
]


def read_puzzles(
    source: Source,
    *,
    size: int | None = None,
    constraints: Sequence[Constraint] = (),
    rules: str = "",
    check: bool = True,
    column: str | None = None,
) -> Iterator[Entry]:
    """Every puzzle of a file, ``-`` (standard input) or a text stream, in order.

    A name ending in ``.json``, or text starting with ``{`` or ``[``, is read as JSON (one
    puzzle object or a list); anything else as text (one puzzle a line, or picture grids,
    or f-puzzles and SudokuPad links), streamed line by line. ``source`` may also be one
    such link itself. Each puzzle gives an Entry holding it or its error; ``rules``
    and ``constraints`` are added to every puzzle; ``column`` picks the column of CSV or
    TSV rows that holds the puzzle (a number from 1, or a name in the header row).
    Raises ParseError when the source cannot be read at all (missing file, malformed JSON).
    """
    if (
        isinstance(source, str)
        and source != "-"
        and looks_like_link(source)
        and not os.path.exists(source)
    ):  # a link given in place of a file
        from yass.formats.fpuzzles import entry_from_link

        yield entry_from_link(source, size=size, constraints=constraints, rules=rules,
                              check=check)
        return
    name, stream, opened = open_source(source)
    try:
        lines = numbered_lines(name, stream)
        head: list[tuple[int, str]] = []
        for numbered in lines:
            head.append(numbered)
            text = numbered[1].strip()
            if text and not text.startswith("#"):
                break
        first = next((t.strip() for _, t in reversed(head) if t.strip()), "")
        if name.lower().endswith(".json") or (
            first.startswith(("{", "[")) and not is_section(first)
        ):
            from yass.formats.variant_json import read_json_text

            yield from read_json_text(
                _json_text(head, stream, name), name, rules=rules, constraints=constraints,
                check=check,
            )
        else:
            yield from entries_from_lines(
                itertools.chain(head, lines),
                name,
                size=size,
                constraints=constraints,
                rules=rules,
                check=check,
                column=column,
            )
    finally:
        if opened:
            stream.close()


#: The most characters of JSON read from one source (a JSON document is read whole).
MAX_JSON = 64 << 20


def _json_text(head: list[tuple[int, str]], stream: IO[str], name: str) -> str:
    """The whole JSON text: the lines read so far, then the rest of ``stream``.

    Raises ParseError when it is longer than ``MAX_JSON`` characters.
    """
    parts = [t for _, t in head]
    text = "\n".join(parts)
    if head and not isinstance(head[-1][1], LongLine):
        text += "\n"
    try:
        rest = stream.read(MAX_JSON + 1 - len(text))
    except UnicodeDecodeError:
        raise ParseError(f"{name or 'input'}: not UTF-8 text") from None
    except OSError as exc:
        raise ParseError(f"cannot read {name or 'input'}: {exc.strerror or exc}") from None
    if len(text) + len(rest) > MAX_JSON:
        raise ParseError(
            f"{name or 'input'}: JSON longer than {MAX_JSON >> 20} MB; split it into smaller files"
        )
    return text + rest
