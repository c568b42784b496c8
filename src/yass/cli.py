"""The ``yass`` command: solve, count, check and show puzzles, list the rules.

This is the only module that prints. ``main(argv)`` returns the exit code; the console
script and ``python -m yass`` pass it to the shell.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import io
import os
import signal
import sys
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, NoReturn, TypeVar

from yass.geometry import Grid, PuzzleError, digit_char

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    from yass.board import Puzzle
    from yass.formats.text import Entry
    from yass.techniques.base import Technique

__all__ = ["main"]

EXIT_OK = 0
EXIT_NO_SOLUTION = 1
EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 3
EXIT_BROKEN_PIPE = 141
EXIT_INTERRUPTED = 130

EXIT_CODES = """\
exit codes:
  0    success (solve: solved; count: at least one solution; check: exactly one solution)
  1    no solution (check: no solution or more than one)
  2    bad input or usage (the message names what and where)
  3    internal error (a result failed verification; please report it)
  130  interrupted (Ctrl-C); results already printed are kept
  141  the reader of the output went away (as with `| head`); yass stops quietly
For a file of many puzzles the exit code is the worst one over all of them.
"""

PUZZLE_HELP = (
    "a puzzle line (81 characters for 9x9: 1-9, then A-G above 9; '.' or '0' empty), a"
    " picture of the grid (text with newlines), a file (one puzzle a line, a picture, or"
    " JSON), or '-' for standard input"
)


class _Failure(Exception):
    """Stop the command with an exit code (the message has been printed)."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


# -- output ---------------------------------------------------------------------------


def _out(text: str) -> None:
    """Write one result to standard output and flush it, so Ctrl-C keeps it."""
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def _err(kind: str, message: str) -> None:
    sys.stdout.flush()
    sys.stderr.write(f"yass: {kind}: {message}\n")
    sys.stderr.flush()


def _line(values: Sequence[int]) -> str:
    return "".join(digit_char(v) if v else "." for v in values)


# -- reading PUZZLE -----------------------------------------------------------------------

_PUZZLE_CHARS = set("0123456789.ABCDEFGabcdefg")
_PATH_SUFFIXES = (".txt", ".json", ".sdk", ".sdm", ".csv", ".dat", ".text")


def _looks_like_puzzle(arg: str) -> bool:
    """Whether a one-line argument is meant as a puzzle rather than a file name."""
    from yass.formats.text import BORDER_CHARS

    if any(sep in arg for sep in "/\\") or arg.lower().endswith(_PATH_SUFFIXES):
        return False
    chars = [ch for ch in arg if not ch.isspace() and ch not in BORDER_CHARS]
    good = sum(ch in _PUZZLE_CHARS for ch in chars)
    return len(chars) >= 4 and good >= 0.75 * len(chars)


def _entries(arg: str, rules: str) -> tuple[Iterator[Entry], bool]:
    """The entries PUZZLE gives, and whether it is a source of several (file or stdin)."""
    from yass.formats import Entry, parse_puzzle, read_puzzles

    if _is_source(arg):
        return read_puzzles(arg, rules=rules), True
    try:
        entry = Entry("", 0, 1, parse_puzzle(arg, rules=rules))
    except PuzzleError as exc:
        entry = Entry("", 0, 1, error=exc)
    return iter([entry]), False


def _lookahead(entries: Iterator[Entry]) -> tuple[Iterator[Entry], bool]:
    """The same entries, and whether there are more than one."""
    first = next(entries, None)
    if first is None:
        return iter(()), False
    second = next(entries, None)
    if second is None:
        return iter([first]), False

    def chain() -> Iterator[Entry]:
        yield first
        yield second
        yield from entries

    return chain(), True


def _header(entry: Entry) -> str:
    name = entry.puzzle.name if entry.puzzle is not None else ""
    where = entry.where or f"puzzle {entry.index}"
    return f"--- {where}{': ' + name if name and name not in where else ''} ---"


# -- the engines (each call in one small function, so a faster core can replace it) -------


def _search_first(puzzle: Puzzle, limit: int) -> tuple[int, tuple[int, ...] | None]:
    """(solutions counted up to ``limit``, the first one found) by the compiled search.

    ``yass.fast`` serves the layouts its core can and uses the reference search for the
    others, so the answer is the same either way.
    """
    from yass import fast

    return fast.search(puzzle, limit)


def _count(puzzle: Puzzle, limit: int) -> int:
    from yass import fast

    return fast.count_solutions(puzzle, limit)


def _techniques(spec: str | None) -> list[Technique]:
    from yass.techniques import get_techniques

    return get_techniques(spec)


