"""f-puzzles and SudokuPad links: reading them, writing them, round trips and bad input."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from conftest import SEED_PUZZLE, variant_entries
from yass.cli.commands import main
from yass.constraints import REGISTRY
from yass.core.bounds import BoundReached, Bounds
from yass.core.geometry import PuzzleError
from yass.engine.batch import verify
from yass.formats import parse_puzzle, read_puzzles
from yass.formats.fpuzzles import (
    FPUZZLES_PREFIX,
    SUDOKUPAD_PREFIX,
    decode_payload,
    encode_payload,
    fpuzzles_to_json,
    json_to_fpuzzles,
    link_payload,
    looks_like_link,
    read_link,
    to_link,
)
from yass.formats.text import ParseError

SEED_DOTS = SEED_PUZZLE.replace("0", ".")
SEED_SOLUTION = "429516873851739246637482591395274618164958732782163459576891324213647985948325167"

ENTRIES = variant_entries(multi_cell=True)
LINKED = [e for e in ENTRIES if e.get("fpuzzles_lzbase64")]


def _id(entry: dict[str, Any]) -> str:
    return str(entry["name"])[:40]


def normalised(obj: dict[str, Any]) -> list[str]:
    """A puzzle's rules in a canonical order and form, defaults filled in and information
    fields (``note``) dropped; one-cell marks (odd, even, minimum, maximum) merged by type,
    a little killer as its cells and sum (its clue and direction follow from the cells)."""
    n = obj["size"]
    defaults: dict[str, dict[str, Any]] = {
        "difference": {"value": 1},
        "ratio": {"value": 2},
        "whispers": {"value": (n + 1) // 2},
        "lockout_line": {"value": n // 2},
        "diagonal": {"direction": "main"},
        "killer": {"sum": None},
    }
    out: list[str] = []
    marks: dict[str, set[str]] = {}
    for rule in obj["constraints"]:
        rule = {k: v for k, v in rule.items() if k != "note"}
        kind = rule["type"]
        if kind in ("odd", "even", "minimum", "maximum"):
            marks.setdefault(kind, set()).update(rule["cells"])
            continue
        rule = {**defaults.get(kind, {}), **rule}
        if kind == "regions":
            rule["regions"] = sorted(sorted(r) for r in rule["regions"])
        if kind == "little_killer":
            rule = {"type": kind, "cells": rule["cells"], "sum": rule["sum"]}
        out.append(json.dumps(rule, sort_keys=True))
    out += [json.dumps({"type": k, "cells": sorted(v)}) for k, v in marks.items()]
    return sorted(out)


def same_puzzle(got: dict[str, Any], want: dict[str, Any]) -> None:
    assert got["size"] == want["size"]
    assert got["givens"] == want["givens"]
    assert normalised(got) == normalised(want)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- the corpus: every f-puzzles payload reads as the puzzle's JSON -------------------------


def test_the_corpus_has_its_payloads() -> None:
    assert len(LINKED) == 25


@pytest.mark.parametrize("entry", LINKED, ids=_id)
def test_payload_converts_to_the_puzzles_json(entry: dict[str, Any]) -> None:
    got = read_link(entry["fpuzzles_lzbase64"])
    same_puzzle(got, entry)


@pytest.mark.parametrize("entry", LINKED, ids=_id)
def test_every_link_form_reads_the_same(entry: dict[str, Any]) -> None:
    payload = entry["fpuzzles_lzbase64"]
    want = read_link(payload)
    encoded = payload.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    forms = [
        FPUZZLES_PREFIX + payload,
        "http://f-puzzles.com/?load=" + payload,
        "www.f-puzzles.com/?load=" + payload + "&other=1",
        SUDOKUPAD_PREFIX + payload,
        "https://sudokupad.app/fpuz" + encoded,
        "https://sudokupad.app/sudoku/fpuzzles" + payload,
        "https://sudokupad.app/?puzzleid=fpuzzles" + encoded,
        "https://app.crackingthecryptic.com/sudoku/fpuzzles" + payload,
        "fpuzzles" + payload,
        "  " + payload + "\n",
        # a '+' read as a space on the way (a link pasted through a form)
        FPUZZLES_PREFIX + payload.replace("+", " "),
    ]
    for form in forms:
        assert looks_like_link(form), form[:50]
        assert read_link(form) == want, form[:50]


@pytest.mark.parametrize("entry", LINKED, ids=_id)
def test_linked_puzzle_solves_to_the_published_solution(entry: dict[str, Any]) -> None:
    kinds = {c["type"] for c in entry["constraints"]}
    if not kinds <= set(REGISTRY):
        pytest.skip(f"yass does not implement {sorted(kinds - set(REGISTRY))} yet")
    from yass.engine import fast

    puzzle = parse_puzzle(FPUZZLES_PREFIX + entry["fpuzzles_lzbase64"])
    published = tuple(int(ch, 17) for ch in entry["solution"])
    assert verify(puzzle, published) is None  # the rules read accept the published solution
    try:
        count, solution = fast.search(puzzle, 2, Bounds(timeout=10))
    except BoundReached:
        pytest.skip("the search takes longer than 10 s on this rule set (checked above)")
    assert count == 1
    assert solution == published


def test_entries_of_a_file_of_links_carry_the_published_solution(tmp_path: Path) -> None:
    entry = next(e for e in LINKED if e["name"] == "Jumbled Joy")  # its payload has one
    path = tmp_path / "links.txt"
    path.write_text(f"# two links\n{FPUZZLES_PREFIX}{entry['fpuzzles_lzbase64']}\n\n"
                    f"{SEED_PUZZLE}\nhttps://f-puzzles.com/?id=abc\n")
    got = list(read_puzzles(path))
    assert [e.line for e in got] == [2, 4, 5]
    assert got[0].puzzle is not None and got[0].puzzle.name == "Jumbled Joy"
    assert got[0].solution == tuple(int(ch) for ch in entry["solution"])
    assert got[1].puzzle is not None and got[1].puzzle.line() == SEED_DOTS
    assert got[2].puzzle is None and "short link" in got[2].message
    assert got[2].message.startswith(f"{path} line 5: ")


def test_read_puzzles_takes_a_link_in_place_of_a_file() -> None:
    entry = next(e for e in LINKED if e["name"] == "Peak Sudoku")
    (got,) = list(read_puzzles(SUDOKUPAD_PREFIX + entry["fpuzzles_lzbase64"]))
    assert got.puzzle is not None and got.puzzle.size == 4
    assert got.puzzle.name == "Peak Sudoku"


# -- round trips -------------------------------------------------------------------------


#: Rules f-puzzles has no form for: their puzzles have no link.
NO_LINK = {"self_taxicab"}
ROUND_TRIP = [e for e in ENTRIES if not {c["type"] for c in e["constraints"]} & NO_LINK]


def test_a_rule_without_an_f_puzzles_form_is_one_clear_error() -> None:
    entry = next(e for e in ENTRIES if {c["type"] for c in e["constraints"]} & NO_LINK)
    with pytest.raises(ParseError, match="has no f-puzzles form"):
        to_link(entry)


@pytest.mark.parametrize("entry", ROUND_TRIP, ids=_id)
def test_round_trip_keeps_every_rule_given_and_solution(entry: dict[str, Any]) -> None:
    link = to_link(entry)
    assert link.startswith(FPUZZLES_PREFIX)
    back = read_link(link)
    same_puzzle(back, entry)
    assert back.get("solution") == entry.get("solution")
    assert back.get("name") == entry["name"]
    assert read_link(to_link(back)) == back  # and it is stable from there on


@pytest.mark.parametrize("entry", LINKED, ids=_id)
def test_fpuzzles_to_yass_to_fpuzzles_keeps_the_rules(entry: dict[str, Any]) -> None:
    first = read_link(entry["fpuzzles_lzbase64"])
    again = fpuzzles_to_json(json_to_fpuzzles(first))
    same_puzzle(again, first)


def test_payload_is_lz_string_as_javascript_writes_it() -> None:
    # made by lz-string 1.5.0 (JavaScript): JSON.stringify then compressToBase64; the
    # emoji is two UTF-16 code units there
    js = "N4IgLglmA2CmIC4SF4NwAHsAJYFsD2ArCdAS5AF8g==="
    assert encode_payload({"title": "\U0001F600 emoji é"}) == js
    assert decode_payload(js) == {"title": "\U0001F600 emoji é"}


def test_seed_puzzle_link_round_trip() -> None:
    link = to_link({"size": 9, "givens": SEED_PUZZLE, "constraints": []})
    data = decode_payload(link_payload(link))
    assert data["size"] == 9 and "negative" not in data
    assert data["grid"][0][0] == {"value": 4, "given": True}
    assert data["grid"][0][1] == {}
    assert parse_puzzle(link).line() == SEED_DOTS


def test_regions_are_written_only_when_they_are_not_the_boxes() -> None:
    jigsaw = next(e for e in ENTRIES if any(c["type"] == "regions" for c in e["constraints"])
                  and e["size"] == 9)
    data = json_to_fpuzzles(jigsaw)
    assert all("region" in cell for row in data["grid"] for cell in row)
    plain = json_to_fpuzzles({"size": 9, "givens": SEED_PUZZLE})
    assert not any("region" in cell for row in plain["grid"] for cell in row)


def test_pill_arrow_is_drawn_from_the_circle_cell_next_to_its_line() -> None:
    obj = {"size": 9, "givens": "." * 81, "constraints": [
        {"type": "arrow", "circle": ["r1c1", "r1c2"], "line": ["r2c3", "r3c4"]}]}
    data = json_to_fpuzzles(obj)
    assert data["arrow"] == [{"lines": [["R1C2", "R2C3", "R3C4"]], "cells": ["R1C1", "R1C2"]}]
    assert read_link(to_link(obj))["constraints"] == obj["constraints"]


def test_solution_link_fills_in_the_digits(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", SEED_PUZZLE, "--format", "fpuzzles")
    assert (code, err) == (0, "")
    link = out.strip()
    assert link.startswith(FPUZZLES_PREFIX) and "\n" not in link
    data = decode_payload(link_payload(link))
    cells = [cell for row in data["grid"] for cell in row]
    assert "".join(str(c["value"]) for c in cells) == SEED_SOLUTION
    givens = "".join(str(c["value"]) if c.get("given") else "0" for c in cells)
    assert givens == SEED_PUZZLE
    assert data["solution"] == [int(ch) for ch in SEED_SOLUTION]
    # read back, the link is the puzzle (its givens), with its solution
    (entry,) = list(read_puzzles(io.StringIO(link + "\n")))
    assert entry.puzzle is not None and entry.puzzle.line() == SEED_DOTS
    assert entry.solution == tuple(int(ch) for ch in SEED_SOLUTION)


def test_solve_with_rules_prints_a_link_with_the_rules(
    capsys: pytest.CaptureFixture[str],
) -> None:
    entry = next(e for e in LINKED if e["name"] == "Peak Sudoku")
    code, out, _ = run(capsys, "solve", entry["fpuzzles_lzbase64"], "--format", "fpuzzles")
    assert code == 0
    back = read_link(out.strip())
    same_puzzle(back, entry)
    assert back["solution"] == entry["solution"]


# -- yass convert ---------------------------------------------------------------------------


def test_convert_to_json_and_back(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    entry = next(e for e in LINKED if e["name"] == "Blitz")
    code, out, err = run(capsys, "convert", entry["fpuzzles_lzbase64"], "--to", "json")
    assert (code, err) == (0, "")
    obj = json.loads(out)
    same_puzzle(obj, entry)
    assert (obj["name"], obj["author"]) == ("Blitz", "Patrick")
    path = tmp_path / "blitz.json"
    path.write_text(out)
    code, out, err = run(capsys, "convert", str(path))
    assert (code, err) == (0, "")
    same_puzzle(read_link(out.strip()), entry)
    code, out, err = run(capsys, "convert", str(path), "--to", "sudokupad")
    assert code == 0 and out.startswith(SUDOKUPAD_PREFIX)
    same_puzzle(read_link(out.strip()), entry)


def test_convert_several_puzzles_to_json_is_a_list_yass_reads(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    links = [FPUZZLES_PREFIX + e["fpuzzles_lzbase64"] for e in LINKED[:3]]
    source = tmp_path / "links.txt"
    source.write_text("\n".join(links) + "\n")
    code, out, err = run(capsys, "convert", str(source), SEED_PUZZLE, "--to", "json")
    assert (code, err) == (0, "")
    items = json.loads(out)
    assert len(items) == 4
    for item, entry in zip(items, LINKED[:3], strict=False):
        same_puzzle(item, entry)
    assert items[3] == {"size": 9, "givens": SEED_DOTS, "constraints": []}
    target = tmp_path / "all.json"
    target.write_text(out)
    assert [e.puzzle.name for e in read_puzzles(target) if e.puzzle] == [
        e["name"] for e in LINKED[:3]
    ] + [""]


def test_convert_an_fpuzzles_json_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    entry = next(e for e in LINKED if e["name"] == "Dotween")
    path = tmp_path / "dotween.json"
    path.write_text(json.dumps(decode_payload(entry["fpuzzles_lzbase64"])))
    code, out, err = run(capsys, "convert", str(path), "--to", "json")
    assert (code, err) == (0, "")
    same_puzzle(json.loads(out), entry)


def test_convert_to_line_warns_that_rules_are_left_out(
    capsys: pytest.CaptureFixture[str],
) -> None:
    entry = next(e for e in LINKED if e["name"] == "Entropic Lines 101")
    code, out, err = run(capsys, "convert", entry["fpuzzles_lzbase64"], "--to", "line")
    assert code == 0
    assert out == entry["givens"].replace(".", ".") + "\n"
    assert err == "yass: warning: a line holds only the givens; 7 rules left out" \
        " (--to json or fpuzzles keeps them)\n"


def test_convert_adds_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "convert", "." * 81, "--rules", "antiknight", "--to", "json")
    assert code == 0
    assert json.loads(out)["constraints"] == [{"type": "antiknight"}]
    code, out, _ = run(capsys, "convert", "." * 81, "--rules", "antiknight")
    assert decode_payload(link_payload(out.strip()))["antiknight"] is True


def test_cli_reads_links_as_puzzles(capsys: pytest.CaptureFixture[str]) -> None:
    link = to_link({"size": 9, "givens": SEED_PUZZLE})
    for form in (link, link_payload(link), "fpuzzles" + link_payload(link)):
        code, out, err = run(capsys, "solve", form, "--format", "line")
        assert (code, out, err) == (0, SEED_SOLUTION + "\n", "")


# -- bad input: one clear line, exit code 2 ---------------------------------------------------

GOOD = to_link({"size": 4, "givens": "1..." + "." * 12, "constraints": []})


def _payload(data: dict[str, Any]) -> str:
    return encode_payload(data)


def _grid(n: int) -> list[list[dict[str, Any]]]:
    return [[{} for _ in range(n)] for _ in range(n)]


BAD = [
    ("N4IgzglgXgpiBcBOANCA5gJwgEw", "does not decompress"),
    ("N4Ig!!", "'!' at character 5 is not lz-string base64"),
    (GOOD[: len(GOOD) // 2], "malformed f-puzzles payload"),
    ("https://www.f-puzzles.com/?id=qwerty", "short link"),
    ("https://www.f-puzzles.com/", "has no puzzle"),
    ("https://sudokupad.app/abc123", "short SudokuPad link"),
    ("https://sudokupad.app/sclN4IgAA", "malformed SudokuPad payload"),  # scl is read now
    ("https://example.com/puzzle", "is not an f-puzzles or SudokuPad link"),
    (_payload({"size": 9, "grid": _grid(9), "clock": [{"lines": [["R1C1"]]}]}),
     "f-puzzles rule 'clock' is not supported"),
    (_payload({"size": 9, "grid": _grid(9), "negative": ["difference"]}),
     "f-puzzles negative rule 'difference' is not supported"),
    (_payload({"size": 9, "grid": _grid(9), "killercage": [{"cells": ["R1C1", "R10C1"]}]}),
     "f-puzzles killercage 1: cell R10C1 is outside the 9x9 grid"),
    (_payload({"size": 9, "grid": _grid(9), "littlekillersum": [
        {"cell": "R3C3", "direction": "DR", "value": "5"}]}),
     "f-puzzles littlekillersum 1: clue cell R3C3 is inside the grid"),
    (_payload({"size": 9, "grid": _grid(9), "sandwichsum": [{"cell": "R0C12", "value": "5"}]}),
     "f-puzzles sandwichsum 1: cell R0C12 is outside the 9x9 grid"),
    (_payload({"size": 9, "grid": _grid(9), "thermometer": [{"lines": [["R1C1", "X9"]]}]}),
     "f-puzzles thermometer 1: 'X9' is not a cell"),
    (_payload({"size": 9, "grid": _grid(9), "xv": [{"cells": ["R1C1", "R1C2"], "value": "Q"}]}),
     "XV value 'Q' is not X or V"),
    (_payload({"size": 9, "grid": _grid(9), "killercage": [{"cells": ["R1C1"], "value": "a"}]}),
     "cage sum 'a' is not a whole number"),
    (_payload({"size": 40, "grid": []}), "'size' must be a whole number from 1 to 16"),
    (_payload({"size": 4, "grid": _grid(3)}), "'grid' must be 4 rows of 4 cells"),
    (_payload({"size": 4, "grid": [[{"value": 7, "given": True}, {}, {}, {}], *_grid(4)[1:]]}),
     "f-puzzles grid r1c1: given 7 is not a digit from 1 to 4"),
    (_payload({"size": 4, "grid": [[{"region": 0}] * 4] * 4}),
     "f-puzzles region 1 has 16 cells"),
    ("fpuzzles" + encode_payload({"size": 4}).replace("N4Ig", "NoRg", 1),
     "malformed f-puzzles payload"),
    ("fpuz" + encode_payload({"size": 4})[:4] + "A" * 40, "malformed f-puzzles payload"),
]


@pytest.mark.parametrize(("text", "message"), BAD, ids=[m for _, m in BAD])
def test_bad_link_is_one_clear_error(text: str, message: str) -> None:
    with pytest.raises(ParseError) as caught:
        read_link(text)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(("text", "message"), BAD, ids=[m for _, m in BAD])
@pytest.mark.parametrize("command", ["solve", "check", "convert"])
def test_bad_link_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    text: str,
    message: str,
    command: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, command, text)
    assert (code, out) == (2, "")
    assert err.startswith("yass: error: ") and err.count("\n") == 1
    assert message in err


def test_givens_that_break_a_rule_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    grid = _grid(9)
    grid[0][0] = {"value": 3, "given": True}
    grid[0][1] = {"value": 3, "given": True}
    link = FPUZZLES_PREFIX + _payload({"size": 9, "grid": grid})
    with pytest.raises(PuzzleError):
        parse_puzzle(link)
    code, out, err = run(capsys, "convert", link)
    assert (code, out) == (2, "")
    assert err.startswith("yass: error: ") and err.count("\n") == 1


def test_a_rule_without_an_fpuzzles_form_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    obj = {"size": 9, "givens": "." * 81, "constraints": [
        {"type": "xv", "cells": ["r1c1", "r1c2"], "sum": 7}]}
    with pytest.raises(ParseError, match=r"constraint 1 \(xv\): f-puzzles has X \(10\) and V"):
        to_link(obj)
    code, out, err = run(capsys, "convert", json.dumps(obj))
    assert (code, out) == (2, "")
    # (yass refuses the rule itself first: an X is 10 and a V is 5, issue 26)
    assert "constraint 1 (xv): 'sum' must be 5 or 10, not 7" in err and err.count("\n") == 1


def test_cosmetic_keys_are_ignored() -> None:
    data = {
        "size": 4, "grid": _grid(4), "title": "t", "author": "a", "ruleset": "r",
        "text": [{"cells": ["R1C1"], "value": "hi"}], "line": [{"lines": [["R1C1", "R1C2"]]}],
        "cage": [{"cells": ["R1C1"]}], "circle": [], "rectangle": [],
        "highlightConflicts": True, "disabledlogic": [], "truecandidatesoptions": ["colored"],
        "antiknight": False, "odd": [],
    }
    obj = fpuzzles_to_json(data)
    assert obj == {"name": "t", "author": "a", "ruleset": "r", "size": 4,
                   "givens": "." * 16, "constraints": []}


def test_given_pencil_marks_and_parity_cells() -> None:
    grid = _grid(4)
    grid[0][0] = {"givenPencilMarks": [1, 2], "centerPencilMarks": [3]}
    grid[1][1] = {"parity": "Odd"}
    grid[2][2] = {"value": 2}  # a solver's digit, not a given
    obj = fpuzzles_to_json({"size": 4, "grid": grid})
    assert obj["givens"] == "." * 16
    assert obj["constraints"] == [
        {"type": "odd", "cells": ["r2c2"]},
        {"type": "candidates", "cell": "r1c1", "digits": [1, 2]},
    ]
    assert json_to_fpuzzles(obj)["grid"][0][0] == {"givenPencilMarks": [1, 2]}


def test_fpuzzles_keys_map_to_yass_types() -> None:
    data = {
        "size": 4, "grid": _grid(4),
        "diagonal+": True, "diagonal-": True, "antiknight": True, "antiking": True,
        "disjointgroups": True, "nonconsecutive": True, "negative": ["ratio", "xv"],
        "extraregion": [{"cells": ["R1C1", "R2C2", "R3C3", "R4C4"]}],
        "columnindexer": [{"cells": ["R1C1", "R2C1"]}],
        "skyscraper": [{"cell": "R5C2", "value": "3"}],
        "xsum": [{"cell": "R2C5", "value": "7"}, {"cell": "R2C0", "value": ""}],
        "whispers": [{"lines": [["R1C1", "R1C2"]], "value": "1"}],
        "difference": [{"cells": ["R3C1", "R3C2"], "value": "3"}],
        "ratio": [{"cells": ["R4C1", "R4C2"]}],
        "entropicline": [{"lines": [["R1C1", "R1C2", "R1C3"], ["R2C1", "R2C2"]]}],
        "modularline": [{"lines": [["R3C3", "R3C4"]]}],
        "zipperline": [{"lines": [["R4C3", "R4C4"]]}],
        "minimum": [{"cell": "R1C4"}, {"cell": "R2C4"}],
        "killercage": [{"cells": ["R3C3", "R3C4"], "value": "7"}],
        "slowthermometer": [{"lines": [["R2C3", "R2C4"]]}],
    }
    assert fpuzzles_to_json(data)["constraints"] == [
        {"type": "diagonal", "direction": "anti"},
        {"type": "diagonal", "direction": "main"},
        {"type": "antiknight"},
        {"type": "antiking"},
        {"type": "disjoint_groups"},
        {"type": "nonconsecutive"},
        {"type": "kropki_negative_black"},
        {"type": "xv_negative"},
        {"type": "extra_region", "cells": ["r1c1", "r2c2", "r3c3", "r4c4"]},
        {"type": "column_indexer", "cells": ["r1c1", "r2c1"]},
        {"type": "skyscraper", "clue": "r5c2", "cells": ["r4c2", "r3c2", "r2c2", "r1c2"],
         "value": 3},
        {"type": "xsum", "clue": "r2c5", "cells": ["r2c4", "r2c3", "r2c2", "r2c1"], "sum": 7},
        {"type": "whispers", "cells": ["r1c1", "r1c2"], "value": 1},
        {"type": "difference", "cells": ["r3c1", "r3c2"], "value": 3},
        {"type": "ratio", "cells": ["r4c1", "r4c2"], "value": 2},
        {"type": "entropic_line", "cells": ["r1c1", "r1c2", "r1c3"]},
        {"type": "entropic_line", "cells": ["r2c1", "r2c2"]},
        {"type": "modular_line", "cells": ["r3c3", "r3c4"]},
        {"type": "zipper", "cells": ["r4c3", "r4c4"]},
        {"type": "killer", "cells": ["r3c3", "r3c4"], "sum": 7},
        {"type": "slow_thermo", "cells": ["r2c3", "r2c4"]},
        {"type": "minimum", "cells": ["r1c4", "r2c4"]},
    ]
    # and back: every one of them has its f-puzzles key again
    again = json_to_fpuzzles(fpuzzles_to_json(data))
    assert set(again) - {"line", "cage", "text", "circle"} == set(data)
    # with drawings of the rules f-puzzles does not draw itself, marked as such
    assert again["cage"] == [{"cells": ["R1C1", "R2C1"], "outlineC": "#C77C7C",
                              "fontC": "#000000", "fromConstraint": "Column Indexer"}]
    assert [t["value"] for t in again["text"]] == ["\u25ef", "7", "\u25af", "3"]
    assert sorted(line["fromConstraint"] for line in again["line"]) == [
        "Entropic Line", "Entropic Line", "Modular Line", "Slow Thermometer", "Whispers",
        "Zipper Line",
    ]
    assert again["circle"][0]["cells"] == ["R2C3"]  # the slow thermometer's bulb
    assert again["negative"] == ["ratio", "xv"]
    assert again["xsum"] == [{"cell": "R2C5", "value": "7"}]
    assert again["whispers"] == [{"lines": [["R1C1", "R1C2"]], "value": "1"}]
    assert again["difference"] == [{"cells": ["R3C1", "R3C2"], "value": "3"}]


def test_fpuzzles_keys_of_the_newer_rules() -> None:
    from yass.formats.variant_json import puzzle_from_json

    # as the solver plugins and SudokuPad write them: Rangsk's indexers and double arrows,
    # Memeristor's lockout lines, numbered rooms, a drawn cage valued DR5, no regions
    grid = _grid(6)
    for row in grid:
        for cell in row:
            cell["region"] = None
    data = {
        "size": 6, "grid": grid,
        "rowindexer": [{"cells": ["R1C1", "R1C2"]}],
        "boxindexer": [{"cells": ["R3C3"]}],
        "doublearrow": [{"lines": [["R2C1", "R2C2", "R2C3"]]}],
        "lockout": [{"lines": [["R4C1", "R4C2", "R4C3"]]}],
        "numberedroom": [{"cell": "R0C6", "value": "4"}],
        "cage": [{"cells": ["R6C1", "R6C2"], "value": "DR2"}, {"cells": ["R5C5"], "value": "x"}],
    }
    rules = fpuzzles_to_json(data)["constraints"]
    assert rules == [
        {"type": "latin_square"},
        {"type": "row_indexer", "cells": ["r1c1", "r1c2"]},
        {"type": "box_indexer", "cells": ["r3c3"]},
        {"type": "double_arrow", "cells": ["r2c1", "r2c2", "r2c3"]},
        {"type": "lockout_line", "cells": ["r4c1", "r4c2", "r4c3"]},
        {"type": "numbered_room", "clue": "r0c6",
         "cells": ["r1c6", "r2c6", "r3c6", "r4c6", "r5c6", "r6c6"], "value": 4},
        {"type": "multisum_killer", "cells": ["r6c1", "r6c2"], "root": 2},
    ]
    # a box indexer needs boxes, which a Latin square has not: one clear error
    with pytest.raises(PuzzleError, match="box indexer at r3c3 needs a box"):
        puzzle_from_json({"size": 6, "givens": "." * 36, "constraints": rules})
    del rules[2]
    obj = {"size": 6, "givens": "." * 36, "constraints": rules}
    again = json_to_fpuzzles(obj)
    assert all(cell["region"] is None for row in again["grid"] for cell in row)
    assert {"rowindexer", "doublearrow", "lockout", "numberedroom"} <= set(again)
    assert read_link(to_link(obj))["constraints"] == rules
    toroidal = {"size": 4, "givens": "." * 16, "constraints": [
        {"type": "toroidal"}, {"type": "difference", "cells": ["r1c1", "r1c4"], "value": 1}]}
    assert read_link(to_link(toroidal))["constraints"] == toroidal["constraints"]
    # SudokuPad's own format keeps a cage valued DR5 too
    from yass.formats.exchange import write

    cages = {"size": 9, "givens": "." * 81, "constraints": [
        {"type": "multisum_killer", "cells": ["r1c1", "r1c2"], "root": 5}]}
    assert read_link(write(cages, "scl"))["constraints"] == cages["constraints"]


@pytest.mark.parametrize("entry", ROUND_TRIP, ids=_id)
def test_solution_link_of_every_corpus_puzzle(entry: dict[str, Any]) -> None:
    from yass.formats.fpuzzles import solution_link
    from yass.formats.variant_json import puzzle_from_json

    kinds = {c["type"] for c in entry["constraints"]}
    if not kinds <= set(REGISTRY):
        pytest.skip(f"yass does not implement {sorted(kinds - set(REGISTRY))} yet")
    puzzle = puzzle_from_json(entry)
    solution = tuple(int(ch, 17) for ch in entry["solution"])
    back = read_link(solution_link(puzzle, solution))
    same_puzzle(back, entry)
    assert back["solution"] == entry["solution"]


def test_convert_warns_of_a_rule_fpuzzles_cannot_show(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "convert", "." * 81, "--rules", "diagonalnonconsecutive")
    assert code == 0
    assert err == "yass: warning: f-puzzles has no diagonal_nonconsecutive rule: the link" \
        " keeps it for yass, but f-puzzles and SudokuPad will not draw or check it\n"
    assert read_link(out.strip())["constraints"] == [{"type": "diagonal_nonconsecutive"}]


def test_solve_fpuzzles_format_refuses_steps(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", SEED_PUZZLE, "--format", "fpuzzles", "--steps")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "--steps and --techniques need" in err


def test_convert_goes_on_after_a_bad_puzzle(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "convert", "https://f-puzzles.com/?id=x", SEED_PUZZLE,
                         "missing.txt", "--to", "line")
    assert code == 2
    assert out == SEED_DOTS + "\n"
    lines = err.splitlines()
    assert len(lines) == 2
    assert "short link" in lines[0]
    assert lines[1] == "yass: error: cannot read 'missing.txt': no such file"


def test_convert_a_file_with_a_bad_line_names_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "links.txt"
    path.write_text(f"{to_link({'size': 9, 'givens': SEED_PUZZLE})}\nN4IgBAD\n")
    code, out, err = run(capsys, "convert", str(path), "--to", "line")
    assert code == 2
    assert out == SEED_DOTS + "\n"
    assert err == f"yass: error: {path} line 2: malformed f-puzzles payload: it does not" \
        " decompress (is the link cut short?)\n"


def test_a_file_starting_with_a_short_bad_payload_is_still_links(tmp_path: Path) -> None:
    path = tmp_path / "links.txt"
    path.write_text(f"N4IgBAD\n{to_link({'size': 9, 'givens': SEED_PUZZLE})}\n")
    first, second = read_puzzles(path)
    assert first.puzzle is None and "does not decompress" in first.message
    assert first.message.startswith(f"{path} line 1: ")
    assert second.puzzle is not None and second.puzzle.line() == SEED_DOTS


def test_a_success_message_is_no_rule() -> None:
    """f-puzzles keeps the text shown on a solve (``successMessage``) beside the rules;
    it is read past, like the title."""
    payload = encode_payload({"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)],
                              "successMessage": "Well done!", "antiknight": True})
    assert read_link(payload)["constraints"] == [{"type": "antiknight"}]
