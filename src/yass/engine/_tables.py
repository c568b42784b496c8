# cython: language_level=3, annotation_typing=False, cdivision=True
# cython: boundscheck=False, wraparound=False, initializedcheck=False
"""The loops that read a layout for the generic engine, and check its solution, on C arrays.

Compiling a layout (``yass.engine.compiled``) lists each cell's peers (the bits of a
mask, lowest first), marks for every term of a sum the terms whose cells its cell
sees, tells whether the cells of an automaton all see each other, lists each cell's
forms and works out the 45 rule's sums over the regions; ``fast`` checks each solution
the search returns against the layout's houses, sees-pairs, relations and cell masks
before the rules' own checks. In Python these are loops over the bits of 81-bit
integers and over small lists, run once per puzzle read: a large part of the time a
variant puzzle takes to read and prove unique. Here the sees-relation is a bit matrix
on the stack, read once from the peers' masks.

Cython pure-Python mode, like ``yass.engine._core``: ``compiled`` and ``fast`` call
these only when this module is compiled (``is_compiled``) and the grid has at most
``MOST_CELLS`` cells; interpreted, their own Python is the one used. The tests
compare both, on the variant corpus and the stress set. Nothing is kept between
calls: every array is on the C stack of one call, so threads may call at once.
"""

from __future__ import annotations

TYPE_CHECKING = False  # True for type checkers only
if TYPE_CHECKING:
    from collections.abc import Sequence

    from yass.core import _cython_shim as cython
    from yass.core.layout import House
else:
    try:
        import cython
    except ImportError:  # pragma: no cover - exercised where Cython is absent
        from yass.core import _cython_shim as cython

if cython.compiled:
    from cython.cimports.posix.strings import ffs  # type: ignore[import-untyped,import-not-found,unused-ignore]
else:

    def ffs(x: int) -> int:
        """One more than the index of the lowest set bit of ``x`` (0 for 0), as C's."""
        return (x & -x).bit_length()

__all__ = [
    "MOST_CELLS", "bit_lists", "cell_forms", "grid_ok", "is_compiled", "region_sums",
    "sees_parts",
]

#: The most cells (bits of a mask, masks) the arrays here take: a 16x16 grid.
MOST_CELLS = 256
# A mask is four 64-bit words here (``MOST_CELLS / 64``): written as literals below,
# so that the compiled loops do C arithmetic.


def is_compiled() -> bool:
    """True when this module runs as C (``compiled._flatten`` then calls it)."""
    return bool(cython.compiled)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(w=cython.ulonglong, low=cython.uint, n=cython.int, high=cython.int)
@cython.returns(cython.int)
def _ctz64(w: int) -> int:
    """Index of the lowest set bit of a non-zero 64-bit word."""
    low = w - ((w >> 32) << 32)  # the low half (C arithmetic: no literal over 2**31)
    if low:
        n: int = ffs(low)
        return n - 1
    high: int = ffs(w >> 32)
    return high + 31


@cython.cfunc
@cython.locals(n=cython.int, i=cython.int, k=cython.int, w=cython.ulonglong,
               rows=cython.p_ulonglong)
@cython.returns(cython.int)
def _load(masks: Sequence[int], rows: list[int]) -> int:
    """Copy each mask's bits into ``rows`` (four words a mask, lowest first);
    the number of masks."""
    n = len(masks)
    for i in range(n):
        m = masks[i]
        for k in range(4):
            if m:
                w = m & 0xFFFFFFFFFFFFFFFF
                m = m >> 64
            else:
                w = 0
            rows[i * 4 + k] = w
    return n


@cython.cfunc
@cython.locals(n=cython.int, i=cython.int, k=cython.int, total=cython.int, j=cython.int,
               w=cython.ulonglong, flat=list, starts=list, rows=cython.p_ulonglong)
