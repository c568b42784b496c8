"""Explanations, hints and pencil marks as result objects (the CLI only renders them).

* ``explain(puzzle)`` walks the whole solve path and returns an ``Explanation``: the
  steps (each a structured ``Step``), the techniques used with their counts, the
  hardest one with its level, a HoDoKu-style score, the guesses and the solution.
* ``hint(board)`` returns a ``Hint``: the next step on a grid in progress, told at
  three depths (1 names the technique, 2 adds the digits and houses, 3 is the full
  step). ``check_progress(board)`` first makes sure the grid still leads to a
  solution, and says where it went wrong when it does not.
* ``snyder_marks(board)`` is "what else should I mark": for each box, the
  digits with exactly two (or up to three) places left.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from yass.core.board import Board, Puzzle
from yass.core.bounds import Bounds
from yass.core.geometry import PuzzleError, bits, digit_char
from yass.core.layout import Layout
from yass.core.record import record
from yass.core.step import Step, cell_list, house_name
from yass.core.table import GUESS_INFO, TABLE, TechniqueInfo
from yass.logic.solver import GUESS, SolveResult, ladder_for, next_step, solve
from yass.logic.techniques import Technique

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "FORCING",
    "Explanation",
    "Hint",
    "Mark",
    "ProgressError",
    "all_steps",
    "check_progress",
    "explain",
    "hint",
    "hint_on",
    "snyder_marks",
    "technique_info",
]


#: The techniques whose steps count as forcing steps: they follow an assumption's
#: consequences (trial and error, in human terms). Guesses are counted apart.
FORCING = frozenset({"fc", "fn", "nfc", "sp"})


def technique_info(code: str, infos: Mapping[str, TechniqueInfo] | None = None) -> TechniqueInfo:
    """The table row of a step's technique (a guess has its own row); from ``infos`` (a
    ``Ladder``'s rows, with the user's levels and scores) when given."""
    if code == GUESS:
        return GUESS_INFO
    return (TABLE if infos is None else infos)[code]


@record
class Explanation:
    """The whole solve path of a puzzle and what it says about the puzzle.

    ``infos``: the rows the steps are judged by (level, score, order), the ladder's
    when ``explain`` ran a ``Ladder`` from a settings file, else the built-in table.
    """

    puzzle: Puzzle
    result: SolveResult
    infos: Mapping[str, TechniqueInfo] | None = None

    def info(self, code: str) -> TechniqueInfo:
        """The row ``code``'s steps are judged by."""
        return technique_info(code, self.infos)

    @property
    def steps(self) -> list[Step]:
        return self.result.steps

    @property
    def guesses(self) -> int:
        return self.result.guesses

    @property
    def solution(self) -> tuple[int, ...] | None:
        return self.result.solution

    def counts(self) -> dict[str, int]:
        """Steps per technique code, in ladder order (guesses last)."""
        found = self.result.techniques_used()
        return dict(sorted(found.items(), key=lambda kv: self.info(kv[0]).order))

    @property
    def hardest(self) -> TechniqueInfo | None:
        """The hardest technique used: the highest level, then the latest on the ladder."""
        rows = [self.info(code) for code in self.counts()]
        return max(rows, key=lambda r: (r.level, r.order), default=None)

    @property
    def max_difficulty(self) -> float:
        """The highest SE-style difficulty of a step on the path (0 for no step)."""
        return max((step_difficulty(s, self.infos) for s in self.steps), default=0.0)

    @property
    def forcing_steps(self) -> int:
        """How many steps of the path are forcing steps (``FORCING``: forcing chains and
        nets, nested forcing chains, speculation): trial and error, in human terms."""
        return sum(s.technique in FORCING for s in self.steps)

    @property
    def longest_step(self) -> tuple[int, Step] | None:
        """The step with the longest chain (the most links shown; the first of equals),
        with its place on the path (1-based); None when no step has a chain."""
        best: tuple[int, Step] | None = None
        for i, step in enumerate(self.steps, 1):
            if step.chain and (best is None or len(step.chain) > len(best[1].chain)):
                best = (i, step)
        return best

    @property
    def score(self) -> int:
        """HoDoKu-style score: the sum of the base scores of the steps."""
        return sum(self.info(s.technique).score for s in self.steps)

    @property
    def level(self) -> int:
        hardest = self.hardest
        return hardest.level if hardest else 1

    def to_json(self) -> dict[str, Any]:
        layout = self.puzzle.layout
        hardest = self.hardest
        solution = self.solution
        return {
            "puzzle": self.puzzle.line(),
            "size": layout.size,
            "steps": [s.to_json(layout) for s in self.steps],
            "techniques": {
                code: {"name": self.info(code).name, "count": n}
                for code, n in self.counts().items()
            },
            "hardest": hardest.code if hardest else None,
            "hardest_name": hardest.name if hardest else None,
            "level": hardest.level_name if hardest else None,
            "score": self.score,
            "difficulty": round(self.max_difficulty, 1),
            "forcing_steps": self.forcing_steps,
            "longest_step": self._longest_json(),
            "guesses": self.guesses,
            "unique": self.result.unique,
            "solution": "".join(digit_char(v) for v in solution) if solution else None,
        }


    def _longest_json(self) -> dict[str, Any] | None:
        got = self.longest_step
        if got is None:
            return None
        i, step = got
        return {
            "index": i,
            "technique": step.technique,
            "name": step.name or technique_info(step.technique, self.infos).name,
            "links": len(step.chain),
        }

    def summary(self) -> str:
        """``forcing steps 3; longest step 12 (Forcing Net Contradiction, 34 links)``."""
        got = self.longest_step
        text = f"forcing steps {self.forcing_steps}"
        if got is not None:
            i, step = got
            name = step.name or technique_info(step.technique, self.infos).name
            text += f"; longest step {i} ({name}, {len(step.chain)} links)"
        return text


