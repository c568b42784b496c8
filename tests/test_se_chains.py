"""SE 1.2.1's dynamic forcing chains (+) and nested levels (producers 26-30) in yass.

The expected hints and ratings come from the SE 1.2.1 build (serate 1.2.1.3) run on the same
puzzles, or from ``../shared/data/rated/``; the candidate grids are the states SE's own path
reaches just before the step (yass's path was checked to be the same up to there).
"""

from __future__ import annotations

import os
import re

import pytest

from yass.rating import se


def _grid(text: str) -> se._Grid:
    """A grid from a dump: per cell row-major ``vN`` (placed) or ``c`` and its candidates."""
    cells = re.findall(r"v\d|c\d*", text)
    assert len(cells) == 81
    values = [int(t[1]) if t[0] == "v" else 0 for t in cells]
    g = se._Grid(values)
    for c, t in enumerate(cells):
        if t[0] == "c":
            g.cand[c] = sum(1 << (int(ch) - 1) for ch in t[1:])
    g.refresh()
    return g


def _cell(name: str) -> int:
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1


# magictour top1465 "7.8...3.....6.1...5...", before SE's step 22 (the path's first step from
# producer 26); rated file: ER 9.6, EP 1.2, ED 1.2.
TOP1465_STEP22 = (
    "v7c126v8c459c2459c2459v3c1456c1259c249c23c2349v6c23459v1c247c4578c578v5c1236c123469c78"
    "c234c78c2469c146c129c189v4c1579c3579c59c3579c178v2v6v3c1267c1269c479v8c24679c147c1457c157"
    "c268c578c2567v1c2456c2467c478v9v3c168v9c1357v2c156c3568c167c13678v4c12468c12368c12346"
    "c3489v7c34689v5c1368c1289c12468c23578c1234567c34589c1469c345689c269c13678c12789"
)
# norvig hardest11 #2 "..53.....8......2..7..1.5..", before SE's step 5 (dynamic (+)).
HARDEST_2_STEP5 = (
    "c1269c249v5v3c24689c24678c14689c1679c1478v8c349c169c4679v5c467c1469v2c1347c2369v7c269"
    "c4689v1c2468v5c469c348v4c289c67c1689c689v5v3c179c127c259v1c289c489v7v3c249c459v6c67c59v3"
    "v2c469c146c149v8c1457c1237v6c1278v5c2348c12478c1248c14v9c12579c2589v4c1678c268c12678"
    "c1268v3c1258c1235c238c128c1468c23468v9v7c1456c12458"
)
# norvig hardest11 #6 "1....7.9..3..2...8..96..5...", before SE's step 5 (dynamic (+)).
HARDEST_6_STEP5 = (
    "v1c2568c2468c458c345v7c246v9c346c457v3c46c1459v2c159c1467c467v8c2478c278v9v6c134c138v5"
    "c2347c134c2478c278v5v3c167c126v9c4678c146c479v1c34c579v8c569c467c34567v2v6c2789c238"
    "c12579c1579v4c178c3578c135v3c25689c268c24578c45679c2568c2468v1c4569c2589v4v1c2589c3569"
    "c235689c268c2568v7c2589c25689v7c12458c14569c12568v3c24568c4569"
)


@pytest.mark.parametrize(
    ("dump", "name", "difficulty", "removed"),
    [
        (TOP1465_STEP22, "Dynamic Region Forcing Chains (+)", 9.3, "r5c6-7"),
        (HARDEST_2_STEP5, "Dynamic Contradiction Forcing Chains (+)", 9.9, "r1c1-2"),
        (HARDEST_6_STEP5, "Dynamic Contradiction Forcing Chains (+)", 10.0, "r8c6-2"),
    ],
)
def test_dynamic_plus_first_hint(dump: str, name: str, difficulty: float, removed: str) -> None:
    g = _grid(dump)
    # Producers 1-25 find nothing on these grids (that is why SE reached producer 26).
    assert se._multiple_chains(g, nishio=False, multiple=True, dynamic=True) is None
    hint = se._multiple_chains(g, nishio=False, multiple=True, dynamic=True, level=1)
    assert hint is not None
    assert hint[0] == name
    assert round(hint[1], 1) == difficulty
    assert hint[2] is None
    assert hint[3] == [(_cell(removed[:4]), int(removed[-1]))]


