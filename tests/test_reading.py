"""Reading what people have: annotated lines, header rows, columns, pipelines between
yass's own commands, pencil-mark (Sukaku) puzzles, other programs' formats, and
arguments that are neither a puzzle nor a file (issue 23 items 1-3, issue 26 item 11)."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from conftest import SEED_PUZZLE
from yass.cli.commands import main
from yass.formats import ParseError, parse_puzzle, read_puzzles
from yass.formats.candidates import candidate_line
from yass.formats.fields import split_puzzle
from yass.formats.text import pencil_masks

SEED_SOLUTION = (
    "429516873851739246637482591395274618164958732782163459576891324213647985948325167"
)
SEED_LINE = SEED_PUZZLE.replace("0", ".")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def piped(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, text: str, *argv: str
) -> tuple[int, str, str]:
    """``argv`` run with ``text`` on standard input (a pipe, not a terminal)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    return run(capsys, *argv)


def seed_candidates(*removed: tuple[int, int]) -> str:
    """The seed's 729-character candidate line, less some (cell, digit) candidates."""
    board = parse_puzzle(SEED_PUZZLE).board()
    for cell, digit in removed:
        board.eliminate(cell, digit)
    return candidate_line(board)


# -- item 1: lines with more than a puzzle ---------------------------------------------------


@pytest.mark.parametrize(
    ("line", "name"),
    [
        (f"{SEED_PUZZLE}  Hard, hardest Skyscraper, score 1104, 30 givens",
         "Hard, hardest Skyscraper, score 1104, 30 givens"),
        (f"{SEED_PUZZLE} 11.9/11.9/11.3", "11.9/11.9/11.3"),
        (f"{SEED_PUZZLE}\t2.6\t1.2\t1.2\tPointing", "2.6 1.2 1.2 Pointing"),
        (f"{SEED_PUZZLE},{SEED_SOLUTION}", SEED_SOLUTION),
        (f"{SEED_PUZZLE};x", "x"),
        (f"{SEED_PUZZLE} # from the forum", "from the forum"),
        (f'"{SEED_PUZZLE}",7', "7"),
        (" ".join(SEED_PUZZLE[i : i + 9] for i in range(0, 81, 9)) + " 2.6 bad", "2.6 bad"),
    ],
)
def test_the_puzzle_is_the_first_field_and_the_rest_its_name(line: str, name: str) -> None:
    puzzle = parse_puzzle(line)
    assert puzzle.line() == SEED_LINE
    assert puzzle.name == name


def test_a_grouped_line_is_still_one_puzzle() -> None:
    grouped = " ".join(SEED_PUZZLE[i : i + 9] for i in range(0, 81, 9))
    assert split_puzzle(grouped) == (grouped, "")
    assert parse_puzzle(grouped).line() == SEED_LINE


def test_header_rows_are_skipped_and_names_kept(tmp_path: Path) -> None:
    path = tmp_path / "kaggle.csv"
    path.write_text(f"quizzes,solutions\n{SEED_PUZZLE},{SEED_SOLUTION}\n")
    entries = list(read_puzzles(path))
    assert len(entries) == 1 and entries[0].line == 2
    assert entries[0].puzzle is not None and entries[0].puzzle.name == SEED_SOLUTION


def test_a_labelled_line_is_not_a_header(tmp_path: Path) -> None:
    path = tmp_path / "labelled.txt"
    path.write_text(f"Puzzle 1: {SEED_PUZZLE}\npuzzle\n{SEED_PUZZLE}\n")
    first, second = read_puzzles(path)  # "puzzle" alone is the header; line 1 is not
    assert first.line == 1 and first.error is not None
    assert "'P' is not a digit" in first.message
    assert second.line == 3 and second.puzzle is not None


@pytest.mark.parametrize("column", ["2", "puzzle", "PUZZLE"])
def test_column_by_number_or_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, column: str
) -> None:
    path = tmp_path / "set.tsv"
    path.write_text(f"id\tpuzzle\tlevel\n7\t{SEED_PUZZLE}\thard\n8\t{'.' * 81}\teasy\n")
    code, out, err = run(capsys, "solve", str(path), "--column", column, "--format", "line",
                         "--first")
    assert code == 0, err
    assert out.splitlines()[0] == SEED_SOLUTION
    assert len(out.splitlines()) == 2


def test_column_out_of_range_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "set.csv"
    path.write_text(f"{SEED_PUZZLE},x\n")
    code, out, err = run(capsys, "check", str(path), "--column", "5")
    assert (code, out) == (2, "")
    assert err.splitlines() == [f"yass: error: {path} line 1: --column 5: the row has 2 fields"]


