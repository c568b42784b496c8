"""The search core: compiled and interpreted give the same answers, and both agree with
the reference search, the published solutions and known solution counts."""

from __future__ import annotations

import itertools
import os
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import PUZZLES, SEED_PUZZLE, interpreted, puzzle_lines, variant_entries
from yass.constraints import (
    REGISTRY,
    AntiKing,
    AntiKnight,
    Diagonal,
    NonConsecutive,
    constraint_from_json,
)
from yass.core.board import ConflictError, Puzzle
from yass.core.geometry import Grid, PuzzleError, box_shape, char_digit
from yass.core.layout import Layout
from yass.engine import _core, fast, search
from yass.engine.compiled import compile_layout

CORE_SOURCE = Path(_core.__file__).with_name("_core.py")


def _load_interpreted() -> ModuleType:
    return interpreted(_core, "yass_core_interpreted")


PY = _load_interpreted()
ENGINES = [pytest.param(_core, id="core"), pytest.param(PY, id="interpreted")]


def values(line: str) -> tuple[int, ...]:
    return tuple(char_digit(ch) for ch in line)


def text(vals: tuple[int, ...] | None) -> str | None:
    return None if vals is None else "".join(str(v) for v in vals)


def generic_run(
    core: Any, puzzle: Puzzle, limit: int, max_nodes: int = -1
) -> tuple[int, tuple[int, ...] | None, int, int]:
    """(count, first, stop, branches) of the generic engine of ``core`` on ``puzzle``."""
    compiled = compile_layout(puzzle.layout)
    assert compiled is not None
    assert core.gen_fits(compiled)
    result: tuple[int, tuple[int, ...] | None, int, int] = core.gen_search(
        compiled, puzzle.givens, limit, max_nodes
    )
    return result


def generic(core: Any, puzzle: Puzzle, limit: int) -> tuple[int, tuple[int, ...] | None]:
    count, first, _, _ = generic_run(core, puzzle, limit)
    return count, first


def classic9(line: str) -> Puzzle:
    return Puzzle(Layout.classic(9), values(line))


def test_interpreted_module_is_the_python_source() -> None:
    assert PY.is_compiled() is False
    assert PY.__file__ == str(CORE_SOURCE)
    assert fast.is_compiled() == _core.is_compiled()


@pytest.mark.skipif(
    bool(os.environ.get("YASS_NO_EXTENSION")), reason="built without the extension on purpose"
)
def test_the_extension_is_built() -> None:
    # pip install compiles the core on this kind of machine; an interpreted-only
    # install is a build failure worth knowing about.
    assert _core.is_compiled(), (
        "yass.engine._core is running interpreted: the extension was not built"
    )


# -- classic 9x9 -------------------------------------------------------------------------

SAMPLE_FILES = sorted(
    p.name for p in PUZZLES.glob("*.txt") if not p.name.endswith("_solutions.txt")
)


@pytest.mark.parametrize("name", SAMPLE_FILES)
def test_classic_samples_agree_everywhere(name: str) -> None:
    lines = puzzle_lines(name, 12)
    for line in lines:
        compiled = _core.c9_solve_line(line)
        assert compiled is not None
        assert PY.c9_solve_line(line) == compiled
        puzzle = classic9(line)
        sol = values(compiled)
        assert puzzle.layout.check(sol)
        assert all(g in (0, v) for g, v in zip(puzzle.givens, sol, strict=True))
        assert fast.solve(puzzle) == sol
    for line in lines[:3]:
        assert text(search.solve(classic9(line))) == _core.c9_solve_line(line)


def test_kaggle_sample_matches_published_solutions() -> None:
    puzzles = puzzle_lines("kaggle_sample.txt")
    solutions = puzzle_lines("kaggle_sample_solutions.txt")
    assert len(puzzles) == len(solutions) > 0
    for line, sol in zip(puzzles, solutions, strict=True):
        assert _core.c9_solve_line(line) == sol
    for line, sol in list(zip(puzzles, solutions, strict=True))[:20]:
        assert PY.c9_solve_line(line) == sol


def test_seed_puzzle_line_forms() -> None:
    expected = _core.c9_solve_line(SEED_PUZZLE)
    assert expected is not None and expected.startswith("429516873")
    assert _core.c9_solve_line(SEED_PUZZLE.replace("0", ".")) == expected
    assert _core.c9_solve_values(SEED_PUZZLE) == values(expected)
    for bad in ("", SEED_PUZZLE[:80], SEED_PUZZLE + "1", SEED_PUZZLE[:80] + "x"):
        with pytest.raises(ValueError):
            _core.c9_solve_line(bad)
        with pytest.raises(ValueError):
            PY.c9_solve_line(bad)


