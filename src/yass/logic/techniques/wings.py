"""Wings and remote pairs: short patterns of bivalue cells.

Every argument here uses only "these two cells see each other" (``layout.peers``, so
houses, diagonals, anti-knight and anti-king pairs all count) and, for the W-Wing, a
strong link (a digit with exactly two places in a FULL house). None of them assumes
rows, columns or boxes, so all four are sound on every layout.

* XY-Wing: a pivot {x,y} sees two pincers {x,z} and {y,z}. Whatever the pivot holds,
  one pincer is z, so a cell that sees both pincers is not z.
* XYZ-Wing: a pivot {x,y,z} sees pincers {x,z} and {y,z}. One of the three cells is
  z (if the pivot is x, the first pincer is z; if y, the second), so a cell that sees
  all three is not z.
* W-Wing: two cells {x,y} that do not see each other, and a strong link on y (y has
  exactly two places a and b in a full house) with a seeing the first cell and b the
  second. If neither cell were x, both would be y, and neither a nor b could be y.
  So one of them is x: a cell that sees both is not x.
* Bent wings, WXYZ-Wing (four cells) and VWXYZ-Wing (five): n cells, each with two to n
  candidates, that hold only n digits between them, where every digit but one (z) is
  *restricted*: the cells holding it all see one another, so at most one of them is that
  digit. Without z the n cells would share n-1 digits, each used at most once: one cell
  would be left empty. So z is in one of the set's cells that hold it, and a cell that
  sees all of those is not z. The cells are looked for in the union of two full houses
  that cross, one of them a row or a column (a row and a column, or a line and a box),
  where the usual shapes lie; they must reach outside each of the two (inside one house
  every digit is restricted).
* Remote Pair: bivalue cells with the same pair {x,y}, each seeing the next, alternate
  x and y along the chain. Two cells an odd number of links apart hold different
  digits (one x, one y), so a cell that sees both is neither. The chain has at least
  four cells (two cells seeing each other are a naked pair). The search colours each
  connected group of such cells in two colours; two cells of different colours that
  do not see each other are joined by an odd chain of at least three links (the
  shortest path between them), which is the chain the step reports.
"""

from __future__ import annotations

from itertools import combinations

from yass.core.board import Board
from yass.core.geometry import a_digit, bits, digit_char, mask_digits
from yass.core.layout import Layout, per_layout
from yass.core.step import Link, Node, Step, notation
from yass.logic.techniques.base import Technique, cells_text, digits_text, join_words, removal_text
from yass.logic.techniques.context import QuietParts, context

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

__all__ = ["RemotePair", "VWXYZWing", "WWing", "WXYZWing", "XYWing", "XYZWing"]


def _digit(bit: int) -> int:
    return bit.bit_length()


def _bit(d: int) -> int:
    return 1 << (d - 1)


def _see(targets: int) -> str:
    return "see" if targets & (targets - 1) else "sees"


class XYWing(Technique):
    """Pivot {x,y}, pincers {x,z} and {y,z} that the pivot sees: z leaves their common peers."""

    code = "xy"

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        cands = board.cands
        peers = lay.peers
        biv = context(board).bivalue
        bivset = 0
        for c in biv:
            bivset |= 1 << c
        for pivot in biv:
            pm = cands[pivot]
            xbit = pm & -pm
            ybit = pm ^ xbit
            wings = [
                c for c in bits(peers[pivot] & bivset)
                if (cands[c] & pm).bit_count() == 1
            ]
            if len(wings) < 2:
                continue
            for a in wings:
                am = cands[a]
                if not am & xbit:
                    continue
                zbit = am & ~pm
                want = ybit | zbit
                z = _digit(zbit)
                zpos = board.positions(z)
                for b in wings:
                    if cands[b] != want:
                        continue
                    targets = zpos & peers[a] & peers[b]
                    if targets:
                        yield self._step(lay, pivot, a, b, _digit(xbit), _digit(ybit), z, targets)

    def _step(
        self, lay: Layout, pivot: int, a: int, b: int, x: int, y: int, z: int, targets: int
    ) -> Step:
        elims = tuple((t, z) for t in bits(targets))
        name = lay.name
        cx, cy, cz = digit_char(x), digit_char(y), digit_char(z)
        return Step(
            self.code,
            eliminations=elims,
            explanation=(
                f"{name(pivot)} is {cx} or {cy}, {name(a)} is {cx} or {cz} and {name(b)} is"
                f" {cy} or {cz}, and {name(pivot)} sees both (an XY-Wing): if {name(pivot)} is"
                f" {cx}, {name(a)} is {cz}, and if it is {cy}, {name(b)} is {cz}; so"
                f" {cells_text(lay, targets)}, which {_see(targets)} both, can't be {cz}"
            ),
            cells=(pivot, a, b),
            digits=(x, y, z),
            candidates=tuple(sorted(
                [(pivot, x), (pivot, y), (a, x), (a, z), (b, y), (b, z)]
            )),
            notation=notation(
                lay, self.name, f"{cx}/{cy}/{cz} in {name(pivot)},{name(a)},{name(b)}",
                (), elims,
            ),
        )


