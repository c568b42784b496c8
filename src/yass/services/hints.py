"""A grid in progress: the use cases of ``yass hint`` and of the page's hint.

``in_progress`` takes the board (read from givens or pencil marks by the caller) and,
for a puzzle's givens, finds the solution the grid must lead to. Then ``hint`` gives
the next step, ``all_steps`` every step each technique sees there (``hint --all``), and
``marks`` the digits with few places (``hint --marks``); each first checks that the grid
still leads to a solution (``ProgressError`` names the first cell that went wrong).
``step_view`` is what the page needs to draw a step.
"""

from __future__ import annotations

from yass.core.record import record
from yass.logic.explain import ProgressError

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from yass.core.board import Board, Puzzle
    from yass.core.bounds import Bounds
    from yass.core.layout import Layout
    from yass.core.step import Step
    from yass.logic.explain import Hint, Mark
    from yass.logic.techniques.base import Technique

__all__ = [
    "NO_SOLUTION",
    "AllSteps",
    "InProgress",
    "Marks",
    "ProgressError",
    "all_steps",
    "hint",
    "in_progress",
    "marks",
    "step_view",
]

#: Why there is no hint on a puzzle whose givens have no solution.
NO_SOLUTION = "the puzzle has no solution, so there is no hint to give"


@record
class InProgress:
    """A board in progress and the solution it must lead to (None: not known, as for
    pencil marks without their givens; ``check_progress`` then searches the grid)."""

    board: Board
    solution: tuple[int, ...] | None = None


def in_progress(
    board: Board, puzzle: Puzzle | None = None, bounds: Bounds | None = None
) -> InProgress:
    """``board``, with the solution of ``puzzle``'s givens when given (ProgressError
    ``NO_SOLUTION`` when they have none). ``bounds`` bound the search."""
    solution = None
    if puzzle is not None:
        from yass.engine import fast

        _, solution = fast.search(puzzle, 1, bounds)
        if solution is None:
            raise ProgressError(NO_SOLUTION)
    return InProgress(board, solution)


def hint(
    grid: InProgress,
    techniques: Sequence[Technique] | None = None,
    *,
    unique: bool | None = None,
    bounds: Bounds | None = None,
) -> Hint:
    """The next step on the grid, once it is known to lead to its solution
    (``yass.logic.explain.hint_on``); a ``Hint`` tells it at three depths."""
    from yass.logic.explain import hint_on

    return hint_on(grid.board, grid.solution, techniques, unique=unique, bounds=bounds)


@record
class AllSteps:
    """Every step each technique sees on a board: (code, steps) in ladder order."""

    board: Board
    groups: list[tuple[str, list[Step]]]

    def to_json(self, views: bool = False) -> dict[str, Any]:
        """``{solved, techniques: [{technique, name, steps}]}``; with ``views``, each step
        also has its ``view`` (``step_view``: what the page draws)."""
        from yass.core.table import TABLE

        lay = self.board.layout

        def one(step: Step) -> dict[str, Any]:
            out = step.to_json(lay)
            if views:
                out["view"] = step_view(lay, step)
            return out

        return {"solved": self.board.is_solved(), "techniques": [
            {"technique": code, "name": TABLE[code].name, "steps": [one(s) for s in steps]}
            for code, steps in self.groups
        ]}


def all_steps(
    grid: InProgress,
    techniques: Sequence[Technique] | None = None,
    *,
    unique: bool | None = None,
    bounds: Bounds | None = None,
) -> AllSteps:
    """Every step of every technique on the grid, grouped by technique
    (``yass.logic.explain.all_steps``), once it is known to lead to its solution."""
    from yass.logic.explain import all_steps as steps_on
    from yass.logic.explain import check_progress

    check_progress(grid.board, grid.solution, bounds)
    return AllSteps(
        grid.board, steps_on(grid.board, techniques, unique=unique, bounds=bounds)
    )


@record
class Marks:
    """The digits with at least two and at most a few places in a box (Snyder marks)."""

    layout: Layout
    marks: list[Mark]

    def to_json(self) -> dict[str, Any]:
        lay = self.layout
        return {"marks": [
            {"house": m.text(lay).split(":")[0], "digit": m.digit,
             "cells": [lay.name(c) for c in m.cells]}
            for m in self.marks
        ]}

    def lines(self) -> list[str]:
        return [m.text(self.layout) for m in self.marks]


def marks(grid: InProgress, most: int = 2, bounds: Bounds | None = None) -> Marks:
    """The Snyder marks of the grid (digits with 2 to ``most`` places in a box), once it
    is known to lead to its solution."""
    from yass.logic.explain import check_progress, snyder_marks

    check_progress(grid.board, grid.solution, bounds)
    return Marks(grid.board.layout, snyder_marks(grid.board, most))


# -- the view of a step ------------------------------------------------------------------------


def _houses_cells(layout: Layout, step: Step) -> list[list[int]]:
    seen: list[int] = []
    for h in (*step.base, *step.cover, *step.houses):
        if h not in seen:
            seen.append(h)
    return [list(layout.houses[h].cells) for h in seen]


def step_view(layout: Layout, step: Step) -> dict[str, Any]:
    """What the page needs to draw a step: candidate roles, links, houses, and its hints."""
    from yass.logic.explain import Hint
    from yass.logic.solver import GUESS
    from yass.render.views import step_marks

    told = Hint(layout, None if step.technique == GUESS else step)
    return {
        "marks": [[c, d, role] for (c, d), role in sorted(step_marks(step).items())],
        "links": [
            [list(link.a.cells), link.a.digit, list(link.b.cells), link.b.digit, link.strong]
            for link in step.chain
        ],
        "house_cells": _houses_cells(layout, step),
        "hints": [told.text(level) for level in (1, 2, 3)],
    }
