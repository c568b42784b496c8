"""Colouring: Simple Colouring (trap and wrap), Multi-Colouring (types 1 and 2), 3D Medusa.

The conjugate pairs of a digit d (full houses where d has exactly two places,
``ctx.conjugates``) link cells into clusters. Exactly one cell of each pair is d, so
colouring a cluster with two alternating colours splits it into two sets, one of
which holds d in every cell and the other in none.

Simple Colouring, one cluster:

* trap: a cell outside the cluster that sees a cell of each colour loses d (one of
  the two cells it sees is d);
* wrap: two cells of one colour that see each other cannot both be d, so that colour
  is false and every cell of it loses d (reported as those eliminations, as HoDoKu
  does; the other colour's placements follow as singles).

Multi-Colouring, two clusters A (colours a1/a2) and B (b1/b2):

* type 1: a cell of a1 sees a cell of b1, so a1 and b1 are not both true: a2 or b2 is.
  A cell that sees a cell of a2 and a cell of b2 loses d;
* type 2: the cells of a1 together see a cell of b1 and a cell of b2. One of b1, b2 is
  true, and a1 true would remove it: a1 is false and its cells lose d.

3D Medusa colours candidates of every digit at once: the strong links are the conjugate
pairs of each digit and the two candidates of each bivalue cell. One colour of a cluster
is all true, the other all false. A colour is false when two of its candidates share a
cell, when two of its candidates of one digit see each other, or when some cell outside
the cluster has every candidate seeing a candidate of that colour with the same digit
(the cell would be left empty); then all its candidates go. Otherwise an uncoloured
candidate goes when its cell holds both colours, when it sees its digit in both colours,
or when it sees its digit in one colour and its cell holds a candidate of the other.
Clusters of one digit are simple colouring's and are left to it.

"Sees" is ``layout.peers``, so extra sees-rules count, and the strong links come
from every full house (a diagonal of Sudoku X links too). A cluster whose colouring
contradicts itself (possible only on a broken board) is left alone.
"""

from __future__ import annotations

from collections.abc import Iterator

from yass.core.board import Board
from yass.core.geometry import bits, digit_char
from yass.core.record import record
from yass.core.step import Link, Node, Step, cell_list, notation
from yass.logic.techniques.base import Technique, cells_text, removal_text
from yass.logic.techniques.context import context

__all__ = ["Medusa", "MultiColouring", "SimpleColouring", "clusters"]


@record(frozen=True)
class Cluster:
    """The two colours of one cluster of conjugate pairs (``first`` holds the lowest cell)."""

    first: int
    second: int
    houses: tuple[int, ...]

    @property
    def cells(self) -> int:
        return self.first | self.second


def clusters(board: Board, d: int) -> list[Cluster]:
    """The coloured clusters of ``d``'s conjugate pairs (cached per board state)."""
    ctx = context(board)
    table: dict[int, list[Cluster]] = ctx.memo(f"colour-clusters-{board.empty}", dict)
    if d not in table:
        table[d] = _build(ctx.conjugates(d))
    return table[d]


def _build(pairs: list[tuple[int, int, int]]) -> list[Cluster]:
    adj: dict[int, list[tuple[int, int]]] = {}
    for a, b, h in pairs:
        adj.setdefault(a, []).append((b, h))
        adj.setdefault(b, []).append((a, h))
    colour: dict[int, int] = {}
    out: list[Cluster] = []
    for seed in sorted(adj):
        if seed in colour:
            continue
        colour[seed] = 0
        masks = [1 << seed, 0]
        houses: set[int] = set()
        stack = [seed]
        broken = False
        while stack:
            cell = stack.pop()
            other = 1 - colour[cell]
            for nb, h in adj[cell]:
                houses.add(h)
                if nb not in colour:
                    colour[nb] = other
                    masks[other] |= 1 << nb
                    stack.append(nb)
                elif colour[nb] != other:
                    broken = True
        if not broken:
            out.append(Cluster(masks[0], masks[1], tuple(sorted(houses))))
    return out


def _sight(peers: tuple[int, ...], cells: int) -> int:
    """Every cell that sees at least one of ``cells``."""
    out = 0
    for c in bits(cells):
        out |= peers[c]
    return out


def _clash(peers: tuple[int, ...], cells: int) -> tuple[int, int] | None:
    """Two of ``cells`` that see each other, or None."""
    for c in bits(cells):
        other = peers[c] & cells
        if other:
            return c, (other & -other).bit_length() - 1
    return None


