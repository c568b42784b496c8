"""The multi-cell variant rules: killer cages, arrows, little killers, renban, between,
zipper and region-sum lines, quadruples, entropic and modular lines, minimum and
maximum cells and the column indexer.

Narrowing is checked against brute force: on random candidates, every digit that some
filling of the rule's cells uses (cells of one row, column or box differing, the rule
holding) must stay, and for the rules whose narrowing is exact nothing else may.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from conftest import variant_entries
from yass.constraints import (
    Arrow,
    Between,
    BoxIndexer,
    ColumnIndexer,
    Constraint,
    DoubleArrow,
    EntropicLine,
    Killer,
    LittleKiller,
    LockoutLine,
    Maximum,
    Minimum,
    ModularLine,
    MultisumKiller,
    NumberedRoom,
    Quadruple,
    RegionSumLine,
    Renban,
    RowIndexer,
    Zipper,
    constraint_from_json,
)
from yass.constraints.group import GroupRule
from yass.constraints.support import grid_sees, set_support
from yass.core.board import Puzzle
from yass.core.geometry import Grid, LayoutError
from yass.core.layout import Layout
from yass.logic.solver import solve

G6 = Grid(6, 2, 3)
G9 = Grid(9, 3, 3)


def cells(grid: Grid, *names: str) -> list[int]:
    return [grid.parse_cell(n) for n in names]


def brute(rule: GroupRule, grid: Grid, masks: list[int]) -> list[int]:
    """Per position of the rule's scope, the digits some valid filling uses."""
    scope = rule.scope(grid)
    options = [[d for d in range(1, grid.size + 1) if m >> (d - 1) & 1] for m in masks]
    found = [0] * len(scope)
    for values in itertools.product(*options):
        clash = any(
            values[i] == values[j] and grid_sees(grid, scope[i], scope[j])
            for i in range(len(scope)) for j in range(i + 1, len(scope))
        )
        if clash or not rule.holds(grid, values):
            continue
        for i, v in enumerate(values):
            found[i] |= 1 << (v - 1)
    return found


def random_masks(rng: random.Random, n: int, size: int, dense: float) -> list[int]:
    out = []
    for _ in range(n):
        m = 0
        for d in range(size):
            if rng.random() < dense:
                m |= 1 << d
        out.append(m or 1 << rng.randrange(size))
    return out


# rule, grid, exact (narrowing keeps nothing more than brute force)
CASES: list[tuple[str, GroupRule, Grid, bool]] = [
    ("killer 3 cells", Killer(cells(G6, "r1c1", "r1c2", "r2c2"), 10), G6, True),
    ("killer 4 cells", Killer(cells(G6, "r3c1", "r3c2", "r4c1", "r4c2"), 14), G6, True),
    ("arrow", Arrow(cells(G6, "r1c1"), cells(G6, "r1c2", "r2c3", "r3c3")), G6, True),
    ("arrow pill", Arrow(cells(G9, "r1c1", "r1c2"), cells(G9, "r2c3", "r3c4")),
     G9, False),  # wide candidates exceed the enumeration's cap: bounds only
    ("little killer", LittleKiller("r0c1", cells(G6, "r1c1", "r2c2", "r3c3", "r4c4"), 12),
     G6, True),
    ("renban", Renban(cells(G6, "r1c1", "r2c2", "r3c3", "r4c3")), G6, True),
    ("between", Between(cells(G6, "r1c1", "r1c2", "r2c3", "r3c4")), G6, False),
    ("zipper odd", Zipper(cells(G6, "r1c1", "r1c2", "r1c3", "r2c3", "r3c3")), G6, False),
    ("zipper even", Zipper(cells(G6, "r2c1", "r2c2", "r3c2", "r4c2")), G6, False),
    ("region sum", RegionSumLine(cells(G6, "r2c2", "r2c3", "r2c4", "r3c4", "r4c4")),
     G6, False),
    ("quadruple", Quadruple(cells(G6, "r2c3", "r2c4", "r3c3", "r3c4"), [1, 1, 5]), G6, True),
    ("multisum", MultisumKiller(cells(G6, "r1c1", "r1c2", "r2c2"), [8, 13]), G6, True),
    ("double arrow", DoubleArrow(cells(G6, "r1c1", "r2c2", "r3c3", "r4c4")), G6, True),
    ("lockout", LockoutLine(cells(G6, "r1c1", "r2c2", "r3c2", "r3c3")), G6, False),
]


