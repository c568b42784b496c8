"""Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish and Empty Rectangle.

Skyscraper, 2-String Kite and Turbot Fish are one pattern: two strong links on a digit
d, ``a1 = b1`` and ``a2 = b2`` (each a full house where d has exactly those two places,
``ctx.conjugates``), joined by a weak link ``b1 - b2`` (the two cells see each other,
``layout.peers``, so extra sees-rules count). b1 and b2 are not both d, so a1 or a2
is; a cell that sees both a1 and a2 cannot be d. The four cells must differ. The
step is named by its classic shape, HoDoKu's names:

* Skyscraper: both strong links in rows (or both in columns), b1 and b2 in one column
  (row). When a1 and a2 share a column (row) too, the four cells are an X-Wing, which
  is not reported here at all.
* 2-String Kite: one strong link in a row, the other in a column, b1 and b2 in one box
  (or jigsaw region).
* Turbot Fish: every other such chain (a box strong link, b1 and b2 joined by a box
  between two row links, or by an anti-knight move, a diagonal, ...). A chain is
  reported under the first of the three names it fits, and only there. b1 and b2
  are never among the cells that lose d: when b1 sees a2 it sees both places of d in
  the house of a2 = b2, and Locked Candidates (earlier on the ladder) removes it.

Empty Rectangle: in a box (or jigsaw region) every place for d lies in one row R and
one column C crossing it, with at least one place on R off C and one on C off R. If
a conjugate pair p = q of d in a column has p on R outside the box, then q or p is d;
if p is, the box's d is on C off R. A cell of C outside the box that sees q loses d
(on a classic grid, the cell where q's row crosses C). The same with rows and columns
swapped.

Dual 2-String Kite and Dual Empty Rectangle (HoDoKu's names): two kites that share the
two cells in the box (the same b1 and b2, each with a strong link out of the box in both
directions), or two empty rectangles in the same box of the same digit, each removing
something the other does not. Each half is sound on its own; the dual is one step that
says both.

Everything reads full houses for strong links and ``layout.peers`` for weak ones, so
all four work on every layout; the shapes that name them need rows and columns, which
every layout has, and boxes or regions for the kite and the empty rectangle.
"""

from __future__ import annotations

from yass.core.board import Board
from yass.core.geometry import bits, digit_char
from yass.core.layout import Layout
from yass.core.record import record
from yass.core.step import Link, Node, Step, house_name, notation
from yass.logic.techniques.base import Technique, cells_text
from yass.logic.techniques.context import QuietDigits, context

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Iterator

__all__ = [
    "DualEmptyRectangle",
    "DualTwoStringKite",
    "EmptyRectangle",
    "Skyscraper",
    "TurbotFish",
    "TwoStringKite",
]

_BOXLIKE = ("box", "region")


@record(frozen=True)
class _Chain:
    """``a1 = b1 - b2 = a2`` on ``digit``; ``h1``/``h2`` the houses of the strong links."""

    kind: str
    digit: int
    a1: int
    b1: int
    b2: int
    a2: int
    h1: int
    h2: int
    targets: int


def _coord(cell: int, n: int, column: bool) -> int:
    return cell % n if column else cell // n


def _kind_of(lay: Layout, houses1: list[int], houses2: list[int], a1: int, b1: int,
             b2: int, a2: int) -> tuple[str, int, int]:
    """("sky" | "kite" | "tf" | "", house of link 1, house of link 2); "" for an X-Wing."""
    n = lay.size
    kinds1 = {lay.houses[h].kind: h for h in houses1}
    kinds2 = {lay.houses[h].kind: h for h in houses2}
    for line, across in (("row", True), ("column", False)):
        # Rows cross in a column: compare columns (and rows for two column links).
        if line in kinds1 and line in kinds2 and (
            _coord(b1, n, across) == _coord(b2, n, across)
        ):
            if _coord(a1, n, across) == _coord(a2, n, across):
                return "", 0, 0
            return "sky", kinds1[line], kinds2[line]
    shared_box = any(
        lay.houses[h].kind in _BOXLIKE and lay.houses[h].mask >> b2 & 1
        for h in lay.cell_houses[b1]
    )
    if shared_box:
        if "row" in kinds1 and "column" in kinds2:
            return "kite", kinds1["row"], kinds2["column"]
        if "column" in kinds1 and "row" in kinds2:
            return "kite", kinds1["column"], kinds2["row"]
    return "tf", houses1[0], houses2[0]


