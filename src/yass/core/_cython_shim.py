"""A stand-in for the ``cython`` module, so the core runs interpreted without Cython.

``yass.engine._core`` is written in Cython's pure-Python mode. When the extension is built,
Cython reads its decorators and types at compile time; when it is not (and Cython is
not installed at run time), this module makes every decorator a no-op and every C
type a harmless marker. It is also what the type checker sees.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable
from typing import Any, TypeVar

_F = TypeVar("_F", bound=Callable[..., Any])

compiled = False


class _CType:
    """A C type marker: ``cython.int``, ``cython.uint[27]``."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __getitem__(self, size: builtins.int | slice) -> _CType:
        # An array (``cython.int[27]``) or a typed memoryview (``cython.int[::1]``).
        return _CType(f"{self.name}[{size}]")

    def __repr__(self) -> str:
        return self.name


int = _CType("int")
uint = _CType("uint")
ushort = _CType("ushort")
uchar = _CType("uchar")
longlong = _CType("longlong")
double = _CType("double")
ulonglong = _CType("ulonglong")
bint = _CType("bint")
Py_UCS4 = _CType("Py_UCS4")
Py_ssize_t = _CType("Py_ssize_t")
void = _CType("void")


def _same(func: _F) -> _F:
    return func


def cfunc(func: _F) -> _F:
    return func


def ccall(func: _F) -> _F:
    return func


def inline(func: _F) -> _F:
    return func


def locals(**types: Any) -> Callable[[_F], _F]:
    return _same


def returns(ctype: Any) -> Callable[[_F], _F]:
    return _same


def exceptval(value: Any = None, *, check: builtins.bool = True) -> Callable[[_F], _F]:
    return _same


def boundscheck(flag: builtins.bool) -> Callable[[_F], _F]:
    return _same


def wraparound(flag: builtins.bool) -> Callable[[_F], _F]:
    return _same


def cdivision(flag: builtins.bool) -> Callable[[_F], _F]:
    return _same


def declare(ctype: _CType) -> Any:
    """A local of C type ``ctype`` (``x = cython.declare(cython.int[32])``): interpreted,
    a list of that many zeros for an array, else 0."""
    name = ctype.name
    if name.endswith("]"):
        return [0] * builtins.int(name[name.index("[") + 1:-1])
    return 0


def address(value: Any) -> Any:
    """``&value`` in C (a pointer); interpreted, only code run when compiled takes one."""
    raise NotImplementedError("cython.address is for compiled code only")
