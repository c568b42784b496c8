"""The propagation kernel: candidates, their primitives, and propagation to a fixed point.

``Candidates`` is the state every propagating part of yass works on (``Board`` is one):
``cands[cell]`` is the digit mask of a cell, ``values[cell]`` its digit once assigned (0
before), ``_pos[d - 1]`` the bitset of unassigned cells where ``d`` is still a candidate,
``_placed[d - 1]`` the cells assigned ``d``, ``_empty`` the unassigned cells. Its
primitives change one thing and look no further: ``eliminate`` takes a digit out of a
cell, ``restrict`` keeps a mask, ``place`` assigns a digit, clears it from every peer and
narrows related cells through the relation tables (``layout.arcs``).

``settle`` propagates to a fixed point and says why the candidates broke (None when they
hold). The rules it applies, each only where something changed since it last looked:

* naked singles: a cell with one candidate is assigned (as ``place`` does, with the
  peers and related cells that become singles queued in turn); it breaks when a peer
  already holds the digit or a related assigned cell cannot stand beside it;
* hidden singles: a full house with one place left for a digit assigns it there; one
  with no place left breaks;
* the rules' own ``propagate`` hooks (``rules``);
* locked candidates (``locked``): every place left for a digit in a full house sees a
  cell, so that cell loses the digit;
* arc consistency on the relations (``consistent``): a digit stays in a cell only while
  every related cell keeps a digit the relation allows beside it (AC-3).

The fixed point of these rules does not depend on the order they run in (each only
removes candidates, and removes more from fewer), so every user that asks for the same
rules reaches the same candidates; the order matters only for which contradiction is
named first, and that order is fixed: the queue of singles, hidden singles, the hooks,
locked candidates, arc consistency.

``log``, when a list, receives every change with its cause, in order, as ``Change``
values: ``(cell, digit, placed, cause)``. Eliminating the removed candidates in turn on
a copy of the starting state gives the final candidates.

Users: the reference search (``yass.engine.search``: hidden singles, hooks, arc
consistency), speculation (``yass.logic.techniques.speculation``: hidden singles, hooks,
locked candidates, with the contradiction's sentence), the generator's first look at a
puzzle (naked and hidden singles only) and ``Board``, whose primitives these are. The
compiled engines (``engine._core``) keep their own propagation for speed;
``tests/test_propagate.py`` checks them, and the forcing nets' layered propagation,
against this one (docs/ARCHITECTURE.md, "Propagation", says why each remains).
"""

from __future__ import annotations

from yass.core.geometry import bits, digit_char, mask_digits
from yass.core.layout import Layout, per_layout

__all__ = ["Candidates", "Change", "assume", "outside_reach", "settle", "settle_all"]

#: One change a propagation made: ``(cell, digit, placed, cause)``; ``placed`` is True for
#: an assignment, False for an elimination; ``cause`` names the rule and its pattern.
Change = tuple[int, int, bool, str]


@per_layout
def outside_reach(layout: Layout) -> dict[int, int]:
    """For each full house (by mask), the most of its cells that one cell outside it sees.

    When a digit has more places in a house than that, no outside cell sees them all,
    so the house can be skipped (a cheap filter, exact for every rule).
    """
    out: dict[int, int] = {}
    for house in layout.full_houses:
        mask = house.mask
        seen = [(p & mask).bit_count() for c, p in enumerate(layout.peers) if not mask >> c & 1]
        out[mask] = max(seen, default=0)
    return out


