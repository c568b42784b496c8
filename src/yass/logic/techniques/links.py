"""The link graph of the chain techniques, built once per board state.

Nodes are propositions "digit d is in one of the cells S" where the cells of S all see
each other (so at most one of them holds d):

* a **candidate** (one cell): index ``(d - 1) * ncells + cell`` (digit-major, so the
  cells of one digit are one contiguous block of bits and a cell bitset of digit d
  becomes a node bitset by one shift);
* a **group** (grouped chains): the places of d inside the intersection of a full
  house with another house (a box and a line in a classic grid), two cells or more;
* an **ALS digit** (grouped chains, optional): the places of d inside an almost locked
  set (n cells of one house holding n + 1 digits between them).

Extra nodes (groups, ALS digits) get indexes from ``size * ncells`` on; one
(digit, cells) pair is one node whatever made it.

Links (``strong[i]`` and ``weak[i]`` are bitsets of node indexes):

* **strong** (not both false): the two candidates of a bivalue cell; the two places of
  a digit in a FULL house (a house of N cells must hold every digit; a smaller region
  only forbids repeats, so it gives no strong link); two groups (or a group and a cell)
  holding every place of a digit in a full house between them; two digits of one ALS
  (n cells hold n of its n + 1 digits, so at most one digit is missing); a digit a of
  an ALS and a candidate d of a cell c outside it when, were a missing, the other
  digits of the set (each then in one of its cells) would rule out every candidate of
  c but d (c sees every cell of the set holding each of those digits; cells of three
  candidates or more, since a bivalue cell is already reached through the ALS's own
  links). Such an **ALS forcing** link is strong only, like the links inside an ALS.
* **weak** (not both true): two candidates of one cell; the same digit in two cells
  that see each other (``layout.peers``: houses and every sees-pair rule such as
  anti-knight, anti-king or diagonals); candidates forbidden together by a relation
  table (``layout.arcs``: a=d1 and b=d2 when d2 is not in ``T[d1 - 1]``, which covers
  non-consecutive, kropki, thermometers, XV...). An extra node is weakly linked to
  every node weakly linked to each of its candidates. Every strong link between
  candidates and groups is also weak (they lie in one cell or one house); the strong
  link inside an ALS is not (two digits of an ALS can both be there), and ``weak``
  then does not hold it.

Nothing here is specific to the classic grid: the houses, the sees-relation and the
relation tables of the layout give every link.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from yass.core.board import Board
from yass.core.geometry import bits
from yass.core.layout import Layout, per_layout
from yass.core.memo import remember
from yass.core.record import field, record
from yass.logic.techniques.als_sets import cell_sets
from yass.logic.techniques.context import context

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "ALS_MAX_CELLS", "AlsForcing", "AlsLinks", "LinkGraph", "Rows", "cell_columns",
    "compiled_chainwalk", "link_graph", "peer_words", "to_words",
]

#: Largest ALS (in cells) used as chain nodes.
ALS_MAX_CELLS = 5


class AlsLinks:
    """The strong links inside the ALSs of a graph, looked up rather than listed:
    ``get((a, b))`` is the cell bitset of the first ALS (in the order they were added)
    holding both nodes, unless they are two candidates of one cell (an ordinary in-cell
    link); ``(a, b) in links`` whether there is one. A board has hundreds of ALSs and a
    chain asks about a few links, so each node keeps the set of ALSs holding it."""

    __slots__ = ("_cells", "_fill", "_member", "_n", "_ncands")

    def __init__(
        self, ncands: int, ncells: int, fill: Callable[[AlsLinks], None] | None = None
    ) -> None:
        self._ncands = ncands
        self._n = ncells
        self._cells: list[int] = []
        self._member: dict[int, int] = {}  # node -> bitset of the indexes of its ALSs
        #: Adds the ALSs on first use (the compiled graph's: most graphs are walked and
        #: dropped without a chain to write).
        self._fill = fill

    def _ready(self) -> None:
        fill = self._fill
        if fill is not None:
            self._fill = None
            fill(self)

    def add(self, cells: int, nodes: list[int]) -> None:
        """One more ALS: its cells and the nodes of its digits."""
        bit = 1 << len(self._cells)
        self._cells.append(cells)
        member = self._member
        for i in nodes:
            member[i] = member.get(i, 0) | bit

    def get(self, key: tuple[int, int], default: int | None = None) -> int | None:
        a, b = key
        if a == b or (a < self._ncands and b < self._ncands and a % self._n == b % self._n):
            return default
        if self._fill is not None:
            self._ready()
        common = self._member.get(a, 0) & self._member.get(b, 0)
        if not common:
            return default
        return self._cells[(common & -common).bit_length() - 1]

    def __contains__(self, key: tuple[int, int]) -> bool:
        return self.get(key) is not None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, AlsLinks):
            return NotImplemented
        self._ready()
        other._ready()
        return (self._ncands, self._n, self._cells, self._member) == (
            other._ncands, other._n, other._cells, other._member
        )

    __hash__ = None  # type: ignore[assignment]


class AlsForcing:
    """The ALS forcing links of a graph: ``get((a, b))`` is (the ALS's cell bitset, the
    node of its missing digit) for a forcing link between a and b (either order), else
    ``default``; ``(a, b) in forcing`` whether there is one. ``fill`` (the compiled
    graph's) makes the table on first use."""

    __slots__ = ("_fill", "_links")

    def __init__(
        self,
        links: dict[tuple[int, int], tuple[int, int]] | None = None,
        fill: Callable[[], dict[tuple[int, int], tuple[int, int]]] | None = None,
    ) -> None:
        self._links = links if links is not None else {}
        self._fill = fill

    def _table(self) -> dict[tuple[int, int], tuple[int, int]]:
        fill = self._fill
        if fill is not None:
            self._fill = None
            self._links = fill()
        return self._links

    def get(
        self, key: tuple[int, int], default: tuple[int, int] | None = None
    ) -> tuple[int, int] | None:
        return self._table().get(key, default)

    def __contains__(self, key: tuple[int, int]) -> bool:
        return key in self._table()

    def __len__(self) -> int:
        return len(self._table())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, AlsForcing):
            return NotImplemented
        return self._table() == other._table()

    __hash__ = None  # type: ignore[assignment]


