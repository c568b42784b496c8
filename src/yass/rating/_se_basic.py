# cython: language_level=3, annotation_typing=False, cdivision=True
# cython: boundscheck=False, wraparound=False, initializedcheck=False
"""Compiled rules of the Sudoku Explainer rating below the chains.

``yass.rating.se`` asks SE's producers in a fixed order at every step; the first nineteen
(hidden single 1.0-1.5 to the unique loops 4.5+, the quads and Jellyfish 5.0-5.4 and BUG
5.6+) take nearly all the steps of an ordinary puzzle's path and the search before every
chain step of a hard one. ``run`` takes those steps here, on C arrays, one hint at a time
and each hint the one ``se.py``'s Python producer of the same rule would find (same scan
orders, same ranking of unique loop hints), and keeps the path's running figures
(difficulty, hardest, pearl, diamond) as ``se.se_path`` does. It returns when the grid is
solved or when none of the nineteen rules applies, leaving aligned pair exclusion and the
chains to ``se.py``. ``quick`` runs the same loop from a puzzle line, for ``rate``.

Cython pure-Python mode, like ``yass.engine._core``: ``se.py`` calls it only when compiled (its
own Python is faster than this module interpreted); the interpreted source gives the same
results, which the tests check. Cells are 0..80 row-major, houses 0-8 blocks, 9-17 rows,
18-26 columns, in SE's orders (loaded by ``init`` from ``yass.rating.se``).
"""

from __future__ import annotations

TYPE_CHECKING = False  # True for type checkers only
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from yass.core import _cython_shim as cython
else:
    try:
        import cython
    except ImportError:  # pragma: no cover - exercised where Cython is absent
        from yass.core import _cython_shim as cython

__all__ = ["RULES", "init", "is_compiled", "quick", "run"]

#: The rules ``run`` applies, in SE's order (``se._PRODUCERS[:RULES]``).
RULES = 19

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
    "Naked Quad",
    "Jellyfish",
    "Hidden Quad",
    "",  # 21: unique rectangles and loops, named by _loop_name
    "",  # 22: BUG, named by its type
)
_DIFFS = (1.0, 1.2, 1.5, 1.7, 1.9, 2.0, 2.3, 2.5, 2.6, 2.8, 3.0, 3.2, 3.4, 3.6, 3.8, 4.0, 4.2, 4.4,
          5.0, 5.2, 5.4, 0.0, 0.0)  # (21 and 22: set by the hint)

if not cython.compiled:  # C arrays when compiled (declared in _se_basic.pxd)
    PEER = [0] * 1620  # per cell, its 20 peers in SE's order (block, row, column)
    ISPEER = [0] * 6561  # ISPEER[c * 81 + o]: o is a peer of c
    HCELL = [0] * 243  # per house, its cells in SE's order
    CHOUSE = [0] * 243  # per cell, its block, row and column
    CIDX = [0] * 243  # per cell, its index in each of its houses
    POP = [0] * 512
    LOW = [0] * 512  # index of a mask's lowest bit
    DIFF = [0.0] * 23
    LK1 = [0] * 108  # intersections in SE's order: house 1, its indexes inside house 2,
    LKIN = [0] * 108
    LK2 = [0] * 108  # house 2, its indexes outside house 1, pointing (house 1 a block),
    LKOUT = [0] * 108
    LKPT = [0] * 108
    LK3H = [0] * 216  # and the two third houses (house 1's type, crossing house 2)
    LK3OUT = [0] * 216  # with their indexes outside house 2
    LKC = [0] * 972  # per intersection, house 1's cells: three inside house 2, six outside
    LKDS = [0] * 108  # per intersection, the digits _locking found locked in it
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
    HB = [0] * 81  # per cell, its houses as bits (1 << house)
    CHAR = [10] * 256  # per byte of a puzzle line: its value (0 blank), 10 if not a cell
    HOLDP = [0] * (512 * 81)  # per pair of digits: the cells holding both,
    VIAP = [0] * (512 * 81)  # ... those that may lie on a valid loop,
    PSTAMP = [0] * 512  # ... and the _unique_loops call they were made for
    HSTAMP = [0] * 512  # per position mask: the house scan of _hidden_set that last saw it
    UL = [0] * 82  # the loop being walked
    INL = [0] * 81
    UOCC = [0, 0]  # the houses of its even and odd cells
    EXC = [0] * 82  # a loop's cells with more candidates than the pair
    TEC = [0] * 729  # a loop hint's eliminations (cell, digit 0-8), and the best one's
    TED = [0] * 729
    BEC = [0] * 729
    BED = [0] * 729
    FITS = [0] * 9
    REM = [0] * 9
    TEMP = [0] * 81  # BUG: the candidates without the BUG digits,
    BUGC = [0] * 81  # ... the BUG cells, their BUG digits,
    BUGV = [0] * 81
    BCOM = [0] * 81  # ... the cells that see them all
    RC = [0] * 20
    OK9 = [0] * 9
    OCC = [0] * 10
