"""Difficulty ratings of classic 9x9 puzzles on two scales: ``rate`` and ``rate_many``.

* ``se`` (the default): Sudoku Explainer 1.2.1's ER, EP and ED as its batch rater
  ``serate`` prints them; the algorithm is described in ``docs/se-rating.md``. SE's
  nested forcing chains (ER 9.5 to 11+) can take minutes a step; a path that runs past
  the time budget for them (``yass.rating.se.CHAIN_BUDGET``) is reported honestly as
  ``status="incomplete"`` with lower bounds (``er_min``...) instead of a number.
* ``hodoku``: yass's own human ladder, the path ``yass explain`` takes (``yass.logic.explain``):
  a HoDoKu-style score (the sum of the steps' base scores), the level of the hardest
  technique (Easy..Extreme), that technique, and the guesses required where logic runs out.
* ``all``: both.

``rate_many`` rates in this process, in worker processes (``jobs``) or on a Dask cluster
(``client``, a ``distributed.Client``; the optional extra ``yass-sudoku[dask]``), always
yielding in input order.
"""

from __future__ import annotations

import json
import time
from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from yass.rating.se import SEPath, SEStep, _Unsupported, se_figures, se_path, se_quick

__all__ = ["SCALES", "Rating", "RatingError", "rate", "rate_many", "se_round"]

#: The scales ``rate`` knows: Sudoku Explainer's, yass's HoDoKu-style ladder, or both.
SCALES = ("se", "hodoku", "all")

_DIGITS = "123456789"
_BLANKS = ".0"


class RatingError(ValueError):
    """The text is not a classic 9x9 puzzle line that can be rated."""


def se_round(x: float) -> float:
    """Round as serate prints: ``(int)((x + 0.05) * 10) / 10``."""
    return int((x + 0.05) * 10) / 10


