"""Speculation: try a candidate, propagate, and if the board breaks, drop it.

Choose a digit for a cell and run the cheap rules; if the board then contradicts
itself, that digit is eliminated from the cell. The rules run on a trial are the
cheap ones of the propagation kernel (``yass.core.propagate.settle``), on plain candidate
masks and digit bitsets (no Step objects): naked singles (clearing peers and
narrowing related cells), hidden singles in full houses, the rules' own ``propagate``
hooks, and locked candidates (every place for a digit in a house sees a cell, so that
cell loses it). The kernel's sentence for the contradiction is the step's reason. Cells with two
candidates are tried first, then three, and so on (lowest cell first among equals);
the first refutation found is the first step. In human terms this is Nishio, or a
cell-forcing contradiction; it is the last rung of the default ladder.

Cost: the board is first propagated once to a fixpoint (the "base"); each trial
starts from a copy of the base and only re-examines the houses where a digit lost a
place, so a trial costs in proportion to its consequences. Cells with more than
``Speculation.max_candidates`` candidates are not tried (see there). Measured on the
default ladder: about 13 ms a puzzle on norvig_top95 and the magictour top1465 sample,
every one of them without a guess.
"""

from __future__ import annotations

from collections.abc import Iterator

from yass.core.board import Board
from yass.core.bounds import poll
from yass.core.geometry import bits, digit_char, mask_digits
from yass.core.propagate import Candidates, assume, settle_all
from yass.core.step import Step, notation
from yass.logic.techniques.base import Technique

__all__ = ["Speculation", "refute"]


def _start(board: Board) -> tuple[Candidates, str | None]:
    """The board propagated to a fixpoint, and why it broke (or None)."""
    base = board.state()
    return base, settle_all(base)


def refute(board: Board, cell: int, digit: int) -> str | None:
    """Why ``cell`` cannot be ``digit`` by cheap propagation, or None. Leaves the board alone.

    The answer completes the sentence "if r4c5 were 7, ..." (for example "r1c2 would
    have no candidate left").
    """
    trial = board.state()
    queue = trial.singles()
    keep = 1 << (digit - 1)
    gone = trial.cands[cell] & ~keep
    trial.cands[cell] = keep
    for d in mask_digits(gone):
        trial._pos[d - 1] &= ~(1 << cell)
    if not trial.values[cell]:
        queue.append(cell)
    return settle_all(trial, queue)


class Speculation(Technique):
    """Eliminate a candidate whose trial placement breaks the board under cheap propagation."""

    code = "sp"
    #: Only cells with at most this many candidates are tried (None: every cell). Nine
    #: leaves every classic cell in; on larger grids it skips the nearly open cells, whose
    #: trials almost never break the board and cost the most (an empty 16x16 grid: 65 s
    #: with every cell tried, 5 s with this bound).
    max_candidates: int | None = 9

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        cands = board.cands
        base, broken = _start(board)
        most = self.max_candidates
        order = sorted(
            (
                c
                for c in bits(board.empty)
                if cands[c] & (cands[c] - 1) and (most is None or cands[c].bit_count() <= most)
            ),
            key=lambda c: (cands[c].bit_count(), c),
        )
        for cell in order:
            poll()  # (trying every candidate can take seconds: --timeout holds inside)
            for d in mask_digits(cands[cell]):
                if broken is None and base.cands[cell] >> (d - 1) & 1:
                    if base.values[cell]:
                        continue  # the board already forces this digit: no trial can break
                    why = assume(base.state(), cell, d)
                else:
                    why = refute(board, cell, d)
                if why is None:
                    continue
                name, ch = lay.name(cell), digit_char(d)
                yield Step(
                    self.code,
                    eliminations=((cell, d),),
                    explanation=f"if {name} were {ch}, {why}, so {name} is not {ch}",
                    cells=(cell,),
                    digits=(d,),
                    candidates=((cell, d),),
                    notation=notation(
                        lay, self.name, f"{name}={ch} -> {why}", (), ((cell, d),)
                    ),
                )
