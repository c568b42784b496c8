"""Start-up time of the ``yass`` command against Python's own.

Runs ``python3 -c pass`` and ``yass solve PUZZLE`` (the console script next to this
Python, or ``python -m yass`` when there is none) several times each, alternating, and
prints the median wall time of each, measured around the subprocess, and their ratio.
The target is a ratio of at most 3.

Both run as an installed package does, with byte-code caches: they are kept under a
directory of their own (``PYTHONPYCACHEPREFIX``), so the source tree stays clean even
where ``PYTHONDONTWRITEBYTECODE`` is set.

    python benchmarks/startup.py [--runs N] [--command "count PUZZLE" ...] [--src DIR ...]
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: An easy classic puzzle: start-up dominates its solving time.
PUZZLE = "409010803000009240000000001390274600000050000002163059500000000013600000908020107"


def yass_command() -> list[str]:
    """The installed ``yass`` script of this Python, or ``python -m yass``."""
    script = Path(sys.executable).with_name("yass")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "yass"]


def environment(cache: str) -> dict[str, str]:
    """This process's environment, with byte-code caches written under ``cache``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = cache
    return env


def wall_time(argv: list[str], env: dict[str, str]) -> float:
    """Seconds from starting ``argv`` to its end; it must succeed."""
    start = time.perf_counter()
    done = subprocess.run(
        argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, check=False
    )
    seconds = time.perf_counter() - start
    if done.returncode not in (0, 1):
        sys.exit(f"{shlex.join(argv)} failed ({done.returncode}): {done.stderr.decode()}")
    return seconds


def launcher(src: str) -> list[str]:
    """Run the ``yass`` command from the source tree ``src`` (its ``src`` directory)."""
    code = f"import sys; sys.path.insert(0, {src!r}); from yass.cli import main; sys.exit(main())"
    return [sys.executable, "-c", code]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each command (15)")
    parser.add_argument(
        "--command",
        action="append",
        metavar="ARGS",
        help=f"yass arguments to time (default: 'solve {PUZZLE[:12]}...'); may repeat",
    )
    parser.add_argument(
        "--src",
        action="append",
        metavar="DIR",
        help="time the yass of this source directory (for example an older checkout's"
        " src, to compare in the same run) instead of the installed one; may repeat",
    )
    args = parser.parse_args()
    commands = [shlex.split(c) for c in args.command or []] or [["solve", PUZZLE]]
    yasses = [(src, launcher(src)) for src in args.src] if args.src else [("", yass_command())]
    runs = [((f"{src}: " if src else "") + label(c), y + c) for src, y in yasses for c in commands]
    python = [sys.executable, "-c", "pass"]
    with tempfile.TemporaryDirectory(prefix="yass-startup-") as cache:
        env = environment(cache)
        for _, argv in [("", python), *runs]:
            wall_time(argv, env)  # warm the file cache and write the byte-code cache
        base_runs: list[float] = []
        times: list[list[float]] = [[] for _ in runs]
        for _ in range(args.runs):  # interleaved, so a change of load touches all alike
            base_runs.append(wall_time(python, env))
            for i, (_, argv) in enumerate(runs):
                times[i].append(wall_time(argv, env))
    base = statistics.median(base_runs)
    print(f"median of {args.runs} runs, wall time of the whole process")
    print(f"  {'python3 -c pass':<48} {base * 1000:8.1f} ms")
    for (name, _), t in zip(runs, times, strict=True):
        median = statistics.median(t)
        print(f"  {name:<48} {median * 1000:8.1f} ms   {median / base:5.1f}x python")
    return 0


def label(command: list[str]) -> str:
    return "yass " + " ".join(a if len(a) <= 16 else a[:12] + "..." for a in command)


if __name__ == "__main__":
    raise SystemExit(main())
