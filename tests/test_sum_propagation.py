"""The compiled engine's stronger sum propagation never loses a solution.

The generic engine narrows sums by the digits their fillings use, drops a digit every
filling of a cage, renban line or small sum holds from the cells that see all its places,
reads sandwich, X-sum and skyscraper clues as automata, and adds the sums the 45 rule
derives from cages and little killers (``compiled.house_sums``). Each is checked here
against the reference search (the rules' own Python propagation) on puzzles with many
solutions, where a lost one would change the count: the variant corpus and a sample of
the benchmark's stress set, with clues dropped and some cells given.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from conftest import digits_of, variant_entries, variant_puzzle
from yass.constraints import constraint_from_json
from yass.core.board import Puzzle
from yass.core.geometry import Grid, box_shape
from yass.core.layout import Layout
from yass.engine import fast, search
from yass.engine.compiled import compile_layout, house_sums

STRESS = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "variant_stress.json"


def _stress_sample(every: int) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = json.loads(STRESS.read_text())
    return entries[::every]


def _sum_entries() -> list[dict[str, Any]]:
    return [e for e in variant_entries(multi_cell=True)
            if {c["type"] for c in e["constraints"]} & {"killer", "little_killer"}]


def _built(entry: dict[str, Any], constraints: list[Any], givens: tuple[int, ...]) -> Puzzle:
    size = entry["size"]
    rows, cols = box_shape(size) or (0, 0)
    grid = Grid(size, rows, cols)
    return Puzzle(Layout(size, [constraint_from_json(c, grid) for c in constraints]), givens)


@pytest.mark.parametrize("entry", _sum_entries() + _stress_sample(9),
                         ids=lambda e: str(e["name"])[:30])
def test_house_sums_hold_on_the_solution(entry: dict[str, Any]) -> None:
    puzzle = variant_puzzle(entry)
    solution = digits_of(entry["solution"])
    for form in house_sums(puzzle.layout):
        got = sum(k * solution[c] for c, k in zip(form.cells, form.coefs, strict=True))
        assert got == form.total, form


def test_the_stress_set_has_house_sums() -> None:
    # The 45 rule must have something to derive on the set, or the test above is idle.
    derived = sum(len(house_sums(variant_puzzle(e).layout)) for e in _stress_sample(9))
    assert derived >= 10


def _loosened(entry: dict[str, Any], seed: int) -> Puzzle:
    """The puzzle with a third of its clues dropped and a third of the solution's cells
    given: many solutions, each found quickly by the reference search."""
    rng = random.Random(seed)
    constraints = [c for c in entry["constraints"] if rng.random() > 0.33]
    solution = digits_of(entry["solution"])
    givens = tuple(v if rng.random() < 0.33 else 0 for v in solution)
    return _built(entry, constraints, givens)


@pytest.mark.parametrize(
    "entry",
    [e for e in variant_entries(multi_cell=True) if e["size"] == 9][::3] + _stress_sample(30),
    ids=lambda e: str(e["name"])[:30],
)
def test_counts_match_the_reference(entry: dict[str, Any]) -> None:
    for seed in range(2):
        puzzle = _loosened(entry, seed)
        if compile_layout(puzzle.layout) is None:
            continue  # a rule without a compiled form: both engines are the reference
        expected = search.count_solutions(puzzle, 30)
        assert fast.count_solutions(puzzle, 30) == expected
        assert expected >= 1  # the solution is still one
