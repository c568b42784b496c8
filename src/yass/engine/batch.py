"""Batch solving: many puzzles, answered in input order, in this process or several.

Two layers, both free of argv and of printing (``yass.cli.commands`` does those):

- ``in_order(func, jobs, processes, start_pool)`` (``yass.engine.parallel``, the one ordered
  parallel map, re-exported here) gives ``func(job)`` of every job in input order, here
  or on worker processes. ``pool_wanted`` is the policy the commands use to start them.
- ``open_input(arg)`` opens a file or standard input as bytes and looks at its first
  puzzle line; when it holds one puzzle a line, ``solve_blocks`` reads it in blocks of
  whole lines (``BLOCK_BYTES``) and solves each block in one call (``solve_block``), so
  a block is the unit of work. Each ``Block`` carries its output lines (a solution,
  ``no solution`` or ``error: SOURCE line N: ...`` per puzzle line), its counts, its
  worst exit code, and notes for standard error with their places among the lines.
  Classic 9x9 lines go straight to the compiled core (``fast.classic_line``); anything
  else is parsed as the file reader does.

A puzzle's outcome is the ``yass`` command's exit code for it (``EXIT_OK`` ...
``EXIT_INTERNAL``); the command exits with the worst over a file.
"""

from __future__ import annotations

import codecs
import contextlib
import io
import os
import sys
import time
from collections import namedtuple
from collections.abc import Callable, Generator, Iterator

from yass.core.geometry import PuzzleError
from yass.core.outcomes import (
    EXIT_BAD_INPUT,
    EXIT_BOUND,
    EXIT_INTERNAL,
    EXIT_NO_SOLUTION,
    EXIT_OK,
    NOT_UNIQUE,
    WorkerError,
    as_line,
    unknown_uniqueness,
    verify,
)
from yass.engine.parallel import WINDOW, Workers, in_order

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from typing import Any, NamedTuple, TypeVar

    from yass.core.bounds import BoundReached, Bounds

__all__ = [
    "BLOCK_BYTES",
    "EXIT_BAD_INPUT",
    "EXIT_BOUND",
    "EXIT_INTERNAL",
    "EXIT_NO_SOLUTION",
    "EXIT_OK",
    "NOT_UNIQUE",
    "POOL_AFTER",
    "POOL_BYTES",
    "WINDOW",
    "Block",
    "Input",
    "WorkerError",
    "Workers",
    "as_line",
    "in_order",
    "open_input",
    "pool_wanted",
    "solve_block",
    "solve_blocks",
    "verify",
]

#: Bytes of input in a block (about 800 lines of 81 characters); a block is the unit of work.
BLOCK_BYTES = 1 << 16
#: Worker processes start once the work has run this long in process (seconds) ...
POOL_AFTER = 0.1
#: ... or at once for an input file at least this big (bytes).
POOL_BYTES = 1 << 20
#: Bytes ``Input.text()`` reads at a time (a few lines: its position follows the reading).
TEXT_CHUNK = 1024

#: What ``_blocks`` puts in place of a line longer than ``MAX_LINE`` bytes.
LONG_LINE = b"\x00(a line too long to read)"

if TYPE_CHECKING:
    J = TypeVar("J")
    R = TypeVar("R")


# -- when to start workers ------------------------------------------------------------


def ready(fd: int, timeout: float = 0.0) -> bool:
    """Whether reading ``fd`` would not block (input or its end is there), waiting at most
    ``timeout`` seconds to see; True when that cannot be told."""
    import select

    try:
        readable, _, _ = select.select([fd], [], [], timeout)
    except (OSError, ValueError):
        return True
    return bool(readable)


def pool_wanted(start: float, size: int | None = None) -> Callable[[], bool]:
    """A ``start_pool`` test for ``in_order``: true at once for an input of at least
    ``POOL_BYTES`` bytes (``size``), else once ``POOL_AFTER`` seconds have passed since
    ``start`` (a ``time.perf_counter()`` reading), so a small run never starts workers."""

    def wanted() -> bool:
        return (size or 0) >= POOL_BYTES or time.perf_counter() - start > POOL_AFTER

    return wanted



