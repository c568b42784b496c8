"""The solve loop: logic until stuck, then guess and recurse, counting guesses.

The loop applies the easiest step there is (the first technique on the ladder that
finds one), again and again, until the board is solved, stuck, or broken. When it is
stuck it guesses: it takes the unplaced cell with the fewest candidates (the lowest
index among equals) and tries its digits in ascending order, each on a copy of the
board, running the same loop on the copy.

Guesses required
----------------
The count follows the design the solver started from: when logic is stuck, "increment
guesses required; select a legal number, recurse; catch constraint violation errors,
increment guesses required, try another legal number; if guess returns answer, add
guesses required from the guess to my own". So for one stuck board::

    guesses = 1 + (digits that failed before the right one) + guesses of the right branch

A failed digit counts 1 however much work its refutation took (what happened inside
it is thrown away with the exception), so the figure is **the number of digits tried
at the branch points on the path to the solution**: every wrong digit tried there
counts one, the right digit counts one. A puzzle solved by logic alone needs 0. The
successful path's ``steps`` hold one ``guess`` step per counted guess (a placement for
the right digit, an elimination for each wrong one), so ``guesses`` equals the number
of ``guess`` steps, and replaying ``steps`` on the givens gives the solution.

Guess order
-----------
By default the guess cell is the unplaced cell with the fewest candidates (the lowest
index among equals) and its digits are tried in ascending order, so a solve is
reproducible. ``guess_order="random"`` selects a random legal number instead:
the cell is drawn among those with the fewest candidates and its digits are tried in
a random order, from ``random.Random(seed)``. ``guess_stats`` runs many random orders
and reports the distribution of the guess count, a measure of how much a puzzle
depends on luck once logic runs out.

Uniqueness
----------
Uniqueness techniques (unique rectangles, BUG+1, ...) are sound only for a puzzle with
exactly one solution. ``unique=True`` declares it; ``unique=False`` leaves them out;
``unique=None`` (the default) checks it with the exhaustive search when the ladder
has such a technique, and uses them only when the count is exactly one. Inside a
guess the sub-puzzle has at most the one solution, so they stay sound there.

For a puzzle with no solution the figure is the root's count when it gave up (0 if
logic alone broke the board). ``branches`` counts every digit tried anywhere,
including inside refuted branches: it measures the work, and ``max_guesses`` bounds
it. Every solution is checked against every rule and the givens before it is
returned; a puzzle with several solutions gives the first one found.
"""

from __future__ import annotations

from yass.core.board import Board, Puzzle
from yass.core.bounds import GUESSES, BoundReached, Bounds
from yass.core.geometry import PuzzleError, bits, digit_char, mask_digits
from yass.core.record import field, record
from yass.core.step import Step
from yass.logic.techniques import TECHNIQUES, Technique
from yass.logic.techniques.base import digits_text

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    import random
    from collections.abc import Sequence

__all__ = [
    "GUESS",
    "GuessStats",
    "SolveResult",
    "apply_step",
    "guess_stats",
    "guess_steps",
    "next_step",
    "run_logic",
    "solve",
]

#: The technique code of a guess step.
GUESS = "guess"


@record
class SolveResult:
    """What the solve loop found.

    ``solution`` is None when the puzzle has no solution (or, with ``limit_reached``,
    when ``max_guesses`` stopped the search first). ``steps`` is the path to the
    solution (guesses included as ``guess`` steps); ``stuck_board`` is the board at
    the first point logic ran out (None when logic alone decided the puzzle).
    """

    puzzle: Puzzle
    solution: tuple[int, ...] | None
    guesses: int
    steps: list[Step] = field(default_factory=list)
    stuck_board: Board | None = None
    branches: int = 0
    limit_reached: bool = False
    #: Whether the puzzle is known to have exactly one solution (None: not checked).
    unique: bool | None = None
    #: Whether the ladder included the uniqueness techniques.
    uniqueness_used: bool = False

    @property
    def solved(self) -> bool:
        return self.solution is not None

    @property
    def logic_only(self) -> bool:
        """Solved without a single guess."""
        return self.solution is not None and self.guesses == 0

    def line(self) -> str | None:
        """The solution as one line, or None."""
        if self.solution is None:
            return None
        return "".join(digit_char(v) for v in self.solution)

    def techniques_used(self) -> dict[str, int]:
        """How many steps of each technique code the path took, in order of first use."""
        out: dict[str, int] = {}
        for s in self.steps:
            out[s.technique] = out.get(s.technique, 0) + 1
        return out


#: Techniques that find nothing where SE's dynamic forcing chains (+) find nothing (see
#: ``nested.dynamic_chain_possible``): on a classic grid the solver asks those first.
_SUBSUMED = frozenset({"fc", "fn"})


