"""The ``yass`` command's argument parser (argparse), kept apart from the commands so
that ``yass solve PUZZLE``, which needs no parser, starts without importing argparse.

``build_parser(only)`` makes the parser; ``yass.cli.commands`` runs what it parses.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from yass.cli.common import (
    EXIT_CODES,
    PUZZLE_HELP,
    column_argument,
    guess_limit,
    positive_int,
    positive_seconds,
    print_line,
)
from yass.cli.dask import scheduler_option
from yass.cli.printing import add_options as add_print_options
from yass.core.outcomes import EXIT_BAD_INPUT

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from typing import Any, NoReturn

__all__ = ["build_parser"]


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
        from yass._version import __version__  # the package's version is read from it

        print_line(f"yass {__version__}")
        parser.exit()


class _Parser(argparse.ArgumentParser):
    """argparse with usage errors as one line, like every other error of yass."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def _print_message(self, message: str, file: Any = None) -> None:
        # argparse ignores a failed write (help into a full disk would exit 0); the
        # command reports it like any other write failure.
        if message:
            (file or sys.stderr).write(message)

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("yass").strip()
        where = f"{command}: " if command else ""
        help_hint = f"yass {command} --help" if command else "yass --help"
        self.exit(EXIT_BAD_INPUT, f"yass: error: {where}{message} (see '{help_hint}')\n")


class _Command(_Parser):
    """The parser of a subcommand.

    Its arguments are read as a user means them where argparse would not:

    - an option's value may start with ``-`` (``--techniques -sp,-fn``, ``--seed -3``,
      ``--timeout -1``, which then gets its own message): argparse takes any word that
      starts with ``-`` for an option, so such a value is joined to its option
      (``--techniques=-sp,-fn``) unless it is one of this command's options itself;
    - an option whose value is optional (``hint --marks [2|3]``) takes the next word
      only when it is one of its choices, so ``hint --marks PUZZLE`` reads PUZZLE as
      the puzzle.
    """

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: Any = None
    ) -> tuple[argparse.Namespace, list[str]]:
        if args is not None:
            args = self._joined(list(args))
        return super().parse_known_args(args, namespace)

    def _joined(self, words: list[str]) -> list[str]:
        options = self._option_string_actions
        out: list[str] = []
        i = 0
        while i < len(words):
            word = words[i]
            action = options.get(word)
            following = words[i + 1] if i + 1 < len(words) else None
            if word == "--":  # the rest are positional, as argparse has it
                out += words[i:]
                break
            if action is not None and following is not None and action.option_strings:
                if (
                    action.nargs is None
                    and following.startswith("-")
                    and following not in options
                    and following not in ("-", "--")
                ):
                    out.append(f"{word}={following}")
                    i += 2
                    continue
                if (
                    action.nargs == "?"
                    and action.choices is not None
                    and following not in {str(c) for c in action.choices}
                    and not following.startswith("-")
                ):
                    out.append(f"{word}={action.const}")
                    i += 1
                    continue
            out.append(word)
            i += 1
        return out


class _Unused:
    """Stands for the parser of a subcommand not on the command line: it takes every
    option and keeps none (they are not needed to parse the arguments, and building each
    command's options, argparse looking up translations as it goes, is a good part of
    start-up)."""

    def __getattr__(self, name: str) -> Callable[..., _Unused]:
        return self._ignore

    def _ignore(self, *args: Any, **kwargs: Any) -> _Unused:
        return self