class Candidates:
    """The candidates of every cell of a layout, in two views kept in sync."""

    __slots__ = ("_empty", "_placed", "_pos", "cands", "layout", "values")

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.cands: list[int] = list(layout.cell_masks)
        self.values: list[int] = [0] * layout.ncells
        self._pos: list[int] = [0] * layout.size
        self._placed: list[int] = [0] * layout.size
        self._empty = (1 << layout.ncells) - 1  # the cells not yet placed
        for cell, mask in enumerate(self.cands):
            for d in mask_digits(mask):
                self._pos[d - 1] |= 1 << cell

    def state(self) -> Candidates:
        """A copy of the candidates alone (what a trial changes and throws away)."""
        new = Candidates.__new__(Candidates)
        new.layout = self.layout
        new.cands = self.cands[:]
        new.values = self.values[:]
        new._pos = self._pos[:]
        new._placed = self._placed[:]
        new._empty = self._empty
        return new

    def positions(self, digit: int) -> int:
        """Bitset of the unplaced cells where ``digit`` is still a candidate."""
        return self._pos[digit - 1]

    def placed(self, digit: int) -> int:
        """Bitset of the cells where ``digit`` is placed."""
        return self._placed[digit - 1]

    @property
    def empty(self) -> int:
        """Bitset of the cells not yet placed."""
        return self._empty

    # -- the primitives -----------------------------------------------------------------

    def eliminate(self, cell: int, digit: int) -> bool:
        """Remove ``digit`` from ``cell``; True if it was there."""
        bit = 1 << (digit - 1)
        if not self.cands[cell] & bit:
            return False
        self.cands[cell] &= ~bit
        self._pos[digit - 1] &= ~(1 << cell)
        return True

    def restrict(self, cell: int, mask: int) -> None:
        """Keep only the digits of ``mask`` in ``cell``."""
        gone = self.cands[cell] & ~mask
        if gone and not self.values[cell]:
            for d in mask_digits(gone):
                self.eliminate(cell, d)
        elif gone:
            self.cands[cell] &= mask

    def place(self, cell: int, digit: int) -> bool:
        """Fill ``cell`` with ``digit`` and clear it from every cell that sees or relates.

        Returns False (and changes nothing) if the digit is no longer a candidate there.
        """
        bit = 1 << (digit - 1)
        cands = self.cands
        if self.values[cell] or not cands[cell] & bit:
            return self.values[cell] == digit
        pos = self._pos
        here = ~(1 << cell)
        rest = cands[cell]
        while rest:
            low = rest & -rest
            pos[low.bit_length() - 1] &= here
            rest ^= low
        cands[cell] = bit
        self.values[cell] = digit
        self._placed[digit - 1] |= 1 << cell
        self._empty &= here
        # the unplaced peers that still have the digit: its positions among the peers
        hit = pos[digit - 1] & self.layout.peers[cell]
        if hit:
            pos[digit - 1] &= ~hit
            for p in bits(hit):
                cands[p] &= ~bit
        for nb, table in self.layout.arcs[cell]:
            self.restrict(nb, table[digit - 1])
        return True

    def singles(self) -> list[int]:
        """The unassigned cells with at most one candidate (a queue for ``settle``)."""
        values = self.values
        return [c for c, m in enumerate(self.cands) if not values[c] and not m & (m - 1)]


def _drop(pos: list[int], cell: int, gone: int, touched: list[int]) -> None:
    """Take the digits of ``gone`` out of the places of ``cell`` (not out of cands)."""
    cb = 1 << cell
    while gone:
        low = gone & -gone
        gone ^= low
        e = low.bit_length() - 1
        pos[e] &= ~cb
        touched[e] |= cb


def _log_gone(log: list[Change], cell: int, gone: int, cause: str) -> None:
    for d in mask_digits(gone):
        log.append((cell, d, False, cause))


def assume(
    state: Candidates,
    cell: int,
    digit: int,
    *,
    locked: bool = True,
    consistent: bool = False,
    rules: bool = True,
    log: list[Change] | None = None,
) -> str | None:
    """Make ``cell`` hold ``digit`` and settle, from a state at a fixed point of the same
    rules; why the candidates broke, or None."""
    keep = 1 << (digit - 1)
    touched = [0] * state.layout.size
    gone = state.cands[cell] & ~keep
    _drop(state._pos, cell, gone, touched)
    state.cands[cell] = keep
    if log is not None:
        _log_gone(log, cell, gone, f"suppose {state.layout.name(cell)}={digit_char(digit)}")
    return settle(
        state, [cell], touched, 1 << cell,
        locked=locked, consistent=consistent, rules=rules, log=log,
    )


