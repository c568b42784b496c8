"""Sandwich, X-sum and skyscraper clues (yass.constraints.outside).

The rules are read here from their definitions in shared/data/variants/README.md, by
small reference functions written without the library; narrowing is compared with a
brute force over the permutations of the line that fit the candidates.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from itertools import permutations
from typing import Any

import pytest

from conftest import digits_of, variant_entries, variant_puzzle
from yass.constraints import REGISTRY, Sandwich, Skyscraper, XSum, constraint_from_json, outside
from yass.constraints.outside import line_support, sandwich_sums, xsum_sums
from yass.constraints.sums import OutsideClue
from yass.core.geometry import Grid, LayoutError, box_shape
from yass.engine.search import solutions

# -- the rules, read independently ---------------------------------------------------


def ref_sandwich(line: Sequence[int]) -> int:
    """The sum strictly between the 1 and the N (N = the line's length)."""
    i, j = line.index(1), line.index(len(line))
    lo, hi = min(i, j), max(i, j)
    return sum(line[lo + 1 : hi])


def ref_xsum(line: Sequence[int]) -> int:
    return sum(line[: line[0]])


def ref_skyscraper(line: Sequence[int]) -> int:
    """How many digits are larger than every digit before them."""
    seen, tallest = 0, 0
    for v in line:
        if v > tallest:
            seen, tallest = seen + 1, v
    return seen


def test_ref_skyscraper_counts_the_visible() -> None:
    assert ref_skyscraper([2, 1, 5, 4, 3, 9, 8, 7, 6]) == 3
    assert ref_skyscraper([9, 1, 2]) == 1
    assert ref_skyscraper([1, 2, 3]) == 3


RULES: list[tuple[type[OutsideClue], Callable[[Sequence[int]], int]]] = [
    (Sandwich, ref_sandwich),
    (XSum, ref_xsum),
    (Skyscraper, ref_skyscraper),
]


def grid_of(size: int) -> Grid:
    rows, cols = box_shape(size) or (0, 0)
    return Grid(size, rows, cols)


def column(grid: Grid, col: int) -> list[int]:
    return [grid.cell(r, col) for r in range(grid.size)]


def rule(cls: type[OutsideClue], size: int, value: int) -> OutsideClue:
    grid = grid_of(size)
    return cls("r0c1", column(grid, 0), value)


def possible_values(cls: type[OutsideClue], size: int) -> list[int]:
    if cls is Sandwich:
        return sorted(sandwich_sums(size))
    if cls is XSum:
        return sorted(xsum_sums(size))
    return list(range(1, size + 1))


def mask_of(digits: Sequence[int]) -> int:
    m = 0
    for d in digits:
        m |= 1 << (d - 1)
    return m


def fitting(masks: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every permutation of 1..N (N = len(masks)) with each digit in its cell's mask."""
    n = len(masks)
    chosen: list[int] = []

    def walk(i: int, used: int) -> Iterator[tuple[int, ...]]:
        if i == n:
            yield tuple(chosen)
            return
        for d in range(1, n + 1):
            bit = 1 << (d - 1)
            if masks[i] & bit and not used & bit:
                chosen.append(d)
                yield from walk(i + 1, used | bit)
                chosen.pop()

    return walk(0, 0)


def brute_support(
    masks: Sequence[int], ref: Callable[[Sequence[int]], int]
) -> dict[int, list[int]]:
    """For each clue value, per position the digits some fitting permutation uses."""
    out: dict[int, list[int]] = {}
    for perm in fitting(masks):
        got = out.setdefault(ref(perm), [0] * len(masks))
        for i, d in enumerate(perm):
            got[i] |= 1 << (d - 1)
    return out


def random_masks(rng: random.Random, n: int, extra: float) -> list[int]:
    """Candidates around a hidden permutation (so the line can be filled), each cell
    with other digits added at rate ``extra``; sometimes a cell loses its true digit."""
    perm = list(range(1, n + 1))
    rng.shuffle(perm)
    masks = []
    for d in perm:
        m = 1 << (d - 1)
        for e in range(1, n + 1):
            if rng.random() < extra:
                m |= 1 << (e - 1)
        if rng.random() < 0.1 and m & (m - 1):
            m &= ~(1 << (d - 1))
        masks.append(m)
    return masks


# -- holds ----------------------------------------------------------------------------

G9 = grid_of(9)


@pytest.mark.parametrize(
    ("value", "line", "expected"),
    [
        (0, [1, 9, 2, 3, 4, 5, 6, 7, 8], True),  # 1 and 9 side by side
        (0, [2, 3, 4, 5, 6, 7, 8, 9, 1], True),  # at the far end, 9 first
        (35, [1, 2, 3, 4, 5, 6, 7, 8, 9], True),  # the maximum: 1 and 9 at the ends
        (35, [9, 8, 7, 6, 5, 4, 3, 2, 1], True),
        (8, [2, 1, 3, 5, 9, 4, 6, 7, 8], True),
        (8, [2, 9, 3, 5, 1, 4, 6, 7, 8], True),  # 9 before 1
        (8, [2, 1, 3, 5, 4, 9, 6, 7, 8], False),  # 12
        (0, [1, 2, 9, 3, 4, 5, 6, 7, 8], False),
        (34, [1, 2, 3, 4, 5, 6, 7, 8, 9], False),
    ],
)
def test_sandwich_holds(value: int, line: list[int], expected: bool) -> None:
    assert ref_sandwich(line) == value or not expected
    assert Sandwich("r0c1", column(G9, 0), value).holds(G9, line) is expected


@pytest.mark.parametrize(
    ("value", "line", "expected"),
    [
        (1, [1, 9, 2, 3, 4, 5, 6, 7, 8], True),  # X = 1: the first cell alone
        (2, [1, 9, 2, 3, 4, 5, 6, 7, 8], False),
        (45, [9, 1, 2, 3, 4, 5, 6, 7, 8], True),  # X = N: the whole line
        (44, [9, 1, 2, 3, 4, 5, 6, 7, 8], False),
        (10, [3, 1, 6, 2, 4, 5, 7, 8, 9], True),
        (10, [3, 6, 1, 2, 4, 5, 7, 8, 9], True),
        (10, [3, 1, 2, 6, 4, 5, 7, 8, 9], False),  # 6 is the fourth cell: not counted
        (11, [2, 9, 1, 3, 4, 5, 6, 7, 8], True),
    ],
)
def test_xsum_holds(value: int, line: list[int], expected: bool) -> None:
    assert (ref_xsum(line) == value) is expected
    assert XSum("r0c1", column(G9, 0), value).holds(G9, line) is expected


@pytest.mark.parametrize(
    ("value", "line", "expected"),
    [
        (1, [9, 1, 2, 3, 4, 5, 6, 7, 8], True),  # the tallest first hides the rest
        (1, [8, 9, 1, 2, 3, 4, 5, 6, 7], False),
        (9, [1, 2, 3, 4, 5, 6, 7, 8, 9], True),  # every one visible: in order
        (9, [1, 2, 3, 4, 5, 6, 7, 9, 8], False),
        (3, [2, 1, 5, 4, 3, 9, 8, 7, 6], True),
        (3, [2, 1, 5, 4, 6, 9, 8, 7, 3], False),  # 2, 5, 6, 9
        (2, [8, 1, 2, 3, 4, 5, 6, 7, 9], True),
    ],
)
def test_skyscraper_holds(value: int, line: list[int], expected: bool) -> None:
    assert (ref_skyscraper(line) == value) is expected
    assert Skyscraper("r0c1", column(G9, 0), value).holds(G9, line) is expected


@pytest.mark.parametrize("size", [4, 6])
@pytest.mark.parametrize(("cls", "ref"), RULES, ids=[c.type for c, _ in RULES])
def test_holds_matches_the_reference_on_every_permutation(
    size: int, cls: type[OutsideClue], ref: Callable[[Sequence[int]], int]
) -> None:
    grid = grid_of(size)
    values = possible_values(cls, size)
    seen: set[int] = set()
    for perm in permutations(range(1, size + 1)):
        seen.add(ref(perm))
        for v in values:
            assert rule(cls, size, v).holds(grid, perm) is (ref(perm) == v), (perm, v)
    # the values validate accepts are exactly those some line reaches
    assert seen == set(values)


# -- narrow -----------------------------------------------------------------------------


def narrowed(cls: type[OutsideClue], size: int, value: int, masks: list[int]) -> list[int]:
    return rule(cls, size, value).narrow(grid_of(size), list(masks))


def assert_narrowing(
    cls: type[OutsideClue], masks: list[int], ref: Callable[[Sequence[int]], int]
) -> int:
    """Sound (every digit a valid permutation uses is kept) and exact (no other).

    Returns how many clue values had a filling and lost some candidate, to show the
    comparison is not vacuous.
    """
    size = len(masks)
    support = brute_support(masks, ref)
    useful = 0
    for v in possible_values(cls, size):
        got = narrowed(cls, size, v, masks)
        want = support.get(v, [0] * size)
        for i in range(size):
            assert got[i] & ~masks[i] == 0, (v, masks)  # never adds a digit
            assert want[i] & ~got[i] == 0, ("unsound", v, masks, i)
        if v in support:
            assert got == want, ("not exact", v, masks)
            useful += got != masks
        else:
            assert not all(got), ("no filling, yet every cell kept a digit", v, masks)
    return useful


@pytest.mark.parametrize("size", [4, 6])
@pytest.mark.parametrize(("cls", "ref"), RULES, ids=[c.type for c, _ in RULES])
def test_narrow_is_exact_on_random_candidates(
    size: int, cls: type[OutsideClue], ref: Callable[[Sequence[int]], int]
) -> None:
    rng = random.Random(f"{cls.type}{size}")
    full = (1 << size) - 1
    useful = assert_narrowing(cls, [full] * size, ref)
    for _ in range(40 if size == 4 else 25):
        masks = random_masks(rng, size, rng.choice([0.2, 0.4, 0.7]))
        useful += assert_narrowing(cls, masks, ref)
    assert useful >= 20


@pytest.mark.parametrize(("cls", "ref"), RULES, ids=[c.type for c, _ in RULES])
def test_narrow_is_exact_on_9x9_lines(
    cls: type[OutsideClue], ref: Callable[[Sequence[int]], int]
) -> None:
    rng = random.Random(f"{cls.type}9")
    useful = 0
    for _ in range(12):
        useful += assert_narrowing(cls, random_masks(rng, 9, 0.25), ref)
    assert useful >= 5


@pytest.mark.parametrize(("cls", "ref"), RULES, ids=[c.type for c, _ in RULES])
def test_narrow_on_an_empty_8x8_line_is_exact_for_every_clue(
    cls: type[OutsideClue], ref: Callable[[Sequence[int]], int]
) -> None:
    """All 40320 permutations of an 8-cell line against the narrowing of full masks."""
    support: dict[int, list[int]] = {}
    for perm in permutations(range(1, 9)):
        got = support.setdefault(ref(perm), [0] * 8)
        for i, d in enumerate(perm):
            got[i] |= 1 << (d - 1)
    assert set(support) == set(possible_values(cls, 8))
    for v, want in support.items():
        assert narrowed(cls, 8, v, [255] * 8) == want, v


def test_narrow_on_9x9_lines_never_needs_the_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a 9-cell line the exact programme stays under the state cap for every clue, even
    with every candidate open (narrower candidates only remove states)."""
    modes: list[bool] = []
    exact = outside.line_support

    def spy(*args: Any, **kwargs: Any) -> list[int] | None:
        modes.append(kwargs.get("distinct", True))
        return exact(*args, **kwargs)

    monkeypatch.setattr(outside, "line_support", spy)
    monkeypatch.setattr(outside, "_CACHE", {})
    for cls, _ in RULES:
        for v in possible_values(cls, 9):
            assert all(narrowed(cls, 9, v, [511] * 9))
    assert modes and all(modes)


ALL9 = mask_of(range(1, 10))


def without(*digits: int) -> int:
    return ALL9 & ~mask_of(digits)


def test_narrow_sharp_cases_on_9x9() -> None:
    full = [ALL9] * 9
    # skyscraper N: the line climbs 1..N; 1: the N stands first
    assert narrowed(Skyscraper, 9, 9, full) == [1 << k for k in range(9)]
    assert narrowed(Skyscraper, 9, 1, full) == [mask_of([9])] + [without(9)] * 8
    # skyscraper 2: a 9 first would hide every other cell
    assert narrowed(Skyscraper, 9, 2, full)[0] == without(9)
    # sandwich at its maximum: the 1 and the 9 at the ends
    ends = mask_of([1, 9])
    assert narrowed(Sandwich, 9, 35, full) == [ends] + [without(1, 9)] * 7 + [ends]
    # sandwich 33 = 35 - 2: six middle cells 3..8, the 2 outside beside an end
    s33 = narrowed(Sandwich, 9, 33, full)
    assert s33[0] == s33[8] == mask_of([1, 2, 9])
    assert s33[1] == s33[7] == without(2)
    assert all(m == mask_of(range(3, 9)) for m in s33[2:7])
    # sandwich 2: the 2 alone between them, so never at an end of the line
    s2 = narrowed(Sandwich, 9, 2, full)
    assert s2[0] == s2[8] == without(2)
    # sandwich 0 on an empty line: nothing to remove; with the 1 placed, the 9 is beside it
    assert narrowed(Sandwich, 9, 0, full) == full
    masks = [without(1)] * 4 + [mask_of([1])] + [without(1)] * 4
    s0 = narrowed(Sandwich, 9, 0, masks)
    assert [r for r in range(9) if s0[r] & mask_of([9])] == [3, 5]
    assert narrowed(Sandwich, 9, 0, [mask_of([1])] + [without(1)] * 8)[1] == mask_of([9])
    # X-sum: 1 means X = 1; 45 means X = 9; 3 = 2 + 1; 10 needs X in 2..4
    assert narrowed(XSum, 9, 1, full)[0] == mask_of([1])
    assert narrowed(XSum, 9, 45, full)[0] == mask_of([9])
    assert narrowed(XSum, 9, 3, full)[:2] == [mask_of([2]), mask_of([1])]
    assert narrowed(XSum, 9, 10, full)[0] == mask_of([2, 3, 4])


def test_narrow_uses_the_distinct_digits_of_the_line() -> None:
    # Skyscraper 2 with the 9 known in the last cell: the first cell (8 or less) is
    # seen, then only the 9, so the first cell must be the 8.
    masks = [ALL9] * 8 + [mask_of([9])]
    got = narrowed(Skyscraper, 9, 2, masks)
    assert got[0] == mask_of([8])
    # X-sum 6 with X = 3: the two cells after the 3 are {1,2}
    masks = [mask_of([3])] + [ALL9] * 8
    got = narrowed(XSum, 9, 6, masks)
    assert got[1] == got[2] == mask_of([1, 2])
    assert all(m == without(1, 2, 3) for m in got[3:])


def test_narrow_reports_an_impossible_line() -> None:
    # a 9 in the first cell hides every other: skyscraper 3 cannot hold
    masks = [mask_of([9])] + [without(9)] * 8
    assert not all(narrowed(Skyscraper, 9, 3, masks))
    # 1 and 9 side by side: sandwich 5 cannot hold
    masks = [mask_of([1]), mask_of([9])] + [without(1, 9)] * 7
    assert not all(narrowed(Sandwich, 9, 5, masks))


def test_narrow_returns_a_fresh_list() -> None:
    first = narrowed(Skyscraper, 9, 9, [ALL9] * 9)
    first[0] = 0
    assert narrowed(Skyscraper, 9, 9, [ALL9] * 9)[0] == 1


@pytest.mark.parametrize(("cls", "ref"), RULES, ids=[c.type for c, _ in RULES])
def test_fallback_without_distinct_digits_is_sound(
    cls: type[OutsideClue],
    ref: Callable[[Sequence[int]], int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past the state cap narrowing forgets which digits were used: weaker, still sound."""
    monkeypatch.setattr(outside, "STATE_CAP", 0)
    monkeypatch.setattr(outside, "_CACHE", {})
    assert line_support([15] * 4, (0, 0), lambda i, m, d: m, lambda m: True) is None
    rng = random.Random(f"fallback{cls.type}")
    for size in (4, 6):
        for _ in range(15):
            masks = random_masks(rng, size, 0.5)
            support = brute_support(masks, ref)
            for v in possible_values(cls, size):
                got = narrowed(cls, size, v, masks)
                want = support.get(v, [0] * size)
                assert all(w & ~g == 0 for w, g in zip(want, got, strict=True)), (v, masks)
                assert all(g & ~m == 0 for g, m in zip(got, masks, strict=True))
    # and it still does real work: skyscraper N climbs 1..N even with repeats allowed
    assert narrowed(Skyscraper, 9, 9, [ALL9] * 9) == [1 << k for k in range(9)]
    assert narrowed(XSum, 9, 1, [ALL9] * 9)[0] == mask_of([1])


def test_16x16_lines_narrow_soundly_and_in_time() -> None:
    full = [(1 << 16) - 1] * 16
    start = time.perf_counter()
    assert narrowed(Skyscraper, 16, 16, full) == [1 << k for k in range(16)]
    assert narrowed(XSum, 16, 1, full)[0] == 1
    ends = mask_of([1, 16])
    s = narrowed(Sandwich, 16, sum(range(2, 16)), full)
    assert s[0] == s[15] == ends
    assert time.perf_counter() - start < 5


# -- reading, writing, describing ---------------------------------------------------------


def clue_json(kind: str, clue: str, cells: list[str], value: object) -> dict[str, Any]:
    key = "value" if kind == "skyscraper" else "sum"
    return {"type": kind, "clue": clue, "cells": cells, key: value}


COL1 = [f"r{r}c1" for r in range(1, 10)]
ROW4_FROM_RIGHT = [f"r4c{c}" for c in range(9, 0, -1)]


@pytest.mark.parametrize(
    ("data", "described"),
    [
        (clue_json("sandwich", "r0c1", COL1, 8), "sandwich 8 above column 1"),
        (clue_json("xsum", "r10c1", COL1[::-1], 27), "X-sum 27 below column 1"),
        (clue_json("skyscraper", "r4c10", ROW4_FROM_RIGHT, 4), "skyscraper 4 right of row 4"),
        (
            clue_json("skyscraper", "r4c0", ROW4_FROM_RIGHT[::-1], 2),
            "skyscraper 2 left of row 4",
        ),
    ],
)
def test_json_round_trip_and_description(data: dict[str, Any], described: str) -> None:
    made = constraint_from_json(data, G9)
    assert isinstance(made, OutsideClue)
    assert made.describe(G9) == described
    assert made.to_json(G9) == data
    assert constraint_from_json(made.to_json(G9), G9) == made


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        (clue_json("sandwich", "r0c1", COL1, 1), "add up to 1 (possible sums: 0, 2-33, 35)"),
        (clue_json("sandwich", "r0c1", COL1, 34), "add up to 34"),
        (clue_json("sandwich", "r0c1", COL1, 36), "add up to 36"),
        (clue_json("sandwich", "r0c1", COL1, -1), "add up to -1"),
        (clue_json("xsum", "r0c1", COL1, 2), "cannot add up to 2 (possible sums: 1, 3, 5-45)"),
        (clue_json("xsum", "r0c1", COL1, 46), "cannot add up to 46"),
        (clue_json("skyscraper", "r0c1", COL1, 0), "1-9 visible digits, not 0"),
        (clue_json("skyscraper", "r0c1", COL1, 10), "not 10"),
        (clue_json("skyscraper", "r0c1", COL1[::-1], 3), "above column 1, from r1c1 to r9c1"),
        (clue_json("sandwich", "r0c1", COL1[:8], 3), "must be the 9 cells above column 1"),
        (clue_json("xsum", "r0c2", COL1, 3), "above column 2, from r1c2 to r9c2"),
        (clue_json("xsum", "r10c10", COL1, 3), "not at a corner"),
        (clue_json("xsum", "r0c0", COL1, 3), "not at a corner"),
        (clue_json("xsum", "r1c1", COL1, 3), "must be outside the grid"),
        (clue_json("skyscraper", "r0c1", COL1, "3"), "'value' must be a whole number"),
        ({"type": "sandwich", "clue": "r0c1", "cells": COL1}, "needs a number 'sum'"),
    ],
)
def test_bad_clues_are_refused_with_one_line(data: dict[str, Any], fragment: str) -> None:
    with pytest.raises(LayoutError) as err:
        constraint_from_json(data, G9)
    text = str(err.value)
    assert fragment in text
    assert text.startswith(f"constraint {data['type']!r}: ")
    assert "\n" not in text


