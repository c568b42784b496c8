"""Benchmark: puzzles per second of yass against python-sat, on one core, in one run.

For each puzzle file (one 81-character puzzle a line) this measures, first solution:

* yass, bulk: ``yass.engine.fast.solve_lines`` over the file's lines (text in, text out);
* yass, per call: ``yass.engine.fast.solve(puzzle)`` once per ``Puzzle``;
* python-sat (MiniSat 2.2) with the standard 729-variable CNF (every cell holds exactly
  one digit, every row, column and box holds every digit exactly once), one solver
  built once and the givens passed as assumptions;
* the pure-Python reference search ``yass.engine.search.solve``, on a few puzzles.

Every solution of every solver is checked (a valid grid that keeps the givens) outside
the timed loops. The last columns compare yass with the issue's figures for tdoku, the
fastest known solver, called once per puzzle from Python on this kind of machine.

Run from the repository:  python benchmarks/bench.py [--limit N] [--data DIR]
(python-sat comes with the ``bench`` extra: pip install ".[bench]").
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from bench_common import DEFAULT_DATA, UNITS, givens_of, puzzle_lines, valid

from yass.core.board import Puzzle
from yass.core.layout import Layout
from yass.engine import fast, search

#: "tdoku called once per puzzle from Python", puzzles/s, from issue 3 (this machine kind).
TDOKU_FROM_PYTHON: dict[str, tuple[int, int]] = {
    "kaggle_first20000": (360_000, 360_000),
    "17_clue": (169_000, 169_000),
    "magictour_top1465": (129_000, 129_000),
    "norvig_top95": (22_000, 34_000),  # the "hardest sets" range
    "norvig_hardest11": (22_000, 34_000),
}
#: The hard sets, where the target is 20% of tdoku from Python (the moonshot 50%).
HARD_SETS = ("magictour_top1465", "norvig_top95", "norvig_hardest11")

# -- python-sat ----------------------------------------------------------------------------


def var(cell: int, digit: int) -> int:
    return cell * 9 + digit


def sudoku_cnf() -> list[list[int]]:
    """The standard encoding: 729 variables, exactly-one per cell and per unit-digit."""
    clauses: list[list[int]] = []

    def exactly_one(lits: list[int]) -> None:
        clauses.append(lits)
        for i, a in enumerate(lits):
            for b in lits[i + 1:]:
                clauses.append([-a, -b])

    for cell in range(81):
        exactly_one([var(cell, d) for d in range(1, 10)])
    for unit in UNITS:
        for d in range(1, 10):
            exactly_one([var(cell, d) for cell in unit])
    return clauses


def pysat_solver() -> Callable[[str], tuple[int, ...] | None] | None:
    try:
        from pysat.solvers import Minisat22
    except ImportError:
        return None
    solver = Minisat22(bootstrap_with=sudoku_cnf())

    def solve(line: str) -> tuple[int, ...] | None:
        assumptions = [var(i, g) for i, g in enumerate(givens_of(line)) if g]
        if not solver.solve(assumptions=assumptions):
            return None
        model = solver.get_model()
        out = [0] * 81
        for lit in model:
            if 0 < lit <= 729:
                cell, d = divmod(lit - 1, 9)
                out[cell] = d + 1
        return tuple(out)

    return solve


# -- timing ----------------------------------------------------------------------------------


def rate(count: int, seconds: float) -> float:
    return count / seconds if seconds > 0 else float("inf")


def best_time(run: Callable[[], object], repeat: int) -> tuple[float, object]:
    best = float("inf")
    result: object = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return best, result


def bench_file(
    path: Path, limit: int | None, repeat: int, ref_budget: float, sat: bool
) -> dict[str, object]:
    lines = puzzle_lines(path, limit)
    n = len(lines)
    layout = Layout.classic(9)
    puzzles = [Puzzle(layout, givens_of(line)) for line in lines]
    row: dict[str, object] = {"set": path.stem, "n": n}

    seconds, out = best_time(lambda: list(fast.solve_lines(lines)), repeat)
    assert isinstance(out, list)
    bad = sum(not valid(line, sol) for line, sol in zip(lines, out, strict=True))
    row["bulk"] = rate(n, seconds)

    seconds, out = best_time(lambda: [fast.solve(p) for p in puzzles], repeat)
    assert isinstance(out, list)
    bad += sum(not valid(line, sol) for line, sol in zip(lines, out, strict=True))
    row["call"] = rate(n, seconds)

    solver = pysat_solver() if sat else None
    if solver is not None:
        seconds, out = best_time(lambda: [solver(line) for line in lines], 1)
        assert isinstance(out, list)
        bad += sum(not valid(line, sol) for line, sol in zip(lines, out, strict=True))
        row["sat"] = rate(n, seconds)

    if ref_budget > 0:
        done = 0
        start = time.perf_counter()
        while done < n and time.perf_counter() - start < ref_budget:
            sol = search.solve(puzzles[done])
            bad += not valid(lines[done], sol)
            done += 1
        row["ref"] = rate(done, time.perf_counter() - start)
        row["ref_n"] = done
    row["bad"] = bad
    return row


def fmt(x: object, spec: str = ",.0f") -> str:
    return format(x, spec) if isinstance(x, float) else "-"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="folder of puzzle files")
    parser.add_argument("--limit", type=int, default=50000, help="puzzles per file at most")
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs for yass")
    parser.add_argument(
        "--reference-seconds", type=float, default=3.0,
        help="time per file for the pure-Python reference search (0: skip)",
    )
    parser.add_argument("--no-sat", action="store_true", help="skip python-sat")
    parser.add_argument("files", nargs="*", help="puzzle files (default: every file in --data)")
    args = parser.parse_args(argv)

    files = [Path(f) for f in args.files] or sorted(
        p for p in args.data.glob("*.txt") if not p.stem.endswith("_solutions")
    )
    print(f"yass compiled core: {fast.is_compiled()}; first solution, one core, puzzles/second")
    head = (
        f"{'set':<20} {'puzzles':>7} {'yass bulk':>10} {'yass call':>10} {'python-sat':>10}"
        f" {'ratio':>7} {'reference':>9} {'tdoku-Py':>15} {'yass/tdoku-Py':>13}"
    )
    print(head)
    print("-" * len(head))
    failures = 0
    for path in files:
        row = bench_file(path, args.limit, args.repeat, args.reference_seconds, not args.no_sat)
        bulk, sat = row["bulk"], row.get("sat")
        ratio = f"{bulk / sat:.1f}x" if isinstance(bulk, float) and isinstance(sat, float) else "-"
        tdoku = TDOKU_FROM_PYTHON.get(str(row["set"]))
        if tdoku and isinstance(bulk, float):
            lo, hi = tdoku
            tdoku_text = f"{lo:,}" if lo == hi else f"{lo:,}-{hi:,}"
            pct = f"{100 * bulk / hi:.0f}%"
            if lo != hi:
                pct = f"{100 * bulk / hi:.0f}-{100 * bulk / lo:.0f}%"
        else:
            tdoku_text = pct = "-"
        print(
            f"{row['set']!s:<20} {row['n']!s:>7} {fmt(bulk):>10} {fmt(row['call']):>10}"
            f" {fmt(sat):>10} {ratio:>7} {fmt(row.get('ref')):>9} {tdoku_text:>15} {pct:>13}"
        )
        if row["bad"]:
            print(f"  !! {row['bad']} solutions failed verification")
            failures += 1
    print(
        "\nratio = yass bulk / python-sat (target >= 10x on every set). tdoku-Py = the"
        " issue's 'tdoku called once per puzzle from Python'; target >= 20% on the hard"
        f" sets ({', '.join(HARD_SETS)}), moonshot 50%. reference = yass.engine.search (pure"
        " Python) on the first puzzles of each set."
    )
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
