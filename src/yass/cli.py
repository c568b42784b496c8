"""The ``yass`` command: solve, count, check and show puzzles, list the rules.

This is the only module that prints. ``main(argv)`` returns the exit code; the console
script and ``python -m yass`` pass it to the shell.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from yass.geometry import Grid, PuzzleError, digit_char

if TYPE_CHECKING:
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

    text = arg.strip()
    if arg == "-" or (
        "\n" not in text and not _looks_like_puzzle(text) and (text or os.path.exists(arg))
    ):
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


def _search_first(puzzle: Puzzle, limit: int) -> list[tuple[int, ...]]:
    """Up to ``limit`` solutions by the exhaustive search, in search order."""
    from yass.search import solutions

    return list(solutions(puzzle, limit))


def _count(puzzle: Puzzle, limit: int) -> int:
    from yass.search import count_solutions

    return count_solutions(puzzle, limit)


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
        found = _search_first(puzzle, 1 if args.first else 2)
        solution = found[0] if found else None
        _checked(puzzle, solution, entry)
        if solution is not None and len(found) > 1:
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
    found = _search_first(puzzle, 2)
    for values in found:
        _checked(puzzle, values, entry)
    if not found:
        text, code = "no solution", EXIT_NO_SOLUTION
    elif len(found) == 1:
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
    args: argparse.Namespace, handle: Callable[[Entry, argparse.Namespace, bool], int]
) -> int:
    from yass.constraints import rules_from_names

    if args.rules:
        rules_from_names(args.rules, Grid(9, 3, 3))  # unknown names fail once, up front
    entries, multi = _entries(args.puzzle, args.rules)
    entries, several = _lookahead(entries)
    multi = multi and several
    worst = EXIT_OK
    count = 0
    for entry in entries:
        count += 1
        code = _bad_entry(entry, args, multi) if entry.error is not None else handle(
            entry, args, multi
        )
        worst = max(worst, code)
    if count == 0:
        _err("error", f"{args.puzzle!r} holds no puzzle")
        return EXIT_BAD_INPUT
    return worst


def _cmd_solve(args: argparse.Namespace) -> int:
    if args.format == "line" and (args.steps or args.techniques is not None):
        _err("error", "--steps and --techniques need --format pretty or json (line uses search)")
        return EXIT_BAD_INPUT
    techniques = _techniques(args.techniques) if args.format != "line" else []

    def handle(entry: Entry, a: argparse.Namespace, multi: bool) -> int:
        return _solve_entry(entry, a, multi, techniques)

    return _run_puzzles(args, handle)


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
        " solution as one line, by exhaustive search, one line per puzzle ('no solution'"
        " or 'error: ...' in place); json: one JSON object per puzzle (JSON Lines) with"
        " puzzle, solution, guesses, unique, steps",
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
