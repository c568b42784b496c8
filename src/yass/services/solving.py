"""Solving, counting and checking a puzzle: the use cases of ``yass solve``, ``count``
and ``check``.

``solve`` runs the logic solver and keeps what the solver already knows of uniqueness;
``uniqueness`` then counts the solutions only when nothing has counted them yet, so a
solve counts them at most once (the command prints the answer between the two calls:
the count may take longer than the solve). ``first_solution`` is the search alone
(``--format line``), ``count`` and ``check`` are the exhaustive search's answers.
"""

from __future__ import annotations

from yass.core.bounds import BoundReached, Bounds
from yass.core.record import record

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from yass.core.board import Board, Puzzle
    from yass.logic.solver import GuessStats, SolveResult
    from yass.logic.techniques.base import Technique

__all__ = [
    "MOST_COUNTED",
    "Checked",
    "Counted",
    "Searched",
    "Solved",
    "Uniqueness",
    "board_after",
    "check",
    "count",
    "first_solution",
    "solve",
    "uniqueness",
]

#: The search counts solutions in a machine integer; a higher limit counts up to this.
MOST_COUNTED = 2**31 - 1


@record
class Solved:
    """A puzzle solved by logic and guesses (``result``), with the guess counts over
    random orders when asked (``guess_stats``) and what the solve already knows of the
    puzzle's uniqueness (``known``: None when no count of the search has been made)."""

    puzzle: Puzzle
    result: SolveResult
    guess_stats: GuessStats | None
    known: bool | None

    def to_json(
        self, unique: Uniqueness | None, *, steps: bool = False
    ) -> dict[str, Any]:
        """The fields of ``yass solve --format json`` (after the entry's own):
        ``unique`` from ``unique`` (None: not asked, as with ``--first``)."""
        puzzle, result = self.puzzle, self.result
        solution = result.solution
        obj: dict[str, Any] = {}
        if puzzle.name:
            obj["name"] = puzzle.name
        obj.update(
            size=puzzle.size,
            puzzle=puzzle.line(),
            solution=_line(solution) if solution is not None else None,
            guesses=result.guesses,
            unique=None if unique is None else unique.answer(solution),
            steps=len(result.steps),
        )
        gs = self.guess_stats
        if gs is not None:
            obj["guess_stats"] = {
                "runs": gs.runs, "mean": round(gs.mean, 3), "median": gs.median,
                "min": gs.min, "max": gs.max, "counts": sorted(gs.counts),
            }
        if steps:
            obj["explanations"] = [step_text(s, puzzle.size) for s in result.steps]
        if unique is not None and unique.stopped is not None and solution is not None:
            from yass.core.outcomes import unknown_uniqueness

            obj["stopped"] = unknown_uniqueness(unique.stopped)
        return obj


def _line(values: Sequence[int]) -> str:
    from yass.core.outcomes import as_line

    return as_line(values)


def step_text(step: Any, size: int) -> str:
    """``Name: explanation`` of a step of the solve path (``solve --steps``)."""
    from yass.logic.explain import technique_info

    name = step.name or technique_info(step.technique).name
    text: str = step.explanation or step.changes(size)
    return f"{name}: {text}"


def solve(
    puzzle: Puzzle,
    techniques: Sequence[Technique] | None = None,
    *,
    unique: bool | None = None,
    guess_order: str = "fixed",
    seed: int | None = None,
    bounds: Bounds | None = None,
    guess_runs: int = 0,
) -> Solved:
    """Solve ``puzzle`` (``yass.logic.solver.solve``); with ``guess_runs``, also the
    guesses over that many random orders when it has a solution.

    ``unique`` declares the puzzle unique or not (None: the ladder's uniqueness
    techniques make the solver count, and that count is kept in ``Solved.known``).
    A declaration is not a count: ``uniqueness`` then counts. BoundReached at one of
    ``bounds``.
    """
    from yass.logic.solver import guess_stats
    from yass.logic.solver import solve as solve_logic

    result = solve_logic(
        puzzle, techniques, unique=unique, guess_order=guess_order, seed=seed, bounds=bounds
    )
    known = result.unique if unique is None else None
    stats = None
    if guess_runs and result.solution is not None:
        stats = guess_stats(
            puzzle,
            guess_runs,
            techniques,
            seed=seed or 0,
            # what the solve found (or was told): the runs take the same ladder
            unique=result.unique if result.unique is not None else unique,
            bounds=bounds,
        )
    return Solved(puzzle, result, stats, known)


