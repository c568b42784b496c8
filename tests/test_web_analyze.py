"""``POST /api/analyze`` (and ``/api/load``, ``/api/export``): answers checked against an
independent count (the reference search enumerating every solution), bad input as one
line with 400, the server's limits as 503, and many requests at once."""

from __future__ import annotations

import json
import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from conftest import SEED_PUZZLE, puzzle_lines, variant_entries
from test_web import _assert_error, post
from yass.engine import fast
from yass.engine.search import solutions
from yass.formats import parse_puzzle, puzzle_from_json
from yass.web import Server, ServerLimit
from yass.web.analyze import analyze


def _name(cell: int) -> str:
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def _few_solutions(rng: random.Random) -> tuple[str, list[tuple[int, ...]]]:
    """A classic puzzle with 2 to 40 solutions, all of them (the reference search)."""
    from yass.engine import fast

    while True:
        line = rng.choice(puzzle_lines("kaggle_sample.txt", 50))
        givens = [i for i, ch in enumerate(line) if ch not in ".0"]
        holed = list(line)
        for cell in rng.sample(givens, 6):
            holed[cell] = "."
        text = "".join(holed)
        if fast.search(parse_puzzle(text), 41)[0] > 40:
            continue
        found = list(solutions(parse_puzzle(text), 41))
        if 2 <= len(found) <= 40:
            return text, found


def test_true_candidates_are_the_union_of_all_solutions() -> None:
    rng = random.Random(21)
    for _ in range(3):
        text, found = _few_solutions(rng)
        answer = analyze({"puzzle": text})
        assert answer["solutions"] == 2
        union = [sorted({s[c] for s in found}) for c in range(81)]
        assert answer["true_candidates"] == union
        # the two solutions behind ``differ`` are real ones, and differ exactly there
        differ = answer["differ"]
        assert differ and all(len(union[int(n[1]) * 9 - 9 + int(n[3:]) - 1]) > 1
                              for n in differ)
        assert any({_name(c) for c in range(81) if a[c] != b[c]} == set(differ)
                   for a in found for b in found)


def test_unique_puzzle_true_candidates_are_its_solution() -> None:
    answer = analyze({"puzzle": SEED_PUZZLE})
    (only,) = list(solutions(parse_puzzle(SEED_PUZZLE)))
    assert answer["solutions"] == 1
    assert answer["true_candidates"] == [[d] for d in only]
    assert answer["differ"] == [] and answer["wrong"] == [] and answer["hint"] is None
    rating = answer["rating"]
    assert rating["er"] is not None and rating["hardest"] and rating["guesses"] == 0


def test_no_solution_is_an_answer() -> None:
    # r1c3 can hold nothing: its row has 1-6, its column 7-9
    line = "12.4563.." + "..7......" + "..8......" + "..9......" + "." * 45
    answer = analyze({"puzzle": line, "progress": line})
    assert answer["solutions"] == 0
    assert answer["true_candidates"] == [[]] * 81
    assert answer["hint"] is None and answer["rating"] is None


def test_wrong_is_exactly_the_wrong_cells() -> None:
    rng = random.Random(5)
    puzzle = parse_puzzle(SEED_PUZZLE)
    (solution,) = list(solutions(puzzle))
    empty = [c for c, g in enumerate(puzzle.givens) if not g]
    for k in (0, 1, 4):
        progress = list(puzzle.givens)
        for c in rng.sample(empty, 30):
            progress[c] = solution[c]
        bad = rng.sample([c for c in empty if progress[c]], k)
        for c in bad:
            progress[c] = solution[c] % 9 + 1
        line = "".join(str(d) if d else "." for d in progress)
        answer = analyze({"puzzle": SEED_PUZZLE, "progress": line, "level": 1})
        assert sorted(answer["wrong"]) == sorted(_name(c) for c in bad)
        hint = answer["hint"]
        if bad:  # the hint says so first, without giving the solution's digit away
            first = min(bad)
            assert hint["kind"] == "wrong"
            assert hint["text"].startswith(
                f"{_name(first)}: this {progress[first]} is not the solution's")
        else:
            assert hint["kind"] == "step" and hint["text"].startswith("Look for")


