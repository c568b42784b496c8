# cython: language_level=3, annotation_typing=False, cdivision=True
# cython: boundscheck=False, wraparound=False, initializedcheck=False
"""The forward search of forcing chains and nets (``yass.logic.techniques.forcing``,
``_Search.advance``) on 64-bit words.

``forcing._Search`` keeps each branch's facts as Python integers over the candidates
(index ``(d - 1) * ncells + cell``) and derives a branch's next implication layer by
looping over the bits of its last layer. Here the same sets are arrays of W 64-bit words
in buffers the caller owns: a branch is 4W words (on, off, and the last layer's on and
off, the "front"); the implication tables (``off_of_on`` and a chain's ``_Static``
tables) are W words a candidate. ``layer`` advances every active branch by one layer,
exactly as ``advance`` does: the same contradictions (witnesses in the same order), the
same facts, the same end of a branch.

A net's judgement of cells and houses (``_Search._judge``) works on cell sets of CW
words (the candidates of one digit, ``ncells`` bits): the layout's full houses per
digit, the peers and each cell's candidates come in tables too. Layouts whose nets
use relation tables or rules' hooks stay in Python (``forcing`` does not call this
module for them).

Cython pure-Python mode, like ``_chainwalk``; ``forcing`` calls ``layer`` only when this
module is compiled (interpreted, its own integers are faster), and the tests compare the
two searches.
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
    "bytes_view", "check_tables", "ints_view", "is_compiled", "layer", "net_closure",
    "ooo_table", "premises", "seed", "static_tables", "unset", "verities", "words_view",
]

if not cython.compiled:  # C values when compiled (declared in _forcingwalk.pxd)
    LOWBIT = [0] * 64  # the index of a word's single set bit, by its de Bruijn product
ALL = 0xFFFFFFFFFFFFFFFF  # masks products and shifts to 64 bits when interpreted
DEBRUIJN = 0x03F79D71B4CA8B09
M1 = 0x5555555555555555  # the bit-count masks (C values when compiled)
M2 = 0x3333333333333333
M4 = 0x0F0F0F0F0F0F0F0F
H01 = 0x0101010101010101


@cython.locals(i=cython.int, one=cython.ulonglong)
def _setup() -> None:
    one = 1
    for i in range(64):
        LOWBIT[(((one << i) * DEBRUIJN) & ALL) >> 58] = i


_setup()


def is_compiled() -> bool:
    """True when this module is the compiled extension, False when interpreted."""
    return bool(cython.compiled)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(low=cython.ulonglong)
@cython.returns(cython.int)
def _index(low: int) -> int:
    # The index of the single set bit of ``low``.
    if cython.compiled:
        return yass_fw_ctz(low)  # type: ignore[name-defined,no-any-return]  # noqa: F821
    return LOWBIT[((low * DEBRUIJN) & ALL) >> 58]


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(x=cython.ulonglong)
@cython.returns(cython.int)
def _popcount(x: int) -> int:
    if cython.compiled:
        return yass_fw_popcount(x)  # type: ignore[name-defined,no-any-return]  # noqa: F821
    x = x - ((x >> 1) & M1)
    x = (x & M2) + ((x >> 2) & M2)
    x = (x + (x >> 4)) & M4
    return ((x * H01) & ALL) >> 56


@cython.ccall
@cython.locals(view=cython.ulonglong[::1])
def words_view(buf: Any) -> Any:
    """``buf`` (64-bit words) as this module's own view of it, which its functions take
    without checking the buffer's format again on every call (the buffer itself when
    interpreted)."""
    if cython.compiled:
        view = buf
        return view
    return buf


@cython.ccall
@cython.locals(view=cython.int[::1])
def ints_view(buf: Any) -> Any:
    """``words_view`` for a buffer of C ints."""
    if cython.compiled:
        view = buf
        return view
    return buf


@cython.ccall
@cython.locals(view=cython.uchar[::1])
def bytes_view(buf: Any) -> Any:
    """``words_view`` for a buffer of bytes."""
    if cython.compiled:
        view = buf
        return view
    return buf


@cython.locals(n=cython.Py_ssize_t)
def unset(n: int) -> bytearray:
    """A bytearray of ``n`` bytes for rows that are written before they are read: left
    unset when compiled (no time spent clearing it), zeroed when interpreted."""
    if cython.compiled:
        return yass_fw_unset(n)  # type: ignore[name-defined,no-any-return]  # noqa: F821
    return bytearray(n)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(
    src=cython.ulonglong[::1],
    at=cython.Py_ssize_t,
    W=cython.int,
    start=cython.int,
    n=cython.int,
    dst=cython.ulonglong[::1],
    dat=cython.Py_ssize_t,
    CW=cython.int,
    j=cython.int,
    p=cython.int,
    q=cython.int,
    o=cython.int,
    rem=cython.int,
    v=cython.ulonglong,
    one=cython.ulonglong,
)
@cython.returns(cython.void)
def _extract(
    src: Any, at: int, W: int, start: int, n: int, dst: Any, dat: int, CW: int
) -> None:
    # Bits start .. start + n - 1 of the W-word set at src[at] into the CW words at dst[dat].
    one = 1
    for j in range(CW):
        p = start + 64 * j
        q = p >> 6
        o = p & 63
        v = src[at + q] >> o
        if o and q + 1 < W:
            v |= (src[at + q + 1] << (64 - o)) & ALL
        dst[dat + j] = v
    rem = n - 64 * (CW - 1)
    if rem < 64:
        dst[dat + CW - 1] &= (one << rem) - 1


@cython.ccall
@cython.locals(
    W=cython.int,
    dyn=cython.int,
    tables=cython.ulonglong[::1],
    chk_start=cython.int[::1],
    chk_ids=cython.int[::1],
    wmask=cython.ulonglong[::1],
    n=cython.int,
    size=cython.int,
    CW=cython.int,
    cand=cython.ulonglong[::1],
    cells=cython.ulonglong[::1],
    cand_digits=cython.int[::1],
    peers=cython.ulonglong[::1],
    row_start=cython.int[::1],
    row_info=cython.int[::1],
    row_sets=cython.ulonglong[::1],
    state=cython.ulonglong[::1],
    act=cython.int[::1],
    nact=cython.int,
    max_facts=cython.int,
    tmp=cython.ulonglong[::1],
    wit=cython.int[::1],
    changed=cython.int[::1],
    store=cython.ulonglong[::1],
    top=cython.Py_ssize_t,
    hist=cython.int[::1],
    hs=cython.int,
    k0=cython.int,
    last=cython.int[::1],
    counts=cython.int[::1],
    a=cython.int,
    bi=cython.int,
    nxt=cython.int,
    nch=cython.int,
    nw=cython.int,
    w=cython.int,
    j=cython.int,
    i=cython.int,
    k=cython.int,
    wid=cython.int,
    facts=cython.int,
    inside=cython.int,
    base=cython.Py_ssize_t,
    row=cython.Py_ssize_t,
    cw=cython.Py_ssize_t,
    b=cython.ulonglong,
    low=cython.ulonglong,
    any_new=cython.ulonglong,
    any_front=cython.ulonglong,
    N=cython.int,
)
def layer(
    W: int,
    dyn: int,
    tables: Any,
    chk_start: Any,
    chk_ids: Any,
    wmask: Any,
    n: int,
    size: int,
    CW: int,
    cand: Any,
    cells: Any,
    cand_digits: Any,
    peers: Any,
    row_start: Any,
    row_info: Any,
    row_sets: Any,
    state: Any,
    act: Any,
    nact: int,
    max_facts: int,
    tmp: Any,
    wit: Any,
    changed: Any,
    dead: list[tuple[int, list[int]]],
    store: Any,
    top: int,
    hist: Any,
    hs: int,
    k0: int,
    last: Any,
    counts: Any,
) -> tuple[int, int, int]:
    """One implication layer of the branches ``act[:nact]`` (indexes into ``state``, 4W
    words a branch: on, off, front on, front off), as ``forcing._Search.advance``.

    ``tables``: N rows of W words (N = size * n candidates) for each of off_of_on and,
    for a chain (``dyn`` 0), on_of_off, off_of_off, on_of_on, grp_off, in that order.
    A chain's contradiction checks: ``chk_ids[chk_start[i]:chk_start[i + 1]]`` are the
    witnesses candidate i's removal may complete, ``wmask`` W words a witness (the
    candidates that must not all be removed). A net's judgement (``dyn`` 1): ``cand``
    (the board's candidates by digit: each digit's places, CW words a digit),
    ``cells`` (2 CW words: the unplaced cells with a candidate, and those with two or
    more), ``cand_digits`` (each cell's digit mask),
    ``peers`` (CW words a cell), the full houses of each digit ``row_start[d]`` ..
    ``row_start[d + 1]`` with ``row_info`` (house index, reach: 2 ints a row) and
    ``row_sets`` (house mask, places: 2 CW words a row).

    Witness ids: a cell c is c, a house h of digit d is n + h * size + d, a candidate
    both set and removed is -(i + 1). A branch that breaks goes to ``dead`` as (branch,
    its witnesses in order). ``changed[:nch]``: the branches with a new layer; the
    branches that go on are moved to the front of ``act``. ``tmp``: scratch of 2W +
    (3 * size + 4) * CW words; ``wit``: scratch of N + n + size * len(houses) ints.

    The sets (on, off) of each branch that changed are copied to ``store`` from word
    ``top`` on (2W words a branch, room for ``nact`` of them): branch bi's copy of this
    layer (``k0``, counted from 0) is at ``hist[bi * hs + k0]``, and ``last[bi]`` becomes
    k0 + 1 (the layers a branch changed in follow one another from the first).
    ``counts[bi]``: the candidates set or removed in branch bi (1 from ``seed``), kept up
    to date. Returns (the branches that go on, nch, the new top).
    """
    N = size * n
    nxt = 0
    nch = 0
    cw = 2 * W  # the net's cell sets in tmp: slices, touched, ones, twos, scratch
    for a in range(nact):
        bi = act[a]
        base = bi
        base *= 4 * W
        nw = 0
        # A candidate both set and removed.
        for w in range(W):
            b = state[base + w] & state[base + W + w]
            while b:
                low = b & (~b + 1)
                b ^= low
                wit[nw] = -(w * 64 + _index(low) + 1)
                nw += 1
        for w in range(2 * W):
            tmp[w] = 0
        any_front = 0
        for w in range(W):
            any_front |= state[base + 3 * W + w]
        if any_front:
            if not dyn:
                # The cells and houses whose last candidate or place just went.
                for w in range(W):
                    b = state[base + 3 * W + w]
                    while b:
                        low = b & (~b + 1)
                        b ^= low
                        i = w * 64 + _index(low)
                        for j in range(chk_start[i], chk_start[i + 1]):
                            wid = chk_ids[j]
                            row = wid
                            row *= W
                            inside = 1
                            for k in range(W):
                                if wmask[row + k] & ~state[base + W + k]:
                                    inside = 0
                                    break
                            if not inside:
                                continue
                            for k in range(nw):
                                if wit[k] == wid:
                                    inside = 0
                                    break
                            if inside:
                                wit[nw] = wid
                                nw += 1
            else:
                nw = _judge(W, n, size, CW, cand, cells, cand_digits, peers, row_start,
                            row_info, row_sets, state, base, tmp, cw, wit, nw)
        if nw:
            dead.append((bi, [wit[k] for k in range(nw)]))
            continue
        # Set facts remove (off_of_on; a chain's groups also set and remove) ...
        for w in range(W):
            b = state[base + 2 * W + w]
            while b:
                low = b & (~b + 1)
                b ^= low
                i = w * 64 + _index(low)
                row = i
                row *= W
                for k in range(W):
                    tmp[W + k] |= tables[row + k]
                if not dyn:
                    row += 3 * N * W
                    for k in range(W):
                        tmp[k] |= tables[row + k]
                    row += N * W
                    for k in range(W):
                        tmp[W + k] |= tables[row + k]
        # ... and a chain's removed facts set and remove.
        if not dyn:
            for w in range(W):
                b = state[base + 3 * W + w]
                while b:
                    low = b & (~b + 1)
                    b ^= low
                    i = w * 64 + _index(low)
                    row = i
                    row = (row + N) * W
                    for k in range(W):
                        tmp[k] |= tables[row + k]
                    row += N * W
                    for k in range(W):
                        tmp[W + k] |= tables[row + k]
        any_new = 0
        for w in range(W):
            tmp[w] &= ~state[base + w]
            tmp[W + w] &= ~state[base + W + w]
            any_new |= tmp[w] | tmp[W + w]
        if not any_new:
            continue  # done: nothing more follows
        facts = counts[bi]
        for w in range(W):
            b = (tmp[w] | tmp[W + w]) & ~(state[base + w] | state[base + W + w])
            if b:
                facts += _popcount(b)
            state[base + w] |= tmp[w]
            state[base + W + w] |= tmp[W + w]
            state[base + 2 * W + w] = tmp[w]
            state[base + 3 * W + w] = tmp[W + w]
        counts[bi] = facts
        changed[nch] = bi
        nch += 1
        hist[bi * hs + k0] = top
        last[bi] = k0 + 1
        for w in range(2 * W):
            store[top + w] = state[base + w]
        top += 2 * W
        if facts <= max_facts:
            act[nxt] = bi
            nxt += 1
    return nxt, nch, top


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(
    W=cython.int,
    n=cython.int,
    size=cython.int,
    CW=cython.int,
    cand=cython.ulonglong[::1],
    cells=cython.ulonglong[::1],
    cand_digits=cython.int[::1],
    peers=cython.ulonglong[::1],
    row_start=cython.int[::1],
    row_info=cython.int[::1],
    row_sets=cython.ulonglong[::1],
    state=cython.ulonglong[::1],
    base=cython.Py_ssize_t,
    tmp=cython.ulonglong[::1],
    cw=cython.Py_ssize_t,
    wit=cython.int[::1],
    nw=cython.int,
    d=cython.int,
    w=cython.int,
    j=cython.int,
    r=cython.int,
    c=cython.int,
    y=cython.int,
    e=cython.int,
    h=cython.int,
    cnt=cython.int,
    one_place=cython.int,
    ones=cython.Py_ssize_t,
    twos=cython.Py_ssize_t,
    onc=cython.Py_ssize_t,
    com=cython.Py_ssize_t,
    sl=cython.Py_ssize_t,
    tt=cython.Py_ssize_t,
    hm=cython.Py_ssize_t,
    sp=cython.Py_ssize_t,
    pr=cython.Py_ssize_t,
    i=cython.Py_ssize_t,
    b=cython.ulonglong,
    low=cython.ulonglong,
    s=cython.ulonglong,
    t=cython.ulonglong,
    any_s=cython.ulonglong,
    diff=cython.ulonglong,
    any_c=cython.ulonglong,
    one=cython.ulonglong,
    mask=cython.int,
)
@cython.returns(cython.int)
def _judge(
    W: int,
    n: int,
    size: int,
    CW: int,
    cand: Any,
    cells: Any,
    cand_digits: Any,
    peers: Any,
    row_start: Any,
    row_info: Any,
    row_sets: Any,
    state: Any,
    base: int,
    tmp: Any,
    cw: int,
    wit: Any,
    nw: int,
) -> int:
    # A net's cells and houses after the branch's removals (``forcing._Search._judge``):
    # contradictions into wit (returns their count); the singles it sets into tmp[0:W],
    # the locked candidates it removes into tmp[W:2W].
    one = 1
    sl = cw  # size * CW: the candidates left, by digit
    tt = sl + size * CW  # size * CW: the removals of the last layer, by digit
    ones = tt + size * CW
    twos = ones + CW
    onc = twos + CW  # the cells set in the branch
    com = onc + CW
    # alive = the digit's places & ~off, one digit at a time (off's slice in com)
    for w in range(CW):
        tmp[ones + w] = 0
        tmp[twos + w] = 0
    for d in range(size):
        _extract(state, base + W, W, d * n, n, tmp, com, CW)
        for w in range(CW):
            tmp[sl + d * CW + w] = cand[d * CW + w] & ~tmp[com + w]
            b = tmp[sl + d * CW + w]
            tmp[twos + w] |= tmp[ones + w] & b
            tmp[ones + w] |= b
        _extract(state, base + 3 * W, W, d * n, n, tmp, tt + d * CW, CW)
    for w in range(CW):
        b = cells[w] & ~tmp[ones + w]
        while b:
            low = b & (~b + 1)
            b ^= low
            wit[nw] = w * 64 + _index(low)
            nw += 1
    for d in range(size):
        t = 0
        for w in range(CW):
            t |= tmp[tt + d * CW + w]
        if not t:
            continue
        for r in range(row_start[d], row_start[d + 1]):
            hm = r
            hm *= 2 * CW
            sp = hm + CW
            t = 0
            for w in range(CW):
                t |= row_sets[hm + w] & tmp[tt + d * CW + w]
            if not t:
                continue
            any_s = 0
            cnt = 0
            for w in range(CW):
                s = tmp[sl + d * CW + w] & row_sets[hm + w]
                if s:
                    any_s = 1
                    cnt += _popcount(s)
            h = row_info[2 * r]
            if not any_s:
                wit[nw] = n + h * size + d
                nw += 1
            elif cnt == 1:
                diff = 0
                c = 0
                for w in range(CW):
                    s = tmp[sl + d * CW + w] & row_sets[hm + w]
                    diff |= s ^ row_sets[sp + w]
                    if s:
                        c = w * 64 + _index(s)
                if diff:
                    i = d * n + c
                    tmp[i >> 6] |= one << (i & 63)
            elif cnt <= row_info[2 * r + 1]:
                # The places left all see a cell outside the house: it loses d.
                any_c = 0
                for w in range(CW):
                    tmp[com + w] = tmp[sl + d * CW + w] & ~row_sets[hm + w]
                    any_c |= tmp[com + w]
                for w in range(CW):
                    if not any_c:
                        break
                    b = tmp[sl + d * CW + w] & row_sets[hm + w]
                    while b and any_c:
                        low = b & (~b + 1)
                        b ^= low
                        pr = w * 64 + _index(low)
                        pr *= CW
                        any_c = 0
                        for j in range(CW):
                            tmp[com + j] &= peers[pr + j]
                            any_c |= tmp[com + j]
                for w in range(CW):
                    b = tmp[com + w]
                    while b:
                        low = b & (~b + 1)
                        b ^= low
                        y = w * 64 + _index(low)
                        pr = y
                        pr *= CW
                        diff = 0
                        for j in range(CW):
                            # gone = places & ~left; does any of them not see y?
                            diff |= (
                                row_sets[sp + j]
                                & ~(tmp[sl + d * CW + j] & row_sets[hm + j])
                                & ~peers[pr + j]
                            )
                        if diff:
                            i = d * n + y
                            tmp[W + (i >> 6)] |= one << (i & 63)
    if nw:
        return nw
    # Naked singles: a multi-candidate cell not set in the branch with one candidate left.
    for w in range(CW):
        tmp[onc + w] = 0
    for d in range(size):
        _extract(state, base, W, d * n, n, tmp, com, CW)
        for w in range(CW):
            tmp[onc + w] |= tmp[com + w]
    for w in range(CW):
        b = tmp[ones + w] & ~tmp[twos + w] & cells[CW + w] & ~tmp[onc + w]
        while b:
            low = b & (~b + 1)
            b ^= low
            c = w * 64 + _index(low)
            mask = cand_digits[c]
            for e in range(size):
                if mask >> e & 1 and tmp[sl + e * CW + (c >> 6)] >> (c & 63) & 1:
                    i = e * n + c
                    tmp[i >> 6] |= one << (i & 63)
                    break
    return nw


@cython.ccall
@cython.locals(
    W=cython.int,
    state=cython.ulonglong[::1],
    g_start=cython.int[::1],
    g_members=cython.int[::1],
    changed=cython.int[::1],
    nch=cython.int,
    bo_start=cython.int[::1],
    bo_groups=cython.int[::1],
    mark=cython.uchar[::1],
    rep=cython.ulonglong[::1],
    useful=cython.ulonglong[::1],
    cand=cython.ulonglong[::1],
    tmp=cython.ulonglong[::1],
    hits=cython.int[::1],
    t=cython.int,
    gi=cython.int,
    lo=cython.int,
    hi=cython.int,
    j=cython.int,
    w=cython.int,
    nh=cython.int,
    at=cython.Py_ssize_t,
    rp=cython.Py_ssize_t,
    any_new=cython.ulonglong,
)
def verities(
    W: int,
    state: Any,
    g_start: Any,
    g_members: Any,
    changed: Any,
    nch: int,
    bo_start: Any,
    bo_groups: Any,
    mark: Any,
    rep: Any,
    useful: Any,
    cand: Any,
    tmp: Any,
    hits: Any,
) -> int:
    """The groups (branches ``g_members[g_start[g]:g_start[g + 1]]``, whose premises
    cannot all be false) of the branches ``changed[:nch]`` (branch b's groups are
    ``bo_groups[bo_start[b]:bo_start[b + 1]]``), in order, with facts common to all
    their branches not reported yet, as ``forcing._Search._verities`` finds them: set
    facts within ``useful``, removed facts within ``cand``, beyond the group's ``rep``
    (2W words a group: set, removed), which takes them in. The groups go to ``hits``;
    returns how many. ``mark``: a byte a group, all 0 (and left so); ``tmp``: 2W words
    of scratch."""
    nh = 0
    lo = -1
    hi = -1
    for t in range(nch):
        at = changed[t]
        for j in range(bo_start[at], bo_start[at + 1]):
            gi = bo_groups[j]
            mark[gi] = 1
            if lo < 0 or gi < lo:
                lo = gi
            if gi > hi:
                hi = gi
    if lo < 0:
        return 0
    for gi in range(lo, hi + 1):
        if not mark[gi]:
            continue
        mark[gi] = 0
        # What may be new, then ANDed with each branch (until nothing is left).
        rp = gi
        rp *= 2 * W
        any_new = 0
        for w in range(W):
            tmp[w] = useful[w] & ~rep[rp + w]
            tmp[W + w] = cand[w] & ~rep[rp + W + w]
            any_new |= tmp[w] | tmp[W + w]
        for j in range(g_start[gi], g_start[gi + 1]):
            if not any_new:
                break
            at = g_members[j]
            at *= 4 * W
            any_new = 0
            for w in range(2 * W):
                tmp[w] &= state[at + w]
                any_new |= tmp[w]
        if not any_new:
            continue
        for w in range(2 * W):
            rep[rp + w] |= tmp[w]
        hits[nh] = gi
        nh += 1
    return nh


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(focus=cython.int[::1], nfocus=cython.int, kind=cython.int, a0=cython.int,
               a1=cython.int, j=cython.int)
@cython.returns(cython.int)
def _wanted(focus: Any, nfocus: int, kind: int, a0: int, a1: int) -> int:
    # Whether the group (kind, a0, a1) is among the nfocus triples of focus (all when
    # nfocus < 0).
    if nfocus < 0:
        return 1
    for j in range(nfocus):
        if focus[3 * j] == kind and focus[3 * j + 1] == a0 and focus[3 * j + 2] == a1:
            return 1
    return 0


@cython.ccall
@cython.locals(
    n=cython.int, size=cython.int, CW=cython.int, pos=cython.ulonglong[::1],
    multi=cython.ulonglong[::1], cand_digits=cython.int[::1], most=cython.int,
    trig=cython.ulonglong[::1], want_on=cython.ulonglong[::1],
    want_off=cython.ulonglong[::1], row_start=cython.int[::1], row_info=cython.int[::1],
    row_sets=cython.ulonglong[::1], focus=cython.int[::1], nfocus=cython.int,
    prem=cython.int[::1], on_idx=cython.int[::1], off_idx=cython.int[::1],
    g_info=cython.int[::1], g_start=cython.int[::1], g_members=cython.int[::1],
    bo_start=cython.int[::1], bo_groups=cython.int[::1], fill=cython.int[::1],
    N=cython.int, nbr=cython.int, ng=cython.int, nm=cython.int, start=cython.int,
    d=cython.int, c=cython.int, e=cython.int, i=cython.int, r=cython.int, r2=cython.int,
    w=cython.int, j=cython.int, b=cython.int, cnt=cython.int, ok=cython.int,
    dup=cython.int, h=cython.int, m=cython.int, sp=cython.Py_ssize_t,
    sp2=cython.Py_ssize_t, v=cython.ulonglong, low=cython.ulonglong,
)
def premises(
    n: int, size: int, CW: int, pos: Any, multi: Any, cand_digits: Any, most: int,
    trig: Any, want_on: Any, want_off: Any, row_start: Any, row_info: Any, row_sets: Any,
    focus: Any, nfocus: int, prem: Any, on_idx: Any, off_idx: Any, g_info: Any,
    g_start: Any, g_members: Any, bo_start: Any, bo_groups: Any, fill: Any,
) -> tuple[int, int]:
    """The branches and groups of a search (``forcing._Search.__init__``), in its order.

    Premise cells: the cells of ``multi`` (CW words) with at most ``most`` candidates
    (``most`` < 0: any number; ``cand_digits``: each cell's digit mask). For each digit
    d, each premise cell c among its places (``pos``: CW words a digit), candidate
    i = d * n + c: the branch of i set if i is in ``want_on``, then that of i removed if
    i is in ``trig`` and ``want_off`` (W words each). ``prem`` gets the branches'
    premise facts (``i << 1 | 1`` set, ``i << 1`` removed); ``on_idx[i]`` / ``off_idx[i]``
    the branch of i set / removed, or -1.

    The groups, in order: each premise cell whose every candidate has a branch set
    (kind 0, the cell); each full house of each digit (``row_*``, as ``layer`` takes
    them) with two to ``most`` places, all with a branch set, the first of the digit's
    houses with those places (kind 1, house index and digit); each candidate with both
    branches (kind 2, the candidate). ``nfocus`` >= 0 keeps only the groups among the
    (kind, a, b) triples of ``focus`` (a cell c is (0, c, 0), a candidate (2, i, 0)).
    ``g_info``: (kind, a, b) a group; ``g_members[g_start[g]:g_start[g + 1]]`` its
    branches; ``bo_groups[bo_start[b]:bo_start[b + 1]]`` the groups of branch b, in
    order. ``fill``: scratch of one int a branch. Returns (branches, groups)."""
    N = size * n
    nbr = 0
    for i in range(N):
        on_idx[i] = -1
        off_idx[i] = -1
    for d in range(size):
        for w in range(CW):
            v = pos[d * CW + w] & multi[w]
            while v:
                low = v & (~v + 1)
                v ^= low
                c = w * 64 + _index(low)
                if most >= 0 and _popcount(cand_digits[c]) > most:
                    continue
                i = d * n + c
                if (want_on[i >> 6] >> (i & 63)) & 1:
                    on_idx[i] = nbr
                    prem[nbr] = 2 * i + 1
                    nbr += 1
                if (trig[i >> 6] >> (i & 63)) & 1 and (want_off[i >> 6] >> (i & 63)) & 1:
                    off_idx[i] = nbr
                    prem[nbr] = 2 * i
                    nbr += 1
    ng = 0
    nm = 0
    g_start[0] = 0
    for c in range(n):
        if not (multi[c >> 6] >> (c & 63)) & 1:
            continue
        m = cand_digits[c]
        if most >= 0 and _popcount(m) > most:
            continue
        start = nm
        ok = 1
        for e in range(size):
            if (m >> e) & 1:
                i = on_idx[e * n + c]
                if i < 0:
                    ok = 0
                    break
                g_members[nm] = i
                nm += 1
        if not ok or not _wanted(focus, nfocus, 0, c, 0):
            nm = start
            continue
        g_info[3 * ng] = 0
        g_info[3 * ng + 1] = c
        g_info[3 * ng + 2] = 0
        ng += 1
        g_start[ng] = nm
    for d in range(size):
        for r in range(row_start[d], row_start[d + 1]):
            sp = (2 * r + 1) * CW
            cnt = 0
            for w in range(CW):
                cnt += _popcount(row_sets[sp + w])
            if cnt < 2:
                continue
            dup = 0
            for r2 in range(row_start[d], r):
                sp2 = (2 * r2 + 1) * CW
                dup = 1
                for w in range(CW):
                    if row_sets[sp + w] != row_sets[sp2 + w]:
                        dup = 0
                        break
                if dup:
                    break
            if dup or (most >= 0 and cnt > most):
                continue
            h = row_info[2 * r]
            start = nm
            ok = 1
            for w in range(CW):
                v = row_sets[sp + w]
                while v:
                    low = v & (~v + 1)
                    v ^= low
                    i = on_idx[d * n + w * 64 + _index(low)]
                    if i < 0:
                        ok = 0
                        break
                    g_members[nm] = i
                    nm += 1
                if not ok:
                    break
            if not ok or not _wanted(focus, nfocus, 1, h, d):
                nm = start
                continue
            g_info[3 * ng] = 1
            g_info[3 * ng + 1] = h
            g_info[3 * ng + 2] = d
            ng += 1
            g_start[ng] = nm
    for i in range(N):
        if off_idx[i] >= 0 and on_idx[i] >= 0 and _wanted(focus, nfocus, 2, i, 0):
            g_members[nm] = on_idx[i]
            g_members[nm + 1] = off_idx[i]
            nm += 2
            g_info[3 * ng] = 2
            g_info[3 * ng + 1] = i
            g_info[3 * ng + 2] = 0
            ng += 1
            g_start[ng] = nm
    for b in range(nbr + 1):
        bo_start[b] = 0
    for j in range(nm):
        bo_start[g_members[j] + 1] += 1
    for b in range(nbr):
        bo_start[b + 1] += bo_start[b]
        fill[b] = bo_start[b]
    for i in range(ng):
        for j in range(g_start[i], g_start[i + 1]):
            b = g_members[j]
            bo_groups[fill[b]] = i
            fill[b] += 1
    return nbr, ng


@cython.ccall
@cython.locals(W=cython.int, prem=cython.int[::1], nbr=cython.int,
               state=cython.ulonglong[::1], counts=cython.int[::1], b=cython.int, i=cython.int,
               at=cython.Py_ssize_t, one=cython.ulonglong)
def seed(W: int, prem: Any, nbr: int, state: Any, counts: Any) -> None:
    """Each branch's premise into its state (4W words a branch, zeroed by the caller: on,
    off, front on, front off), as ``layer`` takes them, and its count of facts (1) into
    ``counts``."""
    one = 1
    for b in range(nbr):
        counts[b] = 1
        i = prem[b] >> 1
        at = b
        at *= 4 * W
        if not prem[b] & 1:
            at += W
        state[at + (i >> 6)] |= one << (i & 63)
        state[at + 2 * W + (i >> 6)] |= one << (i & 63)


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(
    cells=cython.ulonglong[::1], at=cython.Py_ssize_t, CW=cython.int, shift=cython.int,
    out=cython.ulonglong[::1], row=cython.Py_ssize_t, w=cython.int, i=cython.int,
    v=cython.ulonglong, low=cython.ulonglong, one=cython.ulonglong,
)
@cython.returns(cython.void)
def _or_cells(cells: Any, at: int, CW: int, shift: int, out: Any, row: int) -> None:
    # The cell set at cells[at] (CW words), each cell c as candidate shift + c, into the
    # candidate set at out[row].
    one = 1
    for w in range(CW):
        v = cells[at + w]
        while v:
            low = v & (~v + 1)
            v ^= low
            i = shift + w * 64 + _index(low)
            out[row + (i >> 6)] |= one << (i & 63)


@cython.ccall
@cython.locals(
    n=cython.int, size=cython.int, W=cython.int, CW=cython.int,
    pos=cython.ulonglong[::1], peers=cython.ulonglong[::1], multi=cython.ulonglong[::1],
    cand_digits=cython.int[::1], row_start=cython.int[::1], row_info=cython.int[::1],
    row_sets=cython.ulonglong[::1], out=cython.ulonglong[::1], trig=cython.ulonglong[::1],
    tmp=cython.ulonglong[::1], places=cython.int[::1],
    N=cython.int, c=cython.int, d=cython.int, m=cython.int, r=cython.int, w=cython.int,
    j=cython.int, k=cython.int, x=cython.int, y=cython.int, count=cython.int,
    reach=cython.int, shift=cython.int, a=cython.int, b=cython.int, t=cython.int,
    i=cython.int, nrest=cython.int,
    hm=cython.Py_ssize_t, sp=cython.Py_ssize_t, pd=cython.Py_ssize_t,
    after=cython.Py_ssize_t, before=cython.Py_ssize_t, once=cython.Py_ssize_t,
    twice=cython.Py_ssize_t, common=cython.Py_ssize_t, rest=cython.Py_ssize_t,
    row=cython.Py_ssize_t, T0=cython.Py_ssize_t, T1=cython.Py_ssize_t,
    T2=cython.Py_ssize_t, T3=cython.Py_ssize_t,
    v=cython.ulonglong, low=cython.ulonglong, anyv=cython.ulonglong, one=cython.ulonglong,
)
def static_tables(
    n: int, size: int, W: int, CW: int, pos: Any, peers: Any, multi: Any, cand_digits: Any,
    row_start: Any, row_info: Any, row_sets: Any, out: Any, trig: Any, tmp: Any,
    places: Any,
) -> None:
    """A chain's single-reason implication tables (``forcing._Static``, without relation
    tables) from the board: ``out`` (zeroed by the caller) gets on_of_off, off_of_off,
    on_of_on and grp_off, N rows of W words each in that order, and ``trig`` their
    trigger sets (the rows not empty), W words each.

    ``pos``: each digit's places (CW words a digit); ``peers``: CW words a cell;
    ``multi``: the cells with two candidates or more (CW words); ``cand_digits``: each
    cell's digit mask; the full houses of each digit as ``layer`` takes them
    (``row_start``, ``row_info``, ``row_sets``). ``tmp``: (n + 5) * CW words of scratch;
    ``places``: n ints."""
    one = 1
    N = size * n
    T0 = 0
    T1 = T0 + N * W
    T2 = T1 + N * W
    T3 = T2 + N * W
    # A bivalue cell: removing one of its digits sets the other.
    for c in range(n):
        if not (multi[c >> 6] >> (c & 63)) & 1:
            continue
        m = cand_digits[c]
        if _popcount(m) != 2:
            continue
        low = m & -m
        a = _index(low) * n + c
        b = _index(m ^ low) * n + c
        out[T0 + a * W + (b >> 6)] |= one << (b & 63)
        out[T0 + b * W + (a >> 6)] |= one << (a & 63)
    # Scratch cell sets in tmp: after (up to n + 1 sets), before, once, twice, common.
    before = (n + 1) * CW
    once = before + CW
    twice = once + CW
    common = twice + CW
    for d in range(size):
        shift = d * n
        pd = d * CW
        for r in range(row_start[d], row_start[d + 1]):
            reach = row_info[2 * r + 1]
            hm = 2 * r * CW
            sp = hm + CW
            count = 0
            for w in range(CW):
                count += _popcount(row_sets[sp + w])
            if count < 2:
                continue
            k = 0
            for w in range(CW):
                v = row_sets[sp + w]
                while v:
                    low = v & (~v + 1)
                    v ^= low
                    places[k] = w * 64 + _index(low)
                    k += 1
            if count == 2:
                # A conjugate pair: removing one place sets the other.
                a = shift + places[0]
                b = shift + places[1]
                out[T0 + a * W + (b >> 6)] |= one << (b & 63)
                out[T0 + b * W + (a >> 6)] |= one << (a & 63)
                continue
            if count - 1 <= reach:
                # Removing place y leaves the others as a group holding d: the places of
                # d outside the house that see all of them lose d.
                for w in range(CW):
                    tmp[w] = pos[pd + w] & ~row_sets[hm + w]
                for j in range(1, count + 1):
                    y = places[count - j]
                    for w in range(CW):
                        tmp[j * CW + w] = tmp[(j - 1) * CW + w] & peers[y * CW + w]
                for w in range(CW):
                    tmp[before + w] = ALL
                for j in range(count):
                    y = places[j]
                    anyv = 0
                    for w in range(CW):
                        tmp[common + w] = tmp[before + w] & tmp[(count - 1 - j) * CW + w]
                        anyv |= tmp[common + w]
                    if anyv:
                        _or_cells(tmp, common, CW, shift, out, T1 + (shift + y) * W)
                    for w in range(CW):
                        tmp[before + w] &= peers[y * CW + w]
            # The places of d outside the house that see two places or more in it.
            for w in range(CW):
                tmp[once + w] = 0
                tmp[twice + w] = 0
            for j in range(count):
                y = places[j]
                for w in range(CW):
                    tmp[twice + w] |= tmp[once + w] & peers[y * CW + w]
                    tmp[once + w] |= peers[y * CW + w]
            for w in range(CW):
                v = tmp[twice + w] & pos[pd + w] & ~row_sets[hm + w]
                while v:
                    low = v & (~v + 1)
                    v ^= low
                    x = w * 64 + _index(low)
                    # rest: the places x does not see.
                    rest = once  # (once is free again: reused for rest)
                    nrest = 0
                    for i in range(CW):
                        tmp[rest + i] = row_sets[sp + i] & ~peers[x * CW + i]
                        nrest += _popcount(tmp[rest + i])
                    if nrest == 0:
                        continue
                    if nrest == 1:
                        _or_cells(tmp, rest, CW, shift, out, T2 + (shift + x) * W)
                    elif nrest <= reach:
                        anyv = 0
                        for i in range(CW):
                            tmp[common + i] = (pos[pd + i] & ~row_sets[hm + i]
                                               & ~peers[x * CW + i])
                        tmp[common + (x >> 6)] &= ~(one << (x & 63))
                        for j in range(count):
                            y = places[j]
                            if (tmp[rest + (y >> 6)] >> (y & 63)) & 1:
                                for i in range(CW):
                                    tmp[common + i] &= peers[y * CW + i]
                        for i in range(CW):
                            anyv |= tmp[common + i]
                        if anyv:
                            _or_cells(tmp, common, CW, shift, out, T3 + (shift + x) * W)
    # The trigger sets: the rows that are not empty.
    for t in range(4):
        for w in range(W):
            trig[t * W + w] = 0
        for i in range(N):
            row = (t * N + i) * W
            anyv = 0
            for w in range(W):
                anyv |= out[row + w]
            if anyv:
                trig[t * W + (i >> 6)] |= one << (i & 63)


@cython.ccall
@cython.locals(
    n=cython.int, size=cython.int, W=cython.int, CW=cython.int, pos=cython.ulonglong[::1],
    peers=cython.ulonglong[::1], out=cython.ulonglong[::1], cellc=cython.ulonglong[::1],
    d=cython.int, e=cython.int, c=cython.int, w=cython.int, x=cython.int, i=cython.int,
    row=cython.Py_ssize_t, v=cython.ulonglong, u=cython.ulonglong, low=cython.ulonglong,
    one=cython.ulonglong,
)
def ooo_table(n: int, size: int, W: int, CW: int, pos: Any, peers: Any, out: Any,
              cellc: Any) -> None:
    """``forcing._Base.off_of_on`` on a layout without relation tables: for each
    candidate i = d * n + c of the board (``pos``: each digit's places, CW words a
    digit), the candidates that setting it removes (the places of d among c's peers,
    c's other candidates), into ``out`` (N rows of W words, zeroed by the caller);
    ``cellc`` (n rows of W words, zeroed) gets each cell's candidates. ``peers``: CW
    words a cell."""
    one = 1
    for e in range(size):
        for w in range(CW):
            v = pos[e * CW + w]
            while v:
                low = v & (~v + 1)
                v ^= low
                c = w * 64 + _index(low)
                i = e * n + c
                cellc[c * W + (i >> 6)] |= one << (i & 63)
    for d in range(size):
        for w in range(CW):
            v = pos[d * CW + w]
            while v:
                low = v & (~v + 1)
                v ^= low
                c = w * 64 + _index(low)
                row = d * n + c
                row *= W
                for i in range(W):
                    out[row + i] = cellc[c * W + i]
                i = d * n + c
                out[row + (i >> 6)] &= ~(one << (i & 63))
                for x in range(CW):
                    u = peers[c * CW + x] & pos[d * CW + x]
                    while u:
                        low = u & (~u + 1)
                        u ^= low
                        i = d * n + x * 64 + _index(low)
                        out[row + (i >> 6)] |= one << (i & 63)


@cython.ccall
@cython.locals(
    n=cython.int, size=cython.int, W=cython.int, CW=cython.int, pos=cython.ulonglong[::1],
    cellc=cython.ulonglong[::1], row_start=cython.int[::1], row_info=cython.int[::1],
    row_sets=cython.ulonglong[::1], chk_start=cython.int[::1], chk_ids=cython.int[::1],
    wmask=cython.ulonglong[::1], d=cython.int, c=cython.int, w=cython.int, r=cython.int,
    i=cython.int, j=cython.int, wid=cython.int, nids=cython.int, nxt=cython.int,
    sp=cython.Py_ssize_t, at=cython.Py_ssize_t, v=cython.ulonglong, low=cython.ulonglong,
)
def check_tables(n: int, size: int, W: int, CW: int, pos: Any, cellc: Any, row_start: Any,
                 row_info: Any, row_sets: Any, chk_start: Any, chk_ids: Any,
                 wmask: Any) -> int:
    """A chain's contradiction checks as ``layer`` takes them (``forcing._Base.check_rows``):
    for each candidate i = d * n + c of the board, the witnesses its removal may
    complete, ``chk_ids[chk_start[i]:chk_start[i + 1]]``: the cell c, then each full
    house of d holding c (``row_*``, in order), as n + h * size + d; ``wmask`` (W words a
    witness, zeroed by the caller): the cell's candidates (``cellc``, W words a cell),
    the house's places of d. Returns the number of ids."""
    nids = 0
    nxt = 0
    for d in range(size):
        for w in range(CW):
            v = pos[d * CW + w]
            while v:
                low = v & (~v + 1)
                v ^= low
                c = w * 64 + _index(low)
                i = d * n + c
                while nxt <= i:
                    chk_start[nxt] = nids
                    nxt += 1
                chk_ids[nids] = c
                nids += 1
                for j in range(W):
                    wmask[c * W + j] = cellc[c * W + j]
                for r in range(row_start[d], row_start[d + 1]):
                    sp = (2 * r + 1) * CW
                    if not (row_sets[sp + (c >> 6)] >> (c & 63)) & 1:
                        continue
                    wid = n + row_info[2 * r] * size + d
                    chk_ids[nids] = wid
                    nids += 1
                    at = wid
                    at *= W
                    _or_cells(row_sets, sp, CW, d * n, wmask, at)
    while nxt <= size * n:
        chk_start[nxt] = nids
        nxt += 1
    return nids


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(g=cython.int, seen=cython.ulonglong[::1], stack=cython.int[::1],
               top=cython.int, one=cython.ulonglong)
@cython.returns(cython.int)
def _push(g: int, seen: Any, stack: Any, top: int) -> int:
    # Fact g onto the stack (``net_closure``) unless seen before; the new top.
    one = 1
    if (seen[g >> 6] >> (g & 63)) & 1:
        return top
    seen[g >> 6] |= one << (g & 63)
    stack[top] = g
    return top + 1


@cython.ccall
@cython.locals(
    W=cython.int, n=cython.int, size=cython.int, CW=cython.int,
    layers=cython.ulonglong[::1], nl=cython.int, facts=cython.int[::1], nfacts=cython.int,
    ooo=cython.ulonglong[::1], cellc=cython.ulonglong[::1], row_start=cython.int[::1],
    row_sets=cython.ulonglong[::1], peers=cython.ulonglong[::1], seen=cython.ulonglong[::1],
    stack=cython.int[::1],
    N=cython.int, FW=cython.int, top=cython.int, count=cython.int, f=cython.int,
    g=cython.int, i=cython.int, d=cython.int, x=cython.int, k=cython.int, lo=cython.int,
    hi=cython.int, mid=cython.int, on=cython.int, w=cython.int, r=cython.int,
    shift=cython.int, c=cython.int, best=cython.int, best_n=cython.int, cnt=cython.int,
    ok=cython.int, found=cython.int, sub=cython.int, wi=cython.int, bit=cython.int,
    at=cython.Py_ssize_t, prev=cython.Py_ssize_t, last=cython.Py_ssize_t,
    before=cython.Py_ssize_t, hm=cython.Py_ssize_t, sp=cython.Py_ssize_t,
    v=cython.ulonglong, low=cython.ulonglong, one=cython.ulonglong, o=cython.ulonglong,
    s=cython.ulonglong, gone=cython.ulonglong, po=cython.ulonglong,
)
def net_closure(
    W: int, n: int, size: int, CW: int, layers: Any, nl: int, facts: Any, nfacts: int,
    ooo: Any, cellc: Any, row_start: Any, row_sets: Any, peers: Any, seen: Any,
    stack: Any,
) -> int:
    """The number of facts in the closure of ``facts[:nfacts]`` in one branch of a net
    (``forcing._Search.closure_size`` of a dynamic search without relation tables or
    rules' hooks): each fact with the reasons ``_find_parents`` gives it, back to the
    premise. A fact is ``candidate << 1 | 1`` (set) or ``candidate << 1`` (removed).

    ``layers``: the branch's sets after each layer, ``nl`` of them, 2W words each (set,
    removed; layer 0 holds the premise); ``ooo``: off_of_on (W words a candidate, which
    is also the set of candidates whose placement removes it); ``cellc``: each cell's
    candidates (W words a cell); the digits' full houses as ``layer`` takes them;
    ``peers``: CW words a cell. ``seen``: (2N + 63) // 64 words of scratch, ``stack``:
    2N ints. Returns -1 where a fact has no reason (the caller asks Python, which says
    so)."""
    one = 1
    N = size * n
    FW = (2 * N + 63) >> 6
    for w in range(FW):
        seen[w] = 0
    top = 0
    for k in range(nfacts):
        top = _push(facts[k], seen, stack, top)
    while top:
        top -= 1
        f = stack[top]
        i = f >> 1
        on = f & 1
        # The first layer holding the fact (each layer's sets hold the one before).
        lo = 0
        hi = nl - 1
        while lo < hi:
            mid = (lo + hi) >> 1
            if (layers[mid * 2 * W + (0 if on else W) + (i >> 6)] >> (i & 63)) & 1:
                hi = mid
            else:
                lo = mid + 1
        k = lo
        if k == 0:
            continue  # the premise
        d = i // n
        x = i - d * n
        shift = d * n
        prev = (k - 1) * 2 * W + W  # the removals of layer k - 1
        found = 0
        if on:
            # The fewest removals that left it the only candidate of its cell or the
            # only place of its digit in a house (the cell first, then the houses).
            best = -1
            best_n = 0
            ok = 1
            cnt = 0
            for w in range(W):
                o = cellc[x * W + w]
                if w == (i >> 6):
                    o &= ~(one << (i & 63))
                if o & ~layers[prev + w]:
                    ok = 0
                cnt += _popcount(o)
            if ok and cnt:
                best = -2  # the cell
                best_n = cnt
            for r in range(row_start[d], row_start[d + 1]):
                hm = 2 * r * CW
                sp = hm + CW
                if not (row_sets[hm + (x >> 6)] >> (x & 63)) & 1:
                    continue
                ok = 1
                cnt = 0
                for wi in range(CW):
                    s = row_sets[sp + wi]
                    while s:
                        low = s & (~s + 1)
                        s ^= low
                        c = wi * 64 + _index(low)
                        if c == x:
                            continue
                        cnt += 1
                        g = shift + c
                        if not (layers[prev + (g >> 6)] >> (g & 63)) & 1:
                            ok = 0
                if ok and cnt and (best == -1 or cnt < best_n):
                    best = r
                    best_n = cnt
            if best == -1:
                return -1
            if best == -2:
                for w in range(W):
                    v = cellc[x * W + w]
                    while v:
                        low = v & (~v + 1)
                        v ^= low
                        g = w * 64 + _index(low)
                        if g != i:
                            g = g << 1
                            top = _push(g, seen, stack, top)
            else:
                sp = 2 * best * CW + CW
                for wi in range(CW):
                    s = row_sets[sp + wi]
                    while s:
                        low = s & (~s + 1)
                        s ^= low
                        c = wi * 64 + _index(low)
                        if c != x:
                            g = (shift + c) << 1
                            top = _push(g, seen, stack, top)
            continue
        # A removal: the lowest placement of the layer before that removes it ...
        last = (k - 1) * 2 * W
        before = (k - 2) * 2 * W
        for w in range(W):
            v = ooo[i * W + w] & layers[last + w]
            if k >= 2:
                v &= ~layers[before + w]
            if v:
                g = ((w * 64 + _index(v & (~v + 1))) << 1) | 1
                top = _push(g, seen, stack, top)
                found = 1
                break
        if found:
            continue
        # ... or the places of its digit left in a house, which all see it.
        for r in range(row_start[d], row_start[d + 1]):
            hm = 2 * r * CW
            sp = hm + CW
            if (row_sets[hm + (x >> 6)] >> (x & 63)) & 1:
                continue
            ok = 1
            sub = 0
            cnt = 0
            for wi in range(CW):
                s = row_sets[sp + wi]
                while s:
                    low = s & (~s + 1)
                    s ^= low
                    c = wi * 64 + _index(low)
                    g = shift + c
                    bit = (layers[prev + (g >> 6)] >> (g & 63)) & 1
                    po = (peers[x * CW + wi] >> (c & 63)) & 1
                    if not bit:
                        sub = 1  # a place left
                        if not po:
                            ok = 0
                    elif not po:
                        cnt += 1  # a place gone that x does not see
            if sub and cnt and ok:
                for wi in range(CW):
                    s = row_sets[sp + wi] & ~peers[x * CW + wi]
                    while s:
                        low = s & (~s + 1)
                        s ^= low
                        g = shift + wi * 64 + _index(low)
                        if (layers[prev + (g >> 6)] >> (g & 63)) & 1:
                            g = g << 1
                            top = _push(g, seen, stack, top)
                found = 1
                break
        if not found:
            return -1
    count = 0
    for w in range(FW):
        count += _popcount(seen[w])
    return count
