"""The page's JSON API as plain functions: a request (a dict) in, a payload out.

``explain_payload`` answers ``POST /api/explain`` with the explained path and the board
before each step; ``hint_payload`` answers ``POST /api/hint``. Bad input raises
``ApiError``, a server-side limit ``ServerLimit``. No HTTP here: the server
(``yass.web``) and ``yass explain --html`` call these, and the tests call them directly.
"""

from __future__ import annotations

from collections.abc import Sequence

from yass.core.board import Board, Puzzle
from yass.core.bounds import BoundReached, Bounds
from yass.core.geometry import PuzzleError
from yass.core.layout import Layout
from yass.core.step import Step

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from typing import Any

    from yass.logic.techniques import Technique


#: Seconds of work the API spends on one request before it answers with an error.
TIME_LIMIT = 20.0


#: House kinds drawn as the grid itself (lines and walls), not as extra regions.
_GRID_KINDS = frozenset({"row", "column", "box", "region"})


class ApiError(ValueError):
    """Bad input to the API: one line, answered with status 400."""


class ServerLimit(Exception):
    """The server stopped work at one of its own limits (its time limit, a request
    cancelled by the next one): one line, answered with 503, never a client error."""


def one_line(text: str) -> str:
    return " ".join(str(text).split()) or "bad input"


def request_field(request: Any, key: str, kind: type, default: Any = None) -> Any:
    if not isinstance(request, dict):
        raise ApiError(f"the request must be a JSON object, not {type(request).__name__}")
    value = request.get(key, default)
    if value is not None and not isinstance(value, kind):
        raise ApiError(f"{key!r} must be a {kind.__name__}, not {type(value).__name__}")
    return value


def read_puzzle(request: Any) -> Puzzle:
    """The puzzle of a request: ``puzzle`` as text (a line, a picture or JSON) or as a
    JSON object, with ``rules`` (names as ``--rules`` takes them) added."""
    from yass.formats import parse_puzzle, puzzle_from_json
    from yass.formats.variant_json import loads

    rules = request_field(request, "rules", str, "")
    raw = request.get("puzzle")
    if raw is None:
        raise ApiError("no 'puzzle' given")
    try:
        if isinstance(raw, str) and raw.lstrip().startswith(("{", "[")):
            raw = loads(raw, "puzzle")
        if isinstance(raw, list):
            if len(raw) != 1:
                raise ApiError(f"one puzzle at a time, not a list of {len(raw)}")
            raw = raw[0]
        if isinstance(raw, dict):
            return puzzle_from_json(raw, rules=rules)
        if not isinstance(raw, str):
            raise ApiError(f"'puzzle' must be text or a JSON object, not {type(raw).__name__}")
        from yass.formats.candidates import looks_like_candidates

        if looks_like_candidates(raw):
            raise ApiError(
                "these are pencil marks (a grid in progress): ask for a hint on them, or"
                " paste the puzzle's givens to explain it"
            )
        return parse_puzzle(raw, rules=rules)
    except PuzzleError as exc:
        raise ApiError(one_line(str(exc))) from None


def _level(request: Any) -> int:
    level = request_field(request, "level", int, 1)
    if isinstance(level, bool) or level not in (1, 2, 3):
        raise ApiError(f"'level' must be 1, 2 or 3, not {level!r}")
    return int(level)


def layout_json(puzzle: Puzzle) -> dict[str, Any]:
    """What the page draws besides the digits: regions, extra houses and the rules
    (``constraints`` in the variant JSON format, and ``legend``: [type, name, meaning]
    for each rule type present)."""
    from yass.formats import puzzle_to_json
    from yass.render import region_ids
    from yass.render.views import _slots, rule_meaning

    lay = puzzle.layout
    rows, cols = _slots(lay)
    constraints = puzzle_to_json(puzzle)["constraints"]
    kinds = list(dict.fromkeys(str(c.get("type", "")) for c in constraints))
    legend = [[kind, *rule_meaning(kind, lay.size)] for kind in kinds]
    extra = [
        {"kind": h.kind, "name": h.name, "cells": list(h.cells)}
        for h in lay.houses
        if h.kind not in _GRID_KINDS and h.kind != "disjoint group"
    ]
    return {
        "size": lay.size,
        "slots": [rows, cols],
        "regions": region_ids(lay),
        "extra": extra,
        "constraints": constraints,
        "legend": legend,
        "names": [lay.name(c) for c in range(lay.ncells)],
        # the sees-relation: the page marks two equal digits that see each other at once
        "sees": [list(p) for p in lay.peer_lists],
        # the relations: per cell, [neighbour, digits allowed there for each digit here]
        # (the page marks two digits a dot, a thermometer... forbids side by side)
        "arcs": [[[nb, list(table)] for nb, table in lay.arcs[c]] for c in range(lay.ncells)],
    }


