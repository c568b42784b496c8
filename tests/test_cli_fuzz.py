"""A fuzz test over the ``yass`` command (issue 9, item 8; issue 26's shapes added).

A seeded generator makes command lines and standard input: real puzzles of several sizes
and rules, puzzles with a character changed, cut or doubled, clashing givens, JSON with
missing or wrong fields (numbers out of range, dots and lines between cells that do not
touch, a solution that contradicts the puzzle), f-puzzles links with invalid values,
lines of 81 wrong characters (letters, other scripts' digits, full-width digits, emoji),
pictures, binary junk, odd options and option values (values that start with ``-``,
``--marks`` before the puzzle). Every run
goes through ``main([...])`` in this process and must end with a documented exit code,
never an exception (so never a traceback); a failure is one line on standard error, and
every line on standard error is one of yass's own. The cases are small (grids up to 9x9
with many givens, a bounded ``--limit``), so the whole test takes a few seconds.
"""

from __future__ import annotations

import io
import json
import random
import re
import sys
from collections.abc import Callable

import pytest

from conftest import SEED_PUZZLE
from yass.cli.commands import main
from yass.cli.common import EXIT_CODES

SEED_SOLUTION = "429516873851739246637482591395274618164958732782163459576891324213647985948325167"
SOLUTION_4 = "1234341221434321"
SOLUTION_6 = "123456456123231564564231312645645312"

#: The exit codes ``yass --help`` documents.
DOCUMENTED = {int(code) for code in re.findall(r"^  (\d+) ", EXIT_CODES, re.MULTILINE)}
#: The codes a fuzzed run may end with: 3 (an internal error) would be a bug, and the
#: others need a bound, a signal or a closed pipe, which the fuzz test does not set.
EXPECTED = {0, 1, 2}

CASES = 260


def _blank(rng: random.Random, solution: str, keep: float) -> str:
    return "".join(ch if rng.random() < keep else rng.choice(".0") for ch in solution)


def _mangle(rng: random.Random, text: str) -> str:
    """The text with one small change: a character changed, one cut, one doubled..."""
    if not text:
        return rng.choice(["x", "0", "\x00", "é", "-"])
    i = rng.randrange(len(text))
    junk = rng.choice(["x", "Z", "G", "H", "0", ".", " ", "|", "\t", "\x00", "é", "\u2028", "9"])
    how = rng.randrange(5)
    if how == 0:
        return text[:i] + junk + text[i + 1 :]
    if how == 1:
        return text[:i] + text[i + 1 :]
    if how == 2:
        return text[:i] + text[i] + text[i:]
    if how == 3:
        return text[:i]
    return text + junk


def _puzzle(rng: random.Random) -> str:
    """A puzzle line, usually valid and small enough to solve at once."""
    kind = rng.randrange(6)
    if rng.random() < 0.06:
        return _link(rng)
    if kind == 0:
        text = _blank(rng, SOLUTION_4, rng.uniform(0.0, 0.8))
    elif kind == 1:
        text = _blank(rng, SOLUTION_6, rng.uniform(0.3, 0.9))
    elif kind == 2:
        text = _blank(rng, SEED_SOLUTION, rng.uniform(0.45, 0.95))
    elif kind == 3:
        text = SEED_PUZZLE
    elif kind == 4:
        text = "".join(rng.choice("123456789.") for _ in range(81))  # clashes, most likely
    elif kind == 5 and rng.random() < 0.5:
        text = rng.choice(WRONG_CHARACTERS) * 81
    else:
        text = "".join(rng.choice("0123456789.ABCDEFG") for _ in range(rng.choice([1, 4, 16])))
    return _mangle(rng, text) if rng.random() < 0.3 else text


#: Characters of which 81 make a line that is no puzzle: a letter, Arabic-Indic and
#: full-width digits, an emoji, a letter with an accent.
WRONG_CHARACTERS = ["x", "\u0663", "\uff13", "\U0001f600", "\u00e9"]


