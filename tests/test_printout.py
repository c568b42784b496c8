"""Printing: ``yass show --format svg|pdf`` and ``yass generate --format pdf``.

The SVG is read back as XML: its digits, and the marks of every rule of the variant
corpus, are where the puzzle puts them. The PDF is read back with pypdf: its pages, their
size and their text.
"""

from __future__ import annotations

import io
import itertools
import json
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from conftest import SEED_PUZZLE, VARIANTS, puzzle_lines, variant_puzzle
from yass.cli.commands import main
from yass.core.geometry import digit_char
from yass.render import printout

SVG = "{http://www.w3.org/2000/svg}"
ENTRIES: list[dict[str, Any]] = json.loads(VARIANTS.read_text())


def _cell_at(x: float, y: float, size: int) -> int:
    """The cell whose centre is at (x, y) in drawing units."""
    col, row = (x - printout.U / 2) / printout.U, (y - printout.U / 2) / printout.U
    assert col == int(col) and row == int(row), (x, y)
    assert 0 <= row < size and 0 <= col < size
    return int(row) * size + int(col)


def _classes(root: ET.Element) -> Counter[str]:
    return Counter(cls for node in root.iter() for cls in node.get("class", "").split())


def _texts(root: ET.Element, cls: str) -> list[ET.Element]:
    return [n for n in root.iter(f"{SVG}text") if cls in n.get("class", "").split()]


def _name(cell: str) -> tuple[int, int]:
    row, col = cell[1:].split("c")
    return int(row) - 1, int(col) - 1


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"][:40] for e in ENTRIES])
def test_the_svg_of_a_variant_puzzle_has_its_digits_and_marks(entry: dict[str, Any]) -> None:
    puzzle = variant_puzzle(entry)
    size = puzzle.size
    root = ET.fromstring(printout.svg(puzzle.board(), puzzle.givens, title=entry["name"]))
    assert root.tag == f"{SVG}svg"
    assert root.findtext(f"{SVG}title") == entry["name"]
    # every given, bold, in its cell; nothing else (the board holds only the givens)
    drawn = {_cell_at(float(t.get("x", 0)), float(t.get("y", 0)), size): t.text
             for t in _texts(root, "given")}
    assert drawn == {c: digit_char(v) for c, v in enumerate(puzzle.givens) if v}
    assert not _texts(root, "placed")
    assert all(t.get("font-weight") == "bold" for t in _texts(root, "given"))
    # the grid: n-1 thin lines each way
    classes = _classes(root)
    assert classes["thin"] == 2 * (size - 1)
    rules = entry["constraints"]
    kinds = Counter(r["type"] for r in rules)
    # lines: one polyline a rule, a bulb a thermometer
    for kind in ("thermo", "slow_thermo", "palindrome", "whispers", "renban", "zipper",
                 "entropic_line", "region_sum_line", "between", "modular_line",
                 "double_arrow", "lockout_line"):
        assert classes[f"line-{kind}"] == kinds[kind], kind
    assert classes["bulb"] == kinds["thermo"] + kinds["slow_thermo"]
    assert classes["between-end"] == 2 * (kinds["between"] + kinds["double_arrow"])
    assert classes["lockout-end"] == 2 * kinds["lockout_line"]
    # arrows: a line and a head each; a circle a cell (or one pill for cells in a line)
    assert classes["arrow-line"] == classes["arrow-head"] == sum(
        1 for r in rules if r["type"] == "arrow" and r["line"])
    assert classes["arrow-circle"] >= kinds["arrow"]
    # cages: each sum written at its first cell
    sums = sorted([str(r["sum"]) for r in rules
                   if r["type"] in ("killer", "cage") and r.get("sum") is not None]
                  + [f"DR{r['root']}" if r.get("root") else "|".join(map(str, r["sums"]))
                     for r in rules if r["type"] == "multisum_killer"])
    assert sorted(t.text or "" for t in _texts(root, "cage-sum")) == sums
    if kinds["killer"] + kinds["cage"]:
        assert classes["cage"] >= 4
    # clues outside the grid, with their values
    outside = [r for r in rules if r["type"] in printout.OUTSIDE]
    clue_texts = _texts(root, "clue")
    assert sorted(t.text or "" for t in clue_texts) == sorted(
        str(r["sum"] if r.get("value") is None else r["value"]) for r in outside)
    # marks on the walls: dots, X and V; parity cells; quadruples' digits
    assert classes["dot-white"] == kinds["difference"]
    assert classes["dot-black"] == kinds["ratio"]
    assert sorted(t.text or "" for t in _texts(root, "xv")) == sorted(
        {5: "V", 10: "X"}.get(r["sum"], str(r["sum"])) for r in rules if r["type"] == "xv")
    assert classes["odd"] == sum(len(r["cells"]) for r in rules if r["type"] == "odd")
    assert classes["even"] == sum(len(r["cells"]) for r in rules if r["type"] == "even")
    assert classes["quad-circle"] == kinds["quadruple"]
    assert classes["extreme"] == sum(
        len(r["cells"]) for r in rules if r["type"] in ("minimum", "maximum"))
    # the picture reaches past the grid on the sides that have clues
    _, top, _, height = map(float, (root.get("viewBox") or "").split())
    grid = size * printout.U
    rows = [_name(r["clue"])[0] for r in outside if r.get("clue")]
    if any(r < 0 for r in rows):
        assert top < -10
    if any(r >= size for r in rows):
        assert top + height > grid + 10


