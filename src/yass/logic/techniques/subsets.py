"""Subsets: naked and hidden pairs, triples and quads, and locked pairs and triples.

Naked (any house, since all its cells differ): "M cells can each only contain the same
N numbers (N == M)": the M cells hold those N digits between them, one each. A digit
of the subset then cannot be in a cell that sees every cell of the subset that allows
it (the other cells of the house, and with more rules any other cell that sees them).

Locked (a naked pair or triple whose cells share a line and a box, or more generally two
full houses): its digits leave both houses. HoDoKu reports it under its own name, before
Locked Candidates, when it removes candidates from both houses (some outside the box in
the line, some in the box outside the line); a pair or triple that removes from only one
of them stays a naked subset.

Hidden (full houses, which hold every digit): "N numbers can each only be in the same
M cells (N == M)": those cells hold those digits, so every other digit leaves them.
"""

from __future__ import annotations

from yass.core.board import Board
from yass.core.geometry import bits, mask_digits
from yass.core.layout import Layout
from yass.core.step import Step, cell_list, digit_list, notation
from yass.logic.techniques.base import Technique, cells_text, digits_text, join_words, removal_text
from yass.logic.techniques.singles import full_houses_in_order

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import ClassVar

__all__ = [
    "HiddenPair",
    "HiddenQuad",
    "HiddenSubset",
    "HiddenTriple",
    "LockedPair",
    "LockedSubset",
    "LockedTriple",
    "NakedPair",
    "NakedQuad",
    "NakedSubset",
    "NakedTriple",
]

_WORD = {2: "pair", 3: "triple", 4: "quad"}


def combinations_within(items: list[tuple[int, int]], k: int) -> Iterator[tuple[list[int], int]]:
    """Every choice of ``k`` items (key, mask) whose masks together have exactly ``k`` bits,
    in lexicographic order of the items.

    Yields (keys, union of masks); choices are pruned as soon as the union grows past k.
    A depth-first walk with its own stack (``pick[i]``: the item chosen at depth i,
    ``unions[i]``: the union of the masks chosen before it), quicker than recursion.
    """
    n = len(items)
    if not 0 < k <= n:
        return
    keys = [key for key, _ in items]
    masks = [mask for _, mask in items]
    pick = [0] * k
    unions = [0] * k
    depth = 0
    while True:
        i = pick[depth]
        if i > n - k + depth:  # too few items left to fill the choice: back up
            if depth == 0:
                return
            depth -= 1
            pick[depth] += 1
            continue
        u = unions[depth] | masks[i]
        if u.bit_count() > k:
            pick[depth] = i + 1
        elif depth == k - 1:
            if u.bit_count() == k:
                yield [keys[j] for j in pick], u
            pick[depth] = i + 1
        else:
            depth += 1
            unions[depth] = u
            pick[depth] = i + 1


class NakedSubset(Technique):
    """``size`` cells of a house whose candidates together are ``size`` digits."""

    size: ClassVar[int] = 0
    #: Only the subsets that are locked (``LockedSubset``).
    locked_only: ClassVar[bool] = False

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        k = self.size
        cands = board.cands
        peers = lay.peers
        seen: set[int] = set()
        houses = sorted(enumerate(lay.houses), key=lambda ih: (not ih[1].full, ih[0]))
        for index, house in houses:
            items = [
                (c, cands[c])
                for c in bits(house.mask & board.empty)
                if 2 <= cands[c].bit_count() <= k
            ]
            if len(items) < k:
                continue
            for cells, union in combinations_within(items, k):
                subset = 0
                for c in cells:
                    subset |= 1 << c
                if subset in seen:
                    continue
                elims: list[tuple[int, int]] = []
                for d in mask_digits(union):
                    bit = 1 << (d - 1)
                    targets = board.positions(d) & ~subset
                    for c in cells:
                        if cands[c] & bit:
                            targets &= peers[c]
                    elims += [(t, d) for t in bits(targets)]
                if not elims:
                    continue
                shared: tuple[int, ...] = ()
                if self.locked_only:
                    shared = _locked_houses(lay, subset, elims)
                    if not shared:
                        continue
                seen.add(subset)
                elims.sort()
                where = (
                    f"a locked {_WORD[k]} in {join_words([lay.houses[h].name for h in shared])}"
                    if shared else f"a naked {_WORD[k]} in {house.name}"
                )
                yield Step(
                    self.code,
                    eliminations=tuple(elims),
                    explanation=(
                        f"{cells_text(lay, cells)} can each only be {digits_text(union)}"
                        f" ({where}), so those digits are theirs:"
                        f" {removal_text(lay, elims)}"
                    ),
                    cells=tuple(cells),
                    houses=shared or (index,),
                    digits=tuple(mask_digits(union)),
                    candidates=tuple(
                        (c, d) for c in cells for d in mask_digits(cands[c] & union)
                    ),
                    notation=notation(
                        lay, self.name,
                        f"{digit_list(mask_digits(union))} in {cell_list(lay, cells)}", (), elims,
                    ),
                )


