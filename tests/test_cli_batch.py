"""``yass solve FILE --format line`` as a batch: order, errors in place, workers, --stats,
the progress line, exit codes and Ctrl-C.

The expected lines come from the reference search (``yass.engine.search``) and the library's
reader, not from the batch code. Worker processes are forced on small files by
shrinking the block size and the start-up threshold, so ``-j 2`` really runs in two
processes here.
"""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from conftest import (
    SEED_PUZZLE,
    digits_of,
    keeps_givens,
    latin_box_errors,
    puzzle_lines,
    variant_entries,
)
from yass.cli import progress
from yass.cli.commands import main
from yass.core.geometry import PuzzleError
from yass.engine import batch, parallel, search
from yass.formats import parse_puzzle

SEED_SOLUTION = "429516873851739246637482591395274618164958732782163459576891324213647985948325167"
UNIQUE_4X4 = ".2..3..2..4..1.."
NOT_UNIQUE_4X4 = "1" + "." * 15
STATS = re.compile(
    r"^yass: stats: puzzles (\d+), solved (\d+), no solution (\d+), errors (\d+),"
    r" seconds (\d+\.\d+), puzzles/second (\d+)$"
)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def no_solution_9x9() -> str:
    """The README example's puzzle with one more given, which clashes with no given but is wrong."""
    givens = list(SEED_PUZZLE)
    puzzle = parse_puzzle(SEED_PUZZLE)
    for cell, ch in enumerate(givens):
        if ch != "0":
            continue
        seen = {SEED_PUZZLE[p] for p in puzzle.layout.peer_lists[cell]}
        wrong = [d for d in "123456789" if d != SEED_SOLUTION[cell] and d not in seen]
        if wrong:
            givens[cell] = wrong[0]
            line = "".join(givens)
            assert search.count_solutions(parse_puzzle(line), 2) == 0
            return line
    raise AssertionError("no cell takes a wrong digit")


def sample_lines() -> list[str]:
    kaggle = puzzle_lines("kaggle_sample.txt", 3)
    clue17 = puzzle_lines("17_clue_sample.txt", 3)
    spaced = " ".join(SEED_PUZZLE[i : i + 9] for i in range(0, 81, 9))
    return [
        "# a batch: comments, blank lines, bad lines and a puzzle without a solution",
        kaggle[0],
        clue17[0],
        "",
        "   # an indented comment",
        SEED_PUZZLE[:11] + "x" + SEED_PUZZLE[12:],  # a bad character
        no_solution_9x9(),
        kaggle[1],
        "11" + SEED_PUZZLE[2:],  # two 1s in row 1
        UNIQUE_4X4,
        spaced,  # not the plain 81 characters: parsed the reader's way
        SEED_PUZZLE[:80],  # too short
        "\t" + clue17[1] + "  ",
        clue17[2],
        kaggle[2],
        "# the end",
    ]


def expected(lines: list[str], source: str) -> list[str]:
    """The output lines, from the reader and the reference search."""
    out = []
    for number, text in enumerate(lines, 1):
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        try:
            puzzle = parse_puzzle(text)
        except PuzzleError as exc:
            out.append(f"error: {source} line {number}: {exc}")
            continue
        found = list(search.solutions(puzzle, 2))
        assert len(found) <= 1, text
        out.append("".join(str(v) for v in found[0]) if found else "no solution")
    return out


@pytest.fixture
def sample(tmp_path: Path) -> tuple[Path, list[str]]:
    f = tmp_path / "batch.txt"
    lines = sample_lines()
    f.write_text("\n".join(lines) + "\n")
    return f, expected(lines, str(f))


