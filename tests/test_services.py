"""The use cases (``yass.services``) on real puzzles: what they find, checked against the
exhaustive search, and through the command and the page's server where they are used."""

from __future__ import annotations

import contextlib
import io
import json
import urllib.error
import urllib.request
from typing import Any

import pytest

from conftest import SEED_PUZZLE
from yass.cli.commands import main
from yass.core.board import Puzzle
from yass.engine import fast, search
from yass.formats import parse_puzzle
from yass.services import hints, setting, solving
from yass.services.analysis import analyze_grid
from yass.web import Server

#: The seed's solution with an unavoidable rectangle blanked (r1c3, r1c8, r3c3, r3c8):
#: exactly two solutions, which swap the rectangle's two digits.
SEED_SOLUTION = "429516873851739246637482591395274618164958732782163459576891324213647985948325167"
RECTANGLE = {0 * 9 + 2, 0 * 9 + 7, 2 * 9 + 2, 2 * 9 + 7}
TWO_SOLUTIONS = "".join("." if i in RECTANGLE else ch for i, ch in enumerate(SEED_SOLUTION))


def _all_solutions(puzzle: Puzzle) -> list[tuple[int, ...]]:
    return list(search.solutions(puzzle, 100))


@pytest.fixture
def count_calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every call of the exhaustive search's count (``fast.count_solutions``), recorded."""
    calls: list[int] = []
    real = fast.count_solutions

    def counting(*args: Any, **kwargs: Any) -> int:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(fast, "count_solutions", counting)
    return calls


# -- solving ------------------------------------------------------------------------------------


def test_solve_keeps_the_solvers_count(count_calls: list[int]) -> None:
    puzzle = parse_puzzle(SEED_PUZZLE)
    solved = solving.solve(puzzle, guess_runs=2)
    assert solved.known is True and len(count_calls) == 1  # the ladder's own count
    found = solving.uniqueness(solved)
    assert len(count_calls) == 1  # not counted again
    assert found.count == 1 and found.answer(solved.result.solution) is True
    assert solved.guess_stats is not None and solved.guess_stats.runs == 2
    obj = solved.to_json(found, steps=True)
    assert obj["solution"] == SEED_SOLUTION and obj["unique"] is True
    assert len(obj["explanations"]) == obj["steps"] == len(solved.result.steps)


def test_uniqueness_of_a_puzzle_with_two_solutions() -> None:
    puzzle = parse_puzzle(TWO_SOLUTIONS)
    solved = solving.solve(puzzle, unique=False)  # declared: nothing counted yet
    assert solved.known is None
    solution = solved.result.solution
    assert solution is not None and solution in _all_solutions(puzzle)
    found = solving.uniqueness(solved)
    assert found.count == 2 and found.answer(solution) is False and found.agrees(solution)


def test_first_solution_count_and_check() -> None:
    unique, several = parse_puzzle(SEED_PUZZLE), parse_puzzle(TWO_SOLUTIONS)
    first = solving.first_solution(unique, 2)
    assert first.count == 1 and first.stopped is None
    assert "".join(map(str, first.solution or ())) == SEED_SOLUTION
    assert solving.count(several, 100).solutions == len(_all_solutions(several)) == 2
    counted = solving.count(several, 2)
    assert counted.at_limit and not counted.at_most
    assert solving.check(unique).unique and not solving.check(several).unique


# -- a grid in progress -------------------------------------------------------------------------


def test_hint_and_all_steps_agree_with_the_solution() -> None:
    puzzle = parse_puzzle(SEED_PUZZLE)
    solution = tuple(int(ch) for ch in SEED_SOLUTION)
    grid = hints.in_progress(puzzle.board(), puzzle)
    assert grid.solution == solution
    step = hints.hint(grid).step
    assert step is not None
    found = hints.all_steps(grid)
    steps = [s for _, group in found.groups for s in group]
    assert steps and any(
        s.placements == step.placements and s.eliminations == step.eliminations for s in steps
    )
    for s in steps:  # every step listed is sound
        assert all(solution[c] == d for c, d in s.placements)
        assert all(solution[c] != d for c, d in s.eliminations)
    obj = found.to_json(views=True)
    assert [g["technique"] for g in obj["techniques"]] == [code for code, _ in found.groups]
    assert all("view" in s and s["view"]["marks"] for g in obj["techniques"] for s in g["steps"])
    assert "view" not in found.to_json()["techniques"][0]["steps"][0]


