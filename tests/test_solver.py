"""The solve loop: logic first, then guesses where logic runs out, counted as guesses required."""

from __future__ import annotations

import json
from typing import Any

import pytest

from conftest import SEED_PUZZLE, puzzle_lines, variant_entries
from yass.constraints import (
    REGISTRY,
    AntiKing,
    AntiKnight,
    Candidates,
    NonConsecutive,
    constraint_from_json,
)
from yass.core.board import Board, ConflictError, Puzzle
from yass.core.geometry import Grid, LayoutError, box_shape, char_digit, digits_mask
from yass.core.layout import Layout
from yass.engine.search import count_solutions
from yass.engine.search import solve as search_solve
from yass.logic.solver import GUESS, SolveResult, apply_step, next_step, solve
from yass.logic.techniques import get_techniques

# The README example's solution, read off its boxed grid.
SEED_SOLUTION = "429516873851739246637482591395274618164958732782163459576891324213647985948325167"
MIRACLE_SOLUTION = (
    "483726159726159483159483726837261594261594837594837261372615948615948372948372615"
)


def _puzzle(line: str, layout: Layout | None = None) -> Puzzle:
    lay = layout or Layout.classic(round(len(line) ** 0.5))
    return Puzzle(lay, tuple(max(0, char_digit(ch)) for ch in line))


def _line(values: tuple[int, ...] | None) -> str:
    assert values is not None
    return "".join(str(v) for v in values)


def _replay(result: SolveResult) -> Board:
    """Apply the path's steps, in order, to a fresh board of the puzzle."""
    board = result.puzzle.board()
    for step in result.steps:
        assert apply_step(board, step) is None, step.explanation
    return board


def _check_path(result: SolveResult) -> None:
    """The invariants of a successful path (see the solver's docstring)."""
    assert result.solution is not None
    guesses = [s for s in result.steps if s.technique == GUESS]
    assert len(guesses) == result.guesses
    assert result.branches >= result.guesses
    assert tuple(_replay(result).values) == result.solution
    lay = result.puzzle.layout
    assert lay.check(result.solution)
    assert all(g in (0, v) for g, v in zip(result.puzzle.givens, result.solution, strict=True))


# -- the README example ----------------------------------------------------------------------


def test_seed_example_needs_no_guess() -> None:
    result = solve(_puzzle(SEED_PUZZLE))
    assert _line(result.solution) == SEED_SOLUTION
    assert result.guesses == 0
    assert result.logic_only
    assert result.stuck_board is None
    assert result.line() == SEED_SOLUTION
    assert not any(s.technique == GUESS for s in result.steps)
    _check_path(result)
    assert result.steps[0].explanation.endswith("fill it in")


def test_next_step_is_a_hint_that_agrees_with_the_solution() -> None:
    board = _puzzle(SEED_PUZZLE).board()
    step = next_step(board)
    assert step is not None and step.technique in ("ns", "hs")
    ((cell, digit),) = step.placements
    assert int(SEED_SOLUTION[cell]) == digit
    assert next_step(board, []) is None
    solved = _puzzle(SEED_SOLUTION).board()
    assert next_step(solved) is None


# -- guessing ---------------------------------------------------------------------------------


def test_hard_puzzle_with_weak_logic_needs_guesses() -> None:
    puzzle = _puzzle(puzzle_lines("norvig_top95.txt", 1)[0])
    ladder = get_techniques("ns,hs")
    result = solve(puzzle, ladder)
    assert result.guesses > 0
    assert result.solution == search_solve(puzzle)
    _check_path(result)
    assert result.stuck_board is not None
    assert next_step(result.stuck_board, ladder) is None


@pytest.mark.parametrize("name", ["norvig_hardest11.txt", "norvig_top95.txt"])
def test_default_ladder_solves_hard_puzzles(name: str) -> None:
    for line in puzzle_lines(name, 4):
        puzzle = _puzzle(line)
        result = solve(puzzle)
        assert result.solution == search_solve(puzzle)
        _check_path(result)


