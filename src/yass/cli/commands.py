"""The ``yass`` command: solve, count, check and show puzzles, list the rules.

This is the only module that prints or parses argv. ``main(argv)`` returns the exit
code; the console script and ``python -m yass`` pass it to the shell. The work is done
elsewhere: the use cases (solve and its one uniqueness count, count, check, hint, the
setter's tools) in ``yass.services``, explaining in ``yass.logic.explain``, batches of
puzzles (worker processes, results in input order, a file read a block of lines at a
time) in ``yass.engine.batch``, and the counts and progress line of a long run in
``yass.cli.progress``; this module chooses what to run from the arguments and writes what
comes back.
"""

from __future__ import annotations

import gc
import itertools
import os
import sys
import time

from yass.cli.common import (
    EXIT_BROKEN_PIPE,
    EXIT_INTERRUPTED,
    EXIT_WRITE_FAILED,
    Failure,
    entry_fields,
    is_source,
    job_count,
    json_line,
    print_error,
    print_line,
    puzzle_entries,
    use_color,
    write_failure,
)
from yass.cli.progress import Progress, Stats
from yass.core.bounds import BoundReached, Bounds
from yass.core.geometry import Grid, PuzzleError, digit_char, mask_digits, plural
from yass.core.outcomes import (
    EXIT_BAD_INPUT,
    EXIT_BOUND,
    EXIT_INTERNAL,
    EXIT_NO_SOLUTION,
    EXIT_OK,
    NOT_UNIQUE,
    ClusterError,
    WorkerError,
    as_line,
    unknown_uniqueness,
    verify,
)

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Iterator, Sequence
    from typing import Any

    from yass.cli.printing import Printed
    from yass.core.board import Puzzle
    from yass.engine import batch
    from yass.formats.text import Entry
    from yass.logic.techniques.base import Technique

__all__ = ["main"]


# -- reading PUZZLE -----------------------------------------------------------------------


def _lookahead(
    entries: Iterator[Entry], more: Callable[[], bool] | None = None
) -> tuple[Iterator[Entry], bool]:
    """The same entries, and whether there are more than one.

    ``more()`` says whether the input has more to read at once; when it has not (lines
    typed or piped slowly) the first entry is not held back to find out: there may be
    more, so the answer is yes.
    """
    first = next(entries, None)
    if first is None:
        return iter(()), False
    if more is not None and not more():
        return itertools.chain([first], entries), True
    second = next(entries, None)
    if second is None:
        return iter([first]), False

    def chain() -> Iterator[Entry]:
        yield first
        yield second
        yield from entries

    return chain(), True


def _header(entry: Entry) -> str:
    from yass.formats.text import printable

    name = printable(entry.puzzle.name) if entry.puzzle is not None else ""
    where = entry.where or f"puzzle {entry.index}"
    return f"--- {where}{': ' + name if name and name not in where else ''} ---"


# -- bounds: --timeout and --max-guesses ------------------------------------------------------


def _puzzle_bounds(args: argparse.Namespace) -> Bounds | None:
    """Fresh bounds for one puzzle (its time limit starts now), or None when none is set."""
    timeout: float | None = getattr(args, "timeout", None)
    max_guesses: int | None = getattr(args, "max_guesses", None)
    if timeout is None and max_guesses is None:
        return None
    return Bounds(timeout, max_guesses)


def _bounded(handle: Callable[..., int]) -> Callable[..., int]:
    """A puzzle handler that answers a puzzle whose search stopped at a bound with one
    line in its place (``timeout after 5 s``) and EXIT_BOUND; the next puzzle goes on."""

    def run(entry: Entry, args: argparse.Namespace, multi: bool, *rest: Any) -> int:
        try:
            return handle(entry, args, multi, *rest)
        except BoundReached as exc:
            _stopped_line(entry, args, multi, exc)
            return EXIT_BOUND

    run.__name__ = handle.__name__
    run.__doc__ = handle.__doc__
    return run


def _stopped_line(entry: Entry, args: argparse.Namespace, multi: bool, exc: BoundReached) -> None:
    """Print what stands in place of the answer of a puzzle whose search stopped."""
    text = str(exc)
    if args.command == "count" and exc.solutions:
        text += f" ({_solutions(exc.solutions)} found by then)"
    elif args.command == "check" and exc.solutions:
        text += " (a solution found by then; whether it is the only one is not known)"
    if getattr(args, "format", "") == "json":
        obj: dict[str, Any] = entry_fields(entry)
        puzzle = entry.puzzle
        if puzzle is not None:
            if puzzle.name:
                obj["name"] = puzzle.name
            obj.update(size=puzzle.size, puzzle=puzzle.line(), solution=None)
        obj["stopped"] = text
        print_line(json_line(obj))
    elif args.command in ("count", "check"):
        print_line(f"{entry.where or _header(entry)}: {text}" if multi else text)
    elif multi and getattr(args, "format", "") != "line":
        print_line(f"{_header(entry)}\n{text}\n")
    else:
        print_line(text)


def _techniques(spec: str | None, settings: str | None = None) -> Sequence[Technique]:
    """The techniques ``--techniques`` names (from the ladder of ``--settings`` when it is
    given, a ``Ladder``); an empty list of names is an error."""
    from yass.logic.techniques import get_techniques

    if spec is not None and not spec.replace(",", "").strip():
        raise PuzzleError(
            "--techniques needs at least one code or name ('none' to only guess);"
            " `yass techniques` lists them"
        )
    if settings is not None:
        from pathlib import Path

        from yass.logic.ladder import load_settings

        ladder = load_settings(Path(settings))
        return ladder.select(spec)
    return get_techniques(spec)


def _checked(puzzle: Puzzle, values: Sequence[int] | None, entry: Entry) -> None:
    if values is None:
        return
    why = verify(puzzle, values)
    if why is not None:
        where = f" ({entry.where})" if entry.where else ""
        print_error(
            "internal error", f"a solution failed verification{where}: {why}; please report it"
        )
        raise Failure(EXIT_INTERNAL)