@pytest.fixture
def workers(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Start workers at once and make every block a few lines; the list records starts."""
    started: list[int] = []

    class Recorded(parallel.Workers):
        def __init__(self, func: Any, processes: int) -> None:
            started.append(processes)
            super().__init__(func, processes)

    monkeypatch.setattr(parallel, "Workers", Recorded)
    monkeypatch.setattr(batch, "POOL_AFTER", -1.0)
    monkeypatch.setattr(batch, "BLOCK_BYTES", 200)
    return started


def test_in_process_matches_the_reference(
    capsys: pytest.CaptureFixture[str], sample: tuple[Path, list[str]]
) -> None:
    f, want = sample
    code, out, err = run(capsys, "solve", str(f), "--format", "line", "-j", "1")
    assert out.splitlines() == want
    assert code == 2  # the worst: bad lines
    errors = [line for line in want if line.startswith("error: ")]
    assert len(errors) == 3
    assert err.splitlines() == [f"yass: {line}" for line in errors]


def test_two_workers_match_the_reference(
    capsys: pytest.CaptureFixture[str], sample: tuple[Path, list[str]], workers: list[int]
) -> None:
    f, want = sample
    code, out, err = run(capsys, "solve", str(f), "--format", "line", "-j", "2")
    assert workers == [2]
    assert out.splitlines() == want
    assert code == 2
    assert err.splitlines() == [f"yass: {line}" for line in want if line.startswith("error: ")]


def test_many_blocks_keep_their_order(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, workers: list[int]
) -> None:
    lines = puzzle_lines("kaggle_sample.txt", 120)
    f = tmp_path / "kaggle.txt"
    f.write_text("\n".join(lines) + "\n")
    solutions = puzzle_lines("kaggle_sample_solutions.txt", 120)
    code, out, err = run(capsys, "solve", str(f), "--format", "line", "-j", "2", "--first")
    assert (code, err) == (0, "")
    assert out.splitlines() == solutions
    assert workers == [2]


def test_stats_fields(
    capsys: pytest.CaptureFixture[str], sample: tuple[Path, list[str]]
) -> None:
    f, want = sample
    _, _, err = run(capsys, "solve", str(f), "--format", "line", "--stats", "-j", "1")
    last = err.splitlines()[-1]
    match = STATS.match(last)
    assert match, last
    puzzles, solved, unsolved, errors = (int(g) for g in match.groups()[:4])
    assert puzzles == len(want)
    assert unsolved == want.count("no solution") == 1
    assert errors == sum(line.startswith("error: ") for line in want) == 3
    assert solved == puzzles - unsolved - errors
    assert float(match.group(5)) > 0
    # without --stats there is no such line
    _, _, err = run(capsys, "solve", str(f), "--format", "line", "-j", "1")
    assert "yass: stats:" not in err


def test_stats_for_the_other_formats(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    f = tmp_path / "two.txt"
    f.write_text(f"{SEED_PUZZLE}\n{no_solution_9x9()}\n")
    code, _, err = run(capsys, "solve", str(f), "--format", "json", "--stats", "-j", "1")
    assert code == 1
    match = STATS.match(err.splitlines()[-1])
    assert match and match.groups()[:4] == ("2", "1", "1", "0")


def test_progress_only_on_a_terminal(
    capsys: pytest.CaptureFixture[str],
    sample: tuple[Path, list[str]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    f, want = sample
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "INTERVAL", 0.0)
    argv = ["solve", str(f), "--format", "line", "-j", "1"]
    _, out, err = run(capsys, *argv)  # standard error is not a terminal here
    assert "\r" not in err and "\x1b" not in err

    _, out, err = run(capsys, *argv, "--progress", "--stats")
    assert out.splitlines() == want
    assert re.search(r"\r\d+ puzzles  [\d,]+/s", err) or re.search(r"\r\[[=> ]+\]", err)
    before_stats = err[: err.index("yass: stats:")]
    assert before_stats.endswith("\r\x1b[K")  # cleared before the stats line

    monkeypatch.setattr(progress, "_isatty", lambda stream: True)
    _, _, err = run(capsys, *argv)
    assert "\r" in err and err.endswith("\r\x1b[K")
    _, _, err = run(capsys, *argv, "--no-progress")
    assert "\r" not in err


def test_progress_shows_a_bar_for_a_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "INTERVAL", 0.0)
    monkeypatch.setattr(batch, "BLOCK_BYTES", 1000)
    f = tmp_path / "kaggle.txt"
    f.write_text("\n".join(puzzle_lines("kaggle_sample.txt", 60)) + "\n")
    _, _, err = run(capsys, "solve", str(f), "--format", "line", "--progress", "-j", "1")
    shares = [int(m) for m in re.findall(r"\] +(\d+)%", err)]
    assert shares and shares == sorted(shares) and shares[-1] == 100
    assert "ETA" in err


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_exit_code_is_the_worst(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, jobs: str, workers: list[int]
) -> None:
    good, none, bad = SEED_PUZZLE, no_solution_9x9(), "x" * 81
    for lines, want in (
        ([good, good], 0),
        ([good, none, good], 1),
        ([none, bad, good], 2),
        ([bad, good], 2),
    ):
        f = tmp_path / "codes.txt"
        f.write_text("\n".join(lines) + "\n")
        code, out, _ = run(capsys, "solve", str(f), "--format", "line", "-j", jobs)
        assert code == want, lines
        assert len(out.splitlines()) == len(lines)


def test_nothing_to_solve(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "empty.txt"
    f.write_text("# only a comment\n\n")
    code, out, err = run(capsys, "solve", str(f), "--format", "line")
    assert (code, out) == (2, "")
    assert err == f"yass: error: {str(f)!r} holds no puzzle\n"


def test_not_unique_warns_in_place(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "several.txt"
    f.write_text(f"{SEED_PUZZLE}\n{NOT_UNIQUE_4X4}\n")
    code, out, err = run(capsys, "solve", str(f), "--format", "line")
    first, second = out.splitlines()
    assert code == 0 and first == SEED_SOLUTION
    assert not latin_box_errors(4, 2, 2, digits_of(second))
    assert keeps_givens(digits_of(NOT_UNIQUE_4X4), digits_of(second))
    assert err == (
        f"yass: warning: {f} line 2: the puzzle has more than one solution; this is one of them\n"
    )
    _, _, err = run(capsys, "solve", str(f), "--format", "line", "--first")
    assert err == ""


def test_standard_input_and_odd_bytes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"# from a pipe\n{SEED_PUZZLE}\nxyz\n"))
    code, out, err = run(capsys, "solve", "-", "--format", "line")
    assert code == 2
    assert out.splitlines()[0] == SEED_SOLUTION
    assert out.splitlines()[1].startswith("error: <stdin> line 3: ")
    assert err == f"yass: {out.splitlines()[1]}\n"

    f = tmp_path / "bytes.txt"
    f.write_bytes(
        b"\xef\xbb\xbf" + SEED_PUZZLE.encode() + b"\r\n\xff\xfe not text\r\n"
        + UNIQUE_4X4.encode() + b"\r\n"
    )
    code, out, _ = run(capsys, "solve", str(f), "--format", "line")
    assert code == 2
    assert out.splitlines() == [
        SEED_SOLUTION,
        f"error: {f} line 2: not UTF-8 text",
        expected([UNIQUE_4X4], "")[0],
    ]


def test_rules_apply_to_every_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    miracle = next(e for e in variant_entries() if e["name"].startswith("The Miracle Sudoku"))
    f = tmp_path / "miracle.txt"
    f.write_text(f"{miracle['givens']}\n{SEED_PUZZLE}\n")
    code, out, _ = run(capsys, "solve", str(f), "--format", "line", "--rules", "miracle")
    assert code == 2
    lines = out.splitlines()
    assert lines[0] == miracle["solution"]
    assert lines[1].startswith(f"error: {f} line 2: ") and "anti-knight" in lines[1]


def test_pictures_and_json_go_through_the_reader(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, workers: list[int]
) -> None:
    picture = tmp_path / "picture.txt"
    rows = [SEED_PUZZLE[i : i + 9].replace("0", ".") for i in range(0, 81, 9)]
    picture.write_text("# a picture\n" + "\n".join(rows) + "\n")
    assert run(capsys, "solve", str(picture), "--format", "line", "-j", "2") == (
        0,
        SEED_SOLUTION + "\n",
        "",
    )
    data = tmp_path / "puzzles.json"
    data.write_text(
        json.dumps(
            [
                {"size": 9, "givens": SEED_PUZZLE, "constraints": []},
                {"size": 4, "givens": UNIQUE_4X4, "constraints": []},
            ]
        )
    )
    code, out, err = run(capsys, "solve", str(data), "--format", "line", "-j", "2")
    assert (code, err) == (0, "")
    assert out.splitlines() == [SEED_SOLUTION, expected([UNIQUE_4X4], "")[0]]


def test_json_with_workers_keeps_order(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = [*puzzle_lines("kaggle_sample.txt", 8), "x" * 81, no_solution_9x9()]
    f = tmp_path / "some.txt"
    f.write_text("\n".join(lines) + "\n")
    argv = ["solve", str(f), "--format", "json", "--stats"]
    one = run(capsys, *argv, "-j", "1")
    started: list[int] = []

    class Recorded(parallel.Workers):
        def __init__(self, func: Any, processes: int) -> None:
            started.append(processes)
            super().__init__(func, processes)

    monkeypatch.setattr(parallel, "Workers", Recorded)
    monkeypatch.setattr(batch, "POOL_AFTER", -1.0)
    two = run(capsys, *argv, "-j", "2")
    assert started == [2]
    assert two[0] == one[0] == 2
    assert two[1] == one[1]
    objs = [json.loads(line) for line in two[1].splitlines()]
    assert [o.get("line") for o in objs] == list(range(1, 11))
    assert "error" in objs[8] and objs[9]["solution"] is None
    # the same messages on standard error, in the same order; then the stats
    assert two[2].splitlines()[:-1] == one[2].splitlines()[:-1]


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")
def test_ctrl_c_keeps_whole_lines(tmp_path: Path) -> None:
    puzzles = puzzle_lines("magictour_top1465_sample.txt")
    answers = [
        "".join(map(str, next(iter(search.solutions(parse_puzzle(p), 1))))) for p in puzzles[:5]
    ]
    f = tmp_path / "many.txt"
    f.write_text(("\n".join(puzzles[:5]) + "\n") * 40_000)
    out_path = tmp_path / "out.txt"
    with out_path.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "yass", "solve", str(f), "--format", "line", "-j", "2"],
            stdout=out,
            stderr=subprocess.PIPE,
            text=True,
        )
        deadline = time.monotonic() + 20
        while out_path.stat().st_size == 0 and proc.poll() is None:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=20)
    assert proc.returncode == 130
    assert "yass: interrupted" in err and "Traceback" not in err
    text = out_path.read_text()
    assert text.endswith("\n")
    lines = text.splitlines()
    assert 0 < len(lines) < 200_000
    assert all(line == answers[i % 5] for i, line in enumerate(lines))