@pytest.mark.parametrize("core", ENGINES)
def test_classic_counts(core: Any) -> None:
    assert core.c9_count_line("." * 81, 50) == 50
    assert core.c9_count_line(SEED_PUZZLE, 10) == 1
    # A full grid with a "deadly pattern" emptied (two rows of one band, two columns of
    # different stacks, holding a, b / b, a) has exactly two solutions.
    grid = _core.c9_solve_line(SEED_PUZZLE)
    assert grid is not None
    for r1, r2, c1, c2 in itertools.product(range(9), range(9), range(9), range(9)):
        a, b = grid[r1 * 9 + c1], grid[r1 * 9 + c2]
        if (
            r1 < r2 and r1 // 3 == r2 // 3 and c1 < c2 and c1 // 3 != c2 // 3
            and grid[r2 * 9 + c1] == b and grid[r2 * 9 + c2] == a
        ):
            holes = {r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2}
            break
    else:
        pytest.fail("no deadly pattern in the seed grid")
    line = "".join("." if i in holes else ch for i, ch in enumerate(grid))
    assert core.c9_count_line(line, 10) == 2
    assert search.count_solutions(classic9(line), 10) == 2


def test_count_matches_reference_when_givens_are_removed() -> None:
    grid = _core.c9_solve_line(SEED_PUZZLE)
    assert grid is not None
    line = "".join("." if i % 3 == 0 or i < 27 else ch for i, ch in enumerate(grid))
    expected = search.count_solutions(classic9(line), 1000)
    assert expected > 2
    assert _core.c9_count_line(line, 1000) == expected
    assert PY.c9_count_line(line, 1000) == expected
    assert _core.c9_search(values(line), 1000)[0] == expected


@pytest.mark.parametrize("core", ENGINES)
def test_classic_without_solution(core: Any) -> None:
    # Row 1 needs a 9 in r1c9, but column 9 already has one: the givens do not clash.
    line = "12345678." + "." * 36 + "........9" + "." * 27
    assert core.c9_solve_line(line) is None
    assert core.c9_count_line(line, 5) == 0
    assert fast.solve(classic9(line)) is None
    assert search.solve(classic9(line)) is None
    # Clashing givens: no solution from the core; fast.solve raises like yass.engine.search.
    clash = "11" + "." * 79
    assert core.c9_solve_line(clash) is None
    with pytest.raises(ConflictError):
        fast.solve(classic9(clash))
    with pytest.raises(ConflictError):
        search.solve(classic9(clash))


grids = st.sampled_from(puzzle_lines("kaggle_sample_solutions.txt", 30))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(grids, st.sets(st.integers(0, 80), min_size=30, max_size=60), st.integers(1, 6))
def test_random_holes_count_like_reference(grid: str, holes: set[int], limit: int) -> None:
    line = "".join("." if i in holes else ch for i, ch in enumerate(grid))
    expected = search.count_solutions(classic9(line), limit)
    assert _core.c9_count_line(line, limit) == expected
    assert PY.c9_count_line(line, limit) == expected
    found = _core.c9_solve_line(line)
    assert found is not None
    assert Layout.classic(9).check(values(found))
    assert all(ch in (".", f) for ch, f in zip(line, found, strict=True))


def _perms(pattern: int) -> list[tuple[int, ...]]:
    """The row-to-box permutations a 9-bit pattern (bit 3*row + box) allows."""
    return [
        p for p in itertools.permutations(range(3))
        if all(pattern >> (3 * r + p[r]) & 1 for r in range(3))
    ]


