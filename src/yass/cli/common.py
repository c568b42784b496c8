"""What the ``yass`` command's modules share: exit codes, the two output streams,
reading PUZZLE, the options' value types and the JSON line.

``yass.cli.commands`` runs the commands; the larger ones (``convert``, ``generate``,
``rate``, ``web``) have their own modules, and all of them take these from here, so no
command module imports another.
"""

from __future__ import annotations

import os
import sys

from yass.core.geometry import PuzzleError
from yass.core.outcomes import EXIT_BAD_INPUT

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    import argparse
    from collections.abc import Iterator
    from typing import Any

    from yass.formats.text import Entry


# EXIT_OK, EXIT_NO_SOLUTION, EXIT_BAD_INPUT and EXIT_INTERNAL come from yass.core.outcomes,
# which gives each puzzle of a batch its outcome as one of them.
EXIT_BROKEN_PIPE = 141


EXIT_INTERRUPTED = 130


#: The output could not be written: a full disk, standard output closed (``>&-``) or not
#: open for writing. 74 is EX_IOERR of BSD's sysexits.h.
EXIT_WRITE_FAILED = 74


EXIT_CODES = """\
exit codes:
  0    success (solve: solved; count: at least one solution; check: exactly one solution)
  1    no solution (check: no solution or more than one)
  2    bad input or usage (the message names what and where)
  3    internal error (a result failed verification; please report it)
  4    a search stopped at --timeout or --max-guesses (that puzzle's line says so; the
       other puzzles of a file are still answered)
  74   the output could not be written (disk full, standard output closed); one
       line on standard error says why
  130  interrupted (Ctrl-C); results already printed are kept
  141  the reader of the output went away (as with `| head`); yass stops quietly
For a file of many puzzles the exit code is the worst (highest) one over all of them.
"""


PUZZLE_HELP = (
    "a puzzle line (81 characters for 9x9: 1-9, then A-G above 9; '.' or '0' empty), a"
    " picture of the grid (text with newlines), an f-puzzles or SudokuPad link (or its"
    " N4Ig... payload), a file (one puzzle or link a line, a picture, or JSON), or '-' for"
    " standard input (also when PUZZLE is left out and standard input is not a terminal)."
    " Whatever follows the puzzle on its line after a space, tab, ',', ';' or '#' is its"
    " name; header rows (puzzle, quizzes, ...) are skipped"
)


class Failure(Exception):
    """Stop the command with an exit code (the message has been printed)."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


#: What a job run for another process writes, by the thread that runs it
#: (``commands._entry_job``): (to standard error?, text) in order. A Dask worker may run
#: several jobs at once in threads of one process, so this is per thread rather than a
#: redirected ``sys.stdout``.
CAPTURED: dict[int, list[tuple[bool, str]]] = {}


def captured() -> list[tuple[bool, str]] | None:
    """Where this thread's output goes instead of the streams, or None (the streams)."""
    if not CAPTURED:
        return None
    import _thread

    return CAPTURED.get(_thread.get_ident())


def use_color() -> bool:
    """Whether to colour standard output (never in a job run for another process)."""
    from yass.render.views import use_color as stream_color

    return captured() is None and stream_color(sys.stdout)


def print_line(text: str) -> None:
    """Write one result to standard output and flush it, so Ctrl-C keeps it."""
    events = captured()
    if events is not None:
        events.append((False, text + "\n"))
        return
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def print_error(kind: str, message: str) -> None:
    events = captured()
    if events is not None:
        events.append((True, f"yass: {kind}: {message}\n"))
        return
    flush_out()
    try:
        sys.stderr.write(f"yass: {kind}: {message}\n")
        sys.stderr.flush()
    except (OSError, ValueError):  # standard error full or closed: nowhere to say it
        pass