@pytest.mark.parametrize("name,rule,grid,exact", CASES, ids=[c[0] for c in CASES])
def test_narrowing_keeps_every_digit_a_filling_uses(
    name: str, rule: GroupRule, grid: Grid, exact: bool
) -> None:
    rng = random.Random(name)
    n = len(rule.scope(grid))
    removed = 0
    for trial in range(120 if grid.size < 9 else 30):
        masks = random_masks(rng, n, grid.size, 0.4 + 0.5 * (trial % 3) / 2)
        want = brute(rule, grid, masks)
        got = rule.narrow(grid, list(masks))
        for i in range(n):
            assert want[i] & ~got[i] == 0, (masks, want, got)
            if exact:
                assert got[i] & masks[i] == want[i], (masks, want, got)
            removed += bin(masks[i] & ~got[i]).count("1")
    assert removed > 0


def test_set_support_is_a_perfect_matching() -> None:
    # cells {1,2}, {1,2}, {1,2,3}: the set 123 forces the third cell to 3
    assert set_support([0b011, 0b011, 0b111], 0b111) == [0b011, 0b011, 0b100]
    assert set_support([0b001, 0b001, 0b111], 0b111) is None


@pytest.mark.parametrize(
    "rule,values,ok",
    [
        (Killer([0, 1, 2], 6), (1, 2, 3), True),
        (Killer([0, 1, 2], 6), (1, 1, 4), False),
        (Killer([0, 1, 2], None), (9, 8, 1), True),
        (Arrow([0], [1, 2]), (7, 3, 4), True),
        (Arrow([0, 1], [2, 3, 4]), (1, 5, 9, 4, 2), True),
        (Arrow([0, 1], [2, 3, 4]), (5, 1, 9, 4, 2), False),
        (Renban([0, 1, 2]), (4, 2, 3), True),
        (Renban([0, 1, 2]), (4, 2, 5), False),
        (Between([0, 1, 2, 3]), (8, 3, 5, 2), True),
        (Between([0, 1, 2, 3]), (8, 2, 5, 2), False),
        (Quadruple([0, 1, 2, 3], [1, 1, 5]), (1, 5, 1, 9), True),
        (Quadruple([0, 1, 2, 3], [1, 1, 5]), (1, 5, 2, 9), False),
        (Zipper([0, 1, 2, 3, 4]), (2, 4, 7, 3, 5), True),
        (Zipper([0, 1, 2, 3]), (2, 4, 5, 7), True),
        (Zipper([0, 1, 2, 3]), (2, 4, 5, 6), False),
        (MultisumKiller([0, 1, 2], [6, 15]), (1, 5, 9), True),
        (MultisumKiller([0, 1, 2], [6, 15]), (1, 5, 8), False),
        (MultisumKiller([0, 1, 2], [6, 15]), (3, 3, 9), False),
        (DoubleArrow([0, 1, 2, 3]), (3, 4, 5, 6), True),
        (DoubleArrow([0, 1, 2, 3]), (3, 4, 5, 5), False),
        (LockoutLine([0, 1, 2, 3]), (3, 1, 9, 8), True),
        (LockoutLine([0, 1, 2, 3]), (3, 1, 8, 8), False),  # 8 is one of the ends
        (LockoutLine([0, 1, 2, 3]), (3, 1, 9, 6), False),  # the ends differ by less than 4
        (LockoutLine([0, 1, 2, 3], 2), (3, 1, 9, 6), True),
        (NumberedRoom("r1c0", list(range(9)), 7), (3, 1, 7, 2, 4, 5, 6, 8, 9), True),
        (NumberedRoom("r1c0", list(range(9)), 7), (3, 7, 1, 2, 4, 5, 6, 8, 9), False),
        (NumberedRoom("r1c0", list(range(9)), 1), (1, 7, 3, 2, 4, 5, 6, 8, 9), True),
    ],
)
def test_holds(rule: GroupRule, values: tuple[int, ...], ok: bool) -> None:
    assert rule.holds(G9, values) is ok