# -- commands -------------------------------------------------------------------------------


def _bad_entry(entry: Entry, args: argparse.Namespace, multi: bool) -> int:
    print_error("error", entry.message)
    if multi and args.command == "solve":
        if args.format == "line":
            print_line(f"error: {entry.message}")
        elif args.format == "json":
            print_line(json_line({**entry_fields(entry), "error": str(entry.error)}))
    return EXIT_BAD_INPUT


def _not_unique(entry: Entry) -> None:
    where = f"{entry.where}: " if entry.where else ""
    print_error("warning", f"{where}{NOT_UNIQUE}")


@_bounded
def _solve_entry(
    entry: Entry, args: argparse.Namespace, multi: bool, techniques: Sequence[Technique]
) -> int:
    from yass.services import solving

    puzzle = entry.puzzle
    assert puzzle is not None
    fmt = args.format
    bounds = _puzzle_bounds(args)
    if fmt in ("line", "fpuzzles"):
        found = solving.first_solution(puzzle, 1 if args.first else 2, bounds)
        solution, stopped = found.solution, found.stopped
        _checked(puzzle, solution, entry)
        if solution is not None and found.count > 1:
            _not_unique(entry)
        if stopped is not None:
            _warn_unknown(entry, stopped)
        if solution is not None and fmt == "fpuzzles":
            from yass.cli.convert import solution_text

            print_line(solution_text(puzzle, solution))
        else:
            print_line(as_line(solution) if solution is not None else "no solution")
        if stopped is not None:
            return EXIT_BOUND
        return EXIT_OK if solution is not None else EXIT_NO_SOLUTION

    solved = solving.solve(
        puzzle,
        techniques,
        unique=args.unique,
        guess_order=args.guess_order,
        seed=args.seed,
        bounds=bounds,
        guess_runs=args.guess_stats or 0,
    )
    result = solved.result
    solution = result.solution
    gs = solved.guess_stats
    stats_text = ""
    if gs is not None:
        stats_text = (
            f"guesses over {gs.runs} random orders: mean {gs.mean:.2f}, median {gs.median:g},"
            f" min {gs.min}, max {gs.max}"
        )
    _checked(puzzle, solution, entry)
    unique = None
    if fmt == "json":
        if not args.first:
            unique = _unique(solved, entry, bounds)
        print_line(json_line({**entry_fields(entry), **solved.to_json(unique, steps=args.steps)}))
    else:
        from yass import render

        size = puzzle.size
        lines = [_header(entry)] if multi else []
        if args.steps:
            lines += [
                f"{i:3}. {solving.step_text(s, size)}" for i, s in enumerate(result.steps, 1)
            ]
            lines.append("")
        if solution is None:
            lines.append("no solution")
        else:
            grid = render.grid(solution, puzzle.layout)
            guesses = "1 guess" if result.guesses == 1 else f"{result.guesses} guesses"
            lines += [grid, "", f"{guesses} required!"]
            if stats_text:
                lines.append(stats_text)
        if multi:
            lines.append("")
        print_line("\n".join(lines))  # the answer first: the uniqueness search may take longer
        if not args.first:
            unique = _unique(solved, entry, bounds)
    if unique is not None and unique.stopped is not None and solution is not None:
        return EXIT_BOUND
    return EXIT_OK if solution is not None else EXIT_NO_SOLUTION


def _warn_unknown(entry: Entry, exc: BoundReached) -> None:
    where = f"{entry.where}: " if entry.where else ""
    print_error("warning", f"{where}{unknown_uniqueness(exc)}")


def _unique(solved: Any, entry: Entry, bounds: Bounds | None) -> Any:
    """Whether the solved puzzle has exactly one solution (``services.solving.uniqueness``:
    counted once per solve); warns when it has several, or when the count stopped at one
    of ``bounds`` after the logic solver found a solution. The exhaustive search must
    agree with the logic solver about whether there is a solution at all; if not, that
    is an internal error."""
    from yass.services.solving import uniqueness

    found = uniqueness(solved, bounds)
    solution = solved.result.solution
    if found.stopped is not None:
        if solution is not None:
            _warn_unknown(entry, found.stopped)
        return found
    if not found.agrees(solution):
        found_by = "the logic solver" if solution is not None else "the exhaustive search"
        print_error("internal error", f"only {found_by} found a solution; please report it")
        raise Failure(EXIT_INTERNAL)
    if solution is not None and found.count is not None and found.count > 1:
        _not_unique(entry)
    return found


def _solutions(n: int) -> str:
    return f"{n} solution" if n == 1 else f"{n} solutions"


@_bounded
def _count_entry(entry: Entry, args: argparse.Namespace, multi: bool) -> int:
    from yass.services.solving import count

    puzzle = entry.puzzle
    assert puzzle is not None
    counted = count(puzzle, args.limit, _puzzle_bounds(args))
    n = counted.solutions
    if counted.at_limit:
        text = f"at least {_solutions(n)} (stopped at --limit {args.limit})"
    elif counted.at_most:
        text = f"at least {_solutions(n)} (the most yass counts)"
    else:
        text = str(n)
    print_line(f"{entry.where or _header(entry)}: {text}" if multi else text)
    return EXIT_OK if n else EXIT_NO_SOLUTION


@_bounded
def _check_entry(entry: Entry, args: argparse.Namespace, multi: bool) -> int:
    from yass.services.solving import check

    puzzle = entry.puzzle
    assert puzzle is not None
    checked = check(puzzle, _puzzle_bounds(args))
    _checked(puzzle, checked.first, entry)
    if checked.first is None:
        text, code = "no solution", EXIT_NO_SOLUTION
    elif checked.count == 1:
        text, code = "valid: exactly one solution", EXIT_OK
    else:
        text, code = "not unique: more than one solution", EXIT_NO_SOLUTION
        from yass.services.setting import true_candidates

        try:
            text += _ambiguous_text(true_candidates(puzzle, _puzzle_bounds(args)))
        except BoundReached:
            pass  # the cells left open are not named
    print_line(f"{entry.where or _header(entry)}: {text}" if multi else text)
    return code


