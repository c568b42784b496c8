"""The SE rating's compiled hot paths (``yass._se_core``): the extension, its interpreted
source and ``yass.rating.se``'s own Python code give the same hints, on the grids SE's path
meets (top1465 puzzles whose paths use aligned exclusion, forcing chains and cycles,
Nishio, multiple and dynamic forcing chains)."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from yass import _se_core
from yass.rating import se

SOURCE = Path(_se_core.__file__).with_name("_se_core.py")


def _load_interpreted() -> ModuleType:
    spec = importlib.util.spec_from_file_location("yass_se_core_interpreted", SOURCE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
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
