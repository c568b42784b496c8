"""Issue 9, items 4, 5 and 7: input limits, typed and piped input, and the words users read.

Long lines are refused by number and the rest of the input goes on; ``--limit`` takes
any positive number; ``-j`` is capped at the cores; names from files are escaped; input
sent a line at a time is answered a line at a time; help, messages and explanations
speak to users in good grammar.
"""

from __future__ import annotations

import io
import json
import os
import re
import select
import subprocess
import sys
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from conftest import SEED_INPUT_PICTURE, SEED_PUZZLE, variant_entries
from yass.cli import common, progress
from yass.cli.commands import main
from yass.constraints import JSON_FIELDS, REGISTRY
from yass.core.geometry import a_digit
from yass.formats import parse_puzzle, puzzle_from_json
from yass.formats.text import MAX_LINE
from yass.logic.solver import solve
from yass.logic.techniques import get_techniques
from yass.logic.techniques.relations import RelationConsistency

SEED_SOLUTION = "429516873851739246637482591395274618164958732782163459576891324213647985948325167"
TOO_LONG = f"is longer than {MAX_LINE:,} characters"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def bytes_stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    """Standard input holding ``data``, with a byte buffer as a real one has."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


# -- 4. memory and input limits --------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["line", "pretty", "json"])
def test_a_long_line_is_refused_by_number_and_the_rest_goes_on(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str
) -> None:
    f = tmp_path / "long.txt"
    f.write_text(f"{SEED_PUZZLE}\n{'1' * (1 << 20)}\n{SEED_PUZZLE}\n{'2' * (300_000)}")
    code, out, err = run(capsys, "solve", str(f), "--format", fmt, "-j", "1", "--first")
    assert code == 2
    errors = err.splitlines()
    assert [e for e in errors if "line 2" in e] == [
        f"yass: error: {f} line 2: the line {TOO_LONG}"
        ", more than any puzzle needs (a 16x16 puzzle"
        " line has 256 cells)"
    ]
    assert any(f"{f} line 4: the line {TOO_LONG}" in e for e in errors)
    assert len(errors) == 2
    assert out.count(SEED_SOLUTION if fmt != "pretty" else "│429│516│873│") == 2
    assert len(out) < 10_000  # the long lines are not echoed back


@pytest.mark.parametrize("command", ["count", "check", "show"])
def test_a_long_line_on_standard_input_has_bounded_memory(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    bytes_stdin(monkeypatch, b"7" * (4 << 20))  # 4 MB, no newline
    tracemalloc.start()
    try:
        code, out, err = run(capsys, command, "-")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and f"<stdin> line 1: the line {TOO_LONG}" in err
    assert peak < 2 << 20  # never the whole line (4 MB), let alone copies of it


def test_json_on_one_long_line_still_reads(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    f = tmp_path / "one-line.json"
    f.write_text(json.dumps([{"givens": SEED_PUZZLE}] * 300))  # about 30,000 characters
    assert len(f.read_text()) > MAX_LINE
    code, out, err = run(capsys, "check", str(f))
    assert (code, err) == (0, ""), err
    assert out.count("valid: exactly one solution") == 300


def test_a_long_argument_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", "1" * (MAX_LINE + 1))
    assert (code, out) == (2, "")
    assert (
        err == f"yass: error: the line {TOO_LONG}, more than any puzzle needs (a 16x16"
        " puzzle line has 256 cells)\n"
    )


@pytest.mark.parametrize("limit", [2**31 - 1, 2**31, 2**64, 10**40])
def test_any_positive_limit(capsys: pytest.CaptureFixture[str], limit: int) -> None:
    assert run(capsys, "count", SEED_PUZZLE, "--limit", str(limit)) == (0, "1\n", "")


def test_limit_one_counts_in_the_singular(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "count", SEED_PUZZLE, "--limit", "1")
    assert (code, out) == (0, "at least 1 solution (stopped at --limit 1)\n")


def test_jobs_beyond_the_cores_are_capped_with_a_note(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(common, "core_count", lambda: 1)
    f = tmp_path / "two.txt"
    f.write_text(f"{SEED_PUZZLE}\n{SEED_PUZZLE}\n")
    for fmt in ("line", "json"):
        code, out, err = run(capsys, "solve", str(f), "-j", "64", "--format", fmt)
        assert code == 0 and out.count(SEED_SOLUTION) == 2
        assert err == "yass: note: -j 64 is more than the 1 core here; using 1\n"
    code, out, err = run(capsys, "solve", str(f), "-j", "1", "--format", "line")
    assert (code, err) == (0, "")


NAMES = ["two\nlines", "bell\x07", "esc\x1b[31mred", "nel\x85", "ls\u2028", "rlo\u202eevil"]


def test_names_from_files_are_escaped_on_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    f = tmp_path / "names.json"
    f.write_text(json.dumps([{"name": n, "givens": SEED_PUZZLE} for n in NAMES]))
    code, out, err = run(capsys, "solve", str(f), "--format", "json", "-j", "1")
    assert (code, err) == (0, "")
    lines = out.split("\n")
    assert lines.pop() == "" and len(lines) == len(NAMES)
    assert [json.loads(line)["name"] for line in lines] == NAMES  # escaped, not changed
    assert all(line.isprintable() for line in lines)

    code, out, err = run(capsys, "check", str(f))
    assert code == 0 and all(line.isprintable() for line in out.splitlines())
    assert len(out.splitlines()) == len(NAMES)
    assert "(two\\nlines)" in out and "(esc\\x1b[31mred)" in out and "rlo\\u202eevil" in out

    code, out, _ = run(capsys, "solve", str(f), "-j", "1")
    headers = [line for line in out.splitlines() if line.startswith("---")]
    assert len(headers) == len(NAMES) and all(h.isprintable() for h in headers)


# -- 5. interactive use -----------------------------------------------------------------------


def _answered_before_the_next_line(
    argv: list[str], lines: int = 3, puzzle: str = SEED_PUZZLE
) -> list[str]:
    """Send puzzles one at a time down a pipe; the answers, each read before the next
    puzzle is written (the test fails if an answer does not come while yass waits)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "yass", *argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdin is not None and proc.stdout is not None
    answers = []
    try:
        for _ in range(lines):
            proc.stdin.write(puzzle.encode() + b"\n")
            proc.stdin.flush()
            ready, _, _ = select.select([proc.stdout], [], [], 30)
            assert ready, f"no answer to a line while yass waits for the next ({argv})"
            answers.append(os.read(proc.stdout.fileno(), 1 << 16).decode())
        proc.stdin.close()
        rest = proc.stdout.read().decode()
        assert proc.wait(30) == 0
    finally:
        proc.kill()
        proc.wait()
    assert rest == ""
    return answers


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "-"],
        ["solve", "-", "--format", "json"],
        ["solve", "-", "--format", "line"],
        ["check", "-"],
    ],
)
def test_piped_lines_are_answered_as_they_arrive(argv: list[str]) -> None:
    answers = _answered_before_the_next_line(argv)
    assert all(SEED_SOLUTION in a or "│429│516│873│" in a or "valid" in a for a in answers)