def next_step(board: Board, techniques: Sequence[Technique] | None = None) -> Step | None:
    """The hint: the first step of the first technique (in the given order) that has one."""
    possible: bool | None = None
    for tech in TECHNIQUES if techniques is None else techniques:
        if tech.code in _SUBSUMED:
            if possible is None:
                from yass.logic.techniques.nested import dynamic_chain_possible

                possible = dynamic_chain_possible(board)
            if not possible:
                forget = getattr(tech, "forget", None)
                if forget is not None:
                    forget()  # (as a search that found nothing does)
                continue
        for step in tech.find(board):
            if not step.is_empty:
                return step
    return None


def apply_step(board: Board, step: Step) -> str | None:
    """Make a step's changes on ``board``; why the board broke, or None."""
    lay = board.layout
    digits = range(1, lay.size + 1)
    before = [board.positions(d) for d in digits]
    for cell, d in step.eliminations:
        board.eliminate(cell, d)
    for cell, d in step.placements:
        if not board.place(cell, d):
            return f"{lay.name(cell)} can no longer be {digit_char(d)}"
    # The same checks as Board.contradiction, limited to what the step can have broken.
    cands = board.cands
    if 0 in cands:
        return f"{lay.name(cands.index(0))} has no candidate left"
    for d in digits:
        if board.positions(d) != before[d - 1]:
            cover = board.positions(d) | board.placed(d)
            for house in lay.full_houses:
                if not cover & house.mask:
                    return f"{house.name} has no place for {digit_char(d)}"
    return None


def run_logic(
    board: Board,
    techniques: Sequence[Technique],
    steps: list[Step],
    *,
    checked: bool = False,
    bounds: Bounds | None = None,
) -> str | None:
    """Apply the easiest step until the board is solved or stuck; why it broke, or None.

    Changes ``board`` and appends the steps taken to ``steps``. ``checked`` says the
    caller has already found no contradiction on the board. ``bounds``: raise
    BoundReached when its time limit passes (checked before each step).
    """
    from yass.core.bounds import watching

    reason = None if checked else board.contradiction()
    with watching(bounds):  # (checked inside the long searches of one step too)
        while reason is None and not board.is_solved():
            if bounds is not None:
                bounds.check_time()
            step = next_step(board, techniques)
            if step is None:
                return None
            steps.append(step)
            reason = apply_step(board, step)
    return reason


class _LimitReached(Exception):
    pass


@record
class _Found:
    values: tuple[int, ...]
    guesses: int
    steps: list[Step]


class _Search:
    def __init__(
        self,
        puzzle: Puzzle,
        techniques: Sequence[Technique],
        max_guesses: int | None,
        rng: random.Random | None = None,
        bounds: Bounds | None = None,
    ) -> None:
        self.bounds = bounds
        self.rng = rng
        self.puzzle = puzzle
        self.techniques = techniques
        # Inside a guess the branch is followed without the last resort (nested forcing
        # chains): a wrong guess fails fast by simpler logic, and the costliest search
        # would run again at every node.
        self.branch_techniques = [t for t in techniques if not t.last_resort]
        self.max_guesses = max_guesses
        self.branches = 0
        self.root_guesses = 0
        self.stuck_board: Board | None = None

    def verify(self, values: tuple[int, ...]) -> str | None:
        """Why a complete grid is not a solution of the puzzle, or None."""
        for cell, g in enumerate(self.puzzle.givens):
            if g and values[cell] != g:
                return f"{self.puzzle.layout.name(cell)} lost its given"
        broken = self.puzzle.layout.violations(values)
        return broken[0] if broken else None

    def solve(self, board: Board, depth: int) -> _Found | str:
        """A solution from ``board`` (changed in place, already checked), or why there is none."""
        steps: list[Step] = []
        ladder = self.techniques if depth == 0 else self.branch_techniques
        reason = run_logic(board, ladder, steps, checked=True, bounds=self.bounds)
        if reason is not None:
            return reason
        if board.is_solved():
            values = tuple(board.values)
            broken = self.verify(values)
            return broken if broken else _Found(values, 0, steps)
        if self.stuck_board is None:
            self.stuck_board = board.copy()
        cell = _guess_cell(board, self.rng)
        lay = board.layout
        name = lay.name(cell)
        options = board.cands[cell]  # the digits not yet refuted by a failed guess
        failed: list[str] = []  # the guesses on this cell that failed, as r1c1=5
        guesses = 1
        order = mask_digits(options)
        if self.rng is not None:
            self.rng.shuffle(order)
        for d in order:
            if self.max_guesses is not None and self.branches >= self.max_guesses:
                raise _LimitReached
            if self.bounds is not None:
                self.bounds.check_guesses(self.branches)
                self.bounds.check_time()
            self.branches += 1
            if depth == 0:
                self.root_guesses = guesses
            sub = board.copy()
            ch = digit_char(d)
            sub.place(cell, d)
            why = sub.contradiction()
            out = why if why is not None else self.solve(sub, depth + 1)
            if isinstance(out, _Found):
                if options & (options - 1):
                    why_guess = f"{name} can be {digits_text(options)}: guess {name}={ch}"
                elif failed:
                    tried = ", ".join(failed[:-1]) + " and " if failed[1:] else ""
                    tried += failed[-1]
                    why_guess = f"{name} can only be {ch} now that {tried} failed"
                else:
                    why_guess = f"{name} can only be {ch}: place it"
                guess = Step(
                    GUESS,
                    placements=((cell, d),),
                    explanation=why_guess,
                    cells=(cell,),
                    digits=(d,),
                    notation=f"Guess: {name}={ch}",
                    name="Guess",
                )
                return _Found(out.values, guesses + out.guesses, [*steps, guess, *out.steps])
            guesses += 1
            options &= ~(1 << (d - 1))
            failed.append(f"{name}={ch}")
            if depth == 0:
                self.root_guesses = guesses
            steps.append(
                Step(
                    GUESS,
                    eliminations=((cell, d),),
                    explanation=f"guessing {name}={ch} fails ({out}), so {name} is not {ch}",
                    cells=(cell,),
                    digits=(d,),
                    notation=f"Guess: {name}={ch} fails => {name}<>{ch}",
                    name="Guess",
                )
            )
        return f"no candidate of {name} works"