_nlock = 0
_code = 0  # the hint found: its code, placement (cell -1: none), eliminations
_pcell = -1
_pdigit = 0
_nel = 0
_hard_name: str | None = None  # the name of the hint that set the difficulty
_diff = 0.0  # the difficulty of the hint found
_assumed = 0  # 1 once quick's path took a step that assumes a unique solution
_alone = 0  # the houses (SBIT bits) with one empty cell
_hstamp = 0  # _hidden_set's house scans so far
_lkfresh = 0  # 1 while LKDS holds this step's masks (see _locking)
_ustamp = 0  # unique loops: calls so far, the pair and the loop walked, the best hint
_upair = 0
_ulen = 0
_usize = 0  # ... and the size and type of the hint found (its type for BUG)
_ukind = 0
_tn = 0
_bn = -1
_bdiff = 0.0
_bkind = 0
_bsize = 0
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
    for i in range(256):
        CHAR[i] = i - 48 if 49 <= i <= 57 else (0 if i in (46, 48) else 10)
    for m in range(512):
        POP[m] = bin(m).count("1")
        LOW[m] = (m & -m).bit_length() - 1 if m else 0
    for i in range(23):
        DIFF[i] = _DIFFS[i]
    for i in range(81):
        HB[i] = (1 << cell_houses[i][0]) | (1 << cell_houses[i][1]) | (1 << cell_houses[i][2])
    for i in range(512):
        PSTAMP[i] = 0
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
        j = 0
        for k in (1, 0):
            for i in range(9):
                if (inner >> i & 1) == k:
                    LKC[t * 9 + j] = houses[base1 // 9][i]
                    j += 1
    _nlock = len(lock_table)
    _loaded = 1


# ---- the grid ---------------------------------------------------------------------------


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(h=cython.int, d=cython.int, p=cython.uint, s=cython.uint)
@cython.returns(cython.void)
def _single(h: int, d: int) -> None:
    # Keep SGL[h] (digits with one place in house h) up to date, without a branch: which
    # way a test goes differs from puzzle to puzzle, and mispredictions cost more than
    # the work (``_hidden_single`` reads SGL of all houses once a step).
    p = POS[h * 9 + d]
    s = (p != 0) & ((p & (p - 1)) == 0)
    SGL[h] = (SGL[h] & ~(1 << d)) | (s << d)


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
    # SE's Cell.setValueAndCancel, as se._Grid.place: the cell's candidates go, then the
    # digit from its peers (found through the houses' positions of the digit, so only the
    # cells that have it are visited).
    global _alone
    d = digit - 1
    VAL[cell] = digit
    m = CAND[cell]
    while m:
        e = LOW[m]
        m &= m - 1
        _drop(cell, e)
    for k in range(3):
        h = CHOUSE[cell * 3 + k]
        EMPTY[h] -= 1
        _alone = (_alone & ~SBIT[h]) | (SBIT[h] * (EMPTY[h] == 1))
    for k in range(3):
        h = CHOUSE[cell * 3 + k]
        m = POS[h * 9 + d]  # the cells of h that still have the digit (not cell itself)
        while m:
            o = HCELL[h * 9 + LOW[m]]
            m &= m - 1
            _drop(o, d)


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(h=cython.int, d=cython.int, p=cython.uint, m=cython.uint)
@cython.returns(cython.void)
def _derive() -> None:
    # SGL and _alone from POS and EMPTY.
    global _alone
    _alone = 0
    for h in range(27):
        m = 0
        for d in range(9):
            p = POS[h * 9 + d]
            m |= ((p != 0) & ((p & (p - 1)) == 0)) << d
        SGL[h] = m
        _alone |= SBIT[h] * (EMPTY[h] == 1)


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(c=cython.int, h=cython.int, k=cython.int, v=cython.int, m=cython.uint,
               bit=cython.uint, dup=cython.uint)
@cython.returns(cython.int)
def _cands() -> int:
    # A fresh grid's candidates, digits per house (HM) and empty cells per house from the
    # givens in VAL, as se._Grid makes them: a cell's candidates are the digits none of its
    # houses has. Returns 1 when two givens of a house clash, else 0 (no branch on a
    # cell's content: which way it goes is different in every puzzle).
    for h in range(27):
        HM[h] = 0
        EMPTY[h] = 0
    dup = 0
    for c in range(81):
        v = VAL[c]
        bit = (1 << v) >> 1  # 0 for an empty cell
        for k in range(3):
            h = CHOUSE[c * 3 + k]
            dup |= HM[h] & bit
            HM[h] |= bit
            EMPTY[h] += v == 0
    for c in range(81):
        m = 0x1FF & ~(HM[CHOUSE[c * 3]] | HM[CHOUSE[c * 3 + 1]] | HM[CHOUSE[c * 3 + 2]])
        CAND[c] = m & -(VAL[c] == 0)
    return dup != 0


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(i=cython.int, h=cython.int, m=cython.uint, d=cython.int)
@cython.returns(cython.void)
def _positions() -> None:
    # POS from CAND, then what _derive keeps (house by house, without a branch on which
    # digits a cell has).
    for h in range(27):
        for d in range(9):
            m = 0
            for i in range(9):
                m |= (CAND[HCELL[h * 9 + i]] >> d & 1) << i
            POS[h * 9 + d] = m
    _derive()


@cython.cfunc
@cython.exceptval(check=False)
@cython.returns(cython.void)
def _setup() -> None:
    # A fresh grid from the givens in VAL.
    _cands()
    _positions()


# ---- the singles at the start of a path, all at once ---------------------------------------
# SE's path starts with hidden singles while there are any: each step the easiest (full
# house 1.0, then block 1.2, then row or column 1.5). Which of them it takes changes only
# the order: a hidden single stays one (or is placed) as digits are placed, so the grid
# where none is left is the same whatever the order, and it is the closure below. Which
# difficulties the path used follows from three nested closures: it used 1.2 only if the
# full houses alone stop short of the blocks' closure, 1.5 only if that stops short of the
# closure with rows and columns (at a stop, nothing easier is left). Its first step is the
# easiest kind the givens have. The path is not listed this way, only its figures.


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(cell=cython.int, d=cython.int, k=cython.int, keep=cython.uint)
@cython.returns(cython.void)
def _put(cell: int, d: int) -> None:
    # The digit d (0-8) in the cell, off its peers: CAND, VAL, EMPTY and HM only.
    keep = ~(1 << d)
    VAL[cell] = d + 1
    CAND[cell] = 0
    for k in range(20):
        CAND[PEER[cell * 20 + k]] &= keep
    for k in range(3):
        EMPTY[CHOUSE[cell * 3 + k]] -= 1
        HM[CHOUSE[cell * 3 + k]] |= ~keep


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(upto=cython.int, h=cython.int, i=cython.int, c=cython.int, m=cython.uint,
               once=cython.uint, twice=cython.uint, single=cython.uint,
               d=cython.int, n=cython.int, at=cython.int)
@cython.returns(cython.int)
def _round(upto: int) -> int:
    # Every hidden single of the houses with one empty cell (upto 0), and of the blocks
    # (upto 1), and of the rows and columns (upto 2), placed. Returns how many, or -1 when
    # the grid has no solution (a digit with no place in a house): SE's path is then left
    # to the step-by-step walk.
    n = 0
    for h in range(27):
        if EMPTY[h] == 0 or (EMPTY[h] != 1 and (upto == 0 or (upto == 1 and h >= 9))):
            continue
        once = 0
        twice = 0
        for i in range(9):
            m = CAND[HCELL[h * 9 + i]]
            twice |= once & m
            once |= m
        if (once | HM[h]) != 0x1FF:
            return -1
        single = once & ~twice
        while single:
            d = LOW[single]
            single &= single - 1
            at = -1
            for i in range(9):
                c = HCELL[h * 9 + i]
                if CAND[c] >> d & 1:
                    at = c
                    break
                if VAL[c] == d + 1:
                    at = -2  # placed this round, from another house
                    break
            if at == -1:
                return -1  # its place went to another digit this round
            if at >= 0:
                _put(at, d)
                n += 1
    return n


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(upto=cython.int, n=cython.int, total=cython.int, first=cython.int,
               top=cython.int)
@cython.returns(cython.int)
def _opening() -> int:
    # The hidden singles at the start of a fresh grid's path (CAND, VAL, EMPTY, HM made by
    # _cands; FIG at its start), placed; FIG and _hard_name as those steps leave them.
    # Returns how many, or -1 (see _round).
    global _hard_name
    total = 0
    first = -1
    top = -1
    for upto in range(3):
        while True:
            n = _round(upto)
            if n < 0:
                return -1
            if n == 0:
                break
            total += n
            top = upto
            if first < 0:
                first = upto
    if total:
        FIG[0] = DIFF[top]
        FIG[1] = DIFF[first]
        FIG[2] = DIFF[first]
        _hard_name = _NAMES[top]
    return total


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
    global _code, _pcell, _pdigit, _diff
    _code = code
    _pcell = cell
    _pdigit = digit
    _diff = DIFF[code]
    return 1


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(m=cython.uint, hs=cython.uint, alone=cython.int, s=cython.int, h=cython.int)
@cython.returns(cython.int)
def _hidden_single() -> int:
    # se._hidden_single's scan (houses with one empty cell first, then the others; blocks,
    # columns, rows; digits in order) is the lowest bit of hs, the houses that have a
    # digit with one place, in the houses' scan order.
    hs = 0
    for s in range(27):
        hs |= (SGL[SHOUSE[s]] != 0) << s
    m = hs & _alone
    alone = 1
    if not m:
        m = hs & ~_alone
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
               p3=cython.uint, rest=cython.uint, i=cython.int, a=cython.uint, b=cython.uint,
               c=cython.uint, ds=cython.uint, reuse=cython.int)