def _ambiguous_text(found: Any) -> str:
    """``; 4 cells still ambiguous: r1c1{1,2}, ...`` for a puzzle with several solutions."""
    layout = found.puzzle.layout
    cells = found.ambiguous()
    listed = ", ".join(
        layout.name(c) + "{" + ",".join(map(digit_char, mask_digits(found.masks[c]))) + "}"
        for c in cells[:_LISTED]
    )
    if len(cells) > _LISTED:
        listed += f" and {len(cells) - _LISTED} more (yass candidates shows them all)"
    return f"; {plural(len(cells), 'cell')} still ambiguous: {listed}"


#: The most ambiguous cells ``check`` names on its line.
_LISTED = 8


@_bounded
def _candidates_entry(entry: Entry, args: argparse.Namespace, multi: bool) -> int:
    from yass import render
    from yass.services import setting

    puzzle = entry.puzzle
    assert puzzle is not None
    found = setting.true_candidates(puzzle, _puzzle_bounds(args))
    if not found.solvable:
        text, code = "no solution", EXIT_NO_SOLUTION
    else:
        board = setting.true_board(found)
        cells = found.ambiguous()
        note = (
            "unique: one true candidate in every cell" if not cells
            else f"{plural(len(cells), 'cell')} with more than one true candidate"
        )
        givens = None
        if use_color():
            givens = sum(1 << c for c, v in enumerate(puzzle.givens) if v)
        text, code = f"{render.candidates(board, givens=givens)}\n{note}", EXIT_OK
        if getattr(args, "counts", False):
            text += _counts_text(setting.candidate_counts(found, args.cap, _puzzle_bounds(args)))
        if getattr(args, "ties", False):
            text += _ties_text(setting.ties(puzzle, args.cap, _puzzle_bounds(args)))
    print_line(f"{_header(entry)}\n{text}\n" if multi else text)
    return code


def _counts_text(counted: Any) -> str:
    """Lines ``r1c2: 1 (14), 5 (11)``: the solutions each true candidate of an ambiguous
    cell is in (``100+`` at the cap)."""
    cap = counted.cap
    name = counted.found.puzzle.layout.name
    lines = [f"\nsolutions per candidate (counted up to {cap}):"]
    for cell, digits in counted.rows():
        parts = [f"{digit_char(d)} ({n}{'+' if n >= cap else ''})" for d, n in digits]
        lines.append(f"  {name(cell)}: {', '.join(parts)}")
    return "\n".join(lines)


def _ties_text(tied: Any) -> str:
    """The open cells tied in every solution: equal pairs and pairs that never match."""
    found = tied.ties
    name = tied.puzzle.layout.name
    over = (f"all {plural(found.solutions, 'solution')}" if found.complete
            else f"the first {found.solutions} solutions only (more than --cap)")
    lines = [f"\nties over {over}:"]
    equal = ", ".join(f"{name(a)}={name(b)}" for a, b in found.equal)
    lines.append(f"  always equal: {equal or 'none'}")
    differ = ", ".join(f"{name(a)}/{name(b)}" for a, b in found.differ[:_LISTED * 4])
    more = len(found.differ) - _LISTED * 4
    lines.append(f"  never equal (no rule keeps them apart): {differ or 'none'}"
                 + (f" and {more} more" if more > 0 else ""))
    return "\n".join(lines)


@_bounded
def _redundant_entry(entry: Entry, args: argparse.Namespace, multi: bool) -> int:
    from yass.services.setting import redundant

    puzzle = entry.puzzle
    assert puzzle is not None
    layout = puzzle.layout
    found = redundant(puzzle, _puzzle_bounds(args))
    if found.found is None:
        text, code = f"{found.error}: nothing to take away", EXIT_NO_SOLUTION
        if args.format == "json":
            text = json_line({**entry_fields(entry), **found.to_json()})
        print_line(f"{_header(entry)}\n{text}\n" if multi and args.format != "json" else text)
        return code
    if args.format == "json":
        text = json_line({**entry_fields(entry), **found.to_json()})
    else:
        from yass.render.legend import rule_summary

        givens = found.givens()
        rules = found.found.rules
        lines = [f"redundant givens ({len(givens)} of {sum(1 for v in puzzle.givens if v)}):"
                 f" {', '.join(givens) or 'none'}"]
        if layout.constraints:
            lines.append(f"redundant rules ({len(rules)} of {len(layout.constraints)}):"
                         + ("" if rules else " none"))
            for i in rules:
                rule = layout.constraints[i]
                lines.append(f"  {i + 1}. {rule_summary(rule.to_json(layout.grid), layout.size)}")
        text = "\n".join(lines)
    print_line(f"{_header(entry)}\n{text}\n" if multi and args.format != "json" else text)
    return EXIT_OK


@_bounded
def _show_entry(entry: Entry, args: argparse.Namespace, multi: bool) -> int:
    from yass import render

    puzzle = entry.puzzle
    assert puzzle is not None
    board = puzzle.board()
    after = getattr(args, "after", 0) or 0
    if after:
        from yass.services.solving import board_after

        board = board_after(puzzle, after, _puzzle_bounds(args))
    from yass.render.views import use_color

    color = use_color(sys.stdout)
    givens = sum(1 << c for c, v in enumerate(puzzle.givens) if v) if color else None
    if args.view == "candidates":
        text = render.candidates(board, legend=True, givens=givens)
    elif args.view == "pencil":
        from yass.render import views

        text = views.pencil(board, color=color)
    elif args.view == "levels":
        columns = None
        if sys.stdout.isatty():
            import shutil

            columns = shutil.get_terminal_size().columns
        text = render.levels(board, columns, color=color)
    else:
        text = render.grid(board.values, puzzle.layout, givens, legend=True)
    print_line(f"{_header(entry)}\n{text}\n" if multi else text)
    return EXIT_OK