def settle_all(
    state: Candidates,
    queue: list[int] | None = None,
    *,
    locked: bool = True,
    consistent: bool = False,
    rules: bool = True,
    log: list[Change] | None = None,
) -> str | None:
    """Settle looking everywhere (a state not known to be at a fixed point); ``queue``
    defaults to the state's singles."""
    lay = state.layout
    everywhere = (1 << lay.ncells) - 1
    return settle(
        state,
        state.singles() if queue is None else queue,
        [everywhere] * lay.size,
        everywhere,
        locked=locked, consistent=consistent, rules=rules, log=log,
    )


def settle(
    state: Candidates,
    queue: list[int],
    touched: list[int],
    changed: int = 0,
    *,
    locked: bool = True,
    consistent: bool = False,
    rules: bool = True,
    log: list[Change] | None = None,
) -> str | None:
    """Propagate to a fixed point; why the candidates broke, or None when they hold.

    ``queue`` holds the cells that may have become singles; ``touched[d]`` is the bitset
    of cells that lost digit d+1 since the last fixed point (all cells for a fresh
    start): only the houses they meet are scanned again; ``changed`` the cells whose
    candidates changed since then (arc consistency starts from them). The sentence
    completes "if ..., " (for example "r1c2 would have no candidate left").
    """
    lay = state.layout
    cands, pos, placed, values = state.cands, state._pos, state._placed, state.values
    peer_bits = lay.peers
    arcs = lay.arcs
    houses = lay.full_houses
    hooks = lay.propagators if rules else ()
    reach = outside_reach(lay)
    consistent = consistent and any(arcs)
    hs_t = touched[:]
    ic_t = touched[:] if locked else [0] * lay.size
    hs_dirty = sum(1 << d for d, t in enumerate(touched) if t)
    ic_dirty = hs_dirty if locked else 0
    ac_t = changed if consistent else 0
    props_dirty = bool(hooks)
    empty = state._empty
    try:
        while True:
            while queue:
                cell = queue.pop()
                if values[cell]:
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
                values[cell] = d + 1
                empty &= ~cb
                pos[d] &= ~cb
                placed[d] |= cb
                props_dirty = bool(hooks)
                if log is not None:
                    log.append((cell, d + 1, True, "single"))
                hits = pos[d] & peer_bits[cell]
                if hits:
                    pos[d] ^= hits
                    hs_t[d] |= hits
                    ic_t[d] |= hits
                    hs_dirty |= m
                    ic_dirty |= m
                    ac_t |= hits
                    if log is not None:
                        why = f"{lay.name(cell)}={digit_char(d + 1)}"
                        log.extend((p, d + 1, False, why) for p in bits(hits))
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
                    if values[nb]:
                        rule = " and ".join(sorted(set(lay.relation_labels(cell, nb))))
                        return (
                            f"{lay.name(cell)}={digit_char(d + 1)} and {lay.name(nb)}="
                            f"{digit_char(c.bit_length())} would break the {rule} rule"
                        )
                    cands[nb] = new
                    if not new:
                        return f"{lay.name(nb)} would have no candidate left"
                    gone = c & ~new
                    if log is not None:
                        _log_gone(log, nb, gone, f"{lay.name(cell)}={digit_char(d + 1)}")
                    hs_dirty |= gone
                    ic_dirty |= gone
                    ac_t |= 1 << nb
                    props_dirty = bool(hooks)
                    _drop(pos, nb, gone, hs_t)
                    if locked:
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
                            if log is not None:
                                _log_gone(log, cell, gone, f"hidden single in {house.name}")
                            hs_dirty |= gone
                            ic_dirty |= gone
                            ac_t |= 1 << cell
                            _drop(pos, cell, gone, hs_t)
                            if locked:
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
                before = cands[:]
                for con in hooks:
                    prior = cands[:] if log is not None else before
                    if not con.propagate(lay.grid, cands):
                        return f"the {con.label} rule would break"
                    if log is not None:
                        for cell, (old, new) in enumerate(zip(prior, cands, strict=True)):
                            if old != new:
                                _log_gone(log, cell, old & ~new, f"the {con.label} rule")
                for cell, (old, new) in enumerate(zip(before, cands, strict=True)):
                    if old == new:
                        continue
                    if not new:
                        return f"{lay.name(cell)} would have no candidate left"
                    if values[cell]:
                        return f"{lay.name(cell)} would lose its digit"
                    gone = old & ~new
                    # (a rule may narrow more once another has: the hooks run again)
                    props_dirty = True
                    _drop(pos, cell, gone, hs_t)
                    ac_t |= 1 << cell
                    if locked:
                        for d in mask_digits(gone):
                            ic_t[d - 1] |= 1 << cell
                    if not new & (new - 1):
                        queue.append(cell)
                hs_dirty |= sum(1 << d for d, t in enumerate(hs_t) if t)
                if locked:
                    ic_dirty |= hs_dirty
                if queue or hs_dirty:
                    continue
            if ic_dirty and locked:
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
                        if log is not None:
                            why = f"locked {digit_char(d + 1)} in {house.name}"
                            log.extend((x, d + 1, False, why) for x in bits(targets))
                        hs_t[d] |= targets
                        ic_t[d] |= targets
                        hs_dirty |= bit
                        ic_dirty |= bit
                        ac_t |= targets
                        props_dirty = bool(hooks)
                        for x in bits(targets):
                            c = cands[x] & ~bit
                            cands[x] = c
                            if not c:
                                return f"{lay.name(x)} would have no candidate left"
                            if not c & (c - 1):
                                queue.append(x)
                if queue or hs_dirty or props_dirty:
                    continue
            if ac_t and consistent:
                broke = _revise_arcs(state, ac_t, queue, hs_t, ic_t, log)
                ac_t = 0
                if broke is not None:
                    return broke
                dirty = sum(1 << d for d, t in enumerate(hs_t) if t)
                if dirty:
                    hs_dirty |= dirty
                    if locked:
                        ic_dirty |= dirty
                    props_dirty = bool(hooks)
                    continue
            if not queue:
                return None
    finally:
        state._empty = empty


