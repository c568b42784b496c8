"""Chains: X-Chain, XY-Chain, AIC / nice loops and their grouped forms, on one link graph.

Every technique here searches the link graph of ``yass.logic.techniques.links`` (strong and
weak links from houses, the sees-relation and relation tables), so each one works on
every supported variant without special cases. They differ only in which part of the
graph they may walk:

* ``xc`` X-Chain: one digit, strong links from full houses (conjugate pairs);
* ``xyc`` XY-Chain: bivalue cells only: strong links inside the cells, weak links
  between cells on one digit;
* ``aic`` Nice Loop/AIC: every candidate and every link (a single strong link counts:
  on a variant a conjugate pair or bivalue cell alone may rule out candidates that see
  both its ends);
* ``gaic`` Grouped Nice Loop/AIC: the same plus group nodes (the places of a digit in
  the intersection of a full house with another house) and ALS nodes (the places of a
  digit in an almost locked set; any two digits of an ALS are strongly linked, and a
  digit of an ALS is strongly linked to a candidate the rest of the set would force
  in a cell outside it: ``links``' ALS forcing). Only chains that use such a node or
  link are reported (the others belong to ``aic``).

An alternating chain ``x = ... = e`` (strong link first and last, strong and weak
links alternating) proves that x and e are not both false. The search is a
breadth-first walk over (node, state) pairs from every start node x at once, one
link pair (strong then weak) a round, so the shortest chains are found first, and
within one length each elimination set is reported once. What a chain shows:

* **AIC**: every candidate weakly linked to both ends (sees both ends on their digit,
  shares a cell with one end and sees the other on its digit, or is ruled out by a
  relation with both) is eliminated. When everything eliminated lies in the cell of
  one end, the same chain read as a loop through that cell is a **Discontinuous Nice
  Loop** (a candidate whose truth would force another candidate of its own cell).
* **Continuous Nice Loop**: when the two ends are also weakly linked, the chain closes
  into a loop in which every weak link holds exactly one true end, so whatever is
  weakly linked to both ends of any of its links is eliminated.
* **Discontinuous Nice Loop** with two strong links at the start: the chain comes
  back to x itself (x false forces x true), so x is true.

Each pair of ends is searched from its lower node only (the reversed chain is as
long), and a step whose changes are all made by steps already yielded is skipped.
Grouped chains search the graph with group nodes first and add ALS nodes (a larger
graph, slower to walk) only after that, so a hint costs the ALS search only when no
group chain exists. The chain length (links) is capped at ``MAX_LINKS``, and each
find() stops deepening once it has done ``WORK_LIMIT`` node expansions, so one call
stays in the tens of milliseconds on a hard 9x9 board.

The leading digits of a notation line are those of the step's changes (``1/5/7``).

Difficulty grows with length, following Sudoku Explainer's length increments: a step
adds 0.1 to the table difficulty for each of the thresholds 4, 6, 8, 12, 16, 24, 32, ...
(each alternately 3/2 and 4/3 of the one before) that its number of links exceeds::

    difficulty = table difficulty + 0.1 * #{t in (4, 6, 8, 12, 16, ...) : links > t}

Notation follows HoDoKu: ``X-Chain: 1 r2c6 =1= r2c1 -1- r9c1 =1= r9c5 => r1c5<>1``;
a cell is written once however many of its candidates the chain visits in a row, so
``XY-Chain: 6 6- r5c3 -2- r5c8 -9- r2c8 -6 => r2c3<>6`` (the leading ``6-`` and the
trailing ``-6`` name the end digits when the chain starts or ends inside a cell); a
group is written ``r1c12``, an ALS ``ALS:r1c12,r2c3`` (written once, entered and
left on different digits; ``-3- ALS:r1789c9 =5= r7c8``: were the set without its 3,
its other digits would leave r7c8 only 5); a link between different digits of two cells (a relation)
is labelled ``-1/2-`` (first digit on the left cell).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from yass.core.board import Board
from yass.core.geometry import bits, digit_char
from yass.core.layout import Layout
from yass.core.record import record
from yass.core.step import Link, Node, Step, compact_cells, digit_list, notation
from yass.logic.techniques.base import Technique, cells_text, join_words, removal_text
from yass.logic.techniques.context import context
from yass.logic.techniques.links import (
    LinkGraph,
    Rows,
    cell_columns,
    compiled_chainwalk,
    link_graph,
    to_words,
)

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from typing import Any, ClassVar

__all__ = [
    "AIC",
    "MAX_LINKS",
    "WORK_LIMIT",
    "GroupedAIC",
    "XChain",
    "XYChain",
    "length_extra",
]

#: Longest chain searched, in links (20 nodes).
MAX_LINKS = 19
#: Node expansions one find() may spend before it stops deepening.
WORK_LIMIT = 60_000


def length_extra(links: int) -> float:
    """Sudoku Explainer's idea of a length increment: 0.1 per threshold passed."""
    extra = 0
    ceiling = 4
    grow_half = True
    while links > ceiling:
        extra += 1
        ceiling = ceiling * 3 // 2 if grow_half else ceiling * 4 // 3
        grow_half = not grow_half
    return extra / 10