@record(frozen=True)
class Uniqueness:
    """The exhaustive search's count, to 2 (2: two or more), or None when it stopped at
    a bound (``stopped``)."""

    count: int | None
    stopped: BoundReached | None = None

    def answer(self, solution: Sequence[int] | None) -> bool | None:
        """Whether the puzzle has exactly one solution (False when the solver found none;
        None when the count stopped after the solver found one)."""
        if solution is None:
            return False
        if self.count is None:
            return None
        return self.count == 1

    def agrees(self, solution: Sequence[int] | None) -> bool:
        """Whether the search and the logic solver agree that there is a solution (a
        stopped count cannot disagree)."""
        return self.count is None or (self.count == 0) == (solution is None)


def uniqueness(solved: Solved, bounds: Bounds | None = None) -> Uniqueness:
    """Whether ``solved``'s puzzle has exactly one solution: what the solve already
    counted, or one count of the exhaustive search to 2 now."""
    from yass.engine import fast

    solution = solved.result.solution
    if solved.known is not None:
        return Uniqueness(1 if solved.known else (0 if solution is None else 2))
    try:
        return Uniqueness(fast.count_solutions(solved.puzzle, 2, bounds))
    except BoundReached as exc:
        return Uniqueness(None, exc)


@record(frozen=True)
class Searched:
    """The exhaustive search's answer: solutions counted to the limit, the first one,
    and the bound it stopped at after finding it (``stopped``), if it did."""

    count: int
    solution: tuple[int, ...] | None
    stopped: BoundReached | None = None


def first_solution(puzzle: Puzzle, limit: int, bounds: Bounds | None = None) -> Searched:
    """The search's first solution, counting to ``limit`` (1: the first only, 2: and
    whether there is another). A bound reached after the first solution is kept in
    ``stopped`` (the count is then 1); one reached before raises BoundReached."""
    from yass.engine import fast

    try:
        count, solution = fast.search(puzzle, limit, bounds)
    except BoundReached as exc:
        if exc.first is None:
            raise  # no solution found by then
        return Searched(1, exc.first, exc)
    return Searched(count, solution)


@record(frozen=True)
class Counted:
    """Solutions counted up to ``limit`` (``yass count``)."""

    solutions: int
    limit: int

    @property
    def at_limit(self) -> bool:
        """The count stopped at the limit asked for: there may be more."""
        return self.solutions >= self.limit

    @property
    def at_most(self) -> bool:
        """The count stopped at the most the search counts."""
        return self.solutions >= MOST_COUNTED


def count(puzzle: Puzzle, limit: int, bounds: Bounds | None = None) -> Counted:
    """The puzzle's solutions counted up to ``limit`` (and at most ``MOST_COUNTED``)."""
    from yass.engine import fast

    return Counted(fast.count_solutions(puzzle, min(limit, MOST_COUNTED), bounds), limit)


@record(frozen=True)
class Checked:
    """``yass check``: solutions counted to 2, and the first one."""

    count: int
    first: tuple[int, ...] | None

    @property
    def unique(self) -> bool:
        return self.count == 1 and self.first is not None


def check(puzzle: Puzzle, bounds: Bounds | None = None) -> Checked:
    """Whether ``puzzle`` has exactly one solution (for several, the cells left open are
    ``yass.services.setting.true_candidates``)."""
    from yass.engine import fast

    return Checked(*fast.search(puzzle, 2, bounds))


def board_after(puzzle: Puzzle, after: int, bounds: Bounds | None = None) -> Board:
    """The board after the first ``after`` steps of the solve path (``yass explain``'s;
    ``yass show --after``).

    The steps are taken one at a time and no more than asked: the ladder's next step
    each time, and where logic runs out the guesses the solve path makes there
    (``solver.guess_steps``: a search per digit tried, not the whole path). ``bounds``
    bound both.
    """
    from yass.core.bounds import watching
    from yass.logic.solver import apply_step, guess_steps, ladder_for, next_step

    board = puzzle.board()
    ladder, _ = ladder_for(puzzle, None, None, bounds)
    taken = 0
    with watching(bounds):
        while taken < after and not board.is_solved():
            if bounds is not None:
                bounds.check_time()
            step = next_step(board, ladder)
            steps = [step] if step is not None else guess_steps(board, bounds)
            if not steps:
                break  # no digit works: the path ends here
            for step in steps[: after - taken]:
                if apply_step(board, step) is not None:
                    return board  # the puzzle breaks here: its path ends too
                taken += 1
    return board
