"""What a long run has done: ``Stats`` for ``--stats`` and the ``Progress`` line.

Nothing here chooses where text goes: ``Progress`` draws on the stream it is given
(``yass.cli.commands`` passes standard error) and ``Stats.line()`` is text for the caller to
print, so ``yass.cli.commands`` stays the only module that prints.
"""

from __future__ import annotations

import time

from yass.core.outcomes import EXIT_NO_SOLUTION, EXIT_OK

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from typing import Any, TextIO

__all__ = ["DELAY", "INTERVAL", "Progress", "Stats", "clock"]

#: The progress line appears after this many seconds ...
DELAY = 0.2
#: ... and is redrawn at most this often (seconds).
INTERVAL = 0.1


class Stats:
    """What a solve run did, for ``--stats``: puzzles, solved, no solution, errors.

    ``start`` is the ``time.perf_counter()`` reading when the run began.
    """

    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.puzzles = self.solved = self.unsolved = self.errors = 0

    def add(self, code: int) -> None:
        """Count one puzzle by its exit code (``EXIT_OK``, ``EXIT_NO_SOLUTION``, other)."""
        self.puzzles += 1
        if code == EXIT_OK:
            self.solved += 1
        elif code == EXIT_NO_SOLUTION:
            self.unsolved += 1
        else:
            self.errors += 1

    def line(self) -> str:
        """The counts, the seconds since ``start`` and the rate, on one line."""
        seconds = time.perf_counter() - self.start
        rate = self.puzzles / seconds if seconds > 0 else 0.0
        return (
            f"puzzles {self.puzzles}, solved {self.solved}, no solution {self.unsolved},"
            f" errors {self.errors}, seconds {seconds:.3f}, puzzles/second {rate:.0f}"
        )


def clock(seconds: float) -> str:
    """A duration as ``M:SS``, or ``H:MM:SS`` from an hour up, to the nearest second."""
    minutes, secs = divmod(int(seconds + 0.5), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


class Progress:
    """One line on ``stream``, redrawn in place at most every ``INTERVAL`` seconds.

    ``wanted`` None (the default) shows it only when ``stream`` is a terminal; True or
    False force it (``--progress``, ``--no-progress``). It appears ``DELAY`` seconds
    after ``start`` (a ``time.perf_counter()`` reading) and shows the puzzles done and
    the rate, and, when the input's size ``total`` is known (a file), a bar, the share
    done and the time left. ``output`` is where the results go: when it is the same
    terminal, ``before_output()`` takes the line away first.
    """

    def __init__(
        self,
        stream: TextIO,
        start: float,
        *,
        total: int | None = None,
        wanted: bool | None = None,
        output: TextIO | None = None,
    ) -> None:
        self.stream = stream
        self.enabled = _isatty(stream) if wanted is None else wanted
        self.total = total
        self.start = start
        self.due = start + DELAY
        self.shown = False
        self.shares_terminal = self.enabled and output is not None and _isatty(output)

    def update(self, puzzles: int, done: int = 0) -> None:
        """Redraw if it is time: ``puzzles`` solved so far, ``done`` bytes of the input."""
        if not self.enabled:
            return
        now = time.perf_counter()
        if now < self.due:
            return
        self.due = now + INTERVAL
        elapsed = max(now - self.start, 1e-6)
        noun = "puzzle" if puzzles == 1 else "puzzles"
        text = f"{puzzles:,} {noun}  {puzzles / elapsed:,.0f}/s"
        if self.total and done:
            share = min(done / self.total, 1.0)
            filled = int(share * 20)
            bar = "=" * filled + (">" if filled < 20 else "") + " " * (19 - filled)
            left = elapsed * (1 - share) / share
            text = f"[{bar}] {share:4.0%}  {text}  ETA {clock(left)}"
        import shutil

        width = max(shutil.get_terminal_size().columns - 1, 10)
        self.stream.write("\r" + text[:width] + "\x1b[K")
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        """Take the line away (before other output, and at the end)."""
        if self.shown:
            self.shown = False
            self.stream.write("\r\x1b[K")
            self.stream.flush()

    def before_output(self) -> None:
        """Clear the line when the results go to the same terminal."""
        if self.shares_terminal:
            self.clear()