def _run_puzzles(
    args: argparse.Namespace,
    handle: Callable[[Entry, argparse.Namespace, bool], int],
    found: tuple[Iterator[Entry], bool] | None = None,
    stats: Stats | None = None,
    source: batch.Input | None = None,
    client: Any = None,
) -> int:
    """Run ``handle`` on every entry of PUZZLE (or of ``found``, read from ``source``);
    the worst exit code.

    With ``stats`` (the solve command) the entries of a file may be solved by several
    processes (``--jobs``), a progress line is shown and ``--stats`` is printed. With
    ``--scheduler`` (``client``, made here when not given) the entries are answered on
    that Dask cluster (``_entry_job``: as ``args.command`` answers them). Each
    puzzle is answered as soon as it is read, so typed or slowly piped input is answered
    line by line.
    """
    from yass.constraints import rules_from_names

    if args.rules:
        rules_from_names(args.rules, Grid(9, 3, 3))  # unknown names fail once, up front
    if client is None and getattr(args, "scheduler", None) is not None:
        client = _connect(args)
        try:
            return _run_puzzles(args, handle, found, stats, source, client)
        finally:
            from yass.cli.dask import closing

            closing(client)
    if found is None and is_source(args.puzzle):
        from yass.engine import batch
        from yass.formats import read_puzzles

        with batch.open_input(args.puzzle) as opened:
            found = read_puzzles(opened.text(), rules=args.rules, column=args.column), True
            return _run_puzzles(args, handle, found, stats, opened, client)
    entries, multi = found if found is not None else puzzle_entries(
        args.puzzle, args.rules, column=args.column
    )
    more = _more(source)
    entries, several = _lookahead(entries, more)
    multi = multi and several
    of = 0  # the number of puzzles, when the source says it up front (JSON)
    head = next(entries, None)  # already read by _lookahead: this never waits
    if head is not None:
        of = head.of
        entries = itertools.chain([head], entries)
    total = source.size if source is not None else None
    start = stats.start if stats is not None else time.perf_counter()
    shown = stats is not None or args.command in _WITH_PROGRESS
    progress = _progress(args, start, total) if shown and multi else None
    # -j for solve (default: one per core), explain, count and check (default 1)
    jobs = job_count(args) if hasattr(args, "jobs") and client is None else 1  # (notes a cap)
    jobs = jobs if multi else 1

    def done() -> int:
        """Bytes of the input done (for the bar): by puzzles for JSON, else as read."""
        if source is None:
            return 0
        if of and total:
            return total * count // of
        return source.position()

    worst = EXIT_OK
    count = 0
    try:
        if jobs > 1 or client is not None:
            from yass.engine import batch

            results = batch.in_order(
                _entry_job,
                ((entry, args, multi) for entry in entries),
                jobs,
                batch.pool_wanted(time.perf_counter()),
                local=lambda job: job[0].error is not None,
                more=more,
                client=client,
                chunk=_DASK_CHUNK,
            )
            import contextlib

            with contextlib.closing(results), _Whole() as whole:
                for events, code in results:
                    count += 1
                    with whole.block():
                        _replay(events, progress)
                    if code == EXIT_INTERNAL:
                        raise Failure(code)
                    worst = max(worst, code)
                    if stats is not None:
                        stats.add(code)
                    if progress is not None:
                        progress.update(count, done())
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
                if progress is not None:
                    progress.update(count, done())
    except WorkerError as exc:
        raise _worker_failed(exc) from None
    except ClusterError as exc:
        raise _cluster_failed(args, exc) from None
    finally:
        _finish(args, stats, progress)
    if count == 0:
        print_error("error", f"{args.puzzle!r} holds no puzzle")
        return EXIT_BAD_INPUT
    return worst


#: The commands besides solve whose runs over a file show a progress line (--progress).
_WITH_PROGRESS = ("count", "check", "candidates")


def _cmd_solve(args: argparse.Namespace) -> int:
    stats = Stats()
    if args.format in ("line", "fpuzzles") and (args.steps or args.techniques is not None):
        print_error(
            "error", "--steps and --techniques need --format pretty or json (line uses search)"
        )
        return EXIT_BAD_INPUT
    if args.format in ("line", "fpuzzles") and args.settings is not None:
        print_error("error", "--settings needs --format pretty or json (line uses search)")
        return EXIT_BAD_INPUT
    techniques = (_techniques(args.techniques, args.settings)
                  if args.format not in ("line", "fpuzzles") else [])

    def handle(entry: Entry, a: argparse.Namespace, multi: bool) -> int:
        return _solve_entry(entry, a, multi, techniques)

    if args.format == "line" and is_source(args.puzzle):
        return _solve_lines(args, stats, handle)
    return _run_puzzles(args, handle, stats=stats)


# -- solving a file: blocks of lines, or entries over several processes -------------------


def _progress(args: argparse.Namespace, start: float, total: int | None = None) -> Progress:
    """The progress line on standard error, as ``--progress`` / ``--no-progress`` ask.

    By default it shows only when standard error is a terminal, and never while puzzles
    are typed at the terminal (it would write over what is being typed).
    """
    wanted: bool | None = getattr(args, "progress", None)
    if wanted is None and args.puzzle == "-" and _isatty(sys.stdin):
        wanted = False
    return Progress(sys.stderr, start, total=total, wanted=wanted, output=sys.stdout)


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def _more(source: batch.Input | None) -> Callable[[], bool] | None:
    """For a pipe or a terminal, a test of whether more input is there to read now."""
    if source is None or source.size is not None:
        return None
    return lambda: source.ready(_WAIT_FOR_INPUT)


#: How long to wait for more input before answering what has come (seconds): enough for
#: a pipe whose writer has just finished, short enough not to be noticed by a person.
_WAIT_FOR_INPUT = 0.05


#: Puzzles a Dask task for solve, explain, count and check: enough to make a task's
#: overhead (a few ms) small beside the work, few enough to spread a small file.
_DASK_CHUNK = 4


