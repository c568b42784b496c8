"""Issue 26 ("Hardening, round two"): write failures, option values that start with
``-``, impossible and trivial generate requests, bounds on every search, Dask addresses,
convert's memory, validation of f-puzzles and JSON values, progress and the rules text.

(Ctrl-C on a terminal is tests/test_interrupts.py.)
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import SEED_PUZZLE
from yass.cli.commands import main
from yass.cli.common import EXIT_WRITE_FAILED

P = SEED_PUZZLE
SEED_SOLUTION = "429516873851739246637482591395274618164958732782163459576891324213647985948325167"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def yass(*argv: str, shell: str = "", timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``python -m yass ARGV`` in a fresh process; ``shell``: redirections for sh."""
    if shell:
        command = ["sh", "-c", f'exec "$@" {shell}', "sh", sys.executable, "-m", "yass", *argv]
    else:
        command = [sys.executable, "-m", "yass", *argv]
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout)


# -- 6. write failures: one line and exit code 74, for every command -------------------------

#: A quick run of every command (each writes something to standard output).
EVERY_COMMAND = {
    "solve": ["solve", P],
    "solve line": ["solve", P, "--format", "line"],
    "count": ["count", P],
    "check": ["check", P],
    "candidates": ["candidates", P],
    "show": ["show", P],
    "explain": ["explain", P],
    "hint": ["hint", P],
    "techniques": ["techniques"],
    "rules": ["rules"],
    "generate": ["generate", "-j", "1"],
    "rate": ["rate", P],
    "convert": ["convert", P],
    "web": ["web", "--port", "0"],
    "--help": ["--help"],
    "solve --help": ["solve", "--help"],
    "--version": ["--version"],
}


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("command", list(EVERY_COMMAND))
def test_a_full_disk_gives_one_line_and_exit_74(command: str) -> None:
    done = yass(*EVERY_COMMAND[command], shell=">/dev/full")
    assert done.returncode == EXIT_WRITE_FAILED == 74, done.stderr
    assert done.stderr == "yass: error: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("command", list(EVERY_COMMAND))
def test_a_closed_standard_output_gives_one_line_and_exit_74(command: str) -> None:
    done = yass(*EVERY_COMMAND[command], shell=">&-")
    assert done.returncode == 74, done.stderr
    assert done.stderr == "yass: error: standard output is closed, so no result can be written\n"


def test_standard_output_not_open_for_writing_gives_one_line() -> None:
    done = yass("solve", P, shell="1</dev/null")
    assert done.returncode == 74
    assert done.stderr == "yass: error: cannot write the output: Bad file descriptor\n"


def test_closed_standard_error_still_answers() -> None:
    done = yass("solve", P, "--format", "line", shell="2>&-")
    assert done.returncode == 0 and done.stdout == SEED_SOLUTION + "\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_explain_html_on_a_full_disk_and_an_empty_name(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "explain", P, "--html", "/dev/full")
    assert code == 74 and err == "yass: error: cannot write /dev/full: No space left on device\n"
    code, out, err = run(capsys, "explain", P, "--html", "")
    assert code == 2 and out == ""
    assert err == "yass: error: --html needs the name of the file to write\n"


# -- 7. option values that start with '-' ------------------------------------------------------


def test_techniques_with_leading_minus_as_documented(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", P, "--techniques", "-sp,-fn", "--steps")
    assert code == 0, err
    assert out == run(capsys, "solve", P, "--techniques=-sp,-fn", "--steps")[1]
    code, out, err = run(capsys, "solve", P, "--techniques", "-fh,-nt", "--steps")
    assert code == 0, err
    assert "Full House" not in out and "Naked Triple" not in out and "Naked Single" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", P, "--timeout", "-1"], "argument --timeout: must be more than 0 seconds"),
        (["count", P, "--limit", "-5"], "argument --limit: must be at least 1, not -5"),
        (["explain", P, "--max-guesses", "-2"], "argument --max-guesses: cannot be negative"),
        (["generate", "-n", "-1"], "argument -n/--count: must be at least 1, not -1"),
    ],
)
def test_negative_option_values_get_their_own_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err and "expected one argument" not in err
    assert len(err.splitlines()) == 1


