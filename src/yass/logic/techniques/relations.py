"""Relation consistency: a candidate of B that no candidate of a related A allows is removed.

Rules that relate two cells (non-consecutive neighbours, kropki dots, XV, thermometers,
whispers...) reach the layout as arcs: ``table[d - 1]`` is the digit mask B may hold
when A holds d. If A and B also see each other, A=d forbids B=d as well. A digit of B
that none of A's candidates allows cannot be in B (arc consistency, one arc a step).
The technique reads only ``layout.arcs`` and the sees-relation, so every relation rule
gets it without extra code; on a layout without relations it never fires.
"""

from __future__ import annotations

from collections.abc import Iterator

from yass.core.board import Board
from yass.core.geometry import mask_digits
from yass.core.step import Step, digit_list, notation
from yass.logic.techniques.base import Technique, digits_text

__all__ = ["RelationConsistency"]


class RelationConsistency(Technique):
    """Remove the candidates of a related cell that no candidate of its partner allows."""

    code = "rc"

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        cands = board.cands
        values = board.values
        for a, arcs in enumerate(lay.arcs):
            if not arcs or not cands[a]:
                continue
            ma = cands[a]
            digits = mask_digits(ma)
            for b, table in arcs:
                mb = cands[b]
                if values[b] or not mb:
                    continue
                sees = lay.sees(a, b)
                support = 0
                for d in digits:
                    allowed = table[d - 1]
                    support |= allowed & ~(1 << (d - 1)) if sees else allowed
                gone = mb & ~support
                if not gone:
                    continue
                rule = " and ".join(sorted(set(lay.relation_labels(a, b))))
                name_a, name_b = lay.name(a), lay.name(b)
                # The premise names everything the conclusion rests on: a's digits, the
                # rule, and (the layout folds it into the rule's table) that the two
                # cells differ when they see each other.
                why = f"the {rule} rule"
                if sees:
                    why += f" and as {name_b} differs from it ({lay.why_sees(a, b)})"
                elims = tuple((b, d) for d in mask_digits(gone))
                pattern = f"{name_a} {{{digit_list(digits)}}} ({rule})"
                left = mb & support
                then = f"can only be {digits_text(left)}, so it" if left else "has no digit left:"
                yield Step(
                    self.code,
                    eliminations=elims,
                    explanation=(
                        f"{name_a} can only be {digits_text(ma)}; by {why}, {name_b} {then}"
                        f" can't be {digits_text(gone, 'or')}"
                    ),
                    cells=(a, b),
                    digits=tuple(digits),
                    candidates=tuple((a, d) for d in digits),
                    notation=notation(lay, self.name, pattern, (), elims),
                )
