"""Make puzzles with one solution, to order: level, techniques, symmetry, givens, rules.

Each search starts the way setters' tools make puzzles: a random solution grid (a search
that tries digits in a random order), then givens taken away one symmetry orbit at a
time, in a random order, keeping each removal only while the puzzle still has exactly
one solution (the fast exhaustive search proves it, in microseconds). What is left is
rated by the human ladder (``yass.logic.explain``: the hardest technique, its level, a
HoDoKu-style score) and returned if it matches what was asked.

When it does not, the search moves instead of starting over (a local search): a
neighbour keeps the solution grid and moves one orbit of givens (one taken away, one
added, then any that became redundant taken away), or, for a puzzle too hard, adds an
orbit where the ladder got stuck; it replaces the current puzzle when it is at least
as close to the request (``_Target.distance``), and after ``PATIENCE`` moves without
getting closer the search starts again from a new grid. Rating is cut short where it
can be: the ladder stops at the hardest technique allowed (stuck means too hard),
singles that finish a puzzle make it easy at once, and for Unfair and Extreme a puzzle
that the easier rungs leave almost solved is not run through the expensive ones. For
Hard and above, a classic puzzle that the fast search proves unique without a branch
is too easy at once (the basic techniques solve it), an Extreme one must take several
branches, and the rungs run as closures (every step a technique finds taken at once,
about twice as fast as the path), the ladder's own path being taken only for a puzzle
they find in the window. Every puzzle returned is unique and rated by the whole ladder,
exactly as ``yass explain`` rates it.

A hardest technique that random puzzles seldom end on (a Jellyfish, colouring, an
X-Chain: an earlier rung mostly makes the same eliminations) starts from a bank of such
puzzles this generator found (``yass.generate.data.seeds``), classic 9x9 with rotational symmetry
or none: one is renamed at random (digits, rows and columns within bands, bands,
transposition) and its givens moved, a few orbits at a time, each step rated, until it
is a new puzzle that still ends on that technique (``_from_bank``); new starts from the
bank alternate with the search above. ``generate`` gives no two puzzles of such a run
that are isomorphic, nor one isomorphic to the bank's (``fingerprint``): such a one is drawn
again.

Everything is reproducible: puzzle ``i`` of seed ``s`` depends only on ``(s, i)`` (and,
in ``generate``, on the puzzles before it that it must not repeat), so ``-j`` workers
give the same puzzles in the same order as one worker.

Levels follow the ladder's table (``yass techniques``): easy, medium, hard, unfair,
extreme. Random minimal puzzles are mostly easy to hard; extreme ones, or a puzzle
whose hardest step is a rare technique, take many tries.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from yass.core.board import Board, Puzzle
from yass.core.bounds import BoundReached, Bounds
from yass.core.geometry import PuzzleError
from yass.core.layout import Layout
from yass.formats.candidates import candidate_line

__all__ = [
    "SYMMETRIES",
    "GenerateError",
    "Generated",
    "Request",
    "fingerprint",
    "generate",
    "generate_one",
    "impossible",
    "orbits",
    "rarely",
]

#: Symmetry names and what they map a cell (r, c) of an n x n grid to.
SYMMETRIES = ("none", "rotational", "quarter", "diagonal", "antidiagonal", "mirror", "flip",
              "dihedral")
LEVEL_NAMES = ("easy", "medium", "hard", "unfair", "extreme")


#: Techniques that are (almost) never on a path, so never its hardest step: a technique
#: earlier on the ladder makes the same eliminations first. A search for them is given a
#: bound by the CLI (``RARE_TIMEOUT``) and says why it found nothing.
_VIA_GAIC = ("Grouped Nice Loop/AIC comes first on the ladder and its chains through ALS"
             " nodes make the same eliminations")
RARE = {"alsxz": _VIA_GAIC, "alsxy": _VIA_GAIC, "alsc": _VIA_GAIC}
#: Seconds a puzzle that ``rarely`` names is searched for when no timeout is given.
RARE_TIMEOUT = 30.0


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
    layout: Layout, rng: random.Random, fixed: Sequence[int] | None = None,
    bounds: Bounds | None = None,
) -> tuple[int, ...] | None:
    """A random solution grid of ``layout`` (None if the rules allow none).

    A few random digits are placed where the rules still allow them, then the fast
    search completes the grid (its first solution); a dead end starts again. After a few
    failures (tight rules) the logic solver guesses its way to a grid in random order.
    BoundReached when the time limit of ``bounds`` passes first.
    """
    from yass.engine import fast

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
            grid = fast.solve(Puzzle(layout, tuple(givens)), bounds)
            if grid is not None:
                return tuple(grid)
    from yass.logic.solver import solve
    from yass.logic.techniques import get_techniques

    empty = Puzzle(layout, tuple(start))
    result = solve(
        empty, get_techniques("ns,hs"), unique=False, guess_order="random",
        seed=rng.randrange(1 << 62), bounds=bounds,
    )
    return result.solution


def _c9(layout: Layout) -> bool:
    """Whether ``layout`` is the classic 9x9 (3x3 boxes, no rules): the fast core's own."""
    from yass.engine import fast

    return fast.engine(layout) == fast.CLASSIC9


def _unique(layout: Layout, givens: Sequence[int], bounds: Bounds | None = None) -> bool:
    """Whether ``givens`` have one solution; BoundReached at the time limit of ``bounds``
    (a classic 9x9 takes microseconds: only other layouts are bounded)."""
    if _c9(layout):
        from yass.engine import _core

        return _core.c9_search(givens, 2)[0] == 1
    from yass.engine import fast

    return fast.count_solutions(Puzzle(layout, tuple(givens)), 2, bounds) == 1


