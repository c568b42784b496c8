# cython: language_level=3, annotation_typing=False, cdivision=True
# cython: boundscheck=False, wraparound=False, initializedcheck=False
"""Compiled rules of the Sudoku Explainer rating below the uniqueness rules.

``yass.rating.se`` asks SE's producers in a fixed order at every step; the first fourteen
(hidden single 1.0-1.5 to XYZ-Wing 4.4) take nearly all the steps of an ordinary puzzle's
path. ``run`` takes those steps here, on C arrays, one hint at a time and each hint the one
``se.py``'s Python producer of the same rule would find (same scan orders), and keeps the
path's running figures (difficulty, hardest, pearl, diamond) as ``se.se_path`` does. It
returns when the grid is solved or when none of the fourteen rules applies, leaving the
harder producers to ``se.py``.

Cython pure-Python mode, like ``yass._core``: ``se.py`` calls it only when compiled (its
own Python is faster than this module interpreted); the interpreted source gives the same
results, which the tests check. Cells are 0..80 row-major, houses 0-8 blocks, 9-17 rows,
18-26 columns, in SE's orders (loaded by ``init`` from ``yass.rating.se``).
"""

from __future__ import annotations

TYPE_CHECKING = False  # True for type checkers only
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from yass import _cython_shim as cython
else:
    try:
        import cython
    except ImportError:  # pragma: no cover - exercised where Cython is absent
        from yass import _cython_shim as cython

__all__ = ["RULES", "init", "is_compiled", "quick", "run"]

#: The rules ``run`` applies, in SE's order (``se._PRODUCERS[:RULES]``).
RULES = 14

# Hint names by code; a hint's code also gives its difficulty (``_DIFF``).
_NAMES = (
    "Hidden Single",  # 0: last cell of a house
    "Hidden Single",  # 1: in a block
    "Hidden Single",  # 2: in a row or column
    "Direct Pointing",
    "Direct Claiming",
    "Direct Hidden Pair",
    "Naked Single",
    "Direct Hidden Triplet",
    "Pointing",
    "Claiming",
    "Naked Pair",
    "X-Wing",
    "Hidden Pair",
    "Naked Triplet",
    "Swordfish",
    "Hidden Triplet",
    "XY-Wing",
    "XYZ-Wing",
)
_DIFFS = (1.0, 1.2, 1.5, 1.7, 1.9, 2.0, 2.3, 2.5, 2.6, 2.8, 3.0, 3.2, 3.4, 3.6, 3.8, 4.0, 4.2, 4.4)

if not cython.compiled:  # C arrays when compiled (declared in _se_basic.pxd)
    PEER = [0] * 1620  # per cell, its 20 peers in SE's order (block, row, column)
    ISPEER = [0] * 6561  # ISPEER[c * 81 + o]: o is a peer of c
    HCELL = [0] * 243  # per house, its cells in SE's order
    CHOUSE = [0] * 243  # per cell, its block, row and column
    CIDX = [0] * 243  # per cell, its index in each of its houses
    POP = [0] * 512
    LOW = [0] * 512  # index of a mask's lowest bit
    DIFF = [0.0] * 18
    LK1 = [0] * 108  # intersections in SE's order: house 1, its indexes inside house 2,
    LKIN = [0] * 108
    LK2 = [0] * 108  # house 2, its indexes outside house 1, pointing (house 1 a block),
    LKOUT = [0] * 108
    LKPT = [0] * 108
    LK3H = [0] * 216  # and the two third houses (house 1's type, crossing house 2)
    LK3OUT = [0] * 216  # with their indexes outside house 2
    VAL = [0] * 81
    CAND = [0] * 81
    POS = [0] * 243  # per house and digit (h * 9 + d): the digit's places (index bits)
    EMPTY = [0] * 27
    ELC = [0] * 729  # the hint's eliminations: cell, digit 0-8
    ELD = [0] * 729
    SUBM = [0] * 126  # subsets found: members, union
    SUBU = [0] * 126
    MASKS = [0] * 9
    HM = [0] * 27  # per house, the givens' digits
    SGL = [0] * 27  # per house, the digits with one place in it
    SBIT = [0] * 27  # per house, its bit in the scan order: blocks, columns, rows
    SHOUSE = [0] * 27  # ... and the house of each bit
    FIG = [0.0, 0.0, 0.0]  # the path's difficulty, pearl and diamond so far
    _state = [0, 0]  # houses (SBIT bits) with a digit in one place; with one empty cell
    OK9 = [0] * 9
    OCC = [0] * 10