def test_piped_pictures_are_answered_at_their_last_row() -> None:
    answers = _answered_before_the_next_line(
        ["solve", "-", "--format", "line"], 2, SEED_INPUT_PICTURE
    )
    assert answers == [SEED_SOLUTION + "\n"] * 2


def test_typed_lines_are_answered_and_no_progress_is_drawn() -> None:
    import pty

    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "yass", "solve", "-", "--format", "line"],
        stdin=slave,
        stdout=subprocess.PIPE,
        stderr=slave,  # a terminal: a progress line would be drawn there by default
    )
    os.close(slave)
    assert proc.stdout is not None
    try:
        for _ in range(2):
            os.write(master, SEED_PUZZLE.encode() + b"\n")
            ready, _, _ = select.select([proc.stdout], [], [], 30)
            assert ready, "a typed line was not answered"
            assert os.read(proc.stdout.fileno(), 1 << 16).decode() == SEED_SOLUTION + "\n"
        os.write(master, b"\x04")  # Ctrl-D: the end of input
        assert proc.wait(30) == 0
        shown = b""
        while select.select([master], [], [], 0.5)[0]:
            try:
                chunk = os.read(master, 1 << 16)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
    finally:
        proc.kill()
        proc.wait()
        os.close(master)
    assert b"\x1b[K" not in shown and b"puzzles" not in shown  # only the typed lines' echo