def _lines(lay: Layout) -> dict[tuple[str, int], int]:
    """The house index of each row and column, by kind and number (0-based)."""
    return {
        (house.kind, house.number - 1): index
        for index, house in enumerate(lay.houses)
        if house.kind in ("row", "column")
    }


def _chains(board: Board, d: int) -> list[_Chain]:
    """Every two-strong-link chain on ``d`` that removes something (built once per board)."""
    ctx = context(board)
    table: dict[int, list[_Chain]] = ctx.memo(f"single-digit-chains-{board.empty}", dict)
    if d in table:
        return table[d]
    lay = board.layout
    peers = lay.peers
    pos = board.positions(d)
    partners: dict[int, dict[int, list[int]]] = {}
    for a, b, h in ctx.conjugates(d):
        partners.setdefault(a, {}).setdefault(b, []).append(h)
        partners.setdefault(b, {}).setdefault(a, []).append(h)
    ends = 0
    for c in partners:
        ends |= 1 << c
    out: list[_Chain] = []
    for b1 in sorted(partners):
        for b2 in bits(peers[b1] & ends & ~((2 << b1) - 1)):
            for a1, houses1 in partners[b1].items():
                if a1 == b2:
                    continue
                for a2, houses2 in partners[b2].items():
                    if a2 in (a1, b1):
                        continue
                    # b1 or b2 seeing both ends sees both places of the other strong
                    # link's house: a locked candidate (``ic``), not this pattern's.
                    targets = pos & peers[a1] & peers[a2] & ~(1 << b1 | 1 << b2)
                    if not targets:
                        continue
                    kind, h1, h2 = _kind_of(lay, houses1, houses2, a1, b1, b2, a2)
                    if kind:
                        out.append(_Chain(kind, d, a1, b1, b2, a2, h1, h2, targets))
    table[d] = out
    return out


class _TwoLinkPattern(Technique):
    """Skyscraper, 2-String Kite, Turbot Fish: the chains of one shape."""

    kind = ""

    def __init__(self) -> None:
        super().__init__()
        self._quiet = QuietDigits()  # (the chains of a digit depend on its places alone)

    def find(self, board: Board) -> Iterator[Step]:
        for d, pos in self._quiet.live(board):
            seen: set[int] = set()
            for chain in _chains(board, d):
                if chain.kind == self.kind and chain.targets not in seen:
                    seen.add(chain.targets)
                    yield self._step(board, chain)
            if not seen:
                self._quiet.remember(board.layout, d, pos)

    def _order(self, board: Board, ch: _Chain) -> _Chain:
        """The chain read from its first end (the row link of a kite; the lower end else)."""
        lay = board.layout
        flip = False
        if self.kind == "kite":
            flip = lay.houses[ch.h1].kind != "row"
        elif self.kind == "sky":
            flip = ch.h2 < ch.h1
        else:
            flip = ch.a2 < ch.a1
        if not flip:
            return ch
        return _Chain(ch.kind, ch.digit, ch.a2, ch.b2, ch.b1, ch.a1, ch.h2, ch.h1, ch.targets)

    def _step(self, board: Board, chain: _Chain) -> Step:
        return _TwoLinkPattern._parts(self, board, chain, self.name)

    def _parts(self, board: Board, chain: _Chain, label: str) -> Step:
        lay = board.layout
        c = self._order(board, chain)
        d = c.digit
        ch = digit_char(d)
        elims = tuple((t, d) for t in bits(c.targets))
        name = lay.name
        if self.kind == "tf":
            pattern = (
                f"{ch} {name(c.a1)} ={ch}= {name(c.b1)} -{ch}- {name(c.b2)} ={ch}= {name(c.a2)}"
            )
        else:
            pattern = (
                f"{ch} in {name(c.a1)},{name(c.a2)}"
                f" (connected by {name(c.b1)},{name(c.b2)})"
            )
        nodes = [Node((x,), d) for x in (c.a1, c.b1, c.b2, c.a2)]
        links = (
            Link(nodes[0], nodes[1], True),
            Link(nodes[1], nodes[2], False),
            Link(nodes[2], nodes[3], True),
        )
        many = c.targets & (c.targets - 1)
        house1, house2 = lay.houses[c.h1].name, lay.houses[c.h2].name
        return Step(
            self.code,
            eliminations=elims,
            explanation=(
                f"{house1} has {ch} only in {name(c.a1)} and {name(c.b1)}, {house2} only in"
                f" {name(c.a2)} and {name(c.b2)}; {name(c.b1)} and {name(c.b2)} can't both be"
                f" {ch} ({lay.why_sees(c.b1, c.b2)}), so {name(c.a1)} or {name(c.a2)} is {ch},"
                f" and {cells_text(lay, c.targets)} {'see' if many else 'sees'} both of them:"
                f" {'they' if many else 'it'} can't be {ch}"
            ),
            cells=(c.a1, c.b1, c.b2, c.a2),
            houses=(c.h1, c.h2),
            digits=(d,),
            chain=links,
            candidates=tuple((x, d) for x in (c.a1, c.b1, c.b2, c.a2)),
            notation=notation(lay, label, pattern, (), elims),
        )


