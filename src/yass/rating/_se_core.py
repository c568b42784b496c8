# cython: language_level=3, annotation_typing=False, cdivision=True
# cython: boundscheck=False, wraparound=False, initializedcheck=False
"""Compiled hot paths of the Sudoku Explainer rating (``yass.rating.se``).

Cython pure-Python mode, like ``yass.engine._core``: built as an extension by ``setup.py`` when
Cython is available, else it runs interpreted with the same results (``yass.rating.se``
then keeps to its own Python code, which is faster interpreted than this module).

Two of SE's producers live here whole, on C arrays:

* **forcing X/Y chains and bidirectional cycles** (SE's ``Chaining(false, false, false,
  0)``, producer 21): ``chains_and_cycles`` returns the hint SE applies (the first in its
  order: difficulty, complexity, sort key, discovery). Chain nodes are (potential, parent)
  pairs in a pool, the links of every potential are built once per call, and the searches
  stop at the length past which no hint could sort before the best one found so far.
* **aligned triplet exclusion** (SE's ``AlignedExclusion(3)``, producer 22):
  ``aligned_triplet``.
* **Nishio, multiple, dynamic and nested forcing chains** (producers 23-30):
  ``multiple_chains``. At the nested levels (2-5; ``se`` uses it for 2-4) the
  propagation, its four simple rules, the rule potentials' nested chains and the hints'
  nested complexities stay here; the level's chaining rules are asked through a Python
  callback (``se._nested_fast``), which calls this module again for producer 21's and
  the level-0 producers' hints with their rule parents (``chains_and_cycles_all`` and
  ``multiple_chains`` with ``save``).

A potential is ``key = (cell * 9 + digit) * 2 + on`` (digit 0-8); cells are 0..80
row-major, houses 0-8 blocks, 9-17 rows, 18-26 columns, in SE's orders (the tables are
loaded by ``init`` from ``yass.rating.se``).
"""

from __future__ import annotations

TYPE_CHECKING = False  # True for type checkers only
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any

    from yass.core import _cython_shim as cython
else:
    try:
        import cython
    except ImportError:  # pragma: no cover - exercised where Cython is absent
        from yass.core import _cython_shim as cython

if cython.compiled:
    from cython.cimports.cpython.exc import PyErr_CheckSignals  # type: ignore[import-untyped,import-not-found,unused-ignore]
else:

    def PyErr_CheckSignals() -> int:
        """Interpreted, Python runs signal handlers itself between bytecodes."""
        return 0

__all__ = [
    "aligned_pair",
    "aligned_triplet",
    "best_premise",
    "chains_and_cycles",
    "chains_and_cycles_all",
    "find_loops",
    "init",
    "init_locks",
    "is_compiled",
    "locking",
    "multiple_chains",
    "reach",
    "set_first",
    "set_order",
    "subsets",
]

# Sizes of the arrays declared in _se_core.pxd. The node pool holds one potential's
# cycle search (at most 729 "on"s, 729 * 28 "off"s and 4 closings per "off") and its two
# forcing searches (at most 1458 nodes each).
_NMAX = 131072

if not cython.compiled:  # C arrays when compiled (declared in _se_core.pxd)
    PEER = [0] * 1620  # per cell, its 20 peers in SE's order (block, row, column)
    CPOP = [0] * 512
    LOWI = [0] * 512  # index of a mask's lowest bit
    HCELL = [0] * 243  # per house, its cells in SE's order
    CHOUSE = [0] * 243  # per cell, its block, row and column
    CIDX = [0] * 243  # per cell, its index in each of its houses
    CAND = [0] * 81
    POSA = [0] * 243  # per house and digit (h * 9 + d): the digit's places (index bits)
    ONN = [0] * 1458  # "on" links, y * 729 + potential: count
    ONL = [0] * 40824  # ... and the "off" keys, 28 per potential
    OFFN = [0] * 2187  # "off" links, kind * 729 + potential (kind 0 X, 1 Y, 2 both)
    OFFL = [0] * 8748  # ... and the "on" keys, 4 per potential
    NKEY = [0] * _NMAX  # the node pool: potential key and parent node (-1 none)
    NPAR = [0] * _NMAX
    PA = [0] * _NMAX  # the pending "on"s and "off"s of a search, closings found
    PB = [0] * _NMAX
    FOUND = [0] * _NMAX
    MARK_ON = [0] * 1458  # stamps: the key is in a search's set when its stamp is current
    MARK_OFF = [0] * 1458
    MARK_K = [0] * 1458
    MARK_C = [0] * 81
    MARK_F = [0] * 729
    MARK_B = [0] * 729
    MARK_L = [0] * 729  # a cycle search's potentials whose "off" links to its start
    ELIM = [0] * 729  # eliminations of the hint under test (cell * 9 + digit)
    BEST_E = [0] * 729  # ... and of the best hint
    EXB = [0] * 6561  # aligned triplet: EXB[c * 81 + o] when o excludes for c
    EXL = [0] * 1620  # ... c's excluders in order, EXN[c] of them
    EXN = [0] * 81
    TCELLS = [0] * 81
    LOCKS = [0] * 20
    TAILS = [0] * 40
_nn = 0  # nodes in the pool
_stamp = 0
_nelim = 0
_loaded = 0


def is_compiled() -> bool:
    """True when this module is the compiled extension, False when interpreted."""
    return bool(cython.compiled)


@cython.locals(i=cython.int, j=cython.int, m=cython.int, n=cython.int)
def init(
    peers: Sequence[Sequence[int]],
    houses: Sequence[Sequence[int]],
    cell_houses: Sequence[Sequence[int]],
) -> None:
    """Load the geometry: each cell's peers and houses, each house's cells (SE's orders)."""
    global _loaded
    for i in range(81):
        ORDER[i] = i
        for j in range(20):
            PEER[i * 20 + j] = peers[i][j]
        for j in range(3):
            CHOUSE[i * 3 + j] = cell_houses[i][j]
            CIDX[i * 3 + j] = list(houses[cell_houses[i][j]]).index(i)
        HBITS[i] = (1 << cell_houses[i][0]) | (1 << cell_houses[i][1]) | (1 << cell_houses[i][2])
    for i in range(27):
        for j in range(9):
            HCELL[i * 9 + j] = houses[i][j]
    for m in range(512):
        n = 0
        for j in range(9):
            if m >> j & 1:
                n += 1
        CPOP[m] = n
        LOWI[m] = 0
        for j in range(9):
            if m >> j & 1:
                LOWI[m] = j
                break
    _loaded = 1


@cython.locals(t=cython.int, k=cython.int)
def init_locks(table: Sequence[Sequence[Any]]) -> None:
    """Load the intersections (``se.LOCK_TABLE``, SE's order) for the level 1 rules."""
    global _nlock
    for t in range(len(table)):
        _pointing, base1, inner, base2, outer2, _thirds = table[t]
        LOCK1[t] = base1 // 9
        LOCKIN[t] = inner
        LOCK2[t] = base2 // 9
        LOCKOUT[t] = outer2
        LOCKPT[t] = 1 if _pointing else 0
        LOCK3N[t] = len(_thirds)
        for k in range(len(_thirds)):
            LOCK3H[t * 2 + k] = _thirds[k][2]
            LOCK3OUT[t * 2 + k] = _thirds[k][1]
    _nlock = len(table)


@cython.locals(i=cython.int)
def _load(cand: Sequence[int], pos: Sequence[int]) -> None:
    global _stamp
    for i in range(81):
        CAND[i] = cand[i]
    for i in range(243):
        POSA[i] = pos[i]
    # Fresh stamps: every set starts empty.
    for i in range(1458):
        MARK_ON[i] = 0
        MARK_OFF[i] = 0
        MARK_K[i] = 0
    for i in range(729):
        MARK_F[i] = 0
        MARK_B[i] = 0
        MARK_L[i] = 0
    for i in range(81):
        MARK_C[i] = 0
    _stamp = 0


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(
    p=cython.int,
    cell=cython.int,
    d=cython.int,
    e=cython.int,
    j=cython.int,
    n=cython.int,
    o=cython.int,
    bit=cython.uint,
    m=cython.uint,
    base=cython.int,
    y=cython.int,
    kind=cython.int,
    h=cython.int,
    pp=cython.uint,
    rest=cython.uint,
    k=cython.int,
    i=cython.int,
    dup=cython.int,
)
@cython.returns(cython.void)
def _links() -> None:
    """Every potential's links on the loaded grid (SE's orders, each target once)."""
    for p in range(729):
        cell = p // 9
        d = p % 9
        bit = 1 << d
        m = CAND[cell]
        if not m & bit:  # not a candidate: never reached
            ONN[p] = 0
            ONN[729 + p] = 0
            for kind in range(3):
                OFFN[kind * 729 + p] = 0
            continue
        base = (729 + p) * 28  # with Y links: the cell's other digits first
        n = 0
        for e in range(9):
            if e != d and m >> e & 1:
                ONL[base + n] = (cell * 9 + e) << 1
                n += 1
        i = 0
        for j in range(20):  # the digit in the cell's block, row and column
            o = PEER[cell * 20 + j]
            if CAND[o] & bit:
                k = (o * 9 + d) << 1
                ONL[base + n] = k
                ONL[p * 28 + i] = k
                n += 1
                i += 1
        ONN[729 + p] = n
        ONN[p] = i
        # Kind 1 (Y): a bivalue cell's other digit; kind 0 (X): the digit's other place in
        # each house where it has two (each once); kind 2: the first, then the others.
        y = -1
        if CPOP[m] == 2:
            y = ((cell * 9 + LOWI[m & ~bit]) << 1) | 1
            OFFL[(729 + p) * 4] = y
            OFFL[(1458 + p) * 4] = y
        OFFN[729 + p] = 1 if y >= 0 else 0
        n = 0
        for j in range(3):
            h = CHOUSE[cell * 3 + j]
            pp = POSA[h * 9 + d]
            if CPOP[pp] == 2:
                rest = pp & ~(1 << CIDX[cell * 3 + j])
                k = ((HCELL[h * 9 + LOWI[rest]] * 9 + d) << 1) | 1
                dup = 0
                for i in range(n):
                    if OFFL[p * 4 + i] == k:
                        dup = 1
                if not dup:
                    OFFL[p * 4 + n] = k
                    n += 1
        OFFN[p] = n
        base = (1458 + p) * 4 + (1 if y >= 0 else 0)  # (another cell: never the first)
        for i in range(n):
            OFFL[base + i] = OFFL[p * 4 + i]
        OFFN[1458 + p] = n + (1 if y >= 0 else 0)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(key=cython.int, parent=cython.int, q=cython.int)
