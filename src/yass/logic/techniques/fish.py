"""Fish: X-Wing, Swordfish and Jellyfish, plain, finned and sashimi; the large fish.

Squirmbag, Whale and Leviathan (five, six and seven lines), plain, finned and sashimi,
are the same search with more lines. On a 9x9 grid a large basic fish in rows always
has a smaller twin in columns (the other 9-k columns), so they are off by default, as
in HoDoKu; ``--techniques +sqb`` and the like add them.

A fish on digit d takes k base houses from one family of disjoint full houses (the
rows) and k cover houses from a crossing family (the columns). Each base house holds
d exactly once, and the base houses are disjoint, so they hold k different d's. When
every place for d in the base lies in the cover houses, those k d's sit in the k
cover houses, one each (the covers are disjoint too), and each cover house has its d
from the base: d leaves every other cell of the cover houses. Rows as base with
columns as cover, and columns as base with rows as cover, are the two orientations;
every layout has both families, whatever its boxes, regions or extra houses, so the
fish work on every layout. Other tilings (boxes, jigsaw regions, disjoint groups)
would make Franken and Mutant fish, which are not on the ladder; a diagonal is a full
house but tiles nothing, so it is never a base or cover. The eliminations are the
standard cover-house ones only (the generalised "sees every way the fish can fall"
eliminations that extra sees-rules would allow are left out on purpose).

Finned: some base candidates (the fins) lie outside the k cover houses. Either no fin
holds d, and the fish stands; or a fin does. A cover cell outside the base that sees
every fin (``layout.peers``, so anti-knight, diagonals and the like count) loses d in
both cases. Sashimi: a finned fish where some base house keeps at most one candidate
once its fins are set aside (without the fins it would not even be a fish).

Each code reports only its own form: a basic fish is never reported as finned (with
no fin it is basic), and the finned and the sashimi searches split the finned fish
between them by the sashimi test, as HoDoKu does.

Cost: base combinations are built one house at a time and dropped as soon as their
candidates reach more cover houses than k (basic) or k plus the most extra cover
houses a set of fins seen by one cell can reach (finned; 2 on a classic 9x9 grid,
where the fins share a box; at most 3 on any layout, a search bound that leaves out
some exotic finned fish on rules with long sight lines such as diagonals). The finned
and the sashimi technique of one size read a single lazy search, kept per board state.
"""

from __future__ import annotations

from itertools import combinations

from yass.core.board import Board
from yass.core.geometry import bits, digit_char
from yass.core.layout import Layout, per_layout
from yass.core.record import field, record
from yass.core.step import Step, houses_notation, notation
from yass.logic.techniques.base import Technique, cells_text, join_words
from yass.logic.techniques.context import QuietDigits, context
from yass.logic.techniques.subsets import combinations_within

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import ClassVar

__all__ = [
    "BASIC_NAME",
    "BasicFish",
    "FinnedFish",
    "FinnedJellyfish",
    "FinnedLeviathan",
    "FinnedSquirmbag",
    "FinnedSwordfish",
    "FinnedWhale",
    "FinnedXWing",
    "Jellyfish",
    "Leviathan",
    "SashimiJellyfish",
    "SashimiLeviathan",
    "SashimiSquirmbag",
    "SashimiSwordfish",
    "SashimiWhale",
    "SashimiXWing",
    "Squirmbag",
    "Swordfish",
    "Whale",
    "XWing",
    "fish_step",
]

#: The name of a basic fish of each size (the Franken and Mutant fish take it too).
BASIC_NAME = {
    2: "X-Wing", 3: "Swordfish", 4: "Jellyfish", 5: "Squirmbag", 6: "Whale", 7: "Leviathan",
}
_NUMBER = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}
#: The most extra cover houses the fins may reach (a search bound, see the docstring).
_MAX_SLACK = 3


@record(frozen=True, eq=False)
class _Orientation:
    """One way to lay a fish: base lines ``i`` (rows, or columns) and cover lines ``j``."""

    base: tuple[int, ...]  # house index of base line i
    cover: tuple[int, ...]  # house index of cover line j
    base_masks: tuple[int, ...]
    cover_masks: tuple[int, ...]
    transpose: bool  # base lines are columns: a line's bit j is row j
    slack: int  # most cover lines outside the cover that fins seen by one cell can reach
    _cover_cells: dict[int, int] = field(default_factory=dict)

    def cover_union(self, lines: int) -> int:
        """The cells of the cover lines in the bitset ``lines`` (cached)."""
        cells = self._cover_cells.get(lines)
        if cells is None:
            cells = self._cover_cells[lines] = _union(self.cover_masks, lines)
        return cells


