"""Nested forcing chains (nfc): the step's chains, its JSON roles, the engine's premise,
and the explanation summary (forcing steps, longest step).

The one-line regression cases live in tests/data/techniques/nested.txt (read by
test_techniques.py); the walks over whole puzzles are in benchmarks/ladder.py (the
forum's hardest list takes seconds a puzzle).
"""

from __future__ import annotations

import pytest

import yass
from test_techniques import Case, _case_board
from yass.core.board import Board
from yass.core.step import Step
from yass.logic.explain import FORCING, explain
from yass.logic.techniques import TECHNIQUES, get_techniques
from yass.rating import se

# A state of the forum's hardest list (ER 10.3) where the ladder before nfc is stuck:
# level 1 (dynamic forcing chains (+)) refutes r5c1=1.
HARD = "........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6."
# A state of another puzzle of the list (ER 11), where a region chain of level 2 is found.
REGION = "..4..38...7..8....2.81....6..3..8.9..8.32....1..7...838.....45....8..9....9..5..8"
REGION_SETUP = (
    "r1c9:1259 r2c7:135 r2c9:1459 r4c7:127 r4c9:1457 r5c1:479 r5c8:146 r5c9:145 r6c2:4569"
    " r8c8:2367 r9c7:1367"
)


def _board(puzzle: str = HARD, setup: str = "-") -> Board:
    return _case_board(Case("", 0, "nfc", "-", puzzle, setup, "-"))


def _step(board: Board) -> Step:
    (tech,) = get_techniques("nfc")
    steps = list(tech.find(board))
    assert len(steps) == 1
    return steps[0]


def test_contradiction_chains_reach_a_fact_and_its_negation() -> None:
    board = _board()
    step = _step(board)
    assert step.name == "Dynamic Contradiction Forcing Chains (+)"
    assert step.eliminations == ((36, 1),) and not step.placements
    assert step.candidates == ((36, 1),)
    assert step.notation.startswith(
        "Dynamic Contradiction Forcing Chains (+): r5c1=1 => r3c3=7 and r3c3<>7 (r5c1=1 ->"
    )
    assert step.notation.endswith("=> r5c1<>1")
    # Each branch shown starts at the premise and ends on r3c3, set in one and cleared
    # in the other; consecutive links join up.
    pattern = step.notation.split("r3c3<>7 (", 1)[1].rsplit(") =>", 1)[0]
    chains = [c.split(" -> ") for c in pattern.split("; ")]
    assert [c[0] for c in chains] == ["r5c1=1", "r5c1=1"]
    assert {c[-1] for c in chains} == {"r3c3=7", "r3c3<>7"}
    reached: set[tuple[tuple[int, ...], int]] = {((36,), 1)}
    for link in step.chain:  # (links shared by both chains are listed once)
        assert (link.a.cells, link.a.digit) in reached, link
        reached.add((link.b.cells, link.b.digit))
    solution = yass.find_solution(yass.parse_puzzle(HARD))
    assert solution is not None and solution[36] != 1
    assert "if r5c1 were 1" in step.explanation and step.explanation.endswith(
        "so r5c1 is not 1"
    )


def test_roles_in_json() -> None:
    board = _board()
    step = _step(board)
    data = step.to_json(board.layout)
    assert data["technique"] == "nfc"
    assert data["name"] == step.name
    assert data["eliminations"] == [["r5c1", 1]]
    assert data["pattern"]["candidates"] == [["r5c1", 1]]
    assert {"r5c1", "r3c3"} <= set(data["pattern"]["cells"])
    links = data["pattern"]["chain"]
    assert links[0]["from"]["cells"] == ["r5c1"] and links[0]["type"] == "weak"
    assert all(link["type"] in ("strong", "weak") for link in links)


def test_region_chain_names_its_house() -> None:
    from yass.logic.techniques.nested import _step as nested_step

    board = _board(REGION, REGION_SETUP)
    # (in SE's order, by index: the ladder tries the cells whose assumptions reach most
    # first, and finds a contradiction)
    values = list(board.values)
    cands = [0 if v else m for v, m in zip(values, board.cands, strict=True)]
    hint = se.forcing_hint(values, cands, (2,))
    assert hint is not None
    step = nested_step(board, hint)
    assert "Region Forcing Chains" in step.name
    (house,) = step.houses
    digit = step.candidates[0][1]
    places = [c for c in board.layout.houses[house].cells if board.has(c, digit)]
    assert [c for c, _d in step.candidates] == sorted(places)
    assert step.notation.startswith(
        "Dynamic Region Forcing Chains (+ Forcing Chains): 9 in c2 {r1c2,r3c2,r6c2} ("
    )
    assert step.eliminations == ((9, 9),)


def test_engine_premise_matches_python_search() -> None:
    """The compiled engine's premise of SE's first hint is the one the Python search
    (which keeps the chains) finds."""
    board = _board()
    values = list(board.values)
    cands = [0 if values[c] else board.cands[c] for c in range(81)]
    hint = se.forcing_hint(values, cands, levels=(1,), chains=False)
    assert hint is not None
    g = se._Grid(values)
    g.eliminate([(c, d) for c in range(81) if not values[c] for d in range(1, 10)
                 if not cands[c] >> (d - 1) & 1])
    found = se._chain_hints(g, False, True, True, 1, False)
    top = found[0]
    assert (top.placement, top.elims) == (hint.placement, hint.eliminations)
    assert hint.premise == (36, 1, ())
    assert hint.kind == 0 and hint.level == 1


