"""Issue 26 ("Hardening, round two"): write failures, option values that start with
``-``, impossible and trivial generate requests, bounds on every search, Dask addresses,
convert's memory, validation of f-puzzles and JSON values, progress and the rules text.

(Ctrl-C on a terminal is tests/test_interrupts.py.)
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from conftest import SEED_PUZZLE
from yass.cli import EXIT_WRITE_FAILED, main

P = SEED_PUZZLE
SEED_SOLUTION = "429516873851739246637482591395274618164958732782163459576891324213647985948325167"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def yass(*argv: str, shell: str = "", timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``python -m yass ARGV`` in a fresh process; ``shell``: redirections for sh."""
    if shell:
        command = ["sh", "-c", f'exec "$@" {shell}', "sh", sys.executable, "-m", "yass", *argv]
    else:
        command = [sys.executable, "-m", "yass", *argv]
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout)


# -- 6. write failures: one line and exit code 74, for every command -------------------------

#: A quick run of every command (each writes something to standard output).
EVERY_COMMAND = {
    "solve": ["solve", P],
    "solve line": ["solve", P, "--format", "line"],
    "count": ["count", P],
    "check": ["check", P],
    "candidates": ["candidates", P],
    "show": ["show", P],
    "explain": ["explain", P],
    "hint": ["hint", P],
    "techniques": ["techniques"],
    "rules": ["rules"],
    "generate": ["generate", "-j", "1"],
    "rate": ["rate", P],
    "convert": ["convert", P],
    "web": ["web", "--port", "0"],
}


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("command", list(EVERY_COMMAND))
def test_a_full_disk_gives_one_line_and_exit_74(command: str) -> None:
    done = yass(*EVERY_COMMAND[command], shell=">/dev/full")
    assert done.returncode == EXIT_WRITE_FAILED == 74, done.stderr
    assert done.stderr == "yass: error: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("command", list(EVERY_COMMAND))
def test_a_closed_standard_output_gives_one_line_and_exit_74(command: str) -> None:
    done = yass(*EVERY_COMMAND[command], shell=">&-")
    assert done.returncode == 74, done.stderr
    assert done.stderr == "yass: error: standard output is closed, so no result can be written\n"


def test_standard_output_not_open_for_writing_gives_one_line() -> None:
    done = yass("solve", P, shell="1</dev/null")
    assert done.returncode == 74
    assert done.stderr == "yass: error: cannot write the output: Bad file descriptor\n"


def test_closed_standard_error_still_answers() -> None:
    done = yass("solve", P, "--format", "line", shell="2>&-")
    assert done.returncode == 0 and done.stdout == SEED_SOLUTION + "\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_explain_html_on_a_full_disk_and_an_empty_name(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "explain", P, "--html", "/dev/full")
    assert code == 74 and err == "yass: error: cannot write /dev/full: No space left on device\n"
    code, out, err = run(capsys, "explain", P, "--html", "")
    assert code == 2 and out == ""
    assert err == "yass: error: --html needs the name of the file to write\n"


# -- 7. option values that start with '-' ------------------------------------------------------


def test_techniques_with_leading_minus_as_documented(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", P, "--techniques", "-sp,-fn", "--steps")
    assert code == 0, err
    assert out == run(capsys, "solve", P, "--techniques=-sp,-fn", "--steps")[1]
    code, out, err = run(capsys, "solve", P, "--techniques", "-fh,-nt", "--steps")
    assert code == 0, err
    assert "Full House" not in out and "Naked Triple" not in out and "Naked Single" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", P, "--timeout", "-1"], "argument --timeout: must be more than 0 seconds"),
        (["count", P, "--limit", "-5"], "argument --limit: must be at least 1, not -5"),
        (["explain", P, "--max-guesses", "-2"], "argument --max-guesses: cannot be negative"),
        (["generate", "-n", "-1"], "argument -n/--count: must be at least 1, not -1"),
    ],
)
def test_negative_option_values_get_their_own_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err and "expected one argument" not in err
    assert len(err.splitlines()) == 1


def test_an_option_followed_by_another_option_still_wants_its_value(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "solve", P, "--techniques", "--steps")
    assert code == 2 and "argument --techniques: expected one argument" in err


def test_hint_marks_before_the_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    after = run(capsys, "hint", P, "--marks")
    before = run(capsys, "hint", "--marks", P)
    assert before == after and before[0] == 0 and "b1: 1 in r2c1,r2c3" in before[1]
    three = run(capsys, "hint", "--marks", "3", P)
    assert three[0] == 0 and three[1] != before[1] and "b1: 2 in r1c2,r3c1,r3c2" in three[1]
