"""Setter tools: true candidates and the cells a non-unique puzzle leaves open.

A **true candidate** is a digit that some solution puts in its cell. A setter who
wants to know where a puzzle still needs a clue looks at the cells with more than one
true candidate (the *ambiguous* cells): a given there removes solutions, a given
anywhere else does not.

``true_candidates`` finds them with one search per candidate at most: it takes a
solution, marks every digit of it as true, and then, for each candidate not yet
marked, searches for a solution with that digit placed; each solution found marks all
of its digits at once, so most candidates never need a search of their own. Every
search runs in the fast engine (compiled for classic grids and pairwise rules, the
reference search for rules with their own logic) and honours ``bounds``.
"""

from __future__ import annotations

from collections.abc import Callable

from yass import fast
from yass.board import Puzzle
from yass.bounds import Bounds
from yass.geometry import PuzzleError, mask_digits
from yass.record import record

__all__ = ["TrueCandidates", "true_candidates"]


@record(frozen=True)
class TrueCandidates:
    """Per cell, the mask of digits some solution puts there (all 0: no solution).

    ``searches`` is the number of searches it took.
    """

    puzzle: Puzzle
    masks: tuple[int, ...]
    searches: int

    @property
    def solvable(self) -> bool:
        return any(self.masks)

    @property
    def unique(self) -> bool:
        return self.solvable and all(m & (m - 1) == 0 for m in self.masks)

    def ambiguous(self) -> list[int]:
        """Cells with more than one true candidate, in order."""
        return [c for c, m in enumerate(self.masks) if m & (m - 1)]


def true_candidates(
    puzzle: Puzzle,
    bounds: Bounds | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> TrueCandidates:
    """Every digit that some solution of ``puzzle`` puts in each cell.

    ``progress(done, total)`` is told how many candidates are settled. Raises
    BoundReached when a search reaches one of ``bounds`` (shared by all the searches:
    the deadline holds for the whole run), and ConflictError when the givens clash.
    """
    layout = puzzle.layout
    _, first = fast.search(puzzle, 1, bounds)
    searches = 1
    if first is None:
        return TrueCandidates(puzzle, (0,) * layout.ncells, searches)
    board = puzzle.board()
    masks = [1 << (v - 1) for v in first]
    todo = [(c, d) for c in range(layout.ncells) for d in mask_digits(board.cands[c])
            if not masks[c] >> (d - 1) & 1]
    total = len(todo)
    givens = list(puzzle.givens)
    for done, (cell, digit) in enumerate(todo):
        if progress is not None:
            progress(done, total)
        if masks[cell] >> (digit - 1) & 1:
            continue
        givens[cell] = digit
        try:
            _, found = fast.search(Puzzle(layout, tuple(givens)), 1, bounds)
        except PuzzleError:
            found = None  # the digit clashes with a given through a rule
        finally:
            givens[cell] = puzzle.givens[cell]
        searches += 1
        if found is not None:
            for c, v in enumerate(found):
                masks[c] |= 1 << (v - 1)
    if progress is not None:
        progress(total, total)
    return TrueCandidates(puzzle, tuple(masks), searches)
