"""yass.core.record: value classes that behave as dataclasses do, without importing them."""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any

import pytest

from yass.core.record import COMPILE_AFTER, Frozen, FrozenInstanceError, field, record


@record(frozen=True)
class Point:
    x: int
    y: int = 0
    tags: tuple[str, ...] = ()


@record
class Bag:
    name: str
    items: list[int] = field(default_factory=list)
    note: str = field(default="", compare=False, repr=False)


@dataclasses.dataclass(frozen=True)
class DataPoint:
    x: int
    y: int = 0
    tags: tuple[str, ...] = ()


@record(frozen=True)
class Point3(Point):
    z: int = 0


def test_init_takes_fields_in_order_with_their_defaults() -> None:
    p = Point(1, tags=("a",))
    assert (p.x, p.y, p.tags) == (1, 0, ("a",))
    assert Point(2, 3) == Point(x=2, y=3)
    with pytest.raises(TypeError):
        Point()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Point(1, 2, (), 4)  # type: ignore[call-arg]


def test_repr_eq_and_hash_match_a_dataclass() -> None:
    p, d = Point(1, 2, ("t",)), DataPoint(1, 2, ("t",))
    assert repr(p).replace("Point", "") == repr(d).replace("DataPoint", "")
    assert p == Point(1, 2, ("t",)) and p != Point(1, 3, ("t",))
    other: object = d
    assert p != other  # another class is never equal, as with dataclasses
    assert hash(p) == hash(Point(1, 2, ("t",)))
    assert len({Point(1), Point(1), Point(2)}) == 2


def test_frozen_refuses_changes() -> None:
    p = Point(1)
    with pytest.raises(FrozenInstanceError):
        p.x = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):  # FrozenInstanceError is an AttributeError
        del p.y
    assert p.x == 1


def test_mutable_record_has_factories_and_is_unhashable() -> None:
    a, b = Bag("a"), Bag("a")
    a.items.append(1)
    assert b.items == [] and a.items is not b.items
    assert Bag("a", [1], note="x") == Bag("a", [1], note="y")  # compare=False
    assert repr(Bag("a", [1], note="x")) == "Bag(name='a', items=[1])"  # repr=False
    with pytest.raises(TypeError):
        hash(a)
    a.name = "changed"
    assert a.name == "changed"


def test_subclass_adds_fields_after_its_base() -> None:
    p = Point3(1, 2, (), 3)
    assert (p.x, p.y, p.z) == (1, 2, 3)
    assert p != Point(1, 2)
    assert repr(p) == "Point3(x=1, y=2, tags=(), z=3)"


def test_a_field_without_default_after_one_with_is_refused() -> None:
    with pytest.raises(TypeError, match="without a default"):

        @record
        class Bad:
            a: int = 0
            b: int  # type: ignore[misc]


def test_records_pickle() -> None:  # results cross process boundaries with -j
    p = Point(1, 2, ("t",))
    assert pickle.loads(pickle.dumps(p)) == p


def test_frozen_base_compares_the_named_fields() -> None:
    class Pair(Frozen):
        _compared = ("a",)
        _shown = ("a", "b")
        a: int
        b: int

        def __init__(self, a: int, b: int) -> None:
            self._fields(a=a, b=b)

    assert Pair(1, 2) == Pair(1, 3) and hash(Pair(1, 2)) == hash(Pair(1, 5))
    assert repr(Pair(1, 2)).endswith("Pair(a=1, b=2)")
    with pytest.raises(FrozenInstanceError):
        Pair(1, 2).a = 3


def test_compiled_init_behaves_as_the_first_instances() -> None:
    """A class's first instances are filled field by field, later ones by a compiled
    ``__init__``: the same values, defaults, factories and errors either way."""

    @record
    class Item:
        a: int
        b: str = "b"
        c: list[int] = field(default_factory=list)

    def errors() -> list[str]:
        out = []
        cases: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
            ((), {}), ((1, "x", [], 4), {}), ((1,), {"a": 2}), ((1,), {"z": 0}),
        ]
        for args, kwargs in cases:
            try:
                Item(*args, **kwargs)
            except TypeError:
                out.append("TypeError")
        return out

    assert errors() == ["TypeError"] * 4  # field by field
    made = [Item(i, c=[i]) if i % 2 else Item(a=i, b="y") for i in range(3 * COMPILE_AFTER)]
    assert Item.__init__.__qualname__.endswith("Item.__init__")  # compiled by now
    assert errors() == ["TypeError"] * 4
    for i, item in enumerate(made):
        assert item == (Item(i, "b", [i]) if i % 2 else Item(i, "y", []))
    assert made[0].c is not made[2].c  # a new list each time, either way
