"""True candidates and ambiguous cells, checked against every solution enumerated."""

from __future__ import annotations

import random

import pytest

from conftest import SEED_PUZZLE, digits_of, puzzle_lines, variant_entries, variant_puzzle
from yass.core.board import Puzzle
from yass.core.bounds import BoundReached, Bounds
from yass.core.layout import Layout
from yass.engine.search import solutions
from yass.logic.setter import true_candidates


def union_of_solutions(puzzle: Puzzle, limit: int = 5000) -> tuple[int, ...]:
    found = list(solutions(puzzle, limit))
    assert len(found) < limit
    masks = [0] * puzzle.layout.ncells
    for sol in found:
        for c, v in enumerate(sol):
            masks[c] |= 1 << (v - 1)
    return tuple(masks)


def _holes(solution: tuple[int, ...], layout: Layout, holes: int, seed: int) -> Puzzle:
    rng = random.Random(seed)
    givens = list(solution)
    for c in rng.sample(range(len(givens)), holes):
        givens[c] = 0
    return Puzzle(layout, tuple(givens))


@pytest.mark.parametrize("seed", range(6))
def test_true_candidates_are_the_union_of_all_solutions(seed: int) -> None:
    line = puzzle_lines("norvig_top95.txt", 6)[seed] if seed < 3 else None
    layout = Layout.classic(9)
    if line is None:
        base = next(solutions(Puzzle(layout, (0,) * 81)))
    else:
        base = next(solutions(Puzzle(layout, digits_of(line))))
    puzzle = _holes(base, layout, 52, seed)
    got = true_candidates(puzzle)
    assert got.masks == union_of_solutions(puzzle)
    amb = got.ambiguous()
    assert amb == [c for c, m in enumerate(got.masks) if bin(m).count("1") > 1]
    assert got.unique == (not amb)


def test_unique_puzzle_has_one_true_candidate_per_cell() -> None:
    line = puzzle_lines("norvig_top95.txt", 1)[0]
    puzzle = Puzzle(Layout.classic(9), digits_of(line))
    got = true_candidates(puzzle)
    assert got.unique and got.ambiguous() == []
    assert tuple(m.bit_length() for m in got.masks) == next(solutions(puzzle))


def test_no_solution_gives_no_candidates() -> None:
    # r1 holds 1 2 3, so r1c4 must be 4, but r2c4 already is: no solution, no clash.
    givens = (1, 2, 3, 0, 0, 0, 0, 4) + (0,) * 8
    got = true_candidates(Puzzle(Layout.classic(4), givens))
    assert not got.solvable and got.masks == (0,) * 16


def test_variant_rules_count() -> None:
    entry = next(e for e in variant_entries() if e["name"].startswith("The Miracle"))
    puzzle = variant_puzzle(entry)
    # Two givens fewer than the published puzzle: many solutions, all obeying the rules.
    givens = [0] * 81
    givens[puzzle.givens.index(1)] = 1
    loose = Puzzle(puzzle.layout, tuple(givens))
    got = true_candidates(loose)
    assert got.masks == union_of_solutions(loose)
    assert got.ambiguous()


def test_bounds_stop_the_run() -> None:
    puzzle = Puzzle(Layout.classic(9), (0,) * 81)
    with pytest.raises(BoundReached):
        true_candidates(puzzle, Bounds(timeout=1e-9))


# -- the commands ------------------------------------------------------------------------------


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    from yass.cli.commands import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _loose_line() -> tuple[str, Puzzle]:
    """A top95 puzzle with six of its solution's cells left open beyond the givens
    removed... built so it has a handful of solutions."""
    layout = Layout.classic(9)
    base = next(solutions(Puzzle(layout, digits_of(puzzle_lines("norvig_top95.txt", 1)[0]))))
    puzzle = _holes(base, layout, 56, 7)
    return "".join(str(v) if v else "." for v in puzzle.givens), puzzle


def test_candidates_command_prints_the_true_candidates(
    capsys: pytest.CaptureFixture[str],
) -> None:
    line, puzzle = _loose_line()
    code, out, err = _cli(capsys, "candidates", line)
    assert code == 0 and err == ""
    masks = union_of_solutions(puzzle)
    open_cells = sum(1 for m in masks if m & (m - 1))
    assert out.rstrip().endswith(f"{open_cells} cells with more than one true candidate")
    # the first open cell's true candidates are printed in the grid
    first = next(c for c, m in enumerate(masks) if m & (m - 1))
    digits = "".join(str(d) for d in range(1, 10) if masks[first] >> (d - 1) & 1)
    assert digits in out


