"""explain, hint, Snyder marks, the technique table command, and solve's guess options."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import SEED_PUZZLE, digits_of, puzzle_lines
from yass import parse_puzzle
from yass.cli.commands import main
from yass.core.board import Board, Puzzle
from yass.core.geometry import bits
from yass.core.layout import Layout
from yass.core.step import Step, changes_notation
from yass.core.table import TABLE
from yass.formats.candidates import (
    CandidateError,
    board_from_candidates,
    looks_like_candidates,
    parse_candidates,
)
from yass.logic.explain import (
    ProgressError,
    all_steps,
    check_progress,
    explain,
    hint,
    snyder_marks,
)
from yass.logic.solver import GUESS, guess_stats, ladder_for, solve
from yass.logic.techniques import ALL_TECHNIQUES, Technique, get_techniques
from yass.render import candidates as candidate_picture

SEED_SOLUTION = "429516873851739246637482591395274618164958732782163459576891324213647985948325167"


def _two_solutions() -> str:
    """The seed's solution with the four cells of a swappable rectangle blanked."""
    v = [int(ch) for ch in SEED_SOLUTION]
    for r1 in range(9):
        for r2 in range(r1 + 1, 9):
            if r1 // 3 == r2 // 3:
                continue
            for c1 in range(9):
                for c2 in range(c1 + 1, 9):
                    if c1 // 3 != c2 // 3:
                        continue
                    a, b = v[r1 * 9 + c1], v[r1 * 9 + c2]
                    if (v[r2 * 9 + c1], v[r2 * 9 + c2]) == (b, a):
                        for cell in (r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2):
                            v[cell] = 0
                        return "".join(str(x) if x else "." for x in v)
    raise AssertionError("no rectangle")


TWO_SOLUTIONS = _two_solutions()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _replay(puzzle: Puzzle, steps: list[Step]) -> Board:
    board = puzzle.board()
    for step in steps:
        board.apply(step)
    return board


# -- explain ------------------------------------------------------------------------------


def test_explain_path_replays_to_the_solution() -> None:
    puzzle = parse_puzzle(SEED_PUZZLE)
    result = explain(puzzle)
    assert "".join(map(str, result.solution or ())) == SEED_SOLUTION
    assert _replay(puzzle, result.steps).values == list(digits_of(SEED_SOLUTION))
    counts = result.counts()
    assert sum(counts.values()) == len(result.steps)
    orders = [TABLE[c].order for c in counts if c != GUESS]
    assert orders == sorted(orders)
    hardest = result.hardest
    assert hardest is not None and hardest.code in counts
    assert all(TABLE[c].level <= hardest.level for c in counts if c != GUESS)
    assert result.score == sum(TABLE[s.technique].score for s in result.steps)


def test_explain_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "explain", SEED_PUZZLE)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("1. ") or lines[0].startswith(" 1. ")
    numbered = [ln for ln in lines if ln.strip()[:1].isdigit()]
    result = explain(parse_puzzle(SEED_PUZZLE))
    assert len(numbered) == len(result.steps)
    for ln, step in zip(numbered, result.steps, strict=True):
        assert ln.split(". ", 1)[1] == step.notation
        name = step.name or TABLE[step.technique].name
        assert step.notation.startswith(name + ":")
    assert f"solution: {SEED_SOLUTION}" in lines
    assert "guesses: 0" in lines
    assert any(ln.startswith("techniques: ") for ln in lines)
    assert any(ln.startswith("hardest: ") for ln in lines)
    code, verbose, _ = run(capsys, "explain", SEED_PUZZLE, "--verbose")
    assert len(verbose.splitlines()) == len(lines) + len(result.steps)


