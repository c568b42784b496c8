"""The rules as declarations: houses, relation tables, cell masks, names and JSON.

Expected tables and cell sets are written out from the rules' definitions in
``shared/data/variants/README.md``, not read back from the code under test.
"""

from __future__ import annotations

from typing import Any

import pytest

from yass.constraints import (
    REGISTRY,
    RULE_NAMES,
    XV,
    AntiKing,
    AntiKnight,
    Candidates,
    Clone,
    Diagonal,
    DiagonalNonConsecutive,
    Difference,
    DisjointGroups,
    Even,
    ExtraRegion,
    KropkiNegativeBlack,
    Nabner,
    NonConsecutive,
    Odd,
    Palindrome,
    Ratio,
    Regions,
    Relation,
    SlowThermo,
    Thermo,
    Whispers,
    XVNegative,
    constraint_from_json,
    relation_table,
    rules_from_names,
)
from yass.constraints.base import Constraint
from yass.core.geometry import Grid, LayoutError, digits_mask, mask_digits
from yass.core.layout import Layout

G9 = Grid(9, 3, 3)


def cells(layout: Layout | Grid, *names: str) -> list[int]:
    return [layout.parse_cell(n) for n in names]


def allowed(layout: Layout, a: str, da: int, b: str) -> list[int]:
    """Digits the relation tables allow in ``b`` when ``a`` holds ``da`` ([] = no relation)."""
    ca, cb = layout.parse_cell(a), layout.parse_cell(b)
    for nb, table in layout.arcs[ca]:
        if nb == cb:
            return mask_digits(table[da - 1])
    return []


def has_arc(layout: Layout, a: str, b: str) -> bool:
    ca, cb = layout.parse_cell(a), layout.parse_cell(b)
    return any(nb == cb for nb, _ in layout.arcs[ca])


def house_cells(layout: Layout, kind: str) -> list[list[str]]:
    return [[layout.name(c) for c in h.cells] for h in layout.houses if h.kind == kind]


def box_rows_cols(r0: int, c0: int, height: int, width: int) -> list[str]:
    """1-based names of a height x width block with its top-left at r0, c0 (1-based)."""
    return [f"r{r}c{c}" for r in range(r0, r0 + height) for c in range(c0, c0 + width)]


# -- houses ---------------------------------------------------------------------------


def test_windoku_windows() -> None:
    layout = Layout(9, rules_from_names("windoku", G9))
    windows = house_cells(layout, "extra region")
    assert windows == [
        box_rows_cols(2, 2, 3, 3),
        box_rows_cols(2, 6, 3, 3),
        box_rows_cols(6, 2, 3, 3),
        box_rows_cols(6, 6, 3, 3),
    ]
    assert all(h.full for h in layout.houses if h.kind == "extra region")
    assert [h.name for h in layout.houses if h.kind == "extra region"] == [
        "extra region 1",
        "extra region 2",
        "extra region 3",
        "extra region 4",
    ]
    # r3c3 is in box 1 and window 1: row 8 + column 8 + box 4 + window cells outside the
    # box and off its row and column (r2c4, r4c2, r4c4) = 23.
    assert len(layout.peer_lists[layout.parse_cell("r3c3")]) == 23


def test_windoku_needs_boxes() -> None:
    with pytest.raises(LayoutError, match="windoku needs a grid with boxes"):
        rules_from_names("windoku", Grid(7, 0, 0))


def test_diagonal_houses() -> None:
    layout = Layout(9, [Diagonal("main"), Diagonal("anti")])
    main = house_cells(layout, "main diagonal")
    anti = house_cells(layout, "anti diagonal")
    assert main == [[f"r{i}c{i}" for i in range(1, 10)]]
    assert sorted(anti[0]) == sorted(f"r{10 - i}c{i}" for i in range(1, 10))
    centre = layout.parse_cell("r5c5")
    # r5c5 is on both diagonals: 20 + the 12 diagonal cells outside box 5.
    assert len(layout.peer_lists[centre]) == 32
    corner = layout.parse_cell("r1c1")
    assert len(layout.peer_lists[corner]) == 26  # 20 + r4c4..r9c9


def test_diagonal_direction_is_checked() -> None:
    with pytest.raises(LayoutError, match="'main' or 'anti'"):
        Diagonal("up")
    with pytest.raises(LayoutError, match=r"constraint 'diagonal': .*'main' or 'anti'"):
        constraint_from_json({"type": "diagonal", "direction": "up"}, G9)


