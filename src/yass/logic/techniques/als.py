"""Almost locked sets: ALS-XZ, ALS-XY-Wing, ALS Chain, Death Blossom, and Sue de Coq.

An almost locked set (ALS) is N unplaced cells of one house holding N+1 candidates
between them; a cell with two candidates is an ALS of one cell. Its cells all see each
other, so they hold N different digits: at most one of its candidates is missing, and
if one digit is known to be missing the set is locked on all the others.

A digit X is a restricted common candidate (RCC) of two disjoint ALSs A and B when
every cell of A holding X sees every cell of B holding X: X is then in A or in B but
not in both. The techniques chain that fact:

* ALS-XZ: A and B with an RCC X and another common digit Z. If A lacks Z it holds X,
  so B lacks X and holds Z: Z is in A or in B, and a cell that sees every Z of both
  loses Z. With two RCCs (doubly linked) each set is locked on its other digits and
  each RCC digit lies in exactly one of them, which removes more.
* ALS-XY-Wing: A -X- C -Y- B (X and Y different RCCs with the pivot C): C lacks at most
  one digit, so A lacks X or B lacks Y; Z (common to A and B, neither X nor Y) is in A
  or in B.
* ALS Chain: A1 -x1- A2 -x2- ... An (4 to ``MAX_CHAIN`` sets, consecutive RCCs
  different, Z common to A1 and An, neither x1 nor the last RCC): if A1 lacks Z, each
  set in turn lacks the digit it shares with the one before and holds the next, and
  An holds Z. Every such Z of the two ends is eliminated by the one step. Chains of
  two and three sets are ALS-XZ and ALS-XY-Wing.
* Death Blossom: a stem cell with candidates d1..dk and for each di a petal ALS whose
  every di sees the stem (petals disjoint). Whatever the stem holds, the matching
  petal lacks that digit and holds the rest, so a digit Z that is in every petal but
  not in the stem is in one of the petals.
* Sue de Coq: cells C (two or more) of the intersection of two houses H1 and H2 with
  |C|+2 or more candidates V, a set D in the rest of H1 and a set E in the rest of
  H2 (each cell sharing a digit with V), the digits of D and of E disjoint, and all of
  C, D and E together holding as many digits as cells. Each digit can then be at most
  once in the pattern (its cells all lie in H1 or all in H2), so each is exactly once.
  This is the general counting form: the classic one (a bivalue cell in the line and
  one in the box) and its extensions with larger D and E all satisfy it.

Every elimination is "a cell that sees every cell of the pattern that could hold Z
loses Z", read from ``layout.peers``, so the techniques work on any layout: an ALS
may lie in any house (rows, columns, boxes, diagonals, extra regions, cages), sees-
pairs such as anti-knight add eliminations, and Sue de Coq runs on every pair of
houses sharing two or more cells, neither inside the other (in a classic grid, a box
and a row or column; with a diagonal or extra regions, also those with the boxes and
lines they cross). None of this needs a house to be full. Relations between cells
(thermometers, kropki...) are not used.

Simple and sound rather than exhaustive: by default the sets that a link joins never
overlap (the two sets of an RCC, the three of a wing, the petals of a blossom and its
stem). In a chain only each link's two sets must be apart: each step of its argument
reads one link, so sets further apart may share cells, and the two ends may too. The
settings option ``als_overlap`` (HoDoKu's "allow ALS overlap") also links two sets that
share cells by a digit none of the shared cells holds. Bounds: ALSs of up to
``max_als_size`` cells (8 on 9x9), chains of up to ``MAX_CHAIN`` sets, stems of two to
four candidates (and a search budget per call), Sue de Coq outer sets of up to four
cells each. Each technique yields one step per distinct set of eliminations, the first
found: pairs of the smallest sets first, the shortest chains first.

Compared with HoDoKu's solver (hodoku-py, overlap off) on several hundred board
states: ALS-XZ, ALS-XY-Wing, Death Blossom and Sue de Coq remove the same candidates;
ALS Chain finds more (HoDoKu follows only the links from a set to a set it collected
later). HoDoKu's regression cases for ALS chains need up to seven sets.

Speed: the ALSs and their RCCs are collected once per board state
(``context(board).memo``) and shared by the four ALS techniques. With the compiled
``_alswalk`` everything runs on 64-bit words: the sets (each house's subsets, depth
first), their fields (``where``/``seen``/``reach`` per digit), the RCC pairs (each set
looks only at the sets whose lowest place of a digit it reaches) and each set's
partners are made in C and kept as words (``_Words``); the ``Als`` objects, ``pairs``
and ``links`` are made only when asked for (a step, the tests, the Python searches).
ALS-XY-Wing's and Death Blossom's searches run in C and hand back only the patterns
that remove something; ALS-XZ's pairs are picked in C as the RCCs are found. The chain
search propagates the set of possible chain starts through (ALS, entry digit) states,
one bitset per state, so every length is tried for every start at once and the
shortest chains come first; a chain is then read back through those states. The
Python code on integers is the reference the tests compare the compiled code with,
and runs when ``_alswalk`` is not built. On the forum's hardest puzzles the four
techniques together take well under a millisecond per board state (compiled).
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Sequence
from functools import partial

from yass.core.board import Board
from yass.core.geometry import bits, digit_char
from yass.core.layout import Layout, per_layout
from yass.core.memo import remember
from yass.core.step import Link, Node, Step, compact_cells, digit_list, notation
from yass.logic.techniques import als_sets
from yass.logic.techniques.als_sets import (
    cell_sets,
    collected,
    ints,
    max_als_size,
    qwords,
    unset_ints,
    unset_words,
)
from yass.logic.techniques.base import Technique, cells_text, digits_text, join_words, removal_text
from yass.logic.techniques.context import QuietParts, context
from yass.logic.techniques.links import known_seers, peer_words, seers

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "MAX_CHAIN",
    "Als",
    "AlsChain",
    "AlsData",
    "AlsXYWing",
    "AlsXZ",
    "DeathBlossom",
    "SueDeCoq",
    "almost_locked_sets",
    "cell_sets",
    "house_pairs",
    "max_als_size",
]

#: The most sets an ALS Chain may have.
MAX_CHAIN = 8
#: Death Blossom: the most candidates a stem may have, and the search budget per call.
_MAX_STEM = 4
_BLOSSOM_BUDGET = 20000
#: Sue de Coq: the most cells in each of the two outer sets.
_MAX_SDC_SIDE = 4


# -- per-layout structures ---------------------------------------------------------------


class _Geometry:
    """Per layout: the cells that see all of a cell set (cached), house pairs for SdC."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        pairs = []
        houses = layout.houses
        for i, h1 in enumerate(houses):
            for j in range(i + 1, len(houses)):
                h2 = houses[j]
                inter = h1.mask & h2.mask
                if inter & (inter - 1) and h1.mask & ~h2.mask and h2.mask & ~h1.mask:
                    pairs.append((i, j, inter, h1.mask & ~inter, h2.mask & ~inter))
        #: (house 1, house 2, their common cells, rest of house 1, rest of house 2).
        self.house_pairs: tuple[tuple[int, int, int, int, int], ...] = tuple(pairs)

    def known_seers(self) -> dict[int, int]:
        """The cache of ``seers`` (read it directly, ``seers`` on a miss)."""
        return known_seers(self.layout)

    def seers(self, cells: int) -> int:
        """The cells that see every cell of ``cells`` (never one of them)."""
        return seers(self.layout, cells)


@per_layout
def _geometry(layout: Layout) -> _Geometry:
    return _Geometry(layout)


def house_pairs(layout: Layout) -> tuple[tuple[int, int, int, int, int], ...]:
    """Sue de Coq's house pairs: (house 1, house 2, common cells, rest of 1, rest of 2)
    for every two houses sharing two or more cells, neither inside the other."""
    return _geometry(layout).house_pairs