def test_explain_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", SEED_PUZZLE, "--format", "json")
    assert code == 0
    obj = json.loads(out)
    assert obj["puzzle"] == Puzzle(Layout.classic(9), digits_of(SEED_PUZZLE)).line()
    assert obj["solution"] == SEED_SOLUTION
    assert obj["guesses"] == 0
    for step in obj["steps"]:
        assert {"technique", "name", "notation", "text", "placements", "eliminations",
                "pattern"} <= set(step)
        for name, d in step["placements"] + step["eliminations"]:
            assert name.startswith("r") and 1 <= d <= 9
    # Replaying the JSON steps gives the solution.
    puzzle = parse_puzzle(SEED_PUZZLE)
    board = puzzle.board()
    lay = puzzle.layout
    for step in obj["steps"]:
        for name, d in step["eliminations"]:
            board.eliminate(lay.parse_cell(name), d)
        for name, d in step["placements"]:
            assert board.place(lay.parse_cell(name), d)
    assert board.line() == SEED_SOLUTION


def test_guesses_are_steps_named_guess(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "explain", SEED_PUZZLE, "--format", "json", "--techniques", "ns")
    obj = json.loads(out)
    guesses = [s for s in obj["steps"] if s["technique"] == "guess"]
    assert obj["guesses"] == len(guesses) > 0
    assert all(s["notation"].startswith("Guess: ") for s in guesses)


