"""Rule logic: the variant rules' own deductions, each naming its rule.

Rules over several cells (killer cages, arrows, little killers, renban, between,
zipper and region-sum lines, quadruples, sandwiches...) narrow their cells by their
own arithmetic: ``Killer cage 17/2 r1c1,r1c2: {8,9} => r1c3<>8,9``. The rule
(``Constraint.deductions``) finds the step; this technique turns it into a Step with
a notation line and a sentence. A rule whose cells' candidates are unchanged since it
last found nothing is skipped (its deductions depend only on those candidates and
on cells outside losing digits, which can only take steps away).

On a puzzle without such rules the technique never fires.
"""

from __future__ import annotations

from collections.abc import Iterator

from yass.constraints.base import Constraint
from yass.constraints.group import GroupRule
from yass.core.board import Board
from yass.core.layout import Layout
from yass.core.step import Step, notation
from yass.logic.techniques.base import Technique, removal_text

__all__ = ["RuleLogic"]


def _rules(layout: Layout) -> tuple[Constraint, ...]:
    base = Constraint.deductions
    return tuple(c for c in layout.constraints if type(c).deductions is not base)


class RuleLogic(Technique):
    """Candidates a variant rule's own logic removes (cage sums, arrows, lines...)."""

    code = "rl"

    def __init__(self) -> None:
        self._quiet: dict[tuple[int, int], tuple[int, ...]] = {}

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        rules = _rules(lay)
        if not rules:
            return
        cands = board.cands
        values = board.values
        grid = lay.grid
        for index, con in enumerate(rules):
            key = (id(lay), index)
            state = (
                tuple(cands[c] for c in con.scope(grid)) if isinstance(con, GroupRule) else None
            )
            if state is not None and self._quiet.get(key) == state:
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
                if len(self._quiet) > 4096:
                    self._quiet.clear()
                self._quiet[key] = state
