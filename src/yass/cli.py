"""The ``yass`` command: solve, count, check and show puzzles, list the rules.

This is the only module that prints or parses argv. ``main(argv)`` returns the exit
code; the console script and ``python -m yass`` pass it to the shell. The work is done
elsewhere: solving in ``yass.fast`` and ``yass.solver``, batches of puzzles (worker
processes, results in input order, a file read a block of lines at a time) in
``yass.batch``, and the counts and progress line of a long run in ``yass.progress``;
this module chooses what to run from the arguments and writes what comes back.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from yass import batch
from yass.batch import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_NO_SOLUTION,
    EXIT_OK,
    NOT_UNIQUE,
    WorkerError,
    as_line,
    verify,
)
from yass.geometry import Grid, PuzzleError
from yass.progress import Progress, Stats

if TYPE_CHECKING:
    from yass.board import Puzzle
    from yass.formats.text import Entry
    from yass.techniques.base import Technique

__all__ = ["main"]

# EXIT_OK, EXIT_NO_SOLUTION, EXIT_BAD_INPUT and EXIT_INTERNAL come from yass.batch,
# which gives each puzzle of a batch its outcome as one of them.
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


# -- reading PUZZLE -----------------------------------------------------------------------

_PUZZLE_CHARS = set("0123456789.ABCDEFGabcdefg")
_DIGITS_AND_BLANKS = frozenset("0123456789.ABCDEFG")
_PATH_SUFFIXES = (".txt", ".json", ".sdk", ".sdm", ".csv", ".dat", ".text")


def _looks_like_puzzle(arg: str) -> bool:
    """Whether a one-line argument is meant as a puzzle rather than a file name."""
    from yass.formats.text import BORDER_CHARS

    if any(sep in arg for sep in "/\\") or arg.lower().endswith(_PATH_SUFFIXES):
        return False
    chars = [ch for ch in arg if not ch.isspace() and ch not in BORDER_CHARS]
    good = sum(ch in _PUZZLE_CHARS for ch in chars)
    return len(chars) >= 4 and good >= 0.75 * len(chars)


def _only_puzzle_chars(arg: str) -> bool:
    """Whether an argument has cells and nothing but digits, '.', spaces and borders.

    Only upper-case A-G count as digits here: a short lower-case word is more likely
    a file name with a typo than a puzzle.
    """
    from yass.formats.text import BORDER_CHARS

    cells = [ch for ch in arg if not ch.isspace() and ch not in BORDER_CHARS]
    return bool(cells) and all(ch in _DIGITS_AND_BLANKS for ch in cells)


def _is_source(arg: str) -> bool:
    """Whether PUZZLE names a file or standard input (not a puzzle given as text).

    An existing path is always a file. Otherwise an argument that looks like a puzzle,
    or holds only puzzle characters (``44``), is a puzzle, so the message says what is
    wrong with it rather than "no such file".
    """
    text = arg.strip()
    if arg == "-" or (text and "\n" not in text and os.path.exists(arg)):
        return True
    if not text or "\n" in text:
        return False
    return not (_looks_like_puzzle(text) or _only_puzzle_chars(text))


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


def _checked(puzzle: Puzzle, values: Sequence[int] | None, entry: Entry) -> None:
    if values is None:
        return
    why = verify(puzzle, values)
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
    _err("warning", f"{where}{NOT_UNIQUE}")


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
        _out(as_line(solution) if solution is not None else "no solution")
        return EXIT_OK if solution is not None else EXIT_NO_SOLUTION

    from yass.solver import guess_stats, solve

    result = solve(
        puzzle, techniques, unique=args.unique, guess_order=args.guess_order, seed=args.seed
    )
    solution = result.solution
    stats_text = ""
    if args.guess_stats and solution is not None:
        gs = guess_stats(
            puzzle, args.guess_stats, techniques, seed=args.seed or 0, unique=args.unique
        )
        stats_text = (
            f"guesses over {gs.runs} random orders: mean {gs.mean:.2f}, median {gs.median:g},"
            f" min {gs.min}, max {gs.max}"
        )
    _checked(puzzle, solution, entry)
    size = puzzle.size
    if fmt == "json":
        obj: dict[str, Any] = _entry_fields(entry)
        if puzzle.name:
            obj["name"] = puzzle.name
        obj.update(
            size=size,
            puzzle=puzzle.line(),
            solution=as_line(solution) if solution is not None else None,
            guesses=result.guesses,
            unique=None if args.first else _unique(puzzle, solution, entry),
            steps=len(result.steps),
        )
        if stats_text:
            gs_counts = sorted(gs.counts)
            obj["guess_stats"] = {
                "runs": gs.runs, "mean": round(gs.mean, 3), "median": gs.median,
                "min": gs.min, "max": gs.max, "counts": gs_counts,
            }
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
            if stats_text:
                lines.append(stats_text)
        if multi:
            lines.append("")
        _out("\n".join(lines))  # the answer first: the uniqueness search may take longer
        if not args.first:
            _unique(puzzle, solution, entry)
    return EXIT_OK if solution is not None else EXIT_NO_SOLUTION


def _unique(puzzle: Puzzle, solution: Sequence[int] | None, entry: Entry) -> bool | None:
    """Whether the puzzle has exactly one solution (False when it has none); warns when not.

    The exhaustive search must agree with the logic solver about whether there is a
    solution at all; if not, that is an internal error.
    """
    count = _count(puzzle, 2)
    if (count == 0) != (solution is None):
        found_by = "the logic solver" if solution is not None else "the exhaustive search"
        _err("internal error", f"only {found_by} found a solution; please report it")
        raise _Failure(EXIT_INTERNAL)
    if solution is None:
        return False
    if count > 1:
        _not_unique(entry)
    return count == 1


def _step_text(step: Any, size: int) -> str:
    from yass.explain import technique_info

    name = step.name or technique_info(step.technique).name
    text: str = step.explanation or step.changes(size)
    return f"{name}: {text}"


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
    stats: Stats | None = None,
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
    progress = _progress(args, stats.start) if stats is not None and multi else None
    jobs = _jobs(args) if stats is not None and multi else 1
    worst = EXIT_OK
    count = 0
    try:
        if jobs > 1:
            results = batch.in_order(
                _entry_job,
                ((entry, args, multi) for entry in entries),
                jobs,
                batch.pool_wanted(time.perf_counter()),
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
    except WorkerError as exc:
        raise _worker_failed(exc) from None
    finally:
        _finish(args, stats, progress)
    if count == 0:
        _err("error", f"{args.puzzle!r} holds no puzzle")
        return EXIT_BAD_INPUT
    return worst


def _cmd_solve(args: argparse.Namespace) -> int:
    stats = Stats()
    if args.format == "line" and (args.steps or args.techniques is not None):
        _err("error", "--steps and --techniques need --format pretty or json (line uses search)")
        return EXIT_BAD_INPUT
    techniques = _techniques(args.techniques) if args.format != "line" else []

    def handle(entry: Entry, a: argparse.Namespace, multi: bool) -> int:
        return _solve_entry(entry, a, multi, techniques)

    if args.format == "line" and _is_source(args.puzzle):
        return _solve_lines(args, stats, handle)
    return _run_puzzles(args, handle, stats=stats)


# -- solving a file: blocks of lines, or entries over several processes -------------------


def _jobs(args: argparse.Namespace) -> int:
    jobs: int | None = getattr(args, "jobs", None)
    return jobs if jobs is not None else os.cpu_count() or 1


def _progress(args: argparse.Namespace, start: float, total: int | None = None) -> Progress:
    """The progress line on standard error, as ``--progress`` / ``--no-progress`` ask."""
    wanted: bool | None = getattr(args, "progress", None)
    return Progress(sys.stderr, start, total=total, wanted=wanted, output=sys.stdout)


def _worker_failed(exc: WorkerError) -> _Failure:
    _err("internal error", f"{exc}; please report it")
    return _Failure(EXIT_INTERNAL)


def _finish(args: argparse.Namespace, stats: Stats | None, progress: Progress | None) -> None:
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


def _solve_lines(
    args: argparse.Namespace,
    stats: Stats,
    handle: Callable[[Entry, argparse.Namespace, bool], int],
) -> int:
    """``solve FILE --format line``: the batch path, or the reader's for JSON and pictures."""
    from yass.constraints import rules_from_names
    from yass.formats import read_puzzles

    if args.rules:
        rules_from_names(args.rules, Grid(9, 3, 3))  # unknown names fail once, up front
    with batch.open_input(args.puzzle) as source:
        if not source.lines:
            found = read_puzzles(source.text(), rules=args.rules), True
            return _run_puzzles(args, handle, found, stats)
        return _batch(args, stats, source)