@per_layout
def _orientations(layout: Layout) -> tuple[_Orientation, _Orientation]:
    n = layout.size
    rows = sorted((h.number, i) for i, h in enumerate(layout.houses) if h.kind == "row")
    cols = sorted((h.number, i) for i, h in enumerate(layout.houses) if h.kind == "column")
    row_idx = tuple(i for _, i in rows)
    col_idx = tuple(i for _, i in cols)
    out = []
    for transpose in (False, True):
        base, cover = (col_idx, row_idx) if transpose else (row_idx, col_idx)
        cell = tuple(
            tuple(j * n + i if transpose else i * n + j for j in range(n)) for i in range(n)
        )
        base_masks = [layout.houses[h].mask for h in base]
        cover_masks = [layout.houses[h].mask for h in cover]
        slack = 0
        for i_t in range(n):
            for j_t in range(n):
                # the cover lines j != j_t where a peer sits off base line i_t
                outside = layout.peers[cell[i_t][j_t]] & ~base_masks[i_t] & ~cover_masks[j_t]
                reach = sum(1 for m in cover_masks if outside & m)
                slack = max(slack, reach)
        out.append(
            _Orientation(
                base,
                cover,
                tuple(base_masks),
                tuple(cover_masks),
                transpose,
                min(slack, _MAX_SLACK),
            )
        )
    return out[0], out[1]


def _lines(board: Board, d: int, o: _Orientation) -> list[int]:
    """``_matrix`` of digit ``d`` on ``board``, shared by the fish techniques per board state."""
    table: dict[tuple[int, bool], list[int]] = context(board).memo(
        f"fish-lines-{board.empty}", dict
    )
    key = (d, o.transpose)
    m = table.get(key)
    if m is None:
        m = table[key] = _matrix(board.positions(d), board.layout.size, o.transpose)
    return m


def _matrix(pos: int, n: int, transpose: bool) -> list[int]:
    """The places of a digit line by line: bit j of entry i is cell (i, j) of the orientation."""
    full = (1 << n) - 1
    rows = [(pos >> (r * n)) & full for r in range(n)]
    if not transpose:
        return rows
    cols = [0] * n
    for r, m in enumerate(rows):
        for c in bits(m):
            cols[c] |= 1 << r
    return cols


def _union(masks: tuple[int, ...], lines: int) -> int:
    out = 0
    for j in bits(lines):
        out |= masks[j]
    return out


def _article(name: str) -> str:
    return "an" if name[:1] in "AEIOX" else "a"


def _texts(board: Board, o: _Orientation, base: list[int], cover: int) -> tuple[str, str]:
    houses = board.layout.houses
    return (
        join_words([houses[o.base[i]].name for i in base]),
        join_words([houses[o.cover[j]].name for j in bits(cover)]),
    )


class BasicFish(Technique):
    """k base lines whose places for a digit lie in k cover lines."""

    size: ClassVar[int] = 0

    def __init__(self) -> None:
        super().__init__()
        self._quiet = QuietDigits()

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        k = self.size
        quiet = self._quiet
        for d, pos in quiet.live(board):
            found = False
            for o in _orientations(lay):
                m = _lines(board, d, o)
                items = [(i, line) for i, line in enumerate(m) if 2 <= line.bit_count() <= k]
                if len(items) < k:
                    continue
                for base, cover in combinations_within(items, k):
                    base_cells = 0
                    for i in base:
                        base_cells |= o.base_masks[i]
                    targets = pos & o.cover_union(cover) & ~base_cells
                    if targets:
                        found = True
                        yield self._step(board, o, d, base, cover, pos & base_cells, targets)
            if not found:
                quiet.remember(lay, d, pos)

    def _step(
        self, board: Board, o: _Orientation, d: int, base: list[int], cover: int,
        body: int, targets: int,
    ) -> Step:
        lay = board.layout
        ch = digit_char(d)
        base_h = tuple(o.base[i] for i in base)
        cover_h = tuple(o.cover[j] for j in bits(cover))
        base_text, cover_text = _texts(board, o, base, cover)
        cover_kind = lay.houses[cover_h[0]].kind + "s"
        base_kind = lay.houses[base_h[0]].kind + "s"
        return fish_step(
            self, lay, d, base_h, cover_h, body, [], targets,
            f"in {base_text}, {ch} can only go in {cover_text} ({_article(self.name)}"
            f" {self.name}), so those {_NUMBER[self.size]} {cover_kind} take their {ch}"
            f" from these {_NUMBER[self.size]} {base_kind} and nowhere else:"
            f" {cells_text(lay, targets)} can't be {ch}",
        )