# -- one puzzle a line, a block of lines at a time ----------------------------------------


if TYPE_CHECKING:

    class Block(NamedTuple):
        """What ``solve_block`` gives back: output lines and counts of one block."""

        out: str  # the output lines, each ending in a newline
        size: int  # bytes of input
        puzzles: int
        solved: int
        unsolved: int
        errors: int
        code: int  # the worst exit code
        notes: tuple[tuple[int, str], ...]  # (lines of output before it, a line for stderr)

else:  # the same tuple, made without importing ``typing``
    Block = namedtuple(
        "Block", "out size puzzles solved unsolved errors code notes", module=__name__
    )
    Block.__doc__ = "What ``solve_block`` gives back: output lines and counts of one block."


#: The bounds of each puzzle's search: (``--timeout`` seconds, ``--max-guesses``), None: none.
BoundSpec = tuple[float | None, int | None]


def _bounds(spec: BoundSpec) -> Bounds | None:
    """Fresh bounds for one puzzle (its clock starts now), or None when there are none."""
    from yass.core.bounds import Bounds

    timeout, max_guesses = spec
    if timeout is None and max_guesses is None:
        return None
    return Bounds(timeout, max_guesses)


def solve_block(
    job: tuple[str, str, int, int, bytes] | tuple[str, str, int, int, bytes, BoundSpec],
) -> Block:
    """Solve one block of lines: (source name, --rules, search limit, first line number,
    text, and optionally the bounds of each puzzle's search).

    Blank lines and ``#`` comments give no output; every other line gives one line: the
    solution, ``no solution``, ``error: SOURCE line N: ...``, or for a search stopped at a
    bound ``timeout after 5 s`` or ``stopped after N guesses`` (the solution when one was
    found by then, with a note that its uniqueness is not known).
    """
    from yass.core.bounds import BoundReached
    from yass.engine import fast

    name, rules, limit, lineno, data = job[0], job[1], job[2], job[3], job[4]
    spec: BoundSpec = job[5] if len(job) == 6 else (None, None)
    try:
        lines = data.decode().split("\n")
        bad: frozenset[int] = frozenset()
    except UnicodeDecodeError:
        lines, bad = _decode_lines(data)
    classic = None if rules else fast.classic_line
    out: list[str] = []
    notes: list[tuple[int, str]] = []
    solved = unsolved = errors = 0
    code = EXIT_OK
    for i, raw in enumerate(lines):
        text = raw.strip()
        if not text or text[0] == "#":
            continue
        if text == _LONG_TEXT:
            message = f"{name} line {lineno + i}: {_too_long()}"
            notes.append((len(out), f"yass: error: {message}"))
            out.append(f"error: {message}")
            errors += 1
            code = max(code, EXIT_BAD_INPUT)
            continue
        outcome = None
        if classic is not None and len(text) > 81 and text[81] in _AFTER_PUZZLE:
            plain = text[:81]  # a name or comment follows the puzzle
        else:
            plain = text
        if classic is not None and len(plain) == 81:  # the fast path: no Python objects
            try:
                count, solution = classic(plain, limit, _bounds(spec))
            except ValueError:  # not plain digits and dots: parse it below
                solution = None
            except BoundReached as exc:
                solution, outcome = None, _stopped(exc, f"{name} line {lineno + i}")
            if solution is not None:
                if count > 1:
                    where = f"{name} line {lineno + i}"
                    notes.append((len(out), f"yass: warning: {where}: {NOT_UNIQUE}"))
                out.append(solution)
                solved += 1
                continue
        if outcome is None:
            where = f"{name} line {lineno + i}"
            outcome = _solve_text(text, rules, limit, where, i in bad, _bounds(spec))
            if outcome is None:
                continue  # a header row
        line, result, note = outcome
        if note:
            notes.append((len(out), note))
        out.append(line)
        if result == EXIT_OK:
            solved += 1
        elif result == EXIT_NO_SOLUTION:
            unsolved += 1
        else:
            errors += 1
        code = max(code, result)
    text = "\n".join(out) + "\n" if out else ""
    return Block(text, len(data), len(out), solved, unsolved, errors, code, tuple(notes))