# -- the almost locked sets of a board state ---------------------------------------------


class Als:
    """One almost locked set: ``cells`` (bitset), ``mask`` (digit mask, bit d-1).

    Per digit index (d-1): ``where`` the cells of the set holding it, ``seen`` the cells
    seeing all of those, ``reach`` the unplaced cells of ``seen`` that still allow it
    (where the digit would be removed if the set were known to hold it); ``potential``
    is the mask of digits whose ``reach`` is not empty. ``house`` is the index of a house
    holding the set.
    """

    __slots__ = ("cells", "house", "mask", "potential", "reach", "seen", "size", "where")

    def __init__(
        self, cells: int, mask: int, house: int, where: list[int], seen: list[int],
        reach: list[int], potential: int,
    ) -> None:
        self.cells = cells
        self.mask = mask
        self.house = house
        self.size = cells.bit_count()
        self.where = where
        self.seen = seen
        self.reach = reach
        #: The digits (as a mask) the set could remove somewhere if it were known to hold
        #: them: those whose ``reach`` is not empty.
        self.potential = potential

    def cell_tuple(self) -> tuple[int, ...]:
        return tuple(bits(self.cells))

    def label(self, layout: Layout) -> str:
        """``r1c12 {123}``."""
        return f"{compact_cells(layout, self.cell_tuple())} {{{_digits(self.mask)}}}"

    def words(self, layout: Layout, letter: str) -> str:
        """``A (r1c1, r1c2; candidates 1, 2, 3)``."""
        cells = ", ".join(layout.name(c) for c in bits(self.cells))
        digits = ", ".join(digit_char(d + 1) for d in _indexes(self.mask))
        return f"{letter} ({cells}; candidates {digits})"


class AlsData:
    """The ALSs of one board state, smallest first, and their RCCs.

    ``links[i]`` lists (j, RCC digit mask) for every ALS j sharing an RCC with ALS i,
    j ascending; ``pairs`` lists (i, j, mask) once per linked pair, i < j, in order.

    With the compiled ``_alswalk`` (``walk``) the sets and their links are kept as
    64-bit words (``words``) and the ``Als`` objects, ``pairs`` and ``links`` are made
    only when asked for (``als(i)`` makes one set's); the compiled searches read the
    words.
    """

    def __init__(self, board: Board, overlap: bool = False) -> None:
        walk = als_sets.compiled_walk()
        lay = board.layout
        size = lay.size
        self.size = size
        self.overlap = overlap
        self.pos = pos = [board.positions(d) for d in range(1, size + 1)]
        #: The compiled module the words were made by (None: no words).
        self.walk = walk
        self.words: _Words | None = None
        #: The indexes in ``pairs`` of the pairs with which ALS-XZ removes something,
        #: or None when not known (then ALS-XZ tries every pair).
        self.xz: list[int] | None = None
        self._alss: list[Als] | None = None
        self._pairs: list[tuple[int, int, int]] | None = None
        self._links: list[list[tuple[int, int]]] | None = None
        self._made: dict[int, Als] = {}
        if walk is not None:
            self.words = words = _Words(walk, board, overlap)
            self.count = words.nals
            self.xz = words.xz[: words.nxz].tolist()
        else:
            found = _collect(board, max_als_size(size))
            order = sorted(found.items(), key=lambda kv: (kv[0].bit_count(), kv[0]))
            self._alss = _sets(_geometry(lay), order, pos, size)
            self._pairs = _rcc(self._alss, pos, size, overlap)
            self.count = len(self._alss)

    def als(self, i: int) -> Als:
        """Set i."""
        if self._alss is not None:
            return self._alss[i]
        got = self._made.get(i)
        if got is None:
            assert self.words is not None
            got = self._made[i] = self.words.als(i)
        return got

    @property
    def alss(self) -> list[Als]:
        """Every set, smallest first."""
        if self._alss is None:
            self._alss = [self.als(i) for i in range(self.count)]
        return self._alss

    @property
    def pairs(self) -> list[tuple[int, int, int]]:
        if self._pairs is None:
            assert self.words is not None
            flat = self.words.pairs[: 3 * self.words.npairs].tolist()
            self._pairs = list(zip(flat[0::3], flat[1::3], flat[2::3], strict=True))
        return self._pairs

    @property
    def links(self) -> list[list[tuple[int, int]]]:
        if self._links is None:
            if self.words is not None:
                self._links = [self.partners(i) for i in range(self.count)]
            else:
                links: list[list[tuple[int, int]]] = [[] for _ in range(self.count)]
                for i, j, r in self.pairs:
                    links[i].append((j, r))
                    links[j].append((i, r))
                self._links = links
        return self._links

    def partners(self, i: int) -> list[tuple[int, int]]:
        """``links[i]``: (j, RCC digit mask) for every set j linked with set i, ascending."""
        words = self.words
        if words is None or self._links is not None:
            return self.links[i]
        lo, hi = words.first[i], words.first[i + 1]
        return list(zip(words.other[lo:hi].tolist(), words.digits[lo:hi].tolist(), strict=True))

    def pair(self, k: int) -> tuple[int, int, int]:
        """``pairs[k]``."""
        words = self.words
        if words is None or self._pairs is not None:
            return self.pairs[k]
        return words.pairs[3 * k], words.pairs[3 * k + 1], words.pairs[3 * k + 2]

    def reach(self, i: int, d: int) -> int:
        """Set i's reach of digit index d."""
        if self.words is not None and i not in self._made:
            return self.words.reach_of(i, d)
        return self.als(i).reach[d]

    def mask(self, i: int) -> int:
        """Set i's digit mask."""
        if self.words is not None:
            return int(self.words.masks[i])
        return self.als(i).mask


class _Words:
    """A board state's sets and links as words (``_alswalk``): ``nals`` sets, ``ncw``
    words a cell bitset; ``cells``, ``masks``, ``houses``; per (set, digit index) row
    ``where``, ``seen``, ``reach`` (see ``Als``); ``potential``; the ``npairs`` linked
    pairs as (i, j, mask) triples in ``pairs``, the first ``nxz`` of ``xz`` the ALS-XZ
    ones; each set's partners ``other`` and RCC masks ``digits`` from ``first[i]`` to
    ``first[i + 1]``; ``pos`` each digit's places."""

    __slots__ = (
        "cells", "digits", "first", "houses", "masks", "nals", "nb", "ncw", "npairs", "nxz",
        "other", "pairs", "pos", "potential", "reach", "seen", "size", "where", "xz",
    )

    def __init__(self, walk: Any, board: Board, overlap: bool) -> None:
        lay = board.layout
        self.size = size = lay.size
        self.ncw = ncw = (lay.ncells + 63) >> 6
        self.nb = ncw * 8
        got = collected(walk, board)
        self.pos = pos = got.pos
        self.nals = nals = got.nals
        self.cells = cells = got.cells
        self.masks = masks = got.masks
        self.houses = got.houses
        qw, iw = partial(unset_words, walk), partial(unset_ints, walk)
        rows = nals * size * ncw
        self.where, self.seen, self.reach = qw(rows), qw(rows), qw(rows)
        self.potential = potential = iw(nals)
        walk.fields(nals, size, ncw, cells, masks, pos, memoryview(peer_words(lay)).cast("Q"),
                    self.where, self.seen, self.reach, potential)
        cap = 16 * nals
        counts = ints(2)
        nidx = size * lay.ncells
        while True:
            pairs = iw(3 * cap)
            xz = iw(cap)
            walk.rcc(nals, size, ncw, lay.ncells, cells, masks, pos, self.where, self.seen,
                     self.reach, potential, int(overlap), cap, pairs, xz, counts,
                     iw(nidx + 1), iw(nals * size), iw(nidx), iw(nals), iw(nals))
            if counts[0] <= cap:
                break
            cap = counts[0]
        self.npairs = npairs = counts[0]
        self.nxz = counts[1]
        self.pairs, self.xz = pairs, xz
        self.first = iw(nals + 1)
        self.other = iw(2 * npairs)
        self.digits = iw(2 * npairs)
        walk.adjacency(nals, npairs, pairs, self.first, self.other, self.digits, iw(nals))

    def number(self, buf: memoryview, row: int) -> int:
        """Row ``row`` (``ncw`` words) of ``buf`` as an integer."""
        nb = self.nb
        return int.from_bytes(buf.cast("B")[row * nb : (row + 1) * nb], "little")

    def reach_of(self, i: int, d: int) -> int:
        """Set i's reach of digit index d."""
        return self.number(self.reach, i * self.size + d)

    def als(self, i: int) -> Als:
        """Set i as an ``Als``."""
        size = self.size
        mask = int(self.masks[i])
        where = [0] * size
        seen = [0] * size
        reach = [0] * size
        for d in _indexes(mask):
            row = i * size + d
            where[d] = self.number(self.where, row)
            seen[d] = self.number(self.seen, row)
            reach[d] = self.number(self.reach, row)
        return Als(self.number(self.cells, i), mask, int(self.houses[i]), where, seen, reach,
                   int(self.potential[i]))