def _verify(puzzle: Puzzle, values: Sequence[int]) -> str | None:
    """Why ``values`` is not a solution of ``puzzle`` (None when it is)."""
    layout = puzzle.layout
    for cell, (g, v) in enumerate(zip(puzzle.givens, values, strict=True)):
        if g and g != v:
            return f"the given {layout.name(cell)}={digit_char(g)} was changed"
    problems = layout.violations(values)
    return problems[0] if problems else None


def _checked(puzzle: Puzzle, values: Sequence[int] | None, entry: Entry) -> None:
    if values is None:
        return
    why = _verify(puzzle, values)
    if why is not None:
        where = f" ({entry.where})" if entry.where else ""
        _err("internal error", f"a solution failed verification{where}: {why}; please report it")
        raise _Failure(EXIT_INTERNAL)


# -- commands -------------------------------------------------------------------------------


def _bad_entry(entry: Entry, args: argparse.Namespace, multi: bool) -> int:
    _err("error", entry.message)
    if multi and args.command == "solve":
        if args.format == "line":
            _out(f"error: {entry.message}")
        elif args.format == "json":
            _out(_json_dumps({**_entry_fields(entry), "error": str(entry.error)}))
    return EXIT_BAD_INPUT


def _entry_fields(entry: Entry) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if entry.source:
        out["source"] = entry.source
        if entry.line:
            out["line"] = entry.line
        else:
            out["index"] = entry.index
    return out


def _json_dumps(obj: Any) -> str:
    import json

    return json.dumps(obj, ensure_ascii=False)


def _not_unique(entry: Entry) -> None:
    where = f"{entry.where}: " if entry.where else ""
    _err("warning", f"{where}the puzzle has more than one solution; this is one of them")


def _solve_entry(
    entry: Entry, args: argparse.Namespace, multi: bool, techniques: list[Technique]
) -> int:
    puzzle = entry.puzzle
    assert puzzle is not None
    fmt = args.format
    if fmt == "line":
        count, solution = _search_first(puzzle, 1 if args.first else 2)
        _checked(puzzle, solution, entry)
        if solution is not None and count > 1:
            _not_unique(entry)
        _out(_line(solution) if solution is not None else "no solution")
        return EXIT_OK if solution is not None else EXIT_NO_SOLUTION

    from yass.solver import solve

    result = solve(puzzle, techniques)
    solution = result.solution
    _checked(puzzle, solution, entry)
    size = puzzle.size
    if fmt == "json":
        obj: dict[str, Any] = _entry_fields(entry)
        if puzzle.name:
            obj["name"] = puzzle.name
        obj.update(
            size=size,
            puzzle=puzzle.line(),
            solution=_line(solution) if solution is not None else None,
            guesses=result.guesses,
            unique=None if args.first else _unique(puzzle, solution, entry),
            steps=len(result.steps),
        )
        if args.steps:
            obj["explanations"] = [_step_text(s, size) for s in result.steps]
        _out(_json_dumps(obj))
    else:
        from yass import render

        lines = [_header(entry)] if multi else []
        if args.steps:
            lines += [f"{i:3}. {_step_text(s, size)}" for i, s in enumerate(result.steps, 1)]
            lines.append("")
        if solution is None:
            lines.append("no solution")
        else:
            grid = render.grid(solution, puzzle.layout)
            lines += [grid, "", f"{result.guesses} guesses required!"]
        if multi:
            lines.append("")
        _out("\n".join(lines))  # the answer first: the uniqueness search may take longer
        if not args.first:
            _unique(puzzle, solution, entry)
    return EXIT_OK if solution is not None else EXIT_NO_SOLUTION


def _unique(puzzle: Puzzle, solution: Sequence[int] | None, entry: Entry) -> bool | None:
    """Whether the solution is the only one (None when there is none); warns when not.

    The exhaustive search must agree with the logic solver about whether there is a
    solution at all; if not, that is an internal error.
    """
    count = _count(puzzle, 2)
    if (count == 0) != (solution is None):
        found_by = "the logic solver" if solution is not None else "the exhaustive search"
        _err("internal error", f"only {found_by} found a solution; please report it")
        raise _Failure(EXIT_INTERNAL)
    if solution is None:
        return None
    if count > 1:
        _not_unique(entry)
    return count == 1


def _step_text(step: Any, size: int) -> str:
    text: str = step.explanation or f"{step.technique}: {step.changes(size)}"
    return text


def _count_entry(entry: Entry, args: argparse.Namespace, multi: bool) -> int:
    puzzle = entry.puzzle
    assert puzzle is not None
    n = _count(puzzle, args.limit)
    if n >= args.limit:
        text = f"at least {n} solutions (stopped at --limit {args.limit})"
    else:
        text = str(n)
    _out(f"{entry.where or _header(entry)}: {text}" if multi else text)
    return EXIT_OK if n else EXIT_NO_SOLUTION


