"""Franken and Mutant fish: fish whose base and cover houses mix rows, columns and boxes.

A fish on digit d takes k base houses and k other cover houses. Each base house holds d
once; when no candidate of d lies in two base houses, the base holds k different d's.
If every base candidate lies in a cover house, those k d's sit in the k cover houses,
and a cover house cannot hold two of them: each cover house takes its d from the base.
So d leaves every cover cell outside the base, and a base cell that lies in two cover
houses (a "cannibal") cannot be d either (it would fill two covers with one d).

Fins are the base candidates no cover house holds, and the "endo fins", candidates in
two base houses. If no fin is d the fish stands; if one is, a cell that sees it is not
d. So with fins, only the cells that see every fin lose d.

* Franken: the base houses are rows and boxes and the covers columns and boxes (or
  columns and boxes against rows and boxes), with a box somewhere.
* Mutant: any other mix (rows and columns together in the base or in the cover).

Plain line fish (rows against columns) are the basic fish's (``fish.py``). Boxes here are
the layout's boxes or jigsaw regions; every house must be full. Like HoDoKu, yass keeps
these off the default ladder (``--techniques +frsf`` and so on): they cost a search over
every choice of base houses. The search bounds the fins (at most ``_MAX_FINS``, of which
at most ``_MAX_ENDO`` endo fins); a fish with more fins is not found.
"""

from __future__ import annotations

from yass.core.board import Board
from yass.core.geometry import bits, digit_char
from yass.core.layout import Layout, per_layout
from yass.core.step import Step
from yass.logic.techniques.base import Technique, cells_text, join_words
from yass.logic.techniques.fish import BASIC_NAME, fish_step

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import ClassVar

__all__ = [
    "ComplexFish",
    "FrankenJellyfish",
    "FrankenSwordfish",
    "FrankenXWing",
    "MutantJellyfish",
    "MutantSquirmbag",
    "MutantSwordfish",
    "MutantWhale",
    "MutantXWing",
]

_MAX_FINS = 3
_MAX_ENDO = 2
_BOXLIKE = ("box", "region")


class _Houses:
    """The full rows, columns and boxes of a layout, by kind: 'r', 'c', 'b'."""

    def __init__(self, layout: Layout) -> None:
        self.kind: dict[int, str] = {}
        for index, house in enumerate(layout.houses):
            if not house.full:
                continue
            if house.kind == "row":
                self.kind[index] = "r"
            elif house.kind == "column":
                self.kind[index] = "c"
            elif house.kind in _BOXLIKE:
                self.kind[index] = "b"
        self.masks = {h: layout.houses[h].mask for h in self.kind}


@per_layout
def _houses(layout: Layout) -> _Houses:
    return _Houses(layout)


def _franken(base_kinds: set[str], cover_kinds: set[str]) -> bool:
    """True for a Franken fish's kinds (not a basic fish's, not a mutant's)."""
    if "b" not in base_kinds | cover_kinds:
        return False
    return (base_kinds <= {"r", "b"} and cover_kinds <= {"c", "b"}) or (
        base_kinds <= {"c", "b"} and cover_kinds <= {"r", "b"}
    )


def _basic(base_kinds: set[str], cover_kinds: set[str]) -> bool:
    return (base_kinds, cover_kinds) in (({"r"}, {"c"}), ({"c"}, {"r"}))


class _Found:
    __slots__ = ("base", "body", "cover", "digit", "fins", "targets")

    def __init__(
        self, digit: int, base: tuple[int, ...], cover: tuple[int, ...], body: int, fins: int,
        targets: int,
    ) -> None:
        self.digit = digit
        self.base = base
        self.cover = cover
        self.body = body
        self.fins = fins
        self.targets = targets