def _sets(
    geo: _Geometry, order: list[tuple[int, tuple[int, int]]], pos: list[int], size: int
) -> list[Als]:
    """The ``Als`` of each (cells, (digit mask, house)) of ``order`` on Python integers."""
    alss: list[Als] = []
    known = geo.known_seers()
    for cells, (mask, house) in order:
        where = [0] * size
        seen = [0] * size
        reach = [0] * size
        potential = 0
        m = mask
        while m:
            low = m & -m
            d = low.bit_length() - 1
            m ^= low
            w = cells & pos[d]
            where[d] = w
            s = known.get(w)
            if s is None:
                s = geo.seers(w)
            seen[d] = s
            r = reach[d] = s & pos[d]
            if r:
                potential |= low
        alss.append(Als(cells, mask, house, where, seen, reach, potential))
    return alss


def _rcc(alss: list[Als], pos: list[int], size: int, overlap: bool) -> list[tuple[int, int, int]]:
    """``AlsData.pairs`` on Python integers: (i, j, RCC digit mask) for every two linked
    sets, i < j, in order."""
    # Index each ALS by its lowest cell for each of its digits, then look for the
    # partners of each set among the cells that see all of its X cells.
    by_low: list[dict[int, list[int]]] = [{} for _ in range(size)]
    lows = [0] * size
    for i, a in enumerate(alss):
        where = a.where
        m = a.mask
        while m:
            low = m & -m
            d = low.bit_length() - 1
            m ^= low
            w = where[d]
            first = w & -w
            lows[d] |= first
            by_low[d].setdefault(first.bit_length() - 1, []).append(i)
    rcc: dict[tuple[int, int], int] = {}
    for i, a in enumerate(alss):
        m = a.potential
        while m:
            low = m & -m
            d = low.bit_length() - 1
            m ^= low
            s = a.seen[d]
            index = by_low[d]
            t = a.reach[d] & lows[d]
            while t:
                tl = t & -t
                t ^= tl
                for j in index[tl.bit_length() - 1]:
                    if j > i:
                        b = alss[j]
                        shared = b.cells & a.cells
                        if shared and (not overlap or shared & pos[d]):
                            continue
                        if not b.where[d] & ~s:
                            rcc[(i, j)] = rcc.get((i, j), 0) | low
    return [(i, j, r) for (i, j), r in sorted(rcc.items())]


def _collect(board: Board, limit: int) -> dict[int, tuple[int, int]]:
    """Every ALS of at most ``limit`` cells: cell bitset -> (digit mask, house index).

    A house's sets are a pure function of its open cells, their candidates and the size
    bound: they are kept by those (``_HOUSE_SETS``), as most houses do not change from one
    step to the next."""
    lay = board.layout
    cands = board.cands
    empty = board.empty
    found: dict[int, tuple[int, int]] = {}
    for index, house in enumerate(lay.houses):
        cells = [c for c in house.cells if empty >> c & 1]
        most = min(limit, len(cells) - 1 if house.full else len(cells))
        key = (tuple(cells), tuple([cands[c] for c in cells]), most)
        sets = _HOUSE_SETS.get(key)
        if sets is None:
            sets = remember(_HOUSE_SETS, key, _house_sets(cells, cands, most), _HOUSE_LIMIT)
        for cb, u in sets:
            if cb not in found:
                found[cb] = (u, index)
    return found


def _house_sets(cells: list[int], cands: list[int], most: int) -> list[tuple[int, int]]:
    """The ALSs of at most ``most`` of ``cells`` (the open cells of one house; all of a
    full house's hold exactly its missing digits: not an ALS), smallest first."""
    m = len(cells)
    out: list[tuple[int, int]] = []
    level = [(i, 1 << c, cands[c]) for i, c in enumerate(cells)]
    n = 1
    while level:
        for _, cb, u in level:
            if u.bit_count() == n + 1:
                out.append((cb, u))
        if n >= most:
            break
        cap = most + 1
        level = [
            (j, cb | 1 << cells[j], u | cands[cells[j]])
            for i, cb, u in level
            for j in range(i + 1, m)
            if (u | cands[cells[j]]).bit_count() <= cap
        ]
        n += 1
    return out


#: A house's ALSs by (its open cells, their candidates, the most cells a set may have):
#: see ``_collect``. Bounded (``remember``); a pure function, so shared by every thread.
_HOUSE_SETS: dict[tuple[tuple[int, ...], tuple[int, ...], int], list[tuple[int, int]]] = {}
_HOUSE_LIMIT = 1 << 15


def almost_locked_sets(board: Board, overlap: bool = False) -> AlsData:
    """The ALSs and RCCs of the board's current state (built once per state).

    With ``overlap`` (HoDoKu's "allow ALS overlap"), two sets that share cells are
    linked by a digit that none of the shared cells holds."""
    walk = als_sets.compiled_walk()
    return context(board).memo(
        f"als.data.{overlap}.{id(walk)}", lambda: AlsData(board, overlap)
    )


# -- small helpers ------------------------------------------------------------------------


def _indexes(mask: int) -> tuple[int, ...]:
    """Digit indexes (d-1) of a digit mask, ascending (kept by mask: a few hundred
    masks come back millions of times)."""
    found = _INDEXES.get(mask)
    if found is None:
        out = []
        rest = mask
        while rest:
            low = rest & -rest
            out.append(low.bit_length() - 1)
            rest ^= low
        found = tuple(out)
        if len(_INDEXES) < 1 << 16:
            _INDEXES[mask] = found
    return found


#: ``_indexes`` by mask (bounded; a pure function, so shared by every thread).
_INDEXES: dict[int, tuple[int, ...]] = {}


def _digits(mask: int) -> str:
    """``123``: the digits of a mask run together."""
    return "".join(digit_char(d + 1) for d in _indexes(mask))


def _dlist(mask: int) -> str:
    """``1,2``: the digits of a mask with commas."""
    return digit_list([d + 1 for d in _indexes(mask)])


def _eliminations(targets: dict[int, int]) -> tuple[tuple[int, int], ...]:
    """Sorted (cell, digit) from digit index -> cell bitset."""
    return tuple(sorted((c, d + 1) for d, cells in targets.items() for c in bits(cells)))


def _add(targets: dict[int, int], d: int, cells: int) -> None:
    if cells:
        targets[d] = targets.get(d, 0) | cells


def _als_field(alss: Sequence[Als]) -> tuple[tuple[tuple[int, ...], int], ...]:
    return tuple((a.cell_tuple(), a.mask) for a in alss)


