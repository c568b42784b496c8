"""Setter tools: true candidates, solution counts per candidate, cells tied across all
solutions, and the givens and rules a unique puzzle can do without.

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

``candidate_counts`` says how many solutions put each true candidate in its cell (up to
a cap), ``ties`` which pairs of cells hold the same digit in every solution and which
never do (from all the solutions, when there are few enough to list), and ``redundant``
which givens and which rules of a unique puzzle could be taken away with the puzzle
still unique.
"""

from __future__ import annotations

from collections.abc import Callable

from yass.core.board import Puzzle
from yass.core.bounds import Bounds
from yass.core.geometry import PuzzleError, mask_digits
from yass.core.record import record
from yass.engine import fast

__all__ = [
    "Redundant",
    "Ties",
    "TrueCandidates",
    "candidate_counts",
    "redundant",
    "ties",
    "true_candidates",
]


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


def candidate_counts(
    puzzle: Puzzle,
    cap: int = 100,
    bounds: Bounds | None = None,
    found: TrueCandidates | None = None,
) -> dict[tuple[int, int], int]:
    """How many solutions put each true candidate in its cell: ``{(cell, digit): n}``,
    each ``n`` counted no further than ``cap`` (a count of ``cap`` means "at least").

    Placed cells of a unique solution count 1. ``found`` is ``true_candidates(puzzle)``
    when the caller has it already. Raises BoundReached and ConflictError as
    ``true_candidates`` does.
    """
    if found is None:
        found = true_candidates(puzzle, bounds)
    counts: dict[tuple[int, int], int] = {}
    givens = list(puzzle.givens)
    total = fast.count_solutions(puzzle, cap, bounds) if found.solvable else 0
    for cell, mask in enumerate(found.masks):
        for digit in mask_digits(mask):
            if givens[cell] or mask == 1 << (digit - 1):
                n = total  # every solution has it
            else:
                givens[cell] = digit
                n = fast.count_solutions(Puzzle(puzzle.layout, tuple(givens)), cap, bounds)
                givens[cell] = 0
            counts[cell, digit] = n
    return counts


@record(frozen=True)
class Ties:
    """Pairs of cells that hold the same digit in every solution (``equal``) and pairs
    that never do though no rule keeps them apart (``differ``), over ``solutions``
    solutions. ``complete`` is False when the puzzle had more than the cap: the pairs
    then hold over the solutions listed only."""

    equal: tuple[tuple[int, int], ...]
    differ: tuple[tuple[int, int], ...]
    solutions: int
    complete: bool


def ties(puzzle: Puzzle, cap: int = 1000, bounds: Bounds | None = None) -> Ties:
    """The pairs of open cells tied across the solutions of ``puzzle`` (up to ``cap``).

    Only cells without a given, and for ``differ`` only pairs the rules do not already
    keep apart (cells that see each other always differ). Uses the reference search to
    list the solutions; raises BoundReached when it reaches one of ``bounds``.
    """
    from yass.engine import search

    layout = puzzle.layout
    found = list(search.solutions(puzzle, cap + 1, bounds=bounds))
    complete = len(found) <= cap
    found = found[:cap]
    if not found:
        return Ties((), (), 0, True)
    open_cells = [c for c in range(layout.ncells) if not puzzle.givens[c]]
    equal: list[tuple[int, int]] = []
    differ: list[tuple[int, int]] = []
    for i, a in enumerate(open_cells):
        if len({s[a] for s in found}) == 1:
            continue  # a decided cell: every pair with it says nothing new
        for b in open_cells[i + 1 :]:
            if all(s[a] == s[b] for s in found):
                equal.append((a, b))
            elif not layout.sees(a, b) and all(s[a] != s[b] for s in found):
                differ.append((a, b))
    return Ties(tuple(equal), tuple(differ), len(found), complete)


@record(frozen=True)
class Redundant:
    """What a unique puzzle can do without: the givens (cells) and the rules (indexes into
    ``puzzle.layout.constraints``) each of which can be taken away, alone, with the
    puzzle still unique."""

    givens: tuple[int, ...]
    rules: tuple[int, ...]


def redundant(
    puzzle: Puzzle,
    bounds: Bounds | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Redundant:
    """Which givens and which rules of ``puzzle`` are redundant, each on its own.

    One uniqueness search per given and per rule (a rule whose removal leaves a layout
    that cannot stand alone, such as jigsaw regions on a size without boxes, is kept).
    Raises ValueError when the puzzle is not unique, BoundReached at ``bounds``.
    """
    from yass.core.layout import Layout

    if fast.count_solutions(puzzle, 2, bounds) != 1:
        raise ValueError("the puzzle does not have exactly one solution")
    layout = puzzle.layout
    givens = list(puzzle.givens)
    cells = [c for c, v in enumerate(givens) if v]
    rules = list(layout.constraints)
    total = len(cells) + len(rules)
    free_givens: list[int] = []
    for done, cell in enumerate(cells):
        if progress is not None:
            progress(done, total)
        kept = givens[cell]
        givens[cell] = 0
        if fast.count_solutions(Puzzle(layout, tuple(givens)), 2, bounds) == 1:
            free_givens.append(cell)
        givens[cell] = kept
    free_rules: list[int] = []
    box = (layout.box_rows, layout.box_cols) if layout.box_rows else None
    for i in range(len(rules)):
        if progress is not None:
            progress(len(cells) + i, total)
        try:
            fewer = Layout(layout.size, rules[:i] + rules[i + 1 :], box=box)
        except PuzzleError:
            continue
        if fast.count_solutions(Puzzle(fewer, puzzle.givens), 2, bounds) == 1:
            free_rules.append(i)
    if progress is not None:
        progress(total, total)
    return Redundant(tuple(free_givens), tuple(free_rules))
