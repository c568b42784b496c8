"""The play-and-set page's analysis of a grid: the use case behind ``POST /api/analyze``.

``analyze_grid`` takes a puzzle and the player's grid (digits, and pencil marks or None)
and finds, under one ``Bounds``: how many solutions the puzzle has (0, 1, 2 for two or
more), its true candidates, where two solutions differ, which of the player's digits are
wrong or clash and which pencil marks lost their true digit. ``player_hint`` tells what
went wrong or the next step there; ``rating`` rates the puzzle once (kept for the next
request), ``minimality`` says which givens could go or which one more would make it
unique. The request, its limits and the cancelling of a client's earlier request are
the server's (``yass.web.analyze``). BoundReached at a bound, PuzzleError for givens that
clash.
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
from yass.core.record import record

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "RATING_LIMIT",
    "Analysis",
    "analyze_grid",
    "minimality",
    "player_hint",
    "rating",
]


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


@record
class Analysis:
    """What the searches found about a puzzle and the player's grid on it (``values``, and
    ``masks`` for pencil marks): ``solutions`` (0, 1, or 2 for two or more), the true
    candidate masks ``true``, a ``first`` and a ``second`` solution, and the cells
    ``wrong`` (a digit no solution has there), ``lost`` ([cell, digit]: pencil marks that
    dropped the only solution's digit) and ``conflicts`` (digits the rules forbid)."""

    puzzle: Puzzle
    values: list[int]
    masks: list[int] | None
    solutions: int
    true: list[int]
    first: tuple[int, ...] | None
    second: tuple[int, ...] | None
    wrong: list[int]
    lost: list[tuple[int, int]]
    conflicts: list[int]

    def to_json(self) -> dict[str, Any]:
        """The fields of the page's answer, with ``hint`` and ``rating`` still null."""
        lay = self.puzzle.layout
        first, second = self.first, self.second
        return {
            "solutions": self.solutions,
            "true_candidates": [[d for d in range(1, lay.size + 1) if m >> (d - 1) & 1]
                                for m in self.true],
            "differ": [lay.name(c) for c in range(lay.ncells)
                       if first and second and first[c] != second[c]],
            "wrong": [lay.name(c) for c in self.wrong],
            "lost": [[lay.name(c), d] for c, d in self.lost],
            "conflicts": [lay.name(c) for c in self.conflicts],
            "hint": None,
            "rating": None,
        }


def analyze_grid(
    puzzle: Puzzle, values: list[int], masks: list[int] | None, bounds: Bounds
) -> Analysis:
    """The searches' answers about ``puzzle`` and the player's grid on it."""
    solutions, tc, first, second = _union(puzzle, bounds)
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
    return Analysis(puzzle, values, masks, solutions, tc, first, second, wrong, lost,
                    _conflicts(puzzle.layout, values))


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


def rating(puzzle: Puzzle, bounds: Bounds) -> dict[str, Any]:
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


def player_hint(found: Analysis, level: int, bounds: Bounds) -> dict[str, Any] | None:
    """The hint on the player's grid: first what has gone wrong, in words, then the next
    step of the easiest technique (``yass.logic.explain.hint``), told at ``level``."""
    from yass.logic.explain import hint
    from yass.services.hints import step_view

    puzzle, values, masks, solutions = found.puzzle, found.values, found.masks, found.solutions
    wrong, lost, conflicts = found.wrong, found.lost, found.conflicts
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


def minimality(found: Analysis, bounds: Bounds) -> dict[str, Any]:
    """For a unique puzzle, the givens that could go with it still unique; for two or
    more solutions, the one-more-givens [cell, digit] that make it unique."""
    from yass.engine import fast

    puzzle, solutions, masks = found.puzzle, found.solutions, found.true
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
