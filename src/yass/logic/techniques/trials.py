"""Trials over the compiled propagation: speculation and forcing nets on variant layouts.

On a layout with rules that the generic engine takes (``yass.engine.fast.can_settle``)
the last rung of the ladder tries candidates with the engine's own propagation
(``fast.settle``: naked and hidden singles, locked candidates where two full houses
meet, arc consistency on the relations, and the rules' compiled forms: sums by their
digit combinations, lines, groups), which is both stronger than the Python kernel's and
a hundred times faster. Three forms, cheapest first:

* contradiction: setting a candidate breaks the grid, so it is false (Nishio);
* verity: every candidate of a cell, or every place of a digit in a full house, when
  set, removes the same candidate, so it is false (a cell or house forcing net);
* nested contradiction: inside the trial of a candidate, the first two forms, run to
  a fixed point, break the grid, so the candidate is false (a forcing net whose
  branches hold forcing nets of their own, Sudoku Explainer's nested forcing chains).

Every trial only assumes a candidate of the board and applies the rules, so what it
concludes holds whenever the board's candidates hold the solution: the steps are sound
for any puzzle, unique or not.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from yass.constraints.group import GroupRule
from yass.core.board import Board
from yass.core.bounds import poll
from yass.core.geometry import bits, digit_char, mask_digits
from yass.core.layout import Layout
from yass.core.step import Step, cell_list, house_name, notation
from yass.engine import fast
from yass.logic.techniques.base import join_words

__all__ = ["compiled_trials", "trial_steps"]

Masks = tuple[int, ...]

#: The difficulty of each form (Sudoku Explainer puts nested forcing chains at 9.5 up).
_CONTRADICTION, _VERITY, _NESTED = 9.0, 9.2, 9.6

#: A nested trial looks inside at most this many candidates of the outer trial's cells
#: with the fewest candidates (it stops at the first contradiction it finds anyway).
_INNER_CELLS = 24

#: A pass of nested trials stops once it has this many candidates refuted, or has some
#: and has probed this many trials since the first (the next pass starts from a
#: narrower board). A count, not a time: the same board gives the same step under any
#: load.
_NESTED_HITS, _NESTED_PROBES_AFTER = 40, 200


def compiled_trials(layout: Layout) -> bool:
    """True when the trials of this module serve ``layout`` (rules, and the generic
    engine takes them)."""
    return bool(layout.constraints) and fast.can_settle(layout)


def _set(masks: Sequence[int], cell: int, digit: int) -> list[int]:
    out = list(masks)
    out[cell] = 1 << (digit - 1)
    return out


def _pack(masks: Iterable[int]) -> int:
    """Candidate masks as one integer, ``_WIDTH`` bits a cell: the union of many trials
    is then one ``|`` each."""
    out = 0
    for i, m in enumerate(masks):
        out |= m << (i * _WIDTH)
    return out


#: Bits a cell takes in ``_pack`` (masks of grids up to 16 digits).
_WIDTH = 16


def _open_cells(masks: Sequence[int], most: int | None) -> list[int]:
    """Cells with two or more candidates (at most ``most``), fewest first."""
    cells = [
        c for c, m in enumerate(masks)
        if m & (m - 1) and (most is None or m.bit_count() <= most)
    ]
    cells.sort(key=lambda c: (masks[c].bit_count(), c))
    return cells


class _Trials:
    """The trials of one board: each candidate set, propagated (memoized)."""

    def __init__(self, layout: Layout, cands: Sequence[int], most: int | None) -> None:
        self.layout = layout
        self.cands = tuple(cands)
        self.most = most
        self.base = fast.settle(layout, self.cands)
        self.memo: dict[tuple[int, int], Masks | None] = {}
        #: Each trial's candidates as one integer (``_pack``), for the verities' unions.
        self.packed: dict[tuple[int, int], int] = {}
        #: The board's candidates of its open cells, packed alike.
        self.open = _pack(m if m & (m - 1) else 0 for m in self.cands)

    def trial(self, cell: int, digit: int) -> Masks | None:
        key = (cell, digit)
        if key not in self.memo:
            assert self.base is not None
            if not self.base[cell] >> (digit - 1) & 1:
                self.memo[key] = None
            else:
                self.memo[key] = fast.settle(self.layout, _set(self.base, cell, digit))
        return self.memo[key]

    def trial_packed(self, cell: int, digit: int) -> int | None:
        """``trial(cell, digit)`` packed (``_pack``), None when it breaks the grid."""
        key = (cell, digit)
        got = self.packed.get(key)
        if got is None:
            masks = self.trial(cell, digit)
            if masks is None:
                return None
            got = self.packed[key] = _pack(masks)
        return got

    def why(self, masks: Sequence[int]) -> str:
        """Why the propagation from ``masks`` breaks, completing "if ... were ..., "."""
        lay = self.layout
        blamed = fast.conflict(lay, masks) or ()
        if not blamed:
            return "the rules could not all be kept"
        if len(blamed) == 1:
            return f"{lay.name(blamed[0])} would have no candidate left"
        mask = 0
        for c in blamed:
            mask |= 1 << c
        for h, house in enumerate(lay.houses):
            if house.mask == mask:
                return f"{house_name(lay, h)} would have no place left for a digit"
        grid = lay.grid
        for con in lay.constraints:
            scope = con.scope(grid) if isinstance(con, GroupRule) else ()
            if scope and sum(1 << c for c in scope) == mask:
                return f"the {con.label} on {cell_list(lay, blamed)} could not be kept"
        return f"{cell_list(lay, blamed)} could not all be filled"


def trial_steps(tech_code: str, board: Board, most: int | None) -> Iterator[Step]:
    """The steps of the first two forms on ``board``, most eliminations first (every
    trial is run once and serves them all); the nested form only when they find
    nothing."""
    lay = board.layout
    t = _Trials(lay, board.cands, most)
    if t.base is None:
        return  # the board is already broken: the solver finds out without a premise
    cands = t.cands
    order = _open_cells(cands, most)
    found: list[Step] = []
    for cell in order:
        poll()
        bad = [d for d in mask_digits(cands[cell]) if t.trial(cell, d) is None]
        if bad:
            found.append(_contradiction(tech_code, t, cell, bad))
    for cell in order:
        poll()
        digits = mask_digits(cands[cell])
        step = _verity(tech_code, t, [(cell, d) for d in digits], f"{lay.name(cell)}"
                       f" {{{','.join(digit_char(d) for d in digits)}}}")
        if step is not None:
            found.append(step)
    for h, house in enumerate(lay.houses):
        if not house.full:
            continue
        for d in range(1, lay.size + 1):
            places = [c for c in bits(house.mask) if cands[c] >> (d - 1) & 1]
            if len(places) < 2 or (most is not None and len(places) > most):
                continue
            poll()
            step = _verity(tech_code, t, [(c, d) for c in places],
                           f"{digit_char(d)} in {house_name(lay, h)}"
                           f" {{{cell_list(lay, places)}}}")
            if step is not None:
                found.append(step)
    found.sort(key=lambda step: -len(step.eliminations))
    yield from found
    if found:
        return
    # The trials that narrow the grid most first: the likeliest to break inside.
    trials = sorted(
        ((sum(m.bit_count() for m in got), cell, d) for (cell, d), got in t.memo.items()
         if got is not None),
    )
    hits: list[tuple[int, int, tuple[int, int]]] = []
    after = 0  # trials probed since the first hit
    for _, cell, d in trials:
        if len(hits) >= _NESTED_HITS or after > _NESTED_PROBES_AFTER:
            break
        if hits:
            after += 1
        poll()
        inner = t.memo[cell, d]
        assert inner is not None
        hit = _nested(lay, inner, most)
        if hit is not None:
            hits.append((cell, d, hit))
    if hits:
        yield _nested_step(tech_code, t, hits)


def _contradiction(code: str, t: _Trials, cell: int, digits: list[int]) -> Step:
    """Each of ``digits`` set in ``cell`` breaks the grid."""
    lay = t.layout
    assert t.base is not None
    name = lay.name(cell)
    whys = [(d, t.why(_set(t.base, cell, d))) for d in digits]
    elims = tuple((cell, d) for d in digits)
    said = "; ".join(f"if {name} were {digit_char(d)}, {why}" for d, why in whys)
    return Step(
        code,
        eliminations=elims,
        explanation=f"{said} (by the rules' propagation); so {name} is not"
                    f" {join_words([digit_char(d) for d in digits], 'or')}",
        cells=(cell,),
        digits=tuple(digits),
        candidates=elims,
        notation=notation(
            lay, "Forcing Net Contradiction",
            "; ".join(f"{name}={digit_char(d)} -> {why}" for d, why in whys), (), elims,
        ),
        name="Forcing Net Contradiction",
        difficulty=_CONTRADICTION,
    )


def _verity(code: str, t: _Trials, options: list[tuple[int, int]], what: str) -> Step | None:
    """The candidates that every option (each set in turn, one must be true) removes."""
    lay = t.layout
    union = 0
    alive = []
    for cell, d in options:
        got = t.trial_packed(cell, d)
        if got is None:
            continue  # a false option (its contradiction is a step of its own)
        alive.append((cell, d))
        union |= got
        if not t.open & ~union:
            return None  # every candidate of the board survives some option
    if not alive:
        return None
    gone_bits = t.open & ~union
    full = (1 << _WIDTH) - 1
    elims = tuple(
        (c, e) for c in range(len(t.cands))
        for e in mask_digits(gone_bits >> (c * _WIDTH) & full)
    )
    lay_cells = tuple(sorted({c for c, _ in options}))
    gone = ", ".join(f"{lay.name(c)}<>{digit_char(e)}" for c, e in elims[:6])
    if len(elims) > 6:
        gone += ", ..."
    cases = join_words([f"{lay.name(c)}={digit_char(d)}" for c, d in alive], "or")
    return Step(
        code,
        eliminations=elims,
        explanation=f"one of {cases} is true ({what}), and each of them, with the rules'"
                    f" propagation, removes {gone}; so these candidates are false",
        cells=lay_cells,
        digits=tuple(sorted({d for _, d in options})),
        candidates=tuple(options),
        notation=notation(lay, "Forcing Net Verity", f"{what}: each -> {gone}", (), elims),
        name="Forcing Net Verity",
        difficulty=_VERITY,
    )


def _nested(layout: Layout, start: Masks, most: int | None) -> tuple[int, int] | None:
    """Inside a trial: the first two forms on the trial's own cells (each candidate of a
    cell set in turn: those that break the grid go, and what every one left removes
    goes), propagating after each cell, pass after pass, until the grid breaks
    (``fast.probe``, in the compiled engine). The cell whose probe first narrowed the
    trial (and a digit it lost, 0 when only its verity did), or None when the trial
    holds."""
    holds, cell, digit = fast.probe(layout, start, _INNER_CELLS, most or layout.size)
    return None if holds else (max(cell, 0), digit)


def _nested_step(code: str, t: _Trials, hits: list[tuple[int, int, tuple[int, int]]]) -> Step:
    """Each candidate of ``hits`` breaks the grid in its own nested trial (one step for
    the pass that found them all: they are independent, each from the board as it is)."""
    lay = t.layout
    hits = sorted(hits)
    elims = tuple((cell, d) for cell, d, _ in hits)
    parts = []
    for cell, d, (ic, idg) in hits:
        inner = (f"{lay.name(ic)}<>{digit_char(idg)}" if idg
                 else f"{lay.name(ic)} verity")
        parts.append(f"{lay.name(cell)}={digit_char(d)} -> {inner} -> ... -> contradiction")
    shown = "; ".join(parts[:4]) + ("; ..." if len(parts) > 4 else "")
    first = hits[0]
    name, ch = lay.name(first[0]), digit_char(first[1])
    return Step(
        code,
        eliminations=elims,
        explanation=(
            f"each of these candidates, set on its own, leaves a grid in which trying the"
            f" candidates of its cells in turn (each set, with the rules' propagation; those"
            f" that break go, and what all the others remove goes) ends with no way to fill"
            f" it; for example, if {name} were {ch}, that happens after"
            f" {lay.name(first[2][0])} is narrowed; so none of them is true:"
            f" {', '.join(f'{lay.name(c)}<>{digit_char(e)}' for c, e in elims)}"
        ),
        cells=tuple(sorted({c for c, _ in elims})),
        candidates=elims,
        notation=notation(lay, "Nested Forcing Net", shown, (), elims),
        name="Nested Forcing Net",
        difficulty=_NESTED,
    )