def test_an_option_followed_by_another_option_still_wants_its_value(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "solve", P, "--techniques", "--steps")
    assert code == 2 and "argument --techniques: expected one argument" in err


def test_hint_marks_before_the_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    after = run(capsys, "hint", P, "--marks")
    before = run(capsys, "hint", "--marks", P)
    assert before == after and before[0] == 0 and "b1: 1 in r2c1,r2c3" in before[1]
    three = run(capsys, "hint", "--marks", "3", P)
    assert three[0] == 0 and three[1] != before[1] and "b1: 2 in r1c2,r3c1,r3c2" in three[1]


# -- 3 and 5. --timeout holds for every command that searches ----------------------------------

EMPTY9 = "." * 81
EMPTY16 = "." * 256
#: The issue's bound: a command stops within 0.5 s of its --timeout ...
OVERSHOOT = 0.5
#: ... and the margin for a loaded 2-core CI machine (imports, other tests' processes).
MARGIN = 1.5

#: Commands that search, each given work far beyond its --timeout (several seconds at
#: least: a case that finishes within the timeout on a fast machine tests nothing).
SEARCHES = {
    "solve miracle": ["solve", EMPTY9, "--rules", "miracle"],
    "solve miracle json": ["solve", EMPTY9, "--rules", "miracle", "--format", "json"],
    "explain miracle": ["explain", EMPTY9, "--rules", "miracle"],
    "hint 16x16 miracle": ["hint", EMPTY16, "--rules", "miracle"],
    "count 16x16 miracle": ["count", EMPTY16, "--rules", "miracle"],
    "check 16x16 miracle": ["check", EMPTY16, "--rules", "miracle"],
    "candidates 16x16 miracle": ["candidates", EMPTY16, "--rules", "miracle"],
    "show --after 16x16": ["show", EMPTY16, "--after", "300"],
    "show --after miracle": ["show", EMPTY9, "--rules", "miracle", "--after", "80"],
    "generate miracle": ["generate", "--rules", "miracle", "-n", "5", "-j", "1"],
    "generate extreme -j 2": ["generate", "--level", "extreme", "-n", "2", "-j", "2"],
}


def timed_main(argv: list[str], limit: float = 60) -> tuple[int, float, str]:
    """(exit code, seconds main() took, standard output) of ``main(argv)`` in a fresh
    process (interpreter start-up not counted; a hang fails after ``limit``)."""
    script = (
        "import io, sys, time\nfrom yass.cli.commands import main\n"
        f"argv = {argv!r}\nout = io.StringIO()\nreal, sys.stdout = sys.stdout, out\n"
        "t = time.monotonic()\ncode = main(argv)\nseconds = time.monotonic() - t\n"
        "sys.stdout = real\nprint(code, seconds)\nprint(out.getvalue(), end='')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=limit
    )
    head, _, out = done.stdout.partition("\n")
    code, seconds = head.split()
    return int(code), float(seconds), out


@pytest.mark.parametrize("case", list(SEARCHES))
def test_timeout_holds_for_every_search(case: str) -> None:
    timeout = 0.5
    code, seconds, out = timed_main([*SEARCHES[case], "--timeout", str(timeout)])
    assert code == 4, out
    assert "timeout after 0.5 s" in out or "no puzzle found within 0.5 s" in out
    assert seconds < timeout + OVERSHOOT + MARGIN, f"{case}: {seconds:.2f} s"


#: A puzzle rated ER 11.9 (Easter Monster): SE's nested chains and yass's ladder take far
#: longer than a second on it.
EASTER_MONSTER = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"


@pytest.mark.parametrize("scale", ["se", "hodoku", "all"])
def test_rate_holds_its_timeout_and_says_the_rating_is_incomplete(scale: str) -> None:
    timeout = 0.5
    code, seconds, out = timed_main(
        ["rate", EASTER_MONSTER, "--scale", scale, "--timeout", str(timeout)]
    )
    assert code == 4, out
    if scale != "hodoku":  # SE's lower bounds, never a made-up number
        assert "ER >= " in out and "incomplete" in out
    if scale != "se":
        assert "ladder incomplete: past --timeout" in out
    assert seconds < timeout + OVERSHOOT + MARGIN, f"rate --scale {scale}: {seconds:.2f} s"