def _check_entry(entry: Entry, args: argparse.Namespace, multi: bool) -> int:
    puzzle = entry.puzzle
    assert puzzle is not None
    count, first = _search_first(puzzle, 2)
    _checked(puzzle, first, entry)
    if first is None:
        text, code = "no solution", EXIT_NO_SOLUTION
    elif count == 1:
        text, code = "valid: exactly one solution", EXIT_OK
    else:
        text, code = "not unique: more than one solution", EXIT_NO_SOLUTION
    _out(f"{entry.where or _header(entry)}: {text}" if multi else text)
    return code


def _show_entry(entry: Entry, args: argparse.Namespace, multi: bool) -> int:
    from yass import render

    puzzle = entry.puzzle
    assert puzzle is not None
    board = puzzle.board()
    if args.view == "candidates":
        text = render.candidates(board)
    elif args.view == "levels":
        text = render.levels(board)
    else:
        text = render.grid(board.values, puzzle.layout)
    _out(f"{_header(entry)}\n{text}\n" if multi else text)
    return EXIT_OK


def _run_puzzles(
    args: argparse.Namespace,
    handle: Callable[[Entry, argparse.Namespace, bool], int],
    found: tuple[Iterator[Entry], bool] | None = None,
    stats: _Stats | None = None,
) -> int:
    """Run ``handle`` on every entry of PUZZLE (or of ``found``); the worst exit code.

    With ``stats`` (the solve command) the entries of a file may be solved by several
    processes (``--jobs``), a progress line is shown and ``--stats`` is printed.
    """
    from yass.constraints import rules_from_names

    if args.rules:
        rules_from_names(args.rules, Grid(9, 3, 3))  # unknown names fail once, up front
    entries, multi = found if found is not None else _entries(args.puzzle, args.rules)
    entries, several = _lookahead(entries)
    multi = multi and several
    progress = _Progress(args, stats.start) if stats is not None and multi else None
    jobs = _jobs(args) if stats is not None and multi else 1
    worst = EXIT_OK
    count = 0
    try:
        if jobs > 1:
            start = time.perf_counter()
            results = _in_order(
                _entry_job,
                ((entry, args, multi) for entry in entries),
                jobs,
                lambda: time.perf_counter() - start > _POOL_AFTER,
                local=lambda job: job[0].error is not None,
            )
            with contextlib.closing(results), _Whole() as whole:
                for events, code in results:
                    count += 1
                    with whole.block():
                        _replay(events, progress)
                    if code == EXIT_INTERNAL:
                        raise _Failure(code)
                    worst = max(worst, code)
                    if stats is not None:
                        stats.add(code)
                    if progress is not None and stats is not None:
                        progress.update(stats.puzzles)
        else:
            for entry in entries:
                count += 1
                if progress is not None:
                    progress.clear()
                code = _bad_entry(entry, args, multi) if entry.error is not None else handle(
                    entry, args, multi
                )
                worst = max(worst, code)
                if stats is not None:
                    stats.add(code)
                if progress is not None and stats is not None:
                    progress.update(stats.puzzles)
    finally:
        _finish(args, stats, progress)
    if count == 0:
        _err("error", f"{args.puzzle!r} holds no puzzle")
        return EXIT_BAD_INPUT
    return worst


def _cmd_solve(args: argparse.Namespace) -> int:
    stats = _Stats()
    if args.format == "line" and (args.steps or args.techniques is not None):
        _err("error", "--steps and --techniques need --format pretty or json (line uses search)")
        return EXIT_BAD_INPUT
    techniques = _techniques(args.techniques) if args.format != "line" else []

    def handle(entry: Entry, a: argparse.Namespace, multi: bool) -> int:
        return _solve_entry(entry, a, multi, techniques)

    if args.format == "line" and _is_source(args.puzzle):
        return _solve_lines(args, stats, handle)
    return _run_puzzles(args, handle, stats=stats)


# -- batch solving: a file of puzzles, in input order, over several processes ---------------
#
# ``yass solve FILE --format line`` reads the file in blocks of whole lines and solves each
# block in one call (``_solve_block``), in process or in a pool of worker processes; the
# blocks' output is written in input order as each one is done, so memory stays flat and
# Ctrl-C keeps every block already written. Classic 9x9 lines go straight to the compiled
# core (``fast.classic_line``); anything else is parsed like the file reader does.

#: Bytes of input in a block (about 800 lines of 81 characters); a block is the unit of work.
_BLOCK_BYTES = 1 << 16
#: Worker processes start once the work has run this long in process (seconds) ...
_POOL_AFTER = 0.1
#: ... or at once for an input file at least this big (bytes).
_POOL_BYTES = 1 << 20
#: Blocks in flight per worker: enough to keep each one busy, few enough for flat memory.
_WINDOW = 4
#: The progress line appears after this many seconds and is redrawn at most this often.
_PROGRESS_DELAY = 0.2
_PROGRESS_EVERY = 0.1