def test_region_sum_segments_follow_the_boxes() -> None:
    rule = RegionSumLine(cells(G9, "r1c2", "r1c3", "r1c4", "r1c5"))
    assert rule.holds(G9, (2, 4, 1, 5))  # 2+4 == 1+5
    assert not rule.holds(G9, (2, 4, 1, 6))


def relation_layout(rule: Constraint, size: int = 9) -> Layout:
    return Layout(size, [rule])


def test_entropic_and_modular_lines_are_relations() -> None:
    line = cells(G9, "r1c1", "r1c2", "r1c3", "r1c4")
    ent = relation_layout(EntropicLine(line))
    values = [0] * 81
    for c, v in zip(line, (1, 5, 9, 2), strict=True):
        values[c] = v
    assert ent.violations(values, complete=False) == []
    values[line[3]] = 6  # 5 .. 6: two middles within three cells
    assert ent.violations(values, complete=False)
    mod = relation_layout(ModularLine(line))
    for c, v in zip(line, (1, 2, 3, 4), strict=True):
        values[c] = v
    assert mod.violations(values, complete=False) == []
    values[line[2]] = 7  # 1 and 7 share the remainder 1
    assert mod.violations(values, complete=False)


def test_minimum_and_maximum_cells() -> None:
    (r2c2,) = cells(G9, "r2c2")
    lay = relation_layout(Minimum([r2c2]))
    values = [0] * 81
    values[r2c2] = 3
    for n, v in zip(cells(G9, "r1c2", "r3c2", "r2c1", "r2c3"), (4, 5, 6, 7), strict=True):
        values[n] = v
    assert lay.violations(values, complete=False) == []
    values[G9.parse_cell("r2c3")] = 2
    assert lay.violations(values, complete=False)
    lay = relation_layout(Maximum([r2c2]))
    assert lay.violations(values, complete=False)


def test_column_indexer() -> None:
    (r1c1,) = cells(G9, "r1c1")
    lay = relation_layout(ColumnIndexer([r1c1]))
    values = [0] * 81
    values[r1c1] = 5  # digit 5 in column 1 of row 1 puts 1 in r1c5
    values[G9.parse_cell("r1c5")] = 1
    assert lay.violations(values, complete=False) == []
    values[G9.parse_cell("r1c5")] = 2
    assert lay.violations(values, complete=False)


def test_row_and_box_indexers() -> None:
    r2c3, r6c5 = cells(G9, "r2c3", "r6c5")
    lay = relation_layout(RowIndexer([r2c3]))
    values = [0] * 81
    values[r2c3] = 7  # digit 7 in row 2 of column 3 puts 2 in r7c3
    values[G9.parse_cell("r7c3")] = 2
    assert lay.violations(values, complete=False) == []
    values[G9.parse_cell("r7c3")] = 3
    assert lay.violations(values, complete=False)
    # r6c5 is the 8th cell of box 5 (reading order): digit 3 there puts 8 in r4c6
    lay = relation_layout(BoxIndexer([r6c5]))
    values = [0] * 81
    values[r6c5] = 3
    values[G9.parse_cell("r4c6")] = 8
    assert lay.violations(values, complete=False) == []
    values[G9.parse_cell("r4c6")] = 9
    assert lay.violations(values, complete=False)