_LONG_TEXT = LONG_LINE.decode()

#: What may follow a puzzle on its line before its name or comment (yass.formats.fields).
_AFTER_PUZZLE = frozenset(" \t,;#")


def _too_long() -> str:
    from yass.formats.base import too_long

    return too_long()


def _decode_lines(data: bytes) -> tuple[list[str], frozenset[int]]:
    """The lines of a block that is not all UTF-8, and the numbers of those that are not."""
    lines: list[str] = []
    bad: set[int] = set()
    for i, raw in enumerate(data.split(b"\n")):
        try:
            lines.append(raw.decode())
        except UnicodeDecodeError:
            lines.append("?")
            bad.add(i)
    return lines, frozenset(bad)


def _stopped(exc: BoundReached, where: str) -> tuple[str, int, str]:
    """(output line, exit code, line for standard error) of a search stopped at a bound:
    the solution found by then (whether it is unique not known), else the bound's line."""
    if exc.first is not None:
        return as_line(exc.first), EXIT_BOUND, f"yass: warning: {where}: {unknown_uniqueness(exc)}"
    return str(exc), EXIT_BOUND, f"yass: warning: {where}: {exc}"


def _solve_text(
    text: str,
    rules: str,
    limit: int,
    where: str,
    undecodable: bool = False,
    bounds: Bounds | None = None,
) -> tuple[str, int, str] | None:
    """(output line, exit code, line for standard error or "") of one puzzle line; None
    for a header row."""
    from yass.core.bounds import BoundReached
    from yass.engine import fast
    from yass.formats.text import ParseError, line_puzzle

    try:
        if undecodable:
            raise ParseError("not UTF-8 text")
        puzzle = line_puzzle(text, None, (), rules)
        if puzzle is None:
            return None
        count, solution = fast.search(puzzle, limit, bounds)
        why = verify(puzzle, solution) if solution is not None else None
    except BoundReached as exc:
        return _stopped(exc, where)
    except PuzzleError as exc:
        message = f"{where}: " + " ".join(str(exc).splitlines())
        return f"error: {message}", EXIT_BAD_INPUT, f"yass: error: {message}"
    except RuntimeError as exc:  # the core's own check of a solution failed
        why = str(exc)
    if why is not None:
        message = f"internal error: a solution failed verification ({where}): {why}"
        message += "; please report it"
        return f"error: {message}", EXIT_INTERNAL, f"yass: {message}"
    if solution is None:
        return "no solution", EXIT_NO_SOLUTION, ""
    note = f"yass: warning: {where}: {NOT_UNIQUE}" if count > 1 else ""
    return as_line(solution), EXIT_OK, note