@pytest.mark.parametrize(("size", "shape"), [(9, (3, 3)), (6, (2, 3)), (4, (2, 2))])
def test_disjoint_groups(size: int, shape: tuple[int, int]) -> None:
    layout = Layout(size, [DisjointGroups()])
    groups = [h for h in layout.houses if h.kind == "disjoint group"]
    assert len(groups) == size
    br, bc = shape
    for g in groups:
        assert len(g.cells) == size
        positions = {(c // size % br, c % size % bc) for c in g.cells}
        assert len(positions) == 1, "a group is one position within the boxes"
        assert len({layout.grid.box_of(c) for c in g.cells}) == size
    first = [layout.name(c) for c in groups[0].cells]
    expected = [f"r{r + 1}c{c + 1}" for r in range(0, size, br) for c in range(0, size, bc)]
    assert first == expected


def test_disjoint_groups_need_boxes() -> None:
    regions = [[r * 7 + (r + k) % 7 for r in range(7)] for k in range(7)]
    with pytest.raises(LayoutError, match="needs standard boxes"):
        Layout(7, [Regions(regions), DisjointGroups()])


def test_regions_replace_the_boxes() -> None:
    # Broken diagonals of a 6x6 (cells with equal (col - row) mod 6) as regions.
    regions = [[r * 6 + (r + k) % 6 for r in range(6)] for k in range(6)]
    layout = Layout(6, [Regions(regions)])
    kinds = {h.kind for h in layout.houses}
    assert kinds == {"row", "column", "region"}
    assert layout.why_sees(layout.parse_cell("r1c1"), layout.parse_cell("r2c2")) == "same region 1"
    assert not layout.sees(layout.parse_cell("r1c1"), layout.parse_cell("r2c3"))


def test_two_sets_of_regions_are_refused() -> None:
    regions = [[r * 4 + c for c in range(4)] for r in range(4)]
    with pytest.raises(LayoutError, match="more than one set of regions"):
        Layout(4, [Regions(regions), Regions(regions)])


def _jigsaw_json(regions: list[list[str]]) -> dict[str, Any]:
    return {"type": "regions", "regions": regions}


def _columns_as_regions(size: int) -> list[list[str]]:
    # Region k = column k: N disjoint regions of N cells, valid as far as regions go.
    return [[f"r{r}c{k}" for r in range(1, size + 1)] for k in range(1, size + 1)]


def test_jigsaw_regions_accepted() -> None:
    grid = Grid(4, 2, 2)
    con = constraint_from_json(_jigsaw_json(_columns_as_regions(4)), grid)
    assert isinstance(con, Regions)
    assert len(con.regions) == 4


def test_jigsaw_wrong_count() -> None:
    with pytest.raises(LayoutError, match="constraint 'regions': needs 4 regions, got 3"):
        constraint_from_json(_jigsaw_json(_columns_as_regions(4)[:3]), Grid(4, 2, 2))


def test_jigsaw_wrong_size() -> None:
    regions = _columns_as_regions(4)
    regions[1].append(regions[0].pop())  # 3 cells and 5 cells
    with pytest.raises(LayoutError, match="region 1 has 3 cells, not 4"):
        constraint_from_json(_jigsaw_json(regions), Grid(4, 2, 2))


def test_jigsaw_overlap() -> None:
    regions = _columns_as_regions(4)
    regions[1][0] = regions[0][0]  # r1c1 in regions 1 and 2, r1c2 in none
    with pytest.raises(LayoutError, match="cell r1c1 is in regions 1 and 2"):
        constraint_from_json(_jigsaw_json(regions), Grid(4, 2, 2))


def test_jigsaw_bad_cells_and_shape() -> None:
    grid = Grid(4, 2, 2)
    regions = _columns_as_regions(4)
    regions[2][3] = "r5c3"
    with pytest.raises(LayoutError, match="r5c3 is outside the 4x4 grid"):
        constraint_from_json(_jigsaw_json(regions), grid)
    with pytest.raises(LayoutError, match="needs a list 'regions'"):
        constraint_from_json({"type": "regions", "regions": "r1c1"}, grid)
    regions = _columns_as_regions(4)
    regions[0][1] = regions[0][0]
    with pytest.raises(LayoutError, match="lists a cell twice"):
        constraint_from_json(_jigsaw_json(regions), grid)


def test_extra_region_bigger_than_the_digits() -> None:
    five = [*box_rows_cols(1, 1, 1, 4), "r2c1"]
    with pytest.raises(LayoutError, match="more than the 4 digits"):
        constraint_from_json({"type": "extra_region", "cells": five}, Grid(4, 2, 2))


def test_short_extra_region_is_a_house_that_is_not_full() -> None:
    layout = Layout(9, [ExtraRegion(cells(G9, "r1c1", "r5c5", "r9c9"))])
    house = next(h for h in layout.houses if h.kind == "extra region")
    assert not house.full
    assert house not in layout.full_houses
    assert house.name == "extra region"
    assert layout.sees(layout.parse_cell("r1c1"), layout.parse_cell("r9c9"))
    assert not layout.sees(layout.parse_cell("r1c1"), layout.parse_cell("r9c8"))


# -- cell masks ------------------------------------------------------------------------


def test_odd_even_and_candidate_masks() -> None:
    c1, c2, c3 = cells(G9, "r1c1", "r1c2", "r5c5")
    layout = Layout(9, [Odd([c1]), Even([c2]), Candidates(c3, digits_mask([2, 3, 7]))])
    assert mask_digits(layout.cell_masks[c1]) == [1, 3, 5, 7, 9]
    assert mask_digits(layout.cell_masks[c2]) == [2, 4, 6, 8]
    assert mask_digits(layout.cell_masks[c3]) == [2, 3, 7]
    untouched = [m for c, m in enumerate(layout.cell_masks) if c not in (c1, c2, c3)]
    assert set(untouched) == {0x1FF}


def test_masks_intersect_and_scale_with_size() -> None:
    g6 = Grid(6, 2, 3)
    c = g6.parse_cell("r2c2")
    layout = Layout(6, [Even([c]), Candidates(c, digits_mask([1, 2, 3, 4]))])
    assert mask_digits(layout.cell_masks[c]) == [2, 4]
    g16 = Grid(16, 4, 4)
    odd16 = Layout(16, [Odd([0])])
    assert mask_digits(odd16.cell_masks[0]) == [1, 3, 5, 7, 9, 11, 13, 15]
    cand = constraint_from_json({"type": "candidates", "cell": "r16c16", "digits": "1AG"}, g16)
    assert cand == Candidates(255, digits_mask([1, 10, 16]))


def test_candidates_json_forms_and_errors() -> None:
    a = constraint_from_json({"type": "candidates", "cell": "r1c1", "digits": "1, 3"}, G9)
    b = constraint_from_json({"type": "candidates", "cell": "r1c1", "digits": [1, "3"]}, G9)
    assert a == b == Candidates(0, 0b101)
    for digits in ("0", "", [10], "X"):
        with pytest.raises(LayoutError, match="'digits' must list digits 1 to 9"):
            constraint_from_json({"type": "candidates", "cell": "r1c1", "digits": digits}, G9)
    with pytest.raises(LayoutError, match="needs 'digits'"):
        constraint_from_json({"type": "candidates", "cell": "r1c1"}, G9)
    with pytest.raises(LayoutError, match="outside the 9x9 grid"):
        constraint_from_json({"type": "candidates", "cell": "r0c1", "digits": "1"}, G9)


# -- relations ------------------------------------------------------------------------


def test_relation_reverse() -> None:
    table = relation_table(4, lambda x, y: y == x + 1)  # 1->2, 2->3, 3->4
    rel = Relation(0, 1, table, "test")
    rev = rel.reverse()
    assert (rev.a, rev.b, rev.label) == (1, 0, "test")
    assert [mask_digits(m) for m in rev.table] == [[], [1], [2], [3]]
    assert rev.reverse() == rel


@pytest.mark.parametrize(
    "rules",
    [
        [NonConsecutive()],
        [DiagonalNonConsecutive(), KropkiNegativeBlack(), XVNegative()],
        [Thermo(cells(G9, "r1c1", "r1c2", "r2c3", "r3c3"))],
        [SlowThermo(cells(G9, "r1c1", "r2c1", "r3c2", "r4c2"))],
        [Palindrome(cells(G9, "r1c1", "r2c2", "r3c3", "r4c4", "r5c5"))],
        [Whispers(cells(G9, "r5c1", "r5c2", "r6c3"))],
        [Nabner(cells(G9, "r7c1", "r8c5", "r9c9"))],
        [Clone(cells(G9, "r1c1", "r1c2"), cells(G9, "r9c8", "r9c9"))],
        [NonConsecutive(), Difference(0, 1, 1), Ratio(9, 10, 2), XV(20, 21, 10)],
    ],
)
def test_relation_arcs_agree_in_both_directions(rules: list[Constraint]) -> None:
    layout = Layout(9, rules)
    tables = {(a, nb): table for a in range(81) for nb, table in layout.arcs[a]}
    assert tables, "these rules relate cells"
    for (a, b), table in tables.items():
        back = tables[(b, a)]
        for x in range(1, 10):
            for y in range(1, 10):
                assert (table[x - 1] >> (y - 1) & 1) == (back[y - 1] >> (x - 1) & 1), (a, b, x, y)
        assert a != b


def test_nonconsecutive_tables() -> None:
    layout = Layout(9, [NonConsecutive()])
    # r1c1 and r1c2 share a row, so equal digits are out too.
    assert allowed(layout, "r1c1", 5, "r1c2") == [1, 2, 3, 7, 8, 9]
    assert allowed(layout, "r1c1", 1, "r2c1") == [3, 4, 5, 6, 7, 8, 9]
    assert allowed(layout, "r1c1", 9, "r2c1") == [1, 2, 3, 4, 5, 6, 7]
    assert not has_arc(layout, "r1c1", "r2c2")
    assert not has_arc(layout, "r1c1", "r1c3")
    # 2 * 9 * 8 orthogonal pairs, each seen from both ends.
    assert sum(len(a) for a in layout.arcs) == 2 * 144


def test_diagonal_nonconsecutive_tables() -> None:
    layout = Layout(9, [DiagonalNonConsecutive()])
    assert allowed(layout, "r4c4", 5, "r5c5") == [1, 2, 3, 7, 8, 9]
    # r4c4 and r5c5 share box 5; r3c5 is in box 2, so an equal digit is allowed there.
    assert allowed(layout, "r4c4", 5, "r3c5") == [1, 2, 3, 5, 7, 8, 9]
    assert not has_arc(layout, "r4c4", "r4c5")
    assert sum(len(a) for a in layout.arcs) == 2 * 128


@pytest.mark.parametrize(
    ("dot", "digit", "expected"),
    [
        (Difference(0, 1, 1), 5, [4, 6]),
        (Difference(1, 0, 1), 5, [4, 6]),
        (Difference(0, 1, 2), 5, [3, 7]),
        (Ratio(0, 1, 2), 2, [1, 4]),
        (Ratio(1, 0, 2), 4, [2, 8]),
        (Ratio(0, 1, 3), 3, [1, 9]),
    ],
)
def test_dots_exempt_their_pair_from_nonconsecutive(
    dot: Constraint, digit: int, expected: list[int]
) -> None:
    layout = Layout(9, [NonConsecutive(), dot])
    assert allowed(layout, "r1c1", digit, "r1c2") == expected
    # The neighbouring pairs without a dot keep the rule.
    assert allowed(layout, "r1c2", 5, "r1c3") == [1, 2, 3, 7, 8, 9]
    assert allowed(layout, "r1c1", 5, "r2c1") == [1, 2, 3, 7, 8, 9]


def test_dot_elsewhere_exempts_nothing_here() -> None:
    layout = Layout(9, [NonConsecutive(), Difference(40, 41, 1)])
    assert allowed(layout, "r1c1", 5, "r1c2") == [1, 2, 3, 7, 8, 9]
    assert allowed(layout, "r5c5", 5, "r5c6") == [4, 6]


def test_kropki_negative_black_and_its_exemption() -> None:
    layout = Layout(9, [KropkiNegativeBlack()])
    assert allowed(layout, "r1c1", 4, "r1c2") == [1, 3, 5, 6, 7, 9]
    dotted = Layout(9, [KropkiNegativeBlack(), Difference(0, 1, 1)])
    # With a white dot the pair follows the dot alone: 3 and 5 beside 4, 2 and 8 allowed again.
    assert allowed(dotted, "r1c1", 4, "r1c2") == [3, 5]


def test_xv_negative_and_its_exemption() -> None:
    layout = Layout(9, [XVNegative()])
    assert allowed(layout, "r1c1", 3, "r1c2") == [1, 4, 5, 6, 8, 9]
    marked = Layout(9, [XVNegative(), XV(0, 1, 10)])
    assert allowed(marked, "r1c1", 3, "r1c2") == [7]
    # An X does not exempt from non-consecutive (only dots do).
    both = Layout(9, [NonConsecutive(), XV(0, 1, 10)])
    assert allowed(both, "r1c1", 4, "r1c2") == [6]
    assert allowed(both, "r1c1", 5, "r1c2") == []


def test_thermo_tables() -> None:
    thermo = cells(G9, "r1c1", "r1c2", "r2c3", "r4c3")
    layout = Layout(9, [Thermo(thermo)])
    assert allowed(layout, "r1c1", 3, "r1c2") == [4, 5, 6, 7, 8, 9]
    assert allowed(layout, "r1c1", 3, "r4c3") == [6, 7, 8, 9]  # three steps up
    assert allowed(layout, "r4c3", 4, "r1c1") == [1]
    slow = Layout(9, [SlowThermo(cells(G9, "r1c1", "r2c4", "r1c7"))])
    # r1c1 and r2c4 do not see each other: equal digits allowed; r1c1 and r1c7 share row 1.
    assert allowed(slow, "r1c1", 3, "r2c4") == [3, 4, 5, 6, 7, 8, 9]
    assert allowed(slow, "r1c1", 3, "r1c7") == [4, 5, 6, 7, 8, 9]


def test_whispers_palindrome_nabner_clone_tables() -> None:
    whispers = Layout(9, [Whispers(cells(G9, "r1c1", "r2c2", "r3c3"))])
    assert allowed(whispers, "r1c1", 5, "r2c2") == []
    assert allowed(whispers, "r1c1", 4, "r2c2") == [9]
    assert not has_arc(whispers, "r1c1", "r3c3")  # only neighbours on the line
    w6 = Layout(6, [Whispers([0, 7], 2)])
    assert allowed(w6, "r1c1", 3, "r2c2") == [1, 5, 6]
    pal = Layout(9, [Palindrome(cells(G9, "r1c1", "r5c4", "r9c7"))])
    assert allowed(pal, "r1c1", 6, "r9c7") == [6]
    assert not has_arc(pal, "r1c1", "r5c4")
    nab = Layout(9, [Nabner(cells(G9, "r1c1", "r5c5", "r9c8"))])
    assert allowed(nab, "r1c1", 5, "r9c8") == [1, 2, 3, 7, 8, 9]
    clone = Layout(9, [Clone(cells(G9, "r1c1"), cells(G9, "r5c5"))])
    assert allowed(clone, "r5c5", 7, "r1c1") == [7]


def test_a_relation_from_a_cell_to_itself_is_refused() -> None:
    with pytest.raises(LayoutError, match="relates r1c1 to itself"):
        Layout(9, [Difference(0, 0, 1)])


def test_whispers_loop_may_revisit_a_cell() -> None:
    line = ["r6c7", "r5c7", "r6c6", "r5c5", "r4c6", "r5c7"]
    con = constraint_from_json({"type": "whispers", "cells": line, "value": 5}, G9)
    layout = Layout(9, [con])
    assert has_arc(layout, "r4c6", "r5c7")
    with pytest.raises(LayoutError, match="twice"):
        constraint_from_json({"type": "thermo", "cells": line}, G9)


# -- rules by name ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("antiknight,antiking", [AntiKnight(), AntiKing()]),
        ("anti-knight, Anti_King", [AntiKnight(), AntiKing()]),
        ("knight,king", [AntiKnight(), AntiKing()]),
        ("NC", [NonConsecutive()]),
        ("non-consecutive", [NonConsecutive()]),
        ("miracle", [AntiKnight(), AntiKing(), NonConsecutive()]),
        ("sudoku-x", [Diagonal("main"), Diagonal("anti")]),
        ("diagonals", [Diagonal("main"), Diagonal("anti")]),
        ("x", [Diagonal("main"), Diagonal("anti")]),
        ("main-diagonal", [Diagonal("main")]),
        ("disjoint", [DisjointGroups()]),
        ("diagonal-nonconsecutive", [DiagonalNonConsecutive()]),
        ("classic", []),
        ("", []),
        (" , antiking ,", [AntiKing()]),
    ],
)
def test_rules_from_names(text: str, expected: list[Constraint]) -> None:
    assert rules_from_names(text, G9) == expected