def _branches(givens: Sequence[int]) -> int:
    """The branches the fast exhaustive search takes to prove a classic 9x9 puzzle unique:
    none when its propagation (singles and box-line triads) finishes the puzzle, most
    Extreme puzzles seven or more."""
    from yass.engine import _core

    return _core.c9_search(givens, 2)[3]


def _carve(
    req: Request, grid: tuple[int, ...], rng: random.Random, bounds: Bounds | None = None
) -> list[int]:
    """Take givens away orbit by orbit while the solution stays unique (never below the
    lower bound of ``req.givens``)."""
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
        if _unique(layout, givens, bounds):
            count -= len(orbit)
        else:
            for c, v in zip(orbit, saved, strict=True):
                givens[c] = v
    return givens


def rarely(req: Request) -> str | None:
    """Why ``req`` can hardly be met (a technique in ``RARE`` required, practised, or
    every technique allowed as the hardest), or None."""
    from yass.logic.explain import technique_info

    named = [c for c in (*req.require, *((req.practice,) if req.practice else ())) if c in RARE]
    if req.hardest and all(code in RARE for code in req.hardest):
        named.append(req.hardest[0])
    if not named:
        return None
    code = named[0]
    return f"{technique_info(code).name} is almost never on a solving path: {RARE[code]}"


#: The fewest givens a classic puzzle with one solution has, by size: 17 for 9x9 (McGuire,
#: Tugemann and Civario's exhaustive search, 2012), 4 for 4x4; for other sizes only the
#: bound that holds for every size: with two digits absent from the givens, swapping
#: them in a solution gives another one, so at least N-1 givens.
FEWEST_GIVENS = {4: 4, 9: 17}


def impossible(req: Request) -> str | None:
    """Why no puzzle can meet ``req``, its options contradicting each other or the
    grid (a technique both required and excluded, a level no allowed hardest technique
    has, fewer givens than any puzzle with one solution has...), or None. Said at
    once, rather than found by a search that can only run out of time."""
    from yass.core.table import LEVELS, TABLE

    def name(code: str) -> str:
        return TABLE[code].name if code in TABLE else code

    def levels(codes: Sequence[str]) -> str:
        return ", ".join(f"{name(c)} ({LEVELS[TABLE[c].level]})" for c in codes if c in TABLE)

    layout = req.layout
    fixed = sum(1 for v in req.fixed if v) if req.fixed else 0
    if req.givens is not None:
        lo, hi = req.givens
        span = f"--givens {lo}-{hi}" if lo != hi else f"--givens {lo}"
        fewest = FEWEST_GIVENS.get(layout.size, layout.size - 1)
        if hi < fixed:
            return f"{span}: the template has {fixed} givens already"
        if layout.is_classic and not fixed and hi < fewest:
            return (f"{span}: a classic {layout.size}x{layout.size} puzzle needs at least"
                    f" {fewest} givens to have only one solution")
        if lo >= layout.ncells:
            asked = [opt for opt, on in (
                ("--level", req.levels), ("--require", req.require),
                ("--hardest", req.hardest), ("--practice", req.practice),
                ("--rating", req.rating), ("--minimal", req.minimal and layout.ncells > 1),
            ) if on]
            if asked:
                return (f"{span}: a full grid has no step to take, so {asked[0]} cannot"
                        " be met")
    both = [c for c in req.require if c in req.exclude]
    if req.practice is not None and req.practice in req.exclude:
        both.append(req.practice)
    if both:
        return f"{name(both[0])} is both required and excluded (--exclude)"
    if req.hardest and all(c in req.exclude for c in req.hardest):
        return "--exclude excludes every technique --hardest allows"
    wanted = LEVELS[max(req.levels)] if req.levels else ""
    allowed = ", ".join(LEVELS[v] for v in sorted(set(req.levels)))
    if req.levels and req.hardest and not any(
        c in TABLE and TABLE[c].level in req.levels for c in req.hardest
    ):
        return (f"--level {allowed.lower()}: no technique --hardest allows is at that"
                f" level ({levels(req.hardest)})")
    needed = [*req.require, *((req.practice,) if req.practice else ())]
    for code in needed:
        if code not in TABLE:
            continue
        if req.levels and TABLE[code].level > max(req.levels):
            return (f"{name(code)} ({LEVELS[TABLE[code].level]}) cannot be on the path"
                    f" of a puzzle whose hardest step is {wanted} at most (--level"
                    f" {allowed.lower()})")
        if req.hardest and all(
            c in TABLE and _key(c) < _key(code) for c in req.hardest
        ):
            return (f"{name(code)} comes after every technique --hardest allows on the"
                    f" ladder ({levels(req.hardest)}), so it cannot be on the path")
    return None


def _full(
    req: Request, rng: random.Random, index: int, bounds: Bounds | None
) -> Generated | None:
    """The one puzzle of ``--givens N`` with N the number of cells: a full solution grid
    (one solution, no step to take); None at the time limit of ``bounds``."""
    start = time.process_time()
    try:
        grid = _random_grid(req.layout, rng, req.fixed, bounds)
    except BoundReached:
        return None
    if grid is None:
        raise GenerateError("these rules allow no solution grid")
    out = Generated(Puzzle(req.layout, grid), grid, 0, "Trivial", "",
                    "none (the grid is full)", 0, {}, 1, 0.0)
    out.index = index
    out.seconds = time.process_time() - start
    return out


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


