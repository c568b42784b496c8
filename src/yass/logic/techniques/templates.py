"""Templates: Template Set and Template Delete.

A template of a digit d is one way to place d in the finished grid: one cell in every
row, no two that see each other, and one in every full house. The solution's d is one
of the templates that fit the board (every cell a candidate for d, or placed with d).
A cell that every fitting template uses is d (Template Set); a candidate of d that no
fitting template uses goes (Template Delete).

The templates are walked row by row, each row's cell chosen among its candidates that
see none chosen before; the walk gives up on a digit after ``_LIMIT`` templates (then
it says nothing about that digit). As in HoDoKu, the templates are then refined: a
template of d that uses a cell every template of another digit e uses (that cell is
e) cannot be d's, and goes; this repeats until nothing goes. Like HoDoKu, yass keeps
templates off the default ladder: ``--techniques +tset,+tdel``.
"""

from __future__ import annotations

from yass.core.board import Board
from yass.core.geometry import bits, digit_char
from yass.core.step import Step, notation
from yass.logic.techniques.base import Technique, cells_text
from yass.logic.techniques.context import context

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import ClassVar

__all__ = ["TemplateDelete", "TemplateSet"]

_LIMIT = 200_000


def _templates(board: Board, d: int) -> list[int] | None:
    """Every template of ``d`` that fits the board, or None when there are too many to
    walk (``_LIMIT``)."""
    lay = board.layout
    n = lay.size
    peers = lay.peers
    allowed = board.positions(d) | board.placed(d)
    rows = [allowed >> (r * n) & ((1 << n) - 1) for r in range(n)]
    full = [h.mask for h in lay.houses if h.full and h.kind != "row"]
    out: list[int] = []
    # stack of (row, chosen cells, cells seen by the chosen)
    stack: list[tuple[int, int, int]] = [(0, 0, 0)]
    while stack:
        row, chosen, seen = stack.pop()
        if row == n:
            if all(chosen & m for m in full):
                out.append(chosen)
                if len(out) > _LIMIT:
                    return None
            continue
        free = (rows[row] << (row * n)) & ~seen
        for c in bits(free):
            stack.append((row + 1, chosen | 1 << c, seen | peers[c]))
    return out


def _refined(found: dict[int, list[int] | None]) -> dict[int, tuple[int, int] | None]:
    """(cells every template uses, cells some template uses) per digit, after dropping,
    until nothing changes, the templates of a digit that use a cell every template of
    another digit uses (that cell holds the other digit). None for a digit whose
    templates were not walked (or that has none)."""
    lists = {d: ts for d, ts in found.items() if ts}
    every = {d: _and(ts) for d, ts in lists.items()}
    changed = True
    while changed:
        changed = False
        for d, ts in lists.items():
            taken = 0
            for e, cells in every.items():
                if e != d:
                    taken |= cells
            kept = [t for t in ts if not t & taken]
            if len(kept) != len(ts) and kept:
                lists[d] = kept
                every[d] = _and(kept)
                changed = True
    out: dict[int, tuple[int, int] | None] = dict.fromkeys(found)
    for d, ts in lists.items():
        some = 0
        for t in ts:
            some |= t
        out[d] = (every[d], some)
    return out


def _and(templates: list[int]) -> int:
    every = -1
    for t in templates:
        every &= t
    return every


def _covers(board: Board) -> dict[int, tuple[int, int] | None]:
    ctx = context(board)

    def build() -> dict[int, tuple[int, int] | None]:
        return _refined({d: _templates(board, d) for d in range(1, board.layout.size + 1)})

    return ctx.memo("templates", build)


class _TemplateTechnique(Technique):
    """The two template techniques: for each digit, the cells ``_cells`` picks from its
    templates are placed (``placing``) or cleared."""

    placing: ClassVar[bool] = False

    def _cells(self, board: Board, d: int, found: tuple[int, int]) -> int:
        raise NotImplementedError

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        for d, found in _covers(board).items():
            if found is None:
                continue
            cells = self._cells(board, d, found)
            if not cells:
                continue
            ch = digit_char(d)
            changes = tuple((c, d) for c in bits(cells))
            many = len(changes) > 1
            if self.placing:
                lead = "every"
                said = f"{cells_text(lay, cells)}, so {'they are' if many else 'it is'}"
                shown = board.positions(d)
            else:
                lead = "no"
                said = f"{cells_text(lay, cells, 'or')}, so {'they' if many else 'it'} can't be"
                shown = board.positions(d) & found[1]
            placements = changes if self.placing else ()
            eliminations = () if self.placing else changes
            yield Step(
                self.code,
                placements=placements,
                eliminations=eliminations,
                explanation=(
                    f"{lead} way to place {ch} in the whole grid that fits the candidates (a"
                    f" template: one {ch} per row, column and box) uses {said} {ch}"
                ),
                cells=tuple(bits(cells)),
                digits=(d,),
                candidates=tuple((c, d) for c in bits(shown)),
                notation=notation(lay, self.name, ch, placements, eliminations),
            )


class TemplateSet(_TemplateTechnique):
    """A cell every template of a digit uses holds that digit."""

    code = "tset"
    placing = True

    def _cells(self, board: Board, d: int, found: tuple[int, int]) -> int:
        return found[0] & board.positions(d)


class TemplateDelete(_TemplateTechnique):
    """A candidate no template of its digit uses goes."""

    code = "tdel"

    def _cells(self, board: Board, d: int, found: tuple[int, int]) -> int:
        return board.positions(d) & ~found[1]
