"""How long the uniqueness check takes on random 12x12 and 16x16 puzzles: the heavy tail.

The corpus is made here, from a fixed seed, each time the script runs (nothing to
download or keep): for each size, random complete grids (the boxes along the diagonal
filled at random, the rest by a plain randomised search written here, so the corpus
does not change with the engine measured; then rows, columns, bands and stacks
shuffled), each with a random subset of its cells kept as givens at a mix of densities
(from about a quarter to about a half of the cells; 80 givens is among the 16x16 ones).
Every puzzle has a solution; the sparser ones usually have several.

For each puzzle it times ``yass.engine.fast.count_solutions(puzzle, 2)`` (the uniqueness check,
the generic compiled engine) in CPU seconds and prints, per size and overall, the
median, the 99th percentile and the maximum, with the branches taken. The target is a
maximum under 10 s and a 99th percentile under 1 s. A search that runs past ``--cap``
seconds is stopped (``--timeout``'s mechanism) and counted at the cap, so a regression
cannot hang the run.

    python benchmarks/large_grids.py                   # 500 puzzles of each size
    python benchmarks/large_grids.py --per-size 100 --seed 7 --slowest 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence

from yass.core.board import Puzzle
from yass.core.bounds import BoundReached, Bounds
from yass.core.geometry import box_shape, digit_char
from yass.engine import _core, fast
from yass.formats.text import make_layout

#: Givens per puzzle, drawn in turn: a mix of densities for each size.
DENSITIES = {
    12: (36, 40, 44, 48, 54, 60, 72, 84, 96),
    16: (64, 72, 80, 80, 88, 96, 110, 128, 150, 180),
}


def _shuffled_grid(size: int, grid: list[int], rng: random.Random) -> list[int]:
    """The grid with rows shuffled within bands, bands shuffled, and the same for
    columns within stacks and stacks: still a valid grid of the same size and boxes."""
    shape = box_shape(size)
    assert shape is not None
    br, bc = shape

    def order(block: int) -> list[int]:
        blocks = list(range(size // block))
        rng.shuffle(blocks)
        out: list[int] = []
        for b in blocks:
            inner = list(range(block))
            rng.shuffle(inner)
            out += [b * block + i for i in inner]
        return out

    rows, cols = order(br), order(bc)
    return [grid[rows[r] * size + cols[c]] for r in range(size) for c in range(size)]


def _fill(size: int, givens: list[int], rng: random.Random, cap: int) -> list[int] | None:
    """A completion of ``givens`` by a plain randomised search of this script's own
    (fewest candidates first, digits in random order), so the corpus does not depend on
    the engine it measures; None after ``cap`` branches (the caller starts again)."""
    shape = box_shape(size)
    assert shape is not None
    br, bc = shape
    full = (1 << size) - 1
    unit = [(c // size, size + c % size, 2 * size + (c // size // br) * br + c % size // bc)
            for c in range(size * size)]
    used = [0] * (3 * size)
    grid = givens[:]
    for c, v in enumerate(grid):
        if v:
            for u in unit[c]:
                used[u] |= 1 << (v - 1)
    empty = [c for c, v in enumerate(grid) if not v]
    branches = 0

    def search() -> bool:
        nonlocal branches
        best, best_mask, best_count = -1, 0, size + 1
        for c in empty:
            if grid[c]:
                continue
            a, b, x = unit[c]
            mask = full & ~(used[a] | used[b] | used[x])
            count = mask.bit_count()
            if count < best_count:
                best, best_mask, best_count = c, mask, count
                if count <= 1:
                    break
        if best < 0:
            return True
        if best_count == 0:
            return False
        digits = [d for d in range(1, size + 1) if best_mask >> (d - 1) & 1]
        rng.shuffle(digits)
        a, b, x = unit[best]
        for d in digits:
            branches += 1
            if branches > cap:
                return False
            bit = 1 << (d - 1)
            grid[best] = d
            used[a] |= bit
            used[b] |= bit
            used[x] |= bit
            if search():
                return True
            grid[best] = 0
            used[a] &= ~bit
            used[b] &= ~bit
            used[x] &= ~bit
        return False

    return grid if search() else None


def random_grid(size: int, rng: random.Random) -> list[int]:
    """A random complete grid of ``size`` with standard boxes."""
    shape = box_shape(size)
    assert shape is not None
    br, bc = shape
    while True:
        givens = [0] * (size * size)
        for i in range(min(size // br, size // bc)):
            digits = list(range(1, size + 1))
            rng.shuffle(digits)
            cells = [
                (i * br + r) * size + i * bc + c for r in range(br) for c in range(bc)
            ]
            for cell, d in zip(cells, digits, strict=True):
                givens[cell] = d
        filled = _fill(size, givens, rng, cap=5000)
        if filled is not None:  # else (rare) draw another start rather than wait
            return _shuffled_grid(size, filled, rng)


def corpus(size: int, count: int, seed: int) -> list[tuple[int, ...]]:
    """``count`` puzzles of ``size`` with a solution, the same for the same seed."""
    rng = random.Random(f"{seed}-{size}")
    densities = DENSITIES[size]
    out: list[tuple[int, ...]] = []
    grid: list[int] = []
    for i in range(count):
        if i % 4 == 0:  # four puzzles from each grid
            grid = random_grid(size, rng)
        keep = set(rng.sample(range(size * size), densities[i % len(densities)]))
        out.append(tuple(v if c in keep else 0 for c, v in enumerate(grid)))
    return out


def _line(givens: Sequence[int]) -> str:
    return "".join(digit_char(v) if v else "." for v in givens)


def _figures(times: list[float]) -> str:
    times = sorted(times)
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    return (
        f"median {statistics.median(times) * 1000:8.2f} ms   p99 {p99 * 1000:9.2f} ms"
        f"   max {times[-1]:8.3f} s"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--per-size", type=int, default=500, help="puzzles of each size (500)")
    ap.add_argument("--seed", type=int, default=2026, help="corpus seed (2026)")
    ap.add_argument("--cap", type=float, default=60.0, help="stop a search after this (60 s)")
    ap.add_argument("--sizes", default="12,16", help="sizes, comma-separated (12,16)")
    ap.add_argument("--slowest", type=int, default=3, help="print the N slowest puzzles (3)")
    ap.add_argument(
        "--no-restarts",
        action="store_true",
        help="run the generic engine without its restarts (to see the tail they cut)",
    )
    args = ap.parse_args(argv)
    if args.no_restarts:
        _core.restarts(-1)

    print(
        f"compiled core: {fast.is_compiled()}; restarts: {not args.no_restarts};"
        f" seed {args.seed}; {args.per_size} puzzles a size"
    )
    everything: list[float] = []
    slow: list[tuple[float, int, int, str]] = []
    capped = 0
    for size in (int(s) for s in args.sizes.split(",")):
        made = time.perf_counter()
        puzzles = corpus(size, args.per_size, args.seed)
        made = time.perf_counter() - made
        layout = make_layout(size)
        times: list[float] = []
        unique = 0
        for givens in puzzles:
            puzzle = Puzzle(layout, givens)
            start = time.process_time()
            branches = _core.nodes()
            try:
                n = fast.count_solutions(puzzle, 2, Bounds(timeout=args.cap))
            except BoundReached:
                n = -1
                capped += 1
            spent = time.process_time() - start
            if n < 0:
                spent = max(spent, args.cap)  # it would have taken at least that
            if n == 0:
                print(f"error: a puzzle made from a grid has no solution: {_line(givens)}")
                return 1
            unique += n == 1
            times.append(spent)
            slow.append((spent, size, _core.nodes() - branches, _line(givens)))
        everything += times
        print(
            f"{size}x{size}: {len(puzzles)} puzzles ({unique} unique; made in {made:.1f} s)"
            f"   {_figures(times)}"
        )
    print(f"all:   {len(everything)} puzzles   {_figures(everything)}")
    if capped:
        print(f"{capped} searches stopped at the cap of {args.cap:g} s (counted as {args.cap:g} s)")
    slow.sort(reverse=True)
    for spent, size, nodes, line in slow[: args.slowest]:
        print(f"slowest: {spent:.3f} s, {nodes} branches, {size}x{size}: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