class XYZWing(Technique):
    """Pivot {x,y,z}, pincers {x,z} and {y,z} that it sees: z leaves the peers of all three."""

    code = "xyz"

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        cands = board.cands
        peers = lay.peers
        ctx = context(board)
        bivset = 0
        for c in ctx.bivalue:
            bivset |= 1 << c
        for pivot in bits(board.empty):
            pm = cands[pivot]
            if pm.bit_count() != 3:
                continue
            wings = [c for c in bits(peers[pivot] & bivset) if cands[c] & ~pm == 0]
            if len(wings) < 2:
                continue
            for i, a in enumerate(wings):
                for b in wings[i + 1:]:
                    am, bm = cands[a], cands[b]
                    if am == bm:
                        continue
                    zbit = am & bm
                    z = _digit(zbit)
                    targets = board.positions(z) & peers[pivot] & peers[a] & peers[b]
                    if not targets:
                        continue
                    x, y = _digit(am & ~zbit), _digit(bm & ~zbit)
                    if x < y:
                        yield self._step(lay, pivot, a, b, x, y, z, targets)
                    else:
                        yield self._step(lay, pivot, b, a, y, x, z, targets)

    def _step(
        self, lay: Layout, pivot: int, a: int, b: int, x: int, y: int, z: int, targets: int
    ) -> Step:
        elims = tuple((t, z) for t in bits(targets))
        name = lay.name
        cx, cy, cz = digit_char(x), digit_char(y), digit_char(z)
        return Step(
            self.code,
            eliminations=elims,
            explanation=(
                f"{name(pivot)} is {digits_text(_bit(x) | _bit(y) | _bit(z))}, {name(a)} is"
                f" {digits_text(_bit(x) | _bit(z))} and {name(b)} is"
                f" {digits_text(_bit(y) | _bit(z))}, and {name(pivot)} sees both (an XYZ-Wing):"
                f" if {name(pivot)} is not {cz}, one of the others is; so"
                f" {cells_text(lay, targets)}, which {_see(targets)} all three, can't be {cz}"
            ),
            cells=(pivot, a, b),
            digits=(x, y, z),
            candidates=tuple(sorted(
                [(pivot, x), (pivot, y), (pivot, z), (a, x), (a, z), (b, y), (b, z)]
            )),
            notation=notation(
                lay, self.name, f"{cx}/{cy}/{cz} in {name(pivot)},{name(a)},{name(b)}",
                (), elims,
            ),
        )