def fish_step(
    tech: Technique, lay: Layout, d: int, base: tuple[int, ...], cover: tuple[int, ...],
    body: int, fins: list[int], targets: int, explanation: str, name: str = "",
) -> Step:
    """The step of any fish (basic, finned, Franken, Mutant): digit ``d``, base and cover
    houses, the body cells (base candidates in the cover), the fin cells and the targets
    that lose ``d``; ``name`` when it is not the technique's own."""
    pattern_cells = tuple(sorted([*bits(body), *fins]))
    elims = tuple((c, d) for c in bits(targets))
    fin_notation = "".join(f" f{lay.name(f)}" for f in fins)
    pattern = (
        f"{digit_char(d)} {houses_notation(lay, base)} {houses_notation(lay, cover)}"
        f"{fin_notation}"
    )
    return Step(
        tech.code,
        eliminations=elims,
        explanation=explanation,
        cells=pattern_cells,
        digits=(d,),
        base=base,
        cover=cover,
        fins=tuple((f, d) for f in fins),
        candidates=tuple((c, d) for c in pattern_cells),
        notation=notation(lay, name or tech.name, pattern, (), elims),
        name=name,
    )


class FinnedFish(Technique):
    """A fish with fins: base candidates outside the covers; the targets see every fin."""

    size: ClassVar[int] = 0
    sashimi: ClassVar[bool] = False

    def find(self, board: Board) -> Iterator[Step]:
        # The finned and the sashimi technique of a size share one lazy search per board
        # state (the key names the unplaced cells too: placing a naked single whose peers
        # have all lost the digit leaves the candidates, hence the context, unchanged).
        key = f"finned-fish-{self.size}-{board.empty}"
        shared = context(board).memo(key, lambda: _Shared(_finned_search(board, self.size)))
        seen: set[tuple[int, int]] = set()
        for found in shared:
            if found.sashimi != self.sashimi or (found.digit, found.targets) in seen:
                continue
            seen.add((found.digit, found.targets))
            yield self._step(board, found)

    def _step(self, board: Board, found: _Finned) -> Step:
        lay = board.layout
        o, d, base, cover = found.orientation, found.digit, found.base, found.cover
        fins, targets = found.fins, found.targets
        ch = digit_char(d)
        base_h = tuple(o.base[i] for i in base)
        cover_h = tuple(o.cover[j] for j in bits(cover))
        base_text, cover_text = _texts(board, o, base, cover)
        fin_word = "fin" if len(fins) == 1 else "fins"
        many = targets & (targets - 1)
        see = "see" if many else "sees"
        fin_ref = "it" if len(fins) == 1 else "all of them"
        kind = "a sashimi fish" if self.sashimi else "a finned fish"
        basic = BASIC_NAME[self.size]
        return fish_step(
            self, lay, d, base_h, cover_h, found.body, fins, targets,
            f"in {base_text}, {ch} can only go in {cover_text} or in the {fin_word}"
            f" {cells_text(lay, fins)} ({kind}); if no fin is {ch}, those houses form"
            f" {_article(basic)} {basic} that clears {ch} from the rest of {cover_text},"
            f" and {cells_text(lay, targets)} {see} {fin_ref}, so either way"
            f" {cells_text(lay, targets)} can't be {ch}",
        )


@record(frozen=True)
class _Finned:
    """One finned fish: base lines, cover lines (bits), body and fin cells, targets."""

    sashimi: bool
    orientation: _Orientation
    digit: int
    base: list[int]
    cover: int
    body: int
    fins: list[int]
    targets: int


class _Shared:
    """A lazy search that several consumers read: found items are kept for the next one."""

    def __init__(self, source: Iterator[_Finned]) -> None:
        self._source = source
        self._items: list[_Finned] = []
        self._done = False

    def __iter__(self) -> Iterator[_Finned]:
        i = 0
        while True:
            if i < len(self._items):
                yield self._items[i]
                i += 1
                continue
            if self._done:
                return
            try:
                self._items.append(next(self._source))
            except StopIteration:
                self._done = True
                return


#: Per size, the digit states on which the finned search found nothing.
_FINNED_QUIET: dict[int, QuietDigits] = {}


