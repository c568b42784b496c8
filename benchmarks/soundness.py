"""Soundness of chosen techniques over puzzle files: every step at every state of the path.

``benchmarks/ladder.py`` checks the steps the solve path takes; this script checks every
step the chosen techniques see (those off by default too) at every state of the default
ladder's path, against the puzzle's solution. It prints, per file, the steps checked by
technique, those the path took, and the wrong ones (which must be 0).

  python benchmarks/soundness.py --codes md,ape,lp,lt --sample 300 \\
      ../shared/data/puzzles/magictour_top1465.txt
  python benchmarks/soundness.py --codes ur1,ur2,ur3,ur4,ur5,ur6,alsxy,alsc,db \\
      --option uniqueness_missing_candidates --option als_overlap --sample 40

``--variants`` walks the variant corpus instead (tests/data/variant_puzzles.json, which
holds the shared variant puzzles and more, all with published solutions). ``--codes all``
checks every technique of the table, ``all,-muwha`` all but one. ``--every K`` checks at
every K-th state only and ``--timeout S`` ends a puzzle's walk after S seconds of CPU
(the states walked so far count; the puzzle is listed as cut). The last line gives the
CPU time of the costliest checked techniques:

  python benchmarks/soundness.py --variants --codes all,-muwha,-musqb --timeout 120
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from bench_common import DEFAULT_DATA, puzzle_lines

import yass
from yass.core.board import Puzzle
from yass.core.geometry import char_digit
from yass.core.layout import Layout
from yass.formats.variant_json import puzzle_from_json
from yass.logic.ladder import parse_settings
from yass.logic.solver import apply_step, next_step
from yass.logic.techniques import ALL_TECHNIQUES, TECHNIQUES

VARIANTS = Path(__file__).resolve().parent.parent / "tests" / "data" / "variant_puzzles.json"


def walk(
    line: str, codes: set[str], counts: Counter[str], taken: Counter[str],
    options: dict[str, bool] | None = None, *, every: int = 1,
    timeout: float | None = None, cpu: Counter[str] | None = None,
) -> tuple[int, bool]:
    """Check one classic puzzle line: (wrong steps, whether the walk was cut).
    ``options``: the settings file's options (``yass.logic.ladder.OPTIONS``) the checked
    techniques take; the rest as ``walk_puzzle``."""
    puzzle = Puzzle(Layout.classic(9), tuple(max(0, char_digit(ch)) for ch in line[:81]))
    solution = yass.find_solution(line[:81])
    assert solution is not None, line
    return walk_puzzle(puzzle, solution, codes, counts, taken, options, every=every,
                       timeout=timeout, cpu=cpu)


def walk_puzzle(
    puzzle: Puzzle, solution: Sequence[int], codes: set[str], counts: Counter[str],
    taken: Counter[str], options: dict[str, bool] | None = None, *, every: int = 1,
    timeout: float | None = None, cpu: Counter[str] | None = None,
) -> tuple[int, bool]:
    """Walk the default ladder's path of ``puzzle``, checking every step of the chosen
    techniques at every ``every``-th state; (wrong steps, whether the walk ended early
    at ``timeout`` seconds). ``cpu`` gathers each checked technique's CPU seconds."""
    chosen = list(parse_settings({"order": sorted(codes), "options": options or {}}))
    board = puzzle.board()
    wrong = 0
    state = 0
    end = time.process_time() + timeout if timeout is not None else None
    while not board.is_solved():
        if end is not None and time.process_time() > end:
            return wrong, True
        state += 1
        for tech in chosen if (state - 1) % every == 0 else ():
            began = time.process_time()
            for found in tech.find(board):
                counts[tech.code] += 1
                bad = [(c, d) for c, d in found.eliminations if solution[c] == d]
                bad += [(c, d) for c, d in found.placements if solution[c] != d]
                if bad:
                    wrong += 1
                    print(f"WRONG {puzzle.name or puzzle.line()}: {found.notation}", flush=True)
            if cpu is not None:
                cpu[tech.code] += time.process_time() - began
        step = next_step(board, TECHNIQUES)
        if step is None:  # stuck (the ladder ends with speculation): place the true digit
            cell = next(c for c in range(len(solution)) if not board.values[c])
            board.place(cell, solution[cell])
            continue
        if step.technique in codes:
            taken[step.technique] += 1
        apply_step(board, step)
    return wrong, False