def test_without_a_clue_the_cells_place_it() -> None:
    data = {"type": "xsum", "cells": ROW4_FROM_RIGHT, "sum": 27}
    made = constraint_from_json(data, G9)
    assert isinstance(made, XSum)
    assert made.clue == "r4c10"
    assert made.describe(G9) == "X-sum 27 right of row 4"
    assert made == constraint_from_json(clue_json("xsum", "r4c10", ROW4_FROM_RIGHT, 27), G9)
    for cells in (COL1[:8], COL1[1:] + COL1[:1], [f"r{r}c{r}" for r in range(1, 10)]):
        with pytest.raises(LayoutError, match="must be a whole row or column"):
            constraint_from_json({"type": "sandwich", "cells": cells, "sum": 3}, G9)


def test_small_grids_accept_their_extremes() -> None:
    g4 = grid_of(4)
    col = [f"r{r}c2" for r in range(1, 5)]
    assert constraint_from_json(clue_json("sandwich", "r0c2", col, 5), g4)
    assert constraint_from_json(clue_json("xsum", "r0c2", col, 10), g4)
    with pytest.raises(LayoutError, match="possible sums: 0, 2-3, 5"):
        constraint_from_json(clue_json("sandwich", "r0c2", col, 4), g4)
    with pytest.raises(LayoutError, match="possible sums: 1, 3, 5-6, 8-10"):
        constraint_from_json(clue_json("xsum", "r0c2", col, 7), g4)


