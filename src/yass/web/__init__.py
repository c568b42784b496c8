"""`yass web`: a local page to step through a solve, and its small JSON API.

The page (``index.html``, ``app.js``, ``style.css``, shipped with the package) needs no
solver: ``POST /api/explain`` answers with the explained path *and* the board before
each step, so stepping forward and back is only drawing. The same payload embedded in
one HTML file is ``yass explain PUZZLE --html FILE``.

* ``explain_payload(request)`` / ``hint_payload(request)``: the API as plain functions
  (a dict in, a dict out; ``ApiError`` for bad input), so they are tested without HTTP;
* ``make_server(port)``: a ``ThreadingHTTPServer`` bound to 127.0.0.1 only;
* ``standalone_html(payload)``: the page with its script, style and data inlined.

Nothing here prints; the CLI (``yass.cli.web``) does.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources

from yass.core.board import Board, Puzzle
from yass.core.bounds import BoundReached, Bounds
from yass.core.geometry import PuzzleError
from yass.core.layout import Layout
from yass.core.record import record
from yass.core.step import Step

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from typing import Any

    from yass.logic.techniques import Technique

__all__ = [
    "DEFAULT_PORT",
    "HOST",
    "MAX_BODY",
    "ApiError",
    "Server",
    "ServerLimit",
    "explain_payload",
    "hint_payload",
    "make_server",
    "standalone_html",
]

HOST = "127.0.0.1"
DEFAULT_PORT = 8765
#: The largest request body the API reads (a 16x16 picture with notes is far smaller).
MAX_BODY = 64 * 1024
#: Seconds of work the API spends on one request before it answers with an error.
TIME_LIMIT = 20.0

_STATIC = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/index.html": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
    "/play": ("play.html", "text/html; charset=utf-8"),
    "/play.html": ("play.html", "text/html; charset=utf-8"),
    "/play.js": ("play.js", "text/javascript; charset=utf-8"),
}

#: House kinds drawn as the grid itself (lines and walls), not as extra regions.
_GRID_KINDS = frozenset({"row", "column", "box", "region"})


class ApiError(ValueError):
    """Bad input to the API: one line, answered with status 400."""


class ServerLimit(Exception):
    """The server stopped work at one of its own limits (its time limit, a request
    cancelled by the next one): one line, answered with 503, never a client error."""


# -- reading a request ----------------------------------------------------------------------


def _one_line(text: str) -> str:
    return " ".join(str(text).split()) or "bad input"


def _field(request: Any, key: str, kind: type, default: Any = None) -> Any:
    if not isinstance(request, dict):
        raise ApiError(f"the request must be a JSON object, not {type(request).__name__}")
    value = request.get(key, default)
    if value is not None and not isinstance(value, kind):
        raise ApiError(f"{key!r} must be a {kind.__name__}, not {type(value).__name__}")
    return value


def read_puzzle(request: Any) -> Puzzle:
    """The puzzle of a request: ``puzzle`` as text (a line, a picture or JSON) or as a
    JSON object, with ``rules`` (names as ``--rules`` takes them) added."""
    from yass.formats import parse_puzzle, puzzle_from_json
    from yass.formats.variant_json import loads

    rules = _field(request, "rules", str, "")
    raw = request.get("puzzle")
    if raw is None:
        raise ApiError("no 'puzzle' given")
    try:
        if isinstance(raw, str) and raw.lstrip().startswith(("{", "[")):
            raw = loads(raw, "puzzle")
        if isinstance(raw, list):
            if len(raw) != 1:
                raise ApiError(f"one puzzle at a time, not a list of {len(raw)}")
            raw = raw[0]
        if isinstance(raw, dict):
            return puzzle_from_json(raw, rules=rules)
        if not isinstance(raw, str):
            raise ApiError(f"'puzzle' must be text or a JSON object, not {type(raw).__name__}")
        from yass.formats.candidates import looks_like_candidates

        if looks_like_candidates(raw):
            raise ApiError(
                "these are pencil marks (a grid in progress): ask for a hint on them, or"
                " paste the puzzle's givens to explain it"
            )
        return parse_puzzle(raw, rules=rules)
    except PuzzleError as exc:
        raise ApiError(_one_line(str(exc))) from None


def _level(request: Any) -> int:
    level = _field(request, "level", int, 1)
    if isinstance(level, bool) or level not in (1, 2, 3):
        raise ApiError(f"'level' must be 1, 2 or 3, not {level!r}")
    return int(level)


# -- the answers ----------------------------------------------------------------------------


def layout_json(puzzle: Puzzle) -> dict[str, Any]:
    """What the page draws besides the digits: regions, extra houses and the rules
    (``constraints`` in the variant JSON format, and ``legend``: [type, name, meaning]
    for each rule type present)."""
    from yass.formats import puzzle_to_json
    from yass.render import region_ids
    from yass.render.views import _slots, rule_meaning

    lay = puzzle.layout
    rows, cols = _slots(lay)
    constraints = puzzle_to_json(puzzle)["constraints"]
    kinds = list(dict.fromkeys(str(c.get("type", "")) for c in constraints))
    legend = [[kind, *rule_meaning(kind, lay.size)] for kind in kinds]
    extra = [
        {"kind": h.kind, "name": h.name, "cells": list(h.cells)}
        for h in lay.houses
        if h.kind not in _GRID_KINDS and h.kind != "disjoint group"
    ]
    return {
        "size": lay.size,
        "slots": [rows, cols],
        "regions": region_ids(lay),
        "extra": extra,
        "constraints": constraints,
        "legend": legend,
        "names": [lay.name(c) for c in range(lay.ncells)],
        # the sees-relation: the page marks two equal digits that see each other at once
        "sees": [list(p) for p in lay.peer_lists],
        # the relations: per cell, [neighbour, digits allowed there for each digit here]
        # (the page marks two digits a dot, a thermometer... forbids side by side)
        "arcs": [[[nb, list(table)] for nb, table in lay.arcs[c]] for c in range(lay.ncells)],
    }


def _state(board: Board) -> dict[str, Any]:
    return {"values": list(board.values), "cands": list(board.cands)}


def _houses_cells(layout: Layout, step: Step) -> list[list[int]]:
    seen: list[int] = []
    for h in (*step.base, *step.cover, *step.houses):
        if h not in seen:
            seen.append(h)
    return [list(layout.houses[h].cells) for h in seen]


def _step_view(layout: Layout, step: Step) -> dict[str, Any]:
    """What the page needs to draw a step: candidate roles, links, houses, and its hints."""
    from yass.logic.explain import Hint
    from yass.logic.solver import GUESS
    from yass.render.views import step_marks

    hint = Hint(layout, None if step.technique == GUESS else step)
    return {
        "marks": [[c, d, role] for (c, d), role in sorted(step_marks(step).items())],
        "links": [
            [list(link.a.cells), link.a.digit, list(link.b.cells), link.b.digit, link.strong]
            for link in step.chain
        ],
        "house_cells": _houses_cells(layout, step),
        "hints": [hint.text(level) for level in (1, 2, 3)],
    }


def explain_payload(
    request: Any,
    *,
    techniques: Sequence[Technique] | None = None,
    unique: bool | None = None,
    bounds: Bounds | None = None,
) -> dict[str, Any]:
    """``POST /api/explain``: the explanation JSON, plus ``layout``, ``givens`` (the
    puzzle's digits), ``states`` (the board before each step, then the final board:
    ``values`` and candidate masks per cell) and ``views`` (per step: ``marks``
    [cell, digit, role], chain ``links``, ``house_cells``, ``hints`` at levels 1-3).

    ``request`` may be a Puzzle already read. ``techniques`` and ``unique`` are as in
    ``yass.logic.explain.explain``; ``bounds`` default to the API's time limit."""
    from yass.logic.explain import explain

    puzzle = request if isinstance(request, Puzzle) else read_puzzle(request)
    try:
        result = explain(
            puzzle, techniques, unique=unique,
            bounds=bounds if bounds is not None else Bounds(TIME_LIMIT),
        )
    except BoundReached as exc:
        raise ServerLimit(f"gave up: {exc}") from None
    except PuzzleError as exc:
        raise ApiError(_one_line(str(exc))) from None
    lay = puzzle.layout
    board = puzzle.board()
    states = [_state(board)]
    guesses_before = [0]
    for step in result.steps:
        board.apply(step)
        states.append(_state(board))
        guesses_before.append(guesses_before[-1] + (step.technique == "guess"))
    out = result.to_json()
    out["name"] = puzzle.name
    out["givens"] = list(puzzle.givens)
    out["layout"] = layout_json(puzzle)
    out["states"] = states
    out["guesses_before"] = guesses_before
    out["views"] = [_step_view(lay, s) for s in result.steps]
    out["solved"] = board.is_solved()
    return out


