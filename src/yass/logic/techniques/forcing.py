"""Forcing chains (``fc``) and forcing nets (``fn``): follow what one assumption implies.

A *fact* is "cell x is d" (``r1c1=5``, on) or "cell x is not d" (``r1c1<>5``, off), about
a candidate of the board. From a premise fact the search derives more facts, each by
one implication whose reasons are earlier facts:

* ``x=d`` gives ``x<>e`` for the other candidates e of x, ``y<>d`` for every y that sees
  x, and ``y<>e`` for every e a relation table (``layout.arcs``: kropki dots, thermos,
  non-consecutive...) forbids beside ``x=d``;
* a chain (``fc``) also has ``x<>d`` give ``x=e`` when x is a bivalue cell {d, e}, and
  ``y=d`` when x and y are the only places for d in a full house (a conjugate pair);
  ``x<>d`` give ``y<>e`` when d is the only candidate of x a relation lets y keep e
  beside; and, through groups (HoDoKu's grouped nodes, here any set of places of a
  digit in a full house): ``x=d`` that sees two or more places of d in a full house
  empties them as a group, so a single place left is d (``r1c2=6 -> r89c2<>6 ->
  r8c3=6``) and two or more left hold d as a group, which clears d from every cell that
  sees them all; ``x<>d`` leaves the other places of d in a house as a group holding d,
  with the same effect (``r6c1<>2 -> r789c1=2 -> r9c2<>2``). Every fact of a chain has
  exactly ONE reason, so each fact hangs on one linear chain from the premise
  (HoDoKu's forcing chains);
* a net (``fn``) judges cells and houses by what the branch has already removed: a
  cell whose other candidates are all gone is set (naked single), a full house with one
  place left for a digit sets it (hidden single), places left in a full house that all
  see a cell clear the digit from it (locked candidates), a related cell loses the
  digits that none of x's remaining candidates allows, and the ``propagate`` hook of a
  rule (``layout.propagators``, e.g. a cage sum) narrows the branch's candidates as one
  implication whose reason is "the <label> rule" (with the whole branch so far as its
  premise). A fact of a net may need several earlier facts together (r1c3 loses 4 in
  one branch, 7 in another, so it is 9): nets are dynamic forcing chains.

On a layout with rules that the compiled engine takes (``trials.compiled_trials``), a
net is instead run by ``trials``: each branch propagated by the engine (the rules'
compiled forms, singles, houses, relations), with verities over cells and houses and,
when those find nothing, nested nets. Chains are unchanged there.

Every implication only uses the board's own candidates, the houses, the sees-relation
and the relation tables, so everything a branch derives is true whenever its premise
is (a rule without a ``propagate`` hook is fully described by those; chains ignore the
hooks, which is sound, only weaker).

Steps, in the forms of HoDoKu's forcing chains:

* contradiction: the premise leads to a cell without a candidate, a full house without
  a place for a digit, a fact and its negation (the same digit twice in a house, two
  digits in one cell), or a rule's hook failing; the premise is false
  (``x=d`` false eliminates d; ``x<>d`` false places d);
* verity: every candidate of a cell (cell forcing), every place of a digit in a full
  house (house forcing), or a candidate and its negation (digit forcing) lead to the
  same fact, which is then true. The fact is a placement or an elimination.

Search order: every premise (each candidate set, and each candidate removed where
that triggers anything) is a branch; all branches advance together one implication
layer at a time, so the steps found first are the shallowest. At each layer the steps
found are sorted by the number of implications they show (the union of the facts of
their branches), fewest first, and yielded; the search then goes on to deeper
layers. ``max_depth`` and ``max_facts`` (a branch stops growing after that many facts)
bound the work; only cells with at most ``max_candidates`` candidates are premises
(the nearly open cells of large grids cost most and rarely lead anywhere).

Notation, one line in HoDoKu's spirit::

    Forcing Chain Contradiction: r1c1=5 => r2c2 has no candidate (r1c1=5 -> r1c2<>5
        -> r1c2=3 -> r2c2<>3; r1c1=5 -> r2c1<>5 -> ...) => r1c1<>5
    Forcing Chain Verity: r5c5 {1,2}: r5c5=1 -> ... -> r5c1=3; r5c5=2 -> ... -> r5c1=3
        => r5c1=3

Other forms: ``Forcing Chain Verity: 2 in r8 {r8c1,r8c6}: ...`` (house forcing) and
``Forcing Chain Verity: r9c1=1 or r9c1<>1: ...`` (digit forcing). A group node reads
``r89c2<>6`` / ``r789c1=2`` (``r3c7,r5c5,r7c3=1`` when the cells share no line). In a
net, a fact that needs more reasons than the one before it in the chain lists the
others: ``r1c3=9 (with r1c3<>4)``; the chains to those other reasons follow, starting
where they leave facts already shown (a reason one implication from a fact shown is
not spelt out). Chains of several branches are separated by ``;`` (a net's branch with
several chains is put in parentheses). A fact a rule's hook derived reads
``(killer cage rule) r4c4<>9``. The sentence names the placements on the way (up to
three, then "...") and the outcome: "if r2c1 were 6, r2c2 would be 3, r2c3 would be
9, r4c1 would be 9, ... and r7c1 would have no candidate left; so r2c1 is not 6".

``step.chain`` holds every implication shown, as ``Link(a, b, strong)`` from a reason
``a`` to the fact ``b`` it gives: ``strong=True`` when ``b`` is a placement
(``b`` is its digit), ``strong=False`` when ``b`` is an elimination. For ``x<>d -> y=e``
(a strong inference) and ``x=d -> y<>e`` (a weak one) this is the AIC meaning; a
relation step ``x<>d -> y<>e`` is also written ``strong=False``. The truth of ``a``
is whatever earlier links (or the premise, in ``step.candidates``) made it. A group
node is ``Node(cells, d, "group")`` ("d is in one of these cells" after a strong link,
"d is in none of them" after a weak one); a fact with several reasons gets one link
from each.

The difficulty grows with the number of implications shown, like Sudoku Explainer's
length increments: +0.1 past 4, 6, 8, 12, 16, 24, 32, 48... implications, up to 8.7 for
a chain (below the nets) and 9.4 for a net.
"""

from __future__ import annotations

import heapq
import itertools
import threading
from collections.abc import Callable, Iterator
from typing import Any, ClassVar, Generic, TypeVar

from yass.core.board import Board
from yass.core.bounds import poll
from yass.core.geometry import bits, digit_char, mask_digits
from yass.core.layout import Layout, per_layout
from yass.core.propagate import outside_reach
from yass.core.step import (
    Link,
    Node,
    Step,
    cell_list,
    compact_cells,
    digit_list,
    house_name,
    notation,
)
from yass.logic.techniques.base import Technique, join_words
from yass.logic.techniques.context import context, narrower
from yass.logic.techniques.links import peer_words, to_words
from yass.logic.techniques.trials import compiled_trials, trial_steps

__all__ = ["ForcingChain", "ForcingNet"]

Arcs = tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]


@per_layout
def _reverse_arcs(layout: Layout) -> Arcs:
    """For each cell x: (nb, table nb->x) for every cell nb related to x."""
    out: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in range(layout.ncells)]
    for a, arcs in enumerate(layout.arcs):
        for b, table in arcs:
            out[b].append((a, table))
    return tuple(tuple(x) for x in out)


@per_layout
def _full_houses(layout: Layout) -> tuple[tuple[int, int], ...]:
    """(index, cell mask) of each full house, in the order of ``layout.houses``."""
    return tuple((h, house.mask) for h, house in enumerate(layout.houses) if house.full)


