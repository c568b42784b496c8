"""Speed of `yass generate` by level and by required hardest technique, beside hodoku-py.

For each level (easy .. extreme) this makes ``--count`` puzzles with yass (one process,
seeds 0, 1, ...) and prints the CPU seconds per puzzle (median, p95, max), the puzzles
per second and the tries per puzzle; with ``--hodoku`` it does the same with hodoku-py's
generator (``hodoku.api.Generator``, the PyPI port of HoDoKu, from the ``bench`` extra),
whose levels also use HoDoKu's score thresholds. ``--families`` adds one row per
technique for ``--hardest`` (a puzzle whose hardest step is that technique): every
fish, wing, colouring and chain technique of the ladder, Unique Rectangle 1 and Death
Blossom for comparison (``--only`` picks rows by code, ``--seed`` draws other puzzles).

Run from the repository:
  python benchmarks/generate.py --count 20 --hodoku
  python benchmarks/generate.py --count 10 --families
"""

from __future__ import annotations

import argparse
import statistics
import time

from yass.core.layout import Layout
from yass.generate import Request, generate

LEVELS = ("easy", "medium", "hard", "unfair", "extreme")
FAMILIES = {
    # fish
    "X-Wing": "xw",
    "Swordfish": "sf",
    "Jellyfish": "jf",
    "Finned X-Wing": "fxw",
    "Sashimi X-Wing": "sxw",
    "Finned Swordfish": "fsf",
    "Sashimi Swordfish": "ssf",
    "Finned Jellyfish": "fjf",
    "Sashimi Jellyfish": "sjf",
    # single-digit patterns and wings
    "Skyscraper": "sky",
    "2-String Kite": "kite",
    "Turbot Fish": "tf",
    "Empty Rectangle": "er",
    "W-Wing": "ww",
    "XY-Wing": "xy",
    "XYZ-Wing": "xyz",
    "ALS-XY-Wing": "alsxy",
    # uniqueness (for comparison)
    "Unique Rectangle 1": "ur1",
    # colouring and chains
    "Remote Pair": "rp",
    "Simple Colouring": "sc",
    "Multi-Colouring": "mc",
    "X-Chain": "xc",
    "XY-Chain": "xyc",
    "AIC": "aic",
    "Grouped AIC": "gaic",
    "ALS-XZ": "alsxz",
    "ALS Chain": "alsc",
    "Death Blossom": "db",
    "Forcing Chain": "fc",
    "Forcing Net": "fn",
}


def _row(
    name: str, times: list[float], tries: list[int] | None, missing: int,
    timeout: float | None = None,
) -> str:
    if not times:
        return f"{name:<22} none found ({missing} gave up)"
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    rate = len(times) / sum(times) if sum(times) else float("inf")
    extra = f"  tries/puzzle {statistics.mean(tries):6.1f}" if tries else ""
    gave = f"  ({missing} gave up)" if missing else ""
    if missing and timeout is not None:
        # The median over every puzzle asked, a miss counted as the whole timeout.
        whole = statistics.median(times + [timeout] * missing)
        gave += f", median counting them {whole:.3f} s"
    return (f"{name:<22} n={len(times):<4} median {statistics.median(times):7.3f} s"
            f"  p95 {p95:7.3f} s  max {times[-1]:7.3f} s  {rate:7.2f} puzzles/s{extra}{gave}")


def _yass(
    req: Request, count: int, timeout: float, seed: str = "bench"
) -> tuple[list[float], list[int], int]:
    """As `yass generate -j 1` makes them (``generate``: a puzzle isomorphic to one
    before is drawn again, in the time of the one it replaces)."""
    times, tries, missing = [], [], 0
    start = time.process_time()
    for g in generate(req, count, seed=seed, timeout=timeout):
        now = time.process_time()
        if isinstance(g, int):
            missing += 1
        else:
            times.append(now - start)
            tries.append(g.tries)
        start = now
    return times, tries, missing


def _hodoku(level: str, count: int) -> tuple[list[float], int]:
    from hodoku.api import Generator
    from hodoku.core.types import DifficultyType

    gen = Generator()
    times, missing = [], 0
    for _ in range(count):
        start = time.process_time()
        try:
            gen.generate(DifficultyType[level.upper()], max_tries=2000)
        except RuntimeError:
            missing += 1
            continue
        times.append(time.process_time() - start)
    return times, missing


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=10, help="puzzles per row (default 10)")
    ap.add_argument("--hodoku", action="store_true", help="also time hodoku-py's generator")
    ap.add_argument("--families", action="store_true", help="add --hardest rows")
    ap.add_argument("--timeout", type=float, default=60.0, help="CPU seconds per puzzle")
    ap.add_argument("--levels", default=",".join(LEVELS),
                    help="comma-separated levels to time (default all; '' for none)")
    ap.add_argument("--seed", default="bench", help="seed of yass's puzzles (default bench)")
    ap.add_argument("--only", default="",
                    help="with --families: comma-separated technique codes (default all)")
    args = ap.parse_args()
    levels = [name for name in args.levels.split(",") if name]
    only = {code for code in args.only.split(",") if code}
    layout = Layout.classic(9)
    print("CPU seconds per puzzle, one process (rotational symmetry)")
    for level in levels:
        req = Request(layout, levels=(LEVELS.index(level) + 1,), symmetry="rotational")
        times, tries, missing = _yass(req, args.count, args.timeout, args.seed)
        print(_row(f"yass {level}", times, tries, missing, args.timeout), flush=True)
        if args.hodoku:
            h_times, h_missing = _hodoku(level, args.count)
            print(_row(f"hodoku-py {level}", h_times, None, h_missing), flush=True)
    if args.families:
        for name, code in FAMILIES.items():
            if only and code not in only:
                continue
            req = Request(layout, hardest=(code,), symmetry="rotational")
            times, tries, missing = _yass(req, args.count, args.timeout, args.seed)
            print(_row(f"yass --hardest {name}", times, tries, missing, args.timeout),
                  flush=True)


if __name__ == "__main__":
    main()
