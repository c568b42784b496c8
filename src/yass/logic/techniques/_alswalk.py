# cython: language_level=3, annotation_typing=False, cdivision=True
# cython: boundscheck=False, wraparound=False, initializedcheck=False
"""The ALS Chain's breadth-first search (``yass.logic.techniques.als.AlsChain``) on 64-bit words.

The search runs from every start (an almost locked set with a digit Z it could remove
somewhere) at once. A state is a set entered by a digit, numbered ``set * size + digit``;
a level holds, for each state, the starts whose chains of that many links reach it, as
a bitset of start indexes. Here a level is ``nstates * W`` words in a buffer the caller
owns (W words a state), where ``als._DictLevels`` keeps a dict of Python integers. The
caller looks at the rare states that meet a partner start in Python.

Cython pure-Python mode, like ``yass.logic.techniques._chainwalk``; ``als`` uses it only when
this module is compiled, and the tests compare the two searches.
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

__all__ = ["advance", "fields", "is_compiled", "partners", "rcc", "scan"]


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
    ``size * ncells * W`` words, zeroed by the caller."""
    one = 1
    for k in range(nstart):
        bit = one << (k & 63)
        for w in range(ncw):
            b = reach[k * ncw + w]
            t = 0
            while b:
                if b & 1:
                    c = w * 64 + t
                    near[(digit[k] * ncells + c) * W + (k >> 6)] |= bit
                b >>= 1
                t += 1
    for k in range(nstart):
        row = k
        row *= W
        for w in range(ncw):
            b = reach[k * ncw + w]
            t = 0
            while b:
                if b & 1:
                    c = w * 64 + t
                    at = digit[k] * ncells + c
                    at *= W
                    for t2 in range(W):
                        out[row + t2] |= near[at + t2]
                b >>= 1
                t += 1


@cython.ccall
@cython.locals(
    cur=cython.ulonglong[::1],
    nxt=cython.ulonglong[::1],
    W=cython.int,
    nset=cython.int,
    size=cython.int,
    first=cython.int[::1],
    target=cython.int[::1],
    via=cython.int[::1],
    i=cython.int,
    e=cython.int,
    x=cython.int,
    w=cython.int,
    s=cython.Py_ssize_t,
    d=cython.Py_ssize_t,
)
def advance(
    cur: Any, nxt: Any, W: int, nset: int, size: int, first: Any, target: Any, via: Any
) -> int:
    """One link further: each state (i, e) of ``cur`` passes its starts to every state
    its set leads to by an RCC digit other than e (set i's ways out are ``target[x]``,
    entered by digit ``via[x]``, for x in ``first[i]`` to ``first[i + 1]``). ``nxt`` is
    zeroed by the caller. Returns how many states of ``nxt`` are reached."""
    for i in range(nset):
        for e in range(size):
            s = i * size + e
            s *= W
            if not _holds(cur, s, W):
                continue
            for x in range(first[i], first[i + 1]):
                if via[x] == e:
                    continue
                d = target[x]
                d *= W
                for w in range(W):
                    nxt[d + w] |= cur[s + w]
    x = 0
    for i in range(nset * size):
        s = i
        s *= W
        if _holds(nxt, s, W):
            x += 1
    return x


