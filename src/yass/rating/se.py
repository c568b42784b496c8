"""Sudoku Explainer 1.2.1's rating path, reproduced on a lean 9x9 grid.

The spec is ``docs/se-rating.md``. In short: at every step the producers are asked in SE's
fixed order, and the first hint the first productive producer finds is applied (SE's
``SingleHintAccumulator``); ER is the highest difficulty on that path, ED the first step's,
EP the running maximum at the first step that places a digit. Each producer below scans
houses, digits and combinations in exactly SE's order, because the first hint found is
the one applied, and a different hint can lead to a different path.

Implemented: every rule below the chaining family (hidden single 1.0 ... aligned pair
exclusion 6.2) and all of SE's chaining producers: forcing X/Y chains and bidirectional
cycles (6.5 and up), aligned triplet exclusion (7.5), Nishio (7.5 and up), multiple (cell
and region, 8.0 and up), dynamic forcing chains (contradiction, double, cell and region,
8.5 and up), dynamic forcing chains (+) (9.0 and up) and the nested levels 2-5 (9.5, 10.0,
10.5, 11.0 and up), whose propagations apply simpler rules, chaining rules included, to the
hypothetical grid. So every valid puzzle gets SE's numbers; the costly producers from 9.0 on
run under a time budget (``CHAIN_BUDGET``), past which the path stops unfinished.

Internals: cells are 0..80 (row-major); a cell's candidates are a 9-bit mask (bit d-1 for
digit d); houses are numbered 0-8 blocks, 9-17 rows, 18-26 columns (SE's region order
within each type, cells in SE's index order within a house).
"""

from __future__ import annotations

import _thread
import os
import sys
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from types import ModuleType
from typing import Any

__all__ = [
    "CHAIN_BUDGET", "CHAIN_FLOOR", "ForcingHint", "SEPath", "SEStep", "forcing_hint", "se_path",
    "se_quick",
]

#: The lowest difficulty of any hint from the producers that run under the time budget
#: (dynamic forcing chains (+) 9.0 + length, then the nested levels 9.5 ... 11.0 + length),
#: so a path stopped by the budget has an ER of at least this (``SEPath.floor`` is sharper).
CHAIN_FLOOR = 9.0

# ---------------------------------------------------------------------------------------
# Geometry, computed once.