class Rows(Sequence[int]):
    """Rows of ``nb`` bytes of a buffer (the compiled graph's word rows) read as
    non-negative integers, each converted on first use: a chain walk reads the words
    (``words``, when ``nb`` is a whole number of words) and the step builder a few rows."""

    __slots__ = ("_cache", "_count", "_raw", "nb", "words")

    def __init__(self, raw: bytearray, count: int, nb: int) -> None:
        self._raw = memoryview(raw)
        self._count = count
        self.nb = nb
        self._cache: list[int | None] = [None] * count
        self.words: memoryview | None = self._raw.cast("Q") if nb % 8 == 0 else None

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, i: int) -> int:  # type: ignore[override]  # (no slices)
        value = self._cache[i]  # (IndexError past the end)
        if value is None:
            if i < 0:
                i += self._count
            nb = self.nb
            value = self._cache[i] = int.from_bytes(self._raw[i * nb : (i + 1) * nb], "little")
        return value

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]


@record
class LinkGraph:
    """Strong and weak links between the candidates (and groups, ALS digits) of a board."""

    layout: Layout
    #: Number of candidate indexes (``size * ncells``); extra nodes come after.
    ncands: int
    #: Bitset of the candidates still on the board (unplaced cells only).
    alive: int
    strong: Sequence[int]
    weak: Sequence[int]
    #: Bitset of the nodes that have at least one strong link.
    linked: int = 0
    #: For an extra node ``i``: ``digit[i - ncands]``, ``cells[i - ncands]`` (cell bitset).
    extra_digit: Sequence[int] = field(default_factory=list)
    extra_cells: Sequence[int] = field(default_factory=list)
    extra_kind: Sequence[str] = field(default_factory=list)
    #: Strong links inside an ALS: (a, b) -> the ALS's cell bitset (both orders).
    als_links: AlsLinks = field(default_factory=lambda: AlsLinks(0, 1))
    #: ALS forcing links: (a, b) -> (the ALS's cell bitset, the node of the ALS's
    #: missing digit), both orders; the other node is a candidate outside the set.
    als_forcing: AlsForcing = field(default_factory=AlsForcing)
    #: The chain walk's word buffers of ``strong``/``weak`` (``chains._walk_words``),
    #: made once for all the techniques that walk this graph.
    words: dict[tuple[str, int], Any] = field(default_factory=dict, compare=False, repr=False)
    #: What ``chains._full_view`` makes of the graph, when the compiled builder made it
    #: with the graph: the weak links between linked nodes, and the linked nodes.
    full: tuple[Sequence[int], Sequence[int]] | None = field(
        default=None, compare=False, repr=False
    )

    # -- nodes -------------------------------------------------------------------------

    def node(self, cell: int, digit: int) -> int:
        return (digit - 1) * self.layout.ncells + cell

    def digit(self, i: int) -> int:
        if i < self.ncands:
            return i // self.layout.ncells + 1
        return self.extra_digit[i - self.ncands]

    def cells(self, i: int) -> int:
        """The cell bitset of node ``i``."""
        if i < self.ncands:
            return 1 << (i % self.layout.ncells)
        return self.extra_cells[i - self.ncands]

    def cell_list(self, i: int) -> tuple[int, ...]:
        return tuple(bits(self.cells(i)))

    def is_cell(self, i: int) -> bool:
        return i < self.ncands

    def kind(self, i: int) -> str:
        return "cell" if i < self.ncands else self.extra_kind[i - self.ncands]

    def members(self, i: int) -> int:
        """The candidate bitset of node ``i`` (itself for a candidate)."""
        if i < self.ncands:
            return 1 << i
        return self.extra_cells[i - self.ncands] << (
            (self.extra_digit[i - self.ncands] - 1) * self.layout.ncells
        )

    def same_cell(self, a: int, b: int) -> bool:
        n = self.layout.ncells
        return a < self.ncands and b < self.ncands and a % n == b % n

    def __len__(self) -> int:
        return len(self.strong)