def test_rate_within_its_timeout_is_a_full_rating() -> None:
    code, _, out = timed_main(["rate", P, "--scale", "all", "--timeout", "30"])
    assert code == 0 and "incomplete" not in out and "ER 4.2" in out and "score" in out


@pytest.mark.parametrize("code", ["fc", "fn", "sp"])
def test_the_long_techniques_stop_inside_one_search_at_the_time_limit(code: str) -> None:
    """Forcing chains, nets and speculation on an empty Miracle grid search for about a
    second before their first step: the time limit is polled inside that search, so it
    is not overrun by its length (before, only between steps)."""
    from yass.core.bounds import BoundReached, Bounds, watching
    from yass.formats import parse_puzzle
    from yass.logic.techniques import get_techniques

    board = parse_puzzle(EMPTY9, rules="miracle").board()
    (technique,) = get_techniques(code)
    bounds = Bounds(timeout=0.001)
    time.sleep(0.002)
    with watching(bounds), pytest.raises(BoundReached):
        next(iter(technique.find(board)), None)
    # without a time limit watched, the same search runs to its end
    next(iter(technique.find(board)), None)


def test_show_after_takes_only_the_steps_asked(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`show --after N` takes N steps, not the whole path (which can take minutes), and
    its board is the one the path's first N steps give (`yass explain`)."""
    from yass.formats import parse_puzzle
    from yass.logic import explain as explain_module
    from yass.render import candidates

    puzzle = parse_puzzle(P)
    board = puzzle.board()
    for step in explain_module.explain(puzzle).steps[:12]:
        board.apply(step)

    def whole_path(*args: object, **kwargs: object) -> None:
        raise AssertionError("the whole path was solved")

    monkeypatch.setattr(explain_module, "explain", whole_path)
    code, out, _ = run(capsys, "show", P, "--after", "12", "--view", "candidates")
    assert code == 0
    assert out.strip() == candidates(board, legend=True).strip()


def test_show_after_guesses_takes_only_the_steps_asked(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where logic runs out within the first N steps (an empty grid guesses at once), the
    guesses are found by a search per digit, not by solving the whole path; the board is
    still the one the path's first N steps give."""
    from yass.formats import parse_puzzle
    from yass.logic import explain as explain_module
    from yass.render import candidates

    for line, after in (("." * 81, 14), ("." * 36, 9)):
        puzzle = parse_puzzle(line)
        board = puzzle.board()
        path = explain_module.explain(puzzle).steps
        assert any(step.technique == "guess" for step in path[:after])
        for step in path[:after]:
            board.apply(step)
        with monkeypatch.context() as m:
            m.setattr(explain_module, "explain", lambda *a, **k: pytest.fail("whole path"))
            code, out, _ = run(capsys, "show", line, "--after", str(after), "--view",
                               "candidates")
        assert code == 0
        assert out.strip() == candidates(board, legend=True).strip()
    monkeypatch.setattr(explain_module, "explain", lambda *a, **k: pytest.fail("whole path"))
    code, out, _ = run(capsys, "show", "." * 256, "--after", "1")  # took 42 s
    assert code == 0 and out.count("\n") > 16


# -- 4. impossible and trivial generate requests -------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "why"),
    [
        (["--givens", "0-0"], "--givens 0: a classic 9x9 puzzle needs at least 17 givens"),
        (["--givens", "5-16"], "--givens 5-16: a classic 9x9 puzzle needs at least 17"),
        (["--size", "4", "--givens", "3"], "a classic 4x4 puzzle needs at least 4 givens"),
        (["--require", "xw", "--exclude", "xw"], "X-Wing is both required and excluded"),
        (["--practice", "xw", "--exclude", "xw"], "X-Wing is both required and excluded"),
        (["--hardest", "xw,sf", "--exclude", "sf,xw"], "--exclude excludes every technique"),
        (["--level", "easy", "--hardest", "xw"],
         "--level easy: no technique --hardest allows is at that level (X-Wing (Hard))"),
        (["--level", "easy,medium", "--require", "xw"],
         "X-Wing (Hard) cannot be on the path of a puzzle whose hardest step is Medium"),
        (["--hardest", "xw", "--require", "jf"],
         "Jellyfish comes after every technique --hardest allows"),
        (["--givens", "81", "--level", "easy"], "a full grid has no step to take"),
        (["--givens", "81", "--minimal"], "a full grid has no step to take, so --minimal"),
    ],
)
def test_impossible_generate_requests_are_refused_at_once(
    capsys: pytest.CaptureFixture[str], argv: list[str], why: str
) -> None:
    start = time.monotonic()
    code, out, err = run(capsys, "generate", *argv, "-j", "1", "--timeout", "30")
    assert time.monotonic() - start < 5  # (at once: before, each ran to its timeout)
    assert code == 2 and out == ""
    assert err.startswith("yass: error: no puzzle can be made: ") and why in err, err
    assert len(err.splitlines()) == 1


def test_a_template_without_solution_is_refused_at_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    template = tmp_path / "thermo.json"
    cells = [f"r1c{c}" for c in range(1, 10)] + ["r2c9"]  # 10 cells rising: impossible
    template.write_text(json.dumps(
        {"size": 9, "givens": EMPTY9, "constraints": [{"type": "thermo", "cells": cells}]}
    ))
    # (before: it ran until killed, with --timeout or without)
    code, seconds, _ = timed_main(["generate", "--template", str(template), "-j", "1"], 20)
    assert code == 2 and seconds < 5
    code, out, err = run(capsys, "generate", "--template", str(template), "-j", "1")
    assert code == 2 and out == ""
    assert err == (f"yass: error: {template}: the template's rules and givens allow no"
                   " solution, so no puzzle can be made\n")


@pytest.mark.parametrize("size", [9, 4])
def test_a_full_grid_is_the_answer_to_all_givens(
    capsys: pytest.CaptureFixture[str], size: int
) -> None:
    from yass.formats import parse_puzzle

    cells = size * size
    code, out, err = run(capsys, "generate", "--size", str(size), "--givens", f"{cells}-{cells}",
                         "-n", "2", "-j", "1", "--format", "json")
    assert code == 0, err
    items = [json.loads(line) for line in out.splitlines()]
    assert len(items) == 2 and items[0]["puzzle"] != items[1]["puzzle"]
    for item in items:
        assert item["givens"] == cells and item["puzzle"] == item["solution"]
        assert "." not in item["puzzle"]
        puzzle = parse_puzzle(item["puzzle"])  # (checks the givens against the rules)
        assert puzzle.size == size


# -- 8. --scheduler with an address that is none ---------------------------------------------


@pytest.mark.parametrize(
    ("address", "why"),
    [
        ("not an address", "a scheduler address is tcp://HOST:PORT (e.g. tcp://127.0.0.1:8786)"),
        ("tcp://127.0.0.1:99999", "the port must be a number from 1 to 65535, not '99999'"),
        ("ftp://host:21", "unknown protocol 'ftp'"),
        ("", "a scheduler address is tcp://HOST:PORT"),
    ],
)
def test_a_scheduler_address_that_is_none_is_one_line_at_once(address: str, why: str) -> None:
    start = time.monotonic()
    done = yass("rate", P, "--scheduler", address)
    # (before: one line, then 20 s later a traceback from Client.__del__)
    assert time.monotonic() - start < 10
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"yass: error: --scheduler {address!r}: ")
    assert why in done.stderr and len(done.stderr.splitlines()) == 1