def _connect(args: argparse.Namespace) -> Any:
    """The Dask client ``--scheduler`` asks for, or None; Failure (exit code 2, one line
    said) when there is none to be had."""
    from yass.cli.dask import DaskError, connect

    try:
        return connect(args)
    except DaskError as exc:
        print_error("error", str(exc))
        raise Failure(EXIT_BAD_INPUT) from None


def _cluster_failed(args: argparse.Namespace, exc: Exception) -> Failure:
    """A task failed on the cluster (yass missing on a worker, a worker lost, ...)."""
    print_error("error", f"the Dask cluster at {args.scheduler} failed: {exc}")
    return Failure(EXIT_BAD_INPUT)


def _worker_failed(exc: WorkerError) -> Failure:
    print_error("internal error", f"{exc}; please report it")
    return Failure(EXIT_INTERNAL)


def _finish(args: argparse.Namespace, stats: Stats | None, progress: Progress | None) -> None:
    if progress is not None:
        try:
            progress.clear()
        except (OSError, ValueError):
            pass
    if stats is not None and getattr(args, "stats", False):
        try:
            sys.stdout.flush()
            sys.stderr.write(f"yass: stats: {stats.line()}\n")
            sys.stderr.flush()
        except (OSError, ValueError):
            pass


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
        import signal

        try:
            self._previous = signal.signal(signal.SIGINT, self._handler)
            self._installed = True
        except (ValueError, OSError):  # ValueError: not the main thread
            pass
        return self

    def __exit__(self, *exc: object) -> None:
        if self._installed:
            import signal

            self._installed = False
            previous = self._previous
            if previous is None:  # the old handler was not set from Python
                previous = signal.default_int_handler
            signal.signal(signal.SIGINT, previous)

    def block(self) -> _Block:
        """``with whole.block():`` holds Ctrl-C back until the block's end."""
        return _Block(self)

    def _handler(self, signum: int, frame: Any) -> None:
        if self._inside:
            self._pending = True
        else:
            _ctrl_c(signum, frame)


class _Block:
    """The inside of ``_Whole.block()``: Ctrl-C there waits for its end."""

    def __init__(self, whole: _Whole) -> None:
        self._whole = whole

    def __enter__(self) -> None:
        self._whole._inside = True

    def __exit__(self, kind: object, *exc: object) -> None:
        whole = self._whole
        whole._inside = False
        if whole._pending and kind is None:
            whole._pending = False
            _ctrl_c(0, None)


def _solve_lines(
    args: argparse.Namespace,
    stats: Stats,
    handle: Callable[[Entry, argparse.Namespace, bool], int],
) -> int:
    """``solve FILE --format line``: the batch path, or the reader's for JSON and pictures."""
    from yass.constraints import rules_from_names
    from yass.engine import batch
    from yass.formats import read_puzzles

    if args.rules:
        rules_from_names(args.rules, Grid(9, 3, 3))  # unknown names fail once, up front
    client = _connect(args)
    try:
        with batch.open_input(args.puzzle) as source:
            if not source.lines or args.column:
                found = read_puzzles(source.text(), rules=args.rules, column=args.column), True
                return _run_puzzles(args, handle, found, stats, source, client)
            return _batch(args, stats, source, client)
    finally:
        if client is not None:
            from yass.cli.dask import closing

            closing(client)


def _batch(
    args: argparse.Namespace, stats: Stats, source: batch.Input, client: Any = None
) -> int:
    """Solve the lines of ``source`` block by block (here, in worker processes, or on the
    Dask cluster of ``client``); write each block's output in order."""
    from yass.engine import batch

    progress = _progress(args, stats.start, source.size)
    worst = EXIT_OK
    done = 0
    results = batch.solve_blocks(
        source,
        rules=args.rules,
        limit=1 if args.first else 2,
        processes=job_count(args) if client is None else 1,
        start=stats.start,
        bounds=(args.timeout, args.max_guesses),
        client=client,
    )
    import contextlib

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
    except ClusterError as exc:
        raise _cluster_failed(args, exc) from None
    finally:
        _finish(args, stats, progress)
    if stats.puzzles == 0:
        print_error("error", f"{args.puzzle!r} holds no puzzle")
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


_technique_cache: dict[tuple[str, str | None, str | None], Sequence[Technique]] = {}


def _job_techniques(args: argparse.Namespace) -> Sequence[Technique]:
    """The ladder ``--techniques`` asks for, made once a process (``_entry_job``)."""
    key = (args.command, args.techniques, getattr(args, "settings", None))
    if key not in _technique_cache:
        wanted = args.command == "explain" or args.format not in ("line", "fpuzzles")
        _technique_cache[key] = _techniques(args.techniques, key[2]) if wanted else []
    return _technique_cache[key]


def _job_handle(entry: Entry, args: argparse.Namespace, multi: bool) -> int:
    """Answer one entry as ``args.command`` does (solve, explain, count or check)."""
    if args.command == "count":
        return _count_entry(entry, args, multi)
    if args.command == "check":
        return _check_entry(entry, args, multi)
    if args.command == "explain":
        return _explain_entry(entry, args, multi, _job_techniques(args))
    return _solve_entry(entry, args, multi, _job_techniques(args))


def _entry_job(job: tuple[Entry, argparse.Namespace, bool]) -> tuple[list[tuple[bool, str]], int]:
    """Answer one entry as its command does, in a worker process or on a Dask worker;
    (what it wrote, in order, each marked True for standard error; its exit code)."""
    import _thread

    from yass.cli.common import CAPTURED

    entry, args, multi = job
    events: list[tuple[bool, str]] = []
    me = _thread.get_ident()
    CAPTURED[me] = events
    try:
        if entry.error is not None:
            return events, _bad_entry(entry, args, multi)
        try:
            code = _job_handle(entry, args, multi)
        except Failure as exc:
            code = exc.code
        except PuzzleError as exc:
            print_error("error", f"{entry.where}: {exc}" if entry.where else str(exc))
            code = EXIT_BAD_INPUT
    finally:
        del CAPTURED[me]
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


