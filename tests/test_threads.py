"""Searches from many threads at once give exactly the answers of one thread.

The compiled core is one engine per process behind a lock (see ``yass.engine._core``): every
call takes the lock for the whole of its work and returns all it found, and the
generic engine loads the caller's layout inside that call. These tests run a mix of
layouts (classic 9x9, anti-knight, Miracle, killer cages, 6x6, 16x16), limits and bounds
from 8 threads, through the core's own entry points and through the public API
(``find_solution``, ``count_solutions``, ``solve``, ``rate``), in the compiled build
and in the pure-Python one, and compare every answer with the serial answer.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import pytest

import yass
from conftest import puzzle_lines, variant_entries, variant_puzzle
from yass.core.board import Puzzle
from yass.engine import _core, fast
from yass.formats.text import make_layout

THREADS = 8

#: An empty 16x16 grid (the 16x16 cases blank every third cell of its first solution).
_EMPTY16 = Puzzle(make_layout(16), (0,) * 256)


def _entry(name: str) -> Puzzle:
    for entry in variant_entries(multi_cell=True):
        if entry["name"].startswith(name):
            return variant_puzzle(entry)
    raise LookupError(name)


def _outcome(call: Callable[[], Any]) -> tuple[str, Any]:
    """What a call gave: its value, or its exception's type and message."""
    try:
        return "value", call()
    except Exception as exc:  # an exception is an answer to compare too
        return type(exc).__name__, str(exc)


def search_cases() -> list[tuple[str, Callable[[], Any]]]:
    """(label, call) pairs over the core's layouts, limits and bounds."""
    grid16 = fast.solve(_EMPTY16)
    assert grid16 is not None
    sixteen = Puzzle(_EMPTY16.layout, tuple(v if i % 3 else 0 for i, v in enumerate(grid16)))
    seed = puzzle_lines("kaggle_sample.txt", 1)[0]
    many = "".join("." if i % 4 == 0 or i < 20 else ch for i, ch in enumerate(seed))
    variants = [
        _entry("The Miracle Sudoku"),
        _entry("check_anti_knight_9x9_1"),
        _entry("Anti-knight Anti-king"),
        _entry("Blitz"),
        _entry("check_killer_9x9_1"),
        _entry("6x6 Extreme Killer"),
        _entry("check_anti_king_6x6_1"),
        _entry("check_thermo_6x6_1"),
        _entry("Little Killer Sudoku"),
    ]
    cases: list[tuple[str, Callable[[], Any]]] = []
    lines = puzzle_lines("kaggle_sample.txt", 8) + puzzle_lines("magictour_top1465_sample.txt", 6)
    for line in lines:
        cases.append((f"find {line}", partial(yass.find_solution, line)))
        cases.append((f"count {line}", partial(yass.count_solutions, line, 2)))
        cases.append((f"bulk {line}", partial(_core.c9_solve_line, line)))
    cases.append(("count many", lambda: yass.count_solutions(many, 50)))
    cases.append(("bounded classic", lambda: yass.count_solutions("." * 81, 1000, max_guesses=40)))
    cases.append(("antiknight rules", lambda: yass.find_solution("." * 81, rules="antiknight")))
    cases.append(("empty 6x6", lambda: yass.count_solutions("." * 36, 300)))
    cases.append(("sixteen", lambda: yass.count_solutions(sixteen, 2)))
    cases.append(("empty 16x16", lambda: fast.solve(_EMPTY16)))
    cases.append(("bounded 16x16", lambda: fast.count_solutions(
        _EMPTY16, 10, yass.Bounds(max_guesses=25))))
    for puzzle in variants:
        cases.append((f"find {puzzle.name}", partial(yass.find_solution, puzzle)))
        cases.append((f"count {puzzle.name}", partial(yass.count_solutions, puzzle, 2)))
    return cases


def _serial_then_threads(
    cases: list[tuple[str, Callable[[], Any]]], rounds: int
) -> tuple[int, list[str]]:
    """(calls made from threads, the labels whose answer differed from the serial one)."""
    serial = {label: _outcome(call) for label, call in cases}
    order = [case for _ in range(rounds) for case in cases]
    random.Random(7).shuffle(order)
    diffs: list[str] = []
    lock = threading.Lock()

    def run(case: tuple[str, Callable[[], Any]]) -> None:
        label, call = case
        got = _outcome(call)
        if got != serial[label]:
            with lock:
                diffs.append(f"{label}: {got!r} != {serial[label]!r}")

    with ThreadPoolExecutor(THREADS) as pool:
        list(pool.map(run, order))
    return len(order), diffs