def test_hyper_is_windoku() -> None:
    hyper = rules_from_names("hyper", G9)
    assert hyper == rules_from_names("windoku", G9)
    assert len(hyper) == 4 and all(isinstance(r, ExtraRegion) for r in hyper)


def test_unknown_rule_name() -> None:
    with pytest.raises(LayoutError) as info:
        rules_from_names("antiknight,antibishop", G9)
    message = str(info.value)
    assert message.startswith("unknown rule 'antibishop' (known rules: ")
    for name in ("antiking", "antiknight", "nonconsecutive", "windoku"):
        assert name in message


@pytest.mark.parametrize("name", sorted(RULE_NAMES))
def test_every_named_rule_builds_a_9x9_layout(name: str) -> None:
    help_text, _ = RULE_NAMES[name]
    assert help_text
    layout = Layout(9, rules_from_names(name, G9))
    assert layout.size == 9


# -- JSON --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        ({"type": "banana"}, "unknown constraint type 'banana'"),
        ({"cells": ["r1c1"]}, "unknown constraint type None"),
        (["antiknight"], "a constraint must be an object"),
        ("antiknight", "a constraint must be an object"),
        ({"type": "odd", "cells": ["x9"]}, "constraint 'odd': 'x9' is not a cell name like r1c1"),
        ({"type": "odd", "cells": ["r10c1"]}, "constraint 'odd': cell r10c1 is outside the 9x9"),
        ({"type": "even", "cells": ["r1c0"]}, "constraint 'even': cell r1c0 is outside the 9x9"),
        ({"type": "odd", "cells": []}, "needs a non-empty list 'cells'"),
        ({"type": "odd", "cells": "r1c1"}, "needs a non-empty list 'cells'"),
        ({"type": "odd"}, "needs a non-empty list 'cells'"),
        ({"type": "odd", "cells": ["r1c1", "R1C1"]}, "lists a cell twice"),
        ({"type": "difference", "cells": ["r1c1", "r1c2", "r1c3"]}, "needs exactly 2 cells, got 3"),
        ({"type": "xv", "cells": ["r1c1", "r1c2"]}, "constraint 'xv': needs a number 'sum'"),
        ({"type": "ratio", "cells": ["r1c1", "r1c2"], "value": "2"}, "must be a whole number"),
        ({"type": "ratio", "cells": ["r1c1", "r1c2"], "value": True}, "must be a whole number"),
        ({"type": "clone", "cells": ["r1c1"], "clone": ["r2c1", "r2c2"]}, "same length"),
        ({"type": "thermo", "cells": ["r1c1", "r1c2", "r12c3"]}, "r12c3 is outside"),
    ],
)
def test_constraint_from_json_errors(obj: Any, message: str) -> None:
    with pytest.raises(LayoutError) as info:
        constraint_from_json(obj, G9)
    assert message in str(info.value)