def _blocks(read: Callable[[int], bytes], head: bytes) -> Iterator[tuple[int, bytes]]:
    """(number of its first line, whole lines) blocks of a stream, ``head`` first.

    ``read(n)`` is ``read1`` for a pipe or a terminal: it takes what is there, so lines
    typed or sent down a pipe are answered at once rather than when a block is full.
    A line that grows past ``MAX_LINE`` bytes is not kept: it is given as ``LONG_LINE``
    and the rest of it is skipped, so memory stays bounded whatever the input.
    """
    from yass.formats.text import MAX_LINE

    lineno = 1
    carry: list[bytes] = []
    carried = 0
    skipping = False  # inside a line too long to keep
    data = head
    while True:
        if skipping:
            end = data.find(b"\n")
            if end >= 0:
                data = data[end + 1 :]
                skipping = False
        if not skipping:
            cut = data.rfind(b"\n") + 1
            if cut:
                block = b"".join([*carry, data[:cut]]) if carry else data[:cut]
                carry, carried = [], 0
                yield lineno, block
                lineno += block.count(b"\n")
            if cut < len(data):
                carry.append(data[cut:])
                carried += len(data) - cut
                if carried > MAX_LINE:
                    yield lineno, LONG_LINE + b"\n"
                    lineno += 1
                    carry, carried = [], 0
                    skipping = True
        data = read(BLOCK_BYTES)
        if not data:
            if carry:
                yield lineno, b"".join(carry)
            return


class _Prefixed(io.RawIOBase):
    """A byte stream that gives ``head`` again, then the rest of ``rest``."""

    def __init__(self, head: bytes, rest: io.BufferedIOBase, name: str) -> None:
        super().__init__()
        self._head = head
        self._rest = rest
        self.name = name
        self.delivered = 0  # bytes given so far

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        if self._head:
            data, self._head = self._head[: len(view)], self._head[len(view) :]
        else:
            data = self._rest.read1(len(view))
        view[: len(data)] = data
        self.delivered += len(data)
        return len(data)


def _open_binary(arg: str) -> tuple[str, io.BufferedIOBase, int | None, Callable[[], None]]:
    """(name, byte stream, size when it is a regular file, close) of a file or ``-``."""
    import stat

    from yass.formats.text import open_source

    if arg == "-":
        buffer = getattr(sys.stdin, "buffer", None)
        if isinstance(buffer, io.BufferedIOBase):
            stream: io.BufferedIOBase = buffer
        else:  # a text stream put in place of standard input (as tests do)
            stream = io.BytesIO(sys.stdin.read().encode())
        name, close = "<stdin>", lambda: None
    else:
        name, text_stream, _ = open_source(arg)  # ParseError names a missing file
        binary = getattr(text_stream, "buffer", None)
        assert isinstance(binary, io.BufferedIOBase)
        stream, close = binary, text_stream.close
    size = None
    with contextlib.suppress(OSError, ValueError, io.UnsupportedOperation):
        info = os.fstat(stream.fileno())
        if stat.S_ISREG(info.st_mode):
            size = info.st_size
    return name, stream, size, close


def _first_puzzle_line(read: Callable[[int], bytes]) -> tuple[bytes, str]:
    """(what was read, the first line that is not blank or a comment, "" if none).

    Of a line longer than ``MAX_LINE`` bytes only the start is read and given.
    """
    from yass.formats.text import MAX_LINE

    chunks: list[bytes] = []
    partial = b""
    while True:
        chunk = read(BLOCK_BYTES)
        if not chunks and chunk.startswith(codecs.BOM_UTF8):
            chunk = chunk[len(codecs.BOM_UTF8) :]
        chunks.append(chunk)
        lines = (partial + chunk).split(b"\n")
        partial = lines.pop() if chunk else b""
        for raw in lines:
            text = raw.decode("utf-8", "replace").strip()
            if text and not text.startswith("#"):
                return b"".join(chunks), text
        if not chunk:
            return b"".join(chunks), ""
        if len(partial) > MAX_LINE:  # enough to tell what it is; ``_blocks`` refuses it
            return b"".join(chunks), partial[:MAX_LINE].decode("utf-8", "replace").strip()


