"""Clues outside the grid about a whole row or column: sandwich, X-sum, skyscraper and
numbered room.

Each clue's ``cells`` are the full row or column, starting next to the clue. The line
holds every digit once, so a digit stays in a cell only while some permutation of
1..N that fits every cell's candidates obeys the clue. ``line_support`` finds those
digits exactly, reading the rule as an automaton along the line: a forward pass over
the positions collects the reachable states, a backward pass keeps the moves that
still reach an accepting end. A state is the set of digits used so far plus what the
rule remembers (skyscraper: the tallest digit and how many were seen; sandwich: which
end was met and the sum since it; X-sum: the first digit and the running sum; numbered
room: the first digit), with
bounds that drop hopeless states early. When a layer outgrows ``STATE_CAP`` (lines
longer than 9, nearly empty) it drops the set of used digits, so digits may repeat:
weaker but still sound, helped by coarser automata (how many digits a sandwich can
hold). Results are cached on the candidates, as the search asks for the same line
many times."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from yass.constraints.base import Form, register
from yass.constraints.group import Automaton, Step, layered_form, mask_text
from yass.constraints.sums import OutsideClue
from yass.core.geometry import Grid, LayoutError, digit_char

__all__ = ["Automaton", "NumberedRoom", "Sandwich", "Skyscraper", "XSum", "line_support"]

#: The most states one layer of the exact dynamic programme may hold before
#: ``line_support`` gives up on distinct digits.
STATE_CAP = 3000

def line_support(
    masks: Sequence[int],
    start: tuple[int, ...],
    step: Step,
    accept: Callable[[tuple[int, ...]], bool],
    distinct: bool = True,
    *,
    cap: int | None = None,
) -> list[int] | None:
    """Per position, the digits some filling of the line uses, the rule read as an
    automaton (``start``, ``step``, ``accept``) over its digits in order.

    With ``distinct`` the digits all differ (the state keeps the set of digits used);
    returns None when a layer of states exceeds ``cap`` (``STATE_CAP`` by default).
    Without it digits may repeat, and the states stay few (no cap).
    """
    n = len(masks)
    limit = -1 if not distinct else STATE_CAP if cap is None else cap
    # A layer maps the rule's memory to the sets of digits used so far (always 0
    # without ``distinct``); ``step`` runs once per memory and digit, not per state.
    layer: dict[tuple[int, ...], set[int]] = {start: {0}}
    moves: list[list[tuple[tuple[int, ...], int, tuple[int, ...], list[int]]]] = []
    for i in range(n):
        mask = masks[i]
        nxt: dict[tuple[int, ...], set[int]] = {}
        here: list[tuple[tuple[int, ...], int, tuple[int, ...], list[int]]] = []
        size = 0
        for memory, useds in layer.items():
            digits = mask
            while digits:
                bit = digits & -digits
                digits ^= bit
                after = step(i, memory, bit.bit_length())
                if after is None:
                    continue
                if distinct:
                    froms = [u for u in useds if not u & bit]
                    if not froms:
                        continue
                    targets = nxt.setdefault(after, set())
                    before = len(targets)
                    targets.update(u | bit for u in froms)
                    size += len(targets) - before
                else:
                    froms = [0]
                    nxt[after] = {0}
                here.append((memory, bit, after, froms))
            if 0 <= limit < size:
                return None
        moves.append(here)
        layer = nxt
    alive = {memory: useds for memory, useds in layer.items() if accept(memory)}
    out = [0] * n
    for i in range(n - 1, -1, -1):
        back: dict[tuple[int, ...], set[int]] = {}
        got = 0
        for memory, bit, after, froms in moves[i]:
            reach = alive.get(after)
            if reach is None:
                continue
            keep = [u for u in froms if u | bit in reach] if distinct else froms
            if keep:
                back.setdefault(memory, set()).update(keep)
                got |= bit
        out[i] = got
        alive = back
    return out


_CACHE: dict[tuple[str, int, tuple[int, ...]], list[int]] = {}
_CACHE_LIMIT = 10000


def _line_clue_narrow(
    key: str,
    masks: list[int],
    rule: Automaton,
    coarse: Sequence[Automaton] = (),
) -> list[int]:
    """The digits some permutation of the line that ``rule`` accepts uses, cached on
    ``key`` (the rule and its number) and the masks.

    Past the state cap, digits may repeat; the ``coarse`` automata (true of every
    valid permutation, cheap with repeats) then narrow further what that leaves.
    """
    ckey = (key, len(masks), tuple(masks))
    hit = _CACHE.get(ckey)
    if hit is not None:
        return list(hit)
    found = line_support(masks, *rule)
    out = list(masks)
    if found is not None:
        out = [m & f for m, f in zip(out, found, strict=True)]
    else:
        for each in (rule, *coarse):
            if not all(out):
                break
            found = line_support(out, *each, distinct=False)
            assert found is not None
            out = [m & f for m, f in zip(out, found, strict=True)]
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[ckey] = out
    return list(out)


def line_from_clue(grid: Grid, clue: str) -> tuple[str, list[int]]:
    """Where a clue beside the grid looks (``above column 4``) and the cells of its
    row or column, from the clue inwards. LayoutError for a corner or an inside cell."""
    n = grid.size
    r, c = grid.parse_rc(clue, outside=True)
    if 0 <= c < n and r in (-1, n):
        cells = [grid.cell(k, c) for k in range(n)]
        side = "above"
        if r == n:
            cells.reverse()
            side = "below"
        return f"{side} column {c + 1}", cells
    if 0 <= r < n and c in (-1, n):
        cells = [grid.cell(r, k) for k in range(n)]
        side = "left of"
        if c == n:
            cells.reverse()
            side = "right of"
        return f"{side} row {r + 1}", cells
    raise LayoutError(f"the clue {clue} must be beside a row or a column, not at a corner")


def clue_of_line(grid: Grid, cells: Sequence[int]) -> str | None:
    """The outside cell from which ``cells`` run as a whole row or column, or None."""
    n = grid.size
    if len(cells) != n:
        return None
    sides = [f"r0c{c + 1}" for c in range(n)] + [f"r{n + 1}c{c + 1}" for c in range(n)]
    sides += [f"r{r + 1}c0" for r in range(n)] + [f"r{r + 1}c{n + 1}" for r in range(n)]
    for clue in sides:
        if line_from_clue(grid, clue)[1] == list(cells):
            return clue
    return None


class LineClue(OutsideClue):
    """An outside clue about the whole row or column next to it. Without a ``clue``
    the cells say where it stands: they must run along a whole row or column."""

    def describe(self, grid: Grid) -> str:
        clue = self.clue if self.clue is not None else clue_of_line(grid, self.cells)
        if clue is None:
            return super().describe(grid)
        try:
            where, _ = line_from_clue(grid, clue)
        except LayoutError:
            where = f"at {clue}"
        return f"{self.label} {self.value} {where}"

    def premise(self, grid: Grid, masks: Sequence[int], narrowed: Sequence[int]) -> str:
        """The cells that hold a digit or lack some candidate (a cell with every digit
        adds nothing beyond the line holding each digit once)."""
        full = (1 << grid.size) - 1
        parts = []
        for c, m in zip(self.cells, masks, strict=True):
            if m == full:
                continue
            if m & (m - 1):
                parts.append(f"{grid.name(c)}{mask_text(m)}")
            else:
                parts.append(f"{grid.name(c)}={digit_char(m.bit_length())}")
        return ", ".join(parts) if parts else "an empty line"

    def validate(self, grid: Grid) -> None:
        if self.clue is None:
            self.clue = clue_of_line(grid, self.cells)
            if self.clue is None:
                raise LayoutError(
                    f"the cells of a {self.label} clue must be a whole row or column"
                    f" ({grid.size} cells) in order from the clue's side"
                )
        where, cells = line_from_clue(grid, self.clue)
        if list(self.cells) != cells:
            first, last = grid.name(cells[0]), grid.name(cells[-1])
            raise LayoutError(
                f"the cells of the clue {self.clue} must be the {grid.size} cells"
                f" {where}, from {first} to {last} in that order"
            )
        self.validate_value(grid)

    def validate_value(self, grid: Grid) -> None:
        """Refuse a number no line can meet."""

    def automaton(self, grid: Grid) -> Automaton:
        """The rule read digit by digit from the clue inwards."""
        raise NotImplementedError

    def compiled(self, grid: Grid) -> Sequence[Form] | None:
        # The line is a whole row or column, so its digits differ by the house; the
        # automaton alone, digits free to repeat, is all the form must add.
        key = f"{self.type}:{self.value}"
        return (layered_form(key, self.cells, grid.size, self.automaton(grid)),)


# -- sandwich -----------------------------------------------------------------------


@cache
def sandwich_sums(size: int) -> frozenset[int]:
    """Every sum of a set of different digits 2..size-1 (the empty set gives 0)."""
    sums = {0}
    for d in range(2, size):
        sums |= {s + d for s in sums}
    return frozenset(sums)


@cache
def sandwich_sizes(size: int, total: int) -> frozenset[int]:
    """How many different digits 2..size-1 can add up to ``total``."""
    reach = {(0, 0)}
    for d in range(2, size):
        reach |= {(k + 1, s + d) for k, s in reach if s + d <= total}
    return frozenset(k for k, s in reach if s == total)


def top_sum(size: int, count: int) -> int:
    """The most ``count`` different digits 2..size-1 add up to (as many as there are)."""
    return sum(range(max(2, size - count), size))


@register
class Sandwich(LineClue):
    """The digits strictly between the 1 and the N of the line add up to ``sum``."""

    type = "sandwich"
    label = "sandwich"
    key = "sum"

    def holds(self, grid: Grid, values: Sequence[int]) -> bool:
        n = grid.size
        if 1 not in values or n not in values:
            return False
        a, b = sorted((values.index(1), values.index(n)))
        return sum(values[a + 1 : b]) == self.value

    def automaton(self, grid: Grid) -> Automaton:
        n, total = grid.size, self.value
        count = len(self.cells)

        def room(rest: int, left: int) -> bool:
            """Can ``left`` cells, one of them the far end, still add ``rest``?"""
            if rest == 0:
                return left >= 1
            return rest >= 2 and left >= 2 and rest <= top_sum(n, left - 1)

        # memory: (phase, sum since the first end); phase 0 before either end, 1 after
        # the 1, 2 after the N, 3 after both.
        def step(i: int, memory: tuple[int, ...], d: int) -> tuple[int, ...] | None:
            phase, acc = memory
            left = count - 1 - i  # cells after this one
            if phase == 0:
                if d == 1 or d == n:
                    return (1 if d == 1 else 2, 0) if room(total, left) else None
                return memory
            if phase == 3:
                return None if d == 1 or d == n else memory
            if d == (n if phase == 1 else 1):
                return (3, 0) if acc == total else None
            if d == 1 or d == n:
                return None
            acc += d
            return (phase, acc) if room(total - acc, left) else None

        return Automaton((0, 0), step, _sandwich_done)

    def narrow(self, grid: Grid, masks: list[int]) -> list[int]:
        n, total = grid.size, self.value
        if n < 2:
            return masks
        # with repeats allowed: how many digits lie between the ends
        sizes = sandwich_sizes(n, total)
        most = max(sizes, default=-1)

        def step_count(i: int, memory: tuple[int, ...], d: int) -> tuple[int, ...] | None:
            phase, between = memory
            if phase == 0:
                return ((1 if d == 1 else 2), 0) if d == 1 or d == n else memory
            if phase == 3:
                return None if d == 1 or d == n else memory
            if d == (n if phase == 1 else 1):
                return (3, 0) if between in sizes else None
            if d == 1 or d == n or between >= most:
                return None
            return (phase, between + 1)

        return _line_clue_narrow(
            f"sandwich:{n}:{total}",
            masks,
            self.automaton(grid),
            [Automaton((0, 0), step_count, _sandwich_done)],
        )

    def validate_value(self, grid: Grid) -> None:
        n = grid.size
        if n < 2:
            raise LayoutError("a sandwich needs a grid of at least 2x2")
        if self.value not in sandwich_sums(n):
            raise LayoutError(
                f"no digits between the 1 and the {n} add up to {self.value}"
                f" (possible sums: {ranges_text(sandwich_sums(n))})"
            )


def _sandwich_done(memory: tuple[int, ...]) -> bool:
    """Both ends met, the sum between them right."""
    return memory[0] == 3


def ranges_text(values: frozenset[int]) -> str:
    """``0, 2-33, 35``."""
    parts: list[str] = []
    run: list[int] = []
    for v in sorted(values):
        if run and v != run[-1] + 1:
            parts.append(_run_text(run))
            run = []
        run.append(v)
    if run:
        parts.append(_run_text(run))
    return ", ".join(parts)


def _run_text(run: list[int]) -> str:
    return str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}"


# -- X-sum --------------------------------------------------------------------------


@cache
def xsum_sums_for(size: int, x: int) -> frozenset[int]:
    """Every sum of x different digits 1..size, one of them x."""
    # reach[k]: sums of k different digits of 1..size other than x
    reach: list[set[int]] = [set() for _ in range(x)]
    reach[0].add(0)
    for d in range(1, size + 1):
        if d == x:
            continue
        for k in range(x - 1, 0, -1):
            reach[k] |= {s + d for s in reach[k - 1]}
    return frozenset(x + s for s in reach[x - 1])


@cache
def xsum_sums(size: int) -> frozenset[int]:
    """Every sum of the first X digits of a line of 1..size, X being the first digit."""
    out: frozenset[int] = frozenset()
    for x in range(1, size + 1):
        out |= xsum_sums_for(size, x)
    return out


@register
class XSum(LineClue):
    """The first X digits from the clue add up to ``sum``, X being the first digit."""

    type = "xsum"
    label = "X-sum"
    key = "sum"

    def holds(self, grid: Grid, values: Sequence[int]) -> bool:
        x = values[0]
        return x <= len(values) and sum(values[:x]) == self.value

    def automaton(self, grid: Grid) -> Automaton:
        n, total = grid.size, self.value
        count = len(self.cells)
        # memory: (X, sum of the first cells so far); X = 0 once the X cells are done.

        def step(i: int, memory: tuple[int, ...], d: int) -> tuple[int, ...] | None:
            x, acc = memory
            if i == 0:
                if d > count or total not in xsum_sums_for(n, d):
                    return None
                x = d
            elif x == 0:
                return memory
            acc += d
            rest, cells = total - acc, x - 1 - i
            if cells == 0:
                return (0, 0) if rest == 0 else None
            # ``cells`` different digits 1..n add up to at least 1+2+..., at most n+(n-1)+...
            if not cells * (cells + 1) // 2 <= rest <= cells * n - cells * (cells - 1) // 2:
                return None
            return (x, acc)

        return Automaton((0, 0), step, lambda m: m[0] == 0)

    def narrow(self, grid: Grid, masks: list[int]) -> list[int]:
        return _line_clue_narrow(f"xsum:{grid.size}:{self.value}", masks, self.automaton(grid))

    def validate_value(self, grid: Grid) -> None:
        if self.value not in xsum_sums(grid.size):
            raise LayoutError(
                f"the first X digits of a line of 1-{grid.size}, X the first of them,"
                f" cannot add up to {self.value} (possible sums:"
                f" {ranges_text(xsum_sums(grid.size))})"
            )


# -- skyscraper ---------------------------------------------------------------------


@register
class Skyscraper(LineClue):
    """Seen from the clue, ``value`` digits are visible (each larger than all before it)."""

    type = "skyscraper"
    label = "skyscraper"
    key = "value"

    def holds(self, grid: Grid, values: Sequence[int]) -> bool:
        seen, tallest = 0, 0
        for v in values:
            if v > tallest:
                seen, tallest = seen + 1, v
        return seen == self.value

    def automaton(self, grid: Grid) -> Automaton:
        n, target = grid.size, self.value
        count = len(self.cells)
        # memory: (tallest so far, how many seen)

        def step(i: int, memory: tuple[int, ...], d: int) -> tuple[int, ...] | None:
            tallest, seen = memory
            if d > tallest:
                tallest, seen = d, seen + 1
            # the N is still to come (one more seen) unless it stands here or before
            if seen + (tallest < n) > target:
                return None
            if seen + min(count - 1 - i, n - tallest) < target:
                return None
            return (tallest, seen)

        return Automaton((0, 0), step, lambda m: m[1] == target and m[0] == n)

    def narrow(self, grid: Grid, masks: list[int]) -> list[int]:
        return _line_clue_narrow(
            f"skyscraper:{grid.size}:{self.value}", masks, self.automaton(grid)
        )

    def validate_value(self, grid: Grid) -> None:
        if not 1 <= self.value <= grid.size:
            raise LayoutError(
                f"a skyscraper clue counts 1-{grid.size} visible digits, not {self.value}"
            )


# -- numbered room --------------------------------------------------------------------


@register
class NumberedRoom(LineClue):
    """Seen from the clue, the X-th digit is ``value``, X being the first digit."""

    type = "numbered_room"
    label = "numbered room"
    key = "value"

    def holds(self, grid: Grid, values: Sequence[int]) -> bool:
        return values[values[0] - 1] == self.value

    def automaton(self, grid: Grid) -> Automaton:
        target = self.value
        # memory: (the first digit, X); the X-th digit must be the clue

        def step(i: int, memory: tuple[int, ...], d: int) -> tuple[int, ...] | None:
            first = memory[0] if memory else d
            if i == first - 1 and d != target:
                return None
            return (first,)

        return Automaton((), step, lambda m: True)

    def narrow(self, grid: Grid, masks: list[int]) -> list[int]:
        return _line_clue_narrow(
            f"numbered_room:{grid.size}:{self.value}", masks, self.automaton(grid)
        )

    def validate_value(self, grid: Grid) -> None:
        if not 1 <= self.value <= grid.size:
            raise LayoutError(f"a numbered room's clue is a digit 1-{grid.size}, not {self.value}")
