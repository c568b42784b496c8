"""Shared paths and loaders for the test suite."""

from __future__ import annotations

import importlib.util
import json
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pytest

from yass.constraints import constraint_from_json
from yass.core.board import Board, Puzzle
from yass.core.geometry import Grid, box_shape, char_digit
from yass.core.layout import Layout

if TYPE_CHECKING:
    from yass.web import Server

DATA = Path(__file__).parent / "data"
PUZZLES = DATA / "puzzles"
VARIANTS = DATA / "variant_puzzles.json"
SEED_PUZZLE = "409010803000009240000000001390274600000050000002163059500000000013600000908020107"
# The README example's input picture (SEED_PUZZLE) without its indentation and trailing space.
SEED_INPUT_PICTURE = """\
┌───┬───┬───┐
│4 9│ 1 │8 3│
│   │  9│24 │
│   │   │  1│
├───┼───┼───┤
│39 │274│6  │
│   │ 5 │   │
│  2│163│ 59│
├───┼───┼───┤
│5  │   │   │
│ 13│6  │   │
│9 8│ 2 │1 7│
└───┴───┴───┘"""


def interpreted(module: ModuleType, name: str) -> ModuleType:
    """A fresh copy of a compiled module's pure-Python source, run by Python (as
    ``name``), to compare with the extension."""
    path = Path(module.__file__ or "").with_name(module.__name__.rsplit(".", 1)[-1] + ".py")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    copy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(copy)
    return copy


def puzzle_lines(name: str, limit: int | None = None) -> list[str]:
    """Puzzle lines of a sample file in tests/data/puzzles (``limit`` first ones)."""
    lines = [ln.strip() for ln in (PUZZLES / name).read_text().splitlines() if ln.strip()]
    return lines[:limit] if limit is not None else lines


#: Rule types over many cells at once (cages, arrows, lines, outside clues). Their
#: puzzles go to the pure-Python reference search and its propagation hooks, which is
#: far slower than the compiled one, so the technique families' sweeps leave them out
#: (``variant_entries()``); tests/test_variant_rules.py and tests/test_outside.py sweep
#: them on their own.
MULTI_CELL_TYPES = frozenset({
    "killer", "arrow", "little_killer", "renban", "between", "zipper", "region_sum_line",
    "quadruple", "sandwich", "xsum", "skyscraper", "multisum_killer", "double_arrow",
    "lockout_line", "numbered_room",
})

#: Published puzzles of the corpus with indexer rules that the logic solver finishes
#: without a guess but only after 7-60 s of forcing nets: the logic sweeps
#: (``variant_entries()``) leave them out; the searches and the link tests keep them.
SLOW_LOGIC = frozenset({"Row Indexing Test", "Box Indexing Test", "2D 1-5-9"})


def variant_entries(*, multi_cell: bool = False) -> list[dict[str, Any]]:
    """The variant corpus; without ``multi_cell``, only the puzzles whose rules are
    houses, pairs, relations and cell masks (see ``MULTI_CELL_TYPES``), less
    ``SLOW_LOGIC``."""
    data: list[dict[str, Any]] = json.loads(VARIANTS.read_text())
    if multi_cell:
        return data
    return [e for e in data if not {c["type"] for c in e["constraints"]} & MULTI_CELL_TYPES
            and e["name"] not in SLOW_LOGIC]


# -- helpers for the foundation tests (geometry, board, search, corpora, variants) -------


def digits_of(line: str) -> tuple[int, ...]:
    """The digits of a puzzle line, 0 for a blank (``.`` or ``0``)."""
    return tuple(max(0, char_digit(ch)) for ch in line)


