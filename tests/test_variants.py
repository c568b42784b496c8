"""The variant puzzles of tests/data/variant_puzzles.json through the reference search.

Each puzzle is built from its JSON with ``Layout``, ``constraint_from_json`` and
``Puzzle`` (not through the formats module), and must have exactly one solution: the
published one. Puzzles that use a rule type yass does not know yet are left out; the
tests below pin which ones are covered.
"""

from __future__ import annotations

from typing import Any

import pytest

from conftest import digits_of, oracle_errors, oracle_houses, variant_entries, variant_puzzle
from yass.constraints import REGISTRY, constraint_from_json, rules_from_names
from yass.core.board import Puzzle
from yass.core.geometry import Grid, box_shape
from yass.core.layout import Layout
from yass.engine.search import solutions

ENTRIES = variant_entries(multi_cell=True)

#: The rule types the foundation issue asks for: every puzzle using only these must be covered.
FOUNDATION_TYPES = {
    "regions",
    "extra_region",
    "diagonal",
    "disjoint_groups",
    "antiknight",
    "antiking",
    "nonconsecutive",
    "diagonal_nonconsecutive",
    "odd",
    "even",
    "candidates",
}


def types_of(entry: dict[str, Any]) -> set[str]:
    return {c["type"] for c in entry["constraints"]}


def covered(entry: dict[str, Any]) -> bool:
    return types_of(entry) <= set(REGISTRY)


#: Puzzles the pure-Python reference search needs minutes for (Orbit: about 54,000
#: branches; Hard renban 3: more than 15 minutes). The compiled engine proves Orbit
#: unique in under a second (tests/test_compiled_rules.py); their published solutions
#: are still checked against the rules below.
SLOW = {"Orbit", "Hard renban 3"}

COVERED = [(i, e) for i, e in enumerate(ENTRIES) if covered(e) and e["name"] not in SLOW]


def _id(item: tuple[int, dict[str, Any]]) -> str:
    i, entry = item
    return f"{i:02d}-{entry['name'][:30]}"


def test_coverage() -> None:
    assert len(ENTRIES) == 85
    foundation = [e["name"] for e in ENTRIES if types_of(e) <= FOUNDATION_TYPES]
    assert len(foundation) >= 15
    missing = [e["name"] for e in ENTRIES if types_of(e) <= FOUNDATION_TYPES and not covered(e)]
    assert missing == []
    # 32 of the first 63 before the multi-cell rules; every type of the corpus now.
    assert all(covered(e) for e in ENTRIES)
    assert len(COVERED) == len(ENTRIES) - len(SLOW)


@pytest.mark.parametrize("item", COVERED, ids=[_id(x) for x in COVERED])
def test_variant_puzzle_has_exactly_the_published_solution(
    item: tuple[int, dict[str, Any]],
) -> None:
    _, entry = item
    puzzle = variant_puzzle(entry)
    published = digits_of(entry["solution"])
    assert len(published) == entry["size"] ** 2
    # The published answer obeys our reading of the rules ...
    assert puzzle.layout.violations(published) == []
    # ... and the search finds it and nothing else.
    assert list(solutions(puzzle, 2)) == [published]


@pytest.mark.parametrize("index", range(len(ENTRIES)))
def test_published_solutions_obey_every_rule_we_know(index: int) -> None:
    """Even where a puzzle needs rules yass lacks, the ones it has accept the answer."""
    entry = ENTRIES[index]
    size = entry["size"]
    rows, cols = box_shape(size) or (0, 0)
    grid = Grid(size, rows, cols)
    known = [constraint_from_json(c, grid) for c in entry["constraints"] if c["type"] in REGISTRY]
    if size == 7 and not any(c.replaces_boxes for c in known):
        pytest.skip("a 7x7 without regions")
    layout = Layout(size, known)
    published = digits_of(entry["solution"])
    assert layout.violations(published) == []
    assert all(g in (0, v) for g, v in zip(digits_of(entry["givens"]), published, strict=True))


def _miracle_entry() -> dict[str, Any]:
    return next(e for e in ENTRIES if e["name"].startswith("The Miracle Sudoku"))


def test_miracle_sudoku_by_name() -> None:
    entry = _miracle_entry()
    layout = Layout(9, rules_from_names("miracle", Grid(9, 3, 3)))
    givens = [0] * 81
    givens[layout.parse_cell("r5c3")] = 1
    givens[layout.parse_cell("r6c7")] = 2
    assert tuple(givens) == digits_of(entry["givens"])
    published = digits_of(entry["solution"])
    assert list(solutions(Puzzle(layout, tuple(givens)), 2)) == [published]
    # Checked from coordinates too, not only by the layout that found it.
    names = ("antiknight", "antiking", "nonconsecutive")
    assert oracle_errors(9, oracle_houses(9, (3, 3)), names, published) == []


def test_miracle_sudoku_by_separate_rule_names() -> None:
    entry = _miracle_entry()
    layout = Layout(9, rules_from_names("anti-knight,anti-king,non-consecutive", Grid(9, 3, 3)))
    puzzle = Puzzle(layout, digits_of(entry["givens"]))
    assert list(solutions(puzzle, 2)) == [digits_of(entry["solution"])]
