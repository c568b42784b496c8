"""Benchmark: yass's compiled classic core side by side with tdoku, in one process.

tdoku (https://github.com/t-dillon/tdoku) is the fastest known 9x9 solver (C++ with
SIMD). It is not part of yass and is never vendored: build it as a shared library from
its public repository in a temporary folder, for instance::

    git clone https://github.com/t-dillon/tdoku /tmp/tdoku   # or any copy of its sources
    cd /tmp/tdoku && mkdir -p build && g++ -O3 -march=native -std=c++14 \\
        -fno-exceptions -fno-rtti -fpic -shared -o build/libtdoku.so \\
        src/solver_dpll_triad_simd.cc src/util.cc

and pass its path with ``--tdoku`` or the ``TDOKU_LIB`` environment variable. Without it
the script prints yass's figures alone.

For each puzzle file (one 81-character puzzle a line) and each mode, first solution
(``limit=1``) and counting to two (``limit=2``, the uniqueness check), both solvers are
called once per puzzle from Python: yass through ``yass.engine._core.c9_solve_line`` /
``c9_count_line`` (the bulk path), tdoku through ctypes. Timing is CPU time of this
process (``time.process_time``) over whole passes of the file, in rounds whose order
alternates (yass first, then tdoku first, ...), so that load from other processes falls
on both alike; the ratio is the median of the per-round yass/tdoku speed ratios, and
puzzles/second come from each solver's best round.

Before timing, every yass solution is checked independently (``bench_common.valid``)
and every count must equal tdoku's. ``api/s`` times the public functions on the same
lines, one call per puzzle (``yass.engine.fast.find_solution`` and ``count_solutions``, which
take a classic line straight to the core), and ``api%`` is their speed against the bulk
path (median of paired rounds). The last columns are the branch points per puzzle of
yass (a branch point tries one configuration and then the others, as a guess of tdoku
does: ``_core.c9_search`` counts both sides, so half of it) and the guesses per
puzzle tdoku reports.

Run from the repository:
    python benchmarks/tdoku.py [--tdoku PATH] [--limit N] [--rounds R] [--data DIR]
"""

from __future__ import annotations

import argparse
import ctypes
import os
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from bench_common import DEFAULT_DATA, puzzle_lines, valid

from yass.engine import _core, fast

#: The puzzle files, in the order of the report (those present are used).
SETS = (
    "norvig_easy50",
    "kaggle_first20000",
    "norvig_10k",
    "17_clue",
    "magictour_top1465",
    "norvig_top95",
    "norvig_hardest11",
)
MODES = ((1, "first"), (2, "count2"))


class Tdoku:
    """tdoku's C entry point, ``TdokuSolverDpllTriadSimd``, through ctypes."""

    def __init__(self, path: str) -> None:
        lib = ctypes.CDLL(path)
        fn = lib.TdokuSolverDpllTriadSimd
        fn.restype = ctypes.c_size_t
        fn.argtypes = [
            ctypes.c_char_p,
            ctypes.c_size_t,
            ctypes.c_uint32,
            ctypes.c_char_p,
            ctypes.POINTER(ctypes.c_size_t),
        ]
        self.fn = fn
        self.solution = ctypes.create_string_buffer(82)
        self.guesses = ctypes.c_size_t(0)
        self.guesses_ref = ctypes.byref(self.guesses)

    def solve(self, puzzle: bytes, limit: int) -> tuple[int, str, int]:
        """(solutions up to ``limit``, the solution when ``limit`` is 1, guesses)."""
        n = self.fn(puzzle, limit, 0, self.solution, self.guesses_ref)
        return int(n), self.solution.raw[:81].decode("ascii"), int(self.guesses.value)

    def runner(self, puzzles: Sequence[bytes], limit: int) -> Callable[[], None]:
        fn, solution, guesses = self.fn, self.solution, self.guesses_ref

        def run() -> None:
            for p in puzzles:
                fn(p, limit, 0, solution, guesses)

        return run


def yass_runner(lines: Sequence[str], limit: int) -> Callable[[], None]:
    """One pass of yass's core over ``lines``, as the timed loop calls it."""
    if limit == 1:
        solve = _core.c9_solve_line

        def run() -> None:
            for line in lines:
                solve(line)

        return run
    count = _core.c9_count_line

    def run_count() -> None:
        for line in lines:
            count(line, limit)

    return run_count


