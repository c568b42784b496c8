"""Reading and writing puzzles: text lines, picture grids and yass's JSON format.

* ``parse_puzzle(text)``: one puzzle from a line or a picture;
* ``read_puzzles(path_or_stream)``: every puzzle of a file (text or JSON), streamed as
  ``Entry`` objects, each holding a Puzzle or the error of that puzzle;
* ``puzzle_from_json`` / ``puzzle_to_json``: the JSON format of variant puzzles.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from yass.constraints.base import Constraint
from yass.formats.text import (
    Entry,
    ParseError,
    Source,
    entries_from_lines,
    make_layout,
    parse_puzzle,
    read_text_puzzles,
    source_lines,
)
from yass.formats.variant_json import (
    puzzle_from_json,
    puzzle_to_json,
    read_json_text,
    solution_from_json,
)

__all__ = [
    "Entry",
    "ParseError",
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
) -> Iterator[Entry]:
    """Every puzzle of a file, ``-`` (standard input) or a text stream, in order.

    A name ending in ``.json``, or text starting with ``{`` or ``[``, is read as JSON (one
    puzzle object or a list); anything else as text (one puzzle a line, or picture grids),
    streamed line by line. Each puzzle gives an Entry holding it or its error; ``rules``
    and ``constraints`` are added to every puzzle. Raises ParseError when the source
    cannot be read at all (missing file, malformed JSON).
    """
    with source_lines(source) as (name, lines):
        head: list[tuple[int, str]] = []
        for numbered in lines:
            head.append(numbered)
            text = numbered[1].strip()
            if text and not text.startswith("#"):
                break
        first = next((t.strip() for _, t in reversed(head) if t.strip()), "")
        if name.lower().endswith(".json") or first.startswith(("{", "[")):
            text = "\n".join(t for _, t in itertools.chain(head, lines))
            yield from read_json_text(
                text, name, rules=rules, constraints=constraints, check=check
            )
        else:
            yield from entries_from_lines(
                itertools.chain(head, lines),
                name,
                size=size,
                constraints=constraints,
                rules=rules,
                check=check,
            )