def _batch(args: argparse.Namespace, stats: Stats, source: batch.Input) -> int:
    """Solve the lines of ``source`` block by block; write each block's output in order."""
    progress = _progress(args, stats.start, source.size)
    worst = EXIT_OK
    done = 0
    results = batch.solve_blocks(
        source,
        rules=args.rules,
        limit=1 if args.first else 2,
        processes=_jobs(args),
        start=stats.start,
    )
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
    except WorkerError as exc:
        raise _worker_failed(exc) from None
    finally:
        _finish(args, stats, progress)
    if stats.puzzles == 0:
        _err("error", f"{args.puzzle!r} holds no puzzle")
        return EXIT_BAD_INPUT
    return worst


def _write_block(block: batch.Block, progress: Progress) -> None:
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


def _replay(events: list[tuple[bool, str]], progress: Progress | None) -> None:
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


def _explain_entry(
    entry: Entry, args: argparse.Namespace, multi: bool, techniques: list[Technique]
) -> int:
    from yass.explain import explain, technique_info

    puzzle = entry.puzzle
    assert puzzle is not None
    result = explain(puzzle, techniques, unique=args.unique)
    _checked(puzzle, result.solution, entry)
    if args.format == "json":
        _out(_json_dumps({**_entry_fields(entry), **result.to_json()}))
        return EXIT_OK if result.solution is not None else EXIT_NO_SOLUTION
    size = puzzle.size
    lines = [_header(entry)] if multi else []
    width = len(str(len(result.steps)))
    for i, step in enumerate(result.steps, 1):
        lines.append(f"{i:>{width}}. {step.notation or step.changes(size)}")
        if args.verbose and step.explanation:
            lines.append(f"{'':>{width}}  {step.explanation}")
    if result.steps:
        lines.append("")
    counts = ", ".join(
        f"{technique_info(code).name} x{n}" for code, n in result.counts().items()
    )
    lines.append(f"techniques: {counts or 'none'}")
    hardest = result.hardest
    if hardest is not None:
        lines.append(
            f"hardest: {hardest.name} ({hardest.level_name}); score {result.score},"
            f" difficulty {result.max_difficulty:.1f}"
        )
    lines.append(f"guesses: {result.guesses}")
    solution = result.solution
    lines.append(f"solution: {as_line(solution) if solution is not None else 'none'}")
    if multi:
        lines.append("")
    _out("\n".join(lines))
    return EXIT_OK if solution is not None else EXIT_NO_SOLUTION