def hint_payload(request: Any) -> dict[str, Any]:
    """``POST /api/hint``: ``{puzzle | candidates, level, rules?}`` -> the hint JSON of
    ``Hint.to_json(level)``. ``candidates`` is a grid in progress: a 729-character line, a
    candidate picture, or a list of per-cell digit masks (with ``puzzle`` for the givens
    and rules, or ``size``); pencil marks given as ``puzzle`` text are read the same way."""
    from yass.logic.explain import ProgressError, hint_on

    level = _level(request)
    rules = _field(request, "rules", str, "")
    cands = request.get("candidates")
    bounds = Bounds(TIME_LIMIT)  # for the whole request
    try:
        solution = None
        text = request.get("puzzle")
        if cands is None and isinstance(text, str) and _is_pencil(text):
            # pencil marks pasted where the puzzle goes: a grid in progress
            board = _candidates_board({}, text, rules)
        elif cands is not None:
            board = _candidates_board(request, cands, rules)
        else:
            puzzle = read_puzzle(request)
            board = puzzle.board()
            from yass.engine import fast

            _, solution = fast.search(puzzle, 1, bounds)
            if solution is None:
                raise ApiError("the puzzle has no solution, so there is no hint to give")
        result = hint_on(board, solution, bounds=bounds)
    except ProgressError as exc:
        raise ApiError(_one_line(str(exc))) from None
    except BoundReached as exc:
        raise ServerLimit(f"gave up: {exc}") from None
    except PuzzleError as exc:
        raise ApiError(_one_line(str(exc))) from None
    out = result.to_json(level)
    if result.step is not None and level >= 3:
        out["view"] = _step_view(board.layout, result.step)
    return out