# A 4x4 grid whose every cell is given a two-digit candidate list (true digit first):
#   r1: 2 3 1 4      r1c1 {1,2} r1c2 {2,3} r1c3 {1,2} r1c4 {2,4}
#   r2: 4 1 2 3      r2c1 {2,4} r2c2 {1,2} r2c3 {2,3} r2c4 {3,4}
#   r3: 3 2 4 1      r3c1 {2,3} r3c2 {2,3} r3c3 {3,4} r3c4 {1,4}
#   r4: 1 4 3 2      r4c1 {1,2} r4c2 {3,4} r4c3 {1,3} r4c4 {1,2}
# Every cell has two candidates, so the first guess is r1c1 (lowest index). r1c1=1 takes 1
# from r1c3, r2c2 and r4c1, which leaves row 2 without a place for 1: that guess fails at
# once. r1c1=2 leaves r1c2, r1c3, r1c4, r2c1, r2c2, r3c1 and r4c1 with one candidate each,
# and placing singles (lowest cell first) fills the rest without a clash:
#   r1c2=3 (r3c2 -> 2, r4c2 -> 4), r1c3=1 (r4c3 -> 3), r1c4=4 (r2c4 -> 3, r3c4 -> 1),
#   r2c1=4, r2c2=1, r2c4=3 (r2c3 -> 2), r2c3=2, r3c1=3 (r3c3 -> 4), r3c2, r3c3,
#   r3c4=1 (r4c4 -> 2), r4c1..r4c4.
LISTS_4X4 = ["12", "23", "12", "24", "24", "12", "23", "34",
             "23", "23", "34", "14", "12", "34", "13", "12"]  # fmt: skip
SOLUTION_4X4 = "2314412332411432"


def _lists_puzzle() -> Puzzle:
    rules = [Candidates(cell, digits_mask([int(ch) for ch in text])) for cell, text in
             enumerate(LISTS_4X4)]  # fmt: skip
    return Puzzle(Layout(4, rules), (0,) * 16)


def test_guess_count_with_naked_singles() -> None:
    # Root: stuck -> 1; r1c1=1 fails -> 2; r1c1=2 is then solved by naked singles (+0).
    result = solve(_lists_puzzle(), get_techniques("ns"))
    assert _line(result.solution) == SOLUTION_4X4
    assert result.guesses == 2
    assert result.branches == 2
    failed, right = [s for s in result.steps if s.technique == GUESS]
    assert failed.eliminations == ((0, 1),)
    assert "row 2 has no place for 1" in failed.explanation
    assert failed.explanation.endswith("so r1c1 is not 1")
    assert right.placements == ((0, 2),)
    _check_path(result)


def test_guess_count_without_techniques() -> None:
    # As above, but each of the 15 cells after r1c1=2 is itself a (forced) guess: 2 + 15.
    result = solve(_lists_puzzle(), [])
    assert _line(result.solution) == SOLUTION_4X4
    assert result.guesses == 17
    assert result.branches == 17
    _check_path(result)


def test_failed_guesses_count_when_there_is_no_solution() -> None:
    # Givens r1c3=3, r1c4=4, r3c2=3, r4c2=4. Column 2 needs its 1 and 2 in r1c2/r2c2 (box 1),
    # so r1c1 can be neither, yet row 1 leaves it only {1, 2}: no solution. r1c1 is the first
    # cell with the fewest candidates (two). r1c1=1 leaves column 2 no place for 1, r1c1=2
    # no place for 2: the root counts 1 + 2 failed guesses.
    puzzle = _puzzle("..34.....3...4..")
    assert count_solutions(puzzle) == 0
    result = solve(puzzle, [])
    assert result.solution is None
    assert result.guesses == 3
    assert result.branches == 2
    assert result.steps == []
    # With the default ladder the hidden single r2c1=3 (box 1) leaves row 2 no 4: no guess.
    result = solve(puzzle)
    assert result.solution is None
    assert result.guesses == 0


def test_no_solution_from_the_start() -> None:
    # Row 1 holds 1-8 and column 9 holds a 9: r1c9 has no candidate left.
    line = "12345678." + "." * 36 + "........9" + "." * 27
    result = solve(_puzzle(line))
    assert result.solution is None
    assert result.guesses == 0
    assert result.branches == 0


def test_no_solution_found_by_search() -> None:
    # The seed example with a wrong 5 in r1c2 (it clashes with no given).
    line = SEED_PUZZLE[:1] + "5" + SEED_PUZZLE[2:]
    puzzle = _puzzle(line)
    assert count_solutions(puzzle) == 0
    result = solve(puzzle)
    assert result.solution is None
    assert not result.limit_reached


@pytest.mark.parametrize(
    "line",
    [
        "." * 16,
        # The seed example without its first three rows' givens: many solutions.
        "." * 27 + SEED_PUZZLE[27:],
    ],
)
def test_several_solutions_give_one_valid_grid(line: str) -> None:
    puzzle = _puzzle(line)
    assert count_solutions(puzzle, 2) == 2
    result = solve(puzzle)
    _check_path(result)


