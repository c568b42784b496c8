"""Benchmark of the ``yass`` command itself (issue 3's CLI targets), end to end.

It runs the installed command as a user would, so every figure includes Python's
start-up, reading and parsing the file, and writing the output:

1. batch throughput: ``yass solve FILE --format line -j N`` for the full 17-clue and
   kaggle files, with ``-j 1`` and ``-j 2``, and with and without ``--first`` (without it
   every puzzle is also checked for uniqueness); puzzles per second of wall time, best
   of ``--runs``. Every output line is checked to be a valid solution of its puzzle
   (independently of yass, outside the timing);
2. memory: the largest resident set (of the command and its workers) for
   ``yass solve FILE --format line -j 2 > /dev/null`` over a generated file of a
   million puzzles and over one of 10,000: streaming means the two are about equal;
3. a single ``yass solve PUZZLE`` (the default pretty output, with its uniqueness
   check, and ``--format line``): median wall time of ``--runs`` runs, start-up
   included, for seed 002's puzzle and the first of norvig_hardest11 (target < 0.3 s).

Run from the repository:  python benchmarks/batch.py [--runs N] [--data DIR] [--no-million]
"""

from __future__ import annotations

import argparse
import itertools
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from bench_common import DEFAULT_DATA, puzzle_lines, valid

SEED_PUZZLE = "409010803000009240000000001390274600000050000002163059500000000013600000908020107"

# Runs a command and prints the largest resident set of it and everything it waited for.
MAXRSS = (
    "import resource, subprocess, sys\n"
    "done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)\n"
    "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
)


def yass_command() -> list[str]:
    """The installed ``yass`` script next to this Python, else ``python -m yass``."""
    script = Path(sys.executable).with_name("yass")
    if script.exists():
        return [str(script)]
    found = shutil.which("yass")
    return [found] if found else [sys.executable, "-m", "yass"]


def throughput(
    yass: Sequence[str], path: Path, jobs: int, first: bool, runs: int, tmp: Path
) -> tuple[float, float, int]:
    """(best wall seconds, best seconds by --stats, puzzles) of a line-format run.

    The --stats seconds leave out Python's start-up and imports. The output is verified.
    """
    puzzles = puzzle_lines(path)
    out_path = tmp / "out.txt"
    argv = [*yass, "solve", str(path), "--format", "line", "-j", str(jobs), "--stats"]
    if first:
        argv.append("--first")
    best = inside = float("inf")
    for _ in range(runs):
        with out_path.open("w") as out:
            start = time.perf_counter()
            done = subprocess.run(
                argv, stdout=out, stderr=subprocess.PIPE, text=True, check=False
            )
            best = min(best, time.perf_counter() - start)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(argv)} exited with {done.returncode}")
        inside = min(inside, stats_seconds(done.stderr))
    solutions = out_path.read_text().splitlines()
    if len(solutions) != len(puzzles):
        raise SystemExit(f"{path.name}: {len(solutions)} output lines for {len(puzzles)}")
    wrong = sum(not valid(p, s) for p, s in zip(puzzles, solutions, strict=True))
    if wrong:
        raise SystemExit(f"{path.name}: {wrong} wrong solutions")
    return best, inside, len(puzzles)


def stats_seconds(stderr: str) -> float:
    """The ``seconds`` field of the ``yass: stats:`` line."""
    for line in stderr.splitlines():
        if line.startswith("yass: stats: "):
            fields = dict(f.strip().rsplit(" ", 1) for f in line[13:].split(","))
            return float(fields["seconds"])
    raise SystemExit(f"no stats line in {stderr!r}")


def write_repeated(source: Path, target: Path, count: int) -> None:
    lines = puzzle_lines(source)
    with target.open("w") as f:
        for line in itertools.islice(itertools.cycle(lines), count):
            f.write(line + "\n")


