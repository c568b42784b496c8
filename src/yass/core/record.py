"""Value classes without the ``dataclasses`` module.

``import dataclasses`` brings in ``inspect`` (and through it ``ast``, ``dis`` and
``tokenize``): about as long as Python's own start-up, paid by every ``yass`` command.
This module gives the part of it yass uses, with the same spelling:

* ``@record`` / ``@record(frozen=True)`` on a class with annotated fields writes
  ``__init__`` (fields in order, defaults from the class body), ``__repr__``, ``__eq__``
  and, when frozen, ``__hash__`` and the refusal to change a field, as ``@dataclass``
  does (a mutable record, like a mutable dataclass, is unhashable); ``__init__`` is
  compiled once a class has made a few instances, so a class made rarely in a run costs
  no compiling;
* ``field(default=..., default_factory=..., compare=..., repr=...)`` for the rest;
* ``Frozen``: a base for value classes that write their own ``__init__``.

Type checkers read ``record`` as a dataclass (PEP 681's ``dataclass_transform``).
"""

from __future__ import annotations

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, ClassVar, TypeVar, dataclass_transform

    T = TypeVar("T")
else:

    def dataclass_transform(**_options):
        return lambda obj: obj


#: Instances a record makes field by field before its ``__init__`` is compiled.
COMPILE_AFTER = 20


class FrozenInstanceError(AttributeError):
    """A field of a frozen value was assigned or deleted."""


class _Missing:
    def __repr__(self) -> str:
        return "<no default>"


_MISSING: Any = _Missing()


class _Field:
    __slots__ = ("compare", "default", "factory", "repr")

    def __init__(self, default: Any, factory: Any, compare: bool, repr: bool) -> None:
        self.default = default
        self.factory = factory
        self.compare = compare
        self.repr = repr


def field(
    *,
    default: Any = _MISSING,
    default_factory: Callable[[], Any] | None = None,
    compare: bool = True,
    repr: bool = True,
) -> Any:
    """A field's options, as ``dataclasses.field`` takes them (the subset yass uses)."""
    return _Field(default, default_factory, compare, repr)


def _fields(cls: type) -> list[tuple[str, _Field]]:
    """The class's fields in order (those of its record bases first), with their options."""
    found: dict[str, _Field] = {}
    for base in reversed(cls.__mro__[1:]):
        found.update(getattr(base, "__record_fields__", {}))
    annotations = cls.__dict__.get("__annotations__", {})  # noqa: RUF063 (no inspect here)
    for name, annotation in annotations.items():
        if str(annotation).startswith(("ClassVar", "typing.ClassVar")):
            continue
        value = cls.__dict__.get(name, _MISSING)
        spec = value if isinstance(value, _Field) else _Field(value, None, True, True)
        if isinstance(value, _Field):
            if value.default is _MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, value.default)
        found[name] = spec
    return list(found.items())