def test_classic_tables_match_their_definitions() -> None:
    # The interpreted module's tables are lists: check them against brute force (the
    # compiled module builds the same ones with the same code).
    for pattern in range(512):
        perms = _perms(pattern)
        assert PY.NCONF[pattern] == len(perms)
        assert bin(PY.VALID6[pattern]).count("1") == len(perms)
        single = sum(
            g << (3 * k) for k in range(3)
            if (g := pattern >> (3 * k) & 7) in (1, 2, 4)
        )
        assert PY.SINGLE3[pattern] == single
        cells = 0
        for m in range(9):
            if pattern >> m & 1:
                r, k = divmod(m, 3)
                cells |= 7 << (9 * r + 3 * k)
        assert PY.MR2CELLS[pattern] == cells
        # A digit confined to the minirows of the pattern: a cell stays when its own
        # minirow is one of them, or when none of them shares its row or its box.
        keep = 0
        for cell in range(27):
            r, k = cell // 9, cell % 9 // 3
            rows = pattern >> (3 * r) & 7
            boxes = [pattern >> (3 * q + k) & 1 for q in range(3)]
            if pattern >> (3 * r + k) & 1 or (not rows and not any(boxes)):
                keep |= 1 << cell
        assert PY.HCONF[pattern] == keep
    for x in range(1, 1 << 27, 4099):
        assert PY._ctz(x) == (x & -x).bit_length() - 1
    assert [PY._ctz(1 << i) for i in range(32)] == list(range(32))
    for pattern in range(512):
        # What PERM leaves of a pattern: the minirows of the permutations it allows.
        left = 0
        for p in _perms(pattern):
            left |= sum(1 << (3 * r + p[r]) for r in range(3))
        assert PY.PPAT[pattern] == left
    for k in range(27):
        d, b = divmod(k, 3)
        assert PY.KBAND[k] == b
        others = {PY.KOTHER[k] & 31, PY.KOTHER[k] >> 5}
        assert others == {3 * d + c for c in range(3) if c != b}


def _words(grid: list[int]) -> list[int]:
    """The 27 digit words (3*d + b) of a full grid of digits 1-9."""
    words = [0] * 27
    for cell, v in enumerate(grid):
        b, p = divmod(cell, 27)
        words[3 * (v - 1) + b] |= 1 << p
    return words


def _record(grid: list[int], givens: list[int] | None = None) -> bool:
    """Whether the interpreted core accepts ``grid`` as a solution of ``givens``."""
    words = _words(grid)
    for j in range(27):
        PY.ST9[j] = words[j]
        PY.GOWN9[j] = 0
    for cell, v in enumerate(givens or []):
        if v:
            b, p = divmod(cell, 27)
            PY.GOWN9[3 * (v - 1) + b] |= 1 << p
    vars(PY)["_nsol9"] = 1  # keep the solution of the last search
    return bool(PY._c9_record(0))


def test_a_solution_is_checked_word_by_word() -> None:
    solution = _core.c9_solve_line(SEED_PUZZLE)
    assert solution is not None
    grid = [int(ch) for ch in solution]
    assert _record(grid, list(values(SEED_PUZZLE)))
    # Two cells of a row swapped: the rows still hold every digit, the columns do not.
    swapped = grid[:]
    swapped[0], swapped[4] = swapped[4], swapped[0]
    assert not _record(swapped)
    # A Latin square (rows and columns right) whose boxes repeat digits.
    assert not _record([(r + c) % 9 + 1 for r in range(9) for c in range(9)])
    # A cyclic grid whose boxes are right but whose columns repeat across bands.
    bands = [[(3 * (r % 3) + c) % 9 + 1 for c in range(9)] for r in range(9)]
    assert not _record([v for row in bands for v in row])
    # A given the solution does not keep.
    givens = [0] * 81
    givens[0] = grid[0] % 9 + 1
    assert not _record(grid, givens)


@pytest.mark.parametrize("core", ENGINES)
def test_lines_with_other_characters_are_refused(core: Any) -> None:
    for ch in ("x", " ", "\u0661", "\u00e9", "\uff11", "\x00", "/", ":"):
        with pytest.raises(ValueError):
            core.c9_solve_line(SEED_PUZZLE[:40] + ch + SEED_PUZZLE[41:])
    assert core.c9_count_line(SEED_PUZZLE.replace("0", "."), 2) == 1


HARD_FILES = ("norvig_hardest11.txt", "norvig_top95.txt", "magictour_top1465_sample.txt")


@pytest.mark.parametrize("limit", [1, 2, 3])
def test_interpreted_and_compiled_take_the_same_tree(limit: int) -> None:
    # Configuration branching and the triad rule: the same answers and the same number
    # of branches, compiled and interpreted, and the answers the reference gives.
    lines = [ln for name in HARD_FILES for ln in puzzle_lines(name, 5)]
    lines += puzzle_lines("kaggle_sample.txt", 3)
    for line in lines:
        found = _core.c9_search(line, limit)
        assert PY.c9_search(line, limit) == found  # count, first, stop and branches
        assert _core.c9_count_line(line, limit) == found[0]
        assert found[0] == 1  # every sample has one solution
    grid = _core.c9_solve_line(SEED_PUZZLE)
    assert grid is not None
    for holes in (range(0, 81, 2), range(20, 60), range(0, 81, 3)):
        line = "".join("." if i in holes else ch for i, ch in enumerate(grid))
        expected = search.count_solutions(classic9(line), 40)
        found = _core.c9_search(line, 40)
        assert found[0] == expected
        assert PY.c9_search(line, 40) == found