@record
class _View:
    """The part of the graph a technique walks.

    ``strong[u]``: nodes reached from u when u is false; ``weak[u]``: nodes that become
    false when u is true (only nodes with a strong link, the others lead nowhere).
    Both are symmetric, which the chain tracer relies on. ``target_mask`` (per digit,
    for X-Chains) limits what an end may eliminate; None means any candidate.
    """

    graph: LinkGraph
    strong: Sequence[int]
    weak: Sequence[int]
    starts: Sequence[int]
    target_mask: list[int] | None = None  # per digit block (X-Chain), else alive


@record
class _Search:
    x: int
    targets: int
    reach: int  # nodes weakly linked to some target: a hit must lie here
    closing: int  # nodes weakly linked to x (a loop closes there)
    on: int
    off: int
    front: int
    layers: list[tuple[int, int]]


# -- the views -----------------------------------------------------------------------------


def _block(layout: Layout, digit: int) -> int:
    n = layout.ncells
    return ((1 << n) - 1) << ((digit - 1) * n)


def _x_view(graph: LinkGraph) -> _View:
    lay = graph.layout
    n = lay.ncells
    strong = [0] * len(graph.strong)
    weak = [0] * len(graph.strong)
    linked = 0
    masks = [_block(lay, d) & graph.alive for d in range(1, lay.size + 1)]
    for u in bits(graph.linked):
        if u >= graph.ncands:
            break
        s = graph.strong[u] & masks[u // n]
        if s:
            strong[u] = s
            linked |= 1 << u
    for u in bits(linked):
        weak[u] = graph.weak[u] & masks[u // n] & linked
    return _View(graph, strong, weak, list(bits(linked)), masks)


def _xy_view(graph: LinkGraph, board: Board) -> _View:
    lay = graph.layout
    n = lay.ncells
    strong = [0] * len(graph.strong)
    weak = [0] * len(graph.strong)
    pairs = 0
    columns = cell_columns(lay)
    for cell in context(board).bivalue:
        for d in range(lay.size):
            if board.cands[cell] >> d & 1:
                pairs |= 1 << (d * n + cell)
    for u in bits(pairs):
        cell = u % n
        strong[u] = pairs & graph.strong[u] & ~(1 << u) & columns[cell]
    for u in bits(pairs):
        d = u // n
        weak[u] = graph.weak[u] & pairs & _block(lay, d + 1)
    return _View(graph, strong, weak, list(bits(pairs)))


def _full_view(graph: LinkGraph) -> _View:
    """Every node; extra nodes that nothing is weakly linked to are left out (a chain
    could neither enter nor leave them usefully)."""
    if graph.full is not None:  # made with the graph (every extra node has weak links)
        weak, starts = graph.full
        return _View(graph, graph.strong, weak, starts)
    useful = graph.linked
    weak = graph.weak
    for i in range(graph.ncands, len(weak)):
        if not weak[i]:
            useful &= ~(1 << i)
    strong = graph.strong if useful == graph.linked else [s & useful for s in graph.strong]
    return _View(graph, strong, [w & useful for w in weak], list(bits(useful)))


# -- the search ------------------------------------------------------------------------------


@record
class _Hit:
    kind: str  # "aic", "loop" or "self"
    x: int
    e: int
    depth: int
    search: _Search


def _searches(view: _View, loops: bool) -> list[_Search]:
    graph = view.graph
    weak = graph.weak
    alive = graph.alive
    n = graph.layout.ncells
    out = []
    for x in view.starts:
        if view.target_mask is not None:
            targets = weak[x] & view.target_mask[x // n]
        else:
            targets = weak[x] & alive
        reach = 0
        for c in bits(targets):
            reach |= weak[c]
        closing = weak[x] if loops else 0
        # A hit must lie above x (the chain from below finds the same pair); only a
        # candidate (not a group) is worth searching for its own placement.
        if not (reach | closing) >> (x + 1) and not (loops and x < graph.ncands):
            continue
        out.append(_Search(x, targets, reach, closing, 0, 1 << x, 1 << x, []))
    return out


_KINDS = ("aic", "loop", "self")


def _walk(view: _View, loops: bool, max_depth: int, budget: int) -> Iterator[list[_Hit]]:
    """Hits, one list per chain length (depth), shortest first."""
    words = compiled_chainwalk()
    if words is not None:
        yield from _walk_words(words, view, loops, max_depth, budget)
        return
    strong = view.strong
    weak = view.weak
    active = _searches(view, loops)
    work = 0
    for depth in range(max_depth):
        hits: list[_Hit] = []
        still = []
        for s in active:
            front = s.front
            on = 0
            while front:
                low = front & -front
                on |= strong[low.bit_length() - 1]
                front ^= low
            on &= ~s.on
            s.on |= on
            off = 0
            rest = on
            count = 0
            while rest:
                low = rest & -rest
                off |= weak[low.bit_length() - 1]
                rest ^= low
                count += 1
            work += count
            off &= ~s.off
            s.off |= off
            s.front = off
            s.layers.append((on, off))
            x = s.x
            above = on >> (x + 1) << (x + 1)
            found = above & (s.reach | s.closing) if depth else above & s.reach
            while found:
                low = found & -found
                e = low.bit_length() - 1
                found ^= low
                # A loop needs two links at least besides the closing one.
                kind = "loop" if depth and s.closing & low else "aic"
                hits.append(_Hit(kind, x, e, depth, s))
            if loops and on >> x & 1:
                hits.append(_Hit("self", x, x, depth, s))
            if off:
                still.append(s)
        if hits:
            yield hits
        active = still
        if not active or work > budget:
            return


def _walk_words(
    words: Any, view: _View, loops: bool, max_depth: int, budget: int
) -> Iterator[list[_Hit]]:
    """``_walk`` in C (``yass.logic.techniques._chainwalk``, ``_searches`` included): the same
    hits in the same order. A search's sets become Python integers only when it has a hit."""
    from array import array

    graph = view.graph
    starts = view.starts
    if not starts:
        return
    size = (max(len(view.strong), len(graph.weak)) + 63) >> 6  # words a node set
    nb = size * 8

    def buf(masks: Sequence[int]) -> memoryview:
        if isinstance(masks, Rows) and masks.nb == nb and masks.words is not None:
            return masks.words  # (made in words by the compiled graph builder)
        # The graph's own lists are converted once (several techniques walk one graph).
        key = "weak" if masks is graph.weak else "strong" if masks is graph.strong else ""
        if key:
            made = graph.words.get((key, size))
            if made is not None:
                return made  # type: ignore[no-any-return]
        made = to_words(masks, nb)
        if key:
            graph.words[key, size] = made
        return made

    if view.target_mask is not None:
        n = graph.layout.ncells
        masks = buf(view.target_mask)
        which = array("i", [x // n for x in starts])
    else:
        masks = buf([graph.alive])
        which = array("i", bytes(4 * len(starts)))
    xs = array("i", starts)
    state = memoryview(words.scratch(len(starts) * 6 * nb)).cast("Q")  # (prepare writes it)
    act = array("i", bytes(4 * len(starts)))
    # The targets and what reaches them come from the whole graph's weak links, the
    # walk from the view's.
    nact = words.prepare(buf(graph.weak), size, masks, xs, which, len(starts), int(loops),
                         graph.ncands, state, act)
    if not nact:
        return
    weak = buf(view.weak)
    strong = buf(view.strong)
    # (each search's round is written before it is read: no need to clear the rows)
    layers = memoryview(words.scratch(len(starts) * max_depth * 2 * nb)).cast("Q")
    tmp = memoryview(bytearray(2 * nb)).cast("Q")
    raw_state = state.cast("B")
    raw_layers = layers.cast("B")
    searches: dict[int, _Search] = {}

    def search(si: int) -> _Search:
        # The start's _Search as _searches makes it (its walk sets are not kept there).
        found = searches.get(si)
        if found is None:
            at = si * 6 * nb
            targets, reach, closing = (
                int.from_bytes(raw_state[at + k * nb : at + (k + 1) * nb], "little")
                for k in (5, 3, 4)
            )
            x = starts[si]
            found = searches[si] = _Search(x, targets, reach, closing, 0, 1 << x, 1 << x, [])
        return found

    work = 0
    for depth in range(max_depth):
        raw: list[tuple[int, int, int]] = []
        nact, done = words.advance(
            strong, weak, size, state, layers, max_depth, xs, act, nact, depth, int(loops),
            tmp, raw,
        )
        work += done
        if raw:
            hits = []
            for kind, si, e in raw:
                s = search(si)
                for j in range(len(s.layers), depth + 1):
                    at = (si * max_depth + j) * 2 * nb
                    s.layers.append((
                        int.from_bytes(raw_layers[at : at + nb], "little"),
                        int.from_bytes(raw_layers[at + nb : at + 2 * nb], "little"),
                    ))
                hits.append(_Hit(_KINDS[kind], s.x, e, depth, s))
            yield hits
        if not nact or work > budget:
            return


def _trace(view: _View, hit: _Hit) -> list[int] | None:
    """The nodes of a chain for ``hit``: x, then alternately reached true / false, ..., e.

    Walks the search layers back from e, never using a node twice; None if every
    shortest walk repeats a node (rare).
    """
    strong = view.strong
    weak = view.weak
    layers = hit.search.layers
    x = hit.x
    path = [hit.e]
    used = {x, hit.e}
    tries = [0]

    def back(v: int, j: int) -> bool:
        if j == 0:
            return bool(strong[v] >> x & 1)
        tries[0] += 1
        if tries[0] > 400:
            return False
        for u in bits(strong[v] & layers[j - 1][1]):
            if u in used:
                continue
            for w in bits(weak[u] & layers[j - 1][0]):
                if w in used:
                    continue
                used.add(u)
                used.add(w)
                path.append(u)
                path.append(w)
                if back(w, j - 1):
                    return True
                path.pop()
                path.pop()
                used.discard(u)
                used.discard(w)
        return False

    if not back(hit.e, hit.depth):
        return None
    path.append(x)
    path.reverse()
    return path



# -- the techniques --------------------------------------------------------------------------


class _Seen:
    """What the steps yielded so far do: a step that adds nothing new is not yielded."""

    def __init__(self) -> None:
        self.placed: set[int] = set()
        self.eliminated = 0

    def covers(self, place: int, mask: int) -> bool:
        if place >= 0:
            return place in self.placed
        return not mask & ~self.eliminated

    def add(self, place: int, mask: int) -> None:
        if place >= 0:
            self.placed.add(place)
        self.eliminated |= mask


class _Chains(Technique):
    """Shared search and step building; a subclass picks the view and the names."""

    loops: ClassVar[bool] = True
    grouped: ClassVar[bool] = False
    label: ClassVar[str] = "AIC"

    def views(self, board: Board) -> Iterator[_View]:
        """The graphs to search, in turn (each built only when the one before is done)."""
        raise NotImplementedError

    def find(self, board: Board) -> Iterator[Step]:
        seen = _Seen()
        for view in self.views(board):
            yield from self._find(view, seen)

    def _find(self, view: _View, seen: _Seen) -> Iterator[Step]:
        graph = view.graph
        weak = graph.weak
        alive = graph.alive
        max_depth = (MAX_LINKS + 1) // 2
        for hits in _walk(view, self.loops, max_depth, WORK_LIMIT):
            # What each hit proves, cheapest first; chains are traced only when needed.
            found: list[tuple[int, int, int, _Hit, list[int] | None]] = []
            for order, hit in enumerate(hits):
                path = None
                if hit.kind == "aic":
                    mask = hit.search.targets & weak[hit.e]
                    place = -1
                elif hit.kind == "self":
                    place = hit.x if hit.x < graph.ncands else -1
                    mask = 0 if place >= 0 else weak[hit.x] & alive
                else:
                    path = _trace(view, hit)
                    if path is None:
                        continue
                    mask = _loop_eliminations(graph, [*path, hit.x])
                    place = -1
                if seen.covers(place, mask):
                    continue
                found.append((-(place >= 0), -mask.bit_count(), order, hit, path))
            found.sort(key=lambda f: f[:3])
            for _, _, _, hit, path in found:
                step = self._step(view, hit, path, seen)
                if step is not None:
                    yield step

    # -- one hit --------------------------------------------------------------------

    def _step(
        self, view: _View, hit: _Hit, path: list[int] | None, seen: _Seen
    ) -> Step | None:
        graph = view.graph
        x, e = hit.x, hit.e
        alive = graph.alive
        weak = graph.weak
        if path is None:
            path = _trace(view, hit)
            if path is None:
                return None
        if self.grouped and not _uses_groups(graph, path):
            return None
        lay = graph.layout
        place_node = -1
        if hit.kind == "self":
            nodes = path  # x ... x: both ends are x
            strongs = [i % 2 == 0 for i in range(len(nodes) - 1)]
            if x < graph.ncands:
                place_node = x
                elim_mask = 0
            else:
                elim_mask = weak[x] & alive
            form = "Discontinuous Nice Loop"
        elif hit.kind == "loop":
            nodes = [*path, x]
            strongs = [i % 2 == 0 for i in range(len(nodes) - 1)]
            elim_mask = _loop_eliminations(graph, nodes)
            nodes, strongs = _rotate(graph, nodes, strongs)
            form = "Continuous Nice Loop"
        else:
            elim_mask = hit.search.targets & weak[e]
            nodes = path
            strongs = [i % 2 == 0 for i in range(len(nodes) - 1)]
            form = self.label
            if self.loops and not elim_mask & (elim_mask - 1):
                # One elimination in the cell of an end: read the chain as a loop
                # through that cell (a discontinuous nice loop).
                cells = _cells_of(graph, elim_mask)
                if x < graph.ncands and cells == graph.cells(x):
                    form = "Discontinuous Nice Loop"
                elif e < graph.ncands and cells == graph.cells(e):
                    nodes = nodes[::-1]
                    form = "Discontinuous Nice Loop"
                if form != self.label:
                    nodes = [*nodes, elim_mask.bit_length() - 1]
                    strongs = [*strongs, False]
        if seen.covers(place_node, elim_mask):
            return None
        seen.add(place_node, elim_mask)
        place = _cands(graph, 1 << place_node) if place_node >= 0 else ()
        elims = _cands(graph, elim_mask)
        if self.grouped:
            form = "Grouped " + form
        name = form if self.loops else self.name
        links = len(nodes) - 1
        text = _chain_text(graph, nodes, strongs, closed=hit.kind == "loop")
        digits = sorted({d for _, d in place + elims})
        pattern = f"{digit_list(digits, '/')} {text}"
        cand_set: set[tuple[int, int]] = set()
        cells_in_order: list[int] = []
        for i in nodes:
            for c in bits(graph.cells(i)):
                cand_set.add((c, graph.digit(i)))
                if c not in cells_in_order:
                    cells_in_order.append(c)
        return Step(
            self.code,
            placements=place,
            eliminations=elims,
            explanation=_explain(lay, graph, hit.kind, form, nodes, place, elims, text),
            cells=tuple(cells_in_order),
            digits=tuple(sorted({graph.digit(i) for i in nodes})),
            chain=_links(graph, nodes, strongs),
            candidates=tuple(sorted(cand_set)),
            difficulty=round(self.difficulty + length_extra(links), 2),
            notation=notation(lay, name, pattern, place, elims),
            name="" if name == self.name else name,
        )


def _uses_groups(graph: LinkGraph, path: list[int]) -> bool:
    """Whether a chain needs the grouped graph: a group or ALS node, or a strong link
    of an ALS (inside it, between candidates of different cells, or forcing a cell)."""
    if any(i >= graph.ncands for i in path):
        return True
    links = graph.als_links
    forcing = graph.als_forcing
    return any(
        (path[k], path[k + 1]) in links or (path[k], path[k + 1]) in forcing
        for k in range(len(path) - 1)
    )


def _loop_eliminations(graph: LinkGraph, nodes: list[int]) -> int:
    """What a continuous loop (first node repeated last) eliminates: for each link that
    is also weak, whatever is weakly linked to both its ends."""
    weak = graph.weak
    mask = 0
    for i in range(len(nodes) - 1):
        a, b = nodes[i], nodes[i + 1]
        if weak[a] >> b & 1:
            mask |= weak[a] & weak[b]
    return mask & graph.alive


def _cands(graph: LinkGraph, mask: int) -> tuple[tuple[int, int], ...]:
    n = graph.layout.ncells
    out = []
    mask &= graph.alive
    while mask:
        low = mask & -mask
        i = low.bit_length() - 1
        out.append((i % n, i // n + 1))
        mask ^= low
    out.sort()
    return tuple(out)


def _cells_of(graph: LinkGraph, mask: int) -> int:
    n = graph.layout.ncells
    cells = 0
    full = (1 << n) - 1
    while mask:
        cells |= mask & full
        mask >>= n
    return cells


def _rotate(
    graph: LinkGraph, nodes: list[int], strongs: list[bool]
) -> tuple[list[int], list[bool]]:
    """A closed loop (first node repeated at the end) restarted where a link between two
    places (cells or ALS) enters a node, preferably one that leaves by a strong link to
    another place, so that it reads ``r1c1 =1= ... -2- r1c1``."""
    ring = nodes[:-1]
    size = len(ring)

    def across(k: int) -> bool:  # link k (ring[k] -> ring[k + 1]) joins two places
        a, b = ring[k % size], ring[(k + 1) % size]
        return not graph.same_cell(a, b) and (a, b) not in graph.als_links

    starts = [k for k in range(size) if across(k - 1)]
    best = next((k for k in starts if across(k) and strongs[k]), starts[0] if starts else 0)
    ring = ring[best:] + ring[:best]
    kinds = strongs[best:] + strongs[:best]
    return [*ring, ring[0]], kinds


def _links(graph: LinkGraph, nodes: list[int], strongs: list[bool]) -> tuple[Link, ...]:
    """The chain as Links; a node entering or leaving an ALS is that ALS (kind ``als``)."""
    count = len(nodes)
    made: list[Node] = []
    for k, i in enumerate(nodes):
        als = graph.als_links.get((i, nodes[k + 1])) if k + 1 < count else None
        if not als and k:
            als = graph.als_links.get((nodes[k - 1], i))
        if not als:
            als = _forcing_als(graph, nodes, k)
        made.append(_node(graph, i, als))
    return tuple(Link(made[k], made[k + 1], strongs[k]) for k in range(count - 1))


def _forcing_als(graph: LinkGraph, nodes: list[int], k: int) -> int:
    """The cells of the ALS whose missing digit is node k, when a link next to it is an
    ALS forcing link from that ALS (else 0)."""
    i = nodes[k]
    for j in (k - 1, k + 1):
        if 0 <= j < len(nodes):
            forcing = graph.als_forcing.get((i, nodes[j]))
            if forcing and forcing[1] == i:
                return forcing[0]
    return 0


def _node(graph: LinkGraph, i: int, als: int | None) -> Node:
    if als:
        return Node(tuple(bits(als)), graph.digit(i), "als")
    kind = graph.kind(i) if i >= graph.ncands else "cell"
    return Node(graph.cell_list(i), graph.digit(i), kind)


def _name(graph: LinkGraph, i: int) -> str:
    return compact_cells(graph.layout, graph.cell_list(i))


def _chain_text(
    graph: LinkGraph, nodes: list[int], strongs: list[bool], closed: bool = False
) -> str:
    """HoDoKu-style chain: each place (cell, group, ALS) once, link labels ``=d=`` /
    ``-d-``; ``closed`` for a loop whose last node is its first."""
    lay = graph.layout
    ch = digit_char
    count = len(nodes)

    def inside(k: int) -> bool:  # link k joins two candidates of one cell, or one ALS
        a, b = nodes[k], nodes[k + 1]
        return graph.same_cell(a, b) or (a, b) in graph.als_links

    def place(k: int) -> str:
        if closed and k == count - 1:
            k = 0
        als = graph.als_links.get((nodes[k], nodes[k + 1])) if k + 1 < count else None
        if not als:
            als = _forcing_als(graph, nodes, k)
        if als:
            return "ALS:" + compact_cells(lay, tuple(bits(als)))
        return _name(graph, nodes[k])

    def als_end(k: int, j: int) -> bool:  # node k is the ALS side of forcing link (k, j)
        forcing = graph.als_forcing.get((nodes[k], nodes[j]))
        return forcing is not None and forcing[1] == nodes[k]

    parts: list[str] = []
    if count > 1 and (inside(0) or als_end(0, 1)) and not closed:
        parts.append(f"{ch(graph.digit(nodes[0]))}-")
    parts.append(place(0))
    def als(k: int) -> bool:
        return 0 <= k < count - 1 and (nodes[k], nodes[k + 1]) in graph.als_links

    for k in range(1, count):
        a, b = nodes[k - 1], nodes[k]
        if als(k - 1):
            continue
        if graph.same_cell(a, b):
            # Written only next to an ALS, whose cells may include this one.
            if als(k):
                parts.append(f"-{ch(graph.digit(b))}-")
                parts.append(place(k))
            elif als(k - 2):
                parts.append(f"-{ch(graph.digit(a))}-")
                parts.append(_name(graph, b))
            continue
        sym = "=" if strongs[k - 1] else "-"
        da, db = graph.digit(a), graph.digit(b)
        forcing = graph.als_forcing.get((a, b))
        if forcing:  # labelled by the digit forced outside the set
            label = ch(db if forcing[1] == a else da)
        else:
            label = ch(da) if da == db else f"{ch(da)}/{ch(db)}"
        parts.append(f"{sym}{label}{sym}")
        parts.append(place(k))
    back_home = nodes[-1] == nodes[0] and graph.same_cell(nodes[-2], nodes[-1])
    if (
        count > 1
        and (inside(count - 2) or als_end(count - 1, count - 2))
        and not closed
        and not back_home
    ):
        parts.append(f"-{ch(graph.digit(nodes[-1]))}")
    return " ".join(parts)


def _say(graph: LinkGraph, i: int) -> str:
    lay = graph.layout
    d = digit_char(graph.digit(i))
    cells = graph.cell_list(i)
    if len(cells) == 1:
        return f"{lay.name(cells[0])} is {d}"
    return f"one of {cells_text(lay, cells)} is {d}"


def _explain(
    lay: Layout,
    graph: LinkGraph,
    kind: str,
    form: str,
    nodes: list[int],
    place: tuple[tuple[int, int], ...],
    elims: tuple[tuple[int, int], ...],
    text: str,
) -> str:
    removal = removal_text(lay, elims)
    if kind == "self":
        x = nodes[0]
        if place:
            cell, d = place[0]
            return (
                f"if {lay.name(cell)} were not {digit_char(d)}, the loop {text} would make it"
                f" {digit_char(d)} after all, so {lay.name(cell)} is {digit_char(d)}"
            )
        return (
            f"if {cells_text(lay, graph.cell_list(x), 'or')} held no {digit_char(graph.digit(x))},"
            f" the loop {text} would put one there after all, so one of them is"
            f" {digit_char(graph.digit(x))}: {removal}"
        )
    if kind == "loop":
        return (
            f"the loop {text} closes: of the two ends of each of its links exactly one is"
            f" true, so {removal}"
        )
    if "Discontinuous" in form:
        x = nodes[0]
        cell, d = elims[0]
        return (
            f"if {lay.name(cell)} were {digit_char(d)}, following the chain {text} back"
            f" would also make {lay.name(cell)}={digit_char(graph.digit(x))}, two digits in"
            f" one cell, so {removal}"
        )
    x, e = nodes[0], nodes[-1]
    dx, de = graph.digit(x), graph.digit(e)
    either = f"either {_say(graph, x)} or {_say(graph, e)} (the chain {text})"
    if dx == de and all(d == dx for _, d in elims):
        cells = [c for c, _ in elims]
        verb = "sees" if len(cells) == 1 else "see"
        return (
            f"{either}; {cells_text(lay, cells)} {verb} both, so"
            f" {'it' if len(cells) == 1 else 'they'} can't be {digit_char(dx)}"
        )
    names = join_words([f"{lay.name(c)}={digit_char(d)}" for c, d in elims])
    return f"{either}, and each of them rules out {names}, so {removal}"


class XChain(_Chains):
    """Single-digit alternating chains over conjugate pairs."""

    code = "xc"
    loops = False
    label = "X-Chain"

    def views(self, board: Board) -> Iterator[_View]:
        graph = link_graph(board)
        yield context(board).memo("chains_x_view", lambda: _x_view(graph))


class XYChain(_Chains):
    """Chains of bivalue cells."""

    code = "xyc"
    loops = False
    label = "XY-Chain"

    def views(self, board: Board) -> Iterator[_View]:
        graph = link_graph(board)
        yield context(board).memo("chains_xy_view", lambda: _xy_view(graph, board))


class AIC(_Chains):
    """Alternating inference chains and nice loops over every candidate."""

    code = "aic"
    label = "AIC"

    def views(self, board: Board) -> Iterator[_View]:
        graph = link_graph(board)
        yield context(board).memo("chains_view", lambda: _full_view(graph))


class GroupedAIC(_Chains):
    """AICs and nice loops that also use group and ALS nodes."""

    code = "gaic"
    label = "AIC"
    grouped = True

    def views(self, board: Board) -> Iterator[_View]:
        """Groups first; ALS nodes (a bigger graph, slower to walk) only after that."""
        ctx = context(board)
        graph = link_graph(board, grouped=True)
        yield ctx.memo("chains_grouped_view", lambda: _full_view(graph))
        graph = link_graph(board, grouped=True, als=True)
        yield ctx.memo("chains_als_view", lambda: _full_view(graph))
