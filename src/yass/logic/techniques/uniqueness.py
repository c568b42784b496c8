"""Uniqueness techniques: unique rectangles, hidden and avoidable rectangles, BUG+1.

These are sound only for a puzzle with exactly one solution (the table marks them
``unique``; the solver runs them only when it knows that). Each argues "if this were
so, the puzzle would have a second solution".

Rectangles
----------
Four cells at the crossings of two rows and two columns, all able to hold x and y
(the "deadly pattern"): if the solution put x and y in them, alternating (as the rows
and columns force), exchanging x and y in the four cells would give a second grid.
That grid keeps every rule only when the exchange moves nothing a rule can see, so a
rectangle is used only when:

* the layout has no rule with its own propagation or final check (arithmetic over
  many cells); then the rules are its houses, sees-pairs, relations and cell masks;
* every house that holds one of the four cells holds exactly two of them, on one side
  (two in a row or two in a column, which hold x and y either way). On a classic grid
  that is the usual "the rectangle lies in exactly two boxes"; a diagonal, a window
  or a jigsaw region must hold none or one such side;
* none of the four cells has an extra sees-pair (anti-knight, anti-king...) or a
  relation (non-consecutive, kropki, thermometer...), which would compare a changed
  cell with one outside;
* every cell mask of the four cells (odd/even...) allows both x and y.

A classic grid of any size passes the first and the last two tests everywhere.

* Unique Rectangle Type 1: three corners are exactly {x,y}; the fourth can't be x or y.
* Type 2: two corners of one side are exactly {x,y} and the other two are exactly
  {x,y,z} for the same z: one of those two is z, so a cell seeing both is not z.
* Type 5: the same with the two corners {x,y,z} on a diagonal, or with three corners
  {x,y,z}: one of them is z, so a cell seeing all of them is not z.
* Type 3: two corners on one side are exactly {x,y}; the extra candidates E of the
  other two (which share a house) act as one cell: one of the two holds a digit of E.
  With k-1 other cells of that house (one to four cells without x or y, as HoDoKu
  takes them) whose candidates together with E make k digits, those k cells hold the
  k digits, which leave the rest of the house. As in HoDoKu, a subset that contains a
  smaller one is reported too (smaller subsets come first).
* Type 4: as type 3, and x can go only in the two roof cells of a full house they
  share: one of them is x, so neither can be y (y there would force the pattern).
* Type 6: two diagonal corners exactly {x,y}, and x has no place in the two rows (or the
  two columns) of the rectangle outside its corners. Then x fills one diagonal; on the
  other diagonal it would leave y to the bivalue corners, the pattern. So the two other
  corners lose x.
* Hidden Rectangle: a corner exactly {x,y}; x has only two places in the row and in
  the column through the opposite corner, both inside the rectangle. If the opposite
  corner were y, x would fill the two corners beside it and the first corner would
  be y: the pattern. So the opposite corner is not y. The two corners beside it need
  only x; as in HoDoKu, a second bivalue corner is allowed only opposite the first
  (two on a side make types 2 to 4).
* Avoidable Rectangle: the same exchange with corners already solved, which works only
  when none of the four is a given (the exchange may change a placed digit but never
  a given). Type 1: three corners solved (not givens) as x, y, y around the fourth,
  which then can't be x. Type 2: two solved corners x and y on one side, the other two
  exactly {y,z} and {x,z}: one of them is z, so a cell seeing both is not z. An
  unplaced cell with one candidate left counts as solved (its digit is known). The
  givens come from ``board.givens`` (a bitset); without it nothing fires.

BUG+1
-----
A bivalue universal grave is a state where every unsolved cell has two candidates and
every digit has exactly two places in every house that lacks it. Such a state has no
solution or at least two: given one, taking the other candidate in every cell is
another (each house still gets each missing digit once). BUG+1 is the same with one
cell of three candidates, whose extra digit c has three places in each of its houses:
without c there the board would be a grave, so with one solution that cell is c.
BUG types 2 to 4 are the same grave with more than one extra candidate. The extra
candidates E are the digits of the cells with three or more candidates that have more
than two places in each house of their cell; once they are removed, every unsolved
cell must be bivalue and every digit must have two places in each house that lacks it
(checked). Without every candidate of E the board would be a grave, so with one
solution at least one candidate of E is true:

* Type 2: every candidate of E is the same digit z: a cell that sees all of them is
  not z.
* Type 3: the cells of E share a house; together they act as one cell holding a digit
  of their extras X. With k-1 other cells of the house whose candidates together with
  X make k digits, those k "cells" hold the k digits, which leave the rest of the house.
* Type 4: E lies in two cells sharing a full house where a digit a (not extra in
  either) has only those two places: one of them is a, so each is a or one of its own
  extras, and its other candidates go.

The complement argument needs every house to be full and no rule but the houses
(no sees-pairs, relations or rule propagation); cell masks do not matter (each cell
only takes its own candidates). So BUG+1 works on classic grids of any size and on
layouts with extra full houses (diagonals, jigsaw regions), and nowhere else.
"""

from __future__ import annotations

from itertools import combinations

from yass.constraints.base import Constraint
from yass.core.board import Board
from yass.core.geometry import a_digit, bits, digit_char, mask_digits
from yass.core.layout import Layout, per_layout
from yass.core.step import Step, cell_list, changes_notation, notation
from yass.logic.techniques.base import Technique, cells_text, digits_text, removal_text
from yass.logic.techniques.context import QuietParts, context

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from typing import ClassVar

__all__ = [
    "AvoidableRectangle",
    "BugPlusOne",
    "BugType2",
    "BugType3",
    "BugType4",
    "HiddenRectangle",
    "UniqueLoop",
    "UniqueRectangle1",
    "UniqueRectangle2",
    "UniqueRectangle3",
    "UniqueRectangle4",
    "UniqueRectangle5",
    "UniqueRectangle6",
]