_nlock = 0
_code = 0  # the hint found: its code, placement (cell -1: none), eliminations
_pcell = -1
_pdigit = 0
_nel = 0
_hard = -1  # the code of the hint that set the difficulty, -1 none yet
_loaded = 0


def is_compiled() -> bool:
    """True when this module is the compiled extension, False when interpreted."""
    return bool(cython.compiled)


@cython.locals(i=cython.int, j=cython.int, t=cython.int, k=cython.int)
def init(
    peers: Sequence[Sequence[int]],
    houses: Sequence[Sequence[int]],
    cell_houses: Sequence[Sequence[int]],
    lock_table: Sequence[Sequence[Any]],
) -> None:
    """Load the geometry (each cell's peers and houses, each house's cells, SE's orders)
    and the intersections of ``se.LOCK_TABLE``."""
    global _nlock, _loaded
    for i in range(6561):
        ISPEER[i] = 0
    for i in range(81):
        for j in range(20):
            PEER[i * 20 + j] = peers[i][j]
            ISPEER[i * 81 + peers[i][j]] = 1
        for j in range(3):
            CHOUSE[i * 3 + j] = cell_houses[i][j]
            CIDX[i * 3 + j] = list(houses[cell_houses[i][j]]).index(i)
    for i in range(27):
        for j in range(9):
            HCELL[i * 9 + j] = houses[i][j]
    for m in range(512):
        POP[m] = bin(m).count("1")
        LOW[m] = (m & -m).bit_length() - 1 if m else 0
    for i in range(18):
        DIFF[i] = _DIFFS[i]
    for i in range(27):
        SHOUSE[i] = i if i < 9 else (i + 9 if i < 18 else i - 9)
        SBIT[SHOUSE[i]] = 1 << i
    for t in range(len(lock_table)):
        pointing, base1, inner, base2, outer2, thirds = lock_table[t]
        LK1[t] = base1 // 9
        LKIN[t] = inner
        LK2[t] = base2 // 9
        LKOUT[t] = outer2
        LKPT[t] = 1 if pointing else 0
        for k in range(2):
            LK3H[t * 2 + k] = thirds[k][2]
            LK3OUT[t * 2 + k] = thirds[k][1]
    _nlock = len(lock_table)
    _loaded = 1


# ---- the grid ---------------------------------------------------------------------------


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(h=cython.int, d=cython.int, p=cython.uint)
@cython.returns(cython.void)
def _single(h: int, d: int) -> None:
    # Keep SGL[h] (digits with one place in house h) and HS (houses with any) up to date.
    p = POS[h * 9 + d]
    if p and not p & (p - 1):
        SGL[h] |= 1 << d
    else:
        SGL[h] &= ~(1 << d)
    if SGL[h]:
        _state[0] |= SBIT[h]
    else:
        _state[0] &= ~SBIT[h]


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(cell=cython.int, d=cython.int, k=cython.int, h=cython.int)
@cython.returns(cython.void)
def _drop(cell: int, d: int) -> None:
    CAND[cell] &= ~(1 << d)
    for k in range(3):
        h = CHOUSE[cell * 3 + k]
        POS[h * 9 + d] &= ~(1 << CIDX[cell * 3 + k])
        _single(h, d)


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(cell=cython.int, digit=cython.int, d=cython.int, e=cython.int, k=cython.int,
               o=cython.int, h=cython.int, m=cython.uint)
@cython.returns(cython.void)
def _place(cell: int, digit: int) -> None:
    # SE's Cell.setValueAndCancel, as se._Grid.place.
    d = digit - 1
    VAL[cell] = digit
    m = CAND[cell]
    for e in range(9):
        if m >> e & 1:
            _drop(cell, e)
    for k in range(3):
        h = CHOUSE[cell * 3 + k]
        EMPTY[h] -= 1
        if EMPTY[h] == 1:
            _state[1] |= SBIT[h]
        else:
            _state[1] &= ~SBIT[h]
    for k in range(20):
        o = PEER[cell * 20 + k]
        if CAND[o] >> d & 1:
            _drop(o, d)


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(h=cython.int, d=cython.int)
@cython.returns(cython.void)
def _derive() -> None:
    # SGL, HS (_state[0]) and AL (_state[1], houses with one empty cell) from POS and EMPTY.
    _state[0] = 0
    _state[1] = 0
    for h in range(27):
        SGL[h] = 0
        for d in range(9):
            _single(h, d)
        if EMPTY[h] == 1:
            _state[1] |= SBIT[h]


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(i=cython.int, c=cython.int, h=cython.int, k=cython.int, v=cython.int,
               m=cython.uint, d=cython.int, p=cython.uint)