Key = tuple[int, int]
_LOWEST: Key = (0, -1)
_EASY: Key = (1, 1 << 30)
_HIGHEST: Key = (99, 1 << 30)


def _key(code: str) -> Key:
    """Where a technique sits by hardness: its level, then its place on the ladder (the
    order ``Explanation.hardest`` compares by)."""
    from yass.logic.explain import technique_info

    info = technique_info(code)
    return info.level, info.order


Distance = tuple[int, int, int]
#: For a classic 9x9 asked to be at least Unfair (4) or Extreme (5): the cells the basic
#: techniques, then the techniques before the first Unfair one, must leave unsolved
#: for the rest of the ladder to run at all (for Extreme the same: cells the basic
#: techniques solve are not left by the next tier either, so the earlier gate spares it).
_GATES = {4: (30, 0), 5: (47, 47)}
#: For a classic 9x9 asked to be Hard or above: a puzzle ``_branches`` proves unique
#: without a branch is solved by the basic techniques (1489 of 1489 puzzles checked), so
#: it is too easy at once (three puzzles in four, in microseconds). Asked to be Extreme:
#: the fewest branches it must take. Measured on the puzzles a search for Extreme ones
#: rated through the whole ladder (about 600): 81% of the Extreme ones take 7 or more,
#: a third of the others and under 4% of random minimal puzzles do.
BRANCHES_GATE = 7
#: The most steps ``_closes`` takes from one technique at a time (a chain search yields
#: its steps lazily; more than this gains little).
BATCH = 16
#: Whether ratings for windows from Hard up start with the closures (``_Target.fast``).
FAST = True


def _prefix(ladder: Sequence[Any], level: int) -> list[Any]:
    """The techniques of ``ladder`` before the first one above ``level``."""
    out = []
    for t in ladder:
        if t.info.level > level:
            break
        out.append(t)
    return out