def _state(board: Board) -> dict[str, Any]:
    return {"values": list(board.values), "cands": list(board.cands)}


def step_view(layout: Layout, step: Step) -> dict[str, Any]:
    """What the page needs to draw a step (``yass.services.hints.step_view``)."""
    from yass.services.hints import step_view as view

    return view(layout, step)


def explain_payload(
    request: Any,
    *,
    techniques: Sequence[Technique] | None = None,
    unique: bool | None = None,
    bounds: Bounds | None = None,
) -> dict[str, Any]:
    """``POST /api/explain``: the explanation JSON, plus ``layout``, ``givens`` (the
    puzzle's digits), ``states`` (the board before each step, then the final board:
    ``values`` and candidate masks per cell) and ``views`` (per step: ``marks``
    [cell, digit, role], chain ``links``, ``house_cells``, ``hints`` at levels 1-3).

    ``request`` may be a Puzzle already read. ``techniques`` and ``unique`` are as in
    ``yass.logic.explain.explain``; ``bounds`` default to the API's time limit."""
    from yass.logic.explain import explain

    puzzle = request if isinstance(request, Puzzle) else read_puzzle(request)
    try:
        result = explain(
            puzzle, techniques, unique=unique,
            bounds=bounds if bounds is not None else Bounds(TIME_LIMIT),
        )
    except BoundReached as exc:
        raise ServerLimit(f"gave up: {exc}") from None
    except PuzzleError as exc:
        raise ApiError(one_line(str(exc))) from None
    lay = puzzle.layout
    board = puzzle.board()
    states = [_state(board)]
    guesses_before = [0]
    for step in result.steps:
        board.apply(step)
        states.append(_state(board))
        guesses_before.append(guesses_before[-1] + (step.technique == "guess"))
    out = result.to_json()
    out["name"] = puzzle.name
    out["givens"] = list(puzzle.givens)
    out["layout"] = layout_json(puzzle)
    out["states"] = states
    out["guesses_before"] = guesses_before
    out["views"] = [step_view(lay, s) for s in result.steps]
    out["solved"] = board.is_solved()
    return out


def hint_payload(request: Any) -> dict[str, Any]:
    """``POST /api/hint``: ``{puzzle | candidates, level, rules?, values?, all?}`` -> the
    hint JSON of ``Hint.to_json(level)``. ``candidates`` is a grid in progress: a
    729-character line, a candidate picture, or a list of per-cell digit masks (with
    ``puzzle`` for the givens and rules, or ``size``); pencil marks given as ``puzzle``
    text are read the same way. A cell with one candidate counts as filled in, except
    beside a list of masks with ``values``: the digits placed (0 for an empty cell), the
    others narrowed to their masks. With ``"all": true`` the answer is every step each
    technique sees on the grid, grouped by technique (``yass hint --all --format json``),
    each step with its ``view``."""
    from yass.services import hints

    level = _level(request)
    rules = request_field(request, "rules", str, "")
    every = request_field(request, "all", bool, False)
    cands = request.get("candidates")
    bounds = Bounds(TIME_LIMIT)  # for the whole request
    try:
        puzzle = None
        text = request.get("puzzle")
        if cands is None and isinstance(text, str) and _is_pencil(text):
            # pencil marks pasted where the puzzle goes: a grid in progress
            board = _candidates_board({}, text, rules)
        elif cands is not None:
            board = _candidates_board(request, cands, rules)
        else:
            puzzle = read_puzzle(request)
            board = puzzle.board()
        grid = hints.in_progress(board, puzzle, bounds)
        if every:
            return hints.all_steps(grid, bounds=bounds).to_json(views=True)
        result = hints.hint(grid, bounds=bounds)
    except hints.ProgressError as exc:
        raise ApiError(one_line(str(exc))) from None
    except BoundReached as exc:
        raise ServerLimit(f"gave up: {exc}") from None
    except PuzzleError as exc:
        raise ApiError(one_line(str(exc))) from None
    out = result.to_json(level)
    if result.step is not None and level >= 3:
        out["view"] = step_view(board.layout, result.step)
    return out