def _colours(board: Board, *groups: int) -> str:
    """``(r1c2,r4c8) / (r2c5,r9c2)``, and ``, (..) / (..)`` for a second cluster."""
    lay = board.layout
    parts = [f"({cell_list(lay, list(bits(g)))})" for g in groups]
    pairs = [f"{parts[i]} / {parts[i + 1]}" for i in range(0, len(parts), 2)]
    return ", ".join(pairs)


class SimpleColouring(Technique):
    """One cluster: a cell seeing both colours (trap), a colour seeing itself (wrap)."""

    code = "sc"

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        peers = lay.peers
        for d in range(1, lay.size + 1):
            pos = board.positions(d)
            seen: set[int] = set()
            for cl in clusters(board, d):
                clash0 = _clash(peers, cl.first)
                clash1 = _clash(peers, cl.second)
                if clash0 and clash1:
                    continue  # both colours false: the board is broken
                for false, true, clash in ((cl.first, cl.second, clash0),
                                           (cl.second, cl.first, clash1)):
                    if clash and false not in seen:
                        seen.add(false)
                        yield self._wrap(board, d, cl, false, true, clash)
                targets = pos & _sight(peers, cl.first) & _sight(peers, cl.second) & ~cl.cells
                if targets and targets not in seen:
                    seen.add(targets)
                    yield self._trap(board, d, cl, targets)

    def _trap(self, board: Board, d: int, cl: Cluster, targets: int) -> Step:
        lay = board.layout
        ch = digit_char(d)
        elims = tuple((t, d) for t in bits(targets))
        many = targets & (targets - 1)
        return Step(
            self.code,
            eliminations=elims,
            explanation=(
                f"the conjugate pairs of {ch} colour {cells_text(lay, cl.first)} one way and"
                f" {cells_text(lay, cl.second)} the other, and one colour is all {ch};"
                f" {cells_text(lay, targets)} {'see' if many else 'sees'} both colours, so"
                f" {'they' if many else 'it'} can't be {ch}"
            ),
            cells=tuple(bits(cl.cells)),
            houses=cl.houses,
            digits=(d,),
            candidates=tuple((c, d) for c in bits(cl.cells)),
            notation=notation(
                lay, "Simple Colors Trap", f"{ch} {_colours(board, cl.first, cl.second)}",
                (), elims,
            ),
            name="Simple Colours Trap",
        )

    def _wrap(
        self, board: Board, d: int, cl: Cluster, false: int, true: int, clash: tuple[int, int]
    ) -> Step:
        lay = board.layout
        ch = digit_char(d)
        elims = tuple((t, d) for t in bits(false))
        x, y = clash
        return Step(
            self.code,
            eliminations=elims,
            explanation=(
                f"the conjugate pairs of {ch} colour {cells_text(lay, false)} one way and"
                f" {cells_text(lay, true)} the other, and one colour is all {ch};"
                f" {lay.name(x)} and {lay.name(y)} have the same colour but see each other"
                f" ({lay.why_sees(x, y)}), so that colour is false and"
                f" {cells_text(lay, false)} can't be {ch}"
            ),
            cells=tuple(bits(cl.cells)),
            houses=cl.houses,
            digits=(d,),
            candidates=tuple((c, d) for c in bits(cl.cells)),
            notation=notation(
                lay, "Simple Colors Wrap", f"{ch} {_colours(board, cl.first, cl.second)}",
                (), elims,
            ),
            name="Simple Colours Wrap",
        )