@cython.returns(cython.void)
def _setup() -> None:
    # A fresh grid from the givens in VAL, as se._Grid makes it: a cell's candidates are
    # the digits none of its houses has.
    for h in range(27):
        HM[h] = 0
        EMPTY[h] = 0
    for c in range(81):
        v = VAL[c]
        for k in range(3):
            if v:
                HM[CHOUSE[c * 3 + k]] |= 1 << (v - 1)
            else:
                EMPTY[CHOUSE[c * 3 + k]] += 1
    for i in range(243):
        POS[i] = 0
    for c in range(81):
        m = 0
        if VAL[c] == 0:
            m = 0x1FF & ~(HM[CHOUSE[c * 3]] | HM[CHOUSE[c * 3 + 1]] | HM[CHOUSE[c * 3 + 2]])
        CAND[c] = m
        while m:
            d = LOW[m]
            m &= m - 1
            for k in range(3):
                POS[CHOUSE[c * 3 + k] * 9 + d] |= 1 << CIDX[c * 3 + k]
    _derive()


# ---- the rules ---------------------------------------------------------------------------
# Each returns 1 when it found a hint (left in _code, _pcell/_pdigit, ELC/ELD/_nel).


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(cell=cython.int, d=cython.int)
@cython.returns(cython.void)
def _elim(cell: int, d: int) -> None:
    global _nel
    ELC[_nel] = cell
    ELD[_nel] = d
    _nel += 1


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(code=cython.int, cell=cython.int, digit=cython.int)
@cython.returns(cython.int)
def _found(code: int, cell: int, digit: int) -> int:
    global _code, _pcell, _pdigit
    _code = code
    _pcell = cell
    _pdigit = digit
    return 1


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(m=cython.uint, alone=cython.int, s=cython.int, h=cython.int)
@cython.returns(cython.int)
def _hidden_single() -> int:
    # se._hidden_single's scan (houses with one empty cell first, then the others; blocks,
    # columns, rows; digits in order) is the lowest bit of HS in the houses' scan order.
    m = _state[0] & _state[1]
    alone = 1
    if not m:
        m = _state[0] & ~_state[1]
        alone = 0
    if not m:
        return 0
    if m & 0x1FF:
        s = LOW[m & 0x1FF]
    elif m >> 9 & 0x1FF:
        s = 9 + LOW[m >> 9 & 0x1FF]
    else:
        s = 18 + LOW[m >> 18]
    h = SHOUSE[s]
    return _found(0 if alone else (1 if s < 9 else 2),
                  HCELL[h * 9 + LOW[POS[h * 9 + LOW[SGL[h]]]]], LOW[SGL[h]] + 1)


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(direct=cython.int, t=cython.int, d=cython.int, k=cython.int, h3=cython.int,
               p=cython.uint, p3=cython.uint, rest=cython.uint, i=cython.int)
@cython.returns(cython.int)
def _locking(direct: int) -> int:
    for t in range(_nlock):
        for d in range(9):
            p = POS[LK1[t] * 9 + d]
            if not (p & (p - 1)) or p & ~LKIN[t]:
                continue
            if direct:
                for k in range(2):
                    h3 = LK3H[t * 2 + k]
                    p3 = POS[h3 * 9 + d]
                    if p3 & (p3 - 1):
                        rest = p3 & LK3OUT[t * 2 + k]
                        if rest and not rest & (rest - 1):
                            return _found(3 if LKPT[t] else 4, HCELL[h3 * 9 + LOW[rest]], d + 1)
            else:
                rest = POS[LK2[t] * 9 + d] & LKOUT[t]
                if rest:
                    for i in range(9):
                        if rest >> i & 1:
                            _elim(HCELL[LK2[t] * 9 + i], d)
                    return _found(8 if LKPT[t] else 9, -1, 0)
    return 0


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(c=cython.int)
@cython.returns(cython.int)
def _naked_single() -> int:
    for c in range(81):
        if CAND[c] and not CAND[c] & (CAND[c] - 1):
            return _found(6, c, LOW[CAND[c]] + 1)
    return 0


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(degree=cython.int, n=cython.int, i=cython.int, i0=cython.int, i1=cython.int,
               i2=cython.int, i3=cython.int, found=cython.int, u=cython.uint)