def _is_pencil(text: str) -> bool:
    from yass.formats.candidates import looks_like_candidates

    return looks_like_candidates(text)


def _candidates_board(request: Any, cands: Any, rules: str) -> Board:
    from yass.formats.candidates import board_from_candidates, parse_candidates
    from yass.formats.text import make_layout

    if isinstance(cands, str):
        size, masks = parse_candidates(cands)
        layout = make_layout(size, rules)
        if request.get("puzzle") is not None:
            layout = read_puzzle(request).layout
        return board_from_candidates(layout, masks)
    if not isinstance(cands, list) or not all(
        isinstance(m, int) and not isinstance(m, bool) and m >= 0 for m in cands
    ):
        raise ApiError("'candidates' must be text or a list of digit masks (whole numbers)")
    if request.get("puzzle") is not None:
        puzzle = read_puzzle(request)
        layout = puzzle.layout
    else:
        size = _field(request, "size", int, 0)
        if size * size != len(cands):
            raise ApiError(f"{len(cands)} candidate masks need 'puzzle' or a matching 'size'")
        layout = make_layout(size, rules)
    full = (1 << layout.size) - 1
    if any(m > full for m in cands):
        raise ApiError(f"a candidate mask is above {full} (digits 1 to {layout.size})")
    board = board_from_candidates(layout, cands)
    if request.get("puzzle") is not None:
        board.givens = sum(1 << c for c, d in enumerate(puzzle.givens) if d)
    return board


# -- the page ---------------------------------------------------------------------------------


@cache
def static_file(name: str) -> bytes:
    return (resources.files(__package__) / name).read_bytes()


def _script_safe(text: str) -> str:
    """Text that cannot close the <script> element it is inlined in."""
    return text.replace("</", "<\\/")


def standalone_html(payload: dict[str, Any]) -> str:
    """The page as one file: style, script and ``payload`` (an explain answer) inlined."""
    page = static_file("index.html").decode("utf-8")
    style = static_file("style.css").decode("utf-8")
    script = static_file("app.js").decode("utf-8")
    data = json.dumps(payload, separators=(",", ":")).replace("<", "\\u003c")
    page = page.replace(
        '<link rel="stylesheet" href="style.css">', f"<style>\n{style}</style>"
    )
    page = page.replace(
        '<script src="app.js"></script>',
        f'<script id="yass-data" type="application/json">{data}</script>\n'
        f"<script>\n{_script_safe(script)}</script>",
    )
    return page


# -- the server -------------------------------------------------------------------------------

def _analyze(request: Any) -> dict[str, Any]:
    from yass.web.analyze import analyze

    return analyze(request)


def load_payload(request: Any) -> dict[str, Any]:
    """``POST /api/load``: ``{puzzle, rules?}`` -> the puzzle as yass JSON (``puzzle``), its
    ``line``, ``givens``, ``name`` and ``layout``: what the play and set page starts from."""
    from yass.formats import puzzle_to_json

    puzzle = read_puzzle(request)
    return {
        "puzzle": puzzle_to_json(puzzle),
        "line": puzzle.line(),
        "givens": list(puzzle.givens),
        "name": puzzle.name,
        "layout": layout_json(puzzle),
    }


def export_payload(request: Any) -> dict[str, Any]:
    """``POST /api/export``: ``{puzzle}`` -> the puzzle as an ``fpuzzles`` link, a
    ``sudokupad`` link, yass ``json`` and a ``line`` of its givens."""
    from yass.formats import puzzle_to_json
    from yass.formats.fpuzzles import to_link

    puzzle = read_puzzle(request)
    obj = puzzle_to_json(puzzle)
    try:
        fpuzzles = to_link(obj)
        sudokupad = to_link(obj, sudokupad=True)
    except (PuzzleError, ValueError) as exc:
        raise ApiError(_one_line(str(exc))) from None
    return {"fpuzzles": fpuzzles, "sudokupad": sudokupad,
            "json": json.dumps(obj, ensure_ascii=False), "line": puzzle.line()}