def max_rss(yass: Sequence[str], path: Path, jobs: int) -> tuple[int, float]:
    """(largest resident set in KiB, wall seconds) of a line-format run to /dev/null."""
    argv = [*yass, "solve", str(path), "--format", "line", "-j", str(jobs)]
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", MAXRSS, *argv], capture_output=True, text=True, check=True
    )
    seconds = time.perf_counter() - start
    code, kib = done.stdout.split()
    if code != "0":
        raise SystemExit(f"{' '.join(argv)} exited with {code}")
    return int(kib), seconds


def median_wall(argv: Sequence[str], runs: int, env: dict[str, str] | None = None) -> float:
    subprocess.run(argv, capture_output=True, check=False, env=env)  # warm the caches
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, capture_output=True, check=False, env=env)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the puzzle files")
    parser.add_argument("--runs", type=int, default=5, help="runs per measurement")
    parser.add_argument(
        "--no-million", action="store_true", help="skip the million-puzzle memory run"
    )
    args = parser.parse_args(argv)
    yass = yass_command()
    print(f"command: {' '.join(yass)}   cores: {os.cpu_count()}   runs: {args.runs}")
    print(f"load average at start: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")

    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        print("\n1. yass solve FILE --format line: puzzles/second (best of the runs)")
        print("   wall: the whole command, start-up included; run: by --stats, after imports")
        head = f"   {'file':<18}{'puzzles':>8}{'-j':>3}"
        print(f"{head}  {'unique check: wall':>25}  {'run':>8}  {'--first: wall':>25}  {'run':>8}")
        for stem in ("17_clue", "kaggle_first20000"):
            path = args.data / f"{stem}.txt"
            for jobs in (1, 2):
                cells = []
                for first in (False, True):
                    wall, inside, n = throughput(yass, path, jobs, first, args.runs, tmp)
                    cells.append(f"{n / wall:>14,.0f} ({wall:.3f}s)  {n / inside:>8,.0f}")
                print(f"   {stem:<18}{n:>8,}{jobs:>3}  {cells[0]:>35}  {cells[1]:>35}")
        print("   (every output line verified as a solution of its puzzle)")

        print("\n2. memory: largest resident set, yass solve FILE --format line -j 2 > /dev/null")
        sizes = [10_000] if args.no_million else [10_000, 1_000_000]
        for count in sizes:
            path = tmp / f"repeat_{count}.txt"
            write_repeated(args.data / "17_clue.txt", path, count)
            kib, seconds = max_rss(yass, path, 2)
            print(
                f"   {count:>9,} puzzles: {kib / 1024:6.1f} MiB"
                f"   ({seconds:.2f}s, {count / seconds:,.0f} puzzles/s)"
            )
            path.unlink()

        # Python compiles every module at each start when bytecode files are not written
        # (PYTHONDONTWRITEBYTECODE, a read-only install); an installed package has them.
        cached = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        cached["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
        envs: list[tuple[str, dict[str, str] | None]] = [("as is", None)]
        if os.environ.get("PYTHONDONTWRITEBYTECODE") or sys.flags.dont_write_bytecode:
            envs.append(("bytecode cached", cached))
        print(f"\n3. a single yass solve PUZZLE: median wall time of {args.runs} runs")
        hardest = puzzle_lines(args.data / "norvig_hardest11.txt")[0]
        print(f"   {'':<38}" + "".join(f"{label:>17}" for label, _ in envs))
        for label, puzzle in (("seed 002", SEED_PUZZLE), ("norvig_hardest11 #1", hardest)):
            for fmt in ("pretty", "line"):
                argv = [*yass, "solve", puzzle, "--format", fmt]
                row = "".join(f"{median_wall(argv, args.runs, env):>16.3f}s" for _, env in envs)
                print(f"   {label:<20} --format {fmt:<7}  {row}")
        for what, argv in (
            ("python -c pass", [sys.executable, "-c", "pass"]),
            (
                "python -c 'import yass.cli.commands'",
                [sys.executable, "-c", "import yass.cli.commands"],
            ),
        ):
            row = "".join(f"{median_wall(argv, args.runs, env):>16.3f}s" for _, env in envs)
            print(f"   {'for scale: ' + what:<38}{row}")


if __name__ == "__main__":
    main()