def _bent_wing(
    cands: list[int], peers: Sequence[int], places: list[int], group: tuple[int, ...], key: int,
    digits: int,
) -> tuple[int, int] | None:
    """The bent wing of ``group`` (cell bitset ``key``, within the digit set ``digits``):
    (z, the cells that lose z) when the cells hold all the digits, exactly one digit z
    has cells in the set that do not all see one another, and some cells outside see all
    of those and hold z; else None (two unrestricted digits say nothing, none is a locked
    set: a naked subset's business). On bitsets, as most groups are not wings."""
    union = 0
    for c in group:
        union |= cands[c]
    if union != digits:
        return None
    loose = -1
    rest = union
    while rest:
        low = rest & -rest
        rest ^= low
        d = low.bit_length() - 1
        hold = key & places[d]
        left = hold
        while left:
            one = left & -left
            left ^= one
            if hold & ~one & ~peers[one.bit_length() - 1]:
                if loose >= 0:
                    return None
                loose = d
                break
    if loose < 0:
        return None
    targets = places[loose] & ~key
    left = key & places[loose]
    while left and targets:
        one = left & -left
        left ^= one
        targets &= peers[one.bit_length() - 1]
    return (loose + 1, targets) if targets else None


class _BentWing(Technique):
    """n cells with n digits among them, all restricted but z: z leaves the cells that
    see every z of the set (see the module docstring)."""

    size = 4

    def __init__(self) -> None:
        # A pair of crossing houses that gave nothing, with its cells' candidates then:
        # while they stay the same in one solve it gives nothing again (a set's cells are
        # in the pair, and cells outside only lose candidates, which can only take
        # eliminations away).
        self._quiet = QuietParts()

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        cands = board.cands
        n = self.size
        small = 0
        for c in bits(board.empty):
            if 2 <= cands[c].bit_count() <= n:
                small |= 1 << c
        if small.bit_count() < n:
            return
        # The small cells holding each digit: a cell is inside a digit set when it holds
        # none of the other digits.
        holding = [board.positions(d) & small for d in range(1, lay.size + 1)]
        every = (1 << lay.size) - 1
        crossings = _crossings_by_house(lay)
        peers = lay.peers
        places = [board.positions(d) for d in range(1, lay.size + 1)]
        quiet = self._quiet.follow(board)
        house_state: dict[int, tuple[int, ...]] = {}
        for h1, partners in crossings:
            for h in (h1, *partners):
                if h not in house_state:
                    house_state[h] = tuple([cands[c] for c in bits(h)])
        # Per pair (numbered in order): its cells' candidates, and whether it is to be
        # searched (not quiet since a board it gave nothing on).
        states: list[tuple[int, ...]] = []
        live: list[bool] = []
        for h1, partners in crossings:
            for h2 in partners:
                state = house_state[h1] + house_state[h2]
                live.append(quiet.get(len(states)) != state)
                states.append(state)
        if not any(live):
            return
        hits = [0] * len(states)  # sets that remove something, per pair
        seen: dict[int, bool] = {}  # the sets tried: whether each removes something
        for digits in _digit_sets(lay.size, n):
            inside = small  # the cells whose candidates are all among these n digits
            rest = every & ~digits
            while rest:
                low = rest & -rest
                inside &= ~holding[low.bit_length() - 1]
                rest ^= low
            if inside.bit_count() < n:
                continue
            pair = -1
            for h1, partners in crossings:
                if not inside & h1:
                    pair += len(partners)
                    continue  # (the set must have a cell in h1 outside h2)
                for h2 in partners:
                    pair += 1
                    if not live[pair]:
                        continue
                    pool = inside & (h1 | h2)
                    if pool.bit_count() < n or not pool & ~h1 or not pool & ~h2:
                        continue
                    for group in combinations(bits(pool), n):
                        key = sum(1 << c for c in group)
                        # In one house every digit is restricted: the set must reach both
                        # sides. Fewer than n digits among n cells cannot happen on a board
                        # that has a solution; those sets are left to the contradiction
                        # checks.
                        if not key & ~h1 or not key & ~h2:
                            continue
                        if key in seen:
                            hits[pair] += seen[key]
                            continue
                        found = _bent_wing(cands, peers, places, group, key, digits)
                        seen[key] = found is not None
                        if found is not None:
                            hits[pair] += 1
                            yield self._step(board, group, digits, *found)
        for k, state in enumerate(states):
            if live[k] and not hits[k]:
                quiet[k] = state

    def _step(
        self, board: Board, group: tuple[int, ...], union: int, z: int, targets: int
    ) -> Step:
        """The step of the bent wing ``group`` (its digits ``union``) removing z from
        ``targets`` (see ``_bent_wing``)."""
        lay = board.layout
        cands = board.cands
        holders = [c for c in group if cands[c] >> (z - 1) & 1]
        elims = tuple((t, z) for t in bits(targets))
        name = lay.name
        cz = digit_char(z)
        listed = join_words([f"{name(c)} {digits_text(cands[c], 'or')}" for c in group])
        others = digits_text(union & ~_bit(z), "and")
        return Step(
            self.code,
            eliminations=elims,
            explanation=(
                f"{listed} hold only the {len(group)} digits {digits_text(union, 'and')}"
                f" (a {self.name}); {others} each lie in cells that all see one"
                f" another, so without {cz} these {len(group)} cells would share"
                f" {len(group) - 1} digits: one of {cells_text(lay, holders, 'or')} is {cz},"
                f" and {cells_text(lay, targets)}, which {_see(targets)} them all,"
                f" can't be {cz}"
            ),
            cells=group,
            digits=tuple(mask_digits(union)),
            candidates=tuple(sorted(
                (c, d) for c in group for d in mask_digits(cands[c])
            )),
            notation=notation(
                lay, self.name,
                f"{'/'.join(digit_char(d) for d in mask_digits(union))}"
                f" in {','.join(name(c) for c in group)}",
                (), elims,
            ),
        )


