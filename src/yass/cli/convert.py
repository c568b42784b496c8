"""`yass convert`: a puzzle from one format to another (f-puzzles and SudokuPad links,
yass's JSON, a line of givens), and the f-puzzles link of a solution for `yass solve`.

The conversion works on the JSON form of a puzzle, so it keeps rules whose solving
yass does not implement yet; a puzzle whose rules yass knows is also checked (cells on
the grid, givens that break no rule) before it is written.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Iterator, Mapping, Sequence

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from typing import Any

    from yass.core.board import Puzzle

__all__ = ["add_parser", "run", "solution_text"]

FORMATS = ("fpuzzles", "sudokupad", "json", "line", "hodoku", "sdk", "sdx", "ss", "scl", "ctc")


def add_parser(command: Callable[..., argparse.ArgumentParser]) -> None:
    """Declare `convert` with the parser's ``command`` helper."""
    from yass.cli.common import column_argument

    p = command(
        "convert",
        help="convert puzzles: f-puzzles and SudokuPad links, JSON, lines",
        puzzles=False,
        description="Write each PUZZLE in another format. PUZZLE is anything yass reads: a"
        " puzzle line or picture, a file (lines, pictures, JSON, or f-puzzles/SudokuPad links"
        " one a line), an f-puzzles link (https://www.f-puzzles.com/?load=...), a SudokuPad"
        " link to an f-puzzles puzzle (https://sudokupad.app/fpuzzles...), or a bare f-puzzles"
        " payload (N4Ig...). fpuzzles: an f-puzzles link per puzzle; sudokupad: a SudokuPad"
        " link; json: yass's JSON (one object, or a list of them for several puzzles); line:"
        " the givens as one line (the rules are left out, with a warning); hodoku: a HoDoKu"
        " library line (:0000:x:...); sdk, sdx, ss: SadMan and SimpleSudoku files (sdx and"
        " hodoku keep pencil marks); scl, ctc: SudokuPad links in SudokuPad's own format"
        " (givens, regions, killer cages). A rule f-puzzles"
        " cannot express, or an f-puzzles rule yass cannot, is refused with one line naming"
        " it (exit code 2).",
    )
    p.add_argument("puzzle", metavar="PUZZLE", nargs="*",
                   help="puzzles, files or links to convert (standard input when left out"
                   " and it is not a terminal)")
    column_argument(p)
    p.add_argument("--to", choices=FORMATS, default="fpuzzles",
                   help="the format to write (default fpuzzles)")
    p.add_argument("--rules", default="", metavar="NAMES",
                   help="extra rules for every puzzle, comma-separated (e.g. antiknight);"
                   " `yass rules` lists them")


# -- reading -------------------------------------------------------------------------------


def _from_puzzle(puzzle: Puzzle, solution: Sequence[int] | None = None) -> dict[str, Any]:
    from yass.formats.variant_json import puzzle_to_json

    return puzzle_to_json(puzzle, solution)


def _from_item(item: Any) -> dict[str, Any]:
    """A yass JSON object from a JSON item: yass's own, or an f-puzzles object."""
    from yass.formats.fpuzzles import fpuzzles_to_json
    from yass.formats.text import ParseError

    if not isinstance(item, Mapping):
        raise ParseError(f"a puzzle must be a JSON object, not {type(item).__name__}")
    if "grid" in item and "givens" not in item:
        return fpuzzles_to_json(item)
    return dict(item)


def _objects(
    arg: str, column: str | None = None
) -> Iterator[tuple[str, dict[str, Any] | Exception]]:
    """(label, yass JSON object or the error that stopped it) of each puzzle of PUZZLE."""
    from yass.cli.common import is_source
    from yass.core.geometry import PuzzleError
    from yass.formats.fpuzzles import read_link
    from yass.formats.text import looks_like_link, parse_puzzle
    from yass.formats.variant_json import loads

    text = arg.strip()
    inline_json = text.startswith("{") and not os.path.exists(arg)
    if inline_json or not is_source(arg):
        try:
            if looks_like_link(text):
                yield "", read_link(text)
            elif inline_json:
                yield "", _from_item(loads(text))
            else:
                yield "", _from_puzzle(parse_puzzle(arg))
        except PuzzleError as exc:
            yield "", exc
        return
    yield from _file_objects(arg, column)


