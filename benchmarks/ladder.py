"""Soundness, coverage and speed of the technique ladder, with hodoku-py side by side.

For each puzzle file this runs ``yass.logic.explain`` (the whole human solve path, default
ladder) on every puzzle (or an evenly spaced sample) and prints, per file:

* puzzles; solved without a guess; solved without forcing chains, forcing nets or
  speculation (the "no trial and error" share);
* wrong steps: placements or eliminations on the path that contradict the puzzle's
  solution (found by the exhaustive search), which must be 0;
* median and p95 CPU seconds per puzzle;
* the distribution of the hardest technique (by level) over the puzzles.

With ``--hodoku`` (hodoku-py, the PyPI port of HoDoKu, from the ``bench`` extra) the
same puzzles are solved by hodoku-py in the same worker, one after the other, and the
script adds its figures: solved without brute force, without forcing chains/nets,
its median/p95 time, the share of puzzles whose hardest level in yass is not above
HoDoKu's, and the median of the per-puzzle time ratios (hodoku-py / yass).

``--variants`` runs the shared variant puzzles (those whose rules yass reads) the
same way; they have published solutions, which the path is checked against.

Run from the repository, e.g.:
  python benchmarks/ladder.py --hodoku --every 11 ../shared/data/puzzles/magictour_top1465.txt
  python benchmarks/ladder.py --sample 200          # every shared set, 200 puzzles each
  python benchmarks/ladder.py --variants
CPU time is per puzzle (time.process_time in the worker); -j sets the workers.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench_common import DEFAULT_DATA, puzzle_lines

# yass's trial and error: forcing chains and nets, nested forcing chains, Kraken fish and
# templates (as HoDoKu counts its own below), speculation and guesses.
FORCING = {"fc", "fn", "nfc", "kf", "tset", "tdel", "sp", "guess"}
HODOKU_FORCING = {
    "FORCING_CHAIN_CONTRADICTION", "FORCING_CHAIN_VERITY", "FORCING_NET_CONTRADICTION",
    "FORCING_NET_VERITY", "BRUTE_FORCE", "KRAKEN_FISH_TYPE_1", "KRAKEN_FISH_TYPE_2",
    "TEMPLATE_SET", "TEMPLATE_DEL", "GIVE_UP", "INCOMPLETE",
}
LEVELS = ("", "Easy", "Medium", "Hard", "Unfair", "Extreme")


@dataclass
class Outcome:
    line: str
    seconds: float = 0.0
    solved: bool = False
    guesses: int = 0
    no_forcing: bool = False
    wrong: int = 0
    steps: int = 0
    hardest: str = ""
    level: int = 0
    error: str = ""
    h_seconds: float | None = None
    h_solved: bool = False
    h_guess: bool = False
    h_no_forcing: bool = False
    h_level: int = 0
    h_hardest: str = ""


def _wrong_steps(steps: Iterable[Any], solution: tuple[int, ...]) -> int:
    wrong = 0
    for step in steps:
        if step.technique == "guess":
            continue
        wrong += sum(solution[c] != d for c, d in step.placements)
        wrong += sum(solution[c] == d for c, d in step.eliminations)
    return wrong


def _run_one(job: tuple[str, str, bool, str | None]) -> Outcome:
    line, rules, hodoku, solution_text = job
    import yass
    from yass.logic.explain import explain

    out = Outcome(line)
    try:
        if line.startswith("{"):
            puzzle = yass.puzzle_from_json(json.loads(line))
            out.line = puzzle.name or line[:60]
        else:
            puzzle = yass.parse_puzzle(line, rules=rules) if rules else yass.parse_puzzle(line)
    except Exception as exc:  # a bad line or an unsupported rule: report, go on
        out.error = str(exc)
        return out
    if solution_text is not None:
        truth: tuple[int, ...] | None = tuple(
            "123456789ABCDEFG".index(ch) + 1 for ch in solution_text
        )
    else:
        truth = yass.find_solution(puzzle)
    start = time.process_time()
    result = explain(puzzle)
    out.seconds = time.process_time() - start
    out.solved = result.solution is not None
    out.guesses = result.guesses
    out.steps = len(result.steps)
    codes = set(result.counts())
    out.no_forcing = out.solved and not (codes & FORCING)
    hardest = result.hardest
    out.hardest = hardest.name if hardest else ""
    out.level = hardest.level if hardest else 0
    if truth is not None and yass.count_solutions(puzzle, 2) == 1:
        out.wrong = _wrong_steps(result.steps, truth)
        if out.solved and result.solution != truth:
            out.wrong += 1
    if hodoku:
        from hodoku.api import Solver
        from hodoku.core.scoring import STEP_CONFIG

        start = time.process_time()
        h = Solver().solve(line)
        out.h_seconds = time.process_time() - start
        types = {s.type.name for s in h.steps}
        out.h_solved = bool(h.solved)
        out.h_guess = "BRUTE_FORCE" in types or not h.solved
        out.h_no_forcing = h.solved and not (types & HODOKU_FORCING)
        out.h_level = int(h.level.value) if hasattr(h.level, "value") else 0
        levels = [(STEP_CONFIG[s.type].level.value, STEP_CONFIG[s.type].index, s.type.name)
                  for s in h.steps if s.type in STEP_CONFIG]
        out.h_hardest = max(levels)[2] if levels else ""
    return out


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


@dataclass
class Report:
    name: str
    outcomes: list[Outcome] = field(default_factory=list)

    def lines(self, hodoku: bool) -> list[str]:
        oc = [o for o in self.outcomes if not o.error]
        n = len(oc)
        times = [o.seconds for o in oc]
        out = [
            f"== {self.name}: {n} puzzles" + (f" ({len(self.outcomes) - n} not run)"
                                             if len(oc) != len(self.outcomes) else ""),
            f"  yass: solved without a guess {sum(o.solved and not o.guesses for o in oc)}/{n};"
            f" without forcing chains/nets/speculation {sum(o.no_forcing for o in oc)}/{n}"
            " (nfc, Kraken fish, templates count as forcing);"
            f" wrong steps {sum(o.wrong for o in oc)};"
            f" CPU s/puzzle median {statistics.median(times) if times else 0:.4f},"
            f" p95 {_pct(times, 0.95):.4f}, max {max(times, default=0):.3f}",
        ]
        dist = Counter((o.level, o.hardest) for o in oc)
        out.append("  yass hardest technique: " + ", ".join(
            f"{name} {count}" for (_, name), count in sorted(dist.items(), key=lambda kv: kv[0])
        ))
        levels = Counter(o.level for o in oc)
        out.append("  yass levels: " + ", ".join(
            f"{LEVELS[lv]} {levels[lv]}" for lv in sorted(levels) if lv
        ))
        if hodoku and oc and oc[0].h_seconds is not None:
            ht = [o.h_seconds or 0.0 for o in oc]
            ratios = [(o.h_seconds or 0.0) / o.seconds for o in oc if o.seconds > 0]
            not_above = sum(o.level <= o.h_level for o in oc)
            out.append(
                f"  hodoku-py: solved without brute force {sum(not o.h_guess for o in oc)}/{n};"
                f" without forcing chains/nets {sum(o.h_no_forcing for o in oc)}/{n};"
                f" CPU s/puzzle median {statistics.median(ht):.4f}, p95 {_pct(ht, 0.95):.4f}"
            )
            hl = Counter(o.h_level for o in oc)
            out.append("  hodoku-py levels: " + ", ".join(
                f"{LEVELS[lv]} {hl[lv]}" for lv in sorted(hl) if 0 < lv < len(LEVELS)
            ))
            out.append(
                f"  yass level <= hodoku-py level: {not_above}/{n} ({100 * not_above / n:.1f}%);"
                f" speed: median per-puzzle ratio hodoku-py/yass {statistics.median(ratios):.1f}x"
            )
        return out


def _variant_jobs(path: Path) -> list[tuple[str, str, bool, str | None]]:
    data = json.loads(path.read_text())
    entries = data if isinstance(data, list) else data.get("puzzles", [])
    jobs = []
    for entry in entries:
        jobs.append((json.dumps(entry), "", False, entry.get("solution")))
    return jobs


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("files", nargs="*", type=Path, help="puzzle files (default: every shared set)")
    ap.add_argument("--sample", type=int, help="at most N evenly spaced puzzles per file")
    ap.add_argument("--every", type=int, default=1, help="take every K-th puzzle")
    ap.add_argument("--limit", type=int, help="the first N puzzles (after --every)")
    ap.add_argument("--hodoku", action="store_true", help="also run hodoku-py on each puzzle")
    ap.add_argument("--variants", action="store_true", help="run the shared variant puzzles")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--slowest", type=int, default=3, help="list the N slowest puzzles")
    args = ap.parse_args(argv)

    reports: list[tuple[Report, list[tuple[str, str, bool, str | None]]]] = []
    if args.variants:
        path = DEFAULT_DATA.parent / "variants" / "variant_puzzles.json"
        reports.append((Report("variant_puzzles.json"), _variant_jobs(path)))
    files = args.files or ([] if args.variants else sorted(
        p for p in DEFAULT_DATA.glob("*.txt") if "solution" not in p.name
    ))
    for path in files:
        lines = puzzle_lines(path)[:: args.every]
        if args.sample and len(lines) > args.sample:
            step = len(lines) / args.sample
            lines = [lines[int(i * step)] for i in range(args.sample)]
        if args.limit:
            lines = lines[: args.limit]
        # (a line may carry fields after the puzzle, e.g. its published rating)
        jobs = [(ln.split()[0], "", args.hodoku, None) for ln in lines]
        reports.append((Report(path.name), jobs))

    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(args.jobs) as pool:
        for report, jobs in reports:
            started = time.perf_counter()
            for i, outcome in enumerate(pool.imap(_run_one, jobs), 1):
                report.outcomes.append(outcome)
                if sys.stderr.isatty():
                    print(f"\r{report.name}: {i}/{len(jobs)}", end="", file=sys.stderr)
            if sys.stderr.isatty():
                print("\r" + " " * 60 + "\r", end="", file=sys.stderr)
            wall = time.perf_counter() - started
            for text in report.lines(args.hodoku):
                print(text)
            slow = sorted(report.outcomes, key=lambda o: -o.seconds)[: args.slowest]
            print(f"  wall {wall:.1f} s; slowest: " + "; ".join(
                f"{o.seconds:.2f}s {o.line[:81]}" for o in slow
            ))
            for o in report.outcomes:
                if o.error:
                    print(f"  not run: {o.error}")
                if o.wrong:
                    print(f"  WRONG STEPS ({o.wrong}): {o.line}")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
