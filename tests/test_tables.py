"""The compiled loops that read a layout for the engine and check its solutions
(``yass.engine._tables``), against the Python they replace.

``compiled._flatten`` and ``compiled.house_sums`` call ``_tables`` when it is compiled,
and ``fast._verified`` checks each solution's houses, pairs, relations and masks with
``_tables.grid_ok``. Each is compared here, on the variant corpus and a sample of the
benchmark's stress set, with the Python path (``_FAST`` off) and with ``_tables`` run
interpreted: the same tables, the same sums, the same verdicts.
"""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from conftest import interpreted, variant_entries
from yass.core.layout import Layout
from yass.engine import _tables, compiled, fast
from yass.engine.compiled import compile_layout, house_sums
from yass.formats import clear_caches, puzzle_from_json

STRESS = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "variant_stress.json"


def _entries() -> list[dict[str, Any]]:
    stress: list[dict[str, Any]] = json.loads(STRESS.read_text())
    return variant_entries(multi_cell=True) + stress[::9]


ENTRIES = _entries()


@pytest.fixture(scope="module")
def plain_tables() -> ModuleType:
    return interpreted(_tables, "yass_tables_interpreted")


def _layout(entry: dict[str, Any]) -> Layout:
    clear_caches()
    return puzzle_from_json(entry, check=False).layout


def _sums(layout: Layout) -> list[tuple[tuple[int, ...], tuple[int, ...], int]]:
    return [(s.cells, s.coefs, s.total) for s in house_sums(layout)]


def test_the_loops_are_compiled_where_the_others_are() -> None:
    # built by setup.py beside the other kernels: a build that compiled those and not
    # this one would read every puzzle the slow way
    from yass.engine import _core

    assert _tables.is_compiled() == _core.is_compiled()


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: str(e["name"])[:30])
def test_compiled_tables_equal_the_python_ones(
    entry: dict[str, Any], plain_tables: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = repr(compile_layout(_layout(entry)))
    sums = _sums(_layout(entry))
    monkeypatch.setattr(compiled, "_FAST", False)
    assert repr(compile_layout(_layout(entry))) == made
    assert _sums(_layout(entry)) == sums
    # the same loops run by Python, in the same calls
    monkeypatch.setattr(compiled, "_FAST", True)
    monkeypatch.setattr(compiled, "_tables", plain_tables)
    assert repr(compile_layout(_layout(entry))) == made
    assert _sums(_layout(entry)) == sums


def _grids(entry: dict[str, Any], layout: Layout, rng: random.Random) -> list[tuple[int, ...]]:
    """The solution and grids a step or two from it: two cells swapped, a digit
    changed, two cells of a row swapped (a house stays whole)."""
    solution = tuple(int(ch, 36) for ch in entry["solution"])
    out = [solution]
    n = layout.size
    for k in range(24):
        grid = list(solution)
        i, j = rng.randrange(len(grid)), rng.randrange(len(grid))
        if k % 3 == 0:
            grid[i], grid[j] = grid[j], grid[i]
        elif k % 3 == 1:
            grid[i] = rng.randint(1, n)
        else:
            row = rng.randrange(n) * n
            a, b = rng.sample(range(n), 2)
            grid[row + a], grid[row + b] = grid[row + b], grid[row + a]
        out.append(tuple(grid))
    return out


@pytest.mark.parametrize("entry", ENTRIES[::2], ids=lambda e: str(e["name"])[:30])
def test_a_solution_is_checked_as_layout_check_does(
    entry: dict[str, Any], plain_tables: ModuleType
) -> None:
    if not entry.get("solution") or "." in entry["solution"]:
        pytest.skip("no complete solution")
    puzzle = puzzle_from_json(entry, check=False)
    layout = puzzle.layout
    rng = random.Random(str(entry["name"]))
    broken = 0
    for grid in _grids(entry, layout, rng):
        want = layout.check(grid)
        broken += not want
        tables = (layout.cell_masks, layout.houses, layout.extra_pairs, layout.arcs)
        for kernel in (_tables, plain_tables):
            assert (kernel.grid_ok(grid, layout.size, *tables) and layout.rules_hold(grid)) == want
        kept = all(g == 0 or g == v for g, v in zip(puzzle.givens, grid, strict=True))
        assert fast._verified(puzzle, grid) == (want and kept)
    assert broken  # some of the changed grids break a rule


def test_a_layout_pickles_before_and_after_its_tables_are_made() -> None:
    entry = next(e for e in ENTRIES if any(c["type"] == "killer" for c in e["constraints"]))
    layout = _layout(entry)
    fresh = pickle.loads(pickle.dumps(layout))
    assert "peer_lists" not in vars(fresh)  # made when first read ...
    assert fresh.peer_lists == layout.peer_lists  # ... the same tables
    assert fresh.cell_houses == layout.cell_houses
    again = pickle.loads(pickle.dumps(layout))
    assert again.peer_lists == layout.peer_lists and again.cell_houses == layout.cell_houses


def test_a_group_that_adds_peers_is_flattened_as_the_python_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a digit-set group whose cells are not yet peers (not a house of the layout): the
    # compiled loops hand it back to the Python, which adds the peers (after each
    # cell's own) and makes the slow thermometer between two of them strict
    from yass.constraints.base import DigitSets, LinearSum
    from yass.constraints.pairs import SlowThermo
    from yass.constraints.sums import killer_combinations

    layout = Layout(9, [SlowThermo([2, 12])])
    assert layout.arcs[2][0][1][4] >> 4 & 1  # 5 beside 5 allowed on its own
    assert not layout.sees(2, 12)
    group = DigitSets((2, 12, 80), killer_combinations(9, 3, 15))

    def flat() -> str:
        return repr(compiled._flatten(
            9, None, [h.cells for h in layout.full_houses], layout.arcs, layout.cell_masks,
            [group], [LinearSum((2, 12, 40), (1, 1, -1), 4)], [], [], layout.peers,
            arcs_strict=True,
        ))

    made = flat()
    monkeypatch.setattr(compiled, "_FAST", False)
    assert flat() == made
    table = compiled._flatten(
        9, None, [], layout.arcs, layout.cell_masks, [group], [], [], [], layout.peers,
        arcs_strict=True)
    strict = table.tables[16 * table.atab[0]: 16 * table.atab[0] + 9]
    assert all(not row >> d & 1 for d, row in enumerate(strict))  # equal digits refused
    assert table.peers[table.pstart[2 + 1] - 2:table.pstart[2 + 1]] == (12, 80)