def _cmd_explain(args: argparse.Namespace) -> int:
    techniques = _techniques(args.techniques)

    def handle(entry: Entry, a: argparse.Namespace, multi: bool) -> int:
        return _explain_entry(entry, a, multi, techniques)

    return _run_puzzles(args, handle)


def _progress_board(arg: str, rules: str) -> tuple[Any, str] | None:
    """A grid in progress given as pencil marks (text, a file or stdin), or None.

    Returns (board, where) when PUZZLE holds candidates rather than givens.
    """
    from yass.formats.candidates import (
        board_from_candidates,
        looks_like_candidates,
        parse_candidates,
    )
    from yass.formats.text import make_layout

    if arg == "-":
        return None  # standard input is read once, by the entry reader
    text = arg
    if _is_source(arg):
        try:
            with open(arg, encoding="utf-8") as stream:
                text = stream.read(1 << 20)
        except (OSError, UnicodeDecodeError):
            return None
    if not looks_like_candidates(text):
        return None
    size, masks = parse_candidates(text)
    return board_from_candidates(make_layout(size, rules), masks), arg


def _cmd_hint(args: argparse.Namespace) -> int:
    from yass.explain import ProgressError, check_progress, hint, snyder_marks

    techniques = _techniques(args.techniques)
    found = _progress_board(args.puzzle, args.rules)
    if found is not None:
        board = found[0]
        solution = None
    else:
        entries, _ = _entries(args.puzzle, args.rules)
        entry = next(entries, None)
        if entry is None:
            _err("error", f"{args.puzzle!r} holds no puzzle")
            return EXIT_BAD_INPUT
        if entry.error is not None:
            _err("error", entry.message)
            return EXIT_BAD_INPUT
        assert entry.puzzle is not None
        board = entry.puzzle.board()
        _, solution = _search_first(entry.puzzle, 1)
        if solution is None:
            _err("error", "the puzzle has no solution, so there is no hint to give")
            return EXIT_NO_SOLUTION
    try:
        check_progress(board, solution)
    except ProgressError as exc:
        _err("error", str(exc))
        return EXIT_NO_SOLUTION
    lay = board.layout
    if args.marks:
        marks = snyder_marks(board, args.marks)
        if args.format == "json":
            _out(_json_dumps({"marks": [
                {"house": m.text(lay).split(":")[0], "digit": m.digit,
                 "cells": [lay.name(c) for c in m.cells]}
                for m in marks
            ]}))
        else:
            _out("\n".join(m.text(lay) for m in marks) or "no digit has so few places")
        return EXIT_OK
    result = hint(board, techniques, unique=args.unique)
    if args.format == "json":
        _out(_json_dumps(result.to_json(args.level)))
    else:
        _out(result.text(args.level))
    return EXIT_OK