def test_explain_no_solution(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", "123." "...." "...." "...4")
    assert code == 1
    assert "solution: none" in out


# -- hints ---------------------------------------------------------------------------------


def test_hint_levels(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = parse_puzzle(SEED_PUZZLE)
    h = hint(puzzle.board())
    assert h.step is not None
    first = explain(puzzle).steps[0]
    assert h.step == first
    name = TABLE[first.technique].name
    assert h.text(1) == f"Look for a {name}."
    assert h.text(2).startswith(f"Look for a {name} on digit")
    assert h.text(3) == f"{first.notation}\n{first.explanation}"
    for level in (1, 2, 3):
        code, out, _ = run(capsys, "hint", SEED_PUZZLE, "--level", str(level))
        assert code == 0 and out.rstrip("\n") == h.text(level)


def test_hint_all_lists_every_step_grouped_in_ladder_order(
    capsys: pytest.CaptureFixture[str],
) -> None:
    puzzle = parse_puzzle(SEED_PUZZLE)
    board = puzzle.board()
    groups = all_steps(board, unique=True)
    codes = [code for code, _ in groups]
    assert codes == sorted(codes, key=lambda c: TABLE[c].order)
    # the first group's first step is the hint; every group holds that technique's steps
    assert groups[0][1][0] == hint(board).step
    for code, steps in groups:
        assert 0 < len(steps) <= 20
        assert all(s.technique == code and not s.is_empty for s in steps)
        changes = [(frozenset(s.placements), frozenset(s.eliminations)) for s in steps]
        assert len(set(changes)) == len(changes)  # the same changes are listed once
        if code not in ("fc", "fn", "sp"):  # the forcing searches yield lazily, in stages
            (tech,) = get_techniques(code)
            distinct: list[Step] = []
            for s in tech.find(board):
                if (frozenset(s.placements), frozenset(s.eliminations)) not in {
                    (frozenset(t.placements), frozenset(t.eliminations)) for t in distinct
                }:
                    distinct.append(s)
            assert steps == distinct[:20]
    (hs,) = get_techniques("hs")  # on this grid the hidden singles repeat across houses
    found = [s for s in hs.find(board)]
    listed = dict(groups).get("hs", [])
    assert len({s.placements for s in found}) == len(listed) < len(found)
    status, out, _ = run(capsys, "hint", "--all", "--format", "json", SEED_PUZZLE)
    assert status == 0
    listed = json.loads(out)["techniques"]
    assert [g["technique"] for g in listed] == codes
    assert [len(g["steps"]) for g in listed] == [len(s) for _, s in groups]
    status, out, _ = run(capsys, "hint", "--all", SEED_PUZZLE)
    assert status == 0 and out.splitlines()[0] == f"{TABLE[codes[0]].name} ({len(groups[0][1])}):"


def test_hint_level_two_on_a_chain_names_what_it_changes() -> None:
    # A hard puzzle whose third step is a chain: level 2 names the digits and what the
    # chain removes, not every cell of the chain.
    puzzle = parse_puzzle(
        "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5"
    )
    board = puzzle.board()
    steps = explain(puzzle).steps
    chain_at = next(i for i, s in enumerate(steps) if s.chain)
    for step in steps[:chain_at]:
        board.apply(step)
    h = hint(board)
    assert h.step == steps[chain_at]
    (cell, digit), *_ = h.step.eliminations
    text = h.text(2)
    assert text.startswith(f"Look for a {h.step.name or TABLE[h.step.technique].name} on digit")
    assert f"removes {digit} from " in text and board.layout.name(cell) in text
    assert len(text) < 200


def test_hint_on_a_candidate_picture_and_a_729_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    puzzle = parse_puzzle(SEED_PUZZLE)
    board = puzzle.board()
    # Walk a few steps so the grid is "in progress", then write it as pencil marks.
    result = explain(puzzle)
    for step in result.steps[:12]:
        board.apply(step)
    picture = candidate_picture(board)
    assert looks_like_candidates(picture)
    line729 = "".join(
        "".join(str(d) if board.has(c, d) else "0" for d in range(1, 10)) for c in range(81)
    )
    assert looks_like_candidates(line729)
    for text in (picture, line729):
        size, masks = parse_candidates(text)
        assert size == 9
        again = board_from_candidates(puzzle.layout, masks)
        for cell in range(81):
            assert again.cands[cell] & board.cands[cell] == again.cands[cell]
            assert again.has(cell, int(SEED_SOLUTION[cell]))
        h = hint(again)
        assert h.step is not None
        for cell, d in h.step.placements:
            assert int(SEED_SOLUTION[cell]) == d
        for cell, d in h.step.eliminations:
            assert int(SEED_SOLUTION[cell]) != d
    f = tmp_path / "progress.txt"
    f.write_text(picture + "\n")
    code, out, err = run(capsys, "hint", str(f), "--level", "3")
    assert code == 0 and err == ""
    code, out2, _ = run(capsys, "hint", line729, "--level", "3")
    assert code == 0 and out2 == out


def test_hint_refuses_marks_that_exclude_the_solution(
    capsys: pytest.CaptureFixture[str],
) -> None:
    puzzle = parse_puzzle(SEED_PUZZLE)
    board = puzzle.board()
    true = int(SEED_SOLUTION[1])  # r1c2
    assert board.eliminate(1, true)
    picture = candidate_picture(board)
    code, out, err = run(capsys, "hint", picture)
    assert code == 1 and out == ""
    assert err.count("\n") == 1
    assert "r1c2" in err and str(true) in err
    with pytest.raises(ProgressError):
        check_progress(board, digits_of(SEED_SOLUTION))


def test_bad_candidate_text_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(CandidateError):
        parse_candidates("1" * 728 + "x")
    bad = "0" * 729
    code, _, err = run(capsys, "hint", bad)
    assert code == 2 and err.startswith("yass: error: ") and err.count("\n") == 1


def test_snyder_marks_match_a_direct_count(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = parse_puzzle(SEED_PUZZLE)
    board = puzzle.board()
    marks = snyder_marks(board)
    lay = puzzle.layout
    boxes = [i for i, h in enumerate(lay.houses) if h.kind == "box"]
    expected = set()
    for i in boxes:
        house = lay.houses[i]
        for d in range(1, 10):
            if any(board.values[c] == d for c in house.cells):
                continue
            spots = [c for c in house.cells if not board.values[c] and board.has(c, d)]
            if len(spots) == 2:
                expected.add((i, d, tuple(spots)))
    assert {(m.house, m.digit, m.cells) for m in marks} == expected
    assert len(snyder_marks(board, 3)) >= len(marks)
    code, out, _ = run(capsys, "hint", SEED_PUZZLE, "--marks")
    assert code == 0 and len(out.splitlines()) == len(marks)
    assert out.splitlines()[0] == marks[0].text(lay)


# -- the table command -------------------------------------------------------------------


def test_techniques_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "techniques")
    assert code == 0
    codes = [ln.split()[0] for ln in out.splitlines()[1:] if ln.strip() and " " in ln.strip()]
    assert [t.code for t in ALL_TECHNIQUES] == codes[: len(ALL_TECHNIQUES)]
    code, out, _ = run(capsys, "techniques", "--format", "json")
    rows = json.loads(out)
    assert [r["code"] for r in rows] == [t.code for t in ALL_TECHNIQUES]
    assert {r["level"] for r in rows} <= {"Easy", "Medium", "Hard", "Unfair", "Extreme"}


# -- uniqueness, guess order ---------------------------------------------------------------


class _NeedsUnique(Technique):
    """A technique flagged as needing a unique puzzle (not registered: it has no code)."""

    needs_unique = True

    def find(self, board: Board) -> Iterator[Step]:
        return iter(())


def test_uniqueness_techniques_only_for_unique_puzzles() -> None:
    puzzle = parse_puzzle(TWO_SOLUTIONS)
    from yass import count_solutions

    assert count_solutions(puzzle, 3) == 2
    marked = [t for t in ALL_TECHNIQUES if t.needs_unique] or [_NeedsUnique()]
    plain = get_techniques("ns,hs")
    ladder, unique = ladder_for(puzzle, plain + marked, None)
    assert unique is False and not any(t.needs_unique for t in ladder)
    ladder, unique = ladder_for(puzzle, plain + marked, True)
    assert unique is True and len(ladder) == len(plain) + len(marked)
    result = solve(puzzle, plain + marked)
    assert result.solution is not None and result.unique is False
    assert not result.uniqueness_used
    one = solve(parse_puzzle(SEED_PUZZLE), plain + marked)
    assert one.unique is True and one.uniqueness_used


def test_random_guess_order_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = parse_puzzle(puzzle_lines("norvig_top95.txt", 1)[0])
    ladder = get_techniques("ns,hs")
    a = solve(puzzle, ladder, guess_order="random", seed=7)
    b = solve(puzzle, ladder, guess_order="random", seed=7)
    assert a.steps == b.steps and a.guesses == b.guesses
    assert a.solution == solve(puzzle, ladder).solution
    stats = guess_stats(puzzle, 12, ladder, seed=1)
    assert stats.runs == len(stats.counts) == 12
    assert stats.min >= 1 and stats.min <= stats.median <= stats.max
    code, out, _ = run(capsys, "solve", SEED_PUZZLE, "--techniques", "ns", "--guess-stats", "5",
                       "--guess-order", "random", "--seed", "3")
    assert code == 0
    assert "guesses over 5 random orders: mean " in out
    code, out, _ = run(capsys, "solve", SEED_PUZZLE, "--techniques", "ns", "--guess-stats", "4",
                       "--format", "json")
    gs = json.loads(out)["guess_stats"]
    assert gs["runs"] == 4 and len(gs["counts"]) == 4


def test_steps_option_names_the_technique(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "solve", SEED_PUZZLE, "--steps")
    first = out.splitlines()[0]
    step = explain(parse_puzzle(SEED_PUZZLE)).steps[0]
    assert first.split(". ", 1)[1] == f"{TABLE[step.technique].name}: {step.explanation}"


# -- notation helpers ---------------------------------------------------------------------


def test_changes_notation_groups_cells_and_digits() -> None:
    lay = Layout.classic(9)
    elims = [(6, 1), (6, 2), (13, 5), (17, 5)]
    assert changes_notation(lay, [], elims) == "r1c7<>1,2, r2c5,r2c9<>5"
    assert changes_notation(lay, [(0, 5)], []) == "r1c1=5"


def test_step_json_names_cells_and_houses() -> None:
    lay = Layout.classic(9)
    step = Step("np", eliminations=((6, 1),), cells=(1, 4), houses=(0,), digits=(1, 2),
                notation="Naked Pair: 1,2 in r1c2,r1c5 => r1c7<>1")
    obj = step.to_json(lay)
    assert obj["pattern"]["cells"] == ["r1c2", "r1c5"]
    assert obj["pattern"]["houses"] == ["r1"]
    assert obj["eliminations"] == [["r1c7", 1]]
    assert obj["name"] == "Naked Pair" and obj["difficulty"] == TABLE["np"].difficulty
    assert list(bits(0b101)) == [0, 2]
