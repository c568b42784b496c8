"""SE's rules up to BUG in C (``yass.rating._se_basic``): the extension and its interpreted source
take exactly the steps ``yass.rating.se``'s Python producers take, and ``se_quick`` (the
whole path when those rules finish it) answers only for unique puzzles."""

from __future__ import annotations

import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from conftest import interpreted
from yass.rating import _count, _se_basic, parse_line, rate, se

DATA = Path(__file__).parent / "data" / "puzzles"


def _load_interpreted() -> ModuleType:
    module = interpreted(_se_basic, "yass_se_basic_interpreted")
    module.init(se.PEERS_LIST, se.HOUSES, se.CELL_HOUSES, se.LOCK_TABLE)
    return module


PY = _load_interpreted()
ENGINES = [pytest.param(PY, id="interpreted")]
if _se_basic.is_compiled():
    ENGINES.insert(0, pytest.param(_se_basic, id="compiled"))


def _sample(name: str, count: int, seed: int) -> list[str]:
    with (DATA / name).open() as f:
        rows = [line.split()[0] for line in f if line.strip()]
    return random.Random(seed).sample(rows, count)


# Puzzles whose paths use the module's rules (singles, direct forms, locking, subsets, fish,
# wings, unique rectangles) and go past them (aligned exclusion, chains).
PUZZLES = (
    # 17-clue puzzles: singles, locking, subsets
    ("17_clue_sample.txt", 24, 1),
    # norvig's top95: fish, wings, then the chains (the producers after the module's)
    ("norvig_top95.txt", 8, 2),
)


def _key(path: se.SEPath) -> tuple[Any, ...]:
    return (
        path.difficulty,
        path.pearl,
        path.diamond,
        path.hardest,
        path.solved,
        [(s.name, s.difficulty, s.placement, s.eliminations) for s in path.steps],
    )


def _basic(name: str) -> bool:
    """Whether a step of this name comes from the module's rules."""
    return name in _se_basic._NAMES or name.startswith(("Unique ", "BUG "))


def _reference(line: str, monkeypatch: pytest.MonkeyPatch) -> se.SEPath:
    """se_path with se.py's own producers for every rule."""
    with monkeypatch.context() as m:
        m.setattr(se, "_BASIC", None)
        return se.se_path(parse_line(line)[1], keep_steps=True)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("name", "count", "seed"), PUZZLES)