class Skyscraper(_TwoLinkPattern):
    code = "sky"
    kind = "sky"


class TwoStringKite(_TwoLinkPattern):
    code = "kite"
    kind = "kite"


class TurbotFish(_TwoLinkPattern):
    code = "tf"
    kind = "tf"


class DualTwoStringKite(_TwoLinkPattern):
    """Two 2-String Kites through the same two cells of a box."""

    code = "d2sk"
    kind = "kite"

    def find(self, board: Board) -> Iterator[Step]:
        for d, pos in self._quiet.live(board):
            by_box: dict[int, list[_Chain]] = {}
            for chain in _chains(board, d):
                if chain.kind == "kite":
                    by_box.setdefault(1 << chain.b1 | 1 << chain.b2, []).append(chain)
            seen: set[int] = set()
            for kites in by_box.values():
                for i, one in enumerate(kites):
                    for two in kites[i + 1:]:
                        if not (one.targets & ~two.targets and two.targets & ~one.targets):
                            continue  # one of the two adds nothing
                        both = one.targets | two.targets
                        if both in seen:
                            continue
                        seen.add(both)
                        yield self._dual(board, one, two)
            if not seen:
                self._quiet.remember(board.layout, d, pos)

    def _dual(self, board: Board, one: _Chain, two: _Chain) -> Step:
        lay = board.layout
        first = self._parts(board, one, "2-String Kite")
        second = self._parts(board, two, "2-String Kite")
        d = one.digit
        pattern = "; ".join(s.notation.split(": ", 1)[1].split(" =>")[0] for s in (first, second))
        return _joined(
            self, lay, first, second, d,
            f"two 2-String Kites on {digit_char(d)} pass through the same two cells of a box",
            pattern, first.chain + second.chain,
        )