def _examples() -> list[Constraint]:
    c = G9.parse_cell
    return [
        AntiKnight(),
        AntiKing(),
        NonConsecutive(),
        DiagonalNonConsecutive(),
        KropkiNegativeBlack(),
        XVNegative(),
        Diagonal("anti"),
        DisjointGroups(),
        ExtraRegion([c("r1c1"), c("r5c5"), c("r9c9")]),
        Regions([[r * 9 + (r + k) % 9 for r in range(9)] for k in range(9)]),
        Odd([c("r1c1"), c("r2c2")]),
        Even([c("r3c3")]),
        Candidates(c("r4c4"), digits_mask([1, 5, 9])),
        Difference(c("r1c1"), c("r1c2"), 3),
        Ratio(c("r1c1"), c("r2c1"), 2),
        XV(c("r1c1"), c("r2c1"), 5),
        Thermo([c("r1c1"), c("r1c2"), c("r2c2")]),
        SlowThermo([c("r1c1"), c("r1c2")]),
        Palindrome([c("r1c1"), c("r1c2"), c("r1c3")]),
        Whispers([c("r1c1"), c("r1c2")]),
        Whispers([c("r1c1"), c("r1c2")], 4),
        Nabner([c("r1c1"), c("r2c3")]),
        Clone([c("r1c1"), c("r1c2")], [c("r9c1"), c("r9c2")]),
    ]


@pytest.mark.parametrize("con", _examples(), ids=lambda c: type(c).__name__)
def test_json_round_trip(con: Constraint) -> None:
    data = con.to_json(G9)
    assert data["type"] in REGISTRY
    again = constraint_from_json(data, G9)
    assert again == con
    assert again.to_json(G9) == data