@per_layout
def _crossings(layout: Layout) -> tuple[tuple[int, int], ...]:
    """The cell masks of every two full houses that cross, one of them a row or a column
    (a row and a column, or a line and a box, jigsaw region or diagonal): where bent
    wings lie."""
    houses = layout.full_houses
    out = []
    for i, a in enumerate(houses):
        for b in houses[i + 1 :]:
            lines = (a.kind in ("row", "column")) + (b.kind in ("row", "column"))
            if lines and a.mask & b.mask:
                out.append((a.mask, b.mask))
    return tuple(out)


@per_layout
def _crossings_by_house(layout: Layout) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """``_crossings`` grouped by their first house, in the same order: (h1, the h2s)."""
    out: list[tuple[int, list[int]]] = []
    for h1, h2 in _crossings(layout):
        if not out or out[-1][0] != h1:
            out.append((h1, []))
        out[-1][1].append(h2)
    return tuple((h1, tuple(h2s)) for h1, h2s in out)


def _digit_sets(size: int, n: int) -> tuple[int, ...]:
    """Every mask of ``n`` of the digits 1..size (made once per size and n; a dict, not
    ``functools.cache``: the seed puzzle's solve loads this module and not functools)."""
    key = (size, n)
    found = _DIGIT_SETS.get(key)
    if found is None:
        found = _DIGIT_SETS[key] = tuple(
            sum(1 << (d - 1) for d in ds) for ds in combinations(range(1, size + 1), n)
        )
    return found


_DIGIT_SETS: dict[tuple[int, int], tuple[int, ...]] = {}


class WXYZWing(_BentWing):
    """Four cells with four digits, all but one restricted: a bent wing of four cells."""

    code = "wxyz"
    size = 4


class VWXYZWing(_BentWing):
    """Five cells with five digits, all but one restricted: a bent wing of five cells."""

    code = "vwxyz"
    size = 5