def test_a_grid_that_went_wrong_and_a_puzzle_without_solution() -> None:
    puzzle = parse_puzzle(SEED_PUZZLE)
    board = puzzle.board()
    cell = SEED_PUZZLE.index("0")
    wrong = next(d for d in range(1, 10) if d != int(SEED_SOLUTION[cell]) and board.has(cell, d))
    board.place(cell, wrong)
    grid = hints.in_progress(board, puzzle)
    with pytest.raises(hints.ProgressError, match="solution has"):
        hints.hint(grid)
    with pytest.raises(hints.ProgressError):
        hints.marks(grid)
    dead_end = parse_puzzle("123." "...." "...." "...4")  # r1c4 must be 4, column 4 has one
    with pytest.raises(hints.ProgressError, match=hints.NO_SOLUTION):
        hints.in_progress(dead_end.board(), dead_end)


def test_marks_name_digits_with_two_places() -> None:
    puzzle = parse_puzzle(SEED_PUZZLE)
    grid = hints.in_progress(puzzle.board(), puzzle)
    found = hints.marks(grid, 2)
    board = puzzle.board()
    assert found.marks
    for mark in found.marks:
        house = board.layout.houses[mark.house]
        assert len(mark.cells) == 2 and set(mark.cells) <= set(house.cells)
        assert all(board.has(c, mark.digit) for c in mark.cells)
    assert len(found.to_json()["marks"]) == len(found.lines()) == len(found.marks)


# -- the setter's tools -------------------------------------------------------------------------


def test_setter_tools_on_two_solutions() -> None:
    puzzle = parse_puzzle(TWO_SOLUTIONS)
    solutions = _all_solutions(puzzle)
    report = setting.setter(puzzle, cap=50)
    found = report.found
    assert set(found.ambiguous()) == RECTANGLE
    for cell in range(81):
        assert found.masks[cell] == sum({1 << (s[cell] - 1) for s in solutions})
    assert report.counts is not None and report.redundant is None
    for cell, digits in report.counts.rows():
        for d, n in digits:
            assert n == sum(1 for s in solutions if s[cell] == d)
    assert report.ties is not None
    tied = report.ties.ties
    assert tied.complete and tied.solutions == len(solutions)
    assert tied.equal and all(all(s[a] == s[b] for s in solutions) for a, b in tied.equal)
    assert all(all(s[a] != s[b] for s in solutions) for a, b in tied.differ)
    obj = report.to_json()
    assert sorted(obj["ambiguous"]) == sorted(puzzle.layout.name(c) for c in RECTANGLE)
    assert obj["ties"]["equal"] == [[puzzle.layout.name(a), puzzle.layout.name(b)]
                                    for a, b in tied.equal]


def test_redundant_givens_leave_the_puzzle_unique() -> None:
    # the seed puzzle with its first twelve cells filled in: far from minimal
    line = SEED_SOLUTION[:12] + SEED_PUZZLE[12:]
    puzzle = parse_puzzle(line)
    found = setting.redundant(puzzle)
    assert found.found is not None and found.found.givens
    for cell in found.found.givens:
        fewer = list(puzzle.givens)
        fewer[cell] = 0
        assert fast.count_solutions(Puzzle(puzzle.layout, tuple(fewer)), 2) == 1
    assert found.to_json()["redundant_givens"] == found.givens()
    not_unique = setting.redundant(parse_puzzle(TWO_SOLUTIONS))
    assert not_unique.found is None and not_unique.to_json() == {"error": not_unique.error}