def _puzzle_arguments(parser: argparse.ArgumentParser) -> None:
    """PUZZLE, --rules and --column, which every command that reads puzzles takes."""
    parser.add_argument("puzzle", metavar="PUZZLE", nargs="?", help=PUZZLE_HELP)
    column_argument(parser)
    parser.add_argument(
        "--rules",
        default="",
        action=_JoinRules,
        metavar="NAMES",
        help="extra rules for every puzzle, comma-separated (e.g. antiknight,antiking,"
        "nonconsecutive; may be given more than once); `yass rules` lists them",
    )


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser; with ``only``, the other subcommands get no options (enough to
    parse a command line that names ``only``, and quicker to build)."""
    fmt = _Formatter
    parser = _Parser(
        prog="yass",
        description="yass, yet another sudoku solver: solves sudoku and its variants the way"
        " a person does, counting the guesses it needs.",
        epilog=EXIT_CODES,
        formatter_class=fmt,
    )
    parser.add_argument("--version", action=_VersionAction)
    sub = parser.add_subparsers(
        dest="command", metavar="COMMAND", required=True, parser_class=_Command
    )

    def command(
        name: str, *, help: str, description: str | None = None, puzzles: bool = True
    ) -> Any:
        """A subcommand's parser; ``puzzles``: it takes PUZZLE and --rules.

        With ``only`` the others are not made at all: the command line names ``only``,
        so no other name is looked up, and their options are not needed.
        """
        if only is not None and name != only:
            return _Unused()
        parser = sub.add_parser(
            name, help=help, formatter_class=fmt, epilog=EXIT_CODES, description=description
        )
        if puzzles:
            _puzzle_arguments(parser)
        return parser

    p = command(
        "solve",
        help="solve puzzles",
        description="Solve each puzzle the way a person does: the easiest logical step each"
        " time, a guess where logic runs out, and print the solution with the number of"
        " guesses it required. A puzzle with several solutions is still solved; a note on"
        " standard error says it is not unique.",
    )
    p.add_argument(
        "--format",
        choices=("pretty", "line", "json", "fpuzzles"),
        default="pretty",
        help="pretty: the boxed grid and 'N guesses required!' (default); line: the"
        " solution as one line, by the compiled exhaustive search, one line per puzzle"
        " ('no solution' or 'error: ...' in place; blank and '#' lines give none), made"
        " for files of millions of puzzles; json: one JSON object per puzzle (JSON Lines)"
        " with puzzle, solution, guesses, unique, steps; fpuzzles: like line, but an"
        " f-puzzles link of the puzzle with its solution filled in",
    )
    p.add_argument("--steps", action="store_true", help="print each step's explanation first")
    p.add_argument(
        "--techniques",
        metavar="CODES",
        help=TECHNIQUES_HELP,
    )
    _settings_option(p)
    p.add_argument(
        "--first",
        action="store_true",
        help="do not check that the solution is unique (faster; json 'unique' is null)",
    )
    _unique_option(p)
    _bound_options(p)
    p.add_argument(
        "--guess-order",
        choices=("fixed", "random"),
        default="fixed",
        help="fixed (default): guess in the cell with fewest candidates, lowest first, digits"
        " ascending; random: a random legal digit (reproducible with --seed)",
    )
    p.add_argument("--seed", type=int, default=None, metavar="S", help="seed for random orders")
    p.add_argument(
        "--guess-stats",
        type=positive_int,
        metavar="N",
        help="also solve with N random guess orders and report the guesses required"
        " (mean, median, min, max)",
    )
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "-j",
        "--jobs",
        type=positive_int,
        metavar="N",
        help="solve a file's puzzles in N processes (default: one per core; 1: in this"
        " process). Output stays in input order. Workers start only once a run is big"
        " enough to gain from them",
    )
    scheduler_option(where, "solve a file's puzzles")
    p.add_argument(
        "--stats",
        action="store_true",
        help="at the end print on standard error: puzzles, solved, no solution, errors,"
        " seconds, puzzles/second",
    )
    _progress_option(p)

    p = command(
        "count",
        help="count solutions",
        description="Print the number of solutions of each puzzle, stopping at --limit.",
    )
    p.add_argument(
        "--limit", type=positive_int, default=1000, metavar="N", help="stop at N solutions"
        " (default 1000)"
    )
    _bound_options(p)
    _progress_option(p)
    _jobs_or_scheduler(p, "count a file's puzzles")

    p = command(
        "check",
        help="check that a puzzle has exactly one solution",
        description="Say whether each puzzle is valid with exactly one solution, has no"
        " solution, or has several. Exit code 0 only when every puzzle is unique.",
    )
    _bound_options(p)
    _progress_option(p)
    _jobs_or_scheduler(p, "check a file's puzzles")

    p = command(
        "candidates",
        help="true candidates: the digits some solution puts in each cell",
        description="Show, for each puzzle, the candidate grid of its true candidates: every"
        " digit that at least one solution puts in that cell (a setter's view: a cell with"
        " more than one is still ambiguous, and a given there removes solutions). One search"
        " per candidate at most; --timeout bounds the whole run of a puzzle.",
    )
    p.add_argument(
        "--counts", action="store_true",
        help="also list, for every cell with more than one true candidate, how many solutions"
        " put each digit there (counted up to --cap)",
    )
    p.add_argument(
        "--ties", action="store_true",
        help="also list the open cells that hold the same digit in every solution, and those"
        " that never do though no rule keeps them apart (from every solution, up to --cap)",
    )
    p.add_argument(
        "--cap", type=positive_int, default=100, metavar="N",
        help="count (--counts) or list (--ties) at most N solutions (default 100)",
    )
    _bound_options(p)
    _progress_option(p)

    p = command(
        "redundant",
        help="the givens and rules a unique puzzle can do without",
        description="For a puzzle with exactly one solution, list every given and every rule"
        " that could be taken away on its own with the puzzle still unique (one search for"
        " each). A given listed here adds nothing; two listed givens may not both go.",
    )
    p.add_argument("--format", choices=("text", "json"), default="text", help="text or json")
    _bound_options(p)
    _progress_option(p)

    p = command(
        "show",
        help="show a puzzle (grid, candidates, pencil marks, or one level per digit)",
        description="Show the puzzle after its givens are placed and their direct"
        " eliminations made. grid: the boxed picture; candidates: each cell's digit or"
        " remaining candidates on one line; pencil: each cell as a small grid of its"
        " candidates, givens as [d] and placed digits as (d) (coloured on a terminal unless"
        " NO_COLOR is set); levels: one grid per digit (the digit where placed, '.' where"
        " still possible, blank where excluded).",
    )
    p.add_argument(
        "--view", choices=("grid", "candidates", "pencil", "levels"), default="grid",
        help="the view (default grid)",
    )
    p.add_argument(
        "--format", choices=("text", "svg", "pdf"), default="text",
        help="text (default: the --view); svg: the grid drawn with its rules' marks as the"
        " web page draws them (one puzzle); pdf: the same, ready to print (needs the extra"
        " yass-sudoku[print])",
    )
    add_print_options(p)
    p.add_argument(
        "--after", type=positive_int, metavar="N",
        help="show the board after the first N steps of the solve path (see `yass explain`),"
        " taken one at a time; when a guess comes within them the path is solved to its end"
        " to know it (--timeout bounds either)",
    )
    _bound_options(p)

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
    p.add_argument("--show", action="store_true",
                   help="before each step, draw the pencil marks with the step's pattern"
                   " marked (+d to place, -d to remove, *d pattern, ~d fin; coloured on a"
                   " terminal unless NO_COLOR is set)")
    p.add_argument("--html", metavar="FILE",
                   help="write the step-through page of `yass web` for the puzzle, data and"
                   " all, as one self-contained HTML file to open in a browser or share")
    p.add_argument("--techniques", metavar="CODES", help=TECHNIQUES_HELP)
    _settings_option(p)
    _unique_option(p)
    _bound_options(p)
    _jobs_or_scheduler(p, "explain a file's puzzles (not with --html)")

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
                   help="instead of a hint, the pencil marks worth writing: for each box, the"
                   " digits with exactly two places left (--marks 3: two or three)")
    p.add_argument("--all", action="store_true",
                   help="every step available now, grouped by technique in ladder order (at"
                   " most 20 a technique), instead of the first one")
    p.add_argument("--format", choices=("text", "json"), default="text", help="text or json")
    p.add_argument("--techniques", metavar="CODES", help=TECHNIQUES_HELP)
    _settings_option(p)
    _unique_option(p)
    _bound_options(p)

    p = command(
        "techniques",
        help="list the logical techniques (code, name, level, difficulty)",
        puzzles=False,
        description="The technique table: the ladder order, each technique's code (for"
        " --techniques), name, level (Easy..Extreme), SE-style difficulty, HoDoKu-style"
        " score, and whether it is on by default.",
    )
    p.add_argument("--format", choices=("text", "json"), default="text", help="text or json")
    _settings_option(p)

    command(
        "rules",
        help="list the rule names --rules takes and the JSON constraint types",
        puzzles=False,
    )

    if only in (None, "generate"):
        from yass.cli import generate as cli_generate

        cli_generate.add_parser(command)
    else:  # not on the command line: the name is enough (its module is not imported)
        command("generate", help="", puzzles=False)

    if only in (None, "web", "play"):
        from yass.cli import web as cli_web

        cli_web.add_parser(command)
    else:
        command("web", help="", puzzles=False)
        command("play", help="", puzzles=False)

    if only in (None, "convert"):
        from yass.cli import convert as cli_convert

        cli_convert.add_parser(command)
    else:
        command("convert", help="", puzzles=False)

    if only in (None, "rate"):
        from yass.cli import rate as cli_rate

        cli_rate.add_parser(command)
    else:
        command("rate", help="", puzzles=False)
    return parser


TECHNIQUES_HELP = (
    "the techniques to use: comma-separated codes or names (default: the whole ladder;"
    " 'none' for guessing only; '-sp,-fn' for all but those; '+vwxyz' to add one that is"
    " off by default). The codes, easiest first:"
    " %(codes)s. `yass techniques` lists them with their names and levels"
)


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """Help text whose ``%(codes)s`` is the list of technique codes, looked up only when
    help is shown (the techniques are not imported to parse arguments). A description
    of one paragraph is wrapped to the terminal; text laid out in lines (the exit codes)
    is kept as it is. Its width is the terminal's, found as ``shutil`` finds it without
    importing ``shutil`` (argparse makes a formatter for every option it adds)."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        if width is None:
            width = _terminal_columns() - 2  # as argparse.HelpFormatter does
        super().__init__(prog, indent_increment, max_help_position, width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "\n" in text.strip():
            return super()._fill_text(text, width, indent)
        return argparse.HelpFormatter._fill_text(self, text, width, indent)

    def _expand_help(self, action: argparse.Action) -> str:
        if action.help and "%(codes)s" in action.help:
            from yass.logic.techniques import ALL_TECHNIQUES

            codes = ", ".join(t.code for t in ALL_TECHNIQUES)
            action = argparse.Action(
                action.option_strings, action.dest, help=action.help.replace("%(codes)s", codes)
            )
        return super()._expand_help(action)


def _terminal_columns() -> int:
    """``shutil.get_terminal_size().columns``: $COLUMNS, else standard output's terminal,
    else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    stdout = sys.__stdout__
    try:
        if stdout is not None:
            return os.get_terminal_size(stdout.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        pass
    return 80


def _jobs_or_scheduler(p: argparse.ArgumentParser, what: str) -> None:
    """``-j N`` (default 1, in this process) or ``--scheduler ADDRESS``, for ``what``."""
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "-j",
        "--jobs",
        type=positive_int,
        default=1,
        metavar="N",
        help=f"{what} in N processes (default 1: in this process; at most one per core)."
        " Output stays in input order",
    )
    scheduler_option(where, what)


def _bound_options(p: argparse.ArgumentParser) -> None:
    """--timeout and --max-guesses, for the commands that search."""
    p.add_argument(
        "--timeout",
        type=positive_seconds,
        metavar="SECONDS",
        help="give up on a puzzle after SECONDS (may be a fraction): its line says"
        " 'timeout after SECONDS s', the next puzzle goes on, and the exit code is 4",
    )
    p.add_argument(
        "--max-guesses",
        type=guess_limit,
        metavar="N",
        help="give up on a puzzle when a search needs more than N guesses (digits tried"
        " where logic runs out): its line says 'stopped after N guesses', the next puzzle"
        " goes on, and the exit code is 4",
    )


def _progress_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress line on standard error: puzzles done, rate, and for a file"
        " a bar and the time left (default: only when standard error is a terminal)",
    )


def _settings_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--settings",
        metavar="FILE",
        help="the ladder as you want it: a TOML file with the order of the techniques, each"
        " one's level, score and difficulty, and options (docs/settings.md); --techniques"
        " then picks from that ladder. `yass techniques --settings FILE` shows the result",
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
