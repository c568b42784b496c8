"""Rule logic: the variant rules' own deductions, each naming its rule.

Rules over several cells (killer cages, arrows, little killers, renban, between,
zipper and region-sum lines, quadruples, sandwiches...) narrow their cells by their
own arithmetic: ``Killer cage 17/2 r1c1,r1c2: {8,9} => r1c3<>8,9``. The rule
(``Constraint.deductions``) finds the step; this technique turns it into a Step with
a notation line and a sentence. A rule whose cells' candidates are unchanged since it
last found nothing is skipped (its deductions depend only on those candidates and
on cells outside losing digits, which can only take steps away).

At the start, several rules of one kind often rule out the same digits on their own
(two 9/2 cages both lose 9; every arrow circle loses 1): while a rule's cells still have
all the candidates the layout gives them, what it removes is its own trivial
consequence, and rules of one kind that remove the same digits from each of their cells
are one step: ``Killer cage: 9/2 r1c3,r1c4; 9/2 r1c6,r1c7: ... => r1c3,r1c4,r1c6,r1c7<>9``.

On a puzzle without such rules the technique never fires.
"""

from __future__ import annotations

from collections.abc import Iterator

from yass.constraints.base import Constraint, Deduction
from yass.constraints.group import GroupRule
from yass.core.board import Board
from yass.core.geometry import digit_char, mask_digits
from yass.core.layout import Layout
from yass.core.step import Step, notation
from yass.logic.techniques.base import (
    Technique,
    cells_text,
    digits_text,
    join_words,
    removal_text,
)
from yass.logic.techniques.context import QuietParts

__all__ = ["RuleLogic"]


def _rules(layout: Layout) -> tuple[Constraint, ...]:
    base = Constraint.deductions
    return tuple(c for c in layout.constraints if type(c).deductions is not base)


class RuleLogic(Technique):
    """Candidates a variant rule's own logic removes (cage sums, arrows, lines...)."""

    code = "rl"

    def __init__(self) -> None:
        self._quiet = QuietParts()

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        rules = _rules(lay)
        if not rules:
            return
        quiet = self._quiet.follow(board)
        yield from self._alone(board, rules)
        cands = board.cands
        values = board.values
        grid = lay.grid
        for index, con in enumerate(rules):
            state = (
                tuple(cands[c] for c in con.scope(grid)) if isinstance(con, GroupRule) else None
            )
            if state is not None and quiet.get(index) == state:
                continue
            found = False
            for ded in con.deductions(grid, cands, lay.sees):
                elims = tuple(sorted({
                    (c, d) for c, d in ded.eliminations
                    if not values[c] and cands[c] >> (d - 1) & 1
                }))
                if not elims:
                    continue
                found = True
                name = ded.label[:1].upper() + ded.label[1:] if ded.label else self.name
                rule = ded.rule[:1].upper() + ded.rule[1:]
                where = ded.rule
                if ded.label and where.lower().startswith(ded.label.lower()):
                    where = where[len(ded.label):].strip()
                pattern = f"{where}: {ded.premise}"
                yield Step(
                    self.code,
                    eliminations=elims,
                    explanation=f"{rule}: {ded.premise}, so {removal_text(lay, elims)}",
                    cells=ded.cells,
                    notation=notation(lay, name, pattern, (), elims),
                    name=name,
                )
            if not found and state is not None:
                quiet[index] = state

    def _alone(self, board: Board, rules: tuple[Constraint, ...]) -> Iterator[Step]:
        """The trivial consequences of rules of one kind, one step where several rules
        remove the same digits from every cell they touch."""
        lay = board.layout
        grid = lay.grid
        cands, values, start = board.cands, board.values, lay.cell_masks
        groups: dict[tuple[str, int], list[tuple[Deduction, tuple[tuple[int, int], ...]]]] = {}
        for con in rules:
            scope = con.scope(grid) if isinstance(con, GroupRule) else ()
            if not scope or any(values[c] or cands[c] != start[c] for c in scope):
                continue
            for ded in con.deductions(grid, cands, lay.sees):
                elims = tuple(sorted({(c, d) for c, d in ded.eliminations
                                      if cands[c] >> (d - 1) & 1}))
                per_cell: dict[int, int] = {}
                for c, d in elims:
                    per_cell[c] = per_cell.get(c, 0) | 1 << (d - 1)
                masks = set(per_cell.values())
                if len(masks) == 1:
                    groups.setdefault((ded.label, masks.pop()), []).append((ded, elims))
        for (label, gone), members in groups.items():
            if len(members) < 2:
                continue
            elims = tuple(sorted({e for _, el in members for e in el}))
            kind = label[:1].upper() + label[1:] if label else self.name
            wheres = []
            for ded, _ in members:
                where = ded.rule
                if label and where.lower().startswith(label.lower()):
                    where = where[len(label):].strip()
                wheres.append(where)
            digits = ",".join(digit_char(d) for d in mask_digits(gone))
            cells = tuple(sorted({c for ded, _ in members for c in ded.cells}))
            yield Step(
                self.code,
                eliminations=elims,
                explanation=(
                    f"{kind} {join_words([wheres[0], *[f'{label} {w}' for w in wheres[1:]]])}:"
                    f" each rules out {digits_text(gone)} in every cell it covers, by its own"
                    f" arithmetic, so {cells_text(lay, sorted({c for c, _ in elims}))} can't be"
                    f" {digits_text(gone)}"
                ),
                cells=cells,
                notation=notation(lay, kind, f"{'; '.join(wheres)}: each <>{digits}", (), elims),
                name=kind,
            )