def _link(rng: random.Random) -> str:
    """An f-puzzles link, often with an invalid value in it."""
    from yass.formats.fpuzzles import FPUZZLES_PREFIX, encode_payload

    grid: list[list[dict[str, object]]] = [[{} for _ in range(9)] for _ in range(9)]
    for i, ch in enumerate(SEED_PUZZLE):
        if ch != "0":
            grid[i // 9][i % 9] = {"value": int(ch), "given": True}
    data: dict[str, object] = {"size": 9, "grid": grid}
    bad = rng.randrange(7)
    if bad == 0:
        grid[0][1] = {"value": rng.choice([42, "x", -1, 0.5, None, True]), "given": True}
    elif bad == 1:
        grid[0][1] = {"value": rng.choice([42, "x", 3])}
    elif bad == 2:
        data["grid"] = rng.choice([None, [], "grid"])
    elif bad == 3:
        data["ratio"] = [{"cells": ["R1C2", rng.choice(["R1C3", "R5C5"])],
                          "value": rng.choice(["0", "1", "2", "-2", "x"])}]
    elif bad == 4:
        data["thermometer"] = [{"lines": [["R1C2", rng.choice(["R2C3", "R4C4"])]]}]
    elif bad == 5:
        data["size"] = rng.choice([0, -9, "9", 99])
    return FPUZZLES_PREFIX + encode_payload(data)


def _picture(rng: random.Random) -> str:
    line = _blank(rng, SEED_SOLUTION, rng.uniform(0.5, 0.9))
    rows = [line[i : i + 9] for i in range(0, 81, 9)]
    if rng.random() < 0.5:
        rows = [" ".join(r[:3]) + " | " + " ".join(r[3:6]) + " | " + " ".join(r[6:]) for r in rows]
    if rng.random() < 0.3:
        del rows[rng.randrange(len(rows))]
    return "\n".join(rows)


def _json(rng: random.Random) -> str:
    objs: list[object] = []
    for _ in range(rng.randint(1, 3)):
        obj: dict[str, object] = {"givens": _blank(rng, SEED_SOLUTION, rng.uniform(0.5, 0.9))}
        if rng.random() < 0.3:
            obj["name"] = rng.choice(["a\nb", "\x1b[2J", "ok", "", "\u202e", 5])
        if rng.random() < 0.2:
            obj["size"] = rng.choice([9, 4, 0, -1, "9", 25, True, None])
        if rng.random() < 0.4:
            obj["constraints"] = rng.choice(
                [
                    [{"type": "antiknight"}],
                    [{"cells": ["r1c1"]}],
                    [{"type": "thermo", "cells": ["r1c1", "r1c2"]}],
                    [{"type": "thermo"}],
                    [{"type": "nope"}],
                    [{"type": "xv", "cells": ["r1c1", "r9c9"], "sum": "x"}],
                    [{"type": "diagonal", "direction": "up"}],
                    [{"type": "ratio", "cells": ["r1c1", "r1c2"], "value": 0}],
                    [{"type": "ratio", "cells": ["r1c1", "r5c5"]}],
                    [{"type": "difference", "cells": ["r1c1", "r2c2"], "value": 1}],
                    [{"type": "xv", "cells": ["r1c1", "r1c2"], "sum": 7}],
                    [{"type": "whispers", "cells": ["r1c1", "r1c2"], "value": -3}],
                    [{"type": "thermo", "cells": ["r1c1", "r3c3"]}],
                    [{"type": "killer", "cells": ["r1c1", "r1c2"], "sum": -4}],
                    [5],
                    "antiknight",
                ]
            )
        if rng.random() < 0.15:
            obj["solution"] = rng.choice(
                [SEED_SOLUTION, "2" + SEED_SOLUTION[1:], "1" * 81, "x", 5, None]
            )
        if rng.random() < 0.2:
            del obj["givens"]
        objs.append(obj)
    text = json.dumps(objs if len(objs) > 1 or rng.random() < 0.5 else objs[0])
    return _mangle(rng, text) if rng.random() < 0.25 else text


def _stdin(rng: random.Random) -> bytes:
    kind = rng.randrange(5)
    if kind == 0:
        text = "\n".join(_puzzle(rng) for _ in range(rng.randint(0, 4)))
    elif kind == 1:
        text = _picture(rng)
    elif kind == 2:
        text = _json(rng)
    elif kind == 3:
        text = rng.choice(
            ["", "\n\n", "# only a comment\n", "{", "[]", "null", "\ufeff" + SEED_PUZZLE]
        )
    else:
        return bytes(rng.randrange(256) for _ in range(rng.randint(1, 200)))
    return text.encode()


OPTIONS: dict[str, list[Callable[[random.Random], list[str]]]] = {
    "solve": [
        lambda r: ["--format", r.choice(["pretty", "line", "json", "xml"])],
        lambda r: ["--techniques", r.choice(["", "none", "ns,hs", "-sp,-fn", "zz", ",", "-"])],
        lambda r: ["--first"],
        lambda r: ["--steps"],
        lambda r: ["--guess-order", r.choice(["random", "fixed", "up"]), "--seed", "3"],
        lambda r: ["-j", r.choice(["1", "0", "-3", "x"])],
        lambda r: ["--seed", r.choice(["-3", "5", "-x"])],
        lambda r: ["--timeout", r.choice(["-1", "-0.5", "-inf", "nan"])],
        lambda r: ["--max-guesses", r.choice(["-1", "-", "--"])],
        lambda r: ["--stats"],
        lambda r: ["--no-progress"],
        lambda r: ["--unique"],
    ],
    "count": [lambda r: ["--limit", r.choice(["1", "2", "50", "0", "-1", "2147483648", "1e3"])]],
    "check": [],
    "convert": [lambda r: ["--to", r.choice(["fpuzzles", "sudokupad", "json", "line", "-x"])]],
    "show": [lambda r: ["--view", r.choice(["grid", "candidates", "levels", "pencil"])]],
    "explain": [
        lambda r: ["--format", r.choice(["text", "json"])],
        lambda r: ["--techniques", r.choice(["ns,hs", "none", ""])],
        lambda r: ["-v"],
    ],
    "hint": [
        lambda r: ["--level", r.choice(["1", "2", "3", "4"])],
        lambda r: ["--marks", r.choice(["2", "3"])],
        lambda r: ["--techniques", r.choice(["ns,hs", "fh"])],
    ],
}
RULES = ["antiknight", "antiking", "miracle", "diagonal", "windoku", "x", "nope", "", ","]


def _argv(rng: random.Random) -> tuple[list[str], bytes]:
    """A command line and the standard input for it."""
    if rng.random() < 0.05:
        return rng.choice(
            [
                [],
                ["--version"],
                ["frobnicate"],
                ["rules"],
                ["techniques"],
                ["techniques", "--format", "json"],
                ["solve"],
                ["--help"],
            ]
        ), b""
    command = rng.choice(list(OPTIONS))
    data = b""
    if rng.random() < 0.4:
        puzzle = "-"
        data = _stdin(rng)
    else:
        puzzle = _picture(rng) if rng.random() < 0.1 else _puzzle(rng)
        if command in ("explain", "hint") and len(puzzle) > 40 and rng.random() < 0.7:
            puzzle = _blank(rng, SOLUTION_4 if rng.random() < 0.5 else SOLUTION_6, 0.5)
    argv = [command, puzzle]
    if command == "hint" and rng.random() < 0.3:
        argv = [command, "--marks", *([rng.choice(["2", "3"])] if rng.random() < 0.5 else []),
                puzzle]
    for make in rng.sample(OPTIONS[command], k=min(len(OPTIONS[command]), rng.randint(0, 2))):
        argv += make(rng)
    if rng.random() < 0.15:
        argv += ["--rules", rng.choice(RULES)]
    if command in ("explain", "hint") and "--techniques" not in argv:
        argv += ["--techniques", "ns,hs,ic"]  # keep the heavy techniques out of the fuzz
    return argv, data


def test_fuzzed_command_lines(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(20261123)
    codes: dict[int, int] = {}
    for case in range(CASES):
        argv, data = _argv(rng)
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
        try:
            code = main(argv)
        except SystemExit as exc:  # main returns its code; it must never exit itself
            pytest.fail(f"case {case}: {argv!r} raised SystemExit({exc.code!r})")
        except BaseException as exc:
            pytest.fail(f"case {case}: {argv!r} with {data[:60]!r} raised {exc!r}")
        out, err = capsys.readouterr()
        where = f"case {case}: {argv!r} with {data[:60]!r}"
        assert code in DOCUMENTED, where
        assert code in EXPECTED, f"{where}: exit {code}, {err!r}"
        assert "Traceback" not in err and "Traceback" not in out, where
        for line in err.splitlines():
            assert line.startswith("yass: ") or line.startswith("usage: "), f"{where}: {err!r}"
        if code == 2 and not data and argv[1:2] != ["-"] and "--help" not in argv:
            # one puzzle (or none) and an error: exactly one line says what is wrong
            assert len(err.splitlines()) == 1, f"{where}: {err!r}"
        codes[code] = codes.get(code, 0) + 1
    assert set(codes) == EXPECTED  # the generator reaches every outcome
    assert {0, 1, 2, 3, 130, 141} <= DOCUMENTED


@pytest.mark.parametrize("command", ["solve", "check", "count", "rate", "explain"])
def test_a_nul_character_in_the_puzzle_argument_is_one_line(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by a longer run of the fuzzer: a NUL taken for a file name reached open()."""
    assert main([command, "a\x00b"]) == 2
    err = capsys.readouterr().err
    assert err == "yass: error: cannot read 'a\\x00b': not a file name\n"
