"""yass.generate's bank: rare hardest techniques start from a renamed puzzle of the bank,
moved until it is a new puzzle, still unique, symmetric and rated by the ladder."""

from __future__ import annotations

import random

import pytest

from yass import count_solutions
from yass.core.board import Puzzle
from yass.core.layout import Layout
from yass.generate import (
    BANK_SPREAD,
    Generated,
    Request,
    _lines,
    _relabel,
    fingerprint,
    generate,
    generate_one,
    orbits,
)
from yass.generate.data.seeds import SEEDS
from yass.logic.explain import explain
from yass.logic.techniques import TECHNIQUES

CLASSIC = Layout.classic(9)


def _symmetric(givens: tuple[int, ...], symmetry: str) -> bool:
    return all(len({bool(givens[c]) for c in orbit}) == 1 for orbit in orbits(9, symmetry))


def _values(line: str) -> list[int]:
    return [int(ch) if ch.isdigit() else 0 for ch in line]


def test_the_bank_holds_what_it_says() -> None:
    """Each puzzle is a unique, rotationally symmetric 81-character line whose hardest
    step is its technique (only the first of each, for speed)."""
    codes = {t.code for t in TECHNIQUES}
    for code, lines in SEEDS.items():
        assert code in codes and lines and len(set(lines)) == len(lines)
        for line in lines:
            assert len(line) == 81 and _symmetric(tuple(_values(line)), "rotational")
        e = explain(Puzzle(CLASSIC, tuple(_values(lines[0]))))
        assert e.hardest is not None and e.hardest.code == code


@pytest.mark.parametrize("upside_down", [True, False])
def test_renaming_keeps_a_puzzle_and_its_symmetry(upside_down: bool) -> None:
    rng = random.Random(4)
    line = SEEDS["jf"][0]
    seed = _values(line)
    solution = explain(Puzzle(CLASSIC, tuple(seed))).solution
    assert solution is not None
    for _ in range(20):
        rows, cols = _lines(rng, upside_down), _lines(rng, upside_down)
        assert sorted(rows) == list(range(9)) and sorted(cols) == list(range(9))
        assert all(rows[r] // 3 == rows[r - r % 3] // 3 for r in range(9))  # bands kept
        if upside_down:
            assert all(rows[8 - r] == 8 - rows[r] for r in range(9))
        digits = [0, *rng.sample(range(1, 10), 9)]
        flip = rng.random() < 0.5
        givens = _relabel(seed, rows, cols, flip, digits)
        grid = _relabel(solution, rows, cols, flip, digits)
        assert sum(1 for v in givens if v) == sum(1 for v in seed if v)
        puzzle = Puzzle(CLASSIC, tuple(givens))
        assert count_solutions(puzzle, limit=2) == 1
        assert explain(puzzle).solution == tuple(grid)
        if upside_down:
            assert _symmetric(tuple(givens), "rotational")


@pytest.mark.parametrize(("code", "symmetry"), [("jf", "rotational"), ("sc", "none")])
def test_a_rare_technique_comes_from_the_bank_new_and_rated(code: str, symmetry: str) -> None:
    req = Request(CLASSIC, hardest=(code,), symmetry=symmetry)
    g = generate_one(req, seed=2, timeout=30)
    assert g is not None and g.hardest == code
    assert count_solutions(g.puzzle, limit=2) == 1
    e = explain(g.puzzle)
    assert e.solution == g.solution
    assert e.hardest is not None and e.hardest.code == code
    assert (e.level, e.score, e.counts()) == (g.level, g.score, g.counts)
    assert _symmetric(g.puzzle.givens, symmetry)
    assert g.line() not in SEEDS[code]
    assert min(BANK_SPREAD) >= 6
    if symmetry == "none":
        return
    again = generate_one(req, seed=2, timeout=30)
    assert again is not None and again.line() == g.line()
    other = generate_one(req, seed=2, index=1, timeout=30)
    assert other is not None and other.line() != g.line() and other.hardest == code


def test_the_bank_is_not_used_where_it_cannot_serve() -> None:
    """Another symmetry, a minimal puzzle or rules: the search starts from random grids."""
    from yass.generate import _bank, _Target

    for req in (
        Request(CLASSIC, hardest=("jf",), symmetry="diagonal"),
        Request(CLASSIC, hardest=("jf",), minimal=True),
        Request(CLASSIC, hardest=("sky",)),
        Request(CLASSIC, hardest=("jf",), levels=(4,)),
    ):
        assert _bank(req, _Target(req)) == []
    req = Request(CLASSIC, hardest=("jf", "xc"))
    assert len(_bank(req, _Target(req))) == len(SEEDS["jf"]) + len(SEEDS["xc"])


def test_fingerprint_is_kept_by_renaming_and_tells_puzzles_apart() -> None:
    rng = random.Random(9)
    lines = [line for lines in SEEDS.values() for line in lines]
    keys = {fingerprint(_values(line)) for line in lines}
    assert len(keys) == len(lines)
    for line in lines[:10]:
        seed = _values(line)
        for upside_down in (True, False):
            rows, cols = _lines(rng, upside_down), _lines(rng, upside_down)
            digits = [0, *rng.sample(range(1, 10), 9)]
            assert fingerprint(_relabel(seed, rows, cols, True, digits)) == fingerprint(seed)


def test_a_run_gives_no_two_isomorphic_puzzles() -> None:
    """Walks from the bank's puzzles reach few puzzles each: one isomorphic to a puzzle
    given before (or to the bank's) is drawn again."""
    req = Request(CLASSIC, hardest=("jf",), symmetry="rotational")
    out = [g for g in generate(req, 6, seed=3) if isinstance(g, Generated)]
    assert len(out) == 6 and all(g.hardest == "jf" for g in out)
    keys = {fingerprint(g.puzzle.givens) for g in out}
    banked = {fingerprint(_values(line)) for line in SEEDS["jf"]}
    assert len(keys) == 6 and not keys & banked


def test_a_puzzle_to_avoid_is_not_returned() -> None:
    req = Request(CLASSIC, hardest=("jf",), symmetry="rotational")
    first = generate_one(req, seed=4, timeout=30)
    assert first is not None
    key = fingerprint(first.puzzle.givens)
    other = generate_one(req, seed=4, timeout=30, avoid=frozenset({key}))
    assert other is not None and other.hardest == "jf"
    assert fingerprint(other.puzzle.givens) != key
