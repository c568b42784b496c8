"""``--scheduler`` against ``-j 1``: the same bytes, and the time each takes.

Starts a local Dask cluster (``distributed.LocalCluster``, ``--workers`` processes of one
thread), then runs each command once with ``-j 1`` and once with ``--scheduler`` as a
separate ``yass`` process, and prints for each: the bytes of output, whether the two
outputs (and exit codes and standard error) are identical, and the seconds of each. The
commands: ``solve`` of a file of puzzle lines (``--solve``, default the first 20,000 lines
of the Kaggle set), ``explain --format json`` of ``--count`` lines of it, and a seeded
``generate -n COUNT`` (line format: its JSON holds each search's seconds).

Run from the repository (the workers import yass: set PYTHONPATH=src or install it):
  PYTHONPATH=src python benchmarks/cluster.py
  PYTHONPATH=src python benchmarks/cluster.py --solve FILE --count 200 --workers 2
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

KAGGLE = Path("/work/shared/data/puzzles/kaggle_first20000.txt")


def run(argv: list[str]) -> tuple[subprocess.CompletedProcess[bytes], float]:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "yass", *argv], capture_output=True)
    return done, time.perf_counter() - start


def main() -> None:
    import distributed

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--solve", type=Path, default=KAGGLE, help="a file of puzzle lines")
    parser.add_argument("--count", type=int, default=200,
                        help="puzzles for explain and generate (default 200)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes")
    args = parser.parse_args()

    lines = args.solve.read_text().splitlines()
    with tempfile.TemporaryDirectory() as tmp:
        some = Path(tmp) / "some.txt"
        some.write_text("\n".join(lines[: args.count]) + "\n")
        cluster = distributed.LocalCluster(
            n_workers=args.workers, threads_per_worker=1, processes=True,
            dashboard_address=None,
        )
        address = cluster.scheduler_address
        os.environ.setdefault("PYTHONPATH", "src")
        cases = [
            (f"solve {len(lines)} lines", ["solve", str(args.solve), "--format", "line"]),
            (f"explain --format json, {args.count}", ["explain", str(some), "--format", "json"]),
            (f"generate -n {args.count} --seed 1",
             ["generate", "-n", str(args.count), "--seed", "1"]),
        ]
        print(f"{'command':<34} {'bytes':>10} {'same':>5} {'-j 1 s':>8} "
              f"{'dask s':>8}  ({args.workers} Dask workers, {os.cpu_count()} cores)")
        try:
            for name, argv in cases:
                here, t_here = run([*argv, "-j", "1"])
                there, t_there = run([*argv, "--scheduler", address])
                same = (here.stdout, here.stderr, here.returncode) == (
                    there.stdout, there.stderr, there.returncode)
                print(f"{name:<34} {len(here.stdout):>10} {'yes' if same else 'NO':>5} "
                      f"{t_here:>8.2f} {t_there:>8.2f}", flush=True)
        finally:
            cluster.close()


if __name__ == "__main__":
    main()