def test_generate_then_rate(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, made, _ = run(capsys, "generate", "-n", "3", "--seed", "1", "--format", "line")
    assert code == 0 and len(made.splitlines()) == 3
    assert all(len(line) > 81 for line in made.splitlines())  # each carries its description
    code, out, err = piped(capsys, monkeypatch, made, "rate", "-")
    assert (code, err) == (0, "")
    rows = out.splitlines()
    assert len(rows) == 3 and all(" ER " in row for row in rows)
    assert [r.split()[0] for r in rows] == [m.split()[0] for m in made.splitlines()]


def test_generate_then_solve_without_puzzle(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, made, _ = run(capsys, "generate", "-n", "2", "--seed", "1", "--format", "line")
    code, out, err = piped(capsys, monkeypatch, made, "solve", "--format", "json")
    assert (code, err) == (0, "")
    objs = [json.loads(line) for line in out.splitlines()]
    assert len(objs) == 2
    assert all(o["name"].startswith(("Easy", "Medium", "Hard")) for o in objs)  # the description
    assert all(o["unique"] and len(o["solution"]) == 81 for o in objs)


def test_rate_tsv_then_solve_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, tsv, _ = run(capsys, "rate", "--format", "tsv", SEED_PUZZLE, "4" + "." * 80)
    assert tsv.splitlines()[0].startswith("puzzle\t")
    code, out, err = piped(capsys, monkeypatch, tsv, "solve", "--format", "line")
    assert code == 0
    assert err == (  # the second puzzle (one given) is not unique: the only note
        "yass: warning: <stdin> line 3: the puzzle has more than one solution;"
        " this is one of them\n"
    )
    assert out.splitlines()[0] == SEED_SOLUTION
    assert len(out.splitlines()) == 2  # the header row gives no line


def test_solve_line_then_check(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, solved, _ = run(capsys, "solve", SEED_PUZZLE, "--format", "line")
    code, out, err = piped(capsys, monkeypatch, solved, "check")
    assert (code, out.strip(), err) == (0, "valid: exactly one solution", "")


def test_show_candidates_then_hint(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, picture, _ = run(capsys, "show", SEED_PUZZLE, "--view", "candidates")
    code, out, err = piped(capsys, monkeypatch, picture, "hint", "-")
    assert (code, err) == (0, "")
    assert out == main_hint(capsys, picture)


def main_hint(capsys: pytest.CaptureFixture[str], picture: str) -> str:
    code, out, _ = run(capsys, "hint", picture)
    assert code == 0
    return out


def test_puzzle_left_out_at_a_terminal_says_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Terminal())
    code, out, err = run(capsys, "check")
    assert (code, out) == (2, "")
    assert "required: PUZZLE" in err and err.count("\n") == 1


def test_annotated_lines_in_the_batch_path(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "rated.txt"
    path.write_text(f"puzzle\n{SEED_PUZZLE} 11.9/11.9/11.3\n{SEED_PUZZLE}\t# tab\n"
                    f"{SEED_LINE},extra\n")
    code, out, err = run(capsys, "solve", str(path), "--format", "line", "-j", "1")
    assert (code, err) == (0, "")
    assert out.splitlines() == [SEED_SOLUTION] * 3


# -- item 2: pencil-mark puzzles ------------------------------------------------------------


def test_a_candidate_line_is_a_puzzle() -> None:
    line = seed_candidates((1, 2), (1, 5))
    puzzle = parse_puzzle(line)
    masks = pencil_masks(puzzle)
    assert masks is not None and len(masks) == 81
    assert masks[1] == 0b1100000  # r1c2: 2 and 5 gone, 6 and 7 left


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("solve", "0 guesses required!"),
        ("count", "1"),
        ("check", "valid: exactly one solution"),
        ("candidates", "unique"),
        ("explain", f"solution: {SEED_SOLUTION}"),
    ],
)
def test_every_command_reads_pencil_marks(
    capsys: pytest.CaptureFixture[str], command: str, expected: str
) -> None:
    code, out, err = run(capsys, command, seed_candidates((1, 5), (1, 6)))
    assert (code, err) == (0, "")
    assert expected in out


def test_show_keeps_the_pencil_marks(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", seed_candidates((1, 2), (1, 5)), "--view", "candidates")
    assert code == 0
    assert out.splitlines()[1].split()[2] == "67"  # r1c2 lost 2 and 5 (the seed has 2567)


def test_a_pencil_mark_puzzle_with_no_solution(capsys: pytest.CaptureFixture[str]) -> None:
    # r1c2 is 2 in the seed's solution: without that candidate there is none
    code, out, _ = run(capsys, "check", seed_candidates((1, 5)))
    assert (code, out.strip()) == (0, "valid: exactly one solution")
    code, out, _ = run(capsys, "check", seed_candidates((1, 2)))
    assert (code, out.strip()) == (1, "no solution")


def test_rate_starts_from_the_given_candidates(capsys: pytest.CaptureFixture[str]) -> None:
    from yass.rating import rate

    plain = rate(SEED_PUZZLE)
    pencil = rate(seed_candidates())
    assert pencil.status == "rated" and len(pencil.puzzle) == 729
    # the givens' own eliminations are done, so no step is spent on them
    assert pencil.er is not None and plain.er is not None and pencil.er <= plain.er
    code, out, err = run(capsys, "rate", seed_candidates(), "--format", "json")
    assert (code, err) == (0, "")
    assert json.loads(out)["er"] == pencil.er
    assert rate(seed_candidates(*[(1, d) for d in (2, 5, 6)])).status == "no solution"


def test_candidate_pictures_in_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, picture, _ = run(capsys, "show", seed_candidates((1, 5)), "--view", "candidates")
    path = tmp_path / "marks.txt"
    path.write_text(picture + "\n" + picture)
    entries = list(read_puzzles(path))
    assert len(entries) == 2 and all(e.puzzle is not None for e in entries)
    masks = pencil_masks(entries[1].puzzle)  # type: ignore[arg-type]
    assert masks is not None and not masks[1] >> 4 & 1


# -- item 3: other programs' formats ---------------------------------------------------------

WRITABLE = ["hodoku", "sdk", "sdx", "ss", "scl", "ctc", "line", "json", "fpuzzles"]


@pytest.mark.parametrize("fmt", WRITABLE)
def test_round_trip_of_a_classic_puzzle(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str
) -> None:
    code, written, err = run(capsys, "convert", SEED_PUZZLE, "--to", fmt)
    assert (code, err) == (0, "")
    path = tmp_path / f"puzzle.{fmt}"
    path.write_text(written)
    assert run(capsys, "convert", str(path), "--to", "line")[1].strip() == SEED_LINE
    assert run(capsys, "solve", str(path), "--format", "line")[1].strip() == SEED_SOLUTION


@pytest.mark.parametrize("fmt", ["hodoku", "sdx", "json"])
def test_round_trip_of_pencil_marks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str
) -> None:
    line = seed_candidates((1, 5), (1, 6), (20, 6))
    _, written, _ = run(capsys, "convert", line, "--to", fmt)
    path = tmp_path / f"marks.{fmt}"
    path.write_text(written)
    back = list(read_puzzles(path))
    assert len(back) == 1 and back[0].puzzle is not None
    assert pencil_masks(back[0].puzzle) is not None
    assert back[0].puzzle.board().cands == parse_puzzle(line).board().cands


@pytest.mark.parametrize("fmt", ["sdk", "ss"])
def test_givens_only_formats_refuse_pencil_marks(
    capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    code, out, err = run(capsys, "convert", seed_candidates((1, 2)), "--to", fmt)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "pencil marks" in err


def test_hodoku_library_line_with_removed_candidates() -> None:
    puzzle = parse_puzzle(f":0100:5:{SEED_LINE}:212 512 612:r1c2:5")
    assert pencil_masks(puzzle) is not None
    assert puzzle.board().cands[1] == 1 << 6  # only 7 left in r1c2
    assert puzzle.name == "HoDoKu 0100"


def test_hodoku_placed_digits_and_bad_lines() -> None:
    placed = SEED_LINE[:1] + "+2" + SEED_LINE[2:]
    assert parse_puzzle(f":0000:x:{placed}:::").givens[1] == 2
    with pytest.raises(ParseError, match="80 cells, not 81"):
        parse_puzzle(f":0000:x:{SEED_LINE[:80]}:::")
    with pytest.raises(ParseError, match="'9x9' is not digit, row, column"):
        parse_puzzle(f":0000:x:{SEED_LINE}:9x9::")


def test_sadman_sdk_sections_and_sdx_placed_digits(tmp_path: Path) -> None:
    rows = [SEED_LINE[i : i + 9] for i in range(0, 81, 9)]
    sdk = tmp_path / "p.sdk"
    sdk.write_text("#ARuud\n#Da test\n[Puzzle]\n" + "\n".join(rows)
                   + "\n[State]\n" + "\n".join(["1" * 9] * 9) + "\n")
    entries = list(read_puzzles(sdk))
    assert len(entries) == 1 and entries[0].puzzle is not None
    assert entries[0].puzzle.line() == SEED_LINE
    sdx_rows = [" ".join(ch if ch != "." else "123456789" for ch in row) for row in rows]
    sdx_rows[0] = sdx_rows[0].replace("123456789", "u2", 1)  # r1c2 placed by the solver
    sdx = tmp_path / "p.sdx"
    sdx.write_text("\n".join(sdx_rows) + "\n")
    (entry,) = read_puzzles(sdx)
    assert entry.puzzle is not None and entry.puzzle.givens[1] == 2


def test_sudokupad_payloads_keep_regions_cages_and_title() -> None:
    from yass.formats.exchange import write
    from yass.formats.fpuzzles import read_link

    obj = {
        "size": 9, "givens": SEED_LINE, "name": "Seed", "author": "yass",
        "constraints": [{"type": "killer", "cells": ["r1c2", "r1c4"], "sum": 7}],
    }
    for fmt in ("scl", "ctc"):
        link = write(obj, fmt)
        assert link.startswith(f"https://sudokupad.app/{fmt}")
        back = read_link(link)
        assert back["givens"] == SEED_LINE and back["name"] == "Seed"
        assert back["constraints"] == obj["constraints"]
        bare = read_link(link.removeprefix("https://sudokupad.app/"))  # the payload alone
        assert bare == back


def test_sudokupad_irregular_regions_round_trip() -> None:
    from yass.formats.exchange import write
    from yass.formats.fpuzzles import read_link

    # a 4x4 whose regions are the rows shifted: not the standard 2x2 boxes
    regions = [["r1c1", "r1c2", "r2c1", "r2c2"], ["r1c3", "r1c4", "r2c3", "r2c4"],
               ["r3c1", "r3c2", "r4c1", "r4c2"], ["r3c3", "r3c4", "r4c3", "r4c4"]]
    odd = [["r1c1", "r1c2", "r1c3", "r2c1"], ["r1c4", "r2c2", "r2c3", "r2c4"],
           ["r3c1", "r4c1", "r4c2", "r3c2"], ["r3c3", "r3c4", "r4c3", "r4c4"]]
    for regs, kept in ((regions, False), (odd, True)):
        obj = {"size": 4, "givens": "1...............",
               "constraints": [{"type": "regions", "regions": regs}]}
        back = read_link(write(obj, "scl"))
        assert ("constraints" in back) == kept
        if kept:
            got = sorted(sorted(r) for r in back["constraints"][0]["regions"])
            assert got == sorted(sorted(r) for r in odd)


def test_sudokupad_refusals_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "solve", "https://sudokupad.app/abc123xyz")
    assert code == 2 and err.count("\n") == 1 and "does not fetch" in err
    code, _, err = run(capsys, "solve", "https://sudokupad.app/sclAAAAAAAAAAAAAAAAAAAAAAAA")
    assert code == 2 and err.count("\n") == 1 and "SudokuPad payload" in err


@pytest.mark.parametrize(
    ("link", "words"),
    [("https://swaroopg92.github.io/penpa-edit/?m=solve&p=7VRNb9swDL3nVwQ6", "penpa-edit"),
     ("https://logic-masters.de/Raetselportal/Raetsel/zeigen.php?id=000ABC", "network")],
)
def test_other_sites_links_are_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], link: str, words: str
) -> None:
    code, out, err = run(capsys, "check", link)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and words in err


