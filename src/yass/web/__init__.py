"""`yass web`: a local page to step through a solve, and its small JSON API.

The page (``index.html``, ``app.js``, ``style.css``, shipped with the package) needs no
solver: ``POST /api/explain`` answers with the explained path *and* the board before
each step, so stepping forward and back is only drawing. The same payload embedded in
one HTML file is ``yass explain PUZZLE --html FILE``.

* ``explain_payload(request)`` / ``hint_payload(request)`` / ``setter_payload(request)``:
  the API as plain functions (a dict in, a dict out; ``ApiError`` for bad input), so they
  are tested without HTTP (``yass.web.payloads``; the page's analysis for players and
  setters is ``yass.web.analyze`` over ``yass.services.analysis``);
* ``make_server(port)``: a ``ThreadingHTTPServer`` bound to 127.0.0.1 only;
* ``standalone_html(payload)``: the page with its script, style and data inlined.

Nothing here prints; the CLI (``yass.cli.web``) does.
"""

from __future__ import annotations

import json
from functools import cache
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources

from yass.core.geometry import PuzzleError
from yass.core.record import record
from yass.web.payloads import (
    ApiError,
    ServerLimit,
    explain_payload,
    hint_payload,
    layout_json,
    one_line,
    read_puzzle,
    setter_payload,
)

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from typing import Any

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
    "setter_payload",
    "standalone_html",
]

HOST = "127.0.0.1"
DEFAULT_PORT = 8765
#: The largest request body the API reads (a 16x16 picture with notes is far smaller).
MAX_BODY = 64 * 1024

_STATIC = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/index.html": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
    "/play": ("play.html", "text/html; charset=utf-8"),
    "/play.html": ("play.html", "text/html; charset=utf-8"),
    "/play.js": ("play.js", "text/javascript; charset=utf-8"),
}


# -- reading a request ----------------------------------------------------------------------


# -- the answers ----------------------------------------------------------------------------


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
        raise ApiError(one_line(str(exc))) from None
    return {"fpuzzles": fpuzzles, "sudokupad": sudokupad,
            "json": json.dumps(obj, ensure_ascii=False), "line": puzzle.line()}


_ROUTES = {
    "/api/explain": explain_payload,
    "/api/hint": hint_payload,
    "/api/analyze": _analyze,
    "/api/load": load_payload,
    "/api/export": export_payload,
    "/api/setter": setter_payload,
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
        self._json(status, {"error": one_line(message)})

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