def latin_box_errors(size: int, box_rows: int, box_cols: int, values: Sequence[int]) -> list[str]:
    """Rows, columns and boxes that are not a permutation of 1..size, checked from scratch.

    Independent of ``Layout``: it works on coordinates only. ``box_rows == 0`` skips boxes.
    """
    if len(values) != size * size:
        return [f"{len(values)} values for a {size}x{size} grid"]
    want = set(range(1, size + 1))
    grid = [list(values[r * size : (r + 1) * size]) for r in range(size)]
    errors = []
    for r in range(size):
        if set(grid[r]) != want:
            errors.append(f"row {r + 1}")
    for c in range(size):
        if {grid[r][c] for r in range(size)} != want:
            errors.append(f"column {c + 1}")
    if box_rows:
        for top in range(0, size, box_rows):
            for left in range(0, size, box_cols):
                box = {grid[top + i][left + j] for i in range(box_rows) for j in range(box_cols)}
                if box != want:
                    errors.append(f"box at r{top + 1}c{left + 1}")
    return errors


def keeps_givens(givens: Sequence[int], values: Sequence[int]) -> bool:
    """True when every given (non-zero) of ``givens`` is kept in ``values``."""
    if len(givens) != len(values):
        return False
    return all(g in (0, v) for g, v in zip(givens, values, strict=True))


def variant_puzzle(entry: dict[str, Any]) -> Puzzle:
    """A variant puzzle of variant_puzzles.json built with the library's own pieces."""
    size = entry["size"]
    rows, cols = box_shape(size) or (0, 0)
    grid = Grid(size, rows, cols)
    # a toroidal grid is known before the rules that cross its edges are read
    wraps = [constraint_from_json(obj, grid) for obj in entry["constraints"]
             if obj["type"] == "toroidal"]
    grid = Grid(size, rows, cols, tuple(wraps))
    rules = [constraint_from_json(obj, grid) for obj in entry["constraints"]]
    return Puzzle(Layout(size, rules), digits_of(entry["givens"]), name=entry["name"])


# -- an independent statement of the whole-grid rules, from coordinates only ---------------
#
# Used as an oracle for the layout and the search: houses and pair rules are written out
# here from the rule texts in shared/data/variants/README.md, without the library.

#: Whole-grid rules the oracle knows (``--rules`` names; windoku only on 4x4 and 9x9).
ORACLE_RULES = (
    "antiknight",
    "antiking",
    "nonconsecutive",
    "diagonalnonconsecutive",
    "diagonal",
    "disjointgroups",
    "windoku",
    "kropkinegativeblack",
    "xvnegative",
)


def oracle_houses(
    size: int,
    shape: tuple[int, int] | None,
    names: Sequence[str] = (),
    regions: Sequence[Sequence[int]] = (),
) -> list[list[int]]:
    """Rows, columns, boxes (or ``regions``) and the houses of the named rules."""
    n = size
    houses = [[r * n + c for c in range(n)] for r in range(n)]
    houses += [[r * n + c for r in range(n)] for c in range(n)]
    if regions:
        houses += [list(r) for r in regions]
    elif shape is not None:
        br, bc = shape
        for top in range(0, n, br):
            for left in range(0, n, bc):
                houses.append([(top + i) * n + left + j for i in range(br) for j in range(bc)])
    if "diagonal" in names:
        houses.append([i * n + i for i in range(n)])
        houses.append([(n - 1 - i) * n + i for i in range(n)])
    if "disjointgroups" in names and shape is not None:
        br, bc = shape
        for i in range(br):
            for j in range(bc):
                group = [(r + i) * n + c + j for r in range(0, n, br) for c in range(0, n, bc)]
                houses.append(group)
    if "windoku" in names:
        corners = {4: [(1, 1)], 9: [(1, 1), (1, 5), (5, 1), (5, 5)]}[n]
        side = {4: 2, 9: 3}[n]
        for top, left in corners:
            houses.append([(top + i) * n + left + j for i in range(side) for j in range(side)])
    return houses


def oracle_pair_ok(names: Sequence[str], size: int, a: int, x: int, b: int, y: int) -> bool:
    """Whether digits x in cell a and y in cell b are allowed together by the pair rules."""
    ra, ca = divmod(a, size)
    rb, cb = divmod(b, size)
    dr, dc = abs(ra - rb), abs(ca - cb)
    orth = dr + dc == 1
    if x == y and "antiknight" in names and {dr, dc} == {1, 2}:
        return False
    if x == y and "antiking" in names and max(dr, dc) == 1:
        return False
    if orth and "nonconsecutive" in names and abs(x - y) == 1:
        return False
    if dr == dc == 1 and "diagonalnonconsecutive" in names and abs(x - y) == 1:
        return False
    if orth and "kropkinegativeblack" in names and (x == 2 * y or y == 2 * x):
        return False
    return not (orth and "xvnegative" in names and x + y in (5, 10))


