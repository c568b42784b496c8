"""``POST /api/analyze``: what a player or a setter wants to know about a grid, in one answer.

The request is ``{"puzzle": <anything the page accepts>, "progress": <optional>}`` where
``progress`` is the player's grid: a line of N*N digits (``.`` or ``0`` for an empty cell)
or a line of N*N*N pencil marks (a cell's N slots, ``.`` for a digit not marked; a cell
with one mark counts as filled in). The answer (see ``analyze``) tells how many solutions
the puzzle has, its true candidates (the digits some solution puts in each cell), which
of the player's digits are wrong or clash, a hint on the player's grid, and the rating.

Everything here is bounded by one ``Bounds`` per request (``ANALYZE_TIME_LIMIT`` seconds,
or less when the request asks): reaching it is a server-side limit (``yass.web.ServerLimit``,
answered with 503), never a client error. A request that names a ``client`` cancels the
same client's request still running (the page sends one per edit; only the last one
matters), by moving that request's deadline to now.
"""

from __future__ import annotations

import json
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future

from yass.core.board import Board, Puzzle
from yass.core.bounds import BoundReached, Bounds
from yass.core.geometry import PuzzleError, digit_char
from yass.core.layout import Layout

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


# -- the searches -----------------------------------------------------------------------------


def _union(puzzle: Puzzle, bounds: Bounds) -> tuple[int, list[int], tuple[int, ...] | None,
                                                     tuple[int, ...] | None]:
    """(solutions counted to 2, true candidate masks, a first and a second solution).

    One search counts to 2; a unique puzzle's true candidates are its solution. With two
    or more, ``yass.logic.setter.true_candidates`` marks every digit some solution holds."""
    from yass.engine import fast
    from yass.logic.setter import true_candidates

    count, first = fast.search(puzzle, 2, bounds)
    if first is None:
        return 0, [0] * puzzle.layout.ncells, None, None
    if count == 1:
        return 1, [1 << (v - 1) for v in first], first, None
    found = true_candidates(puzzle, bounds)
    # a second solution: the first cell where another digit is true, with that digit
    second = None
    for cell, mask in enumerate(found.masks):
        other = mask & ~(1 << (first[cell] - 1))
        if other:
            givens = list(puzzle.givens)
            givens[cell] = (other & -other).bit_length()
            _, second = fast.search(Puzzle(puzzle.layout, tuple(givens)), 1, bounds)
            break
    return 2, list(found.masks), first, second


def _conflicts(lay: Layout, values: list[int]) -> list[int]:
    """Cells whose digit breaks a rule with another placed digit (from the rules, not the
    solution): the same digit in a cell it sees, or two digits a relation forbids side by
    side (a kropki dot, a thermometer, non-consecutive...)."""
    out: set[int] = set()
    for a, d in enumerate(values):
        if not d:
            continue
        for b in lay.peer_lists[a]:
            if b > a and values[b] == d:
                out.update((a, b))
        for b, table in lay.arcs[a]:
            e = values[b]
            if e and not table[d - 1] >> (e - 1) & 1:
                out.update((a, b))
    return sorted(out)


# -- the rating, once per puzzle ------------------------------------------------------------

_ratings: OrderedDict[str, dict[str, Any]] = OrderedDict()
_rating_jobs: dict[str, Future[dict[str, Any]]] = {}
_ratings_lock = threading.Lock()
_RATINGS_KEPT = 256
#: Seconds a rating may take in the background (the ladder checks its bound only between
#: techniques, so a request does not wait for it past its own budget: see ``_rating``).
RATING_LIMIT = 30.0
#: One rating at a time: the ratings run on daemon threads (Ctrl-C does not wait for
#: them), each waiting for this turn.
_rating_turn = threading.Lock()


def _rating_thread(job: Future[dict[str, Any]], key: str, puzzle: Puzzle) -> None:
    with _rating_turn:
        if not job.set_running_or_notify_cancel():
            return  # dropped while it waited
        try:
            job.set_result(_rate_now(key, puzzle))
        except BaseException as exc:  # handed to whoever waits for it
            with _ratings_lock:
                _rating_jobs.pop(key, None)
            job.set_exception(exc)


