"""How the ``yass`` command tells a puzzle given as text from a file name.

An argument that names no file and holds nothing but puzzle characters is a puzzle,
so a short or mistyped one gets the real problem ("wrong length"), not "no such file".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import SEED_PUZZLE
from yass.cli.commands import main
from yass.core.geometry import PuzzleError
from yass.formats import parse_puzzle

SEED_SOLUTION = "429516873851739246637482591395274618164958732782163459576891324213647985948325167"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("arg", "cells"), [("44", 2), ("4 4", 2), ("1.2", 3), ("ABC", 3), ("4|4", 2), ("12345", 5)]
)
@pytest.mark.parametrize("command", ["solve", "count", "check", "show"])
def test_short_puzzle_gets_the_real_error(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    arg: str,
    cells: int,
    command: str,
) -> None:
    monkeypatch.chdir(tmp_path)  # where no file has that name
    code, out, err = run(capsys, command, arg)
    assert (code, out) == (2, "")
    assert err.startswith(f"yass: error: wrong length: {cells} cells")
    assert err.count("\n") == 1 and "no such file" not in err
    with pytest.raises(PuzzleError) as caught:
        parse_puzzle(arg)
    assert err == f"yass: error: {caught.value}\n"


def test_line_format_too(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "solve", "44", "--format", "line")
    assert (code, out) == (2, "")
    assert err.startswith("yass: error: wrong length: 2 cells")


def test_an_existing_file_is_still_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "44").write_text(SEED_PUZZLE + "\n")
    assert run(capsys, "solve", "44", "--format", "line") == (0, SEED_SOLUTION + "\n", "")


@pytest.mark.parametrize("arg", ["nofile", "bad", "44x", "+"])
def test_other_missing_names_are_missing_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, arg: str
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "solve", arg)
    assert (code, out) == (2, "")
    assert err == f"yass: error: cannot read {arg!r}: no such file\n"
