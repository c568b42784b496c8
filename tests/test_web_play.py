"""The play and set page (/play) in headless Chromium, driven with real key presses and
mouse clicks over the DevTools protocol (the harness of test_web.py), and `yass play`."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from conftest import SEED_PUZZLE
from test_web import CHROMIUM, Browser
from yass.engine.search import solutions
from yass.formats import parse_puzzle
from yass.web import Server
from yass.web.analyze import analyze

needs_chromium = pytest.mark.skipif(
    not os.access(CHROMIUM, os.X_OK),
    reason=f"no headless browser: {CHROMIUM} is not installed (Debian package 'chromium')",
)


class Page:
    """A browser tab on the play page, with keys and clicks as a person gives them."""

    def __init__(self, browser: Browser) -> None:
        self.b = browser

    def js(self, expression: str) -> Any:
        return self.b.js(expression)

    def wait(self, expression: str) -> Any:
        return self.b.wait(expression)

    def key(self, key: str, code: str = "", modifiers: int = 0, vk: int = 0) -> None:
        """One key press: ``modifiers`` 2 Ctrl, 8 Shift."""
        for kind in ("keyDown", "keyUp"):
            self.b.call("Input.dispatchKeyEvent", type=kind, key=key, code=code or key,
                        modifiers=modifiers, windowsVirtualKeyCode=vk)

    def digit(self, d: int, modifiers: int = 0) -> None:
        self.key(str(d), f"Digit{d}", modifiers, 48 + d)

    def click_cell(self, cell: int, modifiers: int = 0) -> None:
        x, y = self.js(f"""(() => {{
            const svg = document.querySelector('#board svg');
            const pt = svg.createSVGPoint();
            pt.x = {cell % 9} * 60 + 30; pt.y = {cell // 9} * 60 + 30;
            const p = pt.matrixTransform(svg.getScreenCTM());
            return [p.x, p.y]; }})()""")
        for kind in ("mousePressed", "mouseReleased"):
            self.b.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left",
                        clickCount=1, modifiers=modifiers)

    def click(self, selector: str) -> None:
        self.js(f"document.querySelector({json.dumps(selector)}).click(); true")

    def grid(self) -> str:
        """The digits on the board, row by row ('.' for none)."""
        got = self.js("""[...document.querySelectorAll('#board text[data-cell]')]
            .map(t => [Number(t.dataset.cell), t.textContent])""")
        out = ["."] * 81
        for cell, text in got:
            out[cell] = text
        return "".join(out)

    def text(self, element_id: str) -> str:
        return str(self.js(f"document.getElementById({json.dumps(element_id)}).textContent"))


@pytest.fixture
def page(server: Server, tmp_path: Path) -> Iterator[Page]:
    browser = Browser(tmp_path / "profile")
    try:
        yield Page(browser)
    finally:
        browser.close()


def _open(page: Page, server: Server, query: str) -> None:
    page.b.open(server.address.url + "play?" + query)
    page.wait("!document.getElementById('game').hidden && !!document.querySelector('#board svg')")


@needs_chromium
def test_play_to_the_end_with_keys_and_clicks(page: Page, server: Server) -> None:
    """Digits by click and key, marks with Shift and Ctrl, undo and redo, Check finds a
    wrong digit, a hint at each level applied, a reload keeps the grid, then the end."""
    puzzle = parse_puzzle(SEED_PUZZLE)
    (solution,) = list(solutions(puzzle))
    empty = [c for c, g in enumerate(puzzle.givens) if not g]
    _open(page, server, "puzzle=" + SEED_PUZZLE)
    assert page.grid() == SEED_PUZZLE.replace("0", ".")
    # a wrong digit: Check counts it, and shows it only when asked
    wrong_cell = empty[0]
    page.click_cell(wrong_cell)
    page.digit(solution[wrong_cell] % 9 + 1)
    page.click("#check")
    assert page.wait("document.getElementById('status').textContent") == (
        "1 placed digit is wrong.")
    assert page.js("document.querySelectorAll('#board text.wrong').length") == 0
    page.click("#show-wrong")
    assert page.js("document.querySelector('#board text.wrong').dataset.cell") == str(wrong_cell)
    # undo and redo with the keys
    page.key("z", "KeyZ", 2, 90)
    assert page.grid()[wrong_cell] == "."
    page.key("y", "KeyY", 2, 89)
    assert page.grid()[wrong_cell] == str(solution[wrong_cell] % 9 + 1)
    page.key("z", "KeyZ", 2, 90)
    # a corner mark (Shift) and a centre mark (Ctrl) on the cell below, by arrow key
    page.key("ArrowDown", "ArrowDown", 0, 40)  # r2c2, empty
    cursor = page.js("document.querySelector('#board rect.cursor') !== null")
    assert cursor
    page.digit(3, 8)
    page.digit(5, 2)
    assert page.js("[...document.querySelectorAll('#board .corner-mark')].map(t => "
                   "t.textContent).join('')") == "3"
    assert page.js("[...document.querySelectorAll('#board .centre-mark')].map(t => "
                   "t.textContent).join('')") == "5"
    page.key("Delete", "Delete", 0, 46)
    assert page.js("document.querySelectorAll('#board .corner-mark, #board .centre-mark')"
                   ".length") == 0
    # a third of the grid in, then a hint at each level on it
    for cell in empty[: len(empty) // 3]:
        page.click_cell(cell)
        page.digit(solution[cell])
    progress = page.grid()
    expected = analyze({"puzzle": SEED_PUZZLE, "progress": progress, "rate": False})["hint"]
    for level in (1, 2, 3):
        page.click(f".hint-box button[data-level='{level}']")
        assert page.wait(f"document.getElementById('hint').textContent === "
                         f"{json.dumps(expected['texts'][level - 1])}")
    assert page.text("hints-used") == "1"
    assert page.js("document.querySelectorAll('#board circle[class^=hl-]').length") > 0
    page.click("#apply")
    after = page.grid()
    for name, d in expected["step"]["placements"]:
        r, c = int(name[1]) - 1, int(name[3]) - 1
        assert after[r * 9 + c] == str(d)
    # a reload keeps the digits, the marks and the hints used
    page.js("window.beforeReload = true")
    page.b.call("Page.reload")
    page.wait("!window.beforeReload && !document.getElementById('game').hidden &&"
              " !!document.querySelector('#board svg')")
    assert page.grid() == after
    assert page.text("hints-used") == "1"
    page.key("z", "KeyZ", 2, 90)  # the undo history survived too: the hint's step goes
    assert page.grid() == progress
    page.key("y", "KeyY", 2, 89)
    # the rest, to the end
    for cell in empty:
        if page.grid()[cell] == ".":
            page.click_cell(cell)
            page.digit(solution[cell])
    assert page.grid() == "".join(map(str, solution))
    summary = page.wait("!document.getElementById('done').hidden &&"
                        " document.getElementById('done-summary').textContent")
    assert summary.startswith("time ") and "rating ER " in summary
    assert summary.endswith("hints used 1")
    # a link carries the grid to another tab
    page.click("#share")
    link = page.js("document.getElementById('share-link').value")
    assert "state=" in link
    shot = page.b.call("Page.captureScreenshot", format="png")["data"]
    _keep_screenshot(shot, "web-play.png")
    page.js("localStorage.clear(); true")  # nothing saved: the grid comes from the link
    page.b.open(link)
    page.wait("!document.getElementById('game').hidden && !!document.querySelector('#board svg')")
    assert page.grid() == "".join(map(str, solution))
    assert page.text("hints-used") == "1"


@needs_chromium
def test_views_and_fill_candidates(page: Page, server: Server) -> None:
    _open(page, server, "puzzle=" + SEED_PUZZLE)
    page.click("#fill")
    board = parse_puzzle(SEED_PUZZLE).board()
    marks = page.js("[...document.querySelectorAll('#board .centre-mark')].map(t => "
                    "t.textContent)")
    expected = ["".join(str(d) for d in range(1, 10) if m >> (d - 1) & 1)
                for c, m in enumerate(board.cands) if not board.values[c]]
    assert marks == expected
    page.key("l", "KeyL", 0, 76)
    assert page.js("document.querySelectorAll('#levels figure').length") == 9
    assert page.js("document.querySelectorAll('#levels figure')[3].querySelectorAll("
                   "'.lvl-on').length") == SEED_PUZZLE.count("4")
    page.key("z", "KeyZ", 2, 90)  # undo the fill
    assert page.js("document.querySelectorAll('#board .centre-mark').length") == 0


def _few_solution_puzzle() -> str:
    """The seed puzzle with givens taken away until it has a few solutions."""
    line = list(SEED_PUZZLE)
    for cell in (0, 2, 4, 6, 8, 12, 13):
        line[cell] = "0"
        if len(list(solutions(parse_puzzle("".join(line)), 3))) > 1:
            break
    return "".join(line)


@needs_chromium
def test_set_mode_cage_and_given_change_the_count(page: Page, server: Server) -> None:
    text = _few_solution_puzzle()
    before = analyze({"puzzle": text, "rate": False})
    assert before["solutions"] == 2
    open_cells = [c for c, tc in enumerate(before["true_candidates"]) if len(tc) > 1]
    # a cage over two open cells with the sum one solution gives them
    first = next(solutions(parse_puzzle(text)))
    pair = next((a, b) for a in open_cells for b in open_cells if b == a + 1)
    total = first[pair[0]] + first[pair[1]]
    names = [f"r{c // 9 + 1}c{c % 9 + 1}" for c in pair]
    _open(page, server, "mode=set&puzzle=" + quote(text))
    assert page.wait("document.getElementById('count') &&"
                     " document.getElementById('count').textContent") == "2 or more"
    opened = page.text("true-count")
    page.click_cell(pair[0])
    page.click_cell(pair[1], 8)
    page.js(f"const v = document.getElementById('rule-value'); v.value = '{total}';"
            " v.focus(); true")
    page.key("Enter", "Enter", 0, 13)  # Enter in the sum's field adds the cage
    page.wait("document.querySelectorAll('#board .cage').length === 1 ||"
              " document.querySelectorAll('#board path.cage').length === 1")
    from yass.formats import puzzle_to_json

    obj = puzzle_to_json(parse_puzzle(text))
    obj["constraints"] = [{"type": "killer", "cells": names, "sum": total}]
    with_cage = analyze({"puzzle": obj, "minimality": True, "rate": False})
    shown = page.wait(f"document.getElementById('true-count').textContent !== {json.dumps(opened)}"
                      " && document.getElementById('true-count').textContent")
    still = sum(1 for tc in with_cage["true_candidates"] if len(tc) > 1)
    assert shown.startswith(f"{still} cell")
    marks = page.js("document.querySelectorAll('#board .true-cand').length")
    assert marks == sum(len(tc) for c, tc in enumerate(with_cage["true_candidates"])
                        if not obj["givens"][c].strip(".0"))
    shot = page.b.call("Page.captureScreenshot", format="png")["data"]
    _keep_screenshot(shot, "web-set.png")
    assert with_cage["solutions"] == 2
    # one more given (from the minimality answer) makes it unique, typed from the keyboard
    cell_name, digit = with_cage["minimality"]["completing"][0]
    cell = (int(cell_name[1]) - 1) * 9 + int(cell_name[3]) - 1
    page.js("document.getElementById('board').focus(); true")
    at = pair[1]  # the cursor: walk there with the arrow keys
    for _ in range((cell // 9 - at // 9) % 9):
        page.key("ArrowDown", "ArrowDown", 0, 40)
    for _ in range((cell % 9 - at % 9) % 9):
        page.key("ArrowRight", "ArrowRight", 0, 39)
    page.digit(digit)
    assert page.wait("document.getElementById('count').textContent === '1 (unique)'")
    assert page.wait("!!document.getElementById('hardest')")
    # export: an f-puzzles link of the puzzle as set
    page.click("[data-export=fpuzzles]")
    assert page.wait("document.getElementById('export').value").startswith("https://")


def _keep_screenshot(data: str, name: str) -> None:
    import base64

    keep = os.environ.get("YASS_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        (Path(keep) / name).write_bytes(base64.b64decode(data))


def test_play_command_rejects_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    from yass.cli.commands import main

    assert main(["play", "123", "--no-open"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "wrong length" in err


def test_play_command_opens_the_page_on_the_puzzle(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import webbrowser

    from yass.cli.commands import main

    opened: list[str] = []
    def fake_open(url: str) -> bool:
        opened.append(url)
        return True

    monkeypatch.setattr(webbrowser, "open", fake_open)

    def serve_once(self: Server) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(Server, "serve_forever", serve_once)
    path = tmp_path / "p.txt"
    path.write_text(SEED_PUZZLE + "\n")
    assert main(["play", str(path), "--port", "0"]) == 130  # Ctrl-C
    assert len(opened) == 1 and "/play?puzzle=" + SEED_PUZZLE in opened[0]


@needs_chromium
def test_all_steps_listed_and_one_applied(page: Page, server: Server) -> None:
    """"All steps here" lists every step on the player's grid by technique, as
    ``yass hint --all`` does; a step clicked becomes the hint, and Apply carries it out."""
    from yass.services import hints

    puzzle = parse_puzzle(SEED_PUZZLE)
    expected = hints.all_steps(hints.in_progress(puzzle.board(), puzzle)).to_json()
    _open(page, server, "puzzle=" + SEED_PUZZLE)
    page.click("#all-steps")
    heads = page.wait("(() => { const h = [...document.querySelectorAll('#all-steps-list h4')];"
                      " return h.length ? h.map(e => e.textContent) : null; })()")
    assert heads == [f"{g['name']} ({len(g['steps'])})" for g in expected["techniques"]]
    # the easy techniques' steps, one by one (the order in which forcing chains are found
    # may differ between a process's first search and later ones)
    easy = [s["notation"] for g in expected["techniques"][:3] for s in g["steps"]]
    notations = page.js("[...document.querySelectorAll('#all-steps-list li')]"
                        ".map(e => e.textContent)")
    assert notations[: len(easy)] == easy
    first = expected["techniques"][0]["steps"][0]
    page.click("#all-steps-list li")
    assert page.text("hint").startswith(first["notation"])
    assert page.js("document.getElementById('apply').disabled") is False
    page.click("#apply")
    grid = page.grid()
    names = [puzzle.layout.name(c) for c in range(81)]
    assert first["placements"]  # the seed's first technique places digits
    for cell_name, digit in first["placements"]:
        assert grid[names.index(cell_name)] == str(digit)
    assert page.text("all-steps-list") == ""  # the grid changed: the list is gone


@needs_chromium
def test_all_steps_on_the_explain_page(page: Page, server: Server) -> None:
    """On the explain page, "All steps here" lists the steps on the board before the step
    shown (not the one after it); a click on one draws it there, and a step of the path
    takes the list away."""
    from yass.logic.explain import explain

    path = explain(parse_puzzle(SEED_PUZZLE)).steps
    page.b.open(server.address.url + "?puzzle=" + SEED_PUZZLE + "&step=5")
    page.wait("document.getElementById('position').textContent === 'step 6 of "
              f"{len(path)}'")
    page.click("#all-steps")
    lines = page.wait("(() => { const l = [...document.querySelectorAll('#all-steps-list li')];"
                      " return l.length ? l.map(e => e.textContent) : null; })()")
    assert path[5].notation in lines  # the path's next step is one of them
    assert not {s.notation for s in path[:5]} & set(lines)  # the steps taken are not
    page.js("[...document.querySelectorAll('#all-steps-list li')].at(-1).click(); true")
    assert page.text("notation") == lines[-1]
    assert page.js("document.querySelectorAll('#board .role').length") > 0
    page.click("#next")
    assert page.text("all-steps-list") == "" and page.text("notation") == path[6].notation