def _finned_search(board: Board, k: int) -> Iterator[_Finned]:
    """Every finned or sashimi fish of size ``k`` that removes something."""
    lay = board.layout
    peers = lay.peers
    quiet = _FINNED_QUIET.setdefault(k, QuietDigits())
    for d, pos in quiet.live(board):
        found = False
        for o in _orientations(lay):
            m = _lines(board, d, o)
            limit = k + o.slack
            items = [(i, line) for i, line in enumerate(m) if line and line.bit_count() <= limit]
            if len(items) < k:
                continue
            cover_of = o.cover_union
            for base, union in _spread_combinations(items, k, limit):
                base_cells = 0
                for i in base:
                    base_cells |= o.base_masks[i]
                body_all = pos & base_cells
                open_cover = pos & ~base_cells & cover_of(union)
                # sight[j]: the open cover cells that see every base candidate on line j
                # (all the fins, should j be a fin line); a fin line needs some.
                sight: dict[int, int] = {}
                rest = union
                while rest:
                    low_line = rest & -rest
                    rest ^= low_line
                    j = low_line.bit_length() - 1
                    line_sight = open_cover & ~o.cover_masks[j]
                    on_line = body_all & o.cover_masks[j]
                    while on_line and line_sight:
                        low = on_line & -on_line
                        line_sight &= peers[low.bit_length() - 1]
                        on_line ^= low
                    if line_sight:
                        sight[j] = line_sight
                extra = union.bit_count() - k
                if len(sight) < extra:
                    continue
                for fin_lines in combinations(sight, extra):
                    targets = open_cover
                    fin_mask = 0
                    for j in fin_lines:
                        targets &= sight[j]
                        fin_mask |= 1 << j
                    if not targets:
                        continue
                    cover = union & ~fin_mask
                    fins = body_all & cover_of(fin_mask)
                    sashimi = any((m[i] & cover).bit_count() <= 1 for i in base)
                    found = True
                    yield _Finned(
                        sashimi, o, d, base, cover, body_all & ~fins, list(bits(fins)), targets
                    )
        if not found:
            quiet.remember(lay, d, pos)


def _spread_combinations(
    items: list[tuple[int, int]], k: int, limit: int
) -> Iterator[tuple[list[int], int]]:
    """Choices of ``k`` lines whose places reach more than ``k`` and at most ``limit`` lines.

    ``items`` are (line, places); a partial choice is dropped as soon as its places reach
    more than ``limit`` lines (adding lines never makes that smaller).
    """
    count = len(items)
    idx = [0] * k
    unions = [0] * (k + 1)
    depth = 0
    while True:
        at = idx[depth]
        if at > count - (k - depth):
            if depth == 0:
                return
            depth -= 1
            idx[depth] += 1
            continue
        u = unions[depth] | items[at][1]
        if u.bit_count() > limit:
            idx[depth] = at + 1
        elif depth == k - 1:
            if u.bit_count() > k:
                yield [items[x][0] for x in idx], u
            idx[depth] = at + 1
        else:
            unions[depth + 1] = u
            depth += 1
            idx[depth] = at + 1


class XWing(BasicFish):
    code = "xw"
    size = 2


class Swordfish(BasicFish):
    code = "sf"
    size = 3


class Jellyfish(BasicFish):
    code = "jf"
    size = 4


class FinnedXWing(FinnedFish):
    code = "fxw"
    size = 2


class FinnedSwordfish(FinnedFish):
    code = "fsf"
    size = 3


class FinnedJellyfish(FinnedFish):
    code = "fjf"
    size = 4


class SashimiXWing(FinnedFish):
    code = "sxw"
    size = 2
    sashimi = True


class SashimiSwordfish(FinnedFish):
    code = "ssf"
    size = 3
    sashimi = True


class SashimiJellyfish(FinnedFish):
    code = "sjf"
    size = 4
    sashimi = True



class Squirmbag(BasicFish):
    code = "sqb"
    size = 5


class Whale(BasicFish):
    code = "wha"
    size = 6


class Leviathan(BasicFish):
    code = "lev"
    size = 7


class FinnedSquirmbag(FinnedFish):
    code = "fsqb"
    size = 5


class FinnedWhale(FinnedFish):
    code = "fwha"
    size = 6


class FinnedLeviathan(FinnedFish):
    code = "flev"
    size = 7


class SashimiSquirmbag(FinnedFish):
    code = "ssqb"
    size = 5
    sashimi = True


class SashimiWhale(FinnedFish):
    code = "swha"
    size = 6
    sashimi = True


class SashimiLeviathan(FinnedFish):
    code = "slev"
    size = 7
    sashimi = True