_ROUTES = {
    "/api/explain": explain_payload,
    "/api/hint": hint_payload,
    "/api/analyze": _analyze,
    "/api/load": load_payload,
    "/api/export": export_payload,
}


class Handler(BaseHTTPRequestHandler):
    """Static files and the JSON API; every error is one line of JSON."""

    server_version = "yass-web"
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the CLI prints the address once, not a line per request."""

    def _send(self, status: int, body: bytes, ctype: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, obj: Any) -> None:
        body = json.dumps(obj, separators=(",", ":")).encode("utf-8")
        self._send(status, body, "application/json; charset=utf-8")

    def _error(self, status: int, message: str) -> None:
        self._json(status, {"error": _one_line(message)})

    def _path(self) -> str:
        return self.path.split("?", 1)[0].split("#", 1)[0]

    def _host_ok(self) -> bool:
        """Only pages addressed to this computer: a web site that points its own name at
        127.0.0.1 (DNS rebinding) is refused."""
        host = (self.headers.get("Host") or "").strip().lower()
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        if not host or name in ("127.0.0.1", "localhost", "[::1]"):
            return True
        self.close_connection = True
        self._error(HTTPStatus.FORBIDDEN, f"this server answers only 127.0.0.1, not {host}")
        return False

    def do_GET(self) -> None:
        if not self._host_ok():
            return
        path = self._path()
        if path in _STATIC:
            name, ctype = _STATIC[path]
            self._send(HTTPStatus.OK, static_file(name), ctype)
        elif path in _ROUTES:
            self._error(HTTPStatus.METHOD_NOT_ALLOWED, f"{path} takes POST with a JSON body")
        else:
            self._error(HTTPStatus.NOT_FOUND, f"no such page: {path}")

    do_HEAD = do_GET

    def do_POST(self) -> None:
        if not self._host_ok():
            return
        route = _ROUTES.get(self._path())
        if route is None:
            self._error(HTTPStatus.NOT_FOUND, f"no such API: {self._path()}")
            return
        origin = self.headers.get("Origin")
        if origin is not None and origin != "null" and not _local_origin(origin):
            # another web site's page posting here (its reply would be hidden from it anyway)
            self.close_connection = True
            self._error(HTTPStatus.FORBIDDEN, f"requests from {origin} are not served")
            return
        ctype = (self.headers.get("Content-Type") or "").split(";", 1)[0].strip().lower()
        if ctype != "application/json":
            self.close_connection = True
            self._error(
                HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
                f"send JSON with 'Content-Type: application/json', not {ctype or 'none'}",
            )
            return
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            self.close_connection = True
            self._error(HTTPStatus.LENGTH_REQUIRED, "the request needs a Content-Length")
            return
        if length > MAX_BODY or length < 0:
            self.close_connection = True  # the body is not read
            self._error(
                HTTPStatus.BAD_REQUEST,
                f"the request is too large: {length} bytes, at most {MAX_BODY}",
            )
            return
        raw = self.rfile.read(length)
        try:
            request = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            self._error(HTTPStatus.BAD_REQUEST, "the request is not UTF-8 text")
            return
        except json.JSONDecodeError as exc:
            self._error(
                HTTPStatus.BAD_REQUEST,
                f"malformed JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}",
            )
            return
        except RecursionError:
            self._error(HTTPStatus.BAD_REQUEST, "the JSON is nested too deeply")
            return
        try:
            self._json(HTTPStatus.OK, route(request))
        except ApiError as exc:
            self._error(HTTPStatus.BAD_REQUEST, str(exc))
        except ServerLimit as exc:  # the server's own limit, not the client's fault
            self._error(HTTPStatus.SERVICE_UNAVAILABLE, str(exc))
        except RecursionError:
            self._error(HTTPStatus.BAD_REQUEST, "the input is nested too deeply")
        except Exception as exc:  # never a stack trace to the page
            self._error(
                HTTPStatus.INTERNAL_SERVER_ERROR,
                f"internal error ({type(exc).__name__}: {exc}); please report it",
            )


def _local_origin(origin: str) -> bool:
    from urllib.parse import urlsplit

    try:
        host = urlsplit(origin).hostname
    except ValueError:
        return False
    return host in ("127.0.0.1", "localhost", "::1")


@record
class Address:
    host: str
    port: int

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    @property
    def address(self) -> Address:
        host, port = self.server_address[:2]
        return Address(str(host), int(port))


def make_server(port: int = DEFAULT_PORT) -> Server:
    """The server on 127.0.0.1:``port`` (0: a free port), not yet serving."""
    return Server((HOST, port), Handler)