def _rate_now(key: str, puzzle: Puzzle) -> dict[str, Any]:
    from yass.engine import fast
    from yass.logic.explain import explain

    out: dict[str, Any] = {}
    if fast.engine(puzzle.layout) == fast.CLASSIC9:
        from yass.rating import rate

        se = rate(puzzle.line())
        out.update(er=se.er, ep=se.ep, ed=se.ed, se_hardest=se.hardest)
    info = explain(puzzle, bounds=Bounds(RATING_LIMIT)).to_json()
    out.update(
        hardest=info["hardest_name"], level=info["level"], score=info["score"],
        difficulty=info["difficulty"], guesses=info["guesses"],
    )
    with _ratings_lock:
        _ratings[key] = out
        while len(_ratings) > _RATINGS_KEPT:
            _ratings.popitem(last=False)
        _rating_jobs.pop(key, None)
    return out


def _rating(puzzle: Puzzle, bounds: Bounds) -> dict[str, Any]:
    """SE's ER/EP/ED on a classic grid, and yass's ladder (hardest technique, level,
    score, guesses) on every grid, kept for the next request on the same puzzle.

    The rating is made on a background thread and waited for until ``bounds``'
    deadline (BoundReached after it): a rating that takes longer is still made, and the
    next request on the puzzle finds it. Queued ratings of other puzzles are dropped
    (a setter's earlier edits)."""
    from concurrent.futures import CancelledError
    from concurrent.futures import TimeoutError as Late

    from yass.core.bounds import TIME
    from yass.formats import puzzle_to_json

    key = json.dumps(puzzle_to_json(puzzle), sort_keys=True)
    with _ratings_lock:
        if key in _ratings:
            _ratings.move_to_end(key)
            return _ratings[key]
        job = _rating_jobs.get(key)
        if job is None:
            for other, queued in list(_rating_jobs.items()):
                if queued.cancel():
                    del _rating_jobs[other]
            job = Future()
            _rating_jobs[key] = job
            threading.Thread(target=_rating_thread, args=(job, key, puzzle), daemon=True,
                             name="yass-rating").start()
    wait = max(0.0, bounds.deadline - time.monotonic()) if bounds.deadline else None
    try:
        return job.result(wait)
    except (Late, CancelledError):  # still working, or dropped for a newer edit's
        raise BoundReached(TIME, bounds.timeout or 0.0) from None


# -- the hint on the player's grid ------------------------------------------------------------


def _player_board(puzzle: Puzzle, values: list[int], masks: list[int] | None) -> Board:
    from yass.formats.candidates import board_from_candidates

    lay = puzzle.layout
    if masks is not None:
        board = board_from_candidates(lay, masks)
    else:
        board = Board.from_givens(lay, values)
    board.givens = sum(1 << c for c, d in enumerate(puzzle.givens) if d)
    return board


def _hint(
    puzzle: Puzzle,
    values: list[int],
    masks: list[int] | None,
    solutions: int,
    wrong: list[int],
    lost: list[tuple[int, int]],
    conflicts: list[int],
    level: int,
    bounds: Bounds,
) -> dict[str, Any] | None:
    """The hint on the player's grid: first what has gone wrong, in words, then the next
    step of the easiest technique (``yass.logic.explain.hint``), told at ``level``."""
    from yass.logic.explain import hint
    from yass.web.payloads import step_view

    lay = puzzle.layout
    if solutions == 0:
        return None

    def said(kind: str, text: str, cells: list[int]) -> dict[str, Any]:
        return {"kind": kind, "level": level, "technique": None, "text": text,
                "texts": [text] * level, "cells": [lay.name(c) for c in cells], "step": None}

    if wrong:
        c = wrong[0]
        more = len(wrong) - 1
        text = f"{lay.name(c)}: this {digit_char(values[c])} is not the solution's"
        if solutions > 1:
            text = f"{lay.name(c)}: no solution has {digit_char(values[c])} there"
        if more:
            text += f" (and {more} more digit{'s' * (more > 1)} {'are' if more > 1 else 'is'}"
            text += " wrong)"
        return said("wrong", text, wrong)
    if lost:
        c, d = lost[0]
        return said("lost", f"{lay.name(c)} has lost its true candidate {digit_char(d)}", [c])
    if conflicts:
        a = conflicts[0]
        b = next(x for x in conflicts[1:] if values[x] == values[a] and lay.peers[a] >> x & 1)
        return said("conflict", f"{lay.name(a)} and {lay.name(b)} both hold"
                    f" {digit_char(values[a])}, and the rules forbid it", [a, b])
    try:
        board = _player_board(puzzle, values, masks)
    except PuzzleError as exc:
        return said("broken", " ".join(str(exc).split()), [])
    result = hint(board, unique=solutions == 1, bounds=bounds)
    texts = [result.text(k) for k in (1, 2, 3)]
    out: dict[str, Any] = {
        "kind": "solved" if result.solved else "step" if result.step else "guess",
        "level": level, "technique": result.step.technique if result.step else None,
        "text": texts[level - 1], "texts": texts[:level], "cells": [], "step": None,
        "cands": list(board.cands),
    }
    if result.step is not None and level >= 3:  # below 3 the step is not given away
        out["step"] = result.step.to_json(lay)
        out["view"] = step_view(lay, result.step)
        out["cells"] = [lay.name(c) for c in sorted(result.step.cells)]
    return out


