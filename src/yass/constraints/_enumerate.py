# cython: language_level=3, annotation_typing=False, cdivision=True
# cython: boundscheck=False, wraparound=False, initializedcheck=False
"""The hot searches of ``yass.constraints.support`` on C integers.

``support.sum_support`` (the digits of each cell some filling of a sum uses) and
``support.set_support`` (the digits each cell takes when the cells hold exactly a set of
digits) run at every node of the logic techniques that fill a part of the grid, and on
every cage, arrow and line a rule narrows. Here are the same two searches with their
state in C arrays on the stack: same answers, same node counts (so the same ``None``
where the search reaches its cap), about an order of magnitude faster.

Cython pure-Python mode, like ``yass.engine._core``: ``support`` calls these only when
this module is compiled (``is_compiled``), and on inputs that fit the arrays (at most
``MOST`` positions, digits up to ``MOST``); interpreted, its own functions are the ones
used. The tests compare both on random inputs.
"""

from __future__ import annotations

TYPE_CHECKING = False  # True for type checkers only
if TYPE_CHECKING:
    from collections.abc import Sequence

    from yass.core import _cython_shim as cython
else:
    try:
        import cython
    except ImportError:  # pragma: no cover - exercised where Cython is absent
        from yass.core import _cython_shim as cython

__all__ = ["MOST", "bounds_narrow", "is_compiled", "set_support", "sum_support"]

#: The most positions (and the highest digit) the arrays here take.
MOST = 32
#: The most digits of a set ``set_support`` takes (its table has 2**SET_MOST entries a
#: position).
SET_MOST = 10


def is_compiled() -> bool:
    """True when this module runs as C (the ``support`` functions then call it)."""
    return bool(cython.compiled)


@cython.locals(n=cython.int, k=cython.int, i=cython.int, j=cython.int, p=cython.int,
               v=cython.int, c=cython.longlong, tot=cython.longlong, rest=cython.longlong,
               nodes=cython.longlong, most=cython.longlong, bit=cython.uint,
               free=cython.uint, todo_k=cython.uint, a=cython.longlong, b=cython.longlong,
               low=cython.int, high=cython.int, key=cython.int)
def sum_support(
    masks: Sequence[int],
    coefs: Sequence[int],
    total: int,
    apart: Sequence[int],
    cap: int,
) -> list[int] | None:
    """``support.sum_support`` without ``same``: per position the digits some filling
    with ``sum(coef * digit) == total`` uses; None after ``cap`` nodes.
    ``len(masks) <= MOST``, digits at most ``MOST``."""
    pos = cython.declare(cython.int[32])
    count = cython.declare(cython.int[32])
    co = cython.declare(cython.longlong[32])
    msk = cython.declare(cython.uint[32])
    ap = cython.declare(cython.uint[32])
    found = cython.declare(cython.uint[32])
    chosen = cython.declare(cython.int[32])
    lo_ = cython.declare(cython.longlong[33])
    hi_ = cython.declare(cython.longlong[33])
    acc = cython.declare(cython.longlong[33])
    todo = cython.declare(cython.uint[33])
    fresh = cython.declare(cython.int[33])
    entered = cython.declare(cython.int[33])
    n = len(masks)
    for p in range(n):
        msk[p] = masks[p]
        if not msk[p]:
            return [0] * n
        co[p] = coefs[p]
        ap[p] = apart[p]
        found[p] = 0
        chosen[p] = 0
        count[p] = 0
        for j in range(32):
            if (msk[p] >> j) & 1:
                count[p] += 1
    # the positions by their number of candidates, fewest first (a stable sort)
    for p in range(n):
        key = count[p]
        k = p
        while k > 0 and count[pos[k - 1]] > key:
            pos[k] = pos[k - 1]
            k -= 1
        pos[k] = p
    # the least and greatest sum the positions from the k-th of the order on can add
    lo_[n] = 0
    hi_[n] = 0
    for k in range(n - 1, -1, -1):
        p = pos[k]
        low = 0
        while not (msk[p] >> low) & 1:
            low += 1
        high = 31
        while not (msk[p] >> high) & 1:
            high -= 1
        a = co[p] * (low + 1)
        b = co[p] * (high + 1)
        lo_[k] = lo_[k + 1] + (a if a < b else b)
        hi_[k] = hi_[k + 1] + (b if a < b else a)
    tot = total
    most = cap
    nodes = 0
    # An explicit stack in place of the recursion of ``support._supported``: level k
    # holds the sum so far (acc[k]), whether the path has a digit not yet known to be
    # used (fresh[k]) and the digits of the k-th position still to try (todo[k]).
    k = 0
    acc[0] = 0
    fresh[0] = 0
    entered[0] = 0
    while k >= 0:
        if not entered[k]:
            entered[k] = 1
            nodes += 1
            if nodes > most:
                return None
            todo[k] = 0
            if k == n:
                if acc[k] == tot:
                    for i in range(n):
                        found[i] |= 1 << (chosen[i] - 1)
                k -= 1
                continue
            rest = tot - acc[k]
            if rest < lo_[k] or rest > hi_[k]:
                k -= 1
                continue
            if fresh[k]:  # the path's new digit may have been found below it since
                fresh[k] = 0
                for j in range(k):
                    p = pos[j]
                    if not (found[p] >> (chosen[p] - 1)) & 1:
                        fresh[k] = 1
                        break
            if not fresh[k]:
                j = k
                while j < n:
                    p = pos[j]
                    if msk[p] & ~found[p]:
                        break
                    j += 1
                if j == n:  # nothing below can show a digit not shown yet
                    k -= 1
                    continue
            i = pos[k]
            c = co[i]
            free = msk[i]
            if k == n - 1 and c != 0:  # the last digit is the sum left
                if rest % c != 0:
                    k -= 1
                    continue
                rest = rest // c
                if rest < 1 or rest > 32 or not (free >> (rest - 1)) & 1:
                    k -= 1
                    continue
                free = 1 << (rest - 1)
            # digits a position set apart from i already holds are no choice
            for j in range(n):
                if (ap[i] >> j) & 1 and chosen[j]:
                    free &= ~(1 << (chosen[j] - 1))
            todo[k] = free
        else:
            chosen[pos[k]] = 0
        todo_k = todo[k]
        if not todo_k:
            k -= 1
            continue
        bit = todo_k & (~todo_k + 1)
        todo[k] = todo_k ^ bit
        i = pos[k]
        v = 1
        while not (bit >> (v - 1)) & 1:
            v += 1
        chosen[i] = v
        acc[k + 1] = acc[k] + co[i] * v
        fresh[k + 1] = 1 if fresh[k] or not (found[i] & bit) else 0
        entered[k + 1] = 0
        k += 1
    return [found[p] for p in range(n)]