@dataclass(frozen=True, init=False)
class Rating:
    """The rating of one puzzle on the ``scale`` asked (``"se"``, ``"hodoku"`` or ``"all"``).

    Sudoku Explainer's fields (``scale`` se or all; None otherwise): ``er``, ``ep``,
    ``ed`` and SE's ``hardest`` technique. ``status`` is ``"rated"`` (er/ep/ed are SE's
    numbers), ``"incomplete"`` (the SE path ran past the time budget for its chains; ``needs``
    says so; er/ep/ed are None where unknown and ``er_min``/``ep_min``/``ed_min`` are
    lower bounds), ``"no solution"`` or ``"not unique"`` (no path is defined; nothing is
    rated on either scale).

    yass's ladder (``scale`` hodoku or all; None otherwise): ``score`` (HoDoKu-style, the
    sum of the steps' base scores), ``level`` (``"Easy"``..``"Extreme"``, the level of
    the hardest technique), ``hodoku_hardest`` (that technique's name) and ``guesses``
    (the guesses required where logic runs out), as ``yass explain`` reports them.
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
    score: int | None = None
    level: str | None = None
    guesses: int | None = None
    hodoku_hardest: str | None = None
    scale: str = "se"

    def __init__(
        self,
        puzzle: str,
        er: float | None,
        ep: float | None,
        ed: float | None,
        hardest: str | None,
        status: str,
        er_min: float | None = None,
        ep_min: float | None = None,
        ed_min: float | None = None,
        needs: str | None = None,
        steps: tuple[SEStep, ...] | None = None,
        score: int | None = None,
        level: str | None = None,
        guesses: int | None = None,
        hodoku_hardest: str | None = None,
        scale: str = "se",
    ) -> None:
        # The frozen dataclass's own __init__ sets each field with object.__setattr__:
        # a fifth of the time of rating an easy puzzle. One update of the instance's
        # dict does the same.
        self.__dict__.update(
            puzzle=puzzle,
            er=er,
            ep=ep,
            ed=ed,
            hardest=hardest,
            status=status,
            er_min=er_min,
            ep_min=ep_min,
            ed_min=ed_min,
            needs=needs,
            steps=steps,
            score=score,
            level=level,
            guesses=guesses,
            hodoku_hardest=hodoku_hardest,
            scale=scale,
        )

    @classmethod
    def _rated(cls, puzzle: str, er: float, ep: float, ed: float, hardest: str) -> Rating:
        """``Rating(puzzle, er, ep, ed, hardest, "rated")``, made in half the time: the
        constructor's keyword handling is a tenth of rating an easy puzzle."""
        self = object.__new__(cls)
        fields = self.__dict__
        fields.update(_RATED)
        fields["puzzle"] = puzzle
        fields["er"] = er
        fields["ep"] = ep
        fields["ed"] = ed
        fields["hardest"] = hardest
        return self

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: numbers with one decimal, absent bounds left out.

        Only the fields of the scale asked are there: ``er``, ``ep``, ``ed``, ``hardest``
        for se; ``score``, ``level``, ``guesses``, ``hodoku_hardest`` for hodoku; all of
        them for all. ``puzzle`` and ``status`` always.
        """
        out: dict[str, Any] = {"puzzle": self.puzzle}
        if self.scale != "hodoku":
            out.update(er=self.er, ep=self.ep, ed=self.ed, hardest=self.hardest)
        if self.scale != "se":
            out.update(
                score=self.score,
                level=self.level,
                guesses=self.guesses,
                hodoku_hardest=self.hodoku_hardest,
            )
        out["status"] = self.status
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


# The fields of Rating._rated's instances (puzzle, er, ep, ed, hardest set after).
_RATED: dict[str, Any] = dict(Rating("", None, None, None, None, "rated").__dict__)


def _cell_name(c: int) -> str:
    return f"r{c // 9 + 1}c{c % 9 + 1}"


def _step_json(s: SEStep) -> dict[str, Any]:
    out: dict[str, Any] = {"technique": s.name, "difficulty": se_round(s.difficulty)}
    if s.placement is not None:
        out["place"] = f"{_cell_name(s.placement[0])}={s.placement[1]}"
    if s.eliminations:
        out["eliminate"] = [f"{_cell_name(c)}<>{d}" for c, d in s.eliminations]
    return out


# Text to values: "." and "0" are blanks; the bytes of "0".."9" become 0..9.
_TO_ZERO = str.maketrans(".", "0")
_TO_VALUE = bytes.maketrans(b"0123456789", bytes(range(10)))
_NOT_CELL = str.maketrans(dict.fromkeys(_DIGITS + _BLANKS))


def parse_line(puzzle: str) -> tuple[str, list[int]]:
    """The puzzle's canonical 81-character line and its values; RatingError if malformed."""
    text = "".join(puzzle.split())
    if len(text) != 81:
        raise RatingError(f"a puzzle line has 81 cells, got {len(text)}")
    if text.translate(_NOT_CELL):
        i = next(i for i, ch in enumerate(text) if ch not in _DIGITS and ch not in _BLANKS)
        raise RatingError(f"unknown character {text[i]!r} at {_cell_name(i)}")
    zeros = text.translate(_TO_ZERO)
    return zeros.replace("0", "."), list(zeros.encode().translate(_TO_VALUE))


def _clash(line: str) -> str | None:
    """What is wrong with the givens of a line without a solution, in the words every yass
    command uses ("givens r1c1 and r1c2 are both 1 (same row 1)"), or None."""
    from yass.core.board import ConflictError
    from yass.formats import parse_puzzle

    try:
        parse_puzzle(line)
    except ConflictError as exc:
        return str(exc)
    return None


def _count(line: str) -> int:
    from yass.engine import fast

    return fast.classic_line(line.replace(".", "0"), 2)[0]


def _check_scale(scale: str) -> None:
    if scale not in SCALES:
        raise ValueError(f"unknown rating scale {scale!r}: use one of {', '.join(SCALES)}")


