"""``yass.engine.batch`` and ``yass.cli.progress`` through their own functions, not the command.

Worker processes run here for real (two of them, a few times), so ordering, local jobs,
failures in a worker and stopping early are checked against actual processes. Expected
solutions come from the reference search (``yass.engine.search``), not from the code tested.
"""

from __future__ import annotations

import io
import json
import os
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conftest import SEED_PUZZLE, digits_of, keeps_givens, latin_box_errors, puzzle_lines
from yass.cli import commands as cli
from yass.cli import progress
from yass.cli.commands import main
from yass.core.geometry import PuzzleError
from yass.engine import batch, parallel, search
from yass.formats import parse_puzzle

NOT_UNIQUE_4X4 = "1" + "." * 15
NO_SOLUTION_4X4 = "123." "...." "...." "...4"  # r1c4 must be 4, but column 4 has a 4


def _square_and_pid(job: int) -> tuple[int, int]:
    return job * job, os.getpid()


def _fails_on_three(job: int) -> int:
    if job == 3:
        raise ValueError("three is bad")
    return job


def _never() -> bool:
    raise AssertionError("start_pool must not be asked")


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[batch.Workers]:
    """Every ``Workers`` that ``in_order`` starts, to look at its processes afterwards."""
    out: list[batch.Workers] = []

    class Recorded(batch.Workers):
        def __init__(self, func: Callable[[Any], Any], processes: int) -> None:
            super().__init__(func, processes)
            out.append(self)

    monkeypatch.setattr(parallel, "Workers", Recorded)
    return out


def _all_ended(workers: batch.Workers) -> bool:
    return all(not proc.is_alive() for proc in workers.procs)


# -- in_order and Workers -------------------------------------------------------------------


def test_one_process_runs_everything_here(started: list[batch.Workers]) -> None:
    results = list(batch.in_order(_square_and_pid, range(30), 1, _never))
    assert [value for value, _ in results] == [j * j for j in range(30)]
    assert {pid for _, pid in results} == {os.getpid()}
    assert started == []


def test_workers_keep_order_and_local_jobs_stay_here(started: list[batch.Workers]) -> None:
    jobs = range(60)
    results = list(
        batch.in_order(_square_and_pid, jobs, 2, lambda: True, local=lambda j: j % 7 == 0)
    )
    assert [value for value, _ in results] == [j * j for j in jobs]
    here = [j for j, (_, pid) in zip(jobs, results, strict=True) if pid == os.getpid()]
    assert here == [j for j in jobs if j % 7 == 0]
    worker_pids = {pid for _, pid in results} - {os.getpid()}
    assert 1 <= len(worker_pids) <= 2
    assert len(started) == 1 and len(started[0].procs) == 2
    assert _all_ended(started[0])


def test_the_pool_starts_only_when_asked(started: list[batch.Workers]) -> None:
    asked: list[int] = []

    def after_five() -> bool:
        asked.append(1)
        return len(asked) > 5

    results = list(batch.in_order(_square_and_pid, range(20), 2, after_five))
    assert [value for value, _ in results] == [j * j for j in range(20)]
    assert [pid == os.getpid() for _, pid in results[:5]] == [True] * 5
    assert any(pid != os.getpid() for _, pid in results[5:])
    assert len(started) == 1  # asked no more once started
    assert len(asked) == 6


def test_a_failure_in_a_worker_is_raised_here(started: list[batch.Workers]) -> None:
    with pytest.raises(batch.WorkerError, match="ValueError: three is bad"):
        list(batch.in_order(_fails_on_three, range(10), 2, lambda: True))
    assert len(started) == 1 and _all_ended(started[0])


def test_closing_early_stops_the_workers(started: list[batch.Workers]) -> None:
    results = batch.in_order(_square_and_pid, range(10_000), 2, lambda: True)
    first = [next(results)[0] for _ in range(5)]
    assert first == [0, 1, 4, 9, 16]
    results.close()
    assert len(started) == 1 and _all_ended(started[0])


