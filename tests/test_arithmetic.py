"""Innies and outies (technique ``io``): the 45 rule over houses and unions of houses.

Constructed boards whose deduction is known by reasoning, cases that must not fire,
and soundness: every equation holds on the published solutions of the variant
corpus, and no step removes the true digit, on random killer boards and along a walk
through every corpus puzzle that declares sums.
"""

from __future__ import annotations

import random
from itertools import islice
from typing import Any

import pytest

from conftest import digits_of, variant_entries, variant_puzzle
from yass.constraints import Arrow, Constraint, Killer, LittleKiller
from yass.core.board import Board, Puzzle
from yass.core.layout import Layout
from yass.core.step import Step
from yass.logic.solver import apply_step, next_step
from yass.logic.techniques import get_techniques
from yass.logic.techniques.arithmetic import MOST, InniesOuties, equations, regions

N = 9


def pattern_grid() -> list[int]:
    """A valid 9x9 grid: row r is 1..9 shifted by 3r + r//3 (rows 1-2: 1..9, 4..9,1..3)."""
    return [(r * 3 + r // 3 + c) % 9 + 1 for r in range(9) for c in range(9)]


def cell(name: str) -> int:
    r, c = int(name[1]), int(name[3])
    return (r - 1) * N + c - 1


def cage(solution: list[int], *names: str) -> Killer:
    """A killer cage over ``names`` whose sum agrees with ``solution``."""
    cells = [cell(n) for n in names]
    return Killer(cells, sum(solution[c] for c in cells))


def board_of(rules: list[Constraint], **cands: str) -> Board:
    """An empty board of ``rules``; ``cands`` (``r1c9="89"``) narrows cells."""
    board = Puzzle(Layout(N, rules), (0,) * (N * N)).board()
    for name, digits in cands.items():
        for d in range(1, N + 1):
            if str(d) not in digits:
                board.eliminate(cell(name), d)
    return board


def steps_of(board: Board) -> list[Step]:
    before = board.cands[:]
    found = list(InniesOuties().find(board))
    assert board.cands == before, "find() changed the board"
    return found


def assert_sound(steps: list[Step], solution: list[int]) -> None:
    for step in steps:
        for c, d in step.eliminations:
            assert solution[c] != d, step.explanation


# -- the regions ------------------------------------------------------------------------


def test_regions_of_a_nine_by_nine_grid() -> None:
    lay = Layout(9)
    found = regions(lay)
    names = [r.name for r in found]
    # 27 houses, 36 runs of rows (rows 1-9 named "the grid"), 35 new runs of columns,
    # 16 rectangles of boxes that are not runs of whole bands or stacks.
    assert len(found) == 27 + 36 + 35 + 16
    assert len({r.mask for r in found}) == len(found)
    for want in ("row 1", "column 9", "box 5", "rows 1-2", "columns 4-6", "boxes 1-2",
                 "boxes 1,2,4,5", "boxes 2,5", "the grid"):
        assert want in names
    for region in found:
        masks = [lay.houses[h].mask for h in region.houses]
        union = 0
        for m in masks:
            assert not union & m  # the houses are disjoint
            union |= m
        assert union == region.mask
        assert region.total == 45 * len(region.houses)


def test_regions_without_boxes_are_houses_and_line_runs() -> None:
    lay = Layout(6)
    names = {r.name for r in regions(lay)}
    # 2x3 boxes: boxes 1-2 are rows 1-2 (named so); boxes 1,3 a stack's section.
    assert {"rows 1-2", "columns 3-6", "boxes 1,3", "boxes 3,5", "the grid"} <= names
    assert "boxes 1-2" not in names
    assert all(r.total == 21 * len(r.houses) for r in regions(lay))


# -- constructed deductions ---------------------------------------------------------------


def _domino_steps() -> list[Step]:
    """The path on the pattern grid with a vertical two-cell cage on rows 1-2 in every
    column but 3 (checked sound against the grid)."""
    sol = pattern_grid()
    rules: list[Constraint] = [
        cage(sol, f"r1c{c}", f"r2c{c}") for c in (1, 2, 4, 5, 6, 7, 8, 9)
    ]
    steps = steps_of(board_of(rules))
    assert_sound(steps, sol)
    return steps


def test_innies_of_two_rows() -> None:
    # Vertical dominoes cover rows 1-2 except column 3: neither row alone has few
    # leftover cells, but together r1c3 + r2c3 = 90 - (the dominoes) = 3 + 6 = 9, two
    # different digits (same column): 9 is out.
    steps = _domino_steps()
    (step,) = [s for s in steps if s.notation.startswith("Innies and Outies: r12:")]
    assert step.notation == (
        "Innies and Outies: r12: innies r1c3+r2c3 = 9 => r1c3,r2c3<>9"
    )
    assert step.explanation.startswith(
        "Rows 1-2 add up to 90; the sums inside them (5+7+11+13+15+8+10+12 = 81)"
        " leave r12c3, so r1c3+r2c3 = 9; the digits can only be {1,8}|{2,7}|{3,6}|{4,5}"
    )
    assert "so r1c3+r2c3 = 9" in step.explanation
    assert step.explanation.endswith("r1c3 can't be 9; r2c3 can't be 9")
    assert set(step.cells) == {cell("r1c3"), cell("r2c3")}
    assert len(step.houses) == 2


def test_digits_every_combination_holds_leave_the_cells_that_see_them() -> None:
    # The same dominoes: box 1 leaves r1c3,r2c3,r3c1-3 = 45 - 5 - 7 = 33, which is
    # {3,6,7,8,9} or {4,5,7,8,9}: 7, 8 and 9 are in those five cells, so the dominoes of
    # box 1 (r1c1,r2c1 and r1c2,r2c2, which see all five) hold none of them.
    steps = _domino_steps()
    (step,) = [s for s in steps if s.notation.startswith("Innies and Outies: b1:")]
    assert step.notation.startswith(
        "Innies and Outies: b1: innies r1c3+r2c3+r3c1+r3c2+r3c3 = 33 {3,6,7,8,9}|{4,5,7,8,9}"
    )
    dominoes = {cell(n) for n in ("r1c1", "r1c2", "r2c1", "r2c2")}
    assert {(c, d) for c, d in step.eliminations if c in dominoes} == {
        (c, d) for c in dominoes for d in (7, 8, 9)
    }
    assert "; 7 must be in r1c3,r2c3,r3c1,r3c2,r3c3, so r1c1 can't be 7;" in step.explanation


def test_innie_is_outie_plus_k() -> None:
    # Row 1: cages 10 (r1c1-4) and 18 (r1c5-7) inside, cage 10 on r1c8+r2c8 crossing:
    # r1c9 - r2c8 = 45 - 38 = 7. With r1c9 down to {8,9}, r2c8 is 1 or 2.
    sol = pattern_grid()
    rules: list[Constraint] = [
        cage(sol, "r1c1", "r1c2", "r1c3", "r1c4"),
        cage(sol, "r1c5", "r1c6", "r1c7"),
        cage(sol, "r1c8", "r2c8"),
    ]
    board = board_of(rules, r1c8="89", r1c9="89")
    steps = steps_of(board)
    assert_sound(steps, sol)
    (step,) = [s for s in steps if "r1c9-r2c8" in s.notation]
    assert step.notation == (
        "Innies and Outies: r1: innies-outies r1c9-r2c8 = 7 => r2c8<>3,4,5,6,7,8,9"
    )
    assert "(r1c9 is r2c8 plus 7)" in step.explanation
    assert "stick out by r2c8" in step.explanation
    # Once r2c8 is narrowed, the difference gives r1c9 nothing more.
    for d in range(3, 10):
        board.eliminate(cell("r2c8"), d)
    assert not [s for s in steps_of(board) if "r1c9-r2c8" in s.notation]


def test_placed_digits_move_to_the_total() -> None:
    # Row 1: cage 15 (r1c1-5) leaves r1c6-9 = 30; with r1c6=6 and r1c7=7 placed,
    # r1c8 + r1c9 = 17: 8 and 9.
    sol = pattern_grid()
    rules: list[Constraint] = [cage(sol, "r1c1", "r1c2", "r1c3", "r1c4", "r1c5")]
    board = board_of(rules)
    board.place(cell("r1c6"), 6)
    board.place(cell("r1c7"), 7)
    steps = [s for s in steps_of(board) if s.notation.startswith("Innies and Outies: r1:")]
    (step,) = steps
    assert step.notation.startswith("Innies and Outies: r1: innies r1c8+r1c9 = 17 {8,9} => ")
    assert "with r1c6=6 and r1c7=7 placed, r1c8+r1c9 = 17" in step.explanation
    assert {c for c, _ in step.eliminations} == {cell("r1c8"), cell("r1c9")}
    assert {d for _, d in step.eliminations} == {1, 2, 3, 4, 5}  # 6, 7 are placed in row 1
    # r1c8,r1c9 are now a naked pair {8,9}: the rest of row 1 is left to the subsets.


def test_an_arrow_line_inside_a_row_is_its_circle() -> None:
    # Row 1: cage 33 on r1c3-8, arrow r2c9 <- r1c1,r1c2. Row 1 = 45, so
    # r1c9 + (r1c1 + r1c2) = 12, and r1c1 + r1c2 = r2c9: r1c9 + r2c9 = 12 in column 9.
    sol = pattern_grid()
    rules: list[Constraint] = [
        cage(sol, "r1c3", "r1c4", "r1c5", "r1c6", "r1c7", "r1c8"),
        Arrow([cell("r2c9")], [cell("r1c1"), cell("r1c2")]),
    ]
    steps = steps_of(board_of(rules))
    assert_sound(steps, sol)
    (step,) = [s for s in steps if s.notation.startswith("Innies and Outies: r1:")]
    assert step.notation == (
        "Innies and Outies: r1: innies-outies r1c9+r2c9 = 12 {3,9}|{4,8}|{5,7}"
        " => r1c9,r2c9<>1,2,6"
    )
    assert "(33; arrow r1c1+r1c2 = r2c9) leave r1c9 and bring in r2c9" in step.explanation


def test_outies_of_a_box_with_a_little_killer() -> None:
    # Box 1 is covered by a cage of 8 cells (r1-3c1-3 but r3c3) and... the little killer
    # r3c3,r4c4 (repeats allowed) crossing it: r4c4 = 45 - 40 - x? Use the numbers of the
    # pattern grid: the outie r4c4 is what sticks out.
    sol = pattern_grid()
    box = ["r1c1", "r1c2", "r1c3", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2"]
    diagonal = [cell("r3c3"), cell("r4c4")]
    rules: list[Constraint] = [
        cage(sol, *box),
        LittleKiller(None, diagonal, sum(sol[c] for c in diagonal)),
    ]
    steps = steps_of(board_of(rules))
    assert_sound(steps, sol)
    (step,) = [s for s in steps if s.notation.startswith("Innies and Outies: b1: outies")]
    outie = sol[cell("r4c4")]
    assert step.notation.startswith(
        f"Innies and Outies: b1: outies r4c4 = {outie} {{{outie}}} => r4c4<>"
    )
    assert {d for _, d in step.eliminations} == set(range(1, 10)) - {outie}


# -- cases that must not fire ----------------------------------------------------------------


def test_cages_without_sums_declare_nothing() -> None:
    cells = [cell(f"r1c{c}") for c in range(1, 5)]
    board = board_of([Killer(cells, None)])
    assert equations(board.layout) == ()
    assert steps_of(board) == []


def test_a_union_needs_a_sum_in_every_house() -> None:
    # One cage in row 1: rows 1-2 would only add row 2's 45 to both sides.
    sol = pattern_grid()
    lay = Layout(N, [cage(sol, "r1c1", "r1c2", "r1c3", "r1c4", "r1c5")])
    names = {eq.region.name for eq in equations(lay)}
    assert "row 1" in names
    assert "rows 1-2" not in names
    assert "the grid" not in names


def test_nothing_to_say_once_the_innies_are_narrowed() -> None:
    sol = pattern_grid()
    rules: list[Constraint] = [
        cage(sol, f"r1c{c}", f"r2c{c}") for c in (1, 2, 4, 5, 6, 7, 8, 9)
    ]
    board = board_of(rules, r1c3="12345678", r2c3="12345678")
    assert not [s for s in steps_of(board) if s.notation.startswith("Innies and Outies: r12:")]


def test_too_many_open_cells_is_left_alone() -> None:
    # Row 1 with a cage 1+2 leaves 7 innies adding up to 42 (so 3..9), but the technique
    # reasons about at most MOST open cells at once: the hidden subset is left to the
    # subset techniques. With one more cell of the row placed it does fire.
    assert MOST == 6
    sol = pattern_grid()
    board = board_of([cage(sol, "r1c1", "r1c2")])
    assert [s for s in steps_of(board) if "r1:" in s.notation] == []
    board.place(cell("r1c9"), 9)
    (step,) = [s for s in steps_of(board) if "r1:" in s.notation]
    assert step.notation.startswith("Innies and Outies: r1: innies r1c3+r1c4+r1c5+r1c6+r1c7"
                                    "+r1c8 = 33 {3,4,5,6,7,8} => ")


# -- soundness ----------------------------------------------------------------------------------

SUM_TYPES = {"killer", "little_killer", "arrow", "zipper", "region_sum_line"}
ENTRIES = [
    e for e in variant_entries(multi_cell=True)
    if {c["type"] for c in e["constraints"]} & SUM_TYPES
]


def test_corpus_has_puzzles_with_sums() -> None:
    types = {c["type"] for e in ENTRIES for c in e["constraints"]}
    assert {"killer", "little_killer", "arrow"} <= types
    assert len(ENTRIES) >= 10


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"][:40] for e in ENTRIES])
def test_every_equation_holds_on_the_published_solution(entry: dict[str, Any]) -> None:
    puzzle = variant_puzzle(entry)
    solution = digits_of(entry["solution"])
    for eq in equations(puzzle.layout):
        got = sum(k * solution[c] for c, k in eq.terms)
        assert got == eq.total, (eq.region.name, eq.terms, eq.total)


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"][:40] for e in ENTRIES])
def test_no_step_removes_the_true_digit_along_a_walk(entry: dict[str, Any]) -> None:
    """Walk with singles, intersections, rule logic and innies/outies, placing the true
    digit of a cell when they are stuck; every io step is checked at every third state
    and whenever logic is stuck, the first few at the others (a full list at every
    state of a killer puzzle costs seconds)."""
    puzzle = variant_puzzle(entry)
    solution = list(digits_of(entry["solution"]))
    ladder = get_techniques("fh,ns,hs,ic,rc,rl,io")
    (io,) = get_techniques("io")
    board = puzzle.board()
    state = 0
    while not board.is_solved():
        state += 1
        hint = next_step(board, ladder)
        every = state % 3 == 0 or hint is None
        steps = list(io.find(board) if every else islice(io.find(board), 3))
        assert_sound(steps, solution)
        step = hint
        if step is None:
            open_cells = [c for c in range(len(solution)) if not board.values[c]]
            c = min(open_cells, key=lambda x: board.cands[x].bit_count())
            board.place(c, solution[c])
            continue
        assert apply_step(board, step) is None
    assert board.values == solution


def _shuffled_grid(rng: random.Random) -> list[int]:
    """A random valid grid: the pattern grid with digits, bands, stacks, rows in a band
    and columns in a stack shuffled."""
    digits = list(range(1, 10))
    rng.shuffle(digits)
    bands = rng.sample(range(3), 3)
    stacks = rng.sample(range(3), 3)
    rows = [b * 3 + r for b in bands for r in rng.sample(range(3), 3)]
    cols = [s * 3 + c for s in stacks for c in rng.sample(range(3), 3)]
    base = pattern_grid()
    return [digits[base[r * 9 + c] - 1] for r in rows for c in cols]


def _random_cages(rng: random.Random, solution: list[int]) -> list[Constraint]:
    """Cages grown from random cells (sizes 1-5, different digits), most with a sum."""
    free = set(range(81))
    out: list[Constraint] = []
    while free:
        start = rng.choice(sorted(free))
        cells = [start]
        free.discard(start)
        want = rng.randint(1, 5)
        while len(cells) < want:
            options = sorted({
                n for c in cells for n in (c - 9, c + 9, c - 1 if c % 9 else -1,
                                           c + 1 if c % 9 != 8 else -1)
                if n in free and solution[n] not in {solution[x] for x in cells}
            })
            if not options:
                break
            pick = rng.choice(options)
            cells.append(pick)
            free.discard(pick)
        total = sum(solution[c] for c in cells) if rng.random() < 0.8 else None
        out.append(Killer(cells, total))
    return out


def test_random_killer_boards_never_lose_the_true_digit() -> None:
    rng = random.Random(8)
    fired = 0
    for _ in range(30):
        solution = _shuffled_grid(rng)
        board = Puzzle(Layout(N, _random_cages(rng, solution)), (0,) * 81).board()
        for c in range(81):
            if rng.random() < 0.45:
                board.place(c, solution[c])
                continue
            for d in range(1, 10):
                if d != solution[c] and rng.random() < 0.4:
                    board.eliminate(c, d)
        for eq in equations(board.layout):
            assert sum(k * solution[c] for c, k in eq.terms) == eq.total
        steps = steps_of(board)
        fired += len(steps)
        assert_sound(steps, solution)
        for step in steps:
            assert step.notation.startswith("Innies and Outies: ")
            assert " => " in step.notation
            assert step.houses and step.cells
    assert fired > 15  # the boards do give the technique work
