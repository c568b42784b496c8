"""Start-up time of the ``yass`` command against Python's own.

Runs ``python3 -c pass`` and ``yass solve PUZZLE`` (the console script next to this
Python, or ``python -m yass`` when there is none) several times each, alternating, and
prints the median wall time of each, measured around the subprocess, and their ratio.
The target is a ratio of at most 3. It also prints the median CPU time (user + system)
of each process and its ratio: on a busy machine the wall times wait for a core, the
CPU times much less so.

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


def run_time(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds from starting ``argv`` to its end, and the CPU seconds it used; it must
    succeed."""
    before = _children_cpu()
    start = time.perf_counter()
    done = subprocess.run(
        argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, check=False
    )
    seconds = time.perf_counter() - start
    cpu = _children_cpu() - before
    if done.returncode not in (0, 1):
        sys.exit(f"{shlex.join(argv)} failed ({done.returncode}): {done.stderr.decode()}")
    return seconds, cpu


def _children_cpu() -> float:
    """CPU seconds used so far by the ended child processes (to the microsecond where
    ``resource`` is there, else in clock ticks)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        t = os.times()
        return t.children_user + t.children_system
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def launcher(src: str) -> list[str]:
    """Run the ``yass`` command from the source tree ``src`` (its ``src`` directory)."""
    code = (
        f"import sys; sys.path.insert(0, {src!r}); "
        "from yass.cli.commands import main; sys.exit(main())"
    )
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
            run_time(argv, env)  # warm the file cache and write the byte-code cache
        base_runs: list[tuple[float, float]] = []
        times: list[list[tuple[float, float]]] = [[] for _ in runs]
        for _ in range(args.runs):  # interleaved, so a change of load touches all alike
            base_runs.append(run_time(python, env))
            for i, (_, argv) in enumerate(runs):
                times[i].append(run_time(argv, env))
    base = [statistics.median(t[k] for t in base_runs) for k in (0, 1)]
    print(f"median of {args.runs} runs of the whole process: wall time, and CPU time")
    print(f"  {'python3 -c pass':<48} {base[0] * 1000:8.1f} ms {'':16} {base[1] * 1000:8.1f} ms")
    for (name, _), t in zip(runs, times, strict=True):
        wall, cpu = (statistics.median(r[k] for r in t) for k in (0, 1))
        print(
            f"  {name:<48} {wall * 1000:8.1f} ms {wall / base[0]:5.1f}x python"
            f" {cpu * 1000:8.1f} ms {cpu / base[1]:5.1f}x python"
        )
    return 0


def label(command: list[str]) -> str:
    return "yass " + " ".join(a if len(a) <= 16 else a[:12] + "..." for a in command)


if __name__ == "__main__":
    raise SystemExit(main())