@cython.returns(cython.int)
def _subsets(degree: int) -> int:
    # se._subsets over MASKS: (members, union) into SUBM/SUBU in SE's order (increasing
    # member masks); members of 2..degree bits, unions of exactly degree bits.
    n = 0
    for i in range(9):
        if 1 < POP[MASKS[i]] <= degree:
            OK9[n] = i
            n += 1
    found = 0
    if degree == 2:
        for i1 in range(1, n):
            for i0 in range(i1):
                u = MASKS[OK9[i0]] | MASKS[OK9[i1]]
                if POP[u] == 2:
                    SUBM[found] = (1 << OK9[i0]) | (1 << OK9[i1])
                    SUBU[found] = u
                    found += 1
    else:  # 3
        for i2 in range(2, n):
            for i1 in range(1, i2):
                for i0 in range(i1):
                    u = MASKS[OK9[i0]] | MASKS[OK9[i1]] | MASKS[OK9[i2]]
                    if POP[u] == 3:
                        SUBM[found] = (1 << OK9[i0]) | (1 << OK9[i1]) | (1 << OK9[i2])
                        SUBU[found] = u
                        found += 1
    return found


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(degree=cython.int, direct=cython.int, t=cython.int, start=cython.int,
               h=cython.int, n=cython.int, s=cython.int, cnt=cython.int, d=cython.int,
               i=cython.int, e=cython.int, c=cython.int, vmask=cython.uint, union=cython.uint,
               p=cython.uint, rest=cython.uint, m=cython.uint)
@cython.returns(cython.int)
def _hidden_set(degree: int, direct: int) -> int:
    for t in range(3):
        start = 0 if t == 0 else (18 if t == 1 else 9)
        for h in range(start, start + 9):
            n = EMPTY[h]
            if not (n > degree * 2 or (direct and n > degree)):
                continue
            for i in range(9):
                MASKS[i] = POS[h * 9 + i]
            cnt = _subsets(degree)
            for s in range(cnt):
                vmask = SUBM[s]
                union = SUBU[s]
                if direct:
                    for d in range(9):
                        if vmask >> d & 1:
                            continue
                        p = MASKS[d]
                        if p & (p - 1):
                            rest = p & ~union
                            if rest and not rest & (rest - 1):
                                return _found(5 if degree == 2 else 7,
                                              HCELL[h * 9 + LOW[rest]], d + 1)
                    continue
                for i in range(9):
                    if union >> i & 1:
                        c = HCELL[h * 9 + i]
                        m = CAND[c] & ~vmask
                        for e in range(9):
                            if m >> e & 1:
                                _elim(c, e)
                if _nel:
                    return _found(12 if degree == 2 else 15, -1, 0)
    return 0


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(degree=cython.int, t=cython.int, start=cython.int, h=cython.int, s=cython.int,
               cnt=cython.int, i=cython.int, e=cython.int, imask=cython.uint,
               union=cython.uint, m=cython.uint)
@cython.returns(cython.int)
def _naked_set(degree: int) -> int:
    for t in range(3):
        start = 0 if t == 0 else (18 if t == 1 else 9)
        for h in range(start, start + 9):
            if EMPTY[h] < degree * 2:
                continue
            for i in range(9):
                MASKS[i] = CAND[HCELL[h * 9 + i]]
            cnt = _subsets(degree)
            for s in range(cnt):
                imask = SUBM[s]
                union = SUBU[s]
                for i in range(9):
                    if not imask >> i & 1:
                        m = MASKS[i] & union
                        for e in range(9):
                            if m >> e & 1:
                                _elim(HCELL[h * 9 + i], e)
                if _nel:
                    return _found(10 if degree == 2 else 13, -1, 0)
    return 0


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(degree=cython.int, o=cython.int, base=cython.int, cover=cython.int,
               d=cython.int, i=cython.int, j=cython.int, s=cython.int, cnt=cython.int,
               bestd=cython.int, bestm=cython.uint, bestu=cython.uint, bm=cython.uint,
               union=cython.uint, m=cython.uint, any_=cython.int)
