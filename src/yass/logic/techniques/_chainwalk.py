# cython: language_level=3, annotation_typing=False, cdivision=True
# cython: boundscheck=False, wraparound=False, initializedcheck=False
"""The breadth-first walk of the ladder's chains (``yass.logic.techniques.chains._walk``) on
64-bit words.

``chains._walk`` keeps each search's node sets as Python integers (one bit a node of the
link graph); a round of a search ORs the link masks of every node it reached. Here the
same sets are arrays of 64-bit words in ``bytearray`` buffers the caller owns, so one
search's round costs a few word operations a node. Each search is ``x``'s six sets,
6 * W words: on (reached true), off (reached false), front (reached false last round),
reach, closing, targets (see ``chains._Search``); ``strong`` and ``weak`` hold W words
a node.

It also builds the grouped link graph of the grouped chains (``group_nodes``,
``group_links``: ``links._grouped_words``), the same nodes and links as
``links._grouped_graph`` makes on Python integers, straight into the rows the walk reads.

Cython pure-Python mode, like ``yass.engine._core``; ``chains`` calls ``advance`` only when this
module is compiled (interpreted, its own integers are faster), and the tests compare the
two walks and the two graphs.
"""

from __future__ import annotations

TYPE_CHECKING = False  # True for type checkers only
if TYPE_CHECKING:
    from typing import Any

    from yass.core import _cython_shim as cython
else:
    try:
        import cython
    except ImportError:  # pragma: no cover - exercised where Cython is absent
        from yass.core import _cython_shim as cython

__all__ = [
    "advance", "als_sets", "group_links", "group_nodes", "is_compiled", "pack", "prepare",
    "scratch",
]

if not cython.compiled:  # C values when compiled (declared in _chainwalk.pxd)
    LOWBIT = [0] * 64  # the index of a word's single set bit, by its de Bruijn product
ALL = 0xFFFFFFFFFFFFFFFF  # masks products to 64 bits when interpreted (free in C)
DEBRUIJN = 0x03F79D71B4CA8B09


@cython.locals(i=cython.int, one=cython.ulonglong)
def _setup() -> None:
    one = 1
    for i in range(64):
        LOWBIT[(((one << i) * DEBRUIJN) & ALL) >> 58] = i


_setup()


def is_compiled() -> bool:
    """True when this module is the compiled extension, False when interpreted."""
    return bool(cython.compiled)


@cython.locals(k=cython.Py_ssize_t, count=cython.Py_ssize_t, size=cython.Py_ssize_t,
               view=cython.uchar[::1])
def pack(values: list[int], nb: int) -> bytearray:
    """The non-negative integers ``values`` as rows of ``nb`` bytes, little-endian: the
    bitsets the compiled searches read (``int.to_bytes`` of each, joined, but without a
    Python call per value; ``links.to_words``)."""
    count = len(values)
    size = nb
    if cython.compiled:
        if not count:
            return bytearray()
        out = yass_unset_bytearray(count * size)  # type: ignore[name-defined]  # noqa: F821
        view = out
        if size % 8 == 0:
            for k in range(count):
                yass_long_to_words(  # type: ignore[name-defined]  # noqa: F821
                    values[k], cython.address(view[k * size]), size
                )
        else:
            for k in range(count):
                yass_long_to_le(  # type: ignore[name-defined]  # noqa: F821  (the .pxd's)
                    values[k], cython.address(view[k * size]), size
                )
        return out  # type: ignore[no-any-return]
    return bytearray(b"".join([v.to_bytes(nb, "little") for v in values]))


@cython.locals(n=cython.Py_ssize_t)
def scratch(n: int) -> bytearray:
    """A bytearray of ``n`` bytes for rows that are written before they are read: left
    unset when compiled (no time spent clearing it), zeroed when interpreted."""
    if cython.compiled:
        return yass_unset_bytearray(n)  # type: ignore[name-defined,no-any-return]  # noqa: F821
    return bytearray(n)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(low=cython.ulonglong)
@cython.returns(cython.int)
def _index(low: int) -> int:
    # The index of the single set bit of ``low``.
    return LOWBIT[((low * DEBRUIJN) & ALL) >> 58]


