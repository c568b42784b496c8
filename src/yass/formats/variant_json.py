"""yass's native JSON puzzle format (see data/variants/README.md of the project).

A puzzle is an object::

    {"name": "...", "size": 9, "givens": "....1....", "constraints": [{"type": "antiknight"}],
     "solution": "4837..."}

``givens`` is N*N characters row by row (``.`` empty), ``constraints`` a list of rule
objects (``yass rules`` lists the types yass reads), ``solution`` optional. A file holds
one such object or a list of them. Other fields (``source``, ``author``, ``rules`` tags)
are information only.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence

from yass.constraints import REGISTRY, constraint_from_json
from yass.constraints.base import Constraint
from yass.core.board import Puzzle
from yass.core.geometry import MAX_SIZE, Grid, LayoutError, PuzzleError, box_shape, digit_char
from yass.formats.base import Entry, ParseError, build_puzzle, parse_line, printable

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "check_solution",
    "loads",
    "puzzle_from_json",
    "puzzle_to_json",
    "read_json_text",
    "solution_from_json",
]


def loads(text: str, source: str = "") -> Any:
    """Decode JSON text; malformed JSON raises ParseError with line and column."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"{source}: " if source else ""
        raise ParseError(
            f"{where}malformed JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
    except RecursionError:
        raise ParseError(f"{source or 'JSON'}: nested too deeply") from None


def _size(obj: Mapping[str, Any]) -> int:
    raw = obj.get("size")
    givens = obj.get("givens")
    if raw is None:
        if isinstance(givens, str):
            return parse_line(givens, any_square=True)[0]
        raise ParseError("needs a whole number 'size' or a 'givens' string")
    if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= MAX_SIZE:
        raise ParseError(f"'size' must be a whole number from 1 to {MAX_SIZE}, not {raw!r}")
    return raw


def _cells_field(obj: Mapping[str, Any], key: str, size: int) -> tuple[int, ...]:
    raw = obj.get(key)
    if not isinstance(raw, str):
        raise ParseError(f"{key!r} must be a string of {size * size} characters, not {raw!r}")
    try:
        return parse_line(raw, size)[1]
    except ParseError as exc:
        raise ParseError(f"{key!r}: {exc}") from None


def constraints_from_json(raw: Any, grid: Grid) -> list[Constraint]:
    """The rules of a puzzle's ``constraints`` list; LayoutError names the bad one."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise ParseError(f"'constraints' must be a list, not {type(raw).__name__}")
    out = []
    kinds = {item.get("type") for item in raw if type(item) is dict or isinstance(item, Mapping)}
    wrap = [REGISTRY[k]() for k in kinds
            if isinstance(k, str) and k in REGISTRY and REGISTRY[k].wraps]
    if wrap:  # a toroidal grid: lines and dots may cross its edges
        grid = Grid(grid.size, grid.box_rows, grid.box_cols, tuple(wrap))
    registry = REGISTRY
    for i, item in enumerate(raw, 1):
        if type(item) is dict:  # the usual case, read at once (the same errors)
            kind = item.get("type")
            cls = registry.get(kind) if type(kind) is str else None
            if cls is not None:
                try:
                    out.append(cls.from_json(item, grid))
                except LayoutError as exc:
                    raise LayoutError(f"constraint {i} ({kind}): {exc}") from None
                continue
        is_object = type(item) is dict or isinstance(item, Mapping)
        kind = item.get("type") if is_object else None
        if is_object and kind is None:
            raise LayoutError(
                f'constraint {i} has no "type" (`yass rules` lists the types and their fields)'
            )
        if is_object and str(kind) not in REGISTRY:
            raise LayoutError(
                f"constraint {i} has type {kind!r}, which yass does not support"
                " (`yass rules` lists the supported types)"
            )
        try:
            out.append(constraint_from_json(item, grid))
        except LayoutError as exc:
            text = str(exc)
            prefix = f"constraint {kind!r}: "
            if text.startswith(prefix):
                text = text[len(prefix):]
            label = f"constraint {i} ({kind})" if kind else f"constraint {i}"
            raise LayoutError(f"{label}: {text}") from None
    return out


def puzzle_from_json(
    obj: Any,
    *,
    rules: str = "",
    constraints: Sequence[Constraint] = (),
    check: bool = True,
) -> Puzzle:
    """The Puzzle of one JSON object (already decoded).

    ``rules`` (``--rules`` names) and ``constraints`` are added to the object's own.
    Raises ParseError for a malformed object, LayoutError for a bad constraint, and
    (with ``check``) ConflictError when givens break a rule.
    """
    if not isinstance(obj, Mapping):
        raise ParseError(f"a puzzle must be a JSON object, not {type(obj).__name__}")
    size = _size(obj)
    givens = _cells_field(obj, "givens", size)
    shape = box_shape(size) or (0, 0)
    grid = Grid(size, shape[0], shape[1])
    own = constraints_from_json(obj.get("constraints"), grid)
    name = obj.get("name", "")
    return build_puzzle(size, givens, (*own, *constraints), rules, str(name or ""), check)


def solution_from_json(obj: Mapping[str, Any], size: int) -> tuple[int, ...] | None:
    """The ``solution`` an object carries (None when absent); ParseError if malformed."""
    if obj.get("solution") is None:
        return None
    return _cells_field(obj, "solution", size)


def check_solution(puzzle: Puzzle, solution: Sequence[int] | None) -> None:
    """ParseError naming the first cell where ``solution`` (an object's ``solution``,
    possibly partial) contradicts a given, or the rule a complete one breaks."""
    if solution is None:
        return
    layout = puzzle.layout
    for cell, (given, value) in enumerate(zip(puzzle.givens, solution, strict=True)):
        if given and value and given != value:
            raise ParseError(
                f"'solution' has {digit_char(value)} at {layout.name(cell)}, where the given"
                f" is {digit_char(given)}"
            )
    if all(solution):
        broken = layout.violations(solution)
        if broken:
            raise ParseError(f"'solution' is no solution: {broken[0]}")


def puzzle_to_json(
    puzzle: Puzzle, solution: Sequence[int] | None = None, **extra: Any
) -> dict[str, Any]:
    """The JSON object of a puzzle (and a solution); ``extra`` fields are added as given."""
    layout = puzzle.layout
    out: dict[str, Any] = {}
    if puzzle.name:
        out["name"] = puzzle.name
    out["size"] = layout.size
    out["givens"] = puzzle.line()
    out["constraints"] = [c.to_json(layout.grid) for c in layout.constraints]
    if solution is not None:
        out["solution"] = "".join(digit_char(v) if v else "." for v in solution)
    out.update(extra)
    return out


def read_json_text(
    text: str,
    source: str = "",
    *,
    rules: str = "",
    constraints: Sequence[Constraint] = (),
    check: bool = True,
) -> Iterator[Entry]:
    """Entries of a JSON document holding one puzzle object or a list of them.

    Malformed JSON raises ParseError (nothing can be read); a bad puzzle gives an
    Entry with its error and the others go on.
    """
    data = loads(text, source)
    items = data if isinstance(data, list) else [data]
    for index, obj in enumerate(items, 1):
        name = obj.get("name") if isinstance(obj, Mapping) else None
        label = f"puzzle {index}" if len(items) > 1 else ""
        if name:
            name = printable(str(name))
            label = f"{label} ({name})" if label else f"({name})"
        try:
            puzzle = puzzle_from_json(obj, rules=rules, constraints=constraints, check=check)
            solution = solution_from_json(obj, puzzle.size)
            check_solution(puzzle, solution)
        except PuzzleError as exc:
            yield Entry(source, 0, index, error=exc, label=label, of=len(items))
        else:
            yield Entry(source, 0, index, puzzle, solution=solution, label=label, of=len(items))
