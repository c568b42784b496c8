"""One layout as the flat tables of the compiled core's generic engine.

``compile_layout(layout)`` turns a ``Layout`` into a ``CompiledLayout``: the peers, full
houses, relation arcs (deduplicated tables) and cell masks, plus the rules' compiled
forms (``Constraint.compiled``): digit-set groups (a killer cage's combinations, a renban
line's runs), linear sums (arrows, little killers, equal-sum segments), digits a
group must contain (quadruples) and layered automata along a line (sandwich, X-sum and
skyscraper clues). Everything is
a tuple of small integers indexed by start offsets, so ``yass.engine._core.gen_search`` only
copies them. A layout with a rule whose own logic fits no form compiles to None (its
puzzles take the reference search).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import accumulate, chain

from yass.constraints.base import Constraint, Contains, DigitSets, Form, Layered, LinearSum
from yass.core.geometry import bit_list, bits
from yass.core.layout import Arc, Layout, strict_table
from yass.core.memo import remember
from yass.core.record import record
from yass.engine import _tables

__all__ = ["CompiledLayout", "compile_layout"]

#: The loops over cells and bits in C (``_tables``; the same tables: a test compares).
_FAST = _tables.is_compiled()

#: The largest |term| and |total| a compiled sum may reach (the core adds them in 32 bits).
_SUM_LIMIT = 1 << 28


@record(frozen=True)
class CompiledLayout:
    """Flat tables of one layout (``*start`` tuples have one entry more than items).

    ``pstart``/``peers``: each cell's peers; ``hstart``/``hcells``: the full houses;
    ``astart``/``anb``/``atab``: each cell's arcs (neighbour, table number);
    ``tables``: 16 masks a table (digit d of the cell allows these beside it);
    ``tkmax``: per table, the most candidates a cell may have and still narrow through
    it; ``mask0``: each cell's digits at the start. Digit-set groups: ``sstart``/
    ``scells`` their cells, ``setstart``/``sets`` their digit masks. Linear sums:
    ``lstart``/``lcells``/``lcoefs`` their terms, ``lapart`` per term the positions of
    the sum (the first 16) whose cells see its cell, and ``ltotal`` their totals.
    Digits a group must contain: ``cstart``/``ccells`` their cells, ``cdigit`` the digit
    (a mask) and ``ccount`` how many of the cells hold it at least. Layered automata:
    ``ystart``/``ycells`` their cells; ``ylayer`` per automaton of n cells, n + 2 state
    numbers (where each position's states start, then the end of the last), numbered
    across all automata; ``ynext[state * size + digit - 1]`` the next state or -1,
    numbered within the automaton (the core adds the automaton's first number);
    ``ydistinct`` 1 for an automaton whose cells all see each other.
    Forms by cell: ``fstart``/``flist``, numbered set groups first, then sums, then
    contains, then automata. Pairs of full houses that share two cells or more
    (pointing and claiming): ``icells`` holds, for pair k, the shared cells at
    ``istart[3k]:istart[3k + 1]``, the first house's other cells up to ``istart[3k + 2]``
    and the second's up to ``istart[3k + 3]``; ``iparts`` at ``ipstart[2k]:ipstart[2k + 1]``
    the pairs whose shared cells make up the first house's other cells, then up to
    ``ipstart[2k + 2]`` the second's (-1 alone: they are no such union); ``ipstart``
    empty when not given.
    """

    size: int
    pstart: tuple[int, ...]
    peers: tuple[int, ...]
    hstart: tuple[int, ...]
    hcells: tuple[int, ...]
    astart: tuple[int, ...]
    anb: tuple[int, ...]
    atab: tuple[int, ...]
    tables: tuple[int, ...]
    tkmax: tuple[int, ...]
    mask0: tuple[int, ...]
    sstart: tuple[int, ...] = (0,)
    scells: tuple[int, ...] = ()
    setstart: tuple[int, ...] = (0,)
    sets: tuple[int, ...] = ()
    lstart: tuple[int, ...] = (0,)
    lcells: tuple[int, ...] = ()
    lcoefs: tuple[int, ...] = ()
    lapart: tuple[int, ...] = ()
    ltotal: tuple[int, ...] = ()
    cstart: tuple[int, ...] = (0,)
    ccells: tuple[int, ...] = ()
    cdigit: tuple[int, ...] = ()
    ccount: tuple[int, ...] = ()
    ystart: tuple[int, ...] = (0,)
    ycells: tuple[int, ...] = ()
    ylayer: tuple[int, ...] = ()
    ynext: tuple[int, ...] = ()
    ydistinct: tuple[int, ...] = ()
    fstart: tuple[int, ...] = ()
    flist: tuple[int, ...] = ()
    istart: tuple[int, ...] = (0,)
    icells: tuple[int, ...] = ()
    ipstart: tuple[int, ...] = ()
    iparts: tuple[int, ...] = ()

    @property
    def ncells(self) -> int:
        return self.size * self.size

    @property
    def nforms(self) -> int:
        return len(self.sstart) - 1 + len(self.ltotal) + len(self.cdigit) + len(self.ystart) - 1


def _starts(groups: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return (0, *accumulate(map(len, groups))), tuple(chain.from_iterable(groups))


#: A relation's table row padded to 16 masks, and its ``tkmax``, by row: the same rows
#: recur in every puzzle. Bounded (``yass.core.memo.remember``).
_TKMAX: dict[tuple[int, ...], tuple[tuple[int, ...], int]] = {}


#: ``_intersections`` by full houses (as masks) when they are the grid's rows, columns
#: and boxes: one geometry's recur in every layout. Bounded.
_INTERSECTIONS: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}

#: The most entries ``_intersections`` lists in ``iparts`` (the core's table).
_MOST_IPARTS = 16384


def _intersections(
    full_houses: Sequence[Sequence[int]], key: tuple[int, ...] | None = None
) -> tuple[tuple[int, ...], ...]:
    """``(istart, icells, ipstart, iparts)`` of the pairs of full houses that share two
    cells or more and neither holds the other (see ``CompiledLayout``); kept under
    ``key`` when given."""
    known = _INTERSECTIONS.get(key) if key is not None else None
    if known is not None:
        return known
    sets = [frozenset(h) for h in full_houses]
    istart = [0]
    icells: list[int] = []
    pairs: list[tuple[int, int, frozenset[int]]] = []
    for a, first in enumerate(sets):
        for b in range(a + 1, len(sets)):
            second = sets[b]
            shared = first & second
            if len(shared) < 2 or first <= second or second <= first:
                continue
            pairs.append((a, b, shared))
            for part in (shared, first - shared, second - shared):
                icells.extend(sorted(part))
                istart.append(len(icells))
    # Each house's other cells as the shared cells of other pairs of that house, when
    # those make them up exactly (a row's cells outside a box: the row's cells in the
    # other boxes), else -1 (the core reads the cells).
    of_house: dict[int, list[int]] = {}
    for k, (a, b, _) in enumerate(pairs):
        of_house.setdefault(a, []).append(k)
        of_house.setdefault(b, []).append(k)
    ipstart = [0]
    iparts: list[int] = []
    for k, (a, b, shared) in enumerate(pairs):
        for h in (a, b):
            other = sets[h] - shared
            parts = [j for j in of_house[h] if j != k and pairs[j][2] <= other]
            covered: set[int] = set()
            for j in parts:
                covered |= pairs[j][2]
            exact = len(covered) == sum(len(pairs[j][2]) for j in parts) and covered == other
            iparts.extend(parts if exact and parts else [-1])
            ipstart.append(len(iparts))
    if len(iparts) > _MOST_IPARTS:
        ipstart = list(range(2 * len(pairs) + 1))
        iparts = [-1] * (2 * len(pairs))
    made = (tuple(istart), tuple(icells), tuple(ipstart), tuple(iparts))
    return remember(_INTERSECTIONS, key, made, limit=64) if key is not None else made


def _distinct(cells: Sequence[int], seen: Sequence[int]) -> int:
    """1 when the cells all see each other, else 0."""
    whole = 0
    for a in cells:
        whole |= 1 << a
    return int(all(not whole & ~seen[a] & ~(1 << a) for a in cells))


def _flatten(
    size: int,
    peer_lists: Sequence[Sequence[int]] | None,
    full_houses: Sequence[Sequence[int]],
    arcs: Sequence[Sequence[tuple[int, Sequence[int]]]],
    cell_masks: Sequence[int],
    set_groups: Sequence[DigitSets],
    sums: Sequence[LinearSum],
    contains: Sequence[Contains],
    layered: Sequence[Layered] = (),
    peer_masks: Sequence[int] | None = None,
    *,
    arcs_strict: bool = False,
    house_key: tuple[int, ...] | None = None,
) -> CompiledLayout:
    """The flat tables of these peers, houses, arcs, masks and forms.

    The cells of a digit-set group see each other (their digits differ); a relation
    between two cells that see each other never allows equal digits (folding "differ"
    into its table makes arc consistency stronger: a slow thermometer inside a house is
    strictly increasing). A sum's repeated cells have their coefficients added.
    Each cell's peers come as lists (``peer_lists``, in the order the tables keep them),
    as bit sets (``peer_masks``) or both; given as bit sets alone, a cell's are listed
    lowest first. ``arcs_strict`` says the arcs' tables already refuse equal digits
    between cells that are peers (a layout's arcs do). ``house_key``, the full houses as
    masks, is given when they are the grid's geometry (what is derived from them is
    then kept). The loops over cells and bits run in ``_tables`` when it is compiled.
    """
    ncells = size * size
    # Each cell's peers as a bit set, for the membership tests below.
    if peer_masks is None:
        assert peer_lists is not None
        peer_masks = [sum(1 << b for b in p) for p in peer_lists]
    sstart, scells = _starts([g.cells for g in set_groups])
    setstart, sets = _starts([g.sets for g in set_groups])
    merged: list[tuple[Sequence[int], Sequence[int], int]] = []
    mask0 = list(cell_masks)
    for form in sums:
        if form.cells and len(set(form.cells)) == len(form.cells) and all(form.coefs):
            merged.append((form.cells, form.coefs, form.total))
            continue
        coef: dict[int, int] = {}
        for cell, k in zip(form.cells, form.coefs, strict=True):
            coef[cell] = coef.get(cell, 0) + k
        terms = [(cell, k) for cell, k in coef.items() if k]
        if not terms and form.total and ncells:
            mask0[0] = 0  # a sum of nothing that must not be 0: no solution
        merged.append(([c for c, _ in terms], [k for _, k in terms], form.total))
    lstart, lcells = _starts([m[0] for m in merged])
    lcoefs = tuple(k for m in merged for k in m[1])
    ystart, ycells = _starts([a.cells for a in layered])
    cstart, ccells = _starts([g.cells for g in contains])
    # In ``_tables`` when it is compiled and no digit-set group adds peers (most groups
    # are houses already): the peers listed (when they are the masks' bits in order),
    # the sums' apart masks, the automata's distinct flags, each cell's forms.
    parts = None
    if _FAST and ncells <= _tables.MOST_CELLS:
        parts = _tables.sees_parts(
            peer_masks, peer_lists is None, sstart, scells, lstart, lcells, ystart, ycells)
    added: dict[int, list[int]] = {}
    if parts is not None:
        seen: Sequence[int] = peer_masks
        listed, lapart, ydistinct = parts
        fstart, flist = _tables.cell_forms(ncells, (
            (sstart, scells), (lstart, lcells), (cstart, ccells), (ystart, ycells)))
    else:
        listed = None
        seen, added = _group_peers(peer_masks, set_groups)
        apart: list[int] = []
        for m in merged:
            head = list(enumerate(m[0][:16]))
            for cell in m[0]:
                sees = seen[cell]
                apart.append(sum([1 << j for j, other in head if sees >> other & 1]))
        lapart = tuple(apart)
        ydistinct = tuple([_distinct(auto.cells, seen) for auto in layered])
        fstart, flist = _cell_forms(ncells, chain(
            (g.cells for g in set_groups), (m[0] for m in merged),
            (g.cells for g in contains), (a.cells for a in layered),
        ))
    if listed is not None:
        pstart, peers = listed
    else:
        if peer_lists is None:
            peer_lists = [bit_list(p) for p in peer_masks]
        peer_order: list[Sequence[int]] = list(peer_lists)
        for a, more in added.items():
            peer_order[a] = (*peer_order[a], *more)
        pstart, peers = _starts(peer_order)
    # Each arc's neighbour and table number, the tables numbered as they first come.
    # Only the peers a digit-set group added can make a table strict here when the
    # arcs are the layout's (already strict towards the cell's peers).
    numbers: dict[tuple[int, ...], int] = {}
    number = numbers.setdefault
    if arcs_strict and seen is peer_masks:
        # The layout's arcs, already strict towards every peer (no group added one):
        # each table as it is.
        flat = [arc for cell_arcs in arcs if cell_arcs for arc in cell_arcs]
        anb_list = [nb for nb, _ in flat]
        atab_list = [number(table, len(numbers)) for _, table in flat]  # type: ignore[arg-type]
    else:
        anb_list = []
        atab_list = []
        for cell, cell_arcs in enumerate(arcs):
            if not cell_arcs:
                continue
            fresh = seen[cell] & ~peer_masks[cell] if arcs_strict else seen[cell]
            for nb, table in cell_arcs:
                row = strict_table(tuple(table)) if fresh >> nb & 1 else tuple(table)
                anb_list.append(nb)
                atab_list.append(number(row, len(numbers)))
    tables: list[int] = []
    tkmax: list[int] = []
    for row in numbers:
        known = _TKMAX.get(row)
        if known is None:
            # Revising from a cell with more candidates than this can never narrow the
            # other end: the most digits of one cell that all forbid the same digit
            # beside them.
            known = remember(_TKMAX, row, (
                tuple(row[d] if d < size else 0 for d in range(16)),
                max(sum(1 for d in range(size) if not row[d] >> x & 1) for x in range(size)),
            ))
        tables.extend(known[0])
        tkmax.append(known[1])
    hstart, hcells = _starts(full_houses)
    astart = (0, *accumulate(map(len, arcs)))
    anb, atab = tuple(anb_list), tuple(atab_list)
    ylayer: list[int] = []
    ynext: list[int] = []
    first = 0
    for auto in layered:
        ylayer.extend([first + k for k in auto.starts])
        ynext.extend(auto.nexts)
        first += auto.starts[-1]
    istart, icells, ipstart, iparts = _intersections(full_houses, house_key)
    return CompiledLayout(
        size=size,
        pstart=pstart,
        peers=peers,
        hstart=hstart,
        hcells=hcells,
        astart=astart,
        anb=anb,
        atab=atab,
        tables=tuple(tables),
        tkmax=tuple(tkmax),
        mask0=tuple(mask0),
        sstart=sstart,
        scells=scells,
        setstart=setstart,
        sets=sets,
        lstart=lstart,
        lcells=lcells,
        lcoefs=lcoefs,
        lapart=lapart,
        ltotal=tuple(m[2] for m in merged),
        cstart=cstart,
        ccells=ccells,
        cdigit=tuple(1 << (g.digit - 1) for g in contains),
        ccount=tuple(g.count for g in contains),
        ystart=ystart,
        ycells=ycells,
        ylayer=tuple(ylayer),
        ynext=tuple(ynext),
        ydistinct=ydistinct,
        fstart=fstart,
        flist=flist,
        istart=istart,
        icells=icells,
        ipstart=ipstart,
        iparts=iparts,
    )


def _group_peers(
    peer_masks: Sequence[int], set_groups: Sequence[DigitSets]
) -> tuple[list[int], dict[int, list[int]]]:
    """Each cell's peers with the cells of its digit-set groups (their digits differ),
    and the peers those groups add, by cell in the order they come."""
    seen = list(peer_masks)
    added: dict[int, list[int]] = {}
    for group in set_groups:
        whole = sum([1 << a for a in group.cells])  # (distinct: see ``rule_forms``)
        for a in group.cells:
            if whole & ~seen[a] & ~(1 << a):  # (most groups are houses already)
                for b in group.cells:
                    if a != b and not seen[a] >> b & 1:
                        seen[a] |= 1 << b
                        added.setdefault(a, []).append(b)
    return seen, added


def _cell_forms(
    ncells: int, forms: Iterable[Sequence[int]]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(fstart, flist)``: each cell's forms (``forms`` numbered in order, by cells)."""
    forms_at: dict[int, list[int]] = {}  # each cell's forms, in form order
    for number, cells in enumerate(forms):
        for cell in cells:
            known_forms = forms_at.get(cell)
            if known_forms is None:
                forms_at[cell] = [number]
            else:
                known_forms.append(number)
    forms_of: list[Sequence[int]] = [()] * ncells
    for cell, numbers_of in forms_at.items():
        forms_of[cell] = numbers_of
    return _starts(forms_of)


#: ``_sets_fit`` by its arguments: a cage's sets are one of a few tables. Bounded.
_SETS_FIT: dict[tuple[tuple[int, ...], int, int], bool] = {}


def _sets_fit(sets: tuple[int, ...], n: int, size: int) -> bool:
    """True when every digit set holds ``n`` digits of 1..``size``."""
    key = (sets, n, size)
    known = _SETS_FIT.get(key)
    if known is None:
        known = remember(_SETS_FIT, key, all(
            s.bit_count() == n and not s >> size for s in sets
        ))
    return known


def rule_forms(layout: Layout) -> list[Form] | None:
    """Every compiled form of the layout's rules; None when a rule with its own logic
    (``propagate`` or ``check``) has no compiled form, or a form does not fit the core
    (a digit set of the wrong size, a sum past 32 bits)."""
    grid = layout.grid
    out: list[Form] = []
    for rule in layout.constraints:
        cls = type(rule)
        if cls.propagate is Constraint.propagate and cls.check is Constraint.check:
            continue
        forms = rule.compiled(grid)
        if forms is None:
            return None
        for form in forms:
            if isinstance(form, DigitSets):
                n = len(form.cells)
                if len(set(form.cells)) != n or not _sets_fit(form.sets, n, layout.size):
                    return None
            elif isinstance(form, Contains):
                if not 1 <= form.digit <= layout.size or len(set(form.cells)) != len(form.cells):
                    return None
            elif isinstance(form, Layered):
                if len(form.cells) > 16 or len(form.nexts) != form.starts[-1] * layout.size:
                    return None
            else:
                reach = sum(map(abs, form.coefs)) * layout.size
                if reach + abs(form.total) >= _SUM_LIMIT:
                    return None
            out.append(form)
    return out


#: The most cells a sum the 45 rule derives may have (longer ones narrow little).
_HOUSE_SUM_CELLS = 6

#: Totals of sum groups below this size are worked out in ``_tables`` (C integers).
_BIG_TOTAL = 1 << 40


#: ``_regions`` by size and full houses, for layouts whose full houses are rows, columns
#: and boxes alone: they depend on the geometry, never on a puzzle's rules. Bounded.
_REGIONS: dict[tuple[int, tuple[int, ...]], tuple[tuple[int, int], ...]] = {}


def _regions(layout: Layout, geometric: bool) -> tuple[tuple[int, int], ...]:
    """(cells as a mask, total) of the regions the 45 rule adds up: each full house, and
    two or three rows or columns side by side when every row or column is a house. Kept
    only when ``geometric`` (the full houses are the grid's rows, columns and boxes: a
    rule's full house, a cage of N cells, is not kept)."""
    n = layout.size
    key = (n, tuple([h.mask for h in layout.full_houses]))
    known = _REGIONS.get(key) if geometric else None
    if known is not None:
        return known
    whole = n * (n + 1) // 2
    regions = [(mask, whole) for mask in key[1]]
    full = set(key[1])
    row0 = (1 << n) - 1
    rows = [row0 << (r * n) for r in range(n)]
    col0 = sum(1 << (r * n) for r in range(n))
    cols = [col0 << c for c in range(n)]
    for lines in (rows, cols):
        if all(line in full for line in lines):  # two and three lines side by side
            for k in (2, 3):
                for i in range(n - k + 1):
                    union = 0
                    for line in lines[i : i + k]:
                        union |= line
                    regions.append((union, k * whole))
    made = tuple(regions)
    return remember(_REGIONS, key, made, limit=64) if geometric else made


def house_sums(layout: Layout, geometric: bool | None = None) -> list[LinearSum]:
    """Sums the 45 rule derives: a full house adds up to 1 + ... + N (two or three rows
    or columns side by side, twice or three times that), so when sum groups of the
    rules (``Constraint.sum_groups``: cages, little killers) that do not overlap cover
    part of such a region, its cells they leave (innies) less their cells outside it
    (outies) add up to that total less theirs. One sum per region, the groups taken
    greedily (those that stay inside first), kept when it has at most
    ``_HOUSE_SUM_CELLS`` cells. Every solution meets them: they only make the search
    see sooner what the rules already imply. (``geometric``: see ``compile_layout``.)"""
    grid = layout.grid
    # (cells, total, the first cell) of each group whose cells are distinct
    groups: list[tuple[Sequence[int], int, int]] = []
    for rule in layout.constraints:
        for members, total in rule.sum_groups(grid):
            if len(set(members)) == len(members):  # (distinct: the bits add up)
                groups.append((members, total, min(members)))
    if not groups:
        return []
    if geometric is None:
        geometric = _geometric(layout)
    # The groups by their first cell (then their place): the order among those that
    # stay inside a region; those that cross it follow, fewest cells outside first
    # (then in this order: a crossing group is kept as its count and its place here).
    ordered = sorted(range(len(groups)), key=lambda i: (groups[i][2], i))
    regions = _regions(layout, geometric)
    if (_FAST and layout.ncells <= _tables.MOST_CELLS
            and len(groups) <= _tables.MOST_CELLS and len(regions) <= _tables.MOST_CELLS
            and all(abs(t) < _BIG_TOTAL for _c, t, _f in groups)):
        gstart, gcells = _starts([groups[i][0] for i in ordered])
        made = _tables.region_sums(
            gstart, gcells, [groups[i][1] for i in ordered], [m for m, _ in regions],
            [t for _, t in regions], _HOUSE_SUM_CELLS)
        return [LinearSum(cells, coefs, total) for cells, coefs, total in made]
    masks = [sum([1 << cell for cell in groups[i][0]]) for i in ordered]
    totals = [groups[i][1] for i in ordered]
    union = 0
    for g in masks:
        union |= g
    places = range(len(masks))
    out: list[LinearSum] = []
    for cells, region_total in regions:
        # The innies are at least the region's cells no group holds: most regions of a
        # puzzle with few cages leave more than the limit, and are passed over here.
        if (cells & ~union).bit_count() > _HOUSE_SUM_CELLS:
            continue
        covered = 0
        total = 0
        crossing: list[tuple[int, int]] = []
        for k in [k for k in places if masks[k] & cells]:
            g = masks[k]
            sticks_out = g & ~cells
            if sticks_out:
                crossing.append((sticks_out.bit_count(), k))
            elif not g & covered:
                covered |= g
                total += totals[k]
        crossing.sort()
        for _out, k in crossing:
            g = masks[k]
            if not g & covered:
                covered |= g
                total += totals[k]
        inside, outside = cells & ~covered, covered & ~cells
        if covered and 1 <= inside.bit_count() + outside.bit_count() <= _HOUSE_SUM_CELLS:
            innies, outies = list(bits(inside)), list(bits(outside))
            out.append(LinearSum(
                tuple(innies + outies), (1,) * len(innies) + (-1,) * len(outies),
                region_total - total,
            ))
    return out


def _geometric(layout: Layout) -> bool:
    """True when the layout's full houses are its rows, columns and boxes alone: what is
    derived from them depends on the geometry, not on the puzzle, and is kept."""
    return all(h.kind in _GEOMETRY for h in layout.full_houses)


_GEOMETRY = frozenset(("row", "column", "box"))


def compile_layout(layout: Layout) -> CompiledLayout | None:
    """The flat tables the generic engine runs ``layout`` on; None when a rule has logic
    the core cannot run (see ``rule_forms``)."""
    forms = rule_forms(layout)
    if forms is None:
        return None
    arcs: tuple[tuple[Arc, ...], ...] = layout.arcs
    geometric = _geometric(layout)
    return _flatten(
        layout.size,
        None,
        [h.cells for h in layout.full_houses],
        arcs,
        layout.cell_masks,
        [f for f in forms if isinstance(f, DigitSets)],
        [f for f in forms if isinstance(f, LinearSum)] + house_sums(layout, geometric),
        [f for f in forms if isinstance(f, Contains)],
        [f for f in forms if isinstance(f, Layered)],
        layout.peers,
        arcs_strict=True,
        house_key=tuple([h.mask for h in layout.full_houses]) if geometric else None,
    )
