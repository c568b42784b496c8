"""The rules' enumeration (``yass.constraints.support``): its pruned search against every
filling listed one by one, and the compiled searches and bounds (``yass.constraints._enumerate``)
against the Python ones, answer for answer, including where the node cap stops them."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from types import ModuleType

import pytest

from conftest import interpreted
from yass.constraints import _enumerate, support


def _cases(seed: int, count: int, most: int = 8) -> Iterator[tuple[list[int], list[int], int,
                                                                    list[int], int]]:
    """Random sums: masks (often dense), coefficients (arrows' -1, doubled cells),
    totals, positions set apart, and a node cap from tiny to the default."""
    rng = random.Random(seed)
    for _ in range(count):
        n = rng.randint(1, most)
        masks = [((rng.randint(1, 511) | (511 if rng.random() < 0.5 else 0))
                  & rng.randint(1, 511)) or 1 for _ in range(n)]
        coefs = [rng.choice([1, 1, 1, -1, 2, -2, 3]) for _ in range(n)]
        apart = [0] * n
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < 0.5:
                    apart[i] |= 1 << j
                    apart[j] |= 1 << i
        yield masks, coefs, rng.randint(-10, 40), apart, rng.choice([5, 50, 400, support.CAP])


def _every_filling(masks: list[int], coefs: list[int], total: int,
                   apart: list[int]) -> list[int]:
    n = len(masks)
    found = [0] * n
    digits = [[d for d in range(1, 10) if m >> (d - 1) & 1] for m in masks]
    for filling in itertools.product(*digits):
        if sum(c * d for c, d in zip(coefs, filling, strict=True)) != total:
            continue
        if any(apart[i] >> j & 1 and filling[i] == filling[j]
               for i in range(n) for j in range(n)):
            continue
        for i, d in enumerate(filling):
            found[i] |= 1 << (d - 1)
    return found


def test_the_pruned_search_finds_every_digit_some_filling_uses(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(support, "_FAST", False)
    some = 0
    for masks, coefs, total, apart, _ in _cases(11, 600, most=5):
        want = _every_filling(masks, coefs, total, apart)
        assert support.sum_support(masks, coefs, total, apart, cap=10**7) == want
        some += any(want)
    assert some > 100  # many of the sums can be made


def _compare(module: ModuleType, count: int, monkeypatch: pytest.MonkeyPatch) -> None:
    stopped = 0
    for masks, coefs, total, apart, cap in _cases(23, count):
        monkeypatch.setattr(support, "_FAST", False)
        want = support.sum_support(masks, coefs, total, apart, cap=cap)
        assert module.sum_support(masks, coefs, total, apart, cap) == want
        stopped += want is None
        mine, theirs = list(masks), list(masks)
        assert module.bounds_narrow(mine, coefs, total) == support.bounds_narrow(
            theirs, coefs, total)
        assert mine == theirs
        digits = sum(1 << d for d in random.Random(len(masks) + total).sample(
            range(9), len(masks)))
        assert module.set_support(masks, digits) == support.set_support(masks, digits)
    assert stopped > 0  # the caps were reached, and reached at the same node


@pytest.mark.skipif(not _enumerate.is_compiled(),
                    reason="yass.constraints._enumerate is not built")
def test_compiled_searches_give_the_python_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    _compare(_enumerate, 4000, monkeypatch)


def test_interpreted_source_gives_the_python_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    _compare(interpreted(_enumerate, "yass_enumerate_interpreted"), 300, monkeypatch)


@pytest.mark.skipif(not _enumerate.is_compiled(),
                    reason="yass.constraints._enumerate is not built")
def test_support_hands_its_searches_to_the_compiled_module(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    for name in ("sum_support", "set_support", "bounds_narrow"):
        real = getattr(_enumerate, name)

        def spy(*args: object, _real: object = real, _name: str = name) -> object:
            calls.append(_name)
            return _real(*args)  # type: ignore[operator]

        monkeypatch.setattr(_enumerate, name, spy)
    assert support.sum_support([0b11, 0b110], [1, 1], 5, [0b10, 0b01]) == [0b10, 0b100]
    assert support.set_support([0b011, 0b011, 0b111], 0b111) == [0b011, 0b011, 0b100]
    # (a sum with a cell listed twice, or wider digits, stays in Python)
    assert support.sum_support([0b11, 0b11], [1, 1], 4, [0, 0], same=[0b10, 0b01]) == [0b10, 0b10]
    masks = [0b111, 0b111]
    assert support.bounds_narrow(masks, [1, 1], 5) and masks == [0b110, 0b110]
    assert calls == ["sum_support", "set_support", "bounds_narrow"]
