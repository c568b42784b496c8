"""Trials over the compiled propagation (``yass.logic.techniques.trials``), the engine's
``gen_settle`` they run on, and the grouped first steps of relation and rule logic.

The trials are the forcing nets of a layout with rules: every step they find must keep
the published solution, on every variant puzzle the generic engine takes.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from conftest import interpreted, variant_entries, variant_puzzle
from yass.core.board import Board
from yass.core.geometry import char_digit
from yass.engine import _core, fast
from yass.engine.compiled import compile_layout
from yass.formats import puzzle_from_json
from yass.logic.explain import explain
from yass.logic.techniques import get_techniques
from yass.logic.techniques.trials import compiled_trials, trial_steps

PY = interpreted(_core, "yass_core_interpreted_trials")
ENGINES = [pytest.param(_core, id="core"), pytest.param(PY, id="interpreted")]

ENTRIES = [e for e in variant_entries(multi_cell=True) if e["size"] == 9]


def _solution(entry: dict[str, Any]) -> list[int]:
    return [char_digit(ch) for ch in entry["solution"]]


def _states(board: Board, solution: list[int], rng: random.Random, count: int) -> list[list[int]]:
    """Candidate states that hold the solution: the board with a few true digits placed
    and a few false candidates removed."""
    out = []
    for _ in range(count):
        masks = list(board.cands)
        for cell in rng.sample(range(len(masks)), 12):
            if rng.random() < 0.5:
                masks[cell] = 1 << (solution[cell] - 1)
            else:
                wrong = masks[cell] & ~(1 << (solution[cell] - 1))
                if wrong:
                    masks[cell] &= ~(wrong & -wrong)
        out.append(masks)
    return out


@pytest.mark.parametrize("core", ENGINES)
def test_settle_from_givens_is_the_engines_propagation(core: Any) -> None:
    """From the masks of the givens, ``gen_settle`` is ``gen_propagate``."""
    checked = 0
    for entry in ENTRIES[:: 6 if core is PY else 2]:
        puzzle = variant_puzzle(entry)
        spec = compile_layout(puzzle.layout)
        if spec is None or not _core.gen_fits(spec):
            continue
        full = (1 << puzzle.layout.size) - 1
        masks = [1 << (g - 1) if g else full for g in puzzle.givens]
        assert core.gen_settle(spec, masks) == core.gen_propagate(spec, puzzle.givens)
        checked += 1
    assert checked >= 4


@pytest.mark.parametrize("entry", ENTRIES[::3], ids=lambda e: e["name"][:30])
def test_settle_keeps_the_solution_and_the_interpreted_core_agrees(entry: dict[str, Any]) -> None:
    puzzle = variant_puzzle(entry)
    spec = compile_layout(puzzle.layout)
    if spec is None or not _core.gen_fits(spec):
        pytest.skip("the generic engine does not take this layout")
    solution = _solution(entry)
    for masks in _states(puzzle.board(), solution, random.Random(5), 3):
        got = _core.gen_settle(spec, masks)
        assert got is not None
        assert all(m >> (solution[c] - 1) & 1 for c, m in enumerate(got))
        assert PY.gen_settle(spec, masks) == got
        assert _core.gen_conflict(spec, masks) is None
    # A false digit set in a cell: where settle breaks, so does conflict (it names the
    # cells it blames, when the failing part of the propagation blames any).
    board = puzzle.board()
    cell = next(c for c, m in enumerate(board.cands) if m & (m - 1))
    wrong = board.cands[cell] & ~(1 << (solution[cell] - 1))
    masks = list(board.cands)
    masks[cell] = wrong & -wrong
    if _core.gen_settle(spec, masks) is None:
        assert _core.gen_conflict(spec, masks) is not None


@pytest.mark.parametrize("entry", ENTRIES[1::4], ids=lambda e: e["name"][:30])
def test_a_probe_holds_where_the_solution_is(entry: dict[str, Any]) -> None:
    """A nested trial (``gen_probe``) never breaks a state that holds the solution, and
    the interpreted core gives the same answer; a false digit's probe may break."""
    puzzle = variant_puzzle(entry)
    spec = compile_layout(puzzle.layout)
    if spec is None or not _core.gen_fits(spec):
        pytest.skip("the generic engine does not take this layout")
    solution = _solution(entry)
    board = puzzle.board()
    for masks in _states(board, solution, random.Random(7), 2):
        got = _core.gen_probe(spec, masks, 6, 3)
        assert got[0], got
        assert PY.gen_probe(spec, masks, 6, 3) == got
    cell = next(c for c, m in enumerate(board.cands) if m & (m - 1))
    masks = list(board.cands)
    masks[cell] = 1 << (solution[cell] - 1)
    assert _core.gen_probe(spec, masks, 6, 3)[0]