@per_layout
def cell_columns(layout: Layout) -> tuple[int, ...]:
    """For each cell, the bitset of its candidate indexes (one per digit)."""
    n = layout.ncells
    out = []
    for cell in range(n):
        m = 0
        for d in range(layout.size):
            m |= 1 << (d * n + cell)
        out.append(m)
    return tuple(out)


def to_words(values: Sequence[int], nb: int) -> memoryview:
    """Integers as rows of ``nb`` bytes (little-endian), cast to 64-bit words: the form the
    compiled kernels read bitsets in (written in C by ``_chainwalk.pack`` when built)."""
    walk = compiled_chainwalk()
    if walk is not None:
        return memoryview(walk.pack(values, nb)).cast("Q")
    return memoryview(bytearray(b"".join([v.to_bytes(nb, "little") for v in values]))).cast("Q")


@per_layout
def peer_words(layout: Layout) -> bytearray:
    """Each cell's peers (``layout.peers``) as 64-bit words, ``(ncells + 63) // 64`` a cell,
    for the compiled searches (a ``bytearray``, which a layout can be pickled with; cast
    a ``memoryview`` of it to ``"Q"``)."""
    nb = ((layout.ncells + 63) >> 6) * 8
    return bytearray(b"".join([p.to_bytes(nb, "little") for p in layout.peers]))


@per_layout
def _intersections(layout: Layout) -> tuple[tuple[int, int], ...]:
    """(full house index, cell mask) of each intersection of a full house with another
    house that has two cells or more and is not the whole full house."""
    out = []
    for h, house in enumerate(layout.houses):
        if not house.full:
            continue
        for h2, other in enumerate(layout.houses):
            if h2 == h:
                continue
            common = house.mask & other.mask
            if common.bit_count() >= 2 and common != house.mask:
                out.append((h, common))
    return tuple(sorted(set(out)))


def link_graph(board: Board, grouped: bool = False, als: bool = False) -> LinkGraph:
    """The link graph of the board's current state (cached in its context)."""
    ctx = context(board)
    if not grouped:
        return ctx.memo("links", lambda: _cell_graph(board))
    key = "links_grouped_als" if als else "links_grouped"
    base = ctx.memo("links", lambda: _cell_graph(board))
    words = compiled_chainwalk()
    if words is not None:
        return ctx.memo(key, lambda: _grouped_words(words, board, base, als))
    nodes = ctx.memo("links_group_nodes", lambda: _group_nodes(board, base))
    return ctx.memo(key, lambda: _grouped_graph(board, base, als, nodes))


def _cell_graph(board: Board) -> LinkGraph:
    lay = board.layout
    ctx = context(board)
    n = lay.ncells
    size = lay.size
    ncands = n * size
    cols = cell_columns(lay)
    peers = lay.peers
    arcs = lay.arcs
    cands = board.cands
    pos = [board.positions(d) for d in range(1, size + 1)]
    alive = 0
    for d in range(size):
        alive |= pos[d] << (d * n)
    weak = [0] * ncands
    strong = [0] * ncands
    unplaced = board.empty
    for d in range(size):
        off = d * n
        spots = pos[d]
        for cell in bits(spots):
            i = off + cell
            w = ((spots & peers[cell]) << off) | (cols[cell] & alive)
            for b, table in arcs[cell]:
                if not unplaced >> b & 1:
                    continue
                banned = cands[b] & ~table[d]
                while banned:
                    low = banned & -banned
                    w |= 1 << ((low.bit_length() - 1) * n + b)
                    banned ^= low
            weak[i] = w & ~(1 << i)
    linked = 0
    for cell in ctx.bivalue:
        pair = cols[cell] & alive
        low = pair & -pair
        a, b = low.bit_length() - 1, (pair ^ low).bit_length() - 1
        strong[a] |= 1 << b
        strong[b] |= 1 << a
        linked |= pair
    for d in range(1, size + 1):
        off = (d - 1) * n
        for a, b, _house in ctx.conjugates(d):
            strong[off + a] |= 1 << (off + b)
            strong[off + b] |= 1 << (off + a)
            linked |= 1 << (off + a) | 1 << (off + b)
    return LinkGraph(lay, ncands, alive, strong, weak, linked)