@_bounded
def _explain_entry(
    entry: Entry, args: argparse.Namespace, multi: bool, techniques: Sequence[Technique]
) -> int:
    from yass.logic.explain import explain, technique_info

    puzzle = entry.puzzle
    assert puzzle is not None
    result = explain(puzzle, techniques, unique=args.unique, bounds=_puzzle_bounds(args))
    _checked(puzzle, result.solution, entry)
    if args.format == "json":
        print_line(json_line({**entry_fields(entry), **result.to_json()}))
        return EXIT_OK if result.solution is not None else EXIT_NO_SOLUTION
    size = puzzle.size
    lines = [_header(entry)] if multi else []
    width = len(str(len(result.steps)))
    show = getattr(args, "show", False)
    if show:
        from yass.render import views

        color = use_color()
        board = puzzle.board()
        lines.append(f"marks: {views.LEGEND}")
    for i, step in enumerate(result.steps, 1):
        if show:
            lines += ["", views.pencil(board, views.step_marks(step), color=color)]
            board.apply(step)
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
            f" difficulty {result.max_difficulty:.1f}; {result.summary()}"
        )
    lines.append(f"guesses: {result.guesses}")
    solution = result.solution
    lines.append(f"solution: {as_line(solution) if solution is not None else 'none'}")
    if multi:
        lines.append("")
    print_line("\n".join(lines))
    return EXIT_OK if solution is not None else EXIT_NO_SOLUTION


def _cmd_show(args: argparse.Namespace) -> int:
    if args.format in ("svg", "pdf") or args.output is not None:
        from yass.cli.printing import misplaced

        if misplaced(args, print_error):
            return EXIT_BAD_INPUT
        return _show_printed(args)
    return _run_puzzles(args, _show_entry)


def _show_printed(args: argparse.Namespace) -> int:
    """``yass show --format svg|pdf``: every puzzle of PUZZLE drawn, as the board
    ``show`` would print (``--after N`` steps taken), written by ``yass.cli.printing``."""
    from yass.cli.printing import document, write
    from yass.formats.text import printable
    from yass.render.printout import PrintError, fpdf_module

    kind = args.format
    if kind == "pdf":
        try:
            fpdf_module()  # say so before any work
        except PrintError as exc:
            print_error("error", str(exc))
            return EXIT_BAD_INPUT
    entries, _ = puzzle_entries(args.puzzle, args.rules, column=args.column)
    puzzles: list[Printed] = []
    for entry in entries:
        if entry.puzzle is None:
            print_error("error", entry.message)
            return EXIT_BAD_INPUT
        puzzle = entry.puzzle
        board = puzzle.board()
        after = getattr(args, "after", 0) or 0
        if after:
            from yass.services.solving import board_after

            try:
                board = board_after(puzzle, after, _puzzle_bounds(args))
            except BoundReached as exc:
                where = f"{entry.where}: " if entry.where else ""
                print_error("error", f"{where}{exc}")
                return EXIT_BOUND
        name = printable(puzzle.name) if puzzle.name else ""
        where = entry.where or f"puzzle {entry.index}"
        caption = name or (where if entry.source else "")
        puzzles.append((caption, board, puzzle.givens))
        if kind == "svg" and len(puzzles) > 1:
            print_error("error", "--format svg draws one puzzle, and PUZZLE holds several;"
                        " --format pdf puts several on a page (--per-page)")
            return EXIT_BAD_INPUT
    if not puzzles:
        print_error("error", f"{args.puzzle!r} holds no puzzle")
        return EXIT_BAD_INPUT
    try:
        data = document(kind, puzzles, args)
    except PrintError as exc:
        print_error("error", str(exc))
        return EXIT_BAD_INPUT
    return write(data, kind, args, print_error)


def _cmd_explain(args: argparse.Namespace) -> int:
    techniques = _techniques(args.techniques, args.settings)
    if args.html is not None:
        if args.scheduler is not None:
            print_error("error", "--html writes one page here; --scheduler is for a file's"
                        " puzzles")
            return EXIT_BAD_INPUT
        if not args.html.strip():
            print_error("error", "--html needs the name of the file to write")
            return EXIT_BAD_INPUT
        from yass.cli import web as cli_web

        entries, _ = puzzle_entries(args.puzzle, args.rules, column=args.column)
        return cli_web.explain_html(
            args, entries, techniques, _puzzle_bounds(args), print_line, print_error
        )

    def handle(entry: Entry, a: argparse.Namespace, multi: bool) -> int:
        return _explain_entry(entry, a, multi, techniques)

    return _run_puzzles(args, handle)


# -- rate: ratings on Sudoku Explainer's scale and yass's ladder (yass.cli.rate) ------------


def _cmd_rate(args: argparse.Namespace) -> int:
    from yass.cli import rate as cli_rate

    return cli_rate.run(args, print_line, print_error)


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
    if is_source(arg):
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
    try:
        return _hint(args, _puzzle_bounds(args))
    except BoundReached as exc:
        print_line(str(exc))
        return EXIT_BOUND