def test_pool_wanted() -> None:
    now = time.perf_counter()
    assert batch.pool_wanted(now + 1000, batch.POOL_BYTES)()  # a big file: at once
    assert not batch.pool_wanted(now + 1000, batch.POOL_BYTES - 1)()
    assert not batch.pool_wanted(now + 1000)()
    assert batch.pool_wanted(now - 10 * batch.POOL_AFTER - 1)()  # ran long enough


# -- solve_block ------------------------------------------------------------------------------


def test_solve_block_lines_counts_and_notes() -> None:
    lines = ["# a comment", SEED_PUZZLE, "", NOT_UNIQUE_4X4, "x" * 81, NO_SOLUTION_4X4]
    data = ("\n".join(lines) + "\n").encode()
    block = batch.solve_block(("src.txt", "", 2, 10, data))
    out = block.out.splitlines()
    assert len(out) == block.puzzles == 4
    assert block.out.endswith("\n")
    assert (block.solved, block.unsolved, block.errors) == (2, 1, 1)
    assert block.code == batch.EXIT_BAD_INPUT
    assert block.size == len(data)

    seed = next(iter(search.solutions(parse_puzzle(SEED_PUZZLE), 1)))
    assert out[0] == "".join(map(str, seed))
    assert not latin_box_errors(4, 2, 2, digits_of(out[1]))
    assert keeps_givens(digits_of(NOT_UNIQUE_4X4), digits_of(out[1]))
    with pytest.raises(PuzzleError) as caught:
        parse_puzzle("x" * 81)
    assert out[2] == f"error: src.txt line 14: {caught.value}"
    assert search.count_solutions(parse_puzzle(NO_SOLUTION_4X4), 2) == 0
    assert out[3] == "no solution"
    # each note sits before the output line it is about; line numbers start at 10
    assert block.notes == (
        (1, f"yass: warning: src.txt line 13: {batch.NOT_UNIQUE}"),
        (2, f"yass: {out[2]}"),
    )
    # with limit 1 nobody looks for a second solution, so there is no warning
    assert batch.solve_block(("src.txt", "", 1, 10, data)).notes == ((2, f"yass: {out[2]}"),)


# -- open_input and solve_blocks ------------------------------------------------------------


def test_open_input_blocks_are_whole_lines_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch, "BLOCK_BYTES", 100)
    body = ("# puzzles\n\n" + "\n".join(puzzle_lines("kaggle_sample.txt", 12))).encode()
    f = tmp_path / "some.txt"
    f.write_bytes(b"\xef\xbb\xbf" + body)  # a byte-order mark, and no newline at the end
    with batch.open_input(str(f)) as source:
        assert source.lines
        assert (source.name, source.size) == (str(f), len(body) + 3)
        assert source.first == puzzle_lines("kaggle_sample.txt", 1)[0]
        blocks = list(source.blocks())
    assert len(blocks) > 3
    assert b"".join(data for _, data in blocks) == body
    at = 0
    for lineno, data in blocks[:-1]:
        assert lineno == 1 + body[:at].count(b"\n")
        assert data.endswith(b"\n")
        at += len(data)


def test_open_input_sends_json_and_pictures_to_the_reader(tmp_path: Path) -> None:
    data = tmp_path / "one.json"
    text = json.dumps([{"size": 4, "givens": NOT_UNIQUE_4X4, "constraints": []}])
    data.write_text(text)
    with batch.open_input(str(data)) as source:
        assert not source.lines
        assert source.text().read() == text  # what was looked at is read again
    picture = tmp_path / "picture.txt"
    rows = [SEED_PUZZLE[i : i + 9] for i in range(0, 81, 9)]
    picture.write_text("\n".join(rows) + "\n")
    with batch.open_input(str(picture)) as source:
        assert not source.lines and source.first == rows[0]


def test_open_input_names_a_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.txt"
    with pytest.raises(PuzzleError, match="no such file"), batch.open_input(str(missing)):
        pass