def _premises(alss: Sequence[Als], digits: int, pos: list[int]) -> tuple[tuple[int, int], ...]:
    """The candidates of ``digits`` inside the sets (what a renderer highlights)."""
    out: set[tuple[int, int]] = set()
    for a in alss:
        for d in _indexes(digits & a.mask):
            out.update((c, d + 1) for c in bits(a.cells & pos[d]))
    return tuple(sorted(out))


def _chain(alss: Sequence[Als], links: Sequence[int], z: int) -> tuple[Link, ...]:
    """The chain as an AIC: Z=x1 inside A1, -x1- to A2, x1=x2 inside A2, ... xn=Z in An.

    ``links`` are the RCC digit indexes between consecutive sets, ``z`` the Z index.
    """
    out: list[Link] = []
    entry = z
    for k, a in enumerate(alss):
        cells = a.cell_tuple()
        leave = links[k] if k < len(links) else z
        out.append(Link(Node(cells, entry + 1, "als"), Node(cells, leave + 1, "als"), True))
        if k < len(links):
            nxt = alss[k + 1].cell_tuple()
            out.append(Link(Node(cells, leave + 1, "als"), Node(nxt, leave + 1, "als"), False))
        entry = leave
    return tuple(out)


_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_SETS = "almost locked sets (each has one candidate more than cells)"


def _a(d: int) -> str:
    """``a 3`` / ``an 8`` for digit index ``d``."""
    ch = digit_char(d + 1)
    return f"an {ch}" if ch in ("8", "11", "18") or ch in "AEFHILMNORSX" else f"a {ch}"


def _in_sets(zmask: int, where: str) -> str:
    """``a 7 is in A or in B`` / ``each of 3 and 5 is in A or in B``."""
    if zmask & (zmask - 1):
        return f"each of {digits_text(zmask, 'and')} is {where}"
    return f"{_a(zmask.bit_length() - 1)} is {where}"


# -- ALS-XZ ----------------------------------------------------------------------------------


class AlsXZ(Technique):
    """Two ALSs with a restricted common candidate X and another common digit Z."""

    code = "alsxz"

    def find(self, board: Board) -> Iterator[Step]:
        data = almost_locked_sets(board)
        lay = board.layout
        done: set[tuple[tuple[int, int], ...]] = set()
        pairs = data.pairs if data.xz is None else [data.pair(k) for k in data.xz]
        for i, j, rcc in pairs:
            a, b = data.als(i), data.als(j)
            if not (a.potential | b.potential):
                continue
            targets: dict[int, int] = {}
            if rcc & (rcc - 1):
                if rcc.bit_count() != 2:
                    continue  # three RCCs cannot happen on a board with a solution
                for x in _indexes(rcc):
                    _add(targets, x, a.reach[x] & b.reach[x])
                for z in _indexes(a.mask & ~rcc):
                    _add(targets, z, a.reach[z])
                for z in _indexes(b.mask & ~rcc):
                    _add(targets, z, b.reach[z])
            else:
                for z in _indexes(a.potential & b.potential & ~rcc):
                    _add(targets, z, a.reach[z] & b.reach[z])
            if targets:
                # One step per set of eliminations (the first pair found, smallest sets).
                key = _eliminations(targets)
                if key not in done:
                    done.add(key)
                    yield self._step(lay, data, a, b, rcc, targets)

    def _step(
        self, lay: Layout, data: AlsData, a: Als, b: Als, rcc: int, targets: dict[int, int]
    ) -> Step:
        elims = _eliminations(targets)
        doubly = bool(rcc & (rcc - 1))
        zmask = 0
        for d in targets:
            zmask |= 1 << d
        zmask &= ~rcc
        pattern = f"A={a.label(lay)}, B={b.label(lay)}, X={_dlist(rcc)}"
        if doubly:
            both = digits_text(rcc, "and")
            why = (
                f"for each of {both}, every one in A sees every one in B, so A and B can't"
                f" both hold it; each set lacks one of {both} and holds all its other"
                f" candidates, and {both} are each in A or in B"
            )
            chain: tuple[Link, ...] = ()
        else:
            pattern += f", Z={_dlist(zmask)}"
            x = rcc.bit_length() - 1
            xc = digit_char(x + 1)
            why = (
                f"every {xc} in A sees every {xc} in B, so one of them lacks {xc} and holds all"
                f" its other candidates: {_in_sets(zmask, 'in A or in B')}"
            )
            chain = _chain((a, b), (x,), zmask.bit_length() - 1)
        return Step(
            self.code,
            eliminations=elims,
            explanation=(
                f"{a.words(lay, 'A')} and {b.words(lay, 'B')} are {_SETS}; {why}, so"
                f" {removal_text(lay, elims)}"
            ),
            cells=tuple(sorted(bits(a.cells | b.cells))),
            houses=(a.house, b.house),
            digits=tuple(d + 1 for d in _indexes(rcc | zmask)),
            chain=chain,
            als=_als_field((a, b)),
            candidates=_premises((a, b), rcc | zmask, data.pos),
            notation=notation(lay, self.name, pattern, (), elims),
        )


# -- ALS-XY-Wing -------------------------------------------------------------------------------


def _wings(data: AlsData, overlap: bool) -> Sequence[tuple[int, int, int, int, int, int]]:
    """The ALS-XY-Wings' (pivot C, end A, end B, X, Y, Z mask), in order: for each pivot,
    each two of its partners A before B with somewhere to remove a digit (sharing no
    cell unless ``overlap``), each RCC X of A and C and Y != X of B and C; Z the digits
    common to A and B, neither X nor Y, that some cell sees in both. In C
    (``_alswalk.wings``) when the sets are words."""
    words = data.words
    if words is not None:
        out: list[tuple[int, int, int, int, int, int]] = []
        data.walk.wings(words.nals, words.size, words.ncw, words.cells, words.potential,
                        words.reach, words.first, words.other, words.digits, int(overlap), out)
        return out
    alss = data.alss
    found = []
    for ci in range(len(alss)):
        # Only sets with somewhere to remove a digit can be the wing's ends.
        ends = [(j, r) for j, r in data.links[ci] if alss[j].potential]
        for p, (ia, ra) in enumerate(ends):
            a = alss[ia]
            for q in range(p + 1, len(ends)):
                ib, rb = ends[q]
                b = alss[ib]
                common = a.potential & b.potential
                if not common or (a.cells & b.cells and not overlap):
                    continue
                # The digits Z could remove somewhere whatever X and Y are.
                live = 0
                for z in _indexes(common):
                    if a.reach[z] & b.reach[z]:
                        live |= 1 << z
                if not live:
                    continue
                for x in _indexes(ra):
                    for y in _indexes(rb & ~(1 << x)):
                        zs = live & ~(1 << x | 1 << y)
                        if zs:
                            found.append((ci, ia, ib, x, y, zs))
    return found


