"""A bounded cache: a plain dict that is emptied when it fills.

Module-level caches of small pure functions (a relation's reversed table, the numbers of
``r1c1``) keep what recurs from puzzle to puzzle. A long run of varied puzzles must not
grow them without end, and tracking use (as ``functools.lru_cache`` does) costs more
than recomputing the rare entry, so ``remember`` empties the dict once it holds
``limit`` entries and starts again. Reading stays a plain ``dict.get``. Nothing is
imported here, so ``import yass`` pays nothing for it.
"""

from __future__ import annotations

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from typing import TypeVar

    K = TypeVar("K")
    V = TypeVar("V")

__all__ = ["LIMIT", "remember"]

#: How many entries a cache holds before ``remember`` empties it.
LIMIT = 4096


def remember(cache: dict[K, V], key: K, value: V, limit: int = LIMIT) -> V:
    """Keep ``value`` under ``key`` in ``cache`` (emptied first when it holds ``limit``
    entries) and return it."""
    if len(cache) >= limit:
        cache.clear()
    cache[key] = value
    return value