def _als_sets(board: Board) -> list[int]:
    """Cell bitsets of the almost locked sets of 2..ALS_MAX_CELLS cells in one house,
    ascending: the board state's collection that the ALS techniques share
    (``als_sets.cell_sets``) when it holds them, else found here."""
    shared = cell_sets(board, 2, ALS_MAX_CELLS)
    if shared is not None:
        return shared
    cands = board.cands
    empty = board.empty
    found: set[int] = set()
    for house in board.layout.houses:
        cells = tuple([c for c in house.cells if empty >> c & 1])
        key = (cells, tuple([cands[c] for c in cells]))
        sets = _HOUSE_ALS.get(key)
        if sets is None:
            sets = remember(_HOUSE_ALS, key, _house_als(cells, cands), 1 << 15)
        found.update(sets)
    return sorted(found)


def _house_als(cells: tuple[int, ...], cands: list[int]) -> tuple[int, ...]:
    """The ALSs of 2..ALS_MAX_CELLS of ``cells`` (the open cells of one house)."""
    cells = tuple([c for c in cells if cands[c].bit_count() <= ALS_MAX_CELLS + 1])
    found = []
    # Depth-first over (next index, chosen cells, count, digit union).
    stack = [(0, 0, 0, 0)]
    while stack:
        start, chosen, k, union = stack.pop()
        for j in range(start, len(cells)):
            c = cells[j]
            u = union | cands[c]
            width = u.bit_count()
            if width > ALS_MAX_CELLS + 1:
                continue
            m = chosen | 1 << c
            if width == k + 2 and k >= 1:
                found.append(m)
            if k + 1 < ALS_MAX_CELLS:
                stack.append((j + 1, m, k + 1, u))
    return tuple(found)


#: A house's ALSs by (its open cells, their candidates): a pure function of those, kept
#: (bounded, ``remember``; shared by every thread) because most houses do not change
#: from one step to the next.
_HOUSE_ALS: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}


@per_layout
def _full_of_cell(layout: Layout) -> tuple[tuple[int, ...], ...]:
    """For each cell, the indexes (into ``layout.full_houses``) of the full houses
    holding it."""
    masks = [house.mask for house in layout.full_houses]
    return tuple(
        tuple(k for k, m in enumerate(masks) if m >> cell & 1) for cell in range(layout.ncells)
    )


@per_layout
def _plain(layout: Layout) -> bool:
    """Whether no relation arcs link the layout's cells: a candidate's weak links are then
    the same digit in the cells it sees and the other digits of its cell, so those
    shared by the candidates of a digit in two cells or more are the digit in the cells
    that see them all."""
    return not any(layout.arcs)


@per_layout
def known_seers(layout: Layout) -> dict[int, int]:
    """Cell bitset -> the cells that see all of them, as ``seers`` found them so far (a
    bounded cache: read it directly, call ``seers`` on a miss)."""
    return {}


def seers(layout: Layout, cells: int) -> int:
    """The cells that see every cell of ``cells`` (never one of them); cached per layout."""
    known = known_seers(layout)
    out = known.get(cells)
    if out is None:
        out = (1 << layout.ncells) - 1
        peers = layout.peers
        rest = cells
        while rest:
            low = rest & -rest
            out &= peers[low.bit_length() - 1]
            rest ^= low
        if len(known) < 1 << 18:
            known[cells] = out
    return out