def test_lost_candidate_and_hint_on_pencil_marks() -> None:
    puzzle = parse_puzzle(SEED_PUZZLE)
    (solution,) = list(solutions(puzzle))
    marks = []
    for c, g in enumerate(puzzle.givens):
        mask = (1 << (g - 1)) if g else 0b111111111
        if c == 11:  # r2c3 loses its true digit
            mask &= ~(1 << (solution[c] - 1))
        marks.append(mask)
    line = "".join("".join(str(d) if m >> (d - 1) & 1 else "." for d in range(1, 10))
                   for m in marks)
    answer = analyze({"puzzle": SEED_PUZZLE, "progress": line})
    assert answer["lost"] == [["r2c3", solution[11]]]
    assert answer["hint"]["text"] == f"r2c3 has lost its true candidate {solution[11]}"
    # with every mark in place: a step, found on the marks given, at all three levels
    marks[11] = 0b111111111
    line = "".join("".join(str(d) if m >> (d - 1) & 1 else "." for d in range(1, 10))
                   for m in marks)
    hint = analyze({"puzzle": SEED_PUZZLE, "progress": line, "level": 2})["hint"]
    assert hint["kind"] == "step" and hint["texts"][1:] == [hint["text"]]
    assert hint["step"] is None and "view" not in hint  # level 2 does not give it away
    hint = analyze({"puzzle": SEED_PUZZLE, "progress": line, "level": 3})["hint"]
    assert hint["cands"][11] >> (solution[11] - 1) & 1  # the board it was found on
    assert hint["step"]["technique"] == hint["technique"]


def test_conflicts_come_from_the_rules() -> None:
    line = "1" + "." * 9 + "1" + "." * 70  # r1c1 and r2c2: the same box
    answer = analyze({"puzzle": "." * 81, "progress": line, "rate": False})
    assert answer["conflicts"] == ["r1c1", "r2c2"]
    assert answer["hint"]["kind"] in ("wrong", "conflict")
    entry = next(e for e in variant_entries() if e["constraints"] == [{"type": "antiknight"}]
                 or {"type": "antiknight"} in e["constraints"])
    blank = dict(entry, givens="." * 81)
    line = "5" + "." * 10 + "5" + "." * 69  # r1c1 and r2c3: a knight's move
    answer = analyze({"puzzle": blank, "progress": line, "level": 0})
    assert answer["conflicts"] == ["r1c1", "r2c3"]
    # Two digits a relation forbids side by side: 4 and 5 next to each other under the
    # non-consecutive rule (they differ, so no cell sees its own digit). The puzzle is a
    # non-consecutive solution with rows 1-3 and columns 1-2 left open, so no given sees
    # r1c1 or r1c2 (a blank grid would do too, but its true candidates take seconds).
    _, grid = fast.search(parse_puzzle("." * 81, rules="nonconsecutive"), 1)
    assert grid is not None
    givens = "".join("." if cell < 27 or cell % 9 < 2 else str(v) for cell, v in enumerate(grid))
    for progress, conflicts in (("45", ["r1c1", "r1c2"]), ("46", [])):
        answer = analyze({"puzzle": givens, "rules": "nonconsecutive",
                          "progress": progress + "." * 79, "level": 0, "rate": False})
        assert answer["solutions"] >= 1
        assert answer["conflicts"] == conflicts


def test_minimality() -> None:
    answer = analyze({"puzzle": SEED_PUZZLE, "minimality": True, "rate": False})
    puzzle = parse_puzzle(SEED_PUZZLE)
    redundant = answer["minimality"]["redundant"]
    for c, g in enumerate(puzzle.givens):
        if not g:
            continue
        holed = SEED_PUZZLE[:c] + "0" + SEED_PUZZLE[c + 1:]
        still = len(list(solutions(parse_puzzle(holed), 2))) == 1
        assert (_name(c) in redundant) == still
    text, found = _few_solutions(random.Random(3))
    answer = analyze({"puzzle": text, "minimality": True})
    for name, d in answer["minimality"]["completing"]:
        c = (int(name[1]) - 1) * 9 + int(name[3]) - 1
        assert sum(1 for s in found if s[c] == d) == 1


def test_variant_analysis_matches_its_published_solution() -> None:
    for entry in variant_entries(multi_cell=True)[:12]:
        answer = analyze({"puzzle": entry, "rate": False})
        assert answer["solutions"] == 1, entry["name"]
        assert "".join(str(c[0]) for c in answer["true_candidates"]) == entry["solution"]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"puzzle": SEED_PUZZLE, "progress": "123"}, "must be 81 digits or 729 pencil marks"),
        ({"puzzle": SEED_PUZZLE, "progress": "x" * 81}, "is not a digit"),
        ({"puzzle": SEED_PUZZLE, "progress": "1" * 81}, "changes the given"),
        ({"puzzle": SEED_PUZZLE, "progress": 5}, "'progress' must be text"),
        ({"puzzle": SEED_PUZZLE, "level": 7}, "'level' must be"),
        ({"puzzle": SEED_PUZZLE, "timeout": 99}, "'timeout' must be"),
        ({"puzzle": "11" + "." * 79}, "r1c1"),
        ({}, "no 'puzzle'"),
    ],
)
def test_bad_input_is_one_line_with_400(server: Server, body: Any, words: str) -> None:
    status, answer = post(server, "/api/analyze", body)
    assert words in _assert_error(status, answer)


