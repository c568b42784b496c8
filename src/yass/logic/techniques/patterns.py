"""Modern patterns of the hardest puzzles: the trivalue oddagon (Tridagon),
multi-sector locked sets (MSLS) and Kraken fish.

Trivalue oddagon
----------------
Take four boxes at the corners of a rectangle of boxes (two bands by two stacks), and in
each box three cells, one in each of its rows and columns. The twelve cells lie two in
each of the six rows and six columns the boxes span. Ask whether they could all hold
digits of one triple {a,b,c}: each box would hold a, b and c once, and the two cells of
every row and every column would differ. Whether that is possible depends only on how
the cells sit in their boxes: read each box's three cells as a permutation (row i of the
box holds the cell in column p(i)), and the filling exists exactly when an even number
of the four permutations are odd. (This was checked over all 6^4 placements, by trying
every filling; ``tests/test_patterns.py`` checks it again.) When an odd number are odd,
the twelve cells can't all be a, b or c, so at least one holds another digit:

* if only one cell of the twelve has a candidate beyond a, b and c (the guardian), it
  is not a, b or c;
* if several do, and the extra candidates are all one digit z, one of them is z, so a
  cell that sees all of them is not z.

This is a plain contradiction of rows, columns and boxes, not a uniqueness argument, so
it holds on any 9x9 layout with the standard boxes, extra rules or not.

Multi-sector locked sets
------------------------
Take some rows R and some columns C, and the open cells X where they cross. A digit d
can fill at most one cell of X in each row, and at most one in each column: at most
cap(d) = min(rows of R where d has a place in X, columns of C where it has one) cells.
The caps of all digits add up to at least |X| (every cell takes a digit). When they add
up to exactly |X|, every digit fills exactly its cap: a digit capped by its rows is in X
in each of those rows, so it leaves the rest of those rows; one capped by its columns
leaves the rest of those columns. (An SK loop is one such set; fish and naked subsets
are the smallest.) Rows and columns must be full houses of the layout; the search takes
two to ``_MSLS_MAX`` rows and as many columns (the same number of each), and is off by
default: it tries every pair of row and column sets.

Kraken fish
-----------
A finned fish (X-Wing, Swordfish or Jellyfish on rows or on columns, with one to
``_KRAKEN_FINS`` fins) would clear its digit d from the cover lines outside its base if
no fin held d. A cover cell t that does not see every fin is not cleared by the finned
fish; but if, for each fin f, supposing f is d leads by propagation (singles and locked
candidates, the kernel of ``yass.core.propagate``) to t losing d, or to a contradiction,
then t is not d either way: either no fin is d (the fish) or one is (its consequence).
Off by default (as in HoDoKu): it tries every fish with fins and propagates each fin.
"""

from __future__ import annotations

from itertools import combinations, permutations

from yass.core.board import Board
from yass.core.geometry import bits, digit_char, mask_digits
from yass.core.layout import Layout, per_layout
from yass.core.propagate import Candidates, assume, settle_all
from yass.core.step import Step, cell_list, notation
from yass.logic.techniques.base import (
    CLASSIC_BOXES,
    Technique,
    cells_text,
    digits_text,
    removal_text,
)
from yass.logic.techniques.context import QuietParts

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Iterator

__all__ = ["KrakenFish", "MultiSectorLockedSet", "Tridagon"]

#: The six ways to put three cells in a box, one per row and column (row i -> column
#: p[i]), with their parity (1: odd).
_PERMS = tuple((p, sum(p[i] > p[j] for i in range(3) for j in range(i + 1, 3)) % 2)
               for p in permutations(range(3)))

#: At most this many cells of the twelve may have candidates beyond the triple.
_MAX_GUARDIANS = 3


class _Boxes:
    """The standard boxes of a 9x9 layout, as house indexes; ``ok`` False elsewhere."""

    def __init__(self, layout: Layout) -> None:
        self.ok = False
        self.house: list[int] = []
        if layout.size != 9:
            return
        masks = {h.mask: i for i, h in enumerate(layout.houses)}
        if any(mask not in masks for mask in CLASSIC_BOXES):
            return
        self.house = [masks[mask] for mask in CLASSIC_BOXES]
        self.ok = True