class _Target:
    """The window of hardest steps a request allows, and how far a puzzle is from it.

    ``lo``..``hi`` bound the key of the hardest step (from the levels, ``hardest``,
    ``require`` and ``practice``). A puzzle is rated with the ladder cut at ``hi``, in
    tiers: the singles (a closure, no steps made: when they finish, the puzzle is easy),
    then the basic techniques (Easy and Medium), the rest below Unfair, the rest of the
    cut ladder. Each tier is a prefix of the next, and a path takes a step of a later
    tier only where the earlier ones have none, so running them one after the other from
    the same board gives the cut ladder's path, and a puzzle too easy stops early. For
    the Unfair and Extreme levels a tier that leaves fewer cells than its gate ends the
    rating there (too easy: more is left in hard puzzles), which spares the expensive
    techniques. Stuck on the cut ladder means too hard (closer when a step in the window
    came first, then with fewer cells left); solved with every step below ``lo`` means
    too easy (closer the further it got through the tiers, then the more cells were left,
    or the more score hard steps made); otherwise the whole ladder rates it and the
    request is checked as a whole. Distances compare as tuples, smaller is closer,
    ``(0, 0, 0)`` is a match.

    From Hard up (``fast``) a classic puzzle proved unique without a branch is too easy
    before any rating (``BRANCHES_GATE``), and the tiers run as closures (``_closes``):
    the closures decide too easy and too hard, and a puzzle they put in the window is
    rated again by the cut ladder's own path (``_exact``), which alone decides a match.
    For Extreme, the closure of the ladder below Extreme first tells whether the
    puzzle is too easy, before any forcing chain runs.
    """

    def __init__(self, req: Request) -> None:
        from yass.logic.techniques import TECHNIQUES

        #: The time limit of the puzzle being searched for, checked between the steps of
        #: every rating (one rating of a puzzle with rules can take many seconds).
        self.bounds: Bounds | None = None

        lo, hi = _LOWEST, _HIGHEST
        if req.levels:
            lo, hi = max(lo, (min(req.levels), -1)), min(hi, (max(req.levels), 1 << 30))
        if req.hardest:
            keys = [_key(code) for code in req.hardest]
            lo, hi = max(lo, min(keys)), min(hi, max(keys))
        for code in (*req.require, *((req.practice,) if req.practice else ())):
            lo = max(lo, _key(code))
        self.lo, self.hi = lo, hi
        #: After ``distance`` of a puzzle too hard: the cells left where the ladder stuck.
        self.stuck: list[int] = []
        ladder = [t for t in TECHNIQUES if _key(t.code) <= hi]
        #: The ladder cut at ``hi`` (the whole ladder always finishes).
        self.cut = ladder
        self.whole = len(ladder) == len(TECHNIQUES)
        #: Whether the cut ladder is the start of the whole one (a Hard technique placed
        #: after Unfair ones, such as Simple Colouring, cuts the Unfair ones out of it).
        self.prefix = ladder == list(TECHNIQUES[: len(ladder)])
        # The tiers: prefixes of the cut ladder (a path takes a step of a later tier only
        # where the earlier ones have none, so running them one after the other from the
        # same board gives the path of the cut ladder), each with the cells it must leave
        # unsolved for the search to go on.
        classic = _c9(req.layout)
        gates = _GATES.get(lo[0], (0, 0)) if classic else (0, 0)  # (measured there)
        basic = _prefix(ladder, 2)
        below_unfair = _prefix(ladder, 3)
        self.tiers = [(basic, gates[0])]
        if len(below_unfair) > len(basic):
            self.tiers.append((below_unfair, gates[1]))
        if len(ladder) > len(self.tiers[-1][0]):
            self.tiers.append((ladder, 0))
        #: Hard and above asked: the branches a puzzle must take (classic 9x9, see
        #: ``BRANCHES_GATE``); Extreme asked: the ladder below Extreme, whose closure
        #: (``_closes``) first tells a puzzle too easy.
        self.branches = 0
        if classic and lo[0] >= 3:
            self.branches = BRANCHES_GATE if lo[0] >= 5 else 1
        below_extreme = _prefix(ladder, 4)
        self.below: list[Any] | None = None
        if lo[0] >= 5 and len(self.tiers) > 1 and len(self.tiers[-2][0]) < len(below_extreme):
            self.below = below_extreme
        #: A window above the first Extreme technique (Forcing Net): the ladder below
        #: it, whose closure tells too easy a puzzle the ladder below Extreme left
        #: unsolved (most of them: a forcing chain solves them) before the path is made.
        self.under: list[Any] | None = None
        under = [t for t in ladder if _key(t.code) < lo]
        if self.below is not None and len(under) > len(self.below):
            self.under = under
        #: Whether the tiers are run as closures (``_closes``: every step a technique
        #: finds taken at once), the ladder's own path taken only for a puzzle they find
        #: in the window: for windows that random puzzles seldom hit (Hard and above).
        self.fast = FAST and lo[0] >= 3

    def distance(self, puzzle: Puzzle, grid: Sequence[int]) -> tuple[Distance, Any]:
        """How far ``puzzle`` (whose solution is ``grid``) is from the window, and its
        full explanation when it is in."""
        from yass.logic.solver import run_logic

        self.stuck = []
        if self.branches:
            branches = _branches(puzzle.givens)
            if branches < self.branches:
                return (2, 1, -branches * 81 - puzzle.givens.count(0)), None
            if self.below is not None and _se_easy(puzzle):
                return (2, -1, -branches), None
        board = puzzle.board()
        left = sum(1 for v in board.values if not v)
        if self.lo > _EASY:
            # Singles come first on every path: when they finish the puzzle, it is easy.
            after = _singles_left(board.copy())
            if not after:
                return (2, 0, -left), None
            if after < self.tiers[0][1]:
                return (2, -1, -after), None
        steps: list[Any] = []
        stage = 2
        after = left
        last = len(self.tiers) - 1
        for depth, (ladder, gate) in enumerate(self.tiers):
            before = after if depth == 0 else left
            if depth == last and depth and self.below is not None:
                # Most puzzles that get this far are still solved below Extreme: the
                # closure tells so in half the time of the ladder's path, and only the
                # others take the path.
                trial, found = board.copy(), steps[:]
                if _closes(trial, self.below, found, self.bounds) or (
                    self.under is not None and _closes(trial, self.under, found, self.bounds)
                ):
                    return (2, -2 * depth - 2, -sum(_hard_score(s.technique) for s in found)), None
                if self.fast:
                    return self._exact(puzzle, grid)
            if self.fast:
                _closes(board, ladder, steps, self.bounds)
            else:
                broken = run_logic(
                    board, ladder, steps, checked=depth > 0, bounds=self.bounds
                )
                if broken is not None:  # pragma: no cover - the puzzle has a solution
                    raise AssertionError(f"the ladder broke a unique puzzle: {broken}")
            left = sum(1 for v in board.values if not v)
            stage = 2 * depth + 2
            if not left:
                break
            if left < gate:  # stuck, but too little left: taken as too easy
                return (2, -stage - 1, -left), None
        else:
            # Stuck on the cut ladder: too hard. Closer when a step in the window came
            # before (adding givens where it got stuck may keep it), then the fewer
            # cells left.
            self.stuck = [c for c, v in enumerate(board.values) if not v]
            inside = any(self.lo <= _key(s.technique) <= self.hi for s in steps)
            return (1, 0 if inside else 1, left), None
        top = max((_key(step.technique) for step in steps), default=_LOWEST)
        if top < self.lo:
            if depth < len(self.tiers) - 1:
                return (2, -stage, -before), None
            # The whole cut ladder ran: the more hard steps, the closer.
            return (2, -stage, -sum(_hard_score(s.technique) for s in steps)), None
        if self.fast:
            return self._exact(puzzle, grid)
        return self._rated(puzzle, grid, board, steps)

    def _exact(self, puzzle: Puzzle, grid: Sequence[int]) -> tuple[Distance, Any]:
        """The distance of a puzzle the closures found in the window, from the ladder's
        own path (the closures take a different one)."""
        from yass.logic.solver import run_logic

        board = puzzle.board()
        steps: list[Any] = []
        broken = run_logic(board, self.cut, steps, bounds=self.bounds)
        if broken is not None:  # pragma: no cover - the puzzle has a solution
            raise AssertionError(f"the ladder broke a unique puzzle: {broken}")
        left = sum(1 for v in board.values if not v)
        if left:
            self.stuck = [c for c, v in enumerate(board.values) if not v]
            inside = any(self.lo <= _key(s.technique) <= self.hi for s in steps)
            return (1, 0 if inside else 1, left), None
        top = max((_key(step.technique) for step in steps), default=_LOWEST)
        if top < self.lo:
            stage = 2 * len(self.tiers)
            return (2, -stage, -sum(_hard_score(s.technique) for s in steps)), None
        return self._rated(puzzle, grid, board, steps)

    def _rated(
        self, puzzle: Puzzle, grid: Sequence[int], board: Board, steps: list[Any]
    ) -> tuple[Distance, Any]:
        """A match for the window: the full explanation of ``puzzle``, which the cut
        ladder solved (``board``) by ``steps``."""
        from yass.logic.explain import Explanation, explain
        from yass.logic.solver import SolveResult

        if not self.prefix:
            return (0, 0, 0), explain(puzzle, unique=True, bounds=self.bounds)
        if tuple(board.values) != tuple(grid):  # pragma: no cover - verified by the search
            raise AssertionError("the ladder found another solution")
        # The cut ladder, the start of the whole one, solved it: at every step a
        # technique it holds had one, so the whole ladder takes the same path, the one
        # ``explain`` takes.
        solved = SolveResult(puzzle, tuple(board.values), 0, steps, unique=True,
                             uniqueness_used=True)
        return (0, 0, 0), Explanation(puzzle, solved)


