"""Relation consistency: a candidate of B that no candidate of a related A allows is removed.

Rules that relate two cells (non-consecutive neighbours, kropki dots, XV, thermometers,
whispers...) reach the layout as arcs: ``table[d - 1]`` is the digit mask B may hold
when A holds d. If A and B also see each other, A=d forbids B=d as well. A digit of B
that none of A's candidates allows cannot be in B (arc consistency, one arc a step).
The technique reads only ``layout.arcs`` and the sees-relation, so every relation rule
gets it without extra code; on a layout without relations it never fires.

What a rule forbids on its own, whatever the partner holds (no cell on a black dot can
be 5, 7 or 9), is one step for all the cells it concerns, found before the steps of one
arc: ``Relation Consistency: black dot (any partner) => r1c2,r1c3,r5c5<>5,7,9``. Cells
are grouped by the rule's name and the digits it rules out.
"""

from __future__ import annotations

from collections.abc import Iterator

from yass.core.board import Board
from yass.core.geometry import mask_digits
from yass.core.layout import Layout, per_layout
from yass.core.step import Step, cell_list, digit_list, notation
from yass.logic.techniques.base import Technique, digits_text

#: A rule's own exclusions: (rule name, digits ruled out) -> the cells, in order.
Alone = dict[tuple[str, int], tuple[int, ...]]


def _support(lay: Layout, a: int, table: tuple[int, ...], digits: list[int], b: int) -> int:
    """The digits of ``b`` that some digit of ``a`` (of ``digits``) allows."""
    sees = lay.sees(a, b)
    support = 0
    for d in digits:
        allowed = table[d - 1]
        support |= allowed & ~(1 << (d - 1)) if sees else allowed
    return support


@per_layout
def _alone(lay: Layout) -> tuple[Alone, dict[str, int]]:
    """What each relation rules out whatever its partner holds, grouped; and for each
    rule name the cells on it. A group's name ends in " (differ)" when the two cells see
    each other and that is part of the reason (an X: no 5, as the other cell cannot be 5
    too)."""
    every = list(range(1, lay.size + 1))
    full = (1 << lay.size) - 1
    groups: dict[tuple[str, int], list[int]] = {}
    on_rule: dict[str, int] = {}
    # The rules' own tables, before the layout folds "the two cells differ" into them.
    own: dict[tuple[int, int], int] = {}
    for con in lay.constraints:
        for rel in con.relations(lay.grid):
            for r in (rel, rel.reverse()):
                union = 0
                for allowed in r.table:
                    union |= allowed
                own[r.a, r.b] = own.get((r.a, r.b), full) & union
    for a, arcs in enumerate(lay.arcs):
        for b, table in arcs:
            rule = " and ".join(sorted(set(lay.relation_labels(a, b))))
            on_rule[rule] = on_rule.get(rule, 0) | 1 << a | 1 << b
            gone = full & ~_support(lay, a, table, every, b)
            if not gone:
                continue
            alone = own.get((a, b), full)
            key = rule if not gone & alone else f"{rule}{_DIFFER}"
            cells = groups.setdefault((key, gone), [])
            if b not in cells:
                cells.append(b)
    return {k: tuple(v) for k, v in groups.items()}, on_rule


_DIFFER = " (differ)"

__all__ = ["RelationConsistency"]


class RelationConsistency(Technique):
    """Remove the candidates of a related cell that no candidate of its partner allows."""

    code = "rc"

    def find(self, board: Board) -> Iterator[Step]:
        if any(board.layout.arcs):
            yield from self._alone(board)
            yield from self._arcs(board)

    def _alone(self, board: Board) -> Iterator[Step]:
        """A rule's own exclusions, one step for every cell they still concern."""
        lay = board.layout
        cands, values = board.cands, board.values
        groups, on_rule = _alone(lay)
        for (rule, gone), cells in groups.items():
            elims = tuple(sorted(
                (b, d) for b in cells if not values[b] for d in mask_digits(cands[b] & gone)
            ))
            if not elims:
                continue
            hit = tuple(sorted({b for b, _ in elims}))
            differ = rule.endswith(_DIFFER)
            if differ:
                rule = rule[: -len(_DIFFER)]
            every = sum(1 << b for b in cells) == on_rule[rule]
            digits = digits_text(gone, "or")
            if every and not differ:
                why = f"no cell on a {rule} can be {digits}, whatever digit its partner holds"
            elif differ:
                why = (f"by the {rule} rule, and as the two cells of each pair see each other"
                       f" (so they differ), whatever digit its partner holds,"
                       f" {cell_list(lay, cells)} can't be {digits}")
            else:
                why = (f"by the {rule} rule alone, whatever digit its partner holds,"
                       f" {cell_list(lay, cells)} can't be {digits}")
            yield Step(
                self.code,
                eliminations=elims,
                explanation=f"{why[:1].upper()}{why[1:]}; so {cell_list(lay, hit)} lose"
                            f" {digits_text(gone, 'and')} where they still have them",
                cells=hit,
                digits=tuple(mask_digits(gone)),
                notation=notation(
                    lay, self.name, f"{rule} (any partner{', differ' if differ else ''})", (),
                    elims,
                ),
            )

    def _arcs(self, board: Board) -> Iterator[Step]:
        """One step a rule: every arc of the rule that removes something on this board
        (each judged on the board as it is, so together they hold), in the order of their
        first arcs. A rule with one such arc gives that arc's own step."""
        groups: dict[str, list[tuple[str, Step]]] = {}
        for rule, source, step in self._each_arc(board):
            groups.setdefault(rule, []).append((source, step))
        for rule, found in groups.items():
            yield found[0][1] if len(found) == 1 else self._together(board, rule, found)

    def _together(self, board: Board, rule: str, found: list[tuple[str, Step]]) -> Step:
        """One step for the pairs of one rule: ``found`` holds each pair's source cell
        with its candidates (``r1c4 {1,2,3}``) and its own step."""
        lay = board.layout
        steps = [step for _, step in found]
        elims = tuple(sorted({e for s in steps for e in s.eliminations}))
        cells = tuple(dict.fromkeys(c for s in steps for c in s.cells))
        sources = ", ".join(dict.fromkeys(source for source, _ in found))
        return Step(
            self.code,
            eliminations=elims,
            explanation=(
                f"By the {rule} rule, each cell against what its partner can still be: "
                + "; ".join(s.explanation for s in steps)
            ),
            cells=cells,
            digits=tuple(sorted({d for s in steps for d in s.digits})),
            candidates=tuple(dict.fromkeys(c for s in steps for c in s.candidates)),
            notation=notation(lay, self.name, f"{rule}: {sources}", (), elims),
        )

    def _each_arc(self, board: Board) -> Iterator[tuple[str, str, Step]]:
        """Per pair that removes something: its rule, its source (``r1c4 {1,2,3}``) and
        its own step."""
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
                source = f"{name_a} {{{digit_list(digits)}}}"
                pattern = f"{source} ({rule})"
                left = mb & support
                then = f"can only be {digits_text(left)}, so it" if left else "has no digit left:"
                yield rule, source, Step(
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