def guess_steps(board: Board, bounds: Bounds | None = None) -> list[Step]:
    """The steps the solve path takes where logic is stuck on ``board``: in the cell
    ``_guess_cell`` picks, each digit tried (ascending) that leads to no solution, as a
    failed guess, then the one that leads to a solution, placed. The same steps as
    ``solve`` records (without its reasons for the failures), found by the exhaustive
    search from the digits placed so far instead of by solving each branch: the ladder's
    steps hold in every solution, so a digit leads to a solution from ``board`` exactly
    when it does from those digits. Empty when no digit works. ``bounds`` bound the
    searches (BoundReached)."""
    from yass.engine import fast

    cell = _guess_cell(board)
    name = board.layout.name(cell)
    values = list(board.values)
    steps: list[Step] = []
    for d in mask_digits(board.cands[cell]):
        values[cell] = d
        ch = digit_char(d)
        try:
            found = fast.search(Puzzle(board.layout, tuple(values)), 1, bounds)[0]
        except PuzzleError:
            found = 0  # the digit clashes with a placed one through a rule
        if found:
            steps.append(Step(GUESS, placements=((cell, d),), cells=(cell,), digits=(d,),
                              explanation=f"guess {name}={ch}",
                              notation=f"Guess: {name}={ch}", name="Guess"))
            return steps
        steps.append(Step(GUESS, eliminations=((cell, d),), cells=(cell,), digits=(d,),
                          explanation=f"guessing {name}={ch} fails, so {name} is not {ch}",
                          notation=f"Guess: {name}={ch} fails => {name}<>{ch}",
                          name="Guess"))
    return []


def _guess_cell(board: Board, rng: random.Random | None = None) -> int:
    """The unplaced cell with the fewest candidates: the lowest index among equals, or
    one drawn at random among them when ``rng`` is given."""
    best = -1
    best_count = board.layout.size + 1
    cands = board.cands
    ties: list[int] = []
    for cell in bits(board.empty):
        n = cands[cell].bit_count()
        if n < best_count:
            best, best_count = cell, n
            ties = [cell]
            if n == 1 and rng is None:
                break
        elif n == best_count:
            ties.append(cell)
    if rng is not None and ties:
        return rng.choice(ties)
    return best


def is_unique(puzzle: Puzzle, bounds: Bounds | None = None) -> bool:
    """True when the exhaustive search finds exactly one solution."""
    from yass.engine import fast

    return fast.count_solutions(puzzle, 2, bounds) == 1


def ladder_for(
    puzzle: Puzzle,
    techniques: Sequence[Technique] | None,
    unique: bool | None,
    bounds: Bounds | None = None,
) -> tuple[list[Technique], bool | None]:
    """The techniques to run on ``puzzle`` and what is known of its uniqueness.

    Uniqueness techniques stay only when ``unique`` is True, or when it is None and
    the exhaustive search finds exactly one solution (checked only if the ladder has
    such a technique). A check stopped by the guesses of ``bounds`` leaves them out;
    one stopped by its time limit raises BoundReached.
    """
    ladder = list(TECHNIQUES) if techniques is None else list(techniques)
    if any(t.needs_unique for t in ladder):
        if unique is None:
            try:
                unique = is_unique(puzzle, bounds)
            except PuzzleError:
                unique = False
            except BoundReached as exc:
                if exc.kind != GUESSES:
                    raise
                unique = None  # not known: leave the uniqueness techniques out
        if not unique:
            ladder = [t for t in ladder if not t.needs_unique]
    if unique is False:
        # Logic cannot finish a puzzle of several solutions: the last resort's search
        # would only fail, at its full cost, wherever the ladder stalls.
        ladder = [t for t in ladder if not t.last_resort]
    return ladder, unique


