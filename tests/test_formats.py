"""Reading puzzles: lines, pictures, files, JSON; and the errors bad input gives."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from conftest import SEED_INPUT_PICTURE, SEED_PUZZLE, variant_entries
from yass import render
from yass.constraints import REGISTRY, AntiKing, AntiKnight, Regions
from yass.core.board import ConflictError
from yass.core.geometry import LayoutError, PuzzleError
from yass.formats import (
    ParseError,
    parse_puzzle,
    puzzle_from_json,
    puzzle_to_json,
    read_json_text,
    read_puzzles,
    solution_from_json,
)

# The example's input picture as it was first given (indented, a trailing space on row 1).
SEED_PICTURE = "".join(
    f"    {row}{' ' if i == 1 else ''}\n" for i, row in enumerate(SEED_INPUT_PICTURE.splitlines())
)

PLAIN_SPACED = """\
4 . 9 | . 1 . | 8 . 3
. . . | . . 9 | 2 4 .
. . . | . . . | . . 1
------+-------+------
3 9 . | 2 7 4 | 6 . .
. . . | . 5 . | . . .
. . 2 | 1 6 3 | . 5 9
------+-------+------
5 . . | . . . | . . .
. 1 3 | 6 . . | . . .
9 . 8 | . 2 . | 1 . 7
"""

SEED_DIGITS = tuple(int(ch) for ch in SEED_PUZZLE)


# -- lines ---------------------------------------------------------------------------------


def test_seed_line() -> None:
    p = parse_puzzle(SEED_PUZZLE)
    assert p.size == 9
    assert p.givens == SEED_DIGITS
    assert p.line() == SEED_PUZZLE.replace("0", ".")


def test_dots_and_zeros_and_spaces_are_the_same() -> None:
    dotted = SEED_PUZZLE.replace("0", ".")
    grouped = " ".join(SEED_PUZZLE[i : i + 9] for i in range(0, 81, 9))
    assert parse_puzzle(dotted) == parse_puzzle(SEED_PUZZLE) == parse_puzzle(grouped)


@pytest.mark.parametrize(
    ("size", "box"), [(4, (2, 2)), (6, (2, 3)), (8, (2, 4)), (9, (3, 3)), (16, (4, 4))]
)
def test_size_from_length(size: int, box: tuple[int, int]) -> None:
    p = parse_puzzle("." * (size * size))
    assert p.size == size
    assert (p.layout.box_rows, p.layout.box_cols) == box
    assert p.givens == (0,) * (size * size)


def test_sixteen_uses_letters() -> None:
    first_row = "123456789ABCDEFG"
    p = parse_puzzle(first_row.lower() + "." * 240)
    assert p.givens[:16] == tuple(range(1, 17))
    assert p.line().startswith(first_row)


def test_four_by_four_givens() -> None:
    p = parse_puzzle("1..." "..2." ".3.." "...4")
    assert p.givens == (1, 0, 0, 0, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 4)


def test_six_by_six_boxes() -> None:
    p = parse_puzzle("123456" + "." * 30)
    assert [h.name for h in p.layout.houses if p.layout.houses[0].cells[0] in h.cells] == [
        "row 1",
        "column 1",
        "box 1",
    ]
    box1 = next(h for h in p.layout.houses if h.name == "box 1")
    assert box1.cells == (0, 1, 2, 6, 7, 8)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (SEED_PUZZLE[:80], ["wrong length", "80"]),
        (SEED_PUZZLE + "1", ["wrong length", "82"]),
        (SEED_PUZZLE[:11] + "x" + SEED_PUZZLE[12:], ["character 12 'x'", "not a digit or blank"]),
        ("4A" + SEED_PUZZLE[2:], ["'A' at r1c2", "too large for a 9x9 grid"]),
        ("5" + "." * 15, []),  # '5' in a 4x4 grid
        ("", ["empty"]),
    ],
)
def test_line_errors(text: str, words: list[str]) -> None:
    with pytest.raises(ParseError) as info:
        parse_puzzle(text)
    message = str(info.value)
    assert "\n" not in message
    for word in words:
        assert word in message
    if text.startswith("5"):
        assert message == "'5' at r1c1 is too large for a 4x4 grid"


def test_size_insisted_on() -> None:
    with pytest.raises(ParseError, match="a 4x4 puzzle line has 16"):
        parse_puzzle(SEED_PUZZLE, size=4)
    assert parse_puzzle("." * 16, size=4).size == 4


def test_size_without_boxes_needs_regions() -> None:
    with pytest.raises(ParseError, match="25 cells make a 5x5 grid, which has no standard boxes"):
        parse_puzzle("." * 25)
    with pytest.raises(ParseError, match="9 cells make a 3x3 grid"):
        parse_puzzle("4.9.1.8.3")
    # with regions of its own (cell r,c in region (r + 2c) mod 5), 5x5 is fine
    regions = Regions([[r * 5 + c for r in range(5) for c in range(5) if (r + 2 * c) % 5 == k]
                       for k in range(5)])
    p = parse_puzzle("1" + "." * 24, constraints=[regions])
    assert p.size == 5 and p.givens[0] == 1
    assert [h.kind for h in p.layout.houses].count("region") == 5


def test_clashing_givens_are_found_when_parsing() -> None:
    text = "44" + SEED_PUZZLE[2:]
    with pytest.raises(ConflictError) as info:
        parse_puzzle(text)
    assert "r1c1" in str(info.value) and "r1c2" in str(info.value)
    assert "row 1" in str(info.value)
    assert parse_puzzle(text, check=False).givens[:2] == (4, 4)


def test_rules_are_added() -> None:
    p = parse_puzzle("." * 81, rules="anti-knight, antiking")
    assert p.layout.constraints == (AntiKnight(), AntiKing())
    # r1c3=4 and r2c5=4 are a knight's move apart
    clash = "..4" + "." * 10 + "4" + "." * 67
    parse_puzzle(clash)
    with pytest.raises(ConflictError, match="anti-knight"):
        parse_puzzle(clash, rules="antiknight")
    with pytest.raises(LayoutError, match="unknown rule 'bogus'"):
        parse_puzzle(SEED_PUZZLE, rules="bogus")


# -- pictures ------------------------------------------------------------------------------


def test_seed_picture() -> None:
    assert parse_puzzle(SEED_PICTURE).givens == SEED_DIGITS


def test_seed_picture_with_trailing_spaces_trimmed() -> None:
    trimmed = "\n".join(line.rstrip() for line in SEED_PICTURE.splitlines())
    assert parse_puzzle(trimmed).givens == SEED_DIGITS
    # with no right border and trailing spaces trimmed, blanks at the end are implied
    open_right = "\n".join(line.rstrip()[:-1].rstrip() for line in SEED_PICTURE.splitlines())
    assert "│   │ 5 │\n" in open_right
    assert parse_puzzle(open_right).givens == SEED_DIGITS


def test_plain_pictures() -> None:
    assert parse_puzzle(PLAIN_SPACED).givens == SEED_DIGITS
    rows = [SEED_PUZZLE[i : i + 9].replace("0", ".") for i in range(0, 81, 9)]
    assert parse_puzzle("\n".join(rows)).givens == SEED_DIGITS
    ascii_boxed = "\n".join(
        ["+---+---+---+"] + ["|" + r[:3] + "|" + r[3:6] + "|" + r[6:] + "|" for r in rows]
    )
    assert parse_puzzle(ascii_boxed).givens == SEED_DIGITS


def test_empty_boxed_picture() -> None:
    rows = ["┌──┬──┐", "│  │  │", "│  │  │", "├──┼──┤", "│  │  │", "│ 3│  │", "└──┴──┘"]
    p = parse_puzzle("\n".join(rows))
    assert p.size == 4
    assert p.givens == (0,) * 13 + (3, 0, 0)


def test_picture_errors() -> None:
    bad_char = SEED_PICTURE.replace("│39 │", "│3x │")
    with pytest.raises(ParseError, match=r"line 6, character 7 'x' is not a digit or blank"):
        parse_puzzle(bad_char)
    short = "\n".join(PLAIN_SPACED.splitlines()[:-1])
    with pytest.raises(ParseError, match="the picture has 8 rows of 9 cells"):
        parse_puzzle(short)
    one_row_long = PLAIN_SPACED.replace("5 . . |", "5 . . 1 |")
    with pytest.raises(ParseError, match="line 9 has 10 cells"):
        parse_puzzle(one_row_long)
    misaligned = SEED_PICTURE.replace("│5  │", "│5  1│")
    with pytest.raises(ParseError, match="line 10, character 9 '1': the column borders of"):
        parse_puzzle(misaligned)


# -- files -----------------------------------------------------------------------------------


def test_read_puzzles_skips_comments_and_keeps_going(tmp_path: Path) -> None:
    f = tmp_path / "puzzles.txt"
    f.write_text(
        "# a comment\n\n"
        + SEED_PUZZLE
        + "\n"
        + "12x" + "." * 78 + "\n"
        + "   \n"
        + "1" + "." * 15 + "\n"
    )
    entries = list(read_puzzles(f))
    assert [e.line for e in entries] == [3, 4, 6]
    assert [e.index for e in entries] == [1, 2, 3]
    assert entries[0].puzzle is not None and entries[0].puzzle.givens == SEED_DIGITS
    assert entries[1].puzzle is None and isinstance(entries[1].error, ParseError)
    assert entries[1].message == f"{f} line 4: character 3 'x' is not a digit or blank"
    assert entries[2].puzzle is not None and entries[2].puzzle.size == 4


def test_read_puzzles_from_a_stream() -> None:
    entries = list(read_puzzles(io.StringIO(SEED_PUZZLE + "\n" + SEED_PUZZLE + "\n")))
    assert len(entries) == 2
    assert all(e.puzzle is not None and e.puzzle.givens == SEED_DIGITS for e in entries)


class _CountingStream(io.StringIO):
    """An endless stream of puzzle lines that counts how many were read."""

    def __init__(self) -> None:
        super().__init__()
        self.read_lines = 0

    def __iter__(self) -> Iterator[str]:  # type: ignore[override]
        return self

    def __next__(self) -> str:  # type: ignore[override]
        self.read_lines += 1
        return SEED_PUZZLE + "\n"

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        return next(self)


def test_read_puzzles_streams() -> None:
    stream = _CountingStream()
    entries = read_puzzles(stream)
    for _ in range(3):
        assert next(entries).puzzle is not None
    assert stream.read_lines <= 4


def test_picture_file(tmp_path: Path) -> None:
    f = tmp_path / "seed.txt"
    f.write_text(SEED_PICTURE)
    (entry,) = read_puzzles(f)
    assert entry.puzzle is not None and entry.puzzle.givens == SEED_DIGITS


def test_file_of_pictures_and_bands(tmp_path: Path) -> None:
    banded = PLAIN_SPACED.replace("------+-------+------\n", "\n")
    f = tmp_path / "pictures.txt"
    f.write_text(SEED_PICTURE + "\n" + banded + "\n\n" + SEED_PICTURE)
    entries = list(read_puzzles(f))
    assert len(entries) == 3
    assert all(e.puzzle is not None and e.puzzle.givens == SEED_DIGITS for e in entries)


def test_missing_file() -> None:
    with pytest.raises(ParseError, match=r"cannot read 'no/such/file\.txt': no such file"):
        list(read_puzzles("no/such/file.txt"))


# -- JSON ------------------------------------------------------------------------------------


def _supported(entry: dict[str, Any]) -> bool:
    return all(c["type"] in REGISTRY for c in entry["constraints"])


ENTRIES = variant_entries(multi_cell=True)


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"][:40] for e in ENTRIES])
def test_json_round_trip(entry: dict[str, Any]) -> None:
    if not _supported(entry):
        with pytest.raises(LayoutError) as info:
            puzzle_from_json(entry)
        assert "does not support" in str(info.value)
        assert "\n" not in str(info.value)
        return
    puzzle = puzzle_from_json(entry)
    assert puzzle.size == entry["size"]
    assert puzzle.line() == entry["givens"]
    assert len(puzzle.layout.constraints) == len(entry["constraints"])
    solution = solution_from_json(entry, puzzle.size)
    assert solution is not None
    # the published solution obeys the rules as read, and keeps the givens
    assert puzzle.layout.violations(solution) == []
    assert all(g in (0, v) for g, v in zip(puzzle.givens, solution, strict=True))
    obj = puzzle_to_json(puzzle, solution)
    assert obj["solution"] == entry["solution"]
    again = puzzle_from_json(json.loads(json.dumps(obj)))
    assert again == puzzle
    assert again.layout == puzzle.layout
    assert again.name == entry["name"]


def test_json_supported_share() -> None:
    supported = [e for e in ENTRIES if _supported(e)]
    assert len(supported) >= 25


def _miracle() -> dict[str, Any]:
    return next(e for e in ENTRIES if e["name"].startswith("The Miracle Sudoku"))


def test_json_rules_are_added() -> None:
    plain = {"size": 9, "givens": _miracle()["givens"]}
    p = puzzle_from_json(plain, rules="miracle")
    assert len(p.layout.constraints) == 3
    assert p.layout.violations(solution_from_json(_miracle(), 9) or ()) == []


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"size": 9, "givens": "...', ["malformed JSON", "line 1, column"]),
        ('{\n  "size": 9,\n  "givens": 5\n  }', ["'givens' must be a string"]),
        ("[1, 2]", ["puzzle 1", "must be a JSON object"]),
        ('{"size": 99, "givens": ""}', ["'size' must be a whole number from 1 to 16"]),
        (
            '{"size": 4, "givens": "' + "." * 16 + '", "constraints": [{"type": "clock"}]}',
            ["constraint 1", "'clock'", "does not support"],
        ),
        (
            '{"size": 4, "givens": "' + "." * 16
            + '", "constraints": [{"type": "odd", "cells": ["r5c1"]}]}',
            ["constraint 1 (odd)", "r5c1", "outside the 4x4 grid"],
        ),
        (
            '{"size": 4, "givens": "' + "." * 16 + '", "constraints": {"type": "odd"}}',
            ["'constraints' must be a list"],
        ),
        ('{"size": 4, "givens": "' + "." * 15 + '"}', ["'givens'", "wrong length"]),
    ],
)
def test_json_errors(text: str, words: list[str]) -> None:
    with pytest.raises(PuzzleError) as info:
        for entry in read_json_text(text, "x.json"):
            if entry.error is not None:
                raise entry.error.__class__(entry.message)
    message = str(info.value)
    assert "\n" not in message
    for word in words:
        assert word in message


def test_json_malformed_multiline_names_line_and_column() -> None:
    with pytest.raises(ParseError, match=r"x\.json: malformed JSON at line 3, column 3"):
        list(read_json_text('{\n  "size": 9,\n  ]', "x.json"))


def test_json_list_keeps_going(tmp_path: Path) -> None:
    good = {"size": 4, "givens": "1" + "." * 15, "name": "one"}
    bad = {"size": 4, "givens": "1" + "." * 15, "constraints": [{"type": "clock"}]}
    f = tmp_path / "list.json"
    f.write_text(json.dumps([good, bad, good]))
    entries = list(read_puzzles(f))
    assert [e.error is None for e in entries] == [True, False, True]
    assert entries[1].message.startswith(f"{f} puzzle 2: constraint 1 has type 'clock'")
    assert entries[0].puzzle is not None and entries[0].puzzle.name == "one"


def test_json_detected_by_content() -> None:
    good = {"size": 4, "givens": "1" + "." * 15}
    (entry,) = read_puzzles(io.StringIO(json.dumps(good)))
    assert entry.puzzle is not None and entry.puzzle.size == 4


# -- round trips (Hypothesis) -------------------------------------------------------------------


@st.composite
def givens_strategy(draw: st.DrawFn) -> tuple[int, tuple[int, ...]]:
    size = draw(st.sampled_from([4, 9, 16]))
    cells = draw(
        st.lists(
            st.integers(min_value=0, max_value=size), min_size=size * size, max_size=size * size
        )
    )
    return size, tuple(cells)


@settings(max_examples=60, deadline=None)
@given(givens_strategy())
def test_line_round_trip(case: tuple[int, tuple[int, ...]]) -> None:
    size, cells = case
    p = parse_puzzle("".join("." if v == 0 else "123456789ABCDEFG"[v - 1] for v in cells),
                     check=False)
    assert p.size == size
    assert p.givens == cells
    assert parse_puzzle(p.line(), check=False) == p


@settings(max_examples=60, deadline=None)
@given(givens_strategy())
@example((4, (0, 1, 0, 3, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0)))  # read as pencil marks once
@example((4, (0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1)))
def test_picture_round_trip(case: tuple[int, tuple[int, ...]]) -> None:
    size, cells = case
    p = parse_puzzle("." * (size * size), check=False)
    picture = render.grid(cells, p.layout)
    back = parse_puzzle(picture, check=False)
    assert back.size == size
    assert back.givens == cells