class WWing(Technique):
    """Two {x,y} cells joined by a strong link on y: x leaves their common peers."""

    code = "ww"

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        cands = board.cands
        peers = lay.peers
        ctx = context(board)
        groups: dict[int, list[int]] = {}
        for c in ctx.bivalue:
            groups.setdefault(cands[c], []).append(c)
        for mask in sorted(groups):
            cells = groups[mask]
            if len(cells) < 2:
                continue
            for i, c1 in enumerate(cells):
                for c2 in cells[i + 1:]:
                    if peers[c1] >> c2 & 1:
                        continue
                    common = peers[c1] & peers[c2]
                    for xbit in (mask & -mask, mask & (mask - 1)):
                        x = _digit(xbit)
                        targets = board.positions(x) & common
                        if not targets:
                            continue
                        y = _digit(mask ^ xbit)
                        link = _strong_link(ctx.conjugates(y), peers, c1, c2)
                        if link is not None:
                            yield self._step(lay, c1, c2, x, y, link, targets)

    def _step(
        self,
        lay: Layout,
        c1: int,
        c2: int,
        x: int,
        y: int,
        link: tuple[int, int, int],
        targets: int,
    ) -> Step:
        a, b, house = link
        elims = tuple((t, x) for t in bits(targets))
        name = lay.name
        cx, cy = digit_char(x), digit_char(y)

        def node(cell: int, d: int) -> Node:
            return Node((cell,), d)

        chain = (
            Link(node(c1, x), node(c1, y), True),
            Link(node(c1, y), node(a, y), False),
            Link(node(a, y), node(b, y), True),
            Link(node(b, y), node(c2, y), False),
            Link(node(c2, y), node(c2, x), True),
        )
        return Step(
            self.code,
            eliminations=elims,
            explanation=(
                f"{name(c1)} and {name(c2)} are both {cx} or {cy}, and {lay.houses[house].name}"
                f" can only have {a_digit(cy)} in {name(a)} or {name(b)}, which see {name(c1)} and"
                f" {name(c2)} (a W-Wing): they can't both be {cy}, so one of them is {cx}, and"
                f" {cells_text(lay, targets)}, which {_see(targets)} both, can't be {cx}"
            ),
            cells=(c1, c2, a, b),
            houses=(house,),
            digits=(x, y),
            chain=chain,
            candidates=tuple(sorted([(c1, x), (c1, y), (c2, x), (c2, y), (a, y), (b, y)])),
            notation=notation(
                lay, self.name,
                f"{cx}/{cy} in {name(c1)},{name(c2)} connected by {cy} in {name(a)},{name(b)}",
                (), elims,
            ),
        )


def _strong_link(
    pairs: list[tuple[int, int, int]], peers: tuple[int, ...], c1: int, c2: int
) -> tuple[int, int, int] | None:
    """(a, b, house) of a conjugate pair with a seeing ``c1`` and b seeing ``c2``."""
    for p, q, house in pairs:
        if p in (c1, c2) or q in (c1, c2):
            continue
        if peers[c1] >> p & 1 and peers[c2] >> q & 1:
            return p, q, house
        if peers[c1] >> q & 1 and peers[c2] >> p & 1:
            return q, p, house
    return None


class RemotePair(Technique):
    """A chain of four or more {x,y} cells, each seeing the next: its ends of opposite
    parity hold x and y, so a cell seeing both loses x and y."""

    code = "rp"

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        cands = board.cands
        peers = lay.peers
        groups: dict[int, int] = {}
        for c in context(board).bivalue:
            groups[cands[c]] = groups.get(cands[c], 0) | 1 << c
        for mask in sorted(groups):
            cellset = groups[mask]
            if cellset.bit_count() < 4:
                continue
            x, y = mask_digits(mask)
            reach = board.positions(x) | board.positions(y)
            left = cellset
            while left:
                start = (left & -left).bit_length() - 1
                comp, colour = _colour(peers, cellset, start)
                left &= ~comp
                if colour is None or comp.bit_count() < 4:
                    continue
                side_a = colour
                side_b = comp & ~colour
                covered = 0
                for t in bits(reach & ~comp):
                    seen_a, seen_b = peers[t] & side_a, peers[t] & side_b
                    if not seen_a or not seen_b or covered >> t & 1:
                        continue
                    path = _chain_between(peers, comp, seen_a, seen_b)
                    if path is None:
                        continue
                    targets = _chain_targets(peers, path, reach & ~comp)
                    covered |= targets
                    yield self._step(lay, board, path, x, y, targets)

    def _step(
        self, lay: Layout, board: Board, path: list[int], x: int, y: int, targets: int
    ) -> Step:
        bit = (1 << (x - 1)) | (1 << (y - 1))
        elims = tuple(
            (t, d) for t in bits(targets) for d in mask_digits(board.cands[t] & bit)
        )
        digits = [x if i % 2 == 0 else y for i in range(len(path) - 1)]
        text = lay.name(path[0])
        for d, cell in zip(digits, path[1:], strict=True):
            text += f" -{digit_char(d)}- {lay.name(cell)}"
        chain: list[Link] = []
        for i, cell in enumerate(path):
            here = x if i % 2 == 0 else y
            other = y if here == x else x
            chain.append(Link(Node((cell,), other), Node((cell,), here), True))
            if i + 1 < len(path):
                chain.append(Link(Node((cell,), here), Node((path[i + 1],), here), False))
        cx, cy = digit_char(x), digit_char(y)
        names = [lay.name(c) for c in path]
        return Step(
            self.code,
            eliminations=elims,
            explanation=(
                f"{join_words(names)} can each only be {cx} or {cy}, and each sees the next"
                f" (a remote pair), so they alternate {cx} and {cy} along the chain: two of"
                f" them an odd number of links apart hold one {cx} and one {cy}, and"
                f" {cells_text(lay, targets)}, which {_see(targets)} two such cells, can be"
                f" neither: {removal_text(lay, elims)}"
            ),
            cells=tuple(path),
            digits=(x, y),
            chain=tuple(chain),
            candidates=tuple(sorted((c, d) for c in path for d in (x, y))),
            notation=notation(lay, self.name, f"{cx}/{cy} {text}", (), elims),
        )


