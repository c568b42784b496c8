"""Forcing chains and nets: notation, explanations, JSON, reasons, rules' hooks, soundness.

The one-line regression cases live in tests/data/techniques/forcing.txt (read by
test_techniques.py). This module checks what those lines do not: exact notation and
sentences of known steps, the JSON of a step, that every derived fact has reasons from
earlier layers, that a rule's ``propagate`` hook takes part in nets, that every change
found on boards with many solutions holds in all of them, and that no step removes the
true digit or places a wrong one along real solve paths, classic and variant.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice

import pytest

from conftest import puzzle_lines, variant_entries
from test_techniques import Case, _case_board, _variant
from yass.constraints import REGISTRY
from yass.constraints.base import Constraint
from yass.core.board import Board, Puzzle
from yass.core.geometry import Grid, char_digit, mask_digits
from yass.core.layout import Layout
from yass.core.step import Step
from yass.engine.search import board_solutions
from yass.engine.search import solve as search_solve
from yass.logic.solver import apply_step, next_step
from yass.logic.techniques import TECHNIQUES, get_techniques
from yass.logic.techniques.forcing import ForcingChain, ForcingNet, _Search

MINE = ("fc", "fn")

# Real states (magictour_top1465 #1 and #2) where every technique before fc is stuck;
# the same boards as lines of tests/data/techniques/forcing.txt.
MT2 = "7.8...3.....2.1...5.........4.....263...8.......1...93.9.6....4....7.5..........."
MT2_A = (
    "r2c7:467 r2c9:578 r3c4:78 r3c6:78 r3c7:12469 r3c8:146 r3c9:129 r4c5:59 r5c2:1267"
    " r5c3:12679 r5c4:479 r5c6:2469 r7c5:125 r7c7:127 r9c5:12459 r9c7:12679"
)
MT2_NET = (
    "r1c9:125 r2c3:469 r2c5:3456 r2c7:467 r2c8:578 r2c9:578 r3c3:1246 r3c4:78 r3c5:34"
    " r3c6:78 r3c7:1269 r3c8:146 r3c9:129 r4c5:59 r5c2:1267 r5c3:1269 r5c4:479 r5c6:2469"
    " r6c2:578 r7c3:1357 r7c5:125 r7c7:127 r8c2:268 r9c2:5678 r9c5:1249 r9c7:1269"
)
MT1 = "4...3.......6..8..........1....5..9..8....6...7.2........1927..513...942927.4.1.."
MT1_A = (
    "r1c3:1268 r1c6:178 r2c2:59 r2c3:12 r2c6:459 r2c9:3459 r3c3:268 r3c4:459 r3c7:345"
    " r4c3:124 r4c4:378 r4c6:13678 r4c7:23 r4c9:78 r5c3:59 r5c4:49 r5c9:357 r6c3:59"
    " r6c6:13689 r7c8:35 r7c9:35 r9c4:35 r9c6:35 r9c8:68 r9c9:68"
)
# Three cells of box 1: r1c2 and r2c1 are 1 or 3, r1c1 is 1 or 2.
BOX = "r1c1:12 r1c2:13 r2c1:13"


def _board(rules: str, puzzle: str, setup: str) -> Board:
    return _case_board(Case("", 0, "fc", rules, puzzle, setup, "-"))


def _steps(code: str, board: Board) -> list[Step]:
    (tech,) = get_techniques(code)
    return list(tech.find(board))


def _first(code: str, board: Board) -> Step:
    (tech,) = get_techniques(code)
    step = next(tech.find(board), None)
    assert step is not None
    return step


def _contradiction(code: str, board: Board, cell: int, digit: int, on: bool = True) -> Step:
    """The contradiction step of the premise ``cell=digit`` (``cell<>digit`` if not ``on``).

    The search yields the most productive steps first and each fact once, so a premise's
    own contradiction may not be among the steps yielded; it is built from its branch.
    """
    (tech,) = get_techniques(code)
    assert isinstance(tech, (ForcingChain, ForcingNet))
    search = _Search(tech, board)
    for _ in search.run():
        pass
    i = (digit - 1) * board.layout.ncells + cell
    index = search.on_branch[i] if on else search.off_branch[i]
    branch = search.branches[index]
    assert branch.dead
    build = search._exact_contradiction(index, branch)[2]
    assert build is not None
    return build()


# -- notation and sentences ------------------------------------------------------------------


def test_chain_verity_notation_and_sentence() -> None:
    step = _first("fc", _board("-", MT2, MT2_A))
    assert step.name == "Forcing Chain Verity"
    assert step.notation == (
        "Forcing Chain Verity: 2 in r8 {r8c1,r8c2,r8c3,r8c6,r8c9}: r8c1=2 -> r9c2<>2;"
        " r8c2=2 -> r9c2<>2; r8c3=2 -> r9c2<>2; r8c6=2 -> r79c5<>2 -> r6c5=2 -> r6c1<>2"
        " -> r789c1=2 -> r9c2<>2; r8c9=2 -> r1c9<>2 -> r1c2=2 -> r9c2<>2 => r9c2<>2"
    )
    assert step.explanation == (
        "row 8 can only have its 2 in r8c1, r8c2, r8c3, r8c6 or r8c9; if it were in r8c1,"
        " r9c2 would not be 2; if it were in r8c2, r9c2 would not be 2; if it were in r8c3,"
        " r9c2 would not be 2; if it were in r8c6, r6c5 would be 2 and r9c2 would not be 2;"
        " if it were in r8c9, r1c2 would be 2 and r9c2 would not be 2; either way r9c2 is"
        " not 2"
    )
    assert step.eliminations == ((73, 2),)
    assert step.difficulty is not None and 8.2 < step.difficulty <= 8.7


def test_chain_contradiction_notation_and_sentence() -> None:
    step = _contradiction("fc", _board("-", MT1, MT1_A), 30, 3)
    assert step.name == "Forcing Chain Contradiction"
    assert step.notation == (
        "Forcing Chain Contradiction: r4c4=3 => r5 has no place for 3 (r4c4=3 -> r4c7<>3"
        " -> r4c7=2 -> r4c13<>2 -> r5c1=2 -> r5c1<>3; r4c4=3 -> r5c6<>3; r4c4=3 -> r4c12<>3"
        " -> r56c1=3 -> r2c1<>3 -> r2c89=3 -> r3c7<>3 -> r46c7=3 -> r5c8<>3; r4c4=3 ->"
        " r4c12<>3 -> r56c1=3 -> r2c1<>3 -> r2c89=3 -> r3c7<>3 -> r46c7=3 -> r5c9<>3)"
        " => r4c4<>3"
    )
    assert step.explanation == (
        "if r4c4 were 3, r4c7 would be 2, r5c1 would be 2 and row 5 would have no place"
        " for 3; so r4c4 is not 3"
    )
    assert step.candidates == ((30, 3),)


def test_box_contradictions_read_naturally() -> None:
    # r1c1=1 makes r1c2 and r2c1 both 3 (box 1) and empties them; r1c1<>2 makes it 1.
    board = _board("-", "empty9", BOX)
    steps = _steps("fc", board)
    # A verity: the naked pair r1c2/r2c1 seen as a cell forcing.
    cell = next(s for s in steps if s.notation.startswith("Forcing Chain Verity: r1c2 {1,3}:"))
    assert (0, 1) in cell.eliminations
    assert "r1c2=1 -> r1c1<>1;" in cell.notation
    assert "r1c2=3 -> r2c1<>3 -> r2c1=1 -> r1c1<>1;" in cell.notation
    assert cell.explanation.startswith("r1c2 can only be 1 or 3; if it were 1, r1c1 would not be 1")
    # The most productive step comes first: it places a digit.
    assert steps[0].placements
    placed = _contradiction("fc", board, 0, 2, on=False)
    assert placed.placements == ((0, 2),)
    assert placed.notation == (
        "Forcing Chain Contradiction: r1c1<>2 => r1c2 has no candidate (r1c1<>2 -> r1c1=1"
        " -> r1c2<>1; r1c1<>2 -> r1c1=1 -> r2c1<>1 -> r2c1=3 -> r1c2<>3) => r1c1=2"
    )
    assert placed.explanation == (
        "if r1c1 were not 2, r1c1 would be 1, r2c1 would be 3 and r1c2 would have no"
        " candidate left; so r1c1 is 2"
    )
    # The same branch also sees the 3 twice in box 1: how that reads.
    search = _Search(ForcingChain(), board)
    for _ in search.run():
        pass
    branch = search.branches[search.on_branch[0]]  # r1c1=1
    witness = next(w for w in branch.witness if w[0] == "both")
    facts = search._witness_facts(branch, witness)
    step = search._contradiction_step(branch, facts, witness, len(search.closure(branch, facts)))
    assert step.eliminations == ((0, 1),)
    assert step.explanation.endswith("would both be 3 (same box 1); so r1c1 is not 1")
    assert " => r1c2=3 and r1c2<>3 (" in step.notation or " => r2c1=3 and r2c1<>3 (" in (
        step.notation
    )


DIAGONAL = (
    "3.......9...17.....57..9....1......2.........2653...4.4..8.........64.9..........",
    "r1c3:1268 r1c5:258 r1c7:125678 r2c2:28 r2c7:23568 r3c5:238 r3c9:1368 r4c3:349"
    " r4c4:56 r4c7:35689 r4c8:3568 r5c2:3478 r5c3:389 r5c4:25679 r5c5:1245 r5c7:135689"
    " r5c8:13568 r5c9:13568 r7c2:379 r9c1:1568 r9c3:12368 r9c7:1245678",
)


def test_cell_house_and_digit_verity_forms() -> None:
    steps = _steps("fc", _board("-", "empty9", BOX))
    cell = next(s for s in steps if s.notation.startswith("Forcing Chain Verity: r1c2 {1,3}:"))
    assert cell.explanation.startswith("r1c2 can only be 1 or 3; if it were 1, ")
    assert "; either way r1c1 is not 1" in cell.explanation
    # Sudoku X: a digit forcing (r9c1 is 1 or not) and a house forcing (7 in column 4).
    digit, house = _steps("fc", _board("diagonal", *DIAGONAL))
    assert digit.notation == (
        "Forcing Chain Verity: r9c1=1 or r9c1<>1: r9c1=1 -> r8c13<>1 -> r8c79=1 -> r7c7<>1;"
        " r9c1<>1 -> r3c7,r5c5,r7c3=1 -> r7c7<>1 => r7c7<>1"
    )
    assert digit.explanation == (
        "r9c1 either is 1 or is not; if it were 1, r7c7 would not be 1; if it were not 1,"
        " r7c7 would not be 1; either way r7c7 is not 1"
    )
    assert digit.candidates == ((72, 1),)
    assert house.notation.startswith("Forcing Chain Verity: 7 in c4 {r5c4,r8c4,r9c4}: ")
    assert house.explanation.startswith(
        "column 4 can only have its 7 in r5c4, r8c4 or r9c4; if it were in r5c4, r8c2 would"
        " be 7 and r8c9 would not be 7;"
    )


def test_net_notation_shows_the_other_reasons() -> None:
    board = _board("-", MT2, MT2_NET)
    assert _steps("fc", board) == []
    step = _contradiction("fn", board, 9, 6)
    assert step.name == "Forcing Net Contradiction"
    assert step.notation.startswith(
        "Forcing Net Contradiction: r2c1=6 => r7c1 has no candidate (r2c1=6 -> r2c1<>9 ->"
        " r4c1=9 -> r4c5<>9 -> r4c5=5 -> r2c5<>5 -> r2c5=4 (with r2c5<>3, r2c5<>6) ->"
    )
    assert step.notation.endswith(" => r2c1<>6")
    assert "; r7c7=2 -> r7c1<>2;" in step.notation
    assert step.explanation == (
        "if r2c1 were 6, r2c2 would be 3, r2c3 would be 9, r4c1 would be 9, ... and r7c1"
        " would have no candidate left; so r2c1 is not 6"
    )
    assert step.difficulty is not None and 8.8 < step.difficulty <= 9.4


def test_relation_chain_on_a_non_consecutive_grid() -> None:
    # r5c5 is 4 or 6, r5c6 (its right neighbour) 3 or 7, r4c5 (above it) 3 or 8.
    # r5c6=7 forbids 6 beside it, and only 6 let r4c5 be 3 (4 is next to 3): r4c5<>3.
    # r4c5<>8 leaves r5c5 no partner for 4 (3 is next to 4) and r4c5=3 takes 3 from
    # r5c6 (box 5): r5c6 would be empty.
    board = _board("nonconsecutive", "empty9", "r5c5:46 r5c6:37 r4c5:38")
    steps = _steps("fc", board)
    verity = next(s for s in steps if s.notation.startswith("Forcing Chain Verity: r5c6 {3,7}:")
                  and (31, 3) in s.eliminations)
    assert "r5c6=3 -> r4c5<>3;" in verity.notation
    assert "r5c6=7 -> r5c5<>6 -> r4c5<>3;" in verity.notation
    placed = _contradiction("fc", board, 31, 8, on=False)
    assert placed.notation == (
        "Forcing Chain Contradiction: r4c5<>8 => r5c6 has no candidate (r4c5<>8 -> r4c5=3"
        " -> r5c6<>3; r4c5<>8 -> r5c5<>4 -> r5c6<>7) => r4c5=8"
    )


# -- JSON and links --------------------------------------------------------------------------


def test_json_of_a_chain_step() -> None:
    board = _board("-", MT2, MT2_A)
    step = _first("fc", board)
    data = step.to_json(board.layout)
    assert data["technique"] == "fc"
    assert data["name"] == "Forcing Chain Verity"
    assert data["notation"] == step.notation
    assert data["eliminations"] == [["r9c2", 2]]
    assert data["placements"] == []
    assert data["difficulty"] == step.difficulty
    chain = data["pattern"]["chain"]
    assert chain and all(link["type"] in ("strong", "weak") for link in chain)
    # r1c9<>2 -> r1c2=2: a strong link into a placement; r1c2=2 -> r9c2<>2: a weak one.
    assert {"from": {"cells": ["r1c9"], "digit": 2, "kind": "cell"},
            "to": {"cells": ["r1c2"], "digit": 2, "kind": "cell"}, "type": "strong"} in chain
    assert {"from": {"cells": ["r1c2"], "digit": 2, "kind": "cell"},
            "to": {"cells": ["r9c2"], "digit": 2, "kind": "cell"}, "type": "weak"} in chain
    # r6c1<>2 -> r789c1=2 (a group holding 2) -> r9c2<>2.
    groups = [link for link in chain if link["to"]["kind"] == "group"]
    assert {"from": {"cells": ["r6c1"], "digit": 2, "kind": "cell"},
            "to": {"cells": ["r7c1", "r8c1", "r9c1"], "digit": 2, "kind": "group"},
            "type": "strong"} in groups
    assert data["pattern"]["candidates"] == [["r8c1", 2], ["r8c2", 2], ["r8c3", 2],
                                             ["r8c6", 2], ["r8c9", 2]]
    assert data["pattern"]["houses"] == ["r8"]


def test_json_of_a_net_step() -> None:
    board = _board("-", MT2, MT2_NET)
    step = _contradiction("fn", board, 9, 6)
    data = step.to_json(board.layout)
    assert data["technique"] == "fn"
    assert data["eliminations"] == [["r2c1", 6]]
    assert data["pattern"]["candidates"] == [["r2c1", 6]]
    links = step.chain
    # r2c5=4 follows from three removals: a link from each.
    into = [link for link in links if link.b.cells == (13,) and link.b.digit == 4]
    assert {link.a.digit for link in into} == {3, 5, 6} and all(link.strong for link in into)


# -- the search's bookkeeping ------------------------------------------------------------------


def _audit(search: _Search) -> list[str]:
    """Facts of the search without reasons in the layer before them (none expected).

    (No assert in the loop: pytest's assertion rewriting would make it slow.)
    """
    bad = []
    for b in search.branches:
        facts = [(i << 1 | 1) for i in range(b.on.bit_length()) if b.on >> i & 1]
        facts += [(i << 1) for i in range(b.off.bit_length()) if b.off >> i & 1]
        for f in facts:
            k = search.layer(b, f)
            parents = search.parents(b, f)
            if k == 0:
                ok = f == b.premise
            elif f in b.ruled:
                ok = not parents
            else:
                layers = [search.layer(b, p) for p in parents]
                ok = bool(layers) and max(layers) == k - 1
            if not ok:
                bad.append(f"{search.fact_text(b.premise)}: {search.fact_text(f)}")
    return bad


@pytest.mark.parametrize("tech", [ForcingChain, ForcingNet])
def test_every_fact_has_reasons(tech: type[ForcingChain] | type[ForcingNet]) -> None:
    boards = [
        _board("-", MT1, MT1_A),
        _board("nonconsecutive", "empty6", "r5c3:15 r3c5:15 r2c3:25"),
        _board("antiknight,diagonal", "empty9", BOX),
    ]
    for board in boards:
        search = _Search(tech(), board)
        for _ in search.run():
            pass
        assert sum(len(b.cum_on) for b in search.branches) > len(search.branches)
        assert _audit(search) == []


# -- a rule with its own propagate hook --------------------------------------------------------


class _PairSum(Constraint):
    """Two cells whose digits add up to ``total``, known only through ``propagate``."""

    label = "pair sum"

    def __init__(self, a: int, b: int, total: int) -> None:
        self.a, self.b, self.total = a, b, total

    def propagate(self, grid: Grid, cands: list[int]) -> bool:
        for x, y in ((self.a, self.b), (self.b, self.a)):
            keep = 0
            for d in mask_digits(cands[x]):
                e = self.total - d
                if 1 <= e <= grid.size and cands[y] >> (e - 1) & 1:
                    keep |= 1 << (d - 1)
            cands[x] &= keep
            if not cands[x]:
                return False
        return True

    def check(self, grid: Grid, values: Sequence[int]):  # type: ignore[no-untyped-def]
        if values[self.a] + values[self.b] != self.total:
            yield "the pair does not add up"


def test_nets_use_a_rules_propagate_hook() -> None:
    # 4x4: r1c1 + r2c3 = 5, so {1,4} or {2,3}; r1c1 is 1 or 2, r2c3 is 3 or 4 or 1.
    layout = Layout(4, [_PairSum(0, 6, 5)])
    assert layout.propagators
    board = Puzzle(layout, (0,) * 16).board()
    for cell, keep in ((0, 0b0011), (6, 0b1101)):
        for d in mask_digits(15 & ~keep):
            board.eliminate(cell, d)
    steps = _steps("fn", board)
    assert steps
    assert any("(pair sum rule)" in s.notation or "pair sum rule" in s.notation for s in steps)
    _check_all_true(board, steps)
    # Chains ignore the hook: whatever they find is still true.
    _check_all_true(board, _steps("fc", board))


# -- every change holds in every completion of an open board -----------------------------------


def _check_all_true(board: Board, steps: list[Step]) -> None:
    assert next(board_solutions(board, 1), None) is not None
    for step in steps:
        assert not step.is_empty and step.notation and step.explanation
        for cell, d in step.placements:
            trial = board.copy()
            trial.eliminate(cell, d)
            assert next(board_solutions(trial, 1), None) is None, step.notation
        for cell, d in step.eliminations:
            trial = board.copy()
            trial.restrict(cell, 1 << (d - 1))
            assert next(board_solutions(trial, 1), None) is None, step.notation


OPEN_BOARDS = [
    ("-", "empty9", BOX),
    ("nonconsecutive", "empty6", "r5c3:15 r3c5:15 r2c3:25"),
    ("antiknight", "empty9", "r1c1:12 r2c3:13 r3c2:23"),
    ("diagonal", "empty9", "r1c1:12 r5c5:13 r9c9:23"),
    ("-", "empty4", "r1c1:12 r1c2:13"),
]


@pytest.mark.parametrize(("rules", "puzzle", "setup"), OPEN_BOARDS)
def test_open_boards_every_change_is_forced(rules: str, puzzle: str, setup: str) -> None:
    board = _board(rules, puzzle, setup)
    for code in MINE:
        _check_all_true(board, _steps(code, board))


def test_nothing_on_a_fresh_or_solved_board() -> None:
    assert _steps("fc", _board("-", "empty9", "-")) == []
    assert _steps("fn", _board("-", "empty9", "-")) == []
    line = puzzle_lines("norvig_easy50.txt", 1)[0]
    puzzle = Puzzle(Layout.classic(9), tuple(max(0, char_digit(ch)) for ch in line))
    solution = search_solve(puzzle)
    assert solution is not None
    solved = Puzzle(Layout.classic(9), tuple(solution)).board()
    assert _steps("fc", solved) == [] and _steps("fn", solved) == []


# -- soundness along real solve paths ------------------------------------------------------------


def _sweep(puzzle: Puzzle, solution: Sequence[int], every: int = 1) -> int:
    """Walk the path; check every fc/fn step where the ladder before fc is stuck, and the
    first few steps at every ``every``-th other state. Returns the steps checked."""
    board = puzzle.board()
    (fc,) = get_techniques("fc")
    before = [t for t in TECHNIQUES if t.info.order < fc.info.order]
    ladder = [t for t in TECHNIQUES if t.code != "sp"]
    checked = state = 0
    while not board.is_solved():
        state += 1
        stuck = next_step(board, before) is None
        for code in MINE:
            (tech,) = get_techniques(code)
            if stuck:
                found = list(tech.find(board))
            elif state % every == 0:
                found = list(islice(tech.find(board), 3))
            else:
                continue
            for found_step in found:
                checked += 1
                note = f"{puzzle.line()}: {found_step.notation}"
                assert not found_step.is_empty and found_step.explanation, note
                for cell, d in found_step.placements:
                    assert solution[cell] == d, note
                for cell, d in found_step.eliminations:
                    assert solution[cell] != d, note
        step = next_step(board, ladder)
        if step is None:
            cell = next(c for c in range(len(solution)) if not board.values[c])
            board.place(cell, solution[cell])
            continue
        assert apply_step(board, step) is None
    return checked


SWEEP = [("magictour_top1465_sample.txt", 1), ("norvig_hardest11.txt", 1)]


@pytest.mark.parametrize(("name", "count"), SWEEP)
def test_sweep_classic(name: str, count: int) -> None:
    for line in puzzle_lines(name, count):
        puzzle = Puzzle(Layout.classic(9), tuple(max(0, char_digit(ch)) for ch in line))
        solution = search_solve(puzzle)
        assert solution is not None
        assert _sweep(puzzle, solution, every=4) > 0


SUPPORTED = [e for e in variant_entries() if all(c["type"] in REGISTRY for c in e["constraints"])]
# A few variant puzzles, one of each family of rules (sees-pairs, relation tables,
# extra houses, irregular regions, small grids).
_IN_SUITE = ("The Miracle", "check_anti_knight_4x4", "check_diagonal_9x9", "Diagonal non",
             "check_anti_king_6x6")


def test_sweep_variants() -> None:
    checked = 0
    picked = [e for e in SUPPORTED if e["name"].startswith(_IN_SUITE)]
    assert picked
    for entry in picked:
        puzzle, solution = _variant(entry)
        checked += _sweep(puzzle, solution, every=6)
    assert checked > 0
