"""Rules over many cells in the compiled core: killer cages and renban lines as digit-set
groups, arrows, little killers, zipper and region-sum lines as linear sums, sandwich,
X-sum and skyscraper clues as layered automata.

One semantics everywhere: the compiled engine, the same module run interpreted (the
same search tree, node for node) and the reference search with the rules' Python
``propagate`` find the same solutions and counts; a filled grid meets a rule's compiled
forms exactly when it passes the rule's check.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import digits_of, variant_entries, variant_puzzle
from test_core import PY
from yass.constraints.base import Constraint, Contains, DigitSets, Form, Layered, LinearSum
from yass.constraints.lines import Between, LockoutLine, Quadruple, Renban
from yass.constraints.outside import NumberedRoom, Sandwich, Skyscraper, XSum
from yass.constraints.sums import (
    Arrow,
    DoubleArrow,
    Killer,
    LittleKiller,
    MultisumKiller,
    RegionSumLine,
    Zipper,
)
from yass.core.board import Puzzle
from yass.core.geometry import Grid, LayoutError
from yass.core.layout import Layout
from yass.engine import _core, fast, search
from yass.engine.compiled import compile_layout, rule_forms

#: Rule types with their own logic that the core runs from their compiled forms.
COMPILED_TYPES = frozenset({
    "killer", "arrow", "little_killer", "renban", "zipper", "region_sum_line", "quadruple",
    "sandwich", "xsum", "skyscraper", "multisum_killer", "double_arrow", "lockout_line",
    "numbered_room", "between",
})
#: Rule types whose own logic fits no compiled form: their puzzles take the reference.
PYTHON_TYPES: frozenset[str] = frozenset()
#: Puzzles of compiled rule types that still take the reference search (none now).
NO_FORM: frozenset[str] = frozenset()
#: Puzzles whose proof of uniqueness takes the compiled search long (none now).
SLOW_COMPILED: frozenset[str] = frozenset()


def _types(entry: dict[str, Any]) -> set[str]:
    return {c["type"] for c in entry["constraints"]}


COMPILED_ENTRIES = [
    e for e in variant_entries(multi_cell=True)
    if _types(e) & COMPILED_TYPES and not _types(e) & PYTHON_TYPES and e["name"] not in NO_FORM
]


def _param(entry: dict[str, Any]) -> Any:
    return pytest.param(entry, id=str(entry["name"])[:40])


def test_the_corpus_has_compiled_rule_puzzles() -> None:
    names = {e["name"] for e in COMPILED_ENTRIES}
    assert len(COMPILED_ENTRIES) >= 15
    for name in ("Orbit", "Hard renban 3", "CTC Tribute", "Blitz", "check_killer_9x9_1_solve",
                 "Little Killer Sudoku"):
        assert name in names


@pytest.mark.parametrize("entry", [_param(e) for e in COMPILED_ENTRIES])
def test_compiled_rules_take_the_generic_engine(entry: dict[str, Any]) -> None:
    puzzle = variant_puzzle(entry)
    assert fast.engine(puzzle.layout) == fast.GENERIC
    assert compile_layout(puzzle.layout) is not None


@pytest.mark.parametrize(
    "entry",
    [
        _param(e) for e in variant_entries(multi_cell=True)
        if _types(e) & PYTHON_TYPES or e["name"] in NO_FORM
    ],
)
def test_rules_without_a_form_take_the_reference(entry: dict[str, Any]) -> None:
    puzzle = variant_puzzle(entry)
    assert compile_layout(puzzle.layout) is None
    assert fast.engine(puzzle.layout) == fast.REFERENCE


@pytest.mark.parametrize(
    "entry", [_param(e) for e in COMPILED_ENTRIES if e["name"] not in SLOW_COMPILED]
)
def test_compiled_matches_the_published_solution(entry: dict[str, Any]) -> None:
    puzzle = variant_puzzle(entry)
    solution = digits_of(entry["solution"])
    assert fast.search(puzzle, 2) == (1, solution)
    assert fast.solve(puzzle) == solution


# The reference search's answer on the same puzzles is pinned by tests/test_variants.py
# (exactly the published solution), so compiled == published above is compiled == reference.


def _run(core: Any, puzzle: Puzzle, limit: int, max_nodes: int) -> tuple[Any, ...]:
    compiled = compile_layout(puzzle.layout)
    assert compiled is not None
    assert core.gen_fits(compiled)
    count, first, stop, branches = core.gen_search(compiled, puzzle.givens, limit, max_nodes)
    return (count, first), branches, stop


@pytest.mark.parametrize("entry", [_param(e) for e in COMPILED_ENTRIES])
def test_interpreted_takes_the_same_tree(entry: dict[str, Any]) -> None:
    # A bound keeps the interpreted run short; up to it, both runs branch alike.
    puzzle = variant_puzzle(entry)
    compiled = _run(_core, puzzle, 2, 400)
    assert _run(PY, puzzle, 2, 400) == compiled
    (count, first), _nodes, stopped = compiled
    if not stopped:
        assert (count, first) == (1, digits_of(entry["solution"]))


# -- a filled grid meets the forms exactly when it passes the rule's check ---------------------


def _meets(form: Form, values: tuple[int, ...]) -> bool:
    digits = [values[c] for c in form.cells]
    if isinstance(form, Contains):
        return digits.count(form.digit) >= form.count
    if isinstance(form, DigitSets):
        got = 0
        for d in digits:
            got |= 1 << (d - 1)
        return len(set(digits)) == len(digits) and got in form.sets
    if isinstance(form, Layered):
        size = len(form.nexts) // max(1, form.starts[-1])
        state = 0
        for d in digits:
            state = form.nexts[state * size + d - 1]
            if state < 0:
                return False
        return True
    return sum(k * d for k, d in zip(form.coefs, digits, strict=True)) == form.total


def _random_rules(rng: random.Random, grid: Grid, values: tuple[int, ...]) -> list[Constraint]:
    """Rules on random cells of a filled grid, some true of it and some not."""
    n = grid.size
    cells = list(range(grid.ncells))
    out: list[Constraint] = []
    for _ in range(3):
        k = rng.randint(1, min(4, n))
        picked = rng.sample(cells, k)
        true_sum = sum(values[c] for c in picked)
        out.append(Killer(picked, true_sum + rng.choice((0, 0, 1, -1))))
        out.append(Renban(rng.sample(cells, k)))
        line = rng.sample(cells, rng.randint(1, 4))
        out.append(LittleKiller(None, line, sum(values[c] for c in line) + rng.choice((0, 1))))
        pill = rng.sample(cells, rng.randint(2, 5))
        split = rng.randint(1, min(2, len(pill) - 1))
        out.append(Arrow(pill[:split], pill[split:]))
        out.append(Zipper(rng.sample(cells, rng.randint(2, 6))))
        out.append(RegionSumLine(rng.sample(cells, rng.randint(2, 6))))
        quad = [0, 1, n, n + 1]  # 2x2 cells of the first box
        out.append(Quadruple(quad, rng.sample(range(1, n + 1), rng.randint(1, 3))))
        loose = rng.sample(cells, 4)  # anywhere: digits may repeat, and be listed twice
        out.append(Quadruple(loose, [rng.randint(1, n) for _ in range(rng.randint(1, 4))]))
        near = true_sum + rng.choice((0, 0, 1))
        out.append(MultisumKiller(picked, [near, near + 9, max(1, near - 4)]))
        out.append(DoubleArrow(rng.sample(cells, rng.randint(3, 5))))
        out.append(LockoutLine(rng.sample(cells, rng.randint(3, 5)), rng.choice((0, 1, n - 2))))
        out.append(Between(rng.sample(cells, rng.randint(2, 5))))
        row = rng.randrange(n)
        out.append(NumberedRoom(f"r{row + 1}c0", [grid.cell(row, c) for c in range(n)],
                                rng.randint(1, n)))
    return out


def _sandwich_of(line: list[int]) -> int:
    a, b = sorted((line.index(1), line.index(len(line))))
    return sum(line[a + 1 : b])


def _seen(line: list[int]) -> int:
    seen, tallest = 0, 0
    for v in line:
        if v > tallest:
            seen, tallest = seen + 1, v
    return seen


@pytest.mark.parametrize("size", [4, 6, 9])
def test_forms_hold_exactly_when_the_rule_does(size: int) -> None:
    rng = random.Random(size)
    layout = Layout.classic(size)
    grid = layout.grid
    for _ in range(60):
        values = tuple(rng.randint(1, size) for _ in range(layout.ncells))
        for rule in _random_rules(rng, grid, values):
            forms = rule.compiled(grid)
            assert forms is not None
            broken = list(rule.check(grid, values))
            if isinstance(rule, Killer | Renban | MultisumKiller) or (  # their cells' digits differ
                isinstance(rule, Quadruple) and any(isinstance(f, DigitSets) for f in forms)
            ):
                cells = rule.cells
                if len({values[c] for c in cells}) != len(cells):
                    continue
            assert all(_meets(f, values) for f in forms) == (not broken), (rule, values)


@pytest.mark.parametrize("size", [4, 6, 9])
def test_line_clue_automata_hold_exactly_when_the_rule_does(size: int) -> None:
    # A line clue's row holds every digit once (its house), so permutations are the
    # fillings to compare on; each clue number near the true one, true or not.
    rng = random.Random(size)
    layout = Layout.classic(size)
    grid = layout.grid
    row = list(range(size))
    checked = 0
    for _ in range(150):
        perm = rng.sample(range(1, size + 1), size)
        values = tuple(perm) + (1,) * (layout.ncells - size)
        truths = {
            Sandwich: _sandwich_of(perm), XSum: sum(perm[: perm[0]]), Skyscraper: _seen(perm)
        }
        for cls, truth in truths.items():
            for value in (truth, truth + rng.choice((-2, -1, 1, 2))):
                try:
                    rule = cls(None, row, value)
                    rule.validate(grid)
                except LayoutError:
                    continue
                forms = rule.compiled(grid)
                assert forms is not None and len(forms) == 1
                assert _meets(forms[0], values) == (value == truth), (rule, perm)
                checked += 1
    assert checked > 300


def test_rules_with_python_logic_have_no_form() -> None:
    grid = Layout.classic(9).grid
    assert Between([0, 1]).compiled(grid) == ()  # no cell between the ends
    (line,) = Between([0, 1, 2]).compiled(grid) or ()
    assert isinstance(line, Layered) and line.cells == (0, 2, 1)  # the ends first
    assert rule_forms(Layout(9, [Between(list(range(17)))])) is None  # over 16 cells
    twice = Quadruple([2, 3, 11, 12], [1, 1, 5]).compiled(grid)  # across two boxes
    assert twice == (Contains((2, 3, 11, 12), 1, 2), Contains((2, 3, 11, 12), 5, 1))
    (quad,) = Quadruple([0, 1, 9, 10], [1, 2, 3]).compiled(grid) or ()
    assert isinstance(quad, DigitSets) and len(quad.sets) == 6  # one box: 4 digits differ
    (sandwich,) = Sandwich(None, list(range(9)), 10).compiled(grid) or ()
    assert isinstance(sandwich, Layered) and sandwich.cells == tuple(range(9))
    assert Killer([0, 1]).compiled(grid) == ()  # a cage without a sum is a house
    assert Constraint().compiled(grid) == ()
    cage = Killer([0, 1, 2], 6)
    assert cage.compiled(grid) == (DigitSets((0, 1, 2), (0b111,)),)
    arrow = Arrow([0, 1], [2, 3])
    assert arrow.compiled(grid) == (LinearSum((0, 1, 2, 3), (-10, -1, 1, 1), 0),)
    layout = Layout(9, [cage, Between([20, 21, 22])])
    assert fast.engine(layout) == fast.GENERIC


# -- random small grids: compiled, interpreted and reference count alike -----------------------


def _true_rules(rng: random.Random, layout: Layout, solution: tuple[int, ...]) -> list[Constraint]:
    """Cages, arrows, little killers, renban and zipper lines, line clues that the grid
    obeys."""
    grid = layout.grid
    n = layout.size
    out: list[Constraint] = []
    free = list(range(layout.ncells))
    rng.shuffle(free)
    for _ in range(rng.randint(1, 4)):  # cages: cells of different digits
        k = rng.randint(2, min(4, n))
        cage: list[int] = []
        for c in free:
            if len(cage) < k and all(solution[c] != solution[x] for x in cage):
                cage.append(c)
        free = [c for c in free if c not in cage]
        out.append(Killer(cage, sum(solution[c] for c in cage)))
    for _ in range(rng.randint(0, 2)):  # arrows: a line that adds up to its circle
        circle = rng.choice(range(layout.ncells))
        line: list[int] = []
        for c in rng.sample(range(layout.ncells), layout.ncells):
            total = sum(solution[x] for x in line)
            if c != circle and c not in line and total + solution[c] <= solution[circle]:
                line.append(c)
        if line and sum(solution[x] for x in line) == solution[circle]:
            out.append(Arrow([circle], line))
    diagonal = [r * n + r for r in range(rng.randint(2, n))]
    out.append(LittleKiller(None, diagonal, sum(solution[c] for c in diagonal)))
    for start in range(0, layout.ncells, n):  # renban: runs along a row
        row = sorted(range(start, start + n), key=lambda c: solution[c])
        k = rng.randint(2, max(2, n // 2))
        if rng.random() < 0.3:
            out.append(Renban(row[:k]))
    for _ in range(20):  # a zipper of three cells: the ends add up to the middle
        a, mid, b = rng.sample(range(layout.ncells), 3)
        if solution[a] + solution[b] == solution[mid]:
            out.append(Zipper([a, mid, b]))
            break
    for kind in (Sandwich, XSum, Skyscraper):  # a line clue on a random row or column
        if rng.random() < 0.5:
            k = rng.randrange(n)
            line = [k * n + c for c in range(n)] if rng.random() < 0.5 else [
                r * n + k for r in range(n)]
            if rng.random() < 0.5:
                line.reverse()
            digits_on = [solution[c] for c in line]
            value = {Sandwich: _sandwich_of, XSum: lambda v: sum(v[: v[0]]),
                     Skyscraper: _seen}[kind](digits_on)
            out.append(kind(None, line, value))
    for _ in range(20):  # a between line of three or four cells
        line = rng.sample(range(layout.ncells), rng.randint(3, 4))
        lo, hi = sorted((solution[line[0]], solution[line[-1]]))
        if all(lo < solution[c] < hi for c in line[1:-1]):
            out.append(Between(line))
            break
    assert all(not list(r.check(grid, solution)) for r in out)
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), size=st.sampled_from([4, 6]), data=st.data())
def test_random_small_grids_count_alike(seed: int, size: int, data: st.DataObject) -> None:
    rng = random.Random(seed)
    solution = fast.solve(Puzzle(Layout.classic(size), (0,) * (size * size)))
    assert solution is not None
    digits = list(range(1, size + 1))
    rng.shuffle(digits)
    solution = tuple(digits[v - 1] for v in solution)  # another grid of the same shape
    layout = Layout(size, _true_rules(rng, Layout.classic(size), solution))
    assert fast.engine(layout) == fast.GENERIC
    keep = data.draw(st.sets(st.integers(0, size * size - 1), max_size=size * size // 3))
    puzzle = Puzzle(layout, tuple(v if i in keep else 0 for i, v in enumerate(solution)))
    limit = data.draw(st.integers(1, 50))
    expected = search.count_solutions(puzzle, limit)
    assert expected >= 1
    assert fast.count_solutions(puzzle, limit) == expected
    compiled = _run(_core, puzzle, limit, -1)
    assert compiled[0][0] == expected
    assert _run(PY, puzzle, limit, -1) == compiled


# -- the memory of form revisions and the layout's precomputed tables ---------------------------


@pytest.mark.parametrize("core", [_core, PY], ids=["compiled", "interpreted"])
def test_remembered_revisions_take_the_same_tree(core: Any) -> None:
    # The second search of a layout meets the cages' and sums' states the first one
    # remembered; replayed, they narrow as the revisions did, so the search takes the same
    # branches and finds the same first solution (also when there are several).
    rng = random.Random(7)
    for size in (4, 6):
        solution = fast.solve(Puzzle(Layout.classic(size), (0,) * (size * size)))
        assert solution is not None
        layout = Layout(size, _true_rules(rng, Layout.classic(size), solution))
        compiled = compile_layout(layout)
        assert compiled is not None and core.gen_fits(compiled)
        for keep in (set(), set(rng.sample(range(size * size), size))):
            givens = tuple(v if i in keep else 0 for i, v in enumerate(solution))
            cold = core.gen_search(compiled, givens, 50)
            warm = core.gen_search(compiled, givens, 50)
            assert warm == cold
            assert cold[0] == search.count_solutions(Puzzle(layout, givens), 50)


@pytest.mark.parametrize("name", ["stress-0048-mixed", "stress-0042-mixed"])
def test_remembered_line_automata_take_the_same_tree(name: str) -> None:
    # The sandwich lines' forward and backward passes are remembered by their cells'
    # candidates: the interpreted core (which remembers them the same way) and the
    # compiled one take the same branches, and a second search of the layout, which
    # meets the remembered states, takes them again.
    import json
    from pathlib import Path

    from yass.formats import puzzle_from_json

    path = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "variant_stress.json"
    entry = next(e for e in json.loads(path.read_text()) if e["name"] == name)
    puzzle = puzzle_from_json(entry)
    assert sum(c["type"] == "sandwich" for c in entry["constraints"]) >= 3
    compiled = compile_layout(puzzle.layout)
    assert compiled is not None and compiled.ystart[-1] > 0
    cold = _core.gen_search(compiled, puzzle.givens, 2)
    assert cold[0] == 1 and cold[3] > 0
    assert cold[1] is not None and puzzle.layout.check(cold[1])
    assert "".join(map(str, cold[1])) == entry["solution"]
    assert _core.gen_search(compiled, puzzle.givens, 2) == cold
    assert PY.gen_search(compiled, puzzle.givens, 2) == cold


def test_house_intersections_of_the_classic_layout() -> None:
    compiled = compile_layout(Layout(9, [Killer([0, 1], 3)]))
    assert compiled is not None
    # Each row and each column meets three boxes in three cells each.
    assert len(compiled.istart) - 1 == 3 * 54
    for k in range(54):
        shared = compiled.icells[compiled.istart[3 * k] : compiled.istart[3 * k + 1]]
        first = compiled.icells[compiled.istart[3 * k + 1] : compiled.istart[3 * k + 2]]
        second = compiled.icells[compiled.istart[3 * k + 2] : compiled.istart[3 * k + 3]]
        assert len(shared) == 3 and len(first) == len(second) == 6
        assert not set(shared) & set(first) and not set(shared) & set(second)
        # each house's other cells are the shared cells of two other pairs of that house
        ip = compiled.ipstart
        for other, parts in ((first, compiled.iparts[ip[2 * k] : ip[2 * k + 1]]),
                             (second, compiled.iparts[ip[2 * k + 1] : ip[2 * k + 2]])):
            assert len(parts) == 2 and k not in parts
            union = [c for j in parts
                     for c in compiled.icells[compiled.istart[3 * j] : compiled.istart[3 * j + 1]]]
            assert sorted(union) == sorted(other)


def test_house_intersections_of_irregular_regions() -> None:
    # A house's other cells that no other pairs' shared cells make up exactly are read
    # cell by cell (-1); the compiled search still counts as the reference does.
    entries = [e for e in variant_entries(multi_cell=True)
               if any(c["type"] in ("regions", "jigsaw") for c in e["constraints"])]
    if not entries:
        pytest.skip("no irregular-region puzzle in the corpus")
    seen_fallback = False
    for entry in entries[:3]:
        puzzle = variant_puzzle(entry)
        compiled = compile_layout(puzzle.layout)
        if compiled is None:
            continue
        assert len(compiled.ipstart) == 2 * (len(compiled.istart) - 1) // 3 + 1
        seen_fallback |= -1 in compiled.iparts
        assert fast.count_solutions(puzzle, 2) == search.count_solutions(puzzle, 2)
    assert seen_fallback


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), size=st.sampled_from([4, 6]), data=st.data())
def test_relations_only_count_alike(seed: int, size: int, data: st.DataObject) -> None:
    # Without compiled forms the core may branch on a digit's two places in a house.
    from yass.constraints.pairs import Difference, Thermo

    rng = random.Random(seed)
    solution = fast.solve(Puzzle(Layout.classic(size), (0,) * (size * size)))
    assert solution is not None
    rules: list[Constraint] = []
    for _ in range(rng.randint(1, 6)):  # two- and three-cell thermometers the grid obeys
        cells = sorted(rng.sample(range(size * size), rng.randint(2, 3)),
                       key=lambda c: solution[c])
        if len({solution[c] for c in cells}) == len(cells):
            rules.append(Thermo(cells))
    for _ in range(rng.randint(0, 3)):  # white dots between orthogonal neighbours
        a = rng.randrange(size * size - 1)
        if a % size != size - 1 and abs(solution[a] - solution[a + 1]) == 1:
            rules.append(Difference(a, a + 1, 1))
    layout = Layout(size, rules)
    assert fast.engine(layout) == fast.GENERIC
    keep = data.draw(st.sets(st.integers(0, size * size - 1), max_size=size))
    puzzle = Puzzle(layout, tuple(v if i in keep else 0 for i, v in enumerate(solution)))
    limit = data.draw(st.integers(1, 200))
    expected = search.count_solutions(puzzle, limit)
    assert expected >= 1
    compiled = _run(_core, puzzle, limit, -1)
    assert compiled[0][0] == expected
    assert _run(PY, puzzle, limit, -1) == compiled


# -- the exact support of a small sum (``_g_enum``) against every filling -----------------------


def _fillings(
    cands: list[int], coefs: list[int], apart: list[int], total: int
) -> list[tuple[int, ...]]:
    """Every filling (digits) of a sum: one candidate a term, terms that see each other
    different, the coefficients times the digits adding up to ``total``."""
    out: list[tuple[int, ...]] = []

    def walk(pos: int, acc: int, chosen: tuple[int, ...]) -> None:
        if pos == len(cands):
            if acc == total:
                out.append(chosen)
            return
        for d in range(1, 10):
            if cands[pos] >> (d - 1) & 1 and not any(
                apart[pos] >> j & 1 and chosen[j] == d for j in range(pos)
            ):
                walk(pos + 1, acc + coefs[pos] * d, (*chosen, d))

    walk(0, 0, ())
    return out


def test_sum_enumeration_finds_the_exact_support() -> None:
    # ``_g_enum`` (the core's source, run interpreted) passes over branches that can only
    # find supports again; what it keeps is still every digit some filling uses, and the
    # digits every filling uses (0 when each candidate has a filling).
    rng = random.Random(11)
    vars(PY).update(_gn=9, _gall=511)  # a 9x9 grid's digits
    ran = 0
    for _ in range(1500):
        n = rng.randint(1, 6)
        cands = [rng.randint(1, 511) for _ in range(n)]
        coefs = [rng.choice((1, 1, 1, -1, 2)) for _ in range(n)]
        sees = [[j != i and rng.random() < 0.4 for j in range(n)] for i in range(n)]
        apart = [sum(1 << j for j in range(n) if sees[i][j] or sees[j][i]) for i in range(n)]
        picked = [rng.choice([d for d in range(1, 10) if m >> (d - 1) & 1]) for m in cands]
        total = sum(k * d for k, d in zip(coefs, picked, strict=True)) + rng.choice((0, 0, 1))
        for j in range(n):
            PY.GC[j] = cands[j]
            PY.GD_CELL[j] = j
            PY.GD_COEF[j] = coefs[j]
            PY.GD_APART[j] = apart[j]
        r = PY._g_enum(0, n, total)
        fills = _fillings(cands, coefs, apart, total)
        if r == 0:  # gave up: too many combinations or nodes
            continue
        ran += 1
        if not fills:
            assert r == -1
            continue
        assert r == 1
        support = [0] * n
        need = 511
        for f in fills:
            used = 0
            for j, d in enumerate(f):
                support[j] |= 1 << (d - 1)
                used |= 1 << (d - 1)
            need &= used
        assert [PY.GD_SUP[j] for j in range(n)] == support
        assert PY._gneed == (0 if support == cands else need)
    assert ran > 1000


def test_sum_reach_finds_the_support_with_repeats() -> None:
    # ``_g_reach`` (interpreted source): with digits free to repeat, each term keeps the
    # digits of some filling; sums whose values (from each term's least candidate) span
    # one 64-bit word and several take different paths, with the same outcome.
    rng = random.Random(12)
    vars(PY).update(_gn=9, _gall=511)
    words = set()
    for _ in range(600):
        n = rng.randint(1, 7)
        cands = [rng.randint(1, 511) if n < 5 else rng.choice((3, 5, 48, 130, 273, 400))
                 for _ in range(n)]
        coefs = [rng.choice((1, 1, 1, -1, 2, 3, 4)) for _ in range(n)]
        spans = [m.bit_length() - (m & -m).bit_length() for m in cands]  # top - least digit
        words.add(sum(abs(k) * w for k, w in zip(coefs, spans, strict=True)) >> 6)
        picked = [rng.choice([d for d in range(1, 10) if m >> (d - 1) & 1]) for m in cands]
        total = sum(k * d for k, d in zip(coefs, picked, strict=True)) + rng.choice((0, 0, 1))
        for j in range(n):
            PY.GC[j] = cands[j]
            PY.GD_CELL[j] = j
            PY.GD_COEF[j] = coefs[j]
        r = PY._g_reach(0, n, total)
        fills = _fillings(cands, coefs, [0] * n, total)
        if not fills:
            assert r == -1
            continue
        assert r == 1
        support = [0] * n
        for f in fills:
            for j, d in enumerate(f):
                support[j] |= 1 << (d - 1)
        assert [PY.GD_SUP[j] for j in range(n)] == support
    assert {0, 1} <= words  # sums in one word and in two
