"""``--scheduler``: solve, explain, count, check and generate on a real local Dask cluster
print what ``-j 1`` prints, byte for byte, in input order, and the work runs on the
cluster's workers (the ``dask_client`` fixture in conftest.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from conftest import puzzle_lines
from yass.cli.commands import main
from yass.engine import batch

pytest.importorskip("distributed")

#: A no-solution line (two 1s in row 1) and a line with two solutions (a solved grid
#: without the four cells of a rectangle whose two digits can swap).
NO_SOLUTION = "11" + "." * 79
NOT_UNIQUE = ".64.71259.25.49761971265843436192587198657432257483916689734125713528694542916378"


@pytest.fixture(scope="module")
def puzzle_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Some classic lines (one with a name), a bad line, one without and one with several
    solutions: every kind of answer and message in one file."""
    lines = puzzle_lines("kaggle_sample.txt", 8)
    lines[3] += "  named one"
    lines[6:6] = ["not a puzzle", NO_SOLUTION]
    lines.append(NOT_UNIQUE)
    path = tmp_path_factory.mktemp("cluster") / "mixed.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "{file}", "--format", "line"],
        ["solve", "{file}", "--format", "json"],
        ["explain", "{file}", "--format", "json"],
        ["count", "{file}", "--limit", "3"],
        ["check", "{file}"],
    ],
    ids=["solve-line", "solve-json", "explain-json", "count", "check"],
)
def test_file_commands_on_the_cluster_print_what_one_process_prints(
    argv: list[str], puzzle_file: Path, dask_client: Any,
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    from distributed import get_task_stream

    # Small blocks, so that the line path of solve sends several tasks too.
    monkeypatch.setattr(batch, "BLOCK_BYTES", 250)
    argv = [a.format(file=puzzle_file) for a in argv]
    here = _run([*argv, "-j", "1"], capsys)
    with get_task_stream(dask_client) as stream:
        there = _run([*argv, "--scheduler", dask_client.scheduler.address],
                     capsys)
    assert there == here
    code, out, err = here
    assert code == 2  # the bad line
    assert "not a puzzle" in err or "line 7" in err
    assert out.strip()
    tasks = [t for t in stream.data if "_chunk_job" in t["key"]]
    assert len(tasks) >= 3
    assert {t["worker"] for t in tasks} <= set(dask_client.scheduler_info()["workers"])


def test_generate_on_the_cluster_makes_the_puzzles_of_one_process(
    dask_client: Any, capsys: pytest.CaptureFixture[str],
) -> None:
    import json

    from distributed import get_task_stream

    argv = ["generate", "-n", "4", "--seed", "11"]
    here = _run([*argv, "-j", "1"], capsys)
    with get_task_stream(dask_client) as stream:
        there = _run([*argv, "--scheduler", dask_client.scheduler.address], capsys)
    assert there == here
    assert here[0] == 0 and len(here[1].splitlines()) == 4
    assert len([t for t in stream.data if "_chunk_job" in t["key"]]) == 4
    # JSON too, but for the seconds each search took.
    def made(out: str) -> list[dict[str, Any]]:
        return [{k: v for k, v in json.loads(line).items() if k != "seconds"}
                for line in out.splitlines()]

    argv += ["--format", "json"]
    json_here = _run([*argv, "-j", "1"], capsys)
    json_there = _run([*argv, "--scheduler", dask_client.scheduler.address], capsys)
    assert made(json_there[1]) == made(json_here[1])
    assert [p["puzzle"] for p in made(json_here[1])] == [
        line.split()[0] for line in here[1].splitlines()
    ]


def test_a_task_that_fails_on_the_cluster_is_one_line(
    tmp_path: Path, dask_client: Any, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A worker without yass (here: a job that cannot be unpickled there) is the cluster's
    failure, said in one line, exit code 2, not a traceback."""
    import yass.cli.commands

    def broken(job: Any) -> Any:  # a local function: the workers cannot load it
        raise AssertionError("not reached")

    monkeypatch.setattr(yass.cli.commands, "_entry_job", broken)
    puzzle_file = tmp_path / "good.txt"
    puzzle_file.write_text("\n".join(puzzle_lines("kaggle_sample.txt", 3)) + "\n")
    code, out, err = _run(["check", str(puzzle_file), "--scheduler",
                           dask_client.scheduler.address], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"yass: error: the Dask cluster at {dask_client.scheduler.address}"
                          " failed: ")
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize("command", ["solve", "explain", "count", "check", "generate"])
def test_an_address_that_is_none_is_one_line(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [command, "--scheduler", "ftp://host:21"]
    if command != "generate":
        argv.insert(1, puzzle_lines("kaggle_sample.txt", 1)[0])
    code, out, err = _run(argv, capsys)
    assert code == 2 and out == ""
    assert err.startswith("yass: error: --scheduler 'ftp://host:21': unknown protocol")
    assert len(err.splitlines()) == 1
