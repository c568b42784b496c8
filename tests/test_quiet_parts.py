"""Techniques that skip the parts of the grid unchanged since they gave nothing
(``context.QuietParts``: the trivalue oddagon's rectangles of boxes, the bent wings' pairs
of crossing houses, Sue de Coq's house pairs and their cores, the Exocets' bases): along a
solve whose boards only lose candidates, one long-lived instance finds the same steps, in
the same order, as a fresh one on every board."""

from __future__ import annotations

import random

import pytest

from conftest import puzzle_lines
from yass.core.board import Board
from yass.engine.search import solve as search_solve
from yass.formats import parse_puzzle
from yass.logic.solver import apply_step, next_step
from yass.logic.techniques import get_techniques, technique_class

#: The first grid of benchmarks/data/forum_hardest_er10.txt (ER 11.9; Junior and Senior
#: Exocets on its solve path, see tests/data/techniques/exocet.txt).
_EXOCET_GRID = "........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6."

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


@pytest.mark.parametrize("code", ["tri", "wxyz", "sdc"])
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


def _towards_solution(line: str, rng: random.Random, count: int) -> list[Board]:
    """Boards of one puzzle that only lose candidates: after the singles, one to three
    false candidates (never the solution's digit) removed at a time, singles applied."""
    puzzle = parse_puzzle(line)
    board = puzzle.board()
    solution = search_solve(puzzle)
    assert solution is not None
    singles = get_techniques("fh,ns,hs")

    def settle() -> None:
        step = next_step(board, singles)
        while step is not None:
            apply_step(board, step)
            step = next_step(board, singles)

    settle()
    out = [board.copy()]
    for _ in range(count):
        false = [
            (c, d + 1) for c in range(81) if not board.values[c]
            for d in range(9) if board.cands[c] >> d & 1 and d + 1 != solution[c]
        ]
        if not false:
            break
        for cell, digit in rng.sample(false, min(len(false), rng.randint(1, 2))):
            board.eliminate(cell, digit)
        settle()
        out.append(board.copy())
    return out


@pytest.mark.parametrize(("code", "least"), [("je", 10), ("se", 1)])
def test_a_long_lived_exocet_finds_what_a_fresh_one_finds(code: str, least: int) -> None:
    # Exocets need hard grids: the forum's hardest grid of tests/data/techniques/exocet.txt
    # and Norvig's hardest, each narrowed towards its solution in small bites.
    rng = random.Random(5)
    cls = technique_class(code)
    kept = cls()
    found = 0
    lines = [
        _EXOCET_GRID, *puzzle_lines("norvig_hardest11.txt"), *puzzle_lines("norvig_top95.txt")[:12]
    ]
    for line in lines:
        for board in _towards_solution(line, rng, 40):
            want = [s.notation for s in cls().find(board)]
            assert [s.notation for s in kept.find(board)] == want
            found += bool(want)
    assert found >= least  # the boards do hold such steps