def _file_objects(
    arg: str, column: str | None = None
) -> Iterator[tuple[str, dict[str, Any] | Exception]]:
    """(label, object or error) of each puzzle of a file or ``-``, read as the other
    commands read one: a line at a time, none held whole past ``MAX_LINE`` characters,
    so memory stays flat whatever the input (JSON, one document, is read whole).
    ``column`` picks the CSV/TSV column holding the puzzle."""
    from yass.core.geometry import PuzzleError
    from yass.engine import batch
    from yass.formats import read_puzzles
    from yass.formats.base import too_long
    from yass.formats.fpuzzles import read_link
    from yass.formats.text import (
        LongLine,
        is_section,
        numbered_lines,
        parse_puzzle,
        printable,
    )
    from yass.formats.variant_json import loads

    try:
        opened = batch.open_input(arg)
        source = opened.__enter__()
    except PuzzleError as exc:  # no such file, a directory...
        yield "", exc
        return
    try:
        where = printable(source.name)
        first = source.first
        if source.name.lower().endswith(".json") or (
            first.startswith(("{", "[")) and not is_section(first)
        ):
            try:
                data = loads(source.text().read(), where)
            except (PuzzleError, UnicodeDecodeError, OSError) as exc:
                yield where, _unreadable(exc, where)
                return
            items = data if isinstance(data, list) else [data]
            for i, item in enumerate(items, 1):
                label = f"{where} puzzle {i}" if len(items) > 1 else where
                try:
                    yield label, _from_item(item)
                except PuzzleError as exc:
                    yield label, exc
        elif first and _link(first):  # links, one a line (plain puzzle lines may be mixed in)
            lines = numbered_lines(where, source.text())
            while True:
                try:
                    n, line = next(lines)
                except StopIteration:
                    return
                except PuzzleError as exc:  # not UTF-8, or the file cannot be read
                    yield where, exc
                    return
                text = line.strip()
                if not text or text.startswith("#"):
                    continue
                label = f"{where} line {n}"
                try:
                    if isinstance(line, LongLine):
                        raise PuzzleError(too_long())
                    yield label, read_link(text) if _link(text) else _from_puzzle(
                        parse_puzzle(text)
                    )
                except PuzzleError as exc:
                    yield label, exc
        else:
            try:
                for entry in read_puzzles(source.text(), column=column):
                    label = " ".join(p for p in (where, entry.label or f"line {entry.line}") if p)
                    if entry.puzzle is None:
                        yield label, entry.error or PuzzleError("not a puzzle")
                    else:
                        yield label, _from_puzzle(entry.puzzle, entry.solution)
            except (UnicodeDecodeError, OSError) as exc:
                yield where, _unreadable(exc, where)
    finally:
        opened.__exit__(None, None, None)


def _unreadable(exc: Exception, where: str) -> Exception:
    """A read that failed (not UTF-8, an I/O error) as the error of its file."""
    from yass.formats.text import ParseError

    if isinstance(exc, UnicodeDecodeError):
        return ParseError(f"{where}: not UTF-8 text")
    if isinstance(exc, OSError):
        return ParseError(f"cannot read {where}: {exc.strerror or exc}")
    return exc


def _link(line: str) -> bool:
    from yass.formats.text import looks_like_link

    return looks_like_link(line)


# -- writing -------------------------------------------------------------------------------


def _with_rules(obj: dict[str, Any], rules: str) -> dict[str, Any]:
    """``obj`` with the ``--rules`` constraints added."""
    if not rules:
        return obj
    from yass.constraints import rules_from_names
    from yass.core.geometry import Grid, box_shape
    from yass.formats.variant_json import _size

    n = _size(obj)
    shape = box_shape(n) or (0, 0)
    grid = Grid(n, shape[0], shape[1])
    extra = [c.to_json(grid) for c in rules_from_names(rules, grid)]
    return {**obj, "constraints": [*(obj.get("constraints") or []), *extra]}