def test_fc_and_fn_skipped_only_where_they_find_nothing() -> None:
    from yass.logic.techniques.forcing import ForcingChain, ForcingNet
    from yass.logic.techniques.nested import dynamic_chain_possible

    # Level 1 refutes r5c1=1 on HARD: fc and fn are asked there.
    assert dynamic_chain_possible(_board())
    # Only level 2 finds a step on REGION: levels 0 and 1 nothing, nor fc and fn.
    board = _board(REGION, REGION_SETUP)
    assert not dynamic_chain_possible(board)
    assert not any(not s.is_empty for s in ForcingChain().find(board))
    assert not any(not s.is_empty for s in ForcingNet().find(board))
    # Not a classic grid: nothing is skipped.
    assert dynamic_chain_possible(_case_board(Case("", 0, "nfc", "diagonal", "." * 81, "-", "-")))


def test_a_board_tries_its_recent_premises_first_then_the_cells_reaching_most() -> None:
    from yass.logic.techniques.nested import _memory, _ordered, dynamic_chain_possible

    board = _board(REGION, REGION_SETUP)
    assert _ordered(_memory(board), 2, []) is None  # nothing known: SE's order
    # Levels 0 and 1 find nothing here: how far each assumption got is kept.
    assert not dynamic_chain_possible(board)
    values = list(board.values)
    cands = [0 if v else m for v, m in zip(values, board.cands, strict=True)]
    got: list[int] = []
    assert se.forcing_hint(values, cands, (0, 1), None, chains=False, reach=got) is None
    assert len(got) == 81 * 9
    tried = {c for c in range(81) if not board.values[c] and board.cands[c].bit_count() > 1}
    assert {p // 9 for p in range(729) if got[p]} == tried
    order = _ordered(None, 2, got)
    assert order is not None and sorted(order) == list(range(81))
    best = [max(got[c * 9 : c * 9 + 9]) for c in order]
    assert best == sorted(best, reverse=True)  # (ties in SE's order)
    step = _step(board)
    memory = _memory(board)
    order = _ordered(memory, 2, got)
    assert memory is not None and order is not None
    assert order[0] == step.candidates[0][0]  # (the region chain's first place)
    assert _memory(_board(REGION, REGION_SETUP)) is None  # another board object


def test_cells_that_gave_nothing_come_last_the_longest_ago_first() -> None:
    from yass.logic.techniques.nested import _memory, _ordered, _remember

    board = _board()
    empty = [c for c in range(81) if not board.values[c]]
    # A first search: level 1 gave nothing anywhere, level 2 found its step on the
    # fourth empty cell (in SE's order).
    _remember(board, empty[3], 2, [1], None)
    memory = _memory(board)
    assert memory is not None and memory.premises == [empty[3]]
    order = _ordered(memory, 2, [])
    assert order is not None
    assert order[0] == empty[3]  # the premise
    assert order[-3:] == empty[:3]  # the cells that gave nothing at level 2
    order = _ordered(memory, 1, [])
    assert order is not None and [c for c in order if c in empty][1:] == [
        c for c in empty if c != empty[3]
    ]  # (level 1: every cell gave nothing in the same search)
    # A second search, in that order, finds its step on the fifth cell tried: the three
    # before it that are not premises go last, behind those that gave nothing earlier.
    later = [c for c in _ordered(memory, 2, []) or [] if c in empty]
    _remember(board, later[4], 2, [], _ordered(memory, 2, []))
    order = [c for c in _ordered(memory, 2, []) or [] if c in empty]
    assert order[:2] == [later[4], empty[3]]
    assert later[0] == empty[3]
    assert order[-6:] == empty[:3] + later[1:4]


@pytest.mark.parametrize("rules", ["diagonal"])
def test_variants_left_alone(rules: str) -> None:
    board = _case_board(Case("", 0, "nfc", rules, "." * 81, "-", "-"))
    (tech,) = get_techniques("nfc")
    assert list(tech.find(board)) == []


def test_on_the_default_ladder_before_speculation() -> None:
    codes = [t.code for t in TECHNIQUES]
    assert codes.index("fn") < codes.index("nfc") < codes.index("sp")


def test_summary_counts_forcing_steps_and_finds_the_longest() -> None:
    # magictour #2: forcing chains and nets.
    puzzle = yass.parse_puzzle(
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."
    )
    result = explain(puzzle)
    assert result.guesses == 0
    forcing = [s for s in result.steps if s.technique in FORCING]
    assert result.forcing_steps == len(forcing) > 0
    got = result.longest_step
    assert got is not None
    i, step = got
    assert result.steps[i - 1] is step
    assert len(step.chain) == max(len(s.chain) for s in result.steps)
    data = result.to_json()
    assert data["forcing_steps"] == len(forcing)
    assert data["longest_step"]["index"] == i and data["longest_step"]["links"] == len(step.chain)
    assert result.summary().startswith(f"forcing steps {len(forcing)}; longest step {i} (")