@pytest.mark.parametrize("entry", ENTRIES[::2], ids=lambda e: e["name"][:30])
def test_trial_steps_keep_the_solution(entry: dict[str, Any]) -> None:
    """Walk the path of the default ladder; where the nets would be asked (the cheap
    techniques stuck), every step the trials find keeps the solution. Rules Together
    (``rt``, tests/test_together.py) is left out: its failed passes before each trial
    cost more than the walk."""
    puzzle = puzzle_from_json(entry)
    if not compiled_trials(puzzle.layout):
        pytest.skip("the generic engine does not take this layout")
    solution = _solution(entry)
    cheap = get_techniques("-fc,-fn,-sp,-rt")
    from yass.logic.solver import apply_step, next_step

    board = puzzle.board()
    asked = 0
    while not board.is_solved() and asked < 3:
        step = next_step(board, cheap)
        if step is None:
            asked += 1
            steps = list(trial_steps("fn", board, 9))
            assert steps, "the trials found nothing where the corpus needs them"
            for found in steps:
                for cell, d in found.eliminations:
                    assert solution[cell] != d, found.explanation
            step = steps[0]
        assert apply_step(board, step) is None


def test_a_zero_given_kropki_puzzle_opens_with_one_step_per_rule() -> None:
    dots = [["r1c2", "r1c3"], ["r1c3", "r1c4"], ["r5c5", "r6c5"], ["r8c1", "r9c1"]]
    obj = {"size": 9, "givens": "." * 81,
           "constraints": [{"type": "ratio", "cells": c} for c in dots]}
    puzzle = puzzle_from_json(json.loads(json.dumps(obj)))
    step = next(get_techniques("rc")[0].find(puzzle.board()))
    cells = {puzzle.layout.name(c) for c, _ in step.eliminations}
    assert cells == {c for pair in dots for c in pair}
    assert {d for _, d in step.eliminations} == {5, 7, 9}
    assert "black dot" in step.notation
    assert "no cell on a black dot" in step.explanation.lower()


def test_cages_with_the_same_trivial_exclusion_are_one_step() -> None:
    obj = {"size": 9, "givens": "." * 81, "constraints": [
        {"type": "killer", "cells": ["r1c1", "r1c2"], "sum": 9},
        {"type": "killer", "cells": ["r5c5", "r5c6"], "sum": 9},
        {"type": "killer", "cells": ["r9c8", "r9c9"], "sum": 17},
    ]}
    puzzle = puzzle_from_json(obj)
    steps = explain(puzzle, get_techniques("rl")).steps
    first = steps[0]
    assert sorted(first.eliminations) == [(0, 9), (1, 9), (40, 9), (41, 9)]
    assert "9/2 r1c1,r1c2; 9/2 r5c5,r5c6" in first.notation


def test_the_trials_serve_rules_the_engine_takes_only() -> None:
    classic = puzzle_from_json({"size": 9, "givens": "." * 81, "constraints": []})
    assert not compiled_trials(classic.layout)
    killer = puzzle_from_json({"size": 9, "givens": "." * 81, "constraints": [
        {"type": "killer", "cells": ["r1c1", "r1c2"], "sum": 9}]})
    assert compiled_trials(killer.layout) == fast.can_settle(killer.layout)
