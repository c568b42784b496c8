"""Aligned Pair Exclusion and Aligned Triple Exclusion.

Take two (or three) unsolved cells, the base, and try every way to fill them from their
candidates: two base cells that see each other cannot take the same digit, and a way
is excluded when it leaves some other cell without a candidate (every candidate of that
cell is a digit the way puts in a base cell it sees; on a classic grid, a bivalue cell
that sees both base cells of a pair and holds exactly the pair's two digits). A digit
of a base cell that appears in no remaining way is removed.

Sudoku Explainer rates these (6.2 and 7.5) and yass's SE rater has them in its own form
(``rating/se.py``, SE's first hint in SE's order, on SE's 9x9 grid only); the ladder's
form here is separate because it runs on every layout and reports every step, and the
techniques layer sits below the rater. The excluders are single cells; the wider form
with almost locked sets as excluders is left out.

Both are off the default ladder (``--techniques +ape,+ate``): on the hard sample sets the
techniques before them nearly always find a step first, so the pair's search at every
state that reaches it cost about an eighth of the ladder's time for no shorter path.

Cost: the pair looks only at cells with at most ``_MOST`` candidates that share enough
two-candidate peers to exclude a whole row of ways; the triple at cells with at most
three candidates whose pairs each share an excluder.
"""

from __future__ import annotations

from itertools import combinations, product

from yass.core.board import Board
from yass.core.geometry import bits, digit_char, mask_digits
from yass.core.step import Step, cell_list, notation
from yass.logic.techniques.base import Technique, cells_text, removal_text

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Iterator

__all__ = ["AlignedPairExclusion", "AlignedTripleExclusion"]

_MOST = 5


def _excluded(way: tuple[int, ...], excluders: list[tuple[int, int, list[int]]]) -> int:
    """The first excluder ``way`` empties (a cell), or -1. An excluder is (cell,
    candidates, the indexes of the base cells it sees)."""
    for cell, cands, seen in excluders:
        put = 0
        for i in seen:
            put |= 1 << (way[i] - 1)
        if not cands & ~put:
            return cell
    return -1


def _survivors(
    board: Board, base: tuple[int, ...], excluders: list[tuple[int, int, list[int]]]
) -> tuple[list[int], list[int]] | None:
    """The digits of each base cell that some way keeps, and the excluders used; None when
    every digit is kept."""
    lay = board.layout
    peers = lay.peers
    cands = board.cands
    k = len(base)
    clash = [(i, j) for i, j in combinations(range(k), 2) if peers[base[i]] >> base[j] & 1]
    kept = [0] * k
    used: set[int] = set()
    for way in product(*(mask_digits(cands[c]) for c in base)):
        if any(way[i] == way[j] for i, j in clash):
            continue
        hit = _excluded(way, excluders)
        if hit >= 0:
            used.add(hit)
            continue
        for i in range(k):
            kept[i] |= 1 << (way[i] - 1)
    if all(kept[i] == cands[c] for i, c in enumerate(base)):
        return None
    return kept, sorted(used)


class _Aligned(Technique):
    """Shared step text."""

    def _step(self, board: Board, base: tuple[int, ...], kept: list[int], used: list[int]
              ) -> Step:
        lay = board.layout
        cands = board.cands
        elims = [(c, d) for i, c in enumerate(base) for d in mask_digits(cands[c] & ~kept[i])]
        return Step(
            self.code,
            eliminations=tuple(elims),
            explanation=(
                f"of the ways to fill {cells_text(lay, base)} from their candidates, those that"
                f" repeat a digit in cells that see each other or leave"
                f" {cells_text(lay, used, 'or')} without a candidate are impossible, and no"
                f" other way uses the removed digits: {removal_text(lay, elims)}"
            ),
            cells=(*base, *used),
            digits=tuple(sorted({d for c in base for d in mask_digits(cands[c])})),
            candidates=tuple(
                (c, d) for c in (*base, *used) for d in mask_digits(cands[c])
            ),
            notation=notation(
                lay, self.name,
                f"{cell_list(lay, base)} ({', '.join(_cell_digits(board, c) for c in used)})",
                (), elims,
            ),
        )


def _cell_digits(board: Board, cell: int) -> str:
    digits = "".join(digit_char(d) for d in mask_digits(board.cands[cell]))
    return f"{board.layout.name(cell)}={digits}"


def _some_excluded(mine: int, other: int, masks: set[int], see: int) -> bool:
    """True when some digit of ``mine`` has every pairing with ``other`` excluded by a
    two-candidate cell in ``masks`` (or by ``see``, for the same digit)."""
    for x in mask_digits(mine):
        bx = 1 << (x - 1)
        if all(
            (see and y == x) or (bx | 1 << (y - 1)) in masks for y in mask_digits(other)
        ):
            return True
    return False


class AlignedPairExclusion(_Aligned):
    """Two cells whose pairs of digits are excluded by the bivalue cells both see."""

    code = "ape"

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        peers = lay.peers
        cands = board.cands
        small = [c for c in bits(board.empty) if 2 <= cands[c].bit_count() <= _MOST]
        pairs = 0
        for c in bits(board.empty):
            if cands[c].bit_count() == 2:
                pairs |= 1 << c
        for i, a in enumerate(small):
            for b in small[i + 1:]:
                common = peers[a] & peers[b] & pairs
                need = min(cands[a].bit_count(), cands[b].bit_count()) - 1
                if common.bit_count() < max(need, 1):
                    continue
                # a digit x of a goes only when every y of b (but x itself, when a and b
                # see each other) meets a common peer that is exactly {x, y}
                masks = {cands[e] for e in bits(common)}
                see = peers[a] >> b & 1
                if not (_some_excluded(cands[a], cands[b], masks, see)
                        or _some_excluded(cands[b], cands[a], masks, see)):
                    continue
                excluders = [(e, cands[e], [0, 1]) for e in bits(common)]
                found = _survivors(board, (a, b), excluders)
                if found is not None:
                    yield self._step(board, (a, b), *found)


class AlignedTripleExclusion(_Aligned):
    """Three cells whose triples of digits are excluded by the cells that see them."""

    code = "ate"

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        peers = lay.peers
        cands = board.cands
        open_cells = [c for c in bits(board.empty) if cands[c].bit_count() >= 2]
        narrow = 0
        for c in open_cells:
            if cands[c].bit_count() <= 3:
                narrow |= 1 << c
        small = [c for c in open_cells if cands[c].bit_count() <= 3]
        near = {a: peers[a] & narrow for a in small}
        for i, a in enumerate(small):
            for j in range(i + 1, len(small)):
                b = small[j]
                if not near[a] & near[b]:
                    continue
                for c in small[j + 1:]:
                    if not (near[a] & near[c] and near[b] & near[c]):
                        continue
                    base = (a, b, c)
                    excluders = []
                    for e in bits((near[a] | near[b] | near[c]) & ~(1 << a | 1 << b | 1 << c)):
                        seen = [x for x, cell in enumerate(base) if peers[e] >> cell & 1]
                        if len(seen) >= cands[e].bit_count():
                            excluders.append((e, cands[e], seen))
                    if len(excluders) < 2:
                        continue
                    found = _survivors(board, base, excluders)
                    if found is not None:
                        yield self._step(board, base, *found)
