"""Chess leaps of any shape, taxicab distances, knightmare, cyclic non-consecutive and the
negative rules with any values (``yass.constraints.chess``).

Each rule is also written out here from coordinates alone (``violations``), without the
library, and the library is checked against that statement: the searches' solutions obey
it, ``Layout.check`` agrees with it on grids with one swap, the compiled and the
reference search count alike, and no logical step removes a digit of the solution.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import yass
from yass.constraints import constraint_from_json
from yass.core.board import Puzzle
from yass.core.geometry import Grid, LayoutError
from yass.core.layout import Layout
from yass.engine import fast, search
from yass.logic.explain import explain
from yass.render.legend import rules_legend

KNIGHT = {(1, 2), (2, 1)}


def _pairs(size: int) -> list[tuple[int, int, int, int]]:
    """Every pair of cells as (row, column, row, column), each pair once."""
    cells = [(r, c) for r in range(size) for c in range(size)]
    return [(*a, *b) for i, a in enumerate(cells) for b in cells[i + 1 :]]


def violations(rule: dict[str, Any], size: int, values: list[int]) -> int:
    """How many pairs of cells break ``rule`` (its JSON form), from coordinates only."""
    kind = rule["type"]
    bad = 0
    for r1, c1, r2, c2 in _pairs(size):
        x, y = values[r1 * size + c1], values[r2 * size + c2]
        dr, dc = abs(r1 - r2), abs(c1 - c2)
        if kind == "chess":
            leaps = {(a, b) for a, b in rule["offsets"]} | {(b, a) for a, b in rule["offsets"]}
            bad += (dr, dc) in {(abs(a), abs(b)) for a, b in leaps} and x == y
        elif kind == "taxicab":
            bad += dr + dc == rule["distance"] and x == y
        elif kind == "self_taxicab":
            bad += x == y == dr + dc
        elif kind == "knightmare":
            bad += (dr, dc) in KNIGHT and x + y in rule.get("sums", (5, 15))
        elif dr + dc == 1:  # the rules on orthogonal neighbours (no markers here)
            if kind == "cyclic_nonconsecutive":
                bad += (x - y) % size in (1, size - 1)
            elif kind == "difference_negative":
                bad += abs(x - y) in rule["values"]
            elif kind == "ratio_negative":
                bad += any(x == v * y or y == v * x for v in rule["values"])
            elif kind == "sum_negative":
                bad += x + y in rule["values"]
    return bad


RULES: list[dict[str, Any]] = [
    {"type": "chess", "offsets": [[1, 3]], "name": "camel"},
    {"type": "chess", "offsets": [[2, 3], [1, 1]]},
    {"type": "taxicab", "distance": 3},
    {"type": "self_taxicab"},
    {"type": "knightmare"},
    {"type": "cyclic_nonconsecutive"},
    {"type": "difference_negative", "values": [1, 4]},
    {"type": "ratio_negative", "values": [2, 3]},
    {"type": "sum_negative", "values": [5, 10]},
]


def _puzzle(rule: dict[str, Any], size: int, givens: list[int] | None = None) -> Puzzle:
    data = {"size": size, "givens": "." * size * size, "constraints": [rule]}
    puzzle = yass.puzzle_from_json(data)
    return puzzle if givens is None else Puzzle(puzzle.layout, tuple(givens))


def _ids(rule: dict[str, Any]) -> str:
    return "-".join(str(v) for v in rule.values())


@pytest.mark.parametrize("rule", RULES, ids=_ids)
@pytest.mark.parametrize("size", [6, 9])
def test_solutions_obey_the_rule_as_stated_from_coordinates(
    rule: dict[str, Any], size: int
) -> None:
    puzzle = _puzzle(rule, size)
    solution = fast.solve(puzzle)
    if solution is None:  # no grid of this size obeys it: the reference search agrees
        assert search.count_solutions(puzzle, 1) == 0
        return
    assert violations(rule, size, list(solution)) == 0
    assert puzzle.layout.check(solution)
    # With two digits of a row swapped, the statement and the layout's check still agree.
    rng = random.Random(size)
    for _ in range(60):
        values = list(solution)
        r = rng.randrange(size)
        a, b = rng.sample(range(size), 2)
        values[r * size + a], values[r * size + b] = values[r * size + b], values[r * size + a]
        houses_ok = Layout.classic(size).check(values)
        assert puzzle.layout.check(values) == (houses_ok and violations(rule, size, values) == 0)


@pytest.mark.parametrize("rule", RULES, ids=_ids)
def test_compiled_and_reference_searches_count_alike(rule: dict[str, Any]) -> None:
    puzzle = _puzzle(rule, 6)
    assert fast.engine(puzzle.layout) == fast.GENERIC
    solution = fast.solve(puzzle)
    if solution is None:  # no 6x6 grid obeys it: the reference search agrees
        assert search.count_solutions(puzzle, 1) == 0
        return
    for kept in (range(0, 36, 3), range(0, 36, 4), range(0, 12)):
        givens = [solution[i] if i in kept else 0 for i in range(36)]
        holes = Puzzle(puzzle.layout, tuple(givens))
        assert fast.count_solutions(holes, 200) == search.count_solutions(holes, 200)


def _unique_puzzle(rule: dict[str, Any], seed: int) -> tuple[Puzzle, tuple[int, ...]]:
    """A 9x9 puzzle with the rule and one solution: up to 50 givens taken away at random,
    each only if the puzzle stays unique (a puzzle the ladder solves in a few seconds)."""
    puzzle = _puzzle(rule, 9)
    solution = fast.solve(puzzle)
    assert solution is not None
    givens = list(solution)
    order = list(range(81))
    random.Random(seed).shuffle(order)
    for cell in order[:50]:
        kept = givens[cell]
        givens[cell] = 0
        if fast.count_solutions(Puzzle(puzzle.layout, tuple(givens)), 2) != 1:
            givens[cell] = kept
    return Puzzle(puzzle.layout, tuple(givens)), solution


@pytest.mark.parametrize("rule", RULES, ids=_ids)
def test_no_logical_step_removes_a_digit_of_the_solution(rule: dict[str, Any]) -> None:
    puzzle, solution = _unique_puzzle(rule, 5)
    result = explain(puzzle, bounds=yass.Bounds(timeout=30))
    board = puzzle.board()
    for step in result.steps:
        for cell, digit in step.eliminations:
            assert solution[cell] != digit, step.text
        for cell, digit in step.placements:
            assert solution[cell] == digit, step.text
        board.apply(step)
    assert result.solution == solution


@pytest.mark.parametrize("rule", RULES, ids=_ids)
def test_json_round_trip_and_legend(rule: dict[str, Any]) -> None:
    grid = Grid(9, 3, 3)
    con = constraint_from_json(rule, grid)
    assert constraint_from_json(con.to_json(grid), grid) == con
    legend = rules_legend(Layout(9, [con]))
    assert legend.startswith("rules:") and len(legend.splitlines()) >= 2


@pytest.mark.parametrize(
    ("rule", "words"),
    [
        ({"type": "chess"}, "'offsets'"),
        ({"type": "chess", "offsets": [[0, 0]]}, "[0, 0]"),
        ({"type": "chess", "offsets": [[1, 9]]}, "does not fit"),
        ({"type": "taxicab"}, "'distance'"),
        ({"type": "taxicab", "distance": 0}, "not 0"),
        ({"type": "knightmare", "sums": []}, "'sums'"),
        ({"type": "difference_negative", "values": [0]}, "not 0"),
        ({"type": "sum_negative", "values": "5"}, "'values'"),
    ],
)
def test_bad_fields_say_which_and_what(rule: dict[str, Any], words: str) -> None:
    with pytest.raises(LayoutError, match=re.escape(words)):
        constraint_from_json(rule, Grid(9, 3, 3))


def test_rule_names_and_markers() -> None:
    # --rules names for the common leaps, checked by the statement above.
    for name, leap in (("anticamel", [1, 3]), ("antizebra", [2, 3]), ("antiferz", [1, 1])):
        solution = yass.find_solution("." * 81, rules=name)
        assert solution is not None
        assert violations({"type": "chess", "offsets": [leap]}, 9, list(solution)) == 0
    # A white dot exempts its pair from the negative difference rule: with the dot
    # r1c1-r1c2 (difference 1) the two cells may be, and here must be, consecutive.
    dotted = yass.puzzle_from_json({
        "size": 9, "givens": "1" + "." * 80, "constraints": [
            {"type": "difference", "cells": ["r1c1", "r1c2"]},
            {"type": "difference_negative", "values": [1]},
        ],
    })
    solution = fast.solve(dotted)
    assert solution is not None and solution[1] == 2