# -- 12. -j capped with a note for every command that starts workers -------------------------


@pytest.mark.parametrize(
    "argv",
    [["solve", P], ["rate", P], ["generate", "--givens", "81"]],
    ids=["solve", "rate", "generate"],
)
def test_jobs_above_the_cores_are_capped_with_a_note(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    from yass.cli import common

    monkeypatch.setattr(common, "core_count", lambda: 2)
    code, _, err = run(capsys, *argv, "-j", "1000")
    assert code == 0
    assert err == "yass: note: -j 1000 is more than the 2 cores here; using 2\n"


# -- 12. progress over files, whole rule descriptions, the README's dependencies ------------


@pytest.mark.parametrize("command", ["count", "check", "candidates"])
def test_long_runs_over_files_show_progress(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    command: str,
) -> None:
    from yass.cli import progress

    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "INTERVAL", 0.0)
    f = tmp_path / "many.txt"
    f.write_text(f"{P}\n" * 20)
    code, out, err = run(capsys, command, str(f), "--progress")
    assert code == 0 and out.count(str(f)) + out.count("---") >= 20
    shares = [int(m) for m in re.findall(r"\] +(\d+)%", err)]
    assert shares and shares == sorted(shares) and shares[-1] == 100
    assert "ETA" in err and err.endswith("\r\x1b[K")  # cleared at the end
    code, _, err = run(capsys, command, str(f), "--no-progress")
    assert code == 0 and err == ""