def step_difficulty(step: Step, infos: Mapping[str, TechniqueInfo] | None = None) -> float:
    if step.difficulty is not None:
        return step.difficulty
    return technique_info(step.technique, infos).difficulty


def explain(
    puzzle: Puzzle,
    techniques: Sequence[Technique] | None = None,
    *,
    unique: bool | None = None,
    max_guesses: int | None = None,
    bounds: Bounds | None = None,
) -> Explanation:
    """The whole solve path of ``puzzle`` (see ``yass.logic.solver.solve`` for the options)."""
    return Explanation(
        puzzle,
        solve(puzzle, techniques, unique=unique, max_guesses=max_guesses, bounds=bounds),
        getattr(techniques, "infos", None),
    )


# -- hints ------------------------------------------------------------------------------


class ProgressError(PuzzleError):
    """A grid in progress that no longer leads to a solution."""


def check_progress(
    board: Board, solution: Sequence[int] | None = None, bounds: Bounds | None = None
) -> tuple[int, ...]:
    """The solution a grid in progress leads to; ProgressError when it leads to none.

    ``solution`` (when known, from the givens) names the first cell whose placed
    digit or candidates exclude it. Otherwise the grid's own solutions are searched;
    when there are none, the placed digits alone are solved to find the first cell
    where the pencil marks dropped the true digit. ``bounds`` bound those searches.
    """
    from yass.engine.search import board_solutions

    lay = board.layout
    if solution is None:
        found = next(board_solutions(board, 1, bounds=bounds), None)
        if found is not None:
            return found
        placed = Board.from_givens(lay, board.values)
        solution = next(board_solutions(placed, 1, bounds=bounds), None)
        if solution is None:
            raise ProgressError("the filled-in digits already leave no solution")
    for cell, d in enumerate(solution):
        if board.values[cell] and board.values[cell] != d:
            raise ProgressError(
                f"{lay.name(cell)} is filled in as {digit_char(board.values[cell])}, but the"
                f" solution has {digit_char(d)} there"
            )
        if not board.has(cell, d):
            raise ProgressError(
                f"{lay.name(cell)} has lost the candidate {digit_char(d)}, which the solution"
                " needs there"
            )
    return tuple(solution)


@record
class Hint:
    """The next step on a board, told at three depths."""

    layout: Layout
    step: Step | None
    solved: bool = False

    def text(self, level: int = 1) -> str:
        """1: the technique; 2: also its digits and houses; 3: the whole step."""
        step = self.step
        if step is None:
            return "the grid is already solved" if self.solved else "no technique applies: guess"
        info = technique_info(step.technique)
        name = step.name or info.name
        article = "an" if name[:1] in "AEIOX" else "a"
        if level <= 1:
            return f"Look for {article} {name}."
        if level == 2:
            return f"Look for {article} {name}{self._where()}."
        return f"{step.notation or step.changes(self.layout.size)}\n{step.explanation}"

    def _where(self) -> str:
        step = self.step
        assert step is not None
        lay = self.layout
        text = ""
        if step.digits:
            digits = sorted(set(step.digits))
            word = "digit" if len(digits) == 1 else "digits"
            text += f" on {word} {','.join(digit_char(d) for d in digits)}"
        if step.chain or step.als:
            # A chain's or an ALS pattern's cells would give the step away: say what it
            # changes instead.
            return text + " that " + self._changes()
        houses = list(step.base) + [h for h in step.cover if h not in step.base]
        houses += [h for h in step.houses if h not in houses]
        if houses:
            text += " in " + ", ".join(lay.houses[h].name for h in houses)
        elif step.cells:
            text += " around " + cell_list(lay, step.cells)
        return text

    def _changes(self) -> str:
        step = self.step
        assert step is not None
        lay = self.layout
        parts = []
        for cell, d in step.placements:
            parts.append(f"places {digit_char(d)} in {lay.name(cell)}")
        by_digit: dict[int, list[int]] = {}
        for cell, d in step.eliminations:
            by_digit.setdefault(d, []).append(cell)
        for d, cells in sorted(by_digit.items()):
            parts.append(f"removes {digit_char(d)} from {cell_list(lay, cells)}")
        if len(parts) > 1:
            return ", ".join(parts[:-1]) + " and " + parts[-1]
        return parts[0] if parts else "changes nothing"

    def to_json(self, level: int = 3) -> dict[str, Any]:
        out: dict[str, Any] = {"level": level, "hint": self.text(level), "solved": self.solved}
        if self.step is not None:
            out["technique"] = self.step.technique
            if level >= 3:
                out["step"] = self.step.to_json(self.layout)
        return out