def rate(
    puzzle: str, *, steps: bool = False, scale: str = "se", timeout: float | None = None,
    settings: str | None = None,
) -> Rating:
    """The rating of a classic 9x9 puzzle line (81 characters, ``.`` or ``0`` blank), or
    of a pencil-mark (Sukaku) puzzle given as 729 candidate characters: then SE's loop
    starts from those candidates, as SukakuExplainer's does (see docs/formats.md).

    ``scale`` is ``"se"`` (SE 1.2.1's ER/EP/ED, the default), ``"hodoku"`` (yass's
    ladder: score, level, guesses) or ``"all"``; see ``Rating``. ``steps`` keeps SE's path.
    Raises RatingError (a ValueError) for malformed text or clashing givens, and
    ValueError for an unknown scale. A puzzle with no solution or several gets that
    status and no numbers.

    ``timeout`` bounds the slow parts, in seconds: SE's forcing chains (default
    ``yass.rating.se.CHAIN_BUDGET``), after which the rating is ``"incomplete"`` with
    lower bounds, and yass's ladder on the other scales (no bound by default), after
    which its fields are left empty and ``needs`` says so. The quick rules before the
    chains take milliseconds and are not bounded. ``settings``: the path of a ladder
    settings file (``yass.logic.ladder``) for the ladder's scale.
    """
    # Most puzzles: SE's first rules solve them, in C, and that proves them unique. The
    # usual call (SE's scale, no steps, a bare line) takes the leanest way there.
    end = None if timeout is None else time.perf_counter() + timeout  # SE's, then the ladder's
    raw = puzzle if len(puzzle) == 81 else "".join(puzzle.split())
    if len(raw) == 729:
        _check_scale(scale)
        return _rate_pencil(raw, steps, scale, end, settings)
    lean = scale == "se" and not steps
    stall: list[Any] = []  # where the compiled rules stop, if they do
    if lean:
        rated = _lean(raw, stall)
        if rated is not None:
            return rated
    _check_scale(scale)
    text = "".join(raw.split())
    # The lean call has already tried SE's quick path on this very line.
    tried = lean and text == raw
    quick = _quick(text, steps, scale) if scale != "hodoku" and not tried else None
    if quick is not None:
        rating = quick
    else:
        line, values = parse_line(text)
        n = _count(line)
        if n != 1:
            clash = _clash(line) if n == 0 else None  # clashing givens have no solution
            if clash is not None:
                raise RatingError(clash)
            status = "no solution" if n == 0 else "not unique"
            return Rating(line, None, None, None, None, status, scale=scale)
        if scale == "hodoku":
            rating = Rating(line, None, None, None, None, "rated", scale=scale)
        else:
            rating = _se_rating(line, values, steps, scale, stall[0] if stall else None, end)
    if scale != "se":
        rating = _with_ladder(rating, end, settings)
    return rating


def _left(end: float | None) -> float | None:
    """The seconds left until ``end`` (a ``time.perf_counter()`` time; None: no bound):
    the budget of SE's chains, which the ladder then shares what is left of."""
    return None if end is None else max(0.0, end - time.perf_counter())


def _rate_pencil(
    text: str, steps: bool, scale: str, end: float | None, settings: str | None = None
) -> Rating:
    """The rating of a pencil-mark (Sukaku) puzzle, 729 candidate characters: SE's loop
    starts from the given candidates (a cell with one candidate is a given), as
    SukakuExplainer's does; yass's ladder explains the same puzzle."""
    from yass.core.geometry import PuzzleError
    from yass.engine import fast
    from yass.formats.candidates import candidate_line, parse_candidates
    from yass.formats.text import candidate_puzzle

    try:
        _, masks = parse_candidates(text)
        puzzle = candidate_puzzle(9, masks)
    except PuzzleError as exc:
        raise RatingError(str(exc)) from None
    line = candidate_line(puzzle.board())
    count = fast.search(puzzle, 2)[0]
    if count != 1:
        status = "no solution" if count == 0 else "not unique"
        return Rating(line, None, None, None, None, status, scale=scale)
    if scale == "hodoku":
        rating = Rating(line, None, None, None, None, "rated", scale=scale)
    else:
        try:
            path = se_path(
                list(puzzle.givens), keep_steps=steps, budget=_left(end), candidates=masks
            )
        except _Unsupported as exc:  # pragma: no cover - guarded SE corner cases
            return Rating(line, None, None, None, None, "incomplete", needs=str(exc),
                          scale=scale)
        rating = _from_path(line, path, steps, scale)
    return _with_ladder(rating, end, settings) if scale != "se" else rating


