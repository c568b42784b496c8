"""``POST /api/analyze``: what a player or a setter wants to know about a grid, in one answer.

The request is ``{"puzzle": <anything the page accepts>, "progress": <optional>}`` where
``progress`` is the player's grid: a line of N*N digits (``.`` or ``0`` for an empty cell)
or a line of N*N*N pencil marks (a cell's N slots, ``.`` for a digit not marked; a cell
with one mark counts as filled in). The answer (see ``analyze``) tells how many solutions
the puzzle has, its true candidates (the digits some solution puts in each cell), which
of the player's digits are wrong or clash, a hint on the player's grid, and the rating.

The searches, the hint, the rating and minimality are the use case
``yass.services.analysis``; this module reads the request and holds the server's side.
Everything is bounded by one ``Bounds`` per request (``ANALYZE_TIME_LIMIT`` seconds,
or less when the request asks): reaching it is a server-side limit (``yass.web.ServerLimit``,
answered with 503), never a client error. A request that names a ``client`` cancels the
same client's request still running (the page sends one per edit; only the last one
matters), by moving that request's deadline to now.
"""

from __future__ import annotations

import threading
import time

from yass.core.board import Puzzle
from yass.core.bounds import BoundReached, Bounds
from yass.core.geometry import PuzzleError, digit_char

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "ANALYZE_TIME_LIMIT",
    "EXTRA_TIME",
    "analyze",
    "read_progress",
]

#: Seconds one analysis may take at most (a request may ask for less with ``timeout``).
ANALYZE_TIME_LIMIT = 10.0
#: Seconds of that for the rating and minimality (``extra_time``); past it they are left
#: out and named in ``incomplete``, and the count, true candidates and hint still answer.
EXTRA_TIME = 0.5


# -- cancelling a client's earlier request ----------------------------------------------------

_running: dict[str, Bounds] = {}
_running_lock = threading.Lock()


def _start(client: str | None, bounds: Bounds) -> None:
    if not client:
        return
    with _running_lock:
        old = _running.get(client)
        if old is not None:
            old.deadline = time.monotonic() - 1.0  # its next check of the time stops it
            old.timeout = old.timeout or 0.001
        _running[client] = bounds


def _handover(client: str | None, old: Bounds, new: Bounds) -> None:
    """The request's work goes on under ``new``: cancelling it now stops that."""
    if not client:
        return
    with _running_lock:
        if _running.get(client) is old:
            _running[client] = new
        else:  # cancelled meanwhile
            new.deadline = old.deadline


def _finish(client: str | None, bounds: Bounds) -> None:
    if not client:
        return
    with _running_lock:
        if _running.get(client) is bounds:
            del _running[client]


# -- reading the request ----------------------------------------------------------------------


def _bad(message: str) -> Exception:
    from yass.web.payloads import ApiError

    return ApiError(message)


def read_progress(
    puzzle: Puzzle, raw: Any
) -> tuple[list[int], list[int] | None]:
    """(the digits, the pencil marks or None) of a grid in progress on ``puzzle``.

    ``raw`` is a line of N*N digits or of N*N*N pencil marks; the givens are filled in
    (a progress line that contradicts a given is bad input)."""
    lay = puzzle.layout
    n, cells = lay.size, lay.ncells
    if not isinstance(raw, str):
        raise _bad(f"'progress' must be text, not {type(raw).__name__}")
    text = "".join(raw.split())
    masks: list[int] | None = None
    if len(text) == cells:
        values = []
        for cell, ch in enumerate(text):
            d = 0 if ch in ".0" else _digit(ch)
            if d < 0 or d > n:
                raise _bad(f"'progress' at {lay.name(cell)}: {ch!r} is not a digit 1 to"
                           f" {digit_char(n)} or '.'")
            values.append(d)
    elif len(text) == cells * n:
        masks = []
        for cell in range(cells):
            mask = 0
            for i, ch in enumerate(text[cell * n:(cell + 1) * n]):
                if ch in ".0":
                    continue
                d = _digit(ch)
                if d != i + 1:
                    raise _bad(f"'progress' at {lay.name(cell)}: slot {i + 1} holds {ch!r};"
                               f" it takes {digit_char(i + 1)} or '.'")
                mask |= 1 << i
            if not mask:
                raise _bad(f"'progress': {lay.name(cell)} has no pencil mark left")
            masks.append(mask)
        values = [m.bit_length() if not m & (m - 1) else 0 for m in masks]
    else:
        raise _bad(f"'progress' must be {cells} digits or {cells * n} pencil marks,"
                   f" not {len(text)} characters")
    for cell, g in enumerate(puzzle.givens):
        if not g:
            continue
        if values[cell] not in (0, g) or (masks is not None and not masks[cell] >> (g - 1) & 1):
            raise _bad(f"'progress' changes the given {lay.name(cell)}={digit_char(g)}")
        values[cell] = g
        if masks is not None:
            masks[cell] = 1 << (g - 1)
    return values, masks