class EmptyRectangle(Technique):
    """A box whose places for a digit form a cross, and a conjugate pair in a line."""

    code = "er"

    def __init__(self) -> None:
        super().__init__()
        # (a digit's rectangles depend on its places and placed cells alone)
        self._quiet = QuietDigits()

    def find(self, board: Board) -> Iterator[Step]:
        for d, key in self._quiet.live(board, placed=True):
            found = False
            for one in self._found(board, d):
                found = True
                yield self._step(board, *one)
            if not found:
                self._quiet.remember(board.layout, d, key)

    def _found(self, board: Board, d: int) -> Iterator[tuple[int, int, int, int, int, int,
                                                             tuple[int, int], int, int]]:
        """(digit, box, spots, p, q, p's line, cross, part, targets) of each rectangle of
        digit ``d``."""
        lay = board.layout
        n = lay.size
        peers = lay.peers
        ctx = context(board)
        lines: dict[tuple[str, int], int] = ctx.memo("er-lines", lambda: _lines(lay))
        pos = board.positions(d)
        placed = board.placed(d)
        pair_in: dict[int, tuple[int, int]] = {
            h: (a, b) for a, b, h in ctx.conjugates(d)
        }
        seen: set[int] = set()
        for box_index, box in enumerate(lay.houses):
            if box.kind not in _BOXLIKE or not box.full or placed & box.mask:
                continue
            spots = pos & box.mask
            if spots.bit_count() < 2:
                continue
            rows = sorted({c // n for c in bits(spots)})
            cols = sorted({c % n for c in bits(spots)})
            for r in rows:
                row_h = lines["row", r]
                row_mask = lay.houses[row_h].mask
                for c in cols:
                    col_h = lines["column", c]
                    col_mask = lay.houses[col_h].mask
                    if spots & ~(row_mask | col_mask):
                        continue
                    on_row = spots & row_mask & ~col_mask
                    on_col = spots & col_mask & ~row_mask
                    if not on_row or not on_col:
                        continue
                    # p on the row (outside the box), its column a conjugate pair: the
                    # box's d is then on the column part; and the same turned round.
                    for line_mask, part, p_kind, part_line in (
                        (row_mask, on_col, "column", col_mask),
                        (col_mask, on_row, "row", row_mask),
                    ):
                        for p in bits(pos & line_mask & ~box.mask):
                            p_line = lines[p_kind, p % n if p_kind == "column" else p // n]
                            pair = pair_in.get(p_line)
                            if pair is None:
                                continue
                            q = pair[0] if pair[1] == p else pair[1]
                            targets = pos & peers[q] & part_line & ~box.mask
                            for s in bits(part):
                                targets &= peers[s]
                            if not targets or targets in seen:
                                continue
                            seen.add(targets)
                            yield (
                                d, box_index, spots, p, q, p_line,
                                (row_h, col_h), part, targets,
                            )

    def _step(
        self, board: Board, d: int, box: int, spots: int, p: int, q: int, p_line: int,
        cross: tuple[int, int], part: int, targets: int,
    ) -> Step:
        lay = board.layout
        ch = digit_char(d)
        name = lay.name
        elims = tuple((t, d) for t in bits(targets))
        many = targets & (targets - 1)
        box_name = lay.houses[box].name
        return Step(
            self.code,
            eliminations=elims,
            explanation=(
                f"{box_name} has {ch} only in {cells_text(lay, spots, 'or')} (all in"
                f" {lay.houses[cross[0]].name} and {lay.houses[cross[1]].name});"
                f" {lay.houses[p_line].name} has {ch} only in"
                f" {name(p)} and {name(q)}: if {name(q)} is not {ch}, {name(p)} is and"
                f" {box_name} must have its {ch} in {cells_text(lay, part, 'or')};"
                f" {cells_text(lay, targets)} {'see' if many else 'sees'} {name(q)} and"
                f" {'those' if part & (part - 1) else 'that'}, so"
                f" {'they' if many else 'it'} can't be {ch}"
            ),
            cells=(*bits(spots), p, q),
            houses=(box, p_line),
            digits=(d,),
            candidates=tuple((c, d) for c in (*bits(spots), p, q)),
            notation=notation(
                lay, self.name, f"{ch} in {house_name(lay, box)} ({name(p)},{name(q)})",
                (), elims,
            ),
        )


class DualEmptyRectangle(EmptyRectangle):
    """Two empty rectangles of one digit in one box, each removing something new."""

    code = "der"

    def find(self, board: Board) -> Iterator[Step]:
        for d, key in self._quiet.live(board, placed=True):
            by_box: dict[int, list[tuple[int, int, int, int, int, int,
                                         tuple[int, int], int, int]]] = {}
            for found in self._found(board, d):
                by_box.setdefault(found[1], []).append(found)
            any_dual = False
            for ers in by_box.values():
                for i, one in enumerate(ers):
                    for two in ers[i + 1:]:
                        if one[8] & ~two[8] and two[8] & ~one[8]:
                            any_dual = True
                            yield self._dual(board, one, two)
            if not any_dual:
                self._quiet.remember(board.layout, d, key)

    def _dual(self, board: Board, *halves: tuple[int, int, int, int, int, int,
                                                 tuple[int, int], int, int]) -> Step:
        lay = board.layout
        first, second = (EmptyRectangle._step(self, board, *h) for h in halves)
        d, box = halves[0][0], halves[0][1]
        name = lay.name
        ch = digit_char(d)
        links = ",".join(f"{name(h[3])},{name(h[4])}" for h in halves)
        return _joined(
            self, lay, first, second, d, f"two empty rectangles on {ch} in {lay.houses[box].name}",
            f"{ch} in {house_name(lay, box)} ({links})",
        )


def _joined(
    tech: Technique, lay: Layout, first: Step, second: Step, d: int, lead: str, pattern: str,
    chain: tuple[Link, ...] = (),
) -> Step:
    """A dual pattern's step: the two single steps it joins, told one after the other."""
    elims = tuple(sorted(set(first.eliminations) | set(second.eliminations)))
    return Step(
        tech.code,
        eliminations=elims,
        explanation=(
            f"{lead}. {first.explanation[0].upper()}{first.explanation[1:]}. And"
            f" {second.explanation}"
        ),
        cells=tuple(dict.fromkeys((*first.cells, *second.cells))),
        houses=tuple(dict.fromkeys((*first.houses, *second.houses))),
        digits=(d,),
        chain=chain,
        candidates=tuple(dict.fromkeys((*first.candidates, *second.candidates))),
        notation=notation(lay, tech.name, pattern, (), elims),
    )