def _cmd_techniques(args: argparse.Namespace) -> int:
    from yass.table import TABLE
    from yass.techniques import ALL_TECHNIQUES

    known = {t.code for t in ALL_TECHNIQUES}
    rows = [r for r in TABLE.values() if r.code in known]
    if args.format == "json":
        _out(_json_dumps([
            {"code": r.code, "name": r.name, "order": r.order, "level": r.level_name,
             "difficulty": r.difficulty, "score": r.score, "default": r.default,
             "needs_unique": r.unique, "aliases": list(r.aliases)}
            for r in rows
        ]))
        return EXIT_OK
    wc = max(len(r.code) for r in rows)
    wn = max(len(r.name) for r in rows)
    lines = [f"{'code'.ljust(wc)}  {'name'.ljust(wn)}  level    difficulty  score  default"]
    for r in rows:
        flags = ("on" if r.default else "off") + (" (needs a unique puzzle)" if r.unique else "")
        lines.append(
            f"{r.code.ljust(wc)}  {r.name.ljust(wn)}  {r.level_name.ljust(7)}  "
            f"{r.difficulty:>10.1f}  {r.score:>5}  {flags}"
        )
    lines.append("")
    lines.append("The ladder tries them in this order; --techniques takes codes or names.")
    _out("\n".join(lines))
    return EXIT_OK


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


class _JoinRules(argparse.Action):
    """``--rules`` given several times adds up: ``--rules a --rules b`` means ``a,b``."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        before = getattr(namespace, self.dest, "") or ""
        setattr(namespace, self.dest, f"{before},{values}" if before else str(values))


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


class _Parser(argparse.ArgumentParser):
    """argparse with usage errors as one line, like every other error of yass."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("yass").strip()
        where = f"{command}: " if command else ""
        help_hint = f"yass {command} --help" if command else "yass --help"
        self.exit(EXIT_BAD_INPUT, f"yass: error: {where}{message} (see '{help_hint}')\n")


