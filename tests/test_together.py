"""Rules Together (``yass.logic.techniques.together``): a house, or two rules' cells,
filled in every way the rules allow; a candidate no filling uses is false. The band
technique (``bt``, off by default) does the same for the rows or columns of a line of
boxes.

Every step must keep the published solution of every variant puzzle it fires on, and
the technique must carry puzzles that the ladder below the forcing nets could not
finish before.
"""

from __future__ import annotations

from typing import Any

import pytest

from conftest import SLOW_LOGIC, variant_entries
from yass.core.geometry import char_digit
from yass.formats import puzzle_from_json
from yass.logic.solver import apply_step, next_step
from yass.logic.techniques import get_techniques

#: The default ladder without forcing chains, forcing nets and speculation.
NO_FORCING = "-fc,-fn,-nfc,-sp"

ENTRIES = [e for e in variant_entries(multi_cell=True)
           if e["size"] == 9 and e["givens"].count(".") >= 70 and e["name"] not in SLOW_LOGIC]


def _walk(entry: dict[str, Any], most_steps: int, spec: str = NO_FORCING,
          code: str = "rt") -> tuple[bool, int]:
    """Walk the ladder ``spec`` (default: without forcing); check every step of ``code``
    the walk sees against the solution. (solved, steps of ``code`` taken)."""
    puzzle = puzzle_from_json(entry)
    solution = [char_digit(ch) for ch in entry["solution"]]
    ladder = get_techniques(spec)
    board = puzzle.board()
    taken = 0
    for _ in range(most_steps):
        if board.is_solved():
            break
        step = next_step(board, ladder)
        if step is None:
            break
        if step.technique == code:
            taken += 1
            for cell, d in step.eliminations:
                assert solution[cell] != d, step.explanation
        assert apply_step(board, step) is None
    return board.is_solved(), taken


@pytest.mark.parametrize("entry", ENTRIES[::3], ids=lambda e: e["name"][:30])
def test_rules_together_keeps_the_solution(entry: dict[str, Any]) -> None:
    _walk(entry, 60)


def test_rules_together_solves_a_zero_given_arrow_puzzle_without_forcing() -> None:
    entry = next(e for e in variant_entries(multi_cell=True) if e["name"] == "Arrow")
    solved, taken = _walk(entry, 400)
    assert solved and taken
    ladder = get_techniques(NO_FORCING.replace("-sp", "-sp,-rt"))
    board = puzzle_from_json(entry).board()
    while (step := next_step(board, ladder)) is not None:
        apply_step(board, step)
    assert not board.is_solved()


def test_a_row_with_its_dots_loses_exactly_what_no_filling_of_it_uses() -> None:
    # A chain of three cells on black dots (one digit twice the other: 1,2,4 or 2,4,8),
    # another black dot (so 3,6) and a white one (consecutive digits), all in row 1, which
    # must still hold every digit once.
    obj = {"size": 9, "givens": "." * 81, "constraints": [
        {"type": "ratio", "cells": ["r1c1", "r1c2"]},
        {"type": "ratio", "cells": ["r1c2", "r1c3"]},
        {"type": "ratio", "cells": ["r1c4", "r1c5"]},
        {"type": "difference", "cells": ["r1c8", "r1c9"]},
    ]}
    puzzle = puzzle_from_json(obj)
    board = puzzle.board()
    steps = [s for s in get_techniques("rt")[0].find(board)
             if s.explanation.startswith("Fill row 1 ")]
    assert steps
    used = _row_fillings(puzzle, board.cands)
    unused = {(c, d) for c in range(9) for d in range(1, 10)
              if board.cands[c] >> (d - 1) & 1 and not used[c] >> (d - 1) & 1}
    assert unused and set(steps[0].eliminations) == unused
    assert board.cands[3] & ~used[3] and used[3] == 0b100100  # 3 or 6


def _row_fillings(puzzle: Any, cands: Any) -> list[int]:
    """Per cell of row 1, the digits some filling of the row uses (every digit once,
    every dot kept): plain backtracking, independent of the technique."""
    lay = puzzle.layout
    used = [0] * 9
    values = [0] * 9

    def ok(cell: int) -> bool:
        return all(lay.relation_allows(cell, values[cell], b, values[b])
                   for b, _ in lay.arcs[cell] if b < cell)

    def go(cell: int, free: int) -> None:
        if cell == 9:
            for c in range(9):
                used[c] |= 1 << (values[c] - 1)
            return
        for d in range(1, 10):
            if free >> d & 1 and cands[cell] >> (d - 1) & 1:
                values[cell] = d
                if ok(cell):
                    go(cell + 1, free & ~(1 << d))
        values[cell] = 0

    go(0, 0b1111111110)
    return used


def test_fillings_kept_from_an_earlier_board_give_the_same_answer_as_a_new_search() -> None:
    # The technique keeps, per part, the fillings found on the last board of the solve
    # and re-checks them on the next (narrower) board instead of searching again: the
    # candidates left unused must be exactly those a search from nothing leaves.
    from yass.logic.techniques.together import _Filler, _parts

    entry = next(e for e in variant_entries(multi_cell=True) if e["name"] == "Arrow")
    puzzle = puzzle_from_json(entry)
    lay = puzzle.layout
    ladder = get_techniques(NO_FORCING)
    board = puzzle.board()
    parts = [(i, p) for i, p in enumerate(_parts(lay)) if p.mask.bit_count() <= 9][:6]
    kept: dict[int, list[tuple[int, ...]]] = {}
    compared = 0
    for n in range(90):
        if n % 20 == 0:
            for index, part in parts:
                if (part.mask & board.empty).bit_count() > 7:
                    continue
                fresh = _Filler(lay, part, board.cands, 10**6).unused()
                again = _Filler(lay, part, board.cands, 10**6)
                reused = again.unused(kept.get(index, ()))
                assert fresh is not None and reused is not None
                assert sorted(fresh) == sorted(reused), part.name
                compared += bool(kept.get(index))
                kept[index] = again.fillings
        step = next_step(board, ladder)
        if step is None or board.is_solved():
            break
        apply_step(board, step)
    assert compared


@pytest.mark.parametrize("name", ["XV Kropki Sudoku", "Merry X/V-mas"])
def test_a_band_with_its_rules_finishes_what_the_ladder_needed_forcing_for(name: str) -> None:
    entry = next(e for e in variant_entries(multi_cell=True) if e["name"] == name)
    # Without forcing and without the band technique the ladder is stuck ...
    assert not _walk(entry, 400)[0]
    # ... with the band technique (off by default) it finishes, every band step keeping
    # the published solution.
    solved, taken = _walk(entry, 400, f"+bt,{NO_FORCING}", "bt")
    assert solved and taken


def test_a_band_step_names_its_band_and_what_no_filling_has() -> None:
    entry = next(e for e in variant_entries(multi_cell=True) if e["name"] == "XV Kropki Sudoku")
    board = puzzle_from_json(entry).board()
    ladder = get_techniques(f"+bt,{NO_FORCING}")
    step = next_step(board, ladder)
    for _ in range(400):
        assert step is not None
        if step.technique == "bt":
            break
        assert apply_step(board, step) is None
        step = next_step(board, ladder)
    assert step is not None and step.technique == "bt"
    assert step.notation.startswith("Band with its Rules: ")
    band = step.notation.split(": ")[1]
    assert band[0] in "rc" and len(band) == 4  # r123 ... c789
    assert step.explanation.startswith(f"Fill {'rows' if band[0] == 'r' else 'columns'} ")
    assert step.eliminations and "no filling has" in step.explanation