@cython.returns(cython.int)
def _fish(degree: int) -> int:
    for i in range(10):
        OCC[i] = 0
    for i in range(81):
        OCC[VAL[i]] += 1
    for o in range(2):
        base = 18 if o == 0 else 9  # columns then rows as base houses
        cover = 9 if o == 0 else 18
        # SE loops over base-house combinations outside, digits inside: the first
        # productive combination in combination order wins, the lowest digit on a tie.
        bestd = -1
        bestm = 0
        bestu = 0
        for d in range(9):
            if OCC[d + 1] + degree * 2 > 9:
                continue
            for i in range(9):
                MASKS[i] = POS[(base + i) * 9 + d]
            cnt = _subsets(degree)
            for s in range(cnt):
                bm = SUBM[s]
                if bestd >= 0 and bm > bestm:
                    break
                union = SUBU[s]
                any_ = 0
                for j in range(9):
                    if union >> j & 1 and POS[(cover + j) * 9 + d] & ~bm:
                        any_ = 1
                        break
                if any_:
                    if bestd < 0 or bm < bestm:
                        bestd = d
                        bestm = bm
                        bestu = union
                    break
        if bestd >= 0:
            for j in range(9):
                if bestu >> j & 1:
                    m = POS[(cover + j) * 9 + bestd] & ~bestm
                    for i in range(9):
                        if m >> i & 1:
                            _elim(HCELL[(cover + j) * 9 + i], bestd)
            return _found(11 if degree == 2 else 14, -1, 0)
    return 0


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(xyz=cython.int, target=cython.int, xy=cython.int, xz=cython.int, yz=cython.int,
               a=cython.int, b=cython.int, c=cython.int, digit=cython.int, xyv=cython.uint,
               xzv=cython.uint, yzv=cython.uint, union=cython.uint, inter=cython.uint,
               z=cython.uint)
@cython.returns(cython.int)
def _xy_wing(xyz: int) -> int:
    target = 3 if xyz else 2
    for xy in range(81):
        xyv = CAND[xy]
        if POP[xyv] != target:
            continue
        for a in range(20):
            xz = PEER[xy * 20 + a]
            xzv = CAND[xz]
            if POP[xzv] != 2 or POP[xyv & ~xzv] != 1:
                continue
            for b in range(20):
                yz = PEER[xy * 20 + b]
                yzv = CAND[yz]
                if POP[yzv] != 2:
                    continue
                union = xyv | xzv | yzv
                inter = xyv & xzv & yzv
                if POP[union] != 3 or POP[inter] != (1 if xyz else 0):
                    continue
                z = xzv & yzv
                z &= -z
                digit = LOW[z]
                for c in range(81):
                    if (ISPEER[xz * 81 + c] and ISPEER[yz * 81 + c]
                            and (not xyz or ISPEER[xy * 81 + c])
                            and c != xy and CAND[c] & z):
                        _elim(c, digit)
                if _nel:
                    return _found(17 if xyz else 16, -1, 0)
    return 0


@cython.cfunc
@cython.exceptval(check=False)
@cython.returns(cython.int)
def _next() -> int:
    # The first hint of the first productive rule, in se._PRODUCERS' order.
    global _nel
    _nel = 0
    return (_hidden_single() or _locking(1) or _hidden_set(2, 1) or _naked_single()
            or _hidden_set(3, 1) or _locking(0) or _naked_set(2) or _fish(2)
            or _hidden_set(2, 0) or _naked_set(3) or _fish(3) or _hidden_set(3, 0)
            or _xy_wing(0) or _xy_wing(1))


# ---- the loop ----------------------------------------------------------------------------


