"""``yass show --format svg|pdf`` and ``yass generate --format pdf``: puzzles to print.

The drawing is ``yass.render.printout``'s; this module reads the options (``--output``,
``--paper``, ``--per-page``), gathers the boards and writes the document: to ``--output``
FILE, or to standard output (a PDF only when that is not a terminal). A file that cannot
be written is one line on standard error and exit code 74 when the disk or the file
refused the data (2 for a path that cannot be a file), as for ``explain --html``.
"""

from __future__ import annotations

import sys

from yass.core.outcomes import EXIT_BAD_INPUT, EXIT_OK

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Sequence
    from typing import Any

    from yass.core.board import Board

    #: What one puzzle on paper is: (caption, board, givens or None for the board's own).
    Printed = tuple[str, Board, Sequence[int] | None]

__all__ = ["add_options", "document", "misplaced", "write"]

#: Paper sizes and puzzles a page (``yass.render.printout.PAPERS`` and ``PER_PAGE``, whose
#: import waits until a drawing is made).
PAPER_NAMES = ("a4", "letter")
PER_PAGE_CHOICES = (1, 2, 4, 6)


def add_options(p: argparse.ArgumentParser) -> None:
    """``--output``, ``--paper`` and ``--per-page`` (for the svg and pdf formats)."""
    p.add_argument("-o", "--output", metavar="FILE",
                   help="with --format svg or pdf: write to FILE (default: standard output;"
                   " a PDF is not written to a terminal)")
    p.add_argument("--paper", choices=PAPER_NAMES, default="a4",
                   help="with --format pdf: the page size (default a4)")
    p.add_argument("--per-page", type=int, choices=PER_PAGE_CHOICES, default=1, metavar="N",
                   help="with --format pdf: puzzles a page, "
                   f"{'|'.join(map(str, PER_PAGE_CHOICES))} (default 1)")


def misplaced(args: argparse.Namespace, err: Callable[[str, str], None]) -> bool:
    """Whether ``--output`` is given without --format svg or pdf (said on one line)."""
    if args.output is not None and args.format not in ("svg", "pdf"):
        err("error", f"--output writes --format svg or pdf, not {args.format}")
        return True
    return False


def document(kind: str, puzzles: Sequence[Printed], args: argparse.Namespace) -> bytes:
    """The SVG (one puzzle) or PDF of ``puzzles``; PrintError without fpdf2 for a PDF."""
    from yass.render import printout

    if kind == "svg":
        caption, board, givens = puzzles[0]
        return printout.svg(board, givens, title=caption).encode("utf-8")
    return printout.pdf(puzzles, paper=args.paper, per_page=args.per_page)


def write(data: bytes, kind: str, args: argparse.Namespace,
          err: Callable[[str, str], None]) -> int:
    """Write ``data`` to ``--output`` or standard output; the exit code."""
    path: str | None = args.output
    if path is None or path == "-":
        stream = sys.stdout
        if kind == "pdf" and _isatty(stream):
            err("error", "a PDF is not for the terminal: give --output FILE or redirect"
                " standard output to a file")
            return EXIT_BAD_INPUT
        stream.flush()
        stream.buffer.write(data)  # (a failure here is a write failure: yass.cli.main)
        stream.buffer.flush()
        return EXIT_OK
    if not path.strip():
        err("error", "--output needs the name of the file to write")
        return EXIT_BAD_INPUT
    try:
        with open(path, "wb") as stream_out:
            stream_out.write(data)
    except OSError as exc:
        from yass.cli.common import write_failure

        err("error", f"cannot write {path}: {exc.strerror or exc}")
        return write_failure(exc)  # 74 for a full disk, 2 for a path that is no file
    return EXIT_OK


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False