def oracle_errors(
    size: int, houses: Sequence[Sequence[int]], names: Sequence[str], values: Sequence[int]
) -> list[str]:
    """Every broken house or pair rule of a complete grid, by brute force."""
    errors = []
    if len(values) != size * size or not all(1 <= v <= size for v in values):
        return ["not a complete grid of digits 1..size"]
    for house in houses:
        digits = [values[c] for c in house]
        if len(set(digits)) != len(digits):
            errors.append(f"house {sorted(house)} repeats a digit")
    if not names:
        return errors
    for a in range(size * size):
        ra, ca = divmod(a, size)
        # Every pair rule is local (knight's move at most): look two rows down at most.
        for rb in range(ra, min(size, ra + 3)):
            for cb in range(max(0, ca - 2), min(size, ca + 3)):
                b = rb * size + cb
                if b > a and not oracle_pair_ok(names, size, a, values[a], b, values[b]):
                    errors.append(f"cells {a} and {b} break a pair rule")
    return errors


def oracle_count(
    size: int,
    houses: Sequence[Sequence[int]],
    names: Sequence[str],
    givens: Sequence[int] | None = None,
    limit: int = 10**9,
) -> int:
    """Solutions by plain backtracking, cell by cell (small grids only)."""
    ncells = size * size
    together: list[set[int]] = [set() for _ in range(ncells)]
    for house in houses:
        for a in house:
            together[a].update(c for c in house if c != a)
    earlier_house = [sorted(c for c in together[a] if c < a) for a in range(ncells)]
    fixed = list(givens) if givens is not None else [0] * ncells
    values = [0] * ncells
    count = 0

    def fill(a: int) -> None:
        nonlocal count
        if count >= limit:
            return
        if a == ncells:
            count += 1
            return
        options = [fixed[a]] if fixed[a] else range(1, size + 1)
        for x in options:
            if any(values[b] == x for b in earlier_house[a]):
                continue
            if names and not all(
                oracle_pair_ok(names, size, b, values[b], a, x) for b in range(a)
            ):
                continue
            values[a] = x
            fill(a + 1)
        values[a] = 0

    fill(0)
    return count


def assert_board_consistent(board: Board) -> None:
    """The cell -> digits view and the digit -> cells view describe the same candidates."""
    lay = board.layout
    filled = 0
    for d in range(1, lay.size + 1):
        pos, placed = board.positions(d), board.placed(d)
        assert not pos & placed
        for cell in range(lay.ncells):
            value = board.values[cell]
            in_cands = bool(board.cands[cell] >> (d - 1) & 1)
            assert bool(placed >> cell & 1) == (value == d)
            if value:
                assert not pos >> cell & 1
            else:
                assert bool(pos >> cell & 1) == in_cands, (lay.name(cell), d)
            assert board.has(cell, d) == in_cands
        filled |= placed
    for cell, value in enumerate(board.values):
        if value:
            # A placed cell keeps exactly its digit (or nothing, once a rule broke it).
            assert board.cands[cell] in (1 << (value - 1), 0)
    assert board.empty == ((1 << lay.ncells) - 1) & ~filled
    assert set(board.unplaced_cells()) == {c for c, v in enumerate(board.values) if not v}


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    """A ``yass web`` server on a free port of 127.0.0.1, in a thread, for a test module
    (tests/test_web*.py)."""
    from yass.web import make_server

    srv = make_server(0)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        yield srv
    finally:
        srv.shutdown()
        srv.server_close()
        thread.join(5)


@pytest.fixture(scope="session")
def dask_client() -> Iterator[Any]:
    """A client of a real local Dask cluster (two worker processes of one thread), shared by
    the tests of ``--scheduler`` (tests/test_rate_cli.py, tests/test_cluster.py)."""
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
    )
    client = distributed.Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()
