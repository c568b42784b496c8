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

Cython pure-Python mode, like ``yass.engine._core``; ``chains`` calls ``advance`` only when this
module is compiled (interpreted, its own integers are faster), and the tests compare the
two walks.
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

__all__ = ["advance", "als_forcings", "extra_links", "is_compiled", "pack", "prepare", "scratch"]

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
    ``state`` (6W words a start, zeroed by the caller), its targets being its weak links
    within ``masks`` row ``which[i]``; the starts worth searching (in order) into ``act``.
    Returns how many."""
    n = 0
    one = 1
    for i in range(nstart):
        x = xs[i]
        base = i
        base = base * 6 * W
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


@cython.ccall
@cython.locals(
    E=cython.int,
    NWc=cython.int,
    ncw=cython.int,
    ncells=cython.int,
    EW=cython.int,
    ws=cython.ulonglong[::1],
    cells=cython.ulonglong[::1],
    digit=cython.int[::1],
    order=cython.int[::1],
    first=cython.int[::1],
    own=cython.ulonglong[::1],
    rev=cython.ulonglong[::1],
    inside=cython.ulonglong[::1],
    k=cython.int,
    j=cython.int,
    x=cython.int,
    d=cython.int,
    c=cython.int,
    w=cython.int,
    bit=cython.int,
    row=cython.Py_ssize_t,
    b=cython.ulonglong,
    low=cython.ulonglong,
    one=cython.ulonglong,
    miss=cython.ulonglong,
    own_empty=cython.bint,
)
def extra_links(
    E: int, NWc: int, ncw: int, ncells: int, EW: int, ws: Any, cells: Any, digit: Any,
    order: Any, first: Any, own: Any, rev: Any, inside: Any, touched: list[int],
) -> None:
    """The weak links of a link graph's extra nodes (``links._grouped_graph``). Extra node
    k (digit index ``digit[k]``, cells ``cells`` row k, ``ncw`` words) is weakly linked to
    the candidates ``ws`` row k (``NWc`` words, candidate nodes digit-major, ``ncells`` a
    digit). ``own`` row k (``EW`` words, zeroed) gets the extra nodes of its digit whose
    cells all lie among those candidates (``order[first[d]:first[d + 1]]`` lists digit
    d's); ``rev`` row c (``EW`` words, zeroed) the extra nodes weakly linked to
    candidate c, and ``touched`` those c, in order. ``inside`` is ``ncw`` words of
    scratch."""
    one = 1
    for k in range(E):
        d = digit[k]
        for w in range(ncw):
            inside[w] = 0
        for c in range(ncells):
            bit = d * ncells + c
            if ws[k * NWc + (bit >> 6)] >> (bit & 63) & 1:
                inside[c >> 6] |= one << (c & 63)
        row = k
        row *= EW
        for x in range(first[d], first[d + 1]):
            j = order[x]
            miss = 0
            for w in range(ncw):
                miss |= cells[j * ncw + w] & ~inside[w]
            if not miss:
                own[row + (j >> 6)] |= one << (j & 63)
        for w in range(NWc):
            b = ws[k * NWc + w]
            while b:
                low = b & (~b + 1)
                b ^= low
                c = w * 64 + _index(low)
                row = c
                row *= EW
                own_empty = True
                for x in range(EW):
                    if rev[row + x]:
                        own_empty = False
                        break
                if own_empty:
                    touched.append(c)
                rev[row + (k >> 6)] |= one << (k & 63)


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


@cython.ccall
@cython.locals(
    nals=cython.int,
    size=cython.int,
    ncw=cython.int,
    ncells=cython.int,
    sets=cython.ulonglong[::1],
    pos=cython.ulonglong[::1],
    wide=cython.ulonglong[::1],
    peers=cython.ulonglong[::1],
    cands=cython.int[::1],
    scratch=cython.ulonglong[::1],
    s=cython.int,
    d=cython.int,
    w=cython.int,
    c=cython.int,
    a=cython.int,
    digits=cython.int,
    seen=cython.int,
    hit=cython.int,
    own=cython.int,
    left=cython.int,
    t=cython.int,
    got=cython.ulonglong,
    b=cython.ulonglong,
    low=cython.ulonglong,
    spots=cython.ulonglong,
    p=cython.Py_ssize_t,
    row=cython.Py_ssize_t,
    once=cython.Py_ssize_t,
    twice=cython.Py_ssize_t,
)
def als_forcings(
    nals: int, size: int, ncw: int, ncells: int, sets: Any, pos: Any, wide: Any, peers: Any,
    cands: Any, scratch: Any, out: list[tuple[int, int, int, int]],
) -> None:
    """The ALS forcing links of the link graph (``links._forcings``) of every set ``sets``
    row s (``ncw`` words): (s, digit index a, cell c, digit index forced) when, were a
    missing from the set, its other digits would leave c (a cell of ``wide``: three
    candidates or more, ``cands[c]``) only the forced one; appended to ``out`` in order.
    ``pos`` holds each digit's places, ``peers`` each cell's, ``ncw`` words a row;
    ``scratch`` is ``(size + 2) * ncw`` words."""
    once = size * ncw
    twice = once + ncw
    for s in range(nals):
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
                        out.append((s, a, c, d))