@per_layout
def _boxes(layout: Layout) -> _Boxes:
    return _Boxes(layout)


#: The cells of each box (0-8), in order.
_BOX_CELLS = tuple(
    tuple((b // 3 * 3 + i) * 9 + b % 3 * 3 + j for i in range(3) for j in range(3))
    for b in range(9)
)

#: Each placement of ``_PERMS`` as a mask of a box's nine cells (bit 3 * row + column).
_LOCAL_PLACES = tuple(sum(1 << (3 * i + p[i]) for i in range(3)) for p, _ in _PERMS)

#: For each mask of a box's cells, the placements (indexes into ``_PERMS``) inside it.
_VALID = tuple(
    tuple(k for k, cells in enumerate(_LOCAL_PLACES) if not cells & ~mask) for mask in range(512)
)

#: For each box, each mask of its nine cells as a bitset of the grid's cells.
_BOX_GLOBAL = tuple(
    tuple(sum(1 << cells[j] for j in range(9) if mask >> j & 1) for mask in range(512))
    for cells in _BOX_CELLS
)

#: The digit triples (digit indexes), in order.
_TRIOS = tuple(combinations(range(9), 3))

#: For each digit mask of one to three digits, the triples (indexes into ``_TRIOS``)
#: holding all its digits.
_TRIOS_OVER = tuple(
    tuple(t for t, trio in enumerate(_TRIOS) if not mask & ~sum(1 << d for d in trio))
    if 1 <= mask.bit_count() <= 3 else ()
    for mask in range(512)
)

#: The nine rectangles of boxes: (top-left, top-right, bottom-left, bottom-right).
_QUADS = tuple(
    (b1 * 3 + s1, b1 * 3 + s2, b2 * 3 + s1, b2 * 3 + s2)
    for b1, b2 in combinations(range(3), 2)
    for s1, s2 in combinations(range(3), 2)
)


class Tridagon(Technique):
    """Twelve cells in four boxes that can't all hold one triple: a guardian is true."""

    code = "tri"

    def __init__(self) -> None:
        # A rectangle of boxes that gave nothing, with its 36 cells' candidates then:
        # while they stay the same in one solve it gives nothing again (cells outside only
        # lose candidates, which can only take eliminations away).
        self._quiet = QuietParts()

    def find(self, board: Board) -> Iterator[Step]:
        boxes = _boxes(board.layout)
        if not boxes.ok:
            return
        cands = board.cands
        quiet = self._quiet.follow(board)
        box_state = [tuple([cands[c] for c in cells]) for cells in _BOX_CELLS]
        live: list[tuple[int, tuple[int, int, int, int], tuple[int, ...]]] = []
        for q, quad in enumerate(_QUADS):
            b0, b1, b2, b3 = quad
            state = box_state[b0] + box_state[b1] + box_state[b2] + box_state[b3]
            if quiet.get(q) != state:
                live.append((q, quad, state))
        if not live:
            return
        used = 0  # the boxes of the rectangles still to search
        for _, quad, _ in live:
            for b in quad:
                used |= 1 << b
        # per box: the open cells of each digit, as a mask of the box's nine cells
        empty = board.empty
        local = [[0] * 9 for _ in range(9)]
        for b in range(9):
            if not used >> b & 1:
                continue
            row = local[b]
            for j, c in enumerate(_BOX_CELLS[b]):
                if empty >> c & 1:
                    m = cands[c]
                    while m:
                        low = m & -m
                        row[low.bit_length() - 1] |= 1 << j
                        m ^= low
        # pure[t][b]: how many open cells of box b (three at most) have only digits of
        # the trio t. A pattern has three guardians at most, so nine of its twelve cells
        # at least are such cells: a rectangle whose boxes have fewer holds none.
        pure = [[0] * 9 for _ in _TRIOS]
        for b in range(9):
            if not used >> b & 1:
                continue
            for c in _BOX_CELLS[b]:
                if empty >> c & 1 and cands[c].bit_count() <= 3:
                    for t in _TRIOS_OVER[cands[c]]:
                        if pure[t][b] < 3:
                            pure[t][b] += 1
        done: set[tuple[tuple[int, int], ...]] = set()
        hits = [0] * len(_QUADS)  # patterns with eliminations (shown or not) per rectangle
        boxes_used = [b for b in range(9) if used >> b & 1]
        for t, trio in enumerate(_TRIOS):
            count = pure[t]
            near = [
                (q, quad, state) for q, quad, state in live
                if count[quad[0]] + count[quad[1]] + count[quad[2]] + count[quad[3]] >= 9
            ]
            if not near:
                continue
            d1, d2, d3 = trio
            m = 1 << d1 | 1 << d2 | 1 << d3
            # per box: the placements whose cells all hold a digit of the trio
            valid: list[tuple[int, ...]] = [()] * 9
            for b in boxes_used:
                row = local[b]
                valid[b] = _VALID[row[d1] | row[d2] | row[d3]]
            options: list[list[tuple[int, int, int]]] | None = None
            for q, quad, _ in near:
                b0, b1, b2, b3 = quad
                if not (valid[b0] and valid[b1] and valid[b2] and valid[b3]):
                    continue
                if options is None:
                    # (cells, parity, guardian cells: those with a digit beyond the trio)
                    options = [[] for _ in range(9)]
                    for b in boxes_used:
                        if valid[b]:
                            row = local[b]
                            beyond = 0
                            for d in range(9):
                                if not m >> d & 1:
                                    beyond |= row[d]
                            glob = _BOX_GLOBAL[b]
                            options[b] = [
                                (glob[_LOCAL_PLACES[k]], _PERMS[k][1],
                                 glob[_LOCAL_PLACES[k] & beyond])
                                for k in valid[b]
                            ]
                yield from self._quad(board, boxes, quad, options, m, done, hits, q)
        for q, _, state in live:
            if not hits[q]:
                quiet[q] = state

    def _quad(
        self, board: Board, boxes: _Boxes, quad: tuple[int, int, int, int],
        options: list[list[tuple[int, int, int]]], m: int,
        done: set[tuple[tuple[int, int], ...]], hits: list[int], q: int,
    ) -> Iterator[Step]:
        o0, o1, o2, o3 = (options[b] for b in quad)
        for c0, p0, g0 in o0:
            for c1, p1, g1 in o1:
                g01 = g0 | g1
                if g01.bit_count() > _MAX_GUARDIANS:
                    continue
                for c2, p2, g2 in o2:
                    g012 = g01 | g2
                    if g012.bit_count() > _MAX_GUARDIANS:
                        continue
                    for c3, p3, g3 in o3:
                        if not (p0 + p1 + p2 + p3) % 2:
                            continue
                        guards = g012 | g3
                        if not guards or guards.bit_count() > _MAX_GUARDIANS:
                            continue
                        elims = _eliminations(board, guards, m)
                        if not elims:
                            continue
                        hits[q] += 1
                        key = tuple(elims)
                        if key in done:
                            continue
                        done.add(key)
                        yield self._step(board, boxes, quad, c0 | c1 | c2 | c3, guards, m, elims)

    def _step(
        self, board: Board, boxes: _Boxes, quad: tuple[int, ...], cells: int, guards: int,
        m: int, elims: list[tuple[int, int]],
    ) -> Step:
        lay = board.layout
        cands = board.cands
        trio = digits_text(m, "and")
        fins = tuple((g, d) for g in bits(guards) for d in mask_digits(cands[g] & ~m))
        gnames = cells_text(lay, guards)
        if guards.bit_count() == 1:
            (g,) = bits(guards)
            outcome = (f"{lay.name(g)}, the only one with another candidate, holds one of"
                       " its other digits")
        else:
            z = digit_char(fins[0][1])
            outcome = (f"one of {gnames}, the cells with another candidate, is {z}, and"
                       f" a cell that sees them all can't be {z}")
        pattern = (f"{','.join(digit_char(d) for d in mask_digits(m))} in"
                   f" {cell_list(lay, tuple(bits(cells)))}"
                   f" (guardians {cell_list(lay, tuple(bits(guards)))})")
        return Step(
            self.code,
            eliminations=tuple(elims),
            explanation=(
                f"{cells_text(lay, cells)} (three cells in each of boxes"
                f" {', '.join(str(b + 1) for b in quad)}, one in each row and column of its"
                f" box) can't all be {trio}: filled with those three digits they would put"
                f" the same digit twice in a row or column (a trivalue oddagon). So"
                f" {outcome}: {removal_text(lay, elims)}"
            ),
            cells=tuple(bits(cells)),
            houses=tuple(boxes.house[b] for b in quad),
            digits=tuple(mask_digits(m)),
            fins=fins,
            candidates=tuple(
                (c, d) for c in bits(cells) for d in mask_digits(cands[c] & m)
            ),
            notation=notation(lay, self.name, pattern, (), elims),
        )


def _eliminations(board: Board, guards: int, m: int) -> list[tuple[int, int]]:
    """What "one guardian candidate is true" removes."""
    cands = board.cands
    if guards.bit_count() == 1:
        (g,) = bits(guards)
        return [(g, d) for d in mask_digits(cands[g] & m)]
    extra = 0
    for g in bits(guards):
        extra |= cands[g] & ~m
    if extra.bit_count() != 1:
        return []
    z = extra.bit_length()
    seen = board.positions(z) & ~guards
    for g in bits(guards):
        seen &= board.layout.peers[g]
    return [(t, z) for t in bits(seen)]


#: The largest number of rows (and of columns) of a multi-sector locked set.
_MSLS_MAX = 6


class MultiSectorLockedSet(Technique):
    """Rows and columns whose crossings the digits' caps exactly fill."""

    code = "msls"

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        n = lay.size
        rows = [h for h in lay.houses if h.kind == "row" and h.full]
        cols = [h for h in lay.houses if h.kind == "column" and h.full]
        if len(rows) != n or len(cols) != n:
            return
        cands = board.cands
        empty = board.empty
        # per digit: in_row[d][r] = column bits where d is a candidate in row r; in_col
        # the same by column
        in_row = [[0] * n for _ in range(n + 1)]
        in_col = [[0] * n for _ in range(n + 1)]
        open_row = [0] * n
        for c in bits(empty):
            r, k = divmod(c, n)
            open_row[r] |= 1 << k
            for d in mask_digits(cands[c]):
                in_row[d][r] |= 1 << k
                in_col[d][k] |= 1 << r
        live_rows = [r for r in range(n) if open_row[r]]
        open_any = 0
        for r in live_rows:
            open_any |= open_row[r]
        live_cols = [k for k in range(n) if open_any >> k & 1]
        digits = [d for d in range(1, n + 1) if any(in_row[d])]
        done: set[tuple[tuple[int, int], ...]] = set()
        for size in range(2, min(_MSLS_MAX, len(live_rows), len(live_cols)) + 1):
            rsets = [(rs, sum(1 << r for r in rs)) for rs in combinations(live_rows, size)]
            csets = [(cs, sum(1 << k for k in cs)) for cs in combinations(live_cols, size)]
            # per digit and row set, the columns where it has a place in those rows; per
            # digit and column set, the rows
            dcols = {d: [_union(in_row[d], rs) for rs, _ in rsets] for d in digits}
            drows = {d: [_union(in_col[d], cs) for cs, _ in csets] for d in digits}
            for i, (rset, rmask) in enumerate(rsets):
                counts = [0] * n  # open cells of these rows, per column
                for r in rset:
                    for k in bits(open_row[r]):
                        counts[k] += 1
                for j, (cset, cmask) in enumerate(csets):
                    cells = sum(counts[k] for k in cset)
                    if cells < 4:
                        continue
                    total = 0
                    kinds = []
                    for d in digits:
                        ccap = (dcols[d][i] & cmask).bit_count()
                        if not ccap:
                            continue
                        rcap = (drows[d][j] & rmask).bit_count()
                        total += min(rcap, ccap)
                        if total > cells:
                            break
                        kinds.append((d, rcap, ccap))
                    if total != cells:
                        continue
                    step = self._step(board, rset, cset, rmask, cmask, kinds, in_row, in_col)
                    if step is not None:
                        key = tuple(step.eliminations)
                        if key not in done:
                            done.add(key)
                            yield step

    def _step(
        self, board: Board, rset: tuple[int, ...], cset: tuple[int, ...], rmask: int,
        cmask: int, kinds: list[tuple[int, int, int]], in_row: list[list[int]],
        in_col: list[list[int]],
    ) -> Step | None:
        lay = board.layout
        n = lay.size
        elims: list[tuple[int, int]] = []
        by_rows = 0
        by_cols = 0
        for d, rcap, ccap in kinds:
            if rcap <= ccap:
                by_rows |= 1 << (d - 1)
                for r in rset:
                    if in_row[d][r] & cmask:
                        elims += [(r * n + k, d) for k in range(n)
                                  if in_row[d][r] >> k & 1 and not cmask >> k & 1]
            if ccap <= rcap:
                by_cols |= 1 << (d - 1)
                for k in cset:
                    if in_col[d][k] & rmask:
                        elims += [(r * n + k, d) for r in range(n)
                                  if in_col[d][k] >> r & 1 and not rmask >> r & 1]
        if not elims:
            return None
        elims = sorted(set(elims))
        cells = tuple(r * n + k for r in rset for k in cset if board.empty >> (r * n + k) & 1)
        rows_text = "r" + "".join(str(r + 1) for r in rset)
        cols_text = "c" + "".join(str(k + 1) for k in cset)
        row_digits = ",".join(digit_char(d) for d in mask_digits(by_rows))
        col_digits = ",".join(digit_char(d) for d in mask_digits(by_cols))
        pattern = (f"{len(cells)} cells {rows_text}{cols_text}, by rows {row_digits or '-'},"
                   f" by columns {col_digits or '-'}")
        houses = tuple(i for i, h in enumerate(lay.houses) if h.full and (
            (h.kind == "row" and h.cells[0] // n in rset)
            or (h.kind == "column" and h.cells[0] % n in cset)))
        return Step(
            self.code,
            eliminations=tuple(elims),
            explanation=(
                f"the {len(cells)} open cells where rows {', '.join(str(r + 1) for r in rset)}"
                f" cross columns {', '.join(str(k + 1) for k in cset)} can take each digit at"
                " most once per row and once per column; counted so, the digits fill exactly"
                f" {len(cells)} cells (a multi-sector locked set), so each digit fills all it"
                " can: "
                + "; ".join(part for part in (
                    f"{digits_text(by_rows, 'and')} in every one of those rows that has"
                    " a place for it" if by_rows else "",
                    f"{digits_text(by_cols, 'and')} in every one of those columns that has"
                    " a place for it" if by_cols else "",
                ) if part)
                + f": {removal_text(lay, elims)}"
            ),
            cells=cells,
            houses=houses,
            digits=tuple(mask_digits(by_rows | by_cols)),
            candidates=tuple((c, d) for c in cells for d in mask_digits(board.cands[c])),
            notation=notation(lay, self.name, pattern, (), elims),
        )


def _union(masks: list[int], which: tuple[int, ...]) -> int:
    out = 0
    for i in which:
        out |= masks[i]
    return out


#: Kraken fish: sizes, and the most fins.
_KRAKEN_SIZES = (2, 3, 4)
_KRAKEN_FINS = 3


class KrakenFish(Technique):
    """A finned fish whose every fin, if true, also clears a cover cell the fins don't see."""

    code = "kf"

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        n = lay.size
        rows = {h.number: i for i, h in enumerate(lay.houses) if h.kind == "row" and h.full}
        cols = {h.number: i for i, h in enumerate(lay.houses) if h.kind == "column" and h.full}
        if len(rows) != n or len(cols) != n:
            return
        base_state = board.state()
        if settle_all(base_state) is not None:
            return
        trials: dict[tuple[int, int], Candidates | None] = {}
        done: set[tuple[int, int]] = set()
        for d in range(1, n + 1):
            pos = board.positions(d)
            for transpose in (False, True):
                lines = [0] * n  # bit j of lines[i]: cell (i, j) of the orientation
                for c in bits(pos):
                    r, k = divmod(c, n)
                    i, j = (k, r) if transpose else (r, k)
                    lines[i] |= 1 << j
                for size in _KRAKEN_SIZES:
                    yield from self._fish(board, base_state, trials, done, d, lines, size,
                                          transpose, rows, cols)

    def _fish(
        self, board: Board, base_state: Candidates,
        trials: dict[tuple[int, int], Candidates | None], done: set[tuple[int, int]],
        d: int, lines: list[int], size: int, transpose: bool, rows: dict[int, int],
        cols: dict[int, int],
    ) -> Iterator[Step]:
        lay = board.layout
        n = lay.size

        def cell(i: int, j: int) -> int:
            return j * n + i if transpose else i * n + j

        usable = [i for i in range(n) if lines[i] and lines[i].bit_count() <= size + _KRAKEN_FINS]
        for base in combinations(usable, size):
            spread = 0
            for i in base:
                spread |= lines[i]
            if spread.bit_count() <= size:
                continue  # a plain fish (or less): not finned
            for cover in combinations(list(bits(spread)), size):
                cmask = sum(1 << j for j in cover)
                fins = [cell(i, j) for i in base for j in bits(lines[i] & ~cmask)]
                if not 1 <= len(fins) <= _KRAKEN_FINS:
                    continue
                if any(not lines[i] & cmask for i in base):
                    continue  # a base line wholly fins: no fish
                seen_all = (1 << lay.ncells) - 1
                for f in fins:
                    seen_all &= lay.peers[f]
                targets = [cell(i, j) for j in cover for i in range(n)
                           if i not in base and lines[i] >> j & 1]
                cleared = []
                for t in targets:
                    if seen_all >> t & 1 or (t, d) in done:
                        continue  # the finned fish's own, or found already
                    if not base_state.cands[t] >> (d - 1) & 1 or base_state.values[t]:
                        continue  # plain propagation clears it: not this technique's
                    if all(_clears(base_state, trials, f, d, t) for f in fins):
                        done.add((t, d))
                        cleared.append(t)
                if cleared:
                    yield self._step(board, d, base, cover, fins, cleared, transpose, rows,
                                     cols)

    def _step(
        self, board: Board, d: int, base: tuple[int, ...], cover: tuple[int, ...],
        fins: list[int], targets: list[int], transpose: bool, rows: dict[int, int],
        cols: dict[int, int],
    ) -> Step:
        lay = board.layout
        n = lay.size
        ch = digit_char(d)
        base_h = tuple((cols if transpose else rows)[i + 1] for i in base)
        cover_h = tuple((rows if transpose else cols)[j + 1] for j in cover)
        kind = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}[len(base)]
        base_t = ("c" if transpose else "r") + "".join(str(i + 1) for i in base)
        cover_t = ("r" if transpose else "c") + "".join(str(j + 1) for j in cover)
        fin_t = " ".join(f"f{lay.name(f)}" for f in fins)
        elims = sorted((t, d) for t in targets)
        where = cells_text(lay, sorted(targets))
        body = tuple(
            (c, d) for i in base for j in range(n)
            for c in ((j * n + i) if transpose else (i * n + j),)
            if board.positions(d) >> c & 1
        )
        return Step(
            self.code,
            eliminations=tuple(elims),
            explanation=(
                f"{where} lie in the cover lines of a finned {kind} on {ch} ({base_t}"
                f" covered by {cover_t}, fins {cells_text(lay, fins)}) but do not see"
                f" every fin. If no fin is {ch}, the {kind} leaves no {ch} there; and"
                f" supposing any one fin is {ch}, singles and locked candidates take {ch}"
                f" from them too (a Kraken fish): {removal_text(lay, elims)}"
            ),
            cells=tuple(sorted({c for c, _ in body})),
            base=base_h,
            cover=cover_h,
            digits=(d,),
            fins=tuple((f, d) for f in fins),
            candidates=body,
            notation=notation(lay, self.name, f"{ch} {base_t} {cover_t} {fin_t}", (), elims),
        )


def _clears(
    base_state: Candidates, trials: dict[tuple[int, int], Candidates | None], fin: int,
    d: int, t: int,
) -> bool:
    """Whether supposing ``fin`` is ``d`` takes ``d`` from ``t`` (or breaks the board)."""
    key = (fin, d)
    if key not in trials:
        trial = base_state.state()
        if not trial.cands[fin] >> (d - 1) & 1:
            trials[key] = None  # the fin can't be d at all
        else:
            trials[key] = None if assume(trial, fin, d) is not None else trial
    after = trials[key]
    return after is None or not after.cands[t] >> (d - 1) & 1