@pytest.mark.parametrize("processes", [1, 2])
def test_solve_blocks_in_order(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    started: list[batch.Workers],
    processes: int,
) -> None:
    monkeypatch.setattr(batch, "BLOCK_BYTES", 500)
    f = tmp_path / "kaggle.txt"
    f.write_text("\n".join(puzzle_lines("kaggle_sample.txt", 40)) + "\n")
    with batch.open_input(str(f)) as source:
        blocks = list(
            batch.solve_blocks(
                source, rules="", limit=1, processes=processes, start=time.perf_counter() - 10
            )
        )
    assert "".join(b.out for b in blocks).splitlines() == puzzle_lines(
        "kaggle_sample_solutions.txt", 40
    )
    assert sum(b.size for b in blocks) == f.stat().st_size
    assert len(started) == (processes > 1)


def _boom(job: Any) -> batch.Block:
    raise RuntimeError("boom")


@pytest.mark.parametrize("fmt", ["line", "json"])
def test_the_command_reports_a_failed_worker(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    fmt: str,
) -> None:
    # line: blocks of lines (batch.solve_block); json: one entry a job (cli._entry_job)
    monkeypatch.setattr(batch, "solve_block", _boom)
    monkeypatch.setattr(cli, "_entry_job", _boom)
    monkeypatch.setattr(batch, "POOL_AFTER", -1.0)
    f = tmp_path / "two.txt"
    f.write_text(f"{SEED_PUZZLE}\n{SEED_PUZZLE}\n")
    code = main(["solve", str(f), "--format", fmt, "-j", "2", "--stats"])
    out, err = capsys.readouterr()
    assert (code, out) == (3, "")
    first, stats = err.splitlines()
    assert first == "yass: internal error: RuntimeError: boom; please report it"
    assert stats.startswith("yass: stats: puzzles 0,")


# -- yass.cli.progress ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(0, "0:00"), (59.4, "0:59"), (59.6, "1:00"), (754, "12:34"), (3600, "1:00:00"),
     (3725, "1:02:05")],
)
def test_clock(seconds: float, text: str) -> None:
    assert progress.clock(seconds) == text


def test_stats_counts_by_exit_code() -> None:
    stats = progress.Stats()
    for code in (batch.EXIT_OK, batch.EXIT_OK, batch.EXIT_NO_SOLUTION, batch.EXIT_BAD_INPUT,
                 batch.EXIT_INTERNAL):
        stats.add(code)
    assert (stats.puzzles, stats.solved, stats.unsolved, stats.errors) == (5, 2, 1, 2)
    assert re.fullmatch(
        r"puzzles 5, solved 2, no solution 1, errors 2, seconds \d+\.\d{3},"
        r" puzzles/second \d+",
        stats.line(),
    )


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_draws_only_on_its_stream(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "INTERVAL", 0.0)
    start = time.perf_counter() - 1

    quiet = io.StringIO()  # not a terminal: off unless wanted
    line = progress.Progress(quiet, start)
    line.update(5)
    line.clear()
    assert quiet.getvalue() == ""

    stream = io.StringIO()
    line = progress.Progress(stream, start, total=200, wanted=True)
    line.update(7, 100)
    drawn = stream.getvalue()
    assert re.fullmatch(r"\r\[=+>? *\]  50%  7 puzzles  [\d,]+/s  ETA 0:0\d\x1b\[K", drawn)
    line.before_output()  # the results go elsewhere: the line stays
    assert stream.getvalue() == drawn
    line.clear()
    line.clear()  # once is enough
    assert stream.getvalue() == drawn + "\r\x1b[K"
    assert capsys.readouterr() == ("", "")

    terminal = _Terminal()
    line = progress.Progress(terminal, start, output=_Terminal())
    assert line.enabled and line.shares_terminal
    line.update(1)
    line.before_output()
    assert terminal.getvalue().endswith("\r\x1b[K")
