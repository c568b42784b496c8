"""Benchmark of ``POST /api/analyze`` (the play and set page's one question), server side.

A ``yass web`` server runs in this process on a free port; every request goes over HTTP
as the page sends it, and the figure is the answer's ``ms`` (the server's time on the
request, from reading the puzzle to the last search), with the round trip beside it.

1. classic 9x9 puzzles in progress (norvig_top95 and the first kaggle puzzles): for each
   puzzle, ``--states`` grids: the givens alone (twice), then 15-80 % of the solution
   filled in at random, one in four with a wrong digit; the request is the page's hint
   request (``level`` 3, the rating on). The first request on a puzzle computes and keeps
   its rating, so it is reported apart ("first request"); the rest are "in progress".
   Target: p95 < 100 ms.
2. the variant corpus (``variants/variant_puzzles.json``): one play request (half of the
   solution filled in, a hint at level 3, no rating) and one set-mode request (no
   progress, the rating and minimality on) per puzzle. Target: p95 < 1 s.

Run from the repository:  PYTHONPATH=src python benchmarks/web_analyze.py [--data DIR] [--states N]
    [--classic N]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

from bench_common import DEFAULT_DATA, puzzle_lines

from yass.engine import fast
from yass.formats import parse_puzzle
from yass.web import make_server


def post(url: str, body: dict[str, Any]) -> tuple[int, dict[str, Any], float]:
    req = urllib.request.Request(url, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(req, timeout=60) as reply:
            answer = json.loads(reply.read())
            status = reply.status
    except urllib.error.HTTPError as exc:
        answer = json.loads(exc.read())
        status = exc.code
    return status, answer, (time.perf_counter() - start) * 1000


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def report(label: str, server_ms: list[float], trip_ms: list[float]) -> None:
    print(f"{label:<44} n={len(server_ms):>4}  server p50 {statistics.median(server_ms):7.1f}"
          f"  p95 {pct(server_ms, 95):7.1f}  max {max(server_ms):7.1f} ms"
          f"   (round trip p95 {pct(trip_ms, 95):7.1f} ms)")


def progress_line(givens: tuple[int, ...], solution: tuple[int, ...], share: float,
                  wrong: bool, rng: random.Random) -> str:
    cells = [c for c, g in enumerate(givens) if not g]
    filled = set(rng.sample(cells, int(len(cells) * share)))
    out = [str(givens[c] or (solution[c] if c in filled else 0)) for c in range(81)]
    if wrong and filled:
        c = rng.choice(sorted(filled))
        out[c] = str(solution[c] % 9 + 1)
    return "".join(out).replace("0", ".")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the puzzles folder")
    parser.add_argument("--states", type=int, default=6, help="grids in progress per puzzle")
    parser.add_argument("--classic", type=int, default=40, help="classic puzzles of each file")
    args = parser.parse_args()
    rng = random.Random(2026)
    server = make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = server.address.url + "api/analyze"
    print(f"compiled engine: {fast.is_compiled()}")

    for name in ("norvig_top95.txt", "kaggle_first20000.txt"):
        first_s, first_t, play_s, play_t = [], [], [], []
        for line in puzzle_lines(args.data / name)[: args.classic]:
            puzzle = parse_puzzle(line)
            _, solution = fast.search(puzzle, 1)
            assert solution is not None
            for k in range(args.states):
                # the givens alone twice (the rating made, then kept), then 15-80 % filled
                share = 0.0 if k < 2 else 0.15 + 0.65 * (k - 2) / max(1, args.states - 3)
                progress = progress_line(puzzle.givens, solution, share, k % 4 == 3, rng)
                status, answer, trip = post(url, {"puzzle": line, "progress": progress})
                assert status == 200, answer
                (first_s if k == 0 else play_s).append(answer["ms"])
                (first_t if k == 0 else play_t).append(trip)
        report(f"{name}: first request (rating made)", first_s, first_t)
        report(f"{name}: in progress (hint, rating kept)", play_s, play_t)

    entries = json.loads((args.data.parent / "variants" / "variant_puzzles.json").read_text())
    play_s, play_t, set_s, set_t, slow = [], [], [], [], []
    for entry in entries:
        solution = entry["solution"]
        givens = entry["givens"]
        progress = "".join(
            g if g not in ".0" else (solution[i] if rng.random() < 0.5 else ".")
            for i, g in enumerate(givens)
        )
        status, answer, trip = post(url, {"puzzle": entry, "progress": progress, "rate": False})
        assert status in (200, 503), answer
        if status == 200:
            play_s.append(answer["ms"])
            play_t.append(trip)
        status, answer, trip = post(url, {"puzzle": entry, "minimality": True})
        if status == 200:
            set_s.append(answer["ms"])
            set_t.append(trip)
            if answer["ms"] > 1000:
                slow.append(f"{entry['name']} ({answer['ms'] / 1000:.1f} s)")
        else:
            slow.append(f"{entry['name']} (503: {answer['error']})")
    report("variants: in progress (hint, no rating)", play_s, play_t)
    report("variants: set mode (rating, minimality)", set_s, set_t)
    if slow:
        print("over 1 s in set mode: " + "; ".join(slow))
    server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
