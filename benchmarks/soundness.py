"""Soundness of chosen techniques over puzzle files: every step at every state of the path.

``benchmarks/ladder.py`` checks the steps the solve path takes; this script checks every
step the chosen techniques see (those off by default too) at every state of the default
ladder's path, against the puzzle's solution. It prints, per file, the steps checked by
technique, those the path took, and the wrong ones (which must be 0).

  python benchmarks/soundness.py --codes md,ape,lp,lt --sample 300 \\
      ../shared/data/puzzles/magictour_top1465.txt
  python benchmarks/soundness.py --codes ur1,ur2,ur3,ur4,ur5,ur6,alsxy,alsc,db \\
      --option uniqueness_missing_candidates --option als_overlap --sample 40
  python benchmarks/soundness.py --codes se,frxw,kf --sample 20 --budget 120 \\
      ../shared/data/puzzles/*.txt ../shared/data/rated/*.tsv

``--budget`` bounds the CPU seconds spent on each file: the puzzle under way is finished,
the rest of the sample is left out, and the line says how many puzzles were walked.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from bench_common import DEFAULT_DATA, puzzle_lines

import yass
from yass.core.board import Puzzle
from yass.core.geometry import char_digit
from yass.core.layout import Layout
from yass.logic.ladder import parse_settings
from yass.logic.solver import apply_step, next_step
from yass.logic.techniques import TECHNIQUES


def walk(
    line: str, codes: set[str], counts: Counter[str], taken: Counter[str],
    options: dict[str, bool] | None = None,
) -> int:
    """Check one puzzle; the number of wrong steps. ``options``: the settings file's
    options (``yass.logic.ladder.OPTIONS``) the checked techniques take."""
    puzzle = Puzzle(Layout.classic(9), tuple(max(0, char_digit(ch)) for ch in line[:81]))
    solution = yass.find_solution(line[:81])
    assert solution is not None, line
    chosen = list(parse_settings({"order": sorted(codes), "options": options or {}}))
    board = puzzle.board()
    wrong = 0
    while not board.is_solved():
        for tech in chosen:
            for found in tech.find(board):
                counts[tech.code] += 1
                bad = [(c, d) for c, d in found.eliminations if solution[c] == d]
                bad += [(c, d) for c, d in found.placements if solution[c] != d]
                if bad:
                    wrong += 1
                    print(f"WRONG {line[:81]}: {found.notation}", flush=True)
        step = next_step(board, TECHNIQUES)
        if step is None:  # stuck (the ladder ends with speculation): place the true digit
            cell = next(c for c in range(81) if not board.values[c])
            board.place(cell, solution[cell])
            continue
        if step.technique in codes:
            taken[step.technique] += 1
        apply_step(board, step)
    return wrong


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="*", type=Path, help="puzzle files (default: every shared set)")
    ap.add_argument("--codes", required=True, help="comma-separated technique codes to check")
    ap.add_argument("--sample", type=int, help="at most N evenly spaced puzzles per file")
    ap.add_argument("--option", action="append", default=[], metavar="NAME",
                    help="a settings option to turn on for the checked techniques"
                    " (uniqueness_missing_candidates, als_overlap); may be repeated")
    ap.add_argument("--budget", type=float, metavar="SECONDS",
                    help="CPU seconds per file: stop starting puzzles once spent")
    args = ap.parse_args(argv)
    options = dict.fromkeys(args.option, True)
    codes = {c.strip() for c in args.codes.split(",") if c.strip()}
    files = args.files or sorted(DEFAULT_DATA.glob("*.txt"))
    total_wrong = 0
    for path in files:
        if "solutions" in path.name:
            continue
        lines = [ln for ln in puzzle_lines(path) if len(ln) >= 81]
        if args.sample and len(lines) > args.sample:
            lines = lines[:: len(lines) // args.sample][: args.sample]
        counts: Counter[str] = Counter()
        taken: Counter[str] = Counter()
        start = time.time()
        cpu = time.process_time()
        wrong = walked = 0
        for line in lines:
            if args.budget is not None and time.process_time() - cpu > args.budget:
                break
            wrong += walk(line, codes, counts, taken, options)
            walked += 1
        total_wrong += wrong
        print(
            f"{path.name}: {walked} of {len(lines)} puzzles;"
            f" steps checked {dict(sorted(counts.items()))};"
            f" on the path {dict(sorted(taken.items()))}; wrong {wrong};"
            f" {time.time() - start:.0f} s ({time.process_time() - cpu:.0f} s CPU)",
            flush=True,
        )
    return 1 if total_wrong else 0


if __name__ == "__main__":
    sys.exit(main())