def _locked_houses(lay: Layout, subset: int, elims: list[tuple[int, int]]) -> tuple[int, ...]:
    """The full houses a naked subset is locked in, or () when it is not locked.

    Locked: the cells share two full houses or more, and at least two of them lose a
    candidate in a cell that lies in none of the other shared houses (on a classic grid:
    the line outside the box, and the box outside the line).
    """
    low = (subset & -subset).bit_length() - 1
    shared = [
        h for h in lay.cell_houses[low]
        if lay.houses[h].full and lay.houses[h].mask & subset == subset
    ]
    if len(shared) < 2:
        return ()
    hit = []
    for h in shared:
        alone = lay.houses[h].mask
        for other in shared:
            if other != h:
                alone &= ~lay.houses[other].mask
        if any(alone >> cell & 1 for cell, _ in elims):
            hit.append(h)
    return tuple(shared) if len(hit) >= 2 else ()


class HiddenSubset(Technique):
    """``size`` digits of a full house that fit only in the same ``size`` cells."""

    size: ClassVar[int] = 0

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        k = self.size
        cands = board.cands
        seen: set[tuple[int, int]] = set()
        for index, house in full_houses_in_order(lay):
            items = []
            for d in range(1, lay.size + 1):
                spots = board.positions(d) & house.mask
                if 2 <= spots.bit_count() <= k and not board.placed(d) & house.mask:
                    items.append((d, spots))
            if len(items) < k:
                continue
            for digits, cells in combinations_within(items, k):
                dmask = 0
                for d in digits:
                    dmask |= 1 << (d - 1)
                if (cells, dmask) in seen:
                    continue
                elims = [(c, d) for c in bits(cells) for d in mask_digits(cands[c] & ~dmask)]
                if not elims:
                    continue
                seen.add((cells, dmask))
                yield Step(
                    self.code,
                    eliminations=tuple(elims),
                    explanation=(
                        f"{house.name} can only have {digits_text(dmask, 'and')} in"
                        f" {cells_text(lay, cells)} (a hidden {_WORD[k]}), so those cells hold"
                        f" nothing else: {removal_text(lay, elims)}"
                    ),
                    cells=tuple(bits(cells)),
                    houses=(index,),
                    digits=tuple(digits),
                    candidates=tuple(
                        (c, d) for c in bits(cells) for d in mask_digits(cands[c] & dmask)
                    ),
                    notation=notation(
                        lay, self.name,
                        f"{digit_list(digits)} in {cell_list(lay, list(bits(cells)))}", (), elims,
                    ),
                )


class NakedPair(NakedSubset):
    code = "np"
    size = 2


class NakedTriple(NakedSubset):
    code = "nt"
    size = 3


class NakedQuad(NakedSubset):
    code = "nq"
    size = 4


class LockedSubset(NakedSubset):
    """A naked pair or triple locked in a line and a box: its digits leave both."""

    locked_only = True


class LockedPair(LockedSubset):
    code = "lp"
    size = 2


class LockedTriple(LockedSubset):
    code = "lt"
    size = 3


class HiddenPair(HiddenSubset):
    code = "hp"
    size = 2


class HiddenTriple(HiddenSubset):
    code = "ht"
    size = 3


class HiddenQuad(HiddenSubset):
    code = "hq"
    size = 4