def test_the_time_limit_is_a_503(server: Server) -> None:
    hard = next(e for e in variant_entries(multi_cell=True) if e["name"] == "Hard renban 3")
    # (its count alone takes about 70 ms now: a limit far below that, so that a faster
    # machine or a warm engine cannot finish within it)
    status, answer = post(server, "/api/analyze", {"puzzle": hard, "timeout": 0.002})
    assert status == 503
    assert answer["error"].startswith("gave up") and "\n" not in answer["error"]


def test_a_clients_next_request_cancels_the_last() -> None:
    """The page sends one request per edit with its ``client`` id: the next one moves
    the last one's deadline to now, so its searches stop (and it answers 503)."""
    from yass.core.bounds import BoundReached, Bounds
    from yass.web.analyze import _finish, _start

    first, second, other = Bounds(10), Bounds(10), Bounds(10)
    _start("tab-1", first)
    _start("tab-2", other)
    first.check_time()
    _start("tab-1", second)
    with pytest.raises(BoundReached):
        first.check_time()
    second.check_time()
    other.check_time()
    for client, bounds in (("tab-1", first), ("tab-1", second), ("tab-2", other)):
        _finish(client, bounds)
    hard = next(e for e in variant_entries(multi_cell=True) if e["name"] == "Hard renban 3")
    with pytest.raises(ServerLimit):
        analyze({"puzzle": hard}, bounds=first)


def test_load_and_export(server: Server) -> None:
    entry = next(e for e in variant_entries(multi_cell=True)
                 if any(c["type"] == "killer" for c in e["constraints"]))
    status, loaded = post(server, "/api/load", {"puzzle": json.dumps(entry)})
    assert status == 200
    assert loaded["layout"]["size"] == entry["size"] and len(loaded["layout"]["sees"]) == 81
    status, out = post(server, "/api/export", {"puzzle": loaded["puzzle"]})
    assert status == 200
    assert out["fpuzzles"].startswith("https://") and "sudokupad" in out["sudokupad"]
    # every export reads back as the same puzzle
    expected = puzzle_from_json(entry)
    for key in ("fpuzzles", "sudokupad", "json"):
        status, again = post(server, "/api/load", {"puzzle": out[key]})
        assert status == 200, (key, again)
        assert again["givens"] == list(expected.givens)
        assert again["puzzle"]["constraints"] == loaded["puzzle"]["constraints"]


def _mixed_requests() -> list[dict[str, Any]]:
    lines = puzzle_lines("17_clue_sample.txt", 8)
    out: list[dict[str, Any]] = []
    for line in lines:
        out.append({"puzzle": line, "rate": False, "level": 0})
        out.append({"puzzle": line[:40] + "." * 41, "rate": False, "level": 0})
    fast_variants = [e for e in variant_entries(multi_cell=True)
                     if e["name"] not in ("Hard renban 3", "Orbit")][:16]
    out += [{"puzzle": e, "rate": False, "level": 0} for e in fast_variants]
    return out


def test_concurrent_requests_answer_as_serial_ones(server: Server) -> None:
    """Many requests at once, classic and variant mixed: every answer equals the one the
    same request got alone. (This needs the search engine's thread safety.)"""
    requests = _mixed_requests()
    serial = [post(server, "/api/analyze", r) for r in requests]
    assert all(status == 200 for status, _ in serial), [a for s, a in serial if s != 200][:1]
    with ThreadPoolExecutor(8) as pool:
        together = list(pool.map(lambda r: post(server, "/api/analyze", r), requests * 2))
    strip = {"ms"}
    for i, (status, answer) in enumerate(together):
        alone = serial[i % len(requests)][1]
        assert status == 200, answer
        assert {k: v for k, v in answer.items() if k not in strip} == {
            k: v for k, v in alone.items() if k not in strip}, i


def test_explain_at_its_time_limit_is_a_503(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    from yass.web import payloads

    monkeypatch.setattr(payloads, "TIME_LIMIT", 1e-9)
    status, answer = post(server, "/api/explain", {"puzzle": SEED_PUZZLE})
    assert status == 503 and answer["error"].startswith("gave up")


def test_a_slow_rating_is_left_out_then_kept() -> None:
    """The rating runs in the background: a request waits for it only ``extra_time``,
    names it ``incomplete``, and a later request on the puzzle gets it."""
    hard = puzzle_lines("17_clue_sample.txt", 1)[0]
    first = analyze({"puzzle": hard, "extra_time": 0.001})
    if first["rating"] is None:  # (unless it was quicker than a millisecond)
        assert first["incomplete"] == ["rating"]
    again = analyze({"puzzle": hard, "extra_time": 10})
    assert again["incomplete"] == [] and again["rating"]["er"] is not None