def test_simple_rules_rely_on_the_propagation() -> None:
    # On a hypothetical grid where r2c3 has lost 6, 6 in block 1 is confined to row 1
    # (pointing) and 6 in row 2 to block 3 (claiming): both remove 6 from r1c7 and r1c9, and
    # both rest on the removal of r2c3's 6, their only rule parent. Hints that hold without
    # the removal (this grid has none) would be skipped.
    g = _grid(HARDEST_6_STEP5)
    save, save_pos = g.cand[:], g.pos[:]
    cell = _cell("r2c3")
    off = (cell * 9 + 5) << 1
    to_off = {off: se._Pot(off, [])}
    g.cand[cell] &= ~(1 << 5)
    for base, keep in se.CELL_SLOTS[cell]:
        g.pos[base + 5] &= keep
    found = se._advanced(g, save, save_pos, to_off, 1)
    removed = [(p.key >> 1) // 9 for p in found]
    assert removed == [_cell("r1c7"), _cell("r1c9")] * 2
    assert all(p.key & 1 == 0 and p.key % 18 == 10 for p in found)  # "off", digit 6
    assert all(p.parents == [to_off[off]] and p.cause == 5 and p.nested is None for p in found)


def test_dynamic_plus_keeps_the_grid() -> None:
    g = _grid(TOP1465_STEP22)
    before = (g.cand[:], g.pos[:])
    se._multiple_chains(g, nishio=False, multiple=True, dynamic=True, level=1)
    assert (g.cand, g.pos) == before


def test_nested_names_and_bases() -> None:
    assert se._nested_suffix(1) == " (+)"
    assert se._nested_suffix(2) == " (+ Forcing Chains)"
    assert se._nested_suffix(3) == " (+ Multiple Forcing Chains)"
    assert se._nested_suffix(4) == " (+ Dynamic Forcing Chains)"
    assert se._nested_suffix(5) == " (+ Dynamic Forcing Chains (+ Forcing Chains))"
    bases = [se._chain_base(False, True, level) for level in range(1, 6)]
    assert bases == [9.0, 9.5, 10.0, 10.5, 11.0]


def test_budget_stops_the_path_unfinished() -> None:
    # norvig hardest11 #2 needs producer 26 at its sixth step (SE: 9.9 there; its first five
    # steps rate at most 9.4). With no time for producers 26-30 the path stops there.
    line = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."
    values = [int(ch) if ch.isdigit() else 0 for ch in line]
    path = se.se_path(values, keep_steps=True, budget=0.0)
    assert not path.solved
    assert path.floor == 9.0
    assert len(path.steps) == 5
    assert path.difficulty is not None and round(path.difficulty, 1) == 9.4
    assert path.steps[-1].name == "Dynamic Contradiction Forcing Chains"


def test_deadline_interrupts_a_nested_call() -> None:
    g = _grid(HARDEST_6_STEP5)
    before = g.cand[:]
    se._DEADLINE.at = 0.0
    try:
        with pytest.raises(se._OutOfTime):
            se._multiple_chains(g, nishio=False, multiple=True, dynamic=True, level=2)
    finally:
        se._DEADLINE.at = None
    assert g.cand == before


def test_deadline_interrupts_a_nested_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    # The time budget running out while a nested level's rule runs (asked by the compiled
    # propagation, or by se.py's own) stops the call, which can then run again.
    g = _grid(HARDEST_6_STEP5)
    before = g.cand[:]
    want = se._multiple_chains(g, nishio=False, multiple=True, dynamic=True, level=2)
    calls = [0]
    tick = se._tick

    def late_tick() -> None:
        calls[0] += 1
        if calls[0] == 40:
            raise se._OutOfTime
        tick()

    monkeypatch.setattr(se, "_tick", late_tick)
    monkeypatch.setattr(se, "_ASKED", se._Asked())
    with pytest.raises(se._OutOfTime):
        se._multiple_chains(g, nishio=False, multiple=True, dynamic=True, level=2)
    assert calls[0] == 40
    assert g.cand == before
    monkeypatch.setattr(se, "_tick", tick)
    assert se._multiple_chains(g, nishio=False, multiple=True, dynamic=True, level=2) == want


# The nested levels cost seconds a call in Python (SE itself: about two minutes each on these
# grids), so these run only with YASS_SLOW_TESTS=1.
slow = pytest.mark.skipif(not os.environ.get("YASS_SLOW_TESTS"), reason="slow: YASS_SLOW_TESTS=1")

# norvig hardest11 #2, before SE's step 6 (its first nested step).
HARDEST_2_STEP6 = (
    "c169c249v5v3c24689c24678c14689c1679c1478v8c349c169c4679v5c467c1469v2c1347c2369v7c269"
    "c4689v1c2468v5c469c348v4c289c67c1689c689v5v3c179c127c259v1c289c489v7v3c249c459v6c67c59v3"
    "v2c469c146c149v8c1457c1237v6c1278v5c2348c12478c1248c14v9c12579c2589v4c1678c268c12678"
    "c1268v3c1258c1235c238c128c1468c23468v9v7c1456c12458"
)
# "Golden Nugget" .......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....
# as SE starts it (no single anywhere: its first step already needs nested chains).
GOLDEN_NUGGET_START = (
    "c25678c14568c124567c268c2467c4678c1247v3v9c26789c4689c2467c23689c23467v1c247c2467v5c2679"
    "c1469v3c269v5c4679v8c12467c1247c235c345v8c135v9c357c123457c1247v6c3569v7c456c13568c136v2"
    "c13459c1489c1348v1c3569c256v4c367c35678c23579c2789c2378c367c136v9c1236v8c346c12347v5"
    "c12347c3578v2c157c1359c134c3459v6c14789c13478v4c13568c156v7c1236c3569c1239c1289c1238"
)


@slow
def test_nested_forcing_chains_level_2() -> None:
    g = _grid(HARDEST_2_STEP6)
    assert se._multiple_chains(g, False, True, True, level=1) is None
    hint = se._multiple_chains(g, False, True, True, level=2)
    assert hint is not None
    assert (hint[0], round(hint[1], 1)) == (
        "Dynamic Contradiction Forcing Chains (+ Forcing Chains)",
        10.3,
    )
    assert hint[3] == [(_cell("r1c7"), 4)]


@slow
def test_nested_multiple_forcing_chains_level_3() -> None:
    g = _grid(GOLDEN_NUGGET_START)
    assert se._multiple_chains(g, False, True, True, level=2) is None
    hint = se._multiple_chains(g, False, True, True, level=3)
    assert hint is not None
    assert (hint[0], round(hint[1], 1)) == (
        "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)",
        11.3,
    )
    assert hint[3] == [(_cell("r7c4"), 3)]


@slow
def test_nested_dynamic_forcing_chains_level_4() -> None:
    # SE's producer 29 alone on the same grid (on SE's path, producer 28 comes first there).
    g = _grid(GOLDEN_NUGGET_START)
    hint = se._multiple_chains(g, False, True, True, level=4)
    assert hint is not None
    assert (hint[0], round(hint[1], 1)) == (
        "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)",
        11.7,
    )
    assert hint[3] == [(_cell("r7c4"), 3)]


@slow
def test_golden_nugget_rated_to_the_end() -> None:
    # An ER 11+ puzzle rated with no guess: SE's ER 11.9 for "Golden Nugget", its path opening
    # with the nested level 3 hint above (11.3). About 150 s of CPU with the compiled
    # ``yass.rating._se_core``, within the default budget.
    line = ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7....."
    path = se.se_path([int(ch) if ch.isdigit() else 0 for ch in line], keep_steps=True)
    assert path.solved
    assert path.difficulty is not None and round(path.difficulty, 1) == 11.9
    assert path.pearl is not None and round(path.pearl, 1) == 11.9
    assert path.diamond is not None and round(path.diamond, 1) == 11.3
    assert path.steps[0].name == "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)"