@cython.returns(cython.int)
def _locking(direct: int) -> int:
    # The direct pass (SE's 1.7/1.9) runs first in a step; when it finds nothing, the
    # grid is unchanged for the plain pass (2.6/2.8) of the same step, which reuses its
    # digit masks.
    global _lkfresh
    reuse = _lkfresh and not direct
    for t in range(_nlock):
        # The digits with two or three places in house 1, all inside house 2 (in order):
        # from the candidates of the cells, not digit by digit, to save a branch each.
        if reuse:
            ds = LKDS[t]
        else:
            a = CAND[LKC[t * 9]]
            b = CAND[LKC[t * 9 + 1]]
            c = CAND[LKC[t * 9 + 2]]
            ds = (((a & b) | (a & c) | (b & c))
                  & ~(CAND[LKC[t * 9 + 3]] | CAND[LKC[t * 9 + 4]] | CAND[LKC[t * 9 + 5]]
                      | CAND[LKC[t * 9 + 6]] | CAND[LKC[t * 9 + 7]] | CAND[LKC[t * 9 + 8]]))
            LKDS[t] = ds
        while ds:
            d = LOW[ds]
            ds &= ds - 1
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
    _lkfresh = direct
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
    elif degree == 3:
        for i2 in range(2, n):
            for i1 in range(1, i2):
                for i0 in range(i1):
                    u = MASKS[OK9[i0]] | MASKS[OK9[i1]] | MASKS[OK9[i2]]
                    if POP[u] == 3:
                        SUBM[found] = (1 << OK9[i0]) | (1 << OK9[i1]) | (1 << OK9[i2])
                        SUBU[found] = u
                        found += 1
    else:  # 4
        for i3 in range(3, n):
            for i2 in range(2, i3):
                for i1 in range(1, i2):
                    for i0 in range(i1):
                        u = MASKS[OK9[i0]] | MASKS[OK9[i1]] | MASKS[OK9[i2]] | MASKS[OK9[i3]]
                        if POP[u] == 4:
                            SUBM[found] = ((1 << OK9[i0]) | (1 << OK9[i1]) | (1 << OK9[i2])
                                           | (1 << OK9[i3]))
                            SUBU[found] = u
                            found += 1
    return found


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(degree=cython.int, direct=cython.int, t=cython.int, start=cython.int,
               h=cython.int, n=cython.int, s=cython.int, cnt=cython.int, d=cython.int,
               i=cython.int, e=cython.int, c=cython.int, vmask=cython.uint, union=cython.uint,
               p=cython.uint, rest=cython.uint, m=cython.uint, hit=cython.int)