def test_searches_from_eight_threads_agree_with_one() -> None:
    cases = search_cases()
    answers = {label: _outcome(call) for label, call in cases}
    # The mix holds real searches, not errors: solutions, counts and a bound reached.
    assert answers["bounded classic"][0] == "BoundReached"
    assert answers["empty 6x6"] == ("value", 300)
    assert answers["sixteen"] == ("value", 2)
    assert sum(kind == "value" for kind, _ in answers.values()) == len(cases) - 2
    calls, diffs = _serial_then_threads(cases, rounds=10)
    assert calls > 500
    assert diffs == []


def test_public_api_from_eight_threads_agrees_with_one() -> None:
    """The logical solver and the SE rater, beside searches, from 8 threads."""
    easy = puzzle_lines("kaggle_sample.txt", 3)
    hard = puzzle_lines("norvig_top95.txt", 2)

    def solved(line: str | Puzzle) -> Any:
        result = yass.solve(line)
        return result.solution, result.guesses, [step.text for step in result.steps]

    def rated(line: str) -> Any:
        rating = yass.rate(line)
        return rating.er, rating.ep, rating.ed, rating.hardest

    cases: list[tuple[str, Callable[[], Any]]] = []
    for line in easy + hard:
        cases.append((f"solve {line}", partial(solved, line)))
        cases.append((f"rate {line}", partial(rated, line)))
        cases.append((f"find {line}", partial(yass.find_solution, line)))
        cases.append((f"count {line}", partial(yass.count_solutions, line, 2)))
    miracle = _entry("The Miracle Sudoku")
    cases.append(("solve miracle", partial(solved, miracle)))
    cases.append(("count miracle", lambda: yass.count_solutions(miracle, 2)))
    answers = {label: _outcome(call) for label, call in cases}
    assert all(kind == "value" for kind, _ in answers.values()), answers
    calls, diffs = _serial_then_threads(cases, rounds=2)
    assert calls >= 40
    assert diffs == []


_PURE = r"""
import importlib.util, sys
from pathlib import Path
import yass
source = Path(yass.__file__).parent / "engine" / "_core.py"
spec = importlib.util.spec_from_file_location("yass.engine._core", source)
core = importlib.util.module_from_spec(spec)
sys.modules["yass.engine._core"] = core
spec.loader.exec_module(core)
from yass.engine import fast
assert not fast.is_compiled()
sys.path.insert(0, sys.argv[1])
import test_threads
cases = [case for case in test_threads.search_cases() if not case[0].startswith("find 8")]
calls, diffs = test_threads._serial_then_threads(cases, rounds=1)
print(calls, len(diffs))
for diff in diffs[:5]:
    print(diff)
"""