def test_rules_describes_each_constraint_type_whole(capsys: pytest.CaptureFixture[str]) -> None:
    from yass.constraints import REGISTRY

    code, out, _ = run(capsys, "rules")
    assert code == 0
    described = {}
    for line in out.splitlines():
        words = line.split(maxsplit=1)
        if line.startswith("  ") and words and words[0] in REGISTRY and len(words) == 2:
            described[words[0]] = words[1]
    assert set(described) == set(REGISTRY)
    for kind, text in described.items():
        assert text.endswith("."), f"{kind}: {text!r} is cut"
    assert described["zipper"].endswith("on a line of odd length that total is the centre digit.")
    assert described["arrow"].endswith("its first cell the most significant digit).")


def test_the_readme_counts_the_runtime_dependencies() -> None:
    import tomllib

    root = Path(__file__).parent.parent
    deps = tomllib.loads((root / "pyproject.toml").read_text())["project"]["dependencies"]
    intro = " ".join((root / "README.md").read_text().split("\n\n")[1].split())
    words = {1: "one runtime dependency", 2: "two runtime dependencies",
             3: "three runtime dependencies"}
    assert words[len(deps)] in intro
    for dep in deps:
        assert re.split(r"[<>=\[ ]", dep)[0] in intro


# -- 9. convert reads a file as the other commands do: a line at a time ----------------------


@pytest.mark.parametrize("shape", ["line", "link first"])
def test_convert_on_a_huge_line_has_bounded_memory(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, shape: str
) -> None:
    import tracemalloc

    from yass.formats.text import MAX_LINE

    f = tmp_path / "huge.txt"
    link = run(capsys, "convert", P)[1].strip()
    head = f"{link}\n" if shape == "link first" else ""
    f.write_text(f"{head}{'1' * (8 << 20)}\n{P}\n")  # an 8 MB line between two puzzles
    tracemalloc.start()
    try:
        code, out, err = run(capsys, "convert", str(f), "--to", "line")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    n = 2 if head else 1
    assert code == 2
    assert err == (f"yass: error: {f} line {n}: the line is longer than {MAX_LINE:,}"
                   " characters, more than any puzzle needs (a 16x16 puzzle line has 256"
                   " cells)\n")
    assert out.splitlines() == [as_line_of(P)] * n
    assert peak < 4 << 20  # (before: the whole file, then a copy of each line: 6 times it)


def as_line_of(puzzle: str) -> str:
    return puzzle.replace("0", ".")


# -- 10. invalid values are refused with a line naming the field and the value ---------------


def _fpuzzles_file(tmp_path: Path, **fields: object) -> Path:
    grid: list[list[dict[str, object]]] = [[{} for _ in range(9)] for _ in range(9)]
    data: dict[str, object] = {"size": 9, "grid": grid}
    cell = fields.pop("cell", None)
    if cell is not None:
        grid[0][0] = dict(cell)  # type: ignore[call-overload]
    data.update(fields)
    f = tmp_path / "fp.json"
    f.write_text(json.dumps(data))
    return f


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"cell": {"value": 42}}, "f-puzzles grid r1c1: value 42 is not a digit from 1 to 9"),
        ({"cell": {"value": "x"}}, "f-puzzles grid r1c1: value 'x' is not a whole number"),
        ({"cell": {"value": 0.5, "given": True}},
         "f-puzzles grid r1c1: given 0.5 is not a whole number"),
        ({"grid": None}, "f-puzzles 'grid' must be 9 rows of 9 cells, not null"),
    ],
)
def test_invalid_fpuzzles_cells_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, fields: dict[str, object], message: str
) -> None:
    f = _fpuzzles_file(tmp_path, **fields)
    code, out, err = run(capsys, "convert", str(f), "--to", "line")
    assert (code, out) == (2, "")
    assert err == f"yass: error: {f}: {message}\n"