@pytest.mark.parametrize("fmt", ["pretty", "json", "line"])
def test_the_progress_bar_shows_for_every_format(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    fmt: str,
) -> None:
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "INTERVAL", 0.0)
    f = tmp_path / "many.txt"
    f.write_text(f"{SEED_PUZZLE}\n" * 60)
    code, out, err = run(capsys, "solve", str(f), "--format", fmt, "--progress", "-j", "1")
    assert code == 0 and out.count(SEED_SOLUTION if fmt != "pretty" else "│429│") == 60
    shares = [int(m) for m in re.findall(r"\] +(\d+)%", err)]
    assert shares and shares == sorted(shares) and shares[-1] == 100
    assert "ETA" in err
    if fmt != "line":  # (line reads the file in blocks of 64 KB: this one is one block)
        assert shares[0] < 100


def test_the_progress_bar_of_a_json_file_goes_by_puzzles(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "INTERVAL", 0.0)
    f = tmp_path / "many.json"
    f.write_text(json.dumps([{"givens": SEED_PUZZLE}] * 10))
    code, _, err = run(capsys, "solve", str(f), "--progress", "-j", "1")
    assert code == 0
    shares = [int(m) for m in re.findall(r"\] +(\d+)%", err)]
    assert shares == [10 * i for i in range(1, 11)]


# -- 7. words -----------------------------------------------------------------------------


COMMANDS = ["solve", "count", "check", "show", "explain", "hint", "techniques", "rules"]


def test_help_speaks_to_users_and_lists_the_technique_codes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    texts = []
    for command in [*COMMANDS, ""]:
        code, out, _ = run(capsys, *([command] if command else []), "--help")
        assert code == 0
        texts.append(out)
        assert not re.search(r"\bseed 0\d\d", out), command
    solve_help = " ".join(texts[0].split())
    codes = ", ".join(t.code for t in get_techniques("all") if t.code in ("ns", "hs"))
    assert codes and "The codes, easiest first: fh, ns, hs," in solve_help


