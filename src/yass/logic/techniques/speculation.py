"""Speculation: try a candidate, propagate, and if the board breaks, drop it.

Choose a digit for a cell and run the cheap rules; if the board then contradicts
itself, that digit is eliminated from the cell. The rules run on
a trial are the cheap ones, on plain candidate masks and digit bitsets (no Step
objects): naked singles (clearing peers and narrowing related cells), hidden singles
in full houses, the rules' own ``propagate`` hooks, and locked candidates (every
place for a digit in a house sees a cell, so that cell loses it). Cells with two
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
from yass.core.layout import Layout
from yass.core.record import record
from yass.core.step import Step, notation
from yass.logic.techniques.base import Technique
from yass.logic.techniques.intersections import outside_reach

__all__ = ["Speculation", "Trial", "refute"]


@record
class Trial:
    """Candidates under propagation: ``pos[d]`` / ``placed[d]`` are bitsets for digit d+1."""

    layout: Layout
    cands: list[int]
    pos: list[int]
    placed: list[int]
    assigned: list[bool]

    @classmethod
    def of(cls, board: Board) -> Trial:
        size = board.layout.size
        return cls(
            board.layout,
            board.cands[:],
            [board.positions(d) for d in range(1, size + 1)],
            [board.placed(d) for d in range(1, size + 1)],
            [bool(v) for v in board.values],
        )

    def copy(self) -> Trial:
        return Trial(self.layout, self.cands[:], self.pos[:], self.placed[:], self.assigned[:])

    def suppose(self, cell: int, digit: int) -> str | None:
        """Make ``cell`` hold ``digit`` and propagate; why the grid broke, or None."""
        keep = 1 << (digit - 1)
        touched = [0] * self.layout.size
        self._drop(cell, self.cands[cell] & ~keep, touched)
        self.cands[cell] = keep
        return self.settle([cell], touched)

    def _drop(self, cell: int, gone: int, touched: list[int]) -> None:
        """Take the digits of ``gone`` out of the places of ``cell`` (not out of cands)."""
        cb = 1 << cell
        pos = self.pos
        while gone:
            low = gone & -gone
            gone ^= low
            e = low.bit_length() - 1
            pos[e] &= ~cb
            touched[e] |= cb

    def settle(self, queue: list[int], touched: list[int]) -> str | None:
        """Propagate to a fixpoint; why the grid broke, or None when it is stable.

        ``touched[d]`` is the bitset of cells that lost digit d+1 since the last fixpoint
        (all cells for a fresh start): only the houses they meet are scanned again.
        """
        lay = self.layout
        cands, pos, placed, assigned = self.cands, self.pos, self.placed, self.assigned
        peer_bits = lay.peers
        arcs = lay.arcs
        houses = lay.full_houses
        reach = outside_reach(lay)
        hs_t = touched[:]
        ic_t = touched[:]
        hs_dirty = ic_dirty = sum(1 << d for d, t in enumerate(touched) if t)
        props_dirty = bool(lay.propagators)
        while True:
            while queue:
                cell = queue.pop()
                if assigned[cell]:
                    continue
                m = cands[cell]
                if not m:
                    return f"{lay.name(cell)} would have no candidate left"
                if m & (m - 1):
                    continue
                d = m.bit_length() - 1
                clash = placed[d] & peer_bits[cell]
                if clash:
                    other = clash.bit_length() - 1
                    return (
                        f"{lay.name(other)} and {lay.name(cell)} would both be"
                        f" {digit_char(d + 1)} ({lay.why_sees(other, cell)})"
                    )
                cb = 1 << cell
                assigned[cell] = True
                pos[d] &= ~cb
                placed[d] |= cb
                props_dirty = bool(lay.propagators)
                hits = pos[d] & peer_bits[cell]
                if hits:
                    pos[d] ^= hits
                    hs_t[d] |= hits
                    ic_t[d] |= hits
                    hs_dirty |= m
                    ic_dirty |= m
                    while hits:
                        low = hits & -hits
                        hits ^= low
                        p = low.bit_length() - 1
                        c = cands[p] ^ m
                        cands[p] = c
                        if not c:
                            return f"{lay.name(p)} would have no candidate left"
                        if not c & (c - 1):
                            queue.append(p)
                for nb, table in arcs[cell]:
                    c = cands[nb]
                    new = c & table[d]
                    if new == c:
                        continue
                    if assigned[nb]:
                        rule = " and ".join(sorted(set(lay.relation_labels(cell, nb))))
                        return (
                            f"{lay.name(cell)}={digit_char(d + 1)} and {lay.name(nb)}="
                            f"{digit_char(c.bit_length())} would break the {rule} rule"
                        )
                    cands[nb] = new
                    if not new:
                        return f"{lay.name(nb)} would have no candidate left"
                    gone = c & ~new
                    hs_dirty |= gone
                    ic_dirty |= gone
                    self._drop(nb, gone, hs_t)
                    nbb = 1 << nb
                    while gone:
                        low = gone & -gone
                        gone ^= low
                        ic_t[low.bit_length() - 1] |= nbb
                    if not new & (new - 1):
                        queue.append(nb)
            if hs_dirty:
                todo, hs_dirty = hs_dirty, 0
                for d in mask_digits(todo):
                    d -= 1
                    t, hs_t[d] = hs_t[d], 0
                    bit = 1 << d
                    for house in houses:
                        hm = house.mask
                        if not hm & t:
                            continue
                        spots = pos[d] & hm
                        if spots & (spots - 1) or placed[d] & hm:
                            continue
                        if not spots:
                            return f"{house.name} would have no place for {digit_char(d + 1)}"
                        cell = spots.bit_length() - 1
                        c = cands[cell]
                        if c != bit:
                            gone = c & ~bit
                            cands[cell] = bit
                            hs_dirty |= gone
                            ic_dirty |= gone
                            self._drop(cell, gone, hs_t)
                            cb = 1 << cell
                            while gone:
                                low = gone & -gone
                                gone ^= low
                                ic_t[low.bit_length() - 1] |= cb
                            queue.append(cell)
                if queue:
                    continue
            if props_dirty:
                props_dirty = False
                why = self._run_propagators(queue, hs_t, ic_t)
                if why is not None:
                    return why
                hs_dirty |= sum(1 << d for d, t in enumerate(hs_t) if t)
                ic_dirty |= hs_dirty
                if queue or hs_dirty:
                    continue
            if not ic_dirty:
                return None
            todo, ic_dirty = ic_dirty, 0
            for d in mask_digits(todo):
                d -= 1
                t, ic_t[d] = ic_t[d], 0
                bit = 1 << d
                for house in houses:
                    hm = house.mask
                    if not hm & t:
                        continue
                    spots = pos[d] & hm
                    if not spots & (spots - 1) or spots.bit_count() > reach[hm]:
                        continue
                    targets = pos[d] & ~spots
                    s = spots
                    while s and targets:
                        low = s & -s
                        targets &= peer_bits[low.bit_length() - 1]
                        s ^= low
                    if not targets:
                        continue
                    pos[d] &= ~targets
                    hs_t[d] |= targets
                    ic_t[d] |= targets
                    hs_dirty |= bit
                    ic_dirty |= bit
                    props_dirty = bool(lay.propagators)
                    for x in bits(targets):
                        c = cands[x] & ~bit
                        cands[x] = c
                        if not c:
                            return f"{lay.name(x)} would have no candidate left"
                        if not c & (c - 1):
                            queue.append(x)

    def _run_propagators(self, queue: list[int], hs_t: list[int], ic_t: list[int]) -> str | None:
        lay = self.layout
        cands = self.cands
        before = cands[:]
        for con in lay.propagators:
            if not con.propagate(lay.grid, cands):
                return f"the {con.label} rule would break"
        for cell, (old, new) in enumerate(zip(before, cands, strict=True)):
            if old == new:
                continue
            if not new:
                return f"{lay.name(cell)} would have no candidate left"
            if self.assigned[cell]:
                return f"{lay.name(cell)} would lose its digit"
            gone = old & ~new
            self._drop(cell, gone, hs_t)
            for d in mask_digits(gone):
                ic_t[d - 1] |= 1 << cell
            if not new & (new - 1):
                queue.append(cell)
        return None


def _start(board: Board) -> tuple[Trial, str | None]:
    """The board propagated to a fixpoint, and why it broke (or None)."""
    trial = Trial.of(board)
    queue = [c for c, m in enumerate(trial.cands) if not trial.assigned[c] and not m & (m - 1)]
    everywhere = (1 << board.layout.ncells) - 1
    return trial, trial.settle(queue, [everywhere] * board.layout.size)


def refute(board: Board, cell: int, digit: int) -> str | None:
    """Why ``cell`` cannot be ``digit`` by cheap propagation, or None. Leaves the board alone.

    The answer completes the sentence "if r4c5 were 7, ..." (for example "r1c2 would
    have no candidate left").
    """
    trial = Trial.of(board)
    queue = [c for c, m in enumerate(trial.cands) if not trial.assigned[c] and not m & (m - 1)]
    keep = 1 << (digit - 1)
    gone = trial.cands[cell] & ~keep
    trial.cands[cell] = keep
    for d in mask_digits(gone):
        trial.pos[d - 1] &= ~(1 << cell)
    if not trial.assigned[cell]:
        queue.append(cell)
    everywhere = (1 << board.layout.ncells) - 1
    return trial.settle(queue, [everywhere] * board.layout.size)


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
                    if base.assigned[cell]:
                        continue  # the board already forces this digit: no trial can break
                    why = base.copy().suppose(cell, d)
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