def _build(cls: type[T], frozen: bool, eq: bool) -> type[T]:
    fields = _fields(cls)
    defaults = False
    for name, spec in fields:
        if spec.factory is None and spec.default is _MISSING and defaults:
            raise TypeError(f"{cls.__name__}: field {name!r} without a default after one with")
        defaults = defaults or spec.factory is not None or spec.default is not _MISSING

    names = [name for name, _ in fields]
    made = [0]

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        # The first instances are filled field by field; the class's own ``__init__`` is
        # compiled (as dataclasses compile theirs) only when it has made COMPILE_AFTER,
        # so a record made a few times in a run costs no compiling.
        made[0] += 1
        if made[0] >= COMPILE_AFTER:
            init = _compile_init(cls, fields)
            type.__setattr__(cls, "__init__", init)
            init(self, *args, **kwargs)
            return
        if len(args) > len(names):
            raise TypeError(f"{cls.__name__}() takes {len(names)} fields, {len(args)} given")
        values = self.__dict__
        for name, value in zip(names, args, strict=False):
            values[name] = value
        for name, spec in fields[len(args):]:
            if name in kwargs:
                values[name] = kwargs.pop(name)
            elif spec.factory is not None:
                values[name] = spec.factory()
            elif spec.default is not _MISSING:
                values[name] = spec.default
            else:
                raise TypeError(f"{cls.__name__}() is missing the field {name!r}")
        if kwargs:
            extra = next(iter(kwargs))
            what = "gets the field twice" if extra in names else "has no field"
            raise TypeError(f"{cls.__name__}() {what} {extra!r}")

    cls.__init__ = __init__  # type: ignore[method-assign]
    cls.__record_fields__ = dict(fields)  # type: ignore[attr-defined]
    compared = [name for name, spec in fields if spec.compare]

    def key(self: Any) -> tuple[object, ...]:
        values = self.__dict__
        return tuple([values[name] for name in compared])

    shown = tuple(name for name, spec in fields if spec.repr)

    def __repr__(self: Any) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{type(self).__qualname__}({inner})"

    cls.__repr__ = __repr__  # type: ignore[method-assign]
    if eq:

        def __eq__(self: Any, other: object) -> bool:
            if other.__class__ is not self.__class__:
                return NotImplemented
            return bool(key(self) == key(other))

        cls.__eq__ = __eq__  # type: ignore[method-assign]
        if frozen:

            def __hash__(self: Any) -> int:
                return hash(key(self))

            cls.__hash__ = __hash__  # type: ignore[method-assign]
        else:
            cls.__hash__ = None  # type: ignore[assignment]
    if frozen:
        cls.__setattr__ = _refuse_set  # type: ignore[method-assign]
        cls.__delattr__ = _refuse_delete  # type: ignore[method-assign]
    return cls


def _compile_init(cls: type, fields: list[tuple[str, _Field]]) -> Callable[..., None]:
    """``cls.__init__`` for ``fields``, compiled as dataclasses compile theirs."""
    env: dict[str, Any] = {"MISSING": _MISSING}
    params, body = [], []
    for name, spec in fields:
        if spec.factory is not None:
            env[f"f_{name}"] = spec.factory
            params.append(f"{name}=MISSING")
            value = f"f_{name}() if {name} is MISSING else {name}"
        elif spec.default is not _MISSING:
            env[f"d_{name}"] = spec.default
            params.append(f"{name}=d_{name}")
            value = name
        else:
            params.append(name)
            value = name
        body.append(f"  d[{name!r}] = {value}")
    source = f"def __init__(self, {', '.join(params)}):\n  d = self.__dict__\n"
    source += "\n".join(body) if body else "  pass"
    exec(source, env)  # the same technique as dataclasses: one compiled __init__ a class
    init: Callable[..., None] = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def _refuse_set(self: object, name: str, value: object) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _refuse_delete(self: object, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


@dataclass_transform(field_specifiers=(field,))
def record(
    cls: type[T] | None = None, /, *, frozen: bool = False, eq: bool = True
) -> Any:
    """Class decorator: make ``cls`` a value class from its annotated fields (see the
    module docstring); ``@record`` or ``@record(frozen=True, eq=False)``."""
    if cls is None:
        return lambda c: _build(c, frozen, eq)
    return _build(cls, frozen, eq)


class Frozen:
    """A value with a hand-written ``__init__``, as ``@record(frozen=True)`` makes one:
    equal and hashed by the fields named in ``_compared``, shown by those in ``_shown``,
    and never changed once ``__init__`` has set its fields with ``_fields``.
    """

    _compared: ClassVar[tuple[str, ...]] = ()
    _shown: ClassVar[tuple[str, ...]] = ()

    def _fields(self, **values: object) -> None:
        self.__dict__.update(values)

    def _key(self) -> tuple[object, ...]:
        return tuple([getattr(self, name) for name in self._compared])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__ and isinstance(other, Frozen):
            return self._key() == other._key()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._shown)
        return f"{type(self).__qualname__}({shown})"

    __setattr__ = _refuse_set
    __delattr__ = _refuse_delete