@cython.ccall
@cython.locals(
    W=cython.int,
    weak=cython.ulonglong[::1],
    masks=cython.ulonglong[::1],
    xs=cython.int[::1],
    which=cython.int[::1],
    nstart=cython.int,
    loops=cython.int,
    ncands=cython.int,
    state=cython.ulonglong[::1],
    act=cython.int[::1],
    i=cython.int,
    k=cython.int,
    w=cython.int,
    x=cython.int,
    xw=cython.int,
    base=cython.Py_ssize_t,
    row=cython.Py_ssize_t,
    mrow=cython.Py_ssize_t,
    b=cython.ulonglong,
    low=cython.ulonglong,
    above=cython.ulonglong,
    one=cython.ulonglong,
    n=cython.int,
    k2=cython.int,
)
def prepare(
    weak: Any,
    W: int,
    masks: Any,
    xs: Any,
    which: Any,
    nstart: int,
    loops: int,
    ncands: int,
    state: Any,
    act: Any,
) -> int:
    """``chains._searches`` for the start nodes ``xs[:nstart]``: each one's sets into
    ``state`` (6W words a start, every word written), its targets being its weak links
    within ``masks`` row ``which[i]``; the starts worth searching (in order) into ``act``.
    Returns how many."""
    n = 0
    one = 1
    for i in range(nstart):
        x = xs[i]
        base = i
        base = base * 6 * W
        for w in range(6 * W):
            state[base + w] = 0
        row = x
        row *= W
        mrow = which[i]
        mrow *= W
        xw = x >> 6
        state[base + W + xw] = one << (x & 63)  # off: x, false
        state[base + 2 * W + xw] = one << (x & 63)  # front
        for w in range(W):
            b = weak[row + w] & masks[mrow + w]
            state[base + 5 * W + w] = b
            if loops:
                state[base + 4 * W + w] = weak[row + w]
            while b:
                low = b & (~b + 1)
                b ^= low
                k = w * 64 + _index(low)
                for k2 in range(W):
                    state[base + 3 * W + k2] |= weak[k * W + k2]
        # A hit must lie above x; only a candidate is searched for its own placement.
        above = 0
        for w in range(xw, W):
            b = state[base + 3 * W + w] | state[base + 4 * W + w]
            if w == xw:
                if (x & 63) == 63:
                    b = 0
                else:
                    b >>= (x & 63) + 1
            above |= b
        if above or (loops and x < ncands):
            act[n] = i
            n += 1
    return n


@cython.ccall
@cython.locals(
    W=cython.int,
    maxd=cython.int,
    nact=cython.int,
    depth=cython.int,
    loops=cython.int,
    strong=cython.ulonglong[::1],
    weak=cython.ulonglong[::1],
    state=cython.ulonglong[::1],
    layers=cython.ulonglong[::1],
    xs=cython.int[::1],
    act=cython.int[::1],
    tmp=cython.ulonglong[::1],
    i=cython.int,
    k=cython.int,
    w=cython.int,
    si=cython.int,
    x=cython.int,
    v=cython.int,
    xw=cython.int,
    base=cython.Py_ssize_t,
    lay=cython.Py_ssize_t,
    row=cython.Py_ssize_t,
    b=cython.ulonglong,
    low=cython.ulonglong,
    f=cython.ulonglong,
    more=cython.ulonglong,
    work=cython.longlong,
    nxt=cython.int,
    two=cython.ulonglong,
)
def advance(
    strong: Any,
    weak: Any,
    W: int,
    state: Any,
    layers: Any,
    maxd: int,
    xs: Any,
    act: Any,
    nact: int,
    depth: int,
    loops: int,
    tmp: Any,
    hits: list[tuple[int, int, int]],
) -> tuple[int, int]:
    """One round (strong links, then weak ones) of the searches ``act[:nact]`` (indexes
    into ``xs`` and ``state``), as ``chains._walk`` does it at ``depth``.

    Appends the hits to ``hits`` as (kind, search, node): kind 0 a chain ("aic"), 1 a
    loop, 2 x reached true ("self"), in ``_walk``'s order; stores the round's (on, off)
    in ``layers`` at (search * maxd + depth) * 2W; moves the searches with anything new
    off to the front of ``act``. ``tmp`` is 2W words of scratch. Returns (how many
    searches go on, the nodes expanded)."""
    work = 0
    nxt = 0
    two = 2
    for i in range(nact):
        si = act[i]
        base = si * 6 * W
        x = xs[si]
        # on: every node strongly linked to the front, not reached true before.
        for w in range(2 * W):
            tmp[w] = 0
        for w in range(W):
            b = state[base + 2 * W + w]
            while b:
                low = b & (~b + 1)
                b ^= low
                row = (w * 64 + _index(low)) * W
                for k in range(W):
                    tmp[k] |= strong[row + k]
        for w in range(W):
            tmp[w] &= ~state[base + w]
            state[base + w] |= tmp[w]
        # off: every node weakly linked to what turned true.
        for w in range(W):
            b = tmp[w]
            while b:
                low = b & (~b + 1)
                b ^= low
                work += 1
                row = (w * 64 + _index(low)) * W
                for k in range(W):
                    tmp[W + k] |= weak[row + k]
        more = 0
        lay = si
        lay = (lay * maxd + depth) * 2 * W
        for w in range(W):
            f = tmp[W + w] & ~state[base + W + w]
            state[base + W + w] |= f
            state[base + 2 * W + w] = f
            more |= f
            layers[lay + w] = tmp[w]
            layers[lay + W + w] = f
        # Hits: nodes above x reached true that lie in reach (or closing, past depth 0).
        xw = x >> 6
        for w in range(xw, W):
            if depth:
                f = tmp[w] & (state[base + 3 * W + w] | state[base + 4 * W + w])
            else:
                f = tmp[w] & state[base + 3 * W + w]
            if w == xw:
                if (x & 63) == 63:
                    f = 0
                else:
                    f &= ~((two << (x & 63)) - 1) & ALL
            while f:
                low = f & (~f + 1)
                f ^= low
                v = w * 64 + _index(low)
                if depth and state[base + 4 * W + w] & low:
                    hits.append((1, si, v))
                else:
                    hits.append((0, si, v))
        if loops and tmp[xw] >> (x & 63) & 1:
            hits.append((2, si, x))
        if more:
            act[nxt] = si
            nxt += 1
    return nxt, work


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(m=cython.int, n=cython.int)
@cython.returns(cython.int)
def _count(m: int) -> int:
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