@cython.cfunc
@cython.locals(left=cython.int, i=cython.int, diff=cython.double)
@cython.returns(cython.int)
def _walk(left: int, steps: list[Any] | None) -> int:
    # Take steps while one of the rules applies and ``left`` cells are empty; keep the
    # path's figures in FIG (difficulty, pearl, diamond) and _hard. Returns the cells left.
    global _hard
    while left and _next():
        diff = DIFF[_code]
        if diff > FIG[0]:
            FIG[0] = diff
            _hard = _code
        for i in range(_nel):
            if CAND[ELC[i]] >> ELD[i] & 1:
                _drop(ELC[i], ELD[i])
        if _pcell >= 0:
            _place(_pcell, _pdigit)
            left -= 1
        if steps is not None:
            steps.append((
                _NAMES[_code],
                diff,
                (_pcell, _pdigit) if _pcell >= 0 else None,
                [(ELC[i], ELD[i] + 1) for i in range(_nel)],
            ))
        if FIG[1] == 0.0:
            if FIG[2] == 0.0:
                FIG[2] = FIG[0]
            if _pcell >= 0:
                FIG[1] = FIG[0]
    return left


@cython.locals(i=cython.int, c=cython.int, left=cython.int)
def run(
    value: list[int],
    grid: tuple[list[int], list[int], list[int]] | None,
    difficulty: float,
    pearl: float,
    diamond: float,
    steps: list[Any] | None,
) -> tuple[float, str | None, float, float, tuple[list[int], list[int], list[int]] | None]:
    """Take SE's steps while one of the first ``RULES`` rules applies.

    The grid is ``value`` (81 ints, 0 empty; updated in place) with ``grid``, the
    candidates, positions (h * 9 + d) and empty counts per house that ``se._Grid`` keeps
    (updated in place), or None for a fresh grid from the givens in ``value``. The path's
    figures so far come in (``difficulty`` -inf and ``pearl``/``diamond`` 0.0 before the
    first step) and go out: (difficulty, hardest name or None if unchanged, pearl,
    diamond, the lists of a fresh grid left unsolved or None). ``steps``, if a list, gets
    each step as (name, difficulty, placement or None, eliminations as (cell, digit 1-9)).
    """
    global _hard
    left = 0
    for c in range(81):
        VAL[c] = value[c]
        if VAL[c] == 0:
            left += 1
    if grid is None:
        _setup()
    else:
        for c in range(81):
            CAND[c] = grid[0][c]
        for i in range(243):
            POS[i] = grid[1][i]
        for i in range(27):
            EMPTY[i] = grid[2][i]
        _derive()
    FIG[0] = difficulty
    FIG[1] = pearl
    FIG[2] = diamond
    _hard = -1
    left = _walk(left, steps)
    for c in range(81):
        value[c] = VAL[c]
    made = None
    if grid is not None:
        for c in range(81):
            grid[0][c] = CAND[c]
        for i in range(243):
            grid[1][i] = POS[i]
        for i in range(27):
            grid[2][i] = EMPTY[i]
    elif left:
        made = ([CAND[c] for c in range(81)], [POS[i] for i in range(243)],
                [EMPTY[i] for i in range(27)])
    return FIG[0], (_NAMES[_hard] if _hard >= 0 else None), FIG[1], FIG[2], made


@cython.locals(c=cython.int, h=cython.int, i=cython.int, v=cython.int, seen=cython.uint,
               left=cython.int, ch=cython.Py_UCS4)
def quick(text: str, steps: list[Any] | None) -> tuple[float, str, float, float] | None:
    """SE's whole path of an 81-character puzzle line (digits, "." or "0" blank) when the
    first ``RULES`` rules solve it: (difficulty, hardest name, pearl, diamond). None when
    they do not, when the line is not 81 such characters, or when givens clash.

    A solved path also proves the puzzle unique: these rules only draw consequences of
    the givens (none assumes uniqueness), so every solution agrees with the grid they fill,
    and that grid, filled without clashes from givens without clashes, is a solution.
    ``steps`` as for ``run``."""
    global _hard
    if len(text) != 81:
        return None
    left = 0
    for c, ch in enumerate(text):
        if ch == "." or ch == "0":
            VAL[c] = 0
            left += 1
        elif "1" <= ch <= "9":
            VAL[c] = ord(ch) - 48
        else:
            return None
    for h in range(27):
        seen = 0
        for i in range(9):
            v = VAL[HCELL[h * 9 + i]]
            if v:
                if seen >> v & 1:
                    return None
                seen |= 1 << v
    _setup()
    FIG[0] = float("-inf")
    FIG[1] = 0.0
    FIG[2] = 0.0
    _hard = -1
    if not left or _walk(left, steps):
        return None
    return FIG[0], _NAMES[_hard], FIG[1], FIG[2]
