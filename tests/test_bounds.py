"""Bounds and interruption: --timeout and --max-guesses stop a search with a line in its
place and exit code 4; Ctrl-C (a real SIGINT) stops the compiled search within seconds
with exit code 130 and no traceback; the compiled and interpreted cores stop alike."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

from conftest import interpreted
from yass.cli.commands import main
from yass.constraints import AntiKing, AntiKnight, NonConsecutive
from yass.core.board import Puzzle
from yass.core.bounds import GUESSES, TIME, BoundReached, Bounds
from yass.core.geometry import char_digit
from yass.core.layout import Layout
from yass.engine import _core, fast, search
from yass.engine.compiled import compile_layout
from yass.formats.text import make_layout

#: An empty 16x16 grid: with the Miracle rules the compiled search runs for minutes.
EMPTY16 = "." * 256
#: The compiled 9x9 search finds its first solution after 20 branches and ends after 54.
HARD9 = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."
HARD9_SOLUTION = "145327698839654127672918543496185372218473956753296481367542819984761235521839764"
#: Solved by the compiled 9x9 search's propagation alone: no branch at all.
EASY9 = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
#: The Miracle (anti-knight, anti-king, non-consecutive) with two givens: one solution.
MIRACLE9 = "." * 38 + "1" + "." * 12 + "2" + "." * 29


def _givens(line: str) -> tuple[int, ...]:
    return tuple(char_digit(ch) for ch in line)


def _miracle16() -> Puzzle:
    layout = Layout(16, [AntiKnight(), AntiKing(), NonConsecutive()])
    return Puzzle(layout, (0,) * 256)


# -- the library: Bounds and BoundReached ---------------------------------------------------


def test_bound_messages() -> None:
    assert str(BoundReached(TIME, 5.0)) == "timeout after 5 s"
    assert str(BoundReached(TIME, 0.25)) == "timeout after 0.25 s"
    assert str(BoundReached(GUESSES, 1000)) == "stopped after 1000 guesses"
    assert str(BoundReached(GUESSES, 1)) == "stopped after 1 guess"
    with pytest.raises(ValueError):
        Bounds(timeout=0)
    with pytest.raises(ValueError):
        Bounds(max_guesses=-1)


def test_generic_search_stops_at_max_guesses() -> None:
    puzzle = _miracle16()
    assert fast.engine(puzzle.layout) == fast.GENERIC
    with pytest.raises(BoundReached) as caught:
        fast.count_solutions(puzzle, 2, Bounds(max_guesses=500))
    assert caught.value.kind == GUESSES
    assert str(caught.value) == "stopped after 500 guesses"
    compiled = compile_layout(puzzle.layout)
    assert compiled is not None
    assert _core.gen_search(compiled, puzzle.givens, 2, 500)[2:] == (_core.STOP_GUESSES, 500)


def test_generic_search_stops_at_its_deadline() -> None:
    start = time.monotonic()
    with pytest.raises(BoundReached) as caught:
        fast.search(_miracle16(), 2, Bounds(timeout=0.2))
    assert caught.value.kind == TIME
    assert str(caught.value) == "timeout after 0.2 s"
    assert time.monotonic() - start >= 0.2


def test_classic_search_stops_and_keeps_its_first_solution() -> None:
    puzzle = Puzzle(Layout.classic(9), _givens(HARD9))
    assert fast.count_solutions(puzzle, 2) == 1  # no bound: the whole search
    with pytest.raises(BoundReached) as caught:
        fast.search(puzzle, 2, Bounds(max_guesses=30))
    # The first solution came after 20 branches; proving it unique needs more than 30.
    assert caught.value.solutions == 1
    assert caught.value.first == _givens(HARD9_SOLUTION)
    with pytest.raises(BoundReached):
        fast.classic_line(HARD9, 2, Bounds(max_guesses=10))
    assert fast.classic_line(EASY9, 2, Bounds(max_guesses=0))[0] == 1


def test_reference_search_stops_at_max_guesses() -> None:
    layout = make_layout(9)
    puzzle = Puzzle(layout, (0,) * 81)
    with pytest.raises(BoundReached) as caught:
        search.count_solutions(puzzle, 1000, bounds=Bounds(max_guesses=100))
    assert caught.value.kind == GUESSES
    assert caught.value.solutions > 0  # the solutions found by then
    assert search.count_solutions(puzzle, 3, bounds=Bounds(max_guesses=10_000)) == 3


def _interpreted() -> ModuleType:
    return interpreted(_core, "yass_core_bounds_interpreted")


def test_interpreted_core_stops_like_the_compiled_one() -> None:
    py = _interpreted()
    assert not py.is_compiled()
    givens = _givens(HARD9)
    for core in (_core, py):
        stopped = core.c9_search(givens, 2, 30)
        assert stopped == (1, _givens(HARD9_SOLUTION), core.STOP_GUESSES, 30)
        assert core.c9_search(givens, 2)[0::2] == (1, 0)
    four = compile_layout(Layout.classic(4))
    assert four is not None
    runs = []
    for core in (_core, py):
        assert core.gen_fits(four)
        runs.append(core.gen_search(four, (0,) * 16, 1000, 7))
        assert runs[-1][2:] == (core.STOP_GUESSES, 7)
        assert core.gen_search(four, (0,) * 16, 1000)[0::2] == (288, 0)
    assert runs[0] == runs[1]


# -- the command: a line in place, the next puzzle goes on, exit code 4 -----------------------


def test_count_timeout_line_in_place(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["count", "--rules", "miracle", EMPTY16, "--timeout", "0.2"]) == 4
    assert capsys.readouterr().out == "timeout after 0.2 s\n"


def test_check_file_goes_on_after_a_timeout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "two.txt"
    path.write_text(f"{EMPTY16}\n{MIRACLE9}\n")
    assert main(["check", "--rules", "miracle", str(path), "--timeout", "0.2"]) == 4
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"{path} line 1: timeout after 0.2 s",
        f"{path} line 2: valid: exactly one solution",
    ]


def test_solve_line_file_with_max_guesses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The batch path (a file, --format line): the classic fast path is bounded too.
    path = tmp_path / "three.txt"
    path.write_text(f"{HARD9}\n{EASY9}\n{HARD9}\n")
    code = main(["solve", "--format", "line", str(path), "--max-guesses", "5", "-j", "1"])
    assert code == 4
    captured = capsys.readouterr()
    out = captured.out.splitlines()
    assert out[0] == out[2] == "stopped after 5 guesses"
    assert len(out[1]) == 81 and "." not in out[1]
    assert f"{path} line 1: stopped after 5 guesses" in captured.err


def test_solve_line_keeps_a_solution_whose_uniqueness_check_stopped(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["solve", "--format", "line", HARD9, "--max-guesses", "30"]) == 4
    captured = capsys.readouterr()
    assert captured.out == HARD9_SOLUTION + "\n"
    assert "whether the solution is unique is not known (stopped after 30 guesses)" in (
        captured.err
    )
    assert main(["solve", "--format", "line", HARD9, "--max-guesses", "60"]) == 0


def test_solve_without_techniques_times_out(capsys: pytest.CaptureFixture[str]) -> None:
    # The logic solver guessing only (the example) is bounded by time ...
    args = ["solve", "--rules", "miracle", EMPTY16, "--techniques", "none"]
    assert main([*args, "--timeout", "0.3"]) == 4
    assert capsys.readouterr().out == "timeout after 0.3 s\n"
    # ... and by guesses.
    assert main([*args, "--max-guesses", "5"]) == 4
    assert capsys.readouterr().out == "stopped after 5 guesses\n"


def test_solve_json_and_explain_report_the_bound(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    args = ["--rules", "miracle", EMPTY16, "--max-guesses", "3"]
    assert main(["solve", "--format", "json", "--techniques", "none", *args]) == 4
    obj = json.loads(capsys.readouterr().out)
    assert obj["solution"] is None and obj["stopped"] == "stopped after 3 guesses"
    assert main(["explain", "--techniques", "none", *args]) == 4
    assert capsys.readouterr().out == "stopped after 3 guesses\n"


@pytest.mark.parametrize(
    ("option", "value"),
    [("--timeout", "0"), ("--timeout", "-1"), ("--timeout", "soon"), ("--timeout", "inf"),
     ("--max-guesses", "-1"), ("--max-guesses", "many")],
)
def test_bad_bounds_are_one_line(
    option: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["count", EASY9, option, value]) == 2
    err = capsys.readouterr().err
    assert err.startswith("yass: error: count: argument") and err.count("\n") == 1


# -- Ctrl-C: a real SIGINT to a process in the compiled search --------------------------------


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _interrupt(args: list[str], group: bool = False) -> tuple[int, str, str, float]:
    """Start ``python -m yass ARGS``, wait until it is at work (``group``: until its first
    line of output, else until it has used 0.6 s of CPU, past start-up), send SIGINT (to
    the whole process group, as a terminal does, when ``group``); (exit code, output,
    errors, seconds from the signal to the exit)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "yass", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        # A shell running the tests in the background may ignore SIGINT; a terminal's
        # user would not: give the command the default disposition.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert proc.stdout is not None
    try:
        first = b""
        if group:
            ready, _, _ = select.select([proc.stdout], [], [], 60)
            assert ready, "no output"
            first = os.read(proc.stdout.fileno(), 1 << 20)  # unbuffered: communicate goes on
        else:
            limit = time.monotonic() + 60
            while _cpu_seconds(proc.pid) < 0.6 and proc.poll() is None:
                assert time.monotonic() < limit, "the command did not start"
                time.sleep(0.05)
        assert proc.poll() is None, "the search ended before it could be interrupted"
        time.sleep(0.5)
        sent = time.monotonic()
        if group:
            os.killpg(proc.pid, signal.SIGINT)
        else:
            proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=10)
        seconds = time.monotonic() - sent
        return proc.returncode, (first + out).decode(), err.decode(), seconds
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()