def _colour(peers: tuple[int, ...], cellset: int, start: int) -> tuple[int, int | None]:
    """(component of ``start`` in the sees-graph on ``cellset``, one colour class or None
    when the component is not two-colourable)."""
    comp = 1 << start
    colour = 1 << start
    frontier = [start]
    ok = True
    while frontier:
        nxt = []
        for c in frontier:
            mine = colour >> c & 1
            for n in bits(peers[c] & cellset):
                if comp >> n & 1:
                    if (colour >> n & 1) == mine:
                        ok = False
                    continue
                comp |= 1 << n
                if not mine:
                    colour |= 1 << n
                nxt.append(n)
        frontier = nxt
    return comp, (colour if ok else None)


def _chain_between(
    peers: tuple[int, ...], comp: int, seen_a: int, seen_b: int
) -> list[int] | None:
    """A chain of at least four cells from a cell of ``seen_a`` to one of ``seen_b``.

    Cells of different colours are an odd number of links apart on any chain between
    them; when they do not see each other that number is at least three. Two that do
    see each other are three or more links apart on another chain when the link
    between them lies on a cycle (HoDoKu's chains find those too).
    """
    for a in bits(seen_a):
        rest = seen_b & ~peers[a]
        if rest:
            return _path(peers, comp, a, (rest & -rest).bit_length() - 1, direct=True)
    for a in bits(seen_a):
        for b in bits(seen_b):
            path = _path(peers, comp, a, b, direct=False)
            if path is not None:
                return path
    return None


def _path(peers: tuple[int, ...], comp: int, a: int, b: int, *, direct: bool) -> list[int] | None:
    """A shortest chain from ``a`` to ``b`` inside ``comp``, from its lower end (None if
    there is none); ``direct=False`` leaves out the link between ``a`` and ``b`` itself."""
    if b < a:
        a, b = b, a
    parent = {a: a}
    frontier = [a]
    while frontier and b not in parent:
        nxt = []
        for c in frontier:
            step = peers[c] & comp
            if c == a and not direct:
                step &= ~(1 << b)
            for n in bits(step):
                if n not in parent:
                    parent[n] = c
                    nxt.append(n)
        frontier = nxt
    if b not in parent:
        return None
    path = [b]
    while path[-1] != a:
        path.append(parent[path[-1]])
    return path[::-1]


def _chain_targets(peers: tuple[int, ...], path: list[int], reach: int) -> int:
    """Cells of ``reach`` seeing two cells of ``path`` at least three (odd) links apart."""
    out = 0
    n = len(path)
    for i in range(n):
        for j in range(i + 3, n, 2):
            out |= peers[path[i]] & peers[path[j]] & reach
    return out
