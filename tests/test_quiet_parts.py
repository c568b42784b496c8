"""Techniques that skip the parts of the grid unchanged since they gave nothing
(``context.QuietParts``: the trivalue oddagon's rectangles of boxes, the bent wings' pairs
of crossing houses): along a solve whose boards only lose candidates, one long-lived
instance finds the same steps, in the same order, as a fresh one on every board."""

from __future__ import annotations

import random

import pytest

from conftest import puzzle_lines
from yass.core.board import Board
from yass.formats import parse_puzzle
from yass.logic.solver import apply_step, next_step
from yass.logic.techniques import get_techniques, technique_class

_BOX_CELLS = [
    [(b // 3 * 3 + i) * 9 + b % 3 * 3 + j for i in range(3) for j in range(3)] for b in range(9)
]


def _narrowing(line: str, rng: random.Random, count: int) -> list[Board]:
    """Boards of one puzzle that only lose candidates: after the singles, some boxes'
    cells pulled towards a random digit triple (so oddagons and wings turn up), a few
    candidates removed at random."""
    board = parse_puzzle(line).board()
    singles = get_techniques("fh,ns,hs")
    step = next_step(board, singles)
    while step is not None:
        apply_step(board, step)
        step = next_step(board, singles)
    out = [board.copy()]
    for _ in range(count):
        trio = sum(1 << d for d in rng.sample(range(9), 3))
        for box in rng.sample(range(9), rng.randint(1, 4)):
            for cell in _BOX_CELLS[box]:
                mask = board.cands[cell]
                keep = mask & trio
                if board.values[cell] or mask.bit_count() < 2 or rng.random() < 0.05:
                    continue
                if keep and keep != mask:
                    for d in range(9):
                        if mask >> d & 1 and not keep >> d & 1:
                            board.eliminate(cell, d + 1)
        for _ in range(rng.randint(0, 4)):
            cell = rng.randrange(81)
            mask = board.cands[cell]
            if not board.values[cell] and mask.bit_count() >= 2:
                board.eliminate(cell, (mask & -mask).bit_length())
        out.append(board.copy())
    return out


@pytest.mark.parametrize("code", ["tri", "wxyz"])
def test_a_long_lived_instance_finds_what_a_fresh_one_finds(code: str) -> None:
    rng = random.Random(11)
    cls = technique_class(code)
    kept = cls()
    found = 0
    for line in puzzle_lines("magictour_top1465_sample.txt")[::3][:25]:
        for board in _narrowing(line, rng, 8):
            want = [s.notation for s in cls().find(board)]
            assert [s.notation for s in kept.find(board)] == want
            found += bool(want)
    assert found >= 3  # the boards do hold such steps
