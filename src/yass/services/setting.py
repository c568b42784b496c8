"""The setter's tools: the use cases of ``yass candidates`` (``--counts``, ``--ties``) and
``yass redundant``, and of the page's ``POST /api/setter``.

The searches are ``yass.logic.setter``'s; here they are put together and given their
JSON once: ``CandidateCounts``, ``TiesFound`` and ``RedundantFound`` each have a
``to_json``, and ``setter`` answers all of them for one puzzle.
"""

from __future__ import annotations

from yass.core.record import record

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from typing import Any

    from yass.core.board import Board, Puzzle
    from yass.core.bounds import Bounds
    from yass.logic.setter import Redundant, Ties, TrueCandidates

__all__ = [
    "CandidateCounts",
    "RedundantFound",
    "SetterReport",
    "TiesFound",
    "candidate_counts",
    "redundant",
    "setter",
    "ties",
    "true_board",
    "true_candidates",
]


def true_candidates(puzzle: Puzzle, bounds: Bounds | None = None) -> TrueCandidates:
    """The digits some solution puts in each cell (``yass.logic.setter.true_candidates``)."""
    from yass.logic.setter import true_candidates as found

    return found(puzzle, bounds)


def true_board(found: TrueCandidates) -> Board:
    """The puzzle's board with only its true candidates left."""
    from yass.core.geometry import mask_digits

    board = found.puzzle.board()
    for cell, mask in enumerate(found.masks):
        for d in mask_digits(board.cands[cell] & ~mask):
            board.eliminate(cell, d)
    return board


def _candidates_json(found: TrueCandidates) -> dict[str, Any]:
    lay = found.puzzle.layout
    return {
        "solvable": found.solvable,
        "true_candidates": [[d for d in range(1, lay.size + 1) if m >> (d - 1) & 1]
                            for m in found.masks],
        "ambiguous": [lay.name(c) for c in found.ambiguous()],
    }


@record
class CandidateCounts:
    """How many solutions put each true candidate of an ambiguous cell in its cell,
    counted no further than ``cap`` (a count of ``cap`` means at least that many)."""

    found: TrueCandidates
    cap: int
    counts: dict[tuple[int, int], int]

    def rows(self) -> list[tuple[int, list[tuple[int, int]]]]:
        """(cell, [(digit, count), ...]) for each ambiguous cell, in order."""
        from yass.core.geometry import mask_digits

        return [
            (cell, [(d, self.counts[cell, d]) for d in mask_digits(self.found.masks[cell])])
            for cell in self.found.ambiguous()
        ]

    def to_json(self) -> dict[str, Any]:
        """``{cap, cells: [{cell, counts: {digit: n}}]}`` for the ambiguous cells."""
        name = self.found.puzzle.layout.name
        return {"cap": self.cap, "cells": [
            {"cell": name(cell), "counts": {str(d): n for d, n in digits}}
            for cell, digits in self.rows()
        ]}


def candidate_counts(
    found: TrueCandidates, cap: int, bounds: Bounds | None = None
) -> CandidateCounts:
    """The solutions per true candidate of ``found``'s puzzle, up to ``cap``."""
    from yass.logic.setter import candidate_counts as counted

    return CandidateCounts(found, cap, counted(found.puzzle, cap, bounds, found))


@record
class TiesFound:
    """The open cells tied across the solutions of ``puzzle`` (``yass.logic.setter.Ties``)."""

    puzzle: Puzzle
    ties: Ties

    def to_json(self) -> dict[str, Any]:
        """``{solutions, complete, equal: [[a, b]], differ: [[a, b]]}`` with cell names."""
        name = self.puzzle.layout.name
        found = self.ties
        return {
            "solutions": found.solutions,
            "complete": found.complete,
            "equal": [[name(a), name(b)] for a, b in found.equal],
            "differ": [[name(a), name(b)] for a, b in found.differ],
        }


def ties(puzzle: Puzzle, cap: int, bounds: Bounds | None = None) -> TiesFound:
    """The pairs of open cells equal in every solution and never equal (over the first
    ``cap`` solutions)."""
    from yass.logic.setter import ties as tied

    return TiesFound(puzzle, tied(puzzle, cap, bounds))


@record
class RedundantFound:
    """What a unique puzzle can do without (``yass.logic.setter.Redundant``), or why
    nothing can be taken away (``error``: it is not unique)."""

    puzzle: Puzzle
    found: Redundant | None
    error: str | None = None

    def givens(self) -> list[str]:
        """The redundant givens as ``r1c1=5``."""
        from yass.core.geometry import digit_char

        if self.found is None:
            return []
        lay = self.puzzle.layout
        return [f"{lay.name(c)}={digit_char(self.puzzle.givens[c])}" for c in self.found.givens]

    def to_json(self) -> dict[str, Any]:
        """``{puzzle, redundant_givens, redundant_rules}`` (the rules as yass JSON), or
        ``{error}``."""
        if self.found is None:
            return {"error": self.error}
        lay = self.puzzle.layout
        return {
            "puzzle": self.puzzle.line(),
            "redundant_givens": self.givens(),
            "redundant_rules": [lay.constraints[i].to_json(lay.grid) for i in self.found.rules],
        }


def redundant(puzzle: Puzzle, bounds: Bounds | None = None) -> RedundantFound:
    """The givens and rules of ``puzzle`` each of which can go with the puzzle still
    unique; for a puzzle that is not unique, ``error`` says so."""
    from yass.logic.setter import redundant as free

    try:
        return RedundantFound(puzzle, free(puzzle, bounds))
    except ValueError as exc:  # not unique (or givens that clash): nothing to take away
        return RedundantFound(puzzle, None, str(exc))


@record
class SetterReport:
    """The setter's tools on one puzzle: true candidates, and as asked the solutions per
    candidate, the ties and what is redundant."""

    found: TrueCandidates
    counts: CandidateCounts | None = None
    ties: TiesFound | None = None
    redundant: RedundantFound | None = None

    def to_json(self) -> dict[str, Any]:
        out = _candidates_json(self.found)
        if self.counts is not None:
            out["counts"] = self.counts.to_json()
        if self.ties is not None:
            out["ties"] = self.ties.to_json()
        if self.redundant is not None:
            out["redundant"] = self.redundant.to_json()
        return out


def setter(
    puzzle: Puzzle,
    *,
    cap: int = 100,
    counts: bool = True,
    ties_too: bool = True,
    redundant_too: bool = True,
    bounds: Bounds | None = None,
) -> SetterReport:
    """The setter's tools on ``puzzle``: its true candidates; the solutions per
    candidate of the ambiguous cells (``counts``, up to ``cap``) and the cells tied over
    its solutions (``ties_too``, over the first ``cap``) when it has several; what can
    be taken away (``redundant_too``) when it has one. ``bounds`` bound every search."""
    found = true_candidates(puzzle, bounds)
    report = SetterReport(found)
    several = found.solvable and not found.unique
    if counts and several:
        report.counts = candidate_counts(found, cap, bounds)
    if ties_too and several:
        report.ties = ties(puzzle, cap, bounds)
    if redundant_too and found.unique:
        report.redundant = redundant(puzzle, bounds)
    return report
