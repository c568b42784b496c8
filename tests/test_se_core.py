"""The SE rating's compiled hot paths (``yass.rating._se_core``): the extension, its interpreted
source and ``yass.rating.se``'s own Python code give the same hints, on the grids SE's path
meets (top1465 puzzles whose paths use aligned exclusion, forcing chains and cycles,
Nishio, multiple and dynamic forcing chains)."""

from __future__ import annotations

import os
import random
from types import ModuleType
from typing import Any

import pytest

from conftest import interpreted
from yass.rating import _se_core, se


def _load_interpreted() -> ModuleType:
    module = interpreted(_se_core, "yass_se_core_interpreted")
    module.init(se.PEERS_LIST, se.HOUSES, se.CELL_HOUSES)
    module.init_locks(se.LOCK_TABLE)
    return module


PY = _load_interpreted()
ENGINES = [pytest.param(PY, id="interpreted")]
if _se_core.is_compiled():
    ENGINES.insert(0, pytest.param(_se_core, id="compiled"))

# magictour top1465 puzzles (SE's ER, hardest technique).
PUZZLES = [
    # 7.6 Nishio Forcing Chains
    ".....534.3849...............15.3.9........1.2....2..8.....8..139.7.........6...5.",
    # 7.5 Aligned Triplet Exclusion
    ".135.........7.4...........1......892.4.6....7.........8.1.....6.....2.....9.3...",
    # 8.3 Cell Forcing Chains
    ".52.......6...9...9...8..53.1.7.2.3.....3.1.7..8....4.....7.89......6.....5.....2",
    # 8.8 Dynamic Cell Forcing Chains
    ".89.1..3...43.9..6..2...9...9....3.1...8.......572.......9....56.3..41...........",
]


def _grids() -> list[se._Grid]:
    """The grids before every third step of the puzzles' paths from 4.4 on."""
    out: list[se._Grid] = []
    for line in PUZZLES:
        values = [int(ch) if ch.isdigit() else 0 for ch in line]
        path = se.se_path(values, keep_steps=True)
        assert path.solved
        g = se._Grid(values)
        for step in path.steps:
            if step.difficulty >= 4.4:
                snap = se._Grid(values)
                snap.value, snap.cand = g.value[:], g.cand[:]
                snap.refresh()
                out.append(snap)
            if step.eliminations:
                g.eliminate(list(step.eliminations))
            if step.placement:
                g.place(*step.placement)
    return out[::3]


GRIDS = _grids()


