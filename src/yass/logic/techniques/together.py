"""Rules together: a house or two rules, filled in every way their own rules allow.

A solver stuck on a variant often looks at one small part of the grid with every rule
on it at once: a row and the dots between its cells, two cages that share a row, a
line and the cage it crosses. Each rule alone allows a digit, but no way of filling
the part keeps them all. This technique does that bookkeeping:

* the *part* is one full house (a row, a column, a box...), the cells of two rules
  that share a cell or lie in one house (killer cages, lines, arrows, outside clues:
  every rule with cells of its own, ``GroupRule``), or two full houses that cross (a
  row with a box or a column: ``Rules Together: r2+b1: no filling => ...``);
* the part is filled cell by cell, every cell from its candidates, keeping: cells that
  see each other differ, the relations between its cells (dots, thermometers,
  whispers...), every digit of a full house inside it has a place, and every rule
  touching it can still be kept (its own narrowing, ``GroupRule.narrow``, on its cells'
  candidates: those outside the part as the board has them; a rule with more than
  ``_MOST_OUTSIDE`` cells outside the part is left out there);
* a candidate of the part that no filling uses is false:
  ``Rules Together: row 3 with its rules: no filling has r3c4=5 => r3c4<>5``.

A filling of the part here only has to keep the rules; the solution, restricted to
the part, is one of them. So a candidate no filling uses is not in the solution: the
step is sound on any puzzle, unique or not.

The work is bounded: a part with more than ``_MOST_OPEN`` open cells (a band: any
number) is skipped, a
search for a step stops after ``_PASS_BUDGET`` search nodes over all parts, and the
filling of a part stops after ``_BUDGET`` search nodes (the part is then left
alone until its candidates change). A part whose cells' candidates are unchanged since
it last found nothing, in the same solve, is skipped (the record is per thread and
starts afresh on a board that is not narrower than the last one). On a puzzle without
rules the technique never fires.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from operator import itemgetter

from yass.constraints.group import GroupRule
from yass.core.board import Board
from yass.core.geometry import bits, digit_char, mask_digits
from yass.core.layout import Layout, per_layout
from yass.core.step import Step, house_name, notation
from yass.logic.techniques.base import Technique, join_words
from yass.logic.techniques.context import QuietParts

__all__ = ["BandTogether", "RulesTogether"]

#: Parts with more open cells than this are not filled.
_MOST_OPEN = 12
#: A rule touching a part is kept while filling it when at most this many of its cells
#: lie outside the part.
_MOST_OUTSIDE = 4
#: Search nodes one part may take on one board before it is left alone ...
_BUDGET = 1500
#: ... and all the parts of one search for a step together (the parts after are left
#: for the next board).
_PASS_BUDGET = 3000
#: The same for bands (``BandTogether``): a band has up to 27 open cells, yet where the
#: easier steps are stuck its rules usually leave few fillings.
_BAND_BUDGET = 4000
_BAND_PASS_BUDGET = 8000
#: A band that ran out of nodes waits, in one solve, until its cells have lost this
#: share of their candidates (a band that needs far more nodes would take them at every
#: step otherwise).
_BAND_RETRY = 0.85


class _Part:
    """A part of the grid: its name for people, its cells (a bitset), the rules that
    touch it and the cells they cover, and the full houses inside it."""

    __slots__ = ("arc_keys", "arcs", "cells", "house_cells", "houses", "mask", "most_open",
                 "name", "narrowing", "peers", "rules", "scope", "span", "what")

    def __init__(self, name: str, what: str, mask: int, layout: Layout,
                 rules: Sequence[GroupRule], most_open: int = _MOST_OPEN) -> None:
        grid = layout.grid
        #: The most open cells the part may have to be filled.
        self.most_open = most_open
        self.name = name
        self.what = what
        self.mask = mask
        self.cells = tuple(bits(mask))
        self.rules = tuple((r, r.scope(grid)) for r in rules)
        span = mask
        for _, scope in self.rules:
            for c in scope:
                span |= 1 << c
        self.span = span
        self.scope = tuple(bits(span))
        self.houses = tuple(
            h.mask for h in layout.houses if h.full and not h.mask & ~mask
        )
        self.house_cells = tuple(tuple(bits(h)) for h in self.houses)
        #: Per cell of the scope, the cells of the scope it sees.
        self.peers = {c: tuple(bits(layout.peers[c] & span)) for c in self.scope}
        #: The relations between cells of the scope: (a, b, table).
        self.arcs = tuple(
            (a, b, table) for a in self.scope for b, table in layout.arcs[a] if span >> b & 1
        )
        #: Per relation, its table's number among the part's tables (above the 32 bits
        #: of a cell's candidates, it keys what the table allows beside them).
        numbers: dict[tuple[int, ...], int] = {}
        self.arc_keys = tuple(numbers.setdefault(table, len(numbers)) << 32
                              for _, _, table in self.arcs)
        #: Per rule: the rule, its cells, and how to read their candidates as a tuple.
        self.narrowing = tuple(
            (rule, scope, itemgetter(*scope) if len(scope) > 1
             else (lambda m, c=scope[0]: (m[c],)))
            for rule, scope in self.rules
        )


@per_layout
def _parts(layout: Layout) -> tuple[_Part, ...]:
    """Every part the technique fills: each full house with the rules that touch it
    (only when some rule or relation does), each pair of rules that share a cell or lie
    in one house, with what touches their cells, and each two full houses that cross,
    with what touches them (again only when something does); smallest first."""
    grid = layout.grid
    rules, masks, related = _rule_cells(layout)
    out: list[_Part] = []
    seen: set[int] = set()
    for index, house in enumerate(layout.houses):
        if not house.full:
            continue
        touching = [r for r, m in zip(rules, masks, strict=True) if _near(m, house.mask)]
        if not touching and not house.mask & related:
            continue
        seen.add(house.mask)
        name = house_name(layout, index)
        out.append(_Part(name, house.name, house.mask, layout,
                         touching))
    full = [h.mask for h in layout.houses if h.full]
    index_of = {h.mask: i for i, h in enumerate(layout.houses) if h.full}
    for i in range(len(rules)):
        for j in range(i + 1, len(rules)):
            mi, mj = masks[i], masks[j]
            both = mi | mj
            if both in seen:
                continue
            if not mi & mj and not any(not both & ~h for h in full):
                continue
            seen.add(both)
            first = rules[i].describe(grid)
            second = rules[j].describe(grid)
            touching = [r for r, m in zip(rules, masks, strict=True)
                        if m in (mi, mj) or _near(m, both)]
            out.append(_Part(f"{first} and {second}", f"the {first} and the {second}", both,
                             layout, touching))
    # Two full houses that cross (a row and a box, a row and a column...), with what
    # touches them, when something does.
    for i, h1 in enumerate(full):
        for h2 in full[i + 1:]:
            both = h1 | h2
            if not h1 & h2 or both in seen:
                continue
            touching = [r for r, m in zip(rules, masks, strict=True) if _near(m, both)]
            if not touching and not both & related:
                continue
            seen.add(both)
            one, two = (index_of[h] for h in (h1, h2))
            out.append(_Part(
                f"{house_name(layout, one)}+{house_name(layout, two)}",
                f"{layout.houses[one].name} with {layout.houses[two].name}", both, layout,
                touching))
    # The smallest parts first: the cheapest to fill, and the easiest to follow.
    out.sort(key=lambda part: (part.span.bit_count(), part.mask.bit_count()))
    return tuple(out)


def _rule_cells(layout: Layout) -> tuple[list[GroupRule], list[int], int]:
    """The rules with cells of their own, their cells (bitsets), and the cells some
    relation (a dot, a thermometer...) ties to another."""
    grid = layout.grid
    rules = [c for c in layout.constraints if isinstance(c, GroupRule)]
    masks = []
    for r in rules:
        m = 0
        for c in r.scope(grid):
            m |= 1 << c
        masks.append(m)
    related = 0
    for a, arcs in enumerate(layout.arcs):
        for b, _ in arcs:
            related |= 1 << a | 1 << b
    return rules, masks, related


@per_layout
def _bands(layout: Layout) -> tuple[_Part, ...]:
    """Every band the band technique fills: the rows of each line of boxes, then the
    columns of each, with the rules that touch them (only bands some rule or relation
    touches). None on a grid without boxes."""
    size, tall, wide = layout.size, layout.box_rows, layout.box_cols
    if not tall or not wide or tall == size or wide == size:
        return ()
    rules, masks, related = _rule_cells(layout)
    out: list[_Part] = []
    for across, step in ((True, tall), (False, wide)):
        for first in range(0, size, step):
            lines = range(first, first + step)
            mask = 0
            for i in lines:
                for j in range(size):
                    mask |= 1 << (i * size + j if across else j * size + i)
            touching = [r for r, m in zip(rules, masks, strict=True) if _near(m, mask)]
            if not touching and not mask & related:
                continue
            letter, word = ("r", "rows") if across else ("c", "columns")
            name = letter + "".join(str(i + 1) for i in lines) if size < 10 else (
                f"{letter}{first + 1}-{first + step}")
            out.append(_Part(name, f"{word} {first + 1}-{first + step}", mask, layout,
                             touching, size * step))
    return tuple(out)


def _near(rule: int, part: int) -> bool:
    """A rule (its cells) takes part in filling ``part`` when it touches it and has at
    most ``_MOST_OUTSIDE`` cells outside it (a long rule that merely crosses the part
    says little there and costs much)."""
    return bool(rule & part) and (rule & ~part).bit_count() <= _MOST_OUTSIDE


class _Budget(Exception):
    """The part took more search nodes than it may."""


class _Filler:
    """Fills one part: which candidates of its cells some filling uses."""

    def __init__(self, layout: Layout, part: _Part, cands: Sequence[int],
                 budget: int = _BUDGET,
                 narrowed: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] | None = None,
                 ) -> None:
        self.layout = layout
        self.budget = budget
        self.part = part
        self.grid = layout.grid
        self.cands = cands
        self.nodes = 0
        #: Per cell of the part, the digits some filling found so far has there.
        self.used: dict[int, int] = {}
        #: The fillings (a digit bit per cell of the part) that showed candidates used.
        self.fillings: list[tuple[int, ...]] = []
        #: The digits a relation's table allows for a set of digits, by the table's key
        #: (``_Part.arc_keys``) ORed with the set.
        self.support: dict[int, int] = {}
        #: A rule's narrowing, by (the rule's id, its cells' candidates): the caller's
        #: record, which lives while the layout and its rules do.
        self.narrowed = {} if narrowed is None else narrowed

    def settle(self, m: dict[int, int]) -> bool:
        """Narrow ``m`` (cell -> candidates, over the part's scope) by the rules, to a
        fixed point; False when a cell runs out of digits."""
        part = self.part
        grid = self.grid
        every = self.layout.all_digits
        peers = part.peers
        support = self.support
        narrowed = self.narrowed
        done = 0  # the singles already cleared from their peers
        arcs = tuple(zip(part.arcs, part.arc_keys, strict=True))
        changed = True
        while changed:
            changed = False
            for c in part.scope:
                v = m[c]
                if not v:
                    return False
                if v & (v - 1) or done >> c & 1:
                    continue
                done |= 1 << c
                for p in peers[c]:
                    if m[p] & v:
                        m[p] &= ~v
                        if not m[p]:
                            return False
                        changed = True
            for (a, b, table), key in arcs:
                ma = m[a]
                allowed = support.get(key | ma)
                if allowed is None:
                    allowed = 0
                    for d in mask_digits(ma):
                        allowed |= table[d - 1]
                    support[key | ma] = allowed
                if m[b] & ~allowed:
                    m[b] &= allowed
                    if not m[b]:
                        return False
                    changed = True
            for cells in part.house_cells:
                once = twice = 0
                for c in cells:
                    v = m[c]
                    twice |= once & v
                    once |= v
                if once != every:
                    return False
                alone = once & ~twice  # the digits with one place left in the house
                if alone:
                    for c in cells:
                        v = m[c] & alone
                        if v and m[c] != v:
                            if v & (v - 1):
                                return False  # two digits with this one place
                            m[c] = v
                            changed = True
            for rule, scope, read in part.narrowing:
                old = read(m)
                rkey = (id(rule), old)
                new = narrowed.get(rkey)
                if new is None:
                    new = narrowed[rkey] = tuple(rule.narrow(grid, list(old)))
                if new != old:
                    for c, v in zip(scope, new, strict=True):
                        v &= m[c]
                        if not v:
                            return False
                        m[c] = v
                    changed = True
        return True

    def fill(self, m: dict[int, int], want: tuple[int, int] | None) -> dict[int, int] | None:
        """A filling of the part's cells from ``m`` (with ``want``'s digit in its cell,
        if given), or None when there is none."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise _Budget
        m = dict(m)
        if want is not None:
            cell, d = want
            if not m[cell] >> (d - 1) & 1:
                return None
            m[cell] = 1 << (d - 1)
        if not self.settle(m):
            return None
        open_cells = [c for c in self.part.cells if m[c] & (m[c] - 1)]
        if not open_cells:
            return m
        cell = min(open_cells, key=lambda c: m[c].bit_count())
        # The digits no filling has used yet first: a filling found then shows more
        # candidates used, and fewer searches are left.
        fresh = m[cell] & ~self.used.get(cell, 0)
        for d in mask_digits(fresh) + mask_digits(m[cell] & ~fresh):
            got = self.fill(m, (cell, d))
            if got is not None:
                return got
        return None

    def unused(self, known: Sequence[tuple[int, ...]] = ()) -> list[tuple[int, int]] | None:
        """The candidates of the part's cells that no filling uses (None: over budget).

        ``known`` are fillings (a digit bit per cell of the part) found on an earlier
        board of the solve: each that still holds here (its digits still candidates, the
        rules still kept with the other cells as they are now: one settling instead of a
        search) shows its digits used. The fillings that hold, and those found, are left
        in ``self.fillings``."""
        start = {c: self.cands[c] for c in self.part.scope}
        cells = self.part.cells
        used = self.used = dict.fromkeys(cells, 0)
        out: list[tuple[int, int]] = []
        self.fillings = []
        try:
            for filling in known:
                self.nodes += 1
                if self.nodes > self.budget:
                    raise _Budget
                m = dict(start)
                for c, v in zip(cells, filling, strict=True):
                    if not m[c] & v:
                        break
                    m[c] = v
                else:
                    if self.settle(m):
                        self.fillings.append(filling)
                        for c, v in zip(cells, filling, strict=True):
                            used[c] |= v
            for cell in cells:
                v = start[cell]
                if not v & (v - 1):
                    used[cell] = v
                    continue
                for d in mask_digits(v):
                    if used[cell] >> (d - 1) & 1:
                        continue
                    got = self.fill(start, (cell, d))
                    if got is None:
                        out.append((cell, d))
                        continue
                    self.fillings.append(tuple(got[c] for c in cells))
                    for c in cells:
                        used[c] |= got[c]
        except _Budget:
            return None
        return out


