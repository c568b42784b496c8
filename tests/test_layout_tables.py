"""A layout's tables and its compiled form, checked against plain recomputations.

``Layout`` starts from the grid's standard houses and changes only the cells a rule
reaches; ``compile_layout`` keeps what depends on the geometry alone across puzzles and
skips making a layout's arcs strict twice. Each shortcut is checked here against the
tables worked out the long way, on the variant corpus and a sample of the benchmark's
stress set, and the compiled form made with the caches cold against one made warm.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import variant_entries
from yass.constraints.base import Contains, DigitSets, Layered, LinearSum, reversed_table
from yass.core.geometry import bit_list
from yass.core.layout import Layout, strict_table
from yass.engine import compiled
from yass.engine.compiled import compile_layout, house_sums, rule_forms
from yass.formats import clear_caches, puzzle_from_json

STRESS = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "variant_stress.json"


def _entries() -> list[dict[str, Any]]:
    stress: list[dict[str, Any]] = json.loads(STRESS.read_text())
    return variant_entries(multi_cell=True) + stress[::15]


def _layout(entry: dict[str, Any]) -> Layout:
    return puzzle_from_json(entry, check=False).layout


def _plain_house_sums(layout: Layout) -> list[tuple[tuple[int, ...], tuple[int, ...], int]]:
    """``house_sums`` the long way: every region against every group."""
    n = layout.size
    groups = []
    for rule in layout.constraints:
        for members, total in rule.sum_groups(layout.grid):
            if len(set(members)) == len(members):
                groups.append((sum(1 << c for c in members), total, min(members)))
    if not groups:
        return []
    whole = n * (n + 1) // 2
    regions = [(h.mask, whole) for h in layout.full_houses]
    masks = {h.mask for h in layout.full_houses}
    rows = [((1 << n) - 1) << (r * n) for r in range(n)]
    cols = [sum(1 << (r * n + c) for r in range(n)) for c in range(n)]
    for lines in (rows, cols):
        if all(line in masks for line in lines):
            for k in (2, 3):
                for i in range(n - k + 1):
                    regions.append((sum(lines[i : i + k]), k * whole))
    ordered = sorted(((g, t, first, i) for i, (g, t, first) in enumerate(groups)),
                     key=lambda x: (x[2], x[3]))
    out = []
    for cells, region_total in regions:
        covered = total = 0
        crossing = []
        for g, t, first, i in ordered:
            if g & cells and g & ~cells:
                crossing.append(((g & ~cells).bit_count(), first, i, g, t))
            elif g & cells and not g & covered:
                covered, total = covered | g, total + t
        for *_key, g, t in sorted(crossing):
            if not g & covered:
                covered, total = covered | g, total + t
        innies, outies = bit_list(cells & ~covered), bit_list(covered & ~cells)
        if covered and 1 <= len(innies) + len(outies) <= compiled._HOUSE_SUM_CELLS:
            out.append((tuple(innies + outies), (1,) * len(innies) + (-1,) * len(outies),
                        region_total - total))
    return out


@pytest.mark.parametrize("entry", _entries(), ids=lambda e: str(e["name"])[:30])
def test_layout_tables_match_a_plain_recomputation(entry: dict[str, Any]) -> None:
    layout = _layout(entry)
    grid, ncells = layout.grid, layout.ncells
    # peers and house numbers from every house and sees-pair
    peers = [0] * ncells
    for house in layout.houses:
        for cell in house.cells:
            peers[cell] |= house.mask
    for rule in layout.constraints:
        for a, b in rule.sees_pairs(grid):
            if a != b:
                peers[a] |= 1 << b
                peers[b] |= 1 << a
    peers = [p & ~(1 << c) for c, p in enumerate(peers)]
    assert list(layout.peers) == peers
    assert [list(p) for p in layout.peer_lists] == [bit_list(p) for p in peers]
    assert [list(h) for h in layout.cell_houses] == [
        [i for i, h in enumerate(layout.houses) if c in h.cells] for c in range(ncells)
    ]
    # arcs: every relation's table and its reverse, merged, strict between peers
    tables: dict[tuple[int, int], list[int]] = {}
    labels: dict[tuple[int, int], list[str]] = {}
    for rule in layout.constraints:
        for rel in rule.relations(grid):
            for key, row in (((rel.a, rel.b), rel.table),
                             ((rel.b, rel.a), reversed_table(rel.table))):
                cur = tables.setdefault(key, [layout.all_digits] * layout.size)
                tables[key] = [x & y for x, y in zip(cur, row, strict=True)]
                labels.setdefault(key, []).append(rel.label)
    want = {(a, b): strict_table(tuple(t)) if peers[a] >> b & 1 else tuple(t)
            for (a, b), t in tables.items()}
    got = {(a, b): tuple(t) for a in range(ncells) for b, t in layout.arcs[a]}
    assert got == want
    assert all(list(nbs) == sorted(nbs) for nbs in ([b for b, _ in arcs] for arcs in layout.arcs))
    assert all(layout.relation_labels(a, b) == names for (a, b), names in labels.items())
    # the 45 rule's sums
    assert [(s.cells, s.coefs, s.total) for s in house_sums(layout)] == _plain_house_sums(layout)


@pytest.mark.parametrize("entry", _entries()[::3], ids=lambda e: str(e["name"])[:30])
def test_compiled_tables_are_the_same_cold_warm_and_the_long_way(
    entry: dict[str, Any],
) -> None:
    clear_caches()
    compiled._REGIONS.clear()
    compiled._INTERSECTIONS.clear()
    cold = compile_layout(_layout(entry))
    clear_caches()
    warm = compile_layout(_layout(entry))
    assert repr(cold) == repr(warm)
    layout = _layout(entry)
    forms = rule_forms(layout)
    if forms is None:
        assert cold is None
        return
    # the general path: no arcs taken as strict, nothing derived from the geometry kept
    long_way = compiled._flatten(
        layout.size, layout.peer_lists, [h.cells for h in layout.full_houses], layout.arcs,
        layout.cell_masks, [f for f in forms if isinstance(f, DigitSets)],
        [f for f in forms if isinstance(f, LinearSum)] + house_sums(layout, False),
        [f for f in forms if isinstance(f, Contains)],
        [f for f in forms if isinstance(f, Layered)],
    )
    assert repr(cold) == repr(long_way)


@pytest.mark.parametrize("size", [1, 2, 4, 6, 9, 12])
@pytest.mark.parametrize("wraps", [False, True])
def test_touch_masks_are_the_neighbours_by_side_or_corner(size: int, wraps: bool) -> None:
    # a line's cells are checked against these masks, kept by geometry
    from yass.constraints.houses import Toroidal
    from yass.constraints.pairs import _touching, touch_masks
    from yass.core.geometry import Grid, box_shape

    br, bc = box_shape(size) or (0, 0)
    grid = Grid(size, br, bc, (Toroidal(),) if wraps else ())
    masks = touch_masks(grid)
    assert len(masks) == grid.ncells
    for a in range(grid.ncells):
        assert masks[a] == sum(1 << b for b in range(grid.ncells) if _touching(grid, a, b))


def test_a_line_that_jumps_is_refused_and_one_across_a_wrapped_edge_is_not() -> None:
    from yass.core.geometry import LayoutError

    line = {"type": "thermo", "cells": ["r1c1", "r1c9"]}
    with pytest.raises(LayoutError, match="do not touch"):
        puzzle_from_json({"size": 9, "givens": "." * 81, "constraints": [line]})
    wrapped = puzzle_from_json(
        {"size": 9, "givens": "." * 81, "constraints": [{"type": "toroidal"}, line]})
    assert wrapped.layout.arcs[0]


@pytest.mark.parametrize("entry", _entries()[::4], ids=lambda e: str(e["name"])[:30])
def test_rules_read_twice_are_equal_and_hash_alike(entry: dict[str, Any]) -> None:
    # a layout is cached by its rules: their hashes (some taken without the repr) must
    # agree with equality
    first = _layout(entry).constraints
    clear_caches()
    second = _layout(entry).constraints
    assert all(a is not b for a, b in zip(first, second, strict=True))
    assert first == second
    assert [hash(a) for a in first] == [hash(b) for b in second]
    for rule in first:
        changed = {k: v for k, v in vars(rule).items() if not k.startswith("_")}
        if "value" in changed and isinstance(changed["value"], int):
            other = object.__new__(type(rule))
            other.__dict__.update(changed, value=changed["value"] + 1)
            assert other != rule


def test_plain_check_reads_every_relation() -> None:
    # ``check``'s short path walks only the cells with relations: a broken thermometer
    # anywhere in the grid must still fail it
    entry = {"size": 9, "givens": "." * 81,
             "constraints": [{"type": "thermo", "cells": ["r1c1", "r1c2"]},
                             {"type": "thermo", "cells": ["r9c8", "r9c9"]}]}
    layout = puzzle_from_json(entry).layout
    good = [((r * 3 + r // 3 + c) % 9) + 1 for r in range(9) for c in range(9)]
    assert good[0] < good[1] and good[79] < good[80] and layout.check(good)
    bad = list(good)
    for r in range(9):  # columns 8 and 9 swapped: still a sudoku, but not r9c8 < r9c9
        bad[r * 9 + 7], bad[r * 9 + 8] = good[r * 9 + 8], good[r * 9 + 7]
    assert Layout(9).check(bad)
    assert not layout.check(bad)
    assert any("thermometer" in v for v in layout.violations(bad))


@pytest.mark.parametrize("entry", _entries()[::5], ids=lambda e: str(e["name"])[:30])
def test_plain_check_by_houses_is_the_check_by_peers(entry: dict[str, Any]) -> None:
    # ``check`` compares each house's digits and each rule's pair; a grid breaks that
    # exactly when two cells that see each other (``peers``) hold the same digit
    layout = _layout(entry)
    solution = entry.get("solution")
    if not solution or len(solution) != layout.ncells:
        pytest.skip("no solution given")
    values = ["123456789ABCDEFG".index(ch) + 1 for ch in solution]
    grids = [values]
    for a in range(0, layout.ncells, 7):  # the solution with one cell changed
        b = (a * 5 + 3) % layout.ncells
        grids.append([*values[:a], values[b], *values[a + 1:]])
    for grid in grids:
        by_peers = not any(layout.peers[c] >> o & 1 and grid[c] == grid[o]
                           for c in range(layout.ncells) for o in range(layout.ncells))
        by_masks = all(layout.cell_masks[c] >> (grid[c] - 1) & 1 for c in range(layout.ncells))
        assert layout._plain_ok(grid) == (by_peers and by_masks and not any(
            not layout.relation_allows(a, grid[a], b, grid[b])
            for a in range(layout.ncells) for b, _t in layout.arcs[a]))


def test_plain_check_reads_the_rules_pairs_and_cell_masks() -> None:
    good = [((r * 3 + r // 3 + c) % 9) + 1 for r in range(9) for c in range(9)]
    assert good[0] == 1 and good[1] == 2  # r1c1 odd, r1c2 even
    plain = puzzle_from_json({"size": 9, "givens": "." * 81, "constraints": []}).layout
    assert plain.check(good)
    king = puzzle_from_json(
        {"size": 9, "givens": "." * 81, "constraints": [{"type": "antiking"}]}).layout
    solutions = [[int(ch) for ch in e["solution"]] for e in json.loads(STRESS.read_text())[:20]]
    for grid in solutions:  # sudokus: only a king's move can give two peers one digit
        touching = any(king.peers[a] >> b & 1 and grid[a] == grid[b]
                       for a in range(81) for b in range(81))
        assert plain.check(grid) and king.check(grid) == (not touching)
    assert not all(king.check(grid) for grid in solutions)
    odd = puzzle_from_json({"size": 9, "givens": "." * 81,
                            "constraints": [{"type": "odd", "cells": ["r1c2"]}]}).layout
    assert not odd.check(good)


def test_rule_kinds_skip_only_what_a_class_leaves_empty() -> None:
    """``Layout`` skips a rule's houses, sees-pairs, relations and cell masks when its
    class keeps ``Constraint``'s (empty) method; a class that overrides one is asked."""
    from yass.constraints.base import Constraint, Relation
    from yass.core import layout as layout_module
    from yass.core.geometry import Grid

    class Plain(Constraint):
        type = "test_plain"

    class Relating(Constraint):
        type = "test_relating"

        def relations(self, grid: Grid) -> list[Relation]:
            return [Relation(0, 40, tuple([1 << d for d in range(grid.size)]), "equal")]

    assert layout_module._kinds(Plain) == layout_module._KNOWN
    flags = layout_module._kinds(Relating)
    assert flags & layout_module._RELATES
    assert not flags & (layout_module._HOUSES | layout_module._SEES | layout_module._MASKS)
    built = Layout(9, [Plain(), Relating()])
    assert built.relation_allows(0, 3, 40, 3) and not built.relation_allows(0, 3, 40, 4)
    assert built.arcs[0] and built.arcs[40]
