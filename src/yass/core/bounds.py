"""Bounds on a search a caller can set: a time limit and a number of guesses.

A ``Bounds`` is made once per puzzle (``Bounds(timeout=5)`` starts its clock then) and
handed to every search that works on that puzzle: the compiled search
(``yass.engine.fast``), the reference search (``yass.engine.search``) and the logic solver
(``yass.logic.solver``). The time limit covers them all together; ``max_guesses`` bounds
each search on its own (the branches it tries: every digit tried where logic or
propagation ran out, the last one included). A search that reaches a bound raises
``BoundReached``, whose message is the line a user sees: ``timeout after 5 s`` or
``stopped after 1000 guesses``.
"""

from __future__ import annotations

import time
from contextvars import ContextVar

__all__ = ["GUESSES", "TIME", "BoundReached", "Bounds", "poll", "watching"]

#: ``BoundReached.kind`` when a search took ``max_guesses`` guesses ...
GUESSES = "guesses"
#: ... or when the time limit passed.
TIME = "time"


def _seconds(value: float) -> str:
    """``5``, ``0.5``, ``2.25``, ``3600``: a number of seconds as the user would write it."""
    value = float(value)
    if value.is_integer() and value < 1e15:
        return str(int(value))
    return f"{value:g}"


class BoundReached(Exception):
    """A search stopped at a bound its caller set (``--timeout``, ``--max-guesses``).

    ``kind`` is ``TIME`` or ``GUESSES``; ``limit`` the bound (seconds or guesses);
    ``solutions`` how many solutions the search had found when it stopped, and
    ``first`` the first of them (verified), or None.
    """

    def __init__(
        self,
        kind: str,
        limit: float,
        solutions: int = 0,
        first: tuple[int, ...] | None = None,
    ) -> None:
        self.kind = kind
        self.limit = limit
        self.solutions = solutions
        self.first = first
        if kind == TIME:
            text = f"timeout after {_seconds(limit)} s"
        else:
            n = int(limit)
            text = f"stopped after {n} guess{'' if n == 1 else 'es'}"
        super().__init__(text)


class Bounds:
    """A time limit (seconds from now, for everything done on one puzzle) and a number
    of guesses (for each search); None for no bound."""

    __slots__ = ("deadline", "max_guesses", "timeout")

    def __init__(self, timeout: float | None = None, max_guesses: int | None = None) -> None:
        if timeout is not None and not timeout > 0:
            raise ValueError(f"the time limit must be more than 0 seconds, not {timeout}")
        if max_guesses is not None and max_guesses < 0:
            raise ValueError(f"the number of guesses cannot be negative ({max_guesses})")
        self.timeout = timeout
        self.max_guesses = max_guesses
        #: The end of the time limit on ``time.monotonic()``; 0.0 for none.
        self.deadline = time.monotonic() + timeout if timeout is not None else 0.0

    def __repr__(self) -> str:
        return f"Bounds(timeout={self.timeout!r}, max_guesses={self.max_guesses!r})"

    @property
    def max_nodes(self) -> int:
        """``max_guesses`` for the compiled core: -1 for no bound (at most 2**62)."""
        return -1 if self.max_guesses is None else min(self.max_guesses, 1 << 62)

    def check_time(self) -> None:
        """Raise BoundReached when the time limit has passed."""
        if self.deadline and time.monotonic() >= self.deadline:
            assert self.timeout is not None
            raise BoundReached(TIME, self.timeout)

    def check_guesses(self, taken: int) -> None:
        """Raise BoundReached when a search that has taken ``taken`` guesses may take no more."""
        if self.max_guesses is not None and taken >= self.max_guesses:
            raise BoundReached(GUESSES, self.max_guesses)


#: The bounds of the logic solver's run in this thread (``watching``), for ``poll``.
_WATCHED: ContextVar[Bounds | None] = ContextVar("yass_watched_bounds", default=None)


def poll() -> None:
    """Raise BoundReached when the time limit of the run ``watching`` bounds has passed.

    The logic solver checks its time limit before each step; a technique whose one
    search can run for seconds (forcing chains, speculation on a big or empty grid)
    calls this inside its loops, so ``--timeout`` holds within a fraction of a second.
    """
    bounds = _WATCHED.get()
    if bounds is not None and bounds.deadline and time.monotonic() >= bounds.deadline:
        bounds.check_time()


def seconds_left() -> float | None:
    """The seconds left of the time limit of the run ``watching`` bounds, or None (no
    limit): for a technique that hands a deadline to compiled code."""
    bounds = _WATCHED.get()
    if bounds is None or not bounds.deadline:
        return None
    return max(0.0, bounds.deadline - time.monotonic())


class watching:
    """``with watching(bounds):`` makes ``bounds`` the ones ``poll`` checks, in this
    thread (a ContextVar), until the block ends; None leaves them as they are."""

    def __init__(self, bounds: Bounds | None) -> None:
        self._bounds = bounds
        self._token: object = None

    def __enter__(self) -> None:
        if self._bounds is not None:
            self._token = _WATCHED.set(self._bounds)

    def __exit__(self, *exc: object) -> None:
        if self._token is not None:
            _WATCHED.reset(self._token)  # type: ignore[arg-type]
            self._token = None