def test_rules_shows_the_fields_of_every_json_type(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules")
    assert code == 0 and set(JSON_FIELDS) == set(REGISTRY)
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Constraint types"))
    for kind in REGISTRY:
        at = next(i for i, line in enumerate(lines) if line.split()[:1] == [kind] and i > start)
        assert lines[at + 1].strip().startswith("fields: ")
    assert '"cells": [the bulb first' in out and '"regions": [[N cells]' in out


def test_an_empty_technique_list_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    for spec in ("", " ", ",", " , "):
        for command in ("solve", "explain", "hint"):
            code, out, err = run(capsys, command, SEED_PUZZLE, "--techniques", spec)
            assert (code, out) == (2, "")
            assert err.startswith("yass: error: --techniques needs at least one code or name")
            assert err.count("\n") == 1
    code, out, _ = run(capsys, "solve", SEED_PUZZLE, "--techniques", "none", "--format", "json")
    assert code == 0 and json.loads(out)["steps"] > 0


@pytest.mark.parametrize("arg", ["0", "5", "."])
@pytest.mark.parametrize("command", ["solve", "count", "check", "show"])
def test_a_one_character_puzzle_is_refused(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    arg: str,
    command: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    if arg == ".":
        arg = "0 "  # "." names the directory
    code, out, err = run(capsys, command, arg)
    assert (code, out) == (2, "")
    assert err == (
        "yass: error: wrong length: 1 cell is not a puzzle; a puzzle line has N*N cells"
        " for an NxN grid (81 for 9x9, 16 for 4x4, 256 for 16x16)\n"
    )


def test_a_one_cell_puzzle_with_its_size_given() -> None:
    assert parse_puzzle("0", size=1).size == 1
    assert puzzle_from_json({"size": 1, "givens": "1"}).size == 1


def test_a_625_cell_line_says_the_size_is_not_supported(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "solve", "." * 625)
    assert (code, out) == (2, "")
    assert err == (
        "yass: error: wrong length: 625 cells make a 25x25 grid, which yass does not support;"
        " the largest is 16x16 (256 cells)\n"
    )


def test_a_json_constraint_without_a_type_says_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzle = {"givens": SEED_PUZZLE, "constraints": [{"cells": ["r1c1", "r1c2"]}]}
    bytes_stdin(monkeypatch, json.dumps(puzzle).encode())
    code, out, err = run(capsys, "check", "-")
    assert (code, out) == (2, "")
    assert err == (
        'yass: error: <stdin>: constraint 1 has no "type" (`yass rules` lists the types and'
        " their fields)\n"
    )


def test_articles_and_plurals() -> None:
    assert [a_digit(ch) for ch in ("1", "8", "11", "18", "A", "B", "E", "F", "G")] == [
        "a 1",
        "an 8",
        "an 11",
        "an 18",
        "an A",
        "a B",
        "an E",
        "an F",
        "a G",
    ]
    texts = []
    for line in [SEED_PUZZLE, *_sample_lines(12)]:
        texts += [s.explanation for s in solve(parse_puzzle(line), get_techniques(None)).steps]
    joined = "\n".join(texts)
    assert re.search(r"\ban 8\b", joined)
    assert not re.search(r"\ba (8|11|18|A|E|F)\b", joined)


def _sample_lines(n: int) -> list[str]:
    path = Path(__file__).parent / "data" / "puzzles" / "norvig_top95.txt"
    return [ln.strip() for ln in path.read_text().splitlines() if ln.strip()][:n]


def test_one_guess_is_singular(capsys: pytest.CaptureFixture[str]) -> None:
    line = "1..4....21...3.."  # two solutions; the first guess finds one
    assert solve(parse_puzzle(line), get_techniques("ns,hs")).guesses == 1
    _, out, _ = run(capsys, "solve", line, "--techniques", "ns,hs", "--first")
    assert out.endswith("\n1 guess required!\n")


def test_a_failed_guess_and_the_next_guess_read_consistently() -> None:
    seen = 0
    for line in _sample_lines(12):
        steps = solve(parse_puzzle(line), get_techniques("ns,hs")).steps
        failed: dict[str, list[str]] = {}
        for step in steps:
            if step.technique != "guess":
                continue
            text = step.explanation
            m = re.match(r"guessing (r\d+c\d+)=(\d) fails \(.*\), so \1 is not \2$", text)
            if m:
                failed.setdefault(m.group(1), []).append(m.group(2))
                continue
            cell = text.split()[0]
            tried = failed.pop(cell, [])
            if not tried:
                continue
            seen += 1
            m = re.match(rf"{cell} can be ([\d, or]+): guess {cell}=(\d)$", text)
            if m:  # the digits left exclude the ones that failed
                assert not set(tried) & set(re.findall(r"\d", m.group(1)))
            else:
                said = " and ".join(f"{cell}={d}" for d in tried)
                assert re.fullmatch(rf"{cell} can only be \d now that {said} failed", text) or (
                    len(tried) > 2 and text.startswith(f"{cell} can only be ")
                ), text
    assert seen > 0


def _slow_thermo() -> dict[str, Any]:
    return next(e for e in variant_entries() if e["name"] == "Slow Thermo Sudoku")


def test_a_rule_step_states_a_premise_that_supports_it() -> None:
    board = puzzle_from_json(_slow_thermo()).board()
    steps = list(RelationConsistency().find(board))
    # First, what the rule rules out whatever the partner holds, for every cell at once:
    # no 1 after a cell of the same row or column; the text names both reasons.
    grouped = steps[0]
    assert grouped.notation.startswith("Relation Consistency: slow thermometer (any partner,")
    assert "slow thermometer rule, and as the two cells" in grouped.explanation
    assert {d for _, d in grouped.eliminations} == {1}
    step = next(s for s in steps if "any partner" not in s.notation)
    # Then every pair of the rule, judged on this board, as one step; each pair's reason in
    # it. r2c3 may be anything, so the slow thermometer alone (r2c4 >= r2c3) would not rule
    # out r2c4=1: the two cells share row 2, so r2c4 > r2c3, and the text says both.
    assert step.explanation.startswith("By the slow thermometer rule, each cell against")
    assert (
        ": r2c3 can only be 1, 2, 3, 4, 5, 6, 7, 8 or 9; by the slow thermometer rule and as"
        " r2c4 differs from it (same row 2), r2c4 can only be 2, 3, 4, 5, 6, 7, 8 or 9, so it"
        " can't be 1;"
    ) in step.explanation
    assert (9 * 1 + 3, 1) in step.eliminations  # r2c4<>1
    assert len({c for c, _ in step.eliminations}) > 1  # and the rule's other pairs with it