class _Base:
    """The implication tables of one board state (shared by chains and nets).

    A candidate is indexed ``(d - 1) * ncells + cell``; a set of candidates is an int
    bitset over those indexes (digit-major, so the slice of digit d is a cell bitset).
    """

    def __init__(self, board: Board) -> None:
        lay = board.layout
        n, size = lay.ncells, lay.size
        self.layout = lay
        self.n = n
        self.size = size
        self.cellmask = (1 << n) - 1
        cands = self.cands = board.cands[:]
        pos = self.pos = [board.positions(d) for d in range(1, size + 1)]
        placed = [board.placed(d) for d in range(1, size + 1)]
        empty = multi = 0
        for c in bits(board.empty):
            m = cands[c]
            if m:
                empty |= 1 << c
                if m & (m - 1):
                    multi |= 1 << c
        self.empty = empty  # unplaced cells that still have a candidate
        self.multi = multi  # ... with two or more
        cand = 0
        for d in range(size):
            cand |= pos[d] << (d * n)
        self.cand = cand
        known = 0  # the candidates of unplaced cells that have only that one left
        for c in bits(empty & ~multi):
            known |= 1 << ((cands[c].bit_length() - 1) * n + c)
        self.known = known
        # Full houses by digit: (house index, mask, the digit's places) where the digit
        # is not placed yet (a house that lacks the digit must give it a place).
        fulls = _full_houses(lay)
        self.hdig: list[list[tuple[int, int, int]]] = []
        for d in range(size):
            p, gone = pos[d], placed[d]
            self.hdig.append([(h, hm, p & hm) for h, hm in fulls if p & hm and not gone & hm])
        # The cells with a candidate that a relation ties to an unplaced cell.
        arc_cells = 0
        if any(lay.arcs):
            held = 0
            for p in pos:
                held |= p
            for c in bits(held):
                if any(empty >> nb & 1 for nb, _ in lay.arcs[c]):
                    arc_cells |= 1 << c
        self.arc_cells = arc_cells
        # (made when first asked for: a search in C needs few of them, or none)
        self._cell_cands: list[int] | None = None
        self._hcell: list[dict[int, list[int]]] | None = None
        self._off_of_on: list[int] | _Lazy[int] | None = None
        self._ooo_words: tuple[bytearray, bytearray] | bool | None = False
        self.propagators = lay.propagators
        self._static: _Static | None = None
        self._static_words: tuple[bytearray, int] | bool | None = False
        self._rows: tuple[Any, Any, Any] | None = None
        self._checks: list[list[tuple[Witness, int]]] | None = None
        self._check_rows: tuple[list[int], list[int], list[int]] | None = None
        self._words: dict[bool, _Words] = {}
        self._cell_words: tuple[Any, Any, Any] | None = None
        self._static_trig: bytearray | None = None
        self._static_view: _StaticWords | None = None
        self._verity_words: tuple[Any, Any] | None = None
        #: The branches and groups of the whole board's searches in C, by (bound on
        #: premise cells, the candidates removed as premises) (see ``_Search``).
        self.premise_sets: dict[tuple[int | None, int], tuple[Any, ...]] = {}

    @property
    def cell_cands(self) -> list[int]:
        """Each cell's candidates as a set of candidate indexes."""
        if self._cell_cands is None:
            n = self.n
            cell_cands = [0] * n
            for d in range(self.size):
                shift = d * n
                for c in bits(self.pos[d]):
                    cell_cands[c] |= 1 << (shift + c)
            self._cell_cands = cell_cands
        return self._cell_cands

    @property
    def hcell(self) -> list[dict[int, list[int]]]:
        """For each digit and cell, the indexes (into ``hdig[d]``) of the houses holding
        it."""
        if self._hcell is None:
            self._hcell = []
            for rows in self.hdig:
                by_cell: dict[int, list[int]] = {}
                for j, (_, _, spots) in enumerate(rows):
                    for c in bits(spots):
                        by_cell.setdefault(c, []).append(j)
                self._hcell.append(by_cell)
        return self._hcell

    @property
    def off_of_on(self) -> list[int] | _Lazy[int]:
        """For each candidate, the candidates its placement removes: the digit from its
        peers, the cell's other candidates, and what relation tables forbid beside it
        (read from ``ooo_words`` where those are built)."""
        if self._off_of_on is None:
            built = self.ooo_words()
            if built is not None:
                words = built[0]
                nb = ((self.size * self.n + 63) >> 6) * 8

                def row(i: int) -> int:
                    return int.from_bytes(words[i * nb : (i + 1) * nb], "little")

                self._off_of_on = _Lazy(self.size * self.n, row)
            else:
                self._off_of_on = self._python_off_of_on()
        return self._off_of_on

    def _python_off_of_on(self) -> list[int]:
        n, size = self.n, self.size
        cands, cell_cands, empty = self.cands, self.cell_cands, self.empty
        peers = self.layout.peers
        arcs = self.layout.arcs
        off_of_on = [0] * (size * n)
        for d in range(size):
            p = self.pos[d]
            shift = d * n
            for c in bits(p):
                m = (p & peers[c]) << shift | cell_cands[c] & ~(1 << (shift + c))
                for nb, table in arcs[c]:
                    if empty >> nb & 1:
                        for e in mask_digits(cands[nb] & ~table[d]):
                            m |= 1 << ((e - 1) * n + nb)
                off_of_on[shift + c] = m
        return off_of_on

    def ooo_words(self) -> tuple[bytearray, bytearray] | None:
        """``off_of_on`` and ``cell_cands`` built in C (``_forcingwalk.ooo_table``), rows
        of 64-bit words; None where that module is not built or relation tables take
        part. Built once."""
        if self._ooo_words is False:
            walk = _compiled_walk()
            if walk is None or any(self.layout.arcs):
                self._ooo_words = None
            else:
                n, size = self.n, self.size
                W = (size * n + 63) >> 6
                out = bytearray(size * n * W * 8)
                cellc = bytearray(n * W * 8)
                walk.ooo_table(
                    n, size, W, (n + 63) >> 6, self.cell_words()[0],
                    memoryview(peer_words(self.layout)).cast("Q"),
                    memoryview(out).cast("Q"), memoryview(cellc).cast("Q"),
                )
                self._ooo_words = (out, cellc)
        built = self._ooo_words
        return built if isinstance(built, tuple) else None

    def check_words(self) -> tuple[Any, Any, Any]:
        """``check_rows`` as ``_forcingwalk.layer`` takes them: (starts, ids, witness
        masks of 64-bit words), built in C (``_forcingwalk.check_tables``) where
        ``ooo_words`` is."""
        from array import array

        n, size = self.n, self.size
        N = size * n
        W = (N + 63) >> 6
        built = self.ooo_words()
        walk = _compiled_walk()
        if built is None or walk is None:
            starts, ids, masks = self.check_rows()
            return array("i", starts), array("i", ids or [0]), to_words(masks, W * 8)
        row_start, row_info, row_sets = self.rows()
        chk_start = array("i", bytes(4 * (N + 1)))
        chk_ids = array("i", bytes(4 * max(1, N + (len(row_info) // 2) * n)))
        wmask = bytearray((n + len(self.layout.houses) * size) * W * 8)
        walk.check_tables(
            n, size, W, (n + 63) >> 6, self.cell_words()[0],
            memoryview(built[1]).cast("Q"), row_start, row_info, row_sets, chk_start,
            chk_ids, memoryview(wmask).cast("Q"),
        )
        return chk_start, chk_ids, memoryview(wmask).cast("Q")

    def verity_words(self) -> tuple[Any, Any]:
        """The candidates a verity may set (not known already) and those it may remove,
        as 64-bit words (built once)."""
        if self._verity_words is None:
            nb = ((self.size * self.n + 63) >> 6) * 8
            self._verity_words = (
                to_words([self.cand & ~self.known], nb), to_words([self.cand], nb)
            )
        return self._verity_words

    def cell_words(self) -> tuple[Any, Any, Any]:
        """Each digit's places (cell sets of 64-bit words), the cells with two candidates
        or more (one cell set) and each cell's digit mask, for ``_forcingwalk`` (built
        once)."""
        if self._cell_words is None:
            from array import array

            cb = ((self.n + 63) >> 6) * 8
            self._cell_words = (
                to_words(self.pos, cb), to_words([self.multi], cb), array("i", self.cands)
            )
        return self._cell_words

    def checks(self) -> list[list[tuple[Witness, int]]]:
        """For each candidate, the cell and the houses it could leave empty: (witness,
        the candidates that must not all be removed) (built once, from ``check_rows``)."""
        if self._checks is None:
            n, size = self.n, self.size
            starts, ids, masks = self.check_rows()
            self._checks = [
                [(_witness(wid, n, size), masks[wid]) for wid in ids[starts[i]:starts[i + 1]]]
                for i in range(size * n)
            ]
        return self._checks

    def check_rows(self) -> tuple[list[int], list[int], list[int]]:
        """``checks`` by witness id (a cell c is c, a house h of digit d is
        n + h * size + d; see ``_witness``): candidate i's witnesses are
        ``ids[starts[i]:starts[i + 1]]``, a witness's candidates ``masks[id]`` (built
        once)."""
        if self._check_rows is None:
            n, size = self.n, self.size
            starts = [0]
            ids: list[int] = []
            masks = [0] * (n + len(self.layout.houses) * size)
            cell_cands = self.cell_cands
            nxt = 0  # the next candidate index
            for d in range(size):
                shift = d * n
                rows = self.hdig[d]
                by_cell = self.hcell[d]
                for c in bits(self.pos[d]):
                    i = shift + c
                    if i > nxt:
                        starts += [len(ids)] * (i - nxt)
                    ids.append(c)
                    masks[c] = cell_cands[c]
                    for j in by_cell.get(c, ()):
                        h, _, spots = rows[j]
                        wid = n + h * size + d
                        ids.append(wid)
                        masks[wid] = spots << shift
                    starts.append(len(ids))
                    nxt = i + 1
            starts += [len(ids)] * (size * n - nxt)
            self._check_rows = (starts, ids, masks)
        return self._check_rows

    def static_view(self) -> _Static | _StaticWords:
        """``static``, read from ``static_words`` where those are built (a chain's
        reasons ask for a few rows only)."""
        if self._static is None and self.static_words() is not None:
            if self._static_view is None:
                self._static_view = _StaticWords(self)
            return self._static_view
        return self.static()

    def static(self) -> _Static:
        """The tables of single-reason implications that only chains use (built once)."""
        if self._static is None:
            self._static = _Static(self)
        return self._static

    def rows(self) -> tuple[Any, Any, Any]:
        """The full houses of each digit (``hdig``) as ``_forcingwalk`` takes them:
        ``row_start`` (by digit), ``row_info`` (house index, reach) and ``row_sets``
        (house mask, places: cell sets) (built once)."""
        if self._rows is None:
            from array import array

            reach = outside_reach(self.layout)
            starts = [0]
            info: list[int] = []
            sets: list[int] = []
            for rows in self.hdig:
                for h, hm, spots in rows:
                    info += [h, reach[hm]]
                    sets += [hm, spots]
                starts.append(len(info) // 2)
            cb = ((self.n + 63) >> 6) * 8
            self._rows = (array("i", starts), array("i", info or [0]), to_words(sets or [0], cb))
        return self._rows

    def static_words(self) -> tuple[bytearray, int] | None:
        """``_Static``'s four tables built in C (``_forcingwalk.static_tables``), rows of
        64-bit words in one buffer, and the set of candidates whose removal triggers
        anything (``trig_on | trig_off``); None where that module is not built or
        relation tables take part (then ``static`` builds them). Built once."""
        if self._static_words is False:
            walk = _compiled_walk()
            if walk is None or self.arc_cells:
                self._static_words = None
            else:
                from array import array

                n, size = self.n, self.size
                W = (size * n + 63) >> 6
                CW = (n + 63) >> 6
                cb = CW * 8
                out = bytearray(4 * size * n * W * 8)
                trig = bytearray(4 * W * 8)
                row_start, row_info, row_sets = self.rows()
                pos_words, multi_words, cand_digits = self.cell_words()
                walk.static_tables(
                    n, size, W, CW, pos_words,
                    memoryview(peer_words(self.layout)).cast("Q"), multi_words,
                    cand_digits, row_start, row_info, row_sets,
                    memoryview(out).cast("Q"), memoryview(trig).cast("Q"),
                    memoryview(bytearray((n + 5) * cb)).cast("Q"), array("i", bytes(4 * n)),
                )
                on = int.from_bytes(trig[: W * 8], "little")
                off = int.from_bytes(trig[W * 8 : 2 * W * 8], "little")
                self._static_words = (out, on | off)
                self._static_trig = trig
        built = self._static_words
        return built if isinstance(built, tuple) else None

    def off_triggers(self) -> int:
        """The candidates whose removal sets or removes anything in a chain
        (``_Static.trig_on | _Static.trig_off``)."""
        built = self.static_words()
        if built is not None:
            return built[1]
        st = self.static()
        return st.trig_on | st.trig_off

    def words(self, dynamic: bool) -> _Words:
        """The tables of ``_forcingwalk`` for chains or nets (built once)."""
        got = self._words.get(dynamic)
        if got is None:
            got = self._words[dynamic] = _Words(self, dynamic)
        return got


def _trigger(table: list[int]) -> int:
    """The set of indexes whose entry is not empty."""
    return int("".join(["1" if m else "0" for m in reversed(table)]) or "0", 2)


class _Static:
    """Chain implications with one reason each (besides ``_Base.off_of_on``).

    * ``on_of_off[i]``: removing candidate i sets these: the other digit of a bivalue
      cell, the other place of a conjugate pair in a full house;
    * ``off_of_off[i]``: removing candidate i removes these: a related cell's digit that
      i alone supported (relation tables), and, through a group, the digit d from the
      cells that see all the other places of d in a full house (those places are a group
      holding d once i is gone);
    * ``on_of_on[i]``: setting candidate i sets these: x=d sees at least two places of d
      in a full house and all but one, so the last one is d (through the group of the
      places x sees, which lose d);
    * ``grp_off[i]``: setting candidate i removes these: x=d sees at least two places of
      d in a full house and leaves at least two others, which then hold d as a group, so
      every cell that sees all of those loses d.

    The ``trig_*`` sets are the indexes with a non-empty entry.
    """

    def __init__(self, base: _Base) -> None:
        n, cands, lay = base.n, base.cands, base.layout
        size = base.size
        peers = lay.peers
        reach = outside_reach(lay)
        on_of_off = [0] * (size * n)
        for c in bits(base.multi):
            m = cands[c]
            if m.bit_count() == 2:
                d1 = (m & -m).bit_length() - 1
                d2 = m.bit_length() - 1
                a, b = d1 * n + c, d2 * n + c
                on_of_off[a] |= 1 << b
                on_of_off[b] |= 1 << a
        off_of_off = [0] * (size * n)
        on_of_on = [0] * (size * n)
        grp_off = [0] * (size * n)
        for d, rows in enumerate(base.hdig):
            shift = d * n
            pos = base.pos[d]
            for _, hm, spots in rows:
                count = spots.bit_count()
                if count == 2:
                    low = spots & -spots
                    a = shift + low.bit_length() - 1
                    b = shift + (spots ^ low).bit_length() - 1
                    on_of_off[a] |= 1 << b
                    on_of_off[b] |= 1 << a
                if count < 3:
                    continue
                places = list(bits(spots))
                if count - 1 <= reach[hm]:
                    # What every place but y sees: the places' peers ANDed before y and
                    # after it.
                    after = [pos & ~hm]
                    for c in reversed(places):
                        after.append(after[-1] & peers[c])
                    before = -1
                    for j, y in enumerate(places):
                        common = before & after[count - 1 - j]
                        if common:
                            off_of_off[shift + y] |= common << shift
                        before &= peers[y]
                # The places of d outside the house that see two places or more in it.
                once = twice = 0
                for c in places:
                    p = peers[c]
                    twice |= once & p
                    once |= p
                for x in bits(twice & pos & ~hm):
                    px = peers[x]
                    seen = spots & px
                    rest = spots & ~seen
                    if not rest:
                        continue
                    if not rest & (rest - 1):
                        on_of_on[shift + x] |= rest << shift
                    elif rest.bit_count() <= reach[hm]:
                        common = pos & ~hm & ~px & ~(1 << x)
                        for c in bits(rest):
                            common &= peers[c]
                        if common:
                            grp_off[shift + x] |= common << shift
        for c in bits(base.arc_cells):
            for nb, table in lay.arcs[c]:
                if not base.empty >> nb & 1:
                    continue
                for e in mask_digits(cands[nb]):
                    support = [d for d in mask_digits(cands[c]) if table[d - 1] >> (e - 1) & 1]
                    if len(support) == 1:
                        off_of_off[(support[0] - 1) * n + c] |= 1 << ((e - 1) * n + nb)
        self.on_of_off, self.trig_on = on_of_off, _trigger(on_of_off)
        self.off_of_off, self.trig_off = off_of_off, _trigger(off_of_off)
        self.on_of_on, self.trig_onon = on_of_on, _trigger(on_of_on)
        self.grp_off, self.trig_grp = grp_off, _trigger(grp_off)


class _StaticWords:
    """``_Static``'s tables and triggers read from ``_Base.static_words`` (rows made into
    integers when first asked for)."""

    def __init__(self, base: _Base) -> None:
        built = base.static_words()
        trig = base._static_trig
        assert built is not None and trig is not None
        words = built[0]
        N = base.size * base.n
        nb = ((N + 63) >> 6) * 8

        def table(t: int) -> _Lazy[int]:
            def row(i: int) -> int:
                at = (t * N + i) * nb
                return int.from_bytes(words[at : at + nb], "little")

            return _Lazy(N, row)

        def trigger(t: int) -> int:
            return int.from_bytes(trig[t * nb : (t + 1) * nb], "little")

        self.on_of_off, self.trig_on = table(0), trigger(0)
        self.off_of_off, self.trig_off = table(1), trigger(1)
        self.on_of_on, self.trig_onon = table(2), trigger(2)
        self.grp_off, self.trig_grp = table(3), trigger(3)


class _Words:
    """One board's implication tables as ``_forcingwalk.layer`` takes them (see there):
    candidate sets of W words, cell sets of CW words, witness ids for a chain's checks."""

    def __init__(self, base: _Base, dynamic: bool) -> None:
        from array import array

        lay = base.layout
        n, size = base.n, base.size
        N = size * n
        self.W = W = (N + 63) >> 6
        self.CW = CW = (n + 63) >> 6
        nb, cb = W * 8, CW * 8
        empty_ints = array("i", [0])
        empty_words = to_words([0], 8)
        ooo = base.ooo_words()  # (None: off_of_on and a chain's tables from Python)
        tables: list[int] = list(base.off_of_on) if ooo is None else []
        self.chk_start = self.chk_ids = empty_ints
        self.wmask = empty_words
        self.cand = self.cells = self.peers = self.row_sets = empty_words
        self.cand_digits = self.row_start = self.row_info = empty_ints
        #: The witnesses by id (see ``_forcingwalk.layer``), and back.
        self.nwit = n + len(lay.houses) * size
        static_words = None
        if not dynamic:
            built = base.static_words()
            if built is not None:
                static_words = built[0]
            else:
                st = base.static()
                tables += st.on_of_off + st.off_of_off + st.on_of_on + st.grp_off
            self.chk_start, self.chk_ids, self.wmask = base.check_words()
        else:
            self.cand = base.cell_words()[0]  # (by digit: its places)
            self.cells = to_words([base.empty, base.multi], cb)
            self.cand_digits = array("i", base.cands)
            self.peers = memoryview(peer_words(lay)).cast("Q")
            self.row_start, self.row_info, self.row_sets = base.rows()
        joined = ooo[0] if ooo is not None else bytearray()
        if tables:
            joined = joined + to_words(tables, nb)
        if static_words is not None:
            joined = joined + static_words
        self.tables = memoryview(joined).cast("Q")
        #: The scratch sizes of ``layer`` (words, ints); each search has its own.
        self.scratch = (2 * W + (3 * size + 4) * CW, N + self.nwit)
        self._views: tuple[Any, ...] | None = None

    def views(self, walk: Any) -> tuple[Any, ...]:
        """The tables in ``layer``'s order, as the module's own views (made once: a view
        passed back to it is not checked again)."""
        if self._views is None:
            w, i = walk.words_view, walk.ints_view
            self._views = (
                w(self.tables), i(self.chk_start), i(self.chk_ids), w(self.wmask),
                w(self.cand), w(self.cells), i(self.cand_digits), w(self.peers),
                i(self.row_start), i(self.row_info), w(self.row_sets),
            )
        return self._views


def _witness(wid: int, n: int, size: int) -> Witness:
    """The witness of an id of ``_forcingwalk.layer`` (``_Base.check_rows``)."""
    if wid < 0:
        return ("both", -wid - 1)
    if wid < n:
        return ("cell", wid)
    h, d = divmod(wid - n, size)
    return ("house", h, d)


#: The compiled forward search (``yass.logic.techniques._forcingwalk``) once looked up:
#: the module, or None when it is not built (False: not looked up yet).
_WALK: Any = False


def _compiled_walk() -> Any:
    global _WALK
    if _WALK is False:
        try:
            from yass.logic.techniques import _forcingwalk
        except ImportError:  # pragma: no cover - the source is always there
            _WALK = None
        else:
            _WALK = _forcingwalk if _forcingwalk.is_compiled() else None
    return _WALK


def _base(board: Board) -> _Base:
    return context(board).memo("forcing.base", lambda: _Base(board))


# -- branches -----------------------------------------------------------------------------

# A fact is (candidate index << 1) | 1 for "set", | 0 for "removed".
Witness = tuple[Any, ...]
#: A step found: (sort key, the fact it concludes, a function that builds the Step).
#: What a later search may look at first: ("p", premise fact) or ("g", kind, anchor).
FocusKey = tuple[Any, ...]
Focus = set[FocusKey]
#: A step found: (sort key, the facts it concludes, a function that builds the Step,
#: the premise or group it comes from). A contradiction is first found without its
#: builder (None), under a key whose size is a lower bound (see ``_Search.ordered``).
Found = tuple[tuple[int, int, int, int, int], list[int], Callable[[], Step] | None, FocusKey]


#: A branch's witnesses and rule facts before it has any (shared: never added to).
_NO_WITNESS: list[Witness] = []
_NO_RULES: dict[int, str] = {}


class _Snaps:
    """The sets of a search's branches after each layer, as ``_forcingwalk.layer`` copies
    them: only the branches that changed, (on, off) of W words each, into ``words`` (a
    view of ``buf``); branch bi's copy of layer j (from 0) at word ``hist[bi * hs + j]``,
    and ``last[bi]``: the layers it changed in (1 to ``last[bi]``)."""

    __slots__ = ("buf", "hist", "hs", "last", "nb", "unset", "words")

    #: Room at first for this many layers of copies of every branch (then doubled).
    start_layers: ClassVar[int] = 4

    def __init__(self, branches: int, hs: int, nb: int, unset: Callable[[int], bytearray]) -> None:
        from array import array

        self.nb = nb  # bytes a set
        self.hs = hs
        self.hist = array("i", bytes(4 * max(1, branches) * hs))
        self.last = array("i", bytes(4 * max(1, branches)))
        self.unset = unset  # (the copies are read only where written)
        self.buf = unset(max(1, branches * self.start_layers) * 2 * nb)
        self.words = memoryview(self.buf).cast("Q")

    def room(self, top: int, branches: int) -> bool:
        """Make room for ``branches`` more copies past word ``top``; whether ``words``
        changed."""
        need = (top + branches * (self.nb >> 2)) * 8
        if need <= len(self.buf):
            return False
        if need > len(self.buf):
            grown = self.unset(max(need, 2 * len(self.buf)))
            grown[: len(self.buf)] = self.buf
            self.buf = grown
            self.words = memoryview(grown).cast("Q")
        return True

    def sets(self, bi: int, j: int) -> tuple[int, int]:
        """Branch bi's (on, off) after layer j (from 0)."""
        at = self.hist[bi * self.hs + j] * 8
        nb = self.nb
        buf = self.buf
        return (
            int.from_bytes(buf[at : at + nb], "little"),
            int.from_bytes(buf[at + nb : at + 2 * nb], "little"),
        )

    def raw(self, bi: int, j: int) -> bytes:
        """``sets`` as the 2 * nb bytes copied."""
        at = self.hist[bi * self.hs + j] * 8
        return bytes(self.buf[at : at + 2 * self.nb])


class _Branch:
    """What one premise implies, layer by layer (``cum_on[k]``: facts set by layer k).

    Searched in C (``_Search._forward_words``), a branch's sets stay in the search's
    copies of them (``source``: the ``_Snaps`` and this branch's index there) and become
    Python integers only when read: most branches of a search that finds nothing, or
    little, are never read. A branch changes in every layer from the first up to
    ``changed`` and in none after, so ``cum_on[k]`` is the copy of layer k for k up to
    ``changed``."""

    __slots__ = (
        "_changed",
        "_cum_off",
        "_cum_on",
        "_off",
        "_on",
        "anc",
        "costs",
        "dead",
        "done",
        "fr_off",
        "fr_on",
        "memo",
        "premise",
        "ruled",
        "source",
        "witness",
    )

    def __init__(self, premise: int) -> None:
        self.premise = premise
        i = premise >> 1
        self._on = self.fr_on = (1 << i) if premise & 1 else 0
        self._off = self.fr_off = 0 if premise & 1 else (1 << i)
        self._cum_on = [self._on]
        self._cum_off = [self._off]
        self.source: tuple[_Snaps, int] | None = None
        self.dead = False  # a contradiction was found
        self.done = False  # nothing more follows (or a bound was reached)
        self._changed = 0  # (without a source)
        self.witness: list[Witness] = _NO_WITNESS  # (replaced, never added to)
        self.ruled: dict[int, str] = _NO_RULES  # (replaced by a dict of its own when set)
        # Made when first needed (most branches of a search are never asked):
        self.memo: dict[int, tuple[int, ...]] | None = None  # a fact's reasons
        self.costs: dict[int, int] | None = None  # a fact's number of implications
        self.anc: dict[int, int] | None = None  # a fact's closure as a bitset (ancestors)

    @property
    def changed(self) -> int:
        """The last layer whose state differs from the one before."""
        source = self.source
        return self._changed if source is None else source[0].last[source[1]]

    @changed.setter
    def changed(self, value: int) -> None:
        self._changed = value

    def _sync(self) -> None:
        """Read the layers up to ``changed`` from the copies, where not read yet."""
        source = self.source
        cum_on = self._cum_on
        have = len(cum_on) - 1
        if source is None:
            return
        snaps, bi = source
        changed = snaps.last[bi]
        if have >= changed:
            return
        cum_off = self._cum_off
        for j in range(have, changed):
            on, off = snaps.sets(bi, j)
            cum_on.append(on)
            cum_off.append(off)
        self._on = cum_on[-1]
        self._off = cum_off[-1]

    def layer_count(self) -> int:
        """``len(cum_on)``, without reading the copies."""
        return len(self._cum_on) if self.source is None else self.changed + 1

    def first_layer(self) -> tuple[int, int]:
        """Layer 0: the premise as (set, removed), without reading the copies."""
        return self._cum_on[0], self._cum_off[0]

    @property
    def on(self) -> int:
        """The facts set so far."""
        self._sync()
        return self._on

    @on.setter
    def on(self, value: int) -> None:
        self._on = value

    @property
    def off(self) -> int:
        """The facts removed so far."""
        self._sync()
        return self._off

    @off.setter
    def off(self, value: int) -> None:
        self._off = value

    @property
    def cum_on(self) -> list[int]:
        self._sync()
        return self._cum_on

    @property
    def cum_off(self) -> list[int]:
        self._sync()
        return self._cum_off


T = TypeVar("T")


class _Lazy(Generic[T]):
    """A list whose items are made when first asked for (``make(index)``): the branches
    and groups of a search set up in C, of which a search reads few."""

    __slots__ = ("_made", "_make", "_size")

    def __init__(self, size: int, make: Callable[[int], T]) -> None:
        self._size = size
        self._make = make
        self._made: dict[int, T] = {}

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, index: int) -> T:
        got = self._made.get(index)
        if got is None:
            if not 0 <= index < self._size:
                raise IndexError(index)
            got = self._made[index] = self._make(index)
        return got

    def __iter__(self) -> Iterator[T]:
        return (self[i] for i in range(self._size))

    def made(self) -> list[tuple[int, T]]:
        """The items made so far, with their indexes."""
        return list(self._made.items())


class _Group:
    """Branches whose premises cannot all be false: a fact common to all of them is true."""

    __slots__ = ("anchor", "kind", "members", "rep_off", "rep_on")

    def __init__(self, kind: str, anchor: tuple[int, ...], members: list[int]) -> None:
        self.kind = kind  # "cell", "house" or "digit"
        self.anchor = anchor  # (cell,), (house index, digit index) or (candidate index,)
        self.members = members
        self.rep_on = 0
        self.rep_off = 0


#: How many of the steps found on one board are remembered to be searched first on the
#: next, narrower board (see ``_Forcing.find``).
_CARRY = 40

#: The most facts one verity step concludes.
_VERITY_FACTS = 4

_THRESHOLDS = (4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512)


class _Search:
    """All branches of one board, advanced together; yields steps shallowest first."""

    def __init__(self, tech: _Forcing, board: Board, focus: Focus | None = None) -> None:
        """All premises of ``board``, or (``focus``) only those of these keys: a premise
        fact ``("p", fact)`` or a group ``("g", kind, anchor)`` (see ``Found``)."""
        self.tech = tech
        self.dynamic = tech.dynamic
        self.base = base = _base(board)
        self.layout = base.layout
        walk = _compiled_walk()
        #: The compiled forward search where it applies (see ``run``), else None.
        self._walk = walk if walk is not None and not (
            self.dynamic and (base.propagators or base.arc_cells)
        ) else None
        self.branches: list[_Branch] | _Lazy[_Branch]
        self.groups: list[_Group] | _Lazy[_Group]
        self._snaps: _Snaps | None = None
        if self._walk is not None:
            self._setup_words(focus)
        else:
            self._setup(focus)
        self.reported: set[int] = set()  # the facts concluded by the steps yielded so far
        self.rev = _reverse_arcs(self.layout)
        self._implicators: dict[int, int] = {}
        # Closure sizes in C: a net searched in C, no relation tables, no rules' hooks
        # (the layer copies by branch; the tables and scratch, made once).
        self._c_closure = (
            self.dynamic and not base.propagators and not any(self.rev)
            and _compiled_walk() is not None
        )
        self._layer_words: dict[tuple[int, int], memoryview] = {}
        self._closure_tables: tuple[Any, ...] | None = None
        self.reach = outside_reach(self.layout)

    def _wanted(self, focus: Focus | None) -> tuple[int, int]:
        """The candidates whose premise set / removed the search takes (-1: all)."""
        if focus is None:
            return -1, -1
        base = self.base
        n = base.n
        want_on = want_off = 0
        for key in focus:
            if key[0] == "p":
                if key[1] & 1:
                    want_on |= 1 << (key[1] >> 1)
                else:
                    want_off |= 1 << (key[1] >> 1)
            elif key[1] == "cell":
                c = key[2][0]
                for d in mask_digits(base.cands[c]):
                    want_on |= 1 << ((d - 1) * n + c)
            elif key[1] == "house":
                h, d = key[2]
                want_on |= (base.pos[d] & self.layout.houses[h].mask) << (d * n)
            else:
                want_on |= 1 << key[2][0]
                want_off |= 1 << key[2][0]
        return want_on, want_off

    def _off_triggers(self) -> int:
        base = self.base
        if base.propagators and self.dynamic:
            return base.cand
        return base.off_triggers()

    def _setup(self, focus: Focus | None) -> None:
        """The branches and groups (``_forcingwalk.premises`` says which, in Python)."""
        base = self.base
        n = base.n
        most = self.tech.max_candidates
        cands = base.cands
        premise_cells = 0
        for c in bits(base.multi):
            if most is None or cands[c].bit_count() <= most:
                premise_cells |= 1 << c
        off_triggers = self._off_triggers()
        want_on, want_off = self._wanted(focus)
        branches: list[_Branch] = []
        on_branch: dict[int, int] = {}
        off_branch: dict[int, int] = {}
        self._on_branch, self._off_branch = on_branch, off_branch
        for d in range(base.size):
            for c in bits(base.pos[d] & premise_cells):
                i = d * n + c
                if want_on >> i & 1:
                    on_branch[i] = len(branches)
                    branches.append(_Branch(i << 1 | 1))
                if off_triggers >> i & 1 and want_off >> i & 1:
                    off_branch[i] = len(branches)
                    branches.append(_Branch(i << 1))
        groups: list[_Group] = []
        for c in bits(premise_cells):
            members = []
            for d in mask_digits(cands[c]):
                got = on_branch.get((d - 1) * n + c)
                if got is None:
                    break
                members.append(got)
            else:
                groups.append(_Group("cell", (c,), members))
        seen: set[tuple[int, int]] = set()
        for d, rows in enumerate(base.hdig):
            shift = d * n
            for h, _, spots in rows:
                if (d, spots) in seen or spots.bit_count() < 2:
                    continue
                seen.add((d, spots))
                if most is not None and spots.bit_count() > most:
                    continue
                members = []
                for c in bits(spots):
                    got = on_branch.get(shift + c)
                    if got is None:
                        break
                    members.append(got)
                else:
                    groups.append(_Group("house", (h, d), members))
        for i, b in off_branch.items():
            if i in on_branch:
                groups.append(_Group("digit", (i,), [on_branch[i], b]))
        if focus is not None:
            groups = [g for g in groups if ("g", g.kind, g.anchor) in focus]
        self.branches = branches
        self.groups = groups
        self.groups_of: list[list[int]] = [[] for _ in branches]
        for gi, g in enumerate(groups):
            for i in g.members:
                self.groups_of[i].append(gi)

    def _setup_words(self, focus: Focus | None) -> None:
        """``_setup`` in C (``_forcingwalk.premises``): the branches and groups as arrays,
        made into objects when first asked for. A search of the whole board (no
        ``focus``) takes those of the board's last such search with the same bound on
        premise cells (a chain's and a net's are the same)."""
        base = self.base
        most = self.tech.max_candidates
        key = (most, self._off_triggers())
        got = base.premise_sets.get(key) if focus is None else None
        if got is None:
            got = self._premise_words(focus, key[1])
            if focus is None:
                base.premise_sets[key] = got
        self._premises = got
        self.branches = _Lazy(got[-2], self._make_branch)
        self.groups = _Lazy(got[-1], self._make_group)

    def _premise_words(self, focus: Focus | None, off_triggers: int) -> tuple[Any, ...]:
        from array import array

        walk = self._walk
        assert walk is not None
        base = self.base
        n, size = base.n, base.size
        N = size * n
        nb = ((N + 63) >> 6) * 8
        most = self.tech.max_candidates
        want_on, want_off = self._wanted(focus)
        if focus is None:
            ones = (1 << N) - 1
            want_on = want_off = ones
        triples: list[int] = []
        for key in focus or ():
            if key[0] == "g":
                kind = ("cell", "house", "digit").index(key[1])
                triples += [kind, *key[2], 0][:3]
        row_start, row_info, row_sets = base.rows()
        rows = len(row_info) // 2
        per_house = n if most is None else min(n, most)
        gcap = n + rows + N
        mcap = 3 * N + rows * per_house
        prem = array("i", bytes(4 * 2 * N))
        on_idx = array("i", bytes(4 * N))
        off_idx = array("i", bytes(4 * N))
        g_info = array("i", bytes(4 * 3 * gcap))
        g_start = array("i", bytes(4 * (gcap + 1)))
        g_members = array("i", bytes(4 * mcap))
        bo_start = array("i", bytes(4 * (2 * N + 1)))
        bo_groups = array("i", bytes(4 * mcap))
        pos_words, multi_words, cand_digits = base.cell_words()
        nbr, ng = walk.premises(
            n, size, (n + 63) >> 6, pos_words, multi_words, cand_digits,
            -1 if most is None else most, to_words([off_triggers], nb),
            to_words([want_on], nb), to_words([want_off], nb), row_start, row_info,
            row_sets, array("i", triples or [0]), -1 if focus is None else len(triples) // 3,
            prem, on_idx, off_idx, g_info, g_start, g_members, bo_start, bo_groups,
            array("i", bytes(4 * 2 * N)),
        )
        return (prem, on_idx, off_idx, g_info, g_start, g_members, bo_start, bo_groups, nbr, ng)

    def _make_branch(self, index: int) -> _Branch:
        b = _Branch(self._premises[0][index])
        if self._snaps is not None:
            b.source = (self._snaps, index)
        return b

    def _make_group(self, index: int) -> _Group:
        g_info, g_start, g_members = self._premises[3:6]
        kind, a, b = g_info[3 * index : 3 * index + 3]
        members = list(g_members[g_start[index] : g_start[index + 1]])
        if kind == 0:
            return _Group("cell", (a,), members)
        if kind == 1:
            return _Group("house", (a, b), members)
        return _Group("digit", (a,), members)

    @property
    def on_branch(self) -> dict[int, int]:
        """The branch of each candidate set as a premise."""
        if self._walk is None:
            return self._on_branch
        return {i: b for i, b in enumerate(self._premises[1]) if b >= 0}

    @property
    def off_branch(self) -> dict[int, int]:
        """The branch of each candidate removed as a premise."""
        if self._walk is None:
            return self._off_branch
        return {i: b for i, b in enumerate(self._premises[2]) if b >= 0}

    # -- the forward search -------------------------------------------------------------

    def advance(self, b: _Branch, k: int) -> bool:
        """Check the branch's state for a contradiction (True), else derive the next layer.

        Cells and houses can only run out, or down to one candidate or place, where the
        last layer removed something, so they are looked at only then.
        """
        base = self.base
        on, off, fr_on, fr_off = b.on, b.off, b.fr_on, b.fr_off
        dyn = self.dynamic
        wit: list[Witness] = []
        both = on & off
        if both:
            wit += [("both", i) for i in bits(both)]
        new_on = new_off = 0
        slices: list[int] = []
        if not dyn:
            if fr_off:
                self._judge_static(fr_off, off, wit)
        elif fr_off or base.propagators:
            new_on, new_off, slices = self._judge(b, wit)
        if wit:
            b.witness = wit
            b.dead = True
            return True
        ooo = base.off_of_on
        x = fr_on
        while x:
            low = x & -x
            x ^= low
            new_off |= ooo[low.bit_length() - 1]
        if not dyn:
            st = base.static()
            for trig, table, ons in (
                (st.trig_on & fr_off, st.on_of_off, True),
                (st.trig_off & fr_off, st.off_of_off, False),
                (st.trig_onon & fr_on, st.on_of_on, True),
                (st.trig_grp & fr_on, st.grp_off, False),
            ):
                x = trig
                while x:
                    low = x & -x
                    x ^= low
                    if ons:
                        new_on |= table[low.bit_length() - 1]
                    else:
                        new_off |= table[low.bit_length() - 1]
        elif base.arc_cells and fr_off:
            new_off |= self._arc_kills(fr_off, slices)
        new_off &= ~off
        new_on &= ~on
        if base.propagators and dyn:
            broke = self._propagate(b, slices, on | new_on, new_off)
            if broke is not None:
                b.witness = [("rule", broke)]
                b.dead = True
                return True
            new_off = b.fr_off  # _propagate leaves the layer's removals there
        if not new_off and not new_on:
            b.done = True
            return False
        b.on = on | new_on
        b.off = off | new_off
        b.fr_on, b.fr_off = new_on, new_off
        b.cum_on.append(b.on)
        b.cum_off.append(b.off)
        b.changed = k + 1
        if (b.on | b.off).bit_count() > self.tech.max_facts:
            b.done = True
        return False

    def _judge_static(self, fr_off: int, off: int, wit: list[Witness]) -> None:
        """A chain's contradictions only: the cells and houses whose last candidate or
        place the newest removals ``fr_off`` took."""
        checks = self.base.checks()
        alive = ~off
        while fr_off:
            low = fr_off & -fr_off
            fr_off ^= low
            for w, m in checks[low.bit_length() - 1]:
                if not m & alive and w not in wit:
                    wit.append(w)

    def _judge(self, b: _Branch, wit: list[Witness]) -> tuple[int, int, list[int]]:
        """Cells and houses after the branch's removals: contradictions go to ``wit``;
        for a net, also the singles and locked candidates they give. Returns (set,
        removed, the slices of the candidates left by digit)."""
        base = self.base
        n, cm = base.n, base.cellmask
        fr_off = b.fr_off
        alive = base.cand & ~b.off
        ones = twos = 0
        slices = []
        touched = []
        for d in range(base.size):
            a = (alive >> (d * n)) & cm
            slices.append(a)
            twos |= ones & a
            ones |= a
            touched.append((fr_off >> (d * n)) & cm)
        nocand = base.empty & ~ones
        if nocand:
            wit += [("cell", x) for x in bits(nocand)]
        dyn = self.dynamic
        new_on = locked = 0
        peers = self.layout.peers
        reach = self.reach
        for d, t in enumerate(touched):
            if not t:
                continue
            a = slices[d]
            rows = base.hdig[d]
            if t.bit_count() * 3 < len(rows):
                # A few cells lost d: visit only their houses.
                hcell = base.hcell[d]
                picked: set[int] = set()
                for c in bits(t):
                    picked.update(hcell[c])
                rows = [rows[j] for j in sorted(picked)]
            for h, hm, spots in rows:
                if not hm & t:
                    continue
                s = a & hm
                if not s:
                    wit.append(("house", h, d))
                elif not dyn:
                    continue
                elif not s & (s - 1):
                    if s != spots:
                        new_on |= s << (d * n)
                elif s.bit_count() <= reach[hm]:
                    # The places left all see a cell outside the house: it loses d.
                    common = a & ~hm
                    r = s
                    while r and common:
                        low = r & -r
                        r ^= low
                        common &= peers[low.bit_length() - 1]
                    gone = spots & ~s
                    for y in bits(common):
                        if gone & ~peers[y]:
                            locked |= 1 << (d * n + y)
        if dyn and not wit:
            on_cells = 0
            on = b.on
            for d in range(base.size):
                on_cells |= (on >> (d * n)) & cm
            cands = base.cands
            for c in bits(ones & ~twos & base.multi & ~on_cells):
                for d in mask_digits(cands[c]):
                    if slices[d - 1] >> c & 1:
                        new_on |= 1 << ((d - 1) * n + c)
                        break
        return new_on, locked, slices

    def _arc_kills(self, fr_off: int, slices: list[int]) -> int:
        """Removals by the relation tables: digits of a related cell no survivor allows."""
        base = self.base
        n, cm = base.n, base.cellmask
        touched = 0
        for d in range(base.size):
            touched |= (fr_off >> (d * n)) & cm
        touched &= base.arc_cells
        out = 0
        arcs = self.layout.arcs
        for c in bits(touched):
            alive_c = [d for d in mask_digits(base.cands[c]) if slices[d - 1] >> c & 1]
            for nb, table in arcs[c]:
                if not base.empty >> nb & 1:
                    continue
                support = board = 0
                for d in alive_c:
                    support |= table[d - 1]
                for d in mask_digits(base.cands[c]):
                    board |= table[d - 1]
                # (a digit the board's own candidates of c never allowed is not this
                # branch's doing: relation consistency removes it without a premise)
                for e in mask_digits(base.cands[nb] & board & ~support):
                    if slices[e - 1] >> nb & 1:
                        out |= 1 << ((e - 1) * n + nb)
        return out

    def _propagate(self, b: _Branch, slices: list[int], on: int, new_off: int) -> str | None:
        """Run the rules' hooks on the branch's candidates; the label of a broken rule."""
        base = self.base
        n = base.n
        cands = base.cands[:]
        for c in bits(base.empty):
            m = 0
            for d in mask_digits(cands[c]):
                i = (d - 1) * n + c
                if on >> i & 1:
                    m = 1 << (d - 1)
                    break
                if slices[d - 1] >> c & 1 and not new_off >> i & 1:
                    m |= 1 << (d - 1)
            cands[c] = m
        before = cands[:]
        grid = self.layout.grid
        for con in base.propagators:
            if not con.propagate(grid, cands):
                return str(con.label)
            for c in bits(base.empty):
                gone = before[c] & ~cands[c]
                for d in mask_digits(gone):
                    f = ((d - 1) * n + c) << 1
                    if not (b.off | new_off) >> (f >> 1) & 1 and f not in b.ruled:
                        if b.ruled is _NO_RULES:
                            b.ruled = {}
                        b.ruled[f] = str(con.label)
                        new_off |= 1 << (f >> 1)
            before = cands[:]
        b.fr_off = new_off & ~b.off
        return None

    # -- reasons -----------------------------------------------------------------------------

    def layer(self, b: _Branch, f: int) -> int:
        """The first layer of ``b`` holding fact ``f`` (each layer's set holds the one
        before, so the layers are halved)."""
        i = f >> 1
        cum = b.cum_on if f & 1 else b.cum_off
        lo, hi = 0, len(cum) - 1
        if not cum[hi] >> i & 1:
            raise AssertionError("fact not derived in this branch")
        while lo < hi:
            mid = (lo + hi) >> 1
            if cum[mid] >> i & 1:
                hi = mid
            else:
                lo = mid + 1
        return lo

    def parents(self, b: _Branch, f: int) -> tuple[int, ...]:
        """The facts ``f`` was derived from (empty for the premise and rule facts)."""
        memo = b.memo
        if memo is None:
            memo = b.memo = {}
        got = memo.get(f)
        if got is None:
            k = self.layer(b, f)
            got = () if k == 0 or f in b.ruled else self._find_parents(b, f, k)
            memo[f] = got
        return got

    def _find_parents(self, b: _Branch, f: int, k: int) -> tuple[int, ...]:
        base = self.base
        n = base.n
        i = f >> 1
        d, x = divmod(i, n)
        prev_off = b.cum_off[k - 1]
        last_on = b.cum_on[k - 1] & ~(b.cum_on[k - 2] if k >= 2 else 0)
        last_off = prev_off & ~(b.cum_off[k - 2] if k >= 2 else 0)
        if f & 1:
            if not self.dynamic:
                st = base.static_view()
                for g in bits(last_off & st.trig_on):
                    if st.on_of_off[g] >> i & 1:
                        return (g << 1,)
                for g in bits(last_on & st.trig_onon):
                    if st.on_of_on[g] >> i & 1:
                        return (g << 1 | 1,)
                raise AssertionError("no reason for a chain placement")
            options = []
            others = base.cell_cands[x] & ~(1 << i)
            if others and not others & ~prev_off:
                options.append(others)
            for _, _, spots in base.hdig[d]:
                if not spots >> x & 1:
                    continue
                o = (spots & ~(1 << x)) << (d * n)
                if o and not o & ~prev_off:
                    options.append(o)
            best = min(options, key=lambda m: m.bit_count())
            return tuple(g << 1 for g in bits(best))
        imp = self._on_implicators(i) & last_on
        if imp:
            return (((imp & -imp).bit_length() - 1) << 1 | 1,)
        if not self.dynamic:
            st = base.static_view()
            for g in bits(last_on & st.trig_grp):
                if st.grp_off[g] >> i & 1:
                    return (g << 1 | 1,)
            for g in bits(last_off & st.trig_off):
                if st.off_of_off[g] >> i & 1:
                    return (g << 1,)
            raise AssertionError("no reason for a chain elimination")
        for nb, table in self.rev[x]:
            if not base.empty >> nb & 1:
                continue
            support = 0
            for dd in mask_digits(base.cands[nb]):
                if table[dd - 1] >> d & 1:
                    support |= 1 << ((dd - 1) * n + nb)
            if support and not support & ~prev_off:
                return tuple(g << 1 for g in bits(support))
        seen_by = self.layout.peers[x]
        for _, hm, spots in base.hdig[d]:
            if hm >> x & 1:
                continue
            s = spots & ~(prev_off >> (d * n))
            gone = spots & ~s & ~seen_by
            if s and gone and not s & ~seen_by:
                return tuple((d * n + c) << 1 for c in bits(gone))
        raise AssertionError("no reason for a net elimination")

    def _on_implicators(self, i: int) -> int:
        """The candidates whose placement removes candidate i (kept per search)."""
        got = self._implicators.get(i)
        if got is None:
            got = self._implicators[i] = self._find_implicators(i)
        return got

    def _find_implicators(self, i: int) -> int:
        base = self.base
        n = base.n
        d, x = divmod(i, n)
        m = (self.layout.peers[x] & base.pos[d]) << (d * n)
        for e in mask_digits(base.cands[x] & ~(1 << d)):
            m |= 1 << ((e - 1) * n + x)
        for nb, table in self.rev[x]:
            if base.empty >> nb & 1:
                for dd in mask_digits(base.cands[nb]):
                    if not table[dd - 1] >> d & 1:
                        m |= 1 << ((dd - 1) * n + nb)
        return m

    def closure(self, b: _Branch, facts: list[int]) -> set[int]:
        """``facts`` and every fact they rest on, back to the premise."""
        return set(bits(self.closure_set(b, facts)))

    def closure_size(self, b: _Branch, facts: list[int]) -> int:
        got = self._net_closure(b, facts)
        if got is not None:
            return got
        return self.closure_set(b, facts).bit_count()

    def _net_closure(self, b: _Branch, facts: list[int]) -> int | None:
        """``closure_size`` in C (``_forcingwalk.net_closure``) for a net searched in C
        on a layout without relation tables or rules' hooks: the same count, from the
        branch's layer snapshots, without making its facts' reasons in Python. None
        where that does not apply."""
        source = b.source
        if source is None or not self._c_closure:
            return None
        from array import array

        walk = _compiled_walk()
        base = self.base
        snaps, bi = source
        nb = snaps.nb
        changed = b.changed
        key = (bi, changed)  # (a verity's branch may still grow)
        layers = self._layer_words.get(key)
        if layers is None:
            # Layer 0 (the premise), then the copies of the layers it changed in.
            on0, off0 = b.first_layer()
            joined = bytearray(on0.to_bytes(nb, "little"))
            joined += off0.to_bytes(nb, "little")
            joined += b"".join([snaps.raw(bi, j) for j in range(changed)])
            layers = self._layer_words[key] = memoryview(joined).cast("Q")
        tables = self._closure_tables
        if tables is None:
            words = base.words(True)
            N = base.size * base.n
            built = base.ooo_words()
            row_start, _, row_sets = base.rows()
            tables = self._closure_tables = (
                words.tables,
                to_words(base.cell_cands, nb) if built is None else memoryview(built[1]).cast("Q"),
                memoryview(bytearray(((2 * N + 63) >> 6) * 8)).cast("Q"),
                array("i", bytes(4 * 2 * N)),
                row_start,
                row_sets,
                memoryview(peer_words(self.layout)).cast("Q"),
            )
        ooo, cellc, seen, stack, row_start, row_sets, peers = tables
        got: int = walk.net_closure(
            nb >> 3, base.n, base.size, (base.n + 63) >> 6, layers, changed + 1,
            array("i", facts), len(facts), ooo, cellc, row_start, row_sets, peers, seen,
            stack,
        )
        return got if got >= 0 else None

    def closure_set(self, b: _Branch, facts: list[int]) -> int:
        """``closure`` as a bitset over the facts (bit ``f``)."""
        out = 0
        for f in facts:
            out |= self.ancestors(b, f)
        return out

    def ancestors(self, b: _Branch, f: int) -> int:
        """The closure of one fact as a bitset over the facts (kept per branch)."""
        anc = b.anc
        if anc is None:
            anc = b.anc = {}
        got = anc.get(f)
        if got is None:
            got = 1 << f
            for p in self.parents(b, f):
                got |= self.ancestors(b, p)
            anc[f] = got
        return got

    # -- the driver ---------------------------------------------------------------------------

    def run(self) -> Iterator[Step]:
        # Every layer is searched (up to the bounds) before anything is yielded, and the
        # steps are then ordered as HoDoKu orders forcing chains: most placements first,
        # then most eliminations, then the fewest implications shown. A productive step
        # found a few layers deeper saves many one-candidate steps (and their rescans).
        found: list[Found] = []
        if self._walk is not None:
            self._forward_words(self._walk, found)
        else:
            self._forward(found)
        ordered = self.ordered(found)
        if len(found) <= _CARRY:
            self.tech.remember(self.base, [item[3] for item in found])
            first = []
        else:
            first = [item for _, item in zip(range(_CARRY), ordered, strict=False)]
            self.tech.remember(self.base, [item[3] for item in first])
        for _, facts, build, _ in itertools.chain(first, ordered):
            if all(f in self.reported for f in facts):
                continue
            self.reported.update(facts)
            assert build is not None
            yield build()

    def ordered(self, found: list[Found]) -> Iterator[Found]:
        """``found`` sorted by key (stable), each contradiction's exact key worked out
        only when its lower bound comes first (its closure is the costly part, and a
        solve takes the first step only). Its size is at least the number of layers of
        its branch: one fact of its witness is from the last layer, and that fact's
        closure holds one fact of each layer before. A contradiction whose fact is
        already reported when its bound comes up is passed over unresolved (it would be
        at its own place too: the facts reported only grow).

        Why the bound holds: a branch breaks on a cell or house that the newest layer
        emptied, or a fact the newest layer contradicted; and a fact first derived in
        layer k has a reason in layer k - 1 (every rule fires in the layer after the
        last fact it needs), so its closure holds a fact of every layer before."""
        heap = [(item[0], seq, item) for seq, item in enumerate(found)]
        heapq.heapify(heap)
        while heap:
            key, seq, item = heapq.heappop(heap)
            if item[2] is None:
                if all(f in self.reported for f in item[1]):
                    continue
                index = key[4]
                exact = self._exact_contradiction(index, self.branches[index])
                heapq.heappush(heap, (exact[0], seq, exact))
                continue
            yield item

    def _forward(self, found: list[Found]) -> None:
        """Advance every branch layer by layer; the steps found go to ``found``."""
        k = 0
        while True:
            if k:
                found += self._verities(k)
            active = False
            for index, b in enumerate(self.branches):
                if b.dead or b.done:
                    continue
                poll()  # (a whole search can take seconds: --timeout holds inside it)
                if self.advance(b, k):
                    # (a premise that breaks the board by itself is a single, not a chain)
                    if k:
                        found.append(self._contradiction(index, b))
                elif not b.done:
                    active = True
            if not active or k >= self.tech.max_depth:
                break
            k += 1

    def _forward_words(self, walk: Any, found: list[Found]) -> None:
        """``_forward`` with each layer derived in C (``_forcingwalk.layer``): the same
        branches, layers, contradictions and verities. The sets of the branches that
        changed are copied after each layer (``_Snaps``), and a branch's sets (``on``,
        ``off``, ``cum_on``, ``cum_off``) are read from those copies when asked for (see
        ``_Branch``); ``fr_on``, ``fr_off`` and ``done`` are not kept."""
        from array import array

        base = self.base
        n, size = base.n, base.size
        words = base.words(self.dynamic)
        W = words.W
        nb = W * 8
        prem, _, _, _, g_start, g_members, bo_start, bo_groups, nbr, ng = self._premises
        max_depth = self.tech.max_depth
        hs = min(max_depth, 2 * size * n) + 1  # (a layer that changes a branch adds a fact)
        snaps = self._snaps = _Snaps(nbr, hs, nb, walk.unset)
        for bi, b in self.branches.made():  # type: ignore[union-attr]
            b.source = (snaps, bi)
        state = memoryview(bytearray(max(1, nbr) * 4 * nb)).cast("Q")
        counts = array("i", bytes(4 * max(1, nbr)))
        walk.seed(W, prem, nbr, state, counts)
        act = array("i", range(nbr))
        nact = nbr
        changed = array("i", bytes(4 * max(1, nbr)))
        tmp = memoryview(bytearray(8 * words.scratch[0])).cast("Q")
        wit = array("i", bytes(4 * words.scratch[1]))
        dyn = int(self.dynamic)
        max_facts = self.tech.max_facts
        # What each group has reported (see ``verities``).
        rep = memoryview(bytearray(max(1, ng) * 2 * nb)).cast("Q")
        useful, cand = base.verity_words()
        hits = array("i", bytes(4 * max(1, ng)))
        mark = bytearray(max(1, ng))
        branches = self.branches
        # (the module's own views of the buffers: a call does not check them again)
        wv, iv = walk.words_view, walk.ints_view
        tables, chk_start, chk_ids, wmask, wcand, cells, cand_digits, peers = (
            words.views(walk)[:8]
        )
        row_start, row_info, row_sets = words.views(walk)[8:]
        state, act, changed, tmp = wv(state), iv(act), iv(changed), wv(tmp)
        wit, counts, hist, last = iv(wit), iv(counts), iv(snaps.hist), iv(snaps.last)
        store = wv(snaps.words)
        v_start, v_members, v_bo_start, v_bo_groups = (
            iv(g_start), iv(g_members), iv(bo_start), iv(bo_groups)
        )
        v_mark, v_rep, v_useful, v_cand, v_hits = (
            walk.bytes_view(mark), wv(rep), wv(useful), wv(cand), iv(hits)
        )
        CW = words.CW
        nch = top = k = 0
        while True:
            if k and nch:
                nh = walk.verities(W, state, v_start, v_members, changed, nch, v_bo_start,
                                   v_bo_groups, v_mark, v_rep, v_useful, v_cand, tmp, v_hits)
                if nh:
                    found += self._group_verities(list(hits[:nh]))
            if nact:
                poll()  # (a whole search can take seconds: --timeout holds inside it)
                dead: list[tuple[int, list[int]]] = []
                if snaps.room(top, nact):
                    store = wv(snaps.words)
                nact, nch, top = walk.layer(
                    W, dyn, tables, chk_start, chk_ids, wmask, n, size, CW, wcand, cells,
                    cand_digits, peers, row_start, row_info, row_sets, state, act, nact,
                    max_facts, tmp, wit, changed, dead, store, top, hist, hs, k, last, counts,
                )
                for bi, ids in dead:
                    b = branches[bi]
                    b.dead = True
                    b.witness = [_witness(wid, n, size) for wid in ids]
                    # (a premise that breaks the board by itself is a single, not a chain)
                    if k:
                        found.append(self._contradiction(bi, b))
            if not nact or k >= max_depth:
                break
            k += 1

    def _contradiction(self, index: int, b: _Branch) -> Found:
        """The contradiction of a branch that broke, under its lower bound (see
        ``ordered``). (A rule's hook sets facts without reasons, which the bound
        does not hold for: with hooks the key is worked out at once.)"""
        if self.base.propagators:
            return self._exact_contradiction(index, b)
        fact = b.premise ^ 1
        key = (-(fact & 1), -(1 - (fact & 1)), b.layer_count(), 0, index)
        return (key, [fact], None, ("p", b.premise))

    def _exact_contradiction(self, index: int, b: _Branch) -> Found:
        best: tuple[int, list[int], Witness] | None = None
        for w in b.witness[:8]:
            facts = self._witness_facts(b, w)
            size = self.closure_size(b, facts)
            if best is None or size < best[0]:
                best = (size, facts, w)
        assert best is not None
        size, facts, w = best
        fact = b.premise ^ 1
        key = (-(fact & 1), -(1 - (fact & 1)), size, 0, index)
        return (
            key, [fact], lambda: self._contradiction_step(b, facts, w, size), ("p", b.premise)
        )

    def _witness_facts(self, b: _Branch, w: Witness) -> list[int]:
        base = self.base
        n = base.n
        if w[0] == "both":
            return [w[1] << 1 | 1, w[1] << 1]
        if w[0] == "cell":
            x = w[1]
            return [((d - 1) * n + x) << 1 for d in mask_digits(base.cands[x])]
        if w[0] == "house":
            _, h, d = w
            spots = base.pos[d] & self.layout.houses[h].mask
            return [(d * n + c) << 1 for c in bits(spots)]
        # A rule's hook broke on the branch's state: show the facts of its last layer.
        last = [i << 1 | 1 for i in bits(b.fr_on)] + [i << 1 for i in bits(b.fr_off)]
        return last[:4] or [b.premise]

    def _verities(self, k: int) -> list[Found]:
        """The verities of the groups with a branch that changed in layer k."""
        todo: set[int] = set()
        for b, groups in zip(self.branches, self.groups_of, strict=True):
            if b.changed == k:
                todo.update(groups)
        return self._group_verities(sorted(todo))

    def _group_verities(self, gis: list[int]) -> list[Found]:
        """The verities of the groups ``gis``: the facts common to all their branches
        not reported before."""
        base = self.base
        branches = self.branches
        ooo = base.off_of_on
        useful_on = base.cand & ~base.known
        out: list[Found] = []
        for gi in gis:
            g = self.groups[gi]
            members = [branches[i] for i in g.members]
            con = coff = -1
            for b in members:
                con &= b.on
                coff &= b.off
            new_on = con & useful_on & ~g.rep_on
            new_off = coff & base.cand & ~g.rep_off
            if not new_on and not new_off:
                continue
            g.rep_on |= new_on
            g.rep_off |= new_off
            implied = 0
            for i in bits(con):
                implied |= ooo[i]
            new_off &= ~implied
            targets = [i << 1 | 1 for i in bits(new_on)] + [i << 1 for i in bits(new_off)]
            if not targets:
                continue
            # The facts common to the group go into steps of a few facts each (cheapest
            # first): a step per fact would be slow to apply one by one, and a step
            # listing every common fact of a nearly open board would be unreadable.
            cost = {f: sum(self.cost(b, [f]) for b in members) for f in targets}
            targets.sort(key=lambda f: (-(f & 1), cost[f], f))
            for at in range(0, len(targets), _VERITY_FACTS):
                facts = targets[at:at + _VERITY_FACTS]
                size = sum(self.cost(b, facts) for b in members)
                places = sum(f & 1 for f in facts)
                key = (-places, places - len(facts), size, 1, gi)
                out.append(
                    (key, facts, self._verity_builder(g, facts, size), ("g", g.kind, g.anchor))
                )
        return out

    def cost(self, b: _Branch, facts: list[int]) -> int:
        """The number of implications from the premise of ``b`` to ``facts``."""
        if len(facts) > 1:
            return self.closure_size(b, facts) - 1
        f = facts[0]
        costs = b.costs
        if costs is None:
            costs = b.costs = {}
        got = costs.get(f)
        if got is None:
            got = costs[f] = self.closure_size(b, [f]) - 1
        return got

    def _verity_builder(self, g: _Group, facts: list[int], size: int) -> Callable[[], Step]:
        return lambda: self._verity_step(g, facts, size)

    # -- steps ---------------------------------------------------------------------------------

    def fact_text(self, f: int) -> str:
        d, x = divmod(f >> 1, self.base.n)
        return f"{self.layout.name(x)}{'=' if f & 1 else '<>'}{digit_char(d + 1)}"

    def fact_words(self, f: int) -> str:
        d, x = divmod(f >> 1, self.base.n)
        verb = "would be" if f & 1 else "would not be"
        return f"{self.layout.name(x)} {verb} {digit_char(d + 1)}"

    def render(self, b: _Branch, targets: list[int]) -> tuple[list[str], list[Link]]:
        """The chains from the premise to ``targets`` (and to the other reasons of a net)."""
        printed: set[int] = set()
        segments: list[str] = []
        links: list[Link] = []
        # A chain shows each target's whole chain from the premise (HoDoKu's way); a net
        # shows the first one whole and the others from where they leave facts shown.
        queue = [(t, j == 0 or not self.dynamic, True) for j, t in enumerate(targets)]
        while queue:
            f, full, target = queue.pop(0)
            if f in printed:
                continue
            path = []
            cur = f
            while True:
                path.append(cur)
                ps = self.parents(b, cur)
                if not ps:
                    break
                main = max(ps, key=lambda p: (self.layer(b, p), -p))
                if main in printed and not full:
                    path.append(main)
                    break
                cur = main
            path.reverse()
            words = []
            for j, fact in enumerate(path):
                text = self.fact_text(fact)
                if j == 0 and fact in b.ruled:
                    text = f"({b.ruled[fact]} rule) {text}"
                if j:
                    ps = self.parents(b, fact)
                    others = [p for p in ps if p != path[j - 1]]
                    if others:
                        text += f" (with {', '.join(self.fact_text(p) for p in others)})"
                        queue += [(p, False, False) for p in others]
                    for p in ps:
                        links += self.links(p, fact)
                    via = self.via(path[j - 1], fact)
                    if via:
                        d = digit_char((fact >> 1) // self.base.n + 1)
                        groups = [
                            f"{self.cells_text(cells)}{'=' if on else '<>'}{d}" for on, cells in via
                        ]
                        text = " -> ".join([*groups, text])
                words.append(text)
                printed.add(fact)
            if target or len(path) > 2:
                # (a side chain of one implication is plain from its "with" mention)
                segments.append(" -> ".join(words))
        return segments, list(dict.fromkeys(links))

    def cells_text(self, cells: int) -> str:
        return compact_cells(self.layout, list(bits(cells)))

    def via(self, p: int, f: int) -> list[tuple[bool, int]]:
        """The group nodes a chain implication ``p -> f`` goes through: (set?, cells)."""
        if self.dynamic:
            return []
        base = self.base
        n = base.n
        pd, px = divmod(p >> 1, n)
        fd, fx = divmod(f >> 1, n)
        if pd != fd or px == fx or (p & 1 and base.off_of_on[p >> 1] >> (f >> 1) & 1):
            return []
        peers = self.layout.peers
        for _, hm, spots in base.hdig[pd]:
            if p & 1 and not hm >> px & 1:
                seen = spots & peers[px]
                rest = spots & ~seen
                if not seen & (seen - 1):
                    continue
                if f & 1 and rest == 1 << fx:
                    return [(False, seen)]
                far = not f & 1 and not hm >> fx & 1
                if far and rest & (rest - 1) and not rest & ~peers[fx]:
                    return [(False, seen), (True, rest)]
            elif not p & 1 and not f & 1 and hm >> px & 1 and not hm >> fx & 1:
                group = spots & ~(1 << px)
                if group & (group - 1) and not group & ~peers[fx]:
                    return [(True, group)]
        return []

    def links(self, p: int, f: int) -> list[Link]:
        """``step.chain`` links of the implication ``p -> f`` (through its groups)."""
        n = self.base.n
        pd, px = divmod(p >> 1, n)
        fd, fx = divmod(f >> 1, n)
        nodes = [Node((px,), pd + 1)]
        kinds = []
        for on, cells in self.via(p, f):
            nodes.append(Node(tuple(bits(cells)), pd + 1, "group"))
            kinds.append(on)
        nodes.append(Node((fx,), fd + 1))
        kinds.append(bool(f & 1))
        pairs = zip(nodes[:-1], nodes[1:], kinds, strict=True)
        return [Link(a, b, strong) for a, b, strong in pairs]

    def on_words(self, b: _Branch, facts: set[int], skip: set[int]) -> list[str]:
        """The placements among ``facts`` in the order they follow, as words."""
        ons = [f for f in facts if f & 1 and f != b.premise and f not in skip]
        ons.sort(key=lambda f: (self.layer(b, f), f))
        words = [self.fact_words(f) for f in ons]
        if len(words) > 4:
            words = [*words[:3], "..."]
        return words

    def _difficulty(self, size: int) -> float:
        tech = self.tech
        extra = sum(size > t for t in _THRESHOLDS)
        return round(min(tech.difficulty + 0.1 * extra, tech.max_difficulty), 1)

    def _name(self, kind: str) -> str:
        return f"{self.tech.form} {kind}"

    def _contradiction_step(self, b: _Branch, facts: list[int], w: Witness, size: int) -> Step:
        lay = self.layout
        n = self.base.n
        p = b.premise
        d, x = divmod(p >> 1, n)
        cell, ch = lay.name(x), digit_char(d + 1)
        segments, links = self.render(b, facts)
        closure = self.closure(b, facts)
        houses: tuple[int, ...] = ()
        cells = {x}
        if w[0] == "cell":
            short = f"{lay.name(w[1])} has no candidate"
            long = f"{lay.name(w[1])} would have no candidate left"
            cells.add(w[1])
        elif w[0] == "house":
            h, hd = w[1], w[2]
            short = f"{house_name(lay, h)} has no place for {digit_char(hd + 1)}"
            long = f"{lay.houses[h].name} would have no place for {digit_char(hd + 1)}"
            houses = (h,)
        elif w[0] == "both":
            i = w[1]
            short = f"{self.fact_text(i << 1 | 1)} and {self.fact_text(i << 1)}"
            long = self._both_words(b, i)
            cells.add(i % n)
        else:
            short = f"the {w[1]} rule is broken"
            long = f"the {w[1]} rule would be broken"
        chains = "; ".join(segments)
        pattern = f"{self.fact_text(p)} => {short} ({chains})"
        skip = set(facts) if w[0] == "both" else set()
        words = [*self.on_words(b, closure, skip), long]
        if p & 1:
            placements: tuple[tuple[int, int], ...] = ()
            eliminations: tuple[tuple[int, int], ...] = ((x, d + 1),)
            text = f"if {cell} were {ch}, {join_words(words)}; so {cell} is not {ch}"
        else:
            placements, eliminations = ((x, d + 1),), ()
            text = f"if {cell} were not {ch}, {join_words(words)}; so {cell} is {ch}"
        name = self._name("Contradiction")
        digits = {d + 1} | {(f >> 1) // n + 1 for f in facts}
        return Step(
            self.tech.code,
            placements=placements,
            eliminations=eliminations,
            explanation=text,
            cells=tuple(sorted(cells)),
            houses=houses,
            digits=tuple(sorted(digits)),
            chain=tuple(links),
            candidates=((x, d + 1),),
            difficulty=self._difficulty(size - 1),
            notation=notation(lay, name, pattern, placements, eliminations),
            name=name,
        )

    def _both_words(self, b: _Branch, i: int) -> str:
        lay = self.layout
        n = self.base.n
        d, x = divmod(i, n)
        ch = digit_char(d + 1)
        ps = self.parents(b, i << 1)
        if len(ps) == 1 and ps[0] & 1:
            pd, px = divmod(ps[0] >> 1, n)
            if pd == d and px != x and lay.sees(px, x):
                why = lay.why_sees(px, x)
                return f"{lay.name(px)} and {lay.name(x)} would both be {ch} ({why})"
            if px == x:
                return f"{lay.name(x)} would be both {digit_char(pd + 1)} and {ch}"
        return f"{lay.name(x)} would have to be {ch} and could not be {ch}"

    def _verity_step(self, g: _Group, facts: list[int], size: int) -> Step:
        lay = self.layout
        base = self.base
        n = base.n
        members = [self.branches[i] for i in g.members]
        pieces = []
        clauses = []
        links: list[Link] = []
        cells: set[int] = {(f >> 1) % n for f in facts}
        candidates = []
        for b in members:
            segments, e = self.render(b, facts)
            links += e
            chain = "; ".join(segments)
            pieces.append(f"({chain})" if len(segments) > 1 else chain)
            words = self.on_words(b, self.closure(b, facts), set(facts))
            words += [self.fact_words(f) for f in facts]
            pd, px = divmod(b.premise >> 1, n)
            cells.add(px)
            if b.premise & 1:
                candidates.append((px, pd + 1))
            clauses.append((b.premise, join_words(words)))
        placements = tuple(
            ((f >> 1) % n, (f >> 1) // n + 1) for f in facts if f & 1
        )
        eliminations = tuple(
            ((f >> 1) % n, (f >> 1) // n + 1) for f in facts if not f & 1
        )
        verdict = join_words(
            [f"{lay.name(x)} is {digit_char(d)}" for x, d in placements]
            + [f"{lay.name(x)} is not {digit_char(d)}" for x, d in eliminations]
        )
        houses: tuple[int, ...] = ()
        if g.kind == "cell":
            x = g.anchor[0]
            digits = mask_digits(base.cands[x])
            head = f"{lay.name(x)} {{{digit_list(digits)}}}"
            intro = f"{lay.name(x)} can only be {join_words([digit_char(d) for d in digits], 'or')}"
            ifs = [f"if it were {digit_char((p >> 1) // n + 1)}, {w}" for p, w in clauses]
        elif g.kind == "house":
            h, d = g.anchor
            spots = [(p >> 1) % n for p, _ in clauses]
            head = f"{digit_char(d + 1)} in {house_name(lay, h)} {{{cell_list(lay, spots)}}}"
            intro = (
                f"{lay.houses[h].name} can only have its {digit_char(d + 1)} in"
                f" {join_words([lay.name(c) for c in spots], 'or')}"
            )
            ifs = [f"if it were in {lay.name((p >> 1) % n)}, {w}" for p, w in clauses]
            houses = (h,)
        else:
            d, x = divmod(g.anchor[0], n)
            cell, ch = lay.name(x), digit_char(d + 1)
            head = f"{cell}={ch} or {cell}<>{ch}"
            intro = f"{cell} either is {ch} or is not"
            ifs = [
                f"if it were {'' if p & 1 else 'not '}{ch}, {w}" for p, w in clauses
            ]
        pattern = f"{head}: {'; '.join(pieces)}"
        text = f"{intro}; {'; '.join(ifs)}; either way {verdict}"
        name = self._name("Verity")
        digits_used = {(b.premise >> 1) // n + 1 for b in members}
        digits_used |= {(f >> 1) // n + 1 for f in facts}
        return Step(
            self.tech.code,
            placements=placements,
            eliminations=eliminations,
            explanation=text,
            cells=tuple(sorted(cells)),
            houses=houses,
            digits=tuple(sorted(digits_used)),
            chain=tuple(dict.fromkeys(links)),
            candidates=tuple(sorted(candidates)),
            difficulty=self._difficulty(size),
            notation=notation(lay, name, pattern, placements, eliminations),
            name=name,
        )


class _Forcing(Technique):
    """Shared driver of forcing chains and nets (see the module docstring)."""

    #: Nets judge cells and houses by the branch's state; chains use single reasons only.
    dynamic: ClassVar[bool] = False
    #: The word of ``step.name``: "Forcing Chain" or "Forcing Net".
    form: ClassVar[str] = ""
    #: Implication layers followed at most.
    max_depth: ClassVar[int] = 30
    #: A branch stops growing once it holds more facts than this.
    max_facts: ClassVar[int] = 4000
    #: Only cells with at most this many candidates are premises (None: every cell).
    max_candidates: ClassVar[int | None] = 9
    #: The highest difficulty a step of this technique gets.
    max_difficulty: ClassVar[float] = 10.0

    def __init__(self) -> None:
        super().__init__()
        # The carry belongs to one thread's solve: the technique object is shared, and
        # a carry left by another thread's board would change which step comes first.
        self._local = threading.local()

    def remember(self, base: _Base, keys: list[FocusKey]) -> None:
        """Keep the premises and groups of the steps just found, for this thread's
        next board."""
        board = getattr(self._local, "board", None)
        self._local.carry = (board, base.cands, set(keys)) if keys and board is not None else None

    def forget(self) -> None:
        """Drop the steps this thread remembered from its last board (as a search that
        finds none does)."""
        self._local.carry = None

    def find(self, board: Board) -> Iterator[Step]:
        """The steps of the board, most productive first.

        A solve applies one step and comes back with a board that has fewer
        candidates. Everything a premise implied before still follows from it (an
        implication only needs candidates gone), so the other steps found last time
        still hold: their premises and groups are searched first, alone, which is
        much cheaper than every premise of the board. Only if none of them gives a
        step any more (or to list every step) is the whole board searched. Every step
        is built and checked on the board as it is now.
        """
        if board.contradiction() is not None:
            return
        if self.dynamic and compiled_trials(board.layout):
            # Nets over rules run on the compiled propagation (``trials``).
            yield from trial_steps(self.code, board, self.max_candidates)
            return
        # The carry counts for the board object it came from only (a solve goes on with
        # one board): another board, of this puzzle or any, lists its steps as if new.
        carry: tuple[Board, list[int], Focus] | None = getattr(self._local, "carry", None)
        self._local.carry = None
        self._local.board = board
        reported: set[int] = set()
        if carry is not None and carry[0] is board and narrower(board.cands, carry[1]):
            search = _Search(self, board, carry[2])
            yield from search.run()
            reported = search.reported
        search = _Search(self, board)
        search.reported = reported
        yield from search.run()


class ForcingChain(_Forcing):
    """Contradiction and verity forcing chains: every fact has one reason."""

    code = "fc"
    form = "Forcing Chain"
    dynamic = False
    max_difficulty = 8.7


class ForcingNet(_Forcing):
    """Forcing nets (dynamic forcing chains): a fact may need several earlier facts."""

    code = "fn"
    form = "Forcing Net"
    dynamic = True
    max_difficulty = 9.4