def _bit_lists(rows: list[int], n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``bit_lists`` of the ``n`` masks loaded in ``rows``."""
    total = 0
    for i in range(n * 4):
        w = rows[i]
        while w:
            w &= w - 1
            total += 1
    flat = [0] * total
    starts = [0] * (n + 1)
    j = 0
    for i in range(n):
        for k in range(4):
            w = rows[i * 4 + k]
            while w:
                flat[j] = k * 64 + _ctz64(w)
                j += 1
                w &= w - 1
        starts[i + 1] = j
    return tuple(starts), tuple(flat)


def bit_lists(masks: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(starts, flat)``: the set bits of every mask, lowest first, all in one tuple,
    and where each mask's bits start in it (one entry more than masks). At most
    ``MOST_CELLS`` masks, each below ``2 ** MOST_CELLS``."""
    rows = cython.declare(cython.ulonglong[1024])
    return _bit_lists(rows, _load(masks, rows))


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(a=cython.int, b=cython.int, rows=cython.p_ulonglong)
@cython.returns(cython.bint)
def _sees(rows: list[int], a: int, b: int) -> bool:
    return (rows[a * 4 + (b >> 6)] >> (b & 63)) & 1 != 0


@cython.locals(n=cython.int, s=cython.int, i=cython.int, j=cython.int, first=cython.int,
               last=cython.int, head=cython.int, cell=cython.int, bits=cython.uint,
               ok=cython.int, apart=list, distinct=list)
def sees_parts(
    seen: Sequence[int],
    lists: bool,
    sstart: Sequence[int],
    scells: Sequence[int],
    lstart: Sequence[int],
    lcells: Sequence[int],
    ystart: Sequence[int],
    ycells: Sequence[int],
) -> tuple[
    tuple[tuple[int, ...], tuple[int, ...]] | None, tuple[int, ...], tuple[int, ...]
] | None:
    """``((pstart, peers), lapart, ydistinct)`` of ``CompiledLayout`` from each cell's
    peers as masks (``seen``): the peers listed (``bit_lists``; None unless ``lists``);
    per term of each sum, the positions among the sum's first 16 whose cells its cell
    sees; per automaton, 1 when its cells all see each other. None when the cells of a
    digit-set group (``sstart``/``scells``) do not all see each other already (the
    group would add peers: the caller's Python handles that)."""
    rows = cython.declare(cython.ulonglong[1024])
    n = _load(seen, rows)
    for s in range(len(sstart) - 1):
        first = sstart[s]
        last = sstart[s + 1]
        for i in range(first, last):
            cell = scells[i]
            for j in range(first, last):
                if j != i and not _sees(rows, cell, scells[j]):
                    return None
    listed = _bit_lists(rows, n) if lists else None
    apart = [0] * len(lcells)
    for s in range(len(lstart) - 1):
        first = lstart[s]
        last = lstart[s + 1]
        head = min(last, first + 16)
        for i in range(first, last):
            cell = lcells[i]
            bits = 0
            for j in range(first, head):
                if _sees(rows, cell, lcells[j]):
                    bits |= 1 << (j - first)
            apart[i] = bits
    distinct = [0] * (len(ystart) - 1)
    for s in range(len(ystart) - 1):
        first = ystart[s]
        last = ystart[s + 1]
        ok = 1
        for i in range(first, last):
            for j in range(first, last):
                if ycells[i] != ycells[j] and not _sees(rows, ycells[i], ycells[j]):
                    ok = 0
        distinct[s] = ok
    return listed, tuple(apart), tuple(distinct)


@cython.locals(ncells=cython.int, g=cython.int, s=cython.int, i=cython.int, n=cython.int,
               number=cython.int, cell=cython.int, total=cython.int, fstart=list,
               flist=list)
def cell_forms(
    ncells: int, groups: Sequence[tuple[Sequence[int], Sequence[int]]]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(fstart, flist)`` of ``CompiledLayout``: each cell's forms in form order, the
    forms numbered across ``groups`` (each ``(starts, cells)``, in order)."""
    count = cython.declare(cython.int[257])
    at = cython.declare(cython.int[257])
    for i in range(ncells + 1):
        count[i] = 0
    total = 0
    for g in range(len(groups)):
        cells = groups[g][1]
        for i in range(len(cells)):
            count[cells[i]] += 1
            total += 1
    fstart = [0] * (ncells + 1)
    at[0] = 0
    for i in range(ncells):
        at[i + 1] = at[i] + count[i]
        fstart[i + 1] = at[i + 1]
    flist = [0] * total
    number = 0
    for g in range(len(groups)):
        starts, cells = groups[g]
        n = len(starts) - 1
        for s in range(n):
            for i in range(starts[s], starts[s + 1]):
                cell = cells[i]
                flist[at[cell]] = number
                at[cell] += 1
            number += 1
    return tuple(fstart), tuple(flist)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(w=cython.ulonglong, n=cython.int)
@cython.returns(cython.int)
def _count(w: int) -> int:
    """The set bits of a 64-bit word."""
    n = 0
    while w:
        w &= w - 1
        n += 1
    return n


@cython.cfunc
@cython.locals(w=cython.int, k=cython.int, x=cython.ulonglong, words=cython.p_ulonglong)
def _bits_of(words: list[int], out: list[int]) -> None:
    """Append the set bits of a four-word mask to ``out``, lowest first."""
    for w in range(4):
        x = words[w]
        while x:
            out.append(w * 64 + _ctz64(x))
            x &= x - 1


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(g=cython.int, w=cython.int, gm=cython.p_ulonglong, covered=cython.p_ulonglong,
               shared=cython.ulonglong)
@cython.returns(cython.bint)
def _apart(gm: list[int], g: int, covered: list[int]) -> bool:
    """True when group ``g`` shares no cell with ``covered``."""
    shared = 0
    for w in range(4):
        shared |= gm[g * 4 + w] & covered[w]
    return shared == 0


@cython.locals(ng=cython.int, nr=cython.int, g=cython.int, r=cython.int, i=cython.int,
               j=cython.int, w=cython.int, cell=cython.int, free=cython.int,
               ncross=cython.int, key=cython.int, total=cython.longlong,
               rtotal=cython.longlong, most=cython.int, nin=cython.int, nout=cython.int,
               x=cython.ulonglong, hits=cython.int, stuck=cython.int,
               one=cython.ulonglong)
def region_sums(
    gstart: Sequence[int],
    gcells: Sequence[int],
    gtotals: Sequence[int],
    regions: Sequence[int],
    rtotals: Sequence[int],
    most: int,
) -> list[tuple[tuple[int, ...], tuple[int, ...], int]]:
    """``compiled.house_sums`` on words: the groups (at most ``MOST_CELLS``, each's
    cells at ``gstart``/``gcells``, with its total, in the order they are taken) over
    the regions (masks, at most ``MOST_CELLS``, with their totals); per region kept,
    (cells, coefficients, total) of its innies less its outies, at most ``most``
    cells. Totals are below 2**40 in size."""
    gm = cython.declare(cython.ulonglong[1024])
    rm = cython.declare(cython.ulonglong[1024])
    gt = cython.declare(cython.longlong[256])
    union = cython.declare(cython.ulonglong[4])
    covered = cython.declare(cython.ulonglong[4])
    inside = cython.declare(cython.ulonglong[4])
    outside = cython.declare(cython.ulonglong[4])
    cross_n = cython.declare(cython.int[256])
    cross_k = cython.declare(cython.int[256])
    ng = len(gstart) - 1
    one = 1
    for w in range(4):
        union[w] = 0
    for g in range(ng):
        for w in range(4):
            gm[g * 4 + w] = 0
        for i in range(gstart[g], gstart[g + 1]):
            cell = gcells[i]
            gm[g * 4 + (cell >> 6)] |= one << (cell & 63)
        for w in range(4):
            union[w] |= gm[g * 4 + w]
        gt[g] = gtotals[g]
    nr = _load(regions, rm)
    out = []
    for r in range(nr):
        free = 0
        for w in range(4):
            free += _count(rm[r * 4 + w] & ~union[w])
        if free > most:
            continue
        total = 0
        ncross = 0
        for w in range(4):
            covered[w] = 0
        for g in range(ng):
            hits = 0
            stuck = 0
            for w in range(4):
                if gm[g * 4 + w] & rm[r * 4 + w]:
                    hits = 1
                stuck += _count(gm[g * 4 + w] & ~rm[r * 4 + w])
            if not hits:
                continue
            if stuck:
                # crossing: kept in order of the cells it has outside, then its place
                j = ncross
                while j > 0 and cross_n[j - 1] > stuck:
                    cross_n[j] = cross_n[j - 1]
                    cross_k[j] = cross_k[j - 1]
                    j -= 1
                cross_n[j] = stuck
                cross_k[j] = g
                ncross += 1
            elif _apart(gm, g, covered):
                for w in range(4):
                    covered[w] |= gm[g * 4 + w]
                total += gt[g]
        for j in range(ncross):
            g = cross_k[j]
            if _apart(gm, g, covered):
                for w in range(4):
                    covered[w] |= gm[g * 4 + w]
                total += gt[g]
        nin = 0
        nout = 0
        hits = 0
        for w in range(4):
            inside[w] = rm[r * 4 + w] & ~covered[w]
            outside[w] = covered[w] & ~rm[r * 4 + w]
            nin += _count(inside[w])
            nout += _count(outside[w])
            if covered[w]:
                hits = 1
        if hits and 1 <= nin + nout <= most:
            cells: list[int] = []
            _bits_of(inside, cells)
            _bits_of(outside, cells)
            rtotal = rtotals[r]
            out.append((tuple(cells), (1,) * nin + (-1,) * nout, rtotal - total))
    return out



@cython.locals(n=cython.int, size=cython.int, i=cython.int, j=cython.int, v=cython.int,
               seen=cython.uint, bit=cython.uint, a=cython.int, b=cython.int, m=cython.uint,
               full=cython.uint, cells=tuple, arc=tuple, cell_arcs=tuple)
def grid_ok(
    values: Sequence[int],
    size: int,
    cell_masks: Sequence[int],
    houses: Sequence[House],
    pairs: Sequence[tuple[int, int]],
    arcs: Sequence[tuple[tuple[int, tuple[int, ...]], ...]],
) -> bool:
    """True when a complete grid (``values``: a digit 1 to ``size`` a cell, at most
    ``MOST_CELLS`` cells) keeps a layout's plain rules, read as the layout keeps them:
    each cell's digit mask (``cell_masks``), no digit twice in a house (``houses``,
    their ``cells`` tuples), different digits on the pairs rules make see each other
    (``pairs``) and the relations' tables (``arcs``: per cell, (other cell, what it may
    hold for each digit of this one))."""
    grid = cython.declare(cython.int[256])
    n = len(values)
    full = (1 << size) - 1
    for i in range(n):
        v = values[i]
        if v < 1 or v > size:
            return False
        grid[i] = v
        m = cell_masks[i]
        if m != full and not (m >> (v - 1)) & 1:
            return False
    for i in range(len(houses)):
        cells = houses[i].cells
        seen = 0
        for j in range(len(cells)):
            bit = 1 << (grid[cells[j]] - 1)
            if seen & bit:
                return False
            seen |= bit
    for i in range(len(pairs)):
        if grid[pairs[i][0]] == grid[pairs[i][1]]:
            return False
    for i in range(n):
        cell_arcs = arcs[i]
        v = grid[i]
        for j in range(len(cell_arcs)):
            arc = cell_arcs[j]
            table = arc[1]
            m = table[v - 1]
            b = arc[0]
            if not (m >> (grid[b] - 1)) & 1:
                return False
    return True