def test_check_names_the_ambiguous_cells(capsys: pytest.CaptureFixture[str]) -> None:
    line, puzzle = _loose_line()
    code, out, _ = _cli(capsys, "check", line)
    assert code == 1
    masks = union_of_solutions(puzzle)
    first = next(c for c, m in enumerate(masks) if m & (m - 1))
    digits = ",".join(str(d) for d in range(1, 10) if masks[first] >> (d - 1) & 1)
    assert out.startswith("not unique: more than one solution; ")
    assert f"still ambiguous: {puzzle.layout.name(first)}{{{digits}}}" in out


def test_candidates_of_a_puzzle_without_solution(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _cli(capsys, "candidates", "12345678." + "........9" + "." * 63)
    assert code == 1 and out.strip() == "no solution"


# -- counts per candidate, ties, redundant givens and rules ---------------------------------


def _few_solutions(seed: int) -> Puzzle:
    """A classic puzzle with 2-60 solutions, from a solution with cells blanked."""
    layout = Layout.classic(9)
    rng = random.Random(seed)
    base = next(solutions(Puzzle(layout, (0,) * 81)))
    for holes in range(30, 70):
        puzzle = _holes(base, layout, holes, rng.randrange(1 << 30))
        n = len(list(solutions(puzzle, 61)))
        if 2 <= n <= 60:
            return puzzle
    raise AssertionError("no puzzle with a few solutions")


@pytest.mark.parametrize("seed", range(3))
def test_candidate_counts_and_ties_match_every_solution(seed: int) -> None:
    from yass.logic.setter import candidate_counts, ties

    puzzle = _few_solutions(seed)
    every = list(solutions(puzzle, 100))
    counts = candidate_counts(puzzle, 1000)
    expected: dict[tuple[int, int], int] = {}
    for sol in every:
        for c, v in enumerate(sol):
            expected[c, v] = expected.get((c, v), 0) + 1
    assert counts == expected
    capped = candidate_counts(puzzle, 2)
    assert capped == {k: min(v, 2) for k, v in expected.items()}
    found = ties(puzzle)
    assert found.complete and found.solutions == len(every)
    layout = puzzle.layout
    open_cells = [c for c in range(81) if not puzzle.givens[c]]
    for i, a in enumerate(open_cells):
        for b in open_cells[i + 1 :]:
            values = {(s[a], s[b]) for s in every}
            decided = len({s[a] for s in every}) == 1
            equal = not decided and all(x == y for x, y in values)
            differ = not decided and not equal and not layout.sees(a, b) and all(
                x != y for x, y in values
            )
            assert ((a, b) in found.equal) == equal
            assert ((a, b) in found.differ) == differ


def test_redundant_givens_and_rules_are_exactly_those_that_can_go() -> None:
    from yass.engine import fast
    from yass.logic.setter import redundant

    entry = next(e for e in variant_entries(multi_cell=True) if e["name"] == "Clipped")
    puzzle = variant_puzzle(entry)
    found = redundant(puzzle)
    layout = puzzle.layout
    for cell in (c for c, v in enumerate(puzzle.givens) if v):
        fewer = list(puzzle.givens)
        fewer[cell] = 0
        unique = fast.count_solutions(Puzzle(layout, tuple(fewer)), 2) == 1
        assert (cell in found.givens) == unique
    rules = list(layout.constraints)
    for i in range(len(rules)):
        fewer_rules = Layout(layout.size, rules[:i] + rules[i + 1 :])
        unique = fast.count_solutions(Puzzle(fewer_rules, puzzle.givens), 2) == 1
        assert (i in found.rules) == unique
    assert found.rules  # some of this puzzle's rules are redundant on their own
    with pytest.raises(ValueError, match="exactly one solution"):
        redundant(Puzzle(layout, (0,) * 81))


def test_setter_commands(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from yass.cli.commands import main

    assert main(["redundant", SEED_PUZZLE, "--format", "json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["redundant_rules"] == [] and "r1c5=1" in obj["redundant_givens"]
    puzzle = _few_solutions(1)
    assert main(["candidates", puzzle.line(), "--counts", "--ties"]) == 0
    out = capsys.readouterr().out
    assert "solutions per candidate (counted up to 100):" in out
    assert "ties over all" in out and "always equal:" in out
    assert main(["redundant", puzzle.line()]) == 1
    assert "does not have exactly one solution" in capsys.readouterr().out