@pytest.mark.parametrize(
    "data,message",
    [
        ({"type": "killer", "cells": ["r1c1", "r1c2"], "sum": 18}, "add up to 18"),
        ({"type": "killer", "cells": ["r1c1", "r1c2"], "sum": "x"}, "whole number"),
        ({"type": "arrow", "circle": ["r1c1"], "line": ["r1c1", "r1c2"]}, "both"),
        ({"type": "quadruple", "cells": ["r1c1", "r1c2"], "digits": [1, 2, 3]}, "cannot fit"),
        ({"type": "quadruple", "cells": ["r1c1"], "digits": [0]}, "digits 1 to 9"),
        ({"type": "little_killer", "clue": "r1c1", "cells": ["r1c1"], "sum": 3}, "outside"),
        ({"type": "little_killer", "clue": "r0c1", "cells": ["r1c1", "r2c2"], "sum": 30},
         "cannot add up"),
        ({"type": "renban", "cells": [f"r1c{c}" for c in range(1, 10)] + ["r2c1"]},
         "at most 9"),
        ({"type": "killer", "cells": ["r1c1", "r10c1"], "sum": 3}, "outside the 9x9"),
        ({"type": "multisum_killer", "cells": ["r1c1", "r1c2"], "sums": [1, 18]},
         "any of"),
        ({"type": "multisum_killer", "cells": ["r1c1", "r1c2"], "root": 10}, "1 to 9"),
        ({"type": "multisum_killer", "cells": ["r1c1"], "sums": [3], "root": 3}, "not both"),
        ({"type": "double_arrow", "cells": ["r1c1", "r1c2"]}, "between them"),
        ({"type": "lockout_line", "cells": ["r1c1", "r1c2", "r1c3"], "value": 8},
         "from 1 to 7"),
        ({"type": "numbered_room", "clue": "r0c1", "cells": ["r1c1"], "value": 3},
         "the 9 cells above column 1"),
    ],
)
def test_bad_rules_say_what_is_wrong(data: dict[str, Any], message: str) -> None:
    with pytest.raises(LayoutError, match=message):
        constraint_from_json(data, G9)


NEW_TYPES = {
    "killer", "arrow", "little_killer", "renban", "between", "zipper", "region_sum_line",
    "quadruple", "entropic_line", "modular_line", "minimum", "maximum", "column_indexer",
    "row_indexer", "box_indexer", "multisum_killer", "double_arrow", "lockout_line",
    "numbered_room",
}
ENTRIES = variant_entries(multi_cell=True)


def test_json_round_trip_of_every_rule_in_the_corpus() -> None:
    seen = set()
    for entry in ENTRIES:
        grid = Grid(entry["size"], *(3, 3) if entry["size"] == 9 else (0, 0))
        for obj in entry["constraints"]:
            if obj["type"] not in NEW_TYPES:
                continue
            rule = constraint_from_json(obj, grid)
            again = constraint_from_json(rule.to_json(grid), grid)
            assert again == rule
            seen.add(obj["type"])
    assert seen >= NEW_TYPES - {"column_indexer"}


def _layout_of(entry: dict[str, Any]) -> Puzzle:
    from conftest import variant_puzzle

    return variant_puzzle(entry)


def test_rule_logic_steps_name_the_rule() -> None:
    entry = next(e for e in ENTRIES if e["name"] == "check_killer_9x9_1_solve")
    result = solve(_layout_of(entry))
    assert result.line() == entry["solution"]
    rule_steps = [s for s in result.steps if s.technique == "rl"]
    assert rule_steps
    first = rule_steps[0]
    assert first.notation.startswith("Killer cage: ")
    assert " => " in first.notation
    assert first.explanation.startswith("Killer cage ")


def test_killer_cage_removes_its_digits_from_cells_that_see_the_cage() -> None:
    # 17 in two cells is {8,9}: r1c3..r1c9 lose 8 and 9 (same row), as do r2c1..r3c3.
    a, b = cells(G9, "r1c1", "r1c2")
    lay = Layout(9, [Killer([a, b], 17)])
    board = Puzzle(lay, (0,) * 81).board()
    from yass.logic.techniques.rules import RuleLogic

    steps = list(RuleLogic().find(board))
    assert steps[0].notation == "Killer cage: 17/2 r1c1,r1c2: {8,9} => r1c1,r1c2<>1,2,3,4,5,6,7"
    board.apply(steps[0])
    steps = list(RuleLogic().find(board))
    assert steps[0].notation.startswith("Killer cage: 17/2 r1c1,r1c2: 8 must be in r1c1,r1c2 => ")
    assert (G9.parse_cell("r1c3"), 8) in steps[0].eliminations
    assert (G9.parse_cell("r2c3"), 8) in steps[0].eliminations