def walk_variants(
    codes: set[str], options: dict[str, bool], every: int, timeout: float | None,
    sample: int | None,
) -> int:
    """Walk the variant corpus; print a line per puzzle and a summary; the wrong steps."""
    entries = json.loads(VARIANTS.read_text())
    if sample and len(entries) > sample:
        entries = entries[:: len(entries) // sample][:sample]
    counts: Counter[str] = Counter()
    taken: Counter[str] = Counter()
    cpu: Counter[str] = Counter()
    wrong_total = 0
    cut = []
    for entry in entries:
        puzzle = puzzle_from_json(entry)
        solution = [char_digit(ch) for ch in entry["solution"]]
        start = time.process_time()
        mine: Counter[str] = Counter()
        wrong, ended = walk_puzzle(puzzle, solution, codes, mine, taken, options,
                                   every=every, timeout=timeout, cpu=cpu)
        counts.update(mine)
        wrong_total += wrong
        if ended:
            cut.append(entry["name"])
        print(f"{entry['name'][:40]}: {sum(mine.values())} steps checked, wrong {wrong},"
              f" {time.process_time() - start:.1f} s CPU{' (cut)' if ended else ''}",
              flush=True)
    print(f"variants: {len(entries)} puzzles ({len(cut)} cut at the time limit);"
          f" steps checked {dict(sorted(counts.items()))}; on the path"
          f" {dict(sorted(taken.items()))}; wrong {wrong_total}", flush=True)
    print_costs(cpu)
    return wrong_total


def print_costs(cpu: Counter[str]) -> None:
    costly = ", ".join(f"{code} {sec:.0f}" for code, sec in cpu.most_common(12))
    print(f"CPU seconds of the checked techniques, the costliest: {costly}", flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="*", type=Path, help="puzzle files (default: every shared set)")
    ap.add_argument("--codes", required=True,
                    help="comma-separated technique codes to check; 'all' for every"
                    " technique of the table, '-CODE' leaves one out ('all,-muwha')")
    ap.add_argument("--sample", type=int, help="at most N evenly spaced puzzles per file")
    ap.add_argument("--option", action="append", default=[], metavar="NAME",
                    help="a settings option to turn on for the checked techniques"
                    " (uniqueness_missing_candidates, als_overlap); may be repeated")
    ap.add_argument("--variants", action="store_true",
                    help="walk the variant corpus (tests/data/variant_puzzles.json)")
    ap.add_argument("--every", type=int, default=1, metavar="K",
                    help="check at every K-th state only")
    ap.add_argument("--timeout", type=float, metavar="S",
                    help="end a puzzle's walk after S seconds of CPU (checked between states)")
    args = ap.parse_args(argv)
    options = dict.fromkeys(args.option, True)
    codes = {c.strip() for c in args.codes.split(",") if c.strip()}
    left_out = {c[1:] for c in codes if c.startswith("-")}
    if "all" in codes:
        codes = {t.code for t in ALL_TECHNIQUES}
    codes -= left_out
    if args.variants:
        return 1 if walk_variants(codes, options, args.every, args.timeout, args.sample) else 0
    files = args.files or sorted(DEFAULT_DATA.glob("*.txt"))
    total_wrong = 0
    cpu: Counter[str] = Counter()
    for path in files:
        if "solutions" in path.name:
            continue
        lines = [ln for ln in puzzle_lines(path) if len(ln) >= 81]
        if args.sample and len(lines) > args.sample:
            lines = lines[:: len(lines) // args.sample][: args.sample]
        counts: Counter[str] = Counter()
        taken: Counter[str] = Counter()
        start = time.time()
        wrong = cut = 0
        for line in lines:
            bad, ended = walk(line, codes, counts, taken, options, every=args.every,
                              timeout=args.timeout, cpu=cpu)
            wrong += bad
            cut += ended
        total_wrong += wrong
        print(
            f"{path.name}: {len(lines)} puzzles ({cut} cut at the time limit); steps checked"
            f" {dict(sorted(counts.items()))}; on the path {dict(sorted(taken.items()))};"
            f" wrong {wrong}; {time.time() - start:.0f} s",
            flush=True,
        )
    print_costs(cpu)
    return 1 if total_wrong else 0


if __name__ == "__main__":
    sys.exit(main())