def solve(
    puzzle: Puzzle,
    techniques: Sequence[Technique] | None = None,
    *,
    unique: bool | None = None,
    max_guesses: int | None = None,
    guess_order: str = "fixed",
    seed: int | None = None,
    bounds: Bounds | None = None,
) -> SolveResult:
    """Solve ``puzzle`` by logic and guesses; see the module docstring for the guess count.

    ``techniques`` is the ladder (default: ``yass.logic.techniques.TECHNIQUES``; an empty
    list means guessing only). ``unique`` says whether the puzzle is known to have
    exactly one solution (None: check when it matters; see the module docstring).
    ``max_guesses`` bounds the work: the search stops after that many guesses in
    total (``branches``) and returns ``solution=None`` with ``limit_reached=True``
    (``guesses`` is then the number made so far, ``branches``). ``guess_order`` is
    ``fixed`` (default) or ``random`` (with ``seed``). ConflictError from clashing
    givens propagates. ``bounds`` (``yass.core.bounds.Bounds``) limit the time and the
    guesses (``branches``) of the solve and of its uniqueness check; reaching one
    raises BoundReached.
    """
    if guess_order not in ("fixed", "random"):
        raise ValueError(f"guess order must be fixed or random, not {guess_order!r}")
    board = puzzle.board()
    ladder, unique = ladder_for(puzzle, techniques, unique, bounds)
    rng = None
    if guess_order == "random":
        import random

        rng = random.Random(seed)
    search = _Search(puzzle, ladder, max_guesses, rng, bounds)
    used = any(t.needs_unique for t in ladder)
    broken = board.contradiction()
    try:
        out = broken if broken is not None else search.solve(board, 0)
    except _LimitReached:
        return SolveResult(
            puzzle,
            None,
            search.branches,
            stuck_board=search.stuck_board,
            branches=search.branches,
            limit_reached=True,
            unique=unique,
            uniqueness_used=used,
        )
    if isinstance(out, _Found):
        if search.verify(out.values) is not None:  # pragma: no cover - verified at the leaf
            raise AssertionError("the solve loop returned a grid that breaks a rule")
        return SolveResult(
            puzzle, out.values, out.guesses, out.steps, search.stuck_board, search.branches,
            unique=unique, uniqueness_used=used,
        )
    return SolveResult(
        puzzle, None, search.root_guesses, [], search.stuck_board, search.branches,
        unique=False if unique is None else unique, uniqueness_used=used,
    )


@record(frozen=True)
class GuessStats:
    """The guess count over ``runs`` random guess orders."""

    runs: int
    counts: tuple[int, ...]

    @property
    def mean(self) -> float:
        import statistics

        return statistics.fmean(self.counts) if self.counts else 0.0

    @property
    def median(self) -> float:
        import statistics

        return statistics.median(self.counts) if self.counts else 0.0

    @property
    def max(self) -> int:
        return max(self.counts, default=0)

    @property
    def min(self) -> int:
        return min(self.counts, default=0)


def guess_stats(
    puzzle: Puzzle,
    runs: int,
    techniques: Sequence[Technique] | None = None,
    *,
    seed: int = 0,
    unique: bool | None = None,
    bounds: Bounds | None = None,
) -> GuessStats:
    """Solve ``puzzle`` with ``runs`` random guess orders (seeds ``seed``, ``seed+1``, ...).

    The logic before the first guess does not depend on the order, so it runs once;
    each run then guesses from the first stuck board. ``bounds`` bound every run.
    """
    from random import Random

    ladder, unique = ladder_for(puzzle, techniques, unique, bounds)
    first = solve(
        puzzle, ladder, unique=unique, guess_order="random", seed=seed, bounds=bounds
    )
    counts = [first.guesses]
    if first.stuck_board is not None and first.solution is not None:
        start = first.stuck_board
        for i in range(1, runs):
            search = _Search(puzzle, ladder, None, Random(seed + i), bounds)
            out = search.solve(start.copy(), 0)
            counts.append(out.guesses if isinstance(out, _Found) else search.root_guesses)
    else:
        counts *= runs
    return GuessStats(runs, tuple(counts))
