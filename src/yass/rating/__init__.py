"""Sudoku Explainer ratings (ER, EP, ED) for classic 9x9 puzzles: ``rate`` and ``rate_many``.

The numbers follow Sudoku Explainer 1.2.1 as its batch rater ``serate`` prints them; the
algorithm is described in ``docs/se-rating.md``. yass reproduces every SE rule up to and
including dynamic forcing chains; a puzzle whose path needs a later SE rule (dynamic
forcing chains (+) or the nested levels) is reported honestly as ``status="incomplete"``
with lower bounds (``er_min``...) instead of a number.
"""

from __future__ import annotations

import json
from collections.abc import Generator, Iterable
from dataclasses import dataclass, field
from typing import Any

from yass.rating.se import CHAIN_FLOOR, SEStep, _Unsupported, se_path

__all__ = ["Rating", "RatingError", "rate", "rate_many", "se_round"]

_DIGITS = "123456789"
_BLANKS = ".0"


class RatingError(ValueError):
    """The text is not a classic 9x9 puzzle line that can be rated."""


def se_round(x: float) -> float:
    """Round as serate prints: ``(int)((x + 0.05) * 10) / 10``."""
    return int((x + 0.05) * 10) / 10


@dataclass(frozen=True)
class Rating:
    """Sudoku Explainer's rating of one puzzle.

    ``status`` is ``"rated"`` (er/ep/ed are SE's numbers), ``"incomplete"`` (the path needs
    a rule yass does not reproduce yet, named by ``needs``; er/ep/ed are None where
    unknown and ``er_min``/``ep_min``/``ed_min`` are lower bounds), ``"no solution"`` or
    ``"not unique"`` (SE's path is not defined; nothing is rated).
    """

    puzzle: str
    er: float | None
    ep: float | None
    ed: float | None
    hardest: str | None
    status: str
    er_min: float | None = None
    ep_min: float | None = None
    ed_min: float | None = None
    needs: str | None = None
    steps: tuple[SEStep, ...] | None = field(default=None, repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: numbers with one decimal, absent bounds left out."""
        out: dict[str, Any] = {
            "puzzle": self.puzzle,
            "er": self.er,
            "ep": self.ep,
            "ed": self.ed,
            "hardest": self.hardest,
            "status": self.status,
        }
        if self.status == "incomplete":
            out["er_min"] = self.er_min
            out["ep_min"] = self.ep_min
            out["ed_min"] = self.ed_min
            out["needs"] = self.needs
        if self.steps is not None:
            out["steps"] = [_step_json(s) for s in self.steps]
        return out

    def to_json_line(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)


def _cell_name(c: int) -> str:
    return f"r{c // 9 + 1}c{c % 9 + 1}"


def _step_json(s: SEStep) -> dict[str, Any]:
    out: dict[str, Any] = {"technique": s.name, "difficulty": se_round(s.difficulty)}
    if s.placement is not None:
        out["place"] = f"{_cell_name(s.placement[0])}={s.placement[1]}"
    if s.eliminations:
        out["eliminate"] = [f"{_cell_name(c)}<>{d}" for c, d in s.eliminations]
    return out


def parse_line(puzzle: str) -> tuple[str, list[int]]:
    """The puzzle's canonical 81-character line and its values; RatingError if malformed."""
    text = "".join(puzzle.split())
    if len(text) != 81:
        raise RatingError(f"a puzzle line has 81 cells, got {len(text)}")
    values = []
    for i, ch in enumerate(text):
        if ch in _DIGITS:
            values.append(ord(ch) - 48)
        elif ch in _BLANKS:
            values.append(0)
        else:
            raise RatingError(f"unknown character {ch!r} at {_cell_name(i)}")
    return "".join(str(v) if v else "." for v in values), values


def _clash(values: list[int]) -> str | None:
    for c in range(81):
        v = values[c]
        if not v:
            continue
        r, k = divmod(c, 9)
        for o in range(c + 1, 81):
            if values[o] != v:
                continue
            r2, k2 = divmod(o, 9)
            rule = (
                "row"
                if r == r2
                else "column"
                if k == k2
                else "box"
                if (r // 3, k // 3) == (r2 // 3, k2 // 3)
                else None
            )
            if rule:
                return f"givens {_cell_name(c)} and {_cell_name(o)} are both {v} in the same {rule}"
    return None


def _count(line: str) -> int:
    from yass import fast

    return fast.classic_line(line.replace(".", "0"), 2)[0]


def rate(puzzle: str, *, steps: bool = False) -> Rating:
    """SE 1.2.1's rating of a classic 9x9 puzzle line (81 characters, ``.`` or ``0`` blank).

    Raises RatingError (a ValueError) for malformed text or clashing givens. A puzzle with
    no solution or several gets that status and no numbers.
    """
    line, values = parse_line(puzzle)
    clash = _clash(values)
    if clash is not None:
        raise RatingError(clash)
    n = _count(line)
    if n != 1:
        status = "no solution" if n == 0 else "not unique"
        return Rating(line, None, None, None, None, status)
    try:
        path = se_path(values, keep_steps=steps)
    except _Unsupported as exc:  # pragma: no cover - guarded SE corner cases
        return Rating(line, None, None, None, None, "incomplete", needs=str(exc))
    kept = tuple(path.steps) if steps else None
    if path.solved:
        er = se_round(path.difficulty) if path.difficulty is not None else 0.0
        ep = se_round(path.pearl) if path.pearl is not None else 0.0
        ed = se_round(path.diamond) if path.diamond is not None else 0.0
        return Rating(line, er, ep, ed, path.hardest, "rated", steps=kept)
    # The next hint must come from a producer yass does not run yet (dynamic chains (+) or
    # nested): each rates CHAIN_FLOOR (9.0) or more.
    current = path.difficulty if path.difficulty is not None else CHAIN_FLOOR
    er_min = se_round(max(current, CHAIN_FLOOR))
    ed_known = se_round(path.diamond) if path.diamond is not None else None
    ep_known = se_round(path.pearl) if path.pearl is not None else None
    return Rating(
        line,
        None,
        ep_known,
        ed_known,
        None,
        "incomplete",
        er_min=er_min,
        # Before the first placement every step is in EP; the chain step still to come
        # rates CHAIN_FLOOR or more, so does EP (ED is that step's own rating).
        ep_min=ep_known if ep_known is not None else er_min,
        ed_min=ed_known if ed_known is not None else CHAIN_FLOOR,
        needs="chains",
        steps=kept,
    )


def _rate_text(puzzle: str) -> Rating | RatingError:
    try:
        return rate(puzzle)
    except RatingError as exc:
        return exc


def _rate_chunk(puzzles: list[str]) -> list[Rating | RatingError]:
    return [_rate_text(p) for p in puzzles]


def rate_many(
    puzzles: Iterable[str], *, jobs: int = 1, chunksize: int = 8
) -> Generator[Rating | RatingError, None, None]:
    """Rate many puzzle lines, yielding in input order as results come.

    A malformed line yields its RatingError instead of stopping the stream. ``jobs`` > 1
    spreads the work over that many processes (``0`` or less: one per core); the input is
    read only a bounded window ahead, so an endless or huge source streams.
    """
    if jobs <= 0:
        import os

        jobs = os.cpu_count() or 1
    if jobs == 1:
        for p in puzzles:
            yield _rate_text(p)
        return
    from collections import deque
    from concurrent.futures import Future, ProcessPoolExecutor
    from itertools import islice

    source = iter(puzzles)
    window = 4 * jobs
    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        pending: deque[Future[list[Rating | RatingError]]] = deque()
        while True:
            while len(pending) < window:
                chunk = list(islice(source, chunksize))
                if not chunk:
                    break
                pending.append(pool.submit(_rate_chunk, chunk))
            if not pending:
                return
            yield from pending.popleft().result()
    finally:
        # On Ctrl-C or an early stop, drop the work not started yet.
        pool.shutdown(wait=True, cancel_futures=True)