def test_simplesudoku_ss_picture() -> None:
    rows = [SEED_LINE[i : i + 9] for i in range(0, 81, 9)]
    lines = ["*-----------*"]
    for r, row in enumerate(rows):
        if r in (3, 6):
            lines.append("|---+---+---|")
        lines.append(f"|{row[:3]}|{row[3:6]}|{row[6:]}|")
    lines.append("*-----------*")
    assert parse_puzzle("\n".join(lines)).line() == SEED_LINE


# -- issue 26 item 11: wrong characters, undocumented sizes -------------------------------


@pytest.mark.parametrize(
    ("arg", "char"),
    [("x" * 81, "x"), ("\u0664" * 81, "\u0664"), ("\uff14" * 81, "\uff14"),
     ("\U0001f600" * 81, "\U0001f600"), (SEED_PUZZLE[:40] + "x" + SEED_PUZZLE[41:], "x")],
)
def test_wrong_characters_are_named_not_read_as_a_file(
    capsys: pytest.CaptureFixture[str], arg: str, char: str
) -> None:
    code, out, err = run(capsys, "solve", arg)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "no such file" not in err and "too long" not in err
    assert f"{char!r} is not a digit or blank" in err
    assert "character" in err


def test_a_100_character_line_is_not_a_10x10_grid(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", "." * 100)
    assert (code, out) == (2, "")
    assert "100 cells" in err and "not from a line" in err and err.count("\n") == 1