class _Nodes:
    """The nodes and links of a grouped graph while it is built: the candidate graph's
    links copied, and the extra nodes made so far (``node_of``)."""

    __slots__ = ("alive", "base_weak", "extra_cells", "extra_digit", "extra_kind",
                 "extra_weak", "groups", "index", "layout", "linked", "n", "peers", "plain",
                 "pos", "seers", "strong", "weak")

    def __init__(self, board: Board, base: LinkGraph, groups: list[dict[int, str]],
                 pos: list[int]) -> None:
        self.layout = lay = board.layout
        self.n = lay.ncells
        self.plain = _plain(lay)
        self.seers = known_seers(lay)
        self.peers = lay.peers
        self.pos = pos
        self.groups = groups
        self.alive = base.alive
        self.base_weak = base.weak
        self.strong = list(base.strong)
        self.weak = list(base.weak)
        self.linked = base.linked
        #: (cells << 8 | digit index) -> node, or -1 when nothing is weakly linked to it.
        self.index: dict[int, int] = {}
        self.extra_digit: list[int] = []
        self.extra_cells: list[int] = []
        self.extra_kind: list[str] = []
        #: Candidates weakly linked to every candidate of the node.
        self.extra_weak: list[int] = []

    def copy(self) -> _Nodes:
        new = _Nodes.__new__(_Nodes)
        for name in _Nodes.__slots__:
            setattr(new, name, getattr(self, name))
        for name in ("strong", "weak", "extra_digit", "extra_cells", "extra_kind",
                     "extra_weak"):
            setattr(new, name, getattr(self, name)[:])
        new.index = dict(self.index)
        return new

    def node_of(self, d: int, spots: int) -> int:
        """The node "d is in one of spots" (-1 when nothing is weakly linked to it)."""
        n = self.n
        if not spots & (spots - 1):
            return d * n + spots.bit_length() - 1
        key = spots << 8 | d
        i = self.index.get(key)
        if i is None:
            off = d * n
            if self.plain:
                common = self.seers.get(spots)
                if common is None:
                    common = seers(self.layout, spots)
                w = (self.pos[d] & common) << off
            else:
                w = self.alive
                base_weak = self.base_weak
                rest = spots
                while rest and w:
                    low = rest & -rest
                    w &= base_weak[off + low.bit_length() - 1]
                    rest ^= low
            if not w:
                self.index[key] = -1
                return -1
            strong = self.strong
            i = self.index[key] = len(strong)
            strong.append(0)
            self.weak.append(0)
            self.extra_digit.append(d + 1)
            self.extra_cells.append(spots)
            self.extra_kind.append(self.groups[d].get(spots, "als"))
            self.extra_weak.append(w)
        return i


def _group_nodes(board: Board, base: LinkGraph) -> _Nodes:
    """The group nodes of the board and their strong links (the part of the grouped
    graphs with and without ALS nodes that is the same)."""
    lay = board.layout
    size = lay.size
    pos = [board.positions(d) for d in range(1, size + 1)]
    placed = [board.placed(d) for d in range(1, size + 1)]
    houses = lay.houses

    # The group nodes by digit: cell mask -> "group" (any other extra node is an ALS
    # digit's places, "als").
    groups: list[dict[int, str]] = [{} for _ in range(size)]
    for h, common in _intersections(lay):
        hmask = houses[h].mask
        for d in range(size):
            if placed[d] & hmask:
                continue
            spots = pos[d] & common
            if spots & (spots - 1):
                groups[d].setdefault(spots, "group")

    # Strong links inside full houses: two units (cells or extra nodes) holding all
    # the places of a digit between them.
    # The groups of each digit inside each full house (a group is among the digit's
    # places, so it is among those of the house when it lies in the house), in order.
    full_of_cell = _full_of_cell(lay)
    fulls = lay.full_houses
    inside: list[list[list[int]]] = [[[] for _ in range(size)] for _ in fulls]
    for d in range(size):
        for spots in groups[d]:
            for k in full_of_cell[(spots & -spots).bit_length() - 1]:
                if not spots & ~fulls[k].mask:
                    inside[k][d].append(spots)
    pending: list[tuple[int, int, int]] = []  # (digit, cells a, cells b)
    for k, house in enumerate(fulls):
        hmask = house.mask
        for d in range(size):
            places = pos[d] & hmask
            if places.bit_count() < 3 or placed[d] & hmask:
                continue
            for spots in inside[k][d]:
                if spots == places:
                    continue
                rest = places & ~spots
                if rest & (rest - 1) and rest not in groups[d]:
                    continue
                if rest & (rest - 1) and rest < spots:
                    continue  # the pair is met again from the other side
                pending.append((d, spots, rest))

    nodes = _Nodes(board, base, groups, pos)
    node_of = nodes.node_of
    strong = nodes.strong
    linked = nodes.linked
    for d, sa, sb in pending:
        a = node_of(d, sa)
        b = node_of(d, sb)
        if a < 0 or b < 0 or a == b:
            continue
        strong[a] |= 1 << b
        strong[b] |= 1 << a
        linked |= 1 << a | 1 << b
    nodes.linked = linked
    return nodes