def test_analysis_finds_the_wrong_digit() -> None:
    from yass.core.bounds import Bounds

    puzzle = parse_puzzle(SEED_PUZZLE)
    values = list(puzzle.givens)
    cell = SEED_PUZZLE.index("0")
    values[cell] = next(d for d in range(1, 10) if d != int(SEED_SOLUTION[cell]))
    found = analyze_grid(puzzle, values, None, Bounds(10))
    assert found.solutions == 1 and found.wrong == [cell]
    assert found.to_json()["wrong"] == [puzzle.layout.name(cell)]


# -- through the page's server ------------------------------------------------------------------


def _post(server: Server, path: str, obj: Any) -> tuple[int, Any]:
    req = urllib.request.Request(
        server.address.url.rstrip("/") + path, data=json.dumps(obj).encode(), method="POST"
    )
    req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=60) as reply:
            return reply.status, json.loads(reply.read())
    except urllib.error.HTTPError as exc:
        with exc:
            return exc.code, json.loads(exc.read())


def test_api_setter(server: Server) -> None:
    status, answer = _post(server, "/api/setter", {"puzzle": TWO_SOLUTIONS, "cap": 10})
    assert status == 200
    puzzle = parse_puzzle(TWO_SOLUTIONS)
    assert answer == setting.setter(puzzle, cap=10).to_json()
    assert answer["counts"]["cap"] == 10 and answer["ties"]["complete"] is True
    assert "redundant" not in answer
    status, answer = _post(server, "/api/setter", {"puzzle": SEED_PUZZLE, "ties": False})
    assert status == 200 and answer["ambiguous"] == [] and "counts" not in answer
    assert answer["redundant"]["puzzle"] == parse_puzzle(SEED_PUZZLE).line()
    for bad in ({"puzzle": SEED_PUZZLE, "cap": 0}, {"puzzle": SEED_PUZZLE, "counts": "yes"},
                {"cap": 5}):
        status, answer = _post(server, "/api/setter", bad)
        assert status == 400 and set(answer) == {"error"}


def test_api_hint_all_steps(server: Server) -> None:
    status, answer = _post(server, "/api/hint", {"puzzle": SEED_PUZZLE, "all": True})
    assert status == 200
    with contextlib.redirect_stdout(io.StringIO()) as out:
        assert main(["hint", SEED_PUZZLE, "--all", "--format", "json"]) == 0
    command = json.loads(out.getvalue())
    for group in answer["techniques"]:
        for step in group["steps"]:
            assert step.pop("view")["hints"]
    assert answer == command  # the same use case, the same JSON
    status, answer = _post(server, "/api/hint", {"puzzle": SEED_PUZZLE, "all": 1})
    assert status == 400


def test_api_hint_on_a_state_of_the_path(server: Server) -> None:
    """The explain page asks for every step on the board before a step of its path:
    digits placed and candidates narrowed, a cell with one candidate left still open."""
    from yass.logic.explain import explain

    puzzle = parse_puzzle(SEED_PUZZLE)
    path = explain(puzzle).steps
    board = puzzle.board()
    for step in path[:12]:
        board.apply(step)
    body = {"puzzle": SEED_PUZZLE, "values": list(board.values),
            "candidates": list(board.cands), "all": True, "level": 1}
    status, answer = _post(server, "/api/hint", body)
    assert status == 200
    expected = hints.all_steps(hints.in_progress(board, puzzle)).to_json()
    assert [(g["technique"], len(g["steps"])) for g in answer["techniques"]] == [
        (g["technique"], len(g["steps"])) for g in expected["techniques"]
    ]
    following = path[12]
    assert any(s["placements"] == following.to_json(puzzle.layout)["placements"]
               and s["eliminations"] == following.to_json(puzzle.layout)["eliminations"]
               for g in answer["techniques"] for s in g["steps"])
    for bad in ([0] * 80, ["1"] * 81, [10] + [0] * 80):
        status, answer = _post(server, "/api/hint", {**body, "values": bad})
        assert status == 400 and "'values'" in answer["error"]