def build_parser() -> argparse.ArgumentParser:
    fmt = argparse.RawDescriptionHelpFormatter
    parser = _Parser(
        prog="yass",
        description="yass, yet another sudoku solver: solves sudoku and its variants the way"
        " a person does, counting the guesses it needs.",
        epilog=EXIT_CODES,
        formatter_class=fmt,
    )
    parser.add_argument("--version", action=_VersionAction)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    common = _Parser(add_help=False)
    common.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    common.add_argument(
        "--rules",
        default="",
        action=_JoinRules,
        metavar="NAMES",
        help="extra rules for every puzzle, comma-separated (e.g. antiknight,antiking,"
        "nonconsecutive; may be given more than once); `yass rules` lists them",
    )

    def command(
        name: str, *, help: str, description: str | None = None, puzzles: bool = True
    ) -> argparse.ArgumentParser:
        """A subcommand; ``puzzles``: it takes PUZZLE and --rules."""
        return sub.add_parser(
            name,
            parents=[common] if puzzles else [],
            help=help,
            formatter_class=fmt,
            epilog=EXIT_CODES,
            description=description,
        )

    p = command(
        "solve",
        help="solve puzzles",
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
        help=TECHNIQUES_HELP,
    )
    p.add_argument(
        "--first",
        action="store_true",
        help="do not check that the solution is unique (faster; json 'unique' is null)",
    )
    _unique_option(p)
    p.add_argument(
        "--guess-order",
        choices=("fixed", "random"),
        default="fixed",
        help="fixed (default): guess in the cell with fewest candidates, lowest first, digits"
        " ascending; random: seed 002's random legal number (reproducible with --seed)",
    )
    p.add_argument("--seed", type=int, default=None, metavar="S", help="seed for random orders")
    p.add_argument(
        "--guess-stats",
        type=_positive,
        metavar="N",
        help="also solve with N random guess orders and report the guesses required"
        " (mean, median, min, max)",
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

    p = command(
        "count",
        help="count solutions",
        description="Print the number of solutions of each puzzle, stopping at --limit.",
    )
    p.add_argument(
        "--limit", type=_positive, default=1000, metavar="N", help="stop at N solutions"
        " (default 1000)"
    )

    command(
        "check",
        help="check that a puzzle has exactly one solution",
        description="Say whether each puzzle is valid with exactly one solution, has no"
        " solution, or has several. Exit code 0 only when every puzzle is unique.",
    )

    p = command(
        "show",
        help="show a puzzle (grid, candidates, or one level per digit)",
        description="Show the puzzle after its givens are placed and their direct"
        " eliminations made. grid: the boxed picture; candidates: each cell's digit or"
        " remaining candidates; levels: one grid per digit (the digit where placed, '.'"
        " where still possible, blank where excluded).",
    )
    p.add_argument(
        "--view", choices=("grid", "candidates", "levels"), default="grid", help="the view"
    )

    p = command(
        "explain",
        help="explain the solve path step by step",
        description="Solve each puzzle the way a person does and print every step, one a line"
        " in forum notation (HoDoKu style), then the techniques used with counts, the hardest"
        " one with its level, the guesses and the solution.",
    )
    p.add_argument("--format", choices=("text", "json"), default="text", help="text (default)"
                   " or json: one object per puzzle with puzzle, steps, guesses, solution")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="also print each step's plain-English sentence")
    p.add_argument("--techniques", metavar="CODES", help=TECHNIQUES_HELP)
    _unique_option(p)

    p = command(
        "hint",
        help="the next step on a puzzle or a grid in progress",
        description="Give the next step a person would take. PUZZLE may be a grid in"
        " progress with pencil marks: a 729-character candidate line, or a candidate picture"
        " like `yass show --view candidates` prints (a cell written with one digit counts as"
        " filled in). Pencil marks that exclude the solution are refused.",
    )
    p.add_argument("--level", type=int, choices=(1, 2, 3), default=1,
                   help="1: name the technique (default); 2: also its digits and houses;"
                   " 3: the whole step")
    p.add_argument("--marks", type=int, nargs="?", const=2, choices=(2, 3), metavar="2|3",
                   help="instead of a hint, seed 003's 'what else should I mark': for each box,"
                   " the digits with exactly two places left (--marks 3: two or three)")
    p.add_argument("--format", choices=("text", "json"), default="text", help="text or json")
    p.add_argument("--techniques", metavar="CODES", help=TECHNIQUES_HELP)
    _unique_option(p)

    p = command(
        "techniques",
        help="list the logical techniques (code, name, level, difficulty)",
        puzzles=False,
        description="The technique table: the ladder order, each technique's code (for"
        " --techniques), name, level (Easy..Extreme), SE-style difficulty, HoDoKu-style"
        " score, and whether it is on by default.",
    )
    p.add_argument("--format", choices=("text", "json"), default="text", help="text or json")

    command(
        "rules",
        help="list the rule names --rules takes and the JSON constraint types",
        puzzles=False,
    )
    return parser


TECHNIQUES_HELP = (
    "the techniques to use: comma-separated codes or names (default: the whole ladder;"
    " 'none' for guessing only; '-sp,-fn' for all but those); `yass techniques` lists them"
)


def _unique_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--unique",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="--unique declares the puzzle has one solution, so uniqueness techniques"
        " (unique rectangles, BUG+1) may be used; --no-unique leaves them out; by default"
        " they are used only after a search finds exactly one solution",
    )


_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "solve": _cmd_solve,
    "count": lambda a: _run_puzzles(a, _count_entry),
    "check": lambda a: _run_puzzles(a, _check_entry),
    "show": lambda a: _run_puzzles(a, _show_entry),
    "rules": _cmd_rules,
    "explain": _cmd_explain,
    "hint": _cmd_hint,
    "techniques": _cmd_techniques,
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