def _se_easy(puzzle: Puzzle) -> bool:
    """Whether Sudoku Explainer's rules up to BUG (no chain) solve a classic puzzle, in
    one compiled call (``yass.rating.se.se_quick``, tens of microseconds). Such a puzzle
    is not Extreme on yass's ladder, whose levels below Extreme hold those rules and more
    (checked: of 400 such puzzles with SE ratings 4.4 to 6.2 from top1465, top95 and the
    17-clue set, 395 Hard, 5 Unfair), so an Extreme search drops it before any closure.
    Only a search filter: a puzzle printed is still rated by the ladder itself."""
    from yass.rating.se import se_quick

    return se_quick(puzzle.line()) is not None


def _closes(
    board: Board, ladder: Sequence[Any], steps: list[Any], bounds: Bounds | None = None
) -> bool:
    """Whether ``ladder`` solves ``board`` (changed) when every step the first technique
    with any finds is taken at once (appended to ``steps``).

    Each step is a deduction from the same board, so together they keep a unique
    puzzle's solution; the board reached is not the ladder's path, but whether it gets
    solved almost always is (855 of 855 boards checked): a fast test that a puzzle is
    too easy, the exact path coming from ``run_logic`` when it is not.
    """
    from itertools import islice

    from yass.logic.solver import apply_step

    while not board.is_solved():
        if bounds is not None:
            bounds.check_time()
        for tech in ladder:
            found = list(islice((s for s in tech.find(board) if not s.is_empty), BATCH))
            if found:
                break
        else:
            return False
        for step in found:
            steps.append(step)
            if apply_step(board, step) is not None:  # pragma: no cover - sound steps
                return False
    return True


def _singles_left(board: Board) -> int:
    """Place naked and hidden singles on ``board`` until there are none; the cells left.

    The same closure as the ladder's first three rungs (full house, naked and hidden
    single), without making steps: a fast first look at a puzzle (the propagation
    kernel with its other rules off).
    """
    from yass.core.propagate import settle_all

    settle_all(board, locked=False, rules=False)
    return sum(1 for v in board.values if not v)


def _hard_score(code: str) -> int:
    """A step's score if it is of level Hard or above, else 0."""
    from yass.logic.explain import technique_info

    info = technique_info(code)
    return info.score if info.level >= 3 else 0


def _check(req: Request, puzzle: Puzzle, result: Any) -> Generated | None:
    """The puzzle as a Generated when its full rating meets ``req``, else None."""
    if result.solution is None or result.guesses:
        return None  # (the ladder always finishes; a guess would mean it did not)
    if not _unique(req.layout, puzzle.givens):  # pragma: no cover - every move keeps it
        return None
    info = result.hardest
    if info is None:
        return None
    counts = result.counts()
    if not _matches(req, counts, info.code, result.level):
        return None
    givens = sum(1 for v in puzzle.givens if v)
    if req.givens and not req.givens[0] <= givens <= req.givens[1]:
        return None
    if req.minimal and not _minimal(req.layout, list(puzzle.givens)):
        return None
    se = None
    if req.rating is not None:
        from yass.rating import rate

        r = rate(puzzle.line())
        if r.status != "rated" or r.er is None or r.ep is None or r.ed is None:
            return None  # (SE's later rules are not reproduced yet: no exact number)
        if not req.rating[0] <= r.er <= req.rating[1]:
            return None
        se = (r.er, r.ep, r.ed)
    out = Generated(
        puzzle, tuple(result.solution), result.level, info.level_name, info.code, info.name,
        result.score, counts, 0, 0.0,
    )
    out.se = se
    if req.practice:
        out.practice_step, out.practice_grid = _practice(puzzle, result.steps, req.practice)
    return out


def _minimal(layout: Layout, givens: list[int]) -> bool:
    for c, v in enumerate(givens):
        if v:
            givens[c] = 0
            removable = _unique(layout, givens)
            givens[c] = v
            if removable:
                return False
    return True


def _soften(
    grid: tuple[int, ...], givens: list[int], shapes: list[tuple[int, ...]],
    stuck: list[int], rng: random.Random,
) -> list[int] | None:
    """``givens`` with one more orbit of givens, through a cell where the ladder got stuck."""
    cell = rng.choice(stuck)
    orbit = next((o for o in shapes if cell in o), None)
    if orbit is None:
        return None
    out = givens[:]
    for c in orbit:
        out[c] = grid[c]
    return out