@cython.returns(cython.int)
def _hidden_set(degree: int, direct: int) -> int:
    global _hstamp
    for t in range(3):
        start = 0 if t == 0 else (18 if t == 1 else 9)
        for h in range(start, start + 9):
            n = EMPTY[h]
            if not (n > degree * 2 or (direct and n > degree)):
                continue
            if degree == 2:
                # A hidden pair is two digits with the same two places: look for one
                # first, without a branch per digit (most houses have none).
                _hstamp += 1
                hit = 0
                for i in range(9):
                    p = POS[h * 9 + i]
                    MASKS[i] = p
                    hit |= (POP[p] == 2) & (HSTAMP[p] == _hstamp)
                    HSTAMP[p] = _hstamp
                if not hit:
                    continue
            else:
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
                    return _found(12 if degree == 2 else (15 if degree == 3 else 20), -1, 0)
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
                    return _found(10 if degree == 2 else (13 if degree == 3 else 18), -1, 0)
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
            return _found(11 if degree == 2 else (14 if degree == 3 else 19), -1, 0)
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


# ---- unique rectangles and loops (se._unique_loops) -------------------------------------


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(v=cython.uint, smallest=cython.uint, ripple=cython.uint)
@cython.returns(cython.uint)
def _next_combo(v: int) -> int:
    # The next set of as many bits, in increasing order (se._combinations' order).
    smallest = v & -v
    ripple = v + smallest
    return ripple | (((v ^ ripple) >> 2) // smallest)


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(diff=cython.double, kind=cython.int, size=cython.int, i=cython.int)
@cython.returns(cython.void)
def _offer(diff: float, kind: int, size: int) -> None:
    # The hint in TEC/TED (_tn eliminations) replaces the best loop hint if it sorts
    # before it by (difficulty, type).
    global _bn, _bdiff, _bkind, _bsize
    if _tn and (_bn < 0 or diff < _bdiff or (diff == _bdiff and kind < _bkind)):
        _bn = _tn
        _bdiff = diff
        _bkind = kind
        _bsize = size
        for i in range(_tn):
            BEC[i] = TEC[i]
            BED[i] = TED[i]


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(diff=cython.double, kind=cython.int)
@cython.returns(cython.bint)
def _beats(diff: float, kind: int) -> bool:
    return _bn < 0 or diff < _bdiff or (diff == _bdiff and kind < _bkind)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(cell=cython.int, d=cython.int)
@cython.returns(cython.void)
def _tel(cell: int, d: int) -> None:
    global _tn
    TEC[_tn] = cell
    TED[_tn] = d
    _tn += 1


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(pair=cython.uint, base=cython.int, c=cython.int, k=cython.int, h=cython.int,
               i=cython.int, o=cython.int, changed=cython.int, alone=cython.int)
@cython.returns(cython.void)
def _loop_cells(pair: int) -> None:
    # se._loop_cells: the holders of ``pair`` and those that may lie on a valid loop (each
    # of whose houses holds another such cell), into HOLDP/VIAP at pair * 81.
    base = pair * 81
    for c in range(81):
        HOLDP[base + c] = 1 if CAND[c] & pair == pair else 0
        VIAP[base + c] = HOLDP[base + c]
    changed = 1
    while changed:
        changed = 0
        for c in range(81):
            if not VIAP[base + c]:
                continue
            for k in range(3):
                h = CHOUSE[c * 3 + k]
                alone = 1
                for i in range(9):
                    o = HCELL[h * 9 + i]
                    if o != c and VIAP[base + o]:
                        alone = 0
                        break
                if alone:
                    VIAP[base + c] = 0
                    changed = 1
                    break
    PSTAMP[pair] = _ustamp


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(n=cython.int, i=cython.int, c=cython.int, k=cython.int, m=cython.uint,
               odd=cython.uint, even=cython.uint)
@cython.returns(cython.bint)
def _valid_loop(n: int) -> bool:
    # se._valid_loop over UL[0:n]: no house twice among the cells of one parity, and the
    # same houses for both parities.
    odd = 0
    even = 0
    for i in range(n):
        c = UL[i]
        for k in range(3):
            m = 1 << CHOUSE[c * 3 + k]
            if i & 1:
                if odd & m:
                    return False
                odd |= m
            else:
                if even & m:
                    return False
                even |= m
    return odd == even


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(n=cython.int, pair=cython.uint, c=cython.int, o=cython.int, i=cython.int,
               bit=cython.uint, ok=cython.int)
@cython.returns(cython.void)
def _type2(n: int, pair: int) -> None:
    # se._type2 for the extra cells EXC[0:n]: the lowest extra digit of the first, off
    # every cell that sees them all.
    bit = CAND[EXC[0]] & ~pair
    bit &= -bit
    if not bit:
        return
    for o in range(81):
        ok = 1
        for i in range(n):
            c = EXC[i]
            if o == c or not ISPEER[c * 81 + o]:
                ok = 0
                break
        if ok and CAND[o] & bit:
            _tel(o, LOW[bit])


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(c1=cython.int, c2=cython.int, pair=cython.uint, extra=cython.uint,
               base=cython.double, size=cython.int, degree=cython.int, k=cython.int,
               h=cython.int, k2=cython.int, shared=cython.int, i1=cython.int, i2=cython.int,
               i=cython.int, j=cython.int, nfit=cython.int, nrem=cython.int, v=cython.uint,
               naked=cython.uint, common=cython.uint, m=cython.uint, ok=cython.int,
               others=cython.uint, o=cython.int, e=cython.int, union=cython.uint,
               hidden=cython.uint, p=cython.uint, d=cython.int, has1=cython.int)
@cython.returns(cython.void)
def _type3(c1: int, c2: int, pair: int, extra: int, base: float, size: int) -> None:
    # se._type3: the extra cells c1 and c2 with the digits ``extra`` act as one cell of a
    # naked set, or the pair's digits complete a hidden set, in a house of both; each
    # hint offered in SE's order (stopping at the first degree that cannot beat the best).
    global _tn
    for degree in range(POP[extra], 8):
        if not _beats(base + (degree - 2) * 0.1, 3):
            return
        for k in range(3):
            h = CHOUSE[c1 * 3 + k]
            shared = 0
            for k2 in range(3):
                if CHOUSE[c2 * 3 + k2] == h:
                    shared = 1
            if not shared:
                continue
            i1 = CIDX[c1 * 3 + k]
            i2 = 0
            for i in range(9):
                if HCELL[h * 9 + i] == c2:
                    i2 = i
            if degree * 2 <= EMPTY[h]:
                nfit = 0
                for i in range(9):
                    m = CAND[HCELL[h * 9 + i]]
                    if i == i1 or (i != i2 and 2 <= POP[m] <= degree):
                        FITS[nfit] = i
                        nfit += 1
                if nfit >= degree:
                    v = (1 << degree) - 1
                    # SE's index sets hold i1, not i2, in combination order; those with
                    # a member of under 2 or over ``degree`` candidates cannot pass.
                    while v < (1 << nfit):
                        naked = extra & CAND[c1] & CAND[c2]
                        common = 0
                        ok = 1
                        others = 0  # indexes of the set's cells other than i1
                        has1 = 0
                        for j in range(nfit):
                            if not v >> j & 1:
                                continue
                            i = FITS[j]
                            if i == i1:
                                has1 = 1
                                m = extra
                            else:
                                m = CAND[HCELL[h * 9 + i]]
                                naked |= m
                                others |= 1 << i
                            if POP[m] <= 1:
                                ok = 0
                            common |= m
                        if has1 and ok and POP[naked] == degree and POP[common] == degree:
                            _tn = 0
                            for i in range(9):
                                o = HCELL[h * 9 + i]
                                if others >> i & 1 or o in (c1, c2):
                                    continue
                                m = CAND[o] & common
                                for e in range(9):
                                    if m >> e & 1:
                                        _tel(o, e)
                            _offer(base + (POP[common] - 1) * 0.1, 3, size)
                        v = _next_combo(v)
            if degree * 2 < EMPTY[h]:
                nrem = 0
                for d in range(9):
                    if not (pair | extra) >> d & 1:
                        REM[nrem] = d
                        nrem += 1
                if degree - 2 <= nrem:
                    v = (1 << (degree - 2)) - 1
                    while v < (1 << nrem):
                        union = 0
                        ok = 1
                        hidden = pair
                        for j in range(nrem):
                            if v >> j & 1:
                                hidden |= 1 << REM[j]
                        for d in range(9):
                            if hidden >> d & 1:
                                p = POS[h * 9 + d] & ~(1 << i2)
                                if not p:
                                    ok = 0
                                union |= p
                        if ok and POP[union] == degree:
                            union &= ~((1 << i1) | (1 << i2))
                            _tn = 0
                            for i in range(9):
                                if union >> i & 1:
                                    o = HCELL[h * 9 + i]
                                    m = CAND[o] & ~hidden
                                    for e in range(9):
                                        if m >> e & 1:
                                            _tel(o, e)
                            _offer(base + (POP[union] - 1) * 0.1, 3, size)
                        if v == 0:
                            break
                        v = _next_combo(v)


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(c1=cython.int, c2=cython.int, v1=cython.int, v2=cython.int, k=cython.int,
               k2=cython.int, h=cython.int, shared=cython.int, i=cython.int, o=cython.int,
               has1=cython.int, has2=cython.int, r1=cython.int, r2=cython.int)
@cython.returns(cython.void)
def _type4(c1: int, c2: int, v1: int, v2: int) -> None:
    # se._type4: in a house of both extra cells, one digit of the pair only there: the
    # other digit goes from both.
    global _tn
    r1 = -1
    r2 = -1
    for k in range(3):
        h = CHOUSE[c1 * 3 + k]
        shared = 0
        for k2 in range(3):
            if CHOUSE[c2 * 3 + k2] == h:
                shared = 1
        if not shared:
            continue
        has1 = 0
        has2 = 0
        for i in range(9):
            o = HCELL[h * 9 + i]
            if o != c1 and o != c2:
                if CAND[o] >> v1 & 1:
                    has1 = 1
                if CAND[o] >> v2 & 1:
                    has2 = 1
        if not has1:
            r1 = h
        if not has2:
            r2 = h
    _tn = 0
    if r1 >= 0:
        _tel(c1, v2)
        _tel(c2, v2)
    elif r2 >= 0:
        _tel(c1, v1)
        _tel(c2, v1)


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(n=cython.int, size=cython.int, i=cython.int, c=cython.int, c1=cython.int,
               c2=cython.int, nex=cython.int, base=cython.double, others=cython.uint,
               v1=cython.int, v2=cython.int)
@cython.returns(cython.void)
def _loop_found(n: int) -> None:
    # The loop UL[0:n] just walked: the hints of se._unique_loops for it, offered.
    global _tn
    if not _valid_loop(n):
        return
    size = n
    base = 4.5
    if size >= 10:
        base += 0.3
    if size >= 8:
        base += 0.2
    elif size >= 6:
        base += 0.1
    if not _beats(base, 1):
        return
    v1 = LOW[_upair]
    v2 = LOW[_upair & (_upair - 1)]
    nex = 0
    for i in range(n):
        c = UL[i]
        if POP[CAND[c]] > 2:
            EXC[nex] = c
            nex += 1
    _tn = 0
    if nex == 1:
        c = EXC[0]
        _tel(c, v1)
        _tel(c, v2)
        _offer(base, 1, size)
    elif nex > 2:
        _type2(nex, _upair)
        _offer(base, 2, size)
    elif nex == 2:
        c1 = EXC[0]
        c2 = EXC[1]
        others = (CAND[c1] | CAND[c2]) & ~_upair
        if POP[others] == 1:
            _type2(nex, _upair)
            _offer(base, 2, size)
        elif POP[others] >= 2 and _beats(base, 3):
            _type3(c1, c2, _upair, others, base, size)
        if _beats(base, 4):
            _type4(c1, c2, v1, v2)
            _offer(base, 4, size)


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(cell=cython.int, allowed=cython.int, ex=cython.uint, last=cython.int,
               parity=cython.int, k=cython.int, h=cython.int, htype=cython.int, i=cython.int,
               nxt=cython.int, m=cython.uint, card=cython.int, pbase=cython.int)
@cython.returns(cython.void)
def _loop_walk(cell: int, allowed: int, ex: int, last: int) -> None:
    # se._find_loops' walk: every path through holders of the pair, alternating houses,
    # with at most two cells of more candidates (or one extra digit in all); a path back
    # to the first cell after 4 or more is a loop, handed to _loop_found at once (in the
    # order se.py collects them).
    global _ulen
    pbase = _upair * 81
    parity = _ulen & 1
    UL[_ulen] = cell
    _ulen += 1
    INL[cell] = 1
    UOCC[parity] |= HB[cell]
    for k in range(3):
        h = CHOUSE[cell * 3 + k]
        htype = h // 9
        if htype == last:
            continue
        for i in range(9):
            nxt = HCELL[h * 9 + i]
            if not HOLDP[pbase + nxt]:
                continue
            if nxt == UL[0] and _ulen >= 4:
                _loop_found(_ulen)
            elif not INL[nxt]:
                m = CAND[nxt]
                ex |= m & ~_upair
                card = POP[m]
                if ((card == 2 or POP[ex] == 1 or allowed > 0) and VIAP[pbase + nxt]
                        and not UOCC[_ulen & 1] & HB[nxt]):
                    _loop_walk(nxt, allowed - 1 if card > 2 else allowed, ex, htype)
    _ulen -= 1
    INL[cell] = 0
    UOCC[parity] &= ~HB[cell]


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(cell=cython.int, pair=cython.uint, i=cython.int)
@cython.returns(cython.int)
def _unique_loops() -> int:
    # se._unique_loops: the best hint (by difficulty, then type, first found) of the loops
    # from every bivalue cell.
    global _bn, _ustamp, _upair, _ulen, _nel, _code, _pcell, _diff, _usize, _ukind
    _bn = -1
    _ustamp += 1
    for cell in range(81):
        pair = CAND[cell]
        if POP[pair] != 2:
            continue
        if PSTAMP[pair] != _ustamp:
            _loop_cells(pair)
        if not VIAP[pair * 81 + cell]:
            continue
        _upair = pair
        _ulen = 0
        UOCC[0] = 0
        UOCC[1] = 0
        for i in range(81):
            INL[i] = 0
        _loop_walk(cell, 2, 0, -1)
    if _bn < 0:
        return 0
    for i in range(_bn):
        ELC[i] = BEC[i]
        ELD[i] = BED[i]
    _nel = _bn
    _found(21, -1, 0)
    _diff = _bdiff
    _usize = _bsize
    _ukind = _bkind
    return 1


# ---- BUG (se._bug) -----------------------------------------------------------------------


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(kind=cython.int, diff=cython.double)
@cython.returns(cython.int)
def _bug_found(kind: int, diff: float) -> int:
    global _diff, _ukind
    _found(22, -1, 0)
    _diff = diff
    _ukind = kind
    return 1


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(all_values=cython.uint, c1=cython.int, c2=cython.int, shared=cython.uint,
               k=cython.int, k2=cython.int, h=cython.int, b1=cython.uint, b2=cython.uint,
               e=cython.int)
@cython.returns(cython.int)
def _bug4(all_values: int) -> int:
    c1 = BUGC[0]
    c2 = BUGC[1]
    shared = CAND[c1] & CAND[c2] & ~all_values
    if POP[shared] != 1:
        return 0
    for k in range(3):
        h = CHOUSE[c1 * 3 + k]
        for k2 in range(3):
            if CHOUSE[c2 * 3 + k2] == h:
                b1 = CAND[c1] & ~BUGV[c1] & ~shared
                b2 = CAND[c2] & ~BUGV[c2] & ~shared
                for e in range(9):
                    if b1 >> e & 1:
                        _elim(c1, e)
                for e in range(9):
                    if b2 >> e & 1:
                        _elim(c2, e)
                # SE makes the hint even when it removes nothing.
                return _bug_found(4, 5.7)
    return 0


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(nbug=cython.int, all_values=cython.uint, t=cython.int, h=cython.int,
               hh=cython.int, i=cython.int, j=cython.int, c=cython.int, o=cython.int,
               nreg=cython.int, degree=cython.int, v=cython.uint, other=cython.uint,
               naked=cython.uint, m=cython.uint, ok=cython.int, e=cython.int, b=cython.int,
               skip=cython.int)
@cython.returns(cython.int)
def _bug3(nbug: int, all_values: int) -> int:
    for t in range(3):  # blocks, rows, columns
        h = -1
        for i in range(nbug):
            c = BUGC[i]
            hh = CHOUSE[c * 3 + t]
            if h == -1:
                h = hh
            elif hh != h:
                h = -2
        if h < 0:
            continue
        # The common cells of the house, in the first bug cell's peer order.
        nreg = 0
        for j in range(20):
            o = PEER[BUGC[0] * 20 + j]
            if BCOM[o] and (CHOUSE[o * 3] == h or CHOUSE[o * 3 + 1] == h
                            or CHOUSE[o * 3 + 2] == h):
                RC[nreg] = o
                nreg += 1
        for degree in range(2, 7):
            if nreg < degree:
                continue
            v = (1 << (degree - 1)) - 1
            while v < (1 << nreg):
                other = 0
                ok = 1
                for j in range(nreg):
                    if v >> j & 1:
                        m = CAND[RC[j]]
                        if POP[m] <= 1:
                            ok = 0
                        other |= m
                if POP[other] == degree:
                    if POP[all_values] <= 1:
                        ok = 0
                    naked = other | all_values
                    if ok and POP[naked] == degree:
                        for j in range(nreg):
                            if v >> j & 1:
                                continue
                            o = RC[j]
                            skip = 0
                            for b in range(nbug):
                                if BUGC[b] == o:
                                    skip = 1
                            if skip:
                                continue
                            m = CAND[o] & naked
                            for e in range(9):
                                if m >> e & 1:
                                    _elim(o, e)
                        if _nel:
                            return _bug_found(3, 5.7 + (POP[naked] - 1) * 0.1)
                v = _next_combo(v)
    return 0


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(h=cython.int, d=cython.int, p=cython.uint, card=cython.int, i=cython.int,
               c=cython.int, nnew=cython.int, newc=cython.int, nbug=cython.int,
               all_values=cython.uint, have_common=cython.int, o=cython.int, b=cython.int,
               known=cython.int, n=cython.int, any_=cython.int, bit=cython.uint, e=cython.int)
@cython.returns(cython.int)
def _bug() -> int:
    # se._bug: the cells that keep the grid from being all pairs (BUG cells), and the
    # four ways SE uses them.
    for c in range(81):
        TEMP[c] = CAND[c]
        BUGV[c] = 0
    nbug = 0
    all_values = 0
    have_common = 0
    for h in range(27):
        for d in range(9):
            p = POS[h * 9 + d]
            card = POP[p]
            if card == 0 or card == 2:
                continue
            nnew = 0
            newc = -1
            for i in range(9):
                if p >> i & 1 and POP[CAND[HCELL[h * 9 + i]]] >= 3:
                    nnew += 1
                    newc = HCELL[h * 9 + i]
            if nnew == 1:
                c = newc
                known = 0
                for b in range(nbug):
                    if BUGC[b] == c:
                        known = 1
                if not known:
                    BUGC[nbug] = c
                    nbug += 1
                BUGV[c] |= 1 << d
                all_values |= 1 << d
                TEMP[c] &= ~(1 << d)
                for o in range(81):
                    if have_common:
                        BCOM[o] = BCOM[o] & ISPEER[c * 81 + o]
                    else:
                        BCOM[o] = ISPEER[c * 81 + o]
                have_common = 1
                for b in range(nbug):
                    BCOM[BUGC[b]] = 0
                if nbug > 1 and POP[all_values] > 1:
                    any_ = 0
                    for o in range(81):
                        if BCOM[o]:
                            any_ = 1
                            break
                    if not any_:
                        return 0
            if nnew == 0:
                return 0
    for c in range(81):
        if VAL[c] == 0 and POP[TEMP[c]] != 2:
            return 0
    for h in range(27):
        for d in range(9):
            n = 0
            for i in range(9):
                if TEMP[HCELL[h * 9 + i]] >> d & 1:
                    n += 1
            if n != 0 and n != 2:
                return 0
    if nbug == 1:
        c = BUGC[0]
        for e in range(9):
            if (CAND[c] & ~all_values) >> e & 1:
                _elim(c, e)
        return _bug_found(1, 5.6)
    any_ = 0
    if have_common:
        for o in range(81):
            if BCOM[o]:
                any_ = 1
                break
    if POP[all_values] == 1:
        if any_:
            bit = all_values
            for o in range(81):
                if BCOM[o] and CAND[o] & bit:
                    _elim(o, LOW[bit])
            if _nel:
                return _bug_found(2, 5.7)
        if nbug == 2:
            return _bug4(all_values)
        return 0
    if any_:
        if nbug == 2 and _bug4(all_values):
            return 1
        return _bug3(nbug, all_values)
    return 0


def _loop_name(size: int, kind: int) -> str:
    shape = "Rectangle" if size == 4 else "Loop"
    if size > 6:
        return f"Unique {shape} {size} type {kind}"
    return f"Unique {shape} type {kind}"


@cython.cfunc
def _hint_name() -> str:
    if _code == 21:
        return _loop_name(_usize, _ukind)
    if _code == 22:
        return f"BUG type {_ukind}"
    return _NAMES[_code]


@cython.cfunc
@cython.exceptval(check=False)
@cython.returns(cython.int)
def _next() -> int:
    # The first hint of the first productive rule, in se._PRODUCERS' order.
    global _nel, _lkfresh
    _nel = 0
    _lkfresh = 0
    return (_hidden_single() or _locking(1) or _hidden_set(2, 1) or _naked_single()
            or _hidden_set(3, 1) or _locking(0) or _naked_set(2) or _fish(2)
            or _hidden_set(2, 0) or _naked_set(3) or _fish(3) or _hidden_set(3, 0)
            or _xy_wing(0) or _xy_wing(1) or _unique_loops() or _naked_set(4) or _fish(4)
            or _hidden_set(4, 0) or _bug())


# ---- the loop ----------------------------------------------------------------------------


@cython.cfunc
@cython.locals(left=cython.int, i=cython.int, diff=cython.double)
@cython.returns(cython.int)
def _walk(left: int, steps: list[Any] | None) -> int:
    # Take steps while one of the rules applies and ``left`` cells are empty; keep the
    # path's figures in FIG (difficulty, pearl, diamond) and _hard. Returns the cells left.
    global _hard_name, _assumed
    while left and _next():
        if _code >= 21:  # unique loops and BUG hold only for a unique puzzle
            _assumed = 1
        diff = _diff
        if _nel == 0 and _pcell < 0:
            # A hint that changes nothing would make SE loop for ever (se.py stops there).
            raise ValueError(f"{_hint_name()} removes nothing")
        if diff > FIG[0]:
            FIG[0] = diff
            _hard_name = _hint_name()
        for i in range(_nel):
            if CAND[ELC[i]] >> ELD[i] & 1:
                _drop(ELC[i], ELD[i])
        if _pcell >= 0:
            _place(_pcell, _pdigit)
            left -= 1
        if steps is not None:
            steps.append((
                _hint_name(),
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
    global _hard_name
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
    _hard_name = None
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
    return FIG[0], _hard_name, FIG[1], FIG[2], made


@cython.locals(c=cython.int, v=cython.int, bad=cython.int, left=cython.int, raw=bytes,
               placed=cython.int, i=cython.int)
def quick(
    text: str, steps: list[Any] | None, stall: list[Any] | None = None
) -> tuple[float, str | None, float, float, bool] | None:
    """SE's whole path of an 81-character puzzle line (digits, "." or "0" blank) when the
    first ``RULES`` rules finish it: (difficulty, hardest name, pearl, diamond, proven).
    None when they do not, when the line is not 81 such characters, or when givens clash.

    ``proven``: no step assumed a unique solution (unique loops, BUG), so the path itself
    proves the puzzle unique (the other rules only draw consequences of the givens: every
    solution agrees with the grid they fill, and that grid, filled without clashes from
    givens without clashes, is a solution). Otherwise the caller must count solutions.
    ``steps`` as for ``run``. ``stall``, if a list, gets where the rules stopped when they
    do not finish (not for a malformed line or clashing givens): (values, the candidates,
    positions and empty counts as ``run`` makes them, difficulty, hardest name or None,
    pearl, diamond), for ``se.se_path`` to go on from."""
    global _hard_name, _assumed
    if len(text) != 81:
        return None
    try:
        raw = text.encode("ascii")
    except UnicodeEncodeError:
        return None
    left = 0
    bad = 0
    for c in range(81):
        v = CHAR[raw[c]]  # 0-9, 10 for a character that is not "." or a digit
        bad |= v == 10
        VAL[c] = v
        left += v == 0
    if bad or _cands():
        return None
    FIG[0] = float("-inf")
    FIG[1] = 0.0
    FIG[2] = 0.0
    _hard_name = None
    _assumed = 0
    if steps is None and left:
        placed = _opening()
        if placed < 0:
            return None
        left -= placed
        if not left:
            return FIG[0], _hard_name, FIG[1], FIG[2], True
    _positions()
    try:
        if not left:
            return None
        if _walk(left, steps):
            if stall is not None:
                stall.append((
                    [VAL[c] for c in range(81)],
                    ([CAND[c] for c in range(81)], [POS[i] for i in range(243)],
                     [EMPTY[i] for i in range(27)]),
                    FIG[0], _hard_name, FIG[1], FIG[2],
                ))
            return None
    except ValueError:  # a hint that removes nothing: se_path says so
        return None
    return FIG[0], _hard_name, FIG[1], FIG[2], not _assumed