def _digit(ch: str) -> int:
    """1.. for '1'-'9', 'A'-'Z' (case-insensitive); -1 for anything else."""
    if ch.isdigit() and ch.isascii():
        return int(ch)
    if ch.isascii() and ch.isalpha():
        return ord(ch.upper()) - ord("A") + 10
    return -1


# -- the answer ------------------------------------------------------------------------------


def analyze(request: Any, *, bounds: Bounds | None = None) -> dict[str, Any]:
    """The answer of ``POST /api/analyze``:

    * ``solutions``: 0, 1 or 2 (two or more) for the puzzle's givens and rules;
    * ``true_candidates``: per cell, the digits some solution puts there (the union of all
      solutions; every list empty when there is none);
    * ``differ``: with two or more, the cells where two solutions differ;
    * ``wrong``: the player's digits (not givens) that differ from the only solution (with
      several solutions: that no solution has there);
    * ``lost``: [cell, digit]: a cell whose pencil marks dropped its true digit (unique only);
    * ``conflicts``: cells whose digit is also in a cell they see (from the rules alone);
    * ``hint`` (``level`` 1-3, default 3 with ``progress``, 0 for none): what went wrong or
      the next step on the player's grid, with ``texts`` at the levels up to ``level``,
      the board ``cands`` it was found on, and at level 3 the ``step`` JSON and its
      ``view`` (to draw and apply it); or null;
    * ``rating``: when unique and ``rate`` is not false: SE's ``er``/``ep``/``ed`` on classic
      grids, and yass's ``hardest``, ``level``, ``score``, ``guesses``; or null;
    * ``minimality`` when asked (``"minimality": true``): see ``_minimality``;
    * ``layout`` when asked (``"layout": true``): what the page draws;
    * ``ms``: the time taken, server side.
    """
    from yass.services import analysis
    from yass.web.payloads import ServerLimit, layout_json, read_puzzle, request_field

    started = time.perf_counter()
    puzzle = read_puzzle(request)
    raw = request.get("progress")
    level = request_field(request, "level", int, 3 if raw is not None else 0)
    if isinstance(level, bool) or level not in (0, 1, 2, 3):
        raise _bad(f"'level' must be 0 (no hint), 1, 2 or 3, not {level!r}")
    timeout = request.get("timeout", ANALYZE_TIME_LIMIT)
    if (isinstance(timeout, bool) or not isinstance(timeout, int | float)
            or not 0 < timeout <= ANALYZE_TIME_LIMIT):
        raise _bad(f"'timeout' must be more than 0 and at most {ANALYZE_TIME_LIMIT:g} seconds")
    client = request_field(request, "client", str)
    extra_time = request.get("extra_time", EXTRA_TIME)
    if (isinstance(extra_time, bool) or not isinstance(extra_time, int | float)
            or not 0 < extra_time <= ANALYZE_TIME_LIMIT):
        raise _bad(f"'extra_time' must be more than 0 and at most {ANALYZE_TIME_LIMIT:g}"
                   " seconds")
    want_rating = request_field(request, "rate", bool, True)
    want_min = request_field(request, "minimality", bool, False)
    want_layout = request_field(request, "layout", bool, False)
    if raw is not None:
        values, masks = read_progress(puzzle, raw)
    else:
        values, masks = list(puzzle.givens), None
    bounds = bounds if bounds is not None else Bounds(float(timeout))
    _start(client, bounds)
    try:
        try:
            found = analysis.analyze_grid(puzzle, values, masks, bounds)
        except PuzzleError as exc:  # givens that clash are the puzzle's fault: bad input
            raise _bad(" ".join(str(exc).split())) from None
        out = found.to_json()
        if level:
            out["hint"] = analysis.player_hint(found, level, bounds)
        # the rating and minimality have a budget of their own (``extra_time``): the count
        # and the true candidates are what a setter waits for after an edit
        extra = Bounds(float(extra_time))
        if bounds.deadline:
            extra.deadline = min(extra.deadline, bounds.deadline)
        _handover(client, bounds, extra)
        incomplete = []
        if want_rating and found.solutions == 1:
            try:
                out["rating"] = analysis.rating(puzzle, extra)
            except BoundReached:
                incomplete.append("rating")
        if want_min:
            out["minimality"] = analysis.minimality(found, extra)
            if not out["minimality"]["complete"]:
                incomplete.append("minimality")
        out["incomplete"] = incomplete
        bounds = extra
        if want_layout:
            out["layout"] = layout_json(puzzle)
            out["givens"] = list(puzzle.givens)
    except BoundReached as exc:
        raise ServerLimit(f"gave up: {exc}") from None
    finally:
        _finish(client, bounds)
    out["ms"] = round((time.perf_counter() - started) * 1000, 1)
    return out
