"""`yass web`: the JSON API, the static page, `yass explain --html`, and (where Chromium is
installed) the page itself in a headless browser."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from conftest import SEED_INPUT_PICTURE, SEED_PUZZLE, variant_entries
from yass.cli.commands import main
from yass.core.board import Board
from yass.formats import parse_puzzle, puzzle_from_json
from yass.logic.explain import explain, hint
from yass.web import MAX_BODY, Server, explain_payload, standalone_html

CHROMIUM = "/usr/bin/chromium"


def _request(
    server: Server, path: str, body: bytes | None = None, method: str | None = None
) -> tuple[int, str, bytes]:
    """(status, content type, body) of one request; HTTP errors are answers too."""
    req = urllib.request.Request(server.address.url.rstrip("/") + path, data=body, method=method)
    if body is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=30) as reply:
            return reply.status, reply.headers["Content-Type"], reply.read()
    except urllib.error.HTTPError as exc:
        with exc:
            return exc.code, exc.headers["Content-Type"], exc.read()


def post(server: Server, path: str, obj: Any) -> tuple[int, Any]:
    status, ctype, body = _request(server, path, json.dumps(obj).encode())
    assert ctype == "application/json; charset=utf-8"
    return status, json.loads(body)


def _assert_error(status: int, answer: Any) -> str:
    assert status == 400
    assert set(answer) == {"error"}
    message = answer["error"]
    assert isinstance(message, str) and message and "\n" not in message
    assert "Traceback" not in message
    return message


# -- the API ----------------------------------------------------------------------------------


def test_server_is_bound_to_localhost_only(server: Server) -> None:
    assert server.server_address[0] == "127.0.0.1"
    assert server.address.url.startswith("http://127.0.0.1:")


def test_explain_matches_the_library(server: Server) -> None:
    status, answer = post(server, "/api/explain", {"puzzle": SEED_PUZZLE})
    assert status == 200
    puzzle = parse_puzzle(SEED_PUZZLE)
    expected = explain(puzzle)
    assert answer["steps"] == [s.to_json(puzzle.layout) for s in expected.steps]
    assert answer["guesses"] == expected.guesses == 0
    assert answer["puzzle"] == SEED_PUZZLE.replace("0", ".")
    n = len(expected.steps)
    assert len(answer["states"]) == n + 1
    assert len(answer["views"]) == n
    assert len(answer["guesses_before"]) == n + 1
    # the states are the boards before each step, replayed with the library
    board = puzzle.board()
    for i, step in enumerate(expected.steps):
        assert answer["states"][i] == {"values": board.values, "cands": board.cands}
        board.apply(step)
    last = answer["states"][-1]
    assert all(last["values"]) and answer["solved"] is True
    assert "".join(str(v) for v in last["values"]) == answer["solution"]
    assert answer["givens"] == list(puzzle.givens)
    lay = answer["layout"]
    assert lay["size"] == 9 and lay["slots"] == [3, 3]
    assert lay["regions"][:10] == [1, 1, 1, 2, 2, 2, 3, 3, 3, 1]


def test_explain_views_carry_roles_and_hints(server: Server) -> None:
    status, answer = post(server, "/api/explain", {"puzzle": SEED_INPUT_PICTURE})
    assert status == 200
    puzzle = parse_puzzle(SEED_PUZZLE)
    steps = explain(puzzle).steps
    board = puzzle.board()
    for i, (step, view) in enumerate(zip(answer["steps"], answer["views"], strict=True)):
        roles = {role for _, _, role in view["marks"]}
        assert roles <= {"pattern", "delete", "place", "fin"}
        assert len(view["hints"]) == 3
        if step["placements"]:
            assert "place" in roles
        if step["eliminations"]:
            assert "delete" in roles
        if i < 5:  # the hint on the board before a step is that step
            assert view["hints"] == [hint(board).text(level) for level in (1, 2, 3)]
        board.apply(steps[i])


def test_explain_json_puzzle_and_rules(server: Server) -> None:
    entry = min(
        (e for e in variant_entries()
         if any(c["type"] == "regions" for c in e.get("constraints", []))),
        key=lambda e: int(e["size"]),
    )
    status, answer = post(server, "/api/explain", {"puzzle": json.dumps(entry)})
    assert status == 200, answer
    assert answer["solved"] is True
    puzzle = puzzle_from_json(entry)
    lay = answer["layout"]
    # jigsaw regions: the page draws walls from these ids
    n = lay["size"]
    assert len(set(lay["regions"])) == n
    boxes = [[c for c in range(n * n) if lay["regions"][c] == i] for i in set(lay["regions"])]
    assert any(len({c % n for c in box}) > 3 for box in boxes)  # not the 2x3 boxes
    assert {c["type"] for c in lay["constraints"]} >= {"regions", "ratio", "difference"}
    assert len(answer["steps"]) == len(explain(puzzle).steps)
    # as an object, and with extra rules by name
    status, obj_answer = post(server, "/api/explain", {"puzzle": entry})
    assert status == 200 and obj_answer["steps"] == answer["steps"]
    status, diag = post(server, "/api/explain", {"puzzle": "1..." + "." * 12, "rules": "diagonal"})
    assert status == 200
    assert any(h["kind"] == "main diagonal" for h in diag["layout"]["extra"])


def test_guesses_are_counted_along_the_path(server: Server) -> None:
    status, answer = post(server, "/api/explain", {"puzzle": "." * 16})
    assert status == 200
    expected = explain(parse_puzzle("." * 16))
    assert answer["guesses"] == expected.guesses > 0
    before = answer["guesses_before"]
    assert before[0] == 0 and before[-1] == expected.guesses
    assert before == sorted(before)
    assert answer["unique"] is False and answer["solved"] is True
    guess_views = [v for s, v in zip(answer["steps"], answer["views"], strict=True)
                   if s["technique"] == "guess"]
    assert guess_views and all(v["hints"][0] == "no technique applies: guess"
                               for v in guess_views)


def test_no_solution_is_an_answer(server: Server) -> None:
    status, answer = post(server, "/api/explain", {"puzzle": "123." "...." "...." "...4"})
    assert status == 200
    assert answer["solution"] is None and answer["solved"] is False
    assert len(answer["states"]) == len(answer["steps"]) + 1
    status, answer = post(server, "/api/hint", {"puzzle": "123." "...." "...." "...4"})
    assert "no solution" in _assert_error(status, answer)


def test_hint_levels(server: Server) -> None:
    board = parse_puzzle(SEED_PUZZLE).board()
    texts = []
    for level in (1, 2, 3):
        status, answer = post(server, "/api/hint", {"puzzle": SEED_PUZZLE, "level": level})
        assert status == 200
        assert answer["level"] == level and answer["solved"] is False
        assert answer["hint"] == hint(board).text(level)
        texts.append(answer["hint"])
    assert texts[0].startswith("Look for")
    assert len(set(texts)) == 3
    assert "step" in answer and "view" in answer  # level 3 tells the whole step


def test_hint_on_pencil_marks(server: Server) -> None:
    board = parse_puzzle(SEED_PUZZLE).board()
    status, answer = post(
        server, "/api/hint", {"candidates": board.cands, "size": 9, "level": 2}
    )
    assert status == 200, answer
    assert answer["hint"].startswith("Look for")
    line = "".join(
        "".join(str(d) if c >> (d - 1) & 1 else "." for d in range(1, 10)) for c in board.cands
    )
    status, answer = post(server, "/api/hint", {"candidates": line, "level": 1})
    assert status == 200, answer
    status, pasted = post(server, "/api/hint", {"puzzle": line, "level": 1})
    assert status == 200 and pasted == answer
    status, answer = post(server, "/api/explain", {"puzzle": line})
    assert "pencil marks" in _assert_error(status, answer)
    # pencil marks that lost the solution's digit are refused with the cell named
    wrong = Board.copy(board)
    solution = explain(parse_puzzle(SEED_PUZZLE)).solution
    assert solution is not None
    cell = wrong.values.index(0)
    wrong.eliminate(cell, solution[cell])
    status, answer = post(server, "/api/hint", {"candidates": wrong.cands, "size": 9})
    assert "r1c2" in _assert_error(status, answer)


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (b"{bad json", "malformed JSON"),
        (b"[1, 2]", "JSON object"),
        (b"\xff\xfe", "UTF-8"),
        (json.dumps({"puzzle": "hello world"}).encode(), "not a digit"),
        (json.dumps({"puzzle": "123"}).encode(), "wrong length"),
        (json.dumps({}).encode(), "no 'puzzle'"),
        (json.dumps({"puzzle": 5}).encode(), "text or a JSON object"),
        (json.dumps({"puzzle": "{not json"}).encode(), "malformed JSON"),
        (json.dumps({"puzzle": "11" + "." * 79}).encode(), "r1c1"),
        (json.dumps({"puzzle": SEED_PUZZLE, "rules": "nosuchrule"}).encode(), "nosuchrule"),
        (json.dumps({"puzzle": SEED_PUZZLE, "rules": 3}).encode(), "'rules' must be"),
    ],
)
def test_bad_input_is_one_line_with_400(server: Server, body: bytes, words: str) -> None:
    status, ctype, raw = _request(server, "/api/explain", body)
    assert ctype == "application/json; charset=utf-8"
    assert words in _assert_error(status, json.loads(raw))


def test_bad_hint_input(server: Server) -> None:
    for request, words in [
        ({"puzzle": SEED_PUZZLE, "level": 4}, "'level' must be 1, 2 or 3"),
        ({"candidates": [1, 2, 3]}, "'size'"),
        ({"candidates": "12345"}, "candidate line"),
        ({"puzzle": "12" + "." * 78, "level": 1}, "wrong length"),
    ]:
        status, answer = post(server, "/api/hint", request)
        assert words in _assert_error(status, answer), answer


def test_oversize_body_is_refused(server: Server) -> None:
    body = json.dumps({"puzzle": "." * (MAX_BODY + 10)}).encode()
    status, _, raw = _request(server, "/api/explain", body)
    message = _assert_error(status, json.loads(raw))
    assert "too large" in message and str(MAX_BODY) in message


def test_wrong_method_and_path(server: Server) -> None:
    status, _, raw = _request(server, "/api/explain")
    assert status == 405 and "POST" in json.loads(raw)["error"]
    status, _, raw = _request(server, "/nowhere")
    assert status == 404 and "/nowhere" in json.loads(raw)["error"]
    status, _, raw = _request(server, "/api/nothing", b"{}")
    assert status == 404


def test_other_host_names_are_refused(server: Server) -> None:
    req = urllib.request.Request(server.address.url + "app.js", headers={"Host": "evil.example"})
    with pytest.raises(urllib.error.HTTPError) as info:
        urllib.request.urlopen(req, timeout=10)
    with info.value as reply:
        assert reply.code == 403
        assert "127.0.0.1" in json.loads(reply.read())["error"]


def test_other_origins_and_other_content_types_are_refused(server: Server) -> None:
    url = server.address.url + "api/explain"
    body = json.dumps({"puzzle": SEED_PUZZLE}).encode()
    for headers, code, words in [
        ({"Content-Type": "application/json", "Origin": "https://evil.example"}, 403,
         "evil.example"),
        ({"Content-Type": "text/plain"}, 415, "application/json"),
    ]:
        req = urllib.request.Request(url, data=body, headers=headers)
        with pytest.raises(urllib.error.HTTPError) as info:
            urllib.request.urlopen(req, timeout=10)
        with info.value as reply:
            assert reply.code == code
            assert words in json.loads(reply.read())["error"]
    req = urllib.request.Request(url, data=body, headers={
        "Content-Type": "application/json; charset=utf-8", "Origin": server.address.url[:-1]})
    with urllib.request.urlopen(req, timeout=10) as ok:
        assert ok.status == 200


# -- the static page ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "ctype", "needle"),
    [
        ("/", "text/html; charset=utf-8", b'<script src="app.js"></script>'),
        ("/index.html", "text/html; charset=utf-8", b"<textarea"),
        ("/app.js", "text/javascript; charset=utf-8", b"/api/explain"),
        ("/style.css", "text/css; charset=utf-8", b".wall"),
    ],
)
def test_static_files(server: Server, path: str, ctype: str, needle: bytes) -> None:
    status, got, body = _request(server, path)
    assert status == 200 and got == ctype
    assert needle in body


def test_page_loads_nothing_from_outside() -> None:
    from yass.web import static_file

    for name in ("index.html", "app.js", "style.css"):
        text = static_file(name).decode()
        assert not re.search(r"(src|href)=\"?(https?:)?//", text), name
        assert "@import" not in text and "cdn" not in text.lower()


# -- explain --html -------------------------------------------------------------------------------


def test_explain_html_writes_one_self_contained_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "seed.html"
    assert main(["explain", SEED_PUZZLE, "--html", str(out)]) == 0
    stdout = capsys.readouterr().out
    steps = len(explain(parse_puzzle(SEED_PUZZLE)).steps)
    assert stdout == f"wrote {out}: {steps} steps, 0 guesses\n"
    page = out.read_text(encoding="utf-8")
    assert 'src="app.js"' not in page and 'href="style.css"' not in page
    match = re.search(r'<script id="yass-data" type="application/json">(.*?)</script>', page, re.S)
    assert match is not None
    data = json.loads(match.group(1))
    assert data["puzzle"] == SEED_PUZZLE.replace("0", ".")
    assert len(data["states"]) == steps + 1 and data["solved"] is True
    assert page.count("</script>") == 2  # the data and the script, nothing closes early


def test_explain_html_escapes_script_end() -> None:
    page = standalone_html({"name": "</script><b>x", "steps": []})
    assert "</script><b>" not in page
    match = re.search(r'id="yass-data" type="application/json">(.*?)</script>', page, re.S)
    assert match is not None and json.loads(match.group(1))["name"] == "</script><b>x"


def test_explain_html_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "123", "--html", str(tmp_path / "x.html")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("yass: error: wrong length") and err.count("\n") == 1
    assert main(["explain", SEED_PUZZLE, "--html", str(tmp_path / "no" / "x.html")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("yass: error: cannot write") and err.count("\n") == 1
    two = tmp_path / "two.txt"
    two.write_text(f"{SEED_PUZZLE}\n{SEED_PUZZLE}\n")
    assert main(["explain", str(two), "--html", str(tmp_path / "y.html")]) == 2
    assert "one puzzle" in capsys.readouterr().err


# -- the command --------------------------------------------------------------------------------


def _yass(*argv: str) -> subprocess.Popen[str]:
    """`yass ARGV` in a new process that takes Ctrl-C (SIGINT) as a terminal sends it."""
    return subprocess.Popen(
        [sys.executable, "-m", "yass", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def test_web_command_serves_and_stops_on_ctrl_c() -> None:
    proc = _yass("web", "--port", "0")
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        match = re.fullmatch(r"yass web: serving (http://127\.0\.0\.1:\d+/) \(Ctrl-C to stop\)\n",
                             line)
        assert match, line
        with urllib.request.urlopen(match.group(1), timeout=10) as reply:
            assert reply.status == 200
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130
    assert out == ""
    assert err == "yass: interrupted: stopped by Ctrl-C\n"


def test_web_open_opens_the_browser(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import webbrowser

    opened: list[str] = []

    def stop(self: Server, poll_interval: float = 0.5) -> None:
        raise KeyboardInterrupt

    def fake_open(url: str) -> bool:
        opened.append(url)
        return True

    monkeypatch.setattr(webbrowser, "open", fake_open)
    monkeypatch.setattr(Server, "serve_forever", stop)
    assert main(["web", "--port", "0", "--open"]) == 130
    out, err = capsys.readouterr()
    assert len(opened) == 1 and opened[0].startswith("http://127.0.0.1:")
    assert out == f"yass web: serving {opened[0]} (Ctrl-C to stop)\n"
    assert err == "yass: interrupted: stopped by Ctrl-C\n"


def test_web_command_port_in_use(server: Server, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["web", "--port", str(server.address.port)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"yass: error: cannot serve on 127.0.0.1:{server.address.port}")
    assert err.count("\n") == 1
    assert main(["web", "--port", "70000"]) == 2


# -- the page in a real browser ------------------------------------------------------------


class Browser:
    """Headless Chromium driven over the DevTools protocol on a pipe (file descriptors 3
    and 4 of the browser, messages ending in a NUL byte): standard library only."""

    def __init__(self, profile: Path) -> None:
        to_browser, self._write = os.pipe()
        self._read, from_browser = os.pipe()

        def plumb() -> None:
            a, b = os.dup(to_browser), os.dup(from_browser)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--remote-debugging-pipe", f"--user-data-dir={profile}", "--window-size=1200,1000",
             "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            close_fds=False, preexec_fn=plumb,
        )
        os.close(to_browser)
        os.close(from_browser)
        self._buffer = b""
        self._id = 0
        self.session = ""

    def call(self, method: str, timeout: float = 30, **params: Any) -> Any:
        import select
        import time

        self._id += 1
        msg: dict[str, Any] = {"id": self._id, "method": method, "params": params}
        if self.session and not method.startswith(("Target.", "Browser.")):
            msg["sessionId"] = self.session
        os.write(self._write, json.dumps(msg).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            while b"\0" in self._buffer:
                raw, self._buffer = self._buffer.split(b"\0", 1)
                answer = json.loads(raw)
                if answer.get("id") == self._id:
                    assert "error" not in answer, answer
                    return answer.get("result", {})
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self._read], [], [], max(left, 0))
            assert ready, f"the browser did not answer {method} in {timeout} s"
            chunk = os.read(self._read, 1 << 20)
            assert chunk, "the browser went away"
            self._buffer += chunk

    def open(self, url: str) -> None:
        target = self.call("Target.createTarget", url=url)["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)[
            "sessionId"
        ]

    def js(self, expression: str) -> Any:
        result = self.call(
            "Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True
        )
        assert "exceptionDetails" not in result, result
        return result["result"].get("value")

    def wait(self, expression: str, timeout: float = 20) -> Any:
        import time

        deadline = time.monotonic() + timeout
        guarded = f"(() => {{ try {{ return ({expression}); }} catch (e) {{ return false; }} }})()"
        while time.monotonic() < deadline:  # a new tab is about:blank for a moment
            try:
                value = self.js(guarded)
            except AssertionError as exc:
                # a reload under way: the call reached the page it replaced
                if "navigated or closed" not in str(exc) and "context" not in str(exc):
                    raise
                value = None
            if value:
                return value
            time.sleep(0.05)
        raise AssertionError(f"still false after {timeout} s: {expression}")

    def close(self) -> None:
        with contextlib.suppress(AssertionError, OSError):
            self.call("Browser.close", timeout=5)
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._read)
        os.close(self._write)


_GRID_JS = """[...document.querySelectorAll('#board text[data-cell]')]
  .sort((a, b) => a.dataset.cell - b.dataset.cell).map(t => t.textContent).join('')"""


@pytest.mark.skipif(
    not os.access(CHROMIUM, os.X_OK),
    reason=f"no headless browser: {CHROMIUM} is not installed (Debian package 'chromium')",
)
def test_page_in_headless_chromium(server: Server, tmp_path: Path) -> None:
    """Paste the README example's picture, step forward and back and to the end, read the grid and
    the guess count, ask for hints, switch to levels, refuse bad input, take a screenshot."""
    import base64

    puzzle = parse_puzzle(SEED_PUZZLE)
    result = explain(puzzle)
    assert result.solution is not None
    n = len(result.steps)
    browser = Browser(tmp_path / "profile")
    try:
        browser.open(server.address.url)
        browser.wait("document.readyState === 'complete' && !!document.getElementById('puzzle')")
        browser.js(f"document.getElementById('puzzle').value = {json.dumps(SEED_INPUT_PICTURE)};"
                   "document.getElementById('explain').click(); true")
        browser.wait("!document.getElementById('view').hidden")
        assert browser.js("document.getElementById('position').textContent") == f"step 1 of {n}"
        givens = "".join(str(d) for d in puzzle.givens if d)
        assert browser.js(_GRID_JS) == givens
        browser.js("document.querySelector('.hint-box button[data-level=\"1\"]').click()")
        assert browser.js("document.getElementById('hint').textContent") == hint(
            puzzle.board()).text(1)
        browser.js("document.getElementById('next').click(); document.getElementById('next')"
                   ".click(); document.getElementById('prev').click(); true")
        assert browser.js("document.getElementById('position').textContent") == f"step 2 of {n}"
        assert browser.js("document.getElementById('notation').textContent") == (
            result.steps[1].notation)
        browser.js("document.getElementById('last').click(); true")
        assert browser.js("document.getElementById('step-name').textContent") == "Solved"
        assert browser.js(_GRID_JS) == "".join(str(d) for d in result.solution)
        assert browser.js("document.getElementById('guesses').textContent") == (
            "0 so far, 0 in all")
        shot = browser.call("Page.captureScreenshot", format="png")["data"]
        (tmp_path / "solved.png").write_bytes(base64.b64decode(shot))
        browser.js("document.querySelector('input[value=levels]').click(); true")
        assert browser.js("document.querySelectorAll('#levels figure').length") == 9
        assert browser.js("document.getElementById('board').hidden") is True
        # bad input: the server's one line on the page, no stack trace
        browser.js("document.getElementById('puzzle').value = '123';"
                   "document.getElementById('explain').click(); true")
        message = browser.wait("!document.getElementById('error').hidden &&"
                               " document.getElementById('error').textContent")
        assert message.startswith("wrong length") and "Traceback" not in message
        # "Hint only" on a grid in progress pasted as pencil marks
        board = puzzle.board()
        for step in result.steps[:3]:
            board.apply(step)
        marks = "".join(
            "".join(str(d) if c >> (d - 1) & 1 else "." for d in range(1, 10))
            for c in board.cands
        )
        browser.js(f"document.getElementById('puzzle').value = {json.dumps(marks)};"
                   "document.getElementById('hint-only').click(); true")
        text = browser.wait("!document.getElementById('hint-view').hidden &&"
                            " document.getElementById('hint-only-text').textContent")
        from yass.formats.candidates import board_from_candidates, parse_candidates

        # (a cell written with one digit counts as filled in)
        pasted = board_from_candidates(puzzle.layout, parse_candidates(marks)[1])
        assert text == hint(pasted).text(3)
        # the file `explain --html` writes works alone, from disk
        page = tmp_path / "seed.html"
        page.write_text(standalone_html(explain_payload(puzzle)), encoding="utf-8")
        browser.open(page.as_uri() + "?step=end")
        browser.wait("location.protocol === 'file:' && document.readyState === 'complete'"
                     " && !document.getElementById('view').hidden")
        assert browser.js("document.getElementById('input').hidden") is True
        assert browser.js(_GRID_JS) == "".join(str(d) for d in result.solution)
        browser.js("document.getElementById('first').click(); true")
        assert browser.js("document.getElementById('position').textContent") == f"step 1 of {n}"
    finally:
        browser.close()
    assert (tmp_path / "solved.png").stat().st_size > 10_000
    keep = os.environ.get("YASS_SCREENSHOTS")
    if keep:  # keep the screenshot where a person can look at it
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(tmp_path / "solved.png", Path(keep) / "web-seed-solved.png")


# -- variant rules on the page ------------------------------------------------------------------

U = 60  # one cell in the page's SVG units (app.js)
R_CIRCLE = U * 0.38  # an arrow's circle
OUTSIDE = ("little_killer", "sandwich", "xsum", "skyscraper")


def _entry_with(kind: str) -> dict[str, Any]:
    """The smallest puzzle of the corpus with a rule of type ``kind`` (fewest blanks next)."""
    entries = [e for e in variant_entries(multi_cell=True)
               if any(c["type"] == kind for c in e["constraints"])]
    assert entries, kind
    return min(entries, key=lambda e: (int(e["size"]), str(e["givens"]).count(".")))


def _nearly_solved(entry: dict[str, Any], blanks: int = 12) -> dict[str, Any]:
    """``entry`` with its solution as givens but the first ``blanks`` cells: quick to explain,
    and every rule is still drawn."""
    givens = "." * blanks + str(entry["solution"])[blanks:]
    return {**entry, "givens": givens}


def _rc(name: str) -> tuple[int, int]:
    match = re.fullmatch(r"r(\d+)c(\d+)", name)
    assert match, name
    return int(match.group(1)), int(match.group(2))


def _centre(name: str) -> tuple[float, float]:
    r, c = _rc(name)
    return (c - 1) * U + U / 2, (r - 1) * U + U / 2


def test_layout_sends_a_legend_for_each_rule_type() -> None:
    from yass.constraints.base import REGISTRY
    from yass.render.views import RULE_MEANINGS, rule_meaning
    from yass.web.payloads import layout_json

    assert set(REGISTRY) <= set(RULE_MEANINGS)  # every rule type has its line
    entry = _entry_with("arrow")
    lay = layout_json(puzzle_from_json(entry))
    kinds = list(dict.fromkeys(c["type"] for c in entry["constraints"]))
    assert [item[0] for item in lay["legend"]] == kinds
    for kind, name, meaning in lay["legend"]:
        assert (name, meaning) == rule_meaning(kind, int(entry["size"]))
        assert meaning and meaning == RULE_MEANINGS[kind][1]
    assert any(c["type"] == "arrow" and c["circle"] and c["line"] for c in lay["constraints"])
    classic = layout_json(parse_puzzle(SEED_PUZZLE))
    assert classic["legend"] == [] and classic["constraints"] == []


_RULES_JS = """(() => {
  const svg = document.querySelector('#board svg');
  const num = (node, a) => Number(node.getAttribute(a));
  const texts = (g) => [...g.querySelectorAll('text')].map((t) => t.textContent).join(' ');
  return {
    viewBox: svg.getAttribute('viewBox').split(' ').map(Number),
    arrows: [...svg.querySelectorAll('g.arrow')].map((g) => {
      const line = g.querySelector('polyline.arrow-line');
      return {
        points: line
          ? line.getAttribute('points').split(' ').map((p) => p.split(',').map(Number)) : [],
        marker: line ? line.getAttribute('marker-end') : null,
        circles: [...g.querySelectorAll('circle.arrow-circle')]
          .map((c) => [num(c, 'cx'), num(c, 'cy')]),
        pills: g.querySelectorAll('rect.arrow-circle').length,
      };
    }),
    clues: [...svg.querySelectorAll('g.clue')].map((g) => {
      const t = g.querySelector('text');
      return { kind: g.getAttribute('class'), text: t.textContent, x: num(t, 'x'), y: num(t, 'y'),
               arrow: !!g.querySelector('line.clue-arrow[marker-end]') };
    }),
    quads: [...svg.querySelectorAll('g.quad')].map((g) => {
      const c = g.querySelector('circle.quad-circle');
      return { x: num(c, 'cx'), y: num(c, 'cy'), digits: texts(g) };
    }),
    maxima: svg.querySelectorAll('g.extreme.maximum rect').length,
    minima: svg.querySelectorAll('g.extreme.minimum rect').length,
    chevrons: svg.querySelectorAll('path.chevron').length,
    clones: [...svg.querySelectorAll('g.clone')]
      .map((g) => [g.getAttribute('fill'), g.children.length]),
    betweenEnds: svg.querySelectorAll('circle.between-end').length,
    cageSums: [...svg.querySelectorAll('text.cage-sum')]
      .map((t) => [num(t, 'x'), num(t, 'y'), t.textContent]),
    cands: [...svg.querySelectorAll('text.cand')]
      .map((t) => [num(t, 'x'), num(t, 'y'), num(t, 'font-size')]),
    legend: [...document.querySelectorAll('#rules-legend li')].map((li) => li.dataset.type),
    legendText: document.getElementById('rules-legend').textContent,
    legendHidden: document.getElementById('rules-legend').hidden,
  };
})()"""


def _check_arrows(rules: list[dict[str, Any]], drawn: list[dict[str, Any]]) -> None:
    assert len(drawn) == len(rules) > 0
    for rule, got in zip(rules, drawn, strict=True):
        circle, line = rule["circle"], rule["line"]
        assert got["marker"] == "url(#rule-arrowhead)"  # an arrowhead at the end
        # the line starts on the circle's edge and runs through its cells' centres
        assert len(got["points"]) == len(line) + 1
        for point, name in zip(got["points"][1:], line, strict=True):
            assert point == pytest.approx(_centre(name))
        start = got["points"][0]
        gap = min(((start[0] - x) ** 2 + (start[1] - y) ** 2) ** 0.5
                  for x, y in map(_centre, circle))
        assert gap == pytest.approx(R_CIRCLE, abs=0.01)
        if len(circle) == 1:
            assert got["circles"] == [pytest.approx(_centre(circle[0]))]
        else:  # a pill: one rounded box (in a straight row or column), or a circle a cell
            assert got["pills"] == 1 or len(got["circles"]) == len(circle)


def _check_clues(rules: list[dict[str, Any]], drawn: list[dict[str, Any]], n: int,
                 view_box: list[float]) -> None:
    assert len(drawn) == len(rules) > 0
    for rule, got in zip(rules, drawn, strict=True):
        kind = rule["type"]
        assert got["kind"] == f"clue clue-{kind}"
        assert got["text"] == str(rule["value"] if kind == "skyscraper" else rule["sum"])
        x, y = _centre(rule["clue"])
        tolerance = 10 if kind == "little_killer" else 1.01
        assert abs(got["x"] - x) <= tolerance and abs(got["y"] - y) <= tolerance
        assert got["arrow"] is (kind == "little_killer")
        # outside the grid, and inside the picture
        assert not (0 < got["x"] < n * U and 0 < got["y"] < n * U)
        left, top, width, height = view_box
        assert left < got["x"] < left + width and top < got["y"] < top + height
    rows_cols = [_rc(str(r["clue"])) for r in rules]
    left, top, width, height = view_box
    assert (left < -3) == any(c == 0 for _, c in rows_cols)
    assert (top < -3) == any(r == 0 for r, _ in rows_cols)
    assert (left + width > n * U + 3) == any(c == n + 1 for _, c in rows_cols)
    assert (top + height > n * U + 3) == any(r == n + 1 for r, _ in rows_cols)


def _expected_chevrons(rules: list[dict[str, Any]], n: int) -> int:
    count = 0
    for rule in rules:
        cells = {_rc(c) for c in rule["cells"]}
        for r, c in cells:
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                count += 1 <= rr <= n and 1 <= cc <= n and (rr, cc) not in cells
    return count


@pytest.mark.skipif(
    not os.access(CHROMIUM, os.X_OK),
    reason=f"no headless browser: {CHROMIUM} is not installed (Debian package 'chromium')",
)
def test_variant_rules_drawn_in_headless_chromium(tmp_path: Path) -> None:
    """Arrows, outside clues (little killer, sandwich, skyscraper), quadruples, minimum /
    maximum cells, clones, between lines and cage sums of corpus puzzles, drawn by the page
    that `yass explain --html` writes, with the rules' legend under the grid; a classic
    puzzle's picture keeps no margin and no legend."""
    import base64

    kinds = ["arrow", "little_killer", "sandwich", "skyscraper", "quadruple", "maximum",
             "clone", "between"]
    entries = {kind: _entry_with(kind) for kind in kinds}
    browser = Browser(tmp_path / "profile")
    try:
        for kind, entry in entries.items():
            quick = _nearly_solved(entry) if kind in ("clone", "between") else entry
            puzzle = puzzle_from_json(quick)
            n = puzzle.size
            page = tmp_path / f"{kind}.html"
            page.write_text(standalone_html(explain_payload(puzzle)), encoding="utf-8")
            browser.open(page.as_uri())
            browser.wait("location.protocol === 'file:' && document.readyState === 'complete'"
                         " && !!document.querySelector('#board svg')")
            got = browser.js(_RULES_JS)
            rules = entry["constraints"]
            of = {k: [r for r in rules if r["type"] == k] for k in {r["type"] for r in rules}}
            # the legend names every rule type once, in order, with its meaning
            assert got["legend"] == list(dict.fromkeys(r["type"] for r in rules))
            assert got["legendHidden"] is False
            from yass.render.views import rule_meaning

            for k in got["legend"]:
                name, meaning = rule_meaning(k, n)
                assert f"{name}: {meaning}" in got["legendText"]
            if "arrow" in of:
                _check_arrows(of["arrow"], got["arrows"])
            else:
                assert got["arrows"] == []
            outside = [r for r in rules if r["type"] in OUTSIDE]
            if outside:
                _check_clues(outside, got["clues"], n, got["viewBox"])
            else:
                assert got["clues"] == [] and got["viewBox"] == [-3, -3, n * U + 6, n * U + 6]
            quads = of.get("quadruple", [])
            assert len(got["quads"]) == len(quads)
            for rule, quad in zip(quads, got["quads"], strict=True):
                corner = [sum(_centre(c)[i] for c in rule["cells"]) / 4 for i in (0, 1)]
                assert [quad["x"], quad["y"]] == pytest.approx(corner)
                assert quad["digits"].split() == [str(d) for d in rule["digits"]]
                assert corner[0] % U == 0 and corner[1] % U == 0  # on the shared corner
            assert got["maxima"] == sum(len(r["cells"]) for r in of.get("maximum", []))
            assert got["minima"] == sum(len(r["cells"]) for r in of.get("minimum", []))
            assert got["chevrons"] == _expected_chevrons(
                of.get("maximum", []) + of.get("minimum", []), n)
            clones = of.get("clone", [])
            assert len(got["clones"]) == 2 * len(clones)
            for (fill_a, count_a), (fill_b, count_b) in zip(
                got["clones"][::2], got["clones"][1::2], strict=True
            ):  # a clone's two shapes: as many cells, one colour
                assert fill_a == fill_b and count_a == count_b
            assert got["betweenEnds"] == 2 * len(of.get("between", []))
            # a cage's sum sits in its first cell's corner, the candidates there below it
            sums = [r for r in of.get("killer", []) if r.get("sum") is not None]
            assert sorted(t for _, _, t in got["cageSums"]) == sorted(str(r["sum"]) for r in sums)
            for x, y, _ in got["cageSums"]:
                left, top = x - x % U, y - y % U
                inside = [(cx, cy, size) for cx, cy, size in got["cands"]
                          if left < cx < left + U and top < cy < top + U]
                assert all(cy - size / 2 >= y - 1 for _, cy, size in inside), (x, y)
            if kind == "arrow":
                shot = browser.call("Page.captureScreenshot", format="png")["data"]
                (tmp_path / "arrows.png").write_bytes(base64.b64decode(shot))
        # a classic puzzle: no margin, no rules, no legend
        page = tmp_path / "classic.html"
        page.write_text(standalone_html(explain_payload(parse_puzzle(SEED_PUZZLE))),
                        encoding="utf-8")
        browser.open(page.as_uri())
        browser.wait("location.protocol === 'file:' && document.readyState === 'complete'"
                     " && !!document.querySelector('#board svg')")
        got = browser.js(_RULES_JS)
        assert got["viewBox"] == [-3, -3, 9 * U + 6, 9 * U + 6]
        assert got["legendHidden"] is True and got["legend"] == []
        assert got["arrows"] == got["clues"] == got["quads"] == []
    finally:
        browser.close()
    assert (tmp_path / "arrows.png").stat().st_size > 5_000
    keep = os.environ.get("YASS_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(tmp_path / "arrows.png", Path(keep) / "web-variant-arrows.png")


@pytest.mark.skipif(
    not os.access(CHROMIUM, os.X_OK),
    reason=f"no headless browser: {CHROMIUM} is not installed (Debian package 'chromium')",
)
def test_lines_across_a_toroidal_edge_wrap_round_on_the_page(tmp_path: Path) -> None:
    """On a toroidal grid the page draws a line, an arrow or a cage that crosses an edge as
    the printed view does: out at one edge, back in at the opposite one."""
    import base64
    import xml.etree.ElementTree as ET

    from test_printout import TORUS, _polylines
    from yass.engine.fast import solve
    from yass.render import printout

    solution = solve(puzzle_from_json(TORUS))
    assert solution is not None
    entry = {**TORUS, "givens": "." * 8 + "".join(map(str, solution))[8:]}
    puzzle = puzzle_from_json(entry)
    printed = ET.fromstring(printout.svg(puzzle.board()))
    page = tmp_path / "torus.html"
    page.write_text(standalone_html(explain_payload(puzzle)), encoding="utf-8")
    browser = Browser(tmp_path / "profile")
    try:
        browser.open(page.as_uri())
        browser.wait("location.protocol === 'file:' && document.readyState === 'complete'"
                     " && !!document.querySelector('#board svg')")
        drawn = browser.js("""(() => {
          const svg = document.querySelector('#board svg');
          const pts = (node) => node.getAttribute('points').split(' ')
            .map((p) => p.split(',').map(Number));
          const of = (sel) => [...svg.querySelectorAll(sel)].map(pts);
          return {
            thermo: of('polyline.line-thermo'), renban: of('polyline.line-renban'),
            whispers: of('polyline.line-whispers'), arrow: of('polyline.arrow-line'),
            heads: svg.querySelectorAll('polyline.arrow-line[marker-end]').length,
            cage: svg.querySelector('path.cage').getAttribute('d').split('M').length - 1,
          };
        })()""")
        shot = browser.call("Page.captureScreenshot", format="png")["data"]
        (tmp_path / "torus.png").write_bytes(base64.b64decode(shot))
    finally:
        browser.close()
    for kind in ("thermo", "renban", "whispers"):
        want = _polylines(printed, f"line-{kind}")
        assert len(want) == 2
        assert [[tuple(p) for p in run] for run in drawn[kind]] == want
    arrow = _polylines(printed, "arrow-line")
    assert [[tuple(p) for p in run] for run in drawn["arrow"]] == [
        [pytest.approx(p) for p in run] for run in arrow]
    assert drawn["heads"] == 1  # the arrowhead only at the line's far end
    assert drawn["cage"] == 6  # open where the cage crosses the edge
    keep = os.environ.get("YASS_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(tmp_path / "torus.png", Path(keep) / "web-toroidal-lines.png")