def _checked(obj: dict[str, Any]) -> None:
    """Raise the error of a puzzle yass can build (its rule types are all implemented)."""
    from yass.constraints import REGISTRY
    from yass.formats.variant_json import check_solution, puzzle_from_json, solution_from_json

    rules = obj.get("constraints") or []
    kinds = {r.get("type") for r in rules if isinstance(r, Mapping)} if isinstance(
        rules, list
    ) else set()
    if all(isinstance(k, str) and k in REGISTRY for k in kinds):
        puzzle = puzzle_from_json(obj)
        check_solution(puzzle, solution_from_json(obj, puzzle.size))


def _written(obj: dict[str, Any], fmt: str) -> str:
    from yass.formats.exchange import WRITERS
    from yass.formats.fpuzzles import to_link

    if fmt in WRITERS:
        from yass.formats.exchange import write

        return write(obj, fmt)
    if fmt in ("fpuzzles", "sudokupad"):
        return to_link(obj, sudokupad=fmt == "sudokupad")
    if fmt == "line":
        from yass.formats.variant_json import _cells_field, _size

        n = _size(obj)
        from yass.engine.batch import as_line

        return as_line(_cells_field(obj, "givens", n))
    import json

    return json.dumps(obj, ensure_ascii=False)


def run(args: argparse.Namespace, out: Callable[[str], None],
        err: Callable[[str, str], None]) -> int:
    from yass.constraints import rules_from_names
    from yass.core.geometry import Grid, PuzzleError
    from yass.engine.batch import EXIT_BAD_INPUT, EXIT_OK

    code = EXIT_OK
    if args.rules:
        try:
            rules_from_names(args.rules, Grid(9, 3, 3))  # unknown names fail once, up front
        except PuzzleError as exc:
            err("error", str(exc))
            return EXIT_BAD_INPUT
    fmt = args.to
    json_items: list[str] = []
    count = 0
    for arg in args.puzzle:
        for label, got in _objects(arg, args.column):
            count += 1
            where = f"{label}: " if label else ""
            if isinstance(got, Exception):
                err("error", f"{where}{got}")
                code = EXIT_BAD_INPUT
                continue
            try:
                obj = _with_rules(got, args.rules)
                _checked(obj)
                text = _written(obj, fmt)
            except PuzzleError as exc:
                err("error", f"{where}{exc}")
                code = EXIT_BAD_INPUT
                continue
            if fmt == "json":
                json_items.append(text)
                continue
            if fmt in ("fpuzzles", "sudokupad"):
                from yass.formats.fpuzzles import UNSHOWN_TYPES

                for kind in sorted({r.get("type") for r in obj.get("constraints") or []}
                                   & set(UNSHOWN_TYPES)):
                    err("warning", f"{where}f-puzzles has no {kind} rule: the link keeps it"
                        " for yass, but f-puzzles and SudokuPad will not draw or check it")
            if fmt == "line" and obj.get("constraints"):
                k = len(obj["constraints"])
                err("warning", f"{where}a line holds only the givens; {k} rule"
                    f"{'s' if k != 1 else ''} left out (--to json or fpuzzles keeps them)")
            out(text)
    if json_items:
        out(json_items[0] if len(json_items) == 1 else "[\n" + ",\n".join(json_items) + "\n]")
    if count == 0:
        err("error", "no puzzle to convert")
        return EXIT_BAD_INPUT
    return code


def solution_text(puzzle: Puzzle, solution: Sequence[int]) -> str:
    """The f-puzzles link of ``puzzle`` with ``solution`` filled in (`solve --format
    fpuzzles`): the givens stay givens, the other digits are entered as a solver's."""
    from yass.formats.fpuzzles import solution_link

    return solution_link(puzzle, solution)