class MultiColouring(Technique):
    """Two clusters of one digit whose colours see each other."""

    code = "mc"

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        peers = lay.peers
        for d in range(1, lay.size + 1):
            cls = clusters(board, d)
            if len(cls) < 2:
                continue
            pos = board.positions(d)
            sight = {c: _sight(peers, c) for cl in cls for c in (cl.first, cl.second)}
            seen: set[int] = set()
            for i, a in enumerate(cls):
                for j, b in enumerate(cls):
                    if i == j:
                        continue
                    # Type 2: a colour of A that sees both colours of B is false.
                    false = [
                        x for x in (a.first, a.second)
                        if sight[x] & b.first and sight[x] & b.second
                    ]
                    if len(false) == 1 and false[0] not in seen:
                        seen.add(false[0])
                        yield self._step(board, d, a, b, false[0], 2, false[0])
                    if j < i:
                        continue  # type 1 is symmetric in A and B
                    # Type 1: a_x sees b_y, so the other two colours are not both false.
                    targets = 0
                    for ax, ax_other in ((a.first, a.second), (a.second, a.first)):
                        for by, by_other in ((b.first, b.second), (b.second, b.first)):
                            if sight[ax] & by:
                                targets |= (
                                    pos & sight[ax_other] & sight[by_other]
                                    & ~(ax_other | by_other)
                                )
                    if targets and targets not in seen:
                        seen.add(targets)
                        yield self._step(board, d, a, b, targets, 1, 0)

    def _step(
        self, board: Board, d: int, a: Cluster, b: Cluster, targets: int, kind: int,
        false: int,
    ) -> Step:
        lay = board.layout
        ch = digit_char(d)
        elims = tuple((t, d) for t in bits(targets))
        many = targets & (targets - 1)
        intro = (
            f"the conjugate pairs of {ch} make two clusters, coloured"
            f" {cells_text(lay, a.first)} / {cells_text(lay, a.second)} and"
            f" {cells_text(lay, b.first)} / {cells_text(lay, b.second)} (one colour of each"
            f" is all {ch})"
        )
        if kind == 2:
            why = (
                f"; {cells_text(lay, false)} together see both colours of the other cluster,"
                f" so that colour is false: {cells_text(lay, targets)} can't be {ch}"
            )
        else:
            why = (
                f"; a colour of one cluster sees a colour of the other, so one of the two"
                f" opposite colours is true, and {cells_text(lay, targets)}"
                f" {'see' if many else 'sees'} both of those: {'they' if many else 'it'}"
                f" can't be {ch}"
            )
        cells = a.cells | b.cells
        return Step(
            self.code,
            eliminations=elims,
            explanation=intro + why,
            cells=tuple(bits(cells)),
            houses=tuple(sorted(set(a.houses) | set(b.houses))),
            digits=(d,),
            candidates=tuple((c, d) for c in bits(cells)),
            notation=notation(
                lay, f"Multi Colors {kind}",
                f"{ch} {_colours(board, a.first, a.second, b.first, b.second)}", (), elims,
            ),
            name=f"Multi-Colours Type {kind}",
        )


#: A candidate as one int: ``cell * 64 + digit`` (digits stay below 64).
_SHIFT = 6


def _cand(key: int) -> tuple[int, int]:
    return key >> _SHIFT, key & 63


@record(frozen=True)
class _Medusa:
    """One cluster: its two colours (candidate keys), the links that joined them."""

    colours: tuple[tuple[int, ...], tuple[int, ...]]
    links: tuple[tuple[int, int], ...]


def _medusa_clusters(board: Board) -> list[_Medusa]:
    """Every cluster of the strong links over all digits that spans two digits or more."""
    ctx = context(board)

    def build() -> list[_Medusa]:
        lay = board.layout
        cands = board.cands
        adj: dict[int, list[int]] = {}

        def link(a: int, b: int) -> None:
            adj.setdefault(a, []).append(b)
            adj.setdefault(b, []).append(a)

        for d in range(1, lay.size + 1):
            done: set[tuple[int, int]] = set()
            for a, b, _h in ctx.conjugates(d):
                if (a, b) not in done:
                    done.add((a, b))
                    link(a << _SHIFT | d, b << _SHIFT | d)
        for c in ctx.bivalue:
            m = cands[c]
            low = (m & -m).bit_length()
            link(c << _SHIFT | low, c << _SHIFT | (m ^ 1 << (low - 1)).bit_length())
        colour: dict[int, int] = {}
        out: list[_Medusa] = []
        for seed in sorted(adj):
            if seed in colour:
                continue
            colour[seed] = 0
            groups: tuple[list[int], list[int]] = ([seed], [])
            links: list[tuple[int, int]] = []
            stack = [seed]
            broken = False
            while stack:
                key = stack.pop()
                for nb in adj[key]:
                    if nb not in colour:
                        colour[nb] = 1 - colour[key]
                        groups[colour[nb]].append(nb)
                        links.append((key, nb))
                        stack.append(nb)
                    elif colour[nb] == colour[key]:
                        broken = True
            digits = {k & 63 for g in groups for k in g}
            if not broken and len(digits) > 1:
                out.append(_Medusa(
                    (tuple(sorted(groups[0])), tuple(sorted(groups[1]))), tuple(links),
                ))
        return out

    return ctx.memo("medusa-clusters", build)