def _grouped_graph(
    board: Board, base: LinkGraph, use_als: bool, groups: _Nodes | None = None
) -> LinkGraph:
    """The grouped graph (with ALS nodes if ``use_als``); ``groups`` the board's
    ``_group_nodes`` when known (not changed)."""
    lay = board.layout
    n = lay.ncells
    size = lay.size
    ncands = base.ncands
    nodes = (groups or _group_nodes(board, base)).copy()
    pos = nodes.pos
    als_sets = _als_sets(board) if use_als else []
    node_of = nodes.node_of
    index = nodes.index
    strong = nodes.strong
    weak = nodes.weak
    linked = nodes.linked
    alive = base.alive
    extra_digit = nodes.extra_digit
    extra_cells = nodes.extra_cells
    extra_kind = nodes.extra_kind
    extra_weak = nodes.extra_weak
    # Inside an ALS any two digits are strongly linked (at most one digit is missing).
    als_links = AlsLinks(ncands, n)
    als_forcing: dict[tuple[int, int], tuple[int, int]] = {}
    wide = 0
    for c in bits(board.empty):
        if board.cands[c].bit_count() >= 3:
            wide |= 1 << c
    for cells in als_sets:
        ids = []
        together = 0
        for d in range(size):
            spots = pos[d] & cells
            if spots:
                if spots & (spots - 1):
                    i = index.get(spots << 8 | d, -2)
                    if i == -2:
                        i = node_of(d, spots)
                    if i < 0:
                        continue
                else:
                    i = d * n + spots.bit_length() - 1
                ids.append(i)
                together |= 1 << i
        if len(ids) < 2:
            continue
        for a in ids:
            strong[a] |= together & ~(1 << a)
        linked |= together
        als_links.add(cells, ids)
        for a, b in _forcings(board, cells, pos, node_of, wide):
            if strong[a] >> b & 1:  # (every link inside an ALS is strong)
                continue
            strong[a] |= 1 << b
            strong[b] |= 1 << a
            linked |= 1 << a | 1 << b
            als_forcing[(a, b)] = als_forcing[(b, a)] = (cells, a)

    # Weak links of the extra nodes: what is weakly linked to each of their candidates,
    # and the extra nodes of the same digit whose cells all see all of theirs.
    by_digit: list[list[int]] = [[] for _ in range(size)]
    for k in range(len(extra_digit)):
        by_digit[extra_digit[k] - 1].append(k)
    full = (1 << n) - 1
    for k, w in enumerate(extra_weak):
        i = ncands + k
        d = extra_digit[k] - 1
        cellsw = (w >> (d * n)) & full
        total = w
        for j in by_digit[d]:
            if not extra_cells[j] & ~cellsw:
                total |= 1 << (ncands + j)
        weak[i] = total
        bit = 1 << i
        while w:
            low = w & -w
            weak[low.bit_length() - 1] |= bit
            w ^= low
    graph = LinkGraph(
        lay, ncands, alive, strong, weak, linked, extra_digit, extra_cells, extra_kind,
        als_links, AlsForcing(als_forcing),
    )
    return graph


#: ``yass.logic.techniques._chainwalk`` once looked up: the module, or None when it is not
#: built (False: not looked up yet).
_WORDS: Any = False


def compiled_chainwalk() -> Any:
    """The compiled ``_chainwalk`` (the chains' walk, the grouped graph), or None when
    it is not built: interpreted, the Python code here and in ``chains`` is faster."""
    global _WORDS
    if _WORDS is False:
        try:
            from yass.logic.techniques import _chainwalk
        except ImportError:  # pragma: no cover - the source is always there
            _WORDS = None
        else:
            _WORDS = _chainwalk if _chainwalk.is_compiled() else None
    return _WORDS


def _forcings(
    board: Board, cells: int, pos: list[int], node_of: Callable[[int, int], int], wide: int
) -> Iterator[tuple[int, int]]:
    """The ALS forcing links of the set ``cells``: (node of the missing digit a, the
    candidate then forced) pairs. ``wide``: the cells of three candidates or more."""
    n = board.layout.ncells
    peers = board.layout.peers
    cands = board.cands
    # seen[d]: the cells outside the set where its digit d would be ruled out; a cell
    # ruled out twice or more (``twice``) may be forced.
    seen: list[tuple[int, int]] = []
    once = twice = digits = 0
    for d, where in enumerate(pos):
        spots = where & cells
        if not spots:
            continue
        digits |= 1 << d
        out = where & ~cells & wide
        rest = spots
        while rest and out:
            low = rest & -rest
            out &= peers[low.bit_length() - 1]
            rest ^= low
        if out:
            seen.append((d, out))
            twice |= once & out
            once |= out
    for c in bits(twice):
        own = cands[c]
        hit = 0
        for d, out in seen:
            if out >> c & 1:
                hit |= 1 << d
        if hit.bit_count() < own.bit_count() - 1:
            continue
        for a in bits(digits):
            left = own & ~(hit & ~(1 << a))
            if left.bit_count() != 1:
                continue
            a_node = node_of(a, pos[a] & cells)
            if a_node >= 0:
                yield a_node, (left.bit_length() - 1) * n + c