def _lean(text: str, stall: list[Any] | None = None) -> Rating | None:
    """``rate(text)`` on SE's scale when the compiled rules up to BUG finish the puzzle
    (see ``se.se_figures``; ``stall`` gets where they stop otherwise), else None: the
    usual call's leanest way, no path object made."""
    got = se_figures(text, None, stall)
    if got is None:
        return None
    er, hardest, ep, ed = got
    return Rating._rated(
        text.replace("0", "."),
        int((er + 0.05) * 10) / 10,  # se_round, inline
        int((ep + 0.05) * 10) / 10,
        int((ed + 0.05) * 10) / 10,
        hardest,
    )


def _quick(text: str, steps: bool, scale: str) -> Rating | None:
    """SE's rating of a puzzle line (no whitespace) when ``se_quick`` finishes its path,
    else None (see ``rate``)."""
    path = se_quick(text, steps)
    return None if path is None else _from_path(text.replace("0", "."), path, steps, scale)


def _ladder_stopped(rating: Rating) -> Rating:
    """``rating`` when the ladder ran out of time: its fields stay empty, and on its own
    scale the rating says why."""
    if rating.scale == "hodoku":
        return replace(rating, status="incomplete", needs="ladder")
    return rating


def _with_ladder(
    rating: Rating, end: float | None = None, settings: str | None = None
) -> Rating:
    """``rating`` with the fields of yass's ladder, from the path ``yass explain`` takes
    (until ``end``, a ``time.perf_counter()`` time: past it the fields stay empty).

    The puzzle is known to be unique here, so the ladder keeps its uniqueness techniques,
    as ``explain`` does by default once its own search finds one solution.
    """
    from yass.core.bounds import BoundReached, Bounds
    from yass.formats import parse_puzzle
    from yass.logic.explain import explain

    bounds = None
    if end is not None:  # what SE's part left of the puzzle's time
        left = end - time.perf_counter()
        if left <= 0:
            return _ladder_stopped(rating)
        bounds = Bounds(left)
    try:
        result = explain(
            parse_puzzle(rating.puzzle), _ladder(settings), unique=True, bounds=bounds
        )
    except BoundReached:
        return _ladder_stopped(rating)
    hardest = result.hardest
    return replace(
        rating,
        score=result.score,
        level=hardest.level_name if hardest else None,
        guesses=result.guesses,
        hodoku_hardest=hardest.name if hardest else None,
    )


def _se_rating(
    line: str,
    values: list[int],
    steps: bool,
    scale: str,
    start: Any = None,
    end: float | None = None,
) -> Rating:
    """SE 1.2.1's rating of a unique puzzle, as a Rating on ``scale`` (``start``: see
    ``se_path``; its ``budget``: the time left until ``end``)."""
    try:
        path = se_path(values, keep_steps=steps, budget=_left(end), start=start)
    except _Unsupported as exc:  # pragma: no cover - guarded SE corner cases
        return Rating(line, None, None, None, None, "incomplete", needs=str(exc), scale=scale)
    return _from_path(line, path, steps, scale)


def _from_path(line: str, path: SEPath, steps: bool, scale: str) -> Rating:
    """The Rating of SE's ``path`` for the puzzle ``line``."""
    kept = tuple(path.steps) if steps else None
    if path.solved:
        er = se_round(path.difficulty) if path.difficulty is not None else 0.0
        ep = se_round(path.pearl) if path.pearl is not None else 0.0
        ed = se_round(path.diamond) if path.diamond is not None else 0.0
        return Rating(line, er, ep, ed, path.hardest, "rated", steps=kept, scale=scale)
    # The chain levels ran past their time budget: the next hint rates path.floor (the
    # least a hint of the level then running can rate) or more.
    current = path.difficulty if path.difficulty is not None else path.floor
    er_min = se_round(max(current, path.floor))
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
        # rates path.floor or more, so does EP (ED is that step's own rating).
        ep_min=ep_known if ep_known is not None else er_min,
        ed_min=ed_known if ed_known is not None else se_round(path.floor),
        needs="more time for chains",
        steps=kept,
        scale=scale,
    )


