"""Techniques: the one-line-per-case regression file, the table, and the no-wrong-step property."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import DATA, puzzle_lines, variant_entries
from yass.constraints import REGISTRY, constraint_from_json, rules_from_names
from yass.core.board import Board, Puzzle
from yass.core.geometry import Grid, LayoutError, PuzzleError, box_shape, char_digit
from yass.core.layout import Layout
from yass.core.step import Step
from yass.engine.search import solutions as search_solutions
from yass.engine.search import solve as search_solve
from yass.logic.solver import apply_step, next_step
from yass.logic.techniques import (
    ALL_TECHNIQUES,
    TABLE,
    TECHNIQUES,
    Technique,
    UnknownTechniqueError,
    get_techniques,
)
from yass.logic.techniques.speculation import refute

# -- the regression file -----------------------------------------------------------------

_BLOCK = re.compile(r"^r(\d+)(?:-(\d+))?c(\d+)(?:-(\d+))?(=|<>|:)(\w+)$")


@dataclass(frozen=True)
class Case:
    file: str
    lineno: int
    code: str
    rules: str
    puzzle: str
    setup: str
    expected: str

    def __str__(self) -> str:
        return f"{self.file} line {self.lineno}: {self.code} {self.setup}"


def _cases() -> list[Case]:
    """Every case of every file in tests/data/techniques (one file per family)."""
    out = []
    for path in sorted((DATA / "techniques").glob("*.txt")):
        for lineno, raw in enumerate(path.read_text().splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            fields = [f.strip() for f in line.split("|")]
            assert len(fields) == 5, f"{path.name} line {lineno}: expected 5 fields"
            out.append(Case(path.stem, lineno, *fields))
    return out


def _tokens(text: str, size: int) -> Iterator[tuple[int, str, int]]:
    """(cell, op, digit mask) for every token, blocks like r2-3c1-3 expanded."""
    if text == "-":
        return
    for token in text.split():
        m = _BLOCK.match(token)
        assert m, f"bad token {token!r}"
        r1, r2, c1, c2, op, digits = m.groups()
        mask = 0
        for ch in digits:
            mask |= 1 << (char_digit(ch) - 1)
        rows = range(int(r1), int(r2 or r1) + 1)
        cols = range(int(c1), int(c2 or c1) + 1)
        for r in rows:
            for c in cols:
                yield (r - 1) * size + (c - 1), op, mask


def _layout(size: int, rules: str) -> Layout:
    """``rules``: --rules names, ``-``, or a JSON list of constraint objects."""
    shape = box_shape(size) or (0, 0)
    grid = Grid(size, *shape)
    if rules.startswith("["):
        return Layout(size, [constraint_from_json(obj, grid) for obj in json.loads(rules)])
    return Layout(size, rules_from_names("" if rules == "-" else rules, grid))


def _case_board(case: Case) -> Board:
    if case.puzzle.startswith("empty"):
        size = int(case.puzzle[5:])
        givens = (0,) * (size * size)
    else:
        size = round(len(case.puzzle) ** 0.5)
        givens = tuple(max(0, char_digit(ch)) for ch in case.puzzle)
    board = Puzzle(_layout(size, case.rules), givens).board()
    for cell, op, mask in _tokens(case.setup, size):
        for d in range(1, size + 1):
            bit = 1 << (d - 1)
            if (op == ":" and not mask & bit) or (op == "<>" and mask & bit):
                board.eliminate(cell, d)
    return board


def _expected(case: Case, size: int) -> set[tuple[int, str, int]]:
    out = set()
    for cell, op, mask in _tokens(case.expected, size):
        for d in range(1, size + 1):
            if mask >> (d - 1) & 1:
                out.add((cell, op, d))
    return out


CASES = _cases()


@pytest.mark.parametrize("case", CASES, ids=[f"{c.file}{c.lineno}-{c.code}" for c in CASES])
def test_regression_case(case: Case) -> None:
    board = _case_board(case)
    digits = range(1, board.layout.size + 1)
    before = (board.cands[:], board.values[:], [board.positions(d) for d in digits])
    (tech,) = get_techniques(case.code)
    steps = list(tech.find(board))
    after = (board.cands[:], board.values[:], [board.positions(d) for d in digits])
    assert before == after, "find() changed the board"
    found: set[tuple[int, str, int]] = set()
    for step in steps:
        assert step.technique == case.code
        assert step.explanation
        assert not step.is_empty
        for cell, d in step.placements:
            assert board.has(cell, d)
            found.add((cell, "=", d))
        for cell, d in step.eliminations:
            assert board.has(cell, d), f"{step.explanation}: removes a digit that is not there"
            found.add((cell, "<>", d))
    assert found == _expected(case, board.layout.size), f"{case}: {[s.explanation for s in steps]}"


def test_regression_file_covers_every_technique_and_must_not_fire() -> None:
    registered = {t.code for t in ALL_TECHNIQUES}
    assert registered <= set(TABLE)
    assert {c.code for c in CASES} <= registered, "a case names an unknown technique"
    fire = {c.code for c in CASES if c.expected != "-"}
    quiet = {c.code for c in CASES if c.expected == "-"}
    assert sorted(registered - fire) == [], "techniques without a must-fire case"
    assert sorted(registered - quiet) == [], "techniques without a must-not-fire case"


def _solution_case(case: Case) -> tuple[Board, Sequence[int]] | None:
    """The board of a case on a real classic puzzle (one solution) whose setup keeps every
    solution digit, and that solution; None for other cases."""
    if case.puzzle.startswith("empty") or case.rules != "-":
        return None
    board = _case_board(case)
    givens = tuple(max(0, char_digit(ch)) for ch in case.puzzle)
    found = list(search_solutions(Puzzle(board.layout, givens), 2))
    if len(found) != 1:
        return None
    (solution,) = found
    if any(not board.values[c] and not board.has(c, d) for c, d in enumerate(solution)):
        return None  # the setup is a made-up state, not one on the way to the solution
    return board, solution


SOLVED_CASES = [c for c in CASES if c.expected != "-" and _solution_case(c) is not None]


@pytest.mark.parametrize(
    "case", SOLVED_CASES, ids=[f"{c.file}{c.lineno}-{c.code}" for c in SOLVED_CASES]
)
def test_expected_changes_agree_with_the_solution(case: Case) -> None:
    """A must-fire case on a real puzzle state: every expected removal leaves the true
    digit and every expected placement is the true digit (the cases were reasoned out by
    hand; this checks the reasoning against the puzzle's one solution)."""
    found = _solution_case(case)
    assert found is not None
    board, solution = found
    for cell, op, d in _expected(case, board.layout.size):
        assert (solution[cell] == d) == (op == "="), f"{case}: {op}{d} at cell {cell}"


def test_some_cases_are_checked_against_a_solution() -> None:
    assert len({c.code for c in SOLVED_CASES}) >= 20


def test_explanations_read_like_the_seeds() -> None:
    board = _case_board(Case("", 0, "ns", "-", "empty9", "r1c2:5", "-"))
    (step,) = list(get_techniques("ns")[0].find(board))
    assert step.explanation == "r1c2 can only be 5, fill it in"
    board = _case_board(Case("", 0, "hs", "-", "empty9", "r1c1-3<>1 r2c1-2<>1 r3c1-3<>1", "-"))
    (step,) = list(get_techniques("hs")[0].find(board))
    assert step.explanation == "box 1 can only have a 1 in r2c3, fill it in"
    board = _case_board(Case("", 0, "sp", "-", "empty9", "r1c1:12 r1c2:13 r1c3:13", "-"))
    why = refute(board, 0, 1)
    assert why is not None and "would" in why
    step = next(get_techniques("sp")[0].find(board))
    assert step.explanation.startswith("if r1c1 were 1, ")
    assert step.explanation.endswith(", so r1c1 is not 1")


# -- the table and get_techniques -----------------------------------------------------------


def test_ladder_follows_the_table() -> None:
    orders = [TABLE[t.code].order for t in ALL_TECHNIQUES]
    assert orders == sorted(orders)
    assert [t for t in ALL_TECHNIQUES if t.info.default] == list(TECHNIQUES)
    for t in ALL_TECHNIQUES:
        assert isinstance(t, Technique)
        assert t.name == TABLE[t.code].name
        assert t.needs_unique == TABLE[t.code].unique
        assert 1 <= TABLE[t.code].level <= 5
    assert [t.code for t in TECHNIQUES[:3]] == ["fh", "ns", "hs"]
    assert TECHNIQUES[-1].code == "sp"
    levels = [TABLE[t.code].level for t in TECHNIQUES]
    assert levels[0] == 1 and levels[-1] == 5


def test_get_techniques_by_code_and_name() -> None:
    assert get_techniques(None) == list(TECHNIQUES)
    assert get_techniques("all") == list(TECHNIQUES)
    assert get_techniques("") == []
    assert get_techniques("none") == []
    picked = get_techniques("sp, Hidden-Single,NS, naked_pair, POINTING")
    assert [t.code for t in picked] == ["ns", "hs", "ic", "np", "sp"]
    left_out = get_techniques("-sp, -hs")
    assert [t.code for t in left_out] == [t.code for t in TECHNIQUES if t.code not in ("sp", "hs")]
    with pytest.raises(UnknownTechniqueError):
        get_techniques("-sp, hs")
    assert [t.code for t in get_techniques("hs,hs")] == ["hs"]


def test_plus_adds_a_technique_that_is_off_by_default() -> None:
    off = [t.code for t in ALL_TECHNIQUES if not t.info.default]
    assert "vwxyz" in off
    added = get_techniques("+vwxyz")
    assert [t.code for t in added] == [
        t.code for t in ALL_TECHNIQUES if t.info.default or t.code == "vwxyz"
    ]
    assert [t.code for t in get_techniques("-sp,+vwxyz")] == [
        t.code for t in added if t.code != "sp"
    ]
    with pytest.raises(UnknownTechniqueError, match="not both"):
        get_techniques("ns,+vwxyz")


def test_unknown_technique_is_a_puzzle_error_naming_it() -> None:
    with pytest.raises(UnknownTechniqueError) as info:
        get_techniques("ns, hyper-wing")
    assert isinstance(info.value, PuzzleError)
    message = str(info.value)
    assert "'hyper-wing'" in message
    for t in ALL_TECHNIQUES:
        assert t.code in message


# -- the headline property: no step removes the true digit or places a wrong one -----------


#: Techniques whose every step is costly to enumerate at every state of a walk.
SEARCHING = {
    "xc", "xyc", "aic", "gaic", "alsxz", "alsxy", "alsc", "db", "fc", "fn", "sp",
    # swept by tests/test_ladder_top.py on fewer states
    "frxw", "frsf", "frjf", "muxw", "musf", "mujf", "ate", "tset", "tdel",
    "fsqb", "ssqb", "fwha", "swha", "flev", "slev",
    # minutes a board on a hard state; their regression cases run on small grids
    "musqb", "muwha",
    # seconds a state (every pair of row and column sets; every fin propagated): their
    # cases and benchmarks/soundness.py
    "msls", "kf",
    # tens of milliseconds a state (every pair of targets on every set of cross-lines):
    # its cases and benchmarks/soundness.py
    "se",
    # a bounded search of every house and rule pair (every band) at every state:
    # tests/test_together.py walks the corpus for them
    "rt", "bt",
}


#: The techniques that cost the most of a walk (with extra houses and cages above all),
#: checked here at every third state: the bent wings (WXYZ, and VWXYZ off by default),
#: Aligned Pair Exclusion (off by default), 3D Medusa and the Junior Exocet (their
#: regression cases check them on their own boards), innies/outies
#: (``tests/test_arithmetic.py`` walks every corpus puzzle for it), Sue de Coq
#: (``tests/test_als.py`` sweeps it on classic and variant paths), the unique loop and
#: the Tridagon (``benchmarks/soundness.py`` sweeps all of them over every corpus).
SPARSE = frozenset({"wxyz", "vwxyz", "ape", "md", "je", "io", "sdc", "ul", "tri"})


def _check_walk(
    puzzle: Puzzle, solution: Sequence[int], full_speculation: int, every: int = 1
) -> int:
    """Walk the solve path; at every ``every``-th state check the steps of every technique.

    Every step of the cheap techniques is checked (the search-heavy ones, chains, ALS
    and forcing, are swept by each family's own test module; ``SPARSE`` ones at every
    third checked state); for speculation (slow), every step at the first
    ``full_speculation`` states where it is needed, the first step where it is needed
    and at every third state elsewhere. The states not checked only take the hint.
    Returns the number of steps checked.
    """
    board = puzzle.board()
    seen = 0
    # Every technique of the table, those off by default too (VWXYZ-Wing).
    cheap = [t for t in ALL_TECHNIQUES if t.code not in SEARCHING]
    (spec,) = get_techniques("sp")
    state = 0
    while not board.is_solved():
        # Each technique's steps are listed once a state; the path takes the first
        # step in ladder order among those listed (the ones skipped this state are
        # asked only when none of the others has a step).
        if state % every:
            state += 1
            advance(board, next_step(board, cheap), solution)
            continue
        listed = [t for t in cheap if t.code not in SPARSE or state % (3 * every) == 0]
        state += 1
        found_by = [[s for s in t.find(board) if not s.is_empty] for t in listed]
        hint = next((steps[0] for steps in found_by if steps), None)
        if hint is None:
            hint = next_step(board, [t for t in cheap if t.code in SPARSE and t not in listed])
        if hint is None and full_speculation > 0:
            full_speculation -= 1
            spec_steps = list(spec.find(board))
        elif hint is None or state % 3 == 1:
            spec_steps = list(islice(spec.find(board), 1))
        else:
            spec_steps = []
        for tech_steps in [*found_by, spec_steps]:
            for found in tech_steps:
                seen += 1
                for cell, d in found.placements:
                    assert solution[cell] == d, f"{puzzle.line()}: {found.explanation}"
                for cell, d in found.eliminations:
                    assert solution[cell] != d, f"{puzzle.line()}: {found.explanation}"
        advance(board, hint or next((s for s in spec_steps if not s.is_empty), None), solution)
    assert tuple(board.values) == tuple(solution)
    return seen


def advance(board: Board, step: Step | None, solution: Sequence[int]) -> None:
    """One move of a walk: make ``step``, or where logic is stuck (None) place the true
    digit of the first open cell."""
    if step is None:
        cell = next(c for c in range(len(solution)) if not board.values[c])
        board.place(cell, solution[cell])
    else:
        assert apply_step(board, step) is None


def _classic(line: str) -> Puzzle:
    return Puzzle(Layout.classic(9), tuple(max(0, char_digit(ch)) for ch in line))


SAMPLES = [
    ("norvig_top95.txt", 2),
    ("magictour_top1465_sample.txt", 2),
    ("norvig_hardest11.txt", 1),
    ("17_clue_sample.txt", 2),
    ("kaggle_sample.txt", 2),
]


@pytest.mark.parametrize(("name", "count"), SAMPLES)
def test_no_step_contradicts_the_solution_classic(name: str, count: int) -> None:
    for i, line in enumerate(puzzle_lines(name, count)):
        puzzle = _classic(line)
        solution = search_solve(puzzle)
        assert solution is not None
        assert _check_walk(puzzle, solution, full_speculation=1 if i == 0 else 0) > 0


def test_kaggle_solutions_agree_with_the_walk() -> None:
    lines = puzzle_lines("kaggle_sample.txt", 1)
    sols = puzzle_lines("kaggle_sample_solutions.txt", 1)
    for line, sol in zip(lines, sols, strict=True):
        _check_walk(_classic(line), [int(ch) for ch in sol], full_speculation=0)


def _variant(entry: dict[str, Any]) -> tuple[Puzzle, list[int]]:
    size = entry["size"]
    grid = Grid(size, *(box_shape(size) or (0, 0)))
    try:
        rules = [constraint_from_json(c, grid) for c in entry["constraints"]]
    except LayoutError as exc:
        pytest.skip(f"the constraints module does not load this entry: {exc}")
    givens = tuple(max(0, char_digit(ch)) for ch in entry["givens"])
    return Puzzle(Layout(size, rules), givens), [char_digit(ch) for ch in entry["solution"]]


SUPPORTED = [e for e in variant_entries() if all(c["type"] in REGISTRY for c in e["constraints"])]


@pytest.mark.parametrize("entry", SUPPORTED, ids=[e["name"][:40] for e in SUPPORTED])
def test_no_step_contradicts_the_solution_variant(entry: dict[str, Any]) -> None:
    puzzle, solution = _variant(entry)
    assert puzzle.layout.check(solution)
    # Every other state: benchmarks/soundness.py --variants walks every state of them all.
    assert _check_walk(puzzle, solution, full_speculation=0, every=2) > 0


def test_variant_sample_is_not_empty() -> None:
    types = {c["type"] for e in SUPPORTED for c in e["constraints"]}
    assert len(SUPPORTED) >= 20
    assert {"antiknight", "nonconsecutive", "thermo", "extra_region"} <= types


@given(
    st.lists(st.integers(min_value=1, max_value=511), max_size=9),
    st.integers(min_value=1, max_value=5),
)
def test_combinations_within_is_every_k_choice_with_k_digits(masks: list[int], k: int) -> None:
    """The subset search's own stack walk against itertools: same choices, same order."""
    from itertools import combinations

    from yass.logic.techniques.subsets import combinations_within

    items = list(enumerate(masks))
    expected = []
    for choice in combinations(items, k):
        union = 0
        for _, mask in choice:
            union |= mask
        if union.bit_count() == k:
            expected.append(([key for key, _ in choice], union))
    assert list(combinations_within(items, k)) == expected
