"""What a run of yass ends with: the documented exit codes, a solution as one line and its
check against the rules and the givens, and the notes printed beside an answer.

Kept apart from ``yass.engine.batch`` (which re-exports them) so that solving one puzzle does
not load the batch machinery.
"""

from __future__ import annotations

from yass.core.geometry import digit_char

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Sequence

    from yass.core.board import Puzzle
    from yass.core.bounds import BoundReached

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_BOUND",
    "EXIT_INTERNAL",
    "EXIT_NO_SOLUTION",
    "EXIT_OK",
    "NOT_UNIQUE",
    "ClusterError",
    "WorkerError",
    "as_line",
    "unknown_uniqueness",
    "verify",
]

#: A puzzle solved (for ``check``: exactly one solution).
EXIT_OK = 0
#: No solution (for ``check``: none or more than one).
EXIT_NO_SOLUTION = 1
#: Bad input: the message names what and where.
EXIT_BAD_INPUT = 2
#: A result failed verification, or a worker failed: a bug to report.
EXIT_INTERNAL = 3
#: The search stopped at a bound the user set (``--timeout``, ``--max-guesses``).
EXIT_BOUND = 4

#: The note for a puzzle with more than one solution (after "SOURCE line N: ").
NOT_UNIQUE = "the puzzle has more than one solution; this is one of them"


class WorkerError(Exception):
    """A job failed in a worker process (the message says how), or a worker died."""


class ClusterError(Exception):
    """A task failed on a Dask cluster (yass missing on a worker, a worker lost, ...):
    the message says why, on one line."""


def as_line(values: Sequence[int]) -> str:
    """The one-line text of cell values, ``.`` for an empty cell."""
    return "".join(digit_char(v) if v else "." for v in values)


def verify(puzzle: Puzzle, values: Sequence[int]) -> str | None:
    """Why ``values`` is not a solution of ``puzzle`` (None when it is)."""
    layout = puzzle.layout
    for cell, (g, v) in enumerate(zip(puzzle.givens, values, strict=True)):
        if g and g != v:
            return f"the given {layout.name(cell)}={digit_char(g)} was changed"
    problems = layout.violations(values)
    return problems[0] if problems else None


def unknown_uniqueness(exc: BoundReached) -> str:
    """The note for a solution whose uniqueness check stopped at a bound."""
    return f"whether the solution is unique is not known ({exc})"