def api_runner(lines: Sequence[str], limit: int) -> Callable[[], None]:
    """One pass of the public functions over ``lines``, one call per puzzle."""
    if limit == 1:
        solve = fast.find_solution

        def run() -> None:
            for line in lines:
                solve(line)

        return run
    count = fast.count_solutions

    def run_count() -> None:
        for line in lines:
            count(line, limit)

    return run_count


def cpu(run: Callable[[], None]) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def check(lines: Sequence[str], limit: int, tdoku: Tdoku | None) -> tuple[float, float | None]:
    """Check every answer (outside the timed loops); branch points and guesses per puzzle."""
    branches = 0
    guesses = 0
    for line in lines:
        found: str | None = None
        count, first, _, nodes = _core.c9_search(line, limit)
        branches += nodes
        if limit == 1:
            found = None if first is None else "".join(map(str, first))
            if found != _core.c9_solve_line(line):
                raise SystemExit(f"yass: the bulk path and c9_search differ on {line}")
            if found is not None and not valid(line, found):
                raise SystemExit(f"yass: a wrong solution for {line}")
        elif count != _core.c9_count_line(line, limit):
            raise SystemExit(f"yass: the bulk path and c9_search differ on {line}")
        if limit == 1:
            values = fast.find_solution(line)
            same = found == (None if values is None else "".join(map(str, values)))
        else:
            same = fast.count_solutions(line, limit) == count
        if not same:
            raise SystemExit(f"the public API answers otherwise for {line}")
        if tdoku is not None:
            n, _, g = tdoku.solve(line.encode("ascii"), limit)
            guesses += g
            if n != count:
                raise SystemExit(f"counts differ (yass {count}, tdoku {n}) for {line}")
    n = len(lines)
    return branches / n / 2, (guesses / n if tdoku is not None else None)


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tdoku", default=os.environ.get("TDOKU_LIB"),
                    help="tdoku shared library (default: $TDOKU_LIB; none: yass alone)")
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA, help="folder of puzzle files")
    ap.add_argument("--limit", type=int, default=5000, help="puzzles per file (default 5000)")
    ap.add_argument("--rounds", type=int, default=6, help="timed rounds per solver (default 6)")
    ap.add_argument("--sets", default=",".join(SETS), help="comma-separated file stems")
    args = ap.parse_args(argv)
    tdoku = Tdoku(args.tdoku) if args.tdoku else None
    if not _core.is_compiled():
        print(
            "warning: yass.engine._core is interpreted"
            " (build it: python setup.py build_ext --inplace)"
        )
    print("CPU time per pass, best of", args.rounds, "rounds; ratio: median of paired rounds")
    head = f"{'set':<18} {'mode':<7} {'n':>6} {'yass/s':>10}"
    if tdoku is not None:
        head += f" {'tdoku/s':>10} {'ratio':>6}"
    head += f" {'api/s':>10} {'api%':>5} {'branches':>9}"
    if tdoku is not None:
        head += f" {'guesses':>8}"
    print(head)
    for stem in args.sets.split(","):
        path = args.data / f"{stem}.txt"
        if not path.exists():
            continue
        lines = [line.replace("0", ".") for line in puzzle_lines(path, args.limit)]
        data = [line.encode("ascii") for line in lines]
        for limit, mode in MODES:
            branches, guesses = check(lines, limit, tdoku)
            ours = yass_runner(lines, limit)
            api = api_runner(lines, limit)
            theirs = tdoku.runner(data, limit) if tdoku is not None else None
            ys: list[float] = []
            ts: list[float] = []
            aps: list[float] = []
            for r in range(args.rounds):
                order = [(ours, ys), (api, aps)]
                if theirs is not None:
                    order.append((theirs, ts))
                if r % 2:
                    order.reverse()
                for run, times in order:
                    times.append(cpu(run))
            n = len(lines)
            row = f"{stem:<18} {mode:<7} {n:>6} {n / max(min(ys), 1e-9):>10,.0f}"
            if ts:
                ratio = statistics.median(t / max(y, 1e-9) for y, t in zip(ys, ts, strict=True))
                row += f" {n / max(min(ts), 1e-9):>10,.0f} {ratio:>6.2f}"
            apiratio = statistics.median(y / max(a, 1e-9) for y, a in zip(ys, aps, strict=True))
            row += f" {n / max(min(aps), 1e-9):>10,.0f} {100 * apiratio:>4.0f}%"
            row += f" {branches:>9.2f}"
            if guesses is not None:
                row += f" {guesses:>8.2f}"
            print(row, flush=True)


if __name__ == "__main__":
    main()
