"""yass.generate and `yass generate`: unique, rated, to order, reproducible."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from yass import count_solutions, parse_puzzle, read_puzzles
from yass.cli.commands import main
from yass.core.board import Puzzle
from yass.core.layout import Layout
from yass.generate import (
    Generated,
    Request,
    _singles_left,
    _Target,
    generate,
    generate_one,
    orbits,
)
from yass.logic.explain import explain

CLASSIC = Layout.classic(9)


def _symmetric(givens: tuple[int, ...], size: int, symmetry: str) -> bool:
    return all(
        len({bool(givens[c]) for c in orbit}) == 1 for orbit in orbits(size, symmetry)
    )


@pytest.mark.parametrize("symmetry", ["rotational", "diagonal", "mirror", "quarter"])
def test_unique_symmetric_and_rated(symmetry: str) -> None:
    g = generate_one(Request(CLASSIC, symmetry=symmetry), seed=5)
    assert g is not None
    assert count_solutions(g.puzzle, limit=2) == 1
    assert _symmetric(g.puzzle.givens, 9, symmetry)
    # The rating printed is the ladder's own, and the solution is the puzzle's.
    e = explain(g.puzzle)
    assert e.solution == g.solution
    assert e.hardest is not None and e.hardest.name == g.hardest_name
    assert e.score == g.score and e.level == g.level
    assert all(v == s for v, s in zip(g.puzzle.givens, g.solution, strict=True) if v)


def test_level_require_exclude_and_givens() -> None:
    g = generate_one(Request(CLASSIC, levels=(3,), exclude=("xy",), givens=(24, 30)), seed=1)
    assert g is not None and g.level == 3 and g.level_name == "Hard"
    assert "xy" not in g.counts and 24 <= g.givens <= 30
    g = generate_one(Request(CLASSIC, require=("np",)), seed=2)
    assert g is not None and "np" in g.counts


def test_minimal_means_no_given_can_go() -> None:
    g = generate_one(Request(CLASSIC, symmetry="none", minimal=True), seed=3)
    assert g is not None
    givens = list(g.puzzle.givens)
    for cell, v in enumerate(givens):
        if v:
            givens[cell] = 0
            assert count_solutions(parse_puzzle("".join(map(str, givens))), limit=2) > 1
            givens[cell] = v


def test_reproducible_whatever_the_workers() -> None:
    req = Request(Layout.classic(4), symmetry="none")
    one = [g.line() for g in generate(req, 3, seed="s", jobs=1) if not isinstance(g, int)]
    two = [g.line() for g in generate(req, 3, seed="s", jobs=2) if not isinstance(g, int)]
    assert one == two and len(one) == 3
    other = [g.line() for g in generate(req, 3, seed="t", jobs=1) if not isinstance(g, int)]
    assert other != one


def test_variant_rules() -> None:
    layout = parse_puzzle("." * 16, rules="diagonal").layout
    g = generate_one(Request(layout, symmetry="none"), seed=4)
    assert g is not None
    assert count_solutions(g.puzzle, limit=2) == 1
    assert g.puzzle.layout == layout


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "-n", "2", "--size", "4", "--seed", "9", "--format", "json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == 2
    for row in rows:
        assert count_solutions(parse_puzzle(row["puzzle"]), limit=2) == 1
        assert {"level", "hardest", "score", "givens", "solution"} <= set(row)
    # The same seed gives the same puzzles in the line format.
    assert main(["generate", "-n", "2", "--size", "4", "--seed", "9"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == [row["puzzle"] for row in rows]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--level", "bogus"], "unknown level 'bogus'"),
        (["--givens", "30-20"], "MIN-MAX"),
        (["--givens", "10-99", "--size", "4"], "has 16 cells"),
        (["-n", "0"], "at least 1"),
        (["--require", "nosuch"], "unknown technique"),
        (["--symmetry", "spiral"], "invalid choice"),
        (["--timeout", "0"], "more than 0"),
    ],
)
def test_bad_options(capsys: pytest.CaptureFixture[str], argv: list[str], words: str) -> None:
    assert main(["generate", *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_timeout_gives_a_line_in_place(capsys: pytest.CaptureFixture[str]) -> None:
    # A 4x4 has no extreme puzzle: the search gives up at the timeout, with its own code.
    code = main(["generate", "--size", "4", "--level", "extreme", "--timeout", "0.3"])
    assert code == 4
    assert capsys.readouterr().out.startswith("no puzzle found within 0.3 s")


def test_practice_stops_where_the_technique_is_next(capsys: pytest.CaptureFixture[str]) -> None:
    g = generate_one(Request(CLASSIC, practice="sky"), seed=3)
    assert g is not None and g.practice_grid is not None and g.practice_step is not None
    assert "sky" in g.counts
    # `yass hint` on the grid in progress names the practised technique.
    assert main(["hint", "--format", "json", g.practice_grid]) == 0
    assert json.loads(capsys.readouterr().out)["technique"] == "sky"
    # The grid is the board after exactly practice_step steps of the path.
    board = g.puzzle.board()
    steps = explain(g.puzzle).steps
    for step in steps[: g.practice_step]:
        board.apply(step)
    assert steps[g.practice_step].technique == "sky"
    argv = ["--practice", "sky", "--seed", "3", "--symmetry", "none", "--format", "json"]
    assert main(["generate", *argv]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["practice"] == {"steps_before": g.practice_step, "grid": g.practice_grid}


def test_rating_range_is_what_yass_rate_says() -> None:
    from yass.rating import rate

    g = generate_one(Request(CLASSIC, rating=(2.0, 4.4)), seed=6)
    assert g is not None and g.se is not None
    r = rate(g.line())
    assert r.status == "rated" and (r.er, r.ep, r.ed) == g.se
    assert r.er is not None and 2.0 <= r.er <= 4.4


def test_rating_needs_a_classic_grid(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--rating", "2-3", "--size", "4"]) == 2
    assert "classic 9x9 only" in capsys.readouterr().err


def test_template_keeps_its_rules_and_givens(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    template = tmp_path / "thermo.json"
    template.write_text(json.dumps({
        "size": 4,
        "givens": "4...............",
        "constraints": [{"type": "thermo", "cells": ["r2c1", "r2c2", "r2c3"]}],
    }))
    assert main(["generate", "--template", str(template), "-n", "2", "--seed", "1",
                 "--format", "json"]) == 0
    entry = next(iter(read_puzzles(str(template))))
    assert entry.puzzle is not None
    layout = entry.puzzle.layout
    for line in capsys.readouterr().out.splitlines():
        row = json.loads(line)
        puzzle = parse_puzzle(row["puzzle"])
        with_rules = Puzzle(layout, puzzle.givens)
        assert count_solutions(with_rules, limit=2) == 1
        assert row["puzzle"][0] == "4"  # the template's given is kept
        sol = [int(ch) for ch in row["solution"]]
        assert sol[4] < sol[5] < sol[6]  # the thermometer holds
    assert main(["generate", "--template", str(template) + ".missing"]) == 2
    assert "error" in capsys.readouterr().err


def test_unknown_codes_are_refused() -> None:
    from yass.generate import GenerateError

    with pytest.raises(GenerateError, match="unknown technique code 'xyw'"):
        generate_one(Request(CLASSIC, exclude=("xyw",)))


# -- the local search ------------------------------------------------------------------


def _rated_as_generated(g: Generated) -> None:
    """``g`` is unique and ``yass explain`` rates it as ``g`` says."""
    assert count_solutions(g.puzzle, limit=2) == 1
    e = explain(g.puzzle)
    assert e.solution == g.solution
    assert e.hardest is not None and e.hardest.code == g.hardest
    assert (e.level, e.score, e.counts()) == (g.level, g.score, g.counts)


def test_search_finds_the_hardest_technique_asked_reproducibly() -> None:
    req = Request(CLASSIC, hardest=("sky",), symmetry="rotational")
    g = generate_one(req, seed=1, timeout=20)
    assert g is not None and g.hardest == "sky"
    _rated_as_generated(g)
    assert _symmetric(g.puzzle.givens, 9, "rotational")
    again = generate_one(req, seed=1, timeout=20)
    assert again is not None and again.line() == g.line() and again.tries == g.tries
    other = generate_one(req, seed=1, index=1, timeout=20)
    assert other is not None and other.line() != g.line() and other.hardest == "sky"


def test_search_finds_an_unfair_puzzle() -> None:
    g = generate_one(Request(CLASSIC, levels=(4,), symmetry="diagonal"), seed=5, timeout=20)
    assert g is not None and g.level == 4 and g.level_name == "Unfair"
    _rated_as_generated(g)
    assert _symmetric(g.puzzle.givens, 9, "diagonal")


def test_search_keeps_minimal_when_asked() -> None:
    req = Request(CLASSIC, levels=(3,), symmetry="none", minimal=True)
    g = generate_one(req, seed=2, timeout=20)
    assert g is not None and g.level == 3
    _rated_as_generated(g)
    givens = list(g.puzzle.givens)
    for cell, v in enumerate(givens):
        if v:
            givens[cell] = 0
            assert count_solutions(Puzzle(CLASSIC, tuple(givens)), limit=2) > 1
            givens[cell] = v


def test_distance_to_the_window() -> None:
    easy = generate_one(Request(CLASSIC, levels=(1,)), seed=1)
    hard = generate_one(Request(CLASSIC, levels=(3,)), seed=1)
    assert easy is not None and hard is not None
    # Anything goes: a match, rated exactly as `yass explain` rates it.
    dist, result = _Target(Request(CLASSIC)).distance(hard.puzzle, hard.solution)
    e = explain(hard.puzzle)
    assert dist == (0, 0, 0)
    assert [s.notation for s in result.steps] == [s.notation for s in e.steps]
    assert (result.score, result.level, result.counts()) == (e.score, e.level, e.counts())
    # An easy puzzle is too easy for extreme; a hard one is closer.
    far, _ = _Target(Request(CLASSIC, levels=(5,))).distance(easy.puzzle, easy.solution)
    near, _ = _Target(Request(CLASSIC, levels=(5,))).distance(hard.puzzle, hard.solution)
    assert far[0] == near[0] == 2 and near < far
    # A hard puzzle is too hard for easy: the ladder cut at easy gets stuck, and the
    # cells it left are the empty ones where a given may be added.
    target = _Target(Request(CLASSIC, levels=(1,)))
    dist, result = target.distance(hard.puzzle, hard.solution)
    assert dist[0] == 1 and result is None and target.stuck
    assert all(not hard.puzzle.givens[c] for c in target.stuck)


def test_singles_closure_is_the_ladders_singles() -> None:
    from yass.logic.solver import run_logic
    from yass.logic.techniques import get_techniques

    singles = get_techniques("fh,ns,hs")
    for level in (1, 2, 3):
        g = generate_one(Request(CLASSIC, levels=(level,)), seed=level)
        assert g is not None
        board = g.puzzle.board()
        run_logic(board, singles, [])
        left = sum(1 for v in board.values if not v)
        assert _singles_left(g.puzzle.board()) == left
        assert (left == 0) == (level == 1)


def test_cli_hardest_and_symmetry(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["generate", "--hardest", "Skyscraper", "--symmetry", "mirror", "--seed", "3",
            "-j", "1", "--format", "json", "--timeout", "20"]
    assert main(argv) == 0
    row = json.loads(capsys.readouterr().out)
    puzzle = parse_puzzle(row["puzzle"])
    assert row["hardest"] == "sky" and count_solutions(puzzle, limit=2) == 1
    assert _symmetric(puzzle.givens, 9, "mirror")
    e = explain(puzzle)
    assert e.hardest is not None and e.hardest.code == "sky" and e.score == row["score"]


# -- cheaper rejections and rare techniques ------------------------------------------------


def test_no_branch_means_the_basic_techniques_solve_it() -> None:
    import random

    from yass.generate import _branches, _carve, _closes, _prefix, _random_grid
    from yass.logic.solver import run_logic
    from yass.logic.techniques import TECHNIQUES

    basic = _prefix(TECHNIQUES, 2)
    below_unfair = _prefix(TECHNIQUES, 3)
    rng = random.Random(11)
    req = Request(CLASSIC, symmetry="rotational")
    seen = set()
    for _ in range(12):
        grid = _random_grid(CLASSIC, rng)
        assert grid is not None
        givens = _carve(req, grid, rng)
        branches = _branches(givens)
        board = Puzzle(CLASSIC, tuple(givens)).board()
        run_logic(board, basic, [])
        # No branch: the fast search's propagation finished it, and so do the basic
        # techniques (the gate that makes such a puzzle too easy for Hard and above).
        assert (branches == 0) == board.is_solved()
        seen.add(branches == 0)
        # The closure (every step of a technique at once) ends where the path ends.
        path = Puzzle(CLASSIC, tuple(givens)).board()
        run_logic(path, below_unfair, [])
        closure = Puzzle(CLASSIC, tuple(givens)).board()
        assert _closes(closure, below_unfair, []) == path.is_solved()
        assert all(v in (0, s) for v, s in zip(closure.values, grid, strict=True))
    assert seen == {True, False}


def test_search_finds_an_extreme_puzzle() -> None:
    g = generate_one(Request(CLASSIC, levels=(5,), symmetry="rotational"), seed=2, timeout=60)
    assert g is not None and g.level == 5 and g.level_name == "Extreme"
    _rated_as_generated(g)
    assert _symmetric(g.puzzle.givens, 9, "rotational")


def test_search_finds_an_unfair_chain_as_the_hardest_step() -> None:
    req = Request(CLASSIC, hardest=("xyc",), symmetry="diagonal")
    g = generate_one(req, seed=4, timeout=30)
    assert g is not None and g.hardest == "xyc" and g.level_name == "Unfair"
    _rated_as_generated(g)
    assert _symmetric(g.puzzle.givens, 9, "diagonal")


def test_rare_technique_gets_a_bound_and_a_reason(capsys: pytest.CaptureFixture[str]) -> None:
    from yass.generate import rarely

    assert rarely(Request(CLASSIC, hardest=("alsxz",))) is not None
    assert rarely(Request(CLASSIC, hardest=("alsxz", "xyc"))) is None
    assert rarely(Request(CLASSIC, require=("alsc",))) is not None
    assert main(["generate", "--hardest", "ALS-XZ", "--timeout", "0.5", "-j", "1"]) == 4
    captured = capsys.readouterr()
    assert captured.out.startswith("no puzzle found within 0.5 s")
    assert "ALS-XZ is almost never on a solving path" in captured.err


def test_timeout_is_kept_within_one_long_rating(capsys: pytest.CaptureFixture[str]) -> None:
    """One rating of a puzzle with rules can take many seconds (the first Miracle
    candidate's takes about 25 s): the time limit stops it between two steps."""
    assert main(["generate", "--rules", "miracle", "--timeout", "1", "-j", "1",
                 "--format", "line"]) == 4
    assert capsys.readouterr().out.startswith("no puzzle found within 1 s (puzzle 1)")


@pytest.mark.parametrize("option", ["--level", "--require", "--exclude", "--hardest", "--practice"])
def test_an_empty_list_is_an_error(option: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", option, " , "]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"yass: error: {option} needs at least one") and err.count("\n") == 1
