"""Narrowing by enumeration: which digits of a few cells take part in some valid filling.

Rules over several cells (cages, arrows, lines, outside clues) narrow their cells'
candidates the same way: a digit stays in a cell only while some filling of all the
rule's cells keeps it there, uses each cell's candidates, gives different digits to
cells that must differ, and satisfies the rule. This module finds those "supported"
digits by a bounded depth-first search:

* ``sum_support``: fillings where ``sum(coef * digit) == total`` (killer cages, arrows,
  little killers, equal-sum segments), pruned by the least and greatest sum the cells
  still to fill can reach;
* ``support``: fillings a predicate accepts (renban, quadruples, between lines).

Both stop after ``cap`` search nodes and return None, so a caller falls back to a
cheaper, weaker narrowing (bounds on the sum, combinations of digits): the answer is
then less sharp but still sound. ``apart[i]`` is the bitset of positions whose digits
must differ from position i's (cells of one house or cage).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from yass.constraints import _enumerate
from yass.core.geometry import Grid, mask_digits

__all__ = [
    "CAP",
    "apart_masks",
    "bounds_narrow",
    "compatible",
    "dp_narrow",
    "grid_sees",
    "set_support",
    "sum_support",
    "support",
]

#: The most search nodes one narrowing may visit before it gives up (returns None).
CAP = 4000

#: Whether ``sum_support`` and ``set_support`` hand their search to the compiled
#: ``_enumerate`` (same answers; a test switches it off to compare).
_FAST = _enumerate.is_compiled()


def grid_sees(grid: Grid, a: int, b: int) -> bool:
    """True when ``a`` and ``b`` share a row, a column or a region (box or jigsaw piece).

    Only the rules every grid has; cells linked by other rules are treated as free,
    which makes narrowing weaker, never wrong.
    """
    if a == b:
        return False
    n = grid.size
    ra, ca = divmod(a, n)
    rb, cb = divmod(b, n)
    if ra == rb or ca == cb:
        return True
    regions = region_index(grid)
    if regions is not None:
        return regions[a] == regions[b]
    return False


_REGION_CACHE: dict[int, tuple[Grid, tuple[int, ...] | None]] = {}


def region_index(grid: Grid) -> tuple[int, ...] | None:
    """For each cell the index of its region: the jigsaw piece if the puzzle has
    ``regions``, else its box (None when the size has neither)."""
    hit = _REGION_CACHE.get(id(grid))
    if hit is not None and hit[0] is grid:
        return hit[1]
    out: tuple[int, ...] | None = None
    for con in grid.constraints:
        if con.replaces_boxes:
            # a cell in no region (a Latin square has none) is alone in its own
            pieces: list[int] = [grid.ncells + c for c in range(grid.ncells)]
            for i, (_, cells) in enumerate(con.houses(grid)):
                for c in cells:
                    pieces[c] = i
            out = tuple(pieces)
            break
    else:
        if grid.box_rows:
            out = tuple(grid.box_of(c) for c in range(grid.ncells))
    if len(_REGION_CACHE) > 64:
        _REGION_CACHE.clear()
    _REGION_CACHE[id(grid)] = (grid, out)
    return out


def apart_masks(
    cells: Sequence[int], differ: Callable[[int, int], bool]
) -> list[int]:
    """``apart[i]``: the positions j whose cell must hold another digit than cell i's.

    A cell listed twice (a line that crosses itself) is the same cell: its positions
    are tied by ``same_masks``, not set apart.
    """
    n = len(cells)
    out = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            if cells[i] != cells[j] and differ(cells[i], cells[j]):
                out[i] |= 1 << j
                out[j] |= 1 << i
    return out


def _order(masks: Sequence[int]) -> list[int]:
    return sorted(range(len(masks)), key=lambda i: bin(masks[i]).count("1"))


def sum_support(
    masks: Sequence[int],
    coefs: Sequence[int],
    total: int,
    apart: Sequence[int],
    same: Sequence[int] | None = None,
    cap: int = CAP,
) -> list[int] | None:
    """Per position, the digits used by some filling with ``sum(coef*digit) == total``.

    ``same[i]`` lists positions that are the same cell as i (they take one digit).
    Returns None when the search needed more than ``cap`` nodes.
    """
    n = len(masks)
    if _FAST and same is None and n <= _enumerate.MOST and not _wide(masks):
        return _enumerate.sum_support(masks, coefs, total, apart, cap)
    order = _order(masks)
    values = [mask_digits(m) for m in masks]
    lo = [0] * (n + 1)
    hi = [0] * (n + 1)
    for k in range(n - 1, -1, -1):
        i = order[k]
        vs = values[i]
        if not vs:
            return [0] * n
        a, b = coefs[i] * vs[0], coefs[i] * vs[-1]
        lo[k] = lo[k + 1] + min(a, b)
        hi[k] = hi[k + 1] + max(a, b)
    return _supported(masks, order, values, coefs, (lo, hi, total), None, apart, same, cap,
                      [0] * n)


def _wide(masks: Sequence[int]) -> bool:
    """Whether some mask has a digit the compiled searches cannot hold."""
    return bool(max(masks, default=0) >> _enumerate.MOST)


def _supported(
    masks: Sequence[int],
    order: Sequence[int],
    values: Sequence[Sequence[int]],
    coefs: Sequence[int] | None,
    sums: tuple[Sequence[int], Sequence[int], int] | None,
    accept: Callable[[Sequence[int]], bool] | None,
    apart: Sequence[int],
    same: Sequence[int] | None,
    cap: int,
    chosen: list[int],
) -> list[int] | None:
    """The search behind ``sum_support`` and ``support``: positions filled in ``order``,
    each from ``values``, keeping ``apart`` and ``same``, into ``chosen`` (all zeros on
    entry). A filling counts when ``accept`` takes it, or, with ``sums`` = (lo, hi,
    total), when ``sum(coef * digit) == total``; then a branch stops where the sum left
    is out of [lo[k], hi[k]], the least and greatest the positions from the k-th of the
    order on can add.

    A branch whose chosen digits are all already known to be used, and whose positions
    still to fill have no digit not yet known to be used, cannot show anything new: it
    is skipped (the answer is the same; the search is much smaller once the first
    fillings are found)."""
    n = len(masks)
    found = [0] * n
    nodes = 0
    lo, hi, total = ((), (), 0) if sums is None else sums

    def dfs(k: int, acc: int, fresh: bool) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > cap:
            return False
        if k == n:
            if acc != total if accept is None else not accept(chosen):
                return True
            for i in range(n):
                found[i] |= 1 << (chosen[i] - 1)
            return True
        if accept is None and not lo[k] <= total - acc <= hi[k]:
            return True
        if fresh:  # the path's new digit may have been found below it since
            fresh = False
            for j in range(k):
                p = order[j]
                if not found[p] >> (chosen[p] - 1) & 1:
                    fresh = True
                    break
        if not fresh:
            for j in range(k, n):
                p = order[j]
                if masks[p] & ~found[p]:
                    break
            else:
                return True
        i = order[k]
        c = 0 if coefs is None else coefs[i]
        candidates = values[i]
        if accept is None and k == n - 1 and c:  # the last digit is the sum left
            v, r = divmod(total - acc, c)
            if r or not 0 < v <= 64 or not masks[i] >> (v - 1) & 1:
                return True
            candidates = (v,)
        for v in candidates:
            if not compatible(i, v, apart, same, chosen):
                continue
            chosen[i] = v
            ok = dfs(k + 1, acc + c * v, fresh or not found[i] >> (v - 1) & 1)
            chosen[i] = 0
            if not ok:
                return False
        return True

    if not dfs(0, 0, False):
        return None
    return found


def compatible(
    i: int, v: int, apart: Sequence[int], same: Sequence[int] | None, chosen: Sequence[int]
) -> bool:
    """Whether position ``i`` may take digit ``v`` beside the digits ``chosen`` so far (0:
    not chosen yet): no position set ``apart`` from it holds ``v``, and no position that
    is the same cell (``same``) holds another digit."""
    a = apart[i]
    j = 0
    while a:
        if a & 1 and chosen[j] == v:
            return False
        a >>= 1
        j += 1
    if same is not None:
        s = same[i]
        j = 0
        while s:
            if s & 1 and chosen[j] and chosen[j] != v:
                return False
            s >>= 1
            j += 1
    return True


def support(
    masks: Sequence[int],
    apart: Sequence[int],
    accept: Callable[[Sequence[int]], bool],
    same: Sequence[int] | None = None,
    cap: int = CAP,
) -> list[int] | None:
    """Per position, the digits used by some filling that ``accept`` takes.

    ``accept`` sees the digits in position order. None after ``cap`` nodes.
    """
    n = len(masks)
    order = _order(masks)
    values = [mask_digits(m) for m in masks]
    if any(not vs for vs in values):
        return [0] * n
    return _supported(masks, order, values, None, None, accept, apart, same, cap, [0] * n)


def set_support(masks: Sequence[int], digits: int) -> list[int] | None:
    """Per position, the digits of ``digits`` it can take when the positions (all
    different) take exactly the digits of ``digits``, one each; None when they cannot.

    Dynamic programming over the sets of digits the first positions can use (at most
    C(n, n/2) sets a step), forward and backward, instead of trying every order.
    """
    n = len(masks)
    if (_FAST and n <= _enumerate.SET_MOST and not digits >> _enumerate.MOST
            and digits.bit_count() <= _enumerate.SET_MOST):
        return _enumerate.set_support(masks, digits)
    fwd: list[set[int]] = [{0}]
    for m in masks:
        m &= digits
        nxt: set[int] = set()
        for used in fwd[-1]:
            free = m & ~used
            while free:
                bit = free & -free
                free ^= bit
                nxt.add(used | bit)
        if not nxt:
            return None
        fwd.append(nxt)
    if digits not in fwd[n]:
        return None
    bwd: list[set[int]] = [set() for _ in range(n + 1)]
    bwd[n] = {0}
    for i in range(n - 1, -1, -1):
        m = masks[i] & digits
        nxt = set()
        for used in bwd[i + 1]:
            free = m & ~used
            while free:
                bit = free & -free
                free ^= bit
                nxt.add(used | bit)
        bwd[i] = nxt
    out = [0] * n
    for i in range(n):
        m = masks[i] & digits
        after = bwd[i + 1]
        for used in fwd[i]:
            free = m & ~used
            while free:
                bit = free & -free
                free ^= bit
                if digits & ~(used | bit) in after:
                    out[i] |= bit
    return out


def dp_narrow(masks: Sequence[int], coefs: Sequence[int], total: int) -> list[int]:
    """Per position, the digits that take part in some filling with
    ``sum(coef*digit) == total`` when digits may repeat: exact for that relaxation and
    cheap (reachable sums as bitsets, forward and backward), so a sound fallback where
    enumerating fillings with different digits is too big. All zeros: no filling."""
    n = len(masks)
    values = [mask_digits(m) for m in masks]
    if any(not vs for vs in values):
        return [0] * n
    # shift every position's contributions to start at 0
    low = [min(c * vs[0], c * vs[-1]) for c, vs in zip(coefs, values, strict=True)]
    steps = [[c * d - lo for d in vs] for c, vs, lo in zip(coefs, values, low, strict=True)]
    goal = total - sum(low)
    if goal < 0:
        return [0] * n
    fwd = [1]
    for ws in steps:
        acc = 0
        for w in ws:
            acc |= fwd[-1] << w
        fwd.append(acc)
    if not fwd[n] >> goal & 1:
        return [0] * n
    bwd = [0] * (n + 1)
    bwd[n] = 1
    for i in range(n - 1, -1, -1):
        acc = 0
        for w in steps[i]:
            acc |= bwd[i + 1] << w
        bwd[i] = acc
    out = [0] * n
    for i in range(n):
        conv, f, a = 0, fwd[i], 0
        while f:
            if f & 1:
                conv |= bwd[i + 1] << a
            f >>= 1
            a += 1
        for d, w in zip(values[i], steps[i], strict=True):
            if goal >= w and conv >> (goal - w) & 1:
                out[i] |= 1 << (d - 1)
    return out


def bounds_narrow(masks: list[int], coefs: Sequence[int], total: int) -> bool:
    """Narrow ``masks`` in place so each position's ``coef*digit`` fits the others'
    reachable range; False when some position has no digit left. Sound, not sharp:
    it ignores which digits must differ."""
    n = len(masks)
    if _FAST and n <= _enumerate.MOST and not _wide(masks):
        return _enumerate.bounds_narrow(masks, coefs, total)
    while True:
        values = [mask_digits(m) for m in masks]
        if any(not vs for vs in values):
            return False
        los = [min(coefs[i] * vs[0], coefs[i] * vs[-1]) for i, vs in enumerate(values)]
        his = [max(coefs[i] * vs[0], coefs[i] * vs[-1]) for i, vs in enumerate(values)]
        slo, shi = sum(los), sum(his)
        changed = False
        for i in range(n):
            want_lo = total - (shi - his[i])
            want_hi = total - (slo - los[i])
            keep = 0
            for v in values[i]:
                if want_lo <= coefs[i] * v <= want_hi:
                    keep |= 1 << (v - 1)
            if keep != masks[i]:
                if not keep:
                    masks[i] = 0
                    return False
                masks[i] = keep
                changed = True
        if not changed:
            return True