class ComplexFish(Technique):
    """Franken or Mutant fish of one size, finned or not."""

    size: ClassVar[int] = 0
    mutant: ClassVar[bool] = False

    def find(self, board: Board) -> Iterator[Step]:
        seen: set[tuple[int, int]] = set()
        for found in self._search(board):
            key = (found.digit, found.targets)
            if key not in seen:
                seen.add(key)
                yield self._step(board, found)

    def _allowed(self) -> list[tuple[set[str], set[str]]]:
        if self.mutant:
            return [({"r", "c", "b"}, {"r", "c", "b"})]
        return [({"r", "b"}, {"c", "b"}), ({"c", "b"}, {"r", "b"})]

    def _search(self, board: Board) -> Iterator[_Found]:
        lay = board.layout
        info = _houses(lay)
        k = self.size
        peers = lay.peers
        for d in range(1, lay.size + 1):
            pos = board.positions(d)
            if not pos:
                continue
            placed = board.placed(d)
            units = [
                (h, info.kind[h], pos & info.masks[h]) for h in info.kind
                if not placed & info.masks[h] and pos & info.masks[h]
            ]
            for base_kinds, cover_kinds in self._allowed():
                bases = [u for u in units if u[1] in base_kinds]
                covers = [u for u in units if u[1] in cover_kinds]
                for base, body, endo in _base_sets(bases, k):
                    kinds = {info.kind[h] for h in base}
                    yield from self._covers(
                        d, pos, peers, base, kinds, body, endo, covers, info,
                    )

    def _covers(
        self, d: int, pos: int, peers: tuple[int, ...], base: tuple[int, ...],
        base_kinds: set[str], body: int, endo: int, covers: list[tuple[int, str, int]],
        info: _Houses,
    ) -> Iterator[_Found]:
        k = self.size
        options = [(h, cells & body) for h, _kind, cells in covers
                   if h not in base and cells & body]
        widest = max((cells.bit_count() for _, cells in options), default=0)
        if body.bit_count() > k * widest + _MAX_FINS:
            return
        # depth-first: cover the lowest candidate not yet covered nor a fin
        stack: list[tuple[tuple[int, ...], int, int]] = [((), 0, endo)]
        while stack:
            chosen, covered, fins = stack.pop()
            rest = body & ~covered & ~fins
            if rest.bit_count() > (k - len(chosen)) * widest + _MAX_FINS - fins.bit_count():
                continue
            if len(chosen) == k or not rest:
                if len(chosen) < k:
                    continue  # fewer covers than bases: a smaller fish, or nothing
                fins |= rest
                found = self._result(d, pos, peers, base, base_kinds, chosen, body, fins, info)
                if found is not None:
                    yield found
                continue
            low = rest & -rest
            # make the candidate a fin
            if (fins | low).bit_count() <= _MAX_FINS and _sight(peers, fins | low) & pos:
                stack.append((chosen, covered, fins | low))
            for h, cells in options:
                if cells & low and h not in chosen:
                    stack.append(((*chosen, h), covered | cells, fins))

    def _result(
        self, d: int, pos: int, peers: tuple[int, ...], base: tuple[int, ...],
        base_kinds: set[str], cover: tuple[int, ...], body: int, fins: int, info: _Houses,
    ) -> _Found | None:
        cover_kinds = {info.kind[h] for h in cover}
        if _basic(base_kinds, cover_kinds):
            return None
        if _franken(base_kinds, cover_kinds) == self.mutant:
            return None
        cover_cells = 0
        twice = 0
        for h in cover:
            twice |= cover_cells & info.masks[h]
            cover_cells |= info.masks[h]
        targets = (pos & cover_cells & ~body) | (body & twice & ~fins)
        if fins:
            targets &= _sight(peers, fins) & ~fins
        if not targets:
            return None
        return _Found(d, tuple(sorted(base)), tuple(sorted(cover)), body & ~fins, fins, targets)

    def _step(self, board: Board, found: _Found) -> Step:
        lay = board.layout
        d = found.digit
        ch = digit_char(d)
        finned = "Finned " if found.fins else ""
        family = "Mutant" if self.mutant else "Franken"
        base_text = join_words([lay.houses[h].name for h in found.base])
        cover_text = join_words([lay.houses[h].name for h in found.cover])
        fins = list(bits(found.fins))
        many = found.targets & (found.targets - 1)
        if fins:
            why = (
                f", or in the {'fin' if len(fins) == 1 else 'fins'} {cells_text(lay, fins)};"
                f" if no fin is {ch}, the cover houses take their {ch} from the base, and"
                f" {cells_text(lay, found.targets)} {'see' if many else 'sees'} every fin"
            )
        else:
            why = f", so those houses take their {ch} from the base and nowhere else"
        return fish_step(
            self, lay, d, found.base, found.cover, found.body, fins, found.targets,
            f"{base_text} each need one {ch}, all different, and can only have it in"
            f" {cover_text}{why}: {cells_text(lay, found.targets)} can't be {ch}",
            name=f"{finned}{family} {BASIC_NAME[self.size]}",
        )


def _sight(peers: tuple[int, ...], cells: int) -> int:
    """The cells that see every cell of ``cells``."""
    out = -1
    for c in bits(cells):
        out &= peers[c]
    return out


def _base_sets(
    units: list[tuple[int, str, int]], k: int
) -> Iterator[tuple[tuple[int, ...], int, int]]:
    """(houses, their candidates, endo fins) of every choice of ``k`` base houses whose
    candidates overlap in at most ``_MAX_ENDO`` cells."""
    n = len(units)
    stack: list[tuple[int, tuple[int, ...], int, int]] = [(0, (), 0, 0)]
    while stack:
        start, chosen, body, endo = stack.pop()
        if len(chosen) == k:
            yield chosen, body, endo
            continue
        for i in range(n - 1, start - 1, -1):
            if n - i < k - len(chosen):
                continue
            h, _kind, cells = units[i]
            more = endo | (body & cells)
            if more.bit_count() > _MAX_ENDO:
                continue
            stack.append((i + 1, (*chosen, h), body | cells, more))


class FrankenXWing(ComplexFish):
    code = "frxw"
    size = 2


class FrankenSwordfish(ComplexFish):
    code = "frsf"
    size = 3


class FrankenJellyfish(ComplexFish):
    code = "frjf"
    size = 4


class MutantXWing(ComplexFish):
    code = "muxw"
    size = 2
    mutant = True


class MutantSwordfish(ComplexFish):
    code = "musf"
    size = 3
    mutant = True


class MutantJellyfish(ComplexFish):
    code = "mujf"
    size = 4
    mutant = True


class MutantSquirmbag(ComplexFish):
    code = "musqb"
    size = 5
    mutant = True


class MutantWhale(ComplexFish):
    code = "muwha"
    size = 6
    mutant = True