class Medusa(Technique):
    """3D Medusa: colouring across digits through conjugate pairs and bivalue cells."""

    code = "md"

    def find(self, board: Board) -> Iterator[Step]:
        for cl in _medusa_clusters(board):
            found = self._examine(board, cl)
            if found is not None:
                yield found

    def _examine(self, board: Board, cl: _Medusa) -> Step | None:
        lay = board.layout
        peers = lay.peers
        n = lay.size
        # per colour: cells by digit, and every cell holding a candidate of that colour
        by_digit = [[0] * (n + 1), [0] * (n + 1)]
        cells = [0, 0]
        for k in (0, 1):
            for key in cl.colours[k]:
                c, d = _cand(key)
                by_digit[k][d] |= 1 << c
                cells[k] |= 1 << c
        # sight[k][d]: the cells that see a cell of colour k holding d.
        sight = [[0] * (n + 1), [0] * (n + 1)]
        for k in (0, 1):
            for d in range(1, n + 1):
                for c in bits(by_digit[k][d]):
                    sight[k][d] |= peers[c]
        false = [
            self._contradiction(board, by_digit[k], sight[k], cells[0] | cells[1])
            for k in (0, 1)
        ]
        if false[0] and false[1]:
            return None  # the board is broken
        for k in (0, 1):
            why = false[k]
            if why:
                elims = sorted(_cand(key) for key in cl.colours[k])
                which = "first" if k == 0 else "second"
                return self._step(board, cl, elims, f"the {which} colour {why}, so it is false")
        # A candidate (c, d) not coloured goes when its cell holds both colours, or it
        # sees both colours of d, or sees one colour of d and its cell holds the other.
        both = cells[0] & cells[1]
        elims = []
        for d in range(1, n + 1):
            s0, s1 = sight[0][d], sight[1][d]
            gone = (
                board.positions(d) & ~(by_digit[0][d] | by_digit[1][d])
                & (both | s0 & s1 | s0 & cells[1] | s1 & cells[0])
            )
            elims.extend((c, d) for c in bits(gone))
        if not elims:
            return None
        return self._step(
            board, cl, elims,
            "a candidate that sees both colours (in its own cell, or its digit in other"
            " cells) is false",
        )

    @staticmethod
    def _contradiction(board: Board, by_digit: list[int], sight: list[int], cluster: int) -> str:
        """Why one colour cannot be true, or ''. ``sight[d]``: the cells that see one of
        the colour's cells holding d."""
        lay = board.layout
        peers = lay.peers
        n = lay.size
        seen = 0
        for d in range(1, n + 1):
            twice = seen & by_digit[d]
            if twice:
                c = (twice & -twice).bit_length() - 1
                return f"would put two digits in {lay.name(c)}"
            seen |= by_digit[d]
            for c in bits(by_digit[d]):
                other = peers[c] & by_digit[d]
                if other:
                    o = (other & -other).bit_length() - 1
                    return (
                        f"would put {digit_char(d)} in both {lay.name(c)} and"
                        f" {lay.name(o)} ({lay.why_sees(c, o)})"
                    )
        # A cell outside the cluster keeps a candidate d where no cell of the colour
        # holding d sees it.
        kept = 0
        for d in range(1, n + 1):
            kept |= board.positions(d) & ~sight[d]
        emptied = board.empty & ~cluster & ~kept
        if emptied:
            c = (emptied & -emptied).bit_length() - 1
            return f"would leave {lay.name(c)} with no candidate"
        return ""

    def _step(self, board: Board, cl: _Medusa, elims: list[tuple[int, int]], why: str) -> Step:
        lay = board.layout
        elims.sort()
        groups = [
            ", ".join(f"{lay.name(c)}={digit_char(d)}" for c, d in map(_cand, g))
            for g in cl.colours
        ]
        links = tuple(
            Link(Node((a >> _SHIFT,), a & 63), Node((b >> _SHIFT,), b & 63), True)
            for a, b in cl.links
        )
        digits = sorted({key & 63 for g in cl.colours for key in g})
        coloured = tuple(_cand(key) for g in cl.colours for key in g)
        return Step(
            self.code,
            eliminations=tuple(elims),
            explanation=(
                "the conjugate pairs and bivalue cells colour"
                f" {groups[0]} one way and {groups[1]} the other, and one colour is all true;"
                f" {why}: {removal_text(lay, elims)}"
            ),
            cells=tuple(sorted({c for c, _ in coloured})),
            digits=tuple(digits),
            chain=links,
            candidates=tuple(sorted(coloured)),
            notation=notation(lay, self.name, f"({groups[0]}) / ({groups[1]})", (), elims),
        )