# -- the grouped link graph (``links._grouped_words``) -------------------------------------
#
# ``links._grouped_graph`` builds the extra nodes (groups, ALS digits) of a grouped graph
# and their links on Python integers, with a dict from (cells, digit) to node. Here the
# same nodes, in the same order, and the same links, on word rows: ``group_nodes`` makes
# the nodes and lists the strong links (``links._group_nodes`` then the ALS loop of
# ``_grouped_graph``), ``group_links`` writes the rows once the node count is known.
# A node's record (made for every group, and for every (digit, cells) asked about) sits
# in an open-addressing table keyed by digit and cells.


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(
    d=cython.int, key=cython.ulonglong[::1], ko=cython.Py_ssize_t, ncw=cython.int,
    rec_digit=cython.int[::1], rec_cells=cython.ulonglong[::1], table=cython.int[::1],
    tmask=cython.Py_ssize_t, h=cython.ulonglong, w=cython.int, slot=cython.Py_ssize_t,
    r=cython.int, same=cython.bint, mult=cython.ulonglong,
)
@cython.returns(cython.Py_ssize_t)
def _slot(d: int, key: Any, ko: int, ncw: int, rec_digit: Any, rec_cells: Any, table: Any,
          tmask: int) -> int:
    # The table slot of the record of (d, key[ko:ko + ncw]): where it is, or the free slot
    # where it goes.
    mult = 0x9E3779B97F4A7C15
    h = d + 1
    for w in range(ncw):
        h = ((h ^ key[ko + w]) * mult) & ALL
        h ^= h >> 31
    slot = (h >> 32) & tmask
    while True:
        r = table[slot]
        if r < 0:
            return slot
        if rec_digit[r] == d:
            same = True
            for w in range(ncw):
                if rec_cells[r * ncw + w] != key[ko + w]:
                    same = False
                    break
            if same:
                return slot
        slot = (slot + 1) & tmask


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(
    d=cython.int, key=cython.ulonglong[::1], ko=cython.Py_ssize_t, ncw=cython.int,
    n=cython.int, Wc=cython.int, ncands=cython.int, group=cython.int,
    rec_digit=cython.int[::1], rec_cells=cython.ulonglong[::1], rec_node=cython.int[::1],
    rec_group=cython.int[::1], table=cython.int[::1], tmask=cython.Py_ssize_t,
    base_weak=cython.ulonglong[::1], alive=cython.ulonglong[::1],
    eweak=cython.ulonglong[::1], ext_rec=cython.int[::1], sc=cython.ulonglong[::1],
    cnt=cython.int[::1], slot=cython.Py_ssize_t, r=cython.int, w=cython.int, c=cython.int,
    e=cython.int, count=cython.int, cell=cython.int, b=cython.ulonglong, low=cython.ulonglong,
    row=cython.Py_ssize_t, src=cython.Py_ssize_t, got=cython.ulonglong,
)
@cython.returns(cython.int)
def _node_of(
    d: int, key: Any, ko: int, ncw: int, n: int, Wc: int, ncands: int, group: int,
    rec_digit: Any, rec_cells: Any, rec_node: Any, rec_group: Any, table: Any, tmask: int,
    base_weak: Any, alive: Any, eweak: Any, ext_rec: Any, sc: Any, cnt: Any,
) -> int:
    # ``links._Nodes.node_of`` (-1: nothing is weakly linked to the places); ``group`` 1
    # makes the record of a group without making its node (-2 returned). ``cnt``: the
    # records, the extra nodes made so far.
    count = 0
    cell = 0
    for w in range(ncw):
        b = key[ko + w]
        while b:
            low = b & (~b + 1)
            b ^= low
            count += 1
            cell = w * 64 + _index(low)
    if count == 1 and not group:
        return d * n + cell
    slot = _slot(d, key, ko, ncw, rec_digit, rec_cells, table, tmask)
    r = table[slot]
    if r < 0:
        r = cnt[0]
        cnt[0] = r + 1
        table[slot] = r
        rec_digit[r] = d
        for w in range(ncw):
            rec_cells[r * ncw + w] = key[ko + w]
        rec_node[r] = -2
        rec_group[r] = group
    if group or rec_node[r] != -2:
        return rec_node[r]  # type: ignore[no-any-return]
    # Its weak links: those of every one of its candidates.
    e = cnt[1]
    row = e
    row *= Wc
    for w in range(Wc):
        eweak[row + w] = alive[w]
    for w in range(ncw):
        b = key[ko + w]
        while b:
            low = b & (~b + 1)
            b ^= low
            src = d * n + w * 64 + _index(low)
            src *= Wc
            for c in range(Wc):
                eweak[row + c] &= base_weak[src + c]
    got = 0
    for w in range(Wc):
        got |= eweak[row + w]
    if not got:
        rec_node[r] = -1
        return -1
    rec_node[r] = ncands + e
    ext_rec[e] = r
    cnt[1] = e + 1
    row = ncands + e
    row *= Wc
    for w in range(Wc):
        sc[row + w] = 0
    return ncands + e  # type: ignore[no-any-return]


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(
    s=cython.int, size=cython.int, ncw=cython.int, sets=cython.ulonglong[::1],
    pos=cython.ulonglong[::1], wide=cython.ulonglong[::1], peers=cython.ulonglong[::1],
    cands=cython.int[::1], scratch=cython.ulonglong[::1], res=cython.int[::1],
    at=cython.int, cap=cython.int,
    d=cython.int, w=cython.int, c=cython.int, a=cython.int, digits=cython.int,
    seen=cython.int, hit=cython.int, own=cython.int, left=cython.int, t=cython.int,
    got=cython.ulonglong, b=cython.ulonglong, low=cython.ulonglong, spots=cython.ulonglong,
    p=cython.Py_ssize_t, row=cython.Py_ssize_t, once=cython.Py_ssize_t,
    twice=cython.Py_ssize_t,
)
@cython.returns(cython.int)
def _set_forcings(
    s: int, size: int, ncw: int, sets: Any, pos: Any, wide: Any, peers: Any, cands: Any,
    scratch: Any, res: Any, at: int, cap: int,
) -> int:
    # The ALS forcing links of set s (``links._forcings``) as (digit index a, cell,
    # digit index forced) triples written to ``res`` from ``at``; returns the new end, or
    # -1 when ``cap`` ints would not hold them.
    once = size * ncw
    twice = once + ncw
    digits = 0
    seen = 0
    for w in range(2 * ncw):
        scratch[once + w] = 0
    for d in range(size):
        spots = 0
        got = 0
        row = d * ncw
        for w in range(ncw):
            b = sets[s * ncw + w] & pos[row + w]
            spots |= b
            scratch[row + w] = pos[row + w] & ~sets[s * ncw + w] & wide[w]
            got |= scratch[row + w]
        if not spots:
            continue
        digits |= 1 << d
        if not got:
            continue
        for w in range(ncw):
            b = sets[s * ncw + w] & pos[row + w]
            while b:
                low = b & (~b + 1)
                b ^= low
                p = w * 64 + _index(low)
                p *= ncw
                for t in range(ncw):
                    scratch[row + t] &= peers[p + t]
        got = 0
        for w in range(ncw):
            got |= scratch[row + w]
        if not got:
            continue
        seen |= 1 << d
        for w in range(ncw):
            scratch[twice + w] |= scratch[once + w] & scratch[row + w]
            scratch[once + w] |= scratch[row + w]
    for w in range(ncw):
        b = scratch[twice + w]
        while b:
            low = b & (~b + 1)
            b ^= low
            c = w * 64 + _index(low)
            own = cands[c]
            hit = 0
            for d in range(size):
                if seen >> d & 1 and scratch[d * ncw + w] & low:
                    hit |= 1 << d
            if _count(hit) < _count(own) - 1:
                continue
            for a in range(size):
                if not (digits >> a & 1):
                    continue
                left = own & ~(hit & ~(1 << a))
                if left and not (left & (left - 1)):
                    d = 0
                    while not (left >> d & 1):
                        d += 1
                    if at + 3 > cap:
                        return -1
                    res[at] = a
                    res[at + 1] = c
                    res[at + 2] = d
                    at += 3
    return at


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(rows=cython.ulonglong[::1], at=cython.Py_ssize_t, ncw=cython.int, w=cython.int,
               v=cython.ulonglong)