def test_a_cage_sum_sits_at_the_top_left_of_the_cages_first_cell() -> None:
    entry = next(e for e in ENTRIES if any(
        r["type"] == "killer" and r.get("sum") is not None for r in e["constraints"]))
    puzzle = variant_puzzle(entry)
    root = ET.fromstring(printout.svg(puzzle.board()))
    u = printout.U
    where = {(float(t.get("x", 0)) // u, float(t.get("y", 0)) // u): t.text
             for t in _texts(root, "cage-sum")}
    for rule in entry["constraints"]:
        if rule["type"] == "killer" and rule.get("sum") is not None:
            first = min(_name(c) for c in rule["cells"])
            assert where[(first[1], first[0])] == str(rule["sum"])


def test_show_svg_writes_the_board_show_would_print(
    tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    assert main(["show", SEED_PUZZLE, "--format", "svg", "--after", "5"]) == 0
    out = capsysbinary.readouterr().out
    root = ET.fromstring(out)
    givens = [int(ch) for ch in SEED_PUZZLE]
    assert len(_texts(root, "given")) == sum(1 for v in givens if v)
    assert len(_texts(root, "placed")) >= 5  # the digits placed by the first five steps
    path = tmp_path / "seed.svg"
    assert main(["show", SEED_PUZZLE, "--format", "svg", "-o", str(path)]) == 0
    assert capsysbinary.readouterr().out == b""
    assert len(_texts(ET.fromstring(path.read_bytes()), "given")) == sum(
        1 for v in givens if v)


def _pdf(data: bytes) -> Any:
    pypdf = pytest.importorskip("pypdf")
    return pypdf.PdfReader(io.BytesIO(data))


@pytest.mark.parametrize(("per_page", "pages"), [(1, 7), (2, 4), (4, 2), (6, 2)])
def test_show_pdf_puts_per_page_puzzles_on_a_page(
    per_page: int, pages: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("fpdf")
    lines = puzzle_lines("norvig_easy50.txt", 7)
    source = tmp_path / "seven.txt"
    source.write_text("\n".join(f"{line}  puzzle {i}" for i, line in enumerate(lines, 1)))
    out = tmp_path / "seven.pdf"
    assert main(["show", str(source), "--format", "pdf", "--per-page", str(per_page),
                 "-o", str(out)]) == 0
    assert capsys.readouterr() == ("", "")
    reader = _pdf(out.read_bytes())
    assert len(reader.pages) == pages
    a4 = [round(float(x)) for x in reader.pages[0].mediabox[2:]]
    assert a4 == [595, 842]
    text = "".join(page.extract_text() for page in reader.pages)
    for i in range(1, 8):
        assert f"puzzle {i}" in text


def test_generate_pdf_on_letter_to_standard_output(
    capsysbinary: pytest.CaptureFixture[bytes],
) -> None:
    pytest.importorskip("fpdf")
    argv = ["generate", "-n", "5", "--seed", "4", "-j", "1"]
    assert main(argv) == 0
    lines = capsysbinary.readouterr().out.decode().splitlines()
    assert main([*argv, "--format", "pdf", "--per-page", "4", "--paper", "letter"]) == 0
    captured = capsysbinary.readouterr()
    assert captured.err == b""
    reader = _pdf(captured.out)
    assert len(reader.pages) == 2
    assert [round(float(x)) for x in reader.pages[0].mediabox[2:]] == [612, 792]
    first = reader.pages[0].extract_text()
    # the captions say what each line says after its puzzle
    assert "1. " + lines[0].split("  ", 1)[1].split(",")[0] in first


def test_an_output_that_cannot_be_written_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("fpdf")
    missing = tmp_path / "no" / "such" / "dir" / "out.pdf"
    assert main(["show", SEED_PUZZLE, "--format", "pdf", "-o", str(missing)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"yass: error: cannot write {missing}: ") and err.count("\n") == 1
    if Path("/dev/full").exists():  # the disk is full: the write failed (EX_IOERR)
        assert main(["show", SEED_PUZZLE, "--format", "svg", "-o", "/dev/full"]) == 74
        err = capsys.readouterr().err
        assert err.startswith("yass: error: cannot write /dev/full: ") and err.count("\n") == 1


def test_without_fpdf2_a_pdf_is_refused_naming_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "fpdf", None)  # import fpdf raises ImportError
    for argv in (["show", SEED_PUZZLE, "--format", "pdf"],
                 ["generate", "-n", "1", "--format", "pdf"]):
        assert main(argv) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err == ("yass: error: PDF output needs fpdf2:"
                                " pip install 'yass-sudoku[print]'\n")


def test_svg_of_several_puzzles_and_output_without_a_drawing_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "two.txt"
    source.write_text("\n".join(puzzle_lines("norvig_easy50.txt", 2)) + "\n")
    assert main(["show", str(source), "--format", "svg"]) == 2
    assert "--format svg draws one puzzle" in capsys.readouterr().err
    assert main(["show", SEED_PUZZLE, "-o", str(tmp_path / "x.txt")]) == 2
    assert capsys.readouterr().err == "yass: error: --output writes --format svg or pdf, not text\n"
    assert not (tmp_path / "x.txt").exists()


# lines, an arrow, a cage and a dot that cross the edges of a toroidal grid
TORUS = {"size": 6, "givens": "." * 36, "constraints": [
    {"type": "toroidal"},
    {"type": "thermo", "cells": ["r1c5", "r1c6", "r1c1", "r1c2"]},
    {"type": "renban", "cells": ["r6c3", "r1c3", "r2c3"]},
    {"type": "whispers", "cells": ["r6c6", "r1c1", "r2c2"]},
    {"type": "arrow", "circle": ["r3c1"], "line": ["r3c6", "r3c5"]},
    {"type": "killer", "cells": ["r5c1", "r5c6"], "sum": 7},
    {"type": "difference", "cells": ["r4c1", "r4c6"]},
]}


def _polylines(root: ET.Element, cls: str) -> list[list[tuple[float, float]]]:
    return [[(float(x), float(y))
             for x, y in (p.split(",") for p in node.get("points", "").split())]
            for node in root.iter(f"{SVG}polyline") if cls in node.get("class", "").split()]


def test_lines_that_cross_the_edge_of_a_toroidal_grid_wrap_round() -> None:
    """On a toroidal grid a line, an arrow or a cage that crosses an edge leaves the grid at
    that edge and comes back in at the opposite one: no stroke runs across the grid."""
    from yass.formats import puzzle_from_json

    u, n = printout.U, 6
    root = ET.fromstring(printout.svg(puzzle_from_json(TORUS).board()))
    lines = {kind: _polylines(root, f"line-{kind}") for kind in ("thermo", "renban", "whispers")}
    # the thermometer leaves at the right edge of row 1 and comes back in at its left
    assert lines["thermo"] == [[(4.5 * u, u / 2), (5.5 * u, u / 2), (6 * u, u / 2)],
                               [(0, u / 2), (u / 2, u / 2), (1.5 * u, u / 2)]]
    # the renban across the bottom edge, the whispers across a corner
    assert lines["renban"] == [[(2.5 * u, 5.5 * u), (2.5 * u, 6 * u)],
                               [(2.5 * u, 0), (2.5 * u, u / 2), (2.5 * u, 1.5 * u)]]
    assert lines["whispers"] == [[(5.5 * u, 5.5 * u), (6 * u, 6 * u)],
                                 [(0, 0), (u / 2, u / 2), (1.5 * u, 1.5 * u)]]
    arrow = _polylines(root, "arrow-line")
    assert len(arrow) == 2 and arrow[0][-1] == (0, 2.5 * u) and arrow[1][0] == (6 * u, 2.5 * u)
    assert arrow[1][1:] == [(5.5 * u, 2.5 * u), (4.5 * u, 2.5 * u)]
    for run in [*arrow, *(r for runs in lines.values() for r in runs)]:
        for (ax, ay), (bx, by) in itertools.pairwise(run):
            assert abs(ax - bx) <= u * 1.01 and abs(ay - by) <= u * 1.01  # one cell a step
    # the cage over r5c1 and r5c6 stays open at the left and right edges
    cage = [[float(node.get(a, 0)) for a in ("x1", "y1", "x2", "y2")]
            for node in root.iter(f"{SVG}line") if node.get("class") == "cage"]
    assert len(cage) == 6
    assert not any(x1 == x2 and x1 in (4.0, n * u - 4) for x1, _, x2, _ in cage)
    # the same lines on a grid that does not wrap: one stroke each, straight across
    flat = {**TORUS, "constraints": [{"type": "thermo", "cells": ["r1c5", "r1c6", "r2c6"]}]}
    plain = ET.fromstring(printout.svg(puzzle_from_json(flat).board()))
    assert len(_polylines(plain, "line-thermo")) == 1