def test_same_path_as_the_python_producers(
    engine: ModuleType, name: str, count: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    names: set[str] = set()
    for line in _sample(name, count, seed):
        want = _reference(line, monkeypatch)
        with monkeypatch.context() as m:
            m.setattr(se, "_BASIC", engine)
            got = se.se_path(parse_line(line)[1], keep_steps=True)
        assert _key(got) == _key(want), line
        names.update(s.name for s in got.steps)
    if name == "norvig_top95.txt":  # the sample reaches past the module's rules
        assert {"Pointing", "Naked Pair", "Forcing Chain"} <= names
        assert any(n.startswith("Unique Rectangle") for n in names)


@pytest.mark.parametrize("engine", ENGINES)
def test_quick_is_the_whole_path_of_a_unique_puzzle(
    engine: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(se, "_BASIC", engine)
    solved = 0
    for line in _sample("17_clue_sample.txt", 20, 3) + _sample("kaggle_sample.txt", 10, 4):
        path = se.se_quick(line, keep_steps=True)
        want = _reference(line, monkeypatch)
        if path is None:
            # Only when the rules stall: the reference needs a later producer.
            assert not all(_basic(s.name) for s in want.steps), line
            continue
        solved += 1
        assert _key(path) == _key(want), line
    assert solved >= 20


@pytest.mark.parametrize("engine", ENGINES)
def test_opening_singles_at_once_give_the_step_by_step_figures(engine: ModuleType) -> None:
    """Without a step list, quick places the singles that open a path all at once (see
    _opening); its figures must be those of the walk one step at a time, also for grids
    that open with full houses (solutions with a few blanks), with 1.5 singles (17-clue),
    and for puzzles with no solution or several."""
    rng = random.Random(11)
    lines = _sample("17_clue_sample.txt", 60, 12) + _sample("kaggle_sample.txt", 40, 13)
    grids = []
    for line in lines:
        grids.append(line)
        cells = list(line)
        i = rng.randrange(81)
        cells[i] = "." if cells[i] != "." else str(rng.randint(1, 9))
        grids.append("".join(cells))
    seen: set[tuple[float, float, float]] = set()
    for line in _sample("kaggle_sample.txt", 30, 14):
        solution = se.se_quick(line, keep_steps=True)
        assert solution is not None
        full = [0] * 81
        for step in solution.steps:
            if step.placement is not None:
                full[step.placement[0]] = step.placement[1]
        for i, ch in enumerate(line):
            if ch != ".":
                full[i] = int(ch)
        for blanks in (2, 12, 30):
            cells = [str(v) for v in full]
            for i in rng.sample(range(81), blanks):
                cells[i] = "."
            grids.append("".join(cells))
    for text in grids:
        fast = engine.quick(text, None)
        walked = engine.quick(text, [])
        if fast is not None:
            seen.add((fast[0], fast[2], fast[3]))
        if fast is None and walked is not None:
            # The opening stops at a house without a place for a digit: no solution.
            assert not walked[4] and _count(parse_line(text)[0]) == 0, text
            continue
        assert fast == walked, text
    # Paths that open with full houses, block singles and row/column singles were met.
    assert {(1.0, 1.0, 1.0), (1.2, 1.0, 1.0), (1.2, 1.2, 1.2), (1.5, 1.2, 1.2)} <= seen


@pytest.mark.parametrize("engine", ENGINES)
def test_quick_answers_only_for_unique_puzzles(
    engine: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Puzzles made non-unique (givens removed) or without a solution (a wrong given)
    are never finished by quick; malformed lines and clashing givens give None."""
    monkeypatch.setattr(se, "_BASIC", engine)
    rng = random.Random(9)
    answered = 0
    for line in _sample("kaggle_sample.txt", 40, 5):
        cells = list(line)
        givens = [i for i, ch in enumerate(cells) if ch != "."]
        for kind in range(2):
            q = cells[:]
            if kind == 0:
                for i in rng.sample(givens, 3):
                    q[i] = "."
            else:
                i = rng.choice(givens)
                q[i] = str(int(q[i]) % 9 + 1)
            text = "".join(q)
            if se.se_quick(text) is not None:
                answered += 1
                assert _count(parse_line(text)[0]) == 1, text
    assert answered > 0  # some stay unique after losing givens, and are answered
    one = _sample("kaggle_sample.txt", 1, 6)[0]
    assert se.se_quick(one) is not None
    assert se.se_quick(one[:80]) is None
    assert se.se_quick(one[:80] + "x") is None
    # A blank cell given the digit of a given in its row.
    row = next(r for r in range(9) if 0 < one[r * 9 : r * 9 + 9].count(".") < 9)
    house = one[row * 9 : row * 9 + 9]
    blank = row * 9 + house.index(".")
    digit = next(ch for ch in house if ch != ".")
    clash = one[:blank] + digit + one[blank + 1 :]
    assert se.se_quick(clash) is None


def test_rate_is_the_same_with_and_without_quick(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = _sample("17_clue_sample.txt", 12, 7) + _sample("kaggle_sample.txt", 4, 8)
    fast = [rate(line, steps=True) for line in lines]
    monkeypatch.setattr(se, "_BASIC", None)
    import yass.rating as rating

    monkeypatch.setattr(rating, "se_quick", lambda text, steps: None)
    slow = [rate(line, steps=True) for line in lines]
    assert fast == slow
    assert [r.steps and [(s.name, s.placement) for s in r.steps] for r in fast] == [
        r.steps and [(s.name, s.placement) for s in r.steps] for r in slow
    ]


# Puzzles whose SE paths use the module's rarer rules (found in magictour's top1465,
# norvig's top95 and hardest11), with the rule.
RARE = (
    (
        ".8.65...2.9...7....1.3....87......43...4..5..5....1.....2.9.3..9......2...42...6.",
        "Unique Loop type 1",
    ),
    (
        "....6..87..9.......31.7.2....6.98.4.1.....7....87....6..4.....2...5.3...32.......",
        "Unique Loop type 2",
    ),
    (
        "......8....9..852.4...9.......5...6.1..6.4..37....2....63.............39......1.7",
        "Unique Loop type 3",
    ),
    (
        "...3............81.52..9..67.9...1.....4...5....8.6.2.2.8.5..9..952.4.....1......",
        "Unique Loop type 4",
    ),
    (
        "...2.9...9......7..746..........35...48.6...3..68..2.........3.8..1....5.17.9....",
        "Unique Loop 8 type 1",
    ),
    (
        "58........4...52.8...9.2...9....3.65...49..2.....5...1...36.....54...7..6........",
        "Jellyfish",
    ),
    (
        "2....35....7....4..6.97...........62...42....9.58.....3.9...2.......18..4..7.....",
        "BUG type 2",
    ),
)


def _python_hint(g: se._Grid) -> Any:
    """The hint se.py's own producers of the module's rules give on ``g`` (or None)."""
    for producer in se._PRODUCERS[: _se_basic.RULES]:
        hint = producer(g)
        if hint is not None:
            return hint
    return None


def _grids_before(line: str, name: str) -> list[se._Grid]:
    """The grids on SE's path just before each step named ``name``."""
    values = parse_line(line)[1]
    path = se.se_path(values, keep_steps=True)
    g = se._Grid(values)
    out = []
    for step in path.steps:
        if step.name == name:
            out.append(se._Grid(g.value[:], (g.cand[:], g.pos[:], g.empty[:])))
        if step.eliminations:
            g.eliminate(list(step.eliminations))
        if step.placement:
            g.place(*step.placement)
    assert out, (line, name)
    return out


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("line", "name"), RARE, ids=[n for _, n in RARE])
def test_rare_rules_give_the_python_producers_hint(
    engine: ModuleType, line: str, name: str
) -> None:
    for g in _grids_before(line, name):
        want = _python_hint(g)
        assert want is not None and want[0] == name
        steps: list[Any] = []
        with se._LOCK:
            lists = (g.cand[:], g.pos[:], g.empty[:])
            engine.run(g.value[:], lists, float("-inf"), 0.0, 0.0, steps)
        assert steps[0] == (want[0], want[1], want[2], list(want[3]))


def test_path_goes_on_from_where_quick_stopped() -> None:
    """rate() hands se_path the grid where the compiled rules stopped (no second walk from
    the givens); the figures are those of the whole path walked from the givens."""
    resumed = 0
    for line in _sample("norvig_top95.txt", 8, 21):
        stall: list[Any] = []
        if se.se_figures(line, None, stall) is not None:
            assert not stall  # these rules finish it
            continue
        if not _se_basic.is_compiled():
            continue
        assert len(stall) == 1
        values = parse_line(line)[1]
        whole = se.se_path(values)
        went_on = se.se_path(values, start=stall[0])
        assert (went_on.difficulty, went_on.pearl, went_on.diamond, went_on.hardest) == (
            whole.difficulty,
            whole.pearl,
            whole.diamond,
            whole.hardest,
        ), line
        got = rate(line)
        want = rate(line, steps=True)  # the path from the givens, step by step
        assert (got.er, got.ep, got.ed, got.hardest) == (want.er, want.ep, want.ed, want.hardest)
        resumed += 1
    assert resumed >= 4 or not _se_basic.is_compiled()


# Grids with several solutions (a solution with blanks) on which the rules reach their
# rarest hints: BUG type 3 (with naked sets of 2-4 digits) and Hidden Quad, which no path
# of the shared puzzle sets uses. Uniqueness does not matter for comparing the rules.
RARER = (
    ("1762.5...8..79..1..3...8......6...4..1.8.....65.3.....26.5....9.48...15.5...6723.",
     "BUG type 3"),
    ("712..5498.4917.....5.9....1..752......139.2..29.7.6..4.2..6...3.63.......78...54.",
     "BUG type 3"),
    ("4.6.58.3.9......857.8..24.....5.....5..193..6.......9..7.639..2...81.3741..7.4.68",
     "BUG type 3"),
    ("2.....43..461..8..83.....5..9.....8..7....615.5.....9...46.....72354....1..7.3...",
     "Hidden Quad"),
    ("972.41......2.6.......5........139.6.6..8.1....9....3......84..6.4...2...........",
     "Hidden Quad"),
)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(
    ("line", "name"), RARER, ids=[f"{n}-{i}" for i, (_, n) in enumerate(RARER)]
)
def test_rarest_rules_give_the_python_producers_hint(
    engine: ModuleType, line: str, name: str
) -> None:
    steps: list[Any] = []
    engine.quick(line, steps)  # the rules' own path up to where they stop
    g = se._Grid(parse_line(line)[1])
    met = 0
    for step_name, _, placement, eliminations in steps:
        if step_name == name:
            want = _python_hint(g)
            assert want is not None and want[0] == name
            got: list[Any] = []
            with se._LOCK:
                engine.run(g.value[:], (g.cand[:], g.pos[:], g.empty[:]), float("-inf"), 0.0,
                           0.0, got)
            assert got[0] == (want[0], want[1], want[2], list(want[3]))
            met += 1
        if eliminations:
            g.eliminate(list(eliminations))
        if placement:
            g.place(*placement)
    assert met