def _hint(args: argparse.Namespace, bounds: Bounds | None) -> int:
    from yass.services import hints

    techniques = _techniques(args.techniques, args.settings)
    found = _progress_board(args.puzzle, args.rules)
    givens = None  # the puzzle whose solution the grid must lead to
    if found is not None:
        board = found[0]
    else:
        entries, _ = puzzle_entries(args.puzzle, args.rules, column=args.column)
        entry = next(entries, None)
        if entry is None:
            print_error("error", f"{args.puzzle!r} holds no puzzle")
            return EXIT_BAD_INPUT
        if entry.error is not None:
            print_error("error", entry.message)
            return EXIT_BAD_INPUT
        assert entry.puzzle is not None
        from yass.formats.text import pencil_masks

        masks = pencil_masks(entry.puzzle)
        if masks is not None:  # pencil marks (a candidate picture read from a pipe)
            from yass.formats.candidates import board_from_candidates
            from yass.formats.text import make_layout

            board = board_from_candidates(make_layout(entry.puzzle.size, args.rules), masks)
        else:
            board = entry.puzzle.board()
            givens = entry.puzzle
    try:
        grid = hints.in_progress(board, givens, bounds)
        if args.marks:
            marks = hints.marks(grid, args.marks, bounds)
            if args.format == "json":
                print_line(json_line(marks.to_json()))
            else:
                print_line("\n".join(marks.lines()) or "no digit has so few places")
            return EXIT_OK
        if args.all:
            return _hint_all(args, hints.all_steps(grid, techniques, unique=args.unique,
                                                   bounds=bounds))
        result = hints.hint(grid, techniques, unique=args.unique, bounds=bounds)
    except hints.ProgressError as exc:
        print_error("error", str(exc))
        return EXIT_NO_SOLUTION
    if args.format == "json":
        print_line(json_line(result.to_json(args.level)))
    else:
        print_line(result.text(args.level))
    return EXIT_OK


def _hint_all(args: argparse.Namespace, found: Any) -> int:
    """``hint --all``: every step of every technique on the grid, grouped by technique."""
    from yass.core.table import TABLE

    if args.format == "json":
        print_line(json_line(found.to_json()))
        return EXIT_OK
    board = found.board
    if board.is_solved():
        print_line("the grid is already solved")
        return EXIT_OK
    lines = []
    for code, steps in found.groups:
        lines.append(f"{TABLE[code].name} ({len(steps)}):")
        lines += [f"  {s.notation or s.changes(board.layout.size)}" for s in steps]
    print_line("\n".join(lines) or "no technique applies: guess")
    return EXIT_OK


def _cmd_techniques(args: argparse.Namespace) -> int:
    from yass.core.table import TABLE
    from yass.logic.techniques import ALL_TECHNIQUES

    known = {t.code for t in ALL_TECHNIQUES}
    rows = [r for r in TABLE.values() if r.code in known]
    on = {r.code for r in rows if r.default}
    if args.settings is not None:  # the effective ladder: its order, levels and scores
        ladder = _techniques(None, args.settings)
        infos = getattr(ladder, "infos", TABLE)
        on = {t.code for t in ladder}
        rows = sorted((infos[r.code] for r in rows), key=lambda r: r.order)
    if args.format == "json":
        print_line(json_line([
            {"code": r.code, "name": r.name, "order": r.order, "level": r.level_name,
             "difficulty": r.difficulty, "score": r.score, "default": r.code in on,
             "needs_unique": r.unique, "aliases": list(r.aliases)}
            for r in rows
        ]))
        return EXIT_OK
    wc = max(len(r.code) for r in rows)
    wn = max(len(r.name) for r in rows)
    head = "on" if args.settings is not None else "default"
    lines = [f"{'code'.ljust(wc)}  {'name'.ljust(wn)}  level    difficulty  score  {head}"]
    for r in rows:
        flags = ("on" if r.code in on else "off") + (
            " (needs a unique puzzle)" if r.unique else "")
        lines.append(
            f"{r.code.ljust(wc)}  {r.name.ljust(wn)}  {r.level_name.ljust(7)}  "
            f"{r.difficulty:>10.1f}  {r.score:>5}  {flags}"
        )
    lines.append("")
    lines.append("The ladder tries them in this order; --techniques takes codes or names.")
    print_line("\n".join(lines))
    return EXIT_OK


def _cmd_rules(args: argparse.Namespace) -> int:
    from yass.constraints import REGISTRY, RULE_NAMES, type_description

    lines = ["Rules for --rules (comma-separated; case, dashes and underscores do not matter):"]
    width = max(len(name) for name in RULE_NAMES)
    lines += [f"  {name.ljust(width)}  {help_}" for name, (help_, _) in RULE_NAMES.items()]
    lines.append("")
    lines += [
        "Constraint types of the JSON format: each constraint of a puzzle's \"constraints\"",
        'list is an object {"type": TYPE, FIELDS...}; cells are written "r1c1", and N is',
        "the size of the grid.",
    ]
    width = max(len(kind) for kind in REGISTRY)
    indent = " " * (width + 4)
    for kind in sorted(REGISTRY):
        # The docstring's first paragraph, whole (its first line alone may stop mid-sentence).
        summary, fields = type_description(kind)
        lines.append(f"  {kind.ljust(width)}  {summary.replace('``', '')}")
        lines.append(f"{indent}fields: {fields}")
    print_line("\n".join(lines))
    return EXIT_OK