def test_check_and_deductions_name_the_clue() -> None:
    sky = Skyscraper("r0c1", column(G9, 0), 9)
    values = [0] * 81
    for r, d in enumerate([1, 2, 3, 4, 5, 6, 7, 9, 8]):
        values[G9.cell(r, 0)] = d
    assert list(sky.check(G9, values)) == [
        "the skyscraper 9 above column 1 does not hold (1,2,3,4,5,6,7,9,8)"
    ]
    values[G9.cell(7, 0)], values[G9.cell(8, 0)] = 8, 9
    assert list(sky.check(G9, values)) == []
    cands = [ALL9] * 81
    steps = list(sky.deductions(G9, cands, lambda a, b: False))
    assert len(steps) == 1
    assert steps[0].rule == "skyscraper 9 above column 1"
    assert steps[0].premise == "an empty line"
    assert (G9.cell(0, 0), 2) in steps[0].eliminations
    assert (G9.cell(0, 0), 1) not in steps[0].eliminations
    assert len(steps[0].eliminations) == 9 * 8
    # the premise names the cells that carry information: placed digits and narrowed ones
    sandwich = Sandwich("r0c1", column(G9, 0), 3)
    cands[G9.cell(1, 0)] = mask_of([1])
    cands[G9.cell(5, 0)] = mask_of([2, 3, 4])
    steps = list(sandwich.deductions(G9, cands, lambda a, b: False))
    assert len(steps) == 1
    assert steps[0].rule == "sandwich 3 above column 1"
    assert steps[0].premise == "r2c1=1, r6c1{2,3,4}"
    # with the 1 in r2c1, only r1c1 lies above it (beside: sum 0), so the 9 is below
    # with 3 between: the single 3 in r3c1 and the 9 in r4c1
    gone = set(steps[0].eliminations)
    col = column(G9, 0)
    for r in (0, 2, 3, 4, 6, 7, 8):  # r2c1 is placed, r6c1 has no 9 to lose
        assert ((col[r], 9) in gone) is (r != 3), r
        assert ((col[r], 3) in gone) is (r != 2), r
    assert {d for c, d in gone if c == col[2]} == {1, 2, 4, 5, 6, 7, 8, 9}
    assert {d for c, d in gone if c == col[5]} == {3}
    assert sandwich.holds(G9, [2, 1, 3, 9, 4, 5, 6, 7, 8])