# -- minimality ------------------------------------------------------------------------------


def _minimality(
    puzzle: Puzzle, solutions: int, masks: list[int], first: tuple[int, ...] | None,
    bounds: Bounds,
) -> dict[str, Any]:
    """For a unique puzzle, the givens that could go with it still unique; for two or
    more solutions, the one-more-givens [cell, digit] that make it unique."""
    from yass.engine import fast

    lay = puzzle.layout
    out: dict[str, Any] = {"redundant": [], "completing": [], "complete": True}
    givens = list(puzzle.givens)
    try:
        if solutions == 1:
            for cell, g in enumerate(puzzle.givens):
                if not g:
                    continue
                givens[cell] = 0
                count, _ = fast.search(Puzzle(lay, tuple(givens)), 2, bounds)
                givens[cell] = g
                if count == 1:
                    out["redundant"].append(lay.name(cell))
        elif solutions > 1:
            for cell, mask in enumerate(masks):
                if not mask & (mask - 1):
                    continue
                for d in range(1, lay.size + 1):
                    if not mask >> (d - 1) & 1:
                        continue
                    givens[cell] = d
                    count, _ = fast.search(Puzzle(lay, tuple(givens)), 2, bounds)
                    if count == 1:
                        out["completing"].append([lay.name(cell), d])
                givens[cell] = 0
    except BoundReached:
        out["complete"] = False  # what was found so far stands
    return out


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
    from yass.web.payloads import ServerLimit, layout_json, read_puzzle, request_field

    started = time.perf_counter()
    puzzle = read_puzzle(request)
    lay = puzzle.layout
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
            solutions, tc, first, second = _union(puzzle, bounds)
        except PuzzleError as exc:  # givens that clash are the puzzle's fault: bad input
            raise _bad(" ".join(str(exc).split())) from None
        given = puzzle.givens
        wrong: list[int] = []
        lost: list[tuple[int, int]] = []
        if solutions:
            for c, v in enumerate(values):
                if v and not given[c] and not tc[c] >> (v - 1) & 1:
                    wrong.append(c)
            if masks is not None and solutions == 1 and first is not None:
                lost = [(c, first[c]) for c, m in enumerate(masks)
                        if not values[c] and not m >> (first[c] - 1) & 1]
        conflicts = _conflicts(lay, values)
        out: dict[str, Any] = {
            "solutions": solutions,
            "true_candidates": [[d for d in range(1, lay.size + 1) if m >> (d - 1) & 1]
                                for m in tc],
            "differ": [lay.name(c) for c in range(lay.ncells)
                       if first and second and first[c] != second[c]],
            "wrong": [lay.name(c) for c in wrong],
            "lost": [[lay.name(c), d] for c, d in lost],
            "conflicts": [lay.name(c) for c in conflicts],
            "hint": None,
            "rating": None,
        }
        if level:
            out["hint"] = _hint(puzzle, values, masks, solutions, wrong, lost, conflicts,
                                level, bounds)
        # the rating and minimality have a budget of their own (``extra_time``): the count
        # and the true candidates are what a setter waits for after an edit
        extra = Bounds(float(extra_time))
        if bounds.deadline:
            extra.deadline = min(extra.deadline, bounds.deadline)
        _handover(client, bounds, extra)
        incomplete = []
        if want_rating and solutions == 1:
            try:
                out["rating"] = _rating(puzzle, extra)
            except BoundReached:
                incomplete.append("rating")
        if want_min:
            out["minimality"] = _minimality(puzzle, solutions, tc, first, extra)
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