# -- argument parsing ------------------------------------------------------------------------


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser (``yass.cli.parser``); with ``only``, the other subcommands
    get no options (enough to parse a command line that names ``only``)."""
    from yass.cli.parser import build_parser as build

    return build(only)


#: What the parser makes of ``yass solve PUZZLE`` (a puzzle and no option): the quick
#: start's command, answered without importing argparse (with its translations, a good
#: part of the start-up). A test checks these against the parser.
PLAIN_SOLVE: dict[str, Any] = {
    "version": None, "command": "solve", "rules": "", "format": "pretty", "steps": False,
    "techniques": None, "settings": None, "first": False, "unique": None, "timeout": None,
    "max_guesses": None, "guess_order": "fixed", "seed": None, "guess_stats": None,
    "jobs": None, "scheduler": None, "stats": False, "progress": None, "column": None,
}


def _plain_solve(argv: Sequence[str] | None) -> Any:
    """The arguments of ``yass solve PUZZLE`` without the parser (a namespace like
    argparse's); None for any other command line."""
    words = sys.argv[1:] if argv is None else argv
    if len(words) != 2 or words[0] != "solve" or words[1].startswith("-"):
        return None
    return _Arguments(**PLAIN_SOLVE, puzzle=words[1])


class _Arguments:
    """Named arguments, as argparse's Namespace holds them (without importing it)."""

    def __init__(self, **values: Any) -> None:
        self.__dict__.update(values)


def _command_in(argv: Sequence[str] | None) -> str | None:
    """The subcommand ``argv`` starts with (None when it starts otherwise, as ``--help``
    does, or names no command yass has)."""
    words = sys.argv[1:] if argv is None else argv
    return words[0] if words and words[0] in _COMMANDS else None


def _cmd_generate(args: argparse.Namespace) -> int:
    from yass.cli import generate as cli_generate

    return cli_generate.run(args, print_line, print_error)


def _cmd_web(args: argparse.Namespace) -> int:
    from yass.cli import web as cli_web

    return cli_web.run(args, print_line, print_error)


def _cmd_convert(args: argparse.Namespace) -> int:
    from yass.cli import convert as cli_convert

    return cli_convert.run(args, print_line, print_error)


_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "solve": _cmd_solve,
    "count": lambda a: _run_puzzles(a, _count_entry),
    "check": lambda a: _run_puzzles(a, _check_entry),
    "candidates": lambda a: _run_puzzles(a, _candidates_entry),
    "redundant": lambda a: _run_puzzles(a, _redundant_entry),
    "show": lambda a: _cmd_show(a),
    "rules": _cmd_rules,
    "explain": _cmd_explain,
    "rate": _cmd_rate,
    "hint": _cmd_hint,
    "techniques": _cmd_techniques,
    "generate": _cmd_generate,
    "web": _cmd_web,
    "play": _cmd_web,
    "convert": _cmd_convert,
}


def _stdin_default(args: Any) -> bool:
    """PUZZLE left out means standard input, unless it is a terminal (then say what is
    missing and return False)."""
    missing = getattr(args, "puzzle", "") in (None, [])
    if not missing:
        return True
    if _isatty(sys.stdin) or sys.stdin is None:
        print_error("error", f"{args.command}: the following arguments are required: PUZZLE (or"
             f" send the puzzles to standard input; see 'yass {args.command} --help')")
        return False
    args.puzzle = ["-"] if isinstance(args.puzzle, list) else "-"
    return True


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
            try:
                stream.reconfigure(encoding="utf-8")
            except Exception:  # a stream that cannot change keeps its encoding
                pass


#: Whether Ctrl-C has been pressed during this run of ``main`` (see ``_ctrl_c``).
_interrupted = False


def _ctrl_c(signum: int, frame: Any) -> None:
    """The SIGINT handler while a command runs: KeyboardInterrupt the first time, nothing
    after. The first Ctrl-C starts the clean-up (workers stopped and joined, the last
    block of output kept); a second one, as impatient users and ``timeout -s INT`` send,
    must not break into that clean-up and leave workers or a half-stopped pool behind."""
    global _interrupted
    if not _interrupted:
        _interrupted = True
        raise KeyboardInterrupt


def _catch_ctrl_c() -> Any:
    """Install ``_ctrl_c`` for SIGINT; the handler it replaces (None where none can be
    installed: not the main thread, or SIGINT ignored as for a background job)."""
    global _interrupted
    import signal

    _interrupted = False
    try:
        if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
            return None
        return signal.signal(signal.SIGINT, _ctrl_c)
    except (ValueError, OSError):  # ValueError: not the main thread
        return None


def _release_ctrl_c(previous: Any) -> None:
    if previous is not None:
        import signal

        try:
            signal.signal(signal.SIGINT, previous)
        except (ValueError, OSError):
            pass


def main(argv: list[str] | None = None) -> int:
    """Run the command with ``argv`` (default: the process's arguments); the exit code."""
    previous = None if _plain_solve(argv) is not None else _catch_ctrl_c()
    try:
        return _main(argv)
    finally:
        if _interrupted and argv is None:
            # The process exits next: a later Ctrl-C must not break into the exit
            # (the interpreter joining what is left) with a traceback.
            import signal

            previous = signal.SIG_IGN
        _release_ctrl_c(previous)


def _main(argv: list[str] | None) -> int:
    # The command is the process: it collects garbage less often than Python's default
    # (a pass every 700 new objects), which took a good share of a short run (loading the
    # modules a command needs makes many objects, none of them garbage). Passes still run.
    gc.set_threshold(10_000, 20, 20)
    if sys.stderr is None:  # started with standard error closed (2>&-): messages are lost
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115 (for the life of the process)
    if sys.stdout is None:  # started with standard output closed (>&-)
        print_error("error", "standard output is closed, so no result can be written")
        return EXIT_WRITE_FAILED
    _utf8_streams()
    try:
        try:
            args = _plain_solve(argv) or build_parser(_command_in(argv)).parse_args(argv)
        except SystemExit as exc:  # --help, --version, usage errors
            sys.stdout.flush()  # (a failure here is a write failure, reported below)
            return exc.code if isinstance(exc.code, int) else EXIT_BAD_INPUT
        if not _stdin_default(args):
            return EXIT_BAD_INPUT
        try:
            code = _COMMANDS[args.command](args)
            sys.stdout.flush()  # (a failure here is a write failure, reported below)
            return code
        except Failure as exc:
            return exc.code
        except PuzzleError as exc:
            print_error("error", str(exc))
            return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        global _interrupted
        _interrupted = True  # (a later Ctrl-C is ignored, see _ctrl_c)
        try:
            print_error("interrupted", "stopped by Ctrl-C")
        except (OSError, ValueError):
            pass
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except OSError as exc:  # a write to standard output failed (disk full...), or worse
        _silence_stdout()  # what is left in its buffer must not fail again at exit
        code = write_failure(exc)
        what = "cannot write the output: " if code == EXIT_WRITE_FAILED else ""
        where = f" ({exc.filename})" if exc.filename else ""
        print_error("error", f"{what}{exc.strerror or exc}{where}")
        return code
    except RecursionError as exc:
        print_error("internal error", f"{exc}; please report it")
        return EXIT_INTERNAL