@per_layout
def _group_parts(layout: Layout) -> tuple[Any, ...]:
    """The layout's intersections (count, their full houses, their cells), every house's
    cells (as masks, and as cell lists: flat, with each house's start), and the full
    houses (count, cells) as the compiled ``group_nodes`` and ``als_sets`` read them
    (``bytearray``s, which a layout can be pickled with), the widest house's size, and
    the full houses of each cell (flat, with each cell's start; the most a cell has)."""
    from array import array

    nb = ((layout.ncells + 63) >> 6) * 8

    def rows(values: Iterable[int]) -> bytearray:
        return bytearray(b"".join([v.to_bytes(nb, "little") for v in values]))

    def ints(values: list[int]) -> bytearray:
        return bytearray(array("i", values).tobytes())

    inter = _intersections(layout)
    houses = layout.houses
    fulls = _full_of_cell(layout)
    cfirst = [0]
    for ks in fulls:
        cfirst.append(cfirst[-1] + len(ks))
    first = [0]
    for house in houses:
        first.append(first[-1] + len(house.cells))
    return (
        len(inter), ints([h for h, _ in inter]), rows([m for _, m in inter]),
        rows([h.mask for h in houses]), len(layout.full_houses),
        rows([h.mask for h in layout.full_houses]), len(houses),
        ints([c for house in houses for c in house.cells]), ints(first),
        max([len(house.cells) for house in houses], default=0),
        ints([k for ks in fulls for k in ks]), ints(cfirst), max(map(len, fulls), default=0),
    )


_KINDS = ("als", "group")