def test_classic_search_branches_far_less_than_on_cells() -> None:
    # The hardest sample puzzles need a few branch points each, not dozens.
    line = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."
    count, _, _, branches = _core.c9_search(line, 2)
    assert count == 1
    assert 0 < branches <= 40
    count, _, _, branches = _core.c9_search("." * 81, 1)
    assert count == 1
    assert branches <= 40


def test_every_classic_entry_gives_the_same_solution() -> None:
    expected = _core.c9_solve_values(SEED_PUZZLE)
    assert expected is not None
    assert PY.c9_solve_values(SEED_PUZZLE) == expected
    assert _core.c9_solve_line(SEED_PUZZLE) == text(expected)
    assert _core.c9_search(values(SEED_PUZZLE), 2)[:3] == (1, expected, 0)
    assert _core.c9_search(SEED_PUZZLE, 2)[:3] == (1, expected, 0)
    assert PY.c9_search(SEED_PUZZLE, 2)[:3] == (1, expected, 0)


# -- any layout --------------------------------------------------------------------------


@pytest.mark.parametrize("size", [1, 4, 6, 9, 12, 16])
@pytest.mark.parametrize("core", ENGINES)
def test_empty_grids_of_every_size(core: Any, size: int) -> None:
    layout = Layout.classic(size)
    puzzle = Puzzle(layout, (0,) * layout.ncells)
    count, first = generic(core, puzzle, 1)
    assert count == 1 and first is not None
    assert layout.check(first)
    assert generic(_core, puzzle, 1) == (count, first)
    assert fast.solve(puzzle) is not None


@pytest.mark.parametrize("core", ENGINES)
def test_empty_4x4_has_288_solutions(core: Any) -> None:
    puzzle = Puzzle(Layout.classic(4), (0,) * 16)
    assert generic(core, puzzle, 1000)[0] == 288
    assert generic(core, puzzle, 100)[0] == 100
    assert search.count_solutions(puzzle, 1000) == 288
    assert fast.count_solutions(puzzle, 1000) == 288


def test_blank_miracle_has_72_solutions() -> None:
    # Known count (see the Miracle entry's source in variant_puzzles.json).
    layout = Layout(9, [AntiKnight(), AntiKing(), NonConsecutive()])
    assert fast.engine(layout) == fast.GENERIC
    puzzle = Puzzle(layout, (0,) * 81)
    assert fast.count_solutions(puzzle, 1000) == 72
    assert fast.count_solutions(puzzle, 10) == 10


@pytest.mark.parametrize("core", ENGINES)
def test_generic_no_solution(core: Any) -> None:
    layout = Layout.classic(4)
    # r1 needs a 4 in r1c4, but column 4 has one lower down; the givens do not clash.
    stuck = Puzzle(layout, values("123." + "...." + "...4" + "...."))
    assert generic(core, stuck, 5) == (0, None)
    assert search.count_solutions(stuck, 5) == 0
    assert fast.solve(stuck) is None
    clash = Puzzle(layout, values("1..." + "1..." + "...." + "...."))
    assert generic(core, clash, 5) == (0, None)
    with pytest.raises(ConflictError):
        fast.count_solutions(clash)


def _variant(entry: dict[str, Any]) -> tuple[Puzzle, tuple[int, ...]] | None:
    types = {c["type"] for c in entry.get("constraints", [])}
    if not types <= set(REGISTRY):
        return None
    size = entry["size"]
    shape = box_shape(size) or (0, 0)
    grid = Grid(size, shape[0], shape[1])
    try:
        layout = Layout(size, [constraint_from_json(c, grid) for c in entry["constraints"]])
    except PuzzleError:
        return None
    return Puzzle(layout, values(entry["givens"])), values(entry["solution"])


VARIANTS = [
    pytest.param(v, id=str(e["name"])[:40])
    for e in variant_entries()
    if (v := _variant(e)) is not None
]


def test_there_are_variant_samples() -> None:
    assert len(VARIANTS) >= 20


@pytest.mark.parametrize("case", VARIANTS)
def test_variant_puzzles_match_published_solutions(
    case: tuple[Puzzle, tuple[int, ...]],
) -> None:
    puzzle, solution = case
    assert fast.engine(puzzle.layout) == fast.GENERIC
    assert fast.solve(puzzle) == solution
    assert fast.count_solutions(puzzle, 3) == 1
    count, first, stop, branches = generic_run(_core, puzzle, 2)
    assert (count, first, stop) == (1, solution, 0)
    if branches <= INTERPRETED_NODES:
        assert generic_run(PY, puzzle, 2) == (1, solution, 0, branches)
    else:
        # A long search in pure Python takes many seconds: compare the two engines over
        # the first INTERPRETED_NODES branches instead (the same tree, the same stop).
        runs = [generic_run(core, puzzle, 2, INTERPRETED_NODES) for core in (_core, PY)]
        assert runs[0] == runs[1]
        assert runs[0][2] == _core.STOP_GUESSES