class AlsXYWing(Technique):
    """A -X- C -Y- B: three ALSs around a pivot C; a digit Z common to A and B."""

    code = "alsxy"
    #: Let the sets overlap (HoDoKu's option; the settings option ``als_overlap``).
    allow_overlap: bool = False

    def find(self, board: Board) -> Iterator[Step]:
        data = almost_locked_sets(board, self.allow_overlap)
        lay = board.layout
        done: set[tuple[tuple[int, int], ...]] = set()
        for ci, ia, ib, x, y, zs in _wings(data, self.allow_overlap):
            a, b = data.als(ia), data.als(ib)
            targets = {z: a.reach[z] & b.reach[z] for z in _indexes(zs)}
            key = _eliminations(targets)
            if key not in done:
                done.add(key)
                yield self._step(lay, data, a, b, data.als(ci), x, y, targets)

    def _step(
        self, lay: Layout, data: AlsData, a: Als, b: Als, c: Als, x: int, y: int,
        targets: dict[int, int],
    ) -> Step:
        elims = _eliminations(targets)
        zmask = 0
        for d in targets:
            zmask |= 1 << d
        xc, yc = digit_char(x + 1), digit_char(y + 1)
        pattern = (
            f"A={a.label(lay)}, B={b.label(lay)}, C={c.label(lay)},"
            f" X,Y={xc},{yc}, Z={_dlist(zmask)}"
        )
        return Step(
            self.code,
            eliminations=elims,
            explanation=(
                f"{a.words(lay, 'A')}, {b.words(lay, 'B')} and {c.words(lay, 'C')} are"
                f" {_SETS}; A and C can't both hold {_a(x)} and B and C can't both hold"
                f" {_a(y)} (every such digit in one sees every one in the other). C lacks at"
                f" most one candidate, so A lacks {xc} or B lacks {yc}, and that set holds all"
                f" its other candidates: {_in_sets(zmask, 'in A or in B')}, so"
                f" {removal_text(lay, elims)}"
            ),
            cells=tuple(sorted(bits(a.cells | b.cells | c.cells))),
            houses=(a.house, b.house, c.house),
            digits=tuple(d + 1 for d in _indexes(1 << x | 1 << y | zmask)),
            chain=_chain((a, c, b), (x, y), zmask.bit_length() - 1),
            als=_als_field((a, b, c)),
            candidates=_premises((a, b, c), 1 << x | 1 << y | zmask, data.pos),
            notation=notation(lay, self.name, pattern, (), elims),
        )


# -- ALS Chain ---------------------------------------------------------------------------------


class _Levels:
    """ALS Chain's search levels: level t maps each state (set * size + the digit the
    chain entered it by) to the bitset of the starts that reach it by t links. Start k
    is set ``start_set[k]`` with the Z it could remove; ``start_of[set * size + z]`` is
    that k (``nstart`` starts)."""

    nstart: int
    start_set: Sequence[int]
    start_of: Any

    def advance(self) -> bool:
        """Make the next level; False when it is empty."""
        raise NotImplementedError

    def meetings(self) -> Iterator[tuple[int, int]]:
        """(state, z) of the last level, in order, where the state (j, e) meets a partner
        of the start (j, z), z != e."""
        raise NotImplementedError

    def mask(self, t: int, state: int) -> int:
        """The starts reaching ``state`` at level t."""
        raise NotImplementedError

    def reaches(self, t: int, state: int, k: int) -> bool:
        """Whether start k reaches ``state`` at level t."""
        raise NotImplementedError

    def partner(self, key: int) -> int:
        """The starts of key's digit whose targets meet those of start ``key`` and that
        are still worth a chain."""
        raise NotImplementedError

    def drop(self, key: int, k: int) -> None:
        """Start k is done with as a partner of start ``key``."""
        raise NotImplementedError


class _DictLevels(_Levels):
    """The levels as dicts of Python integers (the search when ``_alswalk`` is not built)."""

    def __init__(self, data: AlsData, size: int) -> None:
        alss = data.alss
        starts = [(i, z) for i, a in enumerate(alss) for z in _indexes(a.potential)]
        self.nstart = len(starts)
        self.start_set = [i for i, _ in starts]
        start_of = {i * size + z: k for k, (i, z) in enumerate(starts)}
        self.alss = alss
        self.starts = starts
        self.start_of = start_of
        self.size = size
        level: dict[int, int] = {}
        # near[z][t]: the starts with that Z whose set could remove Z from cell t.
        near: list[dict[int, int]] = [{} for _ in range(size)]
        for k, (i, z) in enumerate(starts):
            bit = 1 << k
            level[i * size + z] = bit
            for t in bits(alss[i].reach[z]):
                near[z][t] = near[z].get(t, 0) | bit
        self.near = near
        # Each set's ways out: (state entered in the next set, digit).
        self.exits = [
            [(j * size + x, x) for j, r in data.links[i] for x in _indexes(r)]
            for i in range(len(alss))
        ]
        self.levels = [level]
        self.partners: dict[int, int] = {}

    def advance(self) -> bool:
        level = _advance(self.exits, self.levels[-1], self.size)
        self.levels.append(level)
        return bool(level)

    def meetings(self) -> Iterator[tuple[int, int]]:
        size = self.size
        level = self.levels[-1]
        for state in sorted(level):
            j, e = divmod(state, size)
            for z in _indexes(self.alss[j].potential & ~(1 << e)):
                if level[state] & self.partner(self.start_of[j * size + z]):
                    yield state, z

    def mask(self, t: int, state: int) -> int:
        return self.levels[t].get(state, 0)

    def reaches(self, t: int, state: int, k: int) -> bool:
        return bool(self.levels[t].get(state, 0) >> k & 1)

    def partner(self, key: int) -> int:
        part = self.partners.get(key)
        if part is None:
            i, z = self.starts[key]
            near = self.near[z]
            part = 0
            for t in bits(self.alss[i].reach[z]):
                part |= near.get(t, 0)
            self.partners[key] = part
        return part

    def drop(self, key: int, k: int) -> None:
        self.partners[key] = self.partner(key) & ~(1 << k)