#: Corner indexes: 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right. Corner i
#: shares its row with i ^ 1, its column with i ^ 2, and faces i ^ 3 across.
_SIDES = ((0, 1), (2, 3), (0, 2), (1, 3))

Rect = tuple[int, int, int, int]


# -- what the exchange needs of a layout -----------------------------------------------


class _Rules:
    """Per-layout facts for the exchange argument."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        n = layout.size
        self.rows = tuple(((1 << n) - 1) << (r * n) for r in range(n))
        col = 0
        for r in range(n):
            col |= 1 << (r * n)
        self.cols = tuple(col << c for c in range(n))
        self.usable = all(
            type(con).propagate is Constraint.propagate and type(con).check is Constraint.check
            for con in layout.constraints
        )
        plain = 0
        for cell in range(layout.ncells):
            seen = 0
            for h in layout.cell_houses[cell]:
                seen |= layout.houses[h].mask
            if not layout.arcs[cell] and layout.peers[cell] == seen & ~(1 << cell):
                plain |= 1 << cell
        #: Cells with no sees-pair or relation beyond their houses.
        self.plain = plain
        self.bug = (
            self.usable
            and plain == (1 << layout.ncells) - 1
            and all(h.full for h in layout.houses)
        )
        self._rects: dict[int, bool] = {}

    def swappable(self, rect: Rect, pair: int) -> bool:
        """True when exchanging the two digits of ``pair`` in ``rect`` keeps every rule."""
        if not self.usable:
            return False
        masks = self.layout.cell_masks
        if any(masks[c] & pair != pair for c in rect):
            return False
        cells = 0
        for c in rect:
            cells |= 1 << c
        ok = self._rects.get(cells)
        if ok is None:
            ok = self._rects[cells] = self._check(rect, cells)
        return ok

    def _check(self, rect: Rect, cells: int) -> bool:
        if cells & self.plain != cells:
            return False
        lay = self.layout
        sides = {1 << rect[i] | 1 << rect[j] for i, j in _SIDES}
        for c in rect:
            for h in lay.cell_houses[c]:
                if lay.houses[h].mask & cells not in sides:
                    return False
        return True


@per_layout
def _rules(layout: Layout) -> _Rules:
    return _Rules(layout)


def _bit(d: int) -> int:
    return 1 << (d - 1)


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


# -- the candidate rectangles of a board ------------------------------------------------


def _rectangles(board: Board, missing: bool = False) -> list[tuple[Rect, int]]:
    """(corners, digit pair mask) of every usable rectangle with a bivalue corner whose
    four unsolved corners all still allow both digits; each once.

    With ``missing`` (HoDoKu's "allow missing candidates"), a corner other than the
    bivalue one may have lost x or y (or both) to earlier logic: it need only be unsolved
    and see no placed x or y, so that the exchange could put either digit there.
    """
    ctx = context(board)

    def build() -> list[tuple[Rect, int]]:
        rules = _rules(board.layout)
        if not rules.usable:
            return []
        lay = board.layout
        n = lay.size
        cands = board.cands
        allowed: dict[int, int] = {}

        def open_to(d: int) -> int:
            """Unsolved cells that see no placed ``d``."""
            if d not in allowed:
                seen = 0
                for c in bits(board.placed(d)):
                    seen |= lay.peers[c] | 1 << c
                allowed[d] = board.empty & ~seen
            return allowed[d]

        seen: set[tuple[int, int]] = set()
        out: list[tuple[Rect, int]] = []
        for a in ctx.bivalue:
            m = cands[a]
            x, y = mask_digits(m)
            pos = (open_to(x), open_to(y)) if missing else (board.positions(x), board.positions(y))
            both = pos[0] & pos[1]
            r, c = divmod(a, n)
            across = both & rules.rows[r] & ~(1 << a)
            down = both & rules.cols[c] & ~(1 << a)
            if not across or not down:
                continue
            for b in bits(across):
                c2 = b % n
                for cc in bits(down):
                    r2 = cc // n
                    d = r2 * n + c2
                    if not both >> d & 1:
                        continue
                    key = (1 << a | 1 << b | 1 << cc | 1 << d, m)
                    if key in seen:
                        continue
                    seen.add(key)
                    top, bottom = sorted((r, r2))
                    left, right = sorted((c, c2))
                    rect = (top * n + left, top * n + right, bottom * n + left, bottom * n + right)
                    if rules.swappable(rect, m):
                        out.append((rect, m))
        return out

    return ctx.memo(f"uniqueness.rectangles.{missing}", build)


def _shared_houses(layout: Layout, a: int, b: int) -> list[int]:
    return [h for h in layout.cell_houses[a] if layout.houses[h].mask >> b & 1]


class _Rectangle(Technique):
    """Shared text for the rectangle steps."""

    label: ClassVar[str] = ""
    #: Accept corners that lost x or y to earlier logic (HoDoKu's "allow missing
    #: candidates"; the settings option ``uniqueness_missing_candidates``).
    missing_candidates: bool = False

    def _step(
        self,
        board: Board,
        rect: Rect,
        pair: int,
        elims: list[tuple[int, int]],
        why: str,
        *,
        cells: tuple[int, ...] = (),
        houses: tuple[int, ...] = (),
        fins: tuple[tuple[int, int], ...] = (),
        name: str = "",
    ) -> Step:
        lay = board.layout
        elims.sort()
        x, y = mask_digits(pair)
        cands = board.cands
        premise = tuple(
            (c, d) for c in sorted(rect) for d in (x, y)
            if not board.values[c] and cands[c] & _bit(d)
        )
        pattern = f"{digit_char(x)}/{digit_char(y)} in {cell_list(lay, rect)}"
        return Step(
            self.code,
            eliminations=tuple(elims),
            explanation=f"{why}: {removal_text(lay, elims)}",
            cells=cells or tuple(sorted(rect)),
            houses=houses,
            digits=(x, y),
            fins=fins,
            candidates=premise,
            notation=notation(lay, name or self.label, pattern, (), elims),
            name=name,
        )


def _corners(lay: Layout, rect: Rect) -> str:
    return cells_text(lay, sorted(rect))


class UniqueRectangle1(_Rectangle):
    """Three corners exactly {x,y}: the fourth loses x and y."""

    code = "ur1"
    label = "Uniqueness Test 1"

    def find(self, board: Board) -> Iterator[Step]:
        cands = board.cands
        lay = board.layout
        for rect, m in _rectangles(board, self.missing_candidates):
            odd = [c for c in rect if cands[c] & ~m]
            if len(odd) != 1:
                continue
            (t,) = odd
            elims = [(t, d) for d in mask_digits(cands[t] & m)]
            if not elims:
                continue
            yield self._step(
                board, rect, m, elims,
                f"{_corners(lay, rect)} would be a deadly pattern of {digits_text(m, 'and')}"
                f" (a unique rectangle: the two digits could be swapped), and three corners"
                f" can only be {digits_text(m)}, so {lay.name(t)} must be something else",
            )


class UniqueRectangle2(_Rectangle):
    """Two corners exactly {x,y}, the other two exactly {x,y,z}: z leaves their common peers."""

    code = "ur2"
    label = "Uniqueness Test 2"

    def find(self, board: Board) -> Iterator[Step]:
        cands = board.cands
        lay = board.layout
        for rect, m, c1, c2 in _roofed(board, self.missing_candidates):
            extra = cands[c1] & ~m
            if cands[c2] & ~m != extra or extra.bit_count() != 1:
                continue
            z = extra.bit_length()
            targets = _seen_by_all(board, z, (c1, c2))
            if not targets:
                continue
            elims = [(t, z) for t in bits(targets)]
            yield self._step(
                board, rect, m, elims,
                f"{_corners(lay, rect)} would be a deadly pattern of {digits_text(m, 'and')}"
                f" (a unique rectangle), so {lay.name(c1)} or {lay.name(c2)}, the two corners"
                f" with the extra {digit_char(z)}, is {digit_char(z)}",
                fins=((c1, z), (c2, z)),
            )


class UniqueRectangle3(_Rectangle):
    """The extra candidates of two roof corners form a naked subset with other cells of a house."""

    code = "ur3"
    label = "Uniqueness Test 3"

    def find(self, board: Board) -> Iterator[Step]:
        cands = board.cands
        lay = board.layout
        for rect, m, c1, c2 in _roofed(board, self.missing_candidates):
            extra = (cands[c1] | cands[c2]) & ~m
            for h in _shared_houses(lay, c1, c2):
                for subset, union, elims in _naked_subsets(board, h, c1, c2, extra, m, 4):
                    yield self._step(
                        board, rect, m, elims,
                        f"{_corners(lay, rect)} would be a deadly pattern of"
                        f" {digits_text(m, 'and')} (a unique rectangle), so"
                        f" {_subset_text(lay, h, c1, c2, extra, subset, union)}",
                        cells=(*sorted(rect), *subset),
                        houses=(h,),
                        fins=tuple(
                            (c, d) for c in (c1, c2) for d in mask_digits(cands[c] & ~m)
                        ),
                    )


_WORD = {2: "pair", 3: "triple", 4: "quad", 5: "quintuple"}


def _naked_subsets(
    board: Board, h: int, c1: int, c2: int, extra: int, pair: int, most: int
) -> Iterator[tuple[tuple[int, ...], int, list[tuple[int, int]]]]:
    """Unique rectangle and unique loop type 3: ``c1`` and ``c2`` (of house ``h``), whose
    extra candidates ``extra`` hold one true digit, act as one cell; with 1 to ``most``
    other cells of the house that hold neither digit of ``pair`` they make a naked subset.
    Yields (those cells, the subset's digits, the removals from the rest of the house)."""
    if extra.bit_count() > most + 1:
        return
    cands = board.cands
    house = board.layout.houses[h]
    others = [
        c for c in bits(house.mask & board.empty & ~(1 << c1 | 1 << c2)) if not cands[c] & pair
    ]
    for k in range(1, most + 1):
        for subset in combinations(others, k):
            union = extra
            for c in subset:
                union |= cands[c]
            if union.bit_count() != k + 1:
                continue
            inside = 1 << c1 | 1 << c2
            for c in subset:
                inside |= 1 << c
            elims = [
                (t, d)
                for t in bits(house.mask & board.empty & ~inside)
                for d in mask_digits(cands[t] & union)
            ]
            if elims:
                yield subset, union, elims


def _subset_text(
    lay: Layout, h: int, c1: int, c2: int, extra: int, subset: tuple[int, ...], union: int
) -> str:
    return (
        f"{lay.name(c1)} or {lay.name(c2)} holds one of {digits_text(extra)}; with"
        f" {cells_text(lay, subset)} that makes a naked {_WORD[len(subset) + 1]} of"
        f" {digits_text(union, 'and')} in {lay.houses[h].name}"
    )


def _locked_text(lay: Layout, h: int, c1: int, c2: int, x: int, y: int) -> str:
    """Unique rectangle and unique loop type 4: ``x`` only in ``c1`` and ``c2`` in ``h``."""
    return (
        f"{lay.houses[h].name} can only have {a_digit(digit_char(x))} in {lay.name(c1)} or"
        f" {lay.name(c2)}, so one of them is {digit_char(x)} and {a_digit(digit_char(y))} in"
        " either would complete the pattern"
    )


def _seen_by_all(board: Board, z: int, cells: Iterable[int]) -> int:
    """The places of ``z`` that see every cell of ``cells``."""
    out = board.positions(z)
    for c in cells:
        out &= board.layout.peers[c]
    return out


def _roofed(board: Board, missing: bool) -> Iterator[tuple[Rect, int, int, int]]:
    """(corners, pair, roof corners) of the rectangles whose two bivalue corners are a side."""
    cands = board.cands
    for rect, m in _rectangles(board, missing):
        roof = _roof(cands, rect, m)
        if roof is not None:
            yield rect, m, roof[0], roof[1]


def _roof(cands: list[int], rect: Rect, m: int) -> tuple[int, int] | None:
    """The two non-bivalue corners when the two bivalue ones are a side, else None."""
    for i, j in _SIDES:
        if not cands[rect[i]] & ~m and not cands[rect[j]] & ~m:
            others = [rect[k] for k in range(4) if k not in (i, j)]
            if cands[others[0]] & ~m and cands[others[1]] & ~m:
                return others[0], others[1]
    return None


class UniqueRectangle4(_Rectangle):
    """x confined to the two roof corners of a full house: y leaves both."""

    code = "ur4"
    label = "Uniqueness Test 4"

    def find(self, board: Board) -> Iterator[Step]:
        cands = board.cands
        lay = board.layout
        for rect, m, c1, c2 in _roofed(board, self.missing_candidates):
            both = 1 << c1 | 1 << c2
            for x in mask_digits(m):
                y = (m & ~_bit(x)).bit_length()
                pos = board.positions(x)
                where = next(
                    (h for h in _shared_houses(lay, c1, c2)
                     if lay.houses[h].full and pos & lay.houses[h].mask == both),
                    None,
                )
                if where is None:
                    continue
                elims = [(c, y) for c in (c1, c2) if cands[c] & _bit(y)]
                if not elims:
                    continue
                yield self._step(
                    board, rect, m, elims,
                    f"{_corners(lay, rect)} would be a deadly pattern of {digits_text(m, 'and')}"
                    f" (a unique rectangle); {_locked_text(lay, where, c1, c2, x, y)}",
                    houses=(where,),
                )


class UniqueRectangle5(_Rectangle):
    """Two diagonal corners or three corners exactly {x,y,z}: z leaves their common peers."""

    code = "ur5"
    label = "Uniqueness Test 5"

    def find(self, board: Board) -> Iterator[Step]:
        cands = board.cands
        lay = board.layout
        for rect, m in _rectangles(board, self.missing_candidates):
            roof = [c for c in rect if cands[c] & ~m]
            if len(roof) == 2 and _roof(cands, rect, m) is not None:
                continue  # two on a side: type 2
            if len(roof) not in (2, 3) or any(
                cands[c] & ~m != cands[roof[0]] & ~m for c in roof
            ):
                continue
            extra = cands[roof[0]] & ~m
            if extra.bit_count() != 1:
                continue
            z = extra.bit_length()
            targets = _seen_by_all(board, z, roof)
            if not targets:
                continue
            yield self._step(
                board, rect, m, [(t, z) for t in bits(targets)],
                f"{_corners(lay, rect)} would be a deadly pattern of {digits_text(m, 'and')}"
                f" (a unique rectangle), so one of {cells_text(lay, roof)}, the corners with"
                f" the extra {digit_char(z)}, is {digit_char(z)}",
                fins=tuple((c, z) for c in roof),
            )


class UniqueRectangle6(_Rectangle):
    """Two diagonal corners {x,y}; x locked to the corners in both rows or both columns."""

    code = "ur6"
    label = "Uniqueness Test 6"

    def find(self, board: Board) -> Iterator[Step]:
        cands = board.cands
        lay = board.layout
        rules = _rules(lay)
        n = lay.size
        for rect, m in _rectangles(board, self.missing_candidates):
            for diag, other in (((0, 3), (1, 2)), ((1, 2), (0, 3))):
                a, d = rect[diag[0]], rect[diag[1]]
                b, c = rect[other[0]], rect[other[1]]
                if cands[a] & ~m or cands[d] & ~m or not cands[b] & ~m or not cands[c] & ~m:
                    continue
                corners = 1 << a | 1 << b | 1 << c | 1 << d
                for x in mask_digits(m):
                    pos = board.positions(x)
                    lines = [
                        (rules.rows[a // n], rules.rows[d // n], "rows"),
                        (rules.cols[a % n], rules.cols[d % n], "columns"),
                    ]
                    where = next(
                        (w for one, two, w in lines if pos & (one | two) & ~corners == 0),
                        None,
                    )
                    if where is None:
                        continue
                    elims = [(t, x) for t in (b, c) if cands[t] & _bit(x)]
                    if not elims:
                        continue
                    y = (m & ~_bit(x)).bit_length()
                    yield self._step(
                        board, rect, m, elims,
                        f"{_corners(lay, rect)} would be a deadly pattern of"
                        f" {digits_text(m, 'and')} (a unique rectangle); in the two {where} of"
                        f" the rectangle {digit_char(x)} can only be in its corners, so it fills"
                        f" one diagonal, and on {lay.name(b)} and {lay.name(c)} it would leave"
                        f" {digit_char(y)} to {lay.name(a)} and {lay.name(d)}, completing the"
                        " pattern",
                    )


class HiddenRectangle(_Rectangle):
    """A bivalue corner, x locked to the rectangle in the row and column of the opposite
    corner: that corner loses y."""

    code = "hr"
    label = "Hidden Rectangle"

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        rules = _rules(lay)
        if not rules.usable:
            return
        n = lay.size
        cands = board.cands
        for a in context(board).bivalue:
            m = cands[a]
            row_a, col_a = divmod(a, n)
            for x in mask_digits(m):
                y = (m & ~_bit(x)).bit_length()
                pos = board.positions(x)
                for b in bits(pos & rules.rows[row_a] & ~(1 << a)):
                    down = pos & rules.cols[b % n] & ~(1 << b)
                    if down.bit_count() != 1:
                        continue
                    far = _low(down)
                    if not cands[far] & _bit(y):
                        continue
                    c = far // n * n + col_a
                    if pos & rules.rows[far // n] != 1 << far | 1 << c:
                        continue
                    rect = _ordered(n, a, b, c, far)
                    if any(cands[k] == m and k not in (a, far) for k in rect):
                        continue  # two bivalue corners on a side: types 2-4 take it
                    if not rules.swappable(rect, m):
                        continue
                    yield self._step(
                        board, rect, m, [(far, y)],
                        f"{_corners(lay, rect)} would be a deadly pattern of"
                        f" {digits_text(m, 'and')} (a hidden rectangle): {lay.name(a)} can"
                        f" only be {digits_text(m)}, and {digit_char(x)} can only be in"
                        f" {lay.name(c)} or {lay.name(far)} in row {far // n + 1} and in"
                        f" {lay.name(b)} or {lay.name(far)} in column {far % n + 1}; if"
                        f" {lay.name(far)} were {digit_char(y)}, {digit_char(x)} would fill"
                        f" {lay.name(b)} and {lay.name(c)} and {lay.name(a)} would be"
                        f" {digit_char(y)}, completing the pattern",
                    )


class AvoidableRectangle(_Rectangle):
    """Types 1 and 2 over corners solved by placement (not givens)."""

    code = "ar"

    def find(self, board: Board) -> Iterator[Step]:
        givens = getattr(board, "givens", None)
        if givens is None:
            return
        rules = _rules(board.layout)
        if not rules.usable:
            return
        solved = _Solved(board, givens)
        if solved.cells & (solved.cells - 1):
            yield from self._type1(board, rules, solved)
            yield from self._type2(board, rules, solved)

    def _type1(self, board: Board, rules: _Rules, solved: _Solved) -> Iterator[Step]:
        lay = board.layout
        n = lay.size
        cands = board.cands
        for y in range(1, n + 1):
            cells = list(bits(solved.by_digit[y]))
            for i, p in enumerate(cells):
                for q in cells[i + 1:]:
                    # p and q hold y on a diagonal; a is one of the other two corners
                    # (solved, x) and d the last one (open, with x)
                    for a, d in ((p - p % n + q % n, q - q % n + p % n),
                                 (q - q % n + p % n, p - p % n + q % n)):
                        x = solved.value.get(a)
                        if x is None or not solved.open >> d & 1 or not cands[d] & _bit(x):
                            continue
                        rect = _ordered(n, a, p, q, d)
                        pair = _bit(x) | _bit(y)
                        if not rules.swappable(rect, pair):
                            continue
                        yield self._ar_step(
                            board, rect, pair, [(d, x)], 1,
                            f"{lay.name(a)}={digit_char(x)}, {lay.name(p)}={digit_char(y)} and"
                            f" {lay.name(q)}={digit_char(y)} were not given, so if"
                            f" {lay.name(d)} were {digit_char(x)} the two digits could be"
                            f" swapped in {_corners(lay, rect)} (an avoidable rectangle)",
                        )

    def _type2(self, board: Board, rules: _Rules, solved: _Solved) -> Iterator[Step]:
        lay = board.layout
        n = lay.size
        cands = board.cands
        peers = lay.peers
        biv = context(board).bivalue
        for i, ca in enumerate(biv):
            row_a, col_a = divmod(ca, n)
            for db in biv[i + 1:]:
                if db // n == row_a:
                    cross = rules.cols[col_a]
                elif db % n == col_a:
                    cross = rules.rows[row_a]
                else:
                    continue
                zbit = cands[ca] & cands[db]
                if zbit.bit_count() != 1:
                    continue
                y = (cands[ca] ^ zbit).bit_length()
                x = (cands[db] ^ zbit).bit_length()
                # a faces ca across the rectangle and holds x (so ca would be y); b faces
                # db and holds y (so db would be x)
                for a in bits(cross & solved.by_digit[x]):
                    b = a + db - ca
                    if not solved.by_digit[y] >> b & 1:
                        continue
                    z = zbit.bit_length()
                    targets = board.positions(z) & peers[ca] & peers[db]
                    if not targets:
                        continue
                    rect = _ordered(n, a, b, ca, db)
                    pair = _bit(x) | _bit(y)
                    if not rules.swappable(rect, pair):
                        continue
                    yield self._ar_step(
                        board, rect, pair, [(t, z) for t in bits(targets)], 2,
                        f"{lay.name(a)}={digit_char(x)} and {lay.name(b)}={digit_char(y)}"
                        f" were not given, so if neither {lay.name(ca)} nor {lay.name(db)}"
                        f" were {digit_char(z)} the two digits could be swapped in"
                        f" {_corners(lay, rect)} (an avoidable rectangle): one of them is"
                        f" {digit_char(z)}",
                        fins=((ca, z), (db, z)),
                    )

    def _ar_step(
        self,
        board: Board,
        rect: Rect,
        pair: int,
        elims: list[tuple[int, int]],
        kind: int,
        why: str,
        fins: tuple[tuple[int, int], ...] = (),
    ) -> Step:
        return self._step(
            board, rect, pair, elims, why, fins=fins, name=f"Avoidable Rectangle Type {kind}"
        )


class _Solved:
    """The cells whose digit is known but not given: placed, or down to one candidate."""

    def __init__(self, board: Board, givens: int) -> None:
        size = board.layout.size
        self.value: dict[int, int] = {}
        self.by_digit = [0] * (size + 1)
        known = 0
        for d in range(1, size + 1):
            self.by_digit[d] = board.placed(d) & ~givens
            known |= self.by_digit[d]
        cands = board.cands
        for c in bits(board.empty):
            m = cands[c]
            if m and not m & (m - 1):
                self.by_digit[m.bit_length()] |= 1 << c
                known |= 1 << c
        for d in range(1, size + 1):
            for c in bits(self.by_digit[d]):
                self.value[c] = d
        #: Every solved cell that is not a given.
        self.cells = known
        #: Unplaced cells with two candidates or more.
        self.open = board.empty & ~known


def _ordered(n: int, *cells: int) -> Rect:
    rows = sorted({c // n for c in cells})
    cols = sorted({c % n for c in cells})
    (top, bottom), (left, right) = rows, cols
    return (top * n + left, top * n + right, bottom * n + left, bottom * n + right)


class BugPlusOne(Technique):
    """Every unsolved cell bivalue but one trivalue cell: its extra digit is its value."""

    code = "bug"

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        rules = _rules(lay)
        if not rules.bug:
            return
        cands = board.cands
        extra_cell = -1
        for c in bits(board.empty):
            k = cands[c].bit_count()
            if k == 2:
                continue
            if k != 3 or extra_cell >= 0:
                return
            extra_cell = c
        if extra_cell < 0:
            return
        t = extra_cell
        found = 0
        for d in mask_digits(cands[t]):
            if self._grave_without(board, t, d):
                found = d
                break
        if not found:
            return
        placements = ((t, found),)
        houses = lay.cell_houses[t]
        ch = digit_char(found)
        yield Step(
            self.code,
            placements=placements,
            explanation=(
                f"every unsolved cell but {lay.name(t)} has two candidates and every digit has"
                f" two places in each house, except {ch}, which has three in the houses of"
                f" {lay.name(t)} (BUG+1); without {ch} there the board would have no solution"
                f" or several, so {lay.name(t)} is {ch}"
            ),
            cells=(t,),
            houses=houses,
            digits=(found,),
            candidates=tuple((t, d) for d in mask_digits(cands[t])),
            notation=f"Bivalue Universal Grave + 1 => {changes_notation(lay, placements, ())}",
        )

    @staticmethod
    def _grave_without(board: Board, t: int, d: int) -> bool:
        """True when removing ``d`` from cell ``t`` leaves a bivalue universal grave."""
        lay = board.layout
        for house in lay.houses:
            for e in range(1, lay.size + 1):
                spots = board.positions(e) & house.mask
                if not spots:
                    continue
                count = spots.bit_count()
                if e == d and spots >> t & 1:
                    count -= 1
                if count != 2:
                    return False
        return True


def _grave_extras(board: Board) -> dict[int, int] | None:
    """The extra candidates of a bivalue universal grave plus some, by cell, or None.

    None when the board is no grave with extras: a house rule other than full houses, an
    unsolved cell left with other than two candidates once its extras go, or a digit
    without exactly two places in a house that lacks it.
    """
    ctx = context(board)

    def build() -> dict[int, int] | None:
        lay = board.layout
        if not _rules(lay).bug:
            return None
        cands = board.cands
        n = lay.size
        counts = [[(board.positions(d) & h.mask).bit_count() for d in range(1, n + 1)]
                  for h in lay.houses]
        extras: dict[int, int] = {}
        for c in bits(board.empty):
            m = cands[c]
            if m.bit_count() == 2:
                continue
            extra = 0
            for d in mask_digits(m):
                if all(counts[h][d - 1] > 2 for h in lay.cell_houses[c]):
                    extra |= _bit(d)
            if (m & ~extra).bit_count() != 2:
                return None
            extras[c] = extra
        if not extras:
            return None
        for index, house in enumerate(lay.houses):
            for d in range(1, n + 1):
                count = counts[index][d - 1]
                if not count:
                    continue
                for c in bits(house.mask):
                    if extras.get(c, 0) & _bit(d):
                        count -= 1
                if count != 2:
                    return None
        return extras

    return ctx.memo("uniqueness.grave-extras", build)


class _Bug(Technique):
    """Shared words for BUG types 2 to 4."""

    def _grave(self, board: Board) -> tuple[dict[int, int], list[int]] | None:
        extras = _grave_extras(board)
        if extras is None or len(extras) < 2:
            return None  # one extra cell is BUG+1's
        return extras, sorted(extras)

    def _bug_step(
        self, board: Board, extras: dict[int, int], elims: list[tuple[int, int]], why: str,
        *, cells: tuple[int, ...] = (), houses: tuple[int, ...] = (),
    ) -> Step:
        lay = board.layout
        elims.sort()
        fins = tuple((c, d) for c in sorted(extras) for d in mask_digits(extras[c]))
        extra_text = ", ".join(f"{lay.name(c)}={digit_char(d)}" for c, d in fins)
        return Step(
            self.code,
            eliminations=tuple(elims),
            explanation=(
                "every unsolved cell would have two candidates and every digit two places in"
                f" each house but for the extra candidates {extra_text} (a bivalue universal"
                " grave, which has no solution or several), so with one solution at least one"
                f" of them is true; {why}: {removal_text(lay, elims)}"
            ),
            cells=cells or tuple(sorted(extras)),
            houses=houses,
            digits=tuple(sorted({d for _, d in fins})),
            fins=fins,
            notation=notation(lay, self.name, extra_text, (), elims),
        )


class BugType2(_Bug):
    """The extra candidates are all one digit: it leaves every cell that sees them all."""

    code = "bug2"

    def find(self, board: Board) -> Iterator[Step]:
        grave = self._grave(board)
        if grave is None:
            return
        extras, cells = grave
        union = 0
        for m in extras.values():
            union |= m
        if union.bit_count() != 1 or any(m != union for m in extras.values()):
            return
        z = union.bit_length()
        targets = board.positions(z)
        for c in cells:
            targets &= board.layout.peers[c]
        if not targets:
            return
        yield self._bug_step(
            board, extras, [(t, z) for t in bits(targets)],
            f"they are all {digit_char(z)}, and {cells_text(board.layout, targets)}"
            f" {'see' if targets & (targets - 1) else 'sees'} every one of them",
        )


def _common_houses(layout: Layout, cells: list[int]) -> list[int]:
    mask = 0
    for c in cells:
        mask |= 1 << c
    return [h for h in layout.cell_houses[cells[0]] if layout.houses[h].mask & mask == mask]


class BugType3(_Bug):
    """The extra cells share a house; their extras and other cells make a naked subset."""

    code = "bug3"

    def find(self, board: Board) -> Iterator[Step]:
        grave = self._grave(board)
        if grave is None:
            return
        extras, cells = grave
        lay = board.layout
        cands = board.cands
        x = 0
        inside = 0
        for c in cells:
            x |= extras[c]
            inside |= 1 << c
        for h in _common_houses(lay, cells):
            house = lay.houses[h]
            others = [c for c in bits(house.mask & board.empty & ~inside)]
            for k in range(1, 4):
                for subset in combinations(others, k):
                    union = x
                    for c in subset:
                        union |= cands[c]
                    if union.bit_count() != k + 1:
                        continue
                    used = inside
                    for c in subset:
                        used |= 1 << c
                    elims = [
                        (t, d) for t in bits(house.mask & board.empty & ~used)
                        for d in mask_digits(cands[t] & union)
                    ]
                    if not elims:
                        continue
                    yield self._bug_step(
                        board, extras, elims,
                        f"{cells_text(lay, cells, 'or')} holds"
                        f" {'one of ' if x & (x - 1) else ''}{digits_text(x)}, so with"
                        f" {cells_text(lay, subset)} they make a naked {_WORD[k + 1]} of"
                        f" {digits_text(union, 'and')} in {house.name}",
                        cells=(*cells, *subset), houses=(h,),
                    )


class BugType4(_Bug):
    """Two extra cells share a house where a common digit is locked to them."""

    code = "bug4"

    def find(self, board: Board) -> Iterator[Step]:
        grave = self._grave(board)
        if grave is None or len(grave[1]) != 2:
            return
        extras, cells = grave
        c1, c2 = cells
        lay = board.layout
        cands = board.cands
        pair = 1 << c1 | 1 << c2
        common = cands[c1] & cands[c2] & ~extras[c1] & ~extras[c2]
        for h in _common_houses(lay, cells):
            for a in mask_digits(common):
                if board.positions(a) & lay.houses[h].mask != pair:
                    continue
                keep = {c: extras[c] | _bit(a) for c in cells}
                elims = [(c, d) for c in cells for d in mask_digits(cands[c] & ~keep[c])]
                if not elims:
                    continue
                yield self._bug_step(
                    board, extras, elims,
                    f"{lay.houses[h].name} has {digit_char(a)} only in {lay.name(c1)} and"
                    f" {lay.name(c2)}, so one of them is {digit_char(a)} and the other its"
                    f" extra: {lay.name(c1)} is {digits_text(keep[c1])}, {lay.name(c2)} is"
                    f" {digits_text(keep[c2])}",
                    houses=(h,),
                )


# -- unique loops ----------------------------------------------------------------------

#: Loops of up to this many cells, with at most this many cells holding extra candidates,
#: and at most this many extension steps per board (the search gives up beyond).
_LOOP_MAX = 14
_LOOP_EXTRAS = 3
_LOOP_BUDGET = 60_000


class UniqueLoop(Technique):
    """A unique rectangle stretched into a loop of six or more cells.

    The cells hold x and y (and maybe more), each shares a house with the next, and every
    house holds none or exactly two of them, an odd number of steps apart along the loop.
    Filled with x and y alone they would alternate along the loop and could be swapped:
    a second solution. So at least one cell holds another digit: type 1 (one cell has
    extras: it loses x and y), type 2 (every extra is the same z: cells that see all of
    them lose z), type 3 (two cells of extras in one house act as one cell in a naked
    subset with other cells of the house) and type 4 (two cells of extras in one house,
    the only places there for x: neither can be y).
    """

    code = "ul"

    def __init__(self) -> None:
        # The loops of a pair of digits depend only on the cells holding both and which of
        # those hold nothing else: its memo keeps them, with the budget their walk took,
        # while the layout is the same (most pairs do not change from one step to the next).
        self._known = QuietParts()

    def find(self, board: Board) -> Iterator[Step]:
        rules = _rules(board.layout)
        if not rules.usable:
            return
        self._known.follow(board)
        memo = self._known.memo
        done: set[tuple[int, int]] = set()
        budget = [_LOOP_BUDGET]
        n = board.layout.size
        cands = board.cands
        for x in range(1, n + 1):
            for y in range(x + 1, n + 1):
                pair = _bit(x) | _bit(y)
                cells = board.positions(x) & board.positions(y) & rules.plain
                if cells.bit_count() < 6:
                    continue
                bivalue = sum(1 << c for c in bits(cells) if cands[c] == pair)
                walk = ("loops", pair, cells, bivalue)
                known = memo.get(walk)
                if known is not None and budget[0] >= known[1]:
                    loops, used = known
                    budget[0] -= used
                else:  # a walk that ran to its end takes the same budget again
                    start = budget[0]
                    loops = list(_loops(board, cells, pair, budget))
                    if budget[0] >= 0:
                        memo[walk] = (loops, start - budget[0])
                for loop in loops:
                    key = (sum(1 << c for c in loop), pair)
                    if key in done:
                        continue
                    done.add(key)
                    yield from self._types(board, loop, pair)
                if budget[0] < 0:
                    return

    def _types(self, board: Board, loop: list[int], pair: int) -> Iterator[Step]:
        lay = board.layout
        cands = board.cands
        extra = [c for c in loop if cands[c] & ~pair]
        if not extra:
            return  # a deadly pattern on the board itself: not for this technique
        x, y = mask_digits(pair)
        shape = f"{digits_text(pair, 'and')} in {cells_text(lay, loop)}"
        lead = (f"{shape} would be a deadly pattern (a unique loop: alternating along the loop,"
                " the two digits could be swapped)")
        if len(extra) == 1:
            (t,) = extra
            elims = [(t, d) for d in (x, y)]
            yield self._step(board, loop, pair, 1, elims, f"{lead}, so {lay.name(t)}, the only"
                             " cell with another candidate, must be something else")
            return
        extras = 0
        for c in extra:
            extras |= cands[c] & ~pair
        if extras.bit_count() == 1:
            z = extras.bit_length()
            seen = _seen_by_all(board, z, extra)
            if seen:
                yield self._step(
                    board, loop, pair, 2, [(t, z) for t in bits(seen)],
                    f"{lead}, so one of {cells_text(lay, extra)} is {digit_char(z)}",
                    fins=tuple((c, z) for c in extra))
        if len(extra) != 2:
            return
        c1, c2 = extra
        for h in _shared_houses(lay, c1, c2):
            yield from self._type3(board, loop, pair, c1, c2, h, lead)
            house = lay.houses[h]
            if not house.full:
                continue
            for d, other in ((x, y), (y, x)):
                if board.positions(d) & house.mask == 1 << c1 | 1 << c2:
                    elims = [(c, other) for c in (c1, c2)]
                    yield self._step(
                        board, loop, pair, 4, elims,
                        f"{lead}; {_locked_text(lay, h, c1, c2, d, other)}", houses=(h,))

    def _type3(
        self, board: Board, loop: list[int], pair: int, c1: int, c2: int, h: int, lead: str
    ) -> Iterator[Step]:
        lay = board.layout
        extra = (board.cands[c1] | board.cands[c2]) & ~pair
        for subset, union, elims in _naked_subsets(board, h, c1, c2, extra, pair, 3):
            yield self._step(
                board, loop, pair, 3, elims,
                f"{lead}, so {_subset_text(lay, h, c1, c2, extra, subset, union)}",
                houses=(h,), subset=subset)

    def _step(
        self, board: Board, loop: list[int], pair: int, kind: int,
        elims: list[tuple[int, int]], why: str, *, fins: tuple[tuple[int, int], ...] = (),
        houses: tuple[int, ...] = (), subset: tuple[int, ...] = (),
    ) -> Step:
        lay = board.layout
        cands = board.cands
        elims = sorted(elims)
        x, y = mask_digits(pair)
        name = f"Unique Loop Type {kind}"
        pattern = f"{digit_char(x)}/{digit_char(y)} in {'-'.join(lay.name(c) for c in loop)}"
        return Step(
            self.code,
            eliminations=tuple(elims),
            explanation=f"{why}: {removal_text(lay, elims)}",
            cells=(*loop, *subset),
            houses=houses,
            digits=(x, y),
            fins=fins,
            candidates=tuple((c, d) for c in loop for d in (x, y) if cands[c] & _bit(d)),
            notation=notation(lay, name, pattern, (), elims),
            name=name,
        )


def _loops(board: Board, cells: int, pair: int, budget: list[int]) -> Iterator[list[int]]:
    """Loops of 6 to ``_LOOP_MAX`` cells of ``cells`` (in loop order, from their lowest
    bivalue cell) where consecutive cells share a house and every house holds none or two
    loop cells, next to each other on the loop; at most ``_LOOP_EXTRAS`` cells with
    candidates beyond ``pair``. ``budget[0]`` counts the extensions left."""
    cands = board.cands
    bivalue = 0
    for c in bits(cells):
        if cands[c] == pair:
            bivalue |= 1 << c
    # every loop has bivalue cells (at most _LOOP_EXTRAS cells have more); start from its
    # lowest one
    for start in bits(bivalue):
        walk = _LoopWalk(board, cells & ~(bivalue & ((1 << (start + 1)) - 1)), pair, start)
        yield from walk.grow(budget)


class _LoopWalk:
    """The depth-first walk of ``_loops`` from one start cell."""

    def __init__(self, board: Board, allowed: int, pair: int, start: int) -> None:
        self.lay = board.layout
        self.cands = board.cands
        self.allowed = allowed
        self.pair = pair
        self.path = [start]
        self.count: dict[int, int] = dict.fromkeys(self.lay.cell_houses[start], 1)
        self.first = set(self.lay.cell_houses[start])
        self.extra = 0

    def grow(self, budget: list[int]) -> Iterator[list[int]]:
        budget[0] -= 1
        if budget[0] < 0 or len(self.path) >= _LOOP_MAX:
            return
        lay = self.lay
        path, count = self.path, self.count
        mine = lay.cell_houses[path[-1]]
        for h in mine:
            if count[h] != 1:
                continue  # the link's house must hold only the last cell so far
            for nxt in bits(lay.houses[h].mask & self.allowed):
                if nxt in path:
                    continue
                state = _joins(lay.cell_houses[nxt], count, mine, self.first)
                more = 1 if self.cands[nxt] & ~self.pair else 0
                if state < 0 or self.extra + more > _LOOP_EXTRAS:
                    continue
                path.append(nxt)
                if state:  # closes: a loop if the houses work out, never a longer path
                    if len(path) >= 6 and not len(path) % 2 and _closed(lay, path):
                        yield list(path)
                    path.pop()
                    continue
                self.extra += more
                for g in lay.cell_houses[nxt]:
                    count[g] = count.get(g, 0) + 1
                yield from self.grow(budget)
                for g in lay.cell_houses[nxt]:
                    count[g] -= 1
                self.extra -= more
                path.pop()


def _joins(
    houses: tuple[int, ...], count: dict[int, int], mine: tuple[int, ...], first: set[int]
) -> int:
    """How a cell of ``houses`` joins the path: -1 it can't (a house would hold a third
    loop cell, or a second one not next to it), 1 it closes the loop (it shares a house
    with the first cell only), 0 it extends the path."""
    closing = 0
    for g in houses:
        k = count.get(g, 0)
        if k == 1 and g not in mine and g in first:
            closing = 1
        elif k > (1 if g in mine else 0):
            return -1
    return closing


def _closed(lay: Layout, path: list[int]) -> bool:
    """Whether closing ``path`` (back to its first cell) leaves every house with none or
    two loop cells, an odd number of steps apart."""
    where: dict[int, list[int]] = {}
    for i, c in enumerate(path):
        for g in lay.cell_houses[c]:
            where.setdefault(g, []).append(i)
    n = len(path)
    for idx in where.values():
        if len(idx) != 2:
            return False
        step = abs(idx[0] - idx[1])
        if min(step, n - step) % 2 == 0:
            return False
    return True
