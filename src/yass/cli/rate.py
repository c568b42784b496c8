"""`yass rate`: difficulty ratings of classic 9x9 puzzles, in input order.

Two scales (``--scale``): Sudoku Explainer 1.2.1's ER/EP/ED (``se``, the default) and
yass's own ladder, the path ``yass explain`` takes, graded as HoDoKu grades (``hodoku``:
score, level, guesses); ``all`` gives both. The work is ``yass.rating.rate_many`` in this
process, in worker processes (``-j``) or on a Dask cluster (``--scheduler``); this module
only reads the arguments and writes what comes back. ``yass.rating`` and ``distributed``
are imported when a rating starts, not when the parser is built.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from collections import deque
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from yass.cli.common import PUZZLE_HELP, positive_int, positive_seconds
from yass.core.outcomes import EXIT_BAD_INPUT, EXIT_BOUND, EXIT_NO_SOLUTION, EXIT_OK

if TYPE_CHECKING:
    from yass.formats.text import Entry
    from yass.rating import Rating

__all__ = ["add_parser", "run"]

#: Puzzles per Dask task: enough to make a task's overhead (a few ms) small.
DASK_CHUNK = 16


def add_parser(command: Callable[..., argparse.ArgumentParser]) -> None:
    """Declare `rate` with the parser's ``command`` helper."""
    from yass.cli.common import column_argument
    from yass.cli.dask import scheduler_option

    p = command(
        "rate",
        help="difficulty ratings: Sudoku Explainer's ER/EP/ED, yass's score and level",
        puzzles=False,
        description="Rate classic 9x9 puzzles. --scale se (default): Sudoku Explainer 1.2.1's"
        " scale, as its batch rater serate prints it: ER (the hardest step of SE's path), EP"
        " (the hardest up to the first placement), ED (the first step), and the hardest"
        " technique's name. SE's nested forcing chains (ER 9.5 to 11+) can take minutes a"
        " step: a puzzle whose chains run past the time budget (600 s) is reported"
        " 'incomplete' with lower bounds (ER >= ...) rather than a guessed number."
        " --scale hodoku: yass's own"
        " ladder, the path `yass explain` takes, graded as HoDoKu grades: the score (the sum"
        " of the steps' base scores), the level (Easy..Extreme, the hardest technique's), that"
        " technique, and the guesses required where logic runs out. --scale all: both."
        " 'no solution' and 'not unique' puzzles get no rating (exit code 1).",
    )
    p.add_argument("puzzle", metavar="PUZZLE", nargs="*", help=PUZZLE_HELP)
    column_argument(p)
    p.add_argument(
        "--scale",
        choices=("se", "hodoku", "all"),
        default="se",
        help="se: Sudoku Explainer's ER, EP, ED (default); hodoku: yass's ladder's score,"
        " level and guesses; all: both",
    )
    p.add_argument(
        "--settings",
        metavar="FILE",
        help="with --scale hodoku or all: the ladder as you want it, a TOML file of"
        " technique order, levels, scores and options (docs/settings.md)",
    )
    p.add_argument(
        "--format",
        choices=("text", "json", "tsv"),
        default="text",
        help="text (default): one line per puzzle; json: one object per puzzle (JSON Lines)"
        " with puzzle, the scale's fields (se: er, ep, ed, hardest; hodoku: score, level,"
        " guesses, hodoku_hardest; a scale not asked is left out), status (and er_min,"
        " ep_min, ed_min, needs when incomplete); tsv: a header naming the columns, then"
        " one row per puzzle",
    )
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "-j",
        "--jobs",
        type=positive_int,
        metavar="N",
        help="rate a file's puzzles in N processes (default: one per core). Output stays in"
        " input order",
    )
    scheduler_option(where, "rate")
    p.add_argument(
        "--timeout",
        type=positive_seconds,
        metavar="SECONDS",
        help="the most seconds a puzzle's slow parts may take: SE's forcing chains (default"
        " 600) and, with --scale hodoku or all, yass's ladder (default: no limit). A rating"
        " stopped by it is 'incomplete' (SE: with lower bounds, ER >= ...; the ladder: its"
        " fields left empty), the next puzzle goes on, and the exit code is 4",
    )
    p.add_argument(
        "--stats",
        action="store_true",
        help="at the end print on standard error the count of puzzles per whole ER and per"
        " level (as the scale asks), the incomplete ones, errors and seconds",
    )
    p.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress line on standard error: puzzles rated and the rate (default:"
        " only when standard error is a terminal and a file is rated)",
    )


# -- writing ------------------------------------------------------------------------------


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:.1f}"


