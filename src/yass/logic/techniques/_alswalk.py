# cython: language_level=3, annotation_typing=False, cdivision=True
# cython: boundscheck=False, wraparound=False, initializedcheck=False
"""The almost locked set techniques (``yass.logic.techniques.als``) on 64-bit words.

A board state's sets and their links: ``positions`` (each digit's places), ``collect``
(every ALS of one house, smallest first, then by cells), ``fields`` (per set and digit,
its cells holding the digit, the cells seeing all of those and the open ones of them),
``rcc`` (the restricted common candidates of every two sets, and the pairs ALS-XZ
removes something with) and ``adjacency`` (each set's partners). The searches on them:
``wings`` (ALS-XY-Wing), ``petal_counts`` and ``blossoms`` (Death Blossom), and ALS
Chain's breadth-first search (``chain_setup``, ``partners``, ``advance_first``,
``advance``, ``scan``).

The chain search runs from every start (an almost locked set with a digit Z it could
remove somewhere) at once. A state is a set entered by a digit, ``set * size + digit``;
a level holds, for each state, the starts whose chains of that many links reach it, as
a bitset of start indexes. Here a level is ``ntarget * W`` words (W words a state),
kept only for the target states (those a link enters), where ``als._DictLevels`` keeps
a dict of Python integers. The caller looks at the rare states that meet a partner
start in Python.

Cython pure-Python mode, like ``yass.logic.techniques._chainwalk`` (``_alswalk.pxd``
declares the compiler builtins it uses); ``als`` uses it only when this module is
compiled, and the tests compare it with the code on Python integers.
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
    "adjacency", "advance", "advance_first", "blossoms", "cell_list", "chain_setup",
    "chain_sizes", "collect", "fields", "is_compiled", "partners", "petal_counts", "positions",
    "rcc", "scan", "scratch", "wings",
]


def is_compiled() -> bool:
    """True when this module is the compiled extension, False when interpreted."""
    return bool(cython.compiled)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(
    buf=cython.ulonglong[::1], at=cython.Py_ssize_t, W=cython.int, w=cython.int, held=cython.bint
)
@cython.returns(cython.bint)
def _holds(buf: Any, at: int, W: int) -> bool:
    """Whether the W words of ``buf`` from ``at`` have a bit set."""
    held = False  # (a loop, not any(): no generator in a C function)
    for w in range(W):
        if buf[at + w]:
            held = True
            break
    return held


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(buf=cython.ulonglong[::1], ntarget=cython.int, W=cython.int, t=cython.int,
               at=cython.Py_ssize_t, n=cython.int)
@cython.returns(cython.int)
def _reached(buf: Any, ntarget: int, W: int) -> int:
    """How many of the ``ntarget`` states (W words each) of a level ``buf`` are reached."""
    n = 0
    for t in range(ntarget):
        at = t
        at *= W
        if _holds(buf, at, W):
            n += 1
    return n


@cython.ccall
@cython.locals(
    nstart=cython.int,
    W=cython.int,
    ncw=cython.int,
    ncells=cython.int,
    digit=cython.int[::1],
    reach=cython.ulonglong[::1],
    near=cython.ulonglong[::1],
    out=cython.ulonglong[::1],
    k=cython.int,
    w=cython.int,
    t=cython.int,
    c=cython.int,
    t2=cython.int,
    row=cython.Py_ssize_t,
    at=cython.Py_ssize_t,
    b=cython.ulonglong,
    bit=cython.ulonglong,
    one=cython.ulonglong,
)
def partners(
    nstart: int, W: int, ncw: int, ncells: int, digit: Any, reach: Any, near: Any, out: Any
) -> None:
    """For each start k (set, digit ``digit[k]``, cells ``reach`` row k of ``ncw`` words
    where the set could remove that digit): ``out`` row k (W words, zeroed by the
    caller) gets the starts of the same digit whose cells meet k's. ``near`` is scratch,
    ``size * ncells * W`` words (only the rows of the cells in some reach are used, and
    cleared here)."""
    one = 1
    for k in range(nstart):
        for w in range(ncw):
            b = reach[k * ncw + w]
            while b:
                t = _low(b)
                b &= b - 1
                at = digit[k] * ncells + w * 64 + t
                at *= W
                for t2 in range(W):
                    near[at + t2] = 0
    for k in range(nstart):
        bit = one << (k & 63)
        for w in range(ncw):
            b = reach[k * ncw + w]
            while b:
                t = _low(b)
                b &= b - 1
                c = w * 64 + t
                near[(digit[k] * ncells + c) * W + (k >> 6)] |= bit
    for k in range(nstart):
        row = k
        row *= W
        for w in range(ncw):
            b = reach[k * ncw + w]
            while b:
                t = _low(b)
                b &= b - 1
                c = w * 64 + t
                at = digit[k] * ncells + c
                at *= W
                for t2 in range(W):
                    out[row + t2] |= near[at + t2]


@cython.ccall
@cython.locals(
    nxt=cython.ulonglong[::1], W=cython.int, nstart=cython.int, start_set=cython.int[::1],
    start_z=cython.int[::1], efirst=cython.int[::1], target=cython.int[::1],
    via=cython.int[::1], k=cython.int, i=cython.int, x=cython.int,
    d=cython.Py_ssize_t, bit=cython.ulonglong, one=cython.ulonglong, ntarget=cython.int,
)
def advance_first(
    nxt: Any, W: int, nstart: int, ntarget: int, start_set: Any, start_z: Any, efirst: Any,
    target: Any, via: Any,
) -> int:
    """Level 1: each start k (set ``start_set[k]``, "entered" by its Z ``start_z[k]``)
    passes bit k to every state its set leads to by an RCC digit other than Z (set i's
    ways out are the target states ``target[x]``, numbered as in ``chain_setup``,
    entered by digit ``via[x]``, for x in ``efirst[i]`` to ``efirst[i + 1]``). ``nxt``
    (``ntarget`` states of W words) is zeroed by the caller. Returns how many states
    are reached."""
    one = 1
    for k in range(nstart):
        bit = one << (k & 63)
        i = start_set[k]
        for x in range(efirst[i], efirst[i + 1]):
            if via[x] == start_z[k]:
                continue
            d = target[x]
            d *= W
            nxt[d + (k >> 6)] |= bit
    return _reached(nxt, ntarget, W)


@cython.ccall
@cython.locals(
    cur=cython.ulonglong[::1], nxt=cython.ulonglong[::1], W=cython.int, ntarget=cython.int,
    size=cython.int, tstate=cython.int[::1], efirst=cython.int[::1], target=cython.int[::1],
    via=cython.int[::1], t=cython.int, i=cython.int, e=cython.int, x=cython.int,
    w=cython.int, s=cython.Py_ssize_t, d=cython.Py_ssize_t,
)
def advance(
    cur: Any, nxt: Any, W: int, ntarget: int, size: int, tstate: Any, efirst: Any,
    target: Any, via: Any,
) -> int:
    """One link further: each target state t of ``cur`` (state ``tstate[t]`` = set i *
    size + entry digit e) passes its starts to every state its set leads to by an RCC
    digit other than e (``advance_first``). ``nxt`` is zeroed by the caller. Returns how
    many states of ``nxt`` are reached."""
    for t in range(ntarget):
        s = t
        s *= W
        if not _holds(cur, s, W):
            continue
        i = tstate[t] // size
        e = tstate[t] % size
        for x in range(efirst[i], efirst[i + 1]):
            if via[x] == e:
                continue
            d = target[x]
            d *= W
            for w in range(W):
                nxt[d + w] |= cur[s + w]
    return _reached(nxt, ntarget, W)


@cython.ccall
@cython.locals(
    level=cython.ulonglong[::1], part=cython.ulonglong[::1], W=cython.int,
    ntarget=cython.int, size=cython.int, tstate=cython.int[::1],
    potential=cython.int[::1], start_of=cython.int[::1], t=cython.int, i=cython.int,
    e=cython.int, z=cython.int, k=cython.int, w=cython.int, s=cython.Py_ssize_t,
    p=cython.Py_ssize_t, m=cython.int,
)
def scan(
    level: Any, part: Any, W: int, ntarget: int, size: int, tstate: Any, potential: Any,
    start_of: Any, out: list[tuple[int, int]],
) -> None:
    """The (state, z) pairs, in order, where a target state t = (j, e) of ``level`` meets
    a partner of the start (j, z), z one of set j's digits ``potential[j]`` other than
    e: appended to ``out``."""
    for t in range(ntarget):
        s = t
        s *= W
        if not _holds(level, s, W):
            continue
        i = tstate[t] // size
        e = tstate[t] % size
        m = potential[i] & ~(1 << e)
        z = 0
        while m:
            if m & 1:
                k = start_of[i * size + z]
                p = k
                p *= W
                for w in range(W):
                    if level[s + w] & part[p + w]:
                        out.append((tstate[t], z))
                        break
            m >>= 1
            z += 1


@cython.cfunc
@cython.locals(buf=cython.ulonglong[::1], at=cython.Py_ssize_t, ncw=cython.int, w=cython.int)
def _number(buf: Any, at: int, ncw: int) -> int:
    """The ``ncw`` words of ``buf`` from ``at`` as one Python integer (little-endian)."""
    v: Any = 0
    for w in range(ncw - 1, -1, -1):
        v = (v << 64) | buf[at + w]
    return v  # type: ignore[no-any-return]


@cython.locals(n=cython.Py_ssize_t)
def scratch(n: int) -> bytearray:
    """A bytearray of ``n`` bytes for rows that are written before they are read: left
    unset when compiled (no time spent clearing it), zeroed when interpreted."""
    if cython.compiled:
        return yass_als_unset_bytearray(n)  # type: ignore[name-defined,no-any-return]  # noqa: F821
    return bytearray(n)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(x=cython.uint, n=cython.int)
@cython.returns(cython.int)
def _pop(x: int) -> int:
    """The number of bits set in ``x``."""
    if cython.compiled:
        return yass_popcount(x)  # type: ignore[name-defined,no-any-return]  # noqa: F821
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(x=cython.ulonglong, n=cython.int)
@cython.returns(cython.int)
def _low(x: int) -> int:
    """The index of the lowest bit set in ``x`` (not 0)."""
    if cython.compiled:
        return yass_ctz64(x)  # type: ignore[name-defined,no-any-return]  # noqa: F821
    n = 0
    while not x & 1:
        x >>= 1
        n += 1
    return n


@cython.ccall
@cython.locals(
    ncells=cython.int, size=cython.int, ncw=cython.int, cands=cython.int[::1],
    values=cython.int[::1], pos=cython.ulonglong[::1], c=cython.int, d=cython.int,
    m=cython.uint, w=cython.int, one=cython.ulonglong,
)
def positions(ncells: int, size: int, ncw: int, cands: Any, values: Any, pos: Any) -> None:
    """Each digit index's open places (``Board.positions``) into ``pos``, ``ncw`` words a
    digit: the cells c with ``values[c] == 0`` and the digit in ``cands[c]``."""
    one = 1
    for w in range(size * ncw):
        pos[w] = 0
    for c in range(ncells):
        if values[c]:
            continue
        m = cands[c]
        d = 0
        while m:
            if m & 1:
                pos[d * ncw + (c >> 6)] |= one << (c & 63)
            m >>= 1
            d += 1


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(
    gsize=cython.int[::1], gcells=cython.ulonglong[::1], a=cython.int, b=cython.int,
    ncw=cython.int, w=cython.int, x=cython.ulonglong, y=cython.ulonglong,
)
@cython.returns(cython.bint)
def _before(gsize: Any, gcells: Any, a: int, b: int, ncw: int) -> bool:
    """Whether set a comes before set b: fewer cells, else the smaller cell bitset, else
    found first."""
    if gsize[a] != gsize[b]:
        return bool(gsize[a] < gsize[b])
    for w in range(ncw - 1, -1, -1):
        x = gcells[a * ncw + w]
        y = gcells[b * ncw + w]
        if x != y:
            return bool(x < y)
    return a < b


@cython.ccall
@cython.locals(
    nh=cython.int, hstart=cython.int[::1], hcells=cython.int[::1], hfull=cython.int[::1],
    limit=cython.int, ncw=cython.int, cands=cython.int[::1], values=cython.int[::1],
    cap=cython.int, gcells=cython.ulonglong[::1], gmask=cython.int[::1],
    ghouse=cython.int[::1], gsize=cython.int[::1], order=cython.int[::1],
    tmp=cython.int[::1], oc=cython.int[::1], at=cython.int[::1], un=cython.int[::1],
    cells=cython.ulonglong[::1], masks=cython.int[::1], houses=cython.int[::1],
    odd=cython.int[::1],
    n=cython.int, h=cython.int, m=cython.int, x=cython.int, c=cython.int, most=cython.int,
    k=cython.int, j=cython.int, t=cython.int, u=cython.int, cnt=cython.int, w=cython.int,
    width=cython.int, lo=cython.int, mid=cython.int, hi=cython.int, i=cython.int,
    o=cython.int, src=cython.int[::1], dst=cython.int[::1], keep=cython.int,
    same=cython.bint, one=cython.ulonglong,
)
def collect(
    nh: int, hstart: Any, hcells: Any, hfull: Any, limit: int, ncw: int, cands: Any,
    values: Any, cap: int, gcells: Any, gmask: Any, ghouse: Any, gsize: Any, order: Any,
    tmp: Any, oc: Any, at: Any, un: Any, cells: Any, masks: Any, houses: Any, odd: Any,
) -> int:
    """Every ALS of at most ``limit`` cells of one house (``als._collect``): house h's
    cells are ``hcells[hstart[h]:hstart[h + 1]]``, the open ones those with ``values``
    0 (a full house, ``hfull[h]``, never gives all its open cells). The sets are written
    to ``cells`` (``ncw`` words a set), ``masks`` and ``houses`` smallest first, then by
    cell bitset, each once (with the first house that has it); returns how many. Up to
    ``cap`` sets are found (``g*``, ``order`` and ``tmp`` hold ``cap``; ``oc``, ``at``
    and ``un`` a house's cells): when there are more, returns minus their count and
    writes nothing. ``odd[0]`` gets how many full houses have open cells (two or more)
    holding one digit more than cells (no ALS here, see ``als._Collected``)."""
    one = 1
    n = 0
    odd[0] = 0
    for h in range(nh):
        m = 0
        u = 0
        for x in range(hstart[h], hstart[h + 1]):
            c = hcells[x]
            if not values[c]:
                oc[m] = c
                m += 1
                u |= cands[c]
        if hfull[h] and m >= 2 and _pop(u) == m + 1:
            odd[0] += 1
        most = m - 1 if hfull[h] else m
        if most > limit:
            most = limit
        if most < 1:
            continue
        # Depth-first: at[0..k] the chosen cells (indexes into oc), un[k] their digits.
        k = 0
        at[0] = -1
        while k >= 0:
            at[k] += 1
            j = at[k]
            if j >= m:
                k -= 1
                continue
            u = cands[oc[j]]
            if k:
                u |= un[k - 1]
            cnt = _pop(u)
            if cnt > most + 1:
                continue
            if cnt == k + 2:
                if n < cap:
                    for w in range(ncw):
                        gcells[n * ncw + w] = 0
                    for t in range(k + 1):
                        c = oc[at[t]]
                        gcells[n * ncw + (c >> 6)] |= one << (c & 63)
                    gmask[n] = u
                    ghouse[n] = h
                    gsize[n] = k + 1
                n += 1
            if k + 1 < most:
                un[k] = u
                k += 1
                at[k] = j
    if n > cap:
        return -n
    for i in range(n):
        order[i] = i
    # Bottom-up merge sort of the indexes by (size, cells, found first).
    src = order
    dst = tmp
    width = 1
    while width < n:
        lo = 0
        while lo < n:
            mid = lo + width
            if mid > n:
                mid = n
            hi = lo + 2 * width
            if hi > n:
                hi = n
            i = lo
            j = mid
            o = lo
            while i < mid and j < hi:
                if _before(gsize, gcells, src[j], src[i], ncw):
                    dst[o] = src[j]
                    j += 1
                else:
                    dst[o] = src[i]
                    i += 1
                o += 1
            while i < mid:
                dst[o] = src[i]
                i += 1
                o += 1
            while j < hi:
                dst[o] = src[j]
                j += 1
                o += 1
            lo += 2 * width
        src, dst = dst, src
        width *= 2
    # The same cells found in a later house come right after: keep the first.
    keep = 0
    for i in range(n):
        x = src[i]
        if keep:
            j = src[i - 1]
            same = gsize[j] == gsize[x]
            if same:
                for w in range(ncw):
                    if gcells[j * ncw + w] != gcells[x * ncw + w]:
                        same = False
                        break
            if same:
                continue
        for w in range(ncw):
            cells[keep * ncw + w] = gcells[x * ncw + w]
        masks[keep] = gmask[x]
        houses[keep] = ghouse[x]
        keep += 1
    return keep


@cython.ccall
@cython.locals(
    nals=cython.int, size=cython.int, ncw=cython.int, cells=cython.ulonglong[::1],
    masks=cython.int[::1], pos=cython.ulonglong[::1], peers=cython.ulonglong[::1],
    where=cython.ulonglong[::1], seen=cython.ulonglong[::1], reach=cython.ulonglong[::1],
    potential=cython.int[::1], i=cython.int, d=cython.int, w=cython.int, t=cython.int,
    j=cython.int, pot=cython.int, b=cython.ulonglong, r=cython.ulonglong,
    p=cython.Py_ssize_t, a=cython.Py_ssize_t,
)
def fields(
    nals: int, size: int, ncw: int, cells: Any, masks: Any, pos: Any, peers: Any,
    where: Any, seen: Any, reach: Any, potential: Any,
) -> None:
    """Each set's ``Als`` fields as words, ``ncw`` a (set, digit index) row, set * size +
    digit: ``where`` its cells holding the digit, ``seen`` the cells seeing all of those,
    ``reach`` those of them where the digit is still a candidate (the rows of the digits
    the set lacks are left as they were: never read); ``potential[i]`` the mask of set
    i's digits with some reach.
    ``cells`` and ``pos`` (each digit's places) are ``ncw`` words a row, ``peers``
    ``ncw`` words a cell."""
    for i in range(nals):
        pot = 0
        for d in range(size):
            a = i * size + d
            a *= ncw
            if not (masks[i] >> d & 1):
                continue
            for w in range(ncw):
                where[a + w] = cells[i * ncw + w] & pos[d * ncw + w]
                seen[a + w] = 0xFFFFFFFFFFFFFFFF
            for w in range(ncw):
                b = where[a + w]
                while b:
                    t = _low(b)
                    b &= b - 1
                    p = w * 64 + t
                    p *= ncw
                    for j in range(ncw):
                        seen[a + j] &= peers[p + j]
            r = 0
            for w in range(ncw):
                reach[a + w] = seen[a + w] & pos[d * ncw + w]
                r |= reach[a + w]
            if r:
                pot |= 1 << d
        potential[i] = pot


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(
    seen=cython.ulonglong[::1], pos=cython.ulonglong[::1], masks=cython.int[::1],
    i=cython.int, j=cython.int, r=cython.int, size=cython.int, ncw=cython.int,
    d=cython.int, w=cython.int, bit=cython.int, a=cython.Py_ssize_t, q=cython.Py_ssize_t,
    b=cython.ulonglong, c=cython.ulonglong,
)
@cython.returns(cython.bint)
def _xz(seen: Any, pos: Any, masks: Any, i: int, j: int, r: int, size: int, ncw: int) -> bool:
    """Whether ALS-XZ removes something with sets i and j linked by the RCC digits ``r``
    (``seen`` as in ``fields``): with one RCC, a common digit Z other than it that some
    cell outside both sees in both; with two, either RCC digit seen so in both, or
    another digit of either set seen so in that set; never with three."""
    for d in range(size):
        bit = 1 << d
        a = i * size + d
        a *= ncw
        q = j * size + d
        q *= ncw
        if r & (r - 1):
            if r & (r - 1) & (r & (r - 1)) - 1:
                return False  # three RCCs: not on a board with a solution
            b = 0
            c = 0
            if r & bit:
                for w in range(ncw):
                    b |= seen[a + w] & seen[q + w] & pos[d * ncw + w]
            else:
                if masks[i] & bit:
                    for w in range(ncw):
                        b |= seen[a + w] & pos[d * ncw + w]
                if masks[j] & bit:
                    for w in range(ncw):
                        c |= seen[q + w] & pos[d * ncw + w]
            if b | c:
                return True
        elif masks[i] & masks[j] & ~r & bit:
            b = 0
            for w in range(ncw):
                b |= seen[a + w] & seen[q + w] & pos[d * ncw + w]
            if b:
                return True
    return False


@cython.ccall
@cython.locals(
    nals=cython.int, size=cython.int, ncw=cython.int, ncells=cython.int,
    cells=cython.ulonglong[::1], masks=cython.int[::1], pos=cython.ulonglong[::1],
    where=cython.ulonglong[::1], seen=cython.ulonglong[::1], reach=cython.ulonglong[::1],
    potential=cython.int[::1], overlap=cython.int, cap=cython.int, pairs=cython.int[::1],
    xz=cython.int[::1], counts=cython.int[::1], bfirst=cython.int[::1],
    bsets=cython.int[::1], bfill=cython.int[::1], rr=cython.int[::1],
    touched=cython.int[::1], i=cython.int, j=cython.int, d=cython.int, w=cython.int,
    t=cython.int, c=cython.int, x=cython.int, y=cython.int, r=cython.int, n=cython.int,
    nxz=cython.int, nt=cython.int, pot=cython.int, nidx=cython.int, shared=cython.bint,
    ok=cython.bint, b=cython.ulonglong, sh=cython.ulonglong, a=cython.Py_ssize_t,
    q=cython.Py_ssize_t,
)
def rcc(
    nals: int, size: int, ncw: int, ncells: int, cells: Any, masks: Any, pos: Any,
    where: Any, seen: Any, reach: Any, potential: Any, overlap: int, cap: int, pairs: Any,
    xz: Any, counts: Any, bfirst: Any, bsets: Any, bfill: Any, rr: Any, touched: Any,
) -> None:
    """The restricted common candidates of every two sets i < j, in order, as (i, j,
    digit mask) triples in ``pairs``: the digits d of both whose places in j all see all
    of those in i (sets sharing a cell are linked only with ``overlap``, by a digit none
    of the shared cells holds); and in ``xz`` the indexes of the pairs with which ALS-XZ
    removes something (``_xz``). ``where``, ``seen``, ``reach`` and ``potential`` as
    ``fields`` makes them. ``counts`` gets the number of pairs and of ALS-XZ pairs; only
    the first ``cap`` of each are written (the caller asks again with room for them all).

    Such a d is in i's potential, and j's lowest place of d is in i's reach of d: the
    sets are indexed by (digit, lowest place), and each set i looks only at the sets
    indexed under its reach. Scratch: ``bfirst`` size * ncells + 1 ints, ``bfill`` size *
    ncells, ``bsets`` nals * size, ``rr`` and ``touched`` nals."""
    nidx = size * ncells
    for x in range(nidx + 1):
        bfirst[x] = 0
    for i in range(nals):
        for d in range(size):
            if masks[i] >> d & 1:
                a = i * size + d
                a *= ncw
                for w in range(ncw):
                    if where[a + w]:
                        bfirst[d * ncells + w * 64 + _low(where[a + w]) + 1] += 1
                        break
    for x in range(nidx):
        bfirst[x + 1] += bfirst[x]
        bfill[x] = bfirst[x]
    for i in range(nals):
        rr[i] = 0
        for d in range(size):
            if masks[i] >> d & 1:
                a = i * size + d
                a *= ncw
                for w in range(ncw):
                    if where[a + w]:
                        x = d * ncells + w * 64 + _low(where[a + w])
                        bsets[bfill[x]] = i
                        bfill[x] += 1
                        break
    n = 0
    nxz = 0
    for i in range(nals):
        nt = 0
        pot = potential[i]
        for d in range(size):
            if not (pot >> d & 1):
                continue
            a = i * size + d
            a *= ncw
            for w in range(ncw):
                b = reach[a + w]
                while b:
                    t = _low(b)
                    b &= b - 1
                    x = d * ncells + w * 64 + t
                    # (each list ascending: from its end down to the sets after i)
                    for y in range(bfirst[x + 1] - 1, bfirst[x] - 1, -1):
                        j = bsets[y]
                        if j <= i:
                            break
                        shared = False
                        sh = 0
                        for c in range(ncw):
                            if cells[i * ncw + c] & cells[j * ncw + c]:
                                shared = True
                                sh |= cells[i * ncw + c] & cells[j * ncw + c] & pos[d * ncw + c]
                        if shared and (not overlap or sh):
                            continue
                        q = j * size + d
                        q *= ncw
                        ok = True
                        for c in range(ncw):
                            if where[q + c] & ~seen[a + c]:
                                ok = False
                                break
                        if ok:
                            if not rr[j]:
                                touched[nt] = j
                                nt += 1
                            rr[j] |= 1 << d
        # The partners found, ascending.
        for x in range(1, nt):
            j = touched[x]
            y = x - 1
            while y >= 0 and touched[y] > j:
                touched[y + 1] = touched[y]
                y -= 1
            touched[y + 1] = j
        for x in range(nt):
            j = touched[x]
            r = rr[j]
            rr[j] = 0
            if _xz(seen, pos, masks, i, j, r, size, ncw):
                if nxz < cap:
                    xz[nxz] = n
                nxz += 1
            if n < cap:
                pairs[3 * n] = i
                pairs[3 * n + 1] = j
                pairs[3 * n + 2] = r
            n += 1
    counts[0] = n
    counts[1] = nxz


@cython.ccall
@cython.locals(
    nals=cython.int, ncw=cython.int, cells=cython.ulonglong[::1], masks=cython.int[::1],
    least=cython.int, most=cython.int, i=cython.int, n=cython.int,
)
def cell_list(
    nals: int, ncw: int, cells: Any, masks: Any, least: int, most: int, out: list[int]
) -> None:
    """The cell bitsets (Python integers) of the sets of ``least`` to ``most`` cells (one
    digit fewer than their mask has), in the sets' order, appended to ``out``."""
    for i in range(nals):
        n = _pop(masks[i]) - 1
        if least <= n <= most:
            out.append(_number(cells, i * ncw, ncw))


@cython.ccall
@cython.locals(
    nals=cython.int, npairs=cython.int, pairs=cython.int[::1], first=cython.int[::1],
    other=cython.int[::1], digits=cython.int[::1], fill=cython.int[::1], k=cython.int,
    i=cython.int, j=cython.int,
)
def adjacency(
    nals: int, npairs: int, pairs: Any, first: Any, other: Any, digits: Any, fill: Any
) -> None:
    """``AlsData.links`` from ``pairs``: set i's partners (ascending) and RCC masks are
    ``other`` and ``digits`` from ``first[i]`` to ``first[i + 1]`` (``first`` nals + 1
    ints, ``other`` and ``digits`` 2 * npairs, ``fill`` nals ints of scratch)."""
    for i in range(nals + 1):
        first[i] = 0
    for k in range(npairs):
        first[pairs[3 * k] + 1] += 1
        first[pairs[3 * k + 1] + 1] += 1
    for i in range(nals):
        first[i + 1] += first[i]
        fill[i] = first[i]
    for k in range(npairs):
        i = pairs[3 * k]
        j = pairs[3 * k + 1]
        other[fill[i]] = j
        digits[fill[i]] = pairs[3 * k + 2]
        fill[i] += 1
        other[fill[j]] = i
        digits[fill[j]] = pairs[3 * k + 2]
        fill[j] += 1


@cython.ccall
@cython.locals(
    nals=cython.int, size=cython.int, ncw=cython.int, cells=cython.ulonglong[::1],
    potential=cython.int[::1], reach=cython.ulonglong[::1], first=cython.int[::1],
    other=cython.int[::1], digits=cython.int[::1], overlap=cython.int, ci=cython.int,
    p=cython.int, q=cython.int, a=cython.int, b=cython.int, ra=cython.int, rb=cython.int,
    common=cython.int, live=cython.int, z=cython.int, x=cython.int, y=cython.int,
    zs=cython.int, w=cython.int, hit=cython.bint, pa=cython.Py_ssize_t,
    pb=cython.Py_ssize_t,
)
def wings(
    nals: int, size: int, ncw: int, cells: Any, potential: Any, reach: Any, first: Any,
    other: Any, digits: Any, overlap: int, out: list[tuple[int, int, int, int, int, int]],
) -> None:
    """ALS-XY-Wings (``als.AlsXYWing``): for each pivot C, each two of its partners A
    before B with some potential (sharing no cell unless ``overlap``), each RCC X of A-C
    and Y != X of B-C, the digits Z common to A and B, neither X nor Y, that some cell
    outside both sees in both: (C, A, B, X, Y, Z mask) appended to ``out`` in order."""
    for ci in range(nals):
        for p in range(first[ci], first[ci + 1]):
            a = other[p]
            if not potential[a]:
                continue
            ra = digits[p]
            for q in range(p + 1, first[ci + 1]):
                b = other[q]
                if not potential[b]:
                    continue
                rb = digits[q]
                common = potential[a] & potential[b]
                if not common:
                    continue
                if not overlap:
                    hit = False
                    for w in range(ncw):
                        if cells[a * ncw + w] & cells[b * ncw + w]:
                            hit = True
                            break
                    if hit:
                        continue
                live = 0
                for z in range(size):
                    if common >> z & 1:
                        pa = a * size + z
                        pa *= ncw
                        pb = b * size + z
                        pb *= ncw
                        for w in range(ncw):
                            if reach[pa + w] & reach[pb + w]:
                                live |= 1 << z
                                break
                if not live:
                    continue
                for x in range(size):
                    if not (ra >> x & 1):
                        continue
                    for y in range(size):
                        if y == x or not (rb >> y & 1):
                            continue
                        zs = live & ~(1 << x | 1 << y)
                        if zs:
                            out.append((ci, a, b, x, y, zs))


@cython.ccall
@cython.locals(
    ncells=cython.int, size=cython.int, ncw=cython.int, nals=cython.int,
    potential=cython.int[::1], reach=cython.ulonglong[::1], pfirst=cython.int[::1],
    i=cython.int, d=cython.int, w=cython.int, t=cython.int, x=cython.int, nidx=cython.int,
    b=cython.ulonglong, pr=cython.Py_ssize_t,
)
def petal_counts(
    ncells: int, size: int, ncw: int, nals: int, potential: Any, reach: Any, pfirst: Any
) -> int:
    """Death Blossom's petals of each (digit d, cell c), the sets whose reach of d holds
    c, counted: ``pfirst[d * ncells + c]`` (size * ncells + 1 ints) gets where that
    list starts in ``blossoms``' petal buffer; returns the buffer's length."""
    nidx = size * ncells
    for x in range(nidx + 1):
        pfirst[x] = 0
    for i in range(nals):
        for d in range(size):
            if potential[i] >> d & 1:
                pr = i * size + d
                pr *= ncw
                for w in range(ncw):
                    b = reach[pr + w]
                    while b:
                        t = _low(b)
                        b &= b - 1
                        pfirst[d * ncells + w * 64 + t + 1] += 1
    for x in range(nidx):
        pfirst[x + 1] += pfirst[x]
    return int(pfirst[nidx])


@cython.ccall
@cython.locals(
    ncells=cython.int, size=cython.int, ncw=cython.int, nals=cython.int,
    cands=cython.int[::1], values=cython.int[::1], cells=cython.ulonglong[::1],
    masks=cython.int[::1], potential=cython.int[::1], reach=cython.ulonglong[::1],
    most=cython.int, budget=cython.int, overlap=cython.int, pfirst=cython.int[::1],
    petals=cython.int[::1], pfill=cython.int[::1], small=cython.int[::1],
    lvl=cython.ulonglong[::1], used=cython.ulonglong[::1], lens=cython.Py_ssize_t,
    ldig=cython.Py_ssize_t, order=cython.Py_ssize_t, nxt=cython.Py_ssize_t,
    chosen=cython.Py_ssize_t, live=cython.Py_ssize_t, lstart=cython.Py_ssize_t,
    c=cython.int, d=cython.int, i=cython.int, k=cython.int, nl=cython.int, w=cython.int,
    z=cython.int, t=cython.int, x=cython.int, nidx=cython.int, smask=cython.int,
    ok=cython.bint, zm=cython.int, nlive=cython.int, full=cython.int, hit=cython.bint,
    b=cython.ulonglong, pr=cython.Py_ssize_t, pl=cython.Py_ssize_t, pn=cython.Py_ssize_t,
    row=cython.Py_ssize_t,
)
def blossoms(
    ncells: int, size: int, ncw: int, nals: int, cands: Any, values: Any, cells: Any,
    masks: Any, potential: Any, reach: Any, most: int, budget: int, overlap: int,
    pfirst: Any, petals: Any, pfill: Any, small: Any, lvl: Any, used: Any, out: list[Any],
) -> int:
    """Death Blossoms (``als.DeathBlossom``): for each stem (an open cell of 2 to ``most``
    candidates each of which some set's reach holds), its petal lists (per stem digit,
    the sets whose reach of it holds the stem, ascending; the lists then stably by
    length), and one petal of each list, depth first (disjoint unless ``overlap``),
    keeping the digits Z outside the stem that are in every petal and that some cell
    outside them sees in all: (stem, the lists' digits, the petals, ((Z, cells), ...))
    appended to ``out`` in order. After ``budget`` petal tries the search stops; returns
    the tries left (negative when it ran out). ``pfirst`` as ``petal_counts`` leaves it;
    the lists are written to ``petals`` (its length). Scratch: ``pfill`` size * ncells
    ints, ``small`` 7 * (most + 1) ints, ``lvl`` (most + 1) * size * ncw and ``used``
    (most + 1) * ncw words."""
    lens = 0
    ldig = most + 1
    order = 2 * (most + 1)
    nxt = 3 * (most + 1)
    chosen = 4 * (most + 1)
    live = 5 * (most + 1)
    lstart = 6 * (most + 1)
    full = (1 << size) - 1
    row = size * ncw
    nidx = size * ncells
    for x in range(nidx):
        pfill[x] = pfirst[x]
    for i in range(nals):
        for d in range(size):
            if potential[i] >> d & 1:
                pr = i * size + d
                pr *= ncw
                for w in range(ncw):
                    b = reach[pr + w]
                    while b:
                        t = _low(b)
                        b &= b - 1
                        x = d * ncells + w * 64 + t
                        petals[pfill[x]] = i
                        pfill[x] += 1
    for c in range(ncells):
        if values[c]:
            continue
        smask = cands[c]
        nl = _pop(smask)
        if nl < 2 or nl > most:
            continue
        ok = True
        for d in range(size):
            if smask >> d & 1 and pfirst[d * ncells + c] == pfirst[d * ncells + c + 1]:
                ok = False
                break
        if not ok:
            continue
        # The petal lists in digit order, then ordered stably by length.
        k = 0
        for d in range(size):
            if not (smask >> d & 1):
                continue
            x = d * ncells + c
            small[lstart + k] = pfirst[x]
            small[lens + k] = pfirst[x + 1] - pfirst[x]
            small[ldig + k] = d
            small[order + k] = k
            k += 1
        for k in range(1, nl):
            t = small[order + k]
            i = k - 1
            while i >= 0 and small[lens + small[order + i]] > small[lens + t]:
                small[order + i + 1] = small[order + i]
                i -= 1
            small[order + i + 1] = t
        # Depth first; level k picks from list order[k]; lvl row k holds, for each Z
        # still live, the cells that see it in every petal so far.
        small[live] = full & ~smask
        for w in range(row):
            lvl[w] = 0xFFFFFFFFFFFFFFFF
        for w in range(ncw):
            used[w] = 0
        k = 0
        small[nxt] = 0
        while k >= 0:
            if k == nl:
                out.append((
                    c,
                    tuple([small[ldig + small[order + t]] for t in range(nl)]),
                    tuple([small[chosen + t] for t in range(nl)]),
                    tuple([
                        (z, _number(lvl, nl * row + z * ncw, ncw))
                        for z in range(size) if small[live + nl] >> z & 1
                    ]),
                ))
                k -= 1
                continue
            t = small[order + k]
            if small[nxt + k] >= small[lens + t]:
                k -= 1
                continue
            i = petals[small[lstart + t] + small[nxt + k]]
            small[nxt + k] += 1
            budget -= 1
            if budget < 0:
                return budget
            if not overlap:
                hit = False
                for w in range(ncw):
                    if cells[i * ncw + w] & used[k * ncw + w]:
                        hit = True
                        break
                if hit:
                    continue
            zm = small[live + k] & masks[i]
            if not zm:
                continue
            nlive = 0
            for z in range(size):
                if zm >> z & 1:
                    pl = k * row + z * ncw
                    pn = pl + row
                    pr = i * size + z
                    pr *= ncw
                    b = 0
                    for w in range(ncw):
                        lvl[pn + w] = lvl[pl + w] & reach[pr + w]
                        b |= lvl[pn + w]
                    if b:
                        nlive |= 1 << z
            if not nlive:
                continue
            small[chosen + k] = i
            for w in range(ncw):
                used[(k + 1) * ncw + w] = used[k * ncw + w] | cells[i * ncw + w]
            small[live + k + 1] = nlive
            k += 1
            small[nxt + k] = 0
    return budget


@cython.ccall
@cython.locals(
    nals=cython.int, size=cython.int, potential=cython.int[::1], first=cython.int[::1],
    digits=cython.int[::1], i=cython.int, p=cython.int, nstart=cython.int,
    nexit=cython.int,
)
def chain_sizes(nals: int, size: int, potential: Any, first: Any, digits: Any) -> tuple[int, int]:
    """ALS Chain's counts: the starts (set, Z of its potential) and the ways out of the
    sets (a partner and one RCC digit)."""
    nstart = 0
    for i in range(nals):
        nstart += _pop(potential[i])
    nexit = 0
    for p in range(first[nals]):
        nexit += _pop(digits[p])
    return nstart, nexit


@cython.ccall
@cython.locals(
    nals=cython.int, size=cython.int, ncw=cython.int, potential=cython.int[::1],
    reach=cython.ulonglong[::1], first=cython.int[::1], other=cython.int[::1],
    digits=cython.int[::1], start_set=cython.int[::1], start_z=cython.int[::1],
    start_of=cython.int[::1], sreach=cython.ulonglong[::1], efirst=cython.int[::1],
    target=cython.int[::1], via=cython.int[::1], tid=cython.int[::1],
    tstate=cython.int[::1], i=cython.int, z=cython.int, k=cython.int, w=cython.int,
    p=cython.int, x=cython.int, e=cython.int, n=cython.int, pr=cython.Py_ssize_t,
)
def chain_setup(
    nals: int, size: int, ncw: int, potential: Any, reach: Any, first: Any, other: Any,
    digits: Any, start_set: Any, start_z: Any, start_of: Any, sreach: Any, efirst: Any,
    target: Any, via: Any, tid: Any, tstate: Any,
) -> int:
    """ALS Chain's tables: start k is (``start_set[k]``, ``start_z[k]``) for each set and
    digit of its potential, in order, with that reach (``sreach``, ``ncw`` words a row);
    ``start_of[set * size + z]`` is k, -1 for the other states. The target states (a
    set entered by an RCC digit with a partner) are numbered in state order: ``tid``
    (nals * size) gives the number of a state, -1 for the others, ``tstate`` the state
    of a number. Set i's ways out are ``target`` (the number of the partner's state)
    and ``via`` (the digit) from ``efirst[i]`` to ``efirst[i + 1]``, by partner, then
    digit. Returns how many target states there are."""
    k = 0
    for i in range(nals):
        for z in range(size):
            tid[i * size + z] = -1
            if potential[i] >> z & 1:
                start_set[k] = i
                start_z[k] = z
                start_of[i * size + z] = k
                pr = i * size + z
                pr *= ncw
                for w in range(ncw):
                    sreach[k * ncw + w] = reach[pr + w]
                k += 1
            else:
                start_of[i * size + z] = -1
    for i in range(nals):
        for p in range(first[i], first[i + 1]):
            for x in range(size):
                if digits[p] >> x & 1:
                    tid[other[p] * size + x] = -2
    n = 0
    for i in range(nals * size):
        if tid[i] == -2:
            tid[i] = n
            tstate[n] = i
            n += 1
    e = 0
    for i in range(nals):
        efirst[i] = e
        for p in range(first[i], first[i + 1]):
            for x in range(size):
                if digits[p] >> x & 1:
                    target[e] = tid[other[p] * size + x]
                    via[e] = x
                    e += 1
    efirst[nals] = e
    return n
