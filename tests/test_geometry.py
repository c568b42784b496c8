"""Geometry invariants: sizes, box shapes, cell and digit names, houses and peers per size and rule.

Expected values are derived here from coordinates alone (row, column, box by integer
division, chess moves by offsets), never read back from the layout under test.
"""

from __future__ import annotations

import pytest

from yass.constraints import (
    AntiKing,
    AntiKnight,
    Diagonal,
    DisjointGroups,
    NonConsecutive,
    Regions,
    rules_from_names,
)
from yass.constraints.base import Constraint
from yass.core.geometry import (
    MAX_SIZE,
    Grid,
    LayoutError,
    PuzzleError,
    bits,
    box_shape,
    char_digit,
    digit_char,
    digits_mask,
    mask_digits,
)
from yass.core.layout import Layout

BOXED = {1: (1, 1), 4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4)}


def coord_sees(
    size: int, shape: tuple[int, int], a: int, b: int, *, knight: bool = False, king: bool = False
) -> bool:
    """Whether cells ``a`` and ``b`` see each other, from coordinates only."""
    if a == b:
        return False
    ra, ca = divmod(a, size)
    rb, cb = divmod(b, size)
    br, bc = shape
    if ra == rb or ca == cb or (ra // br == rb // br and ca // bc == cb // bc):
        return True
    dr, dc = abs(ra - rb), abs(ca - cb)
    if knight and {dr, dc} == {1, 2}:
        return True
    return king and max(dr, dc) == 1


def peer_set(layout: Layout, cell: int) -> set[int]:
    return set(bits(layout.peers[cell]))


def rc(layout: Layout, text: str) -> int:
    return layout.parse_cell(text)


# -- sizes and box shapes -------------------------------------------------------------


@pytest.mark.parametrize(("size", "shape"), sorted(BOXED.items()))
def test_box_shape_of_boxed_sizes(size: int, shape: tuple[int, int]) -> None:
    assert box_shape(size) == shape
    layout = Layout(size)
    assert (layout.box_rows, layout.box_cols) == shape
    assert layout.ncells == size * size
    assert layout.all_digits == (1 << size) - 1


@pytest.mark.parametrize("size", [2, 3, 5, 7, 11, 13])
def test_prime_size_without_regions_is_a_layout_error(size: int) -> None:
    assert box_shape(size) is None
    with pytest.raises(LayoutError, match=f"size {size} has no box shape"):
        Layout(size)


@pytest.mark.parametrize("size", [5, 7])
def test_prime_size_with_regions_works(size: int) -> None:
    # Broken diagonals (cells with equal (col - row) mod N) as regions.
    regions = [[r * size + (r + k) % size for r in range(size)] for k in range(size)]
    layout = Layout(size, [Regions(regions)])
    kinds = [h.kind for h in layout.houses]
    assert kinds.count("row") == kinds.count("column") == kinds.count("region") == size
    assert "box" not in kinds
    # r1c1 sees its row, its column and its broken diagonal: 3 * (N - 1) cells.
    assert len(peer_set(layout, 0)) == 3 * (size - 1)


@pytest.mark.parametrize("size", [0, -1, 17, 25])
def test_size_out_of_range(size: int) -> None:
    with pytest.raises(LayoutError, match=f"1 to {MAX_SIZE}"):
        Layout(size)


def test_box_that_does_not_fit() -> None:
    with pytest.raises(LayoutError, match="2x3 box does not fit a size-9 grid"):
        Layout(9, box=(2, 3))


def test_explicit_box_shape_overrides_the_default() -> None:
    layout = Layout(6, box=(3, 2))
    box1 = next(h for h in layout.houses if h.name == "box 1")
    assert [layout.name(c) for c in box1.cells] == ["r1c1", "r1c2", "r2c1", "r2c2", "r3c1", "r3c2"]


def test_layout_errors_are_puzzle_errors() -> None:
    assert issubclass(LayoutError, PuzzleError)
    assert issubclass(PuzzleError, ValueError)


# -- houses ---------------------------------------------------------------------------


@pytest.mark.parametrize("size", sorted(BOXED))
def test_houses_partition_the_grid(size: int) -> None:
    layout = Layout(size)
    br, bc = BOXED[size]
    by_kind: dict[str, list[tuple[int, ...]]] = {}
    for house in layout.houses:
        by_kind.setdefault(house.kind, []).append(house.cells)
        assert house.full and len(house.cells) == size
        assert house.mask == sum(1 << c for c in house.cells)
    assert sorted(by_kind) == ["box", "column", "row"]
    for kind, groups in by_kind.items():
        assert len(groups) == size, kind
        covered = sorted(c for g in groups for c in g)
        assert covered == list(range(size * size)), f"{kind}s do not partition the grid"
    # Each row holds one row's cells, each column one column's, each box a br x bc block.
    for number, cells in enumerate(by_kind["row"]):
        assert {c // size for c in cells} == {number}
    for number, cells in enumerate(by_kind["column"]):
        assert {c % size for c in cells} == {number}
    for cells in by_kind["box"]:
        rows = {c // size for c in cells}
        cols = {c % size for c in cells}
        assert len(rows) == br and len(cols) == bc
        assert max(rows) - min(rows) == br - 1 and max(cols) - min(cols) == bc - 1
        assert min(rows) % br == 0 and min(cols) % bc == 0


@pytest.mark.parametrize("size", sorted(BOXED))
def test_each_cell_in_exactly_one_row_column_and_box(size: int) -> None:
    layout = Layout(size)
    for cell in range(layout.ncells):
        kinds = sorted(layout.houses[h].kind for h in layout.cell_houses[cell])
        assert kinds == ["box", "column", "row"]
        for h in layout.cell_houses[cell]:
            assert cell in layout.houses[h].cells


def test_house_names() -> None:
    layout = Layout(9, [Diagonal("main"), Diagonal("anti")])
    names = [h.name for h in layout.houses]
    assert names[:3] == ["row 1", "row 2", "row 3"]
    assert "column 9" in names and "box 9" in names and "box 10" not in names
    assert names[-2:] == ["main diagonal", "anti diagonal"]
    assert len(layout.full_houses) == 29


# -- peers ------------------------------------------------------------------------------


@pytest.mark.parametrize("size", sorted(BOXED))
def test_classic_peers_match_coordinates(size: int) -> None:
    layout = Layout(size)
    shape = BOXED[size]
    br, bc = shape
    for a in range(layout.ncells):
        expected = {b for b in range(layout.ncells) if coord_sees(size, shape, a, b)}
        assert peer_set(layout, a) == expected
        assert list(layout.peer_lists[a]) == sorted(expected)
        # Row and column give 2(N-1); the box adds the (br-1)(bc-1) cells off both lines.
        assert len(expected) == 2 * (size - 1) + (br - 1) * (bc - 1)


def test_classic_9x9_has_20_peers_everywhere() -> None:
    layout = Layout.classic(9)
    assert {len(layout.peer_lists[c]) for c in range(81)} == {20}


@pytest.mark.parametrize(
    ("rules", "knight", "king"),
    [
        ([AntiKnight()], True, False),
        ([AntiKing()], False, True),
        ([AntiKnight(), AntiKing()], True, True),
    ],
)
@pytest.mark.parametrize("size", [4, 6, 9])
def test_chess_peers_match_coordinates(
    size: int, rules: list[Constraint], knight: bool, king: bool
) -> None:
    layout = Layout(size, rules)
    shape = BOXED[size]
    for a in range(layout.ncells):
        expected = {
            b
            for b in range(layout.ncells)
            if coord_sees(size, shape, a, b, knight=knight, king=king)
        }
        assert peer_set(layout, a) == expected, layout.name(a)


def test_chess_peer_counts_worked_by_hand() -> None:
    both = Layout(9, [AntiKnight(), AntiKing()])
    knight = Layout(9, [AntiKnight()])
    king = Layout(9, [AntiKing()])
    # r1c1: its knight moves (r2c3, r3c2) and king moves (r1c2, r2c1, r2c2) are all in box 1.
    for layout in (both, knight, king):
        assert len(peer_set(layout, rc(layout, "r1c1"))) == 20
    # r5c5: all eight knight moves leave box 5 and its row and column; king moves stay in box 5.
    assert len(peer_set(knight, rc(knight, "r5c5"))) == 28
    assert len(peer_set(king, rc(king, "r5c5"))) == 20
    assert len(peer_set(both, rc(both, "r5c5"))) == 28
    # r3c3 (corner of box 1): king adds r2c4, r4c2, r4c4; knight adds r1c4, r2c5, r4c1, r4c5,
    # r5c2, r5c4 (r1c2 and r2c1 are in box 1).
    assert len(peer_set(king, rc(king, "r3c3"))) == 23
    assert len(peer_set(knight, rc(knight, "r3c3"))) == 26
    assert len(peer_set(both, rc(both, "r3c3"))) == 29
    extra = peer_set(both, rc(both, "r3c3")) - peer_set(Layout.classic(9), rc(both, "r3c3"))
    assert sorted(both.name(c) for c in extra) == sorted(
        ["r2c4", "r4c2", "r4c4", "r1c4", "r2c5", "r4c1", "r4c5", "r5c2", "r5c4"]
    )


@pytest.mark.parametrize(
    "rules",
    [
        [],
        [AntiKnight(), AntiKing()],
        [Diagonal("main"), Diagonal("anti")],
        [DisjointGroups()],
        rules_from_names("windoku", Grid(9, 3, 3)),
        [NonConsecutive()],
    ],
)
def test_peers_are_symmetric_and_exclude_self(rules: list[Constraint]) -> None:
    layout = Layout(9, rules)
    for a in range(81):
        assert not layout.sees(a, a)
        for b in layout.peer_lists[a]:
            assert layout.sees(b, a)


def test_why_sees_names_the_rule() -> None:
    layout = Layout(9, [AntiKnight(), AntiKing(), Diagonal("main")])

    def why(a: str, b: str) -> str:
        return layout.why_sees(rc(layout, a), rc(layout, b))

    assert why("r1c1", "r1c5") == "same row 1"
    assert why("r2c7", "r8c7") == "same column 7"
    assert why("r4c4", "r6c5") == "same box 5"
    assert why("r1c1", "r9c9") == "same main diagonal"
    assert why("r5c5", "r3c4") == "anti-knight"
    assert why("r3c3", "r4c4") == "same main diagonal"
    assert why("r3c3", "r4c2") == "anti-king"
    assert why("r4c2", "r3c3") == "anti-king"
    assert why("r1c1", "r5c6") == "no rule"
    assert not layout.sees(rc(layout, "r1c1"), rc(layout, "r5c6"))


def test_nonconsecutive_adds_no_peers() -> None:
    # Non-consecutive is a relation between digits, not a "sees" rule: it adds no peers.
    plain, nc = Layout.classic(9), Layout(9, [NonConsecutive()])
    assert plain.peers == nc.peers


# -- cell and digit names -----------------------------------------------------------------


@pytest.mark.parametrize("size", [1, 4, 9, 16])
def test_cell_names_round_trip(size: int) -> None:
    grid = Grid(size, *BOXED[size])
    for cell in range(size * size):
        name = grid.name(cell)
        r, c = divmod(cell, size)
        assert name == f"r{r + 1}c{c + 1}"
        assert grid.parse_cell(name) == cell
        assert grid.parse_cell(name.upper()) == cell
        assert grid.rc(cell) == (r, c)


def test_parse_cell_errors_and_outside_cells() -> None:
    grid = Grid(9, 3, 3)
    assert grid.parse_cell(" r2 c3 ") == 11
    for bad in ("x1y1", "r1", "c1r1", "", "r1c1c1"):
        with pytest.raises(LayoutError, match="is not a cell name like r1c1"):
            grid.parse_cell(bad)
    for off in ("r0c1", "r10c1", "r1c10"):
        with pytest.raises(LayoutError, match="outside the 9x9 grid"):
            grid.parse_cell(off)
    assert grid.parse_rc("r0c4", outside=True) == (-1, 3)
    assert grid.parse_rc("r10c10", outside=True) == (9, 9)
    with pytest.raises(LayoutError):
        grid.parse_rc("r11c1", outside=True)


def test_digit_characters() -> None:
    assert [digit_char(d) for d in range(1, 17)] == list("123456789ABCDEFG")
    for d in range(1, 17):
        assert char_digit(digit_char(d)) == d
        assert char_digit(digit_char(d).lower()) == d
    assert char_digit(".") == char_digit("0") == 0
    assert char_digit("x") == char_digit("H") == char_digit("-") == -1


def test_mask_helpers() -> None:
    assert mask_digits(0) == []
    assert mask_digits(0b101001) == [1, 4, 6]
    assert digits_mask([1, 4, 6]) == 0b101001
    assert list(bits(0b101001)) == [0, 3, 5]
    for mask in (1, 0x1FF, 0xFFFF, 0b1000000000000001):
        assert digits_mask(mask_digits(mask)) == mask
        assert sum(1 << b for b in bits(mask)) == mask


def test_grid_pair_generators() -> None:
    grid = Grid(4, 2, 2)
    ortho = list(grid.orthogonal_pairs())
    diag = list(grid.diagonal_pairs())
    # An N x N grid has 2N(N-1) orthogonal and 2(N-1)^2 diagonal neighbour pairs.
    assert len(ortho) == len(set(ortho)) == 24
    assert len(diag) == len(set(diag)) == 18
    for a, b in ortho:
        (ra, ca), (rb, cb) = grid.rc(a), grid.rc(b)
        assert abs(ra - rb) + abs(ca - cb) == 1
    for a, b in diag:
        (ra, ca), (rb, cb) = grid.rc(a), grid.rc(b)
        assert abs(ra - rb) == abs(ca - cb) == 1


def test_bounded_caches_empty_when_full_and_keep_answering() -> None:
    from yass.core import geometry
    from yass.core.memo import remember

    cache: dict[int, int] = {}
    assert [remember(cache, k, k * k, limit=3) for k in range(3)] == [0, 1, 4]
    assert remember(cache, 3, 9, limit=3) == 9 and cache == {3: 9}  # emptied, then kept
    geometry._RC_NUMBERS.clear()
    grid = geometry.Grid(9, 3, 3)
    names = [f"r{1 + k % 9}c{1 + k // 9 % 9}" + " " * (k // 81) for k in range(5000)]
    for _ in range(2):  # more names than the cache holds: always the right cell
        assert [grid.parse_cell(name) for name in names] == [
            (k % 9) * 9 + k // 9 % 9 for k in range(5000)
        ]
    assert 0 < len(geometry._RC_NUMBERS) < 4096