def _se_text(r: Rating) -> str:
    if r.status == "incomplete":
        ep = _num(r.ep) if r.ep is not None else f">= {_num(r.ep_min)}"
        ed = _num(r.ed) if r.ed is not None else f">= {_num(r.ed_min)}"
        return f"ER >= {_num(r.er_min)}  EP {ep}  ED {ed}  incomplete: needs {r.needs}"
    return f"ER {_num(r.er)}  EP {_num(r.ep)}  ED {_num(r.ed)}  {r.hardest}"


def _ladder_text(r: Rating) -> str:
    if r.score is None:
        return "ladder incomplete: past --timeout"
    hardest = f" ({r.hodoku_hardest})" if r.hodoku_hardest else ""
    return f"score {r.score}  level {r.level or '-'}{hardest}  guesses {r.guesses}"


def _stopped(r: Rating) -> bool:
    """Whether a rating stopped short of its scale's figures (at the time limit)."""
    return r.status == "incomplete" or (r.scale != "se" and r.score is None)


def rating_text(r: Rating) -> str:
    """One line: the puzzle, then SE's numbers and/or the ladder's, as the scale asks."""
    if r.status not in ("rated", "incomplete"):
        return f"{r.puzzle}  {r.status}"
    parts = [r.puzzle]
    if r.scale != "hodoku":
        parts.append(_se_text(r))
    if r.scale != "se":
        parts.append(_ladder_text(r))
    return "  ".join(parts)


_SE_COLUMNS = ("puzzle", "er", "ep", "ed", "hardest", "status", "er_min")
_LADDER_COLUMNS = ("score", "level", "guesses", "hodoku_hardest")


def tsv_columns(scale: str) -> tuple[str, ...]:
    """The columns of ``--format tsv``: se's seven, then the ladder's four (all), or the
    puzzle, the ladder's four and the status (hodoku)."""
    if scale == "se":
        return _SE_COLUMNS
    if scale == "hodoku":
        return ("puzzle", *_LADDER_COLUMNS, "status")
    return (*_SE_COLUMNS, *_LADDER_COLUMNS)


def rating_tsv(r: Rating) -> str:
    cells = [getattr(r, name) for name in tsv_columns(r.scale)]
    return "\t".join(
        "" if c is None else f"{c:.1f}" if isinstance(c, float) else str(c) for c in cells
    )


def _json_line(entry: Entry, r: Rating) -> str:
    from yass.cli.common import entry_fields, json_line

    return json_line({**entry_fields(entry), **r.to_json()})


# -- reading ------------------------------------------------------------------------------


def _rate_entries(args: argparse.Namespace) -> Iterator[tuple[Entry, str | None]]:
    """Every entry of every PUZZLE argument, with its classic 9x9 line (None: unreadable,
    "": not a classic 9x9 puzzle)."""
    from yass.cli.common import puzzle_entries
    from yass.formats.text import pencil_masks

    for arg in args.puzzle:
        # rate() checks the givens itself (in C, with the quick path), and says what clashes.
        entries, _ = puzzle_entries(arg, "", check=False, column=args.column)
        for entry in entries:
            puzzle = entry.puzzle
            if puzzle is None:
                yield entry, None
            elif puzzle.size == 9 and not puzzle.layout.is_classic and (
                masks := pencil_masks(puzzle)
            ):
                from yass.formats.candidates import masks_line

                yield entry, masks_line(masks, 9)  # a pencil-mark puzzle
            elif puzzle.size != 9 or not puzzle.layout.is_classic:
                yield entry, ""
            else:
                yield entry, puzzle.line()


# -- the command --------------------------------------------------------------------------


class _Counts:
    """What ``--stats`` prints: puzzles, per whole ER, per level, incomplete, errors."""

    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.puzzles = self.incomplete = self.errors = self.guessed = 0
        self.per_er: dict[int, int] = {}
        self.per_level: dict[str, int] = {}

    def add(self, r: Rating) -> None:
        self.puzzles += 1
        if r.status == "incomplete":
            self.incomplete += 1
        if r.er is not None:
            self.per_er[int(r.er)] = self.per_er.get(int(r.er), 0) + 1
        if r.level is not None:
            self.per_level[r.level] = self.per_level.get(r.level, 0) + 1
        if r.guesses:
            self.guessed += 1

    def line(self, scale: str) -> str:
        from yass.core.table import LEVELS

        parts = [f"{self.puzzles} puzzles"]
        if scale != "hodoku":
            spread = ", ".join(f"ER {k}: {self.per_er[k]}" for k in sorted(self.per_er))
            parts.append(spread or "none rated")
        if scale != "se":
            levels = ", ".join(f"{n}: {self.per_level[n]}" for n in LEVELS if n in self.per_level)
            parts.append(f"levels {levels or 'none rated'}")
            parts.append(f"needing guesses: {self.guessed}")
        if scale != "hodoku":
            parts.append(f"incomplete (chains past the time budget): {self.incomplete}")
        parts.append(f"errors: {self.errors}")
        parts.append(f"{time.perf_counter() - self.start:.2f} s")
        return "; ".join(parts)