_NOT_UNIQUE = "the puzzle has more than one solution; this is one of them"

J = TypeVar("J")
R = TypeVar("R")


def _jobs(args: argparse.Namespace) -> int:
    jobs: int | None = getattr(args, "jobs", None)
    return jobs if jobs is not None else os.cpu_count() or 1


class _Stats:
    """What a solve run did, for ``--stats``."""

    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.puzzles = self.solved = self.unsolved = self.errors = 0

    def add(self, code: int) -> None:
        self.puzzles += 1
        if code == EXIT_OK:
            self.solved += 1
        elif code == EXIT_NO_SOLUTION:
            self.unsolved += 1
        else:
            self.errors += 1

    def line(self) -> str:
        seconds = time.perf_counter() - self.start
        rate = self.puzzles / seconds if seconds > 0 else 0.0
        return (
            f"puzzles {self.puzzles}, solved {self.solved}, no solution {self.unsolved},"
            f" errors {self.errors}, seconds {seconds:.3f}, puzzles/second {rate:.0f}"
        )


def _clock(seconds: float) -> str:
    minutes, secs = divmod(int(seconds + 0.5), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


class _Progress:
    """One line on standard error, redrawn in place at most 10 times a second.

    On by default only when standard error is a terminal (``--progress`` and
    ``--no-progress`` force it). It shows the puzzles done and the rate, and, when the
    input's size is known (a file), a bar, the share done and the time left.
    """

    def __init__(self, args: argparse.Namespace, start: float, total: int | None = None) -> None:
        wanted: bool | None = getattr(args, "progress", None)
        self.enabled = _isatty(sys.stderr) if wanted is None else wanted
        self.total = total
        self.start = start
        self.due = start + _PROGRESS_DELAY
        self.shown = False
        self.shares_terminal = self.enabled and _isatty(sys.stdout)

    def update(self, puzzles: int, done: int = 0) -> None:
        """Redraw if it is time: ``puzzles`` solved so far, ``done`` bytes of the input."""
        if not self.enabled:
            return
        now = time.perf_counter()
        if now < self.due:
            return
        self.due = now + _PROGRESS_EVERY
        elapsed = max(now - self.start, 1e-6)
        text = f"{puzzles:,} puzzles  {puzzles / elapsed:,.0f}/s"
        if self.total and done:
            share = min(done / self.total, 1.0)
            filled = int(share * 20)
            bar = "=" * filled + (">" if filled < 20 else "") + " " * (19 - filled)
            left = elapsed * (1 - share) / share
            text = f"[{bar}] {share:4.0%}  {text}  ETA {_clock(left)}"
        import shutil

        width = max(shutil.get_terminal_size().columns - 1, 10)
        sys.stderr.write("\r" + text[:width] + "\x1b[K")
        sys.stderr.flush()
        self.shown = True

    def clear(self) -> None:
        """Take the line away (before other output, and at the end)."""
        if self.shown:
            self.shown = False
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()

    def before_output(self) -> None:
        """Clear the line when standard output goes to the same terminal."""
        if self.shares_terminal:
            self.clear()


def _finish(args: argparse.Namespace, stats: _Stats | None, progress: _Progress | None) -> None:
    if progress is not None:
        with contextlib.suppress(OSError, ValueError):
            progress.clear()
    if stats is not None and getattr(args, "stats", False):
        with contextlib.suppress(OSError, ValueError):
            sys.stdout.flush()
            sys.stderr.write(f"yass: stats: {stats.line()}\n")
            sys.stderr.flush()


class _Whole:
    """Ctrl-C lands between two blocks of output, never inside one.

    ``with _Whole() as whole:`` installs a SIGINT handler (the old one comes back at the
    end) that raises KeyboardInterrupt at once, except inside ``with whole.block():``,
    where it waits for the block's end. Where no handler can be installed (not the main
    thread) Ctrl-C works as usual.
    """

    def __init__(self) -> None:
        self._inside = False
        self._pending = False
        self._previous: Any = None
        self._installed = False

    def __enter__(self) -> _Whole:
        with contextlib.suppress(ValueError, OSError):  # ValueError: not the main thread
            self._previous = signal.signal(signal.SIGINT, self._handler)
            self._installed = True
        return self

    def __exit__(self, *exc: object) -> None:
        if self._installed:
            self._installed = False
            previous = self._previous
            if previous is None:  # the old handler was not set from Python
                previous = signal.default_int_handler
            signal.signal(signal.SIGINT, previous)

    @contextlib.contextmanager
    def block(self) -> Iterator[None]:
        self._inside = True
        try:
            yield
        finally:
            self._inside = False
        if self._pending:
            self._pending = False
            raise KeyboardInterrupt

    def _handler(self, signum: int, frame: Any) -> None:
        if self._inside:
            self._pending = True
        else:
            raise KeyboardInterrupt


def _worker_loop(conn: Connection, func: Callable[[Any], Any]) -> None:
    """A worker process: answer each job sent down ``conn`` until the parent hangs up."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        try:
            answer: tuple[bool, Any] = (True, func(job))
        except Exception as exc:  # sent back: the parent reports it
            answer = (False, f"{type(exc).__name__}: {exc}")
        try:
            conn.send(answer)
        except OSError:
            return


class _Workers:
    """Worker processes, each with its own pipe and at most one job at a time.

    Nothing is shared between them (no locks, no queues), so stopping them at any moment
    (Ctrl-C, a closed output) cannot leave one holding what another needs.
    """

    def __init__(self, func: Callable[[Any], Any], processes: int) -> None:
        import multiprocessing

        context = multiprocessing.get_context()
        sys.stdout.flush()  # a forked worker must not write our buffered output again
        sys.stderr.flush()
        self.procs: list[Any] = []
        self.conns: list[Connection] = []
        self.idle: list[Connection] = []
        self.busy: dict[Connection, int] = {}  # the number of the job each one is on
        for _ in range(processes):
            mine, theirs = context.Pipe()
            proc = context.Process(target=_worker_loop, args=(theirs, func), daemon=True)
            self.procs.append(proc)
            self.conns.append(mine)
            proc.start()
            theirs.close()
        self.idle = list(self.conns)

    def send(self, number: int, job: Any) -> None:
        conn = self.idle.pop()
        conn.send(job)
        self.busy[conn] = number

    def receive(self) -> list[tuple[int, Any]]:
        """Wait for at least one answer: (job number, result) of each that came."""
        from multiprocessing.connection import wait

        out = []
        ready = set(wait(list(self.busy)))
        for conn in [c for c in self.busy if c in ready]:
            try:
                ok, value = conn.recv()
            except (EOFError, OSError):
                ok, value = False, "a worker process ended unexpectedly"
            if not ok:
                _err("internal error", f"{value}; please report it")
                raise _Failure(EXIT_INTERNAL)
            out.append((self.busy.pop(conn), value))
            self.idle.append(conn)
        return out

    def stop(self) -> None:
        """End the workers: idle ones when told to, busy ones at once."""
        for conn in self.idle:
            with contextlib.suppress(OSError):
                conn.send(None)
        for conn in self.conns:
            conn.close()
        for proc, conn in zip(self.procs, self.conns, strict=True):
            if conn in self.busy:
                proc.terminate()
        for proc in self.procs:
            proc.join(2)
            if proc.is_alive():
                proc.kill()
                proc.join()


def _in_order(
    func: Callable[[J], R],
    jobs: Iterable[J],
    processes: int,
    start_pool: Callable[[], bool],
    local: Callable[[J], bool] | None = None,
) -> Generator[R, None, None]:
    """``func(job)`` of every job, in order.

    Jobs run in this process until ``start_pool()`` says it is worth starting
    ``processes`` workers (so never for a small input); then each job goes to the next
    idle worker, with at most ``_WINDOW`` jobs a worker in flight or waiting for their
    turn to be given out. Jobs for which ``local(job)`` is true always run here.
    Closing the iterator (or Ctrl-C) stops the workers.
    """
    workers: _Workers | None = None
    done: dict[int, R] = {}
    source = iter(jobs)
    held: list[J] = []  # the next job, waiting for an idle worker
    taken = given = 0  # jobs taken from ``jobs``; results given out
    window = _WINDOW * processes
    exhausted = False
    try:
        while True:
            while not exhausted and taken - given < window:
                if not held:
                    try:
                        held.append(next(source))
                    except StopIteration:
                        exhausted = True
                        break
                if workers is None and processes > 1 and start_pool():
                    workers = _Workers(func, processes)
                if workers is None or (local is not None and local(held[0])):
                    done[taken] = func(held.pop())
                elif workers.idle:
                    workers.send(taken, held.pop())
                else:
                    break
                taken += 1
                while given in done:
                    yield done.pop(given)
                    given += 1
            if exhausted and given == taken:
                return
            if workers is not None and workers.busy:
                for number, result in workers.receive():
                    done[number] = result
            while given in done:
                yield done.pop(given)
                given += 1
    finally:
        if workers is not None:
            workers.stop()


# -- the line format over a file

def _is_source(arg: str) -> bool:
    """Whether PUZZLE names a file or standard input (not a puzzle given as text)."""
    text = arg.strip()
    return arg == "-" or (
        "\n" not in text and not _looks_like_puzzle(text) and bool(text or os.path.exists(arg))
    )


class _Block(NamedTuple):
    """What ``_solve_block`` gives back: output lines and counts of one block."""

    out: str  # the output lines, each ending in a newline
    size: int  # bytes of input
    puzzles: int
    solved: int
    unsolved: int
    errors: int
    code: int  # the worst exit code
    notes: tuple[tuple[int, str], ...]  # (output lines before it, a line for standard error)


def _solve_block(job: tuple[str, str, int, int, bytes]) -> _Block:
    """Solve one block of lines: (source name, --rules, search limit, first line number, text).

    Blank lines and ``#`` comments give no output; every other line gives one line: the
    solution, ``no solution`` or ``error: SOURCE line N: ...``.
    """
    from yass import fast

    name, rules, limit, lineno, data = job
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
        if classic is not None and len(text) == 81:  # the fast path: no Python objects
            try:
                count, solution = classic(text, limit)
            except ValueError:  # not plain digits and dots: parse it below
                solution = None
            if solution is not None:
                if count > 1:
                    where = f"{name} line {lineno + i}"
                    notes.append((len(out), f"yass: warning: {where}: {_NOT_UNIQUE}"))
                out.append(solution)
                solved += 1
                continue
        line, result, note = _solve_text(text, rules, limit, f"{name} line {lineno + i}", i in bad)
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
    return _Block(text, len(data), len(out), solved, unsolved, errors, code, tuple(notes))


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


def _solve_text(
    text: str, rules: str, limit: int, where: str, undecodable: bool = False
) -> tuple[str, int, str]:
    """(output line, exit code, line for standard error or "") of one puzzle line."""
    from yass import fast
    from yass.formats.text import ParseError, build_puzzle, parse_line

    try:
        if undecodable:
            raise ParseError("not UTF-8 text")
        n, givens = parse_line(text)
        puzzle = build_puzzle(n, givens, (), rules)
        count, solution = fast.search(puzzle, limit)
        why = _verify(puzzle, solution) if solution is not None else None
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
    note = f"yass: warning: {where}: {_NOT_UNIQUE}" if count > 1 else ""
    return _line(solution), EXIT_OK, note


def _blocks(read: Callable[[int], bytes], head: bytes) -> Iterator[tuple[int, bytes]]:
    """(number of its first line, whole lines) blocks of a stream, ``head`` first.

    ``read(n)`` is ``read1`` for a pipe or a terminal: it takes what is there, so lines
    typed or sent down a pipe are answered at once rather than when a block is full.
    """
    lineno = 1
    carry: list[bytes] = []
    data = head
    while True:
        cut = data.rfind(b"\n") + 1
        if cut:
            block = b"".join([*carry, data[:cut]]) if carry else data[:cut]
            carry = []
            yield lineno, block
            lineno += block.count(b"\n")
        if cut < len(data):
            carry.append(data[cut:])
        data = read(_BLOCK_BYTES)
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

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        if self._head:
            data, self._head = self._head[: len(view)], self._head[len(view) :]
        else:
            data = self._rest.read1(len(view))
        view[: len(data)] = data
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
    """(what was read, the first line that is not blank or a comment, "" if none)."""
    chunks: list[bytes] = []
    partial = b""
    while True:
        chunk = read(_BLOCK_BYTES)
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


def _solve_lines(
    args: argparse.Namespace,
    stats: _Stats,
    handle: Callable[[Entry, argparse.Namespace, bool], int],
) -> int:
    """``solve FILE --format line``: the batch path, or the reader's for JSON and pictures."""
    from yass.constraints import rules_from_names
    from yass.formats import read_puzzles
    from yass.formats.text import _line_kind

    if args.rules:
        rules_from_names(args.rules, Grid(9, 3, 3))  # unknown names fail once, up front
    name, stream, size, close = _open_binary(args.puzzle)
    # a file is read a whole block at a time, anything else as soon as there is input
    read = stream.read if size is not None else stream.read1
    try:
        head, first = _first_puzzle_line(read)
        if (
            name.lower().endswith(".json")
            or first.startswith(("{", "["))
            or (first and _line_kind(first, None) == "picture")
        ):
            text = io.TextIOWrapper(
                io.BufferedReader(_Prefixed(head, stream, name)), encoding="utf-8-sig"
            )
            found = read_puzzles(text, rules=args.rules), True
            return _run_puzzles(args, handle, found, stats)
        return _batch(args, stats, name, _blocks(read, head), size)
    finally:
        close()


def _batch(
    args: argparse.Namespace,
    stats: _Stats,
    name: str,
    blocks: Iterator[tuple[int, bytes]],
    size: int | None,
) -> int:
    limit = 1 if args.first else 2
    jobs = _jobs(args)
    progress = _Progress(args, stats.start, size)
    worst = EXIT_OK
    done = 0

    def start_pool() -> bool:
        return (size or 0) >= _POOL_BYTES or time.perf_counter() - stats.start > _POOL_AFTER

    work = ((name, args.rules, limit, lineno, data) for lineno, data in blocks)
    results = _in_order(_solve_block, work, jobs, start_pool)
    try:
        with contextlib.closing(results), _Whole() as whole:
            for block in results:
                with whole.block():
                    progress.before_output()
                    _write_block(block, progress)
                stats.puzzles += block.puzzles
                stats.solved += block.solved
                stats.unsolved += block.unsolved
                stats.errors += block.errors
                worst = max(worst, block.code)
                done += block.size
                progress.update(stats.puzzles, done)
    finally:
        _finish(args, stats, progress)
    if stats.puzzles == 0:
        _err("error", f"{args.puzzle!r} holds no puzzle")
        return EXIT_BAD_INPUT
    return worst


def _write_block(block: _Block, progress: _Progress) -> None:
    """Write a block's lines, its notes to standard error in their places, and flush."""
    out = sys.stdout
    if block.notes:
        lines = block.out.splitlines(keepends=True)
        at = 0
        for pos, note in block.notes:
            out.write("".join(lines[at:pos]))
            at = pos
            out.flush()
            progress.clear()
            sys.stderr.write(note + "\n")
            sys.stderr.flush()
        out.write("".join(lines[at:]))
    else:
        out.write(block.out)
    out.flush()


# -- other formats over several processes: each entry's output is captured and replayed


class _Capture(io.TextIOBase):
    """Collects what is written, noting which stream it was for."""

    def __init__(self, events: list[tuple[bool, str]], to_stderr: bool) -> None:
        super().__init__()
        self._events = events
        self._to_stderr = to_stderr

    def write(self, text: str) -> int:
        self._events.append((self._to_stderr, text))
        return len(text)


_technique_cache: dict[str | None, list[Technique]] = {}


def _entry_job(job: tuple[Entry, argparse.Namespace, bool]) -> tuple[list[tuple[bool, str]], int]:
    """Solve one entry as ``yass solve`` does; (what it printed, its exit code)."""
    entry, args, multi = job
    events: list[tuple[bool, str]] = []
    with contextlib.redirect_stdout(_Capture(events, False)), contextlib.redirect_stderr(
        _Capture(events, True)
    ):
        if entry.error is not None:
            return events, _bad_entry(entry, args, multi)
        spec = args.techniques
        if args.format != "line" and spec not in _technique_cache:
            _technique_cache[spec] = _techniques(spec)
        techniques = _technique_cache.get(spec, [])
        try:
            code = _solve_entry(entry, args, multi, techniques)
        except _Failure as exc:
            code = exc.code
        except PuzzleError as exc:
            _err("error", f"{entry.where}: {exc}" if entry.where else str(exc))
            code = EXIT_BAD_INPUT
    return events, code


def _replay(events: list[tuple[bool, str]], progress: _Progress | None) -> None:
    for to_stderr, text in events:
        if to_stderr:
            sys.stdout.flush()
            if progress is not None:
                progress.clear()
            sys.stderr.write(text)
            sys.stderr.flush()
        else:
            if progress is not None:
                progress.before_output()
            sys.stdout.write(text)
    sys.stdout.flush()


def _cmd_rules(args: argparse.Namespace) -> int:
    from yass.constraints import REGISTRY, RULE_NAMES

    lines = ["Rules for --rules (comma-separated; case, dashes and underscores do not matter):"]
    width = max(len(name) for name in RULE_NAMES)
    lines += [f"  {name.ljust(width)}  {help_}" for name, (help_, _) in RULE_NAMES.items()]
    lines.append("")
    lines.append('Constraint types of the JSON format (the "type" of each constraint):')
    types = sorted(REGISTRY)
    for i in range(0, len(types), 4):
        lines.append("  " + "  ".join(t.ljust(24) for t in types[i : i + 4]).rstrip())
    _out("\n".join(lines))
    return EXIT_OK


# -- argument parsing ------------------------------------------------------------------------


class _VersionAction(argparse.Action):
    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, help="show the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> NoReturn:
        from importlib.metadata import PackageNotFoundError, version

        try:
            text = version("yass-sudoku")
        except PackageNotFoundError:  # pragma: no cover - running from a source tree
            text = "unknown"
        _out(f"yass {text}")
        parser.exit()


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    fmt = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(
        prog="yass",
        description="yass, yet another sudoku solver: solves sudoku and its variants the way"
        " a person does, counting the guesses it needs.",
        epilog=EXIT_CODES,
        formatter_class=fmt,
    )
    parser.add_argument("--version", action=_VersionAction)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    common.add_argument(
        "--rules",
        default="",
        metavar="NAMES",
        help="extra rules for every puzzle, comma-separated (e.g. antiknight,antiking,"
        "nonconsecutive); `yass rules` lists them",
    )

    p = sub.add_parser(
        "solve",
        parents=[common],
        help="solve puzzles",
        formatter_class=fmt,
        epilog=EXIT_CODES,
        description="Solve each puzzle by logic, guessing where logic runs out (seed 002's"
        " loop), and print the solution. A puzzle with several solutions is still solved;"
        " a note on standard error says it is not unique.",
    )
    p.add_argument(
        "--format",
        choices=("pretty", "line", "json"),
        default="pretty",
        help="pretty: the boxed grid and 'N guesses required!' (default); line: the"
        " solution as one line, by the compiled exhaustive search, one line per puzzle"
        " ('no solution' or 'error: ...' in place; blank and '#' lines give none), made"
        " for files of millions of puzzles; json: one JSON object per puzzle (JSON Lines)"
        " with puzzle, solution, guesses, unique, steps",
    )
    p.add_argument("--steps", action="store_true", help="print each step's explanation first")
    p.add_argument(
        "--techniques",
        metavar="CODES",
        help="the logical techniques to use, comma-separated codes or names (default: all;"
        " 'none' for guessing only)",
    )
    p.add_argument(
        "--first",
        action="store_true",
        help="do not check that the solution is unique (faster; json 'unique' is null)",
    )
    p.add_argument(
        "-j",
        "--jobs",
        type=_positive,
        metavar="N",
        help="solve a file's puzzles in N processes (default: one per core; 1: in this"
        " process). Output stays in input order. Workers start only once a run is big"
        " enough to gain from them",
    )
    p.add_argument(
        "--stats",
        action="store_true",
        help="at the end print on standard error: puzzles, solved, no solution, errors,"
        " seconds, puzzles/second",
    )
    p.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress line on standard error: puzzles done, rate, and for a file"
        " a bar and the time left (default: only when standard error is a terminal)",
    )

    p = sub.add_parser(
        "count",
        parents=[common],
        help="count solutions",
        formatter_class=fmt,
        epilog=EXIT_CODES,
        description="Print the number of solutions of each puzzle, stopping at --limit.",
    )
    p.add_argument(
        "--limit", type=_positive, default=1000, metavar="N", help="stop at N solutions"
        " (default 1000)"
    )

    sub.add_parser(
        "check",
        parents=[common],
        help="check that a puzzle has exactly one solution",
        formatter_class=fmt,
        epilog=EXIT_CODES,
        description="Say whether each puzzle is valid with exactly one solution, has no"
        " solution, or has several. Exit code 0 only when every puzzle is unique.",
    )

    p = sub.add_parser(
        "show",
        parents=[common],
        help="show a puzzle (grid, candidates, or one level per digit)",
        formatter_class=fmt,
        epilog=EXIT_CODES,
        description="Show the puzzle after its givens are placed and their direct"
        " eliminations made. grid: the boxed picture; candidates: each cell's digit or"
        " remaining candidates; levels: one grid per digit (the digit where placed, '.'"
        " where still possible, blank where excluded).",
    )
    p.add_argument(
        "--view", choices=("grid", "candidates", "levels"), default="grid", help="the view"
    )

    sub.add_parser(
        "rules",
        help="list the rule names --rules takes and the JSON constraint types",
        formatter_class=fmt,
        epilog=EXIT_CODES,
    )
    return parser