@cython.ccall
@cython.locals(
    level=cython.ulonglong[::1],
    part=cython.ulonglong[::1],
    W=cython.int,
    nset=cython.int,
    size=cython.int,
    potential=cython.int[::1],
    start_of=cython.int[::1],
    i=cython.int,
    e=cython.int,
    z=cython.int,
    k=cython.int,
    w=cython.int,
    s=cython.Py_ssize_t,
    p=cython.Py_ssize_t,
    m=cython.int,
)
def scan(
    level: Any, part: Any, W: int, nset: int, size: int, potential: Any, start_of: Any,
    out: list[tuple[int, int]],
) -> None:
    """The (state, z) pairs, in order, where a state (j, e) of ``level`` meets a partner
    of the start (j, z), z one of set j's digits ``potential[j]`` other than e:
    appended to ``out``."""
    for i in range(nset):
        for e in range(size):
            s = i * size + e
            s *= W
            if not _holds(level, s, W):
                continue
            m = potential[i] & ~(1 << e)
            z = 0
            while m:
                if m & 1:
                    k = start_of[i * size + z]
                    p = k
                    p *= W
                    for w in range(W):
                        if level[s + w] & part[p + w]:
                            out.append((i * size + e, z))
                            break
                m >>= 1
                z += 1


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
    (``seen`` as in ``rcc``): with one RCC, a common digit Z other than it that some cell
    outside both sees in both; with two, either RCC digit seen so in both, or another
    digit of either set seen so in that set; never with three."""
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
    nals=cython.int,
    size=cython.int,
    ncw=cython.int,
    cells=cython.ulonglong[::1],
    masks=cython.int[::1],
    pos=cython.ulonglong[::1],
    peers=cython.ulonglong[::1],
    overlap=cython.int,
    seen=cython.ulonglong[::1],
    i=cython.int,
    j=cython.int,
    d=cython.int,
    w=cython.int,
    t=cython.int,
    common=cython.int,
    mi=cython.int,
    r=cython.int,
    shared=cython.ulonglong,
    b=cython.ulonglong,
    a=cython.Py_ssize_t,
    p=cython.Py_ssize_t,
    h=cython.Py_ssize_t,
    q=cython.Py_ssize_t,
    ci0=cython.ulonglong,
    ci1=cython.ulonglong,
    sh0=cython.ulonglong,
    sh1=cython.ulonglong,
)
def rcc(
    nals: int, size: int, ncw: int, cells: Any, masks: Any, pos: Any, peers: Any,
    overlap: int, seen: Any, out: list[tuple[int, int, int]], xz: list[int],
) -> None:
    """The restricted common candidates of every two sets i < j, in order, appended to
    ``out`` as (i, j, digit mask): the digits d of both whose places in j all see all of
    those in i (sets sharing a cell are linked only with ``overlap``, by a digit none
    of the shared cells holds); and to ``xz`` the indexes in ``out`` of the pairs with
    which ALS-XZ removes something (``_xz``). ``cells`` and ``pos`` (each digit's
    places) are ``ncw`` words a row, ``peers`` ``ncw`` words a cell; ``seen`` is
    scratch, ``2 * nals * size * ncw`` words (the cells seeing all of a set's places of
    a digit, then those places)."""
    h = nals
    h *= size * ncw
    for i in range(nals):
        for d in range(size):
            if not (masks[i] >> d & 1):
                continue
            a = i * size + d
            a *= ncw
            for w in range(ncw):
                seen[a + w] = 0xFFFFFFFFFFFFFFFF
                seen[h + a + w] = cells[i * ncw + w] & pos[d * ncw + w]
            for w in range(ncw):
                b = seen[h + a + w]
                t = 0
                while b:
                    if b & 1:
                        p = w * 64 + t
                        p *= ncw
                        for j in range(ncw):
                            seen[a + j] &= peers[p + j]
                    b >>= 1
                    t += 1
    if ncw == 2:
        # The usual grids (65 to 128 cells): two words a row, held in locals.
        for i in range(nals):
            ci0 = cells[2 * i]
            ci1 = cells[2 * i + 1]
            mi = masks[i]
            for j in range(i + 1, nals):
                common = mi & masks[j]
                if not common:
                    continue
                sh0 = ci0 & cells[2 * j]
                sh1 = ci1 & cells[2 * j + 1]
                if (sh0 | sh1) and not overlap:
                    continue
                r = 0
                d = 0
                while common:
                    if common & 1 and not (
                        (sh0 | sh1) and (sh0 & pos[2 * d] | sh1 & pos[2 * d + 1])
                    ):
                        a = i * size + d
                        a *= 2
                        q = j * size + d
                        q = h + 2 * q
                        if not (seen[q] & ~seen[a] | seen[q + 1] & ~seen[a + 1]):
                            r |= 1 << d
                    common >>= 1
                    d += 1
                if r:
                    if _xz(seen, pos, masks, i, j, r, size, ncw):
                        xz.append(len(out))
                    out.append((i, j, r))
        return
    for i in range(nals):
        for j in range(i + 1, nals):
            common = masks[i] & masks[j]
            if not common:
                continue
            shared = 0
            for w in range(ncw):
                shared |= cells[i * ncw + w] & cells[j * ncw + w]
            if shared and not overlap:
                continue
            r = 0
            for d in range(size):
                if not (common >> d & 1):
                    continue
                if shared:
                    b = 0
                    for w in range(ncw):
                        b |= cells[i * ncw + w] & cells[j * ncw + w] & pos[d * ncw + w]
                    if b:
                        continue
                a = i * size + d
                a *= ncw
                q = j * size + d
                q = h + q * ncw
                b = 0
                for w in range(ncw):
                    b |= seen[q + w] & ~seen[a + w]
                if not b:
                    r |= 1 << d
            if r:
                if _xz(seen, pos, masks, i, j, r, size, ncw):
                    xz.append(len(out))
                out.append((i, j, r))


@cython.cfunc
@cython.locals(buf=cython.ulonglong[::1], at=cython.Py_ssize_t, ncw=cython.int, w=cython.int)
def _number(buf: Any, at: int, ncw: int) -> int:
    """The ``ncw`` words of ``buf`` from ``at`` as one Python integer (little-endian)."""
    v: Any = 0
    for w in range(ncw - 1, -1, -1):
        v = (v << 64) | buf[at + w]
    return v  # type: ignore[no-any-return]


@cython.ccall
@cython.locals(
    nals=cython.int,
    size=cython.int,
    ncw=cython.int,
    cells=cython.ulonglong[::1],
    masks=cython.int[::1],
    pos=cython.ulonglong[::1],
    peers=cython.ulonglong[::1],
    scratch=cython.ulonglong[::1],
    i=cython.int,
    d=cython.int,
    w=cython.int,
    t=cython.int,
    j=cython.int,
    pot=cython.int,
    b=cython.ulonglong,
    r=cython.ulonglong,
    p=cython.Py_ssize_t,
    s=cython.Py_ssize_t,
)
def fields(
    nals: int, size: int, ncw: int, cells: Any, masks: Any, pos: Any, peers: Any,
    scratch: Any, out: list[tuple[list[int], list[int], list[int], int]],
) -> None:
    """Each set's ``Als`` fields, appended to ``out`` in order as (where, seen, reach,
    potential): per digit index d of the set's mask, its cells holding d, the cells
    seeing all of those, and those of them where d is still a candidate (0 for the other
    digits); potential the mask of the digits whose reach is not empty. ``cells`` and
    ``pos`` are ``ncw`` words a row, ``peers`` ``ncw`` words a cell; ``scratch`` is
    ``2 * ncw`` words."""
    s = ncw
    for i in range(nals):
        where: list[int] = [0] * size
        seen: list[int] = [0] * size
        reach: list[int] = [0] * size
        pot = 0
        for d in range(size):
            if not (masks[i] >> d & 1):
                continue
            for w in range(ncw):
                scratch[w] = cells[i * ncw + w] & pos[d * ncw + w]
                scratch[s + w] = 0xFFFFFFFFFFFFFFFF
            for w in range(ncw):
                b = scratch[w]
                t = 0
                while b:
                    if b & 1:
                        p = w * 64 + t
                        p *= ncw
                        for j in range(ncw):
                            scratch[s + j] &= peers[p + j]
                    b >>= 1
                    t += 1
            where[d] = _number(scratch, 0, ncw)
            seen[d] = _number(scratch, s, ncw)
            r = 0
            for w in range(ncw):
                scratch[w] = scratch[s + w] & pos[d * ncw + w]
                r |= scratch[w]
            if r:
                pot |= 1 << d
                reach[d] = _number(scratch, 0, ncw)
        out.append((where, seen, reach, pot))