def hint(
    board: Board,
    techniques: Sequence[Technique] | None = None,
    *,
    unique: bool | None = None,
    bounds: Bounds | None = None,
) -> Hint:
    """The next step on ``board`` (the first of the easiest technique that has one).

    Uniqueness techniques are used only when ``unique`` is True, or when it is None and
    the board has exactly one solution (a search that ``bounds`` may stop).
    """
    if board.is_solved():
        return Hint(board.layout, None, solved=True)
    ladder = list(techniques) if techniques is not None else None
    if unique is None and (ladder is None or any(t.needs_unique for t in ladder)):
        from yass.engine.search import board_solutions

        unique = sum(1 for _ in board_solutions(board, 2, bounds=bounds)) == 1
    ladder_, _ = ladder_for(Puzzle(board.layout, tuple(board.values)), ladder, bool(unique))
    from yass.core.bounds import watching

    with watching(bounds):  # the time limit holds inside the ladder's long searches
        if bounds is not None:
            bounds.check_time()
        return Hint(board.layout, next_step(board, ladder_))


def hint_on(
    board: Board,
    solution: Sequence[int] | None = None,
    techniques: Sequence[Technique] | None = None,
    *,
    unique: bool | None = None,
    bounds: Bounds | None = None,
) -> Hint:
    """The hint use case on a grid in progress (the ``hint`` command, the web page's hint):
    first whether the grid still leads to a solution (``check_progress``: ProgressError
    names the first cell that went wrong; ``solution``, when known from the givens, makes
    that check a comparison), then the next step (``hint``). ``bounds`` bound both."""
    check_progress(board, solution, bounds)
    return hint(board, techniques, unique=unique, bounds=bounds)


def all_steps(
    board: Board,
    techniques: Sequence[Technique] | None = None,
    *,
    unique: bool | None = None,
    bounds: Bounds | None = None,
    most: int = 20,
) -> list[tuple[str, list[Step]]]:
    """Every step each technique of the ladder sees on ``board`` now, grouped by technique
    in ladder order: (code, steps) for each technique that has one. A technique that finds
    the same changes twice (a hidden single in its row and in its box) lists them once. At
    most ``most`` steps a technique (forcing nets see hundreds). Uniqueness as in
    ``hint``; ``bounds`` limits the time."""
    if board.is_solved():
        return []
    ladder = list(techniques) if techniques is not None else None
    if unique is None and (ladder is None or any(t.needs_unique for t in ladder)):
        from yass.engine.search import board_solutions

        unique = sum(1 for _ in board_solutions(board, 2, bounds=bounds)) == 1
    ladder_, _ = ladder_for(Puzzle(board.layout, tuple(board.values)), ladder, bool(unique))
    from yass.core.bounds import watching

    out: list[tuple[str, list[Step]]] = []
    with watching(bounds):
        for tech in ladder_:
            if bounds is not None:
                bounds.check_time()
            steps: list[Step] = []
            seen: set[tuple[frozenset[tuple[int, int]], ...]] = set()
            for step in tech.find(board):
                changes = (frozenset(step.placements), frozenset(step.eliminations))
                if step.is_empty or changes in seen:
                    continue
                seen.add(changes)
                steps.append(step)
                if len(steps) == most:
                    break
            if steps:
                out.append((tech.code, steps))
    return out


# -- Snyder marks -------------------------------------------------------------------------


@record(frozen=True)
class Mark:
    """A digit with few places left in a house: pencil it into those cells."""

    house: int
    digit: int
    cells: tuple[int, ...]

    def text(self, layout: Layout) -> str:
        return f"{house_name(layout, self.house)}: {digit_char(self.digit)} in " + cell_list(
            layout, self.cells
        )


def snyder_marks(board: Board, most: int = 2) -> list[Mark]:
    """For each box (or region), the digits with at least two and at most ``most`` places."""
    lay = board.layout
    kinds = {h.kind for h in lay.full_houses}
    kind = "box" if "box" in kinds else "region"
    out = []
    for index, house in enumerate(lay.houses):
        if house.kind != kind or not house.full:
            continue
        for d in range(1, lay.size + 1):
            if board.placed(d) & house.mask:
                continue
            spots = board.positions(d) & house.mask
            if 2 <= spots.bit_count() <= most:
                out.append(Mark(index, d, tuple(bits(spots))))
    return out