#: The most branches a test lets the interpreted engine take on one variant puzzle.
INTERPRETED_NODES = 3000


@pytest.mark.parametrize(
    "rules",
    [
        [AntiKnight()],
        [AntiKing(), Diagonal("main")],
        [NonConsecutive()],
    ],
    ids=["antiknight", "antiking+diagonal", "nonconsecutive"],
)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_6x6_variants_count_like_reference(rules: list[Any], data: st.DataObject) -> None:
    layout = Layout(6, rules)
    base = fast.solve(Puzzle(layout, (0,) * 36))
    if base is None:
        assert search.solve(Puzzle(layout, (0,) * 36)) is None
        return
    keep = data.draw(st.sets(st.integers(0, 35), max_size=12))
    puzzle = Puzzle(layout, tuple(v if i in keep else 0 for i, v in enumerate(base)))
    limit = data.draw(st.integers(1, 50))
    expected = search.count_solutions(puzzle, limit)
    assert generic(_core, puzzle, limit)[0] == expected
    assert generic(PY, puzzle, limit)[0] == expected


# -- the fast API --------------------------------------------------------------------------


def test_solve_many_streams_in_order() -> None:
    lines = puzzle_lines("norvig_top95.txt", 6)
    four = Puzzle(Layout.classic(4), (0,) * 16)
    puzzles: list[str | Puzzle] = [*lines[:3], classic9(lines[3]), four]
    out = list(fast.solve_many(puzzles))
    assert [text(s) for s in out[:3]] == [_core.c9_solve_line(x) for x in lines[:3]]
    assert text(out[3]) == _core.c9_solve_line(lines[3])
    assert out[4] is not None and Layout.classic(4).check(out[4])
    nosol = "12345678." + "." * 36 + "........9" + "." * 27
    assert list(fast.solve_many([nosol])) == [None]
    with pytest.raises(PuzzleError):
        list(fast.solve_many(["12x"]))


def test_solve_many_with_rules() -> None:
    layout = Layout(9, [AntiKnight(), AntiKing(), NonConsecutive()])
    miracle = next(e for e in variant_entries() if e["name"].startswith("The Miracle"))
    (out,) = fast.solve_many([miracle["givens"]], layout=layout)
    assert out == values(miracle["solution"])


def _expected_lines(lines: list[str]) -> list[str]:
    return [fast.solve_line(x) for x in lines]


def test_solve_lines_keeps_going_past_bad_lines() -> None:
    good = puzzle_lines("norvig_easy50.txt", 3)
    nosol = "12345678." + "." * 36 + "........9" + "." * 27
    lines = [good[0], "123", nosol, "11" + "." * 79, "", good[1], "." * 16, good[2] + "\n"]
    out = list(fast.solve_lines(lines))
    assert len(out) == len(lines)
    assert out[0] == _core.c9_solve_line(good[0])
    assert out[1].startswith("error: ")
    assert out[2] == fast.NO_SOLUTION
    assert out[3].startswith("error: ") and "r1c1" in out[3] and "r1c2" in out[3]
    assert out[4] == ""
    assert out[5] == _core.c9_solve_line(good[1])
    assert len(out[6]) == 16 and Layout.classic(4).check(values(out[6]))
    assert out[7] == _core.c9_solve_line(good[2])


def test_solve_lines_with_processes_keeps_order() -> None:
    lines = list(itertools.islice(itertools.cycle(puzzle_lines("norvig_top95.txt", 40)), 300))
    lines[7] = "bad line"
    out = list(fast.solve_lines(lines, processes=2, chunksize=16))
    assert out == _expected_lines(lines)


def test_fast_reloads_its_layout_after_another_load() -> None:
    four = Layout.classic(4)
    assert fast.engine(four) == fast.GENERIC
    assert fast.solve(Puzzle(four, (0,) * 16)) is not None
    six = compile_layout(Layout.classic(6))  # someone else fills the generic tables
    assert six is not None and _core.gen_fits(six)
    solution = fast.solve(Puzzle(four, (0,) * 16))
    assert solution is not None and four.check(solution)
    assert fast.count_solutions(Puzzle(four, (0,) * 16), 1000) == 288