def test_pure_python_build_from_eight_threads_agrees_with_one() -> None:
    """The same mix on the interpreted core (``yass.engine._core``'s source run by Python, as
    where the extension is not built), in a process of its own."""
    if not _core.is_compiled():
        pytest.skip("the whole suite runs on the interpreted core already")
    here = Path(__file__).parent
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(here), *sys.path]))
    run = subprocess.run(
        [sys.executable, "-c", _PURE, str(here)],
        capture_output=True, text=True, env=env, timeout=600, check=False,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    first = run.stdout.split("\n", 1)[0].split()
    assert int(first[0]) > 50
    assert first[1] == "0", run.stdout


# Two boards of one solve (magictour_top1465 line 2): a forcing net's step took the first
# to the second, so a solve asks the net for the second with the first's premises carried.
_NET_BEFORE = (
    "000000700120006000000000080000450009000456009000456009003000000100456000120050009"
    "000406009003006000003406009020000000003456009100000000000406700000450780000050780"
    "000050000123006000120406009000000780003400009000000780120006009100406000120000009"
    "100000089000400000100050709003050709000050009003050709100000780020000000000006000"
    "003000000120006700120006009000400709000000080020406009100400700100450700100050700"
    "020006080000050780020056700100000000020456000020456700000400780000000009003000000"
    "120000080000000009103050700000006000120050000023050080120000700103000780000400000"
    "120406000123006080123406000003400089000000700023400089000050000103006080120000089"
    "120406000000056780123456700003450089120400009023450089120006009103006780120000789"
)
_NET_AFTER = (
    "000000700120006000000000080000450009000456009000456009003000000100456000120050000"
    "000406009003006000003406009020000000003456000100000000000406700000450780000050780"
    "000050000123006000120406000000000780003400000000000780120006009100406000120000009"
    "100000089000400000100050709003050709000050009003050709100000780020000000000006000"
    "003000000120006700120006009000400709000000080020406009100400700100450700100050700"
    "020006080000050780020056700100000000020456000020456700000400780000000009003000000"
    "120000080000000009103050700000006000120050000023050080120000700103000780000400000"
    "120406000123006080123406000003400089000000700023400089000050000103006080120000089"
    "120406000000056780123456700003450089120400009023450089120006009103006780120000789"
)


def test_forcing_nets_carry_belongs_to_one_thread() -> None:
    """A forcing net searches the premises of its last steps first (its "carry") when a
    solve asks again on the same, narrowed board. Another thread's search in between
    must not change which step this thread gets next, and a new board of the same
    state lists its steps as if nothing came before."""
    from yass.core.layout import Layout
    from yass.formats.candidates import board_from_candidates, parse_candidates
    from yass.logic.techniques import get_techniques

    def board(text: str) -> Any:
        return board_from_candidates(Layout.classic(9), parse_candidates(text)[1])

    def narrow(b: Any, text: str) -> None:  # (as the solve's step did)
        for cell, mask in enumerate(parse_candidates(text)[1]):
            for d in range(1, 10):
                if b.cands[cell] >> (d - 1) & 1 and not mask >> (d - 1) & 1:
                    b.eliminate(cell, d)

    fn = get_techniques("fn")[0]

    def first(b: Any) -> str:
        return str(next(iter(fn.find(b))))

    def in_thread(call: Callable[[], Any]) -> Any:
        out: list[Any] = []
        worker = threading.Thread(target=lambda: out.append(call()))
        worker.start()
        worker.join()
        return out[0]

    def solve_on(b: Any) -> str:
        first(b)
        narrow(b, _NET_AFTER)
        return first(b)

    fresh = in_thread(lambda: first(board(_NET_AFTER)))
    carried = in_thread(lambda: solve_on(board(_NET_BEFORE)))
    assert fresh != carried  # (the carry matters here: without it, another step comes first)
    going = board(_NET_BEFORE)
    first(going)
    other = board(_NET_AFTER)
    cell = next(c for c in range(81) if other.cands[c].bit_count() > 2)
    other.eliminate(cell, other.cands[cell].bit_length())  # another board: one fewer
    in_thread(lambda: list(fn.find(other)))
    narrow(going, _NET_AFTER)
    assert first(going) == carried
    # This thread's carry is for ``going``: a new board (a hint asked on the same grid)
    # gets the steps in their own order.
    assert first(board(_NET_AFTER)) == fresh


def test_rule_logic_path_does_not_depend_on_earlier_solves() -> None:
    """Rule logic skips rules that found nothing while their cells are unchanged; that
    record must hold only for the solve that made it (it once outlived the solve, so
    a puzzle solved a second time took another path)."""
    puzzle = _entry("check_renban_6x6_1_solve")

    def path() -> list[str]:
        return [step.text for step in yass.solve(puzzle).steps]

    first = path()
    assert any(step.startswith("Renban") for step in first)
    assert path() == first
    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(lambda _: path(), range(4))) == [first] * 4


def test_a_rating_time_limit_stays_in_its_own_thread() -> None:
    """The SE rater's deadline for its costly levels is per thread: one thread past its
    limit does not stop another thread's rating, nor clear its limit."""
    from yass.rating import se

    here_set = threading.Event()
    there_done = threading.Event()
    seen: list[object] = []

    def other() -> None:
        here_set.wait(10)
        seen.append(se._DEADLINE.at)  # this thread has set none
        try:
            se._tick()  # so the first thread's past deadline does not stop it
            seen.append("ran")
        except se._OutOfTime:
            seen.append("stopped")
        se._DEADLINE.at = None  # (clearing its own leaves the first thread's)
        there_done.set()

    thread = threading.Thread(target=other)
    thread.start()
    se._DEADLINE.at = 0.0  # long past
    try:
        here_set.set()
        there_done.wait(10)
        thread.join(10)
        assert seen == [None, "ran"]
        assert se._DEADLINE.at == 0.0
        with pytest.raises(se._OutOfTime):
            se._tick()
    finally:
        se._DEADLINE.at = None