@cython.locals(n=cython.int, i=cython.int, s=cython.int, t=cython.int, e=cython.int,
               w=cython.int, b=cython.int, full=cython.int, width=cython.int,
               m=cython.uint, got=cython.uint)
def set_support(masks: Sequence[int], digits: int) -> list[int] | None:
    """``support.set_support``: per position the digits of ``digits`` it takes when the
    positions (all different) hold exactly the digits of ``digits``; None when they
    cannot. ``len(masks) == popcount(digits) <= SET_MOST``.

    The same dynamic programming, with the digits renumbered 0..w-1 and each level's
    reachable sets of used digits as a byte table (2**w entries)."""
    digit_bit = cython.declare(cython.uint[32])
    local = cython.declare(cython.uint[32])
    fwd = cython.declare(cython.uchar[11264])
    bwd = cython.declare(cython.uchar[11264])
    n = len(masks)
    w = 0
    for b in range(32):
        if (digits >> b) & 1:
            digit_bit[w] = b
            w += 1
    full = (1 << w) - 1
    width = 1 << w
    for i in range(n):
        m = masks[i]
        local[i] = 0
        for e in range(w):
            if (m >> digit_bit[e]) & 1:
                local[i] |= 1 << e
    for s in range((n + 1) * width):
        fwd[s] = 0
        bwd[s] = 0
    fwd[0] = 1  # level 0: nothing used
    for i in range(n):
        for s in range(width):
            if fwd[i * width + s]:
                m = local[i] & ~s
                while m:
                    t = m & (~m + 1)
                    m ^= t
                    fwd[(i + 1) * width + (s | t)] = 1
    if not fwd[n * width + full]:
        return None
    bwd[n * width + 0] = 1  # after the last position: nothing left to use
    for i in range(n - 1, -1, -1):
        for s in range(width):
            if bwd[(i + 1) * width + s]:
                m = local[i] & ~s
                while m:
                    t = m & (~m + 1)
                    m ^= t
                    bwd[i * width + (s | t)] = 1
    out = []
    for i in range(n):
        got = 0
        for s in range(width):
            if fwd[i * width + s]:
                m = local[i] & ~s
                while m:
                    t = m & (~m + 1)
                    m ^= t
                    if bwd[(i + 1) * width + (full & ~(s | t))]:
                        got |= t
        m = 0
        for e in range(w):
            if (got >> e) & 1:
                m |= 1 << digit_bit[e]
        out.append(m)
    return out


@cython.locals(n=cython.int, i=cython.int, v=cython.int, changed=cython.int,
               slo=cython.longlong, shi=cython.longlong, tot=cython.longlong,
               want_lo=cython.longlong, want_hi=cython.longlong, x=cython.longlong,
               a=cython.longlong, b=cython.longlong, keep=cython.uint, m=cython.uint)
def bounds_narrow(masks: list[int], coefs: Sequence[int], total: int) -> bool:
    """``support.bounds_narrow``: narrow ``masks`` in place so each position's
    ``coef * digit`` fits the range the others can reach, to a fixed point; False when a
    position has no digit left. ``len(masks) <= MOST``, digits at most ``MOST``."""
    msk = cython.declare(cython.uint[32])
    co = cython.declare(cython.longlong[32])
    los = cython.declare(cython.longlong[32])
    his = cython.declare(cython.longlong[32])
    n = len(masks)
    for i in range(n):
        msk[i] = masks[i]
        co[i] = coefs[i]
    tot = total
    changed = 1
    while changed:
        changed = 0
        slo = 0
        shi = 0
        for i in range(n):
            m = msk[i]
            if not m:
                for v in range(n):
                    masks[v] = msk[v]
                return False
            v = 0
            while not (m >> v) & 1:
                v += 1
            a = co[i] * (v + 1)
            v = 31
            while not (m >> v) & 1:
                v -= 1
            b = co[i] * (v + 1)
            los[i] = a if a < b else b
            his[i] = b if a < b else a
            slo += los[i]
            shi += his[i]
        for i in range(n):
            want_lo = tot - (shi - his[i])
            want_hi = tot - (slo - los[i])
            keep = 0
            m = msk[i]
            for v in range(32):
                if (m >> v) & 1:
                    x = co[i] * (v + 1)
                    if want_lo <= x <= want_hi:
                        keep |= 1 << v
            if keep != m:
                msk[i] = keep
                if not keep:
                    for v in range(n):
                        masks[v] = msk[v]
                    return False
                changed = 1
    for i in range(n):
        masks[i] = msk[i]
    return True
