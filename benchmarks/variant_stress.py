"""A stress set of sum-clue variant puzzles, and OR-Tools CP-SAT models of them.

``stress_set(count, seed)`` makes ``count`` 9x9 puzzles, each with a unique solution,
from a fixed seed (the same call gives the same puzzles). For each one it draws a
random solution grid (a solved empty grid, its digits relabelled and its rows,
columns, bands and stacks shuffled), then a pool of clues that grid obeys: killer
cages (2-5 orthogonally connected cells of different digits and their sum), little
killers (a diagonal from outside and its sum), arrows (a circle and a path of 1-3
cells adding up to it), thermometers (a path of 2-5 cells increasing along it),
sandwiches (a row or column and the sum between its 1 and 9), renban lines (a path of
2-5 cells holding a run of consecutive digits) and, for the few-given families, givens.
The family of the puzzle decides which kinds go in the pool:

=============  =======================================================
``killer``     cages, few givens
``lk``         cages and little killers, no givens
``arrow``      arrows and thermometers, few givens
``sandwich``   sandwiches, thermometers, few givens
``renban``     renban lines and thermometers, no givens
``mixed``      every kind, no givens or a few
=============  =======================================================

Clues go in one at a time, in random order, until yass proves the puzzle unique
(``yass.engine.fast.search(puzzle, 2)``, checked every fourth clue); then 12 clues picked
at random are tried in turn, and each the puzzle stays unique without is dropped. A uniqueness
check that passes a bound of branches counts as "not unique yet" (more clues follow),
so a puzzle hard for yass is not thrown away, only given more clues. That bound makes
the set depend a little on the engine that made it: the set the benchmark reads is the
file ``benchmarks/data/variant_stress.json``, made once (``variants.py --regenerate``
makes it again, the same where no check reached its bound). It leans toward puzzles
whose uniqueness yass proves within the bound, which favours yass in the comparison.

``cpsat_count(entry, limit)`` builds a CP-SAT model of a puzzle of this set (the types
above) and enumerates up to ``limit`` solutions with one worker. CP-SAT is OR-Tools'
constraint solver (``pip install ortools``, the ``bench`` extra); nothing of yass's
runtime imports it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from itertools import pairwise
from typing import Any

Entry = dict[str, Any]

FAMILIES = ("killer", "lk", "arrow", "sandwich", "renban", "mixed")
N = 9
_ORTH = ((0, 1), (1, 0), (0, -1), (-1, 0))
_KING = (*_ORTH, (1, 1), (1, -1), (-1, 1), (-1, -1))


def _name(cell: int) -> str:
    return f"r{cell // N + 1}c{cell % N + 1}"


def _neighbours(cell: int, steps: tuple[tuple[int, int], ...]) -> Iterator[int]:
    r, c = divmod(cell, N)
    for dr, dc in steps:
        if 0 <= r + dr < N and 0 <= c + dc < N:
            yield (r + dr) * N + c + dc


def random_grid(rng: random.Random) -> list[int]:
    """A random solution grid: a solved empty grid relabelled and shuffled."""
    from yass.core.board import Puzzle
    from yass.core.layout import Layout
    from yass.engine import fast

    base = fast.solve(Puzzle(Layout.classic(N), (0,) * (N * N)))
    assert base is not None
    digits = rng.sample(range(1, N + 1), N)
    bands = rng.sample(range(3), 3)
    stacks = rng.sample(range(3), 3)
    rows = [3 * b + r for b in bands for r in rng.sample(range(3), 3)]
    cols = [3 * s + c for s in stacks for c in rng.sample(range(3), 3)]
    flip = rng.random() < 0.5
    out = []
    for r in range(N):
        for c in range(N):
            rr, cc = (cols[c], rows[r]) if flip else (rows[r], cols[c])
            out.append(digits[base[rr * N + cc] - 1])
    return out


def _path(rng: random.Random, grid: list[int], length: int, steps: tuple[tuple[int, int], ...],
          ok: Callable[[list[int], int], bool]) -> list[int] | None:
    """A random self-avoiding path of ``length`` cells, each cell accepted by ``ok``."""
    path = [rng.randrange(N * N)]
    while len(path) < length:
        options = [c for c in _neighbours(path[-1], steps) if c not in path and ok(path, c)]
        if not options:
            return None
        path.append(rng.choice(options))
    return path


def _cage(rng: random.Random, grid: list[int], used: set[int]) -> Entry | None:
    size = rng.randint(2, 5)
    start = rng.randrange(N * N)
    if start in used:
        return None
    cells = [start]
    while len(cells) < size:
        options = sorted({n for c in cells for n in _neighbours(c, _ORTH)
                          if n not in cells and n not in used
                          and grid[n] not in {grid[x] for x in cells}})
        if not options:
            break
        cells.append(rng.choice(options))
    if len(cells) < 2:
        return None
    used.update(cells)
    return {"type": "killer", "cells": [_name(c) for c in cells],
            "sum": sum(grid[c] for c in cells)}


def _little_killer(rng: random.Random, grid: list[int]) -> Entry:
    direction = rng.choice(("DR", "DL", "UR", "UL"))
    dr = 1 if direction[0] == "D" else -1
    dc = 1 if direction[1] == "R" else -1
    # the clue sits just outside the grid, above/below a column or beside a row
    while True:
        if rng.random() < 0.5:
            c = rng.randrange(N)
            r = -1 if dr == 1 else N
        else:
            r = rng.randrange(N)
            c = -1 if dc == 1 else N
        cells = []
        rr, cc = r + dr, c + dc
        while 0 <= rr < N and 0 <= cc < N:
            cells.append(rr * N + cc)
            rr, cc = rr + dr, cc + dc
        if 2 <= len(cells) <= N - 1:
            return {"type": "little_killer", "clue": f"r{r + 1}c{c + 1}",
                    "direction": direction, "cells": [_name(x) for x in cells],
                    "sum": sum(grid[x] for x in cells)}


def _arrow(rng: random.Random, grid: list[int]) -> Entry | None:
    length = rng.randint(2, 4)

    def ok(path: list[int], c: int) -> bool:
        return sum(grid[x] for x in path[1:]) + grid[c] <= grid[path[0]]

    path = _path(rng, grid, length, _KING, ok)
    if path is None or sum(grid[x] for x in path[1:]) != grid[path[0]]:
        return None
    return {"type": "arrow", "circle": [_name(path[0])], "line": [_name(x) for x in path[1:]]}


def _thermo(rng: random.Random, grid: list[int]) -> Entry | None:
    path = _path(rng, grid, rng.randint(2, 5), _KING, lambda p, c: grid[c] > grid[p[-1]])
    return None if path is None else {"type": "thermo", "cells": [_name(x) for x in path]}


def _renban(rng: random.Random, grid: list[int]) -> Entry | None:
    length = rng.randint(2, 5)

    def ok(path: list[int], c: int) -> bool:
        values = [grid[x] for x in path] + [grid[c]]
        return len(set(values)) == len(values) and max(values) - min(values) < length

    path = _path(rng, grid, length, _KING, ok)
    return None if path is None else {"type": "renban", "cells": [_name(x) for x in path]}


def _sandwich(rng: random.Random, grid: list[int]) -> Entry:
    k = rng.randrange(N)
    if rng.random() < 0.5:
        line, clue = [k * N + c for c in range(N)], f"r{k + 1}c0"
    else:
        line, clue = [r * N + k for r in range(N)], f"r0c{k + 1}"
    values = [grid[x] for x in line]
    a, b = sorted((values.index(1), values.index(N)))
    return {"type": "sandwich", "clue": clue, "cells": [_name(x) for x in line],
            "sum": sum(values[a + 1:b])}


_KINDS = {
    "killer": ("cage", "given"),
    "lk": ("cage", "little_killer"),
    "arrow": ("arrow", "thermo", "given"),
    "sandwich": ("sandwich", "thermo", "given"),
    "renban": ("renban", "thermo"),
    "mixed": ("cage", "little_killer", "arrow", "thermo", "sandwich", "renban"),
}


def _pool(rng: random.Random, grid: list[int], family: str) -> list[Entry]:
    """Clues the grid obeys for ``family`` (a given is ``{"type": "given", ...}``)."""
    kinds = list(_KINDS[family])
    if family == "mixed" and rng.random() < 0.5:
        kinds.append("given")
    out: list[Entry] = []
    used: set[int] = set()
    makers: dict[str, Callable[[], Entry | None]] = {
        "cage": lambda: _cage(rng, grid, used),
        "little_killer": lambda: _little_killer(rng, grid),
        "arrow": lambda: _arrow(rng, grid),
        "thermo": lambda: _thermo(rng, grid),
        "renban": lambda: _renban(rng, grid),
        "sandwich": lambda: _sandwich(rng, grid),
        "given": lambda: {"type": "given", "cell": rng.randrange(N * N)},
    }
    seen: set[str] = set()
    for _ in range(400):
        kind = rng.choice(kinds)
        if kind == "given" and rng.random() < 0.6:
            continue  # few givens: the other clues come first
        clue = makers[kind]()
        if clue is None:
            continue
        key = repr(sorted(clue.items()))
        if key not in seen:
            seen.add(key)
            out.append(clue)
    return out


def _entry(name: str, family: str, grid: list[int], clues: list[Entry]) -> Entry:
    givens = ["."] * (N * N)
    for clue in clues:
        if clue["type"] == "given":
            givens[clue["cell"]] = str(grid[clue["cell"]])
    return {
        "name": name, "size": N, "rules": [family], "givens": "".join(givens),
        "constraints": [c for c in clues if c["type"] != "given"],
        "solution": "".join(map(str, grid)),
    }


def _unique(entry: Entry, max_nodes: int) -> bool:
    from yass.core.bounds import BoundReached, Bounds
    from yass.engine import fast
    from yass.formats import puzzle_from_json

    try:
        count, _ = fast.search(puzzle_from_json(entry), 2, Bounds(max_guesses=max_nodes))
    except BoundReached:
        return False
    return count == 1


def make_puzzle(
    rng: random.Random, name: str, family: str, max_nodes: int, prune: int = 12
) -> Entry | None:
    """One unique puzzle of ``family`` on a random grid (None when its pool of clues runs
    out first), with the clues it is unique without dropped (a check that passes
    ``max_nodes`` branches keeps the clue)."""
    grid = random_grid(rng)
    pool = _pool(rng, grid, family)
    rng.shuffle(pool)
    chosen: list[Entry] = []
    step = 4
    for i, clue in enumerate(pool):
        chosen.append(clue)
        if (i + 1) % step and i + 1 != len(pool):
            continue  # check every few clues, then clue by clue near the end
        if _unique(_entry(name, family, grid, chosen), max_nodes):
            break
    else:
        return None
    order = list(range(len(chosen)))
    rng.shuffle(order)
    dropped: set[int] = set()
    for k in order[:prune]:
        trial = [c for j, c in enumerate(chosen) if j != k and j not in dropped]
        if _unique(_entry(name, family, grid, trial), max_nodes):
            dropped.add(k)
    return _entry(name, family, grid, [c for j, c in enumerate(chosen) if j not in dropped])


def stress_puzzle(index: int, seed: int = 20261127, max_nodes: int = 1_000) -> Entry:
    """Puzzle number ``index`` (from 0) of the set: its family is the ``index``-th in turn,
    its random numbers come from ``seed`` and ``index`` alone (so puzzles can be made in
    any order, by several processes, and come out the same)."""
    family = FAMILIES[index % len(FAMILIES)]
    attempt = 0
    while True:
        rng = random.Random(f"{seed}:{index}:{attempt}")
        made = make_puzzle(rng, f"stress-{index + 1:04d}-{family}", family, max_nodes)
        if made is not None:
            return made
        attempt += 1


def stress_set(count: int = 540, seed: int = 20261127, jobs: int = 1,
               progress: Callable[[int], None] | None = None) -> list[Entry]:
    """The first ``count`` puzzles of the set, made by ``jobs`` processes."""
    if jobs <= 1:
        out = []
        for i in range(count):
            out.append(stress_puzzle(i, seed))
            if progress is not None:
                progress(len(out))
        return out
    import multiprocessing
    from functools import partial

    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        out = []
        for made in pool.imap(partial(stress_puzzle, seed=seed), range(count)):
            out.append(made)
            if progress is not None:
                progress(len(out))
    return out


# -- CP-SAT -------------------------------------------------------------------------------


def _cell(name: str) -> int:
    r, c = name.lower().lstrip("r").split("c")
    return (int(r) - 1) * N + int(c) - 1


def cpsat_count(entry: Entry, limit: int = 2, timeout: float = 60.0) -> tuple[int, float, float]:
    """(solutions up to ``limit``, seconds building the model, seconds solving) of a
    puzzle of the stress set, by CP-SAT with one worker; CPU seconds. A search that
    passes ``timeout`` seconds counts -1."""
    from ortools.sat.python import cp_model

    start = time.process_time()
    model = cp_model.CpModel()
    x = [model.NewIntVar(1, N, f"x{i}") for i in range(N * N)]
    for k in range(N):
        model.AddAllDifferent([x[k * N + c] for c in range(N)])
        model.AddAllDifferent([x[r * N + k] for r in range(N)])
        br, bc = 3 * (k // 3), 3 * (k % 3)
        model.AddAllDifferent([x[(br + i) * N + bc + j] for i in range(3) for j in range(3)])
    for i, ch in enumerate(entry["givens"]):
        if ch not in ".0":
            model.Add(x[i] == int(ch))
    for con in entry["constraints"]:
        t = con["type"]
        cells = [x[_cell(c)] for c in con.get("cells", [])]
        if t == "killer":
            model.AddAllDifferent(cells)
            if con.get("sum") is not None:
                model.Add(sum(cells) == int(con["sum"]))
        elif t == "little_killer":
            model.Add(sum(cells) == int(con["sum"]))
        elif t == "arrow":
            model.Add(sum(x[_cell(c)] for c in con["line"]) == x[_cell(con["circle"][0])])
        elif t == "thermo":
            for a, b in pairwise(cells):
                model.Add(a < b)
        elif t == "renban":
            model.AddAllDifferent(cells)
            lo = model.NewIntVar(1, N, "")
            hi = model.NewIntVar(1, N, "")
            model.AddMinEquality(lo, cells)
            model.AddMaxEquality(hi, cells)
            model.Add(hi - lo == len(cells) - 1)
        elif t == "sandwich":
            _cpsat_sandwich(model, cells, int(con["sum"]))
        else:
            raise ValueError(f"no CP-SAT model for {t}")
    built = time.process_time()
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = 10 * timeout  # wall clock: a loaded machine

    class Stop(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.found = 0

        def on_solution_callback(self) -> None:
            self.found += 1
            if self.found >= limit:
                self.StopSearch()

    stop = Stop()
    status = solver.Solve(model, stop)
    found = stop.found
    if status == cp_model.UNKNOWN or (found < limit and status != cp_model.OPTIMAL
                                      and status != cp_model.INFEASIBLE):
        found = -1
    return found, built - start, time.process_time() - built


def _cpsat_sandwich(model: Any, cells: list[Any], total: int) -> None:
    """The digits strictly between the 1 and the 9 of the line add up to ``total``:
    where the 1 and the 9 stand (one-hot booleans), the span between them, and each
    cell's share of the sum (its digit inside the span, 0 outside)."""
    n = len(cells)
    one = [model.NewBoolVar("") for _ in cells]
    nine = [model.NewBoolVar("") for _ in cells]
    for k, v in enumerate(cells):
        model.Add(v == 1).OnlyEnforceIf(one[k])
        model.Add(v != 1).OnlyEnforceIf(one[k].Not())
        model.Add(v == N).OnlyEnforceIf(nine[k])
        model.Add(v != N).OnlyEnforceIf(nine[k].Not())
    model.AddExactlyOne(one)
    model.AddExactlyOne(nine)
    p1 = model.NewIntVar(0, n - 1, "")
    p9 = model.NewIntVar(0, n - 1, "")
    model.Add(p1 == sum(k * b for k, b in enumerate(one)))
    model.Add(p9 == sum(k * b for k, b in enumerate(nine)))
    lo = model.NewIntVar(0, n - 1, "")
    hi = model.NewIntVar(0, n - 1, "")
    model.AddMinEquality(lo, [p1, p9])
    model.AddMaxEquality(hi, [p1, p9])
    share = []
    for k, v in enumerate(cells):
        after = model.NewBoolVar("")  # lo < k
        before = model.NewBoolVar("")  # k < hi
        model.Add(lo < k).OnlyEnforceIf(after)
        model.Add(lo >= k).OnlyEnforceIf(after.Not())
        model.Add(hi > k).OnlyEnforceIf(before)
        model.Add(hi <= k).OnlyEnforceIf(before.Not())
        inside = model.NewBoolVar("")
        model.AddBoolAnd([after, before]).OnlyEnforceIf(inside)
        model.AddBoolOr([after.Not(), before.Not()]).OnlyEnforceIf(inside.Not())
        s = model.NewIntVar(0, N, "")
        model.Add(s == v).OnlyEnforceIf(inside)
        model.Add(s == 0).OnlyEnforceIf(inside.Not())
        share.append(s)
    model.Add(sum(share) == total)