def _mutate(
    req: Request, grid: tuple[int, ...], givens: list[int], shapes: list[tuple[int, ...]],
    rng: random.Random, bounds: Bounds | None = None,
) -> list[int] | None:
    """A neighbour of ``givens`` from the same solution grid: one orbit of givens taken
    away, one (or, while the solution is not unique, up to three) empty orbits filled,
    then other orbits taken away again while the solution stays unique. None if no
    neighbour was found this time."""
    layout = req.layout
    low = req.givens[0] if req.givens else 0
    full = [o for o in shapes if givens[o[0]]]
    empty = [o for o in shapes if not givens[o[0]]]
    if not full or not empty:
        return None
    out = givens[:]
    gone = rng.choice(full)
    for c in gone:
        out[c] = 0
    rng.shuffle(empty)
    added: list[tuple[int, ...]] = []
    for orbit in empty[:3]:
        for c in orbit:
            out[c] = grid[c]
        added.append(orbit)
        if _unique(layout, out, bounds):
            break
    else:
        return None
    count = sum(1 for v in out if v)
    rest = [o for o in full if o is not gone]
    rng.shuffle(rest)
    for orbit in rest:
        if count - len(orbit) < low:
            continue
        for c in orbit:
            out[c] = 0
        if _unique(layout, out, bounds):
            count -= len(orbit)
        else:
            for c in orbit:
                out[c] = grid[c]
    return out


def _lines(rng: random.Random, upside_down: bool) -> list[int]:
    """A random order of the nine rows (or columns) of a classic grid that keeps its
    bands; with ``upside_down``, one that commutes with turning the grid upside down
    (row ``r`` to ``8 - r``), so that a rotationally symmetric puzzle stays so."""
    if upside_down:
        bands = rng.choice(([0, 1, 2], [2, 1, 0]))
        first = rng.sample(range(3), 3)
        middle = rng.choice(([0, 1, 2], [2, 1, 0]))
        within = [first, middle, [2 - first[2 - i] for i in range(3)]]
    else:
        bands = rng.sample(range(3), 3)
        within = [rng.sample(range(3), 3) for _ in range(3)]
    return [3 * bands[b] + within[b][i] for b in range(3) for i in range(3)]


def _relabel(
    values: Sequence[int], rows: Sequence[int], cols: Sequence[int], flip: bool,
    digits: Sequence[int],
) -> list[int]:
    """``values`` of a classic grid with its rows, columns and digits renamed (row ``r``
    to ``rows[r]``, ...), then transposed if ``flip``: the same puzzle, told otherwise."""
    out = [0] * 81
    for r in range(9):
        for c in range(9):
            v = values[r * 9 + c]
            if v:
                a, b = (cols[c], rows[r]) if flip else (rows[r], cols[c])
                out[a * 9 + b] = digits[v]
    return out


def _banked(req: Request) -> dict[str, tuple[str, ...]]:
    """The bank's puzzles (``yass.generate.data.seeds``) for each technique ``req.hardest`` names
    that it holds, when the bank serves ``req`` at all: a classic 9x9 with rotational
    symmetry or none, no template and not ``minimal``; else nothing."""
    if (not req.hardest or req.fixed or req.minimal or req.symmetry not in BANK_SYMMETRIES
            or not _c9(req.layout)):
        return {}
    from yass.generate.data.seeds import SEEDS

    return {code: SEEDS[code] for code in dict.fromkeys(req.hardest) if code in SEEDS}


def _bank(req: Request, target: _Target) -> list[str]:
    """The puzzles of the bank a search for ``req`` can start from: those of a
    technique the window holds (see ``_banked``)."""
    return [line for code, lines in _banked(req).items()
            if target.lo <= _key(code) <= target.hi for line in lines]


def _shift(
    req: Request, grid: Sequence[int], givens: list[int], shapes: list[tuple[int, ...]],
    rng: random.Random, fuller: bool,
) -> list[int] | None:
    """A near neighbour of ``givens``: one orbit of givens added, or taken away, or both
    (one taken away and another added); taken away only while the solution stays unique,
    and added rather than taken away unless ``fuller``. None if the move breaks it."""
    full = [o for o in shapes if givens[o[0]]]
    empty = [o for o in shapes if not givens[o[0]]]
    swap = rng.random() < 0.5
    out = givens[:]
    if (swap or fuller) and full:
        for c in rng.choice(full):
            out[c] = 0
    if (swap or not fuller) and empty:
        for c in rng.choice(empty):
            out[c] = grid[c]
    if out == givens or not _unique(req.layout, out):
        return None
    return out


#: The symmetries a search from the bank keeps (its puzzles are rotationally symmetric).
BANK_SYMMETRIES = ("none", "rotational")
#: A search from the bank: the moves tried from one of its puzzles, and how many cells
#: whose given (present or not) differs from the bank's puzzle it started from, once
#: renamed, a walk goes for (one drawn at random; the first is the least returned).
BANK_MOVES = 40
BANK_SPREAD = (6, 8, 10, 12)