def _grouped_words(
    words: Any, board: Board, base: LinkGraph, use_als: bool, room: int = 64
) -> LinkGraph:
    """``_grouped_graph`` in C (``group_nodes`` and ``group_links``; the sets from the
    shared collection as ``_als_sets`` takes them, else ``_chainwalk.als_sets``): the same
    graph, its rows read from word buffers as they are asked
    for, with what ``chains._full_view`` makes of it. ``room``: the ints first given to
    the group and forcing links beyond a share per set, and the sets' rows beyond a share
    per house (more when they do not fit)."""
    from array import array

    lay = board.layout
    n = lay.ncells
    size = lay.size
    ncands = base.ncands
    ncw = (n + 63) >> 6
    nb = ncw * 8
    wc = (ncands + 63) >> 6
    cb = wc * 8
    (ni, inter_house, inter_common, house_masks, nf, fulls, nh, hcells, hfirst, widest,
     cfull, cfirst, most_fulls) = _group_parts(lay)
    base_words = base.words
    base_weak = base_words.get(("weak", wc))
    if base_weak is None:
        base_weak = base_words["weak", wc] = to_words(base.weak, cb)
    base_strong = base_words.get(("strong", wc))
    if base_strong is None:
        base_strong = base_words["strong", wc] = to_words(base.strong, cb)

    def ints(count: int) -> memoryview:
        return memoryview(words.scratch(4 * count)).cast("i")

    def rows(count: int, row: int) -> memoryview:
        return memoryview(words.scratch(count * row)).cast("Q")

    cands = array("i", board.cands)
    empty = to_words((board.empty,), nb)
    nals = 0
    sets: Any = rows(0, nb)
    sets_list: Sequence[int] = []
    shared = cell_sets(board, 2, ALS_MAX_CELLS) if use_als else None
    if shared is not None:  # (the ALS techniques' collection of this state holds them)
        sets_list = shared
        nals = len(shared)
        sets = to_words(shared, nb)
    elif use_als and widest <= 64:
        cap = room + 16 * nh * (room > 1)
        while True:
            raw = words.scratch(cap * nb)
            sets = memoryview(raw).cast("Q")
            nals = words.als_sets(
                nh, memoryview(hcells).cast("i"), memoryview(hfirst).cast("i"), cands, empty,
                ncw, ALS_MAX_CELLS, rows(cap, nb), cap, sets, ints(cap), ints(64),
                rows(4 * 64 * (ALS_MAX_CELLS + 1), 8),
            )
            if nals >= 0:
                break
            cap *= 4  # (rare: more sets than room for them)
        sets_list = Rows(raw, nals, nb)
    elif use_als:  # (a house wider than a word: the sets found in Python)
        sets_list = _als_sets(board)
        nals = len(sets_list)
        sets = to_words(sets_list, nb)
    records = (ni + nals) * size + 1
    slots = 1 << (2 * records).bit_length()
    rec_digit, rec_node, rec_group, ext_rec = ints(records), ints(records), ints(records), ints(
        records
    )
    rec_cells = rows(records, nb)
    eweak = rows(records, cb)
    cnt = ints(5)
    fcap = 3 * n * size
    als_ids, als_first, als_index = ints(nals * size + 1), ints(nals + 1), ints(nals + 1)
    pcap = room + 4 * records * (room > 1)
    ocap = room + 12 * nals * (room > 1)
    pos_w = to_words([board.positions(d) for d in range(1, size + 1)], nb)
    placed_w = to_words([board.placed(d) for d in range(1, size + 1)], nb)
    while True:
        table = array("i", [-1]) * slots
        pairs = ints(pcap)
        forcing = ints(ocap)
        if not words.group_nodes(
            n, size, ncw, wc, ncands, pos_w, placed_w, ni, memoryview(inter_house).cast("i"),
            memoryview(inter_common).cast("Q"), memoryview(house_masks).cast("Q"), nf,
            memoryview(fulls).cast("Q"), base_weak, base_strong, to_words((base.alive,), cb),
            nals, sets, rows(1, nb), memoryview(peer_words(lay)).cast("Q"), cands, rec_digit,
            rec_cells, rec_node, rec_group, table, slots - 1, eweak, ext_rec,
            rows(ncands + records, cb), cnt, ints(max(records * most_fulls, 1)),
            ints(nf * size + 1), rows(2, nb), rows(size + 2, nb), ints(fcap), fcap, pairs,
            pcap, als_ids, als_first, als_index, forcing, ocap, ints(size), empty,
            memoryview(cfull).cast("i"), memoryview(cfirst).cast("i"),
        ):
            break
        pcap *= 4  # (rare: more group links or forcing links than room for them)
        ocap *= 4
    count = cnt[1]
    total = ncands + count
    w = (total + 63) >> 6
    row = w * 8
    strong = words.scratch(total * row)
    weak = words.scratch(total * row)
    view = words.scratch(total * row)
    linked = words.scratch(row)
    starts = array("i", bytes(4 * total))
    edig, ekind = ints(count), ints(count)
    ecells = words.scratch(count * nb)
    found = words.group_links(
        n, size, ncw, wc, w, ncands, count, base_weak, base_strong,
        to_words((base.linked,), cb), eweak, ext_rec, rec_digit, rec_cells, rec_group, cnt,
        pairs, als_ids, als_first, forcing, memoryview(strong).cast("Q"),
        memoryview(weak).cast("Q"), memoryview(view).cast("Q"),
        memoryview(linked).cast("Q"), starts, edig, memoryview(ecells).cast("Q"), ekind,
        ints(max(count, 1)), ints(size * n + 1), rows(1, nb),
    )
    del starts[found:]
    used = cnt[2]
    nforcing = cnt[4]

    def fill_links(links: AlsLinks) -> None:
        ids = als_ids.tolist()
        for u in range(used):
            links.add(sets_list[als_index[u]], ids[als_first[u] : als_first[u + 1]])

    def fill_forcing() -> dict[tuple[int, int], tuple[int, int]]:
        table: dict[tuple[int, int], tuple[int, int]] = {}
        raw = forcing.tolist()
        for x in range(0, nforcing, 3):
            s, a, b = raw[x : x + 3]
            table[a, b] = table[b, a] = (sets_list[s], a)
        return table

    strong_rows = Rows(strong, total, row)
    weak_rows = Rows(weak, total, row)
    graph = LinkGraph(
        lay, ncands, base.alive, strong_rows, weak_rows, int.from_bytes(linked, "little"),
        edig.tolist(), Rows(ecells, count, nb), [_KINDS[k] for k in ekind.tolist()],
        AlsLinks(ncands, n, fill_links), AlsForcing(fill=fill_forcing),
        full=(Rows(view, total, row), starts),
    )
    graph.words["strong", w] = strong_rows.words
    graph.words["weak", w] = weak_rows.words
    return graph