class Input:
    """A file or standard input opened by ``open_input``, its first puzzle line read.

    ``name`` is the path or ``<stdin>``; ``size`` the bytes of a regular file (None for
    a pipe or a terminal); ``first`` the first line that is not blank or a comment.
    Read it once, either way: ``blocks()`` when ``lines`` (one puzzle a line), else
    ``text()`` for the file reader (JSON, pictures).
    """

    def __init__(
        self,
        name: str,
        stream: io.BufferedIOBase,
        size: int | None,
        read: Callable[[int], bytes],
        head: bytes,
        first: str,
    ) -> None:
        self.name = name
        self.size = size
        self.first = first
        self._stream = stream
        self._read = read
        self._head = head
        self._raw: _Prefixed | None = None

    @property
    def lines(self) -> bool:
        """Whether the input is one puzzle a line (not JSON, not pictures)."""
        from yass.formats.text import _line_kind, is_section, looks_like_link

        first = self.first
        return not (
            self.name.lower().endswith(".json")
            or (first.startswith(("{", "[")) and not is_section(first))
            or is_section(first)
            or (bool(first) and _line_kind(first, None) == "picture")
            or looks_like_link(first)
        )

    def position(self) -> int:
        """Bytes of the input read so far (0 when not known): for ``text()``, the bytes it
        has decoded, which run at most ``TEXT_CHUNK`` or so ahead of the lines given."""
        if self._raw is not None:
            return self._raw.delivered
        try:
            return os.lseek(self._stream.fileno(), 0, os.SEEK_CUR)
        except (OSError, ValueError, io.UnsupportedOperation):
            return 0

    def ready(self, timeout: float = 0.0) -> bool:
        """Whether more input (or its end) is there to read without waiting for it.

        Always true for a regular file; for a pipe or a terminal it is false while the
        writer (or the person typing) has not sent more yet.
        """
        if self.size is not None:
            return True
        try:
            fd = self._stream.fileno()
        except (OSError, ValueError, io.UnsupportedOperation):
            return True
        return ready(fd, timeout)

    def blocks(self) -> Iterator[tuple[int, bytes]]:
        """(number of its first line, whole lines) blocks of about ``BLOCK_BYTES``."""
        return _blocks(self._read, self._head)

    def text(self) -> io.TextIOWrapper:
        """The whole input as text (UTF-8, a byte-order mark dropped)."""
        raw = _Prefixed(self._head, self._stream, self.name)
        self._raw = raw
        text = io.TextIOWrapper(io.BufferedReader(raw, TEXT_CHUNK), encoding="utf-8-sig")
        # Read little ahead, so that position() follows the lines given out.
        setattr(text, "_CHUNK_SIZE", TEXT_CHUNK)  # noqa: B010 (not in the type stubs)
        return text


@contextlib.contextmanager
def open_input(arg: str) -> Iterator[Input]:
    """Open a file or ``-`` (standard input) as an ``Input``; closed at the end.

    A file is read a whole block at a time, anything else as soon as there is input,
    so lines typed or sent down a pipe are answered at once. Raises ParseError (a
    PuzzleError) naming a file that cannot be read.
    """
    name, stream, size, close = _open_binary(arg)
    read = stream.read if size is not None else stream.read1
    try:
        head, first = _first_puzzle_line(read)
        yield Input(name, stream, size, read, head, first)
    finally:
        close()


def solve_blocks(
    source: Input,
    *,
    rules: str,
    limit: int,
    processes: int,
    start: float,
    bounds: BoundSpec = (None, None),
    client: Any = None,
) -> Generator[Block, None, None]:
    """The ``Block`` of each block of lines of ``source``, in order (``in_order``).

    ``rules`` are extra rules for every line (``--rules`` names), ``limit`` the search
    limit (2 to tell a unique solution, 1 for any), ``processes`` the most workers,
    started as ``pool_wanted(start, source.size)`` says; ``bounds`` (seconds, guesses)
    bound each puzzle's search. With ``client`` (a ``distributed.Client``) each block is a
    task on its Dask cluster instead. Close the generator to stop.
    """
    work = (
        (source.name, rules, limit, lineno, data, bounds) for lineno, data in source.blocks()
    )
    return in_order(
        solve_block, work, processes, pool_wanted(start, source.size), more=source.ready,
        client=client,
    )