def _from_bank(
    req: Request, target: _Target, bank: Sequence[str], shapes: list[tuple[int, ...]],
    rng: random.Random, stop: Callable[[int], bool], tries: int,
    avoid: frozenset[str] = frozenset(),
) -> tuple[Generated | None, int]:
    """A puzzle for ``req`` near one of ``bank`` (or None), and ``tries`` counting the
    puzzles rated.

    A puzzle of the bank is renamed at random (its digits, its rows and columns within
    bands and bands, a transposition: the renamings that keep its symmetry), then walks
    by near neighbours (``_shift``), each rated in full, a step taken only to a puzzle
    that meets ``req`` (the same hardest technique, most often), until it differs from
    where it started in as many cells as one of ``BANK_SPREAD`` drawn at random says
    (puzzles spread over what can be reached) or ``BANK_MOVES`` moves were tried (four
    times as many with puzzles to ``avoid``); the
    last puzzle met that differs in at least the first of them is returned (a new
    puzzle, not a copy of the bank's), unless its ``fingerprint`` is in ``avoid``.
    """
    from yass.engine import fast

    upside_down = req.symmetry != "none"
    seed = [int(ch) if ch.isdigit() else 0 for ch in rng.choice(bank)]
    solution = fast.solve(Puzzle(req.layout, tuple(seed)))
    if solution is None:  # pragma: no cover - the bank's puzzles are unique
        return None, tries
    rows, cols = _lines(rng, upside_down), _lines(rng, upside_down)
    flip = rng.random() < 0.5
    digits = [0, *rng.sample(range(1, 10), 9)]
    start = _relabel(seed, rows, cols, flip, digits)
    grid = tuple(_relabel(solution, rows, cols, flip, digits))
    base = sum(1 for v in start if v)
    goal = rng.choice(BANK_SPREAD)
    current = start
    found: Generated | None = None
    # Avoiding puzzles given before, the walk goes further: those near its start are
    # the likeliest to have been given.
    for _ in range(BANK_MOVES * (4 if avoid else 1)):
        if stop(tries):
            break
        fuller = sum(1 for v in current if v) > base
        candidate = _shift(req, grid, current, shapes, rng, fuller)
        if candidate is None:
            continue
        tries += 1
        puzzle = Puzzle(req.layout, tuple(candidate))
        _, result = target.distance(puzzle, grid)
        if result is None:
            continue
        out = _check(req, puzzle, result)
        if out is None:
            continue
        current = candidate
        spread = sum(1 for a, b in zip(current, start, strict=True) if bool(a) != bool(b))
        if spread >= BANK_SPREAD[0] and not (avoid and fingerprint(current) in avoid):
            found = out
            if spread >= goal:
                break
    return found, tries


def _houses9() -> list[tuple[list[int], list[int], list[int]]]:
    """For each cell of a classic 9x9: the other cells of its row, column and box."""
    from yass.core.geometry import bits

    lay = Layout.classic(9)
    out = []
    for cell in range(81):
        other = {lay.houses[h].kind: [c for c in bits(lay.houses[h].mask) if c != cell]
                 for h in lay.cell_houses[cell]}
        out.append((other["row"], other["column"], other["box"]))
    return out


_HOUSES9 = _houses9()


def fingerprint(givens: Sequence[int]) -> str:
    """What a classic 9x9 puzzle looks like once its digits, rows and columns within
    bands, bands and stacks are renamed and it is transposed: the same for every puzzle
    such a renaming makes of it (an isomorphic puzzle), and almost always different
    for two that are not. Colour refinement: a cell's colour is whether it holds a
    given, then, three times over, its colour with those of its row and column (as an
    unordered pair, for transposition), its box, and the cells holding the same digit;
    the fingerprint is a digest of every cell's last colour, sorted."""
    colour = [1 if v else 0 for v in givens]
    same: dict[int, list[int]] = {}
    for cell, v in enumerate(givens):
        if v:
            same.setdefault(v, []).append(cell)
    texts: list[str] = []
    for _ in range(3):
        marks = []
        for cell in range(81):
            row, col, box = _HOUSES9[cell]
            lines = sorted((sorted(colour[x] for x in row), sorted(colour[x] for x in col)))
            kin = sorted(colour[x] for x in same.get(givens[cell], ()) if x != cell)
            marks.append((colour[cell], lines, sorted(colour[x] for x in box), kin))
        texts = [repr(m) for m in marks]
        names = {m: i for i, m in enumerate(sorted(set(texts)))}
        colour = [names[t] for t in texts]
    return hashlib.sha1("|".join(sorted(texts)).encode()).hexdigest()


#: Moves without getting closer before a search starts again from a new grid. Extreme
#: puzzles are searched long around one grid (the basic techniques leaving many cells is
#: a trait its neighbours often share); for anything else (a hardest technique, a level)
#: one given moved changes the path so much that new grids do about as well, so the
#: search restarts soon (measured with benchmarks/generate.py: small samples, noisy).
PATIENCE = {"extreme": 300, "other": 10}
#: How often a puzzle too hard gets one more given (else a given is moved).
SOFTEN = 0.5