def flush_out() -> None:
    """Flush standard output before a message on standard error; a failure to write it
    is left to the next write (or ``main``), which reports it."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError, AttributeError):  # AttributeError: closed from the start
        pass


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


def is_source(arg: str) -> bool:
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
    from yass.formats.text import looks_like_link  # an f-puzzles or SudokuPad link

    return not (
        _looks_like_puzzle(text)
        or _only_puzzle_chars(text)
        or looks_like_link(text)
        or _sized_like_puzzle(text)
    )


def _sized_like_puzzle(arg: str) -> bool:
    """Whether an argument that is not a file has as many characters as a puzzle line
    (81, 729, ... of any kind: ``xxx...``, full-width digits, emoji) or more than a file
    name can have: it is read as a puzzle, so the error names the character at fault."""
    from yass.formats.fields import CANDIDATE_COUNTS, GIVEN_COUNTS, split_puzzle
    from yass.formats.text import BORDER_CHARS

    if any(sep in arg for sep in "/\\") or arg.lower().endswith(_PATH_SUFFIXES):
        return False
    if len(arg.encode("utf-8", "replace")) > 255:  # longer than any file name
        return True
    head = split_puzzle(arg)[0]
    k = sum(1 for ch in head if not ch.isspace() and ch not in BORDER_CHARS)
    return k in GIVEN_COUNTS or k in CANDIDATE_COUNTS


def puzzle_entries(
    arg: str, rules: str, check: bool = True, column: str | None = None
) -> tuple[Iterator[Entry], bool]:
    """The entries PUZZLE gives, and whether it is a source of several (file or stdin).
    ``check=False`` leaves clashing givens to the caller (``yass rate`` finds them itself);
    ``column``: ``--column``."""
    from yass.formats import Entry, parse_puzzle, read_puzzles

    if is_source(arg):
        return read_puzzles(arg, rules=rules, check=check, column=column), True
    try:
        entry = Entry("", 0, 1, parse_puzzle(arg, rules=rules, check=check))
    except PuzzleError as exc:
        entry = Entry("", 0, 1, error=exc)
    return iter([entry]), False


def entry_fields(entry: Entry) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if entry.source:
        out["source"] = entry.source
        if entry.line:
            out["line"] = entry.line
        else:
            out["index"] = entry.index
    return out


def json_line(obj: Any) -> str:
    """One line of JSON; characters that could break the line or the terminal escaped."""
    import json

    text = json.dumps(obj, ensure_ascii=False)
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else _json_escape(ch) for ch in text)


def _json_escape(ch: str) -> str:
    """``\\uXXXX`` for a character (a surrogate pair above U+FFFF), valid in a JSON string."""
    code = ord(ch)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def job_count(args: argparse.Namespace) -> int:
    """The worker processes to use: ``-j``, at most one per core (with a note when capped)."""
    cores = core_count()
    jobs: int | None = getattr(args, "jobs", None)
    if jobs is None:
        return cores
    if jobs > cores:
        plural = "core" if cores == 1 else "cores"
        print_error("note", f"-j {jobs} is more than the {cores} {plural} here; using {cores}")
        args.jobs = cores  # say it once
        return cores
    return jobs


def core_count() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def whole_number(text: str) -> int:
    """An option's whole number; ArgumentTypeError (argparse's one line) otherwise."""
    try:
        return int(text)
    except ValueError:
        import argparse  # loaded already: these run while argparse parses

        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def positive_int(text: str) -> int:
    value = whole_number(text)
    if value < 1:
        import argparse

        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def positive_seconds(text: str) -> float:
    import argparse

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds, not {text}")
    return value


def guess_limit(text: str) -> int:
    value = whole_number(text)
    if value < 0:
        import argparse

        raise argparse.ArgumentTypeError(f"cannot be negative ({value})")
    return value


#: The errors of a write that failed for want of room or of a writable file.
_WRITE_ERRNOS = frozenset(("ENOSPC", "EDQUOT", "EFBIG", "EBADF", "EROFS", "EIO"))


def write_failure(exc: OSError) -> int:
    """The exit code for ``exc`` raised by a write: EXIT_WRITE_FAILED when the disk or
    the file refused the data, else EXIT_BAD_INPUT (a path that cannot be a file...)."""
    import errno

    name = errno.errorcode.get(exc.errno or 0, "")
    return EXIT_WRITE_FAILED if name in _WRITE_ERRNOS else EXIT_BAD_INPUT


def column_argument(parser: argparse.ArgumentParser) -> None:
    """``--column N|NAME``: the column of CSV or TSV rows that holds the puzzle."""
    parser.add_argument(
        "--column",
        metavar="N|NAME",
        help="read the puzzle from this column of CSV or TSV rows: a number from 1, or a"
        " name in the header row (default: the first field of each line)",
    )