class _WordLevels(_Levels):
    """The levels as 64-bit words, searched by the compiled ``_alswalk``: W words a state
    (a bitset of the starts). Only the target states (a set entered by an RCC digit) are
    kept, numbered in state order (``tid``, ``tstate``); level 0, the starts in their
    own states, is not kept."""

    def __init__(self, data: AlsData, nstart: int, nexit: int, ncells: int) -> None:
        words = data.words
        assert words is not None
        walk = data.walk
        size = words.size
        nset = words.nals
        ncw = words.ncw
        self.nstart = nstart
        self.walk = walk
        self.size = size
        self.W = W = (nstart + 63) >> 6
        self.nb = W * 8
        qw, iw = partial(unset_words, walk), partial(unset_ints, walk)
        self.start_set = start_set = iw(nstart)
        self.start_z = iw(nstart)
        self.start_of = iw(nset * size)
        reach = qw(nstart * ncw)
        self.first = iw(nset + 1)
        self.target = iw(nexit)
        self.via = iw(nexit)
        self.tid = iw(nset * size)
        self.tstate = iw(nexit)
        self.ntarget = walk.chain_setup(
            nset, size, ncw, words.potential, words.reach, words.first, words.other,
            words.digits, start_set, self.start_z, self.start_of, reach, self.first,
            self.target, self.via, self.tid, self.tstate,
        )
        self.levels: list[memoryview] = []
        self.part = qwords(nstart * W)
        self.raw_part = self.part.cast("B")
        walk.partners(nstart, W, ncw, ncells, self.start_z, reach, qw(size * ncells * W),
                      self.part)
        self.potential = words.potential

    def advance(self) -> bool:
        nxt = qwords(self.ntarget * self.W)
        if self.levels:
            got = self.walk.advance(self.levels[-1], nxt, self.W, self.ntarget, self.size,
                                    self.tstate, self.first, self.target, self.via)
        else:
            got = self.walk.advance_first(nxt, self.W, self.nstart, self.ntarget,
                                          self.start_set, self.start_z, self.first,
                                          self.target, self.via)
        self.levels.append(nxt)
        return bool(got)

    def meetings(self) -> Iterator[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        self.walk.scan(self.levels[-1], self.part, self.W, self.ntarget, self.size,
                       self.tstate, self.potential, self.start_of, out)
        return iter(out)

    def mask(self, t: int, state: int) -> int:
        if not t:
            k = self.start_of[state]
            return 1 << k if k >= 0 else 0
        at = self.tid[state]
        if at < 0:
            return 0
        nb = self.nb
        return int.from_bytes(self.levels[t - 1].cast("B")[at * nb : (at + 1) * nb], "little")

    def reaches(self, t: int, state: int, k: int) -> bool:
        if not t:
            return bool(self.start_of[state] == k)
        at = self.tid[state]
        return at >= 0 and bool(self.levels[t - 1][at * self.W + (k >> 6)] >> (k & 63) & 1)

    def partner(self, key: int) -> int:
        at = key * self.nb
        return int.from_bytes(self.raw_part[at : at + self.nb], "little")

    def drop(self, key: int, k: int) -> None:
        self.part[key * self.W + (k >> 6)] &= ~(1 << (k & 63)) & 0xFFFFFFFFFFFFFFFF


#: The most words the compiled search's levels may take (else the dicts are used).
_WORDS_MOST = 1 << 22
#: The compiled search (``_alswalk``) once looked up: the module, or None when it is not
#: built (False: not looked up yet).
def _levels(data: AlsData, size: int, ncells: int) -> _Levels | None:
    """The compiled levels when the sets are words and the levels fit, else the dicts;
    None when there are fewer than two starts."""
    words = data.words
    if words is not None:
        nstart, nexit = data.walk.chain_sizes(
            words.nals, size, words.potential, words.first, words.digits
        )
        if nstart < 2:
            return None
        if MAX_CHAIN * nexit * ((nstart + 63) >> 6) <= _WORDS_MOST:
            return _WordLevels(data, nstart, nexit, ncells)
    levels = _DictLevels(data, size)
    return levels if levels.nstart >= 2 else None


def _advance(
    exits: list[list[tuple[int, int]]], level: dict[int, int], size: int
) -> dict[int, int]:
    """The states one link further: leave a set by any RCC but the entry digit."""
    by_set: dict[int, dict[int, int]] = {}
    for state, mask in level.items():
        i, e = divmod(state, size)
        by_set.setdefault(i, {})[e] = mask
    nxt: dict[int, int] = {}
    get = nxt.get
    for i, entries in by_set.items():
        if len(entries) == 1:
            ((e, mask),) = entries.items()
            for state, x in exits[i]:
                if x != e:
                    nxt[state] = get(state, 0) | mask
            continue
        total = 0
        for mask in entries.values():
            total |= mask
        for state, x in exits[i]:
            if x in entries:
                mask = 0
                for e, m in entries.items():
                    if e != x:
                        mask |= m
            else:
                mask = total
            if mask:
                nxt[state] = get(state, 0) | mask
    return nxt


class AlsChain(Technique):
    """A1 -x1- A2 -x2- ... An, 4 to MAX_CHAIN sets; Z common to both ends."""

    code = "alsc"
    #: Let the sets overlap (HoDoKu's option; the settings option ``als_overlap``).
    allow_overlap: bool = False

    def find(self, board: Board) -> Iterator[Step]:
        overlap = self.allow_overlap
        data = almost_locked_sets(board, overlap)
        lay = board.layout
        size = lay.size
        # Chain starts (set, Z): the sets that could help remove Z somewhere. A state is
        # (set, digit the chain entered it by), encoded set * size + digit; each level
        # maps the states reached by chains of that many links to the bitset of starts
        # (bit k = start k) they can come from. Level 0: each start, "entered" by Z.
        levels = _levels(data, size, lay.ncells)
        if levels is None:
            return
        start_set, start_of = levels.start_set, levels.start_of
        done: set[tuple[int, int]] = set()
        for depth in range(1, MAX_CHAIN):
            if not levels.advance():
                return
            if depth < 3:
                continue
            for state, z in levels.meetings():
                j, e = divmod(state, size)
                key = start_of[j * size + z]
                # Starts with this Z that share a target with this end.
                hits = levels.mask(depth, state) & levels.partner(key)
                while hits:
                    low = hits & -hits
                    hits ^= low
                    k = low.bit_length() - 1
                    i = start_set[k]
                    cells = data.reach(i, z) & data.reach(j, z)
                    # One chain (the shortest found first) per set of eliminations.
                    if (z, cells) in done:
                        levels.drop(key, k)
                        continue
                    path = self._path(data, levels, k, i, z, j, e, depth)
                    if path is None:
                        continue
                    levels.drop(key, k)
                    sets, links = path
                    # Every digit common to both ends, neither the first RCC nor
                    # the last, is in one end or the other: one step for all.
                    targets = {}
                    first, last = data.als(i), data.als(j)
                    for y in _indexes(first.mask & last.mask & ~(1 << links[0] | 1 << e)):
                        ycells = first.reach[y] & last.reach[y]
                        if ycells and (y == z or (y, ycells) not in done):
                            targets[y] = ycells
                            done.add((y, ycells))
                    yield self._step(lay, data, [data.als(s) for s in sets], links, z, targets)

    @staticmethod
    def _path(
        data: AlsData, levels: _Levels, k: int, start: int, z: int, end: int, last: int,
        depth: int,
    ) -> tuple[list[int], list[int]] | None:
        """Walk back from (end, last) at ``depth`` to (start, z) through states that
        start k reaches, no set twice; (sets, RCC digits) from start to end, or None. Two
        sets next to each other never share a cell that matters (their RCC says so); sets
        further apart may overlap, since each link of the chain only needs its own two
        sets."""
        size = data.size
        sets = [end]
        links = [last]
        budget = [2000]

        def back(j: int, e: int, t: int) -> bool:
            # (j, e) is reached at level t; find its predecessor at level t - 1.
            budget[0] -= 1
            if budget[0] < 0:
                return False
            if t == 1:
                # The predecessor must be the start itself, left by e != z.
                return e != z and any(i == start and r >> e & 1 for i, r in data.partners(j))
            for i, r in data.partners(j):
                if not r >> e & 1 or i == start or i in sets:
                    continue
                for d in _indexes(data.mask(i) & ~(1 << e)):
                    if levels.reaches(t - 1, i * size + d, k):
                        sets.append(i)
                        links.append(d)
                        if back(i, d, t - 1):
                            return True
                        sets.pop()
                        links.pop()
            return False

        if end == start:
            return None
        if back(end, last, depth):
            sets.append(start)
            sets.reverse()
            links.reverse()
            return sets, links
        return None

    def _step(
        self, lay: Layout, data: AlsData, sets: list[Als], links: list[int], z: int,
        targets: dict[int, int],
    ) -> Step:
        """The step of one chain; ``z`` the digit it was found for, ``targets`` every Z
        digit's eliminations (digit index -> cells)."""
        elims = _eliminations(targets)
        zmask = 0
        for y in targets:
            zmask |= 1 << y
        zc = digit_char(z + 1)
        parts = [f"{_LETTERS[0]}={sets[0].label(lay)}"]
        for k, x in enumerate(links):
            parts.append(f"-{digit_char(x + 1)}- {_LETTERS[k + 1]}={sets[k + 1].label(lay)}")
        pattern = " ".join(parts) + f", Z={_dlist(zmask)}"
        digits = zmask
        for x in links:
            digits |= 1 << x
        letters = _LETTERS[: len(sets)]
        pairs = [
            f"{letters[k]} and {letters[k + 1]} {_a(x)}" for k, x in enumerate(links)
        ]
        story = [f"If A lacked {zc} it would hold its {digit_char(links[0] + 1)}"]
        for k in range(1, len(sets)):
            held = links[k] if k < len(links) else z
            story.append(
                f"{letters[k]} would then lack {digit_char(links[k - 1] + 1)} and hold its"
                f" {digit_char(held + 1)}"
            )
        also = ""
        if zmask != 1 << z:
            also = f" (and the same for {digits_text(zmask & ~(1 << z), 'and')})"
        n = len(sets)
        return Step(
            self.code,
            eliminations=elims,
            explanation=(
                f"{join_words([s.words(lay, letters[k]) for k, s in enumerate(sets)])} are"
                f" {_SETS}, and each two in a row can't both hold the digit between them"
                f" (every such digit in one sees every one in the other): {join_words(pairs)}."
                f" {', '.join(story)}{also}; so {_in_sets(zmask, f'in A or in {letters[-1]}')},"
                f" and {removal_text(lay, elims)}"
            ),
            cells=tuple(sorted({c for s in sets for c in bits(s.cells)})),
            houses=tuple(s.house for s in sets),
            digits=tuple(d + 1 for d in _indexes(digits)),
            chain=_chain(sets, links, z),
            als=_als_field(sets),
            candidates=_premises(sets, digits, data.pos),
            difficulty=round(self.difficulty + 0.1 * (n - 4), 1),
            notation=notation(lay, "ALS-Chain", pattern, (), elims),
        )


# -- Death Blossom -----------------------------------------------------------------------------


Blossom = tuple[int, tuple[int, ...], tuple[int, ...], tuple[tuple[int, int], ...]]


def _blossoms(data: AlsData, board: Board, overlap: bool) -> Iterator[Blossom]:
    """The Death Blossoms, in order: (stem, each petal's digit, the petals, ((Z, cells
    that see it in every petal), ...)). A stem is an open cell of two to ``_MAX_STEM``
    candidates; its petals, one per candidate d (a set whose every d sees the stem),
    disjoint unless ``overlap``, are tried depth first, the shortest list of candidate
    petals first, within a budget of tries for all the stems. In C
    (``_alswalk.blossoms``) when the sets are words."""
    lay = board.layout
    size = lay.size
    cands = board.cands
    words = data.words
    if words is not None:
        from array import array

        walk = data.walk
        ncw = words.ncw
        nidx = size * lay.ncells
        most = _MAX_STEM
        out: list[Blossom] = []
        pfirst = unset_ints(walk, nidx + 1)
        total = walk.petal_counts(lay.ncells, size, ncw, words.nals, words.potential, words.reach,
                                  pfirst)
        walk.blossoms(
            lay.ncells, size, ncw, words.nals, array("i", cands), array("i", board.values),
            words.cells, words.masks, words.potential, words.reach, most, _BLOSSOM_BUDGET,
            int(overlap), pfirst, unset_ints(walk, total), unset_ints(walk, nidx),
            unset_ints(walk, 7 * (most + 1)), unset_words(walk, (most + 1) * size * ncw),
            unset_words(walk, (most + 1) * ncw), out,
        )
        yield from out
        return
    alss = data.alss
    # The cells that may be a stem: two to _MAX_STEM candidates.
    stems = 0
    for c in bits(board.empty):
        if 2 <= cands[c].bit_count() <= _MAX_STEM:
            stems |= 1 << c
    # Only a stem with a petal for each of its digits can be one: the cells that some
    # set's d sees, for each d.
    near = [0] * size
    for a in alss:
        if a.potential:
            for d in _indexes(a.potential):
                near[d] |= a.reach[d]
    for c in bits(stems):
        for d in _indexes(cands[c]):
            if not near[d] >> c & 1:
                stems &= ~(1 << c)
                break
    # petals[(stem, d)]: sets holding d whose every d sees the stem.
    petals: dict[tuple[int, int], list[int]] = {}
    if not stems:
        return
    for i, a in enumerate(alss):
        if not a.potential:
            continue
        for d in _indexes(a.potential):
            if a.reach[d] & stems:
                for stem in bits(a.reach[d] & stems):
                    petals.setdefault((stem, d), []).append(i)
    budget = [_BLOSSOM_BUDGET]
    for stem in bits(stems):
        smask = cands[stem]
        lists = []
        for d in _indexes(smask):
            got = petals.get((stem, d))
            if not got:
                break
            lists.append((d, got))
        else:
            lists.sort(key=lambda item: len(item[1]))
            digits = tuple(d for d, _ in lists)
            for chosen, targets in _petals(alss, lists, smask, size, budget, overlap):
                yield stem, digits, tuple(chosen), tuple(targets.items())
        if budget[0] < 0:
            return


def _petals(
    alss: list[Als], lists: list[tuple[int, list[int]]], smask: int, size: int,
    budget: list[int], overlap: bool = False,
) -> Iterator[tuple[list[int], dict[int, int]]]:
    """Choices of one petal per stem digit (disjoint) leaving some Z with targets."""
    chosen: list[int] = []

    def extend(k: int, used: int, zmask: int, reach: list[int]) -> Iterator[
        tuple[list[int], dict[int, int]]
    ]:
        if k == len(lists):
            targets = {z: reach[z] for z in _indexes(zmask) if reach[z]}
            if targets:
                yield list(chosen), targets
            return
        for i in lists[k][1]:
            budget[0] -= 1
            if budget[0] < 0:
                return
            p = alss[i]
            if p.cells & used and not overlap:
                continue
            zm = zmask & p.mask
            if not zm:
                continue
            nreach = reach[:]
            live = 0
            for z in _indexes(zm):
                nreach[z] &= p.reach[z]
                if nreach[z]:
                    live |= 1 << z
            if not live:
                continue
            chosen.append(i)
            yield from extend(k + 1, used | p.cells, live, nreach)
            chosen.pop()

    full = (1 << size) - 1
    yield from extend(0, 0, full & ~smask, [-1] * size)


class DeathBlossom(Technique):
    """A stem cell whose every candidate d has a petal ALS whose every d sees the stem."""

    code = "db"
    #: Let the petals overlap (HoDoKu's option; the settings option ``als_overlap``).
    allow_overlap: bool = False

    def find(self, board: Board) -> Iterator[Step]:
        data = almost_locked_sets(board, self.allow_overlap)
        lay = board.layout
        cands = board.cands
        done: set[tuple[tuple[int, int], ...]] = set()
        for stem, digits, chosen, found in _blossoms(data, board, self.allow_overlap):
            targets = dict(found)
            key = _eliminations(targets)
            if key in done:
                continue
            done.add(key)
            yield self._step(lay, data, stem, cands[stem], digits, chosen, targets)

    def _step(
        self, lay: Layout, data: AlsData, stem: int, smask: int, digits: tuple[int, ...],
        chosen: tuple[int, ...], targets: dict[int, int],
    ) -> Step:
        elims = _eliminations(targets)
        by_digit = sorted(
            ((digits[k], data.als(i)) for k, i in enumerate(chosen)), key=lambda dp: dp[0]
        )
        zmask = 0
        for d in targets:
            zmask |= 1 << d
        name = lay.name(stem)
        parts = [f"{name} {{{_digits(smask)}}}"]
        for k, (d, p) in enumerate(by_digit):
            parts.append(f"-{digit_char(d + 1)}- {_LETTERS[k]}={p.label(lay)}")
        pattern = " ".join(parts) + f", Z={_dlist(zmask)}"
        sets = [p for _, p in by_digit]
        petals = [
            f"{p.words(lay, _LETTERS[k])} holds {digit_char(d + 1)} only in cells that see"
            f" {name}"
            for k, (d, p) in enumerate(by_digit)
        ]
        names = list(_LETTERS[: len(sets)])
        return Step(
            self.code,
            eliminations=elims,
            explanation=(
                f"{name} is {digits_text(smask)}; {'; '.join(petals)}; {join_words(names)}"
                f" are {_SETS}. Whichever digit {name} holds, the set of that digit lacks it"
                f" and holds all its other candidates: "
                f"{_in_sets(zmask, 'in ' + join_words(names, 'or'))}, so"
                f" {removal_text(lay, elims)}"
            ),
            cells=(stem, *sorted(c for p in sets for c in bits(p.cells))),
            houses=tuple(p.house for p in sets),
            digits=tuple(d + 1 for d in _indexes(smask | zmask)),
            als=_als_field(sets),
            candidates=(
                *((stem, d + 1) for d in _indexes(smask)),
                *_premises(sets, smask | zmask, data.pos),
            ),
            notation=notation(lay, self.name, pattern, (), elims),
        )


# -- Sue de Coq --------------------------------------------------------------------------------


def _side_sets(
    cells: list[int], cands: list[int], v: int, lo: int, hi: int, most: int
) -> list[tuple[int, int, int]]:
    """Subsets of ``cells`` (cell bitset, digits, absorbed) absorbing ``lo``..``hi`` digits.

    A set of n cells whose digits outside V are O absorbs n - |O| of C's surplus digits.
    Each added cell raises that by one at most, which bounds the search.
    """
    out = []
    m = len(cells)
    level = [(i, 1 << c, cands[c]) for i, c in enumerate(cells)]
    n = 1
    while level:
        grow = []
        for i, cb, u in level:
            absorbed = n - (u & ~v).bit_count()
            if lo <= absorbed <= hi:
                out.append((cb, u, absorbed))
            if n < most and absorbed + min(most - n, m - 1 - i) >= lo:
                grow.append((i, cb, u))
        if not grow:
            break
        level = [
            (j, cb | 1 << cells[j], u | cands[cells[j]])
            for i, cb, u in grow
            for j in range(i + 1, m)
            if ((u | cands[cells[j]]) & ~v).bit_count() < most
        ]
        n += 1
    return out


class SueDeCoq(Technique):
    """Cells of a house intersection, completed to a locked set by one set in each house."""

    code = "sdc"

    def __init__(self) -> None:
        # A pair of houses that gave nothing, with its cells' candidates then: while they
        # stay the same in one solve, the pair gives nothing again (the cells outside it
        # only lose candidates, which can only take eliminations away).
        self._quiet = QuietParts()

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        geo = _geometry(lay)
        cands = board.cands
        empty = board.empty
        pos = [board.positions(d) for d in range(1, lay.size + 1)]
        seen: set[int] = set()
        quiet = self._quiet.follow(board)
        for index, (h1, h2, inter, rest1, rest2) in enumerate(geo.house_pairs):
            ic = inter & empty
            r1 = rest1 & empty
            r2 = rest2 & empty
            if not ic & (ic - 1) or not r1 or not r2:
                continue
            state = tuple([cands[c] for c in bits(ic | r1 | r2)])
            if quiet.get(index) == state:
                continue
            # (a pattern another pair showed first counts as found here)
            found = yield from self._pair(
                board, geo, pos, seen, (h1, h2), ic, r1, r2, quiet, index
            )
            if not found:
                quiet[index] = state

    def _pair(self, board: Board, geo: _Geometry, pos: list[int], seen: set[int],
              houses: tuple[int, int], ic: int, r1: int, r2: int,
              quiet: dict[int, tuple[int, ...]], index: int,
              ) -> Generator[Step, None, int]:
        """The Sue de Coqs of one pair of houses: ``ic`` their open shared cells, ``r1``
        and ``r2`` the open rest of each; ``seen`` the patterns shown already. Returns
        how many patterns it found (those shown already too).

        A core (the cells ``csub`` of ``ic``) reads only its digits V and the cells of
        ``r1`` and ``r2`` holding some of V, with their candidates: one that found
        nothing is skipped while those are unchanged (``quiet``, part ``index`` plus
        the pairs' count times the core's cells)."""
        hits = 0
        lay = board.layout
        cands = board.cands
        h1, h2 = houses
        icells = list(bits(ic))
        cells1 = list(bits(r1))
        cells2 = list(bits(r2))
        npairs = len(geo.house_pairs)
        for csub in _subsets(icells):
            cmask = 0
            v = 0
            for c in csub:
                cmask |= 1 << c
                v |= cands[c]
            k = v.bit_count() - len(csub)
            if k < 2:
                continue
            l1 = [c for c in cells1 if cands[c] & v]
            l2 = [c for c in cells2 if cands[c] & v]
            if not l1 or not l2:
                continue
            part = index + npairs * cmask
            # (flat: v fixes the core, the two cell lists' lengths are in the middle)
            state = (v, len(l1), *l1, *[cands[c] for c in l1], *l2, *[cands[c] for c in l2])
            if quiet.get(part) == state:
                continue
            before = hits
            # Enumerate the smaller side first.
            swapped = len(l2) < len(l1)
            if swapped:
                l1, l2 = l2, l1
            most1 = min(_MAX_SDC_SIDE, len(l1))
            most2 = min(_MAX_SDC_SIDE, len(l2))
            if k > most1 + most2:
                continue
            side1 = _side_sets(l1, cands, v, max(1, k - most2), k - 1, most1)
            others: dict[int, list[tuple[int, int, int]]] = {}
            for d1, u1, a1 in side1:
                # The other set uses none of this one's digits.
                side2 = others.get(u1)
                if side2 is None:
                    rest = [c for c in l2 if not cands[c] & u1]
                    side2 = others[u1] = _side_sets(
                        rest, cands, v, 1, k - 1, min(most2, len(rest))
                    )
                for d2, u2, a2 in side2:
                    if a1 + a2 != k:
                        continue
                    pattern = cmask | d1 | d2
                    if pattern in seen:
                        hits += 1
                        continue
                    targets: dict[int, int] = {}
                    for z in _indexes(v | u1 | u2):
                        _add(targets, z, pos[z] & geo.seers(pattern & pos[z]))
                    if not targets:
                        continue
                    seen.add(pattern)
                    hits += 1
                    premises = tuple(
                        (c, d + 1) for c in bits(pattern) for d in _indexes(cands[c])
                    )
                    one, two = ((d2, u2), (d1, u1)) if swapped else ((d1, u1), (d2, u2))
                    yield self._step(lay, (h1, h2), (cmask, v), one, two, targets, premises)
            if hits == before:
                quiet[part] = state
        return hits

    def _step(
        self, lay: Layout, houses: tuple[int, int], core: tuple[int, int],
        side1: tuple[int, int], side2: tuple[int, int], targets: dict[int, int],
        premises: tuple[tuple[int, int], ...],
    ) -> Step:
        elims = _eliminations(targets)

        def label(part: tuple[int, int]) -> str:
            return f"{compact_cells(lay, tuple(bits(part[0])))} - {{{_digits(part[1])}}}"

        pattern = f"{label(core)} ({label(side1)}, {label(side2)})"
        cells = core[0] | side1[0] | side2[0]
        digits = core[1] | side1[1] | side2[1]
        n = cells.bit_count()
        h1, h2 = (lay.houses[h].name for h in houses)
        return Step(
            self.code,
            eliminations=elims,
            explanation=(
                f"{cells_text(lay, core[0])} (where {h1} meets {h2}) hold"
                f" {digits_text(core[1], 'and')} between them; with {cells_text(lay, side1[0])}"
                f" ({digits_text(side1[1], 'and')}) in {h1} and {cells_text(lay, side2[0])}"
                f" ({digits_text(side2[1], 'and')}) in {h2}, which share no digit, these {n}"
                f" cells hold {n} digits, each of which can only be once among them, so each"
                f" is there exactly once: {removal_text(lay, elims)}"
            ),
            cells=tuple(bits(cells)),
            houses=houses,
            digits=tuple(d + 1 for d in _indexes(digits)),
            als=tuple((tuple(bits(cb)), m) for cb, m in (core, side1, side2)),
            candidates=premises,
            notation=notation(lay, self.name, pattern, (), elims),
        )


def _subsets(cells: list[int]) -> Iterator[list[int]]:
    """Subsets of two or more cells, smallest first."""
    n = len(cells)
    for size in range(2, n + 1):
        yield from _combos(cells, size, 0)


def _combos(cells: list[int], size: int, start: int) -> Iterator[list[int]]:
    if size == 0:
        yield []
        return
    for i in range(start, len(cells) - size + 1):
        for rest in _combos(cells, size - 1, i + 1):
            yield [cells[i], *rest]