def _ladder(settings: str | None) -> Any:
    """The ladder of a settings file (read once a process), or None for the default."""
    if settings is None:
        return None
    if settings not in _LADDERS:
        from pathlib import Path

        from yass.logic.ladder import load_settings

        _LADDERS[settings] = load_settings(Path(settings))
    return _LADDERS[settings]


_LADDERS: dict[str, Any] = {}


def _rate_text(
    puzzle: str, scale: str = "se", timeout: float | None = None, settings: str | None = None
) -> Rating | RatingError:
    try:
        return rate(puzzle, scale=scale, timeout=timeout, settings=settings)
    except RatingError as exc:
        return exc


def _rate_chunk(
    puzzles: list[str], scale: str = "se", timeout: float | None = None,
    settings: str | None = None,
) -> list[Rating | RatingError]:
    """Rate a chunk of lines: the unit of work of a worker process or a Dask task."""
    return [_rate_text(p, scale, timeout, settings) for p in puzzles]


def rate_many(
    puzzles: Iterable[str],
    *,
    jobs: int = 1,
    chunksize: int = 8,
    scale: str = "se",
    client: Any = None,
    timeout: float | None = None,
    settings: str | None = None,
) -> Generator[Rating | RatingError, None, None]:
    """Rate many puzzle lines on ``scale`` (see ``rate``), yielding in input order as
    results come.

    A malformed line yields its RatingError instead of stopping the stream. ``jobs`` > 1
    spreads the work over that many processes (``0`` or less: one per core). ``client``
    (a ``distributed.Client``, from the optional extra ``yass-sudoku[dask]``) runs the
    chunks of ``chunksize`` lines as tasks on its Dask cluster instead (``jobs`` is then
    not used; the workers need yass installed). Either way the input is read only a
    bounded window ahead, so an endless or huge source streams; the results are the same
    as in this process. ``timeout``: each puzzle's, as ``rate`` takes it.
    """
    _check_scale(scale)
    if chunksize < 1:
        raise ValueError(f"chunksize must be at least 1, not {chunksize}")
    if client is None:
        if jobs <= 0:
            import os

            jobs = os.cpu_count() or 1
        if jobs == 1:
            for p in puzzles:
                yield _rate_text(p, scale, timeout, settings)
            return
    yield from _pooled(puzzles, scale, jobs, chunksize, timeout, client, settings)


def _pooled(
    puzzles: Iterable[str],
    scale: str,
    jobs: int,
    chunksize: int,
    timeout: float | None = None,
    client: Any = None,
    settings: str | None = None,
) -> Generator[Rating | RatingError, None, None]:
    """``rate_many`` on the one ordered parallel map (``yass.engine.parallel.in_order``):
    chunks of ``chunksize`` puzzles over ``jobs`` worker processes, or as tasks on the Dask
    cluster of ``client``. On SE's scale the puzzles of a chunk that the quick path rates
    are rated here first (most easy puzzles take ~10 us here, less than sending them to
    a worker and back; the other scales run yass's ladder, which is worth sending); a
    chunk with none left is not sent."""
    from collections import deque
    from itertools import islice

    from yass.engine import parallel

    here: deque[list[Rating | None]] = deque()  # of each chunk sent, what was rated here

    def chunks() -> Iterator[tuple[list[str], str, float | None, str | None]]:
        source = iter(puzzles)
        while chunk := list(islice(source, chunksize)):
            if scale == "se":
                quick = [_lean("".join(p.split())) for p in chunk]
            else:
                quick = [None] * len(chunk)
            here.append(quick)
            yield ([p for p, r in zip(chunk, quick, strict=True) if r is None], scale, timeout,
                   settings)

    results = parallel.in_order(
        _rate_job, chunks(), jobs, lambda: True, local=lambda job: not job[0], client=client
    )
    try:
        for there in results:
            rest = iter(there)
            yield from (r if r is not None else next(rest) for r in here.popleft())
    finally:
        results.close()


def _rate_job(
    job: tuple[list[str], str, float | None, str | None],
) -> list[Rating | RatingError]:
    """A chunk's puzzles, scale, timeout and settings: what a worker process or a Dask
    task rates."""
    return _rate_chunk(*job)
