"""`yass rate`'s scales (--scale se|hodoku|all), its Dask cluster (--scheduler, client=),
its progress line, and the bad input of each new option.

The ladder's fields are checked against what `yass explain` reports for the same puzzle,
not against numbers written here; a local Dask cluster of two worker processes, started
by the test itself, must give exactly the in-process results in input order.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import yass
from yass.cli import dask as cli_dask
from yass.cli.commands import main
from yass.core.table import LEVELS
from yass.rating import Rating, RatingError, rate, rate_many

#: Puzzles from ../shared/data/rated (kaggle, 17-clue and top95 samples): singles, a
#: direct hidden pair, pointing, and chains (6.6), so the levels differ.
SAMPLE = [
    "27.6...5.....7.4.6..6.59.3..4...56...81....4..29..617339......2....978..8.714...5",
    ".2.3.49.68....9.5..54618...3.85...7..7.4.3..5.19........1.....37.....824..6872.1.",
    ".................1..2..3..4.......5....56..7...4.8.........13.2.6.......75...9...",
    ".................1..2..3.4........5......642..1..7.......6.2....53.....8.8.4.....",
    "..5...987.4..5...1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5..",
    "....3..9....2....1.5.9..............1.2.8.4.6.8.5...2..75......4.1..6..3.....4.6.",
]
NOT_UNIQUE = "." * 81
SE_KEYS = {"er", "ep", "ed", "hardest"}
LADDER_KEYS = {"score", "level", "guesses", "hodoku_hardest"}


def _json_lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


def _explained(puzzle: str, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    """What `yass explain --format json` says about ``puzzle``."""
    assert main(["explain", "--format", "json", puzzle]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


@pytest.fixture
def sample_file(tmp_path: Path) -> Path:
    path = tmp_path / "sample.txt"
    path.write_text("\n".join(SAMPLE) + "\n")
    return path


# -- --scale ------------------------------------------------------------------------------


@pytest.mark.parametrize("puzzle", SAMPLE)
def test_hodoku_scale_is_what_explain_reports(
    puzzle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    explained = _explained(puzzle, capsys)
    assert main(["rate", "--scale", "hodoku", "--format", "json", puzzle]) == 0
    (row,) = _json_lines(capsys.readouterr().out)
    assert row == {
        "puzzle": puzzle,
        "score": explained["score"],
        "level": explained["level"],
        "guesses": explained["guesses"],
        "hodoku_hardest": explained["hardest_name"],
        "status": "rated",
    }
    assert isinstance(row["score"], int) and isinstance(row["guesses"], int)
    assert row["level"] in LEVELS
    # The library gives the same.
    r = yass.rate(puzzle, scale="hodoku")
    assert (r.score, r.level, r.guesses, r.hodoku_hardest) == (
        explained["score"], explained["level"], explained["guesses"], explained["hardest_name"]
    )
    assert r.er is None and r.hardest is None


def test_scale_all_is_se_and_hodoku_together(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = SAMPLE[4]
    rows = {}
    for scale in ("se", "hodoku", "all"):
        assert main(["rate", "--scale", scale, "--format", "json", puzzle]) == 0
        (rows[scale],) = _json_lines(capsys.readouterr().out)
    assert set(rows["se"]) == {"puzzle", "status", *SE_KEYS}
    assert set(rows["hodoku"]) == {"puzzle", "status", *LADDER_KEYS}
    assert rows["all"] == {**rows["se"], **rows["hodoku"]}
    # The default is today's SE scale, unchanged.
    assert main(["rate", "--format", "json", puzzle]) == 0
    assert _json_lines(capsys.readouterr().out) == [rows["se"]]
    assert rows["se"]["er"] == rate(puzzle).er and isinstance(rows["se"]["er"], float)


def test_scale_text_and_tsv(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = SAMPLE[3]
    se, hodoku = rate(puzzle), rate(puzzle, scale="hodoku")
    ladder = (
        f"score {hodoku.score}  level {hodoku.level} ({hodoku.hodoku_hardest})"
        f"  guesses {hodoku.guesses}"
    )
    assert main(["rate", "--scale", "all", puzzle]) == 0
    assert capsys.readouterr().out == (
        f"{puzzle}  ER {se.er}  EP {se.ep}  ED {se.ed}  {se.hardest}  {ladder}\n"
    )
    assert main(["rate", "--scale", "hodoku", puzzle]) == 0
    assert capsys.readouterr().out == f"{puzzle}  {ladder}\n"

    assert main(["rate", "--scale", "hodoku", "--format", "tsv", puzzle]) == 0
    header, row = capsys.readouterr().out.splitlines()
    assert header.split("\t") == ["puzzle", "score", "level", "guesses", "hodoku_hardest",
                                  "status"]
    assert row.split("\t") == [puzzle, str(hodoku.score), str(hodoku.level),
                               str(hodoku.guesses), str(hodoku.hodoku_hardest), "rated"]
    assert main(["rate", "--scale", "all", "--format", "tsv", puzzle]) == 0
    header, row = capsys.readouterr().out.splitlines()
    # SE's seven columns first, as --scale se prints them, then the ladder's four.
    assert header.split("\t")[7:] == ["score", "level", "guesses", "hodoku_hardest"]
    cells = dict(zip(header.split("\t"), row.split("\t"), strict=True))
    assert cells["er"] == f"{se.er:.1f}" and cells["level"] == hodoku.level


def test_not_unique_has_no_rating_on_either_scale(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rate", "--scale", "all", "--format", "json", NOT_UNIQUE]) == 1
    (row,) = _json_lines(capsys.readouterr().out)
    assert row["status"] == "not unique"
    assert all(row[k] is None for k in SE_KEYS | LADDER_KEYS)
    assert main(["rate", "--scale", "hodoku", NOT_UNIQUE]) == 1
    assert capsys.readouterr().out == f"{NOT_UNIQUE}  not unique\n"


def test_stats_count_per_whole_er_and_per_level(
    sample_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rate", str(sample_file), "--scale", "all", "--format", "json", "--stats",
                 "-j", "1"]) == 0
    captured = capsys.readouterr()
    rows = _json_lines(captured.out)
    assert [r["puzzle"] for r in rows] == SAMPLE
    per_er: dict[int, int] = {}
    per_level: dict[str, int] = {}
    for r in rows:
        per_er[int(r["er"])] = per_er.get(int(r["er"]), 0) + 1
        per_level[r["level"]] = per_level.get(r["level"], 0) + 1
    assert len(per_level) > 1  # the sample spans levels, so the counts are tested
    stats = captured.err
    assert f"{len(SAMPLE)} puzzles" in stats
    for er, n in per_er.items():
        assert f"ER {er}: {n}" in stats
    levels = ", ".join(f"{name}: {per_level[name]}" for name in LEVELS if name in per_level)
    assert f"levels {levels};" in stats
    # --scale se: no level counts.
    assert main(["rate", str(sample_file), "--stats", "-j", "1"]) == 0
    assert "levels" not in capsys.readouterr().err


def test_rate_many_scale_keeps_order_with_processes() -> None:
    lines = [*SAMPLE[:3], "xyz", SAMPLE[3]]
    alone = list(rate_many(lines, scale="all"))
    assert [type(r) for r in alone] == [Rating] * 3 + [RatingError] + [Rating]
    pooled = list(rate_many(lines, scale="all", jobs=2, chunksize=1))
    assert [r.to_json() if isinstance(r, Rating) else str(r) for r in pooled] == [
        r.to_json() if isinstance(r, Rating) else str(r) for r in alone
    ]
    # Today's signature still works and means the SE scale.
    assert [r.scale for r in rate_many(SAMPLE[:2]) if isinstance(r, Rating)] == ["se", "se"]


@pytest.mark.parametrize(
    ("call", "needle"),
    [
        (lambda: rate(SAMPLE[0], scale="hodoku-ish"), "unknown rating scale 'hodoku-ish'"),
        (lambda: list(rate_many(SAMPLE, scale="SE")), "unknown rating scale 'SE'"),
        (lambda: list(rate_many(SAMPLE, chunksize=0)), "chunksize must be at least 1"),
    ],
)
def test_library_rejects_a_bad_scale(call: Any, needle: str) -> None:
    with pytest.raises(ValueError, match=needle):
        call()


# -- bad input for the new options ---------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["rate", "--scale", "sudokuexplainer", SAMPLE[0]], "invalid choice: 'sudokuexplainer'"),
        (["rate", "--scale", SAMPLE[0]], "invalid choice"),
        (["rate", "-j", "2", "--scheduler", "tcp://127.0.0.1:8786", SAMPLE[0]],
         "not allowed with argument"),
        (["rate", SAMPLE[0], "--scheduler"], "expected one argument"),
        (["rate", "--progress=yes", SAMPLE[0]], "ignored explicit argument"),
    ],
)
def test_bad_option_is_one_line(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert needle in captured.err and captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1 and "Traceback" not in captured.err


def test_scheduler_without_distributed_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    assert main(["rate", "--scheduler", "tcp://127.0.0.1:8786", SAMPLE[0]]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip() == (
        "yass: error: --scheduler needs Dask's distributed package:"
        " pip install 'yass-sudoku[dask]'"
    )


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:{port}", "no-such-scheme://x:{port}"])
def test_unreachable_scheduler_is_one_line(
    address: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("distributed")
    monkeypatch.setattr(cli_dask, "CONNECT_TIMEOUT", 0.5)
    address = address.format(port=_free_port())  # nothing listens there
    assert main(["rate", "--scheduler", address, SAMPLE[0]]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    if address.startswith("tcp"):
        assert captured.err.startswith(
            f"yass: error: cannot reach the Dask scheduler at {address}"
        )
    else:  # refused before distributed is asked (see tests/test_cli_hardening.py)
        assert captured.err.startswith(f"yass: error: --scheduler {address!r}: unknown protocol")
    assert len(captured.err.strip().splitlines()) == 1 and "Traceback" not in captured.err


# -- progress -------------------------------------------------------------------------------


def test_progress_line_when_asked(
    sample_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import yass.cli.progress

    monkeypatch.setattr(yass.cli.progress, "DELAY", 0.0)
    monkeypatch.setattr(yass.cli.progress, "INTERVAL", 0.0)
    assert main(["rate", str(sample_file), "--progress", "-j", "1"]) == 0
    captured = capsys.readouterr()
    assert f"\r{len(SAMPLE)} puzzles" in captured.err
    assert captured.err.endswith("\r\x1b[K")  # taken away at the end
    assert len(captured.out.splitlines()) == len(SAMPLE)
    assert main(["rate", str(sample_file), "--no-progress", "-j", "1"]) == 0
    assert capsys.readouterr().err == ""


# -- Dask ------------------------------------------------------------------------------------


def test_dask_results_are_identical_and_in_order(dask_client: Any) -> None:
    from distributed import get_task_stream

    lines = [*SAMPLE, "xyz", NOT_UNIQUE, *reversed(SAMPLE)]
    here = list(rate_many(lines, scale="all"))
    with get_task_stream(dask_client) as stream:
        there = list(rate_many(lines, scale="all", client=dask_client, chunksize=2))

    def as_data(rs: list[Rating | RatingError]) -> list[Any]:
        return [r.to_json() if isinstance(r, Rating) else repr(r) for r in rs]

    assert as_data(there) == as_data(here)
    assert [r.puzzle for r in there if isinstance(r, Rating)] == [
        x for x in lines if x != "xyz"
    ]
    # The work was done on the cluster's workers (the one map's tasks), one per chunk of two lines.
    tasks = [t for t in stream.data if "_chunk_job" in t["key"]]
    assert len(tasks) == (len(lines) + 1) // 2
    assert {t["worker"] for t in tasks} <= set(dask_client.scheduler_info()["workers"])


def test_cli_scheduler_prints_what_rating_here_prints(
    dask_client: Any, sample_file: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    import yass.cli.progress

    argv = ["rate", str(sample_file), "--scale", "all", "--format", "json"]
    assert main([*argv, "-j", "1"]) == 0
    here = capsys.readouterr().out
    monkeypatch.setattr(yass.cli.progress, "DELAY", 0.0)
    monkeypatch.setattr(yass.cli.progress, "INTERVAL", 0.0)
    address = dask_client.scheduler.address
    assert main([*argv, "--scheduler", address, "--progress", "--stats"]) == 0
    captured = capsys.readouterr()
    assert captured.out == here
    assert f"\r{len(SAMPLE)} puzzles" in captured.err
    assert f"yass: stats: {len(SAMPLE)} puzzles;" in captured.err
    # Bad input is reported as without a cluster, not as the cluster's failure.
    assert main(["rate", "--scheduler", address, "/no/such/file.txt"]) == 2
    err = capsys.readouterr().err
    assert "cannot read" in err and "Dask" not in err
    assert len(err.strip().splitlines()) == 1


# -- imports ---------------------------------------------------------------------------------


def _modules_after(code: str) -> set[str]:
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    names: list[str] = json.loads(done.stdout.splitlines()[-1])
    return set(names)


def test_dask_and_rating_are_imported_only_when_asked() -> None:
    solve = _modules_after(
        "import yass.cli.commands\n"
        f"yass.cli.commands.main(['solve', '--format', 'line', {SAMPLE[0]!r}])"
    )
    assert not solve & {"yass.cli.rate", "yass.rating", "distributed", "dask"}
    rated = _modules_after(
        f"import yass.cli.commands\nyass.cli.commands.main(['rate', {SAMPLE[0]!r}])"
    )
    assert {"yass.cli.rate", "yass.rating"} <= rated
    assert not rated & {"distributed", "dask"}
