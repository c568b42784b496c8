"""`yass web` and `yass explain --html`: their options and their output (the page and its
API are in yass.web)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Sequence

from yass.core.bounds import Bounds
from yass.core.outcomes import EXIT_BAD_INPUT, EXIT_BOUND, EXIT_NO_SOLUTION, EXIT_OK

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from yass.formats.text import Entry
    from yass.logic.techniques import Technique

__all__ = ["add_parser", "explain_html", "run"]


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {value}")
    return value


def add_parser(command: Callable[..., argparse.ArgumentParser]) -> None:
    """Declare `web` with the parser's ``command`` helper."""
    from yass.web import DEFAULT_PORT, MAX_BODY

    p = command(
        "web",
        help="a local web page to step through a solve",
        puzzles=False,
        description="Serve a page on this computer only (127.0.0.1) where you paste a"
        " puzzle (a line, a picture or JSON), see the grid with its candidates, step"
        " forward and back through the explained path with each step's pattern"
        " highlighted, ask for a hint at three levels, switch to one level per digit, and"
        " see the guesses counted. The page needs nothing from the internet. Its JSON API:"
        " POST /api/explain {puzzle, rules} and POST /api/hint {puzzle or candidates,"
        " level}, and for the play and set page (/play) POST /api/analyze {puzzle,"
        " progress} (see the README); bodies up to"
        f" {MAX_BODY // 1024} KB. Ctrl-C stops the server.",
    )
    p.add_argument("--port", type=_port, default=DEFAULT_PORT, metavar="N",
                   help=f"the port (default {DEFAULT_PORT}; 0: any free port)")
    p.add_argument("--open", action="store_true", help="open the page in the web browser")

    p = command(
        "play",
        help="play (or set) a puzzle in the web page",
        puzzles=False,
        description="Start `yass web` and open its play page on PUZZLE: enter digits and"
        " pencil marks as in SudokuPad, ask for hints on your own grid, check it, or switch"
        " to Set to edit the givens and rules with the count and true candidates after"
        " every edit. Ctrl-C stops the server.",
    )
    p.add_argument("puzzle", metavar="PUZZLE",
                   help="a puzzle line, a picture or JSON file, or an f-puzzles or SudokuPad"
                   " link")
    p.add_argument("--rules", default="", metavar="NAMES", help="extra rules, as in solve")
    p.add_argument("--set", action="store_true", help="open in Set mode")
    p.add_argument("--port", type=_port, default=DEFAULT_PORT, metavar="N",
                   help=f"the port (default {DEFAULT_PORT}, or any free one when it is taken)")
    p.add_argument("--no-open", dest="open", action="store_false",
                   help="print the page's address, do not open a browser")


def run(args: argparse.Namespace, out: Callable[[str], None],
        err: Callable[[str, str], None]) -> int:
    """Serve until Ctrl-C (KeyboardInterrupt reaches the CLI, which says so in one line)."""
    from yass.web import make_server

    page = ""
    if args.command == "play":
        found = _play_query(args, err)
        if found is None:
            return EXIT_BAD_INPUT
        page = found
    try:
        server = make_server(args.port)
    except OSError as exc:
        try:
            if not (page and args.port):
                raise
            server = make_server(0)  # `yass play` takes any free port when its own is taken
        except OSError:
            why = exc.strerror or str(exc)
            err("error", f"cannot serve on 127.0.0.1:{args.port}: {why}"
                + (" (try --port 0 for any free port)" if args.port else ""))
            return EXIT_BAD_INPUT
    with server:
        url = server.address.url + page
        out(f"yass web: serving {url} (Ctrl-C to stop)")
        if args.open:
            import webbrowser

            if not webbrowser.open(url):
                err("note", f"no web browser could be opened; open {url} yourself")
        server.serve_forever()
    return EXIT_OK


def _play_query(args: argparse.Namespace, err: Callable[[str, str], None]) -> str | None:
    """``play?puzzle=...`` for `yass play PUZZLE` (a file's text is read here), after the
    puzzle is read once so that bad input is one line here, not on the page."""
    import os
    from urllib.parse import urlencode

    from yass.web import ApiError, load_payload

    text = args.puzzle
    if "\n" not in text and os.path.isfile(text):
        try:
            with open(text, encoding="utf-8") as stream:
                text = stream.read()
        except (OSError, UnicodeDecodeError) as exc:
            err("error", f"cannot read {args.puzzle}: {getattr(exc, 'strerror', None) or exc}")
            return None
    try:
        load_payload({"puzzle": text, "rules": args.rules})
    except ApiError as exc:
        err("error", str(exc))
        return None
    query = {"puzzle": text.strip()}
    if args.rules:
        query["rules"] = args.rules
    if args.set:
        query["mode"] = "set"
    return "play?" + urlencode(query)


def explain_html(
    args: argparse.Namespace,
    entries: Iterator[Entry],
    techniques: Sequence[Technique],
    bounds: Bounds | None,
    out: Callable[[str], None],
    err: Callable[[str, str], None],
) -> int:
    """``yass explain PUZZLE --html FILE``: the step-through page of one puzzle as one
    self-contained file (its script, style and data inlined)."""
    from yass.web import ApiError, ServerLimit, explain_payload, standalone_html

    entry = next(entries, None)
    if entry is None:
        err("error", f"{args.puzzle!r} holds no puzzle")
        return EXIT_BAD_INPUT
    if next(entries, None) is not None:
        err("error", "--html writes the page of one puzzle, and PUZZLE holds several")
        return EXIT_BAD_INPUT
    if entry.puzzle is None:
        err("error", entry.message)
        return EXIT_BAD_INPUT
    try:
        payload = explain_payload(
            entry.puzzle, techniques=techniques, unique=args.unique,
            bounds=bounds or Bounds(),
        )
    except ServerLimit as exc:
        err("error", str(exc))
        return EXIT_BOUND
    except ApiError as exc:
        err("error", str(exc))
        return EXIT_BAD_INPUT
    try:
        with open(args.html, "w", encoding="utf-8") as stream:
            stream.write(standalone_html(payload))
    except OSError as exc:
        from yass.cli.common import write_failure

        err("error", f"cannot write {args.html}: {exc.strerror or exc}")
        return write_failure(exc)  # 74 for a full disk, 2 for a path that is no file
    steps, guesses = len(payload["steps"]), payload["guesses"]
    out(f"wrote {args.html}: {steps} step{'s' * (steps != 1)},"
        f" {guesses} guess{'es' * (guesses != 1)}"
        + ("" if payload["solution"] else ", no solution"))
    return EXIT_OK if payload["solution"] else EXIT_NO_SOLUTION