class RulesTogether(Technique):
    """A candidate that no filling of a house, or of two rules' cells, keeping every
    rule on them, uses."""

    code = "rt"
    #: The search nodes one part may take, and all the parts of one search for a step.
    budget, pass_budget = _BUDGET, _PASS_BUDGET
    #: When set, a part that took more nodes than it may is tried again in the same solve
    #: only once its cells have at most this share of the candidates they had then.
    retry: float = 0.0

    def __init__(self) -> None:
        self._quiet = QuietParts()

    def parts(self, layout: Layout) -> tuple[_Part, ...]:
        """The parts the technique fills, in order."""
        return _parts(layout)

    def find(self, board: Board) -> Iterator[Step]:
        lay = board.layout
        if not lay.constraints:
            return
        cands = board.cands
        empty = board.empty
        spent = 0
        quiet = self._quiet.follow(board)
        kept = self._quiet.kept
        budget, pass_budget = self.budget, self.pass_budget
        for index, part in enumerate(self.parts(lay)):
            if spent >= pass_budget:
                return
            open_count = (part.mask & empty).bit_count()
            if not open_count or open_count > part.most_open:
                continue
            state = tuple(cands[c] for c in part.scope)
            if quiet.get(index) == state:
                continue
            left = sum(cands[c].bit_count() for c in part.cells)
            if self.retry and left > self._quiet.waiting.get(index, left + 1):
                continue  # it ran out of search nodes lately, with about as many candidates
            filler = _Filler(lay, part, cands, min(budget, pass_budget - spent),
                             self._quiet.memo)
            gone = filler.unused(kept.get(index, ()))
            kept[index] = filler.fillings  # (those found before the budget ran out too)
            spent += filler.nodes
            if gone is None and filler.budget < budget:
                return  # the pass ran out, not the part: try it again next time
            if gone is None and self.retry:
                self._quiet.waiting[index] = int(left * self.retry)
            if not gone:  # nothing found, or over budget: the same on the same candidates
                quiet[index] = state
                continue
            yield self._step(board, part, gone)

    def _step(self, board: Board, part: _Part, gone: list[tuple[int, int]]) -> Step:
        lay = board.layout
        grid = lay.grid
        elims = tuple(sorted(gone))
        cells = tuple(c for c in part.cells if not board.values[c])
        kept = [rule.describe(grid) for rule, _ in part.rules]
        labels = sorted({
            label for a, b, _ in part.arcs if part.mask >> a & 1 and part.mask >> b & 1
            for label in lay.relation_labels(a, b)
        })
        if labels:
            kept.append(f"the {join_words(labels)} between its cells")
        if len(kept) > 4:
            kept = [*kept[:3], f"{len(kept) - 3} more rules"]
        said = kept and f", keeping {join_words(kept)}"
        those = "that candidate is" if len(elims) == 1 else "those candidates are"
        text = (
            f"Fill {part.what} in every way its cells' candidates allow{said} (cells that"
            f" see each other differ{'; every digit once in a house' if part.houses else ''}):"
            f" no filling has {_per_cell(lay, elims)}, so {those} false"
        )
        return Step(
            self.code,
            eliminations=elims,
            explanation=text,
            cells=cells,
            candidates=elims,
            notation=notation(lay, self.name, f"{part.name}: no filling", (), elims),
        )


class BandTogether(RulesTogether):
    """A candidate that no filling of a band (the rows, or the columns, of one line of
    boxes), keeping every rule on it, uses."""

    code = "bt"
    budget, pass_budget = _BAND_BUDGET, _BAND_PASS_BUDGET
    retry = _BAND_RETRY

    def parts(self, layout: Layout) -> tuple[_Part, ...]:
        return _bands(layout)


def _per_cell(layout: Layout, elims: Sequence[tuple[int, int]]) -> str:
    """``1 or 2 in r1c1, 5 in r1c2``."""
    by_cell: dict[int, list[int]] = {}
    for c, d in elims:
        by_cell.setdefault(c, []).append(d)
    return ", ".join(
        f"{join_words([digit_char(d) for d in ds], 'or')} in {layout.name(c)}"
        for c, ds in by_cell.items()
    )