@cython.returns(cython.int)
def _first_cell(rows: Any, at: int, ncw: int) -> int:
    # The lowest cell of the (non-empty) cell set at ``rows[at:at + ncw]``.
    for w in range(ncw):
        v = rows[at + w]
        if v:
            return w * 64 + _index(v & (~v + 1))
    return 0


@cython.ccall
@cython.locals(
    n=cython.int, size=cython.int, ncw=cython.int, Wc=cython.int, ncands=cython.int,
    pos=cython.ulonglong[::1], placed=cython.ulonglong[::1], ni=cython.int,
    inter_house=cython.int[::1], inter_common=cython.ulonglong[::1],
    house_masks=cython.ulonglong[::1], nf=cython.int, fulls=cython.ulonglong[::1],
    base_weak=cython.ulonglong[::1], base_strong=cython.ulonglong[::1],
    alive=cython.ulonglong[::1], nals=cython.int, sets=cython.ulonglong[::1],
    wide=cython.ulonglong[::1], peers=cython.ulonglong[::1], cands=cython.int[::1],
    rec_digit=cython.int[::1], rec_cells=cython.ulonglong[::1], rec_node=cython.int[::1],
    rec_group=cython.int[::1], table=cython.int[::1], tmask=cython.Py_ssize_t,
    eweak=cython.ulonglong[::1], ext_rec=cython.int[::1], sc=cython.ulonglong[::1],
    cnt=cython.int[::1], order=cython.int[::1], first=cython.int[::1],
    key=cython.ulonglong[::1], scratch=cython.ulonglong[::1], fres=cython.int[::1],
    fcap=cython.int, pairs=cython.int[::1], pcap=cython.int, als_ids=cython.int[::1],
    als_first=cython.int[::1], als_index=cython.int[::1], forcing=cython.int[::1],
    ocap=cython.int, byd=cython.int[::1], empty=cython.ulonglong[::1],
    cfull=cython.int[::1], cfirst=cython.int[::1],
    t=cython.int, h=cython.int, d=cython.int, w=cython.int, k=cython.int, x=cython.int,
    g=cython.int, r=cython.int, a=cython.int, b=cython.int, i=cython.int, j=cython.int,
    s=cython.int, y=cython.int, ngroups=cython.int, count=cython.int, np=cython.int, nid=cython.int,
    start=cython.int, nused=cython.int, nf_out=cython.int, m=cython.int, c=cython.int,
    skip=cython.bint, sub=cython.bint, multi=cython.bint, below=cython.bint,
    v=cython.ulonglong, u=cython.ulonglong, one=cython.ulonglong, slot=cython.Py_ssize_t,
    row=cython.Py_ssize_t, ko=cython.Py_ssize_t, po=cython.Py_ssize_t,
)
def group_nodes(
    n: int, size: int, ncw: int, Wc: int, ncands: int, pos: Any, placed: Any, ni: int,
    inter_house: Any, inter_common: Any, house_masks: Any, nf: int, fulls: Any,
    base_weak: Any, base_strong: Any, alive: Any, nals: int, sets: Any, wide: Any,
    peers: Any, cands: Any, rec_digit: Any, rec_cells: Any, rec_node: Any, rec_group: Any,
    table: Any, tmask: int, eweak: Any, ext_rec: Any, sc: Any, cnt: Any, order: Any,
    first: Any, key: Any, scratch: Any, fres: Any, fcap: int, pairs: Any, pcap: int,
    als_ids: Any, als_first: Any, als_index: Any, forcing: Any, ocap: int, byd: Any,
    empty: Any, cfull: Any, cfirst: Any,
) -> int:
    """The extra nodes of a grouped link graph and its strong links, as
    ``links._group_nodes`` and the ALS loop of ``links._grouped_graph`` make them (the
    same nodes in the same order).

    Rows: ``ncw`` words a cell set, ``Wc`` a candidate set. In: each digit's places
    ``pos`` and placed cells, the intersections (``inter_house``: the full house of each,
    an index into the houses ``house_masks``; ``inter_common`` its cells), the full houses
    ``fulls``, the candidate graph's ``base_weak`` / ``base_strong`` rows, the ALSs
    ``sets``, the cells' ``peers`` and candidates, the open cells ``empty`` (``wide`` gets
    those of three candidates or more). Records (``rec_*``, ``table`` of ``tmask + 1``
    slots set to -1) hold every (digit, cells) met; extra node e's record is
    ``ext_rec[e]``, its weak links to candidates ``eweak`` row e. ``sc`` (rows of ``Wc``
    words) is scratch for the strong links to candidates so far. Out: the group links'
    node pairs in ``pairs``; each ALS with two digit nodes or more: its set index in
    ``als_index``, its nodes in ``als_ids[als_first[u]:als_first[u + 1]]``; the forcing
    links as (set, ALS node, candidate) in ``forcing``; ``cnt`` = records, extra nodes,
    ALSs, pairs, forcing links. Returns 0, or -1 when ``pcap`` / ``ocap`` ints do not hold
    the pairs / forcing links (call again with more room). ``cfull[cfirst[c]:cfirst[c +
    1]]``: the full houses holding cell c. The rest is scratch: ``order`` (records times
    the most full houses of a cell), ``first`` (nf * size + 1), ``key`` (2 ncw words),
    ``scratch`` ((size + 2) ncw words), ``fres`` (``fcap`` ints), ``byd`` (size)."""
    one = 1
    for k in range(5):
        cnt[k] = 0
    for w in range(ncw):
        wide[w] = 0
    for c in range(n):
        if empty[c >> 6] >> (c & 63) & 1 and _count(cands[c]) >= 3:
            wide[c >> 6] |= one << (c & 63)
    for i in range(ncands):
        row = i
        row *= Wc
        for w in range(Wc):
            sc[row + w] = base_strong[row + w]
    # The groups: the places of a digit in an intersection, two or more (records 0..).
    for t in range(ni):
        h = inter_house[t]
        for d in range(size):
            skip = False
            count = 0
            for w in range(ncw):
                if placed[d * ncw + w] & house_masks[h * ncw + w]:
                    skip = True
                v = pos[d * ncw + w] & inter_common[t * ncw + w]
                key[w] = v
                while v:
                    v &= v - 1
                    count += 1
            if skip or count < 2:
                continue
            _node_of(d, key, 0, ncw, n, Wc, ncands, 1, rec_digit, rec_cells, rec_node,
                     rec_group, table, tmask, base_weak, alive, eweak, ext_rec, sc, cnt)
    ngroups = cnt[0]
    # ... listed by full house and digit (those of digit d lying in full house k:
    # ``order[first[k * size + d]:first[k * size + d + 1]]``), in order.
    for x in range(nf * size + 1):
        first[x] = 0
    for t in range(2):
        for g in range(ngroups):
            c = _first_cell(rec_cells, g * ncw, ncw)
            for y in range(cfirst[c], cfirst[c + 1]):
                k = cfull[y]
                sub = True
                for w in range(ncw):
                    if rec_cells[g * ncw + w] & ~fulls[k * ncw + w]:
                        sub = False
                if not sub:
                    continue
                x = k * size + rec_digit[g]
                if t == 0:
                    first[x + 1] += 1
                else:
                    order[first[x]] = g
                    first[x] += 1
        if t == 0:
            for x in range(nf * size):
                first[x + 1] += first[x]
    for x in range(nf * size, 0, -1):
        first[x] = first[x - 1]
    first[0] = 0
    # Strong links inside full houses: a group and the rest of the digit's places there
    # (one cell, or a group above it).
    np = 0
    for k in range(nf):
        for d in range(size):
            skip = False
            count = 0
            for w in range(ncw):
                if placed[d * ncw + w] & fulls[k * ncw + w]:
                    skip = True
                v = pos[d * ncw + w] & fulls[k * ncw + w]
                key[ncw + w] = v
                while v:
                    v &= v - 1
                    count += 1
            if skip or count < 3:
                continue
            for x in range(first[k * size + d], first[k * size + d + 1]):
                g = order[x]
                multi = True  # (spots == places, as far as seen)
                for w in range(ncw):
                    if rec_cells[g * ncw + w] != key[ncw + w]:
                        multi = False
                if multi:
                    continue
                count = 0
                for w in range(ncw):
                    v = key[ncw + w] & ~rec_cells[g * ncw + w]
                    key[w] = v
                    while v:
                        v &= v - 1
                        count += 1
                if count >= 2:
                    slot = _slot(d, key, 0, ncw, rec_digit, rec_cells, table, tmask)
                    r = table[slot]
                    if r < 0 or not rec_group[r]:
                        continue
                    below = False  # rest < spots, as integers
                    for w in range(ncw - 1, -1, -1):
                        v = key[w]
                        u = rec_cells[g * ncw + w]
                        if v != u:
                            below = v < u
                            break
                    if below:
                        continue
                a = _node_of(d, rec_cells, g * ncw, ncw, n, Wc, ncands, 0, rec_digit,
                             rec_cells, rec_node, rec_group, table, tmask, base_weak, alive,
                             eweak, ext_rec, sc, cnt)
                b = _node_of(d, key, 0, ncw, n, Wc, ncands, 0, rec_digit, rec_cells,
                             rec_node, rec_group, table, tmask, base_weak, alive, eweak,
                             ext_rec, sc, cnt)
                if a < 0 or b < 0 or a == b:
                    continue
                if np + 2 > pcap:
                    return -1
                pairs[np] = a
                pairs[np + 1] = b
                np += 2
                if b < ncands:
                    sc[a * Wc + (b >> 6)] |= one << (b & 63)
                if a < ncands:
                    sc[b * Wc + (a >> 6)] |= one << (a & 63)
    cnt[3] = np
    # The ALSs: any two of their digits strongly linked, and their forcing links.
    nid = 0
    nused = 0
    nf_out = 0
    als_first[0] = 0
    for s in range(nals):
        start = nid
        for d in range(size):
            byd[d] = -1
            count = 0
            for w in range(ncw):
                v = pos[d * ncw + w] & sets[s * ncw + w]
                key[w] = v
                count |= v != 0
            if not count:
                continue
            i = _node_of(d, key, 0, ncw, n, Wc, ncands, 0, rec_digit, rec_cells, rec_node,
                         rec_group, table, tmask, base_weak, alive, eweak, ext_rec, sc, cnt)
            if i < 0:
                continue
            als_ids[nid] = i
            nid += 1
            byd[d] = i
        if nid - start < 2:
            nid = start
            continue
        als_index[nused] = s
        nused += 1
        als_first[nused] = nid
        for x in range(start, nid):
            a = als_ids[x]
            for j in range(start, nid):
                b = als_ids[j]
                if b != a and b < ncands:
                    sc[a * Wc + (b >> 6)] |= one << (b & 63)
        m = _set_forcings(s, size, ncw, sets, pos, wide, peers, cands, scratch, fres, 0, fcap)
        for x in range(0, m, 3):
            a = byd[fres[x]]
            if a < 0:
                continue
            c = fres[x + 1]
            b = fres[x + 2] * n + c
            po = a
            po = po * Wc + (b >> 6)
            if sc[po] >> (b & 63) & 1:
                continue
            sc[po] |= one << (b & 63)
            if a < ncands:
                sc[b * Wc + (a >> 6)] |= one << (a & 63)
            if nf_out + 3 > ocap:
                return -1
            forcing[nf_out] = s
            forcing[nf_out + 1] = a
            forcing[nf_out + 2] = b
            nf_out += 3
    cnt[2] = nused
    cnt[4] = nf_out
    return 0


