"""Make puzzles with one solution, to order: level, techniques, symmetry, givens, rules.

Each puzzle is made the way setters' tools make them: a random solution grid (a search
that tries digits in a random order), then givens taken away one symmetry orbit at a
time, in a random order, keeping each removal only while the puzzle still has exactly
one solution (the fast exhaustive search proves it). What is left is rated by the human
ladder (``yass.explain``: the hardest technique, its level, a HoDoKu-style score), and
kept only if it matches what was asked; otherwise a new grid is tried.

Everything is reproducible: puzzle ``i`` of seed ``s`` depends only on ``(s, i)``, so
``-j`` workers give the same puzzles in the same order as one worker.

Levels follow the ladder's table (``yass techniques``): easy, medium, hard, unfair,
extreme. Random minimal puzzles are mostly easy to hard; unfair and extreme ones, or a
puzzle whose hardest step is a rare technique, take many tries.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from yass.board import Board, Puzzle
from yass.formats.candidates import candidate_line
from yass.geometry import PuzzleError
from yass.layout import Layout

__all__ = [
    "SYMMETRIES",
    "GenerateError",
    "Generated",
    "Request",
    "generate",
    "generate_one",
    "orbits",
]

#: Symmetry names and what they map a cell (r, c) of an n x n grid to.
SYMMETRIES = ("none", "rotational", "quarter", "diagonal", "antidiagonal", "mirror", "flip",
              "dihedral")
LEVEL_NAMES = ("easy", "medium", "hard", "unfair", "extreme")


class GenerateError(PuzzleError):
    """A request that cannot be met as asked (bad option values)."""


def _images(r: int, c: int, n: int, symmetry: str) -> set[tuple[int, int]]:
    m = n - 1
    if symmetry == "none":
        return {(r, c)}
    if symmetry == "rotational":
        return {(r, c), (m - r, m - c)}
    if symmetry == "quarter":
        return {(r, c), (c, m - r), (m - r, m - c), (m - c, r)}
    if symmetry == "diagonal":
        return {(r, c), (c, r)}
    if symmetry == "antidiagonal":
        return {(r, c), (m - c, m - r)}
    if symmetry == "mirror":
        return {(r, c), (r, m - c)}
    if symmetry == "flip":
        return {(r, c), (m - r, c)}
    if symmetry == "dihedral":
        out = set()
        for a, b in ((r, c), (c, r)):
            out |= {(a, b), (m - a, b), (a, m - b), (m - a, m - b)}
        return out
    raise GenerateError(f"unknown symmetry {symmetry!r} (known: {', '.join(SYMMETRIES)})")


def orbits(size: int, symmetry: str) -> list[tuple[int, ...]]:
    """The cells grouped by ``symmetry``: each orbit is kept or emptied as a whole."""
    seen: set[int] = set()
    out = []
    for r in range(size):
        for c in range(size):
            cell = r * size + c
            if cell in seen:
                continue
            orbit = tuple(sorted(a * size + b for a, b in _images(r, c, size, symmetry)))
            seen.update(orbit)
            out.append(orbit)
    return out


@dataclass(frozen=True)
class Request:
    """What a generated puzzle must be. Empty fields mean "anything"."""

    layout: Layout
    levels: tuple[int, ...] = ()  # 1 easy .. 5 extreme
    require: tuple[str, ...] = ()  # technique codes that must appear on the path
    exclude: tuple[str, ...] = ()  # technique codes that must not
    hardest: tuple[str, ...] = ()  # the hardest technique must be one of these
    symmetry: str = "none"
    givens: tuple[int, int] | None = None  # inclusive range
    minimal: bool = False  # no single given can be taken away
    practice: str | None = None  # a technique code: stop where it is the next step
    rating: tuple[float, float] | None = None  # Sudoku Explainer ER range (classic 9x9)
    fixed: tuple[int, ...] | None = None  # a template's own givens, kept as they are


@dataclass
class Generated:
    """One puzzle made to order, with its rating from the human ladder."""

    puzzle: Puzzle
    solution: tuple[int, ...]
    level: int
    level_name: str
    hardest: str  # technique code of the hardest step
    hardest_name: str
    score: int
    counts: dict[str, int]
    tries: int
    seconds: float
    index: int = 0
    #: With ``Request.practice``: how many steps come before the practised one, and the
    #: grid in progress there as a 729-character candidate line (``yass hint`` reads it).
    practice_step: int | None = None
    practice_grid: str | None = None
    #: With ``Request.rating``: Sudoku Explainer's ER, EP and ED (``yass rate``).
    se: tuple[float, float, float] | None = None
    givens: int = field(init=False)

    def __post_init__(self) -> None:
        self.givens = sum(1 for v in self.puzzle.givens if v)

    def line(self) -> str:
        return self.puzzle.line()

    def to_json(self) -> dict[str, Any]:
        return {
            "puzzle": self.line(),
            "solution": "".join(str(v) if v < 10 else chr(55 + v) for v in self.solution),
            "givens": self.givens,
            "level": self.level_name,
            "hardest": self.hardest,
            "hardest_name": self.hardest_name,
            "score": self.score,
            "techniques": self.counts,
            "tries": self.tries,
            "seconds": round(self.seconds, 4),
            "index": self.index,
            **({"er": self.se[0], "ep": self.se[1], "ed": self.se[2]} if self.se else {}),
            **(
                {"practice": {"steps_before": self.practice_step, "grid": self.practice_grid}}
                if self.practice_grid is not None
                else {}
            ),
        }


def _random_grid(
    layout: Layout, rng: random.Random, fixed: Sequence[int] | None = None
) -> tuple[int, ...] | None:
    """A random solution grid of ``layout`` (None if the rules allow none).

    A few random digits are placed where the rules still allow them, then the fast
    search completes the grid (its first solution); a dead end starts again. After a few
    failures (tight rules) the logic solver guesses its way to a grid in random order.
    """
    from yass import fast

    n = layout.ncells
    seeds = max(2, layout.size + layout.size // 2)
    start = list(fixed) if fixed else [0] * n
    for _ in range(20):
        board = Board.from_givens(layout, start)
        givens = start[:]
        cells = [c for c in range(n) if not start[c]]
        rng.shuffle(cells)
        for cell in cells[:seeds]:
            digits = [d for d in range(1, layout.size + 1) if board.cands[cell] >> (d - 1) & 1]
            if not digits:
                break
            d = rng.choice(digits)
            if not board.place(cell, d):
                break
            givens[cell] = d
        else:
            grid = fast.solve(Puzzle(layout, tuple(givens)))
            if grid is not None:
                return tuple(grid)
    from yass.solver import solve
    from yass.techniques import get_techniques

    empty = Puzzle(layout, tuple(start))
    result = solve(
        empty, get_techniques("ns,hs"), unique=False, guess_order="random",
        seed=rng.randrange(1 << 62),
    )
    return result.solution


def _unique(layout: Layout, givens: Sequence[int]) -> bool:
    from yass import fast

    return fast.count_solutions(Puzzle(layout, tuple(givens)), 2) == 1


def _carve(req: Request, grid: tuple[int, ...], rng: random.Random) -> list[int] | None:
    """Take givens away orbit by orbit while the solution stays unique."""
    layout = req.layout
    givens = list(grid)
    low = req.givens[0] if req.givens else 0
    count = len(givens)
    shapes = orbits(layout.size, req.symmetry)
    if req.fixed:
        shapes = [o for o in shapes if not any(req.fixed[c] for c in o)]
    rng.shuffle(shapes)
    for orbit in shapes:
        if count - len(orbit) < low:
            continue
        saved = [givens[c] for c in orbit]
        for c in orbit:
            givens[c] = 0
        if _unique(layout, givens):
            count -= len(orbit)
        else:
            for c, v in zip(orbit, saved, strict=True):
                givens[c] = v
    if req.givens and not req.givens[0] <= count <= req.givens[1]:
        return None
    if req.minimal:
        for c, v in enumerate(givens):
            if v:
                givens[c] = 0
                removable = _unique(layout, givens)
                givens[c] = v
                if removable:
                    return None
    return givens


def _matches(req: Request, counts: dict[str, int], hardest: str, level: int) -> bool:
    if req.levels and level not in req.levels:
        return False
    if req.practice and req.practice not in counts:
        return False
    if any(code not in counts for code in req.require):
        return False
    if any(code in counts for code in req.exclude):
        return False
    return not req.hardest or hardest in req.hardest


def generate_one(
    req: Request, seed: int | str = 0, index: int = 0, *, timeout: float | None = None,
    max_tries: int | None = None,
) -> Generated | None:
    """Puzzle ``index`` of ``seed`` for ``req``; None if ``timeout`` seconds or
    ``max_tries`` grids pass without a match."""
    from yass.explain import explain
    from yass.table import TABLE

    named = (*req.require, *req.exclude, *req.hardest, *((req.practice,) if req.practice else ()))
    unknown = [code for code in named if code not in TABLE]
    if unknown:
        raise GenerateError(f"unknown technique code {unknown[0]!r} (`yass techniques` lists them)")
    start = time.process_time()
    tries = 0
    quick = None
    if req.levels and max(req.levels) < 5:
        from yass.techniques import TECHNIQUES

        quick = [t for t in TECHNIQUES if t.info.level <= max(req.levels)]
    while True:
        if timeout is not None and time.process_time() - start > timeout:
            return None
        if max_tries is not None and tries >= max_tries:
            return None
        rng = random.Random(f"{seed}/{index}/{tries}")
        tries += 1
        grid = _random_grid(req.layout, rng, req.fixed)
        if grid is None:
            raise GenerateError("these rules allow no solution grid")
        givens = _carve(req, grid, rng)
        if givens is None:
            continue
        puzzle = Puzzle(req.layout, tuple(givens))
        if quick is not None:
            # Only the techniques up to the highest level asked: if they get stuck, the
            # full ladder needs a harder step too (so the puzzle is too hard); if they
            # finish, the full ladder below rates it exactly.
            trial = explain(puzzle, quick, unique=True, max_guesses=0)
            if trial.solution is None:
                continue
        result = explain(puzzle, unique=True)
        if result.solution is None or result.guesses:
            continue  # (the ladder always finishes; a guess would mean it did not)
        info = result.hardest
        if info is None:
            continue
        counts = result.counts()
        hardest_code = info.code
        level = result.level
        if not _matches(req, counts, hardest_code, level):
            continue
        se = None
        if req.rating is not None:
            from yass.rating import rate

            r = rate(puzzle.line())
            if r.status != "rated" or r.er is None or r.ep is None or r.ed is None:
                continue  # (SE's later rules are not reproduced yet: no exact number)
            if not req.rating[0] <= r.er <= req.rating[1]:
                continue
            se = (r.er, r.ep, r.ed)
        out = Generated(
            puzzle, tuple(result.solution), level, info.level_name, hardest_code, info.name,
            result.score, counts, tries, time.process_time() - start, index,
        )
        out.se = se
        if req.practice:
            out.practice_step, out.practice_grid = _practice(puzzle, result.steps, req.practice)
        return out


def _practice(puzzle: Puzzle, steps: Sequence[Any], code: str) -> tuple[int, str]:
    """The steps before the first ``code`` step, and the grid there as 729 characters."""
    board = puzzle.board()
    k = next(i for i, step in enumerate(steps) if step.technique == code)
    for step in steps[:k]:
        board.apply(step)
    return k, candidate_line(board)


def _job(args: tuple[Request, int | str, int, float | None]) -> Generated | int:
    req, seed, index, timeout = args
    out = generate_one(req, seed, index, timeout=timeout)
    return index if out is None else out


def generate(
    req: Request, count: int = 1, *, seed: int | str = 0, jobs: int = 1,
    timeout: float | None = None,
) -> Iterator[Generated | int]:
    """``count`` puzzles for ``req`` in index order; an ``int`` (the index) in place of a
    puzzle that was not found within ``timeout`` seconds. ``jobs`` > 1 uses processes."""
    tasks = ((req, seed, i, timeout) for i in range(count))
    if jobs <= 1 or count <= 1:
        for task in tasks:
            yield _job(task)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(_job, tasks)