ROW_OF = tuple(c // 9 for c in range(81))
COL_OF = tuple(c % 9 for c in range(81))
BLK_OF = tuple((c // 27) * 3 + (c % 9) // 3 for c in range(81))

BLOCKS = tuple(
    tuple((b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)) for b in range(9)
)
ROWS = tuple(tuple(r * 9 + i for i in range(9)) for r in range(9))
COLS = tuple(tuple(i * 9 + c for i in range(9)) for c in range(9))
HOUSES = BLOCKS + ROWS + COLS  # house h: 0-8 blocks, 9-17 rows, 18-26 columns
HOUSE_MASK = tuple(sum(1 << c for c in cells) for cells in HOUSES)
# The houses of a cell in SE's region-type order (block, row, column).
CELL_HOUSES = tuple((BLK_OF[c], 9 + ROW_OF[c], 18 + COL_OF[c]) for c in range(81))
# For each cell, per house: (9 * house, mask clearing the cell's index bit).
CELL_SLOTS = tuple(
    tuple(
        (h * 9, ~(1 << HOUSES[h].index(c)))
        for h in ((c // 27) * 3 + (c % 9) // 3, 9 + c // 9, 18 + c % 9)
    )
    for c in range(81)
)
HOUSE_BITS = tuple(sum(1 << h for h in CELL_HOUSES[c]) for c in range(81))
# Index of a cell inside each of its houses.
INDEX_IN = tuple({h: HOUSES[h].index(c) for h in CELL_HOUSES[c]} for c in range(81))


def _house_cells_ordered(c: int) -> tuple[int, ...]:
    # SE's Cell.getHouseCells(): block cells, then row, then column, without repeats or c.
    seen: list[int] = []
    for h in CELL_HOUSES[c]:
        for o in HOUSES[h]:
            if o != c and o not in seen:
                seen.append(o)
    return tuple(seen)


PEERS_LIST = tuple(_house_cells_ordered(c) for c in range(81))
PEERS = tuple(sum(1 << o for o in PEERS_LIST[c]) for c in range(81))

POP = tuple(bin(m).count("1") for m in range(1 << 9))


def _compiled(name: str) -> ModuleType | None:
    """The module ``yass.rating.<name>`` when it is the built extension, else None: its
    interpreted source is slower than this module's own code, which then runs instead.
    ``YASS_SE_PURE=1`` in the environment keeps to this module's code (for comparisons)."""
    if os.environ.get("YASS_SE_PURE"):
        return None
    try:
        __import__(f"yass.rating.{name}")
        module: ModuleType = sys.modules[f"yass.rating.{name}"]
    except ImportError:  # pragma: no cover - the source is always there
        return None
    return module if module.is_compiled() else None


def _fast_core() -> ModuleType | None:
    """The compiled chains (``yass.rating._se_core``), loaded with this geometry, or None."""
    module = _compiled("_se_core")
    if module is not None:
        module.init(PEERS_LIST, HOUSES, CELL_HOUSES)
        module.init_locks(LOCK_TABLE)
    return module


def _basic_rules() -> ModuleType | None:
    """The compiled loop over SE's rules up to BUG (``yass.rating._se_basic``), loaded with
    this geometry, or None."""
    module = _compiled("_se_basic")
    if module is not None:
        module.init(PEERS_LIST, HOUSES, CELL_HOUSES, LOCK_TABLE)
    return module


BITS = tuple(tuple(i for i in range(9) if m >> i & 1) for m in range(1 << 9))


def _conclusion(
    cand: list[int], key: int
) -> tuple[list[tuple[int, int]], tuple[int, int] | None]:
    """What a chain proving the potential ``key`` ((cell * 9 + digit) * 2 + on) does: the
    eliminations (cell, digit 1-9) and the placement, None for an "off" target."""
    tcell, td = divmod(key >> 1, 9)
    if key & 1:
        return [(tcell, e + 1) for e in BITS[cand[tcell] & ~(1 << td)]], (tcell, td + 1)
    return [(tcell, td + 1)], None


def _combinations(k: int, n: int) -> tuple[tuple[int, ...], ...]:
    """All k-subsets of range(n) in SE's Permutations order (increasing bit masks)."""
    if k == 0:
        return ((),)
    out: list[tuple[int, ...]] = []
    value = (1 << k) - 1
    limit = 1 << n
    while value < limit:
        out.append(tuple(i for i in range(n) if value >> i & 1))
        smallest = value & -value
        ripple = value + smallest
        value = ripple | (((value ^ ripple) >> 2) // smallest)
    return tuple(out)


_COMBOS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}


def combos(k: int, n: int) -> tuple[tuple[int, ...], ...]:
    key = (k, n)
    found = _COMBOS.get(key)
    if found is None:
        found = _COMBOS[key] = _combinations(k, n)
    return found


COMBO_RANK = {
    m: i
    for k in (2, 3, 4)
    for i, m in enumerate(sorted(sum(1 << j for j in t) for t in _combinations(k, 9)))
}
COMBO_MASKS = {k: tuple(sum(1 << i for i in t) for t in combos(k, 9)) for k in (2, 3, 4)}

# Pairs of (house type 1, house type 2) for intersections, in SE's order.
_BLOCK, _ROW, _COL = 0, 9, 18
_LOCK_ORDER = ((_BLOCK, _COL), (_BLOCK, _ROW), (_COL, _BLOCK), (_ROW, _BLOCK))


def _crosses(h1: int, h2: int) -> bool:
    return bool(HOUSE_MASK[h1] & HOUSE_MASK[h2])


# ---------------------------------------------------------------------------------------
# Steps and paths.


class SEStep:
    """One hint on SE's path: its SE name, raw difficulty, placement and eliminations."""

    __slots__ = ("difficulty", "eliminations", "name", "placement")

    def __init__(
        self,
        name: str,
        difficulty: float,
        placement: tuple[int, int] | None,
        eliminations: tuple[tuple[int, int], ...],
    ) -> None:
        self.name = name
        self.difficulty = difficulty
        self.placement = placement  # (cell, digit 1-9) or None
        self.eliminations = eliminations  # ((cell, digit 1-9), ...)

    def __repr__(self) -> str:
        return (
            f"SEStep({self.name!r}, {self.difficulty!r}, {self.placement!r}, {self.eliminations!r})"
        )


class SEPath:
    """The outcome of SE's loop: raw maxima (None where not reached) and the steps taken."""

    __slots__ = ("diamond", "difficulty", "floor", "hardest", "pearl", "solved", "steps")

    def __init__(self) -> None:
        self.difficulty: float | None = None
        # When unsolved: the lowest difficulty the next step could have.
        self.floor = CHAIN_FLOOR
        self.pearl: float | None = None
        self.diamond: float | None = None
        self.hardest: str | None = None
        self.solved = False
        self.steps: list[SEStep] = []


# ---------------------------------------------------------------------------------------
# The grid.


class _Grid:
    __slots__ = ("cand", "empty", "pos", "value")

    def __init__(
        self, values: list[int], made: tuple[list[int], list[int], list[int]] | None = None
    ) -> None:
        self.pos: list[int]
        self.empty: list[int]
        if made is not None:  # ``values`` and its grid, as _se_basic.run made them
            self.value = values
            self.cand, self.pos, self.empty = made
            return
        self.value = values[:]
        cand = [0] * 81
        for c in range(81):
            if values[c] == 0:
                m = 0x1FF
                for o in PEERS_LIST[c]:
                    v = values[o]
                    if v:
                        m &= ~(1 << (v - 1))
                cand[c] = m
        self.cand = cand
        self.refresh()

    def refresh(self) -> None:
        """Rebuild pos[h*9+d] (positions of digit d+1 in house h) and empty counts."""
        pos = [0] * 243
        empty = [0] * 27
        cand = self.cand
        value = self.value
        for h in range(27):
            base = h * 9
            n = 0
            for i, c in enumerate(HOUSES[h]):
                if value[c] == 0:
                    n += 1
                bit = 1 << i
                for d in BITS[cand[c]]:
                    pos[base + d] |= bit
            empty[h] = n
        self.pos = pos
        self.empty = empty

    def _drop(self, cell: int, d: int) -> None:
        # Remove candidate d (0-8) of cell from the candidates and the position table.
        self.cand[cell] &= ~(1 << d)
        pos = self.pos
        for base, keep in CELL_SLOTS[cell]:
            pos[base + d] &= keep

    def place(self, cell: int, digit: int) -> None:
        # SE's Cell.setValueAndCancel: set, clear own candidates, cancel in the houses.
        d = digit - 1
        self.value[cell] = digit
        for e in BITS[self.cand[cell]]:
            self._drop(cell, e)
        for h in CELL_HOUSES[cell]:
            self.empty[h] -= 1
        bit = 1 << d
        cand = self.cand
        for o in PEERS_LIST[cell]:
            if cand[o] & bit:
                self._drop(o, d)

    def eliminate(self, elims: list[tuple[int, int]]) -> None:
        cand = self.cand
        for c, d in elims:
            if cand[c] >> (d - 1) & 1:
                self._drop(c, d - 1)


# A producer returns (name, difficulty, placement, eliminations) or None.
_Hint = tuple[str, float, "tuple[int, int] | None", "list[tuple[int, int]]"]


# ---- singles and direct techniques -----------------------------------------------------


def _hidden_single(g: _Grid) -> _Hint | None:
    pos, empty = g.pos, g.empty
    for alone in (True, False):
        for start in (_BLOCK, _COL, _ROW):
            for h in range(start, start + 9):
                is_alone = empty[h] == 1
                if is_alone != alone:
                    continue
                base = h * 9
                for d in range(9):
                    p = pos[base + d]
                    if p and not p & (p - 1):
                        cell = HOUSES[h][p.bit_length() - 1]
                        diff = 1.0 if alone else (1.2 if start == _BLOCK else 1.5)
                        return ("Hidden Single", diff, (cell, d + 1), [])
    return None


def _locking_pairs() -> Iterator[tuple[int, int, int]]:
    for t1, t2 in _LOCK_ORDER:
        for i1 in range(9):
            for i2 in range(9):
                h1, h2 = t1 + i1, t2 + i2
                if _crosses(h1, h2):
                    yield t1, h1, h2


LOCK_PAIRS = tuple(_locking_pairs())
# For each (h1, h2) pair: mask of h1's indexes lying in h2.
LOCK_INNER = tuple(
    sum(1 << i for i, c in enumerate(HOUSES[h1]) if HOUSE_MASK[h2] >> c & 1)
    for _, h1, h2 in LOCK_PAIRS
)


def _index_mask(h: int, cells_mask: int) -> int:
    return sum(1 << i for i, c in enumerate(HOUSES[h]) if cells_mask >> c & 1)


# Per (h1, h2) pair in SE's order: (is pointing, 9*h1, h1's indexes inside h2,
# 9*h2, h2's indexes outside h1, the third houses: (9*h3, h3's indexes outside h2, h3)).
LOCK_TABLE = tuple(
    (
        t1 == _BLOCK,
        h1 * 9,
        _index_mask(h1, HOUSE_MASK[h2]),
        h2 * 9,
        _index_mask(h2, ~HOUSE_MASK[h1]),
        tuple(
            (h3 * 9, _index_mask(h3, ~HOUSE_MASK[h2]), h3)
            for h3 in range(t1, t1 + 9)
            if h3 != h1 and _crosses(h3, h2)
        ),
    )
    for t1, h1, h2 in LOCK_PAIRS
)


#: The compiled module the producers call, or None (this module's Python code runs).
_FAST = _fast_core()
#: The compiled loop over the first producers (``_se_basic.RULES`` of them), or None.
_BASIC = _basic_rules()
# Its state is module-wide (C arrays): one call at a time, whatever the thread.
_LOCK = _thread.allocate_lock()


def _direct_locking(g: _Grid) -> _Hint | None:
    if _FAST is not None:
        with _LOCK:
            got = _FAST.locking(g.pos, 1)
        if got is None:
            return None
        return (
            ("Direct Pointing", 1.7, got[1], []) if got[0] else ("Direct Claiming", 1.9, got[1], [])
        )
    pos = g.pos
    for pointing, base1, inner, _base2, _outer2, thirds in LOCK_TABLE:
        for d in range(9):
            p = pos[base1 + d]
            if p & (p - 1) and not p & ~inner:
                for base3, outer3, h3 in thirds:
                    p3 = pos[base3 + d]
                    if p3 & (p3 - 1):
                        rest = p3 & outer3
                        if rest and not rest & (rest - 1):
                            cell = HOUSES[h3][rest.bit_length() - 1]
                            if pointing:
                                return ("Direct Pointing", 1.7, (cell, d + 1), [])
                            return ("Direct Claiming", 1.9, (cell, d + 1), [])
    return None


def _locking(g: _Grid) -> _Hint | None:
    if _FAST is not None:
        with _LOCK:
            got = _FAST.locking(g.pos, 0)
        if got is None:
            return None
        return ("Pointing", 2.6, None, got[2]) if got[0] else ("Claiming", 2.8, None, got[2])
    pos = g.pos
    for pointing, base1, inner, base2, outer2, _thirds in LOCK_TABLE:
        for d in range(9):
            p = pos[base1 + d]
            if p & (p - 1) and not p & ~inner:
                rest = pos[base2 + d] & outer2
                if rest:
                    cells = HOUSES[base2 // 9]
                    elims = [(cells[i], d + 1) for i in BITS[rest]]
                    if pointing:
                        return ("Pointing", 2.6, None, elims)
                    return ("Claiming", 2.8, None, elims)
    return None


def _naked_single(g: _Grid) -> _Hint | None:
    cand = g.cand
    for c in range(81):
        m = cand[c]
        if m and not m & (m - 1):
            return ("Naked Single", 2.3, (c, m.bit_length()), [])
    return None


_SET_NAMES = {2: "Pair", 3: "Triplet", 4: "Quad"}
_HIDDEN_DIFF = {2: 3.4, 3: 4.0, 4: 5.4}
_NAKED_DIFF = {2: 3.0, 3: 3.6, 4: 5.0}
_FISH = {2: ("X-Wing", 3.2), 3: ("Swordfish", 3.8), 4: ("Jellyfish", 5.2)}


def _subsets(masks: list[int], degree: int) -> Iterator[tuple[int, int]]:
    """(members, union) of every ``degree``-subset of ``masks`` whose union has exactly
    ``degree`` bits, in SE's order (increasing member masks), where each member has 2 to
    ``degree`` bits (SE's common-tuple test rejects 0 or 1 bits; more than ``degree``
    cannot fit). Members are indexes into ``masks``."""
    if _FAST is not None and len(masks) <= 9 and 2 <= degree <= 4:
        with _LOCK:
            found = _FAST.subsets(masks, degree)
        yield from found
        return
    ok = [i for i, m in enumerate(masks) if 1 < POP[m] <= degree]
    n = len(ok)
    if n < degree:
        return
    for pick in combos(degree, n):
        union = 0
        for j in pick:
            union |= masks[ok[j]]
        if POP[union] == degree:
            members = 0
            for j in pick:
                members |= 1 << ok[j]
            yield members, union


def _hidden_set(g: _Grid, degree: int, direct: bool) -> _Hint | None:
    pos, empty, cand = g.pos, g.empty, g.cand
    for start in (_BLOCK, _COL, _ROW):
        for h in range(start, start + 9):
            n = empty[h]
            if not (n > degree * 2 or (direct and n > degree)):
                continue
            base = h * 9
            hp = pos[base : base + 9]
            cells = HOUSES[h]
            for vmask, union in _subsets(hp, degree):
                if direct:
                    for d in range(9):
                        if vmask >> d & 1:
                            continue
                        p = hp[d]
                        if p & (p - 1):
                            rest = p & ~union
                            if rest and not rest & (rest - 1):
                                name = "Direct Hidden " + _SET_NAMES[degree]
                                diff = 2.0 if degree == 2 else 2.5
                                return (name, diff, (cells[rest.bit_length() - 1], d + 1), [])
                    continue
                elims = [
                    (cells[i], e + 1) for i in BITS[union] for e in BITS[cand[cells[i]] & ~vmask]
                ]
                if elims:
                    return ("Hidden " + _SET_NAMES[degree], _HIDDEN_DIFF[degree], None, elims)
    return None


def _naked_set(g: _Grid, degree: int) -> _Hint | None:
    empty, cand = g.empty, g.cand
    for start in (_BLOCK, _COL, _ROW):
        for h in range(start, start + 9):
            if empty[h] < degree * 2:
                continue
            cells = HOUSES[h]
            cm = [cand[c] for c in cells]
            for imask, union in _subsets(cm, degree):
                elims = [
                    (cells[i], e + 1)
                    for i in range(9)
                    if not imask >> i & 1
                    for e in BITS[cm[i] & union]
                ]
                if elims:
                    return ("Naked " + _SET_NAMES[degree], _NAKED_DIFF[degree], None, elims)
    return None


def _fish(g: _Grid, degree: int) -> _Hint | None:
    pos, value = g.pos, g.value
    occurrences = [0] * 10
    for v in value:
        occurrences[v] += 1
    name, diff = _FISH[degree]
    for base_start, cover_start in ((_COL, _ROW), (_ROW, _COL)):
        # SE loops over base-house combinations outside, digits inside; the subsets of one
        # digit come in combination order, so merge the digits' subsets by that order.
        best: tuple[int, int, list[tuple[int, int]]] | None = None
        for d in range(9):
            if occurrences[d + 1] + degree * 2 > 9:
                continue
            masks = [pos[(base_start + i) * 9 + d] for i in range(9)]
            for bmask, union in _subsets(masks, degree):
                rank = COMBO_RANK[bmask]
                if best is not None and rank > best[0]:
                    break
                elims = [
                    (HOUSES[cover_start + j][i], d + 1)
                    for j in BITS[union]
                    for i in BITS[pos[(cover_start + j) * 9 + d] & ~bmask]
                ]
                if elims:
                    if best is None or rank < best[0]:
                        best = (rank, d, elims)
                    break
        if best is not None:
            return (name, diff, None, best[2])
    return None


def _xy_wing(g: _Grid, xyz: bool) -> _Hint | None:
    cand = g.cand
    target = 3 if xyz else 2
    for xy in range(81):
        xyv = cand[xy]
        if POP[xyv] != target:
            continue
        peers = PEERS_LIST[xy]
        for xz in peers:
            xzv = cand[xz]
            if POP[xzv] != 2 or POP[xyv & ~xzv] != 1:
                continue
            for yz in peers:
                yzv = cand[yz]
                if POP[yzv] != 2:
                    continue
                union = xyv | xzv | yzv
                inter = xyv & xzv & yzv
                if POP[union] != 3 or POP[inter] != (1 if xyz else 0):
                    continue
                z = xzv & yzv
                z &= -z
                victims = PEERS[xz] & PEERS[yz]
                if xyz:
                    victims &= PEERS[xy]
                victims &= ~((1 << xy) | (1 << xz) | (1 << yz))
                digit = z.bit_length()
                elims = []
                while victims:
                    low = victims & -victims
                    c = low.bit_length() - 1
                    victims ^= low
                    if cand[c] & z:
                        elims.append((c, digit))
                if elims:
                    return ("XYZ-Wing" if xyz else "XY-Wing", 4.4 if xyz else 4.2, None, elims)
    return None


# ---- unique loops ----------------------------------------------------------------------


def _loop_difficulty(size: int) -> float:
    result = 4.5
    if size >= 10:
        result += 0.3
    if size >= 8:
        result += 0.2
    elif size >= 6:
        result += 0.1
    return result


def _loop_name(size: int, kind: int) -> str:
    shape = "Rectangle" if size == 4 else "Loop"
    if size > 6:
        return f"Unique {shape} {size} type {kind}"
    return f"Unique {shape} type {kind}"


def _loop_cells(g: _Grid, pair: int) -> tuple[int, int]:
    """(cells holding both digits of ``pair``, those of them that may lie on a valid loop).

    On a valid loop every house of a loop cell holds another loop cell (of the other
    parity), so cells failing that, repeatedly, can never be on one.
    """
    cand = g.cand
    holders = 0
    for c in range(81):
        if cand[c] & pair == pair:
            holders |= 1 << c
    viable = holders
    changed = True
    while changed:
        changed = False
        m = viable
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            for h in CELL_HOUSES[c]:
                if not HOUSE_MASK[h] & viable & ~low:
                    viable &= ~low
                    changed = True
                    break
    return holders, viable


def _find_loops(g: _Grid, start: int, pair: int, holders: int, viable: int) -> list[list[int]]:
    if _FAST is not None:
        with _LOCK:
            return _FAST.find_loops(g.cand, start, pair, holders, viable)  # type: ignore[no-any-return]
    cand = g.cand
    results: list[list[int]] = []
    loop: list[int] = []
    house_cells = [tuple(c for c in HOUSES[h] if holders >> c & 1) for h in range(27)]
    # SE walks every path and validates whole loops afterwards (_valid_loop). Paths that
    # cannot end in a valid loop are cut here: through a cell that is not viable (see
    # _loop_cells), or with two cells of the same parity in one house. The order of the
    # valid loops found, and SE's running extra-candidate mask (updated before the cut,
    # for every cell holding the pair), are unchanged.
    occupied = [0, 0]
    in_loop = 0

    def walk(cell: int, allowed: int, ex: int, last: int) -> None:
        nonlocal in_loop
        parity = len(loop) & 1
        loop.append(cell)
        in_loop |= 1 << cell
        occupied[parity] |= HOUSE_BITS[cell]
        first = loop[0]
        for h in CELL_HOUSES[cell]:
            htype = h // 9
            if htype == last:
                continue
            for nxt in house_cells[h]:
                if nxt == first and len(loop) >= 4:
                    results.append(loop[:])
                elif not in_loop >> nxt & 1:
                    m = cand[nxt]
                    ex |= m & ~pair
                    card = POP[m]
                    if (
                        (card == 2 or POP[ex] == 1 or allowed > 0)
                        and viable >> nxt & 1
                        and not occupied[len(loop) & 1] & HOUSE_BITS[nxt]
                    ):
                        walk(nxt, allowed - 1 if card > 2 else allowed, ex, htype)
        loop.pop()
        in_loop &= ~(1 << cell)
        occupied[parity] &= ~HOUSE_BITS[cell]

    walk(start, 2, 0, -1)
    return results


def _valid_loop(loop: list[int]) -> bool:
    odd: set[int] = set()
    even: set[int] = set()
    is_odd = False
    for c in loop:
        seen = odd if is_odd else even
        for h in CELL_HOUSES[c]:
            if h in seen:
                return False
            seen.add(h)
        is_odd = not is_odd
    return odd == even


def _common_peers(cells: list[int]) -> int:
    common = -1
    for c in cells:
        common &= PEERS[c]
    for c in cells:
        common &= ~(1 << c)
    return common


def _mask_cells(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _unique_loops(g: _Grid) -> _Hint | None:
    cand = g.cand
    best: tuple[float, int, str, list[tuple[int, int]]] | None = None

    def offer(diff: float, kind: int, size: int, elims: list[tuple[int, int]]) -> None:
        nonlocal best
        if elims and (best is None or (diff, kind) < (best[0], best[1])):
            best = (diff, kind, _loop_name(size, kind), elims)

    viables: dict[int, tuple[int, int]] = {}

    for cell in range(81):
        pair = cand[cell]
        if POP[pair] != 2:
            continue
        v1, v2 = BITS[pair]
        found = viables.get(pair)
        if found is None:
            found = viables[pair] = _loop_cells(g, pair)
        if not found[1] >> cell & 1:
            continue
        for loop in _find_loops(g, cell, pair, *found):
            if not _valid_loop(loop):
                continue
            size = len(loop)
            base = _loop_difficulty(size)
            # Every hint of a loop has a difficulty of at least ``base`` (type 3: more): one
            # that cannot sort before the best so far, by (difficulty, type), is not built.
            if best is not None and (base, 1) >= (best[0], best[1]):
                continue
            extra = [c for c in loop if POP[cand[c]] > 2]
            if len(extra) == 1:
                c = extra[0]
                offer(base, 1, size, [(c, v1 + 1), (c, v2 + 1)])
            elif len(extra) > 2:
                offer(base, 2, size, _type2(g, extra, pair))
            elif len(extra) == 2:
                c1, c2 = extra
                others = (cand[c1] | cand[c2]) & ~pair
                if POP[others] == 1:
                    offer(base, 2, size, _type2(g, extra, pair))
                elif POP[others] >= 2 and (best is None or (base, 3) < (best[0], best[1])):
                    for diff, elims in _type3(g, c1, c2, pair, others, base, lambda: best):
                        offer(diff, 3, size, elims)
                if best is None or (base, 4) < (best[0], best[1]):
                    elims4 = _type4(g, c1, c2, v1, v2)
                    if elims4 is not None:
                        offer(base, 4, size, elims4)
    if best is None:
        return None
    return (best[2], best[0], None, best[3])


def _type2(g: _Grid, extra: list[int], pair: int) -> list[tuple[int, int]]:
    cand = g.cand
    common = cand[extra[0]] & ~pair
    bit = common & -common
    if not bit:
        return []
    return [(c, bit.bit_length()) for c in _mask_cells(_common_peers(extra)) if cand[c] & bit]


def _type3(
    g: _Grid,
    c1: int,
    c2: int,
    pair: int,
    extra: int,
    base: float,
    best: Callable[[], tuple[float, int, str, list[tuple[int, int]]] | None],
) -> Iterator[tuple[float, list[tuple[int, int]]]]:
    """The type 3 hints of a loop whose extra cells are ``c1`` and ``c2``, in SE's order,
    with their difficulties; it stops at the first degree whose hints (all rated at least
    ``base + (degree - 2) * 0.1``) cannot sort before ``best()``, the best hint so far."""
    cand, empty, pos = g.cand, g.empty, g.pos
    n_extra = POP[extra]
    for degree in range(n_extra, 8):
        so_far = best()
        if so_far is not None and not (base + (degree - 2) * 0.1, 3) < (so_far[0], so_far[1]):
            return
        for h in CELL_HOUSES[c1]:
            if h not in CELL_HOUSES[c2]:
                continue
            cells = HOUSES[h]
            n_empty = empty[h]
            i1 = INDEX_IN[c1][h]
            i2 = INDEX_IN[c2][h]
            if degree * 2 <= n_empty:
                # The index sets SE tries hold i1 and not i2, in combination order; those
                # with a member of under 2 or over ``degree`` candidates cannot pass the
                # test below, so only the others are made (in the same order).
                fits = [
                    i
                    for i in range(9)
                    if i == i1 or (i != i2 and 2 <= POP[cand[cells[i]]] <= degree)
                ]
                for pick in combos(degree, len(fits)) if len(fits) >= degree else ():
                    idx = tuple(fits[j] for j in pick)
                    if i1 not in idx:
                        continue
                    naked = extra & cand[c1] & cand[c2]
                    common = 0
                    ok = True
                    others: list[int] = []
                    for i in idx:
                        m = extra if i == i1 else cand[cells[i]]
                        if i != i1:
                            naked |= m
                            others.append(cells[i])
                        if POP[m] <= 1:
                            ok = False
                        common |= m
                    if POP[naked] != degree or not ok or POP[common] != degree:
                        continue
                    elims = [
                        (o, e + 1)
                        for o in cells
                        if o not in others and o != c1 and o != c2
                        for e in BITS[cand[o] & common]
                    ]
                    if elims:
                        yield base + (POP[common] - 1) * 0.1, elims
            if degree * 2 < n_empty:
                rem = [d for d in range(9) if not (pair | extra) >> d & 1]
                if degree - 2 <= len(rem):
                    for pick in combos(degree - 2, len(rem)):
                        digits = [rem[i] for i in pick] + list(BITS[pair])
                        union = 0
                        ok = True
                        for d in digits:
                            p = pos[h * 9 + d] & ~(1 << i2)
                            if not p:
                                ok = False
                            union |= p
                        if not ok or POP[union] != degree:
                            continue
                        hidden = sum(1 << d for d in digits)
                        union &= ~((1 << i1) | (1 << i2))
                        elims = [
                            (cells[i], e + 1)
                            for i in BITS[union]
                            for e in BITS[cand[cells[i]] & ~hidden]
                        ]
                        if elims:
                            yield base + (POP[union] - 1) * 0.1, elims


def _type4(g: _Grid, c1: int, c2: int, v1: int, v2: int) -> list[tuple[int, int]] | None:
    cand = g.cand
    r1 = r2 = -1
    for h in CELL_HOUSES[c1]:
        if h not in CELL_HOUSES[c2]:
            continue
        has1 = has2 = False
        for o in HOUSES[h]:
            if o != c1 and o != c2:
                if cand[o] >> v1 & 1:
                    has1 = True
                if cand[o] >> v2 & 1:
                    has2 = True
        if not has1:
            r1 = h
        if not has2:
            r2 = h
    if r1 >= 0:
        return [(c1, v2 + 1), (c2, v2 + 1)]
    if r2 >= 0:
        return [(c1, v1 + 1), (c2, v1 + 1)]
    return None


# ---- BUG -------------------------------------------------------------------------------


def _bug(g: _Grid) -> _Hint | None:
    cand, pos = g.cand, g.pos
    temp = cand[:]
    bug_cells: list[int] = []
    bug_values: dict[int, int] = {}
    all_values = 0
    common: int | None = None
    for h in range(27):
        cells = HOUSES[h]
        for d in range(9):
            p = pos[h * 9 + d]
            card = POP[p]
            if card == 0 or card == 2:
                continue
            new = [cells[i] for i in BITS[p] if POP[cand[cells[i]]] >= 3]
            if len(new) == 1:
                c = new[0]
                if c not in bug_cells:
                    bug_cells.append(c)
                bug_values[c] = bug_values.get(c, 0) | (1 << d)
                all_values |= 1 << d
                temp[c] &= ~(1 << d)
                common = PEERS[c] if common is None else common & PEERS[c]
                for b in bug_cells:
                    common &= ~(1 << b)
                if len(bug_cells) > 1 and POP[all_values] > 1 and not common:
                    return None
            if not new:
                return None
    for c in range(81):
        if g.value[c] == 0 and POP[temp[c]] != 2:
            return None
    for h in range(27):
        for d in range(9):
            n = sum(1 for c in HOUSES[h] if temp[c] >> d & 1)
            if n != 0 and n != 2:
                return None
    if len(bug_cells) == 1:
        c = bug_cells[0]
        elims = [(c, e + 1) for e in BITS[cand[c] & ~all_values]]
        return ("BUG type 1", 5.6, None, elims)
    if POP[all_values] == 1:
        if common:
            bit = all_values
            elims = [(c, bit.bit_length()) for c in _mask_cells(common) if cand[c] & bit]
            if elims:
                return ("BUG type 2", 5.7, None, elims)
        if len(bug_cells) == 2:
            return _bug4(g, bug_cells, bug_values, all_values)
        return None
    if common:
        if len(bug_cells) == 2:
            found = _bug4(g, bug_cells, bug_values, all_values)
            if found is not None:
                return found
        return _bug3(g, bug_cells, all_values, common)
    return None


def _bug4(
    g: _Grid, bug_cells: list[int], bug_values: dict[int, int], all_values: int
) -> _Hint | None:
    cand = g.cand
    c1, c2 = bug_cells
    shared = cand[c1] & cand[c2] & ~all_values
    if POP[shared] != 1:
        return None
    for h in CELL_HOUSES[c1]:
        if h in CELL_HOUSES[c2]:
            b1 = cand[c1] & ~bug_values[c1] & ~shared
            b2 = cand[c2] & ~bug_values[c2] & ~shared
            elims = [(c1, e + 1) for e in BITS[b1]] + [(c2, e + 1) for e in BITS[b2]]
            # SE adds the hint even when it removes nothing (its map holds both cells).
            return ("BUG type 4", 5.7, None, elims)
    return None


def _bug3(g: _Grid, bug_cells: list[int], all_values: int, common: int) -> _Hint | None:
    cand = g.cand
    for t in (_BLOCK, _ROW, _COL):
        hs = {
            t + (BLK_OF[c] if t == _BLOCK else ROW_OF[c] if t == _ROW else COL_OF[c])
            for c in bug_cells
        }
        if len(hs) != 1:
            continue
        h = hs.pop()
        # SE keeps commonCells in getHouseCells() order of the first bug cell.
        region_cells = [
            c for c in PEERS_LIST[bug_cells[0]] if common >> c & 1 and HOUSE_MASK[h] >> c & 1
        ]
        for degree in range(2, 7):
            if len(region_cells) < degree:
                continue
            for idx in combos(degree - 1, len(region_cells)):
                naked_cells = [region_cells[i] for i in idx]
                other = 0
                ok = True
                for c in naked_cells:
                    m = cand[c]
                    if POP[m] <= 1:
                        ok = False
                    other |= m
                if POP[other] != degree:
                    continue
                if POP[all_values] <= 1:
                    ok = False
                naked = other | all_values
                if not ok or POP[naked] != degree:
                    continue
                erasable = [c for c in region_cells if c not in naked_cells and c not in bug_cells]
                elims = [(c, e + 1) for c in erasable for e in BITS[cand[c] & naked]]
                if elims:
                    return ("BUG type 3", 5.7 + (POP[naked] - 1) * 0.1, None, elims)
    return None


# ---- aligned pair exclusion ------------------------------------------------------------


def _aligned_pair(g: _Grid) -> _Hint | None:
    if _FAST is not None:
        with _LOCK:
            elims = _FAST.aligned_pair(g.cand)
        if elims is False:
            raise _Unsupported("aligned pair exclusion over more than 64 cells")
        return None if elims is None else ("Aligned Pair Exclusion", 6.2, None, elims)
    cand = g.cand
    cells: list[int] = []
    excluders: list[int] = []  # bitset of bivalue house cells
    ex_lists: list[list[int]] = []
    for c in range(81):
        if POP[cand[c]] < 2:
            continue
        single = False
        ex: list[int] = []
        for o in PEERS_LIST[c]:
            n = POP[cand[o]]
            if n == 1:
                single = True
            elif n == 2:
                ex.append(o)
        if not single and ex:
            cells.append(c)
            ex_lists.append(ex)
            excluders.append(sum(1 << o for o in ex))
    n = len(cells)
    if n < 2:
        return None
    if n > 64:  # SE's Permutations refuses more than 64 bits; unreachable in practice
        raise _Unsupported("aligned pair exclusion over more than 64 cells")
    for i0, i1 in combos(2, n):
        shared = excluders[i0] & excluders[i1]
        if shared & (shared - 1) == 0:
            continue
        a, b = cells[i0], cells[i1]
        ex_masks = [cand[o] for o in ex_lists[i0] if shared >> o & 1]
        see = bool(PEERS[a] >> b & 1)
        ma, mb = cand[a], cand[b]
        ok_a = ok_b = 0
        for pa in BITS[ma]:
            for pb in BITS[mb]:
                if pa == pb and see:
                    continue
                both = (1 << pa) | (1 << pb)
                for m in ex_masks:
                    if not m & ~both:
                        break
                else:
                    ok_a |= 1 << pa
                    ok_b |= 1 << pb
        elims = [(a, e + 1) for e in BITS[ma & ~ok_a]] + [(b, e + 1) for e in BITS[mb & ~ok_b]]
        if elims:
            return ("Aligned Pair Exclusion", 6.2, None, elims)
    return None


# ---- forcing chains and cycles (SE's Chaining(false, false, false, 0)) --------------------
#
# A potential is (cell, digit 0-8, on) packed as key = (cell * 9 + digit) * 2 + on; a chain
# node is (key, parent node or None), so each node carries its own derivation (SE keeps one
# parent per potential here: this producer never adds "hidden" parents, because its saved
# grid is never filled). Sets keyed by ``key`` keep SE's insertion order.

_Node = tuple[int, "_Node | None"]


# The grid does not change while the producer runs, so each potential's links are found
# once (per link kind) and kept here; _chains_and_cycles empties these at its start.
_ON_LINKS: dict[int, tuple[int, ...]] = {}
_OFF_LINKS: dict[int, tuple[int, ...]] = {}


def _on_keys(g: _Grid, key: int, y_links: bool) -> tuple[int, ...]:
    # "On" implies "off": the cell's other digits (Y), then the digit in the cell's block,
    # row and column (index order), each potential once.
    cell, d = divmod(key >> 1, 9)
    cand = g.cand
    seen: dict[int, None] = {}
    if y_links:
        for e in BITS[cand[cell] & ~(1 << d)]:
            seen[(cell * 9 + e) << 1] = None
    bit = 1 << d
    for h in CELL_HOUSES[cell]:
        for o in HOUSES[h]:
            if o != cell and cand[o] & bit:
                seen[(o * 9 + d) << 1] = None
    return tuple(seen)


def _off_keys(g: _Grid, key: int, y_links: bool) -> tuple[int, ...]:
    # "Off" implies "on": a bivalue cell's other digit (Y), then the digit's other place in
    # a block, row or column where it has two (X), each potential once.
    cell, d = divmod(key >> 1, 9)
    cand = g.cand
    out: dict[int, None] = {}
    if y_links:
        m = cand[cell]
        if POP[m] == 2 and m & ~(1 << d):
            out[((cell * 9 + BITS[m & ~(1 << d)][0]) << 1) | 1] = None
    pos = g.pos
    for h in CELL_HOUSES[cell]:
        p = pos[h * 9 + d]
        if POP[p] == 2:
            rest = p & ~(1 << INDEX_IN[cell][h])
            other = HOUSES[h][(rest & -rest).bit_length() - 1]
            out[((other * 9 + d) << 1) | 1] = None
    return tuple(out)


def _on_to_off(g: _Grid, node: _Node, y_links: bool) -> list[_Node]:
    slot = node[0] << 1 | y_links
    keys = _ON_LINKS.get(slot)
    if keys is None:
        keys = _ON_LINKS[slot] = _on_keys(g, node[0], y_links)
    return [(k, node) for k in keys]


def _off_to_on(g: _Grid, node: _Node, y_links: bool) -> list[_Node]:
    slot = node[0] << 1 | y_links
    keys = _OFF_LINKS.get(slot)
    if keys is None:
        keys = _OFF_LINKS[slot] = _off_keys(g, node[0], y_links)
    return [(k, node) for k in keys]


def _is_parent(child: _Node, key: int) -> bool:
    up = child[1]
    while up is not None:
        if up[0] == key:
            return True
        up = up[1]
    return False


def _ancestors(node: _Node) -> int:
    keys = set()
    cur: _Node | None = node
    while cur is not None:
        keys.add(cur[0])
        cur = cur[1]
    return len(keys)


def _complexity_limit(base: float, sort_key: int, best: tuple[float, int, int] | None) -> int:
    """The largest complexity whose hint, of this base and sort key, could still sort
    before ``best`` (difficulty, complexity, sort key): SE's order is by difficulty, then
    complexity, then sort key, then discovery (an equal key never wins)."""
    if best is None:
        return 1 << 30
    c = 0
    while (base + _length_increment(c + 1), c + 1, sort_key) < best:
        c += 1
    return c


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


def _cycles(g: _Grid, source: _Node, y_links: bool, x_links: bool, cmax: int) -> list[_Node]:
    # A cycle closed in the off phase at ``length`` has complexity ``length``: phases past
    # ``cmax`` cannot give a hint that sorts before the best one already found.
    found: list[_Node] = []
    to_on = {source[0]}
    pending_on = [source]
    pending_off: list[_Node] = []
    length = 0
    skey = source[0]
    while pending_on or pending_off:
        if length + 2 > cmax:
            break
        length += 1
        for p in pending_on:
            for q in _on_to_off(g, p, y_links):
                if not _is_parent(p, q[0]):
                    pending_off.append(q)
        pending_on = []
        length += 1
        for p in pending_off:
            for q in _off_to_on(g, p, y_links) if x_links else _off_to_on_y(g, p):
                if length >= 4 and q[0] == skey:
                    found.append(q)
                if q[0] not in to_on:
                    to_on.add(q[0])
                    pending_on.append(q)
        pending_off = []
    return found


def _off_to_on_y(g: _Grid, node: _Node) -> list[_Node]:
    cell, d = divmod(node[0] >> 1, 9)
    m = g.cand[cell]
    if POP[m] == 2 and m & ~(1 << d):
        e = BITS[m & ~(1 << d)][0]
        return [(((cell * 9 + e) << 1) | 1, node)]
    return []


def _forcing(
    g: _Grid, start: _Node, target_key: int, y_links: bool, chains: dict[int, _Node], cmax: int
) -> None:
    # SE's doForcingChains: from ``start``, collect derivations of ``target_key`` (the
    # opposite of the start) into ``chains`` (first one per potential kept).
    to_on: set[int] = set()
    to_off: set[int] = set()
    pending_on: list[_Node] = []
    pending_off: list[_Node] = []
    if start[0] & 1:
        to_on.add(start[0])
        pending_on.append(start)
    else:
        to_off.add(start[0])
        pending_off.append(start)
    # Nodes made in phase k (0-based) are k + 2 potentials long: that is a target's
    # complexity, so phases past ``cmax`` cannot beat the best hint already found.
    phase = 0
    while pending_on or pending_off:
        if phase + 2 > cmax:
            break
        phase += 1
        for p in pending_on:
            for q in _on_to_off(g, p, y_links):
                if q[0] == target_key and q[0] not in chains:
                    chains[q[0]] = q
                    return  # only the target's first derivation is kept: nothing else counts
                # (SE also skips an ancestor of p here; every ancestor is in to_off or
                # to_on already, so testing to_off first gives the same result faster.)
                if q[0] not in to_off and not _is_parent(p, q[0]):
                    to_off.add(q[0])
                    pending_off.append(q)
        pending_on = []
        if pending_off and phase + 2 > cmax:
            break
        phase += 1
        for p in pending_off:
            for q in _off_to_on(g, p, y_links):
                if q[0] == target_key and q[0] not in chains:
                    chains[q[0]] = q
                    return
                if q[0] not in to_on:
                    to_on.add(q[0])
                    pending_on.append(q)
        pending_off = []


def _chain_cells(node: _Node) -> list[int]:
    cells: list[int] = []
    cur: _Node | None = node
    while cur is not None:
        c = cur[0] >> 1
        c //= 9
        if c not in cells:
            cells.append(c)
        cur = cur[1]
    return cells


def _cycle_eliminations(g: _Grid, dst: _Node) -> list[tuple[int, int]]:
    cand = g.cand
    cells = set()
    cur: _Node | None = dst
    while cur is not None and cur[1] is not None:
        cells.add((cur[0] >> 1) // 9)
        cur = cur[1]
    forw: dict[int, None] = {}
    back: set[int] = set()
    cur = dst
    while cur is not None and cur[1] is not None:
        cell, d = divmod(cur[0] >> 1, 9)
        bit = 1 << d
        for o in PEERS_LIST[cell]:
            if o not in cells and cand[o] & bit:
                if cur[0] & 1:
                    forw[o * 9 + d] = None
                else:
                    back.add(o * 9 + d)
        cur = cur[1]
    return [(k // 9, k % 9 + 1) for k in forw if k in back]


# (difficulty, complexity, sort key, discovery number, name, placement, eliminations)
_Ranked = tuple[float, int, int, int, str, "tuple[int, int] | None", "list[tuple[int, int]]"]


def _chains_and_cycles(g: _Grid) -> _Hint | None:
    if _FAST is not None:
        with _LOCK:
            return _FAST.chains_and_cycles(g.cand, g.value, g.pos)  # type: ignore[no-any-return]
    _ON_LINKS.clear()
    _OFF_LINKS.clear()
    cand, value = g.cand, g.value
    best: _Ranked | None = None
    seq = 0
    for y_links, x_links in ((False, True), (True, False), (True, True)):
        sort_key = 4 if (x_links and y_links) else 3 if y_links else 2
        for cell in range(81):
            m = cand[cell]
            if value[cell] or POP[m] <= 1:
                continue
            if POP[m] > 2 and not x_links:
                continue
            for d in BITS[m]:
                on = ((cell * 9 + d) << 1) | 1
                source: _Node = (on, None)
                top = None if best is None else best[:3]
                both = x_links and y_links
                cycles = _cycles(
                    g,
                    source,
                    y_links,
                    x_links,
                    _complexity_limit(7.0 if both else 6.5, sort_key, top),
                )
                chains: dict[int, _Node] = {}
                if x_links:
                    top = None if best is None else best[:3]
                    limit = _complexity_limit(7.0 if both else 6.6, sort_key, top)
                    _forcing(g, source, on ^ 1, y_links, chains, limit)
                    _forcing(g, (on ^ 1, None), on, y_links, chains, limit)
                for dst in cycles:
                    elims = _cycle_eliminations(g, dst)
                    seq += 1
                    if not elims:
                        continue
                    complexity = _ancestors(dst)
                    base = 7.0 if (x_links and y_links) else 6.5
                    diff = base + _length_increment(complexity)
                    if x_links and y_links:
                        name = "Bidirectional Cycle"
                    elif y_links:
                        name = "Bidirectional Y-Cycle"
                    elif len(_chain_cells(dst)) == 4:
                        name = "Generalized X-Wing"
                    else:
                        name = "Bidirectional X-Cycle"
                    cand_best: _Ranked = (diff, complexity, sort_key, seq, name, None, elims)
                    if best is None or cand_best[:4] < best[:4]:
                        best = cand_best
                for target in chains.values():
                    elims, placement = _conclusion(cand, target[0])
                    seq += 1
                    if not elims:
                        continue
                    complexity = _ancestors(target)
                    base = 7.0 if (x_links and y_links) else 6.6
                    diff = base + _length_increment(complexity)
                    if x_links and y_links:
                        name = "Forcing Chain"
                    elif y_links:
                        name = "Forcing Y-Chain"
                    elif complexity == 6:
                        name = "Turbot Fish"
                    else:
                        name = "Forcing X-Chain"
                    cand_best = (diff, complexity, sort_key, seq, name, placement, elims)
                    if best is None or cand_best[:4] < best[:4]:
                        best = cand_best
    if best is None:
        return None
    return (best[4], best[0], best[5], best[6])


# ---- aligned triplet exclusion (SE's AlignedExclusion(3)) ---------------------------------


def _aligned_triplet(g: _Grid) -> _Hint | None:
    if _FAST is not None:
        with _LOCK:
            elims = _FAST.aligned_triplet(g.cand)
        if elims is False:
            raise _Unsupported("aligned triplet exclusion over more than 64 cells")
        return None if elims is None else ("Aligned Triplet Exclusion", 7.5, None, elims)
    cand = g.cand
    cells: list[int] = []
    ex_of: dict[int, int] = {}  # candidate cell -> bitset of its excluders (2-3 candidates)
    ex_order: dict[int, list[int]] = {}
    for c in range(81):
        if POP[cand[c]] < 2:
            continue
        single = False
        ex: list[int] = []
        for o in PEERS_LIST[c]:
            n = POP[cand[o]]
            if n == 1:
                single = True
            elif 2 <= n <= 3:
                ex.append(o)
        if not single and ex:
            cells.append(c)
            ex_order[c] = ex
            ex_of[c] = sum(1 << o for o in ex)
    n = len(cells)
    if n < 3:
        return None
    if n > 64:  # SE's Permutations refuses more than 64 bits
        raise _Unsupported("aligned triplet exclusion over more than 64 cells")
    candidate_bits = sum(1 << c for c in cells)
    for i0, i1 in combos(2, n):
        a, b = cells[i0], cells[i1]
        ea, eb = ex_of[a], ex_of[b]
        shared_ab = ea & eb
        if shared_ab & (shared_ab - 1) == 0:
            continue  # the three cells need two common excluders
        # The third cell: the first two cells' excluders (a's, then b's, each once) that
        # are candidate cells themselves, in that order; only those with two excluders in
        # common with the pair can give a hint.
        twin = (ea | eb) & candidate_bits & ~((1 << a) | (1 << b))
        tails = [o for o in ex_order[a] if twin >> o & 1]
        tails += [o for o in ex_order[b] if twin >> o & 1 and not ea >> o & 1]
        see_ab = bool(PEERS[a] >> b & 1)
        for t in tails:
            common = shared_ab & ex_of[t]
            if common & (common - 1) == 0:
                continue
            # A value combination is excluded when an excluder's candidates are all among
            # its values. For two values fixed (mask ab), the third cell's values that
            # would complete such an excluder are blocked (all of them if one is complete).
            locks = [cand[o] for o in _mask_cells(common)]
            see_at = bool(PEERS[a] >> t & 1)
            see_bt = bool(PEERS[b] >> t & 1)
            ma, mb, mt = cand[a], cand[b], cand[t]
            ok_a = ok_b = ok_t = 0
            for pa in BITS[ma]:
                for pb in BITS[mb]:
                    if pa == pb and see_ab:
                        continue
                    ab = (1 << pa) | (1 << pb)
                    free = mt
                    if see_at:
                        free &= ~(1 << pa)
                    if see_bt:
                        free &= ~(1 << pb)
                    for m in locks:
                        rest = m & ~ab
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
            elims = (
                [(a, e + 1) for e in BITS[ma & ~ok_a]]
                + [(b, e + 1) for e in BITS[mb & ~ok_b]]
                + [(t, e + 1) for e in BITS[mt & ~ok_t]]
            )
            if elims:
                return ("Aligned Triplet Exclusion", 7.5, None, elims)
    return None


# ---- Nishio, multiple and dynamic forcing chains -------------------------------------------
#
# SE's Chaining with isMultiple / isDynamic / isNishio: every assumption is propagated to
# the end (``_propagate``), and hints come from contradictions, from a conclusion common to
# both states of a candidate, to every candidate of a cell, or to every place of a digit in
# a house. Here a potential can have several parents: in the dynamic modes a removal made
# earlier in the same propagation can be what turns a cell or house into a single, and
# those removals become extra parents (they count in the complexity).


class _Pot:
    """A potential reached by a propagation: key = (cell * 9 + digit) * 2 + on.

    ``cause`` is how it was derived (SE's Potential.Cause; only an "on"'s matters): 0 an
    assumption, 1 the cell's only other candidate, 2/3/4 the digit's only other place in
    the cell's block/row/column, 5 a rule applied to the hypothetical grid (levels 1+).
    ``nested`` is the chaining hint behind such a rule potential (levels 2+)."""

    __slots__ = ("cause", "key", "nested", "parents")

    def __init__(
        self, key: int, parents: list[_Pot], cause: int = 0, nested: _CHint | None = None
    ) -> None:
        self.key = key
        self.parents = parents
        self.cause = cause
        self.nested = nested


def _pot_ancestors(p: _Pot) -> int:
    """SE's getAncestorCount: the distinct potentials (by key) p derives from, p included."""
    seen = {p.key}
    todo = [p]
    while todo:
        q = todo.pop()
        for r in q.parents:
            if r.key not in seen:
                seen.add(r.key)
                todo.append(r)
    return len(seen)


def _get_chain(p: _Pot) -> list[_Pot]:
    """SE's getChain: p and its ancestors breadth first, the first potential met per key."""
    out: list[_Pot] = []
    done: set[int] = set()
    todo = [p]
    while todo:
        nxt: list[_Pot] = []
        for q in todo:
            if q.key not in done:
                done.add(q.key)
                out.append(q)
                nxt.extend(q.parents)
        todo = nxt
    return out


class _CHint:
    """A chaining hint kept whole, for the nested levels: what it removes, the chains it
    rests on (``targets``, SE's getChainsTargets order) and its complexity (flat +
    nested). ``init_cause`` is the cause SE gives the assumption of a cell (1) or region
    (2-4) hint when it collects the hint's rule parents."""

    __slots__ = (
        "cx",
        "diff",
        "elims",
        "init_cause",
        "name",
        "placement",
        "seq",
        "sig",
        "sort_key",
        "targets",
    )

    def __init__(
        self,
        diff: float,
        cx: int,
        sort_key: int,
        seq: int,
        name: str,
        placement: tuple[int, int] | None,
        elims: list[tuple[int, int]],
        targets: list[_Pot],
        init_cause: int,
    ) -> None:
        self.diff = diff
        self.cx = cx
        self.sort_key = sort_key
        self.seq = seq
        self.name = name
        self.placement = placement
        self.elims = elims  # (cell, digit 1-9)
        self.targets = targets
        self.init_cause = init_cause
        self.sig: tuple[tuple[int, ...], ...] | None = None

    def order(self) -> tuple[float, int, int, int]:
        return (self.diff, self.cx, self.sort_key, self.seq)

    def signature(self) -> tuple[tuple[int, ...], ...]:
        # SE's FullChain: two nested hints are the same when every target's chain (keys,
        # breadth first) is the same.
        if self.sig is None:
            self.sig = tuple(tuple(q.key for q in _get_chain(t)) for t in self.targets)
        return self.sig

    def rule_parents(self, save: list[int], cand: list[int]) -> list[int]:
        """SE's getRuleParents: the removals since the outer propagation began (``save``
        then, ``cand`` now) that the hint's "on" links relied on, as "off" keys."""
        out: dict[int, None] = {}
        for t in self.targets:
            done: set[int] = set()
            todo = [t]
            while todo:
                nxt: list[_Pot] = []
                for p in todo:
                    key = p.key
                    if key in done:
                        continue
                    done.add(key)
                    cause = p.cause or self.init_cause
                    if key & 1 and cause:
                        cell, d = divmod(key >> 1, 9)
                        if cause == 1:
                            for v in BITS[save[cell] & ~cand[cell]]:
                                out[(cell * 9 + v) << 1] = None
                        elif cause < 5:
                            bit = 1 << d
                            for o in HOUSES[CELL_HOUSES[cell][cause - 2]]:
                                if save[o] & bit and not cand[o] & bit:
                                    out[(o * 9 + d) << 1] = None
                    nxt.extend(p.parents)
                todo = nxt
        return list(out)


def _nested_complexity(targets: list[_Pot]) -> int:
    """SE's getNestedComplexity: the complexity of every distinct nested chain met in the
    chains of ``targets``."""
    total = 0
    seen: set[tuple[tuple[int, ...], ...]] = set()
    for t in targets:
        for p in _get_chain(t):
            n = p.nested
            if n is not None:
                s = n.signature()
                if s not in seen:
                    seen.add(s)
                    total += n.cx
    return total


# Per cell, its block, row and column: (9 * house, mask clearing the cell's index bit, the
# house's cells, the cause code of an "on" found there); and the index of a mask's lowest bit.
_HOUSE_SLOTS = tuple(
    tuple((base, keep, HOUSES[base // 9], 2 + i) for i, (base, keep) in enumerate(CELL_SLOTS[c]))
    for c in range(81)
)
_LOW_INDEX = tuple((m & -m).bit_length() - 1 for m in range(1 << 9))


class _OutOfTime(Exception):
    pass


class _Deadline(_thread._local):
    """The time (``time.perf_counter()``) after which the costly levels give up, or None:
    one a thread, so a rating's time limit never reaches another thread's rating."""

    at: float | None = None


_DEADLINE = _Deadline()


def _tick() -> None:
    limit = _DEADLINE.at
    if limit is not None and time.perf_counter() > limit:
        raise _OutOfTime


def _propagate(
    g: _Grid,
    to_on: dict[int, _Pot],
    to_off: dict[int, _Pot],
    dynamic: bool,
    y_links: bool,
    level: int = 0,
    until: int = -1,
) -> tuple[_Pot, _Pot] | None:
    """SE's doChaining: extend ``to_on``/``to_off`` (in place, insertion-ordered) until
    nothing new follows; an "on" waiting is always handled before an "off". Returns the
    first contradiction met (the "on" and the "off" version of one candidate), which stops
    the propagation. In dynamic mode each "off" handled is removed from the grid (restored
    at the end), so later links see the grid as the assumption has changed it. From level
    1, when nothing is waiting, simpler rules applied to that grid add more "off"s
    (``_advanced``) and the propagation goes on. ``until``: stop (returning None) as soon
    as that key is reached; a potential never changes once made, so its chain is the one
    the whole propagation would give."""
    cand = g.cand
    save = cand[:] if dynamic else cand
    save_pos = g.pos
    pos = save_pos[:] if dynamic else save_pos  # positions of digit d in house h at h * 9 + d
    g.pos = pos
    pending_on = deque(to_on.values())
    pending_off = deque(to_off.values())
    try:
        while True:
            while pending_on or pending_off:
                if pending_on:
                    p = pending_on.popleft()
                    cell, d = divmod(p.key >> 1, 9)
                    # The cell's other digits (Y), then the digit in the cell's block, row
                    # and column (PEERS_LIST has SE's order, each cell once).
                    outs = (
                        [(cell * 9 + e) << 1 for e in BITS[cand[cell] & ~(1 << d)]]
                        if y_links
                        else []
                    )
                    bit = 1 << d
                    outs += [(o * 9 + d) << 1 for o in PEERS_LIST[cell] if cand[o] & bit]
                    for k in outs:
                        conj = to_on.get(k | 1)
                        if conj is not None:
                            return (conj, _Pot(k, [p]))
                        if k not in to_off:
                            q = _Pot(k, [p])
                            to_off[k] = q
                            if k == until:
                                return None
                            pending_off.append(q)
                else:
                    p = pending_off.popleft()
                    cell, d = divmod(p.key >> 1, 9)
                    ons: dict[int, _Pot] = {}
                    if y_links:
                        m = cand[cell]
                        if POP[m] == 2:
                            e = BITS[m & ~(1 << d)][0]
                            k = ((cell * 9 + e) << 1) | 1
                            parents = [p]
                            if dynamic:
                                for v in BITS[save[cell] & ~m]:
                                    parents.append(to_off[(cell * 9 + v) << 1])
                            ons[k] = _Pot(k, parents, 1)
                    slots = _HOUSE_SLOTS[cell]
                    for base, keep, members, cause in slots:
                        here = pos[base + d]
                        if POP[here] != 2:
                            continue
                        k = ((members[_LOW_INDEX[here & keep]] * 9 + d) << 1) | 1
                        if k in ons:
                            continue
                        parents = [p]
                        if dynamic:
                            for i in BITS[save_pos[base + d] & ~here]:
                                parents.append(to_off[(members[i] * 9 + d) << 1])
                        ons[k] = _Pot(k, parents, cause)
                    if dynamic:
                        cand[cell] &= ~(1 << d)
                        for base, keep, _members, _cause in slots:
                            pos[base + d] &= keep
                    for k, q in ons.items():
                        conj = to_off.get(k & ~1)
                        if conj is not None:
                            return (q, conj)
                        if k not in to_on:
                            to_on[k] = q
                            if k == until:
                                return None
                            pending_on.append(q)
            if level <= 0:
                return None
            added = False
            for q in _advanced(g, save, save_pos, to_off, level):
                if q.key not in to_off:
                    to_off[q.key] = q
                    if q.key == until:
                        return None
                    pending_off.append(q)
                    added = True
            if not added:
                return None
    finally:
        g.pos = save_pos
        if dynamic:
            cand[:] = save


# ---- the "advanced" rules of levels 1+ (SE's getAdvancedPotentials) -----------------------
#
# Each yields, for every hint in SE's order: the candidates it removes (cell, digit 0-8)
# in the order SE builds them (SE then keeps them in a hash map keyed by cell identity, so
# its own order among several cells of one hint is not fixed from run to run), its rule
# parents (the "off" keys the hint needs that the propagation made), and its chaining hint
# (None for the simple rules).

_RULE_IDS: list[int] = []
_RuleHints = Iterator[tuple[list[tuple[int, int]], list[int], "_CHint | None"]]
# A rule sees the grid, the candidates at the propagation's start, the positions lost since
# (h * 9 + d: positions of digit d + 1 in house h) and, per house, the digits that lost one.
_Rule = Callable[[_Grid, list[int], list[int], list[int]], _RuleHints]

# Hints whose rule parents are empty are skipped, so each simple rule below only looks
# where the propagation removed something its hint would rely on: for locking and X-Wing
# a base house that lost a position of the digit, for hidden pairs a house that lost a
# position of one of the pair's digits, for naked pairs a house with a cell that lost a
# candidate. The order of what is left is SE's.


def _adv_locking(g: _Grid, save: list[int], lost: list[int], touched: list[int]) -> _RuleHints:
    pos = g.pos
    for _pointing, base1, inner, base2, outer2, _thirds in LOCK_TABLE:
        digits = touched[base1 // 9]
        if not digits:
            continue
        for d in BITS[digits]:
            p = pos[base1 + d]
            if p & (p - 1) and not p & ~inner:
                rest = pos[base2 + d] & outer2
                gone = lost[base1 + d] & ~inner
                if rest and gone:
                    cells1, cells2 = HOUSES[base1 // 9], HOUSES[base2 // 9]
                    parents = [(cells1[i] * 9 + d) << 1 for i in BITS[gone]]
                    yield [(cells2[i], d) for i in BITS[rest]], parents, None


def _adv_hidden_pair(g: _Grid, save: list[int], lost: list[int], touched: list[int]) -> _RuleHints:
    pos, empty, cand = g.pos, g.empty, g.cand
    for start in (_BLOCK, _COL, _ROW):
        for h in range(start, start + 9):
            digits = touched[h]
            if not digits or empty[h] <= 4:
                continue
            base = h * 9
            cells = HOUSES[h]
            for vmask, union in _subsets(pos[base : base + 9], 2):
                if not vmask & digits:
                    continue
                elims = [(cells[i], e) for i in BITS[union] for e in BITS[cand[cells[i]] & ~vmask]]
                if elims:
                    parents = [
                        (cells[i] * 9 + v) << 1
                        for i in range(9)
                        if not union >> i & 1
                        for v in BITS[save[cells[i]] & vmask]
                    ]
                    yield elims, parents, None


def _adv_naked_pair(g: _Grid, save: list[int], lost: list[int], touched: list[int]) -> _RuleHints:
    empty, cand = g.empty, g.cand
    for start in (_BLOCK, _COL, _ROW):
        for h in range(start, start + 9):
            if not touched[h] or empty[h] < 4:
                continue
            cells = HOUSES[h]
            cm = [cand[c] for c in cells]
            for imask, union in _subsets(cm, 2):
                parents = [
                    (cells[i] * 9 + v) << 1
                    for i in BITS[imask]
                    for v in BITS[save[cells[i]] & ~union]
                ]
                if not parents:
                    continue
                elims = [
                    (cells[i], e)
                    for i in range(9)
                    if not imask >> i & 1
                    for e in BITS[cm[i] & union]
                ]
                if elims:
                    yield elims, parents, None


def _adv_x_wing(g: _Grid, save: list[int], lost: list[int], touched: list[int]) -> _RuleHints:
    pos = g.pos
    occurrences = [0] * 10
    for v in g.value:
        occurrences[v] += 1
    allowed = sum(1 << d for d in range(9) if occurrences[d + 1] + 4 <= 9)
    for base_start, cover_start in ((_COL, _ROW), (_ROW, _COL)):
        for i0, i1 in combos(2, 9):
            h0, h1 = base_start + i0, base_start + i1
            digits = (touched[h0] | touched[h1]) & allowed
            if not digits:
                continue
            b0, b1 = h0 * 9, h1 * 9
            bmask = (1 << i0) | (1 << i1)
            for d in BITS[digits]:
                m0, m1 = pos[b0 + d], pos[b1 + d]
                if not (m0 & (m0 - 1) and m1 & (m1 - 1)):
                    continue
                union = m0 | m1
                if POP[union] != 2:
                    continue
                g0, g1 = lost[b0 + d] & ~union, lost[b1 + d] & ~union
                if not (g0 or g1):
                    continue
                elims = [
                    (HOUSES[cover_start + j][i], d)
                    for j in BITS[union]
                    for i in BITS[pos[(cover_start + j) * 9 + d] & ~bmask]
                ]
                if elims:
                    parents = [(HOUSES[h0][j] * 9 + d) << 1 for j in BITS[g0]]
                    parents += [(HOUSES[h1][j] * 9 + d) << 1 for j in BITS[g1]]
                    yield elims, parents, None


# The nested levels ask the same chaining rule about the same hypothetical grid again and
# again (an assumption and its complement often lead to the same grid): its hints depend
# on the grid alone, so they are kept per producer call (emptied by _multiple_chains).
# Keys start with the rule's identity; producer 21's compiled rule also keys the grid the
# propagation started from, and keeps each hint with its rule parents.
_NESTED_MEMO: dict[tuple[Any, ...], Any] = {}


def _memo_keep(key: tuple[Any, ...], value: Any) -> Any:
    """Keep ``value`` in ``_NESTED_MEMO`` under ``key`` (bounded: the hits come from recent
    grids); return it."""
    _NESTED_MEMO[key] = value
    if len(_NESTED_MEMO) > 64:
        del _NESTED_MEMO[next(iter(_NESTED_MEMO))]
    return value


def _adv_chain_rule(hints: Callable[[_Grid], list[_CHint]]) -> _Rule:
    ident = len(_RULE_IDS)
    _RULE_IDS.append(ident)

    def rule(g: _Grid, save: list[int], lost: list[int], touched: list[int]) -> _RuleHints:
        key = (ident, tuple(g.cand))
        found = _NESTED_MEMO.get(key)
        if found is None:
            found = _memo_keep(key, hints(g))
        for h in found:
            yield [(c, d - 1) for c, d in h.elims], h.rule_parents(save, g.cand), h

    return rule


def _advanced(
    g: _Grid, save: list[int], save_pos: list[int], to_off: dict[int, _Pot], level: int
) -> list[_Pot]:
    """SE's getAdvancedPotentials: the first rule (in SE's order for the level) with a
    hint that relies on the propagation's removals contributes every removal of every
    such hint, as "off"s whose parents are those removals."""
    _tick()
    pos = g.pos
    lost = [was & ~now for was, now in zip(save_pos, pos, strict=True)]
    touched = [0] * 27
    for i, m in enumerate(lost):
        if m:
            touched[i // 9] |= 1 << i % 9
    for rule in _ADV_RULES[level]:
        out: list[_Pot] = []
        for elims, parent_keys, nested in rule(g, save, lost, touched):
            if not parent_keys:
                continue  # the rule holds without the assumption: nothing to learn
            parents = [to_off[k] for k in parent_keys]
            for c, d in elims:
                out.append(_Pot((c * 9 + d) << 1, parents, 5, nested))
        if out:
            return out
    return []


# ---- Nishio, multiple, dynamic and nested forcing chains ---------------------------------


def _nested_suffix(level: int) -> str:
    if level == 1:
        return " (+)"
    if level == 2:
        return " (+ Forcing Chains)"
    if level == 3:
        return " (+ Multiple Forcing Chains)"
    if level == 4:
        return " (+ Dynamic Forcing Chains)"
    if level >= 5:
        return " (+ Dynamic Forcing Chains" + _nested_suffix(level - 3) + ")"
    return ""


def _chain_base(nishio: bool, dynamic: bool, level: int) -> float:
    if level >= 2:
        return 9.5 + 0.5 * (level - 2)
    if level == 1:
        return 9.0
    return 7.5 if nishio else 8.5 if dynamic else 8.0


def _chain_hints(
    g: _Grid, nishio: bool, multiple: bool, dynamic: bool, level: int, everything: bool
) -> list[_CHint]:
    """SE's getMultipleChainsHintList for Chaining(multiple, dynamic, nishio, level):
    every hint sorted as SE sorts them when ``everything`` (the nested levels use them
    all), else only the first of that order."""
    cand, value = g.cand, g.value
    base = _chain_base(nishio, dynamic, level)
    prefix = "Nishio " if nishio else "Dynamic " if dynamic or level else ""
    suffix = _nested_suffix(level)
    y_links = not nishio
    nests = level >= 2
    found: list[_CHint] = []
    seq = 0
    if _FAST is not None and level == 0 and everything:
        with _core_lock():
            got = _FAST.multiple_chains(
                cand, value, g.pos, nishio, multiple, dynamic, 0, g.empty, None, _Pot
            )
        if got is not False:
            kinds = (
                "Forcing Chains" if nishio else "Contradiction Forcing Chains",
                "Double Forcing Chains",
                "Cell Forcing Chains",
                "Region Forcing Chains",
            )
            for seq, kind, sort_key, cx, target, init, targets in got:
                elims, placement = _conclusion(cand, target)
                diff = base + _length_increment(cx)
                found.append(
                    _CHint(
                        diff,
                        cx,
                        sort_key,
                        seq,
                        prefix + kinds[kind] + suffix,
                        placement,
                        elims,
                        targets,
                        init,
                    )
                )
            found.sort(key=_CHint.order)
            return found
    # Propagations from an "on" assumption are deterministic (the grid is restored after
    # each), so each is run once per call: region chains reuse the cells' own.
    from_on: dict[int, tuple[dict[int, _Pot], dict[int, _Pot]]] = {}
    absurd_on: dict[int, tuple[_Pot, _Pot] | None] = {}

    def on_chain(key: int) -> tuple[dict[int, _Pot], dict[int, _Pot]]:
        got = from_on.get(key)
        if got is None:
            ton: dict[int, _Pot] = {key: _Pot(key, [])}
            toff: dict[int, _Pot] = {}
            absurd = _propagate(g, ton, toff, dynamic, y_links, level)
            got = from_on[key] = (ton, toff)
            absurd_on[key] = absurd
        return got

    def offer(kind: str, sort_key: int, targets: list[_Pot], target: int, init: int = 0) -> None:
        nonlocal seq
        seq += 1
        elims, placement = _conclusion(cand, target)
        if not elims:
            return
        cx = 0
        for t in targets:
            cx += _pot_ancestors(t)
        diff = base + _length_increment(cx)
        if not everything and found and (diff, cx, sort_key, seq) >= found[0].order():
            return  # nested chains only add to the complexity: it cannot come first
        if nests:
            cx += _nested_complexity(targets)
            diff = base + _length_increment(cx)
        hint = _CHint(
            diff, cx, sort_key, seq, prefix + kind + suffix, placement, elims, targets, init
        )
        if everything:
            found.append(hint)
        elif not found or hint.order() < found[0].order():
            found[:] = [hint]

    for cell in range(81):
        m = cand[cell]
        card = POP[m]
        if value[cell] or not (card > 2 or (card > 1 and dynamic)):
            continue
        if level:
            _tick()
        value_to_on: dict[int, dict[int, _Pot]] = {}
        value_to_off: dict[int, dict[int, _Pot]] = {}
        cell_on: dict[int, None] | None = None
        cell_off: dict[int, None] = {}
        do_double = card >= 3 and not nishio and dynamic
        do_contradiction = dynamic or nishio
        for d in BITS[m]:
            on_key = ((cell * 9 + d) << 1) | 1
            on_to_on, on_to_off = on_chain(on_key)
            absurd = absurd_on[on_key]
            kind = "Forcing Chains" if nishio else "Contradiction Forcing Chains"
            if do_contradiction and absurd is not None:
                offer(kind, 7, list(absurd), on_key ^ 1)
            if do_contradiction or do_double:
                off_to_on: dict[int, _Pot] = {}
                off_to_off: dict[int, _Pot] = {on_key ^ 1: _Pot(on_key ^ 1, [])}
                absurd = _propagate(g, off_to_on, off_to_off, dynamic, y_links, level)
                if do_contradiction and absurd is not None:
                    offer(kind, 7, list(absurd), on_key)
                if do_double:
                    for k, p in on_to_on.items():
                        q = off_to_on.get(k)
                        if q is not None:
                            offer("Double Forcing Chains", 1, [p, q], k)
                    for k, p in on_to_off.items():
                        q = off_to_off.get(k)
                        if q is not None:
                            offer("Double Forcing Chains", 1, [p, q], k)
            if not nishio:
                _region_chains(g, cell, d, multiple, on_chain, offer)
            value_to_on[d] = on_to_on
            value_to_off[d] = on_to_off
            if cell_on is None:
                cell_on = dict.fromkeys(on_to_on)
                cell_off = dict.fromkeys(on_to_off)
            else:
                cell_on = {k: None for k in cell_on if k in on_to_on}
                cell_off = {k: None for k in cell_off if k in on_to_off}
        if not nishio and cell_on is not None and (card == 2 or (multiple and card > 2)):
            for outcomes, targets in ((value_to_on, cell_on), (value_to_off, cell_off)):
                for k in targets:
                    offer("Cell Forcing Chains", 5, [outcomes[d][k] for d in BITS[m]], k, 1)
    if everything:
        found.sort(key=_CHint.order)
    return found


def _multiple_chains(
    g: _Grid, nishio: bool, multiple: bool, dynamic: bool, level: int = 0
) -> _Hint | None:
    """SE's Chaining(multiple, dynamic, nishio, level) as a producer: its first hint."""
    if _FAST is not None and level <= 1:
        with _LOCK:
            got = _FAST.multiple_chains(
                g.cand, g.value, g.pos, nishio, multiple, dynamic, level, g.empty, _tick
            )
        if got is not False:
            return got  # type: ignore[no-any-return]
    elif _FAST is not None and _NESTED_FAST[0] and level in _NESTED_KINDS:
        done, hint = _nested_fast(g, nishio, multiple, dynamic, level)
        if done:
            return hint
    _NESTED_MEMO.clear()
    try:
        found = _chain_hints(g, nishio, multiple, dynamic, level, False)
    finally:
        _NESTED_MEMO.clear()
    if not found:
        return None
    top = found[0]
    return (top.name, top.diff, top.placement, top.elims)


# Whether levels 2-5 run their propagation in the compiled module (``_nested_fast``); off,
# this module's propagation runs, asking the compiled module for the inner rules only.
_NESTED_FAST = [True]
# The thread inside a compiled nested call (0: none): the nested levels' rules it calls
# back run the compiled producers again, under the lock it already holds.
_INSIDE = [0]


class _Held:
    """The lock already held by this thread (a context that does nothing)."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


_HELD = _Held()


def _core_lock() -> _Held | _thread.LockType:
    """What guards a call of the compiled module: ``_LOCK``, unless this thread already
    holds it for a compiled nested call that asked its rules."""
    return _HELD if _INSIDE[0] == _thread.get_ident() else _LOCK


# A nested rule's hint as the compiled propagation takes it: removals (cell * 9 + digit),
# rule parents ("off" keys), nested complexity and nested identity.
_RuleAnswer = tuple[list[int], list[int], int, int]


class _Asked:
    """The answers of the nested rules asked by compiled calls on one grid (candidates,
    values): per (rule kind, hypothetical grid), and the nested chains' identities."""

    __slots__ = ("grid", "memo", "sigs")

    def __init__(self) -> None:
        self.grid: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        self.memo: dict[tuple[int, tuple[int, ...]], list[_RuleAnswer]] = {}
        self.sigs: dict[tuple[tuple[int, ...], ...], int] = {}


def _nested_fast(
    g: _Grid,
    nishio: bool,
    multiple: bool,
    dynamic: bool,
    level: int,
    premise: list[tuple[int, int, int, int]] | None = None,
    first: bool = False,
    order: Sequence[int] | None = None,
) -> tuple[bool, _Hint | None]:
    """Levels 2-5 with the compiled propagation (``_FAST.multiple_chains``): it runs the
    simple rules itself and asks this module's chaining rules of the level (SE's order)
    for their hints on each hypothetical grid. (False, None) when its pool is full (then
    this module's propagation answers), else (True, the producer's hint or None).
    ``premise``, if a list, gets the hint's kind and assumption (``_se_core.best_premise``);
    ``first``: the first cell's best hint will do (``_se_core.set_first``), the cells
    tried in ``order`` (``_se_core.set_order``)."""
    fast = _FAST
    assert fast is not None
    rules = _ADV_RULES[level][len(_SIMPLE_RULES) :]
    kinds = _NESTED_KINDS[level]
    value, empty = g.value, g.empty
    sigs: dict[tuple[tuple[int, ...], ...], int] = {}
    memo: dict[tuple[int, tuple[int, ...]], list[_RuleAnswer]] = {}

    def ident(sig: tuple[tuple[int, ...], ...]) -> int:
        got = sigs.get(sig)
        if got is None:
            got = sigs[sig] = len(sigs)
        return got

    def ask(r: int, cand: list[int], pos: list[int], save: list[int]) -> list[_RuleAnswer]:
        # Every propagation of this call starts from g's candidates (``save``), so the
        # answer depends on the hypothetical grid alone.
        _tick()
        kind = kinds[r]
        key = (kind, tuple(cand))
        out = memo.get(key)
        if out is not None:
            return out
        # (producer 21's chains and cycles, multiple or dynamic forcing chains of level 0)
        got = _fast_rule_hints(kind, cand, value, pos, empty, save) if kind < 3 else None
        if got is None:
            return _asked(rules[r], cand, pos, save, value, empty, ident)
        ranked = [(order, elims, ps, cx, ident(sig)) for order, elims, ps, cx, sig, _, _ in got]
        ranked.sort(key=lambda t: t[0])
        out = [([c * 9 + d - 1 for c, d in elims], ps, cx, i) for _o, elims, ps, cx, i in ranked]
        if len(memo) >= 8192:  # bounded
            del memo[next(iter(memo))]
        memo[key] = out
        return out

    _NESTED_MEMO.clear()
    try:
        with _LOCK:
            asked = _ASKED
            start = (tuple(g.cand), tuple(value))
            if asked.grid != start:  # the answers are kept for the next level on this grid
                asked.grid, asked.memo, asked.sigs = start, {}, {}
            memo, sigs = asked.memo, asked.sigs
            _INSIDE[0] = _thread.get_ident()
            was = fast.set_first(first)
            if first:
                fast.set_order(order)
            try:
                got = fast.multiple_chains(
                    g.cand, value, g.pos, nishio, multiple, dynamic, level, empty, _tick, None,
                    ask, len(rules),
                )
                if got and premise is not None:
                    premise.append(fast.best_premise())
                return (False, None) if got is False else (True, got)
            finally:
                fast.set_first(was)
                fast.set_order(None)
                _INSIDE[0] = 0
    finally:
        _NESTED_MEMO.clear()


# The chaining rules of each nested level after the simple ones, as ``_nested_fast`` asks
# them: 0 producer 21, 1 multiple and 2 dynamic forcing chains (level 0, compiled with
# their rule parents), 3 nested level 2 (se.py's own code). Level 5 is not compiled yet:
# its level-2 rule runs this module's propagation, whose simple rules take ``_LOCK``
# (``_subsets``), already held by the compiled call.
_NESTED_KINDS = {2: (0,), 3: (0, 1), 4: (2,)}
# The grid (candidates, values) of the last compiled nested call, and its rules' answers
# per (kind, hypothetical grid) and nested identities: the next level asked about the same
# grid (when this one found nothing) meets many of the same hypothetical grids.
_ASKED = _Asked()


def _asked(
    rule: _Rule,
    cand: list[int],
    pos: list[int],
    save: list[int],
    value: list[int],
    empty: list[int],
    ident: Callable[[tuple[tuple[int, ...], ...]], int],
) -> list[_RuleAnswer]:
    """A nested level's chaining ``rule`` run by this module on the hypothetical grid
    ``cand``/``pos``: its hints with rule parents, as ``_FAST.multiple_chains`` wants them."""
    view = _Grid.__new__(_Grid)
    view.value, view.empty, view.cand, view.pos = value, empty, cand, pos
    out = []
    for elims, parents, hint in rule(view, save, [], []):
        if parents and hint is not None:
            out.append(([c * 9 + d for c, d in elims], parents, hint.cx, ident(hint.signature())))
    return out


def _region_chains(
    g: _Grid,
    cell: int,
    d: int,
    multiple: bool,
    on_chain: Callable[[int], tuple[dict[int, _Pot], dict[int, _Pot]]],
    offer: Callable[[str, int, list[_Pot], int, int], None],
) -> None:
    # SE's doRegionChainings: each house of the cell where the digit has 2 places (or more,
    # with multiple chains), handled from its first place only.
    for h in CELL_HOUSES[cell]:
        here = g.pos[h * 9 + d]
        n = POP[here]
        if not (n == 2 or (multiple and n > 2)):
            continue
        places = [HOUSES[h][i] for i in BITS[here]]
        if places[0] != cell:
            continue
        outcomes = [on_chain(((o * 9 + d) << 1) | 1) for o in places]
        region_on = dict.fromkeys(outcomes[0][0])
        region_off = dict.fromkeys(outcomes[0][1])
        for ton, toff in outcomes[1:]:
            region_on = {k: None for k in region_on if k in ton}
            region_off = {k: None for k in region_off if k in toff}
        init = 2 + h // 9
        for side, targets in ((0, region_on), (1, region_off)):
            for k in targets:
                offer("Region Forcing Chains", 6, [out[side][k] for out in outcomes], k, init)


# ---- producer 21's hints, all of them (the "other rule" of nested level 2) ---------------


def _link_cause(g: _Grid, parent_key: int, key: int) -> int:
    """The cause SE records for a link of producer 21 (the grid does not change there)."""
    pc = (parent_key >> 1) // 9
    c, d = divmod(key >> 1, 9)
    if pc == c:
        return 1
    for i, h in enumerate(CELL_HOUSES[c]):
        if HOUSE_MASK[h] >> pc & 1 and (not key & 1 or POP[g.pos[h * 9 + d]] == 2):
            return 2 + i
    return 0  # pragma: no cover - every link shares a house


def _node_keys(node: _Node) -> list[int]:
    keys: list[int] = []
    cur: _Node | None = node
    while cur is not None:
        keys.append(cur[0])
        cur = cur[1]
    return keys  # the node first, its source last


def _as_pots(g: _Grid, keys: list[int]) -> _Pot:
    # A single-parent chain (node first) as _Pot objects with SE's causes.
    prev: _Pot | None = None
    for key in reversed(keys):
        prev = (
            _Pot(key, [], 0) if prev is None else _Pot(key, [prev], _link_cause(g, prev.key, key))
        )
    assert prev is not None
    return prev


def _reversed_cycle(g: _Grid, keys: list[int]) -> _Pot:
    # SE's getReversedCycle: every potential flipped, links reversed, each keeping the
    # cause of the potential it flips (the source's flip, with no cause, comes first).
    causes = [0] * len(keys)
    for i in range(len(keys) - 1):
        causes[i] = _link_cause(g, keys[i + 1], keys[i])
    prev: _Pot | None = None
    for i, key in enumerate(keys):
        prev = _Pot(key ^ 1, [] if prev is None else [prev], causes[i])
    assert prev is not None
    return prev


_CYCLE_NAMES = (
    "Bidirectional Cycle",
    "Bidirectional Y-Cycle",
    "Generalized X-Wing",
    "Bidirectional X-Cycle",
)
_CHAIN_NAMES = ("Forcing Chain", "Forcing Y-Chain", "Turbot Fish", "Forcing X-Chain")


def _chains_and_cycles_all(g: _Grid) -> list[_CHint]:
    """Every hint of producer 21 (SE's Chaining(false, false, false, 0)), sorted."""
    if _FAST is not None:
        names = _CYCLE_NAMES + _CHAIN_NAMES
        hints = []
        with _core_lock():
            every = _FAST.chains_and_cycles_all(g.cand, g.value, g.pos)
        for seq, code, cx, chain, keys, elims, place in every:
            klist = list(keys)
            both = code in (0, 4)
            if chain:
                diff = (7.0 if both else 6.6) + _length_increment(cx)
                targets = [_as_pots(g, klist)]
            else:
                diff = (7.0 if both else 6.5) + _length_increment(cx)
                targets = [_as_pots(g, klist), _reversed_cycle(g, klist)]
            sort_key = 4 if code in (0, 4) else 3 if code in (1, 5) else 2
            hints.append(_CHint(diff, cx, sort_key, seq, names[code], place, elims, targets, 0))
        hints.sort(key=_CHint.order)
        return hints
    _ON_LINKS.clear()
    _OFF_LINKS.clear()
    cand, value = g.cand, g.value
    found: list[_CHint] = []
    seq = 0
    unbounded = 1 << 30
    for y_links, x_links in ((False, True), (True, False), (True, True)):
        sort_key = 4 if (x_links and y_links) else 3 if y_links else 2
        both = x_links and y_links
        for cell in range(81):
            m = cand[cell]
            if value[cell] or POP[m] <= 1:
                continue
            if POP[m] > 2 and not x_links:
                continue
            for d in BITS[m]:
                on = ((cell * 9 + d) << 1) | 1
                source: _Node = (on, None)
                cycles = _cycles(g, source, y_links, x_links, unbounded)
                chains: dict[int, _Node] = {}
                if x_links:
                    _forcing(g, source, on ^ 1, y_links, chains, unbounded)
                    _forcing(g, (on ^ 1, None), on, y_links, chains, unbounded)
                for dst in cycles:
                    elims = _cycle_eliminations(g, dst)
                    seq += 1
                    if not elims:
                        continue
                    keys = _node_keys(dst)
                    complexity = len(set(keys))
                    if both:
                        name = "Bidirectional Cycle"
                    elif y_links:
                        name = "Bidirectional Y-Cycle"
                    elif len(_chain_cells(dst)) == 4:
                        name = "Generalized X-Wing"
                    else:
                        name = "Bidirectional X-Cycle"
                    diff = (7.0 if both else 6.5) + _length_increment(complexity)
                    targets = [_as_pots(g, keys), _reversed_cycle(g, keys)]
                    found.append(
                        _CHint(diff, complexity, sort_key, seq, name, None, elims, targets, 0)
                    )
                for target in chains.values():
                    elims, placement = _conclusion(cand, target[0])
                    seq += 1
                    if not elims:
                        continue
                    keys = _node_keys(target)
                    complexity = len(set(keys))
                    if both:
                        name = "Forcing Chain"
                    elif y_links:
                        name = "Forcing Y-Chain"
                    elif complexity == 6:
                        name = "Turbot Fish"
                    else:
                        name = "Forcing X-Chain"
                    diff = (7.0 if both else 6.6) + _length_increment(complexity)
                    found.append(
                        _CHint(
                            diff,
                            complexity,
                            sort_key,
                            seq,
                            name,
                            placement,
                            elims,
                            [_as_pots(g, keys)],
                            0,
                        )
                    )
    found.sort(key=_CHint.order)
    return found


#: The names of the compiled rule-parent hints: producer 21's by name code; multiple and
#: dynamic forcing chains' by kind (contradiction, double, cell, region).
_P21_NAMES = _CYCLE_NAMES + _CHAIN_NAMES
_MULTIPLE_NAMES = tuple(
    tuple(prefix + kind + " Forcing Chains" + _nested_suffix(0)
          for kind in ("Contradiction", "Double", "Cell", "Region"))
    for prefix in ("", "Dynamic ")
)


#: A compiled rule-parent hint: (SE's sort key: difficulty, complexity, sort key,
#: discovery number), removals (cell, digit 1-9), rule parents as "off" keys, complexity,
#: nested identity (``_CHint.signature``), name, placement or None.
_FastHint = tuple[
    tuple[float, int, int, int], list[tuple[int, int]], list[int], int,
    tuple[tuple[int, ...], ...], str, "tuple[int, int] | None",
]


def _fast_rule_hints(
    kind: int, cand: list[int], value: list[int], pos: list[int], empty: list[int],
    save: list[int],
) -> list[_FastHint] | None:
    """The hints with rule parents of a nested level's chaining rule (``kind`` 0: producer
    21, 1: multiple, 2: dynamic forcing chains of level 0) on the hypothetical grid
    ``cand``/``pos`` of a propagation that started from ``save``, by the compiled module,
    in the order found (the multiple chains' variant keeps the first of each conclusion;
    a later one removes nothing new). None when the compiled propagation's pool is full."""
    fast = _FAST
    assert fast is not None
    out: list[_FastHint] = []
    with _core_lock():
        if kind == 0:
            got = fast.chains_and_cycles_all(cand, value, pos, save)
        else:
            got = fast.multiple_chains(
                cand, value, pos, False, True, kind == 2, 0, empty, None, None, None, 0, save
            )
    if got is False:
        return None
    if kind == 0:
        for seq, code, cx, chain, elims, place, parents, sig in got:
            both = code in (0, 4)
            diff = (7.0 if both else 6.6 if chain else 6.5) + _length_increment(cx)
            sort_key = 4 if both else 3 if code in (1, 5) else 2
            out.append(((diff, cx, sort_key, seq), elims, parents, cx, sig, _P21_NAMES[code],
                        place))
    else:
        base = _chain_base(False, kind == 2, 0)
        names = _MULTIPLE_NAMES[kind == 2]
        for seq, k, sort_key, cx, target, parents, sig in got:
            elims, placement = _conclusion(cand, target)
            out.append(((base + _length_increment(cx), cx, sort_key, seq), elims, parents, cx,
                        sig, names[k], placement))
    return out


def _adv_fast_rule(kind: int, slow: _Rule) -> _Rule:
    """A nested level's chaining rule (``kind`` as in ``_fast_rule_hints``) answered by the
    compiled module where it is there: the same removals, parents, names, difficulties,
    complexities and identities, in the same order, as ``slow`` (its ``_adv_chain_rule``
    in Python, used without the compiled module or when its pool is full), without
    building every hint's chains in Python."""
    ident = len(_RULE_IDS)
    _RULE_IDS.append(ident)

    def rule(g: _Grid, save: list[int], lost: list[int], touched: list[int]) -> _RuleHints:
        found = None
        if _FAST is not None:
            key = (ident, tuple(g.cand), tuple(save))
            found = _NESTED_MEMO.get(key)
            if found is None:
                got = _fast_rule_hints(kind, g.cand, g.value, g.pos, g.empty, save)
                if got is not None:
                    found = []
                    for (diff, cx, sort_key, seq), elims, parents, _, sig, name, place in sorted(
                        got, key=lambda t: t[0]
                    ):
                        h = _CHint(diff, cx, sort_key, seq, name, place, elims, [], 0)
                        h.sig = sig
                        found.append((h, parents))
                    _memo_keep(key, found)
        if found is None:
            yield from slow(g, save, lost, touched)
            return
        for h, parents in found:
            yield [(c, d - 1) for c, d in h.elims], parents, h

    return rule


# The "other rules" of each level, in SE's order.
_ADV_RULES: dict[int, tuple[_Rule, ...]] = {}
_SIMPLE_RULES = (_adv_locking, _adv_hidden_pair, _adv_naked_pair, _adv_x_wing)
_ADV_RULES[1] = _SIMPLE_RULES
_ADV_RULES[2] = (*_SIMPLE_RULES, _adv_fast_rule(0, _adv_chain_rule(_chains_and_cycles_all)))
_ADV_RULES[3] = (
    *_ADV_RULES[2],
    _adv_fast_rule(1, _adv_chain_rule(lambda g: _chain_hints(g, False, True, False, 0, True))),
)
_ADV_RULES[4] = (
    *_SIMPLE_RULES,
    _adv_fast_rule(2, _adv_chain_rule(lambda g: _chain_hints(g, False, True, True, 0, True))),
)
_ADV_RULES[5] = (
    *_ADV_RULES[4],
    _adv_chain_rule(lambda g: _chain_hints(g, False, True, True, 2, True)),
)


class _Unsupported(Exception):
    pass


# ---------------------------------------------------------------------------------------
# The loop.

_PRODUCERS: tuple[Callable[[_Grid], _Hint | None], ...] = (
    _hidden_single,
    _direct_locking,
    lambda g: _hidden_set(g, 2, True),
    _naked_single,
    lambda g: _hidden_set(g, 3, True),
    _locking,
    lambda g: _naked_set(g, 2),
    lambda g: _fish(g, 2),
    lambda g: _hidden_set(g, 2, False),
    lambda g: _naked_set(g, 3),
    lambda g: _fish(g, 3),
    lambda g: _hidden_set(g, 3, False),
    lambda g: _xy_wing(g, False),
    lambda g: _xy_wing(g, True),
    _unique_loops,
    lambda g: _naked_set(g, 4),
    lambda g: _fish(g, 4),
    lambda g: _hidden_set(g, 4, False),
    _bug,
    _aligned_pair,
    _chains_and_cycles,
    _aligned_triplet,
    lambda g: _multiple_chains(g, nishio=True, multiple=False, dynamic=True),
    lambda g: _multiple_chains(g, nishio=False, multiple=True, dynamic=False),
    lambda g: _multiple_chains(g, nishio=False, multiple=True, dynamic=True),
    lambda g: _multiple_chains(g, nishio=False, multiple=True, dynamic=True, level=1),
    lambda g: _multiple_chains(g, nishio=False, multiple=True, dynamic=True, level=2),
    lambda g: _multiple_chains(g, nishio=False, multiple=True, dynamic=True, level=3),
    lambda g: _multiple_chains(g, nishio=False, multiple=True, dynamic=True, level=4),
    lambda g: _multiple_chains(g, nishio=False, multiple=True, dynamic=True, level=5),
)
# The lowest difficulty each producer can report, from producer 26 (index 25) on.
_FLOORS = {25: 9.0, 26: 9.5, 27: 10.0, 28: 10.5, 29: 11.0}

#: The default bound, in seconds (wall clock), on the time one ``se_path`` call may spend
#: in the producers from dynamic forcing chains (+) on; past it the path stops unfinished.
#: ``math.inf``: no bound.
CHAIN_BUDGET = 600.0


def se_quick(text: str, keep_steps: bool = False) -> SEPath | None:
    """SE's path of a puzzle line (81 characters: digits, "." or "0" blank) with exactly
    one solution, when the rules up to BUG finish it; None when they do not, when the line
    is malformed, its givens clash or it has no solution or several (``se_path`` then,
    after those checks), or when the compiled rules are not built. The same path as
    ``se_path`` on those givens.

    Uniqueness is proven on the way when no step was a unique loop or BUG: the other
    rules only draw consequences of the givens, so every solution agrees with the grid
    they fill, and that grid, filled without clashes from givens without clashes, is a
    solution. Otherwise the solutions are counted."""
    raw: list[tuple[str, float, tuple[int, int] | None, list[tuple[int, int]]]] | None = (
        [] if keep_steps else None
    )
    got = se_figures(text, raw)
    if got is None:
        return None
    path = SEPath()
    path.difficulty, path.hardest, path.pearl, path.diamond = got
    path.solved = True
    if raw:
        path.steps = [SEStep(n, d, p, tuple(e)) for n, d, p, e in raw]
    return path


def se_figures(
    text: str,
    steps: list[tuple[str, float, tuple[int, int] | None, list[tuple[int, int]]]] | None = None,
    stall: list[Any] | None = None,
) -> tuple[float, str, float, float] | None:
    """``se_quick``'s figures alone: (difficulty, hardest name, pearl, diamond), unrounded,
    or None where ``se_quick`` gives None. ``steps``, if a list, gets the raw steps. The
    lean form for rating many easy puzzles: no path object is made. ``stall``, if a list,
    gets where the rules stopped when they cannot finish a well-formed line without
    clashes (for ``se_path``'s ``start``)."""
    if _BASIC is None:
        return None
    with _LOCK:
        got = _BASIC.quick(text, steps, stall)
    if got is None:
        return None
    if not got[4]:
        from yass.engine import fast

        if fast.classic_line(text, 2)[0] != 1:
            return None
    return got[0], got[1], got[2], got[3]


def se_path(
    values: list[int],
    keep_steps: bool = False,
    budget: float | None = None,
    start: Any = None,
    candidates: list[int] | None = None,
) -> SEPath:
    """Run SE's loop from the givens ``values`` (81 ints, 0 empty).

    ``candidates`` (81 digit masks, bit d-1 for digit d): a pencil-mark puzzle, as
    SukakuExplainer rates one: the loop starts from these candidates (each empty cell
    keeps only its own, less what the givens remove) rather than from all digits.

    ``path.solved`` tells whether the grid was finished. It is False only when the
    producers from dynamic forcing chains (+) on spent more than ``budget`` seconds (wall
    clock) in this call; then ``path.floor`` is the lowest difficulty the next step could
    have. ``budget`` None means the module's ``CHAIN_BUDGET`` (read at each call), and
    ``math.inf`` no bound. The puzzle must be valid (one solution): uniqueness rules
    assume it.

    ``start``: where ``se_figures`` left its ``stall`` list's entry for these givens
    (the compiled rules' stop); the loop goes on from there, and ``keep_steps`` must be
    False (the steps so far are not kept there).
    """
    if budget is None:
        budget = CHAIN_BUDGET
    basic = _BASIC
    # With the compiled rules, the grid is made by their first run (and only if they
    # leave it unsolved).
    g = _Grid(values) if basic is None or candidates is not None else None
    if g is not None and candidates is not None:
        g.eliminate([
            (c, d)
            for c in range(81)
            if not g.value[c]
            for d in range(1, 10)
            if not candidates[c] >> (d - 1) & 1
        ])
    value = g.value if g is not None else values[:]
    path = SEPath()
    difficulty = float("-inf")
    pearl = 0.0
    diamond = 0.0
    hardest: str | None = None
    resumed = start is not None and basic is not None and not keep_steps
    if resumed:
        value, made, difficulty, hardest, pearl, diamond = start
        g = _Grid(value, made)
    spent = 0.0
    raw: list[tuple[str, float, tuple[int, int] | None, list[tuple[int, int]]]] | None = (
        [] if keep_steps else None
    )
    try:
        while 0 in value:
            first = 0
            if basic is not None and resumed:  # the compiled rules stopped here already
                resumed = False
                first = basic.RULES
            elif basic is not None:
                # The first producers' steps, taken in C as the loop below would.
                lists = None if g is None else (g.cand, g.pos, g.empty)
                try:
                    with _LOCK:
                        difficulty, name, pearl, diamond, made = basic.run(
                            value, lists, difficulty, pearl, diamond, raw
                        )
                except ValueError as exc:  # a hint that removes nothing, as below
                    raise _Unsupported(str(exc)) from None
                if name is not None:
                    hardest = name
                if raw:
                    path.steps.extend(SEStep(n, d, p, tuple(e)) for n, d, p, e in raw)
                    raw.clear()
                if 0 not in value:
                    break
                if g is None:
                    g = _Grid(value, made)
                first = basic.RULES
            assert g is not None
            hint = None
            for index in range(first, len(_PRODUCERS)):
                producer = _PRODUCERS[index]
                floor = _FLOORS.get(index)
                if floor is not None:
                    path.floor = floor
                    started = time.perf_counter()
                    _DEADLINE.at = started + budget - spent
                    try:
                        hint = producer(g)
                    finally:
                        spent += time.perf_counter() - started
                        _DEADLINE.at = None
                else:
                    hint = producer(g)
                if hint is not None:
                    break
            if hint is None:
                break
            name, diff, placement, elims = hint
            if placement is None and not any(g.cand[c] >> (d - 1) & 1 for c, d in elims):
                # A hint that changes nothing would make SE loop for ever; stop here instead.
                raise _Unsupported(f"{name} removes nothing")
            if diff > difficulty:
                difficulty = diff
                hardest = name
            if elims:
                g.eliminate(elims)
            if placement is not None:
                g.place(*placement)
            if keep_steps:
                path.steps.append(SEStep(name, diff, placement, tuple(elims)))
            if pearl == 0.0:
                if diamond == 0.0:
                    diamond = difficulty
                if placement is not None:
                    pearl = difficulty
            path.floor = CHAIN_FLOOR
    except _OutOfTime:
        pass  # out of budget: the path stops unfinished (every propagation restored the grid)
    path.solved = 0 not in value
    if difficulty != float("-inf"):
        path.difficulty = difficulty
        path.hardest = hardest
    path.pearl = pearl if pearl != 0.0 else None
    path.diamond = diamond if diamond != 0.0 else None
    return path


# ---------------------------------------------------------------------------------------
# Dynamic and nested forcing chains for the solving ladder (``yass.logic.techniques.nested``).

#: A link of a chain shown to people: (cell, digit 1-9, set?, the rule that gave it: "" for
#: a plain link, else the name of a nested chain, or "rule" for a simpler rule).
ChainLink = tuple[int, int, bool, str]

_KIND_WORDS = ("Contradiction", "Double", "Cell", "Region")


class ForcingHint:
    """A hint of SE's dynamic (level 0), dynamic (+) (level 1) or nested (levels 2-5)
    forcing chains on a candidate grid: SE's name and difficulty, what it does, its kind
    (0 contradiction, 1 double, 2 cell, 3 region forcing chains), the assumption it rests
    on (cell, digit 1-9 or 0 for every digit of the cell, and the cells of a region
    chain's house, else ()) and the chains
    from each branch of the assumption to the conclusion (each a list of ``ChainLink``
    from the assumption on; a contradiction has two, ending on a fact and its negation)."""

    __slots__ = (
        "chains", "difficulty", "eliminations", "kind", "level", "name", "placement",
        "premise",
    )

    def __init__(
        self,
        name: str,
        difficulty: float,
        placement: tuple[int, int] | None,
        eliminations: list[tuple[int, int]],
        level: int,
        kind: int,
        premise: tuple[int, int, tuple[int, ...]],
        chains: list[list[ChainLink]],
    ) -> None:
        self.name = name
        self.difficulty = difficulty
        self.placement = placement
        self.eliminations = eliminations
        self.level = level
        self.kind = kind
        self.premise = premise
        self.chains = chains


def _level_hint(
    g: _Grid, level: int, order: Sequence[int] | None = None, reach: list[int] | None = None
) -> tuple[_Hint | None, tuple[int, int, int, int] | None]:
    """SE's Chaining(multiple, dynamic, level) producer on ``g``: the hint of the first
    cell (in ``order``, else SE's) whose assumptions give one, and its premise.
    ``reach``: made ``_se_core.reach`` where a compiled level 0 or 1 finds nothing."""
    if _FAST is not None and level <= 1:
        with _LOCK:
            was = _FAST.set_first(1)
            _FAST.set_order(order)
            try:
                got = _FAST.multiple_chains(
                    g.cand, g.value, g.pos, False, True, True, level, g.empty, _tick
                )
                if got is None and reach is not None:
                    reach[:] = _FAST.reach()
            finally:
                _FAST.set_first(was)
                _FAST.set_order(None)
            if got is not False:
                return got, (_FAST.best_premise() if got else None)
    elif _FAST is not None and _NESTED_FAST[0] and level in _NESTED_KINDS:
        premise: list[tuple[int, int, int, int]] = []
        done, hint = _nested_fast(g, False, True, True, level, premise, True, order)
        if done:
            return hint, (premise[0] if premise else None)
    _NESTED_MEMO.clear()
    try:
        found = _chain_hints(g, False, True, True, level, False)
    finally:
        _NESTED_MEMO.clear()
    if not found:
        return None, None
    top = found[0]
    kind = next(i for i, w in enumerate(_KIND_WORDS) if w in top.name)
    roots: list[int] = []
    for t in top.targets:
        for p in _get_chain(t):
            if not p.parents and p.key not in roots:
                roots.append(p.key)
    cell, d = divmod(roots[0] >> 1, 9)
    house = -1
    if kind == 3:
        cells = {(k >> 1) // 9 for k in roots}
        house = next(h for h in CELL_HOUSES[cell] if all(HOUSE_MASK[h] >> c & 1 for c in cells))
        cell = min(cells, key=lambda c: HOUSES[house].index(c))
    return (top.name, top.diff, top.placement, top.elims), (kind, cell, d, house)


def _branches(kind: int, cell: int, d: int, house: int, target: int, g: _Grid) -> list[int]:
    """The assumptions (potential keys) whose propagations the hint rests on."""
    on = ((cell * 9 + d) << 1) | 1
    if kind == 0:
        return [target ^ 1]
    if kind == 1:
        return [on, on ^ 1]
    if kind == 2:
        return [((cell * 9 + e) << 1) | 1 for e in BITS[g.cand[cell]]]
    return [((o * 9 + d) << 1) | 1 for o in HOUSES[house] if g.cand[o] >> d & 1]


def _shown(p: _Pot) -> list[ChainLink]:
    """The chain of ``p`` from its assumption, through the parent derived last at each
    step (the longest way in), as links."""
    depth: dict[int, int] = {}

    def deep(q: _Pot) -> int:
        got = depth.get(id(q))
        if got is None:
            got = depth[id(q)] = 1 + max((deep(r) for r in q.parents), default=0)
        return got

    out: list[ChainLink] = []
    cur: _Pot | None = p
    while cur is not None:
        c, e = divmod(cur.key >> 1, 9)
        note = ""
        if cur.cause == 5:
            note = cur.nested.name if cur.nested is not None else "rule"
        out.append((c, e + 1, bool(cur.key & 1), note))
        cur = max(cur.parents, key=deep) if cur.parents else None
    out.reverse()
    return out


def _chains(g: _Grid, level: int, kind: int, premise: tuple[int, int, int], target: int) -> list[
    list[ChainLink]
]:
    """Each branch's chain to the hint's conclusion (``target``; for a contradiction, the
    two chains to a fact and its negation), by SE's own propagation."""
    cell, d, house = premise
    out: list[list[ChainLink]] = []
    _NESTED_MEMO.clear()
    try:
        for start in _branches(kind, cell, d, house, target, g):
            to_on: dict[int, _Pot] = {}
            to_off: dict[int, _Pot] = {}
            (to_on if start & 1 else to_off)[start] = _Pot(start, [])
            # (a contradiction is the end of its own propagation; a verity's chains end at
            # the target)
            absurd = _propagate(g, to_on, to_off, True, True, level, -1 if kind == 0 else target)
            if kind == 0:
                if absurd is None:
                    return []  # (not expected: the compiled search found it)
                return [_shown(absurd[0]), _shown(absurd[1])]
            got = (to_on if target & 1 else to_off).get(target)
            if got is None:
                return []
            out.append(_shown(got))
    finally:
        _NESTED_MEMO.clear()
    return out


def forcing_hint(
    values: list[int],
    candidates: list[int],
    levels: tuple[int, ...] = (0, 1, 2, 3, 4, 5),
    deadline: float | None = None,
    chains: bool = True,
    order: Sequence[int] | Callable[[int], Sequence[int] | None] | None = None,
    reach: list[int] | None = None,
) -> ForcingHint | None:
    """The first hint of SE's forcing chains of the lowest of ``levels`` that has one, on
    the grid of ``values`` (81 ints, 0 empty) and ``candidates`` (81 digit masks), or None.

    Level 0 is SE's dynamic forcing chains, 1 dynamic forcing chains (+) (locked
    candidates, hidden and naked pairs and X-Wings inside the propagation), 2-5 the nested
    levels (forcing chains, multiple, dynamic, dynamic (+ forcing chains) inside it). Every
    deduction is sound for any grid (no uniqueness). ``deadline`` (``time.perf_counter``)
    bounds the work: past it the answer is None. ``chains``: also the chains that show it
    (by one more propagation per branch of the assumption). ``order``: the cells in the
    order their assumptions are tried (a permutation of 0-80; SE's, by index, if None),
    or a function giving each level's order: the hint is the best of the first cell whose
    assumptions give one. ``reach``, a list: where a compiled search of level 0 or 1 finds
    nothing, it is made the number of facts each "on" assumption (cell * 9 + digit) reached
    there (``_se_core.reach``; 729 entries), before the next level is asked (its order
    function may read it)."""
    g = _Grid(values)
    g.eliminate([
        (c, d)
        for c in range(81)
        if not values[c]
        for d in range(1, 10)
        if not candidates[c] >> (d - 1) & 1
    ])
    for level in levels:
        _DEADLINE.at = deadline
        try:
            asked = order(level) if callable(order) else order
            hint, premise = _level_hint(g, level, asked, reach)
            if hint is None or premise is None:
                continue
            name, diff, placement, elims = hint
            kind, cell, d, house = premise
            shown: list[list[ChainLink]] = []
            if chains:
                target = (
                    ((placement[0] * 9 + placement[1] - 1) << 1) | 1
                    if placement is not None
                    else (elims[0][0] * 9 + elims[0][1] - 1) << 1
                )
                shown = _chains(g, level, kind, (cell, d, house), target)
            return ForcingHint(
                name, diff, placement, list(elims), level, kind,
                (cell, 0 if kind == 2 else d + 1, HOUSES[house] if house >= 0 else ()), shown,
            )
        except _OutOfTime:
            return None
        finally:
            _DEADLINE.at = None
    return None