_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "solve": _cmd_solve,
    "count": lambda a: _run_puzzles(a, _count_entry),
    "check": lambda a: _run_puzzles(a, _check_entry),
    "show": lambda a: _run_puzzles(a, _show_entry),
    "rules": _cmd_rules,
}


def _silence_stdout() -> None:
    """After a closed pipe, send what is left to /dev/null so exit does not complain."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _utf8_streams() -> None:
    """Use UTF-8 where the locale's encoding cannot hold the grid's box characters."""
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if encoding not in ("utf8", "utf16", "utf32") and hasattr(stream, "reconfigure"):
            with contextlib.suppress(Exception):
                stream.reconfigure(encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """Run the command with ``argv`` (default: the process's arguments); the exit code."""
    _utf8_streams()
    try:
        try:
            args = build_parser().parse_args(argv)
        except SystemExit as exc:  # --help, --version, usage errors
            return exc.code if isinstance(exc.code, int) else EXIT_BAD_INPUT
        try:
            return _COMMANDS[args.command](args)
        except _Failure as exc:
            return exc.code
        except PuzzleError as exc:
            _err("error", str(exc))
            return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        with contextlib.suppress(OSError, ValueError):
            _err("interrupted", "stopped by Ctrl-C")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except RecursionError as exc:
        _err("internal error", f"{exc}; please report it")
        return EXIT_INTERNAL