def run(args: argparse.Namespace, out: Callable[[str], None],
        err: Callable[[str, str], None]) -> int:
    """``yass rate``: every puzzle's rating on ``--scale``, in input order."""
    from yass.cli.common import Failure, is_source, job_count
    from yass.cli.dask import DaskError, closing, connect
    from yass.cli.progress import Progress
    from yass.core.geometry import PuzzleError
    from yass.rating import Rating, RatingError, rate_many

    several = len(args.puzzle) > 1 or any(is_source(a) for a in args.puzzle)
    settings = getattr(args, "settings", None)
    if settings is not None:  # a bad file: one line here, before any puzzle
        from pathlib import Path

        from yass.logic.ladder import load_settings

        try:
            load_settings(Path(settings))
        except PuzzleError as exc:
            err("error", str(exc))
            return EXIT_BAD_INPUT
    try:
        client = connect(args)
    except DaskError as exc:
        err("error", str(exc))
        return EXIT_BAD_INPUT
    jobs = job_count(args) if client is None else 1  # (says so when -j is capped)
    jobs = jobs if several else 1
    waiting: deque[tuple[Entry, str | None]] = deque()

    def lines() -> Iterator[str]:
        for entry, line in _rate_entries(args):
            waiting.append((entry, line))
            if line:
                yield line

    counts = _Counts()
    worst = EXIT_OK
    progress = Progress(
        sys.stderr,
        counts.start,
        wanted=args.progress if args.progress is not None else (None if several else False),
        output=sys.stdout,
    )

    def write(text: str) -> None:
        progress.before_output()
        out(text)

    def report_bad(entry: Entry, line: str | None) -> int:
        progress.clear()
        if line is None:
            err("error", entry.message)
        else:
            where = f"{entry.where}: " if entry.where else ""
            err("error", f"{where}yass rate takes classic 9x9 puzzles (no --rules variants)")
        counts.errors += 1
        return EXIT_BAD_INPUT

    if args.format == "tsv":
        out("\t".join(tsv_columns(args.scale)))
    chunk = {"chunksize": DASK_CHUNK} if client is not None else {}
    timeout = args.timeout
    results = rate_many(
        lines(), jobs=jobs, scale=args.scale, client=client, timeout=timeout,
        settings=settings, **chunk
    )
    try:
        with contextlib.closing(results):
            for result in results:
                while waiting and not waiting[0][1]:
                    worst = max(worst, report_bad(*waiting.popleft()))
                entry, _ = waiting.popleft()
                if isinstance(result, RatingError):
                    counts.puzzles += 1
                    progress.clear()
                    where = f"{entry.where}: " if entry.where else ""
                    err("error", f"{where}{result}")
                    counts.errors += 1
                    worst = max(worst, EXIT_BAD_INPUT)
                    continue
                assert isinstance(result, Rating)
                counts.add(result)
                if result.status in ("no solution", "not unique"):
                    worst = max(worst, EXIT_NO_SOLUTION)
                elif timeout is not None and _stopped(result):
                    worst = max(worst, EXIT_BOUND)
                if args.format == "json":
                    write(_json_line(entry, result))
                elif args.format == "tsv":
                    write(rating_tsv(result))
                else:
                    write(rating_text(result))
                progress.update(counts.puzzles)
        while waiting:
            worst = max(worst, report_bad(*waiting.popleft()))
    except Exception as exc:
        if client is None or isinstance(exc, (PuzzleError, Failure)):
            raise  # yass.cli.commands reports these as for any command
        # A task that failed on the cluster (yass missing on a worker, a lost worker...).
        progress.clear()
        why = " ".join(str(exc).split()) or type(exc).__name__
        err("error", f"the Dask cluster at {args.scheduler} failed: {why}")
        return EXIT_BAD_INPUT
    finally:
        progress.clear()
        closing(client)
    if counts.puzzles + counts.errors == 0:
        err("error", "no puzzle given")
        return EXIT_BAD_INPUT
    if args.stats:
        sys.stdout.flush()
        sys.stderr.write(f"yass: stats: {counts.line(args.scale)}\n")
        sys.stderr.flush()
    return worst