def generate_one(
    req: Request, seed: int | str = 0, index: int = 0, *, timeout: float | None = None,
    max_tries: int | None = None, attempt: int = 0, avoid: frozenset[str] = frozenset(),
) -> Generated | None:
    """Puzzle ``index`` of ``seed`` for ``req``; None if ``timeout`` seconds (of the
    clock on the wall, every search included) or ``max_tries`` rated puzzles pass
    without a match. ``attempt`` draws another, and
    none whose ``fingerprint`` is in ``avoid`` is returned (``generate`` asks for one
    in place of a puzzle isomorphic to an earlier one).

    A local search: the first puzzle comes from a random grid carved to a minimal one;
    while it is not what was asked, a neighbour (``_mutate``: one orbit of givens moved
    on the same grid; or, for a puzzle too hard, ``_soften``: one orbit added where the
    ladder got stuck) replaces it when it is at least as close (``_Target.distance``),
    and after ``PATIENCE`` moves without getting closer the search restarts from a new
    grid. Where the bank holds puzzles for the request (``_bank``), every start is
    first a walk from one of them (``_from_bank``). Every puzzle returned is unique and
    rated by the whole ladder.
    """
    from yass.core.table import TABLE

    named = (*req.require, *req.exclude, *req.hardest, *((req.practice,) if req.practice else ()))
    unknown = [code for code in named if code not in TABLE]
    if unknown:
        raise GenerateError(f"unknown technique code {unknown[0]!r} (`yass techniques` lists them)")
    start = time.process_time()
    target = _Target(req)
    bounds = Bounds(timeout=timeout) if timeout is not None and timeout > 0 else None
    target.bounds = bounds
    rng = random.Random(f"{seed}/{index}" + (f"/{attempt}" if attempt else ""))
    shapes = orbits(req.layout.size, req.symmetry)
    if req.fixed:
        shapes = [o for o in shapes if not any(req.fixed[c] for c in o)]
    patience = PATIENCE["extreme" if target.lo[0] >= 5 else "other"]
    tries = 0

    def stop(tries: int) -> bool:
        if bounds is not None and time.monotonic() >= bounds.deadline:
            return True
        return max_tries is not None and tries >= max_tries

    if req.givens and req.givens[0] >= req.layout.ncells:
        return _full(req, rng, index, bounds)

    bank = _bank(req, target)
    grid: tuple[int, ...] = ()
    current: list[int] | None = None
    candidate: list[int] | None
    best: Distance = (9, 0, 0)
    stuck: list[int] = []
    stale = 0
    try:
        while True:
            if stop(tries):
                return None
            if current is None or stale >= patience:
                if bank:
                    # Each new start is first a walk from the bank, then a random grid.
                    try:
                        out, tries = _from_bank(
                            req, target, bank, shapes, rng, stop, tries, avoid
                        )
                    except BoundReached:
                        return None
                    if out is not None:
                        out.tries, out.index = tries, index
                        out.seconds = time.process_time() - start
                        return out
                    if stop(tries):
                        return None
                found = _random_grid(req.layout, rng, req.fixed, bounds)
                if found is None:
                    raise GenerateError("these rules allow no solution grid")
                grid, stale = found, 0
                candidate = _carve(req, grid, rng, bounds)
                current = None
            else:
                if stuck and not req.minimal and rng.random() < SOFTEN:
                    candidate = _soften(grid, current, shapes, stuck, rng)
                else:
                    candidate = _mutate(req, grid, current, shapes, rng, bounds)
                stale += 1
                if candidate is None:
                    continue
            tries += 1
            puzzle = Puzzle(req.layout, tuple(candidate))
            try:
                dist, result = target.distance(puzzle, grid)
            except BoundReached:
                return None
            if result is not None:
                out = _check(req, puzzle, result)
                if out is not None and avoid and fingerprint(puzzle.givens) in avoid:
                    out = None
                if out is not None:
                    out.tries, out.index = tries, index
                    out.seconds = time.process_time() - start
                    return out
                dist = (0, 1, 0)  # in the window, but something else asked for is missing
            if current is None or dist <= best:
                if current is None or dist < best:
                    stale = 0
                current, best, stuck = candidate, dist, target.stuck
    except BoundReached:  # the time limit passed inside a search
        return None


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


def _distinct(
    req: Request, seed: int | str, timeout: float | None, items: Iterator[Generated | int]
) -> Iterator[Generated | int]:
    """``items`` in order, each puzzle isomorphic to an earlier one or to one of the
    bank's (``fingerprint``) drawn again (``generate_one``'s ``attempt`` and ``avoid``:
    not one of those), in this process and in index order, so that ``-j`` changes
    nothing; its index in its place if none is found within ``timeout``. Only where the
    bank serves ``req`` (``_banked``): walks from its few puzzles meet the same puzzles
    again, whereas searches from random grids do not (a fingerprint costs ~2 ms, more
    than an easy puzzle's whole search)."""
    banked = _banked(req)
    if not banked:
        yield from items
        return
    seen = {fingerprint([int(ch) if ch.isdigit() else 0 for ch in line])
            for lines in banked.values() for line in lines}
    for item in items:
        if isinstance(item, Generated):
            key = fingerprint(item.puzzle.givens)
            if key in seen:
                again = generate_one(req, seed, item.index, timeout=timeout, attempt=1,
                                     avoid=frozenset(seen))
                if again is None:
                    yield item.index  # (none other within the time allowed)
                    continue
                again.tries += item.tries
                again.seconds += item.seconds
                item, key = again, fingerprint(again.puzzle.givens)
            seen.add(key)
        yield item


def generate(
    req: Request, count: int = 1, *, seed: int | str = 0, jobs: int = 1,
    timeout: float | None = None, client: Any = None,
) -> Generator[Generated | int, None, None]:
    """``count`` puzzles for ``req`` in index order; an ``int`` (the index) in place of a
    puzzle that was not found within ``timeout`` seconds. ``jobs`` > 1 uses processes;
    ``client`` (a ``distributed.Client``) runs each puzzle's search as a task on its Dask
    cluster instead. Either way the puzzles are those of ``jobs=1``. Where the bank serves
    ``req``, no two puzzles given are isomorphic (``_distinct``)."""
    tasks = ((req, seed, i, timeout) for i in range(count))
    if client is None and (jobs <= 1 or count <= 1):
        yield from _distinct(req, seed, timeout, (_job(task) for task in tasks))
        return
    from yass.engine import batch

    # Workers that ignore Ctrl-C and are stopped at once when the run ends or is
    # interrupted (yass.engine.batch), rather than a multiprocessing pool, whose workers each
    # print a traceback on Ctrl-C.
    results = batch.in_order(_job, tasks, jobs, lambda: True, client=client)
    try:
        yield from _distinct(req, seed, timeout, results)
    finally:
        results.close()
