"""Fidelity and speed of ``yass.rate`` against Sudoku Explainer 1.2.1 (serate) ratings.

For each rated file (default: every ``*.tsv`` of ``../shared/data/rated/``; columns
puzzle, er, ep, ed, hardest, seconds) this rates every puzzle and prints:

* puzzles; how many yass rated, and how many it left ``incomplete`` (the path needs SE's
  dynamic chains (+) or nested chains and ran out of the time budget there) -- and, of
  those, any whose lower bound is already above SE's ER (must be 0);
* the share of puzzles with ER exactly equal / within 0.1 / within 0.2, the same for EP
  and ED, and the hardest technique's name equal (an incomplete puzzle counts as a miss
  for every figure it does not know);
* the same shares over the puzzles yass rated (its exactness where it answers);
* yass's time per puzzle (median, p95, max, CPU seconds in this process) beside serate's
  recorded wall seconds (median, p95, max) and the ratio of the medians, over all puzzles
  and over the rated ones only (yass stops an incomplete puzzle where serate's costliest
  chains begin, so only the second comparison is like for like);
* a confusion table: SE's whole ER (rows) against yass's (columns; ``>=N`` for an
  incomplete puzzle whose lower bound is N).

Run from the repository:  python benchmarks/rating.py [FILE.tsv ...] [--every N]
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
import time
from pathlib import Path

from bench_common import DEFAULT_DATA

from yass.rating import Rating, rate

RATED = DEFAULT_DATA.parent / "rated"


def _pct(n: int, total: int) -> str:
    return f"{100 * n / total:5.1f}%" if total else "    -"


def _quantile(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def _within(a: float | None, b: float, tol: float) -> bool:
    return a is not None and abs(a - b) <= tol + 1e-9


def run_file(path: Path, every: int) -> tuple[list[float], list[float]]:
    """Print the figures of one rated file; return yass's and serate's ms per puzzle."""
    with path.open() as f:
        rows = list(csv.DictReader(f, delimiter="\t"))[::every]
    n = len(rows)
    ratings: list[Rating] = []
    times: list[float] = []
    for row in rows:
        t = time.process_time()
        ratings.append(rate(row["puzzle"]))
        times.append(time.process_time() - t)
    rated = [i for i, r in enumerate(ratings) if r.status == "rated"]
    incomplete = [i for i, r in enumerate(ratings) if r.status == "incomplete"]
    other = n - len(rated) - len(incomplete)
    over = [i for i in incomplete if (ratings[i].er_min or 0.0) > float(rows[i]["er"]) + 1e-9]

    print(f"== {path.name}: {n} puzzles")
    print(
        f"   rated {len(rated)}, incomplete (needs chains) {len(incomplete)},"
        f" other {other}; lower bound above SE's ER: {len(over)}"
    )
    head = (
        f"   {'':<10}{'exact':>8}{'<=0.1':>8}{'<=0.2':>8}   | over rated: {'exact':>7}{'<=0.1':>8}"
    )
    print(head)
    for key in ("er", "ep", "ed"):
        vals = [getattr(r, key) for r in ratings]
        want = [float(row[key]) for row in rows]
        exact = [_within(v, w, 0.0) for v, w in zip(vals, want, strict=True)]
        near1 = [_within(v, w, 0.1) for v, w in zip(vals, want, strict=True)]
        near2 = [_within(v, w, 0.2) for v, w in zip(vals, want, strict=True)]
        r_exact = sum(exact[i] for i in rated)
        r_near1 = sum(near1[i] for i in rated)
        print(
            f"   {key.upper():<10}{_pct(sum(exact), n):>8}{_pct(sum(near1), n):>8}"
            f"{_pct(sum(near2), n):>8}   | {'':>12}{_pct(r_exact, len(rated)):>7}"
            f"{_pct(r_near1, len(rated)):>8}"
        )
    names = sum(ratings[i].hardest == rows[i]["hardest"] for i in rated)
    print(f"   hardest name equal: {names} of {len(rated)} rated")
    se_ms = [float(r["seconds"]) * 1000 if r.get("seconds") else float("nan") for r in rows]
    for label, idx in (("all", list(range(n))), ("rated only", rated)):
        if not idx:
            continue
        ms = [times[i] * 1000 for i in idx]
        sm = [se_ms[i] for i in idx if se_ms[i] == se_ms[i]]
        print(
            f"   {label:<10} yass ms/puzzle: median {statistics.median(ms):7.3f}"
            f"  p95 {_quantile(ms, 0.95):7.3f}  max {max(ms):7.1f}"
        )
        if sm:
            ratio = statistics.median(sm) / max(statistics.median(ms), 1e-9)
            print(
                f"   {'':<10} serate ms:      median {statistics.median(sm):7.1f}"
                f"  p95 {_quantile(sm, 0.95):7.1f}  max {max(sm):7.1f}"
                f"  (median serate/yass {ratio:.1f}x)"
            )
    pooled = ([t * 1000 for t in times], se_ms)
    # Confusion table: SE's whole ER against yass's.
    table: dict[int, dict[str, int]] = {}
    cols: set[str] = set()
    for i, r in enumerate(ratings):
        se = int(float(rows[i]["er"]))
        if r.er is not None:
            col = str(int(r.er))
        elif r.er_min is not None:
            col = f">={int(r.er_min)}"
        else:
            col = r.status
        cols.add(col)
        table.setdefault(se, {})
        table[se][col] = table[se].get(col, 0) + 1

    def order(c: str) -> tuple[int, int, str]:
        if c.isdigit():
            return (0, int(c), c)
        if c.startswith(">="):
            return (1, int(c[2:]), c)
        return (2, 0, c)

    ordered = sorted(cols, key=order)
    print("   SE ER \\ yass " + "".join(f"{c:>6}" for c in ordered))
    for se in sorted(table):
        print(f"   {se:>13} " + "".join(f"{table[se].get(c, 0):>6}" for c in ordered))
    print()
    return pooled


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="rated .tsv files (default: all)")
    parser.add_argument("--every", type=int, default=1, help="use every Nth puzzle")
    args = parser.parse_args(argv)
    files = args.files or sorted(RATED.glob("*.tsv"))
    if not files:
        print(f"no rated files under {RATED}", file=sys.stderr)
        return 2
    ours: list[float] = []
    theirs: list[float] = []
    for path in files:
        mine, se_ms = run_file(path, max(1, args.every))
        ours += mine
        theirs += [t for t in se_ms if t == t]
    if len(files) > 1 and ours and theirs:
        ratio = statistics.median(theirs) / max(statistics.median(ours), 1e-9)
        print(
            f"== all {len(ours)} puzzles: yass ms/puzzle median {statistics.median(ours):.3f},"
            f" serate {statistics.median(theirs):.1f} (median serate/yass {ratio:.1f}x)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