def test_a_solver_digit_in_fpuzzles_is_still_left_out(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    f = _fpuzzles_file(tmp_path, cell={"value": 3})
    assert run(capsys, "convert", str(f), "--to", "line")[:2] == (0, "." * 81 + "\n")


RULES = {
    "ratio 0": ({"type": "ratio", "cells": ["r1c1", "r1c2"], "value": 0},
                "constraint 1 (ratio): 'value' must be a whole number from 2 to 9, not 0"),
    "ratio 1": ({"type": "ratio", "cells": ["r1c1", "r1c2"], "value": 1},
                "'value' must be a whole number from 2 to 9, not 1"),
    "difference 9": ({"type": "difference", "cells": ["r1c1", "r1c2"], "value": 9},
                     "constraint 1 (difference): 'value' must be a whole number from 1 to 8"),
    "xv 7": ({"type": "xv", "cells": ["r1c1", "r1c2"], "sum": 7},
             "constraint 1 (xv): 'sum' must be 5 or 10, not 7"),
    "whispers -3": ({"type": "whispers", "cells": ["r1c1", "r1c2"], "value": -3},
                    "constraint 1 (whispers): 'value' (the least difference of neighbours)"
                    " must be a whole number from 1 to 8, not -3"),
    "thermo apart": ({"type": "thermo", "cells": ["r1c1", "r3c3"]},
                     "constraint 1 (thermo): its cells r1c1 and r3c3 follow each other on"
                     " the line but do not touch"),
    "slow thermo apart": ({"type": "slow_thermo", "cells": ["r1c1", "r2c2", "r4c4"]},
                          "its cells r2c2 and r4c4 follow each other on the line"),
    "dot apart": ({"type": "ratio", "cells": ["r1c1", "r5c5"]},
                  "constraint 1 (ratio): its cells r1c1 and r5c5 do not share a side"),
    "dot on a corner": ({"type": "difference", "cells": ["r1c1", "r2c2"]},
                        "its cells r1c1 and r2c2 do not share a side"),
    "xv apart": ({"type": "xv", "cells": ["r1c1", "r1c3"], "sum": 10},
                 "its cells r1c1 and r1c3 do not share a side (an X or a V is drawn"),
}


@pytest.mark.parametrize("case", list(RULES))
@pytest.mark.parametrize("command", ["check", "convert"])
def test_invalid_rule_values_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, case: str, command: str
) -> None:
    rule, message = RULES[case]
    f = tmp_path / "rule.json"
    f.write_text(json.dumps({"size": 9, "givens": "." * 81, "constraints": [rule]}))
    code, out, err = run(capsys, command, str(f))
    assert (code, out) == (2, "")
    assert err.startswith(f"yass: error: {f}: ") and message in err and err.count("\n") == 1


def test_a_solution_that_contradicts_the_puzzle_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    f = tmp_path / "s.json"
    wrong = "2" + SEED_SOLUTION[1:]
    f.write_text(json.dumps({"size": 9, "givens": P, "solution": wrong}))
    for command in ("check", "convert", "solve"):
        code, out, err = run(capsys, command, str(f))
        assert (code, out) == (2, ""), command
        assert err == f"yass: error: {f}: 'solution' has 2 at r1c1, where the given is 4\n"
    f.write_text(json.dumps({"size": 9, "givens": "." * 81, "solution": "1" * 81}))
    code, _, err = run(capsys, "check", str(f))
    assert code == 2 and "'solution' is no solution: r1c1 and r1c2 both hold 1" in err
    f.write_text(json.dumps({"size": 9, "givens": P, "solution": SEED_SOLUTION}))
    assert run(capsys, "check", str(f))[:2] == (0, "valid: exactly one solution\n")
