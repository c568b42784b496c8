"""Fish, single-digit patterns and colouring: notation, JSON, forms, and a soundness sweep.

The one-line regression cases live in tests/data/techniques/fish.txt, single_digit.txt
and colouring.txt (read by test_techniques.py); this module checks what those lines do
not: the exact notation and explanation of known steps, the JSON of a step, that each
code reports only its own form, and that no step of these techniques ever removes the
true digit along real solve paths, classic and variant.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from conftest import puzzle_lines, variant_entries
from test_techniques import Case, _case_board, _variant
from yass.constraints import REGISTRY
from yass.core.board import Board, Puzzle
from yass.core.geometry import char_digit
from yass.core.layout import Layout
from yass.core.step import Step
from yass.engine.search import solve as search_solve
from yass.logic.solver import apply_step, next_step
from yass.logic.techniques import get_techniques

FISH = ("xw", "sf", "jf", "fxw", "sxw", "fsf", "ssf", "fjf", "sjf")
SINGLE_DIGIT = ("sky", "kite", "tf", "er")
COLOURING = ("sc", "mc")
MINE = FISH + SINGLE_DIGIT + COLOURING


def _board(rules: str, puzzle: str, setup: str) -> Board:
    return _case_board(Case("", 0, "xw", rules, puzzle, setup, "-"))


def _steps(code: str, board: Board) -> list[Step]:
    (tech,) = get_techniques(code)
    return list(tech.find(board))


# Boards shared by several tests (the same as cases of the regression files).
X_WING = "r1c1-2<>5 r1c4-6<>5 r1c8-9<>5 r5c1-2<>5 r5c4-6<>5 r5c8-9<>5"
FINNED_X_WING = "r1c1-2<>5 r1c4-6<>5 r1c8-9<>5 r5c1-2<>5 r5c4-6<>5 r5c9<>5"
SASHIMI_X_WING = "r1c1-2<>5 r1c4-6<>5 r1c8-9<>5 r5c1-2<>5 r5c4-7<>5"
FINNED_SWORDFISH = "r1c1<>3 r1c3-4<>3 r1c6-9<>3 r4c1-4<>3 r4c6-7<>3 r8c1<>3 r8c3-7<>3 r8c9<>3"
SKYSCRAPER = "r3c2-5<>1 r3c7-9<>1 r7c1<>1 r7c3-5<>1 r7c7-9<>1"
KITE = "r2c1-4<>5 r2c6-8<>5 r1c4<>5 r2c4<>5 r4c4<>5 r6-9c4<>5"
TURBOT = "r1c1<>3 r1c3<>3 r2c1-3<>3 r3c2-3<>3 r7c2-5<>3 r7c7-9<>3"
EMPTY_RECTANGLE = "r4c4<>4 r4c6<>4 r6c4<>4 r6c6<>4 r1-4c1<>4 r6-7c1<>4 r9c1<>4"
TRAP = "r1c2-7<>7 r1c9<>7 r2-3c8<>7 r5-9c8<>7 r4c1<>7 r4c3-7<>7 r4c9<>7"
WRAP = (
    "r1c2-4<>7 r1c6-9<>7 r2-3c5<>7 r5-9c5<>7 r4c1<>7 r4c3-4<>7 r4c6-9<>7 r1c2<>7 r3c2<>7"
    " r5-9c2<>7"
)
MULTI_1 = "r1c2-4<>6 r1c6-9<>6 r1-2c2<>6 r4-6c2<>6 r8-9c2<>6"
MULTI_2 = "r1c2-4<>6 r1c6-9<>6 r2-5c5<>6 r7-9c5<>6 r1c2<>6 r3-5c2<>6 r7-9c2<>6"

NOTATION = [
    ("xw", "-", X_WING,
     "X-Wing: 5 r15 c37 => r2c3,r2c7,r3c3,r3c7,r4c3,r4c7,r6c3,r6c7,r7c3,r7c7,r8c3,r8c7,"
     "r9c3,r9c7<>5"),
    ("fxw", "-", FINNED_X_WING, "Finned X-Wing: 5 r15 c37 fr5c8 => r4c7,r6c7<>5"),
    ("sxw", "-", SASHIMI_X_WING, "Sashimi X-Wing: 5 r15 c37 fr5c8 fr5c9 => r4c7,r6c7<>5"),
    ("fsf", "-", FINNED_SWORDFISH, "Finned Swordfish: 3 r148 c258 fr4c9 => r5c8,r6c8<>3"),
    ("sky", "-", SKYSCRAPER,
     "Skyscraper: 1 in r3c1,r7c2 (connected by r3c6,r7c6) => r1c2,r2c2,r8c1,r9c1<>1"),
    ("kite", "-", KITE, "2-String Kite: 5 in r2c9,r5c4 (connected by r2c5,r3c4) => r5c9<>5"),
    ("tf", "-", TURBOT, "Turbot Fish: 3 r1c2 =3= r3c1 -3- r7c1 =3= r7c6 => r1c6<>3"),
    ("er", "-", EMPTY_RECTANGLE, "Empty Rectangle: 4 in b5 (r5c1,r8c1) => r8c5<>4"),
    ("sc", "-", TRAP,
     "Simple Colors Trap: 7 (r1c1,r4c8) / (r1c8,r4c2) => r2c2,r3c2,r5c1,r6c1<>7"),
    ("mc", "-", MULTI_1, "Multi Colors 1: 6 (r1c1) / (r1c5), (r3c2) / (r7c2) => r7c5<>6"),
]


@pytest.mark.parametrize(("code", "rules", "setup", "line"), NOTATION,
                         ids=[n[0] for n in NOTATION])
def test_notation_of_known_steps(code: str, rules: str, setup: str, line: str) -> None:
    steps = _steps(code, _board(rules, "empty9", setup))
    assert [s.notation for s in steps] == [line]


def test_colour_wrap_and_multi_colours_2_notation_and_names() -> None:
    steps = _steps("sc", _board("-", "empty9", WRAP))
    assert [(s.name, s.notation) for s in steps] == [
        ("Simple Colours Wrap",
         "Simple Colors Wrap: 7 (r1c1,r2c2,r4c5) / (r1c5,r4c2) => r1c1,r2c2,r4c5<>7"),
        ("Simple Colours Trap",
         "Simple Colors Trap: 7 (r1c1,r2c2,r4c5) / (r1c5,r4c2) => r2c4,r2c6,r5c1,r6c1<>7"),
    ]
    steps = _steps("mc", _board("-", "empty9", MULTI_2))
    assert [(s.name, s.notation) for s in steps] == [
        ("Multi-Colours Type 2",
         "Multi Colors 2: 6 (r1c1,r6c5) / (r1c5), (r2c2) / (r6c2) => r1c1,r6c5<>6"),
        ("Multi-Colours Type 1",
         "Multi Colors 1: 6 (r1c1,r6c5) / (r1c5), (r2c2) / (r6c2) => r1c1,r2c4,r2c6,r6c5<>6"),
    ]


def test_explanations_name_the_pattern() -> None:
    (step,) = _steps("xw", _board("-", "empty9", X_WING))
    assert step.explanation.startswith(
        "in row 1 and row 5, 5 can only go in column 3 and column 7 (an X-Wing)"
    )
    assert step.explanation.endswith("can't be 5")
    (step,) = _steps("fxw", _board("-", "empty9", FINNED_X_WING))
    assert "the fin r5c8" in step.explanation and "either way" in step.explanation
    (step,) = _steps("kite", _board("-", "empty9", KITE))
    assert "(same box 2)" in step.explanation
    (step,) = _steps("er", _board("-", "empty9", EMPTY_RECTANGLE))
    assert step.explanation.startswith("box 5 has 4 only in")


def test_each_fish_code_reports_only_its_own_form() -> None:
    boards = {
        "xw": _board("-", "empty9", X_WING),
        "fxw": _board("-", "empty9", FINNED_X_WING),
        "sxw": _board("-", "empty9", SASHIMI_X_WING),
    }
    for form, board in boards.items():
        firing = {code for code in ("xw", "fxw", "sxw") if _steps(code, board)}
        assert firing == {form}


def test_fish_json_has_base_cover_and_fins() -> None:
    board = _board("-", "empty9", FINNED_SWORDFISH)
    (step,) = _steps("fsf", board)
    data = step.to_json(board.layout)
    assert data["technique"] == "fsf"
    assert data["name"] == "Finned Swordfish"
    assert data["notation"] == step.notation
    assert data["eliminations"] == [["r5c8", 3], ["r6c8", 3]]
    pattern = data["pattern"]
    assert pattern["digits"] == [3]
    assert pattern["base"] == ["r1", "r4", "r8"]
    assert pattern["cover"] == ["c2", "c5", "c8"]
    assert pattern["fins"] == [["r4c9", 3]]
    assert data["difficulty"] == 4.0


def test_chain_and_colour_json() -> None:
    board = _board("-", "empty9", TURBOT)
    (step,) = _steps("tf", board)
    data = step.to_json(board.layout)
    kinds = [link["type"] for link in data["pattern"]["chain"]]
    assert kinds == ["strong", "weak", "strong"]
    assert data["pattern"]["chain"][0]["from"]["cells"] == ["r1c2"]
    board = _board("-", "empty9", WRAP)
    wrap = _steps("sc", board)[0].to_json(board.layout)
    assert wrap["name"] == "Simple Colours Wrap"
    assert wrap["pattern"]["cells"] == ["r1c1", "r1c5", "r2c2", "r4c2", "r4c5"]


# -- soundness: no step removes the true digit (classic and variant solve paths) --------

LADDER = "fh,ns,hs,ic,rc,np,nt,hp,ht,nq,hq," + ",".join(MINE)


def _path(puzzle: Puzzle, solution: Sequence[int], ladder: Sequence[Any]) -> Iterator[Board]:
    """The board at each state of the solve path by ``ladder`` (the solution's digit
    placed where it is stuck); the board must be left as it was."""
    board = puzzle.board()
    while not board.is_solved():
        yield board
        hint = next_step(board, ladder)
        if hint is None:
            cell = next(c for c in range(len(solution)) if not board.values[c])
            board.place(cell, solution[cell])
            continue
        assert apply_step(board, hint) is None


def _sweep(puzzle: Puzzle, solution: Sequence[int]) -> int:
    """Walk the solve path; at each state check every step of these techniques."""
    mine = get_techniques(",".join(MINE))
    checked = 0
    for board in _path(puzzle, solution, get_techniques(LADDER)):
        before = board.cands[:]
        for tech in mine:
            for step in tech.find(board):
                checked += 1
                assert not step.is_empty
                assert step.notation and step.explanation
                for cell, d in step.placements:
                    assert solution[cell] == d, f"{puzzle.line()}: {step.notation}"
                for cell, d in step.eliminations:
                    assert board.has(cell, d), step.notation
                    assert solution[cell] != d, f"{puzzle.line()}: {step.notation}"
        assert board.cands == before, "find() changed the board"
    return checked


SWEEP = [("norvig_top95.txt", 3), ("magictour_top1465_sample.txt", 3), ("norvig_hardest11.txt", 2)]


@pytest.mark.parametrize(("name", "count"), SWEEP)
def test_sweep_classic(name: str, count: int) -> None:
    for line in puzzle_lines(name, count):
        puzzle = Puzzle(Layout.classic(9), tuple(max(0, char_digit(ch)) for ch in line))
        solution = search_solve(puzzle)
        assert solution is not None
        assert _sweep(puzzle, solution) > 0


SUPPORTED = [e for e in variant_entries() if all(c["type"] in REGISTRY for c in e["constraints"])]
# Every small grid (4x4 and 6x6 with diagonals, anti-knight, extra and irregular regions,
# the 7x7 jigsaw) and three 9x9 rule sets with extra sight lines; the full set of
# variant puzzles is swept outside the suite.
NINE = ("check_anti_knight_9x9_1_solve", "check_diagonal_9x9_2_medium_solve", "X-Windoku")
VARIANTS = [e for e in SUPPORTED if e["size"] < 9 or e["name"] in NINE]


@pytest.mark.parametrize("entry", VARIANTS, ids=[e["name"][:40] for e in VARIANTS])
def test_sweep_variants(entry: dict[str, Any]) -> None:
    puzzle, solution = _variant(entry)
    _sweep(puzzle, solution)


def test_variant_sweep_covers_the_layouts() -> None:
    sizes = {e["size"] for e in VARIANTS}
    types = {c["type"] for e in VARIANTS for c in e["constraints"]}
    assert {4, 6, 7, 9} <= sizes
    assert {"antiknight", "diagonal", "extra_region", "regions"} <= types


def test_nothing_on_a_solved_or_fresh_board() -> None:
    board = _board("-", "empty9", "-")
    for code in MINE:
        assert _steps(code, board) == []
    line = puzzle_lines("norvig_easy50.txt", 1)[0]
    puzzle = Puzzle(Layout.classic(9), tuple(max(0, char_digit(ch)) for ch in line))
    solution = search_solve(puzzle)
    assert solution is not None
    solved = Puzzle(Layout.classic(9), tuple(solution)).board()
    for code in MINE:
        assert _steps(code, solved) == []


def test_a_placement_that_leaves_the_candidates_unchanged_is_seen() -> None:
    # r1c3 can only be 5 and none of its peers can: placing it changes no candidate, only
    # the places of 5. Before, row 1 (just r1c3) and row 5 (r5c7, r5c8) make a sashimi
    # X-Wing; after, row 1 holds its 5 and there is no fish.
    setup = "r1c3:5 r1c1-2<>5 r1c4-9<>5 r2-9c3<>5 r2-3c1-2<>5 r5c1-6<>5 r5c9<>5"
    board = _board("-", "empty9", setup)
    assert [s.notation for s in _steps("sxw", board)] == [
        "Sashimi X-Wing: 5 r15 c38 fr5c7 => r4c8,r6c8<>5",
        "Sashimi X-Wing: 5 r15 c37 fr5c8 => r4c7,r6c7<>5",
    ]
    before = board.cands[:]
    board.place(2, 5)
    assert board.cands == before
    assert _steps("sxw", board) == []


REMEMBERING = ("ic", "xw", "sf", "jf", "sky", "kite", "tf", "d2sk", "er", "der")


@pytest.mark.parametrize(("name", "count"), [("norvig_hardest11.txt", 2), ("norvig_top95.txt", 2)])
def test_remembered_quiet_digits_change_no_step(name: str, count: int) -> None:
    """The techniques that skip a digit whose places gave nothing before (``QuietDigits``)
    find, at every state of a solve path, the same steps as a new instance that has seen
    nothing (the memory is checked after each state has been searched, so it is used)."""
    from yass.logic.techniques import technique_class

    shared = get_techniques(",".join(REMEMBERING))
    ladder = get_techniques(LADDER + ",d2sk,der,aic")
    compared = 0
    for line in puzzle_lines(name, count):
        puzzle = Puzzle(Layout.classic(9), tuple(max(0, char_digit(ch)) for ch in line))
        solution = search_solve(puzzle)
        assert solution is not None
        for board in _path(puzzle, solution, ladder):
            for tech in shared:
                fresh = technique_class(tech.code)()
                got = [s.notation for s in tech.find(board)]
                assert got == [s.notation for s in fresh.find(board)], tech.code
                compared += len(got)
    assert compared > 0
