"""The costly techniques at the top of the ladder, swept for soundness on a few states.

The regression cases of each technique are in tests/data/techniques/; the walk in
tests/test_techniques.py checks every step of the cheaper techniques at every state. The
techniques here (Franken and Mutant fish, the large finned fish, aligned triple
exclusion, templates) cost up to a second a state, so they are checked every few states
of the later half of a few hard puzzles' walks.
"""

from __future__ import annotations

from itertools import islice

import pytest

from conftest import puzzle_lines
from test_techniques import SEARCHING
from test_wings import _classic, _states
from yass.engine.search import solve as search_solve
from yass.logic.techniques import ALL_TECHNIQUES, get_techniques

COSTLY = ("frxw", "frsf", "muxw", "musf", "ate", "tset", "tdel",
          "fsqb", "ssqb", "fwha", "swha", "flev", "slev")
#: The two largest forms, checked on fewer states.
LARGEST = ("frjf", "mujf")


def test_costly_techniques_are_left_out_of_the_every_state_walk() -> None:
    assert set(COSTLY) | set(LARGEST) <= SEARCHING
    assert all(not t.info.default for t in ALL_TECHNIQUES if t.code in set(COSTLY + LARGEST))


@pytest.mark.parametrize(("name", "index", "codes", "stride", "quarter"), [
    ("norvig_top95.txt", 0, COSTLY, 3, 2),
    ("norvig_hardest11.txt", 2, COSTLY, 3, 2),
    # seconds a state in the walk's third quarter, still steps to check in its last
    ("norvig_top95.txt", 5, LARGEST, 4, 3),
])
def test_no_costly_step_contradicts_the_solution(
    name: str, index: int, codes: tuple[str, ...], stride: int, quarter: int
) -> None:
    line = puzzle_lines(name, index + 1)[index]
    puzzle = _classic(line)
    solution = search_solve(puzzle)
    assert solution is not None
    techs = [get_techniques(c)[0] for c in codes]
    states = [board.copy() for board in _states(puzzle, solution)]
    checked = 0
    # the later part of the walk (from its ``quarter``-th quarter): fewer candidates, the
    # states where these techniques matter
    for board in islice(states, len(states) * quarter // 4, None, stride):
        for tech in techs:
            for step in tech.find(board):
                checked += 1
                for cell, d in step.placements:
                    assert solution[cell] == d, step.notation
                for cell, d in step.eliminations:
                    assert board.has(cell, d), step.notation
                    assert solution[cell] != d, step.notation
    assert checked > 0
