"""The ``yass`` command, run in-process through ``main([...])``: output and exit codes."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conftest import SEED_PUZZLE, variant_entries
from yass.cli import commands as cli
from yass.cli.commands import main
from yass.engine import batch

SEED_SOLUTION_ROWS = [
    "┌───┬───┬───┐",
    "│429│516│873│",
    "│851│739│246│",
    "│637│482│591│",
    "├───┼───┼───┤",
    "│395│274│618│",
    "│164│958│732│",
    "│782│163│459│",
    "├───┼───┼───┤",
    "│576│891│324│",
    "│213│647│985│",
    "│948│325│167│",
    "└───┴───┴───┘",
]
SEED_OUTPUT = "\n".join([*SEED_SOLUTION_ROWS, "", "0 guesses required!"]) + "\n"
SEED_SOLUTION = "429516873851739246637482591395274618164958732782163459576891324213647985948325167"

SEED_PICTURE = "\n".join(
    [
        "┌───┬───┬───┐",
        "│4 9│ 1 │8 3│ ",
        "│   │  9│24 │",
        "│   │   │  1│",
        "├───┼───┼───┤",
        "│39 │274│6  │",
        "│   │ 5 │   │",
        "│  2│163│ 59│",
        "├───┼───┼───┤",
        "│5  │   │   │",
        "│ 13│6  │   │",
        "│9 8│ 2 │1 7│",
        "└───┴───┴───┘",
    ]
)


def _miracle() -> dict[str, Any]:
    return next(e for e in variant_entries() if e["name"].startswith("The Miracle Sudoku"))


# r5c3=1 and r6c7=2 (the Miracle Sudoku's two givens)
MIRACLE_GIVENS = "." * 38 + "1" + "." * 12 + "2" + "." * 29
NO_SOLUTION_4X4 = "123." "...." "...." "...4"  # r1c4 must be 4, but column 4 has a 4


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_seed_example_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", SEED_PUZZLE)
    assert code == 0
    assert out == SEED_OUTPUT
    assert err == ""


def test_seed_picture_as_argument_file_and_stdin(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run(capsys, "solve", SEED_PICTURE) == (0, SEED_OUTPUT, "")
    f = tmp_path / "seed.txt"
    f.write_text(SEED_PICTURE + "\n")
    assert run(capsys, "solve", str(f)) == (0, SEED_OUTPUT, "")
    monkeypatch.setattr(sys, "stdin", io.StringIO(SEED_PUZZLE + "\n"))
    assert run(capsys, "solve", "-") == (0, SEED_OUTPUT, "")


def test_line_and_json_formats(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "solve", SEED_PUZZLE, "--format", "line") == (0, SEED_SOLUTION + "\n", "")
    code, out, err = run(capsys, "solve", SEED_PUZZLE, "--format", "json")
    assert code == 0 and err == ""
    obj = json.loads(out)
    assert obj["puzzle"] == SEED_PUZZLE.replace("0", ".")
    assert obj["solution"] == SEED_SOLUTION
    assert obj["guesses"] == 0
    assert obj["unique"] is True
    assert obj["steps"] > 0
    code, out, _ = run(capsys, "solve", SEED_PUZZLE, "--format", "json", "--first")
    assert json.loads(out)["unique"] is None


def test_steps_come_before_the_grid(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", SEED_PUZZLE, "--steps")
    assert code == 0
    lines = out.splitlines()
    grid_at = lines.index(SEED_SOLUTION_ROWS[0])
    assert grid_at > 1
    assert lines[0].strip().startswith("1. ")
    assert lines[grid_at - 1] == ""
    assert lines[grid_at:] == [*SEED_SOLUTION_ROWS, "", "0 guesses required!"]


def test_miracle_by_rules(capsys: pytest.CaptureFixture[str]) -> None:
    expected = _miracle()["solution"]
    rules = "antiknight,antiking,nonconsecutive"
    code, out, err = run(capsys, "solve", MIRACLE_GIVENS, "--rules", rules, "--format", "line")
    assert (code, out, err) == (0, expected + "\n", "")
    code, out, err = run(capsys, "solve", MIRACLE_GIVENS, "--rules", rules)
    assert code == 0 and err == ""
    rows = out.splitlines()
    cells = "".join(ch for row in rows[:13] for ch in row if ch.isdigit())
    assert cells == expected
    assert rows[13] == "" and rows[14].endswith(" guesses required!")
    code, out, _ = run(capsys, "solve", MIRACLE_GIVENS, "--rules", rules, "--format", "json")
    assert json.loads(out)["unique"] is True


def test_rules_given_several_times_add_up(capsys: pytest.CaptureFixture[str]) -> None:
    expected = _miracle()["solution"]
    args = ["--rules", "anti-knight", "--rules", "antiking,non-consecutive", "--format", "line"]
    code, out, err = run(capsys, "solve", MIRACLE_GIVENS, *args)
    assert (code, out, err) == (0, expected + "\n", "")
    code, out, _ = run(capsys, "count", "." * 81, "--rules", "antiknight", "--rules", "miracle")
    assert (code, out) == (0, "72\n")


def test_miracle_by_json_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    entry = _miracle()
    f = tmp_path / "miracle.json"
    f.write_text(json.dumps({k: entry[k] for k in ("name", "size", "givens", "constraints")}))
    code, out, err = run(capsys, "solve", str(f), "--format", "line")
    assert (code, out, err) == (0, entry["solution"] + "\n", "")
    code, out, err = run(capsys, "solve", str(f), "--format", "json")
    obj = json.loads(out)
    assert (obj["solution"], obj["unique"], obj["name"]) == (entry["solution"], True, entry["name"])
    # without its rules the two givens leave a huge number of solutions
    code, out, err = run(capsys, "count", MIRACLE_GIVENS, "--limit", "50")
    assert (code, out) == (0, "at least 50 solutions (stopped at --limit 50)\n")


def test_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "count", "." * 81, "--rules", "miracle") == (0, "72\n", "")
    assert run(capsys, "count", "." * 16) == (0, "288\n", "")
    assert run(capsys, "count", SEED_PUZZLE) == (0, "1\n", "")
    assert run(capsys, "count", NO_SOLUTION_4X4) == (1, "0\n", "")


def test_check(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "check", SEED_PUZZLE) == (0, "valid: exactly one solution\n", "")
    code, out, err = run(capsys, "check", "." * 16)
    assert (code, err) == (1, "")
    assert out.startswith(
        "not unique: more than one solution; 16 cells still ambiguous: r1c1{1,2,3,4}, "
    )
    assert out.endswith(" and 8 more (yass candidates shows them all)\n")
    assert run(capsys, "check", NO_SOLUTION_4X4) == (1, "no solution\n", "")


def test_several_solutions_still_solved(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", "1" + "." * 15, "--format", "line")
    assert code == 0
    solution = out.strip()
    assert len(solution) == 16 and solution[0] == "1"
    assert err.count("\n") == 1 and "more than one solution" in err
    code, out, err = run(capsys, "solve", "1" + "." * 15)
    assert code == 0 and out.startswith("┌──┬──┐\n│1") and "more than one solution" in err


def test_no_solution(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "solve", NO_SOLUTION_4X4, "--format", "line") == (1, "no solution\n", "")
    code, out, err = run(capsys, "solve", NO_SOLUTION_4X4)
    assert (code, out, err) == (1, "no solution\n", "")
    code, out, _ = run(capsys, "solve", NO_SOLUTION_4X4, "--format", "json")
    assert code == 1 and json.loads(out)["solution"] is None
    assert json.loads(out)["unique"] is False


def test_show_views(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", SEED_PUZZLE)
    assert code == 0
    assert [line.rstrip() for line in out.splitlines()] == [
        line.rstrip() for line in SEED_PICTURE.splitlines()
    ]
    code, out, _ = run(capsys, "show", "12" + "." * 14, "--view", "candidates")
    assert code == 0 and out.splitlines()[1] == "│ 1    2   │ 34    34   │"
    code, out, _ = run(capsys, "show", "12" + "." * 14, "--view", "levels")
    assert code == 0 and out.startswith("levels: ")


def test_rules_lists_names_and_types(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules")
    assert code == 0
    for word in ("antiknight", "nonconsecutive", "windoku", "thermo", "extra_region"):
        assert word in out


def test_help_documents_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for word in ("exit codes", "130", "worst", "bad input"):
        assert word in out
    code, out, _ = run(capsys, "solve", "--help")
    assert code == 0 and "--format" in out and "exit codes" in out


def _bad_inputs(tmp_path: Path) -> list[tuple[list[str], str]]:
    bad_json = tmp_path / "bad.json"
    bad_json.write_text('{"size": 9,\n "givens": "...')
    unknown = tmp_path / "unknown.json"
    unknown.write_text(
        json.dumps({"size": 9, "givens": SEED_PUZZLE, "constraints": [{"type": "clock"}]})
    )
    bad_cells = tmp_path / "cells.json"
    bad_cells.write_text(
        json.dumps(
            {"size": 9, "givens": "." * 81, "constraints": [{"type": "odd", "cells": ["r0c1"]}]}
        )
    )
    return [
        (["solve", SEED_PUZZLE[:80]], "wrong length: 80 cells"),
        (["solve", SEED_PUZZLE[:11] + "x" + SEED_PUZZLE[12:]], "character 12 'x'"),
        (["solve", "4A" + SEED_PUZZLE[2:]], "'A' at r1c2 is too large for a 9x9 grid"),
        (["solve", "44" + SEED_PUZZLE[2:]], "givens r1c1 and r1c2 are both 4 (same row 1)"),
        (["solve", SEED_PUZZLE, "--rules", "antiknight,bogus"], "unknown rule 'bogus'"),
        (["solve", str(tmp_path / "missing.txt")], "no such file"),
        (["count", "missing-puzzles"], "no such file"),
        (["solve", str(tmp_path)], "is a directory"),
        (["solve", str(bad_json)], "malformed JSON at line 2, column"),
        (["solve", str(unknown)], "type 'clock', which yass does not support"),
        (["check", str(bad_cells)], "r0c1 is outside the 9x9 grid"),
        (["show", "." * 25], "make a 5x5 grid, which has no standard boxes"),
        (["solve", SEED_PUZZLE, "--techniques", "nonsense"], "unknown technique 'nonsense'"),
        (["solve", SEED_PUZZLE, "--format", "line", "--steps"], "--steps"),
    ]


def test_bad_input_gives_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for argv, words in _bad_inputs(tmp_path):
        code, out, err = run(capsys, *argv)
        assert code == 2, argv
        assert out == "", argv
        assert err.count("\n") == 1, (argv, err)
        assert err.startswith("yass: error: "), argv
        assert words in err, (argv, err)
        assert "Traceback" not in err


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_usage_errors_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", _Terminal())  # PUZZLE left out at a terminal
    for argv in (
        ["solve"],
        ["solve", SEED_PUZZLE, "--format", "xml"],
        ["count", "x", "--limit", "0"],
        ["frobnicate"],
        [],
    ):
        code, _, err = run(capsys, *argv)
        assert code == 2, argv
        assert len(err.splitlines()) == 1, err
        assert err.startswith("yass: error: ") and "--help'" in err, err


# The seed's solution with an unavoidable rectangle blanked (rows 1 and 3, columns 3 and 8):
# two solutions, found quickly (a puzzle with few givens makes the ladder run long).
TWO_SOLUTIONS = "".join(
    "." if divmod(i, 9) in {(0, 2), (0, 7), (2, 2), (2, 7)} else ch
    for i, ch in enumerate(SEED_SOLUTION)
)
MULTI = "\n".join(
    [
        "# three puzzles, the second one bad",
        SEED_PUZZLE,
        "",
        SEED_PUZZLE[:11] + "x" + SEED_PUZZLE[12:],
        TWO_SOLUTIONS,
    ]
)


def test_file_with_a_bad_line_goes_on(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "puzzles.txt"
    f.write_text(MULTI + "\n")
    code, out, err = run(capsys, "solve", str(f), "--format", "line", "--first")
    lines = out.splitlines()
    assert code == 2
    assert len(lines) == 3
    assert lines[0] == SEED_SOLUTION
    assert lines[1] == f"error: {f} line 4: character 12 'x' is not a digit or blank"
    assert len(lines[2]) == 81 and "." not in lines[2]
    assert all(g in (".", ch) for g, ch in zip(TWO_SOLUTIONS, lines[2], strict=True))
    assert err == f"yass: error: {f} line 4: character 12 'x' is not a digit or blank\n"

    code, out, err = run(capsys, "solve", str(f), "--first")
    assert code == 2
    assert f"--- {f} line 2 ---" in out
    assert f"--- {f} line 5 ---" in out
    assert out.count(" required!") == 2  # "0 guesses required!", "1 guess required!"
    assert err.count("\n") == 1

    code, out, _ = run(capsys, "solve", str(f), "--format", "json")
    objs = [json.loads(line) for line in out.splitlines()]
    assert [o.get("line") for o in objs] == [2, 4, 5]
    assert "error" in objs[1]
    assert (objs[0]["unique"], objs[2]["unique"]) == (True, False)

    code, out, err = run(capsys, "check", str(f))
    assert code == 2
    lines = out.splitlines()
    assert lines[0] == f"{f} line 2: valid: exactly one solution"
    assert lines[1].startswith(f"{f} line 5: not unique: more than one solution; ")
    assert len(lines) == 2
    assert err.count("\n") == 1

    # with the miracle rules, the seed puzzle's givens clash (a knight's move apart)
    g = tmp_path / "miracle.txt"
    g.write_text(SEED_PUZZLE + "\n" + MIRACLE_GIVENS + "\n")
    code, out, err = run(capsys, "solve", str(g), "--rules", "miracle", "--format", "line")
    assert code == 2
    assert out.splitlines()[1] == _miracle()["solution"]
    assert "anti-knight" in err.splitlines()[0]


def test_exit_code_is_the_worst(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "mixed.txt"
    f.write_text(SEED_PUZZLE + "\n" + NO_SOLUTION_4X4 + "\n")
    code, out, _ = run(capsys, "solve", str(f), "--format", "line")
    assert code == 1
    assert out.splitlines() == [SEED_SOLUTION, "no solution"]


def test_verification_failure_is_an_internal_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from yass.engine import fast

    monkeypatch.setattr(fast, "search", lambda puzzle, limit, bounds=None: (1, (1,) * 81))
    code, out, err = run(capsys, "solve", SEED_PUZZLE, "--format", "line")
    assert code == 3
    assert out == ""
    assert err.startswith("yass: internal error: ") and err.count("\n") == 1


def test_ctrl_c_keeps_what_was_printed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    real = batch.solve_block
    calls = []

    def interrupted(job: Any) -> Any:
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(job)

    monkeypatch.setattr(batch, "solve_block", interrupted)
    monkeypatch.setattr(batch, "BLOCK_BYTES", 1)  # one line a block
    f = tmp_path / "two.txt"
    f.write_text(SEED_PUZZLE + "\n" + SEED_PUZZLE + "\n")
    code, out, err = run(capsys, "solve", str(f), "--format", "line", "-j", "1")
    assert code == 130
    assert out == SEED_SOLUTION + "\n"
    assert "interrupted" in err and "Traceback" not in err


class _ClosedPipe(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_closed_pipe_is_quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    code = main(["solve", SEED_PUZZLE])
    assert code == 141


def test_python_dash_m() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "yass", "solve", SEED_PUZZLE],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout == SEED_OUTPUT


@pytest.mark.parametrize("extra", [
    [], ["--format", "json"], ["--techniques", "ns,hs"], ["--no-unique"],
    ["--guess-stats", "3"], ["--format", "json", "--guess-stats", "2"],
])
def test_solve_searches_for_a_second_solution_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], extra: list[str]
) -> None:
    """The solver's own uniqueness count (its ladder has uniqueness techniques) is the
    answer the command reports, and the random runs of --guess-stats take it too; with a
    ladder that has none, or uniqueness declared, the command counts once."""
    from yass.engine import fast

    calls: list[int] = []
    real = fast.count_solutions

    def counting(*args: Any, **kwargs: Any) -> int:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(fast, "count_solutions", counting)
    not_unique = SEED_PUZZLE[:-1] + "0"
    for puzzle, unique in ((SEED_PUZZLE, True), (not_unique, False)):
        calls.clear()
        assert cli.main(["solve", puzzle, *extra]) == 0
        out, err = capsys.readouterr()
        assert len(calls) == 1
        assert ("more than one solution" in err) == (not unique)
        if "json" in extra:
            assert json.loads(out)["unique"] is unique