@cython.ccall
@cython.locals(
    n=cython.int, ncw=cython.int, Wc=cython.int, W=cython.int, ncands=cython.int,
    E=cython.int, base_weak=cython.ulonglong[::1], base_strong=cython.ulonglong[::1],
    base_linked=cython.ulonglong[::1], eweak=cython.ulonglong[::1], ext_rec=cython.int[::1],
    rec_digit=cython.int[::1], rec_cells=cython.ulonglong[::1], rec_group=cython.int[::1],
    cnt=cython.int[::1], pairs=cython.int[::1], als_ids=cython.int[::1],
    als_first=cython.int[::1], forcing=cython.int[::1], strong=cython.ulonglong[::1],
    weak=cython.ulonglong[::1], view=cython.ulonglong[::1], linked=cython.ulonglong[::1],
    starts=cython.int[::1], edig=cython.int[::1], ecells=cython.ulonglong[::1],
    ekind=cython.int[::1], order=cython.int[::1], first=cython.int[::1],
    inside=cython.ulonglong[::1], size=cython.int,
    i=cython.int, k=cython.int, j=cython.int, x=cython.int, y=cython.int, d=cython.int,
    w=cython.int, c=cython.int, a=cython.int, b=cython.int, u=cython.int, r=cython.int,
    bit=cython.int, N=cython.int, ns=cython.int,
    row=cython.Py_ssize_t, src=cython.Py_ssize_t, v=cython.ulonglong, low=cython.ulonglong,
    miss=cython.ulonglong, one=cython.ulonglong,
)
def group_links(
    n: int, size: int, ncw: int, Wc: int, W: int, ncands: int, E: int, base_weak: Any,
    base_strong: Any, base_linked: Any, eweak: Any, ext_rec: Any, rec_digit: Any,
    rec_cells: Any, rec_group: Any, cnt: Any, pairs: Any, als_ids: Any, als_first: Any,
    forcing: Any, strong: Any, weak: Any, view: Any, linked: Any, starts: Any, edig: Any,
    ecells: Any, ekind: Any, order: Any, first: Any, inside: Any,
) -> int:
    """The rows (``W`` words, ``ncands + E`` nodes) of the grouped graph whose nodes and
    strong links ``group_nodes`` made (its arguments of the same names), every word
    written: ``strong``, ``weak``, ``view`` (weak links between linked nodes,
    ``chains._full_view``), ``linked`` (the nodes with a strong link) and
    ``starts`` (those nodes, ascending); the extra nodes' digits (``edig``, 1-based),
    cells (``ecells``, ``ncw`` words) and kinds (``ekind``: 1 a group, 0 an ALS digit).
    ``order`` (E), ``first`` (size * n + 1) and ``inside`` (ncw words) are scratch.
    Returns the number of starts."""
    one = 1
    N = ncands + E
    for i in range(N):
        row = i
        row *= W
        if i < ncands:
            src = i
            src *= Wc
            for w in range(Wc):
                strong[row + w] = base_strong[src + w]
                weak[row + w] = base_weak[src + w]
        else:
            src = i - ncands
            src *= Wc
            for w in range(Wc):
                strong[row + w] = 0
                weak[row + w] = eweak[src + w]
        for w in range(Wc, W):
            strong[row + w] = 0
            weak[row + w] = 0
    for w in range(W):
        linked[w] = base_linked[w] if w < Wc else 0
    for k in range(E):
        r = ext_rec[k]
        edig[k] = rec_digit[r] + 1
        ekind[k] = rec_group[r]
        for w in range(ncw):
            ecells[k * ncw + w] = rec_cells[r * ncw + w]
    # Strong links: the groups', inside each ALS, the ALS forcing links.
    for x in range(0, cnt[3], 2):
        a = pairs[x]
        b = pairs[x + 1]
        strong[a * W + (b >> 6)] |= one << (b & 63)
        strong[b * W + (a >> 6)] |= one << (a & 63)
        linked[a >> 6] |= one << (a & 63)
        linked[b >> 6] |= one << (b & 63)
    for u in range(cnt[2]):
        for x in range(als_first[u], als_first[u + 1]):
            a = als_ids[x]
            linked[a >> 6] |= one << (a & 63)
            for y in range(als_first[u], als_first[u + 1]):
                b = als_ids[y]
                if b != a:
                    strong[a * W + (b >> 6)] |= one << (b & 63)
    for x in range(0, cnt[4], 3):
        a = forcing[x + 1]
        b = forcing[x + 2]
        strong[a * W + (b >> 6)] |= one << (b & 63)
        strong[b * W + (a >> 6)] |= one << (a & 63)
        linked[a >> 6] |= one << (a & 63)
        linked[b >> 6] |= one << (b & 63)
    # Weak links of the extra nodes: those of all their candidates, and the extra nodes
    # of their digit lying in the cells of those candidates (listed by digit and first
    # cell: ``order[first[d * n + c]:first[d * n + c + 1]]``); each candidate's back.
    for x in range(size * n + 1):
        first[x] = 0
    for k in range(E):
        first[_first_cell(ecells, k * ncw, ncw) + (edig[k] - 1) * n + 1] += 1
    for x in range(size * n):
        first[x + 1] += first[x]
    for k in range(E):
        x = _first_cell(ecells, k * ncw, ncw) + (edig[k] - 1) * n
        order[first[x]] = k
        first[x] += 1
    for x in range(size * n, 0, -1):
        first[x] = first[x - 1]
    first[0] = 0
    for k in range(E):
        d = edig[k] - 1
        row = ncands + k
        row *= W
        src = k
        src *= Wc
        # The cells of its digit's candidates: bits d * n .. d * n + n - 1 of its row.
        for w in range(ncw):
            bit = d * n + w * 64
            x = bit >> 6
            y = bit & 63
            v = eweak[src + x] >> y
            if y and x + 1 < Wc:
                v |= (eweak[src + x + 1] << (64 - y)) & ALL
            if w == ncw - 1 and n & 63:
                v &= (one << (n & 63)) - 1
            inside[w] = v
        for w in range(ncw):
            v = inside[w]
            while v:
                low = v & (~v + 1)
                v ^= low
                c = d * n + w * 64 + _index(low)
                for x in range(first[c], first[c + 1]):
                    j = order[x]
                    miss = 0
                    for y in range(ncw):
                        miss |= ecells[j * ncw + y] & ~inside[y]
                    if not miss:
                        bit = ncands + j
                        weak[row + (bit >> 6)] |= one << (bit & 63)
        bit = ncands + k
        for w in range(Wc):
            v = eweak[src + w]
            while v:
                low = v & (~v + 1)
                v ^= low
                c = w * 64 + _index(low)
                weak[c * W + (bit >> 6)] |= one << (bit & 63)
    # The view: weak links between linked nodes (every extra node has weak links).
    ns = 0
    for i in range(N):
        row = i
        row *= W
        for w in range(W):
            view[row + w] = weak[row + w] & linked[w]
        if linked[i >> 6] >> (i & 63) & 1:
            starts[ns] = i
            ns += 1
    return ns


