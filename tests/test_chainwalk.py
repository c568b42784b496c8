"""The ladder's chain walk in C (``yass.logic.techniques._chainwalk``): the same hits, in the
same order, as ``yass.logic.techniques.chains``' walk on Python integers, so the same
explanations."""

from __future__ import annotations

import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from conftest import interpreted
from yass.formats import parse_puzzle
from yass.logic.explain import explain
from yass.logic.techniques import _chainwalk, links

DATA = Path(__file__).parent / "data" / "puzzles"


def _interpreted() -> ModuleType:
    return interpreted(_chainwalk, "yass_chainwalk_interpreted")


def _lines(name: str, every: int, count: int) -> list[str]:
    with (DATA / name).open() as f:
        rows = [line.split()[0] for line in f if line.strip()]
    return rows[::every][:count]


def _path(line: str, words: Any, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    with monkeypatch.context() as m:
        m.setattr(links, "_WORDS", words)
        result = explain(parse_puzzle(line), unique=True)
    return [step.notation for step in result.steps]


def _chain_steps(path: list[str]) -> int:
    return sum(1 for n in path if "Chain" in n or "Loop" in n or "AIC" in n)


@pytest.mark.skipif(
    not _chainwalk.is_compiled(), reason="yass.logic.techniques._chainwalk is not built"
)
def test_compiled_walk_gives_the_same_explanations(monkeypatch: pytest.MonkeyPatch) -> None:
    chained = 0
    for line in _lines("norvig_top95.txt", 9, 8) + _lines("magictour_top1465_sample.txt", 7, 6):
        want = _path(line, None, monkeypatch)
        assert _path(line, _chainwalk, monkeypatch) == want, line
        chained += _chain_steps(want)
    assert chained >= 20  # the sample does walk chains: X-, XY-chains, AICs, loops


def test_interpreted_source_gives_the_same_explanations(monkeypatch: pytest.MonkeyPatch) -> None:
    """The module's source, run by Python on memoryviews (slow, so two puzzles)."""
    module = _interpreted()
    chained = 0
    rows = _lines("norvig_top95.txt", 1, 32)
    for line in (rows[19], rows[30]):  # two whose paths have chain steps (eight in all)
        want = _path(line, None, monkeypatch)
        assert _path(line, module, monkeypatch) == want, line
        chained += _chain_steps(want)
    assert chained >= 2


@pytest.mark.parametrize("compiled", [True, False])
def test_pack_writes_the_bytes_of_to_bytes(compiled: bool) -> None:
    """``pack`` (the bitsets the kernels read) is each integer's ``to_bytes``, joined:
    zero, one bit at each end of a row, full rows, random widths; and it refuses what
    ``to_bytes`` refuses (too wide, negative)."""
    if compiled and not _chainwalk.is_compiled():
        pytest.skip("yass.logic.techniques._chainwalk is not built")
    module = _chainwalk if compiled else _interpreted()
    rng = random.Random(7)
    for nb in (8, 12, 16, 96, 112):  # (12: rows that are not whole words)
        top = 8 * nb
        values = [0, 1, 1 << (top - 1), (1 << top) - 1]
        values += [rng.getrandbits(rng.randint(1, top)) for _ in range(200)]
        want = b"".join(v.to_bytes(nb, "little") for v in values)
        assert bytes(module.pack(values, nb)) == want
        assert bytes(module.pack(tuple(values[:3]), nb)) == want[: 3 * nb]
        assert module.pack([], nb) == bytearray()
        with pytest.raises(OverflowError):
            module.pack([1, 1 << top], nb)
        with pytest.raises(OverflowError):
            module.pack([-1], nb)
        with pytest.raises(OverflowError):  # a high digit past the row's last word
            module.pack([1 << (top + 40)], nb)
    assert len(module.scratch(40)) == 40