# -- the shared variant puzzles ---------------------------------------------------------------

OURS = {"sandwich", "xsum", "skyscraper"}
ENTRIES = variant_entries(multi_cell=True)
PUZZLES = [
    (i, e)
    for i, e in enumerate(ENTRIES)
    if {c["type"] for c in e["constraints"]} & OURS
    and {c["type"] for c in e["constraints"]} <= set(REGISTRY)
]


def test_every_shared_puzzle_with_these_clues_is_covered() -> None:
    using = [e["name"] for e in ENTRIES if {c["type"] for c in e["constraints"]} & OURS]
    assert [e["name"] for _, e in PUZZLES] == using
    assert len(using) == 4  # sandwich, X-sum (two, one with whispers), skyscraper


@pytest.mark.parametrize("item", PUZZLES, ids=[f"{i:02d}-{e['name'][:24]}" for i, e in PUZZLES])
def test_shared_puzzle_has_exactly_the_published_solution(
    item: tuple[int, dict[str, Any]],
) -> None:
    _, entry = item
    puzzle = variant_puzzle(entry)
    published = digits_of(entry["solution"])
    assert puzzle.layout.violations(published) == []
    start = time.perf_counter()
    assert list(solutions(puzzle, 2)) == [published]
    assert time.perf_counter() - start < 10