#: The most solutions ``/api/setter`` counts per candidate and lists for the ties.
SETTER_CAP = 1000


def setter_payload(request: Any) -> dict[str, Any]:
    """``POST /api/setter``: ``{puzzle, rules?, cap?, counts?, ties?, redundant?}`` -> the
    setter's tools on the puzzle's givens (``yass.services.setting.setter``, the answers
    of ``yass candidates --counts --ties`` and ``yass redundant``): ``solvable``,
    ``true_candidates`` (per cell, the digits some solution has there), ``ambiguous``
    (cells with more than one); with two or more solutions ``counts`` (per ambiguous
    cell, the solutions each digit is in, counted up to ``cap``, default 100) and
    ``ties`` (cell pairs ``equal`` in every solution and ones that ``differ`` in every
    one though no rule keeps them apart, over the first ``cap`` solutions); with one
    ``redundant`` (the givens and rules each of which could go). ``counts``, ``ties``
    and ``redundant`` may be turned off with false."""
    from yass.services.setting import setter

    cap = request_field(request, "cap", int, 100)
    if isinstance(cap, bool) or not 1 <= cap <= SETTER_CAP:
        raise ApiError(f"'cap' must be a whole number from 1 to {SETTER_CAP}, not {cap!r}")
    wanted = {key: request_field(request, key, bool, True)
              for key in ("counts", "ties", "redundant")}
    puzzle = read_puzzle(request)
    try:
        report = setter(
            puzzle, cap=cap, counts=wanted["counts"], ties_too=wanted["ties"],
            redundant_too=wanted["redundant"], bounds=Bounds(TIME_LIMIT),
        )
    except BoundReached as exc:
        raise ServerLimit(f"gave up: {exc}") from None
    except PuzzleError as exc:
        raise ApiError(one_line(str(exc))) from None
    return report.to_json()


def _is_pencil(text: str) -> bool:
    from yass.formats.candidates import looks_like_candidates

    return looks_like_candidates(text)


def _candidates_board(request: Any, cands: Any, rules: str) -> Board:
    from yass.formats.candidates import board_from_candidates, parse_candidates
    from yass.formats.text import make_layout

    if isinstance(cands, str):
        size, masks = parse_candidates(cands)
        layout = make_layout(size, rules)
        if request.get("puzzle") is not None:
            layout = read_puzzle(request).layout
        return board_from_candidates(layout, masks)
    if not isinstance(cands, list) or not all(
        isinstance(m, int) and not isinstance(m, bool) and m >= 0 for m in cands
    ):
        raise ApiError("'candidates' must be text or a list of digit masks (whole numbers)")
    if request.get("puzzle") is not None:
        puzzle = read_puzzle(request)
        layout = puzzle.layout
    else:
        size = request_field(request, "size", int, 0)
        if size * size != len(cands):
            raise ApiError(f"{len(cands)} candidate masks need 'puzzle' or a matching 'size'")
        layout = make_layout(size, rules)
    full = (1 << layout.size) - 1
    if any(m > full for m in cands):
        raise ApiError(f"a candidate mask is above {full} (digits 1 to {layout.size})")
    values = request.get("values")
    board = (board_from_candidates(layout, cands) if values is None
             else _narrowed(layout, values, cands))
    if request.get("puzzle") is not None:
        board.givens = sum(1 << c for c, d in enumerate(puzzle.givens) if d)
    return board


def _narrowed(layout: Layout, values: Any, cands: list[int]) -> Board:
    """The board with ``values`` placed (0: empty) and every empty cell narrowed to its
    mask of ``cands``: a grid in progress where a cell with one candidate left is not
    filled in (the page's path, the player's grid)."""
    from yass.core.geometry import mask_digits

    if not isinstance(values, list) or len(values) != layout.ncells or not all(
        isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= layout.size
        for v in values
    ):
        raise ApiError(f"'values' must be a list of {layout.ncells} digits (0 for an empty"
                       f" cell, at most {layout.size})")
    board = Board.from_givens(layout, values)  # ConflictError: two digits clash
    board.givens = None
    for cell, mask in enumerate(cands):
        if values[cell]:
            continue
        for d in mask_digits(board.cands[cell] & ~mask):
            board.eliminate(cell, d)
        if not board.cands[cell]:
            raise ApiError(f"{layout.name(cell)} has no candidate left")
    return board