needs_proc = pytest.mark.skipif(
    not Path("/proc/self/stat").exists() or not _core.is_compiled(),
    reason="needs /proc and the compiled core",
)


@needs_proc
@pytest.mark.parametrize(
    "args",
    [
        ["count", "--rules", "miracle", EMPTY16],
        ["solve", "--format", "line", "--rules", "miracle", EMPTY16],
    ],
    ids=["count", "solve-line"],
)
def test_sigint_stops_the_compiled_search(args: list[str]) -> None:
    code, _, err, seconds = _interrupt(args)
    assert code == 130
    assert seconds < 10
    assert "Traceback" not in err
    assert err == "yass: interrupted: stopped by Ctrl-C\n"


@needs_proc
def test_sigint_stops_workers_and_keeps_printed_results(tmp_path: Path) -> None:
    # A first block of quick puzzles (solved here, printed), then long searches in the
    # worker processes (-j 2); Ctrl-C to the whole process group, as a terminal sends it.
    path = tmp_path / "mixed.txt"
    path.write_text(f"{MIRACLE9}\n" * 900 + f"{EMPTY16}\n" * 3)
    args = ["solve", "--format", "line", "--rules", "miracle", "-j", "2", str(path)]
    code, out, err, seconds = _interrupt(args, group=True)
    assert code == 130
    assert seconds < 10
    assert "Traceback" not in err
    lines = out.splitlines()
    assert len(lines) >= 700  # the first block (64 KiB of lines) was printed and kept
    assert all(len(line) == 81 and "." not in line for line in lines)