#: Quick puzzles with the multi-cell rules, one or more of each (the whole corpus is
#: walked by ``python benchmarks/ladder.py --variants``, minutes in pure Python).
WALKED = (
    "check_renban_9x9_1_solve", "Skyscraper", "Peak Sudoku", "6x6 Extreme Killer",
    "check_arrow_4x4_1_solve", "check_renban_6x6_1_solve", "Zipper lines - tutorial",
    "Arrow", "Dotween", "check_killer_9x9_1_solve", "Lockout lines (generated)",
    "Numbered rooms (generated)",
)


@pytest.mark.parametrize("name", WALKED)
def test_no_step_contradicts_the_solution_with_multi_cell_rules(name: str) -> None:
    from conftest import digits_of
    from test_techniques import _check_walk

    entry = next(e for e in ENTRIES if e["name"] == name)
    assert {c["type"] for c in entry["constraints"]} & NEW_TYPES | {"skyscraper"}
    puzzle = _layout_of(entry)
    # Every other state (benchmarks/soundness.py --variants walks every state).
    assert _check_walk(puzzle, digits_of(entry["solution"]), full_speculation=0, every=2) > 0


def test_walked_sample_covers_the_rule_families() -> None:
    types = {c["type"] for e in ENTRIES if e["name"] in WALKED for c in e["constraints"]}
    assert {"killer", "arrow", "renban", "between", "zipper", "little_killer",
            "skyscraper"} <= types


def test_dp_narrow_is_exact_when_digits_may_repeat() -> None:
    from yass.constraints.support import dp_narrow

    rng = random.Random(5)
    for _ in range(200):
        n = rng.randrange(1, 5)
        masks = random_masks(rng, n, 9, 0.5)
        coefs = [rng.choice((1, 1, -1, 10, -10)) for _ in range(n)]
        total = rng.randrange(-20, 40)
        want = [0] * n
        options = [[d for d in range(1, 10) if m >> (d - 1) & 1] for m in masks]
        for values in itertools.product(*options):
            if sum(c * v for c, v in zip(coefs, values, strict=True)) == total:
                for i, v in enumerate(values):
                    want[i] |= 1 << (v - 1)
        got = dp_narrow(masks, coefs, total)
        if not any(want):
            assert not any(got)
        else:
            assert got == want, (masks, coefs, total)


def test_toroidal_grid_wraps_moves_lines_and_dots() -> None:
    from yass.constraints import AntiKing, NonConsecutive, Toroidal
    from yass.constraints.support import region_index

    layout = Layout(9, [Toroidal(), AntiKing(), NonConsecutive()])
    r1c1, r9c9, r1c9, r5c1 = cells(G9, "r1c1", "r9c9", "r1c9", "r5c1")
    assert layout.sees(r1c1, r9c9)  # a king's step across both edges
    assert {b for b, _ in layout.arcs[r5c1]} >= {G9.parse_cell("r5c9")}
    assert not Layout(9, [AntiKing()]).sees(r1c1, r9c9)
    # dots and lines may cross an edge only on a toroidal grid
    dot = {"type": "difference", "cells": ["r1c1", "r1c9"]}
    with pytest.raises(LayoutError, match="do not share a side"):
        constraint_from_json(dot, G9)
    wrapped = Grid(9, 3, 3, (Toroidal(),))
    assert constraint_from_json(dot, wrapped).relations(wrapped)
    assert wrapped.step(r1c9, 0, 1) == r1c1 and G9.step(r1c9, 0, 1) is None
    # a Latin square: no boxes, and no cell shares a region with another
    from yass.constraints import LatinSquare

    latin = Layout(9, [LatinSquare()])
    assert {h.kind for h in latin.houses} == {"row", "column"}
    assert not latin.sees(r1c1, G9.parse_cell("r2c2"))
    regions = region_index(latin.grid)
    assert regions is not None and len(set(regions)) == 81