@cython.ccall
@cython.locals(
    nh=cython.int, hcells=cython.int[::1], hfirst=cython.int[::1], cands=cython.int[::1],
    empty=cython.ulonglong[::1], ncw=cython.int, most=cython.int, out=cython.ulonglong[::1],
    cap=cython.int, idx=cython.int[::1], local=cython.int[::1], stack=cython.ulonglong[::1],
    h=cython.int, k=cython.int, j=cython.int, c=cython.int, m=cython.int, x=cython.int,
    y=cython.int, w=cython.int, top=cython.int, found=cython.int, kept=cython.int,
    size=cython.int, start=cython.int, depth=cython.int, width=cython.int,
    chosen=cython.ulonglong, union=cython.ulonglong, u=cython.ulonglong, b=cython.ulonglong,
    low=cython.ulonglong, one=cython.ulonglong, below=cython.bint, same=cython.bint,
    row=cython.Py_ssize_t,
)
def als_sets(
    nh: int, hcells: Any, hfirst: Any, cands: Any, empty: Any, ncw: int, most: int, out: Any,
    cap: int, sets: Any, idx: Any, local: Any, stack: Any,
) -> int:
    """The almost locked sets of 2..``most`` open cells of one house (house h's cells:
    ``hcells[hfirst[h]:hfirst[h + 1]]``, at most 64), as ``links._als_sets`` finds them:
    their cell bitsets (``ncw`` words a row) into ``sets`` ascending as integers, each once.
    Returns how many, or -1 when ``cap`` rows would not hold them all (call again with
    more). ``out`` (``cap`` rows), ``idx`` (``cap``), ``local`` (64) and ``stack``
    (4 * 64 * (most + 1) words) are scratch."""
    one = 1
    found = 0
    for h in range(nh):
        # The house's open cells of at most most + 1 candidates.
        size = 0
        for x in range(hfirst[h], hfirst[h + 1]):
            c = hcells[x]
            if empty[c >> 6] >> (c & 63) & 1 and _count(cands[c]) <= most + 1:
                local[size] = c
                size += 1
        # Depth first over (next index, chosen cells, count, digit union).
        stack[0] = 0
        stack[1] = 0
        stack[2] = 0
        stack[3] = 0
        top = 1
        while top:
            top -= 1
            start = stack[4 * top]
            chosen = stack[4 * top + 1]
            depth = stack[4 * top + 2]
            union = stack[4 * top + 3]
            for j in range(start, size):
                u = union | cands[local[j]]
                width = 0
                b = u
                while b:
                    b &= b - 1
                    width += 1
                if width > most + 1:
                    continue
                m = j
                if width == depth + 2 and depth >= 1:
                    if found >= cap:
                        return -1
                    row = found
                    row *= ncw
                    for w in range(ncw):
                        out[row + w] = 0
                    b = chosen | one << j
                    while b:
                        low = b & (~b + 1)
                        b ^= low
                        c = local[_index(low)]
                        out[row + (c >> 6)] |= one << (c & 63)
                    idx[found] = found
                    found += 1
                if depth + 1 < most:
                    stack[4 * top] = j + 1
                    stack[4 * top + 1] = chosen | one << m
                    stack[4 * top + 2] = depth + 1
                    stack[4 * top + 3] = u
                    top += 1
    # Ascending (insertion sort of the row indexes), then each set once.
    for x in range(1, found):
        k = idx[x]
        y = x - 1
        while y >= 0:
            below = False  # row k < row idx[y]
            for w in range(ncw - 1, -1, -1):
                if out[k * ncw + w] != out[idx[y] * ncw + w]:
                    below = out[k * ncw + w] < out[idx[y] * ncw + w]
                    break
            if not below:
                break
            idx[y + 1] = idx[y]
            y -= 1
        idx[y + 1] = k
    kept = 0
    for x in range(found):
        k = idx[x]
        if kept:
            same = True
            for w in range(ncw):
                if out[k * ncw + w] != out[idx[kept - 1] * ncw + w]:
                    same = False
                    break
            if same:
                continue
        idx[kept] = k
        kept += 1
        for w in range(ncw):
            sets[(kept - 1) * ncw + w] = out[k * ncw + w]
    return kept