def test_max_guesses_bounds_the_work() -> None:
    puzzle = _puzzle(puzzle_lines("norvig_top95.txt", 1)[0])
    ladder = get_techniques("ns")
    stopped = solve(puzzle, ladder, max_guesses=2)
    assert stopped.limit_reached
    assert stopped.solution is None
    assert stopped.branches == 2
    full = solve(puzzle, ladder, max_guesses=100_000)
    assert not full.limit_reached
    assert full.solution == search_solve(puzzle)


def test_clashing_givens_raise() -> None:
    with pytest.raises(ConflictError):
        solve(_puzzle("55" + "." * 79))


# -- variants -----------------------------------------------------------------------------------


def test_miracle_sudoku() -> None:
    lay = Layout(9, [AntiKnight(), AntiKing(), NonConsecutive()])
    givens = [0] * 81
    givens[lay.parse_cell("r5c3")] = 1
    givens[lay.parse_cell("r6c7")] = 2
    result = solve(Puzzle(lay, tuple(givens)))
    assert _line(result.solution) == MIRACLE_SOLUTION
    _check_path(result)


def _variant(entry: dict[str, Any]) -> Puzzle:
    size = entry["size"]
    grid = Grid(size, *(box_shape(size) or (0, 0)))
    try:
        rules = [constraint_from_json(c, grid) for c in entry["constraints"]]
    except LayoutError as exc:
        pytest.skip(f"the constraints module does not load this entry: {exc}")
    return _puzzle(entry["givens"], Layout(size, rules))


#: Variant puzzles whose whole solve takes the default ladder 9-13 s here (forcing nets
#: on most steps): tests/test_techniques.py walks their solve path, checking every step
#: and the final grid, so this module leaves them out to keep the suite's time.
LONG = {"Bird in a storm", "Entropic Lines 101", "X-Windoku"}
SUPPORTED = [
    e for e in variant_entries()
    if all(c["type"] in REGISTRY for c in e["constraints"]) and e["name"] not in LONG
]


def test_long_variants_are_walked_elsewhere() -> None:
    names = {e["name"] for e in variant_entries()}
    assert names >= LONG


@pytest.mark.parametrize("entry", SUPPORTED, ids=[e["name"][:40] for e in SUPPORTED])
def test_variant_puzzles(entry: dict[str, Any]) -> None:
    result = solve(_variant(entry))
    assert result.line() == entry["solution"], json.dumps(entry["constraints"])[:200]
    _check_path(result)


def test_guess_steps_are_the_guesses_of_the_solve_path() -> None:
    """At every point where the path guesses, ``guess_steps`` gives the same failed
    guesses and the same placed digit as the solve, without solving the branches."""
    from yass.formats import parse_puzzle
    from yass.logic.solver import GUESS, apply_step, guess_steps
    from yass.logic.techniques import get_techniques

    singles = get_techniques("ns,hs")
    failed_seen = 0
    for line in puzzle_lines("norvig_top95.txt", 6):
        puzzle = parse_puzzle(line)
        result = solve(puzzle, singles, unique=True)
        board = puzzle.board()
        steps = result.steps
        i = 0
        while i < len(steps):
            if steps[i].technique != GUESS:
                assert apply_step(board, steps[i]) is None
                i += 1
                continue
            made = guess_steps(board)
            path = steps[i : i + len(made)]
            assert [(s.placements, s.eliminations) for s in made] == [
                (s.placements, s.eliminations) for s in path
            ]
            failed_seen += sum(1 for s in made if s.eliminations)
            for s in made:
                assert apply_step(board, s) is None
            i += len(made)
        assert tuple(board.values) == result.solution
    assert failed_seen > 0  # the sample has guesses that fail


def test_the_last_resort_is_known_before_its_family_is_loaded() -> None:
    """A technique not yet imported (``_Pending``) says whether it is the last resort, as
    its class does: the solver leaves the nested forcing chains out of every guess even
    in a process that has not used them yet (else an empty grid spent minutes in them)."""
    from yass.logic.solver import _Search
    from yass.logic.techniques import FAMILIES, _Pending, technique_class

    pending = {code: _Pending(code) for code in FAMILIES}
    assert {c for c, t in pending.items() if t.last_resort} == {"nfc"}
    for code, tech in pending.items():
        assert type(tech) is _Pending  # asking did not load the family
        assert tech.last_resort == technique_class(code).last_resort, code
    puzzle = Puzzle(Layout.classic(9), (0,) * 81)
    search = _Search(puzzle, list(pending.values()), None)
    assert [t.code for t in search.branch_techniques] == [c for c in pending if c != "nfc"]