def _revise_arcs(
    state: Candidates,
    changed: int,
    queue: list[int],
    hs_t: list[int],
    ic_t: list[int],
    log: list[Change] | None,
) -> str | None:
    """Narrow related cells to the digits their neighbours' candidates allow (AC-3),
    starting from the cells of ``changed``; queues new singles and marks the digits lost
    in ``hs_t`` and ``ic_t``."""
    lay = state.layout
    arcs = lay.arcs
    cands, pos = state.cands, state._pos
    work = [c for c in bits(changed) if arcs[c]]
    waiting = set(work)
    while work:
        cell = work.pop()
        waiting.discard(cell)
        m = cands[cell]
        for nb, table in arcs[cell]:
            allowed = 0
            rest = m
            while rest:
                low = rest & -rest
                allowed |= table[low.bit_length() - 1]
                rest ^= low
            c = cands[nb]
            new = c & allowed
            if new == c:
                continue
            if not new:  # (an assigned cell has one candidate: it can only lose it)
                return f"{lay.name(nb)} would have no candidate left"
            cands[nb] = new
            gone = c & ~new
            if log is not None:
                _log_gone(log, nb, gone, f"{lay.name(cell)} allows none of them")
            _drop(pos, nb, gone, hs_t)
            for d in mask_digits(gone):
                ic_t[d - 1] |= 1 << nb
            if not new & (new - 1):
                queue.append(nb)
            if nb not in waiting and arcs[nb]:
                waiting.add(nb)
                work.append(nb)
    return None