@cython.returns(cython.int)
def _node(key: int, parent: int) -> int:
    global _nn
    q = _nn
    NKEY[q] = key
    NPAR[q] = parent
    _nn = q + 1
    return q


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(node=cython.int, key=cython.int, up=cython.int)
@cython.returns(cython.bint)
def _is_parent(node: int, key: int) -> bool:
    up = NPAR[node]
    while up >= 0:
        if NKEY[up] == key:
            return True
        up = NPAR[up]
    return False


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(
    skey=cython.int,
    y=cython.int,
    okind=cython.int,
    cmax=cython.int,
    st=cython.int,
    na=cython.int,
    nb=cython.int,
    nf=cython.int,
    length=cython.int,
    i=cython.int,
    j=cython.int,
    p=cython.int,
    q=cython.int,
    qk=cython.int,
    base=cython.int,
    n=cython.int,
    closes=cython.bint,
    fresh=cython.bint,
)
@cython.returns(cython.int)
def _cycles(skey: int, y: int, okind: int, cmax: int) -> int:
    """SE's doCycles from ``skey`` (an "on"): the closing nodes go to FOUND; their count."""
    global _stamp
    _stamp += 1
    st = _stamp
    MARK_ON[skey] = st
    # The potentials whose "off" links to skey: its own "off"'s partners (a bivalue cell's
    # other digit, the digit's other place in a house where it has two: both ways).
    base = (okind * 729 + (skey >> 1)) * 4
    for j in range(OFFN[okind * 729 + (skey >> 1)]):
        MARK_L[OFFL[base + j] >> 1] = st
    PA[0] = _node(skey, -1)
    na = 1
    nb = 0
    nf = 0
    length = 0
    while na or nb:
        # A cycle closed in the off phase at ``length`` has complexity ``length``.
        if length + 2 > cmax:
            break
        length += 1
        for i in range(na):
            p = PA[i]
            base = (y * 729 + (NKEY[p] >> 1)) * 28
            n = ONN[y * 729 + (NKEY[p] >> 1)]
            for j in range(n):
                qk = ONL[base + j]
                if MARK_OFF[qk] != st:  # the key's first "off" node: not an ancestor of p
                    MARK_OFF[qk] = st
                    PB[nb] = _node(qk, p)
                    nb += 1
                elif MARK_L[qk >> 1] == st and not _is_parent(p, qk):
                    # A later "off" node of a key finds every "on" it links to marked
                    # already (by the key's first node, made before it): it matters only
                    # when it can close the cycle, so only those are made.
                    PB[nb] = _node(qk, p)
                    nb += 1
        na = 0
        length += 1
        for i in range(nb):
            p = PB[i]
            base = (okind * 729 + (NKEY[p] >> 1)) * 4
            n = OFFN[okind * 729 + (NKEY[p] >> 1)]
            for j in range(n):
                qk = OFFL[base + j]
                closes = length >= 4 and qk == skey
                fresh = MARK_ON[qk] != st
                if closes or fresh:
                    q = _node(qk, p)
                    if closes:
                        FOUND[nf] = q
                        nf += 1
                    if fresh:
                        MARK_ON[qk] = st
                        PA[na] = q
                        na += 1
        nb = 0
    return nf


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(
    n=cython.int, target=cython.int, y=cython.int, okind=cython.int, st=cython.int,
    i=cython.int, j=cython.int, k=cython.int, qk=cython.int, base=cython.int, cnt=cython.int,
)  # fmt: skip
@cython.returns(cython.bint)
def _spread(n: int, target: int, y: int, okind: int) -> bool:
    """Search forward from the keys ``PA[0:n]`` (marked in MARK_K with the current stamp)
    through the links of a combo (``y``, ``okind`` as in ``_cycles``), marking every key
    reached, without a chain's nodes: True as soon as ``target`` is met (-1: none, the
    whole reach is marked)."""
    st = _stamp
    i = 0
    while i < n:
        k = PA[i]
        i += 1
        if k & 1:
            base = (y * 729 + (k >> 1)) * 28
            cnt = ONN[y * 729 + (k >> 1)]
        else:
            base = (okind * 729 + (k >> 1)) * 4
            cnt = OFFN[okind * 729 + (k >> 1)]
        for j in range(cnt):
            qk = ONL[base + j] if k & 1 else OFFL[base + j]
            if qk == target:
                return True
            if MARK_K[qk] != st:
                MARK_K[qk] = st
                PA[n] = qk
                n += 1
    return False


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(start=cython.int, target=cython.int, y=cython.int, okind=cython.int)
@cython.returns(cython.bint)
def _reaches(start: int, target: int, y: int, okind: int) -> bool:
    """Whether ``_forcing(start, target, y, okind, no bound)`` finds a chain: the same
    links searched for the target alone."""
    global _stamp
    _stamp += 1
    MARK_K[start] = _stamp
    PA[0] = start
    return _spread(1, target, y, okind)


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(
    start=cython.int,
    target=cython.int,
    y=cython.int,
    okind=cython.int,
    cmax=cython.int,
    st=cython.int,
    na=cython.int,
    nb=cython.int,
    phase=cython.int,
    i=cython.int,
    j=cython.int,
    p=cython.int,
    qk=cython.int,
    base=cython.int,
    n=cython.int,
)
@cython.returns(cython.int)
def _forcing(start: int, target: int, y: int, okind: int, cmax: int) -> int:
    """SE's doForcingChains from ``start``: the first node reaching ``target``, or -1."""
    global _stamp
    _stamp += 1
    st = _stamp
    na = 0
    nb = 0
    if start & 1:
        MARK_ON[start] = st
        PA[0] = _node(start, -1)
        na = 1
    else:
        MARK_OFF[start] = st
        PB[0] = _node(start, -1)
        nb = 1
    # Nodes made in phase k (0-based) are k + 2 potentials long.
    phase = 0
    while na or nb:
        if phase + 2 > cmax:
            break
        phase += 1
        for i in range(na):
            p = PA[i]
            base = (y * 729 + (NKEY[p] >> 1)) * 28
            n = ONN[y * 729 + (NKEY[p] >> 1)]
            for j in range(n):
                qk = ONL[base + j]
                if qk == target:
                    return _node(qk, p)
                # Every "off" node of this search is marked, so an unmarked one is never
                # an ancestor of p (SE's isParent test).
                if MARK_OFF[qk] != st:
                    MARK_OFF[qk] = st
                    PB[nb] = _node(qk, p)
                    nb += 1
        na = 0
        if nb and phase + 2 > cmax:
            break
        phase += 1
        for i in range(nb):
            p = PB[i]
            base = (okind * 729 + (NKEY[p] >> 1)) * 4
            n = OFFN[okind * 729 + (NKEY[p] >> 1)]
            for j in range(n):
                qk = OFFL[base + j]
                if qk == target:
                    return _node(qk, p)
                if MARK_ON[qk] != st:
                    MARK_ON[qk] = st
                    PA[na] = _node(qk, p)
                    na += 1
        nb = 0
    return -1


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(node=cython.int, st=cython.int, n=cython.int, k=cython.int)
@cython.returns(cython.int)
def _ancestors(node: int) -> int:
    """The distinct potentials of a chain (its complexity)."""
    global _stamp
    _stamp += 1
    st = _stamp
    n = 0
    while node >= 0:
        k = NKEY[node]
        if MARK_K[k] != st:
            MARK_K[k] = st
            n += 1
        node = NPAR[node]
    return n


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(node=cython.int, st=cython.int, n=cython.int, c=cython.int)
@cython.returns(cython.int)
def _chain_cells(node: int) -> int:
    global _stamp
    _stamp += 1
    st = _stamp
    n = 0
    while node >= 0:
        c = (NKEY[node] >> 1) // 9
        if MARK_C[c] != st:
            MARK_C[c] = st
            n += 1
        node = NPAR[node]
    return n


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(
    dst=cython.int,
    st=cython.int,
    cur=cython.int,
    k=cython.int,
    cell=cython.int,
    d=cython.int,
    j=cython.int,
    o=cython.int,
    p=cython.int,
    bit=cython.uint,
    nf=cython.int,
    i=cython.int,
)
@cython.returns(cython.int)
def _cycle_eliminations(dst: int) -> int:
    """The candidates a cycle removes (seen by an "on" and by an "off" of the cycle, in
    the order the "on"s see them), into ELIM; their count."""
    global _stamp
    _stamp += 1
    st = _stamp
    cur = dst
    while cur >= 0 and NPAR[cur] >= 0:
        MARK_C[(NKEY[cur] >> 1) // 9] = st
        cur = NPAR[cur]
    nf = 0
    cur = dst
    while cur >= 0 and NPAR[cur] >= 0:
        k = NKEY[cur]
        cell = (k >> 1) // 9
        d = (k >> 1) % 9
        bit = 1 << d
        for j in range(20):
            o = PEER[cell * 20 + j]
            if MARK_C[o] != st and CAND[o] & bit:
                p = o * 9 + d
                if k & 1:
                    if MARK_F[p] != st:
                        MARK_F[p] = st
                        PB[nf] = p  # the pool's pending lists are free here
                        nf += 1
                else:
                    MARK_B[p] = st
        cur = NPAR[cur]
    k = 0
    for i in range(nf):
        if MARK_B[PB[i]] == st:
            ELIM[k] = PB[i]
            k += 1
    return k


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(
    complexity=cython.int, added=cython.double, ceil=cython.int, length=cython.int, odd=cython.bint
)
@cython.returns(cython.double)
def _length_increment(complexity: int) -> float:
    added = 0.0
    ceil = 4
    length = complexity - 2
    odd = False
    while length > ceil:
        added += 0.1
        ceil = ceil * 4 // 3 if odd else ceil * 3 // 2
        odd = not odd
    return added


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(
    base=cython.double,
    sk=cython.int,
    have=cython.bint,
    bd=cython.double,
    bcx=cython.int,
    bsk=cython.int,
    c=cython.int,
    diff=cython.double,
)
@cython.returns(cython.int)
def _limit(base: float, sk: int, have: int, bd: float, bcx: int, bsk: int) -> int:
    """The largest complexity whose hint could still sort before the best one."""
    if not have:
        return 1 << 30
    c = 0
    while True:
        diff = base + _length_increment(c + 1)
        if diff < bd or (diff == bd and (c + 1 < bcx or (c + 1 == bcx and sk < bsk))):
            c += 1
        else:
            return c


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(
    diff=cython.double,
    cx=cython.int,
    sk=cython.int,
    have=cython.bint,
    bd=cython.double,
    bcx=cython.int,
    bsk=cython.int,
)
@cython.returns(cython.bint)
def _beats(diff: float, cx: int, sk: int, have: int, bd: float, bcx: int, bsk: int) -> bool:
    # SE's order: difficulty, complexity, sort key, then discovery (a later hint never
    # wins a tie, so the discovery number need not be kept).
    if not have:
        return True
    return diff < bd or (diff == bd and (cx < bcx or (cx == bcx and sk < bsk)))


_CYCLE_NAMES = (
    "Bidirectional Cycle",
    "Bidirectional Y-Cycle",
    "Generalized X-Wing",
    "Bidirectional X-Cycle",
)
_CHAIN_NAMES = ("Forcing Chain", "Forcing Y-Chain", "Turbot Fish", "Forcing X-Chain")


@cython.locals(
    combo=cython.int,
    y=cython.int,
    x=cython.int,
    both=cython.int,
    sk=cython.int,
    okind=cython.int,
    cell=cython.int,
    d=cython.int,
    e=cython.int,
    m=cython.uint,
    on=cython.int,
    nf=cython.int,
    i=cython.int,
    t=cython.int,
    w=cython.int,
    dst=cython.int,
    cx=cython.int,
    diff=cython.double,
    cbase=cython.double,
    fbase=cython.double,
    have=cython.bint,
    bd=cython.double,
    bcx=cython.int,
    bsk=cython.int,
    bname=cython.int,
    bplace=cython.int,
    nbest=cython.int,
    ne=cython.int,
    lim=cython.int,
    key=cython.int,
    tcell=cython.int,
    td=cython.int,
)
def chains_and_cycles(
    cand: Sequence[int], value: Sequence[int], pos: Sequence[int]
) -> tuple[str, float, tuple[int, int] | None, list[tuple[int, int]]] | None:
    """SE's forcing X/Y chains and bidirectional cycles producer: the hint it applies
    (name, difficulty, placement (cell, digit 1-9) or None, eliminations), or None.
    ``pos[h * 9 + d]`` holds the places of digit d in house h as index bits."""
    global _nn
    _load(cand, pos)
    _links()
    have = False
    bd = 0.0
    bcx = 0
    bsk = 0
    bname = 0
    bplace = -1
    nbest = 0
    for combo in range(3):
        y = 0 if combo == 0 else 1
        x = 0 if combo == 1 else 1
        both = x and y
        sk = 4 if both else (3 if y else 2)
        okind = (2 if y else 0) if x else 1
        cbase = 7.0 if both else 6.5
        fbase = 7.0 if both else 6.6
        for cell in range(81):
            m = CAND[cell]
            if value[cell] or CPOP[m] <= 1:
                continue
            if CPOP[m] > 2 and not x:
                continue
            for d in range(9):
                if not m >> d & 1:
                    continue
                on = ((cell * 9 + d) << 1) | 1
                _nn = 0
                nf = _cycles(on, y, okind, _limit(cbase, sk, have, bd, bcx, bsk))
                t = -1
                w = -1
                if x:
                    lim = _limit(fbase, sk, have, bd, bcx, bsk)
                    t = _forcing(on, on ^ 1, y, okind, lim)
                    w = _forcing(on ^ 1, on, y, okind, lim)
                for i in range(nf):
                    dst = FOUND[i]
                    cx = _ancestors(dst)
                    diff = cbase + _length_increment(cx)
                    if not _beats(diff, cx, sk, have, bd, bcx, bsk):
                        continue
                    ne = _cycle_eliminations(dst)
                    if not ne:
                        continue
                    have = True
                    bd = diff
                    bcx = cx
                    bsk = sk
                    bplace = -1
                    if both:
                        bname = 0
                    elif y:
                        bname = 1
                    elif _chain_cells(dst) == 4:
                        bname = 2
                    else:
                        bname = 3
                    for e in range(ne):
                        BEST_E[e] = ELIM[e]
                    nbest = ne
                for i in range(2):
                    dst = t if i == 0 else w
                    if dst < 0:
                        continue
                    cx = _ancestors(dst)
                    diff = fbase + _length_increment(cx)
                    if not _beats(diff, cx, sk, have, bd, bcx, bsk):
                        continue
                    key = NKEY[dst]
                    tcell = (key >> 1) // 9
                    td = (key >> 1) % 9
                    ne = 0
                    if key & 1:
                        for e in range(9):
                            if e != td and CAND[tcell] >> e & 1:
                                ELIM[ne] = tcell * 9 + e
                                ne += 1
                    else:
                        ELIM[0] = tcell * 9 + td
                        ne = 1
                    if not ne:
                        continue
                    have = True
                    bd = diff
                    bcx = cx
                    bsk = sk
                    bplace = tcell * 9 + td if key & 1 else -1
                    if both:
                        bname = 4
                    elif y:
                        bname = 5
                    elif cx == 6:
                        bname = 6
                    else:
                        bname = 7
                    for e in range(ne):
                        BEST_E[e] = ELIM[e]
                    nbest = ne
    if not have:
        return None
    name = _CYCLE_NAMES[bname] if bname < 4 else _CHAIN_NAMES[bname - 4]
    place = None if bplace < 0 else (bplace // 9, bplace % 9 + 1)
    elims = [(BEST_E[e] // 9, BEST_E[e] % 9 + 1) for e in range(nbest)]
    return (name, bd, place, elims)


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(
    c=cython.int,
    o=cython.int,
    j=cython.int,
    n=cython.int,
    nc=cython.int,
    single=cython.bint,
    k=cython.int,
    most=cython.int,
)
@cython.returns(cython.int)
def _excluders(most: int) -> int:
    """The cells aligned exclusion looks at (two candidates or more, no peer with one,
    some excluder: a peer with 2 to ``most`` candidates) into TCELLS, their excluders in
    SE's order into EXL/EXN and EXB; their count."""
    nc = 0
    for c in range(81):
        EXN[c] = 0
        for o in range(81):
            EXB[c * 81 + o] = 0
    for c in range(81):
        if CPOP[CAND[c]] < 2:
            continue
        single = False
        n = 0
        for j in range(20):
            o = PEER[c * 20 + j]
            k = CPOP[CAND[o]]
            if k == 1:
                single = True
            elif 2 <= k <= most:
                EXL[c * 20 + n] = o
                n += 1
        if not single and n:
            TCELLS[nc] = c
            nc += 1
            EXN[c] = n
            for j in range(n):
                EXB[c * 81 + EXL[c * 20 + j]] = 1
    return nc


@cython.locals(
    ma=cython.uint,
    mb=cython.uint,
    ok_a=cython.uint,
    ok_b=cython.uint,
    pa=cython.int,
    pb=cython.int,
    both=cython.uint,
    see=cython.bint,
    excluded=cython.bint,
    nc=cython.int,
    i0=cython.int,
    i1=cython.int,
    a=cython.int,
    b=cython.int,
    j=cython.int,
    o=cython.int,
    nl=cython.int,
    li=cython.int,
    e=cython.int,
    c=cython.int,
)
def aligned_pair(cand: Sequence[int]) -> object:
    """SE's aligned pair exclusion: its first hint's eliminations as (cell, digit 1-9),
    None when there is none, False when SE would refuse (more than 64 cells)."""
    for c in range(81):
        CAND[c] = cand[c]
    nc = _excluders(2)
    if nc < 2:
        return None
    if nc > 64:
        return False
    for i1 in range(1, nc):
        for i0 in range(i1):
            a = TCELLS[i0]
            b = TCELLS[i1]
            nl = 0
            for j in range(EXN[a]):
                o = EXL[a * 20 + j]
                if EXB[b * 81 + o]:
                    LOCKS[nl] = CAND[o]
                    nl += 1
            if nl < 2:
                continue
            see = _sees(a, b)
            ma = CAND[a]
            mb = CAND[b]
            ok_a = 0
            ok_b = 0
            for pa in range(9):
                if not ma >> pa & 1:
                    continue
                for pb in range(9):
                    if not mb >> pb & 1 or (pa == pb and see):
                        continue
                    both = (1 << pa) | (1 << pb)
                    excluded = False
                    for li in range(nl):
                        if not LOCKS[li] & ~both:
                            excluded = True
                            break
                    if not excluded:
                        ok_a |= 1 << pa
                        ok_b |= 1 << pb
            if ok_a == ma and ok_b == mb:
                continue
            out = [(a, e + 1) for e in range(9) if (ma & ~ok_a) >> e & 1]
            out += [(b, e + 1) for e in range(9) if (mb & ~ok_b) >> e & 1]
            return out
    return None


@cython.locals(
    c=cython.int,
    o=cython.int,
    j=cython.int,
    n=cython.int,
    nc=cython.int,
    single=cython.bint,
    k=cython.int,
    i0=cython.int,
    i1=cython.int,
    a=cython.int,
    b=cython.int,
    t=cython.int,
    shared=cython.int,
    common=cython.int,
    see_ab=cython.bint,
    see_at=cython.bint,
    see_bt=cython.bint,
    ma=cython.uint,
    mb=cython.uint,
    mt=cython.uint,
    ok_a=cython.uint,
    ok_b=cython.uint,
    ok_t=cython.uint,
    pa=cython.int,
    pb=cython.int,
    ab=cython.uint,
    free=cython.uint,
    rest=cython.uint,
    lm=cython.uint,
    nl=cython.int,
    li=cython.int,
    ti=cython.int,
    e=cython.int,
    src=cython.int,
)
def aligned_triplet(cand: Sequence[int]) -> object:
    """SE's aligned triplet exclusion: its first hint's eliminations as (cell, digit 1-9),
    None when there is none, False when SE would refuse (more than 64 cells)."""
    for c in range(81):
        CAND[c] = cand[c]
    nc = _excluders(3)
    if nc < 3:
        return None
    if nc > 64:
        return False
    for i1 in range(1, nc):
        for i0 in range(i1):
            a = TCELLS[i0]
            b = TCELLS[i1]
            shared = 0
            for j in range(EXN[a]):
                if EXB[b * 81 + EXL[a * 20 + j]]:
                    shared += 1
            if shared < 2:
                continue  # the three cells need two common excluders
            # The third cell: a's excluders, then b's (not a's), that are candidate cells.
            k = 0
            for j in range(EXN[a]):
                o = EXL[a * 20 + j]
                if o != a and o != b and EXN[o]:
                    TAILS[k] = o
                    k += 1
            for j in range(EXN[b]):
                o = EXL[b * 20 + j]
                if o != a and o != b and EXN[o] and not EXB[a * 81 + o]:
                    TAILS[k] = o
                    k += 1
            see_ab = _sees(a, b)
            for ti in range(k):
                t = TAILS[ti]
                nl = 0
                for j in range(EXN[a]):  # common excluders (their order does not matter)
                    o = EXL[a * 20 + j]
                    if EXB[b * 81 + o] and EXB[t * 81 + o]:
                        LOCKS[nl] = CAND[o]
                        nl += 1
                if nl < 2:
                    continue
                see_at = _sees(a, t)
                see_bt = _sees(b, t)
                ma = CAND[a]
                mb = CAND[b]
                mt = CAND[t]
                ok_a = 0
                ok_b = 0
                ok_t = 0
                for pa in range(9):
                    if not ma >> pa & 1:
                        continue
                    for pb in range(9):
                        if not mb >> pb & 1:
                            continue
                        if pa == pb and see_ab:
                            continue
                        ab = (1 << pa) | (1 << pb)
                        free = mt
                        if see_at:
                            free &= ~(1 << pa)
                        if see_bt:
                            free &= ~(1 << pb)
                        for li in range(nl):
                            lm = LOCKS[li]
                            rest = lm & ~ab
                            if not rest:
                                free = 0
                                break
                            if not rest & (rest - 1):
                                free &= ~rest
                        if free:
                            ok_a |= 1 << pa
                            ok_b |= 1 << pb
                            ok_t |= free
                    if ok_a == ma and ok_b == mb and ok_t == mt:
                        break  # every value is allowed somewhere: nothing to remove
                if ok_a == ma and ok_b == mb and ok_t == mt:
                    continue
                out = []
                for src in range(3):
                    c = a if src == 0 else (b if src == 1 else t)
                    rest = ma & ~ok_a if src == 0 else (mb & ~ok_b if src == 1 else mt & ~ok_t)
                    for e in range(9):
                        if rest >> e & 1:
                            out.append((c, e + 1))
                return out
    return None


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(a=cython.int, b=cython.int, j=cython.int)
@cython.returns(cython.bint)
def _sees(a: int, b: int) -> bool:
    j = 0
    while j < 20 and PEER[a * 20 + j] != b:
        j += 1
    return j < 20


# ---- Nishio, multiple and dynamic forcing chains (SE's Chaining(multiple, dynamic,
# nishio, 0)) --------------------------------------------------------------------------
#
# Every assumption is propagated to the end; a propagation is kept in a slot (one per
# "on" assumption, reused by region and cell chains; slot 729 for an "off" assumption):
# its potentials are nodes of a pool with their parents (several in dynamic mode: the
# removals that made a cell or house a single), in the order SE's sets meet them, and
# IDX[slot * 1458 + key] is the node of a key, valid where the slot's bits in SBIT have the
# key (``_at``: -1 for a key not met). Only the best hint is kept.

# Capacities of the propagation pool (smaller interpreted; when full, the producer
# answers None-like False and the caller runs its own code).
_PNCAP = 1048576 if cython.compiled else 65536
_PPCAP = 2097152 if cython.compiled else 131072

if not cython.compiled:
    PK = [0] * _PNCAP  # node key
    PPS = [0] * _PNCAP  # start of its parents in PPAR
    PPN = [0] * _PNCAP  # their count
    PPAR = [0] * _PPCAP
    PCAUSE = [0] * _PNCAP  # SE's cause of a node (0 none, 1 cell, 2-4 house, 5 rule)
    PNCX = [0] * _PNCAP  # levels 2+: a rule node's nested chain: its complexity and
    PNSIG = [0] * _PNCAP  # ... its identity (-1: no nested chain)
    SEENS = [0] * 13122  # the nested chains met by a hint
    BKC = [0] * 81  # the outer propagation's state, kept while a nested rule runs
    BKP = [0] * 243
    BKSC = [0] * 81
    BKSP = [0] * 243
    BKSLOT = [0] * 729
    BKCS = [0] * 9
    BKRS = [0] * 9
    BKT = [0] * 9
    BKE = [0] * 27
    BKO = [0] * 9
    BKTOUCH = [0] * 27
    BKLOST = [0] * 243
    RSAVE = [0] * 81  # a nested rule's hints: the candidates its propagation started from,
    GHM = [0] * 27  # ... per house, the digits that lost a place since then
    HOTK = [0] * 1458  # ... the keys whose flip reaches a changed link (stamp _hst)
    MARK_R = [0] * 729  # ... a hint's rule parents ("off" keys, each once)
    RPB = [0] * 729
    CK = [0] * 4096  # ... a chain's keys (node first) and causes
    CC = [0] * 4096
    RBCX = [0] * 1458  # a level-0 rule call: the hint kept per target (complexity, sort
    RBSK = [0] * 1458  # key, place in _ALL), valid when RBST is the call's stamp
    RBPOS = [0] * 1458
    RBST = [0] * 1458
    SLOT = [0] * 729  # the slot of an "on" assumption (-1: not propagated yet)
    SBEG = [0] * 1460  # a slot's nodes in the pool (slots 730-1459: a nested call's)
    SEND = [0] * 1460
    SABS1 = [0] * 1460  # its contradiction (an "on" node and an "off" node), or -1
    SABS2 = [0] * 1460
    IDX = [0] * (1460 * 1458)
    SBIT = [0] * (1460 * 46)  # the keys a slot has met, 46 words of 32 bits a slot
    QON = [0] * 1460
    QOFF = [0] * 1460
    SAVEC = [0] * 81
    SAVEP = [0] * 243
    STK = [0] * 2920
    TGT = [0] * 9
    ONSK = [0] * 4
    ONSN = [0] * 4
    RSLOT = [0] * 9
    TOUCH = [0] * 27  # level 1: digits that lost a place, per house
    LOST = [0] * 243  # ... the places lost (h * 9 + d)
    HP = [0] * 1458  # a rule's hint: parent "off" keys and removals (cell * 9 + digit)
    HE = [0] * 729
    ADVN = [0] * 800  # the new "off" nodes of a rule
    EMPTY = [0] * 27  # empty cells per house, and occurrences of each digit (real grid)
    OCCUR = [0] * 9
    LOCK1 = [0] * 108  # the intersections, in SE's order: house 1, its cells in house 2,
    LOCKIN = [0] * 108  # house 2, house 2's cells outside house 1
    LOCK2 = [0] * 108
    LOCKOUT = [0] * 108
    LOCKPT = [0] * 108  # pointing (house 1 a block) or claiming
    LOCK3N = [0] * 108  # the third houses (of house 1's type, crossing house 2): count,
    LOCK3H = [0] * 216  # house, and its cells outside house 2
    LOCK3OUT = [0] * 216
    ULOOP = [0] * 82  # unique loops: the path, cells on it, holders of the pair, viable
    UIN = [0] * 81
    UHOLD = [0] * 81
    UVIA = [0] * 81
    HBITS = [0] * 81  # per cell, its three houses as bits
    CSLOT = [0] * 9
    ORDER = list(range(81))  # the cells in the order a first-hint producer call tries them
_pn = 0  # nodes in the propagation pool
_ppn = 0  # parents in PPAR
_nslots = 0
_overflow = 0
_have = 0  # the best hint so far: order, kind and target
_bd = 0.0
_bcx = 0
_bsk = 0
_bkind = 0
_btarget = 0
_premise = 0  # the assumption behind the hint being offered (see ``best_premise``)
_first = 0  # 1: a producer call stops after the first cell whose assumptions gave a hint
_bpremise = 0  # ... and behind the best hint
_cbase = 0.0
_level = 0
_every = 0  # every hint wanted (nested levels), not only the first
_seq = 0  # offers made (SE's discovery order)
_init = 0  # the cause SE gives the assumption of the hint being offered
_slo = 1 << 30  # the first node of the live "off" propagation
_sb = 0  # the first slot of this call (730 in a call made by a nested rule)
_depth = 0  # 1 while a nested level's rule (Python) runs
_nrules = 0  # levels 2+: the chaining rules (``_RULES``) after the four simple ones
_ecx = 0  # the nested chain of the hint being emitted (complexity, identity or -1)
_esig = -1
_RULES: Any = None
_nrp = 0  # rule parents in RPB
_rstamp = 0
_hst = 0  # HOTK's stamp
_rcall = 0
_ERR: Any = None  # an exception raised by a nested rule, raised again by the caller
_ALL: list[Any] = []
_MEMO: dict[int, Any] = {}
_SMEMO: dict[int, Any] = {}
_POT: Any = None
_nhp = 0
_nhe = 0
_produced = 0
_nadv = 0
_nlock = 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(key=cython.int, q=cython.int)
@cython.returns(cython.int)
def _pnode(key: int) -> int:
    global _pn, _overflow
    q = _pn
    if q >= _PNCAP - 1:  # full: the propagation goes on in a scratch node, then fails
        _overflow = 1
        q = _PNCAP - 1
        PK[q] = key
        PPS[q] = _ppn
        PPN[q] = 0
        return q
    PK[q] = key
    PPS[q] = _ppn
    PPN[q] = 0
    PCAUSE[q] = 0
    PNSIG[q] = -1
    _pn = q + 1
    return q


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(q=cython.int, parent=cython.int)
@cython.returns(cython.void)
def _padd(q: int, parent: int) -> None:
    # Parents are added to the node made last only.
    global _ppn, _overflow
    if _ppn >= _PPCAP - 1 or q == _PNCAP - 1:
        _overflow = 1
        return
    PPAR[_ppn] = parent
    _ppn += 1
    PPN[q] += 1


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(slot=cython.int, key=cython.int)
@cython.returns(cython.int)
def _at(slot: int, key: int) -> int:
    """The node of ``key`` in ``slot``'s propagation, -1 if it has none. A slot's bits
    (184 bytes) are cleared when its propagation starts, instead of its 1458 IDX entries
    (5.8 kB): a producer call propagates hundreds of assumptions, and most lookups
    miss, so they mostly stay in the small, warm bit array."""
    if SBIT[slot * 46 + (key >> 5)] >> (key & 31) & 1:
        return IDX[slot * 1458 + key]
    return -1


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(slot=cython.int, key=cython.int, q=cython.int)
@cython.returns(cython.void)
def _put(slot: int, key: int, q: int) -> None:
    """``q`` is the node of ``key`` in ``slot``'s propagation."""
    IDX[slot * 1458 + key] = q
    SBIT[slot * 46 + (key >> 5)] |= 1 << (key & 31)


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(slot=cython.int, i=cython.int, j=cython.int, key=cython.int, q=cython.int)
@cython.returns(cython.int)
def _emit(slot: int) -> int:
    """The hint in HP (parent "off" keys, _nhp) and HE (removals, _nhe): its removals not
    met yet become "off" nodes (parents: the rule parents) in ADVN. -1: pool full."""
    global _produced, _nadv
    if _nhp == 0 or _nhe == 0:
        return 0  # the rule holds without the assumption: nothing to learn
    _produced = 1
    for i in range(_nhe):
        key = HE[i] << 1
        if _at(slot, key) >= 0:
            continue
        q = _pnode(key)
        PCAUSE[q] = 5
        if q != _PNCAP - 1:
            PNCX[q] = _ecx
            PNSIG[q] = _esig
        for j in range(_nhp):
            _padd(q, _at(slot, HP[j]))
        _put(slot, key, q)
        ADVN[_nadv] = q
        _nadv += 1
    return 0


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(
    slot=cython.int,
    rule=cython.int,
    i=cython.int,
    j=cython.int,
    h=cython.int,
    h0=cython.int,
    h1=cython.int,
    i0=cython.int,
    i1=cython.int,
    d=cython.int,
    e=cython.int,
    v=cython.int,
    c=cython.int,
    t=cython.int,
    start=cython.int,
    k=cython.int,
    p=cython.uint,
    rest=cython.uint,
    gone=cython.uint,
    digits=cython.uint,
    m0=cython.uint,
    m1=cython.uint,
    union=cython.uint,
    g0=cython.uint,
    g1=cython.uint,
    vmask=cython.uint,
    imask=cython.uint,
    allowed=cython.uint,
    cover=cython.int,
    bmask=cython.uint,
)
@cython.returns(cython.int)
def _advanced(slot: int) -> int:
    """SE's getAdvancedPotentials at level 1: the first rule (locking, hidden pair, naked
    pair, X-Wing) with a hint that relies on the propagation's removals gives every
    removal of every such hint; the new ones are put in ADVN, their count returned
    (-1: pool full). Each rule only looks where the propagation removed something its
    hint would rely on, as ``se._advanced``'s rules do."""
    global _nhp, _nhe, _produced, _nadv
    _nadv = 0
    for i in range(27):
        TOUCH[i] = 0
    for i in range(243):
        LOST[i] = SAVEP[i] & ~POSA[i]
        if LOST[i]:
            TOUCH[i // 9] |= 1 << (i % 9)
    for rule in range(4):
        _produced = 0
        if rule == 0:  # locking
            for t in range(_nlock):
                h = LOCK1[t]
                digits = TOUCH[h]
                while digits:  # (its digits in order)
                    d = LOWI[digits]
                    digits &= digits - 1
                    p = POSA[h * 9 + d]
                    if p & (p - 1) and not p & ~LOCKIN[t]:
                        rest = POSA[LOCK2[t] * 9 + d] & LOCKOUT[t]
                        gone = LOST[h * 9 + d] & ~LOCKIN[t]
                        if rest and gone:
                            _nhp = 0
                            for i in range(9):
                                if gone >> i & 1:
                                    HP[_nhp] = (HCELL[h * 9 + i] * 9 + d) << 1
                                    _nhp += 1
                            _nhe = 0
                            for i in range(9):
                                if rest >> i & 1:
                                    HE[_nhe] = HCELL[LOCK2[t] * 9 + i] * 9 + d
                                    _nhe += 1
                            if _emit(slot) < 0:
                                return -1
        elif rule == 1:  # hidden pairs
            for t in range(27):
                start = 0 if t < 9 else (18 if t < 18 else 9)
                h = start + t % 9
                digits = TOUCH[h]
                if not digits or EMPTY[h] <= 4:
                    continue
                for i1 in range(1, 9):
                    m1 = POSA[h * 9 + i1]
                    if CPOP[m1] != 2:
                        continue
                    for i0 in range(i1):
                        m0 = POSA[h * 9 + i0]
                        if CPOP[m0] != 2 or m0 != m1:
                            continue
                        union = m0
                        vmask = (1 << i0) | (1 << i1)
                        if not vmask & digits:
                            continue
                        _nhe = 0
                        for i in range(9):
                            if union >> i & 1:
                                c = HCELL[h * 9 + i]
                                for e in range(9):
                                    if (CAND[c] & ~vmask) >> e & 1:
                                        HE[_nhe] = c * 9 + e
                                        _nhe += 1
                        if not _nhe:
                            continue
                        _nhp = 0
                        for i in range(9):
                            if not union >> i & 1:
                                c = HCELL[h * 9 + i]
                                for v in range(9):
                                    if (SAVEC[c] & vmask) >> v & 1:
                                        HP[_nhp] = (c * 9 + v) << 1
                                        _nhp += 1
                        if _emit(slot) < 0:
                            return -1
        elif rule == 2:  # naked pairs
            for t in range(27):
                start = 0 if t < 9 else (18 if t < 18 else 9)
                h = start + t % 9
                if not TOUCH[h] or EMPTY[h] < 4:
                    continue
                for i1 in range(1, 9):
                    m1 = CAND[HCELL[h * 9 + i1]]
                    if CPOP[m1] != 2:
                        continue
                    for i0 in range(i1):
                        m0 = CAND[HCELL[h * 9 + i0]]
                        if CPOP[m0] != 2 or m0 != m1:
                            continue
                        union = m0
                        imask = (1 << i0) | (1 << i1)
                        _nhp = 0
                        for i in range(9):
                            if imask >> i & 1:
                                c = HCELL[h * 9 + i]
                                for v in range(9):
                                    if (SAVEC[c] & ~union) >> v & 1:
                                        HP[_nhp] = (c * 9 + v) << 1
                                        _nhp += 1
                        if not _nhp:
                            continue
                        _nhe = 0
                        for i in range(9):
                            if not imask >> i & 1:
                                c = HCELL[h * 9 + i]
                                for e in range(9):
                                    if (CAND[c] & union) >> e & 1:
                                        HE[_nhe] = c * 9 + e
                                        _nhe += 1
                        if _emit(slot) < 0:
                            return -1
        else:  # X-Wings
            allowed = 0
            for d in range(9):
                if OCCUR[d] + 4 <= 9:
                    allowed |= 1 << d
            for t in range(2):
                start = 18 if t == 0 else 9
                cover = 9 if t == 0 else 18
                for i1 in range(1, 9):
                    for i0 in range(i1):
                        h0 = start + i0
                        h1 = start + i1
                        digits = (TOUCH[h0] | TOUCH[h1]) & allowed
                        if not digits:
                            continue
                        bmask = (1 << i0) | (1 << i1)
                        for d in range(9):
                            if not digits >> d & 1:
                                continue
                            m0 = POSA[h0 * 9 + d]
                            m1 = POSA[h1 * 9 + d]
                            if not (m0 & (m0 - 1) and m1 & (m1 - 1)):
                                continue
                            union = m0 | m1
                            if CPOP[union] != 2:
                                continue
                            g0 = LOST[h0 * 9 + d] & ~union
                            g1 = LOST[h1 * 9 + d] & ~union
                            if not (g0 or g1):
                                continue
                            _nhe = 0
                            for j in range(9):
                                if union >> j & 1:
                                    for i in range(9):
                                        if (POSA[(cover + j) * 9 + d] & ~bmask) >> i & 1:
                                            HE[_nhe] = HCELL[(cover + j) * 9 + i] * 9 + d
                                            _nhe += 1
                            if not _nhe:
                                continue
                            _nhp = 0
                            for j in range(9):
                                if g0 >> j & 1:
                                    HP[_nhp] = (HCELL[h0 * 9 + j] * 9 + d) << 1
                                    _nhp += 1
                            for j in range(9):
                                if g1 >> j & 1:
                                    HP[_nhp] = (HCELL[h1 * 9 + j] * 9 + d) << 1
                                    _nhp += 1
                            if _emit(slot) < 0:
                                return -1
        if _produced:
            return _nadv
    for rule in range(_nrules if _level >= 2 else 0):  # the level's chaining rules
        _produced = 0
        if _chain_rule(slot, rule) < 0:
            return -1
        if _produced:
            return _nadv
    return 0


@cython.cfunc
@cython.locals(
    r=cython.int,
    i=cython.int,
    s_pn=cython.int,
    s_ppn=cython.int,
    s_nslots=cython.int,
    s_have=cython.int,
    s_over=cython.int,
    s_bd=cython.double,
    s_bcx=cython.int,
    s_bsk=cython.int,
    s_bkind=cython.int,
    s_btarget=cython.int,
    s_cbase=cython.double,
    s_level=cython.int,
    s_every=cython.int,
    s_seq=cython.int,
    s_init=cython.int,
    s_slo=cython.int,
    s_sb=cython.int,
    s_nrules=cython.int,
    s_premise=cython.int,
    s_bpremise=cython.int,
)
def _ask(r: int) -> Any:
    """Nested levels: the hints of the level's chaining rule ``r`` (``_RULES``, Python)
    on the hypothetical grid, as (removals as cell * 9 + digit, rule parents as "off"
    keys, nested complexity, nested identity), only those with rule parents. The rule
    may call this module again (a level-0 producer, in slots from 730 and in the pool
    above this call's nodes): this call's state is kept aside meanwhile. None when the
    rule raised (kept in ``_ERR``, raised again by ``multiple_chains``)."""
    global _pn, _ppn, _nslots, _overflow, _have, _bd, _bcx, _bsk, _bkind, _btarget
    global _cbase, _level, _every, _seq, _init, _slo, _sb, _nrules, _depth, _ERR
    global _ALL, _MEMO, _SMEMO, _POT, _RULES, _premise, _bpremise
    s_pn, s_ppn, s_nslots, s_have, s_over = _pn, _ppn, _nslots, _have, _overflow
    s_premise, s_bpremise = _premise, _bpremise
    s_bd, s_bcx, s_bsk, s_bkind, s_btarget = _bd, _bcx, _bsk, _bkind, _btarget
    s_cbase, s_level, s_every, s_seq, s_init = _cbase, _level, _every, _seq, _init
    s_slo, s_sb, s_nrules = _slo, _sb, _nrules
    s_all, s_memo, s_smemo, s_pot, s_rules = _ALL, _MEMO, _SMEMO, _POT, _RULES
    for i in range(81):
        BKC[i] = CAND[i]
        BKSC[i] = SAVEC[i]
    for i in range(243):
        BKP[i] = POSA[i]
        BKSP[i] = SAVEP[i]
        BKLOST[i] = LOST[i]
    for i in range(729):
        BKSLOT[i] = SLOT[i]
    for i in range(9):
        BKCS[i] = CSLOT[i]
        BKRS[i] = RSLOT[i]
        BKT[i] = TGT[i]
        BKO[i] = OCCUR[i]
    for i in range(27):
        BKE[i] = EMPTY[i]
        BKTOUCH[i] = TOUCH[i]
    got: Any = None
    _depth += 1
    try:
        got = _RULES(
            r,
            [CAND[i] for i in range(81)],
            [POSA[i] for i in range(243)],
            [SAVEC[i] for i in range(81)],
        )
    except BaseException as e:  # Ctrl-C, the time budget: raised again by the caller
        _ERR = e
        got = None
    _depth -= 1
    _pn, _ppn, _nslots, _have, _overflow = s_pn, s_ppn, s_nslots, s_have, s_over
    _bd, _bcx, _bsk, _bkind, _btarget = s_bd, s_bcx, s_bsk, s_bkind, s_btarget
    _cbase, _level, _every, _seq, _init = s_cbase, s_level, s_every, s_seq, s_init
    _slo, _sb, _nrules = s_slo, s_sb, s_nrules
    _ALL, _MEMO, _SMEMO, _POT, _RULES = s_all, s_memo, s_smemo, s_pot, s_rules
    _premise, _bpremise = s_premise, s_bpremise
    for i in range(81):
        CAND[i] = BKC[i]
        SAVEC[i] = BKSC[i]
    for i in range(243):
        POSA[i] = BKP[i]
        SAVEP[i] = BKSP[i]
        LOST[i] = BKLOST[i]
    for i in range(729):
        SLOT[i] = BKSLOT[i]
    for i in range(9):
        CSLOT[i] = BKCS[i]
        RSLOT[i] = BKRS[i]
        TGT[i] = BKT[i]
        OCCUR[i] = BKO[i]
    for i in range(27):
        EMPTY[i] = BKE[i]
        TOUCH[i] = BKTOUCH[i]
    return got


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(slot=cython.int, r=cython.int, k=cython.int)
@cython.returns(cython.int)
def _chain_rule(slot: int, r: int) -> int:
    """SE's getAdvancedPotentials for the level's chaining rule ``r``: every removal of
    every hint with rule parents, new ones as "off" nodes in ADVN (each remembering its
    hint's nested chain). -1: the rule raised."""
    global _nhp, _nhe, _ecx, _esig, _ERR
    got = _ask(r)
    if got is None:
        return -1
    try:
        for elims, parents, cx, sig in got:
            _nhp = 0
            for k in parents:
                HP[_nhp] = k
                _nhp += 1
            _nhe = 0
            for k in elims:
                HE[_nhe] = k
                _nhe += 1
            _ecx = cx
            _esig = sig
            _emit(slot)
    except BaseException as e:  # pragma: no cover - a malformed answer
        _ERR = e
        return -1
    finally:
        _ecx = 0
        _esig = -1
    return 0


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(
    slot=cython.int,
    start=cython.int,
    dynamic=cython.int,
    y=cython.int,
    i=cython.int,
    j=cython.int,
    n=cython.int,
    p=cython.int,
    q=cython.int,
    k=cython.int,
    kk=cython.int,
    conj=cython.int,
    cell=cython.int,
    d=cython.int,
    e=cython.int,
    o=cython.int,
    h=cython.int,
    v=cython.int,
    bit=cython.uint,
    m=cython.uint,
    here=cython.uint,
    gone=cython.uint,
    qoh=cython.int,
    qot=cython.int,
    qfh=cython.int,
    qft=cython.int,
    nons=cython.int,
    dup=cython.int,
    stop=cython.int,
)
@cython.returns(cython.int)
def _propagate(slot: int, start: int, dynamic: int, y: int) -> int:
    """SE's doChaining from the assumption ``start`` into ``slot``: 0, or -1 when the
    pool is full. An "on" waiting is handled before an "off"; in dynamic mode each "off"
    handled is removed from the grid (restored at the end). The first contradiction met
    stops it."""
    global _overflow
    for i in range(46):  # (IDX itself is read only where SBIT has the key)
        SBIT[slot * 46 + i] = 0
    SBEG[slot] = _pn
    SABS1[slot] = -1
    SABS2[slot] = -1
    q = _pnode(start)
    _put(slot, start, q)
    qoh = 0
    qot = 0
    qfh = 0
    qft = 0
    if start & 1:
        QON[qot] = q
        qot += 1
    else:
        QOFF[qft] = q
        qft += 1
    if dynamic:
        for i in range(81):
            SAVEC[i] = CAND[i]
        for i in range(243):
            SAVEP[i] = POSA[i]
    stop = 0
    while not stop:
        if qoh >= qot and qfh >= qft:
            # Nothing waiting: from level 1, simpler rules on the changed grid.
            if not _level:
                break
            n = _advanced(slot)
            if n < 0:
                stop = 1
                _overflow = 1
                break
            if n == 0:
                break
            for i in range(n):
                QOFF[qft] = ADVN[i]
                qft += 1
        elif qoh < qot:
            p = QON[qoh]
            qoh += 1
            cell = (PK[p] >> 1) // 9
            d = (PK[p] >> 1) % 9
            bit = 1 << d
            # The cell's other digits (Y), then the digit in its block, row and column.
            n = 0
            if y:
                m = CAND[cell]
                for e in range(9):
                    if e != d and m >> e & 1:
                        STK[n] = (cell * 9 + e) << 1
                        n += 1
            for j in range(20):
                o = PEER[cell * 20 + j]
                if CAND[o] & bit:
                    STK[n] = (o * 9 + d) << 1
                    n += 1
            for i in range(n):
                kk = STK[i]
                conj = _at(slot, kk | 1)
                if conj >= 0:
                    q = _pnode(kk)
                    _padd(q, p)
                    SABS1[slot] = conj
                    SABS2[slot] = q
                    stop = 1
                    break
                if _at(slot, kk) < 0:
                    q = _pnode(kk)
                    _padd(q, p)
                    _put(slot, kk, q)
                    QOFF[qft] = q
                    qft += 1
        else:
            p = QOFF[qfh]
            qfh += 1
            cell = (PK[p] >> 1) // 9
            d = (PK[p] >> 1) % 9
            bit = 1 << d
            nons = 0
            if y:
                m = CAND[cell]
                if CPOP[m] == 2:
                    k = ((cell * 9 + LOWI[m & ~bit]) << 1) | 1
                    q = _pnode(k)
                    PCAUSE[q] = 1
                    _padd(q, p)
                    if dynamic:
                        gone = SAVEC[cell] & ~m
                        for v in range(9):
                            if gone >> v & 1:
                                _padd(q, _at(slot, (cell * 9 + v) << 1))
                    ONSK[nons] = k
                    ONSN[nons] = q
                    nons += 1
            for j in range(3):
                h = CHOUSE[cell * 3 + j]
                here = POSA[h * 9 + d]
                if CPOP[here] != 2:
                    continue
                k = ((HCELL[h * 9 + LOWI[here & ~(1 << CIDX[cell * 3 + j])]] * 9 + d) << 1) | 1
                dup = 0
                for i in range(nons):
                    if ONSK[i] == k:
                        dup = 1
                if dup:
                    continue
                q = _pnode(k)
                PCAUSE[q] = 2 + j
                _padd(q, p)
                if dynamic:
                    gone = SAVEP[h * 9 + d] & ~here
                    for i in range(9):
                        if gone >> i & 1:
                            _padd(q, _at(slot, (HCELL[h * 9 + i] * 9 + d) << 1))
                ONSK[nons] = k
                ONSN[nons] = q
                nons += 1
            if dynamic:
                CAND[cell] &= ~bit
                for j in range(3):
                    POSA[CHOUSE[cell * 3 + j] * 9 + d] &= ~(1 << CIDX[cell * 3 + j])
            for i in range(nons):
                k = ONSK[i]
                conj = _at(slot, k & ~1)
                if conj >= 0:
                    SABS1[slot] = ONSN[i]
                    SABS2[slot] = conj
                    stop = 1
                    break
                if _at(slot, k) < 0:
                    _put(slot, k, ONSN[i])
                    QON[qot] = ONSN[i]
                    qot += 1
    if dynamic:
        for i in range(81):
            CAND[i] = SAVEC[i]
        for i in range(243):
            POSA[i] = SAVEP[i]
    SEND[slot] = _pn
    return -1 if _overflow else 0


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(
    node=cython.int,
    st=cython.int,
    n=cython.int,
    sp=cython.int,
    q=cython.int,
    i=cython.int,
    r=cython.int,
    k=cython.int,
)
@cython.returns(cython.int)
def _pancestors(node: int) -> int:
    """SE's getAncestorCount: the distinct potentials a node derives from, itself included."""
    global _stamp
    _stamp += 1
    st = _stamp
    MARK_K[PK[node]] = st
    STK[0] = node
    sp = 1
    n = 1
    while sp:
        sp -= 1
        q = STK[sp]
        for i in range(PPN[q]):
            r = PPAR[PPS[q] + i]
            k = PK[r]
            if MARK_K[k] != st:
                MARK_K[k] = st
                n += 1
                STK[sp] = r
                sp += 1
    return n


@cython.cfunc
@cython.locals(node=cython.int, q=cython.int, i=cython.int, r=cython.int)
def _pot_of(node: int) -> Any:
    """The potential (``se._Pot``) of a pool node, with its ancestors (made once per node
    while the node lives: nodes of the "off" propagation have their own memo)."""
    memo = _SMEMO if node >= _slo else _MEMO
    got = memo.get(node)
    if got is not None:
        return got
    top = _POT(PK[node], [], PCAUSE[node])
    memo[node] = top
    todo = [(node, top)]
    while todo:
        q, pot = todo.pop()
        parents = pot.parents
        for i in range(PPN[q]):
            r = PPAR[PPS[q] + i]
            m = _SMEMO if r >= _slo else _MEMO
            got = m.get(r)
            if got is None:
                got = _POT(PK[r], [], PCAUSE[r])
                m[r] = got
                todo.append((r, got))
            parents.append(got)
    return top


@cython.cfunc
@cython.exceptval(check=True)  # it calls Python (se._Pot), which Ctrl-C may interrupt
@cython.locals(
    kind=cython.int,
    sk=cython.int,
    nt=cython.int,
    target=cython.int,
    tcell=cython.int,
    td=cython.int,
    cx=cython.int,
    i=cython.int,
    diff=cython.double,
)
@cython.returns(cython.void)
def _offer(kind: int, sk: int, nt: int, target: int) -> None:
    """A hint on ``target`` resting on the chains TGT[:nt]: kept if it sorts first."""
    global _have, _bd, _bcx, _bsk, _bkind, _btarget, _seq, _bpremise
    _seq += 1
    tcell = (target >> 1) // 9
    td = (target >> 1) % 9
    if target & 1 and not CAND[tcell] & ~(1 << td):
        return  # nothing to remove
    if _every == 2:  # a nested rule's hints: those with rule parents
        _rule_hint(kind, sk, nt, target)
        return
    cx = 0
    for i in range(nt):
        cx += _pancestors(TGT[i])
    if _every:  # every hint, its chains as potentials
        pots = [_pot_of(TGT[i]) for i in range(nt)]
        _ALL.append((_seq, kind, sk, cx, target, _init, pots))
        return
    diff = _cbase + _length_increment(cx)
    if _level >= 2:  # nested chains only add to the complexity
        if not _beats(diff, cx, sk, _have, _bd, _bcx, _bsk):
            return
        cx += _nested(nt)
        diff = _cbase + _length_increment(cx)
    if _beats(diff, cx, sk, _have, _bd, _bcx, _bsk):
        _have = 1
        _bd = diff
        _bcx = cx
        _bsk = sk
        _bkind = kind
        _btarget = target
        _bpremise = _premise


@cython.cfunc
@cython.exceptval(check=True)  # it makes Python objects
@cython.locals(
    kind=cython.int,
    sk=cython.int,
    nt=cython.int,
    target=cython.int,
    cx=cython.int,
    t=cython.int,
    i=cython.int,
    j=cython.int,
    st=cython.int,
    head=cython.int,
    tail=cython.int,
    q=cython.int,
    r=cython.int,
    k=cython.int,
    cause=cython.int,
)
@cython.returns(cython.void)
def _rule_hint(kind: int, sk: int, nt: int, target: int) -> None:
    """A hint of a level-0 producer asked as a nested level's rule: kept (in ``_ALL``,
    as (discovery number, kind, sort key, complexity, target key, rule parents, nested
    identity)) when it has rule parents (SE's getRuleParents: walking each chain breadth
    first, the first node met per key; the assumption counts as the cause ``_init``).
    Hints with the same target remove the same candidates, so only the first in SE's
    order (complexity, sort key, discovery) of those with rule parents is kept."""
    global _stamp, _nrp, _rstamp
    cx = 0
    for i in range(nt):
        cx += _pancestors(TGT[i])
    if RBST[target] == _rcall and not (
        cx < RBCX[target] or (cx == RBCX[target] and sk < RBSK[target])
    ):
        return  # a hint before it concludes the same
    _rstamp += 1
    _nrp = 0
    for t in range(2):
        sig = []
        for i in range(nt):
            _stamp += 1
            st = _stamp
            MARK_K[PK[TGT[i]]] = st
            STK[0] = TGT[i]
            head = 0
            tail = 1
            keys = []
            while head < tail:
                q = STK[head]
                head += 1
                if t == 0:
                    cause = PCAUSE[q]
                    _rp_add(PK[q], cause if cause else _init)
                else:
                    keys.append(PK[q])
                for j in range(PPN[q]):
                    r = PPAR[PPS[q] + j]
                    k = PK[r]
                    if MARK_K[k] != st:
                        MARK_K[k] = st
                        STK[tail] = r
                        tail += 1
            if t == 1:
                sig.append(tuple(keys))
        if t == 0 and not _nrp:
            return
        if t == 0:
            parents = [RPB[i] for i in range(_nrp)]
    item = (_seq, kind, sk, cx, target, parents, tuple(sig))
    if RBST[target] == _rcall:
        _ALL[RBPOS[target]] = item
    else:
        RBST[target] = _rcall
        RBPOS[target] = len(_ALL)
        _ALL.append(item)
    RBCX[target] = cx
    RBSK[target] = sk


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(
    nt=cython.int,
    i=cython.int,
    j=cython.int,
    st=cython.int,
    head=cython.int,
    tail=cython.int,
    q=cython.int,
    r=cython.int,
    k=cython.int,
    ns=cython.int,
    sig=cython.int,
    total=cython.int,
)
@cython.returns(cython.int)
def _nested(nt: int) -> int:
    """SE's getNestedComplexity for the chains TGT[:nt]: the complexity of every distinct
    nested chain met walking each chain breadth first (the first node met per key)."""
    global _stamp
    total = 0
    ns = 0
    for i in range(nt):
        _stamp += 1
        st = _stamp
        MARK_K[PK[TGT[i]]] = st
        STK[0] = TGT[i]
        head = 0
        tail = 1
        while head < tail:
            q = STK[head]
            head += 1
            sig = PNSIG[q]
            if sig >= 0:
                j = 0
                while j < ns and SEENS[j] != sig:
                    j += 1
                if j == ns:
                    SEENS[ns] = sig
                    ns += 1
                    total += PNCX[q]
            for j in range(PPN[q]):
                r = PPAR[PPS[q] + j]
                k = PK[r]
                if MARK_K[k] != st:
                    MARK_K[k] = st
                    STK[tail] = r
                    tail += 1
    return total


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(key=cython.int, slot=cython.int, dynamic=cython.int, y=cython.int)
@cython.returns(cython.int)
def _on_chain(key: int, dynamic: int, y: int) -> int:
    """The slot of the propagation from the "on" ``key`` (made once per call), -1 full."""
    global _nslots
    slot = SLOT[key >> 1]
    if slot < 0:
        slot = _nslots  # from _sb
        if _propagate(slot, key, dynamic, y) < 0:
            return -1
        _nslots += 1
        SLOT[key >> 1] = slot
    return slot


@cython.cfunc
@cython.exceptval(check=True)  # through _offer, which calls Python
@cython.locals(
    cell=cython.int,
    d=cython.int,
    multiple=cython.int,
    dynamic=cython.int,
    j=cython.int,
    h=cython.int,
    here=cython.uint,
    n=cython.int,
    i=cython.int,
    np=cython.int,
    side=cython.int,
    s0=cython.int,
    node=cython.int,
    k=cython.int,
    ok=cython.int,
    t=cython.int,
)
@cython.returns(cython.int)
def _region_chains(cell: int, d: int, multiple: int, dynamic: int) -> int:
    """SE's doRegionChainings: each house of the cell where the digit has 2 places (or
    more, with multiple chains), handled from its first place only. -1: pool full."""
    global _init, _premise
    for j in range(3):
        h = CHOUSE[cell * 3 + j]
        here = POSA[h * 9 + d]
        n = CPOP[here]
        if not (n == 2 or (multiple and n > 2)):
            continue
        if HCELL[h * 9 + LOWI[here]] != cell:
            continue
        np = 0
        for i in range(9):
            if here >> i & 1:
                t = _on_chain(((HCELL[h * 9 + i] * 9 + d) << 1) | 1, dynamic, 1)
                if t < 0:
                    return -1
                RSLOT[np] = t
                np += 1
        s0 = RSLOT[0]
        for side in range(2):  # the "on"s, then the "off"s, of the first place's chain
            for node in range(SBEG[s0], SEND[s0]):
                k = PK[node]
                if (k & 1) != 1 - side or _at(s0, k) != node:
                    continue
                ok = 1
                for i in range(np):
                    t = _at(RSLOT[i], k)
                    if t < 0:
                        ok = 0
                        break
                    TGT[i] = t
                if ok:
                    _init = 2 + h // 9
                    _premise = (h + 1) * 729 + cell * 9 + d
                    _offer(3, 6, np, k)
                    _init = 0
    return 0


_KINDS = (
    "Contradiction Forcing Chains",
    "Double Forcing Chains",
    "Cell Forcing Chains",
    "Region Forcing Chains",
)
_SUFFIXES = (
    "",
    " (+)",
    " (+ Forcing Chains)",
    " (+ Multiple Forcing Chains)",
    " (+ Dynamic Forcing Chains)",
    " (+ Dynamic Forcing Chains (+ Forcing Chains))",
)


def multiple_chains(
    cand: Sequence[int],
    value: Sequence[int],
    pos: Sequence[int],
    nishio: int,
    multiple: int,
    dynamic: int,
    level: int = 0,
    empty: Sequence[int] = (),
    tick: Callable[[], None] | None = None,
    pot: Any = None,
    rules: Callable[[int, list[int], list[int], list[int]], Any] | None = None,
    nrules: int = 0,
    save: Sequence[int] | None = None,
) -> object:
    """SE's Chaining(multiple, dynamic, nishio, level) as a producer: the hint it applies
    (name, difficulty, placement or None, eliminations), None when there is none, False
    when the propagation pool is full (the caller's own code then answers). Levels 1+
    need ``empty`` (empty cells per house); ``tick`` is called before each cell at levels
    1+ (it may raise to stop). With ``pot`` (``se._Pot``), level 0: every hint, as
    (discovery number, kind 0-3, sort key, complexity, target key, cause of the
    assumption, chains as ``pot`` objects).

    Levels 2-5 (not with ``pot``) need ``rules``: ``rules(r, cand, pos, start)`` gives the
    hints of the level's chaining rule ``r`` (0 .. ``nrules`` - 1, after the four simple
    rules) on the hypothetical grid ``cand``/``pos`` of a propagation that started from
    ``start``, those with rule parents only, as (removals as cell * 9 + digit, rule parents
    as "off" keys, nested complexity, nested identity: equal for equal nested chains
    within this call). The rule may call this module again for a level-0 producer.

    With ``save`` (level 0; a nested level's rule: ``cand`` is the hypothetical grid of a
    propagation that started from ``save``): every hint with rule parents, as (discovery
    number, kind 0-3, sort key, complexity, target key, rule parents as "off" keys,
    nested identity: each chain's keys breadth first)."""
    global _sb, _ERR, _RULES, _nrules, _rcall
    if _depth > 1 or (_depth and level >= 1) or (level >= 2 and (rules is None or pot)):
        return False  # only a level-0 producer runs inside a nested rule
    every = 1 if pot is not None else 0
    if save is not None:
        if level:
            return False
        every = 2
        _rcall += 1
        for i in range(81):
            RSAVE[i] = save[i]
    if _depth:  # inside a nested rule: slots from 730, the pool above the outer call's
        _sb = 730
        pool, pool_parents = _pn, _ppn
    else:
        _sb = 0
        pool, pool_parents = 0, 0
        _ERR = None
    if level >= 2:
        _RULES = rules
        _nrules = nrules
    try:
        got = _chains_body(
            cand, value, pos, nishio, multiple, dynamic, level, empty, tick, pot, pool,
            pool_parents, every,
        )  # fmt: skip
    finally:
        if not _depth:
            _RULES = None
            _nrules = 0
    err = _ERR
    if err is not None and not _depth:
        _ERR = None
        raise err
    return got


@cython.locals(
    nishio=cython.int,
    multiple=cython.int,
    dynamic=cython.int,
    y=cython.int,
    cell=cython.int,
    d=cython.int,
    m=cython.uint,
    card=cython.int,
    do_double=cython.int,
    do_contra=cython.int,
    on=cython.int,
    s=cython.int,
    i=cython.int,
    node=cython.int,
    k=cython.int,
    t=cython.int,
    side=cython.int,
    nd=cython.int,
    ok=cython.int,
    first=cython.int,
    top=cython.int,
    qb=cython.int,
    offs=cython.int,
)
def _chains_body(
    cand: Sequence[int],
    value: Sequence[int],
    pos: Sequence[int],
    nishio: int,
    multiple: int,
    dynamic: int,
    level: int,
    empty: Sequence[int],
    tick: Callable[[], None] | None,
    pot: Any,
    pool: int,
    pool_parents: int,
    every: int,
) -> object:
    global _pn, _ppn, _nslots, _overflow, _have, _cbase, _level
    global _every, _seq, _init, _slo, _ALL, _MEMO, _SMEMO, _POT, _premise
    _load(cand, pos)
    _level = level
    _every = every
    _seq = 0
    _init = 0
    _slo = 1 << 30
    _ALL = []
    _MEMO = {}
    _SMEMO = {}
    _POT = pot
    if level:
        for i in range(27):
            EMPTY[i] = empty[i]
        for i in range(9):
            OCCUR[i] = 0
        for i in range(81):
            if value[i]:
                OCCUR[value[i] - 1] += 1
    _pn = pool
    _ppn = pool_parents
    _nslots = _sb
    offs = _sb + 729  # the slot of an "off" assumption
    _overflow = 0
    _have = 0
    if level >= 2:
        _cbase = 9.5 + 0.5 * (level - 2)
    else:
        _cbase = 9.0 if level else (7.5 if nishio else (8.5 if dynamic else 8.0))
    y = 0 if nishio else 1
    for i in range(729):
        SLOT[i] = -1
    for i in range(81):
        if _first and not _every:
            if _have:
                break  # (the solving ladder wants a hint, not SE's first one)
            cell = ORDER[i]
        else:
            cell = i
        m = CAND[cell]
        card = CPOP[m]
        if value[cell] or not (card > 2 or (card > 1 and dynamic)):
            continue
        PyErr_CheckSignals()  # Ctrl-C: a call runs up to seconds
        if level and tick is not None:
            tick()
        do_double = card >= 3 and not nishio and dynamic
        do_contra = dynamic or nishio
        nd = 0
        for d in range(9):
            if not m >> d & 1:
                continue
            on = ((cell * 9 + d) << 1) | 1
            s = _on_chain(on, dynamic, y)
            if s < 0:
                return False
            CSLOT[nd] = s
            nd += 1
            _premise = cell * 9 + d
            if do_contra and SABS1[s] >= 0:
                TGT[0] = SABS1[s]
                TGT[1] = SABS2[s]
                _offer(0, 7, 2, on ^ 1)
            if do_contra or do_double:
                top = _pn
                qb = _ppn
                _slo = top
                if _propagate(offs, on ^ 1, dynamic, y) < 0:
                    return False
                if do_contra and SABS1[offs] >= 0:
                    TGT[0] = SABS1[offs]
                    TGT[1] = SABS2[offs]
                    _offer(0, 7, 2, on)
                if do_double:
                    for side in range(2):
                        for node in range(SBEG[s], SEND[s]):
                            k = PK[node]
                            if (k & 1) != 1 - side or _at(s, k) != node:
                                continue
                            t = _at(offs, k)
                            if t >= 0:
                                TGT[0] = node
                                TGT[1] = t
                                _offer(1, 1, 2, k)
                _pn = top  # the "off" propagation is not kept
                _ppn = qb
                _slo = 1 << 30
                if _every:
                    _SMEMO = {}
            if not nishio and _region_chains(cell, d, multiple, dynamic) < 0:
                return False
        if not nishio and (card == 2 or (multiple and card > 2)):
            first = CSLOT[0]
            _premise = cell * 9
            for side in range(2):
                for node in range(SBEG[first], SEND[first]):
                    k = PK[node]
                    if (k & 1) != 1 - side or _at(first, k) != node:
                        continue
                    ok = 1
                    for i in range(nd):
                        t = _at(CSLOT[i], k)
                        if t < 0:
                            ok = 0
                            break
                        TGT[i] = t
                    if ok:
                        _init = 1
                        _offer(2, 5, nd, k)
                        _init = 0
    if _every:
        found = _ALL
        _ALL = []
        _MEMO = {}
        _SMEMO = {}
        _POT = None
        return found
    if not _have:
        return None
    prefix = "Nishio " if nishio else ("Dynamic " if dynamic or level else "")
    kind = "Forcing Chains" if (nishio and _bkind == 0) else _KINDS[_bkind]
    kind += _SUFFIXES[level]
    k = _btarget
    cell = (k >> 1) // 9
    d = (k >> 1) % 9
    if k & 1:
        elims = [(cell, e + 1) for e in range(9) if e != d and CAND[cell] >> e & 1]
        return (prefix + kind, _bd, (cell, d + 1), elims)
    return (prefix + kind, _bd, None, [(cell, d + 1)])


def set_first(flag: int) -> int:
    """With ``flag`` 1, ``multiple_chains`` (as a producer, outside nested rules) returns
    the best hint of the first cell whose assumptions give one, not SE's best of the
    grid: the solving ladder's way, much cheaper where hints are many. The flag before."""
    global _first
    before = _first
    _first = 1 if flag else 0
    return before


def set_order(cells: Sequence[int] | None) -> None:
    """The order in which a first-hint call (``set_first``) tries the assumptions' cells:
    ``cells``, a permutation of 0-80, or None for SE's order (by index)."""
    for i in range(81):
        ORDER[i] = i if cells is None else cells[i]


def best_premise() -> tuple[int, int, int, int]:
    """The hint ``multiple_chains`` last returned (outside a nested rule): its kind (0
    contradiction, 1 double, 2 cell, 3 region forcing chains) and the assumption it rests
    on: the cell, the digit (0-8; for a cell forcing chain, every digit of the cell) and,
    for a region forcing chain, the house (0-26; else -1), the digit's first place there
    being the cell."""
    p = _bpremise
    return (_bkind, p % 729 // 9, p % 9, p // 729 - 1)


@cython.locals(p=cython.int, s=cython.int)
def reach() -> list[int]:
    """How many facts each "on" assumption (cell * 9 + digit) reached in the last call of
    ``multiple_chains`` made outside a nested rule (0 where it was not followed): the
    cells tried after it, and what it went over, as a level-0 or 1 search left them."""
    out = [0] * 729
    for p in range(729):
        s = SLOT[p]
        if 0 <= s < 730:
            out[p] = SEND[s] - SBEG[s]
    return out


# ---- unique loops: the walk ---------------------------------------------------------------

_ulen = 0
_ufirst = 0
_upair = 0
_uocc0 = 0
_uocc1 = 0


@cython.cfunc
@cython.locals(
    cell=cython.int,
    allowed=cython.int,
    ex=cython.uint,
    last=cython.int,
    parity=cython.int,
    j=cython.int,
    i=cython.int,
    h=cython.int,
    htype=cython.int,
    nxt=cython.int,
    m=cython.uint,
    card=cython.int,
    occ=cython.uint,
)
@cython.returns(cython.void)
def _walk(cell: int, allowed: int, ex: int, last: int, results: list[list[int]]) -> None:
    global _ulen, _uocc0, _uocc1
    parity = _ulen & 1
    ULOOP[_ulen] = cell
    _ulen += 1
    UIN[cell] = 1
    if parity:
        _uocc1 |= HBITS[cell]
    else:
        _uocc0 |= HBITS[cell]
    for j in range(3):
        h = CHOUSE[cell * 3 + j]
        htype = h // 9
        if htype == last:
            continue
        for i in range(9):
            nxt = HCELL[h * 9 + i]
            if not UHOLD[nxt]:
                continue
            if nxt == _ufirst and _ulen >= 4:
                results.append([ULOOP[k] for k in range(_ulen)])
            elif not UIN[nxt]:
                m = CAND[nxt]
                ex |= m & ~_upair
                card = CPOP[m]
                occ = _uocc1 if _ulen & 1 else _uocc0
                if (
                    (card == 2 or CPOP[ex] == 1 or allowed > 0)
                    and UVIA[nxt]
                    and not occ & HBITS[nxt]
                ):
                    _walk(nxt, allowed - 1 if card > 2 else allowed, ex, htype, results)
    _ulen -= 1
    UIN[cell] = 0
    if parity:
        _uocc1 &= ~HBITS[cell]
    else:
        _uocc0 &= ~HBITS[cell]


@cython.locals(c=cython.int, start=cython.int, pair=cython.uint)
def find_loops(
    cand: Sequence[int], start: int, pair: int, holders: int, viable: int
) -> list[list[int]]:
    """The loops SE's unique loop walk finds from ``start`` (see ``se._find_loops``):
    cells holding both digits of ``pair`` (``holders``, 81-bit), through ``viable`` ones."""
    global _ulen, _ufirst, _upair, _uocc0, _uocc1
    for c in range(81):
        CAND[c] = cand[c]
        UHOLD[c] = holders >> c & 1
        UVIA[c] = viable >> c & 1
        UIN[c] = 0
    _ulen = 0
    _ufirst = start
    _upair = pair
    _uocc0 = 0
    _uocc1 = 0
    results: list[list[int]] = []
    _walk(start, 2, 0, -1, results)
    return results


# ---- subsets (naked and hidden sets) ------------------------------------------------------


@cython.locals(
    degree=cython.int,
    i=cython.int,
    n=cython.int,
    i0=cython.int,
    i1=cython.int,
    i2=cython.int,
    i3=cython.int,
    u=cython.uint,
    m=cython.uint,
    c=cython.int,
)
def subsets(masks: Sequence[int], degree: int) -> list[tuple[int, int]]:
    """Every (members, union) of ``se._subsets``, in its order (increasing member masks;
    members of 2 to ``degree`` bits, unions of exactly ``degree`` bits)."""
    ok = [0] * 9
    mk = [0] * 9
    n = 0
    for i in range(len(masks)):
        m = masks[i]
        c = CPOP[m]
        if 1 < c <= degree:
            ok[n] = i
            mk[n] = m
            n += 1
    out: list[tuple[int, int]] = []
    if degree == 2:
        for i1 in range(1, n):
            for i0 in range(i1):
                u = mk[i0] | mk[i1]
                if CPOP[u] == 2:
                    out.append(((1 << ok[i0]) | (1 << ok[i1]), u))
    elif degree == 3:
        for i2 in range(2, n):
            for i1 in range(1, i2):
                for i0 in range(i1):
                    u = mk[i0] | mk[i1] | mk[i2]
                    if CPOP[u] == 3:
                        out.append(((1 << ok[i0]) | (1 << ok[i1]) | (1 << ok[i2]), u))
    elif degree == 4:
        for i3 in range(3, n):
            for i2 in range(2, i3):
                for i1 in range(1, i2):
                    for i0 in range(i1):
                        u = mk[i0] | mk[i1] | mk[i2] | mk[i3]
                        if CPOP[u] == 4:
                            out.append(
                                ((1 << ok[i0]) | (1 << ok[i1]) | (1 << ok[i2]) | (1 << ok[i3]), u)
                            )
    return out


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(
    key=cython.int,
    cause=cython.int,
    cell=cython.int,
    d=cython.int,
    v=cython.int,
    h=cython.int,
    i=cython.int,
    o=cython.int,
    k=cython.int,
    bit=cython.uint,
    gone=cython.uint,
)
@cython.returns(cython.void)
def _rp_add(key: int, cause: int) -> None:
    """SE's getRuleParents for one potential of a hint's chains: an "on" derived as a
    cell's last candidate (cause 1) or a house's last place (2-4) relied on the ones lost
    since the propagation began (RSAVE then, CAND now); they go to RPB, each once."""
    global _nrp
    if not key & 1 or not cause or cause >= 5:
        return
    cell = (key >> 1) // 9
    d = (key >> 1) % 9
    if cause == 1:
        gone = RSAVE[cell] & ~CAND[cell]
        for v in range(9):
            if gone >> v & 1:
                k = cell * 9 + v
                if MARK_R[k] != _rstamp:
                    MARK_R[k] = _rstamp
                    RPB[_nrp] = k << 1
                    _nrp += 1
    else:
        h = CHOUSE[cell * 3 + cause - 2]
        bit = 1 << d
        for i in range(9):
            o = HCELL[h * 9 + i]
            if RSAVE[o] & bit and not CAND[o] & bit:
                k = o * 9 + d
                if MARK_R[k] != _rstamp:
                    MARK_R[k] = _rstamp
                    RPB[_nrp] = k << 1
                    _nrp += 1


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(
    pk=cython.int, key=cython.int, pc=cython.int, c=cython.int, d=cython.int, i=cython.int,
    h=cython.int,
)  # fmt: skip
@cython.returns(cython.int)
def _link_cause(pk: int, key: int) -> int:
    """The cause SE records for producer 21's link from ``pk`` to ``key``."""
    pc = (pk >> 1) // 9
    c = (key >> 1) // 9
    d = (key >> 1) % 9
    if pc == c:
        return 1
    for i in range(3):
        h = CHOUSE[c * 3 + i]
        if CHOUSE[pc * 3 + i] == h and (not key & 1 or CPOP[POSA[h * 9 + d]] == 2):
            return 2 + i
    return 0


@cython.cfunc
@cython.locals(
    dst=cython.int, cycle=cython.int, n=cython.int, i=cython.int, k=cython.int, st=cython.int
)
def _chain_rule_parents(dst: int, cycle: int) -> Any:
    """A producer-21 hint's rule parents and nested identity (SE's FullChain: each
    target's keys breadth first), as (parents, signature), or None without parents. The
    targets: the chain; for a cycle also the cycle reversed (every potential flipped,
    keeping the cause of the potential it flips)."""
    global _stamp, _nrp, _rstamp
    n = 0
    while dst >= 0 and n < 4096:
        CK[n] = NKEY[dst]
        n += 1
        dst = NPAR[dst]
    for i in range(n - 1):
        CC[i] = _link_cause(CK[i + 1], CK[i])
    CC[n - 1] = 0
    _rstamp += 1
    _nrp = 0
    _stamp += 1
    st = _stamp
    for i in range(n):
        k = CK[i]
        if MARK_K[k] != st:
            MARK_K[k] = st
            _rp_add(k, CC[i])
    if cycle:
        _stamp += 1
        st = _stamp
        for i in range(n - 1, -1, -1):
            k = CK[i] ^ 1
            if MARK_K[k] != st:
                MARK_K[k] = st
                _rp_add(k, CC[i])
    if not _nrp:
        return None
    parents = [RPB[i] for i in range(_nrp)]
    _stamp += 1
    st = _stamp
    fwd = []
    for i in range(n):
        k = CK[i]
        if MARK_K[k] != st:
            MARK_K[k] = st
            fwd.append(k)
    if not cycle:
        return (parents, (tuple(fwd),))
    _stamp += 1
    st = _stamp
    back = []
    for i in range(n - 1, -1, -1):
        k = CK[i] ^ 1
        if MARK_K[k] != st:
            MARK_K[k] = st
            back.append(k)
    return (parents, (tuple(fwd), tuple(back)))


@cython.cfunc
@cython.locals(node=cython.int, n=cython.int)
def _keys(node: int) -> tuple[int, ...]:
    """A chain's keys, the node first, its source last."""
    out = []
    while node >= 0:
        out.append(NKEY[node])
        node = NPAR[node]
    return tuple(out)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(src=cython.int, n=cython.int, st=cython.int)
@cython.returns(cython.int)
def _hot_source(src: int, n: int, st: int) -> int:
    if MARK_K[src] != st:
        MARK_K[src] = st
        PA[n] = src
        n += 1
    return n


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(
    y=cython.int, okind=cython.int, st=cython.int, n=cython.int, i=cython.int,
    p=cython.int, k=cython.int, cell=cython.int, h=cython.int, d=cython.int,
    m=cython.uint, g=cython.uint, pp=cython.uint,
)  # fmt: skip
@cython.returns(cython.void)
def _hot(y: int, okind: int) -> None:
    """Mark in HOTK (stamp ``_hst``, new) every key from which a chain of this combo's
    links (``y``, ``okind`` as in ``_cycles``) can reach a link that gives a rule parent
    (``_rp_add``): a link inside a cell that lost candidates since the propagation began
    (RSAVE), or one of a digit between two cells of a house where the digit lost a place.
    A search from an unmarked key finds no hint with rule parents.

    The links are skew-symmetric (``a -> b`` is a link when ``b ^ 1 -> a ^ 1`` is), so
    the keys reaching a link's source ``x`` are the flips of the keys reached from
    ``x ^ 1``: one search forward from every such ``x ^ 1`` marks the flips."""
    global _hst, _stamp
    _stamp += 1
    st = _stamp
    n = 0
    # The sources: the flips of the changed links' sources. Inside a cell: its "on"s link
    # to its other digits' "off"s (with Y links), its "off"s to the other digit's "on" when
    # it is bivalue (okind 1 or 2).
    if y or okind:
        for cell in range(81):
            m = CAND[cell]
            if not RSAVE[cell] & ~m or CPOP[m] < 2:
                continue
            for d in range(9):
                if m >> d & 1:
                    p = cell * 9 + d
                    if y:
                        n = _hot_source(p << 1, n, st)
                    if okind and CPOP[m] == 2:
                        n = _hot_source((p << 1) | 1, n, st)
    # Between the places of a digit in a house that lost one: "on" to "off" (weak), and
    # "off" to "on" when two places are left (okind 0 or 2).
    for h in range(27):
        g = GHM[h]
        if not g:
            continue
        for d in range(9):
            if not g >> d & 1:
                continue
            pp = POSA[h * 9 + d]
            if CPOP[pp] < 2:
                continue
            for i in range(9):
                if pp >> i & 1:
                    p = HCELL[h * 9 + i] * 9 + d
                    n = _hot_source(p << 1, n, st)
                    if okind != 1 and CPOP[pp] == 2:
                        n = _hot_source((p << 1) | 1, n, st)
    _spread(n, -1, y, okind)
    # A key is hot when its flip was reached.
    _hst += 1
    for k in range(0, 1458, 2):
        HOTK[k] = _hst if MARK_K[k + 1] == st else 0
        HOTK[k + 1] = _hst if MARK_K[k] == st else 0


@cython.locals(
    combo=cython.int,
    y=cython.int,
    x=cython.int,
    both=cython.int,
    okind=cython.int,
    cell=cython.int,
    d=cython.int,
    e=cython.int,
    m=cython.uint,
    on=cython.int,
    nf=cython.int,
    i=cython.int,
    t=cython.int,
    w=cython.int,
    dst=cython.int,
    ne=cython.int,
    seq=cython.int,
    key=cython.int,
    tcell=cython.int,
    td=cython.int,
    name=cython.int,
    cx=cython.int,
    rule=cython.int,
    h=cython.int,
    o=cython.int,
    g=cython.uint,
    hot_on=cython.bint,
    hot_off=cython.bint,
    hot_cycle=cython.bint,
)
def chains_and_cycles_all(
    cand: Sequence[int],
    value: Sequence[int],
    pos: Sequence[int],
    save: Sequence[int] | None = None,
) -> list[Any]:
    """Every hint of the forcing X/Y chains and cycles producer (``se``'s
    ``_chains_and_cycles_all``), in discovery order: (discovery number, name code 0-7
    (cycles: both links, Y, generalized X-Wing, X; then chains: both, Y, Turbot Fish, X),
    complexity, 0 for a cycle or 1 for a chain, keys (node first, source last),
    eliminations, placement or None).

    With ``save`` (the candidates a nested level's propagation started from, ``cand``
    its hypothetical grid): only the hints with rule parents, as (discovery number, name
    code, complexity, 0 or 1, eliminations, placement or None, rule parents as "off"
    keys, nested identity: each target's keys breadth first). Only the searches that can
    meet a link giving a rule parent are made (``_hot``), so the discovery numbers keep
    the order of the hints but not their values."""
    global _nn
    _load(cand, pos)
    _links()
    rule = save is not None
    if save is not None:
        for i in range(81):
            RSAVE[i] = save[i]
        for h in range(27):
            g = 0
            for i in range(9):
                o = HCELL[h * 9 + i]
                g |= RSAVE[o] & ~CAND[o]
            GHM[h] = g
    out: list[Any] = []
    seq = 0
    for combo in range(3):
        y = 0 if combo == 0 else 1
        x = 0 if combo == 1 else 1
        both = x and y
        okind = (2 if y else 0) if x else 1
        if rule:
            _hot(y, okind)
        for cell in range(81):
            m = CAND[cell]
            if value[cell] or CPOP[m] <= 1:
                continue
            if CPOP[m] > 2 and not x:
                continue
            for d in range(9):
                if not m >> d & 1:
                    continue
                on = ((cell * 9 + d) << 1) | 1
                _nn = 0
                # (with ``save``: a search from a key that reaches no changed link finds
                # no hint with rule parents; the discovery numbers then count only the
                # hints of the searches made, in the same order)
                hot_on = not rule or HOTK[on] == _hst
                hot_off = not rule or HOTK[on ^ 1] == _hst
                if not hot_on and not hot_off:
                    continue
                # (a cycle from the "on" through a changed link back to it: the "on"
                # reaches the link, and the link reaches the "on", so its "off" reaches
                # the flipped link)
                hot_cycle = hot_on and hot_off
                nf = _cycles(on, y, okind, 1 << 30) if hot_cycle else 0
                t = -1
                w = -1
                if x and not hot_cycle:
                    if hot_on and _reaches(on, on ^ 1, y, okind):
                        t = _forcing(on, on ^ 1, y, okind, 1 << 30)
                    if hot_off:
                        w = _forcing(on ^ 1, on, y, okind, 1 << 30)
                elif x:
                    # The cycle search went over every potential the "on" reaches (no
                    # length bound): the chain to its "off" exists only if it met it.
                    if MARK_OFF[on ^ 1] == _stamp:
                        t = _forcing(on, on ^ 1, y, okind, 1 << 30)
                    if hot_off:
                        w = _forcing(on ^ 1, on, y, okind, 1 << 30)
                for i in range(nf):
                    dst = FOUND[i]
                    ne = _cycle_eliminations(dst)
                    seq += 1
                    if not ne:
                        continue
                    got = None
                    if rule:  # only the hints with rule parents
                        got = _chain_rule_parents(dst, 1)
                        if got is None:
                            continue
                    cx = _ancestors(dst)
                    if both:
                        name = 0
                    elif y:
                        name = 1
                    elif _chain_cells(dst) == 4:
                        name = 2
                    else:
                        name = 3
                    elims = [(ELIM[e] // 9, ELIM[e] % 9 + 1) for e in range(ne)]
                    if got is not None:
                        out.append((seq, name, cx, 0, elims, None, got[0], got[1]))
                        continue
                    out.append((seq, name, cx, 0, _keys(dst), elims, None))
                for i in range(2):
                    dst = t if i == 0 else w
                    if dst < 0:
                        continue
                    key = NKEY[dst]
                    tcell = (key >> 1) // 9
                    td = (key >> 1) % 9
                    seq += 1
                    got = None
                    if rule:  # only the hints with rule parents
                        if key & 1 and not CAND[tcell] & ~(1 << td):
                            continue
                        got = _chain_rule_parents(dst, 0)
                        if got is None:
                            continue
                    if key & 1:
                        elims = [
                            (tcell, e + 1) for e in range(9) if e != td and CAND[tcell] >> e & 1
                        ]
                        place: object = (tcell, td + 1)
                    else:
                        elims = [(tcell, td + 1)]
                        place = None
                    if not elims:
                        continue
                    cx = _ancestors(dst)
                    if both:
                        name = 4
                    elif y:
                        name = 5
                    elif cx == 6:
                        name = 6
                    else:
                        name = 7
                    if got is not None:
                        out.append((seq, name, cx, 1, elims, place, got[0], got[1]))
                        continue
                    out.append((seq, name, cx, 1, _keys(dst), elims, place))
    return out


# ---- intersections (SE's Locking, direct and not) -----------------------------------------


@cython.locals(
    t=cython.int,
    d=cython.int,
    k=cython.int,
    i=cython.int,
    h=cython.int,
    p=cython.uint,
    p3=cython.uint,
    rest=cython.uint,
)
def locking(pos: Sequence[int], direct: int) -> object:
    """SE's pointing and claiming (``direct``: their direct forms, which place a digit)
    over the intersections of ``init_locks``: the first hint as (pointing, placement or
    None, eliminations as (cell, digit 1-9)), or None."""
    for i in range(243):
        POSA[i] = pos[i]
    for t in range(_nlock):
        h = LOCK1[t]
        for d in range(9):
            p = POSA[h * 9 + d]
            if not (p & (p - 1)) or p & ~LOCKIN[t]:
                continue
            if direct:
                for k in range(LOCK3N[t]):
                    p3 = POSA[LOCK3H[t * 2 + k] * 9 + d]
                    if p3 & (p3 - 1):
                        rest = p3 & LOCK3OUT[t * 2 + k]
                        if rest and not rest & (rest - 1):
                            return (
                                bool(LOCKPT[t]),
                                (HCELL[LOCK3H[t * 2 + k] * 9 + LOWI[rest]], d + 1),
                                [],
                            )
            else:
                rest = POSA[LOCK2[t] * 9 + d] & LOCKOUT[t]
                if rest:
                    return (
                        bool(LOCKPT[t]),
                        None,
                        [(HCELL[LOCK2[t] * 9 + i], d + 1) for i in range(9) if rest >> i & 1],
                    )
    return None