def _all_hints(g: se._Grid, dynamic: bool) -> list[Any] | None:
    """Every hint of the multiple (dynamic) forcing chains, as the nested levels use them:
    order, name, removals and every chain's potentials with their causes and parents (on
    a few grids: the reference is slow)."""
    if not any(g is x for x in GRIDS[:: len(GRIDS) // 3]):
        return None
    return [
        (
            h.order(),
            h.name,
            h.placement,
            h.elims,
            h.init_cause,
            [
                [(p.key, p.cause, [q.key for q in p.parents]) for p in se._get_chain(t)]
                for t in h.targets
            ],
        )
        for h in se._chain_hints(g, False, True, dynamic, 0, True)
    ]


def _cycles_all(g: se._Grid) -> list[Any]:
    """Every hint of the forcing X/Y chains and cycles, as nested level 2 uses them."""
    return [
        (
            h.order(),
            h.name,
            h.placement,
            h.elims,
            [[(p.key, p.cause) for p in se._get_chain(t)] for t in h.targets],
        )
        for h in se._chains_and_cycles_all(g)
    ]


PRODUCERS = [
    pytest.param(se._aligned_pair, id="aligned-pair"),
    pytest.param(se._chains_and_cycles, id="chains-and-cycles"),
    pytest.param(se._aligned_triplet, id="aligned-triplet"),
    pytest.param(lambda g: se._multiple_chains(g, True, False, True), id="nishio"),
    pytest.param(lambda g: se._multiple_chains(g, False, True, False), id="multiple"),
    pytest.param(lambda g: se._multiple_chains(g, False, True, True), id="dynamic"),
    pytest.param(se._unique_loops, id="unique-loops"),
    pytest.param(se._locking, id="locking"),
    pytest.param(se._direct_locking, id="direct-locking"),
    pytest.param(_cycles_all, id="chains-and-cycles-all"),
    pytest.param(lambda g: _all_hints(g, False), id="multiple-all"),
    pytest.param(lambda g: _all_hints(g, True), id="dynamic-all"),
]


_WANT: dict[Any, list[Any]] = {}


def test_the_rating_uses_the_extension_when_built() -> None:
    assert (se._FAST is not None) == _se_core.is_compiled()


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("producer", PRODUCERS)
def test_same_hints_as_the_python_code(
    engine: ModuleType, producer: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert len(GRIDS) >= 10
    want = _WANT.get(producer)
    if want is None:  # se.py's own code, once per producer
        monkeypatch.setattr(se, "_FAST", None)
        want = _WANT[producer] = [producer(g) for g in GRIDS]
    monkeypatch.setattr(se, "_FAST", engine)
    got = [producer(g) for g in GRIDS]
    assert got == want
    if producer not in (se._aligned_pair, se._locking, se._direct_locking):  # none here
        assert any(h is not None for h in want)


@pytest.mark.parametrize("engine", ENGINES)
def test_same_subsets(engine: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(7)
    for _ in range(2000):
        masks = [rng.choice((0, 1 << rng.randrange(9), rng.randrange(512))) for _ in range(9)]
        degree = rng.choice((2, 3, 4))
        monkeypatch.setattr(se, "_FAST", None)
        want = list(se._subsets(masks, degree))
        monkeypatch.setattr(se, "_FAST", engine)
        assert list(se._subsets(masks, degree)) == want


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("dump", ["TOP1465_STEP22", "HARDEST_2_STEP5", "HARDEST_6_STEP5"])
def test_same_dynamic_plus_hints(
    engine: ModuleType, dump: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_se_chains import HARDEST_2_STEP5, HARDEST_6_STEP5, TOP1465_STEP22, _grid

    text = {
        "TOP1465_STEP22": TOP1465_STEP22,
        "HARDEST_2_STEP5": HARDEST_2_STEP5,
        "HARDEST_6_STEP5": HARDEST_6_STEP5,
    }[dump]
    g = _grid(text)
    key = ("plus", dump)
    want = _WANT.get(key)
    if want is None:
        monkeypatch.setattr(se, "_FAST", None)
        want = _WANT[key] = [se._multiple_chains(g, False, True, True, 1)]
    monkeypatch.setattr(se, "_FAST", engine)
    assert [se._multiple_chains(g, False, True, True, 1)] == want
    assert want[0] is not None
    assert g.cand == _grid(text).cand  # the grid is restored


class _Interrupted:
    """A stand-in for ``se._Pot`` whose making is interrupted (as by Ctrl-C)."""

    def __init__(self, *args: object) -> None:
        raise KeyboardInterrupt


@pytest.mark.parametrize("engine", ENGINES)
def test_an_interrupt_while_chain_objects_are_made_reaches_the_caller(engine: Any) -> None:
    """Ctrl-C landing in the Python the compiled chains call (the chains' potentials) is
    raised to the caller; it was printed as "ignored" and lost, so a long nested rating
    (Golden Nugget) could not be stopped."""
    def every(g: se._Grid, pot: Any) -> Any:
        return engine.multiple_chains(
            g.cand, g.value, g.pos, False, True, False, 0, g.empty, None, pot
        )

    g = next(g for g in GRIDS if every(g, se._Pot))
    with pytest.raises(KeyboardInterrupt):
        every(g, _Interrupted)


# ---- the nested levels (2-5) -------------------------------------------------------------


def _hypothetical(g: se._Grid, rng: random.Random) -> tuple[list[int], list[int]]:
    """A grid as a nested level's propagation may leave it: some of g's candidates gone
    (every empty cell keeps one). Its candidates and positions."""
    cand = g.cand[:]
    for c in range(81):
        m = cand[c]
        if m & (m - 1) and rng.random() < 0.3:
            bits = [d for d in range(9) if m >> d & 1]
            for d in rng.sample(bits, rng.randrange(1, len(bits))):
                cand[c] &= ~(1 << d)
    view = se._Grid(g.value)
    view.cand = cand
    view.refresh()
    return cand, view.pos


def _view(g: se._Grid, cand: list[int], pos: list[int]) -> se._Grid:
    view = se._Grid(g.value)
    view.cand, view.pos, view.empty = cand, pos, g.empty
    return view


def _rule_hints(
    hints: list[se._CHint], save: list[int], cand: list[int], by_target: bool
) -> list[Any]:
    """What a nested rule takes from ``hints`` (sorted): those with rule parents, with
    their parents and nested identity; ``by_target``: only the first of those with the
    same conclusion (the later ones remove nothing new)."""
    out: list[Any] = []
    targets: set[Any] = set()
    for h in hints:
        parents = h.rule_parents(save, cand)
        if parents and (h.placement, tuple(h.elims)) not in targets:
            if by_target:
                targets.add((h.placement, tuple(h.elims)))
            out.append((h.seq, h.cx, sorted(h.elims), parents, h.signature()))
    return out


@pytest.mark.parametrize("engine", ENGINES)
def test_rule_parents_of_the_nested_rules(engine: Any) -> None:
    """The compiled rules of the nested levels (``save`` given) keep exactly the hints
    ``se.py`` would use on a hypothetical grid: producer 21's, multiple and dynamic
    forcing chains', with SE's rule parents and the nested chains' identities."""
    rng = random.Random(11)
    met = 0
    for g in GRIDS[::3]:
        cand, pos = _hypothetical(g, rng)
        view = _view(g, cand, pos)
        want = _rule_hints(se._chains_and_cycles_all(view), g.cand, cand, False)
        got = [
            (seq, cx, sorted(elims), parents, sig)
            for seq, _code, cx, _chain, elims, _place, parents, sig in engine.chains_and_cycles_all(
                cand, g.value, pos, g.cand
            )
        ]
        # The same hints in the same discovery order (the compiled producer skips the
        # searches that cannot reach a changed link, so its numbers count fewer hints).
        assert [h[1:] for h in sorted(got)] == [h[1:] for h in sorted(want)]
        met += len(got)
        for dynamic in (False, True):
            hints = se._chain_hints(view, False, True, dynamic, 0, True)
            want = _rule_hints(hints, g.cand, cand, True)
            every = engine.multiple_chains(
                cand, g.value, pos, False, True, dynamic, 0, g.empty, None, None, None, 0, g.cand
            )
            got = [
                (seq, cx, sorted(se._conclusion(cand, target)[0]), parents, sig)
                for seq, _kind, _sk, cx, target, parents, sig in every
            ]
            assert sorted(got) == sorted(want)
            met += len(got)
    assert met > 20


@pytest.mark.skipif(not _se_core.is_compiled(), reason="the extension is not built")
@pytest.mark.parametrize(
    ("dump", "level"),
    [("HARDEST_2_STEP6", 2), ("HARDEST_6_STEP5", 2), ("GOLDEN_NUGGET_START", 3)],
)
def test_same_nested_hints_as_the_python_propagation(
    dump: str, level: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Levels 2 and 3 with the compiled propagation give ``se.py``'s hint (its own
    propagation asking the compiled inner rules; SE's first hint on these grids)."""
    import test_se_chains

    g = test_se_chains._grid(getattr(test_se_chains, dump))
    before = g.cand[:]
    monkeypatch.setattr(se, "_NESTED_FAST", [False])
    want = se._multiple_chains(g, False, True, True, level)
    monkeypatch.setattr(se, "_NESTED_FAST", [True])
    monkeypatch.setattr(se, "_ASKED", se._Asked())
    assert se._multiple_chains(g, False, True, True, level) == want
    assert want is not None
    assert g.cand == before


@pytest.mark.skipif(not os.environ.get("YASS_SLOW_TESTS"), reason="slow: YASS_SLOW_TESTS=1")
def test_same_nested_hints_interpreted(monkeypatch: pytest.MonkeyPatch) -> None:
    """The interpreted module's level-2 propagation gives the compiled one's hint (about
    10 s: the propagation runs as Python there)."""
    from test_se_chains import HARDEST_6_STEP5, _grid

    g = _grid(HARDEST_6_STEP5)
    want = se._multiple_chains(g, False, True, True, 2)
    monkeypatch.setattr(se, "_FAST", PY)
    monkeypatch.setattr(se, "_ASKED", se._Asked())
    assert se._multiple_chains(g, False, True, True, 2) == want
    assert want is not None


@pytest.mark.parametrize("engine", ENGINES)
def test_an_interrupt_in_a_nested_rule_reaches_the_caller(engine: Any) -> None:
    """Ctrl-C (or the time budget) raised while a nested level's rule runs in Python is
    raised by the compiled call, which is then usable again."""
    from test_se_chains import HARDEST_6_STEP5, _grid

    g = _grid(HARDEST_6_STEP5)
    want = engine.multiple_chains(g.cand, g.value, g.pos, False, True, True, 1, g.empty)

    def rules(r: int, cand: list[int], pos: list[int], save: list[int]) -> Any:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        engine.multiple_chains(
            g.cand, g.value, g.pos, False, True, True, 2, g.empty, None, None, rules, 1
        )
    assert engine.multiple_chains(g.cand, g.value, g.pos, False, True, True, 1, g.empty) == want


@pytest.mark.parametrize("engine", ENGINES)
def test_a_stopped_call_leaves_no_trace_on_the_next_grid(engine: Any) -> None:
    """A propagation slot keeps the keys it met from one call to the next (they are
    cleared when the slot's next propagation starts, not by the call that filled it), so a
    nested call stopped midway (here by its rule raising) leaves slots full of another
    grid's keys: the next calls, on other grids, give what a fresh module gives."""
    from test_se_chains import HARDEST_6_STEP5, _grid

    g = _grid(HARDEST_6_STEP5)
    rng = random.Random(5)
    others = [GRIDS[i] for i in (0, len(GRIDS) // 2, -1)]
    fresh = _load_interpreted()
    want = []
    for h in others:
        cand, pos = _hypothetical(h, rng)
        want.append((h, cand, pos, (
            fresh.multiple_chains(h.cand, h.value, h.pos, False, True, True, 1, h.empty),
            fresh.multiple_chains(cand, h.value, pos, False, True, False, 0, h.empty, None,
                                  None, None, 0, h.cand),
            fresh.chains_and_cycles_all(cand, h.value, pos, h.cand),
        )))

    def rules(r: int, cand: list[int], pos: list[int], save: list[int]) -> Any:
        raise KeyboardInterrupt

    for h, cand, pos, expected in want:
        with pytest.raises(KeyboardInterrupt):
            engine.multiple_chains(
                g.cand, g.value, g.pos, False, True, True, 2, g.empty, None, None, rules, 1
            )
        got = (
            engine.multiple_chains(h.cand, h.value, h.pos, False, True, True, 1, h.empty),
            engine.multiple_chains(cand, h.value, pos, False, True, False, 0, h.empty, None,
                                   None, None, 0, h.cand),
            engine.chains_and_cycles_all(cand, h.value, pos, h.cand),
        )
        assert got == expected
    assert any(e[3][0] for e in want) and any(e[3][1] or e[3][2] for e in want)


def test_reach_is_the_same_compiled_and_interpreted(monkeypatch: pytest.MonkeyPatch) -> None:
    """How far each assumption got at level 1 (``reach``, which orders the ladder's nested
    searches) is the same in both engines, on a grid where levels 0 and 1 find nothing."""
    import test_se_chains

    g = test_se_chains._grid(test_se_chains.HARDEST_2_STEP6)
    values = g.value[:]
    cands = [0 if v else m for v, m in zip(values, g.cand, strict=True)]
    got = []
    for engine in [p.values[0] for p in ENGINES]:
        monkeypatch.setattr(se, "_FAST", engine)
        reach: list[int] = []
        assert se.forcing_hint(values, cands, (0, 1), None, chains=False, reach=reach) is None
        got.append(reach)
    want = got[0]
    assert all(r == want for r in got)
    # Every candidate of a cell with two or more was followed, and nothing else.
    followed = {p for p in range(729) if want[p]}
    assert followed == {
        c * 9 + d
        for c in range(81)
        if not values[c] and cands[c].bit_count() > 1
        for d in range(9)
        if cands[c] >> d & 1
    }