def test_counts_are_exact_under_restarts() -> None:
    # The generic engine restarts a long run in a random order (here after 1, 2, 4 ...
    # branches, so every search restarts); only a run that ends counts: exact counts.
    layout = Layout.classic(4)
    six = Layout.classic(6)
    old = _core.restarts(1)
    try:
        assert fast.count_solutions(Puzzle(layout, (0,) * 16), 1000) == 288
        grid = fast.solve(Puzzle(six, (0,) * 36))
        assert grid is not None
        for kept in (10, 14):  # more than one solution, fewer than 5000
            holes = Puzzle(six, grid[:kept] + (0,) * (36 - kept))
            expected = search.count_solutions(holes, 5000)
            assert 1 < expected < 5000
            assert fast.count_solutions(holes, 5000) == expected
        answers = []
        for core in (_core, _interpreted()):
            core.restarts(1)
            four, sixes = compile_layout(layout), compile_layout(six)
            assert four is not None and sixes is not None
            assert core.gen_search(four, (0,) * 16, 1000)[0] == 288
            answers.append(core.gen_search(sixes, grid[:10] + (0,) * 26, 3000))
        # The same random choices compiled and interpreted: the same first solution.
        assert answers[0] == answers[1]
        assert answers[0][0] == search.count_solutions(Puzzle(six, grid[:10] + (0,) * 26), 3000)
    finally:
        _core.restarts(old)


#: A random 16x16 puzzle (80 givens, from benchmarks/large_grids.py) on which the generic
#: engine's first, fixed-order run goes wrong near the top: about 500,000 branches.
TAIL16 = (
    ".D.G.6..1.CB.....7........E..............8........3..8.....D.B..D......A........"
    "......G6..5..C..6.B.......8.....G.2.E3...B........6B..3...4.............56B...F.."
    "9D.A.6..E1..8.....31..7...2...9.B.8C....12..7.....D...F........A.1.D7...F..E25B.."
    "F...B.E5.7.A8C"
)


def test_the_heavy_tail_puzzle_takes_few_branches() -> None:
    """TAIL16 took the generic engine over 50,000 branches when it branched on the first
    cell of fewest candidates; branching by conflict weight takes a few hundred, with or
    without restarts, and restarting after very few branches still counts exactly."""
    puzzle = Puzzle(make_layout(16), _givens(TAIL16))
    default = _core.restarts(-1)
    _core.restarts(default)
    for first in (default, -1, 10):
        old = _core.restarts(first)
        try:
            assert fast.count_solutions(puzzle, 2, Bounds(max_guesses=5_000)) == 2
        finally:
            _core.restarts(old)


def test_library_bounds() -> None:
    import yass

    assert yass.count_solutions(EASY9, timeout=30, max_guesses=0) == 1
    with pytest.raises(yass.BoundReached, match="stopped after 10 guesses"):
        yass.find_solution(EMPTY16, rules="miracle", max_guesses=10)
